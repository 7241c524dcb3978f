/* geom.c: the table's grid (docs/geometry.md): odd-r hexes or squares, distances, rings,
 * lines, and lengths with units.
 *
 * Everything is integer arithmetic, in int64_t inside so that no sum of two coordinates
 * can overflow. Hex maths works in axial (q, r) / cube (q, r, s = -q - r) coordinates;
 * on a square grid "axial" is (x, y) itself, which lets the ring walk serve both grids. */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "murk/error.h"
#include "murk/geom.h"

/* Direction vectors in axial coordinates (r grows downwards, towards the bottom edge). */
static const int hex_dirs[6][2] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}};
static const int sq_dirs[8][2] = {{1, 0},  {1, -1}, {0, -1}, {-1, -1},
                                  {-1, 0}, {-1, 1}, {0, 1},  {1, 1}};

static bool is_square(const struct murk_grid* g) {
  return g->kind == MURK_GRID_SQUARE;
}

static int ndirs(const struct murk_grid* g) {
  return is_square(g) ? 8 : 6;
}

static const int* dir_vec(const struct murk_grid* g, int dir) {
  return is_square(g) ? sq_dirs[dir] : hex_dirs[dir];
}

static int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) q--;
  return q;
}

/* floor(v / 2) without a division: the numerator made even divides exactly (distances are
 * asked millions of times a game). */
static int64_t half_floor(int64_t v) {
  return (v - (v & 1)) / 2;
}

static int64_t abs64(int64_t v) {
  return v < 0 ? -v : v;
}

static int64_t max64(int64_t a, int64_t b) {
  return a > b ? a : b;
}

static int64_t min64(int64_t a, int64_t b) {
  return a < b ? a : b;
}

static int sat_int(int64_t v) {
  if (v > INT_MAX) return INT_MAX;
  if (v < INT_MIN) return INT_MIN;
  return (int)v;
}

/* Offset -> axial. Odd-r: the half-hex shift of odd rows is undone by floor(y / 2). */
static void ax_of(const struct murk_grid* g, int64_t x, int64_t y, int64_t* q, int64_t* r) {
  *q = is_square(g) ? x : x - half_floor(y);
  *r = y;
}

static void off_of(const struct murk_grid* g, int64_t q, int64_t r, int64_t* x, int64_t* y) {
  *x = is_square(g) ? q : q + half_floor(r);
  *y = r;
}

static int64_t dist_ax(const struct murk_grid* g, int64_t dq, int64_t dr) {
  if (is_square(g)) return max64(abs64(dq), abs64(dr));
  return max64(max64(abs64(dq), abs64(dr)), abs64(dq + dr));
}

static int64_t dist_off(const struct murk_grid* g, int64_t ax, int64_t ay, int64_t bx, int64_t by) {
  int64_t aq, ar, bq, br;
  ax_of(g, ax, ay, &aq, &ar);
  ax_of(g, bx, by, &bq, &br);
  return dist_ax(g, bq - aq, br - ar);
}

static bool on_table64(const struct murk_grid* g, int64_t x, int64_t y) {
  return x >= 0 && y >= 0 && x < g->width && y < g->height;
}

bool murk_geom_on_table(const struct murk_grid* g, struct murk_pos p) {
  return on_table64(g, p.x, p.y);
}

bool murk_pos_eq(struct murk_pos a, struct murk_pos b) {
  return a.x == b.x && a.y == b.y;
}

struct murk_axial murk_geom_to_axial(const struct murk_grid* g, struct murk_pos p) {
  int64_t q, r;
  ax_of(g, p.x, p.y, &q, &r);
  return (struct murk_axial){sat_int(q), sat_int(r)};
}

struct murk_pos murk_geom_from_axial(const struct murk_grid* g, struct murk_axial a) {
  int64_t x, y;
  off_of(g, a.q, a.r, &x, &y);
  return (struct murk_pos){sat_int(x), sat_int(y)};
}

int murk_geom_distance(const struct murk_grid* g, struct murk_pos a, struct murk_pos b) {
  return sat_int(dist_off(g, a.x, a.y, b.x, b.y));
}

