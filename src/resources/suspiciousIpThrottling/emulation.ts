import type { ObjectEmulation } from "../../wire/emulation";
import { documentRules } from "../../wire/emulation";
import type { SuspiciousIpThrottling, SuspiciousIpThrottlingPatch } from "./api";
import {
  NEW_TENANT_SUSPICIOUS_IP_THROTTLING,
  THROTTLING_STAGES,
  getSuspiciousIpThrottling,
  patchSuspiciousIpThrottling,
  suspiciousIpThrottlingSchema,
} from "./api";

/**
 * A PATCH as recorded: each member sent replaces the stored one; a stage sent merges into the stored stage,
 * and a stage not sent is kept (terraform-provider-auth0 `TestAccDataSourceAttackProtection` #0 sends two
 * stages and the answer keeps the third).
 */
function merge(stored: SuspiciousIpThrottling, patch: SuspiciousIpThrottlingPatch): SuspiciousIpThrottling {
  const stage = { ...stored.stage };
  for (const name of THROTTLING_STAGES) {
    const sent = patch.stage?.[name];
    if (sent !== undefined) {
      stage[name] = {
        max_attempts: sent.max_attempts ?? stage[name].max_attempts,
        rate: sent.rate ?? stage[name].rate,
      };
    }
  }
  return {
    enabled: patch.enabled ?? stored.enabled,
    shields: patch.shields ?? stored.shields,
    allowlist: patch.allowlist ?? stored.allowlist,
    stage,
  };
}

/** Suspicious IP throttling: a document every plan has. */
export const emulation: ObjectEmulation = {
  documents: [
    documentRules<SuspiciousIpThrottling>({
      path: getSuspiciousIpThrottling.path,
      endpoints: [getSuspiciousIpThrottling, patchSuspiciousIpThrottling],
      stored: suspiciousIpThrottlingSchema,
      initial: () => structuredClone(NEW_TENANT_SUSPICIOUS_IP_THROTTLING),
      merge,
    }),
  ],
};
