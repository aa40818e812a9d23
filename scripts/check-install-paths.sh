#!/usr/bin/env bash
# The README's three ways to install the package, each from a fresh clone of HEAD (no node_modules, no dist):
#
#   a clone on disk        npm install ../pulumi-tenant-admin
#   a tarball              npm pack in a clone, then npm install ./pulumi-tenant-admin-<version>.tgz
#   a git URL              npm install git+file://…/pulumi-tenant-admin#<HEAD>
#
# Each goes into a scratch project that depends on @pulumi/pulumi (as a Pulumi program does), which then
# requires the package and its provider entry, runs `tenant-admin --help` and finds the docs it ships. npm's cache is reused and
# preferred over the registry.
#
#   bash scripts/check-install-paths.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

npm_flags=(--prefer-offline --no-audit --no-fund)
head="$(git -C "$root" rev-parse HEAD)"
pulumi_sdk="$(node -p "require('$root/package-lock.json').packages['node_modules/@pulumi/pulumi'].version")"

log() { printf 'install paths: %s\n' "$*"; }

# A clone of HEAD as a user gets it: committed files only.
fresh_clone() {
  git clone --quiet --no-checkout "$root" "$1"
  git -C "$1" checkout --quiet --detach "$head"
}

# A project with the Pulumi SDK installed, as `pulumi new typescript` leaves one; each path installs the package
# into it in turn, replacing the previous one.
scratch_project() {
  local dir="$work/project"
  mkdir -p "$dir"
  printf '{ "name": "scratch", "private": true, "dependencies": { "@pulumi/pulumi": "%s" } }\n' \
    "$pulumi_sdk" >"$dir/package.json"
  (cd "$dir" && npm install "${npm_flags[@]}" --loglevel=error >/dev/null)
  printf '%s' "$dir"
}

# The package works in the project: its entry points load, with one @pulumi/pulumi, the project's own (a
# clone on disk has its own copy, a devDependency), and its command runs. The check is a file of the project, as
# a program is: its main module resolves the project's SDK.
check_installed() {
  local dir="$1" what="$2"
  (
    cd "$dir"
    cat >check-installed.js <<'CHECK'
const pkg = require("pulumi-tenant-admin");
require("pulumi-tenant-admin/provider");
if (typeof pkg.CaptchaConfig !== "function" || typeof pkg.PhoneNotificationTemplate !== "function") {
  throw new Error("the package loaded without its resources");
}
const marker = "/node_modules/@pulumi/pulumi/";
const sdks = new Set(
  Object.values(require.cache)
    .map((loaded) => loaded.filename)
    .filter((file) => file.includes(marker))
    .map((file) => file.slice(0, file.indexOf(marker) + marker.length)),
);
const own = require("node:fs").realpathSync(__dirname) + marker;
if (sdks.size !== 1 || !sdks.has(own)) {
  throw new Error(`the program loaded @pulumi/pulumi from ${[...sdks].join(", ")}; expected only ${own}`);
}
CHECK
    node check-installed.js
    npx --no-install tenant-admin --help | grep -q '^Usage: tenant-admin export'
    test -f node_modules/pulumi-tenant-admin/docs/which-phone-resource.md
  )
  log "ok: $what"
}

log "HEAD $head; each path from a fresh clone"
fresh_clone "$work/origin"
project="$(scratch_project)"

# 1. A clone on disk. npm links the directory, and runs its prepare there without its devDependencies.
fresh_clone "$work/pulumi-tenant-admin"
(cd "$project" && npm install "${npm_flags[@]}" "$work/pulumi-tenant-admin")
# As the README says: linked, not copied.
[ "$(readlink -f "$project/node_modules/pulumi-tenant-admin")" = "$(readlink -f "$work/pulumi-tenant-admin")" ]
check_installed "$project" "npm install <a clone on disk>"

# 2. npm pack in a fresh clone (its prepare builds), then the tarball.
fresh_clone "$work/pack"
tarball="pulumi-tenant-admin-$(node -p "require('$work/pack/package.json').version").tgz"
(cd "$work/pack" && npm pack "${npm_flags[@]}" --loglevel=warn >&2)
(cd "$project" && npm install "${npm_flags[@]}" "$work/pack/$tarball")
check_installed "$project" "npm pack in a clone, then npm install <the tarball>"

# 3. A git URL: npm clones it, installs its devDependencies and runs its prepare.
(cd "$project" && npm install "${npm_flags[@]}" "git+file://$work/origin#$head")
check_installed "$project" "npm install git+file://…#HEAD"
