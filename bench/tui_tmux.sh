#!/usr/bin/env bash
# tui_tmux.sh: the real terminal path of `murk play`, timed from outside (docs/performance.md,
# "TUI"). Figures, not a test: nothing here passes or fails on a time, and `make bench` does
# not run it (it runs the bench/*.c programs).
#
#   bash bench/tui_tmux.sh [RUNS]      RUNS starts per game (default 20)
#
# MURK is the program (default build/murk, the build `make play` runs). Each
# game is started RUNS times in a 200x60 tmux pane on a private server (UTF-8 locale, the
# TERM tmux gives, colours on):
#
# - time to first frame: from asking tmux to start the program (respawn-pane) to the
#   hand-over screen showing in capture-pane, polled as fast as a tmux client can run. The
#   "floor" row starts a shell that prints the same words at once: what tmux, the fork and
#   the polling cost by themselves, included in every other row.
# - CPU per redraw of the program itself (/proc/PID/schedstat, nanoseconds of CPU, user and
#   system), on the first table screen: N Ctrl-L (the screen cleared and repainted whole:
#   the canvas drawn, copied to curses, every cell written to the terminal) and N cursor
#   keys (the canvas drawn and copied, curses writes only the cells that changed). After
#   the keys, `?` opens the help and its box is awaited, so every key has been handled.
#
# The games: a new Luneville and a new Li Hohenfeld (the mission with the most teams), and
# each in mid-game, from a save of its golden script (tests/games) made by `murk run`.
set -u
RUNS=${1:-20}
KEYS=${KEYS:-500}
cd "$(dirname "$0")/.." || exit 1
MURK=${MURK:-build/murk}
case $MURK in /*) ;; *) MURK=$PWD/$MURK ;; esac
[ -x "$MURK" ] || {
  echo "tui_tmux.sh: no program at $MURK (build it, or set MURK)" >&2
  exit 1
}
command -v tmux >/dev/null || {
  echo "tui_tmux.sh: tmux is not installed" >&2
  exit 1
}
[ -r /proc/self/schedstat ] || echo "tui_tmux.sh: no /proc/PID/schedstat: CPU figures left out" >&2

tmp=$(mktemp -d)
sock=murkbench$$
T() { tmux -L "$sock" -f /dev/null "$@"; }
trap 'T kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT
T new-session -d -s b -x 200 -y 60 "sleep 100000" || exit 1
T set-option -t b -g remain-on-exit on >/dev/null
size=$(T display -p -t b '#{pane_width}x#{pane_height}')
[ "$size" = 200x60 ] || echo "tui_tmux.sh: the pane is $size, not 200x60" >&2

us() { echo "${EPOCHREALTIME/./}"; } # microseconds, without a fork
shows() { T capture-pane -p -t b | grep -qF -- "$1"; }
# wait_for TEXT: poll until the pane shows TEXT (10 s at most); 1 on timeout.
wait_for() {
  local end=$(($(us) + 10000000))
  until shows "$1"; do
    [ "$(us)" -gt "$end" ] && return 1
  done
  return 0
}
cpu_ns() { [ -r "/proc/$1/schedstat" ] && cut -d' ' -f1 "/proc/$1/schedstat" || echo 0; }

# median and best (ms, from microseconds on stdin, one a line)
stats() { sort -n | awk '{v[NR]=$1} END {m=(NR%2)?v[(NR+1)/2]:(v[NR/2]+v[NR/2+1])/2; printf "%8.1f %8.1f", m/1000, v[1]/1000}'; }

env_line="exec env LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_STATE_HOME=$tmp/state"
mkdir -p "$tmp/state"

# first_frame NAME ARGS...: RUNS starts; prints the row.
first_frame() {
  local name=$1 i t0 t1
  shift
  : >"$tmp/times"
  for ((i = 0; i < RUNS; i++)); do
    T respawn-pane -k -t b "sleep 100000"
    T clear-history -t b
    until ! shows "HAND OVER"; do :; done
    t0=$(us)
    T respawn-pane -k -t b "$*"
    wait_for "HAND OVER" || {
      echo "tui_tmux.sh: $name: no hand-over screen" >&2
      T capture-pane -p -t b | head -20 >&2
      return 1
    }
    t1=$(us)
    echo $((t1 - t0)) >>"$tmp/times"
  done
  printf '%-28s %s\n' "$name" "$(stats <"$tmp/times")"
}

# redraw NAME ARGS...: start the game, take the screen, time KEYS Ctrl-L and KEYS cursor keys.
redraw() {
  local name=$1 pid c0 c1 c2 i batch
  shift
  T respawn-pane -k -t b "$*"
  wait_for "HAND OVER" || return 1
  T send-keys -t b Enter
  wait_for "'s table" || return 1
  if shows "Esc skip the rest"; then
    T send-keys -t b Escape
    until ! shows "Esc skip the rest"; do :; done
  fi
  pid=$(T display -p -t b '#{pane_pid}')
  sleep 0.2
  batch=()
  for ((i = 0; i < 100; i++)); do batch+=(C-l); done
  c0=$(cpu_ns "$pid")
  for ((i = 0; i < KEYS / 100; i++)); do T send-keys -t b "${batch[@]}"; done
  T send-keys -t b '?'
  wait_for "Keys  (" || return 1
  c1=$(cpu_ns "$pid")
  T send-keys -t b Escape
  until ! shows "Keys  ("; do :; done
  batch=()
  for ((i = 0; i < 50; i++)); do batch+=(Left Right); done
  c1=$(cpu_ns "$pid")
  for ((i = 0; i < KEYS / 100; i++)); do T send-keys -t b "${batch[@]}"; done
  T send-keys -t b '?'
  wait_for "Keys  (" || return 1
  c2=$(cpu_ns "$pid")
  printf '%-28s %8.1f %8.1f\n' "$name" "$(((c1 - c0) / KEYS))e-3" "$(((c2 - c1) / KEYS))e-3"
}

"$MURK" run tests/games/luneville-opening.txt --save "$tmp/luneville-mid.save" >/dev/null || exit 1
"$MURK" run tests/games/li-hohenfeld-march.txt --save "$tmp/li-mid.save" >/dev/null || exit 1

echo "murk play in a 200x60 tmux pane ($(tmux -V), TERM inside: $(T show -gv default-terminal)), $RUNS starts each"
echo
printf '%-28s %8s %8s\n' "time to first frame, ms" median best
first_frame "floor (a shell prints it)" "exec sh -c 'printf \"HAND OVER\\n\"; exec sleep 100000'" || exit 1
first_frame "luneville, new game" "$env_line $MURK play luneville --seed 1" || exit 1
first_frame "li-hohenfeld, new game" "$env_line $MURK play li-hohenfeld --seed 1" || exit 1
first_frame "luneville, --load mid-game" "$env_line $MURK play --load $tmp/luneville-mid.save" || exit 1
first_frame "li-hohenfeld, --load mid" "$env_line $MURK play --load $tmp/li-mid.save" || exit 1
echo
printf '%-28s %8s %8s\n' "CPU per key, us ($KEYS each)" Ctrl-L cursor
redraw "luneville, new game" "$env_line $MURK play luneville --seed 1" || exit 1
redraw "li-hohenfeld, new game" "$env_line $MURK play li-hohenfeld --seed 1" || exit 1
redraw "luneville, mid-game" "$env_line $MURK play --load $tmp/luneville-mid.save" || exit 1
redraw "li-hohenfeld, mid-game" "$env_line $MURK play --load $tmp/li-mid.save" || exit 1
