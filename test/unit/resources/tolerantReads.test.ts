/**
 * Reads take whatever the tenant answers; only what a program declares is held to the input rules. A tenant
 * whose documents hold what the package would never write (an allowlist over 100 entries, a shield, mode or
 * provider the package does not know, numbers out of range, members it does not name) is read as it is by a
 * resource's read (refresh and import), `getAttackProtection`, `getTenantSettings` and `tenant-admin export`.
 */
import { resolveTenantConnection } from "../../../src/client/connection";
import { ManagementClient } from "../../../src/client/managementClient";
import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { getAttackProtection } from "../../../src/resources/attackProtection/function";
import { bruteForceProtectionDocument } from "../../../src/resources/bruteForceProtection/api";
import { OBJECTS } from "../../../src/resources/registry";
import { getTenantSettings } from "../../../src/resources/tenantSettings/function";
import { TENANT_SETTINGS_PATH } from "../../../src/resources/tenantSettings/api";
import { ALLOWLIST_MAX_ENTRIES } from "../../../src/wire/ipAllowlist";
import { atPreview, emulatorContext, failuresOf } from "./support";

/** More entries than a program may declare, one of them a range with host bits set. */
const OVERLONG_ALLOWLIST = [
  "10.0.0.1/8",
  ...Array.from({ length: ALLOWLIST_MAX_ENTRIES }, (_, index) => `192.0.2.${index}`),
];

/**
 * For each document: what the tenant holds beyond the input rules (wire spelling, over the stored document),
 * what a program declares (valid inputs), and what its read must then give for the declared members.
 */
const CASES: Record<
  string,
  {
    held: Record<string, unknown>;
    declared: Record<string, unknown>;
    read: Record<string, unknown>;
    /** A declaration an import adopts: a member the tenant holds as a program may declare it. */
    adopted: Record<string, unknown> | undefined;
  }
> = {
  bruteForceProtection: {
    held: {
      shields: ["block", "lockout"],
      mode: "count_per_ip",
      allowlist: OVERLONG_ALLOWLIST,
      max_attempts: 1000,
      risk: { level: 3 },
    },
    declared: { shields: ["block"], mode: "count_per_identifier", allowlist: [], maxAttempts: 5 },
    read: {
      shields: ["block", "lockout"],
      mode: "count_per_ip",
      allowlist: OVERLONG_ALLOWLIST,
      maxAttempts: 1000,
    },
    adopted: { enabled: true },
  },
  botDetection: {
    held: {
      bot_detection_level: "extreme",
      challenge_password_policy: "sometimes",
      allowlist: OVERLONG_ALLOWLIST,
      challenge_signup_policy: "always",
    },
    declared: { botDetectionLevel: "low", challengePasswordPolicy: "always", allowlist: [] },
    read: {
      botDetectionLevel: "extreme",
      challengePasswordPolicy: "sometimes",
      allowlist: OVERLONG_ALLOWLIST,
    },
    adopted: { monitoringModeEnabled: false },
  },
  breachedPasswordDetection: {
    held: {
      shields: ["block", "quarantine"],
      method: "quantum",
      stage: {
        "pre-user-registration": { shields: ["captcha"] },
        "pre-change-password": { shields: [] },
        "pre-login": { shields: ["block"] },
      },
    },
    declared: {
      shields: ["block"],
      method: "standard",
      stage: { "pre-user-registration": { shields: ["block"] } },
    },
    read: {
      shields: ["block", "quarantine"],
      method: "quantum",
      stage: { "pre-user-registration": { shields: ["captcha"] } },
    },
    adopted: { enabled: false },
  },
  suspiciousIpThrottling: {
    held: {
      shields: ["tarpit"],
      allowlist: OVERLONG_ALLOWLIST,
      stage: {
        "pre-login": { max_attempts: 5000, rate: 1 },
        "pre-user-registration": { max_attempts: 0, rate: 1728000 },
        "pre-custom-token-exchange": { max_attempts: 10, rate: 600000 },
        "pre-token": { max_attempts: 1, rate: 1 },
      },
    },
    declared: {
      shields: ["block"],
      allowlist: [],
      stage: { "pre-login": { maxAttempts: 100, rate: 864000 } },
    },
    read: {
      shields: ["tarpit"],
      allowlist: OVERLONG_ALLOWLIST,
      stage: { "pre-login": { maxAttempts: 5000, rate: 1 } },
    },
    adopted: { enabled: true },
  },
  captchaConfig: {
    held: {
      active_provider_id: "turnstile",
      auth_challenge: { fail_open: true, hardness: 7 },
      hcaptcha: { site_key: "k".repeat(150), secret: "s" },
    },
    declared: { activeProviderId: "auth_challenge", authChallenge: { failOpen: false } },
    read: { activeProviderId: "turnstile", authChallenge: { failOpen: true } },
    // CAPTCHA's adoption always compares the active provider, which this tenant holds beyond the rules.
    adopted: undefined,
  },
};

const DOCUMENTS = OBJECTS.flatMap((object) =>
  object.document !== undefined && object.resource !== undefined
    ? [{ object, document: object.document }]
    : [],
);

let emulator: TenantEmulator;

