#!/usr/bin/env bash
# sim_format.sh: murk sim's results for analysis. --format csv has the
# documented header and one well-formed row per game; --format json parses and has the
# documented keys and types (checked with python3 when it is there, by pattern otherwise);
# a run split by seed ranges and merged with --merge prints the same text, CSV and JSON as
# one run over all the seeds, from separate files or concatenated; overlapping or broken
# inputs are refused.
source "$(dirname "$0")/common.bash"
missions="dust-up luneville"
cd "$tmp" || exit 1

checks=$((checks + 1))
"$MURK" sim $missions --games 6 --seed 3 >one.txt 2>one.err || fail "one run: $(cat one.err)"
"$MURK" sim $missions --games 6 --seed 3 --format csv >one.csv || fail "one run, csv"
"$MURK" sim $missions --games 6 --seed 3 --format json >one.json || fail "one run, json"

# The CSV: header, 13 fields a row, each of its type.
checks=$((checks + 1))
header='mission,seed,attacker_policy,defender_policy,finished,winner,ended,vp_attacker,vp_defender,turns,commands,rejected,arrivals'
[ "$(head -1 one.csv)" = "$header" ] || fail "csv header: $(head -1 one.csv)"
[ "$(tail -n +2 one.csv | wc -l)" -eq 12 ] || fail "csv: 12 games, one row each"
row='^(dust-up|luneville),[0-9]+,(greedy|random),(greedy|random),(yes,(attacker|defender|none),[a-z][a-z ]*|no,,|capped,,),-?[0-9]+,-?[0-9]+,[0-9]+,[0-9]+,[0-9]+,([0-9]+:[0-9]+( [0-9]+:[0-9]+)*)?$'
tail -n +2 one.csv | grep -v -E "$row" | head -3 | while read -r bad; do fail "csv row: $bad"; done
checks=$((checks + 1))
grep -q -E ',[0-9]+:[0-9]+' one.csv || fail "csv: some game counts reserve arrivals"
for s in 3 4 5 6 7 8; do
  grep -q "^dust-up,$s," one.csv || fail "csv: dust-up seed $s"
done
# The text's totals from the CSV: wins of the attacker in dust-up.
checks=$((checks + 1))
att=$(grep -c '^dust-up,[0-9]*,[a-z]*,[a-z]*,yes,attacker,' one.csv)
grep -A2 '^dust-up:' one.txt | grep -q -E "^  wins +$att " || fail "csv attacker wins ($att) agree with the text"

# The JSON.
checks=$((checks + 1))
if command -v python3 >/dev/null; then
  python3 - one.json <<'PY' || fail "json schema"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["format"] == "murk-sim" and d["version"] == 1, "format, version"
game = {"mission": str, "seed": int, "attacker_policy": str, "defender_policy": str,
        "finished": bool, "vp_attacker": int, "vp_defender": int, "turns": int,
        "commands": int, "rejected": int, "arrivals": dict}
assert len(d["games"]) == 12, "12 games"
for g in d["games"]:
    for k, t in game.items():
        assert isinstance(g[k], t), (k, g)
    assert g["winner"] in ("attacker", "defender", "none") if g["finished"] else g["winner"] is None
    assert isinstance(g["ended"], str) if g["finished"] else g["ended"] is None, g
    assert all(k.isdigit() and isinstance(v, int) for k, v in g["arrivals"].items())
    assert set(g) - {"capped"} == set(game) | {"winner", "ended"}, set(g)
    assert g.get("capped", False) is False or not g["finished"], g
assert [m["id"] for m in d["missions"]] == ["dust-up", "luneville"]
for m in d["missions"]:
    gs = [g for g in d["games"] if g["mission"] == m["id"] and g["finished"]]
    assert m["games"] == len(gs)
    assert m["unfinished"] == sum(1 for g in d["games"] if g["mission"] == m["id"] and g.get("capped"))
    assert m["wins"]["attacker"] == sum(g["winner"] == "attacker" for g in gs)
    assert m["vp"]["defender"] == sum(g["vp_defender"] for g in gs)
    assert m["turns"]["sum"] == sum(g["turns"] for g in gs)
    assert m["arrivals"] == sum(sum(g["arrivals"].values()) for g in gs)
    ends = {}
    for g in gs:
        ends[g["ended"]] = ends.get(g["ended"], 0) + 1
    assert m["ends"] == ends, (m["ends"], ends)
PY
else
  grep -q '^{"format": "murk-sim", "version": 1, "games": \[' one.json || fail "json head"
  [ "$(grep -c '"seed": ' one.json)" -eq 12 ] || fail "json: 12 games"
