/* reserves.c: platoons held off the table and how they come on (reserves.h).
 *
 * - Nominating (Flames of War missions, Preparing for Battle): `reserve N [kind]` in the reserves
 *   phase, within the kind's "at most" limit; the "at least" limits are checked when the
 *   side ends the phase. Both sides learn that a platoon was held back, only its owner
 *   which one.
 * - Arrival rolls (Flames of War missions, Reserves / Delayed Reserves / Scattered Reserves /
 *   Mobile
 *   Reserves, named by page only; the 40k mission special rules, Reserves): at the start of its
 *   owner's turn
 *   each kind in force rolls its dice from its `from_turn`, one more die each later turn
 *   (`dice`, `dice_step`); each die at or above `score` lets one platoon of that kind come
 *   on. Where: the side's arrival area (`arrive` / `reserve_edges`), a stretch of it picked
 *   by a die for scattered reserves, or an entry picked by a die (Luneville, Lost in the
 *   Fog). The owner brings each one on with `arrive N at X,Y` in its Movement step, as a
 *   template with a new public number where Fog of War is in force. Those areas, and the
 *   words for them, are reserves_area.c's.
 * - Ambush and Immediate Ambush (Flames of War missions, named by page only): `ambush N` holds a
 *   platoon back, `ambush N at X,Y` springs it.
 * - Deep Strike (40k mission special rules; deep_strike.c): the platoon aims at a cell, scatters,
 *   and its teams are
 * placed in rings around the first; off the table it is destroyed. docs/rules.md, "Reserves", says
 * all of this with every reading we chose. */
#include "reserves.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "deep_strike.h"
#include "deploy.h"
#include "event.h"
#include "fog.h"
#include "intel.h"
#include "marker.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "night.h"
#include "region.h"
#include "setup.h"
#include "state.h"

/* ---- kinds ---- */

struct kind_info {
  enum murk_rule_id rule;
  const char* name;
  /* arrival */
  enum murk_param_id from, score, dice, step;
  /* nomination limits (MURK_PARAM_COUNT: none) */
  enum murk_param_id least, least_n, most, undeployed;
};

/* Deep strike rolls "as specified in the Reserves rules" (40k mission special rules, Deep Strike),
 * so it reads the reserves parameters, whether that rule is on or not. */
static const struct kind_info kinds[] = {
    [MURK_RESERVE_DEFAULT] = {MURK_RULE_RESERVES, "reserve", MURK_P_RES_FROM_TURN, MURK_P_RES_SCORE,
                              MURK_P_RES_DICE, MURK_P_RES_DICE_STEP, MURK_P_RES_AT_LEAST,
                              MURK_P_RES_AT_LEAST_PLATOONS, MURK_P_RES_AT_MOST,
                              MURK_P_RES_UNDEPLOYED},
    [MURK_RESERVE_DELAYED] = {MURK_RULE_DELAYED_RESERVES, "delayed reserve", MURK_P_DRES_FROM_TURN,
                              MURK_P_DRES_SCORE, MURK_P_DRES_DICE, MURK_P_DRES_DICE_STEP,
                              MURK_P_DRES_AT_LEAST, MURK_P_DRES_AT_LEAST_PLATOONS,
                              MURK_P_DRES_AT_MOST, MURK_P_DRES_UNDEPLOYED},
    [MURK_RESERVE_SCATTERED] = {MURK_RULE_SCATTERED_RESERVES, "scattered reserve",
                                MURK_P_SRES_FROM_TURN, MURK_P_SRES_SCORE, MURK_P_SRES_DICE,
                                MURK_P_SRES_DICE_STEP, MURK_P_SRES_AT_LEAST,
                                MURK_P_SRES_AT_LEAST_PLATOONS, MURK_P_SRES_AT_MOST,
                                MURK_P_SRES_UNDEPLOYED},
    [MURK_RESERVE_MOBILE] = {MURK_RULE_MOBILE_RESERVES, "mobile reserve", MURK_P_MRES_FROM_TURN,
                             MURK_P_MRES_SCORE, MURK_P_MRES_DICE, MURK_P_MRES_DICE_STEP,
                             MURK_P_MRES_AT_LEAST, MURK_P_MRES_AT_LEAST_PLATOONS,
                             MURK_P_MRES_AT_MOST, MURK_P_MRES_UNDEPLOYED},
    [MURK_RESERVE_DEEP] = {MURK_RULE_DEEP_STRIKE, "deep strike", MURK_P_RES_FROM_TURN,
                           MURK_P_RES_SCORE, MURK_P_RES_DICE, MURK_P_RES_DICE_STEP,
                           MURK_PARAM_COUNT, MURK_PARAM_COUNT, MURK_PARAM_COUNT, MURK_PARAM_COUNT},
    [MURK_RESERVE_PLAIN] = {MURK_RULE_RESERVES, "reserve", MURK_P_RES_FROM_TURN, MURK_P_RES_SCORE,
                            MURK_P_RES_DICE, MURK_P_RES_DICE_STEP, MURK_P_RES_AT_LEAST,
                            MURK_P_RES_AT_LEAST_PLATOONS, MURK_P_RES_AT_MOST,
                            MURK_P_RES_UNDEPLOYED},
};
#define NKINDS ((int)(sizeof kinds / sizeof kinds[0]))

/* The kinds a platoon can be in once nominated, in the order arrivals are rolled. */
static const enum murk_reserve_kind roll_order[] = {MURK_RESERVE_PLAIN, MURK_RESERVE_DELAYED,
                                                    MURK_RESERVE_SCATTERED, MURK_RESERVE_MOBILE,
                                                    MURK_RESERVE_DEEP};
#define NROLL ((int)(sizeof roll_order / sizeof roll_order[0]))

static bool kind_ok(enum murk_reserve_kind k) {
  return (int)k >= 0 && (int)k < NKINDS;
}

static int param(const struct murk_game* g, enum murk_param_id p) {
  return p < MURK_PARAM_COUNT ? murk_mission_param(g->m, p) : 0;
}

bool mk_reserve_kind_allowed(const struct murk_game* g, enum murk_side side,
                             enum murk_reserve_kind k) {
  if (!kind_ok(k) || k == MURK_RESERVE_DEFAULT) return false;
  if (!murk_mission_rule_on(g->m, kinds[k].rule)) return false;
  const struct murk_side_setup* st = &g->m->sides[side].setup;
  /* Deep strike is a platoon's own ability, open to any side when the rule is on. */
  if (k == MURK_RESERVE_DEEP || !st->reserves_given) return true;
  return (st->reserves & (1u << k)) != 0;
}

