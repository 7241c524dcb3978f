/* fov_bench.c: the cost of murk_fov, and of libtcod's TCOD_map_compute_fov on the same
 * square maps when libtcod is installed (docs/performance.md, "Field of view").
 *
 *   fov_bench DIR        DIR holds case_a.txt and case_b.txt (the benchmark's maps, not
 *                        kept in the tree); the 1000 x 1000 case is generated.
 *
 * Every map is timed as a square grid and as a hex grid (the same characters read as
 * odd-r hexes). The contestants are timed in turn, round after round (ROUNDS rounds of at
 * least MIN_RUN_NS each), and each keeps its fastest round, with the median beside it;
 * the figures are for comparing within one run (ratios), not across machines. Nothing
 * here asserts a time. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "murk/error.h"
#include "murk/geom.h"
#include "murk/los.h"
#include "murk/mission.h"

#ifdef MURK_HAVE_TCOD
#include <libtcod/fov.h>
#endif

#ifndef MURK_SOURCE_DIR
#define MURK_SOURCE_DIR "."
#endif

#define ROUNDS 9
#define MIN_RUN_NS 20000000.0 /* each round of each contestant lasts at least 20 ms */

struct bench_case {
  const char* name;
  int w, h, radius;
  unsigned char* opaque; /* w * h, 1 = opaque */
  struct murk_pos* viewers;
  int nviewers;
};

static void case_free(struct bench_case* c) {
  free(c->opaque);
  free(c->viewers);
}

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

/* ---- inputs --------------------------------------------------------------------------- */

/* A case file: "W H", H rows of '.' and '#', "K", K
 * lines "x y". */
static int load_case(const char* path, const char* name, int radius, struct bench_case* c) {
  FILE* f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "fov_bench: cannot open %s: %s\n", path, strerror(errno));
    return -1;
  }
  memset(c, 0, sizeof *c);
  c->name = name;
  c->radius = radius;
  int ok = fscanf(f, "%d %d", &c->w, &c->h) == 2 && c->w > 0 && c->h > 0 &&
           c->w <= MURK_LOS_MAX_CELLS && c->h <= MURK_LOS_MAX_CELLS;
  if (ok) {
    c->opaque = malloc((size_t)c->w * (size_t)c->h);
    ok = c->opaque != NULL;
  }
  /* A row is read in pieces of at most sizeof row - 1 characters. */
  char row[MURK_LOS_MAX_CELLS + 2];
  for (int y = 0; ok && y < c->h; y++) {
    ok = fscanf(f, "%1001s", row) == 1 && (int)strlen(row) == c->w;
    for (int x = 0; ok && x < c->w; x++) {
      ok = row[x] == '.' || row[x] == '#';
      c->opaque[y * c->w + x] = row[x] == '#';
    }
  }
  ok = ok && fscanf(f, "%d", &c->nviewers) == 1 && c->nviewers > 0 && c->nviewers <= 100000;
  if (ok) {
    c->viewers = malloc((size_t)c->nviewers * sizeof *c->viewers);
    ok = c->viewers != NULL;
  }
  for (int i = 0; ok && i < c->nviewers; i++) {
    ok = fscanf(f, "%d %d", &c->viewers[i].x, &c->viewers[i].y) == 2 && c->viewers[i].x >= 0 &&
         c->viewers[i].y >= 0 && c->viewers[i].x < c->w && c->viewers[i].y < c->h;
  }
  fclose(f);
  if (!ok) {
    fprintf(stderr,
            "fov_bench: %s: not a case file (expected \"W H\", H rows, \"K\", K lines \"x y\")\n",
            path);
    case_free(c);
    return -1;
  }
  return 0;
}

