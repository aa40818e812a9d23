/**
 * MFA by phone: whether the tenant's phone factor is on, and which channels (SMS, voice) it may use. The
 * platform calls the phone factor `sms` (SMS and voice are one factor; there is no `phone` or `voice` factor),
 * and it is one of the eight guardian factors `GET /guardian/factors` lists. Both tenant generations serve
 * these endpoints.
 */
import type { PutDocumentDescription } from "../../wire/putDocument";
import { endpoint } from "../../wire/endpoint";
import { putEndpoints } from "../../wire/putDocumentEndpoints";
import { schema } from "../../wire/schema";

/**
 * The guardian factors, in the order the platform lists them (recorded in every `GET /guardian/factors`:
 * go-auth0 v1 `TestGuardian/MultiFactor/List.yaml` #0, terraform-provider-auth0 `TestAccGuardianPhone.yaml`).
 */
export const GUARDIAN_FACTOR_NAMES = [
  "sms",
  "push-notification",
  "otp",
  "email",
  "duo",
  "webauthn-roaming",
  "webauthn-platform",
  "recovery-code",
] as const;

/** A guardian factor's name. */
export type GuardianFactorName = (typeof GUARDIAN_FACTOR_NAMES)[number];

/** The factor MFA by phone is: SMS and voice messages both belong to it. */
export const PHONE_FACTOR: GuardianFactorName = "sms";

/** One factor as the list answers it (`trial_expired` recorded `false` on every factor); unknown fields kept. */
export type GuardianFactor = {
  [key: string]: unknown;
  name: string;
  enabled: boolean;
  trial_expired: boolean;
};

export const guardianFactorsSchema = schema<GuardianFactor[]>()((z) =>
  z.array(z.looseObject({ name: z.string(), enabled: z.boolean(), trial_expired: z.boolean() })),
);

/**
 * `PUT /guardian/factors/{name}` body and answer: `{"enabled": bool}`, echoed (go-auth0 v1
 * `TestGuardian/MultiFactor/Phone/Enable.yaml` #1, #3). The body takes no other member.
 */
export type FactorSwitch = { enabled: boolean };

export const factorSwitchSchema = schema<FactorSwitch>()((z) => z.strictObject({ enabled: z.boolean() }));

/** What a factor's switch answers: the state written, unknown fields kept. */
export type FactorSwitchResponse = { [key: string]: unknown; enabled: boolean };

export const factorSwitchResponseSchema = schema<FactorSwitchResponse>()((z) =>
  z.looseObject({ enabled: z.boolean() }),
);

/** `GET /guardian/factors`: the eight factors, each `{name, enabled, trial_expired}`. */
export const getGuardianFactors = endpoint<undefined, GuardianFactor[]>({
  method: "GET",
  path: "/guardian/factors",
  scope: "read:guardian_factors",
  response: guardianFactorsSchema,
});

/** `PUT /guardian/factors/<name>`: switches one factor on or off. */
function factorSwitch(name: GuardianFactorName) {
  return endpoint<FactorSwitch, FactorSwitchResponse>({
    method: "PUT",
    path: `/guardian/factors/${name}`,
    scope: "update:guardian_factors",
    request: factorSwitchSchema,
    response: factorSwitchResponseSchema,
  });
}

/** `PUT /guardian/factors/sms`: switches MFA by phone on or off. */
export const putPhoneFactor = factorSwitch(PHONE_FACTOR);

/** The switches of the other seven factors (emulated only: the recordings switch them too). */
export const putOtherFactors = GUARDIAN_FACTOR_NAMES.filter((name) => name !== PHONE_FACTOR).map(
  factorSwitch,
);

/** A new tenant's factors: every one off (go-auth0 v1 `TestGuardian/MultiFactor/List.yaml` #0). */
export function newTenantFactors(): GuardianFactor[] {
  return GUARDIAN_FACTOR_NAMES.map((name) => ({ name, enabled: false, trial_expired: false }));
}