int mk_ambush_allowance(const struct murk_game* g, enum murk_side side, bool immediate) {
  enum murk_rule_id r = immediate ? MURK_RULE_IMMEDIATE_AMBUSH : MURK_RULE_AMBUSH;
  if (!murk_mission_rule_on(g->m, r)) return 0;
  const struct murk_side_setup* st = &g->m->sides[side].setup;
  int n = immediate ? st->immediate_ambush : st->ambush;
  /* In every Flames of War mission only the defender lies in ambush. */
  if (n < 0) n = side == MURK_DEFENDER ? param(g, immediate ? MURK_P_IAMB_MAX : MURK_P_AMB_MAX) : 0;
  return n;
}

bool mk_reserves_side_nominates(const struct murk_game* g, enum murk_side side) {
  for (int i = 0; i < NROLL; i++) {
    if (roll_order[i] == MURK_RESERVE_DEEP) continue;
    if (mk_reserve_kind_allowed(g, side, roll_order[i])) return true;
  }
  if (murk_mission_rule_on(g->m, MURK_RULE_DEEP_STRIKE)) {
    const struct murk_force* f = murk_force(g, side);
    for (int p = 0; p < f->nplatoons; p++)
      if (f->platoons[p].flags & MURK_PF(DEEP_STRIKE)) return true;
  }
  return mk_ambush_allowance(g, side, false) > 0 || mk_ambush_allowance(g, side, true) > 0;
}

bool mk_platoon_counts(const struct murk_platoon* pl) {
  return !(pl->flags & (MURK_PF(INDEPENDENT) | MURK_PF(WARRIOR)));
}

/* ---- nominating ---- */

/* The side's platoons that count, and those of them held in kind k. */
static void count_held(const struct murk_game* g, enum murk_side side, enum murk_reserve_kind k,
                       int* total, int* held) {
  const struct mk_state* s = &g->s;
  *total = *held = 0;
  for (int i = 0; i < s->nunits[side]; i++) {
    if (!mk_platoon_counts(mk_unit_platoon(g, side, i))) continue;
    (*total)++;
    const struct mk_unit_state* u = &s->units[side][i];
    if (u->state == MURK_PLATOON_RESERVE && u->ambush == 0 && u->reserve == k) (*held)++;
  }
}

/* "half" for 50, "N%" otherwise. */
static void percent_text(int pct, char* buf, size_t n) {
  if (pct == 50)
    snprintf(buf, n, "half");
  else if (pct == 100)
    snprintf(buf, n, "all");
  else
    snprintf(buf, n, "%d%%", pct);
}

/* Flames of War missions ("at most half of their platoons"): a share rounds down. */
static int at_most(const struct murk_game* g, enum murk_reserve_kind k, int total) {
  if (kinds[k].most >= MURK_PARAM_COUNT) return total;
  return param(g, kinds[k].most) * total / 100;
}

/* Flames of War missions ("at least half of their platoons"): a share rounds up; "at least one" is
 * a count, never more than the side has. */
static int at_least(const struct murk_game* g, enum murk_reserve_kind k, int total) {
  if (kinds[k].least >= MURK_PARAM_COUNT) return 0;
  int n = (param(g, kinds[k].least) * total + 99) / 100;
  int c = param(g, kinds[k].least_n);
  if (c > total) c = total;
  return n > c ? n : c;
}

/* The kind `reserve N` means without a word: the most particular one the side may hold. */
bool mk_reserves_may_deep_strike(const struct murk_game* g, enum murk_side side, int unit) {
  const struct mk_state* s = &g->s;
  return s->phase == MURK_PHASE_RESERVES && s->to_act == side &&
         s->units[side][unit].state == MURK_PLATOON_WAITING &&
         mk_reserve_kind_allowed(g, side, MURK_RESERVE_DEEP) &&
         (mk_unit_platoon(g, side, unit)->flags & MURK_PF(DEEP_STRIKE)) != 0;
}

static enum murk_reserve_kind default_kind(const struct murk_game* g, enum murk_side side) {
  static const enum murk_reserve_kind pref[] = {MURK_RESERVE_DELAYED, MURK_RESERVE_SCATTERED,
                                                MURK_RESERVE_MOBILE, MURK_RESERVE_PLAIN};
  /* A kind already at its "at most" would refuse the platoon: the next one that has room
   * (so that `reserve N` alone can always meet the minimums the others ask for). */
  enum murk_reserve_kind first = MURK_RESERVE_DEFAULT;
  for (int i = 0; i < 4; i++) {
    if (!mk_reserve_kind_allowed(g, side, pref[i])) continue;
    if (first == MURK_RESERVE_DEFAULT) first = pref[i];
    int total, held;
    count_held(g, side, pref[i], &total, &held);
    if (held < at_most(g, pref[i], total)) return pref[i];
  }
  return first;
}

int mk_reserves_nominate(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                         const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  int unit = a->unit;
  struct mk_unit_state* u = &s->units[side][unit];
  const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
  if (u->state == MURK_PLATOON_RESERVE)
    return mk_reject(reason, reason_len, "platoon %d (%s) is already %s", unit + 1, pl->name,
                     u->ambush ? "in ambush" : "in reserve");
  enum murk_reserve_kind kind = c->reserve;
  if (kind == MURK_RESERVE_HIDDEN)
    return mk_reject(reason, reason_len,
                     "hidden is a way to set up at night (deploy N hidden at X,Y), not a kind "
                     "of reserve");
  if (!kind_ok(kind)) return mk_reject(reason, reason_len, "unknown kind of reserve");
  if (kind == MURK_RESERVE_DEFAULT) {
    kind = default_kind(g, side);
    if (kind == MURK_RESERVE_DEFAULT)
      return mk_reject(reason, reason_len,
                       "the %s holds no reserves in this mission (only ambushes or deep strike)",
                       murk_side_name(side));
  } else if (!murk_mission_rule_on(g->m, kinds[kind].rule)) {
    return mk_reject(reason, reason_len, "this mission has no %ss", kinds[kind].name);
  } else if (!mk_reserve_kind_allowed(g, side, kind)) {
    return mk_reject(reason, reason_len, "the %s holds no %ss in this mission",
                     murk_side_name(side), kinds[kind].name);
  }
  if (kind == MURK_RESERVE_DEEP && !(pl->flags & MURK_PF(DEEP_STRIKE)))
    return mk_reject(reason, reason_len,
                     "platoon %d (%s) cannot deep strike (it lacks the deep_strike flag)", unit + 1,
                     pl->name);
  if (mk_platoon_counts(pl)) {
    int total, held;
    count_held(g, side, kind, &total, &held);
    int most = at_most(g, kind, total);
    if (held + 1 > most) {
      char pct[16];
      percent_text(param(g, kinds[kind].most), pct, sizeof pct);
      return mk_reject(reason, reason_len,
                       "%ss: at most %s of your platoons (%d of %d) may be held back; you "
                       "already hold %d",
                       kinds[kind].name, pct, most, total, held);
    }
  }
  u->state = MURK_PLATOON_RESERVE;
  u->reserve = kind;
  u->ambush = 0;
  mk_emit(g, MURK_EV_RESERVE, MURK_AUD_ALL, side, "%s holds a platoon in %s", murk_side_name(side),
          kinds[kind].name);
  mk_emit(g, MURK_EV_RESERVE, murk_audience_of(side), side, "platoon %d (%s) is held in %s",
          unit + 1, pl->name, kinds[kind].name);
  return MURK_OK;
}

