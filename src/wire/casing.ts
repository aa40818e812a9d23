/**
 * Conversion between the wire's snake_case and the package's camelCase, aware of free-form maps.
 *
 * Key rules (the same at run time and in {@link CamelCased}):
 * - to camelCase: an underscore that follows a character other than `_` and precedes a lowercase letter
 *   is dropped and the letter upper-cased (`site_key` → `siteKey`, `recaptcha_v2` → `recaptchaV2`);
 *   every other underscore stays (`_private`, `a__b`, `per_1` stay as they are).
 * - to snake_case: an uppercase letter that follows a character other than `_` becomes `_` and its
 *   lowercase (`siteKey` → `site_key`).
 *
 * So every snake_case key (`[a-z][a-z0-9]*(_[a-z0-9]+)*`) survives snake → camel → snake unchanged.
 */
import type { Same } from "./shape";

/**
 * Dotted paths of free-form maps, in wire (snake_case) spelling, `[]` for array items: e.g.
 * `simple_captcha` or `security_headers.content_security_policy.policies[].directives`. The keys and
 * values below such a path are kept verbatim.
 */
type VerbatimPaths = readonly string[];

// prettier-ignore
type LowerLetter =
  | "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" | "j" | "k" | "l" | "m"
  | "n" | "o" | "p" | "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z";

/**
 * The camelCase spelling of a snake_case key, as {@link toCamelKey} computes it at run time
 * (`"recaptcha_v2"` → `"recaptchaV2"`). Tail-recursive, so long keys do not hit the depth limit.
 */
export type CamelCaseKey<
  S extends string,
  Done extends string = "",
  AfterChar extends boolean = false,
> = S extends `_${infer C}${infer Rest}`
  ? AfterChar extends true
    ? C extends LowerLetter
      ? CamelCaseKey<Rest, `${Done}${Uppercase<C>}`, true>
      : CamelCaseKey<`${C}${Rest}`, `${Done}_`, false>
    : CamelCaseKey<`${C}${Rest}`, `${Done}_`, false>
  : S extends `${infer C}${infer Rest}`
    ? CamelCaseKey<Rest, `${Done}${C}`, C extends "_" ? false : true>
    : `${Done}${S}`;

/** The named (non-index-signature) keys of an object type. */
type KnownKeys<T> = keyof {
  [K in keyof T as string extends K ? never : number extends K ? never : symbol extends K ? never : K]: T[K];
};

/**
 * `T` with every object key camelCased, deeply. A pure map (only an index signature, as zod's
 * `z.record` gives for `simple_captcha` or CSP `directives`) is left unchanged, keys and values, as
 * {@link toCamelDeep} leaves its verbatim paths. A loose object (named keys plus an index signature)
 * gets its named keys camelCased and keeps the index signature.
 *
 * Use it to type converted results: `CamelCased<TenantSettingsResponse>`.
 */
export type CamelCased<T> = T extends readonly (infer Item)[]
  ? CamelCased<Item>[]
  : T extends object
    ? [KnownKeys<T>] extends [never]
      ? T
      : {
          [
            K in keyof T as K extends KnownKeys<T> ? (K extends string ? CamelCaseKey<K> : K) : never
          ]: CamelCased<T[K]>;
        } & (string extends keyof T ? { [key: string]: unknown } : unknown)
    : T;

/** A key in camelCase (see the module rules). */
export function toCamelKey(key: string): string {
  return key.replace(/(?<=[^_])_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** A key in snake_case (see the module rules). */
export function toSnakeKey(key: string): string {
  return key.replace(/(?<=[^_])([A-Z])/g, (_match, letter: string) => `_${letter.toLowerCase()}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function convert(
  value: unknown,
  path: string,
  verbatim: ReadonlySet<string>,
  direction: "camel" | "snake",
): unknown {
  if (Array.isArray(value)) {
    return value.map((item: unknown) => convert(item, `${path}[]`, verbatim, direction));
  }
  if (!isPlainObject(value)) return value;
  // Object.fromEntries defines own properties, so a "__proto__" key stays a key.
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => {
      const wireKey = direction === "camel" ? key : toSnakeKey(key);
      const memberPath = path === "" ? wireKey : `${path}.${wireKey}`;
      const newKey = direction === "camel" ? toCamelKey(key) : wireKey;
      return [newKey, verbatim.has(memberPath) ? member : convert(member, memberPath, verbatim, direction)];
    }),
  );
}

/**
 * Returns a copy of `value` (a wire body) with object keys in camelCase, deeply, except below the
 * `verbatimPaths`, whose keys and values are kept as they are. Arrays and primitives are kept.
 */
export function toCamelDeep<T>(value: T, verbatimPaths: VerbatimPaths = []): CamelCased<T> {
  return convert(value, "", new Set(verbatimPaths), "camel") as CamelCased<T>;
}

/**
 * Returns a copy of `value` (package input) with object keys in snake_case, deeply, except below the
 * `verbatimPaths` (given in wire spelling), whose keys and values are kept. Parse the result with the
 * wire request schema before sending it.
 */
export function toSnakeDeep(value: unknown, verbatimPaths: VerbatimPaths = []): unknown {
  return convert(value, "", new Set(verbatimPaths), "snake");
}

/**
 * `true` when `Members` are the members of the wire body `Wire` in the program's spelling, each of the same
 * type; checked with {@link Holds}, or by `describeDocument`.
 */
export type SpelledAsTheWire<Members, Wire> = Same<Declared<Members>, Declared<CamelCased<Wire>>>;

/** `T` as a program declares it: a member that may be left out is optional, never `undefined`, at any depth. */
type Declared<T> = [T] extends [readonly (infer Item)[]]
  ? Declared<Item>[]
  : [T] extends [object]
    ? { [K in keyof T]: Declared<Exclude<T[K], undefined>> }
    : T;

/** Whether `A` and `B` accept the same values. */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** A compile error unless `T` is `true`. */
export type Holds<T extends true> = T;
