import { connect } from "node:net";

import type { TenantEmulator } from "../../../src/emulator";
import { freezeDate } from "../support/frozenDate";

import {
  CAPTCHA_PATH,
  PHONE_TEMPLATES_PATH,
  SETTINGS_PATH,
  TOKEN_PATH,
  CAPTCHA_DOCUMENT,
  call,
  captchaOf,
  startTestEmulator,
  waitFor,
} from "./support";

const PATCH_CAPTCHA = "PATCH /api/v2/attack-protection/captcha";

/** Writes one JSON request on a new connection and closes it once the bytes are sent, reading nothing. */
function sendAndHangUp(
  emulator: TenantEmulator,
  method: string,
  path: string,
  token: string,
  json: unknown,
): Promise<void> {
  const body = JSON.stringify(json);
  const { hostname, port } = new URL(emulator.url);
  const head = [
    `${method} ${path} HTTP/1.1`,
    `host: ${hostname}:${port}`,
    `authorization: Bearer ${token}`,
    "content-type: application/json",
    `content-length: ${Buffer.byteLength(body)}`,
    "connection: close",
  ].join("\r\n");
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.end(`${head}\r\n\r\n${body}`, () => {
        socket.destroy();
        resolve();
      });
    });
    socket.once("error", reject);
  });
}
const GET_SETTINGS = "GET /api/v2/tenants/settings";

