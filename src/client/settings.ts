/** The Pulumi config namespace of this package: keys are read as `tenant-admin:<name>`. */
export const CONFIG_NAMESPACE = "tenant-admin";

/**
 * The environment variable of each connection setting, read when the stack config does not set it: the one
 * table of the settings. The `AUTH0_*` names are the ones existing tools for this platform already use, so CI
 * secrets carry over. Each setting's stack config key is `tenant-admin:<name>` ({@link CONFIG_KEYS}).
 */
export const ENV_VARS = {
  domain: "AUTH0_DOMAIN",
  clientId: "AUTH0_CLIENT_ID",
  clientSecret: "AUTH0_CLIENT_SECRET",
  apiToken: "AUTH0_API_TOKEN",
  clientAssertionPrivateKey: "AUTH0_CLIENT_ASSERTION_PRIVATE_KEY",
  clientAssertionSigningAlg: "AUTH0_CLIENT_ASSERTION_SIGNING_ALG",
  audience: "AUTH0_AUDIENCE",
  timeoutSeconds: "TENANT_ADMIN_TIMEOUT_SECONDS",
  rateLimitBudgetSeconds: "TENANT_ADMIN_RATE_LIMIT_BUDGET_SECONDS",
} as const;

/** A connection setting's name: `domain`, `clientId`, … */
export type ConnectionField = keyof typeof ENV_VARS;

/** The connection settings, in their documented order. */
export const CONNECTION_FIELDS = Object.keys(ENV_VARS) as ConnectionField[];

/** The stack config keys the client reads, fully qualified (`pulumi config set tenant-admin:domain …`). */
export const CONFIG_KEYS = Object.fromEntries(
  CONNECTION_FIELDS.map((field) => [field, `${CONFIG_NAMESPACE}:${field}`]),
) as { readonly [F in ConnectionField]: `${typeof CONFIG_NAMESPACE}:${F}` };

/**
 * The stack config key of the named tenants: a map from a tenant's name to its connection settings
 * (`pulumi config set --path tenant-admin:tenants.eu.domain …`), which a `tenant: "eu"` argument selects.
 */
export const TENANTS_CONFIG_KEY = `${CONFIG_NAMESPACE}:tenants` as const;

/** The settings whose values are credentials: stored as secrets, never printed. */
export const SECRET_CONNECTION_FIELDS = [
  "clientSecret",
  "apiToken",
  "clientAssertionPrivateKey",
] as const satisfies readonly ConnectionField[];

/** How long one HTTP request may take before it is abandoned, unless configured: 30 s. */
export const DEFAULT_TIMEOUT_SECONDS = 30;

/** How long one operation may wait in total for rate limits to reset, unless configured: 60 s. */
export const DEFAULT_RATE_LIMIT_BUDGET_SECONDS = 60;

/**
 * The accepted range of `timeoutSeconds`, inclusive: below 1 s every call would time out, above 10 minutes
 * a hung connection blocks a deployment for longer than any real call takes.
 */
export const TIMEOUT_SECONDS_RANGE = { min: 1, max: 600 } as const;

/** The accepted range of `rateLimitBudgetSeconds`, inclusive (at most one hour of waiting per operation). */
export const RATE_LIMIT_BUDGET_SECONDS_RANGE = { min: 1, max: 3600 } as const;

/** The client assertion signing algorithms the platform accepts for `private_key_jwt`; the default is the first. */
export const CLIENT_ASSERTION_SIGNING_ALGS = ["RS256", "RS384", "PS256"] as const;

/** Formats a duration for a message: `30 s`, `0.2 s`, `61.3 s`. */
export function formatSeconds(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} s`;
}
