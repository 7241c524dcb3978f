#!/usr/bin/env bash
# joint_record.sh: a record both sides can verify (docs/fair-play.md, "A record both sides
# can verify"; docs/protocol.md, "The dice, drawn jointly" and "The record"). Two clients
# (python, the protocol itself) join a new sealed game of Breakthrough at `murk host`, each
# with its own state directory; each commits to a part of the dice key, reveals it only
# after the three commitments are shown, keeps its part, the commitments and a hash chain
# of its views as `murk join` does, and plays the set-up of tests/games/breakthrough-setup
# (its commands do not depend on the dice), then the side to act concedes. Half-way the host
# is killed (SIGKILL) and goes on with `murk host --load`: the clients join again, are
# shown the same commitments, and go on with their chains. Just before the kill the
# attacker nominates a reserve and takes it back (the resumed host's save no longer knows
# either); later the connection is lost twice after the host took a step and before its
# answer came, a command and an undo (the client keeps what it asked first, and the view
# at its next join says whether it was taken). An honest host must verify through all of
# it. Checks that:
#   - no record line comes before the game is over, and each client gets it then;
#   - `murk replay --verify RECORD` accepts it from each player's state directory (exit 0),
#     and refuses it, exit 1 with the reason, from an account that kept nothing of it;
#   - a record the host changed is caught, exit 1 with the reason: a command, a step the
#     side never took back, a part of the dice key, the save's dice key; and so is a view
#     the client kept that the record does not give.
source "$(dirname "${BASH_SOURCE[0]}")/common.bash"
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
export MURK_PWHASH=1,8192 MURK_TEST_WEAK_PWHASH=1
hostpid=
on_exit() {
  [ -n "$hostpid" ] && kill "$hostpid" 2>/dev/null && wait "$hostpid" 2>/dev/null
  [ -f "$tmp/hostpid2" ] && kill "$(cat "$tmp/hostpid2")" 2>/dev/null
}

mkdir -p "$tmp/host" "$tmp/attacker" "$tmp/defender"
XDG_STATE_HOME=$tmp/host "$MURK" host breakthrough --dir "$tmp/game" 2>"$tmp/host.err" >"$tmp/host.out" &
hostpid=$!
for _ in $(seq 100); do grep -q "defender: " "$tmp/host.out" 2>/dev/null && break; sleep 0.1; done
code() { sed -n "s/^  $1: //p" "$tmp/host.out"; }

python3 - "$tmp/game/murk.sock" "$(code attacker)" "$(code defender)" "$tmp" \
  tests/games/breakthrough-setup.txt "$MURK" "$hostpid" <<'PY' || fail "the clients: see above"
import hashlib, os, re, signal, socket, subprocess, sys, time

path, codes, tmp, script = sys.argv[1], {"attacker": sys.argv[2], "defender": sys.argv[3]}, sys.argv[4], sys.argv[5]
murk, hostpid = sys.argv[6], int(sys.argv[7])
failures = 0
def fail(msg):
    global failures
    failures += 1
    print("FAIL: " + msg, file=sys.stderr)

def esc(text):
    return "=" + "".join("%%%02x" % b if b <= 32 or b in (37, 127) else chr(b) for b in text.encode())
def unesc(word):
    out, i, w = bytearray(), 0, word[1:]
    while i < len(w):
        if w[i] == "%":
            out.append(int(w[i + 1:i + 3], 16)); i += 3
        else:
            out += w[i].encode(); i += 1
    return out.decode()
def h(b, key=None):
    return hashlib.blake2b(b, digest_size=32, key=key or b"").digest()

