/* computer.c: the computer opponent (sim.h; `murk play --vs computer`, docs/playing.md,
 * "Seats"). Like greedy it reads one side's view and its own generator, nothing else, and
 * shares greedy's plan (plan.c) for setup; its style row (below) puts its own judgements
 * from the view in these places:
 *
 *   - goals (goal_of): with objectives to take, every unit heads for the nearest (greedy
 *     keeps one in three back to guard the enemy's); a revealed platoon
 *     turns to hunt a revealed enemy near it only when that enemy stands in its way (no
 *     further from the objective than the platoon). Without objectives to take, greedy's
 *     goals (the objectives it guards, or a revealed enemy near), but a revealed platoon
 *     with no enemy near meets the enemy nearest the guarded objectives once it nears one,
 *     and while the enemy holds platoons off the table the unit nearest each guarded
 *     objective keeps it;
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
 *     nearest first, one in the open before a nearer one in cover or a fortification, then
 *     by its chance to hurt them (anti-tank weapons at armour they can hurt, none at armour
 *     they cannot); a soft platoon ends out of a tank's fire where that costs it nothing
 *     (V_TANK_FIRE); it assaults only a platoon with no more teams than its own (counted by
 *     the revealed marker: teams out of sight fire back too), never armour with armour
 *     nor, soft, armour whose top its anti-tank hardly hurts (fight.c, assaults), and a
 *     hidden platoon shows itself to assault only then (to shoot: within 10 cells of a
 *     revealed enemy, as greedy, but not at night on a side that only guards);
 *   - patrols, ambushes and arrivals (fight.c): the No Man's Land patrol is its platoon
 *     with the most teams, at the patrol cell nearest the objective it placed for the
 *     enemy; ambushes and arrivals from reserve go to the cells nearest the objectives it
 *     must take, or (a side that only guards) the guarded objective the enemy stands
 *     nearest;
 *   - reserves (reserve_tries): where the mission makes it hold some back, the platoons
 *     that are not infantry go first; its infantry starts on the table;
 *   - deployment spread over the objectives it must take (or guards), in its own zone; a
 *     side fighting a delay (Fighting Withdrawal) toward the middle of the table, its
 *     ambush in the way of the enemy's spearhead;
 *   - objectives: placed by whom they are for (the view's place_for), see objective_tries;
 *     the attacker's own near its area (or, across a corner from it, in the far corner),
 *     apart from each other; one the enemy must take inside its own half where the enemy's
 *     way in is slowest (inside_tries), or, where it wins with no enemy near the objectives
 *     by a turn, as far from the middle of the table as it may (far_tries);
 *   - an attacker whose enemy wins by holding out to a set turn keeps its holes for the
 *     first turns (dug_wait); one checked only in the defender's half ends its moves, in the
 *     first turns, where it has a shot (fires_on_the_way); one whose every way to its goal
 *     is shut by enemy teams heads for it straight (BLOCKED_CELL).
 *
 * What the mission's end asks it reads from the view (struct murk_view_ending), never
 * assumes: the hold distance, which end conditions favour it or the enemy and from which
 * turn (a move counts from the turn before), and the attacker's "no attacker near the
 * objectives" distance, which makes staying near them worth most from that turn on.
 *
 * Its strength is measured, not claimed: scripts/computer-strength.sh and
 * docs/performance.md, "The computer opponent". */
#include <stdint.h>
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
/* A revealed platoon of a side that only guards, with no enemy to hunt near it, meets the
 * enemy nearest the guarded objectives when that one stands this near one (cells). */
#define SPEARHEAD 12
/* An enemy this close to an objective the side guards, beyond the hold distance, is about
 * to take it (cells). */
#define GUARD_ALERT 3
/* What a cell is worth to a unit (move_tries), in the units of the way's cost (a plain cell
 * costs 3 to enter, gather.c). Tuned by scripts/computer-strength.sh. "Hold": within the
 * hold distance the view gives. V_TAKE and V_GUARD count in full from the turn holding may
 * win, half before; V_PRESENCE_DUE from the turn the "no attacker near" check may end the
 * game. */
#define V_TAKE 400         /* a team holding an objective to take, no enemy as near */
#define V_CONTEST 120      /* ... with an enemy as near (it will have to be fought off) */
#define V_GUARD 300        /* the only unit holding a guarded objective an enemy nears */
#define V_PRESENCE 100     /* the only attacker near the objectives, where none near loses */
#define V_PRESENCE_DUE 900 /* ... from the turn that check may end the game */
#define V_COVER 6          /* a revealed platoon near enemies, in cover */
#define V_BOG 5            /* ending on difficult ground (it bogs) */
/* In a game decided on points (on_points), a cell from which a revealed unit would have an
 * enemy team it sees within its weapons' reach (the view's team ranges) and in sight: it
 * shoots in the step after the move. Without it its units walked on toward the enemy
 * nearest and ended short of shooting, or in sight of teams they could not reach (The Hive
 * Gate's defender, rebels shooting 18in against troopers' 24in: 1,000-game trials, +2.9 and
 * +1.7 points on seeds 1-1000 and 1001-2000 over points_goal alone; 30 to 120 did as well).
 * Weighing also the cells the enemy's teams reach (their ranges and a move) kept its rebels
 * out of the fight and cost 10 points: only its tank keeps back (points_goal). */
#define V_SHOOT 60
/* An attacker whose every way to its goal is shut by enemy teams (the field has none: enemies
 * block cells) weighs a cell by its straight distance to the goal, this much a cell. Without
 * it every reachable cell was worth the same, and the first better by a point (out of
 * ground that bogs) was taken: No Retreat's attackers, the valley held across by the
 * defender's teams, went back and forth between the goat paths and the valley for turns,
 * and lost 23% of their games with no team in the defender's half by turn 6 (200-game
 * trials: +4 to +20, +5 to +24.5 and +16.5 to +29.5 on seeds 1-200, 1001-1200 and
 * 2001-2200). For a defender the same lost Li Hohenfeld's 13 points: it is left out. */
#define BLOCKED_CELL 3
#define V_DUG 100 /* staying dug in while the enemy's time runs out (dug_wait) */
/* A soft platoon (no armoured team) ending, on a cell that holds no objective, within the
 * range of an enemy armoured vehicle the view shows with its crew aboard and whose front
 * armour its own weapons cannot hurt (docs/rules.md, "Combat"): one plain cell's cost, so
 * of cells otherwise worth the same it takes one out of that fire. 300-game trials (seeds
 * 1-300, the Flames of War missions with armour): weighed at 8 to 30 it held soft platoons
 * back from their way and cost 2 to 8 points in Surrounded, Dust Up, Encounter and
 * Cauldron; at 3 no seat moved beyond the trials' noise. */
