/* setup.c: from a loaded mission to the first player turn (design.md section 5).
 *
 * Phases in order, skipping those the mission does not use: objectives placed step by
 * step, reserves nominated, platoons deployed alternately as templates (seed 000, Fog of
 * War), then the first-turn roll (seed 001, Meeting Engagement: +1 for the side that
 * finished deploying first). */
#include <stdio.h>
#include <string.h>

#include "game_internal.h"
#include "murk/error.h"

static void enter_phase(struct murk_game* g, enum murk_phase from);

static bool fog_on(const struct murk_game* g) {
  return murk_mission_rule_on(g->m, MURK_RULE_FOG_OF_WAR);
}

static bool reserves_in_use(const struct murk_mission* m) {
  return murk_mission_rule_on(m, MURK_RULE_RESERVES) ||
         murk_mission_rule_on(m, MURK_RULE_DELAYED_RESERVES) ||
         murk_mission_rule_on(m, MURK_RULE_SCATTERED_RESERVES) ||
         murk_mission_rule_on(m, MURK_RULE_MOBILE_RESERVES);
}

/* "the north half", "the NE quarter", "the whole table", "the area 00,00-10,05". */
static void region_text(const struct murk_region* r, char* buf, size_t n) {
  char a[16], b[16];
  switch (r->kind) {
    case MURK_REGION_HALF:
      snprintf(buf, n, "the %s half", murk_compass_name(r->which));
      return;
    case MURK_REGION_QUARTER:
      snprintf(buf, n, "the %s quarter", murk_compass_name(r->which));
      return;
    case MURK_REGION_RECT:
      murk_pos_format(r->from, a, sizeof a);
      murk_pos_format(r->to, b, sizeof b);
      snprintf(buf, n, "the area %s-%s", a, b);
      return;
    case MURK_REGION_WHOLE:
      break;
  }
  snprintf(buf, n, "the whole table");
}

/* Which keep-out band of z does p break? NULL if none (or p is outside the region). */
static const char* broken_band(const struct murk_mission* m, const struct murk_zone* z,
                               struct murk_pos p, int* cells) {
  static const char* const names[] = {"the centre line", "the table edges", "the long edges",
                                      "the short edges"};
  int bands[4] = {z->keep_out.centre_line, z->keep_out.edges, z->keep_out.long_edges,
                  z->keep_out.short_edges};
  for (int i = 0; i < 4; i++) {
    if (bands[i] <= 0) continue;
    struct murk_zone one = {z->region, {0, 0, 0, 0}};
    if (i == 0) one.keep_out.centre_line = bands[i];
    if (i == 1) one.keep_out.edges = bands[i];
    if (i == 2) one.keep_out.long_edges = bands[i];
    if (i == 3) one.keep_out.short_edges = bands[i];
    if (!murk_zone_contains(m, &one, p)) {
      *cells = bands[i];
      return names[i];
    }
  }
  return NULL;
}

/* Is p somewhere a marker or objective may be put down? Writes the reason if not. */
static int check_zone(const struct murk_game* g, const struct murk_zone* z, struct murk_pos p,
                      const char* what, char* reason, size_t reason_len) {
  char ps[16], rs[64], cs[32];
  murk_pos_format(p, ps, sizeof ps);
  if (!murk_geom_on_table(&g->m->grid, p))
    return murk_reject(reason, reason_len, "%s is off the table", ps);
  if (!murk_region_contains(g->m, &z->region, p)) {
    region_text(&z->region, rs, sizeof rs);
    return murk_reject(reason, reason_len, "%s must be in %s; %s is not", what, rs, ps);
  }
  int cells = 0;
  const char* band = broken_band(g->m, z, p, &cells);
  if (band) {
    murk_cells_text(g, cells, cs, sizeof cs);
    return murk_reject(reason, reason_len, "%s must be at least %s (%d cells) from %s; %s is not",
                       what, cs, cells, band, ps);
  }
  if (!murk_zone_contains(g->m, z, p)) /* a band rule the checks above do not name */
    return murk_reject(reason, reason_len, "%s is outside the allowed area for %s", ps, what);
  if (!murk_cell_passable(g->m, p)) {
    const struct murk_terrain* t = murk_mission_terrain_at(g->m, p);
    return murk_reject(reason, reason_len, "%s cannot stand in the %s at %s", what,
                       t ? t->name : "terrain", ps);
  }
  return MURK_OK;
}

