import type { DocumentRuleFailure } from "../../wire/document";
import { documentDescription, insufficientEntitlement } from "../../wire/document";
import { documentEndpoints } from "../../wire/documentEndpoints";
import type { ZodApi } from "../../wire/schema";
import { schema, tolerantOf } from "../../wire/schema";

/** The CAPTCHA provider ids the service accepts for `active_provider_id`. */
export const CAPTCHA_PROVIDER_IDS = [
  "arkose",
  "auth_challenge",
  "friendly_captcha",
  "hcaptcha",
  "recaptcha_v2",
  "recaptcha_enterprise",
  "simple_captcha",
] as const;

/** A CAPTCHA provider id: `arkose`, `auth_challenge`, `friendly_captcha`, `hcaptcha`, `recaptcha_v2`, `recaptcha_enterprise` or `simple_captcha`. */
export type CaptchaProviderId = (typeof CAPTCHA_PROVIDER_IDS)[number];

/** The fields of the provider blocks that hold credentials: sent, stored, never returned. */
export const CAPTCHA_SECRET_FIELDS = ["secret", "api_key"] as const;

type SecretField = (typeof CAPTCHA_SECRET_FIELDS)[number];

/** The provider blocks that carry credentials, and the field that holds each one's. */
export const CREDENTIAL_FIELD_OF = {
  arkose: "secret",
  friendly_captcha: "secret",
  hcaptcha: "secret",
  recaptcha_v2: "secret",
  recaptcha_enterprise: "api_key",
} as const satisfies Partial<Record<CaptchaProviderId, SecretField>>;

/** A provider block that carries credentials. */
export type CredentialProviderId = keyof typeof CREDENTIAL_FIELD_OF;

/** The provider blocks that carry credentials; the others configure options only. */
export const CREDENTIAL_PROVIDER_IDS = Object.keys(CREDENTIAL_FIELD_OF) as CredentialProviderId[];

export const ACTIVE_PROVIDER_ID_MAX_LENGTH = 36;
export const CAPTCHA_FIELD_MAX_LENGTH = 100;

/** `site_key` and `secret`: the request block of hcaptcha, friendly_captcha and recaptcha_v2. */
export type SiteKeySecretRequest = { site_key: string; secret: string };

/** The arkose request block. */
export type ArkoseRequest = {
  site_key: string;
  secret: string;
  client_subdomain?: string | undefined;
  verify_subdomain?: string | undefined;
  fail_open?: boolean | undefined;
};

/** The recaptcha_enterprise request block. */
export type RecaptchaEnterpriseRequest = { site_key: string; api_key: string; project_id: string };

/** The CAPTCHA PATCH body: every property optional, none other accepted. */
export type CaptchaPatchRequest = {
  active_provider_id?: CaptchaProviderId | undefined;
  arkose?: ArkoseRequest | undefined;
  auth_challenge?: { fail_open: boolean } | undefined;
  hcaptcha?: SiteKeySecretRequest | undefined;
  friendly_captcha?: SiteKeySecretRequest | undefined;
  recaptcha_enterprise?: RecaptchaEnterpriseRequest | undefined;
  recaptcha_v2?: SiteKeySecretRequest | undefined;
  simple_captcha?: Record<string, unknown> | undefined;
};

/** A request block as the service returns it: without its credentials, every field optional, extras kept. */
export type ReadableBlock<Block> = {
  [key: string]: unknown;
} & {
  [K in keyof Block as K extends SecretField ? never : K]?: Exclude<Block[K], undefined> | undefined;
} extends infer Flat
  ? { [K in keyof Flat]: Flat[K] }
  : never;

/**
 * The CAPTCHA GET and PATCH response. The service never returns `secret` or `api_key`, and may add fields
 * without a version change, so unknown fields are kept. A real tenant returns every provider block; one whose
 * `site_key` is `""` was never configured.
 */
export type CaptchaResponse = {
  [key: string]: unknown;
  active_provider_id?: string | undefined;
  arkose?: ReadableBlock<ArkoseRequest> | undefined;
  auth_challenge?: ReadableBlock<{ fail_open: boolean }> | undefined;
  hcaptcha?: ReadableBlock<SiteKeySecretRequest> | undefined;
  friendly_captcha?: ReadableBlock<SiteKeySecretRequest> | undefined;
  recaptcha_enterprise?: ReadableBlock<RecaptchaEnterpriseRequest> | undefined;
  recaptcha_v2?: ReadableBlock<SiteKeySecretRequest> | undefined;
  simple_captcha?: Record<string, unknown> | undefined;
};

/**
 * The response without the provider blocks the tenant never configured: a real tenant returns every block,
 * and one whose `site_key` is `""` holds no credentials (arkose's then still has its default subdomains).
 */
export function configuredBlocks(response: CaptchaResponse): CaptchaResponse {
  return Object.fromEntries(
    Object.entries(response).filter(
      ([key, block]) =>
        !(CREDENTIAL_PROVIDER_IDS as readonly string[]).includes(key) ||
        (typeof block === "object" && block !== null && (block as { site_key?: unknown }).site_key !== ""),
    ),
  );
}

