/* mission.h: a mission as loaded from its YAML file. Read-only once loaded.
 *
 * The loader (src/core/base/mission.c and mission_*.c) checks everything it can without
 * playing: YAML form, types, known keys, the map against the table size, positions on the
 * table, numbers in range, rule names against the registry (rules.h). Every problem is reported as
 * FILE:LINE:COL: error: message (what was expected). docs/mission-format.md documents
 * every key.
 *
 * Lengths in the file carry units ("20cm", "8in", "3hex"); the loader converts them to
 * cells under the mission scale (geom.h, docs/rules.md "Distances"), so the game only
 * ever sees whole cells. */
#ifndef MURK_MISSION_H
#define MURK_MISSION_H

#include <stddef.h>
#include <stdint.h>

#include "murk/diag.h"
#include "murk/dice.h"
#include "murk/geom.h"
#include "murk/rules.h"
#include "murk/side.h"

/* Limits that keep a hostile file from costing much. Loading refuses beyond them. */
#define MURK_MISSION_MAX_BYTES (1024 * 1024)
#define MURK_MISSION_MAX_DEPTH 32
#define MURK_MISSION_MAX_CELLS 1000        /* width or height */
#define MURK_MISSION_MAX_TERRAIN 32        /* legend entries */
#define MURK_MISSION_MAX_ENTRIES 32        /* entry points */
#define MURK_MISSION_MAX_OBJECTIVES 16     /* fixed objectives */
#define MURK_OBJECTIVE_HOLD_DEFAULT "10cm" /* objectives: hold, unless the mission says */
#define MURK_VP_CENTRE_DEFAULT "12in"      /* victory: centre (field_of_battle) */
#define MURK_MISSION_MAX_OBJ_RULES 8       /* objective placement steps */
#define MURK_MISSION_MAX_PROFILES 32       /* team profiles per side */
#define MURK_MISSION_MAX_PLATOONS 40       /* per side */
#define MURK_MISSION_MAX_GROUPS 6          /* team groups per platoon */
#define MURK_MISSION_MAX_TEAMS 30          /* teams per platoon */
#define MURK_MISSION_MAX_VIS_ROWS 12
#define MURK_MISSION_MAX_END 8
#define MURK_MISSION_MAX_VP_ROWS 8
#define MURK_NAME 48

#define MURK_TERRAIN_CLASS_LIST(X) \
  X(OPEN, "open")                  \
  X(ROAD, "road")                  \
  X(RAILWAY, "railway")            \
  X(DIFFICULT, "difficult")        \
  X(IMPASSABLE, "impassable")      \
  X(WATER, "water")

enum murk_terrain_class {
#define MURK_TC_ENUM(id, name) MURK_TERRAIN_##id,
  MURK_TERRAIN_CLASS_LIST(MURK_TC_ENUM)
#undef MURK_TC_ENUM
      MURK_TERRAIN_CLASS_COUNT
};

enum murk_sight {
  MURK_SIGHT_CLEAR = 0,
  MURK_SIGHT_HINDERING = 1,
  MURK_SIGHT_BLOCKING = 2,
};

/* What the companies built on a cell (Flames of War missions, No Man's Land: Over the Wire
 * and the Fortified Company; both named by page only, so the rules are murk's own, in
 * docs/rules.md "No Man's Land"): wire ends a move that enters it; a team in a
 * fortification is hit and saved as if dug in. */
enum murk_works {
  MURK_WORKS_NONE = 0,
  MURK_WORKS_WIRE = 1,
  MURK_WORKS_FORTIFICATION = 2,
  MURK_WORKS_COUNT
};

const char* murk_terrain_class_name(enum murk_terrain_class c);
const char* murk_sight_name(enum murk_sight s);

/* One legend entry: what a map character means. */
struct murk_terrain {
  char ch;                     /* the map character */
  char name[MURK_NAME];        /* "woods", "village", "river" (for people and the TUI) */
  enum murk_terrain_class cls; /* governs movement */
  enum murk_sight sight;       /* governs line of sight */
  enum murk_works works;       /* wire or a fortification built on it (`works:`), or none */
  bool sewer;                  /* a way into the sewers (`sewer: true`): ASL night rules E1.531 */
};

