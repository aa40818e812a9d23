import type { ObjectEmulation } from "../../wire/emulation";
import { documentOverrides } from "../../wire/emulation";
import { schema } from "../../wire/schema";
import type { Flat } from "../../wire/shape";
import type { CaptchaPatchRequest, CaptchaProviderId, CaptchaResponse } from "./api";
import { captchaRequestObject } from "./api";

/**
 * The stored CAPTCHA configuration, secrets included: the request shape where the active provider, the
 * `auth_challenge` options and `simple_captcha` always exist.
 */
export type StoredCaptcha = Flat<
  Omit<CaptchaPatchRequest, "active_provider_id" | "auth_challenge" | "simple_captcha"> & {
    active_provider_id: CaptchaProviderId;
    auth_challenge: { fail_open: boolean };
    simple_captcha: Record<string, unknown>;
  }
>;

const storedCaptchaSchema = schema<StoredCaptcha>()((z) =>
  captchaRequestObject(z)
    .partial()
    .required({ active_provider_id: true, auth_challenge: true, simple_captcha: true }),
);

/** A provider never configured, as a real tenant answers it: an empty site key (arkose keeps its defaults). */
const UNCONFIGURED = {
  recaptcha_v2: { site_key: "" },
  recaptcha_enterprise: { site_key: "", project_id: "" },
  hcaptcha: { site_key: "" },
  friendly_captcha: { site_key: "" },
  arkose: { site_key: "", client_subdomain: "client-api", verify_subdomain: "verify-api", fail_open: false },
} as const;

/**
 * The configuration as the API answers it: all eight members, as recorded real tenants answer, each provider
 * either as configured (without `secret` or `api_key`) or as never configured. Built field by field (never by
 * deleting secrets from a copy), so a credential cannot leak through a field added later.
 */
function publicCaptcha(stored: StoredCaptcha): CaptchaResponse {
  const { recaptcha_v2, recaptcha_enterprise, hcaptcha, friendly_captcha, arkose } = stored;
  return {
    active_provider_id: stored.active_provider_id,
    simple_captcha: stored.simple_captcha,
    auth_challenge: { fail_open: stored.auth_challenge.fail_open },
    recaptcha_v2: recaptcha_v2 ? { site_key: recaptcha_v2.site_key } : { ...UNCONFIGURED.recaptcha_v2 },
    recaptcha_enterprise: recaptcha_enterprise
      ? { site_key: recaptcha_enterprise.site_key, project_id: recaptcha_enterprise.project_id }
      : { ...UNCONFIGURED.recaptcha_enterprise },
    hcaptcha: hcaptcha ? { site_key: hcaptcha.site_key } : { ...UNCONFIGURED.hcaptcha },
    friendly_captcha: friendly_captcha
      ? { site_key: friendly_captcha.site_key }
      : { ...UNCONFIGURED.friendly_captcha },
    arkose: arkose
      ? {
          site_key: arkose.site_key,
          client_subdomain: arkose.client_subdomain ?? UNCONFIGURED.arkose.client_subdomain,
          verify_subdomain: arkose.verify_subdomain ?? UNCONFIGURED.arkose.verify_subdomain,
          fail_open: arkose.fail_open ?? false,
        }
      : { ...UNCONFIGURED.arkose },
  };
}

/**
 * The CAPTCHA configuration: a document (its description gives a new tenant's, the plan's refusal and the
 * 404), stored with every provider's block and shown with all eight members, as real tenants answer.
 */
export const emulation: ObjectEmulation = {
  document: documentOverrides<StoredCaptcha>({
    stored: storedCaptchaSchema,
    view: publicCaptcha,
    legacyKey: "captcha",
  }),
};
