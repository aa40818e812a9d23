/**
 * How a wire shape is checked, in types that do not mention zod: the public declarations reference these,
 * so they compile in any project, whatever its `esModuleInterop`, `lib` and `skipLibCheck` settings. The
 * schemas behind them are built with zod by `./schema`, on first use.
 */

/** One reason a value does not match a shape: where (`hcaptcha.site_key` as a path) and why. */
interface ShapeIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  /** The properties an `unrecognized_keys` issue names. */
  readonly keys?: readonly string[];
}

/** The outcome of {@link Schema.safeParse}. */
export type ParseResult<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly error: { readonly issues: readonly ShapeIssue[] } };

/**
 * The validator of one wire shape `T`: requests are strict where the platform is strict, responses keep the
 * fields they do not name. `parse` throws on a mismatch; `safeParse` returns the issues.
 */
export interface Schema<T> {
  parse(value: unknown): T;
  safeParse(value: unknown): ParseResult<T>;
}

/** `true` when `A` and `B` are the same type (which also tells `?: T` from `?: T | undefined`). */
export type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? (<V>() => V extends A ? 1 : 2) extends <V>() => V extends B ? 1 : 2
      ? true
      : false
    : false
  : false;

/** `T` as one object type (an intersection's members merged), as a schema's output spells it. */
export type Flat<T> = T extends infer U ? { [K in keyof U]: U[K] } : never;

/**
 * An answer of shape `T` as the package reads it: the same members, each optional, of the same JSON types (a
 * boolean, a number, a string, a list of them), with none of the input rules (enums are strings, numbers have
 * no range, lists no length), and members it does not name kept. What a tenant holds is what it answers,
 * whatever the rules of the moment: a read takes it, and only what a program declares is held to the rules.
 */
export type Tolerant<T> = T extends boolean
  ? boolean
  : T extends number
    ? number
    : T extends string
      ? string
      : T extends readonly (infer Item)[]
        ? Tolerant<Item>[]
        : T extends object
          ? Flat<
              { [key: string]: unknown } & { [K in keyof T]?: Tolerant<Exclude<T[K], undefined>> | undefined }
            >
          : T;

/**
 * A PATCH body of a document of shape `T`: any of its members, none other, each nested object (a stage) a
 * patch of its own, member by member; a list is sent whole.
 */
export type Patch<T> = { [K in keyof T]?: PatchMember<T[K]> | undefined };

type PatchMember<V> = V extends readonly unknown[] ? V : V extends object ? Patch<V> : V;

/** A document's three schemas, all derived from its one table of members. */
export interface DocumentSchemas<T> {
  /** The document as stored: every member, none other. */
  readonly schema: Schema<T>;
  /** The PATCH body ({@link Patch}): any member, nested objects member by member, none other; the rules kept. */
  readonly patchSchema: Schema<Patch<T>>;
  /** The GET and PATCH answer ({@link Tolerant}): the document without its input rules, unknown members kept. */
  readonly responseSchema: Schema<Tolerant<T>>;
}