/* A numbered entry point: a die roll of one of `rolls` brings arrivals on here. */
struct murk_entry {
  int number;                   /* as printed on the map, 1.. */
  char name[MURK_NAME];         /* "Luneville road" */
  struct murk_pos at;           /* an edge cell */
  enum murk_terrain_class kind; /* road, railway or open (an edge band) */
  unsigned rolls;               /* bit r set: die result r enters here (r = 1..31) */
};

/* Named areas of the table. Halves and quarters are by compass: north is row 0. */
enum murk_region_kind {
  MURK_REGION_WHOLE = 0,
  MURK_REGION_HALF = 1,    /* which: MURK_NORTH..MURK_WEST */
  MURK_REGION_QUARTER = 2, /* which: MURK_NE..MURK_SW */
  MURK_REGION_RECT = 3,    /* from..to inclusive */
};
enum murk_compass {
  MURK_NORTH = 0,
  MURK_SOUTH = 1,
  MURK_EAST = 2,
  MURK_WEST = 3,
  MURK_NE = 4,
  MURK_NW = 5,
  MURK_SE = 6,
  MURK_SW = 7,
};
const char* murk_compass_name(enum murk_compass c);

struct murk_region {
  enum murk_region_kind kind;
  enum murk_compass which;
  struct murk_pos from, to;
};

/* Keep-out bands, in cells (lengths rounded up). 0 means no band. */
struct murk_keep_out {
  int centre_line;      /* from the centre line(s) that bound the region */
  int long_centre_line; /* from the one centre line that runs along the long edges (Dust Up's
                           "the centre line", where a quarter touches both) */
  int edges;            /* from every table edge */
  int long_edges;       /* from the long table edges */
  int short_edges;      /* from the short table edges */
};

/* A side's deployment zone: a region less its keep-out bands. */
struct murk_zone {
  struct murk_region region;
  struct murk_keep_out keep_out;
};

/* An objective fixed by the mission. */
struct murk_objective {
  char name[MURK_NAME];
  struct murk_pos at;
  enum murk_side for_side; /* the side that must take it; MURK_NO_SIDE: either */
};

/* One objective placement step of setup: `by` places `count` objectives in `in`. */
struct murk_objective_rule {
  enum murk_side by;
  enum murk_side for_side; /* who must take them */
  int count;
  struct murk_region in;
  struct murk_keep_out keep_out;
  int min_apart;     /* cells between objectives, rounded up; 0: none */
  int together;      /* all of this step's objectives within this; 0: none */
  bool together_all; /* `together` holds against every objective placed, not just this step's */
};

/* Flags of a platoon. */
#define MURK_PLATOON_FLAG_LIST(X) \
  X(RECCE, "recce")               \
  X(TRANSPORT, "transport")       \
  X(INDEPENDENT, "independent")   \
  X(WARRIOR, "warrior")           \
  X(INFANTRY, "infantry")         \
  X(VEHICLE, "vehicle")           \
  X(DEEP_STRIKE, "deep_strike")   \
  X(INFILTRATE, "infiltrate")     \
  X(COMMANDER, "commander")       \
  X(BERSERK, "berserk")           \
  X(FORTIFIED, "fortified")

enum murk_platoon_flag_bit {
#define MURK_PF_BIT(id, name) MURK_PF_BIT_##id,
  MURK_PLATOON_FLAG_LIST(MURK_PF_BIT)
#undef MURK_PF_BIT
      MURK_PF_COUNT
};
#define MURK_PF(id) (1u << MURK_PF_BIT_##id)
const char* murk_platoon_flag_name(int bit);

/* A team profile: what one kind of team can do, and its weapon (docs/mission-format.md,
 * "profiles"; docs/rules.md, "Combat"). Skill, save, motivation and firepower are the score
 * needed on a d6 (e.g. skill 4 = hit on 4+ when shooting at this team). A Flames of War
 * profile (`fow`) names its armour or save and its weapon's anti-tank and firepower; a
 * simpler profile (murk's own, for missions from other rule texts) has one save, anti-tank
 * 0 and firepower 6. */
