#!/usr/bin/env bash
# bigtable.sh: write a valid mission on a big table to stdout, for the benchmarks and the
# smoke test; generated at run time, never committed.
#
#   bash bench/bigtable.sh [SIZE [BLOCK% [PLATOONS [TEAMS [GRID [SEED [PATTERN [DEPLOY [RULES]]]]]]]]]
#
# SIZE x SIZE cells at 5cm (default 1000: the largest table the loader takes), BLOCK% of
# the cells woods (difficult, blocking sight; default 20), PLATOONS platoons of TEAMS teams a
# side (default 20 of 30: 600 teams, the most a game holds), GRID square or hex (default
# square), SEED for the woods (default 1). PATTERN random (default): the woods come from a
# Park-Miller generator in whole numbers (exact in awk's doubles), so a seed gives the same
# table everywhere; lattice: a regular lattice instead, one cell in five, where
# (7x + 13y) mod 5 = 0 (BLOCK and SEED unused): long lines of sight through the gaps.
# DEPLOY bands (default): the two sides deploy in bands facing each other across a 30-cell
# gap in the middle of the table, so that they meet within the turn limit; halves: each
# side anywhere in its half. The cells of the fixed objective are kept open. RULES table
# (default: the texts' open table) or double_blind (an enemy is seen only in sight).
set -euo pipefail
size=${1:-1000}
block=${2:-20}
platoons=${3:-20}
teams=${4:-30}
grid=${5:-square}
seed=${6:-1}
pattern=${7:-random}
deploy=${8:-bands}
rules=${9:-table}
case $pattern in random | lattice) ;; *) echo "bigtable.sh: PATTERN is random or lattice" >&2; exit 2 ;; esac
case $deploy in bands | halves) ;; *) echo "bigtable.sh: DEPLOY is bands or halves" >&2; exit 2 ;; esac
case $rules in table | double_blind) ;; *) echo "bigtable.sh: RULES is table or double_blind" >&2; exit 2 ;; esac

awk -v n="$size" -v block="$block" -v np="$platoons" -v nt="$teams" -v grid="$grid" \
  -v seed="$seed" -v pattern="$pattern" -v deploy="$deploy" -v rules="$rules" 'BEGIN {
  x = seed % 2147483646 + 1
  mid = int(n / 2)
  # Deployment bands: rows [mid - 15 - depth, mid - 15) for the defender (north) and
  # (mid + 15, mid + 15 + depth] for the attacker, each as wide as the table allows.
  depth = int(n / 10); if (depth < 2) depth = 2
  gap = 15; if (2 * (gap + depth) + 1 > n) gap = 0
  dtop = mid - gap - depth; if (dtop < 0) dtop = 0
  dbot = mid - gap - 1; if (dbot < dtop) dbot = dtop
  atop = mid + gap + 1; if (atop > n - 1) atop = n - 1
  abot = mid + gap + depth; if (abot > n - 1) abot = n - 1
  if (deploy == "halves") { dtop = 0; dbot = mid - 1; atop = mid; abot = n - 1 }
  printf "# A generated big table (bench/bigtable.sh %d %d %d %d %s %d %s %s %s).\n", n, block, np, nt, grid, seed, pattern, deploy, rules
  printf "name: Big table %dx%d\n", n, n
  print "table: {grid: " grid ", scale: 5cm, size: " 5 * n "cm x " 5 * n "cm}"
  print "turn_limit: 6"
  print "objectives:"
  printf "  fixed: [{name: crossroads, at: \"%d,%d\", for: attacker}]\n", mid, dtop
  print "deployment:"
  printf "  attacker: {rect: [\"0,%d\", \"%d,%d\"]}\n", atop, n - 1, abot
  printf "  defender: {rect: [\"0,%d\", \"%d,%d\"]}\n", dtop, n - 1, dbot
  print "setup: {first_turn: attacker}"
  if (rules == "double_blind") print "rules:\n  double_blind: {}"
  print "terrain:"
  print "  legend:"
  print "    \".\": {class: open, name: fields}"
  print "    \"T\": {class: difficult, sight: blocking, name: woods}"
  print "  map: |"
  for (r = 0; r < n; r++) {
    line = ""
    for (c = 0; c < n; c++) {
      if (pattern == "lattice") {
        ch = (7 * c + 13 * r) % 5 == 0 ? "T" : "."
      } else {
        x = (x * 48271) % 2147483647
        ch = (x % 100 < block) ? "T" : "."
      }
      if (r == dtop && c == mid) ch = "."
      line = line ch
    }
    print "    " line
  }
  print "forces:"
  for (s = 0; s < 2; s++) {
    side = s == 0 ? "attacker" : "defender"
    print "  " side ":"
    print "    profiles:"
    print "      rifles: {move: 30cm, range: 60cm, rof: 2, skill: 4, save: 5}"
    print "    platoons:"
    for (p = 1; p <= np; p++)
      printf "      - {name: P%d, command_distance: 30cm, teams: [{profile: rifles, count: %d}]}\n", p, nt
  }
}'
