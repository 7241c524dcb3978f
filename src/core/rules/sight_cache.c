/* sight_cache.c: the caches of sight (sight_cache.h), apart from the rule (sight.c).
 *
 * The terrain never changes in play, so a field of view taken once answers every line from
 * its origin for the rest of the game (murk_fov gives exactly murk_los: los.h,
 * tests/unit/test_los.c). On that rest:
 * - fields of view kept per origin cell (rows), in an open-addressing table, flushed whole
 *   when full (fov_rows.c);
 * - on tables of up to DISK_TABLE cells, per cell the cells within the range (disks) and
 *   the field of view cut to them (cuts), so that a side's union of sight within the range
 *   is one OR a viewer; the last few unions kept (slots) with the cells they were made of;
 * - what the last sight update read and left (struct mk_sight_kept), so that the next one
 *   skips the sides and teams nothing changed for.
 * Each answer is compared with the state it depends on at every use, so a cache can be out
 * of date, never wrong; built with MURK_PLAIN none of this exists (murk_plain, the test
 * tests/cli/plain.sh compares the two programs' games byte for byte). */
#include "sight_cache.h"

#include <stdint.h>
#include <string.h>

#include "board.h"
#include "fov_rows.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/los.h"
#include "murk/sight.h"
#include "sight.h"
#include "state.h"

#ifndef MURK_PLAIN

static int min_int(int a, int b) {
  return a < b ? a : b;
}

/* near |= src over words [lo, hi) (restrict: so the loop is vectorised without a check). */
static inline void or_words(uint64_t* restrict near, const uint64_t* restrict src, size_t lo,
                            size_t hi) {
  for (size_t w = lo; w < hi; w++) near[w] |= src[w];
}

/* ---- fields of view (fov_rows.h) ---- */

#define DISK_TABLE 4096 /* cells: up to this the disks cost at most 2 MB */
#define UNION_SLOTS 4

struct mk_sc_union {
  unsigned long gen; /* new each time the slot is made over (slot_gens): a memo's check */
  int range;         /* -1: empty */
  int n;
  int* cells;      /* MAX_VIEWERS: the viewers' cell indices, in roster order */
  uint64_t* near;  /* twords: what they see within the range */
  uint64_t* reach; /* twords: the cells within the range of one of them (reach_made) */
  bool reach_made;
};

/* A unit or marker that looks, for mk_sight_update: where it stands and its field of
 * view. */
struct viewer {
  struct murk_axial at;
  struct fov_row row;
};
#define MAX_VIEWERS (MK_MAX_MARKERS + MK_MAX_TEAMS_PER_SIDE)

/* The viewers at `cells` (cell indices, in roster order), each with its row once looked
 * up (row.origin -1 before), while the cache had been flushed `flushes` times: rows got
 * before a later flush are stale (the sight map never changes, so the cells say
 * everything else). */
struct kept_eyes {
  unsigned long gen; /* 0: empty; new each time the slot is gathered over */
  unsigned long flushes;
  /* On a table of at most FOV_SMALL_TABLE cells (rows over the whole table): what they see
   * at any range, the OR of their rows (made when first asked; the bits stand whatever
   * the cache drops later). */
  uint64_t* far;
  bool far_made;
  int n;
  int cells[MAX_VIEWERS];
  struct viewer eyes[MAX_VIEWERS];
};
#define EYES_SLOTS 2 /* one a side */

/* What mk_sight_update read the last time and what it left (struct murk_game's sight_kept).
 * Within the range a side's sightings follow from its union (its own
 * markers' and teams' cells), the enemy's markers, teams and revealed platoons, and the
 * turn; each update overwrites the same fields from those (seen; known, pos and turn of what
 * is seen; all of what is gone) and keeps the rest, and the public events after it write
 * only what agrees with that. So while those inputs are what they were and the sightings
 * what the update left, making them again changes nothing: after about half the commands of
 * a random game nothing a side sees from moved, and after most moves one side's union did
 * not, so only the enemy teams that changed are looked at again. Everything is compared
 * with the state each time (a refused command restores it, an undo swaps the game), so the
 * copy can be out of date, never wrong. About 52 KB a game (the state's largest arrays). */
struct kept_unit {
  enum murk_platoon_state state;
  int first_team, nteams;
  bool bogged, dug_in;
};

struct mk_sight_kept {
  bool valid;   /* holds an update's inputs and outputs */
  bool scratch; /* tests: never skip anything */
  int turn, nmarkers, nteams[MURK_SIDES], nunits[MURK_SIDES];
  /* Each viewer's last update: answered by its union (kept in slot `slot`, made `gen`),
   * within `range`. */
  bool by_union[MURK_SIDES];
  int range[MURK_SIDES], slot[MURK_SIDES];
  unsigned long gen[MURK_SIDES];
  struct mk_marker markers[MK_MAX_MARKERS];
  struct kept_unit units[MURK_SIDES][MK_MAX_UNITS];
  struct mk_team teams[MURK_SIDES][MK_MAX_TEAMS_PER_SIDE];
  struct mk_sighting seen_marker[MURK_SIDES][MK_MAX_MARKERS];
  struct mk_sighting seen_team[MURK_SIDES][MK_MAX_TEAMS_PER_SIDE];
};

static void slots_free(struct mk_fov_rows* r);

static void fov_rows_free(struct mk_fov_rows* r) {
  if (!r) return;
  murk_fov_result_free(r->fov);
  mk_fov_chunks_free(r);
  murk_free(r->rows);
  murk_free(r->eyes);
  murk_free(r->counts);
  murk_free(r->disks);
  murk_free(r->disk_made);
  murk_free(r->cuts);
  murk_free(r->cut_made);
  murk_free(r->cut_lo);
  murk_free(r->cut_hi);
  murk_free(r->near);
  murk_free(r->far);
  murk_free(r->reach);
  murk_free(r->line);
  for (int i = 0; r->kept && i < EYES_SLOTS; i++) murk_free(r->kept[i].far);
  murk_free(r->kept);
  slots_free(r);
  murk_free(r);
}

