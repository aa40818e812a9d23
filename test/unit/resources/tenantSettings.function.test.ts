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
      /^getTenantSettings: unknown field "friendly_name" in fields; known fields: allowedLogoutUrls, /,
    );
    expect(emulator.requestLog).toEqual([]);
  });
});
