/**
 * The comparison rule of the conformance suite (written out at the top of replay.test.ts), as code: what in a
 * recorded answer the emulator's answer must equal, and what is only reported.
 */

/** A JSON path as segments: keys, and indexes of array items. */
export type JsonPath = readonly (string | number)[];

/** A path a request wrote: a value (a leaf, an array, `null`), or an object it emptied (`{}`). */
export interface Written {
  readonly path: JsonPath;
  readonly emptied: boolean;
}

/** One difference between the recorded answer and the emulator's. */
export interface Difference {
  /** Where: `flags.enable_sso`, `templates[1].id`; empty for the whole answer. */
  readonly path: string;
  /** The same, as segments. */
  readonly at: JsonPath;
  /** What differs: `status`, `value`, `missing` (recorded, not answered), `extra` (answered, not recorded), `type`, `keys`, `length`, `body`. */
  readonly what: string;
  readonly expected?: unknown;
  readonly actual?: unknown;
}

/** The judgement of one interaction: failures break the test; reported differences are printed. */
export interface Verdict {
  readonly failures: Difference[];
  readonly reported: Difference[];
}

/** What the judge knows of the answer beyond the two bodies. */
export interface AnswerFacts {
  /** The answer's shape is fixed (every endpoint but the tenant settings; every error body). */
  readonly fixedShape: boolean;
  /** Paths the cassette itself wrote into the object(s) this answer shows, before or with this request. */
  readonly written: readonly Written[];
  /** Every value is the platform's (a never-configured object, or one the cassette wrote whole). */
  readonly allValuesKnown: boolean;
}

const ERROR_MEMBERS = ["statusCode", "error", "errorCode"] as const;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** `a.b[0].c` */
export function formatPath(path: JsonPath): string {
  return path
    .map((segment, index) =>
      typeof segment === "number" ? `[${segment}]` : index === 0 ? segment : `.${segment}`,
    )
    .join("");
}

function where(path: JsonPath): { path: string; at: JsonPath } {
  return { path: formatPath(path), at: path };
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function has(container: unknown, key: string | number): boolean {
  if (Array.isArray(container)) return typeof key === "number" && key < container.length;
  return isPlainObject(container) && Object.prototype.hasOwnProperty.call(container, key);
}

/** The value at `path`, or `absent` when some member on the way does not exist. */
const absent = Symbol("absent");
function at(value: unknown, path: JsonPath): unknown {
  let current: unknown = value;
  for (const segment of path) {
    if (!has(current, segment)) return absent;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((key) => has(b, key) && deepEqual(a[key], b[key]))
    );
  }
  return false;
}

/** Keys (in order) and JSON types at every depth; arrays item by item. */
function shapeDifferences(expected: unknown, actual: unknown, path: JsonPath, out: Difference[]): void {
  if (jsonType(expected) !== jsonType(actual)) {
    out.push({ ...where(path), what: "type", expected: jsonType(expected), actual: jsonType(actual) });
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) {
      out.push({ ...where(path), what: "length", expected: expected.length, actual: actual.length });
      return;
    }
    expected.forEach((item, index) => shapeDifferences(item, actual[index], [...path, index], out));
    return;
  }
  if (isPlainObject(expected) && isPlainObject(actual)) {
    const expectedKeys = Object.keys(expected);
    const actualKeys = Object.keys(actual);
    if (!deepEqual(expectedKeys, actualKeys)) {
      out.push({ ...where(path), what: "keys", expected: expectedKeys, actual: actualKeys });
    }
    for (const key of expectedKeys) {
      if (has(actual, key)) shapeDifferences(expected[key], actual[key], [...path, key], out);
    }
  }
}

/** Every leaf that differs: members missing or extra, values unequal (arrays of unequal length as a whole). */
export function valueDifferences(
  expected: unknown,
  actual: unknown,
  path: JsonPath,
  out: Difference[],
): void {
  if (isPlainObject(expected) && isPlainObject(actual)) {
    for (const key of Object.keys(expected)) {
      if (!has(actual, key)) out.push({ ...where([...path, key]), what: "missing", expected: expected[key] });
      else valueDifferences(expected[key], actual[key], [...path, key], out);
    }
    for (const key of Object.keys(actual)) {
      if (!has(expected, key)) out.push({ ...where([...path, key]), what: "extra", actual: actual[key] });
    }
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual) && expected.length === actual.length) {
    expected.forEach((item, index) => valueDifferences(item, actual[index], [...path, index], out));
    return;
  }
  if (!deepEqual(expected, actual)) out.push({ ...where(path), what: "value", expected, actual });
}

