/* intel.c: Limited Intelligence (27). A wing goes on the table as one leader
 * counter with two Dis counters around it (or a dummy leader with its own Dis counters);
 * the counters move as one, at the pace of the wing's slowest unit; when opposing
 * counters come within sight of each other the moving side is turned over first, dummies
 * go, and real wings roll for deployment and put their units on the table around their
 * leaders. Every choice the text leaves open is in docs/rules.md, "Limited Intelligence". */
#include "intel.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "deploy.h"
#include "event.h"
#include "move.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/los.h"
#include "night.h"
#include "setup.h"
#include "sight.h"
#include "state.h"

/* ASL night rules E1.53: at night a wing makes the movement roll before it moves, as any unit
 * does (the roll is public: leader counters are). True when it strays; *jitter as
 * mk_night_strays. way: the n cells leader marker mi is ordered through (NULL for a Dis
 * move); a strayer that finds its own side on the first half of it goes on as ordered
 * (1.532, as a platoon does in fog.c). */
static bool wing_strays(struct murk_game* g, enum murk_side side, int mi,
                        const struct murk_pos* way, int n, int* jitter) {
  char handle[16];
  snprintf(handle, sizeof handle, "T%d", g->s.markers[mi].number);
  if (!mk_night_strays(g, side, handle, MURK_AUD_ALL, false, -1, way, n, jitter)) return false;
  if (way && mk_night_friendly_contact(g, side, mi, -1, way, n / 2) >= 0) {
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side,
            "%s finds friends on its way: it goes on as ordered", handle);
    return false;
  }
  return true;
}

static bool dis_cell_ok(const struct murk_game* g, struct murk_pos p) {
  return murk_geom_on_table(&g->m->grid, p) && mk_cell_passable(g->m, p);
}

/* The rule's places for Dis counters not placed by the owner: beside the leader (one cell
 * away is allowed for every wing and dummy, so it tells the enemy nothing), west and east
 * first, then the other neighbours. */
void mk_intel_default_dis(const struct murk_game* g, struct mk_marker* mk) {
  static const int order[] = {3, 0, 2, 1, 4, 5};
  for (int k = 0; k < 6 && mk->ndis < MURK_MAX_DIS; k++) {
    struct murk_pos p = murk_geom_neighbour(&g->m->grid, mk->pos, order[k]);
    if (!dis_cell_ok(g, p) || (mk->ndis == 1 && murk_pos_eq(mk->dis[0], p))) continue;
    mk->dis[mk->ndis++] = p;
  }
}

/* Limited Intelligence 27.1.4: on the move every wing's Dis counters stay within `dis_range` of
 * their leader; the closer set-up of small wings (27.1.2) binds the set-up only. */
static int dis_move_range(const struct murk_game* g) {
  return murk_mission_param(g->m, MURK_P_LI_DIS);
}

/* Limited Intelligence 27.1.2 and 27.1.4: the Dis counters move with their leader, keeping their
 * places around it; one whose place falls off the table or on ground nothing can stand on
 * takes the nearest good cell within its distance of the leader (ties: row, then column). */
static void dis_follow(struct murk_game* g, int mi, struct murk_pos from, struct murk_pos to) {
  const struct murk_grid* grid = &g->m->grid;
  struct mk_marker* mk = &g->s.markers[mi];
  int range = dis_move_range(g);
  struct murk_axial a0 = murk_geom_to_axial(grid, from), a1 = murk_geom_to_axial(grid, to);
  struct murk_pos near[64];
  for (int i = 0; i < mk->ndis; i++) {
    struct murk_axial a = murk_geom_to_axial(grid, mk->dis[i]);
    a.q += a1.q - a0.q;
    a.r += a1.r - a0.r;
    struct murk_pos want = murk_geom_from_axial(grid, a);
    bool taken = i > 0 && murk_pos_eq(want, mk->dis[0]);
    if (dis_cell_ok(g, want) && !taken && murk_geom_distance(grid, to, want) <= range) {
      mk->dis[i] = want;
      continue;
    }
    /* The nearest good cell around the leader, out to `range` (at most 3 rings are kept:
     * more would not be nearer the wanted cell than the leader's own neighbours). */
    int r = range < 3 ? range : 3;
    size_t n = murk_geom_within(grid, to, r, near, sizeof near / sizeof near[0]);
    if (n > sizeof near / sizeof near[0]) n = sizeof near / sizeof near[0];
    int best = -1, bd = INT_MAX;
    for (size_t k = 0; k < n; k++) {
      struct murk_pos p = near[k];
      if (murk_pos_eq(p, to) || !dis_cell_ok(g, p)) continue;
      if (i > 0 && murk_pos_eq(p, mk->dis[0])) continue;
      int d = murk_geom_distance(grid, p, want);
      if (best < 0 || d < bd ||
          (d == bd && (p.y < near[best].y || (p.y == near[best].y && p.x < near[best].x)))) {
        bd = d;
        best = (int)k;
      }
    }
    if (best >= 0) mk->dis[i] = near[best];
  }
}

/* ---- sight ---- */

struct sight {
  struct murk_game* g;
  struct murk_sightmap* map;
  int range;
  struct murk_line_step* steps; /* range + 1 of them */
};

/* Limited Intelligence 27.1.6: counters spot at `spot_range` (7 hexes) with a clear line. The
 * text's battles are fought by day; where a night or fog rule of the mission limits sight (the
 * NVR of the ASL night rules, Night Fighting's farthest sight, a visibility table) wings
 * spot no farther than a team could see (murk's choice, docs/rules.md "Limited
 * Intelligence with the other rules"). */
