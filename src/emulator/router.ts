import type { IncomingMessage } from "node:http";

import {
  API_PREFIX,
  OPERATIONS,
  OPERATION_NAMES,
  type OperationName,
  type OperationRequest,
  type OperationResponse,
  type OperationSpec,
} from "../wire";

import { INVALID_TOKEN_MESSAGE, TokenError } from "./auth";
import type { ClientCredentials, TokenAuthority, VerifiedToken } from "./auth";
import { parseBody } from "./body";
import { BodyError } from "./bodyError";
import { apiError } from "./errors";
import { booleanPathsOf } from "./formBody";
import type { RouteHandler, RouteRequest, RouteTable } from "./routeTable";
import type { TenantUrls } from "./tenantUrls";
import { parsePayload } from "./validation";

export type { RouteHandler, RouteReply, RouteRequest, RouteTable } from "./routeTable";

/** What an operation's handler gets: the request, and its body already parsed with the operation's schema. */
export interface OperationContext<N extends OperationName> extends RouteRequest {
  readonly payload: OperationRequest<N>;
  /** The verified token the request was authorized with. */
  readonly token: VerifiedToken;
}

/** The emulator's behaviour of one operation, once the router has authorized it and parsed its body. */
export type OperationHandler<N extends OperationName> = (
  context: OperationContext<N>,
) => Promise<OperationResponse<N>>;

/** One handler per operation of `OPERATIONS`: adding an operation to the table makes this type ask for its handler. */
export type OperationHandlers = { readonly [N in OperationName]: OperationHandler<N> };

/** The clients the router tells apart, and the URLs (so the token audiences) the tenant answers to. */
export interface RouterClients {
  readonly authority: TokenAuthority;
  /** The audiences a request's token may carry, from the emulator's URL and the request's `Host`. */
  readonly urls: TenantUrls;
  /** The tenant's global client; the only one allowed on operations marked `globalClientOnly`. */
  readonly globalClient: ClientCredentials;
  /** A client that is not global: its tokens work everywhere except on `globalClientOnly` operations. */
  readonly nonGlobalClient: ClientCredentials;
}

/** Parses a management API body; a body that cannot be read fails in the management API's error shape. */
export function managementBody(
  request: RouteRequest,
  operation: OperationSpec,
  booleanPaths: string[][] | undefined,
): unknown {
  try {
    return parseBody(
      request.body,
      request.request.headers["content-type"],
      operation.bodyEncodings,
      booleanPaths,
    );
  } catch (error) {
    if (error instanceof BodyError) {
      throw apiError(error.status, error.message, error.status === 400 ? "invalid_body" : undefined);
    }
    throw error;
  }
}

/**
 * Builds the route table of every operation of `OPERATIONS` (plus `extra` routes such as the token
 * endpoint). For each request the router, in this order: verifies the bearer token, refuses a client that
 * is not global on `globalClientOnly` operations (401), checks the operation's scope (403
 * `insufficient_scope`), charges the request to the rate limit (429; unauthenticated requests are not
 * charged), parses the body in one of the operation's encodings with its request schema (400
 * `invalid_body`), then calls the operation's handler and answers 200 with what it returns.
 */
export function createRouter(
  clients: RouterClients,
  handlers: OperationHandlers,
  extra: ReadonlyMap<string, Readonly<Partial<Record<string, RouteHandler>>>>,
): RouteTable {
  const { authority, urls, globalClient, nonGlobalClient } = clients;

  async function authorize(request: IncomingMessage, operation: OperationSpec): Promise<VerifiedToken> {
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === "") throw apiError(401, "Missing authentication");
    const match = /^Bearer +(\S+) *$/i.exec(header);
    if (!match?.[1]) throw apiError(401, INVALID_TOKEN_MESSAGE);
    let token: VerifiedToken;
    try {
      token = await authority.verify(match[1], urls.audiences(request.headers.host));
    } catch (error) {
      if (error instanceof TokenError) throw apiError(401, error.message);
      throw error;
    }
    const isGlobal = token.clientId === globalClient.clientId;
    if (!isGlobal && token.clientId !== nonGlobalClient.clientId) throw apiError(401, INVALID_TOKEN_MESSAGE);
    if (operation.globalClientOnly && !isGlobal) throw apiError(401, "Client is not global");
    if (!token.scopes.has(operation.scope)) {
      throw apiError(403, `Insufficient scope, expected any of: ${operation.scope}`, "insufficient_scope");
    }
    return token;
  }

  function route<N extends OperationName>(name: N): RouteHandler {
    const operation: OperationSpec = OPERATIONS[name];
    const handler = handlers[name] as OperationHandler<N>;
    const booleanPaths =
      operation.request !== undefined && operation.bodyEncodings.includes("form")
        ? booleanPathsOf(operation.request)
        : undefined;
    return async (request) => {
      const token = await authorize(request.request, operation);
      // Charged only once authenticated: requests without a valid token do not drain the client's bucket.
      request.charge();
      const payload = (
        operation.request === undefined
          ? undefined
          : parsePayload(operation.request, managementBody(request, operation, booleanPaths))
      ) as OperationRequest<N>;
      return { status: 200, body: await handler({ ...request, payload, token }) };
    };
  }

  const table = new Map<string, Partial<Record<string, RouteHandler>>>();
  for (const name of OPERATION_NAMES) {
    const path = `${API_PREFIX}${OPERATIONS[name].path}`;
    table.set(path, { ...table.get(path), [OPERATIONS[name].method]: route(name) });
  }
  for (const [path, methods] of extra) table.set(path, { ...table.get(path), ...methods });
  return table;
}
