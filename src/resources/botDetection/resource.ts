import type * as pulumi from "@pulumi/pulumi";

import type { TenantSelector } from "../../engine/tenantArgs";
import { typeToken } from "../../wire/document";
import type { ResolvedInputs } from "../tenantObject/dynamicResource";
import { TenantAdminDynamicResource } from "../tenantObject/dynamicResource";
import type { BotDetectionLevel, ChallengePolicy } from "./api";
import { botDetectionDocument } from "./api";

/**
 * Arguments of {@link BotDetection}. Every one is optional: only the declared ones are managed, the others
 * stay as the tenant has them. Checked at `pulumi preview`.
 */
export interface BotDetectionArgs {
  /** How eagerly a request counts as risky: `low`, `medium` or `high`. A new tenant has `medium`. */
  botDetectionLevel?: pulumi.Input<BotDetectionLevel>;
  /** When a password login shows the challenge: `never`, `when_risky` or `always`. A new tenant has `never`. */
  challengePasswordPolicy?: pulumi.Input<ChallengePolicy>;
  /** When a passwordless login shows the challenge: `never`, `when_risky` or `always`. A new tenant has `never`. */
  challengePasswordlessPolicy?: pulumi.Input<ChallengePolicy>;
  /** When a password reset shows the challenge: `never`, `when_risky` or `always`. A new tenant has `never`. */
  challengePasswordResetPolicy?: pulumi.Input<ChallengePolicy>;
  /**
   * Addresses bot detection never challenges: at most 100 IPv4 or IPv6 addresses or CIDR ranges, each once.
   * Written whole; the order of entries is not a change. A new tenant has none.
   */
  allowlist?: pulumi.Input<pulumi.Input<string>[]>;
  /** `true`: bot detection only logs what it would challenge. A new tenant has `false`. */
  monitoringModeEnabled?: pulumi.Input<boolean>;
  /**
   * Default `false`: a destroy leaves the tenant's bot detection as it is. `true`: a destroy writes back a new
   * tenant's values of the properties declared here; the others stay as the tenant has them.
   */
  resetOnDelete?: pulumi.Input<boolean>;
  /**
   * The tenant: a name of the stack config map `tenant-admin:tenants` (no credential in state), or its settings (used alone). Default: stack config `tenant-admin:*`, then the `AUTH0_*` environment
   * variables. Its `clientSecret` and `apiToken` are stored as secrets.
   */
  tenant?: pulumi.Input<TenantSelector>;
}

/** The resolved inputs of {@link BotDetection}. */
export type BotDetectionInputs = ResolvedInputs<BotDetectionArgs>;

/** The outputs of {@link BotDetection}: the declared members as the tenant has them, and the tenant's URL. */
export type BotDetectionOutputs = BotDetectionInputs & { domain: string };

/**
 * The tenant's bot detection policy (`/api/v2/attack-protection/bot-detection`): when the login, passwordless
 * and password-reset flows show the challenge of the tenant's CAPTCHA configuration. One per tenant; the
 * tenant's plan must include bot detection. See docs/attack-protection.md.
 */
export class BotDetection extends TenantAdminDynamicResource {
  /** The type token, for a policy pack's `validateResourceOfType(BotDetection, …)` (docs/policy.md). */
  static readonly __pulumiType = typeToken(botDetectionDocument.resource);
  declare readonly botDetectionLevel: pulumi.Output<BotDetectionLevel | undefined>;
  declare readonly challengePasswordPolicy: pulumi.Output<ChallengePolicy | undefined>;
  declare readonly challengePasswordlessPolicy: pulumi.Output<ChallengePolicy | undefined>;
  declare readonly challengePasswordResetPolicy: pulumi.Output<ChallengePolicy | undefined>;
  declare readonly allowlist: pulumi.Output<string[] | undefined>;
  declare readonly monitoringModeEnabled: pulumi.Output<boolean | undefined>;
  declare readonly resetOnDelete: pulumi.Output<boolean | undefined>;
  /** The tenant's base URL, e.g. `https://my-tenant.example.com`. */
  declare readonly domain: pulumi.Output<string>;

  constructor(name: string, args: BotDetectionArgs = {}, opts?: pulumi.CustomResourceOptions) {
    super(botDetectionDocument, name, { ...args }, opts);
  }
}
