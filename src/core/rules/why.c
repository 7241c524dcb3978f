/* why.c: why an enemy is or is not in sight of a side (why.h), from the side's own units,
 * the public table and the conditions alone: the same range and lines as sight.c. */
#include "why.h"

#include <stdio.h>
#include <string.h>

#include "board.h"
#include "murk/los.h"
#include "murk/mission.h"
#include "murk/rules.h"
#include "murk/sight.h"
#include "night.h"
#include "sight.h"

void mk_why_gather(const struct murk_game* g, enum murk_side side, bool fast, struct mk_eyes* e) {
  e->n = 0;
  struct murk_pos from;
  for (int i = 0; mk_next_on_table(&g->s, side, &i, &from);) {
    e->at[e->n] = from;
    e->ax[e->n++] = murk_geom_to_axial(&g->m->grid, from);
  }
  e->range = mk_sight_range(g, side);
  e->nvr = mk_night_nvr(g);
  e->night = mk_night_now(g);
  e->reach = e->line = NULL;
  e->asked = false;
  e->fast = fast;
  e->side = side;
  memset(&e->memo, 0, sizeof e->memo);
}

enum murk_view_sight mk_why_seen(const struct murk_game* g, struct mk_eyes* e, struct murk_pos p,
                                 bool seen) {
  const struct murk_grid* grid = &g->m->grid;
  /* Seen, where nothing is seen beyond sight range (no NVR, no Darkness: sight.c): in sight. */
  if (seen && e->nvr < 0 && !murk_mission_rule_on(g->m, MURK_RULE_DARKNESS)) return MURK_VIEW_SEEN;
  if (e->fast && !e->asked) { /* the unions, made when first needed */
    e->asked = true;
    if (!mk_sight_reach(g, e->at, e->n, e->range, &e->reach, &e->line)) e->reach = e->line = NULL;
  }
  bool near = false;
  if (e->reach && murk_geom_on_table(grid, p)) {
    /* The same two questions, answered by sight.c's unions over the eyes' cells. */
    size_t bit = (size_t)p.y * (size_t)grid->width + (size_t)p.x;
    if ((e->line[bit / 64] >> (bit % 64)) & 1) return seen ? MURK_VIEW_SEEN : MURK_VIEW_MOVED;
    near = (e->reach[bit / 64] >> (bit % 64)) & 1;
  } else {
    /* Many cells to judge: sight.c's kept fields of view of the same eyes say whether one
     * within range has the line, so that the eyes below are asked only for the range. */
    int line = e->fast ? mk_sight_line_within(g, e->side, e->range, p, &e->memo) : -1;
    if (line > 0) return seen ? MURK_VIEW_SEEN : MURK_VIEW_MOVED;
    struct murk_axial to = murk_geom_to_axial(grid, p);
    for (int i = 0; i < e->n && !(line == 0 && near); i++) {
      if (e->range < MURK_SIGHT_UNLIMITED &&
          murk_geom_axial_distance(grid, e->ax[i], to) > e->range)
        continue;
      near = true;
      if (line < 0 && mk_sight_los(g, e->at[i], p)) return seen ? MURK_VIEW_SEEN : MURK_VIEW_MOVED;
    }
  }
  if (seen) return MURK_VIEW_LIT;
  if (near) return MURK_VIEW_NO_LINE;
  return e->nvr >= 0 ? MURK_VIEW_BEYOND_NVR : MURK_VIEW_OUT_OF_RANGE;
}

enum murk_view_sight mk_why_table(const struct murk_game* g, struct mk_eyes* e, struct murk_pos p,
                                  bool in_sight) {
  enum murk_view_sight w = mk_why_seen(g, e, p, in_sight);
  /* It stands there in view of all: a cell in line but not in sight is out of reach of
   * sight by a rule (a sighting roll), never empty. */
  return !in_sight && w == MURK_VIEW_MOVED ? MURK_VIEW_NO_LINE : w;
}

