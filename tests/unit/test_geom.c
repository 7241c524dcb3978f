/* test_geom.c: the grid. Hand-checked cells on the 36x24 standard table (corners, edges,
 * odd and even rows), distances against a breadth-first search, rings and discs against
 * brute force (including centres off the table), lines against an exact nearest-cell
 * search, the tie rule, lengths with units and positions as text. */
#include <inttypes.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "murk/error.h"
#include "murk/geom.h"
#include "test_grid.h"

static const struct murk_grid hex36 = {MURK_GRID_HEX, 36, 24};
static const struct murk_grid sq36 = {MURK_GRID_SQUARE, 36, 24};

static void assert_pos(struct murk_pos got, int x, int y) {
  if (got.x != x || got.y != y) fail_msg("got (%d,%d), want (%d,%d)", got.x, got.y, x, y);
}

static bool contains(const struct murk_pos* v, size_t n, struct murk_pos p) {
  for (size_t i = 0; i < n; i++) {
    if (murk_pos_eq(v[i], p)) return true;
  }
  return false;
}

/* ---- coordinates ---------------------------------------------------------------------- */

static void test_axial_known_and_roundtrip(void** state) {
  (void)state;
  /* q = x - floor(y / 2): odd rows are pushed right, so a row lower the same column is
   * further east in axial terms. */
  struct murk_axial a = murk_geom_to_axial(&hex36, P(0, 2));
  assert_int_equal(a.q, -1);
  assert_int_equal(a.r, 2);
  a = murk_geom_to_axial(&hex36, P(3, 3));
  assert_int_equal(a.q, 2);
  a = murk_geom_to_axial(&hex36, P(5, 1));
  assert_int_equal(a.q, 5);
  /* Row -1 is odd, so it is shifted right too: (-1,-1) sits above-left of (0,0). */
  a = murk_geom_to_axial(&hex36, P(-1, -1));
  assert_int_equal(a.q, 0);
  assert_int_equal(a.r, -1);
  a = murk_geom_to_axial(&sq36, P(7, 9));
  assert_int_equal(a.q, 7);
  assert_int_equal(a.r, 9);
  for (int y = -9; y <= 9; y++) {
    for (int x = -9; x <= 9; x++) {
      assert_true(
          murk_pos_eq(murk_geom_from_axial(&hex36, murk_geom_to_axial(&hex36, P(x, y))), P(x, y)));
      assert_true(
          murk_pos_eq(murk_geom_from_axial(&sq36, murk_geom_to_axial(&sq36, P(x, y))), P(x, y)));
    }
  }
}

static void test_on_table(void** state) {
  (void)state;
  assert_true(murk_geom_on_table(&hex36, P(0, 0)));
  assert_true(murk_geom_on_table(&hex36, P(35, 23)));
  assert_false(murk_geom_on_table(&hex36, P(36, 0)));
  assert_false(murk_geom_on_table(&hex36, P(0, 24)));
  assert_false(murk_geom_on_table(&hex36, P(-1, 5)));
  assert_false(murk_geom_on_table(&hex36, P(5, -1)));
}

/* ---- neighbours ----------------------------------------------------------------------- */

static void test_neighbour_offsets_by_row_parity(void** state) {
  (void)state;
  /* Even row (4,4): E, NE, NW, W, SW, SE. The row above is odd and shifted right, so NE
   * keeps the column and NW takes the one to the left. */
  static const int even[6][2] = {{5, 4}, {4, 3}, {3, 3}, {3, 4}, {3, 5}, {4, 5}};
  /* Odd row (4,5): its neighbours above and below are in columns 4 and 5. */
  static const int odd[6][2] = {{5, 5}, {5, 4}, {4, 4}, {3, 5}, {4, 6}, {5, 6}};
  for (int d = 0; d < 6; d++) {
    assert_pos(murk_geom_neighbour(&hex36, P(4, 4), d), even[d][0], even[d][1]);
    assert_pos(murk_geom_neighbour(&hex36, P(4, 5), d), odd[d][0], odd[d][1]);
  }
  static const int sq[8][2] = {{5, 4}, {5, 3}, {4, 3}, {3, 3}, {3, 4}, {3, 5}, {4, 5}, {5, 5}};
  for (int d = 0; d < 8; d++)
    assert_pos(murk_geom_neighbour(&sq36, P(4, 4), d), sq[d][0], sq[d][1]);
  assert_int_equal(murk_geom_directions(&hex36), 6);
  assert_int_equal(murk_geom_directions(&sq36), 8);
  /* Directions wrap: dir + 3 is the opposite hex direction, -1 is SE. */
  assert_pos(murk_geom_neighbour(&hex36, P(4, 4), -1), 4, 5);
  assert_pos(murk_geom_neighbour(&hex36, P(4, 4), 7), 4, 3);
  assert_pos(murk_geom_neighbour(&sq36, P(4, 4), 12), 3, 4);
}

static void test_neighbour_and_back(void** state) {
  (void)state;
  for (int y = -3; y <= 4; y++) {
    for (int x = -3; x <= 4; x++) {
      for (int d = 0; d < 6; d++) {
        struct murk_pos n = murk_geom_neighbour(&hex36, P(x, y), d);
        assert_int_equal(murk_geom_distance(&hex36, P(x, y), n), 1);
        assert_true(murk_pos_eq(murk_geom_neighbour(&hex36, n, d + 3), P(x, y)));
      }
      for (int d = 0; d < 8; d++) {
        struct murk_pos n = murk_geom_neighbour(&sq36, P(x, y), d);
        assert_int_equal(murk_geom_distance(&sq36, P(x, y), n), 1);
        assert_true(murk_pos_eq(murk_geom_neighbour(&sq36, n, d + 4), P(x, y)));
      }
    }
  }
}

static void check_neighbours(const struct murk_grid* g, struct murk_pos p, const int want[][2],
                             int n) {
  struct murk_pos out[MURK_GEOM_MAX_NEIGHBOURS];
  int got = murk_geom_neighbours(g, p, out);
  assert_int_equal(got, n);
  for (int i = 0; i < n; i++) assert_pos(out[i], want[i][0], want[i][1]);
}

