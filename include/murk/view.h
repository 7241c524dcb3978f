/* view.h: what one side may know of a game (docs/architecture.md, "What a view tells").
 *
 * The only thing front-ends and transcripts read. A view holds the public table, the
 * side's own platoons and teams in full, enemy markers as anonymous numbered markers,
 * enemy platoons only once revealed, and the events the side may know. It is built
 * fresh from the game (murk_view_build), or refreshed (murk_view_update), and owned by the
 * caller (murk_view_free).
 * A view for MURK_NO_SIDE is the umpire's: everything.
 *
 * Ownership and lifetime (what each pointer field points into):
 * - mission_name, briefing, force_name[], terrain, map, elevation, entries, own_zone,
 *   own_more_zones point into the mission the game was made from: valid while that
 *   mission is loaded (a game never outlives its mission, and a view may outlive its game).
 * - objectives, markers, teams, platoons, arrivals (and each arrival's cells), lit, lit_by,
 *   lights, contacts, wings, targets and events are the view's own arrays: valid until the next
 *   murk_view_update of this view or murk_view_free, which frees them.
 * - Everything else (result, prompt, conditions, names) is copied into the view.
 * Nothing in a view points into the game: a view may be read after its game is freed or
 * undone. */
#ifndef MURK_VIEW_H
#define MURK_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/command.h"
#include "murk/event.h"
#include "murk/geom.h"
#include "murk/mission.h"
#include "murk/phase.h"
#include "murk/side.h"

struct murk_game; /* game.h: only drivers, which build views, need its API */

/* What a marker is (docs/architecture.md), public like the marker itself: a Fog-of-War
 * template over one platoon (Luneville), a Limited Intelligence wing leader over a whole wing
 * (Limited Intelligence), an ASL cloaking counter (ASL night rules). Any of them may stand for
 * nothing. */
enum murk_marker_kind {
  MURK_MARKER_TEMPLATE = 0,
  MURK_MARKER_WING = 1,
  MURK_MARKER_CLOAK = 2,
  MURK_MARKER_CONCEALED = 3, /* the night defender's "?" (ASL night rules E1.2) */
};
/* A wing leader's Dis counters (Limited Intelligence 27.1.2). */
#define MURK_MAX_DIS 2

/* Why an enemy marker or team is seen now, or not (what the side can tell from its own
 * units and where it last saw the enemy; sight.c's rules, docs/rules.md "Sight"). */
enum murk_view_sight {
  MURK_VIEW_SEEN = 0,         /* an own unit has it in range and in line of sight */
  MURK_VIEW_PUBLIC = 1,       /* a template or wing leader: on the table for both sides */
  MURK_VIEW_LIT = 2,          /* beyond sight range, but lit or betrayed by its fire */
  MURK_VIEW_OUT_OF_RANGE = 3, /* last seen beyond every own unit's sight range */
  MURK_VIEW_BEYOND_NVR = 4,   /* the same at night: beyond the Night Visibility Range */
  MURK_VIEW_NO_LINE = 5,      /* last seen in range, but no own unit has a line of sight */
  MURK_VIEW_MOVED = 6,        /* where it was last seen is in sight, and empty: it moved */
};

/* What players call a marker of a kind under the rules that use it ("template", "wing
 * leader", "cloaking counter"; plural: "templates", ...): the kind's row in the core. */
const char* murk_marker_noun(enum murk_marker_kind kind, bool plural);

/* A marker on (or off) the table as this side sees it. */
struct murk_view_marker {
  int number; /* public number: T<n> / P<n> */
  enum murk_side owner;
  enum murk_marker_kind kind;
  struct murk_pos pos;
  struct murk_pos dis[MURK_MAX_DIS]; /* its Dis counters on the table (public) */
  int ndis;
  bool on_table;
  bool revealed; /* the platoon under it has been revealed to all */
  bool bogged;
  bool known; /* contents known to this view (own, umpire, or revealed) */
  /* The rest is filled only when `known`: */
  bool dug_in; /* Prepared Positions: its platoon is dug in */
  bool dummy;
  int platoon; /* roster index in the owner's force, -1 for a dummy */
  char name[MURK_NAME];
  char type[MURK_NAME];
  int nteams; /* teams alive */
  /* Own markers only (zero for the enemy's): how it moves. */
  int allowance[MURK_TERRAIN_CLASS_COUNT]; /* cells, by the slowest ground a move enters, with
                                              every rule in force (Fog of War template rates,
                                              a cloak's, a wing's pace); -1: may not enter */
  bool moved;                              /* has moved this step */
  bool hidden;   /* set up hidden (ASL night rules E1.2): the enemy does not see it even in sight */
  bool may_move; /* a move may be ordered now (murk_view_reach lists where to) */
  enum murk_view_sight sight; /* an enemy marker on the table: why it is seen */
};

