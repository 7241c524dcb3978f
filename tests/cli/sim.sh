#!/usr/bin/env bash
# sim.sh: `murk sim` plays every bundled mission from setup to a result.
#
#   - each mission of data/missions, 20 games with each policy (random, greedy, computer): exit 0, nothing on stderr,
#     the table with wins adding up to the games played and both bar charts;
#   - the same arguments twice print the same bytes; --all prints one row per mission;
#   - a policy per side, a mission given as a file; the computer against random and greedy
#     in both seats on every mission, every game finished, few tries refused; the computer
#     against itself finishes No Retreat's games (once some stalled at the turn cap);
#   - a game that hits the command cap is a failure (exit 1, said on stderr and in the table);
#   - bad arguments exit 2, a missing or broken mission exits 1.
# Run from the repository root with $MURK set to the program (ctest does both).
source "$(dirname "${BASH_SOURCE[0]}")/common.bash"

# run NAME ARGS...: murk sim ARGS, stdout in $tmp/NAME.out, stderr in $tmp/NAME.err; sets rc.
run() {
  local name=$1
  shift
  checks=$((checks + 1))
  "$MURK" sim "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
  rc=$?
}

# wins_total FILE: attacker + defender + no winner of the first wins line, and the games
# stopped at the turn cap (counted apart, never as wins).
wins_total() {
  awk '$1 == "wins" && !w { w = $2 + $3 + $4 } $1 == "unfinished" && !u { u = $2 }
       END { print w + u }' "$1"
}

