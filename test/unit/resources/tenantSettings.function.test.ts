import * as pulumi from "@pulumi/pulumi";

import { TokenRequestError } from "../../../src/client/errors";
import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import type { GetTenantSettingsArgs } from "../../../src/resources/tenantSettings/function";
import { getTenantSettings } from "../../../src/resources/tenantSettings/function";
import { readFailingOutputLate } from "./support";

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

describe("getTenantSettings arguments", () => {
  it("refuses an argument it does not take before any request, naming the one it likely means", async () => {
    const tenant = { domain: emulator.url, clientId: emulator.clientId, clientSecret: emulator.clientSecret };
    emulator.clearRequestLog();

    await expect(getTenantSettings({ tenant, foo: 1 } as GetTenantSettingsArgs)).rejects.toThrow(
      new Error('getTenantSettings: unknown argument "foo"; known arguments: fields, includeFields, tenant'),
    );
    await expect(
      getTenantSettings({ tenant, include_fields: false } as GetTenantSettingsArgs),
    ).rejects.toThrow(
      /^getTenantSettings: unknown argument "include_fields" \(did you mean includeFields\?\)/,
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
      /^getTenantSettings: No credentials for tenant .* The stack config key tenant-admin:clientsecret is not one the package reads; did you mean tenant-admin:clientSecret\?$/,
    );
  });
});

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
      const { failure, reported, warnings } = await readFailingOutputLate(
        `require("./src/resources/tenantSettings/function").getTenantSettingsOutput({ fields: ["noSuchField"], tenant: ${JSON.stringify(tenant)} })`,
        exported,
      );
      expect(failure).toMatch(/^getTenantSettings: unknown field "noSuchField" in fields; known fields: /);
      // Was: two PromiseRejectionHandledWarnings, for promises the Output starts at once and the reader reads late.
      expect(warnings).toEqual([]);
      // The failure still reaches the runner's handler, always as the same error (which the runner reports once).
      expect(reported.length).toBeGreaterThan(0);
      expect(new Set(reported)).toEqual(new Set([failure]));
    },
  );
});
