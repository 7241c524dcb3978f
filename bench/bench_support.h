/* bench_support.h: what the benchmarks share: loading a mission, counting its teams, and
 * finding the bundled mission with the most teams (the "largest": most bundled tables are
 * 36x24, so the size of the table tells them apart less than the forces do). */
#ifndef MURK_BENCH_SUPPORT_H
#define MURK_BENCH_SUPPORT_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "murk/diag.h"
#include "murk/error.h"
#include "murk/mission.h"

/* The mission at path, or NULL (the diagnostics are large: on the heap). */
static inline struct murk_mission* bench_load(const char* path) {
  struct murk_mission* m = NULL;
  struct murk_diags* d = calloc(1, sizeof *d);
  if (!d) return NULL;
  murk_diags_init(d, path);
  if (murk_mission_load(path, &m, d) != MURK_OK) m = NULL;
  free(d);
  return m;
}

static inline int bench_teams(const struct murk_mission* m) {
  int n = 0;
  for (int s = 0; s < MURK_SIDES; s++)
    for (int i = 0; i < m->sides[s].force.nplatoons; i++) n += m->sides[s].force.platoons[i].nteams;
  return n;
}

/* The path of the mission of `dir` with the most teams (ties: the first by name) into out.
 * Returns 0, or -1 when the folder holds no mission that loads. */
static inline int bench_largest(const char* dir, char* out, size_t n) {
  DIR* d = opendir(dir);
  if (!d) return -1;
  int best = -1;
  char bestname[256] = "";
  struct dirent* e;
  while ((e = readdir(d))) {
    size_t len = strlen(e->d_name);
    if (len < 6 || len >= sizeof bestname || strcmp(e->d_name + len - 5, ".yaml") != 0) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    struct murk_mission* m = bench_load(path);
    if (!m) continue;
    int t = bench_teams(m);
    if (t > best || (t == best && strcmp(e->d_name, bestname) < 0)) {
      best = t;
      snprintf(bestname, sizeof bestname, "%s", e->d_name);
    }
    murk_mission_free(m);
  }
  closedir(d);
  if (best < 0) return -1;
  snprintf(out, n, "%s/%s", dir, bestname);
  return 0;
}

#endif
