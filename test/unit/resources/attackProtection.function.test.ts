import { TokenRequestError } from "../../../src/client/errors";
import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import type { GetAttackProtectionArgs } from "../../../src/resources/attackProtection/function";
import { getAttackProtection } from "../../../src/resources/attackProtection/function";
import { readFailingOutputLate } from "./support";

let emulator: TenantEmulator;
let withoutBotDetection: TenantEmulator;

beforeAll(async () => {
  [emulator, withoutBotDetection] = await Promise.all([
    startEmulator({ rateLimit: false }),
    startEmulator({ rateLimit: false, botDetection: false }),
  ]);
});

afterAll(async () => {
  await Promise.all([emulator.close(), withoutBotDetection.close()]);
});

function tenantOf(target: TenantEmulator) {
  return { domain: target.url, clientId: target.clientId, clientSecret: target.clientSecret };
}

async function patch(target: TenantEmulator, path: string, body: unknown): Promise<void> {
  const token = await target.issueToken({ scopes: ["update:attack_protection"] });
  const response = await fetch(`${target.url}/api/v2/attack-protection/${path}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`PATCH ${path}: ${response.status} ${await response.text()}`);
}

describe("getAttackProtection", () => {
  it("reads the five objects in the package's spelling, one GET each, the CAPTCHA without its secret", async () => {
    await patch(emulator, "captcha", {
      active_provider_id: "hcaptcha",
      hcaptcha: { site_key: "site-key-1", secret: "hcaptcha-secret-never-read" },
    });
    await patch(emulator, "suspicious-ip-throttling", { stage: { "pre-login": { max_attempts: 7 } } });
    emulator.clearRequestLog();

    const read = await getAttackProtection({ tenant: tenantOf(emulator) });

    expect(read.captcha).toMatchObject({ activeProviderId: "hcaptcha", hcaptcha: { siteKey: "site-key-1" } });
    expect(JSON.stringify(read)).not.toContain("hcaptcha-secret-never-read");
    expect(read.botDetection).toMatchObject({
      botDetectionLevel: "medium",
      challengePasswordPolicy: "never",
    });
    expect(read.bruteForceProtection).toEqual({
      enabled: true,
      shields: ["block", "user_notification"],
      mode: "count_per_identifier_and_ip",
      allowlist: [],
      maxAttempts: 10,
    });
    expect(read.breachedPasswordDetection).toMatchObject({
      adminNotificationFrequency: [],
      stage: { "pre-user-registration": { shields: [] } },
    });
    expect(read.suspiciousIpThrottling?.stage?.["pre-login"]).toEqual({ maxAttempts: 7, rate: 864000 });
    const reads = emulator.requestLog
      .filter((entry) => entry.method === "GET")
      .map((entry) => entry.path)
      .sort();
    expect(reads).toEqual([
      "/api/v2/attack-protection/bot-detection",
      "/api/v2/attack-protection/breached-password-detection",
      "/api/v2/attack-protection/brute-force-protection",
      "/api/v2/attack-protection/captcha",
      "/api/v2/attack-protection/suspicious-ip-throttling",
    ]);
  });

  it("leaves out CAPTCHA and bot detection on a plan without bot detection, and reads the other three", async () => {
    const read = await getAttackProtection({ tenant: tenantOf(withoutBotDetection) });

    expect(read.captcha).toBeUndefined();
    expect(read.botDetection).toBeUndefined();
    expect(read.bruteForceProtection.enabled).toBe(true);
    expect(read.breachedPasswordDetection.method).toBe("standard");
    expect(read.suspiciousIpThrottling.enabled).toBe(true);
  });

  it("names the function and the tenant in a failure, and keeps the error's class", async () => {
    const failure = getAttackProtection({
      tenant: { ...tenantOf(emulator), clientSecret: "not-the-secret" },
    });

    await expect(failure).rejects.toBeInstanceOf(TokenRequestError);
    await expect(failure).rejects.toThrow(
      /^getAttackProtection: http:\/\/127\.0\.0\.1:\d+: POST \/oauth\/token failed: 401/,
    );
    await expect(failure).rejects.not.toThrow(/not-the-secret/);
  });

  it.each([
    [{ foo: 1 }, 'getAttackProtection: unknown argument "foo"; known arguments: tenant'],
    [
      { tenat: {} },
      'getAttackProtection: unknown argument "tenat" (did you mean tenant?); known arguments: tenant',
    ],
  ])("refuses an argument it does not take before any request: %j", async (args, message) => {
    emulator.clearRequestLog();

    const call: GetAttackProtectionArgs = { tenant: tenantOf(emulator), ...args };
    await expect(getAttackProtection(call)).rejects.toThrow(new Error(message));
    expect(emulator.requestLog).toEqual([]);
  });
});

describe("getAttackProtectionOutput", () => {
  const noTenant = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith("AUTH0_") && !key.startsWith("PULUMI_CONFIG"),
    ),
  );

  it.each([
    ["the Output", "settings"],
    ["one field of it", "settings.bruteForceProtection"],
    ["an apply on it", "settings.apply((value) => value.captcha)"],
  ])(
    "without credentials, fails naming the function, without a Node warning when %s is read late",
    async (_case, exported) => {
      const { failure, reported, warnings } = await readFailingOutputLate(
        'require("./src/resources/attackProtection/function").getAttackProtectionOutput({})',
        exported,
        noTenant,
      );

      expect(failure).toMatch(
        /^getAttackProtection: No tenant domain: set the stack config key tenant-admin:domain/,
      );
      // Was: two PromiseRejectionHandledWarnings, and a message that did not say which function failed.
      expect(warnings).toEqual([]);
      expect(new Set(reported)).toEqual(new Set([failure]));
    },
  );

  it("refuses an argument it does not take", async () => {
    const { failure } = await readFailingOutputLate(
      `require("./src/resources/attackProtection/function").getAttackProtectionOutput({ foo: 1 })`,
      "settings",
      noTenant,
    );

    expect(failure).toBe('getAttackProtection: unknown argument "foo"; known arguments: tenant');
  });
});
