/* cmd_check.c: `murk check FILE...` - validate mission files.
 *
 * One line on stdout per valid file, FILE:LINE:COL: error: lines on stderr for each
 * problem of an invalid one. Exit 0 if every file is valid, 1 if any is not, 2 on usage. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "murk/diag.h"
#include "murk/mission.h"

void murk_cli_print_diags(const struct murk_diags* d, FILE* f) {
  char line[MURK_DIAG_MSG + 300];
  for (int i = 0; i < d->count; i++) {
    murk_diags_format(d, i, line, sizeof line);
    fprintf(f, "%s\n", line);
  }
  if (d->dropped > 0)
    fprintf(f, "%s: error: %d more problem%s not shown (fix these first)\n", d->file, d->dropped,
            d->dropped == 1 ? "" : "s");
}

static int cmd_check_exec(int argc, char** argv) {
  if (argc < 2) return murk_cli_usage("usage: murk check FILE...");
  int bad = 0;
  for (int i = 1; i < argc; i++) {
    struct murk_mission* m = NULL;
    struct murk_diags d;
    if (murk_mission_load(argv[i], &m, &d) != 0) {
      murk_cli_print_diags(&d, stderr);
      bad++;
      continue;
    }
    char summary[256];
    murk_mission_summary(m, summary, sizeof summary);
    printf("%s: ok: %s\n", argv[i], summary);
    murk_mission_free(m);
  }
  fflush(stdout);
  return bad ? MURK_EXIT_INVALID : MURK_EXIT_OK;
}

const struct murk_cmd_entry murk_cmd_check_entry = {
    .name = "check",
    .usage = "FILE...",
    .about = "validate mission files (exit 1 on any error)",
    .exec = cmd_check_exec,
};
