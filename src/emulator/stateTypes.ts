/**
 * The emulator's stored state as plain types, without zod, for the public declarations of
 * `pulumi-tenant-admin/emulator`. `./state` checks at compile time that each equals its schema's `z.infer`.
 */
import type {
  ArkoseRequest,
  CaptchaProviderId,
  PhoneTemplatesRequest,
  RecaptchaEnterpriseRequest,
  SiteKeySecretRequest,
  TenantSettingsResponse,
} from "../wire/model";

/**
 * The stored CAPTCHA configuration, secrets included: the request shape where the active provider, the
 * `auth_challenge` options and `simple_captcha` always exist.
 */
export type StoredCaptcha = {
  active_provider_id: CaptchaProviderId;
  auth_challenge: { fail_open: boolean };
  simple_captcha: Record<string, unknown>;
  arkose?: ArkoseRequest | undefined;
  hcaptcha?: SiteKeySecretRequest | undefined;
  friendly_captcha?: SiteKeySecretRequest | undefined;
  recaptcha_enterprise?: RecaptchaEnterpriseRequest | undefined;
  recaptcha_v2?: SiteKeySecretRequest | undefined;
};

/** A client's credentials as the data file keeps them. */
export type StoredClientCredentials = {
  clientId: string;
  clientSecret: string;
};

/** The content of the data file (format version 1). */
export type PersistedState = {
  version: 1;
  clients: { global: StoredClientCredentials; nonGlobal: StoredClientCredentials };
  captcha: StoredCaptcha | null;
  phoneTemplates: PhoneTemplatesRequest;
  settings: TenantSettingsResponse;
};
