import { RequestPacer } from "../../../src/client/pacing";
import { TokenBucket, rateLimitHeaders } from "../../../src/emulator/rateLimit";

/** A clock that a sleep moves forward, as time would pass. */
function fakeTime() {
  const clock = { t: 1_700_000_000_250, sleeps: [] as number[] };
  return {
    clock,
    now: () => clock.t,
    sleep: (ms: number) => {
      clock.sleeps.push(ms);
      clock.t += ms;
      return Promise.resolve();
    },
  };
}

const headers = (limit: number, remaining: number, resetSeconds: number) => ({
  "x-ratelimit-limit": String(limit),
  "x-ratelimit-remaining": String(remaining),
  "x-ratelimit-reset": String(resetSeconds),
});

describe("RequestPacer", () => {
  it("lets requests go at once until an answer describes the budget", async () => {
    const time = fakeTime();
    const pacer = new RequestPacer(time);
    for (let i = 0; i < 5; i += 1) expect(await pacer.acquire()).toBe(0);
    expect(time.clock.sleeps).toEqual([]);
  });

  it("waits for the next token when the tenant says none is left, at the lowest rate the reset allows", async () => {
    const time = fakeTime();
    const pacer = new RequestPacer(time);
    await pacer.acquire();
    // None left of two, full again in 2 s: at least one request's worth refills in those 2 s (the count is
    // rounded down), so the pacer counts on that much.
    time.clock.t = 1_700_000_000_000;
    pacer.observe(200, headers(2, 0, 1_700_000_002), time.clock.t);
    expect(await pacer.acquire()).toBe(2000);
  });

  it("counts the refill from when the request left, not from when a busy process read the answer", async () => {
    const time = fakeTime();
    const pacer = new RequestPacer(time);
    time.clock.t = 1_700_000_000_000;
    await pacer.acquire();
    const sentAt = time.clock.t;
    time.clock.t += 500;
    pacer.observe(200, headers(2, 0, 1_700_000_001), sentAt);
    // One request's worth in the 1 s since it left (not in the 0.5 s left when the answer was read).
    expect(await pacer.acquire()).toBe(1000);
  });

  it("counts requests still in flight against what an answer says is left", async () => {
    const time = fakeTime();
    const pacer = new RequestPacer(time);
    await pacer.acquire();
    await pacer.acquire();
    pacer.observe(200, headers(10, 1, Math.ceil(time.clock.t / 1000) + 9), time.clock.t);
    // One left, but the other request in flight will take it.
    expect(await pacer.acquire()).toBeGreaterThan(0);
  });

  it("makes the wait a 429 asks for once, for the retry and the requests behind it", async () => {
    const time = fakeTime();
    const pacer = new RequestPacer(time);
    await pacer.acquire();
    pacer.observe(429, headers(2, 0, Math.ceil(time.clock.t / 1000) + 1), time.clock.t);
    pacer.holdFor(1125);
    expect(await pacer.acquire()).toBe(1125);
    pacer.release();
    expect(time.clock.sleeps).toEqual([1125]);
  });

  it.each([
    ["one at a time", 1],
    ["four at a time", 4],
  ])("keeps a tenant at 1 request/s (bursts of 2) without a 429, %s", async (_title, concurrency) => {
    const time = fakeTime();
    const bucket = new TokenBucket({ requestsPerSecond: 1, burst: 2 }, time.now);
    const pacer = new RequestPacer(time);
    const statuses: number[] = [];
    const worker = async () => {
      for (let i = 0; i < 40 / concurrency; i += 1) {
        await pacer.acquire();
        const decision = bucket.take();
        statuses.push(decision.allowed ? 200 : 429);
        pacer.observe(decision.allowed ? 200 : 429, rateLimitHeaders(decision), time.clock.t);
        if (!decision.allowed) pacer.holdFor(Math.max(0, decision.reset * 1000 - time.clock.t));
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    expect(statuses).toHaveLength(40);
    expect(statuses.filter((status) => status === 429).length).toBeLessThanOrEqual(1);
    // Not slower than the limit allows by much: 40 requests at 1/s after a burst of 2 take about 38 s.
    expect(time.clock.t - 1_700_000_000_250).toBeLessThan(60_000);
  });
});
