/* test_los.c: line of sight and field of view. Hand-checked lines (blocking, hindering,
 * the hex-edge tie rule, heights, the table edge) on hex and square grids, then the field
 * of view against murk_los for every cell of many random maps: both grid kinds, several
 * densities, with and without heights, origins in corners, on edges and on blocking cells,
 * radii from 0 to beyond the table, one result object reused across all of it. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "murk/error.h"
#include "murk/geom.h"
#include "murk/los.h"
#include "murk/mission.h"
#include "test_grid.h"

#define C MURK_SIGHT_CLEAR
#define H MURK_SIGHT_HINDERING
#define B MURK_SIGHT_BLOCKING

/* A map of one class everywhere, with cells to change afterwards. */
static struct murk_sightmap* flat_map(enum murk_grid_kind kind, int w, int h, unsigned char fill,
                                      const signed char* level) {
  struct murk_grid g = {kind, w, h};
  unsigned char* s = malloc((size_t)w * (size_t)h);
  assert_non_null(s);
  memset(s, fill, (size_t)w * (size_t)h);
  struct murk_sightmap* m = NULL;
  assert_int_equal(murk_sightmap_new(&g, s, level, &m), MURK_OK);
  free(s);
  return m;
}

static void set(struct murk_sightmap* m, int x, int y, enum murk_sight s) {
  assert_int_equal(murk_sightmap_set_sight(m, P(x, y), s), MURK_OK);
}

/* LOS both ways: the answer and the count must not depend on the direction. */
static int los2(const struct murk_sightmap* m, struct murk_pos a, struct murk_pos b) {
  int h1 = 7, h2 = 7;
  bool v1 = murk_los(m, a, b, &h1), v2 = murk_los(m, b, a, &h2);
  if (v1 != v2 || h1 != h2) {
    fail_msg("los(%d,%d -> %d,%d) = %d/%d, reverse %d/%d", a.x, a.y, b.x, b.y, v1, h1, v2, h2);
  }
  return v1 ? h1 : -1;
}

/* The tie step of a line, found through geom so that the test follows the tie rule. */
static struct murk_line_step tie_of(const struct murk_grid* g, struct murk_pos a,
                                    struct murk_pos b) {
  struct murk_line_step st[64];
  size_t n = murk_geom_line(g, a, b, st, 64);
  for (size_t i = 0; i < n; i++) {
    if (st[i].tie) return st[i];
  }
  fail_msg("no tie on the line %d,%d -> %d,%d", a.x, a.y, b.x, b.y);
  return st[0];
}

/* ---- the sight map -------------------------------------------------------------------- */

static void test_sightmap_new_checks_input(void** state) {
  (void)state;
  unsigned char s[6] = {C, H, B, C, C, C};
  signed char lv[6] = {0, 1, 2, -1, 0, 5};
  struct murk_sightmap* m = (struct murk_sightmap*)&s; /* must be reset to NULL */
  struct murk_grid bad[] = {
      {MURK_GRID_HEX, 0, 2}, {MURK_GRID_HEX, 3, 0}, {MURK_GRID_SQUARE, 1001, 1}, {7, 3, 2}};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    assert_int_equal(murk_sightmap_new(&bad[i], s, NULL, &m), MURK_EINVAL);
    assert_null(m);
  }
  struct murk_grid g = {MURK_GRID_HEX, 3, 2};
  s[4] = 3; /* not a murk_sight */
  assert_int_equal(murk_sightmap_new(&g, s, NULL, &m), MURK_EINVAL);
  assert_null(m);
  s[4] = C;
  assert_int_equal(murk_sightmap_new(&g, s, lv, &m), MURK_OK);
  s[0] = B; /* the map holds a copy */
  struct murk_grid got = murk_sightmap_grid(m);
  assert_int_equal(got.kind, MURK_GRID_HEX);
  assert_int_equal(got.width, 3);
  assert_int_equal(got.height, 2);
  assert_int_equal(murk_sightmap_sight(m, P(0, 0)), C);
  assert_int_equal(murk_sightmap_sight(m, P(1, 0)), H);
  assert_int_equal(murk_sightmap_sight(m, P(2, 0)), B);
  assert_int_equal(murk_sightmap_sight(m, P(3, 0)), B); /* off the table */
  assert_int_equal(murk_sightmap_sight(m, P(0, -1)), B);
  assert_int_equal(murk_sightmap_level(m, P(2, 1)), 5);
  assert_int_equal(murk_sightmap_level(m, P(0, 1)), -1);
  assert_int_equal(murk_sightmap_level(m, P(9, 9)), 0);
  assert_int_equal(murk_sightmap_set_sight(m, P(0, 1), MURK_SIGHT_BLOCKING), MURK_OK);
  assert_int_equal(murk_sightmap_sight(m, P(0, 1)), B);
  assert_int_equal(murk_sightmap_set_sight(m, P(3, 1), MURK_SIGHT_CLEAR), MURK_EINVAL);
  assert_int_equal(murk_sightmap_set_sight(m, P(0, 0), (enum murk_sight)3), MURK_EINVAL);
  murk_sightmap_free(m);
  murk_sightmap_free(NULL);
  /* Flat: every level is 0. */
  assert_int_equal(murk_sightmap_new(&g, s, NULL, &m), MURK_OK);
  assert_int_equal(murk_sightmap_level(m, P(2, 1)), 0);
  murk_sightmap_free(m);
}

