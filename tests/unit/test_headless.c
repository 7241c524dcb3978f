/* test_headless.c: the shortcuts of the headless game loop (murk sim, bench/game_bench.c)
 * change nothing a game does.
 *
 * - A refused command leaves the game's state byte for byte as it was, though apply() copies
 *   only the used part of the state's big arrays; an accepted one leaves their unused tails
 *   zero, which that copy relies on (game.c, "the copy that undoes a refused command").
 * - A view refreshed after each command (murk_view_update) holds exactly what a view built
 *   anew holds, for each side and the umpire; from another game, or after an undo, it starts
 *   its events again.
 * Both over whole games between the policies on every bundled mission.
 * - A sight update that skips what did not change since the last one (sight.c's kept
 *   inputs) leaves the state byte for byte as one that works everything out again. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "murk/alloc.h"
#include "murk/command.h"
#include "sight.h"
#include "sim.h"
#include "test_support.h"

#define MAX_COMMANDS 5000
#define MISSIONS MURK_SOURCE_DIR "/data/missions"

/* Is [p, p+n) all zero bytes? */
static bool zero(const void* p, size_t n) {
  const unsigned char* b = p;
  for (size_t i = 0; i < n; i++)
    if (b[i]) return false;
  return true;
}

/* The unused tails of the arrays apply() does not copy are zero. */
static void assert_tails_zero(const struct mk_state* s) {
  size_t nm = (size_t)s->nmarkers;
  assert_true(zero(&s->markers[nm], (MK_MAX_MARKERS - nm) * sizeof s->markers[0]));
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    size_t nu = (size_t)s->nunits[sd], nt = (size_t)s->nteams[sd];
    assert_true(zero(&s->units[sd][nu], (MK_MAX_UNITS - nu) * sizeof s->units[sd][0]));
    assert_true(zero(&s->teams[sd][nt], (MK_MAX_TEAMS_PER_SIDE - nt) * sizeof s->teams[sd][0]));
    assert_true(
        zero(&s->seen_marker[sd][nm], (MK_MAX_MARKERS - nm) * sizeof s->seen_marker[sd][0]));
    size_t ne = (size_t)s->nteams[murk_side_other((enum murk_side)sd)];
    assert_true(
        zero(&s->seen_team[sd][ne], (MK_MAX_TEAMS_PER_SIDE - ne) * sizeof s->seen_team[sd][0]));
  }
}

#define SAME_ARRAY(a, b, field, n)                                                     \
  do {                                                                                 \
    assert_int_equal((a)->n, (b)->n);                                                  \
    if ((a)->n > 0)                                                                    \
      assert_same_memory((a)->field, (b)->field, (size_t)(a)->n * sizeof *(a)->field); \
  } while (0)

/* Two views hold the same: every field, every element of every array. */
static void assert_same_view(const struct murk_view* a, const struct murk_view* b) {
  SAME_ARRAY(a, b, works, nworks);
  SAME_ARRAY(a, b, objectives, nobjectives);
  SAME_ARRAY(a, b, markers, nmarkers);
  SAME_ARRAY(a, b, teams, nteams);
  SAME_ARRAY(a, b, platoons, nplatoons);
  assert_int_equal(a->narrivals, b->narrivals);
  for (int i = 0; i < a->narrivals; i++) { /* each points into its own view's pool */
    struct murk_view_arrival x = a->arrivals[i], y = b->arrivals[i];
    SAME_ARRAY(&x, &y, cells, ncells);
    x.cells = y.cells = NULL;
    assert_same_memory(&x, &y, sizeof x);
  }
  SAME_ARRAY(a, b, wings, nwings);
  SAME_ARRAY(a, b, targets, ntargets);
  SAME_ARRAY(a, b, lit, nlit);
  SAME_ARRAY(a, b, lit_by, nlit);
  SAME_ARRAY(a, b, lights, nlights);
  SAME_ARRAY(a, b, contacts, ncontacts);
  SAME_ARRAY(a, b, events, nevents);
  SAME_ARRAY(a, b, place_cells, nplace_cells);
  struct murk_view x = *a, y = *b;
  x.works = y.works = NULL;
  x.objectives = y.objectives = NULL;
  x.markers = y.markers = NULL;
  x.teams = y.teams = NULL;
  x.platoons = y.platoons = NULL;
  x.arrivals = y.arrivals = NULL;
  x.lit = y.lit = NULL;
  x.lit_by = y.lit_by = NULL;
  x.lights = y.lights = NULL;
  x.contacts = y.contacts = NULL;
  x.wings = y.wings = NULL;
  x.targets = y.targets = NULL;
  x.events = y.events = NULL;
  x.place_cells = y.place_cells = NULL;
  assert_same_memory(&x, &y, sizeof x);
}

