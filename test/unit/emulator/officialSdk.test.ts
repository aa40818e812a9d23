/**
 * The platform's official node SDK (npm `auth0` 7.x), unchanged, against the emulator over TLS with the SDK's
 * own default audience (`https://<domain>/api/v2/`). The generated certificate is trusted the way a process
 * trusts any extra CA; nothing in the SDK is configured for the emulator beyond its domain and credentials.
 */
import { readFileSync } from "node:fs";
import { generateKeyPairSync } from "node:crypto";
import { getCACertificates, setDefaultCACertificates } from "node:tls";

import { Management, ManagementClient, ManagementError } from "auth0";
import { SignJWT, importPKCS8 } from "jose";

import { getCaptcha, patchCaptcha } from "../../../src/resources/captchaConfig/api";
import { DEFAULT_PHONE_NOTIFICATION_BODIES } from "../../../src/resources/phoneNotificationTemplate/api";
import { DEFAULT_PHONE_TEMPLATES, getPhoneTemplates } from "../../../src/resources/phoneTemplates/api";
import { tenantSettingsResponseSchema } from "../../../src/resources/tenantSettings/api";
import { routeOf } from "../../../src/wire";
import type { TenantEmulator } from "../../../src/emulator";

import {
  BRANDING_TEMPLATES_COLLECTION,
  CAPTCHA_PATH,
  LEGACY_PHONE_REFUSAL,
  SETTINGS_DOCUMENT,
  TOKEN_PATH,
  startTestEmulator,
} from "./support";

const { BadRequestError, ForbiddenError, NotFoundError, TooManyRequestsError } = Management;

/** A client secret with the characters RFC 6749 §2.3.1 makes Basic clients url-encode. */
const AWKWARD_SECRET = "s3cr:et+with/odd%chars and-spaces";

