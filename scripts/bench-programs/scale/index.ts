// The scale figure of `npm run bench`: one program managing many tenants, each with a CaptchaConfig and
// PhoneTemplates through the `tenant` argument (nothing from tenant-admin:* config or AUTH0_* variables).
//
// Stack config (project namespace of the stack):
//   tenants: a JSON list of {"domain": ..., "clientId": ...}
//   clientSecrets (secret): a JSON list of the client secrets, in the same order
import * as pulumi from "@pulumi/pulumi";
import { CaptchaConfig, PhoneTemplates } from "pulumi-tenant-admin";

const config = new pulumi.Config();
const tenants = config.requireObject<{ domain: string; clientId: string }[]>("tenants");
const clientSecrets = config.requireSecretObject<string[]>("clientSecrets");

export const domains = tenants.map(({ domain, clientId }, index) => {
  const tenant = { domain, clientId, clientSecret: clientSecrets.apply((secrets) => secrets[index] ?? "") };
  const captcha = new CaptchaConfig(`tenant-${index}-captcha`, {
    activeProviderId: "hcaptcha",
    hcaptcha: { siteKey: `site-key-${index}`, secret: pulumi.secret(`hcaptcha-secret-${index}`) },
    tenant,
  });
  new PhoneTemplates(`tenant-${index}-phone-templates`, {
    enrollmentMessage: `{{code}} enrolls your phone with tenant ${index}`,
    verificationMessage: `{{code}} is your tenant ${index} code`,
    tenant,
  });
  return captcha.domain;
});
