import type { Endpoint } from "../wire/endpoint";
import type { DocumentRules, Refusal, RouteContext } from "./rules";
import { RefusalError } from "./rules";

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

/**
 * Serves one endpoint of a singleton document: GET answers it, PATCH merges the body into it, PUT replaces
 * it, each answering the document as the platform shows it. The document's own rules come first: whether
 * the tenant serves it now, whether it exists, and any validation beyond the endpoint's schema.
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
    let next: unknown;
    if (endpoint.method === "PUT") next = sent;
    else if (current === undefined) return refuse(missing);
    else next = rules.merge === undefined ? replaceMembers(current, sent) : rules.merge(current, sent);
    await tenant.setDocument(rules.path, next);
    return view(next);
  };
}
