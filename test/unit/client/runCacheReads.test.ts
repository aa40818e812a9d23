import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { RunCache } from "../../../src/client/runCache";
import { getCaptcha, patchCaptcha } from "../../../src/resources/captchaConfig/api";
import { getPhoneTemplates } from "../../../src/resources/phoneTemplates/api";
import { getTenantSettings } from "../../../src/resources/tenantSettings/api";
import { ROUTES, startHarness } from "./support/harness";
import type { Harness } from "./support/harness";

let harness: Harness;
let root: string;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(async () => {
  harness.reset();
  root = await mkdtemp(join(tmpdir(), "run-cache-reads-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Two clients of one pulumi command (its preview and real passes run in two processes): one cache. */
function passesOfOneCommand(): [ReturnType<Harness["client"]>, ReturnType<Harness["client"]>] {
  const cache = () => new RunCache("4242:99", join(root, "cache"));
  return [harness.client({}, { runCache: cache() }), harness.client({}, { runCache: cache() })];
}

const reads = (route: string) => harness.requests().filter((line) => line.startsWith(`${route} `));

describe("reads shared by the passes of one pulumi command", () => {
  it("serves the second pass's reads from the first's, without asking the tenant or fetching a token", async () => {
    const [preview, real] = passesOfOneCommand();
    const first = await preview.client.send(getCaptcha);
    const templates = await preview.client.send(getPhoneTemplates);
    harness.reset();

    await expect(real.client.send(getCaptcha)).resolves.toEqual(first);
    await expect(real.client.send(getPhoneTemplates)).resolves.toEqual(templates);
    expect(harness.requests()).toEqual([]);
  });

  it("reads again after a write to the same object", async () => {
    const [preview, real] = passesOfOneCommand();
    await preview.client.send(getCaptcha);
    await real.client.send(patchCaptcha, { body: { active_provider_id: "auth_challenge" } });
    harness.reset();

    const after = await real.client.send(getCaptcha);
    expect(after.active_provider_id).toBe("auth_challenge");
    expect(reads(ROUTES.getCaptcha)).toHaveLength(1);
  });

  it("does not cache the settings a program reads", async () => {
    const [preview, real] = passesOfOneCommand();
    await preview.client.send(getTenantSettings);
    harness.reset();

    await real.client.send(getTenantSettings);
    expect(reads(ROUTES.getSettings)).toHaveLength(1);
  });

  it("never writes a read that carries a secret to disk, and reads it again", async () => {
    const body = JSON.stringify({
      active_provider_id: "hcaptcha",
      hcaptcha: { site_key: "site", secret: "returned-secret-4e1f" },
    });
    harness.emulator.injectFault(ROUTES.getCaptcha, { kind: "malformedBody", body });
    const [preview, real] = passesOfOneCommand();
    await preview.client.send(getCaptcha);
    const files = await readdir(join(root, "cache")).catch(() => [] as string[]);
    for (const file of files) {
      expect(await readFile(join(root, "cache", file), "utf8")).not.toContain("returned-secret-4e1f");
    }
    harness.reset();

    await real.client.send(getCaptcha);
    expect(reads(ROUTES.getCaptcha)).toHaveLength(1);
  });
});
