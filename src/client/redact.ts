import { toCamelKey } from "../wire/casing";

/** The text that replaces a secret in anything the client puts into an error or a log line. */
export const REDACTED = "[redacted]";

/**
 * Body keys whose values are credentials, at any depth of a request or response body (wire spelling and
 * camelCase): the platform's names for them, whatever the endpoint.
 */
const SECRET_BODY_KEYS: ReadonlySet<string> = new Set(
  ["secret", "api_key", "client_secret", "client_assertion", "access_token"].flatMap((key) => [
    key,
    toCamelKey(key),
  ]),
);

/** A JSON Web Token in compact form: three base64url parts, the first two starting with `{"`. */
const JWT_PATTERN = /eyJ[\w-]*\.eyJ[\w-]*\.[\w-]*/g;

/** Secrets at least this long are also redacted in their encoded forms, and whatever their letters' case. */
export const ENCODED_SECRET_MIN_LENGTH = 8;

/** A regex source matching `text` literally (safe under the `u` flag, which allows no other escapes). */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** JSON's escaping, with every character outside ASCII as `\uXXXX` too (as many JSON writers do). */
function jsonAsciiEscaped(secret: string): string {
  return JSON.stringify(secret)
    .slice(1, -1)
    .replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * The base64 of `bytes` as it appears inside a longer base64 text, at each of the three byte alignments: the
 * characters that depend on the secret's bytes alone. (The whole encoding, padded or not, is listed too.)
 */
function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset += 1) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const first = Math.ceil((8 * offset) / 6);
    const last = Math.floor((8 * (offset + bytes.length)) / 6);
    cores.push(encoded.slice(first, last));
  }
  return cores;
}

/** `encodeURIComponent` and `encodeURI` of `secret` (none for a lone surrogate, which they cannot encode). */
function uriEncoded(secret: string): string[] {
  try {
    return [encodeURIComponent(secret), encodeURI(secret)];
  } catch {
    return [];
  }
}

/** How a server may echo `secret`: as sent, and (for a long enough secret) encoded as it may have been sent. */
function echoesOf(secret: string): string[] {
  if (secret.length < ENCODED_SECRET_MIN_LENGTH) return [secret];
  const bytes = Buffer.from(secret, "utf8");
  const base64 = [bytes.toString("base64"), ...base64Cores(bytes)];
  const base64url = base64.map((text) => text.replace(/\+/g, "-").replace(/\//g, "_"));
  return [
    secret,
    JSON.stringify(secret).slice(1, -1),
    jsonAsciiEscaped(secret),
    ...uriEncoded(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    ...base64,
    ...base64.map((text) => text.replace(/=+$/, "")),
    ...base64url,
    ...base64url.map((text) => text.replace(/=+$/, "")),
  ];
}

/**
 * Replaces every occurrence of each secret in `text` with `[redacted]`, and any text shaped like a JSON Web
 * Token. A secret of {@link ENCODED_SECRET_MIN_LENGTH} characters or more is also found in any letter case and
 * in the forms a server may echo it in: JSON-escaped, URL-encoded (`encodeURIComponent`, `encodeURI`, form
 * encoding), base64 and base64url (padded or not, alone or inside a longer base64 text). Shorter secrets are
 * matched exactly only, so that a short value does not redact common words. Every character that belongs to a
 * match of any form is redacted (overlapping matches become one `[redacted]`), so no part of a secret is left.
 *
 * This is defence in depth: the client never puts a secret into an error on purpose, but a server
 * may echo part of a request in its message.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const patterns = new Map<string, RegExp>();
  for (const secret of secrets) {
    if (secret.length === 0) continue;
    const anyCase = secret.length >= ENCODED_SECRET_MIN_LENGTH;
    for (const echo of echoesOf(secret)) {
      if (echo.length > 0 && !patterns.has(echo))
        patterns.set(echo, new RegExp(literal(echo), anyCase ? "giu" : "gu"));
    }
  }
  // Every match of every form, overlapping ones included, as [start, end) spans.
  const spans: [number, number][] = [];
  for (const pattern of patterns.values()) {
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      spans.push([match.index, match.index + match[0].length]);
      // On to the next code point (not into a surrogate pair, which a `u` regex would step back from).
      pattern.lastIndex = match.index + ((text.codePointAt(match.index) ?? 0) > 0xffff ? 2 : 1);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  let result = "";
  let copied = 0;
  for (const [start, end] of spans) {
    if (end <= copied) continue;
    if (start >= copied) result += `${text.slice(copied, start)}${REDACTED}`;
    copied = end;
  }
  result += text.slice(copied);
  return result.replace(JWT_PATTERN, REDACTED);
}

/**
 * Collects the credential values of a request body (`secret`, `api_key`, `client_secret`,
 * `access_token`, at any depth), so they can be redacted from what the server answers.
 */
export function secretsInBody(body: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (typeof value === "object" && value !== null) {
      for (const [key, member] of Object.entries(value)) {
        if (SECRET_BODY_KEYS.has(key) && typeof member === "string" && member.length > 0) {
          found.push(member);
        } else {
          visit(member);
        }
      }
    }
  };
  visit(body);
  return found;
}
