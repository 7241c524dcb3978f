#!/usr/bin/env bash
# tui_remote.sh: remote play: `murk host` holds a sealed game of
# Luneville and two `murk join` clients play it in two tmux sessions, as two players over
# SSH would. Checks that:
#   - a directory every user may enter is refused, and the host makes a missing one 0700;
#   - each side's first join sets its passphrase; the game starts once both have joined
#     (and drawn the dice key with the host: each client keeps its part, the commitments
#     and its views in its state directory);
#   - each screen shows what `murk replay --as SIDE` of the host's save shows that side (its
#     newest events), and never the other side's passphrase-protected record;
#   - the side not to act waits, and gets its turn with the "since your last turn" recap;
#   - a client killed mid-turn joins again (with its passphrase; a wrong one is refused) and
#     sees its table as it was, with the recap of what happened meanwhile; the other player
#     is told that it left, and that it is back;
#   - the host killed (SIGKILL) loses nothing: `murk host --load SAVE` of the sealed save,
#     given no passphrase, opens it with those the players give at their joins (a wrong one
#     refused; the first to join waits for the other), and the game continues.
#   - the key derivation's cost is told to each client, and one below murk's default is
#     refused by the host (outside the test suite) and by a client (likewise);
#   - each client shows the fingerprint of what it was shown on its screen, and refuses a
#     host restarted from an older copy of its save (moves it saw are missing), naming that
#     fingerprint.
. "$(dirname "$0")/tui_common.bash"

export XDG_STATE_HOME=$tmp/state MURK_PWHASH=1,8192 MURK_TEST_WEAK_PWHASH=1
mkdir -p "$tmp/state"
dir=$tmp/game
AP=apass-Quartz-Lantern-41 DP=dpass-Willow-Harbor-73
printf '%s\n' "$AP" >"$tmp/apass"
printf '%s\n' "$DP" >"$tmp/dpass"

# ---- the directory
mkdir "$tmp/open" && chmod 755 "$tmp/open"
"$MURK" host luneville --dir "$tmp/open" >"$tmp/out" 2>&1 && fail "an open directory was accepted"
grep -qF "may be entered by every user" "$tmp/out" || fail "no reason for the refused directory: $(cat "$tmp/out")"

# ---- a key derivation below murk's default: refused outside the test suite
mkdir -m 700 "$tmp/weak"
MURK_TEST_WEAK_PWHASH= "$MURK" host luneville --dir "$tmp/weak" >"$tmp/out" 2>&1 </dev/null &&
  fail "a host with a cheap key derivation was started outside the test suite"
grep -qF "below murk's default" "$tmp/out" || fail "no reason for the refused cost: $(cat "$tmp/out")"

hostpid=
# Start a host and wait until it says it listens (a killed host's socket file stays behind:
# its presence says nothing).
start_host() {
  local before
  before=$(grep -c "each player joins with" "$tmp/host.err" 2>/dev/null)
  rm -f "$tmp/host.out"
  "$MURK" host "$@" --dir "$dir" 2>>"$tmp/host.err" >"$tmp/host.out" &
  hostpid=$!
  local end=$((SECONDS + TUI_TIMEOUT))
  while { [ "$(grep -c "each player joins with" "$tmp/host.err" 2>/dev/null)" = "${before:-0}" ] ||
    ! grep -q "defender: " "$tmp/host.out" 2>/dev/null; } &&
    [ $SECONDS -le $end ]; do sleep 0.1; done
  [ -S "$dir/murk.sock" ] || fail "the host does not listen: $(cat "$tmp/host.err")"
}
stop_host() {
  [ -n "$hostpid" ] && kill -9 "$hostpid" 2>/dev/null
  wait "$hostpid" 2>/dev/null
  hostpid=
}
trap 'stop_host; cleanup' EXIT

start_host luneville
[ "$(stat -c %a "$dir")" = 700 ] || fail "the host made $dir with mode $(stat -c %a "$dir")"
save=$(sed -n 's/.*the game is saved to \(.*\) after every change.*/\1/p' "$tmp/host.err")
[ -n "$save" ] || fail "the host does not say where it saves"

