#!/usr/bin/env bash
# tui_tutorial.sh: `murk play tutorial` (data/missions/tutorial.yaml, docs/playing.md "A
# first game") played with keys in tmux through its first prompts. Checks that:
#   - it asks nothing: no question of who plays or how well, against the computer at once,
#     the person the attacker (the side the mission's tutorial teaches);
#   - the prompts come at their moments, each once, in a "Tutorial" box: the reserves at the
#     start, deployment when it comes, the movement step when the first turn starts;
#   - Esc hides the box, and a prompt shown once does not come back;
#   - q y quits, exit 0.
. "$(dirname "$0")/tui_common.bash"
TUI_SIZE=${TUI_SIZE:-"100 32"}

tui_start tutorial --seed 3
wait_for "Tutorial ─" || { finish; exit 1; }
settle
screen | grep -qF "who plays" && fail "the tutorial asked who plays the other side"
screen | grep -qF "computer: normal" || fail "the tutorial is not against the computer"
screen | grep -qF "─ Attacker ─" || fail "the person does not play the attacker"
screen | grep -qF "Welcome to murk" || fail "no welcome prompt at the reserves"
screen | grep -qF "Deploy: move the cursor" && fail "the deployment prompt came before its phase"

# Esc hides the box; nothing brings the same prompt back.
keys Escape
wait_gone "Welcome to murk" || fail "Esc did not hide the prompt"

# No reserves: end the nominations; the computer's nominations come as a recap.
keys e
skip_recap() {
  settle
  if screen | grep -qF "Since your last turn"; then
    keys Escape
    wait_gone "Since your last turn"
  fi
}
skip_recap
wait_for "Deploy: move the cursor" || fail "no deployment prompt"
screen | grep -qF "Welcome to murk" && fail "the welcome prompt came back"

# Deploy both platoons (through the command line: the key d has its own test), then play
# on until the first movement step.
cmd "deploy 1 at 06,12"
settle
for i in 1 2 3 4 5 6; do
  skip_recap
  screen | grep -qF "Your turn, movement step" && break
  if screen | grep -qE "deploy \(1 platoon"; then
    cmd "deploy 2 at 10,12"
  elif screen | grep -qE "deploy \(0 platoon"; then
    keys e
  fi
  settle
done
wait_for "Your turn, movement step" || fail "no movement prompt at the first turn"
screen | grep -qF "Deploy: move the cursor" && fail "two prompts at once"
screen | grep -qE "turn 1( of|,)" || fail "the movement prompt came outside turn 1"

keys q
wait_for "Quit the game" || fail "q did not ask"
keys y
rc=$(wait_exit)
[ "$rc" = 0 ] || fail "quitting exited $rc, not 0"
finish
