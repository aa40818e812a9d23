// examples/attack-protection: the five objects of the dashboard's Attack Protection page, one resource each.
// CaptchaConfig says how a challenge is shown (here the platform's own challenge), BotDetection when
// (per flow, and the level of risk that counts); BruteForceProtection, BreachedPasswordDetection and
// SuspiciousIpThrottling protect accounts and sign-ups. The stack config files make prod stricter than dev:
// Pulumi.dev.yaml watches bot traffic in monitoring mode and allows the office network, Pulumi.prod.yaml
// challenges every password login and blocks sooner. See docs/attack-protection.md.
//
// Each environment's tenant comes from its own AUTH0_DOMAIN / AUTH0_CLIENT_ID / AUTH0_CLIENT_SECRET, or from
// the stack config keys tenant-admin:domain, tenant-admin:clientId and tenant-admin:clientSecret. The plan
// must include bot detection (else a preview fails, naming the plan).
import * as pulumi from "@pulumi/pulumi";
import type { BotDetectionLevel, ChallengePolicy, DetectionMethod } from "pulumi-tenant-admin";
import {
  BotDetection,
  BreachedPasswordDetection,
  BruteForceProtection,
  CaptchaConfig,
  SuspiciousIpThrottling,
} from "pulumi-tenant-admin";

const config = new pulumi.Config();
const allowlist = config.requireObject<string[]>("allowlist");
// By default a destroy leaves the tenant's protections as they are; prod restores a new tenant's instead.
const resetOnDelete = config.getBoolean("resetOnDelete") ?? false;

const captcha = new CaptchaConfig("captcha", {
  activeProviderId: "auth_challenge",
  authChallenge: { failOpen: config.requireBoolean("failOpen") },
});

const botDetection = new BotDetection("bot-detection", {
  botDetectionLevel: config.require<BotDetectionLevel>("botDetectionLevel"),
  challengePasswordPolicy: config.require<ChallengePolicy>("passwordChallenge"),
  challengePasswordlessPolicy: "when_risky",
  challengePasswordResetPolicy: "when_risky",
  monitoringModeEnabled: config.requireBoolean("monitoringMode"),
  allowlist,
  resetOnDelete,
});

const bruteForce = new BruteForceProtection("brute-force", {
  enabled: true,
  shields: ["block", "user_notification"],
  mode: "count_per_identifier_and_ip",
  maxAttempts: config.requireNumber("bruteForceMaxAttempts"),
  allowlist,
  resetOnDelete,
});

const breachedPasswords = new BreachedPasswordDetection("breached-passwords", {
  enabled: true,
  shields: ["block", "admin_notification"],
  adminNotificationFrequency: ["daily"],
  method: config.require<DetectionMethod>("breachedPasswordMethod"),
  stage: {
    "pre-user-registration": { shields: ["block"] },
    "pre-change-password": { shields: ["block"] },
  },
  resetOnDelete,
});

const suspiciousIps = new SuspiciousIpThrottling("suspicious-ips", {
  enabled: true,
  shields: ["block", "admin_notification"],
  allowlist,
  // A login attempt is granted back every day / loginsPerDay.
  stage: {
    "pre-login": {
      maxAttempts: config.requireNumber("loginsPerDay"),
      rate: Math.round(86_400_000 / config.requireNumber("loginsPerDay")),
    },
  },
  resetOnDelete,
});

export const environment = pulumi.getStack();
export const challenge = {
  provider: captcha.activeProviderId,
  passwordPolicy: botDetection.challengePasswordPolicy,
  monitoringMode: botDetection.monitoringModeEnabled,
};
export const bruteForceMaxAttempts = bruteForce.maxAttempts;
export const breachedPasswordShields = breachedPasswords.shields;
export const suspiciousIpLoginStage = suspiciousIps.stage.apply((stage) => stage?.["pre-login"]);