static int spot_range(const struct murk_game* g) {
  int range = murk_mission_param(g->m, MURK_P_LI_SPOT);
  int sight = mk_sight_range(g, g->s.to_act); /* the same for both sides */
  return sight < range ? sight : range;
}

static int sight_open(struct murk_game* g, struct sight* x) {
  memset(x, 0, sizeof *x);
  x->g = g;
  x->range = spot_range(g);
  int rc = murk_sightmap_from_mission(g->m, &x->map);
  if (rc == MURK_OK) {
    x->steps = murk_malloc(((size_t)x->range + 2) * sizeof *x->steps);
    if (!x->steps) rc = MURK_ENOMEM;
  }
  if (rc != MURK_OK) {
    murk_sightmap_free(x->map);
    x->map = NULL;
    g->oom = MURK_ENOMEM;
    return MURK_ENOMEM;
  }
  return MURK_OK;
}

static void sight_close(struct sight* x) {
  murk_sightmap_free(x->map);
  murk_free(x->steps);
}

static bool team_of(const struct mk_state* s, struct murk_pos p, enum murk_side side) {
  enum murk_side who;
  return mk_team_at(s, p, &who, NULL) && who == side;
}

/* Does p stop a line: blocking terrain, or a placed unit of `blockers`? */
static bool stops_sight(struct sight* x, struct murk_pos p, enum murk_side blockers) {
  return team_of(&x->g->s, p, blockers) || murk_sightmap_sight(x->map, p) == MURK_SIGHT_BLOCKING;
}

/* Limited Intelligence 27.1.6 and 27.5: a line within range, clear of blocking terrain (murk_los)
 * and of the placed units of `blockers` standing between the two ends. A step along a hex edge
 * is stopped only when both cells beside it stop sight, as murk_los does for terrain: a
 * unit on one side and woods on the other close it too. */
static bool clear_line(struct sight* x, struct murk_pos a, struct murk_pos b,
                       enum murk_side blockers) {
  const struct murk_grid* grid = &x->g->m->grid;
  if (murk_geom_distance(grid, a, b) > x->range) return false;
  if (!murk_los(x->map, a, b, NULL)) return false;
  size_t n = murk_geom_line(grid, a, b, x->steps, (size_t)x->range + 2);
  for (size_t i = 1; i + 1 < n; i++) {
    const struct murk_line_step* st = &x->steps[i];
    if (stops_sight(x, st->cell, blockers) && (!st->tie || stops_sight(x, st->alt, blockers)))
      return false;
  }
  return true;
}

/* The least distance at which cells `from` see marker mi (or a single cell), -1 if none. */
static int sees_cells(struct sight* x, const struct murk_pos* from, int nfrom,
                      const struct murk_pos* to, int nto, enum murk_side blockers) {
  int best = -1;
  for (int i = 0; i < nfrom; i++)
    for (int j = 0; j < nto; j++) {
      int d = murk_geom_distance(&x->g->m->grid, from[i], to[j]);
      if ((best < 0 || d < best) && clear_line(x, from[i], to[j], blockers)) best = d;
    }
  return best;
}

enum { C_MARKER = 0, C_TEAM = 1 };
struct contact {
  int kind;  /* C_MARKER or C_TEAM */
  int index; /* marker index, or team index of the enemy side */
  int dist;
};

