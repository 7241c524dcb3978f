/* los.c: line of sight and field of view (docs/rules.md "Line of sight", docs/performance.md
 * "Field of view").
 *
 * murk_los is the definition: it walks murk_geom_line and judges every step. murk_fov
 * computes the same predicate for a whole disc at once, by exact shadowcasting. Both judge
 * a step with the same function of the unordered pair {cell, alt} (step_sight, step_level).
 *
 * Why the two agree. Number the cells of the ring at distance i around the origin
 * 0 .. M*i - 1 (M = 6 sides on hexes, 8 on squares, as murk_geom_ring walks them: from the
 * corner i * dir[k] to i * dir[k + 1] along side k), and give a direction on the unit ring
 * the parameter p in [0, M), linear along each side. The target at index j of ring N lies
 * in direction p = j / N. murk_geom_line samples the point i / N of the way to it, which is
 * the point of parameter p on ring i, i.e. at "index" i * p on that ring; rounding it to
 * the nearest cell (cube rounding on hexes, per axis on squares) gives the ring-i cell of
 * index round(i * p), and a tie exactly when i * p is a half-integer, between the two ring
 * cells either side. (Along a side one coordinate is fixed at +-i, so only the position
 * along the side is rounded.) So:
 *
 *   step i of the line to direction p is ring i's cell round(i * p), or the pair of cells
 *   floor and ceil when i * p is a half-integer.
 *
 * murk_fov keeps, ring by ring, the set of directions whose steps so far all pass, as
 * pieces of [0, M) with exact rational ends, each with the hindrance and highest level of
 * its steps so far. At ring i a target j is visible when j / i lies in a piece; then every
 * piece is cut by ring i's cells (open intervals (j - 1/2, j + 1/2) / i) and tie points
 * ((j + 1/2) / i), blocked parts dropped, the rest updated. Work follows the surviving
 * pieces: what is visible and its rim, never the disc or the table. */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/geom.h"
#include "murk/los.h"
#include "murk/mission.h"

/* A class beyond blocking for cells off the table: at a tie the other cell decides, and
 * on its own it blocks. Levels off the table are the highest, for the same reason. */
#define SIGHT_OFF 3
#define LEVEL_OFF SCHAR_MAX

struct murk_sightmap {
  struct murk_grid grid;
  unsigned char* sight; /* width * height murk_sight values */
  signed char* level;   /* width * height, or NULL when flat */
};

/* ---- the sight map -------------------------------------------------------------------- */

static bool grid_ok(const struct murk_grid* g) {
  return g && (g->kind == MURK_GRID_HEX || g->kind == MURK_GRID_SQUARE) && g->width >= 1 &&
         g->height >= 1 && g->width <= MURK_LOS_MAX_CELLS && g->height <= MURK_LOS_MAX_CELLS;
}

static bool on_table(const struct murk_grid* g, int x, int y) {
  return (unsigned)x < (unsigned)g->width && (unsigned)y < (unsigned)g->height;
}

static size_t cell_index(const struct murk_grid* g, int x, int y) {
  return (size_t)y * (size_t)g->width + (size_t)x;
}

static int sightmap_alloc(const struct murk_grid* g, bool with_level, struct murk_sightmap** out) {
  size_t n = (size_t)g->width * (size_t)g->height;
  struct murk_sightmap* m = murk_calloc(1, sizeof *m);
  if (!m) return MURK_ENOMEM;
  m->grid = *g;
  m->sight = murk_malloc(n);
  m->level = with_level ? murk_malloc(n) : NULL;
  if (!m->sight || (with_level && !m->level)) {
    murk_sightmap_free(m);
    return MURK_ENOMEM;
  }
  *out = m;
  return MURK_OK;
}

