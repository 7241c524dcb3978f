#!/usr/bin/env bash
# nml_first_turn.sh: No Man's Land is not decided before it is fought.
#
# The Flames of War missions' No Man's Land places the objectives after the Fortified
# Platoons deploy, each on the enemy's side for the enemy to take, so the placer puts it
# where the enemy does not stand. 200 greedy games (seeds 1-200): at most 5% of them end
# by the start of game turn 2 (`turns` 0 or 1 in the CSV), every one finishes, and both
# sides win some. Before the greedy player placed objectives away from the enemy, 42 of
# these 200 games ended so (a fortified platoon stood by the objective when it was put down).
# Run from the repository root with $MURK set to the program (ctest does both).
source "$(dirname "${BASH_SOURCE[0]}")/common.bash"

games=200
"$MURK" sim no-mans-land --games $games --seed 1 --policy greedy --format csv \
  >"$tmp/nml.csv" 2>"$tmp/nml.err"
rc=$?
[ $rc -eq 0 ] || fail "murk sim no-mans-land exited $rc: $(cat "$tmp/nml.err")"
[ -s "$tmp/nml.err" ] && fail "murk sim wrote to stderr: $(cat "$tmp/nml.err")"
# mission,seed,attacker_policy,defender_policy,finished,winner,ended,vp_a,vp_d,turns,...
read -r played finished early att def < <(awk -F, 'NR > 1 {
    n++; if ($5 == "yes") f++; if ($10 <= 1) e++
    if ($6 == "attacker") a++; if ($6 == "defender") d++ }
  END { print n + 0, f + 0, e + 0, a + 0, d + 0 }' "$tmp/nml.csv")
[ "$played" -eq $games ] || fail "played $played games, not $games"
[ "$finished" -eq $games ] || fail "only $finished of $games games finished"
[ $((early * 20)) -le $games ] ||
  fail "$early of $games greedy games of No Man's Land ended by the start of turn 2 (at most 5%)"
[ "$att" -gt 0 ] && [ "$def" -gt 0 ] || fail "one side won every game ($att attacker, $def defender)"
echo "ok: $early of $games greedy games of No Man's Land decided by the start of turn 2"