/* A team's card: its profile's fighting facts, as the mission's forces give them (public
 * once the team is seen: docs/mission-format.md, "forces"). A front-end shows them as they
 * stand and works out nothing from them. */
struct murk_view_stats {
  int skill;      /* score an enemy needs to hit it: 2..6 */
  int motivation; /* score to pass a motivation test: 2..6 */
  int save;       /* score to save a hit: 2..7 (7: no save); 0 for an armoured vehicle */
  bool armoured;  /* an armoured vehicle: armour instead of a save */
  int armour[3];  /* front, side, top (enum murk_aspect) */
  int rof;        /* dice when shooting halted */
  int rof_moving; /* dice after moving, or pinned down */
  int anti_tank;  /* its weapon's anti-tank rating */
  int firepower;  /* its weapon's firepower test score: 1..6 */
  bool fow;       /* a Flames of War profile (it names anti-tank and firepower) */
};

/* A team on the table (own teams, and enemy teams once their platoon is revealed). */
struct murk_view_team {
  enum murk_side owner;
  int marker;              /* the marker number of its platoon */
  int platoon;             /* roster index in the owner's force */
  char profile[MURK_NAME]; /* its profile's name for players (the mission's `name:`) */
  int range;               /* cells its weapon reaches: its profile's, a public stat of a team
                              in view (lean views too) */
  /* Its profile's other public stats (lean views too; docs/rules.md, "Combat"): the
   * weapon's anti-tank, and for an armoured vehicle its armour (front, side, top), else
   * all -1 (a soft target). bailed: its crew bailed out (public: the event said so). */
  int anti_tank;
  int armour[3];
  bool bailed;
  struct murk_pos pos;
  enum murk_view_sight sight;   /* an enemy team: why it is seen */
  struct murk_view_stats stats; /* its card (not filled in a lean view) */
};

/* One kind of team of an own platoon (its mission's `teams:` group), for the platoon's card
 * while its teams are off the table or under a marker. */
struct murk_view_group {
  char profile[MURK_NAME]; /* the profile's name for players */
  int alive;               /* teams of it alive */
  int range;               /* cells its weapon reaches */
  struct murk_view_stats stats;
};

/* Where an own platoon is. */
enum murk_platoon_state {
  MURK_PLATOON_WAITING = 0,  /* not yet deployed */
  MURK_PLATOON_RESERVE = 1,  /* held off table */
  MURK_PLATOON_HIDDEN = 2,   /* on table under a template */
  MURK_PLATOON_REVEALED = 3, /* teams on table */
  MURK_PLATOON_DESTROYED = 4,
  MURK_PLATOON_WITHDRAWN = 5, /* left the table in good order (Fighting Withdrawal) */
};
const char* murk_platoon_state_name(enum murk_platoon_state s);

