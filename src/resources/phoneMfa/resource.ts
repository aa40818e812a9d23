import type * as pulumi from "@pulumi/pulumi";

import type { TenantSelector } from "../../engine/tenantArgs";
import { typeToken } from "../../wire/document";
import type { ResolvedInputs } from "../tenantObject/dynamicResource";
import { TenantAdminDynamicResource } from "../tenantObject/dynamicResource";
import type { PhoneChannel } from "./api";
import { phoneMfaDocument } from "./api";

/**
 * Arguments of {@link PhoneMfa}. Every one is optional: only the declared ones are managed, the others stay as
 * the tenant has them. Checked at `pulumi preview`.
 */
export interface PhoneMfaArgs {
  /** Whether MFA by phone (the platform's `sms` factor, SMS and voice alike) is on. A new tenant has `false`. */
  enabled?: pulumi.Input<boolean>;
  /**
   * The channels a user may pick: `sms`, `voice`, each at most once; the order is no change. A new tenant has
   * none. Written after the factor is switched.
   */
  messageTypes?: pulumi.Input<pulumi.Input<PhoneChannel>[]>;
  /**
   * Default `false`: a destroy leaves MFA by phone as it is. `true`: a destroy writes back a new tenant's values
   * of the properties declared here (no channel, the factor off).
   */
  resetOnDelete?: pulumi.Input<boolean>;
  /**
   * The tenant: a name of the stack config map `tenant-admin:tenants` (no credential in state), or its
   * settings (used alone). Default: stack config `tenant-admin:*`, then the `AUTH0_*` environment variables.
   * Its `clientSecret` and `apiToken` are stored as secrets.
   */
  tenant?: pulumi.Input<TenantSelector>;
}

/** The resolved inputs of {@link PhoneMfa}. */
export type PhoneMfaInputs = ResolvedInputs<PhoneMfaArgs>;

/** The outputs of {@link PhoneMfa}: the declared members as the tenant has them, and the tenant's URL. */
export type PhoneMfaOutputs = PhoneMfaInputs & { domain: string };

/**
 * MFA by phone on a tenant of either generation: whether the factor is on (`PUT /guardian/factors/sms`) and
 * which channels it may use (`/guardian/factors/phone/message-types`). One per tenant: a create takes it only
 * while it is as a new tenant has it. Turning the factor on prompts nobody by itself: the tenant's MFA policy
 * decides when MFA is asked. See docs/phone-mfa.md.
 */
export class PhoneMfa extends TenantAdminDynamicResource {
  /** The type token, for a policy pack's `validateResourceOfType(PhoneMfa, …)` (docs/policy.md). */
  static readonly __pulumiType = typeToken(phoneMfaDocument.resource);
  declare readonly enabled: pulumi.Output<boolean | undefined>;
  declare readonly messageTypes: pulumi.Output<PhoneChannel[] | undefined>;
  declare readonly resetOnDelete: pulumi.Output<boolean | undefined>;
  /** The tenant's base URL, e.g. `https://my-tenant.example.com`. */
  declare readonly domain: pulumi.Output<string>;

  constructor(name: string, args: PhoneMfaArgs = {}, opts?: pulumi.CustomResourceOptions) {
    super(phoneMfaDocument, name, { ...args }, opts);
  }
}
