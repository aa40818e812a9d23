/**
 * Every directory under examples/ runs here, on the tenant its name says: a new tenant (the Unified Phone
 * Experience, what a tenant created today is), unless the name starts with `legacy-` (a legacy-tenant example,
 * run on a tenant of the legacy phone set-up). examples/ci, a workflow, runs its emulator job as written.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import type { ConfigMap } from "@pulumi/pulumi/automation";
import { parse } from "yaml";

import type { EmulatorOptions, TenantEmulator } from "../../src/emulator";
import { startEmulator } from "../../src/emulator";
import { DEFAULT_PHONE_TEMPLATES } from "../../src/resources/phoneTemplates/api";
import { DOCUMENTED_TEMPLATE } from "../unit/templates/documented";
import { runScript } from "../unit/docs/support";
import { describeWithEngine } from "./support/engine";
import type { TestStack } from "../../scripts/support/stack";
import { projectName, tenantEnv } from "../../scripts/support/programs";
import { changedCount, createTestStack } from "../../scripts/support/stack";
import { legacyPhoneTenant, namedTenant } from "../../scripts/support/namedTenant";
import { NO_ENVIRONMENT_TENANT, namedTenantsConfig } from "../../scripts/support/fleet";
import { tenantData } from "./support/tenantData";

const repoRoot = resolve(__dirname, "../..");

/** The directories of examples/ this file runs. */
const examplesRun: string[] = [];

/** A suite that runs examples/<dir>. */
function describeExample(dir: string, title: string, suite: () => void): void {
  examplesRun.push(dir);
  describeWithEngine(`examples/${dir}, ${title}`, suite);
}

/** The tenant an example runs on, as its name says. */
function tenantFor(dir: string): EmulatorOptions {
  return dir.startsWith("legacy-") ? legacyPhoneTenant() : namedTenant();
}

const writes = (emulator: TenantEmulator) =>
  emulator.requestLog.filter(
    (entry) => entry.method !== "GET" && `${entry.method} ${entry.path}` !== "POST /oauth/token",
  );

/** Preview a fresh stack (no writes), `up`, then preview again (no changes); returns the outputs' values. */
async function previewUpPreview(
  harness: TestStack,
  emulators: TenantEmulator[],
  creates: number,
): Promise<Record<string, unknown>> {
  for (const emulator of emulators) emulator.clearRequestLog();
  const first = await harness.preview();
  expect(first.changes).toMatchObject({ create: creates });
  for (const emulator of emulators) expect(writes(emulator)).toEqual([]);

  const outputs = await harness.up();

  const second = await harness.preview();
  expect(changedCount(second.changes)).toBe(0);
  return Object.fromEntries(Object.entries(outputs).map(([key, output]) => [key, output.value as unknown]));
}

