/* cmd_play.c: `murk play` - a hot-seat game at this terminal (src/tui).
 *
 *   murk play [MISSION] [--seed N] [--open]   MISSION: a bundled mission's id or a file
 *   murk play --load SAVE [--passphrase-file SIDE:FILE]...
 *
 * Without --seed the dice are secret (a 256-bit seed from the system's random source) and
 * each side may set a passphrase: a sealed game (docs/fair-play.md). Each game is
 * autosaved at every hand-over and on quitting to its own file in the state directory
 * (games.h); `murk play` alone offers to resume an unfinished one. */
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
#include "games.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/save.h"
#include "murk/seal.h"
#include "sealio.h"
#include "session.h"
#include "sodium.h"
#include "term.h"

#define PLAY_DEFAULT_MISSION "luneville"

static int usage(void) {
  return murk_cli_usage(
      "usage: murk play [MISSION] [--seed N] [--open] | murk play --load SAVE "
      "[--passphrase-file SIDE:FILE]...");
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

/* How the session saves: sealed under both keys, or open; every file 0600. */
struct play_saver {
  struct murk_sealer* sealer;
};

static int save_game(void* ctx, const struct murk_game* g, const char* path, char* err, size_t n) {
  struct play_saver* ps = ctx;
  if (ps->sealer->on) return murk_sealer_write(ps->sealer, g, path, err, n);
  char* text = NULL;
  size_t len = 0;
  int rc = murk_save_game(g, &text, &len);
  if (rc != MURK_OK) {
    snprintf(err, n, "%s", murk_strerror(rc));
    return -1;
  }
  rc = murk_file_write_atomic_mode(path, text, len, 0600, err, n);
  murk_seal_free_secret(text, len);
  return rc;
}

static bool check_pass(void* ctx, enum murk_side side, const char* pass, size_t len) {
  const struct play_saver* ps = ctx;
  return murk_sealer_check(ps->sealer, side, pass, len);
}

static void print_diags(const struct murk_diags* d) {
  char line[MURK_DIAG_MSG + 320];
  for (int i = 0; i < d->count; i++) {
    murk_diags_format(d, i, line, sizeof line);
    fprintf(stderr, "%s\n", line);
  }
}

/* Start a new game of the mission file at path: with a seed (an open game), or with a
 * secret 256-bit one from the system's random source. */
static int new_game(const char* path, bool has_seed, uint64_t seed, struct murk_mission** m,
                    struct murk_game** g) {
  struct murk_diags* d = murk_malloc(sizeof *d);
  if (!d) return MURK_ENOMEM;
  murk_diags_init(d, path);
  int rc = murk_mission_load(path, m, d);
  if (rc != MURK_OK) print_diags(d);
  murk_free(d);
  if (rc != MURK_OK) return rc;
  if (has_seed) {
    rc = murk_game_new(*m, seed, g);
  } else {
    unsigned char key[MURK_DICE_KEY_BYTES];
    randombytes_buf(key, sizeof key);
    rc = murk_game_new_keyed(*m, key, g);
    sodium_memzero(key, sizeof key);
  }
  if (rc != MURK_OK) fprintf(stderr, "murk: cannot start %s: %s\n", path, murk_strerror(rc));
  return rc;
}

/* Load a save, open or sealed (then both passphrases, and the sealer keeps the keys). */
static int load_game(const char* save, struct murk_passes* passes, struct murk_sealer* sealer,
                     struct murk_mission** m, struct murk_game** g) {
  char err[512];
  char* text = NULL;
  size_t len = 0;
  if (murk_file_read(save, &text, &len, err, sizeof err) != 0) {
    fprintf(stderr, "murk: %s\n", err);
    return MURK_EINVAL;
  }
  int rc;
  if (murk_seal_is_sealed(text, len)) {
    char* inner = NULL;
    size_t ilen = 0;
    if (murk_sealer_open_game(sealer, save, text, len, passes, &inner, &ilen) != 0) {
      murk_free(text);
      return MURK_EAUTH;
    }
    rc = murk_game_from_save(save, inner, ilen, false, m, g);
    murk_seal_free_secret(inner, ilen);
  } else {
    rc = murk_game_from_save(save, text, len, false, m, g);
  }
  murk_free(text);
  return rc;
}

/* A line from the terminal (the resume question, Enter to go on). */
static bool read_answer(char* buf, size_t n) {
  if (!fgets(buf, (int)n, stdin)) return false;
  buf[strcspn(buf, "\r\n")] = '\0';
  return true;
}

/* Unfinished games in the state directory: offer to resume one. Returns the chosen path
 * in out (empty: a new game); false if the players gave up (end of input). */
static bool offer_resume(const char* dir, char* out, size_t n) {
  out[0] = '\0';
  struct murk_saved_game* list = NULL;
  size_t count = 0;
  if (murk_saved_games(dir, &list, &count) != 0) return true;
  size_t shown = 0;
  size_t pick[9];
  for (size_t i = 0; i < count && shown < 9; i++)
    if (list[i].ok && !list[i].over) pick[shown++] = i;
  if (shown == 0) {
    murk_free(list);
    return true;
  }
  printf("Unfinished games:\n");
  for (size_t k = 0; k < shown; k++) {
    const struct murk_saved_game* sg = &list[pick[k]];
    char when[32];
    struct tm tm;
    strftime(when, sizeof when, "%Y-%m-%d %H:%M", localtime_r(&sg->mtime, &tm));
    char turn[16];
    if (sg->turn > 0)
      snprintf(turn, sizeof turn, "turn %d", sg->turn);
    else
      snprintf(turn, sizeof turn, "setup");
    printf("  %zu  %-24.24s %-8s %s to act, %s, last played %s\n", k + 1, sg->mission, turn,
           sg->to_act, sg->sealed ? "sealed" : "open", when);
  }
  printf("Resume one (1-%zu), or Enter for a new game: ", shown);
  fflush(stdout);
  char ans[32];
  bool ok = read_answer(ans, sizeof ans);
  if (ok && ans[0] >= '1' && ans[0] <= '9' && !ans[1] && (size_t)(ans[0] - '1') < shown)
    snprintf(out, n, "%s", list[pick[ans[0] - '1']].path);
  murk_free(list);
  return ok;
}

/* Each side may set a passphrase (typed twice, not shown). Both empty: an open game, and
 * the players are told what its save gives away. Returns 0, or -1 (no terminal). */
static int ask_passphrases(struct murk_passes* p) {
  printf(
      "A sealed game: each side sets a passphrase, so that the save keeps each side's secrets\n"
      "and the hand-over asks for it. Leave both empty for an open game.\n");
  fflush(stdout);
  for (int side = 0; side < 2; side++) {
    for (;;) {
      char again[MURK_PASS_MAX];
      size_t alen = 0;
      char prompt[96];
      snprintf(prompt, sizeof prompt,
               "The %s's passphrase (the %s looks away): ", murk_side_name((enum murk_side)side),
               murk_side_name(murk_side_other((enum murk_side)side)));
      if (murk_pass_prompt(prompt, p->pass[side], sizeof p->pass[side], &p->len[side]) != 0)
        return -1;
      if (p->len[side] == 0) break;
      if (murk_pass_prompt("Again: ", again, sizeof again, &alen) != 0) return -1;
      bool same = alen == p->len[side] && sodium_memcmp(again, p->pass[side], alen) == 0;
      sodium_memzero(again, sizeof again);
      if (same) break;
      printf("The two do not match; once more.\n");
    }
    p->have[side] = true;
  }
  if (p->len[0] == 0 && p->len[1] == 0) {
    printf(
        "\nAn open game. Its save is plain text: anyone who reads it sees both sides' setups\n"
        "and every command, and its dice key, which tells every die still to come. It can be\n"
        "edited (its hash chain only finds damage). See docs/fair-play.md.\n");
  } else if (p->len[0] == 0 || p->len[1] == 0) {
    printf("\nOne side has no passphrase: anyone can read that side's record in the save.\n");
  }
  printf("Press Enter to play. ");
  fflush(stdout);
  char ans[8];
  if (!read_answer(ans, sizeof ans)) return -1;
  return 0;
}

static bool in_dir(const char* path, const char* dir) {
  char a[PATH_MAX], b[PATH_MAX];
  if (!realpath(path, a) || !realpath(dir, b)) return false;
  size_t n = strlen(b);
  return strncmp(a, b, n) == 0 && a[n] == '/' && !strchr(a + n + 1, '/');
}

static int play(int argc, char** argv, struct murk_passes* passes, struct murk_sealer* sealer);

static int cmd_play_exec(int argc, char** argv) {
  struct murk_passes passes = {0};
  struct murk_sealer sealer = {0};
  int rc = play(argc, argv, &passes, &sealer);
  murk_passes_wipe(&passes);
  murk_sealer_wipe(&sealer);
  return rc;
}

static int play(int argc, char** argv, struct murk_passes* passes, struct murk_sealer* sealer) {
  const char* mission = NULL;
  const char* load = NULL;
  bool has_seed = false, open = false;
  uint64_t seed = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--seed") == 0) {
      if (++i >= argc || !parse_seed(argv[i], &seed)) return usage();
      has_seed = true;
    } else if (strncmp(argv[i], "--seed=", 7) == 0) {
      if (!parse_seed(argv[i] + 7, &seed)) return usage();
      has_seed = true;
    } else if (strcmp(argv[i], "--open") == 0) {
      open = true;
    } else if (strcmp(argv[i], "--load") == 0) {
      if (++i >= argc) return usage();
      load = argv[i];
    } else if (strncmp(argv[i], "--load=", 7) == 0) {
      load = argv[i] + 7;
    } else if (strcmp(argv[i], "--passphrase-file") == 0 ||
               strncmp(argv[i], "--passphrase-file=", 18) == 0) {
      const char* v = argv[i][17] == '=' ? argv[i] + 18 : ++i < argc ? argv[i] : NULL;
      if (!v) return usage();
      int rc = murk_passes_option(passes, v);
      if (rc == MURK_EXIT_USAGE) return usage();
      if (rc != 0) return rc;
    } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      printf(
          "usage: murk play [MISSION] [--seed N] [--open]\n"
          "       murk play --load SAVE [--passphrase-file SIDE:FILE]...\n"
          "MISSION is a bundled mission (murk list) or a mission file; default %s.\n"
          "Without --seed the dice are secret and each side may set a passphrase (a sealed\n"
          "game); --seed N or --open makes an open game. Saved games: murk saves.\n"
          "Keys and screen: docs/playing.md, or ? in the game. Fair play: docs/fair-play.md.\n",
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
  if (load && (mission || has_seed || open)) {
    murk_cli_usage("--load takes the mission and seed from the save");
    return usage();
  }
  if (!load && murk_passes_any(passes)) {
    murk_cli_usage("--passphrase-file goes with --load (a new game asks for passphrases)");
    return usage();
  }

  setlocale(LC_ALL, "");
  bool ascii = !tui_term_locale_utf8();
  if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
    fprintf(stderr, "murk: play needs a terminal (for a game without one: murk run)\n");
    return MURK_EXIT_INVALID;
  }

  char dir[PATH_MAX - 64] = "";
  if (murk_state_dir(dir, sizeof dir) != 0) dir[0] = '\0';
  char resume[PATH_MAX] = "";
  if (!load && !mission && !has_seed && !open && dir[0]) {
    if (!offer_resume(dir, resume, sizeof resume)) return MURK_EXIT_INVALID;
    if (resume[0]) load = resume;
  }

  struct murk_mission* m = NULL;
  struct murk_game* g = NULL;
  int rc;
  char autosave[PATH_MAX] = "";
  if (load) {
    rc = load_game(load, passes, sealer, &m, &g);
    if (rc == MURK_OK) {
      seed = murk_game_seed(g);
      /* A game of the state directory goes on in its own file; any other gets one. */
      if (dir[0] && in_dir(load, dir))
        snprintf(autosave, sizeof autosave, "%s", load);
      else if (dir[0])
        murk_new_game_path(dir, m->id, autosave, sizeof autosave);
    }
  } else {
    char path[PATH_MAX];
    if (!mission) mission = PLAY_DEFAULT_MISSION;
    if (!resolve_mission(mission, path, sizeof path)) {
      fprintf(stderr, "murk: no mission '%s' (neither a file nor one of 'murk list' in %s)\n",
              mission, murk_cli_data_dir());
      return MURK_EXIT_INVALID;
    }
    rc = new_game(path, has_seed, seed, &m, &g);
    if (rc == MURK_OK && !has_seed && !open) {
      if (ask_passphrases(passes) != 0) {
        fprintf(stderr, "murk: no passphrases given\n");
        rc = MURK_EINVAL;
      } else if (passes->len[0] || passes->len[1]) {
        if (murk_sealer_start(sealer, passes) != 0) rc = MURK_EINVAL;
      }
      murk_passes_wipe(passes);
    }
    if (rc == MURK_OK && dir[0]) murk_new_game_path(dir, m->id, autosave, sizeof autosave);
  }
  if (rc != MURK_OK) {
    if (rc == MURK_ENOMEM) fprintf(stderr, "murk: out of memory\n");
    murk_game_free(g);
    murk_mission_free(m);
    return MURK_EXIT_INVALID;
  }

  /* The fingerprint's key: the game key of a sealed game (neither side alone can test
   * guesses against it), else the secret dice key. */
  unsigned char hkey[MURK_SEAL_KEY_BYTES];
  size_t hkey_len = 0;
  if (sealer->on) {
    murk_seal_game_key(sealer->key[0], sealer->key[1], hkey);
    hkey_len = sizeof hkey;
  } else if (murk_game_dice_key(g)) {
    memcpy(hkey, murk_game_dice_key(g), sizeof hkey);
    hkey_len = sizeof hkey;
  }
  struct play_saver ps = {.sealer = sealer};
  struct tui_session_opts o = {
      .seed = seed,
      .secret_dice = murk_game_dice_key(g) != NULL,
      .sealed = sealer->on,
      .check_pass = check_pass,
      .check_ctx = &ps,
      .history_key = hkey_len ? hkey : NULL,
      .history_key_len = hkey_len,
      .autosave_path = autosave[0] ? autosave : NULL,
      .save_dir = dir[0] ? dir : NULL,
      .save = save_game,
      .save_ctx = &ps,
  };
  struct tui_session* s = NULL;
  rc = tui_session_new(g, &o, &s);
  sodium_memzero(hkey, sizeof hkey);
  if (rc != MURK_OK) {
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
  bool over = murk_game_phase(g) == MURK_PHASE_OVER;
  bool secret = murk_game_dice_key(g) != NULL;
  tui_session_free(s);
  murk_game_free(g);
  murk_mission_free(m);
  if (run < 0) fprintf(stderr, "murk: %s\n", err);
  if (saved && !secret)
    fprintf(stderr,
            "murk: game saved to %s (open, seed %" PRIu64 "); go on with: murk play --load %s\n",
            autosave, seed, autosave);
  else if (saved)
    fprintf(stderr, "murk: game saved to %s (%s); go on with: murk play --load %s\n", autosave,
            sealer->on ? "sealed" : "open", autosave);
  else if (played && o.autosave_path)
    fprintf(stderr, "murk: could not save the game: %s\n", serr);
  if (saved && over && sealer->on)
    fprintf(stderr,
            "murk: the game is over: with both passphrases, murk replay %s prints the whole "
            "game (redirect it to a file to keep it in the clear)\n",
            autosave);
  if (run < 0) return MURK_EXIT_INVALID;
  return run; /* 0, or 128 + a signal */
}

const struct murk_cmd_entry murk_cmd_play_entry = {
    .name = "play",
    .usage = "[MISSION] [--seed N] [--open] | --load SAVE [--passphrase-file SIDE:FILE]...",
    .about = "hot-seat game at this terminal",
    .exec = cmd_play_exec,
};
