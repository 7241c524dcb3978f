/* test_oom: every allocation of loading a mission, of playing a scripted game and of a
 * player's decision is made to fail in turn; each failure must come back as MURK_ENOMEM,
 * leave nothing half-made and leak nothing (the sanitizer build's leak checker watches the
 * last part). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/save.h"
#include "sim.h"

static char* slurp(const char* rel, size_t* len) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", MURK_SOURCE_DIR, rel);
  FILE* f = fopen(path, "rb");
  assert_non_null(f);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* buf = malloc((size_t)n + 1);
  assert_non_null(buf);
  assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
  buf[n] = '\0';
  fclose(f);
  *len = (size_t)n;
  return buf;
}

static void load_fails_cleanly_at_every_allocation(const char* rel) {
  size_t len;
  char* text = slurp(rel, &len);
  struct murk_diags diags;
  long n = 0;
  for (;; n++) {
    struct murk_mission* m = NULL;
    murk_diags_init(&diags, rel);
    murk_alloc_fail_after(n);
    int rc = murk_mission_load_buffer(rel, text, len, &m, &diags);
    long calls = murk_alloc_calls();
    murk_alloc_fail_after(-1);
    if (rc == MURK_OK) {
      assert_non_null(m);
      /* Success only once the fault lies beyond the last allocation. */
      assert_true(calls <= n);
      murk_mission_free(m);
      break;
    }
    if (rc != MURK_ENOMEM) fail_msg("%s: allocation %ld failed but load returned %d", rel, n, rc);
    assert_null(m);
    assert_true(diags.count >= 1);
  }
  /* The loader does allocate (path, map, briefings...): the loop really ran. libyaml's
   * own allocations do not go through murk_malloc and are not injected here. */
  assert_true(n >= 4);
  free(text);
}

static void test_luneville_load(void** state) {
  (void)state;
  load_fails_cleanly_at_every_allocation("data/missions/luneville.yaml");
}

static void test_free_for_all_load(void** state) {
  (void)state;
  load_fails_cleanly_at_every_allocation("data/missions/free-for-all.yaml");
}

/* A scripted game: creation and every applied command, with allocation n failing. */
static void test_game_fails_cleanly(void** state) {
  (void)state;
  size_t len;
  char* text =
      slurp("tests/games/data/luneville-dummies.yaml", &len); /* the script plays dummies */
  size_t slen;
  char* script = slurp("tests/games/luneville-opening.txt", &slen);
  struct murk_diags diags;
  murk_diags_init(&diags, "luneville");
  struct murk_mission* m = NULL;
  assert_int_equal(murk_mission_load_buffer("luneville", text, len, &m, &diags), MURK_OK);
  struct murk_script* sc = NULL;
  assert_int_equal(murk_script_parse(script, slen, &sc, &diags), MURK_OK);
  assert_true(sc->nlines > 50);
  assert_true(sc->has_seed); /* the game the script's goldens were made with */

  long n = 0, absorbed = 0;
  for (;; n++) {
    struct murk_game* g = NULL;
    murk_alloc_fail_after(n);
    int rc = murk_game_new(m, sc->seed, &g);
    bool failed = rc == MURK_ENOMEM;
    if (rc == MURK_OK) {
      for (size_t i = 0; i < sc->nlines; i++) {
        const struct murk_script_line* l = &sc->lines[i];
        enum murk_side side = l->side != MURK_NO_SIDE ? l->side : murk_game_to_act(g);
        char reason[256];
        rc = murk_game_apply(g, side, &l->cmd, reason, sizeof reason);
        if (rc == MURK_ENOMEM) {
          failed = true;
          break;
        }
        if (rc != MURK_OK) fail_msg("allocation %ld: line %d gave %d: %s", n, l->line, rc, reason);
      }
    } else if (!failed) {
      fail_msg("allocation %ld failed but murk_game_new returned %d", n, rc);
    }
    long calls = murk_alloc_calls();
    murk_alloc_fail_after(-1);
    murk_game_free(g);
    /* Done once the fault lies beyond the last allocation. A fault the game absorbs (a kept
     * field of view it cannot make falls back to tracing the line) ends nothing: the
     * allocations after it are made to fail in later rounds. */
    if (!failed && calls <= n) break;
    if (!failed) absorbed++;
  }
  printf("luneville-opening: %ld allocations made to fail in turn, %ld of them absorbed\n", n,
         absorbed);
  assert_true(n > 10);
  murk_script_free(sc);
  murk_mission_free(m);
  free(text);
  free(script);
}

