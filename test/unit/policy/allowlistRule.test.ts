import fc from "fast-check";

import { DEFAULT_MAX_ADDRESSES, allowlistReach, noOpenAllowlist } from "../../../src/policy/allowlistRule";

const check = (allowlist: unknown, maxAddresses = DEFAULT_MAX_ADDRESSES) =>
  noOpenAllowlist.check({ type: "SuspiciousIpThrottling", props: { allowlist } }, { maxAddresses });

describe("no-open-allowlist", () => {
  it("accepts an office network of each family", () => {
    expect(check(["10.20.0.0/16", "2001:db8:20::/48", "192.0.2.7"])).toEqual([]);
  });

  it.each([
    ["0.0.0.0/0", "IPv4"],
    ["::/0", "IPv6"],
    ["::ffff:0:0/96", "IPv4"],
    ["::ffff:0.0.0.0/96", "IPv4"],
    ["::FFFF:0:0/96", "IPv4"],
    ["::/1", "IPv4"],
  ])("refuses %s, which admits every %s address, naming the entry", (entry, family) => {
    expect(check(["192.0.2.0/24", entry])).toContainEqual({
      property: "allowlist[1]",
      reason: `must not admit every ${family} address: the protection would exempt the whole internet`,
    });
  });

  it.each(["0.0.0.0/000", "203.0.113.9/0", "2001:db8::/0", "::FFFF:0:0/95"])(
    "leaves %s, which the resource's own check refuses (a leading zero, host bits), to that check",
    (entry) => {
      expect(check(["192.0.2.0/24", entry])).toEqual([]);
    },
  );

  it("says ::/0 admits every IPv6 and, through the mapped addresses, every IPv4 address", () => {
    expect(allowlistReach(["::/0"]).open).toEqual([
      { index: 0, family: "IPv6" },
      { index: 0, family: "IPv4" },
    ]);
  });

  it.each(["0.0.0.0/1", "128.0.0.0/1", "::ffff:0:0/97", "8000::/1"])(
    "does not call %s the whole internet",
    (entry) => {
      expect(allowlistReach([entry]).open).toEqual([]);
    },
  );

  it("refuses more addresses than maxAddresses, naming the setting and the count", () => {
    expect(check(["10.0.0.0/8", "192.0.2.0/24"])).toEqual([
      {
        property: "allowlist",
        reason:
          "must admit at most 16777216 addresses (maxAddresses; an IPv6 /64 counts as one): its entries admit 16777472",
      },
    ]);
    expect(check(["10.0.0.0/24", "10.0.1.0/24"], 511)).toHaveLength(1);
    expect(check(["10.0.0.0/24", "10.0.1.0/24"], 512)).toEqual([]);
  });

  it.each([
    [["10.0.0.0/8", "10.1.0.0/16", "10.1.2.3"], 16_777_216n],
    [["2001:db8::/48", "2001:db8::1", "2001:db8:0:1::/64"], 65_536n],
    [["2001:db8::1", "2001:db8::2/128"], 1n],
    [["::ffff:10.0.0.0/120", "10.0.0.0/24"], 256n],
    [["192.0.2.1", "not an address", 42], 1n],
  ])("counts %j once per address (an IPv6 /64 as one): %s", (entries, expected) => {
    expect(allowlistReach(entries).addresses).toBe(expected);
  });

  it("counts distinct IPv4 addresses, however written", () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const address = fc.tuple(octet, octet, octet, octet).map((parts) => parts.join("."));
    fc.assert(
      fc.property(fc.array(fc.tuple(address, fc.boolean())), (entries) => {
        const written = entries.map(([entry, asRange]) => (asRange ? `${entry}/32` : entry));
        const distinct = new Set(entries.map(([entry]) => entry)).size;
        expect(allowlistReach(written).addresses).toBe(BigInt(distinct));
      }),
    );
  });

  it("has nothing to say of an undeclared allowlist", () => {
    expect(check(undefined)).toEqual([]);
  });
});
