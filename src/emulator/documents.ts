import type { DocumentDescription } from "../wire/document";
import type { DocumentOverrides, DocumentRules, Refusal, RouteContext } from "../wire/emulation";
import { RefusalError } from "../wire/emulation";
import type { Endpoint } from "../wire/endpoint";
import { isRecord } from "../wire/json";

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

/** `value` without the members named `secrets`, at any depth: what a GET shows of a stored document. */
function withoutSecrets(value: unknown, secrets: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, secrets));
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !secrets.includes(key))
      .map(([key, member]) => [key, withoutSecrets(member, secrets)]),
  );
}

/**
 * A PATCH that merges objects member by member at every depth; lists, `null` and the members at `whole` (dotted
 * paths) replace what is stored.
 */
function mergedDeep(whole: readonly string[]): (stored: unknown, patch: Record<string, unknown>) => unknown {
  const merge = (stored: unknown, sent: unknown, path: string): unknown => {
    if (!isRecord(stored) || !isRecord(sent) || whole.includes(path)) return sent;
    const merged: Record<string, unknown> = { ...stored };
    for (const [key, value] of Object.entries(sent)) {
      if (value === undefined) continue;
      const next = merge(merged[key], value, path === "" ? key : `${path}.${key}`);
      Object.defineProperty(merged, key, {
        value: next,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return merged;
  };
  return (stored, patch) => merge(stored, patch, "");
}

/**
 * The emulator's rules of a document object, from its description: a new tenant's document, GET without
 * the secret fields, PATCH merged as the platform merges it, the plan's refusal when it lacks the document's
 * feature; `overrides` (the object's `emulation.ts`) replace any of them.
 */
export function documentRulesOf(
  document: DocumentDescription,
  overrides: DocumentOverrides<never> = {},
): DocumentRules<never> {
  const secrets = document.secretFields ?? [];
  const entitlement = document.entitlement;
  const rules: DocumentRules<unknown> = {
    path: document.get.path,
    endpoints: [document.get, document.patch],
    initial: () => structuredClone(document.newTenant),
    ...(document.get.response === undefined ? {} : { stored: document.get.response }),
    ...(secrets.length === 0 ? {} : { view: (stored: unknown) => withoutSecrets(stored, secrets) }),
    ...(document.nestedObjects === "merged" ? { merge: mergedDeep(document.replacedWhole ?? []) } : {}),
    ...(entitlement === undefined
      ? {}
      : { unavailable: (tenant) => (tenant.lacks(entitlement.feature) ? entitlement.refusal : undefined) }),
    ...(document.missing === undefined ? {} : { missing: document.missing }),
  };
  return { ...rules, ...(overrides as DocumentOverrides<unknown>) } as unknown as DocumentRules<never>;
}
