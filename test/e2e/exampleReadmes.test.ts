/**
 * Every example has a README saying what it shows and how to run it against the emulator, and running its
 * commands as written, from the repository's root, changes no tracked file (and leaves nothing git does not
 * ignore). Their stacks' config lives in files git ignores; the emulators end with the `npm run` that started
 * them.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import { describeWithEngine } from "./support/engine";

const repoRoot = resolve(__dirname, "../..");
const examples = readdirSync(resolve(repoRoot, "examples"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const readmeOf = (dir: string) => resolve(repoRoot, "examples", dir, "README.md");

/** The shell block under a README's "Run it against the emulator". */
function emulatorCommands(dir: string): string | undefined {
  const section = readFileSync(readmeOf(dir), "utf8").split(/^## Run it against the emulator$/m)[1];
  return /^```sh\n([\s\S]*?)^```$/m.exec(section ?? "")?.[1];
}

/** What git reports as changed or new in the repository. */
function gitStatus(): string {
  return execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], {
    cwd: repoRoot,
    encoding: "utf8",
  });
}

describe("examples/*/README.md", () => {
  it.each(examples)("examples/%s has a README with how to run it against the emulator", (dir) => {
    expect(existsSync(readmeOf(dir))).toBe(true);
    const readme = readFileSync(readmeOf(dir), "utf8");
    expect(readme).toMatch(new RegExp(`^# examples/${dir}\n\n\\S`));
    expect(readme).toMatch(/^## Run it against the emulator$/m);
  });

  // A value read from the emulator's output (or a vault) may start with "-", which pulumi config set takes for a
  // flag; on standard input it is only ever the value, and a secret stays out of the process list.
  it.each(examples)("examples/%s gives pulumi config set each value it computes on standard input", (dir) => {
    const computedOnCommandLine = (emulatorCommands(dir) ?? "")
      .split("\n")
      .filter((line) => /config set .*"\$\(/.test(line));
    expect(computedOnCommandLine).toEqual([]);
  });
});

/** The examples whose README runs the emulator itself (basic runs through npm start, ci through the e2e job). */
const runByReadme = examples.filter((dir) => emulatorCommands(dir)?.includes("npm run --silent emulator"));

describeWithEngine("the examples' README commands", () => {
  it("cover every example that has a program of its own besides the one npm start runs", () => {
    expect(runByReadme.sort()).toEqual(
      examples.filter((dir) => existsSync(resolve(repoRoot, "examples", dir, "Pulumi.yaml"))).sort(),
    );
  });

  it.each(runByReadme)("run examples/%s against the emulator and change no file git tracks", (dir) => {
    const before = gitStatus();
    const backend = mkdtempSync(join(tmpdir(), "example-readme-"));
    // A failing command stops the script (-e): its emulators are stopped then too, or they would hold the
    // output open. The state goes to a backend of its own (with-toolchain.sh keeps PULUMI_BACKEND_URL).
    const script = `trap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n${emulatorCommands(dir) ?? ""}`;
    const run = spawnSync("bash", ["-eo", "pipefail", "-c", script], {
      cwd: repoRoot,
      encoding: "utf8",
      timeout: 600_000,
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("AUTH0_"))),
        PULUMI_BACKEND_URL: `file://${backend}`,
      },
    });
    rmSync(backend, { recursive: true, force: true });
    expect({ status: run.status, output: run.status === 0 ? "" : run.stdout + run.stderr }).toEqual({
      status: 0,
      output: "",
    });
    // The up created the resources; the preview after it found them unchanged.
    expect(run.stdout).toMatch(/\+ \d+ created/);
    expect(run.stdout).toMatch(/\d+ unchanged/);
    expect(gitStatus()).toBe(before);
  });
});
