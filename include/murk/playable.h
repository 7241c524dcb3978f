/* playable.h: can a loaded mission be played to an end? (`murk check`)
 *
 * The loader proves a mission well formed; this proves, as far as the mission alone can
 * tell, that a game of it never leaves a side stuck: the game holds everything the mission
 * brings (teams, markers, objectives), each side has somewhere to deploy, reserve limits can
 * both be met, an immediate ambush has somewhere to go, objectives have room to be placed,
 * and the game has a way to end. Each problem is reported at the line and column of the key
 * that causes it (or of the nearest key the file gives, when the value is a default). */
#ifndef MURK_PLAYABLE_H
#define MURK_PLAYABLE_H

#include <stddef.h>

#include "murk/diag.h"
#include "murk/mission.h"

/* Check m, loaded from the `len` bytes of `text` (the file, for the places of keys; NULL:
 * problems are reported without a place). Problems go into d (file name already set).
 * Returns the number of problems, or a negative murk error (MURK_ENOMEM). */
int murk_playable_check(const struct murk_mission* m, const char* text, size_t len,
                        struct murk_diags* d);

#endif
