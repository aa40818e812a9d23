import { documentDescription } from "../../wire/document";
import type { TenantSettingsPatch, TenantSettingsResponse } from "./api";
import {
  TENANT_SETTINGS_VERBATIM_PATHS,
  getTenantSettings,
  patchTenantSettings,
  tenantSettingsIdentity,
} from "./api";

/**
 * The sandbox versions the platform offers, as the newest recordings list them (go-auth0
 * TestTenantManager_CountryCodes #0, terraform-provider-auth0 TestAccTenant_Main #2); older recordings offer
 * older versions (`["18", "16"]` in TestAccTenant_EnableSSO, `["16"]` in TestAccPages).
 */
export const SANDBOX_VERSIONS_AVAILABLE = ["22", "18"];

/**
 * The settings of a new tenant, shaped like a real minimal tenant's answer (recorded real minimal tenants
 * return 7 to 12 keys): only what is set comes back, unset page customizations as `{}`, the platform's extras
 * (`universal_login`, `sandbox_versions_available`, the flags a new tenant has), the values recorded tenants
 * show for members they never set (`resource_parameter_profile: "audience"`,
 * `client_id_metadata_document_supported: false`: test/unit/conformance/newTenant.test.ts; the emulator's first settings), and
 * `phone_consolidated_experience: true`, as every tenant created since March 2025 has it. Documented defaults
 * a real tenant does not return (friendly_name, support_url, …) are left out.
 */
export function newTenantSettings(): TenantSettingsResponse {
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
    sandbox_versions_available: [...SANDBOX_VERSIONS_AVAILABLE],
    resource_parameter_profile: "audience",
    client_id_metadata_document_supported: false,
    phone_consolidated_experience: true,
  };
}

/**
 * The tenant settings as a document the package reads (`getTenantSettings`) and the emulator serves; no
 * resource manages them, so the package sends only the GET.
 */
export const tenantSettingsDocument = documentDescription<TenantSettingsPatch, TenantSettingsResponse>()({
  ...tenantSettingsIdentity,
  get: getTenantSettings,
  patch: patchTenantSettings,
  newTenant: newTenantSettings(),
  verbatim: TENANT_SETTINGS_VERBATIM_PATHS,
});
