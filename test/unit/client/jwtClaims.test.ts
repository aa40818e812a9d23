import fc from "fast-check";
import { decodeJwt } from "jose";

import { jwtClaims } from "../../../src/client/jwtClaims";
import { startEmulator } from "../../../src/emulator";

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("jwtClaims", () => {
  it("reads the claims of a token the emulator issues as jose decodes them", async () => {
    const emulator = await startEmulator({ rateLimit: false });
    try {
      const token = await emulator.issueToken();
      expect(jwtClaims(token)).toEqual(decodeJwt(token));
      expect(jwtClaims(token)?.["scope"]).toEqual(expect.stringContaining("read:tenant_settings"));
    } finally {
      await emulator.close();
    }
  });

  it("agrees with jose on any JSON object payload", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (claims) => {
        const token = `${encode({ alg: "RS256" })}.${encode(claims)}.c2ln`;
        expect(jwtClaims(token)).toEqual(decodeJwt(token));
      }),
    );
  });

  it.each([
    ["an opaque API token", "not-a-jwt"],
    ["a JWE (five parts)", `${encode({})}.${encode({})}.a.b.c`],
    ["a payload that is not JSON", `${encode({})}.bm90IGpzb24.c2ln`],
    ["a payload that is an array", `${encode({})}.${encode([1])}.c2ln`],
    ["a payload outside base64url", `${encode({})}.e30=.c2ln`],
  ])("is undefined for %s", (_name, token) => {
    expect(jwtClaims(token)).toBeUndefined();
  });
});
