/* setup.c: from a loaded mission to the first player turn (docs/rules.md, "Setup";
 * Flames of War missions, "Preparing for Battle" and "Beginning the Battle" of every mission).
 *
 * Phases in order, skipping those the mission does not use:
 *   sides rolled (at creation) -> objectives placed step by step -> works built (No Man's
 *   Land: fortifications, then obstacles; deploy.c) -> reserves and ambushes
 *   nominated -> platoons deployed (alternately or one side after the other, as templates
 *   under Fog of War; Random Deployment rolls their sections; Hasty Attack's objective
 *   removal) -> independent and warrior teams -> infiltrators (40k mission special rules) ->
 *   immediate ambushes placed -> reconnaissance deployment moves -> Prepared Positions and the
 *   first-turn roll (Meeting Engagement: +1 for the side that finished deploying first).
 * Reserves and ambushes themselves live in reserves.c; where a side may deploy in
 * deploy.c, where objectives and patrols may go in objectives.c (queries this file asks);
 * each phase's prompt in setup_prompt.c.
 * docs/rules.md, "Setup", says how every step reads its seed. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "deploy.h"
#include "event.h"
#include "fog.h"
#include "intel.h"
#include "marker.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/los.h"
#include "murk/text.h"
#include "night.h"
#include "numbering.h"
#include "reserves.h"
#include "setup.h"
#include "state.h"
#include "turn.h"

static void enter_phase(struct murk_game* g, enum murk_phase from);

static bool fog_on(const struct murk_game* g) {
  return murk_mission_rule_on(g->m, MURK_RULE_FOG_OF_WAR);
}

/* ---- creation ---- */

/* Flames of War missions, Preparing for Battle ("both players roll a die; the higher score chooses
 * the edge to attack from"): each force rolls a die, ties roll again, and the winner's force
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
      mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE, "a tie: both roll again");
      continue;
    }
    enum murk_side win = r[MURK_ATTACKER] > r[MURK_DEFENDER] ? MURK_ATTACKER : MURK_DEFENDER;
    g->s.force_of[MURK_ATTACKER] = win;
    g->s.force_of[MURK_DEFENDER] = murk_side_other(win);
    break;
  }
  mk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, MURK_NO_SIDE, "%s plays the attacker, %s the defender",
          murk_force(g, MURK_ATTACKER)->name, murk_force(g, MURK_DEFENDER)->name);
}

int mk_setup_begin(struct murk_game* g) {
  const struct murk_mission* m = g->m;
  struct mk_state* s = &g->s;
  memset(s, 0, sizeof *s);
  if (g->keyed)
    murk_rng_seed_key(&s->rng, g->dice_key);
  else
    murk_rng_seed(&s->rng, g->seed);
  s->phase = MURK_PHASE_OBJECTIVES;
  s->step = MURK_STEP_STARTING;
  s->to_act = MURK_ATTACKER;
  s->first = MURK_NO_SIDE;
  s->finished_deploying_first = MURK_NO_SIDE;
  s->lr_winner = MURK_NO_SIDE;
  s->winner = MURK_NO_SIDE;
  s->end_offer = MURK_NO_SIDE;
  s->visibility = -1;
  s->next_marker_number = 1;
  s->force_of[MURK_ATTACKER] = MURK_ATTACKER;
  s->force_of[MURK_DEFENDER] = MURK_DEFENDER;

  mk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, MURK_NO_SIDE, "setup: %s", m->name);
  if (m->roll_for_sides) roll_for_sides(g);

  bool dummies = fog_on(g) && murk_mission_param(m, MURK_P_FOW_DUMMIES) != 0;
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    const struct murk_force* f = murk_force(g, (enum murk_side)sd);
    s->nunits[sd] = f->nplatoons;
    for (int p = 0; p < f->nplatoons; p++) {
      const struct murk_platoon* pl = &f->platoons[p];
      struct mk_unit_state* u = &s->units[sd][p];
      u->index = p;
      u->state = MURK_PLATOON_WAITING;
      u->first_team = s->nteams[sd];
      for (int k = 0; k < pl->ngroups; k++) {
        for (int c = 0; c < pl->groups[k].count; c++) {
          struct mk_team* t = &s->teams[sd][s->nteams[sd]++];
          t->profile = pl->groups[k].profile;
          t->alive = true;
        }
      }
      u->nteams = s->nteams[sd] - u->first_team;
    }
    /* ASL night rules E1.41: the attacker's dummy cloaking counters, where cloaking is in force. */
    bool cloak = mk_night_cloak_dummies(g, (enum murk_side)sd);
    s->dummies_left[sd] = (dummies || cloak) && f->dummies > 0 ? f->dummies : 0;
  }
  mk_intel_begin(g); /* Limited Intelligence 27.1: dummy leaders */

  for (int i = 0; i < m->nobjectives; i++) {
    struct mk_placed_objective* o = &s->objectives[s->nobjectives++];
    o->pos = m->objectives[i].at;
    o->for_side = m->objectives[i].for_side;
    o->placed_by = MURK_NO_SIDE;
    o->rule = -1;
    snprintf(o->name, sizeof o->name, "%s", m->objectives[i].name);
    char ps[16];
    murk_pos_format(o->pos, ps, sizeof ps);
    if (o->for_side == MURK_NO_SIDE)
      mk_emit(g, MURK_EV_OBJECTIVE, MURK_AUD_ALL, MURK_NO_SIDE, "objective %s at %s", o->name, ps);
    else
      mk_emit(g, MURK_EV_OBJECTIVE, MURK_AUD_ALL, o->for_side, "objective %s at %s (for the %s)",
              o->name, ps, murk_side_name(o->for_side));
    mk_event_facts(g, 0, NULL, &o->pos);
  }
  s->objective_rule = 0;
  enter_phase(g, MURK_PHASE_OBJECTIVES);
  return g->oom ? MURK_ENOMEM : MURK_OK;
}

/* ---- Random Deployment (Flames of War missions, named by page only): the rolls ---- */

/* One roll per platoon and dummy the side may put down, made before anything is placed:
 * which of them goes where is the owner's choice, so the rolls tell the enemy nothing
 * beyond how many markers may come (public from the force list and reserve events). */
