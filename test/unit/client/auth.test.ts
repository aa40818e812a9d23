import { createHash } from "node:crypto";

import { TenantApiError, TokenRequestError } from "../../../src/client/errors";
import { TokenCache } from "../../../src/client/tokens";
import type { TokenCacheKey } from "../../../src/client/tokens";
import { getCaptcha, patchCaptcha } from "../../../src/resources/captchaConfig/api";
import { getPhoneTemplates } from "../../../src/resources/phoneTemplates/api";
import { getTenantSettings } from "../../../src/resources/tenantSettings/api";
import { ROUTES, caught, startHarness } from "./support/harness";
import type { Harness } from "./support/harness";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => harness.reset());

/** The cache key the harness's clients use: the tenant, the client, and a hash of its secret. */
function cacheKey(): TokenCacheKey {
  const { url, clientId, audience, clientSecret } = harness.emulator;
  return {
    baseUrl: url,
    clientId,
    audience,
    credential: createHash("sha256").update(clientSecret).digest("hex"),
  };
}

describe("client-credentials tokens", () => {
  it("fetches one token for many concurrent requests", async () => {
    const { client } = harness.client();
    await Promise.all([
      ...Array.from({ length: 8 }, () => client.send(getTenantSettings)),
      client.send(getPhoneTemplates),
      client.send(getCaptcha),
    ]);
    expect(harness.requests().filter((line) => line.startsWith(ROUTES.token))).toEqual([
      `${ROUTES.token} 200`,
    ]);
  });

  it("shares a cached token between clients of the same tenant and client id", async () => {
    const tokenCache = new TokenCache();
    const first = harness.client({}, { tokenCache });
    const second = harness.client({}, { tokenCache });
    await first.client.send(getPhoneTemplates);
    await second.client.send(getPhoneTemplates);
    expect(harness.requests()).toEqual([
      `${ROUTES.token} 200`,
      `${ROUTES.getPhoneTemplates} 200`,
      `${ROUTES.getPhoneTemplates} 200`,
    ]);
  });

  it("never hands a token to a client of the same id with other credentials: they earn their own", async () => {
    const tokenCache = new TokenCache();
    await harness.client({}, { tokenCache }).client.send(getPhoneTemplates);
    const wrong = harness.client({ clientSecret: "not-the-secret" }, { tokenCache });
    expect(await caught(() => wrong.client.send(getPhoneTemplates))).toBeInstanceOf(TokenRequestError);
  });

  it("drops a rejected token on a 401 and retries once with a fresh one", async () => {
    const tokenCache = new TokenCache();
    const expired = await harness.emulator.issueToken({ expiresInSeconds: -60 });
    await tokenCache.getToken(cacheKey(), () =>
      Promise.resolve({ accessToken: expired, expiresInSeconds: 3600 }),
    );
    const { client } = harness.client({}, { tokenCache });

    await expect(client.send(getTenantSettings)).resolves.toHaveProperty("flags");

    expect(harness.requests()).toEqual([
      `${ROUTES.getSettings} 401`,
      `${ROUTES.token} 200`,
      `${ROUTES.getSettings} 200`,
    ]);
    // The fresh token is cached for the next request.
    harness.reset();
    await client.send(getTenantSettings);
    expect(harness.requests()).toEqual([`${ROUTES.getSettings} 200`]);
  });

  it("refreshes only once: a second 401 is reported", async () => {
    const { clientId, clientSecret } = harness.emulator.nonGlobalClient;
    const { client } = harness.client({ clientId, clientSecret });

    const error = await caught(() => client.send(getCaptcha));

    expect(error).toBeInstanceOf(TenantApiError);
    expect(error.message).toBe(
      "GET /attack-protection/captcha failed: 401 Unauthorized: Client is not global. Check the client credentials " +
        "or API token; a token for the CAPTCHA settings must belong to a global client.",
    );
    expect(harness.requests()).toEqual([
      `${ROUTES.token} 200`,
      `${ROUTES.getCaptcha} 401`,
      `${ROUTES.token} 200`,
      `${ROUTES.getCaptcha} 401`,
    ]);
  });

  it("uses an API token as is and does not retry its 401", async () => {
    const expired = await harness.emulator.issueToken({ expiresInSeconds: -60 });
    const { client } = harness.client({ apiToken: expired, clientId: "", clientSecret: "" });

    const error = await caught(() => client.send(getPhoneTemplates));

    expect(error.message).toBe(
      "GET /guardian/factors/phone/templates failed: 401 Unauthorized: Expired token received for JSON Web Token " +
        "validation. Check the client credentials or API token.",
    );
    expect(harness.requests()).toEqual([`${ROUTES.getPhoneTemplates} 401`]);
  });

  it("reports wrong client credentials as a TokenRequestError with a hint", async () => {
    const { client } = harness.client({ clientSecret: "definitely-wrong-secret" });

    const error = await caught(() => client.send(getTenantSettings));

    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error.message).toBe(
      "POST /oauth/token failed: 401 access_denied: Unauthorized. Check the client id and client secret " +
        "(tenant-admin:clientId / AUTH0_CLIENT_ID, tenant-admin:clientSecret / AUTH0_CLIENT_SECRET).",
    );
    expect(harness.requests()).toEqual([`${ROUTES.token} 401`]);
  });

  it("does not cache a failed token request", async () => {
    const tokenCache = new TokenCache();
    const bad = harness.client({ clientSecret: "definitely-wrong-secret" }, { tokenCache });
    await expect(bad.client.send(getTenantSettings)).rejects.toBeInstanceOf(TokenRequestError);
    await expect(bad.client.send(getTenantSettings)).rejects.toBeInstanceOf(TokenRequestError);
    expect(harness.requests()).toEqual([`${ROUTES.token} 401`, `${ROUTES.token} 401`]);
  });

  it("reports an audience the client is not authorized for", async () => {
    const { client } = harness.client({ audience: "https://other.example.com/api/v2/" });
    const error = await caught(() => client.send(getTenantSettings));
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error.message).toMatch(
      /^POST \/oauth\/token failed: 403 access_denied: Service not enabled within domain: /,
    );
    expect(error.message).toMatch(
      /Authorize the machine-to-machine client .*tenant-admin:audience \/ AUTH0_AUDIENCE/,
    );
  });

  it("retries a token request that failed with a 5xx", async () => {
    const { client } = harness.client();
    harness.emulator.injectFault(ROUTES.token, { kind: "serverError", status: 503 });
    await client.send(getPhoneTemplates);
    expect(harness.requests()).toEqual([
      `${ROUTES.token} 503`,
      `${ROUTES.token} 200`,
      `${ROUTES.getPhoneTemplates} 200`,
    ]);
  });

  it("treats a token response without access_token as a TenantResponseError", async () => {
    const { client } = harness.client();
    harness.emulator.injectFault(ROUTES.token, {
      kind: "malformedBody",
      body: '{"token_type":"Bearer","expires_in":60}',
    });
    const error = await caught(() => client.send(getPhoneTemplates));
    expect(error.name).toBe("TenantResponseError");
    expect(error.message).toMatch(
      /^POST \/oauth\/token returned 200 with a body that does not match the expected shape: access_token: /,
    );
  });

  it("reports a missing scope in the platform's words with a hint", async () => {
    const token = await harness.emulator.issueToken({ scopes: ["read:attack_protection"] });
    const { client } = harness.client({ apiToken: token, clientId: "", clientSecret: "" });
    const error = await caught(() =>
      client.send(patchCaptcha, { body: { auth_challenge: { fail_open: false } } }),
    );
    expect(error.message).toBe(
      "PATCH /attack-protection/captcha failed: 403 insufficient_scope: Insufficient scope, expected any of: " +
        "update:attack_protection. Grant the scope to the machine-to-machine client, or use an API token that has it; run tenant-admin doctor to list every scope each resource needs.",
    );
  });
});
