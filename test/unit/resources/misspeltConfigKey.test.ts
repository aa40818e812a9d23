import { Config as DynamicProviderConfig } from "@pulumi/pulumi/cmd/dynamic-provider/config";

import { ProviderContext } from "../../../src/engine/providerContext";
import { createCaptchaConfigProvider as createProvider } from "./support";

/**
 * A provider configured as the engine's dynamic-provider host configures it: with the host's own `Config`
 * over every stack config value.
 */
function providerWithStackConfig(values: Record<string, string>) {
  const context = new ProviderContext({ env: {} });
  context.configure(new DynamicProviderConfig(values, "project"));
  return createProvider(context);
}

describe("a stack config key of the package's namespace that it does not read", () => {
  it("is named at preview with the key it most likely means, beside the missing client secret", async () => {
    const provider = providerWithStackConfig({
      "tenant-admin:domain": "t.example.com",
      "tenant-admin:clientId": "client-id",
      "tenant-admin:clientsecret": "secret-under-a-misspelt-key",
      "project:hcaptchaSiteKey": "site",
    });
    const { failures } = await provider.check({}, { activeProviderId: "auth_challenge" });
    expect(failures).toEqual([
      {
        property: "",
        reason: expect.stringMatching(
          /^No credentials for tenant t\.example\.com \(the stack config key tenant-admin:clientId is set, but no client secret or client assertion key\): .* The stack config key tenant-admin:clientsecret is not one the package reads; did you mean tenant-admin:clientSecret\?$/,
        ) as unknown,
      },
    ]);
    expect(JSON.stringify(failures)).not.toContain("secret-under-a-misspelt-key");
    expect(JSON.stringify(failures)).not.toContain("hcaptchaSiteKey");
  });
});
