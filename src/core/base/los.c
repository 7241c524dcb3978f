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
 * pieces of [0, M) with exact ends, each with the hindrance and highest level of its steps
 * so far. At ring i a target j is visible when j / i lies in a piece; then every piece is
 * cut by ring i's cells (open intervals (j - 1/2, j + 1/2) / i) and tie points
 * ((j + 1/2) / i), blocked parts dropped, the rest updated. Work follows the surviving
 * pieces: what is visible and its rim, never the disc or the table.
 *
 * On a flat table a tie point takes the class of the clearer cell beside it, so the
 * classes along a piece change only where the cells' classes change, and the walk looks at
 * cells, not at tie points: a run of cells of one class is one part, and where the class
 * changes the tie point goes with the clearer side. With heights a tie point may be lower
 * than both cells beside it, so each element is judged on its own there. */
#include <limits.h>
#include <stddef.h>
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

/* Where the cells are kept: in rows of axial coordinates (q, r) (on squares q = x; on
 * hexes q = x - floor(y / 2), so that a step along a ring side is a constant stride), with
 * a border of off-table cells all round. Every ring cell the field of view reads is the
 * table or next to it (a direction still seen through stood on the table, or on a tie
 * beside it, one ring before), so the walk never checks bounds. Index 0 is a border cell
 * no question ever reads: murk_fov writes there what it does not report. */
struct layout {
  int hex;             /* 1 on hexes */
  ptrdiff_t stride;    /* cells per row */
  ptrdiff_t off0;      /* index of q = 0, r = 0 */
  size_t size;         /* rows * stride */
  uint64_t inv_stride; /* ceil(2^40 / stride): u / stride = (u * inv_stride) >> 40, u < 2^22 */
};

struct murk_sightmap {
  struct murk_grid grid;
  struct layout lay;
  unsigned char* sight; /* lay.size murk_sight values, SIGHT_OFF off the table */
  signed char* level;   /* lay.size levels (LEVEL_OFF off the table), or NULL when flat */
  size_t nhind;         /* hindering cells: none lets murk_fov take its quickest walk */
};

/* ---- the sight map -------------------------------------------------------------------- */

static bool grid_ok(const struct murk_grid* g) {
  return g && (g->kind == MURK_GRID_HEX || g->kind == MURK_GRID_SQUARE) && g->width >= 1 &&
         g->height >= 1 && g->width <= MURK_LOS_MAX_CELLS && g->height <= MURK_LOS_MAX_CELLS;
}

static bool on_table(const struct murk_grid* g, int x, int y) {
  return (unsigned)x < (unsigned)g->width && (unsigned)y < (unsigned)g->height;
}

static struct layout layout_of(const struct murk_grid* g) {
  struct layout l;
  l.hex = g->kind == MURK_GRID_HEX;
  /* Rows -1 .. h. On hexes row r holds x = -1 .. w at q = x - floor(r / 2): from
   * -1 - floor(h / 2) (row h) to w + 1 (row -1). */
  ptrdiff_t qmin = l.hex ? -1 - g->height / 2 : -1;
  ptrdiff_t qmax = l.hex ? g->width + 1 : g->width;
  l.stride = qmax - qmin + 1;
  l.off0 = l.stride - qmin;
  l.size = (size_t)l.stride * (size_t)(g->height + 2);
  l.inv_stride = ((UINT64_C(1) << 40) + (uint64_t)l.stride - 1) / (uint64_t)l.stride;
  return l;
}

/* The index of a cell on the table. */
static size_t cell_index(const struct layout* l, int x, int y) {
  int q = x - (l->hex ? y / 2 : 0);
  return (size_t)(l->off0 + (ptrdiff_t)y * l->stride + q);
}