static void test_sightmap_from_mission(void** state) {
  (void)state;
  struct murk_mission* mis = calloc(1, sizeof *mis);
  assert_non_null(mis);
  mis->grid = (struct murk_grid){MURK_GRID_SQUARE, 4, 2};
  mis->nterrain = 3;
  mis->terrain[0] = (struct murk_terrain){
      '.', "open", MURK_TERRAIN_OPEN, MURK_SIGHT_CLEAR, MURK_WORKS_NONE, false};
  mis->terrain[1] = (struct murk_terrain){
      'w', "woods", MURK_TERRAIN_DIFFICULT, MURK_SIGHT_BLOCKING, MURK_WORKS_NONE, false};
  mis->terrain[2] = (struct murk_terrain){
      'h', "hedge", MURK_TERRAIN_OPEN, MURK_SIGHT_HINDERING, MURK_WORKS_NONE, false};
  unsigned char map[8] = {0, 1, 2, 0, 2, 2, 1, 0};
  signed char lev[8] = {0, 0, 1, 1, 2, 2, 3, -2};
  mis->map = map;
  struct murk_sightmap* m = NULL;
  assert_int_equal(murk_sightmap_from_mission(mis, &m), MURK_OK);
  const enum murk_sight want[8] = {C, B, H, C, H, H, B, C};
  for (int i = 0; i < 8; i++) {
    assert_int_equal(murk_sightmap_sight(m, P(i % 4, i / 4)), want[i]);
    assert_int_equal(murk_sightmap_level(m, P(i % 4, i / 4)), 0);
  }
  murk_sightmap_free(m);
  mis->elevation = lev;
  assert_int_equal(murk_sightmap_from_mission(mis, &m), MURK_OK);
  for (int i = 0; i < 8; i++) assert_int_equal(murk_sightmap_level(m, P(i % 4, i / 4)), lev[i]);
  murk_sightmap_free(m);
  map[5] = 3; /* beyond the legend */
  assert_int_equal(murk_sightmap_from_mission(mis, &m), MURK_EINVAL);
  assert_null(m);
  free(mis);
}

/* ---- line of sight -------------------------------------------------------------------- */

static void test_los_blocking_and_ends_hex(void** state) {
  (void)state;
  struct murk_sightmap* m = flat_map(MURK_GRID_HEX, 12, 10, C, NULL);
  /* Along row 4: 02,04 .. 08,04 is a straight line east. */
  assert_int_equal(los2(m, P(2, 4), P(8, 4)), 0);
  set(m, 5, 4, B);
  assert_int_equal(los2(m, P(2, 4), P(8, 4)), -1);
  /* The blocking cell itself is seen, and sees out (its own cell never blocks). */
  assert_int_equal(los2(m, P(2, 4), P(5, 4)), 0);
  assert_int_equal(los2(m, P(5, 4), P(8, 4)), 0);
  /* Blocking target and blocking viewer: still nothing between them. */
  set(m, 8, 4, B);
  set(m, 4, 4, B);
  assert_int_equal(los2(m, P(4, 4), P(5, 4)), 0);
  assert_int_equal(los2(m, P(5, 4), P(8, 4)), 0);
  set(m, 6, 4, B);
  assert_int_equal(los2(m, P(5, 4), P(8, 4)), -1);
  /* Hindering cells are counted between the ends, never at the ends. */
  set(m, 4, 4, H);
  set(m, 5, 4, H);
  set(m, 6, 4, H);
  set(m, 8, 4, H);
  assert_int_equal(los2(m, P(2, 4), P(8, 4)), 3);
  assert_int_equal(los2(m, P(4, 4), P(8, 4)), 2);
  set(m, 2, 4, H);
  assert_int_equal(los2(m, P(2, 4), P(8, 4)), 3);
  /* Self and neighbours: nothing between. */
  assert_int_equal(los2(m, P(5, 4), P(5, 4)), 0);
  assert_int_equal(los2(m, P(5, 4), P(6, 4)), 0);
  /* Off the table: no line of sight, count -1. */
  int h = 5;
  assert_false(murk_los(m, P(-1, 4), P(3, 4), &h));
  assert_int_equal(h, -1);
  assert_false(murk_los(m, P(3, 4), P(12, 4), NULL));
  assert_false(murk_los(m, P(3, 10), P(3, 4), NULL));
  murk_sightmap_free(m);
}

