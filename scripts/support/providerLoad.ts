import { execFile } from "node:child_process";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

/** What loading the provider costs in a fresh Node process, as the engine's dynamic-provider host does it. */
export interface ProviderLoad {
  /** `require("@pulumi/pulumi")`, which the host does before it loads any provider. */
  pulumiMs: number;
  /** `require("pulumi-tenant-admin/provider")`. */
  providerMs: number;
  /** The first `check` of each resource (a preview's calls), loading what it needs. */
  checkMs: number;
  /** Then a `diff` of each resource. */
  diffMs: number;
  /** npm packages loaded by the provider, its checks and diffs (beyond what @pulumi/pulumi loaded). */
  packages: string[];
  /** Packages loaded from the package's own dist/vendor/ (scripts/bundle-vendor.js). */
  vendored: string[];
  /** How many of this package's own files were loaded. */
  ownFiles: number;
  /** This package's own modules that were loaded, relative to its `dist/` (`provider/index.js`, …), vendored files apart. */
  ownModules: string[];
  /** Whether zod had started when the provider was required, and after the checks. */
  zodStarted: { atRequire: boolean; afterCheck: boolean };
}

// The probes' own line: check writes preview lines (engine logs) to stdout too outside the engine.
const MARKER = "tenant-admin-load: ";

// Runs first in each probe (CommonJS, as the engine's processes load modules): a clock, the result line, and
// what has been loaded since a snapshot of require.cache, as npm packages, packages from this package's
// dist/vendor/, and this package's own modules.
const PRELUDE = `
const now = () => Number(process.hrtime.bigint()) / 1e6;
const report = (result) => process.stdout.write("\\n" + ${JSON.stringify(MARKER)} + JSON.stringify(result));
const loadedSince = (before) => {
  const packages = new Set();
  const vendored = [];
  const ownModules = [];
  for (const file of Object.keys(require.cache)) {
    if (before.has(file)) continue;
    const match = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\/(?!.*node_modules)/.exec(file);
    const own = file.slice(file.lastIndexOf("/dist/") + "/dist/".length);
    if (match && match[1] !== "pulumi-tenant-admin") packages.add(match[1]);
    else if (own.startsWith("vendor/")) vendored.push(own.slice("vendor/".length, -".js".length));
    else ownModules.push(own);
  }
  return { packages: [...packages].sort(), vendored: vendored.sort(), ownModules: ownModules.sort() };
};
`;

/** Runs `source` (after {@link PRELUDE}) in a fresh Node process in `cwd` and returns what it reported. */
async function runProbe<T>(name: string, source: string, cwd: string, env: NodeJS.ProcessEnv): Promise<T> {
  const { stdout } = await execFileAsync(process.execPath, ["-e", PRELUDE + source], { cwd, env });
  const line = stdout.split("\n").find((text) => text.startsWith(MARKER));
  if (line === undefined) throw new Error(`the ${name} probe printed no result: ${stdout.slice(0, 500)}`);
  return JSON.parse(line.slice(MARKER.length)) as T;
}

const PROVIDER_PROBE = `
let start = now();
require("@pulumi/pulumi");
const pulumiMs = now() - start;
// What the package could do itself: turn the compile cache on for what loads after @pulumi/pulumi.
if (process.env.PROBE_ENABLE_COMPILE_CACHE) require("node:module").enableCompileCache(process.env.PROBE_ENABLE_COMPILE_CACHE);
const before = new Set(Object.keys(require.cache));
start = now();
const provider = require("pulumi-tenant-admin/provider");
const providerMs = now() - start;
// zod marks its start on globalThis: whether a module inside the bundle has run yet.
const zodStarted = () => globalThis.__zod_globalConfig !== undefined;
const zodAtRequire = zodStarted();
const captcha = { activeProviderId: "hcaptcha", hcaptcha: { siteKey: "site", secret: "secret" } };
const templates = { enrollmentMessage: "{{code}} enrolls you", verificationMessage: "{{code}} verifies you" };
(async () => {
  start = now();
  await provider.captchaConfig.check({}, captcha);
  await provider.phoneTemplates.check({}, templates);
  const checkMs = now() - start;
  start = now();
  await provider.captchaConfig.diff("id", { ...captcha, domain: process.env.AUTH0_DOMAIN }, captcha);
  await provider.phoneTemplates.diff("id", { ...templates, domain: process.env.AUTH0_DOMAIN }, templates);
  const diffMs = now() - start;
  const { packages, vendored, ownModules } = loadedSince(before);
  report({ pulumiMs, providerMs, checkMs, diffMs, packages, vendored, ownFiles: ownModules.length + vendored.length, ownModules, zodStarted: { atRequire: zodAtRequire, afterCheck: zodStarted() } });
})();
`;

