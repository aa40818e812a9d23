import { inspect } from "node:util";

import { resolveTenantConnection } from "../../../src/client/connection";
import { TenantAdminError } from "../../../src/client/errors";
import { ManagementClient } from "../../../src/client/managementClient";
import { TokenCache } from "../../../src/client/tokens";
import type { TokenCacheKey, IssuedToken } from "../../../src/client/tokens";
import { patchCaptcha } from "../../../src/resources/captchaConfig/api";
import { getTenantSettings } from "../../../src/resources/tenantSettings/api";
import { ROUTES, caught, startHarness, unusedPort } from "./support/harness";
import type { Harness } from "./support/harness";

/** A token cache that remembers every token it handed out, so the test knows what must not leak. */
class RecordingTokenCache extends TokenCache {
  readonly seen: string[] = [];
  override async getToken(key: TokenCacheKey, fetchToken: () => Promise<IssuedToken>): Promise<string> {
    const token = await super.getToken(key, fetchToken);
    this.seen.push(token);
    return token;
  }
}

const CAPTCHA_SECRET = "captcha-secret-value-3f9d1c";
const API_KEY = "recaptcha-api-key-value-8a7e2b";
const WRONG_CLIENT_SECRET = "wrong-client-secret-value-55c0e";

const SECRET_BODY = {
  active_provider_id: "recaptcha_enterprise",
  hcaptcha: { site_key: "site", secret: CAPTCHA_SECRET },
  recaptcha_enterprise: { site_key: "site", api_key: API_KEY, project_id: "project" },
} as const;

let harness: Harness;
let apiToken: string;
let expiredToken: string;
let scopelessToken: string;
beforeAll(async () => {
  harness = await startHarness();
  apiToken = await harness.emulator.issueToken();
  expiredToken = await harness.emulator.issueToken({ expiresInSeconds: -60 });
  scopelessToken = await harness.emulator.issueToken({ scopes: [] });
});
afterAll(() => harness.close());
beforeEach(() => harness.reset());

type Scenario = (cache: RecordingTokenCache) => Promise<unknown>;

