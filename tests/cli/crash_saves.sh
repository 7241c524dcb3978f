#!/usr/bin/env bash
# crash_saves.sh: murk never loses a game. `murk run --autosave` writes the save
# atomically at the first command, then appends one record per command to it (a journal,
# save.h); SIGKILL at random moments, hundreds of times, and every time the save on disk
# (if one was written yet) must load and replay cleanly, a torn last record dropped. A save that
# cannot be written (not a directory, a read-only directory, a full disk) gives a clear
# message, exit 1, and leaves the previous save as it was; so does a target that is not a
# regular file (a device such as /dev/full, a fifo, a directory), which stays in place.
# `murk play` without HOME gives a message, not a crash.
# Run from the repository root with $MURK set to the program (ctest does both).
source "$(dirname "${BASH_SOURCE[0]}")/common.bash"
GAME=tests/games/luneville-opening.txt # the longest Luneville script
WORKERS=8
KILLS_EACH=$(soak 30 8 8) # 240 kills in make soak, 64 in make test and test-san

mnt=
on_exit() {
  [ -n "$mnt" ] && umount "$mnt" 2>/dev/null
}
now_ms() { echo $(($(date +%s%N) / 1000000)); }

# The run's length on this machine, so the kills land inside it.
t0=$(now_ms)
"$MURK" run "$GAME" --autosave "$tmp/full.sav" >"$tmp/full.out" 2>"$tmp/err" ||
  fail "run --autosave: exit $? $(cat "$tmp/err")"
span=$(($(now_ms) - t0))
[ "$span" -lt 5 ] && span=5
"$MURK" replay "$tmp/full.sav" >"$tmp/replay.out" 2>"$tmp/err" || fail "replay of the autosave: $(cat "$tmp/err")"
cmp -s "$tmp/full.out" "$tmp/replay.out" || fail "the autosave does not replay to the run's transcript"

# worker N: KILLS_EACH runs with one save file, each killed after a random delay in [0, 3/4 span]
# ms (a fixed seed per worker); after each kill the save must replay. Prints "kills midrun".
worker() {
  local w=$1 save="$tmp/w$1/game.sav" k=0 mid=0 pid ms
  mkdir -p "$tmp/w$w"
  RANDOM=$((1000 + w))
  for ((i = 0; i < KILLS_EACH; i++)); do
    "$MURK" run "$GAME" --autosave "$save" >/dev/null 2>&1 &
    pid=$!
    ms=$((RANDOM % (span * 3 / 4 + 1)))
    sleep "$((ms / 1000)).$(printf %03d $((ms % 1000)))"
    kill -KILL "$pid" 2>/dev/null && mid=$((mid + 1))
    wait "$pid" 2>/dev/null
    k=$((k + 1))
    if [ -e "$save" ]; then
      if ! "$MURK" replay "$save" >/dev/null 2>"$tmp/w$w/err"; then
        echo "FAIL: worker $w kill $i after ${ms} ms: the save does not replay: $(cat "$tmp/w$w/err")" >&2
        cp "$save" "$tmp/w$w/bad.sav"
        echo "bad"
      fi
    fi
    # Start some runs from nothing, so a kill can also land before the first save.
    [ $((i % 5)) -eq 4 ] && rm -f "$save"
  done
  echo "$k $mid"
}
for ((w = 0; w < WORKERS; w++)); do worker "$w" >"$tmp/result$w" & done
wait
kills=0 midrun=0
for ((w = 0; w < WORKERS; w++)); do
  grep -q bad "$tmp/result$w" && fail "worker $w: a save after SIGKILL did not replay"
  read -r k m < <(grep -v bad "$tmp/result$w")
  kills=$((kills + ${k:-0}))
  midrun=$((midrun + ${m:-0}))
done
[ "$kills" -ge $((WORKERS * KILLS_EACH * 5 / 6)) ] || fail "only $kills runs were killed"
[ "$midrun" -gt 0 ] || fail "no run was killed before it ended"
echo "SIGKILL: $kills runs, $midrun killed mid-game (a run takes ~${span} ms here), every save replayed"