static void test_neighbours_at_table_corners_and_edges(void** state) {
  (void)state;
  /* Top-left corner, even row: only E and SE (SE of an even row keeps the column). */
  check_neighbours(&hex36, P(0, 0), (const int[][2]){{1, 0}, {0, 1}}, 2);
  /* Top-right corner, even row: W, SW, SE. */
  check_neighbours(&hex36, P(35, 0), (const int[][2]){{34, 0}, {34, 1}, {35, 1}}, 3);
  /* Bottom-right corner, row 23 is odd: only NW (same column) and W. */
  check_neighbours(&hex36, P(35, 23), (const int[][2]){{35, 22}, {34, 23}}, 2);
  /* Bottom-left corner, odd row: E, NE, NW. */
  check_neighbours(&hex36, P(0, 23), (const int[][2]){{1, 23}, {1, 22}, {0, 22}}, 3);
  /* Odd row on the right edge sticks out half a hex: NE and SE fall off. */
  check_neighbours(&hex36, P(35, 1), (const int[][2]){{35, 0}, {34, 1}, {35, 2}}, 3);
  /* Even row on the right edge: only E is off. */
  check_neighbours(&hex36, P(35, 2), (const int[][2]){{35, 1}, {34, 1}, {34, 2}, {34, 3}, {35, 3}},
                   5);
  /* Odd row on the left edge: only W is off. */
  check_neighbours(&hex36, P(0, 1), (const int[][2]){{1, 1}, {1, 0}, {0, 0}, {0, 2}, {1, 2}}, 5);
  /* Even row on the left edge: NW, W and SW are off. */
  check_neighbours(&hex36, P(0, 2), (const int[][2]){{1, 2}, {0, 1}, {0, 3}}, 3);
  /* Top edge, middle. */
  check_neighbours(&hex36, P(10, 0), (const int[][2]){{11, 0}, {9, 0}, {9, 1}, {10, 1}}, 4);
  /* Open ground: all six. */
  struct murk_pos out[MURK_GEOM_MAX_NEIGHBOURS];
  assert_int_equal(murk_geom_neighbours(&hex36, P(10, 10), out), 6);
  /* Squares. */
  check_neighbours(&sq36, P(0, 0), (const int[][2]){{1, 0}, {0, 1}, {1, 1}}, 3);
  check_neighbours(&sq36, P(35, 23), (const int[][2]){{35, 22}, {34, 22}, {34, 23}}, 3);
  check_neighbours(&sq36, P(35, 5), (const int[][2]){{35, 4}, {34, 4}, {34, 5}, {34, 6}, {35, 6}},
                   5);
  assert_int_equal(murk_geom_neighbours(&sq36, P(10, 10), out), 8);
  /* A 1x1 table has no neighbours at all. */
  const struct murk_grid tiny = {MURK_GRID_HEX, 1, 1};
  assert_int_equal(murk_geom_neighbours(&tiny, P(0, 0), out), 0);
}

/* ---- distance ------------------------------------------------------------------------- */

/* Axial distance is the offset distance of the same cells, on both grids and off the table
 * (odd and negative rows included). */
static void test_axial_distance_matches(void** state) {
  (void)state;
  const struct murk_grid* grids[] = {&hex36, &sq36};
  for (int gi = 0; gi < 2; gi++)
    for (int y0 = -3; y0 <= 4; y0++)
      for (int x0 = -3; x0 <= 4; x0++)
        for (int y1 = -5; y1 <= 6; y1 += 1)
          for (int x1 = -5; x1 <= 6; x1 += 1) {
            const struct murk_grid* g = grids[gi];
            struct murk_axial a = murk_geom_to_axial(g, P(x0, y0));
            struct murk_axial b = murk_geom_to_axial(g, P(x1, y1));
            assert_int_equal(murk_geom_axial_distance(g, a, b),
                             murk_geom_distance(g, P(x0, y0), P(x1, y1)));
          }
}

static void test_distance_known_pairs(void** state) {
  (void)state;
  assert_int_equal(murk_geom_distance(&hex36, P(0, 0), P(0, 0)), 0);
  assert_int_equal(murk_geom_distance(&hex36, P(0, 0), P(3, 0)), 3);
  /* (0,0) -> (0,2): SE to (0,1), then SW to (0,2). */
  assert_int_equal(murk_geom_distance(&hex36, P(0, 0), P(0, 2)), 2);
  /* (0,0) -> (1,2): SE (0,1), SE (1,2). */
  assert_int_equal(murk_geom_distance(&hex36, P(0, 0), P(1, 2)), 2);
  /* (0,0) -> (2,2): two rows need two steps, which gain at most one column: 3. */
  assert_int_equal(murk_geom_distance(&hex36, P(0, 0), P(2, 2)), 3);
  /* (5,5) -> (2,1), walked by hand: NW (5,4), NW (4,3), NW (4,2), NW (3,1), W (2,1). Four
   * rows up gain at most two columns west from an odd row (rows 5 and 3 keep the column),
   * so it cannot be done in four: 5. */
  assert_int_equal(murk_geom_distance(&hex36, P(5, 5), P(2, 1)), 5);
  /* Corner to corner: 23 SE steps from row 0 gain a column on each odd row left behind
   * (rows 1, 3, ..., 21: 11 of them), reaching (11,23); then 24 steps E: 47. No path is
   * shorter: each step gains at most one column or one row-with-half-a-column. */
  assert_int_equal(murk_geom_distance(&hex36, P(0, 0), P(35, 23)), 47);
  /* The other diagonal: SW from (35,0) loses a column only on even rows (0, 2, ..., 22:
   * 12 of them), reaching (23,23); then 23 steps W: 46. */
  assert_int_equal(murk_geom_distance(&hex36, P(35, 0), P(0, 23)), 46);
  /* Straight down a column is a zig-zag: one step per row. */
  assert_int_equal(murk_geom_distance(&hex36, P(7, 0), P(7, 23)), 23);
  /* Off-table cells are fine. */
  assert_int_equal(murk_geom_distance(&hex36, P(-3, 0), P(2, 0)), 5);
  /* Squares: Chebyshev. */
  assert_int_equal(murk_geom_distance(&sq36, P(0, 0), P(35, 23)), 35);
  assert_int_equal(murk_geom_distance(&sq36, P(4, 9), P(6, 2)), 7);
  assert_int_equal(murk_geom_distance(&sq36, P(3, 3), P(3, 3)), 0);
}

/* Breadth-first search over murk_geom_neighbour on an unbounded patch: an oracle for the
 * distance that shares nothing with the cube formula. */
#define BFS_R 12
#define BFS_N (2 * BFS_R + 1)

