import type { Template, Token, Value } from "liquidjs";

import type { AnalyzedTemplate } from "./analysis";
import type { TemplateDialect } from "./dialect";
import { placeholderPaths } from "./dialect";
import { liquidjs } from "./lazyLiquid";
import { boundNames, literalComparisons, templateNodes, valueTokens, variablePath } from "./syntaxTree";
import type { LiteralComparison } from "./syntaxTree";

interface TagFields {
  name?: string;
  value?: Value;
  branches?: { values?: Token[] }[];
}

/** Whether the operand at `index` of a postfix expression is compared with a quoted literal. */
function comparedWithLiteral(postfix: readonly Token[], index: number): boolean {
  const { TypeGuards } = liquidjs();
  const comparison = (token: Token | undefined) =>
    token !== undefined &&
    TypeGuards.isOperatorToken(token) &&
    ["==", "!=", "contains"].includes(token.operator);
  const [before, after] = [postfix[index - 1], postfix[index + 1]];
  if (after !== undefined && TypeGuards.isQuotedToken(after) && comparison(postfix[index + 2])) return true;
  return before !== undefined && TypeGuards.isQuotedToken(before) && comparison(after);
}

/** Whether a tag's expression is the one variable, unfiltered, as an `if` or `unless` condition. */
function bareCondition(node: Template, postfix: readonly Token[], filters: readonly unknown[]): boolean {
  const name = (node as TagFields).name;
  return postfix.length === 1 && filters.length === 0 && (name === "if" || name === "unless");
}

/**
 * Counts the reads of the locale variables if each is one the groups account for, else `undefined`: any read
 * in an output (`{{ locale | upcase }}`: text, not a path) outside a `capture`; in a tag, a comparison with a
 * quoted literal (`==`, `!=`, `contains`, a `when` under `case`) or a bare `if`/`unless` condition (always
 * true for a locale).
 */
function accountedReads(parsed: Template[], paths: readonly string[]): number | undefined {
  const { Output, TypeGuards, Value } = liquidjs();
  const roots = new Set(paths.map((path) => path.split(".")[0] ?? path));
  const readsLocale = (token: Token) => {
    if (!TypeGuards.isPropertyAccessToken(token) || token.variable !== undefined) return false;
    const first = token.props[0];
    return first !== undefined && "content" in first && roots.has(String(first.content));
  };
  let reads = 0;
  for (const { node, captured } of templateNodes(parsed)) {
    const tag = node as TagFields;
    if (node instanceof Output && !captured) {
      reads += valueTokens(node.value).filter(readsLocale).length;
    } else if (tag.name === "case" && tag.value !== undefined) {
      const [subject, ...rest] = tag.value.initial.postfix;
      const whens = (tag.branches ?? []).flatMap((branch) => branch.values ?? []);
      if (whens.some(readsLocale)) return undefined;
      if (subject === undefined || !readsLocale(subject)) continue;
      const path = variablePath(subject);
      const literal =
        rest.length === 0 && tag.value.filters.length === 0 && whens.every(TypeGuards.isQuotedToken);
      if (path === undefined || !paths.includes(path) || !literal) return undefined;
      reads += 1;
    } else {
      for (const argument of node.arguments?.() ?? []) {
        if (!(argument instanceof Value)) {
          if (readsLocale(argument)) return undefined;
          continue;
        }
        const { postfix } = argument.initial;
        for (const [index, token] of postfix.entries()) {
          if (!readsLocale(token)) continue;
          const path = variablePath(token);
          if (path === undefined || !paths.includes(path)) return undefined;
          if (!comparedWithLiteral(postfix, index) && !bareCondition(node, postfix, argument.filters))
            return undefined;
          reads += 1;
        }
        if (valueTokens(argument).slice(postfix.length).some(readsLocale)) return undefined;
      }
    }
  }
  return reads;
}

function holds(comparison: LiteralComparison, locale: string): boolean {
  switch (comparison.operator) {
    case "==":
    case "when":
      return locale === comparison.literal;
    case "!=":
      return locale !== comparison.literal;
    case "contains":
      return locale.includes(comparison.literal);
    case "in":
      return comparison.literal.includes(locale);
  }
}

/**
 * Groups the candidate locales a template cannot tell apart: when its tags only compare the locale
 * variables with literals (or test them bare), two locales that give every comparison the same result take
 * the same path, so rendering the first of each group decides the code rule for all of them (outputs of the
 * locale change the text, not the path). One group per locale when a tag uses a locale variable any other
 * way (a filter, an assignment, a capture), the template assigns one itself, or the analysis finds a read
 * this walk cannot account for.
 */
export function localeGroups(
  analyzed: AnalyzedTemplate,
  dialect: TemplateDialect,
  candidates: readonly string[],
): string[][] {
  const keys = placeholderPaths(dialect);
  const paths = [...(keys.get("locale") ?? []), ...(keys.get("requestLang") ?? [])];
  const roots = [...new Set(paths.map((path) => path.split(".")[0] ?? path))];
  const bound = boundNames(analyzed.parsed);
  const reads = roots.reduce((sum, root) => sum + (analyzed.references.get(root) ?? 0), 0);
  const separately = () => candidates.map((locale) => [locale]);
  if (roots.some((root) => bound.has(root)) || accountedReads(analyzed.parsed, paths) !== reads)
    return separately();
  const comparisons = literalComparisons(analyzed.parsed).filter((comparison) =>
    paths.includes(comparison.path),
  );
  const groups = new Map<string, string[]>();
  for (const locale of candidates) {
    const signature = comparisons.map((comparison) => (holds(comparison, locale) ? "1" : "0")).join("");
    groups.set(signature, [...(groups.get(signature) ?? []), locale]);
  }
  return [...groups.values()];
}