class Client:
    """One side, keeping what `murk join` keeps (docs/fair-play.md): the memory file."""
    def __init__(self, side):
        self.side, self.buf, self.view, self.over = side, b"", None, False
        self.record, self.recorded, self.early = [], None, False
        self.own, self.pending, self.earlier = 0, None, False
        self.part = os.urandom(32)
        self.commit = h(self.part)
        self.mem = "%s/%s/murk/joint/%s-%s" % (tmp, side, side, self.commit.hex()[:16])
        os.makedirs(os.path.dirname(self.mem), exist_ok=True)
        with open(self.mem, "w") as f:
            f.write("murk-joint: 1\nside: %s\ncontribution: %s\n" % (side, self.part.hex()))
        self.chain = h(b"murk views received")
        self.connect()
    def connect(self):
        self.buf, self.view = b"", None
        self.earlier = self.pending is not None
        self.s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.s.connect(path)
        self.send("murk 9 join %s %s" % (self.side, codes[self.side]))
    def send(self, text):
        self.s.sendall((text + "\n").encode())
    def keep(self, text):
        with open(self.mem, "a") as f:
            f.write(text)
    def line(self, timeout=30.0):
        end = time.time() + timeout
        while b"\n" not in self.buf:
            self.s.settimeout(max(0.1, end - time.time()))
            chunk = self.s.recv(65536)
            if not chunk:
                raise EOFError("the host closed the connection")
            self.buf += chunk
        raw, self.buf = self.buf.split(b"\n", 1)
        l = raw.decode()
        if self.view is not None or l.startswith("view begin "):
            self.view = (self.view or b"") + raw + b"\n"
            if l == "view end":
                v = h(self.view)
                self.chain = h(v, self.chain)
                self.keep("view: %s %s\n" % (v.hex(), self.chain.hex()))
                # The host sends the view of a step it took before its answer: a view that
                # counts the step asked shows it taken; the first view of a join again that
                # does not, shows it not taken.
                m = re.search(rb"own_commands=(\d+)", self.view.split(b"\n", 1)[0])
                own = int(m.group(1)) if m else 0
                if self.pending is not None:
                    if own == self.own + (1 if self.pending else -1):
                        self.resolve(True)
                    elif self.earlier:
                        self.resolve(False)
                self.view = None
        elif l == "draw":
            self.send("commit " + self.commit.hex())
        elif l.startswith("joint "):
            w = l.split()
            if w[3 + ["attacker", "defender"].index(self.side)] != self.commit.hex():
                fail("the host showed another commitment for the " + self.side)
            if w[1] == "reveal":
                self.keep("commits: %s %s %s\n" % (w[2], w[3], w[4]))
                self.send("reveal " + self.part.hex())
            self.joints = getattr(self, "joints", []) + [l]
        elif l.startswith("record "):
            if not self.over:
                self.early = True
            self.record.append(unesc(l[7:]))
        elif l.startswith("recorded "):
            self.recorded = int(l.split()[1])
        elif l.startswith("hello ") and l.split()[3] in ("set", "check"):
            self.send("pass " + esc("%s: Quartz Lantern over the Willow 41" % self.side))
        return l
    def asked(self, cmd):
        """What `murk join` keeps before it sends a command (None: an undo)."""
        self.pending, self.earlier = cmd or "", False
        self.keep("asked: %s\n" % cmd if cmd else "asked undo:\n")
    def resolve(self, taken):
        """The step asked was taken or not: kept (the memory's own count follows)."""
        cmd, self.pending = self.pending, None
        if not taken:
            self.keep("not taken:\n")
        elif cmd:
            self.own += 1
            self.keep("command: %s\n" % cmd)
        else:
            self.own -= 1
            self.keep("undo:\n")
    def ask(self, text):
        """Send a command or an undo, keep it as `murk join` does, and return the answer."""
        self.asked(unesc(text[4:]) if text.startswith("cmd ") else None)
        self.send(text)
        a = self.answer()
        if self.pending is not None and a.split()[0] in ("ok", "undone", "no", "noundo"):
            self.resolve(a.split()[0] in ("ok", "undone"))
        return a
    def answer(self):
        while True:
            l = self.line()
            if l == "ok" or l.split()[0] in ("no", "bye", "undone", "noundo"):
                return l

def until_views():
    """Until each client has a view (the game starts once the dice are drawn, or goes on
    once both passphrases are given to a resumed host)."""
    views, end = set(), time.time() + 60
    while len(views) < 2 and time.time() < end:
        for c in clients.values():
            try:
                if c.line(0.1) == "view end":
                    views.add(c.side)
            except socket.timeout:
                pass