/* One of this side's own platoons (the roster). */
struct murk_view_platoon {
  int index; /* roster index; commands use index + 1 */
  char name[MURK_NAME];
  char type[MURK_NAME];
  enum murk_platoon_state state;
  int marker;                     /* its marker number, 0 if none */
  int nteams;                     /* teams alive */
  int command_distance;           /* cells */
  unsigned flags;                 /* MURK_PF(...) */
  enum murk_reserve_kind reserve; /* in reserve: its kind (command.h) */
  int ambush;           /* in reserve: held in ambush (1) or immediate ambush (2), else 0 */
  bool may_arrive;      /* in reserve, and a roll this turn lets one of its kind come on */
  bool dug_in;          /* Prepared Positions */
  bool recce_moved;     /* made its reconnaissance deployment move */
  bool may_deploy;      /* the side to act may place it now with this setup phase's command:
                           deploy it (the phase is its own), or send it out on patrol (No Man's
                           Land's patrol phase: patrol N at X,Y, at one of place_cells) */
  bool may_deep_strike; /* the side to act may hold it in deep-strike reserve now (`reserve N
                           deep`: the reserves phase, the mission's Deep Strike rule on, and
                           the platoon has the ability; the 40k mission special rules, Deep
                           Strike) */
  int wing;             /* Limited Intelligence: its wing, an index into the view's wings; -1 */
  /* Revealed platoons (a hidden one moves as its marker): how it moves. Its first team on
   * the table leads; the others keep their places around it. */
  struct murk_pos lead;
  int allowance[MURK_TERRAIN_CLASS_COUNT]; /* its slowest team's, over any ground it may
                                              enter; -1: may not enter */
  bool moved;
  bool may_move;
  /* For the players, which tell from them what a unit may still do this turn: it
   * shot, assaulted this player turn. */
  bool shot, assaulted;
  /* Pinned down (it may not assault, nor move toward the enemy: murk_view_reach leaves
   * those cells out), and how many of its teams are bailed out (they stay where they are);
   * both public (docs/rules.md, "Pinned down"). */
  bool pinned;
  int bailed;
  /* Its card: its kinds of team (not filled in a lean view). */
  struct murk_view_group groups[MURK_MISSION_MAX_GROUPS];
  int ngroups;
};

/* One of this side's Limited Intelligence wings (27.1): the platoons whose `wing`
 * is its index move as one under its leader until they deploy. */
struct murk_view_wing {
  char name[MURK_NAME];
  int leader;    /* the marker number of its leader on the table (T<n>), 0 once deployed */
  int dis_range; /* cells its Dis counters may stand from the leader */
  int nplatoons;
};

/* An arrival from reserve the side may make this turn (arrive N at X,Y). */
struct murk_view_arrival {
  enum murk_reserve_kind kind; /* which of the side's reserves may use it */
  char where[96];              /* "entry 3 (Luneville road) at 35,14" */
  bool anywhere;               /* deep strike: aimed at any cell (the platoon then scatters) */
  int platoon; /* kept for this own platoon (roster index): the unit or transport that rolled
                  with one that came on (40k mission special rules, Reserves); -1: any of its
                  kind */
  /* Every cell it may come on at, in table-edge order, free as the game judges it
   * (reserves.c); for a deep strike every cell it may aim at, row by row: beyond the
   * keep-out distance from every enemy the side sees or last saw. Into the view's pool. */
  struct murk_pos* cells;
  int ncells;
};

/* An enemy marker or team out of sight now, where this side last saw it (or was told of it
 * by a public event: a deployment, an arrival, a reveal). Own things never appear here. */
struct murk_view_contact {
  enum murk_side owner;
  int marker;                 /* public number: the marker T<n>, or a team's platoon P<n> */
  bool team;                  /* a team of revealed platoon P<marker>; else the marker itself */
  enum murk_marker_kind kind; /* the marker's kind (markers only) */
  char profile[MURK_NAME];    /* a team's profile's name for players (public once revealed);
                                 "" for a marker */
  struct murk_pos pos;        /* where it was last seen */
  int turn;                   /* the game turn it was last seen (0: during setup) */
  enum murk_view_sight sight; /* why it is out of sight now */
  /* MURK_VIEW_NO_LINE: the first cell that blocks the line from the nearest own unit within
   * sight range (public terrain, or smoke), when a cell does (has_blocker). */
  struct murk_pos blocker;
  bool has_blocker;
};

/* Why contact k of view v is out of sight now, in words, from its `sight` (and blocker):
 * "beyond the night visibility range (3 cells) of your units", "the woods at 10,3 blocks
 * the line from your nearest unit". A refused `shoot` or `assault` at a platoon out of
 * sight gives the same words. */
struct murk_view;
void murk_view_contact_why(const struct murk_view* v, const struct murk_view_contact* k, char* buf,
                           size_t n);