bool mk_reserves_limits(const struct murk_game* g, enum murk_side side, enum murk_reserve_kind k,
                        int* least, int* most, enum murk_rule_id* rule) {
  *least = *most = 0;
  *rule = kinds[k].rule;
  if (k == MURK_RESERVE_DEEP || !mk_reserve_kind_allowed(g, side, k)) return false;
  int total, held;
  count_held(g, side, k, &total, &held);
  *least = at_least(g, k, total);
  *most = at_most(g, k, total);
  return true;
}

int mk_reserves_check_minimums(const struct murk_game* g, enum murk_side side, char* reason,
                               size_t reason_len) {
  for (int i = 0; i < NROLL; i++) {
    enum murk_reserve_kind k = roll_order[i];
    if (k == MURK_RESERVE_DEEP || !mk_reserve_kind_allowed(g, side, k)) continue;
    int total, held;
    count_held(g, side, k, &total, &held);
    int least = at_least(g, k, total);
    /* Limits that cannot both be met (at least half and at most half of 3 platoons) hold
     * the side to the lower: it can always end its nominations. */
    int most = at_most(g, k, total);
    if (least > most) {
      if (held >= most) continue;
      return mk_reject(reason, reason_len,
                       "%ss: hold %d of your platoons, the most you may (reserve N); you hold "
                       "%d",
                       kinds[k].name, most, held);
    }
    if (held >= least) continue;
    /* The side's platoons already held elsewhere (another kind's minimum, an ambush) cannot
     * come back: the minimum asks for no more than the platoons still free could give, so
     * that `end` is never refused for good. */
    int free = 0;
    for (int u = 0; u < g->s.nunits[side]; u++)
      free += g->s.units[side][u].state == MURK_PLATOON_WAITING &&
              mk_platoon_counts(mk_unit_platoon(g, side, u));
    if (held + free < least) {
      if (free == 0) continue;
      return mk_reject(reason, reason_len,
                       "%ss: hold every platoon you have not nominated yet (%d) (reserve N); the "
                       "mission asks for %d and %d are held elsewhere",
                       kinds[k].name, free, least, total - held - free);
    }
    char pct[16];
    int p = param(g, kinds[k].least);
    percent_text(p, pct, sizeof pct);
    int c = param(g, kinds[k].least_n);
    if (p > 0 && (p * total + 99) / 100 >= (c < total ? c : total))
      return mk_reject(reason, reason_len,
                       "%ss: hold at least %s of your platoons (%d of %d); you hold %d "
                       "(reserve N)",
                       kinds[k].name, pct, least, total, held);
    return mk_reject(reason, reason_len,
                     "%ss: hold at least %d of your platoons; you hold %d (reserve N)",
                     kinds[k].name, least, held);
  }
  /* Flames of War missions, Surrounded, Preparing for Battle 3: the defender "nominates one
   * platoon to be held in Immediate Ambush" (elsewhere it "may"): `required: true`. */
  if (murk_mission_rule_on(g->m, MURK_RULE_IMMEDIATE_AMBUSH) &&
      murk_mission_param(g->m, MURK_P_IAMB_REQUIRED)) {
    int want = mk_ambush_allowance(g, side, true), held = 0, free = 0;
    for (int i = 0; i < g->s.nunits[side]; i++) {
      const struct mk_unit_state* u = &g->s.units[side][i];
      held += u->state == MURK_PLATOON_RESERVE && u->ambush == 2;
      free += u->state == MURK_PLATOON_WAITING;
    }
    if (held < want && free > 0)
      return mk_reject(reason, reason_len,
                       "immediate ambush: this mission has you hold %d platoon%s in immediate "
                       "ambush (ambush N); you hold %d",
                       want, mk_plural(want), held);
  }
  return MURK_OK;
}

int mk_reserves_take_undeployed(struct murk_game* g, enum murk_side side) {
  struct mk_state* s = &g->s;
  enum murk_reserve_kind into = MURK_RESERVE_DEFAULT;
  /* 40k mission special rules, Escalation: whatever is not deployed at the start is in reserve. */
  if (murk_mission_rule_on(g->m, MURK_RULE_ESCALATION) &&
      mk_reserve_kind_allowed(g, side, MURK_RESERVE_PLAIN))
    into = MURK_RESERVE_PLAIN;
  static const enum murk_reserve_kind pref[] = {MURK_RESERVE_MOBILE, MURK_RESERVE_PLAIN,
                                                MURK_RESERVE_DELAYED, MURK_RESERVE_SCATTERED};
  for (int i = 0; i < 4 && into == MURK_RESERVE_DEFAULT; i++)
    if (mk_reserve_kind_allowed(g, side, pref[i]) && param(g, kinds[pref[i]].undeployed))
      into = pref[i];
  if (into == MURK_RESERVE_DEFAULT) return 0;
  bool infiltrate = murk_mission_rule_on(g->m, MURK_RULE_INFILTRATE);
  int n = 0;
  for (int i = 0; i < s->nunits[side]; i++) {
    struct mk_unit_state* u = &s->units[side][i];
    const struct murk_platoon* pl = mk_unit_platoon(g, side, i);
    if (u->state != MURK_PLATOON_WAITING || !mk_platoon_counts(pl)) continue;
    if (infiltrate && (pl->flags & MURK_PF(INFILTRATE))) continue;
    u->state = MURK_PLATOON_RESERVE;
    u->reserve = into;
    u->ambush = 0;
    mk_emit(g, MURK_EV_RESERVE, murk_audience_of(side), side, "platoon %d (%s) is held in %s",
            i + 1, pl->name, kinds[into].name);
    n++;
  }
  if (n > 0)
    mk_emit(g, MURK_EV_RESERVE, MURK_AUD_ALL, side, "%s holds %d more platoon%s in %s",
            murk_side_name(side), n, mk_plural(n), kinds[into].name);
  return n;
}

int mk_reserves_zone_room(const struct murk_game* g, enum murk_side side, int cap) {
  const struct murk_grid* gr = &g->m->grid;
  int room = 0;
  char scratch[160];
  for (int y = 0; y < gr->height && room < cap; y++)
    for (int x = 0; x < gr->width && room < cap; x++) {
      struct murk_pos p = {x, y};
      if (mk_cell_passable(g->m, p) && mk_cell_free(&g->s, p) &&
          mk_deploy_check_side_zone(g, side, p, "a platoon", scratch, sizeof scratch, NULL) ==
              MURK_OK)
        room++;
    }
  return room;
}

