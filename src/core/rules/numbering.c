/* numbering.c: Fog of War templates put down before their platoons are named (the Luneville
 * mission rules, "Fog of War": each player numbers each platoon and only the owner knows
 * which number is which; templates, not platoons, are deployed). murk's reading for one
 * keyboard (docs/rules.md, "Naming templates at the end of deployment"): a side may put its
 * templates down with `template at X,Y` and say which platoon each holds (`put N at Tn`),
 * and which platoons stay in reserve, in one step when its deployment ends. Until then it
 * has been told nothing the enemy has not, so its hand-overs need no passphrase. The enemy
 * sees the same public event either way. Below setup.c, which asks. */
#include <stdio.h>

#include "board.h"
#include "deploy.h"
#include "event.h"
#include "intel.h"
#include "marker.h"
#include "murk/error.h"
#include "night.h"
#include "numbering.h"
#include "reserves.h"
#include "state.h"

int mk_numbering_unnamed(const struct murk_game* g, enum murk_side side) {
  int n = 0;
  for (int i = 0; i < g->s.nmarkers; i++) {
    const struct mk_marker* mk = &g->s.markers[i];
    n += mk->owner == side && mk->on_table && mk->unnamed;
  }
  return n;
}

/* The first of side's templates still waiting for its platoon, or -1. */
static int first_unnamed(const struct murk_game* g, enum murk_side side) {
  for (int i = 0; i < g->s.nmarkers; i++) {
    const struct mk_marker* mk = &g->s.markers[i];
    if (mk->owner == side && mk->on_table && mk->unnamed) return i;
  }
  return -1;
}

int mk_numbering_template(struct murk_game* g, enum murk_side side, struct murk_pos at,
                          char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  const struct murk_mission* m = g->m;
  if (s->phase != MURK_PHASE_DEPLOY)
    return mk_reject(reason, reason_len, "templates go down with the platoons, in deployment");
  if (mk_deploy_removal_due(g, side))
    return mk_reject(reason, reason_len,
                     "first take away %d of the objectives you placed (remove objective NAME)",
                     m->remove_count - s->removed);
  /* Only plain templates: a night counter's kind or a wing's leader would tell the enemy
   * something of what it holds as it goes down; each part of Surrounded's area is judged by
   * the platoon put in it. */
  if (mk_intel_on(g) || m->sides[side].setup.each_zone)
    return mk_reject(reason, reason_len,
                     "in this mission a platoon is named as it goes down (deploy N at X,Y)");
  int left = 0;
  for (int i = 0; i < s->nunits[side]; i++) {
    if (s->units[side][i].state != MURK_PLATOON_WAITING ||
        mk_deploy_phase_of(g, side, i) != MURK_PHASE_DEPLOY)
      continue;
    if (mk_night_cloaks(g, side, i) || mk_night_conceals(g, side, i))
      return mk_reject(reason, reason_len,
                       "at night a platoon is named as it goes down (deploy N at X,Y)");
    left++;
  }
  if (left - mk_numbering_unnamed(g, side) <= 0)
    return mk_reject(reason, reason_len,
                     "each platoon you have left to deploy has a template already: name them "
                     "(put N at Tn)");
  int rc = mk_deploy_check_side_zone(g, side, at, "your deployment", reason, reason_len, NULL);
  if (rc == MURK_OK) rc = mk_deploy_trench_check(g, side, at, reason, reason_len);
  if (rc != MURK_OK) return rc;
  char ps[16];
  murk_pos_format(at, ps, sizeof ps);
  if (!mk_cell_free(s, at))
    return mk_reject(reason, reason_len, "%s is taken: one marker or team a cell", ps);
  int slot = -1;
  if (mk_deploy_random(g, side) &&
      (slot = mk_deploy_rd_slot_for(g, side, at, reason, reason_len)) < 0)
    return MURK_EREJECTED;
  int mi = mk_marker_new(g, side, -1, at);
  if (mi < 0) return mk_reject(reason, reason_len, "no more markers fit on this table");
  if (slot >= 0) s->rd_slots[side][slot] = -1;
  struct mk_marker* mk = &s->markers[mi];
  mk->on_table = true;
  mk->unnamed = true;
  s->named_late[side] = true;
  /* The event of any template: the enemy cannot tell this one from a named platoon's. */
  mk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s deploys %s T%d at %s", murk_side_name(side),
          mk_marker_ops(g, mi)->name, mk->number, ps);
  mk_event_facts(g, mk->number, NULL, &at);
  return MURK_OK;
}

