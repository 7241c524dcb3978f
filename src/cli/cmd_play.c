/* cmd_play.c: `murk play` - a hot-seat game at this terminal (src/tui).
 *
 *   murk play [MISSION] [--seed N]     MISSION: a bundled mission's id or a file
 *   murk play --load SAVE              go on with a saved game
 *
 * The game is autosaved at every hand-over and on quitting to
 * $XDG_STATE_HOME/murk/autosave.murk (default ~/.local/state/murk/). */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "fileio.h"
#include "missions.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/save.h"
#include "session.h"
#include "term.h"

#define PLAY_DEFAULT_MISSION "luneville"

/* mkdir -p, private to the user. */
static int make_dirs(const char* dir) {
  char p[PATH_MAX];
  snprintf(p, sizeof p, "%s", dir);
  for (char* s = p + 1; *s; s++) {
    if (*s != '/') continue;
    *s = '\0';
    if (mkdir(p, 0700) != 0 && errno != EEXIST) return -1;
    *s = '/';
  }
  if (mkdir(p, 0700) != 0 && errno != EEXIST) return -1;
  return 0;
}

/* $XDG_STATE_HOME/murk, else ~/.local/state/murk (created). False if there is no home. */
static bool state_dir(char* out, size_t n) {
  const char* xdg = getenv("XDG_STATE_HOME");
  const char* home = getenv("HOME");
  if (xdg && xdg[0] == '/')
    snprintf(out, n, "%s/murk", xdg);
  else if (home && *home)
    snprintf(out, n, "%s/.local/state/murk", home);
  else
    return false;
  return make_dirs(out) == 0;
}

/* The session's save hook: the game's save text, written atomically. */
static int save_game(void* ctx, const struct murk_game* g, const char* path, char* err, size_t n) {
  (void)ctx;
  char* text = NULL;
  size_t len = 0;
  int rc = murk_save_game(g, &text, &len);
  if (rc != MURK_OK) {
    snprintf(err, n, "%s", murk_strerror(rc));
    return -1;
  }
  rc = murk_file_write_atomic(path, text, len, err, n);
  murk_free(text);
  return rc;
}

/* Start a new game of the mission file at path. */
static int new_game(const char* path, uint64_t seed, struct murk_mission** m,
                    struct murk_game** g) {
  struct murk_diags* d = murk_malloc(sizeof *d);
  if (!d) return MURK_ENOMEM;
  murk_diags_init(d, path);
  int rc = murk_mission_load(path, m, d);
  if (rc != MURK_OK) murk_cli_print_diags(d, stderr);
  murk_free(d);
  if (rc != MURK_OK) return rc;
  rc = murk_game_new(*m, seed, g);
  if (rc != MURK_OK) murk_cli_error("cannot start %s: %s", path, murk_strerror(rc));
  return rc;
}

/* Load a save: its mission (unchanged since), its seed, and replay its commands. */
static int load_game(const char* save, struct murk_mission** m, struct murk_game** g,
                     uint64_t* seed) {
  char err[512];
  char* text = NULL;
  size_t len = 0;
  struct murk_script* s = NULL;
  int rc = MURK_EINVAL;
  struct murk_diags* d = murk_malloc(sizeof *d);
  if (!d) return MURK_ENOMEM;
  if (murk_file_read(save, &text, &len, err, sizeof err) != 0) {
    murk_cli_error("%s", err);
    goto out;
  }
  murk_diags_init(d, save);
  rc = murk_script_parse(text, len, &s, d);
  if (rc != MURK_OK) {
    murk_cli_print_diags(d, stderr);
    goto out;
  }
  rc = MURK_EINVAL;
  if (!s->has_hash || !s->mission || !s->has_seed) {
    murk_cli_error(
        "%s is not a save (it lacks the '# mission:', '# seed:' or '# mission-hash:' header)",
        save);
    goto out;
  }
  char path[PATH_MAX];
  if (!murk_cli_mission_find(s->mission, save, path, sizeof path)) {
    murk_cli_error("%s:%d: error: mission file '%s' not found", save, s->mission_line, s->mission);
    goto out;
  }
  *seed = s->seed;
  rc = new_game(path, s->seed, m, g);
  if (rc != MURK_OK) goto out;
  if ((*m)->hash != s->mission_hash) {
    murk_cli_error("%s has changed since %s was made; it cannot be replayed", path, save);
    rc = MURK_ESTALE;
    goto out;
  }
  for (size_t i = 0; i < s->nlines; i++) {
    const struct murk_script_line* l = &s->lines[i];
    if (l->status != MURK_OK) {
      murk_cli_diag("%s:%d:%d: error: %s", save, l->line, l->errcol,
                    l->error ? l->error : "cannot parse this line");
      rc = MURK_EINVAL;
      goto out;
    }
    enum murk_side side = l->side != MURK_NO_SIDE ? l->side : murk_game_to_act(*g);
    char reason[256] = "";
    rc = murk_game_apply(*g, side, &l->cmd, reason, sizeof reason);
    if (rc != MURK_OK) {
      murk_cli_diag("%s:%d:%d: error: %s", save, l->line, l->col,
                    reason[0] ? reason : murk_strerror(rc));
      goto out;
    }
  }
  rc = MURK_OK;
out:
  murk_script_free(s);
  murk_free(text);
  murk_free(d);
  return rc;
}

