/**
 * `npm run bench -- --focus fleet [--runs N] [--tenants 1,5,20]`: examples/fleet (six objects per tenant, each
 * tenant named in `tenant-admin:tenants`, each on its own emulator at 0 ms) beside the floor of as many
 * do-nothing dynamic resources: fresh preview, `up`, no-change preview and destroy (medians of interleaved
 * runs), the state's bytes per resource (`pulumi stack export`, each resource as compact JSON), and, once per
 * N, an `up` and destroy with every tenant limited to 1 request/s (bursts of 2, as `tenant-emulator
 * --rate-limit 1`): the requests, the 429s among them and the wall time. Printed, nothing written.
 */
import { performance } from "node:perf_hooks";

import type { ConfigMap } from "@pulumi/pulumi/automation";

import { startEmulator } from "../src/emulator";
import type { EmulatorOptions, TenantEmulator } from "../src/emulator";
import { median } from "./benchLifecycle";
import { NO_ENVIRONMENT_TENANT, namedTenantsConfig } from "./support/fleet";
import { namedTenant } from "./support/namedTenant";
import { projectName } from "./support/programs";
import type { TestStack } from "./support/stack";
import { createTestStack } from "./support/stack";

const OBJECTS_PER_TENANT = 6;
const FLEET_STEPS = ["fresh preview", "up", "no-change preview", "destroy"] as const;
type FleetStep = (typeof FLEET_STEPS)[number];

/** As the other series: ts-node without its type check, for both programs alike. */
const PROGRAM_ENV = { PULUMI_NODEJS_TRANSPILE_ONLY: "true" };

export interface FleetFigures {
  /** `${n} fleet|floor ${step}` → ms per run. */
  steps: Map<string, number[]>;
  /** `${n} fleet|floor` → bytes per resource of each run's state after up (ours only, not the stack's). */
  stateBytes: Map<string, number[]>;
  /** Per N, the throttled run: requests, 429s, up and destroy wall time. */
  throttled: Map<number, { requests: number; refused: number; upMs: number; destroyMs: number }>;
}

async function timed(operation: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await operation();
  return performance.now() - started;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  map.set(key, [...(map.get(key) ?? []), value]);
}

/** The mean bytes of the stack's custom resources other than providers, as compact JSON. */
async function bytesPerResource(harness: TestStack): Promise<number> {
  const { deployment } = JSON.parse(await harness.exportState()) as {
    deployment: { resources: { type: string; custom?: boolean }[] };
  };
  const ours = deployment.resources.filter(
    (resource) => resource.custom === true && !resource.type.startsWith("pulumi:providers:"),
  );
  return ours.reduce((sum, resource) => sum + JSON.stringify(resource).length, 0) / ours.length;
}

async function fleetOf(n: number, options: EmulatorOptions): Promise<Map<string, TenantEmulator>> {
  const fleet = new Map<string, TenantEmulator>();
  for (let index = 1; index <= n; index += 1) {
    fleet.set(`tenant${index}`, await startEmulator(namedTenant(options)));
  }
  return fleet;
}

async function fleetStack(fleet: ReadonlyMap<string, TenantEmulator>, stackName: string): Promise<TestStack> {
  const harness = await createTestStack({
    programDir: "examples/fleet",
    projectName: projectName("examples/fleet/Pulumi.yaml"),
    stackName,
    env: NO_ENVIRONMENT_TENANT,
  });
  await harness.stack.setAllConfig(namedTenantsConfig(fleet), true);
  return harness;
}

/** The four steps of one stack, timed. */
async function lifecycle(harness: TestStack): Promise<Record<FleetStep, number> & { bytes: number }> {
  const preview = await timed(() => harness.preview());
  const up = await timed(() => harness.up());
  const bytes = await bytesPerResource(harness);
  const noChange = await timed(() => harness.preview({ expectNoChanges: true }));
  const destroy = await timed(() => harness.destroy());
  return { "fresh preview": preview, up, "no-change preview": noChange, destroy, bytes };
}

