/**
 * The IP allowlists and shield lists of the attack-protection objects, lists the platform treats as sets. An
 * allowlist entry is an IPv4 or IPv6 address or a CIDR range of either; the platform's docs allow at most 100
 * entries (Attack Protection > Suspicious IP Throttling, "IP AllowList").
 */
import { isIP } from "node:net";

import type { ZodApi } from "./schema";

/** The most entries an allowlist holds (the platform's docs). */
export const ALLOWLIST_MAX_ENTRIES = 100;

/**
 * Whether `entry` is an IPv4 or IPv6 address, or a CIDR range (`10.0.0.0/8`, `2001:db8::/32`). An IPv6 zone
 * (`fe80::1%eth0`), which node:net accepts, names an interface of the machine that reads it: no entry.
 */
export function isIpOrCidr(entry: string): boolean {
  const slash = entry.indexOf("/");
  if (entry.includes("%")) return false;
  if (slash === -1) return isIP(entry) !== 0;
  const version = isIP(entry.slice(0, slash));
  const prefix = entry.slice(slash + 1);
  if (version === 0 || !/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * One spelling per address or range, so that entries written differently compare equal: an address alone is
 * its one-address range (`10.0.0.1` is `10.0.0.1/32`), an IPv6 address in its compressed lower-case form
 * (`2001:DB8:0::1` is `2001:db8::1`). An entry that is no address is its own spelling.
 */
export function allowlistEntryKey(entry: string): string {
  if (!isIpOrCidr(entry)) return entry;
  const slash = entry.indexOf("/");
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const version = isIP(address);
  const prefix = slash === -1 ? (version === 4 ? 32 : 128) : Number(entry.slice(slash + 1));
  const spelled = version === 6 ? new URL(`http://[${address}]`).hostname.slice(1, -1) : address;
  return `${spelled}/${prefix}`;
}

/** The issue sink of a zod `superRefine`, as much of it as {@link refuseRepeats} uses. */
interface IssueSink {
  addIssue(issue: { code: "custom"; path: PropertyKey[]; message: string }): void;
}

/**
 * Adds an issue at each entry that repeats an earlier one: these lists are sets. Entries with one `key` are
 * the same entry, however spelled.
 */
export function refuseRepeats(
  list: readonly string[],
  context: IssueSink,
  key: (entry: string) => string = (entry) => entry,
): void {
  const seen = new Map<string, string>();
  list.forEach((entry, index) => {
    const earlier = seen.get(key(entry));
    if (earlier === undefined) {
      seen.set(key(entry), entry);
      return;
    }
    const spelling = earlier === entry ? "" : " (the same address or range)";
    context.addIssue({
      code: "custom",
      path: [index],
      message: `repeats "${earlier}"${spelling}: list each entry once`,
    });
  });
}

/** A set of enum values (shields, notification frequencies): each one of `values`, none twice. */
export function enumSet<Item extends string>(z: ZodApi, values: readonly [Item, ...Item[]]) {
  return z.array(z.enum(values)).superRefine((list, context) => refuseRepeats(list, context));
}

/** An allowlist: at most 100 distinct IPv4/IPv6 addresses or CIDR ranges. */
export function allowlist(z: ZodApi) {
  const entry = z.string().refine(isIpOrCidr, {
    message: "must be an IPv4 or IPv6 address or a CIDR range (10.0.0.0/8, 2001:db8::/32)",
  });
  return z
    .array(entry)
    .max(ALLOWLIST_MAX_ENTRIES)
    .superRefine((list, context) => refuseRepeats(list, context, allowlistEntryKey));
}
