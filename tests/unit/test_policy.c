/* test_policy.c: the simple players of `murk sim` (policy.h).
 *
 * A policy reads one side's view and nothing else: changing what the view holds about an
 * enemy marker's contents (which a correct view leaves blank until the reveal) must not
 * change a single try. Games between policies finish, with results, and the same seed plays
 * the same game. Greedy deploys in its zone, heads for its objectives, shoots and assaults
 * the nearest revealed enemy; unknown phases get `end`, and verbs the prompt names that the
 * policy does not know get filled in from their usage. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "murk/los.h"
#include "sim.h"
#include "test_support.h"

#define MAX_COMMANDS 5000

/* The test field with objectives, an end and a turn limit, fog of war and dummies. */
#define PF_OBJECTIVES                                                  \
  "objectives:\n"                                                      \
  "  place:\n"                                                         \
  "    - {by: attacker, for: attacker, count: 1, in: {half: north}}\n" \
  "    - {by: defender, for: defender, count: 1, in: {half: south}}\n" \
  "turn_limit: 8\n"                                                    \
  "end:\n"                                                             \
  "  - {kind: objective_taken}\n"
#define PF_MISSION TF_HEAD TF_SETUP PF_OBJECTIVES TF_FOG TF_VIS TF_FORCES
/* The same without fog: platoons are on the table, revealed, from deployment. */
#define PF_OPEN TF_HEAD TF_SETUP PF_OBJECTIVES TF_VIS TF_FORCES

/* Platoons 1 and 2 of each side, in turn, clear of each other. */
#define PF_DEPLOY "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at 12,2\n"

/* Game `seed` of m with the objectives at 8,1 and 8,10, then `lines` (deployments). */
static struct murk_game* placed(const struct murk_mission* m, uint64_t seed, const char* lines) {
  struct murk_game* g = new_game(m, seed);
  ok_lines(g, "objective at 8,1\nobjective at 8,10");
  ok_lines(g, lines);
  return g;
}

/* placed(), deployed by `deploys` (each side's with its "end"), then the attacker's
 * movement step ended: its shooting step. */
static struct murk_game* shooting_step(const struct murk_mission* m, uint64_t seed,
                                       const char* deploys) {
  struct murk_game* g = placed(m, seed, deploys);
  ok_line(g, "end");
  assert_int_equal(murk_game_step(g), MURK_STEP_SHOOTING);
  return g;
}

/* The plan of the side to act (round 0), with the generator as given. */
static void plan_of(enum murk_policy p, const struct murk_view* v, struct murk_rng* rng,
                    struct murk_policy_plan* plan) {
  assert_int_equal(murk_policy_plan(p, v, rng, 0, plan), MURK_OK);
  assert_true(plan->n >= 1);
}

/* Try i of a plan as the command language writes it (four buffers in turn). */
static const char* line(const struct murk_policy_plan* plan, int i) {
  static char bufs[4][256];
  static int next;
  char* b = bufs[next++ % 4];
  assert_int_equal(murk_command_format(&plan->cmds[i], b, 256), MURK_OK);
  return b;
}

static bool plan_has(const struct murk_policy_plan* plan, const char* text) {
  for (int i = 0; i < plan->n; i++)
    if (strcmp(line(plan, i), text) == 0) return true;
  return false;
}

static int plan_index(const struct murk_policy_plan* plan, const char* prefix) {
  for (int i = 0; i < plan->n; i++)
    if (strncmp(line(plan, i), prefix, strlen(prefix)) == 0) return i;
  return -1;
}

/* The driver's offer: the game's answer, and never a command the game cannot even read. */
static int offer(void* ctx, enum murk_side side, const struct murk_command* c, char* why,
                 size_t n) {
  int rc = murk_game_apply(ctx, side, c, why, n);
  assert_true(rc == MURK_OK || rc == MURK_EREJECTED);
  char text[256];
  assert_int_equal(murk_command_format(c, text, sizeof text), MURK_OK);
  return rc;
}

/* One decision by the driver of sim.h: plans in rounds until the game takes a command.
 * Returns the command taken, as the command language writes it. */
static const char* decide(struct murk_game* g, enum murk_policy pol, struct murk_rng* rng,
                          struct murk_policy_plan* plan) {
  static char taken_line[256];
  enum murk_side side = murk_game_to_act(g);
  struct murk_view* v = view_of(g, side);
  struct murk_command taken;
  char why[256];
  int rc = murk_sim_decide(pol, v, rng, plan, offer, g, NULL, NULL, NULL, &taken, why, sizeof why);
  if (rc != MURK_OK) fprintf(stderr, "stuck at: %s: %s\n", v->prompt, why);
  assert_int_equal(rc, MURK_OK);
  murk_view_free(v);
  assert_int_equal(murk_command_format(&taken, taken_line, sizeof taken_line), MURK_OK);
  return taken_line;
}

/* Each side's generator for game `seed`, as murk sim seeds them. */
static void seed_sides(struct murk_rng rng[MURK_SIDES], uint64_t seed) {
  for (int s = 0; s < MURK_SIDES; s++) murk_policy_seed(&rng[s], seed, (enum murk_side)s);
}

/* Play a game to its end; returns the number of commands applied. */
static int play(struct murk_game* g, enum murk_policy att, enum murk_policy def) {
  struct murk_rng rng[MURK_SIDES];
  seed_sides(rng, murk_game_seed(g));
  struct murk_policy_plan plan;
  memset(&plan, 0, sizeof plan);
  int n = 0;
  while (murk_game_to_act(g) != MURK_NO_SIDE && n < MAX_COMMANDS) {
    enum murk_side side = murk_game_to_act(g);
    decide(g, side == MURK_ATTACKER ? att : def, &rng[side], &plan);
    n++;
  }
  murk_policy_plan_free(&plan);
  return n;
}

static void test_names(void** st) {
  (void)st;
  enum murk_policy p = MURK_POLICY_COUNT;
  assert_int_equal(murk_policy_parse("random", &p), MURK_OK);
  assert_int_equal(p, MURK_POLICY_RANDOM);
  assert_int_equal(murk_policy_parse("greedy", &p), MURK_OK);
  assert_int_equal(p, MURK_POLICY_GREEDY);
  assert_int_equal(murk_policy_parse("Greedy", &p), MURK_EINVAL);
  assert_int_equal(murk_policy_parse("", &p), MURK_EINVAL);
  assert_int_equal(murk_policy_parse(NULL, &p), MURK_EINVAL);
  assert_string_equal(murk_policy_name(MURK_POLICY_RANDOM), "random");
  assert_string_equal(murk_policy_name(MURK_POLICY_COUNT), "?");
  /* Which view each reads: the policy table's column (the driver asks it). */
  assert_false(murk_policy_reads_full_view(MURK_POLICY_RANDOM));
  assert_false(murk_policy_reads_full_view(MURK_POLICY_GREEDY));
  assert_true(murk_policy_reads_full_view(MURK_POLICY_COMPUTER));
  assert_false(murk_policy_reads_full_view(MURK_POLICY_COUNT));
}

/* Each side gets its own stream, and neither is the game's. */
static void test_seeds(void** st) {
  (void)st;
  struct murk_rng a, d, a2, game;
  murk_policy_seed(&a, 7, MURK_ATTACKER);
  murk_policy_seed(&d, 7, MURK_DEFENDER);
  murk_policy_seed(&a2, 7, MURK_ATTACKER);
  murk_rng_seed(&game, 7);
  uint32_t x = murk_rng_next(&a), y = murk_rng_next(&d), z = murk_rng_next(&a2);
  assert_int_equal(x, z);
  assert_int_not_equal(x, y);
  assert_int_not_equal(x, murk_rng_next(&game));
}

/* Only the side to act plans, from its own view; never the umpire, never after the end. */
static void test_refuses_wrong_views(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(PF_MISSION);
  struct murk_game* g = new_game(m, 1);
  struct murk_rng rng;
  murk_policy_seed(&rng, 1, MURK_ATTACKER);
  struct murk_policy_plan plan;
  memset(&plan, 0, sizeof plan);
  enum murk_side side = murk_game_to_act(g);
  struct murk_view* umpire = view_of(g, MURK_NO_SIDE);
  struct murk_view* other = view_of(g, murk_side_other(side));
  assert_int_equal(murk_policy_plan(MURK_POLICY_GREEDY, umpire, &rng, 0, &plan), MURK_EINVAL);
  assert_int_equal(murk_policy_plan(MURK_POLICY_RANDOM, other, &rng, 0, &plan), MURK_EINVAL);
  assert_int_equal(plan.n, 0);
  assert_int_equal(murk_policy_plan(MURK_POLICY_GREEDY, NULL, &rng, 0, &plan), MURK_EINVAL);
  assert_int_equal(murk_policy_plan(MURK_POLICY_COUNT, umpire, &rng, 0, &plan), MURK_EINVAL);
  murk_view_free(umpire);
  murk_view_free(other);
  play(g, MURK_POLICY_RANDOM, MURK_POLICY_RANDOM);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_OVER);
  struct murk_view* over = view_of(g, MURK_ATTACKER);
  over->to_act = MURK_ATTACKER; /* even a view that claims it: the game is over */
  assert_int_equal(murk_policy_plan(MURK_POLICY_GREEDY, over, &rng, 0, &plan), MURK_EINVAL);
  murk_view_free(over);
  murk_policy_plan_free(&plan);
  murk_policy_plan_free(&plan); /* twice is fine */
  murk_game_free(g);
  murk_mission_free(m);
}

/* Scribble over what a view must not know of enemy markers still hidden: whether they are
 * dummies, which platoon, its name, type and strength (where they stand and whether they
 * are bogged are public). Returns how many were changed. */
static int scribble_hidden(struct murk_view* v, int how) {
  int n = 0;
  for (int i = 0; i < v->nmarkers; i++) {
    struct murk_view_marker* mk = &v->markers[i];
    if (mk->owner == v->side || mk->known) continue;
    mk->dummy = how & 1;
    mk->platoon = how & 1 ? -1 : 1 + how % 3;
    snprintf(mk->name, sizeof mk->name, "Secret %d", how);
    snprintf(mk->type, sizeof mk->type, "secret type %d", how);
    mk->nteams = 1 + how % 7;
    n++;
  }
  return n;
}

/* Plans from v and from v scribbled over are the same, try for try, and draw the same. */
static void same_plans(enum murk_policy pol, const struct murk_view* v, struct murk_view* w,
                       const struct murk_rng* rng, int round, struct murk_policy_plan* a,
                       struct murk_policy_plan* b) {
  struct murk_rng r1 = *rng, r2 = *rng;
  assert_int_equal(murk_policy_plan(pol, v, &r1, round, a), MURK_OK);
  assert_int_equal(murk_policy_plan(pol, w, &r2, round, b), MURK_OK);
  assert_int_equal(a->n, b->n);
  for (int i = 0; i < a->n; i++) assert_string_equal(line(a, i), line(b, i));
  assert_same_memory(&r1, &r2, sizeof r1);
}

/* The plans made from a view and from the same view with the hidden fields scribbled over
 * are the same: first where it would show (an enemy template across greedy's way to its
 * objective: a policy that took it for a dummy would walk through), then at every decision
 * of many games and both policies. */
