import { resolveTenantConnection } from "../../../src/client/connection";
import { TenantApiError, TenantConnectionError, TransportFailure } from "../../../src/client/errors";
import { RETRY_POLICY } from "../../../src/client/http";
import { ManagementClient } from "../../../src/client/managementClient";
import { getCaptcha, patchCaptcha } from "../../../src/resources/captchaConfig/api";
import { getPhoneTemplates, putPhoneTemplates } from "../../../src/resources/phoneTemplates/api";
import { getTenantSettings } from "../../../src/resources/tenantSettings/api";
import { ROUTES, caught, startHarness, unusedPort } from "./support/harness";
import type { Harness } from "./support/harness";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => harness.reset());

/** The backoff the client uses with `random` fixed at 0.5. */
const backoff = (n: number): number => RETRY_POLICY.baseDelayMs * 2 ** n + RETRY_POLICY.jitterMs / 2;

describe("retries of 5xx answers", () => {
  it.each([500, 502, 503] as const)(
    "retries a %i on GET with exponential backoff and returns the success",
    async (status) => {
      const { client, sleeps } = harness.client();
      await client.send(getPhoneTemplates); // token fetched first, so the log below has only the GETs
      harness.reset();
      harness.emulator.injectFault(ROUTES.getPhoneTemplates, { kind: "serverError", status }, 2);

      const templates = await client.send(getPhoneTemplates);

      expect(templates.enrollment_message).toContain("{{code}}");
      expect(harness.requests()).toEqual([
        `${ROUTES.getPhoneTemplates} ${status}`,
        `${ROUTES.getPhoneTemplates} ${status}`,
        `${ROUTES.getPhoneTemplates} 200`,
      ]);
      expect(sleeps).toEqual([backoff(0), backoff(1)]);
    },
  );

  it("retries PATCH too, because setting the same values twice is safe", async () => {
    const { client } = harness.client();
    harness.emulator.injectFault(ROUTES.patchCaptcha, { kind: "serverError", status: 503 });
    const result = await client.send(patchCaptcha, {
      body: {
        active_provider_id: "auth_challenge",
        auth_challenge: { fail_open: true },
      },
    });
    expect(result.auth_challenge).toEqual({ fail_open: true });
    expect(harness.requests().filter((line) => line.startsWith("PATCH"))).toEqual([
      `${ROUTES.patchCaptcha} 503`,
      `${ROUTES.patchCaptcha} 200`,
    ]);
  });

  it("retries PUT on a 5xx", async () => {
    const { client } = harness.client();
    harness.emulator.injectFault(ROUTES.putPhoneTemplates, { kind: "serverError" });
    const body = { enrollment_message: "enroll {{code}}", verification_message: "verify {{code}}" };
    await expect(client.send(putPhoneTemplates, { body: body })).resolves.toEqual(body);
  });

  it(`gives up after ${RETRY_POLICY.maxRetries} retries with a TenantApiError naming the attempts`, async () => {
    const { client, sleeps } = harness.client();
    harness.emulator.injectFault(ROUTES.getSettings, { kind: "serverError", status: 502 }, 10);

    const error = await caught(() => client.send(getTenantSettings));

    expect(error).toBeInstanceOf(TenantApiError);
    expect(error).toMatchObject({ status: 502, attempts: 5, path: "/tenants/settings", method: "GET" });
    expect(error.message).toMatch(/^GET \/tenants\/settings failed: 502 /);
    expect(error.message).toMatch(/Gave up after 5 attempts\.$/);
    expect(sleeps).toEqual([0, 1, 2, 3].map(backoff));
    expect(harness.requests().filter((line) => line.startsWith("GET"))).toHaveLength(5);
  });

  it("logs each retry without credentials", async () => {
    const { client, logs, connection } = harness.client();
    harness.emulator.injectFault(ROUTES.getSettings, { kind: "serverError", status: 503 });
    await client.send(getTenantSettings);
    expect(logs).toEqual(["GET /tenants/settings: 503; retrying in 0.3 s"]);
    const secret =
      connection.credentials.kind === "clientCredentials" ? connection.credentials.clientSecret : "";
    expect(logs.join("\n")).not.toContain(secret);
  });

  it("does not retry a 4xx other than 401 and 429", async () => {
    const token = await harness.emulator.issueToken({ scopes: [] });
    const { client } = harness.client({ apiToken: token, clientId: "", clientSecret: "" });
    await expect(client.send(getTenantSettings)).rejects.toMatchObject({ status: 403, attempts: 1 });
    expect(harness.requests()).toEqual([`${ROUTES.getSettings} 403`]);
  });
});

