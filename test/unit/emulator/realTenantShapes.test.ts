import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { ALL_SCOPES, OBJECTS } from "../../../src/resources/registry";
import { patchTenantSettings, tenantSettingsResponseSchema } from "../../../src/resources/tenantSettings/api";
import { DataDirInUseError, LOCK_FILE_NAME, STATE_FILE_NAME, startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";

import {
  CAPTCHA_PATH,
  PHONE_TEMPLATES_PATH,
  SETTINGS_DOCUMENT,
  SETTINGS_PATH,
  TOKEN_PATH,
  call,
  captchaOf,
  legacyPhoneSettings,
  phoneTemplatesOf,
  settingsOf,
  startLegacyPhoneEmulator,
  startTestEmulator,
} from "./support";

/** `{"n":{"n":…"leaf"…}}` nested `depth` deep, as text (JSON.stringify itself overflows on deep values). */
const nested = (depth: number): string => `${'{"n":'.repeat(depth)}"leaf"${"}".repeat(depth)}`;

describe("settings a user can change and seed", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    // A tenant of the legacy phone set-up, whose phone templates PUT answers.
    emulator = await startLegacyPhoneEmulator();
    token = await emulator.issueToken({ scopes: [...ALL_SCOPES, patchTenantSettings.scope] });
  });
  afterAll(() => emulator.close());

  it("changes settings with PATCH, merging objects, removing what is sent as null, and returns the whole settings", async () => {
    await call(emulator, "PATCH", SETTINGS_PATH, { token, json: { session_cookie: { mode: "persistent" } } });
    const response = await call(emulator, "PATCH", SETTINGS_PATH, {
      token,
      json: { friendly_name: "Acme", flags: { enable_sso: false }, session_cookie: null },
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      friendly_name: "Acme",
      flags: { enable_sso: false, disable_impersonation: true },
    });
    expect(response.body).not.toHaveProperty("session_cookie");
    expect(tenantSettingsResponseSchema.safeParse(response.body).success).toBe(true);
    expect(settingsOf(emulator)).toMatchObject({ friendly_name: "Acme" });
    expect(settingsOf(emulator)).not.toHaveProperty("session_cookie");
  });

  it("accepts a form-encoded settings PATCH", async () => {
    const response = await call(emulator, "PATCH", SETTINGS_PATH, {
      token,
      form: "support_url=https%3A%2F%2Facme.example%2Fhelp&flags[enable_sso]=true",
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      support_url: "https://acme.example/help",
      flags: { enable_sso: true },
    });
  });

  it.each<[string, unknown, string]>([
    [
      "an unknown property",
      { foo: 1 },
      "Payload validation error: 'Additional properties not allowed: foo'.",
    ],
    [
      "a flag that is not a boolean",
      { flags: { enable_sso: "yes" } },
      "Payload validation error: 'Expected type boolean but found type string' on property flags.enable_sso.",
    ],
    [
      "a read-only property",
      { sandbox_versions_available: ["1"] },
      "Payload validation error: 'Additional properties not allowed: sandbox_versions_available'.",
    ],
  ])("answers a PATCH with %s with the platform's 400", async (_name, json, message) => {
    const response = await call(emulator, "PATCH", SETTINGS_PATH, { token, json });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message,
      errorCode: "invalid_body",
    });
  });

  it("takes a boolean flag the OpenAPI does not name, as a real tenant does", async () => {
    const response = await call(emulator, "PATCH", SETTINGS_PATH, {
      token,
      json: { flags: { use_scope_descriptions_for_consent: true } },
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ flags: { use_scope_descriptions_for_consent: true } });
  });

  it("needs update:tenant_settings for a PATCH", async () => {
    const readOnly = await emulator.issueToken();
    const response = await call(emulator, "PATCH", SETTINGS_PATH, { token: readOnly, json: {} });

    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      message: "Insufficient scope, expected any of: update:tenant_settings",
      errorCode: "insufficient_scope",
    });
  });

  it("grants a client update:tenant_settings while the package's documented grant (ALL_SCOPES) leaves it out", async () => {
    const response = await call(emulator, "POST", TOKEN_PATH, {
      json: {
        grant_type: "client_credentials",
        client_id: emulator.clientId,
        client_secret: emulator.clientSecret,
        audience: emulator.audience,
      },
    });

    expect(response.status).toBe(200);
    expect(String((response.body as { scope?: unknown }).scope).split(" ")).toContain(
      patchTenantSettings.scope,
    );
    expect(patchTenantSettings.scope).toBe("update:tenant_settings");
    expect(ALL_SCOPES).not.toContain(patchTenantSettings.scope);
    expect([...ALL_SCOPES].sort()).toEqual(
      [...new Set(OBJECTS.flatMap((object) => object.endpoints.map((endpoint) => endpoint.scope)))].sort(),
    );
  });

  it("replaces the phone templates from a form-encoded body", async () => {
    const response = await call(emulator, "PUT", PHONE_TEMPLATES_PATH, {
      token,
      form: "enrollment_message=Enroll+%7B%7Bcode%7D%7D&verification_message=Verify+%7B%7Bcode%7D%7D",
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      enrollment_message: "Enroll {{code}}",
      verification_message: "Verify {{code}}",
    });
  });

  it("starts a tenant with seeded settings, nullable objects included; a read adds the sandbox versions on offer, as every recorded GET has them", async () => {
    const seeded = await startTestEmulator({
      settings: { friendly_name: "Seeded", session_cookie: null, enabled_locales: ["en", "fr"] },
    });
    try {
      expect(settingsOf(seeded)).toEqual({
        friendly_name: "Seeded",
        session_cookie: null,
        enabled_locales: ["en", "fr"],
        sandbox_versions_available: ["22", "18"],
      });
    } finally {
      await seeded.close();
    }
  });

  it("refuses seeded settings of the wrong type", async () => {
    await expect(
      startTestEmulator({
        settings: { session_lifetime: "long" } as unknown as { session_lifetime: number },
      }),
    ).rejects.toThrow(/settings: session_lifetime/);
  });
});

