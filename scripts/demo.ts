/**
 * `npm start`: runs the root Pulumi program (examples/basic) on the local stack `dev`, through the real
 * Pulumi CLI, against a local emulator of the tenant management API whose state is kept in
 * `.emulator-data/`. It then prints the stack outputs, and shows with `pulumi preview --expect-no-changes`
 * that the tenant is as declared. A second run changes nothing.
 *
 * A real tenant instead of the emulator: set the stack config key `tenant-admin:domain` or the environment
 * variable `AUTH0_DOMAIN` (with credentials in `tenant-admin:clientId`/`clientSecret` or `AUTH0_CLIENT_ID`/
 * `AUTH0_CLIENT_SECRET`), and your own hCaptcha keys in the stack config. See README.md.
 *
 * Environment: `TENANT_ADMIN_DEMO_PORT` (the emulator's port, default 4466; the stack records the tenant's
 * URL, so keep it the same from run to run). Runs under scripts/with-toolchain.sh, which puts the Pulumi CLI
 * on PATH and sets the local backend (`.pulumi-local/`) and passphrase.
 */
import type { ChildProcess, StdioOptions } from "node:child_process";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join, relative, resolve } from "node:path";

import type { TenantEmulator } from "../src/emulator";
import { startEmulator } from "../src/emulator";
import { namedTenant } from "./support/namedTenant";

const ROOT = resolve(__dirname, "..");
const PROJECT = "tenant-admin-demo";
const STACK = "dev";
const DATA_DIR = join(ROOT, ".emulator-data");
const DEFAULT_PORT = 4466;
const PORT_ENV = "TENANT_ADMIN_DEMO_PORT";
/** hCaptcha's public test site key: a placeholder that only makes sense against the emulator. */
const TEST_SITE_KEY = "10000000-ffff-ffff-ffff-000000000001";
const SITE_KEY = `${PROJECT}:hcaptchaSiteKey`;
const SECRET_KEY = `${PROJECT}:hcaptchaSecret`;

/** A failure with a message that stands alone; printed without a stack trace. */
class DemoError extends Error {
  override readonly name = "DemoError";
}

/** `pulumi config --json`: values of plain keys; secret keys carry `secret: true` and no value. */
type StackConfig = Record<string, { value?: unknown; secret?: boolean }>;

/** The outputs examples/basic exports. */
const EXPECTED_OUTPUTS = ["tenantDomain", "activeCaptchaProvider", "phoneTemplateMessages", "tenantSettings"];

/** `pulumi stack output --json`. */
type StackOutputs = Record<string, unknown>;

/** Where the program's tenant comes from. */
type Target = { kind: "emulator" } | { kind: "tenant"; domain: string; source: string };

const started = Date.now();
let currentChild: ChildProcess | undefined;
let interrupted = false;

function step(title: string): void {
  process.stdout.write(`\n==> ${title}\n`);
}

function note(text: string): void {
  process.stdout.write(`    ${text}\n`);
}

function blank(value: string | undefined): boolean {
  return value === undefined || value.trim() === "";
}

/**
 * Runs `pulumi <args>` in the project root. The engine's output goes straight to the terminal unless
 * `capture` is set, in which case stdout is returned (stderr still goes to the terminal).
 */
function pulumi(
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; capture?: boolean; input?: string },
): Promise<{ code: number; stdout: string }> {
  const stdio: StdioOptions = [
    options.input === undefined ? "inherit" : "pipe",
    options.capture === true ? "pipe" : "inherit",
    "inherit",
  ];
  return new Promise((resolvePromise, reject) => {
    const child = spawn("pulumi", [...args], { cwd: ROOT, env: options.env, stdio });
    currentChild = child;
    let stdout = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    if (options.input !== undefined) child.stdin?.end(options.input);
    child.on("error", (error: NodeJS.ErrnoException) => {
      currentChild = undefined;
      reject(
        error.code === "ENOENT"
          ? new DemoError("the pulumi command is not on PATH; run this through `npm start`")
          : error,
      );
    });
    child.on("close", (code, signal) => {
      currentChild = undefined;
      resolvePromise({ code: code ?? (signal === null ? 1 : 128), stdout });
    });
  });
}

