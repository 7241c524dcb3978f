/* random.c: the random player (sim.h): a random command of the verbs legal now, with cells
 * in the own zone for deploying, moves toward random cells nearby, reveals, spots and shots
 * now and then, and `end` often. */
#include "murk/error.h"
#include "players.h"

/* Random draws. During play a round is a few draws and then `end` (which the game takes
 * there unless something is due); in setup, rounds of draws until the game takes one. */
#define RANDOM_DRAWS 8
/* Assaults are tried at enemies this close (cells), as greedy's. */
#define ASSAULT_REACH 2

/* A random waiting platoon; in the deployment phase not the independent and warrior teams:
 * they deploy after the platoons (Flames of War missions, Preparing for Battle), as greedy orders
 * them. */
static int waiting_platoon(struct ctx* c) {
  const struct murk_view* v = c->v;
  int ok = 0, any = 0;
  unsigned last = MURK_PF(INDEPENDENT) | MURK_PF(WARRIOR);
  for (int i = 0; i < v->nplatoons; i++)
    if (v->platoons[i].state == MURK_PLATOON_WAITING) {
      any++;
      ok += (v->platoons[i].flags & last) == 0;
    }
  if (any == 0 || (ok == 0 && c->v->phase == MURK_PHASE_DEPLOY)) return -1;
  bool first = ok > 0;
  int want = sim_pick(c->rng, first ? ok : any);
  for (int i = 0; i < v->nplatoons; i++)
    if (v->platoons[i].state == MURK_PLATOON_WAITING &&
        (!first || (v->platoons[i].flags & last) == 0) && want-- == 0)
      return v->platoons[i].index;
  return -1;
}

/* `end` where the view says it is legal (a draw of a setup phase that needs a placement
 * first, or a turn with a withdrawal due, has none). */
static void add_end(struct ctx* c) {
  sim_add_end(c);
}

static void random_play(struct ctx* c, int roll) {
  const struct murk_view* v = c->v;
  const struct unit* u;
  struct murk_command* cmd;
  switch (v->step) {
    case MURK_STEP_MOVEMENT:
      if (roll < 15) break;
      if (roll < 25 && (u = sim_random_unit(c, SIM_HIDDEN_PLATOON)) != NULL) {
        if ((cmd = sim_add(c, MURK_CMD_REVEAL))) cmd->unit = u->ref;
        return;
      }
      /* A unit that moved this step may not again (the view's events say which did). */
      if ((u = sim_random_unit(c, SIM_MOVER)) != NULL) {
        struct murk_pos at = sim_near_cell(c, u->pos, 1 + sim_pick(c->rng, 6));
        if (murk_pos_eq(at, u->pos)) break;
        if ((cmd = sim_add(c, MURK_CMD_MOVE))) {
          cmd->unit = u->ref;
          cmd->at = at;
        }
        return;
      }
      break;
    case MURK_STEP_SHOOTING:
    case MURK_STEP_ASSAULT: {
      bool shooting = v->step == MURK_STEP_SHOOTING;
      if (shooting && roll < 50 && sim_can(c, MURK_CMD_SPOT)) {
        sim_add(c, MURK_CMD_SPOT);
        return;
      }
      if (roll < (shooting ? 30 : 45)) break;
      if (roll < 40 && (u = sim_random_unit(c, SIM_HIDDEN_PLATOON)) != NULL) {
        if ((cmd = sim_add(c, MURK_CMD_REVEAL))) cmd->unit = u->ref;
        return;
      }
      u = sim_random_unit(c, shooting ? SIM_SHOOTER : SIM_ASSAULTER);
      if (!u) break;
      /* A target among the revealed enemy platoons; an assault only at those within a
       * charge's reach as greedy reckons it (a try at the far side of the table is refused). */
      int platoons = 0;
      for (int i = 0; i < c->nfoes; i++) {
        struct foe* f = &c->foes[i];
        f->pick = f->platoon && (shooting || sim_unit_near(c, u, i, ASSAULT_REACH));
        platoons += f->pick;
      }
      if (platoons == 0) break;
      int want = sim_pick(c->rng, platoons), num = 0;
      for (int i = 0; i < c->nfoes; i++)
        if (c->foes[i].pick && want-- == 0) num = c->foes[i].number;
      if ((cmd = sim_add(c, shooting ? MURK_CMD_SHOOT : MURK_CMD_ASSAULT))) {
        cmd->unit = u->ref;
        cmd->target.kind = MURK_REF_PLATOON;
        cmd->target.n = num;
        /* Drawn all the same, so the draws after it are the ones they would be; but a pair
         * the view does not list is not offered (most are out of range). */
        if (!sim_target_listed(c, u->platoon, num, shooting)) sim_refused(c);
      }
      return;
    }
    default:
      break;
  }
  add_end(c);
}

