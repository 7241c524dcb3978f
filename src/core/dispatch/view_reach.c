/* view_reach.c: where an own unit may move or be revealed, judged as the game judges it
 * (move.c, fog.c) on what a view holds (view.h: murk_view_reach, murk_view_reveal_cells). */
#include <limits.h>
#include <string.h>

#include "fog.h"
#include "intel.h"
#include "move.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/view.h"
/* ---- reach: the game's judgement of a move (move.c) on what the view holds ---- */

/* What stands in each cell as the view's side knows it: enemy_marker/enemy_team/own/self
 * codes of move.h, one byte a cell. */
struct view_board {
  const struct murk_view* v;
  unsigned char* occ;
};

static enum mk_move_occ view_at(const void* ctx, struct murk_pos p, int* number) {
  const struct view_board* vb = ctx;
  *number = 0;
  if (!murk_geom_on_table(&vb->v->grid, p)) return MK_MOVE_FREE;
  return (enum mk_move_occ)vb->occ[(size_t)p.y * (size_t)vb->v->grid.width + (size_t)p.x];
}

static void occupy(const struct murk_view* v, unsigned char* occ, struct murk_pos p,
                   enum mk_move_occ o) {
  if (murk_geom_on_table(&v->grid, p))
    occ[(size_t)p.y * (size_t)v->grid.width + (size_t)p.x] = (unsigned char)o;
}

/* The nearest enemy this view knows of: markers, teams, contacts (INT_MAX: none). */
static int view_nearest_enemy(const struct murk_view* v, struct murk_pos p) {
  int best = INT_MAX;
  for (int i = 0; i < v->nmarkers; i++)
    if (v->markers[i].owner != v->side && v->markers[i].on_table) {
      int d = murk_geom_distance(&v->grid, p, v->markers[i].pos);
      if (d < best) best = d;
    }
  for (int i = 0; i < v->nteams; i++)
    if (v->teams[i].owner != v->side) {
      int d = murk_geom_distance(&v->grid, p, v->teams[i].pos);
      if (d < best) best = d;
    }
  for (int i = 0; i < v->ncontacts; i++) {
    int d = murk_geom_distance(&v->grid, p, v->contacts[i].pos);
    if (d < best) best = d;
  }
  return best;
}

/* The rows and columns of a scan window of `r` cells around c (a hex row shifts by at most
 * one column), cut to the table: a long allowance does not walk cells off the table. */
struct scan {
  int y0, y1, x0, x1;
};

static struct scan scan_window(const struct murk_grid* g, struct murk_pos c, int r) {
  struct scan s = {c.y - r, c.y + r, c.x - r - 1, c.x + r + 1};
  if (s.y0 < 0) s.y0 = 0;
  if (s.x0 < 0) s.x0 = 0;
  if (s.y1 > g->height - 1) s.y1 = g->height - 1;
  if (s.x1 > g->width - 1) s.x1 = g->width - 1;
  return s;
}

/* The opening of murk_view_reveal_cells and murk_view_reach: `bit` cleared in every cell,
 * and the own marker `number` on the table (NULL: none). */
static const struct murk_view_marker* own_marker_cleared(const struct murk_view* v, int number,
                                                         unsigned char* cells, unsigned char bit) {
  size_t ncells = (size_t)v->grid.width * (size_t)v->grid.height;
  for (size_t i = 0; i < ncells; i++) cells[i] &= (unsigned char)~bit;
  for (int i = 0; i < v->nmarkers; i++)
    if (v->markers[i].owner == v->side && v->markers[i].on_table && v->markers[i].number == number)
      return &v->markers[i];
  return NULL;
}

/* Is p beyond an enemy this view knows of, seen from `leader` (Limited Intelligence 27.3.1)? */
static bool view_beyond(const struct murk_view* v, struct murk_pos leader, struct murk_pos p) {
  for (int i = 0; i < v->nmarkers; i++)
    if (v->markers[i].owner != v->side && v->markers[i].on_table &&
        mk_intel_beyond(&v->grid, leader, v->markers[i].pos, p))
      return true;
  for (int i = 0; i < v->nteams; i++)
    if (v->teams[i].owner != v->side && mk_intel_beyond(&v->grid, leader, v->teams[i].pos, p))
      return true;
  for (int i = 0; i < v->ncontacts; i++)
    if (mk_intel_beyond(&v->grid, leader, v->contacts[i].pos, p)) return true;
  return false;
}

/* The cells of a Limited Intelligence wing's platoon its owner places (27.3.1, as intel_place.c
 * judges them): within place_range of the leader's cell, passable, free as far as the view
 * knows, not beyond the enemy it knows of. */
