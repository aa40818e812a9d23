import type { EmulatorOptions } from "../../src/emulator";

/**
 * A tenant whose owner has named it: a real minimal tenant's settings plus the `friendly_name` the example
 * programs read (a new emulated tenant, like a new real one, does not return a friendly name). The e2e tests
 * and the demo (`npm start`) seed their emulators with it.
 */
export const NAMED_TENANT_SETTINGS: NonNullable<EmulatorOptions["settings"]> = {
  change_password: {},
  enabled_locales: ["en"],
  error_page: {},
  flags: { enable_sso: true, disable_impersonation: true, universal_login: true },
  friendly_name: "My Company",
  idle_session_lifetime: 72,
  sandbox_version: "22",
  session_lifetime: 168,
  universal_login: {},
  client_id_metadata_document_supported: false,
  phone_consolidated_experience: true,
};

/**
 * The named tenant of a tenant created before March 2025 that still uses the legacy phone set-up
 * (`phone_consolidated_experience: false`): its MFA messages are the legacy phone templates, which
 * `PhoneTemplates` writes.
 */
export const LEGACY_PHONE_TENANT_SETTINGS: NonNullable<EmulatorOptions["settings"]> = {
  ...NAMED_TENANT_SETTINGS,
  phone_consolidated_experience: false,
};

/** Emulator options with the {@link NAMED_TENANT_SETTINGS}, unless `options` gives settings. */
export function namedTenant(options: EmulatorOptions = {}): EmulatorOptions {
  return { settings: NAMED_TENANT_SETTINGS, ...options };
}

/** Emulator options with the {@link LEGACY_PHONE_TENANT_SETTINGS}, unless `options` gives settings. */
export function legacyPhoneTenant(options: EmulatorOptions = {}): EmulatorOptions {
  return { settings: LEGACY_PHONE_TENANT_SETTINGS, ...options };
}
