/* test_twins_named.c: templates put down first and named at the end of a side's deployment
 * (docs/rules.md, "Naming templates at the end of deployment").
 *
 * - the twins: two Luneville games whose attacker names its templates' platoons and its
 *   reserve differently give the defender the same view (every field the wire writes), the
 *   same events and the same answer to every command it can type in the rest of its
 *   deployment (templates on every cell, platoons named, reserves, deployments by number,
 *   end), each taken back by undo;
 * - until it names them a side has been told nothing of its own (no hand-over passphrase),
 *   and its own view shows its unnamed templates as holding nothing it knows;
 * - the refusals: no more templates than platoons, `end` before each template is named,
 *   another side's template, a reserve that would leave a template empty. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* cmocka after the standard headers */
#include <cmocka.h>

#include "murk/game.h"
#include "murk/mission.h"
#include "test_support.h"
#include "viewio.h"
#include "wire.h"

#define LUNEVILLE MURK_SOURCE_DIR "/data/missions/luneville.yaml"

static struct murk_mission* luneville(void) {
  struct murk_diags d;
  murk_diags_init(&d, "luneville.yaml");
  struct murk_mission* m = NULL;
  assert_int_equal(murk_mission_load(LUNEVILLE, &m, &d), MURK_OK);
  return m;
}

/* Objectives, no reserves before deployment, five templates a side (attacker south). */
static const char* const opening =
    "objective at 18,01\nobjective at 26,02\nobjective at 12,22\nobjective at 20,23\n"
    "end\nend\n"
    "template at 16,20\ntemplate at 21,03\ntemplate at 12,20\ntemplate at 15,04\n"
    "template at 27,20\ntemplate at 30,01\ntemplate at 20,22\ntemplate at 24,02\n"
    "template at 06,19\ntemplate at 08,02";

/* What the defender knows of g: its view as the wire writes it, and its events. */
static char* known(const struct murk_game* g) {
  struct murk_view* v = view_of(g, MURK_DEFENDER);
  struct net_buf w = {0};
  net_view_write(v, 0, &w);
  assert_false(w.failed);
  size_t n = w.len;
  for (size_t i = 0; i < v->nevents; i++) n += strlen(v->events[i].text) + 16;
  char* out = malloc(n + 1);
  assert_non_null(out);
  memcpy(out, w.p, w.len);
  size_t k = w.len;
  for (size_t i = 0; i < v->nevents; i++)
    k += (size_t)sprintf(out + k, "%d %s\n", v->events[i].seq, v->events[i].text);
  out[k] = '\0';
  net_buf_free(&w);
  murk_view_free(v);
  return out;
}

static void same_known(const struct murk_game* a, const struct murk_game* b, const char* after) {
  char* ka = known(a);
  char* kb = known(b);
  if (strcmp(ka, kb) != 0) fail_msg("the defender can tell the twins apart after '%s'", after);
  free(ka);
  free(kb);
}

/* One command to both twins: the same answer, the same knowledge; then taken back. */
static int try_both(struct murk_game* a, struct murk_game* b, const char* line) {
  char ra[200] = "", rb[200] = "";
  int ca = murk_game_apply_line(a, MURK_DEFENDER, line, ra, sizeof ra, NULL);
  int cb = murk_game_apply_line(b, MURK_DEFENDER, line, rb, sizeof rb, NULL);
  if (ca != cb || (ca != MURK_OK && strcmp(ra, rb) != 0))
    fail_msg("'%s': %d '%s' in one twin, %d '%s' in the other", line, ca, ra, cb, rb);
  same_known(a, b, line);
  if (ca == MURK_OK) {
    assert_int_equal(murk_game_undo(a, ra, sizeof ra), MURK_OK);
    assert_int_equal(murk_game_undo(b, rb, sizeof rb), MURK_OK);
    same_known(a, b, line);
  }
  return ca;
}

