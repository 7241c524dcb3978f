# common.bash: what the command-line tests (tests/cli/*.sh) share. Sourced, not run (ctest
# runs only *.sh); tui_common.bash is the tmux tests' own.
#
# After `source "$(dirname "$0")/common.bash"`:
#   - the working directory is the repository root ($MURK_SOURCE_DIR, as ctest sets it);
#   - $MURK is the program, as an absolute path (default build/murk);
#   - a sanitizer report exits 86, so it never passes for an expected exit 1;
#   - $tmp is a private folder, removed on exit (read-only parts too); a test that needs
#     more cleaning defines on_exit, which runs first;
#   - fail MSG counts a failure; checks counts what the test chose to count;
#   - finish NAME [SUMMARY] ends the test: exit 1 if anything failed, else prints the
#     summary ("N checks passed" by default) and exits 0.
#   - light FULL LIGHT prints LIGHT when MURK_TEST_LIGHT=1 (the sanitizer build: ten times
#     slower, so the heaviest tests play fewer games there), else FULL;
#   - soak SOAK FULL LIGHT prints SOAK when MURK_SOAK=1 (`make soak`: the statistical tests'
#     long runs), else what light FULL LIGHT prints (`make test`'s short run).
set -u
MURK=${MURK:-build/murk}
cd "${MURK_SOURCE_DIR:-.}" || exit 1
case $MURK in /*) ;; *) MURK=$PWD/$MURK ;; esac
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=86"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}exitcode=86"

light() { if [ "${MURK_TEST_LIGHT:-}" = 1 ]; then echo "$2"; else echo "$1"; fi; }
soak() { if [ "${MURK_SOAK:-}" = 1 ]; then echo "$1"; else light "$2" "$3"; fi; }

tmp=$(mktemp -d)
common_cleanup() {
  if declare -F on_exit >/dev/null; then on_exit; fi
  chmod -R u+w "$tmp" 2>/dev/null
  rm -rf "$tmp"
}
trap common_cleanup EXIT
failures=0
checks=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

finish() {
  if [ "$failures" -ne 0 ]; then
    echo "$1: $failures of $checks checks failed" >&2
    exit 1
  fi
  echo "$1: ${2:-$checks checks passed}"
  exit 0
}
