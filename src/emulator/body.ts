import type { IncomingMessage } from "node:http";

import { BodyError } from "./bodyError";
import { parseFormBody, splitFieldName } from "./formBody";
import { validationMessage } from "./validation";

/**
 * The default request body limit: 1 MiB, the platform's (its 413 names `maximum allowed: 1048576`). It takes
 * every body whose texts a preview accepts, in any encoding: a branding phone template's two texts of 20,000
 * characters each are at most 360,000 bytes even form-encoded (3 bytes of UTF-8 a character, `%XX` each).
 */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A body over the limit is read and discarded up to this many times the limit (64 MiB by default), so the
 * client, which may still be sending, gets the 413 and the connection stays usable; past that it is closed.
 */
const DRAIN_FACTOR = 64;

/** JSON nested deeper than this is refused (no wire object nests deeper than four levels). */
const MAX_JSON_DEPTH = 32;

/** The request body formats an endpoint accepts. */
type BodyFormat = "json" | "form";

const MEDIA_TYPES: Readonly<Record<string, BodyFormat>> = {
  "application/json": "json",
  "application/x-www-form-urlencoded": "form",
};

function tooLarge(limit: number, closeConnection: boolean): BodyError {
  return new BodyError(413, `Payload content length greater than maximum allowed: ${limit}`, closeConnection);
}

/**
 * Reads a request body up to `limit` bytes. A body over the limit (by its `Content-Length`, or once a chunked
 * body passes it) fails at once with a 413 {@link BodyError}, so the answer goes out while the rest of the body
 * is read and discarded: a client that sends the whole body before it reads the answer still gets the 413,
 * and the connection stays usable. A body more than {@link DRAIN_FACTOR} times the limit is not read to its
 * end: a declared one is answered with `Connection: close`, and the connection is dropped once that much has
 * come. Rejects with the stream's error when the client goes away mid-body.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const drainLimit = limit * DRAIN_FACTOR;
  const declared = Number(request.headers["content-length"] ?? "0");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    const refuse = (closeConnection: boolean): void => {
      over = true;
      chunks.length = 0;
      reject(tooLarge(limit, closeConnection));
    };
    if (Number.isFinite(declared) && declared > limit) refuse(declared > drainLimit);
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (over) {
        if (size > drainLimit) request.socket.destroy();
        return;
      }
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      refuse(false);
    });
    request.once("end", () => {
      if (!over) resolve(Buffer.concat(chunks, size));
    });
    request.once("error", reject);
    request.once("close", () => {
      if (!request.complete) reject(new Error("The client went away mid-body"));
    });
  });
}

/** The media type of a `Content-Type` header, lower-cased and without parameters. */
function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Parses a request body by its `Content-Type`: JSON, or bracket-notation form fields when `form` is accepted
 * (with `true`/`false` coerced at `booleanPaths`). An empty body is `null`. `beforeWalk` sees the parsed value
 * before its every string and key are walked ({@link checkJsonShape}), so that a check that can refuse a large
 * body at once (a list over its length) comes first. Throws a {@link BodyError}: 415 for another media type,
 * 400 for malformed JSON or form fields.
 */
export function parseBody(
  raw: Buffer,
  contentType: string | undefined,
  accepted: readonly BodyFormat[],
  booleanPaths: readonly (readonly string[])[] = [],
  beforeWalk: (value: unknown) => void = () => undefined,
): unknown {
  if (raw.length === 0) return null;
  const format = MEDIA_TYPES[mediaType(contentType)];
  if (format === undefined || !accepted.includes(format)) {
    const names = accepted.map((name) =>
      name === "json" ? "application/json" : "application/x-www-form-urlencoded",
    );
    throw new BodyError(415, `Unsupported Media Type: send ${names.join(" or ")}`);
  }
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw new BodyError(400, "Invalid request payload: not UTF-8");
  }
  if (format === "form") {
    checkFormEncoding(text);
    const form = parseFormBody(text, booleanPaths);
    beforeWalk(form);
    checkJsonShape(form);
    return form;
  }
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    throw new BodyError(400, "Invalid request payload JSON format");
  }
  beforeWalk(json);
  checkJsonShape(json);
  return json;
}

/** The reason given for a string (a value or a property name) holding a lone UTF-16 surrogate. */
const UNPAIRED_SURROGATE = "String contains an unpaired surrogate";