/** Runs `pulumi <args>` and fails with `what` when it exits non-zero. */
async function pulumiOrFail(
  what: string,
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; capture?: boolean; input?: string },
): Promise<string> {
  const { code, stdout } = await pulumi(args, options);
  if (interrupted) throw new DemoError(`interrupted during ${what}`);
  if (code !== 0)
    throw new DemoError(`${what} failed (pulumi exited with code ${code}); see its output above`);
  return stdout;
}

function parseJson<T>(what: string, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new DemoError(`${what} did not print JSON`);
  }
}

function stringValue(config: StackConfig, key: string): string | undefined {
  const value = config[key]?.value;
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** How a domain kept as a secret in the stack config is shown. */
const SECRET_DOMAIN = "(a secret value)";

/** The host (and port) of a domain setting, as the provider reads it: a host name or a URL. */
function hostOf(domain: string): string {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(domain) ? domain : `https://${domain}`).host;
  } catch {
    return domain;
  }
}

function chooseTarget(config: StackConfig, env: NodeJS.ProcessEnv): Target {
  const configDomain =
    config["tenant-admin:domain"]?.secret === true
      ? SECRET_DOMAIN
      : stringValue(config, "tenant-admin:domain");
  if (configDomain !== undefined) {
    return { kind: "tenant", domain: configDomain, source: "the stack config key tenant-admin:domain" };
  }
  const envDomain = env.AUTH0_DOMAIN;
  if (!blank(envDomain) && envDomain !== undefined) {
    return { kind: "tenant", domain: envDomain.trim(), source: "the environment variable AUTH0_DOMAIN" };
  }
  const strayCredentials = ["clientId", "clientSecret", "apiToken", "audience"]
    .map((name) => `tenant-admin:${name}`)
    .filter((key) => key in config);
  if (strayCredentials.length > 0) {
    throw new DemoError(
      `the stack config sets ${strayCredentials.join(", ")} but not tenant-admin:domain. Set ` +
        "tenant-admin:domain too to use a real tenant, or remove them (pulumi config rm <key>) to use the emulator.",
    );
  }
  return { kind: "emulator" };
}

function demoPort(env: NodeJS.ProcessEnv): number {
  const raw = env[PORT_ENV];
  if (blank(raw) || raw === undefined) return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new DemoError(`${PORT_ENV} must be a port number from 1 to 65535, got ${JSON.stringify(raw)}`);
  }
  return port;
}

async function startDemoEmulator(port: number): Promise<TenantEmulator> {
  try {
    // A new emulated tenant, like a new real one, has no friendly name: seed a named tenant's settings (used only
    // when the data directory holds no state yet).
    return await startEmulator(namedTenant({ port, dataDir: DATA_DIR }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new DemoError(
        `port ${port} is in use (is another npm start running?). Stop what uses it, or set ${PORT_ENV} to a free ` +
          "port; the stack records the tenant's URL, so a new port also needs a new stack " +
          `(bash scripts/with-toolchain.sh pulumi stack rm ${STACK} --force --yes).`,
      );
    }
    throw error;
  }
}

/** The environment of the engine in emulator mode: the emulator's tenant and nothing from the shell's AUTH0_*. */
function emulatorEnv(emulator: TenantEmulator): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    AUTH0_DOMAIN: emulator.domain,
    AUTH0_CLIENT_ID: emulator.clientId,
    AUTH0_CLIENT_SECRET: emulator.clientSecret,
  };
  delete env.AUTH0_API_TOKEN;
  delete env.AUTH0_AUDIENCE;
  return env;
}