#define V_TANK_FIRE 3
/* An attacker whose enemy wins by holding out to a set turn waits in its holes until this
 * many turns before it (dug_wait). */
#define DUG_WAIT 4

/* ---- the mission's ending, as the view carries it (struct murk_view_ending) ---- */

/* What the end conditions ask of this side's moves. */
struct aims {
  int hold;       /* cells: how near a team holds an objective, and an enemy stops it */
  bool take;      /* this side wins holding one of its objectives at the start of its turn */
  int take_from;  /* ... from this turn on (0: from the first) */
  bool guard;     /* the enemy wins so with one of the objectives this side guards */
  int guard_from; /* ... from this turn on */
  int near;       /* the side attacks, and loses with no unit within `near` cells of an
                     objective at the start of the defender's turn (0: no such condition) */
  int near_from;  /* ... from this turn on */
};

static int earliest(int a, int b) {
  return a <= 0 || b <= 0 ? 0 : (a < b ? a : b);
}

static void read_aims(const struct ctx* c, struct aims* a) {
  const struct murk_view_ending* e = &c->v->ending;
  memset(a, 0, sizeof *a);
  a->hold = e->hold;
  for (int i = 0; i < e->nend; i++) {
    const struct murk_end_condition* r = &e->end[i];
    int from = r->turn > 0 ? r->turn : 0;
    switch (r->kind) {
      case MURK_END_OBJECTIVE_TAKEN:
        if (r->side == MURK_NO_SIDE || r->side == c->me) {
          a->take_from = a->take ? earliest(a->take_from, from) : from;
          a->take = true;
        }
        if (r->side == MURK_NO_SIDE || r->side == c->enemy) {
          a->guard_from = a->guard ? earliest(a->guard_from, from) : from;
          a->guard = true;
        }
        break;
      case MURK_END_NO_ATTACKERS_NEAR_OBJECTIVES:
        /* Checked at the defender's turns (victory.c): the attacker must stay near. */
        if (c->me == MURK_ATTACKER && r->side != MURK_ATTACKER && r->distance > 0 &&
            (a->near == 0 || r->distance < a->near)) {
          a->near = r->distance;
          a->near_from = from;
        }
        break;
      default:
        break;
    }
  }
}

/* Does a condition checked from turn `from` on depend on where this side stands after a
 * move made now? The check comes at the start of a player turn, so a move of the turn
 * before counts (whoever moves first in a game turn). */
static bool due(const struct ctx* c, int from) {
  return from <= 1 || c->v->turn >= from - 1;
}

/* Is the game decided on points alone (margin of victory: the view's ending) with no
 * objective to take or guard? Then every team lost scores for the enemy and every unit
 * left scores for the side (docs/rules.md, "Margin of victory"). */
static bool on_points(const struct ctx* c) {
  return c->v->ending.points == MURK_VP_MARGIN && c->ntake == 0 && c->nguard == 0;
}

static bool threatened(const struct ctx* c, const struct unit* u) {
  for (int f = 0; f < c->nfoes; f++)
    if (sim_dist(c, u->pos, c->foes[f].pos) <= THREAT_RANGE) return true;
  return false;
}

/* ---- the one-ply movement ---- */

/* Does attacking unit u keep its holes this turn? A platoon dug in (Prepared Positions) is
 * harder to hit and, on foot, saves better until it moves (docs/rules.md, "Combat"). Where
 * the defender wins only by holding out to a set turn (Fighting Withdrawal's schedule: it
 * also gives up platoons as the turns pass) and no check of the attacker's presence near
 * the objectives or in the defender's half comes first, the attacker's revealed platoons
 * stay in their holes and shoot what comes, until DUG_WAIT turns before that turn; then
 * they go for the objectives. Moving on at once traded shots out of the holes with a
 * defender dug in at the objectives (60- and 200-game trials, seeds 1-200 and 2001-2200:
 * Fighting Withdrawal's attacker some +35 points; waiting 3 or 5 turns, +30 to +47).
 * Where the attacker must be near by a turn (Hold the Line, No Retreat, Surrounded,
 * Breakthrough), waiting even one turn lost games. */
static bool dug_wait(const struct ctx* c, const struct unit* u) {
  const struct murk_view* v = c->v;
  const struct murk_view_ending* e = &v->ending;
  if (c->me != MURK_ATTACKER || u->hidden || e->held_until <= 0 ||
      v->turn >= e->held_until - DUG_WAIT)
    return false;
  for (int i = 0; i < e->nend; i++)
    if (e->end[i].kind == MURK_END_NO_ATTACKERS_IN_HALF ||
        e->end[i].kind == MURK_END_NO_ATTACKERS_NEAR_OBJECTIVES)
      return false;
  const struct murk_view_platoon* pl = sim_own_platoon(c, u);
  return pl && pl->dug_in;
}

/* The turn from which the defender wins with no attacking team in its half (the view's
 * ending), when that is the only check of where the attacker stands: it wins by taking an
 * objective at any turn and no "no attacker near the objectives" check comes (Pincer, Hold
 * the Line, No Retreat, Hasty Attack). 0 otherwise, and for the defender. */
static int half_check_from(const struct ctx* c) {
  const struct murk_view_ending* e = &c->v->ending;
  int from = 0;
  if (c->me != MURK_ATTACKER) return 0;
  for (int i = 0; i < e->nend; i++) {
    if (e->end[i].kind == MURK_END_NO_ATTACKERS_NEAR_OBJECTIVES) return 0;
    if (e->end[i].kind == MURK_END_NO_ATTACKERS_IN_HALF && e->end[i].turn > 0)
      from = e->end[i].turn;
  }
  return from;
}

/* Does attacking unit u sit out the first turn? Where the defender's only check of the
 * attacker's presence is its half from a set turn (half_check_from) and the defender's
 * platoons on the table are dug in (Prepared Positions), a revealed platoon that, moving from
 * the next turn on, still reaches its objective by that turn (its open-ground allowance
 * against the straight distance) stays where it deployed. Driving in at once put Pincer's
 * tanks within close range of the dug-in grenadiers and of the ambush sprung beside them
 * (4+ or 3+ to hit them, 5+ or 6+ back); waiting, the defender leaves its holes to meet them
 * or to reach the objectives, and its ambush shows itself further off (1,000-game trials,
 * seeds 1-1000 and 1001-2000, with hunting left off as goal_of says: Pincer's attacker
 * 92.3% to 98.1% and 92.8% to 97.4%, Hold the Line's 76.5% to 82.1% and 77.3% to 83.9%,
 * Hasty Attack's 92.9% to 96.3% and 91.2% to 95.7%, No Retreat's 93.3% to 93.8% and 94.0% to
 * 94.4%). Waiting every unit instead lost Hold the Line's slow infantry 16 points; waiting
 * where the attacker must be near the objectives by a turn lost Breakthrough's 14. */
