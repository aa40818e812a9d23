/**
 * The wire objects as plain TypeScript types and constants, without zod. The package's public
 * declarations reference these (never a zod type), so they compile in any project, whatever its
 * `esModuleInterop` and `lib` settings. Each type is checked at compile time to be exactly the `z.infer`
 * of its schema (see `sameType` beside each schema), so the two cannot drift apart.
 */

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

/** The provider blocks that carry credentials; the others configure options only. */
export const CREDENTIAL_PROVIDER_IDS = [
  "arkose",
  "friendly_captcha",
  "hcaptcha",
  "recaptcha_v2",
  "recaptcha_enterprise",
] as const satisfies readonly CaptchaProviderId[];

/** The fields of the provider blocks that hold credentials: sent, stored, never returned. */
export const CAPTCHA_SECRET_FIELDS = ["secret", "api_key"] as const;

/** A CAPTCHA provider id: `arkose`, `auth_challenge`, `friendly_captcha`, `hcaptcha`, `recaptcha_v2`, `recaptcha_enterprise` or `simple_captcha`. */
export type CaptchaProviderId = (typeof CAPTCHA_PROVIDER_IDS)[number];

/** Locales the service accepts in `enabled_locales`. */
export const ENABLED_LOCALES = [
  "am", "ar", "ar-EG", "ar-SA", "az", "bg", "bn", "bs", "ca-ES", "cnr", "cs", "cy", "da", "de", "el", "en",
  "en-CA", "es", "es-419", "es-AR", "es-MX", "et", "eu-ES", "fa", "fi", "fr", "fr-CA", "fr-FR", "gl-ES", "gu",
  "he", "hi", "hr", "hu", "hy", "id", "is", "it", "ja", "ka", "kk", "kn", "ko", "lt", "lv", "mk", "ml", "mn",
  "mr", "ms", "my", "nb", "nl", "nn", "no", "pa", "pl", "pt", "pt-BR", "pt-PT", "ro", "ru", "sk", "sl", "so",
  "sq", "sr", "sv", "sw", "ta", "te", "th", "tl", "tr", "uk", "ur", "vi", "zgh", "zh-CN", "zh-HK", "zh-MO",
  "zh-TW",
] as const; // prettier-ignore

/** The platform's default phone templates, exactly as a new tenant has them. */
export const DEFAULT_PHONE_TEMPLATES = {
  enrollment_message:
    "{{code}} is your verification code for {{tenant.friendly_name}}. Please enter this code to verify your enrollment.",
  verification_message: "{{code}} is your verification code for {{tenant.friendly_name}}",
} as const;

/** `site_key` and `secret`: the request block of hcaptcha, friendly_captcha and recaptcha_v2. */
export type SiteKeySecretRequest = {
  site_key: string;
  secret: string;
};

/** The arkose request block. */
export type ArkoseRequest = {
  site_key: string;
  secret: string;
  client_subdomain?: string | undefined;
  verify_subdomain?: string | undefined;
  fail_open?: boolean | undefined;
};

/** The recaptcha_enterprise request block. */
export type RecaptchaEnterpriseRequest = {
  site_key: string;
  api_key: string;
  project_id: string;
};

/** The CAPTCHA PATCH body (`OPERATIONS.patchCaptcha`): every property optional, none other accepted. */
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

/** A response block that carries only a site key (and whatever the service adds). */
export interface SiteKeyResponse {
  [key: string]: unknown;
  site_key?: string | undefined;
}

/** The CAPTCHA GET and PATCH response: never `secret` or `api_key`; unknown fields kept. */
export interface CaptchaResponse {
  [key: string]: unknown;
  active_provider_id?: string | undefined;
  arkose?:
    | {
        [key: string]: unknown;
        site_key?: string | undefined;
        fail_open?: boolean | undefined;
        client_subdomain?: string | undefined;
        verify_subdomain?: string | undefined;
      }
    | undefined;
  auth_challenge?: { [key: string]: unknown; fail_open?: boolean | undefined } | undefined;
  hcaptcha?: SiteKeyResponse | undefined;
  friendly_captcha?: SiteKeyResponse | undefined;
  recaptcha_enterprise?:
    { [key: string]: unknown; site_key?: string | undefined; project_id?: string | undefined } | undefined;
  recaptcha_v2?: SiteKeyResponse | undefined;
  simple_captcha?: Record<string, unknown> | undefined;
}

/** The phone templates PUT body (`OPERATIONS.putPhoneTemplates`): both fields required, no others. */
export type PhoneTemplatesRequest = {
  enrollment_message: string;
  verification_message: string;
};

/** The phone templates GET and PUT response: the stored templates. */
export interface PhoneTemplatesResponse {
  [key: string]: unknown;
  enrollment_message: string;
  verification_message: string;
}

/** `{enabled, html}`: the change-password and MFA page customisations. */
export interface EnabledHtml {
  [key: string]: unknown;
  enabled?: boolean | undefined;
  html?: string | undefined;
}

