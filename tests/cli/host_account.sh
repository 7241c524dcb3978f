#!/usr/bin/env bash
# host_account.sh: a host neither player runs (docs/playing.md, "A host neither player
# runs"; contrib/murk-host@.service). Creates a host account, two player accounts in a
# group of their own and an account outside it; starts `murk host` as the host account
# with its socket in a directory of the group (setgid, mode 2770) and its saves in a
# directory only it may enter (0700); then checks that:
#   - each player joins from their own account and plays (docs/protocol.md, a sealed game:
#     passphrases set, objectives placed by each side in turn);
#   - the account outside the group cannot even reach the socket;
#   - no player can read the host's save or list its directory, read its /proc/PID/mem,
#     environ or maps, attach to it with ptrace, or signal it; the host's own account can
#     (the checks can fail: they are not denied to everyone).
# Needs root (it makes accounts), useradd, groupadd, userdel, groupdel, setpriv and a
# python3 every account may run; skips (77) with the reason otherwise. The accounts are
# removed at the end, whatever happens.
. "$(dirname "$0")/common.bash"

skip() {
  echo "SKIP: $*"
  exit 77
}
[ "$(id -u)" = 0 ] || skip "not root: this test makes system accounts (run it as root)"
for tool in useradd groupadd userdel groupdel setpriv; do
  command -v "$tool" >/dev/null || skip "no $tool: cannot make the accounts"
done
py=
for p in /usr/bin/python3 /usr/local/bin/python3; do [ -x "$p" ] && py=$p && break; done
[ -n "$py" ] || skip "no python3 in /usr/bin or /usr/local/bin (the players' client)"

# Account names unique to this run (at most 32 characters).
tag=$$
host=murkh$tag
p1=murka$tag
p2=murkd$tag
outsider=murko$tag
group=murkg$tag
hostpid=
made=()
on_exit() {
  [ -n "$hostpid" ] && kill "$hostpid" 2>/dev/null && wait "$hostpid" 2>/dev/null
  local u
  for u in "${made[@]}"; do userdel "$u" >/dev/null 2>&1; done
  groupdel "$group" >/dev/null 2>&1
  for u in "${made[@]}"; do
    getent passwd "$u" >/dev/null && echo "FAIL: account $u is left behind" >&2
  done
}

groupadd "$group" || fail "groupadd $group"
for u in "$host" "$p1" "$p2" "$outsider"; do
  extra=()
  [ "$u" = "$p1" ] || [ "$u" = "$p2" ] && extra=(-G "$group")
  useradd --system --user-group --no-create-home --home-dir /nonexistent \
    --shell /usr/sbin/nologin "${extra[@]}" "$u" || fail "useradd $u"
  made+=("$u")
done
[ "$failures" = 0 ] || finish host_account

# Run as account $1 what follows, with a clean environment (the sanitizers' options kept).
# setpriv and env exec it, so in `( exec_as ... ) &` the pid $! is the program's own.
as() {
  local u=$1
  shift
  setpriv --reuid="$u" --regid="$u" --init-groups -- env -i PATH=/usr/bin:/bin HOME=/nonexistent \
    LANG=C.UTF-8 ASAN_OPTIONS="$ASAN_OPTIONS" UBSAN_OPTIONS="$UBSAN_OPTIONS" "$@"
}
exec_as() {
  local u=$1
  shift
  exec setpriv --reuid="$u" --regid="$u" --init-groups -- env -i PATH=/usr/bin:/bin \
    HOME=/nonexistent LANG=C.UTF-8 ASAN_OPTIONS="$ASAN_OPTIONS" UBSAN_OPTIONS="$UBSAN_OPTIONS" "$@"
}

# What every account may read: the program and the mission; $tmp itself may be passed
# through, not listed.
chmod 0711 "$tmp"
install -d -m 0755 "$tmp/pub"
install -m 0755 "$MURK" "$tmp/pub/murk"
install -m 0644 data/missions/luneville.yaml "$tmp/pub/luneville.yaml"
bin=$tmp/pub/murk
as "$p1" "$py" -c 'pass' || skip "$py cannot be run by another account"
as "$host" "$bin" --version >/dev/null 2>&1 || as "$host" test -x "$bin" ||
  skip "the program cannot be run by another account"

# The socket's directory: the host's, the players' group, setgid, 2770. The saves: the
# host's state directory, 0700.
run=$tmp/run
state=$tmp/state
install -d -o "$host" -g "$group" -m 2770 "$run"
install -d -o "$host" -g "$host" -m 0700 "$state"