/** A UTF-16 surrogate code unit that is not part of a pair (`\p{Cs}` matches only those in a `u` regex). */
const LONE_SURROGATE = /\p{Cs}/u;

function invalidBody(reason: string, path: readonly (string | number)[]): BodyError {
  return new BodyError(400, validationMessage("Payload validation error", reason, path));
}

/**
 * Refuses JSON nested deeper than {@link MAX_JSON_DEPTH}, any `__proto__` key (which an object literal or a
 * schema would turn into a prototype rather than keep as data), and strings or property names with a lone
 * UTF-16 surrogate (JSON such as `"\ud800"` parses to one; it is not text, and cannot be stored or sent on as
 * UTF-8), the last with the platform's validation message form on the property's path. Walks iteratively, so
 * no depth can overflow the stack.
 */
function checkJsonShape(json: unknown): void {
  const stack: [unknown, number, (string | number)[]][] = [[json, 0, []]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [value, depth, path] = next;
    if (typeof value === "string") {
      if (LONE_SURROGATE.test(value)) throw invalidBody(UNPAIRED_SURROGATE, path);
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) {
      throw new BodyError(400, `Payload validation error: 'Nesting is too deep, maximum ${MAX_JSON_DEPTH}'.`);
    }
    if (Array.isArray(value)) {
      (value as unknown[]).forEach((child, index) => stack.push([child, depth + 1, [...path, index]]));
      continue;
    }
    if (Object.prototype.hasOwnProperty.call(value, "__proto__")) {
      throw new BodyError(400, "Payload validation error: 'Property name not allowed: __proto__'.");
    }
    for (const [key, child] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) throw invalidBody("Property name contains an unpaired surrogate", path);
      stack.push([child, depth + 1, [...path, key]]);
    }
  }
}

/** The bytes a form-encoded name or value stands for: `+` is a space, `%XX` a byte, the rest its UTF-8. */
function percentDecodedBytes(raw: string): Buffer {
  const bytes: Buffer[] = [];
  let literal = "";
  for (let index = 0; index < raw.length; index += 1) {
    const char = raw[index];
    const hex = raw.slice(index + 1, index + 3);
    if (char === "%" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Buffer.from(literal, "utf8"), Buffer.from([Number.parseInt(hex, 16)]));
      literal = "";
      index += 2;
    } else {
      literal += char === "+" ? " " : char;
    }
  }
  bytes.push(Buffer.from(literal, "utf8"));
  return Buffer.concat(bytes);
}

/** Why a percent-encoded name or value is not UTF-8 text, or `undefined` when it is. */
function percentEncodingIssue(raw: string): string | undefined {
  if (!raw.includes("%")) return undefined;
  const bytes = percentDecodedBytes(raw);
  try {
    utf8.decode(bytes);
    return undefined;
  } catch {
    // ED A0–BF: the 3-byte form of U+D800–U+DFFF, how a lone surrogate is percent-encoded (WTF-8).
    for (let index = 0; index + 1 < bytes.length; index += 1) {
      const second = bytes[index + 1] ?? 0;
      if (bytes[index] === 0xed && second >= 0xa0 && second <= 0xbf) return UNPAIRED_SURROGATE;
    }
    return "String is not valid UTF-8";
  }
}

/**
 * Refuses a form-encoded body whose percent-encoded names or values are not UTF-8 text (a lone surrogate
 * included), which `URLSearchParams` would otherwise turn into U+FFFD silently, so that form and JSON bodies
 * are refused alike.
 */
function checkFormEncoding(text: string): void {
  for (const field of text.split("&")) {
    const equals = field.indexOf("=");
    const rawName = equals === -1 ? field : field.slice(0, equals);
    const nameIssue = percentEncodingIssue(rawName);
    if (nameIssue !== undefined) throw invalidBody(nameIssue.replace(/^String/, "Property name"), []);
    const valueIssue = equals === -1 ? undefined : percentEncodingIssue(field.slice(equals + 1));
    if (valueIssue !== undefined) {
      const name = new URLSearchParams(`${rawName}=`).keys().next().value ?? "";
      throw invalidBody(
        valueIssue,
        splitFieldName(name).filter((segment) => segment !== ""),
      );
    }
  }
}
