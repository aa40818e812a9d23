import type { TenantEmulator } from "../../../src/emulator";

import { CAPTCHA_PATH, SETTINGS_PATH, call, startTestEmulator } from "./support";

/** A plan is data: the features it lacks; the objects' rules name the features they need. */
describe("a tenant's plan", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    emulator = await startTestEmulator({ plan: { lacks: ["botDetection", "highlyRegulatedIdentity"] } });
    token = await emulator.issueToken();
  });
  afterAll(() => emulator.close());

  it("refuses what needs a feature it lacks, as recorded", async () => {
    const captcha = await call(emulator, "GET", CAPTCHA_PATH, { token });
    const settings = await call(emulator, "PATCH", SETTINGS_PATH, {
      token: await emulator.issueToken({ scopes: ["update:tenant_settings"] }),
      json: { mtls: null, acr_values_supported: ["a"] },
    });

    expect([captcha.status, captcha.body]).toEqual([
      403,
      expect.objectContaining({ errorCode: "insufficient_entitlement" }),
    ]);
    expect([settings.status, settings.body]).toEqual([
      403,
      expect.objectContaining({ errorCode: "feature_not_enabled" }),
    ]);
  });

  it("is read and changed through the tenant control, the shorthand included", async () => {
    expect(emulator.tenant.plan()).toEqual({ lacks: ["botDetection", "highlyRegulatedIdentity"] });
    expect(emulator.tenant.botDetection()).toBe(false);
    emulator.tenant.setBotDetection(true);
    try {
      expect(emulator.tenant.plan()).toEqual({ lacks: ["highlyRegulatedIdentity"] });
      expect((await call(emulator, "GET", CAPTCHA_PATH, { token })).status).toBe(200);
    } finally {
      emulator.tenant.setPlan({ lacks: ["botDetection", "highlyRegulatedIdentity"] });
    }
    expect((await call(emulator, "GET", CAPTCHA_PATH, { token })).status).toBe(403);
  });

  it("lacks nothing by default", async () => {
    const plain = await startTestEmulator();
    try {
      expect(plain.tenant.plan()).toEqual({ lacks: [] });
    } finally {
      await plain.close();
    }
  });
});
