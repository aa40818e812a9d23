import fc from "fast-check";

import { createCaptchaConfigProvider } from "./support";
import { createProvider as createPhoneTemplatesProvider } from "../../../src/resources/phoneTemplates/provider";
import { CAPTCHA_PROVIDER_IDS } from "../../../src/resources/captchaConfig/api";
import { UNKNOWN, configuredContext, recordingLog } from "./support";

// Whole random inputs, every argument at once (the per-block fuzzing of captchaConfig.check.test.ts and the
// message fuzzing of phoneTemplates.check.test.ts stay where they are): values of every JSON type where a
// string or a block belongs, values not known yet, unknown properties, explicit tenants with good and bad
// domains, and credentials that carry a marker so a failure that quotes one is caught.

const RUNS = { numRuns: 500 };
const MARKER = "fuzz-secret-6c1e";
const captcha = createCaptchaConfigProvider(configuredContext());
const templates = createPhoneTemplatesProvider(configuredContext(), recordingLog());

const secret = fc.string({ maxLength: 110 }).map((text) => `${MARKER}${text}`);
/** A value where a string belongs: short, long, empty, blank, or not a string at all. */
const stringish = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ minLength: 95, maxLength: 110 }),
  fc.constantFrom("", "   ", UNKNOWN),
  fc.jsonValue({ maxDepth: 1 }),
);
/**
 * The name of a property the resource does not have. Never empty: a failure about a property named "" has
 * no name to give (it reads "is not a known property"; noted in the README's "Reliability" section, left as is).
 */
const extraKey = fc.string({ minLength: 1, maxLength: 12 });
/** A value where any JSON value may turn up. */
const anything = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(UNKNOWN), fc.constant(undefined));

function block(secretFields: readonly string[], fields: readonly string[]) {
  const model: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries([
    ...secretFields.map((name) => [name, fc.oneof(secret, stringish)]),
    ...fields.map((name) => [name, name === "failOpen" ? fc.oneof(fc.boolean(), anything) : stringish]),
  ]);
  const known = fc.record(model, { requiredKeys: [] });
  const extra = fc.dictionary(extraKey, anything, { maxKeys: 2 });
  return fc.oneof(
    { weight: 4, arbitrary: known },
    { weight: 1, arbitrary: fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a })) },
    { weight: 1, arbitrary: anything },
  );
}

/**
 * An explicit tenant. Its fields are strings or values not known yet: a `tenant` of another type makes
 * `check` throw (see the known bugs below), so those stay out of the property until they are fixed.
 */
const tenant = fc.oneof(
  fc.record(
    {
      domain: fc.oneof(
        fc.constantFrom(
          "https://tenant.example.com",
          "tenant.eu.example.com",
          "http://127.0.0.1:4000",
          "http://localhost",
          "http://tenant.example.com",
          "ftp://tenant.example.com",
          "https://user:pw@tenant.example.com",
          "https://tenant.example.com/other",
          UNKNOWN,
        ),
        fc.string({ maxLength: 30 }),
      ),
      clientId: fc.string({ maxLength: 20 }),
      clientSecret: secret,
      apiToken: secret,
      audience: fc.string({ maxLength: 30 }),
    },
    { requiredKeys: [] },
  ),
  fc.constant(UNKNOWN),
);

const captchaInputs = fc
  .tuple(
    fc.record(
      {
        activeProviderId: fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...CAPTCHA_PROVIDER_IDS) },
          { weight: 1, arbitrary: stringish },
        ),
        arkose: block(["secret"], ["siteKey", "clientSubdomain", "verifySubdomain", "failOpen"]),
        authChallenge: block([], ["failOpen"]),
        friendlyCaptcha: block(["secret"], ["siteKey"]),
        hcaptcha: block(["secret"], ["siteKey"]),
        recaptchaEnterprise: block(["apiKey"], ["siteKey", "projectId"]),
        recaptchaV2: block(["secret"], ["siteKey"]),
        simpleCaptcha: fc.oneof(
          fc.dictionary(fc.string({ maxLength: 10 }), anything, { maxKeys: 3 }),
          anything,
        ),
        resetOnDelete: fc.oneof(fc.boolean(), anything),
        tenant,
      },
      { requiredKeys: [] },
    ),
    fc.dictionary(extraKey, anything, { maxKeys: 2 }),
  )
  .map(([known, extra]) => ({ ...extra, ...known }));

const templateMessage = fc.oneof(
  fc
    .array(
      fc.oneof(
        fc.string({ maxLength: 10 }),
        fc.constantFrom("{{code}}", "{{ code }}", "{{tenant.friendly_name}}", "{{user.email}}", "{{", "}}"),
      ),
      { maxLength: 5 },
    )
    .map((parts) => parts.join("")),
  stringish,
);

