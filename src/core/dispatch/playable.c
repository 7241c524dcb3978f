/* playable.c: can a loaded mission be played to an end? (playable.h)
 *
 * Each check asks the game's own rules, on a game made from the mission (seed 1): the zone
 * and terrain tests a `deploy` or `objective` command makes of its cell, the reserve limits
 * `reserve` and `end` enforce, the keep-out an ambush obeys, the limits murk_game_new
 * holds the mission to. What depends on where the enemy will stand is judged at its most
 * favourable (a problem is reported only when no placement of the enemy could help), so a
 * mission refused here is one no pair of players could finish. */
#include "murk/playable.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "deploy.h"
#include "fits.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/rules.h"
#include "murk/sight.h"
#include "reserves.h"
#include "setup.h"
#include "sight.h"
#include "state.h"
#include "yamlwalk.h"

struct checker {
  const struct murk_mission* m;
  struct murk_diags* d;
  struct yw* w; /* the file, for places; NULL: none */
  int problems;
};

/* The key at `path` ("rules.reserves.at_most", "objectives.place.0"): the key itself when
 * the file has it (true), else the nearest key above it the file gives (the value is a
 * default). */
static bool where(const struct checker* c, const char* path, int* line, int* col) {
  *line = 0;
  *col = 0;
  if (!c->w) return false;
  yaml_node_t* n = yw_root(c->w);
  const yaml_node_t* at = NULL;
  const char* p = path;
  while (n && *p) {
    char seg[64];
    size_t k = strcspn(p, ".");
    snprintf(seg, sizeof seg, "%.*s", (int)(k < sizeof seg ? k : sizeof seg - 1), p);
    p += k + (p[k] == '.');
    yaml_node_t* next = NULL;
    if (yw_is_map(n)) {
      for (yaml_node_pair_t* pr = n->data.mapping.pairs.start; pr < n->data.mapping.pairs.top;
           pr++) {
        yaml_node_t* key = yw_node(c->w, pr->key);
        if (key && yw_is_scalar(key) && strcmp((const char*)key->data.scalar.value, seg) == 0) {
          at = key;
          next = yw_node(c->w, pr->value);
          break;
        }
      }
    } else if (yw_is_seq(n)) {
      int i = atoi(seg);
      if (i >= 0 && i < yw_seq_len(n)) {
        next = yw_node(c->w, n->data.sequence.items.start[i]);
        at = next;
      }
    }
    n = next;
  }
  bool found = n != NULL && *p == '\0';
  if (!at) at = yw_root(c->w);
  if (!at) return false;
  *line = yw_line(at);
  *col = yw_col(at);
  return found;
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void
problem(struct checker* c, const char* path, const char* fmt, ...) {
  char msg[MURK_DIAG_MSG];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  int line, col;
  where(c, path, &line, &col);
  murk_diags_add(c->d, line, col, "%s", msg);
  c->problems++;
}

/* ---- what the game holds (fits.c: the count murk_game_new refuses by) ---- */

static bool check_limits(struct checker* c) {
  const struct murk_mission* m = c->m;
  bool ok = true;
  struct mk_mission_size size;
  mk_mission_size(m, &size);
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    char path[64];
    snprintf(path, sizeof path, "forces.%s.platoons", murk_side_name((enum murk_side)sd));
    if (size.teams[sd] > MK_MAX_TEAMS_PER_SIDE) {
      problem(c, path, "the %s's force has %d teams; a game holds at most %d a side",
              murk_side_name((enum murk_side)sd), size.teams[sd], MK_MAX_TEAMS_PER_SIDE);
      ok = false;
    }
  }
  if (size.markers > MK_MAX_MARKERS) {
    problem(c, "forces",
            "the forces bring %d markers (a platoon or a dummy each); a game holds at most %d",
            size.markers, MK_MAX_MARKERS);
    ok = false;
  }
  if (size.placed > MK_MAX_PLACED_OBJECTIVES) {
    problem(c, "objectives",
            "the mission has %d objectives once all are placed; a game holds at most %d",
            size.placed, MK_MAX_PLACED_OBJECTIVES);
    ok = false;
  }
  return ok;
}

