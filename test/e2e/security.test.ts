import type { Secrets } from "../support/secrets";
import { expectNoSecrets } from "../support/secrets";
import { describeWithEngine } from "./support/engine";
import type { TenantStack } from "./support/tenantStack";
import { createTenantStack, failureOf } from "./support/tenantStack";

const secrets = {
  hcaptchaSecret: "hc-secret-security-2f9c6b1e",
  recaptchaEnterpriseApiKey: "re-api-key-security-7d4a08c3",
  clientSecret: "client-secret-security-b81e5d0f37",
  rotatedHcaptchaSecret: "hc-secret-rotated-security-c07a93",
  rotatedApiKey: "re-api-key-rotated-security-5e12d4",
} satisfies Secrets;

describeWithEngine("security on the real engine: secrets, transport and scopes", () => {
  let tenant: TenantStack;
  const logLines: string[] = [];
  const failures: string[] = [];

  beforeAll(async () => {
    tenant = await createTenantStack({
      phone: "legacy",
      emulator: { clientSecret: secrets.clientSecret, log: (line) => logLines.push(line) },
    });
    await tenant.configure({
      activeProviderId: { value: "hcaptcha" },
      hcaptchaSiteKey: { value: "site-key" },
      hcaptchaSecret: { value: secrets.hcaptchaSecret, secret: true },
      recaptchaEnterpriseSiteKey: { value: "re-site-key" },
      recaptchaEnterpriseApiKey: { value: secrets.recaptchaEnterpriseApiKey, secret: true },
      recaptchaEnterpriseProjectId: { value: "re-project" },
      enrollmentMessage: { value: "{{code}} enrolls your phone" },
      verificationMessage: { value: "{{code}} is your code" },
    });
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  it("shows no secret in preview --diff, up, or the diff of a secret rotation", async () => {
    const { stdout: created } = await tenant.harness.preview();
    expect(created).toContain("site-key");
    await tenant.harness.up();
    await tenant.configure({
      hcaptchaSecret: { value: secrets.rotatedHcaptchaSecret, secret: true },
      recaptchaEnterpriseApiKey: { value: secrets.rotatedApiKey, secret: true },
    });
    const { changes, stdout: rotated } = await tenant.harness.preview();
    expect(changes).toMatchObject({ update: 1 });
    expect(rotated).toContain("[secret]");
    await tenant.harness.up();
    expect(tenant.data.captchaWithSecrets()).toMatchObject({
      hcaptcha: { secret: secrets.rotatedHcaptchaSecret },
      recaptcha_enterprise: { api_key: secrets.rotatedApiKey },
    });

    expectNoSecrets(created, secrets, "preview --diff of the new stack");
    expectNoSecrets(rotated, secrets, "preview --diff of the rotation");
    expectNoSecrets(tenant.harness.output.join("\n"), secrets, "the engine's output");
    expectNoSecrets(await tenant.harness.exportState(), secrets, "pulumi stack export");
  });

  it("refuses plain http:// to a host that is not loopback at preview, before any request", async () => {
    await tenant.configure({ "tenant-admin:domain": { value: "http://tenant.example.com" } });
    tenant.emulator.clearRequestLog();
    try {
      const printed = await failureOf(tenant, "preview");
      failures.push(printed);
      expect(printed).toContain(
        "The stack config key tenant-admin:domain is not a usable tenant domain: http:// is only allowed for " +
          "loopback addresses (localhost, 127.0.0.0/8, [::1]); use https://tenant.example.com for tenant.example.com",
      );
      expect(tenant.emulator.requestLog).toEqual([]);
    } finally {
      await tenant.configure({ "tenant-admin:domain": { value: tenant.emulator.domain } });
    }
  });

  it("never writes the phone templates with a token that lacks update:guardian_factors", async () => {
    const token = await tenant.emulator.issueToken({
      scopes: ["read:attack_protection", "update:attack_protection", "read:guardian_factors"],
    });
    await tenant.configure({
      "tenant-admin:apiToken": { value: token, secret: true },
      enrollmentMessage: { value: "{{code}} is never written" },
    });
    await tenant.unconfigure("tenant-admin:clientId", "tenant-admin:clientSecret");
    tenant.emulator.clearRequestLog();

    const printed = await failureOf(tenant, "up");
    failures.push(printed);

    expect(printed).toContain(
      "PUT /guardian/factors/phone/templates failed: 403 insufficient_scope: Insufficient scope, expected any of: update:guardian_factors",
    );
    expect(tenant.calls()).toEqual(["PUT /api/v2/guardian/factors/phone/templates"]);
    expect(tenant.emulator.requestLog[0]?.status).toBe(403);
    expect(tenant.data.phoneTemplates().enrollment_message).toBe("{{code}} enrolls your phone");
    expectNoSecrets(printed, { ...secrets, apiToken: token }, "the scope failure");
  });

  it("keeps every secret and access token out of the errors and the emulator's log lines", () => {
    expect(failures).toHaveLength(2);
    for (const [index, failure] of failures.entries())
      expectNoSecrets(failure, secrets, `failure ${index + 1}`);
    expect(logLines.length).toBeGreaterThan(5);
    expectNoSecrets(logLines.join("\n"), secrets, "the emulator's log lines");
  });
});
