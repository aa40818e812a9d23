/**
 * The platform's phone template rules in one place, shared by the `PhoneTemplates` resource's check and
 * the emulator's `putPhoneTemplates` operation: Liquid parsing (liquidjs), the code on every
 * path, documented variables, and SMS segment counting. Imports only the wire schemas.
 */
export {
  DEFAULT_FRIENDLY_NAME,
  PhoneTemplateSyntaxError,
  invalidTemplateMessage,
  multiSegmentWarning,
  previewLine,
  previewPhoneTemplate,
  renderPhoneTemplate,
  reviewPhoneTemplate,
  unknownVariableWarning,
} from "./phoneTemplate";
export type {
  PhoneMessageType,
  PhoneTemplatePreview,
  PhoneTemplateReview,
  PhoneTemplateValues,
  UnknownPhoneTemplateVariable,
} from "./phoneTemplate";
export { SMS_SEGMENT_UNITS, smsSegments } from "./segments";
export type { SmsEncoding, SmsSegmentCount } from "./segments";
export { PHONE_TEMPLATE_VARIABLES, isKnownVariable, suggestVariable } from "./variables";
