#!/usr/bin/env bash
# tui_cards.sh: reading the table at 80x24, in tmux, on tests/cli/data/cards.yaml (woods
# across the middle, Fog of War templates, Flames of War profiles). Checks that:
#   - a list's long label is wrapped whole, never cut (the deploy list);
#   - `c` shows the card of the unit at the cursor: an own template's platoon in full
#     (skill, motivation, armour, range, rate of fire, anti-tank, firepower); an enemy
#     template nothing of what it holds; a revealed enemy platoon its public stats;
#   - `t` draws a line of sight: "blocked by the woods at" across the woods, and "clear"
#     over the cell of a hidden enemy template (a unit never blocks, never shows);
#   - `M` opens every event whole where the event panel cuts it, and the help wraps.
. "$(dirname "$0")/tui_common.bash"

export TUI_SIZE="80 24"
tui_start tests/cli/data/cards.yaml --seed 1 --vs human
take_over attacker

# The deploy list at the cursor: the long label wraps, its end is on the screen.
keys d
wait_for "Deploy at" || screen >&2
if ! screen | grep -qF "recce troop, 3 teams)"; then
  fail "the deploy list cuts a long label:"
  screen >&2
fi
keys Escape
wait_gone "Deploy at"

cmd "deploy 1 at 7,9"
take_over defender
cmd "deploy 1 at 13,2"
take_over attacker
cmd "end"
take_over defender
cmd "end"
take_over attacker

# The own template's card, in full.
keys g
wait_for "Cell 07,09"
keys c
wait_for "Card 07,09"
for want in "your platoon 1 under its template" "heavy tank platoon with its recce troop" \
  "Sherman (3): skill 4+, motivation 4+," "armour 6/4/1 (front/side/top)" \
  "range 8 cells, rate of fire 2 (moving 1), anti-tank 10," "firepower 3+"; do
  screen | grep -qF "$want" || fail "the own card lacks \"$want\""
done

# A thread from the own template north across the woods (columns 6 to 9, rows 5 and 6).
keys t K k k
wait_for "line of sight 07,09 to 07,02: blocked by the woods at 07,06" || screen >&2
keys t
wait_gone "line of sight"

# The enemy's template: its kind and nothing of what it holds.
keys l l l l l l
wait_for "Card 13,02"
wait_for "T2: enemy template"
for secret in "Zulu" "Rifle" "rifle platoon" "skill 3+" "save 3+"; do
  if screen | grep -qF "$secret"; then
    fail "the enemy template's card shows \"$secret\":"
    screen >&2
  fi
done
keys c
wait_gone "Card 13,02"

# A thread over the hidden template's cell: a unit never blocks it.
keys k t j j j
wait_for "line of sight 13,01 to 13,04: clear, 3 cells" || screen >&2
keys Escape
wait_gone "line of sight"

# Every event whole in the reader, where the event panel cuts it (its heading says so).
screen | grep -qF "Events  M: whole lines" || fail "the event log does not point to M"
keys M
wait_for "Events, then the last message"
wait_for "setup: deployment; the attacker deploys first"
keys Escape
wait_gone "Events, then the last message"

# The help wraps its lines at 80 columns: none is cut.
keys '?'
wait_for "Keys  (j/k scroll"
keys j j j j j j
settle
if screen | grep -qF "…│"; then
  fail "the help cuts a line:"
  screen >&2
fi
keys Escape
wait_gone "Keys  (j/k scroll"

# The defender reveals; the attacker's card of a revealed team shows what is public.
cmd "end"
cmd "end"
cmd "end"
take_over defender
cmd "reveal 1"
wait_for "revealed"
cmd "end"
cmd "end"
cmd "end"
take_over attacker
keys k k
wait_for "Cell 13,02"
keys c
wait_for "Card 13,02"
for want in "P2: enemy Zulu Riflemen (rifle platoon), 4 teams" \
  "Rifle team (1): skill 3+, motivation 3+, save 3+" "anti-tank 2," "firepower 6+"; do
  screen | grep -qF "$want" || fail "the revealed enemy's card lacks \"$want\""
done

keys q
keys y
wait_exit >/dev/null
finish