int mk_reserves_cells_needed(const struct murk_game* g, enum murk_side side, int unit) {
  /* As mk_put_platoon puts it down: a marker alone, or its teams. */
  if (mk_intel_on(g) || mk_night_cloaks(g, side, unit) || mk_night_conceals(g, side, unit) ||
      murk_mission_rule_on(g->m, MURK_RULE_FOG_OF_WAR))
    return 1;
  return mk_unit_alive(&g->s, side, unit);
}

bool mk_reserves_may_hold(const struct murk_game* g, enum murk_side side, int unit) {
  static const enum murk_reserve_kind any[] = {MURK_RESERVE_PLAIN, MURK_RESERVE_DELAYED,
                                               MURK_RESERVE_SCATTERED, MURK_RESERVE_MOBILE};
  const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
  if (!mk_platoon_counts(pl)) return false;
  for (size_t k = 0; k < sizeof any / sizeof any[0]; k++)
    if (mk_reserve_kind_allowed(g, side, any[k])) return true;
  return (pl->flags & MURK_PF(DEEP_STRIKE)) && mk_reserve_kind_allowed(g, side, MURK_RESERVE_DEEP);
}

/* `end` of the nominations: the platoons the side leaves to deploy must fit its zone, one
 * team a cell, while it can still hold some back: past the nominations a platoon with no
 * room and nowhere to go could never be deployed, and `end` of the deployment would be
 * refused for good. */
int mk_reserves_check_room(const struct murk_game* g, enum murk_side side, char* reason,
                           size_t reason_len) {
  const struct mk_state* s = &g->s;
  int teams = 0;
  bool holdable = false;
  for (int i = 0; i < s->nunits[side]; i++) {
    if (s->units[side][i].state != MURK_PLATOON_WAITING ||
        mk_deploy_phase_of(g, side, i) != MURK_PHASE_DEPLOY)
      continue;
    teams += mk_reserves_cells_needed(g, side, i);
    holdable |= mk_reserves_may_hold(g, side, i);
  }
  if (!holdable || teams == 0) return MURK_OK;
  int room = mk_reserves_zone_room(g, side, teams);
  if (room >= teams) return MURK_OK;
  return mk_reject(reason, reason_len,
                   "your zone has room for %d teams or markers and the platoons left to deploy "
                   "need %d: hold more back (reserve N)",
                   room, teams);
}

bool mk_reserves_hold_unplaceable(struct murk_game* g, enum murk_side side, int unit) {
  struct mk_state* s = &g->s;
  struct mk_unit_state* u = &s->units[side][unit];
  const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
  if (u->state != MURK_PLATOON_WAITING || !mk_platoon_counts(pl)) return false;
  enum murk_reserve_kind into = MURK_RESERVE_DEFAULT;
  static const enum murk_reserve_kind pref[] = {MURK_RESERVE_DELAYED, MURK_RESERVE_SCATTERED,
                                                MURK_RESERVE_MOBILE, MURK_RESERVE_PLAIN};
  for (int i = 0; i < 4 && into == MURK_RESERVE_DEFAULT; i++)
    if (mk_reserve_kind_allowed(g, side, pref[i])) into = pref[i];
  if (into == MURK_RESERVE_DEFAULT && (pl->flags & MURK_PF(DEEP_STRIKE)) &&
      mk_reserve_kind_allowed(g, side, MURK_RESERVE_DEEP))
    into = MURK_RESERVE_DEEP;
  if (into == MURK_RESERVE_DEFAULT) return false;
  /* Room: a free cell of the zone for each of its teams, or for its marker (fewer cells
   * cannot take them). */
  int need = mk_reserves_cells_needed(g, side, unit);
  if (mk_reserves_zone_room(g, side, need) >= need) return false;
  u->state = MURK_PLATOON_RESERVE;
  u->reserve = into;
  u->ambush = 0;
  mk_emit(g, MURK_EV_RESERVE, murk_audience_of(side), side,
          "platoon %d (%s) has no room to deploy and is held in %s", unit + 1, pl->name,
          kinds[into].name);
  mk_emit(g, MURK_EV_RESERVE, MURK_AUD_ALL, side, "%s holds 1 more platoon in %s",
          murk_side_name(side), kinds[into].name);
  return true;
}

/* ---- arrival rolls ---- */

static int waiting(const struct murk_game* g, enum murk_side side, enum murk_reserve_kind k) {
  int n = 0;
  for (int i = 0; i < g->s.nunits[side]; i++) {
    const struct mk_unit_state* u = &g->s.units[side][i];
    if (u->state == MURK_PLATOON_RESERVE && u->ambush == 0 && u->reserve == k) n++;
  }
  return n;
}

static bool side_scattered(const struct murk_game* g, enum murk_side side) {
  int sc = g->m->sides[side].setup.scattered;
  if (sc >= 0) return sc == 1;
  return murk_mission_rule_on(g->m, MURK_RULE_SCATTERED_RESERVES);
}

/* Which of `count` parts a roll falls in: the die's range cut into equal parts. */
static int part_of(const struct murk_dice_expr* d, int total, int count) {
  int lo = d->count * d->mul + d->add, hi = d->count * d->sides * d->mul + d->add;
  if (d->count == 0) lo = hi = d->add;
  int span = hi - lo + 1;
  if (span < 1) return 0;
  int k = (total - lo) * count / span;
  return k < 0 ? 0 : k >= count ? count - 1 : k;
}

/* The entry a die result picks among `list`: by the entries' `rolls` where they have
 * them, otherwise by cutting the die's range into equal parts. */
static int entry_for(const struct murk_game* g, const int* list, int n,
                     const struct murk_dice_expr* d, int total) {
  bool by_rolls = false;
  for (int i = 0; i < n; i++) by_rolls = by_rolls || g->m->entries[list[i]].rolls != 0;
  if (by_rolls) {
    for (int i = 0; i < n; i++)
      if (total >= 1 && total <= 31 && (g->m->entries[list[i]].rolls & (1u << total)))
        return list[i];
    return -1;
  }
  return n > 0 ? list[part_of(d, total, n)] : -1;
}

/* Where one granted arrival comes on (Luneville, Lost in the Fog; the Flames of War missions,
 * Scattered Reserves). */
