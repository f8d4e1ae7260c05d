#!/usr/bin/env bash
# shellcheck shell=bash
# A Wayland display whose compositor answers wp_presentation: headless
# mutter. Sourced for its helpers (start_mutter, stop_mutter,
# mutter_refresh_mhz), or run as
#
#   scripts/mutter.sh [-r HZ] COMMAND [ARGS...]
#
# which starts mutter with one 640x480 virtual monitor at HZ (default 60),
# runs COMMAND with WAYLAND_DISPLAY pointing at it, stops mutter and exits
# with COMMAND's status. Build the programs it runs with -tags wayland: the
# default build talks X11 only.
#
# Mutter 43 (Debian package mutter) runs headless with its surfaceless
# renderer, so it needs no GPU, and no X server (--no-x11). Its virtual
# monitor reports the rate asked for (60 gives 60.000 Hz, 144 144.000 Hz)
# and repaints on a timer near it. Unlike headless sway it completes
# presentation feedback: every shown frame gets "presented" with
# CLOCK_MONOTONIC times (whole microseconds) and the nominal refresh, but
# only the flag hw_completion (no vsync: there is no display), and its
# sequence is a count of repaints, not of refreshes: it advances by one per
# shown frame even across refreshes that showed nothing. The times are the
# repaints', so single intervals scatter around the refresh (at 60 Hz on a
# busy 2-core machine, 45% within 2%); their median is close to it. It runs
# in a private session bus (dbus-run-session) and a private 0700 runtime
# directory; clients reach its socket through the absolute path in
# WAYLAND_DISPLAY.
#
# The tests that measure a refreshing display find it through SWAYSOCK and
# swaymsg (they were written for headless sway). For them, start_mutter
# puts a swaymsg on PATH that answers only "-t get_outputs" with the
# monitor's mode as mutter reports it on D-Bus (DisplayConfig
# GetCurrentState), and points SWAYSOCK at mutter's socket; every other
# swaymsg command fails and says why (tests that steer sway's windows need
# sway).

# MUTTER_SCRIPTS is the folder of this file.
MUTTER_SCRIPTS=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# MUTTER_PID (dbus-run-session's) and MUTTER_DIR are set while
# start_mutter's compositor runs.
MUTTER_PID=""
MUTTER_DIR=""
# MUTTER_DBUS is the address of mutter's private session bus.
MUTTER_DBUS=""
# MUTTER_CLIENT_DIR is the XDG_RUNTIME_DIR start_mutter made for its clients.
MUTTER_CLIENT_DIR=""
# MUTTER_OLD_PATH is PATH before start_mutter put its swaymsg first.
MUTTER_OLD_PATH=""

# start_mutter [HZ] starts headless mutter with one 640x480 virtual monitor
# at HZ (an integer, default 60) and exports WAYLAND_DISPLAY (an absolute
# socket path), MUTTER_DBUS (its session bus address), SWAYSOCK and PATH
# (the swaymsg stand-in) and, when unset, a private XDG_RUNTIME_DIR for this
# shell's clients. It installs mutter when missing.
start_mutter() {
  local hz=${1:-60}
  check_refresh_rate start_mutter "$hz" || return
  if [ -n "$MUTTER_PID" ]; then
    echo "start_mutter: mutter already runs (pid $MUTTER_PID): stop_mutter first" >&2
    return 1
  fi
  command -v mutter >/dev/null 2>&1 || ensure_packages mutter
  command -v dbus-run-session >/dev/null 2>&1 || ensure_packages dbus
  MUTTER_DIR=$(mktemp -d /tmp/metronome-mutter.XXXXXX)
  chmod 700 "$MUTTER_DIR"
  # The inner shell leaves the bus address and its own pid (mutter's, after
  # exec) behind; dbus-run-session stops the bus when mutter exits.
  # shellcheck disable=SC2016 # expanded by the inner shell
  env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME="$MUTTER_DIR" XDG_RUNTIME_DIR="$MUTTER_DIR" \
    dbus-run-session -- sh -c 'echo "$DBUS_SESSION_BUS_ADDRESS" >"$XDG_RUNTIME_DIR/bus-address"
echo $$ >"$XDG_RUNTIME_DIR/mutter.pid"
exec mutter --headless --wayland --no-x11 --wayland-display=wayland-0 --virtual-monitor "$0"' \
    "640x480@$hz" >"$MUTTER_DIR.log" 2>&1 &
  MUTTER_PID=$!
  local i sock="$MUTTER_DIR/wayland-0" mhz=""
  for i in $(seq 100); do
    if [ -S "$sock" ] && [ -s "$MUTTER_DIR/bus-address" ]; then
      MUTTER_DBUS=$(cat "$MUTTER_DIR/bus-address")
      mhz=$(mutter_refresh_mhz 2>/dev/null) && [ -n "$mhz" ] && break
    fi
    if ! kill -0 "$MUTTER_PID" 2>/dev/null; then
      break
    fi
    sleep 0.1
    mhz=""
  done
  if [ -z "$mhz" ]; then
    echo "mutter did not start; its log ($MUTTER_DIR.log):" >&2
    cat "$MUTTER_DIR.log" >&2
    stop_mutter
    return 1
  fi
  mkdir "$MUTTER_DIR/bin"
  cat >"$MUTTER_DIR/bin/swaymsg" <<SWAYMSG
#!/usr/bin/env bash
# Stand-in for swaymsg on headless mutter: get_outputs only.
case "\$*" in
*get_outputs*)
  . '$MUTTER_SCRIPTS/mutter.sh'
  MUTTER_DBUS='$MUTTER_DBUS'
  mhz=\$(mutter_refresh_mhz) || exit 1
  echo "[{\"name\":\"Meta-0\",\"active\":true,\"current_mode\":{\"width\":640,\"height\":480,\"refresh\":\$mhz}}]" ;;
