import type { TenantEmulator } from "../../../src/emulator";

import {
  BRANDING_TEMPLATES_PATH,
  CAPTCHA_PATH,
  JWKS_PATH,
  MESSAGE_TYPES_PATH,
  PHONE_TEMPLATES_PATH,
  SETTINGS_PATH,
  SMS_TEMPLATES_PATH,
  TOKEN_PATH,
  call,
  startLegacyPhoneEmulator,
} from "./support";

describe("routing", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    // A tenant of the legacy phone set-up, whose phone templates GET answers 200.
    emulator = await startLegacyPhoneEmulator();
    token = await emulator.issueToken();
  });
  afterAll(() => emulator.close());

  it.each<[string, string]>([
    ["GET", "/"],
    ["GET", "/api/v2"],
    ["GET", "/api/v2/clients"],
    ["POST", "/api/v2/attack-protection/captcha/extra"],
    ["GET", "/api/v2//tenants/settings"],
    ["GET", "/API/V2/TENANTS/SETTINGS"],
    ["GET", "/api/v2/attack-protection%2Fcaptcha"],
    ["GET", "/api/v2/branding/phone/templates/tem_1/extra"],
    ["GET", "/api/v2/branding/phone/templates//reset"],
    ["DELETE", "/oauth/revoke"],
  ])("answers %s %s with 404 in the platform's shape", async (method, path) => {
    const response = await call(emulator, method, path, { token });

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ statusCode: 404, error: "Not Found", message: "Not Found" });
  });

  it.each<[string, string, string]>([
    ["POST", CAPTCHA_PATH, "GET, PATCH"],
    ["PUT", CAPTCHA_PATH, "GET, PATCH"],
    ["DELETE", CAPTCHA_PATH, "GET, PATCH"],
    ["PUT", SETTINGS_PATH, "GET, PATCH"],
    ["POST", PHONE_TEMPLATES_PATH, "GET, PUT"],
    ["PATCH", PHONE_TEMPLATES_PATH, "GET, PUT"],
    ["PATCH", SMS_TEMPLATES_PATH, "GET, PUT"],
    ["POST", MESSAGE_TYPES_PATH, "GET, PUT"],
    ["PUT", BRANDING_TEMPLATES_PATH, "GET, POST"],
    ["POST", `${BRANDING_TEMPLATES_PATH}/tem_1`, "GET, PATCH, DELETE"],
    ["POST", `${BRANDING_TEMPLATES_PATH}/tem_1/reset`, "PATCH"],
    ["GET", `${BRANDING_TEMPLATES_PATH}/tem_1/try`, "POST"],
    ["GET", TOKEN_PATH, "POST"],
    ["POST", JWKS_PATH, "GET"],
  ])("answers %s %s with 405 in the platform's shape and an Allow header", async (method, path, allow) => {
    const response = await call(emulator, method, path, { token });

    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allow);
    expect(response.body).toEqual({
      statusCode: 405,
      error: "Method Not Allowed",
      message: `Method ${method} is not allowed on ${path}`,
    });
  });

  it.each([
    CAPTCHA_PATH,
    SETTINGS_PATH,
    PHONE_TEMPLATES_PATH,
    SMS_TEMPLATES_PATH,
    MESSAGE_TYPES_PATH,
    BRANDING_TEMPLATES_PATH,
  ])("serves %s with a trailing slash and a query", async (path) => {
    expect((await call(emulator, "GET", `${path}/?x=1`, { token })).status).toBe(200);
  });

  it("answers every error with a JSON content type", async () => {
    const response = await call(emulator, "GET", "/nowhere");

    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });
});
