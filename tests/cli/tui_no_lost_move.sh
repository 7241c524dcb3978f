#!/usr/bin/env bash
# tui_no_lost_move.sh: no move is lost, whatever ends the process (docs/reliability.md,
# "What murk promises about saves").
#   - `murk play` journals every command as it is made: SIGKILL right after a move (no
#     hand-over since) loses nothing, and the game's lock goes with the process;
#   - SIGPWR, SIGSYS and SIGTRAP end the game as SIGTERM does: 128 + the signal, the
#     terminal restored, the move in the autosave;
#   - under nohup (SIGHUP ignored), once the terminal is gone, `murk play` saves and leaves
#     at once instead of spinning;
#   - one writer per save: a second `murk play --load` of a game being played is refused
#     with the holder's pid, and `murk play`'s resume list does not offer it;
#   - `murk join` leaves on Ctrl-C, SIGTERM and SIGHUP while its host is stopped (SIGSTOP)
#     and does not answer;
#   - a full disk: the first move cannot be kept, so murk play ends there, exit 1 and why.
. "$(dirname "$0")/tui_common.bash"

# A new hot-seat game of Luneville, the attacker's first objective placed (no hand-over
# since): the move is only in the journal.
one_move() {
  rm -f "$tmp/state/murk/"*.murk
  tui_start luneville --seed 5 --vs human
  wait_for "Pass the keyboard to the attacker."
  pass_handover
  wait_for "attacker's table"
  keys Escape
  cmd "objective at 10,2"
  wait_for "attacker places objective 1 at 10,02"
  settle
}
has_move() { # WHAT: the autosave holds the move and replays
  local save
  save=$(game_file)
  if [ -z "$save" ] || ! grep -q '^attacker: objective at 10,02' "$save"; then
    fail "$1: the move is not in the autosave"
    return
  fi
  "$MURK" replay "$save" >/dev/null 2>"$tmp/replay.err" || fail "$1: the autosave does not replay: $(cat "$tmp/replay.err")"
}

# 1. SIGKILL: nothing to catch, nothing saved at the end: the journal has the move.
one_move
pid=$(murk_pid) || fail "cannot find murk's pid"
[ -n "${pid:-}" ] && kill -KILL "$pid"
rc=$(wait_exit)
[ "$rc" = 137 ] || fail "SIGKILL: exit code $rc, not 137"
has_move "SIGKILL"
# Its lock went with it: the game loads again.
save=$(game_file)
tui_start --load "$save"
wait_for "Pass the keyboard to the attacker."
pid=$(murk_pid)
[ -n "${pid:-}" ] && kill -TERM "$pid"
rc=$(wait_exit)
[ "$rc" = 143 ] || fail "the game killed by SIGKILL does not load again (exit $rc): $(cat "$tmp/stderr")"

# 2. SIGPWR, SIGSYS, SIGTRAP: like SIGTERM.
for sig in PWR SYS TRAP; do
  one_move
  pid=$(murk_pid) || fail "cannot find murk's pid"
  [ -n "${pid:-}" ] && kill -"$sig" "$pid"
  rc=$(wait_exit)
  want=$((128 + $(kill -l "$sig")))
  [ "$rc" = "$want" ] || fail "SIG$sig: exit code $rc, not $want"
  check_restored "after SIG$sig"
  has_move "SIG$sig"
done

# 3. One writer per save: while the game is played, a second murk play --load of it is
# refused with the holder's pid, and the resume list does not offer it.
one_move
first=$sess
pid=$(murk_pid)
save=$(game_file)
second() { # ARGS: a second murk play in its own session, the first one left running
  cat >"$tmp/second.sh" <<EOS
export LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_STATE_HOME='$tmp/state'
trap : INT QUIT
'$MURK' play $* 2>'$tmp/second.err'
echo \$? >'$tmp/second.rc'
exec sleep 600
EOS
  rm -f "$tmp/second.rc"
  T kill-session -t second >/dev/null 2>&1
  T new-session -d -x 100 -y 40 -s second "sh '$tmp/second.sh'"
  sess=second
}
second --load "'$save'"
for _ in $(seq 100); do [ -f "$tmp/second.rc" ] && break; sleep 0.1; done
[ "$(cat "$tmp/second.rc" 2>/dev/null)" = 1 ] || fail "a second murk play of a game in play: exit $(cat "$tmp/second.rc" 2>/dev/null), want 1"
grep -q "in use by process $pid" "$tmp/second.err" || fail "the second murk play is not told who holds the game: $(cat "$tmp/second.err")"
second
wait_for "in use by process $pid"
screen | grep -q "Resume one" && fail "the resume list offers the game in use"
keys C-c
T kill-session -t second >/dev/null 2>&1
sess=$first
pid=$(murk_pid)
[ -n "${pid:-}" ] && kill -TERM "$pid"
wait_exit >/dev/null