describeExample("basic", "the program npm start runs", () => {
  const project = projectName("Pulumi.yaml");
  const secret = "hc-basic-secret-7f3a91";
  let emulator: TenantEmulator;
  let harness: TestStack;

  beforeAll(async () => {
    emulator = await startEmulator(tenantFor("basic"));
    harness = await createTestStack({
      programDir: "examples/basic",
      projectName: project,
      stackName: "dev",
      env: tenantEnv(emulator),
      config: {
        [`${project}:hcaptchaSiteKey`]: { value: "site-key-basic" },
        [`${project}:hcaptchaSecret`]: { value: secret, secret: true },
      },
    });
  });

  afterAll(async () => {
    await harness?.dispose();
    await emulator?.close();
  });

  it("is the root project's program", () => {
    expect(readFileSync(resolve(repoRoot, "Pulumi.yaml"), "utf8")).toMatch(/^main: examples\/basic\/?$/m);
  });

  it("creates hCaptcha and the otp_enroll and otp_verify templates from the AUTH0_* variables, then has no changes", async () => {
    const outputs = await previewUpPreview(harness, [emulator], 4);
    const data = tenantData(emulator);
    expect(data.captchaWithSecrets()).toMatchObject({
      active_provider_id: "hcaptcha",
      hcaptcha: { site_key: "site-key-basic", secret },
    });
    expect(
      data
        .notificationTemplates()
        .map((template) => template.type)
        .sort(),
    ).toEqual(["otp_enroll", "otp_verify"]);
    expect(outputs).toMatchObject({
      tenantDomain: emulator.domain,
      activeCaptchaProvider: "hcaptcha",
      hcaptchaSiteKey: "site-key-basic",
      phoneMessages: {
        enrollment: data.notificationTemplate("otp_enroll")?.content.body?.text,
        verification: data.notificationTemplate("otp_verify")?.content.body?.text,
      },
      tenantSettings: { friendlyName: "My Company", sessionLifetime: 168, enabledLocales: ["en"] },
    });
    expect(data.notificationTemplate("otp_enroll")?.content.body?.text).toMatch(
      /^\{\{ code \}\} is your code/,
    );
    const state = await harness.exportState();
    expect(state).not.toContain(secret);
    expect(state).not.toContain(emulator.clientSecret);
  });

  it("gives the phone messages back the platform's defaults on destroy and leaves the CAPTCHA configuration as it is", async () => {
    await harness.destroy();
    expect(tenantData(emulator).notificationTemplates()).toEqual([]);
    expect(tenantData(emulator).captcha()?.active_provider_id).toBe("hcaptcha");
  });
});

describeExample("per-environment", "one stack per environment", () => {
  const project = projectName("examples/per-environment/Pulumi.yaml");
  const apiKey = "recaptcha-api-key-prod-2c9e1d";

  async function environmentStack(stackName: string, emulator: TenantEmulator, config: ConfigMap = {}) {
    return createTestStack({
      programDir: "examples/per-environment",
      projectName: project,
      stackName,
      stackConfigFile: true,
      env: tenantEnv(emulator),
      config,
    });
  }

  let devTenant: TenantEmulator;
  let prodTenant: TenantEmulator;
  let dev: TestStack;
  let prod: TestStack;

  beforeAll(async () => {
    [devTenant, prodTenant] = await Promise.all([
      startEmulator(tenantFor("per-environment")),
      startEmulator(tenantFor("per-environment")),
    ]);
    dev = await environmentStack("dev", devTenant);
    prod = await environmentStack("prod", prodTenant, {
      [`${project}:recaptchaApiKey`]: { value: apiKey, secret: true },
    });
  });

  afterAll(async () => {
    await dev?.dispose();
    await prod?.dispose();
    await devTenant?.close();
    await prodTenant?.close();
  });

  it("gives dev the platform's challenge failing open, from Pulumi.dev.yaml", async () => {
    const outputs = await previewUpPreview(dev, [devTenant], 4);
    expect(outputs).toMatchObject({ environment: "dev", activeCaptchaProvider: "auth_challenge" });
    expect(tenantData(devTenant).captcha()).toMatchObject({
      active_provider_id: "auth_challenge",
      auth_challenge: { fail_open: true },
    });
    const enrollment = tenantData(devTenant).notificationTemplate("otp_enroll")?.content.body?.text;
    expect(enrollment).toMatch(/^\[dev\] \{\{ code \}\}/);
    expect(outputs.enrollmentMessage).toBe(enrollment);
  });

  it("gives prod reCAPTCHA Enterprise with its api key from an encrypted stack secret", async () => {
    const outputs = await previewUpPreview(prod, [prodTenant], 4);
    expect(outputs).toMatchObject({ environment: "prod", activeCaptchaProvider: "recaptcha_enterprise" });
    expect(tenantData(prodTenant).captchaWithSecrets()).toMatchObject({
      active_provider_id: "recaptcha_enterprise",
      recaptcha_enterprise: { api_key: apiKey, project_id: "example-prod-project" },
    });
    expect(tenantData(prodTenant).notificationTemplate("otp_verify")?.content.body?.text).toMatch(
      /Never share it\.$/,
    );
    expect(await prod.exportState()).not.toContain(apiKey);
    expect(prod.output.join("\n")).not.toContain(apiKey);
  });

  it("leaves dev's CAPTCHA on destroy, and resets prod's, as each stack's resetOnDelete says", async () => {
    await dev.destroy();
    await prod.destroy();
    expect(tenantData(devTenant).captcha()?.auth_challenge).toEqual({ fail_open: true });
    expect(tenantData(prodTenant).captcha()?.active_provider_id).toBe("auth_challenge");
    expect(tenantData(prodTenant).notificationTemplates()).toEqual([]);
  });
});

