# tui_common.bash: helpers for the tmux tests of the terminal front-end (tests/cli/tui_*.sh).
# Sourced, not run (ctest runs only *.sh). Each test drives the real build/murk ($MURK) in
# a detached tmux session on a private server, sends keys and reads the pane.
#
#   tui_start ARGS...    start `murk play ARGS` in a 100x40 pane; its exit code goes to
#                        $tmp/rc, the terminal settings after it to $tmp/stty (links to
#                        this run's own files). The locale
#                        is C.UTF-8 unless TUI_LANG says otherwise; TUI_NO_COLOR=1 sets
#                        NO_COLOR; TUI_NO_STATE=1 unsets HOME and XDG_STATE_HOME (no
#                        place for an autosave); TUI_TERM sets TERM (tmux's own
#                        otherwise); TUI_SIZE ("250 70") another pane size.
#   keys K...            tmux send-keys (key names: Enter, Escape, Space, C-c, ...)
#   send_text TEXT       send TEXT literally
#   screen               the pane's text now
#   wait_for TEXT        poll the pane until it shows TEXT (fixed string); fail on timeout
#   wait_gone TEXT       poll until it no longer shows TEXT
#   settle               wait until the screen stops changing
#   wait_exit            poll until murk has exited; echo its exit code
#   click X Y            a left mouse click at screen column X, row Y
#   cmd LINE             a command through the `:` line
#   take_over SIDE       past the hand-over (which must show no table) and any recap
#   fail MSG             count a failure (the script exits 1 at the end)
#
# Skips (exit 77) only when tmux is missing.

