/**
 * Who sends MFA by phone on a tenant of the legacy phone set-up: the selected provider and the Twilio account
 * it may use. Each endpoint has a deprecated `/guardian/factors/sms/...` twin, which most recordings use; both
 * paths read and write the same object. A tenant enrolled in the Unified Phone Experience refuses them all
 * (its sender is a branding phone provider).
 */
import type { PutDocumentDescription } from "../../wire/putDocument";
import { putEndpoints } from "../../wire/putDocumentEndpoints";
import type { ZodApi } from "../../wire/schema";
import { answerSchema, schema } from "../../wire/schema";
import type { Schema, Tolerant } from "../../wire/shape";

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

function twilioAccount(z: ZodApi) {
  return z.strictObject({
    from: z.string().max(TWILIO_FROM_MAX_LENGTH).nullable().optional(),
    messaging_service_sid: z.string().nullable().optional(),
    auth_token: z.string().nullable().optional(),
    sid: z.string().nullable().optional(),
  });
}

export const twilioAccountSchema = schema<TwilioAccount>()(twilioAccount);

/**
 * The Twilio account as a GET answers it: `{}` until written, then every member, `null` when unset, and **the
 * auth token in clear** (go-auth0 v1 `TestGuardian/MultiFactor/SMS/Twilio.yaml` #0, #2); unknown fields kept.
 */
export type TwilioAccountResponse = Tolerant<TwilioAccount>;

export const twilioAccountResponseSchema = answerSchema<TwilioAccount>()(twilioAccount);

/** The GET and PUT of one of these objects at its `/phone/` path and its deprecated `/sms/` twin. */
function legacyEndpoints<Request, Response>(
  suffix: string,
  request: Schema<Request>,
  response: Schema<Response>,
) {
  const pair = (factor: "phone" | "sms") =>
    putEndpoints({
      path: `/guardian/factors/${factor}/${suffix}`,
      scopes: { read: "read:guardian_factors", update: "update:guardian_factors" },
      request,
      response,
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

/** The Twilio account in the user's spelling; `authToken` is stored as a secret. */
export type LegacyTwilioAccount = {
  /** The account's SID (`AC…`). */
  sid: string;
  /** The account's auth token. Stored as a secret; never printed. */
  authToken: string;
  /** The number messages come from, at most 64 characters. Default: none (sent as `null`). */
  from?: string | undefined;
  /** The Messaging Service SID (`MG…`) messages go through. Default: none (sent as `null`). */
  messagingServiceSid?: string | undefined;
};

/** The members of the legacy phone sender, in the user's spelling. */
export type LegacyPhoneProviderMembers = {
  /** Who sends: `auth0` (the platform), `twilio` or `phone-message-hook`. A new tenant has `auth0`. */
  provider?: LegacyPhoneProviderName | undefined;
  /** The Twilio account. Written whole: a member left out is cleared on the tenant. A new tenant has none. */
  twilio?: LegacyTwilioAccount | undefined;
};

const legacyPhoneProviderInputs = schema<LegacyPhoneProviderMembers>()((z) =>
  z.strictObject({
    provider: z.enum(LEGACY_PHONE_PROVIDERS).optional(),
    twilio: z
      .strictObject({
        sid: z.string().min(1),
        authToken: z.string().min(1),
        from: z.string().min(1).max(TWILIO_FROM_MAX_LENGTH).optional(),
        messagingServiceSid: z.string().min(1).optional(),
      })
      .optional(),
  }),
);

/** The account's members the GET answers with a value, in the user's spelling (`null` ones left out). */
function twilioAccountOf(answer: unknown): Record<string, unknown> {
  const account = answer as TwilioAccountResponse;
  const members = {
    sid: account.sid,
    authToken: account.auth_token,
    from: account.from,
    messagingServiceSid: account.messaging_service_sid,
  };
  return {
    twilio: Object.fromEntries(Object.entries(members).filter(([, value]) => typeof value === "string")),
  };
}

/** The PUT of the whole account: every member, `null` where the program declares none. */
function twilioAccountBody(members: Readonly<Record<string, unknown>>): TwilioAccount {
  const account = (members.twilio ?? {}) as Partial<LegacyTwilioAccount>;
  return {
    sid: account.sid ?? null,
    auth_token: account.authToken ?? null,
    from: account.from ?? null,
    messaging_service_sid: account.messagingServiceSid ?? null,
  };
}

/**
 * A legacy tenant's phone sender as a PUT-replace document over two pairs, written in this order so the Twilio
 * account is in place before Twilio is selected: the account (whose PUT replaces it whole), then the selected
 * provider. A new tenant sends through the platform (`auth0`) and has no account (auth0-deploy-cli a00a0554,
 * `test/e2e/recordings/should-dump-without-throwing-an-error.json` #30, #33). The account's GET answers the
 * auth token in clear, so a token changed in the dashboard shows as a change of it.
 */
export const legacyPhoneProviderDocument = {
  name: "legacyPhoneProvider",
  label: "legacy phone provider",
  resource: { type: "LegacyPhoneProvider", docs: "docs/phone-mfa.md" },
  path: getSelectedPhoneProvider.path,
  inputs: legacyPhoneProviderInputs,
  newTenant: { provider: "auth0", twilio: {} },
  secretFields: ["authToken"],
  parts: [
    {
      members: ["twilio"],
      get: getPhoneTwilioAccount,
      fromAnswer: twilioAccountOf,
      put: putPhoneTwilioAccount,
      body: twilioAccountBody,
    },
    {
      members: ["provider"],
      get: getSelectedPhoneProvider,
      fromAnswer: (answer) => ({ provider: (answer as SelectedPhoneProviderResponse).provider }),
      put: putSelectedPhoneProvider,
      body: (members) => ({ provider: members.provider }),
    },
  ],
  otherGeneration: {
    errorCode: "legacy_mfa_phone_provider_not_allowed",
    message:
      "the tenant uses the Unified Phone Experience (its tenant setting phone_consolidated_experience is " +
      "true), which refuses the legacy phone provider endpoints LegacyPhoneProvider writes. Declare " +
      "PhoneProvider instead (docs/phone-mfa.md).",
  },
} as const satisfies PutDocumentDescription;