def restart():
    """The host killed, and resumed from its save; both clients join again."""
    global codes
    os.kill(hostpid, signal.SIGKILL)
    # Dead, not only signalled: until it has exited it holds the save (one writer a save),
    # and a loaded machine may take a while to get there.
    end = time.time() + 30
    while time.time() < end:
        try:
            state = [l for l in open("/proc/%d/status" % hostpid) if l.startswith("State:")]
        except OSError:
            break
        if state and state[0].split()[1] in ("Z", "X"):
            break
        time.sleep(0.05)
    for c in clients.values():
        c.s.close()
    save = re.search(r"the game is saved to (.*) after every change", open(tmp + "/host.err").read()).group(1)
    env = dict(os.environ, XDG_STATE_HOME=tmp + "/host")
    p = subprocess.Popen([murk, "host", "--load", save, "--dir", os.path.dirname(path)], env=env,
                         stdin=subprocess.DEVNULL, stdout=open(tmp + "/host2.out", "w"),
                         stderr=open(tmp + "/host2.err", "w"))
    open(tmp + "/hostpid2", "w").write(str(p.pid))
    end, codes = time.time() + 30, {}
    while len(codes) < 2 and time.time() < end:
        time.sleep(0.05)
        for l in open(tmp + "/host2.out"):
            w = l.split()
            if len(w) == 2 and w[0] in ("attacker:", "defender:"):
                codes[w[0][:-1]] = w[1]
    if len(codes) < 2:
        fail("the host did not come back: " + open(tmp + "/host2.err").read())
    for c in clients.values():
        c.connect()
    until_views()
    for c in clients.values():
        if not any(j.startswith("joint kept ") for j in getattr(c, "joints", [])):
            fail("the resumed host did not show the %s the commitments" % c.side)

clients = {s: Client(s) for s in ("attacker", "defender")}
until_views()
cmds = [l.split("#", 1)[0].strip() for l in open(script)]
cmds = [l.split(":", 1) for l in cmds if l]
def lost(c, text):
    """text sent, and the connection lost before its answer came; then a join again."""
    c.send(text)
    c.s.close()
    end = time.time() + 30
    while True:
        try:
            c.connect()
            while c.line() != "view end":
                pass
            return
        except (EOFError, OSError):
            if time.time() > end:
                raise
            time.sleep(0.1)

for i, (side, cmd) in enumerate(cmds):
    side, cmd = side.strip(), cmd.strip()
    c = clients[side]
    if i == len(cmds) // 2:
        # A command taken back just before the host stops: the record must still verify.
        if c.ask("cmd " + esc("reserve 5 delayed")) != "ok" or not c.ask("undo").startswith("undone "):
            fail("the attacker's reserve could not be taken back")
        restart()
    if cmd == "deploy 3 at 09,21":
        # The host takes the command, but its answer never reaches the client.
        c.asked(cmd)
        own = c.own
        lost(c, "cmd " + esc(cmd))
        if c.own != own + 1:
            fail("the command whose answer was lost is not kept as taken")
        continue
    if cmd == "deploy 6 at 03,22":
        # The same with an undo: the view after it and `undone` are lost.
        if c.ask("cmd " + esc(cmd)) != "ok":
            fail("%s: %s refused" % (side, cmd))
        c.asked(None)
        own = c.own
        lost(c, "undo")
        if c.own != own - 1:
            fail("the undo whose answer was lost is not kept as taken")
    if c.ask("cmd " + esc(cmd)) != "ok":
        fail("%s: %s refused" % (side, cmd))
# The side to act concedes (the other is refused): the game is over.
for c in clients.values():
    c.over = True
for side in ("attacker", "defender"):
    if clients[side].ask("cmd " + esc("concede")) == "ok":
        break
for c in clients.values():
    end = time.time() + 30
    try:
        while c.recorded is None and time.time() < end:
            c.line()
    except (EOFError, TimeoutError, OSError) as e:
        fail("the %s: %s" % (c.side, e))
    if c.early:
        fail("the %s was sent a record line before the game was over" % c.side)
    if c.recorded is None or c.recorded != len(c.record):
        fail("the %s got no whole record (%r of %d lines)" % (c.side, c.recorded, len(c.record)))
    with open("%s/%s.record" % (tmp, c.side), "w") as f:
        f.write("".join(l + "\n" for l in c.record))
    c.send("bye")
sys.exit(1 if failures else 0)
PY

verify() { # SIDE FILE: murk replay --verify FILE as the side's player; its output in $tmp/v
  XDG_STATE_HOME=$tmp/$1 "$MURK" replay --verify "$2" >"$tmp/v" 2>&1
}
for side in attacker defender; do
  checks=$((checks + 1))
  rec=$tmp/$side.record
  [ -s "$rec" ] || { fail "the $side has no record"; continue; }
  grep -q "^step: .* concede$" "$rec" || fail "the $side's record does not end in the concession"
  verify "$side" "$rec" || fail "the $side's record does not verify: $(cat "$tmp/v")"
  grep -qF "verified: the dice key is the one drawn jointly" "$tmp/v" || fail "no word of what was verified: $(cat "$tmp/v")"
