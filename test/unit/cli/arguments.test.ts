import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

import { parseArguments } from "../../../src/cli/arguments";
import { UsageError } from "../../../src/wire/commandLine";
import { PROJECT_NAME_RULE } from "../../../src/cli/writeProject";

/** The built command; `npm test` builds before testing. */
const CLI_PATH = resolve(__dirname, "../../../dist/cli/main.js");

/** Runs the built `tenant-admin` with no connection variables: a usage error stops it before any. */
function runCli(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  if (!existsSync(CLI_PATH))
    throw new Error(`${CLI_PATH} is missing: run \`npm run build\` before these tests`);
  return new Promise((done) => {
    const child = execFile(process.execPath, [CLI_PATH, ...args], { env: { PATH: process.env.PATH ?? "" } });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => done({ code, stderr }));
  });
}

describe("tenant-admin's command line", () => {
  it("reads an export with its options", () => {
    expect(parseArguments(["export", "--out", "dir", "--force", "--project", "my.project_1"])).toEqual({
      kind: "export",
      out: "dir",
      force: true,
      project: "my.project_1",
    });
  });

  it.each([
    [["--project", "bad name!"], `--project "bad name!" is not a valid project name: ${PROJECT_NAME_RULE}`],
    [["--project", ""], `--project "" is not a valid project name: ${PROJECT_NAME_RULE}`],
    [["--project", "x".repeat(101)], "is not a valid project name"],
  ])("refuses %j as a usage error, before anything is read", (extra, message) => {
    const parse = () => parseArguments(["export", "--out", "dir", ...extra]);
    expect(parse).toThrow(UsageError);
    expect(parse).toThrow(message);
  });

  it("reads a doctor of a stack's named tenant, and a doctor of the environment", () => {
    expect(parseArguments(["doctor", "--stack", "prod", "--tenant", " eu ", "--json"])).toEqual({
      kind: "doctor",
      stack: "prod",
      tenant: "eu",
      json: true,
    });
    expect(parseArguments(["doctor"])).toEqual({
      kind: "doctor",
      stack: undefined,
      tenant: undefined,
      json: false,
    });
  });

  it.each([
    [["doctor", "--tenant", "eu"], "--tenant names a tenant of a stack's config map tenant-admin:tenants"],
    [["doctor", "--stack", "prod", "--tenant", " "], "--tenant needs a NAME"],
    [["export", "--out", "dir", "--tenant", "eu"], "export takes no --tenant"],
  ])("refuses %j as a usage error naming the option", (args, message) => {
    const parse = () => parseArguments(args);
    expect(parse).toThrow(UsageError);
    expect(parse).toThrow(message);
  });

  it.each([
    [["export", "--out", "x", "--project", "bad name!"], /--project "bad name!" is not a valid project name/],
    [["export"], /export needs --out DIR/],
    [["export", "--out", "x", "--bogus"], /Unknown option '--bogus'/],
    [["doctor", "--tenant", "eu"], /give the stack with --stack NAME/],
  ])("exits 2 with the usage hint on %j, in one line", async (args, reason) => {
    const run = await runCli(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^tenant-admin: .* \(see --help\)\n$/);
    expect(run.stderr).toMatch(reason);
  });
});
