/**
 * Liquid as the platform runs it, for any dialect: liquidjs loaded at the first template (the one place that
 * loads it), one engine without file tags, a parse that refuses a template too long or too deeply nested
 * before the parser recurses into it, its static analysis, and renderings within the template limits.
 */
import type * as LiquidModule from "liquidjs";
import type { Context, Emitter, Liquid, StaticAnalysis, Template, TopLevelToken } from "liquidjs";

import type { RenderBudget, TemplateLimit } from "./limits";
import { closestMatch } from "../wire/suggestions";
import {
  MEMORY_LIMIT,
  NESTING_MAX_DEPTH,
  OUTPUT_MAX_LENGTH,
  RenderBudgetSignal,
  TEMPLATE_MAX_LENGTH,
  TemplateLimitError,
  TemplateSyntaxError,
  at,
  figure,
  limitMessage,
} from "./limits";

let loaded: typeof LiquidModule | undefined;

/**
 * liquidjs, loaded at the first template: a process that loads the template rules without checking a
 * template (a provider's diff, the emulator before a phone template arrives) does not pay for it.
 */
export function liquidjs(): typeof LiquidModule {
  return (loaded ??= require("liquidjs") as typeof LiquidModule);
}

/** Tags that hold other tags until their `end…` tag. */
const BLOCK_TAGS = new Set(["if", "unless", "for", "case", "capture", "tablerow", "comment"]);

/** The deepest nesting of `(` and `[` in one tag's or output's markup, outside quoted strings. */
function bracketDepth(markup: string): number {
  let [depth, deepest, quote] = [0, 0, ""];
  for (const character of markup) {
    if (quote !== "") {
      if (character === quote) quote = "";
    } else if (character === '"' || character === "'") {
      quote = character;
    } else if (character === "(" || character === "[") {
      depth += 1;
      deepest = Math.max(deepest, depth);
    } else if (character === ")" || character === "]") {
      depth = Math.max(0, depth - 1);
    }
  }
  return deepest;
}

/** A tag's name, or the names of the tags a `{% liquid %}` tag holds, one per line. */
function tagNames(token: TopLevelToken): string[] {
  const { TypeGuards } = liquidjs();
  if (!TypeGuards.isTagToken(token)) return [];
  if (token.name !== "liquid") return [token.name];
  return token.args.split("\n").map((line) => line.trim().split(/\s/)[0] ?? "");
}

/**
 * How deep a template nests: block tags inside one another, plus the deepest brackets or parentheses of one
 * expression. Read from liquidjs's flat token list, so a template too deep for the parser's recursion is
 * measured without recursing. `0` when the template does not tokenize (the parser then says why).
 */
function nestingDepth(template: string, engine: Liquid): number {
  const { Tokenizer, TypeGuards } = liquidjs();
  let tokens: TopLevelToken[];
  try {
    tokens = new Tokenizer(template, engine.options.operators).readTopLevelTokens(engine.options);
  } catch {
    return 0;
  }
  let [blocks, deepestBlocks, deepestBrackets] = [0, 0, 0];
  for (const token of tokens) {
    if (TypeGuards.isTagToken(token) || TypeGuards.isOutputToken(token)) {
      deepestBrackets = Math.max(deepestBrackets, bracketDepth(token.getText()));
    }
    for (const name of tagNames(token)) {
      if (BLOCK_TAGS.has(name)) blocks += 1;
      else if (name.startsWith("end") && BLOCK_TAGS.has(name.slice(3))) blocks = Math.max(0, blocks - 1);
      deepestBlocks = Math.max(deepestBlocks, blocks);
    }
  }
  return deepestBlocks + deepestBrackets;
}

/** Thrown by a bounded emitter; liquidjs wraps it in a RenderError that carries the position. */
class OutputLimitSignal extends Error {
  constructor(readonly captured: boolean) {
    super("output limit exceeded");
  }
}

/** The text liquidjs writes for a value (its SimpleEmitter's rule): drops unwrapped, nil empty, arrays joined. */
function outputText(value: unknown): string {
  const plain: unknown = liquidjs().toValue(value);
  if (typeof plain === "string") return plain;
  if (plain === null || plain === undefined) return "";
  if (Array.isArray(plain)) return plain.map(outputText).join("");
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- as liquidjs prints an object: [object Object]
  return String(plain);
}

/** An emitter that refuses to hold more than {@link OUTPUT_MAX_LENGTH} characters. */
class BoundedEmitter implements Emitter {
  buffer = "";

  constructor(private readonly captured = false) {}

