import type { Mode, Resolved, ResolvedInput } from "./connectionSettings";
import { capitalize, isNamedSource, nameOf, namedKey, tenantNameOf } from "./connectionSettings";
import { TenantConfigError } from "./errors";
import { CLIENT_ASSERTION_SIGNING_ALGS, CONFIG_KEYS, ENV_VARS } from "./settings";

/** The credentials a client authenticates with. */
export type TenantCredentials =
  | { kind: "apiToken"; token: string }
  | { kind: "clientCredentials"; clientId: string; clientSecret: string }
  | { kind: "privateKeyJwt"; clientId: string; privateKey: string; signingAlg: ClientAssertionSigningAlg };

/** A signing algorithm of `private_key_jwt` client assertions. */
export type ClientAssertionSigningAlg = (typeof CLIENT_ASSERTION_SIGNING_ALGS)[number];

/**
 * The credentials of resolved settings, as the platform's Terraform provider chooses them: an API token, when
 * set, wins; then a client id with its secret; then a client id with a client assertion key.
 *
 * @param note ends the message about missing credentials (the stack config keys the package does not read)
 * @throws TenantConfigError naming what is missing and where to set it
 */
export function chooseCredentials(
  input: ResolvedInput,
  mode: Mode,
  host: string,
  note = "",
): TenantCredentials {
  const { clientId, clientSecret, apiToken, clientAssertionPrivateKey, clientAssertionSigningAlg } = input;
  // As the platform's Terraform provider: a token, when set, is used and client credentials are ignored.
  if (apiToken !== undefined) return { kind: "apiToken", token: apiToken.value };
  if (clientId !== undefined && clientSecret !== undefined) {
    return { kind: "clientCredentials", clientId: clientId.value, clientSecret: clientSecret.value };
  }
  if (clientId !== undefined && clientAssertionPrivateKey !== undefined) {
    return {
      kind: "privateKeyJwt",
      clientId: clientId.value,
      privateKey: pemFrom(clientAssertionPrivateKey),
      signingAlg: signingAlgFrom(clientAssertionSigningAlg),
    };
  }

  if (mode === "explicit") {
    const missing =
      clientId !== undefined
        ? " (tenant.clientSecret is missing; or set tenant.clientAssertionPrivateKey)"
        : clientSecret !== undefined || clientAssertionPrivateKey !== undefined
          ? " (tenant.clientId is missing)"
          : "";
    throw new TenantConfigError(
      `The tenant argument for ${host} has no credentials${missing}: set tenant.apiToken, or both tenant.clientId ` +
        "and tenant.clientSecret (or tenant.clientId and tenant.clientAssertionPrivateKey). The stack config " +
        "and environment are not used when tenant.domain is set, because they may belong to another tenant.",
    );
  }
  const missing =
    clientId !== undefined
      ? ` (${nameOf("clientId", clientId.level)} is set, but no client secret or client assertion key)`
      : clientSecret !== undefined
        ? ` (${nameOf("clientSecret", clientSecret.level)} is set, but no client id)`
        : clientAssertionPrivateKey !== undefined
          ? ` (${nameOf("clientAssertionPrivateKey", clientAssertionPrivateKey.level)} is set, but no client id)`
          : "";
  if (isNamedSource(mode)) {
    const key = (field: "clientId" | "clientSecret" | "apiToken" | "clientAssertionPrivateKey") =>
      namedKey(mode, field);
    throw new TenantConfigError(
      `No credentials for the tenant "${tenantNameOf(mode)}" (${host})${missing}: set the stack config keys ` +
        `${key("clientId")} and ${key("clientSecret")} (pulumi config set --path --secret ${key("clientSecret")} ` +
        `<secret>), or ${key("apiToken")}, or ${key("clientId")} and ${key("clientAssertionPrivateKey")}. The ` +
        "top-level keys and the environment are not used for a named tenant, because they may belong to another tenant.",
    );
  }
  if (mode === "env") {
    throw new TenantConfigError(
      `No credentials for tenant ${host}${missing}: set ${ENV_VARS.clientId} and ${ENV_VARS.clientSecret}, ` +
        `or ${ENV_VARS.apiToken} (docs/connection.md lists every way).`,
    );
  }
  throw new TenantConfigError(
    `No credentials for tenant ${host}${missing}: set ${CONFIG_KEYS.clientId} and ${CONFIG_KEYS.clientSecret} ` +
      `(or ${ENV_VARS.clientId} and ${ENV_VARS.clientSecret}), or ${CONFIG_KEYS.apiToken} ` +
      `(or ${ENV_VARS.apiToken}); docs/connection.md lists every way.${note}`,
  );
}

/** The PEM text of a key; CI secrets often carry it on one line with literal `\n`. Never echoes the key. */
function pemFrom(resolved: Resolved<string>): string {
  const pem = resolved.value.replace(/\\n/g, "\n");
  if (!/^-----BEGIN [A-Z ]*PRIVATE KEY-----\n[\s\S]+\n-----END [A-Z ]*PRIVATE KEY-----$/.test(pem)) {
    throw new TenantConfigError(
      `${capitalize(nameOf("clientAssertionPrivateKey", resolved.level))} is not a PEM private key: it must ` +
        'start with "-----BEGIN PRIVATE KEY-----" and end with "-----END PRIVATE KEY-----".',
    );
  }
  return pem;
}

function signingAlgFrom(resolved: Resolved<string> | undefined): ClientAssertionSigningAlg {
  if (resolved === undefined) return CLIENT_ASSERTION_SIGNING_ALGS[0];
  const alg = CLIENT_ASSERTION_SIGNING_ALGS.find((known) => known === resolved.value.toUpperCase());
  if (alg === undefined) {
    throw new TenantConfigError(
      `${capitalize(nameOf("clientAssertionSigningAlg", resolved.level))} must be one of ` +
        `${CLIENT_ASSERTION_SIGNING_ALGS.join(", ")}, got ${JSON.stringify(resolved.value.slice(0, 20))}.`,
    );
  }
  return alg;
}
