#!/usr/bin/env bash
# Runs the sample: installs what is missing, starts a virtual X server when
# there is no display, then `go run ./cmd/sample ARGS`. With no arguments it
# replays the example frame trace through the game clock.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
ensure_go
ensure_packages
start_xvfb
trap stop_xvfb EXIT
if [ $# -eq 0 ]; then
  echo "replaying docs/example-trace.txt through the game clock (sample clock):" >&2
  go run ./cmd/sample clock < docs/example-trace.txt
else
  go run ./cmd/sample "$@"
fi