fi

# Split by seed ranges (as over two machines), then merged.
"$MURK" sim $missions --games 2 --seed 3 --format csv >part1.csv || fail "part 1"
"$MURK" sim $missions --games 4 --seed 5 --format csv >part2.csv || fail "part 2"
checks=$((checks + 1))
"$MURK" sim --merge part2.csv part1.csv >merged.txt 2>&1 || fail "merge: $(cat merged.txt)"
diff one.txt merged.txt >/dev/null || fail "merged text differs from one run: $(diff one.txt merged.txt | head -5)"
checks=$((checks + 1))
"$MURK" sim --merge part1.csv part2.csv --format csv >merged.csv || fail "merge to csv"
cmp -s one.csv merged.csv || fail "merged csv differs from one run's"
checks=$((checks + 1))
"$MURK" sim --merge part1.csv part2.csv --format json >merged.json || fail "merge to json"
cmp -s one.json merged.json || fail "merged json differs from one run's"
checks=$((checks + 1))
cat part1.csv part2.csv | "$MURK" sim --merge - >cat.txt 2>&1 || fail "merge of concatenated rows"
cmp -s one.txt cat.txt || fail "concatenated rows (headers and all) merge to one run's text"

# Games stopped at the turn cap (--max-turns) are "capped" rows, counted apart in the
# merge as in the run.
checks=$((checks + 1))
"$MURK" sim free-for-all --policy random --games 4 --seed 1 --max-turns 3 >cap.txt 2>cap.err ||
  fail "capped run: $(cat cap.err)"
"$MURK" sim free-for-all --policy random --games 4 --seed 1 --max-turns 3 --format csv >cap.csv ||
  fail "capped run, csv"
grep -q '^free-for-all,[0-9]*,random,random,capped,,' cap.csv || fail "csv: no capped row: $(cat cap.csv)"
"$MURK" sim --merge cap.csv >cap-merged.txt 2>&1
diff cap.txt cap-merged.txt >/dev/null || fail "merged capped games differ: $(diff cap.txt cap-merged.txt | head -5)"

# --last-turn ends every game after that turn, with no winner unless the mission names
# one, and the end is counted by name in the text, CSV and JSON.
checks=$((checks + 1))
"$MURK" sim dust-up --games 4 --seed 1 --last-turn 2 >last.txt 2>last.err || fail "last turn: $(cat last.err)"
"$MURK" sim dust-up --games 4 --seed 1 --last-turn 2 --format csv >last.csv || fail "last turn, csv"
"$MURK" sim dust-up --games 4 --seed 1 --last-turn 2 --format json >last.json || fail "last turn, json"
n=$(grep -c ',yes,[a-z]*,last turn,' last.csv)
[ "$n" -ge 1 ] || fail "csv: no game ended at the last turn: $(cat last.csv)"
! grep -q -E ',yes,[a-z]*,(last turn|turn limit|objective|company morale|force destroyed|defence held|rearguard held|game length),[-0-9]*,[-0-9]*,([3-9]|[1-9][0-9]),' last.csv ||
  fail "csv: a game went past the last turn: $(cat last.csv)"
grep -q -E "^  ends .*last turn $n" last.txt || fail "text: last turn not counted ($n): $(cat last.txt)"
grep -q "\"last turn\": $n" last.json || fail "json: last turn not counted ($n)"
checks=$((checks + 1))
"$MURK" sim dust-up --last-turn 0 >out 2>&1
[ $? -eq 2 ] || fail "--last-turn 0 is a usage error"

# Refusals: overlapping seeds, a broken row (at its line), a usage mix.
checks=$((checks + 1))
"$MURK" sim --merge part1.csv part1.csv >out 2>&1 && fail "overlapping runs are merged"
grep -q "is in the files twice" out || fail "overlap said: $(cat out)"
checks=$((checks + 1))
{ cat part1.csv; echo "dust-up,9,greedy,greedy,yes,attacker,objective,x,1,2,3,4,"; } >broken.csv
"$MURK" sim --merge broken.csv >out 2>&1 && fail "a broken row is merged"
grep -q "^broken.csv:6:1: error: not a murk sim row" out || fail "broken row said: $(cat out)"
checks=$((checks + 1))
"$MURK" sim --merge part1.csv --games 3 >out 2>&1
[ $? -eq 2 ] || fail "--merge with --games is a usage error"
"$MURK" sim luneville --format xml >out 2>&1
[ $? -eq 2 ] && grep -q "format expects text, csv or json" out || fail "--format xml refused: $(cat out)"
finish sim_format