static void roll_random_deployment(struct murk_game* g, enum murk_side side) {
  struct mk_state* s = &g->s;
  /* Under Limited Intelligence a roll for each leader counter the side may put down, a wing's
   * or a dummy's (docs/rules.md, "Limited Intelligence with the other rules"). */
  int slots = (mk_intel_on(g) ? mk_intel_wings_waiting(g, side)
                              : mk_deploy_waiting(g, side, MURK_PHASE_DEPLOY)) +
              s->dummies_left[side];
  int sections = murk_mission_param(g->m, MURK_P_RD_SECTIONS);
  struct murk_dice_expr d = murk_mission_param_dice(g->m, MURK_P_RD_DIE);
  int lo = d.count * d.mul + d.add, hi = d.count * d.sides * d.mul + d.add;
  if (d.count == 0) lo = hi = d.add;
  s->nrd_slots[side] = 0;
  for (int i = 0; i < slots && i < MK_MAX_RD_SLOTS; i++) {
    char purpose[MURK_ROLL_PURPOSE], where[80];
    snprintf(purpose, sizeof purpose, "random deployment, %s", murk_side_name(side));
    int r = murk_roll(g, &d, purpose, MURK_AUD_ALL, NULL);
    int k = hi > lo ? (r - lo) * sections / (hi - lo + 1) : 0;
    if (k < 0) k = 0;
    if (k >= sections) k = sections - 1;
    s->rd_slots[side][s->nrd_slots[side]++] = k;
    mk_deploy_section_text(g, side, k, where, sizeof where);
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side, "%s: one deployment in %s", murk_side_name(side),
            where);
  }
}

/* ---- first turn ---- */

static void first_turn(struct murk_game* g) {
  const struct murk_mission* m = g->m;
  enum murk_side first = MURK_ATTACKER;
  mk_deploy_prepared_positions(g);
  mk_night_after_deployment(g); /* 40k mission special rules, Dusk & Dawn: before the first-turn
                                   roll */
  if (m->first_turn == MURK_FIRST_DEFENDER) first = MURK_DEFENDER;
  if (m->first_turn == MURK_FIRST_ROLL) {
    struct murk_dice_expr d6 = {1, 6, 1, 0};
    /* Flames of War missions, Meeting Engagement: the side that finished deploying first adds the
     * bonus. */
    int bonus = murk_mission_rule_on(m, MURK_RULE_MEETING_ENGAGEMENT)
                    ? murk_mission_param(m, MURK_P_ME_BONUS)
                    : 0;
    enum murk_side fin = g->s.finished_deploying_first;
    for (int tries = 0; tries < 100; tries++) {
      int r[MURK_SIDES];
      for (int sd = 0; sd < MURK_SIDES; sd++) {
        char purpose[MURK_ROLL_PURPOSE];
        snprintf(purpose, sizeof purpose, "first turn, %s", murk_side_name((enum murk_side)sd));
        bool me = bonus != 0 && fin == (enum murk_side)sd;
        /* Flames of War missions, No Man's Land, Beginning the Battle: the defender adds 1. */
        int own = m->first_turn_bonus[sd];
        const char* why = me && own ? "finished deploying first, and the mission's bonus"
                          : me      ? "finished deploying first"
                          : own     ? "the mission's bonus"
                                    : NULL;
        r[sd] = murk_roll_mod(g, &d6, purpose, MURK_AUD_ALL, why, (me ? bonus : 0) + own, NULL);
      }
      if (r[MURK_ATTACKER] != r[MURK_DEFENDER]) {
        first = r[MURK_ATTACKER] > r[MURK_DEFENDER] ? MURK_ATTACKER : MURK_DEFENDER;
        break;
      }
      mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE, "a tie: both roll again");
    }
  }
  g->s.first = first;
  mk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, first, "the %s takes the first turn",
          murk_side_name(first));
  mk_turn_begin_play(g, first);
}

/* ---- the phase table ----
 *
 * One row per phase, in the order of enum murk_phase: how the phase is entered (its intro,
 * whether a side has work in it, who goes first), what `end` does in it and what the side
 * to act is asked to do. Setup walks the rows in order, skipping a phase no side has work
 * in; s->phase_done[phase][side] says a side has finished its part of a two-sided phase. */

struct phase_row {
  /* A phase of its own making (objectives, deployment): enters it and returns true, or
   * false when the mission does not use it. NULL: the two-sided entry below. */
  bool (*enter)(struct murk_game* g);
  /* The two-sided entry: "setup: <intro>; the <side> goes first". */
  const char* intro;
  bool (*has_work)(const struct murk_game* g, enum murk_side side); /* NULL: both have */
  enum murk_side (*first)(struct murk_game* g); /* may roll (infiltrators' coin) */
  /* `end` in this phase; NULL: it cannot be ended. no_end says why not (with `end`: why not
   * now, MURK_OK when it may). */
  int (*end)(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len);
  int (*no_end)(const struct murk_game* g, char* reason, size_t reason_len);
  /* The prompt of the side to act, and what the waiting side is told it does. */
  void (*prompt)(const struct murk_game* g, char* buf, size_t n);
  const char* waiting;
};

/* Recce platoons of `side` on the table that have not made their move. */
static int recce_left(const struct murk_game* g, enum murk_side side) {
  int n = 0;
  for (int i = 0; i < g->s.nunits[side]; i++) {
    const struct mk_unit_state* u = &g->s.units[side][i];
    if ((mk_unit_platoon(g, side, i)->flags & MURK_PF(RECCE)) && !u->recce_moved &&
        (u->state == MURK_PLATOON_HIDDEN || u->state == MURK_PLATOON_REVEALED))
      n++;
  }
  return n;
}

/* Flames of War missions, Cauldron (Preparing for Battle, 3-7) and Breakthrough (5-8): the
 * defender nominates and deploys, and only then does the attacker commit its reserves and
 * deploy (`nominate: with_deployment`). Such a side has no work in the first nominations. */
static bool nominates_later(const struct murk_game* g, enum murk_side side) {
  return g->m->nominate_with_deployment && side != g->m->deploy_first;
}
static bool work_reserves(const struct murk_game* g, enum murk_side side) {
  return !nominates_later(g, side) && mk_reserves_side_nominates(g, side);
}
static bool work_independents(const struct murk_game* g, enum murk_side side) {
  return mk_deploy_waiting(g, side, MURK_PHASE_INDEPENDENTS) > 0;
}
static bool work_infiltrate(const struct murk_game* g, enum murk_side side) {
  return mk_deploy_waiting(g, side, MURK_PHASE_INFILTRATE) > 0;
}
static bool work_ambush(const struct murk_game* g, enum murk_side side) {
  return mk_reserves_immediate_left(g, side) > 0;
}
static bool work_recce(const struct murk_game* g, enum murk_side side) {
  return murk_mission_rule_on(g->m, MURK_RULE_RECCE_DEPLOYMENT) && recce_left(g, side) > 0;
}

static enum murk_side attacker_first(struct murk_game* g) {
  (void)g;
  return MURK_ATTACKER;
}
/* Flames of War missions, Beginning the Battle: the defender places its immediate ambush first. */
static enum murk_side defender_first(struct murk_game* g) {
  (void)g;
  return MURK_DEFENDER;
}
static enum murk_side independents_first(struct murk_game* g) {
  return g->m->independents_first;
}
static enum murk_side recce_first(struct murk_game* g) {
  return g->m->recce_first;
}
/* 40k mission special rules, Infiltrate: when both sides have infiltrators a coin decides who
 * starts. */
