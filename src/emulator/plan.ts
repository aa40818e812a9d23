import type { Plan } from "../wire/emulation";

/** The feature the `botDetection` start option and `--no-bot-detection` take away. */
export const BOT_DETECTION = "botDetection";

/** The plan with `feature` given (`has`) or taken away. */
export function withFeature(plan: Plan, feature: string, has: boolean): Plan {
  const others = plan.lacks.filter((lacking) => lacking !== feature);
  return { lacks: has ? others : [...others, feature] };
}

/** The plan of the start options: `plan`, less what the shorthands `botDetection` and `highlyRegulatedIdentity` take. */
export function planOf(
  options: Readonly<{ plan?: Plan; botDetection?: boolean; highlyRegulatedIdentity?: boolean }>,
): Plan {
  let plan: Plan = { lacks: [...(options.plan?.lacks ?? [])] };
  if (options.botDetection === false) plan = withFeature(plan, BOT_DETECTION, false);
  if (options.highlyRegulatedIdentity === false) plan = withFeature(plan, "highlyRegulatedIdentity", false);
  return plan;
}
