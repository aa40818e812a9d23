import type { Endpoint } from "../wire/endpoint";
import type { DocumentRules, Refusal, RouteContext } from "../wire/emulation";
import { RefusalError } from "../wire/emulation";

function refuse(refusal: Refusal): never {
  throw new RefusalError(refusal.status, refusal.message, refusal.errorCode);
}

/** The default PATCH of a document: each top-level property sent replaces the stored one. */
function replaceMembers(stored: unknown, patch: Record<string, unknown>): unknown {
  const merged: Record<string, unknown> = { ...(stored as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    Object.defineProperty(merged, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return merged;
}

/** The document after a write: a PUT replaces it, a PATCH merges into it as the document's rules say. */
export function nextDocument(
  rules: DocumentRules<unknown>,
  method: string,
  current: unknown,
  sent: Record<string, unknown>,
): unknown {
  if (method === "PUT") return sent;
  return rules.merge === undefined ? replaceMembers(current, sent) : rules.merge(current, sent);
}

/** What a write answers: the document as the platform shows it after a PATCH or PUT. */
export function writtenView(rules: DocumentRules<unknown>, next: unknown): unknown {
  if (rules.written !== undefined) return rules.written(next);
  return rules.view === undefined ? next : rules.view(next);
}

/**
 * Serves one endpoint of a singleton document: GET answers it, PATCH merges the body into it, PUT replaces
 * it, each answering the document as the platform shows it. The document's own rules come first: whether
 * the tenant serves it now, whether it exists, and any validation beyond the endpoint's schema. The router runs
 * a PATCH or PUT as one write of the document's object, so the document read before an awaited check is still
 * the one the write replaces.
 */
export function documentHandler(
  rules: DocumentRules<unknown>,
  endpoint: Endpoint,
): (context: RouteContext<unknown>) => Promise<unknown> {
  const view = (stored: unknown): unknown => (rules.view === undefined ? stored : rules.view(stored));
  const missing: Refusal = rules.missing ?? { status: 404, message: "Not Found" };
  return async ({ tenant, body }) => {
    const sent = endpoint.method === "GET" ? undefined : ((body ?? {}) as Record<string, unknown>);
    const unavailable = rules.unavailable?.(tenant, sent);
    if (unavailable !== undefined) refuse(unavailable);
    const current = tenant.document(rules.path);
    if (sent === undefined) return current === undefined ? refuse(missing) : view(current);
    const invalid = await rules.check?.(sent);
    if (invalid !== undefined) refuse(invalid);
    if (endpoint.method !== "PUT" && current === undefined) return refuse(missing);
    const next = nextDocument(rules, endpoint.method, current, sent);
    await tenant.setDocument(rules.path, next);
    return writtenView(rules, next);
  };
}