done
rec=$tmp/attacker.record
# From an account that kept nothing of the game.
mkdir -p "$tmp/nobody"
verify nobody "$rec" && fail "a record verified where nothing of it was kept"
grep -qF "keeps no part of the dice key" "$tmp/v" || fail "no reason: $(cat "$tmp/v")"

# A record the host changed: each is caught, exit 1 and the reason.
tamper() { # NAME SED-EXPRESSION WANT
  checks=$((checks + 1))
  sed "$2" "$rec" >"$tmp/$1.record"
  cmp -s "$rec" "$tmp/$1.record" && { fail "$1: the edit changed nothing"; return; }
  verify attacker "$tmp/$1.record"
  local rc=$?
  [ $rc -eq 1 ] || fail "$1: murk replay --verify exited $rc, want 1: $(cat "$tmp/v")"
  grep -qF "does not verify: $3" "$tmp/v" || fail "$1: not the reason '$3': $(cat "$tmp/v")"
}
tamper command 's/^step: attacker objective at 25,06$/step: attacker objective at 25,07/' \
  "step 1 of the record (objective at 25,07) is not the attacker's step its client gave there (objective at 25,06): the host changed a command"
# A defender's command the attacker was shown the effect of: its views are not the record's.
# A step of the side's the host says it took back, which its client never gave.
tamper taken-back 's/^step: attacker deploy 2 at 04,19$/step: attacker deploy 2 at 05,19\nstep: undo\n&/' \
  "step 12 of the record (deploy 2 at 05,19) is not a step the attacker's client gave and took back there"
tamper enemy-command 's/^step: defender deploy 1 at 08,07$/step: defender deploy 1 at 08,08/' "view "
# (a hex value's digits each moved one on: every line of the record stays well formed)
hexedit() { echo "/^$1/{s/^$1//;y/0123456789abcdef/123456789abcdef0/;s/^/$1/}"; }
tamper host-part "$(hexedit "contribution: host ")" \
  "the record's contribution of the host does not match the commitment"
tamper defender-part "$(hexedit "contribution: defender ")" \
  "the record's contribution of the defender does not match the commitment"
tamper dice-key "$(hexedit "# dice-key: ")" "its save cannot be replayed"
# The same with the save's hash chain written anew (anyone can: docs/fair-play.md).
checks=$((checks + 1))
python3 - "$tmp/dice-key.record" "$tmp/dice-key-chained.record" <<'PY'
import hashlib, sys
text = open(sys.argv[1]).read()
head, save = text.split("save:\n", 1)
h = hashlib.blake2b(b"murk open save", digest_size=32).digest()
out = []
for l in save.splitlines(True):
    if l.startswith("# chain: "):
        l = "# chain: %s\n" % h.hex()
    out.append(l)
    h = hashlib.blake2b(l.encode(), digest_size=32, key=h).digest()
open(sys.argv[2], "w").write(head + "save:\n" + "".join(out))
PY
verify attacker "$tmp/dice-key-chained.record" && fail "a save with another dice key verified"
grep -qF "does not verify: the save's dice key is not the one the three contributions make" "$tmp/v" ||
  fail "dice-key-chained: not the reason: $(cat "$tmp/v")"
# A view the client kept that the record does not give (its chain rewritten to match).
checks=$((checks + 1))
mem=$(ls "$tmp/attacker/murk/joint/"attacker-* | grep -v record | head -1)
cp "$mem" "$tmp/mem.kept"
python3 - "$mem" <<'PY'
import hashlib, sys
lines = open(sys.argv[1]).read().splitlines()
chain = hashlib.blake2b(b"murk views received", digest_size=32).digest()
out, n = [], 0
for l in lines:
    if l.startswith("view: "):
        n += 1
        v = bytes.fromhex(l.split()[1])
        if n == 2:
            v = hashlib.blake2b(v, digest_size=32).digest()
        chain = hashlib.blake2b(v, digest_size=32, key=chain).digest()
        l = "view: %s %s" % (v.hex(), chain.hex())
    out.append(l)
open(sys.argv[1], "w").write("\n".join(out) + "\n")
PY
verify attacker "$rec" && fail "a view the record does not give verified"
grep -qF "view 2 of the" "$tmp/v" || fail "not the view that differs: $(cat "$tmp/v")"
cp "$tmp/mem.kept" "$mem"
verify attacker "$rec" || fail "the kept memory back, it does not verify: $(cat "$tmp/v")"

for _ in $(seq 50); do kill -0 "$hostpid" 2>/dev/null || break; sleep 0.1; done
finish joint_record
