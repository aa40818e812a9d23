import { AxiosError } from "axios";

import { errorFromResponse } from "../../../src/client/errorResponse";
import {
  TenantConnectionError,
  TenantApiError,
  TenantRateLimitError,
  TokenRequestError,
} from "../../../src/client/errors";
import { REDACTED, redactSecrets, secretsInBody } from "../../../src/client/redact";
import type { FailedRequest } from "../../../src/client/errors";
import type { HttpMethod } from "../../../src/wire/endpoint";
import { getCaptcha } from "../../../src/resources/captchaConfig/api";
import { describeFailure } from "../../../src/client/transportFailure";
import { onTenantMessage } from "../../../src/resources/tenantObject/providerFailure";
import { getTenantSettings } from "../../../src/resources/tenantSettings/api";

function platformBody(statusCode: number, error: string, message: string, errorCode?: string): string {
  return JSON.stringify({ statusCode, error, message, ...(errorCode ? { errorCode } : {}) });
}

function request(method: HttpMethod, path: string, extra: Partial<FailedRequest> = {}): FailedRequest {
  return { method, path, secrets: [], ...extra };
}

describe("errorFromResponse", () => {
  it.each<[string, FailedRequest, number, string, string]>([
    [
      "insufficient scope",
      request("PATCH", "/attack-protection/captcha"),
      403,
      platformBody(
        403,
        "Forbidden",
        "Insufficient scope, expected any of: update:attack_protection",
        "insufficient_scope",
      ),
      "PATCH /attack-protection/captcha failed: 403 insufficient_scope: Insufficient scope, expected any of: " +
        "update:attack_protection. Grant the scope to the machine-to-machine client, or use an API token that has it; run tenant-admin doctor to list every scope each resource needs.",
    ],
    [
      "missing entitlement",
      request("PATCH", "/attack-protection/captcha"),
      403,
      platformBody(
        403,
        "Forbidden",
        "Please upgrade your subscription to use bot detection",
        "insufficient_entitlement",
      ),
      "PATCH /attack-protection/captcha failed: 403 insufficient_entitlement: Please upgrade your subscription to use " +
        "bot detection. The tenant's plan does not include bot detection.",
    ],
    [
      "an invalid token (no errorCode: the error field is used)",
      request("GET", "/tenants/settings"),
      401,
      platformBody(401, "Unauthorized", "Invalid token"),
      "GET /tenants/settings failed: 401 Unauthorized: Invalid token. Check the client credentials or API token.",
    ],
    [
      "a non-global client on the CAPTCHA endpoint",
      request("GET", getCaptcha.path, { hints: getCaptcha.hints }),
      401,
      platformBody(401, "Unauthorized", "Invalid token"),
      "GET /attack-protection/captcha failed: 401 Unauthorized: Invalid token. Check the client credentials or API " +
        "token; a token for the CAPTCHA settings must belong to a global client.",
    ],
    [
      "a missing CAPTCHA configuration",
      request("GET", getCaptcha.path, { hints: getCaptcha.hints }),
      404,
      platformBody(404, "Not Found", "The captcha configuration does not exist", "inexistent_captcha_config"),
      "GET /attack-protection/captcha failed: 404 inexistent_captcha_config: The captcha configuration does not " +
        "exist. The tenant has no CAPTCHA configuration yet.",
    ],
    [
      "a validation error (message already ends with a period)",
      request("PUT", "/guardian/factors/phone/templates"),
      400,
      platformBody(
        400,
        "Bad Request",
        "Payload validation error: 'Missing required property: secret' on property hcaptcha.",
        "invalid_body",
      ),
      "PUT /guardian/factors/phone/templates failed: 400 invalid_body: Payload validation error: " +
        "'Missing required property: secret' on property hcaptcha.",
    ],
    [
      "an unknown settings field",
      request("GET", getTenantSettings.path, { hints: getTenantSettings.hints }),
      400,
      platformBody(400, "Bad Request", "Invalid field: nope", "invalid_query_string"),
      "GET /tenants/settings failed: 400 invalid_query_string: Invalid field: nope. Check the names passed in fields.",
    ],
    [
      "a gateway page instead of a platform body",
      request("GET", "/tenants/settings"),
      502,
      "<html><body>Bad Gateway</body></html>",
      "GET /tenants/settings failed: 502 (unexpected response body). The service failed; re-running usually " +
        "succeeds once it recovers.",
    ],
    [
      "a server error after retries",
      request("GET", "/tenants/settings", { attempts: 5 }),
      503,
      platformBody(503, "Service Unavailable", "Try later"),
      "GET /tenants/settings failed: 503 Service Unavailable: Try later. The service failed; re-running usually " +
        "succeeds once it recovers. Gave up after 5 attempts.",
    ],
    [
      "an empty body",
      request("PUT", "/guardian/factors/phone/templates"),
      418,
      "",
      "PUT /guardian/factors/phone/templates failed: 418 (unexpected response body).",
    ],
    [
      "a redirect",
      request("GET", "/tenants/settings"),
      301,
      "",
      "GET /tenants/settings failed: 301 (unexpected response body). The management API does not redirect; check " +
        "tenant-admin:domain / AUTH0_DOMAIN.",
    ],
    [
      "bad client credentials at the token endpoint",
      request("POST", "/oauth/token"),
      401,
      JSON.stringify({ error: "access_denied", error_description: "Unauthorized" }),
      "POST /oauth/token failed: 401 access_denied: Unauthorized. Check the client id and client secret " +
        "(tenant-admin:clientId / AUTH0_CLIENT_ID, tenant-admin:clientSecret / AUTH0_CLIENT_SECRET).",
    ],
    [
      "an unauthorized audience at the token endpoint",
      request("POST", "/oauth/token"),
      403,
      JSON.stringify({
        error: "access_denied",
        error_description: "Client is not authorized to access the API",
      }),
      "POST /oauth/token failed: 403 access_denied: Client is not authorized to access the API. Authorize the " +
        "machine-to-machine client for the management API audience (tenant-admin:audience / AUTH0_AUDIENCE).",
    ],
  ])("describes %s", (_label, failed, status, body, message) => {
    const error = errorFromResponse(failed, { status, headers: {}, body });
    expect(error.message).toBe(message);
    expect(error.status).toBe(status);
    expect(error.method).toBe(failed.method);
    expect(error.path).toBe(failed.path);
  });

  it("keeps the structured fields a caller branches on", () => {
    const error = errorFromResponse(request("PATCH", "/attack-protection/captcha"), {
      status: 403,
      headers: {},
      body: platformBody(
        403,
        "Forbidden",
        "Insufficient scope, expected any of: update:attack_protection",
        "insufficient_scope",
      ),
    });
    expect(error).toBeInstanceOf(TenantApiError);
    expect(error).not.toBeInstanceOf(TokenRequestError);
    expect(error).toMatchObject({
      name: "TenantApiError",
      status: 403,
      errorCode: "insufficient_scope",
      serverMessage: "Insufficient scope, expected any of: update:attack_protection",
      hint: "Grant the scope to the machine-to-machine client, or use an API token that has it; run tenant-admin doctor to list every scope each resource needs",
      attempts: 1,
    });
  });

  it("makes token endpoint failures TokenRequestErrors", () => {
    const error = errorFromResponse(request("POST", "/oauth/token"), {
      status: 401,
      headers: {},
      body: JSON.stringify({ error: "access_denied", error_description: "Unauthorized" }),
    });
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error).toBeInstanceOf(TenantApiError);
    expect(error.name).toBe("TokenRequestError");
    expect(error.errorCode).toBe("access_denied");
  });

  it("turns an exhausted rate-limit budget into a TenantRateLimitError naming the budget setting", () => {
    const error = errorFromResponse(
      request("PATCH", "/attack-protection/captcha", { attempts: 3 }),
      {
        status: 429,
        headers: { "x-ratelimit-reset": "1700000000" },
        body: platformBody(429, "Too Many Requests", "Global limit has been reached", "too_many_requests"),
      },
      { waitedMs: 12_340, budgetMs: 15_000, nextWaitMs: 4_000 },
    );
    expect(error).toBeInstanceOf(TenantRateLimitError);
    expect(error.message).toBe(
      "PATCH /attack-protection/captcha failed: 429 too_many_requests: Global limit has been reached. " +
        "Rate-limited: waited 12.3 s in total, and waiting 4 s more would exceed the rate-limit budget of 15 s " +
        "(stack config key tenant-admin:rateLimitBudgetSeconds, environment variable " +
        "TENANT_ADMIN_RATE_LIMIT_BUDGET_SECONDS). Raise the budget or re-run: every operation is safe to repeat, " +
        "so re-running converges.",
    );
    expect(error).toMatchObject({
      waitedMs: 12_340,
      budgetMs: 15_000,
      nextWaitMs: 4_000,
      rateLimitReset: 1700000000,
    });
    expect(error.name).toBe("TenantRateLimitError");
  });

  it("redacts the request's secrets and JWTs from every server-provided string", () => {
    const secret = "hcaptcha-secret-5d2e";
    const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl";
    const error = errorFromResponse(request("PATCH", "/attack-protection/captcha", { secrets: [secret] }), {
      status: 400,
      headers: {},
      body: platformBody(400, "Bad Request", `Bad secret ${secret} with token ${jwt}`, `code_${secret}`),
    });
    const everything = `${error.message}${JSON.stringify(error)}${error.stack ?? ""}`;
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(jwt);
    expect(error.serverMessage).toBe(`Bad secret ${REDACTED} with token ${REDACTED}`);
  });

  it("cuts an overlong server message", () => {
    const error = errorFromResponse(request("GET", "/tenants/settings"), {
      status: 400,
      headers: {},
      body: platformBody(400, "Bad Request", "x".repeat(5000)),
    });
    expect(error.serverMessage.length).toBeLessThanOrEqual(1001);
  });
});

