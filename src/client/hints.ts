import { AUTH_PATHS } from "../wire/endpoint";
import { CONFIG_KEYS, ENV_VARS } from "./settings";

/** Hints of the token endpoint, by status. */
const TOKEN_HINTS: Readonly<Partial<Record<number, string>>> = {
  401: `Check the client id and client secret (${CONFIG_KEYS.clientId} / ${ENV_VARS.clientId}, ${CONFIG_KEYS.clientSecret} / ${ENV_VARS.clientSecret})`,
  403: `Authorize the machine-to-machine client for the management API audience (${CONFIG_KEYS.audience} / ${ENV_VARS.audience})`,
};

/** Hints by the platform's `errorCode`, whatever the operation. */
const ERROR_CODE_HINTS: Readonly<Partial<Record<string, string>>> = {
  insufficient_scope: "Grant the scope to the machine-to-machine client, or use an API token that has it",
  insufficient_entitlement: "The tenant's plan does not include bot detection",
};

/**
 * The sentence appended to an error message for a well-known failure, first match wins: the token
 * endpoint's, the `errorCode`'s, the endpoint's own, then the status class's.
 */
export function hintFor(
  path: string,
  status: number,
  errorCode: string | undefined,
  endpointHints: Readonly<Partial<Record<number, string>>> = {},
): string | undefined {
  if (path === AUTH_PATHS.token) {
    const hint = TOKEN_HINTS[status];
    if (hint !== undefined) return hint;
  }
  const byCode = errorCode === undefined ? undefined : ERROR_CODE_HINTS[errorCode];
  if (byCode !== undefined) return byCode;
  const byEndpoint = endpointHints[status];
  if (byEndpoint !== undefined) return byEndpoint;
  if (status === 401) return "Check the client credentials or API token";
  if (status >= 300 && status <= 399) {
    return `The management API does not redirect; check ${CONFIG_KEYS.domain} / ${ENV_VARS.domain}`;
  }
  if (status >= 500 && status <= 599)
    return "The service failed; re-running usually succeeds once it recovers";
  return undefined;
}
