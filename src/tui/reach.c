/* reach.c: the movement preview (reach.h). */
#include "reach.h"

#include "murk/alloc.h"
#include "murk/error.h"

static int terrain_class(const struct murk_view* v, struct murk_pos p) {
  int idx = v->map[p.y * v->grid.width + p.x];
  return idx < v->nterrain ? (int)v->terrain[idx].cls : (int)MURK_TERRAIN_IMPASSABLE;
}

/* Does a marker or team stand at p? enemy: only those of the other side count; self >= 0:
 * the teams of that own platoon do not count. */
static bool occupied(const struct murk_view* v, struct murk_pos p, enum murk_side side, bool enemy,
                     int self) {
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* m = &v->markers[i];
    if (m->on_table && murk_pos_eq(m->pos, p) && (!enemy || m->owner != side)) return true;
  }
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* t = &v->teams[i];
    if (!murk_pos_eq(t->pos, p)) continue;
    if (enemy && t->owner == side) continue;
    if (!enemy && t->owner == side && t->platoon == self && self >= 0) continue;
    return true;
  }
  return false;
}

static int reach(const struct murk_view* v, enum murk_side side, struct murk_pos from,
                 const int allow[MURK_TERRAIN_CLASS_COUNT], int self, unsigned char* cells,
                 unsigned char bit) {
  const struct murk_grid* g = &v->grid;
  for (int i = 0; i < g->width * g->height; i++) cells[i] &= (unsigned char)~bit;
  if (!v->map || !murk_geom_on_table(g, from)) return 0;
  int maxd = 0;
  for (int k = 0; k < MURK_TERRAIN_CLASS_COUNT; k++)
    if (allow[k] > maxd) maxd = allow[k];
  if (maxd <= 0) return 0;
  struct murk_line_step* line = murk_calloc((size_t)maxd + 1, sizeof *line);
  if (!line) return MURK_ENOMEM;
  int marked = 0;
  for (int y = from.y - maxd; y <= from.y + maxd; y++) {
    for (int x = from.x - maxd - 1; x <= from.x + maxd + 1; x++) {
      struct murk_pos p = {x, y};
      if (!murk_geom_on_table(g, p)) continue;
      int d = murk_geom_distance(g, from, p);
      if (d < 1 || d > maxd) continue;
      size_t n = murk_geom_line(g, from, p, line, (size_t)maxd + 1);
      if (n != (size_t)d + 1) continue;
      int allowance = maxd;
      bool ok = true;
      /* Every cell entered counts (the start does not); where the line runs along an
       * edge, the game takes `cell`, so the preview does too. */
      for (size_t k = 1; k < n && ok; k++) {
        struct murk_pos q = line[k].cell;
        int a = allow[terrain_class(v, q)];
        if (a < 0 || occupied(v, q, side, true, self)) ok = false;
        if (a < allowance) allowance = a;
      }
      if (!ok || d > allowance || occupied(v, p, side, false, self)) continue;
      cells[y * g->width + x] |= bit;
      marked++;
    }
  }
  murk_free(line);
  return marked;
}

int tui_reach(const struct murk_view* v, enum murk_side side, struct murk_pos from,
              const struct tui_move_rules* r, unsigned char* cells, unsigned char bit) {
  return reach(v, side, from, r->cells, -1, cells, bit);
}

int tui_reach_platoon(const struct murk_view* v, enum murk_side side, int platoon,
                      struct murk_pos from, int allowance, unsigned char* cells,
                      unsigned char bit) {
  int allow[MURK_TERRAIN_CLASS_COUNT];
  for (int k = 0; k < MURK_TERRAIN_CLASS_COUNT; k++)
    allow[k] = k == MURK_TERRAIN_IMPASSABLE || k == MURK_TERRAIN_WATER ? -1 : allowance;
  return reach(v, side, from, allow, platoon < 0 ? -2 : platoon, cells, bit);
}
