/* marker.c: marker kinds as operations (marker.h): one row per kind, indexed by role.
 *
 * The rules themselves stay in their modules (fog.c: templates and revealed platoons,
 * night.c: cloaking counters, intel.c: wing leaders and Dis counters); this table says which
 * of them applies to which kind of marker. It reads only queries (allowances, contents) of
 * the modules below it; the actions (move, reveal) are dispatched by act.c on the row's `act`, so
 * no rule module is called from here. */
#include <limits.h>
#include <stdio.h>

#include "board.h"
#include "intel.h"
#include "marker.h"
#include "murk/error.h"
#include "night.h"
#include "state.h"

/* ---- allowances by ground ---- */

/* Luneville, Moving platoons: a template moves a fixed length by terrain, whatever it hides. */
static int template_allowance(const struct murk_game* g, enum murk_side side, int mi, int unit,
                              enum murk_terrain_class cls) {
  (void)side;
  (void)mi;
  (void)unit;
  return murk_mission_param(g->m, cls == MURK_TERRAIN_ROAD        ? MURK_P_FOW_ROAD
                                  : cls == MURK_TERRAIN_DIFFICULT ? MURK_P_FOW_TERRAIN
                                                                  : MURK_P_FOW_OPEN);
}

/* ASL night rules E1.42: six MF whatever the contents, at daytime costs. */
static int cloak_allowance(const struct murk_game* g, enum murk_side side, int mi, int unit,
                           enum murk_terrain_class cls) {
  (void)side;
  (void)mi;
  (void)unit;
  return mk_night_cloak_allowance(g, cls);
}

/* ASL night rules E1.2: a "?" moves as its platoon would. */
static int concealed_allowance(const struct murk_game* g, enum murk_side side, int mi, int unit,
                               enum murk_terrain_class cls) {
  (void)mi;
  (void)cls;
  return mk_night_concealed_allowance(g, side, unit);
}

/* Limited Intelligence 27.1.4: the wing's slowest team on any ground (at night each platoon's own
 * night cost counted first, intel.c). */
static int wing_allowance(const struct murk_game* g, enum murk_side side, int mi, int unit,
                          enum murk_terrain_class cls) {
  (void)side;
  (void)unit;
  return mk_intel_allowance_on(g, mi, cls);
}

/* Limited Intelligence 27.1.2: a Dis counter goes at most its distance from the leader. */
static int dis_allowance(const struct murk_game* g, enum murk_side side, int mi, int unit,
                         enum murk_terrain_class cls) {
  (void)side;
  (void)unit;
  (void)cls;
  (void)mi;
  return murk_mission_param(g->m, MURK_P_LI_DIS);
}

/* A revealed platoon: its slowest team on the table (the engine's movement, not the rule texts';
 * docs/rules.md). -1: no team of it is on the table. */
static int platoon_allowance(const struct murk_game* g, enum murk_side side, int mi, int unit,
                             enum murk_terrain_class cls) {
  (void)mi;
  (void)cls;
  const struct mk_state* s = &g->s;
  if (unit < 0) return -1;
  const struct mk_unit_state* u = &s->units[side][unit];
  int allow = INT_MAX;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    const struct mk_team* tm = &s->teams[side][t];
    if (!tm->alive || !tm->placed || tm->bailed) continue; /* a bailed out team stays */
    int mv = mk_team_profile(g, side, t)->move;
    if (mv < allow) allow = mv;
  }
  return allow == INT_MAX ? -1 : allow;
}

/* ---- descriptions ---- */

/* A wing leader stands for its wing. */
static void wing_describe(const struct murk_game* g, int mi, struct murk_view_marker* vm) {
  mk_intel_describe(g, mi, vm->name, sizeof vm->name, vm->type, sizeof vm->type, &vm->nteams);
}