int murk_sightmap_new(const struct murk_grid* grid, const unsigned char* sight,
                      const signed char* level, struct murk_sightmap** out) {
  *out = NULL;
  if (!grid_ok(grid) || !sight) return MURK_EINVAL;
  size_t n = (size_t)grid->width * (size_t)grid->height;
  for (size_t i = 0; i < n; i++) {
    if (sight[i] > MURK_SIGHT_BLOCKING) return MURK_EINVAL;
  }
  struct murk_sightmap* m;
  int rc = sightmap_alloc(grid, level != NULL, &m);
  if (rc != MURK_OK) return rc;
  memcpy(m->sight, sight, n);
  if (level) memcpy(m->level, level, n);
  *out = m;
  return MURK_OK;
}

int murk_sightmap_from_mission(const struct murk_mission* mis, struct murk_sightmap** out) {
  *out = NULL;
  if (!mis || !grid_ok(&mis->grid) || !mis->map) return MURK_EINVAL;
  size_t n = (size_t)mis->grid.width * (size_t)mis->grid.height;
  for (size_t i = 0; i < n; i++) {
    if (mis->map[i] >= mis->nterrain) return MURK_EINVAL;
    if ((unsigned)mis->terrain[mis->map[i]].sight > MURK_SIGHT_BLOCKING) return MURK_EINVAL;
  }
  struct murk_sightmap* m;
  int rc = sightmap_alloc(&mis->grid, mis->elevation != NULL, &m);
  if (rc != MURK_OK) return rc;
  for (size_t i = 0; i < n; i++) m->sight[i] = (unsigned char)mis->terrain[mis->map[i]].sight;
  if (mis->elevation) memcpy(m->level, mis->elevation, n);
  *out = m;
  return MURK_OK;
}

void murk_sightmap_free(struct murk_sightmap* m) {
  if (!m) return;
  murk_free(m->sight);
  murk_free(m->level);
  murk_free(m);
}

struct murk_grid murk_sightmap_grid(const struct murk_sightmap* m) {
  return m->grid;
}

enum murk_sight murk_sightmap_sight(const struct murk_sightmap* m, struct murk_pos p) {
  if (!on_table(&m->grid, p.x, p.y)) return MURK_SIGHT_BLOCKING;
  return (enum murk_sight)m->sight[cell_index(&m->grid, p.x, p.y)];
}

int murk_sightmap_set_sight(struct murk_sightmap* m, struct murk_pos p, enum murk_sight s) {
  if (!on_table(&m->grid, p.x, p.y) || (unsigned)s > MURK_SIGHT_BLOCKING) return MURK_EINVAL;
  m->sight[cell_index(&m->grid, p.x, p.y)] = (unsigned char)s;
  return MURK_OK;
}

int murk_sightmap_level(const struct murk_sightmap* m, struct murk_pos p) {
  if (!m->level || !on_table(&m->grid, p.x, p.y)) return 0;
  return m->level[cell_index(&m->grid, p.x, p.y)];
}

/* ---- judging one step ----------------------------------------------------------------- */

static int sight_at(const struct murk_sightmap* m, struct murk_pos p) {
  return on_table(&m->grid, p.x, p.y) ? m->sight[cell_index(&m->grid, p.x, p.y)] : SIGHT_OFF;
}

static int level_at(const struct murk_sightmap* m, struct murk_pos p) {
  if (!m->level) return 0;
  return on_table(&m->grid, p.x, p.y) ? m->level[cell_index(&m->grid, p.x, p.y)] : LEVEL_OFF;
}

static int min_int(int a, int b) {
  return a < b ? a : b;
}

static int max_int(int a, int b) {
  return a > b ? a : b;
}

/* A step is as clear as the clearer of its cells and as high as the lower: a line along
 * an edge passes unless both sides stop it. Only the unordered pair matters. */
static int step_sight(int s1, int s2) {
  return min_int(s1, s2);
}

static int step_level(int l1, int l2) {
  return min_int(l1, l2);
}

/* ---- line of sight -------------------------------------------------------------------- */

/* Longest line on the largest table: a hex distance is at most width + height / 2. */
#define LINE_CAP (MURK_LOS_MAX_CELLS + MURK_LOS_MAX_CELLS / 2 + 2)

