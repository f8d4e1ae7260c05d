# shellcheck shell=bash
# A real PulseAudio server with a null sink for the audio tests (rule A7):
# no sound card is needed, and the sink is clocked in real time. Sourced by
# scripts/test.sh; start_pulse exports PULSE_SERVER and METRONOME_PULSE_SINK
# for the tests, stop_pulse ends the server it started.
#
# As root PulseAudio needs its own runtime dir and --exit-idle-time=-1
# (it would exit when idle otherwise). Record the sink with
# `parecord -d vsink.monitor --latency-msec=20` and stop parecord with
# SIGINT, or its buffered tail is lost.

PULSE_PID=""
PULSE_DIR=""

start_pulse() {
  [ -n "$PULSE_PID" ] && return 0
  if ! command -v pulseaudio >/dev/null 2>&1; then
    echo "pulse: pulseaudio is not installed; audio tests that need it will skip" >&2
    return 0
  fi
  PULSE_DIR=$(mktemp -d)
  chmod 700 "$PULSE_DIR"
  local sock="$PULSE_DIR/native"
  XDG_RUNTIME_DIR="$PULSE_DIR" HOME="$PULSE_DIR" pulseaudio -n --daemonize=no \
    --exit-idle-time=-1 --disallow-exit --use-pid-file=no --log-target=file:"$PULSE_DIR/log" \
    --load="module-native-protocol-unix socket=$sock auth-anonymous=1" \
    --load="module-null-sink sink_name=vsink rate=48000 channels=2" \
    --load="module-always-sink" >/dev/null 2>&1 &
  PULSE_PID=$!
  local i
  for i in $(seq 1 100); do
    if PULSE_SERVER="unix:$sock" pactl info >/dev/null 2>&1; then
      PULSE_SERVER="unix:$sock" pactl set-default-sink vsink >/dev/null 2>&1 || true
      export PULSE_SERVER="unix:$sock" METRONOME_PULSE_SINK=vsink
      return 0
    fi
    if ! kill -0 "$PULSE_PID" 2>/dev/null; then break; fi
    sleep 0.1
  done
  echo "pulse: the PulseAudio server did not start (log: $PULSE_DIR/log)" >&2
  stop_pulse
  return 0
}

stop_pulse() {
  if [ -n "$PULSE_PID" ]; then
    kill "$PULSE_PID" 2>/dev/null || true
    wait "$PULSE_PID" 2>/dev/null || true
  fi
  [ -n "$PULSE_DIR" ] && rm -rf "$PULSE_DIR"
  PULSE_PID="" PULSE_DIR=""
  unset PULSE_SERVER METRONOME_PULSE_SINK
}
