/**
 * `emulator.rotateClientSecret()`: the global client's secret changes as on the platform, where rotating a
 * client secret revokes the old one at once.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { tokenResponseSchema } from "../../../src/wire";

import { SETTINGS_PATH, TOKEN_PATH, call } from "./support";

/** Asks /oauth/token for a token of the global client with `secret` (JSON body, client_secret_post). */
function requestToken(emulator: TenantEmulator, secret: string) {
  return call(emulator, "POST", TOKEN_PATH, {
    json: {
      grant_type: "client_credentials",
      client_id: emulator.clientId,
      client_secret: secret,
      audience: emulator.audience,
    },
  });
}

/** Asks for a token with HTTP Basic client authentication. */
function requestTokenBasic(emulator: TenantEmulator, secret: string) {
  const credentials = Buffer.from(
    `${encodeURIComponent(emulator.clientId)}:${encodeURIComponent(secret)}`,
  ).toString("base64");
  return call(emulator, "POST", TOKEN_PATH, {
    form: new URLSearchParams({ grant_type: "client_credentials", audience: emulator.audience }).toString(),
    headers: { authorization: `Basic ${credentials}` },
  });
}

describe("rotating the global client's secret", () => {
  let dataDir: string;
  const running: TenantEmulator[] = [];
  const start = async () => {
    const emulator = await startEmulator({ rateLimit: false, dataDir });
    running.push(emulator);
    return emulator;
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "tenant-emulator-rotation-"));
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((emulator) => emulator.close()));
    await rm(dataDir, { recursive: true, force: true });
  });

  it("refuses the old secret at /oauth/token at once, with the platform's 401, and takes the new one", async () => {
    const emulator = await start();
    const old = emulator.clientSecret;
    expect((await requestToken(emulator, old)).status).toBe(200);

    const rotated = await emulator.rotateClientSecret();

    expect(rotated).not.toBe(old);
    expect(emulator.clientSecret).toBe(rotated);
    const refused = await requestToken(emulator, old);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: "access_denied", error_description: "Unauthorized" });
    expect((await requestTokenBasic(emulator, old)).status).toBe(401);
    const accepted = await requestToken(emulator, rotated);
    expect(accepted.status).toBe(200);
    expect((await requestTokenBasic(emulator, rotated)).status).toBe(200);
    const token = tokenResponseSchema.parse(accepted.body).access_token;
    expect((await call(emulator, "GET", SETTINGS_PATH, { token })).status).toBe(200);
  });

  it("takes the secret it is given", async () => {
    const emulator = await start();

    expect(await emulator.rotateClientSecret("a-chosen-secret")).toBe("a-chosen-secret");
    expect((await requestToken(emulator, "a-chosen-secret")).status).toBe(200);
  });

  it("keeps the new secret across a restart with the same data directory, and the old one refused", async () => {
    const first = await start();
    const old = first.clientSecret;
    const rotated = await first.rotateClientSecret();
    await first.close();

    const second = await start();

    expect(second.clientId).toBe(first.clientId);
    expect(second.clientSecret).toBe(rotated);
    expect((await requestToken(second, rotated)).status).toBe(200);
    expect((await requestToken(second, old)).status).toBe(401);
  });

  it("leaves the non-global client's secret alone", async () => {
    const emulator = await start();
    const other = emulator.nonGlobalClient;
    await emulator.rotateClientSecret();

    const response = await call(emulator, "POST", TOKEN_PATH, {
      json: {
        grant_type: "client_credentials",
        client_id: other.clientId,
        client_secret: other.clientSecret,
        audience: emulator.audience,
      },
    });

    expect(response.status).toBe(200);
  });
});
