/**
 * `npm start` (scripts/demo.ts) run twice, as the README describes it, in a copy of the repository's files it
 * uses (so the developer's own `.emulator-data/`, `.pulumi-local/` and `Pulumi.dev.yaml` are left alone), on
 * a free port and a backend of its own.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import { runScript } from "../unit/docs/support";
import type { ScriptResult } from "../unit/docs/support";
import { describeWithEngine } from "./support/engine";

const repoRoot = resolve(__dirname, "../..");

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => done(typeof address === "object" && address !== null ? address.port : 0));
    });
  });
}

/** The `pulumi …` commands the README's quick start says `npm start` runs, in order. */
function readmeCommands(): string[] {
  const readme = readFileSync(resolve(repoRoot, "README.md"), "utf8");
  const start = readme.indexOf("`npm start` starts the emulator");
  const paragraph = readme.slice(start, readme.indexOf("\n\n", start));
  return [...paragraph.matchAll(/`(pulumi [^`]+)`/g)].map((match) => match[1]!.replace(/\s+/g, " "));
}

/** The step headers (`==> …`) the demo printed. */
const headers = (output: string): string[] =>
  output
    .split("\n")
    .filter((line) => line.startsWith("==> "))
    .map((line) => line.slice(4));

describeWithEngine("npm start (scripts/demo.ts)", () => {
  let work: string;
  let run: () => Promise<ScriptResult>;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "tenant-admin-demo-"));
    for (const path of ["Pulumi.yaml", "tsconfig.json", "examples/basic", "scripts", "src"]) {
      cpSync(resolve(repoRoot, path), join(work, path), { recursive: true });
    }
    symlinkSync(join(repoRoot, "node_modules"), join(work, "node_modules"), "dir");
    const port = await freePort();
    const env = {
      TENANT_ADMIN_DEMO_PORT: String(port),
      PULUMI_BACKEND_URL: `file://${join(work, "backend")}`,
      PULUMI_HOME: join(work, "home"),
      PULUMI_CONFIG_PASSPHRASE: "demo-test-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      AUTH0_DOMAIN: "",
      AUTH0_CLIENT_ID: "",
      AUTH0_CLIENT_SECRET: "",
    };
    run = () =>
      runScript(
        "mkdir -p backend home && exec node -r ts-node/register/transpile-only scripts/demo.ts",
        work,
        env,
      );
  });

  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it("prints as its steps the README's commands, and a second run changes nothing", async () => {
    const commands = readmeCommands();
    expect(commands).toEqual([
      expect.stringMatching(/^pulumi up /),
      expect.stringMatching(/^pulumi preview --expect-no-changes /),
    ]);

    const first = await run();
    expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: "" });
    expect(headers(first.stdout).filter((header) => header.startsWith("pulumi "))).toEqual(commands);

    const second = await run();
    expect({ code: second.code, stderr: second.stderr }).toEqual({ code: 0, stderr: "" });
    expect(headers(second.stdout).filter((header) => header.startsWith("pulumi "))).toEqual(commands);
    expect(second.stdout).toContain("pulumi up wrote 0 (nothing to change)");
    expect(second.stdout).toContain("hCaptcha keys already in the stack config");
  });
});
