import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import type { JSONWebKeySet } from "jose";

import { getCaptcha, patchCaptcha } from "../../../src/resources/captchaConfig/api";
import { phoneNotificationTemplateEndpoints } from "../../../src/resources/phoneNotificationTemplate/api";
import { getPhoneMessageTypes, putPhoneMessageTypes } from "../../../src/resources/phoneMfa/api";
import { phoneProviderEndpoints } from "../../../src/resources/phoneProvider/api";
import { getPhoneTemplates, putPhoneTemplates } from "../../../src/resources/phoneTemplates/api";
import { ALL_SCOPES } from "../../../src/resources/registry";
import { getTenantSettings, patchTenantSettings } from "../../../src/resources/tenantSettings/api";
import { oauthErrorBodySchema, tokenResponseSchema } from "../../../src/wire";
import type { TenantEmulator } from "../../../src/emulator";
import { freezeDate } from "../support/frozenDate";

import {
  BRANDING_TEMPLATES_PATH,
  CAPTCHA_PATH,
  JWKS_PATH,
  MESSAGE_TYPES_PATH,
  PHONE_TEMPLATES_PATH,
  SETTINGS_PATH,
  TOKEN_PATH,
  call,
  startLegacyPhoneEmulator,
  startTestEmulator,
} from "./support";

/** What the global client is granted: every scope of the emulated endpoints, the settings PATCH's too. */
/** The scopes the emulator grants: the package's, the settings' PATCH, and the phone provider's (emulated only so far). */
const GRANTED_SCOPES = [
  ...new Set([
    ...ALL_SCOPES,
    patchTenantSettings.scope,
    ...[
      phoneProviderEndpoints.list,
      phoneProviderEndpoints.create,
      phoneProviderEndpoints.update,
      phoneProviderEndpoints.remove,
    ].map((endpoint) => endpoint.scope),
  ]),
].sort();
const sortedScopes = (scope: unknown): string[] => String(scope).split(" ").sort();

