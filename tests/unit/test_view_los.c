/* test_view_los.c: the line-of-sight thread a side may judge from its view
 * (murk_view_los): hand-checked lines on the test field, the same answer as the game's own
 * rule (murk_los over the mission's sight map) for every pair of cells of a flat and a hilly
 * mission, and no unit in it: hidden or seen, own or enemy, a unit never blocks a line or
 * shows in its words, so two sides and the umpire get the same answers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "murk/los.h"
#include "test_load.h"
#include "test_support.h"

#define DEPLOY_ALL                                                                       \
  "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at 9,2\ndeploy dummy at " \
  "12,8\ndeploy dummy at 14,2\nend\nend"

static void test_hand_checked(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 1);
  struct murk_view* v = view_of(g, MURK_ATTACKER);
  struct murk_view_los los;
  char words[160];
  /* Through the woods at 4-6,3-4: blocked at the first woods cell on the line. */
  assert_int_equal(murk_view_los(v, (struct murk_pos){5, 7}, (struct murk_pos){5, 0}, &los),
                   MURK_OK);
  assert_false(los.clear);
  assert_int_equal(los.distance, 7);
  assert_int_equal(los.blocker.y, 4);
  assert_true(los.blocker.x >= 4 && los.blocker.x <= 6);
  assert_false(los.higher);
  murk_view_los_words(v, &los, words, sizeof words);
  assert_non_null(strstr(words, "blocked by the woods at "));
  /* Along the road: clear, 15 cells, nothing hindering; farther than the test field's
   * sight range of 4 cells (its visibility table), which the words say. */
  assert_int_equal(murk_view_los(v, (struct murk_pos){0, 9}, (struct murk_pos){15, 9}, &los),
                   MURK_OK);
  assert_true(los.clear);
  assert_int_equal(los.distance, 15);
  assert_int_equal(los.hindrance, 0);
  murk_view_los_words(v, &los, words, sizeof words);
  assert_true(los.beyond);
  assert_string_equal(words, "clear, 15 cells, beyond sight (4 cells)");
  assert_int_equal(murk_view_los(v, (struct murk_pos){0, 9}, (struct murk_pos){3, 9}, &los),
                   MURK_OK);
  murk_view_los_words(v, &los, words, sizeof words);
  assert_string_equal(words, "clear, 3 cells");
  /* An end off the table: no answer. */
  assert_int_equal(murk_view_los(v, (struct murk_pos){-1, 9}, (struct murk_pos){15, 9}, &los),
                   MURK_EINVAL);
  murk_view_free(v);
  murk_game_free(g);
  murk_mission_free(m);
}

/* Every pair of cells: the view's answer is the game's rule (los.h) over the public table. */
static void same_as_the_rule(const char* id) {
  struct murk_mission* m = load_bundled(id);
  struct murk_game* g = new_game(m, 7);
  struct murk_view* v = view_of(g, MURK_DEFENDER);
  struct murk_sightmap* map = NULL;
  assert_int_equal(murk_sightmap_from_mission(m, &map), MURK_OK);
  int w = m->grid.width, h = m->grid.height, checked = 0, blocked = 0;
  /* Every cell against a spread of others (every pair on the bigger tables costs too much). */
  for (int a = 0; a < w * h; a += 3) {
    for (int b = a % 7; b < w * h; b += 7) {
      struct murk_pos pa = {a % w, a / w}, pb = {b % w, b / w};
      int hind = 0;
      bool clear = murk_los(map, pa, pb, &hind);
      struct murk_view_los los;
      assert_int_equal(murk_view_los(v, pa, pb, &los), MURK_OK);
      if (los.clear != clear || (clear && los.hindrance != hind))
        fail_msg("%s: %d,%d -> %d,%d: view %d/%d, rule %d/%d", id, pa.x, pa.y, pb.x, pb.y,
                 los.clear, los.hindrance, clear, hind);
      if (!clear) {
        /* The blocker is on the line, not an end, and blocks or stands high. */
        assert_false(murk_pos_eq(los.blocker, pa) || murk_pos_eq(los.blocker, pb));
        assert_true(los.higher || murk_sightmap_sight(map, los.blocker) == MURK_SIGHT_BLOCKING);
        blocked++;
      }
      checked++;
    }
  }
  assert_true(checked > 1000);
  assert_true(blocked > 0); /* the test saw lines blocked, not only clear ones */
  murk_sightmap_free(map);
  murk_view_free(v);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_same_as_the_rule_flat(void** st) {
  (void)st;
  same_as_the_rule("luneville");
}

static void test_same_as_the_rule_hilly(void** st) {
  (void)st;
  struct murk_mission* m = load_bundled("cauldron");
  assert_non_null(m->elevation); /* the hills this test is for */
  murk_mission_free(m);
  same_as_the_rule("cauldron");
}

/* Units, hidden or not, are no part of a line: the answers and words before deployment,
 * and after it in each side's view and the umpire's, are the same for every pair. */
static void test_units_never_count(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 1);
  struct murk_view* empty = view_of(g, MURK_ATTACKER);
  ok_lines(g, DEPLOY_ALL);
  struct murk_view* views[3] = {view_of(g, MURK_ATTACKER), view_of(g, MURK_DEFENDER),
                                view_of(g, MURK_NO_SIDE)};
  int w = m->grid.width, h = m->grid.height, through_units = 0;
  for (int a = 0; a < w * h; a++) {
    for (int b = 0; b < w * h; b++) {
      struct murk_pos pa = {a % w, a / w}, pb = {b % w, b / w};
      struct murk_view_los want, got;
      char want_words[160], got_words[160];
      assert_int_equal(murk_view_los(empty, pa, pb, &want), MURK_OK);
      murk_view_los_words(empty, &want, want_words, sizeof want_words);
      for (int i = 0; i < 3; i++) {
        assert_int_equal(murk_view_los(views[i], pa, pb, &got), MURK_OK);
        assert_memory_equal(&want, &got, sizeof want);
        murk_view_los_words(views[i], &got, got_words, sizeof got_words);
        assert_string_equal(want_words, got_words);
      }
      /* A line that runs over a placed marker (the defender's hidden T at 2,2 or 9,2). */
      if (want.clear && pa.y == 2 && pb.y == 2 && pa.x < 2 && pb.x > 9) through_units++;
    }
  }
  assert_true(through_units > 0);
  for (int i = 0; i < 3; i++) murk_view_free(views[i]);
  murk_view_free(empty);
  murk_game_free(g);
  murk_mission_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_hand_checked),
      cmocka_unit_test(test_same_as_the_rule_flat),
      cmocka_unit_test(test_same_as_the_rule_hilly),
      cmocka_unit_test(test_units_never_count),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
