/* cmd_play.c: `murk play` - the hot-seat table. Until the terminal front-end is built it
 * lists the missions and says so. */
#include <stdio.h>

#include "cli.h"

static int cmd_play_exec(int argc, char** argv) {
  (void)argc;
  (void)argv;
  char* list_argv[] = {"list", NULL};
  int rc = murk_cmd_list_entry.exec(1, list_argv);
  fputs("\nmurk: the table view is not built yet; missions can be checked with 'murk check'.\n",
        stdout);
  return rc;
}

const struct murk_cmd_entry murk_cmd_play_entry = {
    .name = "play",
    .usage = "[MISSION] [--seed N] | --load SAVE",
    .about = "hot-seat game at this terminal",
    .exec = cmd_play_exec,
};
