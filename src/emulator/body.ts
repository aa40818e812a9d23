import type { IncomingMessage } from "node:http";

import { BodyError } from "./bodyError";
import { parseFormBody } from "./formBody";

/** The default request body limit: 100 KiB, far above any valid body of these endpoints. */
export const DEFAULT_BODY_LIMIT_BYTES = 100 * 1024;

/** A body this many times over the limit is not drained any further: the connection is dropped. */
const DRAIN_FACTOR = 16;

/** The request body formats an endpoint accepts. */
export type BodyFormat = "json" | "form";

const MEDIA_TYPES: Readonly<Record<string, BodyFormat>> = {
  "application/json": "json",
  "application/x-www-form-urlencoded": "form",
};

function tooLarge(limit: number): BodyError {
  return new BodyError(413, `Payload content length greater than maximum allowed: ${limit}`);
}

/**
 * Reads a request body up to `limit` bytes. A declared `Content-Length` over the limit fails at once; a
 * streamed body over the limit is drained (so the connection stays usable) and then fails, both with a 413
 * {@link BodyError}. Rejects with the stream's error when the client goes away mid-body.
 */
export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers["content-length"] ?? "0");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
    else if (size > limit * DRAIN_FACTOR) {
      request.destroy();
      throw tooLarge(limit);
    }
  }
  if (size > limit) throw tooLarge(limit);
  return Buffer.concat(chunks, size);
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
  if (format === "form") return parseFormBody(text, booleanPaths);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyError(400, "Invalid request payload JSON format");
  }
}