int murk_geom_axial_distance(const struct murk_grid* g, struct murk_axial a, struct murk_axial b) {
  return sat_int(dist_ax(g, (int64_t)b.q - a.q, (int64_t)b.r - a.r));
}

int murk_geom_directions(const struct murk_grid* g) {
  return ndirs(g);
}

struct murk_pos murk_geom_neighbour(const struct murk_grid* g, struct murk_pos p, int dir) {
  int n = ndirs(g);
  dir %= n;
  if (dir < 0) dir += n;
  const int* d = dir_vec(g, dir);
  int64_t q, r, x, y;
  ax_of(g, p.x, p.y, &q, &r);
  off_of(g, q + d[0], r + d[1], &x, &y);
  return (struct murk_pos){sat_int(x), sat_int(y)};
}

int murk_geom_neighbours(const struct murk_grid* g, struct murk_pos p,
                         struct murk_pos out[MURK_GEOM_MAX_NEIGHBOURS]) {
  int count = 0;
  for (int dir = 0; dir < ndirs(g); dir++) {
    struct murk_pos nb = murk_geom_neighbour(g, p, dir);
    if (murk_geom_on_table(g, nb)) out[count++] = nb;
  }
  return count;
}

/* ---- rings ---------------------------------------------------------------------------- */

/* A straight run of cells: start + t * step for t in [0, n), in axial coordinates. Along
 * such a run both offset coordinates are monotone (odd-r only adds floor(r / 2), which
 * moves with r), so the part of it on the table is one interval of t, found by bisection:
 * that keeps a ring's cost proportional to what it returns, not to its radius. */
struct run {
  int64_t q0, r0, dq, dr, n;
};

static int64_t run_coord(const struct murk_grid* g, const struct run* u, int64_t t, int axis) {
  int64_t x, y;
  off_of(g, u->q0 + u->dq * t, u->r0 + u->dr * t, &x, &y);
  return axis == 0 ? x : y;
}

/* First t in [0, n) with sign * coord(t) >= bound, or n; sign * coord is nondecreasing. */
static int64_t run_first(const struct murk_grid* g, const struct run* u, int axis, int sign,
                         int64_t bound) {
  int64_t lo = 0, hi = u->n;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (sign * run_coord(g, u, mid, axis) >= bound) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}

/* Narrow [*lo, *hi) to the steps whose coordinate on `axis` lies in [0, size). */
static void run_clip(const struct murk_grid* g, const struct run* u, int axis, int64_t size,
                     int64_t* lo, int64_t* hi) {
  bool up = run_coord(g, u, u->n - 1, axis) >= run_coord(g, u, 0, axis);
  int64_t a, b;
  if (up) {
    a = run_first(g, u, axis, 1, 0);
    b = run_first(g, u, axis, 1, size);
  } else {
    a = run_first(g, u, axis, -1, -(size - 1));
    b = run_first(g, u, axis, -1, 1);
  }
  *lo = max64(*lo, a);
  *hi = min64(*hi, b);
}

static size_t emit(struct murk_pos* out, size_t cap, size_t count, int64_t x, int64_t y) {
  if (count < cap) out[count] = (struct murk_pos){(int)x, (int)y};
  return count + 1;
}

/* Append the on-table cells of the ring of `radius` around axial (cq, cr). Order: from the
 * cell `radius` steps east, counter-clockwise (the direction order), corner to corner. */
