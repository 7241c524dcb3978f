/* computer.c: the computer opponent (sim.h; `murk play --vs computer`, docs/playing.md,
 * "Seats"). Like greedy it reads one side's view and its own generator, nothing else, and
 * shares greedy's plan (plan.c) for setup; its style row (below) puts its own judgements
 * from the view in these places:
 *
 *   - goals (goal_of): with objectives to take, every unit but a dummy heads for the
 *     nearest (greedy keeps one in three back to guard the enemy's); a revealed platoon
 *     turns to hunt a revealed enemy near it only when that enemy stands in its way (no
 *     further from the objective than the platoon). Without objectives to take, greedy's
 *     goals: the objectives it guards, or a revealed enemy near;
 *   - movement, one ply deep: each unit that may move weighs every cell the view says it
 *     may reach now (murk_view_reach, the game's own judgement of a move on what the side
 *     knows) against staying where it is, by what the side would have there: a team by an
 *     objective to take (holding one at the start of a turn wins, docs/rules.md "Objective
 *     taken"; with an enemy there too it must be fought off), the only unit by an objective
 *     the enemy is about to take (any unit within the hold distance stops the enemy holding
 *     it), the one unit near the objectives to take (missions end for the defender when no
 *     attacker is near them), cover for a revealed platoon near enemies, less the way still
 *     to go to its goal (a distance field, paths.c) and ground that bogs. The moves that
 *     gain most go first; each move changes the view, so the next decision weighs again
 *     (one unit by a threatened objective makes it worth nothing to the next). A unit short
 *     of its goal that holds nothing where it stands never stands still: with nothing
 *     better than staying it goes on to the reachable cell furthest along its way, and with
 *     none (its way taken by its own side's teams) makes room by a move of its generator's
 *     choosing, so a way a turn's move cannot cross in a straight line is crossed over
 *     several turns;
 *   - withdrawals and removed objectives (Fighting Withdrawal): the platoons furthest from
 *     the objectives it guards withdraw first; the objective the enemy stands nearest is
 *     removed first;
 *   - fighting (fight.c): each revealed platoon shoots the targets the view lists for it,
 *     nearest first, one in the open before a nearer one in cover or a fortification; it
 *     assaults only a platoon with no more teams than its own (counted by the revealed
 *     marker: teams out of sight fire back too), and a hidden platoon shows itself to
 *     assault only then (to shoot: within 10 cells of a revealed enemy, as greedy);
 *   - patrols, ambushes and arrivals (fight.c): the No Man's Land patrol is its platoon
 *     with the most teams, at the patrol cell nearest the objective it placed for the
 *     enemy; ambushes and arrivals from reserve go to the cells nearest the objectives it
 *     must take, or (a side that only guards) the guarded objective the enemy stands
 *     nearest;
 *   - deployment spread over the objectives it must take (or guards), in its own zone.
 *
 * Its strength is measured, not claimed: scripts/computer-strength.sh and
 * docs/performance.md, "The computer opponent". */
#include <stdlib.h>
#include <string.h>

#include "murk/alloc.h"
#include "murk/error.h"
#include "players.h"

/* An enemy marker or team this close makes a revealed platoon like cover (cells). */
#define THREAT_RANGE 16
/* A revealed enemy this near a revealed platoon, in its way to its objective, is hunted
 * (cells; greedy's HUNT_RANGE, plan.c). */
#define HUNT 8
/* How near a team must be to hold an objective, and an enemy to stop it (cells): the
 * bundled missions' hold distance (docs/rules.md, "Objective taken"). */
#define HOLD 1
/* An enemy this close to an objective the side guards is about to take it (cells). */
#define GUARD_ALERT 4
/* Near the objectives to take (cells): 40cm at the Flames of War missions' 5cm a cell, the
 * distance of their "no attackers near the objectives". */
#define PRESENCE 8
/* What a cell is worth to a unit (move_tries), in the units of the way's cost (a plain cell
 * costs 3 to enter, gather.c). Tuned by scripts/computer-strength.sh. */
#define V_TAKE 400     /* a team within HOLD of an objective to take, no enemy as near */
#define V_CONTEST 120  /* ... with an enemy as near (it will have to be fought off) */
#define V_GUARD 300    /* the only unit within HOLD of a guarded objective an enemy nears */
#define V_PRESENCE 100 /* the only unit within PRESENCE of an objective to take */
#define V_COVER 6      /* a revealed platoon near enemies, in cover */
#define V_BOG 5        /* ending on difficult ground (it bogs) */

static bool threatened(const struct ctx* c, const struct unit* u) {
  for (int f = 0; f < c->nfoes; f++)
    if (sim_dist(c, u->pos, c->foes[f].pos) <= THREAT_RANGE) return true;
  return false;
}

