#!/usr/bin/env python3
"""host_client.py SOCKET SCRIPT CODES: play a script's commands (each line "side: command") at a
murk host (docs/protocol.md), one connection a side, each command sent by its side's
client. Prints "acked N" (the commands the host answered ok), then for each side the host's
last word when it said bye ("bye attacker: WHY"), and "end" when the script was played out.
CODES is the host's standard output, where it printed each side's join code. Used by
tests/cli/host_saves.sh."""
import socket, sys, time

path, script, codes_file = sys.argv[1], sys.argv[2], sys.argv[3]


def read_codes(name, timeout=10.0):
    """Each side's join code, from the host's standard output ("  attacker: xxxxx-xxxxx")."""
    end = time.time() + timeout
    while True:
        codes = {}
        try:
            for l in open(name):
                w = l.split()
                if len(w) == 2 and w[0] in ("attacker:", "defender:"):
                    codes[w[0][:-1]] = w[1]
        except OSError:
            pass
        if len(codes) == 2 or time.time() > end:
            return codes
        time.sleep(0.05)


codes = read_codes(codes_file)


def esc(text):
    out = "="
    for b in text.encode():
        out += "%%%02x" % b if b <= 32 or b in (37, 127) else chr(b)
    return out


def unesc(word):
    word = word[1:]
    out, i = bytearray(), 0
    while i < len(word):
        if word[i] == "%":
            out.append(int(word[i + 1:i + 3], 16))
            i += 3
        else:
            out += word[i].encode()
            i += 1
    return out.decode(errors="replace")


class Client:
    def __init__(self, side):
        self.side = side
        self.s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.s.connect(path)
        self.buf = b""
        self.bye = None
        self.s.sendall(("murk 9 join %s %s\n" % (side, codes.get(side, "none"))).encode())

    def line(self, timeout=20.0):
        end = time.time() + timeout
        while b"\n" not in self.buf:
            left = end - time.time()
            if left <= 0:
                raise TimeoutError("no answer")
            self.s.settimeout(left)
            chunk = self.s.recv(65536)
            if not chunk:
                raise EOFError("closed")
            self.buf += chunk
        l, self.buf = self.buf.split(b"\n", 1)
        l = l.decode(errors="replace")
        if l.startswith("bye "):
            self.bye = unesc(l[4:])
        return l

    def answer(self):
        """ok, no or bye (views skipped)."""
        while True:
            l = self.line()
            for w in ("ok", "no ", "bye "):
                if l == w or l.startswith(w):
                    return l

    def drain(self, timeout=5.0):
        try:
            while self.bye is None:
                self.line(timeout)
        except (EOFError, TimeoutError, OSError):
            pass


clients = {s: Client(s) for s in ("attacker", "defender")}
for c in clients.values():
    c.line()  # hello
acked = 0
ended = True
for raw in open(script):
    raw = raw.split("#", 1)[0].strip()
    if not raw:
        continue
    side, cmd = raw.split(":", 1)
    c = clients[side.strip()]
    try:
        c.s.sendall(("cmd %s\n" % esc(cmd.strip())).encode())
        a = c.answer()
    except (EOFError, TimeoutError, OSError):
        ended = False
        break
    if a == "ok":
        acked += 1
    elif a.startswith("bye "):
        ended = False
        break
    else:
        print("refused: %s: %s" % (raw, a))
print("acked %d" % acked)
for side, c in clients.items():
    c.drain()
    if c.bye is not None:
        print("bye %s: %s" % (side, c.bye))
if ended:
    print("end")
