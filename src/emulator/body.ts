import type { IncomingMessage } from "node:http";

import { BodyError } from "./bodyError";
import { parseFormBody } from "./formBody";

/** The default request body limit: 100 KiB, far above any valid body of these endpoints. */
export const DEFAULT_BODY_LIMIT_BYTES = 100 * 1024;

/** A streamed body this many times over the limit is not drained any further: the connection is dropped. */
const DRAIN_FACTOR = 64;

/** JSON nested deeper than this is refused (no wire object nests deeper than four levels). */
export const MAX_JSON_DEPTH = 32;

/** The request body formats an endpoint accepts. */
export type BodyFormat = "json" | "form";

const MEDIA_TYPES: Readonly<Record<string, BodyFormat>> = {
  "application/json": "json",
  "application/x-www-form-urlencoded": "form",
};

function tooLarge(limit: number, closeConnection = false): BodyError {
  return new BodyError(413, `Payload content length greater than maximum allowed: ${limit}`, closeConnection);
}

/**
 * Reads a request body up to `limit` bytes. A declared `Content-Length` over the limit fails at once. A streamed
 * (chunked) body fails with a 413 {@link BodyError} as soon as it passes the limit, so the response can go out
 * while the rest is discarded; the connection stays usable, unless the body goes on far past the limit, when it
 * is dropped. Rejects with the stream's error when the client goes away mid-body.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers["content-length"] ?? "0");
  // The declared body is never read: the connection closes after the answer.
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit, true));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (over) {
        if (size > limit * DRAIN_FACTOR) request.socket.destroy();
        return;
      }
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      over = true;
      chunks.length = 0;
      reject(tooLarge(limit));
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
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Parses a request body by its `Content-Type`: JSON, or bracket-notation form fields when `form` is accepted
 * (with `true`/`false` coerced at `booleanPaths`). An empty body is `null`. Throws a {@link BodyError}: 415
 * for another media type, 400 for malformed JSON or form fields.
 */
export function parseBody(
  raw: Buffer,
  contentType: string | undefined,
  accepted: readonly BodyFormat[],
  booleanPaths: readonly (readonly string[])[] = [],
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
    const form = parseFormBody(text, booleanPaths);
    checkJsonShape(form);
    return form;
  }
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    throw new BodyError(400, "Invalid request payload JSON format");
  }
  checkJsonShape(json);
  return json;
}

/**
 * Refuses JSON nested deeper than {@link MAX_JSON_DEPTH} and any `__proto__` key (which an object literal or a
 * schema would turn into a prototype rather than keep as data). Walks iteratively, so no depth can overflow
 * the stack.
 */
export function checkJsonShape(json: unknown): void {
  const stack: [unknown, number][] = [[json, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [value, depth] = next;
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) {
      throw new BodyError(400, `Payload validation error: 'Nesting is too deep, maximum ${MAX_JSON_DEPTH}'.`);
    }
    const children = Array.isArray(value) ? (value as unknown[]) : Object.values(value);
    if (!Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, "__proto__")) {
      throw new BodyError(400, "Payload validation error: 'Property name not allowed: __proto__'.");
    }
    for (const child of children) stack.push([child, depth + 1]);
  }
}
