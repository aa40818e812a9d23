import { DEFAULT_PHONE_TEMPLATES } from "../../../src/resources/phoneTemplates/api";
import type { TenantEmulator } from "../../../src/emulator";

import { DOCUMENTED_TEMPLATE } from "../templates/documented";
import {
  LEGACY_PHONE_REFUSAL,
  MESSAGE_TYPES_DOCUMENT,
  MESSAGE_TYPES_PATH,
  PHONE_TEMPLATES_DOCUMENT,
  PHONE_TEMPLATES_PATH,
  SETTINGS_DOCUMENT,
  SETTINGS_PATH,
  SMS_TEMPLATES_PATH,
  call,
  phoneTemplatesOf,
  startLegacyPhoneEmulator,
  startTestEmulator,
} from "./support";

describe("phone templates of a tenant on the legacy phone set-up", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    emulator = await startLegacyPhoneEmulator();
    token = await emulator.issueToken();
  });
  afterAll(() => emulator.close());

  it("start at the platform's defaults", async () => {
    const response = await call(emulator, "GET", PHONE_TEMPLATES_PATH, { token });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      enrollment_message:
        "{{code}} is your verification code for {{tenant.friendly_name}}. Please enter this code to verify your enrollment.",
      verification_message: "{{code}} is your verification code for {{tenant.friendly_name}}",
    });
    expect(response.body).toEqual(DEFAULT_PHONE_TEMPLATES);
  });

  it("are replaced by PUT, which returns the stored templates, and GET reads them back", async () => {
    const templates = { enrollment_message: "Enroll: {{code}}", verification_message: "Verify: {{code}}" };
    const put = await call(emulator, "PUT", PHONE_TEMPLATES_PATH, { token, json: templates });

    expect(put.status).toBe(200);
    expect(put.body).toEqual(templates);
    expect((await call(emulator, "GET", PHONE_TEMPLATES_PATH, { token })).body).toEqual(templates);
    expect(phoneTemplatesOf(emulator)).toEqual(templates);
  });

  it("are the same templates at the older /sms/templates path", async () => {
    const templates = {
      enrollment_message: "SMS enroll {{code}}",
      verification_message: "SMS verify {{code}}",
    };
    const put = await call(emulator, "PUT", SMS_TEMPLATES_PATH, { token, json: templates });

    expect(put.status).toBe(200);
    expect(put.body).toEqual(templates);
    expect((await call(emulator, "GET", PHONE_TEMPLATES_PATH, { token })).body).toEqual(templates);
    expect((await call(emulator, "GET", SMS_TEMPLATES_PATH, { token })).body).toEqual(templates);
  });

  // Recorded: go-auth0 v1 test/data/recordings/TestGuardian/MultiFactor/SMS/Template.yaml #1 and #3: both PUTs
  // are answered 200 and echoed, the second with texts that output no code.
  it.each([
    [
      {
        enrollment_message: "Test {{code}} for {{tenant.friendly_name}}",
        verification_message: "Test {{code}} for {{tenant.friendly_name}}",
      },
    ],
    [{ enrollment_message: "enroll foo", verification_message: "verify foo" }],
  ])("take the recorded PUTs at /sms/templates and echo them: %j", async (templates) => {
    const put = await call(emulator, "PUT", SMS_TEMPLATES_PATH, { token, json: templates });

    expect(put.status).toBe(200);
    expect(put.body).toEqual(templates);
    expect((await call(emulator, "GET", SMS_TEMPLATES_PATH, { token })).body).toEqual(templates);
  });

  it("accept any characters around the code", async () => {
    const templates = {
      enrollment_message: "{{code}}",
      verification_message: "é \u{1F600} \n {{tenant.friendly_name}} {{ code }}",
    };
    const put = await call(emulator, "PUT", PHONE_TEMPLATES_PATH, { token, json: templates });

    expect(put.status).toBe(200);
    expect(put.body).toEqual(templates);
  });

  it("keep the stored templates when a PUT is rejected", async () => {
    const before = phoneTemplatesOf(emulator);
    const put = await call(emulator, "PUT", PHONE_TEMPLATES_PATH, {
      token,
      json: { enrollment_message: "only one" },
    });

    expect(put.status).toBe(400);
    expect(phoneTemplatesOf(emulator)).toEqual(before);
  });

  it("refuse a syntax error with the platform's 400, its position, and keep the stored ones", async () => {
    const before = phoneTemplatesOf(emulator);
    const json = { enrollment_message: "{{code}}", verification_message: "{{code}}\n{% unknown %}" };
    const put = await call(emulator, "PUT", PHONE_TEMPLATES_PATH, { token, json });

    expect(put.status).toBe(400);
    expect(put.body).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: 'Invalid verification_message template: line 2, column 1: tag "unknown" not found',
      errorCode: "invalid_body",
    });
    expect(phoneTemplatesOf(emulator)).toEqual(before);
  });

  // Recorded real tenants store these (go-auth0 v1 TestGuardian/MultiFactor/SMS/Template.yaml #0, #3): the
  // rule that a template shows the code is the provider's check, not the platform's.
  it.each<[string, Record<string, string>]>([
    ["an empty template", { enrollment_message: "", verification_message: "{{code}}" }],
    [
      "a voice branch without the code",
      {
        enrollment_message: '{% if message_type == "voice" %}Hi{% else %}{{code}}{% endif %}',
        verification_message: "{{code}}",
      },
    ],
  ])("store %s, as recorded tenants do", async (_case, json) => {
    const put = await call(emulator, "PUT", PHONE_TEMPLATES_PATH, { token, json });

    expect(put.status).toBe(200);
    expect(phoneTemplatesOf(emulator)).toEqual(json);
  });

  it("accept the documentation's voice/SMS branching template", async () => {
    const json = { enrollment_message: DOCUMENTED_TEMPLATE, verification_message: DOCUMENTED_TEMPLATE };
    const put = await call(emulator, "PUT", PHONE_TEMPLATES_PATH, { token, json });

    expect(put.status).toBe(200);
    expect(put.body).toEqual(json);
  });

  it("can be set out of band", async () => {
    await emulator.tenant.write("PUT", PHONE_TEMPLATES_DOCUMENT, {
      enrollment_message: "a {{code}}",
      verification_message: "b {{code}}",
    });

    expect((await call(emulator, "GET", PHONE_TEMPLATES_PATH, { token })).body).toEqual({
      enrollment_message: "a {{code}}",
      verification_message: "b {{code}}",
    });
  });

  it("refuse an out-of-band write the API would refuse, and keep the stored ones", async () => {
    const before = phoneTemplatesOf(emulator);

    await expect(
      emulator.tenant.write("PUT", PHONE_TEMPLATES_DOCUMENT, {
        enrollment_message: "{% if %}",
        verification_message: "{{code}}",
      }),
    ).rejects.toThrow(/Invalid enrollment_message template/);
    await expect(
      emulator.tenant.write("PUT", PHONE_TEMPLATES_DOCUMENT, { enrollment_message: "{{code}}" }),
    ).rejects.toThrow(/verification_message/);
    expect(phoneTemplatesOf(emulator)).toEqual(before);
  });
});