# A torn last record (the kill landed inside an append): every cut of the journal inside
# its last two records loads, dropping the torn record; the game it replays is the whole
# one or one or two commands shorter, never an error. A byte changed before the torn tail
# is still refused (the chain).
size=$(stat -c %s "$tmp/full.sav")
for ((cut = 1; cut <= 180; cut++)); do
  checks=$((checks + 1))
  head -c $((size - cut)) "$tmp/full.sav" >"$tmp/torn.sav"
  if ! "$MURK" replay "$tmp/torn.sav" >"$tmp/torn.out" 2>"$tmp/err"; then
    fail "the journal cut $cut bytes short does not replay: $(cat "$tmp/err")"
    break
  fi
done
checks=$((checks + 1))
# (A digit of the first attacker command: the headers above it carry the mission's text.)
head -c $((size - 40)) "$tmp/full.sav" | sed '0,/^attacker: [^0-9]*[0-9]/s/^\(attacker: [^0-9]*\)[0-9]/\1x/' >"$tmp/torn.sav"
cmp -s <(head -c $((size - 40)) "$tmp/full.sav") "$tmp/torn.sav" && fail "the test changed no byte"
"$MURK" replay "$tmp/torn.sav" >/dev/null 2>"$tmp/err" && fail "a changed byte before a torn record was not refused"
grep -q "damaged or was edited" "$tmp/err" || fail "a changed byte before a torn record: $(cat "$tmp/err")"

# The sealed journal (seal.h): the same game sealed under two passphrases. After every kill
# each side's replay (--as SIDE) of the save on disk must open and be the start of that
# side's transcript of the whole run (its events a prefix, then a closing line).
export MURK_PWHASH=1,8192 MURK_TEST_WEAK_PWHASH=1 # cheap Argon2id, the test suite's knob: the save records the limits
printf 'correct horse battery\n' >"$tmp/pa"
printf 'battery staple orbit\n' >"$tmp/pd"
PASSES=("--passphrase-file=attacker:$tmp/pa" "--passphrase-file=defender:$tmp/pd")
t0=$(now_ms)
"$MURK" run "$GAME" --autosave "$tmp/sealed.sav" "${PASSES[@]}" >/dev/null 2>"$tmp/err" ||
  fail "sealed run --autosave: exit $? $(cat "$tmp/err")"
sspan=$(($(now_ms) - t0))
[ "$sspan" -lt 5 ] && sspan=5
grep -q '^j ' "$tmp/sealed.sav" || fail "the sealed autosave is not a journal"
# A compact record a command: at most 300 bytes a command on average.
ncmd=$(grep -c '^j ' "$tmp/sealed.sav")
jbytes=$(grep '^j ' "$tmp/sealed.sav" | wc -c)
[ $((jbytes / ncmd)) -le 300 ] || fail "sealed records of $((jbytes / ncmd)) bytes a command"
for side in attacker defender; do
  "$MURK" run "$GAME" --as "$side" >"$tmp/full.$side" 2>/dev/null
  "$MURK" run "$tmp/sealed.sav" --as "$side" "${PASSES[@]}" >"$tmp/sealed.$side" 2>"$tmp/err" ||
    fail "the sealed journal does not open for the $side: $(cat "$tmp/err")"
  cmp -s "$tmp/full.$side" "$tmp/sealed.$side" || fail "the sealed journal is not the $side's transcript"
