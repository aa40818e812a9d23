/**
 * The platform's template rules in one place, shared by the tenant objects' checks and the emulator, for any
 * dialect (the variables one generation of templates is given, as data): Liquid parsing (liquidjs, loaded at
 * the first template), the code on every path, documented variables, comparisons that can never hold, the
 * template limits, SMS previews and segment counting. Imports nothing from the rest of the package but the
 * near-name suggestions: each tenant object gives its dialect (its `dialect.ts`).
 */
export type { ContextTree, TemplateChannel, TemplateDialect, TemplateSample } from "./dialect";
export { DEFAULT_FRIENDLY_NAME, SAMPLE_CODE, renderContext, renderTemplate } from "./dialect";
export type { Clock, TemplateLimit } from "./limits";
export { RENDER_STEP_LIMIT, RENDER_TIME_LIMIT_MS, TemplateLimitError, TemplateSyntaxError } from "./limits";
export { checkTemplate, previewSms, reviewTemplate } from "./review";
export type { ReviewOptions, TemplateCheck, TemplateReview, TemplateReviewJob } from "./review";
export { PREVIEW_MAX_CHARACTERS, SMS_SEGMENT_UNITS, smsSegments } from "./sms";
export type { SmsEncoding, SmsSegmentCount } from "./sms";
export { isDocumentedVariable, suggestVariable, undocumentedVariableWarning } from "./variables";
export type { UndocumentedVariable } from "./variables";