/* A player's decision with allocation n failing, at a few points of a game between two
 * players (the computer's plan keeps memos made at its first decision and grown later):
 * the step must be taken or fail with MURK_ENOMEM, and after a failure the same players
 * must go on once memory is back (a half-made memo or plan is not left for the next
 * decision to trip on). */
static void decision_fails_cleanly(const char* rel, enum murk_policy attacker,
                                   enum murk_policy defender, const int* points, int npoints) {
  size_t len;
  char* text = slurp(rel, &len);
  struct murk_diags diags;
  murk_diags_init(&diags, rel);
  struct murk_mission* m = NULL;
  assert_int_equal(murk_mission_load_buffer(rel, text, len, &m, &diags), MURK_OK);
  long failed_total = 0;
  for (int p = 0; p < npoints; p++) {
    for (long n = 0;; n++) {
      struct murk_game* g = NULL;
      assert_int_equal(murk_game_new(m, 7, &g), MURK_OK);
      struct murk_sim s;
      murk_sim_init(&s, g, attacker, defender, 7);
      int rc = MURK_OK;
      for (int k = 0; k < points[p] && rc == MURK_OK; k++) rc = murk_sim_step(&s);
      if (rc != MURK_OK) fail_msg("%s: step before point %d gave %d", rel, points[p], rc);
      murk_alloc_fail_after(n);
      rc = murk_sim_step(&s);
      long calls = murk_alloc_calls();
      murk_alloc_fail_after(-1);
      if (rc != MURK_OK && rc != MURK_ENOMEM)
        fail_msg("%s: step %d with allocation %ld failing gave %d: %s", rel, points[p], n, rc,
                 s.reason);
      if (rc == MURK_ENOMEM) {
        failed_total++;
        /* Memory is back: the next steps are taken (or the game is over). */
        for (int k = 0; k < 3; k++) {
          rc = murk_sim_step(&s);
          if (rc == MURK_EINVAL && murk_game_to_act(g) == MURK_NO_SIDE) break;
          if (rc != MURK_OK)
            fail_msg("%s: after allocation %ld failed at step %d, step +%d gave %d: %s", rel, n,
                     points[p], k, rc, s.reason);
        }
      }
      murk_sim_free(&s);
      murk_game_free(g);
      if (rc == MURK_OK && calls <= n) break;
    }
  }
  printf("%s: %ld failed decisions\n", rel, failed_total);
  assert_true(failed_total > 0); /* the players do allocate: the loop really injected */
  murk_mission_free(m);
  free(text);
}

static void test_computer_decisions(void** state) {
  (void)state;
  /* The first decision (setup: memos made), one in the reserves/deployment, a turn's move. */
  static const int points[] = {0, 6, 30};
  decision_fails_cleanly("data/missions/luneville.yaml", MURK_POLICY_COMPUTER, MURK_POLICY_COMPUTER,
                         points, 3);
}

static void test_greedy_and_random_decisions(void** state) {
  (void)state;
  static const int points[] = {0, 30};
  decision_fails_cleanly("data/missions/li-hohenfeld.yaml", MURK_POLICY_GREEDY, MURK_POLICY_RANDOM,
                         points, 2);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_luneville_load),
      cmocka_unit_test(test_free_for_all_load),
      cmocka_unit_test(test_game_fails_cleanly),
      cmocka_unit_test(test_computer_decisions),
      cmocka_unit_test(test_greedy_and_random_decisions),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
