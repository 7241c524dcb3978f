/* plan.c: the plan greedy and the computer share (players.h). Both head for the objectives
 * they must take (or guard those the enemy must take), reveal on an objective or to fight,
 * shoot and assault the nearest revealed enemies, and set up the same way; a struct
 * sim_style row says where they differ. Like every player it knows no allowance or range of
 * the mission: its tries go best first, and the game judges. */
#include "murk/error.h"
#include "players.h"

/* Tries of the other verbs legal now (verbs.c), per decision. */
#define OTHER_TRIES 12
/* A hidden platoon this close to a revealed enemy team is revealed to fight (cells). */
#define REVEAL_TO_SHOOT 10
/* A revealed platoon this close to a revealed enemy hunts it instead of its objective. */
#define HUNT_RANGE 8
/* Shots are not tried beyond this (cells): no profile in a bundled mission reaches it. */
#define SHOOT_TRIES_RANGE 24
#define ASSAULT_TRIES_RANGE 2
/* Fresh cells for setup commands ("deploy 3 at", "objective at"): where they may go is the
 * mission's rule, so draw and let the game say. The first tries are the best of several
 * draws; keep-out bands often refuse exactly the best cells, so plain draws follow. */
#define SETUP_DRAWS 16

/* Where the i-th unit heads, and how near counts as there: revealed platoons near a revealed
 * enemy hunt it; two in three go for the objectives to take, the rest guard the enemy's
 * (spread over them). False: nowhere to go. */
bool sim_goal_of(struct ctx* c, const struct unit* u, int i, struct murk_pos* goal, int* near) {
  if (!u->hidden) {
    int g;
    int f = sim_nearest_platoon_foe(c, u, &g);
    if (f >= 0 && g <= HUNT_RANGE) {
      *goal = c->foes[f].pos;
      *near = 1;
      return true;
    }
  }
  if (c->ntake > 0 && (c->nguard == 0 || i % 3 != 2)) {
    *goal = c->take[sim_nearest(c, u->pos, c->take, c->ntake)];
    *near = 0;
    return true;
  }
  if (c->nguard > 0) {
    *goal = c->guard[i % c->nguard];
    *near = 1;
    return true;
  }
  if (c->nfoes > 0) {
    int best = 0, bd = INT_MAX;
    for (int k = 0; k < c->nfoes; k++) {
      int d = sim_dist(c, u->pos, c->foes[k].pos);
      if (d < bd) bd = d, best = k;
    }
    *goal = c->foes[best].pos;
    *near = 1;
    return true;
  }
  return false;
}

/* Where to deploy: of a few free cells of the own zone, the nearest to the objectives to
 * take (spread: the k-th thing placed aims at the k-th objective to take, else to guard),
 * or to the middle of the table. */
static struct murk_pos deploy_cell(struct ctx* c, const struct sim_style* s, int draws, int k) {
  struct murk_pos centre = {c->w / 2, c->h / 2};
  struct murk_pos aim = centre;
  if (s->deploy_aim)
    aim = s->deploy_aim(c, k);
  else if (s->spread && c->ntake > 0)
    aim = c->take[k % c->ntake];
  else if (s->spread && c->nguard > 0)
    aim = c->guard[k % c->nguard];
  struct murk_pos best = sim_zone_cell(c);
  long bd = LONG_MAX;
  for (int i = 0; i < draws; i++) {
    struct murk_pos p = i == 0 ? best : sim_zone_cell(c);
    int d = !s->spread && c->ntake > 0
                ? sim_dist(c, p, c->take[sim_nearest(c, p, c->take, c->ntake)])
                : sim_dist(c, p, aim);
    if (!sim_cell_free(c, p)) continue;
    long cost = s->deploy_cost ? s->deploy_cost(c, p, d) : d;
    if (cost < bd) bd = cost, best = p;
  }
  return best;
}

static void deploy_tries(struct ctx* c, const struct sim_style* s, struct murk_ref what, int round,
                         int count, int k) {
  for (int i = 0; i < count; i++) {
    int best_of = round == 0 && i < 3 ? s->first_draws >> i : 1;
    struct murk_pos at = deploy_cell(c, s, best_of, k);
    struct murk_command* cmd = sim_add(c, MURK_CMD_DEPLOY);
    if (!cmd) return;
    cmd->unit = what;
    cmd->at = at;
  }
}

