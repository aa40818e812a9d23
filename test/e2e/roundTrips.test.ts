import { execFile } from "node:child_process";
import { promisify } from "node:util";

import type { RequestLogEntry } from "../../src/emulator";
import { getCaptcha } from "../../src/resources/captchaConfig/api";
import { getPhoneTemplates } from "../../src/resources/phoneTemplates/api";
import { getTenantSettings } from "../../src/resources/tenantSettings/api";
import { AUTH_PATHS, routeOf } from "../../src/wire";
import { changedCount } from "../../scripts/support/stack";
import { describeWithEngine } from "./support/engine";
import type { TenantStack } from "./support/tenantStack";
import { bothResourcesConfig, createTenantStack } from "./support/tenantStack";

const execFileAsync = promisify(execFile);

const TOKEN = `POST ${AUTH_PATHS.token}`;
const GET_CAPTCHA = routeOf(getCaptcha);
const GET_TEMPLATES = routeOf(getPhoneTemplates);
const GET_SETTINGS = routeOf(getTenantSettings);

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
