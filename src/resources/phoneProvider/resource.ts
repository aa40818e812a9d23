import type * as pulumi from "@pulumi/pulumi";

import type { TenantSelector } from "../../engine/tenantArgs";
import { typeToken } from "../../wire/document";
import type { ResolvedInputs } from "../tenantObject/dynamicResource";
import { TenantAdminDynamicResource } from "../tenantObject/dynamicResource";
import { withSecretFields } from "../tenantObject/inputs";
import type { DeliveryMethod, PhoneProviderName, PhoneProviderTwilio } from "./api";
import { phoneProviderCollection } from "./api";

/** The Twilio account of {@link PhoneProviderArgs.twilio}; `authToken` is stored as a secret. */
export interface PhoneProviderTwilioArgs {
  /** The account's SID (`AC…`). */
  sid: pulumi.Input<string>;
  /**
   * The account's auth token. Stored as a secret; never printed. The platform never returns it, so a token
   * changed outside Pulumi cannot be seen; a changed token here is an update in place (one PATCH).
   */
  authToken: pulumi.Input<string>;
  /** The number messages come from. Exactly one of `defaultFrom` and `messagingServiceSid`. */
  defaultFrom?: pulumi.Input<string>;
  /** The Messaging Service SID (`MG…`). Exactly one of `defaultFrom` and `messagingServiceSid`. */
  messagingServiceSid?: pulumi.Input<string>;
}

/** Arguments of {@link PhoneProvider}. Checked at `pulumi preview`. */
export interface PhoneProviderArgs {
  /** Who sends: `twilio`, or `custom` (an Action on the trigger `custom-phone-provider` sends). */
  provider: pulumi.Input<PhoneProviderName>;
  /** What it may send: `text`, `voice` or both, each once; the order is no change. */
  deliveryMethods: pulumi.Input<pulumi.Input<DeliveryMethod>[]>;
  /** `true`: the provider is kept but not used. Default: as the platform makes it (enabled). */
  disabled?: pulumi.Input<boolean>;
  /** The Twilio account, required when `provider` is `twilio`. */
  twilio?: pulumi.Input<PhoneProviderTwilioArgs>;
  /**
   * The tenant: a name of the stack config map `tenant-admin:tenants` (no credential in state), or its
   * settings (used alone). Default: stack config `tenant-admin:*`, then the `AUTH0_*` environment variables.
   * Its `clientSecret` and `apiToken` are stored as secrets.
   */
  tenant?: pulumi.Input<TenantSelector>;
}

/** The resolved inputs of {@link PhoneProvider}. */
export type PhoneProviderInputs = ResolvedInputs<PhoneProviderArgs>;

/** The outputs of {@link PhoneProvider}: the declared members as the tenant has them, its id and the tenant's URL. */
export type PhoneProviderOutputs = PhoneProviderInputs & { memberId: string; domain: string };

/**
 * Who sends MFA by phone (and every other phone message) on a tenant of the Unified Phone Experience
 * (`/api/v2/branding/phone/providers`). A tenant has at most one: a create on a tenant that has one fails at
 * preview naming its `import` value. A destroy deletes the provider this resource created, and the tenant sends
 * through the platform's own sender again. On a legacy tenant the preview fails and points to
 * {@link LegacyPhoneProvider}. See docs/phone-mfa.md.
 */
export class PhoneProvider extends TenantAdminDynamicResource {
  /** The type token, for a policy pack's `validateResourceOfType(PhoneProvider, …)` (docs/policy.md). */
  static readonly __pulumiType = typeToken(phoneProviderCollection.resource);
  declare readonly provider: pulumi.Output<PhoneProviderName>;
  declare readonly deliveryMethods: pulumi.Output<DeliveryMethod[]>;
  declare readonly disabled: pulumi.Output<boolean | undefined>;
  /** The declared Twilio account (`authToken` from state: never returned); secret as a whole. */
  declare readonly twilio: pulumi.Output<PhoneProviderTwilio | undefined>;
  /** The provider's id on the tenant. */
  declare readonly memberId: pulumi.Output<string>;
  /** The tenant's base URL, e.g. `https://my-tenant.example.com`. */
  declare readonly domain: pulumi.Output<string>;

  constructor(name: string, args: PhoneProviderArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      phoneProviderCollection,
      name,
      { ...args, twilio: withSecretFields(args.twilio, ["authToken"]) },
      opts,
    );
  }
}
