#!/usr/bin/env bash
# remote_abuse.sh: a hosted game survives bad clients, and seats belong to their players
# (docs/protocol.md, "Seats"). Eight connections that never speak are open before the
# attacker's player joins: the player joins at once, and the idle ones are closed after the
# join timeout; a wrong join code (the other side's too) is refused, three times and bye; a
# second claim of a seat taken is refused, right code and passphrase or not. A well-behaved
# client (the attacker, in Python over the Unix socket, speaking docs/protocol.md) plays
# while other connections send 10 MB lines, NUL bytes, lines that are not the protocol's,
# and invalid commands in a loop (read or not). Checks that the bad connections are dropped
# (or answered "no", for commands the game refuses), and that after each the host still
# answers the good client at once: its command taken, its view sent.
set -u
MURK=${MURK:-build/murk}
cd "${MURK_SOURCE_DIR:-.}" || exit 1
case $MURK in /*) ;; *) MURK=$PWD/$MURK ;; esac
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
tmp=$(mktemp -d -t murk_XXXXXXXX)
hostpid=
cleanup() {
  [ -n "$hostpid" ] && kill "$hostpid" 2>/dev/null && wait "$hostpid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
export XDG_STATE_HOME=$tmp/state
"$MURK" host luneville --seed 3 --dir "$tmp/game" --join-timeout 2 2>"$tmp/host.err" >"$tmp/host.out" &
hostpid=$!
for _ in $(seq 100); do grep -q "defender: " "$tmp/host.out" 2>/dev/null && break; sleep 0.1; done
code() { sed -n "s/^  $1: //p" "$tmp/host.out"; }
[ -n "$(code attacker)" ] && [ -n "$(code defender)" ] || { echo "FAIL: no join codes on the host's standard output: $(cat "$tmp/host.out")" >&2; exit 1; }
grep -q "$(code attacker)" "$tmp/host.err" && { echo "FAIL: a join code is in the host's log" >&2; exit 1; }

python3 - "$tmp/game/murk.sock" "$(code attacker)" "$(code defender)" <<'PY'
import socket, sys, time

path, acode, dcode = sys.argv[1], sys.argv[2], sys.argv[3]
failures = 0

def fail(msg):
    global failures
    failures += 1
    print("FAIL: " + msg, file=sys.stderr)

class Client:
    def __init__(self):
        self.s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.s.connect(path)
        self.buf = b""

    def send(self, data):
        self.s.sendall(data)

    def line(self, timeout=5.0):
        end = time.time() + timeout
        while b"\n" not in self.buf:
            left = end - time.time()
            if left <= 0:
                raise TimeoutError("no answer within %.0f s" % timeout)
            self.s.settimeout(left)
            chunk = self.s.recv(65536)
            if not chunk:
                raise EOFError("closed")
            self.buf += chunk
        l, self.buf = self.buf.split(b"\n", 1)
        return l.decode()

    def until(self, prefix, timeout=5.0):
        while True:
            l = self.line(timeout)
            if l.startswith(prefix):
                return l

    def dropped(self, timeout=10.0):
        """True when the host closed this connection (EOF) within timeout."""
        end = time.time() + timeout
        try:
            while time.time() < end:
                self.s.settimeout(end - time.time())
                chunk = self.s.recv(65536)
                if not chunk:
                    return True
        except (ConnectionResetError, BrokenPipeError):
            return True
        except socket.timeout:
            return False
        return False

def esc(text):
    out = "="
    for b in text.encode():
        out += "%%%02x" % b if b <= 32 or b in (37, 127) else chr(b)
    return out

def join(side, code):
    return ("murk 9 join %s %s\n" % (side, code)).encode()

# Eight connections that never send anything: every slot of the host taken.
idle = [Client() for _ in range(8)]
time.sleep(0.3)
# The good client, the attacker: it joins at once all the same.
t = time.time()
good = Client()
good.send(join("attacker", acode))
try:
    hello = good.line(timeout=1.5)
except Exception as e:
    fail("eight idle connections keep the attacker's player out: %s" % e)
    sys.exit(1)
if not hello.startswith("hello 9 attacker none 3"):
    fail("hello: " + hello)
good.until("view end")
if time.time() - t > 1.5:
    fail("the attacker joined only after %.1f s" % (time.time() - t))
# The idle ones are closed once the join timeout (2 s) has passed (one gave way at once).
t = time.time()
for i, c in enumerate(idle):
    if not c.dropped(timeout=5.0):
        fail("idle connection %d was not closed after the join timeout" % i)
if time.time() - t > 4.0:
    fail("idle connections were closed only after %.1f s" % (time.time() - t))

# A wrong code: refused, counted, three times and bye. The opponent's code is wrong too:
# the defender's player cannot claim the attacker's seat (nor the other way round).
bad = Client()
bad.send(join("attacker", dcode))
l = bad.line()
if l != "badcode 2":
    fail("the defender's code claimed the attacker's seat: " + l)
bad.send(join("defender", acode))
l = bad.line()
if l != "badcode 1":
    fail("the attacker's code claimed the defender's seat: " + l)
bad.send(join("defender", "22222-22222"))
l = bad.line()
if not l.startswith("bye ") or "wrong join code" not in l.replace("%20", " "):
    fail("a third wrong code is not told bye: " + l)
if not bad.dropped():
    fail("a third wrong code was not dropped")
# A second claim of the attacker's seat, with its right code: refused, the player kept.
bad = Client()
bad.send(join("attacker", acode))
l = bad.line()
if not l.startswith("bye ") or "seat is taken" not in l.replace("%20", " "):
    fail("a second claim of a seat taken is not refused: " + l)
if not bad.dropped():
    fail("a second claim of a seat taken was not dropped")

objectives = iter(["objective at 18,01", "objective at 26,02"])
def responsive(after):
    """The attacker's command is answered at once: a refusal or a view then ok."""
    t = time.time()
    try:
        good.send(("cmd %s\n" % esc("spot")).encode())
        l = good.until("no ")
    except Exception as e:
        fail("after %s the host does not answer: %s" % (after, e))
        return
    if time.time() - t > 5:
        fail("after %s the host took %.1f s" % (after, time.time() - t))

# 10 MB lines, one connection after another, while it is the good client's turn.
for k in range(3):
    bad = Client()
    try:
        bad.send(join("defender", dcode) + b"x" * (10 << 20) + b"\n")
    except (BrokenPipeError, ConnectionResetError):
        pass
    if not bad.dropped():
        fail("a 10 MB line did not get its connection dropped")
    responsive("a 10 MB line")

# A 10 MB line before any join, and one without a newline at all.
for data in (b"y" * (10 << 20), b"z" * (10 << 20) + b"\n"):
    bad = Client()
    try:
        bad.send(data)
    except (BrokenPipeError, ConnectionResetError):
        pass
    if not bad.dropped():
        fail("an oversized line before joining was not dropped")
    responsive("an oversized line before joining")

# NUL bytes, lines that are not the protocol's, an unknown version.
dj = join("defender", dcode)
for data in (dj + b"\0\0\0\n", b"hello there\n", join("umpire", dcode),
             dj + b"cmd unescaped words\n", dj + b"\n", b"murk 9 join defender\n",
             b"murk 1  join defender x\n", dj + b"cmd =%zz\n"):
    bad = Client()
    bad.send(data)
    if not bad.dropped():
        fail("garbage %r was not dropped" % data[:40])
    responsive("garbage")
bad = Client()
bad.send(join("defender", dcode).replace(b"murk 9", b"murk 99"))
l = bad.line()
if not l.startswith("bye ") or "version 9" not in l.replace("%20", " "):
    fail("a wrong version is not told the host's: " + l)
if not bad.dropped():
    fail("a wrong version was not dropped")

# The defender, joined, sends invalid commands in a loop: each is refused ("no"), the game
# goes on; then thousands more without reading the answers.
bad = Client()
bad.send(join("defender", dcode))
bad.until("hello")
bad.until("view end")
for i in range(500):
    bad.send(("cmd %s\n" % esc("deploy %d at 99,99" % i)).encode())
    l = bad.until("no ")
responsive("500 refused commands")
burst = ("cmd %s\n" % esc("move T1 to 1,1")).encode() * 20000
bad.send(burst)
responsive("20,000 refused commands unread")
# The defender may not act for the attacker, nor undo its commands.
bad.send(b"undo\n")
l = bad.until("noundo")

# The game goes on: the attacker's two objectives are taken, each with its view.
for cmd in objectives:
    good.send(("cmd %s\n" % esc(cmd)).encode())
    l = good.line()
    if not l.startswith("view begin"):
        fail("no view after a command: " + l)
    good.until("ok")
# The defender, its turn come, gets a view without asking.
try:
    bad.until("view begin", timeout=10)
except Exception as e:
    fail("the defender got no view when its turn came: %s" % e)
sys.exit(1 if failures else 0)
PY
rc=$?
kill -0 "$hostpid" 2>/dev/null || { echo "FAIL: the host died" >&2; rc=1; }
grep -q "dropped" "$tmp/host.err" || { echo "FAIL: the host does not log dropped clients" >&2; rc=1; }
grep -q "seat was refused" "$tmp/host.err" || { echo "FAIL: the host does not log a refused claim" >&2; rc=1; }

# A sealed game: the right code, then the passphrase, take the seat; a second claim of it,
# code and passphrase right, is refused; the other side's code claims nothing.
"$MURK" host luneville --dir "$tmp/sealed" 2>"$tmp/sealed.err" >"$tmp/sealed.out" &
sealedpid=$!
for _ in $(seq 100); do grep -q "defender: " "$tmp/sealed.out" 2>/dev/null && break; sleep 0.1; done
scode() { sed -n "s/^  $1: //p" "$tmp/sealed.out"; }
python3 - "$tmp/sealed/murk.sock" "$(scode attacker)" "$(scode defender)" <<'PY' || rc=1
import socket, sys, time

path, acode, dcode = sys.argv[1], sys.argv[2], sys.argv[3]
failures = 0
def fail(msg):
    global failures
    failures += 1
    print("FAIL: sealed: " + msg, file=sys.stderr)

def talk(lines, want):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    s.settimeout(10)
    s.sendall("".join(l + "\n" for l in lines).encode())
    got = b""
    while got.count(b"\n") < want:
        chunk = s.recv(65536)
        if not chunk:
            break
        got += chunk
    return s, got.decode().replace("%20", " ").splitlines()

pw = "pass =Quartz%20Lantern%20over%20the%20Willow%2041"
# A passphrase the estimator finds easy is refused at the host too, with why, never itself.
s0, got = talk(["murk 9 join defender " + dcode, "pass =1234"], 2)
if len(got) < 2 or not got[1].startswith("bye =") or "too easy to guess" not in got[1] or "1234" in got[1]:
    fail("a 4-digit passphrase was taken, or refused without the reason: %r" % got)
s1, got = talk(["murk 9 join attacker " + dcode], 1)
if got[:1] != ["badcode 2"]:
    fail("the defender's code was taken for the attacker's seat: %r" % got)
s2, got = talk(["murk 9 join attacker " + acode, pw], 4)
# Seated: told to commit to its part of the dice key (docs/protocol.md), then to wait.
if got[:3] != ["hello 9 attacker set secret argon2id13:ops=2:mem=67108864", "passok", "draw"] or not got[3].startswith("wait "):
    fail("the right code and passphrase did not take the seat: %r" % got)
s3, got = talk(["murk 9 join attacker " + acode, pw], 1)
if not got or not got[0].startswith("bye =") or "seat is taken" not in got[0]:
    fail("a second claim of the attacker's seat was not refused: %r" % got)
sys.exit(1 if failures else 0)
PY
kill "$sealedpid" 2>/dev/null
wait "$sealedpid" 2>/dev/null
[ $rc -eq 0 ] && echo "remote_abuse: ok"
exit $rc
