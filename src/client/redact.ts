import { toCamelKey } from "./casing";

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

/**
 * Replaces every occurrence of each secret in `text` with `[redacted]`, longest secret first (so a
 * secret that contains another is not half-redacted), and any text shaped like a JSON Web Token.
 *
 * This is defence in depth: the client never puts a secret into an error on purpose, but a server
 * may echo part of a request in its message.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const ordered = [...new Set(secrets.filter((secret) => secret.length > 0))].sort(
    (a, b) => b.length - a.length,
  );
  let result = text;
  for (const secret of ordered) {
    result = result.split(secret).join(REDACTED);
  }
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
