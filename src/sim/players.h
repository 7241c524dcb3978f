/* players.h: inside murksim, shared by the players' files (sim.h is the library's face).
 *
 *   policy.c  names, seeds, the plan buffer, murk_policy_plan
 *   gather.c  what the view shows, gathered once per decision (struct ctx), and cells
 *   paths.c   neighbours, distance fields toward goals (kept in the memo), moves along them
 *   verbs.c   tries of the verbs neither player plans for itself (arrive, withdraw, ...)
 *   plan.c    the plan greedy and the computer share, and struct sim_style
 *   greedy.c  the greedy player
 *   random.c  the random player
 *   computer.c the computer opponent
 *   fight.c   the computer's fighting: reveals, targets, assaults, patrols
 *   driver.c  murk_sim_decide, murk_sim_step, murk_sim_play
 *
 * Everything is read from one side's view: the public table (map, terrain, entries, own
 * zone), its own markers, platoons and teams, the enemy's markers and revealed teams, the
 * objectives, the verbs legal now and the arrival cells. Enemy markers' contents are never
 * looked at (they are filled only once revealed, and a revealed marker is off the table). */
#ifndef MURK_SIM_PLAYERS_H
#define MURK_SIM_PLAYERS_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "murk/geom.h"
#include "murk/los.h"
#include "sim.h"

/* Sets of verbs are bit masks of command kinds, as the view's `verbs`. */
#define KIND(k) (1u << MURK_CMD_##k)
_Static_assert(MURK_CMD_COUNT <= 32, "a mask of command kinds must fit in an unsigned");

/* One of the acting side's things that can act on the table. */
struct unit {
  struct murk_ref ref; /* how commands name it: own platoon N, or marker T<n> */
  int number;          /* marker number, 0 if none */
  int platoon;         /* roster index, -1 for a dummy */
  struct murk_pos pos; /* the template, or the platoon's first team */
  bool hidden;         /* a template on the table (hidden platoon or dummy) */
  bool dummy;
  bool bogged;
  bool moved;           /* moved this step, by the events the view holds */
  bool shot, assaulted; /* this turn, as the view's roster says */
};

/* An enemy thing on the table. */
struct foe {
  int number;
  bool platoon;        /* a revealed platoon (P<n>, a target) rather than a template */
  struct murk_pos pos; /* the template, or the platoon's first team */
  bool pick;           /* scratch of one choice among the foes (random.c) */
};

/* Positions of teams grouped by a key (0..n-1): group k is pos[first[k] .. first[k]+count[k]). */
struct groups {
  int n;
  int* first;
  int* count;
  struct murk_pos* pos;
};

/* A distance field toward one goal cell (cost of the cheapest way there, INT_MAX: none). */
/* A bucket queue for the distance fields (paths.c). */
#define FIELD_BUCKETS 8
struct bucketq {
  int* items[FIELD_BUCKETS];
  size_t n[FIELD_BUCKETS], cap[FIELD_BUCKETS];
};
/* A distance field, made only as far as the questions asked of it so far needed: every cell
 * nearer the goal than `done` has its distance; the search goes on from q when a farther
 * cell is asked about. */
struct field {
  struct murk_pos goal;
  int* dist;
  struct bucketq q;
  int done;       /* the next cost level to take from q */
  size_t waiting; /* entries in q */
};
#define MAX_FIELDS 8

/* Kept in the plan from decision to decision (sim.h): the neighbours of each cell of the
 * last grid, and the distance fields made lately with the entering costs they were made
 * with. A field is a function of the grid, the costs and its goal alone, so a later decision
 * whose costs are the same (a side's own moves change none; enemies moving, dying or showing
 * themselves do) uses it again. A few sets of costs are kept: one plan often serves both
 * sides in turn, and each sees its own enemies. */
