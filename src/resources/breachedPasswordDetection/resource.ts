import type { ResolvedInputs } from "../tenantObject/program/dynamicResource";
import type { DocumentArgs, MemberInput } from "../tenantObject/program/objectResource";
import { documentResource } from "../tenantObject/program/objectResource";
import type { BreachedPasswordDetectionMembers, BreachedPasswordStageState } from "./api";
import { breachedPasswordDetectionDocument } from "./api";

/** A stage's shields, as {@link BreachedPasswordDetectionArgs.stage} takes them. */
export type BreachedPasswordStageArgs = MemberInput<BreachedPasswordStageState>;

/**
 * Arguments of {@link BreachedPasswordDetection}. Every one is optional: only the declared ones are managed,
 * the others stay as the tenant has them. Checked at `pulumi preview`.
 */
export type BreachedPasswordDetectionArgs = DocumentArgs<BreachedPasswordDetectionMembers>;

/** The resolved inputs of {@link BreachedPasswordDetection}. */
export type BreachedPasswordDetectionInputs = ResolvedInputs<BreachedPasswordDetectionArgs>;

/** The outputs of {@link BreachedPasswordDetection}: the declared members as the tenant has them, and the tenant's URL. */
export type BreachedPasswordDetectionOutputs = BreachedPasswordDetectionInputs & { domain: string };

/**
 * The tenant's breached password detection (`/api/v2/attack-protection/breached-password-detection`): what
 * happens when a password in use, or being set, is known to have leaked. One per tenant. See
 * docs/attack-protection.md.
 */
export class BreachedPasswordDetection extends documentResource(breachedPasswordDetectionDocument) {}
