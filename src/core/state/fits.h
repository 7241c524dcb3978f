/* fits.h: what one game holds, measured on a mission: the one count murk_game_new refuses
 * by (game.c) and `murk check` reports with the limit named (playable.c). */
#ifndef MK_FITS_H
#define MK_FITS_H

#include <stdbool.h>

#include "murk/mission.h"
#include "murk/side.h"

struct mk_mission_size {
  bool malformed;        /* a group with a bad profile or a negative count, or too many platoons */
  int teams[MURK_SIDES]; /* teams a side, counted from the groups */
  int markers;           /* a marker a platoon and a dummy */
  int placed;            /* objectives once every objective rule has placed its own */
};

/* Count what a game of `m` holds; true when all of it fits the game's limits (state.h). */
bool mk_mission_size(const struct murk_mission* m, struct mk_mission_size* out);

#endif
