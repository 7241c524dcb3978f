#!/usr/bin/env bash
# games.sh: the scripted games of tests/games against their golden transcripts.
#
# For each tests/games/NAME.txt (mission and seed in its header):
#   - the umpire's transcript and each side's (--as) equal NAME.out, NAME.attacker.out and
#     NAME.defender.out byte for byte, and the script applies without a rejection;
#   - a second run prints the very same bytes (determinism; GAMES_ONE_RUN=1 leaves it out:
#     scripts/valgrind.sh, where the same input takes the same paths under memcheck again
#     and `make test` has checked the bytes);
#   - the save written by --save replays (murk replay) to the same three transcripts (the
#     umpire's only under GAMES_ONE_RUN);
#   - the same save with a line edited is refused (its hash chain breaks), and with its
#     mission hash edited and the chain taken off (a version 1 save) it is refused because
#     the mission changed; both exit 1 and print nothing (under GAMES_ONE_RUN, the setup
#     games' saves only);
#   - the facts the game exists for hold: each script states 3 to 6 of them in its header,
#       # expect: AUDIENCE: REGEX       a line of that transcript matches (grep -E)
#       # expect-not: AUDIENCE: REGEX   no line of it does (what a side must not learn)
#     with AUDIENCE umpire, attacker or defender. The goldens catch any change; these say
#     which changes matter, so a regenerated golden cannot quietly drop the point of a game.
# Run from the repository root with $MURK set to the program (ctest does both); arguments
# (NAME, as in tests/games/NAME.txt) run only those games.
# Goldens are regenerated with scripts/update-goldens.sh (then review the diff).
source "$(dirname "${BASH_SOURCE[0]}")/common.bash"

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

# check_expects SCRIPT DIR: the script's expectations against DIR/umpire, DIR/attacker and
# DIR/defender. Prints one line per expectation that does not hold, and fails if any does
# not or if the script states fewer than 3.
check_expects() {
  local script=$1 dir=$2 n=0 bad=0 lineno=0 line kind aud re
  while IFS= read -r line; do
    lineno=$((lineno + 1))
    case $line in
      "# expect: "*) kind=expect ;;
      "# expect-not: "*) kind=expect-not ;;
      *) continue ;;
    esac
    line=${line#"# $kind: "}
    aud=${line%%: *}
    re=${line#*: }
    n=$((n + 1))
    case $aud in
      umpire | attacker | defender) ;;
      *)
        echo "$script:$lineno: '# $kind:' wants AUDIENCE: REGEX (umpire, attacker or defender)"
        bad=$((bad + 1))
        continue
        ;;
    esac
    grep -Eq -- "$re" "$dir/$aud" 2>/dev/null
    case $?,$kind in
      0,expect | 1,expect-not) ;;
      1,expect)
        echo "$script:$lineno: no line of the $aud transcript matches /$re/"
        bad=$((bad + 1))
        ;;
      0,expect-not)
        echo "$script:$lineno: the $aud transcript must not match /$re/: $(grep -Em1 -- "$re" "$dir/$aud")"
        bad=$((bad + 1))
        ;;
      *)
        echo "$script:$lineno: bad regular expression /$re/"
        bad=$((bad + 1))
        ;;
    esac
  done <"$script"
  if [ "$n" -lt 3 ]; then
    echo "$script: states $n facts with '# expect:' lines; a scripted game states at least 3"
    bad=$((bad + 1))
  fi
  [ "$bad" -eq 0 ]
}

# The checker itself: an expectation that does not hold must fail, each kind of it.
mkdir "$tmp/self"
printf '  1 all      attacker T1 moves 16,20 -> 17,15 (5 cells, road)\n' >"$tmp/self/umpire"
printf '  1 all      attacker T1 moves\n' >"$tmp/self/attacker"
printf '  1 defender T2 is a dummy\n' >"$tmp/self/defender"
selftest() { # selftest WANT(pass|fail) LINES...
  local want=$1
  shift
  checks=$((checks + 1))
  printf '%s\n' "$@" >"$tmp/self/script.txt"
  if check_expects "$tmp/self/script.txt" "$tmp/self" >"$tmp/self/out"; then
    [ "$want" = pass ] || fail "games.sh's checker passed what it must fail: $*"
  else
    [ "$want" = fail ] || fail "games.sh's checker failed what it must pass: $* ($(cat "$tmp/self/out"))"
  fi
}
selftest pass '# expect: umpire: T1 moves [0-9,]+ -> 17,15' '# expect: attacker: T1 moves' \
  '# expect-not: attacker: is a dummy'
selftest fail '# expect: umpire: T1 moves [0-9,]+ -> 17,16' '# expect: attacker: T1 moves' \
  '# expect-not: attacker: is a dummy'
selftest fail '# expect: umpire: T1 moves' '# expect: attacker: T1 moves' \
  '# expect-not: defender: is a dummy'
selftest fail '# expect: umpire: T1 moves' '# expect: nobody: T1 moves' '# expect: attacker: T1'
selftest fail '# expect: umpire: T1 moves' '# expect: attacker: T1 moves ('
selftest fail '# expect: umpire: T1 moves' '# expect: attacker: T1 moves'

shopt -s nullglob
scripts=(tests/games/*.txt)
if [ $# -gt 0 ]; then
  scripts=()
  for name in "$@"; do scripts+=("tests/games/$name.txt"); done
fi
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
    if [ -z "${GAMES_ONE_RUN:-}" ]; then
      # shellcheck disable=SC2046
      "$MURK" run "$script" $(as_args "$aud") >"$out.2" 2>/dev/null
      cmp -s "$out.1" "$out.2" || fail "$script ($aud): a second run printed different bytes"
    fi
    mkdir -p "$tmp/$base.d"
    cp "$out.1" "$tmp/$base.d/$aud"
  done

  # The facts the game exists for.
  checks=$((checks + 1))
  if ! check_expects "$script" "$tmp/$base.d" >"$tmp/$base.expects"; then
    fail "$script: not what it is for:"
    cat "$tmp/$base.expects" >&2
  fi

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
  # Under GAMES_ONE_RUN (memcheck) the umpire's replay only: the sides' views were drawn by
  # the runs above, and the replay reads the save the same way for every audience.
  auds="umpire attacker defender"
  [ -n "${GAMES_ONE_RUN:-}" ] && auds=umpire
  for aud in $auds; do
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

  # A save whose mission hash does not match the mission file is refused. Under
  # GAMES_ONE_RUN (memcheck) on the setup games' saves only: the refusal reads every save
  # the same way.
  [ -n "${GAMES_ONE_RUN:-}" ] && [ "${name%-setup}" = "$name" ] && continue
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

# The audience column says whose a line is once: never "attacker attacker P11 moves".
checks=$((checks + 1))
doubled=$(grep -h -E '^ +[0-9]+ (attacker|defender) +(attacker|defender) ' tests/games/*.out |
  awk '$2 == $3' | head -3)
[ -z "$doubled" ] || fail "a transcript line names its audience twice: $doubled"

finish games.sh "${#scripts[@]} games, $checks checks passed"
