// examples/per-environment: one program, one stack per environment. The stack config files
// (Pulumi.dev.yaml, Pulumi.prod.yaml) choose the CAPTCHA provider and the MFA phone texts of each environment:
// dev runs the platform's own challenge failing open, prod runs reCAPTCHA Enterprise. Pulumi.emulator.yaml is
// the stack examples/ci/github-actions.yml previews against the package's emulator. The phone texts are the
// otp_enroll and otp_verify phone notification templates of a tenant created since March 2025 (the Unified
// Phone Experience; see docs/which-phone-resource.md).
//
// Each environment's tenant comes from its own AUTH0_DOMAIN / AUTH0_CLIENT_ID / AUTH0_CLIENT_SECRET (for
// example the CI secrets of a GitHub environment, see examples/ci/github-actions.yml), or from the stack
// config keys tenant-admin:domain, tenant-admin:clientId and tenant-admin:clientSecret.
//
// Secrets are never committed: set them per stack, encrypted, with
//   pulumi config set --secret recaptchaApiKey <api key> --stack prod
//   pulumi config set --secret hcaptchaSecret <secret> --stack <stack>   (when captchaProvider is hcaptcha)
import * as pulumi from "@pulumi/pulumi";
import type { CaptchaConfigArgs } from "pulumi-tenant-admin";
import { CaptchaConfig, PhoneNotificationTemplate } from "pulumi-tenant-admin";

const config = new pulumi.Config();

/** The providers this program knows how to configure; the stack config picks one. */
const PROVIDERS = ["auth_challenge", "hcaptcha", "recaptcha_enterprise"] as const;

function captchaArgs(provider: (typeof PROVIDERS)[number]): CaptchaConfigArgs {
  switch (provider) {
    case "auth_challenge":
      return {
        activeProviderId: "auth_challenge",
        authChallenge: { failOpen: config.requireBoolean("failOpen") },
      };
    case "hcaptcha":
      return {
        activeProviderId: "hcaptcha",
        hcaptcha: {
          siteKey: config.require("hcaptchaSiteKey"),
          secret: config.requireSecret("hcaptchaSecret"),
        },
      };
    case "recaptcha_enterprise":
      return {
        activeProviderId: "recaptcha_enterprise",
        recaptchaEnterprise: {
          siteKey: config.require("recaptchaSiteKey"),
          apiKey: config.requireSecret("recaptchaApiKey"),
          projectId: config.require("recaptchaProjectId"),
        },
      };
  }
}

const captcha = new CaptchaConfig("captcha", {
  ...captchaArgs(config.require("captchaProvider", { allowedValues: [...PROVIDERS] })),
  // Removing the resource from a stack switches that tenant back to the platform's own challenge.
  resetOnDelete: config.getBoolean("resetOnDelete") ?? false,
});

const enrollment = new PhoneNotificationTemplate("mfa-enrollment", {
  type: "otp_enroll",
  content: { body: { text: config.require("enrollmentMessage") } },
});

const verification = new PhoneNotificationTemplate("mfa-verification", {
  type: "otp_verify",
  content: { body: { text: config.require("verificationMessage") } },
});

export const environment = pulumi.getStack();
export const tenantDomain = captcha.domain;
export const activeCaptchaProvider = captcha.activeProviderId;
export const enrollmentMessage = enrollment.content.apply((content) => content.body.text);
export const verificationMessage = verification.content.apply((content) => content.body.text);