static void test_distance_matches_bfs(void** state) {
  (void)state;
  const struct murk_grid* grids[2] = {&hex36, &sq36};
  /* Start on an even and on an odd row. */
  const struct murk_pos starts[2] = {{0, 0}, {3, 1}};
  for (int gi = 0; gi < 2; gi++) {
    for (int si = 0; si < 2; si++) {
      const struct murk_grid* g = grids[gi];
      struct murk_pos s = starts[si];
      int dist[BFS_N][BFS_N];
      struct murk_pos queue[BFS_N * BFS_N];
      for (int i = 0; i < BFS_N; i++) {
        for (int j = 0; j < BFS_N; j++) dist[i][j] = -1;
      }
      size_t head = 0, tail = 0;
      dist[BFS_R][BFS_R] = 0;
      queue[tail++] = s;
      while (head < tail) {
        struct murk_pos p = queue[head++];
        for (int d = 0; d < murk_geom_directions(g); d++) {
          struct murk_pos n = murk_geom_neighbour(g, p, d);
          int ix = n.x - s.x + BFS_R, iy = n.y - s.y + BFS_R;
          if (ix < 0 || iy < 0 || ix >= BFS_N || iy >= BFS_N || dist[iy][ix] >= 0) continue;
          dist[iy][ix] = dist[p.y - s.y + BFS_R][p.x - s.x + BFS_R] + 1;
          queue[tail++] = n;
        }
      }
      /* Cells near the centre cannot have been reached the long way round the patch. */
      for (int iy = BFS_R / 2; iy <= BFS_R + BFS_R / 2; iy++) {
        for (int ix = BFS_R / 2; ix <= BFS_R + BFS_R / 2; ix++) {
          struct murk_pos p = P(s.x + ix - BFS_R, s.y + iy - BFS_R);
          assert_int_equal(murk_geom_distance(g, s, p), dist[iy][ix]);
        }
      }
    }
  }
}

static void test_distance_symmetric_and_triangle(void** state) {
  (void)state;
  uint64_t seed = 1;
  const struct murk_grid* grids[2] = {&hex36, &sq36};
  for (int gi = 0; gi < 2; gi++) {
    const struct murk_grid* g = grids[gi];
    for (int i = 0; i < 20000; i++) {
      struct murk_pos a = P(rng_in(&seed, -40, 80), rng_in(&seed, -40, 80));
      struct murk_pos b = P(rng_in(&seed, -40, 80), rng_in(&seed, -40, 80));
      struct murk_pos c = P(rng_in(&seed, -40, 80), rng_in(&seed, -40, 80));
      int ab = murk_geom_distance(g, a, b), ba = murk_geom_distance(g, b, a);
      assert_int_equal(ab, ba);
      assert_true(ab <= murk_geom_distance(g, a, c) + murk_geom_distance(g, c, b));
      assert_int_equal(ab == 0, murk_pos_eq(a, b));
      /* A step changes the row by at most one and the column by at most one. */
      assert_true(ab >= abs(a.x - b.x) && ab >= abs(a.y - b.y));
    }
  }
}

/* ---- rings and discs ------------------------------------------------------------------ */

#define BIG 4096

static void test_ring_sizes_open_board(void** state) {
  (void)state;
  struct murk_pos out[BIG];
  assert_int_equal(murk_geom_ring(&hex36, P(18, 12), 0, out, BIG), 1);
  assert_pos(out[0], 18, 12);
  for (int r = 1; r <= 11; r++) {
    assert_int_equal(murk_geom_ring(&hex36, P(18, 12), r, out, BIG), 6 * r);
    assert_int_equal(murk_geom_ring(&hex36, P(17, 11), r, out, BIG), 6 * r);
    assert_int_equal(murk_geom_ring(&sq36, P(18, 12), r, out, BIG), 8 * r);
  }
  /* Radius 12 from row 12 reaches row 24, one past the bottom edge: the ring's bottom
   * side, the 13 cells of row 24 from its SW corner to its SE corner, falls off; columns 6
   * to 30 and row 0 are still on the table. 72 - 13 = 59. */
  assert_int_equal(murk_geom_ring(&hex36, P(18, 12), 12, out, BIG), 59);
  assert_int_equal(murk_geom_ring(&hex36, P(18, 12), -1, out, BIG), 0);
}

static void test_ring_order(void** state) {
  (void)state;
  struct murk_pos out[BIG], nb[MURK_GEOM_MAX_NEIGHBOURS];
  /* Radius 1 is the neighbours in direction order. */
  const struct murk_grid* grids[2] = {&hex36, &sq36};
  for (int gi = 0; gi < 2; gi++) {
    const struct murk_grid* g = grids[gi];
    size_t n = murk_geom_ring(g, P(9, 9), 1, out, BIG);
    assert_int_equal(n, (size_t)murk_geom_neighbours(g, P(9, 9), nb));
    for (size_t i = 0; i < n; i++) assert_true(murk_pos_eq(out[i], nb[i]));
    /* Larger rings: start due east, walk round with each cell next to the one before. */
    for (int r = 2; r <= 8; r++) {
      n = murk_geom_ring(g, P(18, 12), r, out, BIG);
      assert_pos(out[0], 18 + r, 12);
      for (size_t i = 0; i < n; i++) {
        assert_int_equal(murk_geom_distance(g, out[i], out[(i + 1) % n]), 1);
      }
      /* Counter-clockwise: the first step goes up (north). */
      assert_true(out[1].y == 11);
    }
  }
}

static void test_ring_truncated_at_corner(void** state) {
  (void)state;
  struct murk_pos out[16];
  /* Around (0,0): radius 1 is its two neighbours; radius 2 is (2,0), (1,1), (0,2), (1,2)
   * (hand-checked with the axial formula: each has q, r, s at most 2 apart from (0,0)). */
  assert_int_equal(murk_geom_ring(&hex36, P(0, 0), 1, out, 16), 2);
  assert_int_equal(murk_geom_ring(&hex36, P(0, 0), 2, out, 16), 4);
  assert_pos(out[0], 2, 0);
  assert_pos(out[1], 0, 2);
  assert_pos(out[2], 1, 2);
  assert_pos(out[3], 1, 1);
  assert_int_equal(murk_geom_ring(&sq36, P(0, 0), 2, out, 16), 5);
}

/* Brute force: the on-table cells at (or within) distance r, as a set. */
static size_t brute(const struct murk_grid* g, struct murk_pos c, int r, bool disc,
                    struct murk_pos* out) {
  size_t n = 0;
  for (int y = 0; y < g->height; y++) {
    for (int x = 0; x < g->width; x++) {
      int d = murk_geom_distance(g, c, P(x, y));
      if (disc ? d <= r : d == r) out[n++] = P(x, y);
    }
  }
  return n;
}

