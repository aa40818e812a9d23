import { freezeDate } from "../support/frozenDate";
import { TenantRateLimitError } from "../../../src/client/errors";
import { RETRY_POLICY } from "../../../src/client/http";
import { getPhoneTemplates } from "../../../src/resources/phoneTemplates/api";
import { getTenantSettings } from "../../../src/resources/tenantSettings/api";
import { ROUTES, caught, startHarness } from "./support/harness";
import type { Harness } from "./support/harness";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => harness.reset());

const HALF_JITTER = RETRY_POLICY.rateLimitJitterMs / 2;

/**
 * A clock an hour ahead of the emulator's (so its X-RateLimit-Reset reads as past), standing still: the pacer
 * counts a hold from the 429, and a moving clock would take the milliseconds a busy machine spends before the
 * retry's turn off the wait.
 */
function anHourAheadStandingStill(): () => number {
  const at = Date.now() + 3_600_000;
  return () => at;
}

describe("429 handling", () => {
  it("logs each wait, naming the operation and the budget, without credentials", async () => {
    const { client, logs } = harness.client();
    await client.send(getTenantSettings);
    harness.emulator.injectFault(ROUTES.getSettings, { kind: "rateLimit", resetInSeconds: 1 });

    await client.send(getTenantSettings);

    expect(logs).toEqual([
      expect.stringMatching(
        /^GET \/tenants\/settings: rate-limited \(429\); waiting [\d.]+ s \(0 s of the 60 s budget used so far\)$/,
      ),
    ]);
  });

  it("waits until X-RateLimit-Reset before retrying a 429", async () => {
    // The wall clock, which the emulator's Reset and the client's wait both read, stands still.
    const frozenAt = Date.now();
    freezeDate(frozenAt);
    let sleeps: number[];
    try {
      const tested = harness.client();
      sleeps = tested.sleeps;
      await tested.client.send(getTenantSettings);
      harness.reset();
      harness.emulator.injectFault(ROUTES.getSettings, { kind: "rateLimit", resetInSeconds: 5 });

      await tested.client.send(getTenantSettings);
    } finally {
      jest.useRealTimers();
    }

    expect(harness.requests()).toEqual([`${ROUTES.getSettings} 429`, `${ROUTES.getSettings} 200`]);
    // Reset is the whole UNIX second 5 to 6 s ahead: the wait is what is left of it, plus half the jitter
    // (and not the 1 s fallback backoff).
    const reset = Math.ceil(frozenAt / 1000 + 5);
    expect(sleeps).toEqual([reset * 1000 - frozenAt + HALF_JITTER]);
  });

  it("uses Retry-After when X-RateLimit-Reset is in the past", async () => {
    const { client, sleeps } = harness.client({}, { now: anHourAheadStandingStill() });
    await client.send(getTenantSettings);
    harness.emulator.injectFault(ROUTES.getSettings, {
      kind: "rateLimit",
      resetInSeconds: 1,
      retryAfterSeconds: 3,
    });

    await client.send(getTenantSettings);

    expect(sleeps).toEqual([3000 + HALF_JITTER]);
  });

  it("backs off exponentially when neither header gives a usable time", async () => {
    const { client, sleeps } = harness.client({}, { now: anHourAheadStandingStill() });
    await client.send(getTenantSettings);
    harness.emulator.injectFault(ROUTES.getSettings, { kind: "rateLimit", resetInSeconds: 1 }, 3);

    await client.send(getTenantSettings);

    expect(sleeps).toEqual([1000, 2000, 4000].map((ms) => ms + HALF_JITTER));
  });

  it("throws a TenantRateLimitError without waiting when the reset is beyond the budget", async () => {
    const { client, sleeps } = harness.client({ rateLimitBudgetSeconds: 2 });
    await client.send(getTenantSettings);
    harness.emulator.injectFault(ROUTES.getSettings, { kind: "rateLimit", resetInSeconds: 30 });

    const error = await caught(() => client.send(getTenantSettings));

    expect(error).toBeInstanceOf(TenantRateLimitError);
    expect(sleeps).toEqual([]);
    expect(error.message).toMatch(
      /^GET \/tenants\/settings failed: 429 too_many_requests: .*Rate-limited: waited 0 s in total/,
    );
    expect(error.message).toContain("rate-limit budget of 2 s");
    expect(error.message).toContain("tenant-admin:rateLimitBudgetSeconds");
    expect(error.message).toContain("TENANT_ADMIN_RATE_LIMIT_BUDGET_SECONDS");
    expect(error.message).toContain("re-running converges");
    expect(error).toMatchObject({ status: 429, waitedMs: 0, budgetMs: 2000 });
  });

  it("keeps waiting within the budget, then gives up with the total it waited", async () => {
    const { client, sleeps } = harness.client(
      { rateLimitBudgetSeconds: 5 },
      { now: anHourAheadStandingStill() },
    );
    await client.send(getTenantSettings);
    harness.emulator.injectFault(ROUTES.getSettings, { kind: "rateLimit", retryAfterSeconds: 2 }, 10);

    const error = await caught(() => client.send(getTenantSettings));

    expect(error).toBeInstanceOf(TenantRateLimitError);
    expect(sleeps).toEqual([2125, 2125]);
    expect(error).toMatchObject({ waitedMs: 4250, budgetMs: 5000, nextWaitMs: 2125 });
    expect(error.message).toContain(
      "waited 4.3 s in total, and waiting 2.1 s more would exceed the rate-limit budget of 5 s",
    );
    expect(harness.requests().filter((line) => line.includes("429"))).toHaveLength(3);
  });

  it("retries a rate-limited token request too", async () => {
    const { client, sleeps } = harness.client({}, { now: anHourAheadStandingStill() });
    harness.emulator.injectFault(ROUTES.token, { kind: "rateLimit", retryAfterSeconds: 1 });
    await client.send(getPhoneTemplates);
    expect(harness.requests()).toEqual([
      `${ROUTES.token} 429`,
      `${ROUTES.token} 200`,
      `${ROUTES.getPhoneTemplates} 200`,
    ]);
    expect(sleeps).toEqual([1000 + HALF_JITTER]);
  });

  it("honours X-RateLimit-Reset with a real wait", async () => {
    const { client } = harness.client({}, { realSleep: true });
    await client.send(getTenantSettings);
    harness.reset();
    harness.emulator.injectFault(ROUTES.getSettings, { kind: "rateLimit", resetInSeconds: 1 });

    await client.send(getTenantSettings);

    const [limited, retried] = harness.emulator.requestLog;
    expect(limited?.status).toBe(429);
    expect(retried?.status).toBe(200);
    // The reset was at the next whole second at least 1 s after the 429; the retry came no earlier.
    const resetAt = Math.ceil((limited!.time + 1000) / 1000) * 1000;
    expect(retried!.time).toBeGreaterThanOrEqual(resetAt - 5);
  });
});
