/* cmd_list.c: `murk list` - the bundled missions, by file name, with their names.
 *
 * A bundled file that does not load is listed too, marked, with its problems on stderr,
 * and the exit code is 1: a broken bundled mission is a bug to notice, not to hide. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "murk/alloc.h"
#include "murk/diag.h"
#include "murk/mission.h"

static int by_name(const void* a, const void* b) {
  return strcmp(*(char* const*)a, *(char* const*)b);
}

static bool is_mission_file(const char* name) {
  size_t n = strlen(name);
  if (name[0] == '.') return false;
  return (n > 5 && strcmp(name + n - 5, ".yaml") == 0) ||
         (n > 4 && strcmp(name + n - 4, ".yml") == 0);
}

/* The mission files of dir, sorted; NULL on error. The caller frees each and the array. */
static char** mission_files(const char* dir, size_t* count) {
  DIR* d = opendir(dir);
  if (!d) return NULL;
  char** names = NULL;
  size_t n = 0, cap = 0;
  struct dirent* e;
  while ((e = readdir(d)) != NULL) {
    if (!is_mission_file(e->d_name)) continue;
    if (n == cap) {
      cap = cap ? cap * 2 : 16;
      char** nn = murk_realloc(names, cap * sizeof *nn);
      if (!nn) break;
      names = nn;
    }
    size_t len = strlen(dir) + 1 + strlen(e->d_name) + 1;
    char* path = murk_malloc(len);
    if (!path) break;
    snprintf(path, len, "%s/%s", dir, e->d_name);
    names[n++] = path;
  }
  closedir(d);
  if (n) qsort(names, n, sizeof *names, by_name);
  *count = n;
  if (!names) names = murk_calloc(1, sizeof *names);
  return names;
}

static int cmd_list_exec(int argc, char** argv) {
  (void)argv;
  if (argc > 1) return murk_cli_usage("usage: murk list (it takes no arguments)");
  const char* dir = murk_cli_data_dir();
  size_t n = 0;
  char** files = mission_files(dir, &n);
  if (!files) {
    fprintf(stderr, "murk: cannot read the mission folder %s (set MURK_DATA_DIR?)\n", dir);
    return MURK_EXIT_INVALID;
  }
  if (n == 0) {
    fprintf(stderr, "murk: no missions (*.yaml) in %s\n", dir);
    murk_free(files);
    return MURK_EXIT_INVALID;
  }
  int bad = 0;
  printf("Missions in %s:\n", dir);
  for (size_t i = 0; i < n; i++) {
    struct murk_mission* m = NULL;
    struct murk_diags d;
    if (murk_mission_load(files[i], &m, &d) != 0) {
      const char* base = strrchr(files[i], '/');
      printf("  %-16s DOES NOT LOAD: %d problem%s (murk check %s)\n", base ? base + 1 : files[i],
             d.count + d.dropped, d.count + d.dropped == 1 ? "" : "s", files[i]);
      murk_cli_print_diags(&d, stderr);
      bad++;
    } else {
      if (m->source[0])
        printf("  %-16s %s (seed %s)\n", m->id, m->name, m->source);
      else
        printf("  %-16s %s\n", m->id, m->name);
      murk_mission_free(m);
    }
    murk_free(files[i]);
  }
  murk_free(files);
  fflush(stdout);
  return bad ? MURK_EXIT_INVALID : MURK_EXIT_OK;
}

const struct murk_cmd_entry murk_cmd_list_entry = {
    .name = "list",
    .usage = "",
    .about = "the bundled missions",
    .exec = cmd_list_exec,
};
