/**
 * What a parsed template holds, read from its syntax tree: its nodes, quoted literals, the names it binds,
 * its comparisons of a variable with a literal (and the warnings about those that can never hold), and the
 * loops that make it run long.
 */
import type { Template, Token, Value, ValueToken } from "liquidjs";

import type { TemplateDialect } from "./dialect";
import { alternatives, figure, listed } from "./limits";
import { liquidjs } from "./liquid";
import { closestMatch } from "../wire/suggestions";

/** A tag's own fields this module reads (liquidjs declares them on each tag class). */
interface TagFields {
  name?: string;
  value?: Value;
  branches?: { values?: Token[] }[];
  collection?: Token;
}

/** A node of a parsed template, with how many loops enclose it and whether a `capture` does. */
interface TemplateNode {
  node: Template;
  loops: number;
  captured: boolean;
}

/** Every node of a parsed template, depth first. */
export function* templateNodes(parsed: Template[], loops = 0, captured = false): Generator<TemplateNode> {
  const { toValueSync } = liquidjs();
  for (const node of parsed) {
    yield { node, loops, captured };
    if (node.children === undefined) continue;
    const children = toValueSync(node.children(false, true));
    const name = (node as TagFields).name;
    yield* templateNodes(children, loops + (isLoop(node) ? 1 : 0), captured || name === "capture");
  }
}

function isLoop(node: Template): boolean {
  const name = (node as TagFields).name;
  return name === "for" || name === "tablerow";
}

/** The tokens of a value: its expression's operands and operators, then its filters' arguments. */
export function valueTokens(value: Value): Token[] {
  const filterArguments = value.filters.flatMap((filter) => filter.args.flat());
  return [
    ...value.initial.postfix,
    ...filterArguments.filter((token): token is ValueToken => typeof token === "object"),
  ];
}

/** The tokens of a node's expressions (see {@link valueTokens}), and its arguments that are single tokens. */
function* expressionTokens(node: Template): Generator<Token> {
  const { Value } = liquidjs();
  for (const argument of node.arguments?.() ?? []) {
    if (argument instanceof Value) yield* valueTokens(argument);
    else yield argument;
  }
}

/** Every quoted string a template holds in its tags and outputs, in order, each once. */
export function stringLiterals(parsed: Template[]): string[] {
  const { TypeGuards } = liquidjs();
  const literals = new Set<string>();
  for (const { node } of templateNodes(parsed)) {
    for (const token of expressionTokens(node)) {
      if (TypeGuards.isQuotedToken(token)) literals.add(token.content);
    }
  }
  return [...literals];
}

/** The names a template binds itself (`assign`, `capture`, `increment`, a `for` variable and `forloop`). */
export function boundNames(parsed: Template[]): Set<string> {
  const names = new Set<string>();
  for (const { node } of templateNodes(parsed)) {
    for (const bound of node.localScope?.() ?? [])
      names.add(typeof bound === "string" ? bound : bound.content);
    for (const bound of node.blockScope?.() ?? []) names.add(bound);
  }
  return names;
}

/** `requestInfo.lang` for `requestInfo.lang` or `requestInfo["lang"]`; `undefined` for a computed path. */
export function variablePath(token: Token): string | undefined {
  const { TypeGuards } = liquidjs();
  if (!TypeGuards.isPropertyAccessToken(token) || token.variable !== undefined) return undefined;
  const segments: string[] = [];
  for (const prop of token.props) {
    if (TypeGuards.isWordToken(prop) || TypeGuards.isQuotedToken(prop)) segments.push(prop.content);
    else return undefined;
  }
  return segments.join(".");
}

/** A comparison of a variable with a quoted literal: `message_type == "voice"`, or a `when` under a `case`. */
export interface LiteralComparison {
  path: string;
  /** `==`, `!=`, `contains` (the variable contains the literal), `in` (the literal contains the variable), or `when`. */
  operator: "==" | "!=" | "contains" | "in" | "when";
  literal: string;
  /** The variable's token (its position is computed on demand: liquidjs scans the template for it). */
  token: Token;
}

const COMPARED = new Set(["==", "!=", "contains"]);

function comparisonsInPostfix(postfix: readonly Token[]): LiteralComparison[] {
  const { TypeGuards } = liquidjs();
  const found: LiteralComparison[] = [];
  for (let index = 2; index < postfix.length; index += 1) {
    const operator = postfix[index];
    const [left, right] = [postfix[index - 2], postfix[index - 1]];
    if (operator === undefined || left === undefined || right === undefined) continue;
    if (!TypeGuards.isOperatorToken(operator) || !COMPARED.has(operator.operator)) continue;
    // In postfix order, two operands right before a binary operator are exactly its operands.
    if (TypeGuards.isOperatorToken(left) || TypeGuards.isOperatorToken(right)) continue;
    const [variable, literal, swapped] = TypeGuards.isQuotedToken(right)
      ? [left, right, false]
      : [right, left, true];
    const path = variablePath(variable);
    if (path === undefined || !TypeGuards.isQuotedToken(literal)) continue;
    const symbol = operator.operator as "==" | "!=" | "contains";
    const kind = symbol === "contains" && swapped ? "in" : symbol;
    found.push({ path, operator: kind, literal: literal.content, token: variable });
  }
  return found;
}

function caseComparisons(node: Template): LiteralComparison[] {
  const { TypeGuards } = liquidjs();
  const tag = node as TagFields;
  if (tag.name !== "case" || tag.value === undefined || tag.value.filters.length > 0) return [];
  const [subject, ...rest] = tag.value.initial.postfix;
  const path = subject === undefined || rest.length > 0 ? undefined : variablePath(subject);
  if (path === undefined) return [];
  return (tag.branches ?? []).flatMap((branch) =>
    (branch.values ?? []).flatMap((value) => {
      if (!TypeGuards.isQuotedToken(value)) return [];
      return [{ path, operator: "when" as const, literal: value.content, token: value }];
    }),
  );
}

