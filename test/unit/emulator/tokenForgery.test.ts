import { createHmac } from "node:crypto";

import { SignJWT, decodeJwt } from "jose";
import type { JSONWebKeySet } from "jose";

import type { TenantEmulator } from "../../../src/emulator";
import { TokenAuthority, generateSigningKey } from "../../../src/emulator/auth";
import { ALL_SCOPES } from "../../../src/resources/registry";

import { CAPTCHA_PATH, JWKS_PATH, SETTINGS_PATH, call, startTestEmulator } from "./support";

// Forged tokens, beyond the cases of auth.test.ts (another emulator's token, a tampered payload, an expired
// token, another audience): each one carries every claim the emulator expects, for this tenant, with every
// scope, and differs from a real token only in how (or whether) it is signed, or in one claim.

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("forged access tokens", () => {
  let emulator: TenantEmulator;
  let claims: Record<string, unknown>;

  beforeAll(async () => {
    emulator = await startTestEmulator();
    claims = decodeJwt(await emulator.issueToken());
  });
  afterAll(() => emulator.close());

  async function answer(token: string, path = CAPTCHA_PATH): Promise<unknown> {
    const response = await call(emulator, "GET", path, { token });
    return { status: response.status, body: response.body };
  }
  const invalid = { status: 401, body: { statusCode: 401, error: "Unauthorized", message: "Invalid token" } };

  it("rejects an unsigned token (alg none)", async () => {
    const token = `${base64url({ alg: "none", typ: "JWT" })}.${base64url(claims)}.`;
    expect(await answer(token)).toEqual(invalid);
  });

  it("rejects a token signed with HS256 and the tenant's public key as the secret (algorithm confusion)", async () => {
    const jwks = (await call(emulator, "GET", JWKS_PATH)).body as JSONWebKeySet;
    const publicKey = jwks.keys[0]!;
    const signingInput = `${base64url({ alg: "HS256", typ: "JWT", kid: publicKey.kid })}.${base64url(claims)}`;
    for (const secret of [JSON.stringify(publicKey), publicKey.n ?? ""]) {
      const signature = createHmac("sha256", secret).update(signingInput).digest("base64url");
      expect(await answer(`${signingInput}.${signature}`)).toEqual(invalid);
    }
  });

  it("rejects a token with this tenant's issuer, audience and client, signed with another key", async () => {
    const impostor = new TokenAuthority(await generateSigningKey(), `${emulator.url}/`, emulator.audience);
    const token = await impostor.issue({
      clientId: emulator.clientId,
      scopes: ALL_SCOPES,
      expiresInSeconds: 60,
    });
    expect(await answer(token)).toEqual(invalid);
  });

  it("rejects a real token whose signature was removed or cut short", async () => {
    const [header, payload, signature = ""] = (await emulator.issueToken()).split(".");
    expect(await answer(`${header}.${payload}.`)).toEqual(invalid);
    expect(await answer(`${header}.${payload}`)).toEqual(invalid);
    expect(await answer(`${header}.${payload}.${signature.slice(0, -8)}`)).toEqual(invalid);
  });

  it("ignores a token in the query string", async () => {
    const token = await emulator.issueToken();
    const response = await call(emulator, "GET", `${SETTINGS_PATH}?access_token=${token}`);
    expect(response.status).toBe(401);
  });
});

describe("a token authority's checks of a correctly signed token", () => {
  it.each<[string, (claims: SignJWT) => SignJWT]>([
    ["another issuer", (jwt) => jwt.setIssuer("https://other-tenant.example.com/")],
    ["a subject that is not a client", (jwt) => jwt.setSubject("auth0|user-1")],
    ["a not-before time in the future", (jwt) => jwt.setNotBefore(Math.floor(Date.now() / 1000) + 600)],
  ])("rejects %s", async (_case, change) => {
    const key = await generateSigningKey();
    const authority = new TokenAuthority(
      key,
      "https://tenant.example.com/",
      "https://tenant.example.com/api/v2/",
    );
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ scope: ALL_SCOPES.join(" "), gty: "client-credentials" })
      .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: key.publicJwk.kid ?? "" })
      .setIssuer(authority.issuer)
      .setAudience(authority.audience)
      .setSubject("client-1@clients")
      .setIssuedAt(now)
      .setExpirationTime(now + 60);
    await expect(authority.verify(await jwt.sign(key.privateKey))).resolves.toMatchObject({
      clientId: "client-1",
    });
    await expect(authority.verify(await change(jwt).sign(key.privateKey))).rejects.toThrow("Invalid token");
  });
});