/* seed 001, Preparing for Battle ("both players roll a die; the higher score chooses the
 * edge to attack from"): each force rolls a die, ties roll again, and the winner's force
 * plays the attacker. The mission fixes which edge and zone the attacker has, so the
 * winner's choice is the side, not the edge. The rolls are public. */
static void roll_for_sides(struct murk_game* g) {
  const struct murk_mission* m = g->m;
  struct murk_dice_expr d6 = {1, 6, 1, 0};
  for (int tries = 0; tries < 100; tries++) {
    int r[MURK_SIDES];
    for (int sd = 0; sd < MURK_SIDES; sd++) {
      char purpose[MURK_ROLL_PURPOSE];
      snprintf(purpose, sizeof purpose, "sides, %.40s", m->sides[sd].force.name);
      r[sd] = murk_roll(g, &d6, purpose, MURK_AUD_ALL, NULL);
    }
    if (r[0] == r[1]) {
      murk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE, "a tie: both roll again");
      continue;
    }
    enum murk_side win = r[MURK_ATTACKER] > r[MURK_DEFENDER] ? MURK_ATTACKER : MURK_DEFENDER;
    g->s.force_of[MURK_ATTACKER] = win;
    g->s.force_of[MURK_DEFENDER] = murk_side_other(win);
    break;
  }
  murk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, MURK_NO_SIDE, "%s plays the attacker, %s the defender",
            murk_force(g, MURK_ATTACKER)->name, murk_force(g, MURK_DEFENDER)->name);
}

int murk_setup_begin(struct murk_game* g) {
  const struct murk_mission* m = g->m;
  struct murk_state* s = &g->s;
  memset(s, 0, sizeof *s);
  murk_rng_seed(&s->rng, g->seed);
  s->phase = MURK_PHASE_OBJECTIVES;
  s->step = MURK_STEP_STARTING;
  s->to_act = MURK_ATTACKER;
  s->first = MURK_NO_SIDE;
  s->finished_deploying_first = MURK_NO_SIDE;
  s->winner = MURK_NO_SIDE;
  s->visibility = -1;
  s->next_marker_number = 1;
  s->force_of[MURK_ATTACKER] = MURK_ATTACKER;
  s->force_of[MURK_DEFENDER] = MURK_DEFENDER;

  murk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, MURK_NO_SIDE, "setup: %s", m->name);
  if (m->roll_for_sides) roll_for_sides(g);

  bool dummies = fog_on(g) && murk_mission_param(m, MURK_P_FOW_DUMMIES) != 0;
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    const struct murk_force* f = murk_force(g, (enum murk_side)sd);
    s->nunits[sd] = f->nplatoons;
    for (int p = 0; p < f->nplatoons; p++) {
      const struct murk_platoon* pl = &f->platoons[p];
      struct murk_unit_state* u = &s->units[sd][p];
      u->index = p;
      u->state = MURK_PLATOON_WAITING;
      u->first_team = s->nteams[sd];
      for (int k = 0; k < pl->ngroups; k++) {
        for (int c = 0; c < pl->groups[k].count; c++) {
          struct murk_team* t = &s->teams[sd][s->nteams[sd]++];
          t->profile = pl->groups[k].profile;
          t->alive = true;
        }
      }
      u->nteams = s->nteams[sd] - u->first_team;
    }
    s->dummies_left[sd] = dummies && f->dummies > 0 ? f->dummies : 0;
  }

  for (int i = 0; i < m->nobjectives; i++) {
    struct murk_placed_objective* o = &s->objectives[s->nobjectives++];
    o->pos = m->objectives[i].at;
    o->for_side = m->objectives[i].for_side;
    o->placed_by = MURK_NO_SIDE;
    o->rule = -1;
    snprintf(o->name, sizeof o->name, "%s", m->objectives[i].name);
    char ps[16];
    murk_pos_format(o->pos, ps, sizeof ps);
    if (o->for_side == MURK_NO_SIDE)
      murk_emit(g, MURK_EV_OBJECTIVE, MURK_AUD_ALL, MURK_NO_SIDE, "objective %s at %s", o->name,
                ps);
    else
      murk_emit(g, MURK_EV_OBJECTIVE, MURK_AUD_ALL, o->for_side, "objective %s at %s (for the %s)",
                o->name, ps, murk_side_name(o->for_side));
    murk_event_facts(g, 0, NULL, &o->pos);
  }
  s->objective_rule = 0;
  enter_phase(g, MURK_PHASE_OBJECTIVES);
  return g->oom ? MURK_ENOMEM : MURK_OK;
}

