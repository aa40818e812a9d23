/**
 * The lifecycle figures of `npm run bench`: per step of examples/basic (preview, up, no-change
 * preview, refresh, destroy), wall time with the tenant at 0 ms and at 100 ms per request under a
 * Free-plan-like rate limit, requests and connections opened, medians of interleaved runs, beside an empty
 * TypeScript program that imports @pulumi/pulumi; and what loading the provider costs in a fresh process.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { performance } from "node:perf_hooks";

import type { EmulatorOptions, TenantEmulator } from "../src/emulator";
import { startEmulator } from "../src/emulator";
import type { CreatePreviewFigure } from "./benchCreatePreview";
import { CREATE_PREVIEW_LATENCY_MS, createPreviewFigure, createPreviewReport } from "./benchCreatePreview";
import type { ProviderLoad } from "./support/providerLoad";
import type { ProgramLoad } from "./support/providerLoad";
import { measureProgramLoad, measureProviderLoad } from "./support/providerLoad";
import { serialRoundTrips } from "./support/criticalPath";
import { projectName, tenantEnv } from "./support/programs";
import type { TestStack } from "./support/stack";
import { createTestStack } from "./support/stack";

/** The steps, in the order one run takes them. */
export const STEPS = ["preview", "up", "no-change preview", "refresh", "destroy"] as const;
export type Step = (typeof STEPS)[number];

/**
 * The conditions each run is measured under: the tenant's (latency, rate limit), and whether Node's compile
 * cache is on for the program and provider processes.
 */
export const CONDITIONS: readonly { name: string; emulator: EmulatorOptions; compileCache: boolean }[] = [
  { name: "0 ms", emulator: { rateLimit: false }, compileCache: false },
  { name: "100 ms, Free plan limit", emulator: { latencyMs: 100, rateLimit: "free" }, compileCache: false },
  { name: "0 ms, NODE_COMPILE_CACHE", emulator: { rateLimit: false }, compileCache: true },
];

/** The floor's series: the preview of as many do-nothing dynamic resources as examples/basic declares. */
const FLOOR_SERIES = "floor: as many do-nothing dynamic resources, preview (fresh stack)";

/**
 * Every program of the bench, ours and the empty baseline, runs with the same settings: ts-node without its
 * type check (type-check with `tsc` instead), which takes its noise out of every figure alike.
 */
const PROGRAM_ENV = { PULUMI_NODEJS_TRANSPILE_ONLY: "true" };

interface StepFigure {
  ms: number;
  requests: number;
  connections: number;
  /** The longest chain of requests each sent after the one before was answered (see serialRoundTrips). */
  serial: string[];
}

/** Every measured value, by series. */
export interface LifecycleFigures {
  runs: number;
  /** `${condition} / ${step}` → one figure per run. */
  steps: Map<string, StepFigure[]>;
  /** The empty program's preview and no-change up, and both previews with the compile cache. */
  baseline: Map<string, number[]>;
  /** Provider load in a fresh process, without and with NODE_COMPILE_CACHE, by build. */
  providerLoad: Map<string, ProviderLoad[]>;
  /** What importing the package costs a program, by build. */
  programLoad: Map<string, ProgramLoad[]>;
  /** A create preview's checks in a fresh provider process at 100 ms per request, by build. */
  createPreview: Map<string, CreatePreviewFigure[]>;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  map.set(key, [...(map.get(key) ?? []), value]);
}

async function timed(operation: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await operation();
  return performance.now() - started;
}

const HCAPTCHA_CONFIG = (project: string) => ({
  [`${project}:hcaptchaSiteKey`]: { value: "bench-site-key" },
  [`${project}:hcaptchaSecret`]: { value: "bench-hcaptcha-secret", secret: true },
});

/** A preview timed right before or right after a lifecycle's own preview, so both meet the machine alike. */
interface BesidePreview {
  readonly first: boolean;
  readonly run: () => Promise<void>;
}

