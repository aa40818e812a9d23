import { TokenBucket } from "../../../src/emulator/rateLimit";
import { freezeDate } from "../support/frozenDate";
import type { TenantEmulator } from "../../../src/emulator";

import {
  PHONE_TEMPLATES_PATH,
  SETTINGS_PATH,
  TOKEN_PATH,
  call,
  startLegacyPhoneEmulator,
  startTestEmulator,
} from "./support";

describe("TokenBucket", () => {
  const start = 1_700_000_000_000;

  function bucketAt(requestsPerSecond: number, burst: number) {
    let now = start;
    const bucket = new TokenBucket({ requestsPerSecond, burst }, () => now);
    return { bucket, advance: (ms: number) => (now += ms) };
  }

  it("allows a burst, then refuses until tokens refill at the configured rate", () => {
    const { bucket, advance } = bucketAt(2, 3);

    expect([bucket.take(), bucket.take(), bucket.take()].map((decision) => decision.allowed)).toEqual([
      true,
      true,
      true,
    ]);
    expect(bucket.take().allowed).toBe(false);
    advance(499);
    expect(bucket.take().allowed).toBe(false);
    advance(1);
    expect(bucket.take().allowed).toBe(true);
    expect(bucket.take().allowed).toBe(false);
  });

  it("reports the capacity, the whole tokens left and when the bucket is full again", () => {
    const { bucket } = bucketAt(2, 4);

    bucket.take();
    expect(bucket.take()).toEqual({
      allowed: true,
      limit: 4,
      remaining: 2,
      reset: Math.ceil((start + 1000) / 1000),
    });
  });

  it("on refusal reports no tokens left and when the next request will be allowed", () => {
    const { bucket, advance } = bucketAt(1, 1);

    bucket.take();
    advance(250);
    expect(bucket.take()).toEqual({
      allowed: false,
      limit: 1,
      remaining: 0,
      reset: Math.ceil((start + 1000) / 1000),
    });
  });

  it("never holds more than its capacity", () => {
    const { bucket, advance } = bucketAt(10, 2);

    advance(60_000);
    expect(bucket.peek().remaining).toBe(2);
  });

  it.each([
    [{ requestsPerSecond: 0, burst: 1 }],
    [{ requestsPerSecond: -1, burst: 1 }],
    [{ requestsPerSecond: 1, burst: 0.5 }],
    [{ requestsPerSecond: Number.NaN, burst: 1 }],
  ])("refuses the options %j", (options) => {
    expect(() => new TokenBucket(options)).toThrow(RangeError);
  });
});

describe("rate limiting over HTTP", () => {
  // The wall clock stands still unless a test moves it (the buckets read it), so no token refills mid-test.
  let clock: ReturnType<typeof freezeDate>;
  // A slow refill (one token per 5 s).
  let limited: TenantEmulator;
  // A fast refill, to see a refused client let in again after the reset time.
  let quick: TenantEmulator;
  let unlimited: TenantEmulator;

  beforeAll(async () => {
    clock = freezeDate();
    [limited, quick, unlimited] = await Promise.all([
      // A tenant of the legacy phone set-up, whose phone templates GET answers 200.
      startLegacyPhoneEmulator({ rateLimit: { requestsPerSecond: 0.2, burst: 3 } }),
      startTestEmulator({ rateLimit: { requestsPerSecond: 4, burst: 1 } }),
      startTestEmulator({ rateLimit: false }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([limited.close(), quick.close(), unlimited.close()]);
    jest.useRealTimers();
  });

  it("puts the three headers on management API and token responses, and answers 429 over the limit", async () => {
    const token = await limited.issueToken();
    const responses = [
      await call(limited, "GET", SETTINGS_PATH, { token }),
      await call(limited, "POST", TOKEN_PATH, { json: {} }),
      await call(limited, "GET", PHONE_TEMPLATES_PATH),
      await call(limited, "GET", PHONE_TEMPLATES_PATH, { token }),
      await call(limited, "GET", SETTINGS_PATH, { token }),
      await call(limited, "GET", SETTINGS_PATH, { token }),
    ];
    const nowSeconds = Date.now() / 1000;

    // The bad token request and the unauthenticated read take no token from the bucket.
    expect(responses.map((response) => response.status)).toEqual([200, 400, 401, 200, 200, 429]);
    for (const response of responses) {
      expect(response.headers.get("x-ratelimit-limit")).toBe("3");
      const reset = Number(response.headers.get("x-ratelimit-reset"));
      expect(Number.isInteger(reset)).toBe(true);
      expect(reset).toBeGreaterThanOrEqual(Math.floor(nowSeconds));
      expect(reset).toBeLessThanOrEqual(Math.ceil(nowSeconds) + 16);
    }
    expect(responses.map((response) => response.headers.get("x-ratelimit-remaining"))).toEqual([
      "2",
      "2",
      "2",
      "1",
      "0",
      "0",
    ]);
    expect(responses[5]?.body).toEqual({
      statusCode: 429,
      error: "Too Many Requests",
      message: "Global limit has been reached",
      errorCode: "too_many_requests",
    });
  });

  it("allows requests again once the next token has come, by the reset time", async () => {
    const token = await quick.issueToken();
    let response = await call(quick, "GET", SETTINGS_PATH, { token });
    while (response.status !== 429) response = await call(quick, "GET", SETTINGS_PATH, { token });
    const reset = Number(response.headers.get("x-ratelimit-reset"));
    // The next token comes 250 ms later; Reset is that moment rounded up to a whole second.
    expect(reset).toBe(Math.ceil((Date.now() + 250) / 1000));
    clock.advance(249);
    expect((await call(quick, "GET", SETTINGS_PATH, { token })).status).toBe(429);

    clock.advance(1);

    expect((await call(quick, "GET", SETTINGS_PATH, { token })).status).toBe(200);
  });

  it("sends no rate-limit headers and never 429 when it is off", async () => {
    const token = await unlimited.issueToken();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => call(unlimited, "GET", SETTINGS_PATH, { token })),
    );

    expect(new Set(responses.map((response) => response.status))).toEqual(new Set([200]));
    expect(responses[0]?.headers.get("x-ratelimit-limit")).toBeNull();
  });
});
