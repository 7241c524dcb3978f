/* cmd_check.c: `murk check FILE...` - validate mission files.
 *
 * One line on stdout per valid file, FILE:LINE:COL: error: lines on stderr for each
 * problem of an invalid one. Exit 0 if every file is valid, 1 if any is not, 2 on usage. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "murk/diag.h"
#include "murk/mission.h"
#include "text.h"

/* A diagnostic quotes the file: its name and the text at fault are escaped (text.h). */
void murk_cli_print_diags(const struct murk_diags* d, FILE* f) {
  char line[MURK_DIAG_MSG + 300], esc[4 * sizeof line];
  for (int i = 0; i < d->count; i++) {
    murk_diags_format(d, i, line, sizeof line);
    fprintf(f, "%s\n", murk_cli_escape(line, esc, sizeof esc));
  }
  if (d->dropped > 0)
    fprintf(f, "%s: error: %d more problem%s not shown (fix these first)\n",
            murk_cli_escape(d->file, esc, sizeof esc), d->dropped, d->dropped == 1 ? "" : "s");
}

static int cmd_check_exec(const struct murk_args* a) {
  int bad = 0;
  for (int i = 0; i < a->argc; i++) {
    struct murk_mission* m = NULL;
    struct murk_diags d;
    if (murk_mission_load(a->argv[i], &m, &d) != 0) {
      murk_cli_print_diags(&d, stderr);
      bad++;
      continue;
    }
    char summary[256], line[4096], esc[4 * sizeof line];
    murk_mission_summary(m, summary, sizeof summary);
    snprintf(line, sizeof line, "%s: ok: %s", a->argv[i], summary);
    printf("%s\n", murk_cli_escape(line, esc, sizeof esc));
    murk_mission_free(m);
  }
  fflush(stdout);
  return bad ? MURK_EXIT_INVALID : MURK_EXIT_OK;
}

const struct murk_cmd_entry murk_cmd_check_entry = {
    .name = "check",
    .usage = "FILE...",
    .about = "validate mission files (exit 1 on any error)",
    .args = {"", 1, -1},
    .exec = cmd_check_exec,
};
