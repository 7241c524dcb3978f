/* cmd_list.c: `murk list` - the bundled missions, by file name, with their names and
 * one line each, then the user's own ($XDG_DATA_HOME/murk/missions) if there are any.
 *
 * A bundled file that does not load is listed too, marked, with its problems on stderr,
 * and the exit code is 1: a broken bundled mission is a bug to notice, not to hide. One of
 * the user's own is marked and warned of, and the exit code stays 0. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "missions.h"
#include "murk/alloc.h"
#include "murk/diag.h"
#include "murk/mission.h"
#include "text.h"

/* One folder's missions, ids padded to `width` (at least); returns how many did not load,
 * or -1 if the folder cannot be read. `shadow`: the folder whose ids win over these. */
static int list_dir(const char* dir, const char* title, const char* shadow, bool quiet_missing) {
  char id[4 * MURK_NAME], esc[4 * 1024];
  size_t n = 0;
  char** files = murk_cli_mission_files(dir, &n);
  if (!files) {
    if (quiet_missing) return 0;
    murk_cli_error("cannot read the mission folder %s (set MURK_DATA_DIR?)", dir);
    return -1;
  }
  if (n == 0) {
    murk_cli_mission_files_free(files, n);
    if (quiet_missing) return 0;
    murk_cli_error("no missions (*.yaml) in %s", dir);
    return -1;
  }
  /* Loaded first, so the names line up after the longest id. */
  struct murk_mission** ms = murk_calloc(n, sizeof *ms);
  if (!ms) {
    murk_cli_mission_files_free(files, n);
    murk_cli_error("out of memory");
    return -1;
  }
  /* Ids (or file names) padded to the longest, as the terminal shows them: escaped. */
  int width = 16;
  for (size_t i = 0; i < n; i++) {
    struct murk_diags d;
    const char* base = strrchr(files[i], '/') + 1;
    (void)murk_mission_load(files[i], &ms[i], &d);
    int w = (int)strlen(murk_cli_escape(ms[i] ? ms[i]->id : base, id, sizeof id));
    if (w > width) width = w;
  }
  int bad = 0;
  printf("%s in %s:\n", title, murk_cli_escape(dir, esc, sizeof esc));
  for (size_t i = 0; i < n; i++) {
    const struct murk_mission* m = ms[i];
    if (!m) {
      struct murk_diags d;
      (void)murk_mission_load(files[i], &ms[i], &d);
      int problems = d.count + d.dropped;
      printf("  %-*s DOES NOT LOAD: %d problem%s (murk check %s)\n", width,
             murk_cli_escape(strrchr(files[i], '/') + 1, id, sizeof id), problems,
             problems == 1 ? "" : "s", murk_cli_escape(files[i], esc, sizeof esc));
      murk_cli_print_diags(&d, stderr);
      bad++;
      continue;
    }
    printf("  %-*s %s", width, murk_cli_escape(m->id, id, sizeof id),
           murk_cli_escape(m->name, esc, sizeof esc));
    /* The mission's own line, else the rules it follows (docs/mission-format.md). */
    if (m->summary[0])
      printf(": %s", murk_cli_escape(m->summary, esc, sizeof esc));
    else if (m->source[0])
      printf(" (after %s)", murk_cli_escape(m->source, esc, sizeof esc));
    /* Missions that see double-blind are marked: every other plays the texts' open table,
     * and double_blind may be added to any when a game starts (murk play --with). */
    if (murk_mission_rule_on(m, MURK_RULE_DOUBLE_BLIND)) printf(" [double_blind]");
    char found[4096];
    if (shadow && murk_cli_mission_find(m->id, NULL, found, sizeof found) &&
        strncmp(found, shadow, strlen(shadow)) == 0)
      printf(" [hidden by the bundled '%s']", murk_cli_escape(m->id, id, sizeof id));
    putchar('\n');
  }
  for (size_t i = 0; i < n; i++) murk_mission_free(ms[i]);
  murk_free(ms);
  murk_cli_mission_files_free(files, n);
  return bad;
}

static int cmd_list_exec(const struct murk_args* a) {
  (void)a;
  const char* dir = murk_cli_data_dir();
  int bad = list_dir(dir, "Missions", NULL, false);
  if (bad < 0) return MURK_EXIT_INVALID;
  /* The user's own missions, when there are any. */
  const char* user = murk_cli_user_dir();
  if (user && strcmp(user, dir) != 0) {
    struct stat st;
    if (stat(user, &st) == 0 && S_ISDIR(st.st_mode)) {
      putchar('\n');
      /* One of the user's own that does not load is theirs to mend: warned, and the rest
       * stay listed, exit 0. */
      int ubad = list_dir(user, "Your missions", dir, true);
      if (ubad > 0)
        fprintf(stderr, "murk: warning: %d of your missions do%s not load (murk check FILE)\n",
                ubad, ubad == 1 ? "es" : "");
    }
  }
  fflush(stdout);
  return bad ? MURK_EXIT_INVALID : MURK_EXIT_OK;
}

const struct murk_cmd_entry murk_cmd_list_entry = {
    .name = "list",
    .usage = "",
    .about =
        "the bundled missions and your own, one line each ([double_blind]: seen only in "
        "sight)",
    .args = {"", 0, 0},
    .exec = cmd_list_exec,
};