static void test_ignores_hidden_contents(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(PF_MISSION);
  struct murk_policy_plan plan, other;
  memset(&plan, 0, sizeof plan);
  memset(&other, 0, sizeof other);
  {
    struct murk_game* g =
        placed(m, 1,
               "deploy 1 at 8,7\ndeploy 1 at 7,4\ndeploy 2 at 2,10\ndeploy dummy at 8,4\n"
               "deploy dummy at 14,10\ndeploy 2 at 9,4\nend\nend");
    assert_int_equal(murk_game_step(g), MURK_STEP_MOVEMENT);
    struct murk_view* v = view_of(g, MURK_ATTACKER);
    struct murk_rng rng;
    murk_policy_seed(&rng, 1, MURK_ATTACKER);
    for (int how = 0; how < 4; how++) {
      struct murk_view* w = view_of(g, MURK_ATTACKER);
      assert_int_equal(scribble_hidden(w, how), 3);
      same_plans(MURK_POLICY_GREEDY, v, w, &rng, 0, &plan, &other);
      murk_view_free(w);
    }
    /* The way north goes round the wall of templates at 7-9,4, not through it. */
    int i = plan_index(&plan, "move T1 ");
    assert_true(i >= 0);
    assert_null(strstr(line(&plan, i), "08,04"));
    murk_view_free(v);
    murk_game_free(g);
  }
  long compared = 0, scribbled = 0;
  for (uint64_t seed = 1; seed <= 12; seed++) {
    enum murk_policy pol = (enum murk_policy)(seed % MURK_POLICY_COUNT);
    struct murk_game* g = new_game(m, seed);
    struct murk_rng rng[MURK_SIDES];
    seed_sides(rng, seed);
    for (int n = 0; murk_game_to_act(g) != MURK_NO_SIDE && n < MAX_COMMANDS; n++) {
      enum murk_side side = murk_game_to_act(g);
      struct murk_view* v = view_of(g, side);
      for (int how = 0; how < 4; how++) {
        struct murk_view* w = view_of(g, side);
        scribbled += scribble_hidden(w, how);
        same_plans(pol, v, w, &rng[side], how % 2, &plan, &other);
        murk_view_free(w);
        compared++;
      }
      murk_view_free(v);
      decide(g, pol, &rng[side], &plan);
    }
    assert_int_equal(murk_game_phase(g), MURK_PHASE_OVER);
    murk_game_free(g);
  }
  /* The check had something to bite on. */
  assert_true(compared > 1000);
  assert_true(scribbled > 1000);
  murk_policy_plan_free(&plan);
  murk_policy_plan_free(&other);
  murk_mission_free(m);
}

/* Games finish within the cap, both policies, on the test field with and without fog and on
 * the bundled missions; greedy games have winners; a seed replays the same game. */
static void finish_games(const struct murk_mission* m, int seeds, bool want_winners) {
  for (int pa = 0; pa < MURK_POLICY_COUNT; pa++)
    for (int pd = 0; pd < MURK_POLICY_COUNT; pd++) {
      int winners = 0;
      for (int seed = 1; seed <= seeds; seed++) {
        struct murk_game* g = new_game(m, (uint64_t)seed);
        int n = play(g, (enum murk_policy)pa, (enum murk_policy)pd);
        assert_true(n < MAX_COMMANDS);
        assert_int_equal(murk_game_phase(g), MURK_PHASE_OVER);
        assert_true(strlen(murk_game_result(g)) > 0);
        if (murk_game_winner(g) != MURK_NO_SIDE) winners++;
        if (seed <= 2) {
          struct murk_game* again = new_game(m, (uint64_t)seed);
          assert_int_equal(play(again, (enum murk_policy)pa, (enum murk_policy)pd), n);
          assert_int_equal(murk_game_log_count(again), murk_game_log_count(g));
          for (size_t i = 0; i < murk_game_log_count(g); i++)
            assert_string_equal(murk_game_log_line(again, i), murk_game_log_line(g, i));
          murk_game_free(again);
        }
        murk_game_free(g);
      }
      if (want_winners && pa == MURK_POLICY_GREEDY && pd == MURK_POLICY_GREEDY)
        assert_true(winners > 0);
    }
}

static void test_games_finish(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(PF_MISSION);
  finish_games(m, 10, true);
  murk_mission_free(m);
  m = load_yaml(PF_OPEN);
  finish_games(m, 10, true);
  murk_mission_free(m);
}

static void test_bundled_games_finish(void** st) {
  (void)st;
  static const char* const bundled[] = {"luneville", "free-for-all"};
  for (size_t i = 0; i < sizeof bundled / sizeof bundled[0]; i++) {
    struct murk_mission* m = load_bundled(bundled[i]);
    finish_games(m, 3, false);
    murk_mission_free(m);
  }
}

/* Greedy puts its platoons down in its own zone, in roster order, then its dummies. */
static void test_greedy_deploys_in_zone(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(PF_MISSION);
  struct murk_game* g = placed(m, 3, "");
  struct murk_rng rng;
  murk_policy_seed(&rng, 3, MURK_ATTACKER);
  struct murk_policy_plan plan;
  memset(&plan, 0, sizeof plan);
  for (int step = 0; murk_game_phase(g) == MURK_PHASE_DEPLOY; step++) {
    enum murk_side side = murk_game_to_act(g);
    struct murk_view* v = view_of(g, side);
    plan_of(MURK_POLICY_GREEDY, v, &rng, &plan);
    murk_view_free(v);
    int unit = 0, x = -1, y = -1;
    if (sscanf(line(&plan, 0), "deploy %d at %d,%d", &unit, &x, &y) == 3) {
      /* Platoon 1 first, then 2. */
      int done = 0;
      v = view_of(g, side);
      for (int i = 0; i < v->nplatoons; i++) done += v->platoons[i].state != MURK_PLATOON_WAITING;
      murk_view_free(v);
      assert_int_equal(unit, done + 1);
    } else {
      assert_true(sscanf(line(&plan, 0), "deploy dummy at %d,%d", &x, &y) == 2 ||
                  strcmp(line(&plan, 0), "end") == 0);
    }
    /* Every deploy try is in the side's half: south rows 6-11, north rows 0-5. */
    for (int i = 0; i < plan.n; i++) {
      if (sscanf(line(&plan, i), "deploy %*s at %d,%d", &x, &y) != 2) continue;
      if (side == MURK_ATTACKER)
        assert_true(y >= 6 && y <= 11);
      else
        assert_true(y >= 0 && y <= 5);
    }
    decide(g, MURK_POLICY_GREEDY, &rng, &plan);
    assert_true(step < 20);
  }
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  /* Both dummies went down too. */
  struct murk_view* v = view_of(g, MURK_NO_SIDE);
  assert_int_equal(v->nmarkers, 6);
  murk_view_free(v);
  murk_policy_plan_free(&plan);
  murk_game_free(g);
  murk_mission_free(m);
}

/* In its movement step greedy moves every unit nearer its objective, each try a line the
 * parser takes whose legs are straight hex lines over open ground. */
static void test_greedy_heads_for_objectives(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(PF_MISSION);
  struct murk_game* g =
      placed(m, 5, PF_DEPLOY "deploy dummy at 13,10\ndeploy dummy at 14,2\nend\nend");
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  assert_int_equal(murk_game_step(g), MURK_STEP_MOVEMENT);
  struct murk_view* v = view_of(g, MURK_ATTACKER);
  struct murk_rng rng;
  murk_policy_seed(&rng, 5, MURK_ATTACKER);
  struct murk_policy_plan plan;
  memset(&plan, 0, sizeof plan);
  plan_of(MURK_POLICY_GREEDY, v, &rng, &plan);
  struct murk_pos goal = {8, 1}, guard = {8, 10};
  bool moved[6] = {false};
  for (int i = 0; i < plan.n; i++) {
    struct murk_command c = plan.cmds[i];
    if (c.kind == MURK_CMD_END) {
      assert_int_equal(i, plan.n - 1); /* `end` comes last */
      continue;
    }
    assert_int_equal(c.kind, MURK_CMD_MOVE);
    assert_int_equal(c.unit.kind, MURK_REF_MARKER);
    const struct murk_view_marker* mk = murk_view_marker_by_number(v, MURK_ATTACKER, c.unit.n);
    assert_non_null(mk);
    /* Two units in three go for the objective to take, the third guards the enemy's. The
     * cheapest way may run along a road first, but never away, and a unit's first (longest)
     * try gets nearer. */
    struct murk_pos aim = c.unit.n == 5 ? guard : goal;
    int before = murk_geom_distance(&v->grid, mk->pos, aim);
    int after = murk_geom_distance(&v->grid, c.at, aim);
    assert_true(after <= before);
    if (c.unit.n >= 1 && c.unit.n <= 5 && !moved[c.unit.n]) assert_true(after < before);
    /* Legs: from the marker through the waypoints, the cells add up with no gaps. */
    struct murk_pos from = mk->pos;
    for (int k = 0; k <= c.nvia; k++) {
      struct murk_pos to = k < c.nvia ? c.via[k] : c.at;
      assert_true(murk_geom_distance(&v->grid, from, to) >= 1);
      from = to;
    }
    if (c.unit.n >= 1 && c.unit.n <= 5) moved[c.unit.n] = true;
  }
  /* Its platoons (T1, T3) and its dummy (T5) all get tries. */
  assert_true(moved[1] && moved[3] && moved[5]);
  murk_view_free(v);
  /* Applying the plan moves T1 nearer. */
  decide(g, MURK_POLICY_GREEDY, &rng, &plan);
  v = view_of(g, MURK_ATTACKER);
  const struct murk_view_marker* t1 = murk_view_marker_by_number(v, MURK_ATTACKER, 1);
  assert_true(murk_geom_distance(&v->grid, t1->pos, goal) < 7);
  /* A unit that moved this step is not tried again. */
  plan_of(MURK_POLICY_GREEDY, v, &rng, &plan);
  assert_int_equal(plan_index(&plan, "move T1 "), -1);
  murk_view_free(v);
  murk_policy_plan_free(&plan);
  murk_game_free(g);
  murk_mission_free(m);
}

/* Without fog everything is revealed at deployment: there is nothing to spot (the view's
 * verbs hold no `spot`, so greedy does not try it), greedy shoots the nearest revealed enemy
 * first, and assaults what is within two cells. */
static void test_greedy_shoots_and_assaults(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(PF_OPEN);
  struct murk_game* g = shooting_step(
      m, 9, "deploy 1 at 8,6\ndeploy 1 at 8,4\ndeploy 2 at 2,10\ndeploy 2 at 14,0\nend\nend\n");
  struct murk_view* v = view_of(g, MURK_ATTACKER);
  struct murk_rng rng;
  murk_policy_seed(&rng, 9, MURK_ATTACKER);
  struct murk_policy_plan plan;
  memset(&plan, 0, sizeof plan);
  plan_of(MURK_POLICY_GREEDY, v, &rng, &plan);
  /* Markers: attacker P1 (platoon 1), defender P2 (its 1), attacker P3, defender P4. */
  int spot = plan_index(&plan, "spot");
  int near = plan_index(&plan, "shoot 1 at P2");
  int far = plan_index(&plan, "shoot 1 at P4");
  assert_int_equal(spot, -1);
  assert_false(v->verbs & (1u << MURK_CMD_SPOT));
  assert_true(near >= 0);
  assert_true(far < 0 || far > near);
  assert_string_equal(line(&plan, plan.n - 1), "end");
  murk_view_free(v);
  ok_line(g, "end");
  assert_int_equal(murk_game_step(g), MURK_STEP_ASSAULT);
  v = view_of(g, MURK_ATTACKER);
  plan_of(MURK_POLICY_GREEDY, v, &rng, &plan);
  assert_true(plan_has(&plan, "assault 1 at P2"));
  /* P4 is far away: no assault try at it, and none by platoon 2. */
  assert_int_equal(plan_index(&plan, "assault 1 at P4"), -1);
  assert_int_equal(plan_index(&plan, "assault 2 "), -1);
  murk_view_free(v);
  murk_policy_plan_free(&plan);
  murk_game_free(g);
  murk_mission_free(m);
}