/** Sets the program's hCaptcha keys when missing (emulator), or checks they are the user's own (real tenant). */
async function ensureCaptchaKeys(target: Target, config: StackConfig, env: NodeJS.ProcessEnv): Promise<void> {
  const siteKey = stringValue(config, SITE_KEY);
  const hasSecret = config[SECRET_KEY]?.secret === true;
  if (target.kind === "tenant") {
    if (siteKey === undefined || siteKey === TEST_SITE_KEY || !hasSecret) {
      throw new DemoError(
        `the program would make hCaptcha the tenant's active CAPTCHA provider, so on a real tenant it needs your ` +
          "own hCaptcha keys: pulumi config set hcaptchaSiteKey <site key> && pulumi config set --secret " +
          `hcaptchaSecret <secret> (stack ${STACK}, through bash scripts/with-toolchain.sh)` +
          (siteKey === TEST_SITE_KEY
            ? `. The site key now set is the emulator's placeholder ${TEST_SITE_KEY}.`
            : "."),
      );
    }
    note(`hCaptcha site key ${siteKey}; secret set in the stack config (encrypted)`);
    return;
  }
  if (siteKey === undefined) {
    await pulumiOrFail("pulumi config set", ["config", "set", "--stack", STACK, SITE_KEY, TEST_SITE_KEY], {
      env,
    });
    note(`set ${SITE_KEY} to hCaptcha's test site key ${TEST_SITE_KEY}`);
  }
  if (!hasSecret) {
    // Given on stdin, so it never appears in a process list.
    await pulumiOrFail(
      "pulumi config set --secret",
      ["config", "set", "--secret", "--stack", STACK, SECRET_KEY],
      {
        env,
        input: randomBytes(24).toString("base64url"),
      },
    );
    note(`set ${SECRET_KEY} to a generated value, stored encrypted in Pulumi.${STACK}.yaml`);
  }
  if (siteKey !== undefined && hasSecret)
    note(`hCaptcha keys already in the stack config (the secret encrypted)`);
}

/** Refuses to point a stack that manages one tenant at another: the engine would try to replace everything. */
function checkSameTenant(outputs: StackOutputs, targetDomain: string): void {
  const current = outputs.tenantDomain;
  if (
    typeof current !== "string" ||
    targetDomain === SECRET_DOMAIN ||
    hostOf(current) === hostOf(targetDomain)
  ) {
    return;
  }
  throw new DemoError(
    `the ${STACK} stack manages the tenant at ${current}, and this run targets ${targetDomain}. A stack stays with ` +
      `one tenant: run with the same tenant (for the emulator, the same ${PORT_ENV}), or forget the stack's ` +
      `resources with: bash scripts/with-toolchain.sh pulumi stack rm ${STACK} --force --yes`,
  );
}

async function stackOutputs(env: NodeJS.ProcessEnv): Promise<StackOutputs> {
  const stdout = await pulumiOrFail("pulumi stack output", ["stack", "output", "--json", "--stack", STACK], {
    env,
    capture: true,
  });
  return parseJson<StackOutputs>("pulumi stack output --json", stdout);
}

function describeOutputs(outputs: StackOutputs): void {
  const missing = EXPECTED_OUTPUTS.filter((name) => outputs[name] === undefined);
  if (missing.length > 0) {
    throw new DemoError(
      `the stack has no output ${missing.join(", ")}: is Pulumi.yaml's main still examples/basic/?`,
    );
  }
  const templates = outputs.phoneTemplateMessages as
    { enrollment?: unknown; verification?: unknown } | undefined;
  const settings = outputs.tenantSettings as Record<string, unknown> | undefined;
  note(`tenant:                   ${String(outputs.tenantDomain)}`);
  note(
    `active CAPTCHA provider:  ${String(outputs.activeCaptchaProvider)} (site key ${String(outputs.hcaptchaSiteKey)})`,
  );
  note(`phone enrollment message: ${String(templates?.enrollment)}`);
  note(`phone verification:       ${String(templates?.verification)}`);
  note(`tenant friendly name:     ${settingText(settings?.friendlyName)}`);
  note(
    `session lifetime:         ${settingText(settings?.sessionLifetime)} h (idle ${settingText(settings?.idleSessionLifetime)} h)`,
  );
}

/** A setting as the tenant returned it; a tenant returns only what is set, so an absent one says so. */
function settingText(value: unknown): string {
  if (value === undefined) return "(not set on the tenant)";
  return typeof value === "string" ? value : JSON.stringify(value);
}

