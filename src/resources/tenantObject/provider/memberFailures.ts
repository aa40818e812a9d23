import type * as pulumi from "@pulumi/pulumi";

import { toCamelKey, toSnakeKey } from "../../../wire/casing";
import { containsUnknown } from "../../../engine/unknowns";
import type { DocumentRuleFailure } from "../../../wire/document";
import { isRecord } from "../../../wire/json";
import type { Schema } from "../../../wire/shape";
import { schemaFailures } from "../checkFailures";

/**
 * Members declared below the top level in a spelling other than the user's (`stage.pre-login.max_attempts`):
 * the wire spelling would pass the schema once cased, and reach the tenant unchecked. Free-form maps keep
 * their keys. (Top-level inputs are checked against the resource's properties by the provider.)
 */
export function misspeltNestedMembers(
  members: Record<string, unknown>,
  verbatimRoots: readonly string[],
): pulumi.dynamic.CheckFailure[] {
  const walk = (value: unknown, path: readonly string[]): pulumi.dynamic.CheckFailure[] => {
    if (!isRecord(value) || containsUnknown(value)) return [];
    return Object.entries(value).flatMap(([key, member]) => {
      const here = [...path, key];
      const camel = toCamelKey(key);
      return camel === key
        ? walk(member, here)
        : [{ property: here.join("."), reason: `is not a known property (did you mean ${camel}?)` }];
    });
  };
  return Object.entries(members)
    .filter(([key]) => !verbatimRoots.includes(toSnakeKey(key)))
    .flatMap(([key, member]) => walk(member, [key]));
}

/**
 * The check failures of members described in the user's spelling (a PUT-replace document's, a collection's):
 * a nested member misspelt, then the description's input schema, then its rules across members (once the
 * members are known and valid). `own` are failures of the resource's own inputs, reported with the spelling.
 */
export function describedMemberFailures(
  declared: Record<string, unknown>,
  description: {
    readonly inputs: Schema<Record<string, unknown>>;
    readonly rules?:
      ((declared: Readonly<Record<string, unknown>>) => readonly DocumentRuleFailure[]) | undefined;
  },
  own: readonly pulumi.dynamic.CheckFailure[] = [],
): pulumi.dynamic.CheckFailure[] {
  const spelling = [...misspeltNestedMembers(declared, []), ...own];
  if (spelling.length > 0) return spelling;
  const schema = schemaFailures(description.inputs, declared);
  if (schema.length > 0 || description.rules === undefined || containsUnknown(declared)) return schema;
  return description.rules(declared).map(({ path, reason }) => ({ property: path, reason }));
}

/** `resetOnDelete` when it is given and is not a boolean. */
export function resetOnDeleteFailures(inputs: { resetOnDelete?: unknown }): pulumi.dynamic.CheckFailure[] {
  const value: unknown = inputs.resetOnDelete;
  if (value === undefined || typeof value === "boolean" || containsUnknown(value)) return [];
  return [{ property: "resetOnDelete", reason: `must be a boolean (true or false), not a ${typeof value}` }];
}
