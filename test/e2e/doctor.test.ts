import { execFile } from "node:child_process";
import { resolve } from "node:path";

import { describeWithEngine } from "./support/engine";
import type { TenantStack } from "./support/tenantStack";
import { createTenantStack } from "./support/tenantStack";

/** The built command. */
const CLI_PATH = resolve(__dirname, "../../dist/cli/main.js");

/** Runs the built `tenant-admin` in the stack's project directory, as a user would, without any AUTH0_* variable. */
function runDoctor(
  tenant: TenantStack,
  args: readonly string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { stack, workDir } = tenant.harness;
  const env = Object.fromEntries(
    Object.entries({ ...process.env, ...stack.workspace.envVars }).filter(
      ([name]) => !name.startsWith("AUTH0_"),
    ),
  );
  return new Promise((done) => {
    execFile(process.execPath, [CLI_PATH, ...args], { cwd: workDir, env }, (error, stdout, stderr) =>
      done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout, stderr }),
    );
  });
}

describeWithEngine("tenant-admin doctor --stack, through the Pulumi CLI", () => {
  let tenant: TenantStack;

  beforeAll(async () => {
    tenant = await createTenantStack();
  });

  afterAll(async () => {
    await tenant.dispose();
  });

  it("reads the stack's tenant-admin config (its secret decrypted, never printed) and checks the tenant", async () => {
    tenant.emulator.clearRequestLog();
    const run = await runDoctor(tenant, ["doctor", "--stack", tenant.harness.stack.name]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `ok    connection   ${tenant.emulator.domain} (tenant-admin:domain), with the client secret of client ` +
        `${tenant.emulator.clientId} (tenant-admin:clientSecret)`,
    );
    expect(run.stdout).not.toContain(tenant.emulator.clientSecret);
    expect(new Set(tenant.emulator.requestLog.map((entry) => entry.method))).toEqual(
      new Set(["POST", "GET"]),
    );
  });

  it("fails in one line naming the stack when the stack does not exist", async () => {
    const run = await runDoctor(tenant, ["doctor", "--stack", "no-such-stack"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^FAIL {2}connection {3}Cannot read the stack config \(pulumi config --json --show-secrets --stack no-such-stack\): error: .*no-such-stack/m,
    );
  });
});
