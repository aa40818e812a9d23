import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

import { CLIENT_ASSERTION_KEY_FILE_NAME, LOCK_FILE_NAME, STATE_FILE_NAME } from "../../../src/emulator";
import { persistedStateSchema } from "../../../src/emulator/state";
import type { PersistedState } from "../../../src/emulator/state";
import type { StoredCaptcha } from "../../../src/resources/captchaConfig/emulation";
import type { PhoneTemplatesRequest } from "../../../src/resources/phoneTemplates/api";
import { tokenResponseSchema } from "../../../src/wire";

import { spawnCli } from "./cliProcess";
import type { ReadyLine } from "./cliProcess";
import {
  CAPTCHA_DOCUMENT,
  CAPTCHA_PATH,
  PHONE_TEMPLATES_DOCUMENT,
  PHONE_TEMPLATES_PATH,
  TOKEN_PATH,
  call,
  legacyPhoneSettings,
} from "./support";

const captchaIn = (state: PersistedState): StoredCaptcha | undefined =>
  state.documents[CAPTCHA_DOCUMENT] as StoredCaptcha | undefined;
const phoneTemplatesIn = (state: PersistedState): PhoneTemplatesRequest =>
  state.documents[PHONE_TEMPLATES_DOCUMENT] as PhoneTemplatesRequest;

/** A stream of sequential writes; each write n stores n in one place of the state. */
interface Lane {
  readonly name: string;
  send(ready: ReadyLine, token: string, n: number): Promise<number>;
  /** The n stored in a saved state (0 = never written), after checking the write was stored whole. */
  stored(state: PersistedState): number;
}

const indexOf = (value: string | undefined, prefix: string): number =>
  value === undefined ? 0 : Number(value.slice(prefix.length));

function providerLane(name: "hcaptcha" | "recaptcha_v2" | "friendly_captcha"): Lane {
  return {
    name,
    send: async (ready, token, n) =>
      (
        await call(ready, "PATCH", CAPTCHA_PATH, {
          token,
          json: { [name]: { site_key: `k-${n}`, secret: `s-${n}` } },
        })
      ).status,
    stored: (state) => {
      const provider = captchaIn(state)?.[name];
      const n = indexOf(provider?.site_key, "k-");
      if (provider) expect(provider.secret).toBe(`s-${n}`);
      return n;
    },
  };
}

const lanes: Lane[] = [
  providerLane("hcaptcha"),
  providerLane("recaptcha_v2"),
  providerLane("friendly_captcha"),
  {
    name: "recaptcha_enterprise (form-encoded)",
    send: async (ready, token, n) =>
      (
        await call(ready, "PATCH", CAPTCHA_PATH, {
          token,
          form: `recaptcha_enterprise[site_key]=k-${n}&recaptcha_enterprise[api_key]=a-${n}&recaptcha_enterprise[project_id]=p-${n}`,
        })
      ).status,
    stored: (state) => {
      const provider = captchaIn(state)?.recaptcha_enterprise;
      const n = indexOf(provider?.site_key, "k-");
      if (provider) expect(provider).toEqual({ site_key: `k-${n}`, api_key: `a-${n}`, project_id: `p-${n}` });
      return n;
    },
  },
  {
    name: "simple_captcha",
    send: async (ready, token, n) =>
      (await call(ready, "PATCH", CAPTCHA_PATH, { token, json: { simple_captcha: { n } } })).status,
    stored: (state) => Number(captchaIn(state)?.simple_captcha["n"] ?? 0),
  },
  {
    name: "phone templates",
    send: async (ready, token, n) =>
      (
        await call(ready, "PUT", PHONE_TEMPLATES_PATH, {
          token,
          json: { enrollment_message: `{{code}} e-${n}`, verification_message: `{{code}} v-${n}` },
        })
      ).status,
    stored: (state) => {
      const templates = phoneTemplatesIn(state);
      if (!templates.enrollment_message.startsWith("{{code}} e-")) return 0;
      const n = indexOf(templates.enrollment_message, "{{code}} e-");
      expect(templates.verification_message).toBe(`{{code}} v-${n}`);
      return n;
    },
  },
];

