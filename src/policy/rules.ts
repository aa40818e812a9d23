/**
 * The rules of the tenant policy pack, one entry each: the pack, its documented config and the tests read
 * this list. A rule for an object the package adds later (phone MFA's factor switch: enabled means at least
 * one message type) is one more entry.
 */
import { noOpenAllowlist } from "./allowlistRule";
import { botDetectionEnforced, breachedPasswordBlocks, bruteForceBlocks } from "./protectionRules";
import type { TenantRule } from "./rule";
import { otpMessageHasCode, smsSegmentsRule } from "./templateRules";

/** Every rule of the pack, in the order the docs list them. */
export const TENANT_RULES: readonly TenantRule[] = [
  otpMessageHasCode,
  smsSegmentsRule,
  botDetectionEnforced,
  bruteForceBlocks,
  breachedPasswordBlocks,
  noOpenAllowlist,
];
