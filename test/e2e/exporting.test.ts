import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

import type { TenantEmulator } from "../../src/emulator";
import { startEmulator } from "../../src/emulator";
import { tenantEnv } from "../../scripts/support/programs";
import type { TestStack } from "../../scripts/support/stack";
import { changedCount, createTestStack } from "../../scripts/support/stack";
import { describeWithEngine } from "./support/engine";

const repoRoot = resolve(__dirname, "../..");
const cli = join(repoRoot, "dist/cli/main.js");
const execFileAsync = promisify(execFile);

const dashboardSecrets = ["hc-dashboard-secret-71ac0e", "enterprise-api-key-dashboard-9d2f"];
const declared = { hcaptchaSecret: "hc-declared-e5b913", recaptchaEnterpriseApiKey: "ent-declared-0c77a4" };

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real `tenant-admin` command (asynchronously: the emulator answers from this process). */
async function tenantAdmin(args: string[], env: Record<string, string>): Promise<CliRun> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [cli, ...args], {
      env: { PATH: process.env.PATH ?? "", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function handMadeTenant(options: { botDetection?: boolean } = {}): Promise<TenantEmulator> {
  const emulator = await startEmulator(options);
  if (options.botDetection !== false) {
    await emulator.tenant.patchCaptcha({
      active_provider_id: "hcaptcha",
      hcaptcha: { site_key: "hand-made-site-key", secret: dashboardSecrets[0]! },
      recaptcha_enterprise: { site_key: "ent-key", api_key: dashboardSecrets[1]!, project_id: "proj-7" },
      auth_challenge: { fail_open: true },
    });
  }
  await emulator.tenant.setPhoneTemplates({
    enrollment_message: 'Hello "{{tenant.friendly_name}}": {{code}}',
    verification_message: "{{code}} is your code\nfor now",
  });
  await emulator.tenant.updateSettings({ friendly_name: "Hand Made Inc." });
  return emulator;
}

describeWithEngine("tenant-admin export on the real engine against a hand-made tenant", () => {
  let emulator: TenantEmulator;
  let root: string;
  let out: string;
  let exported: CliRun;
  let harness: TestStack;
  let before: { captcha: unknown; templates: unknown; settings: unknown };

  beforeAll(async () => {
    emulator = await handMadeTenant();
    before = {
      captcha: emulator.tenant.captchaWithSecrets(),
      templates: emulator.tenant.phoneTemplates(),
      settings: emulator.tenant.settings(),
    };
    root = mkdtempSync(join(tmpdir(), "tenant-admin-export-"));
    out = join(root, "adopted");
    exported = await tenantAdmin(["export", "--out", out], tenantEnv(emulator));
  });

  afterAll(async () => {
    await harness?.dispose();
    await emulator?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("writes the template's files and prints the secret config commands, names only", () => {
    expect(exported).toMatchObject({ code: 0, stderr: "" });
    expect(readdirSync(out).sort()).toEqual([
      ".gitignore",
      "Pulumi.yaml",
      "index.ts",
      "package.json",
      "tsconfig.json",
    ]);
    expect(exported.stdout).toContain("pulumi config set --secret hcaptchaSecret");
    expect(exported.stdout).toContain("pulumi config set --secret recaptchaEnterpriseApiKey");
    const everything = [
      exported.stdout,
      ...readdirSync(out).map((file) => readFileSync(join(out, file), "utf8")),
    ];
    for (const secret of [...dashboardSecrets, emulator.clientSecret]) {
      expect(everything.join("\n")).not.toContain(secret);
    }
  });

  it("refuses a non-empty --out without --force, in one line with exit code 1", async () => {
    const again = await tenantAdmin(["export", "--out", out], tenantEnv(emulator));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^tenant-admin: --out .* is not empty; .* --force .*\n$/);
    expect((await tenantAdmin(["export", "--out", out, "--force"], tenantEnv(emulator))).code).toBe(0);
  });

  it("generates a program that compiles under its own tsconfig", async () => {
    harness = await createTestStack({
      programDir: out,
      ownProjectFiles: true,
      env: tenantEnv(emulator),
    });
    await execFileAsync(join(repoRoot, "node_modules/.bin/tsc"), ["-p", harness.workDir, "--noEmit"]);
  });

  it("previews only creates once the secrets are set, then up leaves no changes", async () => {
    await harness.stack.setAllConfig({
      hcaptchaSecret: { value: declared.hcaptchaSecret, secret: true },
      recaptchaEnterpriseApiKey: { value: declared.recaptchaEnterpriseApiKey, secret: true },
    });
    const { changes } = await harness.preview();
    expect(Object.keys(changes)).toEqual(["create"]);
    await harness.up();
    const { changes: after } = await harness.preview({ expectNoChanges: true });
    expect(changedCount(after)).toBe(0);
    expect(harness.output.join("\n")).not.toContain(declared.hcaptchaSecret);
  });

  it("leaves the tenant as it was, apart from the secrets written", () => {
    expect(emulator.tenant.phoneTemplates()).toEqual(before.templates);
    expect(emulator.tenant.settings()).toEqual(before.settings);
    const captcha = before.captcha as Record<string, Record<string, unknown>>;
    expect(emulator.tenant.captchaWithSecrets()).toEqual({
      ...captcha,
      hcaptcha: { ...captcha.hcaptcha, secret: declared.hcaptchaSecret },
      recaptcha_enterprise: { ...captcha.recaptcha_enterprise, api_key: declared.recaptchaEnterpriseApiKey },
    });
  });
});

describe("tenant-admin export refusals", () => {
  let root: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "tenant-admin-export-"));
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("exports a tenant without bot detection, saying the CAPTCHA configuration was skipped", async () => {
    const emulator = await handMadeTenant({ botDetection: false });
    try {
      const run = await tenantAdmin(["export", "--out", join(root, "no-bots")], tenantEnv(emulator));
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(
        "Skipped: CAPTCHA configuration: the tenant's plan does not include bot detection",
      );
      const program = readFileSync(join(root, "no-bots", "index.ts"), "utf8");
      expect(program).not.toContain("CaptchaConfig");
      expect(program).toContain("new PhoneTemplates(");
    } finally {
      await emulator.close();
    }
  });

  it("fails in one line when a scope is missing, naming it", async () => {
    const emulator = await handMadeTenant();
    try {
      const token = await emulator.issueToken({ scopes: ["read:tenant_settings", "read:guardian_factors"] });
      const env = {
        ...tenantEnv(emulator),
        AUTH0_CLIENT_ID: "",
        AUTH0_CLIENT_SECRET: "",
        AUTH0_API_TOKEN: token,
      };
      const run = await tenantAdmin(["export", "--out", join(root, "scopes")], env);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /^tenant-admin: GET \/attack-protection\/captcha failed: 403 insufficient_scope.*read:attack_protection.*\n$/,
      );
      expect(run.stderr).not.toContain(token);
    } finally {
      await emulator.close();
    }
  });

  it("fails in one line when the tenant is unreachable", async () => {
    const env = {
      AUTH0_DOMAIN: "http://127.0.0.1:9",
      AUTH0_API_TOKEN: "unused-token",
      TENANT_ADMIN_TIMEOUT_SECONDS: "2",
    };
    const run = await tenantAdmin(["export", "--out", join(root, "unreachable")], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^tenant-admin: GET \/tenants\/settings failed: .*\n$/);
  });

  it.each([
    [[], /missing command/],
    [["export"], /export needs --out DIR/],
    [["import", "--out", "x"], /unknown command "import"/],
    [["export", "--out", "x", "--bogus"], /Unknown option '--bogus'/],
  ])("exits 2 on the usage error %j", async (args, reason) => {
    const run = await tenantAdmin(args, {});
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(reason);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("prints its help with --help", async () => {
    const run = await tenantAdmin(["--help"], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: tenant-admin export --out DIR/);
  });
});
