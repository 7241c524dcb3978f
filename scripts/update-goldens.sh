#!/usr/bin/env bash
# update-goldens.sh: regenerate the golden transcripts of tests/games (for people: the
# test suite never calls this). Review `git diff tests/games` before committing: every
# changed line is a change in what players see. The regenerated games' '# expect:' lines
# are checked at the end (tests/cli/games.sh).
#
#   scripts/update-goldens.sh [NAME.txt ...]     (default: every tests/games/*.txt)
set -eu
cd "$(dirname "$0")/.."
MURK=${MURK:-build/murk}
if [ ! -x "$MURK" ]; then
  echo "update-goldens.sh: $MURK not found: build first (make build) or set MURK" >&2
  exit 2
fi
if [ $# -eq 0 ]; then
  set -- tests/games/*.txt
fi
names=()
for script in "$@"; do
  name=${script%.txt}
  status=0
  "$MURK" run "$script" >"$name.out" || status=$?
  "$MURK" run "$script" --as attacker >"$name.attacker.out" || status=$?
  "$MURK" run "$script" --as defender >"$name.defender.out" || status=$?
  if [ $status -ne 0 ]; then
    echo "update-goldens.sh: $script does not apply cleanly (exit $status): fix the script" >&2
    exit 1
  fi
  echo "wrote $name.out, $name.attacker.out, $name.defender.out"
  names+=("$(basename "$name")")
done
# The new goldens still show what each game is for (its '# expect:' lines)?
if ! MURK="$MURK" bash tests/cli/games.sh "${names[@]}" >/dev/null; then
  echo "update-goldens.sh: the games above no longer show what their '# expect:' lines" \
    "say: a rule or a text changed what the game is for; fix the rules or the lines" >&2
  exit 1
fi
echo "review with: git diff --stat tests/games && git diff tests/games"