/* ---- first turn ---- */

static void first_turn(struct murk_game* g) {
  const struct murk_mission* m = g->m;
  enum murk_side first = MURK_ATTACKER;
  if (m->first_turn == MURK_FIRST_DEFENDER) first = MURK_DEFENDER;
  if (m->first_turn == MURK_FIRST_ROLL) {
    struct murk_dice_expr d6 = {1, 6, 1, 0};
    /* seed 001, Meeting Engagement: the side that finished deploying first adds the bonus. */
    int bonus = murk_mission_rule_on(m, MURK_RULE_MEETING_ENGAGEMENT)
                    ? murk_mission_param(m, MURK_P_ME_BONUS)
                    : 0;
    enum murk_side fin = g->s.finished_deploying_first;
    for (int tries = 0; tries < 100; tries++) {
      int r[MURK_SIDES];
      for (int sd = 0; sd < MURK_SIDES; sd++) {
        char purpose[MURK_ROLL_PURPOSE];
        snprintf(purpose, sizeof purpose, "first turn, %s", murk_side_name((enum murk_side)sd));
        bool mod = bonus != 0 && fin == (enum murk_side)sd;
        r[sd] = murk_roll_mod(g, &d6, purpose, MURK_AUD_ALL,
                              mod ? "finished deploying first" : NULL, bonus, NULL);
      }
      if (r[MURK_ATTACKER] != r[MURK_DEFENDER]) {
        first = r[MURK_ATTACKER] > r[MURK_DEFENDER] ? MURK_ATTACKER : MURK_DEFENDER;
        break;
      }
      murk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE, "a tie: both roll again");
    }
  }
  g->s.first = first;
  murk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, first, "the %s takes the first turn",
            murk_side_name(first));
  murk_turn_begin_play(g, first);
}

/* ---- phases ---- */

/* Enter `phase`, or the first phase after it that the mission uses. */
static void enter_phase(struct murk_game* g, enum murk_phase phase) {
  const struct murk_mission* m = g->m;
  struct murk_state* s = &g->s;
  murk_mark_step_start(g);
  if (phase == MURK_PHASE_OBJECTIVES) {
    while (s->objective_rule < m->nobjective_rules &&
           m->objective_rules[s->objective_rule].count <= 0)
      s->objective_rule++;
    if (s->objective_rule < m->nobjective_rules) {
      const struct murk_objective_rule* r = &m->objective_rules[s->objective_rule];
      s->phase = MURK_PHASE_OBJECTIVES;
      s->objective_placed = 0;
      s->to_act = r->by == MURK_DEFENDER ? MURK_DEFENDER : MURK_ATTACKER;
      char rs[64];
      region_text(&r->in, rs, sizeof rs);
      murk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, s->to_act,
                "setup: the %s places %d objective%s in %s", murk_side_name(s->to_act), r->count,
                r->count == 1 ? "" : "s", rs);
      return;
    }
    phase = MURK_PHASE_RESERVES;
  }
  if (phase == MURK_PHASE_RESERVES && reserves_in_use(m)) {
    s->phase = MURK_PHASE_RESERVES;
    s->to_act = MURK_ATTACKER;
    murk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, MURK_ATTACKER,
              "setup: reserves are nominated; the attacker goes first");
    return;
  }
  s->phase = MURK_PHASE_DEPLOY;
  s->to_act = MURK_ATTACKER;
  murk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, MURK_ATTACKER,
            "setup: deployment; the attacker deploys first");
}

