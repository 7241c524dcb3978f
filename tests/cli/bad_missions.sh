#!/usr/bin/env bash
# bad_missions.sh: every mission in tests/bad fails `murk check` with exit 1 and prints the
# line of its NAME.err; a 50 MB file, deeply nested files and several files at once get a
# clear answer, never a crash or a hang. Run from the source root with $MURK set.
source "$(dirname "${BASH_SOURCE[0]}")/common.bash"

# Run murk check with a time limit; sets rc, out, err.
check() {
  local o e
  o=$(mktemp) e=$(mktemp)
  timeout 30 "$MURK" check "$@" >"$o" 2>"$e"
  rc=$?
  out=$(cat "$o") err=$(cat "$e")
  rm -f "$o" "$e"
  if grep -q -e 'Sanitizer' -e 'runtime error:' <<<"$err"; then
    fail "sanitizer report for $*:"
    echo "$err" | head -20
  fi
}

n=0
for f in tests/bad/*.yaml; do
  n=$((n + 1))
  exp="${f%.yaml}.err"
  if [ ! -f "$exp" ]; then
    fail "$f has no expected error file $exp"
    continue
  fi
  want=$(head -n 1 "$exp")
  case "$want" in
    "$f":[0-9]*:[0-9]*": error: "*) ;;
    *) fail "$exp does not hold a '$f:LINE:COL: error: ...' line" ;;
  esac
  check "$f"
  [ "$rc" -eq 1 ] || fail "$f: exit $rc, expected 1"
  [ -z "$out" ] || fail "$f: printed on stdout: $out"
  if ! grep -qxF -- "$want" <<<"$err"; then
    fail "$f: the expected line is not in stderr"
    echo "  want: $want"
    echo "$err" | head -3 | sed 's/^/  got:  /'
  fi
done
for e in tests/bad/*.err; do
  [ -f "${e%.err}.yaml" ] || fail "$e has no mission file"
done
[ "$n" -ge 20 ] || fail "only $n bad missions (expected at least 20)"


# 50 MB of harmless-looking YAML: refused by size before any parsing.
yes 'name: filler' | head -c $((50 * 1024 * 1024)) >"$tmp/big.yaml"
check "$tmp/big.yaml"
[ "$rc" -eq 1 ] || fail "50 MB file: exit $rc, expected 1"
grep -qF "$tmp/big.yaml: error: the file is 52428800 bytes, too large (expected a mission file of at most 1048576 bytes)" <<<"$err" ||
  fail "50 MB file: unclear error: $err"

# A stream with no size (a pipe) is cut at the limit too.
timeout 30 "$MURK" check /dev/zero >/dev/null 2>"$tmp/zero.err"
rc=$?
[ "$rc" -eq 1 ] || fail "/dev/zero: exit $rc, expected 1"
grep -qF "/dev/zero: error: the file is more than 1048576 bytes, too large" "$tmp/zero.err" ||
  fail "/dev/zero: unclear error: $(cat "$tmp/zero.err")"

# Deep flow nesting: 400000 brackets, just under the size limit.
{
  printf 'name: '
  head -c 400000 /dev/zero | tr '\0' '['
  head -c 400000 /dev/zero | tr '\0' ']'
  echo
} >"$tmp/deep-flow.yaml"
check "$tmp/deep-flow.yaml"
[ "$rc" -eq 1 ] || fail "deep flow nesting: exit $rc, expected 1"
grep -qxF "$tmp/deep-flow.yaml:1:38: error: nesting deeper than 32 levels (expected a mission's shallow structure)" <<<"$err" ||
  fail "deep flow nesting: unclear error: $err"

# Deep block nesting: 1000 indented mappings (half a megabyte).
awk 'BEGIN { print "name:"; for (i = 1; i <= 1000; i++) { s = ""; for (j = 0; j < i; j++) s = s " "; print s "k:" } }' >"$tmp/deep-block.yaml"
check "$tmp/deep-block.yaml"
[ "$rc" -eq 1 ] || fail "deep block nesting: exit $rc, expected 1"
grep -q "^$tmp/deep-block.yaml:33:[0-9]*: error: nesting deeper than 32 levels" <<<"$err" ||
  fail "deep block nesting: unclear error: $err"

# Random bytes.
head -c 65536 /dev/urandom >"$tmp/random.yaml"
check "$tmp/random.yaml"
[ "$rc" -eq 1 ] || fail "random bytes: exit $rc, expected 1"
grep -q "^$tmp/random.yaml:[0-9]*:[0-9]*: error: " <<<"$err" || fail "random bytes: unclear error: $err"

# Several files: every problem reported, the valid one summarised, exit 1.
check tests/bad/unknown-key.yaml data/missions/luneville.yaml tests/bad/ragged-rows.yaml
[ "$rc" -eq 1 ] || fail "several files: exit $rc, expected 1"
grep -qF "data/missions/luneville.yaml: ok: " <<<"$out" || fail "several files: no ok line for the valid one"
grep -qxF "$(cat tests/bad/unknown-key.err)" <<<"$err" || fail "several files: first problem missing"
grep -qxF "$(cat tests/bad/ragged-rows.err)" <<<"$err" || fail "several files: last problem missing"

# A missing file and a directory: exit 1 and say so.
check "$tmp/no-such.yaml" "$tmp"
[ "$rc" -eq 1 ] || fail "missing file: exit $rc, expected 1"
grep -qF "$tmp/no-such.yaml: error: cannot open the file: No such file or directory" <<<"$err" ||
  fail "missing file: unclear error: $err"
grep -qF "$tmp: error: this is a directory" <<<"$err" || fail "directory: unclear error: $err"

# Usage: no files.
check
[ "$rc" -eq 2 ] || fail "no files: exit $rc, expected 2"

finish bad_missions "$n bad missions and the generated ones all refused as expected"
