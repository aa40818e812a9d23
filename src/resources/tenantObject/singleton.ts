import { isDeepStrictEqual } from "node:util";

import { toCamelKey } from "../../wire/casing";
import type { DocumentDescription } from "../../wire/document";
import { isRecord } from "../../wire/json";
import type { Occupant } from "./ownership";

/** `value` with every list in one order at every depth: a document's lists are sets. */
export function inOneOrder(value: unknown): unknown {
  if (Array.isArray(value)) {
    const keyed = value.map((entry) => {
      const ordered = inOneOrder(entry);
      return { key: JSON.stringify(ordered) ?? "", ordered };
    });
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return keyed.map(({ ordered }) => ordered);
  }
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, inOneOrder(member)]));
  }
  return value;
}

/** The paths a document holds whole: what a PATCH replaces whole, and free-form maps. */
export function wholeMembers(document: DocumentDescription): Set<string> {
  return new Set([...(document.replacedWhole ?? []), ...(document.verbatim ?? [])]);
}

/** A wire path in the user's spelling: `stage.pre-login.maxAttempts`. */
const userPath = (path: readonly string[]): string => path.map(toCamelKey).join(".");

/**
 * Whether a member the GET answers is one nobody configured ({@link DocumentDescription.unconfiguredWhen}), in
 * wire spelling or, with `spelling` `"user"`, in the user's.
 */
export function unconfigured(
  document: DocumentDescription,
  value: unknown,
  spelling: "wire" | "user" = "wire",
): boolean {
  const marker = document.unconfiguredWhen;
  if (marker === undefined || !isRecord(value)) return false;
  return Object.entries(marker).every(
    ([key, expected]) => value[spelling === "wire" ? key : toCamelKey(key)] === expected,
  );
}

/** `base` with `over`'s members in place, nested objects member by member except at `whole` paths. */
function overlaid(base: unknown, over: unknown, whole: ReadonlySet<string>, path: string[] = []): unknown {
  if (whole.has(path.join(".")) || !isRecord(base) || !isRecord(over)) return over;
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over))
    result[key] = overlaid(base[key], value, whole, [...path, key]);
  return result;
}

/**
 * Where the tenant's document (`current`, as the GET answers it, in wire spelling) differs from a new
 * tenant's, as property paths in the user's spelling (`maxAttempts`, `stage.pre-login.rate`, `hcaptcha`); with
 * `declared` (wire spelling), from a new tenant's with the declared members written over it: what a create of
 * those members would leave on a new tenant. Only those members are compared (nested objects member by
 * member, lists as sets), and members the description marks unconfigured; secrets are never returned, so never
 * compared. A member the GET does not answer tells nothing. An empty list: nobody configured the document
 * otherwise than a new tenant has it, or than this program declares it.
 */
export function differencesFromNewTenant(
  document: DocumentDescription,
  current: Readonly<Record<string, unknown>>,
  declared: Readonly<Record<string, unknown>> = {},
): string[] {
  const secrets = document.secretFields ?? [];
  const whole = wholeMembers(document);
  const compare = (fresh: unknown, found: unknown, path: string[]): string[] => {
    if (found === undefined || secrets.includes(path[path.length - 1] ?? "")) return [];
    if (!whole.has(path.join(".")) && isRecord(fresh) && isRecord(found)) {
      return Object.entries(fresh).flatMap(([key, member]) => compare(member, found[key], [...path, key]));
    }
    return isDeepStrictEqual(inOneOrder(fresh), inOneOrder(found)) ? [] : [userPath(path)];
  };
  const fresh = overlaid(document.newTenant, declared, whole) as Record<string, unknown>;
  const extra = Object.entries(current)
    .filter(([key, value]) => !(key in fresh) && document.unconfiguredWhen !== undefined && value !== null)
    .filter(([, value]) => !unconfigured(document, value))
    .map(([key]) => userPath([key]));
  return [...Object.entries(fresh).flatMap(([key, value]) => compare(value, current[key], [key])), ...extra];
}

/**
 * The tenant's document as an {@link Occupant} when someone configured it, else `undefined`. The platform
 * records no owner of a singleton: a document as a new tenant has it is free to take, and so is one that holds
 * what the program declares over a new tenant's values (an `up` interrupted after its write, run again: the
 * create changes nothing, as two field managers applying one value do not conflict in Kubernetes'
 * server-side apply); one that differs otherwise is someone's (another stack's, the dashboard's, another
 * tool's).
 */
export function documentOccupant(
  document: DocumentDescription,
  current: Readonly<Record<string, unknown>>,
  declared: Readonly<Record<string, unknown>>,
): Occupant | undefined {
  const differs = differencesFromNewTenant(document, current);
  if (differs.length === 0 || differencesFromNewTenant(document, current, declared).length === 0)
    return undefined;
  return { name: document.label, path: document.get.path, differs };
}