bool mk_why_blocker(const struct murk_game* g, const struct mk_eyes* e, struct mk_why_memo* memo,
                    struct murk_pos p, struct murk_pos* out) {
  const struct murk_grid* grid = &g->m->grid;
  if (!g->sightmap) return false;
  struct murk_axial to = murk_geom_to_axial(grid, p);
  int best = -1, bestd = 0;
  for (int i = 0; i < e->n; i++) {
    int d = murk_geom_axial_distance(grid, e->ax[i], to);
    if (e->range < MURK_SIGHT_UNLIMITED && d > e->range) continue;
    if (best < 0 || d < bestd) {
      best = i;
      bestd = d;
    }
  }
  if (best < 0) return false;
  struct mk_why_memo_row spare, *mo = &spare; /* not kept: no memo, or cells off the table */
  if (memo && murk_geom_on_table(grid, e->at[best]) && murk_geom_on_table(grid, p)) {
    if (memo->m != g->m) {
      memset(memo, 0, sizeof *memo);
      memo->m = g->m;
    }
    int from = e->at[best].y * grid->width + e->at[best].x, at = p.y * grid->width + p.x;
    mo = &memo->rows[((unsigned)from * 2654435761u ^ (unsigned)at) %
                     (sizeof memo->rows / sizeof *memo->rows)];
    if (mo->used && mo->from == from && mo->to == at) {
      if (mo->has) *out = mo->cell;
      return mo->has;
    }
    *mo = (struct mk_why_memo_row){.used = true, .from = from, .to = at};
  }
  struct murk_line_step steps[64];
  size_t n = murk_geom_line(grid, e->at[best], p, steps, sizeof steps / sizeof *steps);
  if (n > sizeof steps / sizeof *steps) n = sizeof steps / sizeof *steps;
  for (size_t k = 1; k + 1 < n; k++) {
    const struct murk_line_step* st = &steps[k];
    bool blocks = murk_sightmap_sight(g->sightmap, st->cell) == MURK_SIGHT_BLOCKING;
    if (blocks && st->tie && murk_sightmap_sight(g->sightmap, st->alt) != MURK_SIGHT_BLOCKING)
      blocks = false;
    if (blocks) {
      *out = mo->cell = st->cell;
      return mo->has = true;
    }
  }
  return false;
}

void mk_why_words(enum murk_view_sight w, int nvr, int range, bool night, const char* blocker_name,
                  const struct murk_pos* blocker, char* buf, size_t n) {
  switch (w) {
    case MURK_VIEW_BEYOND_NVR:
      snprintf(buf, n, "beyond the night visibility range (%d cell%s) of your units",
               nvr >= 0 ? nvr : range, (nvr >= 0 ? nvr : range) == 1 ? "" : "s");
      return;
    case MURK_VIEW_OUT_OF_RANGE:
      if (range < MURK_SIGHT_UNLIMITED)
        snprintf(buf, n, "beyond your units' sight range (%d cell%s)", range,
                 range == 1 ? "" : "s");
      else
        snprintf(buf, n, "out of your units' sight");
      return;
    case MURK_VIEW_NO_LINE:
      if (blocker_name && blocker) {
        char at[16];
        murk_pos_format(*blocker, at, sizeof at);
        snprintf(buf, n, "the %s at %s blocks the line from your nearest unit", blocker_name, at);
      } else {
        snprintf(buf, n, "no line of sight from any of your units");
      }
      return;
    case MURK_VIEW_MOVED:
      if (range < MURK_SIGHT_UNLIMITED || night)
        snprintf(buf, n,
                 "its cell is in range and in sight: it moved, or was not spotted (the "
                 "sighting roll)");
      else
        snprintf(buf, n, "its cell is in sight and empty: it moved");
      return;
    default: /* seen: no reason to give */
      snprintf(buf, n, "in sight");
      return;
  }
}
