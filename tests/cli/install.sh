#!/usr/bin/env bash
# install.sh: murk installed like any Unix program. cmake --install into
# a temporary prefix; the installed murk, run from another folder, finds its missions under
# PREFIX/share/murk/missions (also once the prefix is moved: never the build tree's path)
# and the user's own under $XDG_DATA_HOME/murk/missions; the man page and the bash
# completion are in place, and the completion offers commands, options and mission ids.
source "$(dirname "$0")/common.bash"
build=$(dirname "$MURK")
unset MURK_DATA_DIR
export XDG_DATA_HOME=$tmp/xdg HOME=$tmp/home
mkdir -p "$HOME" "$tmp/elsewhere"

if ! cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1; then
  cat "$tmp/install.log" >&2
  fail "cmake --install into a temporary prefix"
  finish install
fi
p=$tmp/prefix
for f in bin/murk share/man/man6/murk.6 share/bash-completion/completions/murk \
  share/murk/missions/luneville.yaml; do
  checks=$((checks + 1))
  [ -e "$p/$f" ] || fail "installed $f"
done
checks=$((checks + 1))
n=$(ls "$p/share/murk/missions"/*.yaml | wc -l)
[ "$n" -eq "$(ls data/missions/*.yaml | wc -l)" ] || fail "every bundled mission installed ($n)"

# From another folder, with the source tree out of reach of a relative path.
run() { (cd "$tmp/elsewhere" && "$@"); }
check_installed() { # check_installed PREFIX
  local m=$1/bin/murk
  checks=$((checks + 1))
  run "$m" list >"$tmp/out" 2>"$tmp/err" || fail "$m list exits 0"
  grep -q "^Missions in $1/share/murk/missions:" "$tmp/out" ||
    fail "$m list reads its own prefix: $(head -1 "$tmp/out")"
  grep -q "^  luneville  *Luneville" "$tmp/out" || fail "$m list shows luneville"
  checks=$((checks + 1))
  run "$m" check luneville >"$tmp/out" 2>&1 || fail "$m check luneville"
  grep -q "^$1/share/murk/missions/luneville.yaml: ok" "$tmp/out" ||
    fail "check by id reads the installed file: $(cat "$tmp/out")"
  # A scripted game by mission id: the golden transcript of the source tree's game.
  checks=$((checks + 1))
  sed '/^# mission:/d' tests/games/luneville-no-last-turn.txt >"$tmp/elsewhere/fog.txt"
  run "$m" run luneville --seed 11 --script fog.txt >"$tmp/out" 2>"$tmp/err" ||
    fail "$m run luneville --script: $(cat "$tmp/err")"
  cmp -s "$tmp/out" tests/games/luneville-no-last-turn.out ||
    fail "the installed murk plays luneville-no-last-turn as the golden says"
}
check_installed "$p"
mv "$p" "$tmp/moved"
check_installed "$tmp/moved"
p=$tmp/moved

# The user's own missions: listed after the bundled ones, found by id.
mkdir -p "$XDG_DATA_HOME/murk/missions"
sed 's/^name: .*/name: My Crossing/; s/^summary: .*/summary: "a mission of my own"/' \
  data/missions/free-for-all.yaml >"$XDG_DATA_HOME/murk/missions/my-crossing.yaml"
cp data/missions/encounter.yaml "$XDG_DATA_HOME/murk/missions/luneville.yaml"
checks=$((checks + 1))
run "$p/bin/murk" list >"$tmp/out" 2>&1 || fail "list with user missions"
grep -q "^Your missions in $XDG_DATA_HOME/murk/missions:" "$tmp/out" || fail "list names the user folder"
grep -q "^  my-crossing  *My Crossing: a mission of my own" "$tmp/out" || fail "list shows a user mission"
grep -q "^  luneville .*hidden by the bundled 'luneville'" "$tmp/out" ||
  fail "a user mission with a bundled id is said to be hidden"
checks=$((checks + 1))
run "$p/bin/murk" check my-crossing >"$tmp/out" 2>&1 || fail "check a user mission by id"
grep -q "^$XDG_DATA_HOME/murk/missions/my-crossing.yaml: ok" "$tmp/out" || fail "check my-crossing: $(cat "$tmp/out")"
checks=$((checks + 1))
run "$p/bin/murk" check luneville >"$tmp/out" 2>&1
grep -q "^$p/share/murk/missions/luneville.yaml: ok" "$tmp/out" || fail "a bundled id beats a user file"
checks=$((checks + 1))
XDG_DATA_HOME= run "$p/bin/murk" check my-crossing >/dev/null 2>&1 &&
  fail "without XDG_DATA_HOME the user folder is ~/.local/share (empty here)"
mkdir -p "$HOME/.local/share/murk/missions"
cp "$XDG_DATA_HOME/murk/missions/my-crossing.yaml" "$HOME/.local/share/murk/missions/"
XDG_DATA_HOME= run "$p/bin/murk" check my-crossing >/dev/null 2>&1 ||
  fail "without XDG_DATA_HOME, ~/.local/share/murk/missions"

# The man page is a page man can read, and names every command.
checks=$((checks + 1))
if command -v man >/dev/null; then
  MANWIDTH=80 man -l "$p/share/man/man6/murk.6" >"$tmp/man" 2>"$tmp/manerr" || fail "man murk.6"
  for c in $("$p/bin/murk" help | awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }'); do
    grep -q "murk $c" "$tmp/man" || fail "the man page shows murk $c"
  done
fi

# The completion: commands, mission ids (bundled and the user's) and a command's options.
complete_words() { # complete_words WORD... (the last is the one completed)
  (
    cd "$tmp/elsewhere" || exit 1
    complete() { :; }
    source "$p/share/bash-completion/completions/murk"
    COMP_WORDS=("$p/bin/murk" "$@")
    COMP_CWORD=$#
    _murk
    printf '%s\n' "${COMPREPLY[@]}"
  )
}
checks=$((checks + 1))
complete_words "" >"$tmp/c"
for c in list check play run replay sim help; do
  grep -qx "$c" "$tmp/c" || fail "completion offers the command $c"
done
checks=$((checks + 1))
complete_words play "" >"$tmp/c"
for id in luneville night-saint-aubin li-hohenfeld my-crossing; do
  grep -qx "$id" "$tmp/c" || fail "completion offers the mission id $id"
done
checks=$((checks + 1))
[ "$(complete_words check li-h)" = li-hohenfeld ] || fail "completion of 'li-h' is li-hohenfeld"
checks=$((checks + 1))
complete_words run --s >"$tmp/c"
for o in --seed --script --save; do grep -qx -- "$o" "$tmp/c" || fail "completion offers run $o"; done
checks=$((checks + 1))
[ "$(complete_words run --as a)" = attacker ] || fail "completion of --as a"
# Only a command's own options: murk host's help names join's --as in its text.
checks=$((checks + 1))
complete_words host --a >"$tmp/c"
grep -qx -- --as "$tmp/c" && fail "completion offers host --as, an option host does not take"
complete_words host -- >"$tmp/c"
for o in --seed --dir --join-timeout --load; do
  grep -qx -- "$o" "$tmp/c" || fail "completion offers host $o"
done

finish install
