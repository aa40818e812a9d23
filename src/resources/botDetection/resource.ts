import type { DocumentArgs } from "../tenantObject/program/objectResource";
import { objectResource } from "../tenantObject/program/objectResource";
import type { ResolvedInputs } from "../tenantObject/program/dynamicResource";
import type { BotDetectionLevel, BotDetectionPatch, ChallengePolicy } from "./api";
import { botDetectionDocument } from "./api";

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

/**
 * Arguments of {@link BotDetection}. Every one is optional: only the declared ones are managed, the others
 * stay as the tenant has them. Checked at `pulumi preview`.
 */
export type BotDetectionArgs = DocumentArgs<BotDetectionMembers>;

/** The resolved inputs of {@link BotDetection}. */
export type BotDetectionInputs = ResolvedInputs<BotDetectionArgs>;

/** The outputs of {@link BotDetection}: the declared members as the tenant has them, and the tenant's URL. */
export type BotDetectionOutputs = BotDetectionInputs & { domain: string };

/**
 * The tenant's bot detection policy (`/api/v2/attack-protection/bot-detection`): when the login, passwordless
 * and password-reset flows show the challenge of the tenant's CAPTCHA configuration. One per tenant; the
 * tenant's plan must include bot detection. See docs/attack-protection.md.
 */
export class BotDetection extends objectResource<BotDetectionMembers, BotDetectionPatch>(
  botDetectionDocument,
) {}