/* ---- geometry ---- */

/* The greatest distance between two cells of the table. */
static int table_span(const struct murk_grid* gr) {
  struct murk_pos a = {0, 0}, b = {gr->width - 1, gr->height - 1};
  struct murk_pos e = {gr->width - 1, 0}, f = {0, gr->height - 1};
  int d1 = murk_geom_distance(gr, a, b), d2 = murk_geom_distance(gr, e, f);
  return d1 > d2 ? d1 : d2;
}

/* The cells of a set as a box, and the greatest distance two of them could be apart (at
 * least the true one: the corners of the box). */
struct box {
  int x0, y0, x1, y1, n;
};

static void box_add(struct box* b, struct murk_pos p) {
  if (b->n++ == 0) {
    b->x0 = b->x1 = p.x;
    b->y0 = b->y1 = p.y;
    return;
  }
  b->x0 = p.x < b->x0 ? p.x : b->x0;
  b->x1 = p.x > b->x1 ? p.x : b->x1;
  b->y0 = p.y < b->y0 ? p.y : b->y0;
  b->y1 = p.y > b->y1 ? p.y : b->y1;
}

static int box_span(const struct murk_grid* gr, const struct box* b) {
  struct murk_pos a = {b->x0, b->y0}, z = {b->x1, b->y1};
  struct murk_pos e = {b->x1, b->y0}, f = {b->x0, b->y1};
  int d1 = murk_geom_distance(gr, a, z), d2 = murk_geom_distance(gr, e, f);
  return d1 > d2 ? d1 : d2;
}

/* ---- setup ---- */

static bool has_platoons(const struct murk_mission* m, enum murk_side side) {
  return m->sides[side].force.nplatoons > 0;
}

static bool in_zone(const struct murk_mission* m, enum murk_side side, struct murk_pos p) {
  const struct murk_side_def* sd = &m->sides[side];
  if (murk_zone_contains(m, &sd->zone, p)) return true;
  for (int i = 0; i < sd->nmore_zones; i++)
    if (murk_zone_contains(m, &sd->more_zones[i], p)) return true;
  return false;
}

/* Flames of War missions, Deploying: each side needs a cell of its zone where a platoon may
 * stand. */
static void check_deployment(struct checker* c, const struct murk_game* g) {
  const struct murk_grid* gr = &c->m->grid;
  int own[MURK_SIDES] = {0, 0}, either = 0;
  char scratch[256];
  for (int y = 0; y < gr->height; y++)
    for (int x = 0; x < gr->width; x++) {
      struct murk_pos p = {x, y};
      bool any = false;
      if (!mk_cell_passable(c->m, p)) continue;
      for (int sd = 0; sd < MURK_SIDES; sd++) {
        /* The zone test first: the command's own check words its refusals, which costs on
         * a million cells. */
        if (!in_zone(c->m, (enum murk_side)sd, p) ||
            mk_deploy_check_side_zone(g, (enum murk_side)sd, p, "a platoon", scratch,
                                      sizeof scratch, NULL) != MURK_OK)
          continue;
        own[sd]++;
        any = true;
      }
      either += any;
    }
  bool both = true;
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    if (!has_platoons(c->m, (enum murk_side)sd) || own[sd] > 0) continue;
    char path[64];
    snprintf(path, sizeof path, "deployment.%s", murk_side_name((enum murk_side)sd));
    problem(c, path,
            "the %s has nowhere to deploy: no cell of its zone is on the table, passable and "
            "outside its keep-out bands",
            murk_side_name((enum murk_side)sd));
    both = false;
  }
  /* The platoons that can go nowhere but the zone (no reserve kind, no deep strike for
   * them, no ambush) must all fit: one team a cell. Platoons that may be held back go there
   * when the zone is full (mk_reserves_hold_unplaceable). */
  for (int sd = 0; both && sd < MURK_SIDES; sd++) {
    enum murk_side side = (enum murk_side)sd;
    bool kinds = false;
    static const enum murk_reserve_kind any[] = {MURK_RESERVE_PLAIN, MURK_RESERVE_DELAYED,
                                                 MURK_RESERVE_SCATTERED, MURK_RESERVE_MOBILE};
    for (size_t k = 0; k < sizeof any / sizeof any[0]; k++)
      kinds |= mk_reserve_kind_allowed(g, side, any[k]);
    if (kinds || mk_ambush_allowance(g, side, false) > 0 || mk_ambush_allowance(g, side, true) > 0)
      continue;
    bool deep = mk_reserve_kind_allowed(g, side, MURK_RESERVE_DEEP);
    const struct murk_force* f = &c->m->sides[sd].force;
    int teams = 0;
    for (int p = 0; p < f->nplatoons; p++) {
      const struct murk_platoon* pl = &f->platoons[p];
      if (deep && (pl->flags & MURK_PF(DEEP_STRIKE))) continue;
      if (pl->flags & (MURK_PF(INDEPENDENT) | MURK_PF(WARRIOR) | MURK_PF(INFILTRATE))) continue;
      teams += mk_reserves_cells_needed(g, side, p); /* units are the platoons, in order */
    }
    if (teams <= own[sd]) continue;
    char path[64];
    snprintf(path, sizeof path, "deployment.%s", murk_side_name(side));
    problem(c, path,
            "the %s's zone has %d cell%s where a team may stand, and its platoons that must "
            "deploy there need %d (one team or marker a cell; expected a larger zone, fewer "
            "teams, or reserves to hold some back)",
            murk_side_name(side), own[sd], mk_plural(own[sd]), teams);
  }
  int need = has_platoons(c->m, MURK_ATTACKER) + has_platoons(c->m, MURK_DEFENDER);
  if (both && either < need)
    problem(c, "deployment",
            "the deployment zones share %d cell%s, and both sides must deploy a platoon (one "
            "marker a cell)",
            either, mk_plural(either));
}

