// The adoption tests' program: the two tenant objects, each imported with the `import` resource option
// when its import id is set in stack config.
import * as pulumi from "@pulumi/pulumi";
import { CaptchaConfig, PhoneTemplates } from "pulumi-tenant-admin";

const config = new pulumi.Config("e2e");
const importOf = (key: string) => {
  const id = config.get(key);
  return id === undefined ? {} : { import: id };
};

new CaptchaConfig(
  "captcha",
  {
    activeProviderId: "hcaptcha",
    hcaptcha: { siteKey: config.require("hcaptchaSiteKey"), secret: config.requireSecret("hcaptchaSecret") },
    authChallenge: { failOpen: true },
  },
  importOf("captchaImportId"),
);

new PhoneTemplates(
  "templates",
  {
    enrollmentMessage: config.require("enrollmentMessage"),
    verificationMessage: config.require("verificationMessage"),
  },
  importOf("templatesImportId"),
);
