/**
 * `npm start`: runs the root Pulumi program (examples/basic) on the local stack `dev`, through the real
 * Pulumi CLI driven by the Automation API (as the e2e tests drive it; the engine's output is streamed to the
 * terminal), against a local emulator of the tenant management API whose state is kept in
 * `.emulator-data/`. It then prints the stack outputs, and shows with `pulumi preview --expect-no-changes`
 * that the tenant is as declared. A second run changes nothing.
 *
 * A real tenant instead of the emulator: set the stack config key `tenant-admin:domain` or the environment
 * variable `AUTH0_DOMAIN` (with credentials in `tenant-admin:clientId`/`clientSecret` or `AUTH0_CLIENT_ID`/
 * `AUTH0_CLIENT_SECRET`), and your own hCaptcha keys in the stack config. See README.md.
 *
 * Environment: `TENANT_ADMIN_DEMO_PORT` (the emulator's port, default 4466; the stack records the tenant's
 * URL, so keep it the same from run to run). `NODE_COMPILE_CACHE` defaults to
 * `.pulumi-local/node-compile-cache`, so the program and provider processes start faster from the second run
 * on (docs/performance.md). Runs under scripts/with-toolchain.sh, which puts the Pulumi CLI on PATH and sets
 * the local backend (`.pulumi-local/`) and passphrase.
 */
import { randomBytes } from "node:crypto";
import { join, relative, resolve } from "node:path";

import type { OutputMap } from "@pulumi/pulumi/automation";
import { LocalWorkspace, PulumiCommand, Stack } from "@pulumi/pulumi/automation";

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

/** The stack config as the Automation API returns it (secret values decrypted: never printed here). */
type StackConfig = Record<string, { value?: unknown; secret?: boolean }>;

/** The outputs examples/basic exports. */
const EXPECTED_OUTPUTS = ["tenantDomain", "activeCaptchaProvider", "phoneMessages", "tenantSettings"];

/** The stack outputs, secrets left out. */
type StackOutputs = Record<string, unknown>;

/** Where the program's tenant comes from. */
type Target = { kind: "emulator" } | { kind: "tenant"; domain: string; source: string };

/** The engine operations `npm start` runs: their flags are printed from these, so the headers say what runs. */
const UP_FLAGS = { refresh: true, runProgram: true } as const;
const PREVIEW_FLAGS = { expectNoChanges: true, refresh: true, runProgram: true } as const;

/** The `pulumi` command line of an Automation API operation with these flags, as the README writes it. */
function commandLine(operation: "up" | "preview", flags: Readonly<Record<string, boolean>>): string {
  const options = Object.entries(flags)
    .filter(([, on]) => on)
    .map(([name]) => `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`);
  return ["pulumi", operation, ...options, "--stack", STACK].join(" ");
}

/**
 * When `npm start` began (its script passes `TENANT_ADMIN_START_MS`), so the duration printed at the end counts
 * the toolchain and the build as well as the run; this script's own start when run otherwise.
 */
const startedByNpmStart = Number(process.env["TENANT_ADMIN_START_MS"]) || undefined;
const started = startedByNpmStart ?? Date.now();
/** Aborts the running engine operation on Ctrl-C or SIGTERM (the engine stops cleanly). */
const abort = new AbortController();
const COMPILE_CACHE_DIR = join(ROOT, ".pulumi-local", "node-compile-cache");

function step(title: string): void {
  process.stdout.write(`\n==> ${title}\n`);
}

function note(text: string): void {
  process.stdout.write(`    ${text}\n`);
}

function blank(value: string | undefined): boolean {
  return value === undefined || value.trim() === "";
}

/** Engine output, streamed to the terminal as the CLI prints it. */
const onOutput = (text: string): void => {
  process.stdout.write(text);
};