shopt -s nullglob
missions=(data/missions/*.yaml)
if [ ${#missions[@]} -eq 0 ]; then
  echo "FAIL: no bundled missions in data/missions" >&2
  exit 1
fi

# The sanitizer build (ten times slower) plays each mission with one policy, in turn.
games=20
mi=0
for file in "${missions[@]}"; do
  id=$(basename "$file" .yaml)
  mi=$((mi + 1))
  pi=0
  for policy in random greedy computer; do
    pi=$((pi + 1))
    [ "$(light 0 $(((mi + pi) % 3)))" = 0 ] || continue
    run "$id.$policy" "$id" --games "$games" --policy "$policy"
    out="$tmp/$id.$policy.out"
    if [ $rc -ne 0 ]; then
      fail "sim $id --policy $policy exited $rc: $(head -5 "$tmp/$id.$policy.err")"
      continue
    fi
    [ -s "$tmp/$id.$policy.err" ] && fail "sim $id --policy $policy wrote to stderr: $(head -3 "$tmp/$id.$policy.err")"
    grep -q "^$id: .*, $games games (seeds 1-$games), $policy v $policy\$" "$out" ||
      fail "sim $id --policy $policy: no header line"
    for row in wins "average VP" length reserves commands "game length (turns)" "reserve arrival turn"; do
      grep -q "^  $row" "$out" || fail "sim $id --policy $policy: no '$row' row"
    done
    [ "$(wins_total "$out")" = "$games" ] ||
      fail "sim $id --policy $policy: wins add up to $(wins_total "$out"), not $games"
    grep -q "FAILED" "$out" && fail "sim $id --policy $policy: games failed"
    grep -Eq '^ +[0-9]+ \| #+ +[0-9]+$' "$out" || fail "sim $id --policy $policy: no bar chart"
  done
done

# The same arguments give the same bytes; --all gives a row per mission.
for policy in random greedy computer; do
  run "all.$policy" --all --games 5 --seed 40 --policy "$policy"
  [ $rc -eq 0 ] || fail "sim --all --policy $policy exited $rc: $(head -5 "$tmp/all.$policy.err")"
  run "again.$policy" --all --games 5 --seed 40 --policy "$policy"
  cmp -s "$tmp/all.$policy.out" "$tmp/again.$policy.out" ||
    fail "sim --all --policy $policy printed something else the second time"
  for file in "${missions[@]}"; do
    id=$(basename "$file" .yaml)
    grep -Eq "^$id +5 +0 " "$tmp/all.$policy.out" || fail "sim --all: no summary row for $id"
  done
done
# Another seed plays other games (the totals may agree by chance; the commands hardly).
run seed41 --all --games 5 --seed 41 --policy random
cmp -s "$tmp/all.random.out" "$tmp/seed41.out" && fail "sim --seed 41 printed what --seed 40 did"

# One policy per side; a mission as a file.
run mixed data/missions/luneville.yaml --games 4 --policy random,greedy
[ $rc -eq 0 ] || fail "sim with a file and --policy random,greedy exited $rc"
grep -q "^luneville: .*, 4 games (seeds 1-4), random v greedy\$" "$tmp/mixed.out" ||
  fail "sim --policy random,greedy: header says $(head -1 "$tmp/mixed.out")"

# The computer against random and greedy, in both seats, on every mission: every
# game finishes within the cap (a stuck player or a loop of refused tries would not), and the
# game refuses fewer than ten of its tries for each it takes.
for pair in computer,random random,computer computer,greedy greedy,computer; do
  run "vs.$pair" --all --games "$(soak 30 10 3)" --policy "$pair"
  [ $rc -eq 0 ] || fail "sim --all --policy $pair exited $rc: $(head -5 "$tmp/vs.$pair.err")"
  grep -q "FAILED" "$tmp/vs.$pair.out" && fail "sim --all --policy $pair: games failed"
  awk '$1 == "commands" && $7 + 0 > 10 * $2 { print; bad = 1 } END { exit bad }' \
    "$tmp/vs.$pair.out" >"$tmp/vs.$pair.refused" ||
    fail "sim --all --policy $pair: most tries refused: $(head -3 "$tmp/vs.$pair.refused")"
done
grep -q "^  commands  *[0-9.]* a game on average, [0-9.]* refused" "$tmp/vs.computer,random.out" ||
  fail "sim: no commands row to check the refusals on"

# The computer against itself finishes its games: on No Retreat, seeds 2, 36, 38
# and 39 of these 40 once reached the turn cap, a revealed platoon on the one-cell goat path
# standing still because its own teams held every cell ahead of its first team, or two
# platoons there each blocking the other's way. The whole run says whether any game stalls.
nr_games=$(soak 200 40 8)
run nr-computer no-retreat --games "$nr_games" --seed 1 --policy computer --format csv
[ $rc -eq 0 ] || fail "sim no-retreat --policy computer exited $rc: $(head -3 "$tmp/nr-computer.err")"
awk -F, 'NR > 1 && $5 != "yes" { print; bad = 1 } END { exit bad }' "$tmp/nr-computer.out" \
  >"$tmp/nr-computer.stalled" ||
  fail "sim no-retreat --policy computer: games unfinished: $(head -4 "$tmp/nr-computer.stalled")"
[ "$(grep -c '^no-retreat,' "$tmp/nr-computer.out")" = "$nr_games" ] ||
  fail "sim no-retreat --policy computer: not one row a game"

# A game that cannot finish within the cap fails, loudly.
run capped luneville --games 2 --max-commands 10
[ $rc -eq 1 ] || fail "sim --max-commands 10: exit $rc, want 1"
grep -q "^murk: luneville seed 1: no result after 10 commands" "$tmp/capped.err" ||
  fail "sim --max-commands 10: stderr says $(head -2 "$tmp/capped.err")"
grep -q "^  FAILED  *2 games did not finish" "$tmp/capped.out" ||
  fail "sim --max-commands 10: the table does not say the games failed"

# A mission ends only as its text says; a game still going past murk
# sim's own cap (--max-turns, 40 unless said) is stopped, reported as unfinished and counted
# apart: no win, no points, exit 0.
run turncap free-for-all --games 6 --policy random --max-turns 2
[ $rc -eq 0 ] || fail "sim --max-turns 2: exit $rc, want 0: $(head -3 "$tmp/turncap.err")"
grep -q "^  unfinished  *6 games still going at the turn cap" "$tmp/turncap.out" ||
  fail "sim --max-turns 2: no unfinished line: $(cat "$tmp/turncap.out")"
grep -Eq "^  wins +0 +0 +0\$" "$tmp/turncap.out" || fail "sim --max-turns 2: an unfinished game counted as a win"
run turncap-all free-for-all luneville --games 3 --policy random --max-turns 2
grep -Eq "^free-for-all +3 +0 +0 +0 +0 +3 " "$tmp/turncap-all.out" ||
  fail "sim --max-turns 2: the summary row counts unfinished games apart: $(tail -3 "$tmp/turncap-all.out")"

# Bad arguments: usage (2); missions that are not there or do not load: 1.
for args in "" "luneville --games 0" "luneville --games x" "luneville --policy smart" \
  "luneville --policy greedy,smart" "luneville --all" "luneville --seed -1" "luneville --frob" \
  "luneville --games" "luneville --max-turns 0"; do
  # shellcheck disable=SC2086
  run usage $args
  [ $rc -eq 2 ] || fail "sim $args: exit $rc, want 2"
  grep -q "^usage: murk sim" "$tmp/usage.err" || fail "sim $args: no usage on stderr"
done
run missing no-such-mission --games 1
[ $rc -eq 1 ] || fail "sim no-such-mission: exit $rc, want 1"
grep -q "no mission 'no-such-mission'" "$tmp/missing.err" || fail "sim no-such-mission: $(cat "$tmp/missing.err")"
printf 'name: Broken\ntable: {grid: hex, scale: 5cm, size: nonsense}\n' >"$tmp/broken.yaml"
run broken "$tmp/broken.yaml" luneville --games 1
[ $rc -eq 1 ] || fail "sim of a broken mission: exit $rc, want 1"
grep -q "broken.yaml:[0-9]*:[0-9]*: error:" "$tmp/broken.err" || fail "sim of a broken mission: no FILE:LINE:COL error"
grep -q "^luneville: " "$tmp/broken.out" || fail "sim went on to the next mission after a broken one"
run help --help
[ $rc -eq 0 ] && grep -q "^usage: murk sim" "$tmp/help.out" || fail "sim --help"

finish sim.sh "${#missions[@]} missions, $checks checks passed"