static enum murk_side infiltrate_first(struct murk_game* g) {
  if (!work_infiltrate(g, MURK_ATTACKER) || !work_infiltrate(g, MURK_DEFENDER))
    return MURK_ATTACKER;
  struct murk_dice_expr coin = {1, 2, 1, 0};
  int r = murk_roll(g, &coin, "infiltrators, 1: attacker first", MURK_AUD_ALL, NULL);
  return r == 1 ? MURK_ATTACKER : MURK_DEFENDER;
}

static bool enter_objectives(struct murk_game* g);
static bool enter_deploy(struct murk_game* g);
static int end_reserves(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len);
static int end_deploy(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len);
static int end_teams(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len);
static int end_ambush(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len);
static int end_recce(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len);
static int end_step(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len);
static int objectives_no_end(const struct murk_game* g, char* reason, size_t reason_len);
static int end_objectives(struct murk_game* g, enum murk_side side, char* reason,
                          size_t reason_len);
static int over_no_end(const struct murk_game* g, char* reason, size_t reason_len);
static int play_no_end(const struct murk_game* g, char* reason, size_t reason_len);
static int end_patrol(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len);
static int end_works(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len);

static const struct phase_row phases[MURK_PHASE_COUNT] = {
    [MURK_PHASE_OBJECTIVES] = {.enter = enter_objectives,
                               .end = end_objectives,
                               .no_end = objectives_no_end,
                               .prompt = mk_setup_prompt_objectives,
                               .waiting = "places objectives"},
    [MURK_PHASE_RESERVES] = {.intro = "reserves and ambushes are nominated",
                             .has_work = work_reserves,
                             .first = attacker_first,
                             .end = end_reserves,
                             .prompt = mk_setup_prompt_reserves,
                             .waiting = "nominates reserves"},
    /* Flames of War missions, No Man's Land: fortifications, then obstacles (deploy.c). */
    [MURK_PHASE_FORTIFY] = {.intro = "each side places its fortifications",
                            .has_work = mk_deploy_fortify_due,
                            .first = defender_first,
                            .end = end_works,
                            .prompt = mk_deploy_works_prompt,
                            .waiting = "places its fortifications"},
    [MURK_PHASE_WIRE] = {.intro = "each side places its obstacles in the enemy's half",
                         .has_work = mk_deploy_wire_due,
                         .first = defender_first,
                         .end = end_works,
                         .prompt = mk_deploy_works_prompt,
                         .waiting = "places its obstacles"},
    [MURK_PHASE_DEPLOY] = {.enter = enter_deploy,
                           .end = end_deploy,
                           .prompt = mk_setup_prompt_deploy,
                           .waiting = "deploys"},
    /* Flames of War missions, No Man's Land: the patrols go out after deployment. */
    [MURK_PHASE_PATROL] = {.intro = "patrols go out into No Man's Land",
                           .has_work = mk_objectives_work_patrol,
                           .first = mk_objectives_patrol_first,
                           .end = end_patrol,
                           .prompt = mk_setup_prompt_patrol,
                           .waiting = "sends out its patrol"},
    [MURK_PHASE_INDEPENDENTS] = {.intro = "independent and warrior teams deploy",
                                 .has_work = work_independents,
                                 .first = independents_first,
                                 .end = end_teams,
                                 .prompt = mk_setup_prompt_deploy,
                                 .waiting = "deploys independent teams"},
    [MURK_PHASE_INFILTRATE] = {.intro = "infiltrators deploy",
                               .has_work = work_infiltrate,
                               .first = infiltrate_first,
                               .end = end_teams,
                               .prompt = mk_setup_prompt_deploy,
                               .waiting = "deploys infiltrators"},
    [MURK_PHASE_AMBUSH] = {.intro = "immediate ambushes are placed",
                           .has_work = work_ambush,
                           .first = defender_first,
                           .end = end_ambush,
                           .prompt = mk_setup_prompt_ambush,
                           .waiting = "places an immediate ambush"},
    [MURK_PHASE_RECCE] = {.intro = "reconnaissance deployment moves",
                          .has_work = work_recce,
                          .first = recce_first,
                          .end = end_recce,
                          .prompt = mk_setup_prompt_recce,
                          .waiting = "makes reconnaissance moves"},
    /* Play: `end` ends the step (turn.c); its prompt is the view's, from the command table. */
    [MURK_PHASE_PLAY] = {.end = end_step, .no_end = play_no_end},
    [MURK_PHASE_OVER] = {.no_end = over_no_end},
};

static bool has_work(const struct murk_game* g, enum murk_side side, enum murk_phase phase) {
  return !phases[phase].has_work || phases[phase].has_work(g, side);
}

/* The two-sided entry: sides with nothing to do are done at once. Returns false if neither
 * side has anything to do. */
static bool start_sided(struct murk_game* g, enum murk_phase phase) {
  struct mk_state* s = &g->s;
  bool work[MURK_SIDES];
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    work[sd] = has_work(g, (enum murk_side)sd, phase);
    s->phase_done[phase][sd] = !work[sd];
  }
  if (!work[0] && !work[1]) return false;
  enum murk_side first = phases[phase].first(g);
  s->phase = phase;
  s->to_act = work[first] ? first : murk_side_other(first);
  mk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, s->to_act, "setup: %s; the %s goes first",
          phases[phase].intro, murk_side_name(s->to_act));
  return true;
}

/* Enter `phase`, or the first phase after it that the mission uses; after the last, play. */
static void enter_phase(struct murk_game* g, enum murk_phase phase) {
  mk_mark_step_start(g);
  for (int p = phase; p < MURK_PHASE_PLAY; p++) {
    const struct phase_row* r = &phases[p];
    /* No Man's Land: the left/right roll and the objectives come between deployment and
     * the patrols (Preparing for Battle). */
    if (p == MURK_PHASE_PATROL && mk_objectives_nml_on(g) && enter_objectives(g)) return;
    if (r->enter ? r->enter(g) : start_sided(g, (enum murk_phase)p)) return;
  }
  first_turn(g);
}

/* No Man's Land places its objectives after the Fortified Platoons deploy (Preparing for
 * Battle, in the text's order): has deployment been made? */
static bool nml_deployed(const struct murk_game* g) {
  return g->s.phase_done[MURK_PHASE_DEPLOY][MURK_ATTACKER] &&
         g->s.phase_done[MURK_PHASE_DEPLOY][MURK_DEFENDER];
}

