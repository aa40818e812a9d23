import type { ConfigMap } from "@pulumi/pulumi/automation";

import type { PhoneNotificationTemplateResponse } from "../../src/resources/phoneNotificationTemplate/api";
import type { TestStack } from "../../scripts/support/stack";
import { changedCount, createTestStack } from "../../scripts/support/stack";
import { describeWithEngine } from "./support/engine";
import { NOTIFICATION_TEMPLATES_PATH, PHONE_TEMPLATES_PATH, apiRequest } from "./support/tenantData";
import type { TenantStack } from "./support/tenantStack";
import { createTenantStack, failureOf } from "./support/tenantStack";

const enrollText = "{{ code }} adds this phone to your {{ friendly_name }} account";
const verifyText = "{{ code }} is your {{ friendly_name }} code";
/** What a dashboard user had customized before the stack existed. */
const handMadeEnrollText = "{{ code }} was set by hand";

interface Entry {
  type: string;
  text?: string;
  voice?: string;
  from?: string;
  importId?: string;
}

const templatesConfig = (...entries: Entry[]): ConfigMap => ({
  notificationTemplates: { value: JSON.stringify(entries) },
});

/** The requests that change the tenant: anything but reads and the token. */
const writes = (tenant: TenantStack) =>
  tenant.calls().filter((call) => !call.startsWith("GET ") && call !== "POST /oauth/token");

const templateWrites = (tenant: TenantStack) =>
  writes(tenant).filter((call) => call.includes(NOTIFICATION_TEMPLATES_PATH));

async function listTemplates(tenant: TenantStack): Promise<PhoneNotificationTemplateResponse[]> {
  const { status, body } = await apiRequest(tenant.emulator, "GET", NOTIFICATION_TEMPLATES_PATH);
  expect(status).toBe(200);
  return (body as { templates: PhoneNotificationTemplateResponse[] }).templates;
}

