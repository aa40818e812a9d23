// The attack-protection program of `npm run bench -- --focus attack-protection`: six resources, the five of
// the Attack Protection page and one phone message, each with a few declared members.
import * as pulumi from "@pulumi/pulumi";
import {
  BotDetection,
  BreachedPasswordDetection,
  BruteForceProtection,
  CaptchaConfig,
  PhoneNotificationTemplate,
  SuspiciousIpThrottling,
} from "pulumi-tenant-admin";

new CaptchaConfig("captcha", { activeProviderId: "auth_challenge", authChallenge: { failOpen: false } });
new BotDetection("bot-detection", {
  botDetectionLevel: "high",
  challengePasswordPolicy: "when_risky",
  allowlist: ["10.0.0.0/8"],
});
new BruteForceProtection("brute-force", { maxAttempts: 5, shields: ["block"] });
new BreachedPasswordDetection("breached-passwords", {
  enabled: true,
  shields: ["block"],
  stage: { "pre-change-password": { shields: ["block"] } },
});
new SuspiciousIpThrottling("suspicious-ips", { stage: { "pre-login": { maxAttempts: 50 } } });
new PhoneNotificationTemplate("verification", {
  type: "otp_verify",
  content: { body: { text: "{{ code }} is your verification code." } },
});

export const stackName = pulumi.getStack();
