import { API_PREFIX } from "../wire/endpoint";
import { closestMatch } from "../wire/suggestions";
import type {
  ConnectionSource,
  Field,
  Mode,
  Resolved,
  ResolvedInput,
  TenantConnectionSettings,
} from "./connectionSettings";
import { capitalize, isNamedSource, nameOf, namedKey, namedSource, tenantNameOf } from "./connectionSettings";
import type { TenantCredentials } from "./credentials";
import { chooseCredentials } from "./credentials";
import { normalizeDomain } from "./domain";
import { TenantConfigError } from "./errors";
import type { SettingsRead } from "./hints";
import { namedTenantSettings } from "./namedTenants";
import {
  CONFIG_KEYS,
  CONFIG_NAMESPACE,
  CONNECTION_FIELDS,
  DEFAULT_RATE_LIMIT_BUDGET_SECONDS,
  DEFAULT_TIMEOUT_SECONDS,
  ENV_VARS,
  RATE_LIMIT_BUDGET_SECONDS_RANGE,
  TENANTS_CONFIG_KEY,
  TIMEOUT_SECONDS_RANGE,
} from "./settings";

export type { ClientAssertionSigningAlg, TenantCredentials } from "./credentials";
export type { ConnectionSource, TenantConnectionSettings } from "./connectionSettings";

/** A resolved, validated connection to one tenant. Holds credentials: never log or serialize it. */
export interface TenantConnection {
  /** `https://host[:port]`, no trailing slash. */
  baseUrl: string;
  /** `${baseUrl}/api/v2`. */
  apiBaseUrl: string;
  /** Audience for client-credentials tokens (`tenant-admin:audience` / `AUTH0_AUDIENCE`; default `${apiBaseUrl}/`). */
  audience: string;
  /** An API token (wins when set), else client credentials, else a client assertion key. */
  credentials: TenantCredentials;
  /** Per-request timeout (`tenant-admin:timeoutSeconds` / `TENANT_ADMIN_TIMEOUT_SECONDS`; default 30 s). */
  timeoutMs: number;
  /**
   * Total time one operation may wait for rate limits (`tenant-admin:rateLimitBudgetSeconds` /
   * `TENANT_ADMIN_RATE_LIMIT_BUDGET_SECONDS`; default 60 s).
   */
  rateLimitBudgetMs: number;
  /**
   * Where the domain and the credentials came from. Credentials from the environment without
   * `AUTH0_DOMAIN` are `unbound`: they were given for whatever domain the stack config names.
   */
  origin: { domain: ConnectionSource; credentials: ConnectionSource; unbound: boolean };
  /**
   * Where the settings were read, so that advice names only those places (`env`: `tenant-admin export`);
   * default the stack config and the environment.
   */
  settingsRead?: SettingsRead | undefined;
}

/** How a field of a source is named in messages. */
type Level = ConnectionSource;

const FIELDS = CONNECTION_FIELDS;

/** The sources {@link resolveTenantConnection} reads, highest precedence first. */
export interface TenantConnectionSources {
  /**
   * The resource's `tenant` argument. When it has a `domain` it is used alone and whole; a name selects that
   * tenant of {@link tenants}, used alone too.
   */
  explicit?: TenantConnectionSettings | string | undefined;
  /** The value of the stack config key `tenant-admin:tenants` (a map from a name to its settings), if set. */
  tenants?: unknown;
  /** Stack config values of namespace `tenant-admin`. */
  config?: TenantConnectionSettings | undefined;
  /**
   * Whether the caller reads a stack config at all (the provider and programs do; `tenant-admin export` reads
   * the environment alone): messages about missing settings name only what is read. Default `true`.
   */
  readsConfig?: boolean | undefined;
  /** Environment variables; default `process.env`. */
  env?: Record<string, string | undefined>;
  /**
   * Every key the stack config sets in the package's namespace (`tenant-admin:*`): a key the package does not
   * read (`tenant-admin:clientsecret`) is named, with the key it most likely means, in the message about a
   * missing domain or credentials.
   */
  configKeys?: readonly string[] | undefined;
}

