import { resolveTenantConnection } from "../../../src/client/connection";
import { TenantConfigError } from "../../../src/client/errors";
import type { TenantConnectionSources } from "../../../src/client/connection";
import type { TenantConnectionSettings } from "../../../src/client/connectionSettings";
import type { TenantCredentials } from "../../../src/client/credentials";

const SECRET = "cfg-client-secret-7f3a9";
const ENV_SECRET = "env-client-secret-19bd2";
const TOKEN = "api-token-value-4c1e8";

const cc = { clientId: "cfg-id", clientSecret: SECRET };
/** PEM-shaped text: resolution checks the shape only; signing is tested in clientAssertion.test.ts. */
const PEM = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----";

function resolve(sources: TenantConnectionSources) {
  return resolveTenantConnection({ env: {}, ...sources });
}

function configError(sources: TenantConnectionSources): TenantConfigError {
  try {
    resolve(sources);
  } catch (error) {
    expect(error).toBeInstanceOf(TenantConfigError);
    return error as TenantConfigError;
  }
  throw new Error("expected a TenantConfigError");
}

describe("resolveTenantConnection: domain normalization", () => {
  it.each([
    ["my-tenant.eu.example.com", "https://my-tenant.eu.example.com"],
    ["  my-tenant.eu.example.com  ", "https://my-tenant.eu.example.com"],
    ["My-Tenant.EU.example.com", "https://my-tenant.eu.example.com"],
    ["https://my-tenant.eu.example.com", "https://my-tenant.eu.example.com"],
    ["https://my-tenant.eu.example.com/", "https://my-tenant.eu.example.com"],
    ["https://my-tenant.eu.example.com/api/v2", "https://my-tenant.eu.example.com"],
    ["https://my-tenant.eu.example.com/api/v2/", "https://my-tenant.eu.example.com"],
    ["my-tenant.eu.example.com/api/v2/", "https://my-tenant.eu.example.com"],
    ["https://my-tenant.eu.example.com:8443", "https://my-tenant.eu.example.com:8443"],
    ["https://my-tenant.eu.example.com:443", "https://my-tenant.eu.example.com"],
    ["http://localhost:4000", "http://localhost:4000"],
    ["http://127.0.0.1:4000/", "http://127.0.0.1:4000"],
    ["http://127.10.20.30:4000", "http://127.10.20.30:4000"],
    ["http://[::1]:4000/api/v2", "http://[::1]:4000"],
    ["localhost:4000", "https://localhost:4000"],
  ])("normalizes domain %j to base URL %s", (domain, baseUrl) => {
    const connection = resolve({ config: { domain, ...cc } });
    expect(connection.baseUrl).toBe(baseUrl);
    expect(connection.apiBaseUrl).toBe(`${baseUrl}/api/v2`);
    expect(connection.audience).toBe(`${baseUrl}/api/v2/`);
  });

  it.each([
    ["http://my-tenant.eu.example.com", /http:\/\/ is only allowed for loopback addresses/],
    ["http://10.0.0.5:4000", /http:\/\/ is only allowed for loopback addresses/],
    ["http://localhost.example.com", /http:\/\/ is only allowed for loopback addresses/],
    ["http://128.0.0.1", /http:\/\/ is only allowed for loopback addresses/],
    ["ftp://my-tenant.example.com", /scheme ftp:\/\/ is not supported/],
    ["mailto:admin@example.com", /has a scheme but no \/\//],
    ["https://my-tenant.example.com?x=1", /query string or fragment/],
    ["https://my-tenant.example.com/#frag", /query string or fragment/],
    ["https://my-tenant.example.com/other", /path \/other is not allowed/],
    ["https://my-tenant.example.com/api/v1", /path \/api\/v1 is not allowed/],
    ["not a domain", /cannot be parsed/],
    ["https://", /cannot be parsed/],
    ["my_tenant.example.com", /not a valid host name/],
    ["-tenant.example.com", /not a valid host name/],
    ["tenant..example.com", /not a valid host name|cannot be parsed/],
  ])("refuses domain %j", (domain, reason) => {
    const error = configError({ config: { domain, ...cc } });
    expect(error.message).toMatch(reason);
    expect(error.message).toContain("tenant-admin:domain");
  });

  it("refuses credentials in the domain URL without echoing them", () => {
    const error = configError({ config: { domain: `https://admin:${SECRET}@my-tenant.example.com`, ...cc } });
    expect(error.message).toMatch(/must not contain credentials/);
    expect(error.message).not.toContain(SECRET);
  });

  it("names the environment variable when the bad domain came from AUTH0_DOMAIN", () => {
    const error = configError({ env: { AUTH0_DOMAIN: "http://tenant.example.com", AUTH0_API_TOKEN: TOKEN } });
    expect(error.message).toMatch(/^The environment variable AUTH0_DOMAIN is not a usable tenant domain/);
  });
});

describe("resolveTenantConnection: precedence", () => {
  const config: TenantConnectionSettings = {
    domain: "config.example.com",
    clientId: "config-id",
    clientSecret: SECRET,
    timeoutSeconds: "12",
  };
  const env = {
    AUTH0_DOMAIN: "env.example.com",
    AUTH0_CLIENT_ID: "env-id",
    AUTH0_CLIENT_SECRET: ENV_SECRET,
    AUTH0_AUDIENCE: "https://env.example.com/custom/",
    TENANT_ADMIN_TIMEOUT_SECONDS: "5",
    TENANT_ADMIN_RATE_LIMIT_BUDGET_SECONDS: "7",
  };

  it("uses an explicit tenant with a domain alone, ignoring config and environment", () => {
    const connection = resolve({
      explicit: { domain: "explicit.example.com", apiToken: TOKEN },
      config,
      env,
    });
    expect(connection).toEqual({
      baseUrl: "https://explicit.example.com",
      apiBaseUrl: "https://explicit.example.com/api/v2",
      audience: "https://explicit.example.com/api/v2/",
      credentials: { kind: "apiToken", token: TOKEN },
      timeoutMs: 30_000,
      rateLimitBudgetMs: 60_000,
      origin: { domain: "explicit", credentials: "explicit", unbound: false },
      settingsRead: "stack",
    });
  });

  it("lets config win over the environment field by field", () => {
    const connection = resolve({ config, env });
    expect(connection.baseUrl).toBe("https://config.example.com");
    expect(connection.credentials).toEqual({
      kind: "clientCredentials",
      clientId: "config-id",
      clientSecret: SECRET,
    });
    expect(connection.timeoutMs).toBe(12_000);
    // not set in config: taken from the environment
    expect(connection.audience).toBe("https://env.example.com/custom/");
    expect(connection.rateLimitBudgetMs).toBe(7_000);
  });

  it("combines a client id from config with a client secret from the environment", () => {
    const connection = resolve({
      config: { domain: "config.example.com", clientId: "config-id" },
      env: { AUTH0_CLIENT_SECRET: ENV_SECRET },
    });
    expect(connection.credentials).toEqual({
      kind: "clientCredentials",
      clientId: "config-id",
      clientSecret: ENV_SECRET,
    });
  });

  it("never combines the config's domain with credentials the environment holds for another tenant", () => {
    const error = configError({
      config: { domain: "tenant-a.example.com" },
      env: { AUTH0_DOMAIN: "tenant-b.example.com", AUTH0_CLIENT_ID: "b-id", AUTH0_CLIENT_SECRET: ENV_SECRET },
    });
    expect(error.message).toMatch(/^No credentials for tenant tenant-a\.example\.com/);
    expect(error.message).not.toContain(ENV_SECRET);
  });

  it("combines them when the environment names the same tenant", () => {
    const connection = resolve({
      config: { domain: "https://tenant-a.example.com/" },
      env: { AUTH0_DOMAIN: "tenant-a.example.com", AUTH0_API_TOKEN: TOKEN },
    });
    expect(connection.credentials).toEqual({ kind: "apiToken", token: TOKEN });
  });

  it.each<[string, TenantConnectionSources, { domain: string; credentials: string; unbound: boolean }]>([
    [
      "credentials from the environment without AUTH0_DOMAIN, for the config's domain (unbound)",
      { config: { domain: "tenant-a.example.com" }, env: { AUTH0_API_TOKEN: TOKEN } },
      { domain: "config", credentials: "env", unbound: true },
    ],
    [
      "credentials from the environment whose AUTH0_DOMAIN names the config's tenant",
      {
        config: { domain: "tenant-a.example.com" },
        env: { AUTH0_DOMAIN: "tenant-a.example.com", AUTH0_API_TOKEN: TOKEN },
      },
      { domain: "config", credentials: "env", unbound: false },
    ],
    [
      "domain and credentials from config",
      { config: { domain: "tenant-a.example.com", apiToken: TOKEN } },
      { domain: "config", credentials: "config", unbound: false },
    ],
    [
      "domain and credentials from the environment",
      { env: { AUTH0_DOMAIN: "tenant-a.example.com", AUTH0_API_TOKEN: TOKEN } },
      { domain: "env", credentials: "env", unbound: false },
    ],
  ])("records where the settings came from: %s", (_label, sources, origin) => {
    expect(resolve(sources).origin).toEqual(origin);
  });

  it("reads everything from the environment when there is no config", () => {
    const connection = resolve({ env: { AUTH0_DOMAIN: "env.example.com", AUTH0_API_TOKEN: TOKEN } });
    expect(connection.baseUrl).toBe("https://env.example.com");
    expect(connection.credentials).toEqual({ kind: "apiToken", token: TOKEN });
  });

  it.each([
    ["empty", ""],
    ["whitespace-only", "   \t"],
  ])("treats a %s config value as unset and falls back to the environment", (_label, blank) => {
    const connection = resolve({
      config: { domain: blank, clientId: blank, clientSecret: blank },
      env: { AUTH0_DOMAIN: "env.example.com", AUTH0_CLIENT_ID: "env-id", AUTH0_CLIENT_SECRET: ENV_SECRET },
    });
    expect(connection.baseUrl).toBe("https://env.example.com");
    expect(connection.credentials).toEqual({
      kind: "clientCredentials",
      clientId: "env-id",
      clientSecret: ENV_SECRET,
    });
  });

  it("treats blank environment variables as unset", () => {
    const error = configError({ env: { AUTH0_DOMAIN: " ", AUTH0_API_TOKEN: TOKEN } });
    expect(error.message).toMatch(/^No tenant domain/);
  });

  it("reads process.env when no env is given", () => {
    const saved = { ...process.env };
    try {
      process.env["AUTH0_DOMAIN"] = "process-env.example.com";
      process.env["AUTH0_API_TOKEN"] = TOKEN;
      delete process.env["AUTH0_CLIENT_ID"];
      delete process.env["AUTH0_CLIENT_SECRET"];
      expect(resolveTenantConnection({}).baseUrl).toBe("https://process-env.example.com");
    } finally {
      process.env = saved;
    }
  });

  it("trims surrounding whitespace from secrets", () => {
    const connection = resolve({ config: { domain: "t.example.com", apiToken: `  ${TOKEN}\n` } });
    expect(connection.credentials).toEqual({ kind: "apiToken", token: TOKEN });
  });
});

describe("resolveTenantConnection: choosing credentials", () => {
  // As the platform's Terraform provider: an API token, when set, is used and client credentials ignored.
  it.each<[string, TenantConnectionSources, TenantCredentials["kind"]]>([
    [
      "an API token over client credentials from the same level",
      { config: { domain: "t.example.com", apiToken: TOKEN, ...cc } },
      "apiToken",
    ],
    [
      "an API token when the client credentials are incomplete",
      { config: { domain: "t.example.com", apiToken: TOKEN, clientId: "id-only" } },
      "apiToken",
    ],
    [
      "a config API token over client credentials that come only from the environment",
      {
        config: { domain: "t.example.com", apiToken: TOKEN },
        env: { AUTH0_CLIENT_ID: "env-id", AUTH0_CLIENT_SECRET: ENV_SECRET },
      },
      "apiToken",
    ],
    [
      "an environment API token over config client credentials",
      { config: { domain: "t.example.com", ...cc }, env: { AUTH0_API_TOKEN: TOKEN } },
      "apiToken",
    ],
    [
      "an API token over client credentials in an explicit tenant",
      { explicit: { domain: "t.example.com", apiToken: TOKEN, ...cc } },
      "apiToken",
    ],
    [
      "a client secret over a client assertion key",
      { config: { domain: "t.example.com", ...cc, clientAssertionPrivateKey: PEM } },
      "clientCredentials",
    ],
    [
      "a client assertion key when there is no secret",
      { config: { domain: "t.example.com", clientId: "id", clientAssertionPrivateKey: PEM } },
      "privateKeyJwt",
    ],
  ])("prefers %s", (_label, sources, kind) => {
    expect(resolve(sources).credentials.kind).toBe(kind);
  });

  it("reads private_key_jwt from the variables the Terraform provider reads, RS256 by default", () => {
    const connection = resolve({
      env: {
        AUTH0_DOMAIN: "t.example.com",
        AUTH0_CLIENT_ID: "env-id",
        AUTH0_CLIENT_ASSERTION_PRIVATE_KEY: PEM.replace(/\n/g, "\\n"),
      },
    });
    expect(connection.credentials).toEqual({
      kind: "privateKeyJwt",
      clientId: "env-id",
      privateKey: PEM,
      signingAlg: "RS256",
    });
  });

  it.each([
    ["ps256", "PS256"],
    ["RS384", "RS384"],
  ])("accepts the signing algorithm %s", (given, alg) => {
    const connection = resolve({
      config: {
        domain: "t.example.com",
        clientId: "id",
        clientAssertionPrivateKey: PEM,
        clientAssertionSigningAlg: given,
      },
    });
    expect(connection.credentials).toMatchObject({ kind: "privateKeyJwt", signingAlg: alg });
  });

  it("refuses an unknown signing algorithm, naming the key and the choices", () => {
    const message = configError({
      config: {
        domain: "t.example.com",
        clientId: "id",
        clientAssertionPrivateKey: PEM,
        clientAssertionSigningAlg: "HS256",
      },
    }).message;
    expect(message).toBe(
      'The stack config key tenant-admin:clientAssertionSigningAlg must be one of RS256, RS384, PS256, got "HS256".',
    );
  });

  it("refuses a key that is not PEM without quoting it", () => {
    const message = configError({
      env: {
        AUTH0_DOMAIN: "t.example.com",
        AUTH0_CLIENT_ID: "id",
        AUTH0_CLIENT_ASSERTION_PRIVATE_KEY: SECRET,
      },
    }).message;
    expect(message).toMatch(
      /^The environment variable AUTH0_CLIENT_ASSERTION_PRIVATE_KEY is not a PEM private key/,
    );
    expect(message).not.toContain(SECRET);
  });
});

describe("resolveTenantConnection: a caller that reads the environment alone (tenant-admin export)", () => {
  it.each<[string, Record<string, string>, RegExp]>([
    ["no domain", {}, /^No tenant domain: set the environment variable AUTH0_DOMAIN/],
    [
      "no credentials",
      { AUTH0_DOMAIN: "t.example.com" },
      /AUTH0_CLIENT_ID and AUTH0_CLIENT_SECRET, or AUTH0_API_TOKEN/,
    ],
  ])("names only environment variables when %s", (_case, env, message) => {
    const resolve = () => resolveTenantConnection({ env, readsConfig: false });
    expect(resolve).toThrow(message);
    expect(resolve).not.toThrow(/tenant-admin:/);
  });
});

describe("resolveTenantConnection: missing and invalid settings", () => {
  it("names the config key, a pulumi command and the environment variable when the domain is missing", () => {
    expect(configError({ config: cc }).message).toBe(
      "No tenant domain: set the stack config key tenant-admin:domain " +
        "(pulumi config set tenant-admin:domain my-tenant.example.com) or the environment variable AUTH0_DOMAIN.",
    );
  });

  it.each<[string, TenantConnectionSettings, RegExp | undefined]>([
    ["no credentials at all", { domain: "t.example.com" }, undefined],
    [
      "only a client id",
      { domain: "t.example.com", clientId: "id" },
      /tenant-admin:clientId is set, but no client secret/,
    ],
    [
      "only a client secret",
      { domain: "t.example.com", clientSecret: SECRET },
      /tenant-admin:clientSecret is set, but no client id/,
    ],
  ])("names every place to set credentials when there are %s", (_label, config, detail) => {
    const message = configError({ config }).message;
    for (const name of [
      "tenant-admin:clientId",
      "tenant-admin:clientSecret",
      "AUTH0_CLIENT_ID",
      "AUTH0_CLIENT_SECRET",
      "tenant-admin:apiToken",
      "AUTH0_API_TOKEN",
    ]) {
      expect(message).toContain(name);
    }
    expect(message).toMatch(/^No credentials for tenant t\.example\.com/);
    if (detail) expect(message).toMatch(detail);
    expect(message).not.toContain(SECRET);
  });

  it.each<[string, TenantConnectionSettings, RegExp]>([
    [
      "no credentials",
      { domain: "t.example.com" },
      /set tenant\.apiToken, or both tenant\.clientId and tenant\.clientSecret/,
    ],
    ["a client id only", { domain: "t.example.com", clientId: "id" }, /tenant\.clientSecret is missing/],
    [
      "a client secret only",
      { domain: "t.example.com", clientSecret: SECRET },
      /tenant\.clientId is missing/,
    ],
  ])("refuses an explicit tenant with %s even when config has credentials", (_label, explicit, reason) => {
    const error = configError({ explicit, config: { domain: "other.example.com", apiToken: TOKEN } });
    expect(error.message).toMatch(reason);
    expect(error.message).toMatch(/not used when tenant\.domain is set/);
    expect(error.message).not.toContain(SECRET);
  });

  it("refuses an explicit tenant with credentials but no domain", () => {
    const error = configError({
      explicit: { clientId: "id", clientSecret: SECRET },
      config: { domain: "t.example.com" },
    });
    expect(error.message).toMatch(/sets tenant\.clientId, tenant\.clientSecret but not tenant\.domain/);
    expect(error.message).not.toContain(SECRET);
  });

  it("ignores an explicit tenant whose fields are all blank", () => {
    const connection = resolve({
      explicit: { domain: " ", apiToken: "" },
      config: { domain: "t.example.com", ...cc },
    });
    expect(connection.baseUrl).toBe("https://t.example.com");
  });

  it.each<[string, TenantConnectionSources, RegExp]>([
    [
      "a non-numeric config string",
      { config: { timeoutSeconds: "abc" } },
      /^The stack config key tenant-admin:timeoutSeconds must be a positive number of seconds, got "abc"/,
    ],
    ["zero", { config: { timeoutSeconds: 0 } }, /tenant-admin:timeoutSeconds must be a positive number/],
    [
      "a negative number",
      { config: { rateLimitBudgetSeconds: -5 } },
      /tenant-admin:rateLimitBudgetSeconds must be a positive number/,
    ],
    [
      "infinity",
      { config: { rateLimitBudgetSeconds: Infinity } },
      /tenant-admin:rateLimitBudgetSeconds must be a positive number/,
    ],
    [
      "NaN",
      { config: { timeoutSeconds: Number.NaN } },
      /tenant-admin:timeoutSeconds must be a positive number/,
    ],
    [
      "a bad environment value",
      { env: { TENANT_ADMIN_TIMEOUT_SECONDS: "10s" } },
      /^The environment variable TENANT_ADMIN_TIMEOUT_SECONDS must be a positive number/,
    ],
    [
      "a bad explicit value",
      { explicit: { domain: "t.example.com", apiToken: TOKEN, timeoutSeconds: "-1" } },
      /^Tenant\.timeoutSeconds must be a positive number/,
    ],
  ])("refuses %s as a duration", (_label, sources, reason) => {
    const withDomain: TenantConnectionSources = {
      ...sources,
      config: { domain: "t.example.com", apiToken: TOKEN, ...sources.config },
    };
    expect(configError(withDomain).message).toMatch(reason);
  });

  it.each<[string, TenantConnectionSettings, RegExp]>([
    [
      "a timeout below 1 s",
      { timeoutSeconds: 0.2 },
      /timeoutSeconds must be a positive number of seconds, got 0\.2; allowed: 1 to 600 \(default 30\)\.$/,
    ],
    ["a timeout beyond Node's timer", { timeoutSeconds: "9999999999" }, /allowed: 1 to 600/],
    [
      "a budget over an hour",
      { rateLimitBudgetSeconds: 7200 },
      /rateLimitBudgetSeconds must be a positive number of seconds, got 7200; allowed: 1 to 3600 \(default 60\)\.$/,
    ],
  ])("refuses %s, naming the range", (_label, config, reason) => {
    expect(configError({ config: { domain: "t.example.com", apiToken: TOKEN, ...config } }).message).toMatch(
      reason,
    );
  });

  it("accepts fractional seconds given as strings", () => {
    const connection = resolve({
      config: {
        domain: "t.example.com",
        apiToken: TOKEN,
        timeoutSeconds: " 2.25 ",
        rateLimitBudgetSeconds: "1.5",
      },
    });
    expect(connection.timeoutMs).toBe(2250);
    expect(connection.rateLimitBudgetMs).toBe(1500);
  });
});

describe("resolveTenantConnection: stack config keys the package does not read", () => {
  it("names a misspelt key with the key it most likely means when the credentials are missing", () => {
    const message = configError({
      config: { domain: "t.example.com", clientId: "id" },
      configKeys: ["tenant-admin:domain", "tenant-admin:clientId", "tenant-admin:clientsecret", "aws:region"],
    }).message;
    expect(message).toMatch(
      /^No credentials for tenant t\.example\.com \(the stack config key tenant-admin:clientId is set, but no client secret or client assertion key\): /,
    );
    expect(message).toMatch(
      / The stack config key tenant-admin:clientsecret is not one the package reads; did you mean tenant-admin:clientSecret\?$/,
    );
    expect(message).not.toContain("aws:region");
  });

  it.each([
    ["tenant-admin:domian", "; did you mean tenant-admin:domain?"],
    ["tenant-admin:api_token", "; did you mean tenant-admin:apiToken?"],
    ["tenant-admin:region", "."],
  ])("names %s when the domain is missing", (key, ending) => {
    const message = configError({ config: cc, configKeys: [key] }).message;
    expect(message).toMatch(/^No tenant domain: /);
    expect(message).toContain(
      `AUTH0_DOMAIN. The stack config key ${key} is not one the package reads${ending}`,
    );
  });

  it("adds nothing when every key of the namespace is one the package reads", () => {
    expect(configError({ config: cc, configKeys: ["tenant-admin:clientId"] }).message).not.toContain(
      "not one the package reads",
    );
  });

  it("leaves a connection that resolves alone", () => {
    const connection = resolve({
      config: { domain: "t.example.com", ...cc },
      configKeys: ["tenant-admin:clientsecret"],
    });
    expect(connection.baseUrl).toBe("https://t.example.com");
  });
});
