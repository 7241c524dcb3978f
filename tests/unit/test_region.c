/* test_region.c: the table's edges and corners (region.h), which the loader checks entry
 * points and arrival areas against and the reserves rules walk for arrival cells. The
 * halves, quarters and keep-out bands are tested through murk_zone_contains in
 * test_mission.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "region.h"

static const struct murk_grid sizes[] = {
    {MURK_GRID_HEX, 1, 1}, {MURK_GRID_HEX, 5, 1},    {MURK_GRID_HEX, 1, 4},
    {MURK_GRID_HEX, 2, 2}, {MURK_GRID_SQUARE, 7, 4}, {MURK_GRID_HEX, 36, 24},
};

/* The walk round the table meets every edge cell once and nothing else. */
static void test_edge_walk_meets_every_edge_cell_once(void** state) {
  (void)state;
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    const struct murk_grid* g = &sizes[k];
    int seen[36 * 24];
    memset(seen, 0, sizeof seen);
    int n = mk_region_edge_count(g);
    for (int i = 0; i < n; i++) {
      struct murk_pos p = mk_region_edge_cell(g, i);
      assert_true(murk_geom_on_table(g, p));
      assert_true(mk_region_on_any_edge(g, p));
      seen[p.y * g->width + p.x]++;
    }
    int edge_cells = 0;
    for (int y = 0; y < g->height; y++) {
      for (int x = 0; x < g->width; x++) {
        bool edge = mk_region_on_any_edge(g, (struct murk_pos){x, y});
        edge_cells += edge;
        assert_int_equal(seen[y * g->width + x], edge ? 1 : 0);
      }
    }
    assert_int_equal(n, edge_cells);
  }
  /* Clockwise from the north-west corner. */
  const struct murk_grid g = {MURK_GRID_HEX, 4, 3};
  static const struct murk_pos order[] = {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {3, 1},
                                          {3, 2}, {2, 2}, {1, 2}, {0, 2}, {0, 1}};
  assert_int_equal(mk_region_edge_count(&g), 10);
  for (int i = 0; i < 10; i++) {
    struct murk_pos p = mk_region_edge_cell(&g, i);
    assert_int_equal(p.x, order[i].x);
    assert_int_equal(p.y, order[i].y);
  }
}

static void test_edges_by_compass(void** state) {
  (void)state;
  const struct murk_grid g = {MURK_GRID_HEX, 8, 6};
  struct murk_pos nw = {0, 0}, se = {7, 5}, mid = {3, 2}, north = {4, 0};
  assert_true(mk_region_on_edge(&g, nw, MURK_NORTH));
  assert_true(mk_region_on_edge(&g, nw, MURK_WEST));
  assert_false(mk_region_on_edge(&g, nw, MURK_SOUTH));
  assert_false(mk_region_on_edge(&g, nw, MURK_EAST));
  assert_true(mk_region_on_edge(&g, se, MURK_SOUTH));
  assert_true(mk_region_on_edge(&g, se, MURK_EAST));
  assert_true(mk_region_on_edge(&g, north, MURK_NORTH));
  assert_false(mk_region_on_edge(&g, north, MURK_WEST));
  for (int e = MURK_NORTH; e <= MURK_SW; e++)
    assert_false(mk_region_on_edge(&g, mid, (enum murk_compass)e));
  /* A corner is not an edge. */
  assert_false(mk_region_on_edge(&g, nw, MURK_NW));
  assert_false(mk_region_on_any_edge(&g, mid));
}

/* Each corner's cell lies on exactly the two edges that meet there, and corner_meets says
 * so for those two and no others. */
static void test_corners(void** state) {
  (void)state;
  const struct murk_grid g = {MURK_GRID_HEX, 8, 6};
  static const struct {
    enum murk_compass corner, a, b;
    struct murk_pos cell;
  } want[] = {
      {MURK_NE, MURK_NORTH, MURK_EAST, {7, 0}},
      {MURK_NW, MURK_NORTH, MURK_WEST, {0, 0}},
      {MURK_SE, MURK_SOUTH, MURK_EAST, {7, 5}},
      {MURK_SW, MURK_SOUTH, MURK_WEST, {0, 5}},
  };
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    enum murk_compass a, b;
    mk_region_corner_edges(want[i].corner, &a, &b);
    assert_int_equal(a, want[i].a);
    assert_int_equal(b, want[i].b);
    struct murk_pos c = mk_region_corner_cell(&g, want[i].corner);
    assert_int_equal(c.x, want[i].cell.x);
    assert_int_equal(c.y, want[i].cell.y);
    for (int e = MURK_NORTH; e <= MURK_WEST; e++) {
      bool meets = e == (int)a || e == (int)b;
      assert_int_equal(mk_region_corner_meets(want[i].corner, (enum murk_compass)e), meets);
      assert_int_equal(mk_region_on_edge(&g, c, (enum murk_compass)e), meets);
    }
  }
  /* Only corners meet edges. */
  for (int c = MURK_NORTH; c <= MURK_WEST; c++)
    for (int e = MURK_NORTH; e <= MURK_SW; e++)
      assert_false(mk_region_corner_meets((enum murk_compass)c, (enum murk_compass)e));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_edge_walk_meets_every_edge_cell_once),
      cmocka_unit_test(test_edges_by_compass),
      cmocka_unit_test(test_corners),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
