#!/usr/bin/env bash
# Installs the package the way a Pulumi user does and checks that it works there:
#
#   1. `npm pack` (its `prepare` builds dist/);
#   2. for the oldest and the newest @pulumi/pulumi of the peer range: a fresh project made from Pulumi's
#      TypeScript template (its Pulumi.yaml, package.json and tsconfig.json), with the tarball installed;
#   3. `tsc --noEmit` there (skipLibCheck off: every .d.ts of ours is checked), under the template's
#      tsconfig as most projects have it (module commonjs, moduleResolution node) and as the template
#      has it today (nodenext);
#   4. `pulumi preview` of a program using CaptchaConfig, PhoneNotificationTemplate and getTenantSettingsOutput,
#      against the `tenant-emulator` bin of the tarball, with the tenant in the stack config.
#
#   bash scripts/check-template-project.sh [<@pulumi/pulumi version> ...]   # default: oldest and newest
#
# The npm cache is used first (--prefer-offline), so a second run downloads nothing.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/tenant-admin-template.XXXXXX")"
emulator_pid=""

cleanup() {
  if [ -n "$emulator_pid" ]; then kill "$emulator_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

log() { printf 'check-template-project: %s\n' "$*" >&2; }
fail() {
  log "FAILED: $*"
  exit 1
}

# An engine of our own: its home in the temp dir, not the repository's .pulumi-local; a backend per project.
export PULUMI_BACKEND_URL="file://$work/unused-backend"
export PULUMI_HOME="$work/pulumi-home"
export PULUMI_CONFIG_PASSPHRASE="template-check"
mkdir -p "$PULUMI_HOME"
# shellcheck source=scripts/toolchain.sh
source "$root/scripts/toolchain.sh"

peer_range="$(node -p "require('$root/package.json').peerDependencies['@pulumi/pulumi']")"
oldest="$(node -p "'$peer_range'.replace(/^[\\^~>=]*/, '')")"
newest="$(node -p "require('$root/node_modules/@pulumi/pulumi/package.json').version")"
if [ "$#" -gt 0 ]; then versions=("$@"); else versions=("$oldest" "$newest"); fi

log "packing (prepare builds dist/)"
tarball="$(cd "$root" && npm pack --silent --pack-destination "$work")"
tarball="$work/$(printf '%s\n' "$tarball" | tail -n1)"
[ -f "$tarball" ] || fail "npm pack produced no tarball"
contents="$(tar -tzf "$tarball")"
grep -qx 'package/LICENSE' <<<"$contents" || fail "the tarball has no LICENSE"
if grep -q '\.d\.ts\.map$' <<<"$contents"; then fail "the tarball ships declaration maps of sources it does not ship"; fi

write_project() {
  local dir="$1" sdk="$2"
  mkdir -p "$dir"
  # Pulumi's TypeScript template (github.com/pulumi/templates, typescript/), with our package added.
  cat >"$dir/Pulumi.yaml" <<'EOF'
name: template-check
description: A minimal TypeScript Pulumi program
runtime: nodejs
EOF
  cat >"$dir/package.json" <<EOF
{
  "name": "template-check",
  "main": "index.ts",
  "devDependencies": {
    "@types/node": "^18",
    "typescript": "^5.0.0"
  },
  "dependencies": {
    "@pulumi/pulumi": "$sdk",
    "pulumi-tenant-admin": "file:$tarball"
  }
}
EOF
  # The template's tsconfig before March 2026 (what most existing projects have), then today's.
  cat >"$dir/tsconfig.json" <<'EOF'
{
    "compilerOptions": {
        "strict": true,
        "outDir": "bin",
        "target": "es2020",
        "module": "commonjs",
        "moduleResolution": "node",
        "sourceMap": true,
        "experimentalDecorators": true,
        "pretty": true,
        "noFallthroughCasesInSwitch": true,
        "noImplicitReturns": true,
        "forceConsistentCasingInFileNames": true,
        "skipLibCheck": false
    },
    "files": [
        "index.ts"
    ]
}
EOF
  sed -e 's/"commonjs"/"nodenext"/' -e 's/"moduleResolution": "node"/"moduleResolution": "nodenext"/' \
    "$dir/tsconfig.json" >"$dir/tsconfig.nodenext.json"
  cat >"$dir/index.ts" <<'EOF'
import * as pulumi from "@pulumi/pulumi";
import { CaptchaConfig, PhoneNotificationTemplate, TenantApiError, getTenantSettingsOutput } from "pulumi-tenant-admin";
import type { CaptchaConfigArgs, TenantSettings } from "pulumi-tenant-admin";
import type { TenantEmulator } from "pulumi-tenant-admin/emulator";

const args: CaptchaConfigArgs = {
  activeProviderId: "hcaptcha",
  hcaptcha: { siteKey: "10000000-ffff-ffff-ffff-000000000001", secret: pulumi.secret("template-check-secret") },
};
const captcha = new CaptchaConfig("captcha", args);

new PhoneNotificationTemplate("otp-verify", {
  type: "otp_verify",
  content: { body: { text: "{{code}} is your {{friendly_name}} code." } },
});

const settings = getTenantSettingsOutput({ fields: ["friendlyName", "sessionLifetime"] });
const friendly: pulumi.Output<TenantSettings["friendlyName"]> = settings.apply((s) => s.friendlyName);

export const friendlyName = friendly;
export const activeProvider = captcha.activeProviderId;
export const errorName: string = TenantApiError.name;
export type EmulatorUrl = TenantEmulator["url"];
EOF
}

start_emulator() {
  local dir="$1"
  # A new tenant, like a new real one, returns no friendly name: seed the settings of a named tenant.
  printf '%s\n' '{"friendly_name":"My Company","session_lifetime":168,"idle_session_lifetime":72,"enabled_locales":["en"]}' \
    >"$dir/settings.json"
  "$dir/node_modules/.bin/tenant-emulator" --port 0 --settings "$dir/settings.json" \
    >"$dir/emulator.json" 2>"$dir/emulator.log" &
  emulator_pid=$!
  local tries=0
  until [ -s "$dir/emulator.json" ]; do
    tries=$((tries + 1))
    [ "$tries" -le 200 ] || fail "the tenant-emulator bin printed nothing in 20 s"
    kill -0 "$emulator_pid" 2>/dev/null || fail "the tenant-emulator bin exited: $(cat "$dir/emulator.log")"
    sleep 0.1
  done
}

install_project() {
  local sdk="$1" dir="$work/project-$1"
  write_project "$dir" "$sdk"
  (cd "$dir" && npm install --prefer-offline --no-audit --no-fund --loglevel=error >"$dir/npm.log" 2>&1) ||
    echo "npm install failed" >"$dir/npm.failed"
}

check_version() {
  local sdk="$1" dir="$work/project-$1"
  [ ! -f "$dir/npm.failed" ] || fail "npm install in the template project ($sdk): $(tail -n 20 "$dir/npm.log")"

  for config in tsconfig.json tsconfig.nodenext.json; do
    log "@pulumi/pulumi $sdk: tsc --noEmit -p $config"
    (cd "$dir" && ./node_modules/.bin/tsc --noEmit --pretty false -p "$config") ||
      fail "tsc --noEmit with the template's $config and @pulumi/pulumi $sdk"
  done

  log "@pulumi/pulumi $sdk: pulumi preview against the package's tenant-emulator"
  start_emulator "$dir"
  local url client_id client_secret
  url="$(node -p "require('$dir/emulator.json').url")"
  client_id="$(node -p "require('$dir/emulator.json').clientId")"
  client_secret="$(node -p "require('$dir/emulator.json').clientSecret")"
  (
    cd "$dir"
    # The tenant comes from the stack config only, so the provider must receive it through `configure`.
    unset AUTH0_DOMAIN AUTH0_CLIENT_ID AUTH0_CLIENT_SECRET AUTH0_API_TOKEN AUTH0_AUDIENCE
    mkdir -p "$dir/state"
    export PULUMI_BACKEND_URL="file://$dir/state"
    pulumi stack init ci --non-interactive >/dev/null
    pulumi config set tenant-admin:domain "$url" --non-interactive
    pulumi config set tenant-admin:clientId --non-interactive -- "$client_id"
    pulumi config set --secret tenant-admin:clientSecret --non-interactive -- "$client_secret"
    pulumi preview --non-interactive --diff >"$dir/preview.log" 2>&1
  ) || fail "pulumi preview with @pulumi/pulumi $sdk: $(tail -n 30 "$dir/preview.log")"
  grep -q 'My Company' "$dir/preview.log" || fail "the preview shows no tenant settings: $(cat "$dir/preview.log")"
  grep -q '+ 3 to create' "$dir/preview.log" || fail "the preview plans no create: $(cat "$dir/preview.log")"
  if grep -q -e "template-check-secret" -e "$client_secret" "$dir/preview.log"; then
    fail "a secret appears in the preview's output"
  fi
  kill "$emulator_pid" 2>/dev/null || true
  wait "$emulator_pid" 2>/dev/null || true
  emulator_pid=""
  log "@pulumi/pulumi $sdk: ok"
}

log "installing the tarball into a fresh template project per version: ${versions[*]}"
for sdk in "${versions[@]}"; do install_project "$sdk" & done
wait
for sdk in "${versions[@]}"; do check_version "$sdk"; done
log "ok: peer range $peer_range, tested @pulumi/pulumi ${versions[*]}"
