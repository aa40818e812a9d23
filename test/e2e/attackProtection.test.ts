/**
 * The attack-protection resources on the real engine against the emulator, beyond the example's lifecycle
 * (test/e2e/examples.test.ts): a plan without bot detection at preview and at refresh, adopting the tenant's
 * objects with `import`, `tenant-admin export`, and a refresh of a tenant holding what no program may declare.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

import { changedCount } from "../../scripts/support/stack";
import { tenantEnv } from "../../scripts/support/programs";
import { startEmulator } from "../../src/emulator";
import { namedTenant } from "../../scripts/support/namedTenant";
import { botDetectionDocument } from "../../src/resources/botDetection/api";
import { suspiciousIpThrottlingDocument } from "../../src/resources/suspiciousIpThrottling/api";
import { describeWithEngine } from "./support/engine";
import type { TenantStack } from "./support/tenantStack";
import { createTenantStack, failureOf } from "./support/tenantStack";

const PROGRAM = "test/e2e/programs/attack-protection";
const writes = (calls: string[]) => calls.filter((call) => /^(PATCH|PUT|POST \/api)/.test(call));

describeWithEngine("attack protection on a plan without bot detection", () => {
  let tenant: TenantStack;

  beforeAll(async () => {
    tenant = await createTenantStack({ programDir: PROGRAM, emulator: { botDetection: false } });
    await tenant.configure({
      botDetectionLevel: { value: "high" },
      allowlist: { value: "[]" },
      loginAttempts: { value: "50" },
    });
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  it("fails the preview before anything is written, naming the tenant, the object and the plan", async () => {
    tenant.emulator.clearRequestLog();
    const printed = await failureOf(tenant, "preview");

    expect(printed).toMatch(
      new RegExp(
        `BotDetection cannot be written: ${tenant.emulator.url.replace(/[.]/g, "\\.")}: GET \\S+ failed: 403 insufficient_entitlement`,
      ),
    );
    expect(printed).toMatch(/plan does not include bot detection/);
    expect(writes(tenant.calls())).toEqual([]);
  });
});

describeWithEngine("attack protection adopted, refreshed and exported", () => {
  let tenant: TenantStack;
  let host: string;

  beforeAll(async () => {
    tenant = await createTenantStack({ programDir: PROGRAM });
    host = new URL(tenant.emulator.domain).host;
    // What a team set up by hand in the dashboard.
    await tenant.emulator.tenant.write("PATCH", suspiciousIpThrottlingDocument.get.path, {
      allowlist: ["192.0.2.0/24", "2001:db8::/32"],
      stage: { "pre-login": { max_attempts: 40 } },
    });
    await tenant.emulator.tenant.write("PATCH", botDetectionDocument.get.path, {
      bot_detection_level: "low",
    });
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  it("adopts the tenant's objects with import, writing nothing, then has no changes", async () => {
    await tenant.configure({
      botDetectionLevel: { value: "low" },
      // The tenant's entries, in another order: the order is not a difference.
      allowlist: { value: JSON.stringify(["2001:db8::/32", "192.0.2.0/24"]) },
      loginAttempts: { value: "40" },
      botImportId: { value: `${host}${botDetectionDocument.get.path}` },
      suspiciousImportId: { value: `${host}${suspiciousIpThrottlingDocument.get.path}` },
    });
    tenant.emulator.clearRequestLog();

    const outputs = await tenant.harness.up();

    expect(writes(tenant.calls())).toEqual([]);
    expect(outputs["loginStage"]?.value).toEqual({ maxAttempts: 40 });
    await tenant.unconfigure("botImportId", "suspiciousImportId");
    const again = await tenant.harness.preview({ expectNoChanges: true });
    expect(changedCount(again.changes)).toBe(0);
  });

  it("leaves an undeclared member as the tenant has it: rate is not managed", async () => {
    await tenant.emulator.tenant.write("PATCH", suspiciousIpThrottlingDocument.get.path, {
      stage: { "pre-login": { rate: 100000 } },
    });

    const refreshed = await tenant.harness.preview({ refresh: true, expectNoChanges: true });
    expect(changedCount(refreshed.changes)).toBe(0);
  });

  it("says at refresh that the plan no longer includes bot detection", async () => {
    tenant.emulator.tenant.setPlan({ lacks: ["botDetection"] });
    try {
      const printed = await tenant.harness.refresh().then(
        () => "refresh succeeded",
        (error: unknown) => [...tenant.harness.output, String(error)].join("\n"),
      );
      expect(printed).toMatch(/insufficient_entitlement/);
      expect(printed).toMatch(/plan does not include bot detection/);
      expect(printed).toContain(tenant.emulator.url);
    } finally {
      tenant.emulator.tenant.setPlan({ lacks: [] });
    }
  });

  it("exports the four objects, and skips bot detection and CAPTCHA on a plan without bot detection", async () => {
    const root = mkdtempSync(join(tmpdir(), "tenant-admin-ap-export-"));
    const emulator = await startEmulator(namedTenant({ botDetection: false }));
    try {
      const cli = resolve(__dirname, "../../dist/cli/main.js");
      const run = await promisify(execFile)(process.execPath, [cli, "export", "--out", join(root, "out")], {
        env: { ...process.env, ...tenantEnv(emulator) },
      });
      expect(run.stdout).toContain("Skipped: bot detection policy: the tenant's plan does not include it");
      expect(run.stdout).toContain(
        "Skipped: CAPTCHA configuration: the tenant's plan does not include it (Please upgrade your " +
          "subscription to use bot detection)",
      );
      const program = readFileSync(join(root, "out", "index.ts"), "utf8");
      expect(program).toContain("new BruteForceProtection(");
      expect(program).toContain("new BreachedPasswordDetection(");
      expect(program).toContain("new SuspiciousIpThrottling(");
      expect(program).not.toContain("new BotDetection(");
    } finally {
      await emulator.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

/** The outputs `pulumi stack export` records for the resource of `type`. */
function outputsOf(state: string, type: string): Record<string, unknown> {
  const { deployment } = JSON.parse(state) as {
    deployment: { resources: { type: string; outputs?: Record<string, unknown> }[] };
  };
  const found = deployment.resources.find((resource) => resource.type.endsWith(`:${type}`));
  if (found?.outputs === undefined) throw new Error(`no ${type} in the stack's state`);
  return found.outputs;
}

