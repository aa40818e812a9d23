import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { startEmulator } from "../../../src/emulator";
import { checkScopes, parseCliArgs } from "../../../src/emulator/cliOptions";
import { emulatedScopes } from "../../../src/emulator/emulator";
import { tokenResponseSchema } from "../../../src/wire";

import { spawnCli, runCli } from "./cliProcess";
import type { CliProcess, ReadyLine } from "./cliProcess";
import { CAPTCHA_DOCUMENT, CAPTCHA_PATH, TOKEN_PATH, call } from "./support";

/** A token of the CLI emulator's global client, from /oauth/token. */
async function tokenOf(ready: ReadyLine): Promise<string> {
  const response = await call(ready, "POST", TOKEN_PATH, {
    json: {
      grant_type: "client_credentials",
      client_id: ready.clientId,
      client_secret: ready.clientSecret,
      audience: ready.audience,
    },
  });
  return tokenResponseSchema.parse(response.body).access_token;
}

describe("tenant-emulator options", () => {
  it.each<[string[], Record<string, unknown>]>([
    [[], { port: 0, botDetection: true }],
    [["--port", "8080", "--host", "0.0.0.0"], { port: 8080, host: "0.0.0.0" }],
    [["--data-dir", "/tmp/x"], { dataDir: "/tmp/x" }],
    [["--rate-limit", "0"], { rateLimit: false }],
    [["--rate-limit", "5"], { rateLimit: { requestsPerSecond: 5, burst: 10 } }],
    [["--rate-limit", "0.25"], { rateLimit: { requestsPerSecond: 0.25, burst: 1 } }],
    [["--rate-limit", "free"], { rateLimit: "free" }],
    [["--latency", "100", "--latency-jitter", "20"], { latencyMs: 100, latencyJitterMs: 20 }],
    [["--no-bot-detection"], { botDetection: false }],
    [["--client-id", "id", "--client-secret", "secret"], { clientId: "id", clientSecret: "secret" }],
    [["--port=1234"], { port: 1234 }],
  ])("maps %j to the emulator options", (args, expected) => {
    const command = parseCliArgs(args);

    expect(command.kind).toBe("run");
    expect(command.kind === "run" ? command.options : undefined).toMatchObject(expected);
  });

  it("refuses --scopes naming a scope it does not emulate, naming the option and the emulated scopes", async () => {
    const emulated = await emulatedScopes();
    expect(emulated).toContain("read:attack_protection");
    expect(() => checkScopes(["read:tenant_settings", "read:everything"], emulated)).toThrow(
      `--scopes: read:everything not emulated; emulated scopes: ${emulated.join(", ")}`,
    );
    expect(() => checkScopes(["read:tenant_settings", "read:phone_templates"], emulated)).not.toThrow();
  });

  it.each([[["--help"]], [["-h"]], [["--port", "1", "--help"]]])("asks for help with %j", (args) => {
    expect(parseCliArgs(args)).toEqual({ kind: "help" });
  });

  it.each<[string[], RegExp]>([
    [["--port", "abc"], /--port must be an integer/],
    [["--port", "70000"], /--port must be an integer/],
    [["--port", "1.5"], /--port must be an integer/],
    [["--rate-limit", "fast"], /--rate-limit must be a number/],
    [["--rate-limit", "-2"], /rate-limit/],
    [["--latency=-5"], /--latency must be a number of milliseconds/],
    [["--latency-jitter", "soon"], /--latency-jitter must be a number of milliseconds/],
    [["--bogus"], /--bogus/],
    [["extra"], /extra/],
    [["--port"], /--port/],
    [["--client-id", " "], /--client-id must not be empty/],
    [["--scopes", " "], /--scopes must not be empty/],
    [["--tls-cert", "cert.pem"], /^--tls-cert and --tls-key must be given together$/],
    [
      ["--tls-cert", "cert.pem", "--tls-key", "key.pem", "--tls-san", "tenant.test"],
      /^--tls-san applies to the generated certificate, not to --tls-cert$/,
    ],
    // Gone: a tenant without a CAPTCHA configuration is a data directory whose tenant has none.
    [["--unconfigured-captcha"], /--unconfigured-captcha/],
  ])("refuses %j", (args, message) => {
    expect(() => parseCliArgs(args)).toThrow(message);
  });
});

