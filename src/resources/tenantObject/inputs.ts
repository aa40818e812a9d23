import { isDeepStrictEqual } from "node:util";

import * as pulumi from "@pulumi/pulumi";

import { containsUnknown } from "../../engine/unknowns";
import { isRecord } from "../../wire/json";
import { formatPropertyPath } from "../../wire/propertyPath";

/**
 * The input by which a resource tells its provider that the program runs a preview
 * (`pulumi.runtime.isDryRun()`): the dynamic-provider process cannot know otherwise. Check reads it and
 * drops it, so it never reaches state.
 */
export const DRY_RUN_KEY = "__dryRun";

/**
 * The input by which a resource tells its provider its name: the dynamic-provider host does not pass the
 * resource's URN on, and lines the provider prints must say which resource they are about. Check reads it and
 * drops it, so it never reaches state.
 */
export const NAME_KEY = "__resourceName";

/** The keys a dynamic provider receives besides the resource's own inputs. */
const ENGINE_KEYS = new Set(["__provider", DRY_RUN_KEY, NAME_KEY]);

/** A copy of `props` without the engine's own keys (`__provider`, `__dryRun`, `__resourceName`) and without `keys`. */
export function withoutEngineKeys<T extends object>(props: T, keys: readonly string[] = []): T {
  return Object.fromEntries(
    Object.entries(props).filter(([key]) => !ENGINE_KEYS.has(key) && !keys.includes(key)),
  ) as T;
}

/**
 * Marks `fields` of an input block secret. A plain object gets its fields marked one by one, so the
 * rest of the block stays readable in outputs; a block that is itself an Output or a Promise can only be
 * marked whole.
 */
export function withSecretFields<T extends object>(
  block: pulumi.Input<T> | undefined,
  fields: readonly string[],
): pulumi.Input<T> | undefined {
  if (block === undefined) return undefined;
  const mark = (value: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(value).map(([key, field]) => [
        key,
        fields.includes(key) && field !== undefined ? pulumi.secret(field) : field,
      ]),
    ) as unknown as T;
  if (pulumi.Output.isInstance(block) || block instanceof Promise) {
    const marked = pulumi.output(block).apply((resolved) => mark(resolved as Record<string, unknown>));
    return pulumi.secret(marked) as unknown as pulumi.Input<T>;
  }
  return mark(block as Record<string, unknown>);
}

/**
 * A copy of `props` without the members at `paths` (`hcaptcha`, `content.from`): what a diff leaves out of
 * the old side when the tenant keeps those settings whatever the program says.
 */
export function withoutPaths<T extends object>(props: T, paths: readonly string[]): T {
  const [heads, nested] = [new Set<string>(), new Map<string, string[]>()];
  for (const path of paths) {
    const dot = path.indexOf(".");
    if (dot < 0) heads.add(path);
    else nested.set(path.slice(0, dot), [...(nested.get(path.slice(0, dot)) ?? []), path.slice(dot + 1)]);
  }
  return Object.fromEntries(
    Object.entries(props)
      .filter(([key]) => !heads.has(key))
      .map(([key, value]: [string, unknown]) => {
        const inner = nested.get(key);
        return [key, inner !== undefined && isRecord(value) ? withoutPaths(value, inner) : value];
      }),
  ) as T;
}

/**
 * A copy of `target` with the members at `paths` (`hcaptcha`, `content.from`) taken from `source` where it has
 * them: the settings the tenant keeps, put back into what a write returns.
 */
export function withPathsOf<T extends object>(target: T, source: object, paths: readonly string[]): T {
  const result = { ...target } as Record<string, unknown>;
  const from = source as Record<string, unknown>;
  for (const path of paths) {
    const dot = path.indexOf(".");
    const head = dot < 0 ? path : path.slice(0, dot);
    if (from[head] === undefined) continue;
    if (dot < 0) result[head] = from[head];
    else if (isRecord(from[head])) {
      const inner: Record<string, unknown> = isRecord(result[head]) ? result[head] : {};
      result[head] = withPathsOf(inner, from[head], [path.slice(dot + 1)]);
    }
  }
  return result as T;
}

/** Deep equality of JSON-like values, for diffs of inputs against state: an `undefined` member is no member. */
export function jsonEqual(left: unknown, right: unknown): boolean {
  return isDeepStrictEqual(withoutUndefined(left), withoutUndefined(right));
}

/**
 * The inputs whose new value differs from the old one, or is not yet known (preview): a value that is
 * not known yet may change, so it counts as a change.
 */
export function changedKeys(olds: object, news: object): string[] {
  const before = withoutEngineKeys(olds) as Record<string, unknown>;
  const after = withoutEngineKeys(news) as Record<string, unknown>;
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => containsUnknown(after[key]) || !jsonEqual(before[key], after[key]));
}

/** A copy without `undefined` members at any depth: the engine's wire format has no such value. */
export function withoutUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withoutUndefined(item)) as T;
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, member]) => member !== undefined)
        .map(([key, member]) => [key, withoutUndefined(member)]),
    ) as T;
  }
  return value;
}

/** A UTF-16 surrogate without its pair: text no UTF-8 wire (the engine's gRPC) can carry. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where `value` holds text the engine cannot carry (a lone surrogate), as `property.path (character n)`, or
 * `undefined` when all of it is well-formed Unicode.
 */
export function textProblem(value: unknown, path: PropertyKey[] = []): string | undefined {
  if (typeof value === "string") {
    const match = LONE_SURROGATE.exec(value);
    return match === null
      ? undefined
      : `${formatPropertyPath(path) || "(root)"} (character ${match.index + 1})`;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = textProblem(item, [...path, index]);
      if (problem !== undefined) return problem;
    }
  } else if (isRecord(value)) {
    for (const [key, member] of Object.entries(value)) {
      const problem = textProblem(key, [...path, key]) ?? textProblem(member, [...path, key]);
      if (problem !== undefined) return problem;
    }
  }
  return undefined;
}
