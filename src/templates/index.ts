/**
 * The platform's template rules in one place, shared by the tenant objects' checks and the emulator, for any
 * dialect (the variables one generation of templates is given, as data): Liquid parsing (liquidjs, loaded at
 * the first template), the code on every path, documented variables, comparisons that can never hold, the
 * template limits, SMS previews and segment counting, and reviews in a worker thread. Imports nothing from
 * the rest of the package: each tenant object gives its dialect (its `dialect.ts`).
 */
export type {
  ContextPlaceholder,
  ContextTree,
  SampleKey,
  TemplateChannel,
  TemplateDialect,
  TemplateSample,
} from "./dialect";
export type { Clock } from "./budget";
export { DEFAULT_FRIENDLY_NAME, SAMPLE_CODE, renderContext } from "./dialect";
export { TemplateSyntaxError, TemplateLimitError } from "./errors";
export type { TemplateLimit } from "./errors";
export {
  MEMORY_LIMIT,
  NESTING_MAX_DEPTH,
  OUTPUT_MAX_LENGTH,
  RENDER_STEP_LIMIT,
  RENDER_TIME_LIMIT_MS,
  TEMPLATE_MAX_LENGTH,
} from "./limits";
export { TemplateReviewWorker, WORKER_TIMEOUT_MS, reviewTemplatesInWorker } from "./offThread";
export type { TemplateReviewJob, WorkerReviewOptions, WorkerScript } from "./offThread";
export { PREVIEW_MAX_CHARACTERS, previewSms, smsMultiSegmentWarning, smsPreviewLine } from "./preview";
export type { SmsPreview, SmsPreviewValues } from "./preview";
export { renderTemplate } from "./render";
export { reviewTemplate } from "./review";
export type { ReviewOptions, TemplateReview } from "./review";
export { SMS_SEGMENT_UNITS, smsSegments } from "./segments";
export type { SmsEncoding, SmsSegmentCount } from "./segments";
export { isDocumentedVariable, suggestVariable, undocumentedVariableWarning } from "./variables";
export type { UndocumentedVariable } from "./variables";