static void place_arrival(struct murk_game* g, enum murk_side side, struct mk_arrival* a) {
  const struct murk_mission* m = g->m;
  const char* who = murk_side_name(side);
  char purpose[MURK_ROLL_PURPOSE], where[160];
  a->entry = -1;
  a->part = -1;
  a->parts = 0;
  if (a->kind == MURK_RESERVE_DEEP) {
    a->anywhere = true;
    return;
  }
  if (a->kind == MURK_RESERVE_DELAYED && murk_mission_rule_on(m, MURK_RULE_LOST_IN_THE_FOG) &&
      m->nentries > 0) {
    int list[MURK_MISSION_MAX_ENTRIES];
    for (int e = 0; e < m->nentries; e++) list[e] = e;
    struct murk_dice_expr d = murk_mission_param_dice(m, MURK_P_LIF_DIE);
    snprintf(purpose, sizeof purpose, "lost in the fog, %s", who);
    int r = murk_roll(g, &d, purpose, MURK_AUD_ALL, NULL);
    a->entry = entry_for(g, list, m->nentries, &d, r);
  } else if (a->kind == MURK_RESERVE_SCATTERED || side_scattered(g, side)) {
    struct murk_dice_expr d = murk_mission_param_dice(m, MURK_P_SRES_DIE);
    snprintf(purpose, sizeof purpose, "scattered reserves, %s", who);
    int r = murk_roll(g, &d, purpose, MURK_AUD_ALL, NULL);
    int list[MURK_MISSION_MAX_ENTRIES];
    int ne = mk_reserves_side_entries(g, side, list);
    if (ne > 0) {
      a->entry = entry_for(g, list, ne, &d, r);
    } else {
      a->parts = murk_mission_param(m, MURK_P_SRES_PARTS);
      if (a->parts < 1) a->parts = 1;
      a->part = part_of(&d, r, a->parts);
    }
  } else {
    return;
  }
  int i = (int)(a - g->s.arrivals[side]);
  mk_reserves_describe(g, side, i, where, sizeof where);
  mk_emit(g, MURK_EV_RESERVE, MURK_AUD_ALL, side, "%s: a %s comes on at %s", who,
          kinds[a->kind].name, where);
}

/* Does kind k roll one die per unit (40k mission special rules, Reserves: each unit is diced for
 * separately)?
 * Deep strike always does (it arrives "as specified in the Reserves rules" of the same text),
 * and so do the reserves of a mission under Escalation (they arrive "in accordance with the
 * normal Reserves rules", that text's again); per_platoon asks it of other reserves. */
static bool per_unit(const struct murk_game* g, enum murk_reserve_kind k) {
  return k == MURK_RESERVE_DEEP ||
         (k == MURK_RESERVE_PLAIN &&
          (param(g, MURK_P_RES_PER_PLATOON) || murk_mission_rule_on(g->m, MURK_RULE_ESCALATION)));
}

/* The unit that rolls with `unit` in reserve of its kind: its dedicated transport, or the
 * unit it carries, when that one waits in the same kind of reserve and the kind rolls per
 * unit (40k mission special rules, Reserves: "roll for both together"). -1 if none. */
static int roll_partner(const struct murk_game* g, enum murk_side side, int unit,
                        enum murk_reserve_kind kind) {
  if (!per_unit(g, kind)) return -1;
  int p = mk_unit_platoon(g, side, unit)->transport - 1;
  for (int k = 0; k < g->s.nunits[side] && p < 0; k++)
    if (mk_unit_platoon(g, side, k)->transport == unit + 1) p = k;
  if (p < 0) return -1;
  const struct mk_unit_state* o = &g->s.units[side][p];
  return o->state == MURK_PLATOON_RESERVE && !o->ambush && o->reserve == kind ? p : -1;
}

/* Dice for kind k: units waiting, a unit and its transport counted once. */
static int rolling_units(const struct murk_game* g, enum murk_side side, enum murk_reserve_kind k) {
  int n = 0;
  for (int i = 0; i < g->s.nunits[side]; i++) {
    const struct mk_unit_state* u = &g->s.units[side][i];
    if (u->state != MURK_PLATOON_RESERVE || u->ambush != 0 || u->reserve != k) continue;
    int p = roll_partner(g, side, i, k);
    if (p < 0 || p > i) n++;
  }
  return n;
}

/* May arrival a bring `unit` on (its kind, unused, and kept for it or for anyone)? */
static bool arrival_for(const struct murk_game* g, enum murk_side side, const struct mk_arrival* a,
                        int unit) {
  const struct mk_unit_state* u = &g->s.units[side][unit];
  return !a->used && a->kind == u->reserve && (a->only == 0 || a->only == unit + 1);
}

/* Is anyone left who may use arrival a? */
static bool arrival_live(const struct murk_game* g, enum murk_side side,
                         const struct mk_arrival* a) {
  if (a->used) return false;
  if (a->only == 0) return waiting(g, side, a->kind) > 0;
  const struct mk_unit_state* u = &g->s.units[side][a->only - 1];
  return u->state == MURK_PLATOON_RESERVE && !u->ambush && u->reserve == a->kind;
}

bool mk_reserves_may_arrive(const struct murk_game* g, enum murk_side side, int unit) {
  const struct mk_unit_state* u = &g->s.units[side][unit];
  if (u->state != MURK_PLATOON_RESERVE || u->ambush) return false;
  for (int i = 0; i < g->s.narrivals[side]; i++)
    if (arrival_for(g, side, &g->s.arrivals[side][i], unit)) return true;
  return false;
}

void mk_reserves_start_of_turn(struct murk_game* g, enum murk_side side) {
  struct mk_state* s = &g->s;
  s->narrivals[side] = 0; /* arrivals that could not come on last turn are lost */
  const char* who = murk_side_name(side);
  for (int i = 0; i < NROLL; i++) {
    enum murk_reserve_kind k = roll_order[i];
    const struct kind_info* ki = &kinds[k];
    if (k != MURK_RESERVE_DEEP && !murk_mission_rule_on(g->m, ki->rule)) continue;
    int n = waiting(g, side, k);
    int from = param(g, ki->from);
    if (n == 0 || s->turn < from) continue;
    int dice = param(g, ki->dice) + param(g, ki->step) * (s->turn - from);
    /* 40k mission special rules, Reserves: each unit is diced for separately, a unit and its
     * transport together (one die: a success brings both, rolling_units and mk_reserves_arrive). */
    if (per_unit(g, k)) n = dice = rolling_units(g, side, k);
    if (dice > MURK_DICE_MAX) dice = MURK_DICE_MAX;
    if (dice <= 0) continue;
    int score = param(g, ki->score);
    struct murk_dice_expr d = {dice, 6, 1, 0};
    struct murk_roll roll;
    char purpose[MURK_ROLL_PURPOSE];
    snprintf(purpose, sizeof purpose, "%ss, %s", ki->name, who);
    int hits = mk_roll_pool(g, &d, score, purpose, MURK_AUD_ALL, &roll);
    if (hits > n) hits = n;
    if (hits == 0) {
      mk_emit(g, MURK_EV_RESERVE, MURK_AUD_ALL, side, "%s: no %s arrives (%d+ needed)", who,
              ki->name, score);
      continue;
    }
    mk_emit(g, MURK_EV_RESERVE, MURK_AUD_ALL, side, "%s: %d %s%s may arrive (%d+ needed)", who,
            hits, ki->name, mk_plural(hits), score);
    for (int h = 0; h < hits && s->narrivals[side] < MK_MAX_ARRIVALS; h++) {
      struct mk_arrival* a = &s->arrivals[side][s->narrivals[side]++];
      memset(a, 0, sizeof *a);
      a->kind = k;
      place_arrival(g, side, a);
    }
  }
}

/* ---- bringing platoons on ---- */

