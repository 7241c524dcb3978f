/* cli.h: the command table of build/murk (tmux style: one file per command, one entry
 * each in the table of main.c).
 *
 * Exit codes, the same for every subcommand: 0 ok, 1 invalid input, 2 usage. */
#ifndef MURK_CLI_H
#define MURK_CLI_H

#include <stdio.h>

#include "args.h"

enum { MURK_EXIT_OK = 0, MURK_EXIT_INVALID = 1, MURK_EXIT_USAGE = 2 };

struct murk_cmd_entry {
  const char* name;
  const char* usage; /* the arguments; one line per form of the command */
  const char* about; /* one line */
  const char* help;  /* more lines for `murk help NAME`, or NULL */
  struct murk_args_template args;
  /* Runs with the arguments parsed by .args. Returns an exit code. */
  int (*exec)(const struct murk_args* args);
};

extern const struct murk_cmd_entry murk_cmd_check_entry;
extern const struct murk_cmd_entry murk_cmd_list_entry;
extern const struct murk_cmd_entry murk_cmd_show_entry;
extern const struct murk_cmd_entry murk_cmd_play_entry;
extern const struct murk_cmd_entry murk_cmd_run_entry;
extern const struct murk_cmd_entry murk_cmd_replay_entry;
extern const struct murk_cmd_entry murk_cmd_saves_entry;
extern const struct murk_cmd_entry murk_cmd_sim_entry;
extern const struct murk_cmd_entry murk_cmd_host_entry;
extern const struct murk_cmd_entry murk_cmd_join_entry;

/* Print "murk: <message>" to stderr, escaped (text.h: the message may quote a file or an
 * argument); murk_cli_usage returns MURK_EXIT_USAGE, murk_cli_error MURK_EXIT_INVALID. */
int murk_cli_usage(const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
int murk_cli_error(const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* One line on stderr as it is formatted, escaped: FILE:LINE:COL: error: ... lines. */
void murk_cli_diag(const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Print a loader's problems, one FILE:LINE:COL: error: line each (cmd_check.c). */
struct murk_diags;
void murk_cli_print_diags(const struct murk_diags* d, FILE* f);

/* The folder of bundled missions: $MURK_DATA_DIR; else, for an installed murk,
 * PREFIX/share/murk/missions found from the program's own place; else, for the program in
 * its build folder, the source tree's data/missions (compiled in); else ./data/missions. */
const char* murk_cli_data_dir(void);

/* The user's own missions: $XDG_DATA_HOME/murk/missions (an absolute XDG_DATA_HOME), else
 * ~/.local/share/murk/missions; NULL without a home. The folder need not exist. */
const char* murk_cli_user_dir(void);

#endif
