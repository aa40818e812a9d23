import type { TemplateDialect } from "./dialect";
import { RenderBudget } from "./budget";
import type { Clock } from "./budget";
import { analyzeTemplate } from "./analysis";
import { renderParsed } from "./liquid";
import { DEFAULT_FRIENDLY_NAME, SAMPLE_CODE, renderContext } from "./dialect";
import { candidateLocales, sampleOf } from "./samples";
import { smsSegments } from "./segments";
import type { SmsSegmentCount } from "./segments";
import { figure, listed } from "./wording";

/** The sample values of an SMS preview. */
export interface SmsPreviewValues {
  /** How the lines name the template (its property, e.g. `enrollmentMessage`). */
  subject: string;
  /** The tenant's friendly name; default the platform's `My Company`. */
  friendlyName?: string | undefined;
}

/** What a user receives by SMS from a template, with the sample code `123456`. */
export interface SmsPreview {
  /** The rendered SMS (no locale, no custom domain). */
  message: string;
  count: SmsSegmentCount;
  /** Every locale whose SMS needs more than one segment, with its count. */
  multiSegmentLocales: { locale: string; segments: number }[];
  /** The preview as one line, the message cut to {@link PREVIEW_MAX_CHARACTERS} characters. */
  line: string;
  /** The warning when an SMS needs more than one segment; `undefined` when none does. */
  multiSegmentWarning: string | undefined;
}

/** How much of a message a preview line shows: one GSM-7 segment. */
export const PREVIEW_MAX_CHARACTERS = 160;

/**
 * The preview as one line: `enrollmentMessage SMS preview: "…" (64 characters, GSM-7, 1 segment)`; a longer
 * message shows its first {@link PREVIEW_MAX_CHARACTERS} characters, then `…` and how many more there are.
 */
export function smsPreviewLine(subject: string, message: string, count: SmsSegmentCount): string {
  const { characters, encoding, segments } = count;
  const shown = [...message].slice(0, PREVIEW_MAX_CHARACTERS).join("");
  const rest = characters - PREVIEW_MAX_CHARACTERS;
  const quoted =
    rest > 0 ? `${JSON.stringify(`${shown}…`)} and ${figure(rest)} more characters` : JSON.stringify(shown);
  return (
    `${subject} SMS preview: ${quoted} ` +
    `(${figure(characters)} characters, ${encoding}, ${segments} segment${segments === 1 ? "" : "s"})`
  );
}

/** The warning when an SMS needs more than one segment (each is billed), or `undefined`. */
export function smsMultiSegmentWarning(
  subject: string,
  count: SmsSegmentCount,
  multiSegmentLocales: readonly { locale: string; segments: number }[],
): string | undefined {
  const locales = multiSegmentLocales.map(({ locale, segments }) => `${locale}: ${segments}`);
  if (count.segments <= 1 && locales.length === 0) return undefined;
  const where =
    count.segments > 1
      ? `needs ${count.segments} SMS segments (${figure(count.units)} ${count.encoding === "GSM-7" ? "septets" : "UCS-2 units"})`
      : "needs more than one SMS segment";
  const byLocale = locales.length === 0 ? "" : ` (by locale: ${listed(locales)})`;
  return `${subject} ${where}${byLocale}; each segment is billed as one SMS`;
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
  const analyzed = analyzeTemplate(template);
  const budget = new RenderBudget(clock);
  const friendlyName = values.friendlyName ?? DEFAULT_FRIENDLY_NAME;
  const sms = (locale: string | undefined) => {
    const sample = sampleOf({ channel: "sms", locale, customDomain: false }, SAMPLE_CODE, friendlyName);
    return renderParsed(analyzed.parsed, renderContext(dialect, sample), budget, template);
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
