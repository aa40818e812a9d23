import { describeWithEngine } from "./support/engine";
import { changedCount } from "../../scripts/support/stack";
import type { TenantStack } from "./support/tenantStack";
import { createTenantStack, failureOf } from "./support/tenantStack";

const secret = "hc-secret-truth-0c9d44";
const templates = {
  enrollmentMessage: { value: "{{code}} enrolls (preview truth)" },
  verificationMessage: { value: "{{code}} verifies (preview truth)" },
};
const captcha = {
  activeProviderId: { value: "hcaptcha" },
  hcaptchaSiteKey: { value: "site-key-truth" },
  hcaptchaSecret: { value: secret, secret: true },
  authChallengeFailOpen: { value: "false" },
};

const writes = (tenant: TenantStack) => tenant.calls().filter((call) => /^(PATCH|PUT)/.test(call));
const captchaReads = (tenant: TenantStack) =>
  tenant.calls().filter((call) => call === "GET /api/v2/attack-protection/captcha");

describeWithEngine("preview fails before anything is written when up would fail", () => {
  const stacks: TenantStack[] = [];
  afterAll(async () => {
    await Promise.all(stacks.map((tenant) => tenant.dispose()));
  });

  it("names a client that is not global, at preview, with nothing written", async () => {
    const tenant = await createTenantStack({ phone: "legacy" });
    stacks.push(tenant);
    await tenant.configure({
      "tenant-admin:clientId": { value: tenant.emulator.nonGlobalClient.clientId },
      "tenant-admin:clientSecret": { value: tenant.emulator.nonGlobalClient.clientSecret, secret: true },
      ...captcha,
      ...templates,
    });
    tenant.emulator.clearRequestLog();
    const printed = await failureOf(tenant, "preview");
    expect(printed).toContain(
      `CaptchaConfig cannot be written: ${tenant.emulator.url}: GET /attack-protection/captcha failed: 401`,
    );
    expect(printed).toContain("Client is not global");
    expect(printed).toContain("Nothing was written.");
    expect(writes(tenant)).toEqual([]);
    // One read; its 401 is retried once with a fresh token, as every call's is.
    expect(captchaReads(tenant)).toHaveLength(2);
    expect(printed).not.toContain(secret);
    expect(printed).not.toContain(tenant.emulator.nonGlobalClient.clientSecret);
    expect(printed).not.toMatch(/at .*\/dist\/|PromiseRejectionHandledWarning/);
  });

  it("names a plan without bot detection, at preview, with nothing written", async () => {
    const tenant = await createTenantStack({ phone: "legacy", emulator: { botDetection: false } });
    stacks.push(tenant);
    await tenant.configure({ ...captcha, ...templates });
    tenant.emulator.clearRequestLog();
    const printed = await failureOf(tenant, "preview");
    expect(printed).toContain(
      "403 insufficient_entitlement: Please upgrade your subscription to use bot detection. " +
        "The tenant's plan does not include bot detection.",
    );
    expect(writes(tenant)).toEqual([]);
    expect(captchaReads(tenant)).toHaveLength(1);
  });

  it("names the missing scope and the client, from the token, without a request beyond the token", async () => {
    const tenant = await createTenantStack({ phone: "legacy" });
    stacks.push(tenant);
    const token = await tenant.emulator.issueToken({
      scopes: ["read:attack_protection", "update:attack_protection", "read:guardian_factors"],
    });
    await tenant.configure({ "tenant-admin:apiToken": { value: token, secret: true }, ...templates });
    tenant.emulator.clearRequestLog();
    const printed = await failureOf(tenant, "preview");
    expect(printed).toContain(
      `PhoneTemplates cannot be written to ${tenant.emulator.url}: the token of the client ` +
        `${tenant.emulator.clientId} lacks the scope update:guardian_factors.`,
    );
    expect(printed).toContain("Run tenant-admin doctor to list every scope each resource needs.");
    expect(tenant.calls()).toEqual([]);
    expect(printed).not.toContain(token);
  });
});