function present(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim() !== "";
  return true;
}

function fromSource(input: TenantConnectionSettings | undefined, level: Level): ResolvedInput {
  const result: ResolvedInput = {};
  if (input === undefined || input === null) return result;
  if (typeof input !== "object" || Array.isArray(input)) {
    // Only the tenant argument can be of another type (from JavaScript, or an untyped output).
    throw new TenantConfigError(
      `The tenant argument must be an object such as {domain, clientId, clientSecret}, got ${describeType(input)}.`,
    );
  }
  for (const field of FIELDS) {
    const value: unknown = input[field];
    if (!present(value)) continue;
    const numeric = field === "timeoutSeconds" || field === "rateLimitBudgetSeconds";
    if (typeof value !== "string" && !(numeric && typeof value === "number")) {
      // The type only, never the value: the field may be a credential.
      throw new TenantConfigError(
        `${capitalize(nameOf(field, level))} must be a ${numeric ? "number" : "string"}, got ${describeType(value)}.`,
      );
    }
    // Strings are trimmed: a pasted secret with a trailing newline is still the secret.
    const cleaned = typeof value === "string" ? value.trim() : value;
    Object.assign(result, { [field]: { value: cleaned, level } });
  }
  return result;
}

function describeType(value: unknown): string {
  return Array.isArray(value) ? "an array" : `a value of type ${typeof value}`;
}

function fromEnv(env: Record<string, string | undefined>): ResolvedInput {
  const input: TenantConnectionSettings = {};
  for (const field of FIELDS) input[field] = env[ENV_VARS[field]];
  return fromSource(input, "env");
}

/**
 * Resolves where and how to connect to a tenant, in one documented order:
 *
 * 1. `explicit` (the resource's `tenant` argument). When it has a `domain`, it is used alone and whole:
 *    nothing is taken from the stack config or the environment, because those may belong to another
 *    tenant. It must then carry credentials. An `explicit` with fields but no `domain` is refused, for
 *    the same reason.
 * 2. Stack config, namespace `tenant-admin`: `tenant-admin:domain`, `:clientId`, `:clientSecret`,
 *    `:apiToken`, `:clientAssertionPrivateKey`, `:clientAssertionSigningAlg`, `:audience`,
 *    `:timeoutSeconds`, `:rateLimitBudgetSeconds`.
 * 3. Environment variables: `AUTH0_DOMAIN`, `AUTH0_CLIENT_ID`, `AUTH0_CLIENT_SECRET`, `AUTH0_API_TOKEN`,
 *    `AUTH0_CLIENT_ASSERTION_PRIVATE_KEY`, `AUTH0_CLIENT_ASSERTION_SIGNING_ALG`, `AUTH0_AUDIENCE`,
 *    `TENANT_ADMIN_TIMEOUT_SECONDS`, `TENANT_ADMIN_RATE_LIMIT_BUDGET_SECONDS`.
 *
 * Config wins over the environment field by field (e.g. `tenant-admin:clientId` in config with
 * `AUTH0_CLIENT_SECRET` in CI secrets), except that credentials from the environment are never combined
 * with a config domain when `AUTH0_DOMAIN` names another tenant. Blank or whitespace-only values count
 * as unset.
 *
 * Credentials, as the platform's Terraform provider chooses them: an API token, when one is set, is used
 * and client credentials are ignored; otherwise `clientId` with `clientSecret` (client-credentials grant,
 * `client_secret_post`); otherwise `clientId` with `clientAssertionPrivateKey` (`private_key_jwt`, signed
 * with `clientAssertionSigningAlg`, default RS256).
 *
 * The connection is a whole: its credentials are only ever sent to its own `baseUrl`. Nothing combines
 * the domain of one source (such as a resource's state) with the credentials of another.
 *
 * Ranges: `timeoutSeconds` 1 to 600 (default 30), `rateLimitBudgetSeconds` 1 to 3600 (default 60).
 * Default `audience`: `${baseUrl}/api/v2/`.
 *
 * `domain` is a host name (read as `https://`) or a URL; a trailing slash or a `/api/v2` path is dropped. `https` is always
 * allowed, plain `http` only for loopback hosts (`localhost`, `127.0.0.0/8`, `[::1]`).
 *
 * @throws TenantConfigError naming the config key and the environment variable to set. Messages never
 *   contain a secret value.
 */
