#!/usr/bin/env node
// The package's `prepare`: builds dist/ (npm run build). npm runs it after `npm install` or `npm ci` in a clone,
// before `npm pack`, and in the package's own directory when a project installs it from a clone on disk
// (`npm install ../pulumi-tenant-admin`, linked or with --install-links) or from git.
//
// For git, npm installs the devDependencies before `prepare`; for a directory (and for `npm pack` in a fresh
// clone) it does not, and the build's tools (typescript, the type packages) would be missing. Then they are
// installed here first, exactly as the lockfile pins them, without running any package's scripts.
"use strict";

const { spawnSync } = require("node:child_process");
const { existsSync } = require("node:fs");
const { join } = require("node:path");

const root = join(__dirname, "..");

/**
 * The npm settings a nested `npm ci` keeps from the npm that runs this script (npm passes its settings to
 * scripts as npm_config_* variables): where packages come from and how they are fetched. The others describe
 * the outer command (its prefix, --omit=dev, --global, --install-links, …) and would change what the nested
 * install does.
 */
const KEPT_NPM_SETTINGS = new Set([
  "cache",
  "registry",
  "userconfig",
  "globalconfig",
  "offline",
  "prefer_offline",
  "prefer_online",
  "proxy",
  "https_proxy",
  "noproxy",
  "strict_ssl",
  "cafile",
  "ca",
  "loglevel",
  "audit",
  "fund",
  "update_notifier",
]);

function nestedNpmEnv() {
  const env = {};
  for (const [name, value] of Object.entries(process.env)) {
    const setting = /^npm_config_(.+)$/i.exec(name)?.[1]?.toLowerCase();
    if (setting === undefined || KEPT_NPM_SETTINGS.has(setting)) env[name] = value;
  }
  return env;
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  if (result.error !== undefined) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The npm that runs this script (npm sets npm_execpath), else the one on PATH. */
function npm(args, env) {
  const cli = process.env.npm_execpath;
  if (cli !== undefined && cli.endsWith(".js")) run(process.execPath, [cli, ...args], env);
  else run("npm", args, env);
}

if (!existsSync(join(root, "node_modules", "typescript", "package.json"))) {
  process.stderr.write(
    "pulumi-tenant-admin: installing the build's devDependencies into its own node_modules (npm ci), " +
      "then building dist/\n",
  );
  npm(["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], nestedNpmEnv());
}
npm(["run", "build"], process.env);
