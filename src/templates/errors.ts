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