/** A client-credentials token quota. */
export interface ClientCredentialsQuota {
  [key: string]: unknown;
  client_credentials?:
    | {
        [key: string]: unknown;
        enforce?: boolean | undefined;
        per_day?: number | undefined;
        per_hour?: number | undefined;
      }
    | undefined;
}

/** The boolean tenant flags the spec lists; the service may return more. */
export interface TenantFlags {
  [key: string]: unknown;
  change_pwd_flow_v1?: boolean | undefined;
  enable_apis_section?: boolean | undefined;
  disable_impersonation?: boolean | undefined;
  enable_client_connections?: boolean | undefined;
  enable_pipeline2?: boolean | undefined;
  allow_legacy_delegation_grant_types?: boolean | undefined;
  allow_legacy_ro_grant_types?: boolean | undefined;
  allow_legacy_tokeninfo_endpoint?: boolean | undefined;
  enable_legacy_profile?: boolean | undefined;
  enable_idtoken_api2?: boolean | undefined;
  enable_public_signup_user_exists_error?: boolean | undefined;
  enable_sso?: boolean | undefined;
  allow_changing_enable_sso?: boolean | undefined;
  disable_clickjack_protection_headers?: boolean | undefined;
  no_disclose_enterprise_connections?: boolean | undefined;
  enforce_client_authentication_on_passwordless_start?: boolean | undefined;
  enable_adfs_waad_email_verification?: boolean | undefined;
  revoke_refresh_token_grant?: boolean | undefined;
  dashboard_log_streams_next?: boolean | undefined;
  dashboard_insights_view?: boolean | undefined;
  disable_fields_map_fix?: boolean | undefined;
  mfa_show_factor_list_on_enrollment?: boolean | undefined;
  remove_alg_from_jwks?: boolean | undefined;
  improved_signup_bot_detection_in_classic?: boolean | undefined;
  genai_trial?: boolean | undefined;
  enable_dynamic_client_registration?: boolean | undefined;
  disable_management_api_sms_obfuscation?: boolean | undefined;
  trust_azure_adfs_email_verified_connection_property?: boolean | undefined;
  custom_domains_provisioning?: boolean | undefined;
}

/** One content security policy. `directives` is a free-form map: its keys are kept verbatim. */
export interface ContentSecurityPolicy {
  [key: string]: unknown;
  directives?: Record<string, unknown> | undefined;
  flags?: unknown[] | undefined;
  reporting?:
    | { [key: string]: unknown; report_uri?: string | undefined; report_to_group?: string | undefined }
    | undefined;
}

/** The tenant's security headers. `reporting_endpoints` is a free-form map: its keys are kept verbatim. */
export interface SecurityHeaders {
  [key: string]: unknown;
  content_security_policy?:
    | {
        [key: string]: unknown;
        enabled?: boolean | undefined;
        policies?: ContentSecurityPolicy[] | undefined;
        reporting_infrastructure?:
          | {
              [key: string]: unknown;
              report_to?:
                | {
                    [key: string]: unknown;
                    group?: string | undefined;
                    max_age?: number | undefined;
                    endpoints?: { [key: string]: unknown; url?: string | undefined }[] | undefined;
                  }
                | undefined;
              reporting_endpoints?: Record<string, unknown> | undefined;
            }
          | undefined;
      }
    | undefined;
  x_xss_protection?:
    | {
        [key: string]: unknown;
        enabled?: boolean | undefined;
        mode?: string | undefined;
        report_uri?: string | undefined;
      }
    | undefined;
}

/**
 * The tenant settings GET response (`OPERATIONS.getTenantSettings`). Every field is optional (the service returns only what is set) and
 * fields the spec does not list are kept, because the service adds them without a version change.
 */
export interface TenantSettingsResponse {
  [key: string]: unknown;
  change_password?: EnabledHtml | null | undefined;
  guardian_mfa_page?: EnabledHtml | null | undefined;
  default_audience?: string | undefined;
  default_directory?: string | undefined;
  error_page?:
    | {
        [key: string]: unknown;
        html?: string | undefined;
        show_log_link?: boolean | undefined;
        url?: string | undefined;
      }
    | null
    | undefined;
  device_flow?:
    { [key: string]: unknown; charset?: string | undefined; mask?: string | undefined } | null | undefined;
  default_token_quota?:
    | {
        [key: string]: unknown;
        clients?: ClientCredentialsQuota | undefined;
        organizations?: ClientCredentialsQuota | undefined;
      }
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
  session_cookie?: { [key: string]: unknown; mode?: string | undefined } | null | undefined;
  sessions?: { [key: string]: unknown; oidc_logout_prompt_enabled?: boolean | undefined } | null | undefined;
  oidc_logout?:
    { [key: string]: unknown; rp_logout_end_session_endpoint_discovery?: boolean | undefined } | undefined;
  allow_organization_name_in_authentication_api?: boolean | undefined;
  customize_mfa_in_postlogin_action?: boolean | undefined;
  acr_values_supported?: string[] | null | undefined;
  mtls?: { [key: string]: unknown; enable_endpoint_aliases?: boolean | undefined } | null | undefined;
  pushed_authorization_requests_supported?: boolean | undefined;
  authorization_response_iss_parameter_supported?: boolean | null | undefined;
  skip_non_verifiable_callback_uri_confirmation_prompt?: boolean | null | undefined;
  resource_parameter_profile?: string | undefined;
  client_id_metadata_document_supported?: boolean | undefined;
  phone_consolidated_experience?: boolean | undefined;
  enable_ai_guide?: boolean | undefined;
  include_session_metadata_in_tenant_logs?: boolean | undefined;
  dynamic_client_registration_security_mode?: string | undefined;
  country_codes?: { [key: string]: unknown; list?: string[] | undefined } | undefined;
  universal_login?:
    | {
        [key: string]: unknown;
        colors?: { [key: string]: unknown } | undefined;
        passwordless?: { [key: string]: unknown } | undefined;
      }
    | undefined;
}

