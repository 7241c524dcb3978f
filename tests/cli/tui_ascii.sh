#!/usr/bin/env bash
# tui_ascii.sh: the screen degrades gracefully.
#   - in a locale that is not UTF-8 the whole screen is plain ASCII, the map drawn with the
#     mission's own map characters;
#   - with NO_COLOR set there are no colours, only bold, underline and reverse;
#   - in a UTF-8 locale without NO_COLOR, Unicode glyphs and colours are used.
. "$(dirname "$0")/tui_common.bash"

esc=$(printf '\033')
colour_re="$esc\\[(3[0-7]|4[0-7]|38;|48;|9[0-7]|10[0-7])"

quit() {
  keys q
  wait_for "Quit the game?"
  keys y
  rc=$(wait_exit)
  [ "$rc" = 0 ] || fail "$1: exit code $rc after q y"
  check_restored "$1"
  }

# Unicode and colour.
tui_start luneville --seed 2 --vs human
wait_for "Pass the keyboard to the attacker."
pass_handover
wait_for "attacker's table"
wait_for "♣"
settle
screen_sgr | grep -qE "$colour_re" || fail "no colours in a UTF-8 locale without NO_COLOR"
quit "unicode"

# ASCII (the C locale) and monochrome (NO_COLOR).
TUI_LANG=C TUI_NO_COLOR=1 tui_start luneville --seed 2 --vs human
wait_for "Pass the keyboard to the attacker."
pass_handover
wait_for "attacker's table"
wait_for "T T T T"
settle
if screen | LC_ALL=C grep -q '[^ -~]'; then
  fail "non-ASCII characters in the C locale:"
  screen | LC_ALL=C grep -n '[^ -~]' >&2
fi
screen | grep -qF "|- Attacker -" || fail "the panel headings are not drawn in ASCII"
screen | grep -qF "E1====" || fail "the road from entry 1 is not drawn with the mission's '='"
if screen_sgr | grep -qE "$colour_re"; then
  fail "colours with NO_COLOR set:"
  screen_sgr | grep -E "$colour_re" | head -3 | cat -v >&2
fi
screen_sgr | grep -qF "$esc[7m" || fail "no reverse video in monochrome (the status bar, the cursor)"
quit "ascii"
finish