const scenarios: [string, Scenario][] = [
  [
    "wrong client secret at the token endpoint",
    (tokenCache) =>
      harness
        .client({ clientSecret: WRONG_CLIENT_SECRET }, { tokenCache })
        .client.send(patchCaptcha, { body: SECRET_BODY }),
  ],
  [
    "a malformed token response",
    (tokenCache) => {
      harness.emulator.injectFault(ROUTES.token, {
        kind: "malformedBody",
        body: `{"access_token": 5, "echo": "${harness.emulator.clientSecret}"}`,
      });
      return harness.client({}, { tokenCache }).client.send(getTenantSettings);
    },
  ],
  [
    "an expired API token (401, not retried)",
    (tokenCache) =>
      harness
        .client({ apiToken: expiredToken, clientId: "", clientSecret: "" }, { tokenCache })
        .client.send(patchCaptcha, { body: SECRET_BODY }),
  ],
  [
    "a 401 that persists after refreshing the client-credentials token",
    (tokenCache) => {
      const { clientId, clientSecret } = harness.emulator.nonGlobalClient;
      return harness
        .client({ clientId, clientSecret }, { tokenCache })
        .client.send(patchCaptcha, { body: SECRET_BODY });
    },
  ],
  [
    "a missing scope",
    (tokenCache) =>
      harness
        .client({ apiToken: scopelessToken, clientId: "", clientSecret: "" }, { tokenCache })
        .client.send(patchCaptcha, { body: SECRET_BODY }),
  ],
  [
    "a rate limit beyond the budget",
    (tokenCache) => {
      harness.emulator.injectFault(ROUTES.patchCaptcha, { kind: "rateLimit", resetInSeconds: 120 });
      return harness.client({}, { tokenCache }).client.send(patchCaptcha, { body: SECRET_BODY });
    },
  ],
  [
    "a rate-limited token endpoint",
    (tokenCache) => {
      harness.emulator.injectFault(ROUTES.token, { kind: "rateLimit", resetInSeconds: 120 });
      return harness.client({}, { tokenCache }).client.send(patchCaptcha, { body: SECRET_BODY });
    },
  ],
  [
    "5xx until the retries run out",
    (tokenCache) => {
      harness.emulator.injectFault(ROUTES.patchCaptcha, { kind: "serverError", status: 503 }, 10);
      return harness.client({}, { tokenCache }).client.send(patchCaptcha, { body: SECRET_BODY });
    },
  ],
  [
    "connection resets until the retries run out",
    (tokenCache) => {
      harness.emulator.injectFault(ROUTES.patchCaptcha, { kind: "connectionReset" }, 10);
      return harness.client({}, { tokenCache }).client.send(patchCaptcha, { body: SECRET_BODY });
    },
  ],
  [
    "timeouts until the retries run out",
    (tokenCache) => {
      harness.emulator.injectFault(ROUTES.patchCaptcha, { kind: "delay", ms: 1000 }, 5);
      return harness
        .client({ timeoutSeconds: 0.05 }, { tokenCache })
        .client.send(patchCaptcha, { body: SECRET_BODY });
    },
  ],
  [
    "a refused connection",
    async (tokenCache) => {
      const port = await unusedPort();
      const connection = resolveTenantConnection({
        config: {
          domain: `http://127.0.0.1:${port}`,
          clientId: "id",
          clientSecret: harness.emulator.clientSecret,
        },
        env: {},
      });
      return new ManagementClient(connection, { tokenCache, sleep: () => Promise.resolve() }).send(
        patchCaptcha,
        { body: SECRET_BODY },
      );
    },
  ],
  [
    "a malformed 2xx body",
    (tokenCache) => {
      harness.emulator.injectFault(ROUTES.patchCaptcha, {
        kind: "malformedBody",
        body: JSON.stringify({ hcaptcha: { site_key: 5, secret: CAPTCHA_SECRET } }),
      });
      return harness.client({}, { tokenCache }).client.send(patchCaptcha, { body: SECRET_BODY });
    },
  ],
  [
    "an invalid request body carrying secrets",
    (tokenCache) =>
      harness.client({}, { tokenCache }).client.send(patchCaptcha, {
        body: {
          hcaptcha: { site_key: "s", secret: CAPTCHA_SECRET, extra: API_KEY },
        } as never,
      }),
  ],
  [
    "a secret that is too long",
    (tokenCache) =>
      harness.client({}, { tokenCache }).client.send(patchCaptcha, {
        body: { arkose: { site_key: "s", secret: `${CAPTCHA_SECRET}${"x".repeat(100)}` } },
      }),
  ],
  [
    "a domain with credentials in it",
    () =>
      Promise.resolve().then(() =>
        resolveTenantConnection({
          config: { domain: `https://admin:${harness.emulator.clientSecret}@t.example.com`, apiToken },
          env: {},
        }),
      ),
  ],
];

/** Everything an error can show: message, stack, JSON, and a deep inspection including hidden properties and causes. */
function everythingAbout(error: Error): string {
  const parts = [
    error.message,
    error.stack ?? "",
    JSON.stringify(error),
    inspect(error, { showHidden: true, depth: null }),
  ];
  let cause: unknown = error.cause;
  while (cause !== undefined) {
    parts.push(inspect(cause, { showHidden: true, depth: null }), JSON.stringify(cause) ?? "");
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return parts.join("\n");
}

describe("no credential in any error", () => {
  it.each(scenarios)("keeps every credential out of the error for %s", async (_label, scenario) => {
    const tokenCache = new RecordingTokenCache();
    const error = await caught(() => scenario(tokenCache));

    expect(error).toBeInstanceOf(TenantAdminError);
    const shown = everythingAbout(error);
    for (const secret of [
      harness.emulator.clientSecret,
      harness.emulator.nonGlobalClient.clientSecret,
      WRONG_CLIENT_SECRET,
      CAPTCHA_SECRET,
      API_KEY,
      apiToken,
      expiredToken,
      scopelessToken,
      ...tokenCache.seen,
    ]) {
      expect(shown).not.toContain(secret);
    }
    // Every access token is a JWT, whose header always starts like this.
    expect(shown).not.toContain("eyJ");
    expect(shown).not.toMatch(/Bearer /i);
  });
});