static int sightmap_alloc(const struct murk_grid* g, bool with_level, struct murk_sightmap** out) {
  struct murk_sightmap* m = murk_calloc(1, sizeof *m);
  if (!m) return MURK_ENOMEM;
  m->grid = *g;
  m->lay = layout_of(g);
  m->sight = murk_malloc(m->lay.size);
  m->level = with_level ? murk_malloc(m->lay.size) : NULL;
  if (!m->sight || (with_level && !m->level)) {
    murk_sightmap_free(m);
    return MURK_ENOMEM;
  }
  memset(m->sight, SIGHT_OFF, m->lay.size);
  if (m->level) memset(m->level, LEVEL_OFF, m->lay.size);
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
  for (int y = 0; y < grid->height; y++) {
    size_t row = (size_t)y * (size_t)grid->width, at = cell_index(&m->lay, 0, y);
    memcpy(m->sight + at, sight + row, (size_t)grid->width);
    if (level) memcpy(m->level + at, level + row, (size_t)grid->width);
  }
  for (size_t i = 0; i < n; i++) m->nhind += sight[i] == MURK_SIGHT_HINDERING;
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
  for (int y = 0; y < mis->grid.height; y++) {
    for (int x = 0; x < mis->grid.width; x++) {
      size_t i = (size_t)y * (size_t)mis->grid.width + (size_t)x, at = cell_index(&m->lay, x, y);
      m->sight[at] = (unsigned char)mis->terrain[mis->map[i]].sight;
      m->nhind += m->sight[at] == MURK_SIGHT_HINDERING;
      if (mis->elevation) m->level[at] = mis->elevation[i];
    }
  }
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
  return (enum murk_sight)m->sight[cell_index(&m->lay, p.x, p.y)];
}

int murk_sightmap_set_sight(struct murk_sightmap* m, struct murk_pos p, enum murk_sight s) {
  if (!on_table(&m->grid, p.x, p.y) || (unsigned)s > MURK_SIGHT_BLOCKING) return MURK_EINVAL;
  unsigned char* c = &m->sight[cell_index(&m->lay, p.x, p.y)];
  m->nhind -= (size_t)(*c == MURK_SIGHT_HINDERING);
  m->nhind += (size_t)(s == MURK_SIGHT_HINDERING);
  *c = (unsigned char)s;
  return MURK_OK;
}

int murk_sightmap_level(const struct murk_sightmap* m, struct murk_pos p) {
  if (!m->level || !on_table(&m->grid, p.x, p.y)) return 0;
  return m->level[cell_index(&m->lay, p.x, p.y)];
}

/* ---- judging one step ----------------------------------------------------------------- */

static int sight_at(const struct murk_sightmap* m, struct murk_pos p) {
  return on_table(&m->grid, p.x, p.y) ? m->sight[cell_index(&m->lay, p.x, p.y)] : SIGHT_OFF;
}

