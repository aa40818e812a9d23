import fc from "fast-check";

import { toCamelDeep, toCamelKey, toSnakeDeep, toSnakeKey } from "../../../src/wire/casing";
import type { CamelCaseKey, CamelCased } from "../../../src/wire/casing";
import type { CaptchaResponse } from "../../../src/resources/captchaConfig/api";
import { TENANT_SETTINGS_VERBATIM_PATHS } from "../../../src/resources/tenantSettings/api";
import type { TenantSettingsResponse } from "../../../src/resources/tenantSettings/api";

const CAPTCHA_VERBATIM = ["simple_captcha"] as const;
const SETTINGS_VERBATIM = TENANT_SETTINGS_VERBATIM_PATHS;

describe("key conversion", () => {
  it.each([
    ["site_key", "siteKey"],
    ["recaptcha_v2", "recaptchaV2"],
    [
      "skip_non_verifiable_callback_uri_confirmation_prompt",
      "skipNonVerifiableCallbackUriConfirmationPrompt",
    ],
    ["a_b_c", "aBC"],
    ["per_1", "per_1"],
    ["_private", "_private"],
    ["a__b", "a__b"],
    ["trailing_", "trailing_"],
    ["already", "already"],
  ])("camelCases %j as %j and back", (snake, camel) => {
    expect(toCamelKey(snake)).toBe(camel);
    expect(toSnakeKey(camel)).toBe(snake);
  });

  it("agrees with the type-level CamelCaseKey", () => {
    const checks: [
      CamelCaseKey<"recaptcha_v2">,
      CamelCaseKey<"a__b">,
      CamelCaseKey<"_private">,
      CamelCaseKey<"a_b_c">,
    ] = ["recaptchaV2", "a__b", "_private", "aBC"];
    expect(checks.map((key) => key)).toEqual([
      toCamelKey("recaptcha_v2"),
      toCamelKey("a__b"),
      toCamelKey("_private"),
      toCamelKey("a_b_c"),
    ]);
  });
});