  write(html: unknown): void {
    const text = outputText(html);
    if (this.buffer.length + text.length > OUTPUT_MAX_LENGTH) throw new OutputLimitSignal(this.captured);
    this.buffer += text;
  }
}

/** Where each line of a template starts: 0, then one past each line feed. */
function lineStarts(input: string): number[] {
  const starts = [0];
  for (let index = input.indexOf("\n"); index !== -1; index = input.indexOf("\n", index + 1))
    starts.push(index + 1);
  return starts;
}

/**
 * liquidjs finds a token's line and column by scanning its template from the start, and its analysis does
 * so for every variable: quadratic (a 40,000-character template of `{{a}}` took 0.9 s to analyze). This
 * gives the same answer from an index of the last template's line starts.
 */
function indexTokenPositions(Token: typeof LiquidModule.Token): void {
  let indexed: { input: string; starts: number[] } | undefined;
  Token.prototype.getPosition = function getPosition(this: LiquidModule.Token): number[] {
    if (indexed?.input !== this.input) indexed = { input: this.input, starts: lineStarts(this.input) };
    const { starts } = indexed;
    let [low, high] = [0, starts.length - 1];
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((starts[middle] ?? 0) <= this.begin) low = middle;
      else high = middle - 1;
    }
    return [low + 1, this.begin - (starts[low] ?? 0) + 1];
  };
}

function createEngine(): Liquid {
  const { CaptureTag, Liquid, Token } = liquidjs();
  indexTokenPositions(Token);
  const engine = new Liquid({
    // The date filter's day and month names: the same in every preview, whatever the machine's locale (left
    // unset, liquidjs asks Intl for it, which costs a preview's first check about 20 ms of CPU too).
    locale: "en-US",
    strictFilters: true,
    parseLimit: TEMPLATE_MAX_LENGTH,
    memoryLimit: MEMORY_LIMIT,
  });
  // The platform has no template files: file tags must not read this machine's files.
  for (const tag of ["include", "render", "layout", "block"]) delete engine.tags[tag];
  // liquidjs charges no memory for a capture, so `{% capture s %}{{s}}{{s}}{% endcapture %}` in a loop would
  // double a string unchecked: a capture holds at most as much as an output.
  engine.registerTag(
    "capture",
    class BoundedCapture extends CaptureTag {
      override *render(ctx: Context): Generator<unknown, void, string> {
        const emitter = new BoundedEmitter(true);
        yield this.liquid.renderer.renderTemplates(this.templates, ctx, emitter);
        ctx.bottom()[this.variable] = emitter.buffer;
      }
    },
  );
  return engine;
}

let sharedEngine: Liquid | undefined;