describe("authentication", () => {
  let emulator: TenantEmulator;
  let other: TenantEmulator;

  beforeAll(async () => {
    // A tenant of the legacy phone set-up, whose /guardian/factors/phone/templates endpoints answer.
    [emulator, other] = await Promise.all([startLegacyPhoneEmulator(), startTestEmulator()]);
  });
  afterAll(() => Promise.all([emulator.close(), other.close()]));

  const credentials = (overrides: Record<string, string | undefined> = {}): Record<string, string> => {
    const fields: Record<string, string | undefined> = {
      grant_type: "client_credentials",
      client_id: emulator.clientId,
      client_secret: emulator.clientSecret,
      audience: emulator.audience,
      ...overrides,
    };
    return Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
  };

  describe("POST /oauth/token", () => {
    it("issues a 24-hour bearer token with every granted scope for a JSON body", async () => {
      const response = await call(emulator, "POST", TOKEN_PATH, { json: credentials() });

      expect(response.status).toBe(200);
      const body = tokenResponseSchema.parse(response.body);
      expect(body).toEqual({
        access_token: expect.any(String),
        token_type: "Bearer",
        expires_in: 86400,
        scope: expect.any(String),
      });
      expect(sortedScopes(body.scope)).toEqual(GRANTED_SCOPES);
      expect(response.headers.get("cache-control")).toBe("no-store");
    });

    it("accepts a form-encoded body, at the path with a trailing slash too", async () => {
      const response = await call(emulator, "POST", `${TOKEN_PATH}/`, {
        form: new URLSearchParams(credentials()).toString(),
      });

      expect(response.status).toBe(200);
      expect(tokenResponseSchema.safeParse(response.body).success).toBe(true);
    });

    it("signs an RS256 JWT with the platform's claims, verifiable with the JWKS", async () => {
      const { access_token } = tokenResponseSchema.parse(
        (await call(emulator, "POST", TOKEN_PATH, { json: credentials() })).body,
      );
      const jwks = (await call(emulator, "GET", JWKS_PATH)).body as JSONWebKeySet;

      const { payload, protectedHeader } = await jwtVerify(access_token, createLocalJWKSet(jwks), {
        issuer: `${emulator.url}/`,
        audience: emulator.audience,
      });
      expect(protectedHeader).toMatchObject({ alg: "RS256", typ: "JWT", kid: jwks.keys[0]?.kid });
      expect(payload).toEqual({
        iss: `${emulator.url}/`,
        aud: `${emulator.url}/api/v2/`,
        sub: `${emulator.clientId}@clients`,
        azp: emulator.clientId,
        iat: expect.any(Number),
        exp: (payload.iat ?? 0) + 86400,
        scope: expect.any(String),
        gty: "client-credentials",
      });
      expect(sortedScopes(payload.scope)).toEqual(GRANTED_SCOPES);
    });

    it("narrows the scopes to those requested", async () => {
      const response = await call(emulator, "POST", TOKEN_PATH, {
        json: credentials({ scope: getTenantSettings.scope }),
      });

      expect(tokenResponseSchema.parse(response.body).scope).toBe(getTenantSettings.scope);
    });

    it.each<[string, Record<string, string | undefined>, number, string, string]>([
      ["a wrong client secret", { client_secret: "wrong" }, 401, "access_denied", "Unauthorized"],
      ["a missing client secret", { client_secret: undefined }, 401, "access_denied", "Unauthorized"],
      ["an unknown client id", { client_id: "nobody" }, 401, "access_denied", "Unauthorized"],
      [
        "a missing client id",
        { client_id: undefined },
        400,
        "invalid_request",
        "Missing required parameter: client_id",
      ],
      [
        "a missing grant type",
        { grant_type: undefined },
        400,
        "invalid_request",
        "Missing required parameter: grant_type",
      ],
      [
        "another grant type",
        { grant_type: "password" },
        400,
        "unsupported_grant_type",
        "Unsupported grant type: password",
      ],
      [
        "a missing audience",
        { audience: undefined },
        403,
        "access_denied",
        "No audience parameter was provided, and no default audience has been configured",
      ],
      [
        "another audience",
        { audience: "https://elsewhere.example/api/v2/" },
        403,
        "access_denied",
        "Service not enabled within domain: https://elsewhere.example/api/v2/",
      ],
      [
        "a scope the client was not granted",
        { scope: "read:users" },
        403,
        "access_denied",
        "Client has not been granted scopes: read:users",
      ],
    ])("refuses %s", async (_name, overrides, status, error, description) => {
      const response = await call(emulator, "POST", TOKEN_PATH, { json: credentials(overrides) });

      expect(response.status).toBe(status);
      expect(response.body).toEqual({ error, error_description: description });
    });

    it.each<[string, string, string | undefined, number]>([
      ["malformed JSON", "{", "application/json", 400],
      ["a JSON array", "[]", "application/json", 400],
      ["an unsupported content type", "grant_type=client_credentials", "text/plain", 415],
    ])("answers %s in the OAuth error shape", async (_name, raw, contentType, status) => {
      const response = await call(emulator, "POST", TOKEN_PATH, {
        raw,
        ...(contentType === undefined ? {} : { contentType }),
      });

      expect(response.status).toBe(status);
      expect(oauthErrorBodySchema.parse(response.body).error).toBe("invalid_request");
    });

    it("issues tokens to the non-global client too", async () => {
      const response = await call(emulator, "POST", TOKEN_PATH, {
        json: credentials({
          client_id: emulator.nonGlobalClient.clientId,
          client_secret: emulator.nonGlobalClient.clientSecret,
        }),
      });

      expect(response.status).toBe(200);
    });
  });

  describe("management API tokens", () => {
    const invalid = { statusCode: 401, error: "Unauthorized", message: "Invalid token" };

    it.each<[string, () => Promise<Record<string, string>>, Record<string, unknown>]>([
      [
        "no Authorization header",
        () => Promise.resolve({}),
        { ...invalid, message: "Missing authentication" },
      ],
      [
        "a header that is not a bearer token",
        () => Promise.resolve({ authorization: "Basic dXNlcjpwYXNz" }),
        invalid,
      ],
      [
        "a bearer token that is not a JWT",
        () => Promise.resolve({ authorization: "Bearer not-a-jwt" }),
        invalid,
      ],
      ["an empty bearer token", () => Promise.resolve({ authorization: "Bearer " }), invalid],
      [
        "a token signed by another emulator",
        async () => ({ authorization: `Bearer ${await other.issueToken()}` }),
        invalid,
      ],
      [
        "a token with a tampered payload",
        async () => {
          const [header, , signature] = (await emulator.issueToken({ scopes: [] })).split(".");
          const forged = Buffer.from(
            JSON.stringify({ sub: `${emulator.clientId}@clients`, scope: ALL_SCOPES.join(" ") }),
          ).toString("base64url");
          return { authorization: `Bearer ${header}.${forged}.${signature}` };
        },
        invalid,
      ],
      [
        "an expired token",
        async () => ({ authorization: `Bearer ${await emulator.issueToken({ expiresInSeconds: -10 })}` }),
        { ...invalid, message: "Expired token received for JSON Web Token validation" },
      ],
      [
        "a token for another audience",
        async () => ({
          authorization: `Bearer ${await emulator.issueToken({ audience: "https://other/api/v2/" })}`,
        }),
        invalid,
      ],
    ])("answers a request with %s with 401", async (_name, headers, expected) => {
      const response = await call(emulator, "GET", SETTINGS_PATH, { headers: await headers() });

      expect(response.status).toBe(401);
      expect(response.body).toEqual(expected);
    });

    // Every row has all five columns: jest passes a `done` callback to a row shorter than the test's arity.
    const endpoints: [string, string, string, Record<string, unknown> | undefined, number][] = [
      ["GET", CAPTCHA_PATH, getCaptcha.scope, undefined, 200],
      ["PATCH", CAPTCHA_PATH, patchCaptcha.scope, {}, 200],
      ["GET", SETTINGS_PATH, getTenantSettings.scope, undefined, 200],
      ["PATCH", SETTINGS_PATH, patchTenantSettings.scope, {}, 200],
      ["GET", PHONE_TEMPLATES_PATH, getPhoneTemplates.scope, undefined, 200],
      [
        "PUT",
        PHONE_TEMPLATES_PATH,
        putPhoneTemplates.scope,
        { enrollment_message: "e {{code}}", verification_message: "v {{code}}" },
        200,
      ],
      ["GET", MESSAGE_TYPES_PATH, getPhoneMessageTypes.scope, undefined, 200],
      ["PUT", MESSAGE_TYPES_PATH, putPhoneMessageTypes.scope, { message_types: ["sms"] }, 200],
      ["GET", BRANDING_TEMPLATES_PATH, phoneNotificationTemplateEndpoints.list.scope, undefined, 200],
      [
        "POST",
        BRANDING_TEMPLATES_PATH,
        phoneNotificationTemplateEndpoints.create.scope,
        { type: "otp_verify", content: { body: { text: "{{ code }}" } } },
        201,
      ],
    ];

    it.each(endpoints)(
      "answers %s %s without %s with 403 insufficient_scope",
      async (method, path, scope, json) => {
        const token = await emulator.issueToken({
          scopes: GRANTED_SCOPES.filter((candidate) => candidate !== scope),
        });
        const response = await call(emulator, method, path, { token, ...(json ? { json } : {}) });

        expect(response.status).toBe(403);
        expect(response.body).toEqual({
          statusCode: 403,
          error: "Forbidden",
          message: `Insufficient scope, expected any of: ${scope}`,
          errorCode: "insufficient_scope",
        });
      },
    );

    it.each(endpoints)("answers %s %s with only %s", async (method, path, scope, json, status) => {
      const token = await emulator.issueToken({ scopes: [scope] });
      const response = await call(emulator, method, path, { token, ...(json ? { json } : {}) });

      expect(response.status).toBe(status);
    });

    it("accepts a token from /oauth/token and the bearer scheme in any case", async () => {
      const { access_token } = tokenResponseSchema.parse(
        (await call(emulator, "POST", TOKEN_PATH, { json: credentials() })).body,
      );
      const response = await call(emulator, "GET", SETTINGS_PATH, {
        headers: { authorization: `bearer ${access_token}` },
      });

      expect(response.status).toBe(200);
    });

    it("refuses a token once it expires, even after it was accepted", async () => {
      freezeDate();
      let response: Awaited<ReturnType<typeof call>>;
      try {
        const token = await emulator.issueToken({ expiresInSeconds: 60 });
        const expiresAt = (decodeJwt(token).exp ?? 0) * 1000;
        jest.setSystemTime(expiresAt - 1);
        expect((await call(emulator, "GET", SETTINGS_PATH, { token })).status).toBe(200);

        jest.setSystemTime(expiresAt);
        response = await call(emulator, "GET", SETTINGS_PATH, { token });
      } finally {
        jest.useRealTimers();
      }

      expect(response.status).toBe(401);
      expect((response.body as { message: string }).message).toBe(
        "Expired token received for JSON Web Token validation",
      );
    });
  });

  describe("the non-global client", () => {
    let token: string;

    beforeAll(async () => {
      const response = await call(emulator, "POST", TOKEN_PATH, {
        json: credentials({
          client_id: emulator.nonGlobalClient.clientId,
          client_secret: emulator.nonGlobalClient.clientSecret,
        }),
      });
      token = tokenResponseSchema.parse(response.body).access_token;
    });

    it.each<[string, Record<string, unknown> | undefined]>([
      ["GET", undefined],
      ["PATCH", { auth_challenge: { fail_open: true } }],
    ])("gets 401 Client is not global on %s of the CAPTCHA endpoint", async (method, json) => {
      const response = await call(emulator, method, CAPTCHA_PATH, { token, ...(json ? { json } : {}) });

      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        statusCode: 401,
        error: "Unauthorized",
        message: "Client is not global",
      });
    });

    it("gets the same 401 with a token from issueToken({global: false})", async () => {
      const response = await call(emulator, "GET", CAPTCHA_PATH, {
        token: await emulator.issueToken({ global: false }),
      });

      expect(response.status).toBe(401);
    });

    it.each([SETTINGS_PATH, PHONE_TEMPLATES_PATH, MESSAGE_TYPES_PATH, BRANDING_TEMPLATES_PATH])(
      "may read %s",
      async (path) => {
        expect((await call(emulator, "GET", path, { token })).status).toBe(200);
      },
    );
  });

  it("serves the public key set without authentication, with no private parts", async () => {
    const response = await call(emulator, "GET", JWKS_PATH);

    expect(response.status).toBe(200);
    const { keys } = response.body as JSONWebKeySet;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig", e: "AQAB" });
    expect(Object.keys(keys[0] ?? {}).sort()).toEqual(["alg", "e", "kid", "kty", "n", "use"]);
    expect(decodeProtectedHeader(await emulator.issueToken()).kid).toBe(keys[0]?.kid);
  });
});
