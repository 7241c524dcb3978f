/* state.h: the inside of struct murk_game, the bottom layer of the core's game modules
 * (docs/architecture.md, "Layers of the core"). Types and limits only: every game module
 * includes it, and no front-end ever does (src/cli, src/tui and src/sim see only
 * include/murk/).
 *
 * The marker (docs/architecture.md): a public marker with an owner, a public number and a
 * position stands on the table for secret contents that may be empty (a dummy). Fog-of-War
 * templates are markers over one platoon; later rule modules (cloaking counters, wing
 * leaders) reuse the same record.
 *
 * Rejected commands change nothing: all mutable state except the append-only event and
 * command logs lives in `struct mk_state`, a plain value with no pointers, so apply()
 * keeps a copy and restores it (and truncates the logs) when a rule says no. */
#ifndef MK_STATE_H
#define MK_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "murk/command.h"
#include "murk/dice.h"
#include "murk/event.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/phase.h"
#include "murk/side.h"
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
  bool moved;  /* moved in the current step */
  bool hidden; /* set up hidden (ASL night rules E1.2): unseen by the enemy until it moves or
                  reveals */
  /* Fog of War: put down by `template at X,Y`, its platoon not named yet (numbering.c):
   * unit is -1 until `put N at Tn`. */
  bool unnamed;
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
  bool bailed; /* an armoured vehicle whose crew bailed out (combat.c): it cannot shoot */
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
  /* Kept for one unit (its index + 1), 0 for any: a unit and its dedicated transport roll
   * as one (40k mission special rules, Reserves), so the one that comes on second uses this. */
  int only;
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
  bool dug_in;      /* Prepared Positions (Flames of War missions): harder to hit, better cover;
                       lost on moving */
  bool concealed;   /* Concealment (40k mission special rules): on the table at the start, not yet
                       moved or shot */
  int ambush;       /* held in ambush: 0 no, 1 Ambush, 2 Immediate Ambush (Flames of War
                       missions) */
  bool recce_moved; /* made its reconnaissance deployment move */
  int deep_turn;    /* the turn it arrived by Deep Strike (no move or assault then), or 0 */
  bool pinned;      /* pinned down (combat.c): no assault, moving rate of fire, until it rallies */
  bool active;      /* moved, shot or assaulted since its own turn began (not gone to ground) */
  int hits;         /* hits taken from shooting this player turn (pinned down at enough) */
  bool fresh;       /* revealed from its template, not moved since, its owner's next turn not over:
                       an independent may still come on with it (Fog of War) */
  /* Revealed by the enemy's spotting (or its cloak or "?" lost), its teams not yet down:
   * its owner places them (`place`, placing.c, fog.c). place_at: its first team's cell (the
   * template's centre, or under a wing leader or a Dis counter). place_from: the spotting
   * side's template or team nearest it, if place_has_from (Luneville, Revealing platoons,
   * last paragraph). place_range > 0: a Limited Intelligence wing's platoon, its teams
   * within that many cells of place_leader, the leader's cell (27.3.1). */
  bool placing;
  bool place_has_from;
  unsigned char place_why; /* enum mk_place_why */
  struct murk_pos place_at, place_from, place_leader;
  int place_range;
};

/* Why a platoon waits for its owner's `place` (placing.c). */
enum mk_place_why {
  MK_PLACE_SPOTTED, /* the enemy's spotting revealed it */
  MK_PLACE_LOST     /* it lost its cloak or "?" (the ASL night rules, 1.31, 1.43) */
};

/* One side's knowledge of one enemy marker or team (sight.c). */
struct mk_sighting {
  struct murk_pos pos; /* where it was last seen (valid when `known`) */
  int turn;            /* the game turn it was last seen (0: setup) */
  bool seen;           /* in sight now */
  bool known;          /* seen, or its place told in a public event, at least once */
  /* A revealed enemy platoon's marker (its teams on the table): what the side saw of the
   * platoon when one of its teams was last in sight or it was revealed (docs/rules.md,
   * "What a side knows"); a view shows these, never the truth. */
  bool bogged, dug_in;
};

/* A light on the table (ASL night rules E1.92-E1.93): a starshell or an illuminating round. */
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

/* One cell of a piece of works built in setup (No Man's Land): its legend entry. */
#define MK_MAX_WORKS_CELLS 256
struct mk_works_cell {
  short x, y;
  unsigned char terrain; /* index into the mission's legend */
  unsigned char side;    /* who built it */
};

/* Night and visibility (night.c; docs/rules.md, "Night and visibility"). Zero is "nothing
 * rolled yet", so a state cleared by setup needs no other start. */
