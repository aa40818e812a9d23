/** Reading an HTTP response's headers: their names in lower case, and `Retry-After`. Loads no HTTP client. */

/** `Retry-After` is delay-seconds or an HTTP date; returns the delay in ms, or undefined when absent or bad. */
export function parseRetryAfter(raw: string | undefined, now: number): number | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(raw)) return Math.ceil(Number(raw) * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The headers as a plain object, names in lower case, each value a string. */
export function normalizeHeaders(headers: unknown): Record<string, string> {
  // Axios hands its own headers object, whose toJSON gives the plain one.
  const toJSON: unknown = (headers as { toJSON?: unknown } | null | undefined)?.toJSON;
  const plain: unknown = typeof toJSON === "function" ? (toJSON as () => unknown).call(headers) : headers;
  const result: Record<string, string> = {};
  if (typeof plain !== "object" || plain === null) return result;
  for (const [name, value] of Object.entries(plain)) {
    if (value === undefined || value === null) continue;
    result[name.toLowerCase()] = Array.isArray(value) ? value.map(String).join(", ") : String(value);
  }
  return result;
}
