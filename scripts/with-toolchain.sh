#!/usr/bin/env bash
# Runs a command with the project's toolchain on PATH and the offline engine settings exported.
set -euo pipefail
# shellcheck source=scripts/toolchain.sh
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
exec "$@"