# 4. nohup: SIGHUP ignored, then the terminal goes (its tmux session killed). murk saves and
# leaves at once rather than spin on a terminal that is gone.
rm -f "$tmp/state/murk/"*.murk
cat >"$tmp/nohup.sh" <<EOS
export LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_STATE_HOME='$tmp/state'
trap '' HUP
'$MURK' play luneville --seed 5 --vs human 2>'$tmp/nohup.err'
echo \$? >'$tmp/nohup.rc'
EOS
rm -f "$tmp/nohup.rc"
sess=nohup
T new-session -d -x 100 -y 40 -s nohup "sh '$tmp/nohup.sh'"
wait_for "Pass the keyboard to the attacker."
pass_handover
wait_for "attacker's table"
keys Escape
cmd "objective at 10,2"
wait_for "attacker places objective 1 at 10,02"
settle
pid=$(murk_pid)
T kill-session -t nohup
for _ in $(seq 50); do [ -f "$tmp/nohup.rc" ] && break; sleep 0.1; done
if [ -f "$tmp/nohup.rc" ]; then
  [ "$(cat "$tmp/nohup.rc")" = 129 ] || fail "nohup, terminal gone: exit $(cat "$tmp/nohup.rc"), want 129: $(cat "$tmp/nohup.err")"
else
  fail "nohup, terminal gone: murk is still running 5 s later"
  [ -n "${pid:-}" ] && ps -o pid,pcpu,stat,cmd -p "$pid" >&2 && kill -KILL "$pid"
fi
has_move "nohup, terminal gone"

# 5. murk join and a stopped host: Ctrl-C, SIGTERM and SIGHUP each end the join at once.
dir=$tmp/host
"$MURK" host luneville --seed 5 --dir "$dir" 2>"$tmp/host.err" >"$tmp/host.out" &
hostpid=$!
trap 'kill -CONT $hostpid 2>/dev/null; kill -KILL $hostpid 2>/dev/null; cleanup' EXIT
for _ in $(seq 100); do grep -q "defender: " "$tmp/host.out" 2>/dev/null && break; sleep 0.1; done
acode=$(sed -n 's/^  attacker: //p' "$tmp/host.out")
for how in C-c TERM HUP; do
  cat >"$tmp/join.sh" <<EOS
export LANG=C.UTF-8 LC_ALL=C.UTF-8
trap : INT QUIT
'$MURK' join '$dir/murk.sock' --as attacker --code $acode 2>'$tmp/join.err'
echo \$? >'$tmp/join.rc'
exec sleep 600
EOS
  rm -f "$tmp/join.rc"
  sess=join-$how
  T new-session -d -x 110 -y 40 -s "$sess" "sh '$tmp/join.sh'"
  wait_for "attacker's table"
  settle
  if screen | grep -qF "Since your last turn"; then
    keys Escape
    settle
  fi
  kill -STOP "$hostpid"
  cmd "objective at 10,2"
  sleep 0.5
  if [ "$how" = C-c ]; then
    keys C-c
  else
    kill -"$how" "$(murk_pid)"
  fi
  for _ in $(seq 50); do [ -f "$tmp/join.rc" ] && break; sleep 0.1; done
  kill -CONT "$hostpid"
  if [ -f "$tmp/join.rc" ]; then
    want=$((128 + $(kill -l "${how/C-c/INT}")))
    [ "$(cat "$tmp/join.rc")" = "$want" ] || fail "join, host stopped, $how: exit $(cat "$tmp/join.rc"), want $want"
  else
    fail "join, host stopped: $how does not end it within 5 s"
  fi
  T kill-session -t "$sess" >/dev/null 2>&1
done
kill -TERM "$hostpid"
wait "$hostpid" 2>/dev/null

# 6. A save that cannot be written (a full disk): murk play takes no command it cannot keep.
# The first move's record does not fit: the game ends there, the terminal is given back,
# exit 1 and the reason.
mkdir "$tmp/full"
if mount -t tmpfs -o size=4k tmpfs "$tmp/full" 2>/dev/null; then
  trap 'umount "$tmp/full" 2>/dev/null; kill -KILL $hostpid 2>/dev/null; cleanup' EXIT
  head -c 4096 /dev/zero >"$tmp/full/filler" 2>/dev/null
  cat >"$tmp/fullplay.sh" <<EOS
export LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_STATE_HOME='$tmp/full/state'
'$MURK' play luneville --seed 5 --vs human 2>'$tmp/full.err'
echo \$? >'$tmp/full.rc'
stty -a >'$tmp/stty' 2>&1
exec sleep 600
EOS
  rm -f "$tmp/full.rc"
  sess=fullplay
  T new-session -d -x 100 -y 40 -s fullplay "sh '$tmp/fullplay.sh'"
  wait_for "Pass the keyboard to the attacker."
  pass_handover
  wait_for "attacker's table"
  keys Escape
  cmd "objective at 10,2"
  for _ in $(seq 100); do [ -f "$tmp/full.rc" ] && break; sleep 0.1; done
  [ "$(cat "$tmp/full.rc" 2>/dev/null)" = 1 ] || fail "a full disk: murk play exit $(cat "$tmp/full.rc" 2>/dev/null), want 1"
  grep -q "no space left" "$tmp/full.err" || fail "a full disk: murk play does not say why: $(cat "$tmp/full.err")"
  check_restored "after a full disk"
  T kill-session -t fullplay >/dev/null 2>&1
  umount "$tmp/full"
else
  echo "SKIP: a full disk (cannot mount a tmpfs here)"
fi

if [ "$failures" -ne 0 ]; then
  echo "tui_no_lost_move: $failures failures" >&2
  exit 1
fi
echo "tui_no_lost_move: SIGKILL, SIGPWR/SYS/TRAP, one writer, nohup, a stopped host, a full disk: nothing lost"
