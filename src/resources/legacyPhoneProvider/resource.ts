import type * as pulumi from "@pulumi/pulumi";

import type { TenantSelector } from "../../engine/tenantArgs";
import { typeToken } from "../../wire/document";
import type { ResolvedInputs } from "../tenantObject/dynamicResource";
import { TenantAdminDynamicResource } from "../tenantObject/dynamicResource";
import { withSecretFields } from "../tenantObject/inputs";
import type { LegacyPhoneProviderName, LegacyTwilioAccount } from "./api";
import { legacyPhoneProviderDocument } from "./api";

/** The Twilio account of {@link LegacyPhoneProviderArgs.twilio}; `authToken` is stored as a secret. */
export interface LegacyTwilioAccountArgs {
  /** The account's SID (`AC…`). */
  sid: pulumi.Input<string>;
  /** The account's auth token. Stored as a secret; never printed. */
  authToken: pulumi.Input<string>;
  /** The number messages come from, at most 64 characters. Default: none (sent as `null`). */
  from?: pulumi.Input<string>;
  /** The Messaging Service SID (`MG…`) messages go through. Default: none (sent as `null`). */
  messagingServiceSid?: pulumi.Input<string>;
}

/**
 * Arguments of {@link LegacyPhoneProvider}. Every one is optional: only the declared ones are managed, the
 * others stay as the tenant has them. Checked at `pulumi preview`.
 */
export interface LegacyPhoneProviderArgs {
  /** Who sends: `auth0` (the platform), `twilio` or `phone-message-hook`. A new tenant has `auth0`. */
  provider?: pulumi.Input<LegacyPhoneProviderName>;
  /**
   * The Twilio account. Written whole: a member left out is cleared on the tenant. A new tenant has none.
   */
  twilio?: pulumi.Input<LegacyTwilioAccountArgs>;
  /**
   * Default `false`: a destroy leaves the sender as it is. `true`: a destroy writes back a new tenant's values
   * of the properties declared here (the platform sends; no Twilio account).
   */
  resetOnDelete?: pulumi.Input<boolean>;
  /**
   * The tenant: a name of the stack config map `tenant-admin:tenants` (no credential in state), or its
   * settings (used alone). Default: stack config `tenant-admin:*`, then the `AUTH0_*` environment variables.
   * Its `clientSecret` and `apiToken` are stored as secrets.
   */
  tenant?: pulumi.Input<TenantSelector>;
}

/** The resolved inputs of {@link LegacyPhoneProvider}. */
export type LegacyPhoneProviderInputs = ResolvedInputs<LegacyPhoneProviderArgs>;

/** The outputs of {@link LegacyPhoneProvider}: the declared members as the tenant has them, and its URL. */
export type LegacyPhoneProviderOutputs = LegacyPhoneProviderInputs & { domain: string };

/**
 * Who sends MFA by phone on a tenant of the legacy phone set-up (`/guardian/factors/phone/selected-provider`
 * and `/guardian/factors/phone/providers/twilio`). One per tenant: a create takes it only while it is as a new
 * tenant has it. On a tenant of the Unified Phone Experience the preview fails and points to
 * {@link PhoneProvider}. See docs/phone-mfa.md.
 */
export class LegacyPhoneProvider extends TenantAdminDynamicResource {
  /** The type token, for a policy pack's `validateResourceOfType(LegacyPhoneProvider, …)` (docs/policy.md). */
  static readonly __pulumiType = typeToken(legacyPhoneProviderDocument.resource);
  declare readonly provider: pulumi.Output<LegacyPhoneProviderName | undefined>;
  /** The declared Twilio account as the tenant has it; secret as a whole. */
  declare readonly twilio: pulumi.Output<LegacyTwilioAccount | undefined>;
  declare readonly resetOnDelete: pulumi.Output<boolean | undefined>;
  /** The tenant's base URL, e.g. `https://my-tenant.example.com`. */
  declare readonly domain: pulumi.Output<string>;

  constructor(name: string, args: LegacyPhoneProviderArgs = {}, opts?: pulumi.CustomResourceOptions) {
    super(
      legacyPhoneProviderDocument,
      name,
      { ...args, twilio: withSecretFields(args.twilio, ["authToken"]) },
      opts,
    );
  }
}
