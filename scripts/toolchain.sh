#!/usr/bin/env bash
# The project's toolchain, shared by the README, the tests and CI.
#
#   source scripts/toolchain.sh   # bootstrap, then export PATH and the offline engine settings
#   bash scripts/toolchain.sh     # bootstrap only, and print what it resolved
#
# It makes sure of, in order:
#   1. Node >= 22 (else Node 24 from the npm registry's `node` package, into .tools/node);
#   2. node_modules matching package-lock.json (npm ci when missing or stale);
#   3. the Pulumi CLI, the Node.js language host and the dynamic-provider plugin shim: a `pulumi` on PATH at
#      least as new as the SDK in the lockfile, else a build from Go modules cached by version under
#      ${XDG_CACHE_HOME:-~/.cache}/pulumi-tenant-admin/pulumi-v<version>/bin (built once per machine);
#   4. a non-interactive, offline engine: local file:// backend, passphrase, no update check, no plugin downloads.
# Variables already set by the caller (PULUMI_BACKEND_URL, PULUMI_HOME, PULUMI_CONFIG_PASSPHRASE) are kept.

_toolchain_main() {
  set -euo pipefail
  local root
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

  _log() { printf 'toolchain: %s\n' "$*" >&2; }

  _node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

  _ensure_node() {
    local tools_bin="$root/.tools/node/node_modules/.bin"
    if [ -x "$tools_bin/node" ]; then
      PATH="$tools_bin:$PATH"
    fi
    if [ "$(_node_major)" -ge 22 ]; then
      return
    fi
    _log "Node $(node --version 2>/dev/null || echo 'not found') is older than 22; installing Node 24 into .tools/node"
    # The node package's preinstall fetches the platform's binary: allowed here, so npm runs it without
    # listing it as a script "not yet covered by allowScripts".
    mkdir -p "$root/.tools/node"
    printf '{ "private": true, "allowScripts": { "node": true } }\n' >"$root/.tools/node/package.json"
    npm install --no-save --no-audit --no-fund --prefix "$root/.tools/node" node@24 >&2
    PATH="$tools_bin:$PATH"
    if [ "$(_node_major)" -lt 22 ]; then
      _log "could not provide Node >= 22 (got $(node --version 2>/dev/null || echo none))"
      return 1
    fi
  }

  _ensure_node_modules() {
    local marker="$root/node_modules/.package-lock.json"
    if [ ! -f "$marker" ] || [ "$root/package-lock.json" -nt "$marker" ]; then
      _log "installing dependencies (npm ci)"
      (cd "$root" && npm ci --no-audit --no-fund >&2)
    fi
  }

  _sdk_version() {
    node -p "require('$root/node_modules/@pulumi/pulumi/package.json').version"
  }

  # Prints the major.minor.patch of a `pulumi version` output, or nothing.
  _cli_version() { "$1" version 2>/dev/null | sed -n 's/^v\{0,1\}\([0-9]*\.[0-9]*\.[0-9]*\).*/\1/p'; }

  _version_at_least() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]; }

  # Copies the replace directives of a published go.mod that point at other modules (not at local paths),
  # because a wrapper module ignores its dependencies' replace directives.
  _module_replaces() {
    local gomod="$1"
    awk '
      function keep(spec) { if (spec !~ /=>[ \t]*\.\.?\//) print "replace " spec }
      /^replace \(/ { block = 1; next }
      block && /^\)/ { block = 0; next }
      block { sub(/^[ \t]+/, ""); keep($0); next }
      /^replace / { sub(/^replace /, ""); keep($0) }
    ' "$gomod"
  }

  _go_build_in_wrapper() {
    local dir="$1" module="$2" version="$3" package="$4" output="$5" stamp="$6"
    mkdir -p "$dir"
    (
      cd "$dir"
      printf 'module tenant-admin-toolchain/%s\n\ngo 1.25\n' "$(basename "$output")" >go.mod
      printf '//go:build tools\n\npackage tools\n\nimport _ "%s"\n' "$package" >tools.go
      local published
      published="$(go mod download -json "$module@$version" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const m=JSON.parse(s);if(m.Error){console.error(m.Error);process.exit(1)}console.log(m.GoMod)})')"
      _module_replaces "$published" >>go.mod
      go get "$module@$version" >&2
      go mod tidy >&2
      CGO_ENABLED=0 go build -trimpath -o "$output" \
        -ldflags "-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$stamp" "$package" >&2
    )
  }

  _build_pulumi() {
    local version="$1" bin="$2"
    if ! command -v go >/dev/null 2>&1; then
      _log "no Pulumi CLI >= $version on PATH and no Go toolchain to build one."
      _log "Install the Pulumi CLI (https://www.pulumi.com/docs/install/) or Go (https://go.dev/dl/), then rerun."
      return 1
    fi
    local work
    work="$(mktemp -d)"
    _log "building the Pulumi CLI v$version from Go modules (once per machine; several minutes on 2 cores)"
    _go_build_in_wrapper "$work/cli" github.com/pulumi/pulumi/pkg/v3 "v$version" \
      github.com/pulumi/pulumi/pkg/v3/cmd/pulumi "$work/out/pulumi" "$version"

    # The Node.js language host is its own module since v3.69, but that module has no release tags, so the
    # module proxy may not serve it. Before the split it was a package of the sdk/v3 module; v3.68.0 is the
    # last such release and its host still speaks the engine's protocol (the engine keeps older language
    # hosts working, as it must for separately released ones).
    if ! _go_build_in_wrapper "$work/lang" github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3 \
      "v$version" github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3 \
      "$work/out/pulumi-language-nodejs" "$version" 2>"$work/lang.err"; then
      _log "the language host module at v$version is not served by the module proxy:"
      grep -m1 -E 'not available|404|410|403|not found' "$work/lang.err" >&2 || tail -n1 "$work/lang.err" >&2
      _log "building it from github.com/pulumi/pulumi/sdk/v3@v3.68.0, the last release that ships it in the SDK module"
      _go_build_in_wrapper "$work/lang-sdk" github.com/pulumi/pulumi/sdk/v3 v3.68.0 \
        github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs \
        "$work/out/pulumi-language-nodejs" "3.68.0"
    fi
    mkdir -p "$bin"
    mv "$work/out/pulumi" "$work/out/pulumi-language-nodejs" "$bin/"
    rm -rf "$work"
  }

  _ensure_pulumi() {
    local version cache_bin
    version="$(_sdk_version)"
    cache_bin="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-tenant-admin/pulumi-v$version/bin"

    if [ -x "$cache_bin/pulumi" ] && [ -x "$cache_bin/pulumi-language-nodejs" ]; then
      PATH="$cache_bin:$PATH"
    else
      local existing found
      existing="$(command -v pulumi || true)"
      found="${existing:+$(_cli_version "$existing")}"
      if [ -n "$found" ] && _version_at_least "$found" "$version" &&
        command -v pulumi-language-nodejs >/dev/null 2>&1; then
        _log "using the Pulumi CLI $found at $existing"
      else
        mkdir -p "$(dirname "$cache_bin")"
        # One build at a time per machine, even when several shells bootstrap at once.
        exec 9>"$(dirname "$cache_bin").lock"
        flock 9
        if [ ! -x "$cache_bin/pulumi" ]; then
          _build_pulumi "$version" "$cache_bin"
        fi
        flock -u 9
        PATH="$cache_bin:$PATH"
      fi
    fi

    # The dynamic-provider plugin is a shell shim shipped in @pulumi/pulumi. Beside the pulumi binary the
    # engine finds it silently; anywhere else on PATH it warns on every run.
    local shim="$root/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs" pulumi_dir
    pulumi_dir="$(dirname "$(readlink -f "$(command -v pulumi)")")"
    if [ "$pulumi_dir" = "$cache_bin" ]; then
      _install_shim "$shim" "$cache_bin"
    elif [ ! -x "$pulumi_dir/pulumi-resource-pulumi-nodejs" ]; then
      # A CLI installed elsewhere normally ships the shim; if not, put ours on PATH without touching it.
      local shim_bin="$root/.tools/pulumi-plugins"
      _install_shim "$shim" "$shim_bin"
      PATH="$shim_bin:$PATH"
    fi
  }

  # Copies the shim into `dir` unless it is there already, through a temporary file renamed over the name:
  # several shells bootstrapping at once (npm start beside npm test) must not trip over each other's copy.
  _install_shim() {
    local shim="$1" dir="$2" copy
    cmp -s "$shim" "$dir/pulumi-resource-pulumi-nodejs" && return 0
    mkdir -p "$dir"
    copy="$(mktemp "$dir/.pulumi-resource-pulumi-nodejs.XXXXXX")"
    install -m 0755 "$shim" "$copy"
    mv -f "$copy" "$dir/pulumi-resource-pulumi-nodejs"
  }

  _engine_env() {
    local state="$root/.pulumi-local"
    mkdir -p "$state/backend" "$state/home"
    export PULUMI_BACKEND_URL="${PULUMI_BACKEND_URL:-file://$state/backend}"
    export PULUMI_HOME="${PULUMI_HOME:-$state/home}"
    export PULUMI_CONFIG_PASSPHRASE="${PULUMI_CONFIG_PASSPHRASE-local-demo-passphrase}"
    export PULUMI_SKIP_UPDATE_CHECK=true
    export PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true
  }

  _ensure_node
  _ensure_node_modules
  _ensure_pulumi
  _engine_env
  export PATH
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  _toolchain_main
  printf 'node %s at %s\n' "$(node --version)" "$(command -v node)"
  printf 'pulumi %s at %s\n' "$(pulumi version)" "$(command -v pulumi)"
  printf 'language host at %s\n' "$(command -v pulumi-language-nodejs)"
else
  # Sourced: run in a subshell-free way but restore the caller's shell options afterwards.
  # `set +o` runs in a command substitution, where bash drops errexit: record the caller's -e from $- itself,
  # or a sourcing script (.ci/run) would carry on past failing steps.
  _toolchain_saved_opts="$(set +o)"
  case $- in *e*) _toolchain_saved_opts+=$'\nset -o errexit' ;; esac
  _toolchain_main
  _toolchain_status=$?
  eval "$_toolchain_saved_opts"
  unset _toolchain_saved_opts
  # shellcheck disable=SC2317
  return "$_toolchain_status" 2>/dev/null || exit "$_toolchain_status"
fi
