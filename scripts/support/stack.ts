import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

import type { ConfigMap, OutputMap, Stack } from "@pulumi/pulumi/automation";
import { LocalWorkspace, PulumiCommand } from "@pulumi/pulumi/automation";

const repoRoot = resolve(__dirname, "../..");
const execFileAsync = promisify(execFile);

/** A stack of a Pulumi program, isolated in its own temp workspace, backend and PULUMI_HOME. */
export interface TestStack {
  stack: Stack;
  workDir: string;
  /** Everything the engine printed, stdout and stderr, for leak checks. */
  output: string[];
  /**
   * `pulumi up`; with `continueOnError`, a failed resource does not stop the others (the engine otherwise
   * skips the steps it has not started yet, which on a busy machine may be any of them).
   */
  up(options?: { continueOnError?: boolean }): Promise<OutputMap>;
  /**
   * `pulumi preview --diff` (with `--expect-no-changes`, `--refresh` when asked). That display prints
   * diagnostics (`pulumi.log` lines, warnings) on stderr, the plan on stdout.
   */
  preview(options?: {
    expectNoChanges?: boolean;
    refresh?: boolean;
  }): Promise<{ changes: Record<string, number>; stdout: string; stderr: string }>;
  refresh(): Promise<string>;
  destroy(): Promise<string>;
  /** `pulumi stack export` as a user runs it (secrets stay encrypted). */
  exportState(): Promise<string>;
  dispose(): Promise<void>;
}

export interface TestStackOptions {
  /** A folder holding the program (index.ts), relative to the repo root. */
  programDir: string;
  projectName?: string;
  stackName?: string;
  config?: ConfigMap;
  env?: Record<string, string>;
  /**
   * Copy the program's own stack config file `Pulumi.<stackName>.yaml` too (other `Pulumi.*.yaml` files are
   * never copied). Its keys are namespaced by project, so set `projectName` to the program's project name.
   */
  stackConfigFile?: boolean;
  /** The program brings its own Pulumi.yaml, package.json and tsconfig.json (a generated program): keep them. */
  ownProjectFiles?: boolean;
  /** The node_modules the program resolves its packages from; default the repo's (this build of the package). */
  nodeModulesDir?: string;
}

const tsconfig = {
  compilerOptions: {
    strict: true,
    target: "ES2023",
    module: "commonjs",
    moduleResolution: "node",
    esModuleInterop: true,
    skipLibCheck: true,
  },
};

/**
 * Copies a program into a fresh temp workspace (with node_modules linked to the repo's, so the program
 * and the dynamic-provider process resolve `@pulumi/pulumi` and `pulumi-tenant-admin` as a user's would)
 * and creates a stack for it on a local file:// backend, through the real CLI.
 */
export async function createTestStack(options: TestStackOptions): Promise<TestStack> {
  const root = mkdtempSync(join(tmpdir(), "tenant-admin-e2e-"));
  const workDir = join(root, "program");
  const backendDir = join(root, "backend");
  const home = join(root, "home");
  const stackFile =
    options.stackConfigFile === true ? `/Pulumi.${options.stackName ?? "e2e"}.yaml` : undefined;
  cpSync(resolve(repoRoot, options.programDir), workDir, {
    recursive: true,
    filter: (source) =>
      !/Pulumi\.[^/]*\.yaml$/.test(source) ||
      source.endsWith("Pulumi.yaml") ||
      (stackFile !== undefined && source.endsWith(stackFile)),
  });
  symlinkSync(options.nodeModulesDir ?? join(repoRoot, "node_modules"), join(workDir, "node_modules"), "dir");
  const projectName = options.projectName ?? "tenant-admin-e2e";
  if (options.ownProjectFiles !== true) {
    writeFileSync(join(workDir, "Pulumi.yaml"), `name: ${projectName}\nruntime: nodejs\n`);
    writeFileSync(join(workDir, "package.json"), JSON.stringify({ name: projectName, main: "index.ts" }));
    writeFileSync(join(workDir, "tsconfig.json"), JSON.stringify(tsconfig));
  }

  const pulumiCommand = await PulumiCommand.get();
  const envVars: Record<string, string> = {
    PULUMI_BACKEND_URL: `file://${backendDir}`,
    PULUMI_HOME: home,
    PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    ...options.env,
  };
  for (const dir of [backendDir, home]) mkdirSync(dir, { recursive: true });
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: options.stackName ?? "e2e", workDir },
    { envVars, pulumiCommand },
  );
  if (options.config) await stack.setAllConfig(options.config);

  const output: string[] = [];
  const onOutput = (line: string) => output.push(line);
  const onError = onOutput;

  return {
    stack,
    workDir,
    output,
    async up(upOptions = {}) {
      const result = await stack.up({ onOutput, onError, ...upOptions });
      return result.outputs;
    },
    async preview(previewOptions = {}) {
      const result = await stack.preview({ onOutput, onError, diff: true, ...previewOptions });
      return { changes: result.changeSummary, stdout: result.stdout, stderr: result.stderr };
    },
    async refresh() {
      const result = await stack.refresh({ onOutput, onError });
      return result.stdout;
    },
    async destroy() {
      const result = await stack.destroy({ onOutput, onError });
      return result.stdout;
    },
    async exportState() {
      // Not stack.exportStack(): the Automation API exports with --show-secrets.
      const stackName = options.stackName ?? "e2e";
      const { stdout } = await execFileAsync("pulumi", ["stack", "export", "--stack", stackName], {
        cwd: workDir,
        env: { ...process.env, ...envVars },
        maxBuffer: 64 * 1024 * 1024,
      });
      return stdout;
    },
    async dispose() {
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** The number of resources a preview would change: anything other than `same`. */
export function changedCount(changes: Record<string, number>): number {
  return Object.entries(changes)
    .filter(([op]) => op !== "same")
    .reduce((sum, [, count]) => sum + count, 0);
}
