#!/usr/bin/env bash
# Compares the renderer with vkcube on the same display and driver, in one
# run (issue 3, Performance). Needs DISPLAY (an Xvfb started with the malloc
# tunables of scripts/lib.sh), vkcube (Debian: vulkan-tools) and Go.
#
#   renderer/vulkan/internal/probe/compare.sh [frames] [runs]
#
# fps: (frames) / (time of a frames+1 run - time of a 1-frame run), both
# programs timed from outside the same way, IMMEDIATE, 640x480.
# start: wall time of a whole 1-frame run (start, first present, teardown),
# both programs; the probe also prints its launch-to-first-present time.
set -euo pipefail
frames=${1:-3000}
runs=${2:-3}
: "${DISPLAY:?DISPLAY must name an X server (Xvfb)}"
export METRONOME_VALIDATION=0 # vkcube runs without the layer too
cd "$(dirname "$0")/../../../.."
bin=$(mktemp -d)/probe
go build -o "$bin" ./renderer/vulkan/internal/probe

now() { date +%s%N; }
# wall NANOS of a command
wall() { local s e; s=$(now); "$@" >/dev/null 2>&1; e=$(now); echo $((e - s)); }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

probe() { "$bin" -frames "$1" -interval 0 -width 640 -height 480; }
cube() { vkcube --present_mode 0 --c "$1" --width 640 --height 480; }

declare -a pf cf ps cs pff
for ((i = 0; i < runs; i++)); do
  p1=$(wall probe 0); c1=$(wall cube 1)
  pn=$(wall probe "$frames"); cn=$(wall cube $((frames + 1)))
  ps+=("$p1"); cs+=("$c1")
  pf+=("$(awk -v f="$frames" -v a="$pn" -v b="$p1" 'BEGIN {printf "%.0f", f / ((a - b) / 1e9)}')")
  cf+=("$(awk -v f="$frames" -v a="$cn" -v b="$c1" 'BEGIN {printf "%.0f", f / ((a - b) / 1e9)}')")
  pff+=("$(METRONOME_LAUNCH_NS=$(now) "$bin" -frames 0 | awk '/first_frame_ms/ {print $2}')")
done
p=$(printf '%s\n' "${pf[@]}" | median); c=$(printf '%s\n' "${cf[@]}" | median)
echo "runs $runs, frames $frames, 640x480 IMMEDIATE, driver ${VK_DRIVER_FILES:-default}"
echo "fps      metronome ${pf[*]} (median $p)   vkcube ${cf[*]} (median $c)   ratio $(awk -v a="$p" -v b="$c" 'BEGIN {printf "%.2f", a / b}')"
echo "1-frame run ms  metronome $(printf '%s\n' "${ps[@]}" | median | awk '{printf "%.1f", $1 / 1e6}')   vkcube $(printf '%s\n' "${cs[@]}" | median | awk '{printf "%.1f", $1 / 1e6}')"
echo "metronome launch-to-first-present ms: ${pff[*]}"