static void check_same_set(const struct murk_pos* a, size_t na, const struct murk_pos* b,
                           size_t nb) {
  assert_int_equal(na, nb);
  for (size_t i = 0; i < na; i++) {
    assert_true(contains(b, nb, a[i]));
    for (size_t j = i + 1; j < na; j++) assert_false(murk_pos_eq(a[i], a[j]));
  }
}

static void test_ring_and_within_match_brute_force(void** state) {
  (void)state;
  /* Small tables of all shapes, centres on and well off the table: this also checks the
   * shortcut that skips the empty rings before the table is reached. */
  static const int sizes[][2] = {{1, 1}, {1, 5}, {5, 1}, {4, 3}, {7, 6}, {6, 7}, {2, 9}};
  static struct murk_pos got[BIG], want[BIG];
  for (int kind = 0; kind < 2; kind++) {
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
      struct murk_grid g = {kind ? MURK_GRID_SQUARE : MURK_GRID_HEX, sizes[si][0], sizes[si][1]};
      for (int cy = -9; cy < g.height + 9; cy++) {
        for (int cx = -9; cx < g.width + 9; cx++) {
          struct murk_pos c = P(cx, cy);
          for (int r = 0; r <= 26; r++) {
            size_t n = murk_geom_ring(&g, c, r, got, BIG);
            check_same_set(got, n, want, brute(&g, c, r, false, want));
            n = murk_geom_within(&g, c, r, got, BIG);
            check_same_set(got, n, want, brute(&g, c, r, true, want));
            /* Ring by ring: distances never go down. */
            for (size_t i = 1; i < n; i++) {
              assert_true(murk_geom_distance(&g, c, got[i - 1]) <=
                          murk_geom_distance(&g, c, got[i]));
            }
          }
        }
      }
    }
  }
}

static void test_within_counts(void** state) {
  (void)state;
  struct murk_pos out[BIG];
  for (int r = 0; r <= 11; r++) {
    assert_int_equal(murk_geom_within(&hex36, P(18, 12), r, out, BIG), 1 + 3 * r * (r + 1));
    assert_int_equal(murk_geom_within(&sq36, P(18, 12), r, out, BIG), (2 * r + 1) * (2 * r + 1));
  }
  /* The corner (0,0): 1 + 2 + 4 (see test_ring_truncated_at_corner). */
  assert_int_equal(murk_geom_within(&hex36, P(0, 0), 2, out, BIG), 7);
  assert_pos(out[0], 0, 0);
  /* Large enough radius: the whole table, once each. */
  assert_int_equal(murk_geom_within(&hex36, P(5, 5), 1000000, out, BIG), 36 * 24);
  assert_int_equal(murk_geom_within(&hex36, P(5, 5), 2147483647, out, BIG), 36 * 24);
  assert_int_equal(murk_geom_within(&hex36, P(5, 5), -1, out, BIG), 0);
  /* A centre far off the table. */
  assert_int_equal(murk_geom_within(&hex36, P(-1000, -1000), 10, out, BIG), 0);
  /* Far west on an even row: only (0,4) is exactly 1000 away; its neighbours in rows 3
   * and 5 are 1001 (they need a row step that gains only half a column). */
  assert_int_equal(murk_geom_ring(&hex36, P(-1000, 4), 1000, out, BIG), 1);
  assert_pos(out[0], 0, 4);
}

static void test_snprintf_style_counts(void** state) {
  (void)state;
  struct murk_pos out[8];
  const struct murk_pos canary = {-77, -77};
  for (int i = 0; i < 8; i++) out[i] = canary;
  assert_int_equal(murk_geom_within(&hex36, P(10, 10), 1, out, 3), 7);
  assert_pos(out[0], 10, 10);
  assert_pos(out[1], 11, 10);
  assert_true(murk_pos_eq(out[3], canary));
  assert_int_equal(murk_geom_ring(&hex36, P(10, 10), 2, NULL, 0), 12);
  assert_int_equal(murk_geom_within(&hex36, P(10, 10), 2, NULL, 0), 19);
  struct murk_line_step steps[2];
  steps[1].cell = canary;
  assert_int_equal(murk_geom_line(&hex36, P(0, 0), P(5, 0), steps, 1), 6);
  assert_true(murk_pos_eq(steps[1].cell, canary));
  /* Deterministic: the same call gives the same order. */
  struct murk_pos a[64], b[64];
  size_t na = murk_geom_within(&hex36, P(3, 4), 4, a, 64);
  size_t nb = murk_geom_within(&hex36, P(3, 4), 4, b, 64);
  assert_int_equal(na, nb);
  assert_memory_equal(a, b, na * sizeof a[0]);
}

/* ---- lines ---------------------------------------------------------------------------- */

static void check_step(const struct murk_line_step* s, int x, int y) {
  assert_pos(s->cell, x, y);
  assert_true(murk_pos_eq(s->alt, s->cell));
  assert_false(s->tie);
}

static void check_tie(const struct murk_line_step* s, int x, int y, int ax, int ay) {
  assert_pos(s->cell, x, y);
  assert_pos(s->alt, ax, ay);
  assert_true(s->tie);
}

