/* sight.h: can a side see from one cell to another, and what does it see of the enemy?
 *
 * The one question every rule that needs sight asks: shooting, spotting, the views. The
 * answer (docs/rules.md, "Sight") is line of sight through the mission's terrain (los.h,
 * a sight map built once per game) within the side's sight range, where the rules in force
 * set that range: the Night Visibility Range (ASL night rules), the farthest a Night Fighting
 * sight roll can reach (40k mission special rules), the longest range of the visibility table under
 * Thick
 * Morning Fog or Darkness (Luneville, the Flames of War missions), or no limit by day. Beyond the
 * NVR a unit
 * is still seen when it fired (a gunflash) or stands in an illuminated cell (ASL night rules,
 * 1.101). */
#ifndef MURK_SIGHT_H
#define MURK_SIGHT_H

#include <stdbool.h>

#include "murk/game.h"
#include "murk/geom.h"
#include "murk/side.h"

/* The farthest a side can see when nothing limits it (the sight range is private to the
 * core: a view carries what a side needs of it). */
#define MURK_SIGHT_UNLIMITED 1000000

/* Fields of view kept for the games of one mission. A game computes the field of view of
 * each cell a unit stands on once and keeps it (the terrain never changes in play); a
 * program that plays many games of one mission (murk sim, the benchmarks) can make one
 * cache and let every game use it, so that each field of view is computed once for all of
 * them. What the cache holds follows from the mission's terrain alone: sharing it changes
 * no game. Returns MURK_OK, MURK_ENOMEM, or MURK_EINVAL for a mission whose terrain gives
 * no sight map; on failure *out is NULL. */
struct murk_sight_cache;
int murk_sight_cache_new(const struct murk_mission* m, struct murk_sight_cache** out);
void murk_sight_cache_free(struct murk_sight_cache* c); /* NULL is fine */

/* Let `g` use `c` in place of its own cache from now on. `c` must be made from g's mission
 * and outlive g (or the next call). MURK_EINVAL for a cache of another mission. */
int murk_game_use_sight_cache(struct murk_game* g, struct murk_sight_cache* c);

#endif
