/* tui_bench.c: the terminal front-end's cost without a terminal (docs/performance.md, "TUI").
 * The curses-free part of src/tui (session.c, draw.c, canvas.c) draws into an off-screen
 * canvas, which stands for the terminal here; term.c only copies a canvas to curses.
 *
 *   tui_bench [REPEATS]     first-frame repeats (default 30)
 *
 * 1. Time to first frame, wall clock (CLOCK_MONOTONIC), for a 200x60 window, in the order
 *    `murk play` does it: load the mission file (read, YAML, checks), create the game
 *    (murk_game_new), create the session (tui_session_new builds each side's view once, to
 *    know where its recap starts; then the window size and the canvas), draw the first
 *    frame (the hand-over screen, which shows nothing of the table). Then the first frame
 *    of the table: the key that takes the screen (the view of the side to act, placing the
 *    map) and its draw. The first round for each mission is shown apart ("first": for
 *    Luneville the game, session and drawing code run for the first time; every mission
 *    file was read once before, to choose the largest), then the median and the best of
 *    REPEATS more.
 * 2. CPU per full redraw (CLOCK_THREAD_CPUTIME_ID): tui_session_draw of the whole screen,
 *    as term.c does after every key, at 200x60 and 80x24, on the opening table (the first
 *    side's first screen) and in mid-game (half the commands of a whole game played by the
 *    greedy policy on both sides, seed 1, then the screen of the side to act). Draws are
 *    timed in batches of at least 2 ms; the median and the best batch, per draw.
 *
 * For Luneville and the bundled mission with the most teams (as game_bench). Nothing here
 * asserts a time. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_support.h"
#include "canvas.h"
#include "murk/command.h"
#include "murk/diag.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/view.h"
#include "session.h"
#include "sim.h"

#ifndef MURK_SOURCE_DIR
#define MURK_SOURCE_DIR "."
#endif
#define MISSIONS MURK_SOURCE_DIR "/data/missions"
#define SEED 1
#define MAX_COMMANDS 20000
#define BATCHES 41
#define BATCH_NS 2000000.0 /* at least 2 ms of CPU a batch */

