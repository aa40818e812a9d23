// examples/basic: the program `npm start` runs (the root Pulumi.yaml points here).
//
// One tenant, taken from the stack config `tenant-admin:*` or the AUTH0_* environment variables, created
// since March 2025 (so it uses the Unified Phone Experience, as the emulator's new tenant does):
// - hCaptcha as the active CAPTCHA provider, its site key from config and its secret from a config secret;
// - the MFA enrollment and verification messages: the otp_enroll and otp_verify phone notification templates;
// - a few tenant settings, read with getTenantSettingsOutput and exported.
//
// Stack config (project namespace tenant-admin-demo):
//   pulumi config set hcaptchaSiteKey <site key>
//   pulumi config set --secret hcaptchaSecret <secret>
import * as pulumi from "@pulumi/pulumi";
import { CaptchaConfig, PhoneNotificationTemplate, getTenantSettingsOutput } from "pulumi-tenant-admin";

const config = new pulumi.Config();

const captcha = new CaptchaConfig("captcha", {
  activeProviderId: "hcaptcha",
  hcaptcha: {
    siteKey: config.require("hcaptchaSiteKey"),
    // Stored in Pulumi state as a secret; the tenant never returns it.
    secret: config.requireSecret("hcaptchaSecret"),
  },
});

const enrollment = new PhoneNotificationTemplate("mfa-enrollment", {
  type: "otp_enroll",
  content: {
    body: {
      text: "{{ code }} is your code to add this phone to your {{ friendly_name }} account.",
      voice: "Your {{ friendly_name }} enrollment code is {{ pause }} {{ code }}.",
    },
  },
});

const verification = new PhoneNotificationTemplate("mfa-verification", {
  type: "otp_verify",
  content: {
    body: {
      text: "{{ code }} is your {{ friendly_name }} verification code. Do not share it.",
      voice: "Your {{ friendly_name }} verification code is {{ pause }} {{ code }}.",
    },
  },
});

const settings = getTenantSettingsOutput({
  fields: ["friendlyName", "supportEmail", "sessionLifetime", "idleSessionLifetime", "enabledLocales"],
});

export const tenantDomain = captcha.domain;
export const activeCaptchaProvider = captcha.activeProviderId;
// The hcaptcha block is secret as a whole (it holds the secret); the site key alone is public.
export const hcaptchaSiteKey = pulumi.unsecret(captcha.hcaptcha.apply((block) => block?.siteKey));
export const phoneMessages = {
  enrollment: enrollment.content.apply((content) => content.body.text),
  verification: verification.content.apply((content) => content.body.text),
};
export const tenantSettings = settings;
