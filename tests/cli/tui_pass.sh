#!/usr/bin/env bash
# tui_pass.sh: a sealed hot-seat Luneville asks for a passphrase only at the hand-overs that
# need one (docs/playing.md, "Hand-over"): from the first hand-over to turn 1's table, at
# most 8 passphrase entries (both sides' objectives, reserves, every alternate deployment,
# naming the templates' platoons and the independent teams). Each hand-over that asks is
# counted; a hand-over that does not ask still shows nothing of the table, and a side's
# screen shows none of the other side's platoon names.
. "$(dirname "$0")/tui_common.bash"
export MURK_PWHASH=1,8192 MURK_TEST_WEAK_PWHASH=1

MAX_ENTRIES=8
declare -A pass=([attacker]="crimson-fox-7 lantern" [defender]="azure-heron-9 quarry")
entries=0
asked=()
declare -A force=()
mission=data/missions/luneville.yaml
# shellcheck disable=SC2034 # read by check_hidden (tui_common.bash)
mapfile -t public_text < <(force_names "$mission")

# Past the hand-over to SIDE: the passphrase if it is asked for (counted), then SIDE's
# table, past any recap.
enter() {
  local side=$1 what=$2
  wait_for "Pass the keyboard to the $side." || return 1
  settle
  shows_table && fail "the hand-over to the $side ($what) shows the table"
  force[$side]=$(screen | sed -n "s/.*(the $side plays \(.*\)).*/\1/p" | head -n 1)
  pass_handover
  local end=$((SECONDS + TUI_TIMEOUT))
  while [ $SECONDS -le $end ]; do
    local shot
    shot=$(screen)
    if printf '%s\n' "$shot" | grep -qF "type your passphrase"; then
      entries=$((entries + 1))
      asked+=("$side: $what")
      send_text "${pass[$side]}"
      keys Enter
      break
    fi
    printf '%s\n' "$shot" | grep -qF "$side's table" && break
    sleep 0.1
  done
  wait_for "$side's table" || return 1
  settle
  if screen | grep -qF "Since your last turn"; then
    keys Escape
    wait_gone "Since your last turn"
    settle
  fi
  local other=attacker
  [ "$side" = attacker ] && other=defender
  [ -n "${force[$other]:-}" ] &&
    force_platoon_names "$mission" "${force[$other]}" | check_hidden "the $side's table ($what)"
  return 0
}

# A command on the `:` line, then what the table says once it is done.
do_cmd() {
  cmd "$1"
  wait_for "$2" || return 1
}

tui_start luneville --vs human
for side in attacker defender; do
  wait_for "The $side's passphrase" || finish
  send_text "${pass[$side]}"
  keys Enter
  wait_for "Again:" || finish
  send_text "${pass[$side]}"
  keys Enter
done
wait_for "Press Enter to play." || finish
keys Enter

# Objectives: the attacker's two in the north half, the defender's two in the south.
enter attacker objectives || finish
do_cmd "objective at 18,1" "objective 1 at 18,01"
do_cmd "objective at 26,2" "Pass the keyboard to the defender."
enter defender objectives || finish
do_cmd "objective at 12,22" "objective 3 at 12,22"
do_cmd "objective at 20,23" "Pass the keyboard to the attacker."

# Reserves: nothing before deployment; each side holds its transport platoon back as it
# names its templates' platoons.
for side in attacker defender; do
  enter $side reserves || finish
  cmd "end"
done

# Alternate deployment, attacker (south) first: templates whose platoons are named when the
# side ends (docs/rules.md, "Naming templates at the end of deployment").
south=("16,20" "12,20" "27,20" "20,22" "6,19")
north=("21,3" "15,4" "30,1" "24,2" "8,2")
for i in 0 1 2 3 4; do
  enter attacker "deployment $((i + 1))" || finish
  cmd "template at ${south[$i]}"
  enter defender "deployment $((i + 1))" || finish
  cmd "template at ${north[$i]}"
done
enter attacker "naming its templates' platoons" || finish
for k in 2 3 4 5 7; do
  t=$((2 * (k > 5 ? 5 : k - 1) - 1))
  do_cmd "put $k at T$t" "T$t is your"
done
do_cmd "reserve 6" "held in delayed reserve"
cmd "end"
enter defender "naming its templates' platoons" || finish
for k in 2 3 4 5 7; do
  t=$((2 * (k > 5 ? 5 : k - 1)))
  do_cmd "put $k at T$t" "T$t is your"
done
do_cmd "reserve 6" "held in delayed reserve"
cmd "end"
enter attacker "independent teams" || finish
cmd "deploy 1 at 17,22"
enter defender "independent teams" || finish
cmd "deploy 1 at 19,1"

# The first turn goes to the side that won its roll (the dice are secret: either side).
# The defender, who placed last, goes on at its own table with no hand-over.
end=$((SECONDS + TUI_TIMEOUT))
while [ $SECONDS -le $end ]; do
  screen | grep -qF "Pass the keyboard to the " && break
  screen | grep -qF "defender's table | turn 1" && break
  sleep 0.1
done
if screen | grep -qF "Pass the keyboard to the "; then
  first=attacker
  screen | grep -qF "Pass the keyboard to the defender." && first=defender
  enter $first "turn 1" || finish
fi
screen | grep -qE "[Tt]urn 1" || fail "turn 1 did not begin: $(screen | head -n 1)"

echo "passphrase entries before turn 1: $entries"
printf '  %s\n' "${asked[@]}"
[ "$entries" -le "$MAX_ENTRIES" ] ||
  fail "$entries passphrase entries before turn 1 of a sealed Luneville (at most $MAX_ENTRIES)"
finish
