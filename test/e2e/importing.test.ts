import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import { changedCount } from "../../scripts/support/stack";
import { getCaptcha } from "../../src/resources/captchaConfig/api";
import { getPhoneTemplates } from "../../src/resources/phoneTemplates/api";
import { runPulumi } from "./support/cli";
import { describeWithEngine } from "./support/engine";
import type { TenantStack } from "./support/tenantStack";
import { createTenantStack, failureOf } from "./support/tenantStack";

const dashboardSecret = "hc-dashboard-secret-3f9a71";
const declaredSecret = "hc-declared-secret-c04e2b";
const templates = {
  enrollment_message: "Enrol with {{code}} at {{tenant.friendly_name}}",
  verification_message: "{{code}} is your code",
};

const writes = (calls: string[]) => calls.filter((call) => /^(PATCH|PUT)/.test(call));

describeWithEngine("The import resource option on the real engine against a hand-made tenant", () => {
  let tenant: TenantStack;
  let host: string;

  beforeAll(async () => {
    tenant = await createTenantStack({ programDir: "test/e2e/programs/adopt", phone: "legacy" });
    host = new URL(tenant.emulator.domain).host;
    // What a team set up by hand in the dashboard.
    await tenant.data.patchCaptcha({
      active_provider_id: "hcaptcha",
      hcaptcha: { site_key: "hand-made-site-key", secret: dashboardSecret },
      auth_challenge: { fail_open: true },
      recaptcha_v2: { site_key: "undeclared", secret: "undeclared-secret" },
    });
    await tenant.data.setPhoneTemplates(templates);
    await tenant.configure({
      hcaptchaSiteKey: { value: "hand-made-site-key" },
      hcaptchaSecret: { value: declaredSecret, secret: true },
      enrollmentMessage: { value: templates.enrollment_message },
      verificationMessage: { value: templates.verification_message },
      captchaImportId: { value: `${host}${getCaptcha.path}` },
      templatesImportId: { value: `${host}${getPhoneTemplates.path}` },
    });
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  it.each([
    ["a malformed id", "not an id", /import id "not an id" is not <tenant host>\/attack-protection\/captcha/],
    ["an id with a scheme", "https://x.example.com/attack-protection/captcha", /must not have a scheme/],
    [
      "another resource's path",
      "HOST/guardian/factors/phone/templates",
      /is not <tenant host>\/attack-protection/,
    ],
    [
      "another tenant",
      "other-tenant.example.com/attack-protection/captcha",
      /names the tenant other-tenant\.example\.com/,
    ],
  ])("refuses %s at preview with a one-line reason", async (_case, id, reason) => {
    await tenant.configure({ captchaImportId: { value: id.replace("HOST", host) } });
    const printed = await failureOf(tenant, "preview");
    expect(printed).toMatch(reason);
    expect(printed).not.toMatch(/at .*node_modules\/pulumi-tenant-admin/);
    await tenant.configure({ captchaImportId: { value: `${host}${getCaptcha.path}` } });
  });

  it("refuses an import whose declared fields differ from the tenant's, naming them", async () => {
    await tenant.configure({ hcaptchaSiteKey: { value: "another-site-key" } });
    const printed = await failureOf(tenant, "preview");
    expect(printed).toMatch(
      /cannot import: the tenant's CAPTCHA configuration differs from the program at hcaptcha\.siteKey/,
    );
    expect(printed).not.toContain(declaredSecret);
    await tenant.configure({ hcaptchaSiteKey: { value: "hand-made-site-key" } });
  });

  it("imports both objects without writing to the tenant, although the tenant never returns the secret", async () => {
    tenant.emulator.clearRequestLog();
    const { changes } = await tenant.harness.preview();
    expect(changes).toEqual({ create: 3 }); // the stack and the two imported objects
    await tenant.harness.up();
    expect(writes(tenant.calls())).toEqual([]);
    expect(tenant.data.captchaWithSecrets()?.hcaptcha).toEqual({
      site_key: "hand-made-site-key",
      secret: dashboardSecret,
    });
    expect(tenant.data.phoneTemplates()).toEqual(templates);
  });

  it("shows the declared secret as the only update at the next preview, without its value", async () => {
    const { changes, stdout } = await tenant.harness.preview();
    expect(changes).toMatchObject({ update: 1, same: 2 });
    expect(stdout).toMatch(/\+ *secret *: *\[secret\]/);
    expect(stdout).not.toMatch(/[-+~] *(siteKey|failOpen|activeProviderId|enrollmentMessage)/);
    expect(stdout).not.toContain(declaredSecret);
  });

  it("writes the declared secret on the next up, and then has no changes", async () => {
    tenant.emulator.clearRequestLog();
    await tenant.harness.up();
    expect(writes(tenant.calls())).toEqual(["PATCH /api/v2/attack-protection/captcha"]);
    expect(tenant.data.captchaWithSecrets()).toMatchObject({
      active_provider_id: "hcaptcha",
      hcaptcha: { site_key: "hand-made-site-key", secret: declaredSecret },
      recaptcha_v2: { site_key: "undeclared", secret: "undeclared-secret" },
    });
    expect(changedCount((await tenant.harness.preview()).changes)).toBe(0);
    expect(await tenant.harness.exportState()).not.toContain(declaredSecret);
  });

  it("has no changes when the import option is removed from the program", async () => {
    await tenant.unconfigure("captchaImportId", "templatesImportId");
    expect(changedCount((await tenant.harness.preview()).changes)).toBe(0);
  });

  it("cannot be replaced by pulumi import, which fails as docs/adopting.md quotes, writing nothing", async () => {
    const page = readFileSync(resolve(__dirname, "../../docs/adopting.md"), "utf8").replace(/\s+/g, " ");
    const quoted = /prints `(error: Preview failed: [^`]+)`/.exec(page)?.[1];
    expect(quoted).toBeDefined();
    tenant.emulator.clearRequestLog();

    const run = await runPulumi(tenant.harness, [
      "import",
      "pulumi-nodejs:dynamic/tenant-admin:CaptchaConfig",
      "imported-captcha",
      `${host}${getCaptcha.path}`,
      "--yes",
    ]);

    expect(run.code).not.toBe(0);
    expect(run.printed).toContain(quoted);
    expect(writes(tenant.calls())).toEqual([]);
  });
});
