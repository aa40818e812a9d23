/**
 * A GET/PATCH document's endpoints, made from its path and scopes: the read and the write of one document at
 * one path, as every document object of the tenant has them. With {@link describeDocument}, the whole
 * description of a document object, its schemas too, from its one table of members.
 */
import type { BodyEncoding, Endpoint } from "./endpoint";
import { endpoint } from "./endpoint";
import type { ExactMembers, Members as ZodMembers, ZodApi } from "./schema";
import { documentSchemas } from "./schema";
import type { DocumentSchemas, Patch, Schema, Tolerant } from "./shape";
import type { SpelledAsTheWire } from "./casing";
import type { DocumentDescription, SpelledForTheProgram } from "./document";

/** Where a document lives and who may touch it; the rest has defaults. */
export interface DocumentPlace {
  /** The path of both endpoints: `/attack-protection/bot-detection`. */
  readonly path: string;
  /** The GET's scope and the PATCH's: `read:attack_protection`, `update:attack_protection`. */
  readonly scopes: { readonly read: string; readonly update: string };
  /** Only the tenant's global client may call them (the CAPTCHA endpoints). Default `false`. */
  readonly globalClientOnly?: boolean | undefined;
  /** The encodings the PATCH accepts. Default JSON only. */
  readonly encodings?: readonly BodyEncoding[] | undefined;
  /** Sentences appended to an error of either endpoint, by HTTP status. Default none. */
  readonly hints?: Endpoint["hints"] | undefined;
}

/** A document's read and write. */
export interface DocumentEndpoints<Request, Response> {
  /** `GET <path>`: the whole document; the reads of one `pulumi` command share its answer. */
  readonly get: Endpoint<undefined, Response>;
  /** `PATCH <path>`: merges the members sent, answers the whole document. */
  readonly patch: Endpoint<Request, Response>;
}

/** The GET and PATCH of a document at `place.path`, with the PATCH's body schema and the answer's. */
export function documentEndpoints<Request, Response>(
  place: DocumentPlace & { readonly request: Schema<Request>; readonly response: Schema<Response> },
): DocumentEndpoints<Request, Response> {
  const common = {
    path: place.path,
    globalClientOnly: place.globalClientOnly ?? false,
    response: place.response,
    hints: place.hints ?? {},
  };
  return {
    get: endpoint<undefined, Response>({
      ...common,
      method: "GET",
      scope: place.scopes.read,
      sharedRead: true,
    }),
    patch: endpoint<Request, Response>({
      ...common,
      method: "PATCH",
      scope: place.scopes.update,
      request: place.request,
      encodings: place.encodings ?? ["json"],
    }),
  };
}

/** A document's schemas and endpoints, derived from its members. */
export type DocumentApi<T> = DocumentSchemas<T> & DocumentEndpoints<Patch<T>, Tolerant<T>>;

/** A document's description but its endpoints, which {@link describeDocument} makes from its place. */
type DescriptionWithoutEndpoints<T> = Omit<
  DocumentDescription<Patch<T>, Tolerant<T> & object>,
  "get" | "patch"
>;

/**
 * No argument when `Members` spell `Patch<T>`; else one that cannot be given, so the call does not compile and
 * its error names the rule.
 */
type WireSpellingCheck<Members, T> =
  SpelledAsTheWire<Members, Patch<T>> extends true ? [] : [membersDifferFromTheWireBody: never];

/**
 * @internal Its signature names zod, which the published declarations never do; what it makes is a
 * {@link DocumentDescription} with its {@link DocumentApi}.
 *
 * A GET/PATCH document object written once, in three steps: its stored shape `T` and its members in the
 * program's spelling (`Members`, which must spell `T` member for member, each of the same type, or the call
 * does not compile); then its place and table of members (checked against `T`, see {@link documentSchemas}),
 * which make its schemas and its two endpoints; then the rest of its description, kept with its literal
 * identity. The table is not kept in the description's type, which the published declarations show and which
 * must not name zod.
 *
 * @example const lockDocument = describeDocument<Lock, LockMembers>()({ path: "/lock", scopes, members: (z) => ({ enabled: z.boolean() }) })({ name: "lock", … });
 */
export function describeDocument<T extends object, Members extends object>(
  ..._spelling: WireSpellingCheck<Members, T>
) {
  return <M extends ZodMembers>(
    place: DocumentPlace & { readonly members: (z: ZodApi) => M & ExactMembers<M, T> },
  ) => {
    const { members, ...endpointPlace } = place;
    const schemas = documentSchemas<T>()<M>(members);
    const api: DocumentApi<T> = {
      ...schemas,
      ...documentEndpoints({
        ...endpointPlace,
        request: schemas.patchSchema,
        response: schemas.responseSchema,
      }),
    };
    return <const Description extends DescriptionWithoutEndpoints<T>>(
      description: Description,
    ): Description & DocumentApi<T> & SpelledForTheProgram<Members> => ({ ...description, ...api });
  };
}
