/* region.h: zone and table-edge geometry (internal to libmurk; region.c).
 *
 * One home for the shapes the mission format names: halves, quarters, rectangles and
 * keep-out bands (murk_region_contains and murk_zone_contains, public in mission.h), and
 * the table's edges and corners, which the loader checks entry points and arrival areas
 * against and the reserves rules walk to find arrival cells. */
#ifndef MK_REGION_H
#define MK_REGION_H

#include <stdbool.h>

#include "murk/mission.h"

/* The table edge cells, clockwise from the north-west corner: how many, and the i-th
 * (0 <= i < count). */
int mk_region_edge_count(const struct murk_grid* g);
struct murk_pos mk_region_edge_cell(const struct murk_grid* g, int i);
/* Is p on table edge e (north, south, east or west; false for a corner)? */
bool mk_region_on_edge(const struct murk_grid* g, struct murk_pos p, enum murk_compass e);
/* Is p on any table edge? */
bool mk_region_on_any_edge(const struct murk_grid* g, struct murk_pos p);
/* The corner cell of corner c (ne, nw, se, sw). */
struct murk_pos mk_region_corner_cell(const struct murk_grid* g, enum murk_compass c);
/* The two table edges that meet at corner c (or bound quarter c): north or south, then
 * east or west. */
void mk_region_corner_edges(enum murk_compass c, enum murk_compass* a, enum murk_compass* b);
/* Does corner c touch table edge e? False when c is not a corner. */
bool mk_region_corner_meets(enum murk_compass c, enum murk_compass e);

#endif
