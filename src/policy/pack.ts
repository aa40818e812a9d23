/**
 * The tenant policy pack on `@pulumi/policy`: each rule of {@link TENANT_RULES} as a resource policy,
 * advisory unless the pack's config (`--policy-pack-config`) says otherwise. Only the pack's process loads
 * this module (policy/index.js): a program that imports the package never loads the policy SDK.
 */
import type { PolicyPackConfig, ResourceValidation, ResourceValidationPolicy } from "@pulumi/policy";
import { PolicyPack } from "@pulumi/policy";

import { typeToken } from "../wire/document";
import type { TenantRule } from "./rule";
import { settingsOf, violationLine } from "./rule";
import { TENANT_RULES } from "./rules";

/** The pack's name, as the engine prints it beside each violation. */
export const PACK_NAME = "tenant-admin";

/**
 * A rule as a Pulumi resource policy: advisory by default, its settings as the policy's config schema; it
 * reports each finding as one line ({@link violationLine}) and is not applicable to other resources. A
 * property unknown at preview makes the SDK report that the policy cannot run yet (advisory), not a failure.
 */
export function resourcePolicy(
  rule: TenantRule,
): ResourceValidationPolicy & { validateResource: ResourceValidation } {
  const types = new Map(rule.resources.map((resource) => [typeToken(resource), resource.type]));
  return {
    name: rule.name,
    description: rule.description,
    enforcementLevel: "advisory",
    configSchema: { properties: { ...rule.settings } },
    validateResource: (args, reportViolation) => {
      const type = types.get(args.type);
      if (type === undefined)
        return args.notApplicable(`${rule.name} reads ${[...types.values()].join(", ")}`);
      const settings = settingsOf(rule, args.getConfig<Record<string, unknown>>());
      for (const finding of rule.check({ type, props: args.props }, settings)) {
        reportViolation(violationLine(rule.name, { type, name: args.name }, finding));
      }
    },
  };
}

/**
 * The pack's config that sets every rule to one enforcement level, each setting at its default: `mandatory`
 * is policy/production.json, `advisory` policy/advisory.json.
 */
export function packConfig(enforcementLevel: "mandatory" | "advisory"): PolicyPackConfig {
  return Object.fromEntries(
    TENANT_RULES.map((rule) => [
      rule.name,
      {
        enforcementLevel,
        ...Object.fromEntries(Object.entries(rule.settings).map(([key, setting]) => [key, setting.default])),
      },
    ]),
  );
}

/**
 * Serves the pack to the engine that started this process: the policy SDK reads the engine's address from
 * argv and the pack's version from the package.json of the working directory (policy/package.json).
 */
export function servePack(): PolicyPack {
  return new PolicyPack(PACK_NAME, {
    enforcementLevel: "advisory",
    policies: TENANT_RULES.map(resourcePolicy),
  });
}