static int wing_cells(const struct murk_view* v, unsigned char* cells, unsigned char bit) {
  const struct murk_grid* grid = &v->grid;
  size_t ncells = (size_t)grid->width * (size_t)grid->height;
  unsigned char* occ = murk_calloc(ncells ? ncells : 1, 1);
  if (!occ) return MURK_ENOMEM;
  for (int i = 0; i < v->ncontacts; i++) occupy(v, occ, v->contacts[i].pos, MK_MOVE_ENEMY_TEAM);
  for (int i = 0; i < v->nteams; i++) occupy(v, occ, v->teams[i].pos, MK_MOVE_OWN);
  for (int i = 0; i < v->nmarkers; i++)
    if (v->markers[i].on_table) occupy(v, occ, v->markers[i].pos, MK_MOVE_OWN);
  struct murk_pos c = v->place_leader;
  int r = v->place_range, marked = 0;
  for (int y = c.y - r; y <= c.y + r; y++)
    for (int x = c.x - r - 1; x <= c.x + r + 1; x++) {
      struct murk_pos p = {x, y};
      if (!murk_geom_on_table(grid, p) || murk_geom_distance(grid, c, p) > r) continue;
      size_t at = (size_t)y * (size_t)grid->width + (size_t)x;
      const struct murk_terrain* t = v->map[at] < v->nterrain ? &v->terrain[v->map[at]] : NULL;
      if (!t || t->cls == MURK_TERRAIN_IMPASSABLE || t->cls == MURK_TERRAIN_WATER || occ[at])
        continue;
      if (view_beyond(v, c, p)) continue;
      cells[at] |= bit;
      marked++;
    }
  murk_free(occ);
  return marked;
}

int murk_view_reveal_cells(const struct murk_view* v, int number, unsigned char* cells,
                           unsigned char bit) {
  if (!v || !cells || v->side == MURK_NO_SIDE) return MURK_EINVAL;
  const struct murk_grid* grid = &v->grid;
  size_t ncells = (size_t)grid->width * (size_t)grid->height;
  const struct murk_view_marker* mk = own_marker_cleared(v, number, cells, bit);
  int platoon = -1;
  struct murk_pos centre = {0, 0};
  if (mk) {
    if (mk->dummy || mk->platoon < 0 || mk->platoon >= v->nplatoons || mk->kind == MURK_MARKER_WING)
      return 0;
    platoon = mk->platoon;
    centre = mk->pos;
  } else if (number > 0 && number == v->place_platoon && v->to_act == v->side) {
    /* A platoon the enemy's spotting revealed, its teams still to place (`place Pn via`). */
    for (int i = 0; i < v->nplatoons && platoon < 0; i++)
      if (v->platoons[i].marker == number) platoon = i;
    if (platoon < 0) return MURK_EINVAL;
    centre = v->place_at;
  } else {
    return MURK_EINVAL;
  }
  if (!v->map) return 0;
  if (!mk && v->place_range > 0) return wing_cells(v, cells, bit);
  int cmd = v->platoons[platoon].command_distance;
  if (cmd < 1) cmd = 1;
  int d_first = view_nearest_enemy(v, centre);
  unsigned char* occ = murk_calloc(ncells ? ncells : 1, 1);
  if (!occ) return MURK_ENOMEM;
  for (int i = 0; i < v->ncontacts; i++) occupy(v, occ, v->contacts[i].pos, MK_MOVE_ENEMY_TEAM);
  for (int i = 0; i < v->nteams; i++) occupy(v, occ, v->teams[i].pos, MK_MOVE_OWN);
  for (int i = 0; i < v->nmarkers; i++)
    if (v->markers[i].on_table) occupy(v, occ, v->markers[i].pos, MK_MOVE_OWN);
  int marked = 0;
  struct scan w = scan_window(grid, centre, cmd);
  for (int y = w.y0; y <= w.y1; y++)
    for (int x = w.x0; x <= w.x1; x++) {
      struct murk_pos p = {x, y};
      if (!murk_geom_on_table(grid, p)) continue;
      size_t at = (size_t)y * (size_t)grid->width + (size_t)x;
      const struct murk_terrain* t = v->map[at] < v->nterrain ? &v->terrain[v->map[at]] : NULL;
      if (!t || t->cls == MURK_TERRAIN_IMPASSABLE || t->cls == MURK_TERRAIN_WATER || occ[at])
        continue;
      if (!mk_fog_reveal_cell_rule(murk_geom_distance(grid, centre, p), cmd,
                                   view_nearest_enemy(v, p), d_first))
        continue;
      cells[at] |= bit;
      marked++;
    }
  murk_free(occ);
  return marked;
}

