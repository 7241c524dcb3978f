/* computer.c: the computer opponent (sim.h, `murk play --vs computer`). It reads what greedy
 * reads (one side's view, its own generator) and plays the same verbs, with a plan for the
 * whole side rather than one unit at a time (docs/playing.md, "Seats"):
 *
 *   - the attacker picks one objective to take (the one its units stand nearest to, summed)
 *     and sends everything there, so the teams arrive together; where the enemy has
 *     objectives too, the unit nearest each enemy objective stays back to contest it;
 *   - the defender spreads its units over the objectives the enemy must take, nearest unit
 *     to each (an enemy team or template within one cell stops the enemy holding one:
 *     docs/rules.md, "Objective taken"), and the rest hunt what comes near them;
 *   - every shooter and assaulter ranks the enemy platoons it may hit in one order for the
 *     side (first those nearest an objective, then the one with the fewest teams left, then
 *     the nearest), so the fire of the side falls on one platoon at a time;
 *   - a hidden platoon shows itself on an objective it must take, or to fight an enemy in
 *     reach; deployment goes toward the objective picked, in the own zone.
 *
 * It knows no range or allowance of the mission: like greedy, it offers its tries best
 * first and the game judges them. */
#include <stdlib.h>
#include "murk/error.h"
#include "players.h"

#define OTHER_TRIES 12
#define REVEAL_TO_SHOOT 10
#define HUNT_RANGE 8
#define SHOOT_TRIES_RANGE 24
#define ASSAULT_TRIES_RANGE 2
#define SETUP_DRAWS 16
/* An enemy this close to an objective threatens it (cells). */
#define THREAT_RANGE 4

/* The objective to take the whole side heads for: nearest to the own units, summed (the
 * zone's middle when nothing is on the table yet). -1: none. */
static int main_objective(struct ctx* c) {
  if (c->ntake == 0) return -1;
  int best = 0;
  long bd = -1;
  for (int k = 0; k < c->ntake; k++) {
    long d = 0;
    for (int i = 0; i < c->nunits; i++) d += sim_dist(c, c->units[i].pos, c->take[k]);
    /* An objective with enemies near it costs more to take. */
    for (int f = 0; f < c->nfoes; f++)
      if (sim_dist(c, c->foes[f].pos, c->take[k]) <= THREAT_RANGE) d += 6;
    if (bd < 0 || d < bd) bd = d, best = k;
  }
  return best;
}

/* The own unit (index) nearest to p that has not been given a post, -1 if none. */
static int nearest_free_unit(struct ctx* c, struct murk_pos p, const bool* posted) {
  int best = -1, bd = INT_MAX;
  for (int i = 0; i < c->nunits; i++) {
    if (posted[i]) continue;
    int d = sim_dist(c, c->units[i].pos, p);
    if (d < bd) bd = d, best = i;
  }
  return best;
}

/* Where each unit heads (goal, near): guards first (nearest unit to each objective the
 * enemy must take; a defender uses them all, over and over), then the main objective or,
 * close to a revealed enemy, the hunt. False: nowhere. */
