import fc from "fast-check";

import { getCaptcha } from "../../../src/resources/captchaConfig/api";
import { getPhoneNotificationTemplate } from "../../../src/resources/phoneNotificationTemplate/api";
import { getPhoneTemplates } from "../../../src/resources/phoneTemplates/api";
import { differingPaths, importIdPath, withoutFields } from "../../../src/resources/tenantObject/adoption";

const host = "my-tenant.eu.example.com";

/** Why the id is not an import id of the object at `pattern` on `expectedHost`, or `undefined`. */
function importIdProblem(id: unknown, pattern: string, expectedHost: string): string | undefined {
  const named = importIdPath(id, pattern, expectedHost);
  return "problem" in named ? named.problem : undefined;
}

describe("import ids", () => {
  it.each([[`${host}${getCaptcha.path}`], [`MY-TENANT.eu.example.com${getCaptcha.path}`]])(
    "accepts %s for the CAPTCHA configuration",
    (id) => {
      expect(importIdProblem(id, getCaptcha.path, host)).toBeUndefined();
    },
  );

  it("accepts a loopback host with its port", () => {
    expect(
      importIdProblem(`127.0.0.1:4312${getPhoneTemplates.path}`, getPhoneTemplates.path, "127.0.0.1:4312"),
    ).toBeUndefined();
  });

  it.each([
    ["", /non-empty string/],
    [42, /non-empty string/],
    [host, /is not <tenant host>\/attack-protection\/captcha/],
    [`${host}${getPhoneTemplates.path}`, /is not <tenant host>\/attack-protection\/captcha/],
    [`${host}${getCaptcha.path}/`, /is not <tenant host>/],
    [`https://${host}${getCaptcha.path}`, /must not have a scheme/],
    [getCaptcha.path, /is not <tenant host>/],
    [
      `other.example.com${getCaptcha.path}`,
      /names the tenant other\.example\.com, but this resource manages the tenant my-tenant/,
    ],
  ])("refuses %j", (id, reason) => {
    expect(importIdProblem(id, getCaptcha.path, host)).toMatch(reason);
  });

  it("gives the path an id names, a path parameter included", () => {
    expect(importIdPath(`${host}${getCaptcha.path}`, getCaptcha.path, host)).toEqual({
      path: getCaptcha.path,
    });
    expect(
      importIdPath(`${host}/branding/phone/templates/tem_1a2B`, getPhoneNotificationTemplate.path, host),
    ).toEqual({ path: "/branding/phone/templates/tem_1a2B" });
  });

  it.each([
    [`${host}/branding/phone/templates`],
    [`${host}/branding/phone/templates/`],
    [`${host}/branding/phone/templates/tem_1/try`],
    [`${host}/branding/phone/templates/tem 1`],
  ])("refuses %j for a phone notification template, naming the pattern", (id) => {
    expect(importIdProblem(id, getPhoneNotificationTemplate.path, host)).toMatch(
      /is not <tenant host>\/branding\/phone\/templates\/\{id\}/,
    );
  });

  it("gives a one-line reason for any string", () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        const problem = importIdProblem(id, getCaptcha.path, host);
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