static bool enter_objectives(struct murk_game* g) {
  const struct murk_mission* m = g->m;
  struct mk_state* s = &g->s;
  if (mk_objectives_nml_on(g) && !nml_deployed(g)) return false; /* after deployment */
  if (mk_objectives_nml_on(g) && s->lr_winner == MURK_NO_SIDE && m->nobjective_rules > 0)
    mk_objectives_roll_left_right(g);
  while (s->objective_rule < m->nobjective_rules && mk_setup_objective_step(g)->count <= 0)
    s->objective_rule++;
  if (s->objective_rule >= m->nobjective_rules) return false;
  const struct murk_objective_rule* r = mk_setup_objective_step(g);
  s->phase = MURK_PHASE_OBJECTIVES;
  s->objective_placed = 0;
  s->to_act = r->by == MURK_DEFENDER ? MURK_DEFENDER : MURK_ATTACKER;
  char rs[64];
  mk_deploy_region_text(&r->in, rs, sizeof rs);
  mk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, s->to_act, "setup: the %s places %d objective%s in %s",
          murk_side_name(s->to_act), r->count, r->count == 1 ? "" : "s", rs);
  return true;
}

static bool enter_deploy(struct murk_game* g) {
  const struct murk_mission* m = g->m;
  struct mk_state* s = &g->s;
  s->phase = MURK_PHASE_DEPLOY;
  s->phase_done[MURK_PHASE_DEPLOY][0] = s->phase_done[MURK_PHASE_DEPLOY][1] = false;
  s->to_act = m->deploy_first;
  mk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, s->to_act, "setup: deployment; the %s deploys first",
          murk_side_name(s->to_act));
  /* Random Deployment's rolls when the side starts deploying: where one side deploys all
   * before the other, the second side's rolls come after the first has deployed (Flames
   * of War missions, Cauldron, Preparing for Battle 5-7). */
  for (int sd = 0; sd < MURK_SIDES; sd++)
    if (mk_deploy_random(g, (enum murk_side)sd) && (!m->deploy_in_turn || sd == m->deploy_first))
      roll_random_deployment(g, (enum murk_side)sd);
  return true;
}

/* The side deploying second under deploy_order: in_turn starts: its Random Deployment rolls
 * (above), or first its late nominations (nominates_later). True if it nominates now. */
static bool begin_second_deployment(struct murk_game* g, enum murk_side side) {
  struct mk_state* s = &g->s;
  if (nominates_later(g, side) && mk_reserves_side_nominates(g, side)) {
    mk_mark_step_start(g);
    s->phase = MURK_PHASE_RESERVES;
    s->phase_done[MURK_PHASE_RESERVES][side] = false;
    s->to_act = side;
    mk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, side, "setup: the %s nominates reserves",
            murk_side_name(side));
    return true;
  }
  if (mk_deploy_random(g, side)) roll_random_deployment(g, side);
  return false;
}

/* The side to act after `side` in a two-sided phase: the other side while it is not done
 * (alternating), else the same side; when both are done, the next phase. */
static void next_in_phase(struct murk_game* g, enum murk_side side, bool alternate) {
  struct mk_state* s = &g->s;
  const bool* done = s->phase_done[s->phase];
  enum murk_side other = murk_side_other(side);
  if (done[side] && done[other]) {
    enter_phase(g, (enum murk_phase)(s->phase + 1));
    return;
  }
  if (done[side])
    s->to_act = other;
  else
    s->to_act = alternate && !done[other] ? other : side;
}

/* ---- No Man's Land's works: one side places all its pieces, then the other ---- */

int mk_setup_build(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                   const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  (void)a;
  int rc = mk_deploy_build(g, side, c->at, c->at2, reason, reason_len);
  if (rc == MURK_OK && !has_work(g, side, g->s.phase)) rc = end_works(g, side, NULL, 0);
  return rc;
}

static int end_works(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len) {
  int rc = mk_deploy_works_end(g, side, reason, reason_len);
  if (rc != MURK_OK) return rc;
  g->s.phase_done[g->s.phase][side] = true;
  next_in_phase(g, side, false);
  return MURK_OK;
}

/* ---- No Man's Land's patrols (objectives.c: where they go) ---- */

int mk_setup_patrol(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  int unit = a->unit;
  struct mk_unit_state* u = &s->units[side][unit];
  const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
  if (!mk_objectives_patrol_eligible(g, side, unit))
    return mk_reject(reason, reason_len,
                     "platoon %d (%s) cannot go out on patrol: a patrol is a platoon on the "
                     "table",
                     unit + 1, pl->name);
  int rc = mk_setup_patrol_cell(g, side, c->at, reason, reason_len);
  if (rc != MURK_OK) return rc;
  char ps[16];
  murk_pos_format(c->at, ps, sizeof ps);
  if (!mk_cell_free(s, c->at))
    return mk_reject(reason, reason_len, "%s is taken: one marker or team a cell", ps);
  struct murk_zone area;
  mk_objectives_patrol_area(g, side, &area);
  /* "nominate one platoon to be their Patrol ... and remove it from the table". */
  {
    int mi = mk_marker_index(s, u->marker);
    struct murk_pos was = mi >= 0 ? s->markers[mi].pos : c->at;
    if (mi >= 0) s->markers[mi].on_table = false;
    for (int t = u->first_team; t < u->first_team + u->nteams; t++)
      s->teams[side][t].placed = false;
    mk_emit(g, MURK_EV_MOVE, MURK_AUD_ALL, side, "%s takes %s%d off the table as its patrol",
            murk_side_name(side), u->state == MURK_PLATOON_HIDDEN ? "T" : "P", u->marker);
    mk_event_facts(g, u->marker, &was, NULL);
  }
  u->state = MURK_PLATOON_WAITING;
  u->ambush = 0;
  rc = mk_put_platoon(g, side, unit, c->at, &area, "sends out its patrol", false, reason,
                      reason_len);
  if (rc != MURK_OK) return rc;
  s->patrol_out[side] = true;
  s->phase_done[MURK_PHASE_PATROL][side] = true;
  next_in_phase(g, side, true);
  return MURK_OK;
}

/* A side with a platoon for it must send its patrol out; `end` only when no cell is left. */
static int end_patrol(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len) {
  const struct murk_grid* gr = &g->m->grid;
  for (int y = 0; y < gr->height; y++)
    for (int x = 0; x < gr->width; x++) {
      struct murk_pos p = {x, y};
      if (mk_setup_patrol_cell(g, side, p, NULL, 0) == MURK_OK && mk_cell_free(&g->s, p))
        return mk_reject(reason, reason_len,
                         "No Man's Land: send out your patrol first (patrol N at X,Y)");
    }
  g->s.phase_done[MURK_PHASE_PATROL][side] = true;
  mk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s finds no place for its patrol",
          murk_side_name(side));
  next_in_phase(g, side, true);
  return MURK_OK;
}

/* ---- objectives ---- */