done
# sealed_ok SAVE DIR: both sides' records open and start their whole transcripts.
sealed_ok() {
  local save=$1 dir=$2 side n
  for side in attacker defender; do
    "$MURK" run "$save" --as "$side" "${PASSES[@]}" >"$dir/got" 2>"$dir/err" || return 1
    n=$(($(wc -l <"$dir/got") - 1))
    head -n "$n" "$dir/got" | cmp -s - <(head -n "$n" "$tmp/full.$side") || {
      echo "the $side's record is not the start of its transcript" >"$dir/err"
      return 1
    }
  done
}
sealed_worker() {
  local w=$1 save="$tmp/s$1/game.sav" k=0 mid=0 pid ms
  mkdir -p "$tmp/s$w"
  RANDOM=$((2000 + w))
  for ((i = 0; i < SEALED_KILLS_EACH; i++)); do
    "$MURK" run "$GAME" --autosave "$save" "${PASSES[@]}" >/dev/null 2>&1 &
    pid=$!
    ms=$((RANDOM % (sspan * 3 / 4 + 1)))
    sleep "$((ms / 1000)).$(printf %03d $((ms % 1000)))"
    kill -KILL "$pid" 2>/dev/null && mid=$((mid + 1))
    wait "$pid" 2>/dev/null
    k=$((k + 1))
    if [ -e "$save" ] && ! sealed_ok "$save" "$tmp/s$w"; then
      echo "FAIL: sealed worker $w kill $i after ${ms} ms: $(cat "$tmp/s$w/err")" >&2
      cp "$save" "$tmp/s$w/bad.sav"
      echo "bad"
    fi
    [ $((i % 5)) -eq 4 ] && rm -f "$save"
  done
  echo "$k $mid"
}
SEALED_KILLS_EACH=$(soak 20 6 6) # 80 kills in make soak, 24 in make test and test-san
for ((w = 0; w < 4; w++)); do sealed_worker "$w" >"$tmp/sresult$w" & done
wait
kills=0 midrun=0
for ((w = 0; w < 4; w++)); do
  grep -q bad "$tmp/sresult$w" && fail "sealed worker $w: a save after SIGKILL did not open"
  read -r k m < <(grep -v bad "$tmp/sresult$w")
  kills=$((kills + ${k:-0}))
  midrun=$((midrun + ${m:-0}))
done
[ "$kills" -ge $((4 * SEALED_KILLS_EACH)) ] || fail "only $kills sealed runs were killed"
[ "$midrun" -gt 0 ] || fail "no sealed run was killed before it ended"
echo "SIGKILL, sealed: $kills runs, $midrun killed mid-game (a run takes ~${sspan} ms here), every save opened"

# Torn sealed records: the journal cut inside its last record (every 3rd byte of its last
# line) opens for both sides to the record before; a byte changed in an earlier record
# before a torn tail is refused, and so is a record taken out of the middle.
size=$(stat -c %s "$tmp/sealed.sav")
last=$(tail -n 1 "$tmp/sealed.sav" | wc -c)
for ((cut = 1; cut <= last; cut += 3)); do
  checks=$((checks + 1))
  head -c $((size - cut)) "$tmp/sealed.sav" >"$tmp/storn.sav"
  sealed_ok "$tmp/storn.sav" "$tmp" || {
    fail "the sealed journal cut $cut bytes short does not open: $(cat "$tmp/err")"
    break
  }
done
checks=$((checks + 1))
# The 20th line from the end is an earlier record: one letter of its base64 changed.
n=$(wc -l <"$tmp/sealed.sav")
head -c $((size - 40)) "$tmp/sealed.sav" |
  awk -v n=$((n - 20)) 'NR == n { c = substr($0, 40, 1); $0 = substr($0, 1, 39) (c == "A" ? "B" : "A") substr($0, 41) } { print }' >"$tmp/storn.sav"
"$MURK" run "$tmp/storn.sav" --as attacker "${PASSES[@]}" >"$tmp/out" 2>"$tmp/err" &&
  fail "a changed byte in a sealed record before a torn one was not refused"
grep -q "damaged or was changed" "$tmp/err" || fail "a changed sealed record: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "a changed sealed record: something was printed"
checks=$((checks + 1))
awk 'BEGIN{r=0} /^j /{r++} !(r==3 && /^j /)' "$tmp/sealed.sav" >"$tmp/storn.sav"
"$MURK" run "$tmp/storn.sav" --as defender "${PASSES[@]}" >"$tmp/out" 2>"$tmp/err" &&
  fail "a sealed journal missing a record in the middle was not refused"
