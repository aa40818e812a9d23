import { execFileSync } from "node:child_process";

/** The Pulumi CLI the e2e tier runs, as found on PATH (scripts/toolchain.sh puts it there). */
export interface EngineInfo {
  path: string;
  version: string;
}

/** Finds the Pulumi CLI on PATH, or returns undefined when there is none. */
export function findEngine(): EngineInfo | undefined {
  try {
    const path = execFileSync("bash", ["-c", "command -v pulumi"], { encoding: "utf8" }).trim();
    const version = execFileSync(path, ["version"], { encoding: "utf8" }).trim();
    return path ? { path, version } : undefined;
  } catch {
    return undefined;
  }
}

/** Set by globalSetup when no engine was found outside CI, so the e2e tests say why they did not run. */
export const NO_ENGINE_ENV = "TENANT_ADMIN_E2E_NO_ENGINE";

/** `describe` for suites that need the real engine: outside CI they are skipped, loudly, when it is missing. */
export function describeWithEngine(name: string, suite: () => void): void {
  (process.env[NO_ENGINE_ENV] ? describe.skip : describe)(name, suite);
}