struct fieldset {
  struct murk_grid grid;
  unsigned char* cost; /* cells bytes */
  size_t cells;
  struct field fields[MAX_FIELDS];
  int nfields;
  unsigned long used; /* when last used (memo->clock) */
};
#define FIELDSETS 4
struct murk_policy_memo {
  int* nbr; /* MURK_GEOM_MAX_NEIGHBOURS cell indices a cell, -1 padded */
  struct murk_grid nbr_grid;
  struct fieldset sets[FIELDSETS];
  unsigned long clock;
  /* The entering costs of the terrain alone, by cell, for the map they were made from. */
  unsigned char* base;
  const unsigned char* base_map;
  const struct murk_terrain* base_terrain;
  int base_nterrain, base_w, base_h;
  /* A decision's scratch (struct ctx), kept to save its allocations. */
  unsigned char *cost, *busy;
  struct unit* units;
  struct foe* foes;
  struct murk_pos* objs;
  size_t cap_cost, cap_busy, cap_units, cap_foes, cap_objs;
  /* The teams grouped for sim_gap (own by platoon, enemy by marker), and the units of each
   * kind of sim_random_unit (indices into units: SIM_KINDS lists of cap_units each). */
  int* group_first[2];
  struct murk_pos* group_pos[2];
  int* group_fill;
  size_t cap_group_first[2], cap_group_pos[2], cap_group_fill;
  int* kinds;
  size_t cap_kinds;
  /* sim_unit_near's answers of one decision (units x foes), -1: not asked yet. */
  int* gaps;
  size_t cap_gaps;
  /* By marker number (below SIM_NUMBERS): the view index of the first own marker of that
   * number, the first enemy team of that marker (gather.c), each valid where its stamp is
   * the decision's (number_stamp), so nothing is cleared between decisions. */
  short* own_marker;
  short* foe_lead;
  unsigned* own_marker_stamp;
  unsigned* foe_lead_stamp;
  unsigned number_stamp;
  /* The sight classes of the last map, for lines of sight (computer.c), and that map. */
  struct murk_sightmap* sight;
  const unsigned char* sight_map;
};
#define SIM_NUMBERS 1024

/* Kinds of own units a player draws from (sim_random_unit). */
enum {
  SIM_ANY,
  SIM_REVEALED,
  SIM_HIDDEN_PLATOON,
  SIM_MOVER,
  SIM_SHOOTER,
  SIM_ASSAULTER,
  SIM_KINDS
};

struct ctx {
  const struct murk_view* v;
  struct murk_rng* rng;
  enum murk_side me, enemy;
  int w, h;
  unsigned verbs; /* legal now (the view's) */
  /* The two maps of cells, made by sim_ctx_maps (at once unless sim_ctx_init was asked to
   * leave them for the first cell drawn): */
  unsigned char* cost;       /* entering a cell: 0 blocked (terrain or enemy), else its cost */
  unsigned char* busy;       /* a marker or team stands here (a move or deployment may not end) */
  const unsigned char* base; /* the entering costs of the terrain alone (the memo's) */
  bool maps;                 /* cost and busy made */
  struct unit* units;
  int nunits;
  struct foe* foes;
  int nfoes;
  struct murk_pos* take; /* objectives this side must take */
  int ntake;
  struct murk_pos* guard; /* objectives the enemy must take */
  int nguard;
  /* Teams by own platoon (roster index) and by enemy marker number, for sim_gap(). */
  struct groups own_teams, foe_teams;
  bool grouped;
  /* The units of each kind (SIM_ANY...) as sim_random_unit draws them, made on first need:
   * kind_n[k] of them at kind_list[k] (indices into units). */
  int* kind_list[SIM_KINDS];
  int kind_n[SIM_KINDS];
  bool kind_done[SIM_KINDS];
  int* gaps; /* sim_unit_near's answers (nunits x nfoes: -1 not asked, 0 no, 1 yes), NULL until
                first asked */
  struct fieldset* fields;       /* the memo's fields for this decision's costs */
  struct murk_policy_plan* plan; /* the tries being written */
  bool oom;
};