set -u
MURK=${MURK:-build/murk}
cd "${MURK_SOURCE_DIR:-.}" || exit 1
case $MURK in /*) ;; *) MURK=$PWD/$MURK ;; esac

if ! command -v tmux >/dev/null 2>&1; then
  echo "SKIP: tmux is not installed"
  exit 77
fi

# "murk_": no word boundary before the random part, so shows_table cannot read a path on
# the screen (game saved to /tmp/tmp.E9...) as a unit label.
tmp=$(mktemp -d -t murk_XXXXXXXX)
sock=murktest$$
T() { tmux -L "$sock" -f /dev/null "$@"; }
cleanup() {
  T kill-server >/dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT

failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# Seconds to wait for a screen (sanitizer builds are slow).
TUI_TIMEOUT=${TUI_TIMEOUT:-60}

# The pane runs a small script: murk, then its exit code and the tty settings to files.
# The script survives Ctrl-C (a trap, not an ignore, so murk starts with the default
# disposition) to report murk's exit code.
runs=0
sess=
tui_start() {
  mkdir -p "$tmp/state"
  # Each run has its own exit code and tty files, and $tmp/rc and $tmp/stty point to this
  # run's: the run before, killed only once this one has started, may still be saving and
  # would write its own over them. Its standard error goes on into the file it opened, which
  # is no longer $tmp/stderr.
  local n=$((runs + 1))
  rm -f "$tmp/rc" "$tmp/stty" "$tmp/stderr"
  ln -s "rc.$n" "$tmp/rc"
  ln -s "stty.$n" "$tmp/stty"
  local args=""
  for a in "$@"; do args="$args '$a'"; done
  # A script of its own too: sh reads its script as it goes, and the run before would read
  # on in this one.
  cat >"$tmp/run.$n.sh" <<EOF
export LANG='${TUI_LANG:-C.UTF-8}' LC_ALL='${TUI_LANG:-C.UTF-8}' XDG_STATE_HOME='$tmp/state' MURK_PWHASH='${MURK_PWHASH:-}' MURK_TEST_WEAK_PWHASH='${MURK_TEST_WEAK_PWHASH:-}'
trap : INT QUIT
unset NO_COLOR
[ -n '${TUI_NO_STATE:-}' ] && unset HOME XDG_STATE_HOME
[ -n '${TUI_NO_COLOR:-}' ] && export NO_COLOR=1
[ -n '${TUI_TERM:-}' ] && export TERM='${TUI_TERM:-}'
'$MURK' play $args 2>'$tmp/stderr'
echo \$? >'$tmp/rc.$n.tmp'
stty -a >'$tmp/stty.$n' 2>&1
mv '$tmp/rc.$n.tmp' '$tmp/rc.$n'
exec sleep 600
EOF
  # A new session each time; the old one goes after it, so the server never exits in
  # between (a new session on a server that is shutting down would die with it).
  local old=$sess
  runs=$n
  sess=murk$runs
  local size=${TUI_SIZE:-100 40}
  T new-session -d -x "${size% *}" -y "${size#* }" -s "$sess" "sh '$tmp/run.$n.sh'"
  [ -n "$old" ] && T kill-session -t "$old" >/dev/null 2>&1
  return 0
}

keys() { T send-keys -t "$sess" "$@"; }
# Pass a hand-over on the screen: it throws away keys typed in its first half second
# (TUI_HANDOVER_GUARD_MS), then goes on with Enter only.
pass_handover() {
  settle
  sleep 0.7
  keys Enter
}
# The newest game file murk play keeps in the state directory (empty if none).
game_file() { ls -t "$tmp/state/murk/"*.murk 2>/dev/null | head -n 1; }
send_text() { T send-keys -t "$sess" -l "$1"; }
screen() { T capture-pane -p -t "$sess"; }
screen_sgr() { T capture-pane -p -e -t "$sess"; } # with the attribute escape sequences

wait_for() {
  local end=$((SECONDS + TUI_TIMEOUT))
  while [ $SECONDS -le $end ]; do
    screen | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  fail "timed out waiting for '$1'; the screen was:"
  screen >&2
  # The program may have stopped: what it said, and how it ended.
  [ -s "$tmp/stderr" ] && { echo "its standard error:" >&2; cat "$tmp/stderr" >&2; }
  [ -f "$tmp/rc" ] && echo "it exited $(cat "$tmp/rc")" >&2
  return 1
}

# Wait until the screen stops changing (a screen is written in several pieces, so a
# capture right after the first piece shows may miss the rest).
settle() {
  local end=$((SECONDS + TUI_TIMEOUT)) a b
  a=$(screen)
  while [ $SECONDS -le $end ]; do
    sleep 0.1
    b=$(screen)
    [ "$a" = "$b" ] && return 0
    a=$b
  done
  return 0
}

wait_gone() {
  local end=$((SECONDS + TUI_TIMEOUT))
  while [ $SECONDS -le $end ]; do
    screen | grep -qF -- "$1" || return 0
    sleep 0.1
  done
  fail "'$1' is still on the screen"
  return 1
}

wait_exit() {
  local end=$((SECONDS + TUI_TIMEOUT))
  while [ $SECONDS -le $end ]; do
    if [ -f "$tmp/rc" ]; then
      cat "$tmp/rc"
      return 0
    fi
    sleep 0.1
  done
  fail "murk did not exit"
  echo none
  return 1
}

# A left click at screen column $1, row $2 (0-based), in the protocol the program asked
# the terminal for (SGR or the classic X10 bytes): a press and its release, so the next
# click is a press again.
click() {
  local x=$1 y=$2
  if [ "$(T display -p -t "$sess" '#{mouse_sgr_flag}')" = 1 ]; then
    send_text "$(printf '\033[<0;%d;%dM\033[<0;%d;%dm' $((x + 1)) $((y + 1)) $((x + 1)) $((y + 1)))"
  else
    local cx cy
    cx="\\x$(printf %x $((33 + x)))"
    cy="\\x$(printf %x $((33 + y)))"
    send_text "$(printf '\033[M%b%b%b\033[M%b%b%b' '\x20' "$cx" "$cy" '\x23' "$cx" "$cy")"
  fi
}

# The pid of murk (the child of the pane's shell).
murk_pid() {
  local shell d
  shell=$(T display -p -t "$sess" '#{pane_pid}')
  for d in /proc/[0-9]*; do
    if [ "$(awk '/^PPid:/ {print $2}' "$d/status" 2>/dev/null)" = "$shell" ]; then
      echo "${d#/proc/}"
      return 0
    fi
  done
  return 1
}

# After murk exited: the terminal is back as it was (normal screen, cursor shown, mouse
# reporting off, echo and line editing on).
check_restored() {
  local what=$1
  [ "$(T display -p -t "$sess" '#{alternate_on}')" = 0 ] || fail "$what: still on the alternate screen"
  [ "$(T display -p -t "$sess" '#{cursor_flag}')" = 1 ] || fail "$what: the cursor is still hidden"
  [ "$(T display -p -t "$sess" '#{mouse_any_flag}#{mouse_standard_flag}#{mouse_button_flag}')" = 000 ] ||
    fail "$what: the mouse is still reported"
  if grep -qE '(^| )-echo( |$)' "$tmp/stty" || grep -qE '(^| )-icanon( |$)' "$tmp/stty"; then
    fail "$what: the tty is left without echo or line editing"
    cat "$tmp/stty" >&2
  fi
}

# A command through the `:` line.
cmd() {
  keys :
  send_text "$1"
  keys Enter
}

# Past the hand-over to SIDE's table, then past the "Since your last turn" recap if one
# shows. The hand-over must show nothing of the table. Returns 1 if a screen never comes.
take_over() {
  local side=$1
  wait_for "Pass the keyboard to the $side." || return 1
  settle
  if shows_table; then
    fail "the hand-over to the $side shows the table:"
    screen >&2
  fi
  pass_handover
  wait_for "$side's table" || return 1
  settle
  if screen | grep -qF "Since your last turn"; then
    keys Escape
    wait_gone "Since your last turn"
    settle
  fi
}

# Does the screen show anything of a table? Map glyphs, markers, Dis counters, entry
# labels, the status bar or the panels.
shows_table() {
  screen | grep -qE '·|♣|≈|■|═|┼|◎|◇|\bT[0-9]|\bP[0-9]|\bE[0-9]|murk \||Cell [0-9]|Events|Forces'
}

# The platoon names of one side of a mission file (the `- name:` lines of its force).
platoon_names() {
  awk -v side="$2" '
    /^forces:/ { in_forces = 1; next }
    in_forces && /^  [a-z]+:/ { cur = $1; sub(":", "", cur); next }
    in_forces && cur == side && /^      - name:/ { sub(/^      - name: */, ""); print }
  ' "$1"
}