static double ns(clockid_t clk) {
  struct timespec t;
  clock_gettime(clk, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_double(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

/* Sorts v. */
static double median(double* v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static double best(const double* v, int n) {
  double b = v[0];
  for (int i = 1; i < n; i++)
    if (v[i] < b) b = v[i];
  return b;
}

/* ---- 1. time to first frame ---- */

enum { ST_LOAD, ST_GAME, ST_SESSION, ST_HANDOVER, ST_TABLE, ST_COUNT };
static const char* const stage_names[ST_COUNT] = {"load", "game", "session", "frame 1", "table"};

/* One start, as `murk play` does it, into a w x h canvas; stage times in t (ns). */
static int first_frame(const char* path, int w, int h, double t[ST_COUNT]) {
  int rc = -1;
  struct murk_mission* m = NULL;
  struct murk_game* g = NULL;
  struct tui_session* s = NULL;
  struct tui_canvas c = {0};
  struct tui_session_opts o = {.seed = SEED};
  double t0 = ns(CLOCK_MONOTONIC);
  if (!(m = bench_load(path))) goto out;
  double t1 = ns(CLOCK_MONOTONIC);
  if (murk_game_new(m, SEED, &g) != MURK_OK) goto out;
  double t2 = ns(CLOCK_MONOTONIC);
  if (tui_session_new(g, &o, &s) != MURK_OK || tui_session_resize(s, w, h) != MURK_OK ||
      tui_canvas_init(&c, w, h, false) != MURK_OK)
    goto out;
  double t3 = ns(CLOCK_MONOTONIC);
  tui_session_draw(s, &c);
  double t4 = ns(CLOCK_MONOTONIC);
  if (tui_session_key(s, (struct tui_key){TUI_KEY_ENTER, 0, 0}) < 0) goto out;
  tui_session_draw(s, &c);
  double t5 = ns(CLOCK_MONOTONIC);
  /* The table must be on screen, or this timed something else. */
  if (!tui_session_view(s)) goto out;
  t[ST_LOAD] = t1 - t0;
  t[ST_GAME] = t2 - t1;
  t[ST_SESSION] = t3 - t2;
  t[ST_HANDOVER] = t4 - t3;
  t[ST_TABLE] = t5 - t4;
  rc = 0;
out:
  tui_canvas_fini(&c);
  tui_session_free(s);
  murk_game_free(g);
  murk_mission_free(m);
  return rc;
}

static void print_ms(double v) {
  printf(" %8.2f", v / 1e6);
}

static int first_frame_rows(const char* path, const char* id, int repeats) {
  double once[ST_COUNT];
  if (first_frame(path, 200, 60, once) != 0) return -1;
  double* runs = malloc(sizeof(double) * (size_t)repeats * (ST_COUNT + 2));
  if (!runs) return -1;
  double* col = runs;
  for (int r = 0; r < repeats; r++) {
    double t[ST_COUNT];
    if (first_frame(path, 200, 60, t) != 0) {
      free(runs);
      return -1;
    }
    double sum = 0;
    for (int i = 0; i < ST_COUNT; i++) {
      col[i * repeats + r] = t[i];
      sum += t[i];
      if (i == ST_HANDOVER) col[ST_COUNT * repeats + r] = sum;
    }
    col[(ST_COUNT + 1) * repeats + r] = sum;
  }
  double sum = 0;
  printf("%-20s %-6s", id, "first");
  for (int i = 0; i < ST_COUNT; i++) {
    print_ms(once[i]);
    sum += once[i];
    if (i == ST_HANDOVER) print_ms(sum);
  }
  print_ms(sum);
  printf("\n%-20s %-6s", "", "median");
  double bests[ST_COUNT + 2];
  for (int i = 0; i < ST_COUNT + 2; i++) bests[i] = best(col + i * repeats, repeats);
  for (int i = 0; i < ST_COUNT; i++) {
    print_ms(median(col + i * repeats, repeats));
    if (i == ST_HANDOVER) print_ms(median(col + ST_COUNT * repeats, repeats));
  }
  print_ms(median(col + (ST_COUNT + 1) * repeats, repeats));
  printf("\n%-20s %-6s", "", "best");
  for (int i = 0; i < ST_COUNT; i++) {
    print_ms(bests[i]);
    if (i == ST_HANDOVER) print_ms(bests[ST_COUNT]);
  }
  print_ms(bests[ST_COUNT + 1]);
  printf("\n");
  free(runs);
  return 0;
}

/* ---- 2. CPU per full redraw ---- */

/* Play the game g on with the greedy policy on both sides, `limit` commands at most.
 * Returns the commands applied. */
static long play(struct murk_game* g, long limit) {
  struct murk_sim sim;
  murk_sim_init(&sim, g, MURK_POLICY_GREEDY, MURK_POLICY_GREEDY, SEED);
  long commands = 0;
  while (commands < limit && murk_sim_step(&sim) == MURK_OK) commands++;
  murk_sim_free(&sim);
  return commands;
}

/* CPU ns per tui_session_draw of the current screen into c: median and best batch. */
static void time_draws(const struct tui_session* s, struct tui_canvas* c, double* med,
                       double* min) {
  int k = 1;
  for (;;) { /* calibrate: a batch of k draws takes at least BATCH_NS */
    double t0 = ns(CLOCK_THREAD_CPUTIME_ID);
    for (int i = 0; i < k; i++) tui_session_draw(s, c);
    if (ns(CLOCK_THREAD_CPUTIME_ID) - t0 >= BATCH_NS || k >= 1 << 20) break;
    k *= 2;
  }
  double per[BATCHES];
  for (int b = 0; b < BATCHES; b++) {
    double t0 = ns(CLOCK_THREAD_CPUTIME_ID);
    for (int i = 0; i < k; i++) tui_session_draw(s, c);
    per[b] = (ns(CLOCK_THREAD_CPUTIME_ID) - t0) / k;
  }
  *min = best(per, BATCHES);
  *med = median(per, BATCHES);
}

/* Cells of the canvas that are not blank: a check that a whole screen was drawn. */
static int inked(const struct tui_canvas* c) {
  int n = 0;
  for (int i = 0; i < c->w * c->h; i++) n += c->cells[i].ch != ' ' && c->cells[i].ch != 0;
  return n;
}

/* The screen of the side to act in game g, `commands` commands in: the hand-over key, and
 * out of the recap onto the map. Times a full redraw at w x h. */
static int redraw_row(const struct murk_mission* m, const char* what, long commands, int w, int h) {
  int rc = -1;
  struct murk_game* g = NULL;
  struct tui_session* s = NULL;
  struct tui_canvas c = {0};
  struct tui_session_opts o = {.seed = SEED};
  if (murk_game_new(m, SEED, &g) != MURK_OK) goto out;
  long played = play(g, commands);
  if (murk_game_to_act(g) == MURK_NO_SIDE) goto out;
  if (tui_session_new(g, &o, &s) != MURK_OK || tui_session_resize(s, w, h) != MURK_OK ||
      tui_canvas_init(&c, w, h, false) != MURK_OK)
    goto out;
  if (tui_session_key(s, (struct tui_key){TUI_KEY_ENTER, 0, 0}) < 0) goto out;
  if (tui_session_ui(s)->mode == TUI_MODE_RECAP)
    tui_session_key(s, (struct tui_key){TUI_KEY_ESC, 0, 0});
  const struct murk_view* v = tui_session_view(s);
  if (!v || tui_session_ui(s)->mode != TUI_MODE_MAP) goto out;
  int on_table = v->nteams;
  for (int i = 0; i < v->nmarkers; i++) on_table += v->markers[i].on_table;
  double med, min;
  time_draws(s, &c, &med, &min);
  printf("%-20s %-8s %5ld %-18s %4d %3d %4zu %3dx%-3d %6d %9.1f %9.1f\n", m->id, what, played,
         murk_phase_name(murk_game_phase(g)), murk_game_turn(g), on_table, v->nevents, w, h,
         inked(&c), med / 1e3, min / 1e3);
  rc = 0;
out:
  tui_canvas_fini(&c);
  tui_session_free(s);
  murk_game_free(g);
  return rc;
}

static int redraw_rows(const char* path) {
  struct murk_mission* m = bench_load(path);
  if (!m) return -1;
  /* The length of a whole greedy game, for "mid-game". */
  struct murk_game* g = NULL;
  if (murk_game_new(m, SEED, &g) != MURK_OK) {
    murk_mission_free(m);
    return -1;
  }
  long whole = play(g, MAX_COMMANDS);
  murk_game_free(g);
  int rc = 0;
  static const int sizes[2][2] = {{200, 60}, {80, 24}};
  for (int i = 0; i < 2 && rc == 0; i++) {
    rc |= redraw_row(m, "opening", 0, sizes[i][0], sizes[i][1]);
    rc |= redraw_row(m, "mid-game", whole / 2, sizes[i][0], sizes[i][1]);
  }
  murk_mission_free(m);
  return rc;
}

int main(int argc, char** argv) {
  int repeats = argc > 1 ? atoi(argv[1]) : 30;
  if (repeats < 1) repeats = 30;
  char largest[4200];
  if (bench_largest(MISSIONS, largest, sizeof largest) != 0) {
    fprintf(stderr, "tui_bench: no missions in %s\n", MISSIONS);
    return 1;
  }
  const char* paths[2] = {MISSIONS "/luneville.yaml", largest};
  int npaths = 2;
  for (int i = 0; i < npaths; i++) {
    struct murk_mission* m = bench_load(paths[i]);
    if (!m) {
      fprintf(stderr, "tui_bench: cannot load %s\n", paths[i]);
      return 1;
    }
    printf("%-20s %3dx%-3d table, %d teams\n", m->id, m->grid.width, m->grid.height,
           bench_teams(m));
    murk_mission_free(m);
  }

  printf("\ntime to first frame at 200x60, seed %d, wall clock, ms (first round, then %d more)\n",
         SEED, repeats);
  printf("%-20s %-6s", "mission", "");
  for (int i = 0; i < ST_COUNT; i++) {
    printf(" %8s", stage_names[i]);
    if (i == ST_HANDOVER) printf(" %8s", "=first");
  }
  printf(" %8s\n", "=table");
  for (int i = 0; i < npaths; i++) {
    const char* id = strrchr(paths[i], '/') + 1;
    if (first_frame_rows(paths[i], id, repeats) != 0) {
      fprintf(stderr, "tui_bench: first frame of %s failed\n", paths[i]);
      return 1;
    }
  }

  printf(
      "\nCPU per full redraw (tui_session_draw), thread CPU time, us; %d batches of >= %.0f "
      "ms\n",
      BATCHES, BATCH_NS / 1e6);
  printf("%-20s %-8s %5s %-18s %4s %3s %4s %7s %6s %9s %9s\n", "mission", "position", "cmds",
         "phase", "turn", "on", "evts", "window", "inked", "median", "best");
  for (int i = 0; i < npaths; i++)
    if (redraw_rows(paths[i]) != 0) {
      fprintf(stderr, "tui_bench: redraw of %s failed\n", paths[i]);
      return 1;
    }
  return 0;
}
