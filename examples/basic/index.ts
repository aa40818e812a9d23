// examples/basic: the program `npm start` runs (the root Pulumi.yaml points here).
//
// One tenant, taken from the stack config `tenant-admin:*` or the AUTH0_* environment variables:
// - hCaptcha as the active CAPTCHA provider, its site key from config and its secret from a config secret;
// - the phone MFA enrollment and verification templates;
// - a few tenant settings, read with getTenantSettingsOutput and exported.
//
// Stack config (project namespace tenant-admin-demo):
//   pulumi config set hcaptchaSiteKey <site key>
//   pulumi config set --secret hcaptchaSecret <secret>
import * as pulumi from "@pulumi/pulumi";
import { CaptchaConfig, PhoneTemplates, getTenantSettingsOutput } from "pulumi-tenant-admin";

const config = new pulumi.Config();

const captcha = new CaptchaConfig("captcha", {
  activeProviderId: "hcaptcha",
  hcaptcha: {
    siteKey: config.require("hcaptchaSiteKey"),
    // Stored in Pulumi state as a secret; the tenant never returns it.
    secret: config.requireSecret("hcaptchaSecret"),
  },
});

const phoneTemplates = new PhoneTemplates("phone-templates", {
  enrollmentMessage: "{{code}} is your code to add this phone to your {{tenant.friendly_name}} account.",
  verificationMessage: "{{code}} is your {{tenant.friendly_name}} verification code. Do not share it.",
});

const settings = getTenantSettingsOutput({
  fields: ["friendlyName", "supportEmail", "sessionLifetime", "idleSessionLifetime", "enabledLocales"],
});

export const tenantDomain = captcha.domain;
export const activeCaptchaProvider = captcha.activeProviderId;
// The hcaptcha block is secret as a whole (it holds the secret); the site key alone is public.
export const hcaptchaSiteKey = pulumi.unsecret(captcha.hcaptcha.apply((block) => block?.siteKey));
export const phoneTemplateMessages = {
  enrollment: phoneTemplates.enrollmentMessage,
  verification: phoneTemplates.verificationMessage,
};
export const tenantSettings = settings;
