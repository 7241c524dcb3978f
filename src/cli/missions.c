/* missions.c: how the command line finds a mission (missions.h). */
#include "missions.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "murk/alloc.h"
#include "text.h"

static bool is_file(const char* p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_mission_file(const char* name) {
  size_t n = strlen(name);
  if (name[0] == '.') return false;
  return (n > 5 && strcmp(name + n - 5, ".yaml") == 0) ||
         (n > 4 && strcmp(name + n - 4, ".yml") == 0);
}

bool murk_cli_mission_find(const char* name, const char* near, char* out, size_t n) {
  if (!*name) return false;
  /* A relative name in a save or script is relative to that file's own folder first (the
   * save was written there, wherever murk runs now), then to the working directory. */
  const char* slash = near ? strrchr(near, '/') : NULL;
  if (slash && name[0] != '/') {
    int len = snprintf(out, n, "%.*s/%s", (int)(slash - near), near, name);
    if (len > 0 && (size_t)len < n && is_file(out)) return true;
  }
  if (is_file(name)) {
    snprintf(out, n, "%s", name);
    return true;
  }
  if (strchr(name, '/')) return false;
  static const char* const ext[] = {".yaml", ".yml"};
  const char* dirs[2] = {murk_cli_data_dir(), murk_cli_user_dir()};
  for (size_t d = 0; d < 2; d++) {
    for (size_t i = 0; dirs[d] && i < sizeof ext / sizeof ext[0]; i++) {
      int len = snprintf(out, n, "%s/%s%s", dirs[d], name, ext[i]);
      if (len > 0 && (size_t)len < n && is_file(out)) return true;
    }
  }
  return false;
}

void murk_cli_mission_not_found(const char* name) {
  const char* dirs[2] = {murk_cli_data_dir(), murk_cli_user_dir()};
  char near[256] = "";
  size_t count[2] = {0, 0};
  char** files[2] = {NULL, NULL};
  for (int d = 0; d < 2; d++)
    if (dirs[d] && !strchr(name, '/')) files[d] = murk_cli_mission_files(dirs[d], &count[d]);
  /* The ids of both folders: the file names without folder and extension. */
  const char** ids = murk_calloc(count[0] + count[1] + 1, sizeof *ids);
  size_t nids = 0;
  for (int d = 0; d < 2 && ids; d++) {
    for (size_t i = 0; i < count[d]; i++) {
      char* base = strrchr(files[d][i], '/') + 1;
      *strrchr(base, '.') = '\0';
      ids[nids++] = base;
    }
  }
  const char* best = ids && nids ? murk_cli_nearest(name, ids, nids) : NULL;
  if (best) snprintf(near, sizeof near, "; did you mean '%s'?", best);
  murk_free(ids);
  if (dirs[1])
    murk_cli_error("no mission '%s' (neither a file nor a mission in %s or %s)%s", name, dirs[0],
                   dirs[1], near);
  else
    murk_cli_error("no mission '%s' (neither a file nor a bundled mission in %s)%s", name, dirs[0],
                   near);
  for (int d = 0; d < 2; d++) murk_cli_mission_files_free(files[d], count[d]);
}

static int by_name(const void* a, const void* b) {
  return strcmp(*(char* const*)a, *(char* const*)b);
}

char** murk_cli_mission_files(const char* dir, size_t* count) {
  *count = 0;
  DIR* d = opendir(dir);
  if (!d) return NULL;
  char** names = murk_calloc(1, sizeof *names);
  size_t n = 0, cap = 1;
  struct dirent* e;
  while (names && (e = readdir(d)) != NULL) {
    if (!is_mission_file(e->d_name)) continue;
    if (n + 1 >= cap) {
      char** more = murk_realloc(names, cap * 2 * sizeof *more);
      if (!more) goto oom;
      names = more;
      cap *= 2;
    }
    size_t len = strlen(dir) + 1 + strlen(e->d_name) + 1;
    names[n] = murk_malloc(len);
    if (!names[n]) goto oom;
    snprintf(names[n], len, "%s/%s", dir, e->d_name);
    names[++n] = NULL;
  }
  closedir(d);
  if (n) qsort(names, n, sizeof *names, by_name);
  *count = n;
  return names;
oom:
  closedir(d);
  murk_cli_mission_files_free(names, n);
  return NULL;
}

void murk_cli_mission_files_free(char** files, size_t count) {
  if (!files) return;
  for (size_t i = 0; i < count; i++) murk_free(files[i]);
  murk_free(files);
}
