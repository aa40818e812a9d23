import { createCaptchaConfigProvider } from "./support";
import { configuredContext } from "./support";

const EU = "https://eu.example.com";
const tenants = JSON.stringify({
  eu: { domain: "eu.example.com", clientId: "eu-id", clientSecret: "eu-secret-value" },
  europe: { domain: "eu.example.com", clientId: "eu-id", clientSecret: "eu-secret-value" },
  us: { domain: "us.example.com", clientId: "us-id", clientSecret: "us-secret-value" },
});
const context = configuredContext({ "tenant-admin:tenants": tenants });
const captcha = createCaptchaConfigProvider(context);
const inputs = { activeProviderId: "auth_challenge" };

describe("a resource of a named tenant", () => {
  it("has no change while its name still addresses its domain", async () => {
    expect(
      await captcha.diff("id", { ...inputs, tenant: "eu", domain: EU }, { ...inputs, tenant: "eu" }),
    ).toMatchObject({ changes: false, replaces: [] });
  });

  it("is replaced when the name it now has addresses another domain", async () => {
    expect(
      await captcha.diff("id", { ...inputs, tenant: "eu", domain: EU }, { ...inputs, tenant: "us" }),
    ).toMatchObject({ changes: true, replaces: ["tenant"] });
  });

  it("is updated without writing to the tenant when renamed on the same domain, or named instead of spelled out", async () => {
    const spelledOut = { domain: "eu.example.com", clientId: "eu-id", clientSecret: "eu-secret-value" };
    for (const olds of [
      { ...inputs, tenant: "eu", domain: EU },
      { ...inputs, tenant: spelledOut, domain: EU },
    ]) {
      expect(await captcha.diff("id", olds, { ...inputs, tenant: "europe", domain: EU })).toMatchObject({
        changes: true,
        replaces: [],
      });
      // The tenant at 127.0.0.1:1 is not reachable: an update that wrote would fail.
      const { outs } = await captcha.update("id", olds, { ...inputs, tenant: "europe", domain: EU });
      expect(outs).toMatchObject({ tenant: "europe", domain: EU });
      expect(JSON.stringify(outs)).not.toContain("eu-secret-value");
    }
  });

  it("is left alone, with a warning, when its name now addresses another domain at delete", async () => {
    const moved = createCaptchaConfigProvider(
      configuredContext({
        "tenant-admin:tenants": JSON.stringify({ eu: { domain: "elsewhere.example.com", apiToken: "t" } }),
      }),
    );
    await expect(moved.delete("id", { ...inputs, tenant: "eu", domain: EU })).resolves.toBeUndefined();
  });
});
