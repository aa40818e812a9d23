import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { getCaptcha } from "../../../src/resources/captchaConfig/api";
import { createProvider } from "../../../src/resources/captchaConfig/provider";
import { emulatorContext } from "./support";

const hcaptcha = { siteKey: "site-key-1", secret: "hcaptcha-secret-value" };

describe("CaptchaConfig refresh on a tenant that returns every provider block", () => {
  let emulator: TenantEmulator;

  beforeEach(async () => {
    emulator = await startEmulator({ rateLimit: false });
  });
  afterEach(() => emulator.close());

  it('reads a declared block the tenant never configured (site_key "") as absent, so refresh shows it', async () => {
    expect(emulator.tenant.read(getCaptcha.path)).toMatchObject({ hcaptcha: { site_key: "" } });
    const provider = createProvider(emulatorContext(emulator));
    const state = { activeProviderId: "auth_challenge", hcaptcha, domain: emulator.domain };
    const read = await provider.read(getCaptcha.path, state);
    expect(read.props).not.toHaveProperty("hcaptcha");
    expect(read.props).toMatchObject({ activeProviderId: "auth_challenge" });
  });

  it("reads a configured block field for field, its secret from state", async () => {
    const provider = createProvider(emulatorContext(emulator));
    const created = await provider.create({ activeProviderId: "hcaptcha", hcaptcha });
    await emulator.tenant.write("PATCH", getCaptcha.path, {
      hcaptcha: { site_key: "changed-out-of-band", secret: "other-secret-value" },
    });
    const read = await provider.read(created.id, created.outs);
    expect(read.props).toMatchObject({
      activeProviderId: "hcaptcha",
      hcaptcha: { siteKey: "changed-out-of-band", secret: hcaptcha.secret },
    });
  });
});