/* The index of the first try of kind k in a plan, -1 if none. */
static int first_of(const struct murk_policy_plan* plan, enum murk_command_kind k) {
  for (int i = 0; i < plan->n; i++)
    if (plan->cmds[i].kind == k) return i;
  return -1;
}

/* The computer's fighting (fight.c), on a hand-made table: its lancers (3 teams) have the
 * rangers (4 teams, the nearest of them in the woods) and the hussars (3 teams, in the open,
 * a little further) in sight. Greedy shoots the nearest; the computer shoots the one in the
 * open first, where a hit kills more often. In the assault step both are within reach:
 * greedy assaults the nearest; the computer does not assault a platoon with more teams than
 * its own (their defensive fire comes first; it counts the rangers' four teams by their
 * revealed marker, though it sees only two) and assaults the hussars. */
static void test_computer_fights(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(PF_OPEN);
  struct murk_game* g = shooting_step(
      m, 9, "deploy 1 at 7,6\ndeploy 1 at 5,4\ndeploy 2 at 2,10\ndeploy 2 at 9,4\nend\nend\n");
  struct murk_view* v = view_of(g, MURK_ATTACKER);
  struct murk_rng rng;
  murk_policy_seed(&rng, 9, MURK_ATTACKER);
  struct murk_policy_plan plan;
  memset(&plan, 0, sizeof plan);
  /* Markers: attacker P1 (its platoon 1), defender P2 (rangers), P3, P4 (hussars). */
  plan_of(MURK_POLICY_GREEDY, v, &rng, &plan);
  int shot = first_of(&plan, MURK_CMD_SHOOT);
  assert_true(shot >= 0);
  assert_string_equal(line(&plan, shot), "shoot 1 at P2");
  plan_of(MURK_POLICY_COMPUTER, v, &rng, &plan);
  shot = first_of(&plan, MURK_CMD_SHOOT);
  assert_true(shot >= 0);
  assert_string_equal(line(&plan, shot), "shoot 1 at P4");
  assert_true(plan_has(&plan, "shoot 1 at P2")); /* then the other, should that be refused */
  murk_view_free(v);
  ok_line(g, "end");
  assert_int_equal(murk_game_step(g), MURK_STEP_ASSAULT);
  v = view_of(g, MURK_ATTACKER);
  plan_of(MURK_POLICY_GREEDY, v, &rng, &plan);
  assert_string_equal(line(&plan, first_of(&plan, MURK_CMD_ASSAULT)), "assault 1 at P2");
  plan_of(MURK_POLICY_COMPUTER, v, &rng, &plan);
  assert_string_equal(line(&plan, first_of(&plan, MURK_CMD_ASSAULT)), "assault 1 at P4");
  assert_false(plan_has(&plan, "assault 1 at P2"));
  murk_view_free(v);
  murk_policy_plan_free(&plan);
  murk_game_free(g);
  murk_mission_free(m);
}

/* The chance to hurt as docs/rules.md, "Combat" gives it, read from a view: 0 armour the
 * platoon's best anti-tank hurts on three faces of the die or more, 1 a soft target, 2
 * armour it hurts on one or two, 3 armour it cannot hurt. */
static int view_tier(const struct murk_view* v, int platoon, int number) {
  int anti = -1, armour = -1;
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* t = &v->teams[i];
    if (t->owner == v->side && t->platoon == platoon && !t->bailed && t->anti_tank > anti)
      anti = t->anti_tank;
    if (t->owner != v->side && t->marker == number && t->armour[0] >= 0 &&
        (armour < 0 || t->armour[0] < armour))
      armour = t->armour[0];
  }
  if (armour < 0) return 1;
  return anti - armour >= 3 ? 0 : anti - armour >= 1 ? 2 : 3;
}

/* The computer shoots armour with anti-tank weapons: in whole games of armoured Flames of
 * War missions, each platoon's first shot of a shooting step goes to a target of the best
 * chance to hurt (view_tier) among those the view lists for it, and never to armour it
 * cannot hurt while it could hurt another; its armour assaults no armour, and its soft
 * platoons only armour whose top their anti-tank destroys on two faces of the die or more
 * (Surrounded's bazookas do; Counterattack's rifles against tanks do not). The view's teams
 * carry their profiles' anti-tank and armour. */
static void test_computer_shoots_armour_with_anti_tank(void** st) {
  (void)st;
  const char* missions[] = {"breakthrough", "counterattack", "surrounded"};
  int at_armour = 0, checked = 0, assaults = 0, soft_on_armour = 0;
  for (size_t mi = 0; mi < sizeof missions / sizeof *missions; mi++) {
    struct murk_mission* m = load_bundled(missions[mi]);
    for (uint64_t seed = 1; seed <= TEST_COUNT(6, 2); seed++) {
      struct murk_game* g = new_game(m, seed);
      struct murk_rng rng[MURK_SIDES];
      seed_sides(rng, seed);
      struct murk_policy_plan plan;
      memset(&plan, 0, sizeof plan);
      for (int n = 0; n < MAX_COMMANDS && murk_game_to_act(g) != MURK_NO_SIDE; n++) {
        enum murk_side side = murk_game_to_act(g);
        struct murk_view* v = view_of(g, side);
        for (int i = 0; i < v->nteams; i++) {
          const struct murk_force* f = murk_game_force(g, v->teams[i].owner);
          for (int k = 0; k < f->nprofiles; k++) {
            const struct murk_profile* pr = &f->profiles[k];
            if (strcmp(pr->title, v->teams[i].profile) != 0) continue;
            assert_int_equal(v->teams[i].anti_tank, pr->anti_tank);
            assert_int_equal(v->teams[i].armour[0], pr->armoured ? pr->armour[0] : -1);
          }
        }
        if (v->step == MURK_STEP_ASSAULT && v->ntargets > 0) {
          /* Armour does not assault armour (fight.c, assaults). */
          struct murk_rng probe = rng[side];
          murk_policy_plan_free(&plan);
          memset(&plan, 0, sizeof plan);
          plan_of(MURK_POLICY_COMPUTER, v, &probe, &plan);
          for (int k = 0; k < plan.n; k++) {
            if (plan.cmds[k].kind != MURK_CMD_ASSAULT || plan.cmds[k].unit.kind != MURK_REF_OWN)
              continue;
            int platoon = plan.cmds[k].unit.n - 1;
            bool own_armour = false, their_armour = false;
            for (int i = 0; i < v->nteams; i++) {
              const struct murk_view_team* t = &v->teams[i];
              if (t->armour[0] < 0) continue;
              own_armour = own_armour || (t->owner == side && t->platoon == platoon);
              their_armour =
                  their_armour || (t->owner != side && t->marker == plan.cmds[k].target.n);
            }
            assert_false(own_armour && their_armour);
            /* Soft on armour: only where its best anti-tank destroys the thinnest top
             * armour on two faces of the die or more (a strike hits the top). */
            if (their_armour) {
              int anti = -1, top = -1;
              for (int i = 0; i < v->nteams; i++) {
                const struct murk_view_team* t = &v->teams[i];
                if (t->owner == side && t->platoon == platoon && !t->bailed && t->anti_tank > anti)
                  anti = t->anti_tank;
                if (t->owner != side && t->marker == plan.cmds[k].target.n && t->armour[0] >= 0 &&
                    (top < 0 || t->armour[MURK_ARMOUR_TOP] < top))
                  top = t->armour[MURK_ARMOUR_TOP];
              }
              assert_true(anti - top >= 2);
              soft_on_armour++;
            }
            assaults++;
          }
        }
        if (v->step == MURK_STEP_SHOOTING && v->ntargets > 0) {
          struct murk_rng probe = rng[side];
          murk_policy_plan_free(&plan);
          memset(&plan, 0, sizeof plan);
          plan_of(MURK_POLICY_COMPUTER, v, &probe, &plan);
          for (int i = 0; i < v->nplatoons; i++) {
            char prefix[32];
            snprintf(prefix, sizeof prefix, "shoot %d at P", v->platoons[i].index + 1);
            int k = plan_index(&plan, prefix);
            if (k < 0) continue;
            int best = 4;
            for (int t = 0; t < v->ntargets; t++)
              if (v->targets[t].platoon == v->platoons[i].index && v->targets[t].shoot) {
                int tier = view_tier(v, v->platoons[i].index, v->targets[t].target);
                if (tier < best) best = tier;
              }
            int tier = view_tier(v, v->platoons[i].index, plan.cmds[k].target.n);
            assert_int_equal(tier, best);
            checked++;
            at_armour += tier == 0;
          }
        }
        murk_view_free(v);
        decide(g, MURK_POLICY_COMPUTER, &rng[side], &plan);
      }
      murk_policy_plan_free(&plan);
      murk_game_free(g);
    }
    murk_mission_free(m);
  }
  assert_true(checked > 0 && at_armour > 0 && assaults > 0 && soft_on_armour > 0);
}

/* At night a side that only guards keeps its hidden platoons hidden in the shooting step
 * (fight.c, sim_fight_tries): in whole computer games of Night at Saint-Aubin Mill, the
 * defender's plan for a dark shooting step shows no platoon, where greedy's plan of the
 * same view shows one to shoot (the step comes about). */
static void test_computer_night_guard_holds_fire(void** st) {
  (void)st;
  struct murk_mission* m = load_bundled("night-saint-aubin");
  int steps = 0, greedy_reveals = 0;
  for (uint64_t seed = 1; seed <= TEST_COUNT(6, 2); seed++) {
    struct murk_game* g = new_game(m, seed);
    struct murk_rng rng[MURK_SIDES];
    seed_sides(rng, seed);
    struct murk_policy_plan plan;
    memset(&plan, 0, sizeof plan);
    for (int n = 0; n < MAX_COMMANDS && murk_game_to_act(g) != MURK_NO_SIDE; n++) {
      enum murk_side side = murk_game_to_act(g);
      struct murk_view* v = view_of(g, side);
      if (side == MURK_DEFENDER && v->night && v->step == MURK_STEP_SHOOTING) {
        struct murk_rng probe = rng[side];
        murk_policy_plan_free(&plan);
        memset(&plan, 0, sizeof plan);
        plan_of(MURK_POLICY_COMPUTER, v, &probe, &plan);
        assert_int_equal(first_of(&plan, MURK_CMD_REVEAL), -1);
        probe = rng[side];
        plan_of(MURK_POLICY_GREEDY, v, &probe, &plan);
        greedy_reveals += first_of(&plan, MURK_CMD_REVEAL) >= 0;
        steps++;
      }
      murk_view_free(v);
      decide(g, MURK_POLICY_COMPUTER, &rng[side], &plan);
    }
    murk_policy_plan_free(&plan);
    murk_game_free(g);
  }
  murk_mission_free(m);
  assert_true(steps > 0 && greedy_reveals > 0);
}

/* One decision of the computer looked at: game `seed` of m, the computer playing both sides
 * until `side` is to act in `phase` with `verb` legal; there, that side's view and the
 * computer's plan of it (round 0, from a fresh plan). */
struct computer_at {
  struct murk_game* g;
  struct murk_view* v;
  struct murk_rng rng[MURK_SIDES];
  struct murk_policy_plan plan;
  int decided; /* decisions played to get there */
};

