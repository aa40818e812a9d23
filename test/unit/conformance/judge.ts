/**
 * The comparison rule of the conformance suite (written out at the top of replay.test.ts), as code: every value
 * of a recorded answer must be the emulator's, but for the differences the unreproducible table excuses.
 */

/** A JSON path as segments: keys, and indexes of array items. */
export type JsonPath = readonly (string | number)[];

/**
 * A path a request wrote: a value (a leaf, an array, `null`), or an object it emptied (`{}`); recordings.ts
 * uses it to tell the state a tenant had before a request from what the request wrote.
 */
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
  /** What differs: `status`, `value`, `missing` (recorded, not answered), `extra` (answered, not recorded), `order` (the recorded items of an array in another order), `type`, `keys`, `length`, `body`. */
  readonly what: string;
  readonly expected?: unknown;
  readonly actual?: unknown;
}

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

/**
 * Keys (in order) and JSON types at every depth; arrays item by item. A member the table excuses as only
 * recorded or only answered is left out of the keys compared (its own difference is judged as a value).
 */
function shapeDifferences(
  expected: unknown,
  actual: unknown,
  path: JsonPath,
  out: Difference[],
  excusable: (difference: Difference) => boolean = () => false,
): void {
  if (jsonType(expected) !== jsonType(actual)) {
    out.push({ ...where(path), what: "type", expected: jsonType(expected), actual: jsonType(actual) });
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) {
      out.push({ ...where(path), what: "length", expected: expected.length, actual: actual.length });
      return;
    }
    expected.forEach((item, index) =>
      shapeDifferences(item, actual[index], [...path, index], out, excusable),
    );
    return;
  }
  if (isPlainObject(expected) && isPlainObject(actual)) {
    const expectedKeys = Object.keys(expected).filter(
      (key) => has(actual, key) || !excusable({ ...where([...path, key]), what: "missing" }),
    );
    const actualKeys = Object.keys(actual).filter(
      (key) => has(expected, key) || !excusable({ ...where([...path, key]), what: "extra" }),
    );
    if (!deepEqual(expectedKeys, actualKeys)) {
      out.push({ ...where(path), what: "keys", expected: expectedKeys, actual: actualKeys });
    }
    for (const key of expectedKeys) {
      if (has(actual, key)) shapeDifferences(expected[key], actual[key], [...path, key], out, excusable);
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
 * Why a difference is not a failure: an entry of the unreproducible table (unreproducible.ts), and what the
 * emulator's value must be instead.
 */
export interface Excuse {
  /** The entry's paths, to name it. */
  readonly name: string;
  readonly rule: string;
  holds(answered: unknown): boolean;
}

/** What the judge knows of the answer beyond the two bodies. */
export interface AnswerFacts {
  /** The answer's shape is fixed (every endpoint but the tenant settings; every error body). */
  readonly fixedShape: boolean;
  /** The table entry that excuses `difference`, if any. */
  excuse(difference: Difference): Excuse | undefined;
}

/** The judgement of one interaction: failures break the test; excused differences are counted per entry. */
export interface Verdict {
  readonly failures: Difference[];
  readonly excused: { readonly difference: Difference; readonly excuse: Excuse }[];
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

/** The items of a JSON array, each as JSON text, sorted: equal for two arrays of the same items in any order. */
function sortedItems(items: readonly unknown[]): string[] {
  return items.map((item) => JSON.stringify(item)).sort();
}

/**
 * `actual` with each array the table excuses for its order (an `order` difference: the platform answers a set)
 * put in the recorded order, when it holds exactly the recorded items; each reordering is counted as excused.
 */
function inRecordedOrder(
  expected: unknown,
  actual: unknown,
  path: JsonPath,
  facts: AnswerFacts,
  excused: Verdict["excused"],
): unknown {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (deepEqual(expected, actual) || !deepEqual(sortedItems(expected), sortedItems(actual))) return actual;
    const difference: Difference = { ...where(path), what: "order", expected, actual };
    const excuse = facts.excuse(difference);
    if (excuse === undefined || !excuse.holds(actual)) return actual;
    excused.push({ difference, excuse });
    return expected;
  }
  if (isPlainObject(expected) && isPlainObject(actual)) {
    return Object.fromEntries(
      Object.entries(actual).map(([key, value]) => [
        key,
        has(expected, key) ? inRecordedOrder(expected[key], value, [...path, key], facts, excused) : value,
      ]),
    );
  }
  return actual;
}

/**
 * Judges one answer against the recorded one (ids already translated): see the rule in replay.test.ts.
 * `expected.body`/`actual.body` are `null` when there is no body (204).
 */
export function judge(
  expected: { status: number; body: unknown },
  actual: { status: number; body: unknown },
  facts: AnswerFacts,
): Verdict {
  const failures: Difference[] = [];
  const excused: Verdict["excused"] = [];
  if (expected.status !== actual.status) {
    failures.push({ ...where([]), what: "status", expected: expected.status, actual: actual.status });
    return { failures, excused };
  }
  if (expected.body === null || actual.body === null) {
    if (expected.body !== actual.body) {
      failures.push({ ...where([]), what: "body", expected: expected.body, actual: actual.body });
    }
    return { failures, excused };
  }
  const answered = inRecordedOrder(expected.body, actual.body, [], facts, excused);
  if (expected.status >= 400 || facts.fixedShape) {
    shapeDifferences(
      expected.body,
      answered,
      [],
      failures,
      (difference) => facts.excuse(difference) !== undefined,
    );
  }
  const values: Difference[] = [];
  valueDifferences(expected.body, answered, [], values);
  for (const difference of values) {
    if (failures.some((failure) => covers(failure, difference))) continue;
    const excuse = facts.excuse(difference);
    if (excuse === undefined) failures.push(difference);
    else if (excuse.holds(difference.actual)) excused.push({ difference, excuse });
    else failures.push({ ...difference, what: `${difference.what}, and not ${excuse.rule}` });
  }
  return { failures, excused };
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