static bool first_turn_wait(const struct ctx* c, const struct unit* u) {
  const struct murk_view* v = c->v;
  int from = half_check_from(c);
  if (from <= 0 || v->turn != 1 || u->hidden || u->dummy || c->ntake == 0) return false;
  bool dug = false;
  for (int i = 0; i < v->nmarkers && !dug; i++) {
    const struct murk_view_marker* m = &v->markers[i];
    dug = m->owner == c->enemy && m->known && !m->dummy && m->dug_in && m->nteams > 0;
  }
  if (!dug) return false;
  const struct murk_view_platoon* pl = sim_own_platoon(c, u);
  int allowance = pl ? pl->allowance[MURK_TERRAIN_OPEN] : 0;
  if (allowance <= 0) return false;
  int d = sim_dist(c, u->pos, c->take[sim_nearest(c, u->pos, c->take, c->ntake)]);
  return (d + allowance - 1) / allowance <= from - v->turn;
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
  struct aims aims;
  bool* contested; /* an objective to take has an enemy within the hold distance */
  bool* alert;     /* an objective guarded has an enemy within GUARD_ALERT */
  int* guards;     /* other own units within the hold distance of a guarded objective (capped
                      at 4) */
  int present;     /* other own units near an objective to take (aims.near; capped at 4) */
  bool threatened; /* the unit has enemies near */
  bool dug;        /* it stays dug in (dug_wait) */
  int shoot;       /* on points or firing on the way: how far the unit shoots (V_SHOOT), else 0 */
  bool seen_clear; /* firing on the way: only from ground that leaves sight clear */
  int soft;        /* a revealed platoon with no armoured team: its best anti-tank, else -1
                      (V_TANK_FIRE) */
};

/* Own platoon `platoon` if it is soft (teams in view, none armoured): its best anti-tank;
 * else -1. */
static int soft_platoon(const struct ctx* c, int platoon) {
  int n = 0, anti = 0;
  for (int i = 0; i < c->v->nteams; i++) {
    const struct murk_view_team* t = &c->v->teams[i];
    if (t->owner != c->me || t->platoon != platoon) continue;
    if (t->armour[0] >= 0) return -1;
    if (t->anti_tank > anti) anti = t->anti_tank;
    n++;
  }
  return n > 0 ? anti : -1;
}

/* Does an enemy armoured vehicle the view shows, crew aboard, that a platoon of anti-tank
 * `anti` cannot hurt (its front armour plus one above it), reach p with its weapon? */
static bool in_tank_fire(const struct ctx* c, int anti, struct murk_pos p) {
  for (int i = 0; i < c->v->nteams; i++) {
    const struct murk_view_team* t = &c->v->teams[i];
    if (t->owner == c->enemy && t->armour[0] >= 0 && t->armour[0] + 1 > anti && !t->bailed &&
        t->range > 0 && sim_dist(c, p, t->pos) <= t->range)
      return true;
  }
  return false;
}

static const struct murk_sightmap* sight_of(struct ctx* c);

/* How far own platoon `platoon` shoots: the longest range of its teams the view shows (0 for
 * none on the table). */
static int reach_of(const struct ctx* c, int platoon) {
  int r = 0;
  for (int i = 0; i < c->v->nteams; i++) {
    const struct murk_view_team* t = &c->v->teams[i];
    if (t->owner == c->me && t->platoon == platoon && t->range > r) r = t->range;
  }
  return r;
}

/* Would a unit that shoots `range` cells, its first team at p, have an enemy team the view
 * shows within that range and in sight (the map's sight classes; the game judges the shot)? */
static bool shoots_from(struct ctx* c, int range, struct murk_pos p) {
  const struct murk_sightmap* m = sight_of(c);
  for (int i = 0; i < c->v->nteams; i++) {
    const struct murk_view_team* t = &c->v->teams[i];
    if (t->owner == c->enemy && sim_dist(c, p, t->pos) <= range &&
        (!m || murk_los(m, p, t->pos, NULL)))
      return true;
  }
  return false;
}

/* Does the ground at p leave sight clear (neither hinders nor blocks it)? */
static bool sight_clear(const struct ctx* c, struct murk_pos p) {
  const struct murk_terrain* t = sim_terrain_at(c, p);
  return t && t->sight == MURK_SIGHT_CLEAR;
}

/* Does attacking unit u fire on the way? Where the defender's only check of the attacker is
 * its half from a set turn (half_check_from) and it wins nothing by taking objectives itself
 * (the side guards none), until the turn before that check a revealed unit values, as on
 * points (V_SHOOT), the cells from which it has an enemy team within its range and in
 * sight, in ground that leaves sight clear: it ends its move where it shoots in the step
 * after, rather than only further along its way (Pincer's attacker, 1,000-game trials
 * against greedy: seeds 1-1000 981 to 985 won, 1001-2000 974 to 979, 2001-3000 968 to 985,
 * 3001-4000 972 to 980). From any ground, and to the end, it cost Hold the Line's attacker
 * 821 to 798 and 839 to 810 (its forest: the view's lines of sight through hindering ground
 * are not the game's); with objectives to guard, Hasty Attack's 957 to 946. */
static bool fires_on_the_way(const struct ctx* c, const struct unit* u) {
  int from = half_check_from(c);
  return from > 0 && c->nguard == 0 && !u->hidden && c->v->turn < from - 1;
}

/* What unit u standing at p is worth by the objectives alone: those it takes, keeps the
 * enemy from or stands near. */
static long cell_value_holds(const struct ctx* c, const struct unit* u, const struct judge* j,
                             struct murk_pos p) {
  long val = 0;
  const struct aims* a = &j->aims;
  bool near = false;
  for (int k = 0; k < c->ntake; k++) {
    int dk = sim_dist(c, p, c->take[k]);
    if (dk <= a->hold && !u->dummy && a->take)
      val += (j->contested[k] ? V_CONTEST : V_TAKE) >> (due(c, a->take_from) ? 0 : 1);
    near = near || (a->near > 0 && dk <= a->near);
  }
  /* The one unit near (a second is worth half, in case the first is lost). */
  if (near) val += (due(c, a->near_from) ? V_PRESENCE_DUE : V_PRESENCE) >> j->present;
  for (int k = 0; k < c->nguard; k++)
    if (j->alert[k] && a->guard && sim_dist(c, p, c->guard[k]) <= a->hold)
      val += V_GUARD >> (j->guards[k] + (due(c, a->guard_from) ? 0 : 1)); /* half as much for
                                                                             each unit there */
  return val;
}

