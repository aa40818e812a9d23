import type { IncomingMessage } from "node:http";

// The route types apart from the router: the server's declarations name them, and the router's load the
// endpoints' schemas.

/** What a handler gets: the request (headers), its query and its raw body (already read within the limit). */
export interface RouteRequest {
  readonly request: IncomingMessage;
  readonly query: URLSearchParams;
  readonly body: Buffer;
  /** The path parameters of a templated route (`{id}`), decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** Takes a token from the tenant's rate-limit bucket (throws the 429); called once a request authenticated. */
  readonly charge: () => void;
}

/** A successful response: status, JSON body (none for a 204) and extra headers. Failures are thrown. */
export interface RouteReply {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A route's handler. */
export type RouteHandler = (request: RouteRequest) => Promise<RouteReply>;

/** The handlers of one path (template), by method, and the parameters the request's path gave. */
interface RouteMatch {
  /** The route's path as the table names it: `/api/v2/<things>/{id}`. */
  readonly template: string;
  readonly handlers: Readonly<Partial<Record<string, RouteHandler>>>;
  readonly params: Readonly<Record<string, string>>;
}

/** Routes by path, where `{name}` in a path matches one segment. */
export class RouteTable {
  readonly #routes = new Map<
    string,
    { pattern: RegExp; names: string[]; handlers: Partial<Record<string, RouteHandler>> }
  >();

  /** Adds `handler` for `method` at `template`. */
  add(method: string, template: string, handler: RouteHandler): void {
    const existing = this.#routes.get(template);
    if (existing !== undefined) {
      existing.handlers[method] = handler;
      return;
    }
    const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "");
    const source = template
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
      .join("([^/]+)");
    this.#routes.set(template, {
      pattern: new RegExp(`^${source}$`),
      names,
      handlers: { [method]: handler },
    });
  }

  /** The route `path` addresses (exact paths before templates), or `undefined`. */
  match(path: string): RouteMatch | undefined {
    const exact = this.#routes.get(path);
    if (exact !== undefined && exact.names.length === 0)
      return { template: path, handlers: exact.handlers, params: {} };
    for (const [template, route] of this.#routes) {
      const match = route.pattern.exec(path);
      if (match === null) continue;
      let params: Record<string, string>;
      try {
        params = Object.fromEntries(
          route.names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? "")]),
        );
      } catch {
        return undefined;
      }
      return { template, handlers: route.handlers, params };
    }
    return undefined;
  }

  /** Every route, as `"<METHOD> <template>"`. */
  routes(): string[] {
    return [...this.#routes].flatMap(([template, route]) =>
      Object.keys(route.handlers).map((method) => `${method} ${template}`),
    );
  }
}
