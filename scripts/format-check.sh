#!/usr/bin/env bash
# format-check.sh: every C file of the repository is as clang-format (with the repository's
# .clang-format) would write it. Lists the files that are not and exits 1; `clang-format -i
# FILE` fixes one. Run by .ci/run (`make format-check`); CLANG_FORMAT picks the program.
set -u
cd "$(dirname "$0")/.." || exit 1
cf=${CLANG_FORMAT:-clang-format}
if ! command -v "$cf" >/dev/null 2>&1; then
  echo "format-check: $cf is not installed (make format-check installs it as root)" >&2
  exit 1
fi
mapfile -t files < <(git ls-files '*.c' '*.h' 2>/dev/null || find src include tests bench -name '*.[ch]')
bad=()
for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  "$cf" --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -ne 0 ]; then
  echo "format-check: ${#bad[@]} file(s) not clang-format clean ($("$cf" --version | head -1)):" >&2
  printf '  %s\n' "${bad[@]}" >&2
  echo "fix with: $cf -i ${bad[*]}" >&2
  exit 1
fi
echo "format-check: ${#files[@]} C files clang-format clean"
