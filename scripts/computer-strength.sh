#!/usr/bin/env bash
# computer-strength.sh: how strong the computer opponent is, as the table of
# docs/performance.md, "The computer opponent". For every bundled mission and seat it plays
# GAMES games (default 1000) of the computer against random and against greedy, and greedy
# against greedy for the comparison in the same seat, and prints a markdown table:
#
#   v random   the computer's share of the decided games against random in that seat
#              (target: at least 95%);
#   greedy     how often greedy wins in that seat against greedy (all games);
#   computer   how often the computer wins in that seat against greedy (all games);
#   margin     computer - greedy, in points (target: at least 15).
#
# Usage: scripts/computer-strength.sh [GAMES] [SEED]   (MURK: the program, default build/murk)
# Slow (some ten minutes for 1000 games on two quiet cores): not run in CI. CSV=DIR keeps
# each pairing's games (murk sim --format csv) in DIR and takes a pairing's file found there
# instead of playing it again, so a run can be split or resumed. Two pairings play at a time.
set -eu
MURK=${MURK:-build/murk}
games=${1:-1000}
seed=${2:-1}
tmp=$(mktemp -d)
# On the way out (done, or a pairing failed) no game is left playing.
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$tmp"' EXIT

out=${CSV:-$tmp}
mkdir -p "$out"
# play PAIR: the pairing's games into PAIR.csv, written as PAIR.part and renamed only when
# whole, so a stopped run never leaves a partial file that a resumed one would take.
play() {
  "$MURK" sim --all --games "$games" --seed "$seed" --policy "$1" --format csv >"$out/$1.part" &&
    mv "$out/$1.part" "$out/$1.csv"
}
# Two pairings at a time (one process each, on two cores); a pairing whose CSV is there is
# not played again.
todo=()
for pair in computer,random random,computer computer,greedy greedy,computer greedy,greedy; do
  [ -s "$out/$pair.csv" ] || todo+=("$pair")
done
running=0
for pair in ${todo[@]+"${todo[@]}"}; do
  if [ "$running" -ge 2 ]; then
    wait -n || exit 1
    running=$((running - 1))
  fi
  play "$pair" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || exit 1
  running=$((running - 1))
done

# wins FILE SIDE: "mission wins decided games" per mission, wins of SIDE (attacker|defender).
wins() {
  awk -F, -v side="$2" 'NR > 1 {
      g[$1]++
      if ($6 == side) w[$1]++
      if ($6 == "attacker" || $6 == "defender") d[$1]++
    } END { for (m in g) printf "%s %d %d %d\n", m, w[m], d[m], g[m] }' "$1" | sort
}

echo "| mission | seat | v random (decided) | greedy v greedy | computer v greedy | margin | targets |"
echo "|---|---|---:|---:|---:|---:|---|"
for seat in attacker defender; do
  if [ "$seat" = attacker ]; then vr=computer,random vg=computer,greedy; else vr=random,computer vg=greedy,computer; fi
  wins "$out/$vr.csv" "$seat" >"$tmp/r.$seat"
  wins "$out/greedy,greedy.csv" "$seat" >"$tmp/gg.$seat"
  wins "$out/$vg.csv" "$seat" >"$tmp/cg.$seat"
  join "$tmp/r.$seat" "$tmp/gg.$seat" | join - "$tmp/cg.$seat" >"$tmp/all.$seat"
done
for m in $(cut -d' ' -f1 "$tmp/all.attacker"); do
  for seat in attacker defender; do
    grep "^$m " "$tmp/all.$seat" | awk -v seat="$seat" '{
      # mission rw rd rg  gw gd gg  cw cd cg
      vr = $3 ? 100 * $2 / $3 : 0
      gg = 100 * $5 / $7
      cg = 100 * $8 / $10
      margin = cg - gg
      ok = (vr >= 95 ? "random ok" : "random MISSED") ", " (margin >= 15 ? "greedy ok" : "greedy MISSED")
      printf "| %s | %s | %.1f%% (%d/%d) | %.1f%% | %.1f%% | %+.1f | %s |\n", $1, seat, vr, $2, $3, gg, cg, margin, ok
    }'
  done
done
echo
echo "$games games per mission, seat and pairing (seeds $seed-$((seed + games - 1)))."
