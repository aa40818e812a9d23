import type { ResolvedInputs } from "../tenantObject/program/dynamicResource";
import type { DocumentArgs, MemberInput } from "../tenantObject/program/objectResource";
import { documentResource } from "../tenantObject/program/objectResource";
import type { SuspiciousIpThrottlingMembers, ThrottlingStageState } from "./api";
import { suspiciousIpThrottlingDocument } from "./api";

/** A stage's threshold, as {@link SuspiciousIpThrottlingArgs.stage} takes it; each member managed alone. */
export type ThrottlingStageArgs = MemberInput<ThrottlingStageState>;

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
export class SuspiciousIpThrottling extends documentResource(suspiciousIpThrottlingDocument) {}
