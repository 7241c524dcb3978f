#!/usr/bin/env bash
# saves_list.sh: `murk saves` (src/cli/cmd_saves.c) lists the games kept in the state
# directory in aligned columns, each with its mission's name; a finished game is left out
# (and counted) unless --all, which marks it "finished"; a file of the same bytes as a
# newer one is listed once. Run from the repository root with $MURK set (ctest does both).
source "$(dirname "${BASH_SOURCE[0]}")/common.bash"

state=$tmp/state
mkdir -p "$state/murk"
# A game under way (three `end`s before a Hasty Attack's end), under a long file name; the
# whole game (finished); a copy of the first, older.
head -n -3 tests/games/hasty-attack-full.txt >"$tmp/near-end.txt"
"$MURK" run "$tmp/near-end.txt" --save "$state/murk/a-rather-long-file-name-for-a-game-under-way.murk" >/dev/null ||
  fail "could not save the game under way"
"$MURK" run tests/games/hasty-attack-full.txt --save "$state/murk/over.murk" >/dev/null ||
  fail "could not save the finished game"
cp "$state/murk/a-rather-long-file-name-for-a-game-under-way.murk" "$state/murk/copy.murk"
touch -d '1 hour ago' "$state/murk/copy.murk"

XDG_STATE_HOME=$state "$MURK" saves >"$tmp/out" 2>&1 || fail "murk saves: exit $?"
checks=$((checks + 1))
grep -q '^a-rather-long-file-name-for-a-game-under-way.murk  *Hasty Attack  *2 defender ' "$tmp/out" ||
  fail "the game under way is not listed with its mission: $(cat "$tmp/out")"
grep -q '^over.murk' "$tmp/out" && fail "a finished game is listed without --all: $(cat "$tmp/out")"
grep -q '^1 finished game not shown: murk saves --all lists them$' "$tmp/out" ||
  fail "the finished game is not counted: $(cat "$tmp/out")"
grep -q '^copy.murk' "$tmp/out" && fail "a copy is listed twice: $(cat "$tmp/out")"
grep -q '^1 file left out: the same bytes as a newer one$' "$tmp/out" ||
  fail "the copy is not counted: $(cat "$tmp/out")"

XDG_STATE_HOME=$state "$MURK" saves --all >"$tmp/all" 2>&1 || fail "murk saves --all: exit $?"
checks=$((checks + 1))
grep -q '^over.murk  *Hasty Attack  *3 finished  open ' "$tmp/all" ||
  fail "--all does not mark the finished game: $(cat "$tmp/all")"
# Aligned: each column starts where its heading does, on every line of the table.
for word in MISSION TURN SAVE; do
  checks=$((checks + 1))
  head=$(head -n 1 "$tmp/all")
  at=${head%%"$word"*}
  want=${#at}
  [ "$word" = TURN ] && want=$((want + 4)) # TURN is right-aligned: its last column
  sed -n '2,3p' "$tmp/all" | while IFS= read -r line; do
    case $word in
      MISSION) col=${line%%Hasty*} ; got=${#col} ;;
      TURN) col=${line%%[23] *} ; got=$((${#col} + 1)) ;;
      SAVE) col=${line%%open*} ; got=${#col} ;;
    esac
    [ "$got" = "$want" ] || echo "column $word at $got, not $want: $line"
  done >"$tmp/misaligned"
  [ -s "$tmp/misaligned" ] && fail "$(cat "$tmp/misaligned")"
done
finish saves_list.sh
