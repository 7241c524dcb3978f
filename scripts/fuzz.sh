#!/usr/bin/env bash
# fuzz.sh: build the libFuzzer targets of tests/fuzz and run each for a bounded time.
#
#   scripts/fuzz.sh [TARGET...]     run mission, command, save, sealed and host (or those named)
#   scripts/fuzz.sh seed            refresh tests/fuzz/corpus/ from tests/bad/*.yaml,
#                                   tests/games/*.txt and whole games of
#                                   `murk sim` on each bundled mission (MURK=build/murk)
#
# Environment:
#   FUZZ_SECONDS  seconds per target (default 60)
#   FUZZ_BUILD    build directory (default build-fuzz)
#   FUZZ_OUT      where crashes are kept (default: a new directory under /tmp)
#   FUZZ_JOBS     targets fuzzed at once (default 1; each is one process on one core)
#   FUZZ_CORPUS   keep the grown corpus of each target in FUZZ_CORPUS/TARGET (default:
#                 a temporary directory, deleted at the end)
#
# Each target starts from its committed seeds (tests/fuzz/corpus/TARGET), plus the live
# bundled missions and tests/bad files for the mission loader and tests/games scripts for
# the save loader. Any crash, leak, timeout (-timeout=5 s per input) or memory blow-up
# (-rss_limit_mb=2048) fails the run: the input is kept in FUZZ_OUT and its path printed;
# reproduce it with `FUZZ_BUILD/fuzz_TARGET FILE`. The last line per target gives the
# executions run clean (docs/reliability.md records the figures).
#
# clang with libFuzzer is needed (Debian package clang); as root it is installed when
# missing, like scripts/deps.sh does for the rest.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_EACH=${FUZZ_SECONDS:-60}
BUILD=${FUZZ_BUILD:-build-fuzz}
ALL_TARGETS="mission command save sealed host"

# max_len per target: the bundled missions are under 10 kB; a command is one line;
# seed games are a few kB; sealed saves are padded to 4 kB steps per part.
max_len() {
  case $1 in
    mission) echo 16384 ;;
    command) echo 256 ;;
    save) echo 8192 ;;
    sealed) echo 65536 ;;
    host) echo 65536 ;;
  esac
}

# Extra read-only seed directories per target (those that exist).
extra_seeds() {
  case $1 in
    mission) for d in data/missions tests/bad; do [ -d "$d" ] && echo "$d"; done ;;
    save) [ -d tests/games ] && echo tests/games ;;
  esac
  return 0
}

# ---- seed: refresh the committed corpora ----
seed() {
  local c=tests/fuzz/corpus
  mkdir -p "$c/mission" "$c/command" "$c/save"
  # What this refreshes is made again from its sources; hand-* and gen-* seeds stay.
  rm -f "$c"/mission/bundled-* "$c"/mission/bad-* "$c"/save/game-* "$c"/save/sim-* \
    "$c"/command/line-*
  shopt -s nullglob
  local f
  # The bundled missions are not copied: every run reads data/missions itself
  # (extra_seeds), so a copy could only go stale.
  for f in tests/bad/*.yaml; do
    # Small files only: the hostile big ones are made at test time, never committed.
    [ "$(wc -c <"$f")" -le 16384 ] && cp "$f" "$c/mission/bad-$(basename "$f")"
  done
  for f in tests/games/*.txt; do cp "$f" "$c/save/game-$(basename "$f")"; done
  # Whole games to their end, played by `murk sim` (greedy and random players), so the
  # replay reaches shooting, assaults and victory: the accepted commands of --trace.
  local murk=${MURK:-build/murk} id pol
  if [ -x "$murk" ]; then
    for f in data/missions/*.yaml; do
      id=$(basename "$f" .yaml)
      for pol in greedy random; do
        {
          printf '# mission: %s\n# seed: 5\n' "$f"
          "$murk" sim "$f" --games 1 --seed 5 --policy "$pol" --trace 2>&1 >/dev/null |
            sed -n "s/^$id seed 5: \(attacker\|defender\): /\1: /p" || true
        } >"$c/save/sim-$id-$pol.txt"
        # A mission sim cannot play gives no commands: no seed from it.
        grep -qv '^#' "$c/save/sim-$id-$pol.txt" || rm -f "$c/save/sim-$id-$pol.txt"
      done
    done
  else
    echo "fuzz.sh: no $murk: the sim games are not refreshed (make build, or set MURK)" >&2
  fi
  # Command lines of the seed scripts without their side prefix: a few of each verb.
  local n=0 line
  while IFS= read -r line; do
    n=$((n + 1))
    printf '%s' "$line" >"$c/command/line-$(printf '%03d' $n)"
  done < <(cat "$c"/save/*.txt 2>/dev/null | grep -v '^#' | sed -E 's/^(attacker|defender): *//' |
    grep -v '^[[:space:]]*$' | sort -u | awk '{ if (++seen[$1] <= 4) print }')
  echo "fuzz.sh: corpora in $c: $(ls "$c/mission" | wc -l) missions," \
    "$(ls "$c/command" | wc -l) commands, $(ls "$c/save" | wc -l) scripts"
}

