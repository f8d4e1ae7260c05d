#!/usr/bin/env bash
# Fetches a current Mesa (lavapipe) from Debian's bookworm-backports suite into
# a cache folder, without installing it and without touching the system's
# Mesa or apt state, so the tests can run on a second driver.
#
#   scripts/mesa25.sh            fetch (when not cached) and print the ICD json
#   . scripts/mesa25.sh --env    sourced: fetch, then export VK_DRIVER_FILES
#                                and LD_LIBRARY_PATH for the fetched driver
#                                (MESA25_VERSION says which Mesa it is)
#
# It writes an apt source list of its own that reuses the system's Debian
# source entry (its URI and keyring) with the suite bookworm-backports, runs
# `apt-get update` on that list alone with lists and caches of its own,
# `apt-get download`s mesa-vulkan-drivers (whatever version backports has
# now) and the libraries its libvulkan_lvp.so needs from that suite, and
# extracts them with `dpkg -x`. The ICD json's library_path is rewritten to
# the extracted library. MESA25_DIR overrides the cache folder
# (default ~/.cache/metronome/mesa25); MESA25_REFRESH=1 fetches again.

mesa25_fetch() {
  local dir="${MESA25_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/metronome/mesa25}"
  local root="$dir/root" apt="$dir/apt"
  local icd="$root/usr/share/vulkan/icd.d/lvp_icd.json"
  if [ -f "$icd" ] && [ -f "$dir/ok" ] && [ "${MESA25_REFRESH:-0}" != 1 ]; then
    MESA25_ICD="$icd" MESA25_LIB="$root/usr/lib/x86_64-linux-gnu" MESA25_VERSION=$(cat "$dir/version")
    return 0
  fi
  if [ "$(dpkg --print-architecture 2>/dev/null)" != amd64 ]; then
    echo "mesa25: only amd64 is supported (this is $(dpkg --print-architecture 2>/dev/null || uname -m))" >&2
    return 1
  fi
  local uri keyring
  read -r uri keyring < <(mesa25_debian_source) || true
  if [ -z "$uri" ]; then
    echo "mesa25: no Debian bookworm entry in /etc/apt/sources.list or /etc/apt/sources.list.d/: cannot derive bookworm-backports" >&2
    return 1
  fi
  rm -rf "$dir"
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$dir/debs" "$root"
  local opts=""
  [ -n "$keyring" ] && opts="[signed-by=$keyring] "
  echo "deb ${opts}$uri bookworm-backports main" >"$apt/backports.list"
  local aptopts=(
    -o "Dir::Etc::sourcelist=$apt/backports.list" -o "Dir::Etc::sourceparts=-"
    -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache"
    -o "APT::Sandbox::User=root" -o "Debug::NoLocking=1" -q
  )
  echo "mesa25: apt-get update (bookworm-backports only, lists in $apt)" >&2
  apt-get "${aptopts[@]}" update >"$dir/update.log" 2>&1 || {
    cat "$dir/update.log" >&2
    echo "mesa25: apt-get update on bookworm-backports failed" >&2
    return 1
  }
  # libvulkan_lvp.so of Mesa 25 needs a newer libdrm than bookworm's; the
  # rest of what it links (LLVM 15, xcb, wayland) is what the system's
  # Mesa needs too (checked with ldd below).
  local pkgs=(mesa-vulkan-drivers libdrm2 libdrm-amdgpu1)
  local p want=()
  for p in "${pkgs[@]}"; do want+=("$p/bookworm-backports"); done
  echo "mesa25: apt-get download ${pkgs[*]}" >&2
  (cd "$dir/debs" && apt-get "${aptopts[@]}" download "${want[@]}") >"$dir/download.log" 2>&1 || {
    cat "$dir/download.log" >&2
    echo "mesa25: apt-get download failed" >&2
    return 1
  }
  local deb
  for deb in "$dir"/debs/*.deb; do
    dpkg -x "$deb" "$root"
  done
  local lib="$root/usr/lib/x86_64-linux-gnu"
  local json
  json=$(ls "$root"/usr/share/vulkan/icd.d/lvp_icd*.json 2>/dev/null | head -n 1)
  if [ -z "$json" ] || [ ! -f "$lib/libvulkan_lvp.so" ]; then
    echo "mesa25: the package has no lavapipe (no lvp_icd json or libvulkan_lvp.so under $root)" >&2
    return 1
  fi
  sed -E "s#\"library_path\": *\"[^\"]*\"#\"library_path\": \"$lib/libvulkan_lvp.so\"#" "$json" >"$icd.tmp"
  mv "$icd.tmp" "$icd"
  local missing
  missing=$(LD_LIBRARY_PATH="$lib" ldd "$lib/libvulkan_lvp.so" | grep 'not found' || true)
  if [ -n "$missing" ]; then
    echo "mesa25: libvulkan_lvp.so needs libraries neither fetched nor installed:" >&2
    echo "$missing" >&2
    return 1
  fi
  dpkg-deb -f "$(ls "$dir"/debs/mesa-vulkan-drivers_*.deb)" Version >"$dir/version"
  touch "$dir/ok"
  MESA25_ICD="$icd" MESA25_LIB="$lib" MESA25_VERSION=$(cat "$dir/version")
}

# mesa25_debian_source prints the URI and keyring (may be empty) of the
# system's Debian entry for bookworm (deb822 .sources or one-line .list).
mesa25_debian_source() {
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk '
      function flush() {
        if (deb && uri != "" && suites ~ /(^| )bookworm( |$)/ && comps ~ /(^| )main( |$)/) { print uri, key; found = 1; exit }
        deb = 0; uri = ""; suites = ""; comps = ""; key = ""
      }
      /^[ \t]*$/ { flush(); next }
      /^#/ { next }
      tolower($1) == "types:" { for (i = 2; i <= NF; i++) if ($i == "deb") deb = 1 }
      tolower($1) == "uris:" { uri = $2 }
      tolower($1) == "suites:" { $1 = ""; suites = $0; sub(/^ /, "", suites) }
      tolower($1) == "components:" { $1 = ""; comps = $0; sub(/^ /, "", comps) }
      tolower($1) == "signed-by:" { key = $2 }
      END { if (!found) flush() }
    ' "$f" | head -n 1 | grep . && return 0
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    awk '
      $1 != "deb" { next }
      {
        key = ""; i = 2
        if ($2 ~ /^\[/) {
          for (; i <= NF; i++) {
            if ($i ~ /signed-by=/) { key = $i; sub(/.*signed-by=/, "", key); sub(/\]$/, "", key) }
            if ($i ~ /\]$/) { i++; break }
          }
        }
        if ($(i + 1) == "bookworm") { print $i, key; exit }
      }
    ' "$f" | head -n 1 | grep . && return 0
  done
  return 1
}

if [ "${1:-}" = "--env" ]; then
  mesa25_fetch || return 1 2>/dev/null || exit 1
  export VK_DRIVER_FILES="$MESA25_ICD"
  export LD_LIBRARY_PATH="$MESA25_LIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  unset VK_ICD_FILENAMES
elif [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  mesa25_fetch
  echo "$MESA25_ICD"
fi