beforeEach(async () => {
  emulator = await startEmulator({ rateLimit: false });
});
afterEach(() => emulator.close());

/** Makes the tenant hold `held` over its stored document at `path`, unchecked. */
async function hold(path: string, held: Record<string, unknown>): Promise<void> {
  await emulator.tenant.seed(path, { ...(emulator.tenant.stored(path) as object), ...held });
}

it("covers every document object of the registry", () => {
  expect(DOCUMENTS.map(({ document }) => document.name).sort()).toEqual(Object.keys(CASES).sort());
});

describe.each(DOCUMENTS.map(({ object, document }) => [document.name, object, document] as const))(
  "a read of the %s",
  (name, object, document) => {
    const { held, declared, read, adopted } = CASES[name]!;

    it("records what the tenant holds, beyond the input rules (refresh)", async () => {
      await hold(document.get.path, held);
      const provider = (await object.resource!.provider()).createProvider(emulatorContext(emulator));

      const result = await provider.read(document.get.path, { ...declared, domain: emulator.domain });

      expect(result.props).toMatchObject(read);
    });

    (adopted === undefined ? it.skip : it)(
      "lets an import adopt the object by the members a program declares, whatever the others hold",
      async () => {
        await hold(document.get.path, held);
        const provider = (await object.resource!.provider()).createProvider(emulatorContext(emulator));
        const host = new URL(emulator.url).host;
        const failures = await failuresOf(
          provider,
          atPreview({ ...adopted, importId: `${host}${document.get.path}` }, "adopted"),
        );

        expect(failures).toEqual([]);
      },
    );

    it("is read by tenant-admin export, which leaves out what a program may not declare, naming the rule", async () => {
      await hold(document.get.path, held);
      const { url, clientId, clientSecret } = emulator;
      const client = new ManagementClient(
        resolveTenantConnection({ config: { domain: url, clientId, clientSecret }, env: {} }),
      );
      const { objectExport } = await object.exporter!();

      const { snapshot, skipped } = await objectExport.read({
        client,
        settings: {},
        phoneGeneration: "unified",
      });
      const declared = objectExport.declare(snapshot, "tenant.example.com");

      expect(skipped).toEqual([]);
      const [member] = Object.keys(read);
      expect(declared.skipped.join("\n")).toContain(
        name === "captchaConfig"
          ? "CAPTCHA block hcaptcha: the tenant's block is incomplete (site_key)"
          : `${document.label} member ${member}: the tenant's value is not one a program may declare (${member}`,
      );
    });
  },
);

it("getAttackProtection answers the five objects as the tenant holds them, unknown members included", async () => {
  for (const { document } of DOCUMENTS) await hold(document.get.path, CASES[document.name]!.held);
  const { url, clientId, clientSecret } = emulator;

  const read = await getAttackProtection({ tenant: { domain: url, clientId, clientSecret } });

  expect(read.bruteForceProtection).toMatchObject({
    ...CASES["bruteForceProtection"]!.read,
    risk: { level: 3 },
  });
  expect(read.botDetection).toMatchObject({
    ...CASES["botDetection"]!.read,
    challengeSignupPolicy: "always",
  });
  expect(read.breachedPasswordDetection).toMatchObject({
    ...CASES["breachedPasswordDetection"]!.read,
    stage: { "pre-login": { shields: ["block"] } },
  });
  expect(read.suspiciousIpThrottling).toMatchObject({
    ...CASES["suspiciousIpThrottling"]!.read,
    stage: { "pre-user-registration": { maxAttempts: 0 }, "pre-token": { maxAttempts: 1, rate: 1 } },
  });
  expect(read.captcha).toMatchObject(CASES["captchaConfig"]!.read);
});

it("getTenantSettings answers settings beyond what a PATCH may set", async () => {
  await hold(TENANT_SETTINGS_PATH, {
    session_lifetime: 0,
    enabled_locales: ["xx-YY"],
    resource_parameter_profile: "everything",
    brand_new_setting: { on: true },
  });
  const { url, clientId, clientSecret } = emulator;

  const settings = await getTenantSettings({ tenant: { domain: url, clientId, clientSecret } });

  expect(settings).toMatchObject({
    sessionLifetime: 0,
    enabledLocales: ["xx-YY"],
    resourceParameterProfile: "everything",
    brandNewSetting: { on: true },
  });
});

describe("one definition, two uses", () => {
  it("reads answers by JSON type only, while the PATCH keeps every rule", () => {
    const answer = { max_attempts: 1000, shields: ["lockout"], mode: "count_per_ip", future: 1 };

    expect(bruteForceProtectionDocument.responseSchema.safeParse(answer)).toEqual({
      success: true,
      data: answer,
    });
    expect(bruteForceProtectionDocument.patchSchema.safeParse({ max_attempts: 1000 }).success).toBe(false);
    expect(bruteForceProtectionDocument.patchSchema.safeParse({ shields: ["lockout"] }).success).toBe(false);
    expect(bruteForceProtectionDocument.responseSchema.safeParse({ max_attempts: "5" }).success).toBe(false);
    expect(bruteForceProtectionDocument.responseSchema.safeParse({ allowlist: [1] }).success).toBe(false);
  });
});
