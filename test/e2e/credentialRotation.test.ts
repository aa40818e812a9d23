import type { TenantEmulator } from "../../src/emulator";
import { startEmulator } from "../../src/emulator";
import { namedTenant } from "../../scripts/support/namedTenant";
import type { TestStack } from "../../scripts/support/stack";
import { changedCount, createTestStack } from "../../scripts/support/stack";
import { runPulumi } from "./support/cli";
import { describeWithEngine } from "./support/engine";
import { tenantData } from "./support/tenantData";
import type { TenantStack } from "./support/tenantStack";
import { createTenantStack } from "./support/tenantStack";

const hcaptchaSecret = "hc-secret-rotation-3a81f0";
const verifyText = "{{ code }} is your code (rotation)";

/** The program's settings: a CaptchaConfig and an otp_verify template. */
const declared = {
  "e2e:activeProviderId": { value: "hcaptcha" },
  "e2e:hcaptchaSiteKey": { value: "site-key-rotation" },
  "e2e:hcaptchaSecret": { value: hcaptchaSecret, secret: true },
  "e2e:notificationTemplates": { value: JSON.stringify([{ type: "otp_verify", text: verifyText }]) },
};

/** The requests an emulator saw that change the tenant. */
const writes = (emulator: TenantEmulator) =>
  emulator.requestLog.filter((entry) => entry.method !== "GET" && entry.path !== "/oauth/token");

/** The stack's resources in `pulumi stack export`, by type. */
async function resourceTypes(harness: TestStack): Promise<string[]> {
  const { deployment } = JSON.parse(await harness.exportState()) as {
    deployment: { resources?: { type: string }[] };
  };
  return (deployment.resources ?? []).map((resource) => resource.type).sort();
}

