/**
 * Every rule of the four attack-protection shapes, as a preview reports it: each request schema's failures in
 * the user's property names (schemaFailures, the check's own conversion), one line naming the property and
 * the rule. Allowlist entries are checked with node:net, against fast-check's IPv4/IPv6 generators.
 */
import fc from "fast-check";

import * as pkg from "../../../src";

import { botDetectionDocument } from "../../../src/resources/botDetection/api";
import { breachedPasswordDetectionDocument } from "../../../src/resources/breachedPasswordDetection/api";
import { bruteForceProtectionDocument } from "../../../src/resources/bruteForceProtection/api";
import { suspiciousIpThrottlingDocument } from "../../../src/resources/suspiciousIpThrottling/api";
import { schemaFailures } from "../../../src/resources/tenantObject/checkFailures";
import { documentHooks } from "../../../src/resources/tenantObject/provider/document";
import { ALLOWLIST_MAX_ENTRIES, allowlistEntryKey, isIpOrCidr } from "../../../src/wire/ipAllowlist";

const IP_RULE = "must be an IPv4 or IPv6 address or a CIDR range (10.0.0.0/8, 2001:db8::/32)";

describe("the allowlist entry rule", () => {
  it("accepts every IPv4 and IPv6 address, alone and as its full-length range", () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(isIpOrCidr(ip)).toBe(true);
        expect(isIpOrCidr(`${ip}/32`)).toBe(true);
        expect(allowlistEntryKey(ip)).toBe(allowlistEntryKey(`${ip}/32`));
      }),
    );
    fc.assert(
      fc.property(fc.ipV6(), (ip) => {
        expect(isIpOrCidr(ip)).toBe(true);
        expect(isIpOrCidr(`${ip}/128`)).toBe(true);
        expect(allowlistEntryKey(ip.toUpperCase())).toBe(allowlistEntryKey(`${ip}/128`));
      }),
    );
  });

  it("accepts a range written as its network, for every prefix", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 32 }), (prefix) => {
        const network = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
        const address = [24, 16, 8, 0].map((shift) => (network >>> shift) & 255).join(".");
        expect(isIpOrCidr(`${address}/${prefix}`)).toBe(true);
      }),
    );
  });

  it.each([
    ["10.0.0.1/8", "10.0.0.0/8"],
    ["192.0.2.129/25", "192.0.2.128/25"],
    ["2001:db8::1/64", "2001:db8::/64"],
    ["::ffff:10.0.0.1/104", "10.0.0.0/8"],
  ])("refuses %s, whose host bits are set, naming the network %s", (entry, network) => {
    expect(isIpOrCidr(entry)).toBe(false);
    expect(schemaFailures(botDetectionDocument.patchSchema, { allowlist: [entry] })).toEqual([
      {
        property: "allowlist[0]",
        reason: `has host bits set: ${entry} means the network ${network}; write the network, or the address alone`,
      },
    ]);
  });

  it("is exported by the package for other tools, such as a policy pack", () => {
    expect(pkg.allowlistEntryKey("::ffff:1.2.3.4")).toBe("1.2.3.4/32");
    expect(pkg.isIpOrCidr("10.0.0.1/8")).toBe(false);
    expect(pkg.parseAllowlistEntry("10.0.0.0/032")).toEqual({
      reason: "has a prefix with a leading zero (/032): write /32",
    });
    expect(pkg.ALLOWLIST_MAX_ENTRIES).toBe(ALLOWLIST_MAX_ENTRIES);
  });

  it("refuses a prefix written with a leading zero, saying how to write it", () => {
    expect(isIpOrCidr("10.0.0.0/032")).toBe(false);
    expect(isIpOrCidr("2001:db8::/064")).toBe(false);
    expect(schemaFailures(bruteForceProtectionDocument.patchSchema, { allowlist: ["10.0.0.0/08"] })).toEqual([
      { property: "allowlist[0]", reason: "has a prefix with a leading zero (/08): write /8" },
    ]);
    expect(isIpOrCidr("0.0.0.0/0")).toBe(true);
  });

  it.each([
    ["::ffff:1.2.3.4", "1.2.3.4/32"],
    ["::FFFF:102:304/128", "1.2.3.4/32"],
    ["::ffff:10.0.0.0/104", "10.0.0.0/8"],
    ["10.0.0.1", "10.0.0.1/32"],
    ["2001:DB8:0::1", "2001:db8::1/128"],
    ["::ffff:0:0/95", "::ffff:0:0/95"],
  ])("spells %s as %s", (entry, key) => {
    expect(allowlistEntryKey(entry)).toBe(key);
  });

  it.each([
    "10.0.0.300",
    "10.0.0",
    "10.0.0.0/33",
    "2001:db8::/129",
    "10.0.0.0/",
    "10.0.0.0/8/8",
    "10.0.0.0/-1",
    "10.0.0.0/ 8",
    "example.com",
    "",
    " 10.0.0.1",
    "fe80::1%eth0",
    "fe80::1%eth0/64",
  ])("refuses %j", (entry) => {
    expect(isIpOrCidr(entry)).toBe(false);
  });
});