/** The request's blocks, each a strict object; the service limits every string to 100 characters. */
function requestBlocks(z: ZodApi) {
  const text = () => z.string().max(CAPTCHA_FIELD_MAX_LENGTH);
  const siteKeySecret = () => z.strictObject({ site_key: text(), secret: text() });
  return {
    arkose: z.strictObject({
      site_key: text(),
      secret: text(),
      client_subdomain: text().optional(),
      verify_subdomain: text().optional(),
      fail_open: z.boolean().optional(),
    }),
    auth_challenge: z.strictObject({ fail_open: z.boolean() }),
    hcaptcha: siteKeySecret(),
    friendly_captcha: siteKeySecret(),
    recaptcha_enterprise: z.strictObject({ site_key: text(), api_key: text(), project_id: text() }),
    recaptcha_v2: siteKeySecret(),
  };
}

/** simple_captcha is free-form: its keys are kept verbatim. */
const freeForm = (z: ZodApi) => z.record(z.string(), z.unknown());

/**
 * Every member of the PATCH body, each required: the stored configuration's shape derives from it too.
 *
 * @internal The emulator's; kept out of the published declarations, which never name zod.
 */
export function captchaRequestObject(z: ZodApi) {
  return z.strictObject({
    active_provider_id: z.string().max(ACTIVE_PROVIDER_ID_MAX_LENGTH).pipe(z.enum(CAPTCHA_PROVIDER_IDS)),
    ...requestBlocks(z),
    simple_captcha: freeForm(z),
  });
}

export const captchaPatchRequestSchema = schema<CaptchaPatchRequest>()((z) =>
  captchaRequestObject(z).partial(),
);

/** The answer: each request block without its credentials and without the request's rules (lengths). */
export const captchaResponseSchema = schema<CaptchaResponse>()((z) => {
  const blocks = requestBlocks(z);
  return z.looseObject({
    active_provider_id: z.string().optional(),
    arkose: tolerantOf(z, blocks.arkose.omit({ secret: true })).optional(),
    auth_challenge: tolerantOf(z, blocks.auth_challenge).optional(),
    hcaptcha: tolerantOf(z, blocks.hcaptcha.omit({ secret: true })).optional(),
    friendly_captcha: tolerantOf(z, blocks.friendly_captcha.omit({ secret: true })).optional(),
    recaptcha_enterprise: tolerantOf(z, blocks.recaptcha_enterprise.omit({ api_key: true })).optional(),
    recaptcha_v2: tolerantOf(z, blocks.recaptcha_v2.omit({ secret: true })).optional(),
    simple_captcha: freeForm(z).optional(),
  });
});

const CAPTCHA_PATH = "/attack-protection/captcha";

const CAPTCHA_HINTS = {
  401: "Check the client credentials or API token; a token for the CAPTCHA settings must belong to a global client",
  404: "The tenant has no CAPTCHA configuration yet",
} as const;

/** The CAPTCHA endpoints: only a global client may call them; the PATCH takes a form body too. */
const captchaEndpoints = documentEndpoints({
  path: CAPTCHA_PATH,
  scopes: { read: "read:attack_protection", update: "update:attack_protection" },
  globalClientOnly: true,
  encodings: ["json", "form"],
  hints: CAPTCHA_HINTS,
  request: captchaPatchRequestSchema,
  response: captchaResponseSchema,
});

/** `GET /attack-protection/captcha`: the configuration, without secrets. */
export const getCaptcha = captchaEndpoints.get;

/** `PATCH /attack-protection/captcha`: merges the body and answers the whole merged configuration. */
export const patchCaptcha = captchaEndpoints.patch;

/**
 * The active provider needs its block, with its credentials, in the same PATCH: a provider whose block the
 * tenant lacks cannot challenge anyone.
 */
function activeProviderRules(declared: Readonly<CaptchaPatchRequest>): DocumentRuleFailure[] {
  const active = declared.active_provider_id;
  if (active === undefined || !(CREDENTIAL_PROVIDER_IDS as readonly string[]).includes(active)) return [];
  if (declared[active as CredentialProviderId] !== undefined) return [];
  const block = active.replace(/(?<=[^_])_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
  return [
    {
      path: active,
      reason: `activeProviderId is "${active}", which needs credentials: declare the ${block} block in the same resource`,
    },
  ];
}

/**
 * The CAPTCHA configuration as a document: a new tenant has the platform's own challenge, failing closed,
 * and no third-party provider; `resetOnDelete` only makes the platform's challenge active again.
 */
export const captchaDocument = documentDescription<CaptchaPatchRequest, CaptchaResponse>()({
  name: "captchaConfig",
  label: "CAPTCHA configuration",
  resource: { type: "CaptchaConfig", docs: "docs/captcha-config.md" },
  get: getCaptcha,
  patch: patchCaptcha,
  secretFields: CAPTCHA_SECRET_FIELDS,
  newTenant: {
    active_provider_id: "auth_challenge",
    auth_challenge: { fail_open: false },
    simple_captcha: {},
  },
  reset: { active_provider_id: "auth_challenge" },
  entitlement: insufficientEntitlement("botDetection", "bot detection"),
  verbatim: ["simple_captcha"],
  // A provider never configured answers `site_key: ""` (recorded: a tenant that never configured CAPTCHA).
  unconfiguredWhen: { site_key: "" },
  undeclaredStay: { because: "the API cannot remove a provider's settings", except: ["active_provider_id"] },
  rules: activeProviderRules,
  missing: {
    status: 404,
    message: "The CAPTCHA configuration does not exist",
    errorCode: "inexistent_captcha_config",
  },
});
