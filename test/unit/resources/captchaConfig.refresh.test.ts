import { startEmulator } from "../../../src/emulator";
import type { TenantEmulator } from "../../../src/emulator";
import { getCaptcha } from "../../../src/resources/captchaConfig/api";
import { createCaptchaConfigProvider as createProvider } from "./support";
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

  it("keeps a block the program no longer declares in the outputs of a later update, and refreshes without inputs", async () => {
    const provider = createProvider(emulatorContext(emulator));
    const created = await provider.create({ activeProviderId: "auth_challenge", hcaptcha });
    // The inputs of the unchanged step that dropped the block are the program's; then a real change.
    const news = { activeProviderId: "auth_challenge", authChallenge: { failOpen: true } };
    const checked = await provider.check({ activeProviderId: "auth_challenge", domain: emulator.url }, news);
    const updated = await provider.update(created.id, created.outs, checked.inputs);

    expect(checked.inputs).not.toHaveProperty("hcaptcha");
    expect(updated.outs).toMatchObject({ authChallenge: { failOpen: true }, hcaptcha });
    expect(emulator.tenant.read(getCaptcha.path)).toMatchObject({ hcaptcha: { site_key: hcaptcha.siteKey } });
    expect(await provider.read(created.id, updated.outs)).toEqual({ id: created.id, props: updated.outs });
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
    // Drift: the refreshed settings become the inputs of later diffs, so it shows against the program.
    expect(read.inputs).toMatchObject({ hcaptcha: { siteKey: "changed-out-of-band" } });
  });
});
