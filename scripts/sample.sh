#!/usr/bin/env bash
# Runs the sample game: installs what is missing, and on a machine without a
# display (a server, CI) starts a virtual X server, runs the sample for a few
# seconds and writes a screenshot. With arguments, they go to the sample
# (`go run ./cmd/sample ARGS`; e.g. `clock`, `pacing -simulate`, `sprites`,
# `-h`), except `pong`, which runs the Pong of examples/pong.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
ensure_go
ensure_packages
headless=0
[ -z "${DISPLAY:-}" ] && headless=1
start_xvfb
trap stop_xvfb EXIT
if [ "${1:-}" = pong ]; then
  if [ "$headless" = 1 ]; then
    echo "no display: running Pong for 3 seconds on a virtual X server (Xvfb)" >&2
    bin=$(mktemp -d)/pong
    go build -o "$bin" ./examples/pong
    rc=0
    timeout 3 "$bin" || rc=$?
    [ "$rc" -eq 0 ] || [ "$rc" -eq 124 ] || exit "$rc"
    echo "Pong ran; on a desktop it opens its window (W/S, Up/Down, P pause, Esc quit)" >&2
  else
    echo "keys: W/S left paddle, Up/Down right paddle, P pause, Esc quit" >&2
    go run ./examples/pong
  fi
elif [ $# -gt 0 ]; then
  go run ./cmd/sample "$@"
elif [ "$headless" = 1 ]; then
  shot="$PWD/sample-screenshot.png"
  echo "no display: running the sample for 3 seconds on a virtual X server (Xvfb)" >&2
  go run ./cmd/sample -duration 3s -screenshot "$shot"
  echo "screenshot of the last frame: $shot" >&2
else
  echo "keys: 0/1/2 swap interval, H half rate, F fixed/variable step, +/- target rate, P pause, L load, R reset elapsed time, D display lock, Esc quit" >&2
  go run ./cmd/sample
fi