# The side's join code: on the host's standard output (the host's starter hands it over).
code() { sed -n "s/^  $1: //p" "$tmp/host.out"; }
# A client in tmux session $1 (a, d, or x): `murk join` as side $2, with its join code (or, $3
# "ask", typed at the prompt); $4 "strict": without the test suite's MURK_TEST_WEAK_PWHASH.
join() {
  local s=$1 side=$2 opt weak=1
  opt="--code $(code "$side")"
  [ "${3:-}" = ask ] && opt=
  [ "${4:-}" = strict ] && weak= # not the test suite's: a cheap key derivation is refused
  cat >"$tmp/join-$s.sh" <<EOS
export LANG=C.UTF-8 LC_ALL=C.UTF-8 MURK_PWHASH=1,8192 MURK_TEST_WEAK_PWHASH=$weak
'$MURK' join '$dir/murk.sock' --as $side $opt 2>'$tmp/join-$s.err'
echo \$? >'$tmp/join-$s.rc'
exec sleep 600
EOS
  rm -f "$tmp/join-$s.rc"
  T kill-session -t "$s" >/dev/null 2>&1
  T new-session -d -x 110 -y 40 -s "$s" "sh '$tmp/join-$s.sh'"
}
on() { sess=$1; }
pass() { # type a passphrase at the prompt
  wait_for "$1" || return 1
  send_text "$2"
  keys Enter
}
skip_recap() {
  settle
  if screen | grep -qF "Since your last turn"; then
    keys Escape
    wait_gone "Since your last turn"
    settle
  fi
}
# The side's newest events in its own record of the host's save must be on its screen.
check_screen() {
  local side=$1 file
  [ "$side" = attacker ] && file=$tmp/apass || file=$tmp/dpass
  "$MURK" replay "$save" --as "$side" --passphrase-file "$side:$file" >"$tmp/replay" 2>"$tmp/replay.err" ||
    fail "murk replay --as $side: $(cat "$tmp/replay.err")"
  settle
  screen >"$tmp/screen"
  sed -n 's/^ *[0-9][0-9]* [a-z][a-z]* *//p' "$tmp/replay" | tail -n 4 | cut -c1-60 >"$tmp/want"
  [ -s "$tmp/want" ] || fail "no events in the $side's replay"
  while IFS= read -r line; do
    grep -qF -- "$line" "$tmp/screen" || {
      fail "the $side's screen does not show its replay's event '$line'; the screen was:"
      cat "$tmp/screen" >&2
    }
  done <"$tmp/want"
}

# ---- a client refuses a host whose keys are cheap to guess (the host runs with the test
#      suite's knob; this client without it), having been told the cost
join x attacker "" strict # a session of its own, kept: the tmux server stays up
end=$((SECONDS + TUI_TIMEOUT))
while [ ! -f "$tmp/join-x.rc" ] && [ $SECONDS -le $end ]; do sleep 0.1; done
[ "$(cat "$tmp/join-x.rc" 2>/dev/null)" = 1 ] || fail "a client joined a host whose keys are cheap to guess"
grep -qF "a cost below murk's default (Argon2id, 1 passes over 8 KiB" "$tmp/join-x.err" ||
  fail "the client does not say why it refused the host's cost: $(cat "$tmp/join-x.err")"

# ---- both join: each sets its passphrase, the game starts when both have
# The attacker types its join code: the defender's first (refused), then its own.
grep -q "$(code attacker)" "$tmp/host.err" && fail "a join code is in the host's log"
join a attacker ask
on a
pass "attacker's join code" "$(code defender)"
wait_for "Wrong join code for the attacker (2 more tries)" || fail "another side's join code is not refused"
pass "attacker's join code" "$(code attacker)"
wait_for "its passphrases' keys: Argon2id, 1 passes over 8 KiB: BELOW murk's default" ||
  fail "the client is not told what the passphrases' keys cost"
