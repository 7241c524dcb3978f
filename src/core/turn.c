/* turn.c: player turns and their steps, the start-of-turn hook (end conditions checked "at
 * the start of a turn", bogged templates trying to get free) and the end of the game.
 *
 * A player turn: Starting -> Movement -> Shooting -> Assault -> hand-over (design.md
 * section 5). The Starting step has nothing for the player to do yet, so it runs and
 * passes to the Movement step by itself. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "game_internal.h"
#include "murk/error.h"

void murk_game_over(struct murk_game* g, enum murk_side winner, const char* fmt, ...) {
  struct murk_state* s = &g->s;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s->result, sizeof s->result, fmt, ap);
  va_end(ap);
  s->winner = winner;
  s->phase = MURK_PHASE_OVER;
  murk_emit(g, MURK_EV_END, MURK_AUD_ALL, winner, "game over: %s", s->result);
  s->to_act = MURK_NO_SIDE;
}

/* The turn after which the game ends, 0 if none: the mission's limit or the smallest
 * turn_limit end condition. */
static int turn_limit(const struct murk_mission* m) {
  int limit = m->turn_limit > 0 ? m->turn_limit : 0;
  for (int i = 0; i < m->nend; i++)
    if (m->end[i].kind == MURK_END_TURN_LIMIT && m->end[i].turn > 0 &&
        (limit == 0 || m->end[i].turn < limit))
      limit = m->end[i].turn;
  return limit;
}

/* Our reading of "taken" (docs/rules.md, Objectives): a side holds an objective when one
 * of its revealed teams is on it or next to it and no enemy team or template is. */
static bool objective_taken(const struct murk_game* g, enum murk_side side,
                            const struct murk_placed_objective* o) {
  const struct murk_state* s = &g->s;
  const struct murk_grid* grid = &g->m->grid;
  enum murk_side enemy = murk_side_other(side);
  for (int i = 0; i < s->nmarkers; i++)
    if (s->markers[i].on_table && s->markers[i].owner == enemy &&
        murk_geom_distance(grid, s->markers[i].pos, o->pos) <= 1)
      return false;
  bool own = false;
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    for (int t = 0; t < s->nteams[sd]; t++) {
      const struct murk_team* tm = &s->teams[sd][t];
      if (!tm->alive || !tm->placed || murk_geom_distance(grid, tm->pos, o->pos) > 1) continue;
      if (sd == (int)enemy) return false;
      own = true;
    }
  }
  return own;
}

/* End conditions checked at the start of `side`'s turn. True if the game is over. */
static bool check_end(struct murk_game* g, enum murk_side side) {
  const struct murk_mission* m = g->m;
  struct murk_state* s = &g->s;
  int limit = turn_limit(m);
  if (limit > 0 && s->turn > limit) {
    murk_game_over(g, MURK_NO_SIDE, "turn limit reached after turn %d: no winner", limit);
    return true;
  }
  for (int i = 0; i < m->nend; i++) {
    const struct murk_end_condition* e = &m->end[i];
    if (e->side != MURK_NO_SIDE && e->side != side) continue;
    if (e->turn > 0 && s->turn < e->turn) continue;
    switch (e->kind) {
      case MURK_END_OBJECTIVE_TAKEN:
        for (int k = 0; k < s->nobjectives; k++) {
          const struct murk_placed_objective* o = &s->objectives[k];
          if (o->for_side != side && o->for_side != MURK_NO_SIDE) continue;
          if (!objective_taken(g, side, o)) continue;
          murk_game_over(g, side, "%s wins: took objective %s on turn %d", murk_side_name(side),
                         o->name, s->turn);
          return true;
        }
        break;
      case MURK_END_TURN_LIMIT:                   /* handled above */
      case MURK_END_NO_ATTACKERS_IN_HALF:         /* a later issue */
      case MURK_END_NO_ATTACKERS_NEAR_OBJECTIVES: /* a later issue */
      default:
        break;
    }
  }
  return false;
}

static void announce_step(struct murk_game* g) {
  const struct murk_state* s = &g->s;
  murk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, s->to_act, "turn %d: %s's %s step", s->turn,
            murk_side_name(s->to_act), murk_step_name(s->step));
}

static void start_player_turn(struct murk_game* g, enum murk_side side) {
  struct murk_state* s = &g->s;
  s->to_act = side;
  s->step = MURK_STEP_STARTING;
  s->spotted = false;
  s->fired = false;
  s->visibility = -1;
  for (int i = 0; i < s->nmarkers; i++) s->markers[i].moved = false;
  for (int sd = 0; sd < MURK_SIDES; sd++)
    for (int u = 0; u < s->nunits[sd]; u++) {
      s->units[sd][u].moved = false;
      s->units[sd][u].shot = false;
      s->units[sd][u].assaulted = false;
    }
  murk_mark_step_start(g);
  if (check_end(g, side)) return;
  announce_step(g);
  murk_fog_unbog(g, side);
  s->step = MURK_STEP_MOVEMENT;
  announce_step(g);
}

void murk_turn_begin_play(struct murk_game* g, enum murk_side first) {
  struct murk_state* s = &g->s;
  s->phase = MURK_PHASE_PLAY;
  s->first = first;
  s->turn = 1;
  s->turns_played[0] = s->turns_played[1] = 0;
  start_player_turn(g, first);
}

int murk_turn_end_step(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len) {
  struct murk_state* s = &g->s;
  (void)reason, (void)reason_len;
  switch (s->step) {
    case MURK_STEP_STARTING:
    case MURK_STEP_MOVEMENT:
      s->step = MURK_STEP_SHOOTING;
      s->spotted = false;
      s->fired = false;
      break;
    case MURK_STEP_SHOOTING:
      s->step = MURK_STEP_ASSAULT;
      break;
    case MURK_STEP_ASSAULT:
    default: {
      enum murk_side other = murk_side_other(side);
      s->turns_played[side] = s->turn;
      murk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, other, "hand-over to the %s",
                murk_side_name(other));
      if (s->turns_played[other] >= s->turn) s->turn++;
      start_player_turn(g, other);
      return MURK_OK;
    }
  }
  murk_mark_step_start(g);
  announce_step(g);
  return MURK_OK;
}