int mk_setup_objective(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                       const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  (void)a;
  struct mk_state* s = &g->s;
  const struct murk_objective_rule* r = mk_setup_objective_step(g);
  int rc = mk_objectives_cell_check(g, c->at, reason, reason_len);
  if (rc != MURK_OK) return rc;
  char ps[16];
  murk_pos_format(c->at, ps, sizeof ps);
  struct mk_placed_objective* o = &s->objectives[s->nobjectives++];
  o->pos = c->at;
  o->for_side = r->for_side;
  o->placed_by = side;
  o->rule = mk_objectives_step_index(g);
  snprintf(o->name, sizeof o->name, "%d", s->nobjectives + s->removed);
  if (o->for_side == MURK_NO_SIDE)
    mk_emit(g, MURK_EV_OBJECTIVE, MURK_AUD_ALL, side, "%s places objective %s at %s",
            murk_side_name(side), o->name, ps);
  else
    mk_emit(g, MURK_EV_OBJECTIVE, MURK_AUD_ALL, side, "%s places objective %s at %s (for the %s)",
            murk_side_name(side), o->name, ps, murk_side_name(o->for_side));
  mk_event_facts(g, 0, NULL, &o->pos);
  if (++s->objective_placed >= r->count) {
    s->objective_rule++;
    /* No Man's Land's objectives are placed after deployment: the patrols follow them. */
    enter_phase(g, mk_objectives_nml_on(g) ? MURK_PHASE_PATROL : MURK_PHASE_OBJECTIVES);
  }
  return MURK_OK;
}

/* ---- reserves ---- */

int mk_setup_reserve(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                     const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  return mk_reserves_nominate(g, side, c, a, reason, reason_len);
}

/* ---- deployment ---- */

/* Limited Intelligence with Infiltrate (docs/rules.md, "Limited Intelligence with the other
 * rules"): a side may put down a dummy leader it kept back as an infiltrating counter, on the
 * cells an infiltrator may take, told to the enemy as an infiltrator's leader is; else every
 * counter put down in this phase would be known real. murk's choice. */
static int infiltrate_dummy(struct murk_game* g, enum murk_side side, struct murk_pos at,
                            char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  if (murk_force(g, side)->dummies <= 0)
    return mk_reject(reason, reason_len, "this mission gives you no dummy leaders");
  if (s->dummies_left[side] <= 0)
    return mk_reject(reason, reason_len, "you have no dummy leaders left");
  int rc = mk_deploy_check_infiltration(g, side, at, reason, reason_len);
  if (rc != MURK_OK) return rc;
  char ps[16];
  murk_pos_format(at, ps, sizeof ps);
  if (!mk_cell_known_free(g, side, at))
    return mk_reject(reason, reason_len, "%s is taken: one marker or team a cell", ps);
  if (!mk_cell_free(s, at)) { /* an enemy it did not know of: a contact ("Hidden contact") */
    mk_hidden_contact(g, side, "a new leader", at, at);
    return MURK_OK;
  }
  int mi = mk_marker_new(g, side, -1, at);
  if (mi < 0) return mk_reject(reason, reason_len, "no more markers fit on this table");
  s->dummies_left[side]--;
  mk_intel_put_dummy(g, side, mi, "deploys");
  next_in_phase(g, side, true);
  return MURK_OK;
}

