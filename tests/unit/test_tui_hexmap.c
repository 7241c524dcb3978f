/* test_tui_hexmap.c: table cells <-> screen cells on hex (odd-r) and square grids, and
 * scrolling that keeps the cursor in view. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "hexmap.h"

static const struct murk_grid hex36x24 = {MURK_GRID_HEX, 36, 24};

static void test_to_screen_odd_rows_shift(void** state) {
  (void)state;
  struct tui_hexmap m = {0};
  tui_hexmap_place(&m, &hex36x24, 3, 1, 80, 30);
  int x, y;
  assert_true(tui_hexmap_to_screen(&m, (struct murk_pos){0, 0}, &x, &y));
  assert_int_equal(x, 3);
  assert_int_equal(y, 1);
  /* Odd rows one column to the right; two columns a cell. */
  assert_true(tui_hexmap_to_screen(&m, (struct murk_pos){0, 1}, &x, &y));
  assert_int_equal(x, 4);
  assert_int_equal(y, 2);
  assert_true(tui_hexmap_to_screen(&m, (struct murk_pos){5, 2}, &x, &y));
  assert_int_equal(x, 3 + 10);
  assert_true(tui_hexmap_to_screen(&m, (struct murk_pos){35, 23}, &x, &y));
  assert_int_equal(x, 3 + 70 + 1);
  assert_int_equal(y, 24);
  /* Off the table. */
  assert_false(tui_hexmap_to_screen(&m, (struct murk_pos){36, 0}, &x, &y));
  assert_false(tui_hexmap_to_screen(&m, (struct murk_pos){-1, 0}, &x, &y));
  assert_int_equal(tui_hexmap_full_width(&hex36x24), 73);
}

static void test_round_trip_every_cell(void** state) {
  (void)state;
  struct tui_hexmap m = {0};
  tui_hexmap_place(&m, &hex36x24, 0, 1, 73, 24);
  assert_int_equal(tui_hexmap_cols(&m), 36);
  for (int y = 0; y < 24; y++)
    for (int x = 0; x < 36; x++) {
      int sx, sy;
      struct murk_pos p = {x, y}, q;
      assert_true(tui_hexmap_to_screen(&m, p, &sx, &sy));
      /* Both columns of the cell map back to it. */
      assert_true(tui_hexmap_from_screen(&m, sx, sy, &q));
      assert_true(murk_pos_eq(p, q));
      assert_true(tui_hexmap_from_screen(&m, sx + 1, sy, &q));
      assert_true(murk_pos_eq(p, q));
    }
  struct murk_pos q;
  /* The blank half column at the start of an odd row, and outside the rectangle. */
  assert_false(tui_hexmap_from_screen(&m, 0, 2, &q));
  assert_false(tui_hexmap_from_screen(&m, 73, 1, &q));
  assert_false(tui_hexmap_from_screen(&m, 5, 0, &q));
  assert_false(tui_hexmap_from_screen(&m, 5, 25, &q));
  /* Past the table's last cell on an even row (column 72 is only odd rows'). */
  assert_false(tui_hexmap_from_screen(&m, 72, 1, &q));
  assert_true(tui_hexmap_from_screen(&m, 72, 2, &q));
  assert_int_equal(q.x, 35);
}

/* Zoomed in (a large window): four columns a cell, odd rows two to the right, and every
 * column of a cell maps back to it. */
static void test_zoomed_cells(void** state) {
  (void)state;
  struct tui_hexmap m = {0};
  m.cw = 4;
  assert_int_equal(tui_hexmap_width_at(&hex36x24, 4), 146);
  tui_hexmap_place(&m, &hex36x24, 3, 2, 146, 24);
  assert_int_equal(tui_hexmap_cols(&m), 36);
  int sx, sy;
  assert_true(tui_hexmap_to_screen(&m, (struct murk_pos){5, 3}, &sx, &sy));
  assert_int_equal(sx, 3 + 20 + 2);
  assert_int_equal(sy, 5);
  for (int y = 0; y < 24; y++)
    for (int x = 0; x < 36; x++) {
      struct murk_pos p = {x, y}, q;
      assert_true(tui_hexmap_to_screen(&m, p, &sx, &sy));
      for (int i = 0; i < 4; i++) {
        assert_true(tui_hexmap_from_screen(&m, sx + i, sy, &q));
        assert_true(murk_pos_eq(p, q));
      }
    }
  /* Narrower than the table: it scrolls by whole cells. */
  tui_hexmap_place(&m, &hex36x24, 0, 0, 42, 10);
  assert_int_equal(tui_hexmap_cols(&m), 10);
  tui_hexmap_follow(&m, (struct murk_pos){30, 20}, 2);
  assert_true(tui_hexmap_to_screen(&m, (struct murk_pos){30, 20}, &sx, &sy));
}

