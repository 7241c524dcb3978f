#!/usr/bin/env bash
# script_memory.sh: the peak memory of `murk run` over a long generated script
# (docs/reliability.md, "Memory of a long script"): Free-for-All's setup from tests/games,
# then `end` again and again (the mission has no turn limit).
#   bench/script_memory.sh [LINES ...]     (default: 100000; MURK=build/murk)
set -u
MURK=${MURK:-build/murk}
dir=${TMPDIR:-/tmp}/murk-memory-bench.$$
mkdir -p "$dir"
trap 'rm -rf "$dir"' EXIT
printf '%10s %12s %12s %9s\n' lines "max RSS KB" "bytes/line" seconds
for n in "${@:-100000}"; do
  {
    sed -n '1,2p' tests/games/free-for-all-full.txt
    sed -n '12,29p' tests/games/free-for-all-full.txt
    yes end | head -n "$((n - 18))"
  } >"$dir/s.txt"
  /usr/bin/time -f '%M %e' -o "$dir/time" "$MURK" run "$dir/s.txt" >/dev/null ||
    { echo "run failed" >&2; exit 1; }
  read -r kb secs <"$dir/time"
  awk -v n="$n" -v kb="$kb" -v s="$secs" 'BEGIN { printf "%10d %12d %12.0f %9.2f\n", n, kb, kb * 1024 / n, s }'
done
