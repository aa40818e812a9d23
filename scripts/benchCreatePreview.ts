/**
 * The create preview's checks in a fresh dynamic-provider process, against a tenant at 100 ms per request
 * (a real tenant's latency): how long they take, when the token request reaches the tenant, and the serial
 * round trips on their critical path. Measured per build, interleaved, so builds can be compared in one run.
 */
import { startEmulator } from "../src/emulator";
import { AUTH_PATHS } from "../src/wire";
import { serialRoundTrips } from "./support/criticalPath";
import { tenantEnv } from "./support/programs";
import { measureCreatePreview } from "./support/providerLoad";

/** The tenant's latency the series is measured at. */
export const CREATE_PREVIEW_LATENCY_MS = 100;

/** One create preview's checks. */
export interface CreatePreviewFigure {
  /** From loading the provider to the last check's answer. */
  checkMs: number;
  /** From loading the provider to the token request's arrival at the tenant. */
  tokenAtMs: number;
  /** The requests of the longest chain in which each waited for the one before. */
  serial: string[];
  requests: number;
}

/** Runs the checks once for the build in `dir`, against a fresh emulator at {@link CREATE_PREVIEW_LATENCY_MS}. */
export async function createPreviewFigure(dir: string): Promise<CreatePreviewFigure> {
  const emulator = await startEmulator({ rateLimit: false, latencyMs: CREATE_PREVIEW_LATENCY_MS });
  try {
    const load = await measureCreatePreview(dir, tenantEnv(emulator));
    if (load.failures.length > 0) throw new Error(`the checks failed: ${JSON.stringify(load.failures)}`);
    const token = emulator.requestLog.find((entry) => entry.path === AUTH_PATHS.token);
    return {
      checkMs: load.checkMs,
      tokenAtMs: token === undefined ? Number.NaN : token.time - load.startedAt,
      serial: serialRoundTrips(emulator.requestLog),
      requests: emulator.requestLog.length,
    };
  } finally {
    await emulator.close();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function range(values: readonly number[]): string {
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min === max ? String(min) : `${min}–${max}`;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** The series as a markdown table (medians, and min – max of the checks), and each build's critical path. */
export function createPreviewReport(series: ReadonlyMap<string, readonly CreatePreviewFigure[]>): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  const header = [
    "build",
    "checks, median",
    "min – max",
    "token request reaches the tenant after",
    "serial round trips",
    "requests",
  ];
  const rows = [...series.entries()].map(([name, figures]) => {
    const checks = figures.map((figure) => figure.checkMs);
    return line([
      name,
      ms(median(checks)),
      `${ms(Math.min(...checks))} – ${ms(Math.max(...checks))}`,
      ms(median(figures.map((figure) => figure.tokenAtMs))),
      range(figures.map((figure) => figure.serial.length)),
      range(figures.map((figure) => figure.requests)),
    ]);
  });
  const paths = [...series.entries()].map(([name, figures]) => {
    const chains = new Set(figures.map((figure) => figure.serial.join(" → ")));
    return `- ${name}: ${[...chains].map((chain) => `\`${chain}\``).join("; or ")}`;
  });
  return [
    line(header),
    line(header.map(() => "---")),
    ...rows,
    "",
    "The serial round trips (requests each sent after the one before was answered):",
    "",
    ...paths,
  ].join("\n");
}
