#!/usr/bin/env bash
# tui_record.sh: a record both sides can verify, with the real clients (docs/fair-play.md,
# "A record both sides can verify"). `murk host` holds a new sealed game of Breakthrough;
# two `murk join` clients in tmux, each with a state directory of its own, draw the dice
# key with it and play the set-up of tests/games/breakthrough-setup (its commands do not
# depend on the dice), then the side to act concedes. Checks that each client says where
# it keeps the game's record, and that `murk replay --verify` accepts it from that
# player's state directory (exit 0) and not from the other's (exit 1). The attacker joins
# through a relay that loses the connection twice just after it passed a step on to the
# host, before the host's answer could come back: a command, then an undo. The attacker
# joins again each time, and its record must still verify (the client keeps what it
# asked, and the host's next view says whether it was taken).
. "$(dirname "$0")/tui_common.bash"

export MURK_PWHASH=1,8192 MURK_TEST_WEAK_PWHASH=1
mkdir -p "$tmp/hs" "$tmp/sa" "$tmp/sd"
dir=$tmp/game
printf '%s\n' apass-Quartz-Lantern-41 >"$tmp/apass"
printf '%s\n' dpass-Willow-Harbor-73 >"$tmp/dpass"
XDG_STATE_HOME=$tmp/hs "$MURK" host breakthrough --dir "$dir" 2>"$tmp/host.err" >"$tmp/host.out" &
hostpid=$!
trap 'kill -9 $hostpid 2>/dev/null; wait $hostpid 2>/dev/null; cleanup' EXIT
end=$((SECONDS + TUI_TIMEOUT))
while ! grep -q "defender: " "$tmp/host.out" 2>/dev/null && [ $SECONDS -le $end ]; do sleep 0.1; done
code() { sed -n "s/^  $1: //p" "$tmp/host.out"; }

# The relay: the attacker's connections to the host, each line passed on; after one that
# is the next in $tmp/drops (once each), the connection is lost before any answer.
printf '%s\n' 'cmd =deploy%203%20at%2009,21' 'undo' >"$tmp/drops"
python3 - "$tmp/relay.sock" "$dir/murk.sock" "$tmp/drops" <<'PY' 2>"$tmp/relay.err" &
import os, select, socket, sys
listen, host, drops = sys.argv[1], sys.argv[2], open(sys.argv[3]).read().split("\n")
drops = [d for d in drops if d]
ls = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
ls.bind(listen)
ls.listen(4)
pairs, bufs = {}, {}
while True:
    r, _, _ = select.select([ls] + list(pairs), [], [])
    for s in r:
        if s is ls:
            c, _ = ls.accept()
            h = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            h.connect(host)
            pairs[c], pairs[h] = h, c
            bufs[c] = b""
            continue
        if s not in pairs:
            continue
        data = s.recv(65536)
        o = pairs[s]
        if not data:
            for x in (s, o):
                pairs.pop(x, None)
                bufs.pop(x, None)
                x.close()
            continue
        if s not in bufs:  # the host's
            o.sendall(data)
            continue
        bufs[s] += data
        while s in bufs and b"\n" in bufs[s]:
            line, bufs[s] = bufs[s].split(b"\n", 1)
            o.sendall(line + b"\n")
            if drops and line.decode() == drops[0]:
                drops.pop(0)
                for x in (s, o):
                    pairs.pop(x, None)
                    bufs.pop(x, None)
                    x.close()
PY
relaypid=$!
trap 'kill -9 $hostpid $relaypid 2>/dev/null; wait $hostpid 2>/dev/null; cleanup' EXIT
end=$((SECONDS + TUI_TIMEOUT))
while [ ! -S "$tmp/relay.sock" ] && [ $SECONDS -le $end ]; do sleep 0.1; done

