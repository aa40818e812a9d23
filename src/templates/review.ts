/**
 * The template rules applied to one template, from one parse: the reasons to refuse it (Liquid, the limits,
 * the code on every path), its warnings, and the preview of what it sends by SMS.
 */
import type { TemplateChannel, TemplateDialect } from "./dialect";
import { DEFAULT_FRIENDLY_NAME, SAMPLE_CODE, renderContext } from "./dialect";
import type { Clock } from "./limits";
import { RenderBudget } from "./limits";
import type { AnalyzedTemplate } from "./liquid";
import { analyzeTemplate, renderParsed } from "./liquid";
import {
  candidateLocales,
  casesWithoutCode,
  failureReason,
  missingCodeReason,
  renderCases,
  sampleOf,
} from "./renderCases";
import type { SmsPreview, SmsPreviewValues } from "./sms";
import { smsMultiSegmentWarning, smsPreviewLine, smsSegments } from "./sms";
import { comparisonWarnings } from "./syntaxTree";
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

/** One template to review where it cannot block an event loop (the emulator's worker), with its dialect and rules. */
export interface TemplateReviewJob {
  template: string;
  dialect: TemplateDialect;
  options: ReviewOptions;
}

declare module "../wire/emulation" {
  /** The emulator reviews an object rule's templates in its worker (emulator/templateWorker.ts). */
  interface RuleHost {
    /** The review of each job, in order, done off the emulator's event loop. */
    reviewTemplates(jobs: readonly TemplateReviewJob[]): Promise<TemplateReview[]>;
  }
}

/** A {@link TemplateReview} that also previews the template's SMS, from the same parse. */
export interface TemplateCheck extends TemplateReview {
  /**
   * What the template sends by SMS with the tenant's friendly name (default the platform's), as
   * {@link previewSms} gives it, rendered from the review's parse; `undefined` when the template is refused
   * or is not sent by SMS.
   */
  smsPreview(friendlyName: string | undefined): SmsPreview | undefined;
}

const noPreview = () => undefined;

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
  const { errors, warnings } = checkTemplate(template, dialect, options, clock);
  return { errors, warnings };
}

/**
 * {@link reviewTemplate}, with the SMS preview of a valid template rendered from the same parse when asked:
 * a provider's check and its preview report share one.
 */
export function checkTemplate(
  template: string,
  dialect: TemplateDialect,
  options: ReviewOptions,
  clock?: Clock,
): TemplateCheck {
  if (template.trim() === "") return { errors: ["must not be empty"], warnings: [], smsPreview: noPreview };
  let analyzed: AnalyzedTemplate;
  try {
    analyzed = analyzeTemplate(template);
  } catch (error) {
    return { errors: [failureReason(error, [])], warnings: [], smsPreview: noPreview };
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
  if (typeof missing === "string") return { errors: [missing], warnings, smsPreview: noPreview };
  const errors = options.requireCode && missing.length > 0 ? [missingCodeReason(missing, cases)] : [];
  if (errors.length > 0 || !options.channels.includes("sms"))
    return { errors, warnings, smsPreview: noPreview };
  return {
    errors,
    warnings,
    smsPreview: (friendlyName) => smsPreviewOf(analyzed, dialect, { subject, friendlyName }, clock),
  };
}

/**
 * The SMS a user receives from a valid template (no locale, sample code `123456`, the given friendly name),
 * its encoding and segment count, every locale whose SMS needs more than one segment, and the lines to print.
 * All its renderings share one render budget, timed by `clock` (default `performance.now`).
 *
 * @throws TemplateSyntaxError or TemplateLimitError for a template {@link reviewTemplate} refuses.
 */
export function previewSms(
  template: string,
  dialect: TemplateDialect,
  values: SmsPreviewValues,
  clock?: Clock,
): SmsPreview {
  return smsPreviewOf(analyzeTemplate(template), dialect, values, clock);
}

/** {@link previewSms} of a template already parsed and analyzed. */
function smsPreviewOf(
  analyzed: AnalyzedTemplate,
  dialect: TemplateDialect,
  values: SmsPreviewValues,
  clock?: Clock,
): SmsPreview {
  const budget = new RenderBudget(clock);
  const friendlyName = values.friendlyName ?? DEFAULT_FRIENDLY_NAME;
  const sms = (locale: string | undefined) => {
    const sample = sampleOf({ channel: "sms", locale, customDomain: false }, SAMPLE_CODE, friendlyName);
    return renderParsed(analyzed.parsed, renderContext(dialect, sample), budget, analyzed.source);
  };
  const message = sms(undefined);
  const count = smsSegments(message);
  const multiSegmentLocales = candidateLocales(analyzed, dialect)
    .map((locale) => ({ locale, segments: smsSegments(sms(locale)).segments }))
    .filter(({ segments }) => segments > 1);
  return {
    message,
    count,
    multiSegmentLocales,
    line: smsPreviewLine(values.subject, message, count),
    multiSegmentWarning: smsMultiSegmentWarning(values.subject, count, multiSegmentLocales),
  };
}
