/* test_marker.c: marker kinds as operations (marker.h).
 *
 * A template moves by the Fog-of-War lengths and a cloaking counter by its own MF on the
 * same ground; a revealed platoon at its slowest team's pace; a Dis counter its distance
 * from the leader. Templates bog and stand in the open, cloaking counters do neither and
 * lose their cloak in the light after a move; a wing leader describes its wing. A marker's
 * role follows it: a revealed template is a revealed platoon, which cannot be revealed
 * again. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "board.h"
#include "marker.h"
#include "move.h"
#include "night.h"
#include "test_load.h"
#include "test_support.h"

static const enum murk_terrain_class classes[] = {MURK_TERRAIN_ROAD, MURK_TERRAIN_OPEN,
                                                  MURK_TERRAIN_DIFFICULT};

static void test_rows(void** st) {
  (void)st;
  const struct mk_marker_ops* t = mk_marker_ops_of(MK_ROLE_TEMPLATE);
  const struct mk_marker_ops* p = mk_marker_ops_of(MK_ROLE_PLATOON);
  const struct mk_marker_ops* c = mk_marker_ops_of(MK_ROLE_CLOAK);
  const struct mk_marker_ops* w = mk_marker_ops_of(MK_ROLE_WING);
  const struct mk_marker_ops* d = mk_marker_ops_of(MK_ROLE_DIS);
  assert_string_equal(t->name, "template");
  assert_string_equal(c->name, "cloaking counter");
  assert_string_equal(w->name, "wing leader");
  assert_string_equal(d->name, "Dis counter");
  assert_null(mk_marker_ops_of(MK_ROLE_COUNT));
  for (int r = 0; r < MK_ROLE_COUNT; r++) {
    assert_non_null(mk_marker_ops_of((enum mk_marker_role)r)->allowance);
    assert_non_null(mk_marker_ops_of((enum mk_marker_role)r)->name);
  }
  /* Luneville: templates bog and are public; the ASL night rules: cloaking counters neither bog nor
   * show beyond sight, and the light takes their cloak after a move. */
  assert_true(t->bogs && t->seen_anywhere && !t->lost_in_light);
  assert_true(!c->bogs && !c->seen_anywhere && c->lost_in_light);
  assert_int_equal(t->act, MK_ACT_COUNTER);
  assert_int_equal(c->act, MK_ACT_COUNTER);
  /* Limited Intelligence: leader counters are public; a leader stands for its wing. */
  assert_true(w->seen_anywhere && w->describe && w->act == MK_ACT_WING);
  assert_true(p->act == MK_ACT_PLATOON && !p->seen_anywhere);
  assert_int_equal(d->act, MK_ACT_NONE); /* Dis counters move by `dis` */
}

static struct murk_game* deployed(const struct murk_mission* m) {
  struct murk_game* g = new_game(m, 7);
  ok_lines(g,
           "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at 9,2\n"
           "deploy dummy at 12,8\ndeploy dummy at 14,2\nend\nend");
  return g;
}

static void test_template_and_revealed_platoon(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = deployed(m);
  int mi = mk_marker_index(&g->s, 1); /* the attacker's platoon 1 */
  assert_int_equal(mk_marker_role(g, mi), MK_ROLE_TEMPLATE);
  /* The test field's lengths: road 6 cells, open 4, difficult 2. */
  assert_int_equal(mk_marker_allowance(g, mi, MURK_TERRAIN_ROAD), 6);
  assert_int_equal(mk_marker_allowance(g, mi, MURK_TERRAIN_OPEN), 4);
  assert_int_equal(mk_marker_allowance(g, mi, MURK_TERRAIN_DIFFICULT), 2);
  /* move.c's allowance, which every move and the view use, is the row's, ground by ground. */
  struct mk_move_rule r;
  assert_true(mk_move_allowance(g, MURK_ATTACKER, mi, 0, &r));
  assert_int_equal(r.allow[MURK_TERRAIN_ROAD], 6);
  assert_int_equal(r.allow[MURK_TERRAIN_OPEN], 4);
  assert_int_equal(r.allow[MURK_TERRAIN_DIFFICULT], 2);
  assert_int_equal(r.allow[MURK_TERRAIN_WATER], -1);
  assert_false(r.self_end);
  /* A move beyond the open-ground length is refused with that length. */
  refused(g, "move 1 to 2,3", "that is 5 cells; a template may move 4 (20cm) through open ground");
  ok_line(g, "reveal 1");
  assert_int_equal(mk_marker_role(g, mi), MK_ROLE_PLATOON);
  /* Alpha Lancers move 20cm: 4 cells at 5cm, on any ground. */
  for (size_t i = 0; i < 3; i++) assert_int_equal(mk_marker_allowance(g, mi, classes[i]), 4);
  assert_true(mk_move_allowance(g, MURK_ATTACKER, -1, 0, &r));
  for (size_t i = 0; i < 3; i++) assert_int_equal(r.allow[classes[i]], 4);
  assert_true(r.self_end); /* the platoon row: it may end among its own teams */
  refused(g, "reveal 1", "platoon 1 is already revealed (P1)");
  murk_game_free(g);
  murk_mission_free(m);
}

/* The cloaking counter's row gives the cloak's MF, not the template's lengths. */
static void test_cloak_allowance(void** st) {
  (void)st;
  struct murk_mission* m = load_bundled("night-saint-aubin");
  struct murk_game* g = new_game(m, 3);
  const struct mk_marker_ops* c = mk_marker_ops_of(MK_ROLE_CLOAK);
  const struct mk_marker_ops* t = mk_marker_ops_of(MK_ROLE_TEMPLATE);
  static const enum murk_param_id cloak[] = {MURK_P_CLOAK_ROAD, MURK_P_CLOAK_OPEN,
                                             MURK_P_CLOAK_TERRAIN};
  bool differs = false;
  for (size_t i = 0; i < 3; i++) {
    assert_int_equal(c->allowance(g, MURK_ATTACKER, 0, -1, classes[i]),
                     murk_mission_param(m, cloak[i]));
    if (c->allowance(g, MURK_ATTACKER, 0, -1, classes[i]) !=
        t->allowance(g, MURK_ATTACKER, 0, -1, classes[i]))
      differs = true;
  }
  assert_true(differs);
  murk_game_free(g);
  murk_mission_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rows),
      cmocka_unit_test(test_template_and_revealed_platoon),
      cmocka_unit_test(test_cloak_allowance),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
