// examples/multi-tenant: several tenants in one program, through the `tenant` argument. Every resource and
// read names its tenant explicitly; nothing is taken from tenant-admin:* config or AUTH0_* variables for
// them, so one tenant's credentials can never be used on another. The client secrets are stored in Pulumi
// state as secrets, encrypted.
//
// Stack config, per tenant name listed in `tenants`:
//   pulumi config set --path 'tenants[0]' eu
//   pulumi config set --path 'tenants[1]' us
//   pulumi config set euDomain my-tenant-eu.eu.example.com
//   pulumi config set euClientId <client id>
//   pulumi config set --secret euClientSecret <client secret>
//   pulumi config set euHcaptchaSiteKey <site key>
//   pulumi config set --secret euHcaptchaSecret <secret>
//   ... and the same keys with the prefix us.
import * as pulumi from "@pulumi/pulumi";
import type { TenantArgs } from "pulumi-tenant-admin";
import { CaptchaConfig, PhoneNotificationTemplate, getTenantSettingsOutput } from "pulumi-tenant-admin";

const config = new pulumi.Config();

/** What the program manages on one tenant, and what it exports about it. */
function manageTenant(name: string) {
  const tenant: TenantArgs = {
    domain: config.require(`${name}Domain`),
    clientId: config.require(`${name}ClientId`),
    clientSecret: config.requireSecret(`${name}ClientSecret`),
  };
  const captcha = new CaptchaConfig(`${name}-captcha`, {
    activeProviderId: "hcaptcha",
    hcaptcha: {
      siteKey: config.require(`${name}HcaptchaSiteKey`),
      secret: config.requireSecret(`${name}HcaptchaSecret`),
    },
    tenant,
  });
  const verification = new PhoneNotificationTemplate(`${name}-mfa-verification`, {
    type: "otp_verify",
    content: { body: { text: "{{ code }} is your {{ friendly_name }} verification code" } },
    tenant,
  });
  const settings = getTenantSettingsOutput({ fields: ["friendlyName", "enabledLocales"], tenant });
  return {
    domain: captcha.domain,
    activeCaptchaProvider: captcha.activeProviderId,
    verificationMessage: verification.content.apply((content) => content.body.text),
    friendlyName: settings.friendlyName,
    enabledLocales: settings.enabledLocales,
  };
}

const names = config.requireObject<string[]>("tenants");

export const tenants = Object.fromEntries(names.map((name) => [name, manageTenant(name)]));
