/* decision_bench.c: how long the computer opponent takes to decide (the target: "a few
 * hundred milliseconds at most per decision"; docs/performance.md, "The computer opponent"). On
 * every bundled mission, GAMES games of the computer against itself, each decision timed the way a
 * person waits for it in `murk play --vs computer`: the view of its side built, the plans
 * made, every try offered until the game takes one (murk_sim_step). Prints the mean and the
 * slowest decision per mission, wall clock and CPU. Nothing here asserts a time.
 *
 *   decision_bench [GAMES]     games per mission (default 20) */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_support.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "sim.h"

#ifndef MURK_SOURCE_DIR
#define MURK_SOURCE_DIR "."
#endif
#define MISSIONS MURK_SOURCE_DIR "/data/missions"
#define MAX_COMMANDS 20000

static double clock_s(clockid_t id) {
  struct timespec t;
  clock_gettime(id, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int by_name(const void* a, const void* b) {
  return strcmp(*(char* const*)a, *(char* const*)b);
}

int main(int argc, char** argv) {
  int games = argc > 1 ? atoi(argv[1]) : 20;
  if (games < 1) games = 1;
  DIR* d = opendir(MISSIONS);
  if (!d) {
    fprintf(stderr, "decision_bench: cannot open %s\n", MISSIONS);
    return 1;
  }
  char* names[64];
  int n = 0;
  struct dirent* e;
  while ((e = readdir(d)) && n < 64) {
    size_t len = strlen(e->d_name);
    if (len > 5 && strcmp(e->d_name + len - 5, ".yaml") == 0) names[n++] = strdup(e->d_name);
  }
  closedir(d);
  qsort(names, (size_t)n, sizeof names[0], by_name);
  printf("the computer against itself, %d games a mission, one decision = murk_sim_step\n\n",
         games);
  printf("%-22s %10s %12s %12s %12s %6s\n", "mission", "decisions", "mean ms", "slowest ms",
         "slowest cpu", "stuck");
  double worst = 0;
  for (int i = 0; i < n; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", MISSIONS, names[i]);
    struct murk_mission* m = bench_load(path);
    if (!m) {
      fprintf(stderr, "decision_bench: cannot load %s\n", path);
      return 1;
    }
    long decisions = 0, stuck = 0;
    double sum = 0, slowest = 0, slowest_cpu = 0;
    struct murk_sim sim;
    murk_sim_init(&sim, NULL, MURK_POLICY_COMPUTER, MURK_POLICY_COMPUTER, 1);
    sim.full_views = true; /* murk play hands its seat a full view */
    for (int s = 1; s <= games; s++) {
      struct murk_game* g = NULL;
      if (murk_game_new(m, (uint64_t)s, &g) != MURK_OK) return 1;
      murk_sim_next_game(&sim, g, (uint64_t)s);
      for (long k = 0; k < MAX_COMMANDS && murk_game_to_act(g) != MURK_NO_SIDE; k++) {
        double t0 = clock_s(CLOCK_MONOTONIC), c0 = clock_s(CLOCK_THREAD_CPUTIME_ID);
        int rc = murk_sim_step(&sim);
        double dt = clock_s(CLOCK_MONOTONIC) - t0, dc = clock_s(CLOCK_THREAD_CPUTIME_ID) - c0;
        decisions++;
        sum += dt;
        if (dt > slowest) slowest = dt;
        if (dc > slowest_cpu) slowest_cpu = dc;
        if (rc != MURK_OK) {
          stuck++;
          break;
        }
      }
      murk_sim_next_game(&sim, NULL, 0);
      murk_game_free(g);
    }
    murk_sim_free(&sim);
    printf("%-22.*s %10ld %12.2f %12.1f %12.1f %6ld\n", (int)strlen(names[i]) - 5, names[i],
           decisions, decisions ? 1000 * sum / (double)decisions : 0.0, 1000 * slowest,
           1000 * slowest_cpu, stuck);
    if (slowest_cpu > worst) worst = slowest_cpu;
    murk_mission_free(m);
    free(names[i]);
  }
  printf("\nslowest decision anywhere: %.1f ms of CPU\n", 1000 * worst);
  return 0;
}
