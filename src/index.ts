/**
 * pulumi-tenant-admin: an identity tenant's CAPTCHA configuration and phone MFA templates as Pulumi
 * resources, and its settings as a data source.
 */
export { CaptchaConfig } from "./resources/captchaConfig";
export type {
  CaptchaConfigArgs,
  CaptchaConfigInputs,
  CaptchaConfigOutputs,
  CaptchaConfigSettings,
  CaptchaSettings,
} from "./resources/captchaConfig";
export { PhoneTemplates } from "./resources/phoneTemplates";
export type {
  PhoneTemplateMessages,
  PhoneTemplatesArgs,
  PhoneTemplatesInputs,
  PhoneTemplatesOutputs,
} from "./resources/phoneTemplates";
export type { TenantArgs, TenantInputs } from "./engine/tenantArgs";
export {
  PHONE_TEMPLATE_VARIABLES,
  PhoneTemplateSyntaxError,
  SMS_SEGMENT_UNITS,
  renderPhoneTemplate,
  smsSegments,
} from "./templates";
export type { PhoneMessageType, PhoneTemplateValues, SmsEncoding, SmsSegmentCount } from "./templates";
export { getTenantSettings, getTenantSettingsOutput } from "./functions/tenantSettings";
export type {
  GetTenantSettingsArgs,
  GetTenantSettingsOutputArgs,
  SelectedTenantSettings,
  TenantSettings,
  TenantSettingsFieldName,
} from "./functions/tenantSettings";
export {
  TenantAdminError,
  TenantApiError,
  TenantConfigError,
  TenantConnectionError,
  TenantRateLimitError,
  TenantResponseError,
  TokenRequestError,
} from "./client/errors";
export { CONFIG_KEYS, ENV_VARS } from "./client/settings";
export { CAPTCHA_PROVIDER_IDS, DEFAULT_PHONE_TEMPLATES, ENABLED_LOCALES } from "./wire/model";
export type { CaptchaProviderId } from "./wire/model";
export { ALL_SCOPES, SCOPES } from "./wire/endpoints";
