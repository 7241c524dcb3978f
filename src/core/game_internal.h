/* game_internal.h: the inside of struct murk_game, shared by the core's game modules
 * (game.c, setup.c, turn.c, fog.c, combat.c, view.c, event.c). Never included by a
 * front-end: src/cli and src/tui see only the public headers.
 *
 * The marker (design.md section 2): a public marker with an owner, a public number and a
 * position stands on the table for secret contents that may be empty (a dummy). Fog-of-War
 * templates are markers over one platoon; later rule modules (cloaking counters, wing
 * leaders) reuse the same record.
 *
 * Rejected commands change nothing: all mutable state except the append-only event and
 * command logs lives in `struct murk_state`, a plain value with no pointers, so apply()
 * keeps a copy and restores it (and truncates the logs) when a rule says no. */
#ifndef MURK_GAME_INTERNAL_H
#define MURK_GAME_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/dice.h"
#include "murk/event.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/view.h"

#define MURK_MAX_MARKERS 128
#define MURK_MAX_UNITS MURK_MISSION_MAX_PLATOONS
#define MURK_MAX_TEAMS_PER_SIDE 600
#define MURK_MAX_PLACED_OBJECTIVES (MURK_MISSION_MAX_OBJECTIVES + 4 * MURK_MISSION_MAX_OBJ_RULES)

struct murk_marker {
  int number;               /* public number, unique across both sides, from 1 */
  enum murk_side owner;
  int unit;                 /* index into units[owner], or -1 for a dummy */
  struct murk_pos pos;
  bool on_table;            /* false once removed (revealed dummy, revealed platoon) */
  bool revealed;
  bool bogged;
  bool moved;               /* moved in the current step */
};

struct murk_team {
  int profile;              /* index into the owner's force profiles */
  struct murk_pos pos;
  bool alive;
  bool placed;              /* on the table */
};

struct murk_unit {
  int index;                /* roster index */
  enum murk_platoon_state state;
  int marker;               /* marker number, 0 if none */
  enum murk_reserve_kind reserve;
  int first_team;           /* into teams[side] */
  int nteams;
  bool bogged;              /* revealed platoons can bog too */
  bool moved, shot, assaulted; /* this player turn */
};

struct murk_placed_objective {
  struct murk_pos pos;
  enum murk_side for_side;
  enum murk_side placed_by;
  int rule;                 /* index of the placement step, -1 for fixed */
  char name[MURK_NAME];
};

/* Everything that changes, as a plain value (copied to undo a rejected command). */
struct murk_state {
  struct murk_rng rng;
  enum murk_phase phase;
  enum murk_step step;
  int turn;                 /* 0 during setup, then 1.. */
  enum murk_side to_act;
  enum murk_side first;     /* who took the first turn */
  int turns_played[MURK_SIDES];

  struct murk_marker markers[MURK_MAX_MARKERS];
  int nmarkers;
  int next_marker_number;

  struct murk_unit units[MURK_SIDES][MURK_MAX_UNITS];
  int nunits[MURK_SIDES];
  struct murk_team teams[MURK_SIDES][MURK_MAX_TEAMS_PER_SIDE];
  int nteams[MURK_SIDES];

  struct murk_placed_objective objectives[MURK_MAX_PLACED_OBJECTIVES];
  int nobjectives;
  int objective_rule;       /* placement step in progress */
  int objective_placed;     /* placed in that step */

  int dummies_left[MURK_SIDES];
  bool deploy_done[MURK_SIDES];
  enum murk_side finished_deploying_first;

  bool spotted;             /* spotting attempt made this Shooting step */
  bool fired;               /* someone shot this Shooting step (no spotting after) */
  int visibility;           /* cells rolled by the last spotting attempt, -1 none */

  int last_irreversible;    /* log index after the last roll or reveal (undo stops there) */
  int step_start;           /* log index at the start of the current step */

  enum murk_side winner;
  char result[160];
};

struct murk_game {
  const struct murk_mission* m;
  uint64_t seed;
  struct murk_state s;

  struct murk_event* events;  /* append-only */
  size_t nevents, cap_events;

  char** log;                 /* applied commands, canonical text */
  enum murk_side* log_side;
  size_t nlog, cap_log;
};

/* Append an event; printf-style text. Returns MURK_OK or MURK_ENOMEM. */
int murk_emit(struct murk_game* g, enum murk_event_kind kind, enum murk_audience aud,
              enum murk_side about, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* The last event appended (to add structured facts after murk_emit). */
struct murk_event* murk_last_event(struct murk_game* g);

/* Roll dice for a purpose and report it (audience all unless said). Returns the total;
 * *out (if not NULL) gets the record. Rolls are irreversible for undo. */
int murk_roll(struct murk_game* g, const struct murk_dice_expr* e, const char* purpose,
              enum murk_audience aud, struct murk_roll* out);

#endif
