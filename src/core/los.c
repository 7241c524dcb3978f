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

/* One end of a piece of directions, as seen from the ring about to be cast, i: the
 * direction p is kept as its position X = 2 * i * p along that ring (see cast_piece), in
 * whole and fractional parts X = a + b / d (0 <= b < d), with the step that takes it to
 * the next ring, 2p = qa + ra / d (0 <= ra < d). Moving on a ring is then two additions
 * and a carry, and where an end falls among the ring's cells is read off a and b: the
 * walk never divides. */
struct end {
  int32_t a, b, d;
  int32_t qa, ra;
};

/* A piece of the directions still seen through: from lo to hi, each end in or out, with
 * the hindering steps and the highest step level along it so far. A single direction has
 * lo == hi, both ends in. */
struct piece {
  struct end lo, hi;
  int32_t hind;
  int8_t top; /* SCHAR_MIN: no step yet */
  uint8_t lo_in, hi_in;
};

static inline struct end end_advance(struct end e) {
  e.a += e.qa;
  e.b += e.ra;
  int carry = e.b >= e.d;
  e.b -= carry * e.d;
  e.a += carry;
  return e;
}

static inline bool end_eq(const struct end* x, const struct end* y) {
  return x->a == y->a && (int64_t)x->b * y->d == (int64_t)y->b * x->d;
}

struct fov_stamp {
  uint32_t gen;  /* the call that saw this cell */
  uint32_t slot; /* its place in the list */
};

struct murk_fov_result {
  struct murk_grid grid;
  struct fov_stamp* stamps; /* width * height, and a spare at [sink] */
  size_t sink;
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
  /* One stamp a cell, and a spare one that emit_if writes when it reports nothing. */
  r->sink = (size_t)map->grid.width * (size_t)map->grid.height;
  r->stamps = murk_calloc(r->sink + 1, sizeof *r->stamps);
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
    memset(res->stamps, 0, (res->sink + 1) * sizeof *res->stamps);
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

/* Where a call reports its cells: the result's arrays, copied into a local for the walk so
 * that its fields stay in registers (stores into the lists could otherwise alias them). */
struct emitter {
  struct fov_stamp* stamps;
  size_t sink;
  uint32_t gen;
  struct murk_fov_cell* cells;
  size_t count;
};

/* Report a cell if `seen`, without a branch on it: the list entry is written anyway and
 * counted only if seen, and the stamp goes to the spare one past the grid unless seen
 * (room was reserved for one entry past the end). */
static inline void emit_if(struct emitter* em, bool seen, size_t idx, int x, int y, int hind) {
  size_t k = em->count;
  size_t keep = (size_t)seen - 1; /* all ones when not seen: a mask, so no branch */
  struct fov_stamp* s = &em->stamps[(idx & ~keep) | (em->sink & keep)];
  s->gen = em->gen;
  s->slot = (uint32_t)k;
  em->cells[k] = (struct murk_fov_cell){{x, y}, hind};
  em->count = k + seen;
}

/* Unit direction vectors in axial coordinates, in ring order (geom.c's, counter-clockwise
 * from east); the ring of radius i runs from i * dir[k] to i * dir[k + 1] along side k. */
static const int hex_dirs[7][2] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}, {1, 0}};
static const int sq_dirs[9][2] = {{1, 0},  {1, -1}, {0, -1}, {-1, -1}, {-1, 0},
                                  {-1, 1}, {0, 1},  {1, 1},  {1, 0}};

/* Everything one call needs. */
struct caster {
  const unsigned char* sight;
  const signed char* level; /* NULL when flat */
  int w, h;
  int hexmask; /* -1 on hexes (x = q + r / 2), 0 on squares (x = q) */
  const int (*dirs)[2];
  int sides;   /* M */
  int oq, or_; /* origin, axial */
  int origin_level;
  /* The ring being cast. */
  int i;
  uint64_t inv; /* ceil(2^32 / i): n / i = (n * inv) >> 32 while n * i < 2^32 */
};

/* A cell of the current ring, as the walk needs it. */
struct ring_cell {
  int sight, level;
  int x, y;
  size_t idx; /* y * w + x when on the table */
};

/* A walk along ring i, cell by cell: cell j (counted on past M * i, which is cell 0
 * again) is index k * i + t, on side k, at axial (q, r). */
struct ring_walk {
  int j, k, t, q, r;
};

