import { mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
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
import { DEFAULT_PHONE_TEMPLATES } from "../../../src/wire";

import { CAPTCHA_PATH, PHONE_TEMPLATES_PATH, TOKEN_PATH, call } from "./support";

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
    const first = await start();
    const token = await first.issueToken();
    await call(first, "PATCH", CAPTCHA_PATH, {
      token,
      json: { active_provider_id: "hcaptcha", hcaptcha: { site_key: "kh", secret: "persisted-secret" } },
    });
    await call(first, "PUT", PHONE_TEMPLATES_PATH, {
      token,
      json: { enrollment_message: "e {{code}}", verification_message: "v {{code}}" },
    });
    await first.tenant.updateSettings({ friendly_name: "Persisted" });
    await first.close();

    const second = await start();

    expect(second.clientId).toBe(first.clientId);
    expect(second.clientSecret).toBe(first.clientSecret);
    expect(second.nonGlobalClient).toEqual(first.nonGlobalClient);
    expect(second.tenant.captchaWithSecrets()?.hcaptcha).toEqual({
      site_key: "kh",
      secret: "persisted-secret",
    });
    expect(second.tenant.phoneTemplates()).toEqual({
      enrollment_message: "e {{code}}",
      verification_message: "v {{code}}",
    });
    expect(second.tenant.settings().friendly_name).toBe("Persisted");
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
    expect(saved.captcha?.recaptcha_v2).toEqual({ site_key: "k", secret: "on-disk" });
  });

  it("keeps an unconfigured CAPTCHA unconfigured across restarts, and a created one created", async () => {
    const first = await start({ captchaConfigured: false });
    await first.close();
    const second = await start();
    expect(second.tenant.captcha()).toBeUndefined();

    await second.tenant.createCaptchaConfig();
    await second.close();
    const third = await start({ captchaConfigured: false });
    expect(third.tenant.captcha()).toBeDefined();
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
    expect(saved.captcha?.simple_captcha).toEqual(emulator.tenant.captcha()?.simple_captcha);
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
    await writeFile(join(dataDir, `.${STATE_FILE_NAME}.12345.7.tmp`), '{"half":');
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

  it("loads a data file that lacks the fields a later version added, with a new tenant's defaults", async () => {
    const first = await start();
    const written = JSON.parse(await readFile(join(dataDir, STATE_FILE_NAME), "utf8")) as Record<
      string,
      unknown
    >;
    await first.close();
    const older = Object.fromEntries(
      Object.entries(written).filter(([key]) => key !== "phoneTemplates" && key !== "settings"),
    );
    await writeFile(join(dataDir, STATE_FILE_NAME), JSON.stringify(older));

    const second = await start();

    expect(second.tenant.phoneTemplates()).toEqual(DEFAULT_PHONE_TEMPLATES);
    // A new tenant's settings: the ones the first start wrote (a real minimal tenant's, session lifetime 168 h).
    expect(second.tenant.settings()).toEqual(written["settings"]);
    expect(second.tenant.settings()).toMatchObject({ session_lifetime: 168 });
    expect(second.clientId).toBe(first.clientId);
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
      await emulator.tenant.setPhoneTemplates({ enrollment_message: "a", verification_message: "b" });
      expect(emulator.tenant.phoneTemplates().enrollment_message).toBe("a");
    } finally {
      await emulator.close();
    }
  });
});
