/* test_tui_reach.c: the movement preview on a hand-built view - allowance by the slowest
 * terrain crossed, water, enemies in the way, occupied end cells, revealed platoons.
 * (test_tui_session.c checks the preview against what a real game accepts.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "reach.h"
#include "tui_fixture.h"

static const struct tui_move_rules rules = {{
    [MURK_TERRAIN_OPEN] = 4,
    [MURK_TERRAIN_ROAD] = 6,
    [MURK_TERRAIN_RAILWAY] = 4,
    [MURK_TERRAIN_DIFFICULT] = 2,
    [MURK_TERRAIN_IMPASSABLE] = -1,
    [MURK_TERRAIN_WATER] = -1,
}};

static bool lit(const unsigned char* cells, int x, int y) {
  return (cells[y * FIX_W + x] & 2) != 0;
}

static void test_template_allowances(void** state) {
  (void)state;
  struct fixture f;
  fixture_init(&f);
  unsigned char cells[FIX_W * FIX_H];
  memset(cells, 1, sizeof cells); /* other bits are kept */
  struct murk_pos from = {2, 5};  /* own T1 */
  int n = tui_reach(&f.v, MURK_ATTACKER, from, &rules, cells, 2);
  assert_true(n > 0);
  assert_int_equal(cells[0] & 1, 1);
  assert_false(lit(cells, 2, 5)); /* where it stands */
  assert_true(lit(cells, 4, 5));  /* 2 cells of open ground */
  assert_true(lit(cells, 6, 5));  /* 4: the open allowance exactly */
  assert_false(lit(cells, 7, 5)); /* 5, and the stream */
  assert_true(lit(cells, 2, 3));  /* 2 cells */
  assert_false(lit(cells, 2, 1)); /* 4 cells ending in woods: 2 allowed */
  assert_false(lit(cells, 5, 6)); /* own dummy T4 stands there */
  int count = 0;
  for (int i = 0; i < FIX_W * FIX_H; i++) count += (cells[i] & 2) != 0;
  assert_int_equal(count, n);
}

static void test_road_only_and_water(void** state) {
  (void)state;
  struct fixture f;
  fixture_init(&f);
  for (int x = 0; x < FIX_W; x++) f.map[7 * FIX_W + x] = 1; /* row 7: all road */
  f.markers[3].on_table = false;                            /* the dummy out of the way */
  unsigned char cells[FIX_W * FIX_H] = {0};
  tui_reach(&f.v, MURK_ATTACKER, (struct murk_pos){0, 7}, &rules, cells, 2);
  assert_true(lit(cells, 5, 7));  /* 5 cells, all road */
  assert_true(lit(cells, 6, 7));  /* 6: the road allowance exactly */
  assert_false(lit(cells, 7, 7)); /* 7 */
  assert_false(lit(cells, 5, 6)); /* 5 cells, but off the road: open allowance 4 */
  assert_true(lit(cells, 4, 6));  /* 4 */
  /* The stream (column 7, rows 1-5) cannot be entered or crossed. */
  memset(cells, 0, sizeof cells);
  tui_reach(&f.v, MURK_ATTACKER, (struct murk_pos){8, 3}, &rules, cells, 2);
  assert_false(lit(cells, 7, 3));
  assert_false(lit(cells, 6, 3));
  assert_true(lit(cells, 9, 3));
}

static void test_enemies_block(void** state) {
  (void)state;
  struct fixture f;
  fixture_init(&f);
  f.markers[1].pos = (struct murk_pos){4, 5}; /* enemy T2 in the way */
  unsigned char cells[FIX_W * FIX_H] = {0};
  tui_reach(&f.v, MURK_ATTACKER, (struct murk_pos){2, 5}, &rules, cells, 2);
  assert_true(lit(cells, 3, 5));
  assert_false(lit(cells, 4, 5)); /* on the enemy */
  assert_false(lit(cells, 5, 5)); /* through it */
  assert_false(lit(cells, 6, 5));
  /* The same view seen by the enemy: its own template does not block it. */
  memset(cells, 0, sizeof cells);
  tui_reach(&f.v, MURK_DEFENDER, (struct murk_pos){4, 5}, &rules, cells, 2);
  assert_true(lit(cells, 3, 5));
  assert_false(lit(cells, 2, 5)); /* T1 is the defender's enemy */
  assert_false(lit(cells, 1, 5)); /* and in the way */
}

static void test_revealed_platoon(void** state) {
  (void)state;
  struct fixture f;
  fixture_init(&f);
  /* Make the revealed platoon the attacker's own: two teams at 10,1 and 11,1. */
  f.teams[0].owner = f.teams[1].owner = MURK_ATTACKER;
  f.markers[2].owner = MURK_ATTACKER;
  unsigned char cells[FIX_W * FIX_H] = {0};
  tui_reach_platoon(&f.v, MURK_ATTACKER, 1, (struct murk_pos){10, 1}, 3, cells, 2);
  assert_true(lit(cells, 11, 1)); /* where its own other team stands */
  assert_true(lit(cells, 8, 1));
  assert_false(lit(cells, 7, 1)); /* the stream */
  assert_true(lit(cells, 10, 2)); /* the village does not slow a platoon's preview */
  assert_false(lit(cells, 10, 1));
  /* Another platoon's team is in the way of a platoon that is not its own. */
  memset(cells, 0, sizeof cells);
  tui_reach_platoon(&f.v, MURK_ATTACKER, 0, (struct murk_pos){9, 1}, 3, cells, 2);
  assert_false(lit(cells, 10, 1));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_template_allowances),
      cmocka_unit_test(test_road_only_and_water),
      cmocka_unit_test(test_enemies_block),
      cmocka_unit_test(test_revealed_platoon),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