static int fov_rows_new(const struct murk_sightmap* map, struct mk_fov_rows** out) {
  *out = NULL;
  struct murk_grid grid = murk_sightmap_grid(map);
  size_t cells = (size_t)grid.width * (size_t)grid.height;
  struct mk_fov_rows* r = murk_calloc(1, sizeof *r);
  if (!r) return MURK_ENOMEM;
  r->width = grid.width;
  r->height = grid.height;
  r->radius = grid.width + grid.height; /* farther than any distance on the table */
  r->max_rows = 1;
  while (r->max_rows < cells && r->max_rows < FOV_MAX_ROWS) r->max_rows *= 2;
  /* A chunk holds every row of a small table, as full as they can be. */
  size_t full = cells * ((cells + 63) / 64);
  r->chunk_words = full < FOV_CHUNK ? full : FOV_CHUNK;
  r->rows = murk_malloc(2 * r->max_rows * sizeof *r->rows);
  r->eyes = murk_malloc(MAX_VIEWERS * sizeof *r->eyes);
  r->twords = (cells + 63) / 64;
  r->disk_range = -1;
  /* Only a big table's rows may be sparse: the unions of small ones read rows as bits. */
  bool big = cells > FOV_SMALL_TABLE;
  if (big) r->counts = murk_malloc((size_t)grid.height * sizeof *r->counts);
  int rc =
      r->rows && r->eyes && (!big || r->counts) ? murk_fov_result_new(map, &r->fov) : MURK_ENOMEM;
  if (rc != MURK_OK) {
    fov_rows_free(r);
    return rc;
  }
  for (size_t i = 0; i < 2 * r->max_rows; i++) r->rows[i].origin = -1;
  *out = r;
  return MURK_OK;
}

int mk_sc_open(struct murk_game* g) {
  return fov_rows_new(g->sightmap, &g->fov_rows);
}

void mk_sc_close(struct murk_game* g) {
  if (!g->fov_rows_shared) fov_rows_free(g->fov_rows);
  g->fov_rows = NULL;
  murk_free(g->sight_kept);
  g->sight_kept = NULL;
}

/* From the field of view of either cell (lines are symmetric: los.h), computing a's when
 * neither is kept. */
bool mk_sc_los(const struct murk_game* g, struct murk_pos a, struct murk_pos b) {
  struct mk_fov_rows* r = g->fov_rows;
  if (!r) return murk_los(g->sightmap, a, b, NULL);
  const struct fov_row* row = mk_fov_row_cached(r, cell_index(r, b));
  if (row) return mk_fov_row_has(row, a);
  /* A cut (the field of view within the disks' range) answers a pair no farther apart. */
  if (r->cut_made) {
    long ia = cell_index(r, a), ib = cell_index(r, b);
    long have = r->cut_made[ia] ? ia : r->cut_made[ib] ? ib : -1;
    if (have >= 0 && murk_geom_distance(&g->m->grid, a, b) <= r->disk_range) {
      long other = have == ia ? ib : ia;
      return (r->cuts[(size_t)have * r->twords + (size_t)other / 64] >> (other % 64)) & 1;
    }
  }
  row = mk_fov_row(r, g->sightmap, a);
  if (!row) return murk_los(g->sightmap, a, b, NULL); /* no memory for the row: trace it */
  return mk_fov_row_has(row, b);
}

static struct mk_sc_union* union_of(const struct murk_game* g, const int* cells, int n, int range);
static int viewer_cells(const struct murk_game* g, enum murk_side viewer, int* cells);

/* What `viewer`'s units and markers on the table see within `range` now: the kept union of
 * their cells (mk_sight_update made it for the state after the last command, so it is
 * mostly found), or NULL (sight unlimited, a table too big for unions, no memory). Valid
 * until the next union is made. */
static const struct mk_sc_union* kept_side_union(const struct murk_game* g, enum murk_side viewer,
                                                 int range);
static const struct mk_sc_union* side_union(const struct murk_game* g, enum murk_side viewer,
                                            int range, struct mk_sight_memo* memo) {
  if (range >= MURK_SIGHT_UNLIMITED || !g->fov_rows || !g->sightmap) return NULL;
  struct mk_fov_rows* r = g->fov_rows;
  if (memo && memo->gen && r->slots && memo->viewer == (int)viewer && memo->range == range) {
    const struct mk_sc_union* kept = &r->slots[memo->slot];
    if (kept->gen == memo->gen && kept->range == range) return kept; /* not made over since */
  }
  const struct mk_sc_union* sl = kept_side_union(g, viewer, range);
  if (!sl) {
    int cells[MAX_VIEWERS];
    int n = viewer_cells(g, viewer, cells);
    sl = n >= 0 ? union_of(g, cells, n, range) : NULL;
  }
  if (memo && sl) {
    memo->gen = sl->gen;
    memo->slot = (int)(sl - r->slots);
    memo->range = range;
    memo->viewer = (int)viewer;
  }
  return sl;
}

/* Is p, on the table, in union u? */
static bool union_has(const struct murk_game* g, const struct mk_sc_union* u, struct murk_pos p) {
  return bits_has(u->near, (size_t)p.y * (size_t)g->fov_rows->width + (size_t)p.x);
}

/* One bit of the side's union: the same viewers, each within range and with a line. */
int mk_sc_union_sees(const struct murk_game* g, enum murk_side viewer, int range,
                     struct murk_pos to, const struct mk_sc_union** u, struct mk_sight_memo* memo) {
  if (range >= MURK_SIGHT_UNLIMITED) return -1;
  if (!*u) *u = side_union(g, viewer, range, memo);
  if (!*u) return -1;
  return murk_geom_on_table(&g->m->grid, to) && union_has(g, *u, to);
}

