import { resolve } from "node:path";

import { measureProgramLoad, measureProviderLoad } from "../../scripts/support/providerLoad";

const ROOT = resolve(__dirname, "../..");

describe("what the dynamic-provider process loads for a preview", () => {
  it("loads zod, liquidjs and one schema per resource for check and diff: no axios, jose or emulator code", async () => {
    const load = await measureProviderLoad(ROOT);

    expect(load.packages).toEqual(["liquidjs", "zod"]);
    expect(load.ownModules).toContain("resources/captchaConfig/provider.js");
    expect(load.ownModules).toContain("resources/phoneTemplates/provider.js");
    expect(
      load.ownModules.filter((file) =>
        /^(emulator|cli)\/|^client\/(http|managementClient|tokens)\.js$/.test(file),
      ),
    ).toEqual([]);
  });
});

describe("what a program loads when it imports the package", () => {
  it("loads no npm package until it uses one: liquidjs comes with the first template it renders", async () => {
    const load = await measureProgramLoad(ROOT);

    expect(load.packages).toEqual([]);
    expect(load.packagesAfterRender).toEqual(["liquidjs"]);
  });
});