static inline struct ring_cell cell_at(const struct caster* c, int q, int r, bool elev) {
  struct ring_cell cell;
  /* x = q + floor(r / 2) on hexes; for r < 0 the cell is off the table whatever x is. */
  cell.x = q + ((r / 2) & c->hexmask);
  cell.y = r;
  if ((unsigned)cell.x < (unsigned)c->w && (unsigned)r < (unsigned)c->h) {
    cell.idx = (size_t)r * (size_t)c->w + (size_t)cell.x;
    cell.sight = c->sight[cell.idx];
    cell.level = elev ? c->level[cell.idx] : 0;
  } else {
    cell.idx = 0;
    cell.sight = SIGHT_OFF;
    cell.level = LEVEL_OFF;
  }
  return cell;
}

/* Cell j of the current ring (j may be M * i, which is cell 0 again). */
static inline struct ring_walk walk_seek(const struct caster* c, int j) {
  int i = c->i;
  struct ring_walk w;
  w.j = j;
  if (j >= c->sides * i) j -= c->sides * i;
  int k = (int)(((uint64_t)j * c->inv) >> 32); /* the side, j / i */
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
  w->j++;
  /* Round a corner without a branch (corners come at every ring, unpredictably). */
  int corner = ++w->t == c->i;
  w->t -= corner * c->i;
  w->k += corner;
  w->k -= (w->k == c->sides) * c->sides;
}

/* Positions along ring i are measured as X = 2 * i * p, so cell j's open interval is
 * (2j - 1, 2j + 1), its target direction X = 2j, and the tie after it X = 2j + 1: element
 * e of the ring is the interior of cell e / 2 when e is even, the tie point X = e when odd.
 * A piece covers elements e_lo .. e_hi, the first and last perhaps only in part. */
struct cut {
  const struct piece* p;
  int e_lo, e_hi;
  bool lo_holds, hi_holds;     /* it holds the target direction of its first (last) interior */
  struct end lo_next, hi_next; /* its own ends, moved on to the next ring */
};

/* Where piece p lies on the ring, read off its ends: X in [a, a + 1), an exact tie point
 * when b == 0 and a is odd. Arithmetic, not branches: the ends of pieces are what a branch
 * predictor cannot guess. */
static inline struct cut cut_of(const struct piece* p) {
  struct cut k;
  k.p = p;
  int a = p->lo.a, odd = a & 1, exact = p->lo.b == 0, tie = odd & exact;
  /* From the tie point itself if the piece holds it, else from the interior after a. */
  k.e_lo = a + (odd & !(tie & p->lo_in));
  k.lo_holds = odd | (exact & p->lo_in);
  a = p->hi.a;
  odd = a & 1;
  exact = p->hi.b == 0;
  tie = odd & exact;
  /* To the tie point itself if the piece holds it, else to the interior before it. */
  k.e_hi = a + odd - 2 * (tie & !p->hi_in) - (tie & p->hi_in);
  k.hi_holds = ((odd ^ 1) & ((exact ^ 1) | p->hi_in)) | tie;
  k.lo_next = end_advance(p->lo);
  k.hi_next = end_advance(p->hi);
  return k;
}

/* The end of an element at X = x on the current ring, as seen from the next one. */
static inline struct end end_at(const struct caster* c, int x) {
  /* p = x / 2i, so the step 2p is x / i, and X on ring i + 1 is x + x / i. (x is -1 only
   * for an end that put_part then does not use.) */
  x = x < 0 ? 0 : x;
  int q = (int)(((uint64_t)(unsigned)x * c->inv) >> 32);
  struct end e = {x + q, x - q * c->i, c->i, q, x - q * c->i};
  return e;
}

/* The next ring's pieces, as they are made. Room was reserved. */
struct builder {
  struct piece* v;
  size_t n;
};

/* The part of a piece from element a to element z, as a piece of the next ring: its ends
 * are the piece's own at its first (last) element, which may hold only part of it, else
 * a tie point itself or an interior's open end. (Where the piece's end is that element's
 * end anyway, both give the same direction.) Appended, or joined to the last piece when
 * the two touch and carry the same counts (neighbouring pieces of the last ring, cut apart
 * only by their counts, may now agree). */
static inline void put_part(const struct caster* c, struct builder* b, const struct cut* k, int a,
                            int z, int32_t hind, int top) {
  struct piece q;
  struct end lo = end_at(c, a - !(a & 1)), hi = end_at(c, z + !(z & 1));
  bool own_lo = a == k->e_lo, own_hi = z == k->e_hi;
  q.lo = *(own_lo ? &k->lo_next : &lo);
  q.lo_in = own_lo ? k->p->lo_in : (uint8_t)(a & 1);
  q.hi = *(own_hi ? &k->hi_next : &hi);
  q.hi_in = own_hi ? k->p->hi_in : (uint8_t)(z & 1);
  q.hind = hind;
  q.top = (int8_t)top;
  if (b->n > 0) {
    struct piece* l = &b->v[b->n - 1];
    if (l->hind == q.hind && l->top == q.top && l->hi_in != q.lo_in && end_eq(&l->hi, &q.lo)) {
      l->hi = q.hi;
      l->hi_in = q.hi_in;
      return;
    }
  }
  b->v[b->n++] = q;
}

