/**
 * MFA by phone with the platform's official node SDK (npm `auth0` 7.x), unchanged, against the emulator over
 * TLS: the guardian factors' switches, the phone factor's message types, the legacy sender (selected provider
 * and Twilio account, at `/phone/` and the deprecated `/sms/`), and the branding phone provider, on a tenant
 * enrolled in the Unified Phone Experience and on one of the legacy set-up.
 */
import { readFileSync } from "node:fs";
import { getCACertificates, setDefaultCACertificates } from "node:tls";

import { Management, ManagementClient } from "auth0";

import { GUARDIAN_FACTOR_NAMES } from "../../../src/resources/phoneMfa/api";
import { phoneProviderEndpoints } from "../../../src/resources/phoneProvider/api";
import {
  getPhoneTwilioAccount,
  getSelectedPhoneProvider,
  putPhoneTwilioAccount,
  putSelectedPhoneProvider,
} from "../../../src/resources/legacyPhoneProvider/api";
import { getGuardianFactors, putPhoneFactor } from "../../../src/resources/phoneMfa/api";
import { API_PREFIX, pathWith, routeOf } from "../../../src/wire";
import type { Endpoint } from "../../../src/wire";
import type { TenantEmulator } from "../../../src/emulator";

import { LEGACY_PHONE_REFUSAL, call, startLegacyPhoneEmulator, startTestEmulator } from "./support";

const { BadRequestError, ConflictError, ForbiddenError, NotFoundError } = Management;

const PROVIDERS = phoneProviderEndpoints.list.path;

function client(emulator: TenantEmulator): ManagementClient {
  return new ManagementClient({
    domain: `localhost:${new URL(emulator.url).port}`,
    clientId: emulator.clientId,
    clientSecret: emulator.clientSecret,
    maxRetries: 0,
  });
}

const TWILIO_TOKEN = "twilio-token-never-answered";
const twilio: Management.CreateBrandingPhoneProviderRequestContent = {
  name: "twilio",
  disabled: false,
  configuration: { default_from: "+15550100", sid: "AC-sid", delivery_methods: ["text", "voice"] },
  credentials: { auth_token: TWILIO_TOKEN },
};

