import type { z } from "zod";

import { isRecord } from "../wire/json";
import { zodApi, zodOf } from "../wire/schema";
import type { Schema } from "../wire/shape";
import { BodyError } from "./bodyError";
import { validationMessage } from "./validation";

/** Deeper bracket nesting than this is refused; no wire object nests deeper than two levels. */
const MAX_DEPTH = 5;
/** More fields than this is refused. */
const MAX_FIELDS = 1000;

type FormObject = Record<string, unknown>;

const isFormObject: (value: unknown) => value is FormObject = isRecord;

function invalidForm(reason: string, path: readonly string[]): BodyError {
  return new BodyError(400, validationMessage("Payload validation error", reason, path));
}

/** Defines an own, enumerable property, so a key such as `__proto__` is data and never a prototype. */
function put(target: FormObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function own(target: FormObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(target, key) ? target[key] : undefined;
}

/**
 * Splits a bracket-notation name into its segments: `hcaptcha[site_key]` → `["hcaptcha", "site_key"]`, and
 * `a[]` → `["a", ""]` (an array push). A name that is not well-formed bracket notation is one literal key.
 */
export function splitFieldName(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match?.[1]) return [name];
  const segments = [match[1]];
  for (const part of (match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)) segments.push(part[1] ?? "");
  return segments;
}

function assign(root: FormObject, name: string, segments: readonly string[], value: string): void {
  // `a[]=x` appends to the array at `a`; an empty segment anywhere else is not supported.
  const append = segments.length > 1 && segments[segments.length - 1] === "";
  const keys = append ? segments.slice(0, -1) : segments;
  let container = root;
  const path: string[] = [];
  for (const [index, key] of keys.entries()) {
    path.push(key);
    if (key === "") throw invalidForm(`Unsupported form field name: ${name}`, []);
    const existing = own(container, key);
    if (index === keys.length - 1) {
      if (existing === undefined) put(container, key, append ? [value] : value);
      else if (typeof existing === "string") put(container, key, [existing, value]);
      else if (Array.isArray(existing)) existing.push(value);
      else throw invalidForm("Conflicting form fields", path);
    } else if (existing === undefined) {
      const child: FormObject = {};
      put(container, key, child);
      container = child;
    } else if (isFormObject(existing)) {
      container = existing;
    } else {
      throw invalidForm("Conflicting form fields", path);
    }
  }
}

/** `true`/`false` at `path` (where `*` stands for every key of a free-form map) become booleans. */
function coerceAt(container: unknown, path: readonly string[]): void {
  const [key, ...rest] = path;
  if (!isFormObject(container) || key === undefined) return;
  const keys = key === WILDCARD ? Object.keys(container) : [key];
  for (const member of keys) {
    const value = own(container, member);
    if (rest.length > 0) coerceAt(value, rest);
    else if (value === "true") put(container, member, true);
    else if (value === "false") put(container, member, false);
  }
}

function coerceBooleans(root: FormObject, booleanPaths: readonly (readonly string[])[]): void {
  for (const path of booleanPaths) coerceAt(root, path);
}

/** The segment of a boolean path that stands for every key of a free-form map. */
const WILDCARD = "*";

/**
 * The paths of the boolean members of an object schema (recursing into nested objects), e.g.
 * `[["arkose", "fail_open"], ["auth_challenge", "fail_open"]]`, so that form values `true`/`false` become
 * booleans exactly where the shared wire schema expects one.
 */
export function booleanPathsOf<T>(schema: Schema<T>): string[][] {
  return booleanPathsIn(zodOf(schema), []);
}

function booleanPathsIn(schema: z.ZodType, prefix: readonly string[]): string[][] {
  const api = zodApi();
  let inner: z.ZodType = schema;
  while (
    inner instanceof api.ZodOptional ||
    inner instanceof api.ZodNullable ||
    inner instanceof api.ZodDefault
  ) {
    inner = inner.unwrap() as z.ZodType;
  }
  if (inner instanceof api.ZodBoolean) return [[...prefix]];
  if (inner instanceof api.ZodRecord)
    return booleanPathsIn(inner.valueType as z.ZodType, [...prefix, WILDCARD]);
  if (!(inner instanceof api.ZodObject)) return [];
  const shape = inner.shape as Record<string, z.ZodType>;
  return Object.entries(shape).flatMap(([key, child]) => booleanPathsIn(child, [...prefix, key]));
}

/**
 * Parses an `application/x-www-form-urlencoded` body in bracket notation into the JSON object it stands for:
 * `hcaptcha[site_key]=k&auth_challenge[fail_open]=true` → `{hcaptcha: {site_key: "k"}, auth_challenge:
 * {fail_open: true}}`. Values are strings, except `true`/`false` at the given boolean paths; a repeated name
 * gives an array. Throws a 400 {@link BodyError} for conflicting or too deeply nested names.
 */
export function parseFormBody(text: string, booleanPaths: readonly (readonly string[])[] = []): FormObject {
  const root: FormObject = {};
  let count = 0;
  for (const [name, value] of new URLSearchParams(text)) {
    count += 1;
    if (count > MAX_FIELDS) throw invalidForm(`Too many form fields, maximum ${MAX_FIELDS}`, []);
    const segments = splitFieldName(name);
    if (segments.length > MAX_DEPTH) throw invalidForm(`Form field nesting is too deep: ${name}`, []);
    assign(root, name, segments, value);
  }
  coerceBooleans(root, booleanPaths);
  return root;
}
