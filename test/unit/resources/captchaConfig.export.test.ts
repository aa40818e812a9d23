/**
 * A real tenant's CAPTCHA GET returns every provider block, a never-configured one with an empty `site_key`:
 * the provider and `tenant-admin export` look only at the blocks the tenant has configured, and the export
 * asks for the secret of each of those, and of no other.
 */
import { resolveTenantConnection } from "../../../src/client/connection";
import { ManagementClient } from "../../../src/client/managementClient";
import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import type { CaptchaResponse } from "../../../src/resources/captchaConfig/api";
import { configuredBlocks, getCaptcha } from "../../../src/resources/captchaConfig/api";
import { objectExport } from "../../../src/resources/captchaConfig/export";
import type { TenantSettingsResponse } from "../../../src/resources/tenantSettings/api";

/** A never-configured tenant's answer, as a real one gives it. */
const HOST = "my-tenant.eu.example.com";
const NEVER_CONFIGURED: CaptchaResponse = JSON.parse(
  '{"active_provider_id":"auth_challenge","simple_captcha":{},"auth_challenge":{"fail_open":false},' +
    '"recaptcha_v2":{"site_key":""},"recaptcha_enterprise":{"site_key":"","project_id":""},' +
    '"hcaptcha":{"site_key":""},"friendly_captcha":{"site_key":""},' +
    '"arkose":{"site_key":"","client_subdomain":"client-api","verify_subdomain":"verify-api","fail_open":false}}',
) as CaptchaResponse;

const HEADER = [
  "// The CAPTCHA (bot detection) configuration: the providers the tenant has configured. The tenant never",
  "// returns secrets: each one is read from stack config (pulumi config set --secret <key>).",
];

describe("configuredBlocks", () => {
  it("drops every provider block a never-configured tenant returns with an empty site key", () => {
    expect(configuredBlocks(NEVER_CONFIGURED)).toEqual({
      active_provider_id: "auth_challenge",
      simple_captcha: {},
      auth_challenge: { fail_open: false },
    });
  });

  it("keeps a configured provider's block, and drops the others", () => {
    const configured = { ...NEVER_CONFIGURED, hcaptcha: { site_key: "site-h" } };
    expect(configuredBlocks(configured)).toEqual({
      active_provider_id: "auth_challenge",
      simple_captcha: {},
      auth_challenge: { fail_open: false },
      hcaptcha: { site_key: "site-h" },
    });
  });

  it("keeps arkose configured with its default subdomains, and drops it unconfigured despite them", () => {
    const arkose = { site_key: "site-a", client_subdomain: "client-api", verify_subdomain: "verify-api" };
    expect(configuredBlocks({ ...NEVER_CONFIGURED, arkose })).toHaveProperty("arkose", arkose);
    expect(configuredBlocks(NEVER_CONFIGURED)).not.toHaveProperty("arkose");
  });

  it("keeps members it does not know, and a provider block without a site key, for the caller to judge", () => {
    const answer = { ...NEVER_CONFIGURED, new_vendor: { site_key: "" }, hcaptcha: {} };
    expect(configuredBlocks(answer)).toMatchObject({ new_vendor: { site_key: "" }, hcaptcha: {} });
  });

  it("leaves the answer it is given as it was", () => {
    const answer = structuredClone(NEVER_CONFIGURED);
    configuredBlocks(answer);
    expect(answer).toEqual(NEVER_CONFIGURED);
  });
});

describe("the CAPTCHA export's declaration", () => {
  it("declares a never-configured tenant's active provider, authChallenge and simpleCaptcha, and asks no secret", () => {
    const { declarations, skipped } = objectExport.declare(NEVER_CONFIGURED, HOST);
    expect(skipped).toEqual([]);
    expect(declarations).toEqual([
      {
        imports: ["CaptchaConfig"],
        secrets: [],
        lines: [
          ...HEADER,
          [
            'new CaptchaConfig("captcha", {',
            '  activeProviderId: "auth_challenge",',
            "  authChallenge: {",
            "    failOpen: false,",
            "  },",
            "  simpleCaptcha: {},",
            "});",
          ].join("\n"),
        ],
      },
    ]);
  });

  it("asks exactly one secret for a configured hcaptcha, and none for the blocks never configured", () => {
    const answer = { ...NEVER_CONFIGURED, active_provider_id: "hcaptcha", hcaptcha: { site_key: "site-h" } };
    const { declarations, skipped } = objectExport.declare(answer, HOST);
    expect(skipped).toEqual([]);
    expect(declarations).toHaveLength(1);
    const [declaration] = declarations;
    expect(declaration?.secrets).toEqual([{ key: "hcaptchaSecret", description: "the hcaptcha secret" }]);
    const text = declaration?.lines.join("\n") ?? "";
    // Configured, so declared with the import option: the arguments one level deeper.
    expect(text).toContain(
      '    hcaptcha: {\n      siteKey: "site-h",\n      secret: config.requireSecret("hcaptchaSecret"),\n    },',
    );
    expect(text).toContain(`import: "${HOST}/attack-protection/captcha"`);
    expect(text).not.toMatch(/arkose|recaptcha|friendlyCaptcha/);
  });

  it("says why it declares nothing when the answer has no active provider", () => {
    const answer: CaptchaResponse = { ...NEVER_CONFIGURED };
    delete answer.active_provider_id;
    expect(objectExport.declare(answer, HOST)).toEqual({
      declarations: [],
      skipped: ["CAPTCHA configuration: the tenant returned no active_provider_id"],
    });
  });
});

describe("the CAPTCHA export's read", () => {
  let emulator: TenantEmulator;
  let client: ManagementClient;
  const settings: TenantSettingsResponse = {};

  beforeAll(async () => {
    emulator = await startEmulator({ rateLimit: false });
    const { url, clientId, clientSecret } = emulator;
    client = new ManagementClient(
      resolveTenantConnection({ config: { domain: url, clientId, clientSecret }, env: {} }),
    );
  });
  afterAll(() => emulator.close());

  it("reads a new tenant's configuration and declares it without any secret", async () => {
    const { snapshot, skipped } = await objectExport.read({ client, settings, phoneGeneration: "unified" });
    expect(skipped).toEqual([]);
    expect(snapshot).toEqual(NEVER_CONFIGURED);
    expect(objectExport.declare(snapshot as CaptchaResponse, HOST).declarations[0]?.secrets).toEqual([]);
  });

  it("skips a tenant without a CAPTCHA configuration, and says so", async () => {
    await emulator.tenant.remove(getCaptcha.path);
    try {
      expect(await objectExport.read({ client, settings, phoneGeneration: "unified" })).toEqual({
        skipped: ["CAPTCHA configuration: the tenant has none"],
      });
    } finally {
      await emulator.tenant.reset(getCaptcha.path);
    }
  });

  it("skips a tenant whose plan has no bot detection, and says so", async () => {
    emulator.tenant.setBotDetection(false);
    try {
      expect(await objectExport.read({ client, settings, phoneGeneration: "unified" })).toEqual({
        skipped: [
          "CAPTCHA configuration: the tenant's plan does not include it (Please upgrade your subscription to use bot detection)",
        ],
      });
    } finally {
      emulator.tenant.setBotDetection(true);
    }
  });
});
