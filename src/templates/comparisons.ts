import type { Template } from "liquidjs";

import type { TemplateDialect } from "./dialect";
import { closestMatch } from "../wire/suggestions";
import { boundNames, literalComparisons } from "./syntaxTree";
import type { LiteralComparison } from "./syntaxTree";
import { alternatives, listed } from "./wording";

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
