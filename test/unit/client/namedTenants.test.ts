import { resolveTenantConnection } from "../../../src/client/connection";
import { TenantConfigError } from "../../../src/client/errors";
import type { TenantConnectionSources } from "../../../src/client/connection";
import { hintFor } from "../../../src/client/hints";
import { AUTH_PATHS } from "../../../src/wire/endpoint";

const EU_SECRET = "eu-client-secret-5d1c0";
const US_TOKEN = "us-api-token-8e4b2";
const TOP_SECRET = "top-level-secret-a7f31";
const PEM = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----";

/** `tenant-admin:tenants` as the program's stack config gives it: JSON text. */
const TENANTS = JSON.stringify({
  eu: { domain: "eu.example.com", clientId: "eu-id", clientSecret: EU_SECRET },
  us: { domain: "https://us.example.com", apiToken: US_TOKEN, timeoutSeconds: 9 },
  apac: { domain: "apac.example.com", clientId: "apac-id", clientAssertionPrivateKey: PEM },
});

/** A stack that also sets the top-level keys and the environment, which a named tenant must not use. */
function resolve(name: string, sources: Partial<TenantConnectionSources> = {}) {
  return resolveTenantConnection({
    explicit: name,
    tenants: TENANTS,
    config: { domain: "top.example.com", clientId: "top-id", clientSecret: TOP_SECRET, timeoutSeconds: "12" },
    env: {
      AUTH0_DOMAIN: "env.example.com",
      AUTH0_API_TOKEN: "env-token",
      TENANT_ADMIN_RATE_LIMIT_BUDGET_SECONDS: "7",
    },
    ...sources,
  });
}

function failure(name: string, sources: Partial<TenantConnectionSources> = {}): string {
  try {
    resolve(name, sources);
  } catch (error) {
    expect(error).toBeInstanceOf(TenantConfigError);
    return (error as TenantConfigError).message;
  }
  throw new Error("expected a TenantConfigError");
}

describe("a named tenant of tenant-admin:tenants", () => {
  it("resolves the name's own domain and client credentials, never the top-level ones", () => {
    const connection = resolve("eu");
    expect(connection.baseUrl).toBe("https://eu.example.com");
    expect(connection.credentials).toEqual({
      kind: "clientCredentials",
      clientId: "eu-id",
      clientSecret: EU_SECRET,
    });
    expect(connection.origin).toEqual({ domain: "tenants.eu", credentials: "tenants.eu", unbound: false });
  });

  it("accepts the other credential forms: an API token, a client assertion key", () => {
    expect(resolve("us").credentials).toEqual({ kind: "apiToken", token: US_TOKEN });
    expect(resolve("apac").credentials).toMatchObject({
      kind: "privateKeyJwt",
      clientId: "apac-id",
      signingAlg: "RS256",
    });
  });

  it("takes the timeouts from the name, else from the stack config or the environment", () => {
    expect(resolve("us").timeoutMs).toBe(9000);
    expect(resolve("eu").timeoutMs).toBe(12_000);
    expect(resolve("eu").rateLimitBudgetMs).toBe(7000);
  });

  it("reads the map when the provider host gives it as an object", () => {
    expect(resolve("eu", { tenants: JSON.parse(TENANTS) as unknown }).baseUrl).toBe("https://eu.example.com");
  });

  it("refuses an unknown name, listing the known ones and the nearest", () => {
    expect(failure("euu")).toBe(
      'The tenant "euu" is not in the stack config key tenant-admin:tenants (known: eu, us, apac); did you ' +
        'mean "eu"? To add it: pulumi config set --path tenant-admin:tenants.euu.domain <domain>, with its ' +
        "clientId and clientSecret (--secret).",
    );
  });

  it("says so when the stack sets no tenants at all", () => {
    expect(failure("eu", { tenants: undefined })).toMatch(
      /^The tenant "eu" is not in the stack config key tenant-admin:tenants, which sets no tenant\. To add it: /,
    );
  });

  it.each([
    [
      { eu: { clientId: "id", clientSecret: EU_SECRET } },
      /^No domain for the tenant "eu": set the stack config key tenant-admin:tenants\.eu\.domain \(pulumi config set --path tenant-admin:tenants\.eu\.domain my-tenant\.example\.com\)\.$/,
    ],
    [
      { eu: { domain: "eu.example.com", clientId: "id" } },
      /^No credentials for the tenant "eu" \(eu\.example\.com\) \(the stack config key tenant-admin:tenants\.eu\.clientId is set, but no client secret or client assertion key\): set the stack config keys tenant-admin:tenants\.eu\.clientId and tenant-admin:tenants\.eu\.clientSecret /,
    ],
    [
      { eu: { domain: "eu.example.com", clientId: "id", clientsecret: EU_SECRET } },
      /^The stack config key tenant-admin:tenants\.eu\.clientsecret is not a setting the package reads; did you mean tenant-admin:tenants\.eu\.clientSecret\?$/,
    ],
    [{ eu: "eu.example.com" }, /^The stack config key tenant-admin:tenants\.eu must be a map of settings/],
    [["eu"], /^The stack config key tenant-admin:tenants must be a map of tenant names to their settings/],
    [
      { eu: { domain: "eu.example.com", clientId: "id", clientSecret: 42 } },
      /^The stack config key tenant-admin:tenants\.eu\.clientSecret must be a string, got a value of type number\.$/,
    ],
  ])("names the key and the rule for a bad entry (%j)", (tenants, message) => {
    const text = failure("eu", { tenants: JSON.stringify(tenants) });
    expect(text).toMatch(message);
    expect(text).not.toContain(EU_SECRET);
    expect(text).not.toContain(TOP_SECRET);
  });

  it("refuses a blank name", () => {
    expect(failure("  ")).toMatch(
      /^The tenant argument is a blank name: name a tenant of the stack config key tenant-admin:tenants \(known: eu, us, apac\)/,
    );
  });

  it("does not count tenant-admin:tenants among the keys the package does not read", () => {
    const message = (() => {
      try {
        resolveTenantConnection({ config: {}, env: {}, configKeys: ["tenant-admin:tenants"] });
      } catch (error) {
        return (error as Error).message;
      }
      return "";
    })();
    expect(message).toMatch(/^No tenant domain/);
    expect(message).not.toContain("not one the package reads");
  });
});

describe("advice about a named tenant's settings", () => {
  it("names the name's keys in a refused token request's hint and the saved-config sentence", () => {
    expect(hintFor(AUTH_PATHS.token, 401, "access_denied", undefined, "tenants.eu")).toBe(
      "Check the client id and client secret (tenant-admin:tenants.eu.clientId, tenant-admin:tenants.eu.clientSecret)",
    );
    expect(resolveTenantConnection({ explicit: "eu", tenants: TENANTS, env: {} }).settingsRead).toBe(
      "tenants.eu",
    );
  });
});
