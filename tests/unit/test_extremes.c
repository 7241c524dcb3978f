/* test_extremes.c: every rule parameter of the registry (include/murk/rules.h) at its
 * documented minimum and at its maximum (docs/mission-format.md, "rules"), each in whole
 * games. Under `make test-san` (UBSan, no recovery) a signed overflow
 * or a bad shift anywhere in a roll or a length fails the run; here every game must also
 * come to an end or play on to turn MAX_TURNS (as `murk sim` caps its games: the Flames of
 * War missions set no last turn, and a bogging die that always fails
 * stops every template for good), with no command refused for a reason other than the
 * rules.
 *
 * The host of a parameter is a bundled mission that has its rule on (so that the rule
 * meets the terrain, forces and setup it was written for); a rule no bundled mission uses
 * is switched on in Relay Station at Dusk, the mission with the most rules. The value is
 * set in the loaded mission, as the loader would have stored it: an int, a number of
 * cells for a length, a dice expression ("any dice": the plain number -1000 at the bottom,
 * 20d1000*1000+1000 at the top). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "murk/command.h"
#include "murk/diag.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/rules.h"
#include "murk/view.h"
#include "sim.h"
#include "test_support.h"

#ifndef MURK_SOURCE_DIR
#define MURK_SOURCE_DIR "."
#endif
#define MISSIONS MURK_SOURCE_DIR "/data/missions/"
#define MAX_COMMANDS 5000
#define MAX_TURNS 40

struct param {
  enum murk_rule_id rule;
  const char* name;
  enum murk_param_type type;
  int min, max;
};

static const struct param params[] = {
#define P(id, rule, key, type, def, lo, hi) \
  {MURK_RULE_##rule, #rule "." key, MURK_PARAM_##type, lo, hi},
    MURK_PARAM_LIST(P)
#undef P
};
#define NPARAMS (sizeof params / sizeof params[0])

static const char* hosts[] = {
    "luneville",    "cauldron",          "breakthrough",       "counterattack",
    "encounter",    "dust-up",           "no-mans-land",       "fighting-withdrawal",
    "li-hohenfeld", "night-saint-aubin", "relay-station-dusk",
};
#define NHOSTS (sizeof hosts / sizeof hosts[0])
#define FALLBACK (NHOSTS - 1)

static struct murk_mission* load(const char* id) {
  char path[512];
  snprintf(path, sizeof path, MISSIONS "%s.yaml", id);
  static struct murk_diags d;
  murk_diags_init(&d, path);
  struct murk_mission* m = NULL;
  if (murk_mission_load(path, &m, &d) != MURK_OK) {
    print_error("%s does not load\n", path);
    return NULL;
  }
  return m;
}

/* One game with policy p on both sides: 1 when it ended or went on past turn MAX_TURNS, 0
 * when it got stuck; fails the test on any error that is not a refusal. */
static int play(const struct murk_mission* m, uint64_t seed, enum murk_policy p, const char* what) {
  struct murk_game* g = NULL;
  int rc = murk_game_new(m, seed, &g);
  if (rc != MURK_OK) fail_msg("%s: the game does not start: %s", what, murk_strerror(rc));
  struct murk_sim sim;
  murk_sim_init(&sim, g, p, p, seed);
  sim.full_views = true; /* a stuck game's message says the prompt */
  rc = MURK_OK;
  for (long n = 0; murk_game_to_act(g) != MURK_NO_SIDE && rc == MURK_OK; n++) {
    if (murk_game_phase(g) == MURK_PHASE_PLAY && murk_game_turn(g) > MAX_TURNS) break;
    rc = n >= MAX_COMMANDS ? MURK_ERANGE : murk_sim_step(&sim);
  }
  int ended = rc == MURK_OK;
  if (rc == MURK_EREJECTED || rc == MURK_ERANGE) {
    const struct murk_view* v = NULL;
    enum murk_side side = murk_game_to_act(g);
    const char* prompt =
        side != MURK_NO_SIDE && murk_sim_view(&sim, side, &v) == MURK_OK ? v->prompt : "";
    print_message("%s: stuck after %ld commands (%s: %s)\n", what, sim.tally.applied, prompt,
                  sim.reason);
  } else if (rc != MURK_OK) {
    fail_msg("%s: %s", what, murk_strerror(rc));
  }
  murk_sim_free(&sim);
  murk_game_free(g);
  return ended;
}

static void set_extreme(struct murk_mission* m, size_t k, bool top) {
  const struct param* p = &params[k];
  struct murk_param_value* v = &m->params[k];
  if (p->type == MURK_PARAM_DICE) {
    v->dice = top ? (struct murk_dice_expr){MURK_DICE_MAX, MURK_DICE_SIDES_MAX, MURK_DICE_SIDES_MAX,
                                            MURK_DICE_ADD_MAX}
                  : (struct murk_dice_expr){0, 0, 1, -MURK_DICE_ADD_MAX};
  } else {
    v->i = top ? p->max : p->min;
  }
}

static void test_every_parameter_at_both_ends(void** state) {
  (void)state;
  struct murk_mission* host[NHOSTS];
  for (size_t h = 0; h < NHOSTS; h++) {
    host[h] = load(hosts[h]);
    assert_non_null(host[h]);
  }
  int games = 0, ended = 0;
  /* One seed a game in `make test`; `make soak` (MURK_SOAK=1) plays three. */
  const int seeds = SOAK_COUNT(3, 1, 1);
  for (size_t k = 0; k < NPARAMS; k++) {
    size_t h = FALLBACK;
    for (size_t i = 0; i < NHOSTS; i++)
      if (host[i]->rule_on[params[k].rule]) {
        h = i;
        break;
      }
    for (int top = 0; top < 2; top++) {
      struct murk_mission* m = host[h];
      struct murk_param_value saved = m->params[k];
      bool was_on = m->rule_on[params[k].rule];
      m->rule_on[params[k].rule] = true;
      set_extreme(m, k, top);
      /* Every policy at each end; the light runs (sanitizers, memcheck) one, in turn. */
      int p0 = test_light() ? (int)((k * 2 + (size_t)top) % MURK_POLICY_COUNT) : 0;
      int p1 = test_light() ? p0 + 1 : MURK_POLICY_COUNT;
      for (int p = p0; p < p1; p++)
        for (int si = 0; si < seeds; si++) {
          char what[160];
          snprintf(what, sizeof what, "%s at its %s in %s, %s", params[k].name,
                   top ? "maximum" : "minimum", hosts[h], murk_policy_name((enum murk_policy)p));
          games++;
          ended += play(m, (uint64_t)k * 2 + (uint64_t)top + 1 + 1000 * (uint64_t)si,
                        (enum murk_policy)p, what);
        }
      m->params[k] = saved;
      m->rule_on[params[k].rule] = was_on;
    }
  }
  print_message("%d games, %d ended\n", games, ended);
  assert_int_equal(games, (int)NPARAMS * 2 * (test_light() ? 1 : MURK_POLICY_COUNT) * seeds);
  assert_int_equal(ended, games);
  for (size_t h = 0; h < NHOSTS; h++) murk_mission_free(host[h]);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_parameter_at_both_ends),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
