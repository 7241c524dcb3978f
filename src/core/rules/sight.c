/* sight.c: who sees what (sight.h, night.h).
 *
 * Line of sight is los.h's rule (docs/rules.md, "Line of sight") on a sight map built once
 * per game from the mission, answered from the field of view (murk_fov) of the viewer's or
 * the target's cell, computed the first time it is needed and kept. Range comes from the
 * rules in force (docs/rules.md, "Sight"):
 * - NVR (seed 003, 1.1): the current Night Visibility Range, in cells; beyond it a unit is
 *   still seen when it fired (a gunflash, 1.8) or stands in an illuminated cell (1.101);
 * - a mission with a visibility table (seed 000's Thick Morning Fog, seed 001's Darkness):
 *   the longest range the table can give (capped by Fog of War's spot_range, the farthest
 *   seed 000 lets anything be spotted). Under fog or darkness each shot still needs its own
 *   roll (night.c); the view shows what a roll could reach. Under Darkness, but not in the
 *   fog, a team that fired is seen at any range;
 * - Night Fighting at night (seed 004): the highest sight roll times its unit (each shot
 *   rolls for real, night.c);
 * - otherwise: no limit.
 * A side sees a cell when any of its units or markers on the table does. */
#include "murk/sight.h"

#include <stdint.h>
#include <string.h>

#include "board.h"
#include "event.h"
#include "marker.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/los.h"
#include "night.h"
#include "sight.h"
#include "state.h"

static int min_int(int a, int b) {
  return a < b ? a : b;
}

/* Is bit `bit` of a bitset set? */
static inline bool bits_has(const uint64_t* bits, size_t bit) {
  return (bits[bit / 64] >> (bit % 64)) & 1;
}

/* near |= src over words [lo, hi) (restrict: so the loop is vectorised without a check). */
static inline void or_words(uint64_t* restrict near, const uint64_t* restrict src, size_t lo,
                            size_t hi) {
  for (size_t w = lo; w < hi; w++) near[w] |= src[w];
}

/* ---- the sight map and the fires ---- */

/* Fields of view, one per origin cell, each kept as a bitset over the box that holds what
 * the origin sees (issue 5: the views ask the field of view, not one line at a time; issue
 * 18: on a big table a field of view is a small patch of it, and rows over the whole table
 * fitted only a few viewers, so every sight update recomputed every viewer). murk_fov gives
 * exactly murk_los within its radius (los.h; tests/unit/test_los.c checks the two on random
 * maps), and the terrain never changes in play, so the field of view of a cell, taken to
 * the whole table, answers every line from that cell for the rest of the game. Rows are
 * found by origin cell in an open-addressing table, their bits kept in chunks; when
 * FOV_MAX_ROWS rows or FOV_BUDGET bytes are held, every row is dropped at once (a flush)
 * and computed again when asked for. A cache of derived values, never game state: what it
 * holds changes no answer. */
#define FOV_BUDGET ((size_t)48 << 20)  /* bytes of row bits */
#define FOV_MAX_ROWS ((size_t)1 << 16) /* rows held at once (a power of two) */
#define FOV_CHUNK ((size_t)32 << 10)   /* words of a chunk of row bits (256 KB) */
#define FOV_SMALL_TABLE 32768          /* cells: up to this a row spans the whole table */

/* A field of view: the cells of the box [x0, x0 + w) x [y0, y0 + h) it sees, a bit each,
 * row-major. */
struct fov_row {
  long origin; /* the origin's cell index, or -1: a free entry */
  int x0, y0, w, h;
  const uint64_t* bits;
};

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
  /* Tables of up to DISK_TABLE cells (rows over the whole table): the cells within
   * disk_range of each origin cell, a whole-table bitset each, made the first time asked
   * (disk_made); and two whole-table bitsets of scratch for mk_sight_update, what a
   * side's viewers see within the range and at any range. A pair of viewer and enemy is
   * then one bit of a union made once per side and update (issue 11, point 5). */
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
  struct union_slot* slots; /* UNION_SLOTS of them */
  int next_slot;
  unsigned long slot_gens; /* the last gen given to a slot */
  int table_range;         /* mk_sight_range's part from the mission's visibility table (made) */
  bool table_range_made;
};
#define DISK_TABLE 4096 /* cells: up to this the disks cost at most 2 MB */
#define UNION_SLOTS 4