static void setup_tries(struct ctx* c, const struct sim_style* s, int round) {
  const struct murk_view* v = c->v;
  switch (v->phase) {
    case MURK_PHASE_OBJECTIVES:
      if (s->objectives) s->objectives(c);
      for (int i = 0; i < 2 * SETUP_DRAWS; i++) {
        struct murk_pos at = sim_table_cell(c);
        struct murk_command* cmd = sim_add(c, MURK_CMD_OBJECTIVE);
        if (cmd) cmd->at = at;
      }
      return;
    case MURK_PHASE_RESERVES:
      /* Keep everything on the table unless the mission insists: `end` first, then the
       * last waiting platoons (headquarters usually come first in a roster). Deep strikers
       * may be held before (verbs.c). */
      sim_deep_strike_tries(c);
      sim_add_end(c);
      if (s->reserves) s->reserves(c);
      for (int i = v->nplatoons - 1; i >= 0; i--)
        if (v->platoons[i].state == MURK_PLATOON_WAITING) {
          struct murk_command* cmd = sim_add(c, MURK_CMD_RESERVE);
          if (cmd) cmd->unit = sim_own(v->platoons[i].index);
        }
      return;
    case MURK_PHASE_DEPLOY:
    default: {
      if (!sim_can(c, MURK_CMD_DEPLOY)) return;
      /* A setup phase with platoons still waiting (independent teams deploying last, say)
       * gets the same tries as deployment. */
      bool deploying = v->phase == MURK_PHASE_DEPLOY;
      /* Platoons in roster order, independent and warrior teams last (Flames of War missions,
       * Preparing
       * for Battle: in a phase of their own after the platoons, so none in the first). The
       * first gets most tries; the others a few each, in case a rule this file does not know
       * wants another first; each round starts one further on. Then the dummies (one round
       * of tries: a mission may give none), then `end`. */
      int order[MURK_MISSION_MAX_PLATOONS], n = 0;
      for (int pass = 0; pass < (deploying ? 1 : 2); pass++)
        for (int i = 0; i < v->nplatoons && n < MURK_MISSION_MAX_PLATOONS; i++) {
          const struct murk_view_platoon* pl = &v->platoons[i];
          bool last = (pl->flags & (MURK_PF(INDEPENDENT) | MURK_PF(WARRIOR))) != 0;
          if (pl->state == MURK_PLATOON_WAITING && last == (pass == 1)) order[n++] = pl->index;
        }
      int placed = 0; /* spread: the k-th thing placed aims at the k-th objective */
      if (s->spread)
        for (int i = 0; i < v->nmarkers; i++)
          if (v->markers[i].owner == c->me && v->markers[i].on_table) placed++;
      for (int j = 0; j < n; j++)
        deploy_tries(c, s, sim_own(order[(j + round) % n]), round, j == 0 ? SETUP_DRAWS : 3,
                     placed);
      struct murk_ref dummy = {MURK_REF_DUMMY, 0};
      if (n == 0 && round == 0 && deploying && v->dummies_left > 0)
        deploy_tries(c, s, dummy, round, SETUP_DRAWS, placed);
      return;
    }
  }
}

/* Shots or assaults of each revealed platoon at the three nearest revealed enemies in reach,
 * nearest first. */
static void fight_tries(struct ctx* c, bool shooting) {
  for (int i = 0; i < c->nunits; i++) {
    const struct unit* u = &c->units[i];
    if (u->hidden || (shooting ? u->shot : u->assaulted)) continue;
    int order[3], gaps[3], no = 0; /* the three nearest, nearest first */
    int limit = shooting ? SHOOT_TRIES_RANGE : ASSAULT_TRIES_RANGE;
    for (int f = 0; f < c->nfoes; f++) {
      if (!c->foes[f].platoon) continue;
      int g = sim_gap(c, u->platoon, u->pos, c->foes[f].number);
      if (g > limit || (no == 3 && g >= gaps[2])) continue;
      int k = no < 3 ? no++ : 2;
      for (; k > 0 && gaps[k - 1] > g; k--) order[k] = order[k - 1], gaps[k] = gaps[k - 1];
      order[k] = f;
      gaps[k] = g;
    }
    for (int k = 0; k < no; k++) {
      struct murk_command* cmd = sim_add(c, shooting ? MURK_CMD_SHOOT : MURK_CMD_ASSAULT);
      if (!cmd) return;
      cmd->unit = u->ref;
      cmd->target.kind = MURK_REF_PLATOON;
      cmd->target.n = c->foes[order[k]].number;
      /* A pair the view leaves out is refused: not offered (plan->refused). */
      if (!sim_target_listed(c, u->platoon, cmd->target.n, shooting)) sim_refused(c);
    }
  }
}