static void computer_plan_at(struct computer_at* at, const struct murk_mission* m, uint64_t seed,
                             enum murk_phase phase, enum murk_side side,
                             enum murk_command_kind verb) {
  memset(at, 0, sizeof *at);
  at->g = new_game(m, seed);
  seed_sides(at->rng, seed);
  for (;;) {
    enum murk_side s = murk_game_to_act(at->g);
    assert_true(s != MURK_NO_SIDE && at->decided < MAX_COMMANDS);
    if (s == side && murk_game_phase(at->g) == phase) {
      at->v = view_of(at->g, s);
      if (at->v->verbs & (1u << verb)) break;
      murk_view_free(at->v);
      at->v = NULL;
    }
    decide(at->g, MURK_POLICY_COMPUTER, &at->rng[s], &at->plan);
    at->decided++;
  }
  assert_int_equal(at->v->phase, phase);
  assert_int_equal(at->v->side, side);
  murk_policy_plan_free(&at->plan);
  plan_of(MURK_POLICY_COMPUTER, at->v, &at->rng[side], &at->plan);
}

static void computer_at_free(struct computer_at* at) {
  murk_view_free(at->v);
  murk_policy_plan_free(&at->plan);
  murk_game_free(at->g);
}

/* The computer's moves at the attacker's first movement step of a bundled mission, its
 * platoons all dug in (Prepared Positions): the number of move tries of its plan. */
static int first_moves(const char* mission) {
  struct murk_mission* m = load_bundled(mission);
  struct computer_at at;
  computer_plan_at(&at, m, 4, MURK_PHASE_PLAY, MURK_ATTACKER, MURK_CMD_MOVE);
  assert_int_equal(murk_game_turn(at.g), 1);
  assert_int_equal(murk_game_step(at.g), MURK_STEP_MOVEMENT);
  for (int i = 0; i < at.v->nplatoons; i++)
    if (at.v->platoons[i].state == MURK_PLATOON_REVEALED) assert_true(at.v->platoons[i].dug_in);
  int moves = 0;
  for (int i = 0; i < at.plan.n; i++) moves += at.plan.cmds[i].kind == MURK_CMD_MOVE;
  computer_at_free(&at);
  murk_mission_free(m);
  return moves;
}

/* Against a defender who wins by holding out to a set turn (Fighting Withdrawal), the
 * computer's attacker keeps its holes in the first turns; where it must be in the
 * defender's half by a turn (No Retreat), it moves out at once. */
static void test_computer_waits_dug_in(void** st) {
  (void)st;
  assert_int_equal(first_moves("fighting-withdrawal"), 0);
  assert_true(first_moves("no-retreat") > 0);
}

/* The computer's move tries at the attacker's first movement step of a bundled mission
 * (seed 4): in *fast those of platoons that move at least 6 cells over open ground, in *slow
 * the others. */
static void first_moves_by_pace(const char* mission, int* fast, int* slow) {
  struct murk_mission* m = load_bundled(mission);
  struct computer_at at;
  computer_plan_at(&at, m, 4, MURK_PHASE_PLAY, MURK_ATTACKER, MURK_CMD_MOVE);
  assert_int_equal(murk_game_turn(at.g), 1);
  *fast = *slow = 0;
  for (int i = 0; i < at.plan.n; i++) {
    const struct murk_command* c = &at.plan.cmds[i];
    if (c->kind != MURK_CMD_MOVE || c->unit.kind != MURK_REF_OWN) continue;
    for (int k = 0; k < at.v->nplatoons; k++)
      if (at.v->platoons[k].index + 1 == c->unit.n)
        (at.v->platoons[k].allowance[MURK_TERRAIN_OPEN] >= 6 ? fast : slow)[0]++;
  }
  computer_at_free(&at);
  murk_mission_free(m);
}

/* Where the defender checks only its half from a set turn and sits dug in (Pincer), the
 * computer's attacker holds back in the first turn the platoons fast enough to reach their
 * objective by that turn all the same (its tanks), and sends on the slow ones (its guns);
 * where it must be near the objectives by a turn (Breakthrough), its tanks go at once. */
static void test_computer_fast_platoons_wait(void** st) {
  (void)st;
  int fast, slow;
  first_moves_by_pace("pincer", &fast, &slow);
  assert_int_equal(fast, 0);
  assert_true(slow > 0);
  first_moves_by_pace("breakthrough", &fast, &slow);
  assert_true(fast > 0);
}

/* Reserves: greedy tries `end` first, then the last waiting platoons. */
static void test_greedy_reserves(void** st) {
  (void)st;
  static const char mission[] = TF_HEAD TF_SETUP PF_OBJECTIVES
      "rules:\n  fog_of_war: {dummies: true}\n  delayed_reserves: {}\n" TF_VIS TF_FORCES;
  struct murk_mission* m = load_yaml(mission);
  struct murk_game* g = placed(m, 2, "");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_RESERVES);
  struct murk_view* v = view_of(g, murk_game_to_act(g));
  struct murk_rng rng;
  murk_policy_seed(&rng, 2, MURK_ATTACKER);
  struct murk_policy_plan plan;
  memset(&plan, 0, sizeof plan);
  plan_of(MURK_POLICY_GREEDY, v, &rng, &plan);
  assert_string_equal(line(&plan, 0), "end");
  assert_string_equal(line(&plan, 1), "reserve 2");
  assert_string_equal(line(&plan, 2), "reserve 1");
  murk_view_free(v);
  murk_policy_plan_free(&plan);
  murk_game_free(g);
  murk_mission_free(m);
}

/* The players read the view's fields, never its words: a prompt reworded (or emptied) gives
 * the same plans. A phase the players do not know gets `end` when no other verb is legal;
 * else tries of the verbs the view lists, each naming things of the view; when all of it
 * was refused, more of them. */
static void test_unknown_phase(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(PF_MISSION);
  struct murk_game* g = placed(m, 4, PF_DEPLOY "end\nend");
  struct murk_view* v = view_of(g, murk_game_to_act(g));
  struct murk_rng rng;
  murk_policy_seed(&rng, 4, MURK_ATTACKER);
  struct murk_policy_plan plan, other;
  memset(&plan, 0, sizeof plan);
  memset(&other, 0, sizeof other);
  /* The prompt is not read: another wording, the same tries, the same draws. */
  for (int p = 0; p < MURK_POLICY_COUNT; p++)
    for (int how = 0; how < 3; how++) {
      struct murk_view* w = view_of(g, murk_game_to_act(g));
      if (how == 0) snprintf(w->prompt, sizeof w->prompt, "spot first; reserve N; entry 3");
      if (how == 1) w->prompt[0] = '\0';
      if (how == 2) snprintf(w->prompt, sizeof w->prompt, "near 05,02 at the SW corner (deploy)");
      same_plans((enum murk_policy)p, v, w, &rng, how % 2, &plan, &other);
      murk_view_free(w);
    }
  v->phase = (enum murk_phase)(MURK_PHASE_COUNT + 3);
  v->verbs = 1u << MURK_CMD_END;
  for (int p = 0; p < MURK_POLICY_COUNT; p++) {
    assert_int_equal(murk_policy_plan((enum murk_policy)p, v, &rng, 0, &plan), MURK_OK);
    for (int i = 0; i < plan.n; i++) assert_int_equal(plan.cmds[i].kind, MURK_CMD_END);
  }
  /* `withdraw` and `recce` legal: tries of both, naming own units on the table. */
  v->verbs = 1u << MURK_CMD_WITHDRAW | 1u << MURK_CMD_RECCE | 1u << MURK_CMD_END;
  int withdrawals = 0, recces = 0, ends = 0;
  for (int round = 0; round < 4; round++)
    for (int p = 0; p < MURK_POLICY_COUNT; p++) {
      assert_int_equal(murk_policy_plan((enum murk_policy)p, v, &rng, round, &plan), MURK_OK);
      for (int i = 0; i < plan.n; i++) {
        const struct murk_command* c = &plan.cmds[i];
        (void)line(&plan, i); /* the language can write it */
        if (c->kind == MURK_CMD_WITHDRAW || c->kind == MURK_CMD_RECCE) {
          withdrawals += c->kind == MURK_CMD_WITHDRAW;
          recces += c->kind == MURK_CMD_RECCE;
          const struct murk_view_marker* mk = murk_view_marker_by_number(v, v->side, c->unit.n);
          assert_int_equal(c->unit.kind, MURK_REF_MARKER);
          assert_non_null(mk);
          if (c->kind == MURK_CMD_RECCE)
            assert_true(murk_geom_distance(&v->grid, mk->pos, c->at) <= 6);
          else
            assert_false(mk->dummy);
        }
        ends += c->kind == MURK_CMD_END;
        assert_true(c->kind == MURK_CMD_WITHDRAW || c->kind == MURK_CMD_RECCE ||
                    c->kind == MURK_CMD_END);
      }
      assert_int_equal(plan.cmds[plan.n - 1].kind, MURK_CMD_END);
    }
  assert_true(withdrawals > 0 && recces > 0 && ends > 0);
  /* No `end` where the view says it is not legal. */
  v->verbs = 1u << MURK_CMD_RECCE;
  for (int round = 0; round < 3; round++)
    for (int p = 0; p < MURK_POLICY_COUNT; p++) {
      assert_int_equal(murk_policy_plan((enum murk_policy)p, v, &rng, round, &plan), MURK_OK);
      assert_true(plan.n >= 1);
      for (int i = 0; i < plan.n; i++) assert_int_equal(plan.cmds[i].kind, MURK_CMD_RECCE);
    }
  murk_view_free(v);
  murk_policy_plan_free(&plan);
  murk_policy_plan_free(&other);
  murk_game_free(g);
  murk_mission_free(m);
}

/* How far p lies from side's deployment area (every part of it), in cells. */
static int zone_distance(const struct murk_mission* m, enum murk_side side, struct murk_pos p) {
  const struct murk_side_def* sd = &m->sides[side];
  int best = INT_MAX;
  for (int y = 0; y < m->grid.height; y++)
    for (int x = 0; x < m->grid.width; x++) {
      struct murk_pos q = {x, y};
      bool in = murk_zone_contains(m, &sd->zone, q);
      for (int k = 0; k < sd->nmore_zones && !in; k++)
        in = murk_zone_contains(m, &sd->more_zones[k], q);
      int d = murk_geom_distance(&m->grid, p, q);
      if (in && d < best) best = d;
    }
  return best;
}

/* The computer places by whom an objective is for, as its view says (place_for): in No Man's
 * Land each side places the enemy's objective in the enemy's half, and the computer's first
 * try is as near its own area as any cell the view offers. */
static void test_computer_places_by_whom_for(void** st) {
  (void)st;
  struct murk_mission* m = load_bundled("no-mans-land");
  for (uint64_t seed = 1; seed <= 3; seed++) {
    struct murk_game* g = new_game(m, seed);
    struct murk_rng rng[MURK_SIDES];
    seed_sides(rng, seed);
    struct murk_policy_plan plan;
    memset(&plan, 0, sizeof plan);
    int placed = 0;
    /* No Man's Land places its objectives after the Fortified Platoons deploy. */
    while (murk_game_phase(g) != MURK_PHASE_OBJECTIVES && murk_game_phase(g) < MURK_PHASE_PLAY) {
      enum murk_side side = murk_game_to_act(g);
      decide(g, MURK_POLICY_COMPUTER, &rng[side], &plan);
    }
    while (murk_game_phase(g) == MURK_PHASE_OBJECTIVES) {
      enum murk_side side = murk_game_to_act(g);
      struct murk_view* v = view_of(g, side);
      assert_int_equal(v->place_for, murk_side_other(side));
      plan_of(MURK_POLICY_COMPUTER, v, &rng[side], &plan);
      int first = plan_index(&plan, "objective at ");
      assert_int_equal(first, 0);
      int nearest = INT_MAX;
      for (int i = 0; i < v->nplace_cells; i++) {
        int dz = zone_distance(m, side, v->place_cells[i]);
        if (dz < nearest) nearest = dz;
      }
      assert_true(nearest > 0); /* the enemy's half: outside the own area */
      assert_int_equal(zone_distance(m, side, plan.cmds[0].at), nearest);
      murk_view_free(v);
      decide(g, MURK_POLICY_COMPUTER, &rng[side], &plan);
      placed++;
    }
    assert_int_equal(placed, 2);
    murk_policy_plan_free(&plan);
    murk_game_free(g);
  }
  murk_mission_free(m);
}

