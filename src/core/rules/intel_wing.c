/* intel_wing.c: Limited Intelligence (27), the wings as they stand: which
 * platoons make a wing, its rating, its pace on each ground, what a leader counter hides,
 * whether a cell lies beyond an enemy (27.3.1).
 * Queries only, below the marker kinds (marker.c reads a leader's allowance and contents
 * here); the moves, the spotting and the deployment that change them are intel.c's. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "deploy.h"
#include "intel.h"
#include "night.h"
#include "state.h"

bool mk_intel_on(const struct murk_game* g) {
  return murk_mission_rule_on(g->m, MURK_RULE_LIMITED_INTELLIGENCE);
}

/* Limited Intelligence with Deep Strike (docs/rules.md, "Limited Intelligence with the
 * other rules"): a leader counter that came down this turn may not move (40k mission special rules,
 * Deep Strike: no move on the turn of arrival). */
static bool came_down_now(const struct murk_game* g, const struct mk_marker* mk) {
  if (mk->kind != MURK_MARKER_WING || mk->unit < 0) return false;
  int turn = g->s.units[mk->owner][mk->unit].deep_turn;
  return turn > 0 && turn == g->s.turn;
}

bool mk_intel_came_down(const struct murk_game* g, int mi) {
  return came_down_now(g, &g->s.markers[mi]);
}

/* ---- wings ---- */

static bool same_wing(const struct murk_game* g, enum murk_side side, int a, int b) {
  if (a == b) return true;
  const struct murk_platoon* pa = mk_unit_platoon(g, side, a);
  const struct murk_platoon* pb = mk_unit_platoon(g, side, b);
  return pa->wing[0] && strcmp(pa->wing, pb->wing) == 0;
}

int mk_intel_wing_units(const struct murk_game* g, enum murk_side side, int unit,
                        int out[MK_MAX_UNITS]) {
  int n = 0;
  for (int k = 0; k < g->s.nunits[side]; k++)
    if (same_wing(g, side, unit, k)) out[n++] = k;
  return n;
}

int mk_intel_wings_waiting(const struct murk_game* g, enum murk_side side) {
  int n = 0;
  for (int k = 0; k < g->s.nunits[side]; k++) {
    if (!mk_deploy_at_start(g, side, k)) continue;
    bool first = true; /* the wing counts once, at its first platoon waiting */
    for (int j = 0; j < k && first; j++)
      if (same_wing(g, side, j, k) && mk_deploy_at_start(g, side, j)) first = false;
    n += first;
  }
  return n;
}

const char* mk_intel_wing_name(const struct murk_game* g, enum murk_side side, int unit) {
  const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
  return pl->wing[0] ? pl->wing : pl->name;
}

/* The platoons hidden under leader marker mi, its own first; returns how many. */
int mk_intel_marker_units(const struct murk_game* g, int mi, int out[MK_MAX_UNITS]) {
  const struct mk_state* s = &g->s;
  const struct mk_marker* mk = &s->markers[mi];
  if (mk->unit < 0) return 0;
  int n = 0;
  out[n++] = mk->unit;
  for (int k = 0; k < s->nunits[mk->owner]; k++) {
    const struct mk_unit_state* u = &s->units[mk->owner][k];
    if (k != mk->unit && u->state == MURK_PLATOON_HIDDEN && u->marker == mk->number) out[n++] = k;
  }
  return n;
}

int mk_intel_rating(const struct murk_game* g, enum murk_side side, int unit, bool* commander) {
  const struct murk_force* f = murk_force(g, side);
  int wing[MK_MAX_UNITS];
  int n = mk_intel_wing_units(g, side, unit, wing);
  int rating = 0;
  bool with_commander = false;
  for (int i = 0; i < n; i++) {
    const struct murk_platoon* pl = mk_unit_platoon(g, side, wing[i]);
    if (pl->command_rating > rating) rating = pl->command_rating;
    if (pl->flags & MURK_PF(COMMANDER)) with_commander = true;
  }
  if (rating == 0) rating = f->command_rating;
  /* Limited Intelligence 27.2.1: the army commander's rating instead, where he is with the wing
   * (the player would take the higher). */
  bool use = with_commander && f->leader_rating > rating;
  if (commander) *commander = use;
  return use ? f->leader_rating : rating;
}

