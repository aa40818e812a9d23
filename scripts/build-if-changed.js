#!/usr/bin/env node
// `npm start`'s build: `npm run build` unless dist/ was built by this script from the same inputs (the sources,
// the build's settings and scripts, the dependencies' lockfile), so a second `npm start` does not spend its
// first half rebuilding. The inputs' digest is kept in dist/.build-inputs, which the build's clean-up removes.
"use strict";

const { createHash } = require("node:crypto");
const { spawnSync } = require("node:child_process");
const { existsSync, readdirSync, readFileSync, writeFileSync } = require("node:fs");
const { join, relative } = require("node:path");

/** What the build reads, besides src/. */
const BUILD_FILES = [
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "tsconfig.build.json",
  "scripts/clean-dist.js",
  "scripts/bundle-vendor.js",
  "scripts/bundle-provider.js",
  "scripts/bin-modes.js",
  "scripts/check-declarations.js",
];

const STAMP = join("dist", ".build-inputs");

function filesUnder(root, dir) {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesUnder(root, join(dir, entry.name))
        : entry.isFile()
          ? [join(dir, entry.name)]
          : [],
    );
}

/** A digest of every input of the build under `root`: each file's path and content. */
function inputsDigest(root) {
  const hash = createHash("sha256");
  for (const file of [
    ...BUILD_FILES.filter((name) => existsSync(join(root, name))),
    ...filesUnder(root, "src"),
  ]) {
    hash.update(`${relative(root, join(root, file))}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Whether dist/ under `root` was built from inputs with `digest`, and holds its entry points. */
function builtFrom(root, digest) {
  const stamp = join(root, STAMP);
  return (
    existsSync(stamp) &&
    readFileSync(stamp, "utf8").trim() === digest &&
    ["dist/index.js", "dist/provider/index.js", "dist/emulator/cli.js", "dist/cli/main.js"].every((file) =>
      existsSync(join(root, file)),
    )
  );
}

function main() {
  const root = join(__dirname, "..");
  const digest = inputsDigest(root);
  if (builtFrom(root, digest)) {
    process.stdout.write("dist/ is up to date with src/: not rebuilt\n");
    return;
  }
  const npm = process.env.npm_execpath;
  const build =
    npm !== undefined && npm.endsWith(".js")
      ? spawnSync(process.execPath, [npm, "run", "build"], { cwd: root, stdio: "inherit" })
      : spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.error !== undefined) throw build.error;
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(join(root, STAMP), `${digest}\n`);
}

if (require.main === module) main();

module.exports = { inputsDigest, builtFrom, STAMP };
