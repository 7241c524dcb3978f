#!/usr/bin/env bash
# show.sh: `murk show MISSION` draws every bundled mission's table as text, no game needed:
# a row per table row under a ruler, each cell two characters (the
# map's own character first with --ascii), the deployment zones, entry points and fixed
# objectives on the map and in the legend, every legend entry named; --ascii is pure
# ASCII; text from the file is escaped; a wrong id is refused with a suggestion.
source "$(dirname "$0")/common.bash"

for f in data/missions/*.yaml; do
  id=$(basename "$f" .yaml)
  checks=$((checks + 1))
  "$MURK" show "$id" --ascii >"$tmp/out" 2>"$tmp/err" || { fail "murk show $id: $(cat "$tmp/err")"; continue; }
  [ -s "$tmp/err" ] && fail "murk show $id wrote to stderr: $(cat "$tmp/err")"
  LC_ALL=C grep -q '[^ -~]' "$tmp/out" && fail "murk show $id --ascii is not ASCII"
  # The size from the first line of murk check's summary: "hex WxH" or "square WxH".
  size=$("$MURK" check "$f" | grep -o -E '(hex|square) [0-9]+x[0-9]+' | head -1)
  w=${size#* } && h=${w#*x} && w=${w%x*}
  rows=$(grep -c -E '^ *[0-9]+ [ ]?[^ ]' "$tmp/out")
  [ "$rows" -eq "$h" ] || fail "$id: $rows map rows, the table has $h"
  # Row 0: every cell's first character is the map's (or an entry point's E, an objective's *).
  map0=$(awk '/^  map: \|/ { getline; sub(/^ +/, ""); print; exit }' "$f")
  drawn=$(grep -m1 -E '^  0 ' "$tmp/out" | cut -c5- | awk '{ s = ""; for (i = 1; i <= length($0); i += 2) s = s substr($0, i, 1); print s }')
  if [ -n "$map0" ]; then
    for ((x = 0; x < ${#map0}; x++)); do
      c=${drawn:x:1} want=${map0:x:1}
      [ "$c" = "$want" ] || [ "$c" = E ] || [ "$c" = '*' ] || { fail "$id: cell $x,0 drawn '$c', the map has '$want'"; break; }
    done
  fi
  # Every legend entry, by name.
  while read -r name; do
    grep -qF "  $name ('" "$tmp/out" || fail "$id: the legend lacks '$name'"
  done < <(sed -n '/^  legend:/,/^  map:/p' "$f" | grep -o 'name: [^,}]*' | sed 's/^name: //; s/^"//; s/"$//')
  # Entry points: one E label on the map and one legend line each.
  entries=$(grep -c -E '^ *- *\{?number: ' "$f")
  legend_entries=$(grep -c '^  E[0-9]  entry point' "$tmp/out")
  [ "$entries" -eq "$legend_entries" ] || fail "$id: $entries entries, $legend_entries in the legend"
  grep -q "the attacker's deployment zone" "$tmp/out" || fail "$id: no attacker zone"
  grep -q "the defender's deployment zone" "$tmp/out" || fail "$id: no defender zone"
  grep -q -E '^ *[0-9]+ .*a' "$tmp/out" || fail "$id: no attacker zone cell on the map"
done

# Each glyph one meaning: no two terrain lines of a legend drawn alike (Night at Saint-Aubin
# Mill has a burning barn and a mill, both rough ground, and fields and a grainfield, both
# open).
for f in data/missions/*.yaml; do
  id=$(basename "$f" .yaml)
  checks=$((checks + 1))
  LC_ALL=C.UTF-8 "$MURK" show "$id" >"$tmp/out" 2>/dev/null || { fail "murk show $id"; continue; }
  dups=$(grep -E "^  .* \('.': " "$tmp/out" | LC_ALL=C.UTF-8 awk '{ print $1 }' | sort | uniq -d)
  [ -z "$dups" ] || fail "$id: the legend draws two kinds of terrain as '$dups'"
done

# Unicode glyphs in a UTF-8 locale, the same map characters with --ascii.
checks=$((checks + 1))
if locale -a 2>/dev/null | grep -qi '^c\.utf-\?8$'; then
  LC_ALL=C.UTF-8 "$MURK" show luneville >"$tmp/u" || fail "show luneville in UTF-8"
  grep -q '♣' "$tmp/u" || fail "show in a UTF-8 locale draws woods as ♣"
fi

# Objectives fixed by the mission: on the map and in the legend.
checks=$((checks + 1))
"$MURK" show tests/bad/../../docs/mission-format.example.yaml --ascii >"$tmp/out" 2>&1 || fail "show the format's example"
if grep -q '^  fixed:' docs/mission-format.example.yaml; then
  grep -q "objective '" "$tmp/out" || fail "the example's fixed objectives are in the legend"
fi

# Text from the file is escaped: a name may not hold control characters (the loader
# refuses them), but a file name may; the path shown in errors is escaped.
checks=$((checks + 1))
cp data/missions/free-for-all.yaml "$tmp/$(printf 'x\033[2Jy').yaml"
"$MURK" show "$tmp/$(printf 'x\033[2Jy').yaml" >"$tmp/out" 2>&1 || fail "show a file with an escape in its name"
grep -q $'\033' "$tmp/out" && fail "show prints an escape character raw"
grep -q 'x\\x1b\[2Jy' "$tmp/out" || fail "show escapes the id taken from the file name: $(head -1 "$tmp/out")"

checks=$((checks + 1))
"$MURK" show lunevile >"$tmp/out" 2>&1 && fail "show of a wrong id exits 0"
grep -q "did you mean 'luneville'" "$tmp/out" || fail "show of a wrong id suggests: $(cat "$tmp/out")"

finish show
