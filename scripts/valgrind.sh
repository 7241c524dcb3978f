#!/usr/bin/env bash
# valgrind.sh: the cmocka suite and the scripted games under valgrind memcheck.
#
#   scripts/valgrind.sh            (BUILD=build by default: a normal, non-sanitizer build;
#                                   VALGRIND_JOBS processes at once, default the cores)
#
# Every unit test executable of the build (BUILD/test_*) runs under memcheck, and
# tests/cli/run_errors.sh and tests/cli/games.sh (a job for each game) run with MURK set to
# a wrapper that runs the program under memcheck. Any memory error, or any definite or indirect leak, fails
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
# The test programs are not in the default build: the `tests` target makes them (and murk).
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
  cmake -S . -B "$BUILD" >/dev/null || exit 1
fi
cmake --build "$BUILD" -j "$(nproc 2>/dev/null || echo 2)" --target tests >/dev/null || exit 1
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
# --read-inline-info=no: murk is built without optimisation (nothing inlined to read) and
# the libraries without debug information; it saves a tenth of each start (about a second).
VG=(valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect
  --show-leak-kinds=definite,indirect --num-callers=30 --read-inline-info=no)
failures=0
ran=0

# Jobs run in subshells: each failure is a line of $logs/failures (short appends).
fail() {
  echo "FAIL: $*" >&2
  echo "$1" >>"$logs/failures"
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

# Each job (one unit test, or one test script) runs in the background, up to VALGRIND_JOBS
# at once (default: the number of cores); its report is printed when all are done.
JOBS=${VALGRIND_JOBS:-$(nproc 2>/dev/null || echo 2)}

# run_unit PATH: one unit test under memcheck, from the build directory as ctest runs it.
run_unit() {
  local t=$1 name rc start
  name=$(basename "$t")
  start=$(date +%s)
  # Under memcheck the statistical tests play their light counts (MURK_TEST_LIGHT,
  # tests/unit/test_support.h): the twin test 10,000 tries, half of make test's.
  (cd "$build" && MURK="$build/murk" MURK_SOURCE_DIR="$root" TWINS_BUDGET="${TWINS_BUDGET:-3000}" MURK_TEST_LIGHT=1 \
    "${VG[@]}" --log-file="$logs/$name.vg" "$t" >"$logs/$name.out" 2>&1)
  rc=$?
  if [ $rc -ne 0 ]; then
    fail "$name exited $rc under valgrind"
    tail -20 "$logs/$name.out" >&2
  fi
  check_logs "$name" "$logs/$name.vg"
  echo "valgrind.sh: $name: exit $rc, $(($(date +%s) - start))s"
}

# run_script PATH [ARG...]: a test script (with its arguments: games.sh takes the games to
# play) with MURK running the program under memcheck, each process with its own log in a
# directory of this job's.
run_script() {
  local script=$1 name rc start dir
  shift
  name=$(basename "$script" .sh)${1:+-$1}
  dir="$logs/$name.d"
  mkdir -p "$dir"
  printf '#!/bin/sh\nexec %s --log-file="%s/murk.%%p.vg" "%s" "$@"\n' "${VG[*]}" "$dir" \
    "$build/murk" >"$dir/murk"
  chmod +x "$dir/murk"
  start=$(date +%s)
  MURK="$dir/murk" MURK_SOURCE_DIR=$root bash "$script" "$@" >"$dir/script.out" 2>&1
  rc=$?
  if [ $rc -ne 0 ]; then
    fail "$script $* exited $rc with murk under valgrind"
    tail -30 "$dir/script.out" >&2
  fi
  local vglogs=("$dir"/murk.*.vg)
  check_logs "$script $*" "${vglogs[@]}"
  echo "valgrind.sh: $script${1:+ $*}: exit $rc, ${#vglogs[@]} murk runs, $(($(date +%s) - start))s"
}

shopt -s nullglob
# The longest unit tests first (by CPU time with the light counts, natively, 2026-11:
# test_extremes 19 s, test_seal 6 s (its key derivation), test_twins 4 s, test_headless
# 2 s; the rest under 2 s each), so no long one starts when the other core is nearly done.
# A name missing here only runs later.
heavy=(test_extremes test_seal test_twins test_headless test_tui_hidden)
tests=()
for t in "${heavy[@]}"; do
  [ -f "$build/$t" ] && [ -x "$build/$t" ] && tests+=("$build/$t")
done
for t in "$build"/test_*; do
  case " ${heavy[*]} " in *" ${t##*/} "*) continue ;; esac
  [ -f "$t" ] && [ -x "$t" ] && tests+=("$t")
done
if [ ${#tests[@]} -eq 0 ]; then
  echo "valgrind.sh: no unit tests in $BUILD (is cmocka installed?)" >&2
  exit 1
fi
# The scripted games are a job each (games.sh NAME), so they share both cores with the unit
# tests; each plays its transcripts once (GAMES_ONE_RUN: the determinism rerun, the same
# input down the same paths, is `make test`'s), its save, replays and refusals.
# The rule pairs' games (pair-*.txt: small test tables, two rules each) run the same
# modules as the missions' games; the sanitizers' suite (make test-san) runs them, and
# memcheck keeps to the missions' own games.
games=()
for g in tests/games/*.txt; do
  g=${g##*/}
  case $g in pair-*) continue ;; esac
  games+=("tests/cli/games.sh:${g%.txt}")
done

# The unit tests (the heavy ones first) and run_errors.sh, then the games, a short job
# each, so the two cores end close together.
n=0
for job in "${tests[@]}" tests/cli/run_errors.sh "${games[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
  n=$((n + 1))
  case $job in
    *.sh:*) GAMES_ONE_RUN=1 run_script "${job%%:*}" "${job#*:}" >"$logs/report.$n" 2>&1 & ;;
    *.sh) run_script "$job" >"$logs/report.$n" 2>&1 & ;;
    *) run_unit "$job" >"$logs/report.$n" 2>&1 & ;;
  esac
done
wait
ran=$n
for i in $(seq 1 "$n"); do
  cat "$logs/report.$i"
done
[ -f "$logs/failures" ] && failures=$(wc -l <"$logs/failures")

if [ $failures -ne 0 ]; then
  echo "valgrind.sh: $failures problems in $ran runs" >&2
  exit 1
fi
echo "valgrind.sh: $ran runs clean under memcheck (no errors, no definite or indirect leaks)"
