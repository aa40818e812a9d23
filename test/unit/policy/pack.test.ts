import { readFileSync } from "node:fs";
import { join } from "node:path";

import type { ResourceValidationArgs } from "@pulumi/policy";
import { validateResourceOfType } from "@pulumi/policy";
import fc from "fast-check";

import { BotDetection, CaptchaConfig, PhoneTemplates } from "../../../src";
import { PACK_NAME, packConfig, resourcePolicy } from "../../../src/policy/pack";
import { settingsOf, violationLine } from "../../../src/policy/rule";
import { TENANT_RULES } from "../../../src/policy/rules";

const ROOT = join(__dirname, "..", "..", "..");
const TOKEN = "pulumi-nodejs:dynamic/tenant-admin:";

/** What the engine hands a resource policy, as much of it as the pack reads. */
function validationArgs(type: string, name: string, props: Record<string, unknown>, config = {}) {
  return {
    type: `${TOKEN}${type}`,
    name,
    props,
    getConfig: () => config,
    notApplicable: (reason?: string) => {
      throw new Error(`not applicable: ${reason}`);
    },
  } as unknown as ResourceValidationArgs;
}

async function violations(rule: string, args: ResourceValidationArgs): Promise<string[]> {
  const policy = TENANT_RULES.find((candidate) => candidate.name === rule)!;
  const reported: string[] = [];
  await resourcePolicy(policy).validateResource(args, (message) => reported.push(message));
  return reported;
}

describe("the tenant policy pack", () => {
  it("has the rules the docs name, each advisory unless its config says otherwise", () => {
    expect(TENANT_RULES.map((rule) => rule.name)).toEqual([
      "otp-message-has-code",
      "sms-segments",
      "bot-detection-enforced",
      "brute-force-blocks",
      "breached-password-blocks",
      "no-open-allowlist",
    ]);
    expect(TENANT_RULES.map((rule) => resourcePolicy(rule).enforcementLevel)).toEqual(
      TENANT_RULES.map(() => "advisory"),
    );
    expect(PACK_NAME).toBe("tenant-admin");
  });

  it("reports each finding as one line naming the rule, the resource, the property and the reason", async () => {
    const args = validationArgs("BotDetection", "prod-bots", {
      monitoringModeEnabled: true,
      challengePasswordPolicy: "always",
    });
    expect(await violations("bot-detection-enforced", args)).toEqual([
      'bot-detection-enforced: BotDetection "prod-bots" monitoringModeEnabled must be false: in monitoring mode bot detection only logs what it would challenge',
    ]);
  });

  it("is not applicable to another resource", async () => {
    const args = validationArgs("CaptchaConfig", "captcha", { monitoringModeEnabled: true });
    await expect(violations("bot-detection-enforced", args)).rejects.toThrow(
      "not applicable: bot-detection-enforced reads BotDetection",
    );
  });

  it("takes a rule's settings from the pack's config, each default otherwise", async () => {
    const text = `{{code}} ${"is your verification code for the sample application. ".repeat(6)}`;
    const props = { type: "otp_verify", content: { body: { text } } };
    const args = (config: object) => validationArgs("PhoneNotificationTemplate", "otp", props, config);
    expect(await violations("sms-segments", args({}))).toHaveLength(1);
    expect(await violations("sms-segments", args({ maxSegments: 3 }))).toEqual([]);
    expect(settingsOf(TENANT_RULES[1]!, { maxSegments: "many" })).toEqual({ maxSegments: 2 });
  });

  it("keeps a violation on one line, whatever the resource's name", () => {
    const line = violationLine("r", { type: "T", name: "a\nb\r\nc" }, { property: "p", reason: "why" });
    expect(line).toBe('r: T "a b c" p why');
  });

  it("never prints a value: distinctive strings in every property appear in no violation", async () => {
    const secret = fc.string({ minLength: 12 }).map((text) => `SECRET-${text}`);
    await fc.assert(
      fc.asyncProperty(secret, async (value) => {
        const props = {
          type: "otp_verify",
          content: { from: value, body: { text: `${value} ${value} ${value}`, voice: `{{ "${value}" }}` } },
          enrollmentMessage: `{% if locale == "${value.slice(0, 30)}" %}${value}{% endif %}`,
          verificationMessage: value,
          monitoringModeEnabled: value,
          challengePasswordPolicy: value,
          enabled: value,
          shields: [value],
          allowlist: [value, "0.0.0.0/0", "10.0.0.0/8", "10.0.0.0/9"],
          tenant: { clientSecret: value },
        };
        for (const rule of TENANT_RULES) {
          for (const resource of rule.resources) {
            for (const line of await violations(rule.name, validationArgs(resource.type, "r", props))) {
              expect(line).not.toContain(value);
              expect(line).not.toContain("\n");
            }
          }
        }
      }),
      { numRuns: 20 },
    );
  });

  it.each([
    ["production.json", "mandatory"],
    ["advisory.json", "advisory"],
  ] as const)("ships policy/%s: every rule %s at its default settings", (file, level) => {
    const shipped: unknown = JSON.parse(readFileSync(join(ROOT, "policy", file), "utf8"));
    expect(shipped).toEqual(packConfig(level));
    expect(Object.keys(packConfig(level))).toEqual(TENANT_RULES.map((rule) => rule.name));
    for (const config of Object.values(packConfig(level)))
      expect(config).toMatchObject({ enforcementLevel: level });
    expect(packConfig(level)["sms-segments"]).toEqual({ enforcementLevel: level, maxSegments: 2 });
  });

  it("gives the policy SDK the package's version (policy/package.json)", () => {
    const version = (file: string) =>
      (JSON.parse(readFileSync(join(ROOT, file), "utf8")) as { version: string }).version;
    expect(version("policy/package.json")).toBe(version("package.json"));
  });
});

describe("a team's own rule with validateResourceOfType", () => {
  it("matches the package's classes by their type token", async () => {
    expect(CaptchaConfig.__pulumiType).toBe(`${TOKEN}CaptchaConfig`);
    expect(PhoneTemplates.__pulumiType).toBe(`${TOKEN}PhoneTemplates`);
    const reported: string[] = [];
    const rule = validateResourceOfType(BotDetection, (bot, _args, reportViolation) => {
      if (bot.botDetectionLevel !== "high") reportViolation("bot detection level must be high");
    });
    const args = {
      ...validationArgs("BotDetection", "bots", { botDetectionLevel: "low" }),
      isType: (resourceClass: { __pulumiType?: string }) =>
        resourceClass.__pulumiType === `${TOKEN}BotDetection`,
    } as unknown as ResourceValidationArgs;
    await rule(args, (message) => reported.push(message));
    expect(reported).toEqual(["bot detection level must be high"]);
    expect(Reflect.get(rule, "__pulumiType")).toBe(`${TOKEN}BotDetection`);
  });
});
