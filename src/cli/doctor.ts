import type { TenantConnection } from "../client/connection";
import type { ConnectionSource } from "../client/connectionSettings";
import { isNamedSource, namedKey } from "../client/connectionSettings";
import { TenantAdminError, TenantConnectionError } from "../client/errors";
import type { ObservedResponse } from "../client/http";
import type { TokenGrant } from "../client/managementClient";
import { ManagementClient } from "../client/managementClient";
import { CONFIG_KEYS, ENV_VARS } from "../client/settings";
import { resolveCliConnection } from "./connection";
import type { DoctorCheck, DoctorReport } from "./doctorChecks";
import { judgeTenant } from "./doctorChecks";
import { oneLine, readTenant } from "./tenantReads";
import type { PulumiRunner } from "./stackConfig";
import { readStackConfig } from "./stackConfig";

export type { DoctorCheck, DoctorReport } from "./doctorChecks";

/** Options of {@link runDoctor}. */
interface DoctorOptions {
  /** Read the connection from this stack's config (`tenant-admin:*`), as the provider is configured with it. */
  stack?: string | undefined;
  /** With `stack`: check this tenant of the stack's `tenant-admin:tenants` map, as `tenant: "eu"` selects it. */
  tenant?: string | undefined;
  /** The environment (`AUTH0_*`, `TENANT_ADMIN_*`); default `process.env`. */
  env?: Record<string, string | undefined> | undefined;
  /** Runs the Pulumi CLI for `--stack`; default `pulumi` on `PATH`. */
  runPulumi?: PulumiRunner | undefined;
  /** This machine's clock in ms since the epoch, compared with the token's `iat`; default `Date.now`. */
  now?: (() => number) | undefined;
}

/** The checks after the connection's, each skipped when the connection cannot be made. */
const LATER_CHECKS = [
  "reachable",
  "credentials",
  "scopes",
  "generation",
  "plan",
  "rateLimit",
  "configured",
] as const;

/**
 * Checks, read-only, what a first preview against the tenant needs, one check per line of the report:
 * `connection` (resolved as the provider resolves it: the stack's `tenant-admin:*` config when `stack` is
 * given, or its named tenant `tenant`, else the `AUTH0_*` environment variables), `reachable`, `credentials`
 * (and the clock against the token's `iat`), `scopes` (against each resource's endpoints in the registry),
 * `generation` (the phone experience), `plan` (bot detection), `rateLimit` and `configured` (what differs from
 * a new tenant, each with its `import` value). It sends the token request, then one round of GETs in parallel;
 * nothing else. The report names where each setting came from, never a secret.
 */
export async function runDoctor(options: DoctorOptions = {}): Promise<DoctorReport> {
  const env = options.env ?? process.env;
  let connection: TenantConnection;
  try {
    const stack =
      options.stack === undefined ? undefined : await readStackConfig(options.stack, options.runPulumi);
    connection = resolveCliConnection(env, stack, options.tenant);
  } catch (error) {
    if (!(error instanceof TenantAdminError)) throw error;
    return stopped(undefined, [{ name: "connection", status: "fail", summary: oneLine(error.message) }]);
  }
  const first: DoctorCheck = { name: "connection", status: "ok", summary: describeConnection(connection) };
  const responses: ObservedResponse[] = [];
  // Its own token cache (a client made without one has it): the token request checks the credentials.
  const client = new ManagementClient(connection, { onResponse: (response) => responses.push(response) });
  const now = options.now ?? Date.now;
  let grant: TokenGrant | undefined;
  try {
    grant = await client.tokenGrant();
  } catch (error) {
    if (!(error instanceof TenantAdminError)) throw error;
    return stopped(connection.baseUrl, [first, ...tokenRefused(error)]);
  }
  const reads = await readTenant(client, grant);
  const checks = await judgeTenant({ connection, grant, reads, responses, nowMs: now() });
  return report(connection.baseUrl, [first, ...checks]);
}

/** What the token request's failure means: the tenant unreachable, or the credentials refused. */
function tokenRefused(error: TenantAdminError): DoctorCheck[] {
  if (error instanceof TenantConnectionError) {
    return [{ name: "reachable", status: "fail", summary: oneLine(error.message) }];
  }
  return [
    { name: "reachable", status: "ok", summary: "the tenant answered the token request" },
    { name: "credentials", status: "fail", summary: oneLine(error.message) },
  ];
}

/** Where the domain and the credentials came from, by name: never a value but the domain. */
function describeConnection(connection: TenantConnection): string {
  const { credentials, origin } = connection;
  const place = (field: keyof typeof ENV_VARS, source: ConnectionSource): string =>
    source === "config"
      ? CONFIG_KEYS[field]
      : isNamedSource(source)
        ? namedKey(source, field)
        : ENV_VARS[field];
  const kind =
    credentials.kind === "apiToken"
      ? `an API token (${place("apiToken", origin.credentials)})`
      : credentials.kind === "clientCredentials"
        ? `the client secret of client ${credentials.clientId} (${place("clientSecret", origin.credentials)})`
        : `a private_key_jwt assertion (${credentials.signingAlg}) of client ${credentials.clientId} ` +
          `(${place("clientAssertionPrivateKey", origin.credentials)})`;
  return `${connection.baseUrl} (${place("domain", origin.domain)}), with ${kind}`;
}

function stopped(tenant: string | undefined, checks: DoctorCheck[]): DoctorReport {
  const done = new Set(checks.map((check) => check.name));
  const skipped = LATER_CHECKS.filter((name) => !done.has(name)).map((name): DoctorCheck => ({
    name,
    status: "skipped",
    summary: "not checked: an earlier check failed",
  }));
  return report(tenant, [...checks, ...skipped]);
}

function report(tenant: string | undefined, checks: DoctorCheck[]): DoctorReport {
  return { tenant, ok: checks.every((check) => check.status !== "fail"), checks };
}
