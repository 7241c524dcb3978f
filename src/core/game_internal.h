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
 * command logs lives in `struct mk_state`, a plain value with no pointers, so apply()
 * keeps a copy and restores it (and truncates the logs) when a rule says no. */
#ifndef MK_GAME_INTERNAL_H
#define MK_GAME_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/dice.h"
#include "murk/event.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/view.h"

#define MK_MAX_MARKERS 128
#define MK_MAX_UNITS MURK_MISSION_MAX_PLATOONS
#define MK_MAX_TEAMS_PER_SIDE 600
#define MK_MAX_PLACED_OBJECTIVES (MURK_MISSION_MAX_OBJECTIVES + 4 * MURK_MISSION_MAX_OBJ_RULES)

struct mk_marker {
  int number; /* public number, unique across both sides, from 1 */
  enum murk_side owner;
  int unit; /* index into units[owner], or -1 for a dummy */
  struct murk_pos pos;
  bool on_table; /* false once removed (revealed dummy, revealed platoon) */
  bool revealed;
  bool bogged;
  bool moved;                        /* moved in the current step */
  enum murk_marker_kind kind;        /* template (0, the default), wing leader, ... */
  struct murk_pos dis[MURK_MAX_DIS]; /* wing leaders: their Dis counters (intel.c) */
  int ndis;
  int moved_cells; /* cells moved in the current step (valid while `moved`) */
  /* Wing leaders (intel.c), valid while `moved`: the Dis counters were moved by `dis`
   * this step, and where they stood when the step began. */
  bool dis_moved;
  struct murk_pos dis_start[MURK_MAX_DIS];
};

struct mk_team {
  int profile; /* index into the owner's force profiles */
  struct murk_pos pos;
  bool alive;
  bool placed; /* on the table */
};

/* An arrival from reserve that a roll has granted (reserves.c): one platoon of `kind` may
 * come on this turn, where `area`, `part` and `entry` say. */
struct mk_arrival {
  enum murk_reserve_kind kind;
  int entry; /* index into the mission's entries (Lost in the Fog, scattered onto entries), or
                -1 */
  int part;  /* scattered: the stretch of the side's arrival cells (0..parts-1), or -1 */
  int parts;
  bool anywhere; /* deep strike: anywhere on the table */
  bool used;
};
#define MK_MAX_ARRIVALS 40
#define MK_MAX_RD_SLOTS (MK_MAX_UNITS + 40)

struct mk_unit_state {
  int index; /* roster index */
  enum murk_platoon_state state;
  int marker; /* marker number, 0 if none */
  enum murk_reserve_kind reserve;
  int first_team; /* into teams[side] */
  int nteams;
  bool bogged;                 /* revealed platoons can bog too */
  bool moved, shot, assaulted; /* this player turn */
  bool dug_in;      /* Prepared Positions (seed 001): harder to hit, better cover; lost on moving */
  bool concealed;   /* Concealment (seed 004): on the table at the start, not yet moved or shot */
  int ambush;       /* held in ambush: 0 no, 1 Ambush, 2 Immediate Ambush (seed 001) */
  bool recce_moved; /* made its reconnaissance deployment move */
  int deep_turn;    /* the turn it arrived by Deep Strike (no move or assault then), or 0 */
};

/* One side's knowledge of one enemy marker or team (sight.c). */
struct mk_sighting {
  struct murk_pos pos; /* where it was last seen (valid when `known`) */
  int turn;            /* the game turn it was last seen (0: setup) */
  bool seen;           /* in sight now */
  bool known;          /* seen, or its place told in a public event, at least once */
};

/* A light on the table (seed 003, 1.92-1.93): a starshell or an illuminating round. */
enum mk_light_kind {
  MK_LIGHT_STARSHELL = 0,
  MK_LIGHT_ROUND = 1,
};
struct mk_light {
  enum mk_light_kind kind;
  struct murk_pos at;
  int radius; /* cells */
  enum murk_side by;
};
#define MK_MAX_LIGHTS 32

