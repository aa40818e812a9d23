/**
 * A GET/PATCH document's endpoints, made from its path and scopes: the read and the write of one document at
 * one path, as every document object of the tenant has them. With {@link documentApi}, its schemas too, from
 * its one table of members.
 */
import type { BodyEncoding, Endpoint } from "./endpoint";
import { endpoint } from "./endpoint";
import type { ExactMembers, Members, ZodApi } from "./schema";
import { documentSchemas } from "./schema";
import type { DocumentSchemas, Patch, Schema, Tolerant } from "./shape";

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

/**
 * @internal Its signature names zod, which the published declarations never do; what it makes is a
 * {@link DocumentApi}.
 *
 * A GET/PATCH document written once: its members (checked at compile time against the plain type `T`, see
 * {@link documentSchemas}), its path and its scopes make its schemas and its two endpoints.
 *
 * @example const lockApi = documentApi<Lock>()({ path: "/lock", scopes, members: (z) => ({ enabled: z.boolean() }) });
 */
export function documentApi<T>() {
  return <M extends Members>(
    spec: DocumentPlace & { readonly members: (z: ZodApi) => M & ExactMembers<M, T> },
  ): DocumentApi<T> => {
    const schemas = documentSchemas<T>()<M>(spec.members);
    return {
      ...schemas,
      ...documentEndpoints({ ...spec, request: schemas.patchSchema, response: schemas.responseSchema }),
    };
  };
}
