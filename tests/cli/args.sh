#!/usr/bin/env bash
# args.sh: what every command shares (src/cli/args.c, missions.c, text.c): options parsed
# from each command's template (unknown, repeated, valueless and bad values are usage
# errors, exit 2, naming the option), `murk help COMMAND` and --help, `murk --version`,
# missions named by id or by file alike in play, run, sim and script headers, a near miss
# suggested, `murk list` aligned after long ids, and text from files or arguments escaped
# before it is printed (no control character reaches the terminal).
# Run from the repository root with $MURK set to the program (ctest does both).
source "$(dirname "${BASH_SOURCE[0]}")/common.bash"
MISSION=data/missions/luneville.yaml
# Where bundled missions are found (build/murk's compiled-in folder, or $MURK_DATA_DIR).
MURK_SOURCE_DIR_RE=$(printf '%s' "${MURK_DATA_DIR:-$PWD/data/missions}" | sed 's/[][\.*^$]/\\&/g; s|/data/missions$||')

# expect CODE DESCRIPTION -- COMMAND...: run it, keep stdout/stderr in $tmp/out, $tmp/err.
expect() {
  local want=$1 what=$2
  shift 3
  checks=$((checks + 1))
  "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local rc=$?
  if [ $rc -ne "$want" ]; then
    fail "$what: exit $rc, want $want (stderr: $(head -3 "$tmp/err"))"
    return 1
  fi
  return 0
}
has() { # has FILE REGEX DESCRIPTION
  grep -Eq -- "$2" "$tmp/$1" || fail "$3: $1 lacks /$2/: $(head -3 "$tmp/$1")"
}
hasnt() { # hasnt FILE REGEX DESCRIPTION
  grep -Eq -- "$2" "$tmp/$1" && fail "$3: $1 has /$2/: $(head -3 "$tmp/$1")"
}
# No byte of C0 (but the newline), DEL or C1 (as UTF-8, C2 80-9F) in a file.
clean() { # clean FILE DESCRIPTION
  if LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]' "$tmp/$1" ||
    LC_ALL=C grep -q $'\xc2[\x80-\x9f]' "$tmp/$1"; then
    fail "$2: a control character reached $1: $(od -c "$tmp/$1" | head -5)"
  fi
}
printf '# mission: %s\n# seed: 7\n# nothing yet\n' "$MISSION" >"$tmp/ok.txt"

# ---- a bad number names its option, for every command that takes one ----
expect 2 "play --seed 12x" -- "$MURK" play --seed 12x &&
  has err "^murk: --seed expects a whole number from 0 to [0-9]+, got '12x'$" "play --seed 12x"
has err "^usage: murk play " "play --seed 12x"
expect 2 "run --seed -1" -- "$MURK" run "$tmp/ok.txt" --seed -1 &&
  has err "--seed expects a whole number" "run --seed -1"
expect 2 "sim --games 0" -- "$MURK" sim luneville --games 0 &&
  has err "^murk: --games expects a whole number from 1 to 1000000, got '0'$" "sim --games 0"
expect 2 "sim --max-commands x" -- "$MURK" sim luneville --max-commands=x &&
  has err "^murk: --max-commands expects a whole number" "sim --max-commands x"
expect 2 "sim --seed past the last" -- "$MURK" sim luneville --seed 18446744073709551615 &&
  has err "^murk: --seed expects a whole number from 0 to " "sim --seed past the last"

# ---- options by template ----
expect 2 "an unknown option" -- "$MURK" replay x --fast && has err "unknown option '--fast'" "an unknown option"
expect 2 "a short unknown option" -- "$MURK" check -x && has err "unknown option '-x'" "a short unknown option"
expect 2 "an option twice" -- "$MURK" play --seed 1 --seed=2 && has err "^murk: --seed is given twice$" "an option twice"
expect 2 "a flag with a value" -- "$MURK" sim luneville --time=yes && has err "^murk: --time takes no value$" "a flag with a value"
expect 2 "a value missing" -- "$MURK" replay x --as && has err "^murk: --as needs a value$" "a value missing"
expect 2 "too many arguments" -- "$MURK" play luneville cauldron && has err "^murk: unexpected argument 'cauldron'$" "too many arguments"
expect 2 "an argument too few" -- "$MURK" replay && has err "^murk: replay needs SAVE$" "an argument too few"
has err "^usage: murk replay SAVE" "an argument too few"
expect 2 "list takes no argument" -- "$MURK" list x
expect 2 "--load with a mission" -- "$MURK" play luneville --load x && has err "--load takes the mission and seed" "--load with a mission"
# "--" ends the options: what follows is a file, even when it starts with a dash.
expect 1 "-- then a file" -- "$MURK" check -- -odd.yaml && has err "^-odd.yaml: error: " "-- then a file"

