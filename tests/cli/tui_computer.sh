#!/usr/bin/env bash
# tui_computer.sh: a person against the computer: `murk play luneville --seed 8
# --vs computer --as attacker` played with keys in tmux through setup (objectives,
# reserves, deployment) and two turns. Checks that:
#   - no hand-over screen ever appears (one person at the keyboard);
#   - the computer plays its part of every setup phase and its turns by itself, and what
#     it did is shown as the "since your last turn" recap;
#   - the attacker's screen never shows the name of a platoon of the defender's force that
#     the computer has not revealed;
#   - the game reaches turn 3 and q y exits 0, the game autosaved with the computer's
#     commands in it;
#   - a platoon of the attacker's that the computer's spotting reveals is placed by the
#     person (r), with no hand-over, and the computer's turn goes on;
#   - the save keeps the seats: `murk play --load SAVE` goes on against the computer
#     without asking who plays, and the computer plays its turn 3 by itself; `--vs human`
#     at load makes it hot-seat (a hand-over), and the save then says so.
. "$(dirname "$0")/tui_common.bash"
# Wide enough that the status bar keeps the force's name beside the computer's level (the
# name gives way first on a narrower screen): the force is read off it below.
TUI_SIZE=${TUI_SIZE:-"120 40"}

mission=data/missions/luneville.yaml
mapfile -t public_text < <(force_names "$mission")
[ "${#public_text[@]}" -eq 2 ] || fail "could not read the force names of $mission"

# The defender's platoons the computer revealed are public: their names may show. The
# others must not (check_hidden), on every screen looked at.
touch "$tmp/public"
# The reveals come from the attacker's own record of the game (the autosave is written
# whenever the turn comes back to the person): the map shows a revealed platoon where it
# stands now, before the recap has come to its reveal.
hidden() {
  local save
  save=$(game_file)
  [ -n "$save" ] && "$MURK" replay "$save" --as attacker 2>/dev/null |
    sed -n 's/.*defender [TP][0-9]* .*: \(.*\) ([^()]*team.*/\1/p' >>"$tmp/public"
  grep -vxFf "$tmp/public" "$tmp/defender.names" >"$tmp/secret.names"
  check_hidden "$1" <"$tmp/secret.names"
}
no_handover() {
  screen | grep -qF "Pass the keyboard" && fail "a hand-over screen with one person: $1"
  return 0
}
recap_seen=0
# Skip the recap if it is up, counting it.
skip_recap() {
  settle
  if screen | grep -qF "Since your last turn"; then
    recap_seen=$((recap_seen + 1))
    hidden "the attacker's screen (recap)"
    keys Escape
    wait_gone "Since your last turn"
  fi
}

# The computer's spot revealed a platoon of the attacker's: the attacker, its owner, places
# it (r: by the rule; no hand-over, one person), then the computer's step goes on and its
# recap comes again. Counted in `placed`.
placed=0
place_due() {
  local i
  for i in 1 2 3 4 5 6; do
    screen | tail -n 1 | grep -qE "r place P[0-9]+" || return 0
    no_handover "placing a spotted platoon"
    keys r
    placed=$((placed + 1))
    wait_gone "r place P"
    skip_recap
  done
}

tui_start luneville --seed 8 --vs computer --as attacker
wait_for "attacker's table" || { finish; exit 1; }
settle
no_handover "at the start"
attacker_force=$(screen | sed -n "s/.*attacker's table (\(.*\)) |.*/\1/p" | head -n 1)
defender_force=${public_text[0]}
[ "$defender_force" = "$attacker_force" ] && defender_force=${public_text[1]}
force_platoon_names "$mission" "$defender_force" >"$tmp/defender.names"
[ "$(wc -l <"$tmp/defender.names")" -ge 5 ] ||
  fail "could not read the platoon names of '$defender_force' ('$attacker_force' attacks)"
skip_recap

# Objectives: the attacker's two in the north; then the computer places its own two.
cmd "objective at 10,2"
wait_for "attacker places objective 1 at 10,02"
cmd "objective at 20,2"
wait_for "defender places objective 4 at" # the computer's, in the recap
no_handover "after the objectives"
skip_recap
# Reserves: none; the computer nominates its own.
keys e
settle
no_handover "after the reserves"
skip_recap
# Deployment, alternating with the computer: platoons 2 to 7 along row 21.
for i in 2 3 4 5 6 7; do
  cmd "deploy $i at $((21 + 2 * i)),21"
  wait_for "Since your last turn" || break # the computer's deployment
  no_handover "in deployment"
  skip_recap
done
hidden "the attacker's screen"

# Until turn 3: end what is left of setup; in each of the attacker's turns move one
# template and end the three steps. The computer's turns happen in between by themselves.
turns=0
for n in $(seq 1 20); do
  skip_recap
  place_due
  no_handover "in play"
  if ! screen | head -n 1 | grep -qE "turn [0-9]+[ ,]"; then
    cmd "end"
    continue
  fi
  t=$(screen | head -n 1 | sed -n 's/.*turn \([0-9]*\)[ ,].*/\1/p')
  [ "$t" -ge 3 ] && break
  turns=$((turns + 1))
  wait_for "movement step"
  cmd "move 3 to 27,$((21 - turns))"
  settle
  cmd "end" # the : line sends at once; e would ask first while units may act
  wait_for "shooting step"
  cmd "end"
  wait_for "assault step"
  hidden "the attacker's screen"
  cmd "end"
  settle
