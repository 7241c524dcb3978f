#!/usr/bin/env bash
# tui_fair.sh: two people at one computer (docs/fair-play.md).
#   - a second `murk play` keeps its own autosave: the first game's file is left byte for
#     byte as it was; `murk saves` lists both; `murk play` alone offers to resume one and
#     goes on with the one chosen;
#   - a sealed game: passphrases set at the start (typed twice, not shown), the status
#     line says sealed and shows no seed, the hand-over shows a history fingerprint, asks
#     the incoming side's passphrase, refuses a wrong one without showing anything, and
#     takes the right one; the autosave is sealed and the side's replay opens with its
#     passphrase; no passphrase is in any file murk wrote.
. "$(dirname "$0")/tui_common.bash"
export MURK_PWHASH=1,8192 MURK_TEST_WEAK_PWHASH=1


quit_game() {
  settle
  sleep 0.7 # a hand-over throws away keys in its first half second
  keys q
  wait_for "Quit the game?"
  keys y
  rc=$(wait_exit)
  [ "$rc" = 0 ] || fail "$1: murk play exited with $rc ($(cat "$tmp/stderr"))"
}

# Two objectives by the attacker, then the hand-over autosaves.
two_objectives() {
  wait_for "Pass the keyboard to the attacker."
  pass_handover
  wait_for "attacker's table"
  settle
  screen | grep -qF "Since your last turn" && keys Escape
  cmd "objective at $1,2"
  wait_for "attacker places objective 1 at $1,02"
  cmd "objective at 20,2"
  wait_for "Pass the keyboard to the defender."
}

# 1. Two open games, one after the other: each its own file.
tui_start luneville --seed 5 --vs human
two_objectives 10
quit_game "the first game"
first=$(game_file)
[ -n "$first" ] || fail "the first game left no autosave"
sum_first=$(sha256sum "$first" 2>/dev/null)

tui_start luneville --seed 6 --vs human
two_objectives 12
quit_game "the second game"
n=$(ls "$tmp/state/murk/"*.murk 2>/dev/null | wc -l)
[ "$n" = 2 ] || fail "two games, $n save files"
[ "$(sha256sum "$first" 2>/dev/null)" = "$sum_first" ] ||
  fail "the second murk play changed the first game's autosave"

XDG_STATE_HOME="$tmp/state" "$MURK" saves >"$tmp/saves" 2>&1 || fail "murk saves failed"
[ "$(grep -c 'Luneville.*setup.*defender.*open' "$tmp/saves")" = 2 ] ||
  fail "murk saves does not list both games: $(cat "$tmp/saves")"

# 2. murk play alone offers them; the older is the second line.
tui_start
wait_for "Resume one (1-2)"
send_text 2
keys Enter
wait_for "Pass the keyboard to the defender."
pass_handover
wait_for "defender's table"
wait_for "attacker places objective 1 at 10,02"
quit_game "the resumed game"
[ "$(ls "$tmp/state/murk/"*.murk | wc -l)" = 2 ] || fail "resuming made a new file"

# 3. A sealed game.
rm -f "$tmp/state/murk/"*.murk
tui_start luneville
# Without --vs a new game first asks who plays the other side.
wait_for "Who plays the other side?"
wait_for "Choose 1 or 2 (Enter: 1):"
send_text 3
keys Enter
wait_for "1 or 2:"
send_text 1
keys Enter
# Then which rules to add for this game (any the pair table allows): a wrong one is refused
# with the table's reason and asked again; fog_of_war cannot join Luneville's own.
wait_for "Special rules of this mission: fog_of_war"
wait_for "Add a rule for this game?"
send_text cloaking
keys Enter
wait_for "Not added: fog_of_war and cloaking cannot be played together"
send_text double_blind
keys Enter
wait_for "Added: double_blind."
keys Enter
wait_for "The attacker's passphrase"
send_text "crimson-fox-7"
keys Enter
wait_for "Again:"
send_text "crimson-fox-7"
keys Enter
wait_for "The defender's passphrase"
screen | grep -qF "crimson" && fail "a passphrase shows on the screen"
send_text "azure-heron-9"
keys Enter
wait_for "Again:"
send_text "azure-heron-9"
keys Enter
wait_for "Press Enter to play."
keys Enter
wait_for "Pass the keyboard to the attacker."
wait_for "History fingerprint "
pass_handover
wait_for "type your passphrase"
send_text "azure-heron-9" # the defender's: wrong here
keys Enter
wait_for "wrong passphrase (1 of 3 tries)"
settle
shows_table && fail "a wrong passphrase showed the table"
screen | grep -qF "azure" && fail "the passphrase shows on the screen"
send_text "crimson-fox-7"
keys Enter
wait_for "attacker's table"
settle
screen | grep -qF "Since your last turn" && keys Escape
screen | head -n 1 | grep -qF "sealed" || fail "the status line does not say sealed"
screen | head -n 1 | grep -qF "Luneville + double_blind" ||
  fail "the status line does not name the rule added: $(screen | head -n 1)"