/* ---- the one-ply movement ---- */

/* Is an enemy marker on the table or an enemy team the view shows within r of p? */
static bool enemy_within(const struct ctx* c, struct murk_pos p, int r) {
  const struct murk_view* v = c->v;
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* m = &v->markers[i];
    if (m->owner == c->enemy && m->on_table && sim_dist(c, m->pos, p) <= r) return true;
  }
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* t = &v->teams[i];
    if (t->owner == c->enemy && sim_dist(c, t->pos, p) <= r) return true;
  }
  return false;
}

/* How many own markers and teams other than unit u's stand within r of p. */
static int own_within(const struct ctx* c, const struct unit* u, struct murk_pos p, int r) {
  const struct murk_view* v = c->v;
  int n = 0;
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* m = &v->markers[i];
    if (m->owner != c->me || !m->on_table || (u->hidden && m->number == u->number)) continue;
    n += sim_dist(c, m->pos, p) <= r;
  }
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* t = &v->teams[i];
    if (t->owner != c->me || (!u->hidden && t->platoon == u->platoon)) continue;
    n += sim_dist(c, t->pos, p) <= r;
  }
  return n;
}

/* What a decision knows of the objectives, once (move_tries), and of one unit's fellows. */
struct judge {
  bool* contested; /* an objective to take has an enemy within HOLD */
  bool* alert;     /* an objective guarded has an enemy within GUARD_ALERT */
  int* guards;     /* other own units within HOLD of a guarded objective (capped at 4) */
  bool present;    /* another own unit is within PRESENCE of an objective to take */
  bool threatened; /* the unit has enemies near */
};

/* What unit u standing at p is worth by the objectives alone: those it takes, keeps the
 * enemy from or stands near. */
static long cell_value_holds(const struct ctx* c, const struct unit* u, const struct judge* j,
                             struct murk_pos p) {
  long val = 0;
  bool near = false;
  for (int k = 0; k < c->ntake; k++) {
    int dk = sim_dist(c, p, c->take[k]);
    if (dk <= HOLD && !u->dummy) val += j->contested[k] ? V_CONTEST : V_TAKE;
    near = near || dk <= PRESENCE;
  }
  if (near && !j->present) val += V_PRESENCE;
  for (int k = 0; k < c->nguard; k++)
    if (j->alert[k] && sim_dist(c, p, c->guard[k]) <= HOLD)
      val += V_GUARD >> j->guards[k]; /* half as much for each unit there already */
  return val;
}

/* What unit u standing at p is worth to the side (higher is better): the objectives it
 * takes or keeps the enemy from, less the way still to go to its goal. */
static long cell_value(struct ctx* c, const struct unit* u, const struct judge* j,
                       struct murk_pos goal, struct murk_pos p) {
  long val = cell_value_holds(c, u, j, p);
  const int* d = sim_field_to(c, goal, p);
  int cost = d ? d[sim_cell(c, p)] : INT_MAX;
  val -= cost == INT_MAX ? 100000 : cost;
  if (j->threatened && sim_in_cover(c, p)) val += V_COVER;
  if (c->v->map && c->v->terrain) {
    unsigned char t = c->v->map[sim_cell(c, p)];
    if (t < c->v->nterrain && c->v->terrain[t].cls == MURK_TERRAIN_DIFFICULT) val -= V_BOG;
  }
  return val;
}

/* May unit u end a move at p (a cell the view says it may reach)? A free cell, or for a
 * revealed platoon one its own teams hold: the game lets its first team end there and puts
 * the others down by their old offsets (docs/rules.md, "Moving platoons"). Without this a platoon
 * strung out along a one-cell way (No Retreat's goat path) found every cell ahead of its
 * first team taken by its own teams and stood still. */
static bool may_end(const struct ctx* c, const struct unit* u, struct murk_pos p) {
  if (sim_cell_free(c, p)) return true;
  if (u->hidden || !sim_on_table(c, p) || c->cost[sim_cell(c, p)] == 0) return false;
  const struct murk_view_team* t = murk_view_team_at(c->v, p);
  return t && t->owner == c->me && t->platoon == u->platoon;
}

/* Where unit u (the i-th) heads. With objectives to take, every unit but a dummy goes for
 * the nearest: greedy sends one unit in three to guard the enemy's instead, but an
 * objective the enemy nears is guarded by whoever can reach it then (V_GUARD), and the
 * units kept back won fewer games (60-game trials, seeds 1-60 and 1001-1060: Dust-up's,
 * Free-for-all's and Hasty Attack's attackers, Free-for-all's defender gained 15 to 20
 * points each). A revealed platoon hunts a revealed enemy near it only when that enemy
 * stands no further from its objective than it does (in its way, or there first); one it
 * has passed or that stands aside is left to the shooting step. Greedy hunts any enemy
 * within HUNT_RANGE, which drew units away from objectives they must hold by a turn; never
 * hunting lost Breakthrough's attacker some 15 points. Without objectives to take:
 * greedy's goal (sim_goal_of). */