/* To the cell of element e (the one before it, for a tie): the current cell again, or a
 * jump. */
static inline struct ring_cell walk_to(const struct caster* c, struct ring_walk* rw,
                                       const struct ring_cell* at, int e, bool elev) {
  int j = e / 2;
  if (j == rw->j) return *at;
  *rw = walk_seek(c, j);
  return cell_at(c, rw->q, rw->r, elev);
}

/* A flat table: no levels, so a step is judged by its class alone, and a tie point takes
 * the class of the clearer cell beside it. A run of elements of one class makes one piece;
 * the walk looks only for changes of class. Two elements a turn, the interior of a cell
 * and the tie point after it; a piece may start at a tie point, and enters the turn half
 * way then. */
static inline void cast_piece_flat(const struct caster* c, struct emitter* res, struct builder* b,
                                   struct ring_walk* rw, struct ring_cell* at,
                                   const struct piece* p, bool last) {
  struct cut k = cut_of(p);
  if (k.e_lo > k.e_hi) return; /* an empty piece: never made, but cheap to be sure */
  const int32_t hind = p->hind;
  struct ring_cell cell = walk_to(c, rw, at, k.e_lo, false);
  int part = -1;                /* first element of the part being built, -1: none */
  int pc = MURK_SIGHT_BLOCKING; /* its class */
  int e = k.e_lo;
  bool tie_first = e & 1;
  for (;;) {
    if (!tie_first) {
      /* Interior of the current cell, and its target direction. */
      emit_if(
          res,
          (cell.sight != SIGHT_OFF) & ((e != k.e_lo) | k.lo_holds) & ((e != k.e_hi) | k.hi_holds),
          cell.idx, cell.x, cell.y, hind);
      if (!last && cell.sight != pc) {
        if (part >= 0) put_part(c, b, &k, part, e - 1, hind + (pc == MURK_SIGHT_HINDERING), p->top);
        part = cell.sight < MURK_SIGHT_BLOCKING ? e : -1;
        pc = cell.sight;
      }
      if (e == k.e_hi) break;
      e++;
    }
    tie_first = false;
    /* Tie point: between the current cell and the next. */
    int before = cell.sight;
    walk_step(c, rw);
    cell = cell_at(c, rw->q, rw->r, false);
    int s = step_sight(before, cell.sight);
    if (!last && s != pc) {
      if (part >= 0) put_part(c, b, &k, part, e - 1, hind + (pc == MURK_SIGHT_HINDERING), p->top);
      part = s < MURK_SIGHT_BLOCKING ? e : -1;
      pc = s;
    }
    if (e == k.e_hi) break;
    e++;
  }
  if (part >= 0) put_part(c, b, &k, part, k.e_hi, hind + (pc == MURK_SIGHT_HINDERING), p->top);
  *at = cell;
}

/* Any table: levels too. Each element is judged on its own (a tie point may be lower than
 * both cells beside it, so it can differ from both). */
static inline void cast_piece(const struct caster* c, struct emitter* res, struct builder* b,
                              struct ring_walk* rw, struct ring_cell* at, const struct piece* p,
                              bool last) {
  struct cut k = cut_of(p);
  if (k.e_lo > k.e_hi) return;
  const int32_t hind = p->hind;
  const int top = p->top;
  struct ring_cell cell = walk_to(c, rw, at, k.e_lo, true);
  int part = -1; /* first element of the part being built, -1: none */
  int32_t ph = 0;
  int pt = 0;
  for (int e = k.e_lo; e <= k.e_hi; e++) {
    int s, l;
    if (e & 1) {
      /* Tie point between the current cell and the next. */
      struct ring_cell before = cell;
      walk_step(c, rw);
      cell = cell_at(c, rw->q, rw->r, true);
      if (last) continue;
      s = step_sight(before.sight, cell.sight);
      l = step_level(before.level, cell.level);
    } else {
      /* Interior of the current cell, and its target direction; a step before the target
       * blocks it if higher than both ends. */
      emit_if(res,
              (cell.sight != SIGHT_OFF) & ((e != k.e_lo) | k.lo_holds) &
                  ((e != k.e_hi) | k.hi_holds) & (top <= max_int(c->origin_level, cell.level)),
              cell.idx, cell.x, cell.y, hind);
      if (last) continue;
      s = cell.sight;
      l = cell.level;
    }
    if (s >= MURK_SIGHT_BLOCKING) {
      if (part >= 0) put_part(c, b, &k, part, e - 1, ph, pt);
      part = -1;
      continue;
    }
    int32_t h = hind + (s == MURK_SIGHT_HINDERING);
    int t = max_int(top, l);
    if (part >= 0 && (h != ph || t != pt)) {
      put_part(c, b, &k, part, e - 1, ph, pt);
      part = -1;
    }
    if (part < 0) {
      part = e;
      ph = h;
      pt = t;
    }
  }
  if (part >= 0) put_part(c, b, &k, part, k.e_hi, ph, pt);
  *at = cell;
}