int mk_setup_deploy(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  const struct murk_mission* m = g->m;
  struct mk_state* s = &g->s;
  enum murk_phase ph = s->phase;
  if (mk_deploy_removal_due(g, side))
    return mk_reject(reason, reason_len,
                     "first take away %d of the objectives you placed (remove objective NAME)",
                     m->remove_count - s->removed);
  char ps[16];
  murk_pos_format(c->at, ps, sizeof ps);
  /* `deploy N hidden`: the night defender's hidden setup (ASL night rules E1.2). */
  bool hidden = c->reserve == MURK_RESERVE_HIDDEN;
  if (c->reserve != MURK_RESERVE_DEFAULT && !hidden)
    return mk_reject(reason, reason_len,
                     "a platoon deploys as it is, or hidden (deploy N hidden "
                     "at X,Y); reserves are named before deployment");
  if (hidden && c->unit.kind == MURK_REF_DUMMY)
    return mk_reject(reason, reason_len, "only platoons set up hidden, not dummies");
  if (hidden && !mk_night_conceals(g, side, a->unit))
    return mk_reject(reason, reason_len,
                     "only the defender sets up hidden, on a night played under the ASL night "
                     "rules' Night Visibility Range");
  if (hidden && mk_night_hidden_left(g, side) <= 0)
    return mk_reject(reason, reason_len,
                     "no more of your platoons may set up hidden (at most %d%% of them, the ASL "
                     "night rules)",
                     murk_mission_param(m, MURK_P_NVR_HIDDEN));

  if (ph == MURK_PHASE_DEPLOY && mk_intel_on(g)) { /* wing leaders (Limited Intelligence 27.1.2) */
    bool whole = false;
    int rc = mk_intel_deploy(g, side, c, a, &whole, reason, reason_len);
    if (rc == MURK_OK) next_in_phase(g, side, whole && !m->deploy_in_turn);
    return rc;
  }

  if (c->unit.kind == MURK_REF_DUMMY && ph == MURK_PHASE_INFILTRATE && mk_intel_on(g))
    return infiltrate_dummy(g, side, c->at, reason, reason_len);
  if (c->unit.kind == MURK_REF_DUMMY) {
    if (ph != MURK_PHASE_DEPLOY)
      return mk_reject(reason, reason_len, "dummy %s are deployed with the platoons",
                       mk_marker_dummy_noun(g, side, true));
    if (!mk_night_cloak_dummies(g, side) &&
        (!fog_on(g) || murk_mission_param(m, MURK_P_FOW_DUMMIES) == 0 ||
         murk_force(g, side)->dummies <= 0))
      return mk_reject(reason, reason_len, "this mission gives you no dummy %s",
                       mk_marker_dummy_noun(g, side, true));
    if (s->dummies_left[side] <= 0)
      return mk_reject(reason, reason_len, "you have no dummy %s left",
                       mk_marker_dummy_noun(g, side, true));
    int rc = mk_deploy_check_side_zone(g, side, c->at, "your deployment", reason, reason_len, NULL);
    if (rc != MURK_OK) return rc;
    if (!mk_cell_free(s, c->at))
      return mk_reject(reason, reason_len, "%s is taken: one marker or team a cell", ps);
    int slot = -1;
    if (mk_deploy_random(g, side) &&
        (slot = mk_deploy_rd_slot_for(g, side, c->at, reason, reason_len)) < 0)
      return MURK_EREJECTED;
    int mi = mk_marker_new(g, side, -1, c->at);
    if (mi < 0) return mk_reject(reason, reason_len, "no more markers fit on this table");
    if (slot >= 0) s->rd_slots[side][slot] = -1;
    s->markers[mi].on_table = true;
    if (!fog_on(g)) s->markers[mi].kind = MURK_MARKER_CLOAK; /* a dummy cloaking counter */
    s->dummies_left[side]--;
    int num = s->markers[mi].number;
    mk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s deploys %s T%d at %s", murk_side_name(side),
            mk_marker_ops(g, mi)->name, num, ps);
    mk_event_facts(g, num, NULL, &c->at);
    /* One private event, as for a platoon: the gaps in the other side's event numbers
     * must look the same either way. */
    mk_emit(g, MURK_EV_DEPLOY, murk_audience_of(side), side, "T%d is a dummy", num);
    next_in_phase(g, side, !m->deploy_in_turn);
    return MURK_OK;
  }

  int unit = a->unit, rc;
  if (ph == MURK_PHASE_DEPLOY && (rc = mk_numbering_room(g, side, reason, reason_len)) != MURK_OK)
    return rc;
  struct mk_unit_state* u = &s->units[side][unit];
  const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
  if (u->state == MURK_PLATOON_RESERVE)
    return mk_reject(reason, reason_len, "platoon %d (%s) is %s", unit + 1, pl->name,
                     u->ambush ? "in ambush" : "in reserve");
  if (u->state != MURK_PLATOON_WAITING)
    return mk_reject(reason, reason_len, "platoon %d (%s) is already deployed", unit + 1, pl->name);
  enum murk_phase own = mk_deploy_phase_of(g, side, unit);
  if (own != ph) {
    /* Flames of War missions, Preparing for Battle: independent and warrior teams after every
     * platoon; 40k mission special rules, Infiltrate: infiltrators after everything else. */
    if (own == MURK_PHASE_INDEPENDENTS)
      return mk_reject(reason, reason_len,
                       "platoon %d (%s) is an independent or warrior team: it deploys after "
                       "the platoons",
                       unit + 1, pl->name);
    if (own == MURK_PHASE_INFILTRATE)
      return mk_reject(reason, reason_len,
                       "platoon %d (%s) infiltrates: it deploys after everything else", unit + 1,
                       pl->name);
    return mk_reject(reason, reason_len, "platoon %d (%s) should have deployed already", unit + 1,
                     pl->name);
  }
  if (ph == MURK_PHASE_DEPLOY && !mk_deploy_fortified_allows(g, side, unit))
    return mk_reject(reason, reason_len,
                     "No Man's Land: only the Fortified Platoons deploy; platoon %d (%s) waits "
                     "in delayed reserve",
                     unit + 1, pl->name);
  if (ph == MURK_PHASE_DEPLOY && murk_mission_rule_on(m, MURK_RULE_ESCALATION) &&
      !mk_deploy_escalation_allows(pl))
    return mk_reject(reason, reason_len,
                     "escalation: only infantry without transports deploys at the start; "
                     "platoon %d (%s) waits in reserve",
                     unit + 1, pl->name);
  const struct murk_zone* part = &m->sides[side].zone;
  if (ph == MURK_PHASE_INFILTRATE)
    rc = mk_deploy_check_infiltration(g, side, c->at, reason, reason_len);
  else
    rc = mk_deploy_check_side_zone(g, side, c->at, "your deployment", reason, reason_len, &part);
  if (rc == MURK_OK) rc = mk_deploy_trench_check(g, side, c->at, reason, reason_len);
  if (rc != MURK_OK) return rc;
  if (!mk_cell_free(s, c->at))
    return mk_reject(reason, reason_len, "%s is taken: one marker or team a cell", ps);
  if (ph == MURK_PHASE_DEPLOY && m->sides[side].setup.each_zone) {
    rc = mk_deploy_check_each_zone(g, side, part, reason, reason_len);
    if (rc != MURK_OK) return rc;
  }
  int slot = -1;
  if (ph == MURK_PHASE_DEPLOY && mk_deploy_random(g, side) &&
      (slot = mk_deploy_rd_slot_for(g, side, c->at, reason, reason_len)) < 0)
    return MURK_EREJECTED;
  if (slot >= 0) s->rd_slots[side][slot] = -1;
  /* Without fog the teams stay in the zone (infiltrators: anywhere allowed). */
  rc = mk_put_platoon(g, side, unit, c->at, ph == MURK_PHASE_INFILTRATE ? NULL : part, "deploys",
                      hidden, reason, reason_len);
  if (rc != MURK_OK) return rc;
  /* Under Limited Intelligence the infiltrating side says when it is done (`end`): finished
   * by itself after its last infiltrator, it would show the enemy that counter real. */
  if (ph != MURK_PHASE_DEPLOY && mk_deploy_waiting(g, side, ph) == 0 &&
      !(ph == MURK_PHASE_INFILTRATE && mk_intel_on(g))) {
    /* Nothing more to put down in this phase: the side is done without an `end`. */
    s->phase_done[ph][side] = true;
    mk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s has finished %s", murk_side_name(side),
            ph == MURK_PHASE_INFILTRATE ? "infiltrating" : "deploying its teams");
  }
  next_in_phase(g, side, ph != MURK_PHASE_DEPLOY || !m->deploy_in_turn);
  return MURK_OK;
}

/* `template at X,Y`: a template whose platoon is named before the side ends (numbering.c). */
int mk_setup_template(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                      const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  (void)a;
  int rc = mk_numbering_template(g, side, c->at, reason, reason_len);
  if (rc == MURK_OK) next_in_phase(g, side, !g->m->deploy_in_turn);
  return rc;
}

/* ---- immediate ambush (Flames of War missions, Beginning the Battle, point 1) ---- */

int mk_setup_ambush(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  int rc = mk_reserves_ambush(g, side, c, a, reason, reason_len);
  if (rc != MURK_OK || s->phase != MURK_PHASE_AMBUSH) return rc;
  if (mk_reserves_immediate_left(g, side) > 0) return MURK_OK;
  enum murk_side other = murk_side_other(side);
  if (mk_reserves_immediate_left(g, other) > 0)
    s->to_act = other;
  else
    enter_phase(g, MURK_PHASE_RECCE);
  return MURK_OK;
}

/* ---- reconnaissance deployment moves (Flames of War missions, Beginning the Battle) ---- */