/** One lifecycle of examples/basic against a fresh emulator; `beside` runs next to its preview. */
async function lifecycle(
  options: EmulatorOptions,
  env: Record<string, string>,
  beside?: BesidePreview,
): Promise<Map<Step, StepFigure>> {
  const project = projectName("Pulumi.yaml");
  const emulator: TenantEmulator = await startEmulator(options);
  let harness: TestStack | undefined;
  try {
    harness = await createTestStack({
      programDir: "examples/basic",
      projectName: project,
      stackName: "bench",
      env: { ...tenantEnv(emulator), ...PROGRAM_ENV, ...env },
      config: HCAPTCHA_CONFIG(project),
    });
    const stack = harness;
    const operations: Record<Step, () => Promise<unknown>> = {
      preview: () => stack.preview(),
      up: () => stack.up(),
      "no-change preview": () => stack.preview(),
      refresh: () => stack.refresh(),
      destroy: () => stack.destroy(),
    };
    const figures = new Map<Step, StepFigure>();
    for (const step of STEPS) {
      if (step === "preview" && beside?.first === true) await beside.run();
      emulator.clearRequestLog();
      const ms = await timed(operations[step]);
      if (step === "preview" && beside?.first === false) await beside.run();
      figures.set(step, {
        ms,
        requests: emulator.requestLog.length,
        connections: emulator.connectionsOpened,
        serial: serialRoundTrips(emulator.requestLog),
      });
    }
    return figures;
  } finally {
    await harness?.dispose();
    await emulator.close();
  }
}

/** A preview of examples/basic on a fresh stack against a fresh emulator at 0 ms, with the build in `dir`. */
async function freshPreview(dir: string): Promise<number> {
  const project = projectName("Pulumi.yaml");
  const emulator = await startEmulator({ rateLimit: false });
  let harness: TestStack | undefined;
  try {
    harness = await createTestStack({
      programDir: "examples/basic",
      projectName: project,
      stackName: "bench",
      env: { ...tenantEnv(emulator), ...PROGRAM_ENV },
      config: HCAPTCHA_CONFIG(project),
      nodeModulesDir: join(dir, "node_modules"),
    });
    const stack = harness;
    return await timed(() => stack.preview());
  } finally {
    await harness?.dispose();
    await emulator.close();
  }
}

/**
 * Takes `runs` interleaved runs: each run does one lifecycle per condition, the empty program's preview and
 * no-change up, and one preview of each program with the compile cache, so slow moments of the machine
 * spread over every series alike. The floor's preview is timed right beside the first condition's preview
 * (before it in odd runs, after it in even ones): the ratio the target is about compares two previews taken
 * seconds apart, not a minute, on a machine whose speed drifts.
 */
export async function measureLifecycle(
  runs: number,
  compareBuilds: readonly string[],
  log: (message: string) => void,
): Promise<LifecycleFigures> {
  const figures: LifecycleFigures = {
    runs,
    steps: new Map(),
    baseline: new Map(),
    providerLoad: new Map(),
    programLoad: new Map(),
    createPreview: new Map(),
  };
  const cacheDir = mkdtempSync(join(tmpdir(), "tenant-admin-bench-compile-cache-"));
  const compileCache = { NODE_COMPILE_CACHE: cacheDir };
  const empty = await createTestStack({
    programDir: "scripts/bench-programs/empty",
    projectName: "tenant-admin-bench-empty",
    stackName: "bench",
    env: PROGRAM_ENV,
  });
  const floor = await createTestStack({
    programDir: "scripts/bench-programs/floor",
    projectName: "tenant-admin-bench-floor",
    stackName: "bench",
    env: PROGRAM_ENV,
  });
  const emptyCached = await createTestStack({
    programDir: "scripts/bench-programs/empty",
    projectName: "tenant-admin-bench-empty",
    stackName: "bench",
    env: { ...PROGRAM_ENV, ...compileCache },
  });
  try {
    // Warm-up, not counted: file-system caches, the compile cache's first fill, the stacks' first update.
    await empty.up();
    await emptyCached.up();
    await floor.preview();
    const cachedCondition = CONDITIONS.find((condition) => condition.compileCache);
    if (cachedCondition !== undefined) await lifecycle(cachedCondition.emulator, compileCache);
    for (let run = 1; run <= runs; run += 1) {
      log(`lifecycle run ${run} of ${runs}`);
      const floorBeside: BesidePreview = {
        first: run % 2 === 1,
        run: async () => push(figures.baseline, FLOOR_SERIES, await timed(() => floor.preview())),
      };
      for (const condition of CONDITIONS) {
        const env = condition.compileCache ? compileCache : {};
        const beside = condition === CONDITIONS[0] ? floorBeside : undefined;
        for (const [step, figure] of await lifecycle(condition.emulator, env, beside)) {
          push(figures.steps, `${condition.name} / ${step}`, figure);
        }
      }
      push(figures.baseline, "empty program: preview", await timed(() => empty.preview()));
      push(figures.baseline, "empty program: up (no changes)", await timed(() => empty.up()));
      push(
        figures.baseline,
        "empty program: preview, NODE_COMPILE_CACHE",
        await timed(() => emptyCached.preview()),
      );
      for (const [name, dir] of benchBuilds(compareBuilds).slice(1)) {
        push(figures.baseline, `preview (fresh stack), ${name}`, await freshPreview(dir));
      }
      for (const [name, dir] of benchBuilds(compareBuilds)) {
        push(figures.programLoad, name, await measureProgramLoad(dir));
        push(figures.createPreview, name, await createPreviewFigure(dir));
        push(figures.providerLoad, name, await measureProviderLoad(dir));
        push(
          figures.providerLoad,
          `${name}, NODE_COMPILE_CACHE`,
          await measureProviderLoad(dir, compileCache),
        );
        push(
          figures.providerLoad,
          `${name}, module.enableCompileCache() after @pulumi/pulumi`,
          await measureProviderLoad(dir, { PROBE_ENABLE_COMPILE_CACHE: join(cacheDir, "module-api") }),
        );
      }
    }
  } finally {
    await Promise.all([empty.dispose(), emptyCached.dispose(), floor.dispose()]);
    rmSync(cacheDir, { recursive: true, force: true });
  }
  return figures;
}

