/**
 * What a rule of the tenant policy pack is, apart from the policy SDK: its name, what it checks, the
 * resources it reads, its settings, and a check from a resource's declared inputs to findings. The pack
 * (`pack.ts`) turns each into a Pulumi policy; the unit tests call the checks with plain inputs.
 */
import type { ResourceIdentity } from "../wire/document";

/** One setting of a rule in the pack's config (`--policy-pack-config`): a whole number with a default. */
interface RuleSetting {
  readonly type: "integer";
  readonly minimum: number;
  readonly default: number;
  readonly description: string;
}

/** A rule's settings as its check receives them: each one given in the config, or its default. */
type RuleSettings = Readonly<Record<string, number>>;

/** A resource as a rule sees it: its type (`BotDetection`) and the inputs the program declares. */
export interface RuleResource {
  readonly type: string;
  /**
   * The declared inputs, in the program's (camelCase) names. In the pack, reading one whose value is unknown
   * at preview throws, which the policy SDK reports as a policy that cannot run yet: a check reads only the
   * properties it needs.
   */
  readonly props: Readonly<Record<string, unknown>>;
}

/** What a rule finds wrong with one property: never its value, which may be a secret. */
export interface Finding {
  /** The property in the program's names: `challengePasswordPolicy`, `allowlist[3]`, `content.body.text`. */
  readonly property: string;
  /** Why, as a clause that follows the property: `must be false: monitoring mode only logs …`. */
  readonly reason: string;
}

/** One guardrail of the pack. */
export interface TenantRule {
  /** The policy's name, as `--policy-pack-config` and the violations name it: `sms-segments`. */
  readonly name: string;
  /** One sentence: what the rule holds. */
  readonly description: string;
  /** The resources it checks; any other resource is not its business. */
  readonly resources: readonly ResourceIdentity[];
  /** Its settings, by name, each with its default. */
  readonly settings: Readonly<Record<string, RuleSetting>>;
  /** The findings about one resource of the rule's types, given its settings; none when it complies. */
  check(resource: RuleResource, settings: RuleSettings): Finding[];
}

/**
 * A violation as one line, naming the rule, the resource (type and name), the property and the reason:
 * `bot-detection-enforced: BotDetection "prod-bots" monitoringModeEnabled must be false: …`. Line breaks in
 * a name are shown as spaces, so that the line stays one.
 */
export function violationLine(
  rule: string,
  resource: { type: string; name: string },
  finding: Finding,
): string {
  const name = JSON.stringify(resource.name.replace(/\s+/g, " "));
  return `${rule}: ${resource.type} ${name} ${finding.property} ${finding.reason}`;
}

/** The rule's settings: each one from `given` when it is a whole number, else its default. */
export function settingsOf(
  rule: Pick<TenantRule, "settings">,
  given: Readonly<Record<string, unknown>>,
): RuleSettings {
  return Object.fromEntries(
    Object.entries(rule.settings).map(([key, setting]) => {
      const value = given[key];
      return [key, typeof value === "number" && Number.isInteger(value) ? value : setting.default];
    }),
  );
}
