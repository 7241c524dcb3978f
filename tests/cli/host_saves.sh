#!/usr/bin/env bash
# host_saves.sh: a host serves only a game it can keep, and one process writes a save
# (docs/reliability.md, "What murk promises about saves"). Two clients (python, the
# protocol of docs/protocol.md: tests/cli/data/host_client.py) play a whole Free-for-All at
# `murk host` while its save cannot grow: a small tmpfs that fills up (ENOSPC), and a
# file-size limit (`ulimit -f`: EFBIG, SIGXFSZ ignored). Each time the host stops taking
# commands, tells both players why, exits 1, and its save holds exactly the commands it
# acknowledged. A host whose save folder is read-only refuses at start. A second process
# on a save in use (`murk host --load`, `murk run --autosave`, `murk run --save`) is refused
# and told the pid of the one that holds it; a refused host leaves nothing behind.
source "$(dirname "${BASH_SOURCE[0]}")/common.bash"
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
CLIENT=tests/cli/data/host_client.py
GAME=tests/games/free-for-all-full.txt # 120 commands, each with its side
mnt=
hostpid=
on_exit() {
  [ -n "$hostpid" ] && kill "$hostpid" 2>/dev/null && wait "$hostpid" 2>/dev/null
  [ -n "$mnt" ] && umount "$mnt" 2>/dev/null
}

wait_socket() { # DIR PID: until DIR/murk.sock answers (or the host is gone)
  for _ in $(seq 200); do
    [ -S "$1/murk.sock" ] && return 0
    kill -0 "$2" 2>/dev/null || return 1
    sleep 0.05
  done
  return 1
}