/** The one liquidjs engine (it holds no per-template state: each parse and render gets its own limits). */
export function liquidEngine(): Liquid {
  return (sharedEngine ??= createEngine());
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function limitOf(error: unknown): TemplateLimit | undefined {
  if (error instanceof OutputLimitSignal) return "output";
  if (error instanceof RenderBudgetSignal) return error.limit;
  if (error instanceof RangeError && /call stack/i.test(error.message)) return "nesting";
  if (!(error instanceof Error)) return undefined;
  if (/^memory alloc limit exceeded/.test(error.message)) return "memory";
  if (/^parse length limit exceeded/.test(error.message)) return "length";
  // A stack overflow while parsing reaches us as a ParseError with the RangeError's message.
  if (/^Maximum call stack size exceeded/.test(error.message)) return "nesting";
  return undefined;
}

/**
 * A liquidjs failure as one of ours: a limit as a {@link TemplateLimitError}, another liquidjs error as a
 * {@link TemplateSyntaxError}; anything else passes through.
 */
export function templateError(error: unknown, template: string): unknown {
  const { LiquidError } = liquidjs();
  if (!LiquidError.is(error)) {
    // liquidjs checks the time limit before some nodes outside its error wrapping: no position then.
    const limit = limitOf(error);
    if (limit === undefined) return error;
    const detail =
      limit === "length"
        ? figure(template.length)
        : limit === "nesting"
          ? "while parsing"
          : "stopped between tags";
    return new TemplateLimitError(limit, limitMessage(limit, detail));
  }
  const [line = 1, column = 1] = error.token.getPosition();
  const position = { line, column };
  const original = (error as { originalError?: unknown }).originalError;
  const limit = limitOf(original) ?? limitOf(error);
  if (limit !== undefined) {
    const detail = limit === "length" ? figure(template.length) : `stopped at ${at(position)}`;
    const message = limitMessage(limit, detail, original instanceof OutputLimitSignal && original.captured);
    return new TemplateLimitError(limit, message, position);
  }
  const reason = oneLine(error.message.split("\n")[0] ?? error.message).replace(/, line:\d+, col:\d+$/, "");
  const filter = /^undefined filter: (\S+)$/.exec(reason)?.[1];
  if (filter !== undefined) return unknownFilter(filter, error.token);
  return new TemplateSyntaxError(reason, line, column);
}

/**
 * An unknown filter at its own line and column (liquidjs points at the output or tag that holds it), with
 * the filter it most likely means.
 */
function unknownFilter(name: string, token: LiquidModule.Token): TemplateSyntaxError {
  const markup = token.input.slice(token.begin, token.end);
  const written = /\|\s*([\w-]+)/g;
  let offset = token.begin;
  for (let match = written.exec(markup); match !== null; match = written.exec(markup)) {
    if (match[1] !== name) continue;
    offset = token.begin + match.index + match[0].length - name.length;
    break;
  }
  const starts = lineStarts(token.input);
  const line = starts.filter((start) => start <= offset).length;
  const column = offset - (starts[line - 1] ?? 0) + 1;
  const meant = closestMatch(name, Object.keys(liquidEngine().filters));
  const hint = meant === undefined ? "" : `; did you mean "${meant}"?`;
  return new TemplateSyntaxError(`undefined filter: ${name}${hint}`, line, column);
}

/**
 * Parses a template, refusing one longer than {@link TEMPLATE_MAX_LENGTH} or nested deeper than
 * {@link NESTING_MAX_DEPTH} before the parser recurses into it.
 *
 * @throws TemplateSyntaxError when liquidjs refuses the template.
 * @throws TemplateLimitError when the template is too long or nests too deeply.
 */
export function parseTemplate(template: string): Template[] {
  if (template.length > TEMPLATE_MAX_LENGTH) {
    throw new TemplateLimitError("length", limitMessage("length", figure(template.length)));
  }
  const depth = nestingDepth(template, liquidEngine());
  if (depth > NESTING_MAX_DEPTH) {
    throw new TemplateLimitError(
      "nesting",
      limitMessage("nesting", `${figure(depth)} levels; the limit is ${NESTING_MAX_DEPTH}`),
    );
  }
  try {
    return liquidEngine().parse(template);
  } catch (error) {
    throw templateError(error, template);
  }
}

/**
 * Renders a parsed template within `budget` (which the renderings of one review share), the memory and the
 * output limits.
 *
 * @throws TemplateSyntaxError when rendering fails (an error in a filter's arguments).
 * @throws TemplateLimitError when the rendering exceeds the budget or a limit.
 */
export function renderParsed(
  parsed: Template[],
  context: Record<string, unknown>,
  budget: RenderBudget,
  template: string,
): string {
  const { Context, toValueSync } = liquidjs();
  const engine = liquidEngine();
  const ctx = new Context(context, engine.options, { sync: true, memoryLimit: MEMORY_LIMIT });
  // liquidjs checks `ctx.renderLimit` (a Limiter it does not export) before each step, against its own
  // clock: the budget takes its place, to count steps and read the budget's clock.
  (ctx as unknown as { renderLimit: Pick<RenderBudget, "check"> }).renderLimit = budget;
  const emitter = new BoundedEmitter();
  try {
    toValueSync(engine.renderer.renderTemplates(parsed, ctx, emitter));
  } catch (error) {
    throw templateError(error, template);
  }
  return emitter.buffer;
}

/** A parsed template and what it reads from its context, from one static analysis. */
export interface AnalyzedTemplate {
  source: string;
  parsed: Template[];
  /** The top-level names it reads (`tenant`, `code`). */
  roots: string[];
  /** The full paths it reads (`tenant.friendly_name`). */
  paths: string[];
  /** How many places read each top-level name. */
  references: ReadonlyMap<string, number>;
}

/**
 * Parses a template and analyzes the variables it reads from its context (not those it assigns itself).
 *
 * @throws TemplateSyntaxError or TemplateLimitError as {@link parseTemplate} does.
 */
export function analyzeTemplate(source: string): AnalyzedTemplate {
  const parsed = parseTemplate(source);
  let globals: StaticAnalysis["globals"];
  try {
    ({ globals } = liquidEngine().analyzeSync(parsed, { partials: false }));
  } catch (error) {
    throw templateError(error, source);
  }
  const variables = Object.entries(globals);
  return {
    source,
    parsed,
    roots: variables.map(([root]) => root),
    paths: [...new Set(variables.flatMap(([, uses]) => uses.map(String)))],
    references: new Map(variables.map(([root, uses]) => [root, uses.length])),
  };
}