/* Flames of War missions, Reserves: at least and at most, both of the side's platoons. */
static void check_reserves(struct checker* c, const struct murk_game* g) {
  static const enum murk_reserve_kind kinds[] = {MURK_RESERVE_PLAIN, MURK_RESERVE_DELAYED,
                                                 MURK_RESERVE_SCATTERED, MURK_RESERVE_MOBILE};
  for (int sd = 0; sd < MURK_SIDES; sd++)
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
      int least, most;
      enum murk_rule_id rule;
      if (!mk_reserves_limits(g, (enum murk_side)sd, kinds[k], &least, &most, &rule)) continue;
      if (least <= most) continue;
      char path[96];
      snprintf(path, sizeof path, "rules.%s.at_least", murk_rule_name(rule));
      problem(c, path,
              "%s: the %s must hold at least %d of its platoons in reserve and may hold at most "
              "%d (at_least and at_most cannot both be met)",
              murk_rule_name(rule), murk_side_name((enum murk_side)sd), least, most);
    }
}

/* A bound on the game's length: a turn limit, or a rule that ends it by the turn. */
static bool bounded(const struct murk_mission* m) {
  bool b = m->turn_limit > 0 || murk_mission_rule_on(m, MURK_RULE_RANDOM_GAME_LENGTH) ||
           murk_mission_rule_on(m, MURK_RULE_FIGHTING_WITHDRAWAL);
  for (int i = 0; i < m->nend; i++)
    b |= m->end[i].kind == MURK_END_TURN_LIMIT && m->end[i].turn > 0;
  return b;
}

/* Reserves that roll no die in any turn ("Flames of War missions" and "40k mission special
 * rules", Reserves: each die at the score brings a platoon on) never come on. Held there
 * by force (at_least), or where only destroying the enemy or taking objectives ends the
 * game, a side could wait for ever with nothing on the table. Per-platoon rolls (and deep
 * strike, which rolls so) give each waiting platoon its die and always roll. */
