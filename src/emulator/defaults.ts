import { DEFAULT_PHONE_TEMPLATES } from "../wire";
import type { PhoneTemplatesRequest, TenantSettingsResponse } from "../wire";

import type { StoredCaptcha } from "./state";

/**
 * The settings of a new tenant, as the platform returns them: the documented defaults (friendly_name
 * "My Company", session lifetimes 168/72/72/24 hours, sandbox "22", resource_parameter_profile "audience"),
 * empty objects for the unset page customizations, and the platform's extras the spec does not list
 * (`universal_login`, extra `flags`). A fresh object on every call.
 */
export function defaultTenantSettings(): TenantSettingsResponse {
  return {
    change_password: {},
    guardian_mfa_page: {},
    default_audience: "",
    default_directory: "",
    error_page: {},
    flags: {
      allow_changing_enable_sso: false,
      allow_legacy_delegation_grant_types: false,
      allow_legacy_ro_grant_types: false,
      allow_legacy_tokeninfo_endpoint: false,
      allow_other_legacy_grant_types: false,
      cannot_change_enforce_client_authentication_on_passwordless_start: true,
      change_pwd_flow_v1: false,
      disable_clickjack_protection_headers: false,
      disable_impersonation: true,
      enable_apis_section: false,
      enable_client_connections: true,
      enable_dynamic_client_registration: false,
      enable_idtoken_api2: true,
      enable_legacy_profile: false,
      enable_pipeline2: true,
      enable_public_signup_user_exists_error: true,
      enable_sso: true,
      enforce_client_authentication_on_passwordless_start: true,
      mfa_show_factor_list_on_enrollment: false,
      no_disclose_enterprise_connections: false,
      remove_alg_from_jwks: false,
      revoke_refresh_token_grant: false,
      universal_login: true,
      use_scope_descriptions_for_consent: false,
    },
    friendly_name: "My Company",
    picture_url: "https://mycompany.org/logo.png",
    support_email: "support@mycompany.org",
    support_url: "https://mycompany.org/support",
    session_lifetime: 168,
    idle_session_lifetime: 72,
    ephemeral_session_lifetime: 72,
    idle_ephemeral_session_lifetime: 24,
    sandbox_version: "22",
    legacy_sandbox_version: "",
    sandbox_versions_available: ["22", "18", "12"],
    enabled_locales: ["en"],
    session_cookie: { mode: "persistent" },
    oidc_logout: { rp_logout_end_session_endpoint_discovery: true },
    allow_organization_name_in_authentication_api: false,
    customize_mfa_in_postlogin_action: false,
    pushed_authorization_requests_supported: false,
    authorization_response_iss_parameter_supported: false,
    resource_parameter_profile: "audience",
    universal_login: {},
  };
}

/** The platform's default phone templates, as a fresh object. */
export function defaultPhoneTemplates(): PhoneTemplatesRequest {
  return { ...DEFAULT_PHONE_TEMPLATES };
}

/**
 * The CAPTCHA configuration a tenant has when it is first created: the platform's own challenge active and
 * failing closed, no third-party provider.
 */
export function defaultCaptchaConfig(): StoredCaptcha {
  return { active_provider_id: "auth_challenge", auth_challenge: { fail_open: false }, simple_captcha: {} };
}
