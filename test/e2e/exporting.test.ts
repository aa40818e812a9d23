import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

import type { TenantEmulator } from "../../src/emulator";
import { startEmulator } from "../../src/emulator";
import { getCaptcha } from "../../src/resources/captchaConfig/api";
import { phoneNotificationTemplateEndpoints } from "../../src/resources/phoneNotificationTemplate/api";
import { getPhoneTemplates } from "../../src/resources/phoneTemplates/api";
import { getTenantSettings } from "../../src/resources/tenantSettings/api";
import { tenantEnv } from "../../scripts/support/programs";
import type { TestStack } from "../../scripts/support/stack";
import { changedCount, createTestStack } from "../../scripts/support/stack";
import { describeWithEngine } from "./support/engine";
import { NOTIFICATION_TEMPLATES_PATH, apiRequest, tenantData } from "./support/tenantData";

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

/** The phone notification templates a team customized by hand on a tenant of the Unified Phone Experience. */
const customizedTemplates = [
  {
    type: "otp_enroll",
    disabled: false,
    content: {
      from: "+15550100",
      body: { text: 'Hello "{{ friendly_name }}": {{ code }}', voice: "Your code is {{ pause }} {{ code }}" },
    },
  },
  {
    type: "blocked_account",
    disabled: true,
    content: { body: { text: "Blocked from {{ user.source_ip }}" } },
  },
] as const;

/**
 * A tenant set up by hand in the dashboard: CAPTCHA with two providers (unless its plan has no bot
 * detection), a friendly name, and phone messages of its generation: the legacy phone templates (`legacy`),
 * or customized phone notification templates (`unified`, a tenant created since March 2025).
 */
