import { z } from "zod";

import { ENABLED_LOCALES } from "./model";
import type { TenantSettingsField, TenantSettingsPatchRequest, TenantSettingsResponse } from "./model";
import { sameType } from "./sameType";

/** The boolean members of `flags` the spec lists; the service may return more. */
export const TENANT_FLAG_NAMES = [
  "change_pwd_flow_v1",
  "enable_apis_section",
  "disable_impersonation",
  "enable_client_connections",
  "enable_pipeline2",
  "allow_legacy_delegation_grant_types",
  "allow_legacy_ro_grant_types",
  "allow_legacy_tokeninfo_endpoint",
  "enable_legacy_profile",
  "enable_idtoken_api2",
  "enable_public_signup_user_exists_error",
  "enable_sso",
  "allow_changing_enable_sso",
  "disable_clickjack_protection_headers",
  "no_disclose_enterprise_connections",
  "enforce_client_authentication_on_passwordless_start",
  "enable_adfs_waad_email_verification",
  "revoke_refresh_token_grant",
  "dashboard_log_streams_next",
  "dashboard_insights_view",
  "disable_fields_map_fix",
  "mfa_show_factor_list_on_enrollment",
  "remove_alg_from_jwks",
  "improved_signup_bot_detection_in_classic",
  "genai_trial",
  "enable_dynamic_client_registration",
  "disable_management_api_sms_obfuscation",
  "trust_azure_adfs_email_verified_connection_property",
  "custom_domains_provisioning",
] as const;

const flagsSchema = z.looseObject(
  Object.fromEntries(TENANT_FLAG_NAMES.map((name) => [name, z.boolean().optional()])) as Record<
    (typeof TENANT_FLAG_NAMES)[number],
    z.ZodOptional<z.ZodBoolean>
  >,
);

const clientCredentialsQuotaSchema = z.looseObject({
  client_credentials: z
    .looseObject({
      enforce: z.boolean().optional(),
      per_day: z.number().optional(),
      per_hour: z.number().optional(),
    })
    .optional(),
});

/** Free-form maps whose keys are kept verbatim (CSP directive names, reporting endpoint names). */
const freeFormMap = z.record(z.string(), z.unknown());

const securityHeadersSchema = z.looseObject({
  content_security_policy: z
    .looseObject({
      enabled: z.boolean().optional(),
      policies: z
        .array(
          z.looseObject({
            directives: freeFormMap.optional(),
            flags: z.array(z.unknown()).optional(),
            reporting: z
              .looseObject({ report_uri: z.string().optional(), report_to_group: z.string().optional() })
              .optional(),
          }),
        )
        .optional(),
      reporting_infrastructure: z
        .looseObject({
          report_to: z
            .looseObject({
              group: z.string().optional(),
              max_age: z.number().optional(),
              endpoints: z.array(z.looseObject({ url: z.string().optional() })).optional(),
            })
            .optional(),
          reporting_endpoints: freeFormMap.optional(),
        })
        .optional(),
    })
    .optional(),
  x_xss_protection: z
    .looseObject({
      enabled: z.boolean().optional(),
      mode: z.string().optional(),
      report_uri: z.string().optional(),
    })
    .optional(),
});

const enabledHtmlSchema = z.looseObject({ enabled: z.boolean().optional(), html: z.string().optional() });

/**
 * The tenant settings GET response (`OPERATIONS.getTenantSettings`). Every field is optional (the service returns only what is set) and
 * fields the spec does not list are kept, because the service adds them without a version change.
 */