grep -q "damaged or was changed" "$tmp/err" || fail "a sealed record left out: $(cat "$tmp/err")"

# expect_save_error WHAT SAVE [PREVIOUS]: --autosave SAVE fails with exit 1 and a message
# naming it; PREVIOUS (a copy of the save before) must still equal SAVE.
expect_save_error() {
  local what=$1 save=$2 prev=${3:-} rc
  "${RUNAS[@]}" "$MURK" run "$GAME" --autosave "$save" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ "$rc" -eq 1 ] || fail "$what: exit $rc, want 1: $(cat "$tmp/err")"
  grep -q "^murk: cannot write $save" "$tmp/err" || fail "$what: unclear message: $(cat "$tmp/err")"
  if [ -n "$prev" ]; then
    cmp -s "$prev" "$save" || fail "$what: the previous save was changed"
    "$MURK" replay "$save" >/dev/null 2>&1 || fail "$what: the previous save no longer replays"
  fi
  echo "$what: $(head -1 "$tmp/err")"
}
RUNAS=()

# A path under a file: ENOTDIR, said as such (not "does not exist"), one level down or more.
echo x >"$tmp/afile"
expect_save_error "not a directory" "$tmp/afile/game.sav"
grep -q "cannot write $tmp/afile/game.sav: $tmp/afile is not a directory\$" "$tmp/err" ||
  fail "not a directory: the message does not name the file in the way: $(cat "$tmp/err")"
expect_save_error "not a directory, deeper" "$tmp/afile/sub/game.sav"
grep -q ": $tmp/afile is not a directory\$" "$tmp/err" ||
  fail "not a directory, deeper: the message does not name the file in the way: $(cat "$tmp/err")"
[ "$(cat "$tmp/afile")" = x ] || fail "not a directory: the file in the way was changed"

# A target that is there but is not a regular file: rename() would replace it with the save
# (as root, a device node in /dev). Refused with exit 1 and the same thing left in place.
# ident PATH: type, device numbers and inode, to tell that it is the same node.
ident() { stat -c '%F %t:%T %i' "$1" 2>/dev/null; }
expect_not_regular() {
  local what=$1 target=$2 kind=$3 before
  before=$(ident "$target")
  expect_save_error "$what" "$target"
  grep -q "^murk: cannot write $target: $kind\$" "$tmp/err" ||
    fail "$what: the message is not '$kind': $(cat "$tmp/err")"
  [ "$(ident "$target")" = "$before" ] || fail "$what: the target was replaced ($before -> $(ident "$target"))"
  compgen -G "$(dirname "$target")/.*.tmp-*" >/dev/null && fail "$what: a temporary file was left behind"
}
mkdir "$tmp/special"
mkfifo "$tmp/special/fifo"
expect_not_regular "a fifo" "$tmp/special/fifo" "not a regular file (a fifo)"
mkdir "$tmp/special/dir"
echo kept >"$tmp/special/dir/inside"
expect_not_regular "a directory" "$tmp/special/dir" "it is a directory"
[ "$(cat "$tmp/special/dir/inside")" = kept ] || fail "a directory: its contents changed"
# A device node: first a private copy of /dev/full (root can make one), so that a writer that
# got this wrong spoils only a file of this test; /dev/full itself only once that passed, or
# when not root (then the directory /dev is not writable anyway).
devtested=
if mknod "$tmp/special/full" c 1 7 2>/dev/null; then
  n=$failures
  expect_not_regular "a character device" "$tmp/special/full" "not a regular file (a character device)"
  [ "$failures" -eq "$n" ] && devtested=yes
elif [ "$(id -u)" -ne 0 ]; then
  devtested=yes