describe("the official node SDK against the emulator over TLS", () => {
  let emulator: TenantEmulator;
  let domain: string;
  let sdk: ManagementClient;
  const defaultCas = getCACertificates("default");

  beforeAll(async () => {
    emulator = await startTestEmulator({ tls: true, clientSecret: AWKWARD_SECRET });
    if (emulator.caFile === undefined) throw new Error("no CA file");
    setDefaultCACertificates([...defaultCas, readFileSync(emulator.caFile, "utf8")]);
    domain = `localhost:${new URL(emulator.url).port}`;
    sdk = new ManagementClient({
      domain,
      clientId: emulator.clientId,
      clientSecret: emulator.clientSecret,
      maxRetries: 0,
    });
  });
  afterAll(async () => {
    setDefaultCACertificates(defaultCas);
    await emulator.close();
  });

  it("serves https with a URL and audience in https", () => {
    expect(emulator.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(emulator.audience).toBe(`${emulator.url}/api/v2/`);
  });

  it.each([
    [
      "recaptcha_v2",
      { recaptcha_v2: { site_key: "k-v2", secret: "s-v2" } },
      { recaptcha_v2: { site_key: "k-v2" } },
    ],
    ["hcaptcha", { hcaptcha: { site_key: "k-h", secret: "s-h" } }, { hcaptcha: { site_key: "k-h" } }],
    [
      "friendly_captcha",
      { friendly_captcha: { site_key: "k-f", secret: "s-f" } },
      { friendly_captcha: { site_key: "k-f" } },
    ],
    [
      "arkose",
      {
        arkose: {
          site_key: "k-a",
          secret: "s-a",
          client_subdomain: "c",
          verify_subdomain: "v",
          fail_open: true,
        },
      },
      { arkose: { site_key: "k-a", client_subdomain: "c", verify_subdomain: "v", fail_open: true } },
    ],
    [
      "recaptcha_enterprise",
      { recaptcha_enterprise: { site_key: "k-e", api_key: "a-e", project_id: "p" } },
      { recaptcha_enterprise: { site_key: "k-e", project_id: "p" } },
    ],
  ] as const)("updates and reads the CAPTCHA configuration with %s", async (provider, block, expected) => {
    const updated = await sdk.attackProtection.captcha.update({ active_provider_id: provider, ...block });
    const read = await sdk.attackProtection.captcha.get();

    expect(updated).toMatchObject({ active_provider_id: provider, ...expected });
    expect(read).toEqual(updated);
    expect(JSON.stringify(read)).not.toMatch(/"secret"|"api_key"/);
  });

  it("reads the settings with fields, included and excluded", async () => {
    const included = await sdk.tenants.settings.get({
      fields: "flags,enabled_locales",
      include_fields: true,
    });
    const excluded = await sdk.tenants.settings.get({ fields: "flags", include_fields: false });

    expect(Object.keys(included).sort()).toEqual(["enabled_locales", "flags"]);
    expect(excluded).not.toHaveProperty("flags");
    expect(excluded).toHaveProperty("session_lifetime", 168);
  });

  it("changes the settings with PATCH and reads them back, null removing a setting", async () => {
    const updated = await sdk.tenants.settings.update({
      friendly_name: "Emulated Inc",
      session_cookie: { mode: "non-persistent" },
      flags: { enable_sso: false },
    });
    const read = await sdk.tenants.settings.get({ fields: "friendly_name,flags,session_cookie" });

    expect(updated).toMatchObject({ friendly_name: "Emulated Inc" });
    expect(read).toMatchObject({
      friendly_name: "Emulated Inc",
      session_cookie: { mode: "non-persistent" },
      // A PATCH of one flag keeps the others.
      flags: { enable_sso: false, disable_impersonation: true },
    });
    await emulator.tenant.write("PATCH", SETTINGS_DOCUMENT, { session_cookie: null });
    expect(tenantSettingsResponseSchema.parse(await sdk.tenants.settings.get())).not.toHaveProperty(
      "session_cookie",
    );
  });

  describe("the legacy phone templates", () => {
    const templates = {
      enrollment_message: "{{code}} enrolls you at {{tenant.friendly_name}}",
      verification_message: "{{code}} verifies you",
    };

    it("are refused with the platform's 403 on a tenant enrolled in the Unified Phone Experience", async () => {
      const read: unknown = await sdk.guardian.factors.phone.getTemplates().catch((e: unknown) => e);
      const written: unknown = await sdk.guardian.factors.phone
        .setTemplates(templates)
        .catch((e: unknown) => e);

      for (const error of [read, written]) {
        expect(error).toBeInstanceOf(ForbiddenError);
        expect(error).toMatchObject({ statusCode: 403, body: LEGACY_PHONE_REFUSAL });
      }
      expect(emulator.tenant.read(getPhoneTemplates.path)).toEqual(DEFAULT_PHONE_TEMPLATES);
    });

    it("are written and read on a tenant that left the experience (a legacy tenant)", async () => {
      await sdk.tenants.settings.update({ phone_consolidated_experience: false });
      try {
        const written = await sdk.guardian.factors.phone.setTemplates(templates);

        expect(written).toEqual(templates);
        expect(await sdk.guardian.factors.phone.getTemplates()).toEqual(templates);
      } finally {
        await sdk.tenants.settings.update({ phone_consolidated_experience: true });
      }
    });
  });

  it.each([
    ["enrolled in the Unified Phone Experience", true],
    ["on the legacy phone set-up", false],
  ])("sets and reads the phone message types on a tenant %s", async (_generation, enrolled) => {
    await sdk.tenants.settings.update({ phone_consolidated_experience: enrolled });
    try {
      expect(await sdk.guardian.factors.phone.setMessageTypes({ message_types: ["sms", "voice"] })).toEqual({
        message_types: ["sms", "voice"],
      });
      expect(await sdk.guardian.factors.phone.getMessageTypes()).toEqual({ message_types: ["sms", "voice"] });
      expect(await sdk.guardian.factors.phone.setMessageTypes({ message_types: [] })).toEqual({
        message_types: [],
      });
    } finally {
      await sdk.tenants.settings.update({ phone_consolidated_experience: true });
    }
  });

  describe("the branding phone templates", () => {
    const templates = () => sdk.branding.phone.templates;

    afterEach(async () => {
      for (const item of emulator.tenant.items(BRANDING_TEMPLATES_COLLECTION) as { id: string }[]) {
        await templates().delete(item.id);
      }
    });

    it("lists the platform's defaults of a new tenant, with or without the disabled filter", async () => {
      const all = await templates().list();
      const enabled = await templates().list({ disabled: false });
      const disabled = await templates().list({ disabled: true });

      expect(all.templates?.map((template) => template.type)).toEqual([
        "blocked_account",
        "change_password",
        "otp_enroll",
        "otp_verify",
      ]);
      expect(all.templates?.every((template) => template.id === undefined)).toBe(true);
      expect(enabled.templates).toHaveLength(4);
      expect(disabled.templates).toEqual([]);
    });

    it("creates, reads, updates, resets, tests and deletes a template", async () => {
      const created = await templates().create({
        type: "otp_verify",
        disabled: false,
        content: {
          syntax: "liquid",
          from: "1234567890",
          body: { text: "Your code: {{ code }}", voice: "Your code is {{ code }}" },
        },
      });
      const id = created.id ?? "";

      expect(id).toMatch(/^tem_[A-Za-z0-9]{22}$/);
      expect(created).toMatchObject({
        channel: "phone",
        type: "otp_verify",
        disabled: false,
        content: { syntax: "liquid", from: "1234567890", body: { text: "Your code: {{ code }}" } },
      });
      expect(await templates().get(id)).toEqual(created);
      expect((await templates().list()).templates?.[0]).toEqual(created);

      const updated = await templates().update(id, {
        disabled: true,
        content: { body: { text: "New {{ code }}" } },
      });
      expect(updated).toMatchObject({
        id,
        disabled: true,
        content: { from: "1234567890", body: { text: "New {{ code }}", voice: "Your code is {{ code }}" } },
      });
      expect((await templates().list({ disabled: true })).templates?.map((template) => template.id)).toEqual([
        id,
      ]);

      const reset = await templates().reset(id);
      expect(reset).toMatchObject({
        id,
        disabled: true,
        content: { from: "1234567890", body: DEFAULT_PHONE_NOTIFICATION_BODIES.otp_verify },
      });

      expect(await templates().test(id, { to: "+15555550100", delivery_method: "text" })).toEqual({
        code: 202,
        message: "Test notification successfully sent for processing",
      });

      await templates().delete(id);
      const gone: unknown = await templates()
        .get(id)
        .catch((e: unknown) => e);
      expect(gone).toBeInstanceOf(NotFoundError);
      expect(gone).toMatchObject({
        statusCode: 404,
        body: { statusCode: 404, error: "Not Found", message: "Notification Resource not found" },
      });
    });

    it("raises a ManagementError for a second template of one type", async () => {
      await templates().create({ type: "otp_enroll" });
      const error: unknown = await templates()
        .create({ type: "otp_enroll" })
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(ManagementError);
      expect(error).toMatchObject({
        statusCode: 409,
        body: { message: "Phone template already configured for tenant" },
      });
    });
  });

  it("raises a ManagementError for a 400, with the platform's body", async () => {
    const error: unknown = await sdk.tenants.settings.get({ fields: "sandbox_version" }).catch((e) => e);

    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toBeInstanceOf(ManagementError);
    expect(error).toMatchObject({ statusCode: 400, body: { errorCode: "invalid_query_string" } });
  });

  it("raises a ManagementError for an unknown settings property in a PATCH", async () => {
    const error: unknown = await sdk.tenants.settings
      .update({ no_such_setting: true } as never)
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({
      statusCode: 400,
      body: {
        errorCode: "invalid_body",
        message: "Payload validation error: 'Additional properties not allowed: no_such_setting'.",
      },
    });
  });

  it("raises a ManagementError for a 403 when the token lacks the scope", async () => {
    const token = await emulator.issueToken({ scopes: [getCaptcha.scope] });
    const narrow = new ManagementClient({ domain, token, maxRetries: 0 });
    const error: unknown = await narrow.attackProtection.captcha.update({}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error).toMatchObject({
      statusCode: 403,
      body: {
        errorCode: "insufficient_scope",
        message: `Insufficient scope, expected any of: ${patchCaptcha.scope}`,
      },
    });
  });

  it("raises its TooManyRequestsError for a 429 where the platform documents one, a ManagementError elsewhere", async () => {
    await sdk.tenants.settings.get(); // the token is fetched and cached first
    emulator.injectFault(routeOf(getCaptcha), { kind: "rateLimit" });
    emulator.injectFault(routeOf(getPhoneTemplates), { kind: "rateLimit" });
    const captchaError: unknown = await sdk.attackProtection.captcha.get().catch((e: unknown) => e);
    const templatesError: unknown = await sdk.guardian.factors.phone.getTemplates().catch((e: unknown) => e);

    expect(captchaError).toBeInstanceOf(TooManyRequestsError);
    expect(captchaError).toMatchObject({ statusCode: 429, body: { errorCode: "too_many_requests" } });
    expect(templatesError).toBeInstanceOf(ManagementError);
    expect(templatesError).toMatchObject({ statusCode: 429, body: { errorCode: "too_many_requests" } });
  });

  it("gets a token with private_key_jwt from the SDK's clientAssertionSigningKey", async () => {
    const key = emulator.clientAssertionKey;
    if (key === undefined) throw new Error("no generated key");
    const jwtClient = new ManagementClient({
      domain: `127.0.0.1:${new URL(emulator.url).port}`,
      clientId: emulator.clientId,
      clientAssertionSigningKey: key.privateKeyPem,
      maxRetries: 0,
    });

    expect(await jwtClient.attackProtection.captcha.get()).toHaveProperty("active_provider_id");
  });

  it("refuses private_key_jwt signed with another key", async () => {
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const jwtClient = new ManagementClient({
      domain,
      clientId: emulator.clientId,
      clientAssertionSigningKey: other.privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
      maxRetries: 0,
    });
    const error: unknown = await jwtClient.tenants.settings.get().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ManagementError);
    expect(error).toMatchObject({ statusCode: 401, body: { error: "invalid_client" } });
  });

  describe("client credentials at /oauth/token, as other clients send them", () => {
    const tokenUrl = (): string => `https://${domain}${TOKEN_PATH}`;
    const audience = (): string => `https://${domain}/api/v2/`;
    const basic = (id: string, secret: string): string =>
      `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;
    const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(tokenUrl(), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams(body).toString(),
      });

    it("accepts HTTP Basic with url-encoded credentials, as Go's oauth2 sends them first", async () => {
      const response = await post(
        { grant_type: "client_credentials", audience: audience() },
        { authorization: basic(emulator.clientId, AWKWARD_SECRET) },
      );

      expect(response.status).toBe(200);
      const { access_token } = (await response.json()) as { access_token: string };
      const read = await fetch(`https://${domain}${CAPTCHA_PATH}`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(read.status).toBe(200);
    });

    it("answers wrong Basic credentials with 401 invalid_client and a Basic challenge", async () => {
      const response = await post(
        { grant_type: "client_credentials", audience: audience() },
        { authorization: basic(emulator.clientId, "wrong") },
      );

      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
      expect(await response.json()).toMatchObject({ error: "invalid_client" });
    });

    it("keeps the platform's 401 access_denied for a wrong secret in the body", async () => {
      const response = await post({
        grant_type: "client_credentials",
        client_id: emulator.clientId,
        client_secret: "wrong",
        audience: audience(),
      });

      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "access_denied", error_description: "Unauthorized" });
    });

    it("refuses two authentication methods at once", async () => {
      const response = await post(
        {
          grant_type: "client_credentials",
          client_id: emulator.clientId,
          client_secret: AWKWARD_SECRET,
          audience: audience(),
        },
        { authorization: basic(emulator.clientId, AWKWARD_SECRET) },
      );

      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "invalid_request" });
    });

    it("accepts the audience without the port only when the port is the scheme's default", async () => {
      const response = await post({
        grant_type: "client_credentials",
        client_id: emulator.clientId,
        client_secret: AWKWARD_SECRET,
        audience: "https://localhost/api/v2/",
      });

      expect(response.status).toBe(403);
    });

    describe("private_key_jwt assertions", () => {
      const assertion = async (
        claims: { aud?: string; jti?: string; lifetime?: number; sub?: string } = {},
      ) => {
        const key = await importPKCS8(emulator.clientAssertionKey?.privateKeyPem ?? "", "RS256");
        const now = Math.floor(Date.now() / 1000);
        return new SignJWT({})
          .setProtectedHeader({ alg: "RS256" })
          .setIssuer(emulator.clientId)
          .setSubject(claims.sub ?? emulator.clientId)
          .setAudience(claims.aud ?? `https://${domain}/`)
          .setIssuedAt(now)
          .setExpirationTime(now + (claims.lifetime ?? 60))
          .setJti(claims.jti ?? crypto.randomUUID())
          .sign(key);
      };
      const withAssertion = async (jwt: string) =>
        post({
          grant_type: "client_credentials",
          audience: audience(),
          client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
          client_assertion: jwt,
        });

      it("accepts the tenant's URL or the token endpoint as aud", async () => {
        expect((await withAssertion(await assertion())).status).toBe(200);
        expect((await withAssertion(await assertion({ aud: tokenUrl() }))).status).toBe(200);
      });

      it.each<[string, () => Promise<string>]>([
        ["another aud", () => assertion({ aud: "https://elsewhere.example/" })],
        ["a sub other than the client id", () => assertion({ sub: "someone-else" })],
        ["an expired assertion", () => assertion({ lifetime: -120 })],
        ["a lifetime over 5 minutes", () => assertion({ lifetime: 3600 })],
      ])("refuses %s with 401 invalid_client", async (_name, make) => {
        const response = await withAssertion(await make());

        expect(response.status).toBe(401);
        expect(await response.json()).toMatchObject({ error: "invalid_client" });
      });

      it("refuses an assertion used twice (jti replay)", async () => {
        const jwt = await assertion();

        expect((await withAssertion(jwt)).status).toBe(200);
        expect((await withAssertion(jwt)).status).toBe(401);
      });
    });
  });
});
