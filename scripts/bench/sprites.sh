#!/usr/bin/env bash
# Sprite throughput side by side, in one run on one machine: `sample sprites`
# (this engine: Vulkan, here on Mesa's lavapipe) against an equivalent
# Ebitengine v2.8.8 program (scripts/bench/ebiten, its own module; OpenGL,
# here on Mesa's llvmpipe). Both draw N textured 16x16 sprites moved every
# frame in a 640x480 window, vertical sync off, one update per frame, no HUD.
#
#   scripts/bench/sprites.sh            # 1,000, 10,000 and 50,000 sprites, 3 rounds
#   COUNTS="10000" ROUNDS=5 FRAMES=400 scripts/bench/sprites.sh   # FRAMES: else 2,000,000/N in 30..300
#   SAMPLE=/path/to/sample scripts/bench/sprites.sh   # a sample binary built elsewhere
#
# Every measurement is taken from outside, the same way for both programs:
# the wall time of a run of F+1 frames minus that of a run of 1 frame
# (start-up and teardown cancel out) gives F frames. The programs run
# interleaved (engine, Ebitengine, then the other order the next round) on
# one fresh Xvfb started with the malloc tunables of scripts/lib.sh. Each
# program's own figure (first to last frame) is printed alongside.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib.sh
ensure_go
METRONOME_PACKAGES+=(libgl1-mesa-dri) # llvmpipe OpenGL for Ebitengine
ensure_packages

COUNTS=${COUNTS:-"1000 10000 50000"}
ROUNDS=${ROUNDS:-3}
FRAMES=${FRAMES:-} # empty: 2,000,000 / N, within 30..300 (300 at 1k, 200 at 10k, 40 at 50k)
SIZE=640x480

tmp=$(mktemp -d)
cleanup() { stop_xvfb; rm -rf "$tmp"; }
trap cleanup EXIT

echo "building ./cmd/sample and scripts/bench/ebiten" >&2
if [ -n "${SAMPLE:-}" ]; then # a sample binary built elsewhere
  cp "$SAMPLE" "$tmp/sample"
else
  go build -o "$tmp/sample" ./cmd/sample
fi
(cd scripts/bench/ebiten && go build -o "$tmp/ebiten" .)
if ! "$tmp/sample" sprites -h >/dev/null 2>&1; then
  echo "sample has no sprites subcommand (cmd/sample/main.go must dispatch \"sprites\" to sprites.Run)" >&2
  exit 1
fi

unset DISPLAY # always a fresh server, the same for both programs
start_xvfb
export LIBGL_ALWAYS_SOFTWARE=1 # Ebitengine on llvmpipe even where a GPU exists

# run_one PROGRAM N F prints "SECONDS INTERNAL_FPS" for one run of F frames.
run_one() {
  local prog=$1 n=$2 f=$3 t0 t1 out
  local cmd=("$tmp/ebiten")
  [ "$prog" = engine ] && cmd=("$tmp/sample" sprites)
  t0=$(date +%s%N)
  out=$("${cmd[@]}" -n "$n" -frames "$f" -size "$SIZE" 2>"$tmp/stderr") || {
    echo "$prog -n $n -frames $f failed:" >&2
    cat "$tmp/stderr" >&2
    return 1
  }
  t1=$(date +%s%N)
  local fps
  fps=$(sed -n 's/.*: \([0-9.]*\) frames\/s$/\1/p' <<<"$out")
  echo "$(( (t1 - t0) / 1000 )) ${fps:-0}"
}

# frames_for N prints how many frames to measure at N sprites.
frames_for() {
  if [ -n "$FRAMES" ]; then echo "$FRAMES"; return; fi
  local f=$((2000000 / $1))
  [ "$f" -gt 300 ] && f=300
  [ "$f" -lt 30 ] && f=30
  echo "$f"
}

# measure PROGRAM N prints "EXTERNAL_FPS INTERNAL_FPS".
measure() {
  local one many f
  f=$(frames_for "$2")
  one=$(run_one "$1" "$2" 1)
  many=$(run_one "$1" "$2" $((f + 1)))
  awk -v a="${one%% *}" -v b="${many%% *}" -v f="$f" -v i="${many##* }" \
    'BEGIN { d = (b - a) / 1e6; if (d <= 0) d = 1e-9; printf "%.1f %.1f\n", f / d, i }'
}

results="$tmp/results"
: >"$results"
for round in $(seq 1 "$ROUNDS"); do
  for n in $COUNTS; do
    order="engine ebiten"
    [ $((round % 2)) -eq 0 ] && order="ebiten engine"
    for prog in $order; do
      r=$(measure "$prog" "$n")
      echo "round $round  $prog  n=$n  frames/s (outside, own): $r" >&2
      echo "$n $prog $r" >>"$results"
    done
  done
done

echo
echo "Sprites at $SIZE, median of $ROUNDS rounds (frames/s measured from outside over the frames column;"
echo "in brackets each program's own figure). Engine: Vulkan on lavapipe; Ebitengine v2.8.8: OpenGL on llvmpipe."
printf '%8s  %6s  %22s  %22s  %7s\n' sprites frames "metronome" "Ebitengine" ratio
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
for n in $COUNTS; do
  me=$(awk -v n="$n" '$1 == n && $2 == "engine" { print $3 }' "$results" | median)
  mi=$(awk -v n="$n" '$1 == n && $2 == "engine" { print $4 }' "$results" | median)
  ee=$(awk -v n="$n" '$1 == n && $2 == "ebiten" { print $3 }' "$results" | median)
  ei=$(awk -v n="$n" '$1 == n && $2 == "ebiten" { print $4 }' "$results" | median)
  awk -v n="$n" -v f="$(frames_for "$n")" -v me="$me" -v mi="$mi" -v ee="$ee" -v ei="$ei" \
    'BEGIN { printf "%8d  %6d  %10.1f (%8.1f)  %10.1f (%8.1f)  %6.2fx\n", n, f, me, mi, ee, ei, (ee > 0) ? me / ee : 0 }'
done