export const tenantSettingsResponseSchema = z.looseObject({
  change_password: enabledHtmlSchema.nullable().optional(),
  guardian_mfa_page: enabledHtmlSchema.nullable().optional(),
  default_audience: z.string().optional(),
  default_directory: z.string().optional(),
  error_page: z
    .looseObject({
      html: z.string().optional(),
      show_log_link: z.boolean().optional(),
      url: z.string().optional(),
    })
    .nullable()
    .optional(),
  device_flow: z
    .looseObject({ charset: z.string().optional(), mask: z.string().optional() })
    .nullable()
    .optional(),
  default_token_quota: z
    .looseObject({
      clients: clientCredentialsQuotaSchema.optional(),
      organizations: clientCredentialsQuotaSchema.optional(),
    })
    .nullable()
    .optional(),
  flags: flagsSchema.optional(),
  friendly_name: z.string().optional(),
  picture_url: z.string().optional(),
  support_email: z.string().optional(),
  support_url: z.string().optional(),
  allowed_logout_urls: z.array(z.string()).optional(),
  session_lifetime: z.number().optional(),
  idle_session_lifetime: z.number().optional(),
  ephemeral_session_lifetime: z.number().optional(),
  idle_ephemeral_session_lifetime: z.number().optional(),
  sandbox_version: z.string().optional(),
  legacy_sandbox_version: z.string().optional(),
  sandbox_versions_available: z.array(z.string()).optional(),
  default_redirection_uri: z.string().optional(),
  enabled_locales: z.array(z.string()).optional(),
  security_headers: securityHeadersSchema.nullable().optional(),
  session_cookie: z.looseObject({ mode: z.string().optional() }).nullable().optional(),
  sessions: z.looseObject({ oidc_logout_prompt_enabled: z.boolean().optional() }).nullable().optional(),
  oidc_logout: z.looseObject({ rp_logout_end_session_endpoint_discovery: z.boolean().optional() }).optional(),
  allow_organization_name_in_authentication_api: z.boolean().optional(),
  customize_mfa_in_postlogin_action: z.boolean().optional(),
  acr_values_supported: z.array(z.string()).nullable().optional(),
  mtls: z.looseObject({ enable_endpoint_aliases: z.boolean().optional() }).nullable().optional(),
  pushed_authorization_requests_supported: z.boolean().optional(),
  authorization_response_iss_parameter_supported: z.boolean().nullable().optional(),
  skip_non_verifiable_callback_uri_confirmation_prompt: z.boolean().nullable().optional(),
  resource_parameter_profile: z.string().optional(),
  client_id_metadata_document_supported: z.boolean().optional(),
  phone_consolidated_experience: z.boolean().optional(),
  enable_ai_guide: z.boolean().optional(),
  include_session_metadata_in_tenant_logs: z.boolean().optional(),
  dynamic_client_registration_security_mode: z.string().optional(),
  country_codes: z.looseObject({ list: z.array(z.string()).optional() }).optional(),
  universal_login: z
    .looseObject({ colors: z.looseObject({}).optional(), passwordless: z.looseObject({}).optional() })
    .optional(),
});

sameType<TenantSettingsResponse, z.infer<typeof tenantSettingsResponseSchema>>(true);

const flagsPatchSchema = z.strictObject(
  Object.fromEntries(TENANT_FLAG_NAMES.map((name) => [name, z.boolean().optional()])) as Record<
    (typeof TENANT_FLAG_NAMES)[number],
    z.ZodOptional<z.ZodBoolean>
  >,
);

const quotaPatchSchema = z.strictObject({
  client_credentials: z
    .strictObject({
      enforce: z.boolean().optional(),
      per_day: z.number().int().min(1).optional(),
      per_hour: z.number().int().min(1).optional(),
    })
    .optional(),
});

const enabledHtmlPatchSchema = z.strictObject({
  enabled: z.boolean().optional(),
  html: z.string().optional(),
});

/**
 * PATCH /tenants/settings body: the spec's settings fields (2.2) that can be written, each optional; the
 * object and its nested objects are strict, so an unknown property is a 400 as the platform answers.
 * Nullable where the spec says "or null".
 */
