/* missions.c: how the command line finds a mission (missions.h). */
#include "missions.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "args.h"
#include "cli.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/mission.h"
#include "murk/rules.h"
#include "murk/suggest.h"
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

int murk_cli_with_list(const struct murk_args* a, char* buf, size_t n) {
  size_t len = 0;
  buf[0] = '\0';
  const char* names[MURK_RULE_COUNT];
  for (int r = 0; r < MURK_RULE_COUNT; r++) names[r] = murk_rule_name((enum murk_rule_id)r);
  for (int i = 0; i < murk_args_count(a, "with"); i++) {
    const char* v = murk_args_value(a, "with", i);
    while (v && *v) {
      size_t skip = strspn(v, " ,"), k = strcspn(v + skip, " ,");
      const char* w = v + skip;
      v = w + k;
      if (k == 0) continue;
      char word[48];
      snprintf(word, sizeof word, "%.*s", (int)(k < 47 ? k : 47), w);
      if (murk_rule_lookup(word) == MURK_RULE_COUNT) {
        const char* near = murk_suggest(w, k, names, MURK_RULE_COUNT);
        if (near)
          return murk_args_error(a, "--with: no rule '%s' (did you mean '%s'?)", word, near);
        return murk_args_error(a, "--with: no rule '%s' (the rules: docs/rules.md)", word);
      }
      int got = snprintf(buf + len, len < n ? n - len : 0, "%s%s", len ? " " : "", word);
      if (got > 0) len += (size_t)got;
      if (len >= n) return murk_args_error(a, "--with: too many rules");
    }
  }
  return 0;
}

int murk_cli_with_add(struct murk_mission* m, const char* list, const char* from) {
  if (!list || !*list) return 0;
  char err[400];
  if (murk_mission_add_rules(m, list, err, sizeof err) == MURK_OK) return 0;
  return murk_cli_error("%s: %s", from, err);
}
