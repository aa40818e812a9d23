import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import type { ConfigMap } from "@pulumi/pulumi/automation";

import type { TenantEmulator } from "../../src/emulator";
import { startEmulator } from "../../src/emulator";
import { DEFAULT_PHONE_TEMPLATES } from "../../src/resources/phoneTemplates/api";
import { DOCUMENTED_TEMPLATE } from "../unit/templates/documented";
import { describeWithEngine } from "./support/engine";
import type { TestStack } from "../../scripts/support/stack";
import { projectName, tenantEnv } from "../../scripts/support/programs";
import { changedCount, createTestStack } from "../../scripts/support/stack";
import { legacyPhoneTenant, namedTenant } from "../../scripts/support/namedTenant";
import { tenantData } from "./support/tenantData";

const repoRoot = resolve(__dirname, "../..");

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

describeWithEngine("examples/basic, the program npm start runs", () => {
  const project = projectName("Pulumi.yaml");
  const secret = "hc-basic-secret-7f3a91";
  let emulator: TenantEmulator;
  let harness: TestStack;

  beforeAll(async () => {
    emulator = await startEmulator(namedTenant());
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

describeWithEngine("examples/per-environment, one stack per environment", () => {
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
      startEmulator(legacyPhoneTenant()),
      startEmulator(legacyPhoneTenant()),
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
    const outputs = await previewUpPreview(dev, [devTenant], 3);
    expect(outputs).toMatchObject({ environment: "dev", activeCaptchaProvider: "auth_challenge" });
    expect(tenantData(devTenant).captcha()).toMatchObject({
      active_provider_id: "auth_challenge",
      auth_challenge: { fail_open: true },
    });
    expect(tenantData(devTenant).phoneTemplates().enrollment_message).toMatch(/^\[dev\] \{\{code\}\}/);
  });

  it("gives prod reCAPTCHA Enterprise with its api key from an encrypted stack secret", async () => {
    const outputs = await previewUpPreview(prod, [prodTenant], 3);
    expect(outputs).toMatchObject({ environment: "prod", activeCaptchaProvider: "recaptcha_enterprise" });
    expect(tenantData(prodTenant).captchaWithSecrets()).toMatchObject({
      active_provider_id: "recaptcha_enterprise",
      recaptcha_enterprise: { api_key: apiKey, project_id: "example-prod-project" },
    });
    expect(tenantData(prodTenant).phoneTemplates().enrollment_message).toMatch(/Never share it\.$/);
    expect(await prod.exportState()).not.toContain(apiKey);
    expect(prod.output.join("\n")).not.toContain(apiKey);
  });

  it("leaves dev's CAPTCHA on destroy, and resets prod's, as each stack's resetOnDelete says", async () => {
    await dev.destroy();
    await prod.destroy();
    expect(tenantData(devTenant).captcha()?.auth_challenge).toEqual({ fail_open: true });
    expect(tenantData(prodTenant).captcha()?.active_provider_id).toBe("auth_challenge");
    expect(tenantData(prodTenant).phoneTemplates()).toEqual(DEFAULT_PHONE_TEMPLATES);
  });
});

describeWithEngine("examples/multi-tenant, several tenants in one program", () => {
  const project = projectName("examples/multi-tenant/Pulumi.yaml");
  const names = ["eu", "us"] as const;
  const hcaptchaSecret = (name: string) => `hc-${name}-secret-0b7e55`;
  const emulators = new Map<string, TenantEmulator>();
  let harness: TestStack;

  beforeAll(async () => {
    const config: ConfigMap = { [`${project}:tenants`]: { value: JSON.stringify(names) } };
    for (const name of names) {
      const emulator = await startEmulator(legacyPhoneTenant());
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
      expect(tenantData(emulator).phoneTemplates().verification_message).not.toBe(
        DEFAULT_PHONE_TEMPLATES.verification_message,
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

  it("restores each tenant's default phone templates on destroy", async () => {
    await harness.destroy();
    for (const emulator of emulators.values()) {
      expect(tenantData(emulator).phoneTemplates()).toEqual(DEFAULT_PHONE_TEMPLATES);
    }
  });
});

describeWithEngine("examples/phone-templates-liquid, the documentation's Liquid templates", () => {
  const project = projectName("examples/phone-templates-liquid/Pulumi.yaml");
  let emulator: TenantEmulator;
  let harness: TestStack;

  beforeAll(async () => {
    // A new tenant (not named), moved back to the legacy phone set-up, whose templates PhoneTemplates writes.
    emulator = await startEmulator();
    await tenantData(emulator).updateSettings({ phone_consolidated_experience: false });
    harness = await createTestStack({
      programDir: "examples/phone-templates-liquid",
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
});
