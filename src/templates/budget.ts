import { RENDER_STEP_LIMIT, RENDER_TIME_LIMIT_MS } from "./limits";

/** A monotonic clock in milliseconds: `performance.now` unless a test gives another. */
export type Clock = () => number;

const monotonic: Clock = () => performance.now();

/** Thrown by a {@link RenderBudget} when a rendering exceeds it; liquidjs wraps it with the position. */
export class RenderBudgetSignal extends Error {
  constructor(readonly limit: "steps" | "time") {
    super(`render ${limit} limit exceeded`);
  }
}

/**
 * What all the sample renderings of one review (or one rendering) may spend together: at most
 * {@link RENDER_STEP_LIMIT} steps (liquidjs checks its render limit before each tag and output, and at each
 * block it enters), and {@link RENDER_TIME_LIMIT_MS} on `clock`. The step count is checked first, so a loop
 * is refused by the same limit on any machine; the time limit is a backstop for steps that are each slow.
 */
export class RenderBudget {
  #steps = 0;
  readonly #deadline: number;

  constructor(private readonly clock: Clock = monotonic) {
    this.#deadline = clock() + RENDER_TIME_LIMIT_MS;
  }

  /** How many steps the renderings took so far. */
  get steps(): number {
    return this.#steps;
  }

  /**
   * Takes one step; liquidjs calls this as its render limiter's `check` (its argument, liquidjs's own
   * `performance.now()`, is ignored for {@link Clock}).
   *
   * @throws RenderBudgetSignal past either limit.
   */
  check(): void {
    this.#steps += 1;
    if (this.#steps > RENDER_STEP_LIMIT) throw new RenderBudgetSignal("steps");
    if (this.clock() > this.#deadline) throw new RenderBudgetSignal("time");
  }
}