/* Refresh the kept view of `side` and check it against a new build. */
static void check_view(const struct murk_game* g, enum murk_side side, struct murk_view** kept) {
  if (*kept)
    assert_int_equal(murk_view_update(g, *kept), MURK_OK);
  else
    *kept = view_of(g, side);
  struct murk_view* fresh = view_of(g, side);
  assert_same_view(*kept, fresh);
  murk_view_free(fresh);
}

struct tally {
  long refused, accepted, views;
};

/* The driver's offer: apply, and check that a refused try changed nothing at all. */
struct checked {
  struct murk_game* g;
  struct mk_state* before;
  struct tally* t;
};

static int offer_checked(void* ctx, enum murk_side side, const struct murk_command* c, char* reason,
                         size_t n) {
  struct checked* k = ctx;
  memcpy(k->before, &k->g->s, sizeof *k->before);
  size_t nevents = mk_game_event_count(k->g), nlog = murk_game_log_count(k->g);
  int rc = murk_game_apply(k->g, side, c, reason, n);
  if (rc == MURK_OK) {
    k->t->accepted++;
    assert_tails_zero(&k->g->s);
  } else {
    assert_int_equal(rc, MURK_EREJECTED);
    k->t->refused++;
    assert_same_memory(k->before, &k->g->s, sizeof *k->before);
    assert_int_equal(mk_game_event_count(k->g), nevents);
    assert_int_equal(murk_game_log_count(k->g), nlog);
  }
  return rc;
}

/* One game between the policies, checking every try and every view on the way. */
static void play_checked(const struct murk_mission* m, uint64_t seed, enum murk_policy pol,
                         struct mk_state* before, struct tally* t) {
  struct murk_game* g = new_game(m, seed);
  struct murk_rng rng[MURK_SIDES];
  for (int s = 0; s < MURK_SIDES; s++) murk_policy_seed(&rng[s], seed, (enum murk_side)s);
  struct murk_policy_plan plan;
  memset(&plan, 0, sizeof plan);
  struct murk_view* kept[MURK_SIDES + 1] = {NULL, NULL, NULL}; /* attacker, defender, umpire */
  struct checked k = {g, before, t};
  assert_tails_zero(&g->s);
  int n = 0;
  for (; murk_game_to_act(g) != MURK_NO_SIDE && n < MAX_COMMANDS; n++) {
    enum murk_side side = murk_game_to_act(g);
    check_view(g, MURK_NO_SIDE, &kept[MURK_SIDES]);
    check_view(g, murk_side_other(side), &kept[murk_side_other(side)]);
    check_view(g, side, &kept[side]);
    t->views += 3;
    char why[256];
    assert_int_equal(murk_sim_decide(pol, kept[side], &rng[side], &plan, offer_checked, &k, NULL,
                                     NULL, NULL, NULL, why, sizeof why),
                     MURK_OK);
  }
  assert_int_equal(murk_game_phase(g), MURK_PHASE_OVER);
  for (int s = 0; s <= MURK_SIDES; s++) {
    check_view(g, s == MURK_SIDES ? MURK_NO_SIDE : (enum murk_side)s, &kept[s]);
    murk_view_free(kept[s]);
  }
  murk_policy_plan_free(&plan);
  murk_game_free(g);
}

static int yaml_file(const struct dirent* e) {
  size_t n = strlen(e->d_name);
  return n > 5 && strcmp(e->d_name + n - 5, ".yaml") == 0;
}

static void test_bundled_games(void** st) {
  (void)st;
  struct dirent** names = NULL;
  int n = scandir(MISSIONS, &names, yaml_file, alphasort);
  assert_true(n > 0);
  struct mk_state* before = malloc(sizeof *before);
  assert_non_null(before);
  struct tally t = {0, 0, 0};
  for (int i = 0; i < n; i++) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", MISSIONS, names[i]->d_name);
    struct murk_mission* m = NULL;
    struct murk_diags d;
    assert_int_equal(murk_mission_load(path, &m, &d), MURK_OK);
    /* Light (sanitizer) runs: one policy a mission, in turn. */
    if (!test_light() || i % 2 == 0)
      play_checked(m, 1 + (uint64_t)i, MURK_POLICY_RANDOM, before, &t);
    if (!test_light() || i % 2 == 1)
      play_checked(m, 100 + (uint64_t)i, MURK_POLICY_GREEDY, before, &t);
    murk_mission_free(m);
    free(names[i]);
  }
  free(names);
  free(before);
  /* The checks had plenty to bite on. */
  fprintf(stderr, "%ld refused, %ld accepted, %ld views\n", (long)t.refused, (long)t.accepted,
          (long)t.views);
  assert_true(t.refused > TEST_COUNT(1000, 400));
  assert_true(t.accepted > TEST_COUNT(1000, 400));
  assert_true(t.views > TEST_COUNT(3000, 1200));
}

