/** The names the tenant settings use: its locales, its flags, and the fields a read may select. */

/** Locales the service accepts in `enabled_locales`. */
export const ENABLED_LOCALES = [
  "am", "ar", "ar-EG", "ar-SA", "az", "bg", "bn", "bs", "ca-ES", "cnr", "cs", "cy", "da", "de", "el", "en",
  "en-CA", "es", "es-419", "es-AR", "es-MX", "et", "eu-ES", "fa", "fi", "fr", "fr-CA", "fr-FR", "gl-ES", "gu",
  "he", "hi", "hr", "hu", "hy", "id", "is", "it", "ja", "ka", "kk", "kn", "ko", "lt", "lv", "mk", "ml", "mn",
  "mr", "ms", "my", "nb", "nl", "nn", "no", "pa", "pl", "pt", "pt-BR", "pt-PT", "ro", "ru", "sk", "sl", "so",
  "sq", "sr", "sv", "sw", "ta", "te", "th", "tl", "tr", "uk", "ur", "vi", "zgh", "zh-CN", "zh-HK", "zh-MO",
  "zh-TW",
] as const; // prettier-ignore

/** The boolean members of `flags` the spec lists; the service returns (and accepts) more. */
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
