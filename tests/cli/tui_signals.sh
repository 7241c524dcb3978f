#!/usr/bin/env bash
# tui_signals.sh: however a game ends, the terminal is restored and the game kept.
#   - the autosave at a hand-over is a save of the game so far;
#   - Ctrl-C (SIGINT), SIGTERM and SIGHUP end the game with 128 + the signal, the terminal
#     restored, the autosave kept (and brought up to date);
#   - so do Ctrl-\ (SIGQUIT), SIGUSR1, SIGUSR2, SIGALRM and SIGPIPE: each arrives while murk
#     waits for a key, after a move made since the last hand-over, and that move is in the
#     autosave afterwards (it replays to the same place), and the tty is sane again;
#   - with no HOME and no XDG_STATE_HOME the hand-over says there is no autosave and how
#     to save, the quit question does not claim an autosave, and :save FILE keeps the game;
#   - murk play --load SAVE goes on from it, with a hand-over to the side to act;
#   - a bad mission or save exits 1 with a message; without a terminal, exit 1.
. "$(dirname "$0")/tui_common.bash"



# 1. Two objectives, then the hand-over autosaves; Ctrl-C ends the game.
tui_start luneville --seed 5 --vs human
wait_for "Pass the keyboard to the attacker."
[ -n "$(game_file)" ] && fail "a new game wrote an autosave before anything happened"
pass_handover
wait_for "attacker's table"
keys Escape
cmd "objective at 10,2"
wait_for "attacker places objective 1 at 10,02"
cmd "objective at 20,2"
wait_for "Pass the keyboard to the defender."
save=$(game_file)
if [ -n "$save" ] && [ -f "$save" ]; then
  grep -q '^attacker: objective at 20,02' "$save" || fail "the hand-over autosave lacks the last command"
else
  fail "no autosave after the hand-over"
fi
keys C-c
rc=$(wait_exit)
[ "$rc" = 130 ] || fail "Ctrl-C: exit code $rc, not 130"
check_restored "after Ctrl-C"
[ -f "$save" ] && grep -q '^# murk-save: 2' "$save" || fail "the autosave is gone after Ctrl-C"

# 2. Load it: the defender is to act and gets the hand-over; then SIGTERM.
tui_start --load "$save"
wait_for "Pass the keyboard to the defender."
pass_handover
wait_for "defender's table"
wait_for "attacker places objective 2 at 20,02"
keys Escape
cmd "objective at 10,21"
wait_for "defender places objective 3 at 10,21"
pid=$(murk_pid) || fail "cannot find murk's pid"
[ -n "${pid:-}" ] && kill -TERM "$pid"
rc=$(wait_exit)
[ "$rc" = 143 ] || fail "SIGTERM: exit code $rc, not 143"
check_restored "after SIGTERM"
grep -q '^defender: objective at 10,21' "$save" ||
  fail "the autosave was not brought up to date when the game ended"

# 3. Load again; SIGHUP (the terminal went away).
tui_start --load "$save"
wait_for "Pass the keyboard to the defender."
pid=$(murk_pid) || fail "cannot find murk's pid"
[ -n "${pid:-}" ] && kill -HUP "$pid"
rc=$(wait_exit)
[ "$rc" = 129 ] || fail "SIGHUP: exit code $rc, not 129"
check_restored "after SIGHUP"

# 4. Every other signal whose default would end murk: a move since the hand-over, then the
# signal while murk waits for a key. The move must be in the autosave and the terminal
# restored.
for sig in QUIT USR1 USR2 ALRM PIPE; do
  rm -f "$tmp/state/murk/"*.murk
  tui_start luneville --seed 5 --vs human
  wait_for "Pass the keyboard to the attacker."
  pass_handover
  wait_for "attacker's table"
  keys Escape
  cmd "objective at 10,2"
  wait_for "attacker places objective 1 at 10,02"
  settle
  if [ "$sig" = QUIT ]; then
    keys 'C-\' # Ctrl-\ at the terminal
  else
    pid=$(murk_pid) || fail "SIG$sig: cannot find murk's pid"
    [ -n "${pid:-}" ] && kill -s "$sig" "$pid"
  fi
  rc=$(wait_exit)
  want=$((128 + $(kill -l "$sig")))
  [ "$rc" = "$want" ] || fail "SIG$sig: exit code $rc, not $want"
  check_restored "after SIG$sig"
  s=$(game_file)
  if [ -z "$s" ]; then
    fail "SIG$sig: no autosave"
    continue
  fi
  grep -q '^attacker: objective at 10,02' "$s" || fail "SIG$sig: the autosave lacks the move made since the hand-over"
  "$MURK" replay "$s" >"$tmp/replay" 2>&1 || fail "SIG$sig: the autosave does not replay: $(cat "$tmp/replay")"
  grep -q 'attacker places objective 1 at 10,02' "$tmp/replay" || fail "SIG$sig: the replay lacks the move"
done

# 5. No HOME, no XDG_STATE_HOME: no autosave, and the game says so (not "the autosave is
# kept"); :save FILE keeps it.
TUI_NO_STATE=1 tui_start luneville --seed 5 --vs human
wait_for "No autosave (no HOME or XDG_STATE_HOME): save with :save FILE"
pass_handover
wait_for "attacker's table"
keys Escape
cmd "objective at 10,2"
wait_for "attacker places objective 1 at 10,02"
keys q
wait_for "There is no autosave"
screen | grep -q "The autosave is kept" && fail "no HOME: the quit question claims an autosave"
keys n
wait_gone "There is no autosave"
cmd "save $tmp/mine.murk"
wait_for "saved to $tmp/mine.murk"
grep -q '^attacker: objective at 10,02' "$tmp/mine.murk" 2>/dev/null || fail "no HOME: :save FILE did not keep the game"
keys q
wait_for "There is no autosave"
keys y
rc=$(wait_exit)
[ "$rc" = 0 ] || fail "no HOME: quitting: exit code $rc, not 0"
check_restored "after quitting with no HOME"

# 6. Problems before the game starts: exit 1 with a message, terminal untouched.
tui_start no-such-mission
rc=$(wait_exit)
[ "$rc" = 1 ] || fail "an unknown mission: exit code $rc, not 1"
grep -q "no mission 'no-such-mission'" "$tmp/stderr" || fail "no message for an unknown mission"
printf 'not a save\n' >"$tmp/bad.murk"
tui_start --load "$tmp/bad.murk"
rc=$(wait_exit)
[ "$rc" = 1 ] || fail "a bad save: exit code $rc, not 1"
grep -q "is not a save" "$tmp/stderr" || fail "no message for a bad save: $(cat "$tmp/stderr")"
out=$("$MURK" play luneville --seed 1 </dev/null 2>&1 >/dev/null)
[ $? = 1 ] || fail "without a terminal murk play must exit 1"
printf '%s\n' "$out" | grep -q "needs a terminal" || fail "without a terminal: '$out'"
"$MURK" play --seed x >/dev/null 2>&1
[ $? = 2 ] || fail "a bad --seed must be a usage error (2)"
finish