static uint64_t splitmix64(uint64_t* s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static uint64_t xorshift64s(uint64_t* x) {
  *x ^= *x >> 12;
  *x ^= *x << 25;
  *x ^= *x >> 27;
  return *x * 0x2545f4914f6cdd1dull;
}

/* The large case as the README makes it: xorshift64* seeded through splitmix64(1), 20%
 * opaque row-major, viewers redrawn while on an opaque cell. */
static int make_large(struct bench_case* c) {
  memset(c, 0, sizeof *c);
  c->name = "1000x1000";
  c->w = c->h = 1000;
  c->radius = 60;
  c->nviewers = 200;
  c->opaque = malloc((size_t)c->w * (size_t)c->h);
  c->viewers = malloc((size_t)c->nviewers * sizeof *c->viewers);
  if (!c->opaque || !c->viewers) {
    case_free(c);
    return -1;
  }
  uint64_t seed = 1;
  uint64_t x = splitmix64(&seed);
  for (int i = 0; i < c->w * c->h; i++) {
    c->opaque[i] = (double)(xorshift64s(&x) >> 11) * 0x1.0p-53 < 0.2;
  }
  for (int i = 0; i < c->nviewers; i++) {
    int vx, vy;
    do {
      vx = (int)(xorshift64s(&x) % (uint64_t)c->w);
      vy = (int)(xorshift64s(&x) % (uint64_t)c->h);
    } while (c->opaque[vy * c->w + vx]);
    c->viewers[i] = (struct murk_pos){vx, vy};
  }
  return 0;
}

/* ---- timing --------------------------------------------------------------------------- */

/* One thing to time: a pass calls it once per viewer and returns the cells seen. */
typedef long (*pass_fn)(void* ctx);

struct contestant {
  const char* name;
  pass_fn pass;
  void* ctx;
  double visible; /* cells per call */
  double best;    /* ns per call: the fastest round */
  double runs[ROUNDS];
};

/* Time every contestant in turn, round after round, so that a busy moment of the machine
 * hits them alike; keep each one's fastest round (the least disturbed) and the median. */
static void race(struct contestant* cs, int n, int calls_per_pass) {
  long reps[8];
  for (int k = 0; k < n; k++) {
    cs[k].pass(cs[k].ctx); /* warm up: faults pages in, grows murk's working space */
    double t0 = now_ns();
    cs[k].pass(cs[k].ctx);
    double one = now_ns() - t0;
    reps[k] = one > 0 ? (long)(MIN_RUN_NS / one) + 1 : 1000;
  }
  for (int r = 0; r < ROUNDS; r++) {
    for (int k = 0; k < n; k++) {
      double t0 = now_ns();
      for (long i = 0; i < reps[k]; i++) cs[k].pass(cs[k].ctx);
      cs[k].runs[r] = (now_ns() - t0) / (double)reps[k] / calls_per_pass;
    }
  }
  for (int k = 0; k < n; k++) {
    qsort(cs[k].runs, ROUNDS, sizeof cs[k].runs[0], cmp_double);
    cs[k].best = cs[k].runs[0];
  }
}

struct murk_ctx {
  const struct bench_case* c;
  struct murk_sightmap* map;
  struct murk_fov_result* res;
};

static long murk_pass(void* p) {
  struct murk_ctx* m = p;
  long visible = 0;
  for (int i = 0; i < m->c->nviewers; i++) {
    if (murk_fov(m->map, m->c->viewers[i], m->c->radius, m->res) != MURK_OK) {
      fprintf(stderr, "fov_bench: murk_fov failed\n");
      exit(1);
    }
    size_t n;
    murk_fov_cells(m->res, &n);
    visible += (long)n;
  }
  return visible;
}

static void murk_setup(struct murk_ctx* m, const struct bench_case* c, enum murk_grid_kind kind) {
  struct murk_grid g = {kind, c->w, c->h};
  size_t n = (size_t)c->w * (size_t)c->h;
  unsigned char* sight = malloc(n);
  if (!sight) exit(1);
  for (size_t i = 0; i < n; i++) sight[i] = c->opaque[i] ? MURK_SIGHT_BLOCKING : MURK_SIGHT_CLEAR;
  m->c = c;
  if (murk_sightmap_new(&g, sight, NULL, &m->map) != MURK_OK ||
      murk_fov_result_new(m->map, &m->res) != MURK_OK) {
    fprintf(stderr, "fov_bench: cannot make the sight map\n");
    exit(1);
  }
  free(sight);
}

static void murk_teardown(struct murk_ctx* m) {
  murk_fov_result_free(m->res);
  murk_sightmap_free(m->map);
}

#ifdef MURK_HAVE_TCOD
/* libtcod on the whole map (every call resets the whole map's flags: that is its design),
 * or on a (2r+1)^2 window around each viewer, cut to the map, made beforehand. */
struct tcod_ctx {
  const struct bench_case* c;
  TCOD_Map** maps;        /* one map (whole), or one per viewer (windows) */
  struct murk_pos* local; /* the viewer in its map */
  int nmaps;
  struct murk_pos* list; /* for tcod_pass_listed: room for a window's cells */
};

static long tcod_pass(void* p) {
  struct tcod_ctx* t = p;
  for (int i = 0; i < t->c->nviewers; i++) {
    TCOD_Map* map = t->maps[t->nmaps == 1 ? 0 : i];
    TCOD_map_compute_fov(map, t->local[i].x, t->local[i].y, t->c->radius, true, FOV_SHADOW);
  }
  return 0;
}

/* The same on windows, then the visible cells collected into a list: what a caller does
 * to get what murk_fov returns (a list, and a per-cell answer: libtcod's flags). */
static long tcod_pass_listed(void* p) {
  struct tcod_ctx* t = p;
  long visible = 0;
  for (int i = 0; i < t->c->nviewers; i++) {
    TCOD_Map* map = t->maps[i];
    TCOD_map_compute_fov(map, t->local[i].x, t->local[i].y, t->c->radius, true, FOV_SHADOW);
    int w = TCOD_map_get_width(map), h = TCOD_map_get_height(map), n = 0;
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        if (TCOD_map_is_in_fov(map, x, y)) t->list[n++] = (struct murk_pos){x, y};
      }
    }
    visible += n;
  }
  return visible;
}

