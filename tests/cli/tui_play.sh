#!/usr/bin/env bash
# tui_play.sh: a hot-seat game of the bundled Luneville mission (seed 8) played with keys in
# tmux, through setup (objectives, reserves, deployment), a full turn of each side and the
# hand-overs between them. Checks that:
#   - every hand-over screen names the next side and shows nothing of the table;
#   - the attacker's screen never shows a platoon name of the force playing the defender
#     (none is revealed), nor the defender's one of the attacker's force;
#   - the incoming player first sees what happened since their last turn;
#   - help opens and closes; a rejected command shows its reason;
#   - e e leaves the hand-over up (only Enter goes on from it, after half a second);
#   - q, then y, exits 0 with the terminal restored and the game autosaved (0600, in a
#     0700 state directory);
#   - a platoon the attacker's spotting reveals is placed by the defender, its owner: a
#     hand-over to it (r and v offered, v puts a team by hand) and back to the attacker.
. "$(dirname "$0")/tui_common.bash"

mission=data/missions/luneville.yaml
mapfile -t public_text < <(force_names "$mission")
[ "${#public_text[@]}" -eq 2 ] || fail "could not read the force names of $mission"

# Check the screen of `side` hides the other side's platoons.
hidden() {
  local side=$1 other=defender
  [ "$side" = defender ] && other=attacker
  check_hidden "$side's screen" <"$tmp/$other.names"
}

# Take the screen over at a hand-over: the hand-over shows no table; then the incoming
# side's table (after the recap, when there is one).
take_over() {
  local side=$1
  wait_for "Pass the keyboard to the $side." || return 1
  if shows_table; then
    fail "the hand-over to the $side shows the table:"
    screen >&2
  fi
  pass_handover
  wait_for "$side's table" || return 1
  settle
  hidden "$side"
  if screen | grep -qF "Since your last turn"; then
    recap_seen=$((recap_seen + 1))
    keys Escape
    wait_gone "Since your last turn"
  fi
  hidden "$side"
}


recap_seen=0
tui_start luneville --seed 8 --vs human

# Which force plays the attacker is rolled: the first hand-over says it. Each side's
# platoon names are those of the force it plays.
wait_for "Pass the keyboard to the attacker."
settle
attacker_force=$(screen | sed -n 's/.*(the attacker plays \(.*\)).*/\1/p' | head -n 1)
defender_force=${public_text[0]}
[ "$defender_force" = "$attacker_force" ] && defender_force=${public_text[1]}
force_platoon_names "$mission" "$attacker_force" >"$tmp/attacker.names"
force_platoon_names "$mission" "$defender_force" >"$tmp/defender.names"
[ "$(wc -l <"$tmp/attacker.names")" -ge 5 ] && [ "$(wc -l <"$tmp/defender.names")" -ge 5 ] ||
  fail "could not read the platoon names of '$attacker_force' and '$defender_force' in $mission"

# Objectives: the attacker places two in the north, the defender two in the south.
take_over attacker
keys '?'
wait_for "Keys  ("
keys x
wait_gone "Keys  ("
cmd "objective at 10,20"
wait_for "objective at 10,20: the objective must be in the north half"
cmd "objective at 10,2"
wait_for "attacker places objective 1 at 10,02"
hidden attacker
# The second with the cursor: from the middle (18,12) ten rows up and two cells east.
keys k k k k k k k k k k l l
wait_for "Cell 20,02"
keys o
wait_for "Place an objective at 20,02?"
keys y
take_over defender
cmd "objective at 10,21"
wait_for "defender places objective 3 at 10,21"
cmd "objective at 20,21"

# Reserves: none. The attacker presses e twice: the first ends its reserves
# and puts up the hand-over, the second must not pass it (keys typed before it appeared
# and in its first half second are thrown away; only Enter goes on). Nor does another
# stray key afterwards.
take_over attacker
keys e e
wait_for "Pass the keyboard to the defender."
sleep 1
keys e
settle
screen | grep -qF "Pass the keyboard to the defender." ||
  fail "e e (and one more e) passed the hand-over"
shows_table && fail "the hand-over after e e shows a table"
take_over defender
keys e

# Deployment, alternating: platoon 2 with d at the cursor (it starts in the deployment
# zone; the list offers only what may be deployed now, so it opens on platoon 2: the
# independent headquarters, platoon 1, deploys later), shown first and placed with y;
# 3 to 7 through the command line. The headquarters stays off the table: under Fog of War
# it comes on with the first platoon revealed.
take_over attacker
keys d
wait_for "Deploy at"
screen | grep -qE "Deploy at [0-9]+,[0-9]+: 6 platoons(, [0-9]+ dumm(y|ies))? \(1 later\)" ||
  fail "the deploy list does not count what may be deployed now and later"
