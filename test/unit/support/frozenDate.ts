/**
 * The wall clock (`Date`, and so `Date.now()`) stands still for the code under test until the test moves it;
 * timers, `performance.now()` and the event loop run as usual, so servers and clients in the process work.
 * For what reads the wall clock (token expiry, rate-limit Reset headers): a busy machine cannot move it.
 * Call `jest.useRealTimers()` afterwards; code that captured `Date.now` before keeps the real one.
 */
export function freezeDate(startMs = Date.now()): { advance(ms: number): void } {
  jest.useFakeTimers({
    now: startMs,
    doNotFake: [
      "hrtime",
      "nextTick",
      "performance",
      "queueMicrotask",
      "requestAnimationFrame",
      "cancelAnimationFrame",
      "requestIdleCallback",
      "cancelIdleCallback",
      "setImmediate",
      "clearImmediate",
      "setInterval",
      "clearInterval",
      "setTimeout",
      "clearTimeout",
    ],
  });
  return { advance: (ms) => jest.setSystemTime(Date.now() + ms) };
}
