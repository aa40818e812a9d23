/**
 * Lone UTF-16 surrogates: JSON may spell one (`"\ud800"`), which parses to a string that is not text. The
 * emulator refuses such bodies with the platform's 400 `invalid_body`, on the property's path, for JSON and
 * form-encoded bodies alike; a surrogate pair (an emoji) is text, and is kept.
 */
import type { TenantEmulator } from "../../../src/emulator";

import {
  CAPTCHA_PATH,
  PHONE_TEMPLATES_PATH,
  SETTINGS_PATH,
  TOKEN_PATH,
  call,
  phoneTemplatesOf,
  startLegacyPhoneEmulator,
} from "./support";

const invalidBody = (message: string) => ({
  statusCode: 400,
  error: "Bad Request",
  message,
  errorCode: "invalid_body",
});

describe("request bodies with lone surrogates", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    // A tenant of the legacy phone set-up, whose phone templates PUT takes a body.
    emulator = await startLegacyPhoneEmulator();
    token = await emulator.issueToken({
      scopes: ["update:attack_protection", "update:guardian_factors", "update:tenant_settings"],
    });
  });
  afterAll(() => emulator.close());

  it.each<[string, string, string, { raw: string; contentType: string }, string]>([
    [
      "a JSON value",
      "PUT",
      PHONE_TEMPLATES_PATH,
      {
        raw: '{"enrollment_message":"\\ud800 {{code}}","verification_message":"{{code}}"}',
        contentType: "application/json",
      },
      "Payload validation error: 'String contains an unpaired surrogate' on property enrollment_message.",
    ],
    [
      "a low surrogate alone in a nested JSON value",
      "PATCH",
      CAPTCHA_PATH,
      {
        raw: '{"hcaptcha":{"site_key":"k\\udc00","secret":"s"}}',
        contentType: "application/json",
      },
      "Payload validation error: 'String contains an unpaired surrogate' on property hcaptcha.site_key.",
    ],
    [
      "a high surrogate followed by a character that is not its pair",
      "PATCH",
      SETTINGS_PATH,
      { raw: '{"friendly_name":"\\ud83dx"}', contentType: "application/json" },
      "Payload validation error: 'String contains an unpaired surrogate' on property friendly_name.",
    ],
    [
      "a JSON array element",
      "PATCH",
      SETTINGS_PATH,
      { raw: '{"enabled_locales":["en","\\udfff"]}', contentType: "application/json" },
      "Payload validation error: 'String contains an unpaired surrogate' on property enabled_locales[1].",
    ],
    [
      "a JSON property name",
      "PATCH",
      CAPTCHA_PATH,
      { raw: '{"simple_captcha":{"\\ud800":1}}', contentType: "application/json" },
      "Payload validation error: 'Property name contains an unpaired surrogate' on property simple_captcha.",
    ],
    [
      "a form value (a surrogate's bytes, percent-encoded)",
      "PUT",
      PHONE_TEMPLATES_PATH,
      {
        raw: "enrollment_message=%ED%A0%80+%7B%7Bcode%7D%7D&verification_message=%7B%7Bcode%7D%7D",
        contentType: "application/x-www-form-urlencoded",
      },
      "Payload validation error: 'String contains an unpaired surrogate' on property enrollment_message.",
    ],
    [
      "a nested form value",
      "PATCH",
      CAPTCHA_PATH,
      {
        raw: "hcaptcha%5Bsite_key%5D=k%ED%B0%80&hcaptcha%5Bsecret%5D=s",
        contentType: "application/x-www-form-urlencoded",
      },
      "Payload validation error: 'String contains an unpaired surrogate' on property hcaptcha.site_key.",
    ],
    [
      "a form value that is not UTF-8",
      "PUT",
      PHONE_TEMPLATES_PATH,
      {
        raw: "enrollment_message=%FF%7B%7Bcode%7D%7D&verification_message=%7B%7Bcode%7D%7D",
        contentType: "application/x-www-form-urlencoded",
      },
      "Payload validation error: 'String is not valid UTF-8' on property enrollment_message.",
    ],
  ])("refuses %s with 400 invalid_body", async (_name, method, path, body, message) => {
    const before = phoneTemplatesOf(emulator);
    const response = await call(emulator, method, path, { token, ...body });

    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalidBody(message));
    expect(phoneTemplatesOf(emulator)).toEqual(before);
  });

  it("refuses a lone surrogate at /oauth/token with 400 invalid_request", async () => {
    const response = await call(emulator, "POST", TOKEN_PATH, {
      raw: '{"grant_type":"client_credentials","client_id":"\\ud800"}',
      contentType: "application/json",
    });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: "invalid_request",
      error_description:
        "Payload validation error: 'String contains an unpaired surrogate' on property client_id.",
    });
  });

  it.each([
    [
      "JSON",
      {
        raw: '{"enrollment_message":"\\ud83d\\ude00 {{code}}","verification_message":"{{code}}"}',
        contentType: "application/json",
      },
    ],
    [
      "form",
      {
        raw: "enrollment_message=%F0%9F%98%80+%7B%7Bcode%7D%7D&verification_message=%7B%7Bcode%7D%7D",
        contentType: "application/x-www-form-urlencoded",
      },
    ],
  ])("keeps a surrogate pair (an emoji) in a %s body", async (_name, body) => {
    const response = await call(emulator, "PUT", PHONE_TEMPLATES_PATH, { token, ...body });

    expect(response.status).toBe(200);
    expect(phoneTemplatesOf(emulator).enrollment_message).toBe("\u{1F600} {{code}}");
  });
});
