/* computer.c: the computer opponent (sim.h; `murk play --vs computer`, docs/playing.md,
 * "Seats"). Like greedy it reads one side's view and its own generator, nothing else, and
 * shares greedy's plan (plan.c) for setup; its style row (below) puts its own judgements
 * from the view in these places:
 *
 *   - movement, one ply deep: each unit that may move weighs every cell the view says it
 *     may reach now (murk_view_reach, the game's own judgement of a move on what the side
 *     knows) against staying where it is, by what the side would have there: a team by an
 *     objective to take (holding one at the start of a turn wins, docs/rules.md "Objective
 *     taken"; with an enemy there too it must be fought off), the only unit by an objective
 *     the enemy is about to take (any unit within the hold distance stops the enemy holding
 *     it), the one unit near the objectives to take (missions end for the defender when no
 *     attacker is near them), cover for a revealed platoon near enemies, less the way still
 *     to go to its goal (greedy's: an objective, or a revealed enemy near) and ground that
 *     bogs. The moves that gain most go first; each move changes the view, so the next
 *     decision weighs again (one unit by a threatened objective makes it worth nothing to
 *     the next);
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

/* What unit u standing at p is worth to the side (higher is better): the objectives it
 * takes or keeps the enemy from, less the way still to go to its goal. */
static long cell_value(struct ctx* c, const struct unit* u, const struct judge* j,
                       struct murk_pos goal, struct murk_pos p) {
  long val = 0;
  const int* d = sim_field_to(c, goal, p);
  int cost = d ? d[sim_cell(c, p)] : INT_MAX;
  val -= cost == INT_MAX ? 100000 : cost;
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
  if (j->threatened && sim_in_cover(c, p)) val += V_COVER;
  if (c->v->map && c->v->terrain) {
    unsigned char t = c->v->map[sim_cell(c, p)];
    if (t < c->v->nterrain && c->v->terrain[t].cls == MURK_TERRAIN_DIFFICULT) val -= V_BOG;
  }
  return val;
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
    /* A dummy cannot take: it stands by the objectives the enemy must take. */
    if (u->dummy && c->nguard > 0) {
      goal = c->guard[i % c->nguard];
      near = HOLD;
    } else if (!sim_goal_of(c, u, i, &goal, &near)) {
      continue;
    }
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
    for (int y = 0; y < c->h; y++)
      for (int x = 0; x < c->w; x++) {
        struct murk_pos p = {x, y};
        if (!reach[sim_cell(c, p)] || !sim_cell_free(c, p)) continue;
        long val = cell_value(c, u, &j, goal, p);
        if (val > best) best = val, to = p;
      }
    if (c->oom) goto done;
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
      cmd->unit.kind = MURK_REF_OWN;
      cmd->unit.n = atoi(v->objectives[order[k]].name);
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
