/* fov_rows.c: the fields of view the sight caches keep (fov_rows.h), one per origin cell:
 * found by cell in an open-addressing table, their bits in chunks (a bitset over the box
 * the origin sees, or lists of columns where that is much smaller), every row dropped at
 * once when the table or the budget is full. The bottom of the caches: sight_cache.c
 * makes the table and builds its disks, cuts and unions on these rows. */
#include "fov_rows.h"

#include <string.h>

#include "murk/alloc.h"
#include "murk/error.h"

#ifndef MURK_PLAIN

void mk_fov_chunks_free(struct mk_fov_rows* r) {
  while (r->chunks) {
    struct fov_chunk* next = r->chunks->next;
    murk_free(r->chunks);
    r->chunks = next;
  }
}

/* Drop every row (the first chunk is kept for the next ones). */
static void fov_rows_flush(struct mk_fov_rows* r) {
  for (size_t i = 0; i < 2 * r->max_rows; i++) r->rows[i].origin = -1;
  r->nrows = 0;
  r->words = 0;
  r->flushes++;
  if (r->chunks) {
    struct fov_chunk* keep = r->chunks;
    while (keep->next) {
      struct fov_chunk* c = keep;
      keep = keep->next;
      murk_free(c);
    }
    keep->used = 0;
    r->chunks = keep;
  }
}

/* The entry of origin `a` in the table: its row, or the free entry where it would go. */
static struct fov_row* fov_slot(const struct mk_fov_rows* r, long a) {
  size_t mask = 2 * r->max_rows - 1;
  size_t i = ((uint64_t)a * UINT64_C(0x9E3779B97F4A7C15)) >> 40 & mask;
  while (r->rows[i].origin != a && r->rows[i].origin != -1) i = (i + 1) & mask;
  return &r->rows[i];
}

/* The row of origin `a`, if it is in the cache. */
const struct fov_row* mk_fov_row_cached(const struct mk_fov_rows* r, long a) {
  const struct fov_row* e = fov_slot(r, a);
  return e->origin == a ? e : NULL;
}

/* Room for n words of row bits; NULL when out of memory. */
static uint64_t* fov_words(struct mk_fov_rows* r, size_t n) {
  struct fov_chunk* c = r->chunks;
  if (!c || c->cap - c->used < n) {
    size_t cap = n > r->chunk_words ? n : r->chunk_words;
    c = murk_malloc(sizeof *c + cap * sizeof(uint64_t));
    if (!c) return NULL;
    c->used = 0;
    c->cap = cap;
    /* A row bigger than a chunk goes behind the newest, which may still have room. */
    if (r->chunks && n > r->chunk_words) {
      c->next = r->chunks->next;
      r->chunks->next = c;
    } else {
      c->next = r->chunks;
      r->chunks = c;
    }
  }
  uint64_t* w = c->words + c->used;
  c->used += n;
  return w;
}

/* Is cell p in the field of view of the row? */
bool mk_fov_row_has(const struct fov_row* e, struct murk_pos p) {
  unsigned dx = (unsigned)(p.x - e->x0), dy = (unsigned)(p.y - e->y0);
  if (dx >= (unsigned)e->w || dy >= (unsigned)e->h) return false;
  if (!e->sparse) return bits_has(e->bits, (size_t)dy * (size_t)e->w + dx);
  const uint32_t* off = (const uint32_t*)e->bits;
  const uint16_t* xs = (const uint16_t*)(off + e->h + 1);
  for (uint32_t k = off[dy], end = off[dy + 1]; k < end; k++)
    if (xs[k] == dx) return true;
  return false;
}

/* The words a sparse row of n cells in box e takes, or 0 when it would not save much
 * (under half the bitset's), or some row of the box holds too many cells (a
 * look-up walks one row's list). counts[dy]: the cells of each row of the box. */