screen | grep -qE "^[^│]*│ +1  " && fail "the deploy list offers the headquarters, which deploys later"
keys Enter
wait_for "y or Enter: yes"
keys y
take_over defender
keys d
wait_for "Deploy at"
keys Enter
wait_for "y or Enter: yes"
keys y
ax=(0 0 0 27 29 31 33 35)
dx=(0 0 0 24 26 28 30 32)
for i in 3 4 5 6 7; do
  take_over attacker
  cmd "deploy $i at ${ax[$i]},21"
  take_over defender
  cmd "deploy $i at ${dx[$i]},1"
done

# Then every hand-over until turn 2 starts: setup steps that are left (ending deployment,
# and any later setup phase) are ended; in a player turn the attacker moves one template,
# and each side ends its three steps. Whoever wins the first-turn roll starts.
turns=0
for n in $(seq 1 12); do
  wait_for "Pass the keyboard to the" || break
  settle
  side=$(screen | sed -n 's/.*Pass the keyboard to the \([a-z]*\)\..*/\1/p' | head -n 1)
  [ "$side" = attacker ] || [ "$side" = defender ] || {
    fail "no side on the hand-over screen"
    break
  }
  before=$recap_seen
  take_over "$side"
  settle
  if ! screen | head -n 1 | grep -qE "turn [0-9]+[ ,]"; then
    cmd "end" # a setup phase: done
    continue
  fi
  turns=$((turns + 1))
  [ "$recap_seen" -gt "$before" ] || fail "the $side did not see what happened since the last turn"
  wait_for "turn $(((turns + 1) / 2)) (no last turn), movement step"
  [ "$turns" -eq 3 ] && break
  if [ "$side" = attacker ]; then
    cmd "move 3 to 27,19"
    wait_for "moves 27,21 -> 27,19"
  fi
  # Units that have not moved: e asks first.
  keys e
  wait_for "have not moved"
  keys y
  wait_for "shooting step"
  keys e
  wait_for "assault step"
  hidden "$side"
  keys e
done
[ "$turns" -eq 3 ] || fail "turn 2 did not start after $n hand-overs"

# Quit: asks first, then exits 0 with the terminal restored and the game saved.
keys q
wait_for "Quit the game?"
keys n
wait_gone "Quit the game?"
keys q
wait_for "Quit the game?"
keys y
rc=$(wait_exit)
[ "$rc" = 0 ] || fail "murk play exited with $rc after q y (stderr: $(cat "$tmp/stderr"))"
check_restored "after quitting"
shows_table && fail "the table is still on the screen after quitting"
save=$(game_file)
if [ -n "$save" ] && [ -f "$save" ]; then
  [ "$(stat -c %a "$save")" = 600 ] || fail "the autosave is not mode 0600"
  [ "$(stat -c %a "$tmp/state/murk")" = 700 ] || fail "the state directory is not mode 0700"
  grep -q '^# murk-save: 2' "$save" || fail "the autosave is not a save"
  grep -q '^# seed: 8' "$save" || fail "the autosave lacks the seed"
  grep -q '^attacker: move 3 to 27,19' "$save" || fail "the autosave lacks the last commands"
else
  fail "no autosave in $tmp/state/murk"
fi
grep -qF "game saved to $save" "$tmp/stderr" || fail "murk did not say where the game was saved"

# A platoon the enemy's spotting reveals is placed by its owner (docs/rules.md, "Placing the
# teams of a revealed platoon"): the attacker's spot of tests/games/luneville-spotted.txt
# hands over to the defender, whose r and v place it (v: a team on a lit cell by hand), and
# back to the attacker's shooting step, each hand-over with the table hidden.
spotted=tests/games/luneville-spotted.txt
sed -n '1,/^spot .*over to the defender/p' "$spotted" >"$tmp/spotted.txt"
"$MURK" run "$tmp/spotted.txt" --save "$tmp/spotted.murk" >/dev/null 2>&1 ||
  fail "murk run could not save the spotted game"
# The hand-over to `side` (no table on it), past its recap; revealed platoons are public
# here, so the names check above does not apply.
hand_to() {
  wait_for "Pass the keyboard to the $1." || return 1
  settle
  shows_table && fail "the hand-over to the $1 shows the table"
  pass_handover
  wait_for "$1's table" || return 1
  settle
  if screen | grep -qF "Since your last turn"; then
    keys Escape
    wait_gone "Since your last turn"
    settle
  fi
}
tui_start --load "$tmp/spotted.murk" --vs human
hand_to defender
screen | grep -qF "revealed P2: place its" || fail "the defender is not asked to place P2"
screen | tail -n 1 | grep -qF "r place P2" || fail "the key line does not offer r place P2: $(screen | tail -n 1)"
keys v
wait_for "place P2: Enter puts a team on a lit cell (4 to place)"
keys u l Enter
wait_for "place P2: 1 of 4 placed"
keys v
hand_to attacker
wait_for "defender P2: sherman at 20,07"
wait_for "its shooting step goes on"
keys q
wait_for "Quit the game?"
keys y
rc=$(wait_exit)
[ "$rc" = 0 ] || fail "murk play exited with $rc after the spotted game (stderr: $(cat "$tmp/stderr"))"
finish
