import { TenantApiError, TenantRequestError } from "../../../src/client/errors";
import { ManagementClient } from "../../../src/client/managementClient";
import type { CaptchaPatchRequest } from "../../../src/resources/captchaConfig/api";
import type { StoredCaptcha } from "../../../src/resources/captchaConfig/emulation";
import { getCaptcha, patchCaptcha } from "../../../src/resources/captchaConfig/api";
import { getPhoneTemplates, putPhoneTemplates } from "../../../src/resources/phoneTemplates/api";
import { getTenantSettings, settingsQuery } from "../../../src/resources/tenantSettings/api";
import { ROUTES, caught, startHarness } from "./support/harness";
import type { Harness } from "./support/harness";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => harness.reset());

describe("CAPTCHA", () => {
  it("patches a provider and returns the merged configuration without its secret", async () => {
    const { client } = harness.client();
    const result = await client.send(patchCaptcha, {
      body: {
        active_provider_id: "hcaptcha",
        hcaptcha: { site_key: "site-h", secret: "hcaptcha-secret-1" },
      },
    });
    expect(result).toMatchObject({ active_provider_id: "hcaptcha", hcaptcha: { site_key: "site-h" } });
    expect(JSON.stringify(result)).not.toContain("hcaptcha-secret-1");
    const stored = harness.emulator.tenant.stored(getCaptcha.path) as StoredCaptcha;
    expect(stored.hcaptcha?.secret).toBe("hcaptcha-secret-1");
    await expect(client.send(getCaptcha)).resolves.toEqual(result);
  });

  it.each<[string, unknown, RegExp]>([
    [
      "an unknown provider id",
      { active_provider_id: "nope" },
      /^PATCH \/attack-protection\/captcha was not sent: the request is invalid: active_provider_id: /,
    ],
    ["a provider without its secret", { hcaptcha: { site_key: "k" } }, /hcaptcha\.secret: /],
    [
      "an unknown property",
      { hcaptcha: { site_key: "k", secret: "s", extra: 1 } },
      /hcaptcha: Unrecognized key/,
    ],
    [
      "a secret over 100 characters",
      { arkose: { site_key: "k", secret: "x".repeat(101) } },
      /arkose\.secret: Too big/,
    ],
  ])("refuses %s before sending anything", async (_label, body, message) => {
    const { client } = harness.client();
    const error = await caught(() => client.send(patchCaptcha, { body: body as CaptchaPatchRequest }));
    expect(error).toBeInstanceOf(TenantRequestError);
    expect(error.message).toMatch(message);
    expect(harness.requests()).toEqual([]);
  });

  it("reports a missing CAPTCHA configuration with a hint", async () => {
    const { client } = harness.client();
    await harness.emulator.tenant.remove(getCaptcha.path);
    try {
      const error = await caught(() => client.send(getCaptcha));
      expect(error).toBeInstanceOf(TenantApiError);
      expect(error).toMatchObject({ status: 404, errorCode: "inexistent_captcha_config" });
      expect(error.message).toMatch(
        /^GET \/attack-protection\/captcha failed: 404 inexistent_captcha_config: .*The tenant has no CAPTCHA configuration yet\.$/,
      );
    } finally {
      await harness.emulator.tenant.reset(getCaptcha.path);
    }
  });
});