int mk_numbering_put_ready(const struct murk_game* g, enum murk_side side, char* reason,
                           size_t reason_len) {
  if (first_unnamed(g, side) >= 0) return MURK_OK;
  return mk_reject(reason, reason_len,
                   "none of your templates waits for its platoon (template at X,Y puts one "
                   "down)");
}

int mk_numbering_put(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                     const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  if (c->target.kind != MURK_REF_MARKER)
    return mk_reject(reason, reason_len, "name one of your templates: put N at Tn");
  int mi = mk_marker_index(s, c->target.n);
  struct mk_marker* mk = mi >= 0 ? &s->markers[mi] : NULL;
  if (!mk || mk->owner != side || !mk->on_table || !mk->unnamed)
    return mk_reject(reason, reason_len,
                     "T%d is not one of your templates waiting for its platoon (template at "
                     "X,Y puts one down)",
                     c->target.n);
  if (c->unit.kind == MURK_REF_DUMMY) {
    if (s->dummies_left[side] <= 0)
      return mk_reject(reason, reason_len, "you have no dummy %s left",
                       mk_marker_dummy_noun(g, side, true));
    s->dummies_left[side]--;
    mk->unnamed = false;
    mk_emit(g, MURK_EV_DEPLOY, murk_audience_of(side), side, "T%d is a dummy", mk->number);
    return MURK_OK;
  }
  int unit = a->unit;
  struct mk_unit_state* u = &s->units[side][unit];
  const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
  if (u->state == MURK_PLATOON_RESERVE)
    return mk_reject(reason, reason_len, "platoon %d (%s) is %s", unit + 1, pl->name,
                     u->ambush ? "in ambush" : "in reserve");
  if (u->state != MURK_PLATOON_WAITING)
    return mk_reject(reason, reason_len, "platoon %d (%s) is already deployed", unit + 1, pl->name);
  if (mk_deploy_phase_of(g, side, unit) != MURK_PHASE_DEPLOY)
    return mk_reject(reason, reason_len, "platoon %d (%s) deploys after the platoons", unit + 1,
                     pl->name);
  mk->unit = unit;
  mk->unnamed = false;
  u->marker = mk->number;
  u->state = MURK_PLATOON_HIDDEN;
  mk_emit(g, MURK_EV_DEPLOY, murk_audience_of(side), side, "T%d is your %s (platoon %d)",
          mk->number, pl->name, unit + 1);
  return MURK_OK;
}

int mk_numbering_reserve_ready(const struct murk_game* g, enum murk_side side, char* reason,
                               size_t reason_len) {
  if (g->s.phase != MURK_PHASE_DEPLOY || g->s.named_late[side]) return MURK_OK;
  return mk_reject(reason, reason_len,
                   "reserves are nominated before deployment, or as you name the platoons "
                   "under your templates (template at X,Y)");
}

int mk_numbering_reserve(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                         const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  if (s->phase == MURK_PHASE_DEPLOY) {
    int rc = mk_numbering_reserve_ready(g, side, reason, reason_len);
    if (rc != MURK_OK) return rc;
    int unit = a->unit;
    if (s->units[side][unit].state == MURK_PLATOON_WAITING &&
        mk_deploy_phase_of(g, side, unit) == MURK_PHASE_DEPLOY)
      rc = mk_numbering_room(g, side, reason, reason_len);
    if (rc != MURK_OK) return rc;
  }
  return mk_reserves_nominate(g, side, c, a, reason, reason_len);
}

int mk_numbering_room(const struct murk_game* g, enum murk_side side, char* reason,
                      size_t reason_len) {
  int mi = first_unnamed(g, side);
  if (mi < 0 || mk_deploy_waiting(g, side, MURK_PHASE_DEPLOY) - 1 >= mk_numbering_unnamed(g, side))
    return MURK_OK;
  return mk_reject(reason, reason_len,
                   "each of your templates needs a platoon: name them first (put N at T%d)",
                   g->s.markers[mi].number);
}

int mk_numbering_end_check(const struct murk_game* g, enum murk_side side, char* reason,
                           size_t reason_len) {
  int mi = first_unnamed(g, side);
  if (mi < 0) return MURK_OK;
  return mk_reject(reason, reason_len,
                   "%d of your templates hold no platoon yet: name each (put N at T%d)",
                   mk_numbering_unnamed(g, side), g->s.markers[mi].number);
}