bool mk_sc_table_range(const struct murk_game* g, int* range) {
  const struct mk_fov_rows* r = g->fov_rows; /* one mission's: the table's part is kept there */
  if (!r || !r->table_range_made) return false;
  *range = r->table_range;
  return true;
}

void mk_sc_keep_table_range(const struct murk_game* g, int range) {
  struct mk_fov_rows* r = g->fov_rows;
  if (!r) return;
  r->table_range = range;
  r->table_range_made = true;
}

/* The units and markers of `viewer` on the table, each with its field of view, into r->eyes:
 * mk_sight_update then answers a pair of viewer and enemy with a distance and a bit
 * instead of a line. The count, or -1 when that cannot be done (no memory for a row, or
 * the rows of the viewers do not fit in the cache together): then each pair goes through
 * mk_sight_any. */
static int gather_eyes(struct murk_game* g, enum murk_side viewer) {
  struct mk_fov_rows* r = g->fov_rows;
  const struct mk_state* s = &g->s;
  const struct murk_grid* grid = &g->m->grid;
  if (!r) return -1;
  /* A flush while gathering leaves the rows gathered before it stale: gather again, into
   * the emptied cache; a second flush means they do not fit at all. */
  for (int attempt = 0; attempt < 2; attempt++) {
    unsigned long flushes = r->flushes;
    int n = 0;
    struct murk_pos p;
    for (int i = 0; mk_next_on_table(s, viewer, &i, &p);) {
      if (!murk_geom_on_table(grid, p)) continue;
      if (n >= MAX_VIEWERS) return -1; /* cannot happen with the state's limits; stay exact */
      const struct fov_row* row = mk_fov_row(r, g->sightmap, p);
      if (!row) return -1;
      r->eyes[n++] = (struct viewer){murk_geom_to_axial(grid, p), *row};
    }
    if (r->flushes == flushes) return n;
  }
  return -1;
}

/* Does one of the n gathered viewers see what stands at p: within `range`, or at any range
 * when `beyond`, along a line of sight? As mk_sight_any. */
static bool eyes_see(const struct murk_game* g, int n, int range, struct murk_pos p, bool beyond) {
  const struct murk_grid* grid = &g->m->grid;
  if (!murk_geom_on_table(grid, p)) return false;
  const struct mk_fov_rows* r = g->fov_rows;
  struct murk_axial t = murk_geom_to_axial(grid, p);
  bool near_only = !beyond && range < MURK_SIGHT_UNLIMITED;
  for (int i = 0; i < n; i++) {
    const struct viewer* v = &r->eyes[i];
    if (near_only && murk_geom_axial_distance(grid, v->at, t) > range) continue;
    if (mk_fov_row_has(&v->row, p)) return true;
  }
  return false;
}

/* The cells within r->disk_range of cell `at` (a table of at most DISK_TABLE cells), made
 * now if needed. On both grids the cells of one row within a distance are a run: from the
 * axial difference dr of the rows, dq may go from -range to range on squares, and from
 * max(-range, -range - dr) to min(range, range - dr) on hexes (max(|dq|, |dr|, |dq + dr|)
 * <= range); geom.h's conversions turn the run's ends into columns. */
static const uint64_t* disk(struct mk_fov_rows* r, const struct murk_grid* grid, long at) {
  uint64_t* d = r->disks + (size_t)at * r->twords;
  if (r->disk_made[at]) return d;
  memset(d, 0, r->twords * sizeof *d);
  int range = min_int(r->disk_range, r->width + r->height); /* no table distance is more */
  struct murk_pos c = {(int)(at % r->width), (int)(at / r->width)};
  struct murk_axial ca = murk_geom_to_axial(grid, c);
  int y0 = c.y - range < 0 ? 0 : c.y - range; /* a distance is at least the rows between */
  int y1 = c.y + range >= r->height ? r->height - 1 : c.y + range;
  for (int y = y0; y <= y1; y++) {
    int dr = y - c.y, lo = -range, hi = range;
    if (grid->kind == MURK_GRID_HEX) {
      lo = dr < 0 ? -range - dr : -range;
      hi = dr > 0 ? range - dr : range;
    }
    int x0 = murk_geom_from_axial(grid, (struct murk_axial){ca.q + lo, ca.r + dr}).x;
    int x1 = murk_geom_from_axial(grid, (struct murk_axial){ca.q + hi, ca.r + dr}).x;
    if (x0 < 0) x0 = 0;
    if (x1 >= r->width) x1 = r->width - 1;
    for (int x = x0; x <= x1; x++) {
      size_t bit = (size_t)y * (size_t)r->width + (size_t)x;
      d[bit / 64] |= (uint64_t)1 << (bit % 64);
    }
  }
  r->disk_made[at] = 1;
  return d;
}

/* Room for the disks and the unions (tables of at most DISK_TABLE cells), and the disks
 * of `range` (any other range held is dropped). False when there is none. */