/* An objective the enemy must take, placed inside the own half, goes behind what slows the
 * enemy's way in: Pincer's defender puts the attacker's objective by the frozen stream and
 * marsh south of the road bridge (rows 14-19, beside the stream), not by the railway
 * bridge that leads straight to the north of its half. */
static void test_computer_places_behind_the_stream(void** st) {
  (void)st;
  struct murk_mission* m = load_bundled("pincer");
  for (uint64_t seed = 1; seed <= 3; seed++) {
    struct computer_at at;
    computer_plan_at(&at, m, seed, MURK_PHASE_OBJECTIVES, MURK_DEFENDER, MURK_CMD_OBJECTIVE);
    assert_int_equal(at.decided, 0); /* the defender places first */
    assert_int_equal(at.v->place_for, MURK_ATTACKER);
    assert_int_equal(plan_index(&at.plan, "objective at "), 0);
    struct murk_pos p = at.plan.cmds[0].at;
    assert_true(p.y >= 14 && p.y <= 19);
    assert_true(p.x >= 22 && p.x <= 24);
    computer_at_free(&at);
  }
  murk_mission_free(m);
}

/* Where the side wins when no enemy is near the objectives by a turn, an objective the enemy
 * must take inside its own quarter goes as far from the middle of the table as the cells
 * allow (Counterattack's defender: the corner of its quarter away from the centre lines). */
static void test_computer_places_far_from_the_middle(void** st) {
  (void)st;
  struct murk_mission* m = load_bundled("counterattack");
  for (uint64_t seed = 1; seed <= 3; seed++) {
    struct computer_at at;
    computer_plan_at(&at, m, seed, MURK_PHASE_OBJECTIVES, MURK_DEFENDER, MURK_CMD_OBJECTIVE);
    assert_int_equal(at.decided, 0); /* the defender places first */
    const struct murk_view* v = at.v;
    assert_int_equal(v->place_for, MURK_ATTACKER);
    assert_int_equal(plan_index(&at.plan, "objective at "), 0);
    struct murk_pos mid = {v->grid.width / 2, v->grid.height / 2};
    int far = 0;
    for (int i = 0; i < v->nplace_cells; i++) {
      int d = murk_geom_distance(&v->grid, v->place_cells[i], mid);
      if (d > far) far = d;
    }
    assert_true(far > 0);
    assert_int_equal(murk_geom_distance(&v->grid, at.plan.cmds[0].at, mid), far);
    computer_at_free(&at);
  }
  murk_mission_free(m);
}

/* While the enemy holds platoons off the table and the side none (the view's held_back:
 * Breakthrough's flank column in delayed reserve), the computer's unit nearest each objective it
 * guards stays within the hold distance of it, or comes nearer: none of its moves leads away. */
static void test_computer_keeps_objectives_while_reserves_wait(void** st) {
  (void)st;
  struct murk_mission* m = load_bundled("breakthrough");
  for (uint64_t seed = 1; seed <= 3; seed++) {
    struct murk_game* g = new_game(m, seed);
    struct murk_rng rng[MURK_SIDES];
    seed_sides(rng, seed);
    struct murk_policy_plan plan;
    memset(&plan, 0, sizeof plan);
    int checked = 0;
    for (int n = 0; n < 2000 && checked < 8 && murk_game_phase(g) != MURK_PHASE_OVER; n++) {
      enum murk_side side = murk_game_to_act(g);
      struct murk_view* v = view_of(g, side);
      if (side == MURK_DEFENDER && v->phase == MURK_PHASE_PLAY && v->step == MURK_STEP_MOVEMENT &&
          v->held_back[MURK_ATTACKER] > 0) {
        struct murk_view* other = view_of(g, MURK_ATTACKER);
        assert_int_equal(other->held_back[MURK_ATTACKER], v->held_back[MURK_ATTACKER]);
        murk_view_free(other);
        murk_policy_plan_free(&plan);
        memset(&plan, 0, sizeof plan);
        plan_of(MURK_POLICY_COMPUTER, v, &rng[side], &plan);
        for (int k = 0; k < v->nobjectives; k++) {
          struct murk_pos obj = v->objectives[k].pos;
          int best = INT_MAX, who = -1;
          /* The nearest platoon, by its first team (it leads the platoon's moves). */
          for (int i = 0; i < v->nteams; i++) {
            const struct murk_view_team* t = &v->teams[i];
            bool first = i == 0 || v->teams[i - 1].platoon != t->platoon ||
                         v->teams[i - 1].owner != t->owner;
            int d = murk_geom_distance(&v->grid, t->pos, obj);
            if (t->owner == MURK_DEFENDER && first && d < best) best = d, who = t->platoon;
          }
          if (who < 0) continue;
          int lead = -1;
          for (int i = 0; i < v->nteams && lead < 0; i++)
            if (v->teams[i].owner == MURK_DEFENDER && v->teams[i].platoon == who) lead = i;
          int now = murk_geom_distance(&v->grid, v->teams[lead].pos, obj);
          for (int i = 0; i < plan.n; i++) {
            const struct murk_command* c = &plan.cmds[i];
            if (c->kind != MURK_CMD_MOVE || c->unit.kind != MURK_REF_OWN || c->unit.n != who + 1)
              continue;
            int to = murk_geom_distance(&v->grid, c->at, obj);
            assert_true(to <= now || to <= v->ending.hold);
          }
        }
        checked++;
      }
      murk_view_free(v);
      decide(g, MURK_POLICY_COMPUTER, &rng[side], &plan);
    }
    assert_true(checked > 0);
    murk_policy_plan_free(&plan);
    murk_game_free(g);
  }
  murk_mission_free(m);
}

/* Where the mission makes a side hold platoons in reserve (Dust-up's Delayed Reserves: at
 * least half), the computer offers its platoons that are not infantry first and keeps its
 * infantry on the table: in every reserve decision of both sides, no infantry platoon is
 * offered before one that is not. The Polish force (rifles and cavalry among tanks, guns and
 * tankettes) fails this with the shared order (last in the roster first). */
static void test_computer_keeps_infantry_on_table(void** st) {
  (void)st;
  struct murk_mission* m = load_bundled("dust-up");
  for (uint64_t seed = 1; seed <= 3; seed++) {
    struct murk_game* g = new_game(m, seed);
    struct murk_rng rng[MURK_SIDES];
    seed_sides(rng, seed);
    struct murk_policy_plan plan;
    memset(&plan, 0, sizeof plan);
    int decisions = 0, mixed = 0;
    while (murk_game_phase(g) == MURK_PHASE_OBJECTIVES ||
           murk_game_phase(g) == MURK_PHASE_RESERVES) {
      enum murk_side side = murk_game_to_act(g);
      if (murk_game_phase(g) == MURK_PHASE_RESERVES) {
        struct murk_view* v = view_of(g, side);
        plan_of(MURK_POLICY_COMPUTER, v, &rng[side], &plan);
        /* Every waiting platoon that is not infantry is offered before the first infantry
         * one (the shared tries that follow repeat the others). */
        bool before[MURK_MISSION_MAX_PLATOONS] = {false}, infantry_seen = false;
        for (int i = 0; i < plan.n && !infantry_seen; i++) {
          if (plan.cmds[i].kind != MURK_CMD_RESERVE) continue;
          int k = plan.cmds[i].unit.n - 1;
          assert_true(k >= 0 && k < v->nplatoons);
          infantry_seen = (v->platoons[k].flags & MURK_PF(INFANTRY)) != 0;
          before[k] = !infantry_seen;
        }
        bool waiting_infantry = false;
        for (int i = 0; i < v->nplatoons; i++) {
          if (v->platoons[i].state != MURK_PLATOON_WAITING) continue;
          if (v->platoons[i].flags & MURK_PF(INFANTRY))
            waiting_infantry = true;
          else
            assert_true(before[i]);
        }
        mixed += waiting_infantry && infantry_seen;
        decisions++;
        murk_view_free(v);
      }
      decide(g, MURK_POLICY_COMPUTER, &rng[side], &plan);
    }
    assert_true(decisions >= 6); /* at least three reserves a side, and each side's `end` */
    assert_true(mixed > 0);      /* infantry was waiting and offered: the order was tested */
    murk_policy_plan_free(&plan);
    murk_game_free(g);
  }
  murk_mission_free(m);
}

/* In a game decided on points (The Hive Gate: margin of victory, no objectives) the side
 * that deploys first places its first platoon out of sight of the middle of the enemy's
 * half (behind the gate wall or the rubble), where the attacker's longer guns cannot
 * reach it in the first turn. */
static void test_computer_deploys_out_of_sight_on_points(void** st) {
  (void)st;
  struct murk_mission* m = load_bundled("hive-gate");
  struct murk_sightmap* sight = NULL;
  assert_int_equal(murk_sightmap_from_mission(m, &sight), MURK_OK);
  for (uint64_t seed = 1; seed <= 3; seed++) {
    struct computer_at at;
    computer_plan_at(&at, m, seed, MURK_PHASE_DEPLOY, MURK_DEFENDER, MURK_CMD_DEPLOY);
    for (int i = 0; i < at.v->nmarkers; i++) /* nothing placed yet: it deploys first */
      assert_false(at.v->markers[i].on_table);
    assert_int_equal(at.v->ending.points, MURK_VP_MARGIN);
    int first = plan_index(&at.plan, "deploy ");
    assert_true(first >= 0);
    struct murk_pos middle = {at.v->grid.width / 2, at.v->grid.height * 3 / 4};
    assert_false(murk_los(sight, at.plan.cmds[first].at, middle, NULL));
    computer_at_free(&at);
  }
  murk_sightmap_free(sight);
  murk_mission_free(m);
}

/* In a game decided on points (The Hive Gate: margin of victory, no objectives) the computer
 * holds nothing for a deep strike: its first answer in the reserves phase is `end`, and its
 * jump squad deploys on the table with the rest (held, it comes on only by a die, scores
 * nothing while away and lands among the enemy). The shared coin held it in some of these
 * seeds. */
static void test_computer_keeps_deep_strikers_on_points(void** st) {
  (void)st;
  struct murk_mission* m = load_bundled("hive-gate");
  for (uint64_t seed = 1; seed <= 6; seed++) {
    struct murk_game* g = new_game(m, seed);
    struct murk_rng rng[MURK_SIDES];
    seed_sides(rng, seed);
    struct murk_policy_plan plan;
    memset(&plan, 0, sizeof plan);
    bool asked = false;
    for (int n = 0; n < 400 && murk_game_phase(g) != MURK_PHASE_PLAY; n++) {
      enum murk_side side = murk_game_to_act(g);
      struct murk_view* v = view_of(g, side);
      bool striker = false;
      for (int i = 0; i < v->nplatoons; i++) striker = striker || v->platoons[i].may_deep_strike;
      if (side == MURK_ATTACKER && v->phase == MURK_PHASE_RESERVES && striker && !asked) {
        assert_int_equal(v->ending.points, MURK_VP_MARGIN);
        murk_policy_plan_free(&plan);
        memset(&plan, 0, sizeof plan);
        plan_of(MURK_POLICY_COMPUTER, v, &rng[side], &plan);
        int end = plan_index(&plan, "end");
        int hold = plan_index(&plan, "reserve ");
        assert_true(end >= 0);
        assert_true(hold < 0 || end < hold);
        asked = true;
      }
      murk_view_free(v);
      decide(g, MURK_POLICY_COMPUTER, &rng[side], &plan);
    }
    assert_true(asked);
    assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
    struct murk_view* v = view_of(g, MURK_ATTACKER);
    for (int i = 0; i < v->nplatoons; i++)
      assert_false(v->platoons[i].state == MURK_PLATOON_RESERVE &&
                   v->platoons[i].reserve == MURK_RESERVE_DEEP);
    murk_view_free(v);
    murk_policy_plan_free(&plan);
    murk_game_free(g);
  }
  murk_mission_free(m);
}

