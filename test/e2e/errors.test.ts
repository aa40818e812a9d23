import { startEmulator } from "../../src/emulator";
import { describeWithEngine } from "./support/engine";
import type { TenantStack } from "./support/tenantStack";
import { createTenantStack, failureOf } from "./support/tenantStack";

const secret = "hc-secret-errors-3b7d95";
const captchaRoute = "PATCH /api/v2/attack-protection/captcha";

describeWithEngine("what a user sees when the tenant refuses", () => {
  let tenant: TenantStack;
  let token: string;

  beforeAll(async () => {
    tenant = await createTenantStack();
    await tenant.configure({
      activeProviderId: { value: "hcaptcha" },
      hcaptchaSiteKey: { value: "site-key" },
      hcaptchaSecret: { value: secret, secret: true },
    });
  });

  afterEach(async () => {
    tenant.emulator.clearFaults();
    tenant.emulator.tenant.setBotDetection(true);
    await tenant.data.createCaptchaConfig();
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  async function useApiToken(value: string): Promise<void> {
    token = value;
    await tenant.configure({ "tenant-admin:apiToken": { value, secret: true } });
    await tenant.unconfigure("tenant-admin:clientId", "tenant-admin:clientSecret");
  }

  it("rejects bad input at preview, naming the property and the rule, before any call", async () => {
    await tenant.configure({ hcaptchaSiteKey: { value: "k".repeat(101) } });
    tenant.emulator.clearRequestLog();
    const printed = await failureOf(tenant, "preview");
    // The engine looks a failure's property up among the top-level inputs: a nested one is named in the reason.
    expect(printed).toContain(
      "error: pulumi-nodejs:dynamic/tenant-admin:CaptchaConfig resource 'captcha' has a problem: " +
        "hcaptcha.siteKey: must be at most 100 characters (got 101)",
    );
    expect(printed).not.toContain("<nil>");
    expect(printed).not.toContain(secret);
    expect(tenant.calls().filter((call) => call.startsWith("PATCH"))).toEqual([]);
    await tenant.configure({ hcaptchaSiteKey: { value: "site-key" } });
  });

  it("prints a top-level property's failure with the property and its value", async () => {
    await tenant.configure({ activeProviderId: { value: "turnstile" } });
    const printed = await failureOf(tenant, "preview");
    expect(printed).toContain(
      "error: pulumi-nodejs:dynamic/tenant-admin:CaptchaConfig resource 'captcha': property activeProviderId " +
        "value {turnstile} has a problem: must be one of: ",
    );
    expect(printed).not.toContain("<nil>");
    await tenant.configure({ activeProviderId: { value: "hcaptcha" } });
  });

  it("asks for the provider block an active provider needs, without printing the secret", async () => {
    await tenant.configure({ activeProviderId: { value: "recaptcha_v2" } });
    const printed = await failureOf(tenant, "preview");
    expect(printed).toContain('activeProviderId is "recaptcha_v2", which needs credentials');
    expect(printed).not.toContain(secret);
    await tenant.configure({ activeProviderId: { value: "hcaptcha" } });
  });

  it("explains a plan without bot detection", async () => {
    tenant.emulator.tenant.setBotDetection(false);
    const printed = await failureOf(tenant, "up");
    // A create reads the configuration first (is it someone's?), and the plan refuses the read as the write.
    expect(printed).toContain(
      "GET /attack-protection/captcha failed: 403 insufficient_entitlement: Please upgrade your subscription to use bot detection",
    );
  });

  it("explains a tenant without a CAPTCHA configuration", async () => {
    await tenant.data.deleteCaptchaConfig();
    const printed = await failureOf(tenant, "up");
    expect(printed).toContain("PATCH /attack-protection/captcha failed: 404");
  });

  it("waits out a short 429 storm and succeeds", async () => {
    tenant.emulator.injectFault(captchaRoute, { kind: "rateLimit", resetInSeconds: 1 }, 2);
    tenant.emulator.clearRequestLog();
    await tenant.harness.up();
    const patches = tenant.emulator.requestLog.filter(
      (entry) => `${entry.method} ${entry.path}` === captchaRoute,
    );
    expect(patches.map((entry) => entry.status)).toEqual([429, 429, 200]);
    expect(tenant.data.captcha()?.active_provider_id).toBe("hcaptcha");
  });

  it("gives up past the rate-limit budget with a message that says so, and a rerun converges", async () => {
    await tenant.configure({
      "tenant-admin:rateLimitBudgetSeconds": { value: "1" },
      hcaptchaSiteKey: { value: "site-key-after-storm" },
    });
    tenant.emulator.injectFault(captchaRoute, { kind: "rateLimit", resetInSeconds: 5 }, 10);
    const printed = await failureOf(tenant, "up");
    expect(printed).toMatch(/PATCH \/attack-protection\/captcha.*rate.limit/i);
    expect(printed).toContain("tenant-admin:rateLimitBudgetSeconds");
    tenant.emulator.clearFaults();
    await tenant.unconfigure("tenant-admin:rateLimitBudgetSeconds");
    await tenant.harness.up();
    expect(tenant.data.captcha()?.hcaptcha).toEqual({ site_key: "site-key-after-storm" });
  });

  it("names the missing scope and writes nothing", async () => {
    await tenant.configure({ hcaptchaSiteKey: { value: "site-key-never-written" } });
    await useApiToken(await tenant.emulator.issueToken({ scopes: ["read:attack_protection"] }));
    const printed = await failureOf(tenant, "up");
    expect(printed).toContain(
      "PATCH /attack-protection/captcha failed: 403 insufficient_scope: Insufficient scope, expected any of: update:attack_protection",
    );
    expect(printed).not.toContain(token);
    expect(tenant.data.captcha()?.hcaptcha).not.toEqual({ site_key: "site-key-never-written" });
  });

  it("rejects a token signed by another tenant with a 401 and never prints it", async () => {
    const other = await startEmulator();
    try {
      await useApiToken(await other.issueToken());
    } finally {
      await other.close();
    }
    const printed = await failureOf(tenant, "up");
    expect(printed).toContain("PATCH /attack-protection/captcha failed: 401");
    expect(printed).not.toContain(token);
    expect(printed).not.toContain(secret);
  });
});

describeWithEngine("a stack without credentials", () => {
  let tenant: TenantStack;

  beforeAll(async () => {
    tenant = await createTenantStack();
    await tenant.configure({ activeProviderId: { value: "auth_challenge" } });
    await tenant.unconfigure("tenant-admin:clientId", "tenant-admin:clientSecret");
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  it("says so at preview in one short line, once, naming the keys to set", async () => {
    const printedBefore = tenant.harness.output.length;
    await failureOf(tenant, "preview");
    const lines = tenant.harness.output
      .slice(printedBefore)
      .join("")
      .split("\n")
      .filter((line) => line.includes("No credentials"));
    expect(lines).toHaveLength(1);
    const message = lines[0]?.slice(lines[0].indexOf("No credentials")) ?? "";
    expect(message).toBe(
      `No credentials for tenant ${new URL(tenant.emulator.url).host}: set tenant-admin:clientId and tenant-admin:clientSecret ` +
        "(or AUTH0_CLIENT_ID and AUTH0_CLIENT_SECRET), or tenant-admin:apiToken (or AUTH0_API_TOKEN); " +
        "docs/connection.md lists every way.",
    );
    expect(message.length).toBeLessThan(250);
  });
});
