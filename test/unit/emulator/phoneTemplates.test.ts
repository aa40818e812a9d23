import { DEFAULT_PHONE_TEMPLATES } from "../../../src/wire";
import type { TenantEmulator } from "../../../src/emulator";

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

  it("accept empty strings and any characters", async () => {
    const templates = {
      enrollment_message: "",
      verification_message: "é \u{1F600} \n {{tenant.friendly_name}}",
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

  it("can be set out of band", async () => {
    await emulator.tenant.setPhoneTemplates({ enrollment_message: "a", verification_message: "b" });

    expect((await call(emulator, "GET", PHONE_TEMPLATES_PATH, { token })).body).toEqual({
      enrollment_message: "a",
      verification_message: "b",
    });
  });
});