static bool disks_ready(struct mk_fov_rows* r, int range) {
  size_t cells = (size_t)r->width * (size_t)r->height;
  if (cells > DISK_TABLE) return false;
  if (!r->near) {
    r->near = murk_malloc(r->twords * sizeof *r->near);
    r->far = murk_malloc(r->twords * sizeof *r->far);
    r->reach = murk_malloc(r->twords * sizeof *r->reach);
    r->line = murk_malloc(r->twords * sizeof *r->line);
    r->disks = murk_malloc(cells * r->twords * sizeof *r->disks);
    r->disk_made = murk_calloc(cells, 1);
    r->cuts = murk_malloc(cells * r->twords * sizeof *r->cuts);
    r->cut_made = murk_calloc(cells, 1);
    r->cut_lo = murk_malloc(cells * sizeof *r->cut_lo);
    r->cut_hi = murk_malloc(cells * sizeof *r->cut_hi);
    if (!r->near || !r->far || !r->reach || !r->line || !r->disks || !r->disk_made || !r->cuts ||
        !r->cut_made || !r->cut_lo || !r->cut_hi) {
      murk_free(r->near);
      murk_free(r->far);
      murk_free(r->reach);
      murk_free(r->line);
      murk_free(r->disks);
      murk_free(r->disk_made);
      murk_free(r->cuts);
      murk_free(r->cut_made);
      murk_free(r->cut_lo);
      murk_free(r->cut_hi);
      r->near = r->far = r->reach = r->line = r->disks = r->cuts = NULL;
      r->disk_made = r->cut_made = NULL;
      r->cut_lo = r->cut_hi = NULL;
      return false;
    }
  }
  if (range < MURK_SIGHT_UNLIMITED && range != r->disk_range) {
    memset(r->disk_made, 0, cells);
    memset(r->cut_made, 0, cells);
    r->disk_range = range;
    r->disk_ranges++;
  }
  return true;
}

/* Mark cut `at` made, with the span of its words that are not zero (cut_lo, cut_hi). */
static const uint64_t* cut_done(struct mk_fov_rows* r, long at, const uint64_t* c) {
  size_t lo = 0, hi = r->twords;
  while (lo < hi && c[lo] == 0) lo++;
  while (hi > lo && c[hi - 1] == 0) hi--;
  r->cut_lo[at] = (uint16_t)lo;
  r->cut_hi[at] = (uint16_t)hi;
  r->cut_made[at] = 1;
  return c;
}

/* The field of view of cell `at` cut to its disk of r->disk_range (disks_ready made room
 * for both), made now if needed; NULL when its field of view cannot be had (no memory).
 * A small table holds a row for every cell and never flushes, so nothing here goes stale. */
static const uint64_t* cut(struct mk_fov_rows* r, const struct murk_game* g, long at) {
  uint64_t* c = r->cuts + (size_t)at * r->twords;
  if (r->cut_made[at]) return c;
  struct murk_pos p = {(int)(at % r->width), (int)(at / r->width)};
  const struct fov_row* row = mk_fov_row_cached(r, at);
  if (!row && r->disk_ranges <= 1) {
    /* No row yet, and the range has not changed (a visibility table's, not a night's
     * rolled anew each turn): the field of view within the range is what the cut keeps
     * (murk_fov's radius is the disk's distance, los.h), and costs a fraction of the
     * whole table's. The whole row is made when something asks for it. */
    if (murk_fov(g->sightmap, p, r->disk_range, r->fov) != MURK_OK) return NULL;
    size_t n;
    const struct murk_fov_cell* f = murk_fov_cells(r->fov, &n);
    memset(c, 0, r->twords * sizeof *c);
    for (size_t k = 0; k < n; k++) {
      size_t bit = (size_t)f[k].at.y * (size_t)r->width + (size_t)f[k].at.x;
      c[bit / 64] |= (uint64_t)1 << (bit % 64);
    }
    return cut_done(r, at, c);
  }
  if (!row) row = mk_fov_row(r, g->sightmap, p); /* over the whole table */
  if (!row) return NULL;
  const uint64_t* d = disk(r, &g->m->grid, at);
  for (size_t w = 0; w < r->twords; w++) c[w] = row->bits[w] & d[w];
  return cut_done(r, at, c);
}

/* The unions of what the n gathered viewers see (r->far) and see within `range` (r->near),
 * on a table of at most DISK_TABLE cells, so that eyes_see is one bit. False when that
 * cannot be done (a bigger table, no memory): eyes_see then walks the viewers. */
static bool eyes_union(struct murk_game* g, int n, int range) {
  struct mk_fov_rows* r = g->fov_rows;
  bool limited = range < MURK_SIGHT_UNLIMITED;
  if (!disks_ready(r, range)) return false;
  r->nunited = n;
  r->far_made = false;
  memset(r->near, 0, r->twords * sizeof *r->near);
  for (int i = 0; limited && i < n; i++) {
    const struct fov_row* row = &r->eyes[i].row; /* over the whole table, as near and far */
    const uint64_t* d = disk(r, &g->m->grid, row->origin);
    for (size_t w = 0; w < r->twords; w++) r->near[w] |= row->bits[w] & d[w];
  }
  return true;
}

/* What the viewers of eyes_union see at any range. */
static const uint64_t* far_of(struct mk_fov_rows* r) {
  if (r->far_made) return r->far;
  memset(r->far, 0, r->twords * sizeof *r->far);
  for (int i = 0; i < r->nunited; i++) {
    const uint64_t* bits = r->eyes[i].row.bits;
    for (size_t w = 0; w < r->twords; w++) r->far[w] |= bits[w];
  }
  r->far_made = true;
  return r->far;
}

static void slots_free(struct mk_fov_rows* r) {
  for (int i = 0; r->slots && i < UNION_SLOTS; i++) {
    murk_free(r->slots[i].cells);
    murk_free(r->slots[i].near);
    murk_free(r->slots[i].reach);
  }
  murk_free(r->slots);
  r->slots = NULL;
}

/* Room for the kept unions; false when there is none. */
static bool slots_ready(struct mk_fov_rows* r) {
  if (r->slots) return true;
  r->slots = murk_calloc(UNION_SLOTS, sizeof *r->slots);
  if (!r->slots) return false;
  bool ok = true;
  for (int i = 0; i < UNION_SLOTS; i++) {
    struct mk_sc_union* sl = &r->slots[i];
    sl->range = -1;
    sl->cells = murk_malloc(MAX_VIEWERS * sizeof *sl->cells);
    sl->near = murk_malloc(r->twords * sizeof *sl->near);
    sl->reach = murk_malloc(r->twords * sizeof *sl->reach);
    ok = ok && sl->cells && sl->near && sl->reach;
  }
  if (!ok) slots_free(r);
  return ok;
}