static void test_line_hex_hand_cases(void** state) {
  (void)state;
  struct murk_line_step s[16];
  /* Along a row. */
  assert_int_equal(murk_geom_line(&hex36, P(0, 0), P(3, 0), s, 16), 4);
  for (int i = 0; i < 4; i++) check_step(&s[i], i, 0);
  /* Start = end. */
  assert_int_equal(murk_geom_line(&hex36, P(4, 4), P(4, 4), s, 16), 1);
  check_step(&s[0], 4, 4);
  /* Along a hex direction (SE, SW alternating in offset terms). */
  assert_int_equal(murk_geom_line(&hex36, P(2, 0), P(4, 4), s, 16), 5);
  check_step(&s[1], 2, 1);
  check_step(&s[2], 3, 2);
  check_step(&s[3], 3, 3);
  /* East-south-east from the corner (0,0) to (1,1): the exact line runs along the edge
   * between (1,0) and (0,1), passing through its middle. Both are reported; the tie rule
   * takes the one further east on screen, (1,0) (screen x 1 against 0.5). */
  assert_int_equal(murk_geom_line(&hex36, P(0, 0), P(1, 1), s, 16), 3);
  check_step(&s[0], 0, 0);
  check_tie(&s[1], 1, 0, 0, 1);
  check_step(&s[2], 1, 1);
  /* East-north-east, twice as far: (0,4) to (3,2), axial (+4, -2). Samples at quarters:
   * 1/4 is on the edge between E (1,4) and NE (0,3), 2/4 is the centre of (1,3), 3/4 is
   * on the edge between (2,3) (screen x 2.5) and (2,2) (screen x 2). */
  assert_int_equal(murk_geom_line(&hex36, P(0, 4), P(3, 2), s, 16), 5);
  check_step(&s[0], 0, 4);
  check_tie(&s[1], 1, 4, 0, 3);
  check_step(&s[2], 1, 3);
  check_tie(&s[3], 2, 3, 2, 2);
  check_step(&s[4], 3, 2);
  /* Reversed: the same cells backwards, and the same choices at the ties. */
  assert_int_equal(murk_geom_line(&hex36, P(3, 2), P(0, 4), s, 16), 5);
  check_tie(&s[1], 2, 3, 2, 2);
  check_tie(&s[3], 1, 4, 0, 3);
  /* Straight down the screen along the left edge: (0,0) to (0,2) passes between (0,1)
   * and the off-table (-1,1); the on-table one is taken. */
  assert_int_equal(murk_geom_line(&hex36, P(0, 0), P(0, 2), s, 16), 3);
  check_tie(&s[1], 0, 1, -1, 1);
  /* Straight down along the right side: (35,1) to (35,3) passes between (35,2) and
   * (36,2). On the 36-wide table (36,2) is off, so (35,2) is taken although it is the
   * western one; on a wider table the eastern one wins. */
  assert_int_equal(murk_geom_line(&hex36, P(35, 1), P(35, 3), s, 16), 3);
  check_tie(&s[1], 35, 2, 36, 2);
  const struct murk_grid wide = {MURK_GRID_HEX, 40, 24};
  assert_int_equal(murk_geom_line(&wide, P(35, 1), P(35, 3), s, 16), 3);
  check_tie(&s[1], 36, 2, 35, 2);
  /* Out of the coordinate range: no line. */
  assert_int_equal(murk_geom_line(&hex36, P(0, 0), P(MURK_GEOM_COORD_MAX + 1, 0), s, 16), 0);
  assert_int_equal(
      murk_geom_line(&hex36, P(-MURK_GEOM_COORD_MAX, 0), P(MURK_GEOM_COORD_MAX, 2), NULL, 0),
      2 * MURK_GEOM_COORD_MAX + 2);
}

static void test_line_square_hand_cases(void** state) {
  (void)state;
  struct murk_line_step s[16];
  /* Shallow: (0,0) to (4,2). At x = 1 and x = 3 the line crosses exactly the middle of
   * the side between two cells (y = 0.5, 1.5): ties, taken to the north (upper row). */
  assert_int_equal(murk_geom_line(&sq36, P(0, 0), P(4, 2), s, 16), 5);
  check_step(&s[0], 0, 0);
  check_tie(&s[1], 1, 0, 1, 1);
  check_step(&s[2], 2, 1);
  check_tie(&s[3], 3, 1, 3, 2);
  check_step(&s[4], 4, 2);
  /* Steep: (0,0) to (1,2): at y = 1 the line is at x = 0.5: taken to the east. */
  assert_int_equal(murk_geom_line(&sq36, P(0, 0), P(1, 2), s, 16), 3);
  check_tie(&s[1], 1, 1, 0, 1);
  /* Reversed, the same choice. */
  assert_int_equal(murk_geom_line(&sq36, P(1, 2), P(0, 0), s, 16), 3);
  check_tie(&s[1], 1, 1, 0, 1);
  /* Diagonal and (0,0)-(3,1): no ties (y = 1/3, 2/3 round cleanly). */
  assert_int_equal(murk_geom_line(&sq36, P(0, 0), P(3, 3), s, 16), 4);
  for (int i = 0; i < 4; i++) check_step(&s[i], i, i);
  assert_int_equal(murk_geom_line(&sq36, P(0, 0), P(3, 1), s, 16), 4);
  check_step(&s[1], 1, 0);
  check_step(&s[2], 2, 1);
  /* The on-table clause: on a one-column table, (0,0) to the off-table (1,2) passes
   * between (0,1) and (1,1); (0,1) is on the table and is taken. */
  const struct murk_grid col = {MURK_GRID_SQUARE, 1, 5};
  assert_int_equal(murk_geom_line(&col, P(0, 0), P(1, 2), s, 16), 3);
  check_tie(&s[1], 0, 1, 1, 1);
}

/* Exact nearest-cell search for sample i of n: squared distances in cube coordinates
 * (proportional to distances on screen for hexes), compared as whole numbers. Returns how
 * many cells are nearest (1, or 2 on an edge) and writes them. */
static int nearest_cells(const struct murk_grid* g, struct murk_pos a, struct murk_pos b, int i,
                         int n, struct murk_pos best[4]) {
  struct murk_axial pa = murk_geom_to_axial(g, a), pb = murk_geom_to_axial(g, b);
  int64_t nn = n ? n : 1;
  int64_t sq = pa.q * nn + (int64_t)(pb.q - pa.q) * i;
  int64_t sr = pa.r * nn + (int64_t)(pb.r - pa.r) * i;
  int64_t bestd = INT64_MAX;
  int count = 0;
  int64_t q0 = sq / nn, r0 = sr / nn;
  for (int64_t q = q0 - 3; q <= q0 + 3; q++) {
    for (int64_t r = r0 - 3; r <= r0 + 3; r++) {
      int64_t dq = sq - q * nn, dr = sr - r * nn;
      int64_t d = dq * dq + dr * dr;
      if (g->kind == MURK_GRID_HEX) d += (dq + dr) * (dq + dr);
      if (d < bestd) {
        bestd = d;
        count = 0;
      }
      if (d == bestd && count < 4) {
        best[count++] = murk_geom_from_axial(g, (struct murk_axial){(int)q, (int)r});
      }
    }
  }
  return count;
}