describe("retries of connection failures", () => {
  it("retries a connection reset and returns the success", async () => {
    const { client, sleeps } = harness.client();
    await client.send(getCaptcha);
    harness.reset();
    harness.emulator.injectFault(ROUTES.getCaptcha, { kind: "connectionReset" }, 2);

    await expect(client.send(getCaptcha)).resolves.toHaveProperty("active_provider_id");
    expect(harness.requests()).toEqual([
      `${ROUTES.getCaptcha} 0`,
      `${ROUTES.getCaptcha} 0`,
      `${ROUTES.getCaptcha} 200`,
    ]);
    expect(sleeps).toEqual([backoff(0), backoff(1)]);
  });

  it("gives up on repeated resets with a TenantConnectionError saying the connection was reset", async () => {
    const { client } = harness.client();
    await client.send(getCaptcha);
    harness.emulator.injectFault(ROUTES.getCaptcha, { kind: "connectionReset" }, 10);

    const error = await caught(() => client.send(getCaptcha));

    expect(error).toBeInstanceOf(TenantConnectionError);
    expect(error.message).toBe(
      `GET /attack-protection/captcha failed: connection reset (host ${new URL(harness.emulator.url).host}, 5 attempts).`,
    );
    expect(error).toMatchObject({ reason: "connection reset", attempts: 5, code: "ECONNRESET" });
    expect(error.cause).toBeInstanceOf(TransportFailure);
  });

  it("reports a refused connection after retrying it, logging each retry", async () => {
    const port = await unusedPort();
    const sleeps: number[] = [];
    const logs: string[] = [];
    const client = new ManagementClient(
      resolveTenantConnection({ config: { domain: `http://127.0.0.1:${port}`, apiToken: "t" }, env: {} }),
      {
        sleep: (ms) => Promise.resolve(void sleeps.push(ms)),
        random: () => 0,
        log: (line) => logs.push(line),
      },
    );

    const error = await caught(() => client.send(getTenantSettings));

    expect(error).toBeInstanceOf(TenantConnectionError);
    expect(error.message).toBe(
      `GET /tenants/settings failed: connection refused (host 127.0.0.1:${port}, 5 attempts).`,
    );
    expect(error).toMatchObject({ code: "ECONNREFUSED", attempts: 5 });
    expect(sleeps).toEqual([200, 400, 800, 1600]);
    expect(logs).toEqual(
      sleeps.map((ms) => `GET /tenants/settings: connection refused; retrying in ${ms / 1000} s`),
    );
  });

  it("times out a slow response after the configured timeout and retries it", async () => {
    const { client } = harness.client({ timeoutSeconds: 0.2 });
    await client.send(getPhoneTemplates);
    harness.reset();
    // Far longer than any busy machine takes to retry: only a retry can have answered (closing drops it).
    harness.emulator.injectFault(ROUTES.getPhoneTemplates, { kind: "delay", ms: 600_000 });

    await expect(client.send(getPhoneTemplates)).resolves.toHaveProperty("verification_message");
    expect(harness.requests()).toEqual([`${ROUTES.getPhoneTemplates} 200`]);
  });

  it("says how long it waited when every attempt times out", async () => {
    const { client } = harness.client({ timeoutSeconds: 0.1 });
    await client.send(getPhoneTemplates);
    harness.emulator.injectFault(ROUTES.getPhoneTemplates, { kind: "delay", ms: 2000 }, 5);

    const error = await caught(() => client.send(getPhoneTemplates));

    expect(error).toBeInstanceOf(TenantConnectionError);
    expect(error.message).toMatch(
      /^GET \/guardian\/factors\/phone\/templates failed: timed out after 0\.1 s \(host .*, 5 attempts\)\.$/,
    );
  });
});

describe("response bodies", () => {
  it.each([
    [
      "not JSON",
      { kind: "malformedBody", variant: "non-json" } as const,
      /returned 200 with a body that is not JSON/,
    ],
    [
      "JSON of the wrong shape",
      { kind: "malformedBody", variant: "wrong-shape" } as const,
      /returned 200 with a body that does not match the expected shape: /,
    ],
    [
      "a field of the wrong type",
      { kind: "malformedBody", body: '{"enrollment_message": 5, "verification_message": "v"}' } as const,
      /does not match the expected shape: enrollment_message: Invalid input: expected string, received number/,
    ],
  ])(
    "treats a 2xx body that is %s as a TenantResponseError, never a success",
    async (_label, fault, message) => {
      const { client } = harness.client();
      await client.send(getPhoneTemplates);
      harness.emulator.injectFault(ROUTES.getPhoneTemplates, fault);
      const error = await caught(() => client.send(getPhoneTemplates));
      expect(error.name).toBe("TenantResponseError");
      expect(error.message).toMatch(/^GET \/guardian\/factors\/phone\/templates returned 200 with /);
      expect(error.message).toMatch(message);
    },
  );

  it("does not quote the body in the error", async () => {
    const { client } = harness.client();
    await client.send(getPhoneTemplates);
    harness.emulator.injectFault(ROUTES.getPhoneTemplates, {
      kind: "malformedBody",
      body: "leaky-body-content",
    });
    const error = await caught(() => client.send(getPhoneTemplates));
    expect(`${error.message}${JSON.stringify(error)}`).not.toContain("leaky-body-content");
  });

  it("keeps fields the schema does not list", async () => {
    const { client } = harness.client();
    await client.send(getPhoneTemplates);
    harness.emulator.injectFault(ROUTES.getPhoneTemplates, {
      kind: "malformedBody",
      body: '{"enrollment_message": "e", "verification_message": "v", "added_later": true}',
    });
    await expect(client.send(getPhoneTemplates)).resolves.toEqual({
      enrollment_message: "e",
      verification_message: "v",
      added_later: true,
    });
  });
});