*)
  echo "swaymsg \$*: this is headless mutter (scripts/mutter.sh), which answers get_outputs only; run under scripts/sway.sh" >&2
  exit 1 ;;
esac
SWAYMSG
  chmod 755 "$MUTTER_DIR/bin/swaymsg"
  MUTTER_OLD_PATH=$PATH
  export WAYLAND_DISPLAY="$sock" SWAYSOCK="$sock" MUTTER_DBUS PATH="$MUTTER_DIR/bin:$PATH"
  if [ -z "${XDG_RUNTIME_DIR:-}" ]; then
    MUTTER_CLIENT_DIR=$(mktemp -d)
    chmod 700 "$MUTTER_CLIENT_DIR"
    export XDG_RUNTIME_DIR="$MUTTER_CLIENT_DIR"
  fi
  echo "started headless mutter at ${hz} Hz: WAYLAND_DISPLAY=$WAYLAND_DISPLAY (pid $MUTTER_PID; mutter reports $mhz mHz)" >&2
}

# mutter_refresh_mhz prints the refresh rate of mutter's current mode, in
# mHz, from DisplayConfig's GetCurrentState on the bus in MUTTER_DBUS.
mutter_refresh_mhz() {
  local state
  state=$(DBUS_SESSION_BUS_ADDRESS=${MUTTER_DBUS:?"mutter_refresh_mhz: MUTTER_DBUS is not set: start_mutter first"} \
    gdbus call --session --dest org.gnome.Mutter.DisplayConfig \
    --object-path /org/gnome/Mutter/DisplayConfig \
    --method org.gnome.Mutter.DisplayConfig.GetCurrentState) || return 1
  # A mode is ('640x480@60.000', 640, 480, 60.0, 1.0, [1.0], {'is-current': <true>, ...}).
  grep -o "('[^']*', [0-9]*, [0-9]*, [0-9.]*, [^{]*{[^}]*}" <<<"$state" |
    grep "'is-current': <true>" | head -n1 |
    awk -F', ' '{ printf "%d\n", $4 * 1000 + 0.5; found = 1 } END { if (!found) { print "mutter reports no current mode" > "/dev/stderr"; exit 1 } }'
}

# stop_mutter stops the compositor start_mutter started (with its session
# bus) and removes its files.
stop_mutter() {
  if [ -n "$MUTTER_PID" ]; then
    if [ -s "$MUTTER_DIR/mutter.pid" ]; then
      kill "$(cat "$MUTTER_DIR/mutter.pid")" 2>/dev/null || true
    else
      kill "$MUTTER_PID" 2>/dev/null || true
    fi
    wait "$MUTTER_PID" 2>/dev/null || true
    MUTTER_PID=""
  fi
  if [ -n "$MUTTER_OLD_PATH" ]; then
    PATH=$MUTTER_OLD_PATH
    MUTTER_OLD_PATH=""
  fi
  if [ -n "$MUTTER_DIR" ]; then
    rm -rf "$MUTTER_DIR" "$MUTTER_DIR.log"
    MUTTER_DIR=""
  fi
  if [ -n "$MUTTER_CLIENT_DIR" ]; then
    rm -rf "$MUTTER_CLIENT_DIR"
    [ "${XDG_RUNTIME_DIR:-}" = "$MUTTER_CLIENT_DIR" ] && unset XDG_RUNTIME_DIR
    MUTTER_CLIENT_DIR=""
  fi
  unset SWAYSOCK WAYLAND_DISPLAY MUTTER_DBUS
}

# Run as a program: start mutter, run the command, stop mutter.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  . "$(dirname "$0")/lib.sh"
  run_with_compositor scripts/mutter.sh start_mutter stop_mutter "$@"
fi