static int contact_cmp(const void* a, const void* b) {
  const struct contact* x = a;
  const struct contact* y = b;
  if (x->dist != y->dist) return x->dist < y->dist ? -1 : 1;
  if (x->kind != y->kind) return x->kind < y->kind ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

/* What cells `from` see of `enemy`, nearest first (ties: leaders before units, then in
 * marker or roster order): its leader counters on the table, and with `teams` its placed
 * teams. Lines through the enemy's own units do not count (27.5). */
static int find_contacts(struct sight* x, const struct murk_pos* from, int nfrom,
                         enum murk_side enemy, bool teams, struct contact* out) {
  const struct mk_state* s = &x->g->s;
  int n = 0;
  for (int i = 0; i < s->nmarkers; i++) {
    const struct mk_marker* mk = &s->markers[i];
    if (!mk->on_table || mk->owner != enemy || mk->kind != MURK_MARKER_WING) continue;
    struct murk_pos fp[1 + MURK_MAX_DIS];
    int nfp = mk_intel_footprint(mk, fp);
    int d = sees_cells(x, from, nfrom, fp, nfp, enemy);
    if (d >= 0) out[n++] = (struct contact){C_MARKER, i, d};
  }
  for (int t = 0; teams && t < s->nteams[enemy]; t++) {
    const struct mk_team* tm = &s->teams[enemy][t];
    if (!tm->alive || !tm->placed) continue;
    int d = sees_cells(x, from, nfrom, &tm->pos, 1, enemy);
    if (d >= 0) out[n++] = (struct contact){C_TEAM, t, d};
  }
  qsort(out, (size_t)n, sizeof *out, contact_cmp);
  return n;
}

/* The unit a team of `side` belongs to. */
static int unit_of_team(const struct mk_state* s, enum murk_side side, int team) {
  for (int k = 0; k < s->nunits[side]; k++) {
    const struct mk_unit_state* u = &s->units[side][k];
    if (team >= u->first_team && team < u->first_team + u->nteams) return k;
  }
  return 0;
}

/* "T7" for a leader, "P5" for a unit's team. */
static void contact_handle(const struct murk_game* g, enum murk_side enemy, const struct contact* c,
                           char* buf, size_t n) {
  if (c->kind == C_MARKER) {
    snprintf(buf, n, "T%d", g->s.markers[c->index].number);
    return;
  }
  int unit = unit_of_team(&g->s, enemy, c->index);
  snprintf(buf, n, "P%d", g->s.units[enemy][unit].marker);
}

/* ---- taking counters away and putting units down ---- */

/* Limited Intelligence 27.2.1: a side's deployment roll, its wing's rating added. */
static int deployment_roll(struct murk_game* g, enum murk_side side, int unit, const char* handle) {
  bool commander = false;
  int rating = mk_intel_rating(g, side, unit, &commander);
  struct murk_dice_expr die = murk_mission_param_dice(g->m, MURK_P_LI_DIE);
  char purpose[MURK_ROLL_PURPOSE];
  snprintf(purpose, sizeof purpose, "deployment roll, %s %s", murk_side_name(side), handle);
  const char* label = rating == 0 ? NULL : commander ? "army commander" : "command rating";
  return murk_roll_mod(g, &die, purpose, MURK_AUD_ALL, label, rating, NULL);
}

/* ---- spotting ---- */

/* Limited Intelligence 27.5 (and 27.1.6 for deployed units that move): what the units of `side`
 * just put or moved on the table see of the enemy's leaders is spotted, nearest first: a
 * dummy is removed, a real wing deploys. Each time, what is left is looked at again, so a
 * wing just deployed hides the wings behind it. */
static void spot_from_units(struct murk_game* g, struct sight* x, enum murk_side side,
                            const int* units, int nunits) {
  struct mk_state* s = &g->s;
  enum murk_side enemy = murk_side_other(side);
  struct murk_pos from[MK_MAX_TEAMS_PER_SIDE];
  int nfrom = 0;
  int cap = (int)(sizeof from / sizeof from[0]);
  for (int i = 0; i < nunits; i++) {
    const struct mk_unit_state* u = &s->units[side][units[i]];
    for (int t = u->first_team; t < u->first_team + u->nteams && nfrom < cap; t++)
      if (s->teams[side][t].alive && s->teams[side][t].placed)
        from[nfrom++] = s->teams[side][t].pos;
  }
  int rounds = s->nmarkers; /* each round takes a leader off the table */
  struct contact* cs = murk_malloc(MK_INTEL_MAX_THINGS * sizeof *cs);
  if (!cs) {
    g->oom = MURK_ENOMEM;
    return;
  }
  for (int r = 0; r < rounds && nfrom > 0; r++) {
    int n = find_contacts(x, from, nfrom, enemy, false, cs);
    if (n == 0) break;
    struct mk_marker* y = &s->markers[cs[0].index];
    char hy[16];
    snprintf(hy, sizeof hy, "T%d", y->number);
    mk_emit(g, MURK_EV_SPOT, MURK_AUD_ALL, side, "the %s spots %s %s at %d cell%s",
            murk_side_name(side), murk_side_name(enemy), hy, cs[0].dist, mk_plural(cs[0].dist));
    mk_event_facts(g, y->number, NULL, &y->pos);
    if (y->unit < 0)
      mk_intel_remove_dummy(g, cs[0].index);
    else
      mk_intel_deploy_wing(g, cs[0].index, false, true);
  }
  murk_free(cs);
}

enum { GO_ON = 0, STOP = 1 };

/* Limited Intelligence 27.2.3-27.2.4 and 27.5: after the roll (and the winner's adjustment) the
 * stationary wing goes on the table, then every other enemy wing the moving leader saw,
 * unless the units just placed now hide it (all on the same roll), then the moving wing,
 * whose movement is over for the turn. */
static void place_wings(struct murk_game* g, struct sight* x, const struct mk_li_adjust* a) {
  struct mk_state* s = &g->s;
  enum murk_side enemy = murk_side_other(s->markers[a->marker].owner);
  if (a->primary_kind == C_MARKER) mk_intel_deploy_wing(g, a->primary_index, false, true);
  for (int k = 0; k < a->nothers; k++) {
    struct mk_marker* z = &s->markers[a->others[k]];
    if (!z->on_table) continue;
    struct murk_pos fz[1 + MURK_MAX_DIS];
    int nfz = mk_intel_footprint(z, fz);
    if (sees_cells(x, a->seen_from, a->nseen, fz, nfz, enemy) < 0) continue;
    if (z->unit < 0) {
      mk_intel_remove_dummy(g, a->others[k]);
      continue;
    }
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, enemy,
            "%s T%d is spotted too and deploys on the same roll", murk_side_name(enemy), z->number);
    mk_intel_deploy_wing(g, a->others[k], false, true);
  }
  mk_intel_deploy_wing(g, a->marker, true, true);
}

/* Limited Intelligence 27.1.6, 27.2 and 27.5: moving leader mi stands within sight of the enemy
 * (contacts cs, nearest first). A winner that may adjust waits for its `adjust`. */