int mk_reserves_due(const struct murk_game* g, enum murk_side side) {
  int n = 0;
  for (int i = 0; i < g->s.narrivals[side]; i++)
    if (arrival_live(g, side, &g->s.arrivals[side][i])) n++;
  return n;
}

/* Free passable cells arrival a allows, in perimeter order: up to cap written, the number
 * found returned (deep strike: 0, it may aim anywhere). */
static int arrival_free_cells(const struct murk_game* g, enum murk_side side,
                              const struct mk_arrival* a, struct murk_pos* out, int cap) {
  if (a->anywhere) return 0;
  const struct murk_grid* gr = &g->m->grid;
  int n = mk_region_edge_count(gr), k = 0;
  for (int i = 0; i < n; i++) {
    struct murk_pos p = mk_region_edge_cell(gr, i);
    /* Free as far as the side knows: what it may be told to bring on, or refused for. */
    if (!mk_cell_passable(g->m, p) || !mk_cell_known_free(g, side, p)) continue;
    if (!mk_reserves_arrival_allows(g, side, a, p)) continue;
    if (k < cap) out[k] = p;
    k++;
  }
  return k;
}

int mk_reserves_cells(const struct murk_game* g, enum murk_side side, int i, struct murk_pos* out,
                      int cap) {
  return arrival_free_cells(g, side, &g->s.arrivals[side][i], out, cap);
}

int mk_reserves_check_due(const struct murk_game* g, enum murk_side side, char* reason,
                          size_t reason_len) {
  for (int i = 0; i < g->s.narrivals[side]; i++) {
    const struct mk_arrival* a = &g->s.arrivals[side][i];
    /* Only the sci-fi mission special rules' reserves must come on as soon as they may
     * (the 40k mission special rules, Reserves; deep strike and Escalation's reserves arrive
     * by those rules too): the Flames of War missions' kinds may stay off this turn and roll
     * again. */
    bool must =
        a->kind == MURK_RESERVE_DEEP ||
        ((a->kind == MURK_RESERVE_PLAIN || a->kind == MURK_RESERVE_DEFAULT) &&
         (param(g, MURK_P_RES_PER_PLATOON) || murk_mission_rule_on(g->m, MURK_RULE_ESCALATION)));
    if (!must) continue;
    if (!arrival_live(g, side, a)) continue;
    if (!a->anywhere && arrival_free_cells(g, side, a, NULL, 0) == 0) continue;
    char where[160];
    mk_reserves_describe(g, side, i, where, sizeof where);
    return mk_reject(reason, reason_len, "a %s must come on first (arrive N at X,Y: %s)",
                     kinds[a->kind].name, where);
  }
  return MURK_OK;
}

int mk_put_platoon(struct murk_game* g, enum murk_side side, int unit, struct murk_pos p,
                   const struct murk_zone* zone, const char* how, bool hidden, char* reason,
                   size_t reason_len) {
  struct mk_state* s = &g->s;
  const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
  struct mk_unit_state* u = &s->units[side][unit];
  char ps[16];
  murk_pos_format(p, ps, sizeof ps);
  int mi = mk_marker_new(g, side, unit, p);
  if (mi < 0) return mk_reject(reason, reason_len, "no more markers fit on this table");
  struct mk_marker* mk = &s->markers[mi];
  u->marker = mk->number;
  bool cloak = mk_night_cloaks(g, side, unit); /* ASL night rules E1.41: a cloaking counter */
  if (mk_intel_on(g)) return mk_intel_put(g, side, unit, mi, how); /* a leader of its own */
  bool conceal = !cloak && mk_night_conceals(g, side, unit);       /* ASL night rules E1.2: a "?" */
  if (cloak || conceal || murk_mission_rule_on(g->m, MURK_RULE_FOG_OF_WAR)) {
    /* Luneville, Fog of War: a numbered template; reserves "are identified by their
     * platoon template when they enter the table". */
    if (cloak) mk->kind = MURK_MARKER_CLOAK;
    if (conceal) mk->kind = MURK_MARKER_CONCEALED;
    mk->on_table = true;
    u->state = MURK_PLATOON_HIDDEN;
    if (conceal && hidden) {
      /* ASL night rules E1.2: set up hidden, the enemy is told nothing (not even that a counter
       * went down: both events are its owner's, so the gaps in the enemy's event numbers are those
       * of any private pair). */
      mk->hidden = true;
      g->s.hidden_used[side]++;
      mk_emit(g, MURK_EV_DEPLOY, murk_audience_of(side), side, "%s %s T%d hidden at %s",
              murk_side_name(side), how, mk->number, ps);
      mk_event_facts(g, mk->number, NULL, &p);
    } else {
      mk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s %s %s T%d at %s", murk_side_name(side),
              how, mk_marker_ops(g, mi)->name, mk->number, ps);
      mk_event_facts(g, mk->number, NULL, &p);
    }
    mk_emit(g, MURK_EV_DEPLOY, murk_audience_of(side), side, "T%d is your %s (platoon %d)",
            mk->number, pl->name, unit + 1);
    return MURK_OK;
  }
  mk->revealed = true;
  u->state = MURK_PLATOON_REVEALED;
  int alive = mk_unit_alive(s, side, unit);
  mk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s %s P%d at %s: %s (%s, %d team%s)",
          murk_side_name(side), how, mk->number, ps, pl->name, pl->type, alive, mk_plural(alive));
  mk_event_facts(g, mk->number, NULL, &p);
  if (mk_fog_place_teams(g, side, unit, p, NULL, zone) > 0)
    return mk_reject(reason, reason_len,
                     "there is no room around %s for all %d teams of platoon %d", ps, alive,
                     unit + 1);
  return MURK_OK;
}

/* ---- arrive ---- */

/* 40k mission special rules, Reserves: "roll for both together". A unit that comes on by a roll it
 * shared with its transport (or a transport with the unit it carries) leaves the other an arrival
 * of its own, at the same place rule: the passengers need not come on mounted, so each is
 * put down by its own `arrive` (murk's reading: murk does not model embarking). */
static void keep_for_partner(struct murk_game* g, enum murk_side side, int unit, int i) {
  const struct mk_arrival* used = &g->s.arrivals[side][i];
  if (used->only != 0) return; /* the second of the pair */
  int p = roll_partner(g, side, unit, used->kind);
  if (p < 0 || g->s.narrivals[side] >= MK_MAX_ARRIVALS) return;
  struct mk_arrival* k = &g->s.arrivals[side][g->s.narrivals[side]++];
  *k = *used;
  k->used = false;
  k->only = p + 1;
  mk_emit(g, MURK_EV_RESERVE, murk_audience_of(side), side,
          "platoon %d (%s) comes with it: the same roll brings it on (arrive %d at X,Y)", p + 1,
          mk_unit_platoon(g, side, p)->name, p + 1);
}

/* The edge cells where `unit` may come on now, free as the side knows them, in runs along
 * the table's edge: "free cells 13,00 to 24,00" (what the TUI lights; the view's arrivals
 * hold the same cells). */