static bool goal_of(struct ctx* c, const struct unit* u, int i, struct murk_pos* goal, int* near) {
  /* A dummy cannot take: it stands by the objectives the enemy must take. */
  if (u->dummy && c->nguard > 0) {
    *goal = c->guard[i % c->nguard];
    *near = HOLD;
    return true;
  }
  if (c->ntake == 0) return sim_goal_of(c, u, i, goal, near);
  struct murk_pos obj = c->take[sim_nearest(c, u->pos, c->take, c->ntake)];
  int g, f = u->hidden ? -1 : sim_nearest_platoon_foe(c, u, &g);
  if (f >= 0 && g <= HUNT && sim_dist(c, c->foes[f].pos, obj) <= sim_dist(c, u->pos, obj)) {
    *goal = c->foes[f].pos;
    *near = 1;
  } else {
    *goal = obj;
    *near = 0;
  }
  return true;
}

struct choice {
  const struct unit* u;
  struct murk_pos to;
  long gain;
  struct murk_pos goal;
  int near;
};

/* Movement: each unit that may move weighs every cell the view says it may reach
 * (murk_view_reach) against staying, by cell_value; the moves that gain most go first. A
 * move changes the view, so the next decision weighs again (one unit covering a guarded
 * objective makes it worth nothing to the next). */
static void move_tries(struct ctx* c) {
  const struct murk_view* v = c->v;
  size_t cells = (size_t)c->w * (size_t)c->h;
  if (cells == 0 || c->nunits == 0) return;
  unsigned char* reach = murk_malloc(cells);
  struct choice* ch = murk_calloc((size_t)c->nunits, sizeof *ch);
  struct judge j;
  j.contested = murk_calloc((size_t)c->ntake + 1, sizeof *j.contested);
  j.alert = murk_calloc((size_t)c->nguard + 1, sizeof *j.alert);
  j.guards = murk_calloc((size_t)c->nguard + 1, sizeof *j.guards);
  if (!reach || !ch || !j.contested || !j.alert || !j.guards) {
    c->oom = true;
    goto done;
  }
  for (int k = 0; k < c->ntake; k++) j.contested[k] = enemy_within(c, c->take[k], HOLD);
  for (int k = 0; k < c->nguard; k++) j.alert[k] = enemy_within(c, c->guard[k], GUARD_ALERT);
  int n = 0;
  for (int i = 0; i < c->nunits; i++) {
    const struct unit* u = &c->units[i];
    struct murk_pos goal;
    int near;
    if (u->moved || u->bogged || u->number <= 0) continue;
    if (!goal_of(c, u, i, &goal, &near)) continue;
    memset(reach, 0, cells);
    if (murk_view_reach(v, u->number, reach, 1) <= 0) continue;
    j.present = false;
    for (int k = 0; k < c->ntake && !j.present; k++)
      j.present = own_within(c, u, c->take[k], PRESENCE) > 0;
    for (int k = 0; k < c->nguard; k++) {
      int g = own_within(c, u, c->guard[k], HOLD);
      j.guards[k] = g > 4 ? 4 : g;
    }
    j.threatened = !u->hidden && threatened(c, u);
    long stay = cell_value(c, u, &j, goal, u->pos);
    long best = stay;
    struct murk_pos to = u->pos;
    /* Along the way: the reachable cell nearest the goal by the field; and how many cells
     * it may end on at all. */
    const int* d = sim_field_to(c, goal, u->pos);
    int here = d ? d[sim_cell(c, u->pos)] : INT_MAX, ahead = here, nends = 0;
    struct murk_pos along = u->pos;
    for (int y = 0; y < c->h; y++)
      for (int x = 0; x < c->w; x++) {
        struct murk_pos p = {x, y};
        if (!reach[sim_cell(c, p)] || !may_end(c, u, p)) continue;
        nends++;
        long val = cell_value(c, u, &j, goal, p);
        if (val > best) best = val, to = p;
        d = sim_field_to(c, goal, p);
        if (d && d[sim_cell(c, p)] < ahead) ahead = d[sim_cell(c, p)], along = p;
      }
    if (c->oom) goto done;
    /* Nothing scores better than staying, yet the unit is not where it is going and holds
     * nothing there: it goes on along its way, else (its way ahead taken by its own side, as
     * two platoons in one narrow pass each blocking the other) it makes room by a move drawn
     * from its generator. Either way no unit stands for good short of its goal. */
    if (murk_pos_eq(to, u->pos) && here != INT_MAX && sim_dist(c, u->pos, goal) > near &&
        cell_value_holds(c, u, &j, u->pos) == 0) {
      if (!murk_pos_eq(along, u->pos)) {
        to = along;
      } else if (nends > 0) {
        int pick = sim_pick(c->rng, nends);
        for (int q = 0; q < c->w * c->h && murk_pos_eq(to, u->pos); q++) {
          struct murk_pos p = {q % c->w, q / c->w};
          if (reach[q] && may_end(c, u, p) && pick-- == 0) to = p;
        }
      }
      best = cell_value(c, u, &j, goal, to);
    }
    if (murk_pos_eq(to, u->pos)) continue;
    ch[n++] = (struct choice){u, to, best - stay, goal, near};
  }
  /* Biggest gain first (insertion sort: a handful of units). */
  for (int a = 1; a < n; a++)
    for (int b = a; b > 0 && ch[b].gain > ch[b - 1].gain; b--) {
      struct choice t = ch[b];
      ch[b] = ch[b - 1], ch[b - 1] = t;
    }
  for (int k = 0; k < n; k++) {
    struct murk_command* cmd = sim_add(c, MURK_CMD_MOVE);
    if (!cmd) goto done;
    cmd->unit = ch[k].u->ref;
    cmd->at = ch[k].to;
    /* Refused (an enemy the view did not show): the shared plan's ways next. */
    sim_try_moves_toward(c, ch[k].u, ch[k].goal, ch[k].near);
  }
done:
  murk_free(reach);
  murk_free(ch);
  murk_free(j.contested);
  murk_free(j.alert);
  murk_free(j.guards);
}