describe("phone templates of a tenant enrolled in the Unified Phone Experience", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    token = await emulator.issueToken();
  });
  afterAll(() => emulator.close());

  const templates = { enrollment_message: "e {{code}}", verification_message: "v {{code}}" };

  it("is what a new tenant is", () => {
    expect(emulator.tenant.read(SETTINGS_DOCUMENT)).toMatchObject({ phone_consolidated_experience: true });
  });

  it.each<[string, string]>([
    ["GET", PHONE_TEMPLATES_PATH],
    ["PUT", PHONE_TEMPLATES_PATH],
    ["GET", SMS_TEMPLATES_PATH],
    ["PUT", SMS_TEMPLATES_PATH],
  ])("answers %s %s with the platform's 403 for a deprecated feature", async (method, path) => {
    const response = await call(emulator, method, path, {
      token,
      ...(method === "PUT" ? { json: templates } : {}),
    });

    expect(response.status).toBe(403);
    expect(response.body).toEqual(LEGACY_PHONE_REFUSAL);
  });

  it("changes nothing on a refused PUT", async () => {
    await call(emulator, "PUT", PHONE_TEMPLATES_PATH, { token, json: templates });

    expect(phoneTemplatesOf(emulator)).toEqual(DEFAULT_PHONE_TEMPLATES);
  });

  it("serves a tenant whose settings do not say, as the deploy CLI's e2e tenant answers", async () => {
    const unsaid = await startTestEmulator({ settings: { friendly_name: "No flag" } });
    try {
      const response = await call(unsaid, "GET", PHONE_TEMPLATES_PATH, {
        token: await unsaid.issueToken(),
      });

      expect(response.status).toBe(200);
    } finally {
      await unsaid.close();
    }
  });

  it("serves the legacy endpoints once the tenant leaves the experience by a settings PATCH, and refuses them again when it returns", async () => {
    const settingsToken = await emulator.issueToken({ scopes: ["update:tenant_settings"] });
    const leave = await call(emulator, "PATCH", SETTINGS_PATH, {
      token: settingsToken,
      json: { phone_consolidated_experience: false },
    });
    try {
      expect(leave.status).toBe(200);
      expect((await call(emulator, "GET", PHONE_TEMPLATES_PATH, { token })).status).toBe(200);
      expect((await call(emulator, "PUT", PHONE_TEMPLATES_PATH, { token, json: templates })).body).toEqual(
        templates,
      );
    } finally {
      await call(emulator, "PATCH", SETTINGS_PATH, {
        token: settingsToken,
        json: { phone_consolidated_experience: true },
      });
    }
    expect((await call(emulator, "GET", PHONE_TEMPLATES_PATH, { token })).status).toBe(403);
  });
});

