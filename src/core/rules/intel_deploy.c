/* intel_deploy.c: Limited Intelligence (27.1.2 and 27.3) at setup: the dummy
 * leaders a side may put down, a wing leader and its two Dis counters deployed in turn, the
 * deployment prompt; later, a platoon put down under a leader counter of its own. Above
 * intel.c, whose counters' rules it uses; the phase machine (setup.c), reserves and deep
 * strike call it. */
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

/* ---- setup ---- */

void mk_intel_begin(struct murk_game* g) {
  if (!mk_intel_on(g)) return;
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    int d = murk_force(g, (enum murk_side)sd)->dummies;
    g->s.dummies_left[sd] = d > 0 ? d : 0;
  }
}

/* The side's leader put down in this deployment that still lacks Dis counters, or -1. */
static int pending(const struct murk_game* g, enum murk_side side) {
  const struct mk_state* s = &g->s;
  for (int i = s->nmarkers - 1; i >= 0; i--) {
    const struct mk_marker* mk = &s->markers[i];
    if (mk->on_table && mk->owner == side && mk->kind == MURK_MARKER_WING &&
        mk->ndis < MURK_MAX_DIS)
      return i;
  }
  return -1;
}

static void finish_pending(struct murk_game* g, enum murk_side side) {
  int mi = pending(g, side);
  if (mi < 0) return;
  struct mk_marker* mk = &g->s.markers[mi];
  int had = mk->ndis;
  mk_intel_default_dis(g, mk);
  if (mk->ndis == had) return;
  char d[40];
  mk_intel_dis_text(mk, d, sizeof d);
  mk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s T%d's Dis counters go down beside it: %s",
          murk_side_name(side), mk->number, d);
  mk_event_facts(g, mk->number, NULL, &mk->pos);
}

void mk_intel_finish_deploying(struct murk_game* g, enum murk_side side) {
  finish_pending(g, side);
}

/* Limited Intelligence 27.1.2: a Dis counter within one or two cells of its leader (one for a wing
 * of fewer than `small_wing` platoons), on ground a unit could stand on. */
static int place_dis(struct murk_game* g, int mi, struct murk_pos at, bool* whole, char* reason,
                     size_t reason_len) {
  struct mk_marker* mk = &g->s.markers[mi];
  int range = mk_intel_dis_range(g, mi);
  char ps[16];
  murk_pos_format(at, ps, sizeof ps);
  if (!murk_geom_on_table(&g->m->grid, at))
    return mk_reject(reason, reason_len, "%s is off the table", ps);
  if (!mk_cell_passable(g->m, at))
    return mk_reject(reason, reason_len, "a Dis counter cannot stand in the %s at %s",
                     mk_terrain_at(g, at)->name, ps);
  int d = murk_geom_distance(&g->m->grid, mk->pos, at);
  if (d == 0)
    return mk_reject(reason, reason_len, "a Dis counter goes beside its leader T%d, not under it",
                     mk->number);
  if (d > range)
    return mk_reject(reason, reason_len,
                     "%s is %d cells from T%d; its Dis counters go within %d cell%s of it", ps, d,
                     mk->number, range, mk_plural(range));
  if (mk->ndis == 1 && murk_pos_eq(mk->dis[0], at))
    return mk_reject(reason, reason_len, "T%d already has a Dis counter at %s", mk->number, ps);
  mk->dis[mk->ndis++] = at;
  mk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, mk->owner, "%s places a Dis counter of T%d at %s",
          murk_side_name(mk->owner), mk->number, ps);
  mk_event_facts(g, mk->number, NULL, &at);
  *whole = mk->ndis >= MURK_MAX_DIS;
  return MURK_OK;
}

static int check_leader_cell(struct murk_game* g, enum murk_side side, struct murk_pos at,
                             char* reason, size_t reason_len) {
  int rc =
      mk_deploy_check_zone(g, &g->m->sides[side].zone, at, "your deployment", reason, reason_len);
  if (rc != MURK_OK) return rc;
  if (!mk_cell_known_free(g, side, at)) { /* what the side knows stands there */
    char ps[16];
    murk_pos_format(at, ps, sizeof ps);
    return mk_reject(reason, reason_len, "%s is taken: one marker or team a cell", ps);
  }
  return MURK_OK;
}

/* A leader put down where an enemy the side did not know of stands: a public contact, and
 * the leader is not put down (docs/rules.md, "Hidden contact"). */
static bool leader_meets(struct murk_game* g, enum murk_side side, struct murk_pos at) {
  if (mk_cell_free(&g->s, at)) return false;
  mk_hidden_contact(g, side, "a new leader", at, at);
  return true;
}

