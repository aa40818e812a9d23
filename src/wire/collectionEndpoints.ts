/**
 * A collection's endpoints, made from its path, scopes and schemas: the list and the create at the
 * collection's path, the get, update and delete of one member at `<path>/{id}`, as a one-per-tenant
 * collection's description takes them (`collection.ts`), and a member's trial send (`<path>/{id}/try`) where
 * the platform has one.
 */
import type { BodyEncoding, Endpoint } from "./endpoint";
import { endpoint } from "./endpoint";
import type { Schema } from "./shape";

/** Where a collection lives, who may touch it, and its shapes; the rest has defaults. */
export interface CollectionPlace<List, Create, Update, Member> {
  /** The collection's path: `/branding/phone/providers`. A member's is `<path>/{id}`. */
  readonly path: string;
  /** The scope of each endpoint: the list's and the get's `read`, the others by name. */
  readonly scopes: {
    readonly read: string;
    readonly create: string;
    readonly update: string;
    readonly delete: string;
  };
  /** The list's answer. */
  readonly list: Schema<List>;
  /** The create's body. */
  readonly create: Schema<Create>;
  /** The update's body. */
  readonly update: Schema<Update>;
  /** A member as the create, the get and the update answer it. */
  readonly member: Schema<Member>;
  /** The encodings the create and the update accept. Default JSON only. */
  readonly encodings?: readonly BodyEncoding[] | undefined;
  /** Sentences appended to an error of every endpoint but the list, by HTTP status. Default none. */
  readonly hints?: Endpoint["hints"] | undefined;
  /** Whether the reads of one `pulumi` command may share the get's answer. Default `false`. */
  readonly sharedRead?: boolean | undefined;
}

/** A trial send's body and answer: `POST <path>/{id}/try`, 202, with the create's scope and encodings. */
export interface CollectionTrial<Try, TryAnswer> {
  readonly request: Schema<Try>;
  readonly response: Schema<TryAnswer>;
}

/** `try`, the trial send, when the collection has one. */
export type TrialEndpoint<Try, TryAnswer> = [Try] extends [never]
  ? object
  : {
      /** `POST <path>/{id}/try`: 202; the platform sends a real message. */ readonly try: Endpoint<
        Try,
        TryAnswer
      >;
    };

/** A collection's endpoints, named as its description names them. */
export interface CollectionEndpoints<List, Create, Update, Member> {
  /** `GET <path>`. */
  readonly list: Endpoint<undefined, List>;
  /** `POST <path>`: 201. */
  readonly create: Endpoint<Create, Member>;
  /** `GET <path>/{id}`. */
  readonly get: Endpoint<undefined, Member>;
  /** `PATCH <path>/{id}`. */
  readonly update: Endpoint<Update, Member>;
  /** `DELETE <path>/{id}`: 204. */
  readonly remove: Endpoint<undefined, undefined>;
  /** A member's path, `<path>/{id}`, for the member's other endpoints (`/try`, `/reset`). */
  readonly memberPath: string;
}

/** The list, create, get, update and delete of the collection at `place.path`, and its trial send if given. */
export function collectionEndpoints<List, Create, Update, Member, Try = never, TryAnswer = never>(
  place: CollectionPlace<List, Create, Update, Member> & { readonly trial?: CollectionTrial<Try, TryAnswer> },
): CollectionEndpoints<List, Create, Update, Member> & TrialEndpoint<Try, TryAnswer> {
  const memberPath = `${place.path}/{id}`;
  const hints = place.hints ?? {};
  const encodings = place.encodings ?? ["json"];
  const answersMember = { response: place.member, hints };
  return {
    list: endpoint<undefined, List>({
      method: "GET",
      path: place.path,
      scope: place.scopes.read,
      response: place.list,
    }),
    create: endpoint<Create, Member>({
      ...answersMember,
      method: "POST",
      path: place.path,
      scope: place.scopes.create,
      request: place.create,
      encodings,
      status: 201,
    }),
    get: endpoint<undefined, Member>({
      ...answersMember,
      method: "GET",
      path: memberPath,
      scope: place.scopes.read,
      sharedRead: place.sharedRead ?? false,
    }),
    update: endpoint<Update, Member>({
      ...answersMember,
      method: "PATCH",
      path: memberPath,
      scope: place.scopes.update,
      request: place.update,
      encodings,
    }),
    remove: endpoint({ method: "DELETE", path: memberPath, scope: place.scopes.delete, status: 204, hints }),
    memberPath,
    ...(place.trial && {
      try: endpoint<Try, TryAnswer>({
        ...place.trial,
        method: "POST",
        path: `${memberPath}/try`,
        scope: place.scopes.create,
        encodings,
        status: 202,
        hints,
      }),
    }),
  } as CollectionEndpoints<List, Create, Update, Member> & TrialEndpoint<Try, TryAnswer>;
}
