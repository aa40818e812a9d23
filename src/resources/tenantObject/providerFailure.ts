import { TenantConnectionError } from "../../client/errors";
import type { TenantAdminError } from "../../client/errors";
import { CONFIG_KEYS, ENV_VARS } from "../../client/settings";

/**
 * A failure as the engine should print it: one line. The dynamic-provider host prints a failed check,
 * diff, read or delete to stderr as `${error}: ${error.stack}`, which for an ordinary error doubles the
 * `Name: message` prefix and adds a stack trace into this package; this error prints as
 * `tenant-admin: <message>` instead, and the engine then shows the message.
 */
export class ProviderFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "tenant-admin";
    Object.defineProperty(this, "stack", { value: message, enumerable: false });
  }

  override toString(): string {
    return this.name;
  }
}

/** Failures that mean the domain does not lead to a tenant's API. */
const UNREACHABLE_CODES = [
  "ECONNREFUSED",
  "ENOTFOUND",
  "EPROTO",
  "ERR_SSL_WRONG_VERSION_NUMBER",
  "ERR_SSL_PACKET_LENGTH_TOO_LONG",
];

/**
 * A client error as one line that names the tenant: errors of this package stand alone (operation,
 * status, platform code, fix); a connection that never reached the tenant also says what to check.
 */
export function onTenantMessage(tenant: string, error: TenantAdminError): string {
  if (error instanceof TenantConnectionError && UNREACHABLE_CODES.includes(error.code ?? "")) {
    // This advice replaces the error's own (`Check tenant-admin:domain / AUTH0_DOMAIN.`): it says more.
    return (
      `${tenant}: ${error.withoutAdvice} Check that ${tenant} is the tenant's domain ` +
      `(${CONFIG_KEYS.domain} / ${ENV_VARS.domain}, or tenant.domain).`
    );
  }
  return `${tenant}: ${error.message}`;
}
