/**
 * A GET/PUT pair's endpoints, made from its path, scopes and schemas: the read and the replacing write of what
 * one path holds, as each part of a PUT-replace document has them (`putDocument.ts`).
 */
import type { BodyEncoding, Endpoint } from "./endpoint";
import { endpoint } from "./endpoint";
import type { Schema } from "./shape";

/** Where a pair lives, who may touch it, and its shapes; the rest has defaults. */
export interface PutPlace<Request, Response> {
  /** The path of both endpoints: `/guardian/factors/phone/message-types`. */
  readonly path: string;
  /** The GET's scope and the PUT's: `read:guardian_factors`, `update:guardian_factors`. */
  readonly scopes: { readonly read: string; readonly update: string };
  /** The PUT's body. */
  readonly request: Schema<Request>;
  /** What both answer. */
  readonly response: Schema<Response>;
  /** The encodings the PUT accepts. Default JSON only. */
  readonly encodings?: readonly BodyEncoding[];
  /** Whether the reads of one `pulumi` command may share the GET's answer. Default `false`. */
  readonly sharedRead?: boolean | undefined;
}

/** A pair's read and write. */
export interface PutEndpoints<Request, Response> {
  /** `GET <path>`: what the path holds. */
  readonly get: Endpoint<undefined, Response>;
  /** `PUT <path>`: replaces what the path holds, answers it. */
  readonly put: Endpoint<Request, Response>;
}

/** The GET and PUT at `place.path`: the PUT is the place itself, its body and answer, with the update scope. */
export function putEndpoints<Request, Response>({
  scopes,
  sharedRead = false,
  ...put
}: PutPlace<Request, Response>): PutEndpoints<Request, Response> {
  return {
    get: endpoint<undefined, Response>({
      method: "GET",
      path: put.path,
      scope: scopes.read,
      response: put.response,
      sharedRead,
    }),
    put: endpoint<Request, Response>({ ...put, method: "PUT", scope: scopes.update }),
  };
}
