import { DEFAULT_PHONE_TEMPLATES } from "../../src/wire";
import { describeWithEngine } from "./support/engine";
import { changedCount } from "../../scripts/support/stack";
import type { TenantStack } from "./support/tenantStack";
import { createTenantStack } from "./support/tenantStack";

const enrollment = "{{code}} enrolls your phone with {{tenant.friendly_name}}";
const verification = "Your code: {{ code }}";

describeWithEngine("PhoneTemplates and getTenantSettings on the real engine", () => {
  let tenant: TenantStack;

  beforeAll(async () => {
    tenant = await createTenantStack();
    await tenant.configure({
      enrollmentMessage: { value: enrollment },
      verificationMessage: { value: verification },
      settingsFields: { value: "friendlyName,sessionLifetime,flags" },
    });
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  it("previews with one settings read and no write", async () => {
    tenant.emulator.clearRequestLog();
    const { changes } = await tenant.harness.preview();
    expect(changes).toMatchObject({ create: 2 });
    const calls = tenant.calls();
    expect(calls.filter((call) => call === "GET /api/v2/tenants/settings")).toHaveLength(1);
    expect(calls.filter((call) => call.startsWith("PUT"))).toEqual([]);
  });

  it("replaces the templates with one PUT and exports the selected settings in camelCase", async () => {
    tenant.emulator.clearRequestLog();
    const outputs = await tenant.harness.up();
    expect(tenant.emulator.tenant.phoneTemplates()).toEqual({
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
    await tenant.emulator.tenant.setPhoneTemplates({
      enrollment_message: "{{code}} changed",
      verification_message: verification,
    });
    await tenant.harness.refresh();
    const { changes } = await tenant.harness.preview();
    expect(changes).toMatchObject({ update: 1 });
    await tenant.harness.up();
    expect(tenant.emulator.tenant.phoneTemplates().enrollment_message).toBe(enrollment);
  });

  it("restores the platform's default texts on destroy", async () => {
    await tenant.harness.destroy();
    expect(tenant.emulator.tenant.phoneTemplates()).toEqual(DEFAULT_PHONE_TEMPLATES);
  });
});