/** Every comparison of a variable with a quoted literal in a template's tags and outputs. */
export function literalComparisons(parsed: Template[]): LiteralComparison[] {
  const { Value } = liquidjs();
  const found: LiteralComparison[] = [];
  for (const { node } of templateNodes(parsed)) {
    for (const argument of node.arguments?.() ?? []) {
      if (argument instanceof Value) found.push(...comparisonsInPostfix(argument.initial.postfix));
    }
    found.push(...caseComparisons(node));
  }
  return found;
}

/** How many times a loop over a literal range runs (`(1..3000)`: 3,000), or `undefined` for another loop. */
function literalRangeLength(node: Template): number | undefined {
  const { TypeGuards } = liquidjs();
  const collection = (node as TagFields).collection;
  if (collection === undefined || !TypeGuards.isRangeToken(collection)) return undefined;
  const { lhs, rhs } = collection;
  if (!TypeGuards.isNumberToken(lhs) || !TypeGuards.isNumberToken(rhs)) return undefined;
  return Math.max(0, Math.floor(rhs.content) - Math.ceil(lhs.content) + 1);
}

/** Nested loops over literal ranges multiply to at least this many iterations before a hint names them. */
const MANY_ITERATIONS = 10_000;

/**
 * Why a template may run long, for a time or memory limit message: `loops over 9,000,000 iterations at
 * line 1, column 9` (nested loops over literal ranges, multiplied), else `3 nested loops at line 1, column
 * 9`; `undefined` when the template has no such loops.
 */
export function loopHint(parsed: Template[]): string | undefined {
  const { toValueSync } = liquidjs();
  let most = { iterations: 0, depth: 0, outermost: undefined as Template | undefined };
  const visit = (nodes: Template[], iterations: number | undefined, depth: number, outermost?: Template) => {
    for (const node of nodes) {
      if (node.children === undefined) continue;
      const loop = isLoop(node);
      const length = loop ? literalRangeLength(node) : 1;
      const inner = iterations === undefined || length === undefined ? undefined : iterations * length;
      const outer = outermost ?? (loop ? node : undefined);
      if (loop && ((inner ?? 0) > most.iterations || depth + 1 > most.depth)) {
        most = {
          iterations: Math.max(most.iterations, inner ?? 0),
          depth: Math.max(most.depth, depth + 1),
          outermost: outer,
        };
      }
      visit(toValueSync(node.children(false, true)), inner, depth + (loop ? 1 : 0), outer);
    }
  };
  visit(parsed, 1, 0);
  const [line = 1, column = 1] = most.outermost?.token.getPosition() ?? [];
  const where = `at line ${line}, column ${column}`;
  if (most.iterations >= MANY_ITERATIONS) return `loops over ${figure(most.iterations)} iterations ${where}`;
  return most.depth > 1 ? `${most.depth} nested loops ${where}` : undefined;
}

/** Whether a comparison can be true for some value; `always` when it is true for every value. */
function outcome(comparison: LiteralComparison, values: readonly string[]): "never" | "always" | "sometimes" {
  const { operator, literal } = comparison;
  switch (operator) {
    case "==":
    case "when":
      return values.includes(literal) ? "sometimes" : "never";
    case "!=":
      return values.includes(literal) ? "sometimes" : "always";
    case "contains":
      return values.some((value) => value.includes(literal)) ? "sometimes" : "never";
    case "in":
      return values.some((value) => literal.includes(value)) ? "sometimes" : "never";
  }
}

function written(comparison: LiteralComparison): string {
  const { path, operator, literal } = comparison;
  const [line = 1] = comparison.token.getPosition();
  const quoted = JSON.stringify(literal);
  if (operator === "when") return `has {% when ${quoted} %} under {% case ${path} %} (line ${line})`;
  if (operator === "in") return `tests ${quoted} contains ${path} (line ${line})`;
  return `${operator === "contains" ? "tests" : "compares"} ${path} ${operator} ${quoted} (line ${line})`;
}

function valuesOf(path: string, values: readonly string[]): string {
  if (values.length <= 6) return `${path} is only ${alternatives(values)}`;
  return `${path} is one of ${values.length} values (${listed(values.map((value) => JSON.stringify(value)))})`;
}

/**
 * Warnings about comparisons of a variable that only takes some values (the dialect's `enums`) with a
 * literal it can never equal or contain: `enrollmentMessage compares message_type == "enrollment" (line 1),
 * which is never true: message_type is only "sms" or "voice"`. A variable the template assigns itself is
 * not the platform's, and is left alone.
 */
export function comparisonWarnings(subject: string, parsed: Template[], dialect: TemplateDialect): string[] {
  const bound = boundNames(parsed);
  const warnings = new Set<string>();
  for (const comparison of literalComparisons(parsed)) {
    const values = dialect.enums[comparison.path];
    if (values === undefined || bound.has(comparison.path.split(".")[0] ?? "")) continue;
    const result = outcome(comparison, values);
    if (result === "sometimes") continue;
    const verdict = comparison.operator === "when" ? "never matches" : `is ${result} true`;
    const meant = comparison.operator === "in" ? undefined : closestMatch(comparison.literal, values);
    const hint = meant === undefined ? "" : `; did you mean ${JSON.stringify(meant)}?`;
    warnings.add(
      `${subject} ${written(comparison)}, which ${verdict}: ${valuesOf(comparison.path, values)}${hint}`,
    );
  }
  return [...warnings];
}
