#!/usr/bin/env bash
# random_missions.sh: every mission `murk check` accepts can be played to an end. Random
# missions (tests/cli/data/random_missions.py: small tables, any reserves with any dice and
# limits, deep strike with any keep-out, ambushes, infiltrators, escalation...) are
# generated until MURK_MISSIONS of them pass `murk check`; each is played MURK_GAMES times by
# two random players (`murk sim --policy random`). No game may get stuck: a player whose
# every command, `end` included, is refused. (A game still going at --max-turns is stopped
# by sim and is not a deadlock: missions without a turn limit may go on.)
# The normal suite runs 12 missions x 5 games; the soak test (soak_random_missions.sh, ctest
# label soak) 100 x 50. MURK_SEED picks the generator's seed (default 1).
source "$(dirname "${BASH_SOURCE[0]}")/common.bash"
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
MISSIONS=${MURK_MISSIONS:-12}
GAMES=${MURK_GAMES:-5}
SEED=${MURK_SEED:-1}

mkdir "$tmp/m"
accepted=0 tried=0 batch=0
while [ "$accepted" -lt "$MISSIONS" ] && [ "$batch" -lt 50 ]; do
  rm -f "$tmp/m/"*.yaml
  python3 tests/cli/data/random_missions.py "$((SEED * 1000 + batch))" 20 "$tmp/m" || fail "the generator failed"
  batch=$((batch + 1))
  for f in "$tmp/m/"*.yaml; do
    [ "$accepted" -ge "$MISSIONS" ] && break
    tried=$((tried + 1))
    "$MURK" check "$f" >/dev/null 2>&1 || continue
    accepted=$((accepted + 1))
    checks=$((checks + 1))
    timeout 600 "$MURK" sim "$f" --games "$GAMES" --seed "$accepted" --policy random --max-turns 15 \
      >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if grep -q "stuck" "$tmp/err" || [ "$rc" -ne 0 ]; then
      fail "$(basename "$f"): a game got stuck (exit $rc):"
      head -3 "$tmp/err" >&2
      cp "$f" "$tmp/stuck.yaml" && cat "$f" >&2
    fi
  done
done
[ "$accepted" -ge "$MISSIONS" ] || fail "only $accepted of $tried random missions passed murk check"
finish random_missions "$accepted random missions (of $tried generated) x $GAMES random games: none stuck"
