import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import type { ConfigMap } from "@pulumi/pulumi/automation";

import type { TenantEmulator } from "../../src/emulator";
import { startEmulator } from "../../src/emulator";
import { DEFAULT_PHONE_TEMPLATES } from "../../src/wire";
import { DOCUMENTED_TEMPLATE } from "../unit/templates/documented";
import { describeWithEngine } from "./support/engine";
import type { TestStack } from "../../scripts/support/stack";
import { projectName, tenantEnv } from "../../scripts/support/programs";
import { changedCount, createTestStack } from "../../scripts/support/stack";
import { namedTenant } from "../../scripts/support/namedTenant";

const repoRoot = resolve(__dirname, "../..");

const writes = (emulator: TenantEmulator) =>
  emulator.requestLog.filter((entry) => entry.method === "PATCH" || entry.method === "PUT");

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

  it("creates hCaptcha and the phone templates from the AUTH0_* variables, then has no changes", async () => {
    const outputs = await previewUpPreview(harness, [emulator], 3);
    expect(emulator.tenant.captchaWithSecrets()).toMatchObject({
      active_provider_id: "hcaptcha",
      hcaptcha: { site_key: "site-key-basic", secret },
    });
    expect(outputs).toMatchObject({
      tenantDomain: emulator.domain,
      activeCaptchaProvider: "hcaptcha",
      hcaptchaSiteKey: "site-key-basic",
      phoneTemplateMessages: {
        enrollment: emulator.tenant.phoneTemplates().enrollment_message,
        verification: emulator.tenant.phoneTemplates().verification_message,
      },
      tenantSettings: { friendlyName: "My Company", sessionLifetime: 168, enabledLocales: ["en"] },
    });
    expect(emulator.tenant.phoneTemplates()).not.toEqual(DEFAULT_PHONE_TEMPLATES);
    const state = await harness.exportState();
    expect(state).not.toContain(secret);
    expect(state).not.toContain(emulator.clientSecret);
  });

  it("restores the default phone templates on destroy and leaves the CAPTCHA configuration as it is", async () => {
    await harness.destroy();
    expect(emulator.tenant.phoneTemplates()).toEqual(DEFAULT_PHONE_TEMPLATES);
    expect(emulator.tenant.captcha()?.active_provider_id).toBe("hcaptcha");
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
    [devTenant, prodTenant] = await Promise.all([startEmulator(namedTenant()), startEmulator(namedTenant())]);
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
    expect(devTenant.tenant.captcha()).toMatchObject({
      active_provider_id: "auth_challenge",
      auth_challenge: { fail_open: true },
    });
    expect(devTenant.tenant.phoneTemplates().enrollment_message).toMatch(/^\[dev\] \{\{code\}\}/);
  });

  it("gives prod reCAPTCHA Enterprise with its api key from an encrypted stack secret", async () => {
    const outputs = await previewUpPreview(prod, [prodTenant], 3);
    expect(outputs).toMatchObject({ environment: "prod", activeCaptchaProvider: "recaptcha_enterprise" });
    expect(prodTenant.tenant.captchaWithSecrets()).toMatchObject({
      active_provider_id: "recaptcha_enterprise",
      recaptcha_enterprise: { api_key: apiKey, project_id: "example-prod-project" },
    });
    expect(prodTenant.tenant.phoneTemplates().enrollment_message).toMatch(/Never share it\.$/);
    expect(await prod.exportState()).not.toContain(apiKey);
    expect(prod.output.join("\n")).not.toContain(apiKey);
  });

  it("leaves dev's CAPTCHA on destroy, and resets prod's, as each stack's resetOnDelete says", async () => {
    await dev.destroy();
    await prod.destroy();
    expect(devTenant.tenant.captcha()?.auth_challenge).toEqual({ fail_open: true });
    expect(prodTenant.tenant.captcha()?.active_provider_id).toBe("auth_challenge");
    expect(prodTenant.tenant.phoneTemplates()).toEqual(DEFAULT_PHONE_TEMPLATES);
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
      const emulator = await startEmulator(namedTenant());
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
      expect(emulator.tenant.captchaWithSecrets()?.hcaptcha).toEqual({
        site_key: `site-key-${name}`,
        secret: hcaptchaSecret(name),
      });
      expect(emulator.tenant.phoneTemplates().verification_message).not.toBe(
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
      expect(emulator.tenant.phoneTemplates()).toEqual(DEFAULT_PHONE_TEMPLATES);
    }
  });
});

describeWithEngine("examples/phone-templates-liquid, the documentation's Liquid templates", () => {
  const project = projectName("examples/phone-templates-liquid/Pulumi.yaml");
  let emulator: TenantEmulator;
  let harness: TestStack;

  beforeAll(async () => {
    emulator = await startEmulator();
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
    expect(emulator.tenant.phoneTemplates().enrollment_message).toBe(DOCUMENTED_TEMPLATE);
    expect(outputs).toMatchObject({
      storedEnrollmentMessage: DOCUMENTED_TEMPLATE,
      storedVerificationMessage: emulator.tenant.phoneTemplates().verification_message,
    });
  });

  it("restores the default phone templates on destroy", async () => {
    await harness.destroy();
    expect(emulator.tenant.phoneTemplates()).toEqual(DEFAULT_PHONE_TEMPLATES);
  });
});