describe("toCamelDeep / toSnakeDeep", () => {
  const captchaWire = {
    active_provider_id: "recaptcha_v2",
    simple_captcha: { some_option: { nested_key: 1 }, "Weird-Key": true },
    auth_challenge: { fail_open: true },
    recaptcha_v2: { site_key: "k2" },
    recaptcha_enterprise: { site_key: "ke", project_id: "p" },
    arkose: { site_key: "ka", client_subdomain: "c", verify_subdomain: "v", fail_open: true },
    extra_field_added_later: { inner_value: 1 },
  } satisfies CaptchaResponse;

  it("camelCases field names but keeps the keys and values of simple_captcha verbatim", () => {
    const camel: CamelCased<CaptchaResponse> = toCamelDeep<CaptchaResponse>(captchaWire, CAPTCHA_VERBATIM);
    expect(camel).toEqual({
      activeProviderId: "recaptcha_v2",
      simpleCaptcha: { some_option: { nested_key: 1 }, "Weird-Key": true },
      authChallenge: { failOpen: true },
      recaptchaV2: { siteKey: "k2" },
      recaptchaEnterprise: { siteKey: "ke", projectId: "p" },
      arkose: { siteKey: "ka", clientSubdomain: "c", verifySubdomain: "v", failOpen: true },
      extraFieldAddedLater: { innerValue: 1 },
    });
    // Typed access to camelCased names compiles, and free-form maps keep their wire keys.
    expect(camel.recaptchaV2?.siteKey).toBe("k2");
    expect(camel.simpleCaptcha?.["some_option"]).toEqual({ nested_key: 1 });
  });

  it("converts camelCase back to the wire body, keeping simple_captcha verbatim", () => {
    const camel = toCamelDeep(captchaWire, CAPTCHA_VERBATIM);
    expect(toSnakeDeep(camel, CAPTCHA_VERBATIM)).toEqual(captchaWire);
  });

  it("keeps CSP directives inside policy arrays and reporting endpoints verbatim", () => {
    const wire = {
      security_headers: {
        content_security_policy: {
          enabled: true,
          policies: [
            {
              directives: { "default-src": ["'self'"], script_src: ["x"] },
              reporting: { report_uri: "https://r", report_to_group: "g" },
            },
          ],
          reporting_infrastructure: {
            report_to: { group: "g", max_age: 60, endpoints: [{ url: "https://e" }] },
            reporting_endpoints: { main_endpoint: "https://e", "csp-violations": "https://c" },
          },
        },
      },
    } satisfies TenantSettingsResponse;
    const camel = toCamelDeep<TenantSettingsResponse>(wire, SETTINGS_VERBATIM);
    const csp = camel.securityHeaders?.contentSecurityPolicy;
    expect(csp?.policies?.[0]?.directives).toEqual({ "default-src": ["'self'"], script_src: ["x"] });
    expect(csp?.policies?.[0]?.reporting).toEqual({ reportUri: "https://r", reportToGroup: "g" });
    expect(csp?.reportingInfrastructure?.reportTo?.maxAge).toBe(60);
    expect(csp?.reportingInfrastructure?.reportingEndpoints).toEqual({
      main_endpoint: "https://e",
      "csp-violations": "https://c",
    });
    expect(toSnakeDeep(camel, SETTINGS_VERBATIM)).toEqual(wire);
  });

  it("converts keys a verbatim path does not name, even free-form-looking ones", () => {
    expect(toCamelDeep({ simple_captcha: { a_b: 1 } })).toEqual({ simpleCaptcha: { aB: 1 } });
  });

  it("keeps arrays, null and primitives and does not mutate the input", () => {
    const input = { list_of: [1, "two_three", null, { inner_key: false }], nothing: null };
    const frozen = structuredClone(input);
    expect(toCamelDeep(input)).toEqual({
      listOf: [1, "two_three", null, { innerKey: false }],
      nothing: null,
    });
    expect(input).toEqual(frozen);
  });

  it("keeps a __proto__ key as a key instead of changing the prototype", () => {
    const input = JSON.parse(
      '{"simple_captcha": {"__proto__": {"polluted": true}}, "__proto__": {"x_y": 1}}',
    ) as unknown;
    const camel = toCamelDeep(input, CAPTCHA_VERBATIM) as Record<string, unknown>;
    expect(Object.getPrototypeOf(camel)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(camel, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });
});

describe("round trips (property-based)", () => {
  const snakeKey = fc.stringMatching(/^[a-z][a-z0-9]{0,6}(_[a-z0-9]{1,6}){0,4}$/);
  const anyKey = fc.string({ maxLength: 12 }).filter((key) => key !== "__proto__");
  const leaf = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.string({ maxLength: 8 }));

  const freeForm = fc.dictionary(anyKey, fc.oneof(leaf, fc.dictionary(anyKey, leaf, { maxKeys: 3 })), {
    maxKeys: 4,
  });
  const { tree } = fc.letrec<{ tree: unknown }>((recurse) => ({
    tree: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaf,
      fc.array(recurse("tree"), { maxLength: 3 }),
      fc.dictionary(snakeKey, recurse("tree"), { maxKeys: 4 }),
    ),
  }));

  it("snake_case keys survive snake → camel → snake", () => {
    fc.assert(
      fc.property(tree, (value) => {
        expect(toSnakeDeep(toCamelDeep(value))).toEqual(value);
      }),
    );
  });

  it("every snake_case key survives the key round trip", () => {
    fc.assert(fc.property(snakeKey, (key) => toSnakeKey(toCamelKey(key)) === key));
  });

  it("free-form maps at verbatim paths keep arbitrary keys both ways", () => {
    fc.assert(
      fc.property(fc.dictionary(snakeKey, tree, { maxKeys: 3 }), freeForm, (rest, simple) => {
        const wire = { ...rest, simple_captcha: simple };
        const camel = toCamelDeep(wire, CAPTCHA_VERBATIM) as Record<string, unknown>;
        expect(camel["simpleCaptcha"]).toEqual(simple);
        expect(toSnakeDeep(camel, CAPTCHA_VERBATIM)).toEqual(wire);
      }),
    );
  });
});