describeWithEngine("a tenant on the Unified Phone Experience, on the real engine", () => {
  let tenant: TenantStack;
  let handMadeId: string;

  beforeAll(async () => {
    tenant = await createTenantStack();
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  it.each(["GET", "PUT"] as const)(
    "answers %s of the legacy phone templates with 403 legacy_mfa_phone_provider_not_allowed",
    async (method) => {
      const token = await tenant.emulator.issueToken();
      const response = await fetch(`${tenant.emulator.url}/api/v2${PHONE_TEMPLATES_PATH}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        ...(method === "PUT"
          ? { body: JSON.stringify({ enrollment_message: "{{code}}", verification_message: "{{code}}" }) }
          : {}),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({
        statusCode: 403,
        error: "Forbidden",
        errorCode: "legacy_mfa_phone_provider_not_allowed",
      });
    },
  );

  it("fails pulumi preview of PhoneTemplates naming the Unified Phone Experience, its setting and PhoneNotificationTemplate, with no write", async () => {
    await tenant.configure({
      enrollmentMessage: { value: "{{code}} enrolls you" },
      verificationMessage: { value: "{{code}} verifies you" },
    });
    tenant.emulator.clearRequestLog();
    try {
      const printed = await failureOf(tenant, "preview");
      expect(printed).toContain(
        `PhoneTemplates cannot be written to ${tenant.emulator.url}: the tenant uses the Unified Phone ` +
          "Experience (its tenant setting phone_consolidated_experience is true)",
      );
      expect(printed).toMatch(
        /Declare PhoneNotificationTemplate resources of type otp_enroll and otp_verify/,
      );
      expect(printed).toContain("Nothing was written.");
      expect(tenant.calls()).toContain("GET /api/v2/tenants/settings");
      expect(writes(tenant)).toEqual([]);
      expect(tenant.calls()).not.toContain(`PUT /api/v2${PHONE_TEMPLATES_PATH}`);
    } finally {
      await tenant.unconfigure("enrollmentMessage", "verificationMessage");
    }
  });

  it("fails pulumi preview of an otp_enroll text without the code, naming content.body.text, with no write", async () => {
    await tenant.configure(templatesConfig({ type: "otp_enroll", text: "Welcome to {{ friendly_name }}" }));
    tenant.emulator.clearRequestLog();
    const printed = await failureOf(tenant, "preview");
    expect(printed).toMatch(/'phone-otp_enroll'.*content\.body\.text.*must output \{\{code\}\}/);
    expect(writes(tenant)).toEqual([]);
  });

  it("fails pulumi preview of a type the tenant customized out of band, naming its id and the import id, with no write", async () => {
    // A template the tenant's admins customized by hand before the stack existed.
    const created = await apiRequest(tenant.emulator, "POST", NOTIFICATION_TEMPLATES_PATH, {
      type: "otp_enroll",
      content: { body: { text: handMadeEnrollText } },
    });
    expect(created.status).toBe(201);
    handMadeId = (created.body as { id: string }).id;

    await tenant.configure(
      templatesConfig({ type: "otp_enroll", text: enrollText }, { type: "otp_verify", text: verifyText }),
    );
    tenant.emulator.clearRequestLog();
    const printed = await failureOf(tenant, "preview");
    expect(printed).toContain(
      `PhoneNotificationTemplate otp_enroll cannot be created on ${tenant.emulator.url}: the tenant already has ` +
        `a custom otp_enroll template ${handMadeId}, made outside this resource`,
    );
    expect(printed).toContain(
      `adopt it with the resource option import: "${new URL(tenant.emulator.url).host}` +
        `${NOTIFICATION_TEMPLATES_PATH}/${handMadeId}" (the resource's importId; see docs/adopting.md)`,
    );
    expect(writes(tenant)).toEqual([]);
    expect(tenant.data.notificationTemplate("otp_enroll")?.content.body?.text).toBe(handMadeEnrollText);
  });

  it("still refuses otp_enroll once the tenant reset it to the default: a reset keeps its id, so it is someone's", async () => {
    const reset = await apiRequest(
      tenant.emulator,
      "PATCH",
      `${NOTIFICATION_TEMPLATES_PATH}/${handMadeId}/reset`,
      {},
    );
    expect(reset.status).toBe(200);
    tenant.emulator.clearRequestLog();
    const printed = await failureOf(tenant, "preview");
    expect(printed).toContain(`the tenant already has a custom otp_enroll template ${handMadeId}`);
    expect(writes(tenant)).toEqual([]);
  });

  it("previews otp_enroll and otp_verify with their SMS once the tenant deleted its otp_enroll, writing nothing", async () => {
    const deleted = await apiRequest(
      tenant.emulator,
      "DELETE",
      `${NOTIFICATION_TEMPLATES_PATH}/${handMadeId}`,
      undefined,
    );
    expect(deleted.status).toBe(204);
    tenant.emulator.clearRequestLog();
    const { changes, stderr } = await tenant.harness.preview();
    expect(changes).toMatchObject({ create: 3 }); // the stack and the two templates
    // The engine shows the lines under the stack: each names its resource.
    expect(stderr).toContain(
      "tenant-admin: PhoneNotificationTemplate phone-otp_enroll: content.body.text SMS preview: " +
        '"123456 adds this phone to your My Company account"',
    );
    expect(stderr).toContain(
      "tenant-admin: PhoneNotificationTemplate phone-otp_verify: content.body.text SMS preview: " +
        '"123456 is your My Company code"',
    );
    const previewLines = stderr.split("\n").filter((line) => line.includes("SMS preview"));
    expect(previewLines.length).toBeGreaterThan(0);
    for (const line of previewLines)
      expect(line).toMatch(/tenant-admin: PhoneNotificationTemplate phone-otp_\w+: /);
    expect(writes(tenant)).toEqual([]);
  });

  it("applies them, creating each (POST)", async () => {
    tenant.emulator.clearRequestLog();
    const outputs = await tenant.harness.up();
    expect(templateWrites(tenant)).toEqual([
      `POST /api/v2${NOTIFICATION_TEMPLATES_PATH}`,
      `POST /api/v2${NOTIFICATION_TEMPLATES_PATH}`,
    ]);
    expect(
      tenant.data
        .notificationTemplates()
        .map(({ type }) => type)
        .sort(),
    ).toEqual(["otp_enroll", "otp_verify"]);
    expect(tenant.data.notificationTemplate("otp_enroll")?.content.body?.text).toBe(enrollText);
    expect(tenant.data.notificationTemplate("otp_verify")?.content.body?.text).toBe(verifyText);
    expect(outputs.notificationTemplates?.value).toEqual({
      otp_enroll: { templateId: tenant.data.notificationTemplate("otp_enroll")?.id, text: enrollText },
      otp_verify: { templateId: tenant.data.notificationTemplate("otp_verify")?.id, text: verifyText },
    });
  });

  it("previews no changes afterwards (--expect-no-changes), sending nothing but the token-free plan", async () => {
    tenant.emulator.clearRequestLog();
    const { changes } = await tenant.harness.preview({ expectNoChanges: true });
    expect(changedCount(changes)).toBe(0);
    expect(writes(tenant)).toEqual([]);
  });

  describe("a second stack that declares a type the first one manages", () => {
    let second: TestStack;

    beforeAll(async () => {
      second = await createTestStack({
        programDir: "test/e2e/programs/tenant",
        stackName: "second",
        config: {
          "tenant-admin:domain": { value: tenant.emulator.domain },
          "tenant-admin:clientId": { value: tenant.emulator.clientId },
          "tenant-admin:clientSecret": { value: tenant.emulator.clientSecret, secret: true },
          "e2e:notificationTemplates": {
            value: JSON.stringify([{ type: "otp_verify", text: "{{ code }} from the second stack" }]),
          },
        },
        env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
      });
    });

    afterAll(async () => {
      await second?.dispose();
    });

    it("fails its pulumi preview naming the first stack's template and the import id, with no write", async () => {
      const verifyId = tenant.data.notificationTemplate("otp_verify")?.id ?? "";
      expect(verifyId).toMatch(/^tem_/);
      tenant.emulator.clearRequestLog();
      const printed = await second.preview().then(
        () => "preview passed",
        (error: unknown) => [...second.output, String(error)].join("\n"),
      );
      expect(printed).toContain(
        `PhoneNotificationTemplate otp_verify cannot be created on ${tenant.emulator.url}: the tenant already ` +
          `has a custom otp_verify template ${verifyId}`,
      );
      expect(printed).toContain(
        `import: "${new URL(tenant.emulator.url).host}${NOTIFICATION_TEMPLATES_PATH}/${verifyId}"`,
      );
      expect(writes(tenant)).toEqual([]);
      expect(tenant.data.notificationTemplate("otp_verify")?.content.body?.text).toBe(verifyText);
    });
  });

  it("shows no drift when refreshing an unchanged tenant: the template's id and channel are outputs, not declared", async () => {
    // The progress display, as `pulumi preview --refresh` and `pulumi up --refresh` print it in CI logs.
    const { stdout, changeSummary } = await tenant.harness.stack.preview({
      refresh: true,
      expectNoChanges: true,
    });
    expect(stdout).toMatch(/PhoneNotificationTemplate phone-otp_enroll refresh/);
    expect(stdout).not.toMatch(/PhoneNotificationTemplate \S+ refresh (\(\S+\) )?\[diff:/);
    expect(changedCount(changeSummary)).toBe(0);
  });

  it("shows a change made on the tenant out of band at pulumi preview --refresh; after a refresh, up puts the declared text back", async () => {
    const changedText = "{{ code }} changed in the dashboard";
    const enrollId = tenant.data.notificationTemplate("otp_enroll")?.id ?? "";
    const patched = await apiRequest(tenant.emulator, "PATCH", `${NOTIFICATION_TEMPLATES_PATH}/${enrollId}`, {
      content: { body: { text: changedText } },
    });
    expect(patched.status).toBe(200);

    const { changes, stdout } = await tenant.harness.preview({ refresh: true });
    expect(changes).toMatchObject({ update: 1 });
    expect(stdout).toContain(JSON.stringify(changedText));
    expect(stdout).toContain(JSON.stringify(enrollText));

    // preview --refresh keeps nothing: refresh records the change, and up writes the declared text back.
    await tenant.harness.refresh();
    tenant.emulator.clearRequestLog();
    await tenant.harness.up();
    expect(templateWrites(tenant)).toEqual([`PATCH /api/v2${NOTIFICATION_TEMPLATES_PATH}/${enrollId}`]);
    expect(tenant.data.notificationTemplate("otp_enroll")?.content.body?.text).toBe(enrollText);
  });

  describe("content.from, which the API cannot clear", () => {
    const sender = "+15550100";

    it("is written when declared", async () => {
      await tenant.configure(
        templatesConfig(
          { type: "otp_enroll", text: enrollText, from: sender },
          {
            type: "otp_verify",
            text: verifyText,
          },
        ),
      );
      await tenant.harness.up();
      expect(tenant.data.notificationTemplate("otp_enroll")?.content.from).toBe(sender);
    });

    it("removed from the program, is no change at preview, with a warning that the tenant keeps it", async () => {
      await tenant.configure(
        templatesConfig({ type: "otp_enroll", text: enrollText }, { type: "otp_verify", text: verifyText }),
      );
      const { changes, stdout, stderr } = await tenant.harness.preview();
      expect(changedCount(changes)).toBe(0);
      expect(stdout).not.toContain(sender);
      expect(`${stdout}\n${stderr}`).toContain(
        "PhoneNotificationTemplate otp_enroll on " +
          `${tenant.emulator.url}: content.from is no longer declared, but the API cannot clear a template's ` +
          "sender number",
      );
    });

    it("and up agrees: nothing is written, and the tenant keeps the number", async () => {
      tenant.emulator.clearRequestLog();
      await tenant.harness.up();
      expect(templateWrites(tenant)).toEqual([]);
      expect(tenant.data.notificationTemplate("otp_enroll")?.content.from).toBe(sender);
      const { changes } = await tenant.harness.preview({ expectNoChanges: true });
      expect(changedCount(changes)).toBe(0);
    });
  });

  it("destroys back to the platform's defaults: the list shows both types without an id again", async () => {
    await tenant.harness.destroy();
    expect(tenant.data.notificationTemplates()).toEqual([]);
    const listed = await listTemplates(tenant);
    for (const type of ["otp_enroll", "otp_verify"]) {
      const template = listed.find((candidate) => candidate.type === type);
      expect(template).toBeDefined();
      expect(template?.id).toBeUndefined();
      // The sender number the program had stopped declaring is gone with the template.
      expect(template?.content.from).toBe("");
      expect(template?.content.body?.text).toMatch(/\{\{ code \| escape \}\} is your verification code/);
    }
  });

  describe("the import resource option", () => {
    let verifyId: string;
    const host = () => new URL(tenant.emulator.domain).host;

    beforeAll(async () => {
      const created = await apiRequest(tenant.emulator, "POST", NOTIFICATION_TEMPLATES_PATH, {
        type: "otp_verify",
        content: { body: { text: verifyText } },
      });
      verifyId = (created.body as { id: string }).id;
    });

    it("refuses at preview an id whose template is of another type, naming both", async () => {
      await tenant.configure(
        templatesConfig({
          type: "otp_enroll",
          text: verifyText,
          importId: `${host()}${NOTIFICATION_TEMPLATES_PATH}/${verifyId}`,
        }),
      );
      const printed = await failureOf(tenant, "preview");
      expect(printed).toContain(
        `the template ${verifyId} is of type otp_verify, and this resource declares otp_enroll`,
      );
    });

    it("refuses at preview a template whose declared text differs from the tenant's, naming the property", async () => {
      await tenant.configure(
        templatesConfig({
          type: "otp_verify",
          text: "{{ code }} is another text",
          importId: `${host()}${NOTIFICATION_TEMPLATES_PATH}/${verifyId}`,
        }),
      );
      const printed = await failureOf(tenant, "preview");
      expect(printed).toMatch(/cannot import: .*differs from the program at content\.body\.text/);
    });

    it("imports the tenant's template by id without writing, and then has no changes", async () => {
      await tenant.configure(
        templatesConfig({
          type: "otp_verify",
          text: verifyText,
          importId: `${host()}${NOTIFICATION_TEMPLATES_PATH}/${verifyId}`,
        }),
      );
      tenant.emulator.clearRequestLog();
      const outputs = await tenant.harness.up();
      expect(writes(tenant)).toEqual([]);
      expect(outputs.notificationTemplates?.value).toEqual({
        otp_verify: { templateId: verifyId, text: verifyText },
      });
      const { changes } = await tenant.harness.preview({ expectNoChanges: true });
      expect(changedCount(changes)).toBe(0);
    });
  });
});