/* A light on the table at night (starshells, illuminating rounds: public), or a blaze. */
struct murk_view_light {
  char what[64];      /* "starshell", "illuminating round", "burning village" */
  struct murk_pos at; /* where it burst or burns */
  enum murk_side by;  /* who fired it; MURK_NO_SIDE for a blaze */
  char until[48];     /* "until the attacker's next turn", "all game" */
};

/* An own revealed platoon may now shoot at (in range, in sight) or assault (within reach) a
 * revealed enemy platoon: the checks of `shoot` and `assault`, before any roll, once a step
 * each. Listed for the side to act in its shooting and assault steps. A lean view
 * (murk_view_build_lean) makes only the checks that draw no line of sight: a team that may
 * fire has a team of the target it sees within its range; so it may list a shot the game
 * refuses. In either view a pair left out is refused. */
struct murk_view_target {
  int platoon; /* own roster index */
  int target;  /* the enemy platoon's number: P<n> */
  bool shoot;
  bool assault;
};

/* A cell of works built in setup (the Flames of War missions, No Man's Land: trench lines
 * and wire): the legend entry (an index into `terrain`) that stands there over the map's.
 * Public: the table is in view of both sides. */
struct murk_view_works {
  struct murk_pos at;
  int terrain;
};

/* A placed objective. */
struct murk_view_objective {
  char name[MURK_NAME];
  struct murk_pos pos;
  enum murk_side for_side;
  /* Who holds it now as this side knows it (victory.c, the reading of "taken" over the
   * side's own units and the enemy it sees or last saw; the umpire's: the truth): a side with
   * a revealed team within the hold distance and nothing of the enemy as near holds it
   * (MURK_NO_SIDE: nobody); contested when both sides have something that near. */
  enum murk_side held_by;
  bool contested;
};

/* How the game may end and who wins it: public mission facts, the same in both sides'
 * views (victory.c judges them; docs/rules.md "End of the game"). A
 * player that needs them reads them here rather than assuming a mission's. */
struct murk_view_ending {
  /* The mission's end conditions, checked at the start of a player turn: kind, whose turn
   * start (MURK_NO_SIDE: either side's; the defender's for the "no attackers" kinds), from
   * which turn, the distance of no_attackers_near_objectives. Points into the mission (its
   * rows, not a copy). */
  const struct murk_end_condition* end;
  int nend;
  int hold;           /* cells: a team this near an objective holds it, unless an enemy team or
                         marker is as near (objectives: hold) */
  int turn_limit;     /* the game is over after this turn (0: none) */
  bool random_length; /* Random Game Length: turns may follow the limit */
  enum murk_side otherwise;   /* who wins a game that ends without a side winning it (the turn
                                 limit); MURK_NO_SIDE: nobody, or the points under margin */
  enum murk_vp_mode points;   /* how victory points are scored */
  enum murk_vp_objective aim; /* margin of victory: what the mission's aim scores */
  /* no_attackers_in_half: the defender's half of the table (victory.c's reading). */
  struct murk_region defender_half;
  /* Fighting Withdrawal (all 0 when not in force): from the defender's turn withdraw_from it
   * withdraws platoons, from remove_from it removes objectives, and at the start of its turn
   * held_until the game is over, won by the defender. */
  int withdraw_from, remove_from, held_until;
  /* All of the above in one line of words, made by the core so that a front-end says how
   * the battle is won and when it ends without reading a rule: "ends when a side starts its
   * turn holding an objective it attacks; after turn 6". */
  char summary[160];
};

struct murk_view {
  enum murk_side side; /* MURK_NO_SIDE: the umpire */

  /* The public table (pointers into the mission: public data only). */
  const char* mission_name;
  const char* briefing;               /* this side's briefing ("" for the umpire) */
  const char* force_name[MURK_SIDES]; /* the force each side plays (public; sides: roll) */
  struct murk_grid grid;
  const struct murk_terrain* terrain;
  int nterrain;
  const unsigned char* map;     /* grid.width * grid.height legend indices */
  const signed char* elevation; /* grid.width * grid.height height levels; NULL when flat */
  const struct murk_entry* entries;
  int nentries;
  const struct murk_zone* own_zone;       /* NULL for the umpire */
  const struct murk_zone* own_more_zones; /* the other parts of the side's area, if any */
  int nown_more_zones;

