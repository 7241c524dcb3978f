#!/usr/bin/env bash
# tui_message.sh: the message line after a command, in tmux, on Luneville in the fog
# (tests/games/luneville-fog.txt, seed 1, loaded before the defender's shot on turn 3).
# Checks that:
#   - a command whose one event the event log shows whole on its newest line leaves the
#     message line empty: "cannot make out" is on the screen once, not twice;
#   - a refusal, which is no event, is on the message line.
. "$(dirname "$0")/tui_common.bash"

# The game up to the defender's shot in the fog, saved.
sed '/^shoot 2 at P1/,$d' tests/games/luneville-fog.txt >"$tmp/fog.txt"
sed -n '/^# ---- turn 3, defender/,$p' tests/games/luneville-fog.txt | grep -q "^shoot 2 at P1" ||
  fail "tests/games/luneville-fog.txt no longer has the defender's shot on turn 3"
"$MURK" run "$tmp/fog.txt" --save "$tmp/fog.murk" >/dev/null ||
  fail "could not set up the game: $("$MURK" run "$tmp/fog.txt" 2>&1 >/dev/null | tail -1)"
tui_start --load "$tmp/fog.murk" --vs human
take_over defender
wait_for "shooting step"
cmd "shoot 2 at P1"
wait_for "cannot make out P1"
settle
n=$(screen | grep -c "cannot make out P1")
[ "$n" -eq 1 ] || {
  fail "\"cannot make out\" is on the screen $n times:"
  screen >&2
}
cmd "shoot 2 at P1"
wait_for "P2 has already shot this step"

keys q
wait_for "Quit the game?"
keys y
[ "$(wait_exit)" = 0 ] || fail "murk did not exit 0"

[ $failures -eq 0 ] || exit 1
echo "ok: a command's one event is on the screen once"
