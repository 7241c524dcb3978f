#!/usr/bin/env bash
# tui_game_over.sh: a game against the computer played to its end, then left by every
# way out the help names. A Hasty Attack game (tests/games/hasty-attack-full.txt) saved
# three `end`s before the attacker takes its objective is loaded with `--vs computer
# --as defender`; the defender ends its steps with `:end` and the computer's turn ends the
# game. Checks that at game over q, Q and Esc on the result, q, Q and `:quit` on the
# umpire's table after it, and `:quit` typed straight on the result each end murk at once
# with exit 0, saying where the game is kept, the terminal given back.
. "$(dirname "$0")/tui_common.bash"

script=tests/games/hasty-attack-full.txt
head -n -3 "$script" >"$tmp/near-end.txt"
"$MURK" run "$tmp/near-end.txt" --save "$tmp/near-end.murk" >/dev/null ||
  { fail "could not make the save near the end"; exit 1; }

# play_to_end: load the save against the computer and end the defender's last steps.
play_to_end() {
  cp "$tmp/near-end.murk" "$tmp/game.murk"
  tui_start --load "$tmp/game.murk" --vs computer --as defender
  wait_for "defender's table" || return 1
  settle
  if screen | grep -qF "Since your last turn"; then
    keys Escape
    wait_gone "Since your last turn"
  fi
  local i
  for i in 1 2 3; do
    cmd end
    settle
  done
  wait_for "attacker wins" || return 1
  settle
}

# quits HOW KEYS...: at game over, KEYS must end murk at once (no question: the game is
# over and kept) with exit 0, the terminal given back.
quits() {
  local how=$1
  shift
  keys "$@"
  local rc
  rc=$(wait_exit)
  [ "$rc" = 0 ] || fail "$how at game over: exit $rc, not 0"
  [ "$rc" = none ] && screen >&2
  grep -qF "the game is over" "$tmp/stderr" || fail "$how: no word of where the game is kept"
  check_restored "$how at game over"
}

play_to_end && quits "q on the result" q
play_to_end && quits "Q on the result" Q
play_to_end && quits "Esc on the result" Escape
# Any other key shows the whole table (the umpire's); the ways out work there too.
on_table() {
  keys j
  wait_for "umpire's table"
  settle
}
play_to_end && on_table && quits "q on the table" q
play_to_end && on_table && quits "Q on the table" Q
play_to_end && on_table && { keys :; send_text quit; quits ":quit on the table" Enter; }
# `:` on the result opens the command line over the table at once.
play_to_end && { keys :; send_text quit; quits ":quit from the result" Enter; }
[ "$failures" -eq 0 ] || exit 1