static size_t ring_append(const struct murk_grid* g, int64_t cq, int64_t cr, int64_t radius,
                          struct murk_pos* out, size_t cap, size_t count) {
  int64_t x, y;
  if (radius == 0) {
    off_of(g, cq, cr, &x, &y);
    return on_table64(g, x, y) ? emit(out, cap, count, x, y) : count;
  }
  /* A step changes each offset coordinate by one at most: a ring whose box lies on the
   * table needs no clipping (most rings asked for are small ones well inside). */
  off_of(g, cq, cr, &x, &y);
  bool inside = on_table64(g, x - radius, y - radius) && on_table64(g, x + radius, y + radius);
  int n = ndirs(g);
  for (int i = 0; i < n; i++) {
    const int* d = dir_vec(g, i);
    const int* e = dir_vec(g, (i + 1) % n);
    struct run u = {cq + radius * d[0], cr + radius * d[1], e[0] - d[0], e[1] - d[1], radius};
    int64_t lo = 0, hi = radius;
    if (!inside) run_clip(g, &u, 1, g->height, &lo, &hi);
    if (!inside && lo < hi) run_clip(g, &u, 0, g->width, &lo, &hi);
    for (int64_t t = lo; t < hi; t++) {
      off_of(g, u.q0 + u.dq * t, u.r0 + u.dr * t, &x, &y);
      count = emit(out, cap, count, x, y);
    }
  }
  return count;
}

/* Distance from (cx, cy) to the nearest table cell. The nearest cell lies in the table row
 * nearest to cy (leaving the row band costs a step per row whatever else the step does,
 * and a step that changes row gains at most as much sideways as one that does not); along
 * a row the distance is convex, so bisect for its minimum. */
static int64_t table_min_dist(const struct murk_grid* g, int64_t cx, int64_t cy) {
  int64_t y0 = min64(max64(cy, 0), g->height - 1);
  int64_t lo = 0, hi = g->width - 1;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (dist_off(g, cx, cy, mid + 1, y0) < dist_off(g, cx, cy, mid, y0)) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return dist_off(g, cx, cy, lo, y0);
}

size_t murk_geom_ring(const struct murk_grid* g, struct murk_pos c, int radius,
                      struct murk_pos* out, size_t cap) {
  if (radius < 0 || g->width <= 0 || g->height <= 0) return 0;
  int64_t near = on_table64(g, c.x, c.y) ? 0 : table_min_dist(g, c.x, c.y);
  /* No table cell is nearer than `near` or farther than near + width + height. */
  if (radius < near || radius > near + g->width + g->height) return 0;
  int64_t q, r;
  ax_of(g, c.x, c.y, &q, &r);
  return ring_append(g, q, r, radius, out, cap, 0);
}

size_t murk_geom_within(const struct murk_grid* g, struct murk_pos c, int radius,
                        struct murk_pos* out, size_t cap) {
  if (radius < 0 || g->width <= 0 || g->height <= 0) return 0;
  int64_t near = on_table64(g, c.x, c.y) ? 0 : table_min_dist(g, c.x, c.y);
  int64_t last = min64(radius, near + g->width + g->height);
  int64_t q, r;
  ax_of(g, c.x, c.y, &q, &r);
  size_t count = 0;
  /* The table is connected and distance changes by at most one per step, so the non-empty
   * rings are exactly those from `near` to the farthest cell: stop at the first empty one. */
  for (int64_t k = near; k <= last; k++) {
    size_t before = count;
    count = ring_append(g, q, r, k, out, cap, count);
    if (count == before) break;
  }
  return count;
}

/* ---- lines ---------------------------------------------------------------------------- */

/* The tie rule (docs/geometry.md, "Lines"): the on-table candidate if only one is on the
 * table, else the one further east on screen, else (squares only) the northern one. */
static bool prefer(const struct murk_grid* g, struct murk_pos a, struct murk_pos b) {
  bool ona = murk_geom_on_table(g, a), onb = murk_geom_on_table(g, b);
  if (ona != onb) return ona;
  /* Screen x in half cells: odd rows sit half a hex to the right. */
  int64_t ka = 2 * (int64_t)a.x + (is_square(g) ? 0 : (a.y % 2 != 0));
  int64_t kb = 2 * (int64_t)b.x + (is_square(g) ? 0 : (b.y % 2 != 0));
  if (ka != kb) return ka > kb;
  return a.y < b.y;
}

