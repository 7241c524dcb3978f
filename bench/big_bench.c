/* big_bench.c: games on a big generated table (docs/performance.md, "Big tables"):
 * bench/bigtable.sh writes the mission at run time (never committed), then one game per
 * policy is played the way `murk sim` plays it, and every murk_game_apply and view refresh
 * is timed on its own: the slowest command is what a player would wait for.
 *
 *   big_bench [SIZE [BLOCK% [PLATOONS [TEAMS [GRID [PATTERN [DEPLOY [COMMANDS [RULES]]]]]]]]]
 *
 * (bigtable.sh's arguments; COMMANDS: stop each game after that many, 0 for none.) Without
 * arguments, the tables of the table in docs/performance.md, one after the other. A
 * command's cost is what a player waits for: the view refreshed, then every try offered
 * until one is taken (the player's own planning apart): its median and slowest.
 *
 * BIG_TRACE=MS prints each view refresh slower than MS ms (command, side, turn, phase) to
 * stderr. Figures of one run on one core (CPU time of the thread); nothing here asserts a
 * time. */
#define _DEFAULT_SOURCE /* mkstemps */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "bench_support.h"
#include "murk/command.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/sight.h"
#include "murk/view.h"
#include "sim.h"

#ifndef MURK_SOURCE_DIR
#define MURK_SOURCE_DIR "."
#endif
#define MAX_COMMANDS 20000
#define MAX_TRIES 400

static double cpu_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* A table of bench/bigtable.sh, and how many commands of each game to play (0: all). */
struct table {
  int size, block, platoons, teams;
  const char *grid, *pattern, *deploy, *rules;
  long commands;
  unsigned policies; /* bit p: play policy p */
};

struct figures {
  long commands, tries;
  double total, load, create, slowest_apply, slowest_view, slowest_plan;
  double* cost; /* each command's view and tries (MAX_COMMANDS) */
  char slowest_line[128];
};

/* One game to its end, each step timed. Returns 0, or -1 when it got stuck or failed. */
static int play(const struct murk_mission* m, uint64_t seed, enum murk_policy p, long cap,
                struct figures* f) {
  struct murk_policy_plan plan;
  memset(&plan, 0, sizeof plan);
  double t0 = cpu_s();
  struct murk_game* g = NULL;
  if (murk_game_new(m, seed, &g) != MURK_OK) return -1;
  f->create = cpu_s() - t0;
  struct murk_rng rng[MURK_SIDES];
  for (int s = 0; s < MURK_SIDES; s++) murk_policy_seed(&rng[s], seed, (enum murk_side)s);
  struct murk_view* views[MURK_SIDES] = {NULL, NULL};
  char reason[256];
  enum murk_side side;
  int rc = 0;
  while ((side = murk_game_to_act(g)) != MURK_NO_SIDE) {
    if (cap > 0 && f->commands >= cap) {
      rc = 1; /* cut where asked */
      break;
    }
    if (f->commands >= MAX_COMMANDS) {
      rc = -1;
      break;
    }
    double a = cpu_s();
    int vrc =
        views[side] ? murk_view_update(g, views[side]) : murk_view_build(g, side, &views[side]);
    double b = cpu_s();
    if (b - a > f->slowest_view) f->slowest_view = b - a;
    if (getenv("BIG_TRACE") && b - a > atof(getenv("BIG_TRACE")) / 1e3)
      fprintf(stderr, "view %ld side %d turn %d phase %d: %.2f ms\n", f->commands, (int)side,
              murk_game_turn(g), (int)murk_game_phase(g), (b - a) * 1e3);
    if (vrc != MURK_OK) {
      rc = -1;
      break;
    }
    double cost = b - a;
    bool applied = false;
    int tries = 0;
    for (int round = 0; !applied && tries < MAX_TRIES; round++) {
      double c0 = cpu_s();
      if (murk_policy_plan(p, views[side], &rng[side], round, &plan) != MURK_OK) break;
      double c1 = cpu_s();
      if (c1 - c0 > f->slowest_plan) f->slowest_plan = c1 - c0;
      for (int i = 0; i < plan.n && !applied && tries < MAX_TRIES; i++, tries++) {
        const struct murk_command c = plan.cmds[i];
        f->tries++;
        double x = cpu_s();
        applied = murk_game_apply(g, side, &c, reason, sizeof reason) == MURK_OK;
        double y = cpu_s();
        cost += y - x;
        if (y - x > f->slowest_apply) {
          f->slowest_apply = y - x;
          murk_command_format(&c, f->slowest_line, sizeof f->slowest_line);
        }
      }
    }
    if (!applied) {
      rc = -1;
      break;
    }
    f->cost[f->commands] = cost;
    f->commands++;
  }
  f->total = cpu_s() - t0;
  for (int s = 0; s < MURK_SIDES; s++) murk_view_free(views[s]);
  murk_game_free(g);
  murk_policy_plan_free(&plan);
  return rc;
}

