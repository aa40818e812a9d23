import type { ResolvedInputs } from "../tenantObject/program/dynamicResource";
import type { DocumentArgs, MemberInput } from "../tenantObject/program/objectResource";
import { objectResource } from "../tenantObject/program/objectResource";
import type {
  AdminNotificationFrequency,
  BreachedPasswordDetectionPatch,
  BreachedPasswordShield,
  DetectionMethod,
  StageShield,
} from "./api";
import { breachedPasswordDetectionDocument } from "./api";

/** A stage's shields, as the tenant has them and as {@link BreachedPasswordDetectionMembers.stage} declares them. */
export interface BreachedPasswordStageState {
  /** At this stage: `block`, `admin_notification`; each once. A new tenant has none. */
  shields?: StageShield[];
}

/** A stage's shields, as {@link BreachedPasswordDetectionArgs.stage} takes them. */
export type BreachedPasswordStageArgs = MemberInput<BreachedPasswordStageState>;

/** The members of {@link BreachedPasswordDetection}, in the program's spelling. */
export interface BreachedPasswordDetectionMembers {
  /** Whether the detection is on. A new tenant has `false`. */
  enabled?: boolean;
  /** At a login with a breached password: `block`, `user_notification`, `admin_notification`; each once. */
  shields?: BreachedPasswordShield[];
  /**
   * How often admins are notified: `immediately`, `daily`, `weekly`, `monthly`; each once. The platform empties
   * it when no `admin_notification` shield is left, so a non-empty list needs `admin_notification` declared in
   * `shields` or a stage's `shields` (checked at preview).
   */
  adminNotificationFrequency?: AdminNotificationFrequency[];
  /** The breach database checked: `standard` (a new tenant's) or `enhanced`. */
  method?: DetectionMethod;
  /** The shields at sign-up (`pre-user-registration`) and at a password change (`pre-change-password`). */
  stage?: {
    "pre-user-registration"?: BreachedPasswordStageState;
    "pre-change-password"?: BreachedPasswordStageState;
  };
}

/**
 * Arguments of {@link BreachedPasswordDetection}. Every one is optional: only the declared ones are managed,
 * the others stay as the tenant has them. Checked at `pulumi preview`.
 */
export type BreachedPasswordDetectionArgs = DocumentArgs<BreachedPasswordDetectionMembers>;

/** The resolved inputs of {@link BreachedPasswordDetection}. */
export type BreachedPasswordDetectionInputs = ResolvedInputs<BreachedPasswordDetectionArgs>;

/** The outputs of {@link BreachedPasswordDetection}: the declared members as the tenant has them, and the tenant's URL. */
export type BreachedPasswordDetectionOutputs = BreachedPasswordDetectionInputs & { domain: string };

/**
 * The tenant's breached password detection (`/api/v2/attack-protection/breached-password-detection`): what
 * happens when a password in use, or being set, is known to have leaked. One per tenant. See
 * docs/attack-protection.md.
 */
export class BreachedPasswordDetection extends objectResource<
  BreachedPasswordDetectionMembers,
  BreachedPasswordDetectionPatch
>(breachedPasswordDetectionDocument) {}
