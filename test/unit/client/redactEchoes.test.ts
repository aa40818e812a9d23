/**
 * `redactSecrets` against echoes of a secret that are not exact copies: another letter case, JSON escaping, URL
 * encodings, base64 and base64url. The text around an echo is drawn from characters no encoding produces and
 * no secret holds, so the redacted text is known exactly: the surrounding text, and `[redacted]` in place of
 * the echo.
 */
import fc from "fast-check";

import { ENCODED_SECRET_MIN_LENGTH, REDACTED, redactSecrets } from "../../../src/client/redact";

/** Characters of the surrounding text: in no secret below, and produced by none of the encodings. */
const AROUND = ["<", ">", "|", "^", "`", " ", "\n"];

/** Printable ASCII but the surrounding characters, some letters outside ASCII, and an emoji. */
const SECRET_CHARS = [
  ...Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index)).filter(
    (char) => !AROUND.includes(char),
  ),
  "é",
  "Ω",
  "€",
  "😀",
];

const secrets = fc.string({
  unit: fc.constantFrom(...SECRET_CHARS),
  minLength: ENCODED_SECRET_MIN_LENGTH,
  maxLength: 40,
});
const around = fc.string({ unit: fc.constantFrom(...AROUND), maxLength: 20 });

const base64 = (secret: string): string => Buffer.from(secret, "utf8").toString("base64");
const base64url = (secret: string): string => Buffer.from(secret, "utf8").toString("base64url");

const ECHOES: readonly [string, (secret: string) => string][] = [
  ["as it is", (secret) => secret],
  ["upper case", (secret) => secret.toUpperCase()],
  ["lower case", (secret) => secret.toLowerCase()],
  ["base64", base64],
  ["base64 without padding", (secret) => base64(secret).replace(/=+$/, "")],
  ["base64url", base64url],
  ["base64url padded", (secret) => base64(secret).replace(/\+/g, "-").replace(/\//g, "_")],
  ["JSON-escaped", (secret) => JSON.stringify(secret).slice(1, -1)],
  ["encodeURIComponent", encodeURIComponent],
  ["encodeURIComponent, lower-case hex", (secret) => encodeURIComponent(secret).toLowerCase()],
  ["encodeURI", encodeURI],
  ["form-encoded", (secret) => new URLSearchParams({ s: secret }).toString().slice(2)],
];

describe("redactSecrets: echoes of a secret", () => {
  it.each(ECHOES)("redacts a secret echoed %s and keeps the text around it", (_name, encode) => {
    fc.assert(
      fc.property(secrets, around, around, (secret, before, after) => {
        expect(redactSecrets(`${before}${encode(secret)}${after}`, [secret])).toBe(
          `${before}${REDACTED}${after}`,
        );
      }),
      { numRuns: 300 },
    );
  });

  it("redacts every echo of several secrets in one text", () => {
    fc.assert(
      fc.property(fc.uniqueArray(secrets, { minLength: 1, maxLength: 3 }), around, (list, gap) => {
        const echoes = list.flatMap((secret) => ECHOES.map(([, encode]) => encode(secret)));
        const text = echoes.join(`|${gap}|`);

        expect(redactSecrets(text, list)).toBe(echoes.map(() => REDACTED).join(`|${gap}|`));
      }),
      { numRuns: 100 },
    );
  });

  it("redacts a secret's base64 inside a longer base64 text, at any alignment", () => {
    fc.assert(
      fc.property(secrets, fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), (secret, head, tail) => {
        const encoded = Buffer.from(`${head}${secret}${tail}`, "utf8").toString("base64");
        const redacted = redactSecrets(`Basic ${encoded}`, [secret]);

        // Left of the encoding: the characters of the head and the tail, and at most one more at each edge.
        const around = Buffer.byteLength(head) + Buffer.byteLength(tail);
        expect(redacted.startsWith("Basic ")).toBe(true);
        expect(redacted).toContain(REDACTED);
        expect(redacted.length - "Basic ".length - REDACTED.length).toBeLessThanOrEqual(
          Math.ceil((around * 4) / 3) + 4,
        );
      }),
    );
  });

  it("matches a secret shorter than 8 characters exactly only, so common words stay", () => {
    expect(redactSecrets("The Admin admin ADMIN YWRtaW4=", ["admin"])).toBe(
      `The Admin ${REDACTED} ADMIN YWRtaW4=`,
    );
    expect(redactSecrets("Password PASSWORD cGFzc3dvcmQ=", ["password"])).toBe(
      `${REDACTED} ${REDACTED} ${REDACTED}`,
    );
  });

  it("redacts overlapping echoes of two secrets whole", () => {
    expect(redactSecrets("x abcdefgh1XXXXXXXX y", ["abcdefgh1", "h1XXXXXXXX"])).toBe(`x ${REDACTED} y`);
  });
});
