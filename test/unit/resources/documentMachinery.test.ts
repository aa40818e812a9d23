import { documentRulesOf } from "../../../src/emulator/documents";
import { createCaptchaConfigProvider } from "./support";
import { projectedToDeclared } from "../../../src/resources/tenantObject/provider/document";
import type { DocumentDescription } from "../../../src/wire/document";
import type { DocumentRules, TenantView } from "../../../src/wire/emulation";
import { endpoint } from "../../../src/wire/endpoint";
import { configuredContext, failuresOf } from "./support";

/** A document described as an attack-protection one would be: lists replaced whole, a free-form map, a secret. */
const path = "/example/document";
const description: DocumentDescription = {
  name: "example",
  label: "example document",
  get: endpoint({ method: "GET", path, scope: "read:example" }),
  patch: endpoint({ method: "PATCH", path, scope: "update:example" }),
  newTenant: { enabled: false, shields: [], stage: { "pre-login": { max_attempts: 100, rate: 864000 } } },
  secretFields: ["api_key"],
  replacedWhole: ["allowlist", "shields"],
  nestedObjects: "merged",
  verbatim: ["labels"],
  entitlement: {
    feature: "exampleFeature",
    refusal: {
      status: 403,
      message: "Please upgrade your subscription",
      errorCode: "insufficient_entitlement",
    },
  },
};

describe("a read projected to the declared members", () => {
  const tenant = {
    enabled: true,
    shields: ["user_notification", "block"],
    allowlist: ["10.0.0.0/8", "::1"],
    stage: { preLogin: { maxAttempts: 7, rate: 1000 } },
    labels: { Some_Key: "v", other: "w" },
    provider: { siteKey: "k" },
    undeclared: "left as the tenant has it",
  };

  it("takes only the declared members, nested objects member by member", () => {
    expect(
      projectedToDeclared(description, { enabled: false, stage: { preLogin: { rate: 5 } } }, tenant),
    ).toEqual({
      enabled: true,
      stage: { preLogin: { rate: 1000 } },
    });
  });

  it("reads a list with the declared entries in another order as declared, and a changed list as the tenant's", () => {
    expect(projectedToDeclared(description, { shields: ["block", "user_notification"] }, tenant)).toEqual({
      shields: ["block", "user_notification"],
    });
    expect(projectedToDeclared(description, { allowlist: ["10.0.0.0/8"] }, tenant)).toEqual({
      allowlist: ["10.0.0.0/8", "::1"],
    });
  });

  it("reads free-form maps whole, and secret fields from what was declared", () => {
    expect(
      projectedToDeclared(
        description,
        { labels: { Some_Key: "v" }, provider: { siteKey: "x", apiKey: "s3cret" } },
        tenant,
      ),
    ).toEqual({ labels: { Some_Key: "v", other: "w" }, provider: { siteKey: "k", apiKey: "s3cret" } });
  });
});

describe("the emulator's rules of a described document", () => {
  const rules = documentRulesOf(description) as unknown as Required<
    Pick<DocumentRules<unknown>, "initial" | "merge" | "view" | "unavailable">
  >;
  const lacking = (features: string[]): TenantView => ({
    document: () => undefined,
    items: () => [],
    lacks: (feature) => features.includes(feature),
  });

  it("starts a new tenant with the described document, a copy each time", () => {
    const first = rules.initial({}) as Record<string, unknown>;
    first["enabled"] = true;
    expect(rules.initial({})).toEqual(description.newTenant);
  });

  it("merges a PATCH's objects member by member and replaces lists whole", () => {
    const stored = {
      enabled: false,
      shields: ["block"],
      stage: { "pre-login": { max_attempts: 100, rate: 864000 } },
    };
    expect(rules.merge(stored, { shields: [], stage: { "pre-login": { max_attempts: 5 } } })).toEqual({
      enabled: false,
      shields: [],
      stage: { "pre-login": { max_attempts: 5, rate: 864000 } },
    });
  });

  it("answers without the secret fields, at any depth", () => {
    expect(rules.view({ enabled: true, provider: { site_key: "k", api_key: "s3cret" } })).toEqual({
      enabled: true,
      provider: { site_key: "k" },
    });
  });

  it("refuses as recorded when the plan lacks the document's feature", () => {
    expect(rules.unavailable(lacking(["exampleFeature"]))).toEqual(description.entitlement?.refusal);
    expect(rules.unavailable(lacking([]))).toBeUndefined();
  });
});

describe("a document's check", () => {
  const provider = createCaptchaConfigProvider(configuredContext());

  it.each([
    [
      { activeProviderId: "hcaptcha", hcaptcha: { siteKey: "k", secret: "s", sitekey: "k" } },
      "hcaptcha.sitekey: is not a known property (did you mean siteKey?)",
    ],
    [
      { activeProviderId: "auth_challenge", authChalenge: { failOpen: true } },
      "authChalenge: is not a known property (did you mean authChallenge?)",
    ],
    [{ activeProviderId: "auth_challenge", zzz: 1 }, "zzz: is not a known property"],
  ])("names the member an unknown property most likely means: %j", async (news, expected) => {
    expect(await failuresOf(provider, news)).toContain(expected);
  });
});
