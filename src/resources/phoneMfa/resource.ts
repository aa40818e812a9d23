import type { ResolvedInputs } from "../tenantObject/program/dynamicResource";
import type { DocumentArgs } from "../tenantObject/program/objectResource";
import { objectResource } from "../tenantObject/program/objectResource";
import type { PhoneMfaMembers } from "./api";
import { phoneMfaDocument } from "./api";

/**
 * Arguments of {@link PhoneMfa}. Every one is optional: only the declared ones are managed, the others stay as
 * the tenant has them. Checked at `pulumi preview`. With `resetOnDelete: true` a destroy writes no channel,
 * then turns the factor off.
 */
export type PhoneMfaArgs = DocumentArgs<PhoneMfaMembers>;

/** The resolved inputs of {@link PhoneMfa}. */
export type PhoneMfaInputs = ResolvedInputs<PhoneMfaArgs>;

/** The outputs of {@link PhoneMfa}: the declared members as the tenant has them, and the tenant's URL. */
export type PhoneMfaOutputs = PhoneMfaInputs & { domain: string };

/**
 * MFA by phone on a tenant of either generation: whether the factor is on (`PUT /guardian/factors/sms`) and
 * which channels it may use (`/guardian/factors/phone/message-types`). One per tenant: a create takes it only
 * while it is as a new tenant has it. Turning the factor on prompts nobody by itself: the tenant's MFA policy
 * decides when MFA is asked. See docs/phone-mfa.md.
 */
export class PhoneMfa extends objectResource<PhoneMfaMembers>(phoneMfaDocument) {}