/* Does a team at p, shooting `range` cells, see an enemy team of view v within it? */
static bool shoots_from_cell(const struct murk_view* v, const struct murk_sightmap* sight,
                             int range, struct murk_pos p) {
  for (int i = 0; i < v->nteams; i++)
    if (v->teams[i].owner != v->side && murk_geom_distance(&v->grid, p, v->teams[i].pos) <= range &&
        murk_los(sight, p, v->teams[i].pos, NULL))
      return true;
  return false;
}

/* How far the enemy team of view v nearest p stands (INT_MAX: none shown). */
static int nearest_enemy_team(const struct murk_view* v, struct murk_pos p) {
  int best = INT_MAX;
  for (int i = 0; i < v->nteams; i++) {
    int d = murk_geom_distance(&v->grid, p, v->teams[i].pos);
    if (v->teams[i].owner != v->side && d < best) best = d;
  }
  return best;
}

/* In a game decided on points (The Hive Gate) the computer's tank keeps back: a lost tank
 * scores its points for the enemy and none for its side. In its movement steps it moves
 * only to a cell from which an enemy team it sees is within its range (the view's team
 * range, its profile's) and in sight; with no such cell in reach it stays where it is (it
 * hunted the nearest enemy before, and the attacker's infantry shot it). Every team the
 * view shows carries its profile's range. */
static void test_computer_tank_keeps_back_on_points(void** st) {
  (void)st;
  struct murk_mission* m = load_bundled("hive-gate");
  struct murk_sightmap* sight = NULL;
  assert_int_equal(murk_sightmap_from_mission(m, &sight), MURK_OK);
  int stays = 0, shoots_here = 0;
  for (uint64_t seed = 1; seed <= TEST_COUNT(12, 4); seed++) {
    struct murk_game* g = new_game(m, seed);
    struct murk_rng rng[MURK_SIDES];
    seed_sides(rng, seed);
    struct murk_policy_plan plan;
    memset(&plan, 0, sizeof plan);
    for (int n = 0; n < MAX_COMMANDS && murk_game_to_act(g) != MURK_NO_SIDE; n++) {
      enum murk_side side = murk_game_to_act(g);
      struct murk_view* v = view_of(g, side);
      for (int i = 0; i < v->nteams; i++) {
        const struct murk_force* f = murk_game_force(g, v->teams[i].owner);
        bool found = false;
        for (int k = 0; k < f->nprofiles; k++)
          if (strcmp(f->profiles[k].title, v->teams[i].profile) == 0) {
            assert_int_equal(v->teams[i].range, f->profiles[k].range);
            found = true;
          }
        assert_true(found);
      }
      const struct murk_view_platoon* tank = NULL;
      for (int i = 0; i < v->nplatoons; i++)
        if ((v->platoons[i].flags & MURK_PF(VEHICLE)) &&
            v->platoons[i].state == MURK_PLATOON_REVEALED && v->platoons[i].may_move)
          tank = &v->platoons[i];
      if (side == MURK_DEFENDER && v->step == MURK_STEP_MOVEMENT && tank) {
        int range = 0;
        for (int i = 0; i < v->nteams; i++)
          if (v->teams[i].owner == side && v->teams[i].platoon == tank->index)
            range = v->teams[i].range;
        assert_true(range > 0);
        size_t cells = (size_t)v->grid.width * (size_t)v->grid.height;
        unsigned char* reach = calloc(cells, 1);
        assert_non_null(reach);
        assert_true(murk_view_reach(v, tank->marker, reach, 1) >= 0);
        bool any = false;
        for (size_t q = 0; q < cells; q++)
          if (reach[q])
            any = any || shoots_from_cell(v, sight, range,
                                          (struct murk_pos){(int)(q % (size_t)v->grid.width),
                                                            (int)(q / (size_t)v->grid.width)});
        free(reach);
        murk_policy_plan_free(&plan);
        memset(&plan, 0, sizeof plan);
        struct murk_rng probe = rng[side];
        plan_of(MURK_POLICY_COMPUTER, v, &probe, &plan);
        char prefix[32];
        snprintf(prefix, sizeof prefix, "move %d to", tank->index + 1);
        int k = plan_index(&plan, prefix);
        if (!any) {
          assert_true(k < 0);
        } else if (k >= 0) {
          assert_true(shoots_from_cell(v, sight, range, plan.cmds[k].at));
          /* Shooting from where it stands, it closes on no enemy. */
          if (shoots_from_cell(v, sight, range, tank->lead)) {
            assert_true(nearest_enemy_team(v, plan.cmds[k].at) >=
                        nearest_enemy_team(v, tank->lead));
            shoots_here++;
          }
        } else {
          stays++;
        }
      }
      murk_view_free(v);
      decide(g, side == MURK_ATTACKER ? MURK_POLICY_GREEDY : MURK_POLICY_COMPUTER, &rng[side],
             &plan);
    }
    murk_policy_plan_free(&plan);
    murk_game_free(g);
  }
  assert_true(stays > 0);
  (void)shoots_here;
  murk_sightmap_free(sight);
  murk_mission_free(m);
}

/* A side that only guards and whose ending withdraws its platoons on a schedule (the view's
 * Fighting Withdrawal turns) fights a delay: its first deployment try is nearer the middle of
 * the table than any objective it guards. */
static void test_computer_delays_forward(void** st) {
  (void)st;
  struct murk_mission* m = load_bundled("fighting-withdrawal");
  for (uint64_t seed = 1; seed <= 3; seed++) {
    struct computer_at at;
    computer_plan_at(&at, m, seed, MURK_PHASE_DEPLOY, MURK_DEFENDER, MURK_CMD_DEPLOY);
    const struct murk_view* v = at.v;
    assert_true(v->ending.withdraw_from > 0);
    int first = plan_index(&at.plan, "deploy ");
    assert_true(first >= 0);
    /* The first three tries are the best of several draws each: the nearest of them. */
    struct murk_pos mid = {v->grid.width / 2, v->grid.height / 2};
    int to_mid = INT_MAX;
    for (int i = first; i < at.plan.n && i < first + 3; i++)
      if (at.plan.cmds[i].kind == MURK_CMD_DEPLOY) {
        int d = murk_geom_distance(&v->grid, at.plan.cmds[i].at, mid);
        if (d < to_mid) to_mid = d;
      }
    assert_true(v->nobjectives > 0);
    for (int i = 0; i < v->nobjectives; i++)
      assert_true(to_mid < murk_geom_distance(&v->grid, v->objectives[i].pos, mid));
    computer_at_free(&at);
  }
  murk_mission_free(m);
}

/* Setup rounds draw new cells: a refused plan is not offered again. */
static void test_rounds_differ(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(PF_MISSION);
  struct murk_game* g = new_game(m, 6);
  struct murk_view* v = view_of(g, murk_game_to_act(g));
  assert_int_equal(v->phase, MURK_PHASE_OBJECTIVES);
  struct murk_rng rng;
  murk_policy_seed(&rng, 6, MURK_ATTACKER);
  struct murk_policy_plan a, b;
  memset(&a, 0, sizeof a);
  memset(&b, 0, sizeof b);
  for (int p = 0; p < MURK_POLICY_COUNT; p++) {
    assert_int_equal(murk_policy_plan((enum murk_policy)p, v, &rng, 0, &a), MURK_OK);
    assert_int_equal(murk_policy_plan((enum murk_policy)p, v, &rng, 1, &b), MURK_OK);
    assert_true(a.n >= 8);
    int same = 0;
    for (int i = 0; i < a.n && i < b.n; i++) same += strcmp(line(&a, i), line(&b, i)) == 0;
    assert_true(same < a.n / 2);
    assert_int_equal(plan_index(&a, "objective at "), 0);
  }
  murk_view_free(v);
  murk_policy_plan_free(&a);
  murk_policy_plan_free(&b);
  murk_game_free(g);
  murk_mission_free(m);
}

/* The driver's guard: a player whose every try is refused ends its step with a bare `end`
 * after MURK_SIM_MAX_TRIES tries, rather than trying forever; if `end` too is refused the
 * decision is stuck (MURK_EREJECTED), with the game's last reason. */
static int refuse_all_but_end(void* ctx, enum murk_side side, const struct murk_command* c,
                              char* why, size_t n) {
  (void)side;
  int* offered = ctx;
  ++*offered;
  if (c->kind == MURK_CMD_END && *offered > MURK_SIM_MAX_TRIES) return MURK_OK;
  snprintf(why, n, "no (%d)", *offered);
  return MURK_EREJECTED;
}

static int refuse_all(void* ctx, enum murk_side side, const struct murk_command* c, char* why,
                      size_t n) {
  (void)side;
  (void)c;
  int* offered = ctx;
  ++*offered;
  snprintf(why, n, "never (%d)", *offered);
  return MURK_EREJECTED;
}

static void test_driver_ends_a_stuck_step(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(PF_MISSION);
  struct murk_game* g = placed(m, 8, PF_DEPLOY "end\nend");
  struct murk_view* v = view_of(g, murk_game_to_act(g));
  struct murk_policy_plan plan;
  memset(&plan, 0, sizeof plan);
  for (int p = 0; p < MURK_POLICY_COUNT; p++) {
    struct murk_rng rng;
    murk_policy_seed(&rng, 8, v->side);
    struct murk_sim_tally t = {0, 0};
    struct murk_command taken;
    char why[64];
    int offered = 0;
    assert_int_equal(murk_sim_decide((enum murk_policy)p, v, &rng, &plan, refuse_all_but_end,
                                     &offered, NULL, NULL, &t, &taken, why, sizeof why),
                     MURK_OK);
    assert_int_equal(taken.kind, MURK_CMD_END);
    assert_int_equal(offered, MURK_SIM_MAX_TRIES + 1);
    assert_int_equal(t.refused, MURK_SIM_MAX_TRIES);
    assert_int_equal(t.applied, 1);
    offered = 0;
    assert_int_equal(murk_sim_decide((enum murk_policy)p, v, &rng, &plan, refuse_all, &offered,
                                     NULL, NULL, &t, &taken, why, sizeof why),
                     MURK_EREJECTED);
    assert_int_equal(offered, MURK_SIM_MAX_TRIES + 1);
    assert_string_equal(why, "never (401)");
  }
  murk_view_free(v);
  murk_policy_plan_free(&plan);
  murk_game_free(g);
  murk_mission_free(m);
}

/* A turn bound (murk sim's --max-turns) stops a game as it is about to begin a later turn:
 * a side still to act, on the turn after the bound, and no command of that turn played. */
