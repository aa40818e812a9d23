import { DEFAULT_PHONE_TEMPLATES } from "../wire";
import type { PhoneTemplatesRequest, TenantSettingsResponse } from "../wire";

import type { StoredCaptcha } from "./state";

/**
 * The settings of a new tenant, shaped like a real minimal tenant's response (11 keys; recorded real minimal
 * tenants return 7 to 11): only what is set comes back, unset page customizations as `{}`, the platform's
 * extras (`universal_login`, `sandbox_versions_available`, the flags a new tenant has) and the two flags most
 * real tenants return (`client_id_metadata_document_supported`, `phone_consolidated_experience`). Documented
 * defaults that a real tenant does not return (friendly_name, support_url, …) are left out, as the platform
 * does. Seed any other settings with the `settings` option. A fresh object on every call.
 */
export function defaultTenantSettings(): TenantSettingsResponse {
  return {
    change_password: {},
    enabled_locales: ["en"],
    error_page: {},
    flags: {
      allow_changing_enable_sso: false,
      disable_impersonation: true,
      enable_sso: true,
      universal_login: true,
      revoke_refresh_token_grant: false,
      disable_clickjack_protection_headers: false,
    },
    idle_session_lifetime: 72,
    sandbox_version: "22",
    session_lifetime: 168,
    universal_login: {},
    sandbox_versions_available: ["22", "18", "12"],
    client_id_metadata_document_supported: false,
    phone_consolidated_experience: true,
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
