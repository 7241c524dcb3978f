/* placing.h: a platoon the enemy's spotting revealed (Fog of War's spot, Limited
 * Intelligence's spotting) or whose cloak or "?" was lost (the ASL night rules) waits for its
 * owner to put its teams down with `place` (placing.c). The rules that reveal set it up;
 * fog.c's `place` handler answers it; the dispatch layer asks who is to act. Internal to
 * the core. */
#ifndef MK_PLACING_H
#define MK_PLACING_H

#include <stdbool.h>

#include "murk/geom.h"
#include "state.h"

/* Platoon `unit` of `side` waits for its owner's `place`, in play only (in setup the rule
 * places it at once: returns false). Its first team goes (or went) on `at`. Fog of War's
 * rule (range 0): the others within command distance of `at`, farther from the enemy than
 * it; `from`, if not NULL, is the enemy that revealed it (the rule's second way). Limited
 * Intelligence's (range > 0): within `range` cells of the wing leader's cell `leader`,
 * never beyond the enemy. */
bool mk_placing_await(struct murk_game* g, enum murk_side side, int unit, struct murk_pos at,
                      const struct murk_pos* from, struct murk_pos leader, int range,
                      enum mk_place_why why);
/* The side that places now (the side not to act first, so that play hands over once and
 * back), or MURK_NO_SIDE; the first of its platoons that waits (roster index), or -1; how
 * many of its platoons wait. */
enum murk_side mk_placing_side(const struct murk_game* g);
int mk_placing_unit(const struct murk_game* g, enum murk_side side);
int mk_placing_count(const struct murk_game* g, enum murk_side side);
/* After a command: play hands over to the owner of platoons waiting, told to both, once. */
void mk_placing_announce(struct murk_game* g);
/* Platoon `unit` of `side` is placed: it waits no more; once the side has placed all, play
 * hands back to the side to act, told to both. */
void mk_placing_done(struct murk_game* g, enum murk_side side, int unit);

#endif