static int level_at(const struct murk_sightmap* m, struct murk_pos p) {
  if (!m->level) return 0;
  return on_table(&m->grid, p.x, p.y) ? m->level[cell_index(&m->lay, p.x, p.y)] : LEVEL_OFF;
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

/* Positions along ring i are measured as X = 2 * i * p, so cell j's open interval is
 * (2j - 1, 2j + 1), its target direction X = 2j, and the tie after it X = 2j + 1: element
 * e of the ring is the interior of cell e / 2 when e is even, the tie point X = e when odd.
 *
 * Every end of a piece is a direction p = x / 2d, made at ring d from an element boundary
 * x (or 0 and 2M for the first piece); on ring n it lies at X = n * x / d. It is kept as a
 * fixed-point number with POS_SHIFT fractional bits, rounded up once when made (x times
 * ceil(2^POS_SHIFT / d)) and moved to the next ring by one addition. With rings below
 * RING_CAP = 2000, X < 2^15 and the rounding error stays below n * x < 2^26, while a
 * position that is not a whole number is at least 2^POS_SHIFT / d > 2^35 away from one: so
 * the whole part is always exact, and a fraction below POS_BAND means "exactly on a whole
 * number". An end that excludes its direction is moved by POS_EPS, inwards, so that the
 * walk never needs to know whether an end is in or out: an "out" end is never exact (and
 * POS_EPS + POS_BAND < 2^35 keeps it on the right side of every other position). */
#define POS_SHIFT 46
#define POS_ONE (UINT64_C(1) << POS_SHIFT)
#define POS_FRAC (POS_ONE - 1)
#define POS_BAND (UINT64_C(1) << 28)
#define POS_EPS (UINT64_C(1) << 29)
#define RING_CAP (2 * MURK_LOS_MAX_CELLS)

struct end {
  uint64_t at;   /* X on the ring being cast */
  uint64_t step; /* what X gains from ring to ring */
};

/* A piece of the directions still seen through, from lo to hi, with the hindering steps
 * and the highest step level along it so far (SCHAR_MIN: no step yet). */
struct piece {
  struct end lo, hi;
  int32_t hind;
  int32_t top;
};

struct murk_fov_result {
  struct murk_grid grid;
  struct layout lay;
  /* Per cell (in the sight map's layout), the place in the list it had when last
   * reported. A cell is in the field of view when its place is below count and the list
   * names it there: stale places need no clearing. */
  uint32_t* slots;
  struct murk_fov_cell* cells;
  size_t count, cells_cap;
  struct piece* pieces[2]; /* this ring's and the next one's */
  size_t pieces_cap[2];
  /* The cells of rings 1 .. ntab as offsets of index from the origin (the same for every
   * origin, in this layout), made as calls first reach them, up to TAB_RINGS; farther
   * rings are made per call in `far`. */
  int32_t* tab;
  size_t tab_cap;
  int ntab;
  int32_t* far;
  size_t far_cap;
};

int murk_fov_result_new(const struct murk_sightmap* map, struct murk_fov_result** out) {
  *out = NULL;
  struct murk_fov_result* r = murk_calloc(1, sizeof *r);
  if (!r) return MURK_ENOMEM;
  r->grid = map->grid;
  r->lay = map->lay;
  r->slots = murk_calloc(r->lay.size, sizeof *r->slots);
  if (!r->slots) {
    murk_free(r);
    return MURK_ENOMEM;
  }
  *out = r;
  return MURK_OK;
}

void murk_fov_result_free(struct murk_fov_result* r) {
  if (!r) return;
  murk_free(r->slots);
  murk_free(r->cells);
  murk_free(r->pieces[0]);
  murk_free(r->pieces[1]);
  murk_free(r->tab);
  murk_free(r->far);
  murk_free(r);
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

/* The walk's helpers must be inlined into it, each copy specialised (flat or with levels,
 * last ring or not): as calls with run-time flags they cost as much again. */
#if defined(__GNUC__)
#define WALK_FN static inline __attribute__((always_inline))
#else
#define WALK_FN static inline
#endif

/* Unit direction vectors in axial coordinates, in ring order (geom.c's, counter-clockwise
 * from east); the ring of radius i runs from i * dir[k] to i * dir[k + 1] along side k. */
static const int hex_dirs[7][2] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}, {1, 0}};
static const int sq_dirs[9][2] = {{1, 0},  {1, -1}, {0, -1}, {-1, -1}, {-1, 0},
                                  {-1, 1}, {0, 1},  {1, 1},  {1, 0}};

/* Rings kept in a result's table: 66,000 offsets (264 KB) on squares. */
#define TAB_RINGS 128

/* Where ring i begins in the table: rings 1 .. i - 1 take M * k + 1 offsets each. */
static size_t ring_start(int sides, int i) {
  return (size_t)sides * (size_t)i * (size_t)(i - 1) / 2 + (size_t)(i - 1);
}

/* The cells of ring i, j = 0 .. M * i (the last is cell 0 again, which a piece may reach
 * from the end of the ring), as offsets of index from the origin: cell j = k * i + t lies
 * on side k at i * dir[k] + t * (dir[k + 1] - dir[k]). */
static void fill_ring(int32_t* t, const struct layout* lay, int i) {
  const int(*dirs)[2] = lay->hex ? hex_dirs : sq_dirs;
  int sides = lay->hex ? 6 : 8, j = 0;
  for (int k = 0; k < sides; k++) {
    int dq = dirs[k + 1][0] - dirs[k][0], dr = dirs[k + 1][1] - dirs[k][1];
    for (int s = 0; s < i; s++) {
      int q = i * dirs[k][0] + s * dq, r = i * dirs[k][1] + s * dr;
      t[j++] = (int32_t)((ptrdiff_t)r * lay->stride + q);
    }
  }
  t[j] = t[0];
}