/* The current ring through every piece of the last one. */
static inline size_t cast_ring(const struct caster* c, struct emitter* res, const struct piece* in,
                               size_t nin, struct piece* out, bool last, bool elev) {
  struct builder b = {out, 0};
  struct ring_walk rw = walk_seek(c, 0);
  struct ring_cell at = cell_at(c, rw.q, rw.r, elev);
  for (size_t k = 0; k < nin; k++) {
    if (elev) {
      cast_piece(c, res, &b, &rw, &at, &in[k], last);
    } else {
      cast_piece_flat(c, res, &b, &rw, &at, &in[k], last);
    }
  }
  return b.n;
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
  bool hex = g->kind == MURK_GRID_HEX;
  c.sight = map->sight;
  c.level = map->level;
  c.w = g->width;
  c.h = g->height;
  c.hexmask = hex ? -1 : 0;
  c.dirs = hex ? hex_dirs : sq_dirs;
  c.sides = hex ? 6 : 8;
  struct murk_axial a = murk_geom_to_axial(g, origin);
  c.oq = a.q;
  c.or_ = a.r;
  size_t o = cell_index(g, origin.x, origin.y);
  c.origin_level = map->level ? map->level[o] : 0;
  int rc = reserve((void**)&res->cells, &res->cells_cap, 2, sizeof *res->cells);
  if (rc != MURK_OK) goto fail;
  struct emitter em = {res->stamps, res->sink, res->gen, res->cells, 0};
  emit_if(&em, true, o, origin.x, origin.y, 0);
  /* Before ring 1 every direction is open: p in [0, M), i.e. X in [0, 2M) on ring 1. */
  size_t cur = 0, ncur = 1;
  rc = reserve((void**)&res->pieces[0], &res->pieces_cap[0], 1, sizeof(struct piece));
  if (rc != MURK_OK) goto fail;
  res->pieces[0][0] =
      (struct piece){{0, 0, 1, 0, 0}, {2 * c.sides, 0, 1, 2 * c.sides, 0}, 0, SCHAR_MIN, 1, 0};
  /* No table cell is farther than width + height (the pieces die out before that anyway);
   * the cut keeps ring numbers small for the arithmetic of end_at and walk_seek. */
  if (radius > 2 * MURK_LOS_MAX_CELLS) radius = 2 * MURK_LOS_MAX_CELLS;
  for (int i = 1; i <= radius && ncur > 0; i++) {
    /* Room for the ring: at most one target per cell (and emit_if's spare entry); a new
     * piece at most where an element follows one that did not pass or had other counts,
     * or where a piece starts. */
    size_t ring = (size_t)c.sides * (size_t)i;
    rc = reserve((void**)&res->cells, &res->cells_cap, em.count + ring + 1, sizeof *res->cells);
    if (rc == MURK_OK) {
      rc = reserve((void**)&res->pieces[cur ^ 1], &res->pieces_cap[cur ^ 1], 2 * ring + ncur + 1,
                   sizeof(struct piece));
    }
    if (rc != MURK_OK) goto fail;
    em.cells = res->cells; /* it may have moved */
    c.i = i;
    c.inv = ((UINT64_C(1) << 32) + (uint64_t)i - 1) / (uint64_t)i;
    const struct piece* in = res->pieces[cur];
    struct piece* out = res->pieces[cur ^ 1];
    if (map->level) {
      ncur = cast_ring(&c, &em, in, ncur, out, i == radius, true);
    } else {
      ncur = cast_ring(&c, &em, in, ncur, out, i == radius, false);
    }
    cur ^= 1;
  }
  res->count = em.count;
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
