#!/usr/bin/env bash
# tui_recap.sh: the "since your last turn" recap is one page, in tmux, on the bundled
# Encounter (tests/games/encounter-full.txt, seed 5) loaded at the defender's turn 3, after
# the attacker's turn 3 (18 events, more lines than a 20-row window shows). Checks that:
#   - the recap shows at once as a page, grouped under the steps' announcements, the
#     enemy's events apart from the side's own;
#   - it scrolls (Down, PgDn, End, Home) and says which lines it shows;
#   - Enter closes it, to the map: one key, however many events.
. "$(dirname "$0")/tui_common.bash"

head -n 81 tests/games/encounter-full.txt >"$tmp/recap.txt"
"$MURK" run "$tmp/recap.txt" --save "$tmp/recap.murk" >/dev/null ||
  { fail "could not set up the game"; exit 1; }
# A short window: the page is taller than it, so it scrolls.
TUI_SIZE="100 20" tui_start --load "$tmp/recap.murk" --vs human
wait_for "Pass the keyboard to the defender."
pass_handover
wait_for "Since your last turn:"
settle
for want in "turn 3: attacker's starting step" "turn 3: attacker's movement step" \
  "  the enemy (attacker):" "lines 1-"; do
  screen | grep -qF -- "$want" || { fail "the recap page lacks '$want':"; screen >&2; }
done
# A step's own announcement heads its group; the events under it are indented.
screen | grep -qE "│     attacker P[0-9]+ moves" || { fail "no move of the attacker under its step:"; screen >&2; }
first=$(screen | grep -oE "lines 1-[0-9]+ of [0-9]+")
keys Down
wait_for "lines 2-"
keys End
wait_for "defender: a delayed reserve comes on at stretch 2 of 3 of the north edge"
wait_for "  yours:"
screen | grep -qF "lines 1-" && fail "End did not scroll to the last page"
keys Home
wait_for "$first"
keys PgDn
wait_gone "$first"
# One key to the map.
keys Enter
wait_gone "Since your last turn:"
wait_for "defender's table"
screen | grep -qF "i arrive" || { fail "the map's keys are not back after the recap:"; screen >&2; }
keys q
keys y
wait_exit >/dev/null
finish
