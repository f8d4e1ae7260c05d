#!/usr/bin/env bash
# Makes every sound file the repo commits, so their licence is ours:
#   cmd/sample/internal/game/assets/musicbed.ogg  the sample's looping music bed
#   engine/audio/testdata/tone.ogg, tone.mp3      small decoder fixtures
# Needs sox (with its Ogg Vorbis format) and lame: it installs Debian's sox,
# libsox-fmt-all and lame when they are missing.
# The bed is 4 s of sustained notes, each 0.5 s long at a frequency with a
# whole number of cycles in it, so no note has a rest or a fade and the
# loop's seam lands on a zero crossing.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
ensure_packages sox libsox-fmt-all lame
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A minor arpeggio over a low drone: 8 notes of 0.5 s (even Hz: whole cycles).
notes=(220 262 330 262 220 196 220 294)
parts=()
for i in "${!notes[@]}"; do
  f=${notes[$i]}
  sox -q -n -r 48000 -c 1 -b 16 "$tmp/n$i.wav" synth 0.5 sine "$f" sine $((f * 2)) sine 110 remix - gain -n -9
  parts+=("$tmp/n$i.wav")
done
sox -q "${parts[@]}" "$tmp/bed.wav"
mkdir -p cmd/sample/internal/game/assets engine/audio/testdata
sox -q "$tmp/bed.wav" -C 2 cmd/sample/internal/game/assets/musicbed.ogg

# Fixtures: 0.25 s of 440 Hz, mono Ogg at 44.1 kHz and stereo MP3 at 48 kHz.
sox -q -n -r 44100 -c 1 -b 16 "$tmp/tone.wav" synth 0.25 sine 440 gain -6
sox -q "$tmp/tone.wav" -C 0 engine/audio/testdata/tone.ogg
sox -q -n -r 48000 -c 2 -b 16 "$tmp/tone2.wav" synth 0.25 sine 440 gain -6
lame --quiet -b 128 --resample 48 "$tmp/tone2.wav" engine/audio/testdata/tone.mp3
ls -l cmd/sample/internal/game/assets/musicbed.ogg engine/audio/testdata/tone.ogg engine/audio/testdata/tone.mp3
