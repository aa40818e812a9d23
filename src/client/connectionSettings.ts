/**
 * The connection settings as each source gives them (a `tenant` argument, the stack config, the environment),
 * and how messages name a setting of a source. Below both `credentials.ts` and `connection.ts`.
 */
import { CONFIG_KEYS, ENV_VARS, TENANTS_CONFIG_KEY } from "./settings";

/**
 * Where and how to reach a tenant, as one source gives it: a resource's `tenant` argument, the stack
 * config (namespace `tenant-admin`) or the environment. Every field is optional; blank strings count as
 * unset. Numbers may arrive as strings (stack config values do).
 */
export interface TenantConnectionSettings {
  /**
   * Host name (`my-tenant.eu.example.com`) or URL (`https://my-tenant.eu.example.com`). Config key
   * `tenant-admin:domain`, environment variable `AUTH0_DOMAIN`.
   */
  domain?: string | undefined;
  /**
   * Client id of a machine-to-machine client (client-credentials flow). Config key `tenant-admin:clientId`,
   * environment variable `AUTH0_CLIENT_ID`.
   */
  clientId?: string | undefined;
  /** Client secret of that client. Config key `tenant-admin:clientSecret`, environment variable `AUTH0_CLIENT_SECRET`. */
  clientSecret?: string | undefined;
  /**
   * A ready management API token, used as is (never refreshed). When set, it is used and client
   * credentials are ignored. Config key `tenant-admin:apiToken`, environment variable `AUTH0_API_TOKEN`.
   */
  apiToken?: string | undefined;
  /**
   * PEM private key (PKCS#8) for `private_key_jwt` client authentication, used with `clientId` when no
   * client secret is set. Config key `tenant-admin:clientAssertionPrivateKey`, environment variable
   * `AUTH0_CLIENT_ASSERTION_PRIVATE_KEY` (a literal `\n` counts as a line break).
   */
  clientAssertionPrivateKey?: string | undefined;
  /**
   * Signing algorithm of the client assertion: `RS256` (default), `RS384` or `PS256`. Config key
   * `tenant-admin:clientAssertionSigningAlg`, environment variable `AUTH0_CLIENT_ASSERTION_SIGNING_ALG`.
   */
  clientAssertionSigningAlg?: string | undefined;
  /**
   * Token audience; default `https://<domain>/api/v2/`. Config key `tenant-admin:audience`, environment
   * variable `AUTH0_AUDIENCE`.
   */
  audience?: string | undefined;
  /**
   * Per-request timeout in seconds; default 30. Config key `tenant-admin:timeoutSeconds`, environment
   * variable `TENANT_ADMIN_TIMEOUT_SECONDS`.
   */
  timeoutSeconds?: number | string | undefined;
  /**
   * Total time one operation may wait for rate limits, in seconds; default 60. Config key
   * `tenant-admin:rateLimitBudgetSeconds`, environment variable `TENANT_ADMIN_RATE_LIMIT_BUDGET_SECONDS`.
   */
  rateLimitBudgetSeconds?: number | string | undefined;
}

/** The settings of one named tenant of the stack config: `tenants.<name>` (see `TENANTS_CONFIG_KEY`). */
export type NamedSource = `tenants.${string}`;

/**
 * A source of connection settings: the `tenant` argument, the stack config, the environment, or one named
 * tenant of the stack config's `tenant-admin:tenants`.
 */
export type ConnectionSource = "explicit" | "config" | "env" | NamedSource;

/**
 * Where settings are read: a `tenant` argument, the stack config and the environment, the environment alone,
 * or one named tenant of the stack config.
 */
export type Mode = "explicit" | "stack" | "env" | NamedSource;

/** The source of the named tenant `name`. */
export function namedSource(name: string): NamedSource {
  return `tenants.${name}`;
}

/** Whether settings came from (or are read from) a named tenant of the stack config. */
export function isNamedSource(source: string): source is NamedSource {
  return source.startsWith("tenants.");
}

/** The name of a named tenant's source: `eu` of `tenants.eu`. */
export function tenantNameOf(source: NamedSource): string {
  return source.slice("tenants.".length);
}

/** The stack config path of a named tenant's setting: `tenant-admin:tenants.eu.clientSecret`. */
export function namedKey(source: NamedSource, field: Field): string {
  return `${TENANTS_CONFIG_KEY}.${tenantNameOf(source)}.${field}`;
}

/** A connection setting. */
export type Field = keyof TenantConnectionSettings;

/** How a setting of a source is named in messages: `tenant.clientId`, a config key, or a variable. */
export function nameOf(field: Field, level: ConnectionSource): string {
  switch (level) {
    case "explicit":
      return `tenant.${field}`;
    case "config":
      return `the stack config key ${CONFIG_KEYS[field]}`;
    case "env":
      return `the environment variable ${ENV_VARS[field]}`;
    default:
      return `the stack config key ${namedKey(level, field)}`;
  }
}

/** A setting's value and the source it came from. */
export interface Resolved<T> {
  value: T;
  level: ConnectionSource;
}

/** The settings of a source, each with where it came from. */
export type ResolvedInput = { [F in Field]?: Resolved<Exclude<TenantConnectionSettings[F], undefined>> };

/** A message's first word capitalized: a setting's name that starts a sentence. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