/* The slowest team of a platoon as the mission lists it; INT_MAX for none. */
static int platoon_pace(const struct murk_force* f, const struct murk_platoon* pl) {
  int pace = INT_MAX;
  for (int k = 0; k < pl->ngroups; k++)
    if (pl->groups[k].count > 0 && f->profiles[pl->groups[k].profile].move < pace)
      pace = f->profiles[pl->groups[k].profile].move;
  return pace;
}

/* The most a real leader counter of `side` on the table may move now, by `pace` (a marker's
 * allowance); -1 when none stands there. */
static int fastest_leader(const struct murk_game* g, enum murk_side side,
                          int (*pace)(const struct murk_game*, int, enum murk_terrain_class),
                          enum murk_terrain_class cls) {
  const struct mk_state* s = &g->s;
  int best = -1;
  for (int i = 0; i < s->nmarkers; i++) {
    const struct mk_marker* o = &s->markers[i];
    if (o->owner != side || !o->on_table || o->unit < 0 || o->kind != MURK_MARKER_WING) continue;
    int k = pace(g, i, cls);
    if (k > best) best = k;
  }
  return best;
}

static int day_pace(const struct murk_game* g, int mi, enum murk_terrain_class cls) {
  (void)cls;
  return mk_intel_allowance(g, mi);
}

/* The pace of the fastest wing the force has, as the mission lists it: each wing at its
 * slowest platoon's pace (platoons with the same `wing`, or a platoon alone). */
static int fastest_wing(const struct murk_force* f) {
  int best = 0;
  for (int p = 0; p < f->nplatoons; p++) {
    const struct murk_platoon* pl = &f->platoons[p];
    int pace = INT_MAX;
    for (int q = 0; q < f->nplatoons; q++) {
      const struct murk_platoon* o = &f->platoons[q];
      if (q != p && !(pl->wing[0] && strcmp(pl->wing, o->wing) == 0)) continue;
      int k = platoon_pace(f, o);
      if (k < pace) pace = k;
    }
    if (pace != INT_MAX && pace > best) best = pace;
  }
  return best;
}

/* Limited Intelligence 27.1.4: an unspotted wing moves at its slowest unit's rate; a dummy at any
 * rate up to what it could move were it a real wing: the pace of the fastest real leader counter
 * its side has on the table (a dummy faster than every real wing there would show itself a
 * dummy: under Escalation the fast wings wait in reserve), or with none there, of the
 * fastest wing its force has. */
int mk_intel_allowance(const struct murk_game* g, int mi) {
  const struct mk_state* s = &g->s;
  const struct mk_marker* mk = &s->markers[mi];
  enum murk_side side = mk->owner;
  if (mk->unit < 0) {
    int lead = fastest_leader(g, side, day_pace, MURK_TERRAIN_OPEN);
    return lead >= 0 ? lead : fastest_wing(murk_force(g, side));
  }
  int units[MK_MAX_UNITS];
  int n = mk_intel_marker_units(g, mi, units);
  int pace = INT_MAX;
  for (int i = 0; i < n; i++) {
    const struct mk_unit_state* u = &s->units[side][units[i]];
    for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
      if (!s->teams[side][t].alive) continue;
      int mv = mk_team_profile(g, side, t)->move;
      if (mv < pace) pace = mv;
    }
  }
  return pace == INT_MAX ? 0 : pace;
}

/* A platoon's pace on ground cls at this turn: `pace` less what the night costs it there
 * (ASL night rules E1.51-E1.52: night.c says what, by the platoon's own kind). */
static int night_pace(const struct murk_game* g, enum murk_side side, int unit, int pace,
                      enum murk_terrain_class cls) {
  int cost = mk_night_move_cost(g, side, -1, unit, cls);
  return pace > cost ? pace - cost : 0;
}

/* Limited Intelligence 27.1.4 with ASL night rules E1.5 (docs/rules.md, "Limited Intelligence with
 * the other rules"): at night each platoon of the wing pays its own night cost, and the
 * wing goes at the pace of the slowest after it; a dummy at the pace the fastest real leader
 * on the table has after its costs, so it never outpaces every real wing. */