/* ---- objectives ---- */

int murk_setup_objective(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                         char* reason, size_t reason_len) {
  struct murk_state* s = &g->s;
  if (s->phase != MURK_PHASE_OBJECTIVES)
    return murk_reject(reason, reason_len, "objectives are placed at the start of setup only");
  const struct murk_objective_rule* r = &g->m->objective_rules[s->objective_rule];
  struct murk_zone z = {r->in, r->keep_out};
  int rc = check_zone(g, &z, c->at, "the objective", reason, reason_len);
  if (rc != MURK_OK) return rc;
  char ps[16], os[16], ds[32];
  murk_pos_format(c->at, ps, sizeof ps);
  for (int i = 0; i < s->nobjectives; i++) {
    const struct murk_placed_objective* o = &s->objectives[i];
    int d = murk_geom_distance(&g->m->grid, o->pos, c->at);
    murk_pos_format(o->pos, os, sizeof os);
    if (d == 0)
      return murk_reject(reason, reason_len, "objective %s is already at %s", o->name, ps);
    if (r->min_apart > 0 && d < r->min_apart) {
      murk_cells_text(g, r->min_apart, ds, sizeof ds);
      return murk_reject(reason, reason_len,
                         "objectives must be at least %s (%d cells) apart; %s is %d from objective "
                         "%s at %s",
                         ds, r->min_apart, ps, d, o->name, os);
    }
    if (r->together > 0 && o->rule == s->objective_rule && d > r->together) {
      murk_cells_text(g, r->together, ds, sizeof ds);
      return murk_reject(reason, reason_len,
                         "this step's objectives must be within %s (%d cells) of each other; %s is "
                         "%d from objective %s at %s",
                         ds, r->together, ps, d, o->name, os);
    }
  }
  struct murk_placed_objective* o = &s->objectives[s->nobjectives++];
  o->pos = c->at;
  o->for_side = r->for_side;
  o->placed_by = side;
  o->rule = s->objective_rule;
  snprintf(o->name, sizeof o->name, "%d", s->nobjectives);
  if (o->for_side == MURK_NO_SIDE)
    murk_emit(g, MURK_EV_OBJECTIVE, MURK_AUD_ALL, side, "%s places objective %s at %s",
              murk_side_name(side), o->name, ps);
  else
    murk_emit(g, MURK_EV_OBJECTIVE, MURK_AUD_ALL, side, "%s places objective %s at %s (for the %s)",
              murk_side_name(side), o->name, ps, murk_side_name(o->for_side));
  murk_event_facts(g, 0, NULL, &o->pos);
  if (++s->objective_placed >= r->count) {
    s->objective_rule++;
    enter_phase(g, MURK_PHASE_OBJECTIVES);
  }
  return MURK_OK;
}

/* ---- reserves ---- */

int murk_reserve_check_limits(const struct murk_game* g, enum murk_side side, int unit,
                              char* reason, size_t reason_len) {
  /* Minimums and maximums ("at least half on the table") come with reserve arrivals in a
   * later issue; every nomination is within limits for now. */
  (void)g, (void)side, (void)unit, (void)reason, (void)reason_len;
  return MURK_OK;
}

static const char* reserve_kind_name(enum murk_reserve_kind k) {
  switch (k) {
    case MURK_RESERVE_DELAYED:
      return "delayed reserve";
    case MURK_RESERVE_SCATTERED:
      return "scattered reserve";
    case MURK_RESERVE_MOBILE:
      return "mobile reserve";
    default:
      return "reserve";
  }
}

