import { execFile, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import type { TenantEmulator } from "../../src/emulator";
import { startEmulator } from "../../src/emulator";
import { tenantEnv } from "../../scripts/support/programs";
import { describeWithEngine } from "./support/engine";

const repoRoot = resolve(__dirname, "../..");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion in `cwd` (killed after 4 minutes); never throws on a failed exit. */
function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolvePromise) => {
    execFile(
      command,
      args,
      { cwd, env, maxBuffer: 64 * 1024 * 1024, timeout: 240_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
        resolvePromise({ code, stdout, stderr });
      },
    );
  });
}

/** Fails with everything the command printed when it did not exit 0. */
function succeeded(what: string, result: Run): Run {
  if (result.code !== 0) {
    throw new Error(`${what} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}

/**
 * A clone of this repository on disk, built, as a user who installs the package "from a clone" has it: the
 * tracked files, the built `dist`, and `node_modules` (hard links to the worktree's, with npm's own lockfile
 * copied, so npm never writes through to the worktree).
 */
function makeClone(target: string): void {
  mkdirSync(target, { recursive: true });
  for (const entry of ["package.json", "package-lock.json", "README.md", "CHANGELOG.md", "LICENSE"]) {
    cpSync(join(repoRoot, entry), join(target, entry));
  }
  for (const entry of ["src", "scripts", "dist"]) {
    cpSync(join(repoRoot, entry), join(target, entry), { recursive: true });
  }
  for (const entry of ["tsconfig.json", "tsconfig.build.json"]) {
    cpSync(join(repoRoot, entry), join(target, entry));
  }
  execFileSync("cp", ["-al", join(repoRoot, "node_modules"), join(target, "node_modules")]);
  const hidden = join(target, "node_modules", ".package-lock.json");
  if (existsSync(hidden)) {
    const text = readFileSync(hidden);
    rmSync(hidden);
    writeFileSync(hidden, text);
  }
}

/** The environment without the variables `npm run` (`npm_*`) and the test runner (`JEST_*`, NODE_OPTIONS) add. */
function userShellEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(npm_|JEST_|NODE_OPTIONS$|INIT_CWD$)/i.test(name) && name !== "PULUMI_BACKEND_URL",
    ),
  );
}

describeWithEngine("tenant-admin export from the package as a user installs it, on a fresh tenant", () => {
  let emulator: TenantEmulator;
  let root: string;
  let tarball: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    emulator = await startEmulator();
    root = mkdtempSync(join(tmpdir(), "tenant-admin-installed-"));
    // A user's shell: this machine's environment (PATH with the toolchain, CA bundles, proxies) without what
    // npm run and the test runner add, the tenant in AUTH0_*, and a Pulumi home of its own.
    env = {
      ...userShellEnv(),
      ...tenantEnv(emulator),
      PULUMI_HOME: join(root, "pulumi-home"),
      PULUMI_CONFIG_PASSPHRASE: "installed-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    };
    // `npm test` has built dist: pack it as is (no prepare run in the worktree).
    const packed = succeeded(
      "npm pack",
      await run("npm", ["pack", "--ignore-scripts", "--pack-destination", root, repoRoot], root, env),
    );
    tarball = join(root, packed.stdout.trim().split("\n").pop() ?? "");
  });

  afterAll(async () => {
    await emulator?.close();
    if (root !== undefined) await rm(root, { recursive: true, force: true });
  });

  const sources = {
    "a tarball made with npm pack": () => tarball,
    "a clone on disk": () => {
      const clone = join(root, "clone");
      makeClone(clone);
      return clone;
    },
  };

  it.each(Object.keys(sources))(
    "from %s: exports without unconfigured CAPTCHA providers, and the printed npm install, pulumi up and preview --expect-no-changes pass",
    async (source) => {
      const spec = sources[source as keyof typeof sources]();
      const project = join(root, source.replace(/\W+/g, "-"));
      mkdirSync(project);
      writeFileSync(join(project, "package.json"), JSON.stringify({ name: "my-infra", private: true }));
      succeeded(`npm install ${spec}`, await run("npm", ["install", spec], project, env));

      const exported = succeeded(
        "tenant-admin export",
        await run(
          join(project, "node_modules/.bin/tenant-admin"),
          ["export", "--out", "adopted"],
          project,
          env,
        ),
      );
      const generated = join(project, "adopted");
      const program = readFileSync(join(generated, "index.ts"), "utf8");
      // A fresh tenant configured no third-party CAPTCHA provider: none is declared, no secret asked for.
      expect(exported.stdout).not.toContain("config set --secret");
      expect(program).not.toMatch(/recaptcha|hcaptcha|friendlyCaptcha|arkose|requireSecret/i);
      expect(program).toContain('activeProviderId: "auth_challenge"');
      // The generated project depends on the package the way this project does.
      const manifest = JSON.parse(readFileSync(join(generated, "package.json"), "utf8")) as {
        dependencies: Record<string, string>;
      };
      expect(manifest.dependencies["pulumi-tenant-admin"]).toBe(`file:${resolve(project, spec)}`);
      // The steps the export printed, which this test then runs as printed.
      expect(exported.stdout).toContain("Next:\n  cd adopted\n  npm install\n  pulumi stack init dev\n");
      succeeded("npm install (generated)", await run("npm", ["install"], generated, env));
      // Each project's stack on a backend of its own (both projects are named after their directory).
      mkdirSync(join(project, "backend"));
      const pulumiEnv = {
        ...env,
        PULUMI_BACKEND_URL: `file://${join(project, "backend")}`,
        PULUMI_NODEJS_TRANSPILE_ONLY: "true",
      };
      succeeded("pulumi stack init", await run("pulumi", ["stack", "init", "dev"], generated, pulumiEnv));
      emulator.clearRequestLog();
      const up = succeeded(
        "pulumi up",
        await run("pulumi", ["up", "--yes", "--non-interactive"], generated, pulumiEnv),
      );
      expect(up.stdout).toMatch(/\+ +pulumi-nodejs:dynamic\/tenant-admin:CaptchaConfig captcha created/);
      expect(emulator.requestLog.map((entry) => `${entry.method} ${entry.path}`)).toContain(
        "PATCH /api/v2/attack-protection/captcha",
      );
      succeeded(
        "pulumi preview --expect-no-changes",
        await run("pulumi", ["preview", "--expect-no-changes", "--non-interactive"], generated, pulumiEnv),
      );
    },
    300_000,
  );
});