describe("redactSecrets", () => {
  it("redacts a secret that contains another one whole", () => {
    expect(redactSecrets("key=abc123 and abc", ["abc", "abc123"])).toBe(`key=${REDACTED} and ${REDACTED}`);
  });

  it("ignores empty secrets instead of redacting everything", () => {
    expect(redactSecrets("nothing secret here", ["", "zzz"])).toBe("nothing secret here");
  });

  it("redacts every occurrence", () => {
    expect(redactSecrets("s3cr3t/s3cr3t", ["s3cr3t"])).toBe(`${REDACTED}/${REDACTED}`);
  });
});

describe("secretsInBody", () => {
  it("collects secret and api_key values at any depth", () => {
    expect(
      secretsInBody({
        active_provider_id: "hcaptcha",
        hcaptcha: { site_key: "public", secret: "s1" },
        recaptcha_enterprise: { site_key: "k", api_key: "a1", project_id: "p" },
        nested: [{ client_secret: "c1" }],
      }).sort(),
    ).toEqual(["a1", "c1", "s1"]);
  });

  it("finds nothing in bodies without credentials", () => {
    expect(secretsInBody({ enrollment_message: "{{code}}", verification_message: "x" })).toEqual([]);
    expect(secretsInBody(undefined)).toEqual([]);
  });
});

