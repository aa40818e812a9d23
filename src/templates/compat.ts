/**
 * The template API the callers on this branch still use (the PhoneTemplates check and preview reporter, the
 * emulator's validation), as thin wrappers over {@link reviewTemplate} and {@link previewSms} in the legacy
 * dialect. Remove once those callers use the dialect API.
 */
import { LEGACY_PHONE_DIALECT } from "./dialects";
import { analyzeTemplate } from "./analysis";
import { previewSms, smsMultiSegmentWarning, smsPreviewLine } from "./preview";
import { reviewTemplate } from "./review";
import type { SmsSegmentCount } from "./segments";
import { undocumentedVariableWarning, undocumentedVariables } from "./variables";
import type { UndocumentedVariable } from "./variables";

/** A variable the platform does not document, and the known one it most likely means. */
export type UnknownPhoneTemplateVariable = UndocumentedVariable;

/** What the template rules found in one legacy template. */
export interface PhoneTemplateReview {
  /** One-line reasons the template is refused (empty when it is valid). */
  errors: string[];
  /** Variables the platform does not document: a warning, since the platform may add variables. */
  unknownVariables: UnknownPhoneTemplateVariable[];
}

/** What a user receives by SMS from a legacy template, with a sample code. */
export interface PhoneTemplatePreview {
  /** The rendered SMS (no locale). */
  message: string;
  count: SmsSegmentCount;
  /** Every locale whose SMS needs more than one segment, with its count. */
  multiSegmentLocales: { locale: string; segments: number }[];
}

/** {@link reviewTemplate} of a legacy template (both channels, code required), its unknown variables as data. */
export function reviewPhoneTemplate(template: string): PhoneTemplateReview {
  const { errors } = reviewTemplate(template, LEGACY_PHONE_DIALECT, {
    channels: ["sms", "voice"],
    requireCode: true,
  });
  if (errors.length > 0) return { errors, unknownVariables: [] };
  return {
    errors,
    unknownVariables: undocumentedVariables(analyzeTemplate(template).paths, LEGACY_PHONE_DIALECT),
  };
}

/** The warning for an unknown variable, naming the property, the variable and the known ones. */
export function unknownVariableWarning(property: string, unknown: UnknownPhoneTemplateVariable): string {
  return undocumentedVariableWarning(property, unknown, LEGACY_PHONE_DIALECT);
}

/** {@link previewSms} of a legacy template, without its lines. */
export function previewPhoneTemplate(template: string, friendlyName: string): PhoneTemplatePreview {
  const { message, count, multiSegmentLocales } = previewSms(template, LEGACY_PHONE_DIALECT, {
    subject: "",
    friendlyName,
  });
  return { message, count, multiSegmentLocales };
}

/** The preview as one line: `enrollmentMessage SMS preview: "…" (64 characters, GSM-7, 1 segment)`. */
export function previewLine(property: string, preview: PhoneTemplatePreview): string {
  return smsPreviewLine(property, preview.message, preview.count);
}

/** The warning when an SMS needs more than one segment (each is billed), or `undefined`. */
export function multiSegmentWarning(property: string, preview: PhoneTemplatePreview): string | undefined {
  return smsMultiSegmentWarning(property, preview.count, preview.multiSegmentLocales);
}

/**
 * The platform's 400 message for an invalid legacy template, `Invalid enrollment_message template:
 * <details>`, or `undefined` when the template is valid.
 */
export function invalidTemplateMessage(field: string, template: string): string | undefined {
  const [first] = reviewPhoneTemplate(template).errors;
  return first === undefined ? undefined : `Invalid ${field} template: ${first}`;
}
