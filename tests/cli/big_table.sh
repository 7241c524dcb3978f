#!/usr/bin/env bash
# big_table.sh: one whole game on a generated big table finishes.
#
#   - bench/bigtable.sh writes a valid 1000x1000 mission (20% woods, 20 platoons of 30
#     teams a side) and a 200x200 one; `murk check` accepts both;
#   - `murk sim` plays one game on each with each policy to a result: exit 0, nothing on
#     stderr, one game in the table. No time is asserted: before the fix these games did
#     not end within minutes, and ctest's timeout is the bound.
# Run from the repository root with $MURK set to the program (ctest does both).
. "$(dirname "$0")/common.bash"

# The sanitizer build (ten times slower) plays the 200x200 table only.
for size in $(light "1000 200" 200); do
  f=$tmp/big$size.yaml
  checks=$((checks + 1))
  if ! bash bench/bigtable.sh "$size" > "$f"; then
    fail "bench/bigtable.sh $size"
    continue
  fi
  checks=$((checks + 1))
  out=$("$MURK" check "$f" 2>&1)
  [[ $? -eq 0 && $out == *"ok: Big table ${size}x${size}: square ${size}x${size}"*"20 v 20 platoons"* ]] ||
    fail "check $size: $out"
  for policy in random greedy; do
    checks=$((checks + 1))
    "$MURK" sim "$f" --games 1 --seed 1 --policy $policy > "$tmp/out" 2> "$tmp/err"
    rc=$?
    if [[ $rc -ne 0 || -s $tmp/err ]] || ! grep -Eq '^ +wins +[0-9]+ +[0-9]+ +[0-9]+' "$tmp/out"; then
      fail "sim $size $policy: exit $rc: $(cat "$tmp/err")"
      continue
    fi
    # wins of the three columns add up to the one game played
    total=$(awk '$1 == "wins" { print $2 + $3 + $4 }' "$tmp/out")
    [[ $total == 1 ]] || fail "sim $size $policy: $total games in the table"
  done
done

finish big_table
