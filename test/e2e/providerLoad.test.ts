import { resolve } from "node:path";

import type { TenantEmulator } from "../../src/emulator";
import { startEmulator } from "../../src/emulator";
import { getTenantSettings } from "../../src/resources/tenantSettings/api";
import { AUTH_PATHS, routeOf } from "../../src/wire";
import {
  measureCreatePreview,
  measureProgramLoad,
  measureProviderLoad,
} from "../../scripts/support/providerLoad";
import { tenantEnv } from "../../scripts/support/programs";

const ROOT = resolve(__dirname, "../..");

const heavy = (packages: readonly string[]) =>
  packages.filter((name) => ["axios", "jose", "liquidjs", "zod"].includes(name));

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

describe("what the dynamic-provider process loads and sends for a preview that creates", () => {
  let emulator: TenantEmulator;

  beforeAll(async () => {
    emulator = await startEmulator({ rateLimit: false });
  });
  afterAll(() => emulator?.close());

  it("sends the token request first, reads its scopes without jose, and the settings once for both templates", async () => {
    emulator.clearRequestLog();
    const load = await measureCreatePreview(ROOT, tenantEnv(emulator));

    expect(load.failures).toEqual([]);
    expect(heavy(load.packages)).toEqual(["axios", "liquidjs", "zod"]);
    // The token request goes out before the checks load what the inputs' rules need.
    expect(heavy(load.packagesAtFirstRequest)).toEqual(["axios"]);
    const routes = emulator.requestLog.map((entry) => `${entry.method} ${entry.path}`);
    expect(routes.filter((route) => route === `POST ${AUTH_PATHS.token}`)).toHaveLength(1);
    expect(routes.filter((route) => route === routeOf(getTenantSettings))).toHaveLength(1);
  });
});

describe("what a program loads when it imports the package", () => {
  it("loads no npm package until it uses one: liquidjs comes with the first template it renders", async () => {
    const load = await measureProgramLoad(ROOT);

    expect(load.packages).toEqual([]);
    expect(load.packagesAfterRender).toEqual(["liquidjs"]);
  });
});