# A client in tmux session $1 (a or d) as side $2, its state directory $3 (the attacker
# through the relay).
join() {
  local s=$1 side=$2 state=$3 pf=$tmp/${1}pass at=$dir/murk.sock
  [ "$s" = a ] && at=$tmp/relay.sock
  cat >"$tmp/join-$s.sh" <<EOS
export LANG=C.UTF-8 LC_ALL=C.UTF-8 MURK_PWHASH=1,8192 MURK_TEST_WEAK_PWHASH=1 XDG_STATE_HOME='$state'
'$MURK' join '$at' --as $side --code $(code "$side") --passphrase-file $side:'$pf' 2>'$tmp/join-$s.err'
echo \$? >'$tmp/join-$s.rc'
exec sleep 600
EOS
  T new-session -d -x 110 -y 40 -s "$s" "sh '$tmp/join-$s.sh'"
}
on() { sess=$1; }
# Session $1's turn: the other's "plays" line gone, the recap (if any) passed.
my_turn() {
  on "$1"
  wait_gone "the $([ "$1" = a ] && echo defender || echo attacker)'s player plays"
  skip_recap
}
skip_recap() {
  settle
  if screen | grep -qF "Since your last turn"; then
    keys Escape
    wait_gone "Since your last turn"
    settle
  fi
}

# The attacker's connection is lost: its client leaves, saying so; it joins again.
lost() {
  local end=$((SECONDS + TUI_TIMEOUT))
  while [ ! -f "$tmp/join-a.rc" ] && [ $SECONDS -le $end ]; do sleep 0.1; done
  grep -qF "join again with" "$tmp/join-a.err" ||
    { fail "the attacker's client did not leave on a lost connection: $(cat "$tmp/join-a.err")"; screen >&2; }
  T kill-session -t a
  rm -f "$tmp/join-a.rc"
  join a attacker "$tmp/sa"
  on a
  wait_for "attacker's table" || { fail "the attacker could not join again: $(cat "$tmp/join-a.err")"; exit 1; }
  skip_recap
}

join a attacker "$tmp/sa"
join d defender "$tmp/sd"
on a
wait_for "attacker's table" || { cat "$tmp/relay.err" "$tmp/join-a.err" >&2; exit 1; }
on d
wait_for "defender's table" || exit 1

# The set-up, each command by its side; a side whose turn comes skips its recap.
last=
while IFS= read -r raw; do
  raw=${raw%%#*}
  [ -n "${raw// /}" ] || continue
  side=${raw%%:*}
  line=${raw#*: }
  line=${line%"${line##*[! ]}"}
  s=${side:0:1}
  [ "$s" != "$last" ] && my_turn "$s"
  last=$s
  cmd "$line"
  settle
  case $line in
    "deploy 3 at 09,21") lost ;;   # taken; its answer lost
    "deploy 6 at 03,22") keys U; lost; cmd "$line"; settle ;; # the undo's answer lost
  esac
done <tests/games/breakthrough-setup.txt

# The side to act concedes: the attacker unless its screen says the defender plays.
on a
settle
who=a
screen | grep -qF "the defender's player plays" && who=d
my_turn "$who"
cmd "concede"
wait_for "GAME OVER" || fail "the game is not over after the concession"
for s in a d; do
  on "$s"
  wait_for "GAME OVER"
  settle
  keys q
  settle
  screen | grep -qF "Quit" && keys y
done
for s in a d; do
  end=$((SECONDS + TUI_TIMEOUT))
  while [ ! -f "$tmp/join-$s.rc" ] && [ $SECONDS -le $end ]; do sleep 0.1; done
done

for s in a d; do
  state=$tmp/s$s
  other=$tmp/s$([ $s = a ] && echo d || echo a)
  rec=$(ls "$state/murk/joint/"*.record 2>/dev/null | head -1)
  [ -n "$rec" ] || { fail "client $s kept no record: $(cat "$tmp/join-$s.err")"; on "$s"; screen >&2; continue; }
  on "$s"
  screen | grep -qF "The game's record: " || fail "client $s does not say where its record is"
  XDG_STATE_HOME=$state "$MURK" replay --verify "$rec" >"$tmp/v" 2>&1 ||
    fail "client $s's record does not verify: $(cat "$tmp/v")"
  grep -qF "verified: the dice key is the one drawn jointly" "$tmp/v" || fail "no word of what was verified: $(cat "$tmp/v")"
  XDG_STATE_HOME=$other "$MURK" replay --verify "$rec" --as "$([ $s = a ] && echo attacker || echo defender)" >"$tmp/v" 2>&1
  [ $? -eq 1 ] || fail "client $s's record verified from the other player's state directory"
done
[ $failures -eq 0 ] || exit 1
echo "tui_record: ok"
