/* cmd_saves.c: `murk saves` - the games kept in the state directory (games.h), newest
 * first: file, mission, turn, side to act, open or sealed, seats, last played. A sealed save's
 * line comes from its public header alone: no passphrase is asked for. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "games.h"
#include "murk/alloc.h"
#include "text.h"

static int cmd_saves_exec(const struct murk_args* a) {
  (void)a;
  char dir[PATH_MAX - 64];
  if (murk_state_dir(dir, sizeof dir) != 0)
    return murk_cli_error("no state directory (set HOME or XDG_STATE_HOME)");
  struct murk_saved_game* list = NULL;
  size_t n = 0;
  if (murk_saved_games(dir, &list, &n) != 0) {
    fprintf(stderr, "murk: out of memory\n");
    return MURK_EXIT_INVALID;
  }
  char edir[4 * sizeof dir];
  murk_cli_escape(dir, edir, sizeof edir);
  if (n == 0) {
    printf("no saved games in %s\n", edir);
    murk_free(list);
    return MURK_EXIT_OK;
  }
  printf("%-28s %-24s %5s %-9s %-7s %-11s %s\n", "FILE", "MISSION", "TURN", "TO ACT", "SAVE",
         "SEATS", "LAST PLAYED");
  for (size_t i = 0; i < n; i++) {
    const struct murk_saved_game* sg = &list[i];
    const char* b = strrchr(sg->path, '/');
    /* File names and mission names are data (text.h): escaped, then padded. */
    char base[4 * NAME_MAX + 1], mission[25], emission[4 * sizeof mission];
    murk_cli_escape(b ? b + 1 : sg->path, base, sizeof base);
    snprintf(mission, sizeof mission, "%.24s", sg->mission);
    murk_cli_escape(mission, emission, sizeof emission);
    char when[32];
    struct tm tm;
    strftime(when, sizeof when, "%Y-%m-%d %H:%M", localtime_r(&sg->mtime, &tm));
    if (!sg->ok) {
      char eproblem[4 * sizeof sg->problem];
      printf("%-28s (%s)\n", base, murk_cli_escape(sg->problem, eproblem, sizeof eproblem));
      continue;
    }
    char turn[16];
    if (sg->turn > 0)
      snprintf(turn, sizeof turn, "%d", sg->turn);
    else
      snprintf(turn, sizeof turn, "setup");
    /* Rules the game was started with (murk play --with), after the date: columns kept. */
    printf("%-28s %-24s %5s %-9s %-7s %-11s %s%s%s\n", base, emission, turn,
           sg->over ? "(over)" : sg->to_act, sg->sealed ? "sealed" : "open", sg->seats, when,
           sg->with[0] ? "  with " : "", sg->with);
  }
  printf("go on with one: murk play --load %s/FILE\n", edir);
  murk_free(list);
  return MURK_EXIT_OK;
}

const struct murk_cmd_entry murk_cmd_saves_entry = {
    .name = "saves",
    .usage = "",
    .about =
        "list the games murk play keeps (mission, turn, side to act, sealed or open, seats, "
        "rules added)",
    .help = "The games murk play keeps in its state directory, newest first.\n",
    .args = {"", 0, 0},
    .exec = cmd_saves_exec,
};
