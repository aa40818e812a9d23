/**
 * `npm run bench`: measured figures of the package on this machine, against local emulators and through the
 * real Pulumi CLI (Automation API, a temp workspace and file:// backend per stack, as the e2e harness makes
 * them). Prints markdown and writes docs/performance.md:
 *
 * - per lifecycle step of examples/basic (preview, up, no-change preview, refresh, destroy): wall time with the
 *   tenant at 0 ms and at 100 ms per request under the Free-plan limit, requests and connections opened,
 *   medians of interleaved runs, beside an empty TypeScript program that imports @pulumi/pulumi and a floor
 *   program of do-nothing dynamic resources;
 * - what loading the package costs in a fresh Node process, with and without NODE_COMPILE_CACHE.
 *
 * - a create preview's checks in a fresh provider process at 100 ms per request: time, when the token request
 *   leaves, and the serial round trips on their critical path.
 *
 * Usage: npm run bench [-- --runs N] [--compare-provider <dir of another build>]... [--no-write]
 *        npm run bench -- --focus create-preview [--runs N] [--compare-provider <dir>]...: that series alone
 *        (printed, nothing written).
 *        npm run bench -- --focus attack-protection [--runs N]: six resources beside six do-nothing ones
 *        (benchAttackProtection.ts; printed, nothing written).
 *        npm run bench -- --focus phone-mfa [--runs N]: PhoneMfa, PhoneProvider and two phone templates beside
 *        four do-nothing resources (benchAttackProtection.ts; printed, nothing written).
 *        npm run bench -- --focus policy [--runs N]: a preview of examples/attack-protection with the tenant
 *        policy pack against the same preview without it (benchPolicy.ts; printed, nothing written).
 *        npm run bench -- --focus fleet [--runs N] [--tenants 1,5,20]: examples/fleet on N named tenants, each on
 *        its own emulator, beside as many do-nothing resources, and at 1 request/s per tenant (benchFleet.ts;
 *        printed, nothing written).
 */
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs, promisify } from "node:util";

import * as prettier from "prettier";

import { PHONE_MFA_PROGRAM, attackProtectionReport, measureAttackProtection } from "./benchAttackProtection";
import type { CreatePreviewFigure } from "./benchCreatePreview";
import { createPreviewFigure, createPreviewReport } from "./benchCreatePreview";
import { fleetReport, measureFleet } from "./benchFleet";
import { benchBuilds, lifecycleReport as lifecycleFiguresReport, measureLifecycle } from "./benchLifecycle";
import { measurePolicy, policyReport } from "./benchPolicy";
import { PERFORMANCE_PAGE, performancePage } from "./support/performancePage";

const execFileAsync = promisify(execFile);

