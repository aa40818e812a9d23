import { getCaptcha, patchCaptcha } from "../../../src/resources/captchaConfig/api";
import { getTenantSettings } from "../../../src/resources/tenantSettings/api";
import { ROUTES, caught, startHarness } from "./support/harness";
import type { Harness } from "./support/harness";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => harness.reset());

const reads = () => harness.requests().filter((request) => !request.startsWith(ROUTES.token));
const FRIENDLY_NAME = { fields: "friendly_name", include_fields: "true" };

describe("ManagementClient.readOnce", () => {
  it("sends one GET for calls made at once and after, and hands each the same answer", async () => {
    const { client } = harness.client();

    const [first, second] = await Promise.all([
      client.readOnce(getTenantSettings, { query: FRIENDLY_NAME }),
      client.readOnce(getTenantSettings, { query: { include_fields: "true", fields: "friendly_name" } }),
    ]);
    const third = await client.readOnce(getTenantSettings, { query: FRIENDLY_NAME });

    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(reads()).toEqual([`${ROUTES.getSettings} 200`]);
  });

  it("reads again for another query or another path", async () => {
    const { client } = harness.client();

    await client.readOnce(getTenantSettings, { query: FRIENDLY_NAME });
    await client.readOnce(getTenantSettings, { query: { fields: "support_email", include_fields: "true" } });
    await client.readOnce(getCaptcha);

    expect(reads()).toEqual([
      `${ROUTES.getSettings} 200`,
      `${ROUTES.getSettings} 200`,
      `${ROUTES.getCaptcha} 200`,
    ]);
  });

  it("keeps no failure: the next call asks again", async () => {
    const { client } = harness.client();
    harness.emulator.injectFault(ROUTES.getSettings, { kind: "serverError", status: 500 }, 5);

    const failure = await caught(() => client.readOnce(getTenantSettings, { query: FRIENDLY_NAME }));
    await client.readOnce(getTenantSettings, { query: FRIENDLY_NAME });

    expect(failure.message).toMatch(/^GET \/tenants\/settings failed: 500 /);
    expect(reads().filter((request) => request.endsWith(" 200"))).toEqual([`${ROUTES.getSettings} 200`]);
  });

  it("refuses a write", async () => {
    const { client } = harness.client();

    expect(() => client.readOnce(patchCaptcha as never)).toThrow(/^readOnce is for reads: PATCH/);
    expect(reads()).toEqual([]);
  });
});
