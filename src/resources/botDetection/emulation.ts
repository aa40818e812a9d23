import type { ObjectEmulation } from "../../wire/emulation";
import { documentRules } from "../../wire/emulation";
import type { BotDetection } from "./api";
import {
  NEW_TENANT_BOT_DETECTION,
  botDetectionDocument,
  botDetectionSchema,
  getBotDetection,
  patchBotDetection,
} from "./api";

/** Bot detection: a document behind the bot-detection entitlement; a PATCH replaces each member it sends. */
export const emulation: ObjectEmulation = {
  documents: [
    documentRules<BotDetection>({
      path: getBotDetection.path,
      endpoints: [getBotDetection, patchBotDetection],
      stored: botDetectionSchema,
      initial: () => structuredClone(NEW_TENANT_BOT_DETECTION),
      // The members in the order the platform answers them (the new tenant's), whatever the data file kept.
      view: (stored) => ({
        challenge_password_policy: stored.challenge_password_policy,
        challenge_passwordless_policy: stored.challenge_passwordless_policy,
        challenge_password_reset_policy: stored.challenge_password_reset_policy,
        allowlist: stored.allowlist,
        bot_detection_level: stored.bot_detection_level,
        monitoring_mode_enabled: stored.monitoring_mode_enabled,
      }),
      unavailable: (tenant) =>
        tenant.lacks(botDetectionDocument.entitlement.feature)
          ? botDetectionDocument.entitlement.refusal
          : undefined,
    }),
  ],
};