/* What the viewers at cells[0, n) (cell indices, on the table) see within `range` (a limited
 * one): a kept union, or one made now in place of the oldest. NULL when there is no room
 * for it (a table too big for the disks, no memory). */
static struct mk_sc_union* union_of(const struct murk_game* g, const int* cells, int n, int range) {
  struct mk_fov_rows* r = g->fov_rows;
  if (!r || !g->sightmap || range >= MURK_SIGHT_UNLIMITED || !disks_ready(r, range) ||
      !slots_ready(r))
    return NULL;
  for (int i = 0; i < UNION_SLOTS; i++) {
    struct mk_sc_union* sl = &r->slots[i];
    if (sl->range == range && sl->n == n &&
        (n == 0 || memcmp(sl->cells, cells, (size_t)n * sizeof *cells) == 0))
      return sl;
  }
  struct mk_sc_union* sl = &r->slots[r->next_slot];
  r->next_slot = (r->next_slot + 1) % UNION_SLOTS;
  sl->range = -1;
  sl->gen = ++r->slot_gens;
  memset(sl->near, 0, r->twords * sizeof *sl->near);
  for (int i = 0; i < n; i++) {
    const uint64_t* c = cut(r, g, cells[i]);
    if (!c) return NULL;
    or_words(sl->near, c, r->cut_lo[cells[i]], r->cut_hi[cells[i]]);
  }
  if (n > 0) memcpy(sl->cells, cells, (size_t)n * sizeof *cells);
  sl->n = n;
  sl->range = range;
  sl->reach_made = false;
  return sl;
}
bool mk_sc_reach(const struct murk_game* g, const struct murk_pos* at, int n, int range,
                 const uint64_t** reach, const uint64_t** line) {
  struct mk_fov_rows* r = g->fov_rows;
  const struct murk_grid* grid = &g->m->grid;
  if (!r || !g->sightmap || !disks_ready(r, range)) return false;
  bool limited = range < MURK_SIGHT_UNLIMITED;
  if (limited && n >= 0 && n <= MAX_VIEWERS) {
    /* A view's cells are its side's viewers, whose union the last sight update kept. */
    int cells[MAX_VIEWERS];
    for (int i = 0; i < n; i++) {
      if (!murk_geom_on_table(grid, at[i])) return false;
      cells[i] = (int)cell_index(r, at[i]);
    }
    struct mk_sc_union* sl = union_of(g, cells, n, range);
    if (!sl) return false;
    if (!sl->reach_made) {
      memset(sl->reach, 0, r->twords * sizeof *sl->reach);
      for (int i = 0; i < n; i++) {
        const uint64_t* d = disk(r, grid, cells[i]);
        for (size_t w = 0; w < r->twords; w++) sl->reach[w] |= d[w];
      }
      sl->reach_made = true;
    }
    *reach = sl->reach;
    *line = sl->near;
    return true;
  }
  memset(r->reach, 0, r->twords * sizeof *r->reach);
  memset(r->line, 0, r->twords * sizeof *r->line);
  for (int i = 0; i < n; i++) {
    if (!murk_geom_on_table(grid, at[i])) return false;
    long a = cell_index(r, at[i]);
    /* A small table never flushes (it holds a row for every cell), so no row goes stale. */
    const struct fov_row* row = mk_fov_row(r, g->sightmap, at[i]);
    if (!row) return false;
    if (!limited) {
      for (size_t w = 0; w < r->twords; w++) r->line[w] |= row->bits[w];
      continue;
    }
    const uint64_t* d = disk(r, grid, a);
    for (size_t w = 0; w < r->twords; w++) {
      r->reach[w] |= d[w];
      r->line[w] |= row->bits[w] & d[w];
    }
  }
  if (!limited && n > 0) /* every cell is within reach */
    for (size_t w = 0; w < r->twords; w++) r->reach[w] = ~(uint64_t)0;
  *reach = r->reach;
  *line = r->line;
  return true;
}

/* eyes_see from the unions of eyes_union. */
static bool union_sees(const struct murk_game* g, int range, struct murk_pos p, bool beyond) {
  struct mk_fov_rows* r = g->fov_rows;
  if (!murk_geom_on_table(&g->m->grid, p)) return false;
  const uint64_t* bits = !beyond && range < MURK_SIGHT_UNLIMITED ? r->near : far_of(r);
  return bits_has(bits, (size_t)p.y * (size_t)r->width + (size_t)p.x);
}

static bool gathered_see(const struct murk_game* g, bool united, int n, int range,
                         struct murk_pos p, bool beyond) {
  return united ? union_sees(g, range, p, beyond) : eyes_see(g, n, range, p, beyond);
}

/* One side looking, for mk_sight_update: its kept union within the range answers what stands
 * at a cell unless sight beyond the range counts there; then its viewers are gathered (once)
 * and asked together; -1 when they cannot be (the rule asks viewer by viewer). */
int mk_sc_sees(struct mk_sc_eyes* L, struct murk_pos p, bool beyond) {
  const struct murk_game* g = L->g;
  if (L->u && !beyond) return murk_geom_on_table(&g->m->grid, p) && union_has(g, L->u, p);
  if (!L->gathered) {
    L->gathered = true;
    L->neyes = gather_eyes(L->g, L->viewer);
    L->united = L->neyes >= 0 && eyes_union(L->g, L->neyes, L->range);
  }
  return L->neyes >= 0 ? gathered_see(g, L->united, L->neyes, L->range, p, beyond) : -1;
}

/* The cells of the viewer's units and markers on the table, as gather_eyes finds them
 * (mk_next_on_table's order: markers, then teams), in two plain loops: this is asked at
 * every sight update and by every audience, of each side. At most MAX_VIEWERS by the
 * state's limits. */