describeExample(
  "attack-protection",
  "CAPTCHA, bot detection and the three protections per environment",
  () => {
    const project = projectName("examples/attack-protection/Pulumi.yaml");
    const BOT_DETECTION = "/attack-protection/bot-detection";
    const BRUTE_FORCE = "/attack-protection/brute-force-protection";
    const SUSPICIOUS_IP = "/attack-protection/suspicious-ip-throttling";
    const BREACHED_PASSWORD = "/attack-protection/breached-password-detection";
    let devTenant: TenantEmulator;
    let prodTenant: TenantEmulator;
    let dev: TestStack;
    let prod: TestStack;
    let newTenant: Record<string, unknown>;

    const environmentStack = (stackName: string, emulator: TenantEmulator) =>
      createTestStack({
        programDir: "examples/attack-protection",
        projectName: project,
        stackName,
        stackConfigFile: true,
        env: tenantEnv(emulator),
      });

    beforeAll(async () => {
      [devTenant, prodTenant] = await Promise.all([
        startEmulator(tenantFor("attack-protection")),
        startEmulator(tenantFor("attack-protection")),
      ]);
      newTenant = Object.fromEntries(
        [BOT_DETECTION, BRUTE_FORCE, SUSPICIOUS_IP, BREACHED_PASSWORD].map((path) => [
          path,
          prodTenant.tenant.read(path),
        ]),
      );
      dev = await environmentStack("dev", devTenant);
      prod = await environmentStack("prod", prodTenant);
    });

    afterAll(async () => {
      await dev?.dispose();
      await prod?.dispose();
      await devTenant?.close();
      await prodTenant?.close();
    });

    it("applies dev's monitoring mode and allowlist, and prod's stricter settings, each from its stack config", async () => {
      const devOutputs = await previewUpPreview(dev, [devTenant], 6);
      const prodOutputs = await previewUpPreview(prod, [prodTenant], 6);

      expect(devTenant.tenant.read(BOT_DETECTION)).toMatchObject({
        bot_detection_level: "low",
        challenge_password_policy: "when_risky",
        monitoring_mode_enabled: true,
        allowlist: ["10.20.0.0/16", "2001:db8:20::/48"],
      });
      expect(prodTenant.tenant.read(BOT_DETECTION)).toMatchObject({
        bot_detection_level: "high",
        challenge_password_policy: "always",
        monitoring_mode_enabled: false,
        allowlist: [],
      });
      expect(devTenant.tenant.read(BRUTE_FORCE)).toMatchObject({ max_attempts: 20 });
      expect(prodTenant.tenant.read(BRUTE_FORCE)).toMatchObject({ max_attempts: 5 });
      expect(prodTenant.tenant.read(SUSPICIOUS_IP)).toMatchObject({
        stage: { "pre-login": { max_attempts: 100, rate: 864000 } },
      });
      expect(prodTenant.tenant.read(BREACHED_PASSWORD)).toMatchObject({
        enabled: true,
        admin_notification_frequency: ["daily"],
        stage: { "pre-change-password": { shields: ["block"] } },
      });
      expect(tenantData(prodTenant).captcha()?.auth_challenge).toEqual({ fail_open: false });
      expect(devOutputs).toMatchObject({ environment: "dev", bruteForceMaxAttempts: 20 });
      expect(prodOutputs).toMatchObject({
        environment: "prod",
        challenge: { provider: "auth_challenge", passwordPolicy: "always", monitoringMode: false },
        suspiciousIpLoginStage: { maxAttempts: 100, rate: 864000 },
      });
    });

    it("catches an out-of-band change on refresh, and up after the refresh puts the declared value back", async () => {
      await prodTenant.tenant.write("PATCH", BRUTE_FORCE, { max_attempts: 50 });

      const refreshed = await prod.preview({ refresh: true });
      expect(refreshed.changes).toMatchObject({ update: 1 });
      expect(refreshed.stdout).toMatch(/maxAttempts/);

      await prod.refresh();
      await prod.up();
      expect(prodTenant.tenant.read(BRUTE_FORCE)).toMatchObject({ max_attempts: 5 });
    });

    it("takes an allowlist in another order as no change, on the tenant and in the program", async () => {
      await devTenant.tenant.write("PATCH", BOT_DETECTION, {
        allowlist: ["2001:db8:20::/48", "10.20.0.0/16"],
      });

      const refreshed = await dev.preview({ refresh: true, expectNoChanges: true });
      expect(changedCount(refreshed.changes)).toBe(0);

      const allowlist = `${project}:allowlist`;
      const declared = await dev.stack.getConfig(allowlist);
      await dev.stack.setConfig(allowlist, {
        value: JSON.stringify([...(JSON.parse(declared.value) as string[])].reverse()),
      });
      try {
        const reordered = await dev.preview({ expectNoChanges: true });
        expect(changedCount(reordered.changes)).toBe(0);
      } finally {
        await dev.stack.setConfig(allowlist, declared);
      }
    });

    it("leaves dev's protections on destroy, and gives prod back a new tenant's, as each stack's resetOnDelete says", async () => {
      const devBefore = devTenant.tenant.read(BRUTE_FORCE);

      const devOutput = await dev.destroy();
      const prodOutput = await prod.destroy();

      for (const type of ["BotDetection", "BruteForceProtection", "SuspiciousIpThrottling"]) {
        expect(devOutput).toContain(`${type} on ${devTenant.domain}: the tenant's`);
        expect(devOutput).toMatch(/is left as it is \(resetOnDelete is not true\)/);
        expect(prodOutput).not.toContain(`${type} on ${prodTenant.domain}`);
      }
      expect(devTenant.tenant.read(BRUTE_FORCE)).toEqual(devBefore);
      expect(devTenant.tenant.read(BOT_DETECTION)).toMatchObject({ monitoring_mode_enabled: true });
      for (const [path, value] of Object.entries(newTenant)) {
        expect(prodTenant.tenant.read(path)).toEqual(value);
      }
    });
  },
);