describe("tenant settings", () => {
  it("returns every field when no fields are given, keeping fields the spec does not list", async () => {
    const { client } = harness.client();
    const settings = await client.send(getTenantSettings);
    expect(settings).toHaveProperty("session_lifetime");
    expect(settings).toHaveProperty("universal_login");
    expect(settings.flags).toHaveProperty("universal_login", true);
  });

  it("sends fields comma-joined and include_fields, and returns only those fields", async () => {
    const { client } = harness.client();
    const settings = await client.send(getTenantSettings, {
      query: settingsQuery(["enabled_locales", "session_lifetime"]),
    });
    expect(Object.keys(settings).sort()).toEqual(["enabled_locales", "session_lifetime"]);
  });

  it("excludes the fields when includeFields is false", async () => {
    const { client } = harness.client();
    const settings = await client.send(getTenantSettings, { query: settingsQuery(["flags"], false) });
    expect(settings).not.toHaveProperty("flags");
    expect(settings).toHaveProperty("session_lifetime");
  });

  it("refuses an unknown field name before any call, naming it and listing the valid ones", async () => {
    const { client } = harness.client();
    const error = await caught(async () =>
      client.send(getTenantSettings, { query: settingsQuery(["friendly_name", "friendlyName"]) }),
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(
      /^unknown tenant settings field "friendlyName"; valid fields: allowed_logout_urls, change_password, /,
    );
    expect(error.message).toContain("universal_login");
    expect(harness.requests()).toEqual([]);
  });

  it.each(["sandbox_version", "guardian_mfa_page", "security_headers"])(
    "refuses %s, a response property the published fields pattern does not list, before any call",
    async (field) => {
      const { client } = harness.client();
      const error = await caught(async () =>
        client.send(getTenantSettings, { query: settingsQuery([field]) }),
      );
      expect(error).toBeInstanceOf(TypeError);
      expect(harness.requests()).toEqual([]);
    },
  );

  it("reports a fields query the service refuses, with the endpoint's hint", async () => {
    const { client } = harness.client();
    const error = await caught(() => client.send(getTenantSettings, { query: { fields: "friendlyName" } }));
    expect(error).toBeInstanceOf(TenantApiError);
    expect(error).toMatchObject({ status: 400, errorCode: "invalid_query_string" });
    expect(error.message).toMatch(
      /^GET \/tenants\/settings failed: 400 invalid_query_string: .*Check the names passed in fields\.$/,
    );
  });
});

describe("phone templates", () => {
  it("replaces both templates and reads them back", async () => {
    const { client } = harness.client();
    const templates = {
      enrollment_message: "Enroll with {{code}}",
      verification_message: "Verify with {{code}}",
    };
    await expect(client.send(putPhoneTemplates, { body: templates })).resolves.toEqual(templates);
    await expect(client.send(getPhoneTemplates)).resolves.toEqual(templates);
  });

  it("refuses a body missing a template before sending it", async () => {
    const { client } = harness.client();
    const error = await caught(() =>
      client.send(putPhoneTemplates, { body: { enrollment_message: "x" } as never }),
    );
    expect(error).toBeInstanceOf(TenantRequestError);
    expect(error.message).toMatch(/verification_message: /);
    expect(harness.requests()).toEqual([]);
  });
});

describe("a tenant whose plan lacks bot detection", () => {
  let basic: Harness;
  beforeAll(async () => {
    basic = await startHarness({ botDetection: false });
  });
  afterAll(() => basic.close());

  it("reports the missing entitlement with a hint", async () => {
    const { client } = basic.client();
    const error = await caught(() =>
      client.send(patchCaptcha, { body: { auth_challenge: { fail_open: true } } }),
    );
    expect(error.message).toBe(
      "PATCH /attack-protection/captcha failed: 403 insufficient_entitlement: Please upgrade your subscription to " +
        "use bot detection. The tenant's plan does not include bot detection.",
    );
    expect(basic.requests().filter((line) => line.startsWith("PATCH"))).toEqual([
      `${ROUTES.patchCaptcha} 403`,
    ]);
  });
});

describe("a client made without shared caches", () => {
  it("fetches its own token, as the CLI's doctor and export want", async () => {
    const connection = harness.connection();
    for (const client of [new ManagementClient(connection), new ManagementClient(connection)]) {
      await expect(client.send(getPhoneTemplates)).resolves.toHaveProperty("enrollment_message");
    }
    expect(harness.requests().filter((line) => line.startsWith(ROUTES.token))).toHaveLength(2);
  });
});
