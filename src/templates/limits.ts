/**
 * What a template may be, and how it is refused: the errors, the template limits, the render budget that
 * enforces the step and time limits, and how the rules' messages print figures and lists.
 */

/** A template the Liquid parser refuses, or that fails while rendering, with the position liquidjs reports. */
export class TemplateSyntaxError extends Error {
  override readonly name = "TemplateSyntaxError";

  constructor(
    /** The parser's own message, without its position. */
    readonly reason: string,
    /** 1-based line of the offending tag or output. */
    readonly line: number,
    /** 1-based column. */
    readonly column: number,
  ) {
    super(`line ${line}, column ${column}: ${reason}`);
  }
}

/**
 * What a template exceeded: its `length`, the render `steps` or render `time` of one review, the characters it `output`s
 * (or captures), the `memory` liquidjs counts (range items, array items, string characters), or the
 * `nesting` depth the parser or renderer can follow.
 */
export type TemplateLimit = "length" | "steps" | "time" | "output" | "memory" | "nesting";

/** A template that exceeds one of the template limits; the message is one line that names the limit. */
export class TemplateLimitError extends Error {
  override readonly name = "TemplateLimitError";

  constructor(
    readonly limit: TemplateLimit,
    message: string,
    /** The 1-based position of the tag or output being rendered when the limit was reached, if known. */
    readonly position?: { line: number; column: number } | undefined,
  ) {
    super(message);
  }
}

/**
 * The longest template the rules read, in characters (liquidjs `parseLimit`): twice the longest body the
 * platform accepts (20,000, a phone notification text), so no template the platform takes is refused, while
 * the parse of the worst template this long stays in the tens of milliseconds.
 */
export const TEMPLATE_MAX_LENGTH = 40_000;

/**
 * How deep a template may nest block tags (plus brackets in one expression). A phone message nests a few
 * levels (a channel, a locale, a condition); liquidjs recurses per level when it parses, analyzes and
 * renders, and runs out of stack near 1,300 levels, where V8 may even abort the process while compiling a
 * regular expression: the limit keeps every template far from that.
 */
export const NESTING_MAX_DEPTH = 50;

/**
 * How many steps one review's renderings may take together (a step is a tag or output rendered, or a block
 * entered: where liquidjs checks its `renderLimit`). It is what stops a loop that allocates nothing, and it
 * counts the same on every machine. The realistic templates of the limit tests take at most 16,000 (40,000
 * characters of variables, rendered for every channel and custom-domain case), a branch per locale 2,000;
 * two nested loops over `(1..3000)` reach the memory limit first, after 192,069 steps.
 */
export const RENDER_STEP_LIMIT = 500_000;

/**
 * How long one review's renderings may take together, in ms, as a deadline shared by every sample: a
 * backstop for what steps do not count (a few steps that are each slow). The step and memory limits stop
 * every loop known in well under a second on an idle machine (`npm run measure:limits` prints how long), so
 * they stop it first, by the same limit, on a machine even ten times slower or busier; and it is as long as
 * a Pulumi check or an emulator request should stall.
 */
export const RENDER_TIME_LIMIT_MS = 10_000;

/**
 * The most characters one rendering may output, and one `{% capture %}` may hold: above the longest message
 * a phone can receive (255 concatenated SMS segments of 153 characters: 39,015) and above what the longest
 * template outputs without a loop, so only a loop or a capture that doubles reaches it.
 */
export const OUTPUT_MAX_LENGTH = 50_000;

/**
 * What one rendering may allocate, in liquidjs `memoryLimit` units (one per range item, and per array item or
 * string character a filter builds): five times the longest template the platform accepts, far above what
 * filters on a template's variables and literals build, while loops over ranges reach it within a tenth of a
 * second (two nested loops over `(1..3000)` after 100,000 of their 9,000,000 iterations).
 */
export const MEMORY_LIMIT = 100_000;

/**
 * The one-line reason for a template over a limit. `detail` says where (`stopped at line 1, column 9`) or why
 * (`loops over 9,000,000 iterations at line 1, column 9`); for `length` it is the template's length.
 * `captured` says an output limit was reached inside a `{% capture %}`.
 */
export function limitMessage(limit: TemplateLimit, detail: string, captured = false): string {
  switch (limit) {
    case "length":
      return `is ${detail} characters long; the limit is ${figure(TEMPLATE_MAX_LENGTH)}`;
    case "steps":
      return (
        `takes more than ${figure(RENDER_STEP_LIMIT)} steps to render (tags and outputs), the limit for all ` +
        `its sample renderings together (${detail})`
      );
    case "time":
      return (
        `takes longer than ${RENDER_TIME_LIMIT_MS / 1000} s to render, the limit for all its sample renderings ` +
        `together (${detail})`
      );
    case "memory":
      return (
        `allocates more than ${figure(MEMORY_LIMIT)} range items, array items or characters in one rendering, ` +
        `the limit (${detail})`
      );
    case "output":
      return `${captured ? "captures" : "renders"} more than ${figure(OUTPUT_MAX_LENGTH)} characters, the limit (${detail})`;
    case "nesting":
      return `nests tags, brackets or parentheses too deeply (${detail})`;
  }
}

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

/**
 * `40,000`: counts as the messages print them. Grouped by hand: Intl's number format costs a preview's first
 * SMS preview about 10 ms of CPU to start, for a comma.
 */
export function figure(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ",");
}

/** `line 1, column 9`. */
export function at(position: { line: number; column: number }): string {
  return `line ${position.line}, column ${position.column}`;
}

/** `a, b, c, d and 3 more`: at most `shown` items of a list. */
export function listed(items: readonly string[], shown = 4): string {
  const head = items.slice(0, shown).join(", ");
  return items.length > shown ? `${head} and ${items.length - shown} more` : head;
}

/** `"sms" or "voice"`; `"a", "b", "c" or "d"`: quoted alternatives. */
export function alternatives(values: readonly string[]): string {
  const quoted = values.map((value) => JSON.stringify(value));
  return quoted.length <= 1 ? (quoted[0] ?? "") : `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
}