/* ---- choices the rules leave to the side ---- */

/* How near the nearest enemy marker or team the view shows stands to p (cells). */
static int enemy_gap(const struct ctx* c, struct murk_pos p) {
  const struct murk_view* v = c->v;
  int best = INT_MAX;
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* m = &v->markers[i];
    if (m->owner == c->enemy && m->on_table && sim_dist(c, m->pos, p) < best)
      best = sim_dist(c, m->pos, p);
  }
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* t = &v->teams[i];
    if (t->owner == c->enemy && sim_dist(c, t->pos, p) < best) best = sim_dist(c, t->pos, p);
  }
  return best;
}

/* No Man's Land's patrol and ambushes (fight.c); withdrawals (Fighting Withdrawal): the
 * platoons furthest from the objectives the side guards go first; removing an objective:
 * the one the enemy is nearest goes first. */
static void choice_tries(struct ctx* c) {
  const struct murk_view* v = c->v;
  sim_patrol_tries(c);
  sim_ambush_tries(c);
  if (sim_can(c, MURK_CMD_WITHDRAW) && v->withdraw_due > 0) {
    int order[64], far[64], n = 0;
    for (int i = 0; i < c->nunits && n < 64; i++) {
      const struct unit* u = &c->units[i];
      if (u->dummy) continue;
      int d = c->nguard > 0
                  ? sim_dist(c, u->pos, c->guard[sim_nearest(c, u->pos, c->guard, c->nguard)])
                  : 0;
      int k = n++;
      for (; k > 0 && far[k - 1] < d; k--) order[k] = order[k - 1], far[k] = far[k - 1];
      order[k] = i, far[k] = d;
    }
    for (int k = 0; k < n; k++) {
      struct murk_command* cmd = sim_add(c, MURK_CMD_WITHDRAW);
      if (!cmd) return;
      cmd->unit = c->units[order[k]].ref;
    }
  }
  if (sim_can(c, MURK_CMD_REMOVE) && v->nobjectives > 0) {
    int order[64], gap[64], n = 0;
    for (int i = 0; i < v->nobjectives && n < 64; i++) {
      int d = enemy_gap(c, v->objectives[i].pos);
      int k = n++;
      for (; k > 0 && gap[k - 1] > d; k--) order[k] = order[k - 1], gap[k] = gap[k - 1];
      order[k] = i, gap[k] = d;
    }
    for (int k = 0; k < n; k++) {
      struct murk_command* cmd = sim_add(c, MURK_CMD_REMOVE);
      if (!cmd) return;
      murk_command_remove_objective(cmd, v->objectives[order[k]].name);
    }
  }
}

static const struct sim_style computer_style = {
    .first_draws = 16, /* best of 16, 8, 4 draws for the first three deploy tries */
    .spread = true,
    .moves = move_tries,
    .choices_first = choice_tries,     /* withdrawals, removals; patrols, ambushes (fight.c) */
    .fights = sim_fight_tries,         /* fight.c */
    .arrivals = sim_arrive_near_tries, /* fight.c */
};

void sim_computer(struct ctx* c, int round) {
  sim_plan(c, &computer_style, round);
}
