import {
  botDetectionEnforced,
  breachedPasswordBlocks,
  bruteForceBlocks,
} from "../../../src/policy/protectionRules";
import type { TenantRule } from "../../../src/policy/rule";

const findings = (rule: TenantRule, type: string, props: Record<string, unknown>) =>
  rule.check({ type, props }, {}).map(({ property, reason }) => `${property} ${reason}`);

describe("bot-detection-enforced", () => {
  const check = (props: Record<string, unknown>) => findings(botDetectionEnforced, "BotDetection", props);

  it.each(["when_risky", "always"])(
    "accepts monitoring mode off and password logins challenged %s",
    (policy) => {
      expect(check({ monitoringModeEnabled: false, challengePasswordPolicy: policy })).toEqual([]);
    },
  );

  it("refuses monitoring mode, saying it only logs", () => {
    expect(check({ monitoringModeEnabled: true, challengePasswordPolicy: "always" })).toEqual([
      "monitoringModeEnabled must be false: in monitoring mode bot detection only logs what it would challenge",
    ]);
  });

  it("refuses password logins never challenged", () => {
    expect(check({ monitoringModeEnabled: false, challengePasswordPolicy: "never" })).toEqual([
      "challengePasswordPolicy must be when_risky or always: otherwise a password login never shows the challenge",
    ]);
  });

  it("refuses what the program leaves undeclared: the tenant keeps its own", () => {
    expect(check({})).toEqual([
      expect.stringMatching(
        /^monitoringModeEnabled must be false; undeclared, it stays as the tenant has it: /,
      ),
      expect.stringMatching(/^challengePasswordPolicy must be when_risky or always; undeclared, it stays as/),
    ]);
  });
});

describe.each([
  [bruteForceBlocks, "BruteForceProtection", "brute-force protection"],
  [breachedPasswordBlocks, "BreachedPasswordDetection", "breached-password detection"],
])("%s", (rule, type, what) => {
  const check = (props: Record<string, unknown>) => findings(rule, type, props);

  it("accepts enabled with the block shield", () => {
    expect(check({ enabled: true, shields: ["user_notification", "block"] })).toEqual([]);
  });

  it.each([
    [{ enabled: false, shields: ["block"] }, [`enabled must be true: otherwise ${what} is off`]],
    [
      { enabled: true, shields: ["user_notification"] },
      [`shields must include block: without it ${what} only notifies`],
    ],
    [{ enabled: true, shields: [] }, [`shields must include block: without it ${what} only notifies`]],
    [
      {},
      [
        `enabled must be true; undeclared, it stays as the tenant has it: otherwise ${what} is off`,
        `shields must include block; undeclared, it stays as the tenant has it: without it ${what} only notifies`,
      ],
    ],
  ])("refuses %j", (props, expected) => {
    expect(check(props)).toEqual(expected);
  });
});
