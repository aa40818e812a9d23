import type * as pulumi from "@pulumi/pulumi";

import type { TenantSelector } from "../../engine/tenantArgs";
import { typeToken } from "../../wire/document";
import type { ResolvedInputs } from "../tenantObject/dynamicResource";
import { TenantAdminDynamicResource } from "../tenantObject/dynamicResource";
import type { BruteForceMode, BruteForceShield } from "./api";
import { bruteForceProtectionDocument } from "./api";

/**
 * Arguments of {@link BruteForceProtection}. Every one is optional: only the declared ones are managed, the
 * others stay as the tenant has them. Checked at `pulumi preview`.
 */
export interface BruteForceProtectionArgs {
  /** Whether the protection is on. A new tenant has `true`. */
  enabled?: pulumi.Input<boolean>;
  /**
   * At the threshold: `block` the account's logins from the IP, `user_notification` (email the user); each once.
   * A new tenant has both.
   */
  shields?: pulumi.Input<pulumi.Input<BruteForceShield>[]>;
  /** Counting per account and IP (`count_per_identifier_and_ip`, a new tenant's) or per account. */
  mode?: pulumi.Input<BruteForceMode>;
  /** Addresses never blocked: at most 100 IPv4 or IPv6 addresses or CIDR ranges, each once. */
  allowlist?: pulumi.Input<pulumi.Input<string>[]>;
  /** Failed logins before the shields apply: an integer from 1 to 100. A new tenant has 10. */
  maxAttempts?: pulumi.Input<number>;
  /**
   * Default `false`: a destroy leaves the protection as it is. `true`: a destroy writes back a new tenant's values
   * of the properties declared here; the others stay as the tenant has them.
   */
  resetOnDelete?: pulumi.Input<boolean>;
  /** The tenant: a name of the stack config map `tenant-admin:tenants` (no credential in state), or its settings (used alone). Default: stack config `tenant-admin:*`, then the `AUTH0_*` environment variables. */
  tenant?: pulumi.Input<TenantSelector>;
}

/** The resolved inputs of {@link BruteForceProtection}. */
export type BruteForceProtectionInputs = ResolvedInputs<BruteForceProtectionArgs>;

/** The outputs of {@link BruteForceProtection}: the declared members as the tenant has them, and the tenant's URL. */
export type BruteForceProtectionOutputs = BruteForceProtectionInputs & { domain: string };

/**
 * The tenant's brute-force protection (`/api/v2/attack-protection/brute-force-protection`): what happens when
 * one account sees too many failed logins. One per tenant. See docs/attack-protection.md.
 */
export class BruteForceProtection extends TenantAdminDynamicResource {
  /** The type token, for a policy pack's `validateResourceOfType(BruteForceProtection, …)` (docs/policy.md). */
  static readonly __pulumiType = typeToken(bruteForceProtectionDocument.resource);
  declare readonly enabled: pulumi.Output<boolean | undefined>;
  declare readonly shields: pulumi.Output<BruteForceShield[] | undefined>;
  declare readonly mode: pulumi.Output<BruteForceMode | undefined>;
  declare readonly allowlist: pulumi.Output<string[] | undefined>;
  declare readonly maxAttempts: pulumi.Output<number | undefined>;
  declare readonly resetOnDelete: pulumi.Output<boolean | undefined>;
  /** The tenant's base URL. */
  declare readonly domain: pulumi.Output<string>;

  constructor(name: string, args: BruteForceProtectionArgs = {}, opts?: pulumi.CustomResourceOptions) {
    super(bruteForceProtectionDocument, name, { ...args }, opts);
  }
}
