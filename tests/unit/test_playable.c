/* test_playable.c: `end` never traps a side with nothing it can do, and the playability
 * check (playable.c) names what `murk check` refuses. The missions are
 * those of tests/unplayable, which the loader accepts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "murk/playable.h"
#include "sim.h"
#include "test_support.h"

#ifndef MURK_SOURCE_DIR
#define MURK_SOURCE_DIR "."
#endif
#define UNPLAYABLE MURK_SOURCE_DIR "/tests/unplayable/"

static struct murk_mission* load_file(const char* name) {
  char path[512];
  snprintf(path, sizeof path, "%s%s", UNPLAYABLE, name);
  struct murk_diags d;
  murk_diags_init(&d, path);
  struct murk_mission* m = NULL;
  assert_int_equal(murk_mission_load(path, &m, &d), MURK_OK);
  return m;
}

static bool event_has(const struct murk_game* g, const char* text) {
  for (size_t i = 0; i < mk_game_event_count(g); i++)
    if (strstr(mk_game_event(g, i)->text, text)) return true;
  return false;
}

/* Whole games with the random policy on both sides: each comes to its end. */
static void play_to_end(struct murk_game* g, uint64_t seed) {
  struct murk_policy_plan plan;
  memset(&plan, 0, sizeof plan);
  struct murk_rng rng[MURK_SIDES];
  for (int s = 0; s < MURK_SIDES; s++) murk_policy_seed(&rng[s], seed, (enum murk_side)s);
  char reason[256];
  enum murk_side side;
  int commands = 0;
  while ((side = murk_game_to_act(g)) != MURK_NO_SIDE) {
    struct murk_view* v = NULL;
    assert_int_equal(murk_view_build(g, side, &v), MURK_OK);
    bool applied = false;
    for (int round = 0; !applied && round < 50; round++) {
      assert_int_equal(murk_policy_plan(MURK_POLICY_RANDOM, v, &rng[side], round, &plan), MURK_OK);
      for (int i = 0; i < plan.n && !applied; i++) {
        const struct murk_command c = plan.cmds[i];
        applied = murk_game_apply(g, side, &c, reason, sizeof reason) == MURK_OK;
      }
    }
    if (!applied) fail_msg("stuck: %s", v->prompt);
    murk_view_free(v);
    assert_true(++commands < 5000);
  }
  murk_policy_plan_free(&plan);
}

/* At least half and at most half of 3 platoons: the side holds the most it may (1), and
 * then `end` goes through; with none held it is still refused. */
static void test_reserve_limits_that_clash_hold_to_the_maximum(void** st) {
  (void)st;
  struct murk_mission* m = load_file("reserve-limits.yaml");
  struct murk_game* g = new_game(m, 1);
  char why[200];
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  bad_line(g, "end", why, sizeof why);
  assert_string_equal(
      why, "reserves: hold 1 of your platoons, the most you may (reserve N); you hold 0");
  ok_line(g, "reserve 1");
  bad_line(g, "reserve 2", why, sizeof why);
  assert_non_null(strstr(why, "at most"));
  ok_line(g, "end");
  assert_true(event_has(g, "attacker has finished nominating reserves"));
  murk_game_free(g);
  murk_mission_free(m);
}

/* An immediate ambush that can go nowhere: `end` goes through, the platoon waits in
 * ambush, and the game plays on to its end. */
static void test_immediate_ambush_with_no_cell_waits(void** st) {
  (void)st;
  struct murk_mission* m = load_file("immediate-ambush.yaml");
  struct murk_game* g = new_game(m, 1);
  play_to_end(g, 1);
  assert_true(event_has(g, "defender finds no place for 1 immediate ambush: it waits in ambush"));
  murk_game_free(g);
  murk_mission_free(m);
}

/* Three objectives in two cells: after two, `end` ends the step. */
static void test_objectives_without_room_end_the_step(void** st) {
  (void)st;
  struct murk_mission* m = load_file("objectives-no-room.yaml");
  struct murk_game* g = new_game(m, 1);
  char why[200];
  bad_line(g, "end", why, sizeof why);
  assert_non_null(strstr(why, "objectives cannot be skipped: place objective 1 of 3"));
  ok_line(g, "objective at 0,0");
  ok_line(g, "objective at 1,0");
  ok_line(g, "end");
  assert_true(event_has(g, "attacker finds no place left for 1 more objective: the step ends"));
  play_to_end(g, 2);
  murk_game_free(g);
  murk_mission_free(m);
}

/* The check itself: a playable mission has no problem; an unplayable one names one, at a
 * place only when it has the file's text. */
static void test_check_counts_and_places(void** st) {
  (void)st;
  struct murk_mission* ok = load_yaml(TF_MISSION);
  struct murk_diags d;
  murk_diags_init(&d, "test.yaml");
  assert_int_equal(murk_playable_check(ok, TF_MISSION, strlen(TF_MISSION), &d), 0);
  assert_int_equal(d.count, 0);
  murk_mission_free(ok);

  struct murk_mission* m = load_file("zone-keep-out.yaml");
  murk_diags_init(&d, "zone-keep-out.yaml");
  assert_int_equal(murk_playable_check(m, NULL, 0, &d), 1);
  assert_int_equal(d.items[0].line, 0);
  assert_non_null(strstr(d.items[0].msg, "the defender has nowhere to deploy"));
  murk_mission_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_reserve_limits_that_clash_hold_to_the_maximum),
      cmocka_unit_test(test_immediate_ambush_with_no_cell_waits),
      cmocka_unit_test(test_objectives_without_room_end_the_step),
      cmocka_unit_test(test_check_counts_and_places),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