int mk_intel_deploy(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, bool* whole, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  *whole = false;
  int pend = pending(g, side);
  char ps[16];
  murk_pos_format(c->at, ps, sizeof ps);

  if (c->unit.kind == MURK_REF_DUMMY) {
    /* Next to a dummy leader still lacking Dis counters: one of them. */
    if (pend >= 0 && s->markers[pend].unit < 0) {
      int d = murk_geom_distance(&g->m->grid, s->markers[pend].pos, c->at);
      if (d >= 1 && d <= murk_mission_param(g->m, MURK_P_LI_DIS))
        return place_dis(g, pend, c->at, whole, reason, reason_len);
    }
    if (murk_force(g, side)->dummies <= 0)
      return mk_reject(reason, reason_len, "this mission gives you no dummy leaders");
    if (s->dummies_left[side] <= 0)
      return mk_reject(reason, reason_len, "you have no dummy leaders left");
    int rc = check_leader_cell(g, side, c->at, reason, reason_len);
    if (rc != MURK_OK) return rc;
    /* Random Deployment: a leader counter goes down in a section a roll gave. */
    int slot = mk_deploy_rd_slot(g, side, c->at, reason, reason_len);
    if (slot == -1) return MURK_EREJECTED;
    finish_pending(g, side);
    if (leader_meets(g, side, c->at)) return MURK_OK;
    int mi = mk_marker_new(g, side, -1, c->at);
    if (mi < 0) return mk_reject(reason, reason_len, "no more markers fit on this table");
    mk_deploy_rd_use(g, side, slot);
    s->markers[mi].kind = MURK_MARKER_WING;
    s->markers[mi].on_table = true;
    s->dummies_left[side]--;
    int num = s->markers[mi].number;
    mk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s deploys wing leader T%d at %s",
            murk_side_name(side), num, ps);
    mk_event_facts(g, num, NULL, &c->at);
    /* One private event either way, so the enemy's numbering shows no difference. */
    mk_emit(g, MURK_EV_DEPLOY, murk_audience_of(side), side, "T%d is a dummy leader", num);
    return MURK_OK;
  }

  int unit = a->unit, mi = -1, rc;
  struct mk_unit_state* u = &s->units[side][unit];
  const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
  if (u->state == MURK_PLATOON_HIDDEN && pend >= 0 && u->marker == s->markers[pend].number)
    return place_dis(g, pend, c->at, whole, reason, reason_len);
  if (u->state == MURK_PLATOON_RESERVE)
    return mk_reject(reason, reason_len, "platoon %d (%s) is in reserve", unit + 1, pl->name);
  if (u->state != MURK_PLATOON_WAITING)
    return mk_reject(reason, reason_len, "platoon %d (%s) is already down with its wing (T%d)",
                     unit + 1, pl->name, u->marker);
  /* Escalation, infiltrators and independents keep a platoon out of the deployment: it
   * comes on later under a leader of its own (mk_intel_put). */
  if (!mk_deploy_may(g, side, unit))
    return mk_reject(reason, reason_len,
                     "platoon %d (%s) does not deploy now (escalation holds it in reserve, or it "
                     "comes on later as an infiltrator or independent)",
                     unit + 1, pl->name);
  rc = check_leader_cell(g, side, c->at, reason, reason_len);
  if (rc != MURK_OK) return rc;
  int slot = mk_deploy_rd_slot(g, side, c->at, reason, reason_len);
  if (slot == -1) return MURK_EREJECTED;
  finish_pending(g, side);
  if (leader_meets(g, side, c->at)) return MURK_OK;
  int wing[MK_MAX_UNITS];
  int nw = mk_intel_wing_units(g, side, unit, wing);
  int lead = -1;
  for (int i = 0; i < nw && lead < 0; i++)
    if (s->units[side][wing[i]].state == MURK_PLATOON_WAITING && mk_deploy_may(g, side, wing[i]))
      lead = wing[i];
  mi = mk_marker_new(g, side, lead, c->at);
  if (mi < 0) return mk_reject(reason, reason_len, "no more markers fit on this table");
  mk_deploy_rd_use(g, side, slot);
  struct mk_marker* mk = &s->markers[mi];
  mk->kind = MURK_MARKER_WING;
  mk->on_table = true;
  char list[120] = "";
  size_t len = 0;
  int count = 0;
  for (int i = 0; i < nw; i++) {
    struct mk_unit_state* w = &s->units[side][wing[i]];
    if (w->state != MURK_PLATOON_WAITING || !mk_deploy_may(g, side, wing[i])) continue;
    w->state = MURK_PLATOON_HIDDEN;
    w->marker = mk->number;
    count++;
    if (len < sizeof list)
      len += (size_t)snprintf(list + len, sizeof list - len, "%s%d", len ? ", " : "", wing[i] + 1);
  }
  mk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s deploys wing leader T%d at %s",
          murk_side_name(side), mk->number, ps);
  mk_event_facts(g, mk->number, NULL, &c->at);
  mk_emit(g, MURK_EV_DEPLOY, murk_audience_of(side), side, "T%d is your wing %.48s (platoon%s %s)",
          mk->number, mk_intel_wing_name(g, side, lead), count == 1 ? "" : "s", list);
  return MURK_OK;
}

