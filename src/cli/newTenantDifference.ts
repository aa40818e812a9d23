import { isDeepStrictEqual } from "node:util";

/**
 * The members (dotted wire paths, `hcaptcha.site_key`) where a document the tenant answered differs from a new
 * tenant's: only the members `newTenant` has are compared, member by member into nested objects; a list holds
 * the same entries in any order (the platform keeps lists such as an allowlist as sets); members named in
 * `secretFields` are never compared, as the tenant never returns them. A member the answer lacks differs.
 */
export function membersDifferingFromNewTenant(
  newTenant: object,
  answered: unknown,
  secretFields: readonly string[] = [],
): string[] {
  return differing(newTenant as Record<string, unknown>, record(answered), "", secretFields);
}

function differing(
  expected: Record<string, unknown>,
  actual: Record<string, unknown>,
  prefix: string,
  secretFields: readonly string[],
): string[] {
  return Object.entries(expected).flatMap(([key, value]) => {
    if (value === undefined || secretFields.includes(key)) return [];
    const path = `${prefix}${key}`;
    const found = actual[key];
    if (isPlainObject(value)) {
      // An empty object (a free-form map such as simple_captcha) is compared whole.
      if (Object.keys(value).length === 0) return isDeepStrictEqual(found ?? {}, {}) ? [] : [path];
      return isPlainObject(found) ? differing(value, found, `${path}.`, secretFields) : [path];
    }
    if (Array.isArray(value)) return Array.isArray(found) && sameEntries(value, found) ? [] : [path];
    return isDeepStrictEqual(value, found) ? [] : [path];
  });
}

/** Whether two lists hold the same entries, in any order, each as often. */
function sameEntries(left: readonly unknown[], right: readonly unknown[]): boolean {
  if (left.length !== right.length) return false;
  const rest = [...right];
  return left.every((entry) => {
    const index = rest.findIndex((candidate) => isDeepStrictEqual(candidate, entry));
    if (index < 0) return false;
    rest.splice(index, 1);
    return true;
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function record(value: unknown): Record<string, unknown> {
  return isPlainObject(value) ? value : {};
}
