// examples/fleet: a fleet of tenants (one per customer, region or brand), each named once in the stack config
// map tenant-admin:tenants and referred to by name. The provider reads a name's credentials from the stack
// config at each operation: no credential is stored in any resource's state, and rotating a client secret is
// one config change. See README.md.
import * as pulumi from "@pulumi/pulumi";
import {
  BotDetection,
  BreachedPasswordDetection,
  BruteForceProtection,
  CaptchaConfig,
  PhoneNotificationTemplate,
  SuspiciousIpThrottling,
  getTenantSettingsOutput,
  tenantNames,
} from "pulumi-tenant-admin";

const config = new pulumi.Config();

/** The same protections on every tenant of the fleet; stricter where `strictTenants` names it. */
function manageTenant(tenant: string, strict: boolean) {
  const captcha = new CaptchaConfig(`${tenant}-captcha`, {
    activeProviderId: "auth_challenge",
    authChallenge: { failOpen: false },
    tenant,
  });
  new BotDetection(`${tenant}-bot-detection`, {
    botDetectionLevel: strict ? "high" : "medium",
    challengePasswordPolicy: "when_risky",
    tenant,
  });
  new BruteForceProtection(`${tenant}-brute-force`, {
    maxAttempts: strict ? 5 : 10,
    shields: ["block"],
    tenant,
  });
  new BreachedPasswordDetection(`${tenant}-breached-passwords`, {
    enabled: true,
    shields: ["block"],
    tenant,
  });
  new SuspiciousIpThrottling(`${tenant}-suspicious-ips`, {
    stage: { "pre-login": { maxAttempts: strict ? 50 : 100 } },
    tenant,
  });
  new PhoneNotificationTemplate(`${tenant}-mfa-verification`, {
    type: "otp_verify",
    content: { body: { text: "{{ code }} is your {{ friendly_name }} verification code" } },
    tenant,
  });
  const settings = getTenantSettingsOutput({ fields: ["friendlyName"], tenant });
  return { domain: captcha.domain, friendlyName: settings.friendlyName };
}

const strictTenants = config.getObject<string[]>("strictTenants") ?? [];

export const tenants = Object.fromEntries(
  tenantNames().map((name) => [name, manageTenant(name, strictTenants.includes(name))]),
);
