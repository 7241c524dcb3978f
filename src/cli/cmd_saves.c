/* cmd_saves.c: `murk saves` - the games kept in the state directory (games.h), newest
 * first: file, mission, turn, side to act, open or sealed, last played. A sealed save's
 * line comes from its public header alone: no passphrase is asked for. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "games.h"
#include "murk/alloc.h"

static int cmd_saves_exec(int argc, char** argv) {
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
      puts("usage: murk saves\nThe games murk play keeps in its state directory, newest first.");
      return MURK_EXIT_OK;
    }
    murk_cli_usage("unexpected argument '%s'", argv[i]);
    fputs("usage: murk saves\n", stderr);
    return MURK_EXIT_USAGE;
  }
  char dir[PATH_MAX - 64];
  if (murk_state_dir(dir, sizeof dir) != 0) {
    fprintf(stderr, "murk: no state directory (set HOME or XDG_STATE_HOME)\n");
    return MURK_EXIT_INVALID;
  }
  struct murk_saved_game* list = NULL;
  size_t n = 0;
  if (murk_saved_games(dir, &list, &n) != 0) {
    fprintf(stderr, "murk: out of memory\n");
    return MURK_EXIT_INVALID;
  }
  if (n == 0) {
    printf("no saved games in %s\n", dir);
    murk_free(list);
    return MURK_EXIT_OK;
  }
  printf("%-28s %-24s %5s %-9s %-7s %s\n", "FILE", "MISSION", "TURN", "TO ACT", "SAVE",
         "LAST PLAYED");
  for (size_t i = 0; i < n; i++) {
    const struct murk_saved_game* sg = &list[i];
    const char* base = strrchr(sg->path, '/');
    base = base ? base + 1 : sg->path;
    char when[32];
    struct tm tm;
    strftime(when, sizeof when, "%Y-%m-%d %H:%M", localtime_r(&sg->mtime, &tm));
    if (!sg->ok) {
      printf("%-28s (%s)\n", base, sg->problem);
      continue;
    }
    char turn[16];
    if (sg->turn > 0)
      snprintf(turn, sizeof turn, "%d", sg->turn);
    else
      snprintf(turn, sizeof turn, "setup");
    printf("%-28s %-24.24s %5s %-9s %-7s %s\n", base, sg->mission, turn,
           sg->over ? "(over)" : sg->to_act, sg->sealed ? "sealed" : "open", when);
  }
  printf("go on with one: murk play --load %s/FILE\n", dir);
  murk_free(list);
  return MURK_EXIT_OK;
}

const struct murk_cmd_entry murk_cmd_saves_entry = {
    .name = "saves",
    .usage = "",
    .about = "list the games murk play keeps (mission, turn, side to act, sealed or open)",
    .exec = cmd_saves_exec,
};
