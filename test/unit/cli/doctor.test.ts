import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

import type { DoctorCheck, DoctorReport } from "../../../src/cli/doctor";
import { runDoctor } from "../../../src/cli/doctor";
import { formatDoctorReport } from "../../../src/cli/doctorReport";
import type { TenantEmulator } from "../../../src/emulator";
import { ALL_SCOPES } from "../../../src/resources/registry";
import { AUTH_PATHS } from "../../../src/wire/endpoint";
import {
  BRANDING_TEMPLATES_PATH,
  CAPTCHA_DOCUMENT,
  PHONE_TEMPLATES_DOCUMENT,
  call,
  startLegacyPhoneEmulator,
  startTestEmulator,
} from "../emulator/support";

/** Distinctive secrets: none may appear in any output. */
const CLIENT_SECRET = "doctor-client-secret-Qx7Zp2";
const CAPTCHA_SECRET = "doctor-captcha-secret-Vb9Lm4";

/** The built command; `npm test` builds before testing. */
const CLI_PATH = resolve(__dirname, "../../../dist/cli/main.js");

let emulator: TenantEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator({ clientSecret: CLIENT_SECRET });
});

afterAll(async () => {
  await emulator.close();
});

beforeEach(async () => {
  emulator.clearRequestLog();
  emulator.tenant.setBotDetection(true);
  await emulator.tenant.reset(CAPTCHA_DOCUMENT);
  await emulator.tenant.reset("/attack-protection/bot-detection");
});

/** The environment of a client-credentials connection to `tenant`. */
function envOf(tenant: TenantEmulator, secret = tenant.clientSecret): Record<string, string> {
  return { AUTH0_DOMAIN: tenant.domain, AUTH0_CLIENT_ID: tenant.clientId, AUTH0_CLIENT_SECRET: secret };
}

function check(report: DoctorReport, name: DoctorCheck["name"]): DoctorCheck {
  const found = report.checks.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no ${name} check`);
  return found;
}

function statuses(report: DoctorReport): Record<string, string> {
  return Object.fromEntries(report.checks.map(({ name, status }) => [name, status]));
}

/** Runs the built `tenant-admin` with `env` only. */
function runCli(
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  if (!existsSync(CLI_PATH))
    throw new Error(`${CLI_PATH} is missing: run \`npm run build\` before these tests`);
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI_PATH, ...args],
      { env: { PATH: process.env.PATH ?? "", ...env } },
      (error, stdout, stderr) => done({ code: error === null ? 0 : (error.code as number), stdout, stderr }),
    );
  });
}

