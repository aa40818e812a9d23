import type { TemplateLimit } from "./errors";
import { figure } from "./wording";

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