enum murk_aspect { MURK_ARMOUR_FRONT = 0, MURK_ARMOUR_SIDE = 1, MURK_ARMOUR_TOP = 2 };
struct murk_profile {
  char name[MURK_NAME];  /* its id in the file (platoons' `profile:`, transcripts) */
  char title[MURK_NAME]; /* what players read: its `name:`, else the id with spaces for '_' */
  int move;              /* cells (allowance: rounded down) */
  int range;             /* cells */
  int rof;               /* dice when shooting halted */
  int rof_moving;        /* dice when shooting after moving, or pinned down */
  int anti_tank;         /* the weapon's anti-tank rating (against die plus armour) */
  int firepower;         /* score of the weapon's firepower test: 1..6 */
  int skill;             /* score an enemy needs to hit this team: 2..6 */
  int save;              /* score this team needs to save a hit: 2..7 (7: no save) */
  int motivation;        /* score to pass a motivation test: 2..6 */
  int vehicle;           /* 1 for a vehicle (concealment, cloaking care) */
  int armoured;          /* 1: an armoured vehicle, with armour[] (no save) */
  int armour[3];         /* front, side, top (enum murk_aspect) */
  int fow;               /* 1: a Flames of War profile (it names anti_tank and firepower) */
  int barrage;           /* 1 for a barrage weapon: may fire at unseen targets, and scatters
                            (40k mission special rules, Night Fighting); fires illuminating
                            rounds (ASL night rules E1.93) */
};

struct murk_team_group {
  int profile; /* index into the side's profiles */
  int count;
};

struct murk_platoon {
  char name[MURK_NAME]; /* secret until revealed */
  char type[MURK_NAME]; /* "tank platoon": secret until revealed */
  int command_distance; /* cells */
  struct murk_team_group groups[MURK_MISSION_MAX_GROUPS];
  int ngroups;
  int nteams;     /* sum of the groups' counts */
  unsigned flags; /* MURK_PF(...) */
  /* Limited Intelligence: platoons with the same `wing` are the units of one
   * wing under one leader counter; "" stands alone. command_rating 0: the force's. */
  char wing[MURK_NAME];
  int command_rating;
  int points; /* margin of victory: its points cost; 0: as many as its teams (murk's own) */
  /* Its dedicated transport (`transport:`, a platoon of the same force flagged transport):
   * the roster index + 1, 0 for none. Under per-unit reserve rolls the two roll as one
   * (40k mission special rules, Reserves). */
  int transport;
};

struct murk_force {
  char name[MURK_NAME]; /* "Kampfgruppe Luneville": public */
  char nation[MURK_NAME];
  int command_rating; /* limited intelligence deployment roll; 0 if unused */
  int leader_rating;
  struct murk_profile profiles[MURK_MISSION_MAX_PROFILES];
  int nprofiles;
  struct murk_platoon platoons[MURK_MISSION_MAX_PLATOONS];
  int nplatoons;
  int dummies;                 /* dummy templates/counters available */
  int works[MURK_WORKS_COUNT]; /* pieces of each kind (enum murk_works) it builds in setup
                                  (`works:`, No Man's Land: its Fortified Company's) */
};

/* Where reserves come on (mission key `arrive`, docs/mission-format.md). */
#define MURK_MISSION_MAX_ARRIVE 4
enum murk_arrive_kind {
  MURK_ARRIVE_EDGE = 0,    /* the cells of one table edge, or of a half's or quarter's edges */
  MURK_ARRIVE_CORNER = 1,  /* the edge cells within `within` of a corner */
  MURK_ARRIVE_ENTRIES = 2, /* numbered entry points (a die may pick one) */
};

struct murk_arrive_area {
  enum murk_arrive_kind kind;
  enum murk_compass where; /* EDGE: a half (that edge) or a quarter (its two table edges);
                              CORNER: the corner (ne, nw, se, sw) */
  bool has_in;             /* EDGE: only the edge cells inside `in` */
  struct murk_region in;
  int within;    /* CORNER: cells along each edge from the corner (rounded down) */
  bool one_edge; /* CORNER: only along `edge` */
  enum murk_compass edge;
  unsigned entries; /* ENTRIES: bit n-1 set: entry number n; all bits: every entry */
};