/* Night and visibility (night.c; docs/rules.md, "Night and visibility"). Zero is "nothing
 * rolled yet", so a state cleared by setup needs no other start. */
struct mk_night {
  bool nvr_rolled; /* the base NVR has been set (seed 003, 1.11) */
  int nvr;         /* the current Base NVR, 0..6 (with the NVR rule) */
  int cloud;       /* 1 + cloud cover (1 none, 2 scattered, 3 overcast); 0 unknown */
  int moon;        /* 1 + moon phase (1 no moon, 2 half, 3 full); 0 unknown */
  int dusk_dawn;   /* the Dusk & Dawn die (seed 004), 0 before it is rolled */
  bool was_night;  /* night rules were in force in the last player turn begun */
  struct mk_light lights[MK_MAX_LIGHTS];
  int nlights;
  bool gunflash[MURK_SIDES][MK_MAX_UNITS];    /* fired since its side's last turn began */
  int sight[MURK_SIDES][MK_MAX_UNITS];        /* 1 + this turn's sight roll in cells; 0 none */
  bool flare_tried[MURK_SIDES][MK_MAX_UNITS]; /* made a usage roll this player turn */
};

struct mk_placed_objective {
  struct murk_pos pos;
  enum murk_side for_side;
  enum murk_side placed_by;
  int rule; /* index of the placement step, -1 for fixed */
  char name[MURK_NAME];
};

/* Everything that changes, as a plain value (copied to undo a rejected command). */
struct mk_state {
  struct murk_rng rng;
  /* Which mission side's force each side plays (setup.sides: roll can swap them). The
   * side keeps its zone, briefing and reserve area; the force (platoons, profiles,
   * dummies) goes with the player. Read forces through murk_force(). */
  enum murk_side force_of[MURK_SIDES];
  enum murk_phase phase;
  enum murk_step step;
  int turn; /* 0 during setup, then 1.. */
  enum murk_side to_act;
  enum murk_side first; /* who took the first turn */
  int turns_played[MURK_SIDES];

  struct mk_marker markers[MK_MAX_MARKERS];
  int nmarkers;
  int next_marker_number;

  struct mk_unit_state units[MURK_SIDES][MK_MAX_UNITS];
  int nunits[MURK_SIDES];
  struct mk_team teams[MURK_SIDES][MK_MAX_TEAMS_PER_SIDE];
  int nteams[MURK_SIDES];

  struct mk_placed_objective objectives[MK_MAX_PLACED_OBJECTIVES];
  int nobjectives;
  int objective_rule;   /* placement step in progress */
  int objective_placed; /* placed in that step */

  int dummies_left[MURK_SIDES];
  /* A side has finished its part of a setup phase (setup.c's phase table). */
  bool phase_done[MURK_PHASE_COUNT][MURK_SIDES];
  enum murk_side finished_deploying_first;

  /* Setup after deployment and reserve arrivals (setup.c, reserves.c). */
  int removed;                               /* objectives taken away (Hasty Attack) */
  int rd_slots[MURK_SIDES][MK_MAX_RD_SLOTS]; /* Random Deployment: rolled sections, -1 used */
  int nrd_slots[MURK_SIDES];
  struct mk_arrival arrivals[MURK_SIDES][MK_MAX_ARRIVALS];
  int narrivals[MURK_SIDES];

  bool spotted;   /* spotting attempt made this Shooting step */
  bool fired;     /* someone shot this Shooting step (no spotting after) */
  int visibility; /* cells rolled by the last spotting attempt, -1 none */

  int last_irreversible; /* log index after the last roll or reveal (undo stops there) */
  int final_why;         /* why that command is final (enum mk_final in game.c), 0 none */
  int step_start;        /* log index at the start of the current step */

  enum murk_side winner;
  char result[160];

