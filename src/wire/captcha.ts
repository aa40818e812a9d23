import { z } from "zod";

import type {
  ArkoseRequest,
  CaptchaPatchRequest,
  CaptchaResponse,
  RecaptchaEnterpriseRequest,
  SiteKeySecretRequest,
} from "./model";
import { CAPTCHA_PROVIDER_IDS } from "./model";
import { sameType } from "./sameType";

export const ACTIVE_PROVIDER_ID_MAX_LENGTH = 36;
export const CAPTCHA_FIELD_MAX_LENGTH = 100;

const boundedString = z.string().max(CAPTCHA_FIELD_MAX_LENGTH);

export const activeProviderIdSchema = z
  .string()
  .max(ACTIVE_PROVIDER_ID_MAX_LENGTH)
  .pipe(z.enum(CAPTCHA_PROVIDER_IDS));

export const arkoseRequestSchema = z.strictObject({
  site_key: boundedString,
  secret: boundedString,
  client_subdomain: boundedString.optional(),
  verify_subdomain: boundedString.optional(),
  fail_open: z.boolean().optional(),
});

export const authChallengeRequestSchema = z.strictObject({
  fail_open: z.boolean(),
});

/** The request shape shared by hcaptcha, friendly_captcha and recaptcha_v2. */
export const siteKeySecretRequestSchema = z.strictObject({
  site_key: boundedString,
  secret: boundedString,
});

export const recaptchaEnterpriseRequestSchema = z.strictObject({
  site_key: boundedString,
  api_key: boundedString,
  project_id: boundedString,
});

/** simple_captcha is free-form: its keys are kept verbatim. */
export const simpleCaptchaSchema = z.record(z.string(), z.unknown());

/** The CAPTCHA PATCH body (`OPERATIONS.patchCaptcha`): every property optional, none other accepted. */
export const captchaPatchRequestSchema = z.strictObject({
  active_provider_id: activeProviderIdSchema.optional(),
  arkose: arkoseRequestSchema.optional(),
  auth_challenge: authChallengeRequestSchema.optional(),
  hcaptcha: siteKeySecretRequestSchema.optional(),
  friendly_captcha: siteKeySecretRequestSchema.optional(),
  recaptcha_enterprise: recaptchaEnterpriseRequestSchema.optional(),
  recaptcha_v2: siteKeySecretRequestSchema.optional(),
  simple_captcha: simpleCaptchaSchema.optional(),
});

sameType<CaptchaPatchRequest, z.infer<typeof captchaPatchRequestSchema>>(true);
sameType<ArkoseRequest, z.infer<typeof arkoseRequestSchema>>(true);
sameType<SiteKeySecretRequest, z.infer<typeof siteKeySecretRequestSchema>>(true);
sameType<RecaptchaEnterpriseRequest, z.infer<typeof recaptchaEnterpriseRequestSchema>>(true);

const siteKeyResponseSchema = z.looseObject({ site_key: z.string().optional() });

/**
 * The CAPTCHA GET and PATCH response. The service never returns `secret` or `api_key`, and
 * may add fields without a version change, so unknown fields are kept.
 */
export const captchaResponseSchema = z.looseObject({
  active_provider_id: z.string().optional(),
  arkose: z
    .looseObject({
      site_key: z.string().optional(),
      fail_open: z.boolean().optional(),
      client_subdomain: z.string().optional(),
      verify_subdomain: z.string().optional(),
    })
    .optional(),
  auth_challenge: z.looseObject({ fail_open: z.boolean().optional() }).optional(),
  hcaptcha: siteKeyResponseSchema.optional(),
  friendly_captcha: siteKeyResponseSchema.optional(),
  recaptcha_enterprise: z
    .looseObject({ site_key: z.string().optional(), project_id: z.string().optional() })
    .optional(),
  recaptcha_v2: siteKeyResponseSchema.optional(),
  simple_captcha: simpleCaptchaSchema.optional(),
});

sameType<CaptchaResponse, z.infer<typeof captchaResponseSchema>>(true);
