/* cmd_check.c: `murk check MISSION...` - validate mission files (or bundled missions, by id).
 *
 * One line on stdout per valid file, FILE:LINE:COL: error: lines on stderr for each problem
 * of an invalid one. Exit 0 if every file is valid, 1 if any is not, 2 on usage. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "missions.h"
#include "murk/diag.h"
#include "murk/error.h"
#include "murk/mission.h"
#include "murk/playable.h"
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

/* The bytes of the file at path (NUL-terminated, at most a mission's size), for the places
 * of keys; NULL when it cannot be read again. Free with free(). */
static char* read_text(const char* path, size_t* len) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  char* buf = malloc(MURK_MISSION_MAX_BYTES + 1);
  size_t n = buf ? fread(buf, 1, MURK_MISSION_MAX_BYTES + 1, f) : 0;
  fclose(f);
  if (!buf || n > MURK_MISSION_MAX_BYTES) {
    free(buf);
    return NULL;
  }
  buf[n] = '\0';
  *len = n;
  return buf;
}

/* A mission that loads must also be playable (playable.h): each setup step has a legal
 * move for each side and the game can end. Returns true when it is; prints why not. */
static bool playable(const struct murk_mission* m, const char* path) {
  struct murk_diags d;
  murk_diags_init(&d, path);
  size_t len = 0;
  char* text = read_text(path, &len);
  int n = murk_playable_check(m, text, len, &d);
  free(text);
  if (n < 0) {
    char esc[4 * 4096];
    fprintf(stderr, "%s: error: %s\n", murk_cli_escape(path, esc, sizeof esc), murk_strerror(n));
    return false;
  }
  murk_cli_print_diags(&d, stderr);
  return n == 0;
}

static int cmd_check_exec(const struct murk_args* a) {
  int bad = 0;
  for (int i = 0; i < a->argc; i++) {
    struct murk_mission* m = NULL;
    struct murk_diags d;
    /* A file, or a bundled id (missions.h); a name that is neither goes to the loader as
     * it is, which says what is wrong with it. */
    char path[4096];
    if (!murk_cli_mission_find(a->argv[i], NULL, path, sizeof path))
      snprintf(path, sizeof path, "%s", a->argv[i]);
    if (murk_mission_load(path, &m, &d) != 0) {
      murk_cli_print_diags(&d, stderr);
      bad++;
      continue;
    }
    if (!playable(m, path)) {
      murk_mission_free(m);
      bad++;
      continue;
    }
    char summary[256], esc[4 * sizeof path];
    murk_mission_summary(m, summary, sizeof summary);
    printf("%s: ok: ", murk_cli_escape(path, esc, sizeof esc));
    printf("%s\n", murk_cli_escape(summary, esc, sizeof esc));
    murk_mission_free(m);
  }
  fflush(stdout);
  return bad ? MURK_EXIT_INVALID : MURK_EXIT_OK;
}

const struct murk_cmd_entry murk_cmd_check_entry = {
    .name = "check",
    .usage = "MISSION...",
    .about = "validate mission files (exit 1 on any error)",
    .args = {"", 1, -1},
    .exec = cmd_check_exec,
};