/** Runs one engine operation; a failure or an interrupt becomes a {@link DemoError} naming `what`. */
async function engine<T>(what: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (abort.signal.aborted) throw new DemoError(`interrupted during ${what}`);
    const message = error instanceof Error ? error.message : String(error);
    if (/ENOENT|not find.*pulumi|pulumi.*not found/i.test(message)) {
      throw new DemoError("the pulumi command is not on PATH; run this through `npm start`");
    }
    throw new DemoError(`${what} failed; see the engine output above`);
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

/** Sets the program's hCaptcha keys when missing (emulator), or checks they are the user's own (real tenant). */
async function ensureCaptchaKeys(target: Target, config: StackConfig, stack: Stack): Promise<void> {
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
    await engine("pulumi config set", () => stack.setConfig(SITE_KEY, { value: TEST_SITE_KEY }));
    note(`set ${SITE_KEY} to hCaptcha's test site key ${TEST_SITE_KEY}`);
  }
  if (!hasSecret) {
    // A generated value that only the emulator ever sees.
    const secret = randomBytes(24).toString("base64url");
    await engine("pulumi config set --secret", () =>
      stack.setConfig(SECRET_KEY, { value: secret, secret: true }),
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

/** Plain values of the outputs; secret ones are shown as `[secret]`. */
function plainOutputs(outputs: OutputMap): StackOutputs {
  return Object.fromEntries(
    Object.entries(outputs).map(([name, output]) => [
      name,
      output.secret ? "[secret]" : (output.value as unknown),
    ]),
  );
}

async function stackOutputs(stack: Stack): Promise<StackOutputs> {
  return plainOutputs(await engine("pulumi stack output", () => stack.outputs()));
}

function describeOutputs(outputs: StackOutputs): void {
  const missing = EXPECTED_OUTPUTS.filter((name) => outputs[name] === undefined);
  if (missing.length > 0) {
    throw new DemoError(
      `the stack has no output ${missing.join(", ")}: is Pulumi.yaml's main still examples/basic/?`,
    );
  }
  const templates = outputs.phoneMessages as { enrollment?: unknown; verification?: unknown } | undefined;
  const settings = outputs.tenantSettings as Record<string, unknown> | undefined;
  note(`tenant:                   ${String(outputs.tenantDomain)}`);
  note(
    `active CAPTCHA provider:  ${String(outputs.activeCaptchaProvider)} (site key ${String(outputs.hcaptchaSiteKey)})`,
  );
  note(`MFA enrollment SMS:       ${String(templates?.enrollment)}`);
  note(`MFA verification SMS:     ${String(templates?.verification)}`);
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
  const baseEnv: Record<string, string> = {};
  // The program is type-checked by `npm run typecheck`; the engine only needs to transpile it.
  baseEnv.PULUMI_NODEJS_TRANSPILE_ONLY = process.env.PULUMI_NODEJS_TRANSPILE_ONLY ?? "true";
  // Compiled modules are kept between runs, for the program and the dynamic-provider processes alike.
  baseEnv.NODE_COMPILE_CACHE = process.env.NODE_COMPILE_CACHE ?? COMPILE_CACHE_DIR;

  step(
    `Selecting the local stack ${STACK} (backend ${process.env.PULUMI_BACKEND_URL ?? "from your Pulumi login"})`,
  );
  const pulumiCommand = await engine("finding the pulumi command", () => PulumiCommand.get());
  const workspace = await engine("creating the workspace", () =>
    LocalWorkspace.create({ workDir: ROOT, envVars: baseEnv, pulumiCommand }),
  );
  const stack = await engine("pulumi stack select --create", () => Stack.createOrSelect(STACK, workspace));
  const config = (await engine("pulumi config", () => stack.getAllConfig())) as StackConfig;
  const target = chooseTarget(config, process.env);
  const previousOutputs = await stackOutputs(stack);

  let emulator: TenantEmulator | undefined;
  try {
    if (target.kind === "emulator") {
      const port = demoPort(process.env);
      checkSameTenant(previousOutputs, `http://127.0.0.1:${port}`);
      step(`Starting the tenant emulator on port ${port} (data in ${relative(ROOT, DATA_DIR)}/)`);
      emulator = await startDemoEmulator(port);
      // The emulator's tenant, and nothing from the shell's AUTH0_* (the workspace passes these to the engine).
      Object.assign(workspace.envVars, {
        AUTH0_DOMAIN: emulator.domain,
        AUTH0_CLIENT_ID: emulator.clientId,
        AUTH0_CLIENT_SECRET: emulator.clientSecret,
        AUTH0_API_TOKEN: "",
        AUTH0_AUDIENCE: "",
      });
      note(
        `${emulator.url}; the program gets it through AUTH0_DOMAIN, AUTH0_CLIENT_ID and AUTH0_CLIENT_SECRET`,
      );
    } else {
      checkSameTenant(previousOutputs, target.domain);
      step(`Using the tenant ${target.domain}, from ${target.source} (no emulator)`);
    }

    step("Checking the program's stack config");
    await ensureCaptchaKeys(target, config, stack);

    step(commandLine("up", UP_FLAGS));
    emulator?.clearRequestLog();
    // refresh: the tenant is read first, so whatever changed behind Pulumi's back (or a deleted
    // .emulator-data/) is put back, not only what differs from the last update. runProgram: the refresh uses
    // the current stack config (rotated credentials, a new domain), not the one saved at the last update.
    const result = await engine("pulumi up", () =>
      stack.up({ ...UP_FLAGS, onOutput, color: "auto", signal: abort.signal }),
    );
    const writes = emulator?.requestLog.filter(
      (entry) => entry.method !== "GET" && entry.path !== "/oauth/token",
    );

    step("Stack outputs (secrets stay hidden)");
    const outputs = plainOutputs(result.outputs);
    process.stdout.write(`${JSON.stringify(outputs, null, 2)}\n`);
    describeOutputs(outputs);

    step(commandLine("preview", PREVIEW_FLAGS));
    await engine("pulumi preview --expect-no-changes", () =>
      stack.preview({ ...PREVIEW_FLAGS, onOutput, color: "auto", signal: abort.signal }),
    );
    note("no changes: the tenant is as declared");

    step("Done");
    if (emulator !== undefined && writes !== undefined) {
      note(
        `the emulator answered ${emulator.requestLog.length} requests; pulumi up wrote ${writes.length} ` +
          `(${writes.length === 0 ? "nothing to change" : writes.map((w) => `${w.method} ${w.path}`).join(", ")})`,
      );
    }
    note(
      `finished in ${((Date.now() - started) / 1000).toFixed(1)} s` +
        `${startedByNpmStart === undefined ? "" : " (npm start: the toolchain, the build and the run)"}; ` +
        "run npm start again: it changes nothing",
    );
  } finally {
    if (emulator !== undefined) {
      await emulator.close();
      note("emulator stopped");
    }
  }
}

for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  process.on(signal, () => {
    // First signal: stop the engine cleanly, so the emulator stays up meanwhile; second: leave at once.
    if (abort.signal.aborted) process.exit(code);
    abort.abort();
  });
}

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