/**
 * Loads `pulumi-tenant-admin/provider` as resolved from `cwd` in a fresh Node process and calls `check` and
 * `diff` of both resources, timing each part; `env` is added to the child's environment (for example
 * `NODE_COMPILE_CACHE`).
 */
export async function measureProviderLoad(
  cwd: string,
  env: Record<string, string> = {},
): Promise<ProviderLoad> {
  return runProbe<ProviderLoad>("provider-load", PROVIDER_PROBE, cwd, {
    ...process.env,
    AUTH0_DOMAIN: "http://127.0.0.1:9",
    AUTH0_CLIENT_ID: "probe-client",
    AUTH0_CLIENT_SECRET: "probe-secret",
    AUTH0_API_TOKEN: "",
    ...env,
  });
}

/** What a create preview's checks load and cost in a fresh provider process, against a tenant. */
export interface CreatePreviewLoad {
  /** npm packages loaded by the provider and its checks (beyond what @pulumi/pulumi loaded). */
  packages: string[];
  /** Packages loaded from the package's own dist/vendor/. */
  vendored: string[];
  /** When the checks started, in UNIX milliseconds (to place the tenant's request log against). */
  startedAt: number;
  /** The checks of examples/basic's three resources at a preview that creates them, as the engine sends them. */
  checkMs: number;
  /** Check failures, which should be none. */
  failures: unknown[];
}

// The engine's dry-run checks of examples/basic's resources, sent at once as the program registers them.
const CREATE_PREVIEW_PROBE = `
require("@pulumi/pulumi");
const before = new Set(Object.keys(require.cache));
const startedAt = Date.now();
const start = now();
const provider = require("pulumi-tenant-admin/provider");
const atPreview = (inputs) => ({ ...inputs, __dryRun: true });
const template = (type, text) => ({ type, content: { body: { text } } });
(async () => {
  const results = await Promise.all([
    provider.captchaConfig.check({}, atPreview({ activeProviderId: "hcaptcha", hcaptcha: { siteKey: "site", secret: "secret" } })),
    provider.phoneNotificationTemplate.check({}, atPreview(template("otp_enroll", "{{ code }} enrolls you with {{ friendly_name }}"))),
    provider.phoneNotificationTemplate.check({}, atPreview(template("otp_verify", "{{ code }} verifies you"))),
  ]);
  const checkMs = now() - start;
  const { packages, vendored } = loadedSince(before);
  const failures = results.flatMap((result) => result.failures ?? []);
  report({ packages, vendored, startedAt, checkMs, failures });
})();
`;

/**
 * Runs a create preview's checks (examples/basic's resources) in a fresh Node process against the tenant
 * `tenantEnv` names (`AUTH0_*`), loading `pulumi-tenant-admin/provider` as resolved from `cwd`.
 */
export async function measureCreatePreview(
  cwd: string,
  tenantEnv: Record<string, string>,
): Promise<CreatePreviewLoad> {
  return runProbe<CreatePreviewLoad>("create-preview", CREATE_PREVIEW_PROBE, cwd, {
    ...process.env,
    ...tenantEnv,
  });
}

/** What importing the package costs a Pulumi program, in a fresh Node process. */
export interface ProgramLoad {
  /** `require("pulumi-tenant-admin")`, after `@pulumi/pulumi`. */
  packageMs: number;
  /** npm packages it loaded (beyond what @pulumi/pulumi loaded). */
  packages: string[];
  /** Packages it loaded from dist/vendor/ (none, at an import). */
  vendored: string[];
  /** npm packages loaded once the program also renders a phone template (`renderPhoneTemplate`). */
  packagesAfterRender: string[];
  /** Packages loaded from dist/vendor/ once it has rendered one. */
  vendoredAfterRender: string[];
}

const PROGRAM_PROBE = `
require("@pulumi/pulumi");
const before = new Set(Object.keys(require.cache));
const start = now();
const admin = require("pulumi-tenant-admin");
const packageMs = now() - start;
const { packages, vendored } = loadedSince(before);
admin.renderPhoneTemplate("{{code}} enrolls you", { code: "42" });
const after = loadedSince(before);
report({ packageMs, packages, vendored, packagesAfterRender: after.packages, vendoredAfterRender: after.vendored });
`;

/** Imports `pulumi-tenant-admin` as resolved from `cwd` in a fresh Node process, as a program does. */
export async function measureProgramLoad(
  cwd: string,
  env: Record<string, string> = {},
): Promise<ProgramLoad> {
  return runProbe<ProgramLoad>("program-load", PROGRAM_PROBE, cwd, { ...process.env, ...env });
}
