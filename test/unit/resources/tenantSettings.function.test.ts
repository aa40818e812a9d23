import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";

import * as pulumi from "@pulumi/pulumi";

import { TokenRequestError } from "../../../src/client/errors";
import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { getTenantSettings } from "../../../src/resources/tenantSettings/function";

let emulator: TenantEmulator;

beforeAll(async () => {
  emulator = await startEmulator({
    rateLimit: false,
    settings: { friendly_name: "Acme", session_lifetime: 168 },
  });
});

afterAll(async () => {
  await emulator.close();
});

describe("getTenantSettings", () => {
  it("reads the selected fields in the package's spelling", async () => {
    const tenant = { domain: emulator.url, clientId: emulator.clientId, clientSecret: emulator.clientSecret };
    await expect(getTenantSettings({ fields: ["friendlyName"], tenant })).resolves.toEqual({
      friendlyName: "Acme",
    });
  });

  it("names the function and the tenant in a failure, and keeps the error's class", async () => {
    const tenant = { domain: emulator.url, clientId: emulator.clientId, clientSecret: "not-the-secret" };
    const failure = getTenantSettings({ tenant });
    await expect(failure).rejects.toBeInstanceOf(TokenRequestError);
    await expect(failure).rejects.toThrow(
      new RegExp(`^getTenantSettings: ${emulator.url.replace(/[.]/g, "\\.")}: POST /oauth/token failed: 401`),
    );
    await expect(failure).rejects.not.toThrow(/not-the-secret/);
  });

  it("refuses an unknown field before any call, naming it and the known ones", async () => {
    const tenant = { domain: emulator.url, clientId: emulator.clientId, clientSecret: emulator.clientSecret };
    emulator.clearRequestLog();
    await expect(getTenantSettings({ fields: ["friendly_name" as "friendlyName"], tenant })).rejects.toThrow(
      /^getTenantSettings: unknown field "friendly_name" in fields \(did you mean friendlyName\?\); known fields: allowedLogoutUrls, /,
    );
    expect(emulator.requestLog).toEqual([]);
  });
});

describe("getTenantSettings with the stack config", () => {
  afterEach(() => pulumi.runtime.setAllConfig({}));

  it("names a key of the package's namespace that it does not read, with the key it most likely means", async () => {
    pulumi.runtime.setAllConfig({
      "tenant-admin:domain": emulator.url,
      "tenant-admin:clientId": emulator.clientId,
      "tenant-admin:clientsecret": emulator.clientSecret,
    });
    await expect(getTenantSettings({ fields: ["friendlyName"] })).rejects.toThrow(
      /^No credentials for tenant .* The stack config key tenant-admin:clientsecret is not one the package reads; did you mean tenant-admin:clientSecret\?$/,
    );
  });
});

/**
 * Reads a failing `getTenantSettingsOutput` as the engine reads a stack output: with an `apply`, once it
 * gets to it, after Node has looked for unhandled rejections. `exported` is what the program exports, derived
 * from `settings` at once (the whole Output, a field, an `apply`). It runs in a fresh Node process, because
 * Jest takes over the process's rejection events; like Pulumi's program runner, the script listens for
 * `unhandledRejection` (and not for `rejectionHandled`, so Node emits its warnings).
 */
async function readFailingOutputLate(
  tenant: object,
  exported: string,
): Promise<{
  failure: string;
  reported: string[];
  warnings: string[];
}> {
  const script = `
    const pulumi = require("@pulumi/pulumi");
    const { getTenantSettingsOutput } = require("./src/resources/tenantSettings/function");
    const reported = [];
    const warnings = [];
    process.on("unhandledRejection", (reason) => reported.push(String(reason && reason.message)));
    process.on("warning", (warning) => warnings.push(warning.name));
    const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 20));
    (async () => {
      const settings = getTenantSettingsOutput({ fields: ["noSuchField"], tenant: ${JSON.stringify(tenant)} });
      const exported = ${exported};
      await nextTurn();
      const read = exported.apply((value) => value);
      const failure = await pulumi.runtime.serializeProperty("settings", read).then(
        () => "none",
        (error) => error.message,
      );
      await nextTurn();
      console.log(JSON.stringify({ failure, reported, warnings }));
    })();
  `;
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["-r", require.resolve("ts-node/register/transpile-only"), "-e", script],
    { cwd: resolve(__dirname, "../../.."), env, timeout: 30_000 },
  );
  return JSON.parse(stdout) as Awaited<ReturnType<typeof readFailingOutputLate>>;
}

describe("getTenantSettingsOutput", () => {
  it.each([
    ["the Output", "settings"],
    ["one field of it", "settings.friendlyName"],
    ["a field of a field", "settings.flags.enableSso"],
    ["an apply on it", "settings.apply((value) => value.friendlyName)"],
  ])(
    "fails before any request without a Node warning when %s is read late, and is reported as one error",
    async (_case, exported) => {
      const tenant = {
        domain: emulator.url,
        clientId: emulator.clientId,
        clientSecret: emulator.clientSecret,
      };
      const { failure, reported, warnings } = await readFailingOutputLate(tenant, exported);
      expect(failure).toMatch(/^getTenantSettings: unknown field "noSuchField" in fields; known fields: /);
      // Was: two PromiseRejectionHandledWarnings, for promises the Output starts at once and the reader reads late.
      expect(warnings).toEqual([]);
      // The failure still reaches the runner's handler, always as the same error (which the runner reports once).
      expect(reported.length).toBeGreaterThan(0);
      expect(new Set(reported)).toEqual(new Set([failure]));
    },
  );
});
