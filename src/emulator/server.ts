import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { performance } from "node:perf_hooks";

import { AUTH_PATHS } from "../wire/endpoint";

import { readBody } from "./body";
import { BodyError } from "./bodyError";
import { HttpError, apiError, apiErrorBody, oauthError, statusText } from "./errors";
import type { Fault, FaultKind, FaultQueue } from "./faults";
import { DEFAULT_RATE_LIMIT, rateLimitHeaders } from "./rateLimit";
import type { RateLimitDecision, TokenBucket } from "./rateLimit";
import type { RouteReply } from "./routeTable";
import { RouteTable } from "./routeTable";

/** One handled request, as tests read it from the request log. */
export interface RequestLogEntry {
  /** The HTTP method. */
  readonly method: string;
  /** The path, without the query string. */
  readonly path: string;
  /** The response status; 0 when no response was sent (connection reset, client gone). */
  readonly status: number;
  /** When the request arrived, in UNIX milliseconds. */
  readonly time: number;
  /** How long it took to answer, in milliseconds. */
  readonly durationMs: number;
  /** The injected fault that shaped this response, if any. */
  readonly fault?: FaultKind;
  /** Which TCP connection it came on: 1 for the server's first, and so on (keep-alive reuses one). */
  readonly connection: number;
}

/** The request log keeps at most this many entries (the oldest are dropped). */
const REQUEST_LOG_LIMIT = 10_000;

/** What the server needs besides its routes. */
interface ServerOptions {
  readonly faults: FaultQueue;
  /** The tenant's rate limit; `undefined` when it is off (no rate-limit headers then). */
  readonly bucket: TokenBucket | undefined;
  readonly bodyLimitBytes: number;
  /** Receives one line per request: method, path, status, milliseconds. */
  readonly log: ((line: string) => void) | undefined;
  /** Serve https with this certificate and key (PEM); plain http without. */
  readonly tls?: { readonly cert: string; readonly key: string } | undefined;
  /** Added before every request is handled: `ms` plus up to `jitterMs` at random. */
  readonly latency?: { readonly ms: number; readonly jitterMs: number } | undefined;
}

const JSON_TYPE = "application/json; charset=utf-8";
const NON_JSON_BODY = "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>";
const WRONG_SHAPE_BODY = JSON.stringify([{ unexpected: "shape" }]);
/** How long `close()` lets in-flight requests finish before dropping their connections. */
const CLOSE_GRACE_MS = 2_000;

class ClientGone extends Error {
  override readonly name = "ClientGone";
}

/** Splits a request target into its path (one trailing slash removed) and query. */
function splitTarget(target: string): { path: string; query: URLSearchParams } {
  let rest = target;
  if (!rest.startsWith("/")) {
    // Absolute form (`http://host/path`); anything else (`*`) matches no route.
    try {
      const url = new URL(rest);
      rest = `${url.pathname}${url.search}`;
    } catch {
      return { path: rest, query: new URLSearchParams() };
    }
  }
  const queryStart = rest.indexOf("?");
  let path = queryStart === -1 ? rest : rest.slice(0, queryStart);
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return { path, query: new URLSearchParams(queryStart === -1 ? "" : rest.slice(queryStart + 1)) };
}

/** The order methods are listed in an `Allow` header, whatever order the objects registered them in. */
const METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE"];

function byMethodOrder(a: string, b: string): number {
  const rank = (method: string): number => {
    const index = METHOD_ORDER.indexOf(method);
    return index === -1 ? METHOD_ORDER.length : index;
  };
  return rank(a) - rank(b);
}

/** The node:http server: faults, rate limit, routing, body limit, error shapes, request log and log lines. */
export class EmulatorServer {
  /** Every handled request, oldest first. */
  readonly requestLog: RequestLogEntry[] = [];
  private readonly server: Server;
  private routes = new RouteTable();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly cancelDelays = new Set<() => void>();
  private closing: Promise<void> | undefined;
  private readonly connectionIds = new WeakMap<Socket, number>();
  private connections = 0;
  private connectionsAtClear = 0;

