#!/usr/bin/env bash
# layers.sh: the calls between the files of src/core and src/sim, as the compiled objects
# record them, form no cycle, and the core's files call only their own layer and those below
# (docs/architecture.md, "Layers of the core"). scripts/layers.py reads the objects of the
# build $MURK belongs to; this test runs it on the tree, then on small object sets made on
# purpose, so that a check that could not fail would fail here.
source "$(dirname "$0")/common.bash"

build=$(dirname "$MURK")
command -v nm >/dev/null || { echo "layers: nm not found, skipped"; exit 77; }

# The tree keeps its layers.
checks=$((checks + 1))
out=$(python3 scripts/layers.py . "$build" 2>&1) || fail "the tree's calls break its layers:
$out"

# A small tree of objects: its layers named as CMakeLists.txt names the tree's; put FILE
# CODE compiles CODE as src/FILE, where CMake would put its object.
mkdir -p "$tmp/t/src/core" "$tmp/t/src/sim"
printf 'set(MURK_CORE_LAYERS base rules dispatch)\n' >"$tmp/t/CMakeLists.txt"
put() {
  local dir=$tmp/t/src/${1%/*} obj
  case $1 in core/*) obj=$tmp/t/build/CMakeFiles/murkcore.dir/src/$1.o ;;
  *) obj=$tmp/t/build/CMakeFiles/murksim.dir/src/$1.o ;; esac
  mkdir -p "$dir" "${obj%/*}"
  printf '%s\n' "$2" >"$tmp/t/src/$1"
  cc -c -o "$obj" "$tmp/t/src/$1" || fail "cc could not build $1"
}
layers() { python3 scripts/layers.py "$tmp/t" "$tmp/t/build" 2>&1; }

put core/base/low.c 'int low(void) { return 1; }'
put core/rules/a.c 'int low(void); int a(void) { return low(); }'
put core/rules/b.c 'int a(void); int b(void) { return a(); }'
put core/dispatch/top.c 'int b(void); int top(void) { return b(); }'
put sim/p.c 'int q(void); int p(void) { return q(); }'
put sim/q.c 'int q(void) { return 2; }'
checks=$((checks + 1))
out=$(layers) || fail "a tree with no cycle and no upward call failed: $out"

# A cycle inside a layer: a calls b, b calls a.
put core/rules/a.c 'int low(void); int b(void); int a(void) { return low() + b(); }'
checks=$((checks + 1))
if out=$(layers); then
  fail "a call cycle (rules/a.c <-> rules/b.c) passed"
else
  case $out in *"a call cycle of 2 files: src/core/rules/a.c src/core/rules/b.c"*) ;;
  *) fail "the cycle was not named: $out" ;; esac
fi
put core/rules/a.c 'int low(void); int a(void) { return low(); }'

# A call up a layer: the base calls the dispatcher.
put core/base/low.c 'int top(void); int low(void) { return 1; } int up(void) { return top(); }'
checks=$((checks + 1))
if out=$(layers); then
  fail "an upward call (base/low.c -> dispatch/top.c) passed"
else
  case $out in *"src/core/base/low.c (base) calls up into src/core/dispatch/top.c (dispatch): top"*) ;;
  *) fail "the upward call was not named: $out" ;; esac
fi
put core/base/low.c 'int low(void) { return 1; }'

# A cycle in src/sim, which has no layers.
put sim/q.c 'int p(void); int q(void) { return p(); }'
checks=$((checks + 1))
if out=$(layers); then
  fail "a call cycle in src/sim passed"
else
  case $out in *"src/sim: a call cycle of 2 files"*) ;; *) fail "sim cycle: $out" ;; esac
fi
put sim/q.c 'int q(void) { return 2; }'

# A file of src/core in no layer.
put core/loose.c 'int loose(void) { return 3; }'
checks=$((checks + 1))
out=$(layers) && fail "a file in no layer passed"
case $out in *"src/core/loose.c: in no layer"*) ;; *) fail "no-layer: $out" ;; esac
rm "$tmp/t/src/core/loose.c"

# And the clean tree passes again (the failures above were the files made on purpose).
checks=$((checks + 1))
out=$(layers) || fail "the small tree, restored, failed: $out"

finish layers
