/* region.c: zone and table-edge geometry (region.h): which cells a region or a zone holds,
 * the table's edges and corners. The mission loader checks places with it, the reserves
 * rules find arrival cells with it, and murk_region_contains / murk_zone_contains
 * (mission.h) answer for everyone else. */
#include "region.h"

/* ---- halves, quarters, rectangles, keep-out bands ---- */

/* Halves and quarters count whole rows and columns: a row belongs to the north half when
 * all of it lies above the centre line (2 * (y + 1) <= height). With an odd number of
 * rows the middle row is in neither half, so no zone gets more than the text gives. The
 * half-hex shift of odd rows is ignored: columns are columns. */
static bool in_half(const struct murk_grid* g, enum murk_compass c, struct murk_pos p) {
  switch (c) {
    case MURK_NORTH:
      return 2 * (p.y + 1) <= g->height;
    case MURK_SOUTH:
      return 2 * p.y >= g->height;
    case MURK_WEST:
      return 2 * (p.x + 1) <= g->width;
    case MURK_EAST:
      return 2 * p.x >= g->width;
    case MURK_NE:
      return in_half(g, MURK_NORTH, p) && in_half(g, MURK_EAST, p);
    case MURK_NW:
      return in_half(g, MURK_NORTH, p) && in_half(g, MURK_WEST, p);
    case MURK_SE:
      return in_half(g, MURK_SOUTH, p) && in_half(g, MURK_EAST, p);
    case MURK_SW:
      return in_half(g, MURK_SOUTH, p) && in_half(g, MURK_WEST, p);
  }
  return false;
}

bool murk_region_contains(const struct murk_mission* m, const struct murk_region* r,
                          struct murk_pos p) {
  const struct murk_grid* g = &m->grid;
  if (!murk_geom_on_table(g, p)) return false;
  switch (r->kind) {
    case MURK_REGION_WHOLE:
      return true;
    case MURK_REGION_HALF:
    case MURK_REGION_QUARTER:
      return in_half(g, r->which, p);
    case MURK_REGION_RECT:
      return p.x >= r->from.x && p.x <= r->to.x && p.y >= r->from.y && p.y <= r->to.y;
  }
  return false;
}

/* Rows (for a horizontal line) or columns (vertical) between a cell and a centre line of
 * the table: the number of whole rows from the cell's far side to the line, so the row
 * touching the line is 0 away. 2*distance is compared to keep everything whole. */
static int rows_to_centre(int y, int height) {
  /* Twice the distance from the nearer side of row y to the centre line at height/2. */
  int top2 = 2 * y, bottom2 = 2 * (y + 1), c2 = height;
  if (bottom2 <= c2) return c2 - bottom2;
  if (top2 >= c2) return top2 - c2;
  return 0; /* the middle row of an odd table straddles the line */
}

bool murk_zone_contains(const struct murk_mission* m, const struct murk_zone* z,
                        struct murk_pos p) {
  if (!murk_region_contains(m, &z->region, p)) return false;
  const struct murk_grid* g = &m->grid;
  const struct murk_keep_out* k = &z->keep_out;
  /* A band of n cells takes the n rows (or columns) nearest its line or edge. */
  if (k->centre_line > 0) {
    bool horizontal = true, vertical = false;
    if (z->region.kind == MURK_REGION_HALF)
      horizontal = z->region.which == MURK_NORTH || z->region.which == MURK_SOUTH,
      vertical = !horizontal;
    else if (z->region.kind == MURK_REGION_QUARTER)
      vertical = true;
    if (horizontal && rows_to_centre(p.y, g->height) < 2 * k->centre_line) return false;
    if (vertical && rows_to_centre(p.x, g->width) < 2 * k->centre_line) return false;
  }
  if (k->long_centre_line > 0) {
    bool wide = g->width >= g->height; /* the line runs west-east: measured in rows */
    int d2 = wide ? rows_to_centre(p.y, g->height) : rows_to_centre(p.x, g->width);
    if (d2 < 2 * k->long_centre_line) return false;
  }
  int e = k->edges;
  if (e > 0 && (p.x < e || p.y < e || p.x >= g->width - e || p.y >= g->height - e)) return false;
  /* Long edges: north and south on a table at least as wide as it is high. */
  bool wide = g->width >= g->height;
  int ns = wide ? k->long_edges : k->short_edges;
  int ew = wide ? k->short_edges : k->long_edges;
  if (ns > 0 && (p.y < ns || p.y >= g->height - ns)) return false;
  if (ew > 0 && (p.x < ew || p.x >= g->width - ew)) return false;
  return true;
}

/* ---- table edges and corners ---- */

int mk_region_edge_count(const struct murk_grid* gr) {
  int w = gr->width, h = gr->height;
  if (w <= 0 || h <= 0) return 0;
  if (h == 1) return w;
  if (w == 1) return h;
  return 2 * w + 2 * h - 4;
}

struct murk_pos mk_region_edge_cell(const struct murk_grid* gr, int i) {
  int w = gr->width, h = gr->height;
  if (h == 1) return (struct murk_pos){i, 0};
  if (w == 1) return (struct murk_pos){0, i};
  if (i < w) return (struct murk_pos){i, 0};
  i -= w;
  if (i < h - 1) return (struct murk_pos){w - 1, 1 + i};
  i -= h - 1;
  if (i < w - 1) return (struct murk_pos){w - 2 - i, h - 1};
  i -= w - 1;
  return (struct murk_pos){0, h - 2 - i};
}

bool mk_region_on_edge(const struct murk_grid* gr, struct murk_pos p, enum murk_compass e) {
  switch (e) {
    case MURK_NORTH:
      return p.y == 0;
    case MURK_SOUTH:
      return p.y == gr->height - 1;
    case MURK_WEST:
      return p.x == 0;
    case MURK_EAST:
      return p.x == gr->width - 1;
    default:
      return false;
  }
}

bool mk_region_on_any_edge(const struct murk_grid* gr, struct murk_pos p) {
  return p.x == 0 || p.y == 0 || p.x == gr->width - 1 || p.y == gr->height - 1;
}

struct murk_pos mk_region_corner_cell(const struct murk_grid* gr, enum murk_compass c) {
  int e = gr->width - 1, s = gr->height - 1;
  switch (c) {
    case MURK_NE:
      return (struct murk_pos){e, 0};
    case MURK_SE:
      return (struct murk_pos){e, s};
    case MURK_SW:
      return (struct murk_pos){0, s};
    case MURK_NW:
    default:
      return (struct murk_pos){0, 0};
  }
}

void mk_region_corner_edges(enum murk_compass c, enum murk_compass* a, enum murk_compass* b) {
  *a = c == MURK_NE || c == MURK_NW ? MURK_NORTH : MURK_SOUTH;
  *b = c == MURK_NE || c == MURK_SE ? MURK_EAST : MURK_WEST;
}

bool mk_region_corner_meets(enum murk_compass c, enum murk_compass e) {
  if (c < MURK_NE || c > MURK_SW) return false;
  enum murk_compass a, b;
  mk_region_corner_edges(c, &a, &b);
  return e == a || e == b;
}