static const struct mk_marker_ops ops[MK_ROLE_COUNT] = {
    [MK_ROLE_TEMPLATE] = {.name = "template",
                          .plural = "templates",
                          .uncover = "spot it first",
                          .allowance = template_allowance,
                          .act = MK_ACT_COUNTER,
                          .bogs = true,
                          .seen_anywhere = true},
    [MK_ROLE_PLATOON] = {.name = "revealed platoon",
                         .plural = "revealed platoons",
                         .allowance = platoon_allowance,
                         .one_pace = true,
                         .self_end = true,
                         .act = MK_ACT_PLATOON,
                         .seen_anywhere = false},
    [MK_ROLE_CLOAK] = {.name = "cloaking counter",
                       .plural = "cloaking counters",
                       .allowance = cloak_allowance,
                       .act = MK_ACT_COUNTER,
                       .lost_in_light = true,
                       .bogs = false, /* men on foot: the ASL night rules have no bogging for
                                         them */
                       .seen_anywhere = false},
    /* The night defender's "?" (ASL night rules E1.2): seen as a cloak is (only in sight
     * under double_blind), and lost the same way (E1.31). */
    [MK_ROLE_CONCEALED] = {.name = "\"?\" counter",
                           .plural = "\"?\" counters",
                           .allowance = concealed_allowance,
                           .one_pace = true,
                           .act = MK_ACT_COUNTER,
                           .lost_in_light = true,
                           .bogs = false,
                           .seen_anywhere = false},
    [MK_ROLE_WING] = {.name = "wing leader",
                      .plural = "wing leaders",
                      .allowance = wing_allowance,
                      .act = MK_ACT_WING,
                      .seen_anywhere = true,
                      .describe = wing_describe},
    /* Dis counters move by `dis` (intel.c) and stand beside their leader's marker. */
    [MK_ROLE_DIS] = {.name = "Dis counter",
                     .plural = "Dis counters",
                     .allowance = dis_allowance,
                     .one_pace = true,
                     .seen_anywhere = true},
};

enum mk_marker_role mk_kind_role(enum murk_marker_kind k) {
  switch (k) {
    case MURK_MARKER_WING:
      return MK_ROLE_WING;
    case MURK_MARKER_CLOAK:
      return MK_ROLE_CLOAK;
    case MURK_MARKER_CONCEALED:
      return MK_ROLE_CONCEALED;
    case MURK_MARKER_TEMPLATE:
    default:
      return MK_ROLE_TEMPLATE;
  }
}

const char* murk_marker_noun(enum murk_marker_kind kind, bool plural) {
  const struct mk_marker_ops* o = &ops[mk_kind_role(kind)];
  return plural ? o->plural : o->name;
}

enum murk_marker_kind mk_marker_dummy_kind(const struct murk_game* g, enum murk_side side) {
  if (mk_intel_on(g)) return MURK_MARKER_WING;                   /* Limited Intelligence 27.1.2 */
  if (mk_night_cloak_dummies(g, side)) return MURK_MARKER_CLOAK; /* ASL night rules E1.41 */
  return MURK_MARKER_TEMPLATE;                                   /* Luneville */
}

const char* mk_marker_dummy_noun(const struct murk_game* g, enum murk_side side, bool plural) {
  enum murk_marker_kind k = mk_marker_dummy_kind(g, side);
  if (k == MURK_MARKER_TEMPLATE && !murk_mission_rule_on(g->m, MURK_RULE_FOG_OF_WAR))
    return plural ? "markers" : "marker";
  return murk_marker_noun(k, plural);
}

enum mk_marker_role mk_marker_role(const struct murk_game* g, int mi) {
  const struct mk_marker* mk = &g->s.markers[mi];
  if (!mk->on_table && mk->revealed && mk->unit >= 0) return MK_ROLE_PLATOON;
  return mk_kind_role(mk->kind);
}

const struct mk_marker_ops* mk_marker_ops_of(enum mk_marker_role role) {
  return (unsigned)role < MK_ROLE_COUNT ? &ops[role] : NULL;
}

const struct mk_marker_ops* mk_marker_ops(const struct murk_game* g, int mi) {
  return &ops[mk_marker_role(g, mi)];
}

const struct mk_marker_ops* mk_marker_ops_for(const struct murk_game* g, enum murk_side side,
                                              int unit, int mi) {
  if (mi >= 0 && g->s.markers[mi].on_table) return mk_marker_ops(g, mi);
  if (unit >= 0 && g->s.units[side][unit].state == MURK_PLATOON_REVEALED)
    return &ops[MK_ROLE_PLATOON];
  return NULL;
}

int mk_marker_allowance(const struct murk_game* g, int mi, enum murk_terrain_class cls) {
  const struct mk_marker* mk = &g->s.markers[mi];
  return mk_marker_ops(g, mi)->allowance(g, mk->owner, mi, mk->unit, cls);
}