static void test_driver_stops_at_turn_bound(void** st) {
  (void)st;
  struct murk_mission* m = load_bundled("luneville");
  struct murk_game* g = new_game(m, 1);
  struct murk_sim sim;
  murk_sim_init(&sim, g, MURK_POLICY_RANDOM, MURK_POLICY_RANDOM, 1);
  assert_int_equal(murk_sim_play(&sim, MAX_COMMANDS, 3), MURK_OK);
  assert_int_not_equal(murk_game_to_act(g), MURK_NO_SIDE);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  assert_int_equal(murk_game_turn(g), 4);
  assert_true(murk_sim_past_turns(g, 3));
  assert_false(murk_sim_past_turns(g, 4));
  assert_false(murk_sim_past_turns(g, 0));
  long played = sim.tally.applied;
  assert_int_equal(murk_sim_play(&sim, MAX_COMMANDS, 3), MURK_OK); /* stays stopped */
  assert_int_equal(sim.tally.applied, played);
  assert_int_equal(murk_sim_play(&sim, MAX_COMMANDS, 4), MURK_OK); /* and goes on */
  assert_true(sim.tally.applied > played);
  assert_true(murk_game_to_act(g) == MURK_NO_SIDE || murk_game_turn(g) == 5);
  murk_sim_free(&sim);
  murk_game_free(g);
  murk_mission_free(m);
}

/* murk_sim_play plays a whole game through murk_sim_step, the same game as the same seed
 * again, and refuses to step a game that is over. */
static void test_driver_plays_games(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(PF_MISSION);
  struct murk_game* a = new_game(m, 3);
  struct murk_game* b = new_game(m, 3);
  struct murk_sim sa, sb;
  murk_sim_init(&sa, a, MURK_POLICY_GREEDY, MURK_POLICY_RANDOM, 3);
  murk_sim_init(&sb, b, MURK_POLICY_GREEDY, MURK_POLICY_RANDOM, 3);
  assert_int_equal(murk_sim_play(&sa, MAX_COMMANDS, 0), MURK_OK);
  assert_int_equal(murk_sim_play(&sb, MAX_COMMANDS, 0), MURK_OK);
  assert_int_equal(murk_game_phase(a), MURK_PHASE_OVER);
  assert_int_equal(sa.tally.applied, (long)murk_game_log_count(a));
  assert_int_equal(murk_game_log_count(a), murk_game_log_count(b));
  for (size_t i = 0; i < murk_game_log_count(a); i++)
    assert_string_equal(murk_game_log_line(a, i), murk_game_log_line(b, i));
  assert_int_equal(murk_sim_step(&sa), MURK_EINVAL);
  /* A cap reached is said so. */
  struct murk_game* c = new_game(m, 3);
  murk_sim_next_game(&sb, c, 3);
  assert_int_equal(murk_sim_play(&sb, 5, 0), MURK_ERANGE);
  assert_int_equal(murk_game_log_count(c), 5);
  murk_sim_free(&sa);
  murk_sim_free(&sb);
  murk_game_free(a);
  murk_game_free(b);
  murk_game_free(c);
  murk_mission_free(m);
}

/* A lean view (murk_view_build_lean, the driver's) holds every fact the players read as a
 * full view does: compared field by field with a view built anew before each decision of
 * whole games (Luneville: reserves and arrivals; Li Hohenfeld: wings and dummies), with
 * every policy. And a sim kept from game to game (its views reset, not freed) plays the
 * next game as a fresh sim does. */
static void same_kept_facts(const struct murk_view* lean, const struct murk_view* full) {
  assert_int_equal(lean->phase, full->phase);
  assert_int_equal(lean->step, full->step);
  assert_int_equal(lean->turn, full->turn);
  assert_int_equal(lean->to_act, full->to_act);
  assert_int_equal(lean->verbs, full->verbs);
  assert_int_equal(lean->dummies_left, full->dummies_left);
  assert_int_equal(lean->hidden_left, full->hidden_left);
  assert_int_equal(lean->nobjectives, full->nobjectives);
  for (int i = 0; i < full->nobjectives; i++) {
    assert_string_equal(lean->objectives[i].name, full->objectives[i].name);
    assert_true(murk_pos_eq(lean->objectives[i].pos, full->objectives[i].pos));
    assert_int_equal(lean->objectives[i].for_side, full->objectives[i].for_side);
  }
  assert_int_equal(lean->nmarkers, full->nmarkers);
  for (int i = 0; i < full->nmarkers; i++) {
    const struct murk_view_marker *a = &lean->markers[i], *b = &full->markers[i];
    assert_int_equal(a->number, b->number);
    assert_int_equal(a->owner, b->owner);
    assert_int_equal(a->kind, b->kind);
    assert_true(murk_pos_eq(a->pos, b->pos));
    assert_int_equal(a->on_table, b->on_table);
    assert_int_equal(a->revealed, b->revealed);
    assert_int_equal(a->bogged, b->bogged);
    assert_int_equal(a->known, b->known);
    assert_int_equal(a->dummy, b->dummy);
    assert_int_equal(a->platoon, b->platoon);
  }
  assert_int_equal(lean->nteams, full->nteams);
  for (int i = 0; i < full->nteams; i++) {
    assert_int_equal(lean->teams[i].owner, full->teams[i].owner);
    assert_int_equal(lean->teams[i].marker, full->teams[i].marker);
    assert_int_equal(lean->teams[i].platoon, full->teams[i].platoon);
    assert_true(murk_pos_eq(lean->teams[i].pos, full->teams[i].pos));
    assert_int_equal(lean->teams[i].range, full->teams[i].range);
  }
  assert_int_equal(lean->nplatoons, full->nplatoons);
  for (int i = 0; i < full->nplatoons; i++) {
    const struct murk_view_platoon *a = &lean->platoons[i], *b = &full->platoons[i];
    assert_int_equal(a->index, b->index);
    assert_int_equal(a->state, b->state);
    assert_int_equal(a->marker, b->marker);
    assert_int_equal(a->flags, b->flags);
    assert_int_equal(a->reserve, b->reserve);
    assert_int_equal(a->ambush, b->ambush);
    assert_int_equal(a->may_arrive, b->may_arrive);
    assert_int_equal(a->shot, b->shot);
    assert_int_equal(a->assaulted, b->assaulted);
  }
  assert_int_equal(lean->narrivals, full->narrivals);
  for (int i = 0; i < full->narrivals; i++) {
    assert_int_equal(lean->arrivals[i].kind, full->arrivals[i].kind);
    assert_int_equal(lean->arrivals[i].anywhere, full->arrivals[i].anywhere);
    assert_int_equal(lean->arrivals[i].ncells, full->arrivals[i].ncells);
    for (int k = 0; k < full->arrivals[i].ncells; k++)
      assert_true(murk_pos_eq(lean->arrivals[i].cells[k], full->arrivals[i].cells[k]));
  }
  /* Targets: a lean view judges only distances, so its list holds the full view's (the
   * game's own judgement) and maybe more, in the same order. */
  assert_true(lean->ntargets >= full->ntargets);
  for (int i = 0, k = 0; i < full->ntargets; i++, k++) {
    while (k < lean->ntargets && (lean->targets[k].platoon != full->targets[i].platoon ||
                                  lean->targets[k].target != full->targets[i].target))
      k++;
    assert_true(k < lean->ntargets);
    assert_same_memory(&lean->targets[k], &full->targets[i], sizeof full->targets[i]);
  }
  for (int i = 0; i < lean->ntargets; i++)
    assert_true(lean->targets[i].shoot == (lean->step == MURK_STEP_SHOOTING) &&
                lean->targets[i].assault == (lean->step == MURK_STEP_ASSAULT));
  assert_int_equal(lean->nplace_cells, full->nplace_cells);
  for (int i = 0; i < full->nplace_cells; i++)
    assert_true(murk_pos_eq(lean->place_cells[i], full->place_cells[i]));
  /* The events since the step began (the players read back to the last PHASE event). */
  assert_int_equal(lean->nevents, full->nevents);
  for (size_t i = 0; i < full->nevents; i++) {
    assert_int_equal(lean->events[i].kind, full->events[i].kind);
    assert_int_equal(lean->events[i].side, full->events[i].side);
    assert_int_equal(lean->events[i].marker, full->events[i].marker);
    assert_int_equal(lean->events[i].seq, full->events[i].seq);
    assert_int_equal(lean->events[i].turn, full->events[i].turn);
    assert_int_equal(lean->events[i].active, full->events[i].active);
    assert_int_equal(lean->events[i].audience, full->events[i].audience);
    assert_int_equal(lean->events[i].has_pos, full->events[i].has_pos);
    assert_int_equal(lean->events[i].has_roll, full->events[i].has_roll);
    assert_true(murk_pos_eq(lean->events[i].from, full->events[i].from));
    assert_true(murk_pos_eq(lean->events[i].to, full->events[i].to));
  }
}

/* A kept lean view, refreshed command after command, holds the same bytes as a lean view
 * built anew (a lean refresh does not clear its elements first: nothing of an earlier
 * element may stay), and the fields a lean view leaves out are empty. */
static void same_as_new_lean(const struct murk_game* g, const struct murk_view* kept) {
  struct murk_view* fresh = NULL;
  assert_int_equal(murk_view_build_lean(g, kept->side, &fresh), MURK_OK);
  assert_true(murk_view_is_lean(fresh));
  assert_int_equal(kept->rule_verbs, fresh->rule_verbs);
  assert_int_equal(kept->nmarkers, fresh->nmarkers);
  assert_int_equal(kept->nteams, fresh->nteams);
  assert_int_equal(kept->ncontacts, fresh->ncontacts);
  assert_int_equal(kept->nplatoons, fresh->nplatoons);
  assert_same_memory(kept->markers, fresh->markers,
                     (size_t)fresh->nmarkers * sizeof *fresh->markers);
  assert_same_memory(kept->teams, fresh->teams, (size_t)fresh->nteams * sizeof *fresh->teams);
  assert_same_memory(kept->contacts, fresh->contacts,
                     (size_t)fresh->ncontacts * sizeof *fresh->contacts);
  assert_same_memory(kept->platoons, fresh->platoons,
                     (size_t)fresh->nplatoons * sizeof *fresh->platoons);
  assert_int_equal(kept->ntargets, fresh->ntargets);
  assert_same_memory(kept->targets, fresh->targets,
                     (size_t)fresh->ntargets * sizeof *fresh->targets);
  for (int i = 0; i < fresh->nmarkers; i++) {
    const struct murk_view_marker* m = &fresh->markers[i];
    assert_true(!m->name[0] && !m->type[0] && m->nteams == 0 && !m->moved && !m->may_move &&
                m->allowance[0] == 0 && m->sight == MURK_VIEW_SEEN);
  }
  for (int i = 0; i < fresh->nteams; i++) assert_false(fresh->teams[i].profile[0]);
  for (int i = 0; i < fresh->ncontacts; i++)
    assert_true(!fresh->contacts[i].profile[0] && !fresh->contacts[i].has_blocker);
  for (int i = 0; i < fresh->nplatoons; i++)
    assert_true(!fresh->platoons[i].name[0] && !fresh->platoons[i].may_move &&
                fresh->platoons[i].allowance[0] == 0);
  /* The events: the same facts, numbered alike, with no words or rolls. */
  assert_int_equal(kept->nevents, fresh->nevents);
  assert_same_memory(kept->events, fresh->events, fresh->nevents * sizeof *fresh->events);
  for (size_t i = 0; i < fresh->nevents; i++)
    assert_true(!fresh->events[i].text[0] && fresh->events[i].roll.ndice == 0);
  murk_view_free(fresh);
}