static int resolve_moving(struct murk_game* g, struct sight* x, int mi, struct contact* cs,
                          int nc) {
  struct mk_state* s = &g->s;
  struct mk_marker* mk = &s->markers[mi];
  enum murk_side side = mk->owner, enemy = murk_side_other(side);
  char hx[16], hc[16];
  snprintf(hx, sizeof hx, "T%d", mk->number);
  contact_handle(g, enemy, &cs[0], hc, sizeof hc);
  mk_mark_irreversible(g);
  mk_emit(g, MURK_EV_SPOT, MURK_AUD_ALL, side, "%s %s is spotted by %s %s at %d cell%s",
          murk_side_name(side), hx, murk_side_name(enemy), hc, cs[0].dist, mk_plural(cs[0].dist));
  mk_event_facts(g, mk->number, NULL, &mk->pos);
  /* The moving side is turned over first: a dummy goes, and the enemy learns nothing. */
  if (mk->unit < 0) {
    mk_intel_remove_dummy(g, mi);
    return STOP;
  }
  mk_emit(g, MURK_EV_SPOT, MURK_AUD_ALL, side, "%s %s is turned over: a real wing leader",
          murk_side_name(side), hx);
  mk_event_facts(g, mk->number, NULL, &mk->pos);
  /* Then the enemy's nearest: dummies go (and the moving leader, turned face down again,
   * may move on), until a real wing or deployed units are met. */
  int primary = -1;
  for (int k = 0; k < nc && primary < 0; k++) {
    if (cs[k].kind == C_MARKER) {
      if (!s->markers[cs[k].index].on_table) continue;
      if (s->markers[cs[k].index].unit < 0) {
        mk_intel_remove_dummy(g, cs[k].index);
        continue;
      }
      char hy[16];
      snprintf(hy, sizeof hy, "T%d", s->markers[cs[k].index].number);
      mk_emit(g, MURK_EV_SPOT, MURK_AUD_ALL, enemy, "%s %s is turned over: a real wing leader",
              murk_side_name(enemy), hy);
      mk_event_facts(g, s->markers[cs[k].index].number, NULL, &s->markers[cs[k].index].pos);
    }
    primary = k;
  }
  if (primary < 0) {
    mk_emit(g, MURK_EV_SPOT, MURK_AUD_ALL, side, "%s %s is turned face down again and may move on",
            murk_side_name(side), hx);
    return GO_ON;
  }

  /* 27.2.1: the deployment roll, moving side first; ties go to the stationary side. */
  const struct contact* pc = &cs[primary];
  int enemy_unit =
      pc->kind == C_MARKER ? s->markers[pc->index].unit : unit_of_team(s, enemy, pc->index);
  contact_handle(g, enemy, pc, hc, sizeof hc);
  int mine = deployment_roll(g, side, mk->unit, hx);
  int theirs = deployment_roll(g, enemy, enemy_unit, hc);
  struct mk_li_adjust a;
  memset(&a, 0, sizeof a);
  a.marker = mi;
  a.primary_kind = pc->kind;
  a.primary_index = pc->index;
  for (int k = primary + 1; k < nc && a.nothers < MK_MAX_MARKERS; k++)
    if (cs[k].kind == C_MARKER) a.others[a.nothers++] = cs[k].index;
  a.nseen = mk_intel_footprint(mk, a.seen_from);
  if (mine > theirs) {
    int most = murk_mission_param(g->m, MURK_P_LI_ADJUST);
    a.allow = mine - theirs < most ? mine - theirs : most;
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side,
            "the %s wins the deployment roll by %d: %s may adjust up to %d cell%s",
            murk_side_name(side), mine - theirs, hx, a.allow, mk_plural(a.allow));
  } else {
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, enemy, "the %s wins the deployment roll%s",
            murk_side_name(enemy), mine == theirs ? " (a tie goes to the stationary side)" : "");
  }
  if (a.allow > 0) {
    /* 27.2.2: the winner chooses where its leader goes (`adjust`); the wings wait. */
    a.due = true;
    s->li_adjust = a;
    return STOP;
  }
  place_wings(g, x, &a);
  return STOP;
}

/* ASL night rules E1.55: jitter fire after a move. A counter that gives itself away is revealed:
 * under Limited Intelligence every counter on the table is a wing leader (mk_put_platoon,
 * mk_intel_deploy), spotted whole. */
static void jitter_fire(struct murk_game* g, enum murk_side side, int mi, int unit,
                        struct murk_pos at, int total) {
  int lost = mk_night_jitter(g, side, mi, unit, at, total);
  if (lost < 0) return;
  mk_intel_spotted(g, lost);
  mk_night_jitter_flash(g, lost);
}

/* ---- commands ---- */

static void emit_move(struct murk_game* g, int mi, struct murk_pos from, int cells,
                      const char* note) {
  const struct mk_marker* mk = &g->s.markers[mi];
  char a[16], b[16], d[40];
  murk_pos_format(from, a, sizeof a);
  murk_pos_format(mk->pos, b, sizeof b);
  mk_intel_dis_text(mk, d, sizeof d);
  mk_emit(g, MURK_EV_MOVE, MURK_AUD_ALL, mk->owner, "%s T%d moves %s -> %s (%d cell%s%s%s)%s",
          murk_side_name(mk->owner), mk->number, a, b, cells, mk_plural(cells),
          d[0] ? "; Dis " : "", d, note);
  mk_event_facts(g, mk->number, &from, &mk->pos);
}

