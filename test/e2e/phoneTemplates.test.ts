import { DEFAULT_PHONE_TEMPLATES } from "../../src/resources/phoneTemplates/api";
import { describeWithEngine } from "./support/engine";
import { changedCount } from "../../scripts/support/stack";
import type { TenantStack } from "./support/tenantStack";
import { createTenantStack, failureOf } from "./support/tenantStack";
import { DOCUMENTED_TEMPLATE } from "../unit/templates/documented";

const enrollment = "{{code}} enrolls your phone with {{tenant.friendly_name}}";
const verification = "Your code: {{ code }}";

describeWithEngine("PhoneTemplates and getTenantSettings on the real engine", () => {
  let tenant: TenantStack;

  beforeAll(async () => {
    tenant = await createTenantStack({ phone: "legacy" });
    await tenant.configure({
      enrollmentMessage: { value: enrollment },
      verificationMessage: { value: verification },
      settingsFields: { value: "friendlyName,sessionLifetime,flags" },
    });
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  it("previews with the program's settings read, the templates' friendly-name read and no write", async () => {
    tenant.emulator.clearRequestLog();
    const { changes } = await tenant.harness.preview();
    expect(changes).toMatchObject({ create: 2 });
    const calls = tenant.calls();
    // getTenantSettings in the program; in the provider, one read of the tenant's phone generation
    // (phone_consolidated_experience) and friendly name, which the write check and the templates' preview share.
    expect(calls.filter((call) => call === "GET /api/v2/tenants/settings")).toHaveLength(2);
    expect(calls.filter((call) => call.startsWith("PUT"))).toEqual([]);
  });

  it("replaces the templates with one PUT and exports the selected settings in camelCase", async () => {
    tenant.emulator.clearRequestLog();
    const outputs = await tenant.harness.up();
    expect(tenant.data.phoneTemplates()).toEqual({
      enrollment_message: enrollment,
      verification_message: verification,
    });
    expect(tenant.calls().filter((call) => call.startsWith("PUT"))).toEqual([
      "PUT /api/v2/guardian/factors/phone/templates",
    ]);
    const settings = outputs.settings?.value as Record<string, unknown>;
    expect(Object.keys(settings).sort()).toEqual(["flags", "friendlyName", "sessionLifetime"]);
    expect(settings).toMatchObject({ friendlyName: "My Company", sessionLifetime: 168 });
    expect(settings.flags).toMatchObject({ enableSso: true });
  });

  it("reports no changes on a second preview", async () => {
    const { changes } = await tenant.harness.preview();
    expect(changedCount(changes)).toBe(0);
  });

  it("excludes the listed settings with includeFields false", async () => {
    await tenant.configure({ includeFields: { value: "false" } });
    const outputs = await tenant.harness.up();
    const settings = outputs.settings?.value as Record<string, unknown>;
    expect(settings).not.toHaveProperty("friendlyName");
    expect(settings).not.toHaveProperty("flags");
    expect(settings).toHaveProperty("idleSessionLifetime", 72);
  });

  it("finds templates changed out of band on refresh", async () => {
    await tenant.data.setPhoneTemplates({
      enrollment_message: "{{code}} changed",
      verification_message: verification,
    });
    await tenant.harness.refresh();
    const { changes } = await tenant.harness.preview();
    expect(changes).toMatchObject({ update: 1 });
    await tenant.harness.up();
    expect(tenant.data.phoneTemplates().enrollment_message).toBe(enrollment);
  });

  it("restores the platform's default texts on destroy", async () => {
    await tenant.harness.destroy();
    expect(tenant.data.phoneTemplates()).toEqual(DEFAULT_PHONE_TEMPLATES);
  });
});

describeWithEngine("PhoneTemplates in the platform's Liquid on the real engine", () => {
  let tenant: TenantStack;

  beforeAll(async () => {
    tenant = await createTenantStack({ phone: "legacy" });
    await tenant.configure({
      enrollmentMessage: { value: DOCUMENTED_TEMPLATE },
      verificationMessage: { value: `{{code}} {{tenant.name}} ${"x".repeat(160)}` },
    });
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  it("previews the documentation's branching template without a write", async () => {
    tenant.emulator.clearRequestLog();
    const { changes } = await tenant.harness.preview();
    expect(changes).toMatchObject({ create: 2 });
    // Reads and the write check's token only: nothing is written.
    expect(tenant.calls().filter((call) => !call.startsWith("GET") && call !== "POST /oauth/token")).toEqual(
      [],
    );
  });

  // `pulumi preview --diff` prints diagnostics on stderr; the dynamic provider's lines reach it through engineLog.
  it("prints each SMS, its segments and the warnings in the preview output, and no secret", async () => {
    const { stdout, stderr } = await tenant.harness.preview();
    expect(stderr).toContain(
      'PhoneTemplates templates: enrollmentMessage SMS preview: "\\n  \\n  123456 is your verification code to enroll with My Company.\\n  \\n" (69 characters, GSM-7, 1 segment)',
    );
    expect(stderr).toMatch(
      /PhoneTemplates templates: verificationMessage SMS preview: "123456 {2}x{152}…" and 8 more characters \(168 characters, GSM-7, 2 segments\)/,
    );
    expect(stderr).toMatch(
      /warning: .*verificationMessage uses the variable tenant\.name, .*did you mean tenant\.friendly_name\?/,
    );
    expect(stderr).toMatch(
      /warning: .*PhoneTemplates templates: verificationMessage needs 2 SMS segments .*each segment is billed/,
    );
    expect(`${stdout}\n${stderr}`).not.toContain(tenant.emulator.clientSecret);
  });

  it("applies it, and a second preview shows no changes", async () => {
    await tenant.harness.up();
    expect(tenant.data.phoneTemplates().enrollment_message).toBe(DOCUMENTED_TEMPLATE);
    const { changes } = await tenant.harness.preview();
    expect(changedCount(changes)).toBe(0);
  });

  it("fails preview on a syntax error in one line naming the property, line, column and the parser's message", async () => {
    await tenant.configure({ verificationMessage: { value: "{{code}}\n  {% if locale %}fr" } });
    const printed = await failureOf(tenant, "preview");
    expect(printed).toMatch(
      /'templates'.*verificationMessage: line 2, column 3: tag \{% if locale %\} not closed/,
    );
  });
});