describe("a preview's failures for each rule", () => {
  it.each([
    [
      "a bot detection level outside the enum",
      botDetectionDocument.patchSchema,
      { bot_detection_level: "extreme" },
      { property: "botDetectionLevel", reason: "must be one of: low, medium, high" },
    ],
    [
      "a challenge policy outside the enum",
      botDetectionDocument.patchSchema,
      { challenge_password_reset_policy: "sometimes" },
      { property: "challengePasswordResetPolicy", reason: "must be one of: never, when_risky, always" },
    ],
    [
      "a bot detection level in another case",
      botDetectionDocument.patchSchema,
      { bot_detection_level: "Medium" },
      { property: "botDetectionLevel", reason: 'must be one of: low, medium, high (did you mean "medium"?)' },
    ],
    [
      "a misspelt challenge policy",
      botDetectionDocument.patchSchema,
      { challenge_password_policy: "when-risky" },
      {
        property: "challengePasswordPolicy",
        reason: 'must be one of: never, when_risky, always (did you mean "when_risky"?)',
      },
    ],
    [
      "an allowlist entry that is not an IP",
      botDetectionDocument.patchSchema,
      { allowlist: ["10.0.0.1", "10.0.0.256/8"] },
      { property: "allowlist[1]", reason: IP_RULE },
    ],
    [
      "a repeated allowlist entry",
      suspiciousIpThrottlingDocument.patchSchema,
      { allowlist: ["::1", "10.0.0.0/8", "::1"] },
      { property: "allowlist[2]", reason: 'repeats "::1": list each entry once' },
    ],
    [
      "an address repeated as its one-address range",
      bruteForceProtectionDocument.patchSchema,
      { allowlist: ["10.0.0.1", "10.0.0.0/8", "10.0.0.1/32"] },
      {
        property: "allowlist[2]",
        reason: 'repeats "10.0.0.1" (the same address or range): list each entry once',
      },
    ],
    [
      "an IPv4-mapped IPv6 address beside its IPv4 address",
      botDetectionDocument.patchSchema,
      { allowlist: ["1.2.3.4", "::ffff:1.2.3.4"] },
      {
        property: "allowlist[1]",
        reason: 'repeats "1.2.3.4" (the same address or range): list each entry once',
      },
    ],
    [
      "an IPv6 range repeated in another case and spelling",
      botDetectionDocument.patchSchema,
      { allowlist: ["2001:db8::/32", "2001:DB8:0::/32"] },
      {
        property: "allowlist[1]",
        reason: 'repeats "2001:db8::/32" (the same address or range): list each entry once',
      },
    ],
    [
      "a monitoring mode that is not a boolean",
      botDetectionDocument.patchSchema,
      { monitoring_mode_enabled: "yes" },
      { property: "monitoringModeEnabled", reason: "must be a boolean" },
    ],
    [
      "an unknown property",
      botDetectionDocument.patchSchema,
      { bot_detection_lvl: "low" },
      { property: "botDetectionLvl", reason: "is not a known property" },
    ],
    [
      "a brute-force shield outside the enum",
      bruteForceProtectionDocument.patchSchema,
      { shields: ["block", "admin_notification"] },
      { property: "shields[1]", reason: "must be one of: block, user_notification" },
    ],
    [
      "a repeated shield",
      bruteForceProtectionDocument.patchSchema,
      { shields: ["block", "block"] },
      { property: "shields[1]", reason: 'repeats "block": list each entry once' },
    ],
    [
      "a brute-force mode outside the enum",
      bruteForceProtectionDocument.patchSchema,
      { mode: "count_per_ip" },
      { property: "mode", reason: "must be one of: count_per_identifier_and_ip, count_per_identifier" },
    ],
    [
      "max_attempts above 100",
      bruteForceProtectionDocument.patchSchema,
      { max_attempts: 101 },
      { property: "maxAttempts", reason: "must be at most 100" },
    ],
    [
      "max_attempts below 1",
      bruteForceProtectionDocument.patchSchema,
      { max_attempts: 0 },
      { property: "maxAttempts", reason: "must be at least 1" },
    ],
    [
      "a breached password method outside the enum",
      breachedPasswordDetectionDocument.patchSchema,
      { method: "paranoid" },
      { property: "method", reason: "must be one of: standard, enhanced" },
    ],
    [
      "a notification frequency outside the enum",
      breachedPasswordDetectionDocument.patchSchema,
      { admin_notification_frequency: ["hourly"] },
      {
        property: "adminNotificationFrequency[0]",
        reason: "must be one of: immediately, daily, weekly, monthly",
      },
    ],
    [
      "a stage shield the stage does not have",
      breachedPasswordDetectionDocument.patchSchema,
      { stage: { "pre-change-password": { shields: ["user_notification"] } } },
      {
        property: "stage.pre-change-password.shields[0]",
        reason: "must be one of: block, admin_notification",
      },
    ],
    [
      "an unknown breached password stage",
      breachedPasswordDetectionDocument.patchSchema,
      { stage: { "pre-login": { shields: ["block"] } } },
      { property: "stage.pre-login", reason: "is not a known property" },
    ],
    [
      "a pre-login rate below 34560 ms",
      suspiciousIpThrottlingDocument.patchSchema,
      { stage: { "pre-login": { rate: 34559 } } },
      { property: "stage.pre-login.rate", reason: "must be at least 34560" },
    ],
    [
      "pre-login max_attempts above 2500",
      suspiciousIpThrottlingDocument.patchSchema,
      { stage: { "pre-login": { max_attempts: 2501 } } },
      { property: "stage.pre-login.maxAttempts", reason: "must be at most 2500" },
    ],
    [
      "pre-user-registration max_attempts above 72000",
      suspiciousIpThrottlingDocument.patchSchema,
      { stage: { "pre-user-registration": { max_attempts: 72001 } } },
      { property: "stage.pre-user-registration.maxAttempts", reason: "must be at most 72000" },
    ],
    [
      "a pre-user-registration rate above a day",
      suspiciousIpThrottlingDocument.patchSchema,
      { stage: { "pre-user-registration": { rate: 86400001 } } },
      { property: "stage.pre-user-registration.rate", reason: "must be at most 86400000" },
    ],
    [
      "a suspicious IP shield outside the enum",
      suspiciousIpThrottlingDocument.patchSchema,
      { shields: ["user_notification"] },
      { property: "shields[0]", reason: "must be one of: block, admin_notification" },
    ],
  ])("names the property and the rule for %s", (_case, schema, body, failure) => {
    expect(schemaFailures(schema as typeof botDetectionDocument.patchSchema, body)).toEqual([failure]);
  });

  it(`refuses an allowlist of more than ${ALLOWLIST_MAX_ENTRIES} entries`, () => {
    const entries = Array.from(
      { length: ALLOWLIST_MAX_ENTRIES + 1 },
      (_, index) => `10.0.${index >> 8}.${index & 255}`,
    );

    expect(schemaFailures(bruteForceProtectionDocument.patchSchema, { allowlist: entries })).toEqual([
      { property: "allowlist", reason: `must be at most ${ALLOWLIST_MAX_ENTRIES}` },
    ]);
    expect(schemaFailures(bruteForceProtectionDocument.patchSchema, { allowlist: entries.slice(1) })).toEqual(
      [],
    );
  });

  it("takes entries that only look alike for distinct entries", () => {
    expect(
      schemaFailures(botDetectionDocument.patchSchema, {
        allowlist: ["10.0.0.1", "10.0.0.0/8", "::ffff:10.0.0.0/120", "2001:db8::1", "2001:db8::/64"],
      }),
    ).toEqual([]);
  });

  it("accepts the bodies the vendor's recordings sent", () => {
    expect(
      schemaFailures(suspiciousIpThrottlingDocument.patchSchema, {
        enabled: true,
        shields: ["block", "admin_notification"],
        allowlist: ["127.0.0.1"],
        stage: {
          "pre-login": { max_attempts: 100, rate: 864000 },
          "pre-user-registration": { max_attempts: 50, rate: 1200 },
          "pre-custom-token-exchange": { max_attempts: 10, rate: 600000 },
        },
      }),
    ).toEqual([]);
    expect(
      schemaFailures(botDetectionDocument.patchSchema, {
        bot_detection_level: "medium",
        challenge_password_policy: "when_risky",
        challenge_passwordless_policy: "when_risky",
        challenge_password_reset_policy: "when_risky",
        allowlist: ["192.168.10.2/32", "196.138.8.25"],
        monitoring_mode_enabled: true,
      }),
    ).toEqual([]);
  });
});