/* Everything one call needs. */
struct caster {
  const unsigned char* sight; /* at the origin: indexed by offsets */
  const signed char* level;   /* the same, or NULL when flat */
  ptrdiff_t oidx;             /* the origin's index */
  int origin_level;
  /* The ring being cast. */
  int i;
  uint64_t invx;      /* ceil(2^POS_SHIFT / i): an end made on this ring */
  const int32_t* tab; /* its cells */
};

/* Which elements a piece covers on the current ring, read off its ends: e_lo .. e_hi, the
 * first and last perhaps only in part, and whether it holds the target direction of its
 * first and last interior. Arithmetic, not branches: the ends of pieces are what a branch
 * predictor cannot guess. */
struct cut {
  int e_lo, e_hi;
  int lo_holds, hi_holds;
};

WALK_FN struct cut cut_of(const struct piece* p) {
  struct cut k;
  int a = (int)(p->lo.at >> POS_SHIFT), odd = a & 1, exact = (p->lo.at & POS_FRAC) < POS_BAND;
  /* On a tie point (odd, exact) from there, else from the interior that holds the end. */
  k.e_lo = a + (odd & !exact);
  k.lo_holds = odd | exact;
  a = (int)(p->hi.at >> POS_SHIFT);
  odd = a & 1;
  exact = (p->hi.at & POS_FRAC) < POS_BAND;
  /* Past a tie point (odd, not exact) into the next interior, short of its target. */
  k.e_hi = a + (odd & !exact);
  k.hi_holds = !(odd & !exact);
  return k;
}

/* The same for a flat table, in cells: the cell lending its class to the first element
 * (c0: the one before a tie point the piece starts on), the first and last cells whose
 * interior it covers (jf, jl), the cell after a tie point it ends on (c1, else jl), and the
 * cells whose target direction it holds (ea .. eb). Each is the end's position over two,
 * rounded up or down, with exact positions (a fraction below POS_BAND) taken as whole:
 * one addition and one shift. */
struct span {
  int c0, jf, jl, c1;
  int ea;
  unsigned held; /* eb - ea + 1: cell j is held when (unsigned)(j - ea) < held */
};

WALK_FN struct span span_of(const struct piece* p) {
  uint64_t lo = p->lo.at, hi = p->hi.at;
  struct span k;
  k.c0 = (int)((lo + POS_ONE - POS_BAND) >> (POS_SHIFT + 1));     /* ceil((X - 1) / 2) */
  k.jf = (int)((lo + POS_ONE) >> (POS_SHIFT + 1));                /* floor((X + 1) / 2) */
  k.ea = (int)((lo + 2 * POS_ONE - POS_BAND) >> (POS_SHIFT + 1)); /* ceil(X / 2) */
  k.jl = (int)((hi + POS_ONE - POS_BAND) >> (POS_SHIFT + 1));     /* ceil((X - 1) / 2) */
  k.c1 = (int)((hi + POS_ONE) >> (POS_SHIFT + 1));                /* floor((X + 1) / 2) */
  int eb = (int)(hi >> (POS_SHIFT + 1));                          /* floor(X / 2) */
  /* Zero when no target is held (a piece within one cell, short of its centre): a piece
   * is never empty, so ea <= eb + 1. */
  k.held = (unsigned)(eb - k.ea + 1);
  return k;
}

/* The end at the element boundary X = x of the current ring, as seen from the next one;
 * `in` when the piece holds the direction x itself, else moved inwards: up for a low end,
 * down for a high one. */
WALK_FN struct end end_lo(const struct caster* c, int x, bool in) {
  uint64_t step = (uint64_t)x * c->invx;
  return (struct end){((uint64_t)x << POS_SHIFT) + step + (in ? 0 : POS_EPS), step};
}

WALK_FN struct end end_hi(const struct caster* c, int x, bool in) {
  uint64_t step = (uint64_t)x * c->invx;
  return (struct end){((uint64_t)x << POS_SHIFT) + step - (in ? 0 : POS_EPS), step};
}

WALK_FN struct end end_next(struct end e) {
  return (struct end){e.at + e.step, e.step};
}

/* The next ring's pieces, as they are made. Room was reserved. */
struct builder {
  struct piece* v;
  size_t n;
};