  /* Ending and winning (victory.c). */
  int vp[MURK_SIDES]; /* victory points once over */
  int extra_turns;    /* Random Game Length: turns played beyond its from_turn */
  int length_checked; /* the last game turn whose end was checked for the game length */
  int delay_counters; /* Fighting Withdrawal: the defender's delay counters */
  int withdraw_due;   /* Fighting Withdrawal: platoons the side to act must withdraw now */

  /* Sight and night (sight.c, night.c). What each side knows of the enemy's whereabouts:
   * [viewer][enemy marker index] and [viewer][enemy team index]. */
  struct mk_sighting seen_marker[MURK_SIDES][MK_MAX_MARKERS];
  struct mk_sighting seen_team[MURK_SIDES][MK_MAX_TEAMS_PER_SIDE];
  struct mk_night night;
};

struct murk_sightmap; /* los.h */
struct mk_fov_rows;   /* sight.c */

struct murk_game {
  const struct murk_mission* m;
  uint64_t seed;
  bool keyed; /* a live game's secret dice: the stream keyed by dice_key (dice.h) */
  unsigned char dice_key[MURK_DICE_KEY_BYTES];
  /* Bumped by murk_game_undo: a view kept across an undo (view.c) sees the game went back
   * even when it has as many events as before. */
  uint32_t epoch;
  struct mk_state s;
  struct mk_state* saved; /* apply()'s copy of s, kept to restore a rejected command */
  bool applying;          /* inside apply(): the command will take log index nlog */
  int oom;                /* sticky MURK_ENOMEM from mk_emit inside a command */
  /* Built once from the mission (sight.c): the sight classes and heights for line of
   * sight, and the cells lit by the mission's fires (seed 003, 1.94), or NULL. */
  struct murk_sightmap* sightmap;
  unsigned char* firelit;
  /* Fields of view already computed, one per origin cell (sight.c): the terrain never
   * changes in play. A cache of derived values, never game state. */
  struct mk_fov_rows* fov_rows;
  bool fov_rows_shared; /* fov_rows belongs to a murk_sight_cache, not to this game */

  struct murk_event* events; /* append-only */
  size_t nevents, cap_events;

  char** log; /* applied commands, canonical text */
  enum murk_side* log_side;
  struct murk_command* log_cmd; /* the same commands as values (undo replays these) */
  size_t nlog, cap_log;
};