async function tokenFor(ready: ReadyLine, clientId: string, clientSecret: string): Promise<string> {
  const response = await call(ready, "POST", TOKEN_PATH, {
    json: {
      grant_type: "client_credentials",
      client_id: clientId,
      client_secret: clientSecret,
      audience: ready.audience,
    },
  });
  return tokenResponseSchema.parse(response.body).access_token;
}

describe("a data directory under SIGKILL", () => {
  let dataDir: string;
  let settingsFile: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "tenant-emulator-kill-"));
    // A tenant of the legacy phone set-up (its first start writes these settings), whose phone templates PUT answers.
    settingsFile = join(await mkdtemp(join(tmpdir(), "tenant-emulator-kill-settings-")), "settings.json");
    await writeFile(settingsFile, JSON.stringify(legacyPhoneSettings()));
  });
  afterAll(() =>
    Promise.all([
      rm(dataDir, { recursive: true, force: true }),
      rm(dirname(settingsFile), { recursive: true, force: true }),
    ]),
  );

  it.each([3, 40, 150])(
    "keeps a whole file and every acknowledged write when killed after %d acknowledged writes",
    async (killAfter) => {
      const emulator = await spawnCli([
        "--data-dir",
        dataDir,
        "--rate-limit",
        "0",
        "--settings",
        settingsFile,
      ]);
      const { ready } = emulator;
      const token = await tokenFor(ready, ready.clientId, ready.clientSecret);
      const sent = new Map<string, number>();
      const acknowledged = new Map<string, number>(lanes.map((lane) => [lane.name, 0]));
      const before = new Map<string, number>();
      let total = 0;
      let killed = false;

      const stateFile = join(dataDir, STATE_FILE_NAME);
      const initial = persistedStateSchema.parse(JSON.parse(await readFile(stateFile, "utf8")));
      for (const lane of lanes) before.set(lane.name, lane.stored(initial));

      await Promise.all(
        lanes.map(async (lane) => {
          for (let n = (before.get(lane.name) ?? 0) + 1; !killed; n += 1) {
            sent.set(lane.name, n);
            try {
              if ((await lane.send(ready, token, n)) !== 200)
                throw new Error(`${lane.name} write ${n} failed`);
            } catch (error) {
              if (killed) return;
              throw error;
            }
            acknowledged.set(lane.name, n);
            total += 1;
            if (total >= killAfter && !killed) {
              killed = true;
              emulator.child.kill("SIGKILL");
            }
          }
        }),
      );
      expect(await emulator.exited).toEqual({ code: null, signal: "SIGKILL" });

      const saved = persistedStateSchema.parse(JSON.parse(await readFile(stateFile, "utf8")));
      for (const lane of lanes) {
        const stored = lane.stored(saved);
        const floor = Math.max(acknowledged.get(lane.name) ?? 0, before.get(lane.name) ?? 0);
        expect({ lane: lane.name, atLeastAcknowledged: stored >= floor }).toEqual({
          lane: lane.name,
          atLeastAcknowledged: true,
        });
        expect(stored).toBeLessThanOrEqual(sent.get(lane.name) ?? 0);
      }

      const restarted = await spawnCli(["--data-dir", dataDir, "--rate-limit", "0"]);
      try {
        expect(restarted.ready.clientId).toBe(ready.clientId);
        expect(restarted.ready.clientSecret).toBe(ready.clientSecret);
        const kept = [STATE_FILE_NAME, LOCK_FILE_NAME, CLIENT_ASSERTION_KEY_FILE_NAME];
        expect((await readdir(dataDir)).filter((name) => !kept.includes(name))).toEqual([]);
        const fresh = await tokenFor(restarted.ready, ready.clientId, ready.clientSecret);
        const captcha = await call(restarted.ready, "GET", CAPTCHA_PATH, { token: fresh });
        expect(captcha.body).toMatchObject({
          hcaptcha: { site_key: captchaIn(saved)?.hcaptcha?.site_key ?? "" },
          simple_captcha: captchaIn(saved)?.simple_captcha ?? {},
        });
      } finally {
        restarted.child.kill("SIGTERM");
        expect(await restarted.exited).toEqual({ code: 0, signal: null });
      }
    },
    20_000,
  );
});