/* One random command for the phase; `other`: the legal verbs this file does not plan for
 * itself (verbs.c fills them). */
static void random_one(struct ctx* c, unsigned other, unsigned known) {
  const struct murk_view* v = c->v;
  int roll = sim_pick(c->rng, 100);
  struct murk_command* cmd;
  /* Now and then another legal verb; in a phase this file does not know, mostly those,
   * and `end`. */
  if (known == 0) {
    /* Platoons still waiting in a setup phase this file does not know may well be
     * wanted on the table now (independent teams deploying last, say). */
    int p = v->phase == MURK_PHASE_PLAY || !sim_can(c, MURK_CMD_DEPLOY)
                ? -1
                : sim_random_platoon(c, MURK_PLATOON_WAITING);
    if (roll >= 75 || other == 0) {
      add_end(c);
    } else if (roll < 35 && p >= 0) {
      struct murk_pos at = sim_zone_cell(c);
      if ((cmd = sim_add(c, MURK_CMD_DEPLOY))) {
        cmd->unit = sim_own(p);
        cmd->at = at;
      }
    } else {
      sim_other_tries(c, other, 1);
    }
    return;
  }
  if (other != 0 && roll < 20) {
    sim_other_tries(c, other, 1);
    return;
  }
  switch (v->phase) {
    case MURK_PHASE_OBJECTIVES: {
      struct murk_pos at = sim_table_cell(c);
      if ((cmd = sim_add(c, MURK_CMD_OBJECTIVE))) cmd->at = at;
      return;
    }
    case MURK_PHASE_RESERVES: {
      sim_deep_strike_tries(c);
      int p = sim_random_platoon(c, MURK_PLATOON_WAITING);
      if (roll < 50 || p < 0) {
        add_end(c);
      } else {
        static const enum murk_reserve_kind kinds[] = {MURK_RESERVE_DEFAULT, MURK_RESERVE_DELAYED,
                                                       MURK_RESERVE_SCATTERED, MURK_RESERVE_MOBILE};
        enum murk_reserve_kind k = roll < 85 ? MURK_RESERVE_DEFAULT : kinds[sim_pick(c->rng, 4)];
        if ((cmd = sim_add(c, MURK_CMD_RESERVE))) {
          cmd->unit = sim_own(p);
          cmd->reserve = k;
        }
      }
      return;
    }
    case MURK_PHASE_DEPLOY: {
      int p = waiting_platoon(c);
      struct murk_pos at = sim_zone_cell(c);
      /* `end` now and then even with platoons waiting: some deploy in a later phase
       * (independent and warrior teams, infiltrators). */
      if ((p < 0 && (roll < 50 || c->v->dummies_left <= 0)) || roll >= 92) {
        add_end(c);
      } else if ((cmd = sim_add(c, MURK_CMD_DEPLOY))) {
        cmd->at = at;
        if (p < 0 || (roll < 15 && c->v->dummies_left > 0)) {
          cmd->unit.kind = MURK_REF_DUMMY;
        } else {
          cmd->unit = sim_own(p);
          /* The night defender sets some platoons up hidden (the ASL night rules). */
          if (roll >= 60 && c->v->hidden_left > 0) cmd->reserve = MURK_RESERVE_HIDDEN;
        }
      }
      return;
    }
    case MURK_PHASE_PLAY:
      random_play(c, roll);
      return;
    default:
      add_end(c);
      return;
  }
}

void sim_random(struct ctx* c, int round) {
  const struct murk_view* v = c->v;
  unsigned known = sim_planned_verbs(v);
  unsigned other = c->verbs & ~known & ~KIND(END) & ~KIND(ARRIVE);
  sim_arrival_tries(c);
  if (v->phase == MURK_PHASE_PLAY && round > 0) {
    /* The draws were all refused and so was `end`: something is due (a withdrawal the
     * schedule calls for, an arrival), so the other legal verbs. */
    sim_other_tries(c, other, 2 * RANDOM_DRAWS);
    sim_add_end(c);
    return;
  }
  /* A phase this file does not know, with no other verb legal: `end` first. */
  if (known == 0 && other == 0 && round == 0) {
    sim_add_end(c);
    return;
  }
  int draws = v->phase == MURK_PHASE_PLAY ? RANDOM_DRAWS : 2 * RANDOM_DRAWS;
  for (int i = 0; i < draws; i++) random_one(c, other, known);
  if (round > 1) sim_other_tries(c, other, RANDOM_DRAWS / 2);
  if (v->phase == MURK_PHASE_PLAY || known == 0) sim_add_end(c);
}