int mk_intel_move(struct murk_game* g, enum murk_side side, int mi, const struct murk_command* c,
                  char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  struct mk_marker* mk = &s->markers[mi];
  if (mk->moved && mk->dis_moved)
    return mk_reject(reason, reason_len,
                     "T%d's Dis counters have moved this step, so T%d stays: a leader moves "
                     "first, then its Dis counters (dis)",
                     mk->number, mk->number);
  if (mk->moved)
    return mk_reject(reason, reason_len, "T%d has already moved this step", mk->number);
  if (mk_intel_came_down(g, (int)(mk - g->s.markers)))
    return mk_reject(reason, reason_len,
                     "T%d came down by deep strike this turn: it may not move until your next turn",
                     mk->number);
  /* The same judgement as every move (move.c), at the wing's pace (Limited Intelligence 27.1.4). */
  struct mk_move_rule rule;
  mk_move_allowance(g, side, mi, -1, &rule);
  struct mk_move_truth truth = {.g = g, .side = side, .self_mi = mi, .self_unit = -1};
  struct mk_move_board board;
  mk_move_board_known(&truth, &board); /* judged by what the side knows */
  struct murk_pos pts[MURK_CMD_MAX_WAYPOINTS + 1];
  int npts = mk_move_points(c, pts);
  struct mk_move_verdict v;
  mk_move_judge(&board, &rule, mk->pos, pts, npts, true, &v);
  int rc = mk_move_refusal(&v, mk->pos, reason, reason_len);
  struct murk_pos* path = v.path;
  int n = v.cells;
  int allow = v.allow;
  char ps[16];
  if (v.why == MK_MOVE_TOO_FAR)
    rc = mk_reject(reason, reason_len, "that is %d cells; T%d may move %d (%s)", n, mk->number,
                   allow,
                   mk->unit < 0 ? "a dummy leader: the fastest wing you have on the table"
                                : "its wing's slowest team");
  if (v.why == MK_MOVE_TAKEN) {
    murk_pos_format(c->at, ps, sizeof ps);
    rc = mk_reject(reason, reason_len,
                   "%s is taken: a leader may not end its move on another marker or team", ps);
  }
  struct sight x;
  if (rc == MURK_OK) rc = sight_open(g, &x);
  struct contact* cs = rc == MURK_OK ? murk_malloc(MK_INTEL_MAX_THINGS * sizeof *cs) : NULL;
  if (rc == MURK_OK && !cs) {
    sight_close(&x);
    rc = MURK_ENOMEM;
  }
  if (rc != MURK_OK) {
    murk_free(path);
    return rc;
  }
  /* ASL night rules E1.53: at night the movement roll first; a strayer goes half as far, to the
   * last cell it knows free on its way (as a platoon does, fog.c). */
  int jitter = 0;
  if (wing_strays(g, side, mi, path, n, &jitter)) {
    n /= 2;
    while (n > 0 && !mk_cell_known_free(g, side, path[n - 1])) n--;
  }
  /* An enemy the side did not know of on the path stops the leader in the last free cell
   * before it (docs/rules.md, "Hidden contact"), unless it spots something first. */
  enum murk_side enemy = murk_side_other(side);
  int hit = -1;
  for (int i = 0; i < n && hit < 0; i++) {
    int em = mk_marker_index_at(s, path[i]);
    enum murk_side ts;
    if ((em >= 0 && s->markers[em].owner == enemy) ||
        (mk_team_at(s, path[i], &ts, NULL) && ts == enemy))
      hit = i;
  }
  struct murk_pos met = hit >= 0 ? path[hit] : mk->pos;
  if (hit >= 0) {
    n = hit;
    while (n > 0 && !mk_cell_known_free(g, side, path[n - 1])) n--;
  }
  /* Cell by cell, Dis counters along: the first cell where the enemy is in sight is where
   * the spotting happens. */
  mk->moved = true;
  mk->moved_cells = 0;
  mk->dis_moved = false;
  for (int i = 0; i < MURK_MAX_DIS; i++) mk->dis_start[i] = mk->dis[i];
  struct murk_pos seg_from = mk->pos;
  int seg = 0;
  bool over = false;
  for (int i = 0; i < n && !over && !g->oom; i++) {
    struct murk_pos prev = mk->pos;
    mk->pos = path[i];
    dis_follow(g, mi, prev, mk->pos);
    mk->moved_cells++;
    seg++;
    struct murk_pos fp[1 + MURK_MAX_DIS];
    int nfp = mk_intel_footprint(mk, fp);
    int nc = find_contacts(&x, fp, nfp, enemy, true, cs);
    if (nc == 0) continue;
    emit_move(g, mi, seg_from, seg, i + 1 < n ? "; ordered on" : "");
    over = resolve_moving(g, &x, mi, cs, nc) == STOP;
    mk = &s->markers[mi];
    seg_from = mk->pos;
    seg = 0;
  }
  if (!over && seg > 0) emit_move(g, mi, seg_from, seg, "");
  if (!over && hit >= 0 && !g->oom) {
    char handle[16];
    snprintf(handle, sizeof handle, "T%d", s->markers[mi].number);
    mk_hidden_contact(g, side, handle, s->markers[mi].pos, met);
  }
  /* ASL night rules E1.55: jitter fire once the move is made; a move that ended in a spotting has
   * turned the counters over already (murk's reading: no jitter fire then). */
  if (!over && jitter > 0 && !g->oom)
    jitter_fire(g, side, mi, s->markers[mi].unit, s->markers[mi].pos, jitter);
  murk_free(cs);
  sight_close(&x);
  murk_free(path);
  return g->oom ? MURK_ENOMEM : MURK_OK;
}

/* `dis` names the two cells of a leader's two Dis counters (at, at2). */
_Static_assert(MURK_MAX_DIS == 2, "dis takes one cell for each Dis counter");

/* Which leader a `dis` command names (resolved by the command table): an own wing or dummy
 * leader on the table. */
static int dis_leader(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                      const struct mk_cmd_args* a, int* out, char* reason, size_t reason_len) {
  const struct mk_state* s = &g->s;
  int unit = a->unit, mi = a->marker;
  if (mi >= 0 && s->markers[mi].on_table && s->markers[mi].kind == MURK_MARKER_WING) {
    *out = mi;
    return MURK_OK;
  }
  if (unit >= 0) {
    const struct mk_unit_state* u = &s->units[side][unit];
    const char* name = mk_unit_platoon(g, side, unit)->name;
    if (u->state == MURK_PLATOON_REVEALED || u->state == MURK_PLATOON_DESTROYED)
      return mk_reject(reason, reason_len,
                       "platoon %d (%s) has deployed: its wing's Dis counters are gone", unit + 1,
                       name);
    return mk_reject(reason, reason_len, "platoon %d (%s) is not on the table", unit + 1, name);
  }
  return mk_reject(reason, reason_len, "T%d is not a wing leader on the table", c->unit.n);
}

