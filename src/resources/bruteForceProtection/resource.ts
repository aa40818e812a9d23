import type { ResolvedInputs } from "../tenantObject/program/dynamicResource";
import type { DocumentArgs } from "../tenantObject/program/objectResource";
import { objectResource } from "../tenantObject/program/objectResource";
import type { BruteForceMode, BruteForceProtectionPatch, BruteForceShield } from "./api";
import { bruteForceProtectionDocument } from "./api";

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

/**
 * Arguments of {@link BruteForceProtection}. Every one is optional: only the declared ones are managed, the
 * others stay as the tenant has them. Checked at `pulumi preview`.
 */
export type BruteForceProtectionArgs = DocumentArgs<BruteForceProtectionMembers>;

/** The resolved inputs of {@link BruteForceProtection}. */
export type BruteForceProtectionInputs = ResolvedInputs<BruteForceProtectionArgs>;

/** The outputs of {@link BruteForceProtection}: the declared members as the tenant has them, and the tenant's URL. */
export type BruteForceProtectionOutputs = BruteForceProtectionInputs & { domain: string };

/**
 * The tenant's brute-force protection (`/api/v2/attack-protection/brute-force-protection`): what happens when
 * one account sees too many failed logins. One per tenant. See docs/attack-protection.md.
 */
export class BruteForceProtection extends objectResource<
  BruteForceProtectionMembers,
  BruteForceProtectionPatch
>(bruteForceProtectionDocument) {}
