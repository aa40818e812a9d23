/**
 * `private_key_jwt` at `/oauth/token`, the parts a lenient check gets wrong: an assertion issued in the future,
 * a `jti` that is not a string, and an `aud` that names another server while the request's `Host` header names
 * that server too.
 */
import { readFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

import { SignJWT, importPKCS8 } from "jose";
import type { JWTPayload } from "jose";

import type { TenantEmulator } from "../../../src/emulator";
import { JWT_BEARER_ASSERTION_TYPE, emulatorAssertionAudiences } from "../../../src/emulator/clientAuth";

import { TOKEN_PATH, startTestEmulator } from "./support";

interface Claims {
  aud?: string;
  jti?: unknown;
  iat?: number;
  lifetime?: number;
}

describe("private_key_jwt assertions, strictly", () => {
  let emulator: TenantEmulator;
  let port: string;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    port = new URL(emulator.url).port;
  });
  afterAll(() => emulator.close());

  const assertion = async (claims: Claims = {}): Promise<string> => {
    const key = await importPKCS8(emulator.clientAssertionKey?.privateKeyPem ?? "", "RS256");
    const now = Math.floor(Date.now() / 1000);
    const iat = claims.iat ?? now;
    // A jti of any JSON type, as a hostile or careless client may sign it (jose types it as a string).
    const payload = { jti: "jti" in claims ? claims.jti : crypto.randomUUID() } as JWTPayload;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: "RS256" })
      .setIssuer(emulator.clientId)
      .setSubject(emulator.clientId)
      .setAudience(claims.aud ?? `${emulator.url}/`)
      .setIssuedAt(iat)
      .setExpirationTime(iat + (claims.lifetime ?? 60))
      .sign(key);
  };

  /** POSTs a token request with this assertion, with the given `Host` header (node's http lets it be set). */
  const tokenRequest = (
    jwt: string,
    host = `127.0.0.1:${port}`,
  ): Promise<{ status: number; body: unknown }> =>
    new Promise((resolve, reject) => {
      const body = new URLSearchParams({
        grant_type: "client_credentials",
        audience: emulator.audience,
        client_assertion_type: JWT_BEARER_ASSERTION_TYPE,
        client_assertion: jwt,
      }).toString();
      const request = httpRequest(
        `${emulator.url}${TOKEN_PATH}`,
        { method: "POST", headers: { host, "content-type": "application/x-www-form-urlencoded" } },
        (response) => {
          let text = "";
          response.on("data", (chunk: Buffer) => (text += chunk.toString()));
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }),
          );
        },
      );
      request.on("error", reject);
      request.end(body);
    });

  const refused = (description: string) => ({
    status: 401,
    body: { error: "invalid_client", error_description: description },
  });

  describe("iat", () => {
    it("refuses an assertion issued more than 60 s in the future", async () => {
      const now = Math.floor(Date.now() / 1000);

      expect(await tokenRequest(await assertion({ iat: now + 120 }))).toEqual(
        refused("The client assertion is issued in the future (iat)"),
      );
    });

    it("accepts an assertion issued a little in the future, as a clock a few seconds ahead makes it", async () => {
      const now = Math.floor(Date.now() / 1000);

      expect((await tokenRequest(await assertion({ iat: now + 20 }))).status).toBe(200);
    });
  });

  describe("jti", () => {
    it.each<[string, unknown]>([
      ["a number", 1],
      ["an object", { id: 1 }],
      ["an array", ["a"]],
      ["true", true],
      ["an empty string", ""],
    ])("refuses %s as jti (RFC 7519: a string)", async (_name, jti) => {
      expect(await tokenRequest(await assertion({ jti }))).toEqual(
        refused("The client assertion's jti must be a non-empty string"),
      );
    });

    it('accepts the string jti "1" after a numeric jti 1 was refused', async () => {
      expect((await tokenRequest(await assertion({ jti: 1 }))).status).toBe(401);

      expect((await tokenRequest(await assertion({ jti: "1" }))).status).toBe(200);
    });
  });

  describe("aud", () => {
    it("refuses an assertion made for another server, even when the request's Host names that server", async () => {
      const elsewhere = `evil.example:${port}`;

      expect(await tokenRequest(await assertion({ aud: `http://${elsewhere}/` }), elsewhere)).toEqual(
        refused("The client assertion is invalid"),
      );
      expect(
        await tokenRequest(await assertion({ aud: `http://${elsewhere}${TOKEN_PATH}` }), elsewhere),
      ).toEqual(refused("The client assertion is invalid"));
    });

    it.each([
      ["the emulator's URL", (p: string) => `http://127.0.0.1:${p}/`],
      ["its token endpoint", (p: string) => `http://127.0.0.1:${p}${TOKEN_PATH}`],
      ["localhost, a name of the loopback it listens on", (p: string) => `http://localhost:${p}/`],
      ["[::1]", (p: string) => `http://[::1]:${p}/`],
    ])("accepts %s as aud, whatever the Host header", async (_name, aud) => {
      expect((await tokenRequest(await assertion({ aud: aud(port) }), `other.example:${port}`)).status).toBe(
        200,
      );
    });
  });
});