describeWithEngine("a token that may only write", () => {
  let tenant: TenantStack;
  afterAll(async () => {
    await tenant?.dispose();
  });

  it("refuses a create at preview naming the read scopes it needs (it reads the object first), from the token alone", async () => {
    tenant = await createTenantStack({ phone: "legacy" });
    const token = await tenant.emulator.issueToken({
      scopes: ["update:attack_protection", "update:guardian_factors"],
    });
    await tenant.configure({
      "tenant-admin:apiToken": { value: token, secret: true },
      ...captcha,
      ...templates,
    });
    tenant.emulator.clearRequestLog();

    const printed = await failureOf(tenant, "preview");

    // The engine stops at the first resource whose check fails: either one names its read scope.
    expect(printed).toMatch(
      new RegExp(
        `(CaptchaConfig|PhoneTemplates) cannot be written to ${tenant.emulator.url.replace(/[.]/g, "\\.")}: ` +
          `the token of the client ${tenant.emulator.clientId} lacks the scope ` +
          "read:(attack_protection|guardian_factors) \\(a create reads the object first, to tell whether " +
          "someone else configured it\\)\\.",
      ),
    );
    expect(writes(tenant)).toEqual([]);
    expect(printed).not.toContain(token);
  });
});

describeWithEngine("what preview says is what up does", () => {
  let tenant: TenantStack;

  beforeAll(async () => {
    tenant = await createTenantStack({ phone: "legacy" });
    await tenant.configure({ ...captcha, ...templates });
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  it("checks a planned create with one token and one CAPTCHA read, then up writes", async () => {
    tenant.emulator.clearRequestLog();
    const { changes } = await tenant.harness.preview();
    expect(changes).toMatchObject({ create: 3 }); // the stack and its two resources
    // The write checks fetch the token, probe the CAPTCHA configuration, and read the tenant's phone
    // generation (phone_consolidated_experience) for the phone templates; the phone templates' preview takes
    // the tenant's friendly name from that same read (docs/templates.md). Each create reads its object, to
    // tell whether someone configured it (the CAPTCHA read serves the probe too). Nothing is written.
    expect([...tenant.calls()].sort()).toEqual([
      "GET /api/v2/attack-protection/captcha",
      "GET /api/v2/guardian/factors/phone/templates",
      "GET /api/v2/tenants/settings",
      "POST /oauth/token",
    ]);
    await tenant.harness.up();
  });

  it("sends nothing for a preview without changes", async () => {
    tenant.emulator.clearRequestLog();
    const { changes } = await tenant.harness.preview();
    expect(changedCount(changes)).toBe(0);
    expect(tenant.calls()).toEqual([]);
  });

  it("sees rotated credentials for the same tenant as no change, and writes nothing", async () => {
    const token = await tenant.emulator.issueToken();
    await tenant.configure({ "tenant-admin:apiToken": { value: token, secret: true } });
    tenant.emulator.clearRequestLog();
    const { changes } = await tenant.harness.preview();
    expect(changedCount(changes)).toBe(0);
    await tenant.harness.up();
    expect(writes(tenant)).toEqual([]);
    await tenant.unconfigure("tenant-admin:apiToken");
  });

  it("does not show the removal of a provider block that up cannot perform; the tenant and the state keep it, secret still secret", async () => {
    await tenant.configure({ activeProviderId: { value: "auth_challenge" } });
    await tenant.unconfigure("hcaptchaSiteKey", "hcaptchaSecret");
    const { changes, stdout } = await tenant.harness.preview();
    expect(changes).toMatchObject({ update: 1 });
    expect(stdout).toMatch(/activeProviderId\s*:\s*"hcaptcha"\s*=>\s*"auth_challenge"/);
    expect(stdout).not.toMatch(/-\s*hcaptcha/);
    // The block stays in the inputs unchanged (its secret still secret): no removal is shown.
    expect(stdout).toMatch(/hcaptcha\s*: \{\s*secret\s*: \[secret\]\s*siteKey: "site-key-truth"\s*\}/);

    await tenant.harness.up();
    expect(tenant.data.captchaWithSecrets()).toMatchObject({
      active_provider_id: "auth_challenge",
      hcaptcha: { site_key: "site-key-truth", secret },
    });
    const state = await tenant.harness.exportState();
    expect(state).not.toContain(secret);
    expect(tenant.harness.output.join("\n")).not.toContain(secret);
  });
});