/* ---- gather.c ---- */
/* lazy_maps: c->cost and c->busy are left for sim_ctx_maps, which the cell draws below call
 * (the random player draws cells only in some steps; every other reader of the maps wants
 * them made at once). */
int sim_ctx_init(struct ctx* c, const struct murk_view* v, struct murk_rng* rng,
                 struct murk_policy_plan* plan, bool lazy_maps);
/* Make c->cost and c->busy, if not made yet. */
void sim_ctx_maps(struct ctx* c);
void sim_ctx_free(struct ctx* c);
/* Free the memo's tables by marker number (none kept). */
void sim_memo_numbers_free(struct murk_policy_memo* mm);
/* Group the teams for sim_gap (done on first need). MURK_OK or MURK_ENOMEM. */
int sim_ctx_group(struct ctx* c);

static inline int sim_pick(struct murk_rng* r, int n) {
  return n <= 0 ? 0 : murk_rng_die(r, n) - 1;
}
static inline bool sim_on_table(const struct ctx* c, struct murk_pos p) {
  return p.x >= 0 && p.y >= 0 && p.x < c->w && p.y < c->h;
}
static inline int sim_cell(const struct ctx* c, struct murk_pos p) {
  return p.y * c->w + p.x;
}
static inline int sim_dist(const struct ctx* c, struct murk_pos a, struct murk_pos b) {
  return murk_geom_distance(&c->v->grid, a, b);
}
/* The ground at p as the view shows it; NULL off the table or where the view has no map. */
static inline const struct murk_terrain* sim_terrain_at(const struct ctx* c, struct murk_pos p) {
  if (!c->v->map || !c->v->terrain || !sim_on_table(c, p)) return NULL;
  int t = c->v->nworks > 0 ? murk_view_terrain_at(c->v, p) : c->v->map[sim_cell(c, p)];
  return t >= 0 && t < c->v->nterrain ? &c->v->terrain[t] : NULL;
}
static inline bool sim_cell_free(const struct ctx* c, struct murk_pos p) {
  return sim_on_table(c, p) && c->cost[sim_cell(c, p)] != 0 && !c->busy[sim_cell(c, p)];
}
static inline bool sim_can(const struct ctx* c, enum murk_command_kind k) {
  return (c->verbs & (1u << k)) != 0;
}

struct murk_pos sim_random_cell(struct ctx* c);
/* The bounding rows and columns of a region (halves as mission.c counts them: the middle row
 * of an odd table belongs to neither), clipped to the table; keep-out bands left out. */
void sim_region_box(const struct ctx* c, const struct murk_region* r, struct murk_pos* from,
                    struct murk_pos* to);
/* A free cell of the own zone (any free cell of the table without one); a few draws. In a
 * deployment phase, of the view's placement cells. */
struct murk_pos sim_zone_cell(struct ctx* c);
/* A free cell of the table; while placing objectives, of the view's placement cells. */
struct murk_pos sim_table_cell(struct ctx* c);
/* A free cell within `radius` of p (p itself when none is found). */
struct murk_pos sim_near_cell(struct ctx* c, struct murk_pos p, int radius);
/* A random own platoon in that state (roster index), -1 if none. */
int sim_random_platoon(struct ctx* c, enum murk_platoon_state state);
/* A random own unit on the table of a kind (SIM_ANY...). NULL if none. */
const struct unit* sim_random_unit(struct ctx* c, int which);
/* Distance from any team of own platoon `platoon` (or from `at` when it has none) to the
 * nearest team of the enemy platoon under marker `number`. */
int sim_gap(struct ctx* c, int platoon, struct murk_pos at, int number);
/* Is sim_gap from unit u (one of c->units, by its platoon's teams, or its place) to the foe
 * c->foes[foe] at most `reach`? Each pair answered once a decision (one reach a decision). */
bool sim_unit_near(struct ctx* c, const struct unit* u, int foe, int reach);
/* Does the view list own platoon `platoon` (roster index) as able to shoot (assault) enemy
 * P<number> in this step? A pair it leaves out, the game refuses (struct murk_view_target). */
