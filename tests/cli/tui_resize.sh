#!/usr/bin/env bash
# tui_resize.sh: resizing the window at any time. Too small a window says so instead of
# drawing the table; back at a normal size the table is drawn again; a window smaller than
# the table scrolls the map with the cursor. A mouse click puts the cursor on a cell.
. "$(dirname "$0")/tui_common.bash"

resize() { T resize-window -t "$sess" -x "$1" -y "$2"; }

tui_start luneville --seed 3 --vs human

# On the hand-over screen.
wait_for "Pass the keyboard to the attacker."
resize 20 8
wait_for "too small"
shows_table && fail "the too-small screen shows the table"
resize 100 40
wait_for "Pass the keyboard to the attacker."

# At the table.
pass_handover
wait_for "attacker's table"
keys Escape
wait_for "Events"
resize 20 8
wait_for "too small"
settle
if shows_table; then
  fail "the too-small screen shows the table:"
  screen >&2
fi
# Keys do nothing there (but q): the cursor stays where it was.
keys l l l
resize 100 40
wait_for "attacker's table"
wait_for "♣"
wait_for "Cell 18,12"
# A click puts the cursor on the cell under it: column 10 of screen row 6 (under the status
# line and the column numbers) is cell 5,4.
click 10 6
wait_for "Cell 05,04"

# 80x24: the 36-column table does not fit; the map follows the cursor to the east edge and
# down to the railway's east entry (E6 at 35,19).
resize 80 24
wait_for "Cell 05,04"
settle
screen | grep -qF "E6" && fail "E6 is on screen before scrolling"
keys L L L L L L L L J J J
wait_for "Cell 35,19"
wait_for "E6"
settle
screen | grep -qF "E1" && fail "E1 (west edge) is still on screen after scrolling east"
keys H H H H H H H H
wait_for "Cell 00,19"
wait_for "E1"

# Several sizes in a row, ending at the normal one.
for size in "60 16" "59 16" "120 50" "100 40"; do
  resize $size
  sleep 0.2
done
wait_for "attacker's table"
settle
screen | grep -qF "too small" && fail "still too small at 100x40"

keys q
wait_for "Quit the game?"
keys y
rc=$(wait_exit)
[ "$rc" = 0 ] || fail "exit code $rc after q y"
check_restored "after quitting"
finish
