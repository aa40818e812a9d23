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
  /** How many of this package's own files were loaded. */
  ownFiles: number;
  /** This package's own modules that were loaded, relative to its `dist/` (`resources/captchaConfig.js`, …). */
  ownModules: string[];
}

// The probe's own line: check writes preview lines (engine logs) to stdout too outside the engine.
const MARKER = "provider-load: ";

// Runs in the child: CommonJS, as the dynamic-provider host loads the provider.
const PROBE = `
const MARKER = ${JSON.stringify(MARKER)};
const now = () => Number(process.hrtime.bigint()) / 1e6;
let start = now();
require("@pulumi/pulumi");
const pulumiMs = now() - start;
// What the package could do itself: turn the compile cache on for what loads after @pulumi/pulumi.
if (process.env.PROBE_ENABLE_COMPILE_CACHE) require("node:module").enableCompileCache(process.env.PROBE_ENABLE_COMPILE_CACHE);
const before = new Set(Object.keys(require.cache));
start = now();
const provider = require("pulumi-tenant-admin/provider");
const providerMs = now() - start;
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
  const loaded = Object.keys(require.cache).filter((file) => !before.has(file));
  const packages = new Set();
  let ownFiles = 0;
  const ownModules = [];
  for (const file of loaded) {
    const match = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\/(?!.*node_modules)/.exec(file);
    if (match && match[1] !== "pulumi-tenant-admin") packages.add(match[1]);
    else {
      ownFiles += 1;
      ownModules.push(file.slice(file.lastIndexOf("/dist/") + "/dist/".length));
    }
  }
  process.stdout.write("\\n" + MARKER + JSON.stringify({ pulumiMs, providerMs, checkMs, diffMs, packages: [...packages].sort(), ownFiles, ownModules: ownModules.sort() }));
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
  const { stdout } = await execFileAsync(process.execPath, ["-e", PROBE], {
    cwd,
    env: {
      ...process.env,
      AUTH0_DOMAIN: "http://127.0.0.1:9",
      AUTH0_CLIENT_ID: "probe-client",
      AUTH0_CLIENT_SECRET: "probe-secret",
      AUTH0_API_TOKEN: "",
      ...env,
    },
  });
  const line = stdout.split("\n").find((text) => text.startsWith(MARKER));
  if (line === undefined)
    throw new Error(`the provider-load probe printed no result: ${stdout.slice(0, 500)}`);
  return JSON.parse(line.slice(MARKER.length)) as ProviderLoad;
}

/** What importing the package costs a Pulumi program, in a fresh Node process. */
export interface ProgramLoad {
  /** `require("pulumi-tenant-admin")`, after `@pulumi/pulumi`. */
  packageMs: number;
  /** npm packages it loaded (beyond what @pulumi/pulumi loaded). */
  packages: string[];
  /** npm packages loaded once the program also renders a phone template (`renderPhoneTemplate`). */
  packagesAfterRender: string[];
}

const PROGRAM_MARKER = "program-load: ";

const PROGRAM_PROBE = `
const now = () => Number(process.hrtime.bigint()) / 1e6;
require("@pulumi/pulumi");
const before = new Set(Object.keys(require.cache));
const packagesLoaded = () => {
  const packages = new Set();
  for (const file of Object.keys(require.cache)) {
    if (before.has(file)) continue;
    const match = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\/(?!.*node_modules)/.exec(file);
    if (match && match[1] !== "pulumi-tenant-admin") packages.add(match[1]);
  }
  return [...packages].sort();
};
const start = now();
const admin = require("pulumi-tenant-admin");
const packageMs = now() - start;
const packages = packagesLoaded();
admin.renderPhoneTemplate("{{code}} enrolls you", { code: "42" });
process.stdout.write("\\n" + ${JSON.stringify(PROGRAM_MARKER)} + JSON.stringify({ packageMs, packages, packagesAfterRender: packagesLoaded() }));
`;

/** Imports `pulumi-tenant-admin` as resolved from `cwd` in a fresh Node process, as a program does. */
export async function measureProgramLoad(
  cwd: string,
  env: Record<string, string> = {},
): Promise<ProgramLoad> {
  const { stdout } = await execFileAsync(process.execPath, ["-e", PROGRAM_PROBE], {
    cwd,
    env: { ...process.env, ...env },
  });
  const line = stdout.split("\n").find((text) => text.startsWith(PROGRAM_MARKER));
  if (line === undefined)
    throw new Error(`the program-load probe printed no result: ${stdout.slice(0, 500)}`);
  return JSON.parse(line.slice(PROGRAM_MARKER.length)) as ProgramLoad;
}