  /* Where the game is. */
  enum murk_phase phase;
  enum murk_step step;
  int turn;
  enum murk_side to_act;
  char result[160];      /* "" until over (a copy: the view does not point into the game) */
  enum murk_side winner; /* once over: the winner, MURK_NO_SIDE for none */
  int vp[MURK_SIDES];    /* once over: each side's victory points (0 before) */
  int withdraw_due;      /* platoons the side to act must withdraw before 'end' */
  int adjust_leader;     /* Limited Intelligence: the own wing leader (T<n>) that won a
                            deployment roll and adjusts now (adjust Tn to X,Y), else 0 */
  int adjust_cells;      /* how many cells it may adjust (its own cell: it stays) */
  int dummies_left;      /* own dummy markers still to deploy (deploy dummy at X,Y) */
  int hidden_left;       /* own platoons that may still set up hidden (deploy N hidden at X,Y;
                            the ASL night rules' night defender, 1.2) */
  enum murk_marker_kind dummy_kind; /* what kind of marker the side's dummies are (its noun:
                                       murk_marker_noun) */
  int delay_counters;        /* Fighting Withdrawal: the defender's delay counters (public) */
  enum murk_side end_offer;  /* the side whose offer to end the battle awaits the other's
                                answer (accept end | refuse end), MURK_NO_SIDE for none */
  int held_back[MURK_SIDES]; /* platoons each side holds off the table in reserve or ambush
                                now (public: holding and bringing on are told to both) */
  int visibility;            /* last spotting range rolled this turn, cells; -1 if none */

  /* The platoon (P<n>) the enemy's spotting revealed (Fog of War, Limited Intelligence), or
   * whose cloak or "?" was lost (the ASL night rules), whose teams its owner, to_act, places
   * now (place Pn [via X,Y ...]), else 0, and its first team's cell (where its template or
   * counter stood; under its wing leader or a Dis counter). place_range: 0, or for a Limited
   * Intelligence wing's platoon how far from place_leader, the leader's cell, its teams may
   * go (27.3.1). Public: the same in both sides' views. */
  int place_platoon;
  struct murk_pos place_at;
  int place_range;
  struct murk_pos place_leader;
  /* Sight now (sight.c, night.c): all public, the same for both sides. */
  bool night;           /* night rules in force this turn (Night Fighting, Darkness, NVR) */
  int nvr;              /* Night Visibility Range in cells (ASL night rules); -1 when not in
                           force */
  int sight_range;      /* how far a unit sees without help, cells; MURK_SIGHT_UNLIMITED
                           (sight.h) when nothing limits it */
  int dusk_dawn;        /* the Dusk & Dawn die (40k mission special rules) once rolled, else 0 */
  char conditions[120]; /* the same in words: "night: NVR 3 cells, scattered clouds..." */
  char prompt[160];     /* what the side to act is asked to do, e.g. "deploy: 3 left" */
  /* The verbs this side may use now: bit 1u << MURK_CMD_x (command.h) for each verb whose
   * rule, phase, step and state allow it (its unit and target may still be refused); 0 when
   * it is not this side's turn, and for the umpire. Iterate with murk_view_verb_next. */
  unsigned verbs;
  /* The verbs the rules in force give this side at all, in any phase or step (bits as for
   * `verbs`; the umpire's: either side's): `spot` only under Fog of War, `dis` only under
   * Limited Intelligence, starshells only at night under the NVR. Key hints and help read it
   * so that a player is never offered a verb the mission does not have. */
  unsigned rule_verbs;
  /* The placement facts, for the players to choose a setup cell from: the cells where
   * the side to act may put what this setup phase places (an objective: its area, bands,
   * terrain and distances from those placed; a platoon: its deployment area, bands and
   * terrain; a piece of works: the cells it may cover, either end of one), taken or not,
   * row by row; none in other phases and for the other side. */
  const struct murk_pos* place_cells;
  int nplace_cells;
  /* OBJECTIVES phase: for whom the objectives being placed now are (the side that must
   * take them; MURK_NO_SIDE: either side). MURK_NO_SIDE in other phases. The same in both
   * sides' views: who places them is `to_act`. */
  enum murk_side place_for;
  struct murk_view_ending ending; /* how the game may end (public) */

