import type * as Zod from "zod";

import type { DocumentSchemas, ParseResult, Patch, Same, Schema, Tolerant } from "./shape";

/**
 * The members of zod's `z` that the package's schemas are built with, and all that the vendored zod holds:
 * scripts/bundle-vendor.js bundles these from zod's ES modules, so the zod modules nothing here reaches are
 * left out (about 60% of zod, most of the CPU its load took). A schema that needs another member names it
 * here first; the compiler refuses it until then.
 */
export const ZOD_API = [
  "array",
  "boolean",
  "enum",
  "int",
  "literal",
  "looseObject",
  "number",
  "record",
  "strictObject",
  "string",
  "union",
  "unknown",
  "ZodArray",
  "ZodBoolean",
  "ZodDefault",
  "ZodEnum",
  "ZodNullable",
  "ZodNumber",
  "ZodObject",
  "ZodOptional",
  "ZodPipe",
  "ZodRecord",
  "ZodString",
] as const;

/** The `z` namespace a schema is built with: the members of {@link ZOD_API}. */
export type ZodApi = Pick<typeof Zod.z, (typeof ZOD_API)[number]>;

/** `S` when its output is exactly `T`; otherwise a type no schema has, so the build fails to compile. */
type Exactly<S extends Zod.ZodType, T> =
  Same<Zod.output<S>, T> extends true ? S : { "the schema's output differs from the declared type": T };

let zodModule: typeof Zod | undefined;

/**
 * How this package's schemas parse: without zod's compiled fast path for objects. The program and the provider
 * are short-lived processes that parse each schema a handful of times, where compiling an object's parser
 * costs more than it saves (about 30 ms of CPU at a preview's first checks). Per parse, so a program's own
 * zod schemas keep zod's settings.
 */
export const PARSE_WITHOUT_JIT = { jitless: true } as const;

/**
 * zod's `z`, loaded when the first schema is built or inspected. Loading it costs more than the rest of a
 * program's import of this package, and neither a program that only declares resources nor a provider's diff
 * needs it.
 */
export function zodApi(): ZodApi {
  // The one lazy load of zod: every schema is built through here (lint keeps other modules off zod).
  return (zodModule ??= require("zod") as typeof Zod).z;
}

class LazySchema<T> implements Schema<T> {
  #built: Zod.ZodType | undefined;

  constructor(private readonly build: (z: ZodApi) => Zod.ZodType) {}