void mk_intel_deploy_prompt(const struct murk_game* g, enum murk_side side, int left, char* buf,
                            size_t n) {
  const char* who = murk_side_name(side);
  int mi = pending(g, side);
  if (mi >= 0) {
    /* Limited Intelligence 27.1.2: the leader just put down still lacks Dis counters. */
    const struct mk_marker* mk = &g->s.markers[mi];
    char handle[16];
    if (mk->unit < 0)
      snprintf(handle, sizeof handle, "dummy");
    else
      snprintf(handle, sizeof handle, "%d", mk->unit + 1);
    int range = mk_intel_dis_range(g, mi);
    snprintf(buf, n,
             "%s: place T%d's Dis counter %d of 2 (deploy %s at X,Y, within %d cell%s of T%d), "
             "or they go down beside it",
             who, mk->number, mk->ndis + 1, handle, range, mk_plural(range), mk->number);
    return;
  }
  int dummies = g->s.dummies_left[side];
  char sections[80];
  mk_deploy_sections_text(g, side, sections, sizeof sections);
  snprintf(buf, n,
           "%s: deploy a leader (deploy N|dummy at X,Y), then its 2 Dis counters the same way "
           "(%d platoon%s, %d dumm%s left%s%s); 'end' when done",
           who, left, mk_plural(left), dummies, dummies == 1 ? "y" : "ies",
           sections[0] ? "; sections rolled: " : "", sections);
}

/* The public events of a leader put down after the deployment, real or dummy alike: the
 * enemy must not tell them apart (mk_intel_put, mk_intel_put_dummy). */
static void leader_down(struct murk_game* g, enum murk_side side, const struct mk_marker* mk,
                        const char* how) {
  char ps[16];
  murk_pos_format(mk->pos, ps, sizeof ps);
  mk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s %s wing leader T%d at %s",
          murk_side_name(side), how, mk->number, ps);
  mk_event_facts(g, mk->number, NULL, &mk->pos);
}

/* Its Dis counters beside it by the rule, in public. */
static void dis_down(struct murk_game* g, enum murk_side side, struct mk_marker* mk) {
  mk_intel_default_dis(g, mk);
  if (mk->ndis > 0) {
    char d[40];
    mk_intel_dis_text(mk, d, sizeof d);
    mk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s T%d's Dis counters go down beside it: %s",
            murk_side_name(side), mk->number, d);
    mk_event_facts(g, mk->number, NULL, &mk->pos);
  }
}

/* Limited Intelligence with the rules that put a platoon on the table after the deployment
 * (docs/rules.md, "Limited Intelligence with the other rules"): reserves and escalation's
 * arrivals, infiltrators, independents, a sprung ambush. The platoon comes on as a wing of
 * its own under a leader counter (27.1.2), new marker mi at its cell, Dis counters beside
 * it by the rule; the enemy is told a leader came on, only the owner which platoon. */
int mk_intel_put(struct murk_game* g, enum murk_side side, int unit, int mi, const char* how) {
  struct mk_state* s = &g->s;
  struct mk_marker* mk = &s->markers[mi];
  struct mk_unit_state* u = &s->units[side][unit];
  mk->kind = MURK_MARKER_WING;
  mk->on_table = true;
  u->state = MURK_PLATOON_HIDDEN;
  u->marker = mk->number;
  leader_down(g, side, mk, how);
  mk_emit(g, MURK_EV_DEPLOY, murk_audience_of(side), side, "T%d is your %.48s (platoon %d)",
          mk->number, mk_unit_platoon(g, side, unit)->name, unit + 1);
  dis_down(g, side, mk);
  return MURK_OK;
}

void mk_intel_put_dummy(struct murk_game* g, enum murk_side side, int mi, const char* how) {
  struct mk_marker* mk = &g->s.markers[mi];
  mk->kind = MURK_MARKER_WING;
  mk->on_table = true;
  /* The same public events as mk_intel_put's, the private one saying what it is. */
  leader_down(g, side, mk, how);
  mk_emit(g, MURK_EV_DEPLOY, murk_audience_of(side), side, "T%d is a dummy leader", mk->number);
  dis_down(g, side, mk);
}