/* What unit u standing at p is worth to the side (higher is better): the objectives it
 * takes or keeps the enemy from, less the way still to go to its goal. */
static long cell_value(struct ctx* c, const struct unit* u, const struct judge* j,
                       struct murk_pos goal, struct murk_pos p) {
  long val = cell_value_holds(c, u, j, p), val_holds = val;
  const int* d = sim_field_to(c, goal, p);
  int cost = d ? d[sim_cell(c, p)] : INT_MAX;
  if (cost != INT_MAX)
    val -= cost;
  else /* every way there shut by enemy teams (BLOCKED_CELL) */
    val -= 100000 + (c->me == MURK_ATTACKER ? BLOCKED_CELL * sim_dist(c, p, goal) : 0);
  if (j->threatened && sim_in_cover(c, p)) val += V_COVER;
  if (j->soft >= 0 && val_holds == 0 && in_tank_fire(c, j->soft, p)) val -= V_TANK_FIRE;
  if (j->dug && murk_pos_eq(p, u->pos)) val += V_DUG;
  if (j->shoot > 0 && (!j->seen_clear || sight_clear(c, p)) && shoots_from(c, j->shoot, p))
    val += V_SHOOT;
  const struct murk_terrain* t = sim_terrain_at(c, p);
  if (t && t->cls == MURK_TERRAIN_DIFFICULT) val -= V_BOG;
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

/* The guarded objective that unit u keeps (goal_of), or -1: while the enemy still holds
 * platoons off the table (the view's held_back) and the side none, the own unit nearest each
 * guarded objective, dummies aside, stays by it. Those platoons may come on by a table edge near an
 * objective that the units gone out to meet the spearhead left empty (Breakthrough: the
 * attacker's flank column comes on by the north-east corner, by the objectives, from the
 * third turn; most of the computer's lost games were an objective taken by it). 1,000-game
 * trials: Breakthrough's defender +13.2 to +18.1 (seeds 1-1000) and +12.9 to +19.0
 * (1001-2000); kept all game instead, +17.7 and +15.9, and Counterattack's defender (the
 * enemy holds nothing back there) lost 11 points. A side whose own reserves are still to
 * come has too few units on the table to spare one an objective (Cauldron's defender, half
 * its force in delayed reserve: -6 and -5 points with keepers, none without). */
static int keeper_of(const struct ctx* c, const struct unit* u) {
  if (u->dummy || u->number <= 0 || c->v->held_back[c->enemy] <= 0 || c->v->held_back[c->me] > 0)
    return -1;
  for (int k = 0; k < c->nguard; k++) {
    const struct unit* best = NULL;
    int bd = INT_MAX;
    for (int q = 0; q < c->nunits; q++) {
      const struct unit* w = &c->units[q];
      if (w->dummy || w->number <= 0) continue;
      int d = sim_dist(c, w->pos, c->guard[k]);
      if (d < bd) bd = d, best = w;
    }
    if (best == u) return k;
  }
  return -1;
}

/* Is own unit u a vehicle (its platoon's flags)? */
static bool vehicle_of(const struct ctx* c, const struct unit* u) {
  const struct murk_view_platoon* pl = sim_own_platoon(c, u);
  return pl && (pl->flags & MURK_PF(VEHICLE)) != 0;
}

/* Teams enemy platoon P<number> has: those the view shows, or more if its revealed marker
 * says so. */
static int foe_count(const struct ctx* c, int number) {
  int n = 0;
  for (int i = 0; i < c->v->nteams; i++)
    n += c->v->teams[i].owner == c->enemy && c->v->teams[i].marker == number;
  const struct murk_view_marker* m = murk_view_marker_by_number(c->v, c->enemy, number);
  return m && m->known && m->nteams > n ? m->nteams : n;
}

/* The revealed enemy platoon within `within` cells of unit u with the fewest teams (the
 * nearest of those), or -1. */
static int weakest_foe(struct ctx* c, const struct unit* u, int within) {
  int best = -1, bn = INT_MAX, bd = INT_MAX;
  for (int i = 0; i < c->nfoes; i++) {
    if (!c->foes[i].platoon) continue;
    int d = sim_gap(c, u->platoon, u->pos, c->foes[i].number);
    if (d > within) continue;
    int n = foe_count(c, c->foes[i].number);
    if (n < bn || (n == bn && d < bd)) best = i, bn = n, bd = d;
  }
  return best;
}

/* In a game decided on points (on_points) a vehicle keeps the place it came on at and
 * shoots from there or from the cells near it that see an enemy (V_SHOOT); a revealed
 * platoon on foot hunts the enemy platoon near it with the fewest teams. A lone tank is the
 * costliest thing on such a table: lost, it scores its points for the enemy and none for
 * its side; so is the enemy's, which one volley or one assault can end (The Hive Gate:
 * most of the defender's lost games had its tank, hunting, shot by the attacker's infantry;
 * most of its won games the attacker's tank lost to its rebels). 1,000-game trials, the
 * defender's seat: the tank kept back +0.3 and +1.9 on seeds 1-1000 and 1001-2000; with the
 * hunt for the fewest teams +1.8 and +4.0 (with V_SHOOT as well the hunt adds +1.1, -1.0 and
 * +2.0 on seeds 1-3000, kept); the tank standing off beyond the enemy's reach, within the
 * noise. */
static bool points_goal(struct ctx* c, const struct unit* u, struct murk_pos* goal, int* near) {
  if (!on_points(c)) return false;
  if (vehicle_of(c, u)) {
    *goal = u->pos;
    *near = 0;
    return true;
  }
  int w = u->hidden ? -1 : weakest_foe(c, u, HUNT);
  if (w < 0) return false;
  *goal = c->foes[w].pos;
  *near = 1;
  return true;
}

/* A defender losing the race (sim_losing_race, gather.c) sends every unit at the enemy's
 * spearhead. */
static bool spearhead_goal(const struct ctx* c, struct murk_pos* goal, int* near) {
  struct murk_pos obj;
  sim_spearhead(c, goal, &obj);
  *near = 1;
  return true;
}

/* Where unit u (the i-th) heads. A dummy template or dummy wing leader is weighed as a hidden
 * platoon would be, by the same rules below and the same moves (move_tries): the enemy sees
 * only the marker, and a dummy sent to stand by a guarded objective stood still there turn
 * after turn while real templates moved on, so "it stayed put" said "dummy"
 * (tests/unit/test_dummies.c: the fractions that stay put, dummies against real templates,
 * within 10 points for each side; they were 13% against none for Luneville's attacker with
 * dummy templates). With objectives to take, every unit goes for the nearest: greedy sends one
 * unit in three to guard the enemy's instead, but an objective the enemy nears is guarded by
 * whoever can reach it then (V_GUARD), and the units kept back won fewer games (60-game
 * trials, seeds 1-60 and 1001-1060: Dust-up's, Free-for-all's and Hasty Attack's attackers,
 * Free-for-all's defender gained 15 to 20 points each). A revealed platoon hunts a revealed
 * enemy near it only when that enemy stands no further from its objective than it does (in its
 * way, or there first); one it has passed or that stands aside is left to the shooting step.
 * Greedy hunts any enemy within HUNT_RANGE, which drew units away from objectives they must
 * hold by a turn; never hunting lost Breakthrough's attacker some 15 points. Without
 * objectives to take, a revealed platoon with no enemy to hunt near it meets the enemy's
 * spearhead (the enemy nearest the guarded objectives, once within SPEARHEAD of one) rather
 * than wait by the objective greedy gives it: standing by an objective, a platoon is shot at
 * by more teams than it shoots, and greedy's attacker walks into those that meet it
 * (1,000-game trials: Cauldron's, Counterattack's, Relay Station's, Hold the Line's, Pincer's
 * defenders 5 to 15 points better; within 8 cells, less; within 16 or more, Breakthrough's
 * defender, whose objectives the enemy's reserves reach by the table edge, worse). Hidden
 * platoons (Limited Intelligence wings) keep greedy's: going out shows them, and Li
 * Hohenfeld's defender lost 8 points so. While the enemy holds platoons off the table, the
 * unit nearest each guarded objective keeps it instead (keeper_of). Else greedy's goal
 * (sim_goal_of). */
static bool goal_of(struct ctx* c, const struct unit* u, int i, struct murk_pos* goal, int* near) {
  if (c->ntake == 0) {
    struct murk_pos foe, obj;
    if (points_goal(c, u, goal, near)) return true;
    int k = keeper_of(c, u);
    if (k >= 0) {
      *goal = c->guard[k];
      *near = c->v->ending.hold;
      return true;
    }
    int g, f = u->hidden ? -1 : sim_nearest_platoon_foe(c, u, &g);
    if (!u->hidden && c->nguard > 0 && (f < 0 || g > HUNT) &&
        sim_spearhead(c, &foe, &obj) <= SPEARHEAD) {
      *goal = foe;
      *near = 1;
      return true;
    }
    return sim_goal_of(c, u, i, goal, near);
  }
  struct murk_pos obj = c->take[sim_nearest(c, u->pos, c->take, c->ntake)];
  if (sim_losing_race(c)) return spearhead_goal(c, goal, near);
  /* Where only the defender's half is checked (half_check_from), no hunting: the platoons
   * that turned on an enemy near them met it at its own close range, and going on to the
   * objective won more (with first_turn_wait, 1,000-game trials on seeds 1-1000 and
   * 1001-2000: Pincer's attacker +1.0 and +0.6 points, Hold the Line's +2.9 and +2.4, No
   * Retreat's -0.3 and -0.5; never hunting anywhere moved the other seats by -1.1 to
   * +5.0). */
  int g, f = u->hidden || half_check_from(c) > 0 ? -1 : sim_nearest_platoon_foe(c, u, &g);
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
  read_aims(c, &j.aims);
  int hold = j.aims.hold;
  for (int k = 0; k < c->ntake; k++) j.contested[k] = sim_enemy_gap(c, c->take[k]) <= hold;
  for (int k = 0; k < c->nguard; k++)
    j.alert[k] = sim_enemy_gap(c, c->guard[k]) <= hold + GUARD_ALERT;
  int n = 0;
  for (int i = 0; i < c->nunits; i++) {
    const struct unit* u = &c->units[i];
    struct murk_pos goal;
    int near;
    if (u->moved || u->bogged || u->number <= 0 || first_turn_wait(c, u)) continue;
    if (!goal_of(c, u, i, &goal, &near)) continue;
    memset(reach, 0, cells);
    if (murk_view_reach(v, u->number, reach, 1) <= 0) continue;
    j.present = 0;
    for (int k = 0; k < c->ntake && j.aims.near > 0; k++) {
      int g = own_within(c, u, c->take[k], j.aims.near);
      if (g > j.present) j.present = g > 4 ? 4 : g;
    }
    for (int k = 0; k < c->nguard; k++) {
      int g = own_within(c, u, c->guard[k], hold);
      j.guards[k] = g > 4 ? 4 : g;
    }
    j.threatened = !u->hidden && threatened(c, u);
    j.soft = !u->hidden && u->platoon >= 0 ? soft_platoon(c, u->platoon) : -1;
    j.dug = dug_wait(c, u);
    j.seen_clear = !on_points(c) && fires_on_the_way(c, u);
    j.shoot = (on_points(c) && !u->hidden) || j.seen_clear ? reach_of(c, u->platoon) : 0;
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
        cell_value_holds(c, u, &j, u->pos) == 0 && !j.dug) {
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
      int d = sim_enemy_gap(c, v->objectives[i].pos);
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

/* ---- the end conditions in the movement step ---- */

/* A hidden platoon within the hold distance of an objective it must take shows itself when
 * holding it may win (only teams hold; plan.c reveals those within one cell anyway). */
static void reveal_to_hold(struct ctx* c, const struct aims* a) {
  if (!a->take || !due(c, a->take_from) || a->hold <= 1) return;
  for (int i = 0; i < c->nunits; i++) {
    const struct unit* u = &c->units[i];
    if (!u->hidden || u->dummy) continue;
    for (int k = 0; k < c->ntake; k++) {
      int d = sim_dist(c, u->pos, c->take[k]);
      if (d > 1 && d <= a->hold) {
        struct murk_command* cmd = sim_add(c, MURK_CMD_REVEAL);
        if (cmd) cmd->unit = u->ref;
        break;
      }
    }
  }
}

static void moves(struct ctx* c) {
  struct aims a;
  read_aims(c, &a);
  reveal_to_hold(c, &a);
  move_tries(c);
}

/* ---- placing objectives ---- */

/* How far p lies from the side's own deployment area (0 inside its bounding box; every part
 * of it). */
static int zone_gap(const struct ctx* c, struct murk_pos p) {
  const struct murk_view* v = c->v;
  if (!v->own_zone) return 0;
  int best = INT_MAX;
  for (int k = 0; k <= v->nown_more_zones; k++) {
    const struct murk_zone* z = k == 0 ? v->own_zone : &v->own_more_zones[k - 1];
    struct murk_pos a, b;
    sim_region_box(c, &z->region, &a, &b);
    if (b.x < a.x || b.y < a.y) continue;
    struct murk_pos q = {p.x < a.x   ? a.x
                         : p.x > b.x ? b.x
                                     : p.x,
                         p.y < a.y   ? a.y
                         : p.y > b.y ? b.y
                                     : p.y};
    int d = sim_dist(c, p, q);
    if (d < best) best = d;
  }
  return best == INT_MAX ? 0 : best;
}

/* The cheapest way to each cell from the cells beyond the side's own area (uniform: every
 * cell costs 3 to enter, as plain ground, whatever stands there), into d (cells entries).
 * False when out of memory. */
static bool way_in(struct ctx* c, int* d, bool uniform) {
  size_t cells = (size_t)c->w * (size_t)c->h;
  for (size_t i = 0; i < cells; i++) {
    struct murk_pos p = {(int)(i % (size_t)c->w), (int)(i / (size_t)c->w)};
    d[i] = c->cost[i] != 0 && zone_gap(c, p) > 0 ? 0 : INT_MAX;
  }
  return sim_field_from(c, d, uniform);
}

/* Do the cells where the objective may go face a part of the side's own area across the
 * table (their rows or columns overlap), rather than lie across a corner from it? */
static bool faces_own_zone(const struct ctx* c) {
  const struct murk_view* v = c->v;
  struct murk_pos lo = v->place_cells[0], hi = lo;
  for (int i = 1; i < v->nplace_cells; i++) {
    struct murk_pos p = v->place_cells[i];
    if (p.x < lo.x) lo.x = p.x;
    if (p.y < lo.y) lo.y = p.y;
    if (p.x > hi.x) hi.x = p.x;
    if (p.y > hi.y) hi.y = p.y;
  }
  for (int k = 0; k <= v->nown_more_zones; k++) {
    const struct murk_zone* z = k == 0 ? v->own_zone : &v->own_more_zones[k - 1];
    struct murk_pos a, b;
    sim_region_box(c, &z->region, &a, &b);
    if (b.x < a.x || b.y < a.y) continue;
    if ((a.x <= hi.x && lo.x <= b.x) || (a.y <= hi.y && lo.y <= b.y)) return true;
  }
  return false;
}

#define PLACE_TRIES 8
/* What a cell further from the objectives the attacker must take, already placed, is worth
 * in placing another (against 16 a cell nearer its own area): set apart along the edge of the
 * area nearest its own, they split the defender, who must guard each (200-game trials, seeds
 * 1-200, 1001-1200, 2001-2200: Surrounded's attacker some +12, Fighting Withdrawal's and
 * Hold the Line's some +4; Cauldron's +9 on seeds 1-200; 2 to 8 did as well). */
#define PLACE_APART 4

/* Keeps cell i of the view's place_cells among the PLACE_TRIES best scores so far (best
 * first, ties to the earlier); returns how many are kept. */
static int keep_best(long* best, int* at, int n, long score, int i) {
  if (n == PLACE_TRIES && score <= best[n - 1]) return n;
  int k = n < PLACE_TRIES ? n++ : n - 1;
  for (; k > 0 && best[k - 1] < score; k--) best[k] = best[k - 1], at[k] = at[k - 1];
  best[k] = score, at[k] = i;
  return n;
}

/* A placement's score of a free cell of the view's place_cells, in sixteenths (false: not a
 * candidate). */
typedef bool place_score(const struct ctx* c, struct murk_pos p, const void* data, long* score);

/* The PLACE_TRIES free place cells scoring best, as objective tries, best first. Ties are
 * broken by a draw (one a candidate, in the view's order), so that a side's objectives do
 * not always stand alike. */
static void place_best(struct ctx* c, place_score* score, const void* data) {
  const struct murk_view* v = c->v;
  long best[PLACE_TRIES];
  int at[PLACE_TRIES], n = 0;
  for (int i = 0; i < v->nplace_cells; i++) {
    long s;
    if (!sim_cell_free(c, v->place_cells[i]) || !score(c, v->place_cells[i], data, &s)) continue;
    n = keep_best(best, at, n, s + sim_pick(c->rng, 16), i);
  }
  for (int k = 0; k < n; k++) {
    struct murk_command* cmd = sim_add(c, MURK_CMD_OBJECTIVE);
    if (cmd) cmd->at = v->place_cells[at[k]];
  }
}

/* An objective the enemy must take, inside the own area: where the enemy's way in from
 * beyond the area costs most more than its straight distance (water, marsh and woods in its
 * way: it comes by the bridges and fords, or slowly). */
#define DETOUR_CAP 9
static bool detour_score(const struct ctx* c, struct murk_pos p, const void* data, long* score) {
  const int* const* ways = data; /* the way in, the straight distance */
  int q = sim_cell(c, p);
  if (ways[0][q] == INT_MAX || ways[1][q] == INT_MAX) return false;
  int detour = ways[0][q] - ways[1][q];
  if (detour > DETOUR_CAP) detour = 2 * DETOUR_CAP - detour;
  *score = (long)detour * 16;
  return true;
}

static void inside_tries(struct ctx* c) {
  size_t cells = (size_t)c->w * (size_t)c->h;
  int* way = murk_malloc((cells ? cells : 1) * sizeof *way);
  int* straight = murk_malloc((cells ? cells : 1) * sizeof *straight);
  if (!way || !straight || !way_in(c, way, false) || !way_in(c, straight, true)) {
    murk_free(way);
    murk_free(straight);
    return;
  }
  const int* ways[2] = {way, straight};
  place_best(c, detour_score, ways);
  murk_free(way);
  murk_free(straight);
}

/* Does the side win when, from some turn, no enemy stands near the objectives (the view's
 * ending: "no attackers near the objectives", checked at its own turns)? */
static bool clear_wins(const struct ctx* c) {
  const struct murk_view_ending* e = &c->v->ending;
  for (int i = 0; i < e->nend; i++)
    if (e->end[i].kind == MURK_END_NO_ATTACKERS_NEAR_OBJECTIVES && c->me == MURK_DEFENDER &&
        e->end[i].side != MURK_ATTACKER)
      return true;
  return false;
}

/* An objective the enemy must take, inside the own area, where the side wins with no enemy
 * near the objectives by a turn (clear_wins): as far from the middle of the table as the
 * cells allow. The enemy comes from beyond the own area, and the other areas meet in the
 * middle; the further it must walk, the fewer of its teams are near by that turn
 * (Counterattack's defender, its objective in its own quarter: drawn at random, it won 96% of
 * its games against greedy with the objective in the half of the quarter away from the
 * middle, 76% in the half by them; so placed, +12.6 to +22.8 on seeds 1-1000, +13.2 to +22.7
 * on 1001-2000). */
static bool far_score(const struct ctx* c, struct murk_pos p, const void* data, long* score) {
  (void)data;
  struct murk_pos centre = {c->w / 2, c->h / 2};
  *score = (long)sim_dist(c, p, centre) * 16;
  return true;
}

/* How near (or, `far`, how far) a cell lies from the own deployment area; for an objective
 * the side must take itself (`own`), also apart from those already placed (PLACE_APART). */
static bool gap_score(const struct ctx* c, struct murk_pos p, const void* data, long* score) {
  const bool* how = data; /* far, own */
  *score = (how[0] ? 1 : -1) * (long)zone_gap(c, p) * 16;
  if (how[1] && c->ntake > 0)
    *score += PLACE_APART * sim_dist(c, p, c->take[sim_nearest(c, p, c->take, c->ntake)]);
  return true;
}

/* The view says for whom the objective being placed is (place_for). One the enemy must take,
 * where the mission lets it go outside the side's own deployment area, goes as near that
 * area as it may: the side's forces then stand between it and the enemy, and reach it
 * first. So does one the attacker must take in the area across the table that faces its own
 * (faces_own_zone): its forces reach it sooner, through less of the defender's ground
 * (200-game trials on seeds 1-200, 1001-1200 and 2001-2200: Hold the Line's attacker some
 * +5, No Retreat's +7, Surrounded's +6, Pincer's and Hasty Attack's +3 to +5). Where that
 * area lies across a corner from its own (Breakthrough's quarters) the nearest cells lie
 * between the defender's two areas (Breakthrough -20): there it goes as far from its own area
 * as it may, into the far corner, away from both (Breakthrough's attacker +3 to +38,
 * Counterattack's and Dust-up's +1 to +3 on the same seeds). Otherwise the shared draws
 * place it: in 60- and 120-game trials, objectives the enemy must take kept deep in the own
 * area lost more games than cells drawn at random (Hasty Attack's defender, Fighting
 * Withdrawal's and Pincer's defenders). The best few cells the view offers are tried, best
 * first; the shared draws follow. */
static void objective_tries(struct ctx* c) {
  const struct murk_view* v = c->v;
  if (!sim_can(c, MURK_CMD_OBJECTIVE) || v->nplace_cells <= 0 || !v->own_zone) return;
  bool own = c->me == MURK_ATTACKER && v->place_for == c->me;
  if (v->place_for != c->enemy && !own) return;
  bool far = own && !faces_own_zone(c);
  bool outside = false;
  for (int i = 0; i < v->nplace_cells && !outside; i++)
    outside = zone_gap(c, v->place_cells[i]) > 0;
  if (!outside && !own && clear_wins(c)) {
    place_best(c, far_score, NULL);
    return;
  }
  if (!outside) {
    /* Only where the own area is a half of the table are the cells beyond it the enemy's
     * side; beyond a quarter lie the enemy's quarter and two it may never cross. */
    if (!own && v->own_zone->region.kind == MURK_REGION_HALF && v->nown_more_zones == 0)
      inside_tries(c);
    return;
  }
  const bool how[2] = {far, own};
  place_best(c, gap_score, how);
}

/* ---- deployment in a game decided on points ---- */

/* Did this side deploy first (the first deployment among the events it knows is its own)?
 * Deployments are public; the side that deploys second places against what it saw. */
static bool deploys_first(const struct ctx* c) {
  const struct murk_view* v = c->v;
  for (size_t i = 0; i < v->nevents; i++)
    if (v->events[i].kind == MURK_EV_DEPLOY) return v->events[i].side == c->me;
  return true;
}

/* The sight classes of the view's map (kept in the memo for that map); NULL if none. */
static const struct murk_sightmap* sight_of(struct ctx* c) {
  const struct murk_view* v = c->v;
  struct murk_policy_memo* mm = c->plan->memo;
  if (!v->map || !v->terrain || c->w <= 0 || c->h <= 0) return NULL;
  if (mm->sight && mm->sight_map == v->map) return mm->sight;
  murk_sightmap_free(mm->sight);
  mm->sight = NULL;
  size_t cells = (size_t)c->w * (size_t)c->h;
  unsigned char* cls = murk_malloc(cells);
  if (!cls) return NULL;
  for (size_t i = 0; i < cells; i++)
    cls[i] = v->map[i] < v->nterrain ? (unsigned char)v->terrain[v->map[i]].sight
                                     : (unsigned char)MURK_SIGHT_CLEAR;
  if (murk_sightmap_new(&v->grid, cls, NULL, &mm->sight) != MURK_OK) mm->sight = NULL;
  murk_free(cls);
  mm->sight_map = mm->sight ? v->map : NULL;
  return mm->sight;
}

static int zone_gap(const struct ctx* c, struct murk_pos p);

/* How many cells beyond the side's own area have a line of sight to p (every other cell
 * counted): where the enemy comes from, it sees, and shoots, this many ways. */
static int exposure(struct ctx* c, struct murk_pos p) {
  const struct murk_sightmap* m = sight_of(c);
  if (!m) return 0;
  /* On a big table a coarser sample: some 2,000 cells at most. */
  int sx = 1 + c->w / 64, sy = 1 + c->h / 64, n = 0;
  for (int y = 0; y < c->h; y += sy)
    for (int x = (y & 1) * sx; x < c->w; x += 2 * sx) {
      struct murk_pos q = {x, y};
      if (zone_gap(c, q) > 0 && murk_los(m, p, q, NULL)) n++;
    }
  return n;
}

/* Deploying in a game decided on points, the cells least seen from beyond the own area go
 * first (a team out of sight cannot be shot, and every one kept scores); then the nearest
 * the aim, as otherwise. */
static long deploy_cost(struct ctx* c, struct murk_pos p, int d) {
  if (!on_points(c) || !deploys_first(c)) return d;
  return (long)exposure(c, p) * 64 + d;
}

/* A setup phase of its own after deployment (Infiltrate): the shared plan leaves its
 * deployments to the other verbs' draws; in a game decided on points the computer places
 * each platoon it may deploy now at the best of a few cells by deploy_cost first. */
#define LATE_DRAWS 16
static void late_deploy_tries(struct ctx* c) {
  const struct murk_view* v = c->v;
  if (v->phase == MURK_PHASE_DEPLOY || v->phase == MURK_PHASE_PLAY ||
      !sim_can(c, MURK_CMD_DEPLOY) || !on_points(c))
    return;
  struct murk_pos centre = {c->w / 2, c->h / 2};
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* pl = &v->platoons[i];
    if (pl->state != MURK_PLATOON_WAITING) continue;
    struct murk_pos best = {-1, -1};
    long bd = LONG_MAX;
    for (int k = 0; k < LATE_DRAWS; k++) {
      struct murk_pos p = sim_zone_cell(c);
      if (!sim_cell_free(c, p)) continue;
      long cost = deploy_cost(c, p, sim_dist(c, p, centre));
      if (cost < bd) bd = cost, best = p;
    }
    if (bd == LONG_MAX) continue;
    struct murk_command* cmd = sim_add(c, MURK_CMD_DEPLOY);
    if (!cmd) return;
    cmd->unit = sim_own(pl->index);
    cmd->at = best;
  }
}

/* Where the k-th thing deployed aims: the k-th objective to take, else the k-th guarded
 * one; a side fighting a delay (sim_delaying) toward the middle of the table, to meet the
 * attack far from what it guards (Fighting Withdrawal's defender: +7 over by the
 * objectives in 1,000 games; the defenders who keep their whole force lost 13 to 25 points
 * so in last session's trials). */
static struct murk_pos deploy_aim(struct ctx* c, int k) {
  if (c->ntake > 0) return c->take[k % c->ntake];
  if (c->nguard == 0 || sim_delaying(c)) return (struct murk_pos){c->w / 2, c->h / 2};
  return c->guard[k % c->nguard];
}

/* ---- reserves ---- */

/* Where the mission makes the side hold platoons in reserve (Delayed Reserves: at least
 * half), the computer holds back the platoons that are not infantry first, last in the
 * roster first, and keeps its infantry on the table (the shared plan holds the last in the
 * roster, whatever they are). Reserves come on late, from an edge the view does not show
 * yet; the platoons that are not infantry are mostly vehicles and guns that move fast or
 * stand back. Infantry left on the table holds the ground and takes the first fire in
 * numbers: in Dust-up, where the Polish side put its rifles, guns and tankettes in reserve,
 * its two tank platoons and its cavalry met the German infantry and machine guns at the
 * bridge on turn 2 and were lost there (1,000-game trials: the defender's seat 52.2% to 60.1% on
 * seeds 1-1000, 50.5% to 57.7% on 1001-2000; its attacker's 73.3% to 83.1% and 74.0% to 83.9%;
 * Cauldron's seats +3 to +5; Encounter's within a standard error). Holding the vehicles first
 * instead lost Encounter's attacker, whose force is mostly tanks, 9 points. */
static void reserve_tries(struct ctx* c) {
  const struct murk_view* v = c->v;
  for (int i = v->nplatoons - 1; i >= 0; i--) {
    const struct murk_view_platoon* pl = &v->platoons[i];
    if (pl->state != MURK_PLATOON_WAITING || (pl->flags & MURK_PF(INFANTRY))) continue;
    struct murk_command* cmd = sim_add(c, MURK_CMD_RESERVE);
    if (cmd) cmd->unit = sim_own(pl->index);
  }
}

/* In a game decided on points alone the side holds nothing off the table that it may
 * deploy: a platoon held for a deep strike comes on only by a die from a later turn, may
 * never come, scores nothing while away (units on the table score) and lands where the
 * scatter puts it, among the enemy; deployed, it fights from the first turn. So `end`
 * first in the reserves phase; the shared tries (a coin for each deep striker) follow
 * should the game refuse it (The Hive Gate's attacker, 1,000 games: +13.1 and +15.0
 * points on seeds 1-1000 and 1001-2000, against random 95.1% to 97.0%). */
static void keep_on_table(struct ctx* c) {
  if (c->v->phase == MURK_PHASE_RESERVES && on_points(c)) sim_add_end(c);
}

/* Arrivals in a game decided on points (on_points): at the arrival cell with the cheapest
 * way to the middle of the table (a distance field, paths.c), the shared tries after. The
 * shared tries take the cell nearest the middle in steps, the first of the ties along the
 * edge: The Hive Gate's defender brought its tank on beside the rubble of the north-west
 * corner, where it saw nothing and was seen by nothing, and 15% of its games were draws
 * with nothing fought (hidden on both sides, such a game scores even). From the middle of
 * its edge it comes on the causeway, finds the enemy and is found by it (3,000-game
 * trials against greedy, seeds 2001-5000: won 43.4% to 48.1%, drawn 14.9% to 6.6%; 1,000
 * games, seeds 1-1000 and 1001-2000: margin +14.8 to +18.3 and +9.4 to +12.4). */
static void computer_arrivals(struct ctx* c) {
  const struct murk_view* v = c->v;
  struct murk_pos middle = {c->w / 2, c->h / 2};
  if (sim_can(c, MURK_CMD_ARRIVE) && on_points(c))
    for (int i = 0; i < v->nplatoons; i++)
      for (int a = 0; a < v->narrivals; a++) {
        const struct murk_view_arrival* ar = &v->arrivals[a];
        if (!sim_arrival_fits(&v->platoons[i], ar) || ar->anywhere) continue;
        int best = -1, least = INT_MAX;
        for (int k = 0; k < ar->ncells; k++) {
          if (!sim_cell_free(c, ar->cells[k])) continue;
          const int* d = sim_field_to(c, middle, ar->cells[k]);
          int way = d ? d[sim_cell(c, ar->cells[k])] : INT_MAX;
          if (way < least) least = way, best = k;
        }
        if (best < 0) continue;
        struct murk_command* cmd = sim_add(c, MURK_CMD_ARRIVE);
        if (!cmd) return;
        cmd->unit = sim_own(v->platoons[i].index);
        cmd->at = ar->cells[best];
      }
  sim_arrive_near_tries(c);
}

static void computer_choices(struct ctx* c) {
  choice_tries(c);
  keep_on_table(c);
  late_deploy_tries(c);
}

static const struct sim_style computer_style = {
    .deploy_aim = deploy_aim,
    .first_draws = 16, /* best of 16, 8, 4 draws for the first three deploy tries */
    .spread = true,
    .deploy_cost = deploy_cost,
    .moves = moves,
    .choices_first = computer_choices, /* withdrawals, removals; patrols, ambushes (fight.c) */
    .objectives = objective_tries,
    .fights = sim_fight_tries,     /* fight.c */
    .arrivals = computer_arrivals, /* fight.c, on points above */
    .reserves = reserve_tries,     /* infantry stays on the table */
    .lights_sparingly = true,
};

void sim_computer(struct ctx* c, int round) {
  sim_plan(c, &computer_style, round);
}