(exec_as "$host" XDG_STATE_HOME="$state" "$bin" host "$tmp/pub/luneville.yaml" --dir "$run" \
  2>"$tmp/host.err" >"$tmp/host.out") &
hostpid=$!
for _ in $(seq 150); do
  grep -q "defender: " "$tmp/host.out" 2>/dev/null && break
  sleep 0.1
done
# The join codes: on the host's standard output, for its starter to hand to each player.
code() { sed -n "s/^  $1: //p" "$tmp/host.out"; }
sock=$run/murk.sock
[ -S "$sock" ] || {
  fail "the host does not listen: $(cat "$tmp/host.err")"
  finish host_account
}
checks=$((checks + 1))
save=$(sed -n 's/.*the game is saved to \(.*\) after every change.*/\1/p' "$tmp/host.err")
[ -n "$save" ] || fail "the host does not say where it saves: $(cat "$tmp/host.err")"
case $save in "$state"/*) ;; *) fail "the host saves outside its state directory: $save" ;; esac
[ "$(stat -c %U:%G:%a "$sock")" = "$host:$group:770" ] ||
  fail "the socket is $(stat -c %U:%G:%a "$sock"), not $host:$group:770"
checks=$((checks + 3))

# ---- the players play (docs/protocol.md), each from their own account

cat >"$tmp/pub/client.py" <<'PY'
# A player's client: joins SIDE with its join CODE and PASS, places objectives when its
# turn comes.
import hashlib, os, socket, sys, time

path, side, code, pw = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
cmds = sys.argv[5:]

def esc(text):
    return "=" + "".join("%%%02x" % b if b <= 32 or b in (37, 127) else chr(b)
                         for b in text.encode())

part = os.urandom(32)
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(path)
buf = b""
def line(timeout=60):
    global buf
    end = time.time() + timeout
    while b"\n" not in buf:
        s.settimeout(max(0.1, end - time.time()))
        chunk = s.recv(65536)
        if not chunk:
            raise EOFError("the host closed the connection")
        buf += chunk
    l, buf = buf.split(b"\n", 1)
    l = l.decode()
    # The dice drawn jointly (docs/protocol.md): commit to a part, reveal it when told.
    if l == "draw":
        send("commit " + hashlib.blake2b(part, digest_size=32).hexdigest())
    elif l.startswith("joint reveal "):
        send("reveal " + part.hex())
    return l
def send(text):
    s.sendall((text + "\n").encode())
def until(prefix):
    while True:
        l = line()
        if l.startswith(prefix):
            return l

send("murk 9 join %s %s" % (side, code))
hello = line()
print("hello:", hello)
if hello.split()[3] == "set":
    send("pass " + esc(pw))
    print("pass:", line())
views = 0
# The view of its turn: the game starts once both have joined; the attacker places first.
while True:
    l = until("view ")
    if l == "view end":
        views += 1
        # Try the first command: refused while the other side acts, then wait for the view
        # that comes with this side's turn.
        send("cmd " + esc(cmds[0]))
        answer = None
        while True:
            l = line()
            if l.startswith("view end"):
                views += 1
            if l == "ok" or l.startswith("no "):
                answer = l
                break
        if answer == "ok":
            print("taken:", cmds[0])
            cmds.pop(0)
            for c in cmds:
                send("cmd " + esc(c))
                while True:
                    l = line()
                    if l == "ok" or l.startswith("no "):
                        break
                print(("taken: " if l == "ok" else "refused: ") + c)
            break
        print("not yet:", answer)
send("bye")
print("views:", views)
PY
chmod 0644 "$tmp/pub/client.py"

as "$p1" "$py" "$tmp/pub/client.py" "$sock" attacker "$(code attacker)" "alice's long passphrase here" \
  "objective at 18,01" "objective at 26,02" >"$tmp/p1.out" 2>&1 &
c1=$!
sleep 0.5
as "$p2" "$py" "$tmp/pub/client.py" "$sock" defender "$(code defender)" "bob has another one, longer" \
  "objective at 12,22" "objective at 20,23" >"$tmp/p2.out" 2>&1 &
c2=$!
wait "$c1" || fail "the attacker's client: $(cat "$tmp/p1.out")"
wait "$c2" || fail "the defender's client: $(cat "$tmp/p2.out")"
for f in p1 p2; do
  grep -q "^hello: hello 9 .* set secret" "$tmp/$f.out" || fail "$f was not asked to set a passphrase: $(cat "$tmp/$f.out")"
  grep -q "^pass: passok" "$tmp/$f.out" || fail "$f's passphrase was not taken: $(cat "$tmp/$f.out")"
  [ "$(grep -c "^taken: objective" "$tmp/$f.out")" = 2 ] ||
    fail "$f did not place both objectives: $(cat "$tmp/$f.out")"
  checks=$((checks + 3))
done

# The account outside the group: the socket is out of its reach.
as "$outsider" "$py" - "$sock" <<'PY' >"$tmp/out.out" 2>&1 && fail "an account outside the group reached the socket: $(cat "$tmp/out.out")"
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(sys.argv[1])
PY
grep -q "PermissionError" "$tmp/out.out" || fail "the outsider's connect failed otherwise: $(cat "$tmp/out.out")"
checks=$((checks + 1))

# ---- what a player cannot do to the host

# The probe: run as ACCOUNT, prints one word per check: "denied" or "allowed".
cat >"$tmp/pub/probe.py" <<'PY'
import ctypes, os, sys
pid, save = int(sys.argv[1]), sys.argv[2]
def tryopen(path):
    # Opening is the check (/proc/PID/mem opens only for who may attach; reading address 0
    # of an open one fails anyway).
    try:
        os.close(os.open(path, os.O_RDONLY))
        return "allowed"
    except PermissionError:
        return "denied"
def trylist(path):
    try:
        os.listdir(path)
        return "allowed"
    except PermissionError:
        return "denied"
def tryptrace():
    libc = ctypes.CDLL(None, use_errno=True)
    libc.ptrace.restype = ctypes.c_long
    PTRACE_ATTACH, PTRACE_DETACH = 16, 17
    if libc.ptrace(PTRACE_ATTACH, pid, None, None) == 0:
        os.waitpid(pid, 0)
        libc.ptrace(PTRACE_DETACH, pid, None, None)
        return "allowed"
    return "denied" if ctypes.get_errno() in (1, 13) else "error%d" % ctypes.get_errno()
def trykill():
    try:
        os.kill(pid, 0)
        return "allowed"
    except PermissionError:
        return "denied"
print("save", tryopen(save))
print("savedir", trylist(os.path.dirname(save)))
print("mem", tryopen("/proc/%d/mem" % pid))
print("environ", tryopen("/proc/%d/environ" % pid))
print("maps", tryopen("/proc/%d/maps" % pid))
print("ptrace", tryptrace())
print("signal", trykill())
PY
chmod 0644 "$tmp/pub/probe.py"

if [ -r /proc/sys/kernel/yama/ptrace_scope ]; then
  echo "kernel.yama.ptrace_scope = $(cat /proc/sys/kernel/yama/ptrace_scope)"
else
  echo "no Yama (kernel.yama.ptrace_scope): only the accounts keep ptrace out"
fi
kill -0 "$hostpid" 2>/dev/null || fail "the host stopped: $(cat "$tmp/host.err")"
[ "$(stat -c %U /proc/"$hostpid")" = "$host" ] || fail "the host does not run as $host"
checks=$((checks + 2))
for u in "$p1" "$p2" "$outsider"; do
  as "$u" "$py" "$tmp/pub/probe.py" "$hostpid" "$save" >"$tmp/probe-$u" 2>&1
  for what in save savedir mem environ maps ptrace signal; do
    got=$(sed -n "s/^$what //p" "$tmp/probe-$u")
    [ "$got" = denied ] || fail "$u: $what ${got:-?} ($(cat "$tmp/probe-$u"))"
    checks=$((checks + 1))
  done
done
# The host's own account reads its save, its environ and maps (Yama may keep even it from
# attaching, so ptrace and mem are not asked of it).
as "$host" "$py" "$tmp/pub/probe.py" "$hostpid" "$save" >"$tmp/probe-host" 2>&1
for what in save savedir environ maps signal; do
  got=$(sed -n "s/^$what //p" "$tmp/probe-host")
  [ "$got" = allowed ] || fail "the host's own account: $what ${got:-?} ($(cat "$tmp/probe-host"))"
  checks=$((checks + 1))
done
[ "$(stat -c %a "$(dirname "$save")")" = 700 ] ||
  fail "the save's directory is $(stat -c %a "$(dirname "$save")"), not 700"
[ "$(stat -c %a "$save")" = 600 ] || fail "the save is $(stat -c %a "$save"), not 600"
checks=$((checks + 2))

kill "$hostpid" 2>/dev/null
wait "$hostpid" 2>/dev/null
hostpid=
grep -q "murk host: stopped" "$tmp/host.err" || fail "the host did not stop cleanly: $(cat "$tmp/host.err")"
checks=$((checks + 1))
finish host_account