pass "attacker's new passphrase" "$AP"
pass "Again" "$AP"
wait_for "both players have joined once" || { stop_host; exit 1; }
join d defender
on d
pass "defender's new passphrase" "$DP"
pass "Again" "$DP"
wait_for "defender's table" || { stop_host; exit 1; }
on a
wait_for "attacker's table" || { stop_host; exit 1; }
skip_recap
screen | grep -qF "secret dice" || fail "the header does not say the dice are secret"
# The dice were drawn jointly: each client keeps its part, the three commitments and its
# views (docs/fair-play.md, "A record both sides can verify").
for side in attacker defender; do
  mem=$(ls "$tmp/state/murk/joint/$side-"* 2>/dev/null | head -1)
  [ -n "$mem" ] && [ "$(stat -c %a "$mem")" = 600 ] || fail "the $side's client keeps no memory of the draw (0600)"
  grep -q "^commits: [0-9a-f]\{64\} [0-9a-f]\{64\} [0-9a-f]\{64\}$" "$mem" || fail "the $side's client did not keep the commitments"
  grep -q "^view: " "$mem" || fail "the $side's client did not keep its views"
done

# ---- objectives: the attacker's two, while the defender waits
on d
wait_for "the attacker's player plays" || fail "the defender is not told to wait"
on a
cmd "objective at 18,01"
wait_for "objective 2 of 2"
cmd "objective at 26,02"
wait_for "the defender's player plays" || fail "the attacker is not told to wait"
check_screen attacker
on d
wait_for "Since your last turn" || fail "no recap for the defender"
skip_recap
check_screen defender
cmd "objective at 12,22"
wait_for "objective 2 of 2"

# ---- the defender killed mid-turn (one objective placed), and back
kill -9 "$(T display -p -t d '#{pane_pid}' | xargs -I{} pgrep -P {} -f 'murk join')" 2>/dev/null
on a
wait_for "the defender's player has left: the game waits until they join again" ||
  fail "the attacker is not told the defender left"
on d
wait_for "" >/dev/null
end=$((SECONDS + TUI_TIMEOUT))
while [ ! -f "$tmp/join-d.rc" ] && [ $SECONDS -le $end ]; do sleep 0.1; done
join d defender
on d
pass "the defender's passphrase" wrong
wait_for "Wrong passphrase" || fail "a wrong passphrase is not refused"
on a
screen | grep -qF "the defender's player is back" && fail "the attacker is told the defender is back before its passphrase"
on d
pass "the defender's passphrase" "$DP"
wait_for "defender's table" || { stop_host; exit 1; }
on a
wait_for "the defender's player is back" || fail "the attacker is not told the defender is back"
on d
skip_recap
screen | grep -qF "objective 2 of 2" || fail "the rejoined defender's table is not as it was"
check_screen defender
cmd "objective at 20,23"
on a
wait_for "Since your last turn" || fail "no recap for the attacker after the defender's objectives"
skip_recap
check_screen attacker

# ---- reserves; the host killed in the middle of the attacker's
cmd "reserve 6"
wait_for "reserve"
settle
views_kept() { cat "$tmp/state/murk/joint/"*-* 2>/dev/null | grep -c "^view: "; }
kept_before=$(views_kept)
stop_host
on a
end=$((SECONDS + TUI_TIMEOUT))
while [ ! -f "$tmp/join-a.rc" ] && [ $SECONDS -le $end ]; do sleep 0.1; done
[ "$(cat "$tmp/join-a.rc" 2>/dev/null)" = 1 ] || fail "the attacker's murk join did not stop when the host died"
grep -qF "join again with" "$tmp/join-a.err" || fail "the attacker is not told how to join again: $(cat "$tmp/join-a.err")"
# Resumed without the players' passphrases at the host: each player's join gives theirs
# (a wrong one refused), and the sealed save opens once both have joined.
start_host --load "$save" </dev/null
grep -qF "opens with both players' passphrases" "$tmp/host.err" ||
  fail "the resumed host does not say it waits for both passphrases: $(cat "$tmp/host.err")"
join a attacker
on a
pass "the attacker's passphrase" "$DP"
wait_for "Wrong passphrase" || fail "a wrong passphrase is not refused by the resumed host"
pass "the attacker's passphrase" "$AP"
wait_for "when the defender's player has joined too" || fail "the first to join is not told it waits for the other"
join d defender
on d
pass "the defender's passphrase" "$DP"
wait_for "defender's table" || { stop_host; exit 1; }
skip_recap
on a
wait_for "attacker's table" || { stop_host; exit 1; }
skip_recap
check_screen attacker
grep -q "reserve" "$tmp/replay" || fail "the reserve made before the host died is lost"
on a
cmd "end"
on d
wait_for "Since your last turn" || fail "no recap for the defender after the attacker's reserves"
skip_recap
check_screen defender
cmd "reserve 6 delayed"
cmd "end"

