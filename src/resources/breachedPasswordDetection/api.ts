/**
 * Breached password detection: what the platform does when a password in use, or being set, is known to have
 * leaked. Sources: the platform's Management API docs ("Update breached password detection settings"), its
 * OpenAPI, and recorded real answers (go-auth0 `v1`
 * `test/data/recordings/TestAttackProtection/*breached_password*`, terraform-provider-auth0
 * `TestAccAttackProtectionBreachedPasswordDetection`): GET answers all five members, in the order of
 * {@link BreachedPasswordDetection}; PATCH is partial; `shields`, `admin_notification_frequency` and a
 * stage's `shields` sent replace the stored ones; a tenant with no `admin_notification` shield left anywhere
 * answers `admin_notification_frequency: []`.
 */
import { describeDocument } from "../../wire/documentEndpoints";
import { enumSet } from "../../wire/ipAllowlist";
import type { ZodApi } from "../../wire/schema";
import type { Patch } from "../../wire/shape";

export const BREACHED_PASSWORD_SHIELDS = ["block", "user_notification", "admin_notification"] as const;
/** At a login with a breached password: `block` it, email the user, or notify the tenant's admins. */
export type BreachedPasswordShield = (typeof BREACHED_PASSWORD_SHIELDS)[number];

export const STAGE_SHIELDS = ["block", "admin_notification"] as const;
/** At a sign-up or password change with a breached password: `block` it, or notify the admins. */
export type StageShield = (typeof STAGE_SHIELDS)[number];

export const ADMIN_NOTIFICATION_FREQUENCIES = ["immediately", "daily", "weekly", "monthly"] as const;
/** How often admins get the `admin_notification` summary. */
export type AdminNotificationFrequency = (typeof ADMIN_NOTIFICATION_FREQUENCIES)[number];

export const DETECTION_METHODS = ["standard", "enhanced"] as const;
/** The breach database checked: `standard`, or `enhanced` (a paid add-on). */
export type DetectionMethod = (typeof DETECTION_METHODS)[number];

/** The stages the platform checks beyond logins, each with its own shields. */
export const BREACHED_PASSWORD_STAGES = ["pre-user-registration", "pre-change-password"] as const;
export type BreachedPasswordStageName = (typeof BREACHED_PASSWORD_STAGES)[number];

/** A stage's settings. */
export type BreachedPasswordStage = { shields: StageShield[] };

/** The breached password detection document, as stored and answered. */
export type BreachedPasswordDetection = {
  enabled: boolean;
  shields: BreachedPasswordShield[];
  admin_notification_frequency: AdminNotificationFrequency[];
  method: DetectionMethod;
  stage: { "pre-user-registration": BreachedPasswordStage; "pre-change-password": BreachedPasswordStage };
};

const stage = (z: ZodApi) => z.strictObject({ shields: enumSet(z, STAGE_SHIELDS) });

/**
 * What a new tenant has: off, no shield, the standard method (the platform's docs: breached password
 * detection is off until enabled; the members as a tenant that never set them answers,
 * terraform-provider-auth0, the insufficient-entitlement cassette of bot detection, #2).
 */
export const NEW_TENANT_BREACHED_PASSWORD_DETECTION: BreachedPasswordDetection = {
  enabled: false,
  shields: [],
  admin_notification_frequency: [],
  method: "standard",
  stage: { "pre-user-registration": { shields: [] }, "pre-change-password": { shields: [] } },
};

/**
 * Whether the declared members ask for notification frequencies without declaring a shield that notifies an
 * administrator (top level or in a stage): the platform empties the frequencies when no such shield is left
 * (go-auth0 `Update_breached_password_detection_settings` #1). A shield list left to the tenant does not
 * count: whoever manages it may take `admin_notification` away, and the frequencies would go with it, so the
 * program that manages the frequencies must manage the shield that keeps them.
 */
function notifiesNobody(declared: Readonly<Patch<BreachedPasswordDetection>>): boolean {
  const lists = [
    declared.shields,
    ...BREACHED_PASSWORD_STAGES.map((name) => declared.stage?.[name]?.shields),
  ].filter((shields) => shields !== undefined);
  return (declared.admin_notification_frequency?.length ?? 0) > 0 && !notifiesAnAdministrator(lists);
}

/**
 * Whether any of the shield lists (the top level's, each stage's) notifies an administrator: what decides
 * whether the platform keeps the notification frequencies.
 */
export function notifiesAnAdministrator(shieldLists: readonly (readonly string[])[]): boolean {
  return shieldLists.some((shields) => shields.includes("admin_notification"));
}

const FREQUENCY_WITHOUT_NOTIFICATION = {
  path: "admin_notification_frequency",
  reason:
    "needs an admin_notification shield declared beside it (in shields or a stage's shields): without one the " +
    "platform empties the frequencies, so the tenant would never hold them",
};

/** A stage's shields, as the tenant has them and as {@link BreachedPasswordDetectionMembers.stage} declares them. */
export interface BreachedPasswordStageState {
  /** At this stage: `block`, `admin_notification`; each once. A new tenant has none. */
  shields?: StageShield[];
}

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

/** Breached password detection, as a document object: its stages merge member by member. */
export const breachedPasswordDetectionDocument = describeDocument<
  BreachedPasswordDetection,
  BreachedPasswordDetectionMembers
>()({
  path: "/attack-protection/breached-password-detection",
  scopes: { read: "read:attack_protection", update: "update:attack_protection" },
  members: (z) => ({
    enabled: z.boolean(),
    shields: enumSet(z, BREACHED_PASSWORD_SHIELDS),
    admin_notification_frequency: enumSet(z, ADMIN_NOTIFICATION_FREQUENCIES),
    method: z.enum(DETECTION_METHODS),
    stage: z.strictObject({ "pre-user-registration": stage(z), "pre-change-password": stage(z) }),
  }),
})({
  name: "breachedPasswordDetection",
  label: "breached password detection",
  resource: { type: "BreachedPasswordDetection", docs: "docs/attack-protection.md" },
  newTenant: NEW_TENANT_BREACHED_PASSWORD_DETECTION,
  replacedWhole: [
    "shields",
    "admin_notification_frequency",
    "stage.pre-user-registration.shields",
    "stage.pre-change-password.shields",
  ],
  nestedObjects: "merged",
  rules: (declared) => (notifiesNobody(declared) ? [FREQUENCY_WITHOUT_NOTIFICATION] : []),
});
