/* los.h: line of sight between two cells, and the field of view of a cell.
 *
 * A sight map is the part of a table that matters for seeing: a grid, a sight class per
 * cell (clear, hindering, blocking: enum murk_sight in mission.h) and, optionally, a
 * height level per cell. It knows nothing of units or sides, so rules and benchmarks can
 * build one from a mission or from plain arrays.
 *
 * The rule (docs/rules.md, "Line of sight"), in short: walk the line of murk_geom_line from
 * viewer to target; the two end cells never count; any other cell that blocks, or that
 * stands higher than both ends, stops the line; hindering cells are counted. Where the
 * line runs along the edge between two cells (a tie step), the step counts as the clearer
 * and the lower of the two, so an edge blocks only when both cells beside it block.
 *
 * murk_fov computes exactly { c : murk_los(origin, c) and distance(origin, c) <= radius },
 * with the same hindrance counts, by exact shadowcasting, in time that follows what is
 * visible (never the size of the table or of the disc). The tests check the two against
 * each other on random maps. */
#ifndef MURK_LOS_H
#define MURK_LOS_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/geom.h"
#include "murk/mission.h"

/* Largest width or height of a sight map (the mission loader's limit). */
#define MURK_LOS_MAX_CELLS MURK_MISSION_MAX_CELLS

struct murk_sightmap;

/* A sight map from plain arrays, row-major, width * height entries each: `sight` holds
 * enum murk_sight values, `level` height levels or is NULL for a flat table. The arrays
 * are copied. Returns 0 and *out (free with murk_sightmap_free), MURK_EINVAL for a bad
 * grid (a size below 1 or above MURK_LOS_MAX_CELLS, an unknown kind) or a sight value
 * that is not a murk_sight, or MURK_ENOMEM. On failure *out is NULL. */
int murk_sightmap_new(const struct murk_grid* grid, const unsigned char* sight,
                      const signed char* level, struct murk_sightmap** out);

/* A sight map of a loaded mission: each cell's sight class from the terrain legend, the
 * levels from m->elevation. Returns as murk_sightmap_new (MURK_EINVAL for a map index
 * outside the legend). */
int murk_sightmap_from_mission(const struct murk_mission* m, struct murk_sightmap** out);

void murk_sightmap_free(struct murk_sightmap* map); /* NULL is fine */

struct murk_grid murk_sightmap_grid(const struct murk_sightmap* map);

/* The sight class at p (MURK_SIGHT_BLOCKING off the table), and a change of it (smoke, a
 * burning building). A change never invalidates a murk_fov_result. Setting returns
 * MURK_EINVAL off the table or for a value that is not a murk_sight. */
enum murk_sight murk_sightmap_sight(const struct murk_sightmap* map, struct murk_pos p);
int murk_sightmap_set_sight(struct murk_sightmap* map, struct murk_pos p, enum murk_sight s);

/* The level at p (0 on a flat table or off the table). */
int murk_sightmap_level(const struct murk_sightmap* map, struct murk_pos p);

/* Line of sight from a to b. True when the line is clear; then *hindrance (may be NULL)
 * is the number of hindering steps crossed, ends excluded. False when either end is off
 * the table or something blocks (*hindrance is then -1). Symmetric: murk_los(b, a) gives
 * the same answer and count. Uses about 30 KB of stack and allocates nothing. */
bool murk_los(const struct murk_sightmap* map, struct murk_pos a, struct murk_pos b,
              int* hindrance);

/* ---- field of view -------------------------------------------------------------------- */

/* One visible cell: where, and the hindering steps on the line to it. */
struct murk_fov_cell {
  struct murk_pos at;
  int hindrance;
};

/* The output of murk_fov, owned by the caller and reused from call to call: the list of
 * visible cells, a per-cell slot for constant-time questions, and the working space of
 * the computation (kept, so that later calls allocate nothing). A call touches only the
 * cells it reports: a slot counts only if the list names the cell there, so nothing is
 * ever cleared wholesale. Keep one per sight map size and reuse it. */
struct murk_fov_result;

/* A result for fields of view on `map` (or any sight map of the same grid). Returns 0,
 * MURK_ENOMEM. The per-cell slots take 4 bytes a cell (about 6 on hexes); calls add a
 * table of ring offsets as they reach farther rings (up to about 260 KB, at ring 128). */
int murk_fov_result_new(const struct murk_sightmap* map, struct murk_fov_result** out);
void murk_fov_result_free(struct murk_fov_result* res); /* NULL is fine */

/* Every cell c of the table with distance(origin, c) <= radius and murk_los(origin, c),
 * with murk_los's hindrance, replacing what `res` held. The origin itself comes first
 * (when on the table), then the others ring by ring, nearest first. An origin off the
 * table sees nothing; any radius is fine. Returns 0; MURK_EINVAL for a negative radius or
 * a result made for another grid; MURK_ENOMEM when the working space cannot grow. On an
 * error `res` holds an empty field of view. */
int murk_fov(const struct murk_sightmap* map, struct murk_pos origin, int radius,
             struct murk_fov_result* res);

/* The visible cells of the last murk_fov, and their number. */
const struct murk_fov_cell* murk_fov_cells(const struct murk_fov_result* res, size_t* count);

/* Was p in the last field of view? Its hindrance, or -1 when not visible. */
bool murk_fov_visible(const struct murk_fov_result* res, struct murk_pos p);
int murk_fov_hindrance(const struct murk_fov_result* res, struct murk_pos p);

#endif
