/**
 * The typed client of the tenant management API: connection resolution (stack config `tenant-admin:*`
 * and `AUTH0_*` environment variables), client-credentials tokens, retries, errors and casing.
 */
export { resolveTenantConnection } from "./connection";
export type {
  ClientAssertionSigningAlg,
  TenantConnection,
  TenantConnectionSources,
  TenantCredentials,
  TenantConnectionSettings,
} from "./connection";
export {
  TenantAdminError,
  TenantApiError,
  TenantConfigError,
  TenantConnectionError,
  TenantRateLimitError,
  TenantRequestError,
  TenantResponseError,
  TokenRequestError,
  TransportFailure,
} from "./errors";
export { errorFromResponse } from "./errorResponse";
export type { FailedRequest, HttpMethod } from "./errors";
export { REDACTED, redactSecrets, secretsInBody } from "./redact";
export { RETRY_POLICY } from "./http";
export { TOKEN_REFRESH_MARGIN_MS, TokenCache } from "./tokens";
export type { IssuedToken, TokenCacheKey } from "./tokens";
export { ManagementClient } from "./managementClient";
export type { ManagementClientOptions } from "./managementClient";
export { toCamelDeep, toCamelKey, toSnakeDeep, toSnakeKey } from "../wire/casing";
export type { CamelCaseKey, CamelCased } from "../wire/casing";
