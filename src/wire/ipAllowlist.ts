/**
 * The IP allowlists and shield lists of the attack-protection objects, lists the platform treats as sets. An
 * allowlist entry is an IPv4 or IPv6 address or a CIDR range of either; the platform's docs allow at most 100
 * entries (Attack Protection > Suspicious IP Throttling, "IP AllowList").
 */
import { isIP } from "node:net";

import type { ZodApi } from "./schema";

/** The most entries an allowlist holds (the platform's docs). */
export const ALLOWLIST_MAX_ENTRIES = 100;

/** Whether `entry` is an IPv4 or IPv6 address, or a CIDR range (`10.0.0.0/8`, `2001:db8::/32`). */
export function isIpOrCidr(entry: string): boolean {
  const slash = entry.indexOf("/");
  if (slash === -1) return isIP(entry) !== 0;
  const version = isIP(entry.slice(0, slash));
  const prefix = entry.slice(slash + 1);
  if (version === 0 || !/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** The issue sink of a zod `superRefine`, as much of it as {@link refuseRepeats} uses. */
interface IssueSink {
  addIssue(issue: { code: "custom"; path: PropertyKey[]; message: string }): void;
}

/** Adds an issue at each entry that repeats an earlier one: these lists are sets. */
export function refuseRepeats(list: readonly string[], context: IssueSink): void {
  const seen = new Set<string>();
  list.forEach((entry, index) => {
    if (seen.has(entry)) {
      context.addIssue({
        code: "custom",
        path: [index],
        message: `repeats "${entry}": list each entry once`,
      });
    }
    seen.add(entry);
  });
}

/** A set of enum values (shields, notification frequencies): each one of `values`, none twice. */
export function enumSet<Item extends string>(z: ZodApi, values: readonly [Item, ...Item[]]) {
  return z.array(z.enum(values)).superRefine(refuseRepeats);
}

/** An allowlist: at most 100 distinct IPv4/IPv6 addresses or CIDR ranges. */
export function allowlist(z: ZodApi) {
  const entry = z.string().refine(isIpOrCidr, {
    message: "must be an IPv4 or IPv6 address or a CIDR range (10.0.0.0/8, 2001:db8::/32)",
  });
  return z.array(entry).max(ALLOWLIST_MAX_ENTRIES).superRefine(refuseRepeats);
}