/* What a side may do in setup beyond deploying (mission key `setup: {attacker: ...}`). */
struct murk_side_setup {
  unsigned reserves;     /* bit k: may hold reserve kind k (command.h, enum
                            murk_reserve_kind; bit 0 plain reserves); kinds not in force
                            are refused whatever is set */
  bool reserves_given;   /* false: every kind in force */
  int scattered;         /* -1: as the rules say (scattered when scattered_reserves is
                            on); 0 or 1: the side's reserves arrive scattered or not */
  int ambush;            /* platoons it may hold in ambush; -1: the rule's `platoons`
                            for the defender, none for the attacker */
  int immediate_ambush;  /* the same for immediate ambush */
  int random_deployment; /* -1: when the rule is on, for the attacker only (as in the
                            Flames of War missions' Cauldron); 0/1: off/on for this side */
  bool each_zone;        /* deploy at least one platoon in each part of the area
                            (Surrounded) */
  struct murk_arrive_area arrive[MURK_MISSION_MAX_ARRIVE];
  int narrive; /* 0: the side's `edge` (reserve_edges) */
};

#define MURK_MISSION_MAX_ZONES 4 /* parts of one side's deployment area */

struct murk_side_def {
  char* briefing;        /* owned; may be empty, never NULL once loaded */
  struct murk_zone zone; /* deployment zone (the first part when there are several) */
  struct murk_zone more_zones[MURK_MISSION_MAX_ZONES - 1]; /* its other parts: Surrounded's
                                  two ends, Breakthrough's two quarters */
  int nmore_zones;
  enum murk_compass edge; /* the edge this side's reserves come on from */
  struct murk_force force;
  struct murk_side_setup setup;
};

/* A row of the visibility table: a roll from lo to hi sees `range` cells. */
struct murk_vis_row {
  int lo, hi;
  int range; /* cells, rounded down */
};

struct murk_vis_table {
  struct murk_dice_expr die;
  struct murk_vis_row rows[MURK_MISSION_MAX_VIS_ROWS];
  int nrows; /* 0: the mission has no visibility table */
};

/* End conditions, checked at the start of a player turn. */
#define MURK_END_KIND_LIST(X)                                                                      \
  X(OBJECTIVE_TAKEN, "objective_taken") /* a side starts its turn holding one of its objectives */ \
  X(TURN_LIMIT, "turn_limit")           /* game over after turn N */                               \
  X(NO_ATTACKERS_IN_HALF, "no_attackers_in_half") /* from turn N, defender's half clear */         \
  X(NO_ATTACKERS_NEAR_OBJECTIVES,                                                                  \
    "no_attackers_near_objectives") /* from turn N, none within distance */

enum murk_end_kind {
#define MURK_END_ENUM(id, name) MURK_END_##id,
  MURK_END_KIND_LIST(MURK_END_ENUM)
#undef MURK_END_ENUM
      MURK_END_COUNT
};
const char* murk_end_kind_name(enum murk_end_kind k);

struct murk_end_condition {
  enum murk_end_kind kind;
  enum murk_side side; /* whose turn start it is checked at; MURK_NO_SIDE: either */
  int turn;            /* from this turn (or the limit) */
  int distance;        /* cells, for the near-objectives kind */
};

struct murk_vp_row {
  char name[MURK_NAME];   /* "Stunning Victory" */
  int lost_min, lost_max; /* the winner's platoons lost; lost_max -1: no upper bound */
  int winner, loser;      /* victory points */
};

/* How victory points are scored (docs/rules.md, "Victory points"). */
enum murk_vp_mode {
  MURK_VP_TABLE = 0,  /* the winner's losses pick a row of the table (Luneville) */
  MURK_VP_MARGIN = 1, /* points for what each side destroyed and achieved; the margin
                         decides (40k mission special rules, Margin of Victory) */
};

/* What the mission's aim scores under margin of victory (40k mission special rules, Mission
 * Specific Objectives); docs/rules.md, "Margin of victory". */
#define MURK_VP_OBJECTIVE_LIST(X)       \
  X(NONE, "none")                       \
  X(TABLE_QUARTERS, "table_quarters")   \
  X(ENEMY_LINES, "enemy_lines")         \
  X(LOOT, "loot")                       \
  X(FIELD_OF_BATTLE, "field_of_battle") \
  X(ANNIHILATION, "annihilation")

enum murk_vp_objective {
#define MURK_VP_OBJECTIVE_ENUM(id, name) MURK_VPO_##id,
  MURK_VP_OBJECTIVE_LIST(MURK_VP_OBJECTIVE_ENUM)
#undef MURK_VP_OBJECTIVE_ENUM
      MURK_VPO_COUNT
};