/* Ties: the step is as clear as the clearer of its two cells. */
static void check_tie_rule(enum murk_grid_kind kind, struct murk_pos a, struct murk_pos b) {
  struct murk_sightmap* m = flat_map(kind, 12, 10, C, NULL);
  struct murk_grid g = murk_sightmap_grid(m);
  struct murk_line_step t = tie_of(&g, a, b);
  assert_true(murk_geom_on_table(&g, t.cell));
  assert_true(murk_geom_on_table(&g, t.alt));
  static const struct {
    enum murk_sight cell, alt;
    int want;
  } cases[] = {
      {B, C, 0}, {C, B, 0}, {B, B, -1}, {B, H, 1}, {H, B, 1}, {H, H, 1}, {H, C, 0}, {C, H, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    set(m, t.cell.x, t.cell.y, cases[i].cell);
    set(m, t.alt.x, t.alt.y, cases[i].alt);
    assert_int_equal(los2(m, a, b), cases[i].want);
  }
  murk_sightmap_free(m);
}

static void test_los_tie_rule(void** state) {
  (void)state;
  /* docs/geometry.md: 00,04 -> 03,02 runs along hex edges (ties at its 2nd and 4th
   * steps); moved two columns right to keep every cell on the table. */
  check_tie_rule(MURK_GRID_HEX, P(2, 4), P(5, 2));
  check_tie_rule(MURK_GRID_HEX, P(5, 2), P(2, 4));
  /* Straight down the screen: 03,01 -> 03,03 has a tie 03,02 / 04,02 or so. */
  check_tie_rule(MURK_GRID_HEX, P(3, 1), P(3, 3));
  /* Squares: 01,01 -> 03,02 crosses the middle of the side between 02,01 and 02,02. */
  check_tie_rule(MURK_GRID_SQUARE, P(1, 1), P(3, 2));
  check_tie_rule(MURK_GRID_SQUARE, P(4, 7), P(5, 5));
}

static void test_los_tie_at_table_edge(void** state) {
  (void)state;
  /* 00,00 -> 00,02 on hexes: the tie is 00,01 / -1,01, the second off the table. Off the
   * table counts as blocking, so the cell on the table decides alone. */
  struct murk_sightmap* m = flat_map(MURK_GRID_HEX, 6, 6, C, NULL);
  struct murk_grid g = murk_sightmap_grid(m);
  struct murk_line_step t = tie_of(&g, P(0, 0), P(0, 2));
  assert_true(murk_geom_on_table(&g, t.cell));
  assert_false(murk_geom_on_table(&g, t.alt));
  assert_int_equal(los2(m, P(0, 0), P(0, 2)), 0);
  set(m, t.cell.x, t.cell.y, H);
  assert_int_equal(los2(m, P(0, 0), P(0, 2)), 1);
  set(m, t.cell.x, t.cell.y, B);
  assert_int_equal(los2(m, P(0, 0), P(0, 2)), -1);
  murk_sightmap_free(m);
}

static void test_los_square_diagonal(void** state) {
  (void)state;
  /* A diagonal through a corner is not a tie (docs/geometry.md): the two squares beside
   * the corner are not on the line, so they cannot block it. */
  struct murk_sightmap* m = flat_map(MURK_GRID_SQUARE, 8, 8, C, NULL);
  set(m, 2, 1, B);
  set(m, 1, 2, B);
  assert_int_equal(los2(m, P(1, 1), P(3, 3)), 0);
  set(m, 2, 2, H);
  assert_int_equal(los2(m, P(1, 1), P(3, 3)), 1);
  assert_int_equal(los2(m, P(0, 0), P(4, 4)), 1);
  set(m, 3, 3, B);
  assert_int_equal(los2(m, P(0, 0), P(4, 4)), -1);
  /* A knight's move 1,1 -> 3,2 has its tie at 2,1 / 2,2: blocking beside hindering
   * counts as hindering; clear beside hindering as clear. */
  assert_int_equal(los2(m, P(1, 1), P(3, 2)), 1);
  set(m, 2, 1, C);
  assert_int_equal(los2(m, P(1, 1), P(3, 2)), 0);
  murk_sightmap_free(m);
}

static void test_los_heights(void** state) {
  (void)state;
  enum { W = 10, HT = 3 };
  signed char lv[W * HT] = {0};
  struct murk_sightmap* m = flat_map(MURK_GRID_HEX, W, HT, C, lv);
  murk_sightmap_free(m);
  /* Row 1 (odd): a hill of level 1 at 04,01 and 05,01. */
  lv[1 * W + 4] = 1;
  lv[1 * W + 5] = 1;
  m = flat_map(MURK_GRID_HEX, W, HT, C, lv);
  assert_int_equal(los2(m, P(1, 1), P(8, 1)), -1); /* higher than both ends: a crest */
  assert_int_equal(los2(m, P(1, 1), P(4, 1)), 0);  /* onto the hill */
  assert_int_equal(los2(m, P(1, 1), P(5, 1)), 0);  /* across the hilltop, level with it */
  assert_int_equal(los2(m, P(4, 1), P(8, 1)), 0);  /* from the hill down */
  murk_sightmap_free(m);
  /* The viewer on higher ground sees over the hill... */
  lv[1 * W + 1] = 2;
  m = flat_map(MURK_GRID_HEX, W, HT, C, lv);
  assert_int_equal(los2(m, P(1, 1), P(8, 1)), 0);
  /* ...but not over woods: terrain counts at any height. */
  set(m, 6, 1, B);
  assert_int_equal(los2(m, P(1, 1), P(8, 1)), -1);
  set(m, 6, 1, H);
  assert_int_equal(los2(m, P(1, 1), P(8, 1)), 1);
  murk_sightmap_free(m);
  /* Negative levels: a ditch between two cells does not block; a cell above both does. */
  memset(lv, 0, sizeof lv);
  for (int i = 0; i < W * HT; i++) lv[i] = -3;
  lv[1 * W + 5] = -2;
  m = flat_map(MURK_GRID_HEX, W, HT, C, lv);
  assert_int_equal(los2(m, P(1, 1), P(8, 1)), -1);
  murk_sightmap_free(m);
  lv[1 * W + 5] = -4;
  m = flat_map(MURK_GRID_HEX, W, HT, C, lv);
  assert_int_equal(los2(m, P(1, 1), P(8, 1)), 0);
  murk_sightmap_free(m);
}

static void test_los_height_at_a_tie(void** state) {
  (void)state;
  /* At a tie the step is as high as the lower of the two cells. */
  struct murk_grid g = {MURK_GRID_HEX, 12, 10};
  struct murk_pos a = P(2, 4), b = P(5, 2);
  struct murk_line_step t = tie_of(&g, a, b);
  signed char lv[120] = {0};
  lv[t.cell.y * 12 + t.cell.x] = 3;
  struct murk_sightmap* m = flat_map(MURK_GRID_HEX, 12, 10, C, lv);
  assert_int_equal(los2(m, a, b), 0);
  murk_sightmap_free(m);
  lv[t.alt.y * 12 + t.alt.x] = 1;
  m = flat_map(MURK_GRID_HEX, 12, 10, C, lv);
  assert_int_equal(los2(m, a, b), -1);
  murk_sightmap_free(m);
}

/* ---- field of view -------------------------------------------------------------------- */

static void test_fov_hand_checked(void** state) {
  (void)state;
  struct murk_sightmap* m = flat_map(MURK_GRID_HEX, 36, 24, C, NULL);
  struct murk_grid g = murk_sightmap_grid(m);
  struct murk_fov_result* res = NULL;
  assert_int_equal(murk_fov_result_new(m, &res), MURK_OK);
  size_t n = 0;
  assert_int_equal(murk_fov(m, P(10, 10), 3, res), MURK_OK);
  const struct murk_fov_cell* cells = murk_fov_cells(res, &n);
  assert_int_equal(n, 37); /* 1 + 6 + 12 + 18 on an open table */
  assert_int_equal(cells[0].at.x, 10);
  assert_int_equal(cells[0].at.y, 10);
  for (size_t i = 1; i < n; i++) {
    assert_true(murk_geom_distance(&g, P(10, 10), cells[i].at) >=
                murk_geom_distance(&g, P(10, 10), cells[i - 1].at));
  }
  /* Ring of woods around: the ring is seen, nothing beyond it. */
  struct murk_pos ring[MURK_GEOM_MAX_NEIGHBOURS];
  int k = murk_geom_neighbours(&g, P(10, 10), ring);
  assert_int_equal(k, 6);
  for (int i = 0; i < 6; i++) set(m, ring[i].x, ring[i].y, B);
  assert_int_equal(murk_fov(m, P(10, 10), 12, res), MURK_OK);
  murk_fov_cells(res, &n);
  assert_int_equal(n, 7);
  assert_true(murk_fov_visible(res, ring[3]));
  assert_false(murk_fov_visible(res, P(12, 10)));
  assert_int_equal(murk_fov_hindrance(res, P(12, 10)), -1);
  assert_int_equal(murk_fov_hindrance(res, P(10, 10)), 0);
  /* A corner of the table: the quarter disc only. */
  assert_int_equal(murk_fov(m, P(0, 0), 1, res), MURK_OK);
  murk_fov_cells(res, &n);
  assert_int_equal(n, 3);                         /* 00,00, its E and SE neighbours */
  assert_false(murk_fov_visible(res, P(10, 10))); /* the last call is forgotten */
  /* Hindrance in the field of view is murk_los's. */
  set(m, 1, 0, H);
  assert_int_equal(murk_fov(m, P(0, 0), 5, res), MURK_OK);
  assert_int_equal(murk_fov_hindrance(res, P(1, 0)), 0);
  assert_int_equal(murk_fov_hindrance(res, P(4, 0)), 1);
  murk_fov_result_free(res);
  murk_fov_result_free(NULL);
  murk_sightmap_free(m);
}

static void test_fov_errors(void** state) {
  (void)state;
  struct murk_sightmap* m = flat_map(MURK_GRID_SQUARE, 200, 150, C, NULL);
  struct murk_sightmap* other = flat_map(MURK_GRID_HEX, 200, 150, C, NULL);
  struct murk_fov_result* res = NULL;
  assert_int_equal(murk_fov_result_new(m, &res), MURK_OK);
  size_t n = 99;
  assert_int_equal(murk_fov(m, P(100, 100), 2, res), MURK_OK);
  murk_fov_cells(res, &n);
  assert_int_equal(n, 25);
  /* Each error leaves an empty field of view. */
  assert_int_equal(murk_fov(m, P(100, 100), -1, res), MURK_EINVAL);
  murk_fov_cells(res, &n);
  assert_int_equal(n, 0);
  assert_false(murk_fov_visible(res, P(100, 100)));
  assert_int_equal(murk_fov(other, P(100, 100), 2, res), MURK_EINVAL);
  assert_int_equal(murk_fov(m, P(100, 75), 64, res), MURK_OK);
  murk_fov_cells(res, &n);
  assert_int_equal(n, 129 * 129);
  /* Any radius: beyond the table it changes nothing. */
  assert_int_equal(murk_fov(m, P(100, 75), 1000000000, res), MURK_OK);
  murk_fov_cells(res, &n);
  assert_int_equal(n, 200 * 150);
  /* Off the table: sees nothing, and says so without an error. */
  assert_int_equal(murk_fov(m, P(-1, 3), 5, res), MURK_OK);
  murk_fov_cells(res, &n);
  assert_int_equal(n, 0);
  murk_fov_result_free(res);
  /* A radius beyond the table is cut to it: a small table takes any radius. */
  struct murk_sightmap* small = flat_map(MURK_GRID_HEX, 36, 24, C, NULL);
  assert_int_equal(murk_fov_result_new(small, &res), MURK_OK);
  assert_int_equal(murk_fov(small, P(0, 0), 1000000, res), MURK_OK);
  murk_fov_cells(res, &n);
  assert_int_equal(n, 36 * 24);
  murk_fov_result_free(res);
  murk_sightmap_free(small);
  murk_sightmap_free(other);
  murk_sightmap_free(m);
}

/* A random map: each cell blocking with probability pb %, hindering with ph %; heights
 * (when asked) from a few smooth-ish levels so that crests matter. */
static struct murk_sightmap* random_map(uint64_t* rng, enum murk_grid_kind kind, int w, int h,
                                        int pb, int ph, bool heights) {
  size_t n = (size_t)w * (size_t)h;
  unsigned char* s = malloc(n);
  signed char* lv = heights ? malloc(n) : NULL;
  assert_non_null(s);
  for (size_t i = 0; i < n; i++) {
    int roll = rng_in(rng, 0, 99);
    s[i] = roll < pb ? B : roll < pb + ph ? H : C;
    if (lv) lv[i] = (signed char)(rng_in(rng, 0, 9) < 7 ? 0 : rng_in(rng, -1, 3));
  }
  struct murk_grid g = {kind, w, h};
  struct murk_sightmap* m = NULL;
  assert_int_equal(murk_sightmap_new(&g, s, lv, &m), MURK_OK);
  free(s);
  free(lv);
  return m;
}

/* The field of view of `o` against murk_los for every cell within a window (the whole
 * table unless it is large), and every cell the result held before the call: it must be
 * forgotten unless seen again. Returns the number of visible cells. */
static size_t check_fov(const struct murk_sightmap* m, struct murk_fov_result* res,
                        struct murk_pos o, int radius) {
  struct murk_grid g = murk_sightmap_grid(m);
  size_t n = 0;
  const struct murk_fov_cell* before = murk_fov_cells(res, &n);
  struct murk_fov_cell* old = malloc((n + 1) * sizeof *old);
  assert_non_null(old);
  size_t nold = n;
  if (n > 0) memcpy(old, before, n * sizeof *old);
  assert_int_equal(murk_fov(m, o, radius, res), MURK_OK);
  const struct murk_fov_cell* cells = murk_fov_cells(res, &n);
  for (size_t i = 0; i < nold; i++) {
    struct murk_pos p = old[i].at;
    int h = -1;
    bool v = murk_geom_distance(&g, o, p) <= radius && murk_los(m, o, p, &h);
    assert_int_equal(murk_fov_visible(res, p), v);
    assert_int_equal(murk_fov_hindrance(res, p), v ? h : -1);
  }
  free(old);
  int x0 = 0, y0 = 0, x1 = g.width - 1, y1 = g.height - 1;
  if (radius < g.width + g.height) {
    x0 = o.x - radius - 1;
    x1 = o.x + radius + 1;
    y0 = o.y - radius - 1;
    y1 = o.y + radius + 1;
    x0 = x0 < 0 ? 0 : x0;
    y0 = y0 < 0 ? 0 : y0;
    x1 = x1 >= g.width ? g.width - 1 : x1;
    y1 = y1 >= g.height ? g.height - 1 : y1;
  }
  size_t want = 0;
  for (int y = y0; y <= y1; y++) {
    for (int x = x0; x <= x1; x++) {
      int h = -1;
      bool v = murk_geom_distance(&g, o, P(x, y)) <= radius && murk_los(m, o, P(x, y), &h);
      if (v != murk_fov_visible(res, P(x, y)) || (v ? h : -1) != murk_fov_hindrance(res, P(x, y))) {
        fail_msg("%s %dx%d from %d,%d r%d: cell %d,%d los %d/%d, fov %d/%d",
                 g.kind == MURK_GRID_HEX ? "hex" : "square", g.width, g.height, o.x, o.y, radius, x,
                 y, v, h, murk_fov_visible(res, P(x, y)), murk_fov_hindrance(res, P(x, y)));
      }
      want += v;
    }
  }
  /* The list: exactly the visible cells, once each, origin first, nearest first, with the
   * same counts as the questions give. */
  assert_int_equal(n, want);
  int last = 0;
  for (size_t i = 0; i < n; i++) {
    assert_true(murk_fov_visible(res, cells[i].at));
    assert_int_equal(cells[i].hindrance, murk_fov_hindrance(res, cells[i].at));
    int d = murk_geom_distance(&g, o, cells[i].at);
    assert_true(d >= last);
    last = d;
    if (i == 0) assert_int_equal(d, 0);
  }
  return n;
}

static struct murk_pos pick_origin(uint64_t* rng, const struct murk_grid* g, int i) {
  int w = g->width - 1, h = g->height - 1;
  switch (i % 8) {
    case 0:
      return P(0, 0);
    case 1:
      return P(w, h);
    case 2:
      return P(w, 0);
    case 3:
      return P(0, h);
    case 4:
      return P(rng_in(rng, 0, w), rng_in(rng, 0, 1) * h); /* top or bottom edge */
    case 5:
      return P(rng_in(rng, 0, 1) * w, rng_in(rng, 0, h)); /* left or right edge */
    default:
      return P(rng_in(rng, 0, w), rng_in(rng, 0, h));
  }
}

static void test_fov_matches_los_random(void** state) {
  (void)state;
  uint64_t rng = 20240611;
  static const struct {
    int w, h;
  } sizes[] = {{1, 1},   {1, 9},   {9, 1},   {2, 2},  {7, 5},
               {13, 11}, {36, 24}, {41, 30}, {3, 40}, {40, 3}};
  /* All clear, all blocking, all hindering, and mixes between. */
  static const struct {
    int pb, ph;
  } dens[] = {{0, 0},  {5, 10}, {20, 0},  {20, 20}, {40, 10},
              {70, 0}, {0, 50}, {100, 0}, {0, 100}, {10, 80}};
  static const int radii[] = {30, 0, 1, 2, 3, 5, 8, 12, 17, 1000, INT_MAX};
  size_t seen = 0, checks = 0;
  for (int kind = 0; kind < 2; kind++) {
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
      for (size_t d = 0; d < sizeof dens / sizeof dens[0]; d++) {
        for (int heights = 0; heights < 2; heights++) {
          struct murk_sightmap* m = random_map(&rng, (enum murk_grid_kind)kind, sizes[s].w,
                                               sizes[s].h, dens[d].pb, dens[d].ph, heights);
          struct murk_grid g = murk_sightmap_grid(m);
          /* One result for the whole map, reused: the cells of one call must never show
           * in the next. */
          struct murk_fov_result* res = NULL;
          assert_int_equal(murk_fov_result_new(m, &res), MURK_OK);
          for (int i = 0; i < 12; i++) {
            struct murk_pos o = pick_origin(&rng, &g, i);
            int r = radii[(size_t)i % (sizeof radii / sizeof radii[0])];
            seen += check_fov(m, res, o, r);
            checks++;
          }
          murk_fov_result_free(res);
          murk_sightmap_free(m);
        }
      }
    }
  }
  /* The maps must have let something be seen beyond the origins. */
  assert_true(seen > 3 * checks);
}