/* Nearest hex to the cube point p / n (n > 0, p[0] + p[1] + p[2] == 0) of a line sample,
 * whose longest coordinate is always whole. Round every coordinate down: the remainders
 * then sum to 0 (a hex centre) or to n, and in the second case the nearest hex takes one
 * back on the coordinate with the larger remainder (the A2 closest-point rule, Conway and
 * Sloane). Two equal remainders (n/2 each) put the point on the edge between h1 and h2.
 * Three equal would be a corner, which a sample never is (one remainder is 0). */
static bool hex_round(const int64_t p[3], int64_t n, int64_t h1[3], int64_t h2[3]) {
  int64_t rem[3];
  for (int c = 0; c < 3; c++) {
    h1[c] = h2[c] = floor_div(p[c], n);
    rem[c] = p[c] - h1[c] * n;
  }
  int big = 0;
  for (int c = 1; c < 3; c++) {
    if (rem[c] > rem[big]) big = c;
  }
  if (rem[big] == 0) return false;
  h1[big]++;
  for (int c = 0; c < 3; c++) {
    if (c != big && rem[c] == rem[big]) {
      h2[c]++;
      return true;
    }
  }
  h2[big]++;
  return false;
}

/* Round p / n to the nearest whole number; on exactly one half report both. */
static bool sq_round(int64_t p, int64_t n, int64_t* v1, int64_t* v2) {
  int64_t fl = floor_div(p, n), rem = p - fl * n;
  *v1 = *v2 = 2 * rem > n ? fl + 1 : fl;
  if (2 * rem != n) return false;
  *v2 = fl + 1;
  return true;
}

static bool in_domain(struct murk_pos p) {
  return p.x >= -MURK_GEOM_COORD_MAX && p.x <= MURK_GEOM_COORD_MAX && p.y >= -MURK_GEOM_COORD_MAX &&
         p.y <= MURK_GEOM_COORD_MAX;
}

/* Sample i of N: the point a + (b - a) * i / N, kept as the whole numbers a * N + (b - a) * i
 * so that the rounding is exact. With N the distance, one coordinate advances by exactly
 * one cell per sample, so consecutive cells are distinct neighbours. */
size_t murk_geom_line(const struct murk_grid* g, struct murk_pos a, struct murk_pos b,
                      struct murk_line_step* out, size_t cap) {
  if (!in_domain(a) || !in_domain(b)) return 0;
  int64_t aq, ar, bq, br;
  ax_of(g, a.x, a.y, &aq, &ar);
  ax_of(g, b.x, b.y, &bq, &br);
  int64_t n = dist_ax(g, bq - aq, br - ar);
  size_t total = (size_t)n + 1;
  size_t todo = total < cap ? total : cap;
  int64_t nn = n > 0 ? n : 1;
  for (size_t i = 0; i < todo; i++) {
    int64_t t = (int64_t)i;
    int64_t q1, r1, q2, r2;
    bool tie;
    if (is_square(g)) {
      bool tx = sq_round(aq * nn + (bq - aq) * t, nn, &q1, &q2);
      bool ty = sq_round(ar * nn + (br - ar) * t, nn, &r1, &r2);
      /* At most one coordinate is ever half-way: the longer one is always whole. */
      tie = tx || ty;
    } else {
      int64_t as = -aq - ar, bs = -bq - br;
      int64_t p[3] = {aq * nn + (bq - aq) * t, ar * nn + (br - ar) * t, as * nn + (bs - as) * t};
      int64_t h1[3], h2[3];
      tie = hex_round(p, nn, h1, h2);
      q1 = h1[0];
      r1 = h1[1];
      q2 = h2[0];
      r2 = h2[1];
    }
    int64_t x1, y1, x2, y2;
    off_of(g, q1, r1, &x1, &y1);
    off_of(g, q2, r2, &x2, &y2);
    struct murk_pos c1 = {(int)x1, (int)y1}, c2 = {(int)x2, (int)y2};
    if (tie && !prefer(g, c1, c2)) {
      struct murk_pos swap = c1;
      c1 = c2;
      c2 = swap;
    }
    out[i] = (struct murk_line_step){c1, c2, tie};
  }
  return total;
}

