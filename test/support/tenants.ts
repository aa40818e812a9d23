import type { TenantSettingsResponse } from "../../src/resources/tenantSettings/api";
import { newTenantSettings } from "../../src/resources/tenantSettings/emulation";

/**
 * The settings of a tenant created before the Unified Phone Experience (March 2025) that still uses the legacy
 * phone set-up, for the emulator's `settings` start option: what a new emulated tenant answers, with
 * `phone_consolidated_experience: false`, so the legacy `/guardian/factors/phone/templates` endpoints answer
 * instead of a 403 `legacy_mfa_phone_provider_not_allowed`. A fresh object on every call.
 */
export function legacyPhoneSettings(): TenantSettingsResponse {
  return { ...newTenantSettings(), phone_consolidated_experience: false };
}

/** {@link legacyPhoneSettings}, as one value. */
export const LEGACY_PHONE_SETTINGS: TenantSettingsResponse = legacyPhoneSettings();
