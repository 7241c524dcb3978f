#!/usr/bin/env bash
# update-goldens.sh: regenerate the golden transcripts of tests/games (for people: the
# test suite never calls this). Review `git diff tests/games` before committing: every
# changed line is a change in what players see.
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
done
echo "review with: git diff --stat tests/games && git diff tests/games"
