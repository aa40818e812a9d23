/**
 * Suspicious IP throttling: the platform throttles an IP address that tries too many logins or sign-ups across
 * accounts. Sources: the platform's Management API docs ("Update the suspicious IP throttling
 * configuration"), its OpenAPI, and recorded real answers (go-auth0 `v1`
 * `test/data/recordings/TestAttackProtection/*suspicious_IP*`, terraform-provider-auth0
 * `TestAccAttackProtectionSuspiciousIPThrottling`): GET answers all four members, in the order of
 * {@link SuspiciousIpThrottling}; PATCH is partial (a stage sent merges into the stored stages); `shields`
 * and `allowlist` sent replace the stored ones. The live API answers a third stage the OpenAPI does not list,
 * `pre-custom-token-exchange`, and accepts it in a PATCH (go-auth0 `Update_the_suspicious_IP_throttling_configuration` #1).
 */
import { describeDocument } from "../../wire/documentEndpoints";
import { allowlist, enumSet } from "../../wire/ipAllowlist";
import type { ZodApi } from "../../wire/schema";

export const SUSPICIOUS_IP_SHIELDS = ["block", "admin_notification"] as const;
/** At the threshold: `block` (answer 429) the IP, or notify the tenant's admins. */
export type SuspiciousIpShield = (typeof SUSPICIOUS_IP_SHIELDS)[number];

/** The stages, each with its own threshold. */
export const THROTTLING_STAGES = ["pre-login", "pre-user-registration", "pre-custom-token-exchange"] as const;
export type ThrottlingStageName = (typeof THROTTLING_STAGES)[number];

/**
 * Each stage's ranges: `max_attempts` and `rate` (milliseconds between two new attempts). The OpenAPI's for
 * `pre-login` and `pre-user-registration`; the OpenAPI has none for `pre-custom-token-exchange`, so only a
 * positive integer is required there.
 */
export const STAGE_RANGES = {
  "pre-login": { maxAttempts: { min: 1, max: 2500 }, rate: { min: 34560, max: 86400000 } },
  "pre-user-registration": { maxAttempts: { min: 1, max: 72000 }, rate: { min: 1200, max: 86400000 } },
  "pre-custom-token-exchange": {
    maxAttempts: { min: 1, max: Number.MAX_SAFE_INTEGER },
    rate: { min: 1, max: Number.MAX_SAFE_INTEGER },
  },
} as const satisfies Record<ThrottlingStageName, object>;

/** A stage's threshold. */
export type ThrottlingStage = { max_attempts: number; rate: number };

/** The suspicious IP throttling document, as stored and answered. */
export type SuspiciousIpThrottling = {
  enabled: boolean;
  shields: SuspiciousIpShield[];
  allowlist: string[];
  stage: Record<ThrottlingStageName, ThrottlingStage>;
};

function stage(z: ZodApi, name: ThrottlingStageName) {
  const { maxAttempts, rate } = STAGE_RANGES[name];
  return z.strictObject({
    max_attempts: z.int().min(maxAttempts.min).max(maxAttempts.max),
    rate: z.int().min(rate.min).max(rate.max),
  });
}

/**
 * What a new tenant has: on, blocking and notifying admins, no allowlist, and the documented thresholds
 * (the platform's docs, Attack Protection > Suspicious IP Throttling: 100 login attempts a day, a new one
 * every 864000 ms; 50 sign-ups, a new one every 1728000 ms; the custom token exchange stage as every
 * recorded tenant answers it).
 */
export const NEW_TENANT_SUSPICIOUS_IP_THROTTLING: SuspiciousIpThrottling = {
  enabled: true,
  shields: ["admin_notification", "block"],
  allowlist: [],
  stage: {
    "pre-login": { max_attempts: 100, rate: 864000 },
    "pre-user-registration": { max_attempts: 50, rate: 1728000 },
    "pre-custom-token-exchange": { max_attempts: 10, rate: 600000 },
  },
};

/** A stage's threshold, as the tenant has it and as {@link SuspiciousIpThrottlingMembers.stage} declares it. */
export interface ThrottlingStageState {
  /** Attempts allowed: `pre-login` 1–2500 (a new tenant's 100), `pre-user-registration` 1–72000 (50). */
  maxAttempts?: number;
  /**
   * Milliseconds until one more attempt is granted: `pre-login` 34560–86400000 (864000),
   * `pre-user-registration` 1200–86400000 (1728000).
   */
  rate?: number;
}

/** The members of {@link SuspiciousIpThrottling}, in the program's spelling. */
export interface SuspiciousIpThrottlingMembers {
  /** Whether the throttling is on. A new tenant has `true`. */
  enabled?: boolean;
  /** At the threshold: `block` (answer 429), `admin_notification`; each once. A new tenant has both. */
  shields?: SuspiciousIpShield[];
  /** Addresses never throttled: at most 100 IPv4 or IPv6 addresses or CIDR ranges, each once. */
  allowlist?: string[];
  /** The thresholds of `pre-login`, `pre-user-registration` and `pre-custom-token-exchange`. */
  stage?: { [K in ThrottlingStageName]?: ThrottlingStageState };
}

/** Suspicious IP throttling, as a document object: its stages merge member by member. */
export const suspiciousIpThrottlingDocument = describeDocument<
  SuspiciousIpThrottling,
  SuspiciousIpThrottlingMembers
>()({
  path: "/attack-protection/suspicious-ip-throttling",
  scopes: { read: "read:attack_protection", update: "update:attack_protection" },
  members: (z) => ({
    enabled: z.boolean(),
    shields: enumSet(z, SUSPICIOUS_IP_SHIELDS),
    allowlist: allowlist(z),
    stage: z.strictObject({
      "pre-login": stage(z, "pre-login"),
      "pre-user-registration": stage(z, "pre-user-registration"),
      "pre-custom-token-exchange": stage(z, "pre-custom-token-exchange"),
    }),
  }),
})({
  name: "suspiciousIpThrottling",
  label: "suspicious IP throttling",
  resource: { type: "SuspiciousIpThrottling", docs: "docs/attack-protection.md" },
  newTenant: NEW_TENANT_SUSPICIOUS_IP_THROTTLING,
  replacedWhole: ["shields", "allowlist"],
  nestedObjects: "merged",
});
