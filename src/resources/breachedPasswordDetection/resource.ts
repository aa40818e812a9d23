import type * as pulumi from "@pulumi/pulumi";

import type { TenantSelector } from "../../engine/tenantArgs";
import { typeToken } from "../../wire/document";
import type { ResolvedInputs } from "../tenantObject/dynamicResource";
import { TenantAdminDynamicResource } from "../tenantObject/dynamicResource";
import type { AdminNotificationFrequency, BreachedPasswordShield, DetectionMethod, StageShield } from "./api";
import { breachedPasswordDetectionDocument } from "./api";

/** A stage's shields, as {@link BreachedPasswordDetectionArgs.stage} declares them. */
export interface BreachedPasswordStageArgs {
  /** At this stage: `block`, `admin_notification`; each once. A new tenant has none. */
  shields?: pulumi.Input<pulumi.Input<StageShield>[]>;
}

/**
 * Arguments of {@link BreachedPasswordDetection}. Every one is optional: only the declared ones are managed,
 * the others stay as the tenant has them. Checked at `pulumi preview`.
 */
export interface BreachedPasswordDetectionArgs {
  /** Whether the detection is on. A new tenant has `false`. */
  enabled?: pulumi.Input<boolean>;
  /** At a login with a breached password: `block`, `user_notification`, `admin_notification`; each once. */
  shields?: pulumi.Input<pulumi.Input<BreachedPasswordShield>[]>;
  /**
   * How often admins are notified: `immediately`, `daily`, `weekly`, `monthly`; each once. The platform empties
   * it when no `admin_notification` shield is left, so a non-empty list needs `admin_notification` declared in
   * `shields` or a stage's `shields` (checked at preview).
   */
  adminNotificationFrequency?: pulumi.Input<pulumi.Input<AdminNotificationFrequency>[]>;
  /** The breach database checked: `standard` (a new tenant's) or `enhanced`. */
  method?: pulumi.Input<DetectionMethod>;
  /** The shields at sign-up (`pre-user-registration`) and at a password change (`pre-change-password`). */
  stage?: pulumi.Input<{
    "pre-user-registration"?: pulumi.Input<BreachedPasswordStageArgs>;
    "pre-change-password"?: pulumi.Input<BreachedPasswordStageArgs>;
  }>;
  /**
   * Default `false`: a destroy leaves the detection as it is. `true`: a destroy writes back a new tenant's values
   * of the properties declared here; the others stay as the tenant has them.
   */
  resetOnDelete?: pulumi.Input<boolean>;
  /** The tenant: a name of the stack config map `tenant-admin:tenants` (no credential in state), or its settings (used alone). Default: stack config `tenant-admin:*`, then the `AUTH0_*` environment variables. */
  tenant?: pulumi.Input<TenantSelector>;
}

/** A stage's shields, as the tenant has them. */
export type BreachedPasswordStageState = { shields?: StageShield[] };

/** The resolved inputs of {@link BreachedPasswordDetection}. */
export type BreachedPasswordDetectionInputs = ResolvedInputs<BreachedPasswordDetectionArgs>;

/** The outputs of {@link BreachedPasswordDetection}: the declared members as the tenant has them, and the tenant's URL. */
export type BreachedPasswordDetectionOutputs = BreachedPasswordDetectionInputs & { domain: string };

/**
 * The tenant's breached password detection (`/api/v2/attack-protection/breached-password-detection`): what
 * happens when a password in use, or being set, is known to have leaked. One per tenant. See
 * docs/attack-protection.md.
 */
export class BreachedPasswordDetection extends TenantAdminDynamicResource {
  /** The type token, for a policy pack's `validateResourceOfType(BreachedPasswordDetection, …)` (docs/policy.md). */
  static readonly __pulumiType = typeToken(breachedPasswordDetectionDocument.resource);
  declare readonly enabled: pulumi.Output<boolean | undefined>;
  declare readonly shields: pulumi.Output<BreachedPasswordShield[] | undefined>;
  declare readonly adminNotificationFrequency: pulumi.Output<AdminNotificationFrequency[] | undefined>;
  declare readonly method: pulumi.Output<DetectionMethod | undefined>;
  declare readonly stage: pulumi.Output<
    | {
        "pre-user-registration"?: BreachedPasswordStageState;
        "pre-change-password"?: BreachedPasswordStageState;
      }
    | undefined
  >;
  declare readonly resetOnDelete: pulumi.Output<boolean | undefined>;
  /** The tenant's base URL. */
  declare readonly domain: pulumi.Output<string>;

  constructor(name: string, args: BreachedPasswordDetectionArgs = {}, opts?: pulumi.CustomResourceOptions) {
    super(breachedPasswordDetectionDocument, name, { ...args }, opts);
  }
}