/* Append a piece, or join it to the last one when the two touch (one holds the direction
 * where the other stops short: their ends lie POS_EPS apart, give or take the rounding)
 * and carry the same counts: neighbouring pieces, cut apart only by their counts, may come
 * to agree. */
WALK_FN void put(struct builder* b, struct end lo, struct end hi, int32_t hind, int top) {
  if (b->n > 0) {
    struct piece* l = &b->v[b->n - 1];
    if (l->hind == hind && l->top == top &&
        lo.at - l->hi.at - (POS_EPS - POS_BAND) < 2 * POS_BAND) {
      l->hi = hi;
      return;
    }
  }
  b->v[b->n++] = (struct piece){lo, hi, hind, top};
}

/* Where a call reports its cells: the result's arrays, copied into a local for the walk so
 * that its fields stay in registers. */
struct emitter {
  struct murk_fov_cell* cells;
  size_t count;
};

/* Report a cell: the list entry is written, and counted if `seen` (room was reserved for
 * one entry past the end). No branch: what is seen is what a predictor cannot guess. The
 * entry holds the cell's index for now (in at.x): list_positions makes it a position, and
 * gives the cell its slot, at the end, so that the walk carries one number per cell, not
 * three, and writes slots only for the cells it reports. */
WALK_FN void emit_if(struct emitter* em, bool seen, ptrdiff_t idx, int hind) {
  size_t k = em->count;
  em->cells[k].at.x = (int)idx;
  em->cells[k].hindrance = hind;
  em->count = k + seen;
}

/* A flat table: no levels, so a step is judged by its class alone. Along the piece the
 * classes change only where the cells' classes do, at the tie point x between two cells,
 * and that tie point goes with the clearer of the two. Close the part of class *prev
 * there and open one of class s.
 *
 * With no hindering cell on the table (`binary`) a step passes or not, every piece carries
 * the same counts, so pieces never touch (they part only where something blocks) and never
 * join, and the tie point goes with the clear side, so both ends made here hold it: the
 * part is written anyway and counted only if it passed, without a branch. */
WALK_FN void flat_change(const struct caster* c, struct builder* b, struct end* part_lo, int* prev,
                         int s, int x, int32_t hind, bool binary) {
  if (binary) {
    struct end e = end_hi(c, x, true);
    b->v[b->n] = (struct piece){*part_lo, e, hind, SCHAR_MIN};
    b->n += *prev < MURK_SIGHT_BLOCKING;
    *part_lo = e;
    *prev = s;
    return;
  }
  bool tie_to_prev = *prev < s;
  if (*prev < MURK_SIGHT_BLOCKING) {
    put(b, *part_lo, end_hi(c, x, tie_to_prev), hind + (*prev == MURK_SIGHT_HINDERING), SCHAR_MIN);
  }
  *part_lo = end_lo(c, x, !tie_to_prev);
  *prev = s;
}

/* Cell j of a piece on a flat table: its class against the part's, and its report. */
WALK_FN void flat_cell(const struct caster* c, struct emitter* em, struct builder* b,
                       const struct span* k, int j, int* prev, struct end* part_lo, int32_t hind,
                       bool last, bool binary) {
  int32_t off = c->tab[j];
  int s = c->sight[off];
  if (!last && s != *prev) flat_change(c, b, part_lo, prev, s, 2 * j - 1, hind, binary);
  emit_if(em, ((unsigned)(j - k->ea) < k->held) & (s != SIGHT_OFF), c->oidx + off, hind);
}

/* One piece through the current ring of a flat table: the cells it covers are reported
 * (those whose target direction it holds), and the parts of it that pass go to the next
 * ring. If it starts on a tie point, the cell before the tie only lends its class to it
 * (the first part's class is the clearer of the two); if it ends on one, so does the cell
 * after. No branch on where the piece starts or ends. */
