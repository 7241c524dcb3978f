#!/usr/bin/env bash
# Install the Debian packages murk needs to build and test, if any are missing.
# As root: apt-get installs them. Otherwise: print the exact command and stop.
# With --bench, also libtcod-dev when root (optional: fov_bench times libtcod's field of
# view beside murk's when pkg-config finds it; without it the benchmark runs alone).
# With --format, also clang-format (make format-check).
set -eu
if [ "${1:-}" = "--bench" ] && [ "$(id -u)" -eq 0 ] &&
  ! dpkg-query -W -f='${Status}' libtcod-dev 2>/dev/null | grep -q "install ok installed"; then
  echo "murk: installing libtcod-dev (optional, for fov_bench's comparison)" >&2
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libtcod-dev >&2; then
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libtcod-dev >&2 ||
      echo "murk: libtcod-dev could not be installed; fov_bench runs without libtcod" >&2
  fi
fi
pkgs="gcc make cmake pkg-config libncurses-dev libyaml-dev libcmocka-dev libsodium-dev libzxcvbn-dev zlib1g-dev tmux valgrind time python3-yaml"
# With --format, clang-format too (make format-check, CI; not needed to build or test).
[ "${1:-}" = "--format" ] && pkgs="$pkgs clang-format"
missing=""
for p in $pkgs; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $p"
  fi
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
  echo "murk: installing missing packages:$missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq $missing >&2
else
  echo "murk: missing Debian packages:$missing" >&2
  echo "run:  sudo apt-get install -y$missing" >&2
  exit 1
fi
