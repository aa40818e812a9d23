import { z } from "zod";

import type { PhoneTemplatesRequest, PhoneTemplatesResponse } from "./model";
import { sameType } from "./sameType";

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

sameType<PhoneTemplatesRequest, z.infer<typeof phoneTemplatesRequestSchema>>(true);
sameType<PhoneTemplatesResponse, z.infer<typeof phoneTemplatesResponseSchema>>(true);