describe("private_key_jwt assertions at a TLS emulator with extra names", () => {
  let emulator: TenantEmulator;

  beforeAll(async () => {
    emulator = await startTestEmulator({ tls: { names: ["tenant.test"] } });
  });
  afterAll(() => emulator.close());

  /** POSTs a token request over https, trusting the emulator's CA for this request only. */
  const tokenRequest = async (aud: string): Promise<number> => {
    const key = await importPKCS8(emulator.clientAssertionKey?.privateKeyPem ?? "", "RS256");
    const now = Math.floor(Date.now() / 1000);
    const jwt = await new SignJWT({ jti: crypto.randomUUID() })
      .setProtectedHeader({ alg: "RS256" })
      .setIssuer(emulator.clientId)
      .setSubject(emulator.clientId)
      .setAudience(aud)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(key);
    const body = new URLSearchParams({
      grant_type: "client_credentials",
      audience: emulator.audience,
      client_assertion_type: JWT_BEARER_ASSERTION_TYPE,
      client_assertion: jwt,
    }).toString();
    const ca = await readFile(emulator.caFile ?? "", "utf8");
    return new Promise((resolve, reject) => {
      const request = httpsRequest(
        `${emulator.url}${TOKEN_PATH}`,
        { method: "POST", ca, headers: { "content-type": "application/x-www-form-urlencoded" } },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  };

  it("accepts a --tls-san name at the emulator's port as aud, and not another name", async () => {
    const port = new URL(emulator.url).port;

    expect(await tokenRequest(`https://tenant.test:${port}/`)).toBe(200);
    expect(await tokenRequest(`https://other.test:${port}/`)).toBe(401);
  });
});

describe("emulatorAssertionAudiences", () => {
  it("lists each name at the emulator's port, as the tenant's URL and as the token endpoint", () => {
    expect(emulatorAssertionAudiences("https://127.0.0.1:8443", ["localhost", "::1", "tenant"])).toEqual([
      "https://127.0.0.1:8443/",
      "https://127.0.0.1:8443/oauth/token",
      "https://localhost:8443/",
      "https://localhost:8443/oauth/token",
      "https://[::1]:8443/",
      "https://[::1]:8443/oauth/token",
      "https://tenant:8443/",
      "https://tenant:8443/oauth/token",
    ]);
  });

  it("adds each name without the port when the port is the scheme's default", () => {
    expect(emulatorAssertionAudiences("https://tenant", [])).toEqual([
      "https://tenant:443/",
      "https://tenant:443/oauth/token",
      "https://tenant/",
      "https://tenant/oauth/token",
    ]);
  });
});