bool murk_los(const struct murk_sightmap* m, struct murk_pos a, struct murk_pos b, int* hindrance) {
  if (hindrance) *hindrance = -1;
  if (!on_table(&m->grid, a.x, a.y) || !on_table(&m->grid, b.x, b.y)) return false;
  struct murk_line_step line[LINE_CAP];
  size_t n = murk_geom_line(&m->grid, a, b, line, LINE_CAP);
  if (n == 0 || n > LINE_CAP) return false; /* cannot happen within MURK_LOS_MAX_CELLS */
  int top = max_int(level_at(m, a), level_at(m, b));
  int count = 0;
  for (size_t i = 1; i + 1 < n; i++) {
    int s = step_sight(sight_at(m, line[i].cell), sight_at(m, line[i].alt));
    if (s >= MURK_SIGHT_BLOCKING) return false;
    if (step_level(level_at(m, line[i].cell), level_at(m, line[i].alt)) > top) return false;
    if (s == MURK_SIGHT_HINDERING) count++;
  }
  if (hindrance) *hindrance = count;
  return true;
}

/* ---- field of view -------------------------------------------------------------------- */

/* A piece of the directions still seen through: from lo_n / lo_d to hi_n / hi_d (values of
 * p in [0, M), denominators positive), each end in or out, with the hindering steps and
 * the highest step level along it so far. A single direction has lo == hi, both ends in. */
struct piece {
  int32_t lo_n, lo_d, hi_n, hi_d;
  int32_t hind;
  int8_t top; /* SCHAR_MIN: no step yet */
  uint8_t lo_in, hi_in;
};

struct fov_stamp {
  uint32_t gen;  /* the call that saw this cell */
  uint32_t slot; /* its place in the list */
};

struct murk_fov_result {
  struct murk_grid grid;
  struct fov_stamp* stamps; /* width * height */
  uint32_t gen;
  struct murk_fov_cell* cells;
  size_t count, cells_cap;
  struct piece* pieces[2]; /* this ring's and the next one's */
  size_t pieces_cap[2];
};

int murk_fov_result_new(const struct murk_sightmap* map, struct murk_fov_result** out) {
  *out = NULL;
  struct murk_fov_result* r = murk_calloc(1, sizeof *r);
  if (!r) return MURK_ENOMEM;
  r->grid = map->grid;
  r->stamps = murk_calloc((size_t)map->grid.width * (size_t)map->grid.height, sizeof *r->stamps);
  if (!r->stamps) {
    murk_free(r);
    return MURK_ENOMEM;
  }
  *out = r;
  return MURK_OK;
}

void murk_fov_result_free(struct murk_fov_result* r) {
  if (!r) return;
  murk_free(r->stamps);
  murk_free(r->cells);
  murk_free(r->pieces[0]);
  murk_free(r->pieces[1]);
  murk_free(r);
}

/* Start a new call: a new generation, so every old stamp is stale at once. */
static void next_generation(struct murk_fov_result* res) {
  res->count = 0;
  if (res->gen == UINT32_MAX) {
    /* Once every four billion calls: forget everything the honest way. */
    memset(res->stamps, 0,
           (size_t)res->grid.width * (size_t)res->grid.height * sizeof *res->stamps);
    res->gen = 0;
  }
  res->gen++;
}

/* Make room for n more entries in a growing array; capacities only ever grow, so a result
 * that has done a call allocates nothing more for a like one. */
static int reserve(void** p, size_t* cap, size_t need, size_t size) {
  if (need <= *cap) return MURK_OK;
  size_t n = *cap ? *cap : 64;
  while (n < need) n *= 2;
  void* q = murk_realloc(*p, n * size);
  if (!q) return MURK_ENOMEM;
  *p = q;
  *cap = n;
  return MURK_OK;
}

/* Report a visible cell (room was reserved). */
static inline void emit(struct murk_fov_result* res, int x, int y, int hind) {
  size_t k = res->count++;
  struct fov_stamp* s = &res->stamps[cell_index(&res->grid, x, y)];
  s->gen = res->gen;
  s->slot = (uint32_t)k;
  res->cells[k] = (struct murk_fov_cell){{x, y}, hind};
}

