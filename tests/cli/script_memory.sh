#!/usr/bin/env bash
# script_memory.sh: a long script runs in memory that does not grow with its length (issue
# 18 point 6; docs/reliability.md, "Memory of a long script"). bench/script_memory.sh's
# script (Free-for-All's setup, then `end` again and again) at 20,000 and 40,000 lines:
# the peak resident size may grow by at most 200 bytes a line between them. It was about
# 1,100 (every event kept as a 552-byte record, the log a struct a line); now the game
# drops the events murk run has printed and keeps its log as one arena of text, some 13
# bytes a line with the script itself. Memory, not time: the bound holds on any machine.
source "$(dirname "$0")/common.bash"

# The peak resident size of `murk run SCRIPT`, in KB (GNU time: a small parent, so what it
# reports is murk's own).
peak_kb() {
  /usr/bin/time -f %M -o "$tmp/time" "$MURK" run "$1" >/dev/null || return 1
  tail -n 1 "$tmp/time"
}

[ -x /usr/bin/time ] || { echo "FAIL: no /usr/bin/time (scripts/deps.sh installs it)" >&2; exit 1; }

script() {
  sed -n '1,2p' tests/games/free-for-all-full.txt
  sed -n '12,29p' tests/games/free-for-all-full.txt
  yes end | head -n "$(($1 - 18))"
}

# ASan keeps freed blocks in a quarantine (up to 256 MB): that is the sanitizer's memory,
# not the program's.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0"

script 20000 >"$tmp/short.txt"
script 40000 >"$tmp/long.txt"
checks=$((checks + 1))
if short=$(peak_kb "$tmp/short.txt") && long=$(peak_kb "$tmp/long.txt"); then
  per_line=$(((long - short) * 1024 / 20000))
  echo "peak RSS: 20,000 lines $short KB, 40,000 lines $long KB: $per_line bytes a line"
  [ "$per_line" -le 200 ] ||
    fail "memory grows by $per_line bytes a script line (at most 200): $short KB for 20,000 lines, $long KB for 40,000"
else
  fail "murk run failed on the generated script"
fi

finish script_memory
