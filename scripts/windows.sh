#!/usr/bin/env bash
# Windows checks from Linux: cross-builds with mingw-w64 and runs under Wine.
#
#   scripts/windows.sh [pure]  cross-builds the pure packages' test binaries
#                              (no cgo) and runs them, and the pacing
#                              benchmark, under Wine in a fresh prefix
#   scripts/windows.sh build   cgo cross-build and go vet of the whole module
#                              for windows/amd64
#   scripts/windows.sh sample  cross-builds sample.exe and compares it under
#                              Wine with the Linux build: `sample clock`, a
#                              fixed-dt run's state dump and screenshot (byte
#                              for byte), then a 3 s real-time run; and runs
#                              the renderer's C-heap, allocation and loader
#                              tests (RENDERER_TESTS) as a Windows binary
#
# Installs what is missing (gcc-mingw-w64-x86-64, wine64, wine). Every Wine
# call runs under `timeout` (WINE_TIMEOUT seconds, default 600, per test
# binary or run); the prefix, the wineserver and a virtual X server the
# script started are gone when it ends.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

mode=${1:-pure}
case "$mode" in
  pure|build|sample) ;;
  *) echo "usage: $0 [pure|build|sample]" >&2; exit 2 ;;
esac

WINE_TIMEOUT=${WINE_TIMEOUT:-600}
# The pure packages, as directories: their tests run there (docs reads ../).
PURE_PACKAGES=(timing renderer/present renderer/present/pacing engine engine/audio engine/geom engine/graphics/packed docs)
# The renderer's tests that sample mode runs under Wine: the C heap measured
# by walking the process heaps (it sees a malloc; frames keep it flat), no
# Go allocation per frame, vulkan-1.dll loaded by the renderer itself
# (StartInstance), and the per-OS error texts. Not the no-driver tests:
# under Wine the host's loader serves winevulkan, so a child cannot be left
# without a driver through VK_DRIVER_FILES as on Windows.
RENDERER_TESTS='^(TestCHeapMeasureSeesAMalloc|TestSteadyFramesKeepCMemoryFlat|TestSteadyFrameAllocatesNothing|TestG9_CHeapFlatOver10000Frames|TestG9_FiftyMeshFrameAllocatesNothing|TestW5_StartedInstanceRendersReadBackPixels|TestW6_ErrorTextsNameTheOSsVulkanRuntime|TestW6_PickGPUErrorsSayWhatToInstall)$'

ensure_go
(METRONOME_PACKAGES=(gcc-mingw-w64-x86-64 wine64 wine libvulkan-dev); ensure_packages)

work=$(mktemp -d)
export WINEPREFIX="$work/prefix" WINEARCH=win64 WINEDEBUG=-all
# No Mono or Gecko: nothing here needs them, and their installers would ask.
export WINEDLLOVERRIDES="mscoree,mshtml="

cleanup() {
  if [ -d "$WINEPREFIX" ]; then
    timeout 30 wineserver -k 2>/dev/null || true
  fi
  stop_xvfb
  rm -rf "$work"
}
trap cleanup EXIT

# vulkan_include makes a directory with only the host's vulkan/ and
# vk_video/ headers, for -idirafter: -I/usr/include would shadow mingw's C
# library headers, and -I of the Vulkan headers would shadow vulkan-go's own.
# Its path is the same on every run (the user's cache directory): CGO_CFLAGS
# is part of Go's build cache key, so a new path would rebuild every cgo
# package each time.
vulkan_include() {
  local dir="${XDG_CACHE_HOME:-$HOME/.cache}/metronome/windows-include"
  if ! diff -rq /usr/include/vulkan "$dir/vulkan" >/dev/null 2>&1 ||
    ! diff -rq /usr/include/vk_video "$dir/vk_video" >/dev/null 2>&1; then
    rm -rf "$dir"
    mkdir -p "$dir"
    cp -r /usr/include/vulkan /usr/include/vk_video "$dir/"
  fi
  echo "$dir"
}

# cross_cgo runs a go command for windows/amd64 with cgo and mingw-w64.
cross_cgo() {
  CGO_ENABLED=1 GOOS=windows GOARCH=amd64 CC=x86_64-w64-mingw32-gcc \
    CGO_CFLAGS="-O2 -g -idirafter $(vulkan_include)" go "$@"
}

