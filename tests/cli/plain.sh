#!/usr/bin/env bash
# plain.sh: the fast core and the plain one play the same games to the same bytes.
#
# build/murk_plain is build/murk over a second build of the core with MURK_PLAIN: no sight
# caches (sight_cache.h), vsnprintf for every text (event_format.c), the whole state copied
# to undo a refused try (game.c). The plain core is the reference; every fast path must give
# its answers, so here both programs
#   - run every scripted game of tests/games as the umpire and as each side;
#   - play every bundled mission (murk sim --all) with each policy and with the computer
#     against greedy in both seats, CSV and the trace of every command compared;
#   - play generated big tables (a 100x100 hex table with 40% woods, a 200x200 square one):
#     past the sizes where the caches change their shape.
# murk_plain must hold none of the caches' code (nm), so that it is plain indeed.
# Run from the repository root with $MURK set to the program (ctest does both, and sets
# $MURK_PLAIN_PROGRAM; without it, as in a build made with -DMURK_PLAIN=ON, this skips).
source "$(dirname "${BASH_SOURCE[0]}")/common.bash"

PLAIN=${MURK_PLAIN_PROGRAM:-}
if [[ -z $PLAIN || ! -x $PLAIN ]]; then
  echo "plain: no murk_plain program (MURK_PLAIN_PROGRAM); skipped"
  exit 77
fi

# same NAME ARGS...: both programs with ARGS; stdout and stderr compared byte for byte.
same() {
  local name=$1
  shift
  checks=$((checks + 1))
  "$MURK" "$@" >"$tmp/$name.fast" 2>"$tmp/$name.fast.err"
  local rc_fast=$?
  "$PLAIN" "$@" >"$tmp/$name.plain" 2>"$tmp/$name.plain.err"
  local rc_plain=$?
  if [[ $rc_fast -ne $rc_plain ]]; then
    fail "$name: exit $rc_fast fast, $rc_plain plain"
  elif ! cmp -s "$tmp/$name.fast" "$tmp/$name.plain"; then
    fail "$name: stdout differs: $(diff "$tmp/$name.fast" "$tmp/$name.plain" | head -5)"
  elif ! cmp -s "$tmp/$name.fast.err" "$tmp/$name.plain.err"; then
    fail "$name: stderr differs: $(diff "$tmp/$name.fast.err" "$tmp/$name.plain.err" | head -5)"
  fi
}

if command -v nm >/dev/null; then
  checks=$((checks + 1))
  nm "$MURK" | grep -q ' T mk_sc_' || fail "build/murk holds no sight cache (nm): the check below proves nothing"
  checks=$((checks + 1))
  ! nm "$PLAIN" | grep -q ' T mk_sc_' || fail "murk_plain links the sight caches of the fast core"
fi

shopt -s nullglob
scripts=(tests/games/*.txt)
[[ ${#scripts[@]} -gt 0 ]] || fail "no scripted games in tests/games"
for script in "${scripts[@]}"; do
  base=$(basename "$script" .txt)
  same "$base" run "$script"
  same "$base.attacker" run "$script" --as attacker
  same "$base.defender" run "$script" --as defender
done

games=$(light 4 1)
for policy in random greedy computer computer,greedy greedy,computer; do
  same "sim-$policy" sim --all --games "$games" --policy "$policy" --trace --format csv
  # The trace must hold the games' commands, so that the comparison compares something.
  grep -q ': attacker: ' "$tmp/sim-$policy.fast.err" || fail "sim $policy: no trace"
done

# The lattice: fields of view of thin lines over the table, kept as lists of cells, and the
# computer's full views (each enemy's sight asked of the side's viewers kept together).
if bash bench/bigtable.sh 100 40 6 10 hex 1 >"$tmp/hex100.yaml" &&
  bash bench/bigtable.sh 200 20 4 6 square 2 >"$tmp/square200.yaml" &&
  bash bench/bigtable.sh 300 0 4 6 hex 1 lattice halves >"$tmp/lattice300.yaml"; then
  for t in hex100 square200 lattice300; do
    for policy in random greedy computer; do
      same "$t-$policy" sim "$tmp/$t.yaml" --games "$(light 2 1)" --policy $policy --trace
    done
  done
else
  fail "bench/bigtable.sh"
fi

finish plain