/* Visible cells, counted outside the timing. */
static long tcod_count(struct tcod_ctx* t) {
  long visible = 0;
  for (int i = 0; i < t->c->nviewers; i++) {
    TCOD_Map* map = t->maps[t->nmaps == 1 ? 0 : i];
    TCOD_map_compute_fov(map, t->local[i].x, t->local[i].y, t->c->radius, true, FOV_SHADOW);
    int w = TCOD_map_get_width(map), h = TCOD_map_get_height(map);
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) visible += TCOD_map_is_in_fov(map, x, y);
    }
  }
  return visible;
}

static TCOD_Map* tcod_window(const struct bench_case* c, int x0, int y0, int w, int h) {
  TCOD_Map* map = TCOD_map_new(w, h);
  if (!map) exit(1);
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++) {
      bool clear = !c->opaque[(y0 + y) * c->w + x0 + x];
      TCOD_map_set_properties(map, x, y, clear, clear);
    }
  }
  return map;
}

static void tcod_setup(struct tcod_ctx* t, const struct bench_case* c, bool windowed) {
  t->c = c;
  t->nmaps = windowed ? c->nviewers : 1;
  t->maps = calloc((size_t)t->nmaps, sizeof *t->maps);
  t->local = calloc((size_t)c->nviewers, sizeof *t->local);
  t->list = calloc((size_t)(2 * c->radius + 1) * (size_t)(2 * c->radius + 1), sizeof *t->list);
  if (!t->maps || !t->local || !t->list) exit(1);
  if (!windowed) t->maps[0] = tcod_window(c, 0, 0, c->w, c->h);
  for (int i = 0; i < c->nviewers; i++) {
    struct murk_pos v = c->viewers[i];
    t->local[i] = v;
    if (!windowed) continue;
    int x0 = v.x - c->radius < 0 ? 0 : v.x - c->radius;
    int y0 = v.y - c->radius < 0 ? 0 : v.y - c->radius;
    int x1 = v.x + c->radius >= c->w ? c->w - 1 : v.x + c->radius;
    int y1 = v.y + c->radius >= c->h ? c->h - 1 : v.y + c->radius;
    t->maps[i] = tcod_window(c, x0, y0, x1 - x0 + 1, y1 - y0 + 1);
    t->local[i] = (struct murk_pos){v.x - x0, v.y - y0};
  }
}

static void tcod_teardown(struct tcod_ctx* t) {
  for (int i = 0; i < t->nmaps; i++) TCOD_map_delete(t->maps[i]);
  free(t->maps);
  free(t->local);
  free(t->list);
}
#endif

/* ---- report --------------------------------------------------------------------------- */

enum { SQ, HEX, WHOLE, WINDOW, LISTED, NCONT };

