import { z } from "zod";

/** The platform's default phone templates, exactly as a new tenant has them. */
export const DEFAULT_PHONE_TEMPLATES = {
  enrollment_message:
    "{{code}} is your verification code for {{tenant.friendly_name}}. Please enter this code to verify your enrollment.",
  verification_message: "{{code}} is your verification code for {{tenant.friendly_name}}",
} as const;

/** The phone templates PUT body (`OPERATIONS.putPhoneTemplates`): both fields required, no others. */
export const phoneTemplatesRequestSchema = z.strictObject({
  enrollment_message: z.string(),
  verification_message: z.string(),
});

/** The phone templates GET and PUT response: the stored templates. */
export const phoneTemplatesResponseSchema = z.looseObject({
  enrollment_message: z.string(),
  verification_message: z.string(),
});

export type PhoneTemplatesRequest = z.infer<typeof phoneTemplatesRequestSchema>;
export type PhoneTemplatesResponse = z.infer<typeof phoneTemplatesResponseSchema>;
