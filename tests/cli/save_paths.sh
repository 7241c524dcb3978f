#!/usr/bin/env bash
# save_paths.sh: where saves go and where their missions are found.
#   - `--save LINK` writes through a symbolic link to its target (a link counts as what it
#     points to): the link stays a link, the target holds the save; a dangling link's
#     target is created; a loop of links is refused;
#   - `--save` or `--autosave` onto the mission file being played is refused (exit 2), the
#     mission untouched, also through a link;
#   - a save's relative mission path is found beside the save first, then in the working
#     directory: a save and its mission moved together replay from anywhere, even where a
#     different file of the same name sits in the working directory;
#   - `check`, `list`, `sim`, `run` exit 1 with a message when stdout cannot be written.
# Run from the repository root with $MURK set to the program (ctest does both).
source "$(dirname "${BASH_SOURCE[0]}")/common.bash"
GAME=tests/games/luneville-no-last-turn.txt

# Symbolic links.
mkdir -p "$tmp/real"
: >"$tmp/real/game.sav"
ln -s real/game.sav "$tmp/link.sav"
checks=$((checks + 1))
"$MURK" run "$GAME" --save "$tmp/link.sav" >/dev/null 2>"$tmp/err" || fail "--save onto a link: $(cat "$tmp/err")"
[ -L "$tmp/link.sav" ] || fail "--save replaced the link with a file"
grep -q '^# murk-save' "$tmp/real/game.sav" || fail "--save did not write the link's target"
ln -s real/new.sav "$tmp/dangling.sav"
checks=$((checks + 1))
"$MURK" run "$GAME" --save "$tmp/dangling.sav" >/dev/null 2>"$tmp/err" || fail "--save onto a dangling link: $(cat "$tmp/err")"
[ -L "$tmp/dangling.sav" ] && grep -q '^# murk-save' "$tmp/real/new.sav" || fail "--save onto a dangling link did not create its target"
ln -s loop2 "$tmp/loop1"
ln -s loop1 "$tmp/loop2"
checks=$((checks + 1))
"$MURK" run "$GAME" --save "$tmp/loop1" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc = 1 ] && grep -q "symbolic links" "$tmp/err" || fail "--save onto a loop of links: exit $rc: $(cat "$tmp/err")"

# The mission being played.
cp data/missions/luneville.yaml "$tmp/m.yaml"
sed 's|^# mission: .*|# mission: m.yaml|' "$GAME" >"$tmp/game.txt"
ln -s m.yaml "$tmp/m-link.yaml"
for opt in save autosave; do
  for target in m.yaml m-link.yaml; do
    checks=$((checks + 1))
    "$MURK" run "$tmp/game.txt" --$opt "$tmp/$target" >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc = 2 ] && grep -q "mission file being played" "$tmp/err" ||
      fail "--$opt onto the mission ($target): exit $rc: $(cat "$tmp/err")"
    cmp -s "$tmp/m.yaml" data/missions/luneville.yaml || fail "--$opt $target changed the mission"
  done
done

# A relative mission beside the save: replayed from another folder that has its own m.yaml.
checks=$((checks + 1))
"$MURK" run "$tmp/game.txt" --save "$tmp/rel.sav" >"$tmp/want" 2>"$tmp/err" || fail "run with a relative mission: $(cat "$tmp/err")"
mkdir -p "$tmp/elsewhere"
printf 'not a mission\n' >"$tmp/elsewhere/m.yaml"
(cd "$tmp/elsewhere" && "$MURK" replay ../rel.sav >"$tmp/got" 2>"$tmp/err") ||
  fail "replay beside a wrong m.yaml: $(cat "$tmp/err")"
cmp -s "$tmp/want" "$tmp/got" || fail "the replay from another folder differs"

# Output that cannot be written.
if [ -w /dev/full ]; then
  for args in "list" "check luneville" "sim luneville --games 1" "run $GAME"; do
    checks=$((checks + 1))
    # shellcheck disable=SC2086
    "$MURK" $args >/dev/full 2>"$tmp/err"
    rc=$?
    [ $rc = 1 ] && grep -q "cannot write" "$tmp/err" || fail "murk $args >/dev/full: exit $rc: $(cat "$tmp/err")"
  done
else
  echo "SKIP: /dev/full is not writable here"
fi
finish save_paths.sh
