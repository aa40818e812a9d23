/**
 * Pacing of one tenant's requests from its rate-limit headers: a request waits for the tenant's budget before
 * it is sent, rather than after a 429. Whoever makes the clients shares one pacer between those that talk to
 * one tenant.
 */
import { RATE_LIMIT_HEADERS, parseRateLimitReset } from "../wire/errors";

/** A wait shorter than this is part of normal pacing and is not logged. */
export const LONG_PACING_WAIT_MS = 5000;

/** Options of a {@link RequestPacer}; the clock and sleep are injectable for tests. */
interface RequestPacerOptions {
  /** The current time in ms since the epoch; default `Date.now`. */
  now?: (() => number) | undefined;
  /** Waits; default a `setTimeout` promise. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

/**
 * One tenant's request budget as its answers describe it: a token bucket of `X-RateLimit-Limit` requests,
 * `X-RateLimit-Remaining` of them left, full again at `X-RateLimit-Reset` (UNIX seconds), so refilled at
 * (limit − remaining) ÷ (reset − now). Each request takes a token before it is sent ({@link acquire}),
 * waiting, in arrival order, while the estimate has none; each answer corrects the estimate ({@link observe}).
 * The refill rate is taken as the highest the answers showed, each estimated low (the remaining count is
 * rounded down, the reset up to a whole second), so that pacing errs on the side of waiting. Before the first answer with headers, requests go at once.
 */
export class RequestPacer {
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  /** Tokens the bucket holds, by this process's estimate, at {@link #at}; `undefined` before any answer. */
  #tokens: number | undefined;
  #at = 0;
  #limit = 0;
  /** Tokens added per ms; 0 while no answer showed a bucket short of full. */
  #rate = 0;
  /** When the last answer said the bucket is full again (its reset), in ms; 0 when it did not say. */
  #fullAt = 0;
  /** Until when every request waits: the wait a refused request was told to make. */
  #heldUntil = 0;
  /** Requests that took a token and have not been answered yet. */
  #inFlight = 0;
  /** The tail of the queue of waiting requests: each waits for the one before it. */
  #queue: Promise<void> = Promise.resolve();

  constructor(options: RequestPacerOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /**
   * Waits until the tenant's budget has a request for this one, then takes it. Resolves with how long it
   * waited, in ms. Each call must be followed by one {@link observe} or {@link release}.
   */
  acquire(): Promise<number> {
    const turn = this.#queue.then(() => this.#take());
    this.#queue = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  /**
   * Holds every request of the tenant for `ms` from now, the retry of the refused one included: the wait a
   * 429 asks for, made once, by {@link acquire}.
   */
  holdFor(ms: number): void {
    this.#heldUntil = Math.max(this.#heldUntil, this.#now() + ms);
  }

  /** The end of a request that got no answer: its token stays spent. */
  release(): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
  }

  /**
   * The answer to a request that {@link acquire} let go at `sentAt` (ms): its rate-limit headers (lower-case
   * names) reset the estimate. Requests still in flight are not counted in them yet, so they are taken off.
   */
  observe(status: number, headers: Readonly<Record<string, string | undefined>>, sentAt: number): void {
    this.release();
    const now = this.#now();
    const limit = Number(headers[RATE_LIMIT_HEADERS.limit]);
    const remaining = Number(headers[RATE_LIMIT_HEADERS.remaining]);
    const reset = parseRateLimitReset(headers[RATE_LIMIT_HEADERS.reset]);
    if (status === 429) {
      // Refused: no token now; the sender says how long to hold every request ({@link holdFor}).
      this.#tokens = 0;
      this.#at = Math.max(this.#at, now);
      if (Number.isFinite(limit) && limit > 0) this.#limit = limit;
      return;
    }
    if (!Number.isFinite(limit) || !Number.isFinite(remaining) || limit <= 0) return;
    this.#limit = limit;
    this.#fullAt = reset === undefined ? 0 : reset * 1000;
    // At least limit − remaining − 1 tokens are missing (the count is rounded down), refilled by the reset
    // (rounded up) counted from before the tenant answered (a busy process reads the answer late): an
    // estimate of the refill rate at most the true one.
    const missing = limit - remaining - 1;
    if (reset !== undefined && missing > 0 && reset * 1000 > sentAt) {
      this.#rate = Math.max(this.#rate, missing / (reset * 1000 - sentAt));
    }
    this.#tokens = remaining - this.#inFlight;
    this.#at = now;
  }

  async #take(): Promise<number> {
    const now = this.#now();
    const wait = this.#waitAt(now);
    if (wait > 0) await this.#sleep(wait);
    // The wait served the hold, whatever the clock says (a test's clock may stand still).
    if (now + wait >= this.#heldUntil) this.#heldUntil = 0;
    if (this.#tokens !== undefined) {
      this.#settle(Math.max(this.#now(), now + wait));
      this.#tokens -= 1;
    }
    this.#inFlight += 1;
    return wait;
  }

  /** How long a request that arrives at `now` must wait for a token: 0 when there is one. */
  #waitAt(now: number): number {
    if (now < this.#heldUntil) return this.#heldUntil - now;
    if (this.#tokens === undefined) return 0;
    this.#settle(now);
    if (this.#tokens >= 1) return 0;
    // No refill rate shown yet: the bucket is full at its reset; without one, nothing to pace by.
    if (this.#rate === 0) return Math.max(0, this.#fullAt - now);
    return Math.ceil((1 - this.#tokens) / this.#rate);
  }

  /** Adds what the bucket refilled since the last estimate. */
  #settle(now: number): void {
    if (this.#tokens === undefined) return;
    const refilled =
      this.#rate === 0
        ? this.#fullAt > 0 && now >= this.#fullAt
          ? this.#limit
          : this.#tokens
        : this.#tokens + Math.max(0, now - this.#at) * this.#rate;
    this.#tokens = Math.min(this.#limit, Math.max(this.#tokens, refilled));
    this.#at = Math.max(this.#at, now);
  }
}