int murk_view_terrain_at(const struct murk_view* v, struct murk_pos p) {
  if (!v || !v->map || !murk_geom_on_table(&v->grid, p)) return -1;
  for (int i = v->nworks; i-- > 0;)
    if (murk_pos_eq(v->works[i].at, p)) return v->works[i].terrain;
  return v->map[(size_t)p.y * (size_t)v->grid.width + (size_t)p.x];
}

int murk_view_reach(const struct murk_view* v, int number, unsigned char* cells,
                    unsigned char bit) {
  if (!v || !cells || v->side == MURK_NO_SIDE) return MURK_EINVAL;
  const struct murk_grid* grid = &v->grid;
  size_t ncells = (size_t)grid->width * (size_t)grid->height;
  /* The mover: an own marker on the table, else a revealed own platoon. */
  const struct murk_view_marker* mk = own_marker_cleared(v, number, cells, bit);
  const struct murk_view_platoon* pl = NULL;
  for (int i = 0; i < v->nplatoons && !mk && !pl; i++)
    if (v->platoons[i].marker == number && v->platoons[i].state == MURK_PLATOON_REVEALED)
      pl = &v->platoons[i];
  if (!mk && !pl) return MURK_EINVAL;
  if (!(mk ? mk->may_move : pl->may_move) || !v->map) return 0;
  struct mk_move_rule rule;
  memcpy(rule.allow, mk ? mk->allowance : pl->allowance, sizeof rule.allow);
  rule.self_end = pl != NULL;
  struct murk_pos from = mk ? mk->pos : pl->lead;

  /* The occupancy, then (with works built in setup) the map as the table stands. */
  unsigned char* occ = murk_calloc(ncells ? 2 * ncells : 1, 1);
  if (!occ) return MURK_ENOMEM;
  const unsigned char* map = v->map;
  if (v->nworks > 0) {
    unsigned char* built = occ + ncells;
    memcpy(built, v->map, ncells);
    for (int i = 0; i < v->nworks; i++)
      if (murk_geom_on_table(grid, v->works[i].at))
        built[(size_t)v->works[i].at.y * (size_t)grid->width + (size_t)v->works[i].at.x] =
            (unsigned char)v->works[i].terrain;
    map = built;
  }
  /* Later writes win: a unit in sight now stands where another was last seen. */
  for (int i = 0; i < v->ncontacts; i++)
    occupy(v, occ, v->contacts[i].pos,
           v->contacts[i].team ? MK_MOVE_ENEMY_TEAM : MK_MOVE_ENEMY_MARKER);
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* t = &v->teams[i];
    /* A bailed out team stays where it is (move.c): in its platoon's way like any other. */
    enum mk_move_occ o = t->owner != v->side                           ? MK_MOVE_ENEMY_TEAM
                         : pl && t->platoon == pl->index && !t->bailed ? MK_MOVE_SELF
                                                                       : MK_MOVE_OWN;
    occupy(v, occ, t->pos, o);
  }
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* m = &v->markers[i];
    if (!m->on_table) continue;
    enum mk_move_occ o = m->owner != v->side ? MK_MOVE_ENEMY_MARKER
                         : m == mk           ? MK_MOVE_SELF
                                             : MK_MOVE_OWN;
    occupy(v, occ, m->pos, o);
  }
  struct view_board vb = {v, occ};
  struct mk_move_board board = {grid, v->terrain, v->nterrain, map, view_at, &vb};
  int most = 0;
  for (int k = 0; k < MURK_TERRAIN_CLASS_COUNT; k++)
    if (rule.allow[k] > most) most = rule.allow[k];
  /* Pinned down, no nearer the nearest enemy it knows of (move.c, mk_move_pinned_refusal). */
  int pinned_gap = pl && pl->pinned ? view_nearest_enemy(v, from) : INT_MAX;
  int marked = 0;
  /* Every cell within the longest allowance: a plain move there (no waypoints). */
  struct scan w = scan_window(grid, from, most);
  for (int y = w.y0; y <= w.y1; y++)
    for (int x = w.x0; x <= w.x1; x++) {
      struct murk_pos p = {x, y};
      if (!murk_geom_on_table(grid, p)) continue;
      int d = murk_geom_distance(grid, from, p);
      if (d < 1 || d > most) continue;
      if (pinned_gap != INT_MAX && view_nearest_enemy(v, p) < pinned_gap) continue;
      struct mk_move_verdict verdict;
      enum mk_move_why why = mk_move_judge(&board, &rule, from, &p, 1, false, &verdict);
      if (why == MK_MOVE_OUT_OF_MEMORY) {
        murk_free(occ);
        return MURK_ENOMEM;
      }
      if (why != MK_MOVE_OK) continue;
      cells[(size_t)y * (size_t)grid->width + (size_t)x] |= bit;
      marked++;
    }
  murk_free(occ);
  return marked;
}
