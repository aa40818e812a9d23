import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

import type { TenantEmulator } from "../../src/emulator";
import { startEmulator } from "../../src/emulator";
import { getTenantSettings } from "../../src/resources/tenantSettings/api";
import { AUTH_PATHS, routeOf } from "../../src/wire";
import {
  measureCreatePreview,
  measureProgramLoad,
  measureProviderLoad,
} from "../../scripts/support/providerLoad";
import { projectName, tenantEnv } from "../../scripts/support/programs";
import type { TestStack } from "../../scripts/support/stack";
import { createTestStack } from "../../scripts/support/stack";
import { describeWithEngine } from "./support/engine";

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

describeWithEngine(
  "NODE_COMPILE_CACHE after a preview (what docs/performance.md says of each process)",
  () => {
    const project = projectName("Pulumi.yaml");
    const cacheDir = mkdtempSync(join(tmpdir(), "tenant-admin-compile-cache-"));
    let emulator: TenantEmulator;
    let harness: TestStack;

    beforeAll(async () => {
      emulator = await startEmulator({ rateLimit: false });
      harness = await createTestStack({
        programDir: "examples/basic",
        projectName: project,
        stackName: "compile-cache",
        env: { ...tenantEnv(emulator), NODE_COMPILE_CACHE: cacheDir },
        config: {
          [`${project}:hcaptchaSiteKey`]: { value: "site-key-cache" },
          [`${project}:hcaptchaSecret`]: { value: "hc-cache-secret", secret: true },
        },
      });
    });

    afterAll(async () => {
      await harness?.dispose();
      await emulator?.close();
      rmSync(cacheDir, { recursive: true, force: true });
    });

    it("holds the program's modules, and none that only the provider process loads: that process never writes it", async () => {
      await harness.preview();
      await harness.preview();

      // Node's own account of each module's entry, read before this process writes any.
      const { stderr } = await promisify(execFile)(
        process.execPath,
        ["-e", 'require("@pulumi/pulumi"); require("liquidjs"); require("pulumi-tenant-admin/provider")'],
        {
          cwd: ROOT,
          env: { ...process.env, NODE_COMPILE_CACHE: cacheDir, NODE_DEBUG_NATIVE: "COMPILE_CACHE" },
        },
      );
      const entryOf = (file: string) =>
        stderr.split("\n").find((line) => line.includes("reading cache from") && line.includes(`${file}...`));
      expect(entryOf(join(ROOT, "node_modules/@pulumi/pulumi/index.js"))).toMatch(/success/);
      expect(entryOf(join(ROOT, "node_modules/liquidjs/dist/liquid.node.js"))).toMatch(/no such file/);
      expect(entryOf(join(ROOT, "dist/provider/index.js"))).toMatch(/no such file/);
    });
  },
);