# ---- help and version ----
expect 0 "murk --version" -- "$MURK" --version && has out "^murk [0-9]+\.[0-9]+\.[0-9]+$" "murk --version"
expect 0 "murk help" -- "$MURK" help && has out "^  sim +play whole games" "murk help"
for c in list check play run replay sim; do
  expect 0 "murk help $c" -- "$MURK" help "$c" && has out "^usage: murk $c" "murk help $c"
  cp "$tmp/out" "$tmp/help.$c"
  expect 0 "murk $c --help" -- "$MURK" "$c" --help
  cmp -s "$tmp/out" "$tmp/help.$c" || fail "murk $c --help differs from murk help $c"
done
grep -q "^       murk run SCRIPT " "$tmp/help.run" || fail "murk help run: no second form"
expect 2 "murk help of nothing" -- "$MURK" help nothing && has err "unknown command 'nothing'" "murk help of nothing"
expect 2 "a slip in a command" -- "$MURK" rnu && has err "^murk: unknown command 'rnu' \(did you mean 'run'\?\)$" "a slip in a command"

# ---- missions by id or by file, one rule ----
printf 'objective at 18,01\n' >"$tmp/bare.txt"
expect 0 "run with a mission id" -- "$MURK" run luneville --seed 7 --script "$tmp/bare.txt" &&
  cp "$tmp/out" "$tmp/by-id.out"
expect 0 "run with the mission's file" -- "$MURK" run "$MISSION" --seed 7 --script "$tmp/bare.txt" &&
  { cmp -s "$tmp/out" "$tmp/by-id.out" || fail "run by id and by file printed different transcripts"; }
printf '# mission: luneville\n# seed: 7\nobjective at 18,01\n' >"$tmp/header-id.txt"
expect 0 "a script header with a mission id" -- "$MURK" run "$tmp/header-id.txt" &&
  { cmp -s "$tmp/out" "$tmp/by-id.out" || fail "a header id printed a different transcript"; }
expect 1 "run with a slip in the id" -- "$MURK" run lunevile --seed 7 --script "$tmp/bare.txt" &&
  has err "^murk: no mission 'lunevile' \(.*\); did you mean 'luneville'\?$" "run with a slip in the id"
expect 1 "play with a slip in the id" -- "$MURK" play lunevile &&
  has err "^murk: no mission 'lunevile' \(.*\); did you mean 'luneville'\?$" "play with a slip in the id"
expect 1 "sim with a slip in the id" -- "$MURK" sim lunevile --games 1 &&
  has err "did you mean 'luneville'\?" "sim with a slip in the id"
expect 1 "sim with an id far from any" -- "$MURK" sim zzzzzz --games 1 &&
  hasnt err "did you mean" "sim with an id far from any"
expect 0 "check with a mission id" -- "$MURK" check luneville &&
  has out "^$MURK_SOURCE_DIR_RE/data/missions/luneville.yaml: ok: " "check with a mission id"
# An id is only an id: a name with a folder is a file or nothing.
expect 1 "a path that is not there" -- "$MURK" sim nowhere/luneville --games 1 &&
  has err "no mission 'nowhere/luneville'" "a path that is not there"

# ---- murk list lines names up after the longest id ----
mkdir "$tmp/missions"
cp "$MISSION" "$tmp/missions/a-very-long-mission-identifier.yaml"
cp data/missions/cauldron.yaml "$tmp/missions/"
expect 0 "list with a long id" -- env MURK_DATA_DIR="$tmp/missions" "$MURK" list
has out "^  a-very-long-mission-identifier Luneville" "list with a long id"
has out "^  cauldron {23}Cauldron" "list with a long id: the short id padded to it"

# ---- text from files and arguments is escaped ----
esc=$'\e]0;owned\a\e[2J'
expect 1 "check of a file named with escapes" -- "$MURK" check "$tmp/$esc.yaml"
clean err "check of a file named with escapes"
has err '\\x1b\]0;owned\\x07\\x1b\[2J\.yaml: error: ' "check of a file named with escapes"
expect 2 "an option with escapes" -- "$MURK" run "$tmp/ok.txt" "--$esc"
clean err "an option with escapes"
expect 2 "a bad value with a C1 and DEL" -- "$MURK" sim luneville --games $'\xc2\x9b1\x7f'
clean err "a bad value with a C1 and DEL"
has err "got '\\\\u009b1\\\\x7f'" "a bad value with a C1 and DEL"
expect 1 "a mission id with escapes" -- "$MURK" sim "x$esc" --games 1
clean err "a mission id with escapes"
# A command echoed in the run's error.
printf '# mission: %s\n# seed: 7\nmo\033[2Jve 1 to 2,2\n' "$MISSION" >"$tmp/esc.txt"
expect 1 "a script line with escapes" -- "$MURK" run "$tmp/esc.txt"
clean err "a script line with escapes"
clean out "a script line with escapes (transcript)"
has err "^$tmp/esc.txt:3:1: error: " "a script line with escapes"
# A mission whose name holds a newline and escapes: listed, checked and played on one line
# each (the loader may refuse it outright; then its error is escaped).
mkdir "$tmp/evil"
sed 's/^name: .*/name: "Evil\\nresult: attacker wins\\e]0;t\\a"/' "$MISSION" >"$tmp/evil/evil.yaml"
grep -q '^name: "Evil' "$tmp/evil/evil.yaml" || fail "the evil mission was not made"
for cmd in "check $tmp/evil/evil.yaml" list "sim evil --games 2" "run evil --seed 1 --script $tmp/bare.txt"; do
  # shellcheck disable=SC2086
  env MURK_DATA_DIR="$tmp/evil" "$MURK" $cmd >"$tmp/out" 2>"$tmp/err"
  checks=$((checks + 1))
  clean out "murk $cmd (stdout)"
  clean err "murk $cmd (stderr)"
  hasnt out "^result: attacker wins" "murk $cmd: a forged line"
