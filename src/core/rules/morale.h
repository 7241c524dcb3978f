/* morale.h: platoon morale and Company Morale (morale.c), private to src/core. */
#ifndef MK_MORALE_H
#define MK_MORALE_H

#include <stdbool.h>

#include "state.h"

/* At the start of `side`'s player turn: hits and activity cleared, platoon morale, Company
 * Morale (or the end of a force with no platoons left), then remounts and rallies. True
 * when the game ended. */
bool mk_morale_start_of_turn(struct murk_game* g, enum murk_side side);

#endif