/* Many small random tables, each drawn from its own seed: any size up to 48 x 48, either
 * grid, blocking and hindering shares from none to all, heights flat or rough (a few
 * levels, or levels from -100 to 100 so that crests come everywhere), origins in corners,
 * on edges and inside, radii from 0 to unbounded. */
static void test_fov_random_seeds(void** state) {
  (void)state;
  static const int radii[] = {0, 1, 2, 4, 7, 11, 16, 25, 40, INT_MAX};
  size_t checks = 0, seen = 0;
  for (uint64_t seed = 1; seed <= 300; seed++) {
    uint64_t rng = seed * 7919;
    enum murk_grid_kind kind = (enum murk_grid_kind)rng_in(&rng, 0, 1);
    int w = rng_in(&rng, 1, 48), h = rng_in(&rng, 1, 48);
    int pb = rng_in(&rng, 0, 4) == 0 ? 100 * rng_in(&rng, 0, 1) : rng_in(&rng, 0, 60);
    int ph = rng_in(&rng, 0, 100 - pb);
    int levels = rng_in(&rng, 0, 2); /* flat, a few levels, rough */
    size_t n = (size_t)w * (size_t)h;
    unsigned char* s = malloc(n);
    signed char* lv = levels ? malloc(n) : NULL;
    assert_non_null(s);
    for (size_t i = 0; i < n; i++) {
      int roll = rng_in(&rng, 0, 99);
      s[i] = roll < pb ? B : roll < pb + ph ? H : C;
      if (lv) lv[i] = (signed char)(levels == 1 ? rng_in(&rng, -1, 2) : rng_in(&rng, -100, 100));
    }
    struct murk_grid g = {kind, w, h};
    struct murk_sightmap* m = NULL;
    assert_int_equal(murk_sightmap_new(&g, s, lv, &m), MURK_OK);
    free(s);
    free(lv);
    struct murk_fov_result* res = NULL;
    assert_int_equal(murk_fov_result_new(m, &res), MURK_OK);
    for (int i = 0; i < 10; i++) {
      struct murk_pos o = pick_origin(&rng, &g, i);
      int r = radii[rng_in(&rng, 0, (int)(sizeof radii / sizeof radii[0]) - 1)];
      seen += check_fov(m, res, o, r);
      checks++;
    }
    murk_fov_result_free(res);
    murk_sightmap_free(m);
  }
  assert_true(seen > 3 * checks);
}

