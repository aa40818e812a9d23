import type { ObjectEmulation } from "../../wire/emulation";
import { documentRules } from "../../wire/emulation";
import type { BruteForceProtection } from "./api";
import {
  NEW_TENANT_BRUTE_FORCE_PROTECTION,
  bruteForceProtectionSchema,
  getBruteForceProtection,
  patchBruteForceProtection,
} from "./api";

/** Brute-force protection: a document every plan has; a PATCH replaces each member it sends. */
export const emulation: ObjectEmulation = {
  documents: [
    documentRules<BruteForceProtection>({
      path: getBruteForceProtection.path,
      endpoints: [getBruteForceProtection, patchBruteForceProtection],
      stored: bruteForceProtectionSchema,
      initial: () => structuredClone(NEW_TENANT_BRUTE_FORCE_PROTECTION),
      view: (stored) => ({
        enabled: stored.enabled,
        shields: stored.shields,
        mode: stored.mode,
        allowlist: stored.allowlist,
        max_attempts: stored.max_attempts,
      }),
    }),
  ],
};
