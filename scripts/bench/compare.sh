#!/usr/bin/env bash
# Compares the sample's cube scene with vkcube on the same display and
# driver, side by side in one run. Needs DISPLAY (an Xvfb started with the
# malloc tunables of scripts/lib.sh), vkcube (Debian: vulkan-tools) and Go.
#
#   scripts/bench/compare.sh [frames] [runs]
#
# fps: frames / (time of a frames+1 run - time of a 1-frame run), both
# programs timed from outside the same way: IMMEDIATE, 640x480, the sample
# with a variable step (-variable: one update and one draw per frame, so
# draws are not capped at the 60 Hz step).
# launch: wall time of a whole 1-frame run (start, pipelines built at
# start-up, first present, teardown), both programs; and, for the sample,
# launch to first present: from just before its exec to the return of its
# first present (its launch trace gives that moment in Unix time), against
# vkcube's whole 1-frame run.
set -euo pipefail
frames=${1:-2000}
runs=${2:-3}
: "${DISPLAY:?DISPLAY must name an X server (Xvfb)}"
export METRONOME_VALIDATION=0 # vkcube runs without the layer too
cd "$(dirname "$0")/../.."
bin=$(mktemp -d)/sample
go build -o "$bin" ./cmd/sample

now() { date +%s%N; }
# wall NANOS of a command
wall() { local s e; s=$(now); "$@" >/dev/null 2>&1; e=$(now); echo $((e - s)); }
trace=$(mktemp)
steps=$(mktemp)
# wall NANOS of a 1-frame sample run; sets first to the NANOS from just
# before its exec to its first present's return (from its launch trace).
wall1() {
  local s e
  s=$(now)
  METRONOME_LAUNCH_TRACE=1 sample 1 >/dev/null 2>"$trace"
  e=$(now)
  first=$(awk -v s="$s" '/^launch trace: 0 ms is Unix time/ {split($8, t, "."); z = t[1] * 1e9 + t[2] * 1e3}
    /first present returned/ {printf "%.0f", z + $2 * 1e6 - s}' "$trace")
  wall_ns=$((e - s))
  # The steps that place a gap: NANOS from just before the exec, one
  # line of "name nanos" per step found in the trace.
  awk -v s="$s" '/^launch trace: 0 ms is Unix time/ {split($8, t, "."); z = t[1] * 1e9 + t[2] * 1e3; printf "trace-zero %.0f\n", z - s}
    /the driver scan begun at process load/ {k = "scan-ended"}
    /vulkan: instance created/ {k = "instance"}
    /vulkan: device created/ {k = "device"}
    /window: GLFW initialised/ {k = "glfw-init"}
    /^launch .*window created/ {k = "window"}
    /vulkan: start taken over/ {k = "takeover"}
    /vulkan: swapchain built/ {k = "swapchain"}
    /game: first Draw returned/ {k = "first-draw"}
    /first present returned/ {k = "first-present"}
    k != "" && /^launch / {printf "%s %.0f\n", k, z + $2 * 1e6 - s; k = ""}' "$trace" >>"$steps"
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# SAMPLE_ARGS adds flags to the sample's command (for example -hud=false:
# the cube scene without the HUD's text; "-hud=false -balls=false": one lit
# cube, the content vkcube draws).
sample() { "$bin" -variable -interval 0 -size 640x480 ${SAMPLE_ARGS:-} -frames "$1"; }
cube() { vkcube --present_mode 0 --c "$1" --width 640 --height 480; }

declare -a sf cf s1 c1 sp
for ((i = 0; i < runs; i++)); do
  # Each program goes first in every other round, so both follow a long
  # run of the other (whose last frames the X server may still be taking
  # in) equally often.
  if ((i % 2 == 0)); then
    wall1; a=$wall_ns; b=$(wall cube 1)
    an=$(wall sample $((frames + 1))); bn=$(wall cube $((frames + 1)))
  else
    b=$(wall cube 1); wall1; a=$wall_ns
    bn=$(wall cube $((frames + 1))); an=$(wall sample $((frames + 1)))
  fi
  s1+=("$a"); c1+=("$b"); sp+=("$first")
  sf+=("$(awk -v f="$frames" -v n="$an" -v o="$a" 'BEGIN {printf "%.0f", f / ((n - o) / 1e9)}')")
  cf+=("$(awk -v f="$frames" -v n="$bn" -v o="$b" 'BEGIN {printf "%.0f", f / ((n - o) / 1e9)}')")
done
s=$(printf '%s\n' "${sf[@]}" | median); c=$(printf '%s\n' "${cf[@]}" | median)
sl=$(printf '%s\n' "${s1[@]}" | median); cl=$(printf '%s\n' "${c1[@]}" | median)
spl=$(printf '%s\n' "${sp[@]}" | median)
echo "runs $runs, frames $frames, 640x480 IMMEDIATE, driver ${VK_DRIVER_FILES:-default}, sample args: ${SAMPLE_ARGS:-none}"
echo "fps          sample ${sf[*]} (median $s)   vkcube ${cf[*]} (median $c)   ratio $(awk -v a="$s" -v b="$c" 'BEGIN {printf "%.2f", a / b}')"
echo "1-frame run  sample $(awk -v n="$sl" 'BEGIN {printf "%.1f", n / 1e6}') ms   vkcube $(awk -v n="$cl" 'BEGIN {printf "%.1f", n / 1e6}') ms   ratio $(awk -v a="$sl" -v b="$cl" 'BEGIN {printf "%.2f", a / b}')"
echo "launch       sample to first present $(awk -v n="$spl" 'BEGIN {printf "%.1f", n / 1e6}') ms   vkcube 1-frame run $(awk -v n="$cl" 'BEGIN {printf "%.1f", n / 1e6}') ms   ratio $(awk -v a="$spl" -v b="$cl" 'BEGIN {printf "%.2f", a / b}')"
# Each step's median over the runs, in ms from the exec: where the sample's
# launch spends its time (the scan, Vulkan's start, GLFW's start, the
# first frame), for the trace's step names see docs/platforms.md (W14).
printf 'launch steps  (ms from exec, medians)'
for k in trace-zero scan-ended instance glfw-init window device takeover swapchain first-draw first-present; do
  m=$(awk -v k="$k" '$1 == k {print $2}' "$steps" | median)
  [ -n "$m" ] && printf '  %s %s' "$k" "$(awk -v n="$m" 'BEGIN {printf "%.1f", n / 1e6}')"
done
echo
rm -f "$trace" "$steps"
