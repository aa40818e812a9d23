import { describeWithEngine } from "./support/engine";
import { changedCount } from "../../scripts/support/stack";
import type { TenantStack } from "./support/tenantStack";
import { createTenantStack } from "./support/tenantStack";

const secret = "hc-secret-5d1f0a9e7c";
const rotatedSecret = "hc-secret-rotated-81be42";
/** The CaptchaConfig resource in a `pulumi stack export`. */
function captchaResource(state: string): { outputs: Record<string, unknown> } {
  const { deployment } = JSON.parse(state) as {
    deployment: { resources: { type: string; outputs: Record<string, unknown> }[] };
  };
  const found = deployment.resources.find((resource) => resource.type.endsWith(":CaptchaConfig"));
  if (found === undefined) throw new Error("no CaptchaConfig in the stack's state");
  return found;
}

const writes = (calls: string[]) => calls.filter((call) => /^(PATCH|PUT|POST \/api)/.test(call));

describeWithEngine("CaptchaConfig on the real engine against the emulator", () => {
  let tenant: TenantStack;

  beforeAll(async () => {
    tenant = await createTenantStack();
    await tenant.configure({
      activeProviderId: { value: "hcaptcha" },
      hcaptchaSiteKey: { value: "site-key-1" },
      hcaptchaSecret: { value: secret, secret: true },
      authChallengeFailOpen: { value: "false" },
    });
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  it("previews a fresh stack without a single write to the tenant", async () => {
    tenant.emulator.clearRequestLog();
    const { changes } = await tenant.harness.preview();
    expect(changes).toMatchObject({ create: 2 });
    expect(writes(tenant.calls())).toEqual([]);
  });

  it("creates the configuration with one read, one PATCH and one token", async () => {
    tenant.emulator.clearRequestLog();
    const outputs = await tenant.harness.up();
    expect(outputs.activeProviderId?.value).toBe("hcaptcha");
    expect(outputs.hcaptchaSiteKey?.value).toBe("site-key-1");
    expect(tenant.data.captchaWithSecrets()).toMatchObject({
      active_provider_id: "hcaptcha",
      hcaptcha: { site_key: "site-key-1", secret },
      auth_challenge: { fail_open: false },
    });
    // The create reads the configuration first: it takes it only while nobody configured it.
    expect(tenant.calls()).toEqual([
      "POST /oauth/token",
      "GET /api/v2/attack-protection/captcha",
      "PATCH /api/v2/attack-protection/captcha",
    ]);
  });

  it("reports no changes on a second preview", async () => {
    const { changes } = await tenant.harness.preview();
    expect(changedCount(changes)).toBe(0);
  });

  it("keeps the secret encrypted in state and out of the engine's output", async () => {
    const state = await tenant.harness.exportState();
    const captcha = captchaResource(state);
    expect(captcha.outputs.hcaptcha).toMatchObject({ siteKey: "site-key-1" });
    expect(JSON.stringify(captcha.outputs.hcaptcha)).toContain("ciphertext");
    expect(state).not.toContain(secret);
    expect(state).not.toContain(tenant.emulator.clientSecret);
    expect(tenant.harness.output.join("\n")).not.toContain(secret);
  });

  it("serializes a provider of under 4 KB into state that captures no modules", async () => {
    const state = JSON.parse(await tenant.harness.exportState()) as {
      deployment: { resources: { type: string; inputs?: { __provider?: string } }[] };
    };
    const serialized = state.deployment.resources
      .filter((resource) => resource.type.startsWith("pulumi-nodejs:dynamic/tenant-admin:"))
      .map((resource) => resource.inputs?.__provider ?? "");
    expect(serialized).toHaveLength(1);
    for (const provider of serialized) {
      expect(Buffer.byteLength(provider)).toBeLessThan(4096);
      expect(provider).toContain('require("pulumi-tenant-admin/provider")');
      expect(provider).not.toMatch(/axios|zod|ManagementClient/);
    }
  });

  it("updates the resource when a site key changes", async () => {
    await tenant.configure({ hcaptchaSiteKey: { value: "site-key-2" } });
    const { changes } = await tenant.harness.preview();
    expect(changes).toMatchObject({ update: 1 });
    await tenant.harness.up();
    expect(tenant.data.captcha()?.hcaptcha).toEqual({ site_key: "site-key-2" });
  });

  it("updates the resource when only the secret changes, without showing it", async () => {
    await tenant.configure({ hcaptchaSecret: { value: rotatedSecret, secret: true } });
    const { changes, stdout } = await tenant.harness.preview();
    expect(changes).toMatchObject({ update: 1 });
    expect(stdout).not.toContain(rotatedSecret);
    await tenant.harness.up();
    expect(tenant.data.captchaWithSecrets()?.hcaptcha).toEqual({
      site_key: "site-key-2",
      secret: rotatedSecret,
    });
  });

  it("finds an out-of-band change on refresh and puts it back on up", async () => {
    await tenant.data.patchCaptcha({
      active_provider_id: "auth_challenge",
      hcaptcha: { site_key: "changed-in-dashboard", secret: "other" },
    });
    await tenant.harness.refresh();
    const captcha = captchaResource(await tenant.harness.exportState());
    expect(captcha.outputs).toMatchObject({
      activeProviderId: "auth_challenge",
      hcaptcha: { siteKey: "changed-in-dashboard" },
    });
    const { changes } = await tenant.harness.preview();
    expect(changes).toMatchObject({ update: 1 });
    await tenant.harness.up();
    expect(tenant.data.captchaWithSecrets()).toMatchObject({
      active_provider_id: "hcaptcha",
      hcaptcha: { site_key: "site-key-2", secret: rotatedSecret },
    });
  });

  it("leaves providers the program does not declare as they are", async () => {
    await tenant.data.patchCaptcha({ recaptcha_v2: { site_key: "kept", secret: "kept-secret" } });
    await tenant.harness.refresh();
    const { changes } = await tenant.harness.preview();
    expect(changedCount(changes)).toBe(0);
    expect(tenant.data.captcha()?.recaptcha_v2).toEqual({ site_key: "kept" });
  });

  it("forgets the resource on refresh when the tenant's configuration is gone, and recreates it", async () => {
    await tenant.data.deleteCaptchaConfig();
    await tenant.harness.refresh();
    expect(await tenant.harness.exportState()).not.toContain("tenant-admin:CaptchaConfig");
    await tenant.data.createCaptchaConfig();
    await tenant.harness.up();
    expect(tenant.data.captcha()).toMatchObject({ active_provider_id: "hcaptcha" });
  });

  it("refreshes when the tenant lost a declared provider block, and puts it back on up", async () => {
    await tenant.data.deleteCaptchaConfig();
    await tenant.data.createCaptchaConfig();
    expect(tenant.data.captchaWithSecrets()?.hcaptcha).toBeUndefined();
    await tenant.harness.refresh();
    const { changes } = await tenant.harness.preview();
    expect(changes).toMatchObject({ update: 1 });
    await tenant.harness.up();
    expect(tenant.data.captchaWithSecrets()?.hcaptcha).toEqual({
      site_key: "site-key-2",
      secret: rotatedSecret,
    });
  });

  it("leaves the tenant's CAPTCHA as it is on destroy by default", async () => {
    await tenant.harness.destroy();
    expect(tenant.data.captcha()).toMatchObject({ active_provider_id: "hcaptcha" });
  });

  it("takes back what its destroy left (what the program declares), and switches to auth_challenge on destroy with resetOnDelete", async () => {
    await tenant.configure({ resetOnDelete: { value: "true" } });
    await tenant.harness.up();
    await tenant.harness.destroy();
    expect(tenant.data.captcha()).toMatchObject({ active_provider_id: "auth_challenge" });
  });
});
