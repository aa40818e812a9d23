/**
 * A local emulator of the tenant management API (every endpoint of the package's objects: CAPTCHA, tenant
 * settings, the legacy and the branding phone templates; the token endpoint), for tests and local development. Import it as `pulumi-tenant-admin/emulator`; run it as the
 * `tenant-emulator` command.
 *
 * @packageDocumentation
 */
export { CLIENT_ASSERTION_KEY_FILE_NAME, startEmulator } from "./emulator";
export type { EmulatorOptions, EmulatorTlsOptions, IssueTokenOptions, TenantEmulator } from "./emulator";
export type { EmulatorRoute, Fault, FaultKind, FaultRoute } from "./faults";
export { DEFAULT_RATE_LIMIT, RATE_LIMIT_PRESETS } from "./rateLimit";
export type { RateLimitOptions, RateLimitPreset } from "./rateLimit";
export type { RequestLogEntry } from "./server";
export type { ClientCredentials } from "./auth";
export type { TenantControl } from "./control";
export type { Plan } from "../wire/emulation";
export { DataDirInUseError, LOCK_FILE_NAME, STATE_FILE_NAME } from "./store";
export { GENERATED_CA_FILE_NAME } from "./tls";
export { DEFAULT_BODY_LIMIT_BYTES } from "./body";
