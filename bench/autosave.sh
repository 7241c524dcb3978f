#!/usr/bin/env bash
# autosave.sh: what `murk run --autosave` costs per command, open and sealed, at two
# lengths of game (docs/reliability.md, "Autosave cost"). The script is generated: Free-for-
# All's setup from tests/games, then `end` again and again (the mission has no turn limit),
# so the game only grows. A journal's cost per command should not grow with the game.
#   bench/autosave.sh [COMMANDS ...]     (default: 1000 10000; MURK=build/murk)
set -u
MURK=${MURK:-build/murk}
dir=${TMPDIR:-/tmp}/murk-autosave-bench.$$
mkdir -p "$dir"
trap 'rm -rf "$dir"' EXIT
export MURK_PWHASH=1,8192 MURK_TEST_WEAK_PWHASH=1 # cheap key derivation: the figures are the journal's, not Argon2id's
printf 'correct horse battery\n' >"$dir/pa"
printf 'battery staple orbit\n' >"$dir/pd"
script() { # N: a script of 18 setup commands then N-18 `end`s
  sed -n '1,2p' tests/games/free-for-all-full.txt
  sed -n '12,29p' tests/games/free-for-all-full.txt
  yes end | head -n "$(($1 - 18))"
}
now() { date +%s.%N; }
printf '%8s  %-6s %9s %12s %9s\n' commands save seconds "ms/command" "file KB"
for n in "${@:-1000 10000}"; do
  for n1 in $n; do
    script "$n1" >"$dir/s.txt"
    for kind in open sealed; do
      rm -f "$dir/a.sav"
      extra=()
      [ "$kind" = sealed ] && extra=("--passphrase-file=attacker:$dir/pa" "--passphrase-file=defender:$dir/pd")
      t0=$(now)
      "$MURK" run "$dir/s.txt" --autosave "$dir/a.sav" "${extra[@]}" >/dev/null ||
        { echo "run failed" >&2; exit 1; }
      t1=$(now)
      awk -v n="$n1" -v k="$kind" -v a="$t0" -v b="$t1" -v sz="$(stat -c %s "$dir/a.sav")" \
        'BEGIN { printf "%8d  %-6s %9.2f %12.2f %9d\n", n, k, b - a, 1000 * (b - a) / n, sz / 1024 }'
    done
  done
done
