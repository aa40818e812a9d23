import type { Schema } from "./shape";

/** The path prefix of the management API on a tenant's host. */
export const API_PREFIX = "/api/v2";

/** The client-credentials token endpoint and the key set, on the tenant's host (no prefix). */
export const AUTH_PATHS = {
  token: "/oauth/token",
  jwks: "/.well-known/jwks.json",
} as const;

/** The HTTP methods of the management API and the token endpoint. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** How a request body may be encoded: `application/json` or `application/x-www-form-urlencoded`. */
export type BodyEncoding = "json" | "form";

/**
 * One management API endpoint, described once: the client's calls, the emulator's routes and scope checks,
 * the provider's scope preflight, the bench and the tests all read it.
 */
export interface Endpoint<Request = unknown, Response = unknown> {
  readonly method: HttpMethod;
  /** Path under {@link API_PREFIX}; `{id}` marks a path parameter. */
  readonly path: string;
  /** The scope a token needs for it. */
  readonly scope: string;
  /** Only the tenant's global client may call it (the CAPTCHA endpoints); other clients get a 401. */
  readonly globalClientOnly: boolean;
  /** The request body's schema; absent when the endpoint takes no body. */
  readonly request: Schema<Request> | undefined;
  /** The encodings the service accepts for the body (empty without one). Answers are always JSON. */
  readonly encodings: readonly BodyEncoding[];
  /** The success status. */
  readonly status: 200 | 201 | 202 | 204;
  /** The success body's schema; absent when the success has no body. */
  readonly response: Schema<Response> | undefined;
  /** Sentences appended to an error of this endpoint, by HTTP status. */
  readonly hints: Readonly<Partial<Record<number, string>>>;
  /**
   * Whether the reads of one `pulumi` command may share this read's answer (the resources' reads of their
   * own object; never the settings a program asks for).
   */
  readonly sharedRead: boolean;
}

/** What {@link endpoint} needs; the rest has defaults. */
type EndpointSpec<Request, Response> = Pick<Endpoint<Request, Response>, "method" | "path" | "scope"> &
  Partial<Omit<Endpoint<Request, Response>, "method" | "path" | "scope">>;

/**
 * An endpoint with the defaults filled in: any client, no body, status 200, no hints, not a shared read; a
 * body is JSON unless `encodings` says more.
 */
export function endpoint<Request = undefined, Response = undefined>(
  spec: EndpointSpec<Request, Response>,
): Endpoint<Request, Response> {
  return {
    globalClientOnly: false,
    request: undefined,
    encodings: spec.request === undefined ? [] : ["json"],
    status: 200,
    response: undefined,
    hints: {},
    sharedRead: false,
    ...spec,
  };
}

/** `"<METHOD> /api/v2<path>"`: how the emulator names a route (in faults and logs). */
export function routeOf(endpoint: Pick<Endpoint, "method" | "path">): string {
  return `${endpoint.method} ${API_PREFIX}${endpoint.path}`;
}

/** The path with its `{name}` parameters filled in (each URL-encoded). */
export function pathWith(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`the path ${path} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
}