describe("hostile bodies and methods", () => {
  let emulator: TenantEmulator;
  let token: string;

  beforeAll(async () => {
    emulator = await startTestEmulator({ bodyLimitBytes: 1024 * 1024 });
    token = await emulator.issueToken();
  });
  afterAll(() => emulator.close());

  it.each([40, 2_000, 16_000])(
    "answers simple_captcha nested %i deep with 400 and keeps the state",
    async (depth) => {
      const before = captchaOf(emulator);
      const response = await call(emulator, "PATCH", CAPTCHA_PATH, {
        token,
        raw: `{"simple_captcha":${nested(depth)}}`,
        contentType: "application/json",
      });

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        errorCode: "invalid_body",
        message: expect.stringContaining("Nesting"),
      });
      expect((await call(emulator, "GET", CAPTCHA_PATH, { token })).status).toBe(200);
      expect(captchaOf(emulator)).toEqual(before);
    },
  );

  it("keeps simple_captcha nested a few levels", async () => {
    const response = await call(emulator, "PATCH", CAPTCHA_PATH, {
      token,
      raw: `{"simple_captcha":${nested(8)}}`,
      contentType: "application/json",
    });

    expect(response.status).toBe(200);
  });

  it("refuses a __proto__ key rather than dropping it, and keeps constructor as data", async () => {
    const proto = await call(emulator, "PATCH", CAPTCHA_PATH, {
      token,
      raw: '{"simple_captcha":{"__proto__":{"polluted":true}}}',
      contentType: "application/json",
    });
    const ctor = await call(emulator, "PATCH", CAPTCHA_PATH, {
      token,
      json: { simple_captcha: { constructor: "kept", prototype: "kept too" } },
    });

    expect(proto.status).toBe(400);
    expect(proto.body).toMatchObject({ message: expect.stringContaining("__proto__") });
    expect(ctor.status).toBe(200);
    expect((ctor.body as { simple_captcha: unknown }).simple_captcha).toEqual({
      constructor: "kept",
      prototype: "kept too",
    });
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("answers HEAD like GET without a body, and OPTIONS with the allowed methods", async () => {
    const head = await call(emulator, "HEAD", SETTINGS_PATH, { token });
    const options = await call(emulator, "OPTIONS", CAPTCHA_PATH);
    const unknown = await call(emulator, "OPTIONS", "/api/v2/nowhere");

    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, PATCH, HEAD, OPTIONS");
    expect(unknown.status).toBe(404);
  });

  it("answers a chunked body far over the limit with 413, not a reset, and keeps serving", async () => {
    const small = await startTestEmulator({ bodyLimitBytes: 1024 });
    try {
      const smallToken = await small.issueToken();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let index = 0; index < 40; index += 1) controller.enqueue(new Uint8Array(1024).fill(120));
          controller.close();
        },
      });
      const response = await fetch(`${small.url}${CAPTCHA_PATH}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${smallToken}`, "content-type": "application/json" },
        body,
        duplex: "half",
      });

      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ statusCode: 413 });
      expect((await call(small, "GET", CAPTCHA_PATH, { token: smallToken })).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe("the data directory", () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "emulator-data-"));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it("refuses a second emulator on the same data directory, and frees it on close", async () => {
    const first = await startEmulator({ dataDir, rateLimit: false });
    await expect(startEmulator({ dataDir, rateLimit: false })).rejects.toThrow(DataDirInUseError);
    expect((await readFile(join(dataDir, LOCK_FILE_NAME), "utf8")).trim()).toBe(String(process.pid));
    await first.close();

    const second = await startEmulator({ dataDir, rateLimit: false });
    await second.close();
  });

  it("takes over the stale lock of a process that is gone", async () => {
    const gone = spawnSync(process.execPath, ["-e", "process.exit(0)"]).pid;
    await writeFile(join(dataDir, LOCK_FILE_NAME), `${gone}\n`);

    const emulator = await startEmulator({ dataDir, rateLimit: false });
    try {
      expect((await readFile(join(dataDir, LOCK_FILE_NAME), "utf8")).trim()).toBe(String(process.pid));
    } finally {
      await emulator.close();
    }
  });

  it("writes the data file compactly", async () => {
    const emulator = await startEmulator({ dataDir, rateLimit: false });
    await emulator.close();
    const text = await readFile(join(dataDir, STATE_FILE_NAME), "utf8");

    expect(text.trimEnd()).not.toContain("\n");
    expect(JSON.parse(text)).toMatchObject({
      version: 2,
      documents: { [SETTINGS_DOCUMENT]: expect.any(Object) },
    });
  });

  it("answers 500 when a save fails and leaves the state as it was", async () => {
    const emulator = await startEmulator({ dataDir, rateLimit: false, settings: legacyPhoneSettings() });
    try {
      const token = await emulator.issueToken();
      const before = phoneTemplatesOf(emulator);
      // The data directory disappears: the next save cannot create its temporary file.
      await rm(dataDir, { recursive: true, force: true });
      const response = await call(emulator, "PUT", PHONE_TEMPLATES_PATH, {
        token,
        json: { enrollment_message: "new {{code}}", verification_message: "new {{code}}" },
      });

      expect(response.status).toBe(500);
      expect(phoneTemplatesOf(emulator)).toEqual(before);
      expect((await call(emulator, "GET", PHONE_TEMPLATES_PATH, { token })).body).toEqual(before);
    } finally {
      await emulator.close();
    }
  });
});
