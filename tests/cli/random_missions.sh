#!/usr/bin/env bash
# random_missions.sh: every mission `murk check` accepts can be played to an end. Random
# missions (tests/cli/data/random_missions.py: small tables, any reserves with any dice and
# limits, deep strike with any keep-out, ambushes, infiltrators, escalation...) are
# generated until MURK_MISSIONS of them pass `murk check`; each is played MURK_GAMES times by
# two random players (`murk sim --policy random`). No game may get stuck: a player whose
# every command, `end` included, is refused. (A game still going at --max-turns is stopped
# by sim and is not a deadlock: missions without a turn limit may go on. A random player
# that got stuck with a platoon to put down - a deep strike due, an immediate ambush, a
# platoon to deploy - may only have missed the few cells it could use: every cell is tried
# then, and the game counts as stuck only when none is taken.)
# `make test` runs 12 missions x 5 games; `make soak` (MURK_SOAK=1, ctest
# label soak) 100 x 50. MURK_SEED picks the generator's seed (default 1).
source "$(dirname "${BASH_SOURCE[0]}")/common.bash"
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
MISSIONS=${MURK_MISSIONS:-$(soak 100 12 12)}
GAMES=${MURK_GAMES:-$(soak 50 5 5)}
SEED=${MURK_SEED:-1}

# way_out MISSION SEED: replay a random game to where its player got stuck, and put the
# platoon the refusal waits for at every cell of the table (`arrive N` for a deep strike,
# `ambush N` for an immediate ambush, `deploy N` for a platoon not deployed): true when one
# cell is taken (the player only missed it), false when none is (a trap of the rules).
way_out() {
  local f=$1 seed=$2 line side units verb w h x y u
  "$MURK" sim "$f" --games 1 --seed "$seed" --policy random --max-turns 15 --trace 2>&1 >/dev/null |
    sed -n 's/^[^ ]* seed [0-9]*: \(attacker\|defender\): /\1: /p' >"$tmp/trace"
  line=$(grep " seed $seed: stuck" "$tmp/err" | head -1)
  side=$(sed -n "s/.*then 'end' (\(turn [0-9]*, \)\{0,1\}\(attacker\|defender\).*/\2/p" <<<"$line")
  [ -n "$side" ] || return 1
  case $line in
    *"a deep strike must come on first"*)
      verb=arrive units=$(sed -n "s/^$side: reserve \([0-9]*\) deep$/\1/p" "$tmp/trace") ;;
    *"place your immediate ambush first"*)
      verb=ambush units=$(sed -n "s/^$side: ambush \([0-9]*\)$/\1/p" "$tmp/trace") ;;
    *"is not deployed yet"*)
      verb=deploy units=$(sed -n 's/.*: platoon \([0-9]*\) (.*/\1/p' <<<"$line") ;;
    *) return 1 ;;
  esac
  w=$(sed -n 's/^table:.*size: \([0-9]*\)cm x \([0-9]*\)cm.*/\1/p' "$f")
  h=$(sed -n 's/^table:.*size: \([0-9]*\)cm x \([0-9]*\)cm.*/\2/p' "$f")
  for u in $units; do
    for ((y = 0; y < h / 5; y++)); do
      for ((x = 0; x < w / 5; x++)); do
        { printf '# mission: %s\n# seed: %s\n' "$f" "$seed"; cat "$tmp/trace"; echo "$side: $verb $u at $x,$y"; } >"$tmp/try.txt"
        "$MURK" run "$tmp/try.txt" >/dev/null 2>&1 && return 0
      done
    done
  done
  return 1
}

mkdir "$tmp/m"
accepted=0 tried=0 batch=0 missed=0
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
      if [ "$rc" -ne 0 ] && ! grep -q "stuck" "$tmp/err"; then
        fail "$(basename "$f"): murk sim failed (exit $rc): $(head -3 "$tmp/err")"
        continue
      fi
      # A random player draws cells at random and may miss the few where the platoon it must
      # place may stand: then every cell is tried (way_out), and the game is stuck only when
      # none is taken.
      : >"$tmp/real"
      grep "stuck" "$tmp/err" | sed -n 's/.* seed \([0-9]*\): stuck.*/\1/p' >"$tmp/seeds"
      while read -r s; do
        if ! way_out "$f" "$s"; then
          grep " seed $s: stuck" "$tmp/err" >>"$tmp/real"
        else
          missed=$((missed + 1))
        fi
      done <"$tmp/seeds"
      if [ -s "$tmp/real" ]; then
        fail "$(basename "$f"): a game got stuck:"
        head -3 "$tmp/real" >&2
        cat "$f" >&2
      fi
    fi
  done
done
[ "$accepted" -ge "$MISSIONS" ] || fail "only $accepted of $tried random missions passed murk check"
finish random_missions "$accepted random missions (of $tried generated) x $GAMES random games: none stuck ($missed times a random player missed the few cells a platoon could be put on, each found by trying every cell)"
