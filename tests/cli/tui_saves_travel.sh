#!/usr/bin/env bash
# tui_saves_travel.sh: a save carries the mission it was played with (docs/playing.md,
# "Saves travel"). Checks that:
#   - a save names its mission by id and hash and holds the mission file byte for byte;
#   - with the mission file deleted, `murk play --load` goes on with the save's copy, a
#     command is taken, and the autosave carries the mission too; `murk replay` and `murk
#     saves` read it;
#   - with the mission file changed, the load says so before the screen opens, plays the
#     save's copy (the change does not reach the game) and goes on;
#   - an older save that names its mission by a path only still loads, and when that path
#     is gone, the bundled mission of the same name and hash is found.
. "$(dirname "$0")/tui_common.bash"

GAME=tests/games/luneville-no-last-turn.txt
mkdir -p "$tmp/m"
cp data/missions/luneville.yaml "$tmp/m/luneville.yaml"
sed "s|^# mission: .*|# mission: $tmp/m/luneville.yaml|" "$GAME" >"$tmp/game.txt"
"$MURK" run "$tmp/game.txt" --save "$tmp/game.murk" >/dev/null 2>"$tmp/err" ||
  fail "murk run --save: $(cat "$tmp/err")"
grep -qx '# mission-id: luneville' "$tmp/game.murk" || fail "the save does not name its mission's id"
sed -n 's/^#|$//p; s/^#| //p' "$tmp/game.murk" >"$tmp/carried"
cmp -s "$tmp/carried" data/missions/luneville.yaml || fail "the save does not carry the mission file"
"$MURK" replay "$tmp/game.murk" >"$tmp/want" 2>"$tmp/err" || fail "replay: $(cat "$tmp/err")"

# The shooting step of the attacker's turn 11, at the table; `end` goes on to the assault.
play_on() {
  local what=$1
  take_over attacker || return
  screen | grep -qF "shooting step" || fail "$what: not the shooting step:"$'\n'"$(screen)"
  cmd end
  wait_for "assault step" || fail "$what: the game did not go on"
  keys q
  wait_for "Quit the game?" && keys y
  [ "$(wait_exit)" = 0 ] || fail "$what: murk play did not exit 0: $(cat "$tmp/stderr")"
}

# 1. The mission file is gone (the checkout deleted, the install moved).
rm -rf "$tmp/m"
tui_start --load "$tmp/game.murk"
play_on "mission deleted"
grep -q "has changed" "$tmp/stderr" && fail "a note about a changed mission, with none to compare"
auto=$(game_file)
[ -n "$auto" ] && grep -qx '# mission-id: luneville' "$auto" || fail "the autosave does not carry the mission"
sed -n 's/^#|$//p; s/^#| //p' "$auto" | cmp -s - data/missions/luneville.yaml ||
  fail "the autosave's copy of the mission differs from the file played"
"$MURK" replay "$tmp/game.murk" >"$tmp/got" 2>"$tmp/err" || fail "replay without the mission file: $(cat "$tmp/err")"
cmp -s "$tmp/want" "$tmp/got" || fail "the replay without the mission file differs"
XDG_STATE_HOME=$tmp/state "$MURK" saves >"$tmp/saves" 2>&1
grep -q "Luneville" "$tmp/saves" || fail "murk saves does not read the game:"$'\n'"$(cat "$tmp/saves")"

# 2. The mission file changed (murk updated): said at load, the save's copy played.
rm -f "$tmp/state/murk/"*.murk
mkdir -p "$tmp/m"
sed 's/^name: Luneville$/name: Luneville Changed/' data/missions/luneville.yaml >"$tmp/m/luneville.yaml"
cmp -s "$tmp/m/luneville.yaml" data/missions/luneville.yaml && fail "the mission was not changed"
tui_start --load "$tmp/game.murk"
wait_for "Press Enter to play"
note=$(screen | tr -d '\n')
for want in "has changed since this game was saved" "$tmp/m/luneville.yaml" "the copy of it the save keeps"; do
  [[ $note == *"$want"* ]] || fail "the note at load lacks '$want': $note"
done
keys Enter
play_on "mission changed"
screen | grep -qF "Luneville Changed" && fail "the changed mission reached the game"
"$MURK" replay "$tmp/game.murk" >"$tmp/got" 2>"$tmp/err" || fail "replay with a changed mission: $(cat "$tmp/err")"
cmp -s "$tmp/want" "$tmp/got" || fail "the replay with a changed mission differs"

# 3. An older save, naming its mission by a path (no id, no text; version 1, no chain).
old() {
  sed -e '/^# mission-id: /d' -e '/^# mission-text: /d' -e '/^#|/d' -e '/^# chain: /d' \
    -e 's/^# murk-save: 2$/# murk-save: 1/' -e "s|^# mission: .*|# mission: $1|" "$tmp/game.murk"
}
mkdir -p "$tmp/oldstate/murk"
old "$PWD/data/missions/luneville.yaml" >"$tmp/oldstate/murk/at-path.murk"
old "/nowhere/murk/data/missions/luneville.yaml" >"$tmp/oldstate/murk/moved.murk"
old "/nowhere/murk/data/missions/encounter.yaml" >"$tmp/oldstate/murk/other.murk"
XDG_STATE_HOME=$tmp/oldstate "$MURK" saves --all >"$tmp/saves" 2>&1 ||
  XDG_STATE_HOME=$tmp/oldstate "$MURK" saves >"$tmp/saves" 2>&1
for f in at-path moved; do
  grep "^$f" "$tmp/saves" | grep -q "Luneville" || fail "the older save $f.murk does not load:"$'\n'"$(cat "$tmp/saves")"
done
grep "^other" "$tmp/saves" | grep -q "Luneville" && fail "a mission of another name and hash was taken for an older save's"
tui_start --load "$tmp/oldstate/murk/moved.murk"
play_on "an older save whose mission moved"

finish