# ---- deployment, alternating
on a
wait_for "Since your last turn" || fail "no recap for the attacker at deployment"
skip_recap
# The save as it is now, put back below (the host's owner keeping an older copy).
cp "$save" "$tmp/older.murk"
cmd "deploy 2 at 16,20"
on d
wait_for "Since your last turn"
skip_recap
check_screen defender
cmd "deploy 2 at 21,03"
on a
wait_for "Since your last turn"
skip_recap
check_screen attacker

# The rejoined clients found their memory of the draw (the resumed host showed the same
# commitments) and went on with their chains of views.
[ "$(views_kept)" -gt "$kept_before" ] || fail "the clients kept no views after the host was resumed"
grep -h "commitment\|cannot keep" "$tmp/join-a.err" "$tmp/join-d.err" && fail "a client refused the resumed host's commitments"

# The host's own log: who joined, who left, nothing of the game.
grep -qF "the attacker joined" "$tmp/host.err" || fail "the host does not log joins"
grep -qF "both players have joined: the game goes on" "$tmp/host.err" || fail "the resumed host does not log that the game goes on"

# ---- no rewind: each client remembers what it was shown (its own record's final events and
#      its own commands, in its state directory) and shows its fingerprint on the screen. A
#      host restarted from the copy of its save taken before the deployments (which both
#      clients saw) is refused by both, naming the fingerprint their screens showed.
# The host's sealed journal: a record a change, each only its public fields (turn, side to
# act, over), the sealed parts and the check: no time.
grep -q '^j ' "$save" || fail "the host's save has no journal records"
bad=$(grep '^j ' "$save" | grep -cvE '^j [0-9]+ [ad-] [yn] [A-Za-z0-9_=+/-]+ [A-Za-z0-9_=+/-]+$')
[ "$bad" = 0 ] || fail "$bad journal records have more than their public fields and sealed parts"
fp=
for s in a d; do
  on $s
  settle
  fp=$(screen | grep -o "history [0-9a-f]\{4\}-[0-9a-f]\{4\}-[0-9a-f]\{4\}" | head -n 1 | cut -d' ' -f2)
  [ -n "$fp" ] || { fail "client $s shows no history fingerprint; the screen was:"; screen >&2; }
  eval "fp_$s=\$fp"
done
[ "$fp_a" != "$fp_d" ] || fail "both sides show the same fingerprint ($fp_a): each is of its own record"
stop_host
for s in a d; do
  end=$((SECONDS + TUI_TIMEOUT))
  while [ ! -f "$tmp/join-$s.rc" ] && [ $SECONDS -le $end ]; do sleep 0.1; done
done
grep -qs '^events: [1-9]' "$tmp/state/murk/seen/"* ||
  fail "the clients did not keep what they saw: $(cat "$tmp/state/murk/seen/"* 2>&1)"
cp "$tmp/older.murk" "$save"
start_host --load "$save" </dev/null
rm -f "$tmp/join-a.rc" "$tmp/join-d.rc"
join a attacker
on a
pass "the attacker's passphrase" "$AP"
join d defender
on d
pass "the defender's passphrase" "$DP"
for s in a d; do
  end=$((SECONDS + TUI_TIMEOUT))
  while [ ! -f "$tmp/join-$s.rc" ] && [ $SECONDS -le $end ]; do sleep 0.1; done
  [ "$(cat "$tmp/join-$s.rc" 2>/dev/null)" = 1 ] || fail "client $s went on with a host put back to an older copy"
  grep -qF "the host came back behind what you saw" "$tmp/join-$s.err" ||
    fail "client $s does not say the host came back behind it: $(cat "$tmp/join-$s.err")"
  eval "want=\$fp_$s"
  grep -qF "(history $want)" "$tmp/join-$s.err" ||
    fail "client $s's refusal does not name the fingerprint its screen showed ($want): $(cat "$tmp/join-$s.err")"
done
stop_host
[ $failures -eq 0 ] || exit 1
echo "tui_remote: ok"
