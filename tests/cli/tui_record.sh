#!/usr/bin/env bash
# tui_record.sh: a record both sides can verify, with the real clients (docs/fair-play.md,
# "A record both sides can verify"). `murk host` holds a new sealed game of Breakthrough;
# two `murk join` clients in tmux, each with a state directory of its own, draw the dice
# key with it and play the set-up of tests/games/breakthrough-setup (its commands do not
# depend on the dice), then the side to act concedes. Checks that each client says where
# it keeps the game's record, and that `murk replay --verify` accepts it from that
# player's state directory (exit 0) and not from the other's (exit 1).
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

# A client in tmux session $1 (a or d) as side $2, its state directory $3.
join() {
  local s=$1 side=$2 state=$3 pf=$tmp/${1}pass
  cat >"$tmp/join-$s.sh" <<EOS
export LANG=C.UTF-8 LC_ALL=C.UTF-8 MURK_PWHASH=1,8192 MURK_TEST_WEAK_PWHASH=1 XDG_STATE_HOME='$state'
'$MURK' join '$dir/murk.sock' --as $side --code $(code "$side") --passphrase-file $side:'$pf' 2>'$tmp/join-$s.err'
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

join a attacker "$tmp/sa"
join d defender "$tmp/sd"
on a
wait_for "attacker's table" || exit 1
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
