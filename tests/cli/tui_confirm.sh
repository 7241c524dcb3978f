#!/usr/bin/env bash
# tui_confirm.sh: what the screen asks and offers before a command that cannot be taken
# back, in tmux, on the bundled Hasty Attack (seed 1) loaded
# at its reconnaissance phase (tests/games/hasty-attack-setup.txt without its last line).
# Checks that:
#   - m away from own units lists those that may move, each with its cell; in the
#     reconnaissance phase the cell chosen is sent as `recce` (the game's verb there);
#   - a move in setup is shown first: any key but y takes it back (nothing sent), y sends it;
#   - in the movement step, g walks the cursor to the units that have not moved, and e asks
#     before ending the step while some have not: n keeps the step, y ends it;
#   - the panel prompt is never cut: its last word is on the screen.
. "$(dirname "$0")/tui_common.bash"


# The game up to the reconnaissance moves, saved.
sed '/^# ---- reconnaissance moves/,$d' tests/games/hasty-attack-setup.txt >"$tmp/recce.txt"
"$MURK" run "$tmp/recce.txt" --save "$tmp/recce.murk" >/dev/null ||
  fail "could not set up the game: $("$MURK" run "$tmp/recce.txt" 2>&1 >/dev/null | tail -1)"
tui_start --load "$tmp/recce.murk"
take_over attacker
wait_for "reconnaissance moves"

# m on an empty corner: the list of units that may move now (the Stuarts at 27,20).
click 0 2 # cell 00,00, under the column ruler (no row numbers: they would make the table scroll)
wait_for "Cell 00,00"
keys m
wait_for "Move which unit?"
screen | grep -qE "[TP][0-9]+ +at 27,20" || {
  fail "the move list does not give the recce platoon and its cell:"
  screen >&2
}
keys Enter
wait_for "reconnaissance move of"
# Five rows up (27,15), Enter: shown first.
keys K Enter
wait_for "y or Enter: yes"
screen | grep -qF "recce " || fail "the reconnaissance move is not sent as recce"
# Escape takes it back: nothing sent.
keys Escape
wait_for "was not sent"
screen | grep -qF "makes a reconnaissance move" && fail "a move taken back was sent"
keys m
wait_for "Move which unit?"
keys Enter
wait_for "reconnaissance move of"
keys K Enter
wait_for "y or Enter: yes"
keys y
# The last recce move ends the setup: the attacker moves first.
wait_for "makes a reconnaissance move 27,20 -> 27,15"
wait_for "movement step"
settle

# The prompt is whole (the panel wraps it in full; it used to stop after three lines):
# the panel's lines between "attacker to act" and the seed, joined, are all of it.
prompt=$(screen | sed -n 's/^.*│ //p' | sed -n '/^attacker to act/,/^seed 1/p' | sed '1d;$d' |
  sed 's/ *$//' | paste -sd ' ')
[ "$prompt" = "turn 1, attacker's movement step: move, reveal; 'end' for the shooting step" ] ||
  fail "the panel prompt is not whole: '$prompt'"

# g: the cursor to a unit that has not moved; again: the next one.
keys g
wait_for "has not moved (1 of "
n=$(screen | sed -n 's/.*has not moved (1 of \([0-9]*\);.*/\1/p' | head -n 1)
[ -n "$n" ] && [ "$n" -ge 2 ] || fail "g does not count the units that have not moved ($n)"
keys g
wait_for "has not moved (2 of $n"
# e asks: n keeps the step, y ends it.
keys e
wait_for "have not moved"
wait_for "end the movement step?"
keys n
wait_for "was not sent"
screen | grep -qF "turn 1 (no last turn), shooting step" && fail "n ended the movement step"
keys e
wait_for "end the movement step?"
keys y
wait_for "turn 1 (no last turn), shooting step"

keys q
wait_for "Quit the game?"
keys y
[ "$(wait_exit)" = 0 ] || fail "murk did not exit 0"
check_restored "quitting"
finish
