#!/usr/bin/env bash
# unplayable.sh: every mission of tests/unplayable loads but cannot be played, and
# `murk check` says why: exit 1, nothing on stdout, stderr exactly its NAME.err (each line
# FILE:LINE:COL: error: ...). The bundled missions and the format example stay playable.
# Run from the source root with $MURK set.
set -u
MURK=${MURK:-build/murk}
cd "${MURK_SOURCE_DIR:-.}" || exit 1
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

n=0
for f in tests/unplayable/*.yaml; do
  n=$((n + 1))
  exp="${f%.yaml}.err"
  [ -f "$exp" ] || {
    fail "$f has no expected error file $exp"
    continue
  }
  grep -qv -e "^$f:[0-9]*:[0-9]*: error: " "$exp" && fail "$exp holds a line that is not '$f:LINE:COL: error: ...'"
  timeout 60 "$MURK" check "$f" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ "$rc" -eq 1 ] || fail "$f: exit $rc, expected 1"
  [ -s "$tmp/out" ] && fail "$f: printed on stdout: $(cat "$tmp/out")"
  if ! cmp -s "$exp" "$tmp/err"; then
    fail "$f: stderr differs from $exp"
    diff "$exp" "$tmp/err" | head -6 | sed 's/^/  /'
  fi
done
[ "$n" -ge 10 ] || fail "only $n unplayable missions (expected at least 10)"

# Everything bundled is playable.
for f in data/missions/*.yaml docs/mission-format.example.yaml; do
  "$MURK" check "$f" >"$tmp/out" 2>"$tmp/err" || fail "$f: not playable: $(cat "$tmp/err")"
done

echo "unplayable: $n missions, $failures failures"
[ "$failures" -eq 0 ]