bool sim_target_listed(const struct ctx* c, int platoon, int number, bool shooting);
/* The nearest revealed enemy platoon to a unit (index into foes), -1 if none. */
int sim_nearest_platoon_foe(struct ctx* c, const struct unit* u, int* gap_out);
/* Own unit u's platoon in the view's roster (NULL for a dummy or a platoon the roster
 * lacks). */
const struct murk_view_platoon* sim_own_platoon(const struct ctx* c, const struct unit* u);
/* How near the nearest enemy marker or team the view shows stands to p (cells; INT_MAX:
 * none). */
int sim_enemy_gap(const struct ctx* c, struct murk_pos p);
int sim_nearest(const struct ctx* c, struct murk_pos p, const struct murk_pos* set, int n);
/* The enemy's spearhead: the enemy marker or team the view shows nearest an objective the
 * side guards, at *foe, that objective at *obj; how far apart (INT_MAX: none, and the two
 * are left alone). */
int sim_spearhead(const struct ctx* c, struct murk_pos* foe, struct murk_pos* obj);
/* A side that only guards and whose force the ending thins on a schedule (the view's
 * Fighting Withdrawal turns): it is strongest at the start, and each turn it keeps the enemy
 * off is a turn less to hold, so it meets the attack as far forward as it may. */
bool sim_delaying(const struct ctx* c);
/* The defender, with objectives both to take and to guard, is losing the race: the enemy's
 * spearhead stands nearer a guarded objective than any of its units to one it must take
 * (gather.c says by how much). */
bool sim_losing_race(const struct ctx* c);
/* May own platoon pl arrive now by arrival row ar: the view lets it arrive this turn, the row
 * is for its kind of reserve and not kept for another of its platoons (40k mission special rules,
 * Reserves). */
bool sim_arrival_fits(const struct murk_view_platoon* pl, const struct murk_view_arrival* ar);

/* ---- policy.c: writing the plan ---- */
/* A new try of kind k, zeroed (its position -1,-1), at the end of the plan; NULL when out of
 * memory (c->oom is then set). */
struct murk_command* sim_add(struct ctx* c, enum murk_command_kind k);
/* The last try written is one the view says the game refuses (plan->refused). */
void sim_refused(struct ctx* c);
/* `end`, if the view says it is legal now. */
void sim_add_end(struct ctx* c);
static inline struct murk_ref sim_own(int roster_index) {
  struct murk_ref r = {MURK_REF_OWN, roster_index + 1};
  return r;
}

/* ---- paths.c ---- */
/* Tries moving unit u toward goal along the cheapest way, longest first, each ending on a
 * free cell. Nothing if the unit is already within `near` of the goal. */
void sim_try_moves_toward(struct ctx* c, const struct unit* u, struct murk_pos goal, int near);
/* Ground that covers a team (difficult, or hindering or blocking sight): the computer's
 * liking for it is a judgement, not a rule; the game's shooting decides what it is worth. */
bool sim_in_cover(const struct ctx* c, struct murk_pos p);
/* The distance field toward goal (the cost of the cheapest way there from each cell), final
 * at least for `from` and every cell nearer; farther cells may hold more than their cost.
 * NULL when out of memory or the goal is off the table. */
const int* sim_field_to(struct ctx* c, struct murk_pos goal, struct murk_pos from);
/* The cost of the cheapest way from any source to each cell, into d (cells entries: 0 at the
 * sources, INT_MAX elsewhere on entry; INT_MAX left where no way leads): entering a cell
 * costs that cell (uniform: 3, as plain ground, whatever stands there). Made whole, not
 * kept. False when out of memory. */
bool sim_field_from(struct ctx* c, int* d, bool uniform);
/* The memo's fields made on this decision's costs (c->fields). MURK_OK or MURK_ENOMEM. */
int sim_memo_sync(struct ctx* c);
void sim_memo_free(struct murk_policy_memo* m);

