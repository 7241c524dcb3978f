#!/usr/bin/env bash
# Install the Debian packages murk needs, if any are missing.
#
#   scripts/deps.sh            to build the program (make build, make play)
#   scripts/deps.sh --test     and to run the suite (make test: cmocka, tmux, time, python3-yaml)
#   scripts/deps.sh --all      and valgrind (make deps, make valgrind)
#   scripts/deps.sh --format   clang-format (make format-check)
#   scripts/deps.sh --bench    libtcod-dev when root (optional: fov_bench times libtcod's field
#                              of view beside murk's when pkg-config finds it)
#
# On Debian (dpkg-query is there): as root apt-get installs what is missing; otherwise it
# prints the exact command and stops. Elsewhere it installs nothing and never stops a build:
# it names the libraries pkg-config cannot find and the programs not on PATH, and CMake
# says the rest.
set -eu
mode=${1:-}

if [ "$mode" = "--bench" ]; then
  if command -v dpkg-query >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ] &&
    ! dpkg-query -W -f='${Status}' libtcod-dev 2>/dev/null | grep -q "install ok installed"; then
    echo "murk: installing libtcod-dev (optional, for fov_bench's comparison)" >&2
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libtcod-dev >&2; then
      apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libtcod-dev >&2 ||
        echo "murk: libtcod-dev could not be installed; fov_bench runs without libtcod" >&2
    fi
  fi
  exit 0
fi

# Each set: Debian packages, then what stands for them elsewhere (pkg-config modules as
# pc:NAME, programs by name). cmocka is in the build set: CMake asks for it unless the build
# is configured with -DBUILD_TESTING=OFF.
build_pkgs="gcc make cmake pkg-config libncurses-dev libyaml-dev libcmocka-dev libsodium-dev libzxcvbn-dev zlib1g-dev"
build_other="cc make cmake pkg-config pc:ncursesw pc:yaml-0.1 pc:cmocka pc:libsodium pc:zlib"
test_pkgs="tmux time python3-yaml"
test_other="tmux /usr/bin/time python3"
case $mode in
  "") pkgs=$build_pkgs other=$build_other ;;
  --test) pkgs="$build_pkgs $test_pkgs" other="$build_other $test_other" ;;
  --all) pkgs="$build_pkgs $test_pkgs valgrind" other="$build_other $test_other valgrind" ;;
  --format) pkgs="clang-format" other="clang-format" ;;
  *)
    echo "usage: scripts/deps.sh [--test|--all|--format|--bench]" >&2
    exit 2
    ;;
esac

if ! command -v dpkg-query >/dev/null 2>&1; then
  missing=""
  for p in $other; do
    case $p in
      pc:*) command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "${p#pc:}" && continue ;;
      *) command -v "$p" >/dev/null 2>&1 && continue ;;
    esac
    missing="$missing ${p#pc:}"
  done
  [ -n "$missing" ] &&
    echo "murk: not a Debian system; these seem missing (install them with your package manager):$missing" >&2
  exit 0
fi

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
  # shellcheck disable=SC2086
  apt-get install -y -qq $missing >&2
else
  echo "murk: missing Debian packages:$missing" >&2
  echo "run:  sudo apt-get install -y$missing" >&2
  exit 1
fi