static void unit_cells_text(const struct murk_game* g, enum murk_side side, int unit, char* buf,
                            size_t n) {
  const struct murk_grid* gr = &g->m->grid;
  int ne = mk_region_edge_count(gr), runs = 0;
  size_t len = 0;
  struct murk_pos first = {0, 0}, last = {0, 0};
  bool open = false;
  int k0 = snprintf(buf, n, "free cells ");
  if (k0 > 0) len = (size_t)k0;
  for (int i = 0; i <= ne; i++) {
    bool ok = false;
    struct murk_pos p = {0, 0};
    if (i < ne) {
      p = mk_region_edge_cell(gr, i);
      ok = mk_cell_passable(g->m, p) && mk_cell_known_free(g, side, p);
      bool any = false;
      for (int k = 0; ok && !any && k < g->s.narrivals[side]; k++) {
        const struct mk_arrival* a = &g->s.arrivals[side][k];
        any = arrival_for(g, side, a, unit) && !a->anywhere &&
              mk_reserves_arrival_allows(g, side, a, p);
      }
      ok = ok && any;
    }
    /* A run goes along one edge: a corner starts the next. */
    bool turn = ok && open && p.x != first.x && p.y != first.y;
    if (open && (!ok || turn) && len < n) {
      char a[16], b[16];
      murk_pos_format(first, a, sizeof a);
      murk_pos_format(last, b, sizeof b);
      int k = murk_pos_eq(first, last)
                  ? snprintf(buf + len, n - len, "%s%s", runs ? ", " : "", a)
                  : snprintf(buf + len, n - len, "%s%s to %s", runs ? ", " : "", a, b);
      if (k > 0) len += (size_t)k;
      runs++;
    }
    if (ok && (!open || turn)) first = p;
    if (ok) last = p;
    open = ok;
  }
  if (len >= n && n > 4) snprintf(buf + n - 4, 4, "...");
  if (runs == 0) snprintf(buf, n, "no edge cell is free for it now");
}

int mk_reserves_arrive(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                       const struct mk_cmd_args* args, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  int unit = args->unit, rc;
  struct mk_unit_state* u = &s->units[side][unit];
  const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
  if (u->state != MURK_PLATOON_RESERVE || u->ambush)
    return mk_reject(reason, reason_len, "platoon %d (%s) is not in reserve%s", unit + 1, pl->name,
                     u->ambush ? " (it is in ambush: ambush N at X,Y)" : "");
  int first = -1;
  for (int i = 0; i < s->narrivals[side] && first < 0; i++)
    if (arrival_for(g, side, &s->arrivals[side][i], unit)) first = i;
  if (first < 0)
    return mk_reject(reason, reason_len,
                     "platoon %d (%s) may not arrive this turn: no %s roll "
                     "succeeded for it",
                     unit + 1, pl->name, kinds[u->reserve].name);
  char ps[16];
  murk_pos_format(c->at, ps, sizeof ps);
  /* The arrival kept for it (its partner's roll brought it) before any other. */
  int pick = -1;
  for (int pass = 0; pass < 2 && pick < 0; pass++)
    for (int i = first; i < s->narrivals[side] && pick < 0; i++) {
      const struct mk_arrival* a = &s->arrivals[side][i];
      if (arrival_for(g, side, a, unit) && (a->only != 0) == (pass == 0) &&
          mk_reserves_arrival_allows(g, side, a, c->at))
        pick = i;
    }
  if (pick < 0) {
    char where[160], cells[200];
    mk_reserves_describe(g, side, first, where, sizeof where);
    if (!murk_geom_on_table(&g->m->grid, c->at))
      return mk_reject(reason, reason_len, "%s is off the table", ps);
    unit_cells_text(g, side, unit, cells, sizeof cells);
    return mk_reject(reason, reason_len, "%s is not where it may come on (%s): %s", ps, where,
                     cells);
  }
  struct mk_arrival* a = &s->arrivals[side][pick];
  if (a->anywhere) {
    a->used = true;
    mk_mark_irreversible(g);
    rc = mk_deep_strike(g, side, unit, c->at, reason, reason_len);
    if (rc == MURK_OK) keep_for_partner(g, side, unit, pick);
    return rc;
  }
  if (!mk_cell_passable(g->m, c->at)) {
    const struct murk_terrain* t = mk_terrain_at(g, c->at);
    return mk_reject(reason, reason_len, "a platoon cannot stand in the %s at %s",
                     t ? t->name : "terrain", ps);
  }
  if (!mk_cell_known_free(g, side, c->at)) /* judged by what the side knows */
    return mk_reject(reason, reason_len, "%s is taken: one marker or team a cell", ps);
  if (!mk_cell_free(s, c->at)) {
    /* An enemy it did not know of stands there: a public contact, and the platoon stays
     * off, its arrival still due (docs/rules.md, "Hidden contact"). */
    mk_hidden_contact(g, side, "an arriving platoon", c->at, c->at);
    return MURK_OK;
  }
  a->used = true;
  rc = mk_put_platoon(g, side, unit, c->at, NULL, "brings on", false, reason, reason_len);
  if (rc != MURK_OK) return rc;
  keep_for_partner(g, side, unit, pick);
  /* It comes on from the edge and may still move this step. */
  return MURK_OK;
}

/* ---- ambush (Flames of War missions, Ambush and Immediate Ambush: named by page only) ---- */

int mk_reserves_immediate_left(const struct murk_game* g, enum murk_side side) {
  int n = 0;
  for (int i = 0; i < g->s.nunits[side]; i++) {
    const struct mk_unit_state* u = &g->s.units[side][i];
    if (u->state == MURK_PLATOON_RESERVE && u->ambush == 2) n++;
  }
  return n;
}

bool mk_reserves_ambush_possible(const struct murk_game* g, enum murk_side side) {
  const struct murk_grid* gr = &g->m->grid;
  bool in_zone = murk_mission_param(g->m, MURK_P_IAMB_IN_ZONE);
  int keep = murk_mission_param(g->m, MURK_P_IAMB_KEEP_OUT);
  char scratch[256];
  for (int y = 0; y < gr->height; y++)
    for (int x = 0; x < gr->width; x++) {
      struct murk_pos p = {x, y};
      const struct murk_zone* zone = NULL;
      if (in_zone ? mk_deploy_check_side_zone(g, side, p, "an ambush", scratch, sizeof scratch,
                                              &zone) != MURK_OK
                  : !mk_cell_passable(g->m, p))
        continue;
      /* What the side knows: the verb is offered alike whatever it cannot see. */
      if (!mk_cell_known_free(g, side, p)) continue;
      if (keep > 0 && mk_known_nearest(g, side, p, NULL) <= keep) continue;
      return true;
    }
  return false;
}