done
screen | head -n 1 | grep -qE "turn 3[ ,]" || {
  fail "turn 3 did not start:"
  screen >&2
}
[ "$turns" -eq 2 ] || fail "the attacker played $turns turns before turn 3, not 2"
[ "$recap_seen" -ge 4 ] || fail "the recap of the computer's moves showed $recap_seen times"
[ "$placed" -ge 1 ] || fail "the computer's spotting never had the attacker place a platoon"

keys q
wait_for "Quit the game?"
keys y
rc=$(wait_exit)
[ "$rc" = 0 ] || fail "murk play exited with $rc after q y (stderr: $(cat "$tmp/stderr"))"
check_restored "after quitting"
save=$(game_file)
if [ -n "$save" ] && [ -f "$save" ]; then
  grep -q '^defender: deploy' "$save" || fail "the autosave lacks the computer's deployment"
  grep -q '^attacker: move 3 to' "$save" || fail "the autosave lacks the attacker's moves"
  grep -qx '# seats: attacker=human defender=computer' "$save" ||
    fail "the autosave does not keep the seats: $(head -n 8 "$save")"
  XDG_STATE_HOME="$tmp/state" "$MURK" saves >"$tmp/saves" 2>&1
  grep -q 'open  *vs computer ' "$tmp/saves" || fail "murk saves does not say who plays: $(cat "$tmp/saves")"
else
  fail "no autosave in $tmp/state/murk"
fi

# ---- resumed: the same seats, without a question
before=$(grep -c '^defender: ' "$save")
tui_start --load "$save"
wait_for "attacker's table" || { finish; exit 1; }
screen | grep -qF "Who plays the other side" && fail "the resumed game asks who plays"
skip_recap
no_handover "resumed"
screen | head -n 1 | grep -qE "turn 3[ ,]" || fail "the resumed game is not at turn 3: $(screen | head -n 1)"
for step in movement shooting assault; do
  wait_for "$step step"
  cmd "end"
done
wait_for "Since your last turn" || fail "no recap of the computer's turn 3 after the resume"
no_handover "after the attacker's turn 3"
skip_recap
place_due
screen | head -n 1 | grep -qE "turn 4[ ,]" || fail "turn 4 did not start: $(screen | head -n 1)"
keys q
wait_for "Quit the game?"
keys y
rc=$(wait_exit)
[ "$rc" = 0 ] || fail "the resumed murk play exited with $rc (stderr: $(cat "$tmp/stderr"))"
[ "$(grep -c '^defender: ' "$save")" -gt "$before" ] ||
  fail "the computer gave no command after the resume"

# ---- --vs human at load overrides the seats: two people here, and the save says so
tui_start --load "$save" --vs human
wait_for "Pass the keyboard" || fail "--vs human at load shows no hand-over"
pass_handover
wait_for "attacker's table"
skip_recap
keys q
wait_for "Quit the game?"
keys y
rc=$(wait_exit)
[ "$rc" = 0 ] || fail "murk play --load --vs human exited with $rc (stderr: $(cat "$tmp/stderr"))"
grep -qx '# seats: attacker=human defender=human' "$save" ||
  fail "the save does not record the seats given at load: $(grep '^# seats' "$save")"

# ---- secret dice against the computer: the save is sealed under murk's own keys (kept in
#      the keys folder beside it, mode 0600), so reading the save gives away neither the
#      computer's side nor the dice; the game resumes without a passphrase.
export MURK_PWHASH=1,8192 MURK_TEST_WEAK_PWHASH=1
rm -f "$tmp/state/murk/"*.murk
tui_start luneville --vs computer --as attacker
wait_for "attacker's table" || { finish; exit 1; }
skip_recap
cmd "objective at 10,2"
wait_for "attacker places objective 1 at 10,02"
keys q
wait_for "Quit the game?"
keys y
rc=$(wait_exit)
[ "$rc" = 0 ] || fail "a secret-dice game against the computer exited with $rc ($(cat "$tmp/stderr"))"
save=$(game_file)
if [ -n "$save" ] && [ -f "$save" ]; then
  grep -q '^# sealed: ' "$save" || fail "the save of a game against the computer is not sealed"
  grep -q 'dice-key\|^defender: \|^attacker: ' "$save" && fail "the sealed save shows commands or dice"
  keys="$(dirname "$save")/keys/$(basename "$save")"
  [ "$(stat -c %a "$keys.attacker" 2>/dev/null)$(stat -c %a "$keys.defender" 2>/dev/null)" = 600600 ] ||
    fail "no keys (mode 0600) beside the save"
  [ "$(stat -c %a "$(dirname "$save")/keys")" = 700 ] || fail "the keys folder is not 0700"
  "$MURK" replay "$save" --as defender --passphrase-file "defender:$keys.defender" >"$tmp/rec" 2>&1 ||
    fail "the computer's record does not open with its key: $(cat "$tmp/rec")"
  "$MURK" replay "$save" --as defender --passphrase-file "defender:$keys.attacker" >/dev/null 2>&1 &&
    fail "the computer's record opens with the attacker's key"
  grep -qx '# seats: attacker=human defender=computer' "$save" || fail "the sealed save lacks its seats"
  tui_start --load "$save"
  wait_for "attacker's table" || fail "the sealed game against the computer does not resume"
  screen | grep -qi "passphrase" && fail "the resumed game asks for a passphrase"
  keys q
  wait_for "Quit the game?"
  keys y
  wait_exit >/dev/null
else
  fail "no autosave of the secret-dice game"
fi
finish
