/* main.c: build/murk's entry point and command table. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "sodium.h"

static const struct murk_cmd_entry* const cmd_table[] = {
    &murk_cmd_list_entry,   &murk_cmd_check_entry, &murk_cmd_play_entry, &murk_cmd_run_entry,
    &murk_cmd_replay_entry, &murk_cmd_saves_entry, &murk_cmd_sim_entry,
};
#define CMD_COUNT (sizeof cmd_table / sizeof cmd_table[0])

int murk_cli_usage(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("murk: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return MURK_EXIT_USAGE;
}

#ifndef MURK_DEFAULT_DATA_DIR
#define MURK_DEFAULT_DATA_DIR "data/missions"
#endif

const char* murk_cli_data_dir(void) {
  const char* env = getenv("MURK_DATA_DIR");
  if (env && *env) return env;
  struct stat st;
  if (stat(MURK_DEFAULT_DATA_DIR, &st) == 0 && S_ISDIR(st.st_mode)) return MURK_DEFAULT_DATA_DIR;
  return "data/missions";
}

static void print_help(FILE* f) {
  fputs("usage: murk COMMAND [ARGS]\n\ncommands:\n", f);
  for (size_t i = 0; i < CMD_COUNT; i++)
    fprintf(f, "  %-8s %-44s %s\n", cmd_table[i]->name, cmd_table[i]->usage, cmd_table[i]->about);
  fputs("\nexit codes: 0 ok, 1 invalid input, 2 usage\n", f);
}

int main(int argc, char** argv) {
  /* libsodium: the system's random source for live games and sealed saves. */
  if (sodium_init() < 0) {
    fprintf(stderr, "murk: cannot start libsodium (no random source?)\n");
    return MURK_EXIT_INVALID;
  }
  if (argc < 2) {
    print_help(stderr);
    return MURK_EXIT_USAGE;
  }
  const char* name = argv[1];
  if (strcmp(name, "help") == 0 || strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
    print_help(stdout);
    return MURK_EXIT_OK;
  }
  for (size_t i = 0; i < CMD_COUNT; i++)
    if (strcmp(cmd_table[i]->name, name) == 0) return cmd_table[i]->exec(argc - 1, argv + 1);
  murk_cli_usage("unknown command '%s' (try 'murk help')", name);
  return MURK_EXIT_USAGE;
}
