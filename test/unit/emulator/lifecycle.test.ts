import { connect } from "node:net";

import { decodeJwt } from "jose";

import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { getCaptcha } from "../../../src/resources/captchaConfig/api";
import { ALL_SCOPES } from "../../../src/resources/registry";

import { SETTINGS_PATH, call, startTestEmulator, waitFor } from "./support";

describe("an emulator's handle", () => {
  let emulator: TenantEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(() => emulator.close());

  it("describes where it listens: url without a trailing slash, audience, domain and two distinct clients", () => {
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emulator.audience).toBe(`${emulator.url}/api/v2/`);
    expect(emulator.domain).toBe(emulator.url);
    expect(emulator.clientId).toMatch(/^[\w-]{32}$/);
    expect(emulator.clientSecret).toMatch(/^[\w-]{64}$/);
    expect(emulator.nonGlobalClient.clientId).not.toBe(emulator.clientId);
  });

  it("issues 24-hour tokens of the global client with every scope by default", async () => {
    const claims = decodeJwt(await emulator.issueToken());

    expect(claims).toMatchObject({
      sub: `${emulator.clientId}@clients`,
      azp: emulator.clientId,
      scope: ALL_SCOPES.join(" "),
      gty: "client-credentials",
      aud: emulator.audience,
      iss: `${emulator.url}/`,
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(86400);
  });

  it("issues tokens with the scopes, client, lifetime and audience asked for", async () => {
    const claims = decodeJwt(
      await emulator.issueToken({
        scopes: [getCaptcha.scope],
        global: false,
        expiresInSeconds: 60,
        audience: "x",
      }),
    );

    expect(claims).toMatchObject({
      sub: `${emulator.nonGlobalClient.clientId}@clients`,
      scope: getCaptcha.scope,
      aud: "x",
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(60);
  });

  it("answers a request that is not valid HTTP with a 400 in the platform's shape", async () => {
    const port = Number(new URL(emulator.url).port);
    const reply = await new Promise<string>((resolve, reject) => {
      let data = "";
      const socket = connect(port, "127.0.0.1", () => socket.write("NOT HTTP AT ALL\r\n\r\n"));
      socket.on("data", (chunk) => (data += chunk.toString()));
      socket.on("end", () => resolve(data));
      socket.on("error", reject);
    });

    expect(reply).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(reply.slice(reply.indexOf("\r\n\r\n") + 4))).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: "Bad Request",
    });
    expect((await call(emulator, "GET", SETTINGS_PATH, { token: await emulator.issueToken() })).status).toBe(
      200,
    );
  });
});

describe("starting and stopping", () => {
  it.each<[string, Parameters<typeof startEmulator>[0]]>([
    ["a port out of range", { port: 70_000 }],
    ["a fractional port", { port: 1.5 }],
    ["a zero request rate", { rateLimit: { requestsPerSecond: 0, burst: 1 } }],
    ["a burst below one", { rateLimit: { requestsPerSecond: 1, burst: 0 } }],
  ])("refuses %s", async (_name, options) => {
    await expect(startEmulator(options)).rejects.toThrow(RangeError);
  });

  it("closes promptly while an injected delay is pending, dropping that request", async () => {
    const emulator = await startTestEmulator();
    emulator.injectFault("GET /api/v2/tenants/settings", { kind: "delay", ms: 30_000 });
    const pending = call(emulator, "GET", SETTINGS_PATH, { token: await emulator.issueToken() });
    // Let the request reach the server, where it waits out the delay.
    await waitFor(() => emulator.connectionsOpened > 0);
    await new Promise((resolve) => setTimeout(resolve, 200));

    await emulator.close();

    // Logged as dropped when close returns: the delay was cancelled, not waited out (nor the grace period).
    expect(emulator.requestLog.map((entry) => entry.status)).toEqual([0]);
    await expect(pending).rejects.toThrow();
  });

  it("can be closed twice", async () => {
    const emulator = await startTestEmulator();
    await emulator.close();

    await expect(emulator.close()).resolves.toBeUndefined();
  });

  it("listens on the port it is given", async () => {
    const probe = await startTestEmulator();
    const port = Number(new URL(probe.url).port);
    await probe.close();

    const emulator = await startTestEmulator({ port });
    try {
      expect(emulator.url).toBe(`http://127.0.0.1:${port}`);
    } finally {
      await emulator.close();
    }
  });
});
