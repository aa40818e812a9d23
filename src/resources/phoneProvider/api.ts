/**
 * Who sends the tenant's phone messages on a tenant enrolled in the Unified Phone Experience: the branding phone
 * provider, one per tenant (`/branding/phone/providers`). Its credentials are written on create and update and
 * never answered.
 */
import type { CollectionDescription } from "../../wire/collection";
import type { DocumentRuleFailure } from "../../wire/document";
import { collectionEndpoints } from "../../wire/collectionEndpoints";
import {
  PHONE_PREVIEW_SETTINGS_QUERY,
  getTenantSettings,
  usesUnifiedPhoneExperience,
} from "../tenantSettings/api";
import type { ZodApi } from "../../wire/schema";
import { schema } from "../../wire/schema";

/** The provider kinds: Twilio, or `custom` (an Action on the `custom-phone-provider` trigger sends). */
export const PHONE_PROVIDER_NAMES = ["twilio", "custom"] as const;
export type PhoneProviderName = (typeof PHONE_PROVIDER_NAMES)[number];

/** How a provider may deliver: SMS (`text`) and calls (`voice`). */
export const DELIVERY_METHODS = ["text", "voice"] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/**
 * A provider's configuration, written whole by a POST or a PATCH that carries it (terraform-provider-auth0
 * `TestAccDataPhoneProvider.yaml` #8 PATCHes `{delivery_methods}` over a Twilio one and reads just that back).
 * Twilio: `sid`, `delivery_methods` and one sender, `default_from` or `mssid` (a messaging service); custom:
 * `delivery_methods`, and the Twilio members are kept when sent (`TestAccCheckPhoneProvider.yaml` #7).
 */
export type PhoneProviderConfiguration = {
  sid?: string | undefined;
  default_from?: string | undefined;
  mssid?: string | undefined;
  delivery_methods: DeliveryMethod[];
};

/** The credentials: Twilio `{auth_token}`, custom `{}`. Never answered. */
export type PhoneProviderCredentials = { auth_token?: string | undefined };

/** `POST /branding/phone/providers` body: `credentials` required (OpenAPI), no other members. */
export type PhoneProviderCreate = {
  name: PhoneProviderName;
  disabled?: boolean | undefined;
  configuration?: PhoneProviderConfiguration | undefined;
  credentials: PhoneProviderCredentials;
};

/** `PATCH /branding/phone/providers/{id}` body: any of the members; `name` may switch twilio → custom. */
export type PhoneProviderUpdate = {
  name?: PhoneProviderName | undefined;
  disabled?: boolean | undefined;
  configuration?: PhoneProviderConfiguration | undefined;
  credentials?: PhoneProviderCredentials | undefined;
};

function configurationSchema(z: ZodApi) {
  return z.strictObject({
    sid: z.string().optional(),
    default_from: z.string().optional(),
    mssid: z.string().optional(),
    delivery_methods: z.array(z.enum(DELIVERY_METHODS)),
  });
}

function credentialsSchema(z: ZodApi) {
  return z.strictObject({ auth_token: z.string().optional() });
}

export const phoneProviderCreateSchema = schema<PhoneProviderCreate>()((z) =>
  z.strictObject({
    name: z.enum(PHONE_PROVIDER_NAMES),
    disabled: z.boolean().optional(),
    configuration: configurationSchema(z).optional(),
    credentials: credentialsSchema(z),
  }),
);

export const phoneProviderUpdateSchema = schema<PhoneProviderUpdate>()((z) =>
  z.strictObject({
    name: z.enum(PHONE_PROVIDER_NAMES).optional(),
    disabled: z.boolean().optional(),
    configuration: configurationSchema(z).optional(),
    credentials: credentialsSchema(z).optional(),
  }),
);

/**
 * A provider as the platform answers it: `id` (`pro_` and 22 letters and digits), `tenant`, `name`, `channel`
 * (`phone`), `disabled`, `configuration`, `created_at`, `updated_at`, in that order (go-auth0 v1
 * `TestBrandingManager_CreatePhoneProvider.yaml` #0, #1); no credentials (a list shows `credentials: null`).
 * Unknown fields kept.
 */
export type PhoneProviderResponse = {
  [key: string]: unknown;
  id: string;
  tenant?: string | undefined;
  name: string;
  channel?: string | undefined;
  disabled: boolean;
  configuration?:
    | {
        [key: string]: unknown;
        sid?: string | undefined;
        default_from?: string | undefined;
        mssid?: string | undefined;
        delivery_methods?: string[] | undefined;
      }
    | undefined;
  created_at?: string | undefined;
  updated_at?: string | undefined;
};

function providerResponse(z: ZodApi) {
  return z.looseObject({
    id: z.string(),
    tenant: z.string().optional(),
    name: z.string(),
    channel: z.string().optional(),
    disabled: z.boolean(),
    configuration: z
      .looseObject({
        sid: z.string().optional(),
        default_from: z.string().optional(),
        mssid: z.string().optional(),
        delivery_methods: z.array(z.string()).optional(),
      })
      .optional(),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
  });
}