/** How many interleaved runs the lifecycle table takes the medians of. */
const LIFECYCLE_RUNS = 5;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function verdict(met: boolean): string {
  return met ? "met" : "**MISSED**";
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

/** The series `--focus` runs alone. */
const FOCUSES = ["create-preview", "attack-protection", "phone-mfa", "policy", "fleet"] as const;

/** The fleet sizes `--focus fleet` measures unless `--tenants` says otherwise. */
const FLEET_SIZES = [1, 5, 20];

interface BenchArgs {
  runs: number;
  compareProviders: string[];
  write: boolean;
  focus: (typeof FOCUSES)[number] | undefined;
  tenants: number[];
}

function benchArgs(args: readonly string[]): BenchArgs {
  const { values } = parseArgs({
    args: [...args],
    options: {
      runs: { type: "string", default: String(LIFECYCLE_RUNS) },
      "compare-provider": { type: "string", multiple: true, default: [] },
      "no-write": { type: "boolean", default: false },
      focus: { type: "string" },
      tenants: { type: "string", default: FLEET_SIZES.join(",") },
    },
  });
  const tenants = values.tenants.split(",").map(Number);
  if (tenants.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`--tenants takes positive integers separated by commas, got ${values.tenants}`);
  const focus = FOCUSES.find((name) => name === values.focus);
  if (values.focus !== undefined && focus === undefined)
    throw new Error(`--focus takes ${FOCUSES.join(", ")}, got ${values.focus}`);
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs must be a positive integer, got ${values.runs}`);
  return {
    runs,
    compareProviders: values["compare-provider"],
    write: !values["no-write"] && focus === undefined,
    focus,
    tenants,
  };
}

async function main(): Promise<void> {
  const args = benchArgs(process.argv.slice(2));
  const started = performance.now();
  const log = (message: string) => process.stderr.write(`bench: ${message}\n`);
  const machineLine = await machine();
  const loadAtStart = loadAverage();

  if (args.focus === "create-preview") {
    const series = new Map<string, CreatePreviewFigure[]>();
    for (let run = 1; run <= args.runs; run += 1) {
      log(`create preview run ${run} of ${args.runs}`);
      for (const [name, dir] of benchBuilds(args.compareProviders)) {
        series.set(name, [...(series.get(name) ?? []), await createPreviewFigure(dir)]);
      }
    }
    process.stdout.write(
      `Machine: ${machineLine}\n\n${createPreviewReport(series)}\n\nload average at the end ${loadAverage()}\n`,
    );
    return;
  }
  if (args.focus === "policy") {
    const figures = await measurePolicy(args.runs, log);
    process.stdout.write(
      `Machine: ${machineLine}\n\n${policyReport(figures)}\n\nload average at the end ${loadAverage()}\n`,
    );
    return;
  }
  if (args.focus === "phone-mfa") {
    const figures = await measureAttackProtection(args.runs, log, PHONE_MFA_PROGRAM);
    process.stdout.write(
      `Machine: ${machineLine}\n\n${attackProtectionReport(figures, PHONE_MFA_PROGRAM)}\n\nload average at the end ${loadAverage()}\n`,
    );
    return;
  }
  if (args.focus === "fleet") {
    const figures = await measureFleet(args.runs, args.tenants, log);
    process.stdout.write(
      `Machine: ${machineLine}\n\n${fleetReport(figures, args.tenants)}\n\n` +
        `Command: \`npm run bench -- ${process.argv.slice(2).join(" ")}\`; bench wall time ` +
        `${seconds(performance.now() - started)}; load average at the end ${loadAverage()}\n`,
    );
    return;
  }
  if (args.focus === "attack-protection") {
    const figures = await measureAttackProtection(args.runs, log);
    process.stdout.write(
      `Machine: ${machineLine}\n\n${attackProtectionReport(figures)}\n\nload average at the end ${loadAverage()}\n`,
    );
    return;
  }
  log(`lifecycle: ${args.runs} interleaved runs`);
  const figures = await measureLifecycle(args.runs, args.compareProviders, log);
  const { markdown, previewRatio, cachedPreviewRatio, floorRatio, noChangeFloorRatio } =
    lifecycleFiguresReport(figures);
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
    // Three decimals: a ratio just above a target would print as the target beside its verdict with two.
    `Preview (fresh stack, 0 ms) ÷ empty program preview: ${previewRatio.toFixed(3)} without settings ` +
      `(target ≤ 1.5: ${verdict(previewRatio <= 1.5)}), ${cachedPreviewRatio.toFixed(3)} with NODE_COMPILE_CACHE ` +
      `(${verdict(cachedPreviewRatio <= 1.5)}).`,
    "",
    `Preview (fresh stack, 0 ms) ÷ floor of any dynamic provider: ${floorRatio.toFixed(3)} (target ≤ 1.10: ` +
      `${verdict(floorRatio <= 1.1)}); no-change preview ÷ floor: ${noChangeFloorRatio.toFixed(3)} ` +
      `(${verdict(noChangeFloorRatio <= 1.1)}).`,
    "",
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
