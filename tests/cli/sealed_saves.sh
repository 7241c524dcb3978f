#!/usr/bin/env bash
# sealed_saves.sh: sealed saves through the program (docs/fair-play.md).
#
#   - round trip: for scripted games of tests/games, `murk run --save` with both
#     passphrases writes a sealed save (mode 0600) whose replay --as SIDE with that side's
#     passphrase equals `murk run --as SIDE` of the same game byte for byte; a finished game's
#     umpire replay with both passphrases equals the umpire's transcript, an unfinished one
#     is refused;
#   - a wrong passphrase, a side's passphrase for the other side, a missing one (no
#     terminal): exit 1, nothing on stdout, the passphrase in no message;
#   - the sealed bytes hold no command line, no seed and no platoon name of either side,
#     and no passphrase; no file murk wrote holds a passphrase;
#   - single-byte changes (first, middle, last byte and one in each part), a cut save and a
#     part taken from another game: refused with exit 1, nothing on stdout, file unchanged.
# (The exhaustive flips and cuts are test_seal's; this checks the program's handling.)
. "$(dirname "$0")/common.bash"
export MURK_PWHASH=1,8192 MURK_TEST_WEAK_PWHASH=1 # cheap Argon2id, the test suite's knob: the save records the limits

printf 'correct horse battery\n' >"$tmp/pa"
printf 'battery staple orbit\n' >"$tmp/pd"
printf 'wrong one\n' >"$tmp/px"
pa="--passphrase-file=attacker:$tmp/pa"
pd="--passphrase-file=defender:$tmp/pd"

