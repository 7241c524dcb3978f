/* fov_rows.h: the fields of view the sight caches keep, one per origin cell (fov_rows.c),
 * and the cache's whole state (struct mk_fov_rows), which sight_cache.c builds on. Internal
 * to those two files; not built with MURK_PLAIN (sight_cache.h). */
#ifndef MK_FOV_ROWS_H
#define MK_FOV_ROWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "murk/geom.h"
#include "murk/los.h"

/* Fields of view, one per origin cell, each kept as a bitset over the box that holds what
 * the origin sees (on a big table a field of view is a small patch of it). murk_fov gives
 * exactly murk_los within its radius (los.h; tests/unit/test_los.c checks the two on random
 * maps), and the terrain never changes in play, so the field of view of a cell, taken to
 * the whole table, answers every line from that cell for the rest of the game. Rows are
 * found by origin cell in an open-addressing table, their bits kept in chunks; when
 * FOV_MAX_ROWS rows or FOV_BUDGET bytes are held, every row is dropped at once (a flush)
 * and computed again when asked for. A cache of derived values, never game state: what it
 * holds changes no answer. The budget holds a row over the whole of the largest table
 * (1000x1000 cells, 125 KB) for each of the 1,200 teams two sides may have: where woods let
 * sight run across the table (a lattice), every viewer's row is that large, and a smaller
 * cache flushed at every sight update and computed all of them again. */
#define FOV_BUDGET ((size_t)144 << 20) /* bytes of row bits */
#define FOV_MAX_ROWS ((size_t)1 << 16) /* rows held at once (a power of two) */
#define FOV_CHUNK ((size_t)32 << 10)   /* words of a chunk of row bits (256 KB) */
#define FOV_SMALL_TABLE 32768          /* cells: up to this a row spans the whole table */

/* A field of view: the cells of the box [x0, x0 + w) x [y0, y0 + h) it sees, a bit each,
 * row-major; or, where that is much smaller (long thin lines of sight over a big table:
 * a few thousand cells seen in a box of a million), `sparse`: the cells as lists of
 * columns, one a row of the box (runs_of). */
struct fov_row {
  long origin; /* the origin's cell index, or -1: a free entry */
  int x0, y0, w, h;
  bool sparse;
  const uint64_t* bits; /* sparse: h + 1 offsets (uint32), then the columns (uint16) */
};
#define SPARSE_ROW_MAX 64 /* cells of one row of the box, at most, for a sparse row */

struct fov_chunk {
  struct fov_chunk* next;
  size_t used, cap; /* words */
  uint64_t words[];
};

struct mk_fov_rows {
  struct murk_fov_result* fov; /* murk_fov's working space, reused */
  int width, height, radius;   /* the table; a radius that covers the whole table */
  size_t max_rows;             /* rows held at most: a power of two */
  size_t nrows, words;         /* rows held, and the words of their bits */
  size_t chunk_words;          /* the size of a new chunk */
  unsigned long flushes;       /* times every row was dropped: older pointers are stale */
  struct fov_row* rows;        /* 2 * max_rows entries */
  struct fov_chunk* chunks;    /* the newest first */
  struct viewer* eyes;         /* scratch for mk_sight_update: a side's viewers */
  uint32_t* counts;            /* tables over FOV_SMALL_TABLE: cells a row, for sparse rows */
  /* Tables of up to DISK_TABLE cells (rows over the whole table): the cells within
   * disk_range of each origin cell, a whole-table bitset each, made the first time asked
   * (disk_made); and two whole-table bitsets of scratch for mk_sight_update, what a
   * side's viewers see within the range and at any range. A pair of viewer and enemy is
   * then one bit of a union made once per side and update. */
  size_t twords;      /* words of a whole-table bitset */
  int disk_range;     /* the range of the disks held; -1 none */
  int disk_ranges;    /* ranges the disks have been made for, one after the other */
  uint64_t* disks;    /* cells * twords */
  uint8_t* disk_made; /* cells */
  /* Each origin cell's field of view already cut to its disk (cut_made), so that a union
   * within the range is one OR a viewer instead of a row look-up, a disk and an AND. */
  uint64_t* cuts;    /* cells * twords */
  uint8_t* cut_made; /* cells */
  /* The words of each cut that may be non-zero, [cut_lo, cut_hi): a cut within a short
   * range spans a few rows of the table, and a union ORs only those words. */
  uint16_t *cut_lo, *cut_hi; /* cells each */
  uint64_t* near;            /* twords: seen within the range */
  uint64_t* far;             /* twords: seen at any range, made when first asked (far_of) */
  uint64_t* reach;           /* twords each: mk_sight_reach's answers */
  uint64_t* line;
  int nunited; /* the viewers near and far are made of (the first of eyes) */
  bool far_made;
  /* The last few unions within a range, kept with the cells of the viewers they were made
   * of: a side whose units did not move (after most commands, one side's at least) and a
   * view of a side just updated find theirs here instead of making it again (the sight map
   * never changes, so the cells and the range say everything). */
  struct mk_sc_union* slots; /* UNION_SLOTS of them */
  int next_slot;
  unsigned long slot_gens; /* the last gen given to a slot */
  int table_range;         /* mk_sight_range's part from the mission's visibility table (made) */
  bool table_range_made;
  /* A side's viewers with their fields of view, kept for questions of many cells between
   * two commands (kept_eyes, mk_sc_side_sees): on a table too big for unions, or where
   * sight is unlimited, each question is then a bit a viewer, not a look-up a pair. */
  struct kept_eyes* kept; /* EYES_SLOTS of them, made when first asked */
  int next_kept;
  unsigned long kept_gens; /* the last gen given to a kept_eyes */
};
/* Is bit `bit` of a bitset set? */
static inline bool bits_has(const uint64_t* bits, size_t bit) {
  return (bits[bit / 64] >> (bit % 64)) & 1;
}

static inline long cell_index(const struct mk_fov_rows* r, struct murk_pos p) {
  return (long)p.y * r->width + p.x;
}

/* Free every chunk of row bits. */
void mk_fov_chunks_free(struct mk_fov_rows* r);
/* The row of origin `a`, if it is in the cache. */
const struct fov_row* mk_fov_row_cached(const struct mk_fov_rows* r, long a);
/* Is cell p in the field of view of the row? */
bool mk_fov_row_has(const struct fov_row* e, struct murk_pos p);
/* The row of `a`, computed now if needed; NULL when murk_fov fails (out of memory). May
 * flush the cache: a row got before is then stale (r->flushes tells). */
const struct fov_row* mk_fov_row(struct mk_fov_rows* r, const struct murk_sightmap* map,
                                 struct murk_pos a);

#endif