static void check_line_properties(const struct murk_grid* g, struct murk_pos a, struct murk_pos b,
                                  int* ties) {
  static struct murk_line_step s[512], t[512];
  int d = murk_geom_distance(g, a, b);
  size_t n = murk_geom_line(g, a, b, s, 512);
  assert_int_equal(n, (size_t)d + 1);
  assert_true(murk_pos_eq(s[0].cell, a) && !s[0].tie);
  assert_true(murk_pos_eq(s[n - 1].cell, b) && !s[n - 1].tie);
  for (size_t i = 0; i < n; i++) {
    if (i > 0) assert_int_equal(murk_geom_distance(g, s[i - 1].cell, s[i].cell), 1);
    /* The chosen cell is nearest to the exact point; a tie is exactly two nearest. */
    struct murk_pos best[4];
    int nb = nearest_cells(g, a, b, (int)i, d, best);
    assert_int_equal(nb, s[i].tie ? 2 : 1);
    assert_true(contains(best, (size_t)nb, s[i].cell));
    assert_true(contains(best, (size_t)nb, s[i].alt));
    if (!s[i].tie) continue;
    (*ties)++;
    assert_false(murk_pos_eq(s[i].alt, s[i].cell));
    /* Ties never come two in a row, and the other cell also links the line up: a rule may
     * follow either. */
    assert_false(s[i - 1].tie || s[i + 1].tie);
    assert_int_equal(murk_geom_distance(g, s[i - 1].cell, s[i].alt), 1);
    assert_int_equal(murk_geom_distance(g, s[i].alt, s[i + 1].cell), 1);
    /* The tie rule. */
    bool on_c = murk_geom_on_table(g, s[i].cell), on_a = murk_geom_on_table(g, s[i].alt);
    if (on_c == on_a) {
      int kc = 2 * s[i].cell.x + (g->kind == MURK_GRID_HEX ? abs(s[i].cell.y % 2) : 0);
      int ka = 2 * s[i].alt.x + (g->kind == MURK_GRID_HEX ? abs(s[i].alt.y % 2) : 0);
      assert_true(kc > ka || (kc == ka && s[i].cell.y < s[i].alt.y));
    } else {
      assert_true(on_c);
    }
  }
  /* Reversed: the same steps backwards, ties and choices included. */
  assert_int_equal(murk_geom_line(g, b, a, t, 512), n);
  for (size_t i = 0; i < n; i++) {
    assert_true(murk_pos_eq(t[i].cell, s[n - 1 - i].cell));
    assert_true(murk_pos_eq(t[i].alt, s[n - 1 - i].alt));
    assert_int_equal(t[i].tie, s[n - 1 - i].tie);
  }
}

static void test_line_properties_random(void** state) {
  (void)state;
  uint64_t seed = 7;
  const struct murk_grid* grids[2] = {&hex36, &sq36};
  for (int gi = 0; gi < 2; gi++) {
    int ties = 0;
    for (int i = 0; i < 20000; i++) {
      struct murk_pos a = P(rng_in(&seed, -5, 40), rng_in(&seed, -5, 28));
      struct murk_pos b = P(rng_in(&seed, -5, 40), rng_in(&seed, -5, 28));
      check_line_properties(grids[gi], a, b, &ties);
    }
    /* Lines drawn on purpose along edges (hex) and through side middles (square). */
    for (int x = 0; x < 36; x += 5) {
      for (int y = 0; y < 24; y += 3) {
        check_line_properties(grids[gi], P(x, y), P(x, y + 2 * (y % 2 == 0 ? 1 : -1)), &ties);
        check_line_properties(grids[gi], P(x, y), P(x + 4, y + 2), &ties);
        check_line_properties(grids[gi], P(x, y), P(x + 1, y + 1), &ties);
      }
    }
    /* The ties really are exercised, not just allowed for. */
    assert_true(ties > 500);
  }
}

static void test_line_between_table_cells_stays_on_table(void** state) {
  (void)state;
  /* Every pair of cells of small tables: the chosen cells never leave the table. */
  static const int sizes[][2] = {{4, 4}, {5, 3}, {3, 6}, {7, 7}};
  static struct murk_line_step s[64];
  for (int kind = 0; kind < 2; kind++) {
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
      struct murk_grid g = {kind ? MURK_GRID_SQUARE : MURK_GRID_HEX, sizes[si][0], sizes[si][1]};
      for (int a = 0; a < g.width * g.height; a++) {
        for (int b = 0; b < g.width * g.height; b++) {
          size_t n =
              murk_geom_line(&g, P(a % g.width, a / g.width), P(b % g.width, b / g.width), s, 64);
          for (size_t i = 0; i < n; i++) assert_true(murk_geom_on_table(&g, s[i].cell));
        }
      }
    }
  }
}

/* ---- lengths -------------------------------------------------------------------------- */

static void check_len(const char* text, int64_t value, enum murk_unit unit) {
  struct murk_length l = {-1, MURK_UNIT_HEX};
  char err[128] = "";
  int rc = murk_length_parse(text, &l, err, sizeof err);
  if (rc != MURK_OK) fail_msg("'%s' rejected: %s", text, err);
  assert_int_equal(l.value, value);
  assert_int_equal(l.unit, unit);
}

static void check_len_bad(const char* text, const char* msg_part) {
  struct murk_length l = {12345, MURK_UNIT_CM};
  char err[160] = "";
  assert_int_equal(murk_length_parse(text, &l, err, sizeof err), MURK_EINVAL);
  if (!strstr(err, msg_part)) fail_msg("'%s': message '%s' lacks '%s'", text, err, msg_part);
  assert_int_equal(l.value, 12345); /* untouched */
}

static void test_length_parse(void** state) {
  (void)state;
  check_len("20cm", 2000, MURK_UNIT_CM);
  check_len("8in", 800, MURK_UNIT_IN);
  check_len("3hex", 300, MURK_UNIT_HEX);
  check_len("2.5in", 250, MURK_UNIT_IN);
  check_len("12\"", 1200, MURK_UNIT_IN);
  check_len("1cell", 100, MURK_UNIT_HEX);
  check_len("2cells", 200, MURK_UNIT_HEX);
  check_len("4hexes", 400, MURK_UNIT_HEX);
  check_len("2.54cm", 254, MURK_UNIT_CM);
  check_len("0.05in", 5, MURK_UNIT_IN);
  check_len("0cm", 0, MURK_UNIT_CM);
  check_len(" 20 cm ", 2000, MURK_UNIT_CM);
  check_len("1000000cm", 100000000, MURK_UNIT_CM);
  check_len("007in", 700, MURK_UNIT_IN);

  check_len_bad("", "empty");
  check_len_bad("   ", "empty");
  check_len_bad(NULL, "empty");
  check_len_bad("cm", "expected a number");
  check_len_bad("-3cm", "negative");
  check_len_bad("+3cm", "expected a number");
  check_len_bad(".5in", "expected a number");
  check_len_bad("3 parsecs", "unknown unit 'parsecs'");
  check_len_bad("3 parsecs", "expected cm, in");
  check_len_bad("20CM", "unknown unit 'CM'");
  check_len_bad("1e9cm", "exponent");
  check_len_bad("1000001cm", "too large");
  check_len_bad("99999999999999999999999cm", "too large");
  check_len_bad("2.345in", "two decimals");
  check_len_bad("2.in", "digit after");
  check_len_bad("20", "missing unit");
  check_len_bad("20cm 5", "unexpected text");
  check_len_bad("2,5in", "unknown unit");
  /* A tiny buffer is fine, and so is none. */
  struct murk_length l;
  char small[4];
  assert_int_equal(murk_length_parse("x", &l, small, sizeof small), MURK_EINVAL);
  assert_int_equal(strlen(small), 3);
  assert_int_equal(murk_length_parse("x", &l, NULL, 0), MURK_EINVAL);
}