/* Far rings: on the largest table, nearly open, with no radius, the field of view runs to
 * the far corner (rings up to 1,000 on squares, 1,500 on hexes), where the ends of the
 * pieces are made and moved the most. Checked against murk_los on a sample: random cells
 * of the table, and random cells of the list. */
static void test_fov_far_rings(void** state) {
  (void)state;
  uint64_t rng = 31337;
  static const struct murk_pos origins[] = {{0, 0}, {999, 999}, {0, 999}, {500, 3}};
  for (int kind = 0; kind < 2; kind++) {
    /* A few hindering cells, and a thousand blocking ones: one in a thousand. */
    struct murk_sightmap* m = random_map(&rng, (enum murk_grid_kind)kind, 1000, 1000, 0, 1, false);
    struct murk_grid g = murk_sightmap_grid(m);
    for (int k = 0; k < 1000; k++) set(m, rng_in(&rng, 0, 999), rng_in(&rng, 0, 999), B);
    struct murk_fov_result* res = NULL;
    assert_int_equal(murk_fov_result_new(m, &res), MURK_OK);
    for (size_t i = 0; i < sizeof origins / sizeof origins[0]; i++) {
      struct murk_pos o = origins[i];
      assert_int_equal(murk_fov(m, o, INT_MAX, res), MURK_OK);
      size_t n = 0;
      const struct murk_fov_cell* cells = murk_fov_cells(res, &n);
      assert_true(n > 1000);
      size_t far = 0;
      for (int k = 0; k < 1500; k++) {
        struct murk_pos p = P(rng_in(&rng, 0, 999), rng_in(&rng, 0, 999));
        int h = -1;
        bool v = murk_los(m, o, p, &h);
        assert_int_equal(murk_fov_visible(res, p), v);
        assert_int_equal(murk_fov_hindrance(res, p), v ? h : -1);
        const struct murk_fov_cell* c = &cells[rng_in(&rng, 0, (int)n - 1)];
        assert_true(murk_los(m, o, c->at, &h));
        assert_int_equal(c->hindrance, h);
        far += murk_geom_distance(&g, o, c->at) > 400;
      }
      assert_true(far > 100);
      for (size_t k = 1; k < n; k++) {
        assert_true(murk_geom_distance(&g, o, cells[k].at) >=
                    murk_geom_distance(&g, o, cells[k - 1].at));
      }
    }
    murk_fov_result_free(res);
    murk_sightmap_free(m);
  }
}