export const phoneProviderResponseSchema = schema<PhoneProviderResponse>()(providerResponse);

/**
 * The list's answer: `{"providers": [...]}`, `[]` on a tenant without one (terraform-provider-auth0
 * `TestAccCheckPhoneProvider.yaml` #0), each provider with `credentials: null` (go-auth0 v1
 * `TestBrandingManager_ListPhoneProviders.yaml` #1).
 */
export type PhoneProviderList = { [key: string]: unknown; providers: PhoneProviderResponse[] };

export const phoneProviderListSchema = schema<PhoneProviderList>()((z) =>
  z.looseObject({ providers: z.array(providerResponse(z)) }),
);

/** `POST /branding/phone/providers/{id}/try` body: sends one real message to `to`. */
export type PhoneProviderTry = { to: string; delivery_method?: DeliveryMethod | undefined };

export const phoneProviderTrySchema = schema<PhoneProviderTry>()((z) =>
  z.strictObject({ to: z.string().min(1), delivery_method: z.enum(DELIVERY_METHODS).optional() }),
);

/**
 * Its 202 answer, `{"code": 202, "message": "Test notification successfully sent for processing"}` (go-auth0 v1
 * `TestBrandingManager_TryPhoneProvider.yaml` #1).
 */
export type PhoneProviderTryResponse = { [key: string]: unknown; code?: number | undefined; message: string };

export const phoneProviderTryResponseSchema = schema<PhoneProviderTryResponse>()((z) =>
  z.looseObject({ code: z.number().optional(), message: z.string() }),
);

const HINTS = {
  404: "The phone provider does not exist (any more) on the tenant",
  409: "The tenant already has a phone provider: import it rather than create another",
} as const;

/**
 * The providers' endpoints: `list` (`GET /branding/phone/providers`, `?disabled=`: the tenant's provider, if
 * any, credentials `null`), `create` (`POST`: 201; 409 when the tenant already has one), `get`, `update`
 * (`PATCH`), `remove` (`DELETE`: 204; the tenant falls back to the platform's sender) and `try` (`POST …/try`:
 * 202; the platform sends a real message) of `/branding/phone/providers/{id}`.
 */
export const phoneProviderEndpoints = collectionEndpoints({
  path: "/branding/phone/providers",
  scopes: {
    read: "read:phone_providers",
    create: "create:phone_providers",
    update: "update:phone_providers",
    delete: "delete:phone_providers",
  },
  list: phoneProviderListSchema,
  create: phoneProviderCreateSchema,
  update: phoneProviderUpdateSchema,
  member: phoneProviderResponseSchema,
  hints: HINTS,
  trial: { request: phoneProviderTrySchema, response: phoneProviderTryResponseSchema },
});

/** The Twilio account of a phone provider, in the user's spelling; `authToken` is stored as a secret. */
export type PhoneProviderTwilio = {
  /** The account's SID (`AC…`). */
  sid: string;
  /**
   * The account's auth token. Stored as a secret; never printed. The platform never returns it, so a token
   * changed outside Pulumi cannot be seen; a changed token here is an update in place (one PATCH).
   */
  authToken: string;
  /** The number messages come from. Exactly one of `defaultFrom` and `messagingServiceSid`. */
  defaultFrom?: string | undefined;
  /** The Messaging Service SID (`MG…`). Exactly one of `defaultFrom` and `messagingServiceSid`. */
  messagingServiceSid?: string | undefined;
};

/** The members of a unified tenant's phone provider, in the user's spelling. */
export type PhoneProviderMembers = {
  /** Who sends: `twilio`, or `custom` (an Action on the trigger `custom-phone-provider` sends). */
  provider?: PhoneProviderName | undefined;
  /** What it may send: `text`, `voice` or both, each once; the order is no change. */
  deliveryMethods?: DeliveryMethod[] | undefined;
  /** `true`: the provider is kept but not used. Default: as the platform makes it (enabled). */
  disabled?: boolean | undefined;
  /** The Twilio account, required when `provider` is `twilio`. */
  twilio?: PhoneProviderTwilio | undefined;
};

const phoneProviderInputs = schema<PhoneProviderMembers>()((z) =>
  z.strictObject({
    provider: z.enum(PHONE_PROVIDER_NAMES).optional(),
    deliveryMethods: z
      .array(z.enum(DELIVERY_METHODS))
      .min(1)
      .refine((methods) => new Set(methods).size === methods.length, "must name each method once")
      .optional(),
    disabled: z.boolean().optional(),
    twilio: z
      .strictObject({
        sid: z.string().min(1),
        authToken: z.string().min(1),
        defaultFrom: z.string().min(1).optional(),
        messagingServiceSid: z.string().min(1).optional(),
      })
      .optional(),
  }),
);

