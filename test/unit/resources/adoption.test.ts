import fc from "fast-check";

import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { getCaptcha } from "../../../src/resources/captchaConfig/api";
import { createCaptchaConfigProvider } from "./support";
import { phoneNotificationTemplateEndpoints } from "../../../src/resources/phoneNotificationTemplate/api";
import { getPhoneTemplates } from "../../../src/resources/phoneTemplates/api";
import { differingPaths, importIdPath, withoutFields } from "../../../src/resources/tenantObject/adoption";
import { atPreview, emulatorContext } from "./support";

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
      importIdPath(
        `${host}/branding/phone/templates/tem_1a2B`,
        phoneNotificationTemplateEndpoints.get.path,
        host,
      ),
    ).toEqual({ path: "/branding/phone/templates/tem_1a2B" });
  });

  it.each([
    [`${host}/branding/phone/templates`],
    [`${host}/branding/phone/templates/`],
    [`${host}/branding/phone/templates/tem_1/try`],
    [`${host}/branding/phone/templates/tem 1`],
  ])("refuses %j for a phone notification template, naming the pattern", (id) => {
    expect(importIdProblem(id, phoneNotificationTemplateEndpoints.get.path, host)).toMatch(
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

describe("an import at preview", () => {
  let emulator: TenantEmulator;
  const declared = { activeProviderId: "auth_challenge", authChallenge: { failOpen: false } };
  const importId = () => `${new URL(emulator.url).host}${getCaptcha.path}`;

  beforeAll(async () => {
    emulator = await startEmulator({ rateLimit: false });
  });
  afterAll(() => emulator.close());

  it("fails on a tenant that refuses the read in one line naming the tenant, without a stack or the token", async () => {
    const token = await emulator.issueToken({ scopes: ["update:attack_protection"] });
    const provider = createCaptchaConfigProvider(
      emulatorContext(emulator, {
        "tenant-admin:apiToken": token,
        "tenant-admin:clientId": "",
        "tenant-admin:clientSecret": "",
      }),
    );
    const failure = await provider.check({}, atPreview({ ...declared, importId: importId() })).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toMatch(
      new RegExp(
        `^${emulator.url.replace(/[.]/g, "\\.")}: GET /attack-protection/captcha failed: 403 insufficient_scope: `,
      ),
    );
    // The dynamic-provider host prints a failed check as `${error}: ${error.stack}`: one line, no trace.
    expect(`${String(failure)}: ${failure?.stack}`).toBe(`tenant-admin: ${failure?.message}`);
    expect(failure?.message).not.toContain("\n");
    expect(failure?.message).not.toContain(token);
  });

  it("says when the tenant has no such object", async () => {
    const bare = await startEmulator({ rateLimit: false });
    try {
      await bare.tenant.remove(getCaptcha.path);
      const provider = createCaptchaConfigProvider(emulatorContext(bare));
      const id = `${new URL(bare.url).host}${getCaptcha.path}`;
      const result = await provider.check({}, atPreview({ ...declared, importId: id }));
      expect(result.failures).toEqual([
        { property: "importId", reason: "cannot import: the tenant has no CAPTCHA configuration there" },
      ]);
    } finally {
      await bare.close();
    }
  });
});
