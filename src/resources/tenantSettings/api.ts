import type * as Zod from "zod";

import type { ObjectIdentity } from "../../wire/document";
import { endpoint } from "../../wire/endpoint";
import type { ZodApi } from "../../wire/schema";
import { schema, stricterSchema } from "../../wire/schema";
import { ENABLED_LOCALES, TENANT_FLAG_NAMES, TENANT_SETTINGS_FIELDS } from "./names";

export { ENABLED_LOCALES, TENANT_FLAG_NAMES, TENANT_SETTINGS_FIELDS } from "./names";

/** A name `fields` may list. */
export type TenantSettingsField = (typeof TENANT_SETTINGS_FIELDS)[number];

/** Members the type names, plus whatever else the service returns. */
type Loose<T> = { [key: string]: unknown } & T extends infer Flat ? { [K in keyof Flat]: Flat[K] } : never;

/** `{enabled, html}`: the change-password and MFA page customisations. */
export type EnabledHtml = Loose<{ enabled?: boolean | undefined; html?: string | undefined }>;

/** A client-credentials token quota. */
export type ClientCredentialsQuota = Loose<{
  client_credentials?:
    | Loose<{ enforce?: boolean | undefined; per_day?: number | undefined; per_hour?: number | undefined }>
    | undefined;
}>;

/** The boolean tenant flags the spec lists; the service may return more. */
export type TenantFlags = Loose<{ [K in (typeof TENANT_FLAG_NAMES)[number]]?: boolean | undefined }>;

/** One content security policy. `directives` is a free-form map: its keys are kept verbatim. */
export type ContentSecurityPolicy = Loose<{
  directives?: Record<string, unknown> | undefined;
  flags?: unknown[] | undefined;
  reporting?: Loose<{ report_uri?: string | undefined; report_to_group?: string | undefined }> | undefined;
}>;

/** The tenant's security headers. `reporting_endpoints` is a free-form map: its keys are kept verbatim. */
export type SecurityHeaders = Loose<{
  content_security_policy?:
    | Loose<{
        enabled?: boolean | undefined;
        policies?: ContentSecurityPolicy[] | undefined;
        reporting_infrastructure?:
          | Loose<{
              report_to?:
                | Loose<{
                    group?: string | undefined;
                    max_age?: number | undefined;
                    endpoints?: Loose<{ url?: string | undefined }>[] | undefined;
                  }>
                | undefined;
              reporting_endpoints?: Record<string, unknown> | undefined;
            }>
          | undefined;
      }>
    | undefined;
  x_xss_protection?:
    | Loose<{ enabled?: boolean | undefined; mode?: string | undefined; report_uri?: string | undefined }>
    | undefined;
}>;

/**
 * The tenant settings as the service returns them. Every field is optional (the service returns only what is
 * set) and fields the spec does not list are kept, because the service adds them without a version change.
 * Nullable where the platform's OpenAPI says so.
 */