/* Unit direction vectors in axial coordinates, in ring order (geom.c's, counter-clockwise
 * from east); the ring of radius i runs from i * dir[k] to i * dir[k + 1] along side k. */
static const int hex_dirs[7][2] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}, {1, 0}};
static const int sq_dirs[9][2] = {{1, 0},  {1, -1}, {0, -1}, {-1, -1}, {-1, 0},
                                  {-1, 1}, {0, 1},  {1, 1},  {1, 0}};

/* Everything one call needs, copied into locals by the functions that loop. */
struct caster {
  const unsigned char* sight;
  const signed char* level; /* NULL when flat */
  int w, h;
  bool hex;
  const int (*dirs)[2];
  int sides;   /* M */
  int oq, or_; /* origin, axial */
  int origin_level;
};

/* A cell of the current ring, as the walk needs it. */
struct ring_cell {
  int sight, level;
  int x, y;
};

/* A walk along ring i, cell by cell: index k * i + t, on side k, at axial (q, r). */
struct ring_walk {
  int i, k, t, q, r;
};

static inline struct ring_cell cell_at(const struct caster* c, int q, int r) {
  struct ring_cell cell;
  cell.x = c->hex ? q + (r >= 0 ? r / 2 : 0) : q;
  cell.y = r;
  if ((unsigned)cell.x < (unsigned)c->w && (unsigned)r < (unsigned)c->h) {
    size_t idx = (size_t)r * (size_t)c->w + (size_t)cell.x;
    cell.sight = c->sight[idx];
    cell.level = c->level ? c->level[idx] : 0;
  } else {
    cell.sight = SIGHT_OFF;
    cell.level = LEVEL_OFF;
  }
  return cell;
}

/* Cell j of ring i (j may be M * i, which is cell 0 again). */
static inline struct ring_walk walk_seek(const struct caster* c, int i, int j) {
  struct ring_walk w;
  if (j >= c->sides * i) j -= c->sides * i;
  w.i = i;
  /* The side by comparison: a division costs more than these at most eight steps. */
  int k = 0;
  while (j >= (k + 1) * i) k++;
  w.k = k;
  w.t = j - k * i;
  const int* d = c->dirs[k];
  const int* e = c->dirs[k + 1];
  w.q = c->oq + i * d[0] + w.t * (e[0] - d[0]);
  w.r = c->or_ + i * d[1] + w.t * (e[1] - d[1]);
  return w;
}

/* The next cell along the ring. */
static inline void walk_step(const struct caster* c, struct ring_walk* w) {
  const int* d = c->dirs[w->k];
  const int* e = c->dirs[w->k + 1];
  w->q += e[0] - d[0];
  w->r += e[1] - d[1];
  if (++w->t == w->i) {
    w->t = 0;
    if (++w->k == c->sides) w->k = 0;
  }
}

/* The next ring's pieces, as they are made. Room was reserved. */
struct builder {
  struct piece* v;
  size_t n;
};

/* Close a part: append it, joined to the last piece when the two touch and carry the same
 * counts (two pieces of the last ring cut apart only by their counts may now agree). */
static inline void put_piece(struct builder* b, const struct piece* q) {
  if (b->n > 0) {
    struct piece* l = &b->v[b->n - 1];
    if (l->hind == q->hind && l->top == q->top && l->hi_in != q->lo_in &&
        (int64_t)l->hi_n * q->lo_d == (int64_t)q->lo_n * l->hi_d) {
      l->hi_n = q->hi_n;
      l->hi_d = q->hi_d;
      l->hi_in = q->hi_in;
      return;
    }
  }
  b->v[b->n++] = *q;
}

/* floor(a / b) for a >= 0, b > 0, in 32 bits when it fits (cheaper). */
static inline int64_t div_down(int64_t a, int64_t b) {
  if (a <= UINT32_MAX && b <= UINT32_MAX) return (int64_t)((uint32_t)a / (uint32_t)b);
  return a / b;
}

