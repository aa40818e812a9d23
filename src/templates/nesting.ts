import type { Liquid, TopLevelToken } from "liquidjs";

import { liquidjs } from "./lazyLiquid";

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
export function nestingDepth(template: string, engine: Liquid): number {
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
