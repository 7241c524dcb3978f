#!/usr/bin/env bash
# tui_contact.sh: hidden contact and undo at the TUI's `:` line (docs/rules.md, "Hidden
# contact", "Undo"), in tmux, on tests/cli/data/contact-night.yaml (night, sight 2 cells).
# The attacker's lancers move to 05,05, out of the defender's sight. Checks that:
#   - the defender's move into 05,05 is not refused with words that name or place the
#     unseen enemy: the ranger stops short and a public contact event shows both;
#   - `U` after that move is refused with the reason: the contact showed the defender
#     something new (docs/rules.md, "Undo");
#   - the attacker's screen shows the same contact.
. "$(dirname "$0")/tui_common.bash"



tui_start tests/cli/data/contact-night.yaml --seed 1 --vs human
take_over attacker
cmd "deploy 1 at 3,8"
take_over defender
cmd "deploy 1 at 8,2"
take_over attacker
cmd "end"
take_over defender
cmd "end"
take_over attacker
cmd "move 1 to 5,5"
wait_for "P1 moves 03,08 -> 05,05"
cmd "end"
cmd "end"
cmd "end"
take_over defender
if screen | grep -qF "05,05"; then
  fail "the defender's screen places the unseen lancers:"
  screen >&2
fi
cmd "move 1 to 5,5"
wait_for "contact: defender P2 at 06,04 runs into a team of attacker P1 at 05,05"
if screen | grep -qF "blocks the way"; then
  fail "the move was refused with words that place the enemy:"
  screen >&2
fi
keys U
wait_for "cannot undo: your last command showed you something new" || screen >&2
# The attacker is told of the same contact.
cmd "end"
cmd "end"
cmd "end"
take_over attacker
wait_for "contact: defender P2 at 06,04 runs into" # the events panel cuts the line here
keys q
keys y
wait_exit >/dev/null
finish