  /* The works built in setup, cell by cell in the order built (none in most missions): the
   * map as it stands is `map` with these over it (murk_view_terrain_at). */
  struct murk_view_works* works;
  int nworks;
  struct murk_view_objective* objectives;
  int nobjectives;
  struct murk_view_marker* markers;
  int nmarkers;
  struct murk_view_team* teams;
  int nteams;
  struct murk_view_platoon* platoons; /* own roster; empty for the umpire */
  int nplatoons;
  struct murk_view_arrival* arrivals; /* own arrivals from reserve due now (none for the umpire) */
  int narrivals;
  struct murk_pos* lit; /* illuminated cells (starshells, rounds, fires), row by row */
  int* lit_by;          /* for each lit cell: which of `lights` lights it (the first) */
  int nlit;
  struct murk_view_light* lights; /* what lights the lit cells */
  int nlights;
  struct murk_view_contact* contacts; /* enemy markers and teams out of sight: last seen */
  int ncontacts;
  struct murk_view_wing* wings; /* own Limited Intelligence wings */
  int nwings;
  struct murk_view_target* targets; /* own platoons' targets (the side to act, shooting or
                                       assault step); pairs with neither are left out */
  int ntargets;

  /* Events this side may know, oldest first (copies). */
  struct murk_event* events;
  size_t nevents;
};

/* Build a view. Returns MURK_OK or MURK_ENOMEM (*out NULL). */
int murk_view_build(const struct murk_game* g, enum murk_side side, struct murk_view** out);
/* Refresh a view made by murk_view_build for game g, for the same side: the same contents as
 * a new build, but when g has only moved on by murk_game_apply since the last fill, the
 * events already in the view are kept and only the newer ones copied (a new build copies
 * every event of the game so far, which made batch games cost the square of their length).
 * Given another game, or this one after murk_game_undo (the game counts its undos), it
 * starts the events again from the first.
 * Returns MURK_OK, MURK_EINVAL, or MURK_ENOMEM (the view is then only fit to be freed). */
int murk_view_update(const struct murk_game* g, struct murk_view* v);
/* A view for a computer player (src/sim), refreshed for every decision: filled by the same
 * code as murk_view_build, less what no player reads and what costs the most to fill
 * (docs/performance.md): no words (prompt, conditions, the names and types of markers and
 * platoons, the profiles of teams and contacts, the arrivals' `where`: all empty), no
 * reasons (every `sight` zero, no blockers), targets judged without lines of sight
 * (struct murk_view_target), no move facts of own markers and platoons (allowance, lead,
 * moved, hidden, may_move zero), no team counts of markers, and events without their
 * words and rolls (`text` empty, `roll` zero; has_roll still says whether the event had one).
 * Every other field is as
 * murk_view_build fills it; murk_view_update keeps the view lean. Returns as murk_view_build. */
int murk_view_build_lean(const struct murk_game* g, enum murk_side side, struct murk_view** out);
/* A view of the events alone, for a journal of what each side was shown: the side's events
 * (with their words and rolls, as murk_view_build) and where the game stands (phase, step,
 * turn, to_act, result, winner, vp, the mission's names); everything else empty. About the
 * cost of the events' copy, whatever the table. murk_view_update keeps it so. Returns as
 * murk_view_build. */
int murk_view_build_events(const struct murk_game* g, enum murk_side side, struct murk_view** out);
/* Whether v was made by murk_view_build_lean (and so stays lean when refreshed); false for
 * NULL. */
bool murk_view_is_lean(const struct murk_view* v);
/* Forget the game v was filled from, keeping its memory: the next murk_view_update fills it
 * as a new build would (from another game, even one at the same address: a batch of games
 * keeps its views instead of growing new arrays every game). What follows from the mission
 * alone (the placement cells of its areas) is kept for a next game of the same mission: a
 * view points into its mission (map, terrain, names), so free it, not reset it, before
 * freeing the mission. */
