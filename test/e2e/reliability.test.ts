import { readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

import type { Fault, FaultRoute, RequestLogEntry } from "../../src/emulator";
import { STATE_FILE_NAME } from "../../src/emulator";
import { getCaptcha, patchCaptcha } from "../../src/resources/captchaConfig/api";
import { getPhoneTemplates, putPhoneTemplates } from "../../src/resources/phoneTemplates/api";
import { getTenantSettings } from "../../src/resources/tenantSettings/api";
import { AUTH_PATHS, routeOf } from "../../src/wire";
import type { CliProcess } from "../unit/emulator/cliProcess";
import { waitFor } from "../unit/emulator/support";
import { spawnCli } from "../unit/emulator/cliProcess";
import type { Secrets } from "../support/secrets";
import { expectNoSecrets } from "../support/secrets";
import { describeWithEngine } from "./support/engine";
import { LEGACY_PHONE_TENANT_SETTINGS } from "../../scripts/support/namedTenant";
import type { TestStack } from "../../scripts/support/stack";
import { createTestStack } from "../../scripts/support/stack";
import type { TenantStack } from "./support/tenantStack";
import { createTenantStack, printedFailure } from "./support/tenantStack";

const TOKEN = `POST ${AUTH_PATHS.token}` as const;
const SETTINGS = routeOf(getTenantSettings);
const GET_CAPTCHA = routeOf(getCaptcha);
const PATCH_CAPTCHA = routeOf(patchCaptcha);
const GET_TEMPLATES = routeOf(getPhoneTemplates);
const PUT_TEMPLATES = routeOf(putPhoneTemplates);

const secrets = {
  hcaptchaSecret: "hc-secret-reliability-4e8a1c77",
  recaptchaEnterpriseApiKey: "re-api-key-reliability-93d0b6f2",
  clientSecret: "client-secret-reliability-0c5f2a9d8e",
} satisfies Secrets;

const enrollment = (n: number) => `{{code}} enrolls your phone (v${n})`;

/** The statuses the emulator answered on `route`, in order (0: the connection was reset). */
function statuses(log: readonly RequestLogEntry[], route: string): number[] {
  return log.filter((entry) => `${entry.method} ${entry.path}` === route).map((entry) => entry.status);
}

type Recorded = Record<string, unknown>;

/** The inputs and outputs `pulumi stack export` records for the CaptchaConfig and the PhoneTemplates. */
async function exportedResources(
  harness: TestStack,
): Promise<Record<"captcha" | "templates", { inputs: Recorded; outputs: Recorded }>> {
  const exported = JSON.parse(await harness.exportState()) as {
    deployment: { resources: { type: string; inputs?: Recorded; outputs?: Recorded }[] };
  };
  const find = (type: string) => {
    const resource = exported.deployment.resources.find((candidate) => candidate.type === type);
    if (resource === undefined) throw new Error(`no ${type} in the exported state`);
    return { inputs: resource.inputs ?? {}, outputs: resource.outputs ?? {} };
  };
  return {
    captcha: find("pulumi-nodejs:dynamic/tenant-admin:CaptchaConfig"),
    templates: find("pulumi-nodejs:dynamic/tenant-admin:PhoneTemplates"),
  };
}

describeWithEngine(
  "reliability: intermittent faults, slow and malformed responses, on the real engine",
  () => {
    let tenant: TenantStack;
    const logLines: string[] = [];
    /** Every failure the engine reported in this suite, for the secrets check. */
    const failures: string[] = [];

    function inject(faults: readonly [FaultRoute, Fault, number][]): void {
      for (const [route, fault, count] of faults) tenant.emulator.injectFault(route, fault, count);
    }

    beforeAll(async () => {
      tenant = await createTenantStack({
        phone: "legacy",
        emulator: { clientSecret: secrets.clientSecret, log: (line) => logLines.push(line) },
      });
      await tenant.configure({
        activeProviderId: { value: "hcaptcha" },
        hcaptchaSiteKey: { value: "site-key-1" },
        hcaptchaSecret: { value: secrets.hcaptchaSecret, secret: true },
        recaptchaEnterpriseSiteKey: { value: "re-site-key" },
        recaptchaEnterpriseApiKey: { value: secrets.recaptchaEnterpriseApiKey, secret: true },
        recaptchaEnterpriseProjectId: { value: "re-project" },
        enrollmentMessage: { value: enrollment(1) },
        verificationMessage: { value: "{{code}} is your code" },
        settingsFields: { value: "friendlyName" },
      });
    });

    /** Whether a test set `tenant-admin:timeoutSeconds`, which the next must not inherit. */
    let timeoutConfigured = false;

    // Each test starts from the suite's configuration, wherever the one before stopped.
    beforeEach(async () => {
      tenant.emulator.clearFaults();
      if (timeoutConfigured) await tenant.unconfigure("tenant-admin:timeoutSeconds");
      timeoutConfigured = false;
    });

    afterAll(async () => {
      await tenant?.dispose();
    });

    it("retries 5xx answers and connection resets on the token endpoint, the settings read and both writes, and completes", async () => {
      inject([
        [TOKEN, { kind: "serverError", status: 503 }, 1],
        [TOKEN, { kind: "connectionReset" }, 1],
        [SETTINGS, { kind: "serverError", status: 502 }, 1],
        [SETTINGS, { kind: "connectionReset" }, 1],
        [PATCH_CAPTCHA, { kind: "serverError", status: 500 }, 1],
        [PATCH_CAPTCHA, { kind: "connectionReset" }, 1],
        [PATCH_CAPTCHA, { kind: "serverError", status: 503 }, 1],
        [PUT_TEMPLATES, { kind: "serverError", status: 502 }, 1],
        [PUT_TEMPLATES, { kind: "connectionReset" }, 1],
      ]);
      tenant.emulator.clearRequestLog();

      const outputs = await tenant.harness.up();

      const log = tenant.emulator.requestLog;
      // Two processes fetch a token (the program for the settings read, the provider for the writes); the
      // two injected token faults fall on whichever asks first, so only the multiset is fixed.
      expect(statuses(log, TOKEN).sort()).toEqual([0, 200, 200, 503]);
      expect(statuses(log, SETTINGS)).toEqual([502, 0, 200]);
      expect(statuses(log, PATCH_CAPTCHA)).toEqual([500, 0, 503, 200]);
      expect(statuses(log, PUT_TEMPLATES)).toEqual([502, 0, 200]);
      // Each create first reads its object afresh (is it as a new tenant has it, or someone's?).
      expect(statuses(log, GET_CAPTCHA)).toEqual([200]);
      expect(statuses(log, GET_TEMPLATES)).toEqual([200]);
      expect(log).toHaveLength(16);
      expect(outputs.settings?.value).toEqual({ friendlyName: "My Company" });
      expect(tenant.data.captchaWithSecrets()).toMatchObject({
        active_provider_id: "hcaptcha",
        hcaptcha: { site_key: "site-key-1", secret: secrets.hcaptchaSecret },
        recaptcha_enterprise: { api_key: secrets.recaptchaEnterpriseApiKey },
      });
      expect(tenant.data.phoneTemplates().enrollment_message).toBe(enrollment(1));
    });

    it("retries 5xx answers and connection resets of the reads of a refresh, and writes nothing", async () => {
      inject([
        [TOKEN, { kind: "connectionReset" }, 1],
        [GET_CAPTCHA, { kind: "serverError", status: 500 }, 1],
        [GET_CAPTCHA, { kind: "connectionReset" }, 1],
        [GET_TEMPLATES, { kind: "serverError", status: 503 }, 1],
        [GET_TEMPLATES, { kind: "serverError", status: 502 }, 1],
      ]);
      tenant.emulator.clearRequestLog();

      await tenant.harness.refresh();

      const log = tenant.emulator.requestLog;
      expect(statuses(log, TOKEN)).toEqual([0, 200]);
      expect(statuses(log, GET_CAPTCHA)).toEqual([500, 0, 200]);
      expect(statuses(log, GET_TEMPLATES)).toEqual([503, 502, 200]);
      expect(log).toHaveLength(8);
      const { captcha, templates } = await exportedResources(tenant.harness);
      expect(captcha.outputs.hcaptcha).toMatchObject({ siteKey: "site-key-1" });
      expect(templates.outputs.enrollmentMessage).toBe(enrollment(1));
    });

    it("gives up on responses slower than tenant-admin:timeoutSeconds with an error naming the operation, and a rerun converges", async () => {
      await tenant.configure({
        "tenant-admin:timeoutSeconds": { value: "1" },
        hcaptchaSiteKey: { value: "site-key-slow" },
      });
      timeoutConfigured = true;
      // Every attempt (1 + 4 retries) is answered after 3 s, long after the 1 s timeout.
      inject([[PATCH_CAPTCHA, { kind: "delay", ms: 3000 }, 5]]);
      tenant.emulator.clearRequestLog();

      const printed = await printedFailure(tenant.harness, () => tenant.harness.up());
      failures.push(printed);

      expect(printed).toMatch(
        /PATCH \/attack-protection\/captcha failed: timed out after 1 s \(host 127\.0\.0\.1:\d+, 5 attempts\)/,
      );
      // A timed-out request still takes effect (as on a slow real server), answered to a client that has gone:
      // the five land before the rerun.
      await waitFor(() => statuses(tenant.emulator.requestLog, PATCH_CAPTCHA).length === 5);

      await tenant.unconfigure("tenant-admin:timeoutSeconds");
      timeoutConfigured = false;
      await tenant.harness.up();
      expect(tenant.data.captcha()?.hcaptcha).toEqual({ site_key: "site-key-slow" });
      expect((await exportedResources(tenant.harness)).captcha.outputs.hcaptcha).toMatchObject({
        siteKey: "site-key-slow",
      });
    });

    it("fails clearly on a 200 that is not JSON or has the wrong shape, and records no success in state", async () => {
      // What the state held before, whatever the tests before left.
      const before = await exportedResources(tenant.harness);
      await tenant.configure({
        hcaptchaSiteKey: { value: "site-key-malformed" },
        enrollmentMessage: { value: enrollment(2) },
      });
      inject([
        [PATCH_CAPTCHA, { kind: "malformedBody", variant: "non-json" }, 1],
        [PUT_TEMPLATES, { kind: "malformedBody", variant: "wrong-shape" }, 1],
      ]);

      // Both writes must be attempted: without continueOnError the engine skips the one it has not started
      // when the other fails, and which one goes first depends on the machine's load.
      const printed = await printedFailure(tenant.harness, () =>
        tenant.harness.up({ continueOnError: true }),
      );
      failures.push(printed);

      expect(printed).toContain(
        "PATCH /attack-protection/captcha returned 200 with a body that is not JSON (content-type application/json; charset=utf-8)",
      );
      expect(printed).toContain(
        "PUT /guardian/factors/phone/templates returned 200 with a body that does not match the expected shape",
      );
      // The resources keep what the tenant last confirmed, inputs and outputs alike.
      const state = await exportedResources(tenant.harness);
      const siteKey = (recorded: Recorded) =>
        (recorded.hcaptcha as { siteKey?: unknown } | undefined)?.siteKey;
      expect(siteKey(before.captcha.outputs)).not.toBe("site-key-malformed");
      expect(before.templates.outputs.enrollmentMessage).not.toBe(enrollment(2));
      for (const part of ["inputs", "outputs"] as const) {
        expect(siteKey(state.captcha[part])).toBe(siteKey(before.captcha[part]));
        expect(state.templates[part].enrollmentMessage).toBe(before.templates[part].enrollmentMessage);
      }

      tenant.emulator.clearFaults();
      tenant.emulator.clearRequestLog();
      await tenant.harness.up();
      expect(statuses(tenant.emulator.requestLog, PATCH_CAPTCHA)).toEqual([200]);
      expect(statuses(tenant.emulator.requestLog, PUT_TEMPLATES)).toEqual([200]);
      expect(tenant.data.captcha()?.hcaptcha).toEqual({ site_key: "site-key-malformed" });
      expect(tenant.data.phoneTemplates().enrollment_message).toBe(enrollment(2));
    });

    it("keeps every secret and access token out of the state, the engine's output, the errors and the emulator's log", async () => {
      expect(failures).toHaveLength(2);
      expectNoSecrets(await tenant.harness.exportState(), secrets, "pulumi stack export");
      expectNoSecrets(tenant.harness.output.join("\n"), secrets, "the engine's output");
      for (const [index, failure] of failures.entries())
        expectNoSecrets(failure, secrets, `failure ${index + 1}`);
      expect(logLines.length).toBeGreaterThan(30);
      expectNoSecrets(logLines.join("\n"), secrets, "the emulator's log lines");
    });
  },
);

/** A TCP port that was free a moment ago, for an emulator that must come back on the same port. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What the data file (format 2: documents by API path) holds of the two objects. */
interface SavedState {
  captcha: { hcaptcha?: { site_key: string; secret: string } } | undefined;
  phoneTemplates: { enrollment_message: string } | undefined;
}

describeWithEngine("reliability: the emulator killed during pulumi up", () => {
  const crashSecrets = {
    hcaptchaSecret: "hc-secret-crash-71b3e0a2",
    clientSecret: "client-secret-crash-5a0d93c4e1",
  } satisfies Secrets;
  const clientId = "crash-test-client-id";
  let dataDir: string;
  let settingsFile: string;
  let port: number;
  let harness: TestStack;
  let emulator: CliProcess | undefined;

  const start = async () => {
    emulator = await spawnCli([
      ...["--data-dir", dataDir, "--port", String(port), "--settings", settingsFile],
      ...["--client-id", clientId, "--client-secret", crashSecrets.clientSecret],
    ]);
    return emulator;
  };
  const saved = (): SavedState => {
    const { documents } = JSON.parse(readFileSync(join(dataDir, STATE_FILE_NAME), "utf8")) as {
      documents: Record<string, unknown>;
    };
    return {
      captcha: documents[getCaptcha.path] as SavedState["captcha"],
      phoneTemplates: documents[getPhoneTemplates.path] as SavedState["phoneTemplates"],
    };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "tenant-admin-crash-"));
    // A tenant of the legacy phone set-up, whose MFA messages PhoneTemplates writes.
    settingsFile = join(await mkdtemp(join(tmpdir(), "tenant-admin-crash-settings-")), "settings.json");
    writeFileSync(settingsFile, JSON.stringify(LEGACY_PHONE_TENANT_SETTINGS));
    port = await freePort();
    harness = await createTestStack({
      programDir: "test/e2e/programs/ordered",
      env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
      config: {
        "tenant-admin:domain": { value: `http://127.0.0.1:${port}` },
        "tenant-admin:clientId": { value: clientId },
        "tenant-admin:clientSecret": { value: crashSecrets.clientSecret, secret: true },
        "e2e:hcaptchaSiteKey": { value: "site-key-crash" },
        "e2e:hcaptchaSecret": { value: crashSecrets.hcaptchaSecret, secret: true },
        "e2e:enrollmentMessage": { value: "{{code}} after the crash" },
      },
    });
  });

  afterAll(async () => {
    emulator?.child.kill("SIGKILL");
    await harness?.dispose();
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
    if (settingsFile !== undefined) await rm(dirname(settingsFile), { recursive: true, force: true });
  });

  it("loses nothing the emulator acknowledged, and a rerun after a restart on the same data converges", async () => {
    const first = await start();
    // SIGKILL as soon as the first write is acknowledged: the emulator logs a request after saving it.
    const killed = new Promise<void>((resolve) => {
      first.child.stderr.on("data", () => {
        if (/^PATCH \/api\/v2\/attack-protection\/captcha 200/m.test(first.stderr())) {
          first.child.kill("SIGKILL");
          resolve();
        }
      });
    });

    const printed = await printedFailure(harness, () => harness.up());
    await killed;
    expect((await first.exited).signal).toBe("SIGKILL");
    expect(printed).toMatch(
      // PhoneTemplates' create reads the templates before it writes them (are they someone's?).
      /(PATCH \/attack-protection\/captcha|(GET|PUT) \/guardian\/factors\/phone\/templates) failed: connection (refused|reset)/,
    );
    // The acknowledged PATCH is in the data file, whole.
    expect(saved().captcha?.hcaptcha).toEqual({
      site_key: "site-key-crash",
      secret: crashSecrets.hcaptchaSecret,
    });

    const second = await start();
    await harness.up();
    expect(saved()).toMatchObject({
      captcha: { hcaptcha: { site_key: "site-key-crash", secret: crashSecrets.hcaptchaSecret } },
      phoneTemplates: { enrollment_message: "{{code}} after the crash" },
    });
    expect(second.stderr()).toMatch(/^PUT \/api\/v2\/guardian\/factors\/phone\/templates 200/m);

    expectNoSecrets(printed, crashSecrets, "the failed up");
    expectNoSecrets(harness.output.join("\n"), crashSecrets, "the engine's output");
    expectNoSecrets(await harness.exportState(), crashSecrets, "pulumi stack export");
    expectNoSecrets(first.stderr() + second.stderr(), crashSecrets, "the emulator's log lines");
    second.child.kill("SIGTERM");
    await second.exited;
    emulator = undefined;
  });
});