done

# --with RULE adds a special rule when a game starts (docs/commands.md): a name that is no
# rule is a usage error with the nearest one, a pair the pair table refuses is refused with
# its reason, the rules go into the save ('# with:') and replay from it, and murk list marks
# the missions that play double_blind.
expect 2 "--with a misspelt rule" -- "$MURK" sim luneville --games 1 --with double_blnd
has err "no rule 'double_blnd' \(did you mean 'double_blind'\?\)" "--with a misspelt rule"
expect 1 "--with a refused pair" -- "$MURK" sim luneville --games 1 --with cloaking
has err "fog_of_war and cloaking cannot be played together: fog of war's templates" "--with a refused pair"
expect 1 "--with escalation without reserves" -- "$MURK" sim free-for-all --games 1 --with escalation
has err "escalation cannot be added to .*: add reserves too" "--with escalation"
expect 0 "--with two rules" -- "$MURK" sim free-for-all --games 2 --with double_blind,fog_of_war
has out "Free-for-All \+ fog_of_war \+ double_blind" "--with two rules: the name says them"
expect 0 "run --with, saved" -- "$MURK" run free-for-all --seed 3 --script "$tmp/ok.txt" --with double_blind \
  --with fog_of_war --save "$tmp/with.murk"
grep -q '^# with: fog_of_war double_blind$' "$tmp/with.murk" || fail "the save lacks '# with:': $(head -8 "$tmp/with.murk")"
expect 0 "replay of a save with rules added" -- "$MURK" replay "$tmp/with.murk"
has out "setup: Free-for-All \+ double_blind \+ fog_of_war|setup: Free-for-All \+ fog_of_war \+ double_blind" "the replay plays the rules added"
expect 0 "murk list" -- env -u MURK_DATA_DIR "$MURK" list
has out "^ +luneville-double-blind +Luneville, double-blind: .*\[double_blind\]$" "murk list marks double_blind"
hasnt out "^ +luneville +Luneville: .*\[double_blind\]" "murk list marks only double_blind missions"

# `murk list` with one of the user's own missions broken: the others listed, the broken one
# marked, a warning, exit 0 (a broken bundled mission is exit 1: check_bundled.sh).
mkdir -p "$tmp/xdg/murk/missions"
cp "$MISSION" "$tmp/xdg/murk/missions/mine.yaml"
sed -i 's/^id: .*/id: mine-own/' "$tmp/xdg/murk/missions/mine.yaml"
printf 'name: [broken\n' >"$tmp/xdg/murk/missions/broken.yaml"
XDG_DATA_HOME=$tmp/xdg "$MURK" list >"$tmp/out" 2>"$tmp/err"
rc=$?
checks=$((checks + 1))
[ "$rc" = 0 ] || fail "murk list with a broken mission of the user's own: exit $rc, not 0"
grep -q "broken.yaml *DOES NOT LOAD" "$tmp/out" || fail "the user's broken mission is not marked: $(cat "$tmp/out")"
grep -q "^  luneville " "$tmp/out" || fail "the bundled missions are not listed: $(cat "$tmp/out")"
grep -q "warning: 1 of your missions does not load" "$tmp/err" || fail "no warning: $(cat "$tmp/err")"

# The man page's synopsis names every option each command's usage names (its lines before
# the blank: `murk sim`'s --max-turns was once missing).
for c in list check show play run saves sim host join; do
  for opt in $("$MURK" help "$c" 2>&1 | sed -n '/^usage:/,/^[^ u]/p' | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
    checks=$((checks + 1))
    grep -qF -- "$(printf '%s' "$opt" | sed 's/-/\\-/g')" docs/murk.6 ||
      fail "docs/murk.6 does not name $opt of murk $c"
  done
done

finish args.sh
