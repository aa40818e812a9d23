import type { IncomingMessage } from "node:http";

import { API_PREFIX } from "../wire/endpoint";
import type { Endpoint } from "../wire/endpoint";
import { INVALID_TOKEN_MESSAGE, TokenError } from "./auth";
import type { ClientCredentials, TokenAuthority } from "./auth";
import { parseBody } from "./body";
import { BodyError } from "./bodyError";
import { documentHandler } from "./documents";
import { apiError } from "./errors";
import { booleanPathsOf } from "./formBody";
import type { ObjectEmulation, RouteContext } from "../wire/emulation";
import { RefusalError } from "../wire/emulation";
import type { RouteHandler, RouteRequest } from "./routeTable";
import { RouteTable } from "./routeTable";
import type { SerializedTenantStore } from "./tenantStore";
import type { TenantUrls } from "./tenantUrls";
import { RULE_HOST } from "./templateWorker";
import { parsePayload, refuseOverlongLists } from "./validation";

export type { RouteHandler, RouteReply, RouteRequest } from "./routeTable";
export { RouteTable } from "./routeTable";

/** The clients the router tells apart, and the URLs (so the token audiences) the tenant answers to. */
interface RouterClients {
  readonly authority: TokenAuthority;
  /** The audiences a request's token may carry, from the emulator's URL and the request's `Host`. */
  readonly urls: TenantUrls;
  /** The tenant's global client; the only one allowed on endpoints marked `globalClientOnly`. */
  readonly globalClient: ClientCredentials;
  /** A client that is not global: its tokens work everywhere except on `globalClientOnly` endpoints. */
  readonly nonGlobalClient: ClientCredentials;
}

/** Parses a management API body; a body that cannot be read fails in the management API's error shape. */
function managementBody(
  request: RouteRequest,
  endpoint: Endpoint,
  booleanPaths: string[][] | undefined,
): unknown {
  try {
    return parseBody(
      request.body,
      request.request.headers["content-type"],
      endpoint.encodings,
      booleanPaths,
      (value) => {
        if (endpoint.request !== undefined) refuseOverlongLists(endpoint.request, value);
      },
    );
  } catch (error) {
    if (error instanceof BodyError) {
      throw apiError(error.status, error.message, error.status === 400 ? "invalid_body" : undefined);
    }
    throw error;
  }
}

/**
 * Builds the route table of every endpoint the objects' emulations serve (plus `extra` routes such as the
 * token endpoint). For each request the router, in this order: verifies the bearer token, refuses a client
 * that is not global on `globalClientOnly` endpoints (401), checks the endpoint's scope (403
 * `insufficient_scope`), charges the request to the rate limit (429; unauthenticated requests are not
 * charged), parses the body in one of the endpoint's encodings with its request schema (400 `invalid_body`),
 * then calls the document's or route's handler and answers the endpoint's success status with what it returns.
 * Every request but a GET is handled as one write of its object (the emulation that serves it): after the
 * writes of that object queued before it, with none in between, so that what a handler read and checked is
 * still what it changes.
 */
export function createRouter(
  clients: RouterClients,
  emulations: readonly ObjectEmulation[],
  tenant: SerializedTenantStore,
  log: (line: string) => void,
  extra: readonly { method: string; path: string; handler: RouteHandler }[],
): RouteTable {
  const { authority, urls, globalClient, nonGlobalClient } = clients;

  async function authorize(request: IncomingMessage, endpoint: Endpoint): Promise<void> {
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === "") throw apiError(401, "Missing authentication");
    const match = /^Bearer +(\S+) *$/i.exec(header);
    if (!match?.[1]) throw apiError(401, INVALID_TOKEN_MESSAGE);
    let token;
    try {
      token = await authority.verify(match[1], urls.audiences(request.headers.host));
    } catch (error) {
      if (error instanceof TokenError) throw apiError(401, error.message);
      throw error;
    }
    const isGlobal = token.clientId === globalClient.clientId;
    if (!isGlobal && token.clientId !== nonGlobalClient.clientId) throw apiError(401, INVALID_TOKEN_MESSAGE);
    if (endpoint.globalClientOnly && !isGlobal) throw apiError(401, "Client is not global");
    if (!token.scopes.has(endpoint.scope)) {
      throw apiError(403, `Insufficient scope, expected any of: ${endpoint.scope}`, "insufficient_scope");
    }
  }

  function route(
    object: ObjectEmulation,
    endpoint: Endpoint,
    handle: (context: RouteContext<unknown>) => Promise<unknown>,
  ): RouteHandler {
    const booleanPaths =
      endpoint.request !== undefined && endpoint.encodings.includes("form")
        ? booleanPathsOf(endpoint.request)
        : undefined;
    return async (request) => {
      await authorize(request.request, endpoint);
      // Charged only once authenticated: requests without a valid token do not drain the client's bucket.
      request.charge();
      const body =
        endpoint.request === undefined
          ? undefined
          : parsePayload(endpoint.request, managementBody(request, endpoint, booleanPaths));
      const context = { body, query: request.query, params: request.params, tenant, host: RULE_HOST, log };
      try {
        const answer =
          endpoint.method === "GET"
            ? await handle(context)
            : await tenant.writing(object, () => handle(context));
        return { status: endpoint.status, body: endpoint.status === 204 ? undefined : answer };
      } catch (error) {
        if (error instanceof RefusalError) throw apiError(error.status, error.message, error.errorCode);
        throw error;
      }
    };
  }

  const table = new RouteTable();
  for (const emulation of emulations) {
    for (const rules of emulation.documents ?? []) {
      for (const endpoint of rules.endpoints) {
        table.add(
          endpoint.method,
          `${API_PREFIX}${endpoint.path}`,
          route(emulation, endpoint, documentHandler(rules, endpoint)),
        );
      }
    }
    for (const custom of emulation.routes ?? []) {
      const { endpoint } = custom;
      const handle = (context: RouteContext<unknown>): Promise<unknown> =>
        custom.handle(context as RouteContext<never>);
      table.add(endpoint.method, `${API_PREFIX}${endpoint.path}`, route(emulation, endpoint, handle));
    }
  }
  for (const { method, path, handler } of extra) table.add(method, path, handler);
  return table;
}