describe("MFA by phone, with the official node SDK", () => {
  let unified: TenantEmulator;
  let legacy: TenantEmulator;
  let unifiedSdk: ManagementClient;
  let legacySdk: ManagementClient;
  const log: string[] = [];
  const defaultCas = getCACertificates("default");

  beforeAll(async () => {
    [unified, legacy] = await Promise.all([
      startTestEmulator({ tls: true, log: (line) => log.push(line) }),
      startLegacyPhoneEmulator({ tls: true }),
    ]);
    const cas = [unified, legacy].map((emulator) => readFileSync(emulator.caFile ?? "", "utf8"));
    setDefaultCACertificates([...defaultCas, ...cas]);
    unifiedSdk = client(unified);
    legacySdk = client(legacy);
  });
  afterAll(async () => {
    setDefaultCACertificates(defaultCas);
    await Promise.all([unified.close(), legacy.close()]);
  });

  describe("the guardian factors", () => {
    it.each([
      ["enrolled in the Unified Phone Experience", () => unifiedSdk],
      ["on the legacy phone set-up", () => legacySdk],
    ])(
      "lists the eight factors off on a new tenant %s, and switches phone MFA on and off",
      async (_, sdk) => {
        const factors = sdk().guardian.factors;

        expect(await factors.list()).toEqual(
          GUARDIAN_FACTOR_NAMES.map((name) => ({ name, enabled: false, trial_expired: false })),
        );
        expect(await factors.set("sms", { enabled: true })).toEqual({ enabled: true });
        const listed = await factors.list();
        expect(listed.filter((factor) => factor.enabled).map((factor) => factor.name)).toEqual(["sms"]);
        expect(await factors.set("sms", { enabled: false })).toEqual({ enabled: false });
        expect((await factors.list()).every((factor) => !factor.enabled)).toBe(true);
      },
    );

    it("refuses a factor switch with any member but enabled, and changes nothing", async () => {
      const body = { enabled: true, provider: "twilio" };
      const error: unknown = await unifiedSdk.guardian.factors.set("sms", body).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({
        body: {
          statusCode: 400,
          error: "Bad Request",
          message: "Payload validation error: 'Additional properties not allowed: provider'.",
          errorCode: "invalid_body",
        },
      });
      expect((await unifiedSdk.guardian.factors.list())[0]).toEqual({
        name: "sms",
        enabled: false,
        trial_expired: false,
      });
    });

    it("keeps the message types apart from the factor's switch, [] on a new tenant", async () => {
      const phone = legacySdk.guardian.factors.phone;

      expect(await phone.getMessageTypes()).toEqual({ message_types: [] });
      await phone.setMessageTypes({ message_types: ["voice"] });
      expect(await legacySdk.guardian.factors.set("sms", { enabled: true })).toEqual({ enabled: true });
      expect(await phone.getMessageTypes()).toEqual({ message_types: ["voice"] });
      await legacySdk.guardian.factors.set("sms", { enabled: false });
      await phone.setMessageTypes({ message_types: [] });
    });
  });

  describe("the legacy sender", () => {
    it("is refused with the platform's 403 at both paths on a tenant enrolled in the Unified Phone Experience", async () => {
      const { phone, sms } = unifiedSdk.guardian.factors;
      const calls = [
        phone.getSelectedProvider(),
        phone.setProvider({ provider: "twilio" }),
        sms.getSelectedProvider(),
        sms.setProvider({ provider: "twilio" }),
        phone.getTwilioProvider(),
        phone.setTwilioProvider({ sid: "s", auth_token: "t", from: "+1" }),
        sms.getTwilioProvider(),
        sms.setTwilioProvider({ sid: "s", auth_token: "t", from: "+1" }),
      ];

      for (const error of await Promise.all(calls.map((promise) => promise.catch((e: unknown) => e)))) {
        expect(error).toBeInstanceOf(ForbiddenError);
        expect(error).toMatchObject({ statusCode: 403, body: LEGACY_PHONE_REFUSAL });
      }
      expect(unified.tenant.read(getPhoneTwilioAccount.path)).toEqual({});
      expect(unified.tenant.read(getSelectedPhoneProvider.path)).toEqual({ provider: "auth0" });
    });

    it("selects a provider at /phone/ and reads it at the deprecated /sms/ twin, and back", async () => {
      const { phone, sms } = legacySdk.guardian.factors;

      expect(await phone.getSelectedProvider()).toEqual({ provider: "auth0" });
      expect(await phone.setProvider({ provider: "twilio" })).toEqual({ provider: "twilio" });
      expect(await sms.getSelectedProvider()).toEqual({ provider: "twilio" });
      expect(await sms.setProvider({ provider: "phone-message-hook" })).toEqual({
        provider: "phone-message-hook",
      });
      expect(await phone.getSelectedProvider()).toEqual({ provider: "phone-message-hook" });
      await phone.setProvider({ provider: "auth0" });
    });

    it("answers {} until a PUT writes the Twilio account, then replaces it whole and answers the token in clear", async () => {
      const { phone, sms } = legacySdk.guardian.factors;

      expect(await phone.getTwilioProvider()).toEqual({});
      const written = { from: "+15550100", auth_token: "legacy-token", sid: "AC-legacy" };
      expect(await phone.setTwilioProvider(written)).toEqual(written);
      expect(await sms.getTwilioProvider()).toEqual({ ...written, messaging_service_sid: null });

      expect(await sms.setTwilioProvider({ messaging_service_sid: "MG-1", sid: "AC-2" })).toEqual({
        messaging_service_sid: "MG-1",
        sid: "AC-2",
      });
      expect(await phone.getTwilioProvider()).toEqual({
        auth_token: null,
        sid: "AC-2",
        from: null,
        messaging_service_sid: "MG-1",
      });
    });

    it("refuses a from longer than 64 characters, naming it", async () => {
      const error: unknown = await legacySdk.guardian.factors.phone
        .setTwilioProvider({ from: "1".repeat(65), sid: "AC", auth_token: "t" })
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({
        body: {
          message: "Payload validation error: 'String is too long (65 chars), maximum 64' on property from.",
          errorCode: "invalid_body",
        },
      });
    });
  });

  describe("the branding phone provider", () => {
    const providers = () => unifiedSdk.branding.phone.providers;

    afterEach(async () => {
      for (const item of unified.tenant.items(PROVIDERS) as { id: string }[])
        await providers().delete(item.id);
    });

    it("creates a Twilio provider (201) whose credentials no answer shows, and lists it with credentials null", async () => {
      expect(await providers().list()).toEqual({ providers: [] });

      const created = await providers().create(twilio);
      expect(created).toEqual({
        id: expect.stringMatching(/^pro_[A-Za-z0-9]{22}$/),
        tenant: "tenant-emulator",
        name: "twilio",
        channel: "phone",
        disabled: false,
        configuration: { sid: "AC-sid", default_from: "+15550100", delivery_methods: ["text", "voice"] },
        created_at: expect.any(String),
        updated_at: created.created_at,
      });
      expect(await providers().get(created.id ?? "")).toEqual(created);
      const { created_at, updated_at, ...rest } = created;
      expect(await providers().list()).toEqual({
        providers: [{ ...rest, credentials: null, created_at, updated_at }],
      });
      expect(await providers().list({ disabled: true })).toEqual({ providers: [] });
      // Kept by the tenant, never answered.
      expect(unified.tenant.items(PROVIDERS)).toEqual([
        expect.objectContaining({ credentials: { auth_token: TWILIO_TOKEN } }),
      ]);
    });

    it("refuses a Twilio provider without a sender with the recorded 400, and a second provider with 409", async () => {
      const refused: unknown = await providers()
        .create({ ...twilio, configuration: { sid: "AC-sid", delivery_methods: ["text"] } })
        .catch((e: unknown) => e);

      expect(refused).toBeInstanceOf(BadRequestError);
      expect(refused).toMatchObject({
        body: { statusCode: 400, error: "Bad Request", message: "Bad Operation on Notification Resource" },
      });
      expect((refused as { body: object }).body).not.toHaveProperty("errorCode");
      expect(unified.tenant.items(PROVIDERS)).toEqual([]);

      await providers().create(twilio);
      const second: unknown = await providers()
        .create({ name: "custom", configuration: { delivery_methods: ["text"] }, credentials: {} })
        .catch((e: unknown) => e);
      expect(second).toBeInstanceOf(ConflictError);
      expect(unified.tenant.items(PROVIDERS)).toHaveLength(1);
    });

    it("switches twilio to custom with a PATCH that replaces the configuration, keeping the credentials", async () => {
      const created = await providers().create(twilio);
      const id = created.id ?? "";

      const custom = await providers().update(id, {
        name: "custom",
        configuration: { delivery_methods: ["voice"] },
        credentials: {},
      });
      expect(custom).toMatchObject({ id, name: "custom", configuration: { delivery_methods: ["voice"] } });
      const kept = await providers().update(id, {
        name: "custom",
        configuration: { default_from: "+15550199", sid: "AC-2", delivery_methods: ["text"] },
      });
      expect(kept.configuration).toEqual({
        sid: "AC-2",
        default_from: "+15550199",
        delivery_methods: ["text"],
      });
      expect(await providers().update(id, { disabled: true })).toMatchObject({
        disabled: true,
        name: "custom",
      });
      expect(unified.tenant.items(PROVIDERS)).toEqual([expect.objectContaining({ credentials: {} })]);
    });

    it("tries a provider (202) sending nothing, logging one line without the token", async () => {
      const created = await providers().create(twilio);
      const before = log.length;

      expect(await providers().test(created.id ?? "", { to: "+15550123", delivery_method: "voice" })).toEqual(
        {
          code: 202,
          message: "Test notification successfully sent for processing",
        },
      );
      const lines = log.slice(before).filter((line) => line.startsWith("try:"));
      expect(lines).toEqual([
        `try: a voice message through the twilio phone provider ${created.id ?? ""} would be sent (nothing sent)`,
      ]);
      expect(log.join("\n")).not.toContain(TWILIO_TOKEN);
    });

    it("deletes a provider (204), then answers 404 Notification Resource not found", async () => {
      const created = await providers().create(twilio);
      const id = created.id ?? "";

      await providers().delete(id);
      for (const request of [providers().get(id), providers().delete(id), providers().update(id, {})]) {
        const error: unknown = await request.catch((e: unknown) => e);
        expect(error).toBeInstanceOf(NotFoundError);
        expect(error).toMatchObject({
          body: { statusCode: 404, error: "Not Found", message: "Notification Resource not found" },
        });
      }
      expect(await providers().list()).toEqual({ providers: [] });
    });
  });
});

