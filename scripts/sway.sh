#!/usr/bin/env bash
# shellcheck shell=bash
# A Wayland display that really refreshes: headless sway. Sourced for its
# helpers (start_sway, stop_sway, sway_refresh_mhz), or run as
#
#   scripts/sway.sh [-r HZ] COMMAND [ARGS...]
#
# which starts sway at HZ (default 60), runs COMMAND with WAYLAND_DISPLAY
# pointing at it, stops sway and exits with COMMAND's status. Build the
# programs it runs with -tags wayland: the default build talks X11 only.
#
# Sway 1.7 (Debian package sway) runs headless with the pixman renderer, so
# it needs no GPU; its output refreshes at the rate asked for (at 1 ms
# granularity: 60 gives ~60.2 Hz, 144 ~157 Hz). It refuses to run as root,
# so as root it runs as nobody, in a private 0700 runtime directory owned by
# nobody; root clients reach its socket through the absolute path in
# WAYLAND_DISPLAY. Windows float (sway would tile them otherwise).

# SWAY_PID and SWAY_DIR are set while start_sway's compositor runs.
SWAY_PID=""
SWAY_DIR=""
# SWAY_CLIENT_DIR is the XDG_RUNTIME_DIR start_sway made for its clients.
SWAY_CLIENT_DIR=""

# start_sway [HZ] starts headless sway with one 640x480 output at HZ (an
# integer, default 60) and exports WAYLAND_DISPLAY (an absolute socket
# path), SWAYSOCK (for swaymsg) and, when unset, a private XDG_RUNTIME_DIR
# for this shell's clients. It installs sway when missing.
start_sway() {
  local hz=${1:-60}
  check_refresh_rate start_sway "$hz" || return
  if [ -n "$SWAY_PID" ]; then
    echo "start_sway: sway already runs (pid $SWAY_PID): stop_sway first" >&2
    return 1
  fi
  command -v sway >/dev/null 2>&1 || ensure_packages sway
  local run=() owner
  owner=$(id -u):$(id -g)
  if [ "$(id -u)" -eq 0 ]; then
    run=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    owner=65534:65534
  fi
  SWAY_DIR=$(mktemp -d /tmp/metronome-sway.XXXXXX)
  chmod 700 "$SWAY_DIR"
  cat >"$SWAY_DIR/config" <<CONFIG
xwayland disable
output HEADLESS-1 mode 640x480@${hz}Hz
for_window [title=".*"] floating enable
CONFIG
  chown -R "$owner" "$SWAY_DIR"
  env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/nonexistent XDG_RUNTIME_DIR="$SWAY_DIR" \
    WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman \
    "${run[@]}" sway -c "$SWAY_DIR/config" >"$SWAY_DIR.log" 2>&1 &
  SWAY_PID=$!
  local i sock="" ipc=""
  for i in $(seq 100); do
    sock=$(find "$SWAY_DIR" -maxdepth 1 -type s -name 'wayland-*' 2>/dev/null | head -n1)
    ipc=$(find "$SWAY_DIR" -maxdepth 1 -type s -name 'sway-ipc.*.sock' 2>/dev/null | head -n1)
    if [ -n "$sock" ] && [ -n "$ipc" ] && SWAYSOCK="$ipc" swaymsg -t get_outputs >/dev/null 2>&1; then
      break
    fi
    if ! kill -0 "$SWAY_PID" 2>/dev/null; then
      break
    fi
    sleep 0.1
    sock="" ipc=""
  done
  if [ -z "$sock" ] || [ -z "$ipc" ]; then
    echo "sway did not start; its log ($SWAY_DIR.log):" >&2
    cat "$SWAY_DIR.log" >&2
    stop_sway
    return 1
  fi
  export WAYLAND_DISPLAY="$sock" SWAYSOCK="$ipc"
  if [ -z "${XDG_RUNTIME_DIR:-}" ]; then
    SWAY_CLIENT_DIR=$(mktemp -d)
    chmod 700 "$SWAY_CLIENT_DIR"
    export XDG_RUNTIME_DIR="$SWAY_CLIENT_DIR"
  fi
  echo "started headless sway at ${hz} Hz: WAYLAND_DISPLAY=$WAYLAND_DISPLAY (pid $SWAY_PID; sway reports $(sway_refresh_mhz) mHz)" >&2
}

# sway_refresh_mhz prints the refresh rate sway reports for its output, in
# mHz (swaymsg -t get_outputs: current_mode.refresh).
sway_refresh_mhz() {
  swaymsg -t get_outputs -r | grep -A4 '"current_mode"' | sed -n 's/.*"refresh": *\([0-9]*\).*/\1/p' | head -n1
}

# stop_sway stops the compositor start_sway started and removes its files.
stop_sway() {
  if [ -n "$SWAY_PID" ]; then
    kill "$SWAY_PID" 2>/dev/null || true
    wait "$SWAY_PID" 2>/dev/null || true
    SWAY_PID=""
  fi
  if [ -n "$SWAY_DIR" ]; then
    rm -rf "$SWAY_DIR" "$SWAY_DIR.log"
    SWAY_DIR=""
  fi
  if [ -n "$SWAY_CLIENT_DIR" ]; then
    rm -rf "$SWAY_CLIENT_DIR"
    [ "${XDG_RUNTIME_DIR:-}" = "$SWAY_CLIENT_DIR" ] && unset XDG_RUNTIME_DIR
    SWAY_CLIENT_DIR=""
  fi
  unset SWAYSOCK WAYLAND_DISPLAY
}

# Run as a program: start sway, run the command, stop sway.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  . "$(dirname "$0")/lib.sh"
  run_with_compositor scripts/sway.sh start_sway stop_sway "$@"
fi