/* Append an event; printf-style text. Returns MURK_OK or MURK_ENOMEM. */
int mk_emit(struct murk_game* g, enum murk_event_kind kind, enum murk_audience aud,
            enum murk_side about, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* The last event appended (to add structured facts after mk_emit). */
struct murk_event* mk_last_event(struct murk_game* g);

/* Add structured facts to the last event: its marker number (0: none) and positions
 * (either may be NULL). */
void mk_event_facts(struct murk_game* g, int marker, const struct murk_pos* from,
                    const struct murk_pos* to);

/* Roll dice for a purpose and report it (audience all unless said). Returns the total;
 * *out (if not NULL) gets the record. Rolls are irreversible for undo. */
int murk_roll(struct murk_game* g, const struct murk_dice_expr* e, const char* purpose,
              enum murk_audience aud, struct murk_roll* out);

/* The same with one named modifier added before the roll is reported (label NULL: none). */
int murk_roll_mod(struct murk_game* g, const struct murk_dice_expr* e, const char* purpose,
                  enum murk_audience aud, const char* label, int value, struct murk_roll* out);

/* ---- shared by the game modules (not public API) ---- */

/* A command's references as the command table resolved them before its handler runs
 * (command_table.h): -1 where none. */
struct mk_cmd_args {
  int unit;   /* own roster index (-1: a dummy marker, or none) */
  int marker; /* own marker index (-1: none) */
  int target; /* enemy marker index (-1: none) */
};

/* A command handler: MURK_OK, MURK_EREJECTED (reason written) or MURK_ENOMEM. Called only
 * in a phase and step its row allows, with its references resolved in `a`. */
typedef int (*mk_cmd_fn)(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                         const struct mk_cmd_args* a, char* reason, size_t reason_len);

/* game.c */
/* Write a reason for the player; returns MURK_EREJECTED (so: return mk_reject(...)). */
int mk_reject(char* reason, size_t reason_len, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The log index the command being applied will take (undo bookkeeping). */
int mk_log_next(const struct murk_game* g);
/* Undo may not go back past this point (a roll was made or something revealed). */
void mk_mark_irreversible(struct murk_game* g);
/* A new step or phase begins: undo stops here. */
void mk_mark_step_start(struct murk_game* g);
/* "" for one, "s" for any other count: "1 team", "3 teams". */
const char* mk_plural(int n);
/* Cells to text under the mission scale: "8 cells (40cm)". */
int mk_cells_text(const struct murk_game* g, int cells, char* buf, size_t n);
/* A roll counted in inches (a scatter, a sight roll's unit) as whole cells, rounded down
 * like every allowance: 0 for nothing or less, and at most MURK_SIGHT_UNLIMITED however
 * large the dice (a length past the loader's limit saturates instead of vanishing). */
int mk_inches_cells(const struct murk_game* g, int64_t inches);
/* n cells, saturated to 0 .. MURK_SIGHT_UNLIMITED. */
int mk_cells_sat(int64_t n);
/* The force `side` plays: the mission's force of s.force_of[side]. */
const struct murk_force* murk_force(const struct murk_game* g, enum murk_side side);
const struct murk_platoon* mk_unit_platoon(const struct murk_game* g, enum murk_side side,
                                           int unit);
const struct murk_profile* mk_team_profile(const struct murk_game* g, enum murk_side side,
                                           int team);
/* Can a template or team stand on p (on the table, neither impassable nor water)? */
bool mk_cell_passable(const struct murk_mission* m, struct murk_pos p);
/* The on-table marker at p (index into s->markers) or -1. */
int mk_marker_index_at(const struct mk_state* s, struct murk_pos p);
/* Index of the marker with that public number, or -1. */
int mk_marker_index(const struct mk_state* s, int number);
/* A living, placed team at p: returns true and fills side/team (either may be NULL). */
bool mk_team_at(const struct mk_state* s, struct murk_pos p, enum murk_side* side, int* team);
/* Is p free of markers and teams? */
bool mk_cell_free(const struct mk_state* s, struct murk_pos p);
/* Teams alive of a unit. */
int mk_unit_alive(const struct mk_state* s, enum murk_side side, int unit);
/* Nearest distance from p to anything of `side` on the table (markers on table, placed
 * teams); INT_MAX if nothing. If at is not NULL it gets that thing's cell. */
int mk_nearest_of_side(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                       struct murk_pos* at);
/* Knowledge discipline (docs/rules.md, "What a side knows"): the checks of a command read
 * the acting side's own things and the enemy things it sees or last saw, never the truth.
 * Is there an enemy marker or team at p as `side` knows it (seen there now, or last seen
 * there)? *marker (may be NULL) gets the marker's index, or -1 for a team; *team (may be
 * NULL) the team's index, or -1 for a marker. */
bool mk_known_enemy_at(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                       int* marker, int* team);
/* Is p free of `side`'s own markers and teams and of the enemy things it knows to be there? */
bool mk_cell_known_free(const struct murk_game* g, enum murk_side side, struct murk_pos p);
/* mk_nearest_of_side for the enemy of `side`, over what `side` knows of it. */
int mk_known_nearest(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                     struct murk_pos* at);
/* Hidden contact (docs/rules.md, "Hidden contact"): something of `side` has run into or
 * come down beside the enemy thing at p that it did not know of. Both sides now know where
 * the other's thing stands (seen this turn), and a public event says so. `what` names the
 * side's own thing ("T3", "P4"), at its cell `own`. The command cannot be taken back. */
void mk_hidden_contact(struct murk_game* g, enum murk_side side, const char* what,
                       struct murk_pos own, struct murk_pos p);
/* The last event, emitted for all because the enemy saw what it tells, becomes two copies:
 * the acting side's own and the enemy's, so the mover's copy does not tell it whether the
 * enemy saw (docs/rules.md, "What a side knows"). Nothing happens to an event for one side. */
void mk_event_split(struct murk_game* g, enum murk_side side);
/* A new marker record; returns its index or -1 when full. */
int mk_marker_new(struct murk_game* g, enum murk_side owner, int unit, struct murk_pos p);
/* Resolve the acting side's own unit or marker from a reference. On success *unit is the
 * roster index (-1 for a dummy) and *marker the marker index (-1 if none). */
int mk_ref_own(const struct murk_game* g, enum murk_side side, struct murk_ref r, int* unit,
               int* marker, char* reason, size_t reason_len);
/* Resolve an enemy reference as the acting side's view shows it: a marker index. */
int mk_ref_enemy(const struct murk_game* g, enum murk_side side, struct murk_ref r, int* marker,
                 char* reason, size_t reason_len);
/* "T3" for a marker on the table, "P3" for a revealed platoon. */
int mk_handle(const struct murk_game* g, int marker, char* buf, size_t n);

/* setup.c */
int mk_setup_begin(struct murk_game* g);
int mk_setup_objective(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                       const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_setup_reserve(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                     const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_setup_deploy(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* `end`: what it does is the current phase's (the phase table); may it be used now? */
int mk_phase_end(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                 const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_phase_end_ready(const struct murk_game* g, enum murk_side side, char* reason,
                       size_t reason_len);
/* A setup phase's prompt for the view (mine: the side to act's; else what the waiting side
 * is told). False in play and once over: the view words those. */
bool mk_phase_prompt(const struct murk_game* g, bool mine, char* buf, size_t n);
int mk_setup_recce(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                   const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_setup_ambush(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* Platoons of `side` still waiting to be deployed in setup phase `phase`. */
int mk_setup_waiting(const struct murk_game* g, enum murk_side side, enum murk_phase phase);
/* Must `side` take away objectives (remove objective N) before it deploys? */
bool mk_setup_removal_due(const struct murk_game* g, enum murk_side side);
/* Random Deployment: the sections (1..) of the side's unused rolls, "1, 1, 3" ("" none). */
void mk_setup_sections_text(const struct murk_game* g, enum murk_side side, char* buf, size_t n);
int mk_setup_remove(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* The cells of a side's deployment, with their rule: is p a cell `side` may deploy on in
 * the current phase? (Reserves and ambushes use it too.) */
int mk_setup_check_zone(const struct murk_game* g, const struct murk_zone* z, struct murk_pos p,
                        const char* what, char* reason, size_t reason_len);
/* The same against every part of `side`'s deployment area; *part (may be NULL) gets the
 * part that takes p. */
int mk_setup_check_side_zone(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                             const char* what, char* reason, size_t reason_len,
                             const struct murk_zone** part);

/* turn.c */
/* Setup is over: the first player turn begins. */
void mk_turn_begin_play(struct murk_game* g, enum murk_side first);
/* `end` during play: the next step, or hand-over. */
int mk_turn_end_step(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len);
/* The game is over: phase OVER, victory points, result ("attacker wins (Major Victory
 * 5:2): " followed by the reason given by fmt), END event. In victory.c. */
void mk_game_over(struct murk_game* g, enum murk_side winner, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* fog.c */
int mk_fog_move(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_fog_reveal(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                  const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* The moves of a template or cloaking counter on the table (marker index mi), and of a
 * revealed platoon (roster index unit): the `move` operations of those kinds (marker.h). */
int mk_fog_move_template(struct murk_game* g, enum murk_side side, int mi, int unit,
                         const struct murk_command* c, char* reason, size_t reason_len);
int mk_fog_move_platoon(struct murk_game* g, enum murk_side side, int mi, int unit,
                        const struct murk_command* c, char* reason, size_t reason_len);
/* May `side` try to spot now (fog of war, a visibility table, once, before any shot)? */
int mk_fog_spot_ready(const struct murk_game* g, enum murk_side side, char* reason,
                      size_t reason_len);
int mk_fog_spot(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* Reveal the marker at index mi (a dummy is removed). revealer: the cell of the enemy that
 * revealed it (spotting), or NULL. */
void mk_fog_reveal_marker(struct murk_game* g, int mi, const struct murk_pos* revealer);
/* Place a unit's teams around centre (seed 000, Revealing platoons). zone (may be NULL)
 * restricts the cells. Returns how many teams could not be placed. */
int mk_fog_place_teams(struct murk_game* g, enum murk_side side, int unit, struct murk_pos centre,
                       const struct murk_pos* revealer, const struct murk_zone* zone);
/* Start of a player turn: bogged markers and platoons of `side` try to get free. */
void mk_fog_unbog(struct murk_game* g, enum murk_side side);

/* victory.c (seeds 000, 001, 004: ending and winning) */
/* Start of `side`'s player turn, after the starting step is announced: game length (turn
 * limit, Random Game Length), the Fighting Withdrawal schedule, then the mission's end
 * conditions. True if the game is now over. */
bool mk_victory_start_of_turn(struct murk_game* g, enum murk_side side);
/* The game length checked when a new game turn begins (the one before it has ended):
 * true if the game is now over. */
bool mk_victory_game_length(struct murk_game* g);
/* Does `side` hold placed objective k ("taken", docs/rules.md)? */
bool mk_objective_taken(const struct murk_game* g, enum murk_side side, int k);
/* Is end condition e met at the start of `side`'s turn now (turn and side filters
 * included)? For objective_taken, *objective (may be NULL) gets the objective's index. */
bool mk_end_condition_met(const struct murk_game* g, enum murk_side side,
                          const struct murk_end_condition* e, int* objective);
/* Victory points for a game won by `winner` (MURK_NO_SIDE: nobody): fills vp[], the
 * result's name ("Major Victory", "Fair Fight", "Solid Victory") and returns the winner,
 * which under margin-of-victory points (seed 004) may differ from the one given. */
enum murk_side mk_victory_points(const struct murk_game* g, enum murk_side winner,
                                 int vp[MURK_SIDES], char* name, size_t name_len);
/* `withdraw N` (Fighting Withdrawal). */
int mk_victory_withdraw(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                        const struct mk_cmd_args* a, char* reason, size_t reason_len);

/* combat.c (engine model, not from the seeds) */
/* Start of `side`'s player turn: motivation tests of its platoons below half strength, then
 * company morale where the mission uses it. True if the game is now over. */
bool mk_combat_start_of_turn(struct murk_game* g, enum murk_side side);
/* Play begins: Concealment (seed 004) covers the platoons then on the table. */
void mk_combat_begin_play(struct murk_game* g);
/* `side`'s Movement step ends: its platoons that moved are no longer dug in or concealed. */
void mk_combat_after_movement(struct murk_game* g, enum murk_side side);
int mk_combat_shoot(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_combat_assault(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                      const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* Cells from an assaulting team to a target team. */
#define MK_COMBAT_ASSAULT_REACH 2
/* Could own unit `unit` shoot at (in range and in sight) or assault (within reach) enemy unit
 * tu, as shoot and assault judge it (once-a-step limits aside)? For the view. */
void mk_combat_targets(const struct murk_game* g, enum murk_side side, int unit, int tu,
                       bool* shoot, bool* assault);

#endif