describe("breached password detection's notification rule, at preview only", () => {
  const check = (inputs: Record<string, unknown>) =>
    documentHooks(breachedPasswordDetectionDocument).failures(inputs);
  const noAdminShield = {
    shields: ["block"],
    stage: { "pre-user-registration": { shields: ["block"] }, "pre-change-password": { shields: [] } },
  };

  it("refuses frequencies when no declared shield notifies an administrator", () => {
    expect(check({ ...noAdminShield, adminNotificationFrequency: ["daily"] })).toEqual([
      {
        property: "adminNotificationFrequency",
        reason:
          "needs an admin_notification shield declared beside it (in shields or a stage's shields): without one " +
          "the platform empties the frequencies, so the tenant would never hold them",
      },
    ]);
  });

  it.each([
    ["no shield list", {}],
    ["shields without admin_notification", { shields: ["block"] }],
    ["one stage's shields without it", { stage: { "pre-user-registration": { shields: ["block"] } } }],
  ])("refuses frequencies declared with %s, whatever the tenant's own shields", (_case, declared) => {
    expect(check({ ...declared, adminNotificationFrequency: ["daily"] })).toEqual([
      expect.objectContaining({ property: "adminNotificationFrequency" }),
    ]);
  });

  it("takes frequencies with a declared notifying shield anywhere, or none", () => {
    const stage = noAdminShield.stage;
    expect(check({ ...noAdminShield, adminNotificationFrequency: [] })).toEqual([]);
    expect(
      check({ ...noAdminShield, shields: ["admin_notification"], adminNotificationFrequency: ["daily"] }),
    ).toEqual([]);
    expect(
      check({
        ...noAdminShield,
        stage: { ...stage, "pre-change-password": { shields: ["admin_notification"] } },
        adminNotificationFrequency: ["weekly"],
      }),
    ).toEqual([]);
    expect(
      check({
        stage: { "pre-change-password": { shields: ["admin_notification"] } },
        adminNotificationFrequency: ["weekly"],
      }),
    ).toEqual([]);
  });

  it("is not the platform's schema: the PATCH itself is valid, as the emulator takes it", () => {
    expect(
      schemaFailures(breachedPasswordDetectionDocument.patchSchema, {
        shields: ["block"],
        admin_notification_frequency: ["daily"],
        stage: { "pre-user-registration": { shields: ["block"] }, "pre-change-password": { shields: [] } },
      }),
    ).toEqual([]);
  });
});
