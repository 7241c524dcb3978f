#!/usr/bin/env bash
# journal_scale.sh: journals that scale (docs/reliability.md, "Autosave cost"). A generated
# game (Free-for-All's setup, then `end` again and again) of JOURNAL_COMMANDS commands
# (default 2,000; `make soak` runs 100,000 within 5 s of CPU) is written by `murk run --autosave`, open and
# sealed, and each journal must
#   - cost at most 300 bytes a command on average (the whole file over the commands),
#   - reopen to the same game: the open one replays to the run's transcript, the sealed
#     one gives each side its transcript with its passphrase alone and the whole game with
#     both,
#   - and, when JOURNAL_BUDGET_S is set, be written and reopened (the whole game, as
#     `murk play --load` opens it) within that many seconds of CPU (user + system: the
#     machine may be shared; the wall time is printed too).
# Run from the repository root with $MURK set to the program (ctest does both).
source "$(dirname "${BASH_SOURCE[0]}")/common.bash"
N=${JOURNAL_COMMANDS:-$(soak 100000 2000 2000)}
BUDGET=${JOURNAL_BUDGET_S:-$(soak 5 '' '')}
export MURK_PWHASH=1,8192 MURK_TEST_WEAK_PWHASH=1 # the test suite's cheap key derivation
printf 'correct horse battery\n' >"$tmp/pa"
printf 'battery staple orbit\n' >"$tmp/pd"
PASSES=("--passphrase-file=attacker:$tmp/pa" "--passphrase-file=defender:$tmp/pd")
{
  sed -n '1,2p' tests/games/free-for-all-full.txt
  sed -n '12,29p' tests/games/free-for-all-full.txt
  yes end | head -n "$((N - 18))"
} >"$tmp/s.txt"
[ "$(grep -vc '^#' "$tmp/s.txt")" -eq "$N" ] || fail "the script has not $N commands"

# timed LABEL CMD...: run it, add its CPU seconds to $cpu and its wall seconds to $wall
# (said on fd 3, the test's own output: the command's is redirected by the caller).
exec 3>&1
cpu=0 wall=0
timed() {
  local label=$1
  shift
  /usr/bin/time -f '%U %S %e' -o "$tmp/time" "$@" || return 1
  read -r u s e <"$tmp/time"
  cpu=$(awk -v a="$cpu" -v u="$u" -v s="$s" 'BEGIN { print a + u + s }')
  wall=$(awk -v a="$wall" -v e="$e" 'BEGIN { print a + e }')
  echo "  $label: $(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }') s CPU, $e s wall" >&3
}

"$MURK" run "$tmp/s.txt" >"$tmp/umpire" 2>/dev/null || fail "the run without a save"
for side in attacker defender; do "$MURK" run "$tmp/s.txt" --as "$side" >"$tmp/want.$side"; done

for kind in open sealed; do
  cpu=0 wall=0
  save="$tmp/$kind.sav"
  extra=()
  [ "$kind" = sealed ] && extra=("${PASSES[@]}")
  echo "$kind, $N commands:"
  timed "write" "$MURK" run "$tmp/s.txt" --autosave "$save" "${extra[@]}" >/dev/null ||
    fail "$kind: run --autosave failed"
  size=$(stat -c %s "$save")
  per=$((size / N))
  echo "  $size bytes, $per bytes a command"
  [ "$per" -le 300 ] || fail "$kind: $per bytes a command (at most 300)"
  if [ "$kind" = open ]; then
    timed "reopen" "$MURK" replay "$save" >"$tmp/got" 2>"$tmp/err" || fail "open: replay: $(cat "$tmp/err")"
    cmp -s "$tmp/got" "$tmp/umpire" || fail "open: the journal does not replay to the run's transcript"
  else
    grep -q '^j ' "$save" || fail "sealed: no compact records"
    # Each side's record alone (`murk replay --as`): checked and timed, not counted in the
    # budget, which is the writing and the reopening of the game (`murk play --load`).
    counted=$cpu counted_wall=$wall
    for side in attacker defender; do
      p="--passphrase-file=$side:$tmp/p${side:0:1}"
      timed "reopen, the $side's record" "$MURK" replay "$save" --as "$side" "$p" >"$tmp/got" 2>"$tmp/err" ||
        fail "sealed: the $side's record: $(cat "$tmp/err")"
      cmp -s "$tmp/got" "$tmp/want.$side" || fail "sealed: the $side's record is not its transcript"
    done
    cpu=$counted wall=$counted_wall
    timed "reopen, the whole game" "$MURK" run "$save" --as attacker "${PASSES[@]}" >"$tmp/got" 2>"$tmp/err" ||
      fail "sealed: the whole game: $(cat "$tmp/err")"
    cmp -s "$tmp/got" "$tmp/want.attacker" || fail "sealed: the whole game does not replay to the run's"
  fi
  echo "  written and reopened: $cpu s CPU, $wall s wall"
  if [ -n "$BUDGET" ]; then
    awk -v c="$cpu" -v b="$BUDGET" 'BEGIN { exit !(c <= b) }' ||
      fail "$kind: $N commands written and reopened in $cpu s of CPU (budget $BUDGET s)"
  fi
  checks=$((checks + 1))
done
finish journal_scale "journals of $N commands: each at most 300 bytes a command, each reopens"
