# shellcheck shell=bash
# Shared helpers for the project's scripts: install what is missing, start a
# virtual X server when there is no display. Sourced, never run.

# Debian packages the build and the tests need on a machine without a
# GPU. gcc, libx11-dev and libgl1-mesa-dev come with the
# machine but are listed so a bare Debian/Ubuntu gets them too.
# libwayland-dev and libxkbcommon-dev are the Wayland build's (-tags
# wayland); GLFW carries its generated protocol sources, so
# wayland-protocols is not needed. pulseaudio and pulseaudio-utils give the
# audio tests a real server with a null sink (scripts/pulse.sh). spirv-tools
# gives spirv-val, which the shader validator's tests (E7) check against.
METRONOME_PACKAGES=(
  gcc pkg-config libx11-dev libgl1-mesa-dev
  libxrandr-dev libxcursor-dev libxinerama-dev libxi-dev libxxf86vm-dev
  libvulkan-dev mesa-vulkan-drivers vulkan-validationlayers
  xvfb xauth glslc vulkan-tools xdotool spirv-cross spirv-tools
  libwayland-dev libxkbcommon-dev
  pulseaudio pulseaudio-utils
  sox imagemagick
)

# ensure_packages installs the missing ones of its arguments (default:
# METRONOME_PACKAGES) with apt-get (as root, or through sudo when there is one).
ensure_packages() {
  local want=("$@") missing=() p
  [ $# -eq 0 ] && want=("${METRONOME_PACKAGES[@]}")
  for p in "${want[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing: ${missing[*]}" >&2
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  # Another apt-get (an unattended upgrade, a second test run) may hold
  # dpkg's lock: wait for it rather than fail.
  local lock=(-o DPkg::Lock::Timeout=600)
  "${sudo[@]}" apt-get "${lock[@]}" update -q >&2
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get "${lock[@]}" install -y -q --no-install-recommends "${missing[@]}" >&2
}

# ensure_go fails with advice when Go is missing or older than 1.26.
ensure_go() {
  if ! command -v go >/dev/null 2>&1; then
    echo "Go 1.26 or newer is needed: https://go.dev/dl/ (or your distribution's golang package)" >&2
    return 1
  fi
  local v
  v=$(go env GOVERSION | sed 's/^go//')
  case "$v" in
    1.2[6-9]*|1.[3-9][0-9]*|[2-9].*) ;;
    *) echo "Go $v is too old: this module needs Go 1.26 or newer" >&2; return 1 ;;
  esac
}

# XVFB_PID is set when start_xvfb started a server; stop_xvfb stops it.
XVFB_PID=""

# start_xvfb starts Xvfb on a free display and exports DISPLAY, when DISPLAY is
# unset. The malloc tunables keep a fresh server's per-frame cost flat
# (measured: ~7x slower without them).
start_xvfb() {
  [ -n "${DISPLAY:-}" ] && return 0
  local fifo dir
  dir=$(mktemp -d)
  chmod 700 "$dir"
  export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$dir}"
  fifo="$dir/displayfd"
  mkfifo "$fifo"
  GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=67108864 \
    Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp -noreset 3>"$fifo" >"$dir/xvfb.log" 2>&1 &
  XVFB_PID=$!
  local n
  if ! read -r -t 20 n <"$fifo"; then
    echo "Xvfb did not start; its log:" >&2
    cat "$dir/xvfb.log" >&2
    return 1
  fi
  export DISPLAY=":$n"
  echo "started Xvfb on $DISPLAY (pid $XVFB_PID)" >&2
}

stop_xvfb() {
  if [ -n "$XVFB_PID" ]; then
    kill "$XVFB_PID" 2>/dev/null || true
    wait "$XVFB_PID" 2>/dev/null || true
    XVFB_PID=""
  fi
}

# check_refresh_rate WHO HZ fails with a message naming WHO unless HZ is an
# integer number of Hz in 1..1000 (the compositor scripts' -r).
check_refresh_rate() {
  if ! [[ $2 =~ ^[0-9]+$ ]] || [ "$2" -lt 1 ] || [ "$2" -gt 1000 ]; then
    echo "$1: refresh rate $2: give an integer number of Hz, 1..1000" >&2
    return 2
  fi
}

# run_with_compositor SCRIPT START STOP [-r HZ] COMMAND [ARGS...] is the
# main of a compositor script: it calls START HZ (default 60), runs COMMAND
# with the compositor up, calls STOP on exit and exits with COMMAND's status.
run_with_compositor() {
  local script=$1 start=$2 stop=$3 hz=60
  shift 3
  if [ "${1:-}" = "-r" ]; then
    hz=${2:?"-r needs a refresh rate in Hz"}
    shift 2
  fi
  if [ $# -eq 0 ]; then
    echo "usage: $script [-r HZ] COMMAND [ARGS...]" >&2
    exit 2
  fi
  "$start" "$hz"
  trap "$stop" EXIT
  local status=0
  "$@" || status=$?
  exit "$status"
}