describe("a request that never reached the tenant", () => {
  /** The message of a failure with this axios code, as the client and a provider word it. */
  function messages(code: string, rawMessage: string): { client: string; provider: string } {
    const failure = describeFailure(new AxiosError(rawMessage, code), 30_000, []);
    const error = new TenantConnectionError({
      method: "GET",
      path: "/tenants/settings",
      host: "my-tenant.example.com",
      reason: failure.reason,
      code: failure.code,
      attempts: 1,
      cause: failure.summary,
    });
    return { client: error.message, provider: onTenantMessage("https://my-tenant.example.com", error) };
  }

  const checkDomain =
    "Check that https://my-tenant.example.com is the tenant's domain (tenant-admin:domain / AUTH0_DOMAIN, or " +
    "tenant.domain).";

  it("says a host was not found, and what to check, once", () => {
    expect(messages("ENOTFOUND", "getaddrinfo ENOTFOUND my-tenant.example.com")).toEqual({
      client:
        "GET /tenants/settings failed: host not found (DNS) (host my-tenant.example.com, 1 attempt). Check " +
        "tenant-admin:domain / AUTH0_DOMAIN.",
      provider:
        "https://my-tenant.example.com: GET /tenants/settings failed: host not found (DNS) (host " +
        `my-tenant.example.com, 1 attempt). ${checkDomain}`,
    });
  });

  it("reads a plain-http answer to https as a failed TLS handshake", () => {
    expect(messages("EPROTO", "wrong version number").provider).toBe(
      "https://my-tenant.example.com: GET /tenants/settings failed: TLS handshake failed (the host does not " +
        `speak https) (host my-tenant.example.com, 1 attempt). ${checkDomain}`,
    );
  });

  it("names another code it has no words for", () => {
    expect(messages("EWHATEVER", "something odd").client).toBe(
      "GET /tenants/settings failed: request failed (EWHATEVER) (host my-tenant.example.com, 1 attempt).",
    );
  });
});

