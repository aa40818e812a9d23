import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

export const ROOT = join(__dirname, "..", "..", "..");

/** What a script printed and how it ended. */
export interface ScriptResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a bash script in a process group of its own, so whatever it starts in the background stops with it.
 * `env` is added to this process's environment.
 */
export function runScript(script: string, cwd: string, env: NodeJS.ProcessEnv = {}): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script], { cwd, detached: true, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {
          // The group is gone already.
        }
      }
      resolve({ code, stdout, stderr });
    });
  });
}

/** The lines of the first shell block under `heading` in a docs page, as a reader copies them. */
export async function shellBlock(page: string, heading: string): Promise<string[]> {
  const text = await readFile(join(ROOT, "docs", page), "utf8");
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/${page} has no heading ${heading}`);
  const block = /```sh\n([\s\S]*?)```/.exec(text.slice(start))?.[1];
  if (block === undefined) throw new Error(`docs/${page} has no shell block under ${heading}`);
  return block.trimEnd().split("\n");
}