if [ "${1:-}" = seed ]; then
  seed
  exit 0
fi

targets=${*:-$ALL_TARGETS}
for t in $targets; do
  case " $ALL_TARGETS " in
    *" $t "*) ;;
    *)
      echo "fuzz.sh: unknown target '$t' (targets: $ALL_TARGETS, or 'seed')" >&2
      exit 2
      ;;
  esac
done

# ---- clang with libFuzzer ----
have_libfuzzer() {
  command -v clang >/dev/null 2>&1 || return 1
  local d
  d=$(mktemp -d)
  printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
    'int LLVMFuzzerTestOneInput(const uint8_t* d, size_t n);' \
    'int LLVMFuzzerTestOneInput(const uint8_t* d, size_t n) { (void)d; (void)n; return 0; }' \
    >"$d/t.c"
  local ok=0
  clang -fsanitize=fuzzer,address,undefined "$d/t.c" -o "$d/t" >/dev/null 2>&1 || ok=1
  rm -rf "$d"
  return $ok
}
if ! have_libfuzzer; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "fuzz.sh: installing clang (libFuzzer)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq clang >&2
  fi
  if ! have_libfuzzer; then
    echo "fuzz.sh: clang with libFuzzer is needed; run: sudo apt-get install -y clang" >&2
    exit 1
  fi
fi

# ---- build ----
# Warnings are the gcc build's gate (make test); here they must not stop a fuzz run.
cmake -S . -B "$BUILD" -DCMAKE_C_COMPILER=clang -DMURK_FUZZ=ON -DMURK_WERROR=OFF \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fuzz_bins=""
for t in $targets; do fuzz_bins="$fuzz_bins fuzz_$t"; done
# shellcheck disable=SC2086
cmake --build "$BUILD" -j "$(nproc 2>/dev/null || echo 2)" --target $fuzz_bins

# ---- run ----
out=${FUZZ_OUT:-$(mktemp -d /tmp/murk-fuzz.XXXXXX)}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
# run_target T: fuzz one target; its summary line goes to $out/T.summary, and on a failure
# the details go to stderr and $out/T.failed is made.
run_target() {
  local t=$1 corpus dict log rc execs units crashes
  corpus="$work/corpus-$t"
  [ -n "${FUZZ_CORPUS:-}" ] && corpus="$FUZZ_CORPUS/$t"
  mkdir -p "$corpus" "$out/$t"
  dict=""
  [ -f "tests/fuzz/$t.dict" ] && dict="-dict=tests/fuzz/$t.dict"
  log="$out/$t.log"
  echo "fuzz.sh: fuzz_$t for ${SECONDS_EACH}s (log: $log)"
  rc=0
  # shellcheck disable=SC2046,SC2086
  "$BUILD/fuzz_$t" -max_total_time="$SECONDS_EACH" -max_len="$(max_len "$t")" -timeout=5 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$out/$t/" $dict \
    "$corpus" "tests/fuzz/corpus/$t" $(extra_seeds "$t") >"$log" 2>&1 || rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  units=$(find "$corpus" -type f | wc -l)
  crashes=$(find "$out/$t" -type f | wc -l)
  if [ $rc -ne 0 ] || [ "$crashes" -ne 0 ]; then
    touch "$out/$t.failed"
    {
      echo "FAIL: fuzz_$t exited $rc after ${execs:-?} executions; inputs kept:"
      find "$out/$t" -type f | sed 's/^/  /'
      grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz_[a-z]+:|[^ ]+\.c:[0-9]+:[0-9]+: runtime error)' \
        "$log" | head -20 || true
      grep -E '^ +#[0-9]+ ' "$log" | head -25 || true
      echo "reproduce: $BUILD/fuzz_$t FILE   (full log: $log)"
    } >&2
    echo "fuzz_$t: FAILED after ${execs:-?} executions" >"$out/$t.summary"
  else
    echo "fuzz_$t: ${execs:-?} executions clean in ${SECONDS_EACH}s (corpus $units inputs)" \
      >"$out/$t.summary"
  fi
}

# FUZZ_JOBS targets at once (default 1: each target has a core to itself).
jobs_max=${FUZZ_JOBS:-1}
for t in $targets; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
  run_target "$t" &
done
wait
echo "fuzz.sh:"
failed=0
for t in $targets; do
  cat "$out/$t.summary"
  [ -f "$out/$t.failed" ] && failed=1
done
if [ $failed -ne 0 ]; then
  echo "fuzz.sh: failures; crashing inputs and logs are in $out" >&2
  exit 1
fi
[ -z "${FUZZ_OUT:-}" ] && rm -rf "$out"
exit 0
