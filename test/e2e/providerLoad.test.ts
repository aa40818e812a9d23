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

describe("what the dynamic-provider process loads for a preview", () => {
  it("loads one file of the package and one of each package it uses for check and diff, none from node_modules; zod starts at the first check", async () => {
    const load = await measureProviderLoad(ROOT);

    // dist/provider/index.js is the bundle scripts/bundle-provider.js writes, the package's modules in one
    // file; zod and liquidjs are one file each in dist/vendor/ (scripts/bundle-vendor.js), and axios is not
    // read at all by a check that sends nothing. None of them is looked up in node_modules.
    expect(load.packages).toEqual([]);
    expect(load.ownModules).toEqual(["provider/index.js"]);
    expect(load.vendored).toEqual(["liquidjs", "zod"]);
    // Each module in the bundle still runs at its first use: zod with the first check's schema.
    expect(load.zodStarted).toEqual({ atRequire: false, afterCheck: true });
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
    // jose stays in node_modules, unread: only private_key_jwt signing loads it.
    expect(load.packages).toEqual([]);
    expect(load.vendored).toEqual(["axios", "liquidjs", "zod"]);
    const routes = emulator.requestLog.map((entry) => `${entry.method} ${entry.path}`);
    expect(routes[0]).toBe(`POST ${AUTH_PATHS.token}`);
    expect(routes.filter((route) => route === `POST ${AUTH_PATHS.token}`)).toHaveLength(1);
    expect(routes.filter((route) => route === routeOf(getTenantSettings))).toHaveLength(1);
  });
});

describe("what a program loads when it imports the package", () => {
  it("loads no other package until it uses one: liquidjs comes with the first template it renders", async () => {
    const load = await measureProgramLoad(ROOT);

    expect(load.packages).toEqual([]);
    expect(load.vendored).toEqual([]);
    // One file, dist/vendor/liquidjs.js, rather than node_modules/liquidjs.
    expect(load.packagesAfterRender).toEqual([]);
    expect(load.vendoredAfterRender).toEqual(["liquidjs"]);
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
        ["-e", 'require("@pulumi/pulumi"); require("pulumi-tenant-admin/provider")'],
        {
          cwd: ROOT,
          env: { ...process.env, NODE_COMPILE_CACHE: cacheDir, NODE_DEBUG_NATIVE: "COMPILE_CACHE" },
        },
      );
      const entryOf = (file: string) =>
        stderr.split("\n").find((line) => line.includes("reading cache from") && line.includes(`${file}...`));
      expect(entryOf(join(ROOT, "node_modules/@pulumi/pulumi/index.js"))).toMatch(/success/);
      expect(entryOf(join(ROOT, "dist/provider/index.js"))).toMatch(/no such file/);
    });
  },
);
