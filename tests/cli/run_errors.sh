#!/usr/bin/env bash
# run_errors.sh: how `murk run` and `murk replay` fail. A rejected or unparsable command
# exits 1 with FILE:LINE:COL: error: ... after the transcript so far; usage errors exit 2;
# missing or unreadable files exit 1 with a message naming the file; --save still writes
# the accepted commands after a rejection, and that save replays to the same transcript; a
# save that cannot be written (no directory, a file in the way, a fifo) exits 1 and says why.
# Run from the repository root with $MURK set to the program (ctest does both).
source "$(dirname "${BASH_SOURCE[0]}")/common.bash"
MISSION=data/missions/luneville.yaml

# expect CODE DESCRIPTION -- COMMAND...: run it, keep stdout/stderr in $tmp/out, $tmp/err.
expect() {
  local want=$1 what=$2
  shift 3
  checks=$((checks + 1))
  "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ $rc -ne "$want" ]; then
    fail "$what: exit $rc, want $want (stderr: $(head -3 "$tmp/err"))"
    return 1
  fi
  return 0
}

# stderr_has REGEX DESCRIPTION
stderr_has() {
  grep -Eq -- "$1" "$tmp/err" || fail "$2: stderr lacks /$1/: $(head -3 "$tmp/err")"
}

script() { # script FILE LINES...: a script for Luneville, seed 7
  local f=$1
  shift
  { printf '# mission: %s\n# seed: 7\n' "$MISSION"; printf '%s\n' "$@"; } >"$f"
}

# ---- commands that do not parse or are rejected: exit 1, FILE:LINE:COL ----
script "$tmp/typo.txt" "# a comment" "  mvoe 3 to 5,5"
if expect 1 "unparsable command" -- "$MURK" run "$tmp/typo.txt"; then
  stderr_has "^$tmp/typo.txt:4:3: error: unknown command 'mvoe' \(did you mean 'move'\?\)$" \
    "unparsable command"
  grep -Eq '^to act: ' "$tmp/out" || fail "unparsable command: no transcript before the error"
fi

