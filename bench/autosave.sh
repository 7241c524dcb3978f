#!/usr/bin/env bash
# autosave.sh: what `murk run --autosave` costs per command, open and sealed, at several
# lengths of game (docs/reliability.md, "Autosave cost"): the time to write the journal, its
# bytes a command, and the time to reopen it (an open save replayed; a sealed one's whole
# game opened with both passphrases and replayed, as `murk play --load` does). The script is
# generated: Free-for-All's setup from tests/games, then `end` again and again (the mission
# has no turn limit), so the game only grows. A journal's cost per command should not grow
# with the game. Times are wall and CPU (user + system) seconds.
#   bench/autosave.sh [COMMANDS ...]     (default: 1000 10000 100000; MURK=build/murk)
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
cpu_of() { awk '{ printf "%.2f", $1 + $2 }' "$dir/t"; }
wall_of() { awk '{ printf "%.2f", $3 }' "$dir/t"; }
printf '%8s  %-6s %8s %8s %10s %9s %8s %8s\n' commands save "write s" "CPU s" "bytes/cmd" "file KB" \
  "reopen s" "CPU s"
for n in "${@:-1000 10000 100000}"; do
  for n1 in $n; do
    script "$n1" >"$dir/s.txt"
    for kind in open sealed; do
      rm -f "$dir/a.sav"
      extra=()
      [ "$kind" = sealed ] && extra=("--passphrase-file=attacker:$dir/pa" "--passphrase-file=defender:$dir/pd")
      /usr/bin/time -f '%U %S %e' -o "$dir/t" "$MURK" run "$dir/s.txt" --autosave "$dir/a.sav" \
        "${extra[@]}" >/dev/null || { echo "run failed" >&2; exit 1; }
      w=$(wall_of) wc=$(cpu_of)
      if [ "$kind" = sealed ]; then
        /usr/bin/time -f '%U %S %e' -o "$dir/t" "$MURK" run "$dir/a.sav" --as attacker \
          "${extra[@]}" >/dev/null || { echo "reopen failed" >&2; exit 1; }
      else
        /usr/bin/time -f '%U %S %e' -o "$dir/t" "$MURK" replay "$dir/a.sav" >/dev/null ||
          { echo "reopen failed" >&2; exit 1; }
      fi
      sz=$(stat -c %s "$dir/a.sav")
      printf '%8d  %-6s %8s %8s %10d %9d %8s %8s\n' "$n1" "$kind" "$w" "$wc" $((sz / n1)) \
        $((sz / 1024)) "$(wall_of)" "$(cpu_of)"
    done
  done
done