async function main(): Promise<void> {
  const baseEnv: NodeJS.ProcessEnv = { ...process.env };
  // The program is type-checked by `npm run typecheck`; the engine only needs to transpile it.
  baseEnv.PULUMI_NODEJS_TRANSPILE_ONLY ??= "true";

  step(
    `Selecting the local stack ${STACK} (backend ${process.env.PULUMI_BACKEND_URL ?? "from your Pulumi login"})`,
  );
  await pulumiOrFail("pulumi stack select", ["stack", "select", "--create", STACK, "--non-interactive"], {
    env: baseEnv,
  });
  const config = parseJson<StackConfig>(
    "pulumi config --json",
    await pulumiOrFail("pulumi config", ["config", "--json", "--stack", STACK], {
      env: baseEnv,
      capture: true,
    }),
  );
  const target = chooseTarget(config, baseEnv);
  const previousOutputs = await stackOutputs(baseEnv);

  let emulator: TenantEmulator | undefined;
  try {
    let env = baseEnv;
    if (target.kind === "emulator") {
      const port = demoPort(baseEnv);
      checkSameTenant(previousOutputs, `http://127.0.0.1:${port}`);
      step(`Starting the tenant emulator on port ${port} (data in ${relative(ROOT, DATA_DIR)}/)`);
      emulator = await startDemoEmulator(port);
      env = { ...emulatorEnv(emulator), PULUMI_NODEJS_TRANSPILE_ONLY: baseEnv.PULUMI_NODEJS_TRANSPILE_ONLY };
      note(
        `${emulator.url}; the program gets it through AUTH0_DOMAIN, AUTH0_CLIENT_ID and AUTH0_CLIENT_SECRET`,
      );
    } else {
      checkSameTenant(previousOutputs, target.domain);
      step(`Using the tenant ${target.domain}, from ${target.source} (no emulator)`);
    }

    step("Checking the program's stack config");
    await ensureCaptchaKeys(target, config, env);

    step(`pulumi up --refresh --stack ${STACK}`);
    emulator?.clearRequestLog();
    // --refresh: the tenant is read first, so whatever changed behind Pulumi's back (or a deleted
    // .emulator-data/) is put back, not only what differs from the last update.
    await pulumiOrFail("pulumi up", ["up", "--yes", "--skip-preview=false", "--refresh", "--stack", STACK], {
      env,
    });
    const writes = emulator?.requestLog.filter((entry) => entry.method === "PATCH" || entry.method === "PUT");

    step(`Stack outputs (pulumi stack output --json; secrets stay hidden)`);
    const outputs = await stackOutputs(env);
    process.stdout.write(`${JSON.stringify(outputs, null, 2)}\n`);
    describeOutputs(outputs);

    step("pulumi preview --expect-no-changes --refresh: the tenant is as declared");
    await pulumiOrFail(
      "pulumi preview --expect-no-changes",
      ["preview", "--expect-no-changes", "--refresh", "--stack", STACK],
      {
        env,
      },
    );
    note("no changes");

    step("Done");
    if (emulator !== undefined && writes !== undefined) {
      note(
        `the emulator answered ${emulator.requestLog.length} requests; pulumi up wrote ${writes.length} ` +
          `(${writes.length === 0 ? "nothing to change" : writes.map((w) => `${w.method} ${w.path}`).join(", ")})`,
      );
    }
    note(
      `finished in ${((Date.now() - started) / 1000).toFixed(1)} s; run npm start again: it changes nothing`,
    );
  } finally {
    if (emulator !== undefined) {
      await emulator.close();
      note("emulator stopped");
    }
  }
}

process.on("SIGINT", () => {
  // The terminal sends Ctrl-C to pulumi too, which stops cleanly; wait for it so the emulator stays up meanwhile.
  if (interrupted || currentChild === undefined) process.exit(130);
  interrupted = true;
});
process.on("SIGTERM", () => {
  interrupted = true;
  if (currentChild === undefined) process.exit(143);
  currentChild.kill("SIGTERM");
});

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const message =
      error instanceof DemoError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
    process.stderr.write(`\nnpm start: ${message}\n`);
    process.exit(1);
  },
);