static int viewer_cells(const struct murk_game* g, enum murk_side viewer, int* cells) {
  const struct mk_state* s = &g->s;
  const unsigned w = (unsigned)g->m->grid.width, h = (unsigned)g->m->grid.height;
  /* The counts in locals: the stores into cells may alias them (as every int). */
  const int nmarkers = s->nmarkers, nteams = s->nteams[viewer];
  int n = 0;
  for (int i = 0; i < nmarkers; i++) {
    const struct mk_marker* mk = &s->markers[i];
    if (!mk->on_table || mk->owner != viewer) continue;
    if ((unsigned)mk->pos.x < w && (unsigned)mk->pos.y < h)
      cells[n++] = mk->pos.y * (int)w + mk->pos.x;
  }
  const struct mk_team* tm = s->teams[viewer];
  for (int t = 0; t < nteams; t++)
    if (tm[t].alive && tm[t].placed && (unsigned)tm[t].pos.x < w && (unsigned)tm[t].pos.y < h)
      cells[n++] = tm[t].pos.y * (int)w + tm[t].pos.x;
  return n;
}

/* The viewers at cells[0, n): a kept slot gathered from the same cells, or one gathered
 * now over the older, without rows yet (mk_sc_side_sees finds them when it needs them).
 * NULL without memory. */
static struct kept_eyes* eyes_of(const struct murk_game* g, const int* cells, int n) {
  struct mk_fov_rows* r = g->fov_rows;
  if (!r->kept) r->kept = murk_calloc(EYES_SLOTS, sizeof *r->kept);
  if (!r->kept) return NULL;
  for (int i = 0; i < EYES_SLOTS; i++) {
    struct kept_eyes* k = &r->kept[i];
    if (k->gen && k->n == n && (n == 0 || memcmp(k->cells, cells, (size_t)n * sizeof *cells) == 0))
      return k;
  }
  struct kept_eyes* k = &r->kept[r->next_kept];
  r->next_kept = (r->next_kept + 1) % EYES_SLOTS;
  const struct murk_grid* grid = &g->m->grid;
  for (int i = 0; i < n; i++) {
    struct murk_pos p = {cells[i] % r->width, cells[i] / r->width};
    k->eyes[i].at = murk_geom_to_axial(grid, p);
    k->eyes[i].row.origin = -1; /* not looked up yet */
  }
  if (n > 0) memcpy(k->cells, cells, (size_t)n * sizeof *cells);
  k->n = n;
  k->flushes = r->flushes;
  k->far_made = false;
  k->gen = ++r->kept_gens;
  return k;
}

/* k's viewers' sight at any range, on a table whose rows span it (FOV_SMALL_TABLE): made
 * now if needed; NULL when it cannot be (no memory, rows that do not fit together). */
static const uint64_t* eyes_far(const struct murk_game* g, struct kept_eyes* k) {
  struct mk_fov_rows* r = g->fov_rows;
  if (k->far_made) return k->far;
  if ((size_t)r->width * (size_t)r->height > FOV_SMALL_TABLE) return NULL;
  if (!k->far) k->far = murk_malloc(r->twords * sizeof *k->far);
  if (!k->far) return NULL;
  memset(k->far, 0, r->twords * sizeof *k->far);
  for (int i = 0; i < k->n; i++) {
    struct murk_pos p = {k->cells[i] % r->width, k->cells[i] / r->width};
    const struct fov_row* row = mk_fov_row(r, g->sightmap, p); /* used at once: a flush is fine */
    if (!row) return NULL;
    or_words(k->far, row->bits, 0, r->twords);
  }
  k->far_made = true;
  return k->far;
}

/* Forget the rows of k's viewers (the cache was flushed: they are stale). */
static void eyes_forget(struct mk_fov_rows* r, struct kept_eyes* k) {
  for (int i = 0; i < k->n; i++) k->eyes[i].row.origin = -1;
  k->flushes = r->flushes;
}

int mk_sc_side_sees(const struct murk_game* g, enum murk_side viewer, int range, bool beyond,
                    struct murk_pos to, struct mk_sight_memo* memo) {
  struct mk_fov_rows* r = g->fov_rows;
  const struct murk_grid* grid = &g->m->grid;
  if (!r || !g->sightmap || !memo) return -1;
  struct kept_eyes* k = NULL;
  if (memo->eyes_gen && r->kept && memo->eyes_viewer == (int)viewer) {
    k = &r->kept[memo->eyes_slot];
    if (k->gen != memo->eyes_gen) k = NULL; /* gathered over since */
  }
  if (!k) {
    int cells[MAX_VIEWERS];
    int n = viewer_cells(g, viewer, cells);
    k = eyes_of(g, cells, n);
    if (!k) return -1;
    memo->eyes_gen = k->gen;
    memo->eyes_slot = (int)(k - r->kept);
    memo->eyes_viewer = (int)viewer;
  }
  if (k->flushes != r->flushes) eyes_forget(r, k);
  if (!murk_geom_on_table(grid, to)) return 0;
  bool near_only = !beyond && range < MURK_SIGHT_UNLIMITED;
  const uint64_t* far = near_only ? NULL : eyes_far(g, k);
  if (far) return bits_has(far, (size_t)cell_index(r, to));
  struct murk_axial t = murk_geom_to_axial(grid, to);
  const struct fov_row* at_to = NULL; /* the row of `to`, if kept (lines are symmetric) */
  bool looked = false;
  for (int i = 0; i < k->n; i++) {
    struct viewer* v = &k->eyes[i];
    if (near_only && murk_geom_axial_distance(grid, v->at, t) > range) continue;
    if (v->row.origin < 0) {
      struct murk_pos from = {k->cells[i] % r->width, k->cells[i] / r->width};
      if (!looked) {
        looked = true;
        at_to = mk_fov_row_cached(r, cell_index(r, to));
      }
      if (at_to) { /* answered by the row of `to`, without making the viewer's */
        if (mk_fov_row_has(at_to, from)) return 1;
        continue;
      }
      const struct fov_row* row = mk_fov_row(r, g->sightmap, from);
      if (!row) return -1;
      if (k->flushes != r->flushes) eyes_forget(r, k); /* the viewers asked before stand */
      v->row = *row;
    }
    if (mk_fov_row_has(&v->row, to)) return 1;
  }
  return 0;
}