# play_until_stopped NAME STATE LIMIT: host a new game with its saves in STATE (under the
# file-size limit LIMIT KB, or none) and play the whole game at it; the save must fail, the
# host stop and say why, and the save hold every command acknowledged.
play_until_stopped() {
  local name=$1 state=$2 limit=$3 game=$tmp/game-$1
  mkdir -p "$state"
  checks=$((checks + 1))
  (
    [ -n "$limit" ] && ulimit -f "$limit"
    XDG_STATE_HOME=$state exec "$MURK" host free-for-all --seed 5 --dir "$game"
  ) 2>"$tmp/$name.host" >"$tmp/$name.codes" &
  hostpid=$!
  wait_socket "$game" "$hostpid" || { fail "$name: the host did not start: $(cat "$tmp/$name.host")"; return; }
  timeout 120 python3 "$CLIENT" "$game/murk.sock" "$GAME" "$tmp/$name.codes" >"$tmp/$name.client" 2>&1
  # The host must stop by itself once its save failed; one still serving is a failure, not
  # a hung test.
  for _ in $(seq 300); do kill -0 "$hostpid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$hostpid" 2>/dev/null && { kill -9 "$hostpid"; fail "$name: the host still serves: $(cat "$tmp/$name.host")"; }
  wait "$hostpid"
  local rc=$?
  hostpid=
  [ "$rc" -eq 1 ] || fail "$name: the host exited $rc, want 1 (a signal: 128+N): $(cat "$tmp/$name.host")"
  grep -q "^end" "$tmp/$name.client" && fail "$name: the whole game was played: the save never failed"
  for side in attacker defender; do
    grep -q "^bye $side: the host cannot save the game" "$tmp/$name.client" ||
      fail "$name: the $side was not told why the host stopped: $(cat "$tmp/$name.client")"
  done
  grep -q "cannot save the game" "$tmp/$name.host" || fail "$name: the host does not say why it stopped: $(cat "$tmp/$name.host")"
  local acked save
  acked=$(sed -n 's/^acked //p' "$tmp/$name.client")
  save=$(ls "$state"/murk/*.murk 2>/dev/null | head -1)
  [ -n "$save" ] || { fail "$name: no save"; return; }
  [ "$(grep -vc '^#' "$save")" = "$acked" ] ||
    fail "$name: the host acknowledged $acked commands, its save holds $(grep -vc '^#' "$save")"
  [ "${acked:-0}" -gt 10 ] || fail "$name: only ${acked:-0} commands acknowledged: the test proves little"
  "$MURK" replay "$save" >/dev/null 2>"$tmp/err" || fail "$name: the save does not replay: $(cat "$tmp/err")"
  echo "$name: $acked commands acknowledged and kept; the players were told: $(sed -n 's/^bye attacker: //p' "$tmp/$name.client")"
}

# A full disk: a 64 KB tmpfs with 16 KB left (the whole game's save is about 21 KB, 9 of
# them the mission it carries).
mkdir "$tmp/mnt"
if mount -t tmpfs -o size=64k tmpfs "$tmp/mnt" 2>/dev/null; then
  mnt=$tmp/mnt
  # Fill it but for a few KB, so that the game's save fills the rest mid-game.
  head -c 49152 /dev/zero >"$mnt/filler"
  play_until_stopped "full disk" "$mnt/state" ""
  grep -qi "no space" "$tmp/full disk.host" || fail "full disk: the host does not say the disk is full"
  umount "$mnt" && mnt=

  # A folder that cannot be written: refused at start, exit 1, nothing served.
  mount -t tmpfs -o size=64k tmpfs "$tmp/mnt" && mnt=$tmp/mnt
  mkdir -p "$mnt/state/murk" && mount -o remount,ro "$mnt"
  checks=$((checks + 1))
  XDG_STATE_HOME=$mnt/state timeout 20 "$MURK" host free-for-all --seed 5 --dir "$tmp/game-ro" 2>"$tmp/err"
  rc=$?
  [ "$rc" -eq 1 ] || fail "read-only save folder: exit $rc, want 1: $(cat "$tmp/err")"
  grep -q "read-only\|Read-only" "$tmp/err" || fail "read-only save folder: the reason is not said: $(cat "$tmp/err")"
  [ -e "$tmp/game-ro/murk.sock" ] && fail "read-only save folder: the socket is left behind"
  echo "read-only save folder: $(head -1 "$tmp/err")"
  # A sealed game too (nothing saved until both have joined): refused at start.
  XDG_STATE_HOME=$mnt/state timeout 20 "$MURK" host free-for-all --dir "$tmp/game-ro" 2>"$tmp/err"
  rc=$?
  [ "$rc" -eq 1 ] || fail "read-only save folder, sealed game: exit $rc, want 1: $(cat "$tmp/err")"
  umount "$mnt" && mnt=
else
  echo "SKIP: full disk and read-only folder (cannot mount a tmpfs here)"
fi

# A file-size limit: SIGXFSZ would kill the host without a word; it is ignored, and the
# write's EFBIG stops the game as a full disk does.
play_until_stopped "file-size limit" "$tmp/limited" 15
grep -q "file-size limit" "$tmp/file-size limit.host" || fail "file-size limit: the host does not say so"

# `murk run --autosave` under a file-size limit: exit 1, the reason, a save that replays.
checks=$((checks + 1))
(ulimit -f 12 && exec "$MURK" run "$GAME" --autosave "$tmp/run.sav") >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] || fail "run --autosave under ulimit -f: exit $rc, want 1: $(cat "$tmp/err")"
grep -q "file-size limit" "$tmp/err" || fail "run --autosave under ulimit -f: unclear: $(cat "$tmp/err")"
"$MURK" replay "$tmp/run.sav" >/dev/null 2>"$tmp/err2" || fail "run --autosave under ulimit -f: the save does not replay: $(cat "$tmp/err2")"

# One writer per save. A host holds its save for the game's life.
export XDG_STATE_HOME=$tmp/state
"$MURK" host free-for-all --seed 5 --dir "$tmp/game-a" 2>"$tmp/a.host" &
hostpid=$!
wait_socket "$tmp/game-a" "$hostpid" || fail "host A did not start: $(cat "$tmp/a.host")"
# The socket comes first, then the new game's save.
for _ in $(seq 100); do
  save=$(ls "$tmp/state/murk/"*.murk 2>/dev/null | head -1)
  [ -n "$save" ] && break
  sleep 0.05
done
before=$(ls -A "$tmp/state/murk" | sort)
checks=$((checks + 1))
timeout 20 "$MURK" host --load "$save" --dir "$tmp/game-b" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] && grep -q "in use by process $hostpid" "$tmp/err" ||
  fail "a second host on a save in use: exit $rc: $(cat "$tmp/err")"
[ -e "$tmp/game-b/murk.sock" ] && fail "a refused host left its socket"
echo "second host: $(head -1 "$tmp/err")"
checks=$((checks + 1))
timeout 20 "$MURK" run "$GAME" --autosave "$save" >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] && grep -q "in use by process $hostpid" "$tmp/err" ||
  fail "run --autosave onto a save in use: exit $rc: $(cat "$tmp/err")"
checks=$((checks + 1))
cp "$save" "$tmp/held-before"
timeout 20 "$MURK" run "$GAME" --save "$save" >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] && grep -q "in use by process $hostpid" "$tmp/err" ||
  fail "run --save over a save in use: exit $rc: $(cat "$tmp/err")"
cmp -s "$save" "$tmp/held-before" || fail "run --save wrote over a save in use"
# A host refused because another listens on its socket: no game left behind, no file.
checks=$((checks + 1))
timeout 20 "$MURK" host free-for-all --seed 6 --dir "$tmp/game-a" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] || fail "a host on a busy socket: exit $rc, want 1"
[ "$(ls -A "$tmp/state/murk" | sort)" = "$before" ] ||
  fail "refused hosts left files behind: $(ls -A "$tmp/state/murk")"
# Once the host has gone, the save is free again.
kill -TERM "$hostpid"
wait "$hostpid"
hostpid=
checks=$((checks + 1))
[ -z "$(ls -A "$tmp/state/murk" | grep '\.lock$')" ] || fail "the host left its lock file"
"$MURK" host --load "$save" --dir "$tmp/game-b" 2>"$tmp/b.host" &
hostpid=$!
wait_socket "$tmp/game-b" "$hostpid" || fail "the save is not free once its host has gone: $(cat "$tmp/b.host")"
kill -TERM "$hostpid"
wait "$hostpid"
hostpid=

finish host_saves