static void row(const struct bench_case* c, const struct contestant* k) {
  printf("| %-9s | %-23s | %4d | %2d | %9.0f | %9.0f | %8.1f | %7.1f |\n", c->name, k->name,
         c->nviewers, c->radius, k->best, k->runs[ROUNDS / 2], k->visible,
         k->visible > 0 ? k->best / k->visible : 0.0);
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: fov_bench DIR (DIR holds case_a.txt and case_b.txt)\n");
    return 2;
  }
  const char* dir = argv[1];
  char path_a[4096], path_b[4096];
  snprintf(path_a, sizeof path_a, "%s/case_a.txt", dir);
  snprintf(path_b, sizeof path_b, "%s/case_b.txt", dir);
  struct bench_case cases[3];
  if (load_case(path_a, "a 36x24", 12, &cases[0]) != 0) return 1;
  if (load_case(path_b, "b 200x200", 20, &cases[1]) != 0) return 1;
  if (make_large(&cases[2]) != 0) return 1;

  printf("field of view: fastest of %d interleaved rounds (and their median), ns per call\n\n",
         ROUNDS);
  printf(
      "| case      | what                    | view |  r |   ns/call |    median |"
      " vis/call |  ns/vis |\n");
  printf(
      "|-----------|-------------------------|------|----|-----------|-----------|"
      "----------|---------|\n");
  struct contestant all[3][NCONT];
  int n = 2;
  for (int i = 0; i < 3; i++) {
    const struct bench_case* c = &cases[i];
    struct murk_ctx sq, hex;
    murk_setup(&sq, c, MURK_GRID_SQUARE);
    murk_setup(&hex, c, MURK_GRID_HEX);
    struct contestant* k = all[i];
    k[SQ] = (struct contestant){"murk square", murk_pass, &sq, 0, 0, {0}};
    k[HEX] = (struct contestant){"murk hex", murk_pass, &hex, 0, 0, {0}};
    k[SQ].visible = (double)murk_pass(&sq) / c->nviewers;
    k[HEX].visible = (double)murk_pass(&hex) / c->nviewers;
#ifdef MURK_HAVE_TCOD
    struct tcod_ctx whole, win;
    tcod_setup(&whole, c, false);
    tcod_setup(&win, c, true);
    k[WHOLE] = (struct contestant){"libtcod whole map", tcod_pass, &whole, 0, 0, {0}};
    k[WINDOW] = (struct contestant){"libtcod (2r+1)^2 window", tcod_pass, &win, 0, 0, {0}};
    k[LISTED] = (struct contestant){"libtcod window + list", tcod_pass_listed, &win, 0, 0, {0}};
    k[WHOLE].visible = (double)tcod_count(&whole) / c->nviewers;
    k[WINDOW].visible = (double)tcod_count(&win) / c->nviewers;
    k[LISTED].visible = k[WINDOW].visible;
    n = NCONT;
#endif
    race(k, n, c->nviewers);
    for (int j = 0; j < n; j++) row(c, &k[j]);
#ifdef MURK_HAVE_TCOD
    tcod_teardown(&whole);
    tcod_teardown(&win);
#endif
    murk_teardown(&sq);
    murk_teardown(&hex);
  }

  printf("\nall units of both sides on the standard table (case a: %d viewers, radius %d):\n",
         cases[0].nviewers, cases[0].radius);
  printf("  murk square %.1f us, murk hex %.1f us (target: under 100 us)\n",
         all[0][SQ].best * cases[0].nviewers / 1000.0,
         all[0][HEX].best * cases[0].nviewers / 1000.0);

  printf("\nratios per visible cell, fastest rounds (below 1: murk is cheaper)\n\n");
  if (n == NCONT) {
    printf(
        "| case      | square / libtcod whole | square / libtcod window |"
        " square / window + list | hex / square |\n");
    printf(
        "|-----------|------------------------|-------------------------|"
        "------------------------|--------------|\n");
  } else {
    printf("(libtcod was not found when this was built: install libtcod-dev and rebuild)\n\n");
    printf("| case      | hex / square |\n|-----------|--------------|\n");
  }
  for (int i = 0; i < 3; i++) {
    const struct contestant* k = all[i];
    double per[NCONT];
    for (int j = 0; j < n; j++) per[j] = k[j].visible > 0 ? k[j].best / k[j].visible : 0;
    if (n == NCONT) {
      printf("| %-9s | %22.2f | %23.2f | %22.2f | %12.2f |\n", cases[i].name, per[SQ] / per[WHOLE],
             per[SQ] / per[WINDOW], per[SQ] / per[LISTED], per[HEX] / per[SQ]);
    } else {
      printf("| %-9s | %12.2f |\n", cases[i].name, per[HEX] / per[SQ]);
    }
  }
  for (int i = 0; i < 3; i++) case_free(&cases[i]);
  return 0;
}