no_secret_in() { # FILE GAME-SCRIPT MISSION: none of the game's secrets in FILE's bytes
  local file=$1 script=$2 mission=$3 line name
  grep -q 'correct horse\|battery staple' "$file" && fail "$file holds a passphrase"
  seed=$(sed -n 's/^# seed: //p' "$script")
  [ -n "$seed" ] && [ ${#seed} -ge 2 ] && grep -qF "seed: $seed" "$file" && fail "$file holds the seed"
  while IFS= read -r line; do
    line=${line#attacker: }
    line=${line#defender: }
    [ ${#line} -ge 6 ] || continue
    grep -qF -- "$line" "$file" && fail "$file holds the command '$line'"
  done < <(grep -v '^#' "$script" | grep -v '^ *$')
  while IFS= read -r name; do
    [ ${#name} -ge 4 ] || continue
    grep -qF -- "$name" "$file" && fail "$file holds the platoon name '$name'"
  done < <(sed -n 's/^ *- name: *//p' "$mission" | sed 's/ *#.*//; s/^"//; s/"$//')
}

for name in luneville-no-last-turn encounter-full breakthrough-setup; do
  script=tests/games/$name.txt
  mission=$(sed -n 's/^# mission: //p' "$script")
  save="$tmp/$name.murk"
  checks=$((checks + 1))
  if ! "$MURK" run "$script" --save "$save" "$pa" "$pd" >"$tmp/$name.run" 2>"$tmp/err"; then
    fail "$name: sealed --save failed: $(cat "$tmp/err")"
    continue
  fi
  [ "$(stat -c %a "$save")" = 600 ] || fail "$name: the sealed save is not mode 0600"
  head -2 "$save" | tail -1 | grep -q '^# sealed: argon2id13 ops=1 mem=8192$' ||
    fail "$name: the save does not record its key limits"
  no_secret_in "$save" "$script" "$mission"
  for side in attacker defender; do
    checks=$((checks + 1))
    "$MURK" run "$script" --as $side >"$tmp/$name.$side.want" 2>/dev/null
    p=$pa
    [ $side = defender ] && p=$pd
    if ! "$MURK" replay "$save" --as $side "$p" >"$tmp/$name.$side.got" 2>"$tmp/err"; then
      fail "$name: replay --as $side failed: $(cat "$tmp/err")"
    elif ! cmp -s "$tmp/$name.$side.want" "$tmp/$name.$side.got"; then
      fail "$name: replay --as $side differs from murk run --as $side"
    fi
    # The other side's passphrase, a wrong one, none at all.
    other=$pd
    [ $side = defender ] && other=$pa
    for bad in "--passphrase-file=$side:$tmp/px" "--passphrase-file=$side:${other#*:}"; do
      checks=$((checks + 1))
      "$MURK" replay "$save" --as $side "$bad" >"$tmp/out" 2>"$tmp/err" </dev/null
      rc=$?
      [ $rc -eq 1 ] || fail "$name: a wrong $side passphrase: exit $rc, want 1"
      [ -s "$tmp/out" ] && fail "$name: a wrong $side passphrase printed a transcript"
      grep -q "the $side's passphrase does not open this save" "$tmp/err" ||
        fail "$name: a wrong $side passphrase: unexpected message: $(cat "$tmp/err")"
      grep -q 'wrong one\|correct horse\|battery staple' "$tmp/err" &&
        fail "$name: a message shows a passphrase"
    done
    checks=$((checks + 1))
    setsid "$MURK" replay "$save" --as $side >"$tmp/out" 2>"$tmp/err" </dev/null
    [ $? -eq 1 ] && [ ! -s "$tmp/out" ] && grep -q "passphrase-file $side:FILE" "$tmp/err" ||
      fail "$name: a replay without a passphrase and no terminal: $(cat "$tmp/err")"
  done
  # The umpire: both passphrases, and only once the game is over.
  checks=$((checks + 1))
  "$MURK" replay "$save" "$pa" "$pd" >"$tmp/$name.umpire" 2>"$tmp/err"
  rc=$?
  if tail -1 "$tmp/$name.run" | grep -q '^result:'; then
    [ $rc -eq 0 ] && cmp -s "$tmp/$name.umpire" "$tmp/$name.run" ||
      fail "$name: the umpire's replay of a finished sealed game (exit $rc) differs: $(cat "$tmp/err")"
  else
    [ $rc -eq 1 ] && [ ! -s "$tmp/$name.umpire" ] && grep -q "the game is not over" "$tmp/err" ||
      fail "$name: the umpire's replay of an unfinished sealed game: exit $rc: $(cat "$tmp/err")"
  fi
done

# No file murk wrote holds a passphrase.
checks=$((checks + 1))
grep -rl 'correct horse\|battery staple' "$tmp" | grep -v "/p[adx]$" | grep -q . &&
  fail "a file holds a passphrase: $(grep -rl 'correct horse\|battery staple' "$tmp")"

# Damage and swaps: refused, nothing printed, the file unchanged.
save="$tmp/luneville-no-last-turn.murk"
other="$tmp/encounter-full.murk"
size=$(stat -c %s "$save")
refused() { # LABEL FILE
  checks=$((checks + 1))
  local before
  before=$(sha256sum "$2")
  "$MURK" replay "$2" --as attacker "$pa" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ $rc -eq 1 ] || fail "$1: exit $rc, want 1"
  [ -s "$tmp/out" ] && fail "$1: printed a transcript"
  grep -q "damaged or was changed\|does not open\|not a sealed save\|is not a save\|format version" "$tmp/err" ||
    fail "$1: unclear message: $(cat "$tmp/err")"
  [ "$(sha256sum "$2")" = "$before" ] || fail "$1: the file changed"
}
part_offset() { # the offset of a byte in the middle of the line starting with $1
  local line
  line=$(grep -n "^$1" "$save" | cut -d: -f1)
  echo $(($(head -n $((line - 1)) "$save" | wc -c) + 30))
}
for at in 0 $((size / 2)) $((size - 1)) 200 $(part_offset sealed-attacker) \
  $(part_offset sealed-defender) $(part_offset sealed-game) $(part_offset check); do
  cp "$save" "$tmp/flip"
  byte=$(od -An -tu1 -j "$at" -N1 "$save" | tr -d ' ')
  printf "$(printf '\\%03o' $((byte ^ 1)))" | dd of="$tmp/flip" bs=1 seek="$at" conv=notrunc 2>/dev/null
  refused "the byte at $at changed" "$tmp/flip"
done
for cut in 0 1 100 $((size / 2)) $((size - 1)); do
  head -c "$cut" "$save" >"$tmp/cut"
  refused "the save cut at $cut bytes" "$tmp/cut"
done
grep -v '^sealed-attacker: ' "$save" >"$tmp/swap"
sed -n '/^sealed-attacker: /p' "$other" >"$tmp/line"
awk -v f="$tmp/line" 'NR==11 { while ((getline l < f) > 0) print l } { print }' "$tmp/swap" >"$tmp/swapped"
refused "a part from another game" "$tmp/swapped"

# No game is sealed with an empty or guessable passphrase, and the key derivation cost is
# murk's default unless the test suite's knob is set: each refused with its reason.
script=tests/games/luneville-opening.txt
printf '1234\n' >"$tmp/weak"
: >"$tmp/empty"
sealing_refused() { # LABEL PATTERN ARGS...
  local label=$1 pattern=$2
  shift 2
  checks=$((checks + 1))
  rm -f "$tmp/refused.murk"
  "$MURK" run "$script" --save "$tmp/refused.murk" "$@" >/dev/null 2>"$tmp/err"
  rc=$?
  [ $rc -eq 1 ] || fail "$label: exit $rc, want 1"
  [ -e "$tmp/refused.murk" ] && fail "$label: a save was written"
  grep -q -- "$pattern" "$tmp/err" || fail "$label: unclear message: $(cat "$tmp/err")"
}
sealing_refused "one side's passphrase only" "the defender's passphrase cannot seal a game: it is empty" "$pa"
sealing_refused "an empty passphrase" "the attacker's passphrase cannot seal a game: it is empty" \
  "--passphrase-file=attacker:$tmp/empty" "$pd"
sealing_refused "a 4-digit passphrase" "the defender's passphrase cannot seal a game: it is too easy to guess: about 2^[0-9]* guesses (.*); murk asks for 2^40" \
  "$pa" "--passphrase-file=defender:$tmp/weak"
grep -q 1234 "$tmp/err" && fail "a refusal shows the passphrase"
MURK_TEST_WEAK_PWHASH= sealing_refused "a cheap key derivation outside the tests" \
  "MURK_PWHASH asks for a key derivation cost below murk's default" "$pa" "$pd"
# A save made at the test cost is refused without the knob, and names the cost.
checks=$((checks + 1))
MURK_TEST_WEAK_PWHASH= "$MURK" replay "$save" --as attacker "$pa" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && [ ! -s "$tmp/out" ] || fail "a cheap save without the knob: exit $rc"
grep -q "derived at a cost below murk's default (Argon2id, 1 passes over 8 KiB: BELOW" "$tmp/err" ||
  fail "a cheap save without the knob: unclear message: $(cat "$tmp/err")"
grep -q '^# sealed: argon2id13 ops=1 mem=8192$' "$save" || fail "the header does not show the cost"
# At the default cost (no MURK_PWHASH, no knob) a save is made and read.
checks=$((checks + 1))
env -u MURK_PWHASH -u MURK_TEST_WEAK_PWHASH "$MURK" run tests/games/luneville-opening.txt \
  --save "$tmp/strong.murk" "$pa" "$pd" >/dev/null 2>"$tmp/err" || fail "a default-cost save: $(cat "$tmp/err")"
grep -q "^# sealed: argon2id13 ops=2 mem=67108864$" "$tmp/strong.murk" || fail "the default cost is not in the header"
env -u MURK_PWHASH -u MURK_TEST_WEAK_PWHASH "$MURK" replay "$tmp/strong.murk" --as defender "$pd" >/dev/null 2>"$tmp/err" ||
  fail "a default-cost save does not open: $(cat "$tmp/err")"

finish sealed_saves.sh