static void test_square_grid_has_no_shift(void** state) {
  (void)state;
  struct murk_grid sq = {MURK_GRID_SQUARE, 10, 10};
  struct tui_hexmap m = {0};
  tui_hexmap_place(&m, &sq, 0, 0, 20, 10);
  assert_int_equal(tui_hexmap_full_width(&sq), 20);
  assert_int_equal(tui_hexmap_cols(&m), 10);
  int x, y;
  assert_true(tui_hexmap_to_screen(&m, (struct murk_pos){3, 1}, &x, &y));
  assert_int_equal(x, 6);
  struct murk_pos q;
  assert_true(tui_hexmap_from_screen(&m, 0, 1, &q));
  assert_int_equal(q.x, 0);
}

static void test_scroll_follows_the_cursor(void** state) {
  (void)state;
  struct tui_hexmap m = {0};
  /* 21 columns show 10 whole cells; 8 rows. */
  tui_hexmap_place(&m, &hex36x24, 0, 1, 21, 8);
  assert_int_equal(tui_hexmap_cols(&m), 10);
  assert_int_equal(tui_hexmap_rows(&m), 8);
  struct murk_pos p = {0, 0};
  tui_hexmap_follow(&m, p, 2);
  assert_int_equal(m.ox, 0);
  assert_int_equal(m.oy, 0);
  /* Walk the cursor east across the whole table: it stays in view, with the margin. */
  for (p.x = 0; p.x < 36; p.x++) {
    for (p.y = 0; p.y < 24; p.y += 7) {
      tui_hexmap_follow(&m, p, 2);
      int sx, sy;
      assert_true(tui_hexmap_to_screen(&m, p, &sx, &sy));
      if (p.x >= 2 && p.x <= 33) {
        assert_true(p.x - m.ox >= 2);
        assert_true(m.ox + 9 - p.x >= 2);
      }
    }
  }
  /* Never scrolled past the far edges. */
  p = (struct murk_pos){35, 23};
  tui_hexmap_follow(&m, p, 2);
  assert_int_equal(m.ox, 26);
  assert_int_equal(m.oy, 16);
  /* Moving back a little inside the margin does not scroll. */
  p = (struct murk_pos){31, 19};
  tui_hexmap_follow(&m, p, 2);
  assert_int_equal(m.ox, 26);
  assert_int_equal(m.oy, 16);
  /* Explicit scrolling is clamped. */
  tui_hexmap_scroll(&m, 100, 100);
  assert_int_equal(m.ox, 26);
  tui_hexmap_scroll(&m, -100, -3);
  assert_int_equal(m.ox, 0);
  assert_int_equal(m.oy, 13);
}

static void test_small_table_does_not_scroll(void** state) {
  (void)state;
  struct murk_grid g = {MURK_GRID_HEX, 5, 4};
  struct tui_hexmap m = {0};
  tui_hexmap_place(&m, &g, 0, 0, 60, 20);
  tui_hexmap_follow(&m, (struct murk_pos){4, 3}, 2);
  assert_int_equal(m.ox, 0);
  assert_int_equal(m.oy, 0);
  /* A window that shrinks: the origin is clamped to what the table allows. */
  m.ox = 3;
  tui_hexmap_place(&m, &g, 0, 0, 7, 2);
  assert_int_equal(tui_hexmap_cols(&m), 3);
  assert_int_equal(m.ox, 2);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_to_screen_odd_rows_shift),
      cmocka_unit_test(test_round_trip_every_cell),
      cmocka_unit_test(test_zoomed_cells),
      cmocka_unit_test(test_square_grid_has_no_shift),
      cmocka_unit_test(test_scroll_follows_the_cursor),
      cmocka_unit_test(test_small_table_does_not_scroll),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
