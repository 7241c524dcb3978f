#!/usr/bin/env bash
# yaml_styles.sh: missions written or rewritten by YAML tools load. Every
# bundled mission re-dumped by python3's yaml module (tests/styles/redump.py) in each text
# style (the library's own choice, double- and single-quoted, folded, literal) and with map
# and elevation as lists of rows checks as the original does; the luneville re-dumps play
# the golden game byte for byte; and a bad cell in each style and mission is reported at
# the line and column where the dump wrote it. Without python3-yaml this test is skipped
# (77, said); the hand-written variants in tests/bad (map-style-*) run in bad_missions.sh.
source "$(dirname "$0")/common.bash"

if ! python3 -c 'import yaml' 2>/dev/null; then
  echo "yaml_styles: python3's yaml module is missing: re-dumped missions not tested (apt-get install python3-yaml)"
  exit 77
fi
styles="default double single folded literal rows"
python3 tests/styles/redump.py "$tmp" data/missions/*.yaml >"$tmp/bad.txt" || fail "redump.py"
"$MURK" check data/missions/*.yaml | sed 's/^data\/missions\/\([^:]*\)\.yaml: ok: /\1 /' | sort >"$tmp/want"
for st in $styles; do
  checks=$((checks + 1))
  "$MURK" check $(ls "$tmp/$st"/*.yaml | grep -v '\.bad\.yaml$') >"$tmp/got" 2>&1 ||
    fail "$st: re-dumped missions do not check: $(grep error "$tmp/got" | head -3)"
  sed "s|^$tmp/$st/\([^:]*\)\.yaml: ok: |\1 |" "$tmp/got" | sort >"$tmp/got.ids"
  diff "$tmp/want" "$tmp/got.ids" >/dev/null || fail "$st: re-dumped missions check unlike the originals: $(diff "$tmp/want" "$tmp/got.ids" | head -4)"
done

# A bad cell in every mission and style, at the line and column where the dump wrote it.
while read -r path pos mark; do
  checks=$((checks + 1))
  err=$("$MURK" check "$path" 2>&1 | head -1)
  case $err in
    "$path:$pos: error: unknown terrain character '$mark' at 3,2 "*) ;;
    *) fail "a bad cell written at $path:$pos is reported as: $err" ;;
  esac
done <"$tmp/bad.txt"
[ "$(wc -l <"$tmp/bad.txt")" -eq $(($(ls data/missions/*.yaml | wc -l) * 6)) ] || fail "a bad file per mission and style"

# The same game on a re-dumped mission: the transcript of the bundled one.
sed '/^# mission:/d' tests/games/luneville-no-last-turn.txt >"$tmp/fog.txt"
for st in $styles; do
  checks=$((checks + 1))
  "$MURK" run "$tmp/$st/luneville.yaml" --seed 11 --script "$tmp/fog.txt" >"$tmp/fog.out" 2>&1 ||
    fail "luneville-no-last-turn on the $st re-dump: $(tail -1 "$tmp/fog.out")"
  cmp -s "$tmp/fog.out" tests/games/luneville-no-last-turn.out || fail "luneville-no-last-turn on the $st re-dump differs from the golden"
done
finish yaml_styles