/** The names of the fields a type declares, without its index signature. */
type DeclaredKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] };

/**
 * Every name `fields` may list, as the platform's published OpenAPI pattern enumerates them (two are nested:
 * `universal_login.colors`, `universal_login.passwordless`). Checked equal to `TENANT_SETTINGS_FIELDS`.
 */
export type TenantSettingsField =
  | "allowed_logout_urls"
  | "change_password"
  | "default_token_quota"
  | "error_page"
  | "flags"
  | "friendly_name"
  | "picture_url"
  | "support_email"
  | "support_url"
  | "session_lifetime"
  | "default_audience"
  | "default_directory"
  | "device_flow"
  | "idle_session_lifetime"
  | "ephemeral_session_lifetime"
  | "idle_ephemeral_session_lifetime"
  | "default_redirection_uri"
  | "universal_login"
  | "universal_login.colors"
  | "universal_login.passwordless"
  | "enabled_locales"
  | "session_cookie"
  | "sessions"
  | "oidc_logout"
  | "allow_organization_name_in_authentication_api"
  | "mtls"
  | "customize_mfa_in_postlogin_action"
  | "skip_non_verifiable_callback_uri_confirmation_prompt"
  | "resource_parameter_profile"
  | "enable_ai_guide"
  | "client_id_metadata_document_supported"
  | "phone_consolidated_experience";

/** `{enabled, html}` as the settings PATCH takes it. */
export type EnabledHtmlPatch = { enabled?: boolean | undefined; html?: string | undefined };

/** A client-credentials token quota as the settings PATCH takes it. */
export type ClientCredentialsQuotaPatch = {
  client_credentials?:
    | { enforce?: boolean | undefined; per_day?: number | undefined; per_hour?: number | undefined }
    | undefined;
};

/**
 * The `PATCH /tenants/settings` body (`OPERATIONS.patchTenantSettings`): the spec's writable settings, each
 * optional; unknown properties are refused (400), at every level.
 */
export type TenantSettingsPatchRequest = {
  change_password?: EnabledHtmlPatch | null | undefined;
  guardian_mfa_page?: EnabledHtmlPatch | null | undefined;
  default_audience?: string | undefined;
  default_directory?: string | undefined;
  error_page?:
    | { html?: string | undefined; show_log_link?: boolean | undefined; url?: string | undefined }
    | null
    | undefined;
  device_flow?: { charset?: string | undefined; mask?: string | undefined } | null | undefined;
  default_token_quota?:
    | {
        clients?: ClientCredentialsQuotaPatch | undefined;
        organizations?: ClientCredentialsQuotaPatch | undefined;
      }
    | null
    | undefined;
  flags?: { [K in DeclaredKeys<TenantFlags>]?: boolean | undefined } | undefined;
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
  default_redirection_uri?: string | undefined;
  enabled_locales?: (typeof ENABLED_LOCALES)[number][] | undefined;
  security_headers?: SecurityHeaders | null | undefined;
  session_cookie?: { mode: string } | null | undefined;
  sessions?: { oidc_logout_prompt_enabled?: boolean | undefined } | null | undefined;
  oidc_logout?: { rp_logout_end_session_endpoint_discovery?: boolean | undefined } | undefined;
  allow_organization_name_in_authentication_api?: boolean | undefined;
  customize_mfa_in_postlogin_action?: boolean | undefined;
  acr_values_supported?: string[] | null | undefined;
  mtls?: { enable_endpoint_aliases?: boolean | undefined } | null | undefined;
  pushed_authorization_requests_supported?: boolean | undefined;
  authorization_response_iss_parameter_supported?: boolean | null | undefined;
  skip_non_verifiable_callback_uri_confirmation_prompt?: boolean | null | undefined;
  resource_parameter_profile?: "audience" | "compatibility" | undefined;
  client_id_metadata_document_supported?: boolean | undefined;
  phone_consolidated_experience?: boolean | undefined;
  enable_ai_guide?: boolean | undefined;
  include_session_metadata_in_tenant_logs?: boolean | undefined;
  dynamic_client_registration_security_mode?: "strict" | "permissive" | undefined;
  country_codes?: { list: string[] } | undefined;
};