int mk_setup_recce(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                   const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  const struct murk_mission* m = g->m;
  int unit = a->unit, mi = a->marker;
  if (unit < 0) return mk_reject(reason, reason_len, "a dummy makes no reconnaissance move");
  struct mk_unit_state* u = &s->units[side][unit];
  const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
  if (!(pl->flags & MURK_PF(RECCE)))
    return mk_reject(reason, reason_len, "platoon %d (%s) is not a recce platoon", unit + 1,
                     pl->name);
  if (u->state != MURK_PLATOON_HIDDEN && u->state != MURK_PLATOON_REVEALED)
    return mk_reject(reason, reason_len, "platoon %d (%s) is not on the table", unit + 1, pl->name);
  if (u->recce_moved)
    return mk_reject(reason, reason_len, "platoon %d (%s) has made its move", unit + 1, pl->name);
  /* The platoon moves as one: its template, or its teams keeping their places around the
   * first. The path is the straight line; it may not cross the enemy or leave the table. */
  struct murk_pos from;
  bool template_ = u->state == MURK_PLATOON_HIDDEN;
  int first = -1;
  if (template_) {
    from = s->markers[mi].pos;
  } else {
    for (int t = u->first_team; t < u->first_team + u->nteams && first < 0; t++)
      if (s->teams[side][t].alive && s->teams[side][t].placed) first = t;
    if (first < 0) return mk_reject(reason, reason_len, "platoon %d has no teams", unit + 1);
    from = s->teams[side][first].pos;
  }
  char ps[16], fs[16], cs[32];
  murk_pos_format(c->at, ps, sizeof ps);
  murk_pos_format(from, fs, sizeof fs);
  if (!murk_geom_on_table(&m->grid, c->at))
    return mk_reject(reason, reason_len, "%s is off the table", ps);
  int allow = murk_mission_param(m, MURK_P_RECCE_DISTANCE);
  int dist = murk_geom_distance(&m->grid, from, c->at);
  if (dist > allow) {
    mk_cells_text(g, allow, cs, sizeof cs);
    return mk_reject(reason, reason_len,
                     "that is %d cells; a reconnaissance deployment move is at most %s (%d "
                     "cells)",
                     dist, cs, allow);
  }
  struct murk_line_step steps[2 * MURK_MISSION_MAX_CELLS + 2];
  size_t n = murk_geom_line(&m->grid, from, c->at, steps, sizeof steps / sizeof steps[0]);
  enum murk_side enemy = murk_side_other(side);
  for (size_t i = 1; i < n && i < sizeof steps / sizeof steps[0]; i++) {
    struct murk_pos p = steps[i].cell;
    char qs[16];
    murk_pos_format(p, qs, sizeof qs);
    if (!mk_cell_passable(m, p))
      return mk_reject(reason, reason_len, "the way is blocked at %s", qs);
    enum murk_side who;
    int mk = mk_marker_index_at(s, p);
    if ((mk >= 0 && s->markers[mk].owner == enemy) ||
        (mk_team_at(s, p, &who, NULL) && who == enemy))
      return mk_reject(reason, reason_len, "the enemy is in the way at %s", qs);
  }
  int mk = mk_marker_index_at(s, c->at);
  int tm = -1;
  enum murk_side who = MURK_NO_SIDE;
  bool team_there = mk_team_at(s, c->at, &who, &tm);
  bool self = (template_ && mk == mi) || (team_there && who == side && tm == first);
  if (!self && (mk >= 0 || team_there))
    return mk_reject(reason, reason_len, "%s is taken: one marker or team a cell", ps);
  int keep = murk_mission_param(m, MURK_P_RECCE_KEEP_OUT);
  int d = mk_known_nearest(g, side, c->at, NULL); /* the enemy the side knows of */
  if (keep > 0 && d <= keep) {
    mk_cells_text(g, keep, cs, sizeof cs);
    return mk_reject(reason, reason_len,
                     "a reconnaissance move may not end within %s (%d cells) of the enemy; %s "
                     "is %d away",
                     cs, keep, ps, d);
  }
  u->recce_moved = true;
  const char* who_name = murk_side_name(side);
  if (template_) {
    s->markers[mi].pos = c->at;
    mk_emit(g, MURK_EV_MOVE, MURK_AUD_ALL, side, "%s T%d makes a reconnaissance move %s -> %s",
            who_name, s->markers[mi].number, fs, ps);
    mk_event_facts(g, s->markers[mi].number, &from, &c->at);
  } else {
    /* Lift the teams, then put them down around the new place like a reveal does. */
    for (int t = u->first_team; t < u->first_team + u->nteams; t++)
      s->teams[side][t].placed = false;
    mk_emit(g, MURK_EV_MOVE, MURK_AUD_ALL, side, "%s P%d makes a reconnaissance move %s -> %s",
            who_name, u->marker, fs, ps);
    mk_event_facts(g, u->marker, &from, &c->at);
    if (mk_fog_place_teams(g, side, unit, c->at, NULL, NULL) > 0)
      return mk_reject(reason, reason_len, "there is no room around %s for the platoon's teams",
                       ps);
  }
  /* One side makes all its moves (or ends), then the other. */
  if (recce_left(g, side) == 0) s->phase_done[MURK_PHASE_RECCE][side] = true;
  next_in_phase(g, side, false);
  return MURK_OK;
}

/* ---- end: what it does in each phase (the phase table's `end`) ---- */

static int end_reserves(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len) {
  int rc = mk_reserves_check_minimums(g, side, reason, reason_len);
  if (rc == MURK_OK) rc = mk_reserves_check_room(g, side, reason, reason_len);
  if (rc != MURK_OK) return rc;
  struct mk_state* s = &g->s;
  s->phase_done[MURK_PHASE_RESERVES][side] = true;
  mk_emit(g, MURK_EV_RESERVE, MURK_AUD_ALL, side, "%s has finished nominating reserves",
          murk_side_name(side));
  if (nominates_later(g, side) && s->phase_done[MURK_PHASE_DEPLOY][murk_side_other(side)]) {
    /* The late nominations are over: back to the deployment, this side's turn. */
    mk_mark_step_start(g);
    s->phase = MURK_PHASE_DEPLOY;
    s->to_act = side;
    mk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, side, "setup: deployment; the %s deploys",
            murk_side_name(side));
    if (mk_deploy_random(g, side)) roll_random_deployment(g, side);
    return MURK_OK;
  }
  next_in_phase(g, side, true);
  return MURK_OK;
}

static int end_deploy(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len) {
  const struct murk_mission* m = g->m;
  struct mk_state* s = &g->s;
  if (mk_deploy_removal_due(g, side))
    return mk_reject(reason, reason_len,
                     "first take away %d of the objectives you placed (remove objective NAME)",
                     m->remove_count - s->removed);
  int rc = mk_numbering_end_check(g, side, reason, reason_len);
  if (rc != MURK_OK) return rc;
  mk_reserves_take_undeployed(g, side);
  if (mk_intel_on(g)) mk_intel_finish_deploying(g, side);
  for (int i = 0; i < s->nunits[side]; i++) {
    const struct mk_unit_state* u = &s->units[side][i];
    if (u->state != MURK_PLATOON_WAITING || mk_deploy_phase_of(g, side, i) != MURK_PHASE_DEPLOY)
      continue;
    if (mk_reserves_hold_unplaceable(g, side, i)) continue; /* no room left for it */
    const struct murk_platoon* pl = mk_unit_platoon(g, side, i);
    return mk_reject(reason, reason_len,
                     "platoon %d (%s) is not deployed yet: deploy it (deploy %d at X,Y)", i + 1,
                     pl->name, i + 1);
  }
  s->phase_done[MURK_PHASE_DEPLOY][side] = true;
  if (s->finished_deploying_first == MURK_NO_SIDE) s->finished_deploying_first = side;
  mk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s has finished deploying", murk_side_name(side));
  enum murk_side other = murk_side_other(side);
  if (m->deploy_in_turn && !s->phase_done[MURK_PHASE_DEPLOY][other] &&
      begin_second_deployment(g, other))
    return MURK_OK;
  next_in_phase(g, side, true);
  return MURK_OK;
}

