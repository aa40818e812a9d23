import { execFile } from "node:child_process";
import { resolve } from "node:path";

import { namedTenantsConfig } from "../../scripts/support/fleet";
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

  it("checks a tenant of the stack's tenant-admin:tenants with --tenant, by that tenant's settings alone", async () => {
    const { stack } = tenant.harness;
    await stack.setAllConfig(namedTenantsConfig(new Map([["eu", tenant.emulator]])), true);
    // The top-level domain names another tenant: the named tenant's settings are used alone.
    await stack.setConfig("tenant-admin:domain", { value: "other-tenant.example.com" });
    try {
      tenant.emulator.clearRequestLog();
      const run = await runDoctor(tenant, ["doctor", "--stack", stack.name, "--tenant", "eu"]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(
        `ok    connection   ${tenant.emulator.domain} (tenant-admin:tenants.eu.domain), with the client secret ` +
          `of client ${tenant.emulator.clientId} (tenant-admin:tenants.eu.clientSecret)`,
      );
      expect(run.stdout).not.toContain(tenant.emulator.clientSecret);
      expect(tenant.emulator.requestLog.length).toBeGreaterThan(1);

      const unknown = await runDoctor(tenant, ["doctor", "--stack", stack.name, "--tenant", "ue"]);
      expect(unknown.code).toBe(1);
      expect(unknown.stdout).toMatch(
        /^FAIL {2}connection {3}The tenant "ue" is not in the stack config key tenant-admin:tenants \(known: eu\); did you mean "eu"\?/m,
      );
    } finally {
      await stack.removeAllConfig(["tenant-admin:tenants"]);
      await stack.setConfig("tenant-admin:domain", { value: tenant.emulator.domain });
    }
  });

  it("names the stack's tenants when its top-level settings make no connection", async () => {
    const { stack } = tenant.harness;
    await stack.setAllConfig(namedTenantsConfig(new Map([["eu", tenant.emulator]])), true);
    await stack.removeConfig("tenant-admin:domain");
    try {
      const run = await runDoctor(tenant, ["doctor", "--stack", stack.name]);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(
        /^FAIL {2}connection {3}No tenant domain: .* The stack names a tenant in tenant-admin:tenants \(eu\): check one with --tenant NAME\.$/m,
      );
      expect(run.stdout).not.toContain(tenant.emulator.clientSecret);
    } finally {
      await stack.removeAllConfig(["tenant-admin:tenants"]);
      await stack.setConfig("tenant-admin:domain", { value: tenant.emulator.domain });
    }
  });

  it("fails in one line naming the stack when the stack does not exist", async () => {
    const run = await runDoctor(tenant, ["doctor", "--stack", "no-such-stack"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^FAIL {2}connection {3}Cannot read the stack config \(pulumi config --json --show-secrets --stack no-such-stack\): error: .*no-such-stack/m,
    );
  });
});
