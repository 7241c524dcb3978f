/* geom.h: the table's grid. Pointy-top hexes in odd-r offset coordinates (as in files and
 * on screen), or squares, behind one API.
 *
 * Positions are offset coordinates: x is the column (0 at the left edge), y the row (0 at
 * the top edge). On a hex grid odd rows are shifted half a hex to the right. Inside, hex
 * maths uses axial/cube coordinates. All arithmetic is integer: nothing that decides an
 * outcome uses floating point.
 *
 * Square grid: 8 neighbours, distance is Chebyshev (a diagonal step costs one), as most
 * square-grid wargames and roguelikes count it. */
#ifndef MURK_GEOM_H
#define MURK_GEOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum murk_grid_kind {
  MURK_GRID_HEX = 0,
  MURK_GRID_SQUARE = 1,
};

/* A cell of the table, offset coordinates. */
struct murk_pos {
  int x;
  int y;
};

/* Axial coordinates of a hex (q, r); s = -q - r. */
struct murk_axial {
  int q;
  int r;
};

/* The table: kind and size in cells. A value type; copy it freely. */
struct murk_grid {
  enum murk_grid_kind kind;
  int width;
  int height;
};

#define MURK_GEOM_MAX_NEIGHBOURS 8

/* The coordinates the maths is exact for: |x|, |y| <= this. murk_pos_parse refuses
 * larger; murk_geom_line returns 0 steps for an end beyond it. */
#define MURK_GEOM_COORD_MAX 1000000

bool murk_geom_on_table(const struct murk_grid* g, struct murk_pos p);
bool murk_pos_eq(struct murk_pos a, struct murk_pos b);

/* Offset <-> axial (hex grids; on square grids axial is (x, y) unchanged). */
struct murk_axial murk_geom_to_axial(const struct murk_grid* g, struct murk_pos p);
struct murk_pos murk_geom_from_axial(const struct murk_grid* g, struct murk_axial a);

/* Steps between two cells (hex distance, or Chebyshev on squares). Off-table cells are
 * allowed: the maths does not care where the table ends. */
int murk_geom_distance(const struct murk_grid* g, struct murk_pos a, struct murk_pos b);
/* The same from axial coordinates (murk_geom_to_axial), for callers that convert each cell
 * once and measure it against many. */
int murk_geom_axial_distance(const struct murk_grid* g, struct murk_axial a, struct murk_axial b);

/* Neighbour in direction dir (hex: 0..5 starting east, going counter-clockwise:
 * E, NE, NW, W, SW, SE; square: 0..7 E, NE, N, NW, W, SW, S, SE). No table check.
 * dir is taken modulo the number of directions, so dir + 3 (hex) or dir + 4 (square) is
 * the opposite one. */
struct murk_pos murk_geom_neighbour(const struct murk_grid* g, struct murk_pos p, int dir);
int murk_geom_directions(const struct murk_grid* g); /* 6 or 8 */

/* The on-table neighbours of p, in direction order. Returns how many were written. */
int murk_geom_neighbours(const struct murk_grid* g, struct murk_pos p,
                         struct murk_pos out[MURK_GEOM_MAX_NEIGHBOURS]);

/* The on-table cells at exactly `radius` from c (radius 0: c itself), in a fixed order.
 * Writes at most cap cells; returns how many on-table cells there are (which may exceed
 * cap, like snprintf). */
size_t murk_geom_ring(const struct murk_grid* g, struct murk_pos c, int radius,
                      struct murk_pos* out, size_t cap);

/* The on-table cells within `radius` of c (c included), ring by ring. Same return rule. */
size_t murk_geom_within(const struct murk_grid* g, struct murk_pos c, int radius,
                        struct murk_pos* out, size_t cap);

/* One step of a line between two cells. Where the exact line runs along the edge between
 * two cells, `cell` is the one chosen by the documented tie rule and `alt` the other one,
 * with `tie` set; otherwise alt == cell and tie is false. */
struct murk_line_step {
  struct murk_pos cell;
  struct murk_pos alt;
  bool tie;
};

/* The cells of the line from a to b, both ends included (distance + 1 steps). Writes at
 * most cap steps; returns the number of steps of the whole line. */
size_t murk_geom_line(const struct murk_grid* g, struct murk_pos a, struct murk_pos b,
                      struct murk_line_step* out, size_t cap);

/* Distances with units. Values are kept in hundredths of a centimetre so that both cm
 * and inches (2.54 cm exactly) are whole numbers. */
enum murk_unit {
  MURK_UNIT_CM = 0,
  MURK_UNIT_IN = 1,
  MURK_UNIT_HEX = 2, /* cells, whatever the grid kind */
};

struct murk_length {
  int64_t value; /* hundredths of the unit: "20cm" -> 2000 cm/100, "3hex" -> 300 */
  enum murk_unit unit;
};

/* Parse "20cm", "8in", "3hex", "2.5in", "12\"" (inches), "1cell". Up to two decimals.
 * Returns 0, or MURK_EINVAL with a message for people in err. */
int murk_length_parse(const char* s, struct murk_length* out, char* err, size_t errlen);

/* How rounding goes when a length is turned into cells (docs/rules.md, "Distances"):
 * an allowance (move, range, command distance) rounds down, a keep-out distance (from a
 * centre line, an edge or another objective) rounds up: neither ever gives more than the
 * text does. */
enum murk_round {
  MURK_ROUND_DOWN = 0, /* allowances */
  MURK_ROUND_UP = 1,   /* keep-out bands */
};

/* Convert a length to cells under the mission scale (the length of one cell, in cm or in,
 * never in hexes). Lengths already in hexes are returned as they are (rounded as asked).
 * Returns -1 if the scale is not a positive physical length, or the length is negative or
 * beyond what murk_length_parse accepts. */
int murk_length_to_cells(struct murk_length len, struct murk_length scale, enum murk_round r);

/* Format a length back as text ("20cm", "2.5in", "3hex"). */
int murk_length_format(struct murk_length len, char* buf, size_t n);

/* Format a position as the files and commands write it: "07,12" (column, row). */
int murk_pos_format(struct murk_pos p, char* buf, size_t n);
/* Parse "7,12" or "07,12". Returns 0 or MURK_EINVAL. */
int murk_pos_parse(const char* s, struct murk_pos* out);

#endif
