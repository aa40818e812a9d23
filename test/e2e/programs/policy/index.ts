// The policy pack tests' program: every resource a rule of the pack reads (but PhoneTemplates, which a
// tenant of the Unified Phone Experience refuses), each value from stack config so one stack shows a
// compliant program, one that breaks every rule, and one whose values are unknown at preview.
import * as pulumi from "@pulumi/pulumi";
import type { ChallengePolicy } from "pulumi-tenant-admin";
import {
  BotDetection,
  BreachedPasswordDetection,
  BruteForceProtection,
  CaptchaConfig,
  PhoneNotificationTemplate,
  SuspiciousIpThrottling,
} from "pulumi-tenant-admin";

const config = new pulumi.Config("e2e");
const allowlist = config.requireObject<string[]>("allowlist");
const shields = config.requireObject<("block" | "user_notification")[]>("shields");

new CaptchaConfig("captcha", {
  activeProviderId: "hcaptcha",
  hcaptcha: { siteKey: config.require("hcaptchaSiteKey"), secret: config.requireSecret("hcaptchaSecret") },
});

const bruteForce = new BruteForceProtection("brute-force", {
  enabled: config.requireBoolean("enabled"),
  shields,
  allowlist,
});

// With `e2e:unknown`, the bot detection's values wait on the brute-force protection's id, which a first
// preview does not know.
const unknownUntilUp = <T>(value: T): pulumi.Input<T> =>
  config.getBoolean("unknown") === true ? bruteForce.id.apply(() => value) : value;

new BotDetection("bot-detection", {
  monitoringModeEnabled: unknownUntilUp(config.requireBoolean("monitoringMode")),
  challengePasswordPolicy: unknownUntilUp(config.require<ChallengePolicy>("passwordChallenge")),
  allowlist: unknownUntilUp(allowlist),
});

new BreachedPasswordDetection("breached-passwords", {
  enabled: config.requireBoolean("enabled"),
  shields,
});

new SuspiciousIpThrottling("suspicious-ips", { enabled: true, shields: ["block"], allowlist });

new PhoneNotificationTemplate("otp-verify", {
  type: "otp_verify",
  content: { body: { text: config.require("smsText"), voice: unknownUntilUp(config.require("voiceText")) } },
});