static void test_twins(void** state) {
  (void)state;
  struct murk_mission* m = luneville();
  struct murk_game* a = new_game(m, 1);
  struct murk_game* b = new_game(m, 1);
  ok_lines(a, opening);
  ok_lines(b, opening);
  /* The attacker names differently: which platoon is under which template, which stays back. */
  ok_lines(a, "put 2 at T1\nput 3 at T3\nput 4 at T5\nput 5 at T7\nput 7 at T9\nreserve 6\nend");
  ok_lines(b, "put 7 at T1\nput 5 at T3\nput 2 at T5\nput 3 at T7\nput 6 at T9\nreserve 4\nend");
  assert_int_equal(murk_game_to_act(a), MURK_DEFENDER);
  same_known(a, b, "the attacker's naming");
  int accepted = 0;
  char line[64];
  const struct murk_grid* gr = &m->grid;
  for (int y = 0; y < gr->height; y++)
    for (int x = 0; x < gr->width; x++) {
      snprintf(line, sizeof line, "template at %d,%d", x, y);
      accepted += try_both(a, b, line) == MURK_OK;
      snprintf(line, sizeof line, "deploy %d at %d,%d", 1 + (x + y) % 7, x, y);
      accepted += try_both(a, b, line) == MURK_OK;
    }
  for (int n = 1; n <= 7; n++) {
    for (int t = 1; t <= 12; t++) {
      snprintf(line, sizeof line, "put %d at T%d", n, t);
      accepted += try_both(a, b, line) == MURK_OK;
    }
    snprintf(line, sizeof line, "reserve %d", n);
    accepted += try_both(a, b, line) == MURK_OK;
  }
  try_both(a, b, "put dummy at T2");
  try_both(a, b, "end");
  /* The tries reached both answers: accepted ones (cells of the zone, own templates) too. */
  assert_true(accepted > 20);
  murk_game_free(a);
  murk_game_free(b);
  murk_mission_free(m);
}

static void test_no_secret_until_named(void** state) {
  (void)state;
  struct murk_mission* m = luneville();
  struct murk_game* g = new_game(m, 1);
  ok_lines(g, opening);
  assert_false(murk_game_side_has_secrets(g, MURK_ATTACKER));
  assert_false(murk_game_side_has_secrets(g, MURK_DEFENDER));
  struct murk_view* v = view_of(g, MURK_ATTACKER);
  int own = 0;
  for (int i = 0; i < v->nmarkers; i++) {
    if (v->markers[i].owner != MURK_ATTACKER) continue;
    own++;
    assert_false(v->markers[i].known);
    assert_false(v->markers[i].dummy);
  }
  assert_int_equal(own, 5);
  murk_view_free(v);
  ok_line(g, "put 2 at T1");
  assert_true(murk_game_side_has_secrets(g, MURK_ATTACKER));
  assert_false(murk_game_side_has_secrets(g, MURK_DEFENDER));
  v = view_of(g, MURK_ATTACKER);
  for (int i = 0; i < v->nmarkers; i++)
    if (v->markers[i].number == 1) {
      assert_true(v->markers[i].known);
      assert_int_equal(v->markers[i].platoon, 1);
    }
  murk_view_free(v);
  murk_game_free(g);
  /* A platoon named as it goes down is the side's secret at once. */
  g = new_game(m, 1);
  ok_lines(g,
           "objective at 18,01\nobjective at 26,02\nobjective at 12,22\nobjective at 20,23\n"
           "end\nend\ndeploy 2 at 16,20");
  assert_true(murk_game_side_has_secrets(g, MURK_ATTACKER));
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_refusals(void** state) {
  (void)state;
  struct murk_mission* m = luneville();
  struct murk_game* g = new_game(m, 1);
  ok_lines(g, opening);
  refused(g, "end", "5 of your templates hold no platoon yet: name each (put N at T1)");
  refused(g, "put 2 at T2",
          "T2 is not one of your templates waiting for its platoon (template at X,Y puts one "
          "down)");
  refused(g, "put 1 at T1", "platoon 1 (Brigade Command Tanks) deploys after the platoons");
  ok_line(g, "template at 30,20"); /* the sixth: one for each platoon left */
  ok_line(g, "template at 5,1");
  refused(g, "template at 32,20",
          "each platoon you have left to deploy has a template already: name them (put N at Tn)");
  refused(g, "reserve 6", "each of your templates needs a platoon: name them first (put N at T1)");
  ok_lines(g, "put 2 at T1\nput 3 at T3\nput 4 at T5\nput 5 at T7\nput 7 at T9\nput 6 at T11");
  refused(g, "put 3 at T1",
          "none of your templates waits for its platoon (template at X,Y puts one down)");
  ok_line(g, "end");
  murk_game_free(g);
  murk_mission_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_twins),
      cmocka_unit_test(test_no_secret_until_named),
      cmocka_unit_test(test_refusals),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
