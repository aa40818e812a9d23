import { execFile } from "node:child_process";

import type { TestStack } from "../../../scripts/support/stack";

/** What one `pulumi` command printed, and its exit code. */
export interface PulumiRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout and stderr together. */
  printed: string;
}

/**
 * Runs `pulumi <args> --stack <the harness's stack>` in the program's directory, as a user types it (not
 * through the Automation API, which adds flags of its own), with the workspace's environment (backend,
 * passphrase, `AUTH0_*`) and `env` on top.
 */
export function runPulumi(
  harness: TestStack,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<PulumiRun> {
  const { stack } = harness;
  return new Promise((resolve) => {
    execFile(
      "pulumi",
      [...args, "--stack", stack.name, "--non-interactive"],
      {
        cwd: harness.workDir,
        env: { ...process.env, ...stack.workspace.envVars, ...env },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
        resolve({ code, stdout, stderr, printed: `${stdout}\n${stderr}` });
      },
    );
  });
}
