/**
 * The SDK records a stack trace for each of the four promises it makes per input of a resource (for its report
 * of promises left pending at exit), and reads each one at once: under ts-node, which maps every frame through
 * source maps, that is most of what constructing one of our resources costs the program (about 10 ms each),
 * and the program's constructors all run before the engine hears of its first resource.
 *
 * A resource of this package is constructed with V8's stack traces off instead. The pending-promise report
 * still names the resource and the input; `PULUMI_DEBUG_PROMISE_LEAKS`, the SDK's switch for debugging that
 * report, keeps the traces. The SDK takes the resource's source position with a limit of its own, so it is
 * unchanged.
 */

/** The stack trace limit to restore once construction ends; `undefined` when traces stay on. */
export function suspendStackTraces(): number | undefined {
  if (process.env.PULUMI_DEBUG_PROMISE_LEAKS) return undefined;
  const limit = Error.stackTraceLimit;
  // Frozen intrinsics (`--frozen-intrinsics`) refuse the change: construction then records traces as usual.
  if (!Object.getOwnPropertyDescriptor(Error, "stackTraceLimit")?.writable) return undefined;
  Error.stackTraceLimit = 0;
  return limit;
}

/** Restores the limit {@link suspendStackTraces} returned. */
export function resumeStackTraces(limit: number | undefined): void {
  if (limit !== undefined) Error.stackTraceLimit = limit;
}

/**
 * An error thrown while traces were off has none: it gets the trace of where it is caught (the resource's
 * constructor, called from the program), so the user still sees which line of the program failed.
 */
export function withTrace(error: unknown, caughtIn: abstract new (...args: never[]) => unknown): unknown {
  if (error instanceof Error && typeof error.stack === "string" && !error.stack.includes("\n    at ")) {
    Error.captureStackTrace(error, caughtIn);
  }
  return error;
}