void mk_reserves_ambush_defer(struct murk_game* g, enum murk_side side) {
  int n = 0;
  for (int i = 0; i < g->s.nunits[side]; i++) {
    struct mk_unit_state* u = &g->s.units[side][i];
    if (u->state != MURK_PLATOON_RESERVE || u->ambush != 2) continue;
    u->ambush = 1;
    n++;
  }
  if (n > 0)
    mk_emit(g, MURK_EV_RESERVE, MURK_AUD_ALL, side,
            "%s finds no place for %d immediate ambush%s: %s wait%s in ambush",
            murk_side_name(side), n, n == 1 ? "" : "es", n == 1 ? "it" : "they", n == 1 ? "s" : "");
}

static int count_ambush(const struct murk_game* g, enum murk_side side, int kind) {
  int n = 0;
  for (int i = 0; i < g->s.nunits[side]; i++) n += g->s.units[side][i].ambush == kind ? 1 : 0;
  return n;
}

static int hold_in_ambush(struct murk_game* g, enum murk_side side, int unit, char* reason,
                          size_t reason_len) {
  struct mk_state* s = &g->s;
  struct mk_unit_state* u = &s->units[side][unit];
  const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
  if (s->phase != MURK_PHASE_RESERVES)
    return mk_reject(reason, reason_len,
                     "platoons are held in ambush while reserves are nominated, before "
                     "deployment");
  int imm = mk_ambush_allowance(g, side, true);
  int amb = mk_ambush_allowance(g, side, false);
  if (imm == 0 && amb == 0)
    return mk_reject(reason, reason_len, "the %s holds no ambushes in this mission",
                     murk_side_name(side));
  if (u->state != MURK_PLATOON_WAITING)
    return mk_reject(reason, reason_len, "platoon %d (%s) is already %s", unit + 1, pl->name,
                     u->ambush ? "in ambush" : "in reserve");
  /* Immediate Ambush where the side has it, plain Ambush otherwise, and once its immediate
   * ambushes are all held: each counts against its own allowance (rules.h, MURK_PAIR_LIST). */
  int kind = imm > 0 ? 2 : 1;
  if (kind == 2 && amb > 0 && count_ambush(g, side, 2) >= imm) kind = 1;
  int allowed = kind == 2 ? imm : amb;
  if (count_ambush(g, side, kind) >= allowed)
    return mk_reject(reason, reason_len, "you may hold only %d platoon%s in %s", allowed,
                     mk_plural(allowed), kind == 2 ? "immediate ambush" : "ambush");
  u->state = MURK_PLATOON_RESERVE;
  u->ambush = kind;
  const char* what = kind == 2 ? "immediate ambush" : "ambush";
  mk_emit(g, MURK_EV_RESERVE, MURK_AUD_ALL, side, "%s holds a platoon in %s", murk_side_name(side),
          what);
  mk_emit(g, MURK_EV_RESERVE, murk_audience_of(side), side, "platoon %d (%s) is held in %s",
          unit + 1, pl->name, what);
  return MURK_OK;
}

int mk_reserves_ambush(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                       const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  int unit = a->unit, rc;
  if (c->at.x < 0 && c->at.y < 0) return hold_in_ambush(g, side, unit, reason, reason_len);
  struct mk_unit_state* u = &s->units[side][unit];
  const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
  if (u->state != MURK_PLATOON_RESERVE || u->ambush == 0)
    return mk_reject(reason, reason_len, "platoon %d (%s) is not in ambush", unit + 1, pl->name);
  bool immediate = u->ambush == 2;
  if (immediate && s->phase != MURK_PHASE_AMBUSH)
    return mk_reject(reason, reason_len,
                     "an immediate ambush is placed at the start of the battle, after "
                     "deployment");
  if (!immediate) {
    if (s->phase != MURK_PHASE_PLAY || s->step != MURK_STEP_MOVEMENT)
      return mk_reject(reason, reason_len,
                       "an ambush is sprung at the start of your turn, in your movement step");
    /* "At the start of the turn": before anything of the side has moved. */
    for (int i = 0; i < s->nunits[side]; i++)
      if (s->units[side][i].moved && s->units[side][i].deep_turn != s->turn)
        return mk_reject(reason, reason_len,
                         "an ambush is sprung at the start of your turn, before anything moves");
    for (int i = 0; i < s->nmarkers; i++)
      if (s->markers[i].owner == side && s->markers[i].moved)
        return mk_reject(reason, reason_len,
                         "an ambush is sprung at the start of your turn, before anything moves");
  }
  char ps[16], cs[32];
  murk_pos_format(c->at, ps, sizeof ps);
  const struct murk_zone* zone = NULL;
  if (murk_mission_param(g->m, immediate ? MURK_P_IAMB_IN_ZONE : MURK_P_AMB_IN_ZONE)) {
    rc = mk_deploy_check_side_zone(g, side, c->at, "an ambush", reason, reason_len, &zone);
    if (rc != MURK_OK) return rc;
  } else if (!murk_geom_on_table(&g->m->grid, c->at)) {
    return mk_reject(reason, reason_len, "%s is off the table", ps);
  } else if (!mk_cell_passable(g->m, c->at)) {
    return mk_reject(reason, reason_len, "an ambush cannot stand at %s", ps);
  }
  if (!mk_cell_known_free(g, side, c->at))
    return mk_reject(reason, reason_len, "%s is taken: one marker or team a cell", ps);
  int keep = murk_mission_param(g->m, immediate ? MURK_P_IAMB_KEEP_OUT : MURK_P_AMB_KEEP_OUT);
  /* Measured to the enemy the side knows of (docs/rules.md, "Hidden contact"). */
  int d = mk_known_nearest(g, side, c->at, NULL);
  if (d <= keep && keep > 0) {
    mk_cells_text(g, keep, cs, sizeof cs);
    return mk_reject(reason, reason_len,
                     "an ambush must be more than %s (%d cells) from the enemy; %s is %d from "
                     "the enemy",
                     cs, keep, ps, d);
  }
  /* Hidden contact: an enemy the side did not know of within the keep-out distance (or on
   * the cell itself) is shown to both sides, and the ambush is not sprung: the platoon stays
   * in ambush, and the command stands (docs/rules.md). */
  struct murk_pos near;
  int truth = mk_nearest_of_side(g, murk_side_other(side), c->at, &near);
  if (truth <= keep || !mk_cell_free(s, c->at)) {
    char handle[16];
    snprintf(handle, sizeof handle, "an ambush");
    mk_hidden_contact(g, side, handle, c->at, near);
    return MURK_OK;
  }
  u->ambush = 0;
  rc = mk_put_platoon(g, side, unit, c->at, zone, "springs an ambush with", false, reason,
                      reason_len);
  if (rc != MURK_OK) return rc;
  if (!immediate) {
    /* Our reading: a platoon sprung from ambush has used its move for the turn. */
    u->moved = true;
    int k = mk_marker_index(s, u->marker);
    if (k >= 0) s->markers[k].moved = true;
  }
  return MURK_OK;
}
