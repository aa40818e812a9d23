import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";

import { toCamelKey } from "../../wire/casing";
import { isUnknownAt } from "../../engine/unknowns";
import { formatPropertyPath } from "../../wire/propertyPath";
import { editDistance } from "../../wire/suggestions";
import { PARSE_WITHOUT_JIT, zodOf } from "../../wire/schema";
import type { Schema } from "../../wire/shape";

/**
 * Validates a value in wire spelling against its request schema and returns the check failures, in the
 * user's property names (see {@link checkFailuresFrom}).
 */
export function schemaFailures<T>(
  schema: Schema<T>,
  wireValue: unknown,
  verbatimRoots: readonly string[] = [],
): pulumi.dynamic.CheckFailure[] {
  // reportInput: the reasons give a too-long string's length (never its value) and tell missing from wrong.
  const parsed = zodOf(schema).safeParse(wireValue, { ...PARSE_WITHOUT_JIT, reportInput: true });
  return parsed.success ? [] : checkFailuresFrom(parsed.error.issues, wireValue, verbatimRoots);
}

/**
 * Turns zod issues into Pulumi check failures in the user's own (camelCase) property names, e.g.
 * `{property: "hcaptcha.siteKey", reason: "must be at most 100 characters (got 101)"}`. Issues about a
 * value that is not yet known (preview) are dropped: it is checked again once known.
 *
 * @param wireValue the value that was validated, in wire spelling (for the unknown look-up)
 * @param verbatimRoots top-level wire keys of free-form maps whose keys are data, not field names
 */
function checkFailuresFrom(
  issues: readonly z.core.$ZodIssue[],
  wireValue: unknown,
  verbatimRoots: readonly string[] = [],
): pulumi.dynamic.CheckFailure[] {
  const failures: pulumi.dynamic.CheckFailure[] = [];
  for (const issue of issues) {
    if (isUnknownAt(wireValue, issue.path)) continue;
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        failures.push({
          property: userPath([...issue.path, key], verbatimRoots),
          reason: "is not a known property",
        });
      }
      continue;
    }
    failures.push({ property: userPath(issue.path, verbatimRoots), reason: reasonFor(issue) });
  }
  return failures;
}

/**
 * Places failures where the engine prints them truly. The engine prints a failure with a property as
 * `property <property> value <value> has a problem: <reason>`, looking the property up as a top-level input:
 * a nested path (`content.body.text`) finds nothing there and prints `value {<nil>}`, and a top-level
 * property's value is printed without redacting the secrets nested inside it. So only a `printable`
 * top-level property keeps its place; any other failure names its property in the reason, which the engine
 * prints as `has a problem: content.body.text: <reason>`.
 */
export function withoutPrintedValues(
  failures: readonly pulumi.dynamic.CheckFailure[],
  printable: readonly string[],
): pulumi.dynamic.CheckFailure[] {
  return failures.map((failure) =>
    failure.property === "" || printable.includes(failure.property)
      ? failure
      : { property: "", reason: `${failure.property}: ${failure.reason}` },
  );
}

/** `["hcaptcha", "site_key"]` → `hcaptcha.siteKey`; keys under a verbatim root stay as they are. */
function userPath(path: readonly PropertyKey[], verbatimRoots: readonly string[] = []): string {
  const verbatim = typeof path[0] === "string" && verbatimRoots.includes(path[0]);
  return formatPropertyPath(path, (name, index) => (verbatim && index > 0 ? name : toCamelKey(name)));
}

function reasonFor(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined
        ? "is required"
        : `must be ${/^[aeiou]/.test(issue.expected) ? "an" : "a"} ${issue.expected}`;
    case "too_big":
      return issue.origin === "string"
        ? `must be at most ${issue.maximum} characters (got ${typeof issue.input === "string" ? issue.input.length : "more"})`
        : `must be at most ${issue.maximum}`;
    case "too_small":
      if (issue.origin !== "string") return `must be at least ${issue.minimum}`;
      return Number(issue.minimum) === 1
        ? "must not be empty"
        : `must be at least ${issue.minimum} characters`;
    case "invalid_value":
      return `must be one of: ${issue.values.map(String).join(", ")}${nearestValue(issue)}`;
    default:
      return issue.message;
  }
}

/**
 * ` (did you mean "medium"?)` for a value at most two edits, case aside, from an allowed one (`Medium`,
 * `when-risky`): a value of another list (a shield of another object) is no typo. Names only the allowed value.
 */
function nearestValue(issue: z.core.$ZodIssue & { code: "invalid_value" }): string {
  if (typeof issue.input !== "string") return "";
  const input = issue.input.toLowerCase();
  const [meant] = issue.values
    .map(String)
    .map((value) => ({ value, distance: editDistance(input, value.toLowerCase()) }))
    .filter(({ distance }) => distance <= 2)
    .sort((a, b) => a.distance - b.distance);
  return meant === undefined ? "" : ` (did you mean "${meant.value}"?)`;
}
