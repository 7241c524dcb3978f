#!/usr/bin/env bash
# tui_dis.sh: Limited Intelligence on the screen (li-hohenfeld, seed 7, the defender's
# deployment of tests/games/li-hohenfeld-march.txt), in tmux. Checks that:
#   - the deploy list offers the Dis counter the leader just put down still lacks, first;
#   - the defender's Dis counters are drawn (◇1) and the cell panel says whose they are;
#   - the hand-over shows none of them;
#   - the attacker sees the enemy's Dis counters, a dummy leader's among them, with the
#     cell panel naming the leader, and nothing calling either dummy leader one.
. "$(dirname "$0")/tui_common.bash"



# The map fits whole in a 100x40 pane under the column numbers, right of the row numbers:
# cell X,Y is at column 3 + 2X (one more on odd rows), row Y + 2.
click_cell() { click $((3 + 2 * $1 + $2 % 2)) $(($2 + 2)); }

tui_start li-hohenfeld --seed 7 --vs human
take_over defender
cmd "deploy 1 at 16,06"
# The deploy list offers the leader's Dis counters first (27.1.2: the player places them),
# so deploying from the list never puts them down by the rule unasked.
click_cell 14 6
wait_for "Cell 14,06"
keys d
wait_for "T1's Dis counter 1 of 2 (within 2 cells of T1)"
keys Enter
wait_for "Deploy T1's Dis counter 1 at 14,06?"
keys y
wait_for "places a Dis counter of T1 at 14,06"
cmd "deploy 1 at 18,06"
wait_for "places a Dis counter of T1 at 18,06"
settle
[ "$(screen | grep -o '◇1' | wc -l)" -eq 2 ] || {
  fail "the defender's two Dis counters of T1 are not drawn:"
  screen >&2
}
click_cell 14 6
wait_for "Cell 14,06"
wait_for "Dis counter of your T1"
for line in "deploy 5 at 08,04" "deploy 5 at 07,04" "deploy 5 at 09,04" "deploy 8 at 24,04" \
  "deploy dummy at 04,05" "deploy dummy at 03,05" "deploy dummy at 05,05" "deploy dummy at 28,02"; do
  cmd "$line"
done
cmd "end" # T5's Dis counters go down beside it

take_over attacker
for d in 1 2 3 4 5; do
  screen | grep -qF "◇$d" || fail "the attacker does not see the Dis counters of enemy T$d"
done
click_cell 3 5
wait_for "Cell 03,05"
wait_for "Dis counter of enemy T4"
click_cell 4 5
wait_for "T4: enemy wing leader"
# T4 and T5 are dummy leaders: nothing on the screen may say so (the word in the prompt's
# command syntax, "deploy N|dummy", is no such thing). Stretches between the vertical lines
# are separate texts (map, panel, log).
if screen | grep -E '(^|[^0-9A-Za-z])T[45]([^0-9][^│]*)?[Dd]ummy|[Dd]ummy[^│]*T[45]([^0-9]|$)|(enemy|defender) dummy'; then
  fail "the attacker's screen tells of a dummy:"
  screen >&2
fi

keys q
wait_for "Quit the game?"
keys y
[ "$(wait_exit)" = 0 ] || fail "murk did not exit 0"
check_restored "quitting"

[ $failures -eq 0 ] || exit 1
echo "ok: Dis counters on both sides' screens, described, none on the hand-over"