/* ---- lengths -------------------------------------------------------------------------- */

/* Largest whole number of any unit a length may have: far beyond any table, and small
 * enough that conversions never overflow. */
#define LENGTH_MAX_WHOLE 1000000
#define LENGTH_MAX_VALUE (LENGTH_MAX_WHOLE * INT64_C(100) + 99)

static const struct {
  const char* name;
  enum murk_unit unit;
} unit_names[] = {
    {"cm", MURK_UNIT_CM},     {"in", MURK_UNIT_IN},     {"\"", MURK_UNIT_IN},
    {"hex", MURK_UNIT_HEX},   {"hexes", MURK_UNIT_HEX}, {"cell", MURK_UNIT_HEX},
    {"cells", MURK_UNIT_HEX},
};

#define UNITS_EXPECTED "cm, in, \", hex or cell"

static bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

static bool is_blank(char c) {
  return c == ' ' || c == '\t';
}

static int length_fail(char* err, size_t errlen, const char* msg, const char* s) {
  if (err && errlen) snprintf(err, errlen, "bad length '%.40s': %s", s, msg);
  return MURK_EINVAL;
}

int murk_length_parse(const char* s, struct murk_length* out, char* err, size_t errlen) {
  if (!s) s = "";
  const char* p = s;
  while (is_blank(*p)) p++;
  if (*p == '\0') {
    if (err && errlen) snprintf(err, errlen, "empty length (expected e.g. 20cm, 8in or 3hex)");
    return MURK_EINVAL;
  }
  if (*p == '-') return length_fail(err, errlen, "a length cannot be negative", s);
  if (!is_digit(*p)) {
    return length_fail(err, errlen, "expected a number then a unit (e.g. 20cm)", s);
  }
  int64_t whole = 0;
  for (; is_digit(*p); p++) {
    whole = whole * 10 + (*p - '0');
    if (whole > LENGTH_MAX_WHOLE) {
      return length_fail(err, errlen, "too large (at most 1000000 of any unit)", s);
    }
  }
  int64_t frac = 0;
  if (*p == '.') {
    p++;
    int digits = 0;
    for (; is_digit(*p); p++, digits++) {
      if (digits == 2) return length_fail(err, errlen, "at most two decimals", s);
      frac = frac * 10 + (*p - '0');
    }
    if (digits == 0) return length_fail(err, errlen, "expected a digit after '.'", s);
    if (digits == 1) frac *= 10;
  }
  while (is_blank(*p)) p++;
  const char* u = p;
  while (*p && !is_blank(*p)) p++;
  size_t ulen = (size_t)(p - u);
  while (is_blank(*p)) p++;
  if (*p) return length_fail(err, errlen, "unexpected text after the unit", s);
  if (ulen == 0) return length_fail(err, errlen, "missing unit (expected " UNITS_EXPECTED ")", s);
  if ((u[0] == 'e' || u[0] == 'E') && (is_digit(u[1]) || u[1] == '-' || u[1] == '+')) {
    return length_fail(err, errlen, "exponents are not allowed (write the number out)", s);
  }
  for (size_t i = 0; i < sizeof unit_names / sizeof unit_names[0]; i++) {
    if (strlen(unit_names[i].name) == ulen && memcmp(unit_names[i].name, u, ulen) == 0) {
      out->value = whole * 100 + frac;
      out->unit = unit_names[i].unit;
      return MURK_OK;
    }
  }
  if (err && errlen) {
    snprintf(err, errlen, "bad length '%.40s': unknown unit '%.*s' (expected " UNITS_EXPECTED ")",
             s, (int)(ulen > 20 ? 20 : ulen), u);
  }
  return MURK_EINVAL;
}

/* A physical length in ten-thousandths of a centimetre: whole for both cm/100 and in/100
 * (1 in = 2.54 cm exactly). -1 for hexes. */
static int64_t micro_cm(struct murk_length len) {
  switch (len.unit) {
    case MURK_UNIT_CM:
      return len.value * 100;
    case MURK_UNIT_IN:
      return len.value * 254;
    default:
      return -1;
  }
}

