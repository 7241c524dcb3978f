#!/usr/bin/env bash
# tui_level.sh: how well the computer plays (`murk play --level easy|normal`,
# docs/playing.md, "Seats"). Checks that:
#   - the opening questions offer the level after the side, and the status bar shows it;
#   - the save records it on its seats line, and `murk saves` shows it;
#   - `murk play --load` goes on at the save's level without asking, `--level` changes it;
#   - `--vs computer` alone plays at normal without asking; a wrong level is a usage error;
#     `--level` with `--vs human` is refused.
. "$(dirname "$0")/tui_common.bash"

# Usage errors, before any terminal is needed.
"$MURK" play --vs computer --level hard >/dev/null 2>"$tmp/err"
rc=$?
[ $rc = 2 ] && grep -q "level takes easy or normal" "$tmp/err" || fail "--level hard: exit $rc: $(cat "$tmp/err")"
"$MURK" play --vs human --level easy >/dev/null 2>"$tmp/err"
rc=$?
[ $rc = 2 ] && grep -q "level goes with --vs computer" "$tmp/err" || fail "--vs human --level: exit $rc: $(cat "$tmp/err")"

quit_game() {
  keys q
  wait_for "Quit the game?" && keys y
  [ "$(wait_exit)" = 0 ] || fail "$1: murk play did not exit 0: $(cat "$tmp/stderr")"
}

# A new game: the questions offer the level; easy.
tui_start luneville --seed 8
wait_for "Choose 1 or 2 (Enter: 1):" && send_text 2 && keys Enter
wait_for "Which side do you play?" && send_text 2 && keys Enter
wait_for "How well does the computer play?" && send_text 3 && keys Enter
wait_for "1 or 2:" && send_text 2 && keys Enter
wait_for "Add a rule for this game?" && keys Enter
wait_for "defender's table"
settle
screen | head -1 | grep -qF "computer: easy" || fail "the status bar does not show the level:"$'\n'"$(screen | head -1)"
quit_game "easy"
save=$(game_file)
grep -qx '# seats: attacker=computer defender=human level=easy' "$save" ||
  fail "the save does not record the level: $(grep '^# seats' "$save")"
XDG_STATE_HOME=$tmp/state "$MURK" saves >"$tmp/saves"
grep -q "vs computer, easy" "$tmp/saves" || fail "murk saves does not show the level:"$'\n'"$(cat "$tmp/saves")"

# Loaded: the save's level, no question; --level normal changes it, and the save says so.
tui_start --load "$save"
wait_for "defender's table"
screen | grep -qF "How well" && fail "the load asks the level"
screen | head -1 | grep -qF "computer: easy" || fail "the loaded game is not at the save's level"
quit_game "loaded"
tui_start --load "$save" --level normal
wait_for "defender's table"
screen | head -1 | grep -qF "computer: normal" || fail "--level normal did not change the level"
quit_game "--level normal"
grep -qx '# seats: attacker=computer defender=human' "$save" ||
  fail "the save at normal still records a level: $(grep '^# seats' "$save")"

# --vs computer alone: normal, not asked.
rm -f "$tmp/state/murk/"*.murk
tui_start luneville --seed 8 --vs computer
wait_for "attacker's table"
screen | grep -qF "How well" && fail "--vs computer asks the level"
screen | head -1 | grep -qF "computer: normal" || fail "--vs computer alone is not at normal"
quit_game "--vs computer"

finish
