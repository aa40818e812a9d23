import type { ResolvedInputs } from "../tenantObject/program/dynamicResource";
import type { DocumentArgs } from "../tenantObject/program/objectResource";
import { documentResource } from "../tenantObject/program/objectResource";
import type { BotDetectionMembers } from "./api";
import { botDetectionDocument } from "./api";

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
export class BotDetection extends documentResource(botDetectionDocument) {}