describe.each([
  ["enrolled in the Unified Phone Experience", startTestEmulator],
  ["on the legacy phone set-up", startLegacyPhoneEmulator],
])("phone message types of a tenant %s", (_generation, start) => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    emulator = await start();
    token = await emulator.issueToken();
  });
  afterAll(() => emulator.close());

  it("starts with none, as a recorded tenant", async () => {
    const response = await call(emulator, "GET", MESSAGE_TYPES_PATH, { token });

    expect(response.status).toBe(200);
    expect(response.text).toBe('{"message_types":[]}');
  });

  it.each<[string[]]>([[["voice"]], [["sms", "voice"]], [["voice", "sms"]], [[]]])(
    "echoes a PUT of %j in the order sent, and GET reads it back",
    async (messageTypes) => {
      const put = await call(emulator, "PUT", MESSAGE_TYPES_PATH, {
        token,
        json: { message_types: messageTypes },
      });

      expect(put.status).toBe(200);
      expect(put.body).toEqual({ message_types: messageTypes });
      expect((await call(emulator, "GET", MESSAGE_TYPES_PATH, { token })).body).toEqual({
        message_types: messageTypes,
      });
      expect(emulator.tenant.read(MESSAGE_TYPES_DOCUMENT)).toEqual({ message_types: messageTypes });
    },
  );

  it("takes a form-encoded PUT", async () => {
    const put = await call(emulator, "PUT", MESSAGE_TYPES_PATH, {
      token,
      form: "message_types[]=sms&message_types[]=voice",
    });

    expect(put.status).toBe(200);
    expect(put.body).toEqual({ message_types: ["sms", "voice"] });
  });

  it.each<[string, unknown, string]>([
    [
      "an unknown message type",
      { message_types: ["email"] },
      `Payload validation error: 'No enum match for: "email"' on property message_types[0].`,
    ],
    ["a missing message_types", {}, "Payload validation error: 'Missing required property: message_types'."],
    [
      "an unknown property",
      { message_types: [], other: 1 },
      "Payload validation error: 'Additional properties not allowed: other'.",
    ],
  ])("refuses %s with the platform's 400", async (_name, json, message) => {
    const before = emulator.tenant.read(MESSAGE_TYPES_DOCUMENT);
    const put = await call(emulator, "PUT", MESSAGE_TYPES_PATH, { token, json });

    expect(put.status).toBe(400);
    expect(put.body).toEqual({ statusCode: 400, error: "Bad Request", message, errorCode: "invalid_body" });
    expect(emulator.tenant.read(MESSAGE_TYPES_DOCUMENT)).toEqual(before);
  });
});
