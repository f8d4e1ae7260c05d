#!/usr/bin/env bash
# Runs every test of the module: installs what is missing, starts a virtual X
# server when there is no display, turns the Vulkan validation layer on.
# Extra arguments go to `go test` (for example -run, -v).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
ensure_go
ensure_packages
start_xvfb
trap stop_xvfb EXIT

# Validation on for every GPU test (rule W3); a driver that is there but not
# chosen is no excuse: pick Mesa's lavapipe unless the caller chose.
export METRONOME_VALIDATION=1
if [ -z "${VK_DRIVER_FILES:-}${VK_ICD_FILENAMES:-}" ] && [ -f /usr/share/vulkan/icd.d/lvp_icd.x86_64.json ]; then
  export VK_DRIVER_FILES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json
fi

go vet ./...
# Build in parallel first, then run GPU packages one at a time (-p 1).
go test -count=1 -run '^$' ./... >/dev/null
go test -count=1 -p 1 "$@" ./...