WALK_FN void cast_piece_flat(const struct caster* c, struct emitter* em, struct builder* b,
                             const struct piece* p, bool last, bool binary) {
  struct span k = span_of(p);
  const unsigned char* sight = c->sight;
  const int32_t* tab = c->tab;
  const int32_t hind = p->hind;
  int prev = step_sight(sight[tab[k.c0]], sight[tab[k.jf]]); /* the part's class */
  struct end part_lo = end_next(p->lo);
  for (int j = k.jf; j <= k.jl; j++) {
    flat_cell(c, em, b, &k, j, &prev, &part_lo, hind, last, binary);
  }
  if (last) return;
  /* The tie point at the end, if the piece ends on one (else the last cell again, which
   * changes nothing). */
  int s = step_sight(sight[tab[k.c1]], prev);
  if (s != prev) flat_change(c, b, &part_lo, &prev, s, 2 * k.jl + 1, hind, binary);
  if (binary) {
    b->v[b->n] = (struct piece){part_lo, end_next(p->hi), hind, SCHAR_MIN};
    b->n += prev < MURK_SIGHT_BLOCKING;
  } else if (prev < MURK_SIGHT_BLOCKING) {
    put(b, part_lo, end_next(p->hi), hind + (prev == MURK_SIGHT_HINDERING), SCHAR_MIN);
  }
}

/* Any table: levels too. Each element is judged on its own (a tie point may be lower than
 * both cells beside it, so it can differ from both). A part runs while its elements pass
 * with the same counts; between elements e - 1 and e the boundary is the tie point
 * (e - 1) | 1, which belongs to whichever of the two is the tie. */
WALK_FN void cast_piece(const struct caster* c, struct emitter* em, struct builder* b,
                        const struct piece* p, bool last) {
  struct cut k = cut_of(p);
  const int32_t hind = p->hind;
  const int top = p->top;
  int j = k.e_lo >> 1;
  int32_t off = c->tab[j];
  int cs = c->sight[off], cl = c->level[off];
  bool open = false; /* a part is being built */
  struct end part_lo = {0, 0};
  int32_t ph = 0;
  int pt = 0;
  for (int e = k.e_lo; e <= k.e_hi; e++) {
    int s, l;
    if (e & 1) {
      /* Tie point between the current cell and the next. */
      off = c->tab[++j];
      int ns = c->sight[off], nl = c->level[off];
      s = step_sight(cs, ns);
      l = step_level(cl, nl);
      cs = ns;
      cl = nl;
      if (last) continue;
    } else {
      /* Interior of the current cell, and its target direction; a step before the target
       * blocks it if higher than both ends. */
      s = cs;
      l = cl;
      emit_if(em,
              (s != SIGHT_OFF) & ((e != k.e_lo) | k.lo_holds) & ((e != k.e_hi) | k.hi_holds) &
                  (top <= max_int(c->origin_level, l)),
              c->oidx + off, hind);
      if (last) continue;
    }
    bool pass = s < MURK_SIGHT_BLOCKING;
    int32_t h = hind + (s == MURK_SIGHT_HINDERING);
    int t = max_int(top, l);
    if (open && pass && h == ph && t == pt) continue;
    int x = (e - 1) | 1;
    if (open) put(b, part_lo, end_hi(c, x, !(e & 1)), ph, pt);
    open = pass;
    if (pass) {
      part_lo = e == k.e_lo ? end_next(p->lo) : end_lo(c, x, e & 1);
      ph = h;
      pt = t;
    }
  }
  if (open) put(b, part_lo, end_next(p->hi), ph, pt);
}

/* The current ring through every piece of the last one. */
WALK_FN size_t cast_ring(const struct caster* c, struct emitter* em, const struct piece* in,
                         size_t nin, struct piece* out, bool last, bool elev, bool binary) {
  struct emitter e = *em;
  struct builder b = {out, 0};
  for (size_t k = 0; k < nin; k++) {
    if (elev) {
      cast_piece(c, &e, &b, &in[k], last);
    } else {
      cast_piece_flat(c, &e, &b, &in[k], last, binary);
    }
  }
  *em = e;
  return b.n;
}

