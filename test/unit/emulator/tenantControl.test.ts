/**
 * `TenantControl`, the out-of-band access to an emulated tenant's data: documents by API path (read, stored,
 * write, reset, remove) and collections by path (items), validated as the API validates them.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { DEFAULT_PHONE_TEMPLATES } from "../../../src/resources/phoneTemplates/api";

import {
  BRANDING_TEMPLATES_COLLECTION,
  BRANDING_TEMPLATES_PATH,
  CAPTCHA_DOCUMENT,
  CAPTCHA_PATH,
  MESSAGE_TYPES_DOCUMENT,
  PHONE_TEMPLATES_DOCUMENT,
  SETTINGS_DOCUMENT,
  SETTINGS_PATH,
  call,
  legacyPhoneSettings,
  startTestEmulator,
} from "./support";

describe("TenantControl", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    token = await emulator.issueToken({ scopes: ["read:attack_protection", "read:tenant_settings"] });
  });
  afterAll(() => emulator.close());
  afterEach(async () => {
    for (const path of [
      CAPTCHA_DOCUMENT,
      SETTINGS_DOCUMENT,
      PHONE_TEMPLATES_DOCUMENT,
      MESSAGE_TYPES_DOCUMENT,
    ]) {
      await emulator.tenant.reset(path);
    }
  });

  describe("read and stored", () => {
    it("read answers a document as the API's GET does, stored as kept, secrets included", async () => {
      await emulator.tenant.write("PATCH", CAPTCHA_DOCUMENT, {
        active_provider_id: "hcaptcha",
        hcaptcha: { site_key: "kh", secret: "out-of-band-secret" },
      });

      const viaApi = await call(emulator, "GET", CAPTCHA_PATH, { token });
      expect(emulator.tenant.read(CAPTCHA_DOCUMENT)).toEqual(viaApi.body);
      expect(JSON.stringify(emulator.tenant.read(CAPTCHA_DOCUMENT))).not.toContain("out-of-band-secret");
      expect(emulator.tenant.stored(CAPTCHA_DOCUMENT)).toEqual({
        active_provider_id: "hcaptcha",
        auth_challenge: { fail_open: false },
        simple_captcha: {},
        hcaptcha: { site_key: "kh", secret: "out-of-band-secret" },
      });
    });

    it("reads a document the tenant's plan or generation would refuse over the API", async () => {
      emulator.tenant.setBotDetection(false);
      try {
        expect(emulator.tenant.botDetection()).toBe(false);
        expect((await call(emulator, "GET", CAPTCHA_PATH, { token })).status).toBe(403);
        expect(emulator.tenant.read(CAPTCHA_DOCUMENT)).toMatchObject({
          active_provider_id: "auth_challenge",
        });
      } finally {
        emulator.tenant.setBotDetection(true);
      }
      // A tenant enrolled in the Unified Phone Experience still keeps its legacy templates.
      expect(emulator.tenant.read(PHONE_TEMPLATES_DOCUMENT)).toEqual(DEFAULT_PHONE_TEMPLATES);
    });

    it("hands out copies: changing what it returned changes nothing stored", () => {
      const stored = emulator.tenant.stored(SETTINGS_DOCUMENT) as Record<string, unknown>;
      const read = emulator.tenant.read(SETTINGS_DOCUMENT) as Record<string, unknown>;
      stored["friendly_name"] = "changed by hand";
      read["friendly_name"] = "changed by hand";

      expect(emulator.tenant.read(SETTINGS_DOCUMENT)).not.toHaveProperty("friendly_name");
    });
  });

  describe("write", () => {
    it("applies a PATCH as the API merges it and answers what the API answers", async () => {
      const answer = await emulator.tenant.write("PATCH", SETTINGS_DOCUMENT, {
        friendly_name: "Out of band",
        flags: { enable_sso: false },
        error_page: null,
        idle_session_lifetime_in_minutes: 30,
      });

      // A PATCH answers the settings without what only a GET returns (the sandbox versions on offer), and with
      // two flags only a PATCH returns, as a recorded tenant's PATCH answers do; read() answers as a GET.
      const { sandbox_versions_available: available, ...read } = emulator.tenant.read(
        SETTINGS_DOCUMENT,
      ) as Record<string, unknown>;
      expect(answer).toEqual({
        ...read,
        flags: {
          ...(read["flags"] as object),
          cannot_change_enforce_client_authentication_on_passwordless_start: true,
          enforce_client_authentication_on_passwordless_start: true,
        },
      });
      expect(available).toEqual(["22", "18"]);
      expect(answer).toMatchObject({
        friendly_name: "Out of band",
        flags: { enable_sso: false, disable_impersonation: true },
        idle_session_lifetime: 0.5,
      });
      expect(answer).not.toHaveProperty("error_page");
      expect((await call(emulator, "GET", SETTINGS_PATH, { token })).body).toEqual(
        emulator.tenant.read(SETTINGS_DOCUMENT),
      );
    });

    it("applies a PUT as a replacement", async () => {
      const answer = await emulator.tenant.write("PUT", MESSAGE_TYPES_DOCUMENT, { message_types: ["voice"] });

      expect(answer).toEqual({ message_types: ["voice"] });
      expect(emulator.tenant.read(MESSAGE_TYPES_DOCUMENT)).toEqual({ message_types: ["voice"] });
    });

    it("writes a document whose endpoints the tenant's generation refuses, as a set-up would", async () => {
      const templates = { enrollment_message: "e {{code}}", verification_message: "v {{code}}" };

      expect(await emulator.tenant.write("PUT", PHONE_TEMPLATES_DOCUMENT, templates)).toEqual(templates);
      expect(emulator.tenant.read(PHONE_TEMPLATES_DOCUMENT)).toEqual(templates);
    });

    it.each<[string, "PATCH" | "PUT", string, unknown, string]>([
      [
        "a body the endpoint's schema refuses",
        "PATCH",
        CAPTCHA_DOCUMENT,
        { hcaptcha: { site_key: "k" } },
        "PATCH /attack-protection/captcha would be refused: 400 Payload validation error: 'Missing required property: secret' on property hcaptcha.",
      ],
      [
        "a body the document's own check refuses",
        "PUT",
        PHONE_TEMPLATES_DOCUMENT,
        { enrollment_message: "{{code}}", verification_message: "{% if %}" },
        "PUT /guardian/factors/phone/templates would be refused: 400 Invalid verification_message template:",
      ],
    ])(
      "refuses %s with the API's answer, and changes nothing",
      async (_name, method, path, body, message) => {
        const before = emulator.tenant.stored(path);

        await expect(emulator.tenant.write(method, path, body)).rejects.toThrow(message);
        expect(emulator.tenant.stored(path)).toEqual(before);
      },
    );

    it.each<["PATCH" | "PUT", string]>([
      ["PUT", CAPTCHA_DOCUMENT],
      ["PATCH", PHONE_TEMPLATES_DOCUMENT],
    ])("refuses a %s the API does not have at %s", async (method, path) => {
      await expect(emulator.tenant.write(method, path, {})).rejects.toThrow(`No ${method} of ${path}`);
    });

    it("refuses a PATCH of a removed document, as the API answers it 404", async () => {
      await emulator.tenant.remove(CAPTCHA_DOCUMENT);

      await expect(
        emulator.tenant.write("PATCH", CAPTCHA_DOCUMENT, { active_provider_id: "simple_captcha" }),
      ).rejects.toThrow(`${CAPTCHA_DOCUMENT} does not exist`);
      expect(emulator.tenant.stored(CAPTCHA_DOCUMENT)).toBeUndefined();
    });
  });

  describe("reset and remove", () => {
    it("remove makes the API answer the document's 404 and read undefined; reset gives a new tenant's content back", async () => {
      await emulator.tenant.write("PATCH", CAPTCHA_DOCUMENT, { active_provider_id: "simple_captcha" });
      await emulator.tenant.remove(CAPTCHA_DOCUMENT);

      expect(emulator.tenant.read(CAPTCHA_DOCUMENT)).toBeUndefined();
      expect(emulator.tenant.stored(CAPTCHA_DOCUMENT)).toBeUndefined();
      expect((await call(emulator, "GET", CAPTCHA_PATH, { token })).body).toMatchObject({
        statusCode: 404,
        errorCode: "inexistent_captcha_config",
      });

      await emulator.tenant.reset(CAPTCHA_DOCUMENT);

      expect(emulator.tenant.stored(CAPTCHA_DOCUMENT)).toEqual({
        active_provider_id: "auth_challenge",
        auth_challenge: { fail_open: false },
        simple_captcha: {},
      });
      expect((await call(emulator, "GET", CAPTCHA_PATH, { token })).status).toBe(200);
    });

    it("reset gives the settings of an emulator started with settings back that seed", async () => {
      const seeded = await startTestEmulator({ settings: legacyPhoneSettings() });
      try {
        await seeded.tenant.write("PATCH", SETTINGS_DOCUMENT, {
          friendly_name: "Changed",
          phone_consolidated_experience: true,
        });
        await seeded.tenant.reset(SETTINGS_DOCUMENT);

        expect(seeded.tenant.read(SETTINGS_DOCUMENT)).toEqual(legacyPhoneSettings());
      } finally {
        await seeded.close();
      }
    });
  });

  describe("items", () => {
    it("lists a collection's stored items in creation order, and is empty for a new tenant", async () => {
      expect(emulator.tenant.items(BRANDING_TEMPLATES_COLLECTION)).toEqual([]);
      const writeToken = await emulator.issueToken({
        scopes: ["create:phone_templates", "delete:phone_templates"],
      });
      const created = [];
      for (const type of ["otp_verify", "change_password"]) {
        created.push(
          (await call(emulator, "POST", BRANDING_TEMPLATES_PATH, { token: writeToken, json: { type } })).body,
        );
      }

      expect(emulator.tenant.items(BRANDING_TEMPLATES_COLLECTION)).toEqual(created);

      for (const item of created as { id: string }[]) {
        await call(emulator, "DELETE", `${BRANDING_TEMPLATES_PATH}/${item.id}`, { token: writeToken });
      }
      expect(emulator.tenant.items(BRANDING_TEMPLATES_COLLECTION)).toEqual([]);
    });
  });

  describe("an unknown path", () => {
    const documents = /documents: \/attack-protection\/captcha, .*\/tenants\/settings/;

    it.each<[string, (path: string) => unknown]>([
      ["read", (path) => emulator.tenant.read(path)],
      ["stored", (path) => emulator.tenant.stored(path)],
    ])("%s throws naming the known documents", (_method, use) => {
      expect(() => use("/attack-protection/captcha/")).toThrow(
        /^No document at \/attack-protection\/captcha\/; documents: /,
      );
      expect(() => use("/api/v2/tenants/settings")).toThrow(documents);
    });

    it.each<[string, (path: string) => Promise<unknown>]>([
      ["write", (path) => emulator.tenant.write("PATCH", path, {})],
      ["reset", (path) => emulator.tenant.reset(path)],
      ["remove", (path) => emulator.tenant.remove(path)],
    ])("%s rejects naming the known documents", async (_method, use) => {
      await expect(use("/tenant/settings")).rejects.toThrow(
        /^No document at \/tenant\/settings; documents: /,
      );
      await expect(use(BRANDING_TEMPLATES_COLLECTION)).rejects.toThrow(documents);
    });

    it("items throws naming the known collections, for a document's path too", () => {
      expect(() => emulator.tenant.items("/branding/phone/template")).toThrow(
        `No collection at /branding/phone/template; collections: ${BRANDING_TEMPLATES_COLLECTION}`,
      );
      expect(() => emulator.tenant.items(SETTINGS_DOCUMENT)).toThrow(/^No collection at \/tenants\/settings/);
    });
  });
});

describe("TenantControl with a data directory", () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "tenant-emulator-control-"));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it("saves every change it makes, as the API's changes are saved", async () => {
    const first = await startEmulator({ rateLimit: false, dataDir });
    await first.tenant.write("PATCH", SETTINGS_DOCUMENT, { friendly_name: "Saved out of band" });
    await first.tenant.write("PUT", MESSAGE_TYPES_DOCUMENT, { message_types: ["sms"] });
    await first.tenant.remove(CAPTCHA_DOCUMENT);
    await first.close();

    const second = await startEmulator({ rateLimit: false, dataDir });
    try {
      expect(second.tenant.read(SETTINGS_DOCUMENT)).toMatchObject({ friendly_name: "Saved out of band" });
      expect(second.tenant.read(MESSAGE_TYPES_DOCUMENT)).toEqual({ message_types: ["sms"] });
      expect(second.tenant.read(CAPTCHA_DOCUMENT)).toBeUndefined();
    } finally {
      await second.close();
    }
  });
});
