/* simout.h: murk sim's results for analysis (--format csv|json) and the merge of runs split
 * by seed ranges (--merge): a small printing layer over the games cmd_sim.c plays.
 *
 * CSV: a header line, then one row per game:
 *   mission,seed,attacker_policy,defender_policy,finished,winner,ended,vp_attacker,
 *   vp_defender,turns,commands,rejected,arrivals
 * finished is yes, no (a failure) or capped (still going at murk sim's turn cap: unfinished,
 * no winner, counted apart); winner is attacker, defender or none (empty for a game that did
 * not finish); ended is how it ended, by name (murk_ended_name: "objective", "company
 * morale", "last turn", "conceded", "agreed end"...; empty when not finished); arrivals
 * lists reserve arrivals as TURN:COUNT pairs apart by spaces ("3:2 5:1"; the last turn row,
 * 40, counts 40 and later). Rows of runs over different seeds concatenate: `murk sim
 * --merge` reads them (header lines anywhere are skipped) and prints the same tables as one
 * run over all those seeds.
 *
 * JSON: {"format": "murk-sim", "version": 1, "games": [one object per game, the CSV's
 * columns as keys (finished true or false, and capped true for a game stopped at the
 * turn cap; ended null when not finished), arrivals as {"TURN": COUNT}], "missions": [per
 * mission: id, games, failed, unfinished, wins {attacker, defender, none}, ends {NAME: COUNT}
 * for the ends that happened, vp {attacker, defender} (sums), turns {sum,
 * min, max}, commands, rejected, arrivals (sum)]}: sums, never averages, so totals add. */
#ifndef MURK_CLI_SIMOUT_H
#define MURK_CLI_SIMOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SIMOUT_TURNS 41

struct simout_game {
  char mission[96]; /* the mission's id, as murk list shows it */
  uint64_t seed;
  char policy[2][16]; /* attacker's, defender's */
  bool finished;
  bool capped; /* not finished: stopped at murk sim's turn cap (not a failure) */
  int winner;  /* 0 attacker, 1 defender, 2 no winner */
  int ended;   /* how it ended: enum murk_ended (game.h), 0 when not finished */
  int vp[2];
  int turns;
  long commands, rejected;
  int arrivals[SIMOUT_TURNS];
};

enum simout_format { SIMOUT_TEXT, SIMOUT_CSV, SIMOUT_JSON };

/* Streams games in CSV or JSON; JSON keeps per-mission totals for its end. */
struct simout {
  enum simout_format format;
  FILE* f;
  long ngames;
  struct simout_total* totals;
  size_t ntotals, cap;
};

void simout_begin(struct simout* s, enum simout_format format, FILE* f);
/* One game; returns false when memory runs out (JSON's totals). */
bool simout_game(struct simout* s, const struct simout_game* g);
void simout_end(struct simout* s);

/* Append the games of CSV file `path` to *rows (n of cap). Returns true, or false after
 * saying on stderr what is wrong (FILE:LINE:COL: error: ...). */
bool simout_read_csv(const char* path, struct simout_game** rows, size_t* n, size_t* cap);

#endif