# The platoon names of the force called $2 in mission file $1 (sides may be rolled, so
# which force plays which side is read off the screen).
force_platoon_names() {
  awk -v force="$2" '
    /^forces:/ { in_forces = 1; next }
    in_forces && /^  [a-z]+:/ { cur = ""; next }
    in_forces && /^    name:/ { cur = $0; sub(/^    name: */, "", cur); next }
    in_forces && cur == force && /^      - name:/ { sub(/^      - name: */, ""); print }
  ' "$1"
}

# The force names of a mission file (public: the side roll announces them).
force_names() {
  awk '
    /^forces:/ { in_forces = 1; next }
    in_forces && /^    name:/ { sub(/^    name: */, ""); print }
  ' "$1"
}

# Public text that check_hidden takes off the screen before looking (force names: a
# platoon named after its force, "Combat Command HQ Section" cut to 14 characters, is
# not shown by "Combat Command A plays the attacker").
public_text=()

# Fail if the screen shows any of the names given on stdin. Panels cut long names with an
# ellipsis, so the first 14 characters are enough to count as shown.
check_hidden() {
  local what=$1 shot name f
  shot=$(screen)
  for f in "${public_text[@]}"; do shot=${shot//"$f"/}; done
  while IFS= read -r name; do
    name=${name:0:14}
    name=${name%% }
    [ -n "$name" ] || continue
    if printf '%s\n' "$shot" | grep -qF -- "$name"; then
      fail "$what: the screen shows '$name'"
      printf '%s\n' "$shot" >&2
    fi
  done
}

finish() {
  if [ "$failures" -gt 0 ]; then
    echo "$failures failure(s)" >&2
    exit 1
  fi
  echo "ok"
  exit 0
}
