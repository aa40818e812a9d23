/**
 * pulumi-tenant-admin: an identity tenant's CAPTCHA configuration, attack protection and phone message
 * templates as Pulumi resources, and its settings and attack protection as data sources.
 */
import { useProgramSdk } from "./engine/programSdk";

// Before anything below loads @pulumi/pulumi.
useProgramSdk();

export { CaptchaConfig } from "./resources/captchaConfig/resource";
export type {
  CaptchaConfigArgs,
  CaptchaConfigInputs,
  CaptchaConfigOutputs,
  CaptchaConfigSettings,
  CaptchaSettings,
} from "./resources/captchaConfig/resource";
export { CAPTCHA_PROVIDER_IDS } from "./resources/captchaConfig/api";
export type { CaptchaProviderId } from "./resources/captchaConfig/api";
export { PhoneTemplates } from "./resources/phoneTemplates/resource";
export type {
  PhoneTemplateMessages,
  PhoneTemplatesArgs,
  PhoneTemplatesInputs,
  PhoneTemplatesOutputs,
} from "./resources/phoneTemplates/resource";
export { DEFAULT_PHONE_TEMPLATES, PHONE_TEMPLATE_VARIABLES } from "./resources/phoneTemplates/api";
export { PhoneNotificationTemplate } from "./resources/phoneNotificationTemplate/resource";
export type {
  PhoneNotificationContentInputs,
  PhoneNotificationTemplateArgs,
  PhoneNotificationTemplateInputs,
  PhoneNotificationTemplateOutputs,
} from "./resources/phoneNotificationTemplate/resource";
export {
  DEFAULT_PHONE_NOTIFICATION_BODIES,
  PHONE_NOTIFICATION_TYPES,
  PHONE_NOTIFICATION_VARIABLES,
} from "./resources/phoneNotificationTemplate/api";
export type { PhoneNotificationBody, PhoneNotificationType } from "./resources/phoneNotificationTemplate/api";
export { getTenantSettings, getTenantSettingsOutput } from "./resources/tenantSettings/function";
export type { FunctionDependencies, FunctionOutputOptions } from "./engine/functionDependencies";
export type {
  GetTenantSettingsArgs,
  GetTenantSettingsOutputArgs,
  SelectedTenantSettings,
  TenantSettings,
  TenantSettingsFieldName,
} from "./resources/tenantSettings/function";
export { ENABLED_LOCALES } from "./resources/tenantSettings/api";
export { BotDetection } from "./resources/botDetection/resource";
export type {
  BotDetectionArgs,
  BotDetectionInputs,
  BotDetectionOutputs,
} from "./resources/botDetection/resource";
export { BOT_DETECTION_LEVELS, CHALLENGE_POLICIES } from "./resources/botDetection/api";
export type { BotDetectionLevel, BotDetectionMembers, ChallengePolicy } from "./resources/botDetection/api";
export { BruteForceProtection } from "./resources/bruteForceProtection/resource";
export type {
  BruteForceProtectionArgs,
  BruteForceProtectionInputs,
  BruteForceProtectionOutputs,
} from "./resources/bruteForceProtection/resource";
export type {
  BruteForceMode,
  BruteForceProtectionMembers,
  BruteForceShield,
} from "./resources/bruteForceProtection/api";
export { BreachedPasswordDetection } from "./resources/breachedPasswordDetection/resource";
export type {
  BreachedPasswordDetectionArgs,
  BreachedPasswordDetectionInputs,
  BreachedPasswordDetectionOutputs,
  BreachedPasswordStageArgs,
} from "./resources/breachedPasswordDetection/resource";
export type {
  AdminNotificationFrequency,
  BreachedPasswordDetectionMembers,
  BreachedPasswordShield,
  BreachedPasswordStageState,
  DetectionMethod,
  StageShield,
} from "./resources/breachedPasswordDetection/api";
export { SuspiciousIpThrottling } from "./resources/suspiciousIpThrottling/resource";
export type {
  SuspiciousIpThrottlingArgs,
  SuspiciousIpThrottlingInputs,
  SuspiciousIpThrottlingOutputs,
  ThrottlingStageArgs,
} from "./resources/suspiciousIpThrottling/resource";
export type {
  SuspiciousIpShield,
  SuspiciousIpThrottlingMembers,
  ThrottlingStageName,
  ThrottlingStageState,
} from "./resources/suspiciousIpThrottling/api";
export { getAttackProtection, getAttackProtectionOutput } from "./resources/attackProtection/function";
export {
  ALLOWLIST_MAX_ENTRIES,
  allowlistEntryKey,
  isIpOrCidr,
  parseAllowlistEntry,
} from "./wire/ipAllowlist";
export type { AllowlistEntry } from "./wire/ipAllowlist";
export type {
  AttackProtection,
  GetAttackProtectionArgs,
  GetAttackProtectionOutputArgs,
} from "./resources/attackProtection/function";
export { PhoneMfa } from "./resources/phoneMfa/resource";
export type { PhoneMfaArgs, PhoneMfaInputs, PhoneMfaOutputs } from "./resources/phoneMfa/resource";
export { PHONE_CHANNELS } from "./resources/phoneMfa/api";
export type { PhoneChannel, PhoneMfaMembers } from "./resources/phoneMfa/api";
export { getPhoneMfa, getPhoneMfaOutput } from "./resources/phoneMfa/function";
export type {
  GetPhoneMfaArgs,
  GetPhoneMfaOutputArgs,
  PhoneMfaSender,
  PhoneMfaState,
} from "./resources/phoneMfa/function";
export { PhoneProvider } from "./resources/phoneProvider/resource";
export type {
  PhoneProviderArgs,
  PhoneProviderInputs,
  PhoneProviderOutputs,
  PhoneProviderTwilioArgs,
} from "./resources/phoneProvider/resource";
export { DELIVERY_METHODS, PHONE_PROVIDER_NAMES } from "./resources/phoneProvider/api";
export type {
  DeliveryMethod,
  PhoneProviderMembers,
  PhoneProviderName,
  PhoneProviderTwilio,
} from "./resources/phoneProvider/api";
export { LegacyPhoneProvider } from "./resources/legacyPhoneProvider/resource";
export type {
  LegacyPhoneProviderArgs,
  LegacyPhoneProviderInputs,
  LegacyPhoneProviderOutputs,
  LegacyTwilioAccountArgs,
} from "./resources/legacyPhoneProvider/resource";
export { LEGACY_PHONE_PROVIDERS } from "./resources/legacyPhoneProvider/api";
export type {
  LegacyPhoneProviderMembers,
  LegacyPhoneProviderName,
  LegacyTwilioAccount,
} from "./resources/legacyPhoneProvider/api";
export type { ResolvedTenant, TenantArgs, TenantInputs, TenantSelector } from "./engine/tenantArgs";
export type {
  CommonOutputs,
  DocumentArgs,
  MemberInput,
  MemberOutputs,
  ObjectArgs,
  ObjectResourceClass,
  ResetOnDeleteArg,
  TenantArg,
} from "./resources/tenantObject/program/objectResource";
export { tenantNames } from "./engine/providerContext";
export { renderPhoneTemplate } from "./resources/phoneTemplates/api";
export type { PhoneMessageType, PhoneTemplateValues } from "./resources/phoneTemplates/api";
export {
  SMS_SEGMENT_UNITS,
  TemplateLimitError,
  TemplateSyntaxError,
  smsSegments,
} from "./resources/lazyTemplates";
export type { SmsEncoding, SmsSegmentCount, TemplateLimit } from "./templates";
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
export { ALL_SCOPES } from "./resources/registry";
