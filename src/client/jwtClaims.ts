const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The claims of a compact JWS (`header.payload.signature`), decoded without verification: the caller reads
 * its own token, which the tenant just issued to it. A base64url decode and a JSON parse, so reading the
 * scopes loads no JWT library. `undefined` when `token` is not a JWT whose payload is a JSON object (an
 * opaque API token, a JWE).
 */
export function jwtClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split(".");
  if (parts.length !== 3) return undefined;
  const payload = parts[1]!;
  if (!BASE64URL.test(payload)) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return typeof claims === "object" && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