async function run(figures: FleetFigures, n: number, index: number): Promise<void> {
  const floorConfig: ConfigMap = {
    "tenant-admin-bench-floor-fleet:resources": { value: String(n * OBJECTS_PER_TENANT) },
  };
  const floor = await createTestStack({
    programDir: "scripts/bench-programs/floor-fleet",
    projectName: "tenant-admin-bench-floor-fleet",
    stackName: `floor-${n}-${index}`,
    env: PROGRAM_ENV,
    config: floorConfig,
  });
  const fleet = await fleetOf(n, { rateLimit: false });
  const harness = await fleetStack(fleet, `fleet-${n}-${index}`);
  try {
    const floorFigures = await lifecycle(floor);
    const fleetFigures = await lifecycle(harness);
    for (const step of FLEET_STEPS) {
      push(figures.steps, `${n} floor ${step}`, floorFigures[step]);
      push(figures.steps, `${n} fleet ${step}`, fleetFigures[step]);
    }
    push(figures.stateBytes, `${n} floor`, floorFigures.bytes);
    push(figures.stateBytes, `${n} fleet`, fleetFigures.bytes);
  } finally {
    await Promise.all([floor.dispose(), harness.dispose()]);
    for (const emulator of fleet.values()) await emulator.close();
  }
}

async function throttled(figures: FleetFigures, n: number): Promise<void> {
  const fleet = await fleetOf(n, { rateLimit: { requestsPerSecond: 1, burst: 2 } });
  const harness = await fleetStack(fleet, `fleet-throttled-${n}`);
  try {
    const upMs = await timed(() => harness.up());
    const destroyMs = await timed(() => harness.destroy());
    const log = [...fleet.values()].flatMap((emulator) => emulator.requestLog);
    figures.throttled.set(n, {
      requests: log.length,
      refused: log.filter((entry) => entry.status === 429).length,
      upMs,
      destroyMs,
    });
  } finally {
    await harness.dispose();
    for (const emulator of fleet.values()) await emulator.close();
  }
}

export async function measureFleet(
  runs: number,
  sizes: readonly number[],
  log: (message: string) => void,
): Promise<FleetFigures> {
  const figures: FleetFigures = { steps: new Map(), stateBytes: new Map(), throttled: new Map() };
  for (let index = 1; index <= runs; index += 1) {
    for (const n of sizes) {
      log(`fleet of ${n}: run ${index} of ${runs}`);
      await run(figures, n, index);
    }
  }
  for (const n of sizes) {
    log(`fleet of ${n} at 1 request/s`);
    await throttled(figures, n);
  }
  return figures;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

export function fleetReport(figures: FleetFigures, sizes: readonly number[]): string {
  const rows = sizes.map((n) => {
    const cells = FLEET_STEPS.map((step) => {
      const fleet = median(figures.steps.get(`${n} fleet ${step}`) ?? []);
      const floor = median(figures.steps.get(`${n} floor ${step}`) ?? []);
      return `${(fleet / floor).toFixed(2)} (${seconds(fleet)} vs ${seconds(floor)})`;
    });
    const bytes = (series: string) => Math.round(median(figures.stateBytes.get(`${n} ${series}`) ?? []));
    const limited = figures.throttled.get(n);
    const throttledCell =
      limited === undefined
        ? "not measured"
        : `${limited.refused} of ${limited.requests} (up ${seconds(limited.upMs)}, destroy ${seconds(limited.destroyMs)})`;
    return `| ${n} (${n * OBJECTS_PER_TENANT}) | ${cells.join(" | ")} | ${bytes("fleet")} B vs ${bytes("floor")} B | ${throttledCell} |`;
  });
  return [
    "| N tenants (resources) | fresh preview | `up` | no-change preview | destroy | state per resource | 429s at 1 request/s per tenant |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}
