import type { TenantSettingsResponse } from "../../src/resources/tenantSettings/api";

/**
 * The settings of a tenant created before the Unified Phone Experience (March 2025), for the emulator's
 * `settings` start option: what a new emulated tenant answers, with `phone_consolidated_experience: false`,
 * so the legacy `/guardian/factors/phone/templates` endpoints answer instead of a 403
 * `legacy_mfa_phone_provider_not_allowed`.
 */
export const LEGACY_PHONE_SETTINGS: TenantSettingsResponse = {
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
  phone_consolidated_experience: false,
};
