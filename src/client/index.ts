/**
 * The typed client of the tenant management API: connection resolution (stack config `tenant-admin:*`
 * and `AUTH0_*` environment variables), client-credentials tokens, retries, errors and casing.
 */
export {
  CLIENT_ASSERTION_SIGNING_ALGS,
  CONFIG_KEYS,
  CONFIG_NAMESPACE,
  DEFAULT_RATE_LIMIT_BUDGET_SECONDS,
  DEFAULT_TIMEOUT_SECONDS,
  ENV_VARS,
  RATE_LIMIT_BUDGET_SECONDS_RANGE,
  TIMEOUT_SECONDS_RANGE,
} from "./settings";
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
export type {
  FailedRequest,
  HttpMethod,
  HttpResponseSnapshot,
  RateLimitOutcome,
  SchemaIssue,
  TenantApiErrorDetails,
  TenantConnectionErrorDetails,
  TenantErrorOptions,
} from "./errors";
export { REDACTED, redactSecrets, secretsInBody } from "./redact";
export { HttpTransport, RETRY_POLICY, callApi, parseResponseBody } from "./http";
export type {
  AccessTokenSource,
  ApiCall,
  HttpTransportOptions,
  TransportRequest,
  TransportResponse,
} from "./http";
export {
  CLIENT_ASSERTION_LIFETIME_SECONDS,
  TOKEN_REFRESH_MARGIN_MS,
  TokenCache,
  accessTokenSource,
  requestClientAssertionToken,
  requestClientCredentialsToken,
  signClientAssertion,
  sharedTokenCache,
} from "./tokens";
export type { IssuedToken, TokenCacheKey, TokenCacheOptions } from "./tokens";
export { ManagementClient, managementClientFor } from "./managementClient";
export type { ManagementClientOptions, TokenGrant } from "./managementClient";
export { toCamelDeep, toCamelKey, toSnakeDeep, toSnakeKey } from "./casing";
export type { CamelCaseKey, CamelCased, VerbatimPaths } from "./casing";