describeExample("phone-mfa", "MFA by phone per environment on a unified tenant", () => {
  const project = projectName("examples/phone-mfa/Pulumi.yaml");
  const MESSAGE_TYPES = "/guardian/factors/phone/message-types";
  const PROVIDERS = "/branding/phone/providers";
  const tokens = { dev: "twilio-dev-token-5d1e9a", prod: "twilio-prod-token-0c7b42" };
  let devTenant: TenantEmulator;
  let prodTenant: TenantEmulator;
  let dev: TestStack;
  let prod: TestStack;

  const environmentStack = (stackName: "dev" | "prod", emulator: TenantEmulator) =>
    createTestStack({
      programDir: "examples/phone-mfa",
      projectName: project,
      stackName,
      stackConfigFile: true,
      env: tenantEnv(emulator),
      config: { [`${project}:twilioAuthToken`]: { value: tokens[stackName], secret: true } },
    });

  beforeAll(async () => {
    [devTenant, prodTenant] = await Promise.all([
      startEmulator(tenantFor("phone-mfa")),
      startEmulator(tenantFor("phone-mfa")),
    ]);
    dev = await environmentStack("dev", devTenant);
    prod = await environmentStack("prod", prodTenant);
  });

  afterAll(async () => {
    await dev?.dispose();
    await prod?.dispose();
    await devTenant?.close();
    await prodTenant?.close();
  });

  it("applies dev's SMS from one number and prod's SMS and voice through a Messaging Service", async () => {
    const devOutputs = await previewUpPreview(dev, [devTenant], 5);
    const prodOutputs = await previewUpPreview(prod, [prodTenant], 5);

    expect(devTenant.tenant.read(MESSAGE_TYPES)).toEqual({ message_types: ["sms"] });
    expect(prodTenant.tenant.read(MESSAGE_TYPES)).toEqual({ message_types: ["sms", "voice"] });
    expect(devTenant.tenant.items(PROVIDERS)).toEqual([
      expect.objectContaining({
        name: "twilio",
        configuration: expect.objectContaining({ default_from: "+15550100", delivery_methods: ["text"] }),
      }),
    ]);
    expect(prodTenant.tenant.items(PROVIDERS)).toEqual([
      expect.objectContaining({
        configuration: expect.objectContaining({
          mssid: "MG0000000000000000000000000000prod",
          delivery_methods: ["text", "voice"],
        }),
      }),
    ]);
    expect(devOutputs).toMatchObject({ environment: "dev", phoneMfa: { enabled: true, channels: ["sms"] } });
    expect(prodOutputs).toMatchObject({ environment: "prod", phoneMfa: { channels: ["sms", "voice"] } });
  });

  it("keeps each token out of the state file and of everything the engine printed", async () => {
    for (const [stack, token] of [
      [dev, tokens.dev],
      [prod, tokens.prod],
    ] as const) {
      expect(await stack.exportState()).not.toContain(token);
      expect(stack.output.join("\n")).not.toContain(token);
    }
  });
});

