/**
 * The four attack-protection documents beside CAPTCHA (bot detection, brute-force protection, breached password
 * detection, suspicious IP throttling), read and updated by the platform's official node SDK (npm `auth0`),
 * unchanged, against the emulator over TLS; and the plan without bot detection, which refuses bot detection and
 * CAPTCHA as recorded and serves the three protections.
 */
import { readFileSync } from "node:fs";
import { getCACertificates, setDefaultCACertificates } from "node:tls";

import { Management, ManagementClient, ManagementError } from "auth0";

import { NEW_TENANT_BOT_DETECTION } from "../../../src/resources/botDetection/api";
import { NEW_TENANT_BREACHED_PASSWORD_DETECTION } from "../../../src/resources/breachedPasswordDetection/api";
import { NEW_TENANT_BRUTE_FORCE_PROTECTION } from "../../../src/resources/bruteForceProtection/api";
import { NEW_TENANT_SUSPICIOUS_IP_THROTTLING } from "../../../src/resources/suspiciousIpThrottling/api";
import type { TenantEmulator } from "../../../src/emulator";

import { startTestEmulator } from "./support";

const { BadRequestError, ForbiddenError } = Management;

const ENTITLEMENT_REFUSAL = {
  statusCode: 403,
  error: "Forbidden",
  message: "Please upgrade your subscription to use bot detection",
  errorCode: "insufficient_entitlement",
};

async function sdkFor(emulator: TenantEmulator): Promise<ManagementClient> {
  return Promise.resolve(
    new ManagementClient({
      domain: `localhost:${new URL(emulator.url).port}`,
      clientId: emulator.clientId,
      clientSecret: emulator.clientSecret,
      maxRetries: 0,
    }),
  );
}

async function refusal(call: Promise<unknown>): Promise<ManagementError> {
  const error: unknown = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ManagementError))
    throw new Error(`expected a ManagementError, got ${String(error)}`);
  return error;
}

const defaultCas = getCACertificates("default");
afterAll(() => setDefaultCACertificates(defaultCas));

async function start(options: { botDetection?: boolean } = {}): Promise<TenantEmulator> {
  const emulator = await startTestEmulator({ tls: true, ...options });
  if (emulator.caFile === undefined) throw new Error("no CA file");
  setDefaultCACertificates([...getCACertificates("default"), readFileSync(emulator.caFile, "utf8")]);
  return emulator;
}