export const tenantSettingsPatchRequestSchema = z.strictObject({
  change_password: enabledHtmlPatchSchema.nullable().optional(),
  guardian_mfa_page: enabledHtmlPatchSchema.nullable().optional(),
  default_audience: z.string().optional(),
  default_directory: z.string().optional(),
  error_page: z
    .strictObject({
      html: z.string().optional(),
      show_log_link: z.boolean().optional(),
      url: z.string().optional(),
    })
    .nullable()
    .optional(),
  device_flow: z
    .strictObject({ charset: z.string().optional(), mask: z.string().optional() })
    .nullable()
    .optional(),
  default_token_quota: z
    .strictObject({ clients: quotaPatchSchema.optional(), organizations: quotaPatchSchema.optional() })
    .nullable()
    .optional(),
  flags: flagsPatchSchema.optional(),
  friendly_name: z.string().optional(),
  picture_url: z.string().optional(),
  support_email: z.string().optional(),
  support_url: z.string().optional(),
  allowed_logout_urls: z.array(z.string()).optional(),
  session_lifetime: z.number().optional(),
  idle_session_lifetime: z.number().optional(),
  ephemeral_session_lifetime: z.number().min(1).optional(),
  idle_ephemeral_session_lifetime: z.number().min(1).optional(),
  sandbox_version: z.string().optional(),
  legacy_sandbox_version: z.string().optional(),
  default_redirection_uri: z.string().optional(),
  enabled_locales: z.array(z.enum(ENABLED_LOCALES)).optional(),
  security_headers: securityHeadersSchema.nullable().optional(),
  session_cookie: z.strictObject({ mode: z.string() }).nullable().optional(),
  sessions: z.strictObject({ oidc_logout_prompt_enabled: z.boolean().optional() }).nullable().optional(),
  oidc_logout: z
    .strictObject({ rp_logout_end_session_endpoint_discovery: z.boolean().optional() })
    .optional(),
  allow_organization_name_in_authentication_api: z.boolean().optional(),
  customize_mfa_in_postlogin_action: z.boolean().optional(),
  acr_values_supported: z.array(z.string()).nullable().optional(),
  mtls: z.strictObject({ enable_endpoint_aliases: z.boolean().optional() }).nullable().optional(),
  pushed_authorization_requests_supported: z.boolean().optional(),
  authorization_response_iss_parameter_supported: z.boolean().nullable().optional(),
  skip_non_verifiable_callback_uri_confirmation_prompt: z.boolean().nullable().optional(),
  resource_parameter_profile: z.enum(["audience", "compatibility"]).optional(),
  client_id_metadata_document_supported: z.boolean().optional(),
  phone_consolidated_experience: z.boolean().optional(),
  enable_ai_guide: z.boolean().optional(),
  include_session_metadata_in_tenant_logs: z.boolean().optional(),
  dynamic_client_registration_security_mode: z.enum(["strict", "permissive"]).optional(),
  country_codes: z.strictObject({ list: z.array(z.string()) }).optional(),
});

sameType<TenantSettingsPatchRequest, z.infer<typeof tenantSettingsPatchRequestSchema>>(true);

/**
 * Every name `fields` may list, exactly as the platform's published OpenAPI pattern enumerates them (the last
 * version that documented one). Response properties outside it (`sandbox_version`, `guardian_mfa_page`, …)
 * cannot be requested by name: leave `fields` out to get everything. Two names are nested
 * (`universal_login.colors`, `universal_login.passwordless`).
 */
export const TENANT_SETTINGS_FIELDS = [
  "allowed_logout_urls",
  "change_password",
  "default_token_quota",
  "error_page",
  "flags",
  "friendly_name",
  "picture_url",
  "support_email",
  "support_url",
  "session_lifetime",
  "default_audience",
  "default_directory",
  "device_flow",
  "idle_session_lifetime",
  "ephemeral_session_lifetime",
  "idle_ephemeral_session_lifetime",
  "default_redirection_uri",
  "universal_login",
  "universal_login.colors",
  "universal_login.passwordless",
  "enabled_locales",
  "session_cookie",
  "sessions",
  "oidc_logout",
  "allow_organization_name_in_authentication_api",
  "mtls",
  "customize_mfa_in_postlogin_action",
  "skip_non_verifiable_callback_uri_confirmation_prompt",
  "resource_parameter_profile",
  "enable_ai_guide",
  "client_id_metadata_document_supported",
  "phone_consolidated_experience",
] as const;

sameType<TenantSettingsField, (typeof TENANT_SETTINGS_FIELDS)[number]>(true);

const escapeName = (name: string): string => name.replace(/\./g, "\\.");
const FIELD_ALTERNATIVES = TENANT_SETTINGS_FIELDS.map((name) => `(${escapeName(name)})`).join("|");

/**
 * The OpenAPI pattern of the `fields` query parameter: one or more {@link TENANT_SETTINGS_FIELDS} joined by
 * commas only (no spaces, no empty entries).
 */
export const TENANT_SETTINGS_FIELDS_PATTERN = new RegExp(
  `^(${FIELD_ALTERNATIVES})(,(${FIELD_ALTERNATIVES}))*$`,
);

/**
 * Checks a `fields` query value against {@link TENANT_SETTINGS_FIELDS_PATTERN}: the listed names, or
 * `undefined` when the value does not match.
 */
export function parseTenantSettingsFields(value: string): TenantSettingsField[] | undefined {
  if (!TENANT_SETTINGS_FIELDS_PATTERN.test(value)) return undefined;
  return value.split(",") as TenantSettingsField[];
}

/**
 * Paths (dotted, `[]` for array items) of free-form maps inside tenant settings, whose keys are data,
 * not field names.
 */
export const TENANT_SETTINGS_VERBATIM_PATHS = [
  "security_headers.content_security_policy.policies[].directives",
  "security_headers.content_security_policy.reporting_infrastructure.reporting_endpoints",
] as const;