describe("fault injection", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    emulator = await startTestEmulator({ rateLimit: { requestsPerSecond: 1000, burst: 1000 } });
    token = await emulator.issueToken();
  });
  afterAll(() => emulator.close());
  afterEach(() => {
    emulator.clearFaults();
    emulator.clearRequestLog();
  });

  const patch = () =>
    call(emulator, "PATCH", CAPTCHA_PATH, { token, json: { auth_challenge: { fail_open: true } } });
  const settings = () => call(emulator, "GET", SETTINGS_PATH, { token });

  it("answers the next N requests of a route with 429, a Reset N seconds ahead and Retry-After, then normally", async () => {
    emulator.injectFault(PATCH_CAPTCHA, { kind: "rateLimit", resetInSeconds: 3, retryAfterSeconds: 2 }, 2);
    const frozenAt = Date.now();
    freezeDate(frozenAt);
    let responses: Awaited<ReturnType<typeof patch>>[];
    try {
      responses = [await patch(), await patch(), await patch()];
    } finally {
      jest.useRealTimers();
    }

    expect(responses.map((response) => response.status)).toEqual([429, 429, 200]);
    const first = responses[0]!;
    expect(first.body).toEqual({
      statusCode: 429,
      error: "Too Many Requests",
      message: "Global limit has been reached",
      errorCode: "too_many_requests",
    });
    expect(first.headers.get("retry-after")).toBe("2");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(first.headers.get("x-ratelimit-limit")).toBe("1000");
    // The wall clock stood still: Reset is exactly 3 s after it, rounded up to a whole second.
    expect(Number(first.headers.get("x-ratelimit-reset"))).toBe(Math.ceil(frozenAt / 1000 + 3));
  });

  it("sends no Retry-After unless asked to", async () => {
    emulator.injectFault(PATCH_CAPTCHA, { kind: "rateLimit" });

    const response = await patch();

    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBeNull();
  });

  it.each([500, 502, 503] as const)(
    "answers with an injected %d in the platform's error shape",
    async (status) => {
      emulator.injectFault(GET_SETTINGS, { kind: "serverError", status });

      const response = await settings();

      expect(response.status).toBe(status);
      expect(response.body).toMatchObject({
        statusCode: status,
        error: expect.any(String),
        message: expect.any(String),
      });
      expect((await settings()).status).toBe(200);
    },
  );

  it("delays a response, then answers normally", async () => {
    emulator.injectFault(GET_SETTINGS, { kind: "delay", ms: 300 });

    emulator.clearRequestLog();
    const response = await settings();

    expect(response.status).toBe(200);
    // At least the delay (a busy machine only adds to it), measured by the emulator on a monotonic clock.
    expect(emulator.requestLog[0]?.durationMs).toBeGreaterThanOrEqual(299);
  });

  it("can delay longer than a client waits, and the request still takes effect afterwards", async () => {
    emulator.injectFault(PATCH_CAPTCHA, { kind: "delay", ms: 400 });
    await emulator.tenant.write("PATCH", CAPTCHA_DOCUMENT, { active_provider_id: "auth_challenge" });

    // The client sends the whole request and closes the connection without waiting for an answer: no race
    // between a client timeout and the request reaching the server.
    await sendAndHangUp(emulator, "PATCH", CAPTCHA_PATH, token, { active_provider_id: "simple_captcha" });

    await waitFor(() => captchaOf(emulator)?.active_provider_id === "simple_captcha");
    expect(emulator.requestLog.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `PATCH ${CAPTCHA_PATH}`,
    ]);
  });

  it("resets the connection without a response", async () => {
    emulator.injectFault(GET_SETTINGS, { kind: "connectionReset" });

    await expect(settings()).rejects.toThrow();
    expect((await settings()).status).toBe(200);
    expect(emulator.requestLog.map((entry) => [entry.status, entry.fault])).toEqual([
      [0, "connectionReset"],
      [200, undefined],
    ]);
  });

  it("answers 200 with a body that is not JSON", async () => {
    emulator.injectFault(GET_SETTINGS, { kind: "malformedBody" });

    const response = await settings();

    expect(response.status).toBe(200);
    expect(response.body).toBeUndefined();
    expect(response.text.length).toBeGreaterThan(0);
  });

  it("answers 200 with JSON of the wrong shape", async () => {
    emulator.injectFault("GET /api/v2/guardian/factors/phone/templates", {
      kind: "malformedBody",
      variant: "wrong-shape",
    });

    const response = await call(emulator, "GET", PHONE_TEMPLATES_PATH, { token });

    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
  });

  it("answers 200 with exactly the body given", async () => {
    emulator.injectFault("POST /oauth/token", { kind: "malformedBody", body: '{"access_token":' });

    const response = await call(emulator, "POST", TOKEN_PATH, { json: {} });

    expect(response.text).toBe('{"access_token":');
  });

  it('applies a "*" fault to any route, after the route\'s own faults', async () => {
    emulator.injectFault("*", { kind: "serverError", status: 503 }, 2);
    emulator.injectFault(GET_SETTINGS, { kind: "serverError", status: 502 });

    const statuses = [
      (await settings()).status,
      (await settings()).status,
      (await call(emulator, "GET", "/no/such/route")).status,
      (await settings()).status,
    ];

    expect(statuses).toEqual([502, 503, 503, 200]);
  });

  it("drops every queued fault on clearFaults", async () => {
    emulator.injectFault("*", { kind: "serverError" }, 5);
    emulator.clearFaults();

    expect((await settings()).status).toBe(200);
  });

  it.each<[string, () => void]>([
    ["an unknown route", () => emulator.injectFault("GET /nope", { kind: "connectionReset" })],
    [
      "a route without its method",
      () => emulator.injectFault("/api/v2/tenants/settings", { kind: "connectionReset" }),
    ],
    ["a zero count", () => emulator.injectFault("*", { kind: "connectionReset" }, 0)],
    ["a negative delay", () => emulator.injectFault("*", { kind: "delay", ms: -1 })],
    ["an unknown status", () => emulator.injectFault("*", { kind: "serverError", status: 504 as never })],
    ["an unknown kind", () => emulator.injectFault("*", { kind: "explode" } as never)],
  ])("refuses %s", (_name, inject) => {
    expect(inject).toThrow();
  });

  describe("request log", () => {
    it("records method, path without query, status and time of every request, and can be cleared", async () => {
      const before = Date.now();
      await patch();
      await patch();
      await call(emulator, "GET", `${SETTINGS_PATH}?fields=flags`, { token });
      await call(emulator, "GET", "/missing");

      expect(emulator.requestLog.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
        { method: "PATCH", path: CAPTCHA_PATH, status: 200 },
        { method: "PATCH", path: CAPTCHA_PATH, status: 200 },
        { method: "GET", path: SETTINGS_PATH, status: 200 },
        { method: "GET", path: "/missing", status: 404 },
      ]);
      for (const entry of emulator.requestLog) {
        expect(entry.time).toBeGreaterThanOrEqual(before);
        expect(entry.durationMs).toBeGreaterThanOrEqual(0);
      }
      expect(emulator.requestLog.filter((entry) => entry.method === "PATCH")).toHaveLength(2);

      emulator.clearRequestLog();
      expect(emulator.requestLog).toEqual([]);
    });

    it("counts retried calls, faults included", async () => {
      emulator.injectFault(PATCH_CAPTCHA, { kind: "serverError", status: 503 }, 2);
      for (let attempt = 0; attempt < 3; attempt += 1) if ((await patch()).status === 200) break;

      expect(emulator.requestLog.map((entry) => [entry.status, entry.fault])).toEqual([
        [503, "serverError"],
        [503, "serverError"],
        [200, undefined],
      ]);
    });
  });
});
