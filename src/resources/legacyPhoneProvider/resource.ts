import type { ResolvedInputs } from "../tenantObject/program/dynamicResource";
import type { DocumentArgs, MemberInput } from "../tenantObject/program/objectResource";
import { objectResource } from "../tenantObject/program/objectResource";
import type { LegacyPhoneProviderMembers, LegacyTwilioAccount } from "./api";
import { legacyPhoneProviderDocument } from "./api";

/** The Twilio account of {@link LegacyPhoneProviderArgs.twilio}; `authToken` is stored as a secret. */
export type LegacyTwilioAccountArgs = MemberInput<LegacyTwilioAccount>;

/**
 * Arguments of {@link LegacyPhoneProvider}. Every one is optional: only the declared ones are managed, the
 * others stay as the tenant has them. Checked at `pulumi preview`. With `resetOnDelete: true` a destroy makes
 * the platform the sender again, with no Twilio account.
 */
export type LegacyPhoneProviderArgs = DocumentArgs<LegacyPhoneProviderMembers>;

/** The resolved inputs of {@link LegacyPhoneProvider}. */
export type LegacyPhoneProviderInputs = ResolvedInputs<LegacyPhoneProviderArgs>;

/** The outputs of {@link LegacyPhoneProvider}: the declared members as the tenant has them, and its URL. */
export type LegacyPhoneProviderOutputs = LegacyPhoneProviderInputs & { domain: string };

/**
 * Who sends MFA by phone on a tenant of the legacy phone set-up (`/guardian/factors/phone/selected-provider`
 * and `/guardian/factors/phone/providers/twilio`). One per tenant: a create takes it only while it is as a new
 * tenant has it. On a tenant of the Unified Phone Experience the preview fails and points to
 * {@link PhoneProvider}. The Twilio account is secret as a whole in the outputs. See docs/phone-mfa.md.
 */
export class LegacyPhoneProvider extends objectResource<LegacyPhoneProviderMembers>(
  legacyPhoneProviderDocument,
  {
    secretMembers: { twilio: ["authToken"] },
  },
) {}
