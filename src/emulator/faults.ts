/**
 * A route the emulator serves, as `"<METHOD> <path>"` with the path as the route names it: an endpoint's
 * `"PATCH /api/v2/<path>"` or, for a templated path, `"GET /api/v2/<things>/{id}"`,
 * `"POST /oauth/token"` or the key set's. `TenantEmulator.routes` lists them.
 */
export type EmulatorRoute = string;

/** Where a fault applies: one route, or `"*"` for every request (unknown paths included). */
export type FaultRoute = EmulatorRoute;

/**
 * A response the emulator gives instead of (or before) the normal one.
 *
 * - `rateLimit`: 429 `too_many_requests`, `X-RateLimit-Remaining: 0` and `X-RateLimit-Reset` set
 *   `resetInSeconds` (default 1) ahead; with `retryAfterSeconds`, also a `Retry-After` header.
 * - `serverError`: the status (default 500) with the platform's error body.
 * - `delay`: waits `ms`, then handles the request normally (a delay longer than the client's timeout makes the
 *   client give up while the request still takes effect afterwards, as with a real slow server).
 * - `connectionReset`: destroys the socket without any response.
 * - `malformedBody`: 200 with a body that is not JSON (`"non-json"`, the default) or JSON of the wrong shape
 *   (`"wrong-shape"`), or exactly `body` when given.
 *
 * A fault other than `delay` replaces the whole response and takes no token from the rate-limit bucket.
 */
export type Fault =
  | { readonly kind: "rateLimit"; readonly resetInSeconds?: number; readonly retryAfterSeconds?: number }
  | { readonly kind: "serverError"; readonly status?: 500 | 502 | 503 }
  | { readonly kind: "delay"; readonly ms: number }
  | { readonly kind: "connectionReset" }
  | { readonly kind: "malformedBody"; readonly variant?: "non-json" | "wrong-shape"; readonly body?: string };

/** The kinds of {@link Fault}. */
export type FaultKind = Fault["kind"];

function checkFault(fault: Fault): void {
  const nonNegative = (name: string, value: number | undefined): void => {
    if (value !== undefined && !(Number.isFinite(value) && value >= 0)) {
      throw new RangeError(`${name} must be a non-negative number, got ${value}`);
    }
  };
  switch (fault.kind) {
    case "rateLimit":
      nonNegative("resetInSeconds", fault.resetInSeconds);
      nonNegative("retryAfterSeconds", fault.retryAfterSeconds);
      return;
    case "delay":
      nonNegative("ms", fault.ms);
      return;
    case "serverError":
      if (fault.status !== undefined && ![500, 502, 503].includes(fault.status)) {
        throw new RangeError(`serverError status must be 500, 502 or 503, got ${String(fault.status)}`);
      }
      return;
    case "connectionReset":
    case "malformedBody":
      return;
    default:
      throw new TypeError(`Unknown fault kind: ${String((fault as { kind?: unknown }).kind)}`);
  }
}

/** Queues of faults per route; the route's own queue is used before the `"*"` queue. */
export class FaultQueue {
  private readonly queues = new Map<FaultRoute, Fault[]>();

  /** @param routes the routes faults may name */
  constructor(private readonly routes: () => readonly string[]) {}

  /** Makes the next `count` responses of `route` the given fault. Throws on an unknown route or bad fault. */
  add(route: FaultRoute, fault: Fault, count = 1): void {
    if (route !== "*" && !this.routes().includes(route)) {
      throw new TypeError(
        `Unknown route ${JSON.stringify(route)}; use "*" or one of: ${this.routes().join(", ")}`,
      );
    }
    if (!Number.isInteger(count) || count < 1)
      throw new RangeError(`count must be a positive integer, got ${count}`);
    checkFault(fault);
    const queue = this.queues.get(route) ?? [];
    for (let index = 0; index < count; index += 1) queue.push(fault);
    this.queues.set(route, queue);
  }

  /** Takes the next fault for a request of `route` (`"<METHOD> <path>"`), if one is queued. */
  take(route: string): Fault | undefined {
    for (const key of [route, "*"] as FaultRoute[]) {
      const queue = this.queues.get(key);
      const fault = queue?.shift();
      if (queue?.length === 0) this.queues.delete(key);
      if (fault) return fault;
    }
    return undefined;
  }

  /** Drops every queued fault. */
  clear(): void {
    this.queues.clear();
  }
}