/* Cells j0 .. j1 of ring i (0 <= j0 <= j1 <= M * i), as fill_ring makes them. */
static void fill_ring_part(int32_t* t, const struct layout* lay, int i, int j0, int j1) {
  const int(*dirs)[2] = lay->hex ? hex_dirs : sq_dirs;
  int sides = lay->hex ? 6 : 8;
  for (int j = j0; j <= j1; j++) {
    int k = j / i, s = j % i;
    if (k == sides) k = 0; /* j = M * i: cell 0 again */
    int dq = dirs[k + 1][0] - dirs[k][0], dr = dirs[k + 1][1] - dirs[k][1];
    int q = i * dirs[k][0] + s * dq, r = i * dirs[k][1] + s * dr;
    t[j] = (int32_t)((ptrdiff_t)r * lay->stride + q);
  }
}

/* The cells of ring i: from the result's table (made now if no call reached ring i
 * before; calls reach rings in order), or, beyond TAB_RINGS, made in `far` for the cells
 * the pieces that reach ring i can read (making the whole ring cost a call on a
 * big table as much as the whole disc, for the few directions still open that far). A
 * piece from X = lo to hi reads cells floor(lo / 2) - 1 .. floor(hi / 2) + 1 at most
 * (span_of, cut_of). NULL when out of memory. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static const int32_t*
far_ring(struct murk_fov_result* res, int sides, int i, const struct piece* in, size_t nin) {
  size_t n = (size_t)sides * (size_t)i + 1;
  if (reserve((void**)&res->far, &res->far_cap, n, sizeof *res->far) != MURK_OK) return NULL;
  int last = sides * i;
  for (size_t k = 0; k < nin; k++) {
    int j0 = (int)(in[k].lo.at >> (POS_SHIFT + 1)) - 1;
    int j1 = (int)(in[k].hi.at >> (POS_SHIFT + 1)) + 1;
    fill_ring_part(res->far, &res->lay, i, j0 < 0 ? 0 : j0, j1 > last ? last : j1);
  }
  return res->far;
}

static const int32_t* ring_cells(struct murk_fov_result* res, int sides, int i,
                                 const struct piece* in, size_t nin) {
  if (i > TAB_RINGS) return far_ring(res, sides, i, in, nin);
  size_t n = (size_t)sides * (size_t)i + 1;
  size_t start = ring_start(sides, i);
  if (i > res->ntab) {
    if (reserve((void**)&res->tab, &res->tab_cap, start + n, sizeof *res->tab) != MURK_OK) {
      return NULL;
    }
    fill_ring(res->tab + start, &res->lay, i);
    res->ntab = i;
  }
  return res->tab + start;
}

static int fov_rings(const struct murk_sightmap* map, struct caster* c, int radius,
                     struct murk_fov_result* res, struct emitter* em) {
  bool elev = map->level != NULL;
  int sides = map->lay.hex ? 6 : 8;
  /* Before ring 1 every direction is open: p in [0, M), i.e. X in [0, 2M) on ring 1. */
  size_t cur = 0, ncur = 1;
  int rc = reserve((void**)&res->pieces[0], &res->pieces_cap[0], 1, sizeof(struct piece));
  if (rc != MURK_OK) return rc;
  uint64_t full = (uint64_t)(2 * sides) << POS_SHIFT;
  res->pieces[0][0] = (struct piece){{0, 0}, {full - POS_EPS, full}, 0, SCHAR_MIN};
  for (int i = 1; i <= radius && ncur > 0; i++) {
    /* Room for the ring: at most one target per cell (and emit_if's spare entry); a new
     * piece at most where an element follows one that did not pass or had other counts,
     * or where a piece starts (and the spare piece cast_piece_binary writes). */
    size_t ring = (size_t)sides * (size_t)i;
    rc = reserve((void**)&res->cells, &res->cells_cap, em->count + ring + 1, sizeof *res->cells);
    if (rc == MURK_OK) {
      rc = reserve((void**)&res->pieces[cur ^ 1], &res->pieces_cap[cur ^ 1], 2 * ring + ncur + 1,
                   sizeof(struct piece));
    }
    if (rc != MURK_OK) return rc;
    /* The pieces are those of ring i - 1, at their places on ring i. */
    c->tab = ring_cells(res, sides, i, res->pieces[cur], ncur);
    if (!c->tab) return MURK_ENOMEM;
    em->cells = res->cells; /* it may have moved */
    c->i = i;
    c->invx = ((UINT64_C(1) << POS_SHIFT) + (uint64_t)i - 1) / (uint64_t)i;
    const struct piece* in = res->pieces[cur];
    struct piece* out = res->pieces[cur ^ 1];
    bool last = i == radius;
    /* One copy of the walk per kind of table, so that none of these tests is in it. (The
     * layout makes hexes and squares alike to the walk.) */
    if (elev) {
      ncur = cast_ring(c, em, in, ncur, out, last, true, false);
    } else if (last) {
      ncur = cast_ring(c, em, in, ncur, out, true, false, false);
    } else if (map->nhind == 0) {
      ncur = cast_ring(c, em, in, ncur, out, false, false, true);
    } else {
      ncur = cast_ring(c, em, in, ncur, out, false, false, false);
    }
    cur ^= 1;
  }
  return MURK_OK;
}

