#!/usr/bin/env bash
# tui_table.sh: the table read at a glance, in the words of the rules in force,
# in tmux. Checks that:
#   - Limited Intelligence setup: the Forces panel and the deploy list group the platoons
#     by wing, each wing with its Dis range;
#   - the map has column numbers above it and row numbers beside it; `?` ends with a legend
#     of the glyphs;
#   - two-digit markers keep their letter: at two columns a cell "T12" over the next cell's
#     first column where that shows only terrain, else "T+"; a large window zooms in (T12
#     in each cell's own columns), no wide empty band;
#   - PgUp/PgDn move the event log a page, its header says newer lines are below;
#   - resuming a save at a hand-over shows what happened since the side's last turn;
#   - a night mission without Fog of War offers no `s spot` key and refuses `spot` in its
#     own words;
#   - quitting after game over does not suggest --load;
#   - TERM=dumb (no cursor addressing) is refused with a message and exit code 1, before
#     any question (who plays, passphrases).
. "$(dirname "$0")/tui_common.bash"


# Its own take_over: part 2 must see the recap that tui_common.bash's would dismiss.
take_over() {
  local side=$1
  wait_for "Pass the keyboard to the $side." || return 1
  pass_handover
  wait_for "$side's table" || return 1
  settle
}

skip_recap() {
  if screen | grep -qF "Since your last turn"; then
    keys Escape
    wait_gone "Since your last turn"
  fi
}

# A save of a scripted game's first $2 lines, in the state directory (so that murk play
# keeps it as the game's autosave).
save_of() {
  local script=$1 lines=$2 out=$3
  head -n "$lines" "$script" | grep -v '^# expect' >"$tmp/prefix.txt"
  mkdir -p "$tmp/state/murk"
  "$MURK" run "$tmp/prefix.txt" --save "$out" >/dev/null || fail "cannot make a save of $script"
}

# 1. Limited Intelligence: the defender deploys first; wings in the panel and the list.
tui_start li-hohenfeld --seed 7 --vs human
take_over defender
skip_recap
wait_for "Main Line: Dis 2 cells"
wait_for "Horse Reserve: Dis 1 cell" # three platoons: a small wing at setup
keys d
wait_for "Main Line: wing of 4 platoons, Dis 2 cells"
# A wing of fewer than four platoons sets its Dis counters within one cell (27.1.2).
wait_for "Flank Guard: wing of 2 platoons, Dis 1 cell"
wait_for "a dummy wing leader (2 left)"
keys Escape
wait_gone "wing of 4 platoons"
# Rulers: the column numbers on the row above the map, the row numbers left of it.
screen | sed -n 2p | grep -q '^   00  02  04  06' || fail "no column numbers above the map: $(screen | sed -n 2p)"
screen | sed -n 3p | grep -q '^00 ' || fail "no row number left of row 00: $(screen | sed -n 3p)"
screen | sed -n 24p | grep -q '^21 ' || fail "no row number left of row 21: $(screen | sed -n 24p)"
# The legend at the end of the help.
keys '?'
wait_for "Keys  ("
# (pages: the help wraps its long lines, so its length depends on the window)
keys NPage NPage NPage NPage NPage NPage NPage NPage
wait_for "Map legend"
wait_for "woods (difficult)"
wait_for "a Dis counter of leader T5"
keys x
wait_gone "Map legend"

# 2. Luneville after the deployment: the attacker resumes at the hand-over of turn 1.
save=$tmp/state/murk/luneville-opening.murk
opening_end=$(grep -n '^# ---- turn 1, attacker' tests/games/luneville-opening.txt | cut -d: -f1)
save_of tests/games/luneville-opening.txt "$opening_end" "$save"
tui_start --load "$save"
take_over attacker
wait_for "Since your last turn"
wait_for "the attacker takes the first turn"
keys Escape
wait_gone "Since your last turn"
# The log by a page: 12 lines under its heading at 100x40, so 11 a page.
keys PPage
wait_for "Events (11 newer lines below: PgDn)"
keys PPage
wait_for "Events (22 newer lines below: PgDn)"
keys NPage NPage
wait_gone "newer lines below"
# Two-digit markers at 100x40 (two columns a cell): the kind's letter stays, and the number
# runs into the next cell where that shows only terrain ("T12"), else '+' ("T+"); never
# bare digits a team, a leader, a Dis counter or a contact could share.
map=$(screen | sed -n '3,40p' | sed 's/│.*//')
[ -n "${TUI_DUMP:-}" ] && printf '%s\n' "$map" >&2
grep -qE 'T1[0-6]' <<<"$map" || fail "no whole two-digit marker (T10-T16) on the map"
grep -qE '(^|[^0-9TPE#d])1[0-6]([^0-9]|$)' <<<"$map" && fail "bare two-digit numbers on the map"

