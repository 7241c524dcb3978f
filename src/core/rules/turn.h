/* turn.h: the steps of a player turn and the hand-over (turn.c). Internal to the core. */
#ifndef MK_TURN_H
#define MK_TURN_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/side.h"
#include "state.h"

/* Setup is over: the first player turn begins. */
void mk_turn_begin_play(struct murk_game* g, enum murk_side first);
/* `end` during play: the next step, or hand-over. */
int mk_turn_end_step(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len);
#endif
