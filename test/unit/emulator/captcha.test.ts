import { captchaResponseSchema } from "../../../src/resources/captchaConfig/api";
import type { TenantEmulator } from "../../../src/emulator";

import {
  CAPTCHA_DOCUMENT,
  CAPTCHA_PATH,
  allKeys,
  call,
  captchaOf,
  startTestEmulator,
  storedCaptchaOf,
} from "./support";

/** The providers of a tenant that never configured them, as a recorded real tenant answers them. */
const NEVER_CONFIGURED = {
  recaptcha_v2: { site_key: "" },
  recaptcha_enterprise: { site_key: "", project_id: "" },
  hcaptcha: { site_key: "" },
  friendly_captcha: { site_key: "" },
  arkose: { site_key: "", client_subdomain: "client-api", verify_subdomain: "verify-api", fail_open: false },
};

describe("CAPTCHA configuration", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    token = await emulator.issueToken();
  });
  afterAll(() => emulator.close());

  beforeEach(async () => {
    await emulator.tenant.reset(CAPTCHA_DOCUMENT);
  });

  it("starts with the platform challenge active, failing closed, and every provider never configured, as a recorded new tenant", async () => {
    const response = await call(emulator, "GET", CAPTCHA_PATH, { token });
    expect(response.status).toBe(200);
    expect(response.text).toBe(
      '{"active_provider_id":"auth_challenge","simple_captcha":{},"auth_challenge":{"fail_open":false},"recaptcha_v2":{"site_key":""},"recaptcha_enterprise":{"site_key":"","project_id":""},"hcaptcha":{"site_key":""},"friendly_captcha":{"site_key":""},"arkose":{"site_key":"","client_subdomain":"client-api","verify_subdomain":"verify-api","fail_open":false}}',
    );
    expect(storedCaptchaOf(emulator)).toEqual({
      active_provider_id: "auth_challenge",
      simple_captcha: {},
      auth_challenge: { fail_open: false },
    });
  });

  it("keeps providers set earlier when a later PATCH sets another one, and returns no secret", async () => {
    await call(emulator, "PATCH", CAPTCHA_PATH, {
      token,
      json: { active_provider_id: "hcaptcha", hcaptcha: { site_key: "kh", secret: "hcaptcha-secret" } },
    });
    const second = await call(emulator, "PATCH", CAPTCHA_PATH, {
      token,
      json: {
        active_provider_id: "recaptcha_v2",
        recaptcha_v2: { site_key: "k2", secret: "recaptcha-secret" },
      },
    });

    expect(second.status).toBe(200);
    expect(second.body).toEqual({
      ...NEVER_CONFIGURED,
      active_provider_id: "recaptcha_v2",
      simple_captcha: {},
      auth_challenge: { fail_open: false },
      recaptcha_v2: { site_key: "k2" },
      hcaptcha: { site_key: "kh" },
    });
    expect(allKeys(second.body)).not.toEqual(expect.arrayContaining(["secret"]));
    expect(second.text).not.toContain("hcaptcha-secret");
    expect(second.text).not.toContain("recaptcha-secret");
  });

  it("answers a first provider on a new tenant with the others never configured, byte for byte as recorded", async () => {
    const response = await call(emulator, "PATCH", CAPTCHA_PATH, {
      token,
      json: {
        active_provider_id: "recaptcha_v2",
        recaptcha_v2: { site_key: "test-site-key-v2", secret: "test-secret-v2" },
      },
    });

    expect(response.status).toBe(200);
    expect(response.text).toBe(
      '{"active_provider_id":"recaptcha_v2","simple_captcha":{},"auth_challenge":{"fail_open":false},"recaptcha_v2":{"site_key":"test-site-key-v2"},"recaptcha_enterprise":{"site_key":"","project_id":""},"hcaptcha":{"site_key":""},"friendly_captcha":{"site_key":""},"arkose":{"site_key":"","client_subdomain":"client-api","verify_subdomain":"verify-api","fail_open":false}}',
    );
  });

  it("returns every provider in the platform's shape without secret or api_key, and GET returns the same", async () => {
    const patch = await call(emulator, "PATCH", CAPTCHA_PATH, {
      token,
      json: {
        active_provider_id: "recaptcha_v2",
        auth_challenge: { fail_open: true },
        recaptcha_v2: { site_key: "k2", secret: "s2" },
        recaptcha_enterprise: { site_key: "ke", api_key: "api-key-value", project_id: "p" },
        hcaptcha: { site_key: "kh", secret: "sh" },
        friendly_captcha: { site_key: "kf", secret: "sf" },
        arkose: {
          site_key: "ka",
          secret: "sa",
          client_subdomain: "c",
          verify_subdomain: "v",
          fail_open: true,
        },
      },
    });
    const get = await call(emulator, "GET", CAPTCHA_PATH, { token });

    const expected = {
      active_provider_id: "recaptcha_v2",
      simple_captcha: {},
      auth_challenge: { fail_open: true },
      recaptcha_v2: { site_key: "k2" },
      recaptcha_enterprise: { site_key: "ke", project_id: "p" },
      hcaptcha: { site_key: "kh" },
      friendly_captcha: { site_key: "kf" },
      arkose: { site_key: "ka", client_subdomain: "c", verify_subdomain: "v", fail_open: true },
    };
    expect(patch.body).toStrictEqual(expected);
    expect(get.body).toStrictEqual(expected);
    expect(captchaResponseSchema.safeParse(get.body).success).toBe(true);
    expect(allKeys(get.body)).not.toEqual(expect.arrayContaining(["secret", "api_key"]));
    expect(get.text).not.toContain("api-key-value");
  });

  it("keeps the secrets it was sent, out of the API's reach", async () => {
    await call(emulator, "PATCH", CAPTCHA_PATH, {
      token,
      json: { recaptcha_enterprise: { site_key: "ke", api_key: "the-api-key", project_id: "p" } },
    });

    expect(storedCaptchaOf(emulator)?.recaptcha_enterprise).toEqual({
      site_key: "ke",
      api_key: "the-api-key",
      project_id: "p",
    });
    expect(captchaOf(emulator)?.recaptcha_enterprise).toEqual({ site_key: "ke", project_id: "p" });
  });

  it("replaces a provider object whole, credentials included", async () => {
    await call(emulator, "PATCH", CAPTCHA_PATH, {
      token,
      json: { arkose: { site_key: "a1", secret: "s1", client_subdomain: "c1" } },
    });
    await call(emulator, "PATCH", CAPTCHA_PATH, {
      token,
      json: { arkose: { site_key: "a2", secret: "s2" } },
    });

    expect(storedCaptchaOf(emulator)?.arkose).toEqual({ site_key: "a2", secret: "s2" });
  });

  it("keeps simple_captcha free-form, with its keys verbatim", async () => {
    const simple = { someKey: 1, "with space": { nested: [true, null] } };
    const response = await call(emulator, "PATCH", CAPTCHA_PATH, { token, json: { simple_captcha: simple } });

    expect(response.status).toBe(200);
    expect((response.body as { simple_captcha: unknown }).simple_captcha).toEqual(simple);
  });

  it("accepts an empty PATCH and changes nothing", async () => {
    const before = captchaOf(emulator);
    const response = await call(emulator, "PATCH", CAPTCHA_PATH, { token, json: {} });

    expect(response.status).toBe(200);
    expect(response.body).toEqual(before);
  });

  describe("form-encoded bodies", () => {
    it.each([
      {
        name: "a provider with its credentials",
        json: { active_provider_id: "hcaptcha", hcaptcha: { site_key: "k", secret: "s" } },
        form: "active_provider_id=hcaptcha&hcaptcha%5Bsite_key%5D=k&hcaptcha%5Bsecret%5D=s",
      },
      {
        name: "booleans written as true/false",
        json: {
          auth_challenge: { fail_open: true },
          arkose: { site_key: "a", secret: "b", fail_open: false },
        },
        form: "auth_challenge[fail_open]=true&arkose[site_key]=a&arkose[secret]=b&arkose[fail_open]=false",
      },
      {
        name: "values that need escaping",
        json: { recaptcha_enterprise: { site_key: "a b&c=d", api_key: "+/é", project_id: "p" } },
        form: "recaptcha_enterprise[site_key]=a+b%26c%3Dd&recaptcha_enterprise[api_key]=%2B%2F%C3%A9&recaptcha_enterprise[project_id]=p",
      },
      {
        name: "a free-form simple_captcha whose values stay strings",
        json: { simple_captcha: { flag: "true", other: "x" } },
        form: "simple_captcha[flag]=true&simple_captcha[other]=x",
      },
    ])("stores $name exactly as the equivalent JSON body does", async ({ json, form }) => {
      const viaJson = await call(emulator, "PATCH", CAPTCHA_PATH, { token, json });
      const storedViaJson = storedCaptchaOf(emulator);
      await emulator.tenant.reset(CAPTCHA_DOCUMENT);
      const viaForm = await call(emulator, "PATCH", CAPTCHA_PATH, { token, form });

      expect(viaJson.status).toBe(200);
      expect(viaForm.status).toBe(200);
      expect(viaForm.body).toEqual(viaJson.body);
      expect(storedCaptchaOf(emulator)).toEqual(storedViaJson);
    });

    it("rejects a boolean field whose form value is neither true nor false", async () => {
      const response = await call(emulator, "PATCH", CAPTCHA_PATH, {
        token,
        form: "auth_challenge[fail_open]=yes",
      });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        statusCode: 400,
        error: "Bad Request",
        message:
          "Payload validation error: 'Expected type boolean but found type string' on property auth_challenge.fail_open.",
        errorCode: "invalid_body",
      });
    });

    it("applies the same validation as JSON, e.g. a missing secret", async () => {
      const response = await call(emulator, "PATCH", CAPTCHA_PATH, { token, form: "hcaptcha[site_key]=k" });

      expect(response.status).toBe(400);
      expect((response.body as { message: string }).message).toBe(
        "Payload validation error: 'Missing required property: secret' on property hcaptcha.",
      );
    });
  });
});