script "$tmp/early-spot.txt" "" "spot"
if expect 1 "rejected command" -- "$MURK" run "$tmp/early-spot.txt"; then
  stderr_has "^$tmp/early-spot.txt:4:1: error: .+" "rejected command"
  [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "rejected command: more than one line on stderr"
  tail -1 "$tmp/out" | grep -Eq '^to act: attacker ' || fail "rejected command: no closing line"
fi

# A pinned down platoon may not move toward the enemy (docs/rules.md, "Pinned down"): a
# move greedy made before that rule is refused, worded from what the attacker knows.
if expect 1 "pinned toward the enemy" -- "$MURK" run tests/cli/data/cauldron-pinned.txt; then
  stderr_has "^tests/cli/data/cauldron-pinned.txt:96:11: error: P5 is pinned down: it may not \
move toward the enemy \(13,11 is 7 cells from the nearest enemy you know of; it stands 10 from \
17,04\); it may hold or fall back until it rallies$" "pinned toward the enemy"
  grep -q "P5 stays pinned down" "$tmp/out" || fail "pinned toward the enemy: no rally failed"
fi

# A side prefix for the side that is not to act is reported at the prefix.
script "$tmp/wrong-side.txt" "  defender: end"
if expect 1 "wrong side" -- "$MURK" run "$tmp/wrong-side.txt"; then
  stderr_has "^$tmp/wrong-side.txt:3:3: error: .*attacker" "wrong side"
fi

# Once the game is over nothing more is accepted.
cp tests/games/encounter-full.txt "$tmp/over.txt"
echo "end" >>"$tmp/over.txt"
over_line=$(wc -l <"$tmp/over.txt")
if expect 1 "a command after the end" -- "$MURK" run "$tmp/over.txt"; then
  stderr_has "^$tmp/over.txt:$over_line:1: error: the game is over" "a command after the end"
  tail -1 "$tmp/out" | grep -q '^result: ' || fail "a command after the end: no result line"
fi

# Header errors: nothing runs.
printf '# mission: %s\n# seed: seven\nend\n' "$MISSION" >"$tmp/bad-seed.txt"
if expect 1 "bad seed header" -- "$MURK" run "$tmp/bad-seed.txt"; then
  stderr_has "^$tmp/bad-seed.txt:2:9: error: the seed must be a whole number" "bad seed header"
  [ -s "$tmp/out" ] && fail "bad seed header: printed a transcript"
fi

# ---- --save after a rejection keeps the accepted commands and replays the same ----
script "$tmp/partial.txt" "objective at 18,01" "spot"
if expect 1 "partial run with --save" -- "$MURK" run "$tmp/partial.txt" --save "$tmp/partial.save"; then
  cp "$tmp/out" "$tmp/partial.out"
  stderr_has "^$tmp/partial.txt:4:1: error: " "partial run with --save"
  if [ ! -f "$tmp/partial.save" ]; then
    fail "partial run: no save written"
  else
    grep -qx 'attacker: objective at 18,01' "$tmp/partial.save" ||
      fail "partial run: the save lacks the accepted command: $(cat "$tmp/partial.save")"
    grep -v '^#' "$tmp/partial.save" | grep -q 'spot' && fail "partial run: the save holds the rejected command"
    if expect 0 "replay of a partial save" -- "$MURK" replay "$tmp/partial.save"; then
      cmp -s "$tmp/out" "$tmp/partial.out" || fail "replay of a partial save: different transcript"
    fi
  fi
fi

# ---- usage errors: exit 2 ----
script "$tmp/ok.txt" "# nothing yet"
expect 2 "run without arguments" -- "$MURK" run
expect 2 "unknown option" -- "$MURK" run "$tmp/ok.txt" --fast && stderr_has "unknown option '--fast'" "unknown option"
expect 2 "bad --seed" -- "$MURK" run "$MISSION" --seed x --script "$tmp/ok.txt" &&
  stderr_has "--seed expects a whole number" "bad --seed"
expect 2 "negative --seed" -- "$MURK" run "$MISSION" --seed -1 --script "$tmp/ok.txt"
expect 2 "--seed without a value" -- "$MURK" run "$tmp/ok.txt" --seed
expect 2 "bad --as" -- "$MURK" run "$tmp/ok.txt" --as umpire && stderr_has "--as expects attacker or defender" "bad --as"
expect 2 "two scripts" -- "$MURK" run "$tmp/ok.txt" "$tmp/ok.txt"
expect 2 "--script twice" -- "$MURK" run "$MISSION" --script "$tmp/ok.txt" --script "$tmp/ok.txt"
printf 'end\n' >"$tmp/headless.txt"
expect 2 "no mission anywhere" -- "$MURK" run "$tmp/headless.txt" --seed 1 && stderr_has "no mission" "no mission anywhere"
printf '# mission: %s\nend\n' "$MISSION" >"$tmp/seedless.txt"
expect 2 "no seed anywhere" -- "$MURK" run "$tmp/seedless.txt" && stderr_has "no seed" "no seed anywhere"
expect 2 "replay without a save" -- "$MURK" replay
expect 2 "replay with two saves" -- "$MURK" replay a b
expect 2 "replay with a bad --as" -- "$MURK" replay "$tmp/ok.txt" --as nobody
expect 0 "run --help" -- "$MURK" run --help

# Options from the command line override the header.
printf 'objective at 18,01\n' >"$tmp/bare.txt"
expect 0 "mission and seed given on the command line" -- \
  "$MURK" run "$MISSION" --seed 7 --script "$tmp/bare.txt"
expect 0 "--seed=N and --script=FILE forms" -- \
  "$MURK" run "$MISSION" --seed=7 --script="$tmp/bare.txt"

# ---- missing and unreadable files: exit 1 ----
expect 1 "missing script" -- "$MURK" run "$tmp/nope.txt" && stderr_has "cannot read $tmp/nope.txt: no such file" "missing script"
expect 1 "missing mission" -- "$MURK" run "$tmp/nope.yaml" --seed 1 --script "$tmp/ok.txt" &&
  stderr_has "nope.yaml" "missing mission"
printf '# mission: no/such/mission.yaml\n# seed: 1\n' >"$tmp/lost.txt"
expect 1 "missing header mission" -- "$MURK" run "$tmp/lost.txt" &&
  stderr_has "^$tmp/lost.txt:1: error: mission file 'no/such/mission.yaml' not found" "missing header mission"
expect 1 "missing save" -- "$MURK" replay "$tmp/nope.save" && stderr_has "cannot read" "missing save"
expect 1 "replay of a plain script" -- "$MURK" replay "$tmp/ok.txt" && stderr_has "is not a save" "replay of a plain script"
expect 1 "save into a missing directory" -- "$MURK" run "$tmp/ok.txt" --save "$tmp/no/dir/x.save" &&
  stderr_has "the directory $tmp/no/dir does not exist" "save into a missing directory"
grep -q '^to act: ' "$tmp/out" || fail "save into a missing directory: the transcript was not printed"
# A file where the save's directory should be, and targets that are not regular files: exit
# 1, a message that says so, the target left as it was (crash_saves.sh has devices too).
echo x >"$tmp/plain"
expect 1 "save under a regular file" -- "$MURK" run "$tmp/ok.txt" --save "$tmp/plain/x.save" &&
  stderr_has "^murk: cannot write $tmp/plain/x.save: $tmp/plain is not a directory$" "save under a regular file"
mkfifo "$tmp/fifo"
expect 1 "save onto a fifo" -- "$MURK" run "$tmp/ok.txt" --save "$tmp/fifo" &&
  stderr_has "^murk: cannot write $tmp/fifo: not a regular file \(a fifo\)$" "save onto a fifo"
[ -p "$tmp/fifo" ] || fail "save onto a fifo: the fifo was replaced"
mkdir "$tmp/adir"
expect 1 "save onto a directory" -- "$MURK" run "$tmp/ok.txt" --save "$tmp/adir" &&
  stderr_has "^murk: cannot write $tmp/adir: it is a directory$" "save onto a directory"
[ -d "$tmp/adir" ] || fail "save onto a directory: the directory was replaced"

# The mission path of a header is also looked up next to the script.
mkdir -p "$tmp/sub"
cp "$MISSION" "$tmp/sub/local.yaml"
printf '# mission: local.yaml\n# seed: 3\n' >"$tmp/sub/near.txt"
expect 0 "header mission next to the script" -- "$MURK" run "$tmp/sub/near.txt"

# A read-only directory (root ignores permissions, so only as another user).
if [ "$(id -u)" -ne 0 ]; then
  mkdir -p "$tmp/ro"
  chmod 555 "$tmp/ro"
  expect 1 "save into a read-only directory" -- "$MURK" run "$tmp/ok.txt" --save "$tmp/ro/x.save" &&
    stderr_has "permission denied" "save into a read-only directory"
  chmod 755 "$tmp/ro"
fi

finish run_errors.sh