int mk_intel_allowance_on(const struct murk_game* g, int mi, enum murk_terrain_class cls) {
  const struct mk_state* s = &g->s;
  const struct mk_marker* mk = &s->markers[mi];
  enum murk_side side = mk->owner;
  const struct murk_force* f = murk_force(g, side);
  if (mk->unit < 0) {
    int lead = fastest_leader(g, side, mk_intel_allowance_on, cls);
    if (lead >= 0) return lead;
    int best = 0;
    for (int p = 0; p < f->nplatoons; p++) {
      int pace = INT_MAX;
      for (int q = 0; q < f->nplatoons; q++) {
        if (!same_wing(g, side, p, q)) continue;
        int k = platoon_pace(f, &f->platoons[q]);
        if (k != INT_MAX) k = night_pace(g, side, q, k, cls);
        if (k < pace) pace = k;
      }
      if (pace != INT_MAX && pace > best) best = pace;
    }
    return best;
  }
  int units[MK_MAX_UNITS];
  int n = mk_intel_marker_units(g, mi, units);
  int pace = INT_MAX;
  for (int i = 0; i < n; i++) {
    const struct mk_unit_state* u = &s->units[side][units[i]];
    int slow = INT_MAX;
    for (int t = u->first_team; t < u->first_team + u->nteams; t++)
      if (s->teams[side][t].alive && mk_team_profile(g, side, t)->move < slow)
        slow = mk_team_profile(g, side, t)->move;
    if (slow == INT_MAX) continue;
    slow = night_pace(g, side, units[i], slow, cls);
    if (slow < pace) pace = slow;
  }
  return pace == INT_MAX ? 0 : pace;
}

/* ---- views ---- */

void mk_intel_describe(const struct murk_game* g, int mi, char* name, size_t name_len, char* type,
                       size_t type_len, int* nteams) {
  const struct mk_marker* mk = &g->s.markers[mi];
  if (mk->unit < 0) return;
  int units[MK_MAX_UNITS];
  int n = mk_intel_marker_units(g, mi, units);
  snprintf(name, name_len, "%s", mk_intel_wing_name(g, mk->owner, mk->unit));
  snprintf(type, type_len, "wing of %d platoon%s", n, mk_plural(n));
  int teams = 0;
  for (int i = 0; i < n; i++) teams += mk_unit_alive(&g->s, mk->owner, units[i]);
  *nteams = teams;
}

/* A leader's Dis counters in words ("12,03 and 13,04"). */
void mk_intel_dis_text(const struct mk_marker* mk, char* buf, size_t n) {
  char a[16], b[16];
  buf[0] = '\0';
  if (mk->ndis == 1) {
    murk_pos_format(mk->dis[0], a, sizeof a);
    snprintf(buf, n, "%s", a);
  } else if (mk->ndis >= 2) {
    murk_pos_format(mk->dis[0], a, sizeof a);
    murk_pos_format(mk->dis[1], b, sizeof b);
    snprintf(buf, n, "%s and %s", a, b);
  }
}

/* Limited Intelligence 27.1.2: how far from its leader a Dis counter may be set up: `dis_range`, or
 * `dis_range_small` for a wing of fewer than `small_wing` platoons (a dummy may spread as a
 * normal wing). */
int mk_intel_dis_range(const struct murk_game* g, int mi) {
  int range = murk_mission_param(g->m, MURK_P_LI_DIS);
  int units[MK_MAX_UNITS];
  if (g->s.markers[mi].unit >= 0 &&
      mk_intel_marker_units(g, mi, units) < murk_mission_param(g->m, MURK_P_LI_SMALL_WING)) {
    int small = murk_mission_param(g->m, MURK_P_LI_DIS_SMALL);
    if (small < range) range = small;
  }
  return range;
}

bool mk_intel_beyond(const struct murk_grid* grid, struct murk_pos leader, struct murk_pos e,
                     struct murk_pos c) {
  if (murk_pos_eq(c, e) || murk_pos_eq(leader, e)) return false;
  return murk_geom_distance(grid, leader, e) + murk_geom_distance(grid, e, c) ==
         murk_geom_distance(grid, leader, c);
}
