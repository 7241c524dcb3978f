/* test_dummies.c: the computer moves its dummies as it moves its real markers.
 *
 * A side sees the enemy's templates (Fog of War, "Luneville") and wing leaders ("Limited
 * Intelligence", 27.1.1) and not what is under them; if the computer left its dummies
 * standing while its real markers moved, "it stayed put" would say "dummy". Games of the
 * computer against itself: at each movement step of a side, every template of that side on
 * the table at the step's start and still a template at its end either moved or stayed put.
 * For each side (the enemy weighs one side's markers against each other), the fraction that
 * stayed put among its dummies and among its real templates may differ by at most MAX_GAP
 * points, once each was counted MIN_SEEN times (at least one side a mission must be).
 *
 * The games a mission: SHORT_GAMES in `make test` (some ten seconds), 1,000 in `make soak`
 * (MURK_SOAK=1), a quarter of the short count under the sanitizers; MURK_DUMMY_GAMES sets it.
 * Luneville is played with murk's dummy templates on (tests/games/data/luneville-dummies.yaml). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "sim.h"
#include "test_load.h"
#include "test_support.h"

#define MAX_GAP 10.0 /* points */
#define SHORT_GAMES 200
/* A side's figures are compared once each kind was counted this often (the attacker of Li
 * Hohenfeld keeps few dummies to its first move: its leaders meet the enemy at once). */
#define MIN_SEEN 30
#define SNAP_MAX 128 /* markers a game holds, both sides */

struct tally {
  long still[MURK_SIDES][2]; /* templates that stayed put, by side: [0] real, [1] dummy */
  long seen[MURK_SIDES][2];  /* templates counted */
};

/* Own templates on the table at a step's start (by marker number: position, dummy). */
struct snap {
  int n;
  int number[SNAP_MAX];
  struct murk_pos pos[SNAP_MAX];
  bool dummy[SNAP_MAX];
};

static void take_snap(const struct murk_game* g, enum murk_side side, struct snap* s) {
  struct murk_view* v = view_of(g, side);
  s->n = 0;
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* m = &v->markers[i];
    if (m->owner != side || !m->on_table || m->revealed || s->n >= SNAP_MAX) continue;
    s->number[s->n] = m->number;
    s->pos[s->n] = m->pos;
    s->dummy[s->n] = m->dummy;
    s->n++;
  }
  murk_view_free(v);
}

/* The step is over: count each template of the snapshot that is still one. */
static void count_snap(const struct murk_game* g, enum murk_side side, const struct snap* s,
                       struct tally* t) {
  struct murk_view* v = view_of(g, side);
  for (int k = 0; k < s->n; k++) {
    const struct murk_view_marker* m = murk_view_marker_by_number(v, side, s->number[k]);
    if (!m || !m->on_table || m->revealed) continue;
    int d = s->dummy[k] ? 1 : 0;
    t->seen[side][d]++;
    t->still[side][d] += murk_pos_eq(m->pos, s->pos[k]);
  }
  murk_view_free(v);
}

static bool moving(const struct murk_game* g, enum murk_side side) {
  return murk_game_phase(g) == MURK_PHASE_PLAY && murk_game_step(g) == MURK_STEP_MOVEMENT &&
         murk_game_to_act(g) == side;
}

static void play_counted(const struct murk_mission* m, uint64_t seed, struct tally* t) {
  struct murk_game* g = new_game(m, seed);
  struct murk_sim s;
  murk_sim_init(&s, g, MURK_POLICY_COMPUTER, MURK_POLICY_COMPUTER, seed);
  struct snap snap;
  enum murk_side in = MURK_NO_SIDE; /* the side whose movement step is being watched */
  int turn = 0;
  for (long n = 0; n < MURK_SIM_MAX_COMMANDS && murk_game_phase(g) != MURK_PHASE_OVER; n++) {
    if (murk_sim_past_turns(g, MURK_SIM_MAX_TURNS)) break;
    if (in == MURK_NO_SIDE) {
      enum murk_side side = murk_game_to_act(g);
      if (side != MURK_NO_SIDE && moving(g, side)) {
        in = side;
        turn = murk_game_turn(g);
        take_snap(g, side, &snap);
      }
    }
    int rc = murk_sim_step(&s);
    assert_int_equal(rc, MURK_OK);
    if (in != MURK_NO_SIDE && (!moving(g, in) || murk_game_turn(g) != turn)) {
      count_snap(g, in, &snap, t);
      in = MURK_NO_SIDE;
    }
  }
  murk_sim_free(&s);
  murk_game_free(g);
}

static int games(void) {
  const char* e = getenv("MURK_DUMMY_GAMES");
  int n = e ? atoi(e) : 0;
  return n > 0 ? n : SOAK_COUNT(1000, SHORT_GAMES, SHORT_GAMES / 4);
}

/* The fraction of counted templates that stayed put, in points (0 to 100). */
static double percent(long still, long seen) {
  return seen > 0 ? 100.0 * (double)still / (double)seen : 0;
}

static void check_mission(const char* id) {
  struct murk_mission* m = load_bundled(id);
  struct tally t;
  memset(&t, 0, sizeof t);
  int n = games();
  for (int seed = 1; seed <= n; seed++) play_counted(m, (uint64_t)seed, &t);
  murk_mission_free(m);
  int checked = 0;
  for (int side = 0; side < MURK_SIDES; side++) {
    const char* name = murk_side_name((enum murk_side)side);
    double real = percent(t.still[side][0], t.seen[side][0]);
    double dummy = percent(t.still[side][1], t.seen[side][1]);
    printf(
        "%s, %d games, the %s: real templates stayed put %ld of %ld (%.1f%%), dummies %ld of "
        "%ld (%.1f%%)\n",
        id, n, name, t.still[side][0], t.seen[side][0], real, t.still[side][1], t.seen[side][1],
        dummy);
    if (t.seen[side][0] < MIN_SEEN || t.seen[side][1] < MIN_SEEN) continue;
    checked++;
    if (real - dummy > MAX_GAP || dummy - real > MAX_GAP)
      fail_msg("%s, the %s: stayed put %.1f%% of real templates' steps, %.1f%% of dummies'", id,
               name, real, dummy);
  }
  assert_true(checked > 0);
}

static void test_luneville_templates(void** st) {
  (void)st;
  check_mission("tests/games/data/luneville-dummies.yaml");
}

static void test_hohenfeld_wing_leaders(void** st) {
  (void)st;
  check_mission("li-hohenfeld");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_luneville_templates),
      cmocka_unit_test(test_hohenfeld_wing_leaders),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
