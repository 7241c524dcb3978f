/* cmd_list.c: `murk list` - the bundled missions, by file name, with their names.
 *
 * A bundled file that does not load is listed too, marked, with its problems on stderr,
 * and the exit code is 1: a broken bundled mission is a bug to notice, not to hide. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "missions.h"
#include "murk/alloc.h"
#include "murk/diag.h"
#include "murk/mission.h"
#include "text.h"

static int cmd_list_exec(const struct murk_args* a) {
  (void)a;
  const char* dir = murk_cli_data_dir();
  char id[4 * MURK_NAME], esc[4 * 1024];
  size_t n = 0;
  char** files = murk_cli_mission_files(dir, &n);
  if (!files) return murk_cli_error("cannot read the mission folder %s (set MURK_DATA_DIR?)", dir);
  if (n == 0) {
    murk_cli_mission_files_free(files, n);
    return murk_cli_error("no missions (*.yaml) in %s", dir);
  }
  /* Loaded first, so the names line up after the longest id. */
  struct murk_mission** ms = murk_calloc(n, sizeof *ms);
  if (!ms) {
    murk_cli_mission_files_free(files, n);
    return murk_cli_error("out of memory");
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
  printf("Missions in %s:\n", murk_cli_escape(dir, esc, sizeof esc));
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
    if (m->source[0]) printf(" (seed %s)", murk_cli_escape(m->source, esc, sizeof esc));
    putchar('\n');
  }
  for (size_t i = 0; i < n; i++) murk_mission_free(ms[i]);
  murk_free(ms);
  murk_cli_mission_files_free(files, n);
  fflush(stdout);
  return bad ? MURK_EXIT_INVALID : MURK_EXIT_OK;
}

const struct murk_cmd_entry murk_cmd_list_entry = {
    .name = "list",
    .usage = "",
    .about = "the bundled missions",
    .args = {"", 0, 0},
    .exec = cmd_list_exec,
};