static int by_value(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

static int run(const struct table* t) {
  char path[] = "/tmp/murk-big-XXXXXX.yaml";
  int fd = mkstemps(path, 5);
  if (fd < 0) return -1;
  close(fd);
  char cmd[8192];
  snprintf(cmd, sizeof cmd, "bash '%s/bench/bigtable.sh' %d %d %d %d %s 1 %s %s %s > '%s'",
           MURK_SOURCE_DIR, t->size, t->block, t->platoons, t->teams, t->grid, t->pattern,
           t->deploy, t->rules, path);
  if (system(cmd) != 0) {
    fprintf(stderr, "big_bench: %s failed\n", cmd);
    unlink(path);
    return -1;
  }
  double t0 = cpu_s();
  struct murk_mission* m = bench_load(path);
  double load = cpu_s() - t0;
  unlink(path);
  if (!m) {
    fprintf(stderr, "big_bench: the generated mission does not load\n");
    return -1;
  }
  char woods[16];
  if (strcmp(t->pattern, "lattice") == 0)
    snprintf(woods, sizeof woods, "lattice");
  else
    snprintf(woods, sizeof woods, "%d%%", t->block);
  for (int p = 0; p < MURK_POLICY_COUNT; p++) {
    if (!(t->policies >> p & 1)) continue;
    struct figures f;
    memset(&f, 0, sizeof f);
    f.load = load;
    f.cost = malloc(MAX_COMMANDS * sizeof *f.cost);
    if (!f.cost) break;
    int rc = play(m, 1, (enum murk_policy)p, t->commands, &f);
    qsort(f.cost, (size_t)f.commands, sizeof *f.cost, by_value);
    double median = f.commands ? f.cost[f.commands / 2] : 0,
           most = f.commands ? f.cost[f.commands - 1] : 0;
    printf(
        "%4dx%-4d %-6s %-7s %-6s %-5s %2dx%-2d %-8s %5s %5ld %6ld %8.1f %8.1f %9.2f %9.2f %7.2f "
        "%7.2f %8.2f  %s\n",
        t->size, t->size, t->grid, woods, t->deploy, strcmp(t->rules, "table") ? "blind" : "table",
        t->platoons, t->teams, murk_policy_name((enum murk_policy)p),
        rc == 0  ? "ended"
        : rc > 0 ? "cut"
                 : "STUCK",
        f.commands, f.tries, f.load * 1e3, f.create * 1e3, f.slowest_apply * 1e3,
        f.slowest_view * 1e3, median * 1e3, most * 1e3, f.total, f.slowest_line);
    free(f.cost);
  }
  murk_mission_free(m);
  return 0;
}

int main(int argc, char** argv) {
  printf("one game a policy on a generated table (bench/bigtable.sh), seed 1, CPU time\n");
  printf(
      "slowest: one murk_game_apply / one view refresh; cmd: a command's view and tries, "
      "median and slowest (ms); game: create to end (or cut), without load\n\n");
  printf("%-9s %-6s %-7s %-6s %-5s %5s %-8s %5s %5s %6s %8s %8s %9s %9s %7s %7s %8s  %s\n", "table",
         "grid", "woods", "deploy", "sight", "force", "policy", "end", "cmds", "tries", "load ms",
         "new ms", "apply ms", "view ms", "cmd p50", "cmd max", "game s", "slowest apply");
  const unsigned all = (1u << MURK_POLICY_COUNT) - 1;
  int rc = 0;
  if (argc > 1) {
    struct table t = {atoi(argv[1]),
                      argc > 2 ? atoi(argv[2]) : 20,
                      argc > 3 ? atoi(argv[3]) : 20,
                      argc > 4 ? atoi(argv[4]) : 30,
                      argc > 5 ? argv[5] : "square",
                      argc > 6 ? argv[6] : "random",
                      argc > 7 ? argv[7] : "bands",
                      argc > 9 ? argv[9] : "table",
                      argc > 8 ? atol(argv[8]) : 0,
                      all};
    rc = run(&t);
  } else {
    /* Random woods, then a lattice whose gaps let sight run across the table, and a
     * dense 100x100 table. */
    const struct table tables[] = {
        {1000, 20, 20, 30, "square", "random", "bands", "table", 0, all},
        {200, 20, 20, 30, "square", "random", "bands", "table", 0, all},
        {1000, 0, 20, 30, "hex", "lattice", "halves", "table", 0, all},
        {1000, 0, 20, 30, "hex", "lattice", "halves", "double_blind", 0, all},
        {100, 40, 20, 30, "hex", "random", "halves", "table", 0, all},
    };
    for (size_t i = 0; rc == 0 && i < sizeof tables / sizeof tables[0]; i++) rc = run(&tables[i]);
  }
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  printf("\npeak memory (ru_maxrss) of this whole run: %.1f MB\n", (double)ru.ru_maxrss / 1024.0);
  return rc == 0 ? 0 : 1;
}
