#!/usr/bin/env bash
# tui_colours.sh: own markers stand out on the deployment zone's colour, in tmux, on
# Luneville (seed 1) loaded at its deployment (tests/games/luneville-opening.txt up to its
# first deploy). Checks that:
#   - an own template put down in the zone is drawn on a background of its own: the
#     pane's attribute sequences change the background right before its label (a label on
#     the zone's own background would need no change), and not to the zone's blue.
. "$(dirname "$0")/tui_common.bash"

sed '/^deploy 2 at 16,20/,$d' tests/games/luneville-opening.txt >"$tmp/dep.txt"
grep -q "^deploy 2 at 16,20" tests/games/luneville-opening.txt ||
  fail "tests/games/luneville-opening.txt no longer deploys 2 at 16,20"
"$MURK" run "$tmp/dep.txt" --save "$tmp/dep.murk" >/dev/null ||
  fail "could not set up the game: $("$MURK" run "$tmp/dep.txt" 2>&1 >/dev/null | tail -1)"
tui_start --load "$tmp/dep.murk" --vs human
take_over attacker
cmd "deploy 2 at 16,20" # deploying alternates: the defender's go, then the attacker's again
take_over defender
cmd "deploy 2 at 21,03"
take_over attacker
wait_for "T1 is your"
click 0 2 # the cursor away from the template (cell 00,00): it would draw it reversed
wait_for "Cell 00,00"
settle
esc=$(printf '\033')
zone_bg="${esc}\[44m"
row=$(screen_sgr | grep -F "T1" | grep -F "${esc}[44m" | head -1)
[ -n "$row" ] || fail "no map row with T1 on the zone's colour (44):
$(screen_sgr | grep -F T1 | cat -v)"
# The attribute sequences right before the label.
before=$(printf '%s' "$row" | grep -oE "(${esc}\[[0-9;]*m)+T1" | head -1)
printf '%s' "$before" | grep -qE "${esc}\[4[0-79]m" ||
  fail "T1 is drawn on the zone's own background: $(printf '%s' "$before" | cat -v)"
printf '%s' "$before" | grep -qE "$zone_bg" &&
  fail "T1 is drawn on the zone's blue: $(printf '%s' "$before" | cat -v)"

keys q
wait_for "Quit the game?"
keys y
[ "$(wait_exit)" = 0 ] || fail "murk did not exit 0"

[ $failures -eq 0 ] || exit 1
echo "ok: an own marker stands out on the deployment zone"