/* Ring i through one piece: report the ring's targets that lie in it, and (unless the ring
 * is the last) cut it by the ring's cells and tie points into the next ring's pieces.
 *
 * Positions along ring i are measured as X = 2 * i * p, so cell j's open interval is
 * (2j - 1, 2j + 1), its target direction X = 2j, and the tie after it X = 2j + 1: element
 * e of the ring is the interior of cell e / 2 when e is even, the tie point X = e when odd.
 * The part being built (q) stays in locals while consecutive elements with the same counts
 * extend it. */
static inline void cast_piece(const struct caster* c, struct murk_fov_result* res,
                              struct builder* b, const struct piece* p, int i, bool last) {
  const int64_t ln = 2 * (int64_t)i * p->lo_n, ld = p->lo_d; /* X at the low end: ln / ld */
  const int64_t hn = 2 * (int64_t)i * p->hi_n, hd = p->hi_d; /* X at the high end */
  const int32_t d2 = 2 * i;
  const int32_t hind = p->hind;
  const int top = p->top;
  int64_t f = div_down(ln, ld);
  int64_t e;
  if ((f & 1) && f * ld == ln) {
    e = p->lo_in ? f : f + 1; /* on a tie point: from it, or from the cell after it */
  } else {
    e = (f & 1) ? f + 1 : f; /* inside the cell around the nearest even X */
  }
  struct piece q = {0, 1, 0, 1, 0, 0, 0, 0};
  bool building = false;
  /* The cell of element e, or the one before its tie. */
  struct ring_walk rw = walk_seek(c, i, (int)(e / 2));
  struct ring_cell cell = cell_at(c, rw.q, rw.r);
  for (;; e++) {
    if (e & 1) {
      /* Tie point X = e, between the current cell and the next. */
      int64_t cmp = e * hd - hn; /* sign of e - X_hi */
      if (cmp > 0 || (cmp == 0 && !p->hi_in)) break;
      struct ring_cell before = cell;
      walk_step(c, &rw);
      cell = cell_at(c, rw.q, rw.r);
      if (last) continue;
      int s = step_sight(before.sight, cell.sight);
      int32_t h = hind + (s == MURK_SIGHT_HINDERING);
      int t = max_int(top, step_level(before.level, cell.level));
      if (s >= MURK_SIGHT_BLOCKING || !building || q.hind != h || q.top != t) {
        if (building) put_piece(b, &q);
        building = s < MURK_SIGHT_BLOCKING;
        q = (struct piece){(int32_t)e, d2, (int32_t)e, d2, h, (int8_t)t, 1, 1};
      } else {
        q.hi_n = (int32_t)e; /* the point joins the part before it */
        q.hi_d = d2;
        q.hi_in = 1;
      }
      continue;
    }
    /* Interior of the current cell e / 2: (e - 1, e + 1) cut to the piece. */
    if ((e - 1) * hd >= hn) break;   /* starts at or beyond the high end */
    bool lo_cut = (e - 1) * ld < ln; /* the piece starts inside this cell */
    bool hi_cut = (e + 1) * hd > hn; /* ...or ends inside it */
    /* The target direction X = e, if the piece holds it. */
    int64_t below = e * ld - ln, above = e * hd - hn; /* signs of e - X_lo, e - X_hi */
    bool holds = (below > 0 || (below == 0 && p->lo_in)) && (above < 0 || (above == 0 && p->hi_in));
    if (holds && cell.sight != SIGHT_OFF &&
        (!c->level || top <= max_int(c->origin_level, cell.level))) {
      emit(res, cell.x, cell.y, hind);
    }
    if (!last) {
      int s = cell.sight;
      int32_t h = hind + (s == MURK_SIGHT_HINDERING);
      int t = max_int(top, cell.level);
      int32_t hi_n = hi_cut ? p->hi_n : (int32_t)(e + 1), hi_d = hi_cut ? p->hi_d : d2;
      uint8_t hi_in = hi_cut ? p->hi_in : 0;
      if (s >= MURK_SIGHT_BLOCKING || !building || q.hind != h || q.top != t) {
        if (building) put_piece(b, &q);
        building = s < MURK_SIGHT_BLOCKING;
        q = (struct piece){lo_cut ? p->lo_n : (int32_t)(e - 1),
                           lo_cut ? p->lo_d : d2,
                           hi_n,
                           hi_d,
                           h,
                           (int8_t)t,
                           lo_cut ? p->lo_in : 0,
                           hi_in};
      } else {
        q.hi_n = hi_n;
        q.hi_d = hi_d;
        q.hi_in = hi_in;
      }
    }
    if (hi_cut) break;
  }
  if (building) put_piece(b, &q);
}