static int cells(const char* len, const char* scale, enum murk_round r) {
  struct murk_length l, s;
  assert_int_equal(murk_length_parse(len, &l, NULL, 0), MURK_OK);
  assert_int_equal(murk_length_parse(scale, &s, NULL, 0), MURK_OK);
  return murk_length_to_cells(l, s, r);
}

static void test_length_to_cells(void** state) {
  (void)state;
  const enum murk_round D = MURK_ROUND_DOWN, U = MURK_ROUND_UP;
  /* 5cm a hex (the standard 180x120 table as 36x24). */
  assert_int_equal(cells("20cm", "5cm", D), 4);
  assert_int_equal(cells("20cm", "5cm", U), 4);
  assert_int_equal(cells("22cm", "5cm", D), 4);
  assert_int_equal(cells("22cm", "5cm", U), 5);
  assert_int_equal(cells("180cm", "5cm", D), 36);
  /* 8in = 20.32cm = 4.064 hexes. */
  assert_int_equal(cells("8in", "5cm", D), 4);
  assert_int_equal(cells("8in", "5cm", U), 5);
  /* 60cm spotting range, 4.99cm and 5.01cm. */
  assert_int_equal(cells("60cm", "5cm", D), 12);
  assert_int_equal(cells("4.99cm", "5cm", D), 0);
  assert_int_equal(cells("4.99cm", "5cm", U), 1);
  assert_int_equal(cells("5.01cm", "5cm", D), 1);
  assert_int_equal(cells("5.01cm", "5cm", U), 2);
  /* 1in a hex. 2.54cm is exactly one inch: no rounding either way. */
  assert_int_equal(cells("6in", "1in", D), 6);
  assert_int_equal(cells("6in", "1in", U), 6);
  assert_int_equal(cells("2.54cm", "1in", D), 1);
  assert_int_equal(cells("2.54cm", "1in", U), 1);
  /* 20cm = 7.87in. */
  assert_int_equal(cells("20cm", "1in", D), 7);
  assert_int_equal(cells("20cm", "1in", U), 8);
  assert_int_equal(cells("2.5in", "1in", D), 2);
  assert_int_equal(cells("2.5in", "1in", U), 3);
  assert_int_equal(cells("1in", "2.54cm", D), 1);
  assert_int_equal(cells("1in", "2.54cm", U), 1);
  /* Hexes are cells whatever the scale; a fraction of one is rounded as asked. */
  assert_int_equal(cells("3hex", "5cm", D), 3);
  assert_int_equal(cells("3hex", "1in", U), 3);
  assert_int_equal(cells("2.5hex", "5cm", D), 2);
  assert_int_equal(cells("2.5hex", "5cm", U), 3);
  assert_int_equal(cells("0cm", "5cm", U), 0);
  /* The largest length at the smallest scale still fits. */
  assert_int_equal(cells("1000000in", "0.01cm", D), 254000000);
  /* Bad scales and lengths. */
  assert_int_equal(cells("20cm", "1hex", D), -1);
  assert_int_equal(cells("20cm", "0cm", D), -1);
  struct murk_length neg = {-100, MURK_UNIT_CM}, five = {500, MURK_UNIT_CM};
  assert_int_equal(murk_length_to_cells(neg, five, MURK_ROUND_DOWN), -1);
  struct murk_length odd_unit = {500, (enum murk_unit)9};
  assert_int_equal(murk_length_to_cells(five, odd_unit, MURK_ROUND_DOWN), -1);
}

static void test_length_format(void** state) {
  (void)state;
  char buf[32];
  struct murk_length l = {2000, MURK_UNIT_CM};
  assert_int_equal(murk_length_format(l, buf, sizeof buf), 4);
  assert_string_equal(buf, "20cm");
  l = (struct murk_length){250, MURK_UNIT_IN};
  murk_length_format(l, buf, sizeof buf);
  assert_string_equal(buf, "2.5in");
  l = (struct murk_length){254, MURK_UNIT_CM};
  murk_length_format(l, buf, sizeof buf);
  assert_string_equal(buf, "2.54cm");
  l = (struct murk_length){105, MURK_UNIT_IN};
  murk_length_format(l, buf, sizeof buf);
  assert_string_equal(buf, "1.05in");
  l = (struct murk_length){300, MURK_UNIT_HEX};
  murk_length_format(l, buf, sizeof buf);
  assert_string_equal(buf, "3hex");
  l = (struct murk_length){0, MURK_UNIT_CM};
  murk_length_format(l, buf, sizeof buf);
  assert_string_equal(buf, "0cm");
  l = (struct murk_length){-150, MURK_UNIT_CM};
  murk_length_format(l, buf, sizeof buf);
  assert_string_equal(buf, "-1.5cm");
  /* snprintf-style: the full length is returned even when cut. */
  l = (struct murk_length){123456, MURK_UNIT_CM};
  assert_int_equal(murk_length_format(l, buf, 4), 9);
  assert_string_equal(buf, "123");
  /* Round trip. */
  uint64_t seed = 3;
  for (int i = 0; i < 5000; i++) {
    struct murk_length a = {(int64_t)(rng_next(&seed) % 100000001u),
                            (enum murk_unit)(rng_next(&seed) % 3)},
                       b;
    murk_length_format(a, buf, sizeof buf);
    assert_int_equal(murk_length_parse(buf, &b, NULL, 0), MURK_OK);
    assert_int_equal(a.value, b.value);
    assert_int_equal(a.unit, b.unit);
  }
}

/* ---- positions ------------------------------------------------------------------------ */

/* murk_length_format writes its digits itself: the same bytes and return as the snprintf
 * it replaced, for edge values, every unit and every buffer size. */
