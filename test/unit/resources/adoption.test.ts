import fc from "fast-check";

import { differingPaths, importIdProblem, withoutFields } from "../../../src/resources/adoption";
import { OPERATIONS } from "../../../src/wire";

const host = "my-tenant.eu.example.com";

describe("import ids", () => {
  it.each([
    [`${host}${OPERATIONS.getCaptcha.path}`],
    [`MY-TENANT.eu.example.com${OPERATIONS.getCaptcha.path}`],
  ])("accepts %s for the CAPTCHA configuration", (id) => {
    expect(importIdProblem(id, OPERATIONS.getCaptcha.path, host)).toBeUndefined();
  });

  it("accepts a loopback host with its port", () => {
    expect(
      importIdProblem(
        `127.0.0.1:4312${OPERATIONS.getPhoneTemplates.path}`,
        OPERATIONS.getPhoneTemplates.path,
        "127.0.0.1:4312",
      ),
    ).toBeUndefined();
  });

  it.each([
    ["", /non-empty string/],
    [42, /non-empty string/],
    [host, /is not <tenant host>\/attack-protection\/captcha/],
    [`${host}${OPERATIONS.getPhoneTemplates.path}`, /is not <tenant host>\/attack-protection\/captcha/],
    [`${host}${OPERATIONS.getCaptcha.path}/`, /is not <tenant host>/],
    [`https://${host}${OPERATIONS.getCaptcha.path}`, /must not have a scheme/],
    [OPERATIONS.getCaptcha.path, /is not <tenant host>/],
    [
      `other.example.com${OPERATIONS.getCaptcha.path}`,
      /names the tenant other\.example\.com, but this resource manages the tenant my-tenant/,
    ],
  ])("refuses %j", (id, reason) => {
    expect(importIdProblem(id, OPERATIONS.getCaptcha.path, host)).toMatch(reason);
  });

  it("gives a one-line reason for any string", () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        const problem = importIdProblem(id, OPERATIONS.getCaptcha.path, host);
        return problem === undefined || !/[\r\n]/.test(problem.replace(JSON.stringify(id), ""));
      }),
    );
  });
});

describe("what an import compares", () => {
  it("names the nested fields that differ and nothing else", () => {
    const declared = {
      activeProviderId: "hcaptcha",
      hcaptcha: { siteKey: "a", secret: "s" },
      resetOnDelete: true,
    };
    const current = { activeProviderId: "auth_challenge", hcaptcha: { siteKey: "b", secret: "s" } };
    expect(differingPaths(declared, current)).toEqual(["activeProviderId", "hcaptcha.siteKey"]);
  });

  it("reports a declared block the tenant does not have", () => {
    expect(differingPaths({ hcaptcha: { siteKey: "a" } }, { hcaptcha: undefined })).toEqual(["hcaptcha"]);
  });

  it("finds no difference between equal settings", () => {
    // Two equal values built separately: structuredClone under Jest returns objects of another realm,
    // which a strict deep equality (isDeepStrictEqual compares prototypes) rightly tells apart.
    fc.assert(
      fc.property(fc.clone(fc.dictionary(fc.string(), fc.jsonValue()), 2), ([declared, current]) => {
        return differingPaths(declared, current).length === 0;
      }),
    );
  });

  it("leaves the secrets out of the adopted settings, at the top and in blocks", () => {
    const settings = { activeProviderId: "hcaptcha", hcaptcha: { siteKey: "a", secret: "s" }, secret: "x" };
    expect(withoutFields(settings, ["secret", "apiKey"])).toEqual({
      activeProviderId: "hcaptcha",
      hcaptcha: { siteKey: "a" },
    });
  });
});