describe("tenant-admin doctor", () => {
  it("passes every check on a healthy new tenant, sending the token request and one round of GETs", async () => {
    const report = await runDoctor({ env: envOf(emulator) });
    expect(report.ok).toBe(true);
    expect(statuses(report)).toEqual({
      connection: "ok",
      reachable: "ok",
      credentials: "ok",
      scopes: "ok",
      generation: "ok",
      plan: "ok",
      rateLimit: "ok",
      configured: "ok",
    });
    expect(check(report, "generation").summary).toBe(
      "the Unified Phone Experience: PhoneNotificationTemplate, PhoneProvider apply, PhoneTemplates, LegacyPhoneProvider do not",
    );
    expect(check(report, "configured").objects).toEqual([]);
    const log = emulator.requestLog;
    expect(log.filter((entry) => entry.method !== "GET").map((e) => `${e.method} ${e.path}`)).toEqual([
      `POST ${AUTH_PATHS.token}`,
    ]);
    const gets = log.filter((entry) => entry.method === "GET").map((entry) => entry.path);
    // One round: each object read once, all after the token.
    expect(new Set(gets).size).toBe(gets.length);
    // The settings, and each object's first read: CAPTCHA, both generations' phone templates, the phone
    // factor, both generations' senders and the four attack-protection documents.
    expect(gets).toHaveLength(11);
    expect(log[0]?.path).toBe(AUTH_PATHS.token);
  });

  it("names each missing scope with the resources it blocks, and fails", async () => {
    const limited = await startTestEmulator({
      grantedScopes: ALL_SCOPES.filter((scope) => scope !== "update:attack_protection"),
    });
    try {
      const report = await runDoctor({ env: envOf(limited) });
      expect(report.ok).toBe(false);
      const scopes = check(report, "scopes");
      expect(scopes.status).toBe("fail");
      expect(scopes.missingScopes).toEqual([
        {
          scope: "update:attack_protection",
          blocks: [
            "CaptchaConfig",
            "BotDetection",
            "BruteForceProtection",
            "BreachedPasswordDetection",
            "SuspiciousIpThrottling",
          ],
        },
      ]);
      expect(scopes.summary).toContain(
        `the client ${limited.clientId} lacks update:attack_protection (blocks CaptchaConfig,`,
      );
    } finally {
      await limited.close();
    }
  });

  it("reports a plan without bot detection, naming what it blocks, as a warning", async () => {
    emulator.tenant.setBotDetection(false);
    const report = await runDoctor({ env: envOf(emulator) });
    const plan = check(report, "plan");
    expect(plan.status).toBe("warn");
    expect(plan.summary).toBe(
      "the plan has no bot detection (GET /attack-protection/captcha answered 403 insufficient_entitlement): " +
        "CaptchaConfig and BotDetection cannot be used on this tenant",
    );
    expect(check(report, "configured").summary).toContain(
      "not read: CaptchaConfig (403 insufficient_entitlement)",
    );
    expect(report.ok).toBe(true);
  });

  it("tells a legacy tenant, where the phone templates need the guardian scopes and not the branding ones", async () => {
    const legacy = await startLegacyPhoneEmulator({
      grantedScopes: ALL_SCOPES.filter((scope) => !scope.endsWith(":phone_templates")),
    });
    try {
      const report = await runDoctor({ env: envOf(legacy) });
      expect(check(report, "generation").summary).toBe(
        "the legacy phone set-up: PhoneTemplates, LegacyPhoneProvider apply, PhoneNotificationTemplate, PhoneProvider do not",
      );
      expect(check(report, "scopes").status).toBe("ok");
      expect(report.ok).toBe(true);
      await legacy.tenant.write("PUT", PHONE_TEMPLATES_DOCUMENT, {
        enrollment_message: "{{code}} enrolls you",
        verification_message: "{{code}} verifies you",
      });
      const customized = await runDoctor({ env: envOf(legacy) });
      const host = new URL(legacy.url).host;
      expect(check(customized, "configured").objects).toEqual([
        expect.objectContaining({
          resource: "PhoneTemplates",
          differs: ["enrollmentMessage", "verificationMessage"],
          import: `${host}${PHONE_TEMPLATES_DOCUMENT}`,
        }),
      ]);
    } finally {
      await legacy.close();
    }
  });

  it("fails on a refused client secret, and skips what needs a token", async () => {
    const report = await runDoctor({ env: envOf(emulator, "not-the-secret-Kd3") });
    expect(report.ok).toBe(false);
    expect(check(report, "reachable").status).toBe("ok");
    const credentials = check(report, "credentials");
    expect(credentials.status).toBe("fail");
    expect(credentials.summary).toMatch(/^POST \/oauth\/token failed: 401 access_denied/);
    expect(check(report, "scopes").status).toBe("skipped");
    expect(emulator.requestLog.map((entry) => entry.method)).toEqual(["POST"]);
  });

  it("fails on an unreachable tenant, naming the reason", async () => {
    const report = await runDoctor({
      env: { AUTH0_DOMAIN: "http://127.0.0.1:1", AUTH0_CLIENT_ID: "id", AUTH0_CLIENT_SECRET: CLIENT_SECRET },
    });
    expect(check(report, "reachable")).toMatchObject({ status: "fail" });
    expect(check(report, "reachable").summary).toContain("connection refused");
    expect(report.ok).toBe(false);
  });

  it("names the CA option when the tenant's certificate is not trusted", async () => {
    const tls = await startTestEmulator({ tls: true });
    try {
      const report = await runDoctor({ env: envOf(tls) });
      expect(check(report, "reachable").status).toBe("fail");
      expect(check(report, "reachable").summary).toMatch(
        /the server's TLS certificate is not trusted \(\w+\); .*NODE_EXTRA_CA_CERTS=tenant-ca\.pem/,
      );
    } finally {
      await tls.close();
    }
  });

  it("reads the rate limit from the reads' headers", async () => {
    const limited = await startTestEmulator({ rateLimit: "free" });
    try {
      const report = await runDoctor({ env: envOf(limited) });
      expect(check(report, "rateLimit").summary).toMatch(
        /^limit 10, \d+ remaining \(X-RateLimit-Limit, X-RateLimit-Remaining\)$/,
      );
    } finally {
      await limited.close();
    }
    const unlimited = await runDoctor({ env: envOf(emulator) });
    expect(check(unlimited, "rateLimit").summary).toBe("the tenant sent no X-RateLimit headers");
  });

  it("fails when no credentials are set, in one line naming where to set them", async () => {
    const report = await runDoctor({ env: { AUTH0_DOMAIN: emulator.domain } });
    expect(check(report, "connection").status).toBe("fail");
    expect(check(report, "connection").summary).toContain("AUTH0_CLIENT_SECRET");
    expect(report.checks.filter((line) => line.status === "skipped")).toHaveLength(7);
  });

  it("accepts an API token, and fails an expired one", async () => {
    const token = await emulator.issueToken();
    const accepted = await runDoctor({ env: { AUTH0_DOMAIN: emulator.domain, AUTH0_API_TOKEN: token } });
    expect(check(accepted, "credentials").summary).toMatch(/^the API token was accepted, valid until /);
    expect(accepted.ok).toBe(true);
    const expired = await emulator.issueToken({ expiresInSeconds: -60 });
    const refused = await runDoctor({ env: { AUTH0_DOMAIN: emulator.domain, AUTH0_API_TOKEN: expired } });
    expect(check(refused, "credentials").status).toBe("fail");
    expect(refused.ok).toBe(false);
  });

  it("accepts a private_key_jwt client, and warns when this machine's clock is far from the tenant's", async () => {
    const key = emulator.clientAssertionKey?.privateKeyPem ?? "";
    const env = {
      AUTH0_DOMAIN: emulator.domain,
      AUTH0_CLIENT_ID: emulator.clientId,
      AUTH0_CLIENT_ASSERTION_PRIVATE_KEY: key,
    };
    const report = await runDoctor({ env });
    expect(check(report, "credentials")).toMatchObject({ status: "ok" });
    expect(check(report, "credentials").summary).toMatch(
      /^the client assertion \(private_key_jwt\) was accepted/,
    );
    const skewed = await runDoctor({ env, now: () => Date.now() + 300_000 });
    expect(check(skewed, "credentials").status).toBe("warn");
    expect(check(skewed, "credentials").summary).toMatch(
      /this machine's clock is 30\d s ahead of the tenant's/,
    );
    expect(JSON.stringify([report, skewed])).not.toContain("PRIVATE KEY");
  });

  it("fails for a client that is not the tenant's global client, naming CaptchaConfig", async () => {
    const { clientId, clientSecret } = emulator.nonGlobalClient;
    const report = await runDoctor({
      env: { AUTH0_DOMAIN: emulator.domain, AUTH0_CLIENT_ID: clientId, AUTH0_CLIENT_SECRET: clientSecret },
    });
    expect(check(report, "credentials")).toMatchObject({ status: "fail" });
    expect(check(report, "credentials").summary).toContain("not the tenant's global client");
    expect(report.ok).toBe(false);
  });

  it("lists what is already configured, each with the import value that adopts it", async () => {
    await emulator.tenant.write("PATCH", CAPTCHA_DOCUMENT, {
      active_provider_id: "hcaptcha",
      hcaptcha: { site_key: "site-key", secret: CAPTCHA_SECRET },
    });
    // A reordered allowlist of a new tenant's entries would be no change; these are new entries.
    await emulator.tenant.write("PATCH", "/attack-protection/bot-detection", { allowlist: ["10.0.0.1"] });
    const token = await emulator.issueToken();
    const created = await call(emulator, "POST", BRANDING_TEMPLATES_PATH, {
      token,
      json: { type: "otp_verify", content: { body: { text: "{{ code }} is yours" } } },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const host = new URL(emulator.url).host;
    await call(emulator, "PUT", "/api/v2/guardian/factors/sms", { token, json: { enabled: true } });
    const sender = await call(emulator, "POST", "/api/v2/branding/phone/providers", {
      token,
      json: { name: "custom", configuration: { delivery_methods: ["text"] }, credentials: {} },
    });
    const senderId = (sender.body as { id: string }).id;
    try {
      const report = await runDoctor({ env: envOf(emulator) });
      expect(
        check(report, "configured").objects?.map(({ resource, differs, import: adopt }) => ({
          resource,
          differs,
          adopt,
        })),
      ).toEqual([
        {
          resource: "CaptchaConfig",
          differs: ["activeProviderId", "hcaptcha"],
          adopt: `${host}${CAPTCHA_DOCUMENT}`,
        },
        {
          resource: "PhoneNotificationTemplate",
          differs: ["otp_verify"],
          adopt: `${host}/branding/phone/templates/${id}`,
        },
        { resource: "PhoneMfa", differs: ["enabled"], adopt: `${host}/guardian/factors/sms` },
        {
          resource: "PhoneProvider",
          differs: [senderId],
          adopt: `${host}/branding/phone/providers/${senderId}`,
        },
        {
          resource: "BotDetection",
          differs: ["allowlist"],
          adopt: `${host}/attack-protection/bot-detection`,
        },
      ]);
      expect(formatDoctorReport(report)).toContain(
        `- CaptchaConfig: differs from a new tenant's in activeProviderId "hcaptcha", hcaptcha; import "${host}${CAPTCHA_DOCUMENT}"`,
      );
      expect(report.ok).toBe(true);
    } finally {
      await call(emulator, "DELETE", `${BRANDING_TEMPLATES_PATH}/${id}`, { token });
      await call(emulator, "DELETE", `/api/v2/branding/phone/providers/${senderId}`, { token });
      await call(emulator, "PUT", "/api/v2/guardian/factors/sms", { token, json: { enabled: false } });
    }
  });

  it("prints no secret: not the client secret, a CAPTCHA secret, nor a token", async () => {
    await emulator.tenant.write("PATCH", CAPTCHA_DOCUMENT, {
      active_provider_id: "hcaptcha",
      hcaptcha: { site_key: "site-key", secret: CAPTCHA_SECRET },
    });
    const reports = [
      await runDoctor({ env: envOf(emulator) }),
      await runDoctor({ env: envOf(emulator, `${CLIENT_SECRET}-wrong`) }),
    ];
    const printed = reports.map((report) => formatDoctorReport(report) + JSON.stringify(report)).join("\n");
    expect(printed).not.toContain(CLIENT_SECRET);
    expect(printed).not.toContain(CAPTCHA_SECRET);
    expect(printed).not.toMatch(/eyJ[\w-]+\./);
  });

  it("reads the connection from a stack's config when given --stack, as the provider does", async () => {
    const asked: string[][] = [];
    const config = {
      "tenant-admin:domain": { value: emulator.domain, secret: false },
      "tenant-admin:clientId": { value: emulator.clientId, secret: false },
      "tenant-admin:clientSecret": { value: CLIENT_SECRET, secret: true },
      "aws:region": { value: "eu-west-1", secret: false },
    };
    const report = await runDoctor({
      stack: "dev",
      env: { AUTH0_CLIENT_SECRET: "the environment's, overridden by the stack config" },
      runPulumi: (args) => {
        asked.push([...args]);
        return Promise.resolve(JSON.stringify(config));
      },
    });
    expect(asked).toEqual([["config", "--json", "--show-secrets", "--stack", "dev"]]);
    expect(check(report, "connection").summary).toBe(
      `${emulator.domain} (tenant-admin:domain), with the client secret of client ${emulator.clientId} (tenant-admin:clientSecret)`,
    );
    expect(report.ok).toBe(true);
  });

  it("checks a named tenant of the stack's tenant-admin:tenants with its settings alone", async () => {
    // As `pulumi config --json --show-secrets` (CLI v3.259.0) prints a map set with `--path`, one secret in it.
    const tenants = {
      eu: { domain: emulator.domain, clientId: emulator.clientId, clientSecret: CLIENT_SECRET },
    };
    const config = {
      "tenant-admin:domain": { value: "another-tenant.example.com", secret: false },
      "tenant-admin:tenants": { value: JSON.stringify(tenants), objectValue: tenants, secret: true },
    };
    const runPulumi = () => Promise.resolve(JSON.stringify(config));
    const env = { AUTH0_CLIENT_SECRET: "the environment's, never used for a named tenant" };
    const report = await runDoctor({ stack: "prod", tenant: "eu", env, runPulumi });
    expect(check(report, "connection").summary).toBe(
      `${emulator.domain} (tenant-admin:tenants.eu.domain), with the client secret of client ${emulator.clientId} ` +
        "(tenant-admin:tenants.eu.clientSecret)",
    );
    expect(report.ok).toBe(true);

    const unknown = await runDoctor({ stack: "prod", tenant: "us", env, runPulumi });
    expect(check(unknown, "connection")).toEqual({
      name: "connection",
      status: "fail",
      summary: expect.stringContaining(
        'The tenant "us" is not in the stack config key tenant-admin:tenants (known: eu)',
      ),
    });
    expect(JSON.stringify(unknown)).not.toContain(CLIENT_SECRET);
  });

  it("names the stack's tenants when its top-level settings make no connection", async () => {
    const tenants = { eu: { domain: emulator.domain }, us: { domain: "us.example.com" } };
    const config = {
      "tenant-admin:tenants": { value: JSON.stringify(tenants), objectValue: tenants, secret: false },
    };
    const report = await runDoctor({
      stack: "prod",
      env: {},
      runPulumi: () => Promise.resolve(JSON.stringify(config)),
    });
    expect(check(report, "connection").status).toBe("fail");
    expect(check(report, "connection").summary).toMatch(
      /^No tenant domain: .* The stack names tenants in tenant-admin:tenants \(eu, us\): check one with --tenant NAME\.$/,
    );
    // Without a stack, the environment alone: no map to name.
    expect(check(await runDoctor({ env: {} }), "connection").summary).not.toContain("--tenant");
  });

  it("prints the same report as one JSON document with --json, and exits 0 or 1 as the checks say", async () => {
    const healthy = await runCli(["doctor", "--json"], envOf(emulator));
    expect(healthy.code).toBe(0);
    const parsed = JSON.parse(healthy.stdout) as DoctorReport;
    expect(parsed.ok).toBe(true);
    expect(parsed.checks.map((line) => line.name)).toEqual([
      "connection",
      "reachable",
      "credentials",
      "scopes",
      "generation",
      "plan",
      "rateLimit",
      "configured",
    ]);
    const refused = await runCli(["doctor"], envOf(emulator, "wrong-secret-Hh8"));
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/^FAIL {2}credentials {2}POST \/oauth\/token failed: 401/m);
  });

  it.each([
    [["doctor", "--out", "x"], /doctor takes no --out/],
    [["doctor", "--stack", ""], /--stack needs a NAME/],
    [["export", "--out", "x", "--json"], /export takes no --json/],
  ])("exits 2 on the usage error %j", async (args, reason) => {
    const run = await runCli(args, {});
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(reason);
  });
});
