/** The path prefix of the management API on a tenant's host. */
export const API_PREFIX = "/api/v2";

/** Management API paths, relative to {@link API_PREFIX}. */
export const API_PATHS = {
  captcha: "/attack-protection/captcha",
  tenantSettings: "/tenants/settings",
  phoneTemplates: "/guardian/factors/phone/templates",
} as const;

/** The client-credentials token endpoint and the key set, on the tenant's host (no prefix). */
export const AUTH_PATHS = {
  token: "/oauth/token",
  jwks: "/.well-known/jwks.json",
} as const;

/** The scope each operation needs, as the platform names them. */
export const SCOPES = {
  readCaptcha: "read:attack_protection",
  updateCaptcha: "update:attack_protection",
  readTenantSettings: "read:tenant_settings",
  readPhoneTemplates: "read:guardian_factors",
  updatePhoneTemplates: "update:guardian_factors",
} as const;

/** Every scope the package's operations need, for a machine-to-machine client grant. */
export const ALL_SCOPES: readonly string[] = Object.values(SCOPES);
