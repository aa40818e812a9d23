import { AUTH_PATHS } from "../wire/endpoint";
import type { NamedSource } from "./connectionSettings";
import { isNamedSource, namedKey } from "./connectionSettings";
import type { ConnectionField } from "./settings";
import { CONFIG_KEYS, ENV_VARS } from "./settings";

/**
 * Where a command reads its connection settings: the stack config and the environment (a program, a
 * provider), the environment alone (`tenant-admin export`), or one named tenant of the stack config
 * (`tenants.eu`). Advice names only the places it reads.
 */
export type SettingsRead = "stack" | "env" | NamedSource;

/**
 * A setting as advice names it: `tenant-admin:clientId / AUTH0_CLIENT_ID`, `AUTH0_CLIENT_ID` alone, or a named
 * tenant's `tenant-admin:tenants.eu.clientId`.
 */
export function settingName(field: ConnectionField, read: SettingsRead = "stack"): string {
  if (isNamedSource(read)) return namedKey(read, field);
  return read === "env" ? ENV_VARS[field] : `${CONFIG_KEYS[field]} / ${ENV_VARS[field]}`;
}

/** Hints of the token endpoint, by status. */
const TOKEN_HINTS: Readonly<Partial<Record<number, (read: SettingsRead) => string>>> = {
  401: (read) =>
    `Check the client id and client secret (${settingName("clientId", read)}, ${settingName("clientSecret", read)})`,
  403: (read) =>
    `Authorize the machine-to-machine client for the management API audience (${settingName("audience", read)})`,
};

/** Hints by the platform's `errorCode`, whatever the operation. */
const ERROR_CODE_HINTS: Readonly<Partial<Record<string, string>>> = {
  insufficient_scope:
    "Grant the scope to the machine-to-machine client, or use an API token that has it; run tenant-admin doctor to list every scope each resource needs",
  insufficient_entitlement: "The tenant's plan does not include bot detection",
};

/**
 * The sentence appended to an error message for a well-known failure, first match wins: the token
 * endpoint's, the `errorCode`'s, the endpoint's own, then the status class's. Settings are named as `read`
 * says they are read.
 */
export function hintFor(
  path: string,
  status: number,
  errorCode: string | undefined,
  endpointHints: Readonly<Partial<Record<number, string>>> = {},
  read: SettingsRead = "stack",
): string | undefined {
  if (path === AUTH_PATHS.token) {
    const hint = TOKEN_HINTS[status];
    if (hint !== undefined) return hint(read);
  }
  const byCode = errorCode === undefined ? undefined : ERROR_CODE_HINTS[errorCode];
  if (byCode !== undefined) return byCode;
  const byEndpoint = endpointHints[status];
  if (byEndpoint !== undefined) return byEndpoint;
  if (status === 401) return "Check the client credentials or API token";
  if (status >= 300 && status <= 399) {
    return `The management API does not redirect; check ${settingName("domain", read)}`;
  }
  if (status >= 500 && status <= 599)
    return "The service failed; re-running usually succeeds once it recovers";
  return undefined;
}