# make_prefix makes the fresh Wine prefix and sets wine_version.
make_prefix() {
  local t=$SECONDS v stub
  wine_version=$(wine --version) # wine-8.0 (Debian 8.0~repack-4)
  timeout 120 wine wineboot --init >"$work/wineboot.log" 2>&1 || {
    echo "wineboot failed; its log:" >&2
    cat "$work/wineboot.log" >&2
    return 1
  }
  # A crash must end the process, not wait for someone to close a dialog
  # (and keep the wineserver alive).
  timeout 60 wine reg add 'HKCU\Software\Wine\WineDbg' /v ShowCrashDialog /t REG_DWORD /d 0 /f >/dev/null
  # One wineserver for the whole run: by default it exits a moment after its
  # last client, and a wine call that starts as it exits fails with
  # "wine client error:0: recvmsg: Connection reset by peer" before the
  # program runs. -k saves the registry; -p starts a server that stays until
  # cleanup's -k.
  timeout 30 wineserver -k 2>/dev/null || true
  wineserver -p
  # Wine before 8.13 lacks bcryptprimitives.dll, which every Go 1.22+
  # Windows binary loads at start: a test-only stub stands in for it.
  v=${wine_version#wine-}
  v=${v%% *}
  if [ "$(printf '%s\n' "$v" 8.13 | sort -V | head -1)" != 8.13 ]; then
    x86_64-w64-mingw32-gcc -shared -O2 -s -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
      scripts/windows/bcryptprimitives.c -lbcrypt
    stub="stub bcryptprimitives.dll"
  else
    stub="Wine's own bcryptprimitives.dll"
  fi
  echo "$wine_version, fresh prefix, $stub ($((SECONDS - t)) s)"
}

# Results: record adds a line to the summary; any FAIL fails the script.
summary=()
failed=0
record() { # NAME RESULT DETAIL
  summary+=("$(printf '%-24s %-26s %s' "$1" "$2" "$3")")
  [ "$2" = PASS ] || failed=1
}

finish() { # TITLE
  echo
  echo "== $1 ($((SECONDS - t0)) s in all)"
  printf '%s\n' "${summary[@]}"
  if [ $failed -ne 0 ]; then
    echo "windows $mode: FAILED"
    exit 1
  fi
  echo "windows $mode: OK"
}

# run_wine NAME DIR ARGS...: runs a test binary under Wine in DIR, logs its
# output and records the result with the tests passed and skipped.
run_wine() {
  local name=$1 dir=$2 rc=0 t=$SECONDS n skipped result=PASS
  local log="$work/log-${name//[^A-Za-z0-9]/_}.txt"
  shift 2
  (cd "$dir" && timeout "$WINE_TIMEOUT" wine "$@") >"$log" 2>&1 || rc=$?
  n=$(grep -c -e '^--- PASS' -e '^Benchmark.* ns/op' "$log" || true)
  skipped=$(grep -c '^--- SKIP' "$log" || true)
  if [ $rc -ne 0 ] || ! grep -q '^PASS' "$log"; then
    result="FAIL (exit $rc)"
    [ $rc -eq 124 ] && result="FAIL (exit $rc, timed out)"
    echo "---- $name: failures ----"
    grep -n -B12 -A3 -e '^--- FAIL' -e '^panic:' "$log" | head -n 120 || true
    echo "---- $name: output ----"
    tail -n 60 "$log"
  fi
  record "$name" "$result" "$(printf '%4s passed %3s skipped %4d s' "$n" "$skipped" $((SECONDS - t)))"
}

t0=$SECONDS
case "$mode" in
build)
  status=0
  echo "== go build ./... (windows/amd64, cgo, mingw-w64)"
  cross_cgo build ./... || status=1
  echo "== go vet ./... (windows/amd64)"
  cross_cgo vet ./... || status=1
  [ $status -eq 0 ] && echo "windows build: OK" || echo "windows build: FAILED"
  exit $status
  ;;

