import type { z } from "zod";

import { formatPropertyPath } from "../wire/propertyPath";
import { zodOf } from "../wire/schema";
import type { Schema } from "../wire/shape";
import { apiError } from "./errors";

type Issue = z.core.$ZodIssue;
type PathSegment = PropertyKey;

/** The JSON type name the platform uses in its messages (`array` and `null` are their own types). */
export function jsonTypeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function valueAt(input: unknown, path: readonly PathSegment[]): unknown {
  let current = input;
  for (const segment of path) {
    if (current === null || typeof current !== "object") return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

function hasOwn(input: unknown, path: readonly PathSegment[], key: PropertyKey): boolean {
  const parent = valueAt(input, path);
  return parent !== null && typeof parent === "object" && Object.prototype.hasOwnProperty.call(parent, key);
}

/** Zod's name for a schema type, in the platform's vocabulary. */
function expectedTypeName(expected: string): string {
  return expected === "record" ? "object" : expected;
}

/**
 * A bound's breach as the platform phrases it: a string's by its length (`String is too long (70 chars), maximum
 * 64`), any other value's by the value (`Value is less than minimum 1`).
 */
function outOfBounds(value: unknown, bound: "maximum" | "minimum", limit: number | bigint): string {
  const [length, comparison] = bound === "maximum" ? ["long", "greater than"] : ["short", "less than"];
  return typeof value === "string"
    ? `String is too ${length} (${value.length} chars), ${bound} ${String(limit)}`
    : `Value is ${comparison} ${bound} ${String(limit)}`;
}

/**
 * One zod issue as the platform phrases it: the reason and the property path it is reported on. A missing
 * required property is reported on its parent object, as the platform does.
 */
function describeIssue(issue: Issue, input: unknown): { reason: string; path: readonly PathSegment[] } {
  const path = issue.path;
  const value = valueAt(input, path);
  switch (issue.code) {
    case "invalid_type": {
      const parentPath = path.slice(0, -1);
      const last = path[path.length - 1];
      if (last !== undefined && value === undefined && !hasOwn(input, parentPath, last)) {
        return { reason: `Missing required property: ${String(last)}`, path: parentPath };
      }
      return {
        reason: `Expected type ${expectedTypeName(issue.expected)} but found type ${jsonTypeName(value)}`,
        path,
      };
    }
    case "too_big":
      return { reason: outOfBounds(value, "maximum", issue.maximum), path };
    case "too_small":
      return { reason: outOfBounds(value, "minimum", issue.minimum), path };
    case "unrecognized_keys":
      return { reason: `Additional properties not allowed: ${issue.keys.join(",")}`, path };
    case "invalid_value":
      return { reason: `No enum match for: ${JSON.stringify(value) ?? String(value)}`, path };
    default:
      return { reason: issue.message, path };
  }
}

/**
 * The platform's validation message: `<prefix>: '<reason>' on property <path>.`, or `<prefix>: '<reason>'.`
 * when the failure is on the body itself rather than on one of its properties.
 */
export function validationMessage(prefix: string, reason: string, path: readonly PathSegment[]): string {
  const where = formatPropertyPath(path);
  return where === "" ? `${prefix}: '${reason}'.` : `${prefix}: '${reason}' on property ${where}.`;
}

/**
 * Parses a request body with a wire schema; on failure throws the platform's 400 `invalid_body` with the first
 * issue in its message form, e.g. `Payload validation error: 'Missing required property: secret' on property
 * hcaptcha.`
 */
export function parsePayload<T>(schema: Schema<T>, input: unknown): T {
  const result = zodOf(schema).safeParse(input);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const { reason, path } = first
    ? describeIssue(first, input)
    : { reason: "Invalid payload", path: [] as PathSegment[] };
  throw apiError(400, validationMessage("Payload validation error", reason, path), "invalid_body");
}

/**
 * Refuses a body holding a list longer than the schema allows (an allowlist of more than 100 entries) with the
 * same 400 as {@link parsePayload}, before anything reads the list's entries: zod counts a list before it
 * parses its items, so a 1 MiB list costs no more than its length. Anything else is left to
 * {@link parsePayload}.
 */
export function refuseOverlongLists<T>(schema: Schema<T>, input: unknown): void {
  const result = zodOf(schema).safeParse(input);
  if (result.success) return;
  const overlong = result.error.issues.find((issue) => issue.code === "too_big" && issue.origin === "array");
  if (overlong === undefined) return;
  const { reason, path } = describeIssue(overlong, input);
  throw apiError(400, validationMessage("Payload validation error", reason, path), "invalid_body");
}
