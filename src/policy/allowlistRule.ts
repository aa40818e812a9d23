/**
 * `no-open-allowlist`: an allowlist exempts its addresses from a protection, so none may admit the whole
 * IPv4 or IPv6 internet, nor more addresses in total than the rule's `maxAddresses`. Entries are read with
 * the package's own allowlist parsing (wire/ipAllowlist.ts); an entry it refuses is the resource's check's
 * business, not this rule's.
 */
import { isIP } from "node:net";

import { botDetectionDocument } from "../resources/botDetection/api";
import { bruteForceProtectionDocument } from "../resources/bruteForceProtection/api";
import { suspiciousIpThrottlingDocument } from "../resources/suspiciousIpThrottling/api";
import { allowlistEntryKey, isIpOrCidr } from "../wire/ipAllowlist";
import type { Finding, TenantRule } from "./rule";

/** A range of addresses, both ends included, in one family. */
interface Range {
  readonly first: bigint;
  readonly last: bigint;
}

/** The IPv4-mapped IPv6 addresses (`::ffff:0:0/96`): the whole IPv4 internet, written as IPv6. */
const MAPPED: Range = { first: 0xffff_0000_0000n, last: 0xffff_ffff_ffffn };

/** An IPv6 range counts by /64 networks, the smallest subnet a site is given: one /64 counts as one address. */
const IPV6_COUNTED_BITS = 64n;

function ipv4Value(address: string): bigint {
  return address.split(".").reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

function ipv6Value(address: string): bigint {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1] !== undefined) {
    const value = ipv4Value(dotted[1]);
    text = `${text.slice(0, dotted.index)}${(value >> 16n).toString(16)}:${(value & 0xffffn).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const before = head === "" ? [] : head.split(":");
  const after = tail === undefined || tail === "" ? [] : tail.split(":");
  const zeros = tail === undefined ? [] : Array<string>(8 - before.length - after.length).fill("0");
  return [...before, ...zeros, ...after].reduce((value, group) => (value << 16n) | BigInt(`0x${group}`), 0n);
}

/** An allowlist entry as a range of its family, or `undefined` when it is no address or range. */
function rangeOf(entry: string): { family: 4 | 6; range: Range } | undefined {
  if (!isIpOrCidr(entry)) return undefined;
  const key = allowlistEntryKey(entry);
  const slash = key.lastIndexOf("/");
  const address = slash === -1 ? key : key.slice(0, slash);
  const family = isIP(address) === 4 ? 4 : 6;
  const bits = family === 4 ? 32n : 128n;
  const prefix = slash === -1 ? bits : BigInt(key.slice(slash + 1));
  const size = 1n << (bits - prefix);
  const first = ((family === 4 ? ipv4Value(address) : ipv6Value(address)) / size) * size;
  return { family, range: { first, last: first + size - 1n } };
}

const covers = (outer: Range, inner: Range) => outer.first <= inner.first && outer.last >= inner.last;

/** How many values the union of `ranges` holds. */
function unionSize(ranges: readonly Range[]): bigint {
  const sorted = [...ranges].sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
  let total = 0n;
  let current: Range | undefined;
  for (const range of sorted) {
    if (current !== undefined && range.first <= current.last + 1n) {
      if (range.last > current.last) current = { first: current.first, last: range.last };
      continue;
    }
    if (current !== undefined) total += current.last - current.first + 1n;
    current = range;
  }
  return current === undefined ? total : total + current.last - current.first + 1n;
}

/** What one allowlist admits: the entries that open it to a whole internet, and how many addresses it counts. */
interface AllowlistReach {
  /** Each entry that admits every IPv4 or every IPv6 address, by index, with the family. */
  readonly open: readonly { index: number; family: "IPv4" | "IPv6" }[];
  /**
   * Addresses admitted, counted once however many entries hold them: each IPv4 address, each IPv6 /64
   * network (a longer IPv6 prefix counts as its /64); an IPv4-mapped IPv6 range (`::ffff:10.0.0.0/104`)
   * counts the IPv4 addresses it maps.
   */
  readonly addresses: bigint;
}

/** Reads an allowlist's entries (strings; anything else is skipped) into what it admits. */
export function allowlistReach(entries: readonly unknown[]): AllowlistReach {
  const open: { index: number; family: "IPv4" | "IPv6" }[] = [];
  const ipv4: Range[] = [];
  const ipv6: Range[] = [];
  entries.forEach((entry, index) => {
    const parsed = typeof entry === "string" ? rangeOf(entry) : undefined;
    if (parsed === undefined) return;
    const { family, range } = parsed;
    if (family === 4) {
      if (range.first === 0n && range.last === 0xffff_ffffn) open.push({ index, family: "IPv4" });
      ipv4.push(range);
      return;
    }
    if (range.first === 0n && range.last === (1n << 128n) - 1n) open.push({ index, family: "IPv6" });
    if (covers(range, MAPPED)) open.push({ index, family: "IPv4" });
    if (covers(MAPPED, range)) {
      ipv4.push({ first: range.first - MAPPED.first, last: range.last - MAPPED.first });
      return;
    }
    ipv6.push({ first: range.first >> IPV6_COUNTED_BITS, last: range.last >> IPV6_COUNTED_BITS });
  });
  return { open, addresses: unionSize(ipv4) + unionSize(ipv6) };
}

/** The default of `maxAddresses`: an IPv4 /8, or an IPv6 /40 (16,777,216 /64 networks). */
export const DEFAULT_MAX_ADDRESSES = 16_777_216;

/** `no-open-allowlist`: no allowlist admits a whole internet or more than `maxAddresses` addresses. */
export const noOpenAllowlist: TenantRule = {
  name: "no-open-allowlist",
  description:
    "No allowlist of BotDetection, BruteForceProtection or SuspiciousIpThrottling admits the whole IPv4 or IPv6 internet, or more than maxAddresses addresses.",
  resources: [
    botDetectionDocument.resource,
    bruteForceProtectionDocument.resource,
    suspiciousIpThrottlingDocument.resource,
  ],
  settings: {
    maxAddresses: {
      type: "integer",
      minimum: 1,
      default: DEFAULT_MAX_ADDRESSES,
      description:
        "The most addresses an allowlist may admit in total; an IPv6 /64 network counts as one address.",
    },
  },
  check({ props }, { maxAddresses = DEFAULT_MAX_ADDRESSES }) {
    const allowlist = props["allowlist"];
    if (!Array.isArray(allowlist)) return [];
    const reach = allowlistReach(allowlist);
    const findings: Finding[] = reach.open.map(({ index, family }) => ({
      property: `allowlist[${index}]`,
      reason: `must not admit every ${family} address: the protection would exempt the whole internet`,
    }));
    if (reach.open.length === 0 && reach.addresses > BigInt(maxAddresses)) {
      findings.push({
        property: "allowlist",
        reason:
          `must admit at most ${maxAddresses} addresses (maxAddresses; an IPv6 /64 counts as one): ` +
          `its entries admit ${reach.addresses}`,
      });
    }
    return findings;
  },
};