struct mk_night {
  bool nvr_rolled; /* the base NVR has been set (ASL night rules E1.11) */
  int nvr;         /* the current Base NVR, 0..6 (with the NVR rule) */
  int cloud;       /* 1 + cloud cover (1 none, 2 scattered, 3 overcast); 0 unknown */
  int moon;        /* 1 + moon phase (1 no moon, 2 half, 3 full); 0 unknown */
  int dusk_dawn;   /* the Dusk & Dawn die (40k mission special rules), 0 before it is rolled */
  bool was_night;  /* night rules were in force in the last player turn begun */
  struct mk_light lights[MK_MAX_LIGHTS];
  int nlights;
  bool gunflash[MURK_SIDES][MK_MAX_UNITS];    /* fired since its side's last turn began */
  int sight[MURK_SIDES][MK_MAX_UNITS];        /* 1 + this turn's sight roll in cells; 0 none */
  bool flare_tried[MURK_SIDES][MK_MAX_UNITS]; /* made a usage roll this player turn */
  bool flashed; /* a gunflash has been placed in this game: lights may be fired (1.91) */
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
  /* No Man's Land (Flames of War missions): who won the left/right roll (places its
   * objective and patrol first; MURK_NO_SIDE before it), whose patrol is out. */
  enum murk_side lr_winner;
  int remove_due; /* Fighting Withdrawal: objectives the defender must remove now */
  /* `reveal N via X,Y ...`: the owner's cells for the revealed platoon's second, third...
   * team, judged by the handler and used by the next placement (fog.c), then cleared. */
  struct murk_pos reveal_want[MURK_CMD_MAX_WAYPOINTS];
  int nreveal_want;
  bool patrol_out[MURK_SIDES];

  int dummies_left[MURK_SIDES];
  /* Limited Intelligence (27.2.2): a moving wing that won its deployment roll
   * waits for its owner's `adjust` before the wings are placed (intel.c). */
  struct mk_li_adjust {
    bool due;
    int marker;                      /* the moving leader's index */
    int allow;                       /* cells it may adjust */
    int primary_kind, primary_index; /* what it met: a leader or a team */
    int nothers;                     /* further enemy leaders it saw (27.5) */
    int others[MK_MAX_MARKERS];
    int nseen; /* the footprint it saw them from */
    struct murk_pos seen_from[1 + MURK_MAX_DIS];
  } li_adjust;
  int hidden_used[MURK_SIDES]; /* platoons set up hidden (ASL night rules E1.2) */
  /* A side has finished its part of a setup phase (setup.c's phase table). */
  bool phase_done[MURK_PHASE_COUNT][MURK_SIDES];
  enum murk_side finished_deploying_first;

  /* Setup after deployment and reserve arrivals (setup.c, reserves.c). */
  int removed;                               /* objectives taken away (Hasty Attack) */
  int rd_slots[MURK_SIDES][MK_MAX_RD_SLOTS]; /* Random Deployment: rolled sections, -1 used */
  int nrd_slots[MURK_SIDES];
  struct mk_arrival arrivals[MURK_SIDES][MK_MAX_ARRIVALS];
  int narrivals[MURK_SIDES];

  bool spotted;    /* spotting attempt made this Shooting step */
  int nplacing;    /* platoons revealed in play that await their owner's `place` */
  bool place_told; /* the hand-over to the owner of those platoons was told */
  bool fired;      /* someone shot this Shooting step (no spotting after) */
  int visibility;  /* cells rolled by the last spotting attempt, -1 none */

  int last_irreversible; /* log index after the last roll or reveal (undo stops there) */
  int final_why;         /* why that command is final (enum mk_final in game.c), 0 none */
  int step_start;        /* log index at the start of the current step */

  enum murk_side winner;
  char result[160];
  int ended; /* how the game ended: enum murk_ended (game.h) */

  /* Ending and winning (victory.c). */
  int vp[MURK_SIDES]; /* victory points once over */
  int extra_turns;    /* Random Game Length: turns played beyond the turn limit */
  int length_checked; /* the last game turn whose end was checked for the game length */
  int delay_counters; /* Fighting Withdrawal: the defender's delay counters */
  int withdraw_due;   /* Fighting Withdrawal: platoons the side to act must withdraw now */
  /* `offer end`: the side whose offer to end the battle awaits the enemy's answer,
   * MURK_NO_SIDE for none (public: both sides are told). */
  enum murk_side end_offer;

  /* Sight and night (sight.c, night.c). What each side knows of the enemy's whereabouts:
   * [viewer][enemy marker index] and [viewer][enemy team index]. */
  struct mk_sighting seen_marker[MURK_SIDES][MK_MAX_MARKERS];
  struct mk_sighting seen_team[MURK_SIDES][MK_MAX_TEAMS_PER_SIDE];
  struct mk_night night;

  /* Works built in setup (setup.c; Flames of War missions, No Man's Land): every cell of
   * every piece, in the order built, and the pieces each side has built of each kind. The
   * game's map (murk_game.map) is the mission's with these written over it. */
  int nworks;
  struct mk_works_cell works[MK_MAX_WORKS_CELLS];
  int works_built[MURK_SIDES][MURK_WORKS_COUNT];