void murk_view_reset(struct murk_view* v);
void murk_view_free(struct murk_view* v);
/* Drop the events in v (a front-end that has printed them and needs them no more): the
 * next murk_view_update copies only newer ones, numbered on from these, so a long batch run
 * holds each event once (the game's). After an undo the update starts from the first
 * event again (numbered 1). */
void murk_view_forget_events(struct murk_view* v);

/* The legend entry (an index into v->terrain) at p as the table stands: the works built
 * there in setup, else the map's; -1 off the table or without a map. */
int murk_view_terrain_at(const struct murk_view* v, struct murk_pos p);

/* Where own unit `number` may end a move ordered now (`move T<n>|P<n> to X,Y`, no
 * waypoints), judged as the game judges a move (the same code) but on what this view holds:
 * own units, and enemy units in sight or where last seen (a hidden enemy the game would meet
 * is not in it). number is the public number of an own marker on the table (T<n>), or of a
 * revealed own platoon (P<n>). Sets bit `bit` of cells[y * grid.width + x] for each such
 * cell and clears it elsewhere (cells holds grid.width * grid.height bytes). Returns how many
 * cells (0 when the unit may not move now), MURK_EINVAL (no such own unit) or MURK_ENOMEM.
 * Computed when asked: the cost of a view does not grow with it. */
int murk_view_reach(const struct murk_view* v, int number, unsigned char* cells, unsigned char bit);

/* Where the other teams of own template `number` may be put when the owner reveals it
 * (`reveal Tn via X,Y ...`, Luneville's Revealing platoons): within its platoon's command
 * distance of the template's centre, free and passable, and farther from the nearest enemy
 * this view knows of than the centre; judged by the same rule as the game, on what the view
 * holds (an enemy it does not know of is met in play). Bits and results as murk_view_reach;
 * 0 for a dummy or a wing. number may also be the view's place_platoon while its side places
 * it (`place Pn via X,Y ...`): the same rule around place_at, or for a wing's platoon
 * (place_range > 0) Limited Intelligence's: within place_range of place_leader, free and
 * passable, not beyond the enemy this view knows of. */
int murk_view_reveal_cells(const struct murk_view* v, int number, unsigned char* cells,
                           unsigned char bit);

/* A line of sight from one cell to another as a side may judge it before it orders
 * anything (a VASL player's thread): from the public table alone (terrain and heights, the
 * rule of los.h, the same the game uses), so no unit, own or enemy, hidden or not, changes
 * it. */
struct murk_view_los {
  bool clear;              /* nothing of the table blocks the line */
  int distance;            /* cells */
  int hindrance;           /* a clear line: hindering cells crossed, ends excluded */
  struct murk_pos blocker; /* a blocked line: the first cell that stops it */
  bool higher;             /* ... by standing higher than both ends (else by its terrain) */
  bool beyond;             /* farther than units see now (sight_range, nvr): out of sight
                              however clear */
};
/* Fills *out for the line from `from` to `to`. Returns MURK_OK, or MURK_EINVAL when an end
 * is off the table or v has no map. */
int murk_view_los(const struct murk_view* v, struct murk_pos from, struct murk_pos to,
                  struct murk_view_los* out);
/* The same in words: "clear, 7 cells (2 hindering)", "blocked by the woods at 12,07",
 * "blocked by higher ground: the hill at 5,03", with ", beyond sight (4 cells)" where it
 * applies. */
void murk_view_los_words(const struct murk_view* v, const struct murk_view_los* los, char* buf,
                         size_t n);

/* Look-ups on a view (NULL if none). */
const struct murk_view_marker* murk_view_marker_at(const struct murk_view* v, struct murk_pos p);
const struct murk_view_marker* murk_view_marker_by_number(const struct murk_view* v,
                                                          enum murk_side owner, int number);
const struct murk_view_team* murk_view_team_at(const struct murk_view* v, struct murk_pos p);

/* The verbs of v->verbs in turn: the first after `after` (-1 to start), or -1 when none is
 * left. Its word and usage: murk_command_verb, murk_command_usage (command.h).
 *   for (int k = murk_view_verb_next(v, -1); k >= 0; k = murk_view_verb_next(v, k)) ... */
int murk_view_verb_next(const struct murk_view* v, int after);

#endif