struct murk_victory {
  struct murk_vp_row rows[MURK_MISSION_MAX_VP_ROWS];
  int nrows;
  int ignore_first_loss_at; /* 9: a company of nine or more platoons (not counting
                               transports) ignores its first loss; 0: no such rule */
  enum murk_vp_mode mode;   /* `points:` table (default) or margin */
  enum murk_side otherwise; /* who wins when the game ends without a side winning it
                               (turn limit, game length): MURK_NO_SIDE (default) or a side */
  /* margin only */
  enum murk_vp_objective objective; /* what the mission's aim scores (default none) */
  int points_limit;                 /* the game's points limit; 0: the larger force's worth */
  int damaged_at;    /* a unit left with at most this percent of its teams is damaged (0: no
                        damage points) */
  int damaged_share; /* percent of a damaged unit's worth the enemy scores */
  int centre;        /* field_of_battle: cells from the table's centre */
};

enum murk_first_turn {
  MURK_FIRST_ROLL = 0, /* both roll, highest goes first */
  MURK_FIRST_ATTACKER = 1,
  MURK_FIRST_DEFENDER = 2,
};

/* A tutorial (mission key `tutorial:`, docs/mission-format.md "tutorial"): prompts for the
 * side a new player plays, each shown once, the first time its moment comes. Not a rule:
 * nothing in a game reads it; the TUI shows the prompts. */
#define MURK_MISSION_MAX_PROMPTS 24
#define MURK_TUTORIAL_TEXT 400

enum murk_tutorial_when {
  MURK_TUTOR_PHASE = 0, /* the game is in setup phase `which` (enum murk_phase) */
  MURK_TUTOR_STEP = 1,  /* the side's own turn is at step `which` (enum murk_step) */
  MURK_TUTOR_EVENT = 2, /* the side has been shown an event of kind `which` (event.h) */
};

struct murk_tutorial_prompt {
  enum murk_tutorial_when when;
  int which;
  int turn; /* from this game turn on (0: any) */
  char text[MURK_TUTORIAL_TEXT];
};

struct murk_tutorial {
  enum murk_side side; /* the side the player plays; MURK_NO_SIDE: no tutorial */
  struct murk_tutorial_prompt prompts[MURK_MISSION_MAX_PROMPTS];
  int nprompts;
};

struct murk_mission {
  char id[MURK_NAME];   /* the file's stem: "luneville" */
  char name[MURK_NAME]; /* "Luneville" */
  char source[96];      /* the published rules it follows, by title (may be empty) */
  char summary[160];    /* one line for `murk list` (may be empty) */
  char* path;           /* as given to the loader; owned */
  uint64_t hash;        /* FNV-1a 64 of the file's bytes (saves refuse a changed file) */
  char* text;           /* the file's bytes as loaded, NUL-terminated (a save carries them) */
  size_t text_len;

  struct murk_grid grid;
  struct murk_length scale; /* one cell */
  struct murk_length table_w, table_h;

  struct murk_terrain terrain[MURK_MISSION_MAX_TERRAIN];
  int nterrain;
  int blaze[MURK_MISSION_MAX_TERRAIN]; /* each legend entry's burning levels (ASL night rules E1.94:
                                          a blaze lights 2 cells a level); 0: not burning */
  unsigned char* map;                  /* width*height indices into terrain, row-major; owned */
  signed char* elevation;              /* width*height levels, or NULL when flat; owned */

  struct murk_entry entries[MURK_MISSION_MAX_ENTRIES];
  int nentries;

  struct murk_objective objectives[MURK_MISSION_MAX_OBJECTIVES];
  int nobjectives;
  int objective_hold; /* cells: how near a team holds an objective (objectives: hold) */
  struct murk_objective_rule objective_rules[MURK_MISSION_MAX_OBJ_RULES];
  int nobjective_rules;

  struct murk_side_def sides[MURK_SIDES];

  bool rule_on[MURK_RULE_COUNT];
  bool rule_added[MURK_RULE_COUNT]; /* on because a game added it (murk_mission_add_rules) */
  struct murk_param_value params[MURK_PARAM_COUNT]; /* defaults filled for rules off too */

  struct murk_vis_table visibility;

