/* view_los.c: a line of sight a side may judge from its view (murk_view_los, view.h): the
 * public table only, under the rule of los.h ("Line of sight" in docs/rules.md), so a
 * front-end draws a thread without working out a rule and without a unit in it. */
#include <stdio.h>

#include "murk/error.h"
#include "murk/los.h"
#include "murk/sight.h"
#include "murk/view.h"

/* Longest line on the largest table (los.c's bound). */
#define VIEW_LINE_CAP (MURK_LOS_MAX_CELLS + MURK_LOS_MAX_CELLS / 2 + 2)

static int sight_of(const struct murk_view* v, struct murk_pos p) {
  if (!murk_geom_on_table(&v->grid, p)) return MURK_SIGHT_BLOCKING;
  int idx = v->map[p.y * v->grid.width + p.x];
  return idx < v->nterrain ? (int)v->terrain[idx].sight : MURK_SIGHT_BLOCKING;
}

static int level_of(const struct murk_view* v, struct murk_pos p) {
  if (!v->elevation || !murk_geom_on_table(&v->grid, p)) return 0;
  return v->elevation[p.y * v->grid.width + p.x];
}

int murk_view_los(const struct murk_view* v, struct murk_pos from, struct murk_pos to,
                  struct murk_view_los* out) {
  *out = (struct murk_view_los){0};
  out->hindrance = -1;
  if (!v->map || !murk_geom_on_table(&v->grid, from) || !murk_geom_on_table(&v->grid, to))
    return MURK_EINVAL;
  struct murk_line_step line[VIEW_LINE_CAP];
  size_t n = murk_geom_line(&v->grid, from, to, line, VIEW_LINE_CAP);
  if (n == 0 || n > VIEW_LINE_CAP) return MURK_EINVAL;
  out->distance = (int)n - 1;
  out->beyond = v->sight_range < MURK_SIGHT_UNLIMITED && out->distance > v->sight_range;
  int top = level_of(v, from) > level_of(v, to) ? level_of(v, from) : level_of(v, to);
  int count = 0;
  /* los.h: the ends never count; a step along an edge counts as the clearer and the lower
   * of its two cells. */
  for (size_t i = 1; i + 1 < n; i++) {
    const struct murk_line_step* st = &line[i];
    int s = sight_of(v, st->cell), l = level_of(v, st->cell);
    if (st->tie) {
      int s2 = sight_of(v, st->alt), l2 = level_of(v, st->alt);
      s = s2 < s ? s2 : s;
      l = l2 < l ? l2 : l;
    }
    if (s >= MURK_SIGHT_BLOCKING || l > top) {
      out->blocker = st->cell;
      out->higher = s < MURK_SIGHT_BLOCKING;
      return MURK_OK;
    }
    if (s == MURK_SIGHT_HINDERING) count++;
  }
  out->clear = true;
  out->hindrance = count;
  return MURK_OK;
}

void murk_view_los_words(const struct murk_view* v, const struct murk_view_los* los, char* buf,
                         size_t n) {
  char beyond[64] = "";
  if (los->beyond)
    snprintf(beyond, sizeof beyond, ", beyond sight (%d cell%s)", v->sight_range,
             v->sight_range == 1 ? "" : "s");
  if (los->clear) {
    char hind[32] = "";
    if (los->hindrance > 0) snprintf(hind, sizeof hind, " (%d hindering)", los->hindrance);
    snprintf(buf, n, "clear, %d cell%s%s%s", los->distance, los->distance == 1 ? "" : "s", hind,
             beyond);
    return;
  }
  char at[16];
  murk_pos_format(los->blocker, at, sizeof at);
  const char* name = "ground";
  if (v->map && murk_geom_on_table(&v->grid, los->blocker)) {
    int idx = v->map[los->blocker.y * v->grid.width + los->blocker.x];
    if (idx < v->nterrain) name = v->terrain[idx].name;
  }
  snprintf(buf, n, "blocked by %sthe %s at %s%s", los->higher ? "higher ground: " : "", name, at,
           beyond);
}