/** This build, and each build given with `--compare-provider`, named for the tables. */
export function benchBuilds(compareBuilds: readonly string[]): [string, string][] {
  return [
    ["this build", process.cwd()],
    ...compareBuilds.map((dir): [string, string] => [`compared build ${basename(dir)}`, dir]),
  ];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.map(String).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

function range(values: readonly number[]): string {
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min === max ? String(min) : `${min}–${max}`;
}

/**
 * The markdown tables of the figures, and the preview ratios the targets are about: beside the empty program,
 * and beside the floor of any dynamic provider.
 */
export function lifecycleReport(figures: LifecycleFigures): {
  markdown: string;
  previewRatio: number;
  cachedPreviewRatio: number;
  floorRatio: number;
  noChangeFloorRatio: number;
} {
  const baselinePreview = median(figures.baseline.get("empty program: preview") ?? [Number.NaN]);
  const stepRows = STEPS.map((step) => {
    const cells: (string | number)[] = [step];
    for (const condition of CONDITIONS) {
      const series = figures.steps.get(`${condition.name} / ${step}`) ?? [];
      cells.push(
        seconds(median(series.map((figure) => figure.ms))),
        range(series.map((figure) => figure.requests)),
        range(series.map((figure) => figure.connections)),
      );
    }
    return cells;
  });
  const header = ["step"];
  for (const condition of CONDITIONS) header.push(`${condition.name}: wall`, "requests", "connections");

  const previewOf = (condition: string, step: Step) =>
    median((figures.steps.get(`${condition} / ${step}`) ?? []).map((figure) => figure.ms));
  const firstCondition = CONDITIONS[0]!.name;
  const previewRatio = previewOf(firstCondition, "preview") / baselinePreview;
  const cachedEmpty = median(figures.baseline.get("empty program: preview, NODE_COMPILE_CACHE") ?? []);
  const cached = CONDITIONS.find((condition) => condition.compileCache)!.name;
  const baselineRows = [...figures.baseline.entries()].map(([name, values]) => [
    name,
    seconds(median(values)),
    `${seconds(Math.min(...values))} – ${seconds(Math.max(...values))}`,
  ]);
  const ratio = (value: number, baseline: number) => (value / baseline).toFixed(2);
  const floorPreview = median(figures.baseline.get(FLOOR_SERIES) ?? []);
  const floorRatio = previewOf(firstCondition, "preview") / floorPreview;
  const noChangeFloorRatio = previewOf(firstCondition, "no-change preview") / floorPreview;
  const comparedRows = [...figures.baseline.entries()]
    .filter(([name]) => name.startsWith("preview (fresh stack), "))
    .map(([name, values]) => [`${name} ÷ floor`, ratio(median(values), floorPreview)]);
  const ratioRows = [
    ["floor (any dynamic provider) ÷ empty program preview", ratio(floorPreview, baselinePreview)],
    ["preview (fresh stack) ÷ floor", floorRatio.toFixed(2)],
    ...comparedRows,
    ["no-change preview ÷ floor", noChangeFloorRatio.toFixed(2)],
    ["preview (fresh stack) ÷ empty program preview", previewRatio.toFixed(2)],
    [
      "no-change preview ÷ empty program preview",
      ratio(previewOf(firstCondition, "no-change preview"), baselinePreview),
    ],
    [
      "preview (fresh stack) with NODE_COMPILE_CACHE ÷ empty program preview",
      ratio(previewOf(cached, "preview"), baselinePreview),
    ],
    [
      "no-change preview with NODE_COMPILE_CACHE ÷ empty program preview",
      ratio(previewOf(cached, "no-change preview"), baselinePreview),
    ],
    [
      "preview (fresh stack) ÷ empty program preview, both with NODE_COMPILE_CACHE",
      ratio(previewOf(cached, "preview"), cachedEmpty),
    ],
    [
      "no-change preview ÷ empty program preview, both with NODE_COMPILE_CACHE",
      ratio(previewOf(cached, "no-change preview"), cachedEmpty),
    ],
  ];
  const programRows = [...figures.programLoad.entries()].map(([name, loads]) => [
    name,
    `${median(loads.map((load) => load.packageMs)).toFixed(0)} ms`,
    (loads[0]?.packages ?? []).length === 0 ? "none" : (loads[0]?.packages ?? []).join(", "),
    (loads[0]?.vendoredAfterRender ?? []).join(", ") || "none",
  ]);
  const loadRows = [...figures.providerLoad.entries()].map(([name, loads]) => [
    name,
    `${median(loads.map((load) => load.pulumiMs)).toFixed(0)} ms`,
    `${median(loads.map((load) => load.providerMs)).toFixed(0)} ms`,
    `${median(loads.map((load) => load.checkMs)).toFixed(0)} ms`,
    `${median(loads.map((load) => load.diffMs)).toFixed(0)} ms`,
    `${median(loads.map((load) => load.providerMs + load.checkMs + load.diffMs)).toFixed(0)} ms`,
    loads[0]?.packages.length ?? 0,
    [
      ...(loads[0]?.packages ?? []).filter((name) => ["axios", "zod", "jose", "liquidjs"].includes(name)),
      ...(loads[0]?.vendored ?? []).map((name) => `${name} (dist/vendor/)`),
    ].join(", "),
  ]);
  const latencyCondition = CONDITIONS.find((condition) => (condition.emulator.latencyMs ?? 0) > 0)!;
  const serialRows = STEPS.map((step) => {
    const series = figures.steps.get(`${latencyCondition.name} / ${step}`) ?? [];
    const chains = [...new Set(series.map((figure) => figure.serial.join(" → ")))];
    return [
      step,
      range(series.map((figure) => figure.serial.length)),
      chains.map((chain) => `\`${chain}\``).join("; or "),
    ];
  });
  const markdown = [
    `#### Lifecycle of examples/basic (CaptchaConfig, two PhoneNotificationTemplate, getTenantSettingsOutput), medians of ${figures.runs} runs`,
    "",
    table(header, stepRows),
    "",
    "Requests and connections are counted by the emulator (ranges over the runs). Each step runs through the",
    "Automation API (`up`, `refresh` and `destroy` with `--skip-preview`, as the Automation API runs them).",
    "",
    `#### Serial round trips per step, tenant at ${latencyCondition.emulator.latencyMs ?? 0} ms (the longest chain of one process: the program and the provider run side by side)`,
    "",
    table(
      ["step", "serial round trips", "the chain (requests each sent after the one before was answered)"],
      serialRows,
    ),
    "",
    "#### Baseline and ratios",
    "",
    table(["series", "median", "min – max"], baselineRows),
    "",
    table(["ratio", "value"], ratioRows),
    "",
    `#### Importing the package in a program (\`require("pulumi-tenant-admin")\` after @pulumi/pulumi), medians of ${figures.runs}`,
    "",
    table(
      ["build", "require time", "npm packages it loads", "from dist/vendor/ once it renders a template"],
      programRows,
    ),
    "",
    `#### Loading the provider in a fresh Node process (as the dynamic-provider host does), medians of ${figures.runs}`,
    "",
    table(
      [
        "build",
        "require @pulumi/pulumi",
        "require pulumi-tenant-admin/provider",
        "first check of both resources",
        "diff of both",
        "ours in total",
        "npm packages loaded by ours",
        "of axios, zod, jose, liquidjs",
      ],
      loadRows,
    ),
    "",
    `#### A create preview's checks in a fresh provider process (examples/basic's three resources, as the engine sends them), tenant at ${CREATE_PREVIEW_LATENCY_MS} ms per request, medians of ${figures.runs}`,
    "",
    createPreviewReport(figures.createPreview),
  ].join("\n");
  return {
    markdown,
    previewRatio,
    cachedPreviewRatio: previewOf(cached, "preview") / baselinePreview,
    floorRatio,
    noChangeFloorRatio,
  };
}
