import * as pulumi from "@pulumi/pulumi";

/** How the engine spells a value not yet known (at preview) when it hands inputs to a dynamic provider. */
const UNKNOWN = pulumi.runtime.unknownValue;

/** Whether a value, or anything inside it, is not yet known. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}

/** Whether the value at `path` (or a value on the way to it) is not yet known. */
export function isUnknownAt(root: unknown, path: readonly PropertyKey[]): boolean {
  let current: unknown = root;
  for (const segment of path) {
    if (current === UNKNOWN) return true;
    if (current === null || typeof current !== "object") return false;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current === UNKNOWN;
}