/* The listed cells' indices made positions: row r = u / stride and q = u % stride + qmin
 * for u = idx - stride (off0 + qmin = stride), the division by a multiplication; and each
 * cell's slot set to its place. */
static void list_positions(const struct layout* lay, struct murk_fov_cell* cells, size_t n,
                           uint32_t* slots) {
  uint64_t inv = lay->inv_stride;
  ptrdiff_t stride = lay->stride, qmin = lay->stride - lay->off0;
  int hex = lay->hex;
  for (size_t k = 0; k < n; k++) {
    slots[cells[k].at.x] = (uint32_t)k;
    uint64_t u = (uint64_t)(cells[k].at.x - stride);
    int r = (int)((u * inv) >> 40);
    int q = (int)((ptrdiff_t)u - (ptrdiff_t)r * stride + qmin);
    cells[k].at.x = q + (hex ? r / 2 : 0);
    cells[k].at.y = r;
  }
}

int murk_fov(const struct murk_sightmap* map, struct murk_pos origin, int radius,
             struct murk_fov_result* res) {
  res->count = 0;
  const struct murk_grid* g = &map->grid;
  if (radius < 0 || res->grid.kind != g->kind || res->grid.width != g->width ||
      res->grid.height != g->height) {
    return MURK_EINVAL;
  }
  if (!on_table(g, origin.x, origin.y)) return MURK_OK;
  size_t o = cell_index(&map->lay, origin.x, origin.y);
  struct caster c;
  c.oidx = (ptrdiff_t)o;
  c.sight = map->sight + o;
  c.level = map->level ? map->level + o : NULL;
  c.origin_level = map->level ? map->level[o] : 0;
  int rc = reserve((void**)&res->cells, &res->cells_cap, 2, sizeof *res->cells);
  if (rc != MURK_OK) return rc;
  struct emitter em = {res->cells, 0};
  emit_if(&em, true, (ptrdiff_t)o, 0);
  /* No table cell is farther than width + height (the pieces die out before that anyway);
   * the cut keeps ring numbers within what the fixed-point ends allow (RING_CAP). */
  if (radius > RING_CAP) radius = RING_CAP;
  rc = fov_rings(map, &c, radius, res, &em);
  if (rc != MURK_OK) return rc;
  list_positions(&map->lay, res->cells, em.count, res->slots);
  res->count = em.count;
  return MURK_OK;
}

const struct murk_fov_cell* murk_fov_cells(const struct murk_fov_result* res, size_t* count) {
  if (count) *count = res->count;
  return res->cells;
}

static const struct murk_fov_cell* cell_of(const struct murk_fov_result* res, struct murk_pos p) {
  if (!on_table(&res->grid, p.x, p.y)) return NULL;
  uint32_t k = res->slots[cell_index(&res->lay, p.x, p.y)];
  if (k >= res->count) return NULL;
  const struct murk_fov_cell* c = &res->cells[k];
  return c->at.x == p.x && c->at.y == p.y ? c : NULL;
}

bool murk_fov_visible(const struct murk_fov_result* res, struct murk_pos p) {
  return cell_of(res, p) != NULL;
}

int murk_fov_hindrance(const struct murk_fov_result* res, struct murk_pos p) {
  const struct murk_fov_cell* c = cell_of(res, p);
  return c ? c->hindrance : -1;
}
