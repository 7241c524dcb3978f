/* sight.h: can a side see from one cell to another?
 *
 * The one question every rule that needs sight asks (shooting now; spotting, night rules
 * and line of sight later). For now the answer depends on distance only: a side sees as
 * far as the mission's conditions allow at best (docs/rules.md, "Sight"). The next issue
 * replaces the inside with line of sight (los.h) and the night rules; callers stay. */
#ifndef MURK_SIGHT_H
#define MURK_SIGHT_H

#include <stdbool.h>

#include "murk/game.h"
#include "murk/geom.h"
#include "murk/side.h"

/* The farthest `viewer` can see now, in cells; MURK_SIGHT_UNLIMITED when nothing limits it. */
#define MURK_SIGHT_UNLIMITED 1000000
int murk_sight_range(const struct murk_game* g, enum murk_side viewer);

/* Can `viewer` see `to` from `from`? False if either cell is off the table. */
bool murk_can_see(const struct murk_game* g, enum murk_side viewer, struct murk_pos from,
                  struct murk_pos to);

#endif
