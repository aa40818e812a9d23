import { execFile } from "node:child_process";

import type { TenantConnectionSettings } from "../client/connection";
import { TenantConfigError } from "../client/errors";
import { CONFIG_KEYS, TENANTS_CONFIG_KEY } from "../client/settings";

/** A stack's config as the provider is configured with it: the connection settings, and every key it sets. */
export interface StackConfig {
  /** The `tenant-admin:*` settings the package reads. Holds credentials: never print or log it. */
  readonly settings: TenantConnectionSettings;
  /** Every key the stack's config sets (`tenant-admin:domain`, `aws:region`, …), for the advice on unread keys. */
  readonly keys: readonly string[];
  /**
   * The value of `tenant-admin:tenants` (the named tenants, each with its credentials), as the CLI gives it, if
   * the stack sets it. Holds credentials: never print or log it.
   */
  readonly tenants?: unknown;
}

/** Runs `pulumi` with arguments and returns its standard output; stands in for the CLI in tests. */
export type PulumiRunner = (args: readonly string[]) => Promise<string>;

/** Output of `pulumi config --json` beyond this is not a stack config. */
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

/**
 * Runs the Pulumi CLI found on `PATH` in the current directory, capturing its output (never echoed). A failure
 * is a `TenantConfigError` with the CLI's last `error:` line, which names the problem (no stack, no project)
 * and never a config value.
 */
const runPulumi: PulumiRunner = (args) =>
  new Promise((resolve, reject) => {
    execFile("pulumi", [...args], { maxBuffer: MAX_OUTPUT_BYTES }, (error, stdout, stderr) => {
      if (error === null) return resolve(stdout);
      const reason =
        (error as NodeJS.ErrnoException).code === "ENOENT"
          ? "the pulumi command is not on PATH"
          : (stderr
              .split("\n")
              .map((line) => line.trim())
              .filter((line) => line.startsWith("error:"))
              .pop() ?? `pulumi exited with ${String(error.code)}`);
      reject(new TenantConfigError(`Cannot read the stack config (pulumi ${args.join(" ")}): ${reason}`));
    });
  });

/**
 * The connection settings of `stack`, read as the provider would be configured with them: the stack's config
 * through `pulumi config --json --show-secrets --stack <stack>` (secrets decrypted by the CLI, kept in memory
 * only). Values that are not strings or numbers are left out, as the provider's config reads them as unset.
 *
 * @throws TenantConfigError when the CLI cannot read the stack's config
 */
export async function readStackConfig(stack: string, run: PulumiRunner = runPulumi): Promise<StackConfig> {
  const args = ["config", "--json", "--show-secrets", "--stack", stack];
  const output = await run(args);
  let parsed: unknown;
  try {
    parsed = JSON.parse(output);
  } catch {
    throw new TenantConfigError(
      `Cannot read the stack config (pulumi ${args.join(" ")}): its output is not JSON`,
    );
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new TenantConfigError(
      `Cannot read the stack config (pulumi ${args.join(" ")}): its output is not an object`,
    );
  }
  const entries = parsed as Record<string, unknown>;
  const settings: TenantConnectionSettings = {};
  for (const [field, key] of Object.entries(CONFIG_KEYS)) {
    const value = valueOf(entries[key]);
    if (value !== undefined) Object.assign(settings, { [field]: value });
  }
  const tenants = structuredValueOf(entries[TENANTS_CONFIG_KEY]);
  return { settings, keys: Object.keys(entries), ...(tenants === undefined ? {} : { tenants }) };
}

/** The value of a structured entry (set with `--path`): its `objectValue`, else its JSON text. */
function structuredValueOf(entry: unknown): unknown {
  if (typeof entry !== "object" || entry === null) return undefined;
  const { objectValue, value } = entry as { objectValue?: unknown; value?: unknown };
  return objectValue ?? value;
}

/** The value of one entry of `pulumi config --json`: `{ value, secret }`. */
function valueOf(entry: unknown): string | undefined {
  if (typeof entry !== "object" || entry === null) return undefined;
  const value: unknown = (entry as { value?: unknown }).value;
  if (typeof value === "string") return value;
  return typeof value === "number" ? String(value) : undefined;
}
