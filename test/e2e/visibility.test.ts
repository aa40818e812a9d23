import { describeWithEngine } from "./support/engine";
import type { TenantStack } from "./support/tenantStack";
import { createTenantStack, failureOf } from "./support/tenantStack";

const secret = "hc-secret-visibility-51c0a2";

describeWithEngine("what the engine output shows of waits and failures", () => {
  let tenant: TenantStack;

  beforeAll(async () => {
    tenant = await createTenantStack();
  });

  afterEach(async () => {
    tenant.emulator.clearFaults();
    await tenant.unconfigure("activeProviderId", "hcaptchaSiteKey", "hcaptchaSecret", "catchSettingsError");
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  it("names the operation and the wait when the provider waits out a 429", async () => {
    await tenant.configure({
      activeProviderId: { value: "hcaptcha" },
      hcaptchaSiteKey: { value: "site-key-visible" },
      hcaptchaSecret: { value: secret, secret: true },
    });
    tenant.emulator.injectFault("PATCH /api/v2/attack-protection/captcha", {
      kind: "rateLimit",
      resetInSeconds: 1,
    });
    const before = tenant.harness.output.length;
    await tenant.harness.up();
    const printed = tenant.harness.output.slice(before).join("");
    expect(printed).toMatch(/PATCH \/attack-protection\/captcha: rate-limited \(429\); waiting \d+(\.\d)? s/);
    expect(printed).not.toContain(secret);
  });

  it("names the operation and the wait when getTenantSettings retries a 5xx", async () => {
    await tenant.configure({ catchSettingsError: { value: "true" } });
    tenant.emulator.injectFault("GET /api/v2/tenants/settings", { kind: "serverError", status: 503 });
    const before = tenant.harness.output.length;
    const outputs = await tenant.harness.up();
    const printed = tenant.harness.output.slice(before).join("");
    expect(printed).toMatch(/GET \/tenants\/settings: 503; retrying in \d+(\.\d)? s/);
    expect(outputs["settingsError"]?.value).toBe("none");
  });

  it("lets the program catch getTenantSettings' failure by its exported class", async () => {
    await tenant.configure({ catchSettingsError: { value: "true" } });
    tenant.emulator.injectFault("GET /api/v2/tenants/settings", { kind: "serverError", status: 503 }, 5);
    const outputs = await tenant.harness.up();
    expect(outputs["settingsError"]?.value).toBe("TenantApiError 503");
  });

  it("prints an uncaught getTenantSettings failure as one line, without a stack", async () => {
    await tenant.configure({ catchSettingsError: { value: "false" } });
    tenant.emulator.injectFault("GET /api/v2/tenants/settings", { kind: "serverError", status: 503 }, 5);
    const printed = await failureOf(tenant, "up");
    const line = "GET /tenants/settings failed: 503 Service Unavailable";
    expect(printed).toContain(line);
    expect(printed).not.toMatch(/unhandled exception/);
    expect(printed).not.toMatch(/^\s+at .*(dist|node_modules)\//m);
    const failureLines = printed.split("\n").filter((text) => text.includes(line));
    expect(failureLines.length).toBeGreaterThan(0);
  });
});