describeExample("multi-tenant", "several tenants in one program", () => {
  const project = projectName("examples/multi-tenant/Pulumi.yaml");
  const names = ["eu", "us"] as const;
  const hcaptchaSecret = (name: string) => `hc-${name}-secret-0b7e55`;
  const emulators = new Map<string, TenantEmulator>();
  let harness: TestStack;

  beforeAll(async () => {
    const config: ConfigMap = { [`${project}:tenants`]: { value: JSON.stringify(names) } };
    for (const name of names) {
      const emulator = await startEmulator(tenantFor("multi-tenant"));
      emulators.set(name, emulator);
      Object.assign(config, {
        [`${project}:${name}Domain`]: { value: emulator.domain },
        [`${project}:${name}ClientId`]: { value: emulator.clientId },
        [`${project}:${name}ClientSecret`]: { value: emulator.clientSecret, secret: true },
        [`${project}:${name}HcaptchaSiteKey`]: { value: `site-key-${name}` },
        [`${project}:${name}HcaptchaSecret`]: { value: hcaptchaSecret(name), secret: true },
      });
    }
    // No AUTH0_* variables and no tenant-admin:* config: every tenant comes from the tenant argument.
    harness = await createTestStack({
      programDir: "examples/multi-tenant",
      projectName: project,
      env: {
        PULUMI_NODEJS_TRANSPILE_ONLY: "true",
        AUTH0_DOMAIN: "",
        AUTH0_CLIENT_ID: "",
        AUTH0_CLIENT_SECRET: "",
      },
      config,
    });
  });

  afterAll(async () => {
    await harness?.dispose();
    for (const emulator of emulators.values()) await emulator.close();
  });

  it("configures each tenant with its own settings and credentials, then has no changes", async () => {
    const outputs = await previewUpPreview(harness, [...emulators.values()], 5);
    for (const name of names) {
      const emulator = emulators.get(name)!;
      expect(tenantData(emulator).captchaWithSecrets()?.hcaptcha).toEqual({
        site_key: `site-key-${name}`,
        secret: hcaptchaSecret(name),
      });
      expect(tenantData(emulator).notificationTemplate("otp_verify")?.content.body?.text).toBe(
        "{{ code }} is your {{ friendly_name }} verification code",
      );
      expect(outputs.tenants).toMatchObject({
        [name]: { domain: emulator.domain, activeCaptchaProvider: "hcaptcha", friendlyName: "My Company" },
      });
    }
  });

  it("keeps every client secret and CAPTCHA secret out of the exported state", async () => {
    const state = await harness.exportState();
    for (const name of names) {
      expect(state).toContain(`site-key-${name}`);
      expect(state).not.toContain(emulators.get(name)!.clientSecret);
      expect(state).not.toContain(hcaptchaSecret(name));
    }
  });

  it("gives each tenant's verification message back the platform's default on destroy", async () => {
    await harness.destroy();
    for (const emulator of emulators.values()) {
      expect(tenantData(emulator).notificationTemplates()).toEqual([]);
    }
  });
});