fi
if [ -c /dev/full ] && [ -n "$devtested" ]; then
  expect_not_regular "/dev/full" /dev/full "not a regular file (a character device)"
  # Should it ever have been replaced, put the device back.
  if [ ! -c /dev/full ] && [ "$(id -u)" -eq 0 ]; then
    rm -f /dev/full && mknod -m 666 /dev/full c 1 7
  fi
else
  echo "SKIP: /dev/full (no /dev/full, or root without mknod to try a private node first)"
fi

# A read-only directory. Root writes anywhere, so run as nobody where we can.
mkdir "$tmp/ro"
cp "$tmp/full.sav" "$tmp/ro/game.sav"
cp "$tmp/full.sav" "$tmp/prev.sav"
chmod 755 "$tmp" && chmod 555 "$tmp/ro" && chmod 644 "$tmp/ro/game.sav"
if [ "$(id -u)" -ne 0 ]; then
  expect_save_error "read-only directory" "$tmp/ro/game.sav" "$tmp/prev.sav"
elif command -v setpriv >/dev/null && setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null &&
  setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$MURK" -a -r "$GAME"; then
  RUNAS=(setpriv --reuid=65534 --regid=65534 --clear-groups)
  expect_save_error "read-only directory" "$tmp/ro/game.sav" "$tmp/prev.sav"
  RUNAS=()
else
  echo "SKIP: read-only directory (root, and no way to run as nobody)"
fi

# A full disk: a tmpfs of as many pages as the previous save fills, so the new one cannot be
# written beside it.
mkdir "$tmp/mnt"
# The previous save: the game's plain save (the journal of the whole run is larger than
# the disk).
"$MURK" run "$GAME" --save "$tmp/plain.sav" >/dev/null 2>&1
pages=$((($(stat -c %s "$tmp/plain.sav") + 4095) / 4096))
if mount -t tmpfs -o size=$((pages * 4))k tmpfs "$tmp/mnt" 2>/dev/null; then
  mnt=$tmp/mnt
  cp "$tmp/plain.sav" "$mnt/game.sav"
  expect_save_error "full disk (ENOSPC)" "$mnt/game.sav" "$tmp/plain.sav"
  grep -qi "space" "$tmp/err" || fail "full disk: the message does not say the disk is full: $(cat "$tmp/err")"
  # The disk fills up while the journal grows: exit 1, "no space", and the save on disk
  # whole (the record that did not fit cut off again), replaying the game up to it.
  rm -f "$mnt/game.sav"
  checks=$((checks + 1))
  "$MURK" run "$GAME" --autosave "$mnt/game.sav" >/dev/null 2>"$tmp/err"
  rc=$?
  [ "$rc" -eq 1 ] && grep -qi "space" "$tmp/err" || fail "a disk filling up mid-journal: exit $rc: $(cat "$tmp/err")"
  "$MURK" replay "$mnt/game.sav" >"$tmp/out" 2>"$tmp/err2" || fail "a disk filling up mid-journal: the save does not replay: $(cat "$tmp/err2")"
  tail -c 74 "$mnt/game.sav" | grep -q '^# chain: ' || fail "a disk filling up mid-journal: the save does not end with a whole record"
  echo "full disk mid-journal: $(head -1 "$tmp/err"); the save replays to: $(tail -1 "$tmp/out")"
else
  echo "SKIP: full disk (cannot mount a tmpfs here)"
fi

# No HOME and no XDG_STATE_HOME: `murk play` says why it cannot start (no terminal here, or
# no state directory), never crashes.
env -u HOME -u XDG_STATE_HOME "$MURK" play --seed 1 </dev/null >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] || fail "play without HOME: exit $rc, want 1: $(cat "$tmp/err")"
grep -Eqi "terminal|state|HOME" "$tmp/err" || fail "play without HOME: unclear message: $(cat "$tmp/err")"

# --autosave given twice is a usage error.
"$MURK" run "$GAME" --autosave "$tmp/a" --autosave "$tmp/b" >/dev/null 2>&1
rc=$?
[ "$rc" -eq 2 ] || fail "--autosave twice: exit $rc, want 2"

finish crash_saves "all checks passed"
