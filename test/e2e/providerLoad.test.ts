import { resolve } from "node:path";

import { measureProviderLoad } from "../../scripts/support/providerLoad";

describe("what the dynamic-provider process loads for a preview", () => {
  it("loads zod, liquidjs and one schema per resource for check and diff: no axios, jose or emulator code", async () => {
    const load = await measureProviderLoad(resolve(__dirname, "../.."));

    expect(load.packages).toEqual(["liquidjs", "zod"]);
    expect(load.ownFiles).toBeLessThanOrEqual(20);
  });
});
