import type { ResolvedInputs } from "../tenantObject/program/dynamicResource";
import type { DocumentArgs, MemberInput } from "../tenantObject/program/objectResource";
import { objectResource } from "../tenantObject/program/objectResource";
import type { SuspiciousIpShield, SuspiciousIpThrottlingPatch, ThrottlingStageName } from "./api";
import { suspiciousIpThrottlingDocument } from "./api";

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

/** A stage's threshold, as {@link SuspiciousIpThrottlingArgs.stage} takes it; each member managed alone. */
export type ThrottlingStageArgs = MemberInput<ThrottlingStageState>;

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

/**
 * Arguments of {@link SuspiciousIpThrottling}. Every one is optional: only the declared ones are managed, the
 * others stay as the tenant has them. Checked at `pulumi preview`.
 */
export type SuspiciousIpThrottlingArgs = DocumentArgs<SuspiciousIpThrottlingMembers>;

/** The resolved inputs of {@link SuspiciousIpThrottling}. */
export type SuspiciousIpThrottlingInputs = ResolvedInputs<SuspiciousIpThrottlingArgs>;

/** The outputs of {@link SuspiciousIpThrottling}: the declared members as the tenant has them, and the tenant's URL. */
export type SuspiciousIpThrottlingOutputs = SuspiciousIpThrottlingInputs & { domain: string };

/**
 * The tenant's suspicious IP throttling (`/api/v2/attack-protection/suspicious-ip-throttling`): throttles an
 * IP address that tries too many logins or sign-ups across accounts. One per tenant. See
 * docs/attack-protection.md.
 */
export class SuspiciousIpThrottling extends objectResource<
  SuspiciousIpThrottlingMembers,
  SuspiciousIpThrottlingPatch
>(suspiciousIpThrottlingDocument) {}
