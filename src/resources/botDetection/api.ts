/**
 * The bot detection policy: when the platform challenges a login, a passwordless login or a password reset
 * (the CAPTCHA configuration says with which provider). Sources: the platform's Management API docs
 * ("Update the bot detection settings"), its OpenAPI, and recorded real answers (go-auth0 `v1`
 * `test/data/recordings/TestAttackProtection/*bot_detection*`, terraform-provider-auth0
 * `TestAccAttackProtectionBotDetection*`): GET answers all six members, in the order of {@link BotDetection};
 * PATCH is partial and answers the whole document; an `allowlist` sent replaces the stored one. A plan without
 * bot detection answers both with 403 `insufficient_entitlement`.
 */
import { insufficientEntitlement } from "../../wire/document";
import { describeDocument } from "../../wire/documentEndpoints";
import { allowlist } from "../../wire/ipAllowlist";

export const BOT_DETECTION_LEVELS = ["low", "medium", "high"] as const;
/** How eagerly the platform scores a request as a bot: `low`, `medium` or `high`. */
export type BotDetectionLevel = (typeof BOT_DETECTION_LEVELS)[number];

export const CHALLENGE_POLICIES = ["never", "when_risky", "always"] as const;
/** When a flow shows the challenge: `never`, `when_risky` (bot detection says so) or `always`. */
export type ChallengePolicy = (typeof CHALLENGE_POLICIES)[number];

/** The bot detection document, as stored and answered. */
export type BotDetection = {
  challenge_password_policy: ChallengePolicy;
  challenge_passwordless_policy: ChallengePolicy;
  challenge_password_reset_policy: ChallengePolicy;
  allowlist: string[];
  bot_detection_level: BotDetectionLevel;
  monitoring_mode_enabled: boolean;
};

/**
 * What a new tenant has (terraform-provider-auth0, the cassette of breached password detection, #4, a
 * tenant whose bot detection was never set; the docs: on by default, medium level, no challenge until a policy
 * asks for one).
 */
export const NEW_TENANT_BOT_DETECTION: BotDetection = {
  challenge_password_policy: "never",
  challenge_passwordless_policy: "never",
  challenge_password_reset_policy: "never",
  allowlist: [],
  bot_detection_level: "medium",
  monitoring_mode_enabled: false,
};

/** The members of {@link BotDetection}, in the program's spelling. */
export interface BotDetectionMembers {
  /** How eagerly a request counts as risky: `low`, `medium` or `high`. A new tenant has `medium`. */
  botDetectionLevel?: BotDetectionLevel;
  /** When a password login shows the challenge: `never`, `when_risky` or `always`. A new tenant has `never`. */
  challengePasswordPolicy?: ChallengePolicy;
  /** When a passwordless login shows the challenge: `never`, `when_risky` or `always`. A new tenant has `never`. */
  challengePasswordlessPolicy?: ChallengePolicy;
  /** When a password reset shows the challenge: `never`, `when_risky` or `always`. A new tenant has `never`. */
  challengePasswordResetPolicy?: ChallengePolicy;
  /**
   * Addresses bot detection never challenges: at most 100 IPv4 or IPv6 addresses or CIDR ranges, each once.
   * Written whole; the order of entries is not a change. A new tenant has none.
   */
  allowlist?: string[];
  /** `true`: bot detection only logs what it would challenge. A new tenant has `false`. */
  monitoringModeEnabled?: boolean;
}

/** Bot detection, as a document object: its identity, endpoints, a new tenant's values and its plan feature. */
export const botDetectionDocument = describeDocument<BotDetection, BotDetectionMembers>()({
  path: "/attack-protection/bot-detection",
  scopes: { read: "read:attack_protection", update: "update:attack_protection" },
  members: (z) => {
    const policy = () => z.enum(CHALLENGE_POLICIES);
    return {
      challenge_password_policy: policy(),
      challenge_passwordless_policy: policy(),
      challenge_password_reset_policy: policy(),
      allowlist: allowlist(z),
      bot_detection_level: z.enum(BOT_DETECTION_LEVELS),
      monitoring_mode_enabled: z.boolean(),
    };
  },
})({
  name: "botDetection",
  label: "bot detection policy",
  resource: { type: "BotDetection", docs: "docs/attack-protection.md" },
  newTenant: NEW_TENANT_BOT_DETECTION,
  entitlement: insufficientEntitlement("botDetection", "bot detection"),
  replacedWhole: ["allowlist"],
});