static void test_length_format_as_snprintf(void** state) {
  (void)state;
  const int64_t values[] = {
      0,   1,  5,   10,   50,   99,  100,       101,       110,           150,
      155, -1, -10, -105, 2000, 254, INT64_MAX, INT64_MIN, INT64_MIN + 1, 123456789};
  const enum murk_unit units[] = {MURK_UNIT_CM, MURK_UNIT_IN, MURK_UNIT_HEX};
  for (size_t i = 0; i < sizeof values / sizeof *values; i++)
    for (size_t u = 0; u < sizeof units / sizeof *units; u++) {
      struct murk_length l = {values[i], units[u]};
      const char* unit = units[u] == MURK_UNIT_CM ? "cm" : units[u] == MURK_UNIT_IN ? "in" : "hex";
      uint64_t v = l.value < 0 ? 0 - (uint64_t)l.value : (uint64_t)l.value;
      uint64_t whole = v / 100, frac = v % 100;
      const char* sign = l.value < 0 ? "-" : "";
      for (size_t n = 0; n <= 32; n++) {
        char want[40], got[40];
        memset(want, 'x', sizeof want);
        memset(got, 'x', sizeof got);
        int rw =
            frac == 0 ? snprintf(want, n, "%s%" PRIu64 "%s", sign, whole, unit)
            : frac % 10 == 0
                ? snprintf(want, n, "%s%" PRIu64 ".%" PRIu64 "%s", sign, whole, frac / 10, unit)
                : snprintf(want, n, "%s%" PRIu64 ".%02" PRIu64 "%s", sign, whole, frac, unit);
        int rg = murk_length_format(l, got, n);
        assert_int_equal(rg, rw);
        assert_memory_equal(got, want, sizeof want);
      }
    }
}

static void test_pos_format(void** state) {
  (void)state;
  char buf[32];
  assert_int_equal(murk_pos_format(P(7, 12), buf, sizeof buf), 5);
  assert_string_equal(buf, "07,12");
  murk_pos_format(P(0, 0), buf, sizeof buf);
  assert_string_equal(buf, "00,00");
  murk_pos_format(P(123, 4), buf, sizeof buf);
  assert_string_equal(buf, "123,04");
  murk_pos_format(P(100, 100), buf, sizeof buf);
  assert_string_equal(buf, "100,100");
  assert_int_equal(murk_pos_format(P(35, 23), buf, 3), 5);
  assert_string_equal(buf, "35");
  /* It writes what snprintf's "%02d,%02d" writes, for every int and every buffer size. */
  const int vals[] = {0, 1, 9, 10, 99, 100, 12345, -1, -9, -10, -123, INT_MAX, INT_MIN};
  const int nv = (int)(sizeof vals / sizeof vals[0]);
  for (int i = 0; i < nv; i++)
    for (int j = 0; j < nv; j++)
      for (size_t n = 0; n <= 26; n++) {
        char want[32], got[32];
        memset(want, '#', sizeof want);
        memset(got, '#', sizeof got);
        int wl = snprintf(want, n, "%02d,%02d", vals[i], vals[j]);
        int gl = murk_pos_format(P(vals[i], vals[j]), got, n);
        assert_int_equal(gl, wl);
        assert_memory_equal(got, want, sizeof want);
      }
}

static void check_pos_bad(const char* s) {
  struct murk_pos p = {-9, -9};
  if (murk_pos_parse(s, &p) != MURK_EINVAL) fail_msg("'%s' accepted", s ? s : "(null)");
  assert_int_equal(p.x, -9);
  assert_int_equal(p.y, -9);
}

static void test_pos_parse(void** state) {
  (void)state;
  struct murk_pos p;
  assert_int_equal(murk_pos_parse("7,12", &p), MURK_OK);
  assert_pos(p, 7, 12);
  assert_int_equal(murk_pos_parse("07,12", &p), MURK_OK);
  assert_pos(p, 7, 12);
  assert_int_equal(murk_pos_parse("7, 12", &p), MURK_OK);
  assert_pos(p, 7, 12);
  assert_int_equal(murk_pos_parse("007,0012", &p), MURK_OK);
  assert_pos(p, 7, 12);
  assert_int_equal(murk_pos_parse("0,0", &p), MURK_OK);
  assert_pos(p, 0, 0);
  assert_int_equal(murk_pos_parse("1000000,999999", &p), MURK_OK);
  assert_pos(p, 1000000, 999999);
  const char* bad[] = {
      "",      "7",     "7,",     ",12",       "-1,2",      "7,-2",
      "+7,12", "7 ,12", " 7,12",  "7,12 ",     "7,12,3",    "a,b",
      "7;12",  "7,12x", "7.5,12", "1000001,0", "0,1000001", "99999999999999999999,1",
      "7,,12"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) check_pos_bad(bad[i]);
  check_pos_bad(NULL);
  /* Round trip through the file form. */
  char buf[32];
  for (int y = 0; y < 24; y++) {
    for (int x = 0; x < 140; x += 7) {
      murk_pos_format(P(x, y), buf, sizeof buf);
      assert_int_equal(murk_pos_parse(buf, &p), MURK_OK);
      assert_pos(p, x, y);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_axial_known_and_roundtrip),
      cmocka_unit_test(test_on_table),
      cmocka_unit_test(test_neighbour_offsets_by_row_parity),
      cmocka_unit_test(test_neighbour_and_back),
      cmocka_unit_test(test_neighbours_at_table_corners_and_edges),
      cmocka_unit_test(test_distance_known_pairs),
      cmocka_unit_test(test_axial_distance_matches),
      cmocka_unit_test(test_distance_matches_bfs),
      cmocka_unit_test(test_distance_symmetric_and_triangle),
      cmocka_unit_test(test_ring_sizes_open_board),
      cmocka_unit_test(test_ring_order),
      cmocka_unit_test(test_ring_truncated_at_corner),
      cmocka_unit_test(test_ring_and_within_match_brute_force),
      cmocka_unit_test(test_within_counts),
      cmocka_unit_test(test_snprintf_style_counts),
      cmocka_unit_test(test_line_hex_hand_cases),
      cmocka_unit_test(test_line_square_hand_cases),
      cmocka_unit_test(test_line_properties_random),
      cmocka_unit_test(test_line_between_table_cells_stays_on_table),
      cmocka_unit_test(test_length_parse),
      cmocka_unit_test(test_length_to_cells),
      cmocka_unit_test(test_length_format),
      cmocka_unit_test(test_length_format_as_snprintf),
      cmocka_unit_test(test_pos_format),
      cmocka_unit_test(test_pos_parse),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