async function handMadeTenant(options: {
  botDetection?: boolean;
  phone: "legacy" | "unified";
}): Promise<TenantEmulator> {
  const emulator = await startEmulator(
    options.botDetection === undefined ? {} : { botDetection: options.botDetection },
  );
  const data = tenantData(emulator);
  await data.updateSettings({
    friendly_name: "Hand Made Inc.",
    ...(options.phone === "legacy" ? { phone_consolidated_experience: false } : {}),
  });
  if (options.botDetection !== false) {
    await data.patchCaptcha({
      active_provider_id: "hcaptcha",
      hcaptcha: { site_key: "hand-made-site-key", secret: dashboardSecrets[0]! },
      recaptcha_enterprise: { site_key: "ent-key", api_key: dashboardSecrets[1]!, project_id: "proj-7" },
      auth_challenge: { fail_open: true },
    });
  }
  if (options.phone === "legacy") {
    await data.setPhoneTemplates({
      enrollment_message: 'Hello "{{tenant.friendly_name}}": {{code}}',
      verification_message: "{{code}} is your code\nfor now",
    });
  } else {
    for (const template of customizedTemplates) {
      const created = await apiRequest(emulator, "POST", NOTIFICATION_TEMPLATES_PATH, template);
      if (created.status !== 201)
        throw new Error(`POST template: ${created.status} ${JSON.stringify(created.body)}`);
    }
  }
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
    emulator = await handMadeTenant({ phone: "legacy" });
    before = {
      captcha: tenantData(emulator).captchaWithSecrets(),
      templates: tenantData(emulator).phoneTemplates(),
      settings: tenantData(emulator).settings(),
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

  it("declares the legacy PhoneTemplates of a tenant on the legacy phone set-up, and no phone notification template", () => {
    const program = readFileSync(join(out, "index.ts"), "utf8");
    expect(program).toContain("new PhoneTemplates(");
    expect(program).toContain(`'Hello "{{tenant.friendly_name}}": {{code}}'`);
    expect(program).not.toContain("PhoneNotificationTemplate");
    expect(exported.stdout).toContain(
      "Skipped: PhoneNotificationTemplate: the tenant uses the legacy phone set-up",
    );
  });

  it("refuses a non-empty --out without --force, in one line with exit code 1", async () => {
    const again = await tenantAdmin(["export", "--out", out], tenantEnv(emulator));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^tenant-admin: --out .* is not empty; .* --force .*\n$/);
  });

  it("with --force keeps the project's Pulumi.yaml (its name) and prints what it did with each file", async () => {
    const pulumiYaml = join(out, "Pulumi.yaml");
    const original = readFileSync(pulumiYaml, "utf8");
    const renamed = original.replace(/^name: .*$/m, "name: my-infra");
    writeFileSync(pulumiYaml, renamed);

    const forced = await tenantAdmin(["export", "--out", out, "--force"], tenantEnv(emulator));

    expect(forced).toMatchObject({ code: 0, stderr: "" });
    expect(readFileSync(pulumiYaml, "utf8")).toBe(renamed);
    expect(forced.stdout.split("\n").slice(1, 6)).toEqual([
      "  kept Pulumi.yaml (as it was: the project keeps its name and settings)",
      "  kept package.json (it had what the program needs)",
      "  replaced tsconfig.json",
      "  kept .gitignore (it had what the program needs)",
      "  replaced index.ts",
    ]);
    // The rest of the suite runs the project under its first name.
    writeFileSync(pulumiYaml, original);
  });

  it("generates a program that compiles under its own tsconfig", async () => {
    harness = await createTestStack({
      programDir: out,
      ownProjectFiles: true,
      env: tenantEnv(emulator),
    });
    await execFileAsync(join(repoRoot, "node_modules/.bin/tsc"), ["-p", harness.workDir, "--noEmit"]);
  });

  it("previews only creates once the secrets are set; up adopts what someone configured, the next writes the secrets, then no changes", async () => {
    await harness.stack.setAllConfig({
      hcaptchaSecret: { value: declared.hcaptchaSecret, secret: true },
      recaptchaEnterpriseApiKey: { value: declared.recaptchaEnterpriseApiKey, secret: true },
    });
    const { changes } = await harness.preview();
    expect(Object.keys(changes)).toEqual(["create"]);
    await harness.up();
    // The CAPTCHA configuration was adopted (import) without its secrets, which the tenant never returns.
    const { changes: secretsOnly } = await harness.preview();
    expect(secretsOnly).toMatchObject({ update: 1 });
    await harness.up();
    const { changes: after } = await harness.preview({ expectNoChanges: true });
    expect(changedCount(after)).toBe(0);
    expect(harness.output.join("\n")).not.toContain(declared.hcaptchaSecret);
  });

  it("leaves the tenant as it was, apart from the secrets written", () => {
    expect(tenantData(emulator).phoneTemplates()).toEqual(before.templates);
    expect(tenantData(emulator).settings()).toEqual(before.settings);
    const captcha = before.captcha as Record<string, Record<string, unknown>>;
    expect(tenantData(emulator).captchaWithSecrets()).toEqual({
      ...captcha,
      hcaptcha: { ...captcha.hcaptcha, secret: declared.hcaptchaSecret },
      recaptcha_enterprise: { ...captcha.recaptcha_enterprise, api_key: declared.recaptchaEnterpriseApiKey },
    });
  });
});