/* A game that drops its events (murk_game_drop_events, as murk run does after printing)
 * tells each side and the umpire exactly what one that keeps them tells: the same events,
 * numbered the same, through views that go on and through views built after a drop. */
static void read_into(FILE* f, const struct murk_game* g, struct murk_view* v) {
  assert_int_equal(murk_view_update(g, v), MURK_OK);
  char line[MURK_EVENT_TEXT + 64];
  for (size_t i = 0; i < v->nevents; i++) {
    murk_event_format(&v->events[i], line, sizeof line);
    fprintf(f, "%s|%d|%d|%d\n", line, v->events[i].marker, v->events[i].has_roll,
            v->events[i].roll.total);
  }
  murk_view_forget_events(v);
}

static void test_drop_events(void** st) {
  (void)st;
  static const char* const names[] = {"luneville", "li-hohenfeld", "night-saint-aubin",
                                      "fighting-withdrawal"};
  const enum murk_side sides[3] = {MURK_ATTACKER, MURK_DEFENDER, MURK_NO_SIDE};
  size_t dropped = 0;
  for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
    struct murk_mission* m = load_bundled(names[k]);
    for (uint64_t seed = 1; seed <= 2; seed++) {
      struct murk_game* a = new_game(m, seed); /* drops */
      struct murk_game* b = new_game(m, seed); /* keeps */
      struct murk_sim sim;
      murk_sim_init(&sim, a, MURK_POLICY_RANDOM, MURK_POLICY_RANDOM, seed);
      char* text[2][3] = {{0}};
      size_t len[2][3] = {{0}};
      FILE* f[2][3];
      struct murk_view* v[2][3];
      for (int w = 0; w < 2; w++)
        for (int s = 0; s < 3; s++) {
          f[w][s] = open_memstream(&text[w][s], &len[w][s]);
          v[w][s] = view_of(w ? b : a, sides[s]);
        }
      for (long n = 0; n < 400 && murk_game_phase(a) != MURK_PHASE_OVER; n++) {
        assert_int_equal(murk_sim_step(&sim), MURK_OK);
        char why[256];
        assert_int_equal(murk_game_apply(b, sim.last_side, &sim.last, why, sizeof why), MURK_OK);
        if (n % 3 == 0) continue; /* sometimes several commands between drops */
        for (int w = 0; w < 2; w++)
          for (int s = 0; s < 3; s++) read_into(f[w][s], w ? b : a, v[w][s]);
        murk_game_drop_events(a);
        dropped = mk_event_dropped(a, MURK_NO_SIDE);
        if (n % 7 == 1) /* a view built after a drop numbers on from the dropped events */
          for (int s = 0; s < 3; s++) {
            murk_view_free(v[0][s]);
            v[0][s] = view_of(a, sides[s]);
            assert_int_equal(v[0][s]->nevents, 0);
          }
      }
      for (int w = 0; w < 2; w++)
        for (int s = 0; s < 3; s++) {
          read_into(f[w][s], w ? b : a, v[w][s]);
          murk_view_free(v[w][s]);
          fclose(f[w][s]);
        }
      for (int s = 0; s < 3; s++) {
        assert_true(len[0][s] > 0);
        assert_int_equal(len[0][s], len[1][s]);
        assert_string_equal(text[0][s], text[1][s]);
        free(text[0][s]);
        free(text[1][s]);
      }
      /* The one that dropped holds only what came after its last drop. */
      assert_true(mk_game_event_count(a) - mk_event_dropped(a, MURK_NO_SIDE) <
                  mk_game_event_count(b) / 4);
      murk_sim_free(&sim);
      murk_game_free(a);
      murk_game_free(b);
    }
    murk_mission_free(m);
  }
  assert_true(dropped > 100);
}

/* A view refreshed from another game, or from its own after an undo, starts its events
 * again and so still equals a new build. */
