/* game_bench.c: headless games per second, the way `murk sim` plays them (docs/performance.md,
 * "Headless games"): both sides driven by one policy through their own views, on Luneville
 * and on the largest bundled mission (the most teams), with the random and greedy policies;
 * then the peak memory of the whole run (getrusage ru_maxrss).
 *
 *   game_bench [SECONDS]     time per row (default 2)
 *
 * Seeds 1, 2, ... in turn, as `murk sim --seed 1` does. A game that does not finish within
 * MAX_COMMANDS commands or MAX_TRIES refused lines counts as played (its cost was paid) and
 * is reported as stuck. tries/game counts the lines offered to murk_game_apply, applied or
 * refused: each costs a copy of the game state. Nothing here asserts a time. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "bench_support.h"
#include "murk/command.h"
#include "murk/diag.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/policy.h"
#include "murk/sight.h"
#include "murk/view.h"

#ifndef MURK_SOURCE_DIR
#define MURK_SOURCE_DIR "."
#endif
#define MISSIONS MURK_SOURCE_DIR "/data/missions"
#define MAX_COMMANDS 20000 /* as murk sim's default bound */
#define MAX_TRIES 400

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* One game to its end. Returns the commands applied, or -1 if it got stuck or failed. */
static long play(const struct murk_mission* m, struct murk_sight_cache* cache, uint64_t seed,
                 enum murk_policy p, struct murk_policy_plan* plan, long* offered) {
  struct murk_game* g = NULL;
  if (murk_game_new(m, seed, &g) != MURK_OK) return -1;
  if (cache) murk_game_use_sight_cache(g, cache); /* as murk sim does */
  struct murk_rng rng[MURK_SIDES];
  for (int s = 0; s < MURK_SIDES; s++) murk_policy_seed(&rng[s], seed, (enum murk_side)s);
  long commands = 0;
  char reason[256], err[200];
  enum murk_side side;
  /* Each side's view, refreshed after each command as murk sim does. */
  struct murk_view* views[MURK_SIDES] = {NULL, NULL};
  while ((side = murk_game_to_act(g)) != MURK_NO_SIDE && commands >= 0) {
    struct murk_view* v = views[side];
    int rc = v ? murk_view_update(g, v) : murk_view_build(g, side, &views[side]);
    v = views[side];
    if (commands >= MAX_COMMANDS || rc != MURK_OK) {
      commands = -1;
      break;
    }
    bool applied = false;
    int tries = 0;
    for (int round = 0; !applied && tries < MAX_TRIES; round++) {
      if (murk_policy_plan(p, v, &rng[side], round, plan) != MURK_OK) break;
      for (int i = 0; i < plan->n && !applied && tries < MAX_TRIES; i++, tries++) {
        struct murk_command c;
        int col = 0;
        if (murk_command_parse(plan->lines[i], &c, err, sizeof err, &col) != 1) continue;
        ++*offered;
        applied = murk_game_apply(g, side, &c, reason, sizeof reason) == MURK_OK;
      }
    }
    commands = applied ? commands + 1 : -1;
  }
  for (int s = 0; s < MURK_SIDES; s++) murk_view_free(views[s]);
  murk_game_free(g);
  return commands;
}

static struct murk_mission* load(const char* path) {
  struct murk_mission* m = bench_load(path);
  if (!m) fprintf(stderr, "game_bench: cannot load %s\n", path);
  return m;
}

/* The bundled mission with the most teams. */
static struct murk_mission* largest(void) {
  char path[4096];
  return bench_largest(MISSIONS, path, sizeof path) == 0 ? load(path) : NULL;
}

static void row(const struct murk_mission* m, enum murk_policy p, double seconds) {
  struct murk_policy_plan plan;
  memset(&plan, 0, sizeof plan);
  struct murk_sight_cache* cache = NULL;
  (void)murk_sight_cache_new(m, &cache); /* NULL on failure: each game keeps its own */
  long games = 0, stuck = 0, commands = 0, offered = 0;
  double t0 = now_s(), t;
  do {
    long c = play(m, cache, (uint64_t)games + 1, p, &plan, &offered);
    games++;
    if (c < 0)
      stuck++;
    else
      commands += c;
    t = now_s() - t0;
  } while (t < seconds);
  murk_policy_plan_free(&plan);
  murk_sight_cache_free(cache);
  long done = games - stuck;
  printf("%-22s %3dx%-3d %5d  %-7s %7ld %10.1f %9.0f %10.0f %12.1f %6ld\n", m->id, m->grid.width,
         m->grid.height, bench_teams(m), murk_policy_name(p), games, (double)games / t,
         done ? (double)commands / (double)done : 0.0, (double)offered / (double)games,
         t * 1e6 / (double)games, stuck);
}

int main(int argc, char** argv) {
  double seconds = argc > 1 ? atof(argv[1]) : 2.0;
  if (seconds <= 0) seconds = 2.0;
  struct murk_mission* lune = load(MISSIONS "/luneville.yaml");
  struct murk_mission* big = largest();
  if (!lune || !big) {
    fprintf(stderr, "game_bench: no missions in %s\n", MISSIONS);
    return 1;
  }
  printf("headless games, both sides one policy, seeds from 1, %.1f s a row, one core\n\n",
         seconds);
  printf("%-22s %7s %5s  %-7s %7s %10s %9s %10s %12s %6s\n", "mission", "grid", "teams", "policy",
         "games", "games/s", "cmds/game", "tries/game", "us/game", "stuck");
  const struct murk_mission* ms[2] = {lune, big};
  for (int i = 0; i < 2; i++)
    for (int p = 0; p < MURK_POLICY_COUNT; p++) row(ms[i], (enum murk_policy)p, seconds);
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  printf("\npeak memory (ru_maxrss) of this whole run: %.1f MB\n", (double)ru.ru_maxrss / 1024.0);
  murk_mission_free(lune);
  murk_mission_free(big);
  return 0;
}