/* Limited Intelligence 27.1.2 and 27.1.4: the owner moves a leader's two Dis counters, once a
 * Movement step, after the leader's own move or instead of it (the leader then stays for
 * the step). Each goes at most the leader's allowance, counted in cells from where it
 * stood when the step began, to a passable cell within its distance of the leader, not
 * under it and not on the other. The counters are alike: the cells are taken in the
 * order given, or crossed over when only that keeps both within the allowance. Then
 * (27.1.6) what the counters see from their new cells, and what sees them, is spotted as
 * for a moving leader. */
int mk_intel_dis(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                 const struct mk_cmd_args* args, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  const struct murk_grid* grid = &g->m->grid;
  int mi = -1;
  int rc = dis_leader(g, side, c, args, &mi, reason, reason_len);
  if (rc != MURK_OK) return rc;
  struct mk_marker* mk = &s->markers[mi];
  if (mk->ndis < MURK_MAX_DIS)
    return mk_reject(reason, reason_len, "T%d has no Dis counters to move", mk->number);
  if (mk->moved && mk->dis_moved)
    return mk_reject(reason, reason_len, "T%d's Dis counters have already moved this step",
                     mk->number);
  if (mk_intel_came_down(g, (int)(mk - g->s.markers)))
    return mk_reject(reason, reason_len,
                     "T%d came down by deep strike this turn: its Dis counters may not move until "
                     "your next turn",
                     mk->number);

  struct murk_pos want[MURK_MAX_DIS] = {c->at, c->at2};
  int range = dis_move_range(g);
  char ps[16], a[40], b[40];
  for (int k = 0; k < MURK_MAX_DIS; k++) {
    murk_pos_format(want[k], ps, sizeof ps);
    if (!murk_geom_on_table(grid, want[k]))
      return mk_reject(reason, reason_len, "%s is off the table", ps);
    if (!mk_cell_passable(g->m, want[k]))
      return mk_reject(reason, reason_len, "a Dis counter cannot stand in the %s at %s",
                       mk_terrain_at(g, want[k])->name, ps);
    int d = murk_geom_distance(grid, mk->pos, want[k]);
    if (d == 0)
      return mk_reject(reason, reason_len,
                       "a Dis counter stands beside its leader T%d, not under it", mk->number);
    if (d > range)
      return mk_reject(reason, reason_len,
                       "%s is %d cells from T%d; its Dis counters stay within %d cell%s of it", ps,
                       d, mk->number, range, mk_plural(range));
  }
  if (murk_pos_eq(want[0], want[1])) {
    murk_pos_format(want[0], ps, sizeof ps);
    return mk_reject(reason, reason_len, "T%d's two Dis counters cannot both stand at %s",
                     mk->number, ps);
  }
  if ((murk_pos_eq(want[0], mk->dis[0]) && murk_pos_eq(want[1], mk->dis[1])) ||
      (murk_pos_eq(want[0], mk->dis[1]) && murk_pos_eq(want[1], mk->dis[0]))) {
    mk_intel_dis_text(mk, a, sizeof a);
    return mk_reject(reason, reason_len, "T%d's Dis counters are already at %s", mk->number, a);
  }

  /* 27.1.4: as far as the wing (or the dummy) moves, from where each stood at the start. */
  struct murk_pos start[MURK_MAX_DIS];
  for (int i = 0; i < MURK_MAX_DIS; i++) start[i] = mk->moved ? mk->dis_start[i] : mk->dis[i];
  int allow = mk_intel_allowance(g, mi);
  int straight[MURK_MAX_DIS], crossed[MURK_MAX_DIS];
  for (int i = 0; i < MURK_MAX_DIS; i++) {
    straight[i] = murk_geom_distance(grid, start[i], want[i]);
    crossed[i] = murk_geom_distance(grid, start[i], want[1 - i]);
  }
  bool cross = false;
  if (straight[0] > allow || straight[1] > allow) {
    cross = crossed[0] <= allow && crossed[1] <= allow;
    if (!cross) {
      int k = straight[0] > allow ? 0 : 1;
      murk_pos_format(start[k], a, sizeof a);
      murk_pos_format(want[k], b, sizeof b);
      return mk_reject(reason, reason_len,
                       "the Dis counter that stood at %s when the step began would move %d cells "
                       "to %s; T%d's Dis counters may move %d (%s)",
                       a, straight[k], b, mk->number, allow,
                       mk->unit < 0 ? "a dummy leader: the fastest wing you have on the table"
                                    : "its wing's slowest team");
    }
  }

  struct sight x;
  if (sight_open(g, &x) != MURK_OK) return MURK_ENOMEM;
  struct contact* cs = murk_malloc(MK_INTEL_MAX_THINGS * sizeof *cs);
  if (!cs) {
    sight_close(&x);
    return MURK_ENOMEM;
  }
  /* ASL night rules E1.53: the wing's movement roll, made with its first move of the step (the
   * leader's, or this one); a wing that strays here loses its way and its counters stay
   * where they are (murk's reading). */
  int jitter = 0;
  bool strays = false;
  if (!mk->moved) {
    for (int i = 0; i < MURK_MAX_DIS; i++) mk->dis_start[i] = mk->dis[i];
    mk->moved = true;
    mk->moved_cells = 0;
    strays = wing_strays(g, side, mi, NULL, 0, &jitter);
  }
  mk->dis_moved = true;
  if (strays) {
    mk_intel_dis_text(mk, a, sizeof a);
    mk_emit(g, MURK_EV_MOVE, MURK_AUD_ALL, side, "%s T%d's Dis counters stay at %s",
            murk_side_name(side), mk->number, a);
    mk_event_facts(g, mk->number, NULL, &mk->pos);
    if (jitter > 0) jitter_fire(g, side, mi, mk->unit, mk->pos, jitter);
    murk_free(cs);
    sight_close(&x);
    return g->oom ? MURK_ENOMEM : MURK_OK;
  }
  mk_intel_dis_text(mk, a, sizeof a);
  struct murk_pos moved[MURK_MAX_DIS];
  int nmoved = 0;
  struct murk_pos old[MURK_MAX_DIS] = {mk->dis[0], mk->dis[1]};
  for (int i = 0; i < MURK_MAX_DIS; i++) {
    mk->dis[i] = cross ? want[1 - i] : want[i];
    if (!murk_pos_eq(mk->dis[i], old[i])) moved[nmoved++] = mk->dis[i];
    /* 27.4 counts the wing's move by its farthest counter: its units were there too. */
    int went = cross ? crossed[i] : straight[i];
    if (went > mk->moved_cells) mk->moved_cells = went;
  }
  mk_intel_dis_text(mk, b, sizeof b);
  mk_emit(g, MURK_EV_MOVE, MURK_AUD_ALL, side, "%s T%d's Dis counters move %s -> %s",
          murk_side_name(side), mk->number, a, b);
  mk_event_facts(g, mk->number, NULL, &mk->pos);

  /* 27.1.6: the counters that moved came within sight of what they now see. */
  int nc = find_contacts(&x, moved, nmoved, murk_side_other(side), true, cs);
  if (nc > 0) resolve_moving(g, &x, mi, cs, nc);
  if (nc == 0 && jitter > 0 && !g->oom) jitter_fire(g, side, mi, mk->unit, mk->pos, jitter);
  murk_free(cs);
  sight_close(&x);
  return g->oom ? MURK_ENOMEM : MURK_OK;
}

