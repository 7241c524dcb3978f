#!/usr/bin/env bash
# valgrind.sh: the cmocka suite and the scripted games under valgrind memcheck.
#
#   scripts/valgrind.sh            (BUILD=build by default: a normal, non-sanitizer build)
#
# Every unit test executable of the build (BUILD/test_*) runs under memcheck, then
# tests/cli/games.sh and tests/cli/run_errors.sh run with MURK set to a wrapper that runs
# the program under memcheck. Any memory error, or any definite or indirect leak, fails
# (valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect).
# Each process writes its own valgrind log; a non-empty log fails the run even when the
# calling script did not look at the exit status, and the offending logs are printed.
# Memory that is still reachable at exit (e.g. ncurses' own tables) is not a leak here.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
BUILD=${BUILD:-build}

if ! command -v valgrind >/dev/null 2>&1; then
  echo "valgrind.sh: valgrind is needed (make deps installs it; Debian package valgrind)" >&2
  exit 1
fi
if [ ! -x "$BUILD/murk" ]; then
  cmake -S . -B "$BUILD" >/dev/null && cmake --build "$BUILD" -j "$(nproc 2>/dev/null || echo 2)" ||
    exit 1
fi
case $BUILD in
  /*) build=$BUILD ;;
  *) build=$root/$BUILD ;;
esac
if grep -qs 'MURK_SANITIZE:BOOL=ON' "$build/CMakeCache.txt"; then
  echo "valgrind.sh: $BUILD is a sanitizer build; valgrind needs a normal one" >&2
  exit 1
fi

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
VG=(valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect
  --show-leak-kinds=definite,indirect --num-callers=30)
failures=0
ran=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# A log is clean when valgrind wrote nothing into it (-q prints only problems).
check_logs() { # check_logs WHAT GLOB...
  local what=$1 f
  shift
  for f in "$@"; do
    [ -f "$f" ] || continue
    if [ -s "$f" ]; then
      fail "$what: valgrind reported problems ($f):"
      head -60 "$f" >&2
    fi
  done
}

# ---- unit tests, run from the build directory as ctest does ----
shopt -s nullglob
tests=()
for t in "$build"/test_*; do
  [ -f "$t" ] && [ -x "$t" ] && tests+=("$t")
done
if [ ${#tests[@]} -eq 0 ]; then
  echo "valgrind.sh: no unit tests in $BUILD (is cmocka installed?)" >&2
  exit 1
fi
for t in "${tests[@]}"; do
  name=$(basename "$t")
  ran=$((ran + 1))
  start=$(date +%s)
  (cd "$build" && MURK="$build/murk" MURK_SOURCE_DIR="$root" \
    "${VG[@]}" --log-file="$logs/$name.vg" "$t" >"$logs/$name.out" 2>&1)
  rc=$?
  if [ $rc -ne 0 ]; then
    fail "$name exited $rc under valgrind"
    tail -20 "$logs/$name.out" >&2
  fi
  check_logs "$name" "$logs/$name.vg"
  echo "valgrind.sh: $name: exit $rc, $(($(date +%s) - start))s"
done

# ---- scripted games (and the run/replay error paths) through a wrapper ----
wrapper="$logs/murk"
cat >"$wrapper" <<EOF
#!/bin/sh
exec ${VG[*]} --log-file="$logs/murk.%p.vg" "$build/murk" "\$@"
EOF
chmod +x "$wrapper"
for script in tests/cli/games.sh tests/cli/run_errors.sh; do
  [ -f "$script" ] || continue
  ran=$((ran + 1))
  rm -f "$logs"/murk.*.vg
  start=$(date +%s)
  MURK=$wrapper MURK_SOURCE_DIR=$root bash "$script" >"$logs/script.out" 2>&1
  rc=$?
  if [ $rc -ne 0 ]; then
    fail "$script exited $rc with murk under valgrind"
    tail -30 "$logs/script.out" >&2
  fi
  vglogs=("$logs"/murk.*.vg)
  check_logs "$script" "${vglogs[@]}"
  echo "valgrind.sh: $script: exit $rc, ${#vglogs[@]} murk runs, $(($(date +%s) - start))s"
done

if [ $failures -ne 0 ]; then
  echo "valgrind.sh: $failures problems in $ran runs" >&2
  exit 1
fi
echo "valgrind.sh: $ran runs clean under memcheck (no errors, no definite or indirect leaks)"