static void check_reserve_dice(struct checker* c, const struct murk_game* g) {
  static const struct {
    enum murk_reserve_kind kind;
    enum murk_param_id dice, step;
  } kinds[] = {
      {MURK_RESERVE_PLAIN, MURK_P_RES_DICE, MURK_P_RES_DICE_STEP},
      {MURK_RESERVE_DELAYED, MURK_P_DRES_DICE, MURK_P_DRES_DICE_STEP},
      {MURK_RESERVE_SCATTERED, MURK_P_SRES_DICE, MURK_P_SRES_DICE_STEP},
      {MURK_RESERVE_MOBILE, MURK_P_MRES_DICE, MURK_P_MRES_DICE_STEP},
  };
  const struct murk_mission* m = c->m;
  for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
    if (murk_mission_param(m, kinds[k].dice) > 0 || murk_mission_param(m, kinds[k].step) > 0)
      continue;
    if (kinds[k].kind == MURK_RESERVE_PLAIN && (murk_mission_param(m, MURK_P_RES_PER_PLATOON) ||
                                                murk_mission_rule_on(m, MURK_RULE_ESCALATION)))
      continue;
    for (int sd = 0; sd < MURK_SIDES; sd++) {
      int least, most;
      enum murk_rule_id rule;
      if (!mk_reserves_limits(g, (enum murk_side)sd, kinds[k].kind, &least, &most, &rule)) continue;
      if (most <= 0 || (least <= 0 && bounded(m))) continue;
      char path[96];
      snprintf(path, sizeof path, "rules.%s.dice", murk_rule_name(rule));
      problem(c, path,
              "%s: the %s's reserves roll no dice in any turn (dice 0, dice_step 0), so a platoon "
              "held there never comes on%s (expected dice or dice_step above 0)",
              murk_rule_name(rule), murk_side_name((enum murk_side)sd),
              least > 0 ? ", and the side must hold some" : ", and the game has no turn limit");
      break;
    }
  }
}

/* Flames of War missions, Immediate Ambush: the ambush goes down farther than keep_out from every
 * enemy team; no enemy can stand farther away than the table is wide. */
static void check_ambush(struct checker* c, const struct murk_game* g) {
  int keep = murk_mission_param(c->m, MURK_P_IAMB_KEEP_OUT);
  int span = table_span(&c->m->grid);
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    enum murk_side side = (enum murk_side)sd;
    if (mk_ambush_allowance(g, side, true) <= 0 || !has_platoons(c->m, murk_side_other(side)))
      continue;
    if (keep < span) continue;
    problem(c, "rules.immediate_ambush.keep_out",
            "the %s's immediate ambush can never be placed: it must be more than %d cells from "
            "the enemy, and no two cells of the table are more than %d apart",
            murk_side_name(side), keep, span);
    return;
  }
}

/* Objectives placed in setup: room for each step's count, far enough apart. */
static void check_objectives(struct checker* c, const struct murk_game* g) {
  const struct murk_mission* m = c->m;
  const struct murk_grid* gr = &m->grid;
  for (int i = 0; i < m->nobjective_rules; i++) {
    const struct murk_objective_rule* r = &m->objective_rules[i];
    struct murk_zone z = {r->in, r->keep_out};
    struct box b = {0, 0, 0, 0, 0};
    for (int y = 0; y < gr->height; y++)
      for (int x = 0; x < gr->width; x++) {
        struct murk_pos p = {x, y};
        if (mk_deploy_check_zone(g, &z, p, "the objective", NULL, 0) == MURK_OK) box_add(&b, p);
      }
    char path[64];
    snprintf(path, sizeof path, "objectives.place.%d", i);
    if (b.n < r->count) {
      problem(c, path,
              "objective placement step %d puts %d objective%s where %d cell%s may take one (one "
              "objective a cell, on passable ground inside the area)",
              i + 1, r->count, mk_plural(r->count), b.n, mk_plural(b.n));
    } else if (r->count > 1 && r->min_apart > box_span(gr, &b)) {
      snprintf(path, sizeof path, "objectives.place.%d.min_apart", i);
      problem(c, path,
              "objective placement step %d puts %d objectives at least %d cells apart, but no two "
              "cells where they may stand are more than %d apart",
              i + 1, r->count, r->min_apart, box_span(gr, &b));
    }
  }
}

/* ---- the end ---- */

/* Can a team of `side` ever move, or shoot? */
static bool side_can(const struct murk_mission* m, enum murk_side side, bool shoot) {
  const struct murk_force* f = &m->sides[side].force;
  for (int p = 0; p < f->nplatoons; p++)
    for (int k = 0; k < f->platoons[p].ngroups; k++) {
      const struct murk_profile* pr = &f->profiles[f->platoons[p].groups[k].profile];
      if (shoot ? pr->rof > 0 && pr->range > 0 : pr->move > 0) return true;
    }
  return false;
}