int mk_intel_came_on(struct murk_game* g, int mi) {
  struct sight x;
  if (sight_open(g, &x) != MURK_OK) return MURK_ENOMEM;
  struct contact* cs = murk_malloc(MK_INTEL_MAX_THINGS * sizeof *cs);
  if (!cs) {
    sight_close(&x);
    return MURK_ENOMEM;
  }
  const struct mk_marker* mk = &g->s.markers[mi];
  struct murk_pos fp[1 + MURK_MAX_DIS];
  int nfp = mk_intel_footprint(mk, fp);
  int nc = find_contacts(&x, fp, nfp, murk_side_other(mk->owner), true, cs);
  if (nc > 0) resolve_moving(g, &x, mi, cs, nc);
  murk_free(cs);
  sight_close(&x);
  return g->oom ? MURK_ENOMEM : MURK_OK;
}

/* Limited Intelligence with Flames of War's Fog of War (docs/rules.md, "Limited
 * Intelligence with the other rules"): a wing leader counter that a spotting roll reveals
 * is spotted as a whole (27.1.6, 27.3.1): a dummy is removed, a real wing deploys round its
 * leader, all its platoons (no deployment roll: no leader of the spotting side moved). */
void mk_intel_spotted(struct murk_game* g, int mi) {
  if (g->s.markers[mi].unit < 0)
    mk_intel_remove_dummy(g, mi);
  else
    mk_intel_deploy_wing(g, mi, false, true);
}

/* ---- the winner's adjustment (Limited Intelligence 27.2.2) ---- */

int mk_intel_adjust_due(const struct murk_game* g, enum murk_side side) {
  const struct mk_li_adjust* a = &g->s.li_adjust;
  return a->due && g->s.markers[a->marker].owner == side ? a->marker : -1;
}

static int finish_adjust(struct murk_game* g) {
  struct mk_li_adjust a = g->s.li_adjust;
  g->s.li_adjust.due = false;
  struct sight x;
  if (sight_open(g, &x) != MURK_OK) return MURK_ENOMEM;
  place_wings(g, &x, &a);
  sight_close(&x);
  return g->oom ? MURK_ENOMEM : MURK_OK;
}

static void stays(struct murk_game* g, int mi) {
  const struct mk_marker* mk = &g->s.markers[mi];
  char a[16];
  murk_pos_format(mk->pos, a, sizeof a);
  mk_emit(g, MURK_EV_MOVE, MURK_AUD_ALL, mk->owner, "%s T%d stays at %s", murk_side_name(mk->owner),
          mk->number, a);
}

void mk_intel_adjust_none(struct murk_game* g, enum murk_side side) {
  int mi = mk_intel_adjust_due(g, side);
  if (mi < 0) return;
  stays(g, mi);
  finish_adjust(g);
}

/* The leader goes in a straight line, in any direction, up to its allowance: onto a
 * passable cell free of its own things and of enemies it knows of, never beyond the enemy
 * (as its units, 27.3.1), through no impassable ground or enemy it knows of. An enemy it
 * did not know of on the line stops it in the last cell before it could end on, with a
 * public contact (docs/rules.md, "Hidden contact"). Naming its own cell leaves it there. */