  enum murk_first_turn first_turn;
  int first_turn_bonus[MURK_SIDES]; /* added to a side's first-turn roll (No Man's Land) */
  /* Works the forces build in setup (No Man's Land): each piece a straight line of at most
   * works_length cells (`setup: works: {length: L}`) of the legend entry works_terrain[kind]
   * (-1: none) marked with that kind; how many, each force's `works`. */
  int works_terrain[MURK_WORKS_COUNT];
  int works_length;
  bool roll_for_sides; /* side selection by die roll */
  /* Setup order (Flames of War missions, Preparing for Battle / Beginning the Battle). */
  enum murk_side deploy_first;       /* who deploys first (default attacker) */
  bool deploy_in_turn;               /* one side deploys everything, then the other
                                        (default: alternately, a platoon each) */
  bool nominate_with_deployment;     /* the side deploying second nominates its reserves
                                        after the first has deployed (needs in_turn) */
  enum murk_side independents_first; /* who deploys independent teams first */
  enum murk_side recce_first;        /* who makes recce deployment moves first */
  enum murk_side remove_by;          /* Hasty Attack: this side takes away `remove_count`
                                        of the objectives it placed; MURK_NO_SIDE: none */
  int remove_count;
  int turn_limit; /* 0: none */
  struct murk_end_condition end[MURK_MISSION_MAX_END];
  int nend;
  struct murk_victory victory;
  struct murk_tutorial tutorial;
};

/* Load a mission file. On success *out is a new mission the caller frees with
 * murk_mission_free. On failure *out is NULL, diags holds at least one problem, and the
 * result is MURK_EINVAL (bad content), MURK_EIO (cannot read) or MURK_ENOMEM. The call
 * initialises diags itself (murk_diags_init with the path) and leaves the problems sorted
 * by line and column; problems about the whole file (cannot open, too large) have line 0. */
int murk_mission_load(const char* path, struct murk_mission** out, struct murk_diags* diags);

/* The same from memory; `name` is used in messages and as the path. */
int murk_mission_load_buffer(const char* name, const char* data, size_t len,
                             struct murk_mission** out, struct murk_diags* diags);

void murk_mission_free(struct murk_mission* m);

/* The terrain at a cell (NULL off the table). */
const struct murk_terrain* murk_mission_terrain_at(const struct murk_mission* m, struct murk_pos p);
/* Rules added to a loaded mission when a game starts (`murk play MISSION --with RULE`;
 * docs/commands.md): `list` names them, separated by blanks or commas. Each goes on with
 * its default parameters unless the mission has it on already. Refused (MURK_EINVAL, the
 * reason in err, the mission unchanged) for an unknown rule, a pair the registry's pair
 * table refuses (with its reason: docs/rules.md, "Rules together"), or a rule that needs
 * what the mission lacks (reserves for escalation, a turn limit for random game length, a
 * visibility table for thick morning fog and darkness, entries for lost in the fog). */
int murk_mission_add_rules(struct murk_mission* m, const char* list, char* err, size_t errlen);
/* The added rules' names, blank-separated, into buf ("" when none); the length. */
size_t murk_mission_added(const struct murk_mission* m, char* buf, size_t n);

/* A rule's state and its parameters (defaults if the file did not set them). */
bool murk_mission_rule_on(const struct murk_mission* m, enum murk_rule_id r);
int murk_mission_param(const struct murk_mission* m, enum murk_param_id p);
struct murk_dice_expr murk_mission_param_dice(const struct murk_mission* m, enum murk_param_id p);

/* Is p inside the region (and outside the keep-out bands of the zone)? Halves and bands
 * count whole rows and columns; docs/mission-format.md, "deployment and zones", gives the
 * exact rule (the middle row of an odd table is in neither half). Zone and table-edge
 * geometry lives in src/core/base/region.c. */
bool murk_region_contains(const struct murk_mission* m, const struct murk_region* r,
                          struct murk_pos p);
bool murk_zone_contains(const struct murk_mission* m, const struct murk_zone* z, struct murk_pos p);

/* One-line summary for `murk check`: "Luneville: hex 36x24 (180cm x 120cm at 5cm),
 * 7 v 6 platoons, 4 rules". */
int murk_mission_summary(const struct murk_mission* m, char* buf, size_t n);

#endif
