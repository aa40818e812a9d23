import { describeWithEngine } from "./support/engine";
import type { TenantStack } from "./support/tenantStack";
import { createTenantStack, failureOf } from "./support/tenantStack";

const secret = "hc-secret-visibility-51c0a2";

/**
 * What the engine printed holds `line`, and nothing Node or a stack adds to a failure: no
 * `(node:<pid>) PromiseRejectionHandledWarning`, no `UnhandledPromiseRejection`, no stack frame.
 */
function expectOnlyTheLine(printed: string, line: string): void {
  expect(printed).toContain(line);
  expect(printed).not.toMatch(/PromiseRejectionHandledWarning|UnhandledPromiseRejection|unhandled exception/);
  expect(printed).not.toMatch(/\(node:\d+\)/);
  expect(printed).not.toMatch(/^\s+at \S/m);
}

describeWithEngine("what the engine output shows of waits and failures", () => {
  let tenant: TenantStack;

  beforeAll(async () => {
    tenant = await createTenantStack();
  });

  afterEach(async () => {
    tenant.emulator.clearFaults();
    await tenant.unconfigure(
      "activeProviderId",
      "hcaptchaSiteKey",
      "hcaptchaSecret",
      "catchSettingsError",
      "settingsFields",
      "settingsExport",
    );
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
    expectOnlyTheLine(printed, "GET /tenants/settings failed: 503 Service Unavailable");
  });

  it("prints getTenantSettingsOutput's failure before any request as one line, without a Node warning", async () => {
    await tenant.configure({ settingsFields: { value: "friendlyName,noSuchField" } });
    const line = 'getTenantSettings: unknown field "noSuchField" in fields; known fields: ';
    // Was, beside the line: two `(node:<pid>) PromiseRejectionHandledWarning: Promise rejection was handled
    // asynchronously` lines, as the engine read the stack output after the Output had failed.
    expectOnlyTheLine(await failureOf(tenant, "preview"), line);
    expectOnlyTheLine(await failureOf(tenant, "up"), line);
  });

  it("prints the failure as one line when one field of getTenantSettingsOutput is exported, with transpile-only", async () => {
    // createTenantStack runs the program with PULUMI_NODEJS_TRANSPILE_ONLY=true, as docs/performance.md advises.
    await tenant.configure({
      settingsFields: { value: "friendlyNam" },
      settingsExport: { value: "friendlyName" },
    });
    const line =
      'getTenantSettings: unknown field "friendlyNam" in fields (did you mean friendlyName?); known fields: ';
    // Was, before the line: two `(node:<pid>) PromiseRejectionHandledWarning` lines, for the field's Output.
    expectOnlyTheLine(await failureOf(tenant, "preview"), line);
    expectOnlyTheLine(await failureOf(tenant, "up"), line);
  });

  it("prints getTenantSettingsOutput's 401 for a wrong client secret as one line", async () => {
    await tenant.configure({
      settingsFields: { value: "friendlyName" },
      "tenant-admin:clientSecret": { value: "not-the-client-secret", secret: true },
    });
    try {
      const line = `getTenantSettings: ${tenant.emulator.url}: POST /oauth/token failed: 401`;
      for (const step of ["preview", "up"] as const) {
        const printed = await failureOf(tenant, step);
        expectOnlyTheLine(printed, line);
        expect(printed).not.toContain("not-the-client-secret");
      }
    } finally {
      await tenant.configure({
        "tenant-admin:clientSecret": { value: tenant.emulator.clientSecret, secret: true },
      });
    }
  });
});