const templatesInputs = fc
  .tuple(
    fc.record(
      { enrollmentMessage: templateMessage, verificationMessage: templateMessage, tenant },
      { requiredKeys: [] },
    ),
    fc.dictionary(extraKey, anything, { maxKeys: 2 }),
  )
  .map(([known, extra]) => ({ ...extra, ...known }));

/** A failure names a property: in `property`, or (for blocks and the tenant) at the start of its reason. */
function namesAProperty(failure: { property: string; reason: string }): boolean {
  if (failure.property !== "") return true;
  return /^.+?: /s.test(failure.reason) || /\btenant\b|tenant-admin:|AUTH0_/i.test(failure.reason);
}

async function expectWellFormedCheck(
  provider: ReturnType<typeof createCaptchaConfigProvider>,
  news: Record<string, unknown>,
): Promise<void> {
  const result = await provider.check({}, news);
  // Check returns the inputs as given, plus the URL of the tenant they resolve to (when they do).
  const { domain, ...given } = result.inputs as Record<string, unknown>;
  expect(given).toEqual(news);
  if (domain !== undefined) expect(domain).toMatch(/^https?:\/\/[^/@?#]+$/);
  for (const failure of result.failures ?? []) {
    expect(failure.reason.trim()).not.toBe("");
    expect(namesAProperty(failure)).toBe(true);
    expect(`${failure.property} ${failure.reason}`).not.toContain(MARKER);
  }
}

describe("check of random whole inputs", () => {
  it("CaptchaConfig: never throws, names a property in every failure, and never quotes a credential", async () => {
    await fc.assert(
      fc.asyncProperty(captchaInputs, (news) => expectWellFormedCheck(captcha, news)),
      RUNS,
    );
  });

  it("PhoneTemplates: never throws, names a property in every failure, and never quotes a credential", async () => {
    await fc.assert(
      fc.asyncProperty(templatesInputs, (news) => expectWellFormedCheck(templates, news)),
      RUNS,
    );
  });

  it("accepts every valid CaptchaConfig it is given", async () => {
    const siteKey = fc.string({ minLength: 1, maxLength: 100 });
    const credential = fc.string({ minLength: 1, maxLength: 100 });
    const valid = fc.oneof(
      fc.record({
        activeProviderId: fc.constant("hcaptcha"),
        hcaptcha: fc.record({ siteKey, secret: credential }),
      }),
      fc.record({
        activeProviderId: fc.constant("recaptcha_enterprise"),
        recaptchaEnterprise: fc.record({ siteKey, apiKey: credential, projectId: siteKey }),
      }),
      fc.record({
        activeProviderId: fc.constant("auth_challenge"),
        authChallenge: fc.record({ failOpen: fc.boolean() }),
        resetOnDelete: fc.boolean(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(valid, async (news) => {
        expect((await captcha.check({}, news)).failures).toEqual([]);
      }),
      RUNS,
    );
  });
});

// Found by the fuzzing above (see the README's "Reliability" section, "Reliability"): `check` used to throw a
// TypeError for a tenant argument of the wrong type instead of returning a failure.
describe("a tenant argument of the wrong type", () => {
  it("CaptchaConfig check takes a null tenant as no tenant, without throwing", async () => {
    const result = await captcha.check({}, { activeProviderId: "auth_challenge", tenant: null });
    expect(result.failures).toEqual([]);
  });

  it("PhoneTemplates check takes a null tenant as no tenant, without throwing", async () => {
    const news = { enrollmentMessage: "{{code}}", verificationMessage: "{{code}}", tenant: null };
    expect((await templates.check({}, news)).failures).toEqual([]);
  });

  it.each<[string, unknown, RegExp]>([
    [
      "a domain that is not a string",
      { domain: 5, apiToken: `${MARKER}-token` },
      /tenant\.domain must be a string/i,
    ],
    [
      "a domain where a name or an object belongs",
      "tenant.example.com",
      /is not in the stack config key tenant-admin:tenants.* A tenant argument that is a string names a tenant of that map; for a domain, give \{domain, clientId, clientSecret\}\.$/,
    ],
    ["a number instead of a name or an object", 42, /tenant argument must be an object/],
  ])("CaptchaConfig check returns a failure for a tenant with %s", async (_case, value, reason) => {
    const result = await captcha.check({}, { activeProviderId: "auth_challenge", tenant: value });
    expect(result.failures).toEqual([{ property: "", reason: expect.stringMatching(reason) as unknown }]);
    expect(JSON.stringify(result.failures)).not.toContain(MARKER);
  });
});
