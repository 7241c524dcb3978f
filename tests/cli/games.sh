#!/usr/bin/env bash
# games.sh: the scripted games of tests/games against their golden transcripts.
#
# For each tests/games/NAME.txt (mission and seed in its header):
#   - the umpire's transcript and each side's (--as) equal NAME.out, NAME.attacker.out and
#     NAME.defender.out byte for byte, and the script applies without a rejection;
#   - a second run prints the very same bytes (determinism);
#   - the save written by --save replays (murk replay) to the same three transcripts;
#   - the same save with a line edited is refused (its hash chain breaks), and with its
#     mission hash edited and the chain taken off (a version 1 save) it is refused because
#     the mission changed; both exit 1 and print nothing.
# Run from the repository root with $MURK set to the program (ctest does both).
# Goldens are regenerated with scripts/update-goldens.sh (then review the diff).
set -u
MURK=${MURK:-build/murk}
cd "${MURK_SOURCE_DIR:-.}" || exit 1
# Under the sanitizers a leak or undefined behaviour must not pass for an expected exit 1.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=86"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}exitcode=86"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
checks=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# golden NAME AUDIENCE: the golden file of one audience.
golden() {
  case $2 in
    umpire) echo "$1.out" ;;
    *) echo "$1.$2.out" ;;
  esac
}

# as_args AUDIENCE: the option that selects it.
as_args() {
  case $1 in
    umpire) ;;
    *) echo "--as $1" ;;
  esac
}

shopt -s nullglob
scripts=(tests/games/*.txt)
if [ ${#scripts[@]} -eq 0 ]; then
  echo "FAIL: no scripted games in tests/games" >&2
  exit 1
fi

for script in "${scripts[@]}"; do
  name=${script%.txt}
  base=$(basename "$name")
  for aud in umpire attacker defender; do
    want=$(golden "$name" "$aud")
    out="$tmp/$base.$aud"
    checks=$((checks + 1))
    if [ ! -f "$want" ]; then
      fail "$want is missing (scripts/update-goldens.sh makes it)"
      continue
    fi
    # shellcheck disable=SC2046
    "$MURK" run "$script" $(as_args "$aud") >"$out.1" 2>"$out.err"
    rc=$?
    if [ $rc -ne 0 ]; then
      fail "$script ($aud) exited $rc: $(cat "$out.err")"
      continue
    fi
    if ! diff -u "$want" "$out.1" >"$out.diff"; then
      fail "$script ($aud) differs from $want:"
      head -40 "$out.diff" >&2
      continue
    fi
    # shellcheck disable=SC2046
    "$MURK" run "$script" $(as_args "$aud") >"$out.2" 2>/dev/null
    cmp -s "$out.1" "$out.2" || fail "$script ($aud): a second run printed different bytes"
  done

  # The save replays to the same transcripts.
  save="$tmp/$base.save"
  checks=$((checks + 1))
  if ! "$MURK" run "$script" --save "$save" >"$tmp/$base.saved-run" 2>"$tmp/$base.err"; then
    fail "$script --save failed: $(cat "$tmp/$base.err")"
    continue
  fi
  cmp -s "$tmp/$base.saved-run" "$(golden "$name" umpire)" ||
    fail "$script: the run with --save printed a different transcript"
  head -1 "$save" | grep -qx '# murk-save: 2' || fail "$save does not start with '# murk-save: 2'"
  tail -1 "$save" | grep -qE '^# chain: [0-9a-f]{64}$' || fail "$save does not end with its chain"
  for aud in umpire attacker defender; do
    checks=$((checks + 1))
    # shellcheck disable=SC2046
    "$MURK" replay "$save" $(as_args "$aud") >"$tmp/$base.replay" 2>"$tmp/$base.err"
    rc=$?
    if [ $rc -ne 0 ]; then
      fail "replay of the save of $script ($aud) exited $rc: $(cat "$tmp/$base.err")"
    elif ! cmp -s "$tmp/$base.replay" "$(golden "$name" "$aud")"; then
      fail "replay of the save of $script ($aud) differs from $(golden "$name" "$aud")"
      diff -u "$(golden "$name" "$aud")" "$tmp/$base.replay" | head -20 >&2
    fi
  done

  # A save whose mission hash does not match the mission file is refused.
  checks=$((checks + 1))
  hash=$(sed -n 's/^# mission-hash: //p' "$save")
  other=0000000000000000
  [ "$hash" = "$other" ] && other=0000000000000001
  sed "s/^# mission-hash: .*/# mission-hash: $other/" "$save" >"$tmp/$base.damaged"
  "$MURK" replay "$tmp/$base.damaged" >"$tmp/$base.out" 2>"$tmp/$base.err"
  rc=$?
  if [ $rc -ne 1 ] || [ -s "$tmp/$base.out" ] ||
    ! grep -q "this save is damaged or was edited: its hash chain" "$tmp/$base.err"; then
    fail "a save with a line changed under its chain: exit $rc: $(cat "$tmp/$base.err")"
  fi
  sed -e "s/^# mission-hash: .*/# mission-hash: $other/" -e '/^# chain: /d' \
    -e 's/^# murk-save: 2$/# murk-save: 1/' "$save" >"$tmp/$base.edited"
  "$MURK" replay "$tmp/$base.edited" >"$tmp/$base.out" 2>"$tmp/$base.err"
  rc=$?
  if [ $rc -ne 1 ]; then
    fail "a save with an edited mission hash: exit $rc, want 1"
  elif ! grep -q "has changed since this save was made (hash $hash != $other)" "$tmp/$base.err"; then
    fail "a save with an edited mission hash: unexpected message: $(cat "$tmp/$base.err")"
  elif [ -s "$tmp/$base.out" ]; then
    fail "a refused save still printed a transcript"
  fi
done

if [ $failures -ne 0 ]; then
  echo "games.sh: $failures of $checks checks failed" >&2
  exit 1
fi
echo "games.sh: ${#scripts[@]} games, $checks checks passed"
