import { execFile } from "node:child_process";
import { promisify } from "node:util";

import type { RequestLogEntry, TenantEmulator } from "../../src/emulator";
import { startEmulator } from "../../src/emulator";
import { getCaptcha } from "../../src/resources/captchaConfig/api";
import { phoneNotificationTemplateEndpoints } from "../../src/resources/phoneNotificationTemplate/api";
import { getPhoneTemplates } from "../../src/resources/phoneTemplates/api";
import { getTenantSettings } from "../../src/resources/tenantSettings/api";
import { AUTH_PATHS, routeOf } from "../../src/wire";
import { projectName, tenantEnv } from "../../scripts/support/programs";
import type { TestStack } from "../../scripts/support/stack";
import { changedCount, createTestStack } from "../../scripts/support/stack";
import { describeWithEngine } from "./support/engine";
import { tenantData } from "./support/tenantData";
import type { TenantStack } from "./support/tenantStack";
import { bothResourcesConfig, createTenantStack } from "./support/tenantStack";

const execFileAsync = promisify(execFile);

const TOKEN = `POST ${AUTH_PATHS.token}`;
const GET_CAPTCHA = routeOf(getCaptcha);
const GET_TEMPLATES = routeOf(getPhoneTemplates);
const GET_SETTINGS = routeOf(getTenantSettings);
const LIST_TEMPLATES = routeOf(phoneNotificationTemplateEndpoints.list);

/** The types of the tenant's phone notification templates, sorted. */
function tenantTemplates(emulator: TenantEmulator): string[] {
  return tenantData(emulator)
    .notificationTemplates()
    .map((template) => template.type)
    .sort();
}

function routes(log: readonly RequestLogEntry[]): string[] {
  return log.map((entry) => `${entry.method} ${entry.path}`).sort();
}

describeWithEngine("round trips to the tenant per lifecycle step", () => {
  let tenant: TenantStack;

  beforeAll(async () => {
    tenant = await createTenantStack({ phone: "legacy" });
    await tenant.configure({
      ...bothResourcesConfig("round-trip"),
      settingsFields: { value: "friendlyName" },
    });
    await tenant.harness.up();
  });

  afterAll(async () => {
    await tenant?.dispose();
  });

  beforeEach(() => {
    tenant.emulator.clearRequestLog();
  });

  it("makes no request for a preview without changes but the settings read (a token and one GET)", async () => {
    const { changes } = await tenant.harness.preview();

    expect(changedCount(changes)).toBe(0);
    expect(routes(tenant.emulator.requestLog)).toEqual([GET_SETTINGS, TOKEN].sort());
  });

  it("reads each resource once on refresh: one token and one GET per resource", async () => {
    await tenant.harness.refresh();

    const provider = tenant.emulator.requestLog.filter(
      (entry) => `${entry.method} ${entry.path}` !== GET_SETTINGS,
    );
    expect(routes(provider).filter((route) => route !== TOKEN)).toEqual([GET_CAPTCHA, GET_TEMPLATES].sort());
    expect(routes(provider).filter((route) => route === TOKEN).length).toBeLessThanOrEqual(1);
  });

  it("reads each resource once on `pulumi refresh --yes` as a user types it (preview included)", async () => {
    const { stack } = tenant.harness;
    const envVars = (stack.workspace as unknown as { envVars: Record<string, string> }).envVars;
    await execFileAsync("pulumi", ["refresh", "--yes", "--stack", stack.name], {
      cwd: tenant.harness.workDir,
      env: { ...process.env, ...envVars },
    });

    const provider = tenant.emulator.requestLog.filter(
      (entry) => `${entry.method} ${entry.path}` !== GET_SETTINGS,
    );
    expect(routes(provider).filter((route) => route !== TOKEN)).toEqual([GET_CAPTCHA, GET_TEMPLATES].sort());
    expect(routes(provider).filter((route) => route === TOKEN).length).toBeLessThanOrEqual(1);
  });

  it("sends one process's requests over one keep-alive connection", async () => {
    await tenant.harness.refresh();

    const requests = tenant.emulator.requestLog.length;
    expect(requests).toBeGreaterThanOrEqual(3);
    // The program (settings) and the provider (token and reads) are two processes: two connections at most.
    expect(tenant.emulator.connectionsOpened).toBeLessThanOrEqual(2);
  });
});

describeWithEngine(
  "round trips of a preview that creates examples/basic (a CAPTCHA and two templates)",
  () => {
    const project = projectName("Pulumi.yaml");
    let emulator: TenantEmulator;
    let harness: TestStack;

    beforeAll(async () => {
      emulator = await startEmulator({ rateLimit: false });
      harness = await createTestStack({
        programDir: "examples/basic",
        projectName: project,
        stackName: "round-trips",
        env: tenantEnv(emulator),
        config: {
          [`${project}:hcaptchaSiteKey`]: { value: "site-key-round-trips" },
          [`${project}:hcaptchaSecret`]: { value: "hc-round-trips-secret", secret: true },
        },
      });
    });

    afterAll(async () => {
      await harness?.dispose();
      await emulator?.close();
    });

    it("sends one token request and one read of each object per process: the templates share the list and settings reads", async () => {
      emulator.clearRequestLog();
      const { changes } = await harness.preview();

      expect(changes["create"]).toBe(4);
      // Two processes, each on its own keep-alive connection: the program (getTenantSettingsOutput) and the
      // provider (the write checks, the SMS previews' friendly name).
      const byConnection = new Map<number, string[]>();
      for (const entry of emulator.requestLog) {
        byConnection.set(entry.connection, [
          ...(byConnection.get(entry.connection) ?? []),
          `${entry.method} ${entry.path}`,
        ]);
      }
      const provider = [...byConnection.values()].find((routes) => routes.includes(GET_CAPTCHA));
      // The provider's reads, once each: the write check's CAPTCHA probe, the template list that tells whether
      // a template of the type is already someone's (shared by both templates), the settings for the SMS previews.
      expect(provider?.sort()).toEqual([GET_CAPTCHA, LIST_TEMPLATES, GET_SETTINGS, TOKEN].sort());
      expect(routes(emulator.requestLog)).toEqual(
        [GET_CAPTCHA, LIST_TEMPLATES, GET_SETTINGS, GET_SETTINGS, TOKEN, TOKEN].sort(),
      );
    });

    it("up lists the templates once for both creates, and reads nothing twice", async () => {
      emulator.clearRequestLog();
      await harness.up();

      const reads = emulator.requestLog.filter((entry) => entry.method === "GET").map((entry) => entry.path);
      expect(reads.filter((path) => `GET ${path}` === LIST_TEMPLATES)).toHaveLength(1);
      // The settings twice: the program's read, and the SMS previews' in the provider; nothing else twice.
      expect(reads.filter((path) => `GET ${path}` !== GET_SETTINGS).sort()).toEqual(
        [...new Set(reads.filter((path) => `GET ${path}` !== GET_SETTINGS))].sort(),
      );
      expect(tenantTemplates(emulator)).toEqual(["otp_enroll", "otp_verify"]);
    });
  },
);
