import { DEFAULT_PHONE_TEMPLATES } from "../../../src/wire";
import type { TenantEmulator } from "../../../src/emulator";

import { DOCUMENTED_TEMPLATE } from "../templates/documented";
import { PHONE_TEMPLATES_PATH, call, startTestEmulator } from "./support";

describe("phone templates", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    emulator = await startTestEmulator();
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
    expect(emulator.tenant.phoneTemplates()).toEqual(templates);
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
    const before = emulator.tenant.phoneTemplates();
    const put = await call(emulator, "PUT", PHONE_TEMPLATES_PATH, {
      token,
      json: { enrollment_message: "only one" },
    });

    expect(put.status).toBe(400);
    expect(emulator.tenant.phoneTemplates()).toEqual(before);
  });

  it.each<[string, Record<string, string>, string]>([
    [
      "an empty template",
      { enrollment_message: "", verification_message: "{{code}}" },
      "Invalid enrollment_message template: must not be empty",
    ],
    [
      "a syntax error, with its position",
      { enrollment_message: "{{code}}", verification_message: "{{code}}\n{% unknown %}" },
      'Invalid verification_message template: line 2, column 1: tag "unknown" not found',
    ],
    [
      "a voice branch without the code",
      {
        enrollment_message: '{% if message_type == "voice" %}Hi{% else %}{{code}}{% endif %}',
        verification_message: "{{code}}",
      },
      "Invalid enrollment_message template: must output {{code}}, the verification code, on every path; the voice message does not",
    ],
  ])("refuse %s with the platform's 400 and keep the stored ones", async (_case, json, message) => {
    const before = emulator.tenant.phoneTemplates();
    const put = await call(emulator, "PUT", PHONE_TEMPLATES_PATH, { token, json });

    expect(put.status).toBe(400);
    expect(put.body).toEqual({ statusCode: 400, error: "Bad Request", message, errorCode: "invalid_body" });
    expect(emulator.tenant.phoneTemplates()).toEqual(before);
  });

  it("accept the documentation's voice/SMS branching template", async () => {
    const json = { enrollment_message: DOCUMENTED_TEMPLATE, verification_message: DOCUMENTED_TEMPLATE };
    const put = await call(emulator, "PUT", PHONE_TEMPLATES_PATH, { token, json });

    expect(put.status).toBe(200);
    expect(put.body).toEqual(json);
  });

  it("can be set out of band", async () => {
    await emulator.tenant.setPhoneTemplates({ enrollment_message: "a", verification_message: "b" });

    expect((await call(emulator, "GET", PHONE_TEMPLATES_PATH, { token })).body).toEqual({
      enrollment_message: "a",
      verification_message: "b",
    });
  });
});
