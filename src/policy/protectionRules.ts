/**
 * The attack-protection guardrails: bot detection that challenges rather than watches, and brute-force and
 * breached-password protection that block. A property the rule needs must be declared: undeclared, it stays
 * as the tenant has it, which the program does not control.
 */
import { botDetectionDocument } from "../resources/botDetection/api";
import { breachedPasswordDetectionDocument } from "../resources/breachedPasswordDetection/api";
import { bruteForceProtectionDocument } from "../resources/bruteForceProtection/api";
import type { ResourceIdentity } from "../wire/document";
import type { Finding, RuleResource, TenantRule } from "./rule";

const UNDECLARED = "undeclared, it stays as the tenant has it";

/** A finding unless `property` is declared with one of `allowed` (each a boolean or a string). */
function oneOf(
  props: RuleResource["props"],
  property: string,
  allowed: readonly unknown[],
  expected: string,
  why: string,
): Finding[] {
  const value = props[property];
  if (allowed.includes(value)) return [];
  const state = value === undefined ? `; ${UNDECLARED}` : "";
  return [{ property, reason: `must be ${expected}${state}: ${why}` }];
}

/** Findings unless the protection is declared enabled with the `block` shield. */
function enabledAndBlocking(props: RuleResource["props"], what: string): Finding[] {
  const findings = oneOf(props, "enabled", [true], "true", `otherwise ${what} is off`);
  const shields = props["shields"];
  if (!Array.isArray(shields) || !shields.includes("block")) {
    const state = shields === undefined ? `; ${UNDECLARED}` : "";
    findings.push({
      property: "shields",
      reason: `must include block${state}: without it ${what} only notifies`,
    });
  }
  return findings;
}

/** `bot-detection-enforced`: not in monitoring mode, and password logins challenged when risky or always. */
export const botDetectionEnforced: TenantRule = {
  name: "bot-detection-enforced",
  description:
    "BotDetection challenges bots: monitoring mode off, and password logins challenged when risky or always.",
  resources: [botDetectionDocument.resource],
  settings: {},
  check({ props }) {
    return [
      ...oneOf(
        props,
        "monitoringModeEnabled",
        [false],
        "false",
        "in monitoring mode bot detection only logs what it would challenge",
      ),
      ...oneOf(
        props,
        "challengePasswordPolicy",
        ["when_risky", "always"],
        "when_risky or always",
        "otherwise a password login never shows the challenge",
      ),
    ];
  },
};

/** A rule that the protection `resource` manages is declared enabled with the `block` shield. */
function enabledAndBlockingRule(name: string, resource: ResourceIdentity, what: string): TenantRule {
  return {
    name,
    description: `${resource.type} is enabled and blocks: enabled, with the block shield.`,
    resources: [resource],
    settings: {},
    check: ({ props }) => enabledAndBlocking(props, what),
  };
}

/** `brute-force-blocks`: brute-force protection enabled with the `block` shield. */
export const bruteForceBlocks: TenantRule = enabledAndBlockingRule(
  "brute-force-blocks",
  bruteForceProtectionDocument.resource,
  "brute-force protection",
);

/** `breached-password-blocks`: breached-password detection enabled with the `block` shield. */
export const breachedPasswordBlocks: TenantRule = enabledAndBlockingRule(
  "breached-password-blocks",
  breachedPasswordDetectionDocument.resource,
  "breached-password detection",
);