static int64_t div_round(int64_t a, int64_t b, enum murk_round r) {
  return r == MURK_ROUND_UP ? (a + b - 1) / b : a / b;
}

int murk_length_to_cells(struct murk_length len, struct murk_length scale, enum murk_round r) {
  int64_t s = micro_cm(scale);
  if (s <= 0 || scale.value <= 0) return -1;
  if (len.value < 0 || len.value > LENGTH_MAX_VALUE) return -1;
  if (len.unit == MURK_UNIT_HEX) return sat_int(div_round(len.value, 100, r));
  int64_t l = micro_cm(len);
  if (l < 0) return -1;
  return sat_int(div_round(l, s, r));
}

/* The digits of v at t (no padding); the characters written. */
static size_t fmt_u64(char* t, uint64_t v) {
  char d[24];
  size_t k = 0, len = 0;
  do {
    d[k++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  while (k) t[len++] = d[--k];
  return len;
}

/* As snprintf(buf, n, "%s%" PRIu64 "[.d[d]]%s", ...) would write it, without the formatting
 * machinery: every move's event says how far it went. */
int murk_length_format(struct murk_length len, char* buf, size_t n) {
  const char* unit = len.unit == MURK_UNIT_CM ? "cm" : len.unit == MURK_UNIT_IN ? "in" : "hex";
  /* Through uint64_t so that INT64_MIN formats too. */
  uint64_t v = len.value < 0 ? 0 - (uint64_t)len.value : (uint64_t)len.value;
  uint64_t whole = v / 100, frac = v % 100;
  char t[48];
  size_t k = 0;
  if (len.value < 0) t[k++] = '-';
  k += fmt_u64(t + k, whole);
  if (frac != 0) {
    t[k++] = '.';
    t[k++] = (char)('0' + frac / 10);
    if (frac % 10 != 0) t[k++] = (char)('0' + frac % 10);
  }
  for (const char* u = unit; *u; u++) t[k++] = *u;
  if (n) {
    size_t c = k < n ? k : n - 1;
    memcpy(buf, t, c);
    buf[c] = '\0';
  }
  return (int)k;
}

/* ---- positions ------------------------------------------------------------------------ */

/* "%02d" of v at t; the characters written. */
static size_t fmt02(char* t, int v) {
  char d[12];
  size_t k = 0, len = 0;
  /* Through unsigned so that INT_MIN formats too. */
  unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
  do {
    d[k++] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (v < 0)
    t[len++] = '-';
  else if (k < 2)
    t[len++] = '0';
  while (k) t[len++] = d[--k];
  return len;
}

/* snprintf(buf, n, "%02d,%02d", p.x, p.y) without the formatting machinery: events, views
 * and refusals write positions all the time. */
int murk_pos_format(struct murk_pos p, char* buf, size_t n) {
  char t[32];
  size_t len = fmt02(t, p.x);
  t[len++] = ',';
  len += fmt02(t + len, p.y);
  if (n) {
    size_t k = len < n ? len : n - 1;
    memcpy(buf, t, k);
    buf[k] = '\0';
  }
  return (int)len;
}

static const char* parse_coord(const char* s, int* v) {
  if (!is_digit(*s)) return NULL;
  int64_t acc = 0;
  for (; is_digit(*s); s++) {
    acc = acc * 10 + (*s - '0');
    if (acc > MURK_GEOM_COORD_MAX) return NULL;
  }
  *v = (int)acc;
  return s;
}

int murk_pos_parse(const char* s, struct murk_pos* out) {
  struct murk_pos p;
  if (!s || !out) return MURK_EINVAL;
  s = parse_coord(s, &p.x);
  if (!s || *s != ',') return MURK_EINVAL;
  s++;
  while (is_blank(*s)) s++; /* "7, 12" as people write it; nothing else is loose */
  s = parse_coord(s, &p.y);
  if (!s || *s) return MURK_EINVAL;
  *out = p;
  return MURK_OK;
}