static void play_tries(struct ctx* c, const struct sim_style* s) {
  const struct murk_view* v = c->v;
  switch (v->step) {
    case MURK_STEP_MOVEMENT:
      if (!sim_can(c, MURK_CMD_MOVE)) break;
      /* A hidden platoon on an objective it must take shows itself: only teams take. */
      for (int i = 0; i < c->nunits; i++) {
        const struct unit* u = &c->units[i];
        if (!u->hidden || u->dummy) continue;
        for (int k = 0; k < c->ntake; k++)
          if (sim_dist(c, u->pos, c->take[k]) <= 1) {
            struct murk_command* cmd = sim_add(c, MURK_CMD_REVEAL);
            if (cmd) cmd->unit = u->ref;
            break;
          }
      }
      /* A style that weighs its own moves makes them all (its units that stay, stay). */
      if (s->moves) {
        s->moves(c);
        break;
      }
      for (int i = 0; i < c->nunits; i++) {
        const struct unit* u = &c->units[i];
        struct murk_pos goal;
        int near;
        if (u->moved || u->bogged || !sim_goal_of(c, u, i, &goal, &near)) continue;
        sim_try_moves_toward(c, u, goal, near);
      }
      break;
    case MURK_STEP_SHOOTING:
    case MURK_STEP_ASSAULT: {
      bool shooting = v->step == MURK_STEP_SHOOTING;
      int reach = shooting ? REVEAL_TO_SHOOT : ASSAULT_TRIES_RANGE;
      if (shooting && sim_can(c, MURK_CMD_SPOT)) sim_add(c, MURK_CMD_SPOT);
      if (s->fights) {
        s->fights(c, shooting);
        break;
      }
      /* Hidden platoons within reach of a revealed enemy show themselves to fight. */
      for (int i = 0; i < c->nunits; i++) {
        const struct unit* u = &c->units[i];
        if (!u->hidden || u->dummy) continue;
        int g;
        if (sim_nearest_platoon_foe(c, u, &g) >= 0 && g <= reach) {
          struct murk_command* cmd = sim_add(c, MURK_CMD_REVEAL);
          if (cmd) cmd->unit = u->ref;
        }
      }
      fight_tries(c, shooting);
      break;
    }
    default:
      break;
  }
}

/* A light the side fired is still up (the view's lights are public). */
static bool own_light_up(const struct murk_view* v) {
  for (int i = 0; i < v->nlights; i++)
    if (v->lights[i].by == v->side) return true;
  return false;
}

void sim_plan(struct ctx* c, const struct sim_style* s, int round) {
  const struct murk_view* v = c->v;
  unsigned other = c->verbs & ~sim_planned_verbs(v) & ~KIND(END) & ~KIND(ARRIVE);
  if (s->lights_sparingly && (c->nfoes > 0 || own_light_up(v)))
    other &= ~(KIND(STARSHELL) | KIND(ILLUMINATE));
  /* Arrivals first (one due must come on before the step can end), then a few tries of
   * the other legal verbs the plan does not make itself. */
  if (s->arrivals)
    s->arrivals(c);
  else
    sim_arrival_tries(c);
  if (s->choices_first) s->choices_first(c);
  sim_other_tries(c, other, OTHER_TRIES);
  if (v->phase == MURK_PHASE_PLAY) {
    if (round == 0) play_tries(c, s);
  } else {
    setup_tries(c, s, round);
  }
  /* A later round means every try and `end` were refused: more of the other verbs. */
  if (round > 0) sim_other_tries(c, other, 2 * OTHER_TRIES);
  sim_add_end(c);
}