export type TenantSettingsResponse = Loose<{
  change_password?: EnabledHtml | null | undefined;
  guardian_mfa_page?: EnabledHtml | null | undefined;
  default_audience?: string | undefined;
  default_directory?: string | undefined;
  error_page?:
    | Loose<{ html?: string | undefined; show_log_link?: boolean | undefined; url?: string | undefined }>
    | null
    | undefined;
  device_flow?: Loose<{ charset?: string | undefined; mask?: string | undefined }> | null | undefined;
  default_token_quota?:
    | Loose<{
        clients?: ClientCredentialsQuota | undefined;
        organizations?: ClientCredentialsQuota | undefined;
      }>
    | null
    | undefined;
  flags?: TenantFlags | undefined;
  friendly_name?: string | undefined;
  picture_url?: string | undefined;
  support_email?: string | undefined;
  support_url?: string | undefined;
  allowed_logout_urls?: string[] | undefined;
  session_lifetime?: number | undefined;
  idle_session_lifetime?: number | undefined;
  ephemeral_session_lifetime?: number | undefined;
  idle_ephemeral_session_lifetime?: number | undefined;
  sandbox_version?: string | undefined;
  legacy_sandbox_version?: string | undefined;
  sandbox_versions_available?: string[] | undefined;
  default_redirection_uri?: string | undefined;
  enabled_locales?: string[] | undefined;
  security_headers?: SecurityHeaders | null | undefined;
  session_cookie?: Loose<{ mode?: string | undefined }> | null | undefined;
  sessions?: Loose<{ oidc_logout_prompt_enabled?: boolean | undefined }> | null | undefined;
  oidc_logout?: Loose<{ rp_logout_end_session_endpoint_discovery?: boolean | undefined }> | undefined;
  allow_organization_name_in_authentication_api?: boolean | undefined;
  customize_mfa_in_postlogin_action?: boolean | undefined;
  acr_values_supported?: string[] | null | undefined;
  mtls?: Loose<{ enable_endpoint_aliases?: boolean | undefined }> | null | undefined;
  pushed_authorization_requests_supported?: boolean | undefined;
  authorization_response_iss_parameter_supported?: boolean | null | undefined;
  skip_non_verifiable_callback_uri_confirmation_prompt?: boolean | null | undefined;
  resource_parameter_profile?: string | undefined;
  client_id_metadata_document_supported?: boolean | undefined;
  phone_consolidated_experience?: boolean | undefined;
  enable_ai_guide?: boolean | undefined;
  include_session_metadata_in_tenant_logs?: boolean | undefined;
  dynamic_client_registration_security_mode?: string | undefined;
  country_codes?: Loose<{ list?: string[] | undefined; mode?: string | undefined }> | null | undefined;
  universal_login?:
    Loose<{ colors?: Loose<object> | undefined; passwordless?: Loose<object> | undefined }> | undefined;
}>;

/** Members the platform returns but does not take in a PATCH. */
const READ_ONLY_FIELDS = ["sandbox_versions_available"] as const;

/** Session lifetimes a PATCH may also give in minutes (`<name>_in_minutes`); they are stored in hours. */
export const LIFETIMES_IN_MINUTES = [
  "session_lifetime",
  "idle_session_lifetime",
  "ephemeral_session_lifetime",
  "idle_ephemeral_session_lifetime",
] as const;

const loose = (z: ZodApi) => z.looseObject({});

/** Every member the platform documents (each optional; nullable where its OpenAPI says so). */
function settingsShape(z: ZodApi) {
  const text = () => z.string().optional();
  const flag = () => z.boolean().optional();
  const number = () => z.number().optional();
  const enabledHtml = () => z.looseObject({ enabled: flag(), html: text() }).nullable().optional();
  const quota = () =>
    z
      .looseObject({
        client_credentials: z
          .looseObject({ enforce: flag(), per_day: number(), per_hour: number() })
          .optional(),
      })
      .optional();
  const freeForm = () => z.record(z.string(), z.unknown()).optional();
  return {
    change_password: enabledHtml(),
    guardian_mfa_page: enabledHtml(),
    default_audience: text(),
    default_directory: text(),
    error_page: z.looseObject({ html: text(), show_log_link: flag(), url: text() }).nullable().optional(),
    device_flow: z.looseObject({ charset: text(), mask: text() }).nullable().optional(),
    default_token_quota: z.looseObject({ clients: quota(), organizations: quota() }).nullable().optional(),
    flags: z
      .looseObject(
        Object.fromEntries(TENANT_FLAG_NAMES.map((name) => [name, flag()])) as {
          [K in (typeof TENANT_FLAG_NAMES)[number]]: ReturnType<typeof flag>;
        },
      )
      .optional(),
    friendly_name: text(),
    picture_url: text(),
    support_email: text(),
    support_url: text(),
    allowed_logout_urls: z.array(z.string()).optional(),
    session_lifetime: number(),
    idle_session_lifetime: number(),
    ephemeral_session_lifetime: number(),
    idle_ephemeral_session_lifetime: number(),
    sandbox_version: text(),
    legacy_sandbox_version: text(),
    sandbox_versions_available: z.array(z.string()).optional(),
    default_redirection_uri: text(),
    enabled_locales: z.array(z.string()).optional(),
    security_headers: z
      .looseObject({
        content_security_policy: z
          .looseObject({
            enabled: flag(),
            policies: z
              .array(
                z.looseObject({
                  directives: freeForm(),
                  flags: z.array(z.unknown()).optional(),
                  reporting: z.looseObject({ report_uri: text(), report_to_group: text() }).optional(),
                }),
              )
              .optional(),
            reporting_infrastructure: z
              .looseObject({
                report_to: z
                  .looseObject({
                    group: text(),
                    max_age: number(),
                    endpoints: z.array(z.looseObject({ url: text() })).optional(),
                  })
                  .optional(),
                reporting_endpoints: freeForm(),
              })
              .optional(),
          })
          .optional(),
        x_xss_protection: z.looseObject({ enabled: flag(), mode: text(), report_uri: text() }).optional(),
      })
      .nullable()
      .optional(),
    session_cookie: z.looseObject({ mode: text() }).nullable().optional(),
    sessions: z.looseObject({ oidc_logout_prompt_enabled: flag() }).nullable().optional(),
    oidc_logout: z.looseObject({ rp_logout_end_session_endpoint_discovery: flag() }).optional(),
    allow_organization_name_in_authentication_api: flag(),
    customize_mfa_in_postlogin_action: flag(),
    acr_values_supported: z.array(z.string()).nullable().optional(),
    mtls: z.looseObject({ enable_endpoint_aliases: flag() }).nullable().optional(),
    pushed_authorization_requests_supported: flag(),
    authorization_response_iss_parameter_supported: z.boolean().nullable().optional(),
    skip_non_verifiable_callback_uri_confirmation_prompt: z.boolean().nullable().optional(),
    resource_parameter_profile: text(),
    client_id_metadata_document_supported: flag(),
    phone_consolidated_experience: flag(),
    enable_ai_guide: flag(),
    include_session_metadata_in_tenant_logs: flag(),
    dynamic_client_registration_security_mode: text(),
    country_codes: z
      .looseObject({ list: z.array(z.string()).optional(), mode: text() })
      .nullable()
      .optional(),
    universal_login: z
      .looseObject({ colors: loose(z).optional(), passwordless: loose(z).optional() })
      .optional(),
  };
}