static bool counted_platoons(const struct murk_mission* m, enum murk_side side) {
  const struct murk_force* f = &m->sides[side].force;
  for (int p = 0; p < f->nplatoons; p++)
    if (!(f->platoons[p].flags & MURK_PF(TRANSPORT))) return true;
  return false;
}

static void check_end(struct checker* c, const struct murk_game* g) {
  const struct murk_mission* m = c->m;
  bool objectives_end = false, clear_end = false;
  for (int i = 0; i < m->nend; i++) {
    objectives_end |= m->end[i].kind == MURK_END_OBJECTIVE_TAKEN;
    clear_end |= m->end[i].kind == MURK_END_NO_ATTACKERS_IN_HALF ||
                 m->end[i].kind == MURK_END_NO_ATTACKERS_NEAR_OBJECTIVES;
  }
  if (bounded(m) || clear_end) return;
  bool objectives = m->nobjectives > 0 || m->nobjective_rules > 0;
  /* Sight that no rule ever changes (no NVR roll, no dusk or dawn) and reaches no cell. */
  bool blind = !murk_mission_rule_on(m, MURK_RULE_NVR) &&
               !murk_mission_rule_on(m, MURK_RULE_DUSK_AND_DAWN) &&
               mk_sight_range(g, MURK_ATTACKER) <= 0;
  bool take = false, destroy = false;
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    enum murk_side side = (enum murk_side)sd;
    bool moves = side_can(m, side, false), shoots = side_can(m, side, true) && !blind;
    take |= objectives_end && objectives && moves;
    destroy |= counted_platoons(m, murk_side_other(side)) && (moves || shoots);
  }
  if (take || destroy) return;
  /* The key that would have given the game an end: turn_limit or end when the file has
   * them, else the forces that can do nothing. */
  const char* path = "forces";
  int line, col;
  if (where(c, "end", &line, &col)) path = "end";
  if (where(c, "turn_limit", &line, &col)) path = "turn_limit";
  if (!has_platoons(m, MURK_ATTACKER) && !has_platoons(m, MURK_DEFENDER))
    problem(c, path,
            "the game can never end: no platoons, no objectives a side can take and no turn limit "
            "(expected forces, objectives or turn_limit)");
  else
    problem(c, path,
            "the game can never end: no turn limit, and no side can ever move, or see and shoot, "
            "to take an objective or destroy the enemy (expected turn_limit, or teams that can "
            "move or shoot)");
}

int murk_playable_check(const struct murk_mission* m, const char* text, size_t len,
                        struct murk_diags* d) {
  struct checker c = {m, d, NULL, 0};
  struct yw* w = NULL;
  struct murk_diags* scratch = NULL;
  if (text) {
    w = murk_calloc(1, sizeof *w);
    scratch = murk_malloc(sizeof *scratch);
    if (!w || !scratch) {
      murk_free(w);
      murk_free(scratch);
      return MURK_ENOMEM;
    }
    murk_diags_init(scratch, d->file);
    /* The file loaded, so it parses; if it no longer does, places are left out. */
    if (yw_open(w, text, len, MURK_MISSION_MAX_DEPTH, scratch) == MURK_OK) c.w = w;
  }
  int rc = MURK_OK;
  if (check_limits(&c)) {
    struct murk_game* g = NULL;
    rc = murk_game_new(m, 1, &g);
    if (rc == MURK_OK) {
      check_deployment(&c, g);
      check_reserves(&c, g);
      check_reserve_dice(&c, g);
      check_ambush(&c, g);
      check_objectives(&c, g);
      check_end(&c, g);
      murk_game_free(g);
    } else if (rc == MURK_EINVAL) {
      problem(&c, "", "a game cannot be made from this mission");
      rc = MURK_OK;
    }
  }
  if (w) yw_close(w);
  murk_free(w);
  murk_free(scratch);
  return rc == MURK_OK ? c.problems : rc;
}