describe("advice of a command that reads the environment alone (tenant-admin export)", () => {
  const envOnly = { settingsRead: "env" } as const;

  it.each<[string, FailedRequest, number, string, string]>([
    [
      "bad client credentials",
      request("POST", "/oauth/token", envOnly),
      401,
      JSON.stringify({ error: "access_denied", error_description: "Unauthorized" }),
      "POST /oauth/token failed: 401 access_denied: Unauthorized. Check the client id and client secret " +
        "(AUTH0_CLIENT_ID, AUTH0_CLIENT_SECRET).",
    ],
    [
      "an unauthorized audience",
      request("POST", "/oauth/token", envOnly),
      403,
      JSON.stringify({
        error: "access_denied",
        error_description: "Client is not authorized to access the API",
      }),
      "POST /oauth/token failed: 403 access_denied: Client is not authorized to access the API. Authorize the " +
        "machine-to-machine client for the management API audience (AUTH0_AUDIENCE).",
    ],
    [
      "a redirect",
      request("GET", "/tenants/settings", envOnly),
      301,
      "",
      "GET /tenants/settings failed: 301 (unexpected response body). The management API does not redirect; check " +
        "AUTH0_DOMAIN.",
    ],
  ])("names only environment variables for %s", (_label, failed, status, body, message) => {
    expect(errorFromResponse(failed, { status, headers: {}, body }).message).toBe(message);
  });

  it("names only the environment variable of the rate-limit budget", () => {
    const error = errorFromResponse(
      request("GET", "/tenants/settings", envOnly),
      {
        status: 429,
        headers: {},
        body: platformBody(429, "Too Many Requests", "Global limit", "too_many_requests"),
      },
      { waitedMs: 1_000, budgetMs: 2_000, nextWaitMs: 1_500 },
    );
    expect(error.message).toContain(
      "budget of 2 s (environment variable TENANT_ADMIN_RATE_LIMIT_BUDGET_SECONDS).",
    );
  });

  it("names only the environment variable of the domain when the host is not found", () => {
    const failure = describeFailure(
      new AxiosError("getaddrinfo ENOTFOUND my-tenant.example.com", "ENOTFOUND"),
      30_000,
      [],
    );
    const error = new TenantConnectionError({
      method: "GET",
      path: "/tenants/settings",
      host: "my-tenant.example.com",
      reason: failure.reason,
      code: failure.code,
      attempts: 1,
      cause: failure.summary,
      settingsRead: "env",
    });
    expect(error.message).toBe(
      "GET /tenants/settings failed: host not found (DNS) (host my-tenant.example.com, 1 attempt). Check AUTH0_DOMAIN.",
    );
  });
});