static void test_fov_growing_and_fresh_results(void** state) {
  (void)state;
  /* A result reused for growing radii (its working space grows along) and a fresh one
   * per call must agree with the line of sight just the same. */
  uint64_t rng = 99;
  for (int kind = 0; kind < 2; kind++) {
    struct murk_sightmap* m = random_map(&rng, (enum murk_grid_kind)kind, 50, 45, 15, 15, false);
    struct murk_grid g = murk_sightmap_grid(m);
    struct murk_fov_result* grow = NULL;
    assert_int_equal(murk_fov_result_new(m, &grow), MURK_OK);
    for (int r = 0; r <= 20; r++) {
      struct murk_pos o = P(rng_in(&rng, 0, g.width - 1), rng_in(&rng, 0, g.height - 1));
      check_fov(m, grow, o, r);
      struct murk_fov_result* fresh = NULL;
      assert_int_equal(murk_fov_result_new(m, &fresh), MURK_OK);
      check_fov(m, fresh, o, r);
      murk_fov_result_free(fresh);
    }
    murk_fov_result_free(grow);
    murk_sightmap_free(m);
  }
}

static void test_fov_changed_map(void** state) {
  (void)state;
  /* Changing a cell (smoke) between calls: the next call sees the change. */
  uint64_t rng = 5;
  struct murk_sightmap* m = random_map(&rng, MURK_GRID_HEX, 36, 24, 10, 10, true);
  struct murk_fov_result* res = NULL;
  assert_int_equal(murk_fov_result_new(m, &res), MURK_OK);
  for (int i = 0; i < 40; i++) {
    struct murk_pos o = P(rng_in(&rng, 0, 35), rng_in(&rng, 0, 23));
    check_fov(m, res, o, 12);
    set(m, rng_in(&rng, 0, 35), rng_in(&rng, 0, 23), (enum murk_sight)rng_in(&rng, 0, 2));
  }
  murk_fov_result_free(res);
  murk_sightmap_free(m);
}

