import fc from "fast-check";

import type { TenantEmulator } from "../../../src/emulator";

import {
  BRANDING_TEMPLATES_PATH,
  CAPTCHA_PATH,
  MESSAGE_TYPES_PATH,
  PHONE_TEMPLATES_PATH,
  SETTINGS_PATH,
  TOKEN_PATH,
  call,
  startLegacyPhoneEmulator,
} from "./support";

const RUNS = { numRuns: 200 };
const printable = (maxLength: number) => fc.stringMatching(new RegExp(`^[ -~]{0,${maxLength}}$`));

describe("the server under arbitrary input", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    // A tenant of the legacy phone set-up, whose phone templates PUT reviews what it is sent.
    emulator = await startLegacyPhoneEmulator({ bodyLimitBytes: 4096 });
    token = await emulator.issueToken();
  });
  afterAll(() => emulator.close());

  afterEach(async () => {
    // Still up and still right: a normal request works after every property.
    const response = await call(emulator, "GET", SETTINGS_PATH, { token });
    expect(response.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  const jsonBody = fc.oneof(
    fc.jsonValue(),
    fc.record(
      {
        active_provider_id: fc.oneof(fc.constantFrom("hcaptcha", "arkose", "nope"), fc.jsonValue()),
        hcaptcha: fc.oneof(
          fc.record({ site_key: fc.string(), secret: fc.string() }, { requiredKeys: [] }),
          fc.jsonValue(),
        ),
        arkose: fc.jsonValue(),
        auth_challenge: fc.oneof(fc.record({ fail_open: fc.boolean() }), fc.jsonValue()),
        simple_captcha: fc.jsonValue(),
        __proto__: fc.jsonValue(),
      },
      { requiredKeys: [] },
    ),
  );

  it("answers any JSON body to the CAPTCHA PATCH with 200 or 400, never 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(jsonBody, async (body) => {
        const response = await call(emulator, "PATCH", CAPTCHA_PATH, {
          token,
          raw: JSON.stringify(body) ?? "null",
          contentType: "application/json",
        });
        expect([200, 400]).toContain(response.status);
        if (response.status === 400)
          expect(response.body).toMatchObject({ statusCode: 400, errorCode: "invalid_body" });
        else expect(response.text).not.toMatch(/"(secret|api_key)"/);
      }),
      RUNS,
    );
  });

  it("answers any JSON body to the phone templates PUT and the token endpoint without a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.boolean(), async (body, toToken) => {
        const response = await call(
          emulator,
          toToken ? "POST" : "PUT",
          toToken ? TOKEN_PATH : PHONE_TEMPLATES_PATH,
          {
            token,
            raw: JSON.stringify(body) ?? "null",
            contentType: "application/json",
          },
        );
        expect(response.status).toBeGreaterThanOrEqual(200);
        expect(response.status).toBeLessThan(500);
        expect(response.body).toBeDefined();
      }),
      RUNS,
    );
  });

  it("answers any bytes, with any content type, on any route and method, without a 5xx", async () => {
    const route = fc.constantFrom(
      ["PATCH", CAPTCHA_PATH],
      ["PUT", PHONE_TEMPLATES_PATH],
      ["POST", TOKEN_PATH],
      ["POST", SETTINGS_PATH],
      ["DELETE", CAPTCHA_PATH],
      ["PUT", "/api/v2/unknown"],
      ["POST", BRANDING_TEMPLATES_PATH],
      ["PATCH", `${BRANDING_TEMPLATES_PATH}/tem_unknown`],
      ["PUT", MESSAGE_TYPES_PATH],
    );
    const contentType = fc.oneof(
      fc.constantFrom(
        "application/json",
        "application/x-www-form-urlencoded",
        "application/json; charset=latin1",
        "text/plain",
        "multipart/form-data",
        "",
      ),
      printable(40),
    );
    await fc.assert(
      fc.asyncProperty(
        route,
        fc.uint8Array({ maxLength: 600 }),
        contentType,
        async ([method, path], bytes, type) => {
          const response = await call(emulator, method, path, { token, raw: bytes, contentType: type });
          expect(response.status).toBeLessThan(500);
          expect(response.body).toMatchObject({});
        },
      ),
      RUNS,
    );
  });

  it("answers any form body to the CAPTCHA PATCH with 200 or 400", async () => {
    const name = fc.oneof(
      fc.constantFrom(
        "hcaptcha[site_key]",
        "hcaptcha[secret]",
        "auth_challenge[fail_open]",
        "simple_captcha[x][y]",
        "a[]",
      ),
      printable(20),
    );
    const field = fc.tuple(
      name,
      fc.oneof(fc.constantFrom("true", "false", ""), fc.string({ maxLength: 30 })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(field, { maxLength: 8 }), async (fields) => {
        const response = await call(emulator, "PATCH", CAPTCHA_PATH, {
          token,
          form: new URLSearchParams(fields).toString(),
        });
        expect([200, 400]).toContain(response.status);
      }),
      RUNS,
    );
  });

  it("answers any query string to the settings read with 200 or 400", async () => {
    const fields = fc.oneof(
      fc
        .array(fc.constantFrom("flags", "friendly_name", " support_url ", "", "nope", "universal_login"), {
          maxLength: 5,
        })
        .map((names) => `fields=${encodeURIComponent(names.join(","))}`),
      printable(60).map((text) => `fields=${encodeURIComponent(text)}`),
    );
    const include = fc.oneof(
      fc.constantFrom("", "&include_fields=true", "&include_fields=false"),
      printable(30).map((text) => `&include_fields=${text}`),
    );
    const query = fc.oneof(
      fc.tuple(fields, include).map(([a, b]) => a + b),
      printable(80),
    );
    await fc.assert(
      fc.asyncProperty(query, async (text) => {
        const response = await call(emulator, "GET", `${SETTINGS_PATH}?${text}`, { token });
        expect([200, 400]).toContain(response.status);
        if (response.status === 400)
          expect(response.body).toMatchObject({ errorCode: "invalid_query_string" });
      }),
      RUNS,
    );
  });

  it("answers any path and method without a 5xx", async () => {
    const method = fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");
    const path = fc.oneof(
      fc.stringMatching(/^[a-zA-Z0-9/._~%-]{0,60}$/),
      fc.constantFrom("api/v2/tenants/settings", "oauth/token/", ".well-known/jwks.json"),
    );
    await fc.assert(
      fc.asyncProperty(method, path, async (verb, rest) => {
        const response = await call(emulator, verb, `/${rest}`, { token });
        expect(response.status).toBeLessThan(500);
      }),
      RUNS,
    );
  });
});