describe("the phone MFA endpoints' scopes", () => {
  let emulator: TenantEmulator;
  let legacy: TenantEmulator;
  let providerId = "";

  beforeAll(async () => {
    [emulator, legacy] = await Promise.all([startTestEmulator(), startLegacyPhoneEmulator()]);
    const token = await emulator.issueToken({ scopes: [phoneProviderEndpoints.create.scope] });
    const created = await call(emulator, "POST", `${API_PREFIX}${PROVIDERS}`, { token, json: twilio });
    providerId = String((created.body as { id: string }).id);
  });
  afterAll(() => Promise.all([emulator.close(), legacy.close()]));

  // Every row has all four columns: jest passes a `done` callback to a row shorter than the test's arity.
  const rows: [string, () => TenantEmulator, Endpoint, unknown][] = [
    [routeOf(getGuardianFactors), () => emulator, getGuardianFactors, undefined],
    [routeOf(putPhoneFactor), () => emulator, putPhoneFactor, { enabled: false }],
    [routeOf(getSelectedPhoneProvider), () => legacy, getSelectedPhoneProvider, undefined],
    [routeOf(putSelectedPhoneProvider), () => legacy, putSelectedPhoneProvider, { provider: "auth0" }],
    [routeOf(getPhoneTwilioAccount), () => legacy, getPhoneTwilioAccount, undefined],
    [routeOf(putPhoneTwilioAccount), () => legacy, putPhoneTwilioAccount, { sid: "AC" }],
    [routeOf(phoneProviderEndpoints.list), () => emulator, phoneProviderEndpoints.list, undefined],
    [routeOf(phoneProviderEndpoints.get), () => emulator, phoneProviderEndpoints.get, undefined],
    [
      routeOf(phoneProviderEndpoints.update),
      () => emulator,
      phoneProviderEndpoints.update,
      { disabled: false },
    ],
    [routeOf(phoneProviderEndpoints.try), () => emulator, phoneProviderEndpoints.try, { to: "+15550123" }],
    [routeOf(phoneProviderEndpoints.create), () => emulator, phoneProviderEndpoints.create, twilio],
  ];

  it.each(rows)("%s needs its scope, and that scope alone is enough", async (_, target, endpoint, json) => {
    const path = `${API_PREFIX}${pathWith(endpoint.path, { id: providerId })}`;
    const without = await target().issueToken({
      scopes: [getGuardianFactors.scope, phoneProviderEndpoints.list.scope].filter(
        (scope) => scope !== endpoint.scope,
      ),
    });
    const refused = await call(target(), endpoint.method, path, {
      token: without,
      ...(json === undefined ? {} : { json }),
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      message: `Insufficient scope, expected any of: ${endpoint.scope}`,
    });

    const only = await target().issueToken({ scopes: [endpoint.scope] });
    const answered = await call(target(), endpoint.method, path, {
      token: only,
      ...(json === undefined ? {} : { json }),
    });
    // A second provider is the tenant's 409: past the scope check, as every other row's success.
    expect(answered.status).toBe(endpoint === phoneProviderEndpoints.create ? 409 : endpoint.status);
  });

  it("needs delete:phone_providers to delete a provider", async () => {
    const path = `${API_PREFIX}${pathWith(phoneProviderEndpoints.remove.path, { id: providerId })}`;
    const refused = await call(emulator, "DELETE", path, {
      token: await emulator.issueToken({ scopes: [phoneProviderEndpoints.list.scope] }),
    });
    const deleted = await call(emulator, "DELETE", path, {
      token: await emulator.issueToken({ scopes: [phoneProviderEndpoints.remove.scope] }),
    });

    expect(refused.status).toBe(403);
    expect(deleted.status).toBe(204);
  });
});