/**
 * What the platform's schema cannot say: `provider` and `deliveryMethods` are required; Twilio needs its
 * account, and exactly one of `defaultFrom` and `messagingServiceSid` (without either the platform answers 400
 * "Bad Operation on Notification Resource", go-auth0 v1 `TestBrandingManager_CreatePhoneProvider`); a custom
 * provider takes no Twilio account.
 */
function phoneProviderRules(declared: Readonly<Record<string, unknown>>): DocumentRuleFailure[] {
  const twilio = declared.twilio as Partial<PhoneProviderTwilio> | undefined;
  const failures: DocumentRuleFailure[] = [];
  if (declared.provider === undefined)
    failures.push({ path: "provider", reason: "is required (twilio or custom)" });
  if (declared.deliveryMethods === undefined)
    failures.push({ path: "deliveryMethods", reason: "is required (text, voice or both)" });
  if (declared.provider === "twilio" && twilio === undefined)
    failures.push({ path: "twilio", reason: "is required when provider is twilio" });
  if (declared.provider === "custom" && twilio !== undefined)
    failures.push({
      path: "twilio",
      reason: "is for provider twilio; a custom provider sends through an Action",
    });
  if (
    twilio !== undefined &&
    (twilio.defaultFrom === undefined) === (twilio.messagingServiceSid === undefined)
  )
    failures.push({
      path: "twilio",
      reason:
        "needs exactly one of defaultFrom and messagingServiceSid (the number, or the Messaging Service)",
    });
  return failures;
}

/** The POST or PATCH body of the declared members: credentials are sent at every write. */
function phoneProviderBody(declared: Readonly<Record<string, unknown>>): PhoneProviderCreate {
  const twilio = declared.twilio as PhoneProviderTwilio | undefined;
  const methods = declared.deliveryMethods as DeliveryMethod[];
  return {
    name: declared.provider as PhoneProviderName,
    ...(declared.disabled === undefined ? {} : { disabled: declared.disabled as boolean }),
    configuration:
      twilio === undefined
        ? { delivery_methods: methods }
        : {
            sid: twilio.sid,
            delivery_methods: methods,
            ...(twilio.defaultFrom === undefined ? {} : { default_from: twilio.defaultFrom }),
            ...(twilio.messagingServiceSid === undefined ? {} : { mssid: twilio.messagingServiceSid }),
          },
    credentials: twilio === undefined ? {} : { auth_token: twilio.authToken },
  };
}

/** The members as an answer has them; credentials are never answered. */
function phoneProviderMembers(answer: unknown): Record<string, unknown> {
  const provider = answer as Partial<PhoneProviderResponse>;
  const configuration = provider.configuration ?? {};
  const twilio = {
    sid: configuration.sid,
    defaultFrom: configuration.default_from,
    messagingServiceSid: configuration.mssid,
  };
  return {
    provider: provider.name,
    deliveryMethods: configuration.delivery_methods,
    disabled: provider.disabled,
    twilio: Object.fromEntries(Object.entries(twilio).filter(([, value]) => value !== undefined)),
  };
}

/**
 * A unified tenant's phone provider as a one-per-tenant collection: the tenant lists at most one, a second POST
 * is refused with 409, and credentials are required on create and never answered (go-auth0 v1
 * `TestBrandingManager_*PhoneProvider`, terraform-provider-auth0 `TestAcc*PhoneProvider`).
 */
export const phoneProviderCollection = {
  name: "phoneProvider",
  label: "phone provider",
  resource: { type: "PhoneProvider", docs: "docs/phone-mfa.md" },
  list: phoneProviderEndpoints.list,
  items: (answer) => (answer as PhoneProviderList).providers,
  create: phoneProviderEndpoints.create,
  get: phoneProviderEndpoints.get,
  update: phoneProviderEndpoints.update,
  remove: phoneProviderEndpoints.remove,
  members: ["provider", "deliveryMethods", "disabled", "twilio"],
  inputs: phoneProviderInputs,
  rules: phoneProviderRules,
  body: phoneProviderBody,
  fromAnswer: phoneProviderMembers,
  unanswered: ["authToken"],
  sets: ["deliveryMethods"],
  probe: {
    scope: getTenantSettings.scope,
    read: async (client) => {
      const settings = await client.readOnce(getTenantSettings, { query: PHONE_PREVIEW_SETTINGS_QUERY });
      return usesUnifiedPhoneExperience(settings)
        ? undefined
        : "the tenant uses the legacy phone set-up (its tenant setting phone_consolidated_experience is " +
            "false), whose MFA by phone is sent by the provider of /guardian/factors/phone/selected-provider. " +
            "Declare LegacyPhoneProvider instead (docs/phone-mfa.md).";
    },
  },
  afterDelete: "the tenant sends MFA by phone through the platform's own sender again.",
} as const satisfies CollectionDescription;
