import { RATE_LIMIT_HEADERS } from "../wire";

/** A token bucket: `burst` requests at once, refilled at `requestsPerSecond`. */
export interface RateLimitOptions {
  /** Tokens added per second. */
  readonly requestsPerSecond: number;
  /** The bucket's capacity: how many requests may arrive at once. */
  readonly burst: number;
}

/** The default limit, generous enough for end-to-end tests: 100 requests/s with bursts of 200. */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = { requestsPerSecond: 100, burst: 200 };

/**
 * Limits shaped like the platform's documented management API limits per plan (its "Rate limit policy"
 * pages), as token buckets:
 *
 * - `free`: free and trial tenants, 2 requests/s with bursts of up to 10.
 * - `enterprise`: bursts of 50 requests, sustained 1,000 per minute (about 16.7/s).
 * - `default`: the emulator's own default, generous enough for tests (100/s, bursts of 200).
 *
 * Each answers with `X-RateLimit-Limit` (the burst), `X-RateLimit-Remaining` and `X-RateLimit-Reset`
 * (UNIX seconds), and a refused request gets the platform's 429 `too_many_requests` body.
 */
export const RATE_LIMIT_PRESETS = {
  free: { requestsPerSecond: 2, burst: 10 },
  enterprise: { requestsPerSecond: 1000 / 60, burst: 50 },
  default: DEFAULT_RATE_LIMIT,
} as const satisfies Record<string, RateLimitOptions>;

/** The name of one of {@link RATE_LIMIT_PRESETS}. */
export type RateLimitPreset = keyof typeof RATE_LIMIT_PRESETS;

/** The bucket a preset name or explicit options describe (a `RangeError` for an unknown name). */
export function rateLimitFrom(limit: RateLimitOptions | RateLimitPreset): RateLimitOptions {
  if (typeof limit !== "string") return checkRateLimitOptions(limit);
  if (!Object.hasOwn(RATE_LIMIT_PRESETS, limit)) {
    throw new RangeError(
      `rateLimit must be one of ${Object.keys(RATE_LIMIT_PRESETS).join(", ")} or {requestsPerSecond, burst}, got ${JSON.stringify(limit)}`,
    );
  }
  return RATE_LIMIT_PRESETS[limit];
}

/** The outcome of one request against the bucket, with the values of the three rate-limit headers. */
export interface RateLimitDecision {
  readonly allowed: boolean;
  /** `X-RateLimit-Limit`: the bucket's capacity. */
  readonly limit: number;
  /** `X-RateLimit-Remaining`: whole requests left right now. */
  readonly remaining: number;
  /**
   * `X-RateLimit-Reset`: a UNIX time in whole seconds. When the request was allowed, when the bucket will be
   * full again; when it was refused, when the next request will be allowed.
   */
  readonly reset: number;
}

/** Throws a `RangeError` unless the options describe a usable bucket. */
function checkRateLimitOptions(options: RateLimitOptions): RateLimitOptions {
  const { requestsPerSecond, burst } = options;
  if (!Number.isFinite(requestsPerSecond) || requestsPerSecond <= 0) {
    throw new RangeError(`rateLimit.requestsPerSecond must be a positive number, got ${requestsPerSecond}`);
  }
  if (!Number.isFinite(burst) || burst < 1) {
    throw new RangeError(`rateLimit.burst must be a number >= 1, got ${burst}`);
  }
  return { requestsPerSecond, burst };
}

/** A token bucket over a clock in milliseconds (`Date.now` unless a test gives another). */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number = Date.now,
  ) {
    checkRateLimitOptions(options);
    this.tokens = options.burst;
    this.updatedAt = now();
  }

  /** Takes one token if there is one. */
  take(): RateLimitDecision {
    const now = this.refill();
    const allowed = this.tokens >= 1;
    if (allowed) this.tokens -= 1;
    return this.decision(allowed, now);
  }

  /** The headers' values right now, without taking a token. */
  peek(): RateLimitDecision {
    return this.decision(true, this.refill());
  }

  private refill(): number {
    const now = this.now();
    const elapsedSeconds = Math.max(0, now - this.updatedAt) / 1000;
    this.tokens = Math.min(this.options.burst, this.tokens + elapsedSeconds * this.options.requestsPerSecond);
    this.updatedAt = now;
    return now;
  }

  private decision(allowed: boolean, now: number): RateLimitDecision {
    const { burst, requestsPerSecond } = this.options;
    const missing = allowed ? burst - this.tokens : 1 - this.tokens;
    const resetMs = now + (Math.max(0, missing) / requestsPerSecond) * 1000;
    return {
      allowed,
      limit: Math.floor(burst),
      remaining: Math.max(0, Math.floor(this.tokens)),
      reset: Math.ceil(resetMs / 1000),
    };
  }
}

/** The three rate-limit headers for a decision. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    [RATE_LIMIT_HEADERS.limit]: String(decision.limit),
    [RATE_LIMIT_HEADERS.remaining]: String(decision.remaining),
    [RATE_LIMIT_HEADERS.reset]: String(decision.reset),
  };
}
