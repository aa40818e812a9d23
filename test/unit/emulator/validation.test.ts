import type { TenantEmulator } from "../../../src/emulator";

import {
  CAPTCHA_PATH,
  PHONE_TEMPLATES_PATH,
  call,
  startLegacyPhoneEmulator,
  storedCaptchaOf,
} from "./support";

const LONG = "x".repeat(101);
const ok = { site_key: "k", secret: "s" };

describe("request validation", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    // A tenant of the legacy phone set-up, whose phone templates PUT takes a body.
    emulator = await startLegacyPhoneEmulator({ bodyLimitBytes: 1024 });
    token = await emulator.issueToken();
  });
  afterAll(() => emulator.close());

  /** Sends `json` as the body and expects the platform's 400 `invalid_body` with `reason`. */
  async function expectInvalidBody(method: "PATCH" | "PUT", path: string, json: unknown, reason: string) {
    const response = await call(emulator, method, path, {
      token,
      raw: JSON.stringify(json),
      contentType: "application/json",
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: `Payload validation error: ${reason}`,
      errorCode: "invalid_body",
    });
  }

  describe("CAPTCHA PATCH bodies", () => {
    it.each<[string, unknown, string]>([
      ["an unknown top-level property", { foo: 1 }, "'Additional properties not allowed: foo'."],
      [
        "an unknown property in a provider",
        { hcaptcha: { ...ok, foo: 1 } },
        "'Additional properties not allowed: foo' on property hcaptcha.",
      ],
      [
        "unknown properties in arkose",
        { arkose: { ...ok, a: 1, b: 2 } },
        "'Additional properties not allowed: a,b' on property arkose.",
      ],
      [
        "an unknown property in auth_challenge",
        { auth_challenge: { fail_open: true, x: 1 } },
        "'Additional properties not allowed: x' on property auth_challenge.",
      ],
      [
        "a provider id that is not in the enum",
        { active_provider_id: "foo" },
        `'No enum match for: "foo"' on property active_provider_id.`,
      ],
      [
        "a provider id over 36 characters",
        { active_provider_id: "a".repeat(37) },
        "'String is too long (37 chars), maximum 36' on property active_provider_id.",
      ],
      [
        "a provider id of the wrong type",
        { active_provider_id: 7 },
        "'Expected type string but found type number' on property active_provider_id.",
      ],
      [
        "a site_key over 100 characters",
        { hcaptcha: { site_key: LONG, secret: "s" } },
        "'String is too long (101 chars), maximum 100' on property hcaptcha.site_key.",
      ],
      [
        "a secret over 100 characters",
        { recaptcha_v2: { site_key: "k", secret: LONG } },
        "'String is too long (101 chars), maximum 100' on property recaptcha_v2.secret.",
      ],
      [
        "an arkose subdomain over 100 characters",
        { arkose: { ...ok, verify_subdomain: LONG } },
        "'String is too long (101 chars), maximum 100' on property arkose.verify_subdomain.",
      ],
      [
        "an api_key over 100 characters",
        { recaptcha_enterprise: { site_key: "k", api_key: LONG, project_id: "p" } },
        "'String is too long (101 chars), maximum 100' on property recaptcha_enterprise.api_key.",
      ],
      [
        "a project_id over 100 characters",
        { recaptcha_enterprise: { site_key: "k", api_key: "a", project_id: LONG } },
        "'String is too long (101 chars), maximum 100' on property recaptcha_enterprise.project_id.",
      ],
      [
        "a missing secret",
        { hcaptcha: { site_key: "k" } },
        "'Missing required property: secret' on property hcaptcha.",
      ],
      [
        "a missing site_key",
        { friendly_captcha: { secret: "s" } },
        "'Missing required property: site_key' on property friendly_captcha.",
      ],
      [
        "a missing arkose secret",
        { arkose: { site_key: "k" } },
        "'Missing required property: secret' on property arkose.",
      ],
      [
        "a missing api_key",
        { recaptcha_enterprise: { site_key: "k", project_id: "p" } },
        "'Missing required property: api_key' on property recaptcha_enterprise.",
      ],
      [
        "a missing project_id",
        { recaptcha_enterprise: { site_key: "k", api_key: "a" } },
        "'Missing required property: project_id' on property recaptcha_enterprise.",
      ],
      [
        "a missing fail_open",
        { auth_challenge: {} },
        "'Missing required property: fail_open' on property auth_challenge.",
      ],
      [
        "a site_key of the wrong type",
        { hcaptcha: { site_key: 5, secret: "s" } },
        "'Expected type string but found type number' on property hcaptcha.site_key.",
      ],
      [
        "a fail_open that is a string",
        { arkose: { ...ok, fail_open: "true" } },
        "'Expected type boolean but found type string' on property arkose.fail_open.",
      ],
      [
        "a provider that is not an object",
        { hcaptcha: "k" },
        "'Expected type object but found type string' on property hcaptcha.",
      ],
      [
        "a provider that is null",
        { recaptcha_v2: null },
        "'Expected type object but found type null' on property recaptcha_v2.",
      ],
      [
        "a simple_captcha that is an array",
        { simple_captcha: [] },
        "'Expected type object but found type array' on property simple_captcha.",
      ],
      ["a body that is an array", [], "'Expected type object but found type array'."],
      ["a body that is a number", 5, "'Expected type object but found type number'."],
      ["a body that is null", null, "'Expected type object but found type null'."],
    ])("rejects %s with 400 invalid_body", async (_name, json, reason) => {
      await expectInvalidBody("PATCH", CAPTCHA_PATH, json, reason);
    });

    it.each<[string, unknown]>([
      [
        "every string at its maximum length",
        {
          active_provider_id: "recaptcha_enterprise",
          hcaptcha: { site_key: "x".repeat(100), secret: "y".repeat(100) },
        },
      ],
      [
        "a complete arkose block",
        { arkose: { ...ok, client_subdomain: "c", verify_subdomain: "v", fail_open: true } },
      ],
      [
        "a free-form simple_captcha with any keys",
        { simple_captcha: { anything: { goes: [1, "two", null] } } },
      ],
      ["every provider id", { active_provider_id: "simple_captcha" }],
    ])("accepts %s", async (_name, json) => {
      const response = await call(emulator, "PATCH", CAPTCHA_PATH, { token, json });

      expect(response.status).toBe(200);
    });

    it("leaves the stored configuration alone when a body is rejected", async () => {
      const before = storedCaptchaOf(emulator);
      await call(emulator, "PATCH", CAPTCHA_PATH, { token, json: { hcaptcha: { site_key: "new" }, foo: 1 } });

      expect(storedCaptchaOf(emulator)).toEqual(before);
    });
  });

  describe("phone template bodies", () => {
    const both = { enrollment_message: "e", verification_message: "v" };

    it.each<[string, unknown, string]>([
      [
        "a missing enrollment_message",
        { verification_message: "v" },
        "'Missing required property: enrollment_message'.",
      ],
      [
        "a missing verification_message",
        { enrollment_message: "e" },
        "'Missing required property: verification_message'.",
      ],
      ["an unknown property", { ...both, sender: "x" }, "'Additional properties not allowed: sender'."],
      [
        "a message of the wrong type",
        { ...both, verification_message: 1 },
        "'Expected type string but found type number' on property verification_message.",
      ],
      [
        "a message that is null",
        { ...both, enrollment_message: null },
        "'Expected type string but found type null' on property enrollment_message.",
      ],
      ["an array body", [both], "'Expected type object but found type array'."],
    ])("rejects %s with 400 invalid_body", async (_name, json, reason) => {
      await expectInvalidBody("PUT", PHONE_TEMPLATES_PATH, json, reason);
    });
  });

  describe("bodies that cannot be read", () => {
    it.each<[string, string, string, string | Uint8Array, number, string]>([
      ["malformed JSON", "PATCH", CAPTCHA_PATH, '{"hcaptcha": ', 400, "Invalid request payload JSON format"],
      [
        "JSON that is not UTF-8",
        "PATCH",
        CAPTCHA_PATH,
        new Uint8Array([0x7b, 0xff, 0x7d]),
        400,
        "Invalid request payload: not UTF-8",
      ],
      [
        "an empty body",
        "PUT",
        PHONE_TEMPLATES_PATH,
        "",
        400,
        "Payload validation error: 'Expected type object but found type null'.",
      ],
    ])("answers %s with 400 invalid_body", async (_name, method, path, raw, status, message) => {
      const response = await call(emulator, method, path, { token, raw, contentType: "application/json" });

      expect(response.status).toBe(status);
      expect(response.body).toEqual({
        statusCode: status,
        error: "Bad Request",
        message,
        errorCode: "invalid_body",
      });
    });

    it.each<[string, string, string | undefined]>([
      ["text/plain on the CAPTCHA PATCH", CAPTCHA_PATH, "text/plain"],
      ["no content type on the CAPTCHA PATCH", CAPTCHA_PATH, undefined],
      ["text/plain on the phone templates PUT", PHONE_TEMPLATES_PATH, "text/plain"],
      ["multipart on the phone templates PUT", PHONE_TEMPLATES_PATH, "multipart/form-data; boundary=x"],
    ])("answers %s with 415", async (_name, path, contentType) => {
      const method = path === CAPTCHA_PATH ? "PATCH" : "PUT";
      const response = await call(emulator, method, path, {
        token,
        raw: new TextEncoder().encode("enrollment_message=e"),
        ...(contentType === undefined ? {} : { contentType }),
      });

      expect(response.status).toBe(415);
      expect(response.body).toMatchObject({ statusCode: 415, error: "Unsupported Media Type" });
    });

    it("accepts a JSON content type with parameters, in any case", async () => {
      const response = await call(emulator, "PATCH", CAPTCHA_PATH, {
        token,
        raw: "{}",
        contentType: "Application/JSON; charset=UTF-8",
      });

      expect(response.status).toBe(200);
    });

    it("answers a body over the limit with 413 and keeps serving", async () => {
      const response = await call(emulator, "PATCH", CAPTCHA_PATH, {
        token,
        json: { simple_captcha: { big: "x".repeat(2048) } },
      });

      expect(response.status).toBe(413);
      expect(response.body).toEqual({
        statusCode: 413,
        error: "Request Entity Too Large",
        message: "Payload content length greater than maximum allowed: 1024",
      });
      expect((await call(emulator, "GET", CAPTCHA_PATH, { token })).status).toBe(200);
    });

    it("answers a streamed body over the limit (no Content-Length) with 413", async () => {
      const chunks = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let index = 0; index < 4; index += 1)
            controller.enqueue(new TextEncoder().encode("x".repeat(512)));
          controller.close();
        },
      });
      const response = await fetch(`${emulator.url}${CAPTCHA_PATH}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: chunks,
        duplex: "half",
      });

      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ statusCode: 413 });
    });
  });
});