  constructor(private readonly options: ServerOptions) {
    const onRequest = (request: IncomingMessage, response: ServerResponse): void => {
      const done = this.handle(request, response).finally(() => this.inFlight.delete(done));
      this.inFlight.add(done);
    };
    this.server = options.tls
      ? createTlsServer({ keepAlive: true, cert: options.tls.cert, key: options.tls.key }, onRequest)
      : createServer({ keepAlive: true }, onRequest);
    // A TLS request's socket is the TLS socket, which "secureConnection" hands over; plain http's is the TCP one.
    this.server.on(options.tls ? "secureConnection" : "connection", (socket: Socket) => {
      this.connections += 1;
      this.connectionIds.set(socket, this.connections);
    });
    this.server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
      if (error.code === "ECONNRESET" || !socket.writable) {
        socket.destroy();
        return;
      }
      const body = JSON.stringify(apiErrorBody(400, "Bad Request"));
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
    });
  }

  /** TCP connections opened since the start or the last {@link EmulatorServer.clearRequestLog}. */
  get connectionsOpened(): number {
    return this.connections - this.connectionsAtClear;
  }

  /** Empties the request log and restarts the connection count. */
  clearRequestLog(): void {
    this.requestLog.length = 0;
    this.connectionsAtClear = this.connections;
  }

  /** Serves the given routes from now on. */
  setRoutes(routes: RouteTable): void {
    this.routes = routes;
  }

  /** Listens on `host:port` (0 = a free port). */
  listen(port: number, host: string): Promise<AddressInfo> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, host, () => {
        this.server.off("error", reject);
        resolve(this.server.address() as AddressInfo);
      });
    });
  }

  /**
   * Stops accepting connections, cancels injected delays, lets in-flight requests finish (up to a grace
   * period), then closes every connection.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
      this.server.closeIdleConnections();
      for (const cancel of this.cancelDelays) cancel();
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_GRACE_MS);
      });
      await Promise.race([Promise.allSettled([...this.inFlight]), grace]);
      clearTimeout(timer);
      this.server.closeAllConnections();
      await closed;
    })();
    return this.closing;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = performance.now();
    const time = Date.now();
    const method = request.method ?? "GET";
    const { path, query } = splitTarget(request.url ?? "/");
    const isOAuth = path === AUTH_PATHS.token;
    const connection = this.connectionIds.get(request.socket) ?? 0;
    const matched = this.routes.match(path);
    const fault = this.options.faults.take(`${method} ${matched?.template ?? path}`);
    const record = (status: number): void => {
      const durationMs = performance.now() - started;
      const entry: RequestLogEntry = fault
        ? { method, path, status, time, durationMs, fault: fault.kind, connection }
        : { method, path, status, time, durationMs, connection };
      this.requestLog.push(entry);
      if (this.requestLog.length > REQUEST_LOG_LIMIT + 1000) this.requestLog.splice(0, 1000);
      this.options.log?.(
        `${method} ${path.slice(0, 200)} ${status === 0 ? "reset" : status} ${durationMs.toFixed(1)}ms`,
      );
    };
    let rateHeaders: Record<string, string> = {};
    try {
      const latency = this.options.latency;
      if (latency !== undefined && latency.ms + latency.jitterMs > 0) {
        await this.delay(latency.ms + Math.random() * latency.jitterMs);
      }
      if (fault && fault.kind !== "delay") {
        this.sendFault(fault, response, record);
        return;
      }
      // Until a request is charged (after it authenticated), its headers show the bucket without taking a token.
      const bucket = this.options.bucket;
      if (bucket) rateHeaders = rateLimitHeaders(bucket.peek());
      const charge = (): void => {
        const decision = bucket?.take();
        if (!decision) return;
        rateHeaders = rateLimitHeaders(decision);
        if (!decision.allowed) throw apiError(429, "Global limit has been reached", "too_many_requests");
      };
      const body = await readBody(request, this.options.bodyLimitBytes);
      // The body is in: a delayed request takes effect even if the client gives up waiting meanwhile.
      if (fault?.kind === "delay") await this.delay(fault.ms);
      if (!matched) throw apiError(404, "Not Found");
      const handlers = matched.handlers;
      const allowed = Object.keys(handlers).sort(byMethodOrder);
      if (method === "OPTIONS") {
        const allow = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
        this.send(response, { status: 204, body: undefined, headers: { allow } }, rateHeaders, record);
        return;
      }
      // HEAD is GET without a body (node drops the body of a HEAD response).
      const handler = handlers[method === "HEAD" ? "GET" : method];
      if (!handler) {
        throw apiError(405, `Method ${method} is not allowed on ${path}`, undefined, {
          allow: allowed.join(", "),
        });
      }
      const reply = await handler({ request, query, body, charge, params: matched.params });
      this.send(response, reply, rateHeaders, record);
    } catch (error) {
      if (error instanceof ClientGone || response.destroyed || response.socket?.destroyed !== false) {
        record(0);
        response.destroy();
        return;
      }
      this.send(response, this.errorReply(error, isOAuth), rateHeaders, record);
    }
  }

  private errorReply(error: unknown, isOAuth: boolean): RouteReply {
    let failure: HttpError;
    if (error instanceof HttpError) failure = error;
    else if (error instanceof BodyError) {
      failure = isOAuth
        ? oauthError(error.status, "invalid_request", error.message)
        : apiError(error.status, error.message, error.status === 400 ? "invalid_body" : undefined);
      if (error.closeConnection) return { status: 413, body: failure.body, headers: { connection: "close" } };
    } else {
      const reason = error instanceof Error ? error.message : String(error);
      this.options.log?.(`internal error: ${reason}`);
      failure = isOAuth
        ? oauthError(500, "server_error", "Internal Server Error")
        : apiError(500, "Internal Server Error");
    }
    return { status: failure.status, body: failure.body, headers: failure.headers };
  }

  private send(
    response: ServerResponse,
    reply: RouteReply,
    rateHeaders: Readonly<Record<string, string>>,
    record: (status: number) => void,
    raw?: { body: string; contentType: string },
  ): void {
    if (response.headersSent || response.destroyed) {
      record(0);
      return;
    }
    record(reply.status);
    if (reply.status === 204) {
      response.writeHead(204, { ...rateHeaders, ...reply.headers });
      response.end();
      return;
    }
    const payload = raw?.body ?? JSON.stringify(reply.body);
    response.writeHead(reply.status, {
      "content-type": raw?.contentType ?? JSON_TYPE,
      "content-length": Buffer.byteLength(payload),
      ...rateHeaders,
      ...reply.headers,
    });
    response.end(payload);
  }

  private sendFault(
    fault: Exclude<Fault, { kind: "delay" }>,
    response: ServerResponse,
    record: (status: number) => void,
  ): void {
    const bucket = this.options.bucket;
    const rateHeaders = bucket ? rateLimitHeaders(bucket.peek()) : {};
    switch (fault.kind) {
      case "connectionReset":
        record(0);
        response.socket?.resetAndDestroy();
        response.destroy();
        return;
      case "rateLimit": {
        const limit = bucket?.peek().limit ?? DEFAULT_RATE_LIMIT.burst;
        const headers: Record<string, string> = rateLimitHeaders({
          allowed: false,
          limit,
          remaining: 0,
          reset: Math.ceil(Date.now() / 1000 + (fault.resetInSeconds ?? 1)),
        } satisfies RateLimitDecision);
        if (fault.retryAfterSeconds !== undefined)
          headers["retry-after"] = String(Math.ceil(fault.retryAfterSeconds));
        const body = apiErrorBody(429, "Global limit has been reached", "too_many_requests");
        this.send(response, { status: 429, body, headers }, {}, record);
        return;
      }
      case "serverError": {
        const status = fault.status ?? 500;
        this.send(response, { status, body: apiErrorBody(status, statusText(status)) }, rateHeaders, record);
        return;
      }
      case "malformedBody": {
        const variant = fault.variant ?? "non-json";
        const body = fault.body ?? (variant === "non-json" ? NON_JSON_BODY : WRONG_SHAPE_BODY);
        this.send(response, { status: 200, body: undefined }, rateHeaders, record, {
          body,
          contentType: JSON_TYPE,
        });
        return;
      }
    }
  }

  private delay(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const cancel = (): void => {
        clearTimeout(timer);
        this.cancelDelays.delete(cancel);
        reject(new ClientGone("The emulator is closing"));
      };
      const timer = setTimeout(() => {
        this.cancelDelays.delete(cancel);
        resolve();
      }, ms);
      this.cancelDelays.add(cancel);
    });
  }
}