static void test_update_other_game_and_undo(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* a = new_game(m, 3);
  struct murk_game* b = new_game(m, 4);
  ok_lines(a, "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at 9,2\nend");
  struct murk_view* v = view_of(a, MURK_DEFENDER);
  assert_true(v->nevents > 0);
  size_t had = v->nevents;
  assert_int_equal(murk_view_update(b, v), MURK_OK);
  struct murk_view* fresh = view_of(b, MURK_DEFENDER);
  assert_true(fresh->nevents < had);
  assert_same_view(v, fresh);
  murk_view_free(fresh);

  /* The attacker holds a platoon in reserve, looks, and takes it back (a nomination that
   * places nothing may be taken back; docs/rules.md, "Undo"). */
  struct murk_mission* mr = load_yaml(TF_MISSION_WITH("  reserves: {from_turn: 2}\n"));
  struct murk_game* c = new_game(mr, 3);
  struct murk_view* vc = view_of(c, MURK_ATTACKER);
  ok_line(c, "reserve 2");
  assert_int_equal(murk_view_update(c, vc), MURK_OK);
  had = vc->nevents;
  char why[200];
  assert_int_equal(murk_game_undoable(c), 1);
  assert_int_equal(murk_game_undo(c, why, sizeof why), MURK_OK);
  assert_int_equal(murk_view_update(c, vc), MURK_OK);
  fresh = view_of(c, MURK_ATTACKER);
  assert_true(fresh->nevents < had);
  assert_same_view(vc, fresh);
  murk_view_free(fresh);
  murk_view_free(vc);
  murk_game_free(c);
  murk_mission_free(mr);

  assert_int_equal(murk_view_update(NULL, v), MURK_EINVAL);
  assert_int_equal(murk_view_update(a, NULL), MURK_EINVAL);
  murk_view_free(v);
  murk_game_free(a);
  murk_game_free(b);
  murk_mission_free(m);
}

/* Two games of the same seed and commands, one whose sight updates skip what did not change
 * and one whose updates make everything again (mk_sight_update_from_scratch): after every
 * command the two states are the same bytes, sightings included. Random players move,
 * shoot and end steps; refused tries (restored states) come between on the first game. */
static void test_sight_kept_matches_scratch(void** st) {
  (void)st;
  static const char* const names[] = {"luneville", "li-hohenfeld", "night-saint-aubin",
                                      "relay-station-dusk", "encounter"};
  long commands = 0;
  for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
    struct murk_mission* m = load_bundled(names[k]);
    /* The kept sightings are double_blind's (on the open table every update is made
     * whole): each mission with the rule added, as murk play --with double_blind does. */
    char err[200];
    assert_int_equal(murk_mission_add_rules(m, "double_blind", err, sizeof err), MURK_OK);
    for (uint64_t seed = 1; seed <= (uint64_t)SOAK_COUNT(10, 3, 2); seed++) {
      struct murk_game* a = new_game(m, seed); /* skips */
      struct murk_game* b = new_game(m, seed); /* from scratch */
      mk_sight_update_from_scratch(b);
      struct murk_sim sim;
      murk_sim_init(&sim, a, seed % 2 ? MURK_POLICY_RANDOM : MURK_POLICY_GREEDY, MURK_POLICY_RANDOM,
                    seed);
      size_t seen = 0;
      for (long n = 0; n < 1500 && murk_game_phase(a) != MURK_PHASE_OVER; n++) {
        assert_int_equal(murk_sim_step(&sim), MURK_OK);
        char why[256];
        assert_int_equal(murk_game_apply(b, sim.last_side, &sim.last, why, sizeof why), MURK_OK);
        assert_same_memory(&a->s, &b->s, sizeof a->s);
        /* The same events, each told to the same audience (who sees a move's cells). */
        assert_int_equal(mk_game_event_count(a), mk_game_event_count(b));
        for (; seen < mk_game_event_count(a); seen++) {
          const struct mk_event *x = mk_event_at(a, seen), *y = mk_event_at(b, seen);
          assert_int_equal(x->kind, y->kind);
          assert_int_equal(x->audience, y->audience);
          assert_int_equal(x->side, y->side);
          assert_int_equal(x->marker, y->marker);
          assert_int_equal(x->at, y->at);
          assert_int_equal(x->tlen, y->tlen);
        }
        commands++;
      }
      murk_sim_free(&sim);
      murk_game_free(a);
      murk_game_free(b);
    }
    murk_mission_free(m);
  }
  assert_true(commands > TEST_COUNT(3000, 1500));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_bundled_games),
      cmocka_unit_test(test_update_other_game_and_undo),
      cmocka_unit_test(test_drop_events),
      cmocka_unit_test(test_sight_kept_matches_scratch),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
