#!/usr/bin/env bash
# tui_reserves.sh: bringing reserves on with keys, and who holds the objectives, in tmux, on
# the bundled Encounter (tests/games/encounter-full.txt, seed 5) loaded where the defender's
# delayed reserve may come on (turn 3, stretch 2 of 3 of the north edge). Checks that:
#   - the key line offers `i arrive`; `i` lists the platoons that may come on, with where;
#   - choosing one lights its cells and puts the cursor on one; Enter sends
#     `arrive N at X,Y` and the platoon comes on;
#   - a refused `arrive` names the free cells it may use;
#   - the Objectives panel says who holds each objective (the view's, as the side knows it).
. "$(dirname "$0")/tui_common.bash"

head -n 81 tests/games/encounter-full.txt >"$tmp/arrive.txt"
"$MURK" run "$tmp/arrive.txt" --save "$tmp/arrive.murk" >/dev/null ||
  { fail "could not set up the game"; exit 1; }
tui_start --load "$tmp/arrive.murk" --vs human
take_over defender
wait_for "i arrive"
# The panel's objectives each say who holds them.
screen | grep -qE "[0-9][0-9],[0-9][0-9] [0-9] +(free|held by you|held by attacker|contested) \((attacker|defender)" || {
  fail "the Objectives panel does not say who holds the objectives:"
  screen >&2
}
# A refusal names the cells.
cmd "arrive 5 at 0,0"
wait_for "is not where it may come on (stretch 2 of 3 of the north edge): free cells"
wait_for "12,00 to 23,00"
keys Escape
# i: the list, then the lit cells.
keys i
wait_for "Bring which platoon on from reserve?"
wait_for "stretch 2 of 3 of the north edge"
keys Enter
wait_for "platoon 5 comes on:"
screen | grep -qE "platoon 5 comes on: 12 lit cells" || {
  fail "the arrival's cells are not counted as the view has them:"
  screen >&2
}
# The cursor is on a lit cell: Enter brings the platoon on there.
keys Enter
wait_for "defender brings on"
keys q
keys y
wait_exit >/dev/null
finish
