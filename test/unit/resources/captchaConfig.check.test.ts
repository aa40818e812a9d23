import fc from "fast-check";

import { createCaptchaConfigProvider } from "./support";
import { CAPTCHA_PROVIDER_IDS } from "../../../src/resources/captchaConfig/api";
import { UNKNOWN, configuredContext, failuresOf } from "./support";

const provider = createCaptchaConfigProvider(configuredContext());
const hcaptcha = { siteKey: "site", secret: "top-secret-value" };
const long = "x".repeat(101);

describe("CaptchaConfig check", () => {
  it("accepts a complete configuration", async () => {
    expect(await failuresOf(provider, { activeProviderId: "hcaptcha", hcaptcha })).toEqual([]);
  });

  it("names a nested property in the reason: the engine looks a failure's property up among the top-level inputs", async () => {
    const news = { activeProviderId: "hcaptcha", hcaptcha: { ...hcaptcha, siteKey: long } };
    expect((await provider.check({}, news)).failures).toEqual([
      { property: "", reason: "hcaptcha.siteKey: must be at most 100 characters (got 101)" },
    ]);
  });

  it("keeps a top-level property that holds no secret in its place", async () => {
    expect((await provider.check({}, { activeProviderId: "turnstile" })).failures).toEqual([
      { property: "activeProviderId", reason: expect.stringMatching(/^must be one of: /) as unknown },
    ]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["an unknown provider id", { activeProviderId: "turnstile" }, "activeProviderId: must be one of: arkose"],
    [
      "a provider id over 36 characters",
      { activeProviderId: "a".repeat(37) },
      "activeProviderId: must be at most 36 characters (got 37)",
    ],
    [
      "a site key over 100 characters",
      { activeProviderId: "hcaptcha", hcaptcha: { ...hcaptcha, siteKey: long } },
      "hcaptcha.siteKey: must be at most 100 characters (got 101)",
    ],
    [
      "a secret over 100 characters",
      { activeProviderId: "hcaptcha", hcaptcha: { ...hcaptcha, secret: long } },
      "hcaptcha.secret: must be at most 100 characters (got 101)",
    ],
    [
      "a missing secret",
      { activeProviderId: "hcaptcha", hcaptcha: { siteKey: "s" } },
      "hcaptcha.secret: is required",
    ],
    [
      "an unknown property in a block",
      { activeProviderId: "hcaptcha", hcaptcha: { ...hcaptcha, sitekey: "s" } },
      "hcaptcha.sitekey: is not a known property",
    ],
    [
      "a missing api key",
      { activeProviderId: "recaptcha_enterprise", recaptchaEnterprise: { siteKey: "s", projectId: "p" } },
      "recaptchaEnterprise.apiKey: is required",
    ],
    [
      "an arkose subdomain over 100 characters",
      { activeProviderId: "arkose", arkose: { siteKey: "s", secret: "x", clientSubdomain: long } },
      "arkose.clientSubdomain: must be at most 100 characters (got 101)",
    ],
    [
      "a non-boolean failOpen",
      { activeProviderId: "auth_challenge", authChallenge: { failOpen: "yes" } },
      "authChallenge.failOpen: must be a boolean",
    ],
    [
      "an active provider without its credentials",
      { activeProviderId: "recaptcha_v2" },
      'recaptchaV2: activeProviderId is "recaptcha_v2", which needs credentials',
    ],
  ])("rejects %s, naming the property and the rule", async (_case, news, expected) => {
    const failures = await failuresOf(provider, news);
    expect(failures.join("\n")).toContain(expected);
  });

  it("keeps the keys of simpleCaptcha verbatim and accepts any of them", async () => {
    expect(
      await failuresOf(provider, { activeProviderId: "simple_captcha", simpleCaptcha: { Some_Key: 1 } }),
    ).toEqual([]);
  });

  it("skips values not known yet at preview", async () => {
    const news = { activeProviderId: UNKNOWN, hcaptcha: { siteKey: UNKNOWN, secret: UNKNOWN } };
    expect(await failuresOf(provider, news)).toEqual([]);
    expect(await failuresOf(provider, { activeProviderId: "hcaptcha", hcaptcha: UNKNOWN })).toEqual([]);
  });

  it("never names a secret in a failure", async () => {
    const failures = await failuresOf(provider, {
      activeProviderId: "hcaptcha",
      hcaptcha: { ...hcaptcha, extra: 1 },
    });
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join("\n")).not.toContain(hcaptcha.secret);
  });

  it("reports missing tenant settings with the config key and the environment variable", async () => {
    const bare = createCaptchaConfigProvider(configuredContext({ "tenant-admin:domain": "" }));
    const saved = process.env.AUTH0_DOMAIN;
    delete process.env.AUTH0_DOMAIN;
    try {
      const failures = await failuresOf(bare, { activeProviderId: "auth_challenge" });
      expect(failures.join("\n")).toMatch(/tenant-admin:domain.*AUTH0_DOMAIN/);
    } finally {
      if (saved !== undefined) process.env.AUTH0_DOMAIN = saved;
    }
  });

  it("refuses plain http to a host that is not loopback", async () => {
    const tenant = { domain: "http://tenant.example.com", clientId: "id", clientSecret: "s" };
    const failures = await failuresOf(provider, { activeProviderId: "auth_challenge", tenant });
    expect(failures.join("\n")).toContain("http://");
  });

  it("names a failing block in the reason, never as a property the engine would print with its value", async () => {
    const failures = await provider.check({}, { activeProviderId: "hcaptcha", hcaptcha: "not-an-object" });
    expect(failures.failures).toEqual([{ property: "", reason: "hcaptcha: must be an object" }]);
  });

  it("never throws and names a property for every failure of random input", async () => {
    const block = fc.dictionary(
      fc.constantFrom("siteKey", "secret", "apiKey", "projectId", "failOpen", "x"),
      fc.oneof(fc.string({ maxLength: 120 }), fc.boolean(), fc.integer()),
    );
    const input = fc.record(
      {
        activeProviderId: fc.oneof(fc.constantFrom(...CAPTCHA_PROVIDER_IDS), fc.string({ maxLength: 40 })),
        hcaptcha: block,
        recaptchaEnterprise: block,
        arkose: block,
        authChallenge: block,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(input, async (news) => {
        const result = await provider.check({}, news);
        for (const failure of result.failures ?? []) {
          expect(failure.property !== "" || /^[\w.[\]]+: /.test(failure.reason)).toBe(true);
          expect(failure.reason.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