describeWithEngine("tenant-admin export of a tenant on the Unified Phone Experience", () => {
  let emulator: TenantEmulator;
  let root: string;
  let out: string;
  let exported: CliRun;
  let harness: TestStack;
  let before: { templates: unknown; settings: unknown };

  beforeAll(async () => {
    emulator = await handMadeTenant({ phone: "unified" });
    const data = tenantData(emulator);
    before = { templates: data.notificationTemplates(), settings: data.settings() };
    root = mkdtempSync(join(tmpdir(), "tenant-admin-export-unified-"));
    out = join(root, "adopted");
    exported = await tenantAdmin(["export", "--out", out], tenantEnv(emulator));
  });

  afterAll(async () => {
    await harness?.dispose();
    await emulator?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("declares a PhoneNotificationTemplate for each customized type, and no PhoneTemplates", () => {
    expect(exported).toMatchObject({ code: 0, stderr: "" });
    const program = readFileSync(join(out, "index.ts"), "utf8");
    expect(program).toContain('new PhoneNotificationTemplate(\n  "phone-otp-enroll",\n  {');
    expect(program).toContain('new PhoneNotificationTemplate(\n  "phone-blocked-account",\n  {');
    expect(program.match(/new PhoneNotificationTemplate\(/g)).toHaveLength(2);
    expect(program).toContain('from: "+15550100"');
    // In single quotes, as prettier writes a text holding double quotes.
    expect(program).toContain(`'Hello "{{ friendly_name }}": {{ code }}'`);
    expect(program).toContain("disabled: true");
    expect(program.match(/import:\s+"[^"]+\/branding\/phone\/templates\/tem_\w+"/g)).toHaveLength(2);
    expect(program).toMatch(
      new RegExp(`import:\\s+"${new URL(emulator.url).host}/branding/phone/templates/`),
    );
    expect(program).not.toContain("PhoneTemplates");
    expect(exported.stdout).toContain(
      "Skipped: PhoneTemplates: the tenant uses the Unified Phone Experience",
    );
  });

  it("prints, and heads the program with, what preview shows and up does: writes back, except imports adopted", () => {
    expect(exported.stdout).toContain(
      "  pulumi preview    # shows only creates; pulumi up then writes each back as read, except those with the " +
        "import option: it adopts them, writing nothing; a second pulumi up writes the secrets\n",
    );
    expect(exported.stdout).not.toContain("writes the same values back");
    const program = readFileSync(join(out, "index.ts"), "utf8");
    expect(program).toContain(
      "then `pulumi up` writes each resource back as read, except those declared with the\n" +
        "// `import` option (someone configured them): it adopts them as the tenant holds them, writing nothing;\n" +
        "// the next `pulumi up` writes the secrets they read from stack config, which the tenant never returns.",
    );
  });

  it("applies the generated program: up adopts the tenant's templates (import), writing none, then no changes", async () => {
    harness = await createTestStack({ programDir: out, ownProjectFiles: true, env: tenantEnv(emulator) });
    await harness.stack.setAllConfig({
      hcaptchaSecret: { value: declared.hcaptchaSecret, secret: true },
      recaptchaEnterpriseApiKey: { value: declared.recaptchaEnterpriseApiKey, secret: true },
    });
    // What the printed step says preview shows: creates only (the stack, the CAPTCHA configuration, the four
    // other attack-protection objects, MFA by phone, and the two templates, which the import option adopts at up).
    const { changes: planned } = await harness.preview();
    expect(planned).toEqual({ create: 9 });
    emulator.clearRequestLog();
    await harness.up();
    const templateWrites = emulator.requestLog
      .filter(
        (entry) => entry.path.startsWith(`/api/v2${NOTIFICATION_TEMPLATES_PATH}`) && entry.method !== "GET",
      )
      .map((entry) => entry.method);
    expect(templateWrites).toEqual([]);
    // The adopted CAPTCHA configuration's secrets, which the tenant never returns, are written next.
    await harness.up();
    const { changes } = await harness.preview({ expectNoChanges: true });
    expect(changedCount(changes)).toBe(0);
    const templates = tenantData(emulator).notificationTemplates();
    const contentOf = (list: unknown) =>
      (list as { id: string; type: string; disabled: boolean; content: unknown }[]).map(
        ({ id, type, disabled, content }) => ({ id, type, disabled, content }),
      );
    expect(contentOf(templates)).toEqual(contentOf(before.templates));
    expect(tenantData(emulator).settings()).toEqual(before.settings);
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
    const emulator = await handMadeTenant({ botDetection: false, phone: "legacy" });
    try {
      const run = await tenantAdmin(["export", "--out", join(root, "no-bots")], tenantEnv(emulator));
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(
        "Skipped: CAPTCHA configuration: the tenant's plan does not include it (Please upgrade your subscription to use bot detection)",
      );
      const program = readFileSync(join(root, "no-bots", "index.ts"), "utf8");
      expect(program).not.toContain("CaptchaConfig");
      expect(program).toContain("new PhoneTemplates(");
    } finally {
      await emulator.close();
    }
  });

  it("fails in one line when a scope is missing, naming it", async () => {
    const emulator = await handMadeTenant({ phone: "legacy" });
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

  it("prints its help with --help, naming every scope the export reads with", async () => {
    const run = await tenantAdmin(["--help"], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: tenant-admin export --out DIR/);
    const reads = [getTenantSettings, getCaptcha, getPhoneTemplates, phoneNotificationTemplateEndpoints.list];
    for (const { scope } of reads) expect(run.stdout).toContain(scope);
  });
});
