/* combat.c: shooting and assaults.
 *
 * ENGINE MODEL, NOT FROM THE SEEDS. The seeds tell when a platoon may shoot or assault
 * (it must be revealed first: seed 000, Revealing platoons, third point) but give no
 * combat rules, so this is a small model of our own so that platoons can be destroyed:
 * - shooting: every team of the shooter within its profile range of a target team rolls
 *   `rof` dice; each die equal to or above the target's skill hits; each hit makes the
 *   nearest target team roll its save (save+, 7 means none); a failed save destroys it;
 * - assault: the target must be within 2 cells of a team of the assaulting platoon; each
 *   of its teams rolls one die, hitting on 4+; each hit destroys the nearest target team.
 * A platoon with no teams left is destroyed. A later issue replaces this. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "game_internal.h"
#include "murk/error.h"

#define ASSAULT_REACH 2
#define ASSAULT_HIT 4

static bool placed(const struct murk_state* s, enum murk_side side, int t) {
  return s->teams[side][t].alive && s->teams[side][t].placed;
}

/* The acting platoon: own, revealed, on the table. */
static int actor(const struct murk_game* g, enum murk_side side, struct murk_ref r,
                 const char* verb, int* unit, char* reason, size_t reason_len) {
  const struct murk_state* s = &g->s;
  int mi = -1;
  int rc = murk_ref_own(g, side, r, unit, &mi, reason, reason_len);
  if (rc != MURK_OK) return rc;
  if (*unit < 0)
    return murk_reject(reason, reason_len, "T%d is a dummy: it cannot %s", s->markers[mi].number,
                       verb);
  const struct murk_unit_state* u = &s->units[side][*unit];
  if (u->state == MURK_PLATOON_HIDDEN)
    return murk_reject(reason, reason_len,
                       "platoon %d is under template T%d: reveal it first "
                       "(reveal %d)",
                       *unit + 1, u->marker, *unit + 1);
  if (u->state != MURK_PLATOON_REVEALED)
    return murk_reject(reason, reason_len, "platoon %d is not on the table", *unit + 1);
  return MURK_OK;
}

/* The target: an enemy platoon this side can see revealed. */
static int target(const struct murk_game* g, enum murk_side side, struct murk_ref r, int* unit,
                  char* reason, size_t reason_len) {
  const struct murk_state* s = &g->s;
  int mi = -1;
  int rc = murk_ref_enemy(g, side, r, &mi, reason, reason_len);
  if (rc != MURK_OK) return rc;
  const struct murk_marker* mk = &s->markers[mi];
  if (!mk->revealed)
    return murk_reject(reason, reason_len,
                       "T%d is a template: only revealed platoons (P<n>) can be targets; spot it "
                       "first",
                       mk->number);
  *unit = mk->unit;
  if (s->units[murk_side_other(side)][*unit].state == MURK_PLATOON_DESTROYED)
    return murk_reject(reason, reason_len, "P%d is destroyed", mk->number);
  return MURK_OK;
}

/* Distance from team t of `side` to the nearest placed team of unit tu of `other`. */
static int team_gap(const struct murk_game* g, enum murk_side side, int t, enum murk_side other,
                    int tu) {
  const struct murk_state* s = &g->s;
  const struct murk_unit_state* u = &s->units[other][tu];
  int best = INT_MAX;
  for (int k = u->first_team; k < u->first_team + u->nteams; k++) {
    if (!placed(s, other, k)) continue;
    int d = murk_geom_distance(&g->m->grid, s->teams[side][t].pos, s->teams[other][k].pos);
    if (d < best) best = d;
  }
  return best;
}

/* The target team nearest to any team of the attacking unit (ties: roster order). */
static int nearest_target(const struct murk_game* g, enum murk_side side, int unit, int tu) {
  const struct murk_state* s = &g->s;
  enum murk_side other = murk_side_other(side);
  const struct murk_unit_state* t = &s->units[other][tu];
  int best = INT_MAX, pick = -1;
  for (int k = t->first_team; k < t->first_team + t->nteams; k++) {
    if (!placed(s, other, k)) continue;
    int d = team_gap(g, other, k, side, unit);
    if (d < best) {
      best = d;
      pick = k;
    }
  }
  return pick;
}

static void lose_team(struct murk_game* g, enum murk_side side, int tu, int team) {
  struct murk_state* s = &g->s;
  struct murk_team* t = &s->teams[side][team];
  t->alive = false;
  int number = s->units[side][tu].marker;
  char ps[16];
  murk_pos_format(t->pos, ps, sizeof ps);
  murk_emit(g, MURK_EV_LOSS, MURK_AUD_ALL, side, "%s P%d loses a team (%s) at %s",
            murk_side_name(side), number, murk_team_profile(g, side, team)->name, ps);
  murk_event_facts(g, number, &t->pos, NULL);
}

static void check_destroyed(struct murk_game* g, enum murk_side side, int tu) {
  struct murk_state* s = &g->s;
  if (murk_unit_alive(s, side, tu) > 0) return;
  s->units[side][tu].state = MURK_PLATOON_DESTROYED;
  murk_emit(g, MURK_EV_LOSS, MURK_AUD_ALL, side, "%s P%d (%s) is destroyed", murk_side_name(side),
            s->units[side][tu].marker, murk_unit_platoon(g, side, tu)->name);
  murk_event_facts(g, s->units[side][tu].marker, NULL, NULL);
}

/* Roll `ndice` d6 in as many rolls as the dice records allow; count dice >= need. */
static int roll_hits(struct murk_game* g, int ndice, int need, const char* purpose) {
  int hits = 0;
  while (ndice > 0) {
    int k = ndice > MURK_DICE_MAX ? MURK_DICE_MAX : ndice;
    struct murk_dice_expr e = {k, 6, 1, 0};
    struct murk_roll r;
    murk_roll(g, &e, purpose, MURK_AUD_ALL, &r);
    for (int i = 0; i < r.ndice; i++)
      if (r.dice[i] >= need) hits++;
    ndice -= k;
  }
  return hits;
}

