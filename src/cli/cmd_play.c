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
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/save.h"
#include "session.h"
#include "term.h"

#define PLAY_DEFAULT_MISSION "luneville"

static int usage(void) {
  return murk_cli_usage("usage: murk play [MISSION] [--seed N] | murk play --load SAVE");
}

static bool parse_seed(const char* s, uint64_t* out) {
  if (!*s) return false;
  uint64_t v = 0;
  for (const char* p = s; *p; p++) {
    if (*p < '0' || *p > '9') return false;
    unsigned d = (unsigned)(*p - '0');
    if (v > (UINT64_MAX - d) / 10) return false;
    v = v * 10 + d;
  }
  *out = v;
  return true;
}

static bool is_file(const char* p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* MISSION is a file if one is there, else a bundled mission's id. Writes an absolute path
 * when it can, so a save names the mission wherever it is loaded from. */
static bool resolve_mission(const char* arg, char* out, size_t n) {
  char path[PATH_MAX];
  if (is_file(arg)) {
    snprintf(path, sizeof path, "%s", arg);
  } else if (!strchr(arg, '/')) {
    snprintf(path, sizeof path, "%s/%s.yaml", murk_cli_data_dir(), arg);
    if (!is_file(path)) return false;
  } else {
    return false;
  }
  char real[PATH_MAX];
  snprintf(out, n, "%s", realpath(path, real) ? real : path);
  return true;
}

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

static void print_diags(const struct murk_diags* d) {
  char line[MURK_DIAG_MSG + 320];
  for (int i = 0; i < d->count; i++) {
    murk_diags_format(d, i, line, sizeof line);
    fprintf(stderr, "%s\n", line);
  }
}

/* Start a new game of the mission file at path. */
static int new_game(const char* path, uint64_t seed, struct murk_mission** m,
                    struct murk_game** g) {
  struct murk_diags* d = murk_malloc(sizeof *d);
  if (!d) return MURK_ENOMEM;
  murk_diags_init(d, path);
  int rc = murk_mission_load(path, m, d);
  if (rc != MURK_OK) print_diags(d);
  murk_free(d);
  if (rc != MURK_OK) return rc;
  rc = murk_game_new(*m, seed, g);
  if (rc != MURK_OK) fprintf(stderr, "murk: cannot start %s: %s\n", path, murk_strerror(rc));
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
    fprintf(stderr, "murk: %s\n", err);
    goto out;
  }
  murk_diags_init(d, save);
  rc = murk_script_parse(text, len, &s, d);
  if (rc != MURK_OK) {
    print_diags(d);
    goto out;
  }
  rc = MURK_EINVAL;
  if (!s->has_hash || !s->mission || !s->has_seed) {
    fprintf(stderr,
            "murk: %s is not a save (it lacks the '# mission:', '# seed:' or "
            "'# mission-hash:' header)\n",
            save);
    goto out;
  }
  char path[PATH_MAX];
  if (s->mission[0] == '/' || is_file(s->mission)) {
    snprintf(path, sizeof path, "%s", s->mission);
  } else {
    /* Relative to the save's own folder. */
    const char* slash = strrchr(save, '/');
    snprintf(path, sizeof path, "%.*s/%s", slash ? (int)(slash - save) : 1, slash ? save : ".",
             s->mission);
  }
  *seed = s->seed;
  rc = new_game(path, s->seed, m, g);
  if (rc != MURK_OK) goto out;
  if ((*m)->hash != s->mission_hash) {
    fprintf(stderr, "murk: %s has changed since %s was made; it cannot be replayed\n", path, save);
    rc = MURK_ESTALE;
    goto out;
  }
  for (size_t i = 0; i < s->nlines; i++) {
    const struct murk_script_line* l = &s->lines[i];
    if (l->status != MURK_OK) {
      fprintf(stderr, "%s:%d:%d: error: %s\n", save, l->line, l->errcol,
              l->error ? l->error : "cannot parse this line");
      rc = MURK_EINVAL;
      goto out;
    }
    enum murk_side side = l->side != MURK_NO_SIDE ? l->side : murk_game_to_act(*g);
    char reason[256] = "";
    rc = murk_game_apply(*g, side, &l->cmd, reason, sizeof reason);
    if (rc != MURK_OK) {
      fprintf(stderr, "%s:%d:%d: error: %s\n", save, l->line, l->col,
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

static int cmd_play_exec(int argc, char** argv) {
  const char* mission = NULL;
  const char* load = NULL;
  bool has_seed = false;
  uint64_t seed = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--seed") == 0) {
      if (++i >= argc || !parse_seed(argv[i], &seed)) return usage();
      has_seed = true;
    } else if (strncmp(argv[i], "--seed=", 7) == 0) {
      if (!parse_seed(argv[i] + 7, &seed)) return usage();
      has_seed = true;
    } else if (strcmp(argv[i], "--load") == 0) {
      if (++i >= argc) return usage();
      load = argv[i];
    } else if (strncmp(argv[i], "--load=", 7) == 0) {
      load = argv[i] + 7;
    } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      printf(
          "usage: murk play [MISSION] [--seed N] | murk play --load SAVE\n"
          "MISSION is a bundled mission (murk list) or a mission file; default %s.\n"
          "Keys and screen: docs/playing.md, or ? in the game.\n",
          PLAY_DEFAULT_MISSION);
      return MURK_EXIT_OK;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      murk_cli_usage("unknown option '%s'", argv[i]);
      return usage();
    } else if (!mission) {
      mission = argv[i];
    } else {
      return usage();
    }
  }
  if (load && (mission || has_seed)) {
    murk_cli_usage("--load takes the mission and seed from the save");
    return usage();
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
    char path[PATH_MAX];
    if (!mission) mission = PLAY_DEFAULT_MISSION;
    if (!resolve_mission(mission, path, sizeof path)) {
      fprintf(stderr, "murk: no mission '%s' (neither a file nor one of 'murk list' in %s)\n",
              mission, murk_cli_data_dir());
      return MURK_EXIT_INVALID;
    }
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
  if (run < 0) fprintf(stderr, "murk: %s\n", err);
  if (saved)
    fprintf(stderr, "murk: game saved to %s (seed %" PRIu64 "); go on with: murk play --load %s\n",
            autosave, seed, autosave);
  else if (played && o.autosave_path)
    fprintf(stderr, "murk: could not save the game: %s\n", serr);
  if (run < 0) return MURK_EXIT_INVALID;
  return run; /* 0, or 128 + a signal */
}

const struct murk_cmd_entry murk_cmd_play_entry = {
    .name = "play",
    .usage = "[MISSION] [--seed N] | --load SAVE",
    .about = "hot-seat game at this terminal",
    .exec = cmd_play_exec,
};
