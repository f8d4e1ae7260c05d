#!/usr/bin/env bash
# Windows checks from Linux: cross-builds with mingw-w64 and runs under Wine.
#
#   scripts/windows.sh [pure]  cross-builds the pure packages' test binaries
#                              (no cgo) and runs them, and the pacing
#                              benchmark, under Wine in a fresh prefix
#   scripts/windows.sh build   cgo cross-build and vet of the whole module
#                              for windows/amd64 with mingw-w64
#
# Installs what is missing (gcc-mingw-w64-x86-64, wine64, wine). Every Wine
# call runs under `timeout` (WINE_TIMEOUT seconds, default 600, per test
# binary); the prefix and the wineserver are gone when the script ends.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

mode=${1:-pure}
case "$mode" in
  pure|build) ;;
  *) echo "usage: $0 [pure|build]" >&2; exit 2 ;;
esac

WINE_TIMEOUT=${WINE_TIMEOUT:-600}
# The pure packages, as directories: their tests run there (docs reads ../).
PURE_PACKAGES=(timing renderer/present renderer/present/pacing engine docs)

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
  rm -rf "$work"
}
trap cleanup EXIT

# vulkan_include makes a directory with only the host's vulkan/ and
# vk_video/ headers, for -idirafter: -I/usr/include would shadow mingw's C
# library headers, and -I of the Vulkan headers would shadow vulkan-go's own.
vulkan_include() {
  local dir="$work/include"
  mkdir -p "$dir"
  cp -r /usr/include/vulkan /usr/include/vk_video "$dir/"
  echo "$dir"
}

if [ "$mode" = build ]; then
  inc=$(vulkan_include)
  export CGO_ENABLED=1 GOOS=windows GOARCH=amd64 CC=x86_64-w64-mingw32-gcc
  export CGO_CFLAGS="-O2 -g -idirafter $inc"
  status=0
  echo "== go build ./... (windows/amd64, cgo, mingw-w64)"
  go build ./... || status=1
  echo "== go vet ./... (windows/amd64)"
  go vet ./... || status=1
  [ $status -eq 0 ] && echo "windows build: OK" || echo "windows build: FAILED"
  exit $status
fi

# --- pure: a fresh prefix, the test binaries, the runs ---------------------
t0=$SECONDS
unset DISPLAY WAYLAND_DISPLAY # the pure tests open no window
wine_version=$(wine --version) # wine-8.0 (Debian 8.0~repack-4)
timeout 120 wine wineboot --init >"$work/wineboot.log" 2>&1 || {
  echo "wineboot failed; its log:" >&2
  cat "$work/wineboot.log" >&2
  exit 1
}
# A crash must end the process, not wait for someone to close a dialog
# (and keep the wineserver alive).
timeout 60 wine reg add 'HKCU\Software\Wine\WineDbg' /v ShowCrashDialog /t REG_DWORD /d 0 /f >/dev/null

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
echo "$wine_version, fresh prefix, $stub ($((SECONDS - t0)) s)"

t1=$SECONDS
mkdir -p "$work/bin"
pkgs=()
for p in "${PURE_PACKAGES[@]}"; do pkgs+=("./$p"); done
GOOS=windows GOARCH=amd64 CGO_ENABLED=0 go test -c -o "$work/bin/" "${pkgs[@]}"
echo "cross-built ${#pkgs[@]} test binaries ($((SECONDS - t1)) s)"

# run_wine NAME DIR ARGS...: runs a test binary under Wine in DIR, logs its
# output to $work/NAME.log and records a summary line.
summary=()
failed=0
run_wine() {
  local name=$1 dir=$2 rc=0 t=$SECONDS n skipped result=PASS
  local log="$work/log-${name//[^A-Za-z0-9]/_}.txt"
  shift 2
  (cd "$dir" && timeout "$WINE_TIMEOUT" wine "$@") >"$log" 2>&1 || rc=$?
  n=$(grep -c -e '^--- PASS' -e '^Benchmark.* ns/op' "$log" || true)
  skipped=$(grep -c '^--- SKIP' "$log" || true)
  if [ $rc -ne 0 ] || ! grep -q '^PASS' "$log"; then
    result="FAIL (exit $rc$([ $rc -eq 124 ] && echo ', timed out'))"
    failed=1
    echo "---- $name: output ----"
    tail -n 60 "$log"
  fi
  summary+=("$(printf '%-24s %-22s %4s passed %3s skipped %4d s' "$name" "$result" "$n" "$skipped" $((SECONDS - t)))")
}

for p in "${PURE_PACKAGES[@]}"; do
  run_wine "$p" "$p" "$work/bin/$(basename "$p").test.exe" -test.count=1 -test.v
done
# Pacing on the real clock: a coarse clock must not read as a stalled one.
run_wine "timing -bench=Pacing" timing "$work/bin/timing.test.exe" \
  -test.run='^$' -test.bench=Pacing -test.benchtime=60x
grep -h '^BenchmarkPacing' "$work/log-timing__bench_Pacing.txt" || true

echo
echo "== Windows pure tests under $wine_version ($((SECONDS - t0)) s in all)"
printf '%s\n' "${summary[@]}"
if [ $failed -ne 0 ]; then
  echo "windows pure tests: FAILED"
  exit 1
fi
echo "windows pure tests: OK"