int mk_intel_adjust(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* args, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  const struct murk_grid* grid = &g->m->grid;
  int mi = mk_intel_adjust_due(g, side);
  if (mi < 0) return mk_reject(reason, reason_len, "no wing of yours has a deployment roll won");
  struct mk_marker* mk = &s->markers[mi];
  if (args->marker != mi)
    return mk_reject(reason, reason_len,
                     "T%d won the deployment roll: it is the leader that adjusts (adjust T%d to "
                     "X,Y)",
                     mk->number, mk->number);
  int allow = s->li_adjust.allow;
  char ps[16], bs[16];
  murk_pos_format(c->at, ps, sizeof ps);
  if (!murk_geom_on_table(grid, c->at))
    return mk_reject(reason, reason_len, "%s is off the table", ps);
  int d = murk_geom_distance(grid, mk->pos, c->at);
  if (d == 0) {
    stays(g, mi);
    return finish_adjust(g);
  }
  if (d > allow)
    return mk_reject(reason, reason_len, "%s is %d cells from T%d; it may adjust %d cell%s", ps, d,
                     mk->number, allow, mk_plural(allow));
  if (!mk_cell_passable(g->m, c->at))
    return mk_reject(reason, reason_len, "a leader cannot stand in the %s at %s",
                     mk_terrain_at(g, c->at)->name, ps);
  if (!mk_cell_known_free(g, side, c->at))
    return mk_reject(reason, reason_len, "%s is taken: one marker or team a cell", ps);
  struct murk_pos enemy[MK_INTEL_MAX_THINGS];
  int nenemy = mk_intel_known_enemy(g, side, enemy);
  if (mk_intel_beyond_any(grid, mk->pos, enemy, nenemy, c->at))
    return mk_reject(reason, reason_len,
                     "%s lies beyond the enemy from T%d; a wing deploys up to the enemy, not "
                     "past it",
                     ps, mk->number);
  struct murk_line_step* st = murk_malloc(((size_t)d + 2) * sizeof *st);
  if (!st) return MURK_ENOMEM;
  size_t n = murk_geom_line(grid, mk->pos, c->at, st, (size_t)d + 2);
  for (size_t i = 1; i + 1 < n; i++) {
    murk_pos_format(st[i].cell, bs, sizeof bs);
    if (!mk_cell_passable(g->m, st[i].cell)) {
      int rc = mk_reject(reason, reason_len, "the %s at %s blocks the way",
                         mk_terrain_at(g, st[i].cell)->name, bs);
      murk_free(st);
      return rc;
    }
    if (mk_known_enemy_at(g, side, st[i].cell, NULL, NULL)) {
      int rc = mk_reject(reason, reason_len, "the enemy at %s blocks the way", bs);
      murk_free(st);
      return rc;
    }
  }
  /* Accepted: cell by cell, as far as the truth lets it. */
  int end = -1, met = -1;
  for (size_t i = 1; i < n && met < 0; i++) {
    if (!mk_cell_free(s, st[i].cell) && !mk_cell_known_free(g, side, st[i].cell)) continue;
    if (!mk_cell_free(s, st[i].cell)) {
      enum murk_side who;
      int other = mk_marker_index_at(s, st[i].cell);
      if ((other >= 0 && s->markers[other].owner != side) ||
          (mk_team_at(s, st[i].cell, &who, NULL) && who != side)) {
        met = (int)i;
        break;
      }
      continue;
    }
    end = (int)i;
  }
  struct murk_pos from = mk->pos;
  struct murk_pos met_at = met >= 0 ? st[met].cell : from;
  if (met >= 0 && end >= met) end = -1;
  if (end < 0) {
    stays(g, mi);
  } else {
    mk->pos = st[end].cell;
    dis_follow(g, mi, from, mk->pos);
    murk_pos_format(from, ps, sizeof ps);
    murk_pos_format(mk->pos, bs, sizeof bs);
    int cells = murk_geom_distance(grid, from, mk->pos);
    mk_emit(g, MURK_EV_MOVE, MURK_AUD_ALL, side, "%s T%d adjusts %s -> %s (%d cell%s)",
            murk_side_name(side), mk->number, ps, bs, cells, mk_plural(cells));
    mk_event_facts(g, mk->number, &from, &mk->pos);
  }
  murk_free(st);
  if (met >= 0) {
    char handle[16];
    snprintf(handle, sizeof handle, "T%d", mk->number);
    mk_hidden_contact(g, side, handle, mk->pos, met_at);
  }
  return finish_adjust(g);
}

int mk_intel_reveal(struct murk_game* g, enum murk_side side, int mi, char* reason,
                    size_t reason_len) {
  struct mk_state* s = &g->s;
  struct mk_marker* mk = &s->markers[mi];
  if (mk->unit < 0) {
    mk_intel_remove_dummy(g, mi);
    return MURK_OK;
  }
  /* Limited Intelligence 27.4: an active wing may deploy of its own accord, in its movement, after
   * moving at most half its allowance (rounded up). */
  if (s->step != MURK_STEP_MOVEMENT && s->step != MURK_STEP_STARTING)
    return mk_reject(reason, reason_len,
                     "a wing deploys of its own accord in your movement step (T%d)", mk->number);
  int allow = mk_intel_allowance(g, mi);
  int half = (allow + 1) / 2;
  int moved = mk->moved ? mk->moved_cells : 0;
  if (moved > half)
    return mk_reject(reason, reason_len,
                     "T%d has moved %d cells this turn; a wing that deploys of its own accord "
                     "may first move at most half its allowance (%d)",
                     mk->number, moved, half);
  struct sight x;
  if (sight_open(g, &x) != MURK_OK) return MURK_ENOMEM;
  int units[MK_MAX_UNITS];
  int n = mk_intel_marker_units(g, mi, units);
  mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side, "%s T%d deploys of its own accord",
          murk_side_name(side), mk->number);
  mk_intel_deploy_wing(g, mi, true, false);
  spot_from_units(g, &x, side, units, n);
  sight_close(&x);
  return g->oom ? MURK_ENOMEM : MURK_OK;
}

int mk_intel_after_platoon_move(struct murk_game* g, enum murk_side side, int unit) {
  struct sight x;
  if (sight_open(g, &x) != MURK_OK) return MURK_ENOMEM;
  spot_from_units(g, &x, side, &unit, 1);
  sight_close(&x);
  return g->oom ? MURK_ENOMEM : MURK_OK;
}
