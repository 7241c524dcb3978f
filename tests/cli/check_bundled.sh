#!/usr/bin/env bash
# check_bundled.sh: every bundled mission passes `murk check`, and `murk list` names each one;
# a bundled file that does not load is reported by `murk list`, not hidden. Run from the
# source root with $MURK set.
source "$(dirname "${BASH_SOURCE[0]}")/common.bash"

# Every rule of the registry (include/murk/rules.h) has code behind it in
# the rules library, so `murk check` refuses a name that would do nothing: each MURK_RULE_*
# id is read somewhere in src/core beyond the loader, or, for a rule in force in every
# mission that only sets numbers (combat), one of its parameters (MURK_P_*) is.
checks=$((checks + 1))
while read -r id; do
  grep -l "MURK_RULE_$id\b" src/core/*/*.c | grep -qv 'mission_rules.c' && continue
  read_param=false
  for p in $(sed -n "s/^  X(\([A-Z_]*\), $id, .*/\1/p" include/murk/rules.h); do
    grep -l "MURK_P_$p\b" src/core/*/*.c | grep -qv 'mission_rules.c' && read_param=true
  done
  $read_param || fail "rule $id is registered but no code in src/core reads it"
done < <(sed -n 's/^  X(\([A-Z_]*\), "[a-z_]*", "[a-z0-9-]*").*/\1/p' include/murk/rules.h)
[ "$(sed -n 's/^  X(\([A-Z_]*\), "[a-z_]*", "[a-z0-9-]*").*/\1/p' include/murk/rules.h | wc -l)" -gt 20 ] ||
  fail "the rule list of include/murk/rules.h was not read"

files=(data/missions/*.yaml)
[ -f "${files[0]}" ] || fail "no bundled missions in data/missions"

out=$("$MURK" check "${files[@]}" 2>&1)
rc=$?
[ "$rc" -eq 0 ] || fail "murk check data/missions/*.yaml: exit $rc, expected 0"$'\n'"$out"
for f in "${files[@]}"; do
  grep -q "^$f: ok: " <<<"$out" || fail "$f: no ok line"
done

# The format's example is a complete mission and must stay valid.
out=$("$MURK" check docs/mission-format.example.yaml 2>&1)
rc=$?
[ "$rc" -eq 0 ] || fail "docs/mission-format.example.yaml does not check: exit $rc"$'\n'"$out"

list=$(unset MURK_DATA_DIR; "$MURK" list 2>&1)
rc=$?
[ "$rc" -eq 0 ] || fail "murk list: exit $rc, expected 0"$'\n'"$list"
for f in "${files[@]}"; do
  name=$(sed -n 's/^name: *//p' "$f" | head -n 1 | sed 's/^"\(.*\)"$/\1/')
  id=$(basename "$f" .yaml)
  grep -qE "^ +$id +$name(:? |$)" <<<"$list" || fail "murk list does not show '$id' '$name'"$'\n'"$list"
done

# A broken file in the mission folder is listed as such, with its problems, and exit 1.
cp data/missions/luneville.yaml "$tmp/"
printf 'name: Broken\ntable: [\n' >"$tmp/broken.yaml"
list=$(MURK_DATA_DIR="$tmp" "$MURK" list 2>"$tmp/err")
rc=$?
[ "$rc" -eq 1 ] || fail "murk list with a broken mission: exit $rc, expected 1"
grep -q "broken.yaml *DOES NOT LOAD" <<<"$list" || fail "broken mission not marked"$'\n'"$list"
grep -q "^ *luneville *Luneville" <<<"$list" || fail "good mission not listed beside the broken one"
grep -q "broken.yaml:[0-9]*:[0-9]*: error: " "$tmp/err" || fail "broken mission's problem not shown"

finish check_bundled "${#files[@]} bundled missions check and list"