int murk_setup_reserve(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                       char* reason, size_t reason_len) {
  const struct murk_mission* m = g->m;
  struct murk_state* s = &g->s;
  if (!reserves_in_use(m)) return murk_reject(reason, reason_len, "this mission has no reserves");
  if (s->phase != MURK_PHASE_RESERVES)
    return murk_reject(reason, reason_len, "reserves are nominated before deployment only");
  int unit = -1, mi = -1;
  int rc = murk_ref_own(g, side, c->unit, &unit, &mi, reason, reason_len);
  if (rc != MURK_OK) return rc;
  struct murk_unit_state* u = &s->units[side][unit];
  const struct murk_platoon* pl = murk_unit_platoon(g, side, unit);
  if (u->state == MURK_PLATOON_RESERVE)
    return murk_reject(reason, reason_len, "platoon %d (%s) is already in reserve", unit + 1,
                       pl->name);
  enum murk_reserve_kind kind = c->reserve;
  static const enum murk_rule_id kind_rule[] = {MURK_RULE_RESERVES, MURK_RULE_DELAYED_RESERVES,
                                                MURK_RULE_SCATTERED_RESERVES,
                                                MURK_RULE_MOBILE_RESERVES};
  if ((int)kind < 0 || kind > MURK_RESERVE_MOBILE)
    return murk_reject(reason, reason_len, "unknown kind of reserve");
  if (kind == MURK_RESERVE_DEFAULT) {
    /* The mission's own kind: the most particular rule in force. */
    for (int k = MURK_RESERVE_DELAYED; k <= MURK_RESERVE_MOBILE; k++)
      if (murk_mission_rule_on(m, kind_rule[k])) {
        kind = (enum murk_reserve_kind)k;
        break;
      }
  } else if (!murk_mission_rule_on(m, kind_rule[kind])) {
    return murk_reject(reason, reason_len, "this mission has no %ss", reserve_kind_name(kind));
  }
  rc = murk_reserve_check_limits(g, side, unit, reason, reason_len);
  if (rc != MURK_OK) return rc;
  u->state = MURK_PLATOON_RESERVE;
  u->reserve = kind;
  murk_emit(g, MURK_EV_RESERVE, MURK_AUD_ALL, side, "%s holds a platoon in %s",
            murk_side_name(side), reserve_kind_name(kind));
  murk_emit(g, MURK_EV_RESERVE, murk_audience_of(side), side, "platoon %d (%s) is held in %s",
            unit + 1, pl->name, reserve_kind_name(kind));
  return MURK_OK;
}

/* ---- deployment ---- */

static void next_deployer(struct murk_game* g, enum murk_side side) {
  enum murk_side other = murk_side_other(side);
  g->s.to_act = g->s.deploy_done[other] ? side : other;
}

