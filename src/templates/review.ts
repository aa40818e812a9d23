import { analyzeTemplate } from "./analysis";
import type { Clock } from "./budget";
import type { AnalyzedTemplate } from "./analysis";
import { casesWithoutCode, failureReason, missingCodeReason } from "./codeRule";
import { comparisonWarnings } from "./comparisons";
import type { TemplateChannel, TemplateDialect } from "./dialect";
import { renderCases } from "./samples";
import { undocumentedVariableWarning, undocumentedVariables } from "./variables";

/** What {@link reviewTemplate} checks. */
export interface ReviewOptions {
  /** The channels the template is rendered for: both for a legacy template, one for a branding text. */
  channels: readonly TemplateChannel[];
  /** Whether every path must output `{{code}}`. */
  requireCode: boolean;
  /** How warnings name the template (its property, e.g. `enrollmentMessage`); default `the template`. */
  subject?: string | undefined;
}

/** What the template rules found in one template: one-line reasons to refuse it, and warnings. */
export interface TemplateReview {
  /** Reasons the template is refused; empty when it is valid. */
  errors: string[];
  /** Undocumented variables and comparisons that can never hold: the template is accepted anyway. */
  warnings: string[];
}

/**
 * Applies the template rules to one template of a dialect: it parses with Liquid (no file tags); it renders
 * within the template limits (steps, time, output, memory) for each channel, every locale it may branch on, with
 * and without a custom domain; when `requireCode`, each of those renderings outputs `{{code}}`. Warnings name
 * undocumented variables (with a suggestion) and comparisons a platform variable can never satisfy.
 *
 * Errors and warnings are single lines; errors do not name the template (the caller's property does),
 * warnings start with `options.subject`. `clock` (default `performance.now`) times the renderings.
 */
export function reviewTemplate(
  template: string,
  dialect: TemplateDialect,
  options: ReviewOptions,
  clock?: Clock,
): TemplateReview {
  if (template.trim() === "") return { errors: ["must not be empty"], warnings: [] };
  let analyzed: AnalyzedTemplate;
  try {
    analyzed = analyzeTemplate(template);
  } catch (error) {
    return { errors: [failureReason(error, [])], warnings: [] };
  }
  const subject = options.subject ?? "the template";
  const warnings = [
    ...undocumentedVariables(analyzed.paths, dialect).map((unknown) =>
      undocumentedVariableWarning(subject, unknown, dialect),
    ),
    ...comparisonWarnings(subject, analyzed.parsed, dialect),
  ];
  const cases = renderCases(analyzed, dialect, options.channels);
  const missing = casesWithoutCode(analyzed, dialect, cases, clock);
  if (typeof missing === "string") return { errors: [missing], warnings };
  const errors = options.requireCode && missing.length > 0 ? [missingCodeReason(missing, cases)] : [];
  return { errors, warnings };
}