static void test_fov_hindering_comes_and_goes(void** state) {
  (void)state;
  /* murk_fov walks a table with no hindering cell its own quicker way: the sight map must
   * notice the first hindering cell set on it (smoke) and the last one cleared, on maps
   * made from arrays and from missions alike. */
  uint64_t rng = 4242;
  for (int kind = 0; kind < 2; kind++) {
    struct murk_sightmap* m = random_map(&rng, (enum murk_grid_kind)kind, 30, 20, 15, 0, false);
    struct murk_fov_result* res = NULL;
    assert_int_equal(murk_fov_result_new(m, &res), MURK_OK);
    struct murk_pos o = P(12, 9), smoke[3] = {{13, 9}, {11, 10}, {12, 7}};
    set(m, o.x, o.y, C);
    check_fov(m, res, o, 15);
    for (int i = 0; i < 3; i++) {
      set(m, smoke[i].x, smoke[i].y, H);
      set(m, smoke[i].x, smoke[i].y, H); /* twice: still one */
      assert_true(check_fov(m, res, o, 15) > 1);
      /* A line out across the smoke, cleared but for it, counts it. */
      struct murk_grid g = murk_sightmap_grid(m);
      struct murk_pos beyond = P(2 * smoke[i].x - o.x, 2 * smoke[i].y - o.y + 1);
      struct murk_line_step st[32];
      size_t n = murk_geom_line(&g, o, beyond, st, 32);
      assert_true(n > 2 && n <= 32);
      for (size_t k = 1; k < n; k++) {
        set(m, st[k].cell.x, st[k].cell.y, C);
        if (st[k].tie) set(m, st[k].alt.x, st[k].alt.y, C);
      }
      set(m, st[1].cell.x, st[1].cell.y, H);
      if (st[1].tie) set(m, st[1].alt.x, st[1].alt.y, H);
      assert_int_equal(murk_fov(m, o, 15, res), MURK_OK);
      int h = -1;
      assert_true(murk_los(m, o, beyond, &h));
      assert_true(h >= 1);
      assert_int_equal(murk_fov_hindrance(res, beyond), h);
    }
    for (int i = 0; i < 3; i++) {
      set(m, smoke[i].x, smoke[i].y, B);
      check_fov(m, res, o, 15);
      set(m, smoke[i].x, smoke[i].y, C);
      check_fov(m, res, o, 15);
    }
    murk_fov_result_free(res);
    murk_sightmap_free(m);
  }
  /* From a mission: a hedge among open ground. */
  struct murk_mission* mis = calloc(1, sizeof *mis);
  assert_non_null(mis);
  mis->grid = (struct murk_grid){MURK_GRID_SQUARE, 9, 1};
  mis->nterrain = 2;
  mis->terrain[0] = (struct murk_terrain){
      '.', "open", MURK_TERRAIN_OPEN, MURK_SIGHT_CLEAR, MURK_WORKS_NONE, false};
  mis->terrain[1] = (struct murk_terrain){
      'h', "hedge", MURK_TERRAIN_OPEN, MURK_SIGHT_HINDERING, MURK_WORKS_NONE, false};
  unsigned char map[9] = {0, 0, 1, 0, 1, 0, 0, 0, 0};
  mis->map = map;
  struct murk_sightmap* m = NULL;
  assert_int_equal(murk_sightmap_from_mission(mis, &m), MURK_OK);
  struct murk_fov_result* res = NULL;
  assert_int_equal(murk_fov_result_new(m, &res), MURK_OK);
  assert_int_equal(murk_fov(m, P(0, 0), 20, res), MURK_OK);
  assert_int_equal(murk_fov_hindrance(res, P(8, 0)), 2);
  set(m, 2, 0, C);
  set(m, 4, 0, C);
  assert_int_equal(murk_fov(m, P(0, 0), 20, res), MURK_OK);
  assert_int_equal(murk_fov_hindrance(res, P(8, 0)), 0);
  set(m, 6, 0, H);
  assert_int_equal(murk_fov(m, P(0, 0), 20, res), MURK_OK);
  assert_int_equal(murk_fov_hindrance(res, P(8, 0)), 1);
  murk_fov_result_free(res);
  murk_sightmap_free(m);
  free(mis);
}

