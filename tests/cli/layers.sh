#!/usr/bin/env bash
# layers.sh: the core's modules are layers with no cycle (issue #11 point 6;
# docs/architecture.md, "Layers of the core"). Every file of src/core belongs to one layer
# of the table below (its module: the file's name without .c or .h); an `#include "x.h"` of
# another file of src/core may name only a module of the same layer or a lower one. So the
# rule modules call down into the board, the events and the state, and never up into the
# command dispatcher or the view; a file missing from the table fails too, so a new module
# is placed on purpose. The test also checks itself: an upward include put into a copy of
# fog.c must fail.
source "$(dirname "$0")/common.bash"

# The table (one line a layer, lowest first). docs/architecture.md draws it.
LAYERS='
0 base     util suggest text strbuf dice geom los rules region mission mission_load mission_map mission_zones mission_forces mission_rules yamlwalk
1 state    state fits
2 events   event
3 board    board
4 modules  sight why night marker move fog intel reserves setup combat victory turn
5 dispatch command command_table game view view_box view_fill view_reach playable save seal
'

declare -A layer_of name_of
while read -r n name mods; do
  [ -n "${n:-}" ] || continue
  name_of[$n]=$name
  for m in $mods; do layer_of[$m]=$n; done
done <<<"$LAYERS"

# check DIR: prints one line per broken rule; returns 1 if any.
check() {
  local dir=$1 bad=0 f base mod inc imod
  for f in "$dir"/*.c "$dir"/*.h; do
    base=${f##*/}
    mod=${base%.*}
    if [ -z "${layer_of[$mod]:-}" ]; then
      echo "$base: module $mod is in no layer (tests/cli/layers.sh, docs/architecture.md)"
      bad=1
      continue
    fi
    while read -r inc; do
      [ -e "$dir/$inc" ] || continue # a system or library header ("sodium.h")
      imod=${inc%.h}
      if [ -z "${layer_of[$imod]:-}" ]; then
        echo "$base: includes $inc, in no layer"
        bad=1
      elif [ "${layer_of[$imod]}" -gt "${layer_of[$mod]}" ]; then
        echo "$base (${name_of[${layer_of[$mod]}]}) includes $inc (${name_of[${layer_of[$imod]}]}): an upward call"
        bad=1
      fi
    done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"/]*\)".*/\1/p' "$f")
  done
  return $bad
}

checks=$((checks + 1))
out=$(check src/core) || fail "the core's includes break its layers:
$out"

# The check can fail: fog.c (modules) made to include the command table (dispatch).
checks=$((checks + 1))
mkdir "$tmp/core"
cp src/core/*.c src/core/*.h "$tmp/core/"
printf '#include "command_table.h"\n' >>"$tmp/core/fog.c"
if out=$(check "$tmp/core"); then
  fail "an upward include (fog.c -> command_table.h) passed"
else
  case $out in *"fog.c (modules) includes command_table.h (dispatch)"*) ;;
  *) fail "the upward include was not named: $out" ;; esac
fi

# And a file in no layer.
checks=$((checks + 1))
rm "$tmp/core/fog.c"
: >"$tmp/core/newmodule.c"
out=$(check "$tmp/core") && fail "a module in no layer passed"
case $out in *"newmodule.c: module newmodule is in no layer"*) ;; *) fail "no-layer: $out" ;; esac

finish layers
