import { spawn } from "node:child_process";
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";

/** The built CLI; `npm test` builds before testing. */
export const CLI_PATH = resolve(__dirname, "../../../dist/emulator/cli.js");

/** The JSON line the CLI prints when it is ready. */
export interface ReadyLine {
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly audience: string;
  readonly nonGlobalClientId: string;
  readonly nonGlobalClientSecret: string;
}

/** A running `tenant-emulator` process. */
export interface CliProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly ready: ReadyLine;
  /** Every stdout line so far. */
  readonly stdoutLines: string[];
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code and signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs the CLI to completion (for options that make it exit at once). */
export function runCli(
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  assertBuilt();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI_PATH, ...args], { env: childEnv() });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolvePromise({ code, stdout, stderr }));
  });
}

/** The child's environment: the parent's, without the test runner's Node options. */
function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  return env;
}

function assertBuilt(): void {
  if (!existsSync(CLI_PATH))
    throw new Error(`${CLI_PATH} is missing: run \`npm run build\` before these tests`);
}

/** Spawns the CLI and waits for its ready line. */
export function spawnCli(args: readonly string[]): Promise<CliProcess> {
  assertBuilt();
  const child = spawn(process.execPath, [CLI_PATH, ...args], { env: childEnv() });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolvePromise) =>
    child.on("exit", (code, signal) => resolvePromise({ code, signal })),
  );
  const stdoutLines: string[] = [];
  return new Promise((resolvePromise, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on("line", (line) => {
      stdoutLines.push(line);
      if (stdoutLines.length === 1) {
        resolvePromise({
          child,
          ready: JSON.parse(line) as ReadyLine,
          stdoutLines,
          stderr: () => stderr,
          exited,
        });
      }
    });
    void exited.then(({ code }) => reject(new Error(`tenant-emulator exited with ${code}: ${stderr}`)));
  });
}
