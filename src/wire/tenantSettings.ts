import { z } from "zod";

import type { TenantSettingsField, TenantSettingsResponse } from "./model";
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
  session_cookie: z.looseObject({ mode: z.string().optional() }).optional(),
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
});

sameType<TenantSettingsResponse, z.infer<typeof tenantSettingsResponseSchema>>(true);

/** Top-level fields the platform returns beyond the spec; `fields` may name them too. */
export const PLATFORM_EXTRA_SETTINGS_FIELDS = ["universal_login"] as const;

/** Every top-level name `fields` may list: the spec's fields and the platform's extras. */
export const TENANT_SETTINGS_FIELDS = [
  ...(Object.keys(tenantSettingsResponseSchema.shape) as (keyof typeof tenantSettingsResponseSchema.shape)[]),
  ...PLATFORM_EXTRA_SETTINGS_FIELDS,
] as const;

sameType<TenantSettingsField, (typeof TENANT_SETTINGS_FIELDS)[number]>(true);

/**
 * Paths (dotted, `[]` for array items) of free-form maps inside tenant settings, whose keys are data,
 * not field names.
 */
export const TENANT_SETTINGS_VERBATIM_PATHS = [
  "security_headers.content_security_policy.policies[].directives",
  "security_headers.content_security_policy.reporting_infrastructure.reporting_endpoints",
] as const;
