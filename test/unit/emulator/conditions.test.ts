import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

import type { TenantEmulator } from "../../../src/emulator";
import { RATE_LIMIT_PRESETS } from "../../../src/emulator";

import { SETTINGS_PATH, call, startTestEmulator } from "./support";

/** GETs `path` through `agent` and returns the status once the body is read. */
function getWith(
  agent: Agent | HttpsAgent,
  emulator: TenantEmulator,
  path: string,
  token: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = agent instanceof HttpsAgent ? httpsRequest : request;
    const sent = send(`${emulator.url}${path}`, { agent, headers: { authorization: `Bearer ${token}` } });
    sent.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    sent.on("error", reject);
    sent.end();
  });
}

describe("emulated network conditions", () => {
  let emulators: TenantEmulator[] = [];
  afterEach(async () => {
    await Promise.all(emulators.map((emulator) => emulator.close()));
    emulators = [];
  });
  const start = async (...args: Parameters<typeof startTestEmulator>) => {
    const emulator = await startTestEmulator(...args);
    emulators.push(emulator);
    return emulator;
  };

  it("holds every request for the configured latency before answering", async () => {
    const emulator = await start({ latencyMs: 150, latencyJitterMs: 50 });
    const token = await emulator.issueToken();

    const started = performance.now();
    const response = await call(emulator, "GET", SETTINGS_PATH, { token });
    const elapsed = performance.now() - started;

    expect(response.status).toBe(200);
    expect(elapsed).toBeGreaterThanOrEqual(145);
    expect(emulator.requestLog[0]?.durationMs).toBeGreaterThanOrEqual(145);
  });

  it.each([
    ["latencyMs", { latencyMs: -1 }],
    ["latencyJitterMs", { latencyJitterMs: Number.NaN }],
  ])("refuses a bad %s", async (name, options) => {
    await expect(startTestEmulator(options)).rejects.toThrow(new RegExp(`${name} must be a number >= 0`));
  });

  it("limits a free-plan tenant to bursts of 10, with the platform's headers and 429 body", async () => {
    const emulator = await start({ rateLimit: "free" });
    const token = await emulator.issueToken();

    const statuses: number[] = [];
    let last;
    for (let index = 0; index < RATE_LIMIT_PRESETS.free.burst + 1; index += 1) {
      last = await call(emulator, "GET", SETTINGS_PATH, { token });
      statuses.push(last.status);
    }

    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(last?.headers.get("x-ratelimit-limit")).toBe("10");
    expect(last?.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(last?.body).toMatchObject({ statusCode: 429, errorCode: "too_many_requests" });
  });

  it("refuses an unknown preset, naming the known ones", async () => {
    await expect(startTestEmulator({ rateLimit: "platinum" as "free" })).rejects.toThrow(
      /rateLimit must be one of free, enterprise, default/,
    );
  });

  it("counts connections: a keep-alive client's requests share one, a client without keep-alive opens one each", async () => {
    const emulator = await start();
    const token = await emulator.issueToken();
    const keepAlive = new Agent({ keepAlive: true });
    const noKeepAlive = new Agent({ keepAlive: false });
    try {
      for (let index = 0; index < 3; index += 1) await getWith(keepAlive, emulator, SETTINGS_PATH, token);
      expect(emulator.connectionsOpened).toBe(1);
      expect(new Set(emulator.requestLog.map((entry) => entry.connection)).size).toBe(1);

      emulator.clearRequestLog();
      for (let index = 0; index < 3; index += 1) await getWith(noKeepAlive, emulator, SETTINGS_PATH, token);
      expect(emulator.connectionsOpened).toBe(3);
      expect(new Set(emulator.requestLog.map((entry) => entry.connection)).size).toBe(3);
    } finally {
      keepAlive.destroy();
      noKeepAlive.destroy();
    }
  });

  it("counts TLS connections the same way: a keep-alive https client's requests share one", async () => {
    const emulator = await start({ tls: true });
    if (emulator.caFile === undefined) throw new Error("the TLS emulator named no CA file");
    const token = await emulator.issueToken();
    const ca = readFileSync(emulator.caFile, "utf8");
    const keepAlive = new HttpsAgent({ keepAlive: true, ca });
    const noKeepAlive = new HttpsAgent({ keepAlive: false, ca });
    try {
      for (let index = 0; index < 3; index += 1) {
        expect(await getWith(keepAlive, emulator, SETTINGS_PATH, token)).toBe(200);
      }
      expect(emulator.connectionsOpened).toBe(1);
      expect(new Set(emulator.requestLog.map((entry) => entry.connection)).size).toBe(1);

      emulator.clearRequestLog();
      for (let index = 0; index < 2; index += 1) await getWith(noKeepAlive, emulator, SETTINGS_PATH, token);
      expect(emulator.connectionsOpened).toBe(2);
      expect(new Set(emulator.requestLog.map((entry) => entry.connection)).size).toBe(2);
    } finally {
      keepAlive.destroy();
      noKeepAlive.destroy();
    }
  });
});
