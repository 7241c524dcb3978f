/* cmd_saves.c: `murk saves` - the games kept in the state directory (games.h), newest
 * first: file, mission, turn, side to act, open or sealed, seats, last played; finished
 * games only with --all, a file of the same bytes as a newer one once. A sealed save's
 * line comes from its public header alone: no passphrase is asked for. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "games.h"
#include "murk/alloc.h"
#include "text.h"

/* Columns on a terminal: UTF-8 continuation bytes take none (escaped text is otherwise
 * printable, one column a character; wide characters are rare in names and tolerated). */
static size_t columns(const char* t) {
  size_t n = 0;
  for (; *t; t++) n += ((unsigned char)*t & 0xc0) != 0x80;
  return n;
}

/* t, then spaces to `width` columns and one more. */
static void column(const char* t, size_t width) {
  size_t n = columns(t);
  printf("%s%*s", t, (int)(width > n ? width - n : 0) + 1, "");
}

/* The same game twice: two files of the same bytes (a copy kept beside the autosave). */
static bool same_bytes(const char* a, const char* b) {
  FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
  bool same = fa && fb;
  while (same) {
    int ca = getc(fa), cb = getc(fb);
    if (ca != cb) same = false;
    if (ca == EOF || cb == EOF) break;
  }
  if (fa) fclose(fa);
  if (fb) fclose(fb);
  return same;
}

struct saves_row {
  char base[4 * NAME_MAX + 1], mission[4 * 128 + 1], turn[16], when[32];
};

static int cmd_saves_exec(const struct murk_args* a) {
  bool all = murk_args_has(a, "all");
  char dir[PATH_MAX - 64];
  if (murk_state_dir(dir, sizeof dir) != 0)
    return murk_cli_error("no state directory (set HOME or XDG_STATE_HOME)");
  struct murk_saved_game* list = NULL;
  size_t n = 0;
  if (murk_saved_games(dir, &list, &n) != 0) {
    fprintf(stderr, "murk: out of memory\n");
    return MURK_EXIT_INVALID;
  }
  struct saves_row* rows = n ? murk_calloc(n, sizeof *rows) : NULL;
  bool* shown = n ? murk_calloc(n, sizeof *shown) : NULL;
  if (n && (!rows || !shown)) {
    murk_free(list);
    murk_free(rows);
    murk_free(shown);
    fprintf(stderr, "murk: out of memory\n");
    return MURK_EXIT_INVALID;
  }
  char edir[4 * sizeof dir];
  murk_cli_escape(dir, edir, sizeof edir);
  /* Which lines show: a finished game only with --all, a copy of a newer file's bytes never.
   * File names and mission names are data (text.h): escaped, then padded to the longest. */
  size_t wf = strlen("FILE"), wm = strlen("MISSION"), nshown = 0, finished = 0, copies = 0;
  size_t ws = strlen("vs computer"); /* seats: wider for "vs computer, easy" */
  for (size_t i = 0; i < n; i++) {
    const struct murk_saved_game* sg = &list[i];
    bool copy = false;
    for (size_t j = 0; j < i && !copy; j++) copy = shown[j] && same_bytes(list[j].path, sg->path);
    if (copy) {
      copies++;
      continue;
    }
    if (sg->ok && sg->over && !all) {
      finished++;
      continue;
    }
    shown[i] = true;
    nshown++;
    struct saves_row* r = &rows[i];
    const char* b = strrchr(sg->path, '/');
    murk_cli_escape(b ? b + 1 : sg->path, r->base, sizeof r->base);
    murk_cli_escape(sg->mission, r->mission, sizeof r->mission);
    if (columns(r->base) > wf) wf = columns(r->base);
    if (sg->ok && columns(r->mission) > wm) wm = columns(r->mission);
    if (sg->ok && strlen(sg->seats) > ws) ws = strlen(sg->seats);
    struct tm tm;
    strftime(r->when, sizeof r->when, "%Y-%m-%d %H:%M", localtime_r(&sg->mtime, &tm));
    if (sg->turn > 0)
      snprintf(r->turn, sizeof r->turn, "%d", sg->turn);
    else
      snprintf(r->turn, sizeof r->turn, "setup");
  }
  if (nshown == 0) {
    printf("no saved games in %s\n", edir);
  } else {
    column("FILE", wf);
    column("MISSION", wm);
    printf("%5s %-9s %-7s %-*s %s\n", "TURN", "TO ACT", "SAVE", (int)ws, "SEATS", "LAST PLAYED");
    for (size_t i = 0; i < n; i++) {
      if (!shown[i]) continue;
      const struct murk_saved_game* sg = &list[i];
      const struct saves_row* r = &rows[i];
      column(r->base, wf);
      if (!sg->ok) {
        char eproblem[4 * sizeof sg->problem];
        printf("(%s)\n", murk_cli_escape(sg->problem, eproblem, sizeof eproblem));
        continue;
      }
      column(r->mission, wm);
      /* Rules the game was started with (murk play --with), after the date. */
      char ewith[4 * sizeof sg->with];
      murk_cli_escape(sg->with, ewith, sizeof ewith);
      printf("%5s %-9s %-7s %-*s %s%s%s\n", r->turn, sg->over ? "finished" : sg->to_act,
             sg->sealed ? "sealed" : "open", (int)ws, sg->seats, r->when,
             sg->with[0] ? "  with " : "", ewith);
    }
  }
  if (finished > 0)
    printf("%zu finished game%s not shown: murk saves --all lists them\n", finished,
           finished == 1 ? "" : "s");
  if (copies > 0)
    printf("%zu file%s left out: the same bytes as a newer one\n", copies, copies == 1 ? "" : "s");
  if (nshown > 0) printf("go on with one: murk play --load %s/FILE\n", edir);
  murk_free(rows);
  murk_free(shown);
  murk_free(list);
  return MURK_EXIT_OK;
}

const struct murk_cmd_entry murk_cmd_saves_entry = {
    .name = "saves",
    .usage = "[--all]",
    .about =
        "list the games murk play keeps (mission, turn, side to act, sealed or open, seats, "
        "rules added)",
    .help =
        "The games murk play keeps in its state directory, newest first, each once.\n"
        "A finished game is listed only with --all (marked \"finished\").\n",
    .args = {"all", 0, 0},
    .exec = cmd_saves_exec,
};