  get zod(): Zod.ZodType {
    return (this.#built ??= this.build(zodApi()));
  }

  parse(value: unknown): T {
    return this.zod.parse(value, PARSE_WITHOUT_JIT) as T;
  }

  safeParse(value: unknown): ParseResult<T> {
    return this.zod.safeParse(value, PARSE_WITHOUT_JIT) as ParseResult<T>;
  }
}

/**
 * Defines the schema of the plain type `T`, its one definition: `build` gets zod's `z` and must return a
 * schema whose output is exactly `T` (checked at compile time, optional and `| undefined` members told
 * apart). The schema is built on first use.
 *
 * @example export const siteKey = schema<SiteKey>()((z) => z.strictObject({ site_key: z.string() }));
 */
export function schema<T>() {
  return <S extends Zod.ZodType>(build: (z: ZodApi) => S & Exactly<S, T>): Schema<T> =>
    new LazySchema<T>(build);
}

/**
 * Defines a request schema that is stricter than the type the code reads it as: its output must be
 * assignable to `T` (checked at compile time). For a body whose shape derives from a response type, such as
 * a PATCH whose fields are the response's writable ones with the platform's limits.
 */
export function stricterSchema<T>() {
  return <S extends Zod.ZodType<T>>(build: (z: ZodApi) => S): Schema<T> => new LazySchema<T>(build);
}

/** `type`'s member, unwrapped of its `optional()`: {@link tolerantOf} makes every member optional anew. */
function required(z: ZodApi, type: Zod.ZodType): Zod.ZodType {
  return type instanceof z.ZodOptional ? required(z, type.unwrap() as Zod.ZodType) : type;
}

/**
 * The schema of an answer of `type`'s shape ({@link Tolerant}): the same members and JSON types, each member
 * optional, members it does not name kept, and no rule beyond the type (no enum, range, length, format or
 * refinement). Free-form maps (records) and values of any type stay as they are.
 */
export function tolerantOf<S extends Zod.ZodType>(z: ZodApi, type: S): Zod.ZodType<Tolerant<Zod.output<S>>> {
  return tolerantType(z, type) as Zod.ZodType<Tolerant<Zod.output<S>>>;
}

function tolerantType(z: ZodApi, type: Zod.ZodType): Zod.ZodType {
  if (type instanceof z.ZodOptional) return tolerantType(z, type.unwrap() as Zod.ZodType).optional();
  if (type instanceof z.ZodNullable) return tolerantType(z, type.unwrap() as Zod.ZodType).nullable();
  if (type instanceof z.ZodPipe) return tolerantType(z, type.in as Zod.ZodType);
  if (type instanceof z.ZodBoolean) return z.boolean();
  if (type instanceof z.ZodNumber) return z.number();
  if (type instanceof z.ZodString || type instanceof z.ZodEnum) return z.string();
  if (type instanceof z.ZodArray) return z.array(tolerantType(z, type.element as Zod.ZodType));
  if (type instanceof z.ZodObject) {
    const shape = type.shape as Record<string, Zod.ZodType>;
    return z.looseObject(
      Object.fromEntries(
        Object.entries(shape).map(([key, member]) => [key, tolerantType(z, required(z, member)).optional()]),
      ),
    );
  }
  return type;
}

/**
 * Defines, from the plain type `T` and its schema (the one definition, with every input rule), the schema of
 * an answer of that shape: {@link Tolerant}`<T>`, built with {@link tolerantOf}. A request keeps the rules; a
 * read takes whatever the tenant holds.
 *
 * @example export const sessionAnswerSchema = answerSchema<Session>()((z) => z.strictObject({ lifetime: z.int() }));
 */
export function answerSchema<T>() {
  return <S extends Zod.ZodType>(build: (z: ZodApi) => S & Exactly<S, T>): Schema<Tolerant<T>> =>
    new LazySchema<Tolerant<T>>((z) => tolerantOf(z, build(z)));
}

/** `M` when the strict object of these members outputs exactly `T`; otherwise a type no members have. */
export type ExactMembers<M extends Zod.ZodRawShape, T> =
  Same<Zod.output<Zod.ZodObject<M, Zod.core.$strict>>, T> extends true
    ? M
    : { "the members' output differs from the declared type": T };

/** The members of a document: each wire name and the schema of its value, with every input rule. */
export type Members = Zod.ZodRawShape;

/** `type` as a PATCH takes it: each member optional, and each nested strict object a patch of its own. */
function patchOf(z: ZodApi, type: Zod.ZodType): Zod.ZodType {
  if (!(type instanceof z.ZodObject)) return type;
  const shape = type.shape as Record<string, Zod.ZodType>;
  return type
    .extend(Object.fromEntries(Object.entries(shape).map(([key, member]) => [key, patchOf(z, member)])))
    .partial();
}

/**
 * @internal Its signature names zod, which the published declarations never do; the schemas it makes are
 * {@link DocumentSchemas}.
 *
 * Defines a GET/PATCH document's schemas from its one table of members, `members(z)`, checked at compile time
 * against the plain type `T` as {@link schema} checks a schema: the document (a strict object of the members),
 * its PATCH body (each member optional, nested objects member by member) and its answer.
 *
 * @example const schemas = documentSchemas<Lock>()((z) => ({ enabled: z.boolean(), attempts: z.int() }));
 */
export function documentSchemas<T>() {
  return <M extends Members>(members: (z: ZodApi) => M & ExactMembers<M, T>): DocumentSchemas<T> => {
    const document = (z: ZodApi) => z.strictObject(members(z));
    return {
      schema: new LazySchema<T>(document),
      patchSchema: new LazySchema<Patch<T>>((z) => patchOf(z, document(z))),
      responseSchema: new LazySchema<Tolerant<T>>((z) => tolerantOf(z, document(z))),
    };
  };
}

/** The zod schema behind a {@link Schema}, for the code that reads zod's own issues or composes schemas. */
export function zodOf<T>(schema: Schema<T>): Zod.ZodType<T> {
  if (!(schema instanceof LazySchema)) throw new TypeError("not a schema built by schema()");
  return schema.zod as Zod.ZodType<T>;
}
