import type * as pulumi from "@pulumi/pulumi";

import type { TenantSelector } from "../../engine/tenantArgs";
import { typeToken } from "../../wire/document";
import type { ResolvedInputs } from "../tenantObject/dynamicResource";
import { TenantAdminDynamicResource } from "../tenantObject/dynamicResource";
import type { SuspiciousIpShield, ThrottlingStageName } from "./api";
import { suspiciousIpThrottlingDocument } from "./api";

/** A stage's threshold, as {@link SuspiciousIpThrottlingArgs.stage} declares it; each member managed alone. */
export interface ThrottlingStageArgs {
  /** Attempts allowed: `pre-login` 1–2500 (a new tenant's 100), `pre-user-registration` 1–72000 (50). */
  maxAttempts?: pulumi.Input<number>;
  /**
   * Milliseconds until one more attempt is granted: `pre-login` 34560–86400000 (864000),
   * `pre-user-registration` 1200–86400000 (1728000).
   */
  rate?: pulumi.Input<number>;
}

/** A stage's threshold, as the tenant has it. */
export type ThrottlingStageState = { maxAttempts?: number; rate?: number };

/**
 * Arguments of {@link SuspiciousIpThrottling}. Every one is optional: only the declared ones are managed, the
 * others stay as the tenant has them. Checked at `pulumi preview`.
 */
export interface SuspiciousIpThrottlingArgs {
  /** Whether the throttling is on. A new tenant has `true`. */
  enabled?: pulumi.Input<boolean>;
  /** At the threshold: `block` (answer 429), `admin_notification`; each once. A new tenant has both. */
  shields?: pulumi.Input<pulumi.Input<SuspiciousIpShield>[]>;
  /** Addresses never throttled: at most 100 IPv4 or IPv6 addresses or CIDR ranges, each once. */
  allowlist?: pulumi.Input<pulumi.Input<string>[]>;
  /** The thresholds of `pre-login`, `pre-user-registration` and `pre-custom-token-exchange`. */
  stage?: pulumi.Input<{ [K in ThrottlingStageName]?: pulumi.Input<ThrottlingStageArgs> }>;
  /**
   * Default `false`: a destroy leaves the throttling as it is. `true`: a destroy writes back a new tenant's values
   * of the properties declared here; the others stay as the tenant has them.
   */
  resetOnDelete?: pulumi.Input<boolean>;
  /** The tenant: a name of the stack config map `tenant-admin:tenants` (no credential in state), or its settings (used alone). Default: stack config `tenant-admin:*`, then the `AUTH0_*` environment variables. */
  tenant?: pulumi.Input<TenantSelector>;
}

/** The resolved inputs of {@link SuspiciousIpThrottling}. */
export type SuspiciousIpThrottlingInputs = ResolvedInputs<SuspiciousIpThrottlingArgs>;

/** The outputs of {@link SuspiciousIpThrottling}: the declared members as the tenant has them, and the tenant's URL. */
export type SuspiciousIpThrottlingOutputs = SuspiciousIpThrottlingInputs & { domain: string };

/**
 * The tenant's suspicious IP throttling (`/api/v2/attack-protection/suspicious-ip-throttling`): throttles an
 * IP address that tries too many logins or sign-ups across accounts. One per tenant. See
 * docs/attack-protection.md.
 */
export class SuspiciousIpThrottling extends TenantAdminDynamicResource {
  /** The type token, for a policy pack's `validateResourceOfType(SuspiciousIpThrottling, …)` (docs/policy.md). */
  static readonly __pulumiType = typeToken(suspiciousIpThrottlingDocument.resource);
  declare readonly enabled: pulumi.Output<boolean | undefined>;
  declare readonly shields: pulumi.Output<SuspiciousIpShield[] | undefined>;
  declare readonly allowlist: pulumi.Output<string[] | undefined>;
  declare readonly stage: pulumi.Output<{ [K in ThrottlingStageName]?: ThrottlingStageState } | undefined>;
  declare readonly resetOnDelete: pulumi.Output<boolean | undefined>;
  /** The tenant's base URL. */
  declare readonly domain: pulumi.Output<string>;

  constructor(name: string, args: SuspiciousIpThrottlingArgs = {}, opts?: pulumi.CustomResourceOptions) {
    super(suspiciousIpThrottlingDocument, name, { ...args }, opts);
  }
}