export function resolveTenantConnection(sources: TenantConnectionSources): TenantConnection {
  if (typeof sources.explicit === "string") return resolveNamed(sources.explicit, sources);
  const explicit = fromSource(sources.explicit, "explicit");
  if (Object.keys(explicit).length > 0) {
    if (explicit.domain === undefined) {
      const given = FIELDS.filter((field) => explicit[field] !== undefined).map((field) => `tenant.${field}`);
      throw new TenantConfigError(
        `The tenant argument sets ${given.join(", ")} but not tenant.domain. Set tenant.domain too (with ` +
          "tenant.apiToken, or tenant.clientId and tenant.clientSecret), or remove the tenant argument to use " +
          `the stack config (${CONFIG_KEYS.domain}, …) or the environment (${ENV_VARS.domain}, …).`,
      );
    }
    return build(explicit, "explicit");
  }
  const config = fromSource(sources.config, "config");
  const env = fromEnv(sources.env ?? process.env);
  const merged: ResolvedInput = { ...withoutOtherTenantsCredentials(env, config), ...config };
  if (sources.readsConfig === false) return build(merged, "env", env.domain !== undefined);
  return build(merged, "stack", env.domain !== undefined, unreadKeysNote(sources.configKeys ?? []));
}

const PER_STACK_FIELDS: readonly Field[] = ["timeoutSeconds", "rateLimitBudgetSeconds"];

/**
 * The connection of the tenant `name` of the stack config's `tenant-admin:tenants`: its own settings alone,
 * as an explicit tenant's, since the top-level ones and the environment may belong to another tenant. Only the
 * timeouts, which belong to the stack rather than to a tenant, come from the stack config or the environment
 * when the name does not set them.
 */
function resolveNamed(name: string, sources: TenantConnectionSources): TenantConnection {
  const source = namedSource(name.trim());
  const named = fromSource(namedTenantSettings(name.trim(), sources.tenants), source);
  const stack: ResolvedInput = {
    ...fromEnv(sources.env ?? process.env),
    ...fromSource(sources.config, "config"),
  };
  const perStack = Object.fromEntries(
    PER_STACK_FIELDS.flatMap((field) => (stack[field] ? [[field, stack[field]]] : [])),
  );
  return build({ ...perStack, ...named }, source);
}

/**
 * A sentence on the stack config keys of the package's namespace that it does not read, each with the key it
 * most likely means (`tenant-admin:clientsecret` → `tenant-admin:clientSecret`), or `""` when there are none.
 */
function unreadKeysNote(configKeys: readonly string[]): string {
  const ours: readonly string[] = [...Object.values(CONFIG_KEYS), TENANTS_CONFIG_KEY];
  const prefix = `${CONFIG_NAMESPACE}:`;
  const unread = configKeys.filter((key) => key.startsWith(prefix) && !ours.includes(key));
  return unread
    .map((key) => {
      const meant = closestMatch(key.slice(prefix.length), CONNECTION_FIELDS);
      const suggestion = meant === undefined ? "." : `; did you mean ${CONFIG_KEYS[meant]}?`;
      return ` The stack config key ${key} is not one the package reads${suggestion}`;
    })
    .join("");
}

const CREDENTIAL_FIELDS: readonly Field[] = [
  "clientId",
  "clientSecret",
  "apiToken",
  "clientAssertionPrivateKey",
  "clientAssertionSigningAlg",
];

/**
 * The environment's fields that may join the stack config's. When the config names one tenant and
 * `AUTH0_DOMAIN` another, the environment's credentials belong to that other tenant: they are dropped,
 * so they can never be sent to the config's domain.
 */
