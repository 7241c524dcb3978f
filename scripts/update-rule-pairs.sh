#!/usr/bin/env bash
# update-rule-pairs.sh: rewrite the matrix of docs/rules.md, "Rules together", from the rule
# registry's pair table (include/murk/rules.h). Run from the source root after make build
# (it builds build/test_mission, not in the default build); then read the diff.
set -eu
cd "$(dirname "$0")/.."
cmake --build build --target test_mission >/dev/null
MURK_UPDATE_DOCS=1 build/test_mission >/dev/null 2>&1
build/test_mission >/dev/null 2>&1 && git diff --stat docs/rules.md