pure)
  unset DISPLAY WAYLAND_DISPLAY # the pure tests open no window
  make_prefix
  t1=$SECONDS
  mkdir -p "$work/bin"
  pkgs=()
  for p in "${PURE_PACKAGES[@]}"; do pkgs+=("./$p"); done
  GOOS=windows GOARCH=amd64 CGO_ENABLED=0 go test -c -o "$work/bin/" "${pkgs[@]}"
  echo "cross-built ${#pkgs[@]} test binaries ($((SECONDS - t1)) s)"
  for p in "${PURE_PACKAGES[@]}"; do
    run_wine "$p" "$p" "$work/bin/$(basename "$p").test.exe" -test.count=1 -test.v
  done
  # Pacing on the real clock: a coarse clock must not read as a stalled one.
  run_wine "timing -bench=Pacing" timing "$work/bin/timing.test.exe" \
    -test.run='^$' -test.bench=Pacing -test.benchtime=60x
  grep -h '^BenchmarkPacing' "$work/log-timing__bench_Pacing.txt" || true
  finish "Windows pure tests under $wine_version"
  ;;

sample)
  # Mesa's lavapipe unless the caller chose a driver; under Wine the host's
  # loader and driver serve winevulkan. No validation layer exists there.
  if [ -z "${VK_DRIVER_FILES:-}${VK_ICD_FILENAMES:-}" ] && [ -f /usr/share/vulkan/icd.d/lvp_icd.x86_64.json ]; then
    export VK_DRIVER_FILES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json
  fi
  t1=$SECONDS
  go build -o "$work/sample" ./cmd/sample
  cross_cgo build -o "$work/sample.exe" ./cmd/sample
  cross_cgo test -c -o "$work/vulkan.test.exe" ./renderer/vulkan
  echo "built sample, sample.exe and vulkan.test.exe ($((SECONDS - t1)) s)"
  start_xvfb
  make_prefix
  trace=$PWD/docs/example-trace.txt
  out=$work/out
  mkdir -p "$out"
  cd "$out"
  # same NAME FILE...: each FILE.linux and FILE.wine must be identical.
  same() {
    local name=$1 f
    shift
    for f in "$@"; do
      if ! cmp -s "$f.linux" "$f.wine"; then
        record "$name" FAIL "$f differs: $(cmp "$f.linux" "$f.wine" 2>&1 | head -1)"
        return
      fi
    done
    record "$name" PASS "byte-identical: $*"
  }
  for p in default xna; do
    "$work/sample" clock -profile "$p" <"$trace" >"clock-$p.txt.linux"
    if timeout "$WINE_TIMEOUT" wine "$work/sample.exe" clock -profile "$p" <"$trace" >"clock-$p.txt.wine"; then
      same "sample clock ($p)" "clock-$p.txt"
    else
      record "sample clock ($p)" FAIL "sample.exe exited $?"
    fi
  done
  fixed=(-fixed-dt 16.6667ms -frames 120)
  "$work/sample" "${fixed[@]}" -dump-state dump.txt.linux -screenshot shot.png.linux
  if timeout "$WINE_TIMEOUT" wine "$work/sample.exe" "${fixed[@]}" -dump-state dump.txt.wine -screenshot shot.png.wine; then
    same "fixed-dt render" dump.txt shot.png
  else
    record "fixed-dt render" FAIL "sample.exe exited $?"
  fi
  t2=$SECONDS
  if timeout 120 wine "$work/sample.exe" -duration 3s; then
    record "3 s real-time run" PASS "exit 0 after $((SECONDS - t2)) s (start and teardown included)"
  else
    record "3 s real-time run" FAIL "sample.exe exited $?"
  fi
  cd - >/dev/null
  # The renderer's tests as a Windows binary (a skip fails); no validation
  # layer under Wine.
  METRONOME_VALIDATION=0 METRONOME_REQUIRE_GPU=1 run_wine "renderer/vulkan tests" renderer/vulkan "$work/vulkan.test.exe" \
    -test.count=1 -test.v -test.run="$RENDERER_TESTS"
  grep -h 'C heap in use' "$work/log-renderer_vulkan_tests.txt" || true
  finish "sample.exe and the renderer's tests under $wine_version"
  ;;
esac