int murk_fov(const struct murk_sightmap* map, struct murk_pos origin, int radius,
             struct murk_fov_result* res) {
  next_generation(res);
  const struct murk_grid* g = &map->grid;
  if (radius < 0 || res->grid.kind != g->kind || res->grid.width != g->width ||
      res->grid.height != g->height) {
    return MURK_EINVAL;
  }
  if (!on_table(g, origin.x, origin.y)) return MURK_OK;
  struct caster c;
  c.sight = map->sight;
  c.level = map->level;
  c.w = g->width;
  c.h = g->height;
  c.hex = g->kind == MURK_GRID_HEX;
  c.dirs = c.hex ? hex_dirs : sq_dirs;
  c.sides = c.hex ? 6 : 8;
  struct murk_axial a = murk_geom_to_axial(g, origin);
  c.oq = a.q;
  c.or_ = a.r;
  c.origin_level = map->level ? map->level[cell_index(g, origin.x, origin.y)] : 0;
  int rc = reserve((void**)&res->cells, &res->cells_cap, 1, sizeof *res->cells);
  if (rc != MURK_OK) goto fail;
  emit(res, origin.x, origin.y, 0);
  /* Before ring 1 every direction is open: [0, M). */
  size_t cur = 0, ncur = 1;
  rc = reserve((void**)&res->pieces[0], &res->pieces_cap[0], 1, sizeof(struct piece));
  if (rc != MURK_OK) goto fail;
  res->pieces[0][0] = (struct piece){0, 1, c.sides, 1, 0, SCHAR_MIN, 1, 0};
  for (int i = 1; i <= radius && ncur > 0; i++) {
    bool last = i == radius;
    /* Room for the ring: at most one target per cell; at most one new piece per element
     * where something changes, plus one per piece of the last ring. */
    size_t ring = (size_t)c.sides * (size_t)i;
    rc = reserve((void**)&res->cells, &res->cells_cap, res->count + ring, sizeof *res->cells);
    if (rc == MURK_OK) {
      rc = reserve((void**)&res->pieces[cur ^ 1], &res->pieces_cap[cur ^ 1], 2 * ring + ncur + 1,
                   sizeof(struct piece));
    }
    if (rc != MURK_OK) goto fail;
    struct builder b = {res->pieces[cur ^ 1], 0};
    const struct piece* in = res->pieces[cur];
    for (size_t k = 0; k < ncur; k++) cast_piece(&c, res, &b, &in[k], i, last);
    cur ^= 1;
    ncur = b.n;
  }
  return MURK_OK;
fail:
  next_generation(res);
  return rc;
}

const struct murk_fov_cell* murk_fov_cells(const struct murk_fov_result* res, size_t* count) {
  if (count) *count = res->count;
  return res->cells;
}

static const struct fov_stamp* stamp_of(const struct murk_fov_result* res, struct murk_pos p) {
  if (!on_table(&res->grid, p.x, p.y)) return NULL;
  const struct fov_stamp* s = &res->stamps[cell_index(&res->grid, p.x, p.y)];
  return s->gen == res->gen ? s : NULL;
}

bool murk_fov_visible(const struct murk_fov_result* res, struct murk_pos p) {
  return stamp_of(res, p) != NULL;
}

int murk_fov_hindrance(const struct murk_fov_result* res, struct murk_pos p) {
  const struct fov_stamp* s = stamp_of(res, p);
  return s ? res->cells[s->slot].hindrance : -1;
}