int murk_combat_shoot(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                      char* reason, size_t reason_len) {
  struct murk_state* s = &g->s;
  if (s->phase != MURK_PHASE_PLAY || s->step != MURK_STEP_SHOOTING)
    return murk_reject(reason, reason_len, "shooting is done in your shooting step");
  int unit = -1, tu = -1;
  int rc = actor(g, side, c->unit, "shoot", &unit, reason, reason_len);
  if (rc != MURK_OK) return rc;
  struct murk_unit_state* u = &s->units[side][unit];
  int snum = u->marker;
  if (u->shot) return murk_reject(reason, reason_len, "P%d has already shot this step", snum);
  rc = target(g, side, c->target, &tu, reason, reason_len);
  if (rc != MURK_OK) return rc;
  enum murk_side other = murk_side_other(side);
  int tnum = s->units[other][tu].marker;
  int ndice = 0, inrange = 0, nearest = INT_MAX;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    if (!placed(s, side, t)) continue;
    int d = team_gap(g, side, t, other, tu);
    if (d < nearest) nearest = d;
    const struct murk_profile* pr = murk_team_profile(g, side, t);
    if (d <= pr->range) {
      inrange++;
      ndice += pr->rof;
    }
  }
  if (inrange == 0)
    return murk_reject(reason, reason_len,
                       "no team of P%d is within range of P%d (nearest is %d "
                       "cells away)",
                       snum, tnum, nearest == INT_MAX ? 0 : nearest);
  u->shot = true;
  s->fired = true;
  int first = nearest_target(g, side, unit, tu);
  int skill = murk_team_profile(g, other, first)->skill;
  murk_emit(g, MURK_EV_SHOOT, MURK_AUD_ALL, side,
            "%s P%d shoots at P%d: %d team%s in range, %d dice hitting on %d+",
            murk_side_name(side), snum, tnum, inrange, inrange == 1 ? "" : "s", ndice, skill);
  char purpose[MURK_ROLL_PURPOSE];
  snprintf(purpose, sizeof purpose, "P%d shoots at P%d", snum, tnum);
  int hits = roll_hits(g, ndice, skill, purpose);
  int lost = 0;
  for (int h = 0; h < hits; h++) {
    int t = nearest_target(g, side, unit, tu);
    if (t < 0) break;
    int save = murk_team_profile(g, other, t)->save;
    bool saved = false;
    if (save < 7) {
      snprintf(purpose, sizeof purpose, "P%d save (%d+)", tnum, save);
      struct murk_dice_expr d6 = {1, 6, 1, 0};
      saved = murk_roll(g, &d6, purpose, MURK_AUD_ALL, NULL) >= save;
    }
    if (!saved) {
      lose_team(g, other, tu, t);
      lost++;
    }
  }
  murk_emit(g, MURK_EV_SHOOT, MURK_AUD_ALL, side, "P%d scores %d hit%s; P%d loses %d team%s", snum,
            hits, hits == 1 ? "" : "s", tnum, lost, lost == 1 ? "" : "s");
  check_destroyed(g, other, tu);
  return MURK_OK;
}

int murk_combat_assault(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                        char* reason, size_t reason_len) {
  struct murk_state* s = &g->s;
  if (s->phase != MURK_PHASE_PLAY || s->step != MURK_STEP_ASSAULT)
    return murk_reject(reason, reason_len, "assaults are made in your assault step");
  int unit = -1, tu = -1;
  int rc = actor(g, side, c->unit, "assault", &unit, reason, reason_len);
  if (rc != MURK_OK) return rc;
  struct murk_unit_state* u = &s->units[side][unit];
  int anum = u->marker;
  if (u->assaulted)
    return murk_reject(reason, reason_len, "P%d has already assaulted this step", anum);
  rc = target(g, side, c->target, &tu, reason, reason_len);
  if (rc != MURK_OK) return rc;
  enum murk_side other = murk_side_other(side);
  int tnum = s->units[other][tu].marker;
  int nteams = 0, nearest = INT_MAX;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    if (!placed(s, side, t)) continue;
    nteams++;
    int d = team_gap(g, side, t, other, tu);
    if (d < nearest) nearest = d;
  }
  if (nteams == 0 || nearest > ASSAULT_REACH)
    return murk_reject(reason, reason_len,
                       "P%d is not within %d cells of P%d (nearest is %d): move closer first", tnum,
                       ASSAULT_REACH, anum, nearest == INT_MAX ? 0 : nearest);
  u->assaulted = true;
  murk_emit(g, MURK_EV_ASSAULT, MURK_AUD_ALL, side, "%s P%d assaults P%d: %d dice hitting on %d+",
            murk_side_name(side), anum, tnum, nteams, ASSAULT_HIT);
  char purpose[MURK_ROLL_PURPOSE];
  snprintf(purpose, sizeof purpose, "P%d assaults P%d", anum, tnum);
  int hits = roll_hits(g, nteams, ASSAULT_HIT, purpose);
  int lost = 0;
  for (int h = 0; h < hits; h++) {
    int t = nearest_target(g, side, unit, tu);
    if (t < 0) break;
    lose_team(g, other, tu, t);
    lost++;
  }
  murk_emit(g, MURK_EV_ASSAULT, MURK_AUD_ALL, side, "P%d scores %d hit%s; P%d loses %d team%s",
            anum, hits, hits == 1 ? "" : "s", tnum, lost, lost == 1 ? "" : "s");
  check_destroyed(g, other, tu);
  return MURK_OK;
}
