/* deep_strike.h: Deep Strike's landing (deep_strike.c). Internal to the core. */
#ifndef MK_DEEP_STRIKE_H
#define MK_DEEP_STRIKE_H

#include <stddef.h>

#include "state.h"

/* Platoon `unit` of `side`, let on by its arrival roll, deep strikes at `aim`: the scatter
 * is rolled in public and its teams are placed around where it lands (or it is lost).
 * MURK_OK, or a refusal of the aim with the reason written. */
int mk_deep_strike(struct murk_game* g, enum murk_side side, int unit, struct murk_pos aim,
                   char* reason, size_t reason_len);

#endif