static void test_fov_large_map(void** state) {
  (void)state;
  /* 1000 x 1000 (the largest table), radius 60: the disc and its rim against murk_los,
   * in the middle and against every edge. */
  uint64_t rng = 77;
  static const struct murk_pos origins[] = {{500, 500}, {0, 0},   {999, 999}, {30, 970},
                                            {999, 10},  {61, 61}, {938, 501}, {500, 999}};
  for (int kind = 0; kind < 2; kind++) {
    struct murk_sightmap* m =
        random_map(&rng, (enum murk_grid_kind)kind, 1000, 1000, kind ? 5 : 3, 5, false);
    struct murk_fov_result* res = NULL;
    assert_int_equal(murk_fov_result_new(m, &res), MURK_OK);
    for (size_t i = 0; i < sizeof origins / sizeof origins[0]; i++) {
      size_t n = check_fov(m, res, origins[i], 60);
      assert_true(n > 100);
    }
    murk_fov_result_free(res);
    murk_sightmap_free(m);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sightmap_new_checks_input),
      cmocka_unit_test(test_sightmap_from_mission),
      cmocka_unit_test(test_los_blocking_and_ends_hex),
      cmocka_unit_test(test_los_tie_rule),
      cmocka_unit_test(test_los_tie_at_table_edge),
      cmocka_unit_test(test_los_square_diagonal),
      cmocka_unit_test(test_los_heights),
      cmocka_unit_test(test_los_height_at_a_tie),
      cmocka_unit_test(test_fov_hand_checked),
      cmocka_unit_test(test_fov_errors),
      cmocka_unit_test(test_fov_matches_los_random),
      cmocka_unit_test(test_fov_random_seeds),
      cmocka_unit_test(test_fov_far_rings),
      cmocka_unit_test(test_fov_growing_and_fresh_results),
      cmocka_unit_test(test_fov_changed_map),
      cmocka_unit_test(test_fov_hindering_comes_and_goes),
      cmocka_unit_test(test_fov_large_map),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