describeWithEngine("a rotated client secret (the old one revoked), through the CLI", () => {
  let tenant: TenantStack;
  let deployed: string[];

  async function rotate(): Promise<void> {
    const secret = await tenant.emulator.rotateClientSecret();
    await tenant.harness.stack.setConfig("tenant-admin:clientSecret", { value: secret, secret: true });
  }

  beforeAll(async () => {
    tenant = await createTenantStack();
    await tenant.harness.stack.setAllConfig(declared);
    await tenant.harness.up();
    deployed = await resourceTypes(tenant.harness);
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  it("previews no changes with the new secret in stack config", async () => {
    await rotate();
    const { changes } = await tenant.harness.preview({ expectNoChanges: true });
    expect(changedCount(changes)).toBe(0);
  });

  it("fails plain pulumi refresh before anything is read or written, naming pulumi refresh --run-program", async () => {
    tenant.emulator.clearRequestLog();
    const run = await runPulumi(tenant.harness, ["refresh", "--yes"]);
    expect(run.code).not.toBe(0);
    expect(run.printed).toContain("pulumi refresh --run-program");
    expect(run.printed).toMatch(/stack config saved at the last pulumi up/);
    // Only the token request with the saved (revoked) secret, refused.
    expect(
      tenant.emulator.requestLog.map((entry) => `${entry.method} ${entry.path} ${entry.status}`),
    ).toEqual(expect.arrayContaining(["POST /oauth/token 401"]));
    expect(tenant.emulator.requestLog.filter((entry) => entry.path !== "/oauth/token")).toEqual([]);
    expect(await resourceTypes(tenant.harness)).toEqual(deployed);
  });

  it("fails plain pulumi destroy of the template before it is deleted, naming pulumi destroy --run-program", async () => {
    tenant.emulator.clearRequestLog();
    const run = await runPulumi(tenant.harness, ["destroy", "--yes"]);
    expect(run.code).not.toBe(0);
    expect(run.printed).toContain("pulumi destroy --run-program");
    expect(writes(tenant.emulator)).toEqual([]);
    expect(tenant.data.notificationTemplate("otp_verify")?.content.body?.text).toBe(verifyText);
    // The CaptchaConfig's delete leaves the tenant as it is (no resetOnDelete): it needs no request and
    // leaves the stack; the template stays in it.
    expect(await resourceTypes(tenant.harness)).toEqual(
      deployed.filter((type) => !type.endsWith(":CaptchaConfig")),
    );
    expect(tenant.data.captcha()?.active_provider_id).toBe("hcaptcha");
  });

  it("refreshes with pulumi refresh --run-program, which uses the new secret", async () => {
    tenant.emulator.clearRequestLog();
    const run = await runPulumi(tenant.harness, ["refresh", "--yes", "--run-program"]);
    expect(run).toMatchObject({ code: 0 });
    expect(tenant.emulator.requestLog.filter((entry) => entry.status !== 200)).toEqual([]);
    expect(tenant.calls()).toEqual(expect.arrayContaining(["POST /oauth/token"]));
    expect(writes(tenant.emulator)).toEqual([]);
    expect(run.printed).not.toContain(tenant.emulator.clientSecret);
  });

  it("destroys with pulumi destroy --run-program after another rotation", async () => {
    await rotate();
    tenant.emulator.clearRequestLog();
    const run = await runPulumi(tenant.harness, ["destroy", "--yes", "--run-program"]);
    expect(run).toMatchObject({ code: 0 });
    expect(tenant.data.notificationTemplates()).toEqual([]);
    expect(await resourceTypes(tenant.harness)).toEqual([]);
    expect(run.printed).not.toContain(tenant.emulator.clientSecret);
  });
});

describeWithEngine(
  "a stack moved from tenant A to B and its config moved back, the domain in stack config and the credentials in AUTH0_CLIENT_ID/SECRET",
  () => {
    let tenantA: TenantEmulator;
    let tenantB: TenantEmulator;
    let harness: TestStack;

    /** Points the stack at `emulator`: its domain in stack config, its credentials in the environment. */
    async function pointAt(emulator: TenantEmulator): Promise<void> {
      Object.assign(harness.stack.workspace.envVars, {
        AUTH0_CLIENT_ID: emulator.clientId,
        AUTH0_CLIENT_SECRET: emulator.clientSecret,
      });
      await harness.stack.setConfig("tenant-admin:domain", { value: emulator.domain });
    }

    beforeAll(async () => {
      tenantA = await startEmulator(namedTenant({ rateLimit: false }));
      tenantB = await startEmulator(namedTenant({ rateLimit: false }));
      harness = await createTestStack({
        programDir: "test/e2e/programs/tenant",
        config: declared,
        env: {
          PULUMI_NODEJS_TRANSPILE_ONLY: "true",
          AUTH0_DOMAIN: "",
          AUTH0_CLIENT_ID: "",
          AUTH0_CLIENT_SECRET: "",
          AUTH0_API_TOKEN: "",
          AUTH0_AUDIENCE: "",
        },
      });
      await pointAt(tenantA);
      await harness.up();
      await pointAt(tenantB);
      await harness.up();
      // The config moves back to A (no up): state and the saved provider config name B.
      await pointAt(tenantA);
    });

    afterAll(async () => {
      await harness?.dispose();
      await tenantA?.close();
      await tenantB?.close();
    });

    it("has moved the objects to B", () => {
      expect(tenantData(tenantB).notificationTemplate("otp_verify")?.content.body?.text).toBe(verifyText);
      expect(tenantData(tenantB).captchaWithSecrets()?.hcaptcha).toEqual({
        site_key: "site-key-rotation",
        secret: hcaptchaSecret,
      });
    });

    it("fails plain pulumi refresh without sending anything to either tenant, naming pulumi refresh --run-program", async () => {
      tenantA.clearRequestLog();
      tenantB.clearRequestLog();
      const run = await runPulumi(harness, ["refresh", "--yes"]);
      expect(run.code).not.toBe(0);
      expect(run.printed).toContain(`${tenantB.url}: nothing was sent`);
      expect(run.printed).toContain("pulumi refresh --run-program");
      expect(tenantA.requestLog).toEqual([]);
      expect(tenantB.requestLog).toEqual([]);
      expect(run.printed).not.toContain(tenantA.clientSecret);
    });

    it("with pulumi refresh --run-program, warns that B is left as it was and sends B nothing", async () => {
      tenantA.clearRequestLog();
      tenantB.clearRequestLog();
      const before = tenantData(tenantB).notificationTemplates();
      const run = await runPulumi(harness, ["refresh", "--yes", "--run-program"]);
      expect(run).toMatchObject({ code: 0 });
      expect(run.printed).toMatch(
        new RegExp(
          `PhoneNotificationTemplate on ${tenantB.url} was not refreshed: the stack's tenant is now ${tenantA.url}, ` +
            `and no credentials are configured for ${tenantB.url}; that tenant is left as it was`,
        ),
      );
      expect(tenantB.requestLog).toEqual([]);
      expect(writes(tenantA)).toEqual([]);
      expect(tenantData(tenantB).notificationTemplates()).toEqual(before);
    });
  },
);