/** The phone factor's message types: which of SMS and voice MFA may use. */
export type PhoneMessageTypes = { message_types: ("sms" | "voice")[] };

export const phoneMessageTypesSchema = schema<PhoneMessageTypes>()((z) =>
  z.strictObject({ message_types: z.array(z.enum(["sms", "voice"])) }),
);

const messageTypes = putEndpoints({
  path: "/guardian/factors/phone/message-types",
  scopes: { read: "read:guardian_factors", update: "update:guardian_factors" },
  request: phoneMessageTypesSchema,
  response: phoneMessageTypesSchema,
  encodings: ["json", "form"],
});

/**
 * `GET /guardian/factors/phone/message-types`: works on every tenant generation; `[]` is a new tenant's value
 * (go-auth0 v1 `TestGuardian/MultiFactor/Phone/Message-types.yaml` #0).
 */
export const getPhoneMessageTypes = messageTypes.get;

/** `PUT /guardian/factors/phone/message-types`: replaces the list (`[]` is legal). */
export const putPhoneMessageTypes = messageTypes.put;

/** The channels MFA by phone may use. */
export const PHONE_CHANNELS = ["sms", "voice"] as const;

/** A channel of MFA by phone: `sms` or `voice`. */
export type PhoneChannel = (typeof PHONE_CHANNELS)[number];

/** The members of MFA by phone, in the user's spelling. */
export type PhoneMfaMembers = {
  /** Whether MFA by phone (the platform's `sms` factor, SMS and voice alike) is on. A new tenant has `false`. */
  enabled?: boolean | undefined;
  /**
   * The channels a user may pick: `sms`, `voice`, each at most once; the order is no change. A new tenant has
   * none. Written after the factor is switched.
   */
  messageTypes?: PhoneChannel[] | undefined;
};

const phoneMfaInputs = schema<PhoneMfaMembers>()((z) =>
  z.strictObject({
    enabled: z.boolean().optional(),
    messageTypes: z
      .array(z.enum(PHONE_CHANNELS))
      .refine((types) => new Set(types).size === types.length, "must name each channel once")
      .optional(),
  }),
);

/** The phone factor's switch, as `GET /guardian/factors` lists it (absent when the list lacks the factor). */
function phoneFactorOf(answer: unknown): Record<string, unknown> {
  const factor = (answer as GuardianFactor[]).find((listed) => listed.name === PHONE_FACTOR);
  return factor === undefined ? {} : { enabled: factor.enabled };
}

/**
 * MFA by phone as a PUT-replace document over two pairs, written in this order because the platform refuses
 * the channels of a factor that does not exist yet (terraform-provider-auth0 enables the factor first): the
 * factor's switch, then its channels. A new tenant has the factor off and no channel (go-auth0 v1
 * `TestGuardian/MultiFactor/List.yaml` #0, `Phone/Message-types.yaml` #0).
 */
export const phoneMfaDocument = {
  name: "phoneMfa",
  label: "MFA by phone",
  resource: { type: "PhoneMfa", docs: "docs/phone-mfa.md" },
  path: putPhoneFactor.path,
  inputs: phoneMfaInputs,
  newTenant: { enabled: false, messageTypes: [] },
  sets: ["messageTypes"],
  parts: [
    {
      members: ["enabled"],
      get: getGuardianFactors,
      fromAnswer: phoneFactorOf,
      put: putPhoneFactor,
      body: (members) => ({ enabled: members.enabled }),
    },
    {
      members: ["messageTypes"],
      get: getPhoneMessageTypes,
      fromAnswer: (answer) => ({ messageTypes: (answer as PhoneMessageTypes).message_types }),
      put: putPhoneMessageTypes,
      body: (members) => ({ message_types: members.messageTypes }),
    },
  ],
} as const satisfies PutDocumentDescription;