describeExample("fleet", "tenants named once in tenant-admin:tenants", () => {
  const fleet = new Map<string, TenantEmulator>();
  let harness: TestStack;

  beforeAll(async () => {
    for (const name of ["eu", "us"]) fleet.set(name, await startEmulator(tenantFor("fleet")));
    // No AUTH0_* variables and no top-level tenant-admin:* keys: every tenant comes from its name.
    harness = await createTestStack({
      programDir: "examples/fleet",
      projectName: projectName("examples/fleet/Pulumi.yaml"),
      env: NO_ENVIRONMENT_TENANT,
    });
    await harness.stack.setAllConfig(namedTenantsConfig(fleet), true);
  });

  afterAll(async () => {
    await harness?.dispose();
    for (const emulator of fleet.values()) await emulator.close();
  });

  it("configures the same six objects on each named tenant, then has no changes", async () => {
    // Six per tenant, and the stack.
    const outputs = await previewUpPreview(harness, [...fleet.values()], 13);
    for (const [name, emulator] of fleet) {
      expect(tenantData(emulator).notificationTemplate("otp_verify")?.content.body?.text).toBe(
        "{{ code }} is your {{ friendly_name }} verification code",
      );
      expect(outputs.tenants).toMatchObject({
        [name]: { domain: emulator.domain, friendlyName: "My Company" },
      });
    }
  });

  it("gives each tenant's verification message back the platform's default on destroy", async () => {
    await harness.destroy();
    for (const emulator of fleet.values()) expect(tenantData(emulator).notificationTemplates()).toEqual([]);
  });
});

describeExample(
  "legacy-phone-templates-liquid",
  "the documentation's Liquid templates on a legacy tenant",
  () => {
    const project = projectName("examples/legacy-phone-templates-liquid/Pulumi.yaml");
    let emulator: TenantEmulator;
    let harness: TestStack;

    beforeAll(async () => {
      emulator = await startEmulator(tenantFor("legacy-phone-templates-liquid"));
      harness = await createTestStack({
        programDir: "examples/legacy-phone-templates-liquid",
        projectName: project,
        env: tenantEnv(emulator),
      });
    });

    afterAll(async () => {
      await harness?.dispose();
      await emulator?.close();
    });

    it("stores the documentation's branching template, then has no changes", async () => {
      const outputs = await previewUpPreview(harness, [emulator], 2);
      expect(tenantData(emulator).phoneTemplates().enrollment_message).toBe(DOCUMENTED_TEMPLATE);
      expect(outputs).toMatchObject({
        storedEnrollmentMessage: DOCUMENTED_TEMPLATE,
        storedVerificationMessage: tenantData(emulator).phoneTemplates().verification_message,
      });
    });

    it("restores the default phone templates on destroy", async () => {
      await harness.destroy();
      expect(tenantData(emulator).phoneTemplates()).toEqual(DEFAULT_PHONE_TEMPLATES);
    });
  },
);

