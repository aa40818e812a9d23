/**
 * Who sends MFA by phone on a tenant of the legacy phone set-up: the selected provider and the Twilio account
 * it may use. Each endpoint has a deprecated `/guardian/factors/sms/...` twin, which most recordings use; both
 * paths read and write the same object. A tenant enrolled in the Unified Phone Experience refuses them all
 * (its sender is a branding phone provider).
 */
import type { ObjectIdentity } from "../../wire/document";
import { endpoint } from "../../wire/endpoint";
import { schema } from "../../wire/schema";
import type { Schema } from "../../wire/shape";

/** The senders a legacy tenant may select (the OpenAPI's enum; each recorded in a selected-provider answer). */
export const LEGACY_PHONE_PROVIDERS = ["auth0", "twilio", "phone-message-hook"] as const;

/** A legacy tenant's sender. */
export type LegacyPhoneProviderName = (typeof LEGACY_PHONE_PROVIDERS)[number];

/**
 * `GET|PUT …/selected-provider`: `{"provider": …}` (go-auth0 v1 `TestGuardian/MultiFactor/Phone/Provider.yaml`
 * #0–#3; terraform-provider-auth0 `TestAccGuardianPhone.yaml` at 7bdd1f10 writes all three).
 */
export type SelectedPhoneProvider = { provider: LegacyPhoneProviderName };

export const selectedPhoneProviderSchema = schema<SelectedPhoneProvider>()((z) =>
  z.strictObject({ provider: z.enum(LEGACY_PHONE_PROVIDERS) }),
);

/** What a selected-provider GET or PUT answers; unknown fields kept, an unknown provider read as it is. */
export type SelectedPhoneProviderResponse = { [key: string]: unknown; provider: string };

export const selectedPhoneProviderResponseSchema = schema<SelectedPhoneProviderResponse>()((z) =>
  z.looseObject({ provider: z.string() }),
);

/** The longest `from` the platform takes (the OpenAPI's `maxLength`). */
export const TWILIO_FROM_MAX_LENGTH = 64;

/**
 * The Twilio account, `PUT …/providers/twilio`: each member a string or `null`. The PUT replaces the whole
 * object: a member left out reads back `null` (go-auth0 v1 `TestGuardian/MultiFactor/SMS/Twilio.yaml` #1
 * writes no `messaging_service_sid`, #2 reads it `null`).
 */
export type TwilioAccount = {
  from?: string | null | undefined;
  messaging_service_sid?: string | null | undefined;
  auth_token?: string | null | undefined;
  sid?: string | null | undefined;
};

export const twilioAccountSchema = schema<TwilioAccount>()((z) =>
  z.strictObject({
    from: z.string().max(TWILIO_FROM_MAX_LENGTH).nullable().optional(),
    messaging_service_sid: z.string().nullable().optional(),
    auth_token: z.string().nullable().optional(),
    sid: z.string().nullable().optional(),
  }),
);

/**
 * The Twilio account as a GET answers it: `{}` until written, then every member, `null` when unset, and **the
 * auth token in clear** (go-auth0 v1 `TestGuardian/MultiFactor/SMS/Twilio.yaml` #0, #2); unknown fields kept.
 */
export type TwilioAccountResponse = {
  [key: string]: unknown;
  from?: string | null | undefined;
  messaging_service_sid?: string | null | undefined;
  auth_token?: string | null | undefined;
  sid?: string | null | undefined;
};

export const twilioAccountResponseSchema = schema<TwilioAccountResponse>()((z) =>
  z.looseObject({
    from: z.string().nullable().optional(),
    messaging_service_sid: z.string().nullable().optional(),
    auth_token: z.string().nullable().optional(),
    sid: z.string().nullable().optional(),
  }),
);

/** The GET and PUT of one of these objects at its `/phone/` path and its deprecated `/sms/` twin. */
function legacyEndpoints<Request, Response>(
  suffix: string,
  request: Schema<Request>,
  response: Schema<Response>,
) {
  const pair = (factor: "phone" | "sms") => ({
    get: endpoint<undefined, Response>({
      method: "GET",
      path: `/guardian/factors/${factor}/${suffix}`,
      scope: "read:guardian_factors",
      response,
    }),
    put: endpoint<Request, Response>({
      method: "PUT",
      path: `/guardian/factors/${factor}/${suffix}`,
      scope: "update:guardian_factors",
      request,
      response,
    }),
  });
  return { phone: pair("phone"), sms: pair("sms") };
}

const selected = legacyEndpoints(
  "selected-provider",
  selectedPhoneProviderSchema,
  selectedPhoneProviderResponseSchema,
);
const twilio = legacyEndpoints("providers/twilio", twilioAccountSchema, twilioAccountResponseSchema);

/** `GET /guardian/factors/phone/selected-provider`. */
export const getSelectedPhoneProvider = selected.phone.get;
/** `PUT /guardian/factors/phone/selected-provider`. */
export const putSelectedPhoneProvider = selected.phone.put;
/** `GET /guardian/factors/sms/selected-provider` (deprecated twin; emulated only). */
export const getSelectedSmsProvider = selected.sms.get;
/** `PUT /guardian/factors/sms/selected-provider` (deprecated twin; emulated only). */
export const putSelectedSmsProvider = selected.sms.put;
/** `GET /guardian/factors/phone/providers/twilio`: answers the auth token in clear. */
export const getPhoneTwilioAccount = twilio.phone.get;
/** `PUT /guardian/factors/phone/providers/twilio`: replaces the whole account. */
export const putPhoneTwilioAccount = twilio.phone.put;
/** `GET /guardian/factors/sms/providers/twilio` (deprecated twin; emulated only). */
export const getSmsTwilioAccount = twilio.sms.get;
/** `PUT /guardian/factors/sms/providers/twilio` (deprecated twin; emulated only). */
export const putSmsTwilioAccount = twilio.sms.put;

/** Who the legacy phone sender is, for the registry (a resource joins it when a provider exists). */
export const legacyPhoneProviderIdentity = {
  name: "legacyPhoneProvider",
  label: "legacy phone provider",
} as const satisfies ObjectIdentity;
