import type { TenantEmulator } from "../../../src/emulator";
import { tokenResponseSchema } from "../../../src/wire";

import {
  CAPTCHA_PATH,
  PHONE_TEMPLATES_PATH,
  SETTINGS_PATH,
  TOKEN_PATH,
  call,
  startLegacyPhoneEmulator,
} from "./support";

describe("request log lines", () => {
  let emulator: TenantEmulator;
  const lines: string[] = [];

  beforeAll(async () => {
    // A tenant of the legacy phone set-up, whose phone templates PUT takes the body.
    emulator = await startLegacyPhoneEmulator({
      clientSecret: "the-client-secret-value",
      log: (line) => lines.push(line),
    });
  });
  afterAll(() => emulator.close());

  it("are one per request, name method, path, status and time, and never carry a credential or a body", async () => {
    const written: string[] = [];
    const capture = (chunk: unknown): boolean => {
      written.push(String(chunk));
      return true;
    };
    const stdout = jest.spyOn(process.stdout, "write").mockImplementation(capture);
    const stderr = jest.spyOn(process.stderr, "write").mockImplementation(capture);
    const secrets: string[] = [emulator.clientSecret, emulator.nonGlobalClient.clientSecret];
    try {
      const tokenResponse = await call(emulator, "POST", TOKEN_PATH, {
        form: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: emulator.clientId,
          client_secret: emulator.clientSecret,
          audience: emulator.audience,
        }).toString(),
      });
      const token = tokenResponseSchema.parse(tokenResponse.body).access_token;
      const staticToken = await emulator.issueToken();
      secrets.push(token, staticToken);
      await call(emulator, "POST", TOKEN_PATH, {
        json: {
          grant_type: "client_credentials",
          client_id: emulator.clientId,
          client_secret: "wrong-secret-guess",
          audience: emulator.audience,
        },
      });
      secrets.push("wrong-secret-guess");
      await call(emulator, "PATCH", CAPTCHA_PATH, {
        token,
        json: {
          hcaptcha: { site_key: "site", secret: "hcaptcha-secret-value" },
          recaptcha_enterprise: { site_key: "site", api_key: "enterprise-api-key-value", project_id: "p" },
        },
      });
      await call(emulator, "PATCH", CAPTCHA_PATH, {
        token: staticToken,
        form: "arkose[site_key]=a&arkose[secret]=arkose-secret-value",
      });
      await call(emulator, "PATCH", CAPTCHA_PATH, {
        token,
        json: { friendly_captcha: { site_key: "x", secret: "rejected-secret-value", extra: 1 } },
      });
      secrets.push(
        "hcaptcha-secret-value",
        "enterprise-api-key-value",
        "arkose-secret-value",
        "rejected-secret-value",
      );
      await call(emulator, "PUT", PHONE_TEMPLATES_PATH, {
        token,
        json: {
          enrollment_message: "body-text-enrollment {{code}}",
          verification_message: "body-text-verification {{code}}",
        },
      });
      secrets.push("body-text-enrollment");
      await call(emulator, "GET", `${SETTINGS_PATH}?fields=friendly_name`, {
        headers: { authorization: `Bearer ${token}x` },
      });
      await call(emulator, "GET", CAPTCHA_PATH, {
        headers: { authorization: `Basic ${emulator.clientSecret}` },
      });
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }

    expect(lines).toHaveLength(emulator.requestLog.length);
    expect(lines).toHaveLength(8);
    for (const line of lines) {
      expect(line).toMatch(/^[A-Z]+ \/\S* (\d{3}|reset) \d+\.\dms$/);
    }
    expect(lines[0]).toMatch(/^POST \/oauth\/token 200 /);
    expect(lines[6]).toMatch(/^GET \/api\/v2\/tenants\/settings 401 /);
    const everything = [...lines, ...written].join("\n");
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });
});