static bool goal_of_g(struct ctx* c, const struct unit* u, int i, struct murk_pos* goal, int* near) {
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
    int best = -1, bd = INT_MAX;
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

struct orders {
  struct murk_pos goal[MURK_MISSION_MAX_PLATOONS * 2 + 64];
  int near[MURK_MISSION_MAX_PLATOONS * 2 + 64];
  bool has[MURK_MISSION_MAX_PLATOONS * 2 + 64];
};

static int CV(void){const char*e=getenv("MURK_CV");return e?atoi(e):0;}
static void give_orders(struct ctx* c, struct orders* o) {
  if (CV() & 1) { for (int i = 0; i < c->nunits && i < 144; i++) { o->has[i] = goal_of_g(c, &c->units[i], i, &o->goal[i], &o->near[i]); } return; }
  int n = c->nunits;
  if (n > (int)(sizeof o->has / sizeof o->has[0])) n = (int)(sizeof o->has / sizeof o->has[0]);
  bool posted[sizeof o->has / sizeof o->has[0]];
  for (int i = 0; i < n; i++) posted[i] = o->has[i] = false;
  int main = main_objective(c);
  /* Guards: an attacker keeps one unit by each of its own objectives (if it has more than
   * a few units); a defender spreads everything it has over them. */
  if (c->nguard > 0) {
    int rounds = c->ntake > 0 ? (n > 3 ? 1 : 0) : (n + c->nguard - 1) / c->nguard;
    for (int r = 0; r < rounds; r++)
      for (int k = 0; k < c->nguard; k++) {
        int i = nearest_free_unit(c, c->guard[k], posted);
        if (i < 0 || i >= n) break;
        posted[i] = o->has[i] = true;
        o->goal[i] = c->guard[k];
        o->near[i] = r == 0 ? 0 : 1;
      }
  }
  for (int i = 0; i < n; i++) {
    const struct unit* u = &c->units[i];
    /* A revealed platoon near a revealed enemy hunts it, unless it holds a post. */
    if (!u->hidden && (!posted[i] || c->ntake == 0)) {
      int g;
      int f = sim_nearest_platoon_foe(c, u, &g);
      if (f >= 0 && g <= (posted[i] ? 3 : HUNT_RANGE)) {
        o->has[i] = true;
        o->goal[i] = c->foes[f].pos;
        o->near[i] = 1;
        continue;
      }
    }
    if (posted[i]) continue;
    if (main >= 0) {
      o->has[i] = true;
      o->goal[i] = c->take[main];
      o->near[i] = 0;
    } else if (c->nfoes > 0) {
      int best = 0, bd = INT_MAX;
      for (int k = 0; k < c->nfoes; k++) {
        int d = sim_dist(c, u->pos, c->foes[k].pos);
        if (d < bd) bd = d, best = k;
      }
      o->has[i] = true;
      o->goal[i] = c->foes[best].pos;
      o->near[i] = 1;
    }
  }
}

/* Where to deploy: of a few free cells of the own zone, the nearest to where the side
 * heads (an objective to take, else one to guard, else the middle of the table). */
static struct murk_pos deploy_cell(struct ctx* c, int draws, int k) {
  struct murk_pos aim = {c->w / 2, c->h / 2};
  if (c->ntake > 0)
    aim = c->take[k % c->ntake];
  else if (c->nguard > 0)
    aim = c->guard[k % c->nguard];
  struct murk_pos best = sim_zone_cell(c);
  int bd = INT_MAX;
  for (int i = 0; i < draws; i++) {
    struct murk_pos p = i == 0 ? best : sim_zone_cell(c);
    int d = sim_dist(c, p, aim);
    if (sim_cell_free(c, p) && d < bd) bd = d, best = p;
  }
  return best;
}

static void deploy_tries(struct ctx* c, struct murk_ref what, int round, int count, int k) {
  for (int i = 0; i < count; i++) {
    int best_of = round == 0 && i < 3 ? 16 >> i : 1;
    struct murk_pos at = deploy_cell(c, best_of, k);
    struct murk_command* cmd = sim_add(c, MURK_CMD_DEPLOY);
    if (!cmd) return;
    cmd->unit = what;
    cmd->at = at;
  }
}

static void computer_setup(struct ctx* c, int round) {
  const struct murk_view* v = c->v;
  switch (v->phase) {
    case MURK_PHASE_OBJECTIVES:
      for (int i = 0; i < 2 * SETUP_DRAWS; i++) {
        struct murk_pos at = sim_table_cell(c);
        struct murk_command* cmd = sim_add(c, MURK_CMD_OBJECTIVE);
        if (cmd) cmd->at = at;
      }
      return;
    case MURK_PHASE_RESERVES:
      /* Everything on the table unless the mission insists (greedy's choice). */
      sim_add_end(c);
      for (int i = v->nplatoons - 1; i >= 0; i--)
        if (v->platoons[i].state == MURK_PLATOON_WAITING) {
          struct murk_command* cmd = sim_add(c, MURK_CMD_RESERVE);
          if (cmd) cmd->unit = sim_own(v->platoons[i].index);
        }
      return;
    case MURK_PHASE_DEPLOY:
    default: {
      if (!sim_can(c, MURK_CMD_DEPLOY)) return;
      bool deploying = v->phase == MURK_PHASE_DEPLOY;
      int order[MURK_MISSION_MAX_PLATOONS], n = 0;
      for (int pass = 0; pass < (deploying ? 1 : 2); pass++)
        for (int i = 0; i < v->nplatoons && n < MURK_MISSION_MAX_PLATOONS; i++) {
          const struct murk_view_platoon* pl = &v->platoons[i];
          bool last = (pl->flags & (MURK_PF(INDEPENDENT) | MURK_PF(WARRIOR))) != 0;
          if (pl->state == MURK_PLATOON_WAITING && last == (pass == 1)) order[n++] = pl->index;
        }
      /* Attackers mass on one objective; defenders spread over theirs. */
      int placed = 0;
      for (int i = 0; i < v->nmarkers; i++)
        if (v->markers[i].owner == c->me && v->markers[i].on_table) placed++;
      int k = c->ntake > 0 ? 0 : placed;
      for (int j = 0; j < n; j++)
        deploy_tries(c, sim_own(order[(j + round) % n]), round, j == 0 ? SETUP_DRAWS : 3, k);
      struct murk_ref dummy = {MURK_REF_DUMMY, 0};
      if (n == 0 && round == 0 && deploying && v->dummies_left > 0)
        deploy_tries(c, dummy, round, SETUP_DRAWS, k + 1);
      return;
    }
  }
}

/* The side's order of enemy platoons to hit: near an objective first, then fewest teams,
 * then nearest to any own unit. A lower score is hit first. */
static long target_score(struct ctx* c, int f) {
  const struct foe* e = &c->foes[f];
  long s = 0;
  bool near_obj = false;
  for (int k = 0; k < c->ntake && !near_obj; k++)
    near_obj = sim_dist(c, e->pos, c->take[k]) <= THREAT_RANGE;
  for (int k = 0; k < c->nguard && !near_obj; k++)
    near_obj = sim_dist(c, e->pos, c->guard[k]) <= THREAT_RANGE;
  if (!near_obj) s += 100000;
  int teams = 0;
  if (sim_ctx_group(c) == MURK_OK && e->number >= 0 && e->number < c->foe_teams.n)
    teams = c->foe_teams.count[e->number];
  s += 1000L * teams;
  int d = INT_MAX;
  for (int i = 0; i < c->nunits; i++) {
    int g = sim_dist(c, c->units[i].pos, e->pos);
    if (g < d) d = g;
  }
  return s + (d > 999 ? 999 : d);
}

static void fight_tries(struct ctx* c, bool shooting) {
  int ranked[256], nr = 0;
  long score[256];
  for (int f = 0; f < c->nfoes && nr < 256; f++) {
    if (!c->foes[f].platoon) continue;
    long s = target_score(c, f);
    int k = nr++;
    for (; k > 0 && score[k - 1] > s; k--) ranked[k] = ranked[k - 1], score[k] = score[k - 1];
    ranked[k] = f;
    score[k] = s;
  }
  int limit = shooting ? SHOOT_TRIES_RANGE : ASSAULT_TRIES_RANGE;
  /* Target by target, every unit that may reach it: the side's fire on one at a time. */
  for (int r = 0; r < nr; r++) {
    const struct foe* e = &c->foes[ranked[r]];
    for (int i = 0; i < c->nunits; i++) {
      const struct unit* u = &c->units[i];
      if (u->hidden || (shooting ? u->shot : u->assaulted)) continue;
      if (sim_gap(c, u->platoon, u->pos, e->number) > limit) continue;
      struct murk_command* cmd = sim_add(c, shooting ? MURK_CMD_SHOOT : MURK_CMD_ASSAULT);
      if (!cmd) return;
      cmd->unit = u->ref;
      cmd->target.kind = MURK_REF_PLATOON;
      cmd->target.n = e->number;
    }
  }
}

static void fight_g(struct ctx* c, bool shooting) {
      /* Each revealed platoon at the nearest revealed enemies in reach, nearest first. */
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
        }
      }
}
static void computer_play(struct ctx* c) {
  const struct murk_view* v = c->v;
  switch (v->step) {
    case MURK_STEP_MOVEMENT: {
      if (!sim_can(c, MURK_CMD_MOVE)) break;
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
      struct orders o;
      struct orders* op = &o;
      give_orders(c, op);
      int n = c->nunits < (int)(sizeof o.has / sizeof o.has[0])
                  ? c->nunits
                  : (int)(sizeof o.has / sizeof o.has[0]);
      for (int i = 0; i < n; i++) {
        const struct unit* u = &c->units[i];
        if (u->moved || u->bogged || !op->has[i]) continue;
        sim_try_moves_toward(c, u, op->goal[i], op->near[i]);
      }
      break;
    }
    case MURK_STEP_SHOOTING:
    case MURK_STEP_ASSAULT: {
      bool shooting = v->step == MURK_STEP_SHOOTING;
      int reach = shooting ? REVEAL_TO_SHOOT : ASSAULT_TRIES_RANGE;
      if (shooting && sim_can(c, MURK_CMD_SPOT)) sim_add(c, MURK_CMD_SPOT);
      for (int i = 0; i < c->nunits; i++) {
        const struct unit* u = &c->units[i];
        if (!u->hidden || u->dummy) continue;
        int g;
        if (sim_nearest_platoon_foe(c, u, &g) >= 0 && g <= reach) {
          struct murk_command* cmd = sim_add(c, MURK_CMD_REVEAL);
          if (cmd) cmd->unit = u->ref;
        }
      }
      if (CV() & 2) fight_g(c, shooting); else fight_tries(c, shooting);
      break;
    }
    default:
      break;
  }
}

void sim_computer(struct ctx* c, int round) {
  const struct murk_view* v = c->v;
  unsigned other = c->verbs & ~sim_planned_verbs(v) & ~KIND(END) & ~KIND(ARRIVE);
  sim_arrival_tries(c);
  sim_other_tries(c, other, OTHER_TRIES);
  if (v->phase == MURK_PHASE_PLAY) {
    if (round == 0) computer_play(c);
  } else {
    computer_setup(c, round);
  }
  if (round > 0) sim_other_tries(c, other, 2 * OTHER_TRIES);
  sim_add_end(c);
}
