/**
 * The IP allowlists and shield lists of the attack-protection objects, lists the platform treats as sets. An
 * allowlist entry is an IPv4 or IPv6 address or a CIDR range of either; the platform's docs allow at most 100
 * entries (Attack Protection > Suspicious IP Throttling, "IP AllowList").
 */
import { isIP } from "node:net";

import type { ZodApi } from "./schema";

/** The most entries an allowlist holds (the platform's docs). */
export const ALLOWLIST_MAX_ENTRIES = 100;

const ENTRY_RULE = "must be an IPv4 or IPv6 address or a CIDR range (10.0.0.0/8, 2001:db8::/32)";

/** An allowlist entry read once: its one spelling ({@link allowlistEntryKey}), or why it is no entry. */
export type AllowlistEntry = { readonly key: string } | { readonly reason: string };

/** An address as its bytes (4 for IPv4, 16 for IPv6), read from a spelling node:net accepts. */
function addressBytes(address: string, version: 4 | 6): number[] {
  if (version === 4) return address.split(".").map(Number);
  let text = address;
  const tail = text.slice(text.lastIndexOf(":") + 1);
  if (tail.includes(".")) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split(".").map(Number);
    text = `${text.slice(0, text.length - tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (part: string | undefined): number[] =>
    part === undefined || part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16));
  const [head, rest] = text.split("::");
  const before = groups(head);
  const after = groups(rest);
  const words =
    rest === undefined
      ? before
      : [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
  return words.flatMap((word) => [word >> 8, word & 255]);
}

/** An IPv6 address that embeds an IPv4 one (`::ffff:1.2.3.4`): its first 80 bits 0, the next 16 bits 1. */
function isIpv4Mapped(bytes: readonly number[]): boolean {
  return (
    bytes.length === 16 &&
    bytes.slice(0, 10).every((byte) => byte === 0) &&
    bytes[10] === 255 &&
    bytes[11] === 255
  );
}

/** The bytes with every bit after the first `prefix` cleared: the network the range names. */
function network(bytes: readonly number[], prefix: number): number[] {
  return bytes.map((byte, index) => {
    const kept = Math.min(8, Math.max(0, prefix - index * 8));
    return byte & ((0xff << (8 - kept)) & 0xff);
  });
}

/** A range in its one spelling: IPv4 dotted, IPv6 compressed lower-case, IPv4-mapped IPv6 as IPv4. */
function spelled(bytes: readonly number[], prefix: number): string {
  if (isIpv4Mapped(bytes) && prefix >= 96) return spelled(bytes.slice(12), prefix - 96);
  if (bytes.length === 4) return `${bytes.join(".")}/${prefix}`;
  const words = Array.from({ length: 8 }, (_, index) =>
    (((bytes[index * 2] ?? 0) << 8) | (bytes[index * 2 + 1] ?? 0)).toString(16),
  );
  // The URL parser writes an IPv6 address as RFC 5952 asks: lower case, the longest run of zeros as `::`.
  return `${new URL(`http://[${words.join(":")}]`).hostname.slice(1, -1)}/${prefix}`;
}

/**
 * Reads an allowlist entry once: an IPv4 or IPv6 address, or a CIDR range whose prefix is written without
 * leading zeros (`/032` is refused) and whose address is the range's network (`10.0.0.1/8` is refused, naming
 * `10.0.0.0/8`, the network it would mean). An IPv6 zone (`fe80::1%eth0`), which node:net accepts, names an
 * interface of the machine that reads it: no entry.
 */
export function parseAllowlistEntry(entry: string): AllowlistEntry {
  if (entry.includes("%")) return { reason: ENTRY_RULE };
  const slash = entry.indexOf("/");
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const version = isIP(address);
  if (version !== 4 && version !== 6) return { reason: ENTRY_RULE };
  const bits = version === 4 ? 32 : 128;
  const written = slash === -1 ? String(bits) : entry.slice(slash + 1);
  if (!/^\d{1,3}$/.test(written) || Number(written) > bits) return { reason: ENTRY_RULE };
  if (written !== String(Number(written))) {
    return { reason: `has a prefix with a leading zero (/${written}): write /${Number(written)}` };
  }
  const prefix = Number(written);
  const bytes = addressBytes(address, version);
  const range = network(bytes, prefix);
  if (range.some((byte, index) => byte !== bytes[index])) {
    return {
      reason:
        `has host bits set: ${entry} means the network ${spelled(range, prefix)}; ` +
        `write the network, or the address alone`,
    };
  }
  return { key: spelled(bytes, prefix) };
}

/**
 * Whether `entry` is an allowlist entry the package takes ({@link parseAllowlistEntry}): an IPv4 or IPv6
 * address, or a CIDR range (`10.0.0.0/8`, `2001:db8::/32`) written as its network.
 */
export function isIpOrCidr(entry: string): boolean {
  return "key" in parseAllowlistEntry(entry);
}

/**
 * One spelling per address or range, so that entries written differently compare equal: an address alone is
 * its one-address range (`10.0.0.1` is `10.0.0.1/32`), an IPv6 address in its compressed lower-case form
 * (`2001:DB8:0::1` is `2001:db8::1`), an IPv4-mapped IPv6 address as the IPv4 one (`::ffff:1.2.3.4` is
 * `1.2.3.4/32`). An entry that is no address or range is its own spelling.
 */
export function allowlistEntryKey(entry: string): string {
  const parsed = parseAllowlistEntry(entry);
  return "key" in parsed ? parsed.key : entry;
}

/** The issue sink of a zod `superRefine`, as much of it as {@link refuseRepeats} uses. */
interface IssueSink {
  addIssue(issue: { code: "custom"; path: PropertyKey[]; message: string }): void;
}

/**
 * Adds an issue at each entry that repeats an earlier one: these lists are sets. Entries with one `key` are
 * the same entry, however spelled; an entry whose key is `undefined` is left out.
 */
function refuseRepeats(
  list: readonly string[],
  context: IssueSink,
  key: (entry: string, index: number) => string | undefined = (entry) => entry,
): void {
  const seen = new Map<string, string>();
  list.forEach((entry, index) => {
    const same = key(entry, index);
    if (same === undefined) return;
    const earlier = seen.get(same);
    if (earlier === undefined) {
      seen.set(same, entry);
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

/**
 * A set of enum values (shields, notification frequencies): each one of `values`, none twice.
 *
 * @internal The objects' schemas'; kept out of the published declarations, which never name zod.
 */
export function enumSet<Item extends string>(z: ZodApi, values: readonly [Item, ...Item[]]) {
  return z.array(z.enum(values)).superRefine((list, context) => refuseRepeats(list, context));
}

/**
 * An allowlist: at most 100 entries, counted before any is read, each read once ({@link parseAllowlistEntry})
 * and none the same address or range as another.
 *
 * @internal The objects' schemas'; kept out of the published declarations, which never name zod.
 */
export function allowlist(z: ZodApi) {
  return z
    .array(z.string())
    .max(ALLOWLIST_MAX_ENTRIES)
    .superRefine((list, context) => {
      const keys = list.map((entry, index) => {
        const parsed = parseAllowlistEntry(entry);
        if ("key" in parsed) return parsed.key;
        context.addIssue({ code: "custom", path: [index], message: parsed.reason });
        return undefined;
      });
      refuseRepeats(list, context, (_entry, index) => keys[index]);
    });
}
