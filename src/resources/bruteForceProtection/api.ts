/**
 * Brute-force protection: what the platform does when one account sees too many failed logins. Sources: the
 * platform's Management API docs ("Update brute-force settings"), its OpenAPI, and recorded real answers
 * (go-auth0 `v1` `test/data/recordings/TestAttackProtection/*brute_force*`, terraform-provider-auth0
 * `TestAccAttackProtectionBruteForceProtection`): GET answers all five members, in the order of
 * {@link BruteForceProtection}; PATCH is partial and answers the whole document; `shields` and `allowlist` sent
 * replace the stored ones.
 */
import { describeDocument } from "../../wire/documentEndpoints";
import { allowlist, enumSet } from "../../wire/ipAllowlist";

export const BRUTE_FORCE_SHIELDS = ["block", "user_notification"] as const;
/** What the platform does at the threshold: `block` the account's logins from that IP, `user_notification` (email the user). */
export type BruteForceShield = (typeof BRUTE_FORCE_SHIELDS)[number];

export const BRUTE_FORCE_MODES = ["count_per_identifier_and_ip", "count_per_identifier"] as const;
/** What the attempts are counted per: the account and the IP (`count_per_identifier_and_ip`), or the account. */
export type BruteForceMode = (typeof BRUTE_FORCE_MODES)[number];

/** The OpenAPI's range of `max_attempts`. */
export const BRUTE_FORCE_MAX_ATTEMPTS = { min: 1, max: 100 } as const;

/** The brute-force protection document, as stored and answered. */
export type BruteForceProtection = {
  enabled: boolean;
  shields: BruteForceShield[];
  mode: BruteForceMode;
  allowlist: string[];
  max_attempts: number;
};

/**
 * What a new tenant has: on, blocking and notifying the user, counting per account and IP, 10 attempts (the
 * platform's docs, Attack Protection > Brute-Force Protection; the shields and mode as a tenant that never
 * changed them answers, terraform-provider-auth0, the cassette of breached password detection, #2).
 */
export const NEW_TENANT_BRUTE_FORCE_PROTECTION: BruteForceProtection = {
  enabled: true,
  shields: ["block", "user_notification"],
  mode: "count_per_identifier_and_ip",
  allowlist: [],
  max_attempts: 10,
};

/** The members of {@link BruteForceProtection}, in the program's spelling. */
export interface BruteForceProtectionMembers {
  /** Whether the protection is on. A new tenant has `true`. */
  enabled?: boolean;
  /**
   * At the threshold: `block` the account's logins from the IP, `user_notification` (email the user); each once.
   * A new tenant has both.
   */
  shields?: BruteForceShield[];
  /** Counting per account and IP (`count_per_identifier_and_ip`, a new tenant's) or per account. */
  mode?: BruteForceMode;
  /** Addresses never blocked: at most 100 IPv4 or IPv6 addresses or CIDR ranges, each once. */
  allowlist?: string[];
  /** Failed logins before the shields apply: an integer from 1 to 100. A new tenant has 10. */
  maxAttempts?: number;
}

/** Brute-force protection, as a document object. */
export const bruteForceProtectionDocument = describeDocument<
  BruteForceProtection,
  BruteForceProtectionMembers
>()({
  path: "/attack-protection/brute-force-protection",
  scopes: { read: "read:attack_protection", update: "update:attack_protection" },
  members: (z) => ({
    enabled: z.boolean(),
    shields: enumSet(z, BRUTE_FORCE_SHIELDS),
    mode: z.enum(BRUTE_FORCE_MODES),
    allowlist: allowlist(z),
    max_attempts: z.int().min(BRUTE_FORCE_MAX_ATTEMPTS.min).max(BRUTE_FORCE_MAX_ATTEMPTS.max),
  }),
})({
  name: "bruteForceProtection",
  label: "brute-force protection",
  resource: { type: "BruteForceProtection", docs: "docs/attack-protection.md" },
  newTenant: NEW_TENANT_BRUTE_FORCE_PROTECTION,
  replacedWhole: ["shields", "allowlist"],
});
