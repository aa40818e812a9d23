import type { ResolvedInputs } from "../tenantObject/program/dynamicResource";
import type { DocumentArgs } from "../tenantObject/program/objectResource";
import { documentResource } from "../tenantObject/program/objectResource";
import type { BruteForceProtectionMembers } from "./api";
import { bruteForceProtectionDocument } from "./api";

/**
 * Arguments of {@link BruteForceProtection}. Every one is optional: only the declared ones are managed, the
 * others stay as the tenant has them. Checked at `pulumi preview`.
 */
export type BruteForceProtectionArgs = DocumentArgs<BruteForceProtectionMembers>;

/** The resolved inputs of {@link BruteForceProtection}. */
export type BruteForceProtectionInputs = ResolvedInputs<BruteForceProtectionArgs>;

/** The outputs of {@link BruteForceProtection}: the declared members as the tenant has them, and the tenant's URL. */
export type BruteForceProtectionOutputs = BruteForceProtectionInputs & { domain: string };

/**
 * The tenant's brute-force protection (`/api/v2/attack-protection/brute-force-protection`): what happens when
 * one account sees too many failed logins. One per tenant. See docs/attack-protection.md.
 */
export class BruteForceProtection extends documentResource(bruteForceProtectionDocument) {}