describe("the tenant-emulator process", () => {
  let dataDir: string;
  let running: CliProcess | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "tenant-emulator-cli-"));
  });
  afterEach(async () => {
    if (running && running.child.exitCode === null && running.child.signalCode === null) {
      running.child.kill("SIGKILL");
      await running.exited;
    }
    running = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it("prints one JSON line when ready, logs requests to stderr and exits 0 on SIGTERM", async () => {
    running = await spawnCli([
      "--data-dir",
      dataDir,
      "--client-id",
      "cli-id",
      "--client-secret",
      "cli-secret-value",
    ]);
    const { ready } = running;

    expect(Object.keys(ready).sort()).toEqual([
      "audience",
      "clientAssertionKeyFile",
      "clientId",
      "clientSecret",
      "nonGlobalClientId",
      "nonGlobalClientSecret",
      "url",
    ]);
    expect(ready).toMatchObject({ clientId: "cli-id", clientSecret: "cli-secret-value" });
    expect(ready.audience).toBe(`${ready.url}/api/v2/`);
    const tokenResponse = await call(ready, "POST", TOKEN_PATH, {
      json: {
        grant_type: "client_credentials",
        client_id: "cli-id",
        client_secret: "cli-secret-value",
        audience: ready.audience,
      },
    });
    const token = tokenResponseSchema.parse(tokenResponse.body).access_token;
    expect((await call(ready, "GET", CAPTCHA_PATH, { token })).status).toBe(200);

    running.child.kill("SIGTERM");
    const exit = await running.exited;

    expect(exit).toEqual({ code: 0, signal: null });
    expect(running.stdoutLines).toHaveLength(1);
    const lines = running.stderr().trim().split("\n");
    expect(lines).toEqual([
      expect.stringMatching(/^POST \/oauth\/token 200 \d+(\.\d+)?ms$/),
      expect.stringMatching(/^GET \/api\/v2\/attack-protection\/captcha 200 \d+(\.\d+)?ms$/),
    ]);
    expect(running.stderr()).not.toContain("cli-secret-value");
    expect(running.stderr()).not.toContain(token);
  });

  it("exits 0 on SIGINT after finishing a write in progress", async () => {
    running = await spawnCli(["--data-dir", dataDir, "--rate-limit", "0"]);
    const { ready } = running;
    const tokenResponse = await call(ready, "POST", TOKEN_PATH, {
      json: {
        grant_type: "client_credentials",
        client_id: ready.clientId,
        client_secret: ready.clientSecret,
        audience: ready.audience,
      },
    });
    const token = tokenResponseSchema.parse(tokenResponse.body).access_token;

    const write = call(ready, "PATCH", CAPTCHA_PATH, { token, json: { simple_captcha: { last: true } } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    running.child.kill("SIGINT");
    const [response, exit] = await Promise.allSettled([write, running.exited]);

    expect(exit).toEqual({ status: "fulfilled", value: { code: 0, signal: null } });
    if (response.status === "fulfilled" && response.value.status === 200) {
      running = await spawnCli(["--data-dir", dataDir]);
      const again = await call(running.ready, "POST", TOKEN_PATH, {
        json: {
          grant_type: "client_credentials",
          client_id: ready.clientId,
          client_secret: ready.clientSecret,
          audience: running.ready.audience,
        },
      });
      const captcha = await call(running.ready, "GET", CAPTCHA_PATH, {
        token: tokenResponseSchema.parse(again.body).access_token,
      });
      expect(captcha.body).toMatchObject({ simple_captcha: { last: true } });
    }
  });

  it("serves a tenant without bot detection when asked", async () => {
    running = await spawnCli(["--no-bot-detection"]);

    const response = await call(running.ready, "GET", CAPTCHA_PATH, { token: await tokenOf(running.ready) });

    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ errorCode: "insufficient_entitlement" });
  });

  it("grants the clients only the scopes --scopes names, and prints the non-global client", async () => {
    running = await spawnCli(["--scopes", "read:tenant_settings, read:phone_templates"]);
    const { ready } = running;
    const tokenRequest = (clientId: string, clientSecret: string, scope?: string) =>
      call(ready, "POST", TOKEN_PATH, {
        json: {
          grant_type: "client_credentials",
          client_id: clientId,
          client_secret: clientSecret,
          audience: ready.audience,
          ...(scope === undefined ? {} : { scope }),
        },
      });

    const granted = await tokenRequest(ready.clientId, ready.clientSecret);
    expect(tokenResponseSchema.parse(granted.body).scope).toBe("read:tenant_settings read:phone_templates");
    const refused = await tokenRequest(ready.clientId, ready.clientSecret, "update:attack_protection");
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: "access_denied",
      error_description: "Client has not been granted scopes: update:attack_protection",
    });
    const nonGlobal = await tokenRequest(ready.nonGlobalClientId, ready.nonGlobalClientSecret);
    const captcha = await call(ready, "GET", CAPTCHA_PATH, {
      token: tokenResponseSchema.parse(nonGlobal.body).access_token,
    });
    expect(captcha.status).toBe(401);
  });

  it("refuses a scope it does not emulate as a usage error, naming it and the option, before starting", async () => {
    const result = await runCli(["--scopes", "read:everything", "--data-dir", join(dataDir, "unused")]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^tenant-emulator: --scopes: read:everything not emulated; emulated scopes: [^\n]*read:attack_protection[^\n]* \(see --help\)\n$/,
    );
    expect(await readdir(dataDir)).toEqual([]);
  });

  it("serves a data directory whose tenant has no CAPTCHA configuration", async () => {
    const prepared = await startEmulator({ dataDir, rateLimit: false });
    await prepared.tenant.remove(CAPTCHA_DOCUMENT);
    await prepared.close();

    running = await spawnCli(["--data-dir", dataDir]);
    const response = await call(running.ready, "GET", CAPTCHA_PATH, { token: await tokenOf(running.ready) });

    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ errorCode: "inexistent_captcha_config" });
  });

  it.each([[["--port", "nope"]], [["--unknown-flag"]], [["--rate-limit", "-1"]]])(
    "exits 2 with a one-line error for %j",
    async (args) => {
      const result = await runCli(args);

      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(/^tenant-emulator: [^\n]+\n$/);
    },
  );

  it("refuses a --settings file it cannot read or parse as a usage error, naming the file", async () => {
    const missing = join(dataDir, "missing.json");
    const unreadable = await runCli(["--settings", missing]);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toBe(
      `tenant-emulator: --settings ${missing}: cannot read the file (ENOENT) (see --help)\n`,
    );

    const broken = join(dataDir, "broken.json");
    await writeFile(broken, "{ friendly_name: ");
    const notJson = await runCli(["--settings", broken]);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toBe(`tenant-emulator: --settings ${broken}: not valid JSON (see --help)\n`);
  });

  it("prints the usage and exits 0 for --help", async () => {
    const result = await runCli(["--help"]);

    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Usage: tenant-emulator");
    expect(result.stdout).toContain("--no-bot-detection");
  });

  it("exits 1 with a one-line error when the port is taken", async () => {
    running = await spawnCli([]);
    const port = new URL(running.ready.url).port;

    const result = await runCli(["--port", port]);

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^tenant-emulator: .*EADDRINUSE[^\n]*\n$/);
  });
});
