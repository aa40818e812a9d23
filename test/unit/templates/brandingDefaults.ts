import { DEFAULT_PHONE_NOTIFICATION_BODIES } from "../../../src/resources/phoneNotificationTemplate/api";

function known(type: keyof typeof DEFAULT_PHONE_NOTIFICATION_BODIES): { text: string; voice: string } {
  const { text, voice } = DEFAULT_PHONE_NOTIFICATION_BODIES[type] ?? {};
  if (text === undefined || voice === undefined) throw new Error(`no default body for ${type}`);
  return { text, voice };
}

// The platform's default phone notification texts (GET /branding/phone/templates on a tenant that never
// customized them; the conformance suite holds the emulator's to the recordings), which the template rules
// must accept as they are.
export const BRANDING_DEFAULT_BODIES = {
  otp_verify: known("otp_verify"),
  otp_enroll: known("otp_enroll"),
  change_password: known("change_password"),
  blocked_account: known("blocked_account"),
};

/** The types whose messages carry a one-time code. */
export const CODE_TYPES = ["otp_verify", "otp_enroll", "change_password"] as const;