/**
 * A written path: present on both sides or on neither; a leaf (or an array) equal; an emptied object without
 * members the recording does not have there.
 */
function writtenDifferences(expected: unknown, actual: unknown, written: Written): Difference[] {
  const { path } = written;
  const recorded = at(expected, path);
  const answered = at(actual, path);
  if (recorded === absent && answered === absent) return [];
  if (recorded === absent) return [{ ...where(path), what: "extra", actual: answered }];
  if (answered === absent) return [{ ...where(path), what: "missing", expected: recorded }];
  if (isPlainObject(recorded) && isPlainObject(answered)) {
    if (!written.emptied) return [];
    return Object.keys(answered)
      .filter((key) => !has(recorded, key))
      .map((key) => ({ ...where([...path, key]), what: "extra", actual: answered[key] }));
  }
  return deepEqual(recorded, answered)
    ? []
    : [{ ...where(path), what: "value", expected: recorded, actual: answered }];
}

function startsWith(path: JsonPath, prefix: JsonPath): boolean {
  return prefix.length <= path.length && prefix.every((segment, index) => path[index] === segment);
}

/** Whether a failure already says what `difference` says: a member's keys cover its missing and extra members. */
function covers(failure: Difference, difference: Difference): boolean {
  if (failure.what === "keys") {
    return (
      (difference.what === "missing" || difference.what === "extra") &&
      difference.at.length === failure.at.length + 1 &&
      startsWith(difference.at, failure.at)
    );
  }
  return startsWith(difference.at, failure.at);
}

/**
 * Judges one answer against the recorded one (ids already translated): see the rule in replay.test.ts.
 * `expectedBody`/`actualBody` are `null` when there is no body (204).
 */
export function judge(
  expected: { status: number; body: unknown },
  actual: { status: number; body: unknown },
  facts: AnswerFacts,
): Verdict {
  const failures: Difference[] = [];
  const reported: Difference[] = [];
  if (expected.status !== actual.status) {
    failures.push({ ...where([]), what: "status", expected: expected.status, actual: actual.status });
    return { failures, reported };
  }
  if (expected.body === null || actual.body === null) {
    if (expected.body !== actual.body) {
      failures.push({ ...where([]), what: "body", expected: expected.body, actual: actual.body });
    }
    return { failures, reported };
  }
  const error = expected.status >= 400;
  if (error || facts.fixedShape) shapeDifferences(expected.body, actual.body, [], failures);
  if (error) {
    for (const member of ERROR_MEMBERS) {
      failures.push(...writtenDifferences(expected.body, actual.body, { path: [member], emptied: false }));
    }
  } else {
    for (const written of facts.written)
      failures.push(...writtenDifferences(expected.body, actual.body, written));
  }
  const rest: Difference[] = [];
  valueDifferences(expected.body, actual.body, [], rest);
  for (const difference of rest) {
    if (failures.some((failure) => covers(failure, difference))) continue;
    if (facts.allValuesKnown && !error) failures.push(difference);
    else reported.push(difference);
  }
  return { failures, reported };
}

/**
 * The paths a request body writes: each leaf, each array and each `null` (removal) as a value; an empty object
 * (`{}`) as emptied.
 */
export function writtenPaths(body: unknown, path: JsonPath = []): Written[] {
  if (isPlainObject(body)) {
    const keys = Object.keys(body);
    if (keys.length === 0) return path.length === 0 ? [] : [{ path, emptied: true }];
    return keys.flatMap((key) => writtenPaths(body[key], [...path, key]));
  }
  return path.length === 0 ? [] : [{ path, emptied: false }];
}

/** `value` without the members at `paths` (a copy); objects left empty stay, as `{}`. */
export function without(value: unknown, paths: readonly JsonPath[]): unknown {
  const copy = structuredClone(value);
  for (const path of paths) {
    const parent = at(copy, path.slice(0, -1));
    const last = path[path.length - 1];
    if (last !== undefined && isPlainObject(parent)) delete parent[String(last)];
  }
  return copy;
}