struct union_slot {
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

/* What mk_sight_update read the last time and what it left (struct murk_game's sight_kept,
 * issue 11, point 5). Within the range a side's sightings follow from its union (its own
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

static void fov_chunks_free(struct mk_fov_rows* r) {
  while (r->chunks) {
    struct fov_chunk* next = r->chunks->next;
    murk_free(r->chunks);
    r->chunks = next;
  }
}

static void fov_rows_free(struct mk_fov_rows* r) {
  if (!r) return;
  murk_fov_result_free(r->fov);
  fov_chunks_free(r);
  murk_free(r->rows);
  murk_free(r->eyes);
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
  slots_free(r);
  murk_free(r);
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
  int rc = r->rows && r->eyes ? murk_fov_result_new(map, &r->fov) : MURK_ENOMEM;
  if (rc != MURK_OK) {
    fov_rows_free(r);
    return rc;
  }
  for (size_t i = 0; i < 2 * r->max_rows; i++) r->rows[i].origin = -1;
  *out = r;
  return MURK_OK;
}

static long cell_index(const struct mk_fov_rows* r, struct murk_pos p) {
  return (long)p.y * r->width + p.x;
}

/* The entry of origin `a` in the table: its row, or the free entry where it would go. */
static struct fov_row* fov_slot(const struct mk_fov_rows* r, long a) {
  size_t mask = 2 * r->max_rows - 1;
  size_t i = ((uint64_t)a * UINT64_C(0x9E3779B97F4A7C15)) >> 40 & mask;
  while (r->rows[i].origin != a && r->rows[i].origin != -1) i = (i + 1) & mask;
  return &r->rows[i];
}

/* The row of origin `a`, if it is in the cache. */
static const struct fov_row* fov_row_cached(const struct mk_fov_rows* r, long a) {
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
static bool row_has(const struct fov_row* e, struct murk_pos p) {
  unsigned dx = (unsigned)(p.x - e->x0), dy = (unsigned)(p.y - e->y0);
  if (dx >= (unsigned)e->w || dy >= (unsigned)e->h) return false;
  return bits_has(e->bits, (size_t)dy * (size_t)e->w + dx);
}

/* The row of `a`, computed now if needed; NULL when murk_fov fails (out of memory). May
 * flush the cache: a row got before is then stale (r->flushes tells). */
static const struct fov_row* fov_row(struct mk_fov_rows* r, const struct murk_sightmap* map,
                                     struct murk_pos a) {
  long ia = cell_index(r, a);
  const struct fov_row* hit = fov_row_cached(r, ia);
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
  struct fov_row e = {ia, x0, y0, x1 - x0 + 1, y1 - y0 + 1, NULL};
  size_t words = ((size_t)e.w * (size_t)e.h + 63) / 64;
  if (r->nrows >= r->max_rows || (r->words + words) * sizeof(uint64_t) > FOV_BUDGET)
    fov_rows_flush(r);
  uint64_t* bits = fov_words(r, words);
  if (!bits) return NULL;
  memset(bits, 0, words * sizeof *bits);
  for (size_t k = 0; k < n; k++) {
    size_t bit = (size_t)(c[k].at.y - y0) * (size_t)e.w + (size_t)(c[k].at.x - x0);
    bits[bit / 64] |= (uint64_t)1 << (bit % 64);
  }
  e.bits = bits;
  struct fov_row* slot = fov_slot(r, ia);
  *slot = e;
  r->nrows++;
  r->words += words;
  return slot;
}

/* seed 003, 1.94: a blaze lights its own cell and every cell within twice its burning levels
 * that it could see (1.941: obstacles cast shadows, as if the blaze were a viewer): its field
 * of view of that radius. */
static int light_fires(struct murk_game* g, struct murk_fov_result* fov) {
  const struct murk_mission* m = g->m;
  const struct murk_grid* grid = &m->grid;
  bool any = false;
  for (int i = 0; i < m->nterrain; i++)
    if (m->blaze[i] > 0) any = true;
  if (!any) return MURK_OK;
  size_t cells = (size_t)grid->width * (size_t)grid->height;
  g->firelit = murk_calloc(cells, 1);
  if (!g->firelit) return MURK_ENOMEM;
  for (int y = 0; y < grid->height; y++)
    for (int x = 0; x < grid->width; x++) {
      struct murk_pos b = {x, y};
      const struct murk_terrain* t = murk_mission_terrain_at(m, b);
      int levels = t ? m->blaze[t - m->terrain] : 0;
      if (levels <= 0) continue;
      int rc = murk_fov(g->sightmap, b, 2 * levels, fov);
      if (rc != MURK_OK) return rc;
      size_t n;
      const struct murk_fov_cell* c = murk_fov_cells(fov, &n);
      for (size_t k = 0; k < n; k++)
        g->firelit[(size_t)c[k].at.y * (size_t)grid->width + (size_t)c[k].at.x] = 1;
    }
  return MURK_OK;
}

int mk_sight_open(struct murk_game* g) {
  int rc = murk_sightmap_from_mission(g->m, &g->sightmap);
  if (rc != MURK_OK) return rc;
  rc = fov_rows_new(g->sightmap, &g->fov_rows);
  if (rc != MURK_OK) return rc;
  return light_fires(g, g->fov_rows->fov);
}

void mk_sight_close(struct murk_game* g) {
  murk_sightmap_free(g->sightmap);
  g->sightmap = NULL;
  if (!g->fov_rows_shared) fov_rows_free(g->fov_rows);
  g->fov_rows = NULL;
  murk_free(g->firelit);
  g->firelit = NULL;
  murk_free(g->sight_kept);
  g->sight_kept = NULL;
}

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

/* ---- range ---- */

/* The highest total a dice expression can give (never below 0). */
static int dice_max(const struct murk_dice_expr* e) {
  long v = (long)e->count * e->sides * e->mul + e->add;
  if (v < 0) return 0;
  return v > MURK_SIGHT_UNLIMITED ? MURK_SIGHT_UNLIMITED : (int)v;
}

int mk_sight_range(const struct murk_game* g, enum murk_side viewer) {
  const struct murk_mission* m = g->m;
  (void)viewer; /* night, fog and NVR are the same for both sides */
  int nvr = mk_night_nvr(g);
  if (nvr >= 0) return nvr;
  int range = MURK_SIGHT_UNLIMITED;
  /* Darkness's table, not on a turn Dusk & Dawn makes daylight (night.c). */
  bool daylight = murk_mission_rule_on(m, MURK_RULE_DARKNESS) &&
                  !murk_mission_rule_on(m, MURK_RULE_THICK_MORNING_FOG) &&
                  !mk_night_darkness_now(g);
  struct mk_fov_rows* r = g->fov_rows; /* one mission's: the table's part is kept there */
  if (r && r->table_range_made) {
    range = r->table_range;
  } else if (m->visibility.nrows > 0) { /* a mission gives a table only where sight is short */
    int best = 0;
    for (int i = 0; i < m->visibility.nrows; i++)
      if (m->visibility.rows[i].range > best) best = m->visibility.rows[i].range;
    if (murk_mission_rule_on(m, MURK_RULE_FOG_OF_WAR))
      best = min_int(best, murk_mission_param(m, MURK_P_FOW_SPOT_CAP));
    range = min_int(range, best);
  }
  if (r && !r->table_range_made) {
    r->table_range = range;
    r->table_range_made = true;
  }
  if (daylight) range = MURK_SIGHT_UNLIMITED; /* the table is kept, daylight asked each time */
  if (mk_night_fighting_now(g)) {
    struct murk_dice_expr e = murk_mission_param_dice(m, MURK_P_NF_SIGHT);
    int unit = murk_mission_param(m, MURK_P_NF_UNIT);
    long cells = (long)dice_max(&e) * unit;
    if (unit == 0) {
      /* The loader rounds the unit down to whole cells; an inch on a 5cm table would give
       * nothing at all, so a unit below one cell counts as the inch it defaults to. */
      struct murk_length len = {(int64_t)dice_max(&e) * 100, MURK_UNIT_IN};
      cells = murk_length_to_cells(len, m->scale, MURK_ROUND_DOWN);
      if (cells < 0) cells = MURK_SIGHT_UNLIMITED;
    }
    range = min_int(range, cells > MURK_SIGHT_UNLIMITED ? MURK_SIGHT_UNLIMITED : (int)cells);
  }
  return range;
}

/* What a check from many viewers to one cell shares. */
struct eye {
  const struct murk_game* g;
  int range;   /* cells a viewer sees without help */
  bool beyond; /* the thing at the cell is seen at any range (gunflash, light) */
};

/* Is what stands at `to` seen at any range (along a line of sight)? */
static bool seen_beyond(const struct murk_game* g, struct murk_pos to, bool flash) {
  if (mk_night_nvr(g) >= 0) return flash || mk_night_lit(g, to); /* seed 003, 1.101 */
  /* night fighting of seeds 000/001: a team that fires is seen; the fog says otherwise
   * (seed 000, Thick Morning Fog) */
  return flash && murk_mission_rule_on(g->m, MURK_RULE_DARKNESS) &&
         !murk_mission_rule_on(g->m, MURK_RULE_THICK_MORNING_FOG);
}

/* May anything be seen beyond the range now (seen_beyond, for some cell)? */
static bool beyond_ever(const struct murk_game* g) {
  return mk_night_nvr(g) >= 0 || (murk_mission_rule_on(g->m, MURK_RULE_DARKNESS) &&
                                  !murk_mission_rule_on(g->m, MURK_RULE_THICK_MORNING_FOG));
}

int mk_sight_limit(const struct murk_game* g, enum murk_side viewer) {
  return beyond_ever(g) ? MURK_SIGHT_UNLIMITED : mk_sight_range(g, viewer);
}

static struct eye eye_for(const struct murk_game* g, enum murk_side viewer, struct murk_pos to,
                          bool flash) {
  struct eye e = {g, mk_sight_range(g, viewer), seen_beyond(g, to, flash)};
  return e;
}

/* Line of sight between two table cells, from the field of view of either (lines are
 * symmetric: los.h), computing a's when neither is cached. */
static bool los_fov(const struct murk_game* g, struct murk_pos a, struct murk_pos b) {
  struct mk_fov_rows* r = g->fov_rows;
  if (!r) return murk_los(g->sightmap, a, b, NULL);
  const struct fov_row* row = fov_row_cached(r, cell_index(r, b));
  if (row) return row_has(row, a);
  /* A cut (the field of view within the disks' range) answers a pair no farther apart. */
  if (r->cut_made) {
    long ia = cell_index(r, a), ib = cell_index(r, b);
    long have = r->cut_made[ia] ? ia : r->cut_made[ib] ? ib : -1;
    if (have >= 0 && murk_geom_distance(&g->m->grid, a, b) <= r->disk_range) {
      long other = have == ia ? ib : ia;
      return (r->cuts[(size_t)have * r->twords + (size_t)other / 64] >> (other % 64)) & 1;
    }
  }
  row = fov_row(r, g->sightmap, a);
  if (!row) return murk_los(g->sightmap, a, b, NULL); /* no memory for the row: trace it */
  return row_has(row, b);
}

static bool eye_sees(const struct eye* e, struct murk_pos from, struct murk_pos to) {
  const struct murk_grid* grid = &e->g->m->grid;
  if (!murk_geom_on_table(grid, from) || !murk_geom_on_table(grid, to)) return false;
  if (!e->beyond && e->range < MURK_SIGHT_UNLIMITED &&
      murk_geom_distance(grid, from, to) > e->range)
    return false;
  return los_fov(e->g, from, to);
}

bool mk_sight_los(const struct murk_game* g, struct murk_pos from, struct murk_pos to) {
  const struct murk_grid* grid = &g->m->grid;
  return g->sightmap && murk_geom_on_table(grid, from) && murk_geom_on_table(grid, to) &&
         los_fov(g, from, to);
}

bool mk_sight_sees(const struct murk_game* g, enum murk_side viewer, struct murk_pos from,
                   struct murk_pos to, bool flash) {
  if (!g->sightmap) return false;
  struct eye e = eye_for(g, viewer, to, flash);
  return eye_sees(&e, from, to);
}

/* The unit of `side` with team t, or -1. */
static int unit_of_team(const struct mk_state* s, enum murk_side side, int t) {
  for (int k = 0; k < s->nunits[side]; k++)
    if (t >= s->units[side][k].first_team &&
        t < s->units[side][k].first_team + s->units[side][k].nteams)
      return k;
  return -1;
}

/* Did whatever of `owner` stands at p fire lately? */
static bool flash_at(const struct murk_game* g, enum murk_side owner, struct murk_pos p) {
  const struct mk_state* s = &g->s;
  enum murk_side ts;
  int t;
  if (mk_team_at(s, p, &ts, &t) && ts == owner) {
    int u = unit_of_team(s, owner, t);
    return u >= 0 && mk_night_flashing(g, owner, u);
  }
  return false;
}

/* Could a gunflash at `to` change what is seen there? Only then is it looked for: finding
 * the team at a cell walks the roster. */
static bool flash_matters(const struct murk_game* g, struct murk_pos to) {
  return seen_beyond(g, to, true) != seen_beyond(g, to, false);
}

bool mk_can_see(const struct murk_game* g, enum murk_side viewer, struct murk_pos from,
                struct murk_pos to) {
  bool flash =
      viewer != MURK_NO_SIDE && flash_matters(g, to) && flash_at(g, murk_side_other(viewer), to);
  return mk_sight_sees(g, viewer, from, to, flash);
}

static struct union_slot* union_of(const struct murk_game* g, const int* cells, int n, int range);
static int viewer_cells(const struct murk_game* g, enum murk_side viewer, int* cells);

/* What `viewer`'s units and markers on the table see within `range` now: the kept union of
 * their cells (mk_sight_update made it for the state after the last command, so it is
 * mostly found), or NULL (sight unlimited, a table too big for unions, no memory). Valid
 * until the next union is made. */
static const struct union_slot* kept_side_union(const struct murk_game* g, enum murk_side viewer,
                                                int range);
static const struct union_slot* side_union(const struct murk_game* g, enum murk_side viewer,
                                           int range, struct mk_sight_memo* memo) {
  if (range >= MURK_SIGHT_UNLIMITED || !g->fov_rows || !g->sightmap) return NULL;
  struct mk_fov_rows* r = g->fov_rows;
  if (memo && memo->gen && r->slots && memo->viewer == (int)viewer && memo->range == range) {
    const struct union_slot* kept = &r->slots[memo->slot];
    if (kept->gen == memo->gen && kept->range == range) return kept; /* not made over since */
  }
  const struct union_slot* sl = kept_side_union(g, viewer, range);
  if (!sl) {
    int cells[MAX_VIEWERS];
    int n = viewer_cells(g, viewer, cells);
    sl = n >= 0 ? union_of(g, cells, n, range) : NULL;
  }
  if (memo && sl) *memo = (struct mk_sight_memo){sl->gen, (int)(sl - r->slots), range, (int)viewer};
  return sl;
}

/* Is p, on the table, in union u? */
static bool union_has(const struct murk_game* g, const struct union_slot* u, struct murk_pos p) {
  return bits_has(u->near, (size_t)p.y * (size_t)g->fov_rows->width + (size_t)p.x);
}

/* mk_sight_any without `from`, where nothing is seen beyond the range: one bit of the side's
 * union (the same viewers, each within range and with a line: eye_sees). -1 when that cannot
 * answer; then ask viewer by viewer. */
static int union_any(const struct murk_game* g, enum murk_side viewer, const struct eye* e,
                     const struct union_slot** u, struct murk_pos to, struct mk_sight_memo* memo) {
  if (e->beyond || e->range >= MURK_SIGHT_UNLIMITED) return -1;
  if (!*u) *u = side_union(g, viewer, e->range, memo);
  if (!*u) return -1;
  return murk_geom_on_table(&g->m->grid, to) && union_has(g, *u, to);
}

bool mk_sight_any(const struct murk_game* g, enum murk_side viewer, struct murk_pos to, bool flash,
                  struct murk_pos* from) {
  const struct mk_state* s = &g->s;
  if (!g->sightmap || (viewer != MURK_ATTACKER && viewer != MURK_DEFENDER)) return false;
  struct eye e = eye_for(g, viewer, to, flash);
  if (!from) {
    const struct union_slot* u = NULL;
    int seen = union_any(g, viewer, &e, &u, to, NULL);
    if (seen >= 0) return seen;
  }
  for (int i = 0; i < s->nmarkers; i++) {
    const struct mk_marker* mk = &s->markers[i];
    if (!mk->on_table || mk->owner != viewer || !eye_sees(&e, mk->pos, to)) continue;
    if (from) *from = mk->pos;
    return true;
  }
  for (int t = 0; t < s->nteams[viewer]; t++) {
    const struct mk_team* tm = &s->teams[viewer][t];
    if (!tm->alive || !tm->placed || !eye_sees(&e, tm->pos, to)) continue;
    if (from) *from = tm->pos;
    return true;
  }
  return false;
}

/* mk_sight_any(g, viewer, to, flash, NULL), the side's union found once for many cells
 * (*u starts NULL). */
static bool any_sees(const struct murk_game* g, enum murk_side viewer, struct murk_pos to,
                     bool flash, const struct union_slot** u, struct mk_sight_memo* memo) {
  if (!g->sightmap || (viewer != MURK_ATTACKER && viewer != MURK_DEFENDER)) return false;
  struct eye e = eye_for(g, viewer, to, flash);
  int seen = union_any(g, viewer, &e, u, to, memo);
  return seen >= 0 ? seen : mk_sight_any(g, viewer, to, flash, NULL);
}

bool mk_sight_unit_seen(const struct murk_game* g, enum murk_side viewer, int unit) {
  return mk_sight_unit_seen_memo(g, viewer, unit, NULL);
}

bool mk_sight_unit_seen_memo(const struct murk_game* g, enum murk_side viewer, int unit,
                             struct mk_sight_memo* memo) {
  const struct mk_state* s = &g->s;
  enum murk_side other = murk_side_other(viewer);
  const struct mk_unit_state* u = &s->units[other][unit];
  bool flash = mk_night_flashing(g, other, unit);
  const struct union_slot* un = NULL;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    const struct mk_team* tm = &s->teams[other][t];
    if (tm->alive && tm->placed && any_sees(g, viewer, tm->pos, flash, &un, memo)) return true;
  }
  return false;
}

enum murk_audience mk_sight_audience(const struct murk_game* g, enum murk_side owner,
                                     struct murk_pos a, struct murk_pos b, bool flash) {
  return mk_sight_audience_memo(g, owner, a, b, flash, NULL);
}

enum murk_audience mk_sight_audience_memo(const struct murk_game* g, enum murk_side owner,
                                          struct murk_pos a, struct murk_pos b, bool flash,
                                          struct mk_sight_memo* memo) {
  enum murk_side other = murk_side_other(owner);
  /* The texts' table: whatever moves on it moves in view of both players. */
  if (g->s.phase != MURK_PHASE_PLAY || !mk_sight_double_blind(g)) return MURK_AUD_ALL;
  const struct union_slot* u = NULL;
  if (any_sees(g, other, a, flash, &u, memo) ||
      (!murk_pos_eq(a, b) && any_sees(g, other, b, flash, &u, memo)))
    return MURK_AUD_ALL;
  return murk_audience_of(owner);
}

enum murk_audience mk_sight_unit_audience(const struct murk_game* g, enum murk_side owner,
                                          int unit) {
  if (g->s.phase != MURK_PHASE_PLAY || !mk_sight_double_blind(g)) return MURK_AUD_ALL;
  return mk_sight_unit_seen(g, murk_side_other(owner), unit) ? MURK_AUD_ALL
                                                             : murk_audience_of(owner);
}

bool mk_sight_double_blind(const struct murk_game* g) {
  return murk_mission_rule_on(g->m, MURK_RULE_DOUBLE_BLIND);
}

bool mk_sight_team_in_sight(const struct murk_game* g, enum murk_side viewer, int unit,
                            struct murk_pos at) {
  if (viewer != MURK_ATTACKER && viewer != MURK_DEFENDER) return false;
  enum murk_side other = murk_side_other(viewer);
  bool flash = unit >= 0 && unit < g->s.nunits[other] && mk_night_flashing(g, other, unit);
  const struct union_slot* u = NULL;
  return any_sees(g, viewer, at, flash, &u, NULL);
}

/* ---- what each side knows ---- */

static void saw(struct mk_sighting* k, struct murk_pos p, int turn) {
  k->known = true;
  k->pos = p;
  k->turn = turn;
}

/* Marker mi stands for a revealed platoon whose teams are on the table. */
static bool revealed_platoon(const struct mk_state* s, int mi) {
  const struct mk_marker* mk = &s->markers[mi];
  if (mk->on_table || !mk->revealed || mk->unit < 0) return false;
  if (mk->owner != MURK_ATTACKER && mk->owner != MURK_DEFENDER) return false;
  return s->units[mk->owner][mk->unit].state == MURK_PLATOON_REVEALED;
}

/* What a side sees of revealed platoon mi now. */
static void platoon_facts(const struct mk_state* s, int mi, struct mk_sighting* k) {
  const struct mk_unit_state* u = &s->units[s->markers[mi].owner][s->markers[mi].unit];
  k->known = true;
  k->turn = s->turn;
  k->bogged = u->bogged;
  k->dug_in = u->dug_in;
}

/* A public event placed something of `owner` at e->to: the other side has been told. */
static void told(struct murk_game* g, const struct mk_event* e) {
  struct mk_state* s = &g->s;
  int mi = mk_marker_index(s, e->marker);
  if (mi < 0) return;
  enum murk_side owner = s->markers[mi].owner;
  enum murk_side viewer = murk_side_other(owner);
  if (owner != MURK_ATTACKER && owner != MURK_DEFENDER) return;
  if (s->markers[mi].on_table && murk_pos_eq(s->markers[mi].pos, e->to)) {
    saw(&s->seen_marker[viewer][mi], e->to, s->turn);
    return;
  }
  enum murk_side ts;
  int t;
  if (mk_team_at(s, e->to, &ts, &t) && ts == owner) saw(&s->seen_team[viewer][t], e->to, s->turn);
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
      const struct fov_row* row = fov_row(r, g->sightmap, p);
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
    if (row_has(&v->row, p)) return true;
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
  const struct fov_row* row = fov_row_cached(r, at);
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
  if (!row) row = fov_row(r, g->sightmap, p); /* over the whole table */
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
    struct union_slot* sl = &r->slots[i];
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
static struct union_slot* union_of(const struct murk_game* g, const int* cells, int n, int range) {
  struct mk_fov_rows* r = g->fov_rows;
  if (!r || !g->sightmap || range >= MURK_SIGHT_UNLIMITED || !disks_ready(r, range) ||
      !slots_ready(r))
    return NULL;
  for (int i = 0; i < UNION_SLOTS; i++) {
    struct union_slot* sl = &r->slots[i];
    if (sl->range == range && sl->n == n &&
        (n == 0 || memcmp(sl->cells, cells, (size_t)n * sizeof *cells) == 0))
      return sl;
  }
  struct union_slot* sl = &r->slots[r->next_slot];
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

bool mk_sight_reach(const struct murk_game* g, const struct murk_pos* at, int n, int range,
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
    struct union_slot* sl = union_of(g, cells, n, range);
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
    const struct fov_row* row = fov_row(r, g->sightmap, at[i]);
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
 * and asked as before. */
struct looker {
  struct murk_game* g;
  enum murk_side viewer;
  int range;
  const struct union_slot* u; /* or NULL */
  int neyes;
  bool gathered, united;
};

static bool looker_sees(struct looker* L, struct murk_pos p, bool beyond, bool flash) {
  const struct murk_game* g = L->g;
  if (L->u && !beyond) {
    return murk_geom_on_table(&g->m->grid, p) && union_has(g, L->u, p);
  }
  if (!L->gathered) {
    L->gathered = true;
    L->neyes = gather_eyes(L->g, L->viewer);
    L->united = L->neyes >= 0 && eyes_union(L->g, L->neyes, L->range);
  }
  return L->neyes >= 0 ? gathered_see(g, L->united, L->neyes, L->range, p, beyond)
                       : mk_sight_any(g, L->viewer, p, flash, NULL);
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

/* ---- what the last update worked from ---- */

static struct mk_sight_kept* kept_get(struct murk_game* g) {
  if (!g->sight_kept) g->sight_kept = murk_calloc(1, sizeof *g->sight_kept);
  return g->sight_kept; /* NULL without memory: then every update works from scratch */
}

void mk_sight_update_from_scratch(struct murk_game* g) {
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

/* The enemy teams of viewer v, each seen when it stands in union u (within the range,
 * nothing seen beyond it); with `was` (the teams as the last update found them), only
 * those that changed since. */
static void teams_by_union(struct murk_game* g, const struct union_slot* u, int v,
                           const struct mk_team* was) {
  struct mk_state* s = &g->s;
  const struct mk_team* tm = s->teams[1 - v];
  struct mk_sighting* k = s->seen_team[v];
  const unsigned w = (unsigned)g->m->grid.width, h = (unsigned)g->m->grid.height;
  /* In locals: the sightings' stores may alias any int of the state. */
  const int nteams = s->nteams[1 - v], turn = s->turn;
  for (int t = 0; t < nteams; t++) {
    if (was && team_same(&tm[t], &was[t])) continue;
    if (!tm[t].alive || !tm[t].placed) {
      memset(&k[t], 0, sizeof k[t]);
      continue;
    }
    struct murk_pos p = tm[t].pos;
    k[t].seen = (unsigned)p.x < w && (unsigned)p.y < h && union_has(g, u, p);
    if (k[t].seen) saw(&k[t], p, turn);
  }
}

/* A revealed platoon is seen when one of its teams is: then the side sees whether it is
 * bogged or dug in; out of sight it keeps what it saw last (docs/rules.md, "What a side
 * knows"). */
static void revealed_seen(struct mk_state* s, int v) {
  enum murk_side other = murk_side_other((enum murk_side)v);
  const struct mk_sighting* teams = s->seen_team[v];
  const int nmarkers = s->nmarkers; /* the sightings' stores may alias it */
  for (int i = 0; i < nmarkers; i++) {
    if (s->markers[i].owner != other || s->markers[i].on_table || !revealed_platoon(s, i)) continue;
    const struct mk_unit_state* u = &s->units[other][s->markers[i].unit];
    bool seen = false;
    for (int t = u->first_team, end = u->first_team + u->nteams; t < end && !seen; t++)
      seen = teams[t].seen;
    struct mk_sighting* k = &s->seen_marker[v][i];
    k->seen = seen;
    if (seen) platoon_facts(s, i, k);
  }
}

/* The union v's last update was answered by, if it is still kept as it was; else found
 * again (the caller knows v's markers and teams stand where they stood). */
static const struct union_slot* kept_union(struct murk_game* g, struct mk_sight_kept* K, int v,
                                           int range) {
  struct mk_fov_rows* r = g->fov_rows;
  if (!r) return NULL;
  if (r->slots) {
    const struct union_slot* sl = &r->slots[K->slot[v]];
    if (sl->gen == K->gen[v] && sl->range == range) return sl;
  }
  int cells[MAX_VIEWERS];
  int n = viewer_cells(g, (enum murk_side)v, cells);
  struct union_slot* sl = union_of(g, cells, n, range);
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
static const struct union_slot* kept_side_union(const struct murk_game* g, enum murk_side viewer,
                                                int range) {
  const struct mk_sight_kept* K = g->sight_kept;
  const struct mk_state* s = &g->s;
  const struct mk_fov_rows* r = g->fov_rows;
  int v = (int)viewer;
  if (!K || !K->valid || K->scratch || !r || !r->slots || K->gen[v] == 0 || K->range[v] != range ||
      K->nmarkers != s->nmarkers || K->nteams[v] != s->nteams[v])
    return NULL;
  const struct union_slot* sl = &r->slots[K->slot[v]];
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

/* The texts' table (docs/rules.md, "What a side knows"): every marker, template, counter
 * and revealed team on the table stands in view of both players, in all five texts; what
 * is hidden is what a rule hides: a counter set up hidden (the ASL night rules, 1.2) until
 * it moves, and what a marker holds (never placed teams). */
static void table_seen(struct mk_state* s) {
  for (int v = 0; v < MURK_SIDES; v++) {
    enum murk_side other = murk_side_other((enum murk_side)v);
    for (int i = 0; i < s->nmarkers; i++) {
      const struct mk_marker* mk = &s->markers[i];
      struct mk_sighting* k = &s->seen_marker[v][i];
      if (mk->owner != other || !mk->on_table) {
        if (mk->owner != other || !revealed_platoon(s, i)) memset(k, 0, sizeof *k);
        continue;
      }
      k->seen = !mk->hidden;
      if (k->seen) saw(k, mk->pos, s->turn);
    }
    for (int t = 0; t < s->nteams[other]; t++) {
      const struct mk_team* tm = &s->teams[other][t];
      struct mk_sighting* k = &s->seen_team[v][t];
      if (!tm->alive || !tm->placed) {
        memset(k, 0, sizeof *k);
        continue;
      }
      k->seen = true;
      saw(k, tm->pos, s->turn);
    }
    revealed_seen(s, v);
  }
}

void mk_sight_update(struct murk_game* g, size_t first_event) {
  struct mk_state* s = &g->s;
  if (!mk_sight_double_blind(g)) {
    table_seen(s); /* the public events below agree with it: all is in view */
    return;
  }
  struct mk_sight_kept* K = kept_get(g);
  /* Without the NVR and outside Darkness nothing is seen beyond the range (seen_beyond),
   * gunflash or not: then the kept union answers every cell and no platoon's gunflash is
   * looked up. */
  bool beyond = beyond_ever(g);
  bool same = kept_same(K, s);
  bool same_teams[MURK_SIDES], fresh[MURK_SIDES] = {true, true};
  for (int sd = 0; sd < MURK_SIDES; sd++)
    same_teams[sd] = same && memcmp(K->teams[sd], s->teams[sd],
                                    (size_t)s->nteams[sd] * sizeof s->teams[sd][0]) == 0;
  for (int v = 0; v < MURK_SIDES; v++) {
    enum murk_side viewer = (enum murk_side)v;
    enum murk_side other = murk_side_other(viewer);
    int range = mk_sight_range(g, viewer);
    if (same && !beyond && K->by_union[v] && K->range[v] == range && kept_seen(K, s, v)) {
      if (same_teams[v] && same_teams[other]) { /* nothing it sees by changed */
        fresh[v] = false;
        continue;
      }
      const struct union_slot* u = same_teams[v] ? kept_union(g, K, v, range) : NULL;
      if (u) { /* its union is as it was: only the enemy teams that changed */
        teams_by_union(g, u, v, K->teams[other]);
        revealed_seen(s, v);
        continue;
      }
    }
    struct looker L = {g, viewer, range, NULL, -1, false, false};
    int cells[MAX_VIEWERS];
    int ncells = range < MURK_SIGHT_UNLIMITED && g->fov_rows ? viewer_cells(g, viewer, cells) : -1;
    if (ncells >= 0) L.u = union_of(g, cells, ncells, range);
    bool by_union = L.u && !beyond; /* every cell one bit of L.u */
    if (K) {
      K->by_union[v] = by_union;
      K->range[v] = range;
      K->slot[v] = L.u ? (int)(L.u - g->fov_rows->slots) : 0;
      K->gen[v] = L.u ? L.u->gen : 0; /* 0: none (a slot's gen starts at 1) */
    }
    for (int i = 0; i < s->nmarkers; i++) {
      const struct mk_marker* mk = &s->markers[i];
      struct mk_sighting* k = &s->seen_marker[v][i];
      if (mk->owner != other || !mk->on_table) {
        /* A revealed platoon's marker keeps what the side last saw of the platoon (below);
         * anything else gone (removed, withdrawn) leaves nothing to remember. */
        if (mk->owner != other || !revealed_platoon(s, i)) memset(k, 0, sizeof *k);
        continue;
      }
      /* Fog-of-War templates (seed 000: put down on the table for both players) and Limited
       * Intelligence's leader counters (seed 002, 27.1) are public wherever they stand: what
       * those rules hide is what the marker holds. Cloaking counters are seen only in
       * sight (seed 003, 1.101: beyond the NVR is out of LOS). */
      /* A counter set up hidden (seed 003, 1.2) is not seen at all until it moves. */
      k->seen = !mk->hidden &&
                (mk_marker_ops(g, i)->seen_anywhere ||
                 (by_union ? murk_geom_on_table(&g->m->grid, mk->pos) && union_has(g, L.u, mk->pos)
                           : looker_sees(&L, mk->pos, seen_beyond(g, mk->pos, false), false)));
      if (k->seen) saw(k, mk->pos, s->turn);
    }
    if (by_union) {
      teams_by_union(g, L.u, v, NULL);
      revealed_seen(s, v);
      continue;
    }
    /* Each team's platoon (the first whose teams it is among, as unit_of_team) and whether
     * that platoon fired lately, found once an update rather than once a team. */
    int team_unit[MK_MAX_TEAMS_PER_SIDE];
    signed char flashing[MK_MAX_UNITS];
    int nteams =
        s->nteams[other] < MK_MAX_TEAMS_PER_SIDE ? s->nteams[other] : MK_MAX_TEAMS_PER_SIDE;
    for (int t = 0; t < nteams; t++) team_unit[t] = -1;
    for (int u = (s->nunits[other] < MK_MAX_UNITS ? s->nunits[other] : MK_MAX_UNITS) - 1; u >= 0;
         u--) {
      const struct mk_unit_state* us = &s->units[other][u];
      flashing[u] = -1;
      for (int t = us->first_team; t < us->first_team + us->nteams; t++)
        if (t >= 0 && t < nteams) team_unit[t] = u;
    }
    for (int t = 0; t < s->nteams[other]; t++) {
      const struct mk_team* tm = &s->teams[other][t];
      struct mk_sighting* k = &s->seen_team[v][t];
      if (!tm->alive || !tm->placed) {
        memset(k, 0, sizeof *k);
        continue;
      }
      int u = t < nteams ? team_unit[t] : -1; /* the state's arrays bound both counts */
      bool known = u >= 0 && u < MK_MAX_UNITS;
      if (known && flashing[u] < 0) flashing[u] = mk_night_flashing(g, other, u);
      bool flash = known && flashing[u];
      k->seen = looker_sees(&L, tm->pos, seen_beyond(g, tm->pos, flash), flash);
      if (k->seen) saw(k, tm->pos, s->turn);
    }
    revealed_seen(s, v);
  }
  for (size_t i = first_event; i < g->nevents; i++) {
    const struct mk_event* e = mk_event_at(g, i);
    if (e->audience != MURK_AUD_ALL || !e->has_pos || e->marker <= 0) continue;
    if (e->kind == MURK_EV_DEPLOY || e->kind == MURK_EV_RESERVE || e->kind == MURK_EV_MOVE ||
        e->kind == MURK_EV_PLACE || e->kind == MURK_EV_REVEAL) {
      told(g, e);
      fresh[0] = fresh[1] = true; /* a side's sightings may have changed */
    }
    /* A public reveal shows the platoon to both sides as it is. */
    if (e->kind == MURK_EV_REVEAL) {
      int mi = mk_marker_index(s, e->marker);
      enum murk_side owner = mi >= 0 ? s->markers[mi].owner : MURK_NO_SIDE;
      if ((owner == MURK_ATTACKER || owner == MURK_DEFENDER) && revealed_platoon(s, mi))
        platoon_facts(s, mi, &s->seen_marker[murk_side_other(owner)][mi]);
    }
  }
  if (K) kept_save(K, s, same, same_teams, fresh);
}