describeWithEngine("a refresh of a tenant holding what no program may declare", () => {
  let tenant: TenantStack;
  // 150 entries, one of them a range with host bits set: more than a program may declare, and not as it may.
  const held = [
    "10.0.0.1/8",
    ...Array.from({ length: 149 }, (_, index) => `192.0.${index >> 8}.${index & 255}`),
  ];

  beforeAll(async () => {
    tenant = await createTenantStack({ programDir: PROGRAM });
    await tenant.configure({
      botDetectionLevel: { value: "low" },
      allowlist: { value: JSON.stringify(["192.0.2.0/24"]) },
      loginAttempts: { value: "40" },
    });
    await tenant.harness.up();
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  it("records the tenant's values in state, and the next up writes the declared ones", async () => {
    const suspicious = tenant.emulator.tenant.stored(suspiciousIpThrottlingDocument.get.path) as Record<
      string,
      unknown
    >;
    await tenant.emulator.tenant.seed(suspiciousIpThrottlingDocument.get.path, {
      ...suspicious,
      shields: ["tarpit"],
      allowlist: held,
      stage: { ...(suspicious["stage"] as object), "pre-login": { max_attempts: 5000, rate: 1 } },
    });
    const bot = tenant.emulator.tenant.stored(botDetectionDocument.get.path) as Record<string, unknown>;
    await tenant.emulator.tenant.seed(botDetectionDocument.get.path, {
      ...bot,
      bot_detection_level: "extreme",
    });

    await tenant.harness.refresh();

    const state = await tenant.harness.exportState();
    expect(outputsOf(state, "SuspiciousIpThrottling")).toMatchObject({
      allowlist: held,
      stage: { "pre-login": { maxAttempts: 5000 } },
    });
    expect(outputsOf(state, "BotDetection")).toMatchObject({ botDetectionLevel: "extreme" });

    tenant.emulator.clearRequestLog();
    await tenant.harness.up();

    expect(writes(tenant.calls()).sort()).toEqual([
      `PATCH /api/v2${botDetectionDocument.get.path}`,
      `PATCH /api/v2${suspiciousIpThrottlingDocument.get.path}`,
    ]);
    expect(tenant.emulator.tenant.read(suspiciousIpThrottlingDocument.get.path)).toMatchObject({
      allowlist: ["192.0.2.0/24"],
      stage: { "pre-login": { max_attempts: 40, rate: 1 } },
    });
    expect(tenant.emulator.tenant.read(botDetectionDocument.get.path)).toMatchObject({
      bot_detection_level: "low",
    });
  });
});

describeWithEngine("the read functions' output forms with dependsOn", () => {
  let tenant: TenantStack;

  beforeAll(async () => {
    tenant = await createTenantStack({ programDir: PROGRAM });
    await tenant.configure({
      botDetectionLevel: { value: "low" },
      allowlist: { value: "[]" },
      loginAttempts: { value: "50" },
      readAfterWrites: { value: "true" },
    });
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  it("read the tenant after the resources they depend on are written, so the next preview shows no change", async () => {
    const created = await tenant.harness.up();
    expect(created["levelReadAfter"]?.value).toBe("low");

    await tenant.configure({ botDetectionLevel: { value: "medium" } });
    const updated = await tenant.harness.up();
    expect(updated["levelReadAfter"]?.value).toBe("medium");
    // Read after the write, yet without failing: the settings read waited on a single resource.
    expect(Object.keys(updated)).toContain("nameReadAfter");

    const again = await tenant.harness.preview({ expectNoChanges: true });
    expect(changedCount(again.changes)).toBe(0);
    expect(again.stdout).not.toMatch(/levelReadAfter/);
  });
});
