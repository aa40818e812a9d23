/**
 * `npm run bench`: measured figures of the package on this machine, against local emulators and through the
 * real Pulumi CLI (Automation API, a temp workspace and file:// backend per stack, as the e2e harness makes
 * them). Prints markdown and writes docs/performance.md:
 *
 * - per lifecycle step of examples/basic (preview, up, no-change preview, refresh, destroy): wall time with the
 *   tenant at 0 ms and at 100 ms per request under the Free-plan limit, requests and connections opened,
 *   medians of interleaved runs, beside an empty TypeScript program that imports @pulumi/pulumi;
 * - what loading the provider costs in a fresh Node process, with and without NODE_COMPILE_CACHE.
 *
 * With `--more`, also the older sections: calls per step with their targets, engine overhead against a naive
 * dynamic provider, the serialized provider's size, and scale to 50 tenants.
 *
 * Usage: npm run bench [-- --runs N] [--compare-provider <dir of another build>] [--more] [--no-write]
 */
import { execFile } from "node:child_process";
import { readFile, readdir, writeFile } from "node:fs/promises";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs, promisify } from "node:util";

import type { ConfigMap } from "@pulumi/pulumi/automation";
import * as prettier from "prettier";

import type { RequestLogEntry, TenantEmulator } from "../src/emulator";
import { startEmulator } from "../src/emulator";
import { AUTH_PATHS, operationRoute } from "../src/wire";
import type { TestStack } from "./support/stack";
import { projectName, tenantEnv } from "./support/programs";
import { createTestStack } from "./support/stack";
import { lifecycleReport as lifecycleFiguresReport, measureLifecycle } from "./benchLifecycle";
import { PERFORMANCE_PAGE, performancePage } from "./support/performancePage";

const execFileAsync = promisify(execFile);

const TOKEN = `POST ${AUTH_PATHS.token}` as const;
const SETTINGS = operationRoute("getTenantSettings");
const GET_CAPTCHA = operationRoute("getCaptcha");
const PATCH_CAPTCHA = operationRoute("patchCaptcha");
const GET_TEMPLATES = operationRoute("getPhoneTemplates");
const PUT_TEMPLATES = operationRoute("putPhoneTemplates");

/** How many interleaved runs the lifecycle table takes the medians of. */
const LIFECYCLE_RUNS = 5;
/** How many timed previews of each program the overhead ratio takes the median of. */
const OVERHEAD_REPETITIONS = 7;
/** The tenant counts of the scale figure. */
const SCALE_TENANTS = [1, 10, 50];
/** How long the rate-limited tenant of the isolation figure is held back. */
const ISOLATION_RESET_SECONDS = 3;

// ---------------------------------------------------------------------------------------------- helpers

function routeOf(entry: RequestLogEntry): string {
  return `${entry.method} ${entry.path}`;
}