/* Independent teams and infiltrators. */
static int end_teams(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  for (int i = 0; i < s->nunits[side]; i++) {
    const struct mk_unit_state* u = &s->units[side][i];
    if (u->state != MURK_PLATOON_WAITING || mk_deploy_phase_of(g, side, i) != s->phase) continue;
    const struct murk_platoon* pl = mk_unit_platoon(g, side, i);
    /* Luneville, Revealing platoons: under Fog of War independent and warrior teams may
     * stay off the table and come on with the first platoon of their side revealed. */
    if (s->phase == MURK_PHASE_INDEPENDENTS && fog_on(g)) continue;
    return mk_reject(reason, reason_len,
                     "platoon %d (%s) is not deployed yet: deploy it (deploy %d at X,Y)", i + 1,
                     pl->name, i + 1);
  }
  s->phase_done[s->phase][side] = true;
  mk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s has finished %s", murk_side_name(side),
          s->phase == MURK_PHASE_INFILTRATE ? "infiltrating" : "deploying its teams");
  next_in_phase(g, side, true);
  return MURK_OK;
}

static int end_ambush(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len) {
  int left = mk_reserves_immediate_left(g, side);
  if (left > 0 && mk_reserves_ambush_possible(g, side))
    return mk_reject(reason, reason_len,
                     "place your immediate ambush first (ambush N at X,Y): %d left", left);
  mk_reserves_ambush_defer(g, side); /* nowhere to go: `end` is all the side can do */
  /* Both sides' immediate ambushes are placed by then; nothing else happens here. */
  enum murk_side other = murk_side_other(side);
  if (mk_reserves_immediate_left(g, other) > 0) {
    g->s.to_act = other;
    return MURK_OK;
  }
  enter_phase(g, MURK_PHASE_RECCE);
  return MURK_OK;
}

static int end_recce(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len) {
  (void)reason;
  (void)reason_len;
  g->s.phase_done[MURK_PHASE_RECCE][side] = true;
  mk_emit(g, MURK_EV_MOVE, MURK_AUD_ALL, side,
          "%s has finished its reconnaissance deployment moves", murk_side_name(side));
  next_in_phase(g, side, true);
  return MURK_OK;
}

/* In play: the next step, or hand-over (turn.c). */
static int end_step(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len) {
  /* Reserves that may arrive come on before the Movement step ends (40k mission special rules). */
  if (g->s.step == MURK_STEP_MOVEMENT || g->s.step == MURK_STEP_STARTING) {
    int rc = mk_reserves_check_due(g, side, reason, reason_len);
    if (rc != MURK_OK) return rc;
  }
  return mk_turn_end_step(g, side, reason, reason_len);
}

/* Objectives cannot be skipped while a cell is left for the next one. Objectives are
 * placed in the open: whether a cell is left is public. */
static int objectives_no_end(const struct murk_game* g, char* reason, size_t reason_len) {
  const struct murk_objective_rule* r = mk_setup_objective_step(g);
  const struct murk_grid* gr = &g->m->grid;
  /* Whether any cell is left, so in any order: the rows from both edges inwards, as a cell
   * far from the centre line is the likeliest to be left (keep-out bands run along it). A
   * cell outside the step's region fails objective_cell_check's first test (the zone):
   * asked first here, it spares the whole check (the view asks this at every refresh in
   * the objectives phase). */
  for (int i = 0; i < gr->height; i++)
    for (int x = 0, y = i % 2 ? gr->height - 1 - i / 2 : i / 2; x < gr->width; x++)
      if (murk_region_contains(g->m, &r->in, (struct murk_pos){x, y}) &&
          mk_objectives_cell_check(g, (struct murk_pos){x, y}, NULL, 0) == MURK_OK)
        return mk_reject(
            reason, reason_len,
            "objectives cannot be skipped: place objective %d of %d (objective at X,Y)",
            g->s.objective_placed + 1, r->count);
  return MURK_OK;
}

/* No cell is left for the rest of this step (`end` never traps a side). */
static int end_objectives(struct murk_game* g, enum murk_side side, char* reason,
                          size_t reason_len) {
  (void)reason;
  (void)reason_len;
  struct mk_state* s = &g->s;
  int left = mk_setup_objective_step(g)->count - s->objective_placed;
  mk_emit(g, MURK_EV_OBJECTIVE, MURK_AUD_ALL, side,
          "%s finds no place left for %d more objective%s: the step ends", murk_side_name(side),
          left, mk_plural(left));
  s->objective_rule++;
  enter_phase(g, MURK_PHASE_OBJECTIVES);
  return MURK_OK;
}

/* In play the step cannot end while the Fighting Withdrawal schedule calls for withdrawals
 * (victory.c); the view's prompt says so first too. */
static int play_no_end(const struct murk_game* g, char* reason, size_t reason_len) {
  if (g->s.remove_due > 0)
    return mk_reject(reason, reason_len,
                     "the Fighting Withdrawal schedule says you must remove an objective first "
                     "(remove objective NAME)");
  int due = g->s.withdraw_due;
  if (due <= 0) return MURK_OK;
  return mk_reject(reason, reason_len,
                   "the Fighting Withdrawal schedule says you must withdraw %d platoon%s "
                   "first (withdraw N)",
                   due, mk_plural(due));
}

static int over_no_end(const struct murk_game* g, char* reason, size_t reason_len) {
  (void)g;
  return mk_reject(reason, reason_len, "the game is over");
}

int mk_phase_end_ready(const struct murk_game* g, enum murk_side side, char* reason,
                       size_t reason_len) {
  (void)side;
  const struct phase_row* r = &phases[g->s.phase];
  if (r->end) return r->no_end ? r->no_end(g, reason, reason_len) : MURK_OK;
  return r->no_end ? r->no_end(g, reason, reason_len)
                   : mk_reject(reason, reason_len, "nothing to end now");
}

int mk_phase_end(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                 const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  (void)c;
  (void)a;
  int rc = mk_phase_end_ready(g, side, reason, reason_len);
  if (rc != MURK_OK) return rc;
  return phases[g->s.phase].end(g, side, reason, reason_len);
}

bool mk_phase_prompt(const struct murk_game* g, bool mine, char* buf, size_t n) {
  const struct phase_row* r = &phases[g->s.phase];
  if (!r->prompt) return false;
  if (mine)
    r->prompt(g, buf, n);
  else
    snprintf(buf, n, "waiting: the %s %s", murk_side_name(g->s.to_act), r->waiting);
  return true;
}