export const tenantSettingsResponseSchema = schema<TenantSettingsResponse>()((z) =>
  z.looseObject(settingsShape(z)),
);

/** Loose objects made strict at every depth, except free-form maps (records), which stay as they are. */
function strict(z: ZodApi, type: Zod.ZodType): Zod.ZodType {
  if (type instanceof z.ZodOptional) return strict(z, type.unwrap() as Zod.ZodType).optional();
  if (type instanceof z.ZodNullable) return strict(z, type.unwrap() as Zod.ZodType).nullable();
  if (type instanceof z.ZodArray) return z.array(strict(z, type.element as Zod.ZodType));
  if (type instanceof z.ZodObject) {
    const shape = type.shape as Record<string, Zod.ZodType>;
    return z.strictObject(
      Object.fromEntries(Object.entries(shape).map(([key, member]) => [key, strict(z, member)])),
    );
  }
  return type;
}

/** A settings PATCH body as this package reads it: the response's members, any of them, or `null` to remove one. */
export type TenantSettingsPatch = { [key: string]: unknown };

/**
 * The `PATCH /tenants/settings` body, as recorded real tenants take it: the writable members of the response,
 * strict at every level (an unknown property is a 400) except `flags` (any boolean flag; real tenants take
 * flags the OpenAPI does not list) and `universal_login`; `null` for a nullable member removes it; each
 * session lifetime may also be given `_in_minutes`; and the platform's limits (known locales, lifetimes of at
 * least an hour, quotas of at least 1).
 */
export const tenantSettingsPatchSchema = stricterSchema<TenantSettingsPatch>()((z) => {
  const shape = settingsShape(z);
  const writable = Object.fromEntries(
    Object.entries(shape)
      .filter(([key]) => !(READ_ONLY_FIELDS as readonly string[]).includes(key))
      .map(([key, member]) => [key, strict(z, member)]),
  );
  const quota = z
    .strictObject({
      client_credentials: z
        .strictObject({
          enforce: z.boolean().optional(),
          per_day: z.number().int().min(1).optional(),
          per_hour: z.number().int().min(1).optional(),
        })
        .optional(),
    })
    .optional();
  return z.strictObject({
    ...writable,
    ...Object.fromEntries(
      LIFETIMES_IN_MINUTES.map((name) => [`${name}_in_minutes`, z.number().min(1).optional()]),
    ),
    flags: z.record(z.string(), z.boolean()).optional(),
    universal_login: shape.universal_login,
    enabled_locales: z.array(z.enum(ENABLED_LOCALES)).optional(),
    ephemeral_session_lifetime: z.number().min(1).optional(),
    idle_ephemeral_session_lifetime: z.number().min(1).optional(),
    default_token_quota: z.strictObject({ clients: quota, organizations: quota }).nullable().optional(),
    session_cookie: z.strictObject({ mode: z.string() }).nullable().optional(),
    resource_parameter_profile: z.enum(["audience", "compatibility"]).optional(),
    dynamic_client_registration_security_mode: z.enum(["strict", "permissive"]).optional(),
    country_codes: z
      .strictObject({ list: z.array(z.string()), mode: z.enum(["allow", "deny"]).optional() })
      .nullable()
      .optional(),
  });
});