function count(entries: readonly RequestLogEntry[], route: string): number {
  return entries.filter((entry) => routeOf(entry) === route).length;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function mib(kib: number): string {
  return `${(kib / 1024).toFixed(1)} MiB`;
}

function verdict(met: boolean): string {
  return met ? "met" : "**MISSED**";
}

function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.map(String).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

async function timed<T>(operation: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await operation();
  return { result, ms: performance.now() - started };
}

/** No tenant from the environment: programs that name every tenant explicitly. */
const NO_TENANT_ENV = {
  AUTH0_DOMAIN: "",
  AUTH0_CLIENT_ID: "",
  AUTH0_CLIENT_SECRET: "",
  AUTH0_API_TOKEN: "",
  PULUMI_NODEJS_TRANSPILE_ONLY: "true",
};

interface ExportedResource {
  type: string;
  urn: string;
  inputs?: { __provider?: unknown };
}

/** The `__provider` input of each dynamic resource in `pulumi stack export`, as bytes of its JSON value. */
async function providerSizes(
  harness: TestStack,
): Promise<{ name: string; bytes: number; secret: boolean }[]> {
  const state = JSON.parse(await harness.exportState()) as { deployment: { resources: ExportedResource[] } };
  return state.deployment.resources
    .filter((resource) => resource.type.startsWith("pulumi-nodejs:dynamic"))
    .map((resource) => {
      const value = resource.inputs?.__provider;
      const secret = typeof value === "object" && value !== null;
      const text = typeof value === "string" ? value : JSON.stringify(value);
      return { name: resource.urn.split("::").pop() ?? resource.urn, bytes: Buffer.byteLength(text), secret };
    });
}

// ------------------------------------------------------------------ peak RSS of the dynamic-provider process

/** Whether `pid` descends from this process (other runs on the machine have dynamic-provider processes too). */
async function isOurs(pid: number): Promise<boolean> {
  let current = pid;
  for (let depth = 0; depth < 12 && current > 1; depth += 1) {
    if (current === process.pid) return true;
    const stat = await readFile(`/proc/${current}/stat`, "utf8");
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ")".
    current = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  }
  return false;
}

/**
 * Samples every 100 ms the processes started by this bench whose command line contains
 * `cmd/dynamic-provider` (the process the engine starts for `pulumi.dynamic` resources) and keeps the largest
 * peak resident set (`VmHWM` in /proc/<pid>/status, the kernel's own high-water mark, so a short spike between
 * samples is not missed). Reads /proc with async I/O so the emulators in this process keep answering. Linux only.
 */
function sampleProviderMemory(): { stop: () => Promise<{ peakKiB: number; processes: number }> } {
  const peaks = new Map<number, number>();
  /** Dynamic-provider processes of other runs on the machine. */
  const others = new Set<number>();
  let running = true;
  const sample = async (): Promise<void> => {
    for (const name of await readdir("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      const pid = Number(name);
      if (others.has(pid)) continue;
      try {
        if (!peaks.has(pid)) {
          const cmdline = await readFile(`/proc/${name}/cmdline`, "utf8");
          // Not cached when it does not match: a process may be between fork and exec.
          if (!cmdline.startsWith("node") || !cmdline.includes("cmd/dynamic-provider")) continue;
          if (!(await isOurs(pid))) {
            others.add(pid);
            continue;
          }
        }
        const status = await readFile(`/proc/${name}/status`, "utf8");
        const hwm = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
        peaks.set(pid, Math.max(peaks.get(pid) ?? 0, hwm));
      } catch {
        // The process ended between readdir and read.
      }
    }
  };
  const loop = (async () => {
    while (running) {
      await sample();
      await new Promise((done) => setTimeout(done, 100));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { peakKiB: Math.max(0, ...peaks.values()), processes: peaks.size };
    },
  };
}

// ------------------------------------------------------------------------------- 1. calls per lifecycle step

interface StepCalls {
  step: string;
  entries: RequestLogEntry[];
  ms: number;
}

interface ExampleStack {
  emulator: TenantEmulator;
  harness: TestStack;
  steps: StepCalls[];
}

async function exampleLifecycle(): Promise<ExampleStack> {
  const project = projectName("Pulumi.yaml");
  const emulator = await startEmulator();
  const harness = await createTestStack({
    programDir: "examples/basic",
    projectName: project,
    stackName: "bench",
    env: tenantEnv(emulator),
    config: {
      [`${project}:hcaptchaSiteKey`]: { value: "bench-site-key" },
      [`${project}:hcaptchaSecret`]: { value: "bench-hcaptcha-secret", secret: true },
    },
  });
  const steps: StepCalls[] = [];
  const run = async (step: string, operation: () => Promise<unknown>) => {
    emulator.clearRequestLog();
    const { ms } = await timed(operation);
    steps.push({ step, entries: [...emulator.requestLog], ms });
  };
  await run("preview (fresh stack)", () => harness.preview());
  await run("up (from empty)", () => harness.up());
  await run("preview (no changes)", () => harness.preview());
  await run("up (no changes)", () => harness.up());
  await run("refresh", () => harness.refresh());
  return { emulator, harness, steps };
}

function lifecycleReport(steps: readonly StepCalls[]): string {
  const targets: Record<string, { text: string; met: (e: RequestLogEntry[]) => boolean }> = {
    "preview (fresh stack)": {
      text: "no writes; 1 settings GET; 1 CAPTCHA GET (write preflight); 1 token per process (2)",
      met: (e) =>
        count(e, PATCH_CAPTCHA) + count(e, PUT_TEMPLATES) === 0 &&
        count(e, SETTINGS) === 1 &&
        count(e, GET_CAPTCHA) <= 1 &&
        count(e, TOKEN) === 2,
    },
    "preview (no changes)": {
      text: "no writes; no preflight GET; 1 settings GET; 1 token (program)",
      met: (e) =>
        count(e, PATCH_CAPTCHA) + count(e, PUT_TEMPLATES) === 0 &&
        count(e, GET_CAPTCHA) === 0 &&
        count(e, SETTINGS) === 1 &&
        count(e, TOKEN) === 1,
    },
    "up (from empty)": {
      text: "1 PATCH, 1 PUT, 1 settings GET; 1 token per process (2)",
      met: (e) =>
        count(e, PATCH_CAPTCHA) === 1 &&
        count(e, PUT_TEMPLATES) === 1 &&
        count(e, SETTINGS) === 1 &&
        count(e, TOKEN) === 2,
    },
    "up (no changes)": {
      text: "no writes; 1 settings GET; 1 token (program)",
      met: (e) =>
        count(e, PATCH_CAPTCHA) + count(e, PUT_TEMPLATES) === 0 &&
        count(e, SETTINGS) === 1 &&
        count(e, TOKEN) === 1,
    },
    refresh: {
      text: "1 GET per resource (2); no writes; 1 token (provider)",
      met: (e) =>
        count(e, GET_CAPTCHA) === 1 &&
        count(e, GET_TEMPLATES) === 1 &&
        count(e, PATCH_CAPTCHA) + count(e, PUT_TEMPLATES) === 0 &&
        count(e, TOKEN) === 1,
    },
  };
  const rows = steps.map(({ step, entries, ms }) => {
    const target = targets[step]!;
    return [
      step,
      count(entries, TOKEN),
      count(entries, SETTINGS),
      count(entries, PATCH_CAPTCHA),
      count(entries, PUT_TEMPLATES),
      count(entries, GET_CAPTCHA),
      count(entries, GET_TEMPLATES),
      entries.length,
      seconds(ms),
      target.text,
      verdict(target.met(entries)),
    ];
  });
  const sequences = steps.map(
    ({ step, entries }) =>
      `- ${step}: ${entries.map((entry) => `${routeOf(entry).replace("/api/v2", "")} ${entry.status}`).join(", ") || "(none)"}`,
  );
  return [
    table(
      [
        "step",
        "token POST",
        "settings GET",
        "CAPTCHA PATCH",
        "templates PUT",
        "CAPTCHA GET",
        "templates GET",
        "total",
        "wall time",
        "target",
        "",
      ],
      rows,
    ),
    "",
    "Calls in the order the emulator received them:",
    "",
    ...sequences,
  ].join("\n");
}

// ------------------------------------------------------------------------------------- 2. engine overhead

async function overheadReport(example: TestStack, naive: TestStack): Promise<string> {
  const empty = await createTestStack({
    programDir: "scripts/bench-programs/empty",
    projectName: "tenant-admin-bench-empty",
    stackName: "bench",
    env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
  });
  try {
    const programs = [
      { name: "empty TypeScript program", harness: empty, ms: [] as number[] },
      {
        name: "naive dynamic provider, 2 resources (deployed, no changes)",
        harness: naive,
        ms: [] as number[],
      },
      { name: "examples/basic (deployed, no changes)", harness: example, ms: [] as number[] },
    ];
    // One preview each first (not counted), so every program starts from warm file-system caches.
    for (const program of programs) await program.harness.preview();
    for (let index = 0; index < OVERHEAD_REPETITIONS; index += 1) {
      for (const program of programs) program.ms.push((await timed(() => program.harness.preview())).ms);
    }
    const [emptyRun, naiveRun, exampleRun] = programs.map((program) => median(program.ms)) as [
      number,
      number,
      number,
    ];
    const ratio = exampleRun / emptyRun;
    const spread = (values: number[]) => `${seconds(Math.min(...values))} – ${seconds(Math.max(...values))}`;
    return [
      table(
        ["program", "previews", "median", "min – max", "÷ empty"],
        programs.map((program) => [
          program.name,
          program.ms.length,
          seconds(median(program.ms)),
          spread(program.ms),
          (median(program.ms) / emptyRun).toFixed(2),
        ]),
      ),
      "",
      table(
        ["figure", "measured", "target", ""],
        [
          [
            "median preview time, examples/basic ÷ empty program",
            ratio.toFixed(2),
            "≤ 1.3",
            verdict(ratio <= 1.3),
          ],
          [
            "same, examples/basic ÷ naive dynamic provider (the floor of any dynamic provider)",
            (exampleRun / naiveRun).toFixed(2),
            "(explains the above)",
            "",
          ],
        ],
      ),
    ].join("\n");
  } finally {
    await empty.dispose();
  }
}

// ------------------------------------------------------------------------------------------ 3. state size

interface NaiveStack {
  emulator: TenantEmulator;
  harness: TestStack;
  /** Peak RSS of the dynamic-provider process during its `up`. */
  peakKiB: number;
}

/** Deploys scripts/bench-programs/naive against its own emulator, sampling the provider's memory. */
async function deployNaive(): Promise<NaiveStack> {
  const emulator = await startEmulator();
  const project = "tenant-admin-bench-naive";
  const harness = await createTestStack({
    programDir: "scripts/bench-programs/naive",
    projectName: project,
    stackName: "bench",
    env: NO_TENANT_ENV,
    config: {
      [`${project}:domain`]: { value: emulator.domain },
      [`${project}:clientId`]: { value: emulator.clientId },
      [`${project}:clientSecret`]: { value: emulator.clientSecret, secret: true },
    },
  });
  const memory = sampleProviderMemory();
  await harness.up();
  const { peakKiB } = await memory.stop();
  return { emulator, harness, peakKiB };
}

async function stateSizeReport(example: TestStack, naive: TestStack): Promise<string> {
  const ours = await providerSizes(example);
  const theirs = await providerSizes(naive);
  const rows = [
    ...ours.map(({ name, bytes, secret }) => [
      `${name} (this package: 7 methods that load the implementation by package name)`,
      bytes,
      secret ? "yes" : "no",
      "< 4096",
      verdict(bytes < 4096),
    ]),
    ...theirs.map(({ name, bytes, secret }) => [
      `${name} (naive: \`create\` only, axios imported at module level)`,
      bytes,
      secret ? "yes" : "no",
      "(comparison)",
      "",
    ]),
  ];
  return table(["resource", "`__provider` bytes", "stored as secret", "target", ""], rows);
}

// ------------------------------------------------------------------------------------------------ 4. scale

interface ScaleRun {
  tenants: number;
  upMs: number;
  callsPerTenant: { min: number; max: number; mean: number };
  tokensPerTenant: { min: number; max: number };
  peakKiB: number;
  providerProcesses: number;
  emulators: TenantEmulator[];
}

async function scaleUp(
  tenants: number,
  prepare: (emulators: TenantEmulator[]) => void = () => undefined,
): Promise<ScaleRun> {
  const emulators = await Promise.all(Array.from({ length: tenants }, () => startEmulator()));
  const project = "tenant-admin-bench-scale";
  const config: ConfigMap = {
    [`${project}:tenants`]: {
      value: JSON.stringify(emulators.map(({ domain, clientId }) => ({ domain, clientId }))),
    },
    [`${project}:clientSecrets`]: {
      value: JSON.stringify(emulators.map(({ clientSecret }) => clientSecret)),
      secret: true,
    },
  };
  const harness = await createTestStack({
    programDir: "scripts/bench-programs/scale",
    projectName: project,
    stackName: `bench-${tenants}`,
    env: NO_TENANT_ENV,
    config,
  });
  try {
    prepare(emulators);
    const memory = sampleProviderMemory();
    const { ms } = await timed(() => harness.up());
    const { peakKiB, processes } = await memory.stop();
    const calls = emulators.map((emulator) => emulator.requestLog.length);
    const tokens = emulators.map((emulator) => count(emulator.requestLog, TOKEN));
    for (const [index, emulator] of emulators.entries()) {
      const writes = count(emulator.requestLog, PATCH_CAPTCHA) + count(emulator.requestLog, PUT_TEMPLATES);
      if (emulator.tenant.captcha()?.hcaptcha?.site_key !== `site-key-${index}` || writes < 2) {
        throw new Error(`tenant ${index} of ${tenants} did not converge`);
      }
    }
    return {
      tenants,
      upMs: ms,
      callsPerTenant: {
        min: Math.min(...calls),
        max: Math.max(...calls),
        mean: calls.reduce((a, b) => a + b, 0) / tenants,
      },
      tokensPerTenant: { min: Math.min(...tokens), max: Math.max(...tokens) },
      peakKiB,
      providerProcesses: processes,
      emulators,
    };
  } finally {
    await harness.dispose();
    await Promise.all(emulators.map((emulator) => emulator.close()));
  }
}

function range(min: number, max: number): string {
  return min === max ? String(min) : `${min}–${max}`;
}

function growth(runs: readonly ScaleRun[]): string[] {
  const lines: string[] = [];
  for (let index = 1; index < runs.length; index += 1) {
    const before = runs[index - 1]!;
    const after = runs[index]!;
    const added = after.tenants - before.tenants;
    lines.push(
      `- ${before.tenants} → ${after.tenants} tenants (×${(after.tenants / before.tenants).toFixed(0)}): ` +
        `up time ×${(after.upMs / before.upMs).toFixed(2)} (+${((after.upMs - before.upMs) / added).toFixed(0)} ms per added tenant), ` +
        `provider peak RSS ×${(after.peakKiB / before.peakKiB).toFixed(2)} ` +
        `(+${((after.peakKiB - before.peakKiB) / added).toFixed(0)} KiB per added tenant)`,
    );
  }
  return lines;
}

/** When each tenant's last write finished, in ms after the first request any tenant received. */
function writeFinishTimes(emulators: readonly TenantEmulator[]): number[] {
  const start = Math.min(...emulators.flatMap((emulator) => emulator.requestLog.map((entry) => entry.time)));
  return emulators.map((emulator) => {
    const writes = emulator.requestLog.filter(
      (entry) =>
        entry.status === 200 && ([PATCH_CAPTCHA, PUT_TEMPLATES] as string[]).includes(routeOf(entry)),
    );
    return Math.max(...writes.map((entry) => entry.time + entry.durationMs)) - start;
  });
}

async function scaleReport(naivePeakKiB: number): Promise<string> {
  const runs: ScaleRun[] = [];
  for (const tenants of SCALE_TENANTS) runs.push(await scaleUp(tenants));
  const allOneToken = runs.every((run) => run.tokensPerTenant.max === 1 && run.tokensPerTenant.min === 1);
  const rows = runs.map((run) => [
    run.tenants,
    run.tenants * 2,
    seconds(run.upMs),
    `${(run.upMs / run.tenants).toFixed(0)} ms`,
    `${run.callsPerTenant.mean.toFixed(2)} (${range(run.callsPerTenant.min, run.callsPerTenant.max)})`,
    range(run.tokensPerTenant.min, run.tokensPerTenant.max),
    mib(run.peakKiB),
  ]);

  const isolated = await scaleUp(10, (emulators) =>
    emulators[0]!.injectFault(PATCH_CAPTCHA, { kind: "rateLimit", resetInSeconds: ISOLATION_RESET_SECONDS }),
  );
  const finish = writeFinishTimes(isolated.emulators);
  const limited = finish[0]!;
  const others = Math.max(...finish.slice(1));
  const baseline = runs.find((run) => run.tenants === 10);

  const last = runs[runs.length - 1]!;
  const first = runs[0]!;
  const timeLinear = last.upMs / first.upMs <= last.tenants / first.tenants;
  const memoryLinear = last.peakKiB / first.peakKiB <= last.tenants / first.tenants;
  return [
    table(
      [
        "tenants",
        "resources",
        "`up` wall time",
        "per tenant",
        "calls per tenant (min–max)",
        "token fetches per tenant",
        "dynamic-provider peak RSS (largest process)",
      ],
      rows,
    ),
    "",
    `Dynamic-provider processes seen per \`up\` (the engine may start the plugin more than once; the peak is the ` +
      `largest one's): ${runs.map((run) => `${run.tenants} tenants: ${run.providerProcesses}`).join(", ")}. ` +
      `For reference, the dynamic-provider process of the naive program (2 resources, 1 tenant) peaked at ${mib(naivePeakKiB)}: ` +
      "most of the provider's memory is the Pulumi SDK's own provider host.",
    "",
    "Growth:",
    "",
    ...growth(runs),
    "",
    table(
      ["figure", "measured", "target", ""],
      [
        [
          "token fetches per tenant, every N",
          range(
            Math.min(...runs.map((r) => r.tokensPerTenant.min)),
            Math.max(...runs.map((r) => r.tokensPerTenant.max)),
          ),
          "1",
          verdict(allOneToken),
        ],
        [
          `up time, ${first.tenants} → ${last.tenants} tenants`,
          `×${(last.upMs / first.upMs).toFixed(2)}`,
          `linear or better (≤ ×${last.tenants / first.tenants})`,
          verdict(timeLinear),
        ],
        [
          `provider peak RSS, ${first.tenants} → ${last.tenants} tenants`,
          `×${(last.peakKiB / first.peakKiB).toFixed(2)}`,
          `linear or better (≤ ×${last.tenants / first.tenants})`,
          verdict(memoryLinear),
        ],
        [
          `10 tenants, tenant 0's PATCH answered 429 (reset in ${ISOLATION_RESET_SECONDS} s): last write of the other 9 done at`,
          `+${seconds(others)} (tenant 0: +${seconds(limited)}; up ${seconds(isolated.upMs)} vs ${baseline ? seconds(baseline.upMs) : "?"} without the 429)`,
          "others do not wait for tenant 0",
          verdict(others < limited && others < ISOLATION_RESET_SECONDS * 1000),
        ],
      ],
    ),
  ].join("\n");
}

// ------------------------------------------------------------------------------------------------- main

function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(" / ");
}

async function machine(): Promise<string> {
  const pulumi = (await execFileAsync("pulumi", ["version"])).stdout.trim();
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  return (
    `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}; ` +
    `Node ${process.version}; Pulumi CLI ${pulumi}; load average at start ${loadAverage()}`
  );
}

interface BenchArgs {
  runs: number;
  compareProvider: string | undefined;
  more: boolean;
  write: boolean;
}

function benchArgs(args: readonly string[]): BenchArgs {
  const { values } = parseArgs({
    args: [...args],
    options: {
      runs: { type: "string", default: String(LIFECYCLE_RUNS) },
      "compare-provider": { type: "string" },
      more: { type: "boolean", default: false },
      "no-write": { type: "boolean", default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs must be a positive integer, got ${values.runs}`);
  return { runs, compareProvider: values["compare-provider"], more: values.more, write: !values["no-write"] };
}

/** The sections that were `npm run bench` before the lifecycle table: `npm run bench -- --more`. */
async function moreSections(log: (message: string) => void): Promise<string[]> {
  const sections: string[] = [];
  log("more 1/4 HTTP calls per lifecycle step of examples/basic");
  const example = await exampleLifecycle();
  let naive: NaiveStack | undefined;
  try {
    sections.push(
      "### HTTP calls per lifecycle step (examples/basic, one tenant)",
      "",
      lifecycleReport(example.steps),
      "",
    );
    naive = await deployNaive();
    log("more 2/4 engine overhead (previews, interleaved)");
    sections.push(
      `### Engine overhead (${OVERHEAD_REPETITIONS} timed previews each, interleaved, after one warm-up each)`,
      "",
      await overheadReport(example.harness, naive.harness),
      "",
    );
    log("more 3/4 state size");
    sections.push(
      "### Serialized provider per resource (`pulumi stack export`)",
      "",
      await stateSizeReport(example.harness, naive.harness),
      "",
    );
  } finally {
    await example.harness.dispose();
    await example.emulator.close();
    await naive?.harness.dispose();
    await naive?.emulator.close();
  }
  log(`more 4/4 scale (${SCALE_TENANTS.join(", ")} tenants, then 10 with one rate-limited)`);
  sections.push(
    "### Scale: one program, N tenants (CaptchaConfig + PhoneTemplates each, `tenant` argument)",
    "",
    await scaleReport(naive.peakKiB),
    "",
  );
  return sections;
}

async function main(): Promise<void> {
  const args = benchArgs(process.argv.slice(2));
  const started = performance.now();
  const log = (message: string) => process.stderr.write(`bench: ${message}\n`);
  const machineLine = await machine();
  const loadAtStart = loadAverage();

  log(`lifecycle: ${args.runs} interleaved runs`);
  const figures = await measureLifecycle(args.runs, args.compareProvider, log);
  const { markdown, previewRatio, cachedPreviewRatio } = lifecycleFiguresReport(figures);
  const more = args.more ? await moreSections(log) : [];
  const command = [
    "npm run bench",
    ...(process.argv.length > 2 ? ["--", ...process.argv.slice(2)] : []),
  ].join(" ");
  const footer =
    `Command: \`${command}\`; bench wall time ${seconds(performance.now() - started)}; load average ` +
    `(1 / 5 / 15 min) at the start ${loadAtStart}, at the end ${loadAverage()} (above ${os.cpus().length} means ` +
    "other work shared the cores).";
  const report = [
    `Machine: ${machineLine}`,
    "",
    markdown,
    "",
    `Preview (fresh stack, 0 ms) ÷ empty program preview: ${previewRatio.toFixed(2)} without settings ` +
      `(target ≤ 1.5: ${verdict(previewRatio <= 1.5)}), ${cachedPreviewRatio.toFixed(2)} with NODE_COMPILE_CACHE ` +
      `(${verdict(cachedPreviewRatio <= 1.5)}).`,
    "",
    ...more,
    footer,
  ].join("\n");
  process.stdout.write(`${report}\n`);
  if (args.write) {
    // Formatted as `npm run lint` checks it, so a fresh page can be committed as written.
    const options = await prettier.resolveConfig(PERFORMANCE_PAGE);
    await writeFile(
      PERFORMANCE_PAGE,
      await prettier.format(performancePage(report), { ...options, parser: "markdown" }),
    );
    log(`wrote ${PERFORMANCE_PAGE}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
