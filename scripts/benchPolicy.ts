/**
 * `npm run bench -- --focus policy`: what the tenant policy pack costs a preview. One stack of
 * examples/attack-protection (its prod config, which every rule accepts) against one emulated tenant; each run
 * previews it without the pack and with it (`--policy-pack policy/run-pack --policy-pack-config
 * policy/production.json`, the form this machine's CLI runs), in alternating order, after one warm-up preview
 * of each. Prints the medians and their ratio.
 */
import { performance } from "node:perf_hooks";

import { namedTenant } from "./support/namedTenant";
import { startEmulator } from "../src/emulator";
import { median } from "./benchLifecycle";
import { projectName, tenantEnv } from "./support/programs";
import { createTestStack } from "./support/stack";
import type { TestStack } from "./support/stack";

const PACK = {
  policyPacks: ["node_modules/pulumi-tenant-admin/policy/run-pack"],
  policyPackConfigs: ["node_modules/pulumi-tenant-admin/policy/production.json"],
};

export interface PolicyFigures {
  without: number[];
  with: number[];
}

/** One preview's wall time; with the pack, it fails unless the engine reports the pack ran and found nothing. */
async function preview(stack: TestStack, withPack: boolean): Promise<number> {
  const started = performance.now();
  const result = await stack.stack.preview(withPack ? PACK : {});
  const elapsed = performance.now() - started;
  if (withPack && !result.stdout.includes("tenant-admin@v"))
    throw new Error("the preview with the pack does not show it: it did not run");
  if (/\[(mandatory|advisory)\]/.test(result.stdout))
    throw new Error("the pack reported a violation of examples/attack-protection's prod config");
  return elapsed;
}

export async function measurePolicy(runs: number, log: (message: string) => void): Promise<PolicyFigures> {
  const emulator = await startEmulator(namedTenant({ rateLimit: false }));
  const stack = await createTestStack({
    programDir: "examples/attack-protection",
    projectName: projectName("examples/attack-protection/Pulumi.yaml"),
    stackName: "prod",
    stackConfigFile: true,
    env: tenantEnv(emulator),
  });
  const figures: PolicyFigures = { without: [], with: [] };
  try {
    log("policy: warm-up previews");
    await preview(stack, false);
    await preview(stack, true);
    for (let index = 1; index <= runs; index += 1) {
      log(`policy run ${index} of ${runs}`);
      const order = index % 2 === 1 ? [false, true] : [true, false];
      for (const withPack of order) {
        (withPack ? figures.with : figures.without).push(await preview(stack, withPack));
      }
    }
  } finally {
    await stack.dispose();
    await emulator.close();
  }
  return figures;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

export function policyReport(figures: PolicyFigures): string {
  const without = median(figures.without);
  const withPack = median(figures.with);
  const ratio = withPack / without;
  const all = (series: number[]) => series.map(seconds).join(", ");
  return [
    "| series (examples/attack-protection, prod config, fresh stack, tenant at 0 ms; medians of interleaved runs) | wall time | runs |",
    "| --- | --- | --- |",
    `| preview | ${seconds(without)} | ${all(figures.without)} |`,
    `| preview with the policy pack (every rule mandatory) | ${seconds(withPack)} | ${all(figures.with)} |`,
    "",
    // Three decimals: a ratio just above the target would round to it with two.
    `With the pack ÷ without: ${ratio.toFixed(3)} (target ≤ 1.5: ${ratio <= 1.5 ? "met" : "**MISSED**"}).`,
  ].join("\n");
}