/** Paths (dotted, `[]` for array items) of free-form maps inside tenant settings, whose keys are data. */
export const TENANT_SETTINGS_VERBATIM_PATHS = [
  "security_headers.content_security_policy.policies[].directives",
  "security_headers.content_security_policy.reporting_infrastructure.reporting_endpoints",
] as const;

/**
 * Whether the tenant uses the Unified Phone Experience, from its settings: a tenant that does not return
 * `phone_consolidated_experience` counts as enrolled, as the platform's Terraform provider reads it (new
 * tenants are enrolled; older ones may still use the legacy set-up).
 */
export function usesUnifiedPhoneExperience(settings: TenantSettingsResponse): boolean {
  return settings.phone_consolidated_experience !== false;
}

/**
 * The settings a preview's checks of phone messages read (the friendly name of the SMS previews, the phone
 * generation): one query for every resource, so a provider process sends it once (`readOnce`).
 */
export const PHONE_PREVIEW_SETTINGS_QUERY: Readonly<Record<string, string>> = {
  fields: "friendly_name,phone_consolidated_experience",
  include_fields: "true",
};

/** The path of the settings. */
export const TENANT_SETTINGS_PATH = "/tenants/settings";

/**
 * `GET /tenants/settings`, optionally narrowed with `fields` (names of {@link TENANT_SETTINGS_FIELDS} joined by
 * commas) and `include_fields`.
 */
export const getTenantSettings = endpoint<undefined, TenantSettingsResponse>({
  method: "GET",
  path: TENANT_SETTINGS_PATH,
  scope: "read:tenant_settings",
  response: tenantSettingsResponseSchema,
  hints: { 400: "Check the names passed in fields" },
});

/** `PATCH /tenants/settings` (the emulator's, and the official SDKs'; the package never changes settings). */
export const patchTenantSettings = endpoint<TenantSettingsPatch, TenantSettingsResponse>({
  method: "PATCH",
  path: TENANT_SETTINGS_PATH,
  scope: "update:tenant_settings",
  request: tenantSettingsPatchSchema,
  encodings: ["json", "form"],
  response: tenantSettingsResponseSchema,
  hints: { 400: "Check the settings sent: only the writable settings fields, with their types" },
});

/**
 * The query of a settings read narrowed to `fields`: `include_fields` defaults to `true`, as the official
 * SDKs send it. Checks every name first.
 *
 * @throws TypeError naming the unknown fields and the valid ones
 */
export function settingsQuery(
  fields: readonly string[] = [],
  includeFields?: boolean,
): Record<string, string> {
  const unique = [...new Set(fields)];
  const unknown = unique.filter((field) => !(TENANT_SETTINGS_FIELDS as readonly string[]).includes(field));
  if (unknown.length > 0) {
    throw new TypeError(
      `unknown tenant settings field${unknown.length > 1 ? "s" : ""} ${unknown.map((f) => JSON.stringify(f)).join(", ")}; ` +
        `valid fields: ${TENANT_SETTINGS_FIELDS.join(", ")}`,
    );
  }
  const query: Record<string, string> = {};
  if (unique.length > 0) query["fields"] = unique.join(",");
  if (unique.length > 0 || includeFields !== undefined)
    query["include_fields"] = String(includeFields ?? true);
  return query;
}

/** Who the tenant settings are: read by the package (a data source), managed by no resource. */
export const tenantSettingsIdentity = {
  name: "tenantSettings",
  label: "tenant settings",
} as const satisfies ObjectIdentity;