describeExample(
  "ci",
  "the workflow's job against the emulator, run as written on examples/per-environment",
  () => {
    interface Step {
      name?: string;
      run?: string;
      env?: Record<string, string>;
    }
    const workflow = parse(readFileSync(resolve(repoRoot, "examples/ci/github-actions.yml"), "utf8")) as {
      env: Record<string, string>;
      jobs: { test: { steps: Step[] } };
    };
    const step = (name: string): Step => {
      const found = workflow.jobs.test.steps.find((candidate) => candidate.name === name);
      if (found?.run === undefined) throw new Error(`the test job has no step ${name}`);
      return found;
    };
    let work: string;

    beforeAll(() => {
      work = mkdtempSync(join(tmpdir(), "tenant-admin-ci-example-"));
    });

    afterAll(() => {
      rmSync(work, { recursive: true, force: true });
    });

    it("starts the package's emulator and previews the program's emulator stack against it", async () => {
      // The repository of a program that installed the package (GitHub's workspace), and the runner's temp dir.
      const workspace = join(work, "workspace");
      const runnerTemp = join(work, "runner");
      mkdirSync(runnerTemp, { recursive: true });
      cpSync(resolve(repoRoot, "examples/per-environment"), workspace, { recursive: true });
      symlinkSync(join(repoRoot, "node_modules"), join(workspace, "node_modules"), "dir");
      const expressions = (value: string): string =>
        value.replaceAll("${{ runner.temp }}", runnerTemp).replaceAll("${{ github.workspace }}", workspace);
      const env = Object.fromEntries(
        Object.entries({ ...workflow.env, ...step("preview against the emulator").env }).map(
          ([key, value]) => [key, expressions(value)],
        ),
      );
      const script = [
        "set -euo pipefail",
        // A free port instead of 4466, so the test never collides with npm start.
        step("start the tenant emulator").run!.replace("--port 4466", "--port 0"),
        // What GitHub does between steps with the lines a step appends to $GITHUB_ENV.
        'set -a; . "$GITHUB_ENV"; set +a',
        step("preview against the emulator").run!,
      ].join("\n");
      const result = await runScript(script, workspace, {
        ...env,
        RUNNER_TEMP: runnerTemp,
        GITHUB_ENV: join(runnerTemp, "github-env"),
        AUTH0_DOMAIN: "",
        AUTH0_CLIENT_ID: "",
        AUTH0_CLIENT_SECRET: "",
        // The program's types are checked by npm run typecheck; the engine only transpiles it here.
        PULUMI_NODEJS_TRANSPILE_ONLY: "true",
      });
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
      expect(result.stdout).toMatch(/\+ 4 to create/);
      expect(result.stdout).toContain("[emulator] 123456 is your code");
      const ready = JSON.parse(readFileSync(join(runnerTemp, "emulator.json"), "utf8")) as {
        clientSecret: string;
      };
      expect(result.stdout + result.stderr).not.toContain(ready.clientSecret);
    });
  },
);

describe("examples/", () => {
  it("has no directory that this file does not run", () => {
    const directories = readdirSync(resolve(repoRoot, "examples"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...examplesRun].sort()).toEqual(directories.sort());
  });

  it.each(examplesRun.filter((dir) => dir.startsWith("legacy-")))(
    "documents %s as a legacy-tenant example, in its Pulumi.yaml and the README",
    (dir) => {
      expect(readFileSync(resolve(repoRoot, "examples", dir, "Pulumi.yaml"), "utf8")).toMatch(
        /^description: A legacy-tenant example/m,
      );
      const row = readFileSync(resolve(repoRoot, "README.md"), "utf8")
        .split("\n")
        .find((line) => line.startsWith(`| [\`examples/${dir}\``));
      expect(row).toMatch(/legacy-tenant example/);
    },
  );
});
