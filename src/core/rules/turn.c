/* turn.c: player turns and their steps, and the start-of-turn hook: the game length, losses
 * (combat.c), end conditions checked "at the start of a turn" (victory.c), bogged templates
 * trying to get free.
 *
 * A player turn: Starting -> Movement -> Shooting -> Assault -> hand-over (docs/rules.md,
 * "Player turns"). The Starting step has nothing for the player to do yet, so it runs and
 * passes to the Movement step by itself. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "combat.h"
#include "event.h"
#include "fog.h"
#include "morale.h"
#include "murk/error.h"
#include "night.h"
#include "reserves.h"
#include "state.h"
#include "turn.h"
#include "victory.h"

static void announce_step(struct murk_game* g) {
  const struct mk_state* s = &g->s;
  mk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, s->to_act, "turn %d: %s's %s step", s->turn,
          murk_side_name(s->to_act), murk_step_name(s->step));
}

static void start_player_turn(struct murk_game* g, enum murk_side side) {
  struct mk_state* s = &g->s;
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
      /* The other side's turn is over: its platoons revealed by then take no independent
       * with them any more (fog.c). */
      if (sd != (int)side) s->units[sd][u].fresh = false;
    }
  s->withdraw_due = 0;
  s->remove_due = 0;
  mk_mark_step_start(g);
  /* The turn before has ended: is the game's length up (turn limit, Random Game Length)? */
  if (side == s->first && s->turn > 1 && mk_victory_game_length(g)) return;
  announce_step(g);
  /* Losses first (motivation tests, company morale), then what ends or wins the battle
   * (withdrawals, objectives taken, end conditions), then the rest of the starting step. */
  if (mk_morale_start_of_turn(g, side)) return;
  if (mk_victory_start_of_turn(g, side)) return;
  mk_night_start_of_turn(g, side); /* lights, gunflashes, dusk & dawn, the NVR change */
  mk_fog_unbog(g, side);
  mk_reserves_start_of_turn(g, side);
  s->step = MURK_STEP_MOVEMENT;
  announce_step(g);
}

void mk_turn_begin_play(struct murk_game* g, enum murk_side first) {
  struct mk_state* s = &g->s;
  s->phase = MURK_PHASE_PLAY;
  s->first = first;
  s->turn = 1;
  s->turns_played[0] = s->turns_played[1] = 0;
  mk_night_begin_play(g);
  mk_combat_begin_play(g);
  start_player_turn(g, first);
}

int mk_turn_end_step(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len) {
  (void)reason;
  (void)reason_len;
  struct mk_state* s = &g->s;
  /* A withdrawal due keeps `end` from being a verb of the step: setup.c's phase table. */
  switch (s->step) {
    case MURK_STEP_STARTING:
    case MURK_STEP_MOVEMENT:
      mk_combat_after_movement(g, side);
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
      mk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, other, "hand-over to the %s", murk_side_name(other));
      if (s->turns_played[other] >= s->turn) s->turn++;
      start_player_turn(g, other);
      return MURK_OK;
    }
  }
  mk_mark_step_start(g);
  announce_step(g);
  return MURK_OK;
}
