import type * as pulumi from "@pulumi/pulumi";

import type { ResolvedInputs } from "../tenantObject/program/dynamicResource";
import type { MemberInput, ObjectArgs } from "../tenantObject/program/objectResource";
import { objectResource } from "../tenantObject/program/objectResource";
import type { PhoneProviderMembers, PhoneProviderTwilio } from "./api";
import { phoneProviderCollection } from "./api";

/** The Twilio account of {@link PhoneProviderArgs.twilio}; `authToken` is stored as a secret. */
export type PhoneProviderTwilioArgs = MemberInput<PhoneProviderTwilio>;

/** The members a program always declares: who sends, and what. */
type AlwaysDeclared = Required<Pick<PhoneProviderMembers, "provider" | "deliveryMethods">>;

/** What {@link PhoneProvider} outputs besides its members. */
interface PhoneProviderId {
  /** The provider's id on the tenant. */
  readonly memberId: pulumi.Output<string>;
}

/** Arguments of {@link PhoneProvider}. Checked at `pulumi preview`. */
export type PhoneProviderArgs = ObjectArgs<PhoneProviderMembers & AlwaysDeclared>;

/** The resolved inputs of {@link PhoneProvider}. */
export type PhoneProviderInputs = ResolvedInputs<PhoneProviderArgs>;

/** The outputs of {@link PhoneProvider}: the declared members as the tenant has them, its id and the tenant's URL. */
export type PhoneProviderOutputs = PhoneProviderInputs & { memberId: string; domain: string };

/**
 * Who sends MFA by phone (and every other phone message) on a tenant of the Unified Phone Experience
 * (`/api/v2/branding/phone/providers`). A tenant has at most one: a create on a tenant that has one fails at
 * preview naming its `import` value. A destroy deletes the provider this resource created, and the tenant sends
 * through the platform's own sender again. On a legacy tenant the preview fails and points to
 * {@link LegacyPhoneProvider}. The Twilio account (`authToken` from state: never returned) is secret as a
 * whole in the outputs. See docs/phone-mfa.md.
 */
export class PhoneProvider extends objectResource<
  PhoneProviderMembers & AlwaysDeclared,
  PhoneProviderArgs,
  PhoneProviderId
>(phoneProviderCollection, { secretMembers: { twilio: ["authToken"] } }) {}
