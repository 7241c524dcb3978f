#!/usr/bin/env bash
# remote_abuse.sh: a hosted game survives bad clients. A well-behaved
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
"$MURK" host luneville --seed 3 --dir "$tmp/game" 2>"$tmp/host.err" &
hostpid=$!
for _ in $(seq 100); do [ -S "$tmp/game/murk.sock" ] && break; sleep 0.1; done

python3 - "$tmp/game/murk.sock" <<'PY'
import socket, sys, time

path = sys.argv[1]
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

# The good client: the attacker.
good = Client()
good.send(b"murk 6 join attacker\n")
hello = good.line()
if not hello.startswith("hello 6 attacker none 3"):
    fail("hello: " + hello)
good.until("view end")

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
        bad.send(b"murk 6 join defender\n" + b"x" * (10 << 20) + b"\n")
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
for data in (b"murk 6 join defender\n\0\0\0\n", b"hello there\n", b"murk 6 join umpire\n",
             b"murk 6 join defender\ncmd unescaped words\n", b"murk 6 join defender\n\n",
             b"murk 1  join defender\n", b"murk 6 join defender\ncmd =%zz\n"):
    bad = Client()
    bad.send(data)
    if not bad.dropped():
        fail("garbage %r was not dropped" % data[:40])
    responsive("garbage")
bad = Client()
bad.send(b"murk 99 join defender\n")
l = bad.line()
if not l.startswith("bye ") or "version 6" not in l.replace("%20", " "):
    fail("a wrong version is not told the host's: " + l)
if not bad.dropped():
    fail("a wrong version was not dropped")

# The defender, joined, sends invalid commands in a loop: each is refused ("no"), the game
# goes on; then thousands more without reading the answers.
bad = Client()
bad.send(b"murk 6 join defender\n")
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
[ $rc -eq 0 ] && echo "remote_abuse: ok"
exit $rc