describe("the attack-protection documents through the official SDK", () => {
  let emulator: TenantEmulator;
  let sdk: ManagementClient;

  beforeAll(async () => {
    emulator = await start();
    sdk = await sdkFor(emulator);
  });
  afterAll(async () => emulator.close());

  it("reads a new tenant's four documents, each with every member in the platform's order", async () => {
    const [bot, bruteForce, breached, suspicious] = await Promise.all([
      sdk.attackProtection.botDetection.get(),
      sdk.attackProtection.bruteForceProtection.get(),
      sdk.attackProtection.breachedPasswordDetection.get(),
      sdk.attackProtection.suspiciousIpThrottling.get(),
    ]);

    expect(Object.keys(bot)).toEqual([
      "challenge_password_policy",
      "challenge_passwordless_policy",
      "challenge_password_reset_policy",
      "allowlist",
      "bot_detection_level",
      "monitoring_mode_enabled",
    ]);
    expect(bot).toEqual(NEW_TENANT_BOT_DETECTION);
    expect(bruteForce).toEqual(NEW_TENANT_BRUTE_FORCE_PROTECTION);
    expect(breached).toEqual(NEW_TENANT_BREACHED_PASSWORD_DETECTION);
    expect(suspicious).toEqual(NEW_TENANT_SUSPICIOUS_IP_THROTTLING);
    expect(Object.keys(suspicious.stage ?? {})).toEqual([
      "pre-login",
      "pre-user-registration",
      "pre-custom-token-exchange",
    ]);
  });

  it("updates bot detection partially: an allowlist sent replaces the stored one, other members stay", async () => {
    await sdk.attackProtection.botDetection.update({
      allowlist: ["10.0.0.0/8", "2001:db8::1"],
      challenge_password_policy: "always",
    });
    const updated = await sdk.attackProtection.botDetection.update({ allowlist: ["192.168.1.1"] });
    const read = await sdk.attackProtection.botDetection.get();

    expect(updated).toEqual(read);
    expect(read).toMatchObject({
      allowlist: ["192.168.1.1"],
      challenge_password_policy: "always",
      bot_detection_level: NEW_TENANT_BOT_DETECTION.bot_detection_level,
    });
  });

  it("updates brute-force protection and reads it back", async () => {
    const updated = await sdk.attackProtection.bruteForceProtection.update({
      shields: ["block"],
      mode: "count_per_identifier",
      max_attempts: 3,
    });

    expect(await sdk.attackProtection.bruteForceProtection.get()).toEqual(updated);
    expect(updated).toEqual({
      ...NEW_TENANT_BRUTE_FORCE_PROTECTION,
      shields: ["block"],
      mode: "count_per_identifier",
      max_attempts: 3,
    });
  });

  it("updates breached password detection; no admin_notification shield left empties the frequencies", async () => {
    const notifying = await sdk.attackProtection.breachedPasswordDetection.update({
      enabled: true,
      shields: ["block", "admin_notification"],
      admin_notification_frequency: ["daily"],
      stage: { "pre-change-password": { shields: ["block"] } },
    });
    expect(notifying).toMatchObject({
      admin_notification_frequency: ["daily"],
      stage: { "pre-user-registration": { shields: [] }, "pre-change-password": { shields: ["block"] } },
    });

    const silent = await sdk.attackProtection.breachedPasswordDetection.update({ shields: ["block"] });
    expect(silent.admin_notification_frequency).toEqual([]);
    expect(await sdk.attackProtection.breachedPasswordDetection.get()).toEqual(silent);
  });

  it("updates one throttling stage member and keeps the others", async () => {
    const updated = await sdk.attackProtection.suspiciousIpThrottling.update({
      stage: { "pre-login": { max_attempts: 5 } },
    });

    expect(updated.stage).toEqual({
      ...NEW_TENANT_SUSPICIOUS_IP_THROTTLING.stage,
      "pre-login": { max_attempts: 5, rate: NEW_TENANT_SUSPICIOUS_IP_THROTTLING.stage["pre-login"].rate },
    });
    expect(await sdk.attackProtection.suspiciousIpThrottling.get()).toEqual(updated);
  });

  it.each([
    [
      "an unknown property",
      { mode: "count_per_identifier", lockout: true },
      /Additional properties not allowed: lockout/,
    ],
    ["an out-of-range max_attempts", { max_attempts: 101 }, /max_attempts/],
    ["an allowlist entry that is not an IP", { allowlist: ["10.0.0.300"] }, /allowlist/],
    ["a repeated allowlist entry", { allowlist: ["10.0.0.1", "10.0.0.1"] }, /allowlist/],
  ])("refuses %s with the platform's 400 and changes nothing", async (_case, body, message) => {
    const before = await sdk.attackProtection.bruteForceProtection.get();
    const error = await refusal(
      sdk.attackProtection.bruteForceProtection.update(
        body as Management.UpdateBruteForceSettingsRequestContent,
      ),
    );

    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.body).toMatchObject({ statusCode: 400, errorCode: "invalid_body", message });
    expect(await sdk.attackProtection.bruteForceProtection.get()).toEqual(before);
  });
});

describe("a plan without bot detection (tenant-emulator --no-bot-detection)", () => {
  let emulator: TenantEmulator;
  let sdk: ManagementClient;

  beforeAll(async () => {
    emulator = await start({ botDetection: false });
    sdk = await sdkFor(emulator);
  });
  afterAll(async () => emulator.close());

  it.each([
    ["reading bot detection", () => sdk.attackProtection.botDetection.get()],
    [
      "updating bot detection",
      () => sdk.attackProtection.botDetection.update({ bot_detection_level: "high" }),
    ],
    ["updating CAPTCHA", () => sdk.attackProtection.captcha.update({ active_provider_id: "simple_captcha" })],
  ])("refuses %s with the recorded 403", async (_case, call) => {
    const error = await refusal(call());

    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error.body).toEqual(ENTITLEMENT_REFUSAL);
  });

  it("serves the three other protections", async () => {
    const updated = await sdk.attackProtection.bruteForceProtection.update({ enabled: false });

    expect(updated.enabled).toBe(false);
    expect((await sdk.attackProtection.breachedPasswordDetection.get()).method).toBe("standard");
    expect((await sdk.attackProtection.suspiciousIpThrottling.get()).enabled).toBe(true);
  });
});
