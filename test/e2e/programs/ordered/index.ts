// The crash test's program: the phone templates are written only after the CAPTCHA configuration, so the
// emulator can be killed between the two writes of one `pulumi up`.
import * as pulumi from "@pulumi/pulumi";
import { CaptchaConfig, PhoneTemplates } from "pulumi-tenant-admin";

const config = new pulumi.Config("e2e");

const captcha = new CaptchaConfig("captcha", {
  activeProviderId: "hcaptcha",
  hcaptcha: { siteKey: config.require("hcaptchaSiteKey"), secret: config.requireSecret("hcaptchaSecret") },
});

const templates = new PhoneTemplates(
  "templates",
  {
    enrollmentMessage: config.require("enrollmentMessage"),
    verificationMessage: "{{code}} is your verification code",
  },
  { dependsOn: [captcha] },
);

export const enrollmentMessage = templates.enrollmentMessage;