static int cmd_play_exec(const struct murk_args* a) {
  const char* mission = a->argc ? a->argv[0] : NULL;
  const char* load = murk_args_get(a, "load");
  uint64_t seed = 0;
  int has_seed = murk_args_number(a, "seed", 0, UINT64_MAX, &seed);
  if (has_seed < 0) return MURK_EXIT_USAGE;
  if (load && (mission || has_seed))
    return murk_args_error(a, "--load takes the mission and seed from the save");

  /* The mission first: a wrong name is worth saying wherever murk runs. */
  char found[PATH_MAX], real[PATH_MAX];
  const char* path = NULL;
  if (!load) {
    if (!mission) mission = PLAY_DEFAULT_MISSION;
    if (!murk_cli_mission_find(mission, NULL, found, sizeof found)) {
      murk_cli_mission_not_found(mission);
      return MURK_EXIT_INVALID;
    }
    /* Absolute, so the autosave (in another folder) names the mission wherever it is
     * loaded from. */
    path = realpath(found, real) ? real : found;
  }

  setlocale(LC_ALL, "");
  bool ascii = !tui_term_locale_utf8();
  if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
    fprintf(stderr, "murk: play needs a terminal (for a game without one: murk run)\n");
    return MURK_EXIT_INVALID;
  }

  struct murk_mission* m = NULL;
  struct murk_game* g = NULL;
  int rc;
  if (load) {
    rc = load_game(load, &m, &g, &seed);
  } else {
    if (!has_seed) {
      /* A short number, easy to write down; shown on screen and kept in saves. */
      seed = ((uint64_t)time(NULL) ^ ((uint64_t)getpid() * 2654435761u)) % 1000000u;
    }
    rc = new_game(path, seed, &m, &g);
  }
  if (rc != MURK_OK) {
    if (rc == MURK_ENOMEM) fprintf(stderr, "murk: out of memory\n");
    murk_game_free(g);
    murk_mission_free(m);
    return MURK_EXIT_INVALID;
  }

  char dir[PATH_MAX - 32] = "";
  char autosave[PATH_MAX] = "";
  if (state_dir(dir, sizeof dir)) snprintf(autosave, sizeof autosave, "%s/autosave.murk", dir);
  struct tui_session_opts o = {
      .seed = seed,
      .autosave_path = autosave[0] ? autosave : NULL,
      .save_dir = dir[0] ? dir : NULL,
      .save = save_game,
  };
  struct tui_session* s = NULL;
  if (tui_session_new(g, &o, &s) != MURK_OK) {
    fprintf(stderr, "murk: out of memory\n");
    murk_game_free(g);
    murk_mission_free(m);
    return MURK_EXIT_INVALID;
  }
  char err[256] = "";
  int run = tui_term_run(s, ascii, err, sizeof err);
  /* However the game ended, the latest state goes to the autosave. */
  char serr[256] = "";
  bool played = murk_game_log_count(g) > 0;
  bool saved = played && o.autosave_path && tui_session_autosave(s, serr, sizeof serr) == 0;
  tui_session_free(s);
  murk_game_free(g);
  murk_mission_free(m);
  if (run < 0) murk_cli_error("%s", err);
  if (saved)
    murk_cli_diag("murk: game saved to %s (seed %" PRIu64 "); go on with: murk play --load %s",
                  autosave, seed, autosave);
  else if (played && o.autosave_path)
    murk_cli_error("could not save the game: %s", serr);
  if (run < 0) return MURK_EXIT_INVALID;
  return run; /* 0, or 128 + a signal */
}

const struct murk_cmd_entry murk_cmd_play_entry = {
    .name = "play",
    .usage = "[MISSION] [--seed N]\n--load SAVE",
    .about = "hot-seat game at this terminal",
    .help =
        "MISSION is a bundled mission's id (murk list) or a mission file; "
        "default " PLAY_DEFAULT_MISSION ".\nKeys and screen: docs/playing.md, or ? in the game.\n",
    .args = {"seed: load:", 0, 1},
    .exec = cmd_play_exec,
};