static size_t sparse_words(const struct fov_row* e, size_t n, const uint32_t* counts) {
  size_t bits_words = ((size_t)e->w * (size_t)e->h + 63) / 64;
  size_t bytes = ((size_t)e->h + 1) * sizeof(uint32_t) + n * sizeof(uint16_t);
  size_t words = (bytes + 7) / 8;
  if (e->w > UINT16_MAX || words * 2 > bits_words) return 0;
  for (int y = 0; y < e->h; y++)
    if (counts[y] > SPARSE_ROW_MAX) return 0;
  return words;
}

/* Write the n cells c into sparse row e at words: the offsets of the box's rows (from
 * counts, which becomes scratch), then each row's columns. */
static void runs_of(const struct fov_row* e, const struct murk_fov_cell* c, size_t n,
                    uint32_t* counts, uint64_t* words) {
  uint32_t* off = (uint32_t*)words;
  uint16_t* xs = (uint16_t*)(off + e->h + 1);
  uint32_t at = 0;
  for (int y = 0; y < e->h; y++) {
    off[y] = at;
    at += counts[y];
    counts[y] = off[y]; /* the next free place of row y */
  }
  off[e->h] = at;
  for (size_t k = 0; k < n; k++) {
    int dy = c[k].at.y - e->y0;
    xs[counts[dy]++] = (uint16_t)(c[k].at.x - e->x0);
  }
}

/* The row of `a`, computed now if needed; NULL when murk_fov fails (out of memory). May
 * flush the cache: a row got before is then stale (r->flushes tells). */
const struct fov_row* mk_fov_row(struct mk_fov_rows* r, const struct murk_sightmap* map,
                                 struct murk_pos a) {
  long ia = cell_index(r, a);
  const struct fov_row* hit = mk_fov_row_cached(r, ia);
  if (hit) return hit;
  if (murk_fov(map, a, r->radius, r->fov) != MURK_OK) return NULL;
  size_t n;
  const struct murk_fov_cell* c = murk_fov_cells(r->fov, &n);
  int x0 = a.x, y0 = a.y, x1 = a.x, y1 = a.y;
  if ((size_t)r->width * (size_t)r->height <= FOV_SMALL_TABLE) {
    /* A small table: a row over all of it costs little, and finding the box more. */
    x0 = y0 = 0;
    x1 = r->width - 1;
    y1 = r->height - 1;
    n = 0;
  }
  for (size_t k = 0; k < n; k++) {
    x0 = c[k].at.x < x0 ? c[k].at.x : x0;
    x1 = c[k].at.x > x1 ? c[k].at.x : x1;
    y0 = c[k].at.y < y0 ? c[k].at.y : y0;
    y1 = c[k].at.y > y1 ? c[k].at.y : y1;
  }
  n = 0;
  c = murk_fov_cells(r->fov, &n);
  struct fov_row e = {ia, x0, y0, x1 - x0 + 1, y1 - y0 + 1, false, NULL};
  size_t words = ((size_t)e.w * (size_t)e.h + 63) / 64;
  if (r->counts && e.h > 1) { /* a big table: perhaps a sparse row */
    memset(r->counts, 0, (size_t)e.h * sizeof *r->counts);
    for (size_t k = 0; k < n; k++) r->counts[c[k].at.y - y0]++;
    size_t sw = sparse_words(&e, n, r->counts);
    if (sw) {
      e.sparse = true;
      words = sw;
    }
  }
  if (r->nrows >= r->max_rows || (r->words + words) * sizeof(uint64_t) > FOV_BUDGET)
    fov_rows_flush(r);
  uint64_t* bits = fov_words(r, words);
  if (!bits) return NULL;
  if (e.sparse) {
    runs_of(&e, c, n, r->counts, bits);
  } else {
    memset(bits, 0, words * sizeof *bits);
    for (size_t k = 0; k < n; k++) {
      size_t bit = (size_t)(c[k].at.y - y0) * (size_t)e.w + (size_t)(c[k].at.x - x0);
      bits[bit / 64] |= (uint64_t)1 << (bit % 64);
    }
  }
  e.bits = bits;
  struct fov_row* slot = fov_slot(r, ia);
  *slot = e;
  r->nrows++;
  r->words += words;
  return slot;
}

#endif /* MURK_PLAIN */