/* ---- what the last update worked from ---- */

static struct mk_sight_kept* kept_get(struct murk_game* g) {
  if (!g->sight_kept) g->sight_kept = murk_calloc(1, sizeof *g->sight_kept);
  return g->sight_kept; /* NULL without memory: then every update works from scratch */
}

void mk_sc_from_scratch(struct murk_game* g) {
  struct mk_sight_kept* K = kept_get(g);
  if (K) K->scratch = true;
}

static void kept_unit_set(struct kept_unit* k, const struct mk_unit_state* u) {
  k->state = u->state;
  k->first_team = u->first_team;
  k->nteams = u->nteams;
  k->bogged = u->bogged;
  k->dug_in = u->dug_in;
}

static bool kept_unit_same(const struct kept_unit* k, const struct mk_unit_state* u) {
  return k->state == u->state && k->first_team == u->first_team && k->nteams == u->nteams &&
         k->bogged == u->bogged && k->dug_in == u->dug_in;
}

/* Are the turn, the counts, the markers and what the update reads of the platoons as the
 * last update found them? */
static bool kept_same(const struct mk_sight_kept* K, const struct mk_state* s) {
  if (!K || !K->valid || K->scratch || K->turn != s->turn || K->nmarkers != s->nmarkers)
    return false;
  for (int sd = 0; sd < MURK_SIDES; sd++)
    if (K->nteams[sd] != s->nteams[sd] || K->nunits[sd] != s->nunits[sd]) return false;
  if (memcmp(K->markers, s->markers, (size_t)s->nmarkers * sizeof s->markers[0]) != 0) return false;
  for (int sd = 0; sd < MURK_SIDES; sd++)
    for (int u = 0; u < s->nunits[sd]; u++)
      if (!kept_unit_same(&K->units[sd][u], &s->units[sd][u])) return false;
  return true;
}

/* Are v's sightings what the last update left? */
static bool kept_seen(const struct mk_sight_kept* K, const struct mk_state* s, int v) {
  int ne = s->nteams[1 - v];
  return memcmp(K->seen_marker[v], s->seen_marker[v],
                (size_t)s->nmarkers * sizeof s->seen_marker[v][0]) == 0 &&
         memcmp(K->seen_team[v], s->seen_team[v], (size_t)ne * sizeof s->seen_team[v][0]) == 0;
}

/* Keep what this update read and left. `same`: the turn, counts, markers and platoons were
 * already kept; same_teams: a side's teams were; fresh[v]: v's sightings were made again
 * (else they are as kept). */
static void kept_save(struct mk_sight_kept* K, const struct mk_state* s, bool same,
                      const bool same_teams[], const bool fresh[]) {
  K->valid = true;
  if (!same) {
    K->turn = s->turn;
    K->nmarkers = s->nmarkers;
    memcpy(K->markers, s->markers, (size_t)s->nmarkers * sizeof s->markers[0]);
    for (int sd = 0; sd < MURK_SIDES; sd++) {
      K->nteams[sd] = s->nteams[sd];
      K->nunits[sd] = s->nunits[sd];
      for (int u = 0; u < s->nunits[sd]; u++) kept_unit_set(&K->units[sd][u], &s->units[sd][u]);
    }
  }
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    if (!same_teams[sd])
      memcpy(K->teams[sd], s->teams[sd], (size_t)s->nteams[sd] * sizeof s->teams[sd][0]);
    if (fresh[sd]) {
      memcpy(K->seen_marker[sd], s->seen_marker[sd],
             (size_t)s->nmarkers * sizeof s->seen_marker[sd][0]);
      memcpy(K->seen_team[sd], s->seen_team[sd],
             (size_t)s->nteams[1 - sd] * sizeof s->seen_team[sd][0]);
    }
  }
}

static bool team_same(const struct mk_team* a, const struct mk_team* b) {
  return a->pos.x == b->pos.x && a->pos.y == b->pos.y && a->alive == b->alive &&
         a->placed == b->placed && a->profile == b->profile;
}

/* The union v's last update was answered by, if it is still kept as it was; else found
 * again (the caller knows v's markers and teams stand where they stood). */
static const struct mk_sc_union* kept_union(struct murk_game* g, struct mk_sight_kept* K, int v,
                                            int range) {
  struct mk_fov_rows* r = g->fov_rows;
  if (!r) return NULL;
  if (r->slots) {
    const struct mk_sc_union* sl = &r->slots[K->slot[v]];
    if (sl->gen == K->gen[v] && sl->range == range) return sl;
  }
  int cells[MAX_VIEWERS];
  int n = viewer_cells(g, (enum murk_side)v, cells);
  struct mk_sc_union* sl = union_of(g, cells, n, range);
  if (sl) {
    K->slot[v] = (int)(sl - r->slots);
    K->gen[v] = sl->gen;
  }
  return sl;
}

/* The union the last sight update kept for viewer's markers and teams within `range`, if
 * they still stand where they stood then and the union is still held; else NULL. Asked
 * between updates (the audience of a move, what a side sees of a platoon) instead of
 * gathering the viewer's cells. */