  /* Events for one side alone so far, each side's (event.c): what murk_game_side_has_secrets
   * asks. */
  int told_alone[MURK_SIDES];
  /* The side put a template down unnamed: it may nominate reserves as it names its
   * templates' platoons, at the end of its deployment (numbering.c). */
  bool named_late[MURK_SIDES];
};

/* Why a command cannot be taken back (docs/rules.md, "Undo"): each reason is something the
 * command showed the acting side, so whether undo is refused tells it nothing it cannot see. */
enum mk_final {
  FINAL_NONE = 0,
  FINAL_ROLL = 1,      /* a die was rolled or something revealed */
  FINAL_KNOWLEDGE = 2, /* the acting side now sees or remembers something it did not */
  FINAL_ANSWER = 3,    /* the acting side was told of something of the enemy's */
};

/* One event as the game keeps it (event.c): its facts; its text, and its roll for a ROLL
 * event, are bytes in the game's arena from `at`. A view rebuilds the public record
 * (murk/event.h) from it when it copies the event. */
struct mk_event {
  uint32_t at;
  int32_t turn;
  int32_t marker;
  struct murk_pos from, to;
  uint8_t kind, audience;
  int8_t side, active; /* MURK_NO_SIDE is -1 */
  bool has_pos, has_roll;
  uint8_t tlen; /* the text's length (under MURK_EVENT_TEXT) */
};
#define MK_EVENT_SCRATCH 8

struct murk_sightmap; /* los.h */
struct mk_fov_rows;   /* sight_cache.c */
struct mk_sight_kept; /* sight_cache.c */

struct murk_game {
  const struct murk_mission* m;
  uint64_t seed;
  bool keyed; /* a live game's secret dice: the stream keyed by dice_key (dice.h) */
  unsigned char dice_key[MURK_DICE_KEY_BYTES];
  bool has_parts; /* murk_game_set_dice_parts: what the key was drawn from (saves only) */
  unsigned char dice_parts[MURK_DICE_PARTS_BYTES];
  /* Bumped by murk_game_undo: a view kept across an undo (view.c) sees the game went back
   * even when it has as many events as before. */
  uint32_t epoch;
  enum murk_seat seat[MURK_SIDES]; /* who plays each side: for saves only */
  enum murk_level level;           /* how well the computer's seat plays: for saves only */
  int last_turn;                   /* murk_game_set_last_turn, 0 for none */
  struct mk_state s;
  struct mk_state* saved; /* apply()'s copy of s, kept to restore a rejected command */
  bool applying;          /* inside apply(): the command will take log index nlog */
  int oom;                /* sticky MURK_ENOMEM from mk_emit inside a command */
  /* Built once from the mission (sight.c): the sight classes and heights for line of
   * sight, and the cells lit by the mission's fires (ASL night rules E1.94), or NULL. */
  struct murk_sightmap* sightmap;
  unsigned char* firelit;
  /* Fields of view already computed, one per origin cell (sight_cache.c): the terrain never
   * changes in play. A cache of derived values, never game state. */
  /* The map as it stands: the mission's, with the works built in setup written over it
   * (mk_state.works); NULL while the mission builds none (then the mission's map). Written
   * only by a build that is accepted, and rebuilt by undo's replay. */
  unsigned char* map;
  struct mk_fov_rows* fov_rows;
  bool fov_rows_shared; /* fov_rows belongs to a murk_sight_cache, not to this game */
  /* What the last sight update worked from and left (sight_cache.c), so the next one skips
   * what nothing changed; checked against the state each time, so it never goes stale.
   * NULL until the first update (or without memory). */
  struct mk_sight_kept* sight_kept;

  /* The events (event.c), compact: a small record of facts each, their texts and rolls in
   * one arena of bytes. Events before ev_base were dropped (murk_game_drop_events): records
   * hold [ev_base, nevents). */
  struct mk_event* events;
  size_t nevents; /* every event since creation, dropped ones included */
  size_t cap_events;
  size_t ev_base;
  size_t ev_dropped[MURK_SIDES]; /* of the dropped events, those each side may know */
  char* ev_bytes;
  size_t ev_len, ev_cap;
  struct murk_event* ev_scratch; /* mk_game_event's answers (tests) */
  unsigned ev_scratch_next;

  /* The command log: each applied command's canonical line, NUL-terminated, one after the
   * other in log_text (undo parses them back: murk_command_format). */
  char* log_text;
  size_t log_len, log_cap;
  uint32_t* log_at; /* where line i starts in log_text */
  unsigned char* log_side;
  size_t nlog, cap_log;
};

/* A command's references as the command table resolved them before its handler runs
 * (command_table.h): -1 where none. */
struct mk_cmd_args {
  int unit;   /* own roster index (-1: a dummy marker, or none) */
  int marker; /* own marker index (-1: none) */
  int target; /* enemy marker index (-1: none) */
};

#endif
