#!/usr/bin/env bash
# host_stop.sh: what `murk host` says and how it ends. A sealed game whose attacker's
# passphrase came with --passphrase-file: the defender's join does not make the log say
# "both players have joined" (the attacker has not); the attacker's join then does, once.
# Ctrl-C (SIGINT) and SIGTERM stop the host with 128 + the signal, as murk play does, the
# game kept and said so.
source "$(dirname "${BASH_SOURCE[0]}")/common.bash"
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
export XDG_STATE_HOME=$tmp/state MURK_PWHASH=1,8192 MURK_TEST_WEAK_PWHASH=1
hostpid=
on_exit() { [ -n "$hostpid" ] && kill "$hostpid" 2>/dev/null; }

printf 'Quartz Lantern over the Willow 41' >"$tmp/pa"
start_host() { # DIR [ARGS...]: a host in the background, its join codes on $tmp/$1.out
  local d=$1
  shift
  "$MURK" host luneville --dir "$tmp/$d" "$@" 2>"$tmp/$d.err" >"$tmp/$d.out" &
  hostpid=$!
  for _ in $(seq 100); do grep -q "defender: " "$tmp/$d.out" 2>/dev/null && break; sleep 0.1; done
  [ -S "$tmp/$d/murk.sock" ] || fail "the host did not start: $(cat "$tmp/$d.err")"
}
code() { sed -n "s/^  $2: //p" "$tmp/$1.out"; }
# join DIR SIDE CODE PASSLINE: join a seat and stay a moment (the host logs as it goes).
join() {
  python3 - "$tmp/$1/murk.sock" "$2" "$3" "$4" <<'PY'
import socket, sys, time
path, side, code, pw = sys.argv[1:5]
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(path)
s.settimeout(10)
s.sendall(("murk 9 join %s %s\n%s\n" % (side, code, pw)).encode())
got = b""
end = time.time() + 10
while got.count(b"\n") < 2 and time.time() < end:
    chunk = s.recv(65536)
    if not chunk:
        break
    got += chunk
print(got.decode())
PY
}
# The log's lines so far, once the host has written what it was going to.
log_settle() { sleep 0.3; }

checks=$((checks + 1))
start_host one "--passphrase-file=attacker:$tmp/pa"
pw="pass =Another%20Quartz%20Lantern%20by%20the%20Mill%2077"
out=$(join one defender "$(code one defender)" "$pw")
grep -q "passok" <<<"$out" || fail "the defender's join was not taken: $out"
log_settle
grep -q "the defender joined" "$tmp/one.err" || fail "the host did not log the defender's join"
grep -q "both players have joined" "$tmp/one.err" &&
  fail "the host says both players have joined with only the defender in: $(cat "$tmp/one.err")"
out=$(join one attacker "$(code one attacker)" "pass =Quartz%20Lantern%20over%20the%20Willow%2041")
grep -q "passok" <<<"$out" || fail "the attacker's join was not taken: $out"
log_settle
[ "$(grep -c "both players have joined: the game is on" "$tmp/one.err")" = 1 ] ||
  fail "the host does not say once that both have joined: $(cat "$tmp/one.err")"

# Ctrl-C: 130, the game kept.
checks=$((checks + 1))
kill -INT "$hostpid"
wait "$hostpid"
rc=$?
hostpid=
[ "$rc" = 130 ] || fail "Ctrl-C on the host: exit $rc, not 130"
grep -q "stopped; the game is in" "$tmp/one.err" || fail "the stopped host does not say where the game is"

# SIGTERM: 143.
checks=$((checks + 1))
start_host two --seed 3
kill -TERM "$hostpid"
wait "$hostpid"
rc=$?
hostpid=
[ "$rc" = 143 ] || fail "SIGTERM on the host: exit $rc, not 143"

finish host_stop