static const struct mk_sc_union* kept_side_union(const struct murk_game* g, enum murk_side viewer,
                                                 int range) {
  const struct mk_sight_kept* K = g->sight_kept;
  const struct mk_state* s = &g->s;
  const struct mk_fov_rows* r = g->fov_rows;
  int v = (int)viewer;
  if (!K || !K->valid || K->scratch || !r || !r->slots || K->gen[v] == 0 || K->range[v] != range ||
      K->nmarkers != s->nmarkers || K->nteams[v] != s->nteams[v])
    return NULL;
  const struct mk_sc_union* sl = &r->slots[K->slot[v]];
  if (sl->gen != K->gen[v] || sl->range != range) return NULL;
  if (memcmp(K->teams[v], s->teams[v], (size_t)s->nteams[v] * sizeof s->teams[v][0]) != 0)
    return NULL;
  for (int i = 0; i < s->nmarkers; i++) { /* the viewer's cells among the markers */
    const struct mk_marker *a = &K->markers[i], *b = &s->markers[i];
    if ((a->owner == viewer || b->owner == viewer) &&
        (a->owner != b->owner || a->on_table != b->on_table || !murk_pos_eq(a->pos, b->pos)))
      return NULL;
  }
  return sl;
}

void mk_sc_begin(struct murk_game* g, struct mk_sc_pass* p) {
  struct mk_sight_kept* K = kept_get(g);
  const struct mk_state* s = &g->s;
  *p = (struct mk_sc_pass){.g = g, .K = K, .same = kept_same(K, s), .fresh = {true, true}};
  for (int sd = 0; sd < MURK_SIDES; sd++)
    p->same_teams[sd] = p->same && memcmp(K->teams[sd], s->teams[sd],
                                          (size_t)s->nteams[sd] * sizeof s->teams[sd][0]) == 0;
}

/* When nothing is seen beyond the range and the inputs of v's last update are as they were,
 * its sightings stand, or only the enemy teams that moved need looking at again through its
 * union (if still held). Otherwise v's eyes: its union within the range, made now. */
enum mk_sc_left mk_sc_side(struct mk_sc_pass* p, struct mk_sc_eyes* L, int v, int range,
                           bool beyond) {
  struct murk_game* g = p->g;
  struct mk_sight_kept* K = p->K;
  enum murk_side viewer = (enum murk_side)v;
  *L = (struct mk_sc_eyes){g, viewer, range, NULL, -1, false, false};
  if (p->same && !beyond && K->by_union[v] && K->range[v] == range && kept_seen(K, &g->s, v)) {
    if (p->same_teams[v] && p->same_teams[1 - v]) { /* nothing it sees by changed */
      p->fresh[v] = false;
      return MK_SC_ALL;
    }
    L->u = p->same_teams[v] ? kept_union(g, K, v, range) : NULL;
    if (L->u) return MK_SC_TEAMS; /* its union is as it was: only the enemy teams that moved */
  }
  int cells[MAX_VIEWERS];
  int ncells = range < MURK_SIGHT_UNLIMITED && g->fov_rows ? viewer_cells(g, viewer, cells) : -1;
  if (ncells >= 0) L->u = union_of(g, cells, ncells, range);
  if (K) {
    K->by_union[v] = L->u && !beyond; /* every cell one bit of L->u */
    K->range[v] = range;
    K->slot[v] = L->u ? (int)(L->u - g->fov_rows->slots) : 0;
    K->gen[v] = L->u ? L->u->gen : 0; /* 0: none (a slot's gen starts at 1) */
  }
  return MK_SC_NONE;
}

bool mk_sc_team_kept(const struct mk_sc_pass* p, int v, int t) {
  return team_same(&p->g->s.teams[1 - v][t], &p->K->teams[1 - v][t]);
}

void mk_sc_end(struct mk_sc_pass* p, bool told) {
  if (told) p->fresh[0] = p->fresh[1] = true; /* a side's sightings may have changed */
  if (p->K) kept_save(p->K, &p->g->s, p->same, p->same_teams, p->fresh);
}

#endif /* MURK_PLAIN */

/* ---- the cache shared by many games of one mission (murk/sight.h) ---- */

#ifndef MURK_PLAIN
struct murk_sight_cache {
  const struct murk_mission* m;
  struct murk_sightmap* map;
  struct mk_fov_rows* rows;
};

void murk_sight_cache_free(struct murk_sight_cache* c) {
  if (!c) return;
  murk_sightmap_free(c->map);
  fov_rows_free(c->rows);
  murk_free(c);
}

int murk_sight_cache_new(const struct murk_mission* m, struct murk_sight_cache** out) {
  *out = NULL;
  struct murk_sight_cache* c = murk_calloc(1, sizeof *c);
  if (!c) return MURK_ENOMEM;
  c->m = m;
  int rc = murk_sightmap_from_mission(m, &c->map);
  if (rc == MURK_OK) rc = fov_rows_new(c->map, &c->rows);
  if (rc != MURK_OK) {
    murk_sight_cache_free(c);
    return rc;
  }
  *out = c;
  return MURK_OK;
}

int murk_game_use_sight_cache(struct murk_game* g, struct murk_sight_cache* c) {
  if (!c || c->m != g->m) return MURK_EINVAL;
  if (!g->fov_rows_shared) fov_rows_free(g->fov_rows);
  g->fov_rows = c->rows;
  g->fov_rows_shared = true;
  if (g->sight_kept) g->sight_kept->valid = false; /* its unions were the other rows' */
  return MURK_OK;
}

#else
struct murk_sight_cache {
  const struct murk_mission* m;
};

void murk_sight_cache_free(struct murk_sight_cache* c) {
  murk_free(c);
}

int murk_sight_cache_new(const struct murk_mission* m, struct murk_sight_cache** out) {
  *out = murk_calloc(1, sizeof **out);
  if (!*out) return MURK_ENOMEM;
  (*out)->m = m;
  return MURK_OK;
}

/* Nothing to share: every game computes its sight. */
int murk_game_use_sight_cache(struct murk_game* g, struct murk_sight_cache* c) {
  return !c || c->m != g->m ? MURK_EINVAL : MURK_OK;
}
#endif