static void test_lean_views_hold_what_players_read(void** st) {
  (void)st;
  static const char* const bundled[] = {"luneville", "li-hohenfeld"};
  for (size_t i = 0; i < sizeof bundled / sizeof bundled[0]; i++) {
    struct murk_mission* m = load_bundled(bundled[i]);
    struct murk_sim kept;
    murk_sim_init(&kept, NULL, MURK_POLICY_RANDOM, MURK_POLICY_RANDOM, 1);
    for (int p = 0; p < MURK_POLICY_COUNT; p++) {
      uint64_t seed = 5 + (uint64_t)p;
      struct murk_game* g = new_game(m, seed);
      struct murk_sim sim;
      murk_sim_init(&sim, g, (enum murk_policy)p, (enum murk_policy)p, seed);
      long compared = 0;
      for (int n = 0; n < 600 && murk_game_to_act(g) != MURK_NO_SIDE; n++) {
        enum murk_side side = murk_game_to_act(g);
        const struct murk_view* lean = NULL;
        assert_int_equal(murk_sim_view(&sim, side, &lean), MURK_OK);
        struct murk_view* full = view_of(g, side);
        same_kept_facts(lean, full);
        assert_int_equal(lean->rule_verbs, full->rule_verbs);
        /* The kind of view the policy table gives the player. */
        assert_int_equal(murk_view_is_lean(lean),
                         !murk_policy_reads_full_view((enum murk_policy)p));
        assert_false(murk_view_is_lean(full));
        if (murk_view_is_lean(lean)) same_as_new_lean(g, lean);
        compared++;
        murk_view_free(full);
        assert_int_equal(murk_sim_step(&sim), MURK_OK);
      }
      assert_true(compared > 100);
      /* The same game again on the kept sim (views reset) and on a fresh one. */
      struct murk_game* a = new_game(m, seed);
      struct murk_game* b = new_game(m, seed);
      kept.policy[MURK_ATTACKER] = kept.policy[MURK_DEFENDER] = (enum murk_policy)p;
      murk_sim_next_game(&kept, a, seed);
      struct murk_sim fresh;
      murk_sim_init(&fresh, b, (enum murk_policy)p, (enum murk_policy)p, seed);
      assert_int_equal(murk_sim_play(&kept, 400, 0), murk_sim_play(&fresh, 400, 0));
      assert_int_equal(murk_game_log_count(a), murk_game_log_count(b));
      for (size_t k = 0; k < murk_game_log_count(a); k++)
        assert_string_equal(murk_game_log_line(a, k), murk_game_log_line(b, k));
      murk_sim_free(&fresh);
      murk_sim_free(&sim);
      murk_game_free(g);
      murk_game_free(b);
      murk_sim_next_game(&kept, NULL, 0);
      murk_game_free(a); /* the kept views outlive their game */
    }
    murk_sim_free(&kept);
    murk_mission_free(m);
  }
}

/* The random player draws its tries as before, and greedy plans them, but neither offers
 * one its view says the game refuses (plan->refused: a shot or an assault at a pair the
 * view's targets leave out):
 * each such try, given to the game, is refused, and the driver never offers one. Whole
 * games where the sight limit takes its several forms: Luneville (spotting range), Relay
 * Station at Dusk (Night Fighting: barrages fire blind), Night at Saint-Aubin (the NVR:
 * lights and gunflashes are seen beyond it), No Man's Land (Darkness). */
struct checked_offers {
  struct murk_sim* sim;
  long offered;
};

static int offer_checked(void* ctx, enum murk_side side, const struct murk_command* c, char* reason,
                         size_t reason_len) {
  struct checked_offers* k = ctx;
  const struct murk_policy_plan* p = &k->sim->plan;
  for (int i = 0; i < p->n; i++)
    if (c == &p->cmds[i]) assert_false(p->refused[i]);
  k->offered++;
  return murk_game_apply(k->sim->game, side, c, reason, reason_len);
}

static void test_players_offer_no_refused_try(void** st) {
  (void)st;
  static const char* const bundled[] = {"luneville", "relay-station-dusk", "night-saint-aubin",
                                        "no-mans-land"};
  long marked = 0;
  for (size_t i = 0; i < sizeof bundled / sizeof bundled[0]; i++) {
    struct murk_mission* m = load_bundled(bundled[i]);
    long before = marked;
    for (uint64_t seed = 1; seed <= (uint64_t)TEST_COUNT(3, 2); seed++) {
      /* Random against random, greedy against greedy, ... */
      enum murk_policy pol = seed % 2 ? MURK_POLICY_RANDOM : MURK_POLICY_GREEDY;
      struct murk_game* g = new_game(m, seed);
      struct murk_sim sim;
      murk_sim_init(&sim, g, pol, pol, seed);
      struct checked_offers k = {&sim, 0};
      sim.offer = offer_checked;
      sim.offer_ctx = &k;
      struct murk_policy_plan plan;
      memset(&plan, 0, sizeof plan);
      for (int n = 0; n < 1500 && murk_game_to_act(g) != MURK_NO_SIDE; n++) {
        enum murk_side side = murk_game_to_act(g);
        const struct murk_view* v = NULL;
        assert_int_equal(murk_sim_view(&sim, side, &v), MURK_OK);
        /* The decision's first plan, on a copy of the player's generator. */
        struct murk_rng rng = sim.rng[side];
        assert_int_equal(murk_policy_plan(pol, v, &rng, 0, &plan), MURK_OK);
        for (int c = 0; c < plan.n; c++) {
          if (!plan.refused[c]) continue;
          assert_true(plan.cmds[c].kind == MURK_CMD_SHOOT || plan.cmds[c].kind == MURK_CMD_ASSAULT);
          char why[256];
          assert_int_equal(murk_game_apply(g, side, &plan.cmds[c], why, sizeof why),
                           MURK_EREJECTED);
          marked++;
        }
        assert_int_equal(murk_sim_step(&sim), MURK_OK);
      }
      assert_true(k.offered > 0);
      murk_policy_plan_free(&plan);
      murk_sim_free(&sim);
      murk_game_free(g);
    }
    fprintf(stderr, "%s: %ld tries left out\n", bundled[i], marked - before);
    murk_mission_free(m);
  }
  assert_true(marked > 0);
}

/* The computer lights the night to find the enemy, not every turn: a unit that fires a
 * starshell or an illuminating round gives up its fire (ASL night rules E1.9). Counted over
 * whole computer games of Night at Saint-Aubin Mill (before: about 28 a game). */
struct light_count {
  struct murk_sim* sim;
  int lights;
};

static int offer_counting_lights(void* ctx, enum murk_side side, const struct murk_command* c,
                                 char* reason, size_t reason_len) {
  struct light_count* k = ctx;
  int rc = murk_game_apply(k->sim->game, side, c, reason, reason_len);
  if (rc == MURK_OK && (c->kind == MURK_CMD_STARSHELL || c->kind == MURK_CMD_ILLUMINATE))
    k->lights++;
  return rc;
}

static void test_computer_lights_sparingly(void** st) {
  (void)st;
  struct murk_mission* m = load_bundled("night-saint-aubin");
  int lights = 0, games = 3;
  for (uint64_t seed = 1; seed <= (uint64_t)games; seed++) {
    struct murk_game* g = new_game(m, seed);
    struct murk_sim sim;
    murk_sim_init(&sim, g, MURK_POLICY_COMPUTER, MURK_POLICY_COMPUTER, seed);
    struct light_count k = {&sim, 0};
    sim.offer = offer_counting_lights;
    sim.offer_ctx = &k;
    assert_int_equal(murk_sim_play(&sim, 5000, 12), MURK_OK);
    lights += k.lights;
    murk_sim_free(&sim);
    murk_game_free(g);
  }
  fprintf(stderr, "lights: %d in %d games\n", lights, games);
  assert_true(lights <= games);
  murk_mission_free(m);
}

/* An offer to end the battle is answered by every player, from its own view: accepted
 * unless the mission names the answering side the winner of a game without one; no player
 * offers, concedes or answers on its own. */
static void test_players_answer_an_offer(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(PF_MISSION);
  for (int p = 0; p < MURK_POLICY_COUNT; p++) {
    struct murk_game* g = new_game(m, 3);
    struct murk_sim sim;
    murk_sim_init(&sim, g, MURK_POLICY_GREEDY, MURK_POLICY_GREEDY, 3);
    for (int n = 0; n < 10000 && murk_game_phase(g) != MURK_PHASE_PLAY; n++)
      assert_int_equal(murk_sim_step(&sim), MURK_OK);
    assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
    enum murk_side offerer = murk_game_to_act(g);
    ok_line(g, "offer end");
    /* The enemy's first own decision: placing a platoon the offerer's spotting revealed
     * comes before the answer (Fog of War), and is the offerer's step, not the answer. */
    for (int n = 0; n < 100; n++) {
      if (murk_game_to_act(g) != offerer) {
        struct murk_view* pv = view_of(g, murk_game_to_act(g));
        bool placing = pv->place_platoon > 0;
        murk_view_free(pv);
        if (!placing) break;
      }
      assert_int_equal(murk_sim_step(&sim), MURK_OK);
    }
    enum murk_side answerer = murk_game_to_act(g);
    assert_int_equal(answerer, murk_side_other(offerer));
    struct murk_view* v = view_of(g, answerer);
    assert_int_equal(v->end_offer, offerer);
    struct murk_rng rng;
    murk_policy_seed(&rng, 3, answerer);
    struct murk_policy_plan plan;
    memset(&plan, 0, sizeof plan);
    assert_int_equal(murk_policy_plan((enum murk_policy)p, v, &rng, 0, &plan), MURK_OK);
    assert_int_equal(plan.n, 1);
    assert_int_equal(plan.cmds[0].kind,
                     v->ending.otherwise == answerer ? MURK_CMD_REFUSE : MURK_CMD_ACCEPT);
    murk_policy_plan_free(&plan);
    murk_view_free(v);
    /* The sim plays it on to the end without stalling. */
    assert_int_equal(murk_sim_play(&sim, 1000000, 0), MURK_OK);
    assert_int_equal(murk_game_phase(g), MURK_PHASE_OVER);
    murk_sim_free(&sim);
    murk_game_free(g);
  }
  murk_mission_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_names),
      cmocka_unit_test(test_seeds),
      cmocka_unit_test(test_refuses_wrong_views),
      cmocka_unit_test(test_ignores_hidden_contents),
      cmocka_unit_test(test_games_finish),
      cmocka_unit_test(test_bundled_games_finish),
      cmocka_unit_test(test_greedy_deploys_in_zone),
      cmocka_unit_test(test_greedy_heads_for_objectives),
      cmocka_unit_test(test_greedy_shoots_and_assaults),
      cmocka_unit_test(test_greedy_reserves),
      cmocka_unit_test(test_computer_fights),
      cmocka_unit_test(test_computer_shoots_armour_with_anti_tank),
      cmocka_unit_test(test_computer_night_guard_holds_fire),
      cmocka_unit_test(test_computer_waits_dug_in),
      cmocka_unit_test(test_computer_fast_platoons_wait),
      cmocka_unit_test(test_unknown_phase),
      cmocka_unit_test(test_rounds_differ),
      cmocka_unit_test(test_computer_places_by_whom_for),
      cmocka_unit_test(test_computer_places_behind_the_stream),
      cmocka_unit_test(test_computer_places_far_from_the_middle),
      cmocka_unit_test(test_computer_keeps_objectives_while_reserves_wait),
      cmocka_unit_test(test_computer_deploys_out_of_sight_on_points),
      cmocka_unit_test(test_computer_keeps_infantry_on_table),
      cmocka_unit_test(test_computer_keeps_deep_strikers_on_points),
      cmocka_unit_test(test_computer_tank_keeps_back_on_points),
      cmocka_unit_test(test_computer_delays_forward),
      cmocka_unit_test(test_driver_ends_a_stuck_step),
      cmocka_unit_test(test_driver_plays_games),
      cmocka_unit_test(test_driver_stops_at_turn_bound),
      cmocka_unit_test(test_lean_views_hold_what_players_read),
      cmocka_unit_test(test_computer_lights_sparingly),
      cmocka_unit_test(test_players_offer_no_refused_try),
      cmocka_unit_test(test_players_answer_an_offer),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