int murk_setup_deploy(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                      char* reason, size_t reason_len) {
  const struct murk_mission* m = g->m;
  struct murk_state* s = &g->s;
  if (s->phase != MURK_PHASE_DEPLOY)
    return murk_reject(reason, reason_len, "platoons are deployed during setup only (now: %s)",
                       murk_phase_name(s->phase));
  char ps[16];
  murk_pos_format(c->at, ps, sizeof ps);
  int rc = check_zone(g, &m->sides[side].zone, c->at, "your deployment", reason, reason_len);
  if (rc != MURK_OK) return rc;
  if (!murk_cell_free(s, c->at))
    return murk_reject(reason, reason_len, "%s is taken: one marker or team a cell", ps);

  if (c->unit.kind == MURK_REF_DUMMY) {
    if (!fog_on(g) || murk_mission_param(m, MURK_P_FOW_DUMMIES) == 0 ||
        murk_force(g, side)->dummies <= 0)
      return murk_reject(reason, reason_len, "this mission gives you no dummy templates");
    if (s->dummies_left[side] <= 0)
      return murk_reject(reason, reason_len, "you have no dummy templates left");
    int mi = murk_marker_new(g, side, -1, c->at);
    if (mi < 0) return murk_reject(reason, reason_len, "no more markers fit on this table");
    s->markers[mi].on_table = true;
    s->dummies_left[side]--;
    int num = s->markers[mi].number;
    murk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s deploys template T%d at %s",
              murk_side_name(side), num, ps);
    murk_event_facts(g, num, NULL, &c->at);
    /* One private event, as for a platoon: the gaps in the other side's event numbers
     * must look the same either way. */
    murk_emit(g, MURK_EV_DEPLOY, murk_audience_of(side), side, "T%d is a dummy", num);
    next_deployer(g, side);
    return MURK_OK;
  }

  if (c->unit.kind != MURK_REF_OWN)
    return murk_reject(reason, reason_len, "deploy a platoon by its number (deploy 3 at X,Y)");
  int unit = -1, mi = -1;
  rc = murk_ref_own(g, side, c->unit, &unit, &mi, reason, reason_len);
  if (rc != MURK_OK) return rc;
  struct murk_unit_state* u = &s->units[side][unit];
  const struct murk_platoon* pl = murk_unit_platoon(g, side, unit);
  if (u->state == MURK_PLATOON_RESERVE)
    return murk_reject(reason, reason_len, "platoon %d (%s) is in reserve", unit + 1, pl->name);
  if (u->state != MURK_PLATOON_WAITING)
    return murk_reject(reason, reason_len, "platoon %d (%s) is already deployed", unit + 1,
                       pl->name);
  mi = murk_marker_new(g, side, unit, c->at);
  if (mi < 0) return murk_reject(reason, reason_len, "no more markers fit on this table");
  struct murk_marker* mk = &s->markers[mi];
  u->marker = mk->number;

  if (fog_on(g)) {
    /* seed 000, Fog of War: the platoon goes down as a numbered template; only its owner
     * knows which platoon the number stands for. */
    mk->on_table = true;
    u->state = MURK_PLATOON_HIDDEN;
    murk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s deploys template T%d at %s",
              murk_side_name(side), mk->number, ps);
    murk_event_facts(g, mk->number, NULL, &c->at);
    murk_emit(g, MURK_EV_DEPLOY, murk_audience_of(side), side, "T%d is your %s (platoon %d)",
              mk->number, pl->name, unit + 1);
  } else {
    /* No fog: the platoon is deployed in the open, placed as on a reveal, inside the zone. */
    mk->revealed = true;
    u->state = MURK_PLATOON_REVEALED;
    murk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s deploys P%d at %s: %s (%s, %d team%s)",
              murk_side_name(side), mk->number, ps, pl->name, pl->type,
              murk_unit_alive(s, side, unit), murk_plural(murk_unit_alive(s, side, unit)));
    murk_event_facts(g, mk->number, NULL, &c->at);
    if (murk_fog_place_teams(g, side, unit, c->at, NULL, &m->sides[side].zone) > 0)
      return murk_reject(reason, reason_len,
                         "there is no room in your deployment zone around %s for all %d teams of "
                         "platoon %d",
                         ps, murk_unit_alive(s, side, unit), unit + 1);
  }
  next_deployer(g, side);
  return MURK_OK;
}

int murk_setup_end(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len) {
  struct murk_state* s = &g->s;
  if (s->phase == MURK_PHASE_RESERVES) {
    s->reserves_done[side] = true;
    murk_emit(g, MURK_EV_RESERVE, MURK_AUD_ALL, side, "%s has finished nominating reserves",
              murk_side_name(side));
    if (!s->reserves_done[murk_side_other(side)]) {
      s->to_act = murk_side_other(side);
      return MURK_OK;
    }
    enter_phase(g, MURK_PHASE_DEPLOY);
    return MURK_OK;
  }
  /* DEPLOY */
  for (int i = 0; i < s->nunits[side]; i++) {
    const struct murk_unit_state* u = &s->units[side][i];
    if (u->state != MURK_PLATOON_WAITING) continue;
    const struct murk_platoon* pl = murk_unit_platoon(g, side, i);
    /* seed 000, Revealing platoons: independent teams and warriors may stay off the table
     * and come on with the first platoon of their side to be revealed. */
    if (fog_on(g) && (pl->flags & (MURK_PF(INDEPENDENT) | MURK_PF(WARRIOR)))) continue;
    return murk_reject(reason, reason_len,
                       "platoon %d (%s) is not deployed yet: deploy it (deploy %d at X,Y)", i + 1,
                       pl->name, i + 1);
  }
  s->deploy_done[side] = true;
  if (s->finished_deploying_first == MURK_NO_SIDE) s->finished_deploying_first = side;
  murk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s has finished deploying",
            murk_side_name(side));
  if (!s->deploy_done[murk_side_other(side)]) {
    s->to_act = murk_side_other(side);
    return MURK_OK;
  }
  first_turn(g);
  return MURK_OK;
}