/* ---- verbs.c ---- */
/* The verbs of the phase both players plan for themselves (a mask of command kinds); the
 * other legal verbs go to sim_other_tries. */
unsigned sim_planned_verbs(const struct murk_view* v);
/* `count` tries of verbs (a mask) neither player plans for itself, each of a verb drawn
 * from the mask. */
void sim_other_tries(struct ctx* c, unsigned verbs, int count);
/* Reserves phase: a deep-strike nomination (`reserve N deep`) of the first own platoon the
 * view says may deep strike, at even odds per decision (none when the view names none). */
void sim_deep_strike_tries(struct ctx* c);
/* Arrivals due now, at the cells the view lists for them. */
void sim_arrival_tries(struct ctx* c);
/* Fog of War: the teams of the own platoon the enemy's spotting revealed (the view's
 * place_platoon), every player its own: with `draw`, first at cells drawn from those the
 * view allows, then by the rule (no cells), which the game always takes. */
void sim_place_tries(struct ctx* c, bool draw);

/* ---- plan.c ---- */
/* Where greedy and the computer differ (one row each, in their files). */
struct sim_style {
  int first_draws; /* deploy: the first three tries are the best of this, half, a quarter */
  bool spread;     /* deploy: the k-th thing placed aims at the k-th objective */
  /* deploy: the style's cost of a cell drawn (lower first), given d, its distance to the
   * aim (NULL: d) */
  long (*deploy_cost)(struct ctx* c, struct murk_pos p, int d);
  /* deploy: where the k-th thing placed aims (NULL: by `spread`, else the middle) */
  struct murk_pos (*deploy_aim)(struct ctx* c, int k);
  /* movement: the style's own moves instead of the shared ones (NULL: the shared ones) */
  void (*moves)(struct ctx* c);
  /* tries of the choices the rules leave to the side (withdraw, remove...), before the
   * shared tries of those verbs (NULL: none) */
  void (*choices_first)(struct ctx* c);
  /* objectives phase: the style's own tries of where to place one, before the shared draws
   * (NULL: none) */
  void (*objectives)(struct ctx* c);
  /* shooting and assault steps: the style's own reveals and fights instead of the shared
   * ones (NULL: the shared ones) */
  void (*fights)(struct ctx* c, bool shooting);
  /* arrivals from reserve due now: the style's own tries instead of the shared ones */
  void (*arrivals)(struct ctx* c);
  /* reserves phase: the style's own nominations, after `end` and before the shared ones
   * (NULL: none) */
  void (*reserves)(struct ctx* c);
  /* night: starshells and illuminating rounds only to find an enemy (none in view, no light
   * of its own up): a unit that lights the table gives up its fire */
  bool lights_sparingly;
};
/* Where the i-th unit heads by the shared plan, and how near counts as there. False:
 * nowhere to go. */
bool sim_goal_of(struct ctx* c, const struct unit* u, int i, struct murk_pos* goal, int* near);
/* Write the tries of one decision (round > 0: every try and `end` were refused). */
void sim_plan(struct ctx* c, const struct sim_style* s, int round);

/* ---- fight.c: the computer's fighting ---- */
/* Shooting or assault step: hidden platoons near a revealed enemy show themselves, then the
 * shots (assaults) of every revealed platoon at the targets the view lists, the most worth
 * first. */
void sim_fight_tries(struct ctx* c, bool shooting);
/* No Man's Land's patrol phase: which platoon goes out, and where. */
void sim_patrol_tries(struct ctx* c);
/* Arrivals due now: at the cells the view lists nearest where the platoon is needed. */
void sim_arrive_near_tries(struct ctx* c);
/* An ambush placed or sprung now: near where it is needed, clear of the enemy. */
void sim_ambush_tries(struct ctx* c);

/* ---- the players ---- */
void sim_greedy(struct ctx* c, int round);
void sim_random(struct ctx* c, int round);
void sim_computer(struct ctx* c, int round);

#endif
