/* test_tui_reach.c: murk_view_reach, the TUI's move preview, on a hand-built view (no game):
 * the allowance by the slowest ground entered, water, enemies in the way (in sight, or where
 * last seen), occupied end cells, a unit that may not move, revealed platoons.
 * (test_tui_preview.c checks the preview against what real games accept.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "murk/error.h"
#include "tui_fixture.h"

/* T1 moves as a Fog of War template: road 6, open 4, difficult 2. */
static void movable(struct fixture* f) {
  struct murk_view_marker* t1 = &f->markers[0];
  int allow[MURK_TERRAIN_CLASS_COUNT] = {
      [MURK_TERRAIN_OPEN] = 4,      [MURK_TERRAIN_ROAD] = 6,        [MURK_TERRAIN_RAILWAY] = 4,
      [MURK_TERRAIN_DIFFICULT] = 2, [MURK_TERRAIN_IMPASSABLE] = -1, [MURK_TERRAIN_WATER] = -1};
  memcpy(t1->allowance, allow, sizeof allow);
  t1->may_move = true;
}

static bool lit(const unsigned char* cells, int x, int y) {
  return (cells[y * FIX_W + x] & 2) != 0;
}

static void test_template_allowances(void** state) {
  (void)state;
  struct fixture f;
  fixture_init(&f);
  movable(&f);
  unsigned char cells[FIX_W * FIX_H];
  memset(cells, 1, sizeof cells); /* other bits are kept */
  int n = murk_view_reach(&f.v, 1, cells, 2);
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

static void test_may_not_move(void** state) {
  (void)state;
  struct fixture f;
  fixture_init(&f);
  movable(&f);
  unsigned char cells[FIX_W * FIX_H] = {0};
  f.markers[0].may_move = false; /* moved, bogged, or not its movement step */
  assert_int_equal(murk_view_reach(&f.v, 1, cells, 2), 0);
  assert_false(lit(cells, 4, 5));
  assert_int_equal(murk_view_reach(&f.v, 2, cells, 2), MURK_EINVAL); /* the enemy's */
  assert_int_equal(murk_view_reach(&f.v, 9, cells, 2), MURK_EINVAL); /* nobody */
}

static void test_enemies_block(void** state) {
  (void)state;
  struct fixture f;
  fixture_init(&f);
  movable(&f);
  f.markers[1].pos = (struct murk_pos){4, 5}; /* enemy T2 in the way */
  unsigned char cells[FIX_W * FIX_H] = {0};
  murk_view_reach(&f.v, 1, cells, 2);
  assert_true(lit(cells, 3, 5));
  assert_false(lit(cells, 4, 5)); /* on the enemy */
  assert_false(lit(cells, 5, 5)); /* through it */
  /* Out of sight, where it was last seen, it still blocks the preview. */
  f.markers[1].pos = (struct murk_pos){9, 4};
  struct murk_view_contact c = {.owner = MURK_DEFENDER, .marker = 2, .pos = {3, 5}};
  f.v.contacts = &c;
  f.v.ncontacts = 1;
  murk_view_reach(&f.v, 1, cells, 2);
  assert_false(lit(cells, 3, 5));
  assert_false(lit(cells, 4, 5)); /* beyond it */
  assert_true(lit(cells, 2, 3));
}

static void test_revealed_platoon(void** state) {
  (void)state;
  struct fixture f;
  fixture_init(&f);
  /* Make the revealed platoon the attacker's own: two teams at 10,1 and 11,1. */
  f.teams[0].owner = f.teams[1].owner = MURK_ATTACKER;
  f.markers[2].owner = MURK_ATTACKER;
  struct murk_view_platoon* p = &f.platoons[1];
  p->state = MURK_PLATOON_REVEALED;
  p->marker = 3;
  p->lead = (struct murk_pos){10, 1};
  for (int k = 0; k < MURK_TERRAIN_CLASS_COUNT; k++) p->allowance[k] = 3;
  p->allowance[MURK_TERRAIN_WATER] = p->allowance[MURK_TERRAIN_IMPASSABLE] = -1;
  p->may_move = true;
  unsigned char cells[FIX_W * FIX_H] = {0};
  assert_true(murk_view_reach(&f.v, 3, cells, 2) > 0);
  assert_true(lit(cells, 11, 1)); /* where its own other team stands */
  assert_true(lit(cells, 8, 1));
  assert_false(lit(cells, 7, 1)); /* the stream */
  assert_true(lit(cells, 10, 2)); /* the village does not slow a platoon */
  assert_false(lit(cells, 10, 1));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_template_allowances),
      cmocka_unit_test(test_may_not_move),
      cmocka_unit_test(test_enemies_block),
      cmocka_unit_test(test_revealed_platoon),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
