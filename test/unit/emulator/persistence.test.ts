import { spawn } from "node:child_process";
import { once } from "node:events";
import { chmod, mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import {
  CLIENT_ASSERTION_KEY_FILE_NAME,
  LOCK_FILE_NAME,
  STATE_FILE_NAME,
  startEmulator,
} from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { persistedStateSchema } from "../../../src/emulator/state";
import type { PersistedState } from "../../../src/emulator/state";
import type { StoredCaptcha } from "../../../src/resources/captchaConfig/emulation";
import { DEFAULT_PHONE_TEMPLATES } from "../../../src/resources/phoneTemplates/api";

import {
  CAPTCHA_DOCUMENT,
  CAPTCHA_PATH,
  MESSAGE_TYPES_DOCUMENT,
  MESSAGE_TYPES_PATH,
  PHONE_TEMPLATES_DOCUMENT,
  PHONE_TEMPLATES_PATH,
  SETTINGS_DOCUMENT,
  SETTINGS_PATH,
  TOKEN_PATH,
  call,
  captchaOf,
  legacyPhoneSettings,
  phoneTemplatesOf,
  settingsOf,
  storedCaptchaOf,
} from "./support";

/** The stored CAPTCHA configuration in a saved state. */
const savedCaptcha = (state: PersistedState): StoredCaptcha | undefined =>
  state.documents[CAPTCHA_DOCUMENT] as StoredCaptcha | undefined;

describe("persistence in a data directory", () => {
  let dataDir: string;
  const running: TenantEmulator[] = [];

  const start = async (options: Parameters<typeof startEmulator>[0] = {}) => {
    const emulator = await startEmulator({ rateLimit: false, dataDir, ...options });
    running.push(emulator);
    return emulator;
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "tenant-emulator-"));
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((emulator) => emulator.close()));
    await rm(dataDir, { recursive: true, force: true });
  });

  it("reloads the CAPTCHA configuration with its secrets, the templates, the settings and the clients", async () => {
    // A tenant of the legacy phone set-up, whose phone templates PUT answers.
    const first = await start({ settings: legacyPhoneSettings() });
    const token = await first.issueToken();
    await call(first, "PATCH", CAPTCHA_PATH, {
      token,
      json: { active_provider_id: "hcaptcha", hcaptcha: { site_key: "kh", secret: "persisted-secret" } },
    });
    await call(first, "PUT", PHONE_TEMPLATES_PATH, {
      token,
      json: { enrollment_message: "e {{code}}", verification_message: "v {{code}}" },
    });
    await first.tenant.write("PATCH", SETTINGS_DOCUMENT, { friendly_name: "Persisted" });
    await first.close();

    const second = await start();

    expect(second.clientId).toBe(first.clientId);
    expect(second.clientSecret).toBe(first.clientSecret);
    expect(second.nonGlobalClient).toEqual(first.nonGlobalClient);
    expect(storedCaptchaOf(second)?.hcaptcha).toEqual({
      site_key: "kh",
      secret: "persisted-secret",
    });
    expect(phoneTemplatesOf(second)).toEqual({
      enrollment_message: "e {{code}}",
      verification_message: "v {{code}}",
    });
    expect(settingsOf(second)).toMatchObject({
      friendly_name: "Persisted",
      phone_consolidated_experience: false,
    });
    const tokenResponse = await call(second, "POST", TOKEN_PATH, {
      json: {
        grant_type: "client_credentials",
        client_id: first.clientId,
        client_secret: first.clientSecret,
        audience: second.audience,
      },
    });
    expect(tokenResponse.status).toBe(200);
  });

  it("writes the data file with mode 0600 before the response is sent", async () => {
    const emulator = await start();
    const response = await call(emulator, "PATCH", CAPTCHA_PATH, {
      token: await emulator.issueToken(),
      json: { recaptcha_v2: { site_key: "k", secret: "on-disk" } },
    });

    expect(response.status).toBe(200);
    const file = join(dataDir, STATE_FILE_NAME);
    expect(emulator.dataFile).toBe(file);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const saved = persistedStateSchema.parse(JSON.parse(await readFile(file, "utf8")));
    expect(saved.version).toBe(2);
    expect(savedCaptcha(saved)?.recaptcha_v2).toEqual({ site_key: "k", secret: "on-disk" });
  });

  it("keeps a removed CAPTCHA configuration removed across restarts, and a reset one there", async () => {
    const first = await start();
    await first.tenant.remove(CAPTCHA_DOCUMENT);
    await first.close();
    const second = await start();
    expect(captchaOf(second)).toBeUndefined();
    const token = await second.issueToken();
    expect((await call(second, "GET", CAPTCHA_PATH, { token })).status).toBe(404);

    await second.tenant.reset(CAPTCHA_DOCUMENT);
    await second.close();
    const third = await start();
    expect(captchaOf(third)).toMatchObject({ active_provider_id: "auth_challenge" });
  });

  it("tells a removed document from one a later version adds: a format 2 file without it gets a new tenant's", async () => {
    const first = await start();
    await first.tenant.remove(CAPTCHA_DOCUMENT);
    await first.close();
    const file = join(dataDir, STATE_FILE_NAME);
    const saved = JSON.parse(await readFile(file, "utf8")) as PersistedState;
    expect(saved.documents[CAPTCHA_DOCUMENT]).toBeNull();
    // As if the file had been written before the message types were emulated.
    delete saved.documents[MESSAGE_TYPES_DOCUMENT];
    await writeFile(file, JSON.stringify(saved), { mode: 0o600 });

    const second = await start();
    expect(captchaOf(second)).toBeUndefined();
    expect(second.tenant.read(MESSAGE_TYPES_DOCUMENT)).toEqual({ message_types: [] });
  });

  it("serializes concurrent writes so that the file holds the last acknowledged state", async () => {
    const emulator = await start();
    const token = await emulator.issueToken();
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        call(emulator, "PATCH", CAPTCHA_PATH, { token, json: { simple_captcha: { index } } }),
      ),
    );
    await emulator.close();

    const saved = persistedStateSchema.parse(
      JSON.parse(await readFile(join(dataDir, STATE_FILE_NAME), "utf8")),
    );
    expect(savedCaptcha(saved)?.simple_captcha).toEqual(captchaOf(emulator)?.simple_captcha);
    // Closed: no temporary file left, and the lock released.
    expect((await readdir(dataDir)).sort()).toEqual([CLIENT_ASSERTION_KEY_FILE_NAME, STATE_FILE_NAME].sort());
  });

  it("uses given client credentials over saved ones, and saves them", async () => {
    const first = await start();
    await first.close();
    const second = await start({ clientId: "fixed-id", clientSecret: "fixed-secret" });
    await second.close();
    const third = await start();

    expect(third.clientId).toBe("fixed-id");
    expect(third.clientSecret).toBe("fixed-secret");
    expect(third.nonGlobalClient).toEqual(first.nonGlobalClient);
  });

  it("removes temporary files left by a killed process", async () => {
    // The pid of a process that has certainly ended: a fixed number may be a live process on the machine.
    const killed = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
    const ended = once(killed, "exit");
    killed.kill("SIGKILL");
    await ended;
    await writeFile(join(dataDir, `.${STATE_FILE_NAME}.${String(killed.pid)}.7.tmp`), '{"half":');
    await start();

    expect((await readdir(dataDir)).sort()).toEqual(
      [CLIENT_ASSERTION_KEY_FILE_NAME, STATE_FILE_NAME, LOCK_FILE_NAME].sort(),
    );
  });

  it.each([
    ["not JSON", "{not json"],
    ["JSON of another shape", JSON.stringify({ version: 99 })],
  ])("refuses to start on a data file that is %s, rather than overwrite it", async (_name, content) => {
    await writeFile(join(dataDir, STATE_FILE_NAME), content);

    await expect(start()).rejects.toThrow(/emulator data file/);
    expect(await readFile(join(dataDir, STATE_FILE_NAME), "utf8")).toBe(content);
  });

  /** Writes a hand-written data file of format 1, as the emulator's first versions kept one. */
  const writeFormat1 = async (members: Record<string, unknown>): Promise<void> => {
    const file = join(dataDir, STATE_FILE_NAME);
    await writeFile(
      file,
      JSON.stringify({
        version: 1,
        clients: {
          global: { clientId: "v1-global-client", clientSecret: "v1-global-secret" },
          nonGlobal: { clientId: "v1-other-client", clientSecret: "v1-other-secret" },
        },
        ...members,
      }),
    );
    await chmod(file, 0o600);
  };

  it("loads a hand-written format 1 file: each member as its document, what format 1 never held as a new tenant has it, and saves it as format 2", async () => {
    const v1Settings = { ...legacyPhoneSettings(), friendly_name: "Version one" };
    await writeFormat1({
      captcha: {
        active_provider_id: "hcaptcha",
        auth_challenge: { fail_open: true },
        simple_captcha: {},
        hcaptcha: { site_key: "kh", secret: "v1-hcaptcha-secret" },
      },
      phoneTemplates: { enrollment_message: "v1 e {{code}}", verification_message: "v1 v {{code}}" },
      settings: v1Settings,
    });

    const emulator = await start();
    const token = await emulator.issueToken();

    expect(emulator.clientId).toBe("v1-global-client");
    expect(emulator.clientSecret).toBe("v1-global-secret");
    expect(emulator.nonGlobalClient).toEqual({
      clientId: "v1-other-client",
      clientSecret: "v1-other-secret",
    });
    expect(storedCaptchaOf(emulator)?.hcaptcha).toEqual({ site_key: "kh", secret: "v1-hcaptcha-secret" });
    expect((await call(emulator, "GET", CAPTCHA_PATH, { token })).body).toMatchObject({
      active_provider_id: "hcaptcha",
      auth_challenge: { fail_open: true },
      hcaptcha: { site_key: "kh" },
    });
    expect((await call(emulator, "GET", PHONE_TEMPLATES_PATH, { token })).body).toEqual({
      enrollment_message: "v1 e {{code}}",
      verification_message: "v1 v {{code}}",
    });
    expect((await call(emulator, "GET", SETTINGS_PATH, { token })).body).toEqual(v1Settings);
    // Format 1 had no message types: a new tenant's.
    expect((await call(emulator, "GET", MESSAGE_TYPES_PATH, { token })).body).toEqual({ message_types: [] });

    const saved = persistedStateSchema.parse(
      JSON.parse(await readFile(join(dataDir, STATE_FILE_NAME), "utf8")),
    );
    expect(saved.version).toBe(2);
    expect(saved.clients.global).toEqual({ clientId: "v1-global-client", clientSecret: "v1-global-secret" });
    expect(savedCaptcha(saved)?.hcaptcha?.secret).toBe("v1-hcaptcha-secret");
    expect(saved.documents[SETTINGS_DOCUMENT]).toEqual(v1Settings);
    expect(saved.documents[MESSAGE_TYPES_DOCUMENT]).toEqual({ message_types: [] });
    expect(saved.collections).toEqual({});
  });

  it("loads a format 1 file with no CAPTCHA configuration and without the members format 1 made optional, with a new tenant's defaults", async () => {
    await writeFormat1({ captcha: null });

    const emulator = await start();
    const token = await emulator.issueToken();

    expect(captchaOf(emulator)).toBeUndefined();
    expect((await call(emulator, "GET", CAPTCHA_PATH, { token })).status).toBe(404);
    expect(phoneTemplatesOf(emulator)).toEqual(DEFAULT_PHONE_TEMPLATES);
    // A new tenant's settings (a real minimal tenant's, session lifetime 168 h, enrolled in the Unified Phone
    // Experience).
    expect(settingsOf(emulator)).toMatchObject({
      session_lifetime: 168,
      phone_consolidated_experience: true,
    });
    expect(emulator.clientId).toBe("v1-global-client");
  });

  it("refuses a format 1 file with a member it does not know, rather than lose it", async () => {
    await writeFormat1({ captcha: null, somethingElse: {} });
    const content = await readFile(join(dataDir, STATE_FILE_NAME), "utf8");

    await expect(start()).rejects.toThrow(/emulator data file .* not in the expected format/);
    expect(await readFile(join(dataDir, STATE_FILE_NAME), "utf8")).toBe(content);
  });

  it("refuses a document its object cannot read, naming the data file and the document", async () => {
    const first = await start();
    await first.close();
    const file = join(dataDir, STATE_FILE_NAME);
    const saved = JSON.parse(await readFile(file, "utf8")) as PersistedState;
    saved.documents[CAPTCHA_DOCUMENT] = { active_provider_id: 42 };
    const content = JSON.stringify(saved);
    await writeFile(file, content, { mode: 0o600 });

    await expect(start()).rejects.toThrow(
      `The emulator data file ${file} is not in the expected format at ${CAPTCHA_DOCUMENT}`,
    );
    expect(await readFile(file, "utf8")).toBe(content);
  });

  it("refuses a second emulator on a directory in use, naming the holder's pid", async () => {
    await start();

    await expect(start()).rejects.toThrow(
      `The data directory ${dataDir} is in use by another emulator (pid ${process.pid}); stop it or use another directory`,
    );
  });

  it("creates a missing data directory", async () => {
    const nested = join(dataDir, "a", "b");
    const emulator = await start({ dataDir: nested });

    expect(emulator.dataFile).toBe(join(nested, STATE_FILE_NAME));
    expect((await stat(join(nested, STATE_FILE_NAME))).isFile()).toBe(true);
  });
});

describe("without a data directory", () => {
  it("keeps the state in memory only", async () => {
    const emulator = await startEmulator({ rateLimit: false });
    try {
      expect(emulator.dataFile).toBeUndefined();
      await emulator.tenant.write("PUT", PHONE_TEMPLATES_DOCUMENT, {
        enrollment_message: "a {{code}}",
        verification_message: "b {{code}}",
      });
      expect(phoneTemplatesOf(emulator).enrollment_message).toBe("a {{code}}");
    } finally {
      await emulator.close();
    }
  });
});
