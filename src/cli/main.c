/* main.c: build/murk's entry point and command table. */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "sodium.h"
#include "text.h"

#ifndef MURK_VERSION
#define MURK_VERSION "unknown"
#endif

static const struct murk_cmd_entry* const cmd_table[] = {
    &murk_cmd_list_entry, &murk_cmd_check_entry,  &murk_cmd_show_entry,  &murk_cmd_play_entry,
    &murk_cmd_run_entry,  &murk_cmd_replay_entry, &murk_cmd_saves_entry, &murk_cmd_sim_entry,
    &murk_cmd_host_entry, &murk_cmd_join_entry,
};
#define CMD_COUNT (sizeof cmd_table / sizeof cmd_table[0])

static void say(const char* prefix, const char* fmt, va_list ap) {
  char msg[8192], esc[4 * sizeof msg];
  vsnprintf(msg, sizeof msg, fmt, ap);
  fprintf(stderr, "%s%s\n", prefix, murk_cli_escape(msg, esc, sizeof esc));
}

void murk_cli_diag(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  say("", fmt, ap);
  va_end(ap);
}

int murk_cli_usage(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  say("murk: ", fmt, ap);
  va_end(ap);
  return MURK_EXIT_USAGE;
}

int murk_cli_error(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  say("murk: ", fmt, ap);
  va_end(ap);
  return MURK_EXIT_INVALID;
}

#ifndef MURK_DEFAULT_DATA_DIR
#define MURK_DEFAULT_DATA_DIR "data/missions"
#endif

static bool is_dir(const char* p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The folder the running program is in ("" if the system does not say). */
static const char* exe_dir(void) {
  static char dir[PATH_MAX];
  if (!dir[0] && realpath("/proc/self/exe", dir)) {
    char* slash = strrchr(dir, '/');
    if (slash) *slash = '\0';
  }
  return dir;
}

const char* murk_cli_data_dir(void) {
  const char* env = getenv("MURK_DATA_DIR");
  if (env && *env) return env;
#if defined(MURK_INSTALL_DATA_REL) || defined(MURK_BUILD_DIR)
  const char* exe = exe_dir();
#endif
#ifdef MURK_INSTALL_DATA_REL
  static char installed[PATH_MAX];
  /* An installed murk: PREFIX/bin/murk finds PREFIX/share/murk/missions, wherever the
   * prefix was moved to (never the build tree's path). */
  if (exe[0]) {
    char joined[PATH_MAX + 64];
    snprintf(joined, sizeof joined, "%s/%s", exe, MURK_INSTALL_DATA_REL);
    if (is_dir(joined) && realpath(joined, installed)) return installed;
  }
#endif
#ifdef MURK_BUILD_DIR
  /* The program in its build folder reads the source tree's missions. */
  char build[PATH_MAX];
  if (exe[0] && realpath(MURK_BUILD_DIR, build) && strcmp(exe, build) != 0) return "data/missions";
#endif
  if (is_dir(MURK_DEFAULT_DATA_DIR)) return MURK_DEFAULT_DATA_DIR;
  return "data/missions";
}

const char* murk_cli_user_dir(void) {
  static char dir[PATH_MAX + 64];
  const char* xdg = getenv("XDG_DATA_HOME");
  const char* home = getenv("HOME");
  /* XDG: a relative XDG_DATA_HOME is to be ignored. */
  if (xdg && xdg[0] == '/')
    snprintf(dir, sizeof dir, "%s/murk/missions", xdg);
  else if (home && *home)
    snprintf(dir, sizeof dir, "%s/.local/share/murk/missions", home);
  else
    return NULL;
  return dir;
}

static void print_help(FILE* f) {
  fputs("usage: murk COMMAND [ARGS]\n\ncommands:\n", f);
  for (size_t i = 0; i < CMD_COUNT; i++)
    fprintf(f, "  %-8s %s\n", cmd_table[i]->name, cmd_table[i]->about);
  fputs(
      "\n'murk help COMMAND' (or 'murk COMMAND --help') shows a command's arguments.\n"
      "'murk --version' prints the version.\n"
      "exit codes: 0 ok, 1 invalid input, 2 usage\n",
      f);
}

/* The entry called name; NULL after saying so (with the nearest name, if one is close). */
static const struct murk_cmd_entry* find_command(const char* name) {
  const char* names[CMD_COUNT];
  for (size_t i = 0; i < CMD_COUNT; i++) {
    if (strcmp(cmd_table[i]->name, name) == 0) return cmd_table[i];
    names[i] = cmd_table[i]->name;
  }
  const char* near = murk_cli_nearest(name, names, CMD_COUNT);
  if (near)
    murk_cli_usage("unknown command '%s' (did you mean '%s'?)", name, near);
  else
    murk_cli_usage("unknown command '%s' (try 'murk help')", name);
  return NULL;
}

/* Whatever a command printed must have reached stdout: a full disk or a closed pipe is an
 * error (exit 1 with a message), never a silent success. */
static int stdout_checked(int code) {
  errno = 0;
  if (fflush(stdout) != 0 || ferror(stdout)) {
    int e = errno;
    fprintf(stderr, "murk: cannot write the output: %s\n", e ? strerror(e) : "write error");
    return code == MURK_EXIT_OK ? MURK_EXIT_INVALID : code;
  }
  return code;
}

static int run_main(int argc, char** argv);

int main(int argc, char** argv) {
  return stdout_checked(run_main(argc, argv));
}

static int run_main(int argc, char** argv) {
  /* A file-size limit (ulimit -f) must not kill murk in the middle of a save: ignored, the
   * write that would pass it fails with EFBIG, which every save path reports and survives
   * (docs/reliability.md, "When a save cannot be written"). */
  signal(SIGXFSZ, SIG_IGN);
  /* libsodium: the system's random source for live games and sealed saves. */
  if (sodium_init() < 0) return murk_cli_error("cannot start libsodium (no random source?)");
  if (argc < 2) {
    print_help(stderr);
    return MURK_EXIT_USAGE;
  }
  const char* name = argv[1];
  if (strcmp(name, "--version") == 0) {
    printf("murk %s\n", MURK_VERSION);
    return MURK_EXIT_OK;
  }
  if (strcmp(name, "help") == 0 || strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
    if (argc == 2 || strcmp(argv[2], "help") == 0) {
      print_help(stdout);
      return MURK_EXIT_OK;
    }
    if (argc > 3) return murk_cli_usage("usage: murk help [COMMAND]");
    const struct murk_cmd_entry* e = find_command(argv[2]);
    if (!e) return MURK_EXIT_USAGE;
    murk_args_print_help(e, stdout);
    return MURK_EXIT_OK;
  }
  const struct murk_cmd_entry* e = find_command(name);
  if (!e) return MURK_EXIT_USAGE;
  struct murk_args args;
  int code;
  if (murk_args_parse(e, argc - 1, argv + 1, &args, &code) != 0) return code;
  return e->exec(&args);
}
