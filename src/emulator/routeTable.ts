import type { IncomingMessage } from "node:http";

// The route types apart from the router: the server's declarations name them, and the router's load the
// operations table's zod schemas, which the public declarations of `pulumi-tenant-admin/emulator` must not.

/** What a handler gets: the request (headers), its query and its raw body (already read within the limit). */
export interface RouteRequest {
  readonly request: IncomingMessage;
  readonly query: URLSearchParams;
  readonly body: Buffer;
  /** Takes a token from the tenant's rate-limit bucket (throws the 429); called once a request authenticated. */
  readonly charge: () => void;
}

/** A successful response: status, JSON body and extra headers. Failures are thrown as `HttpError`s. */
export interface RouteReply {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A route's handler. */
export type RouteHandler = (request: RouteRequest) => Promise<RouteReply>;

/** Handlers by path, then by method. */
export type RouteTable = ReadonlyMap<string, Readonly<Partial<Record<string, RouteHandler>>>>;