screen | grep -qiE "seed [0-9]" && fail "a sealed game with secret dice shows a seed"
cmd "objective at 10,2"
wait_for "attacker places objective 1 at 10,02"
cmd "objective at 20,2"
wait_for "Pass the keyboard to the defender."
quit_game "the sealed game"
save=$(game_file)
if [ -z "$save" ]; then
  fail "the sealed game left no autosave"
else
  sed -n 2p "$save" | grep -q '^# sealed: argon2id13 ops=1 mem=8192$' || fail "the autosave is not sealed"
  grep -q 'objective at' "$save" && fail "the sealed autosave holds a command"
  printf 'crimson-fox-7\n' >"$tmp/pa"
  "$MURK" replay "$save" --as attacker --passphrase-file "attacker:$tmp/pa" >"$tmp/rec" 2>"$tmp/err" ||
    fail "the attacker's replay of the sealed autosave: $(cat "$tmp/err")"
  grep -q 'attacker places objective 1 at 10,02' "$tmp/rec" || fail "the attacker's record lacks its move"
  "$MURK" replay "$save" --as defender --passphrase-file "defender:$tmp/pa" >/dev/null 2>&1 &&
    fail "the attacker's passphrase opened the defender's record"
fi

# 4. murk saves lists it as sealed; --load needs both passphrases: a wrong one from a file
#    is refused, a wrong one typed is asked again, the right ones go on, in the same file, to the defender's hand-over and passphrase.
if [ -n "$save" ]; then
  XDG_STATE_HOME="$tmp/state" "$MURK" saves >"$tmp/saves" 2>&1
  grep -qi 'luneville.*setup.*defender.*sealed' "$tmp/saves" ||
    fail "murk saves does not list the sealed game: $(cat "$tmp/saves")"
  grep -q 'crimson\|azure' "$tmp/saves" && fail "murk saves shows a passphrase"
  printf 'azure-heron-9\n' >"$tmp/pd"
  sum=$(sha256sum "$save")
  tui_start --load "$save" --passphrase-file "attacker:$tmp/pa" --passphrase-file "defender:$tmp/pa"
  rc=$(wait_exit)
  [ "$rc" = 1 ] || fail "a sealed load with a wrong defender passphrase: exit $rc"
  grep -q "the defender's passphrase does not open this save" "$tmp/stderr" ||
    fail "a sealed load with a wrong passphrase: $(cat "$tmp/stderr")"
  [ "$(sha256sum "$save")" = "$sum" ] || fail "a refused load changed the save"
  # A typed passphrase may be mistyped: asked again (three tries), not refused at once.
  tui_start --load "$save" --passphrase-file "attacker:$tmp/pa"
  wait_for "fender's passphrase:"
  send_text "azure-heron-0"
  keys Enter
  wait_for "that was not it, 2 more tries"
  send_text "azure-heron-9"
  keys Enter
  wait_for "Pass the keyboard to the defender."
  keys C-c
  wait_exit >/dev/null
  tui_start --load "$save" --passphrase-file "attacker:$tmp/pa" --passphrase-file "defender:$tmp/pd"
  wait_for "Pass the keyboard to the defender."
  pass_handover
  wait_for "type your passphrase"
  send_text "azure-heron-9"
  keys Enter
  wait_for "defender's table"
  quit_game "the loaded sealed game"
  [ "$(ls "$tmp/state/murk/"*.murk | wc -l)" = 1 ] || fail "loading a sealed game made a new file"
fi
grep -rl 'crimson-fox-7\|azure-heron-9' "$tmp/state" "$tmp/stderr" 2>/dev/null | grep -q . &&
  fail "a file murk wrote holds a passphrase"
finish