function withoutOtherTenantsCredentials(env: ResolvedInput, config: ResolvedInput): ResolvedInput {
  if (config.domain === undefined || env.domain === undefined) return env;
  if (sameTenant(config.domain.value, env.domain.value)) return env;
  return Object.fromEntries(
    Object.entries(env).filter(([field]) => !CREDENTIAL_FIELDS.includes(field as Field)),
  );
}

function sameTenant(left: string, right: string): boolean {
  try {
    return normalizeDomain(left, "") === normalizeDomain(right, "");
  } catch {
    return false;
  }
}

/**
 * The connection of resolved settings; `note` ends the message about a missing domain or missing credentials
 * (see {@link unreadKeysNote}).
 */
function build(input: ResolvedInput, mode: Mode, envHasDomain = false, note = ""): TenantConnection {
  if (input.domain === undefined) {
    if (isNamedSource(mode)) {
      const key = namedKey(mode, "domain");
      throw new TenantConfigError(
        `No domain for the tenant "${tenantNameOf(mode)}": set the stack config key ${key} ` +
          `(pulumi config set --path ${key} my-tenant.example.com).`,
      );
    }
    throw new TenantConfigError(
      mode === "env"
        ? `No tenant domain: set the environment variable ${ENV_VARS.domain} (e.g. my-tenant.example.com).`
        : `No tenant domain: set the stack config key ${CONFIG_KEYS.domain} ` +
            `(pulumi config set ${CONFIG_KEYS.domain} my-tenant.example.com) or the environment variable ${ENV_VARS.domain}.${note}`,
    );
  }
  const baseUrl = normalizeDomain(input.domain.value, nameOf("domain", input.domain.level));
  const host = new URL(baseUrl).host;
  const credentials = chooseCredentials(input, mode, host, note);
  const secret =
    credentials.kind === "apiToken"
      ? input.apiToken
      : credentials.kind === "clientCredentials"
        ? input.clientSecret
        : input.clientAssertionPrivateKey;
  const credentialsLevel = secret?.level ?? input.domain.level;
  return {
    origin: {
      domain: input.domain.level,
      credentials: credentialsLevel,
      unbound: credentialsLevel === "env" && !envHasDomain,
    },
    settingsRead: mode === "env" || isNamedSource(mode) ? mode : "stack",
    baseUrl,
    apiBaseUrl: `${baseUrl}${API_PREFIX}`,
    audience: input.audience?.value ?? `${baseUrl}${API_PREFIX}/`,
    credentials,
    timeoutMs: seconds(
      input.timeoutSeconds,
      "timeoutSeconds",
      DEFAULT_TIMEOUT_SECONDS,
      TIMEOUT_SECONDS_RANGE,
    ),
    rateLimitBudgetMs: seconds(
      input.rateLimitBudgetSeconds,
      "rateLimitBudgetSeconds",
      DEFAULT_RATE_LIMIT_BUDGET_SECONDS,
      RATE_LIMIT_BUDGET_SECONDS_RANGE,
    ),
  };
}

/** A duration setting in milliseconds, checked against its range; the default when it is not set. */
function seconds(
  resolved: Resolved<number | string> | undefined,
  field: "timeoutSeconds" | "rateLimitBudgetSeconds",
  defaultSeconds: number,
  range: { readonly min: number; readonly max: number },
): number {
  if (resolved === undefined) return defaultSeconds * 1000;
  const value = typeof resolved.value === "number" ? resolved.value : Number(resolved.value);
  if (!Number.isFinite(value) || value < range.min || value > range.max) {
    const shown =
      typeof resolved.value === "string"
        ? JSON.stringify(resolved.value.slice(0, 40))
        : String(resolved.value);
    throw new TenantConfigError(
      `${capitalize(nameOf(field, resolved.level))} must be a positive number of seconds, got ${shown}; ` +
        `allowed: ${range.min} to ${range.max} (default ${defaultSeconds}).`,
    );
  }
  return Math.round(value * 1000);
}