describe("a tenant whose CAPTCHA configuration does not exist yet", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    await emulator.tenant.remove(CAPTCHA_DOCUMENT);
    token = await emulator.issueToken();
  });
  afterAll(() => emulator.close());

  const notFound = {
    statusCode: 404,
    error: "Not Found",
    message: "The CAPTCHA configuration does not exist",
    errorCode: "inexistent_captcha_config",
  };

  it("answers 404 inexistent_captcha_config to GET and PATCH, and PATCH does not create it", async () => {
    const get = await call(emulator, "GET", CAPTCHA_PATH, { token });
    const patch = await call(emulator, "PATCH", CAPTCHA_PATH, {
      token,
      json: { hcaptcha: { site_key: "k", secret: "s" } },
    });

    expect(get.status).toBe(404);
    expect(get.body).toEqual(notFound);
    expect(patch.status).toBe(404);
    expect(patch.body).toEqual(notFound);
    expect(captchaOf(emulator)).toBeUndefined();
    expect(storedCaptchaOf(emulator)).toBeUndefined();
  });

  it("answers 200 once the configuration is created out of band", async () => {
    await emulator.tenant.reset(CAPTCHA_DOCUMENT);

    const patch = await call(emulator, "PATCH", CAPTCHA_PATH, {
      token,
      json: { hcaptcha: { site_key: "k", secret: "s" } },
    });
    expect(patch.status).toBe(200);
    expect((await call(emulator, "GET", CAPTCHA_PATH, { token })).body).toEqual(patch.body);

    await emulator.tenant.remove(CAPTCHA_DOCUMENT);
    expect((await call(emulator, "GET", CAPTCHA_PATH, { token })).status).toBe(404);
  });
});

describe("a tenant whose plan lacks bot detection", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    emulator = await startTestEmulator({ botDetection: false });
    token = await emulator.issueToken();
  });
  afterAll(() => emulator.close());

  it.each(["GET", "PATCH"])("answers %s with 403 insufficient_entitlement", async (method) => {
    const response = await call(emulator, method, CAPTCHA_PATH, {
      token,
      ...(method === "PATCH" ? { json: { auth_challenge: { fail_open: true } } } : {}),
    });

    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      statusCode: 403,
      error: "Forbidden",
      message: "Please upgrade your subscription to use bot detection",
      errorCode: "insufficient_entitlement",
    });
  });

  it("serves the CAPTCHA endpoints once the plan includes bot detection", async () => {
    emulator.tenant.setBotDetection(true);
    try {
      expect((await call(emulator, "GET", CAPTCHA_PATH, { token })).status).toBe(200);
    } finally {
      emulator.tenant.setBotDetection(false);
    }
  });
});
