/* morale.c: platoon morale, Company Morale and the start of a player turn's recoveries
 * (bailed out crews remount, pinned down platoons rally), as murk reads the Flames of War
 * rulebook (docs/rules.md, "Morale"). */
#include <stdio.h>

#include "board.h"
#include "combat.h"
#include "event.h"
#include "morale.h"
#include "murk/error.h"
#include "state.h"
#include "victory.h"

/* Platoons that count for the company: all but transports (the Luneville mission rules,
 * Victory Point Table)
 * and independent teams (the Flames of War rulebook's Company Morale). */
static bool counts(const struct murk_game* g, enum murk_side side, int unit) {
  return !(mk_unit_platoon(g, side, unit)->flags & (MURK_PF(TRANSPORT) | MURK_PF(INDEPENDENT)));
}

/* Below half strength: fewer than half its teams are left fighting (bailed out vehicles
 * count as gone, the rulebook's reading for platoon morale). */
static bool below_half(const struct mk_state* s, enum murk_side side, int unit) {
  const struct mk_unit_state* u = &s->units[side][unit];
  return 2 * mk_combat_fighters(s, side, unit) < u->nteams;
}

/* Platoon morale: each revealed platoon of `side` below half strength takes a motivation
 * test; failing, it leaves the battle and counts as destroyed. */
static void platoon_morale(struct murk_game* g, enum murk_side side) {
  struct mk_state* s = &g->s;
  for (int k = 0; k < s->nunits[side]; k++) {
    struct mk_unit_state* u = &s->units[side][k];
    if (u->state != MURK_PLATOON_REVEALED) continue;
    if (mk_unit_alive(s, side, k) == 0 || !below_half(s, side, k)) continue;
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side,
            "P%d is below half strength (%d of %d teams fighting): platoon morale", u->marker,
            mk_combat_fighters(s, side, k), u->nteams);
    if (mk_combat_motivation_test(g, side, k, "platoon morale")) continue;
    mk_combat_destroy_unit(g, side, k,
                           "fails its platoon morale check and leaves the battle: destroyed");
  }
}

/* Bailed out crews remount and pinned down platoons rally, each by a motivation test. */
static void remount_and_rally(struct murk_game* g, enum murk_side side) {
  struct mk_state* s = &g->s;
  for (int k = 0; k < s->nunits[side]; k++) {
    struct mk_unit_state* u = &s->units[side][k];
    if (u->state == MURK_PLATOON_DESTROYED) continue;
    for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
      struct mk_team* tm = &s->teams[side][t];
      if (!tm->alive || !tm->bailed) continue;
      const struct murk_profile* pr = mk_team_profile(g, side, t);
      char purpose[MURK_ROLL_PURPOSE];
      mk_format(purpose, sizeof purpose, "P%d %s remounts %d+", u->marker, pr->title,
                pr->motivation);
      if (mk_combat_d6(g, purpose) >= pr->motivation) {
        tm->bailed = false;
        mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side, "P%d's %s: its crew remounts", u->marker,
                pr->title);
      }
    }
    if (u->pinned && mk_unit_alive(s, side, k) > 0) {
      if (mk_combat_motivation_test(g, side, k, "rallies")) {
        u->pinned = false;
        mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side, "P%d rallies", u->marker);
      } else {
        mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side, "P%d stays pinned down", u->marker);
      }
    }
  }
}

bool mk_morale_start_of_turn(struct murk_game* g, enum murk_side side) {
  struct mk_state* s = &g->s;
  enum murk_side other = murk_side_other(side);
  for (int sd = 0; sd < MURK_SIDES; sd++)
    for (int k = 0; k < s->nunits[sd]; k++) s->units[sd][k].hits = 0;
  for (int k = 0; k < s->nunits[side]; k++) s->units[side][k].active = false;
  platoon_morale(g, side);
  bool morale = murk_mission_rule_on(g->m, MURK_RULE_COMPANY_MORALE);
  int start = 0, left = 0, good = 0;
  for (int k = 0; k < s->nunits[side]; k++) {
    if (!counts(g, side, k)) continue;
    start++;
    const struct mk_unit_state* u = &s->units[side][k];
    if (u->state == MURK_PLATOON_DESTROYED) continue;
    left++;
    if (u->state != MURK_PLATOON_REVEALED || !below_half(s, side, k)) good++;
  }
  if (start > 0 && left == 0 && !morale) {
    mk_game_over(g, MURK_ENDED_DESTROYED, other, "the %s's force has no platoons left (turn %d)",
                 murk_side_name(side), s->turn);
    return true;
  }
  if (morale && start > 0) {
    /* Company Morale (the Flames of War rulebook, rule company_morale): with fewer than
     * the mission's share (half) of its platoons in good spirits the company tests at the
     * start of each of its turns; with none, or failing, it breaks and loses. */
    int below = murk_mission_param(g->m, MURK_P_CM_BELOW);
    if (good == 0) {
      mk_game_over(g, MURK_ENDED_MORALE, other,
                   "the %s's company breaks: it has no platoons left in good spirits (Company "
                   "Morale, turn %d)",
                   murk_side_name(side), s->turn);
      return true;
    }
    if (100 * good < below * start) {
      int need = murk_mission_param(g->m, MURK_P_CM_SCORE);
      char purpose[MURK_ROLL_PURPOSE];
      /* How many are left is the owner's to know: under Fog of War it would tell the enemy
       * how many of its templates are dummies. The roll itself is public. */
      mk_emit(g, MURK_EV_INFO, murk_audience_of(side), side,
              "your company has %d of its %d platoons in good spirits (transports and "
              "independent teams not counted): it tests its morale",
              good, start);
      mk_format(purpose, sizeof purpose, "%s company morale %d+", murk_side_name(side), need);
      if (mk_combat_d6(g, purpose) < need) {
        mk_game_over(g, MURK_ENDED_MORALE, other,
                     "the %s's company broke on turn %d (Company Morale)", murk_side_name(side),
                     s->turn);
        return true;
      }
      mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side, "the %s's company holds", murk_side_name(side));
    }
  }
  remount_and_rally(g, side);
  return false;
}