# Quit, so that the save is free again (one process at a time has a game open).
keys q
wait_for "Quit the game?"
keys y
wait_exit >/dev/null

# 3. The same at 250x70: zoomed in, markers keep their letter, the panel takes the room.
TUI_SIZE="250 70" tui_start --load "$save"
take_over attacker
skip_recap
wait_for "T12"
wait_for "T16"
screen | sed -n 2p | grep -q '^   00  01  02  03' || fail "zoomed in, every column has its number"
# No wide empty band between the map and the panel.
screen | sed -n 10p | grep -qE '[^ ] {20,}│' && fail "a wide empty band beside the map"

# 4. A night mission without Fog of War: no spot key, and `spot` is refused in its words.
save2=$tmp/state/murk/night.murk
# The raid's setup, up to the attacker's first turn.
setup_end=$(grep -n '^# ---- turn 1, attacker' tests/games/night-saint-aubin-raid.txt | cut -d: -f1)
save_of tests/games/night-saint-aubin-raid.txt "$setup_end" "$save2"
tui_start --load "$save2"
take_over attacker
skip_recap
wait_for "m move r reveal"
screen | tail -n 1 | grep -qF "s spot" && fail "the night mission offers s spot: $(screen | tail -n 1)"
cmd "spot"
wait_for "Fog of War, which this mission does not"
keys q
wait_for "Quit the game?"
keys y
wait_exit >/dev/null

# 5. Game over: quitting points to murk replay, not to --load.
save3=$tmp/state/murk/over.murk
save_of tests/games/encounter-full.txt 100000 "$save3"
tui_start --load "$save3"
wait_for "GAME OVER"
keys q
rc=$(wait_exit)
[ "$rc" = 0 ] || fail "quitting a finished game: exit code $rc"
grep -q -- "--load" "$tmp/stderr" && fail "a finished game suggests --load: $(cat "$tmp/stderr")"
grep -q "murk replay" "$tmp/stderr" || fail "a finished game does not say how to read it: $(cat "$tmp/stderr")"

# 6. A terminal that cannot address the cursor is refused, as an unknown one is.
TUI_TERM=dumb tui_start luneville --seed 1 --vs human
rc=$(wait_exit)
[ "$rc" = 1 ] || fail "TERM=dumb: exit code $rc, not 1"
grep -q "TERM=dumb) cannot move the cursor" "$tmp/stderr" || fail "TERM=dumb: '$(cat "$tmp/stderr")'"
check_restored "after TERM=dumb"
TUI_TERM=no-such-terminal tui_start luneville --seed 1 --vs human
rc=$(wait_exit)
[ "$rc" = 1 ] || fail "an unknown TERM: exit code $rc, not 1"
# ... before any question: who plays (a new game without --vs), the passphrases (a sealed
# hot-seat game); nothing is asked that the refusal would throw away.
for args in "luneville" "luneville --vs human"; do
  # shellcheck disable=SC2086
  TUI_TERM=dumb tui_start $args
  rc=$(wait_exit)
  [ "$rc" = 1 ] || fail "TERM=dumb, murk play $args: exit code $rc, not 1"
  screen | grep -qiE "who plays|passphrase" && fail "TERM=dumb, murk play $args asked first: $(screen)"
  grep -q "TERM=dumb) cannot move the cursor" "$tmp/stderr" ||
    fail "TERM=dumb, murk play $args: '$(cat "$tmp/stderr")'"
done
TUI_TERM=no-such-terminal tui_start luneville
rc=$(wait_exit)
[ "$rc" = 1 ] || fail "an unknown TERM, a new game: exit code $rc, not 1"
screen | grep -qi "who plays" && fail "an unknown TERM asked who plays first"

finish
