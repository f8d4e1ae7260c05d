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
. scripts/pulse.sh && start_pulse && trap 'stop_pulse; stop_xvfb' EXIT # audio tests (A7)

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

# A second, current driver: Mesa 25's lavapipe from bookworm-backports,
# fetched into a cache folder by scripts/mesa25.sh (the system's Mesa stays
# as it is), runs the presentation and switching tests again, so both
# paths of a present-mode change are tested: rebuilt on the system's Mesa,
# in place on Mesa 25 (P11). A -run given to this script filters this run
# too. METRONOME_MESA25=0 skips it.
if [ "${METRONOME_MESA25:-1}" != 0 ]; then
  case " $* " in
    *" -run "* | *" -run="*) mesa25_args=("$@") ;;
    *) mesa25_args=(-run '^(TestP4_|TestP5_|TestP6_PacingChange|TestP8_|TestP11_|TestW2_ResizeStorm|TestG10_)' "$@") ;;
  esac
  system_icd=${VK_DRIVER_FILES:-}
  (
    . scripts/mesa25.sh --env
    echo "second driver: Mesa $MESA25_VERSION's lavapipe ($VK_DRIVER_FILES)" >&2
    go test -count=1 -p 1 "${mesa25_args[@]}" ./...
    # G16: the CPU per draw of 1,000 BasicEffect draws (us/draw), briefly,
    # on this driver and on the system's. Only in a full run.
    case " $* " in *" -run "* | *" -run="*) ;; *)
      go test -count=1 -p 1 -run '^$' -bench '^BenchmarkG16_' -benchtime 3x ./renderer/vulkan
      (unset LD_LIBRARY_PATH; VK_DRIVER_FILES=$system_icd go test -count=1 -p 1 -run '^$' -bench '^BenchmarkG16_' -benchtime 3x ./renderer/vulkan)
      ;;
    esac
  )
fi

# The best-practices pass (W3, W12): the renderer's GPU tests again with the
# layer's best-practices and synchronization checks (scripts/bestpractices.sh,
# about a minute). Only in a full run: a -run given here skips it.
case " $* " in *" -run "* | *" -run="*) ;; *) bash scripts/bestpractices.sh ;; esac
