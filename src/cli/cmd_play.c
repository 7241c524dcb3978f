/* cmd_play.c: `murk play` - a game at this terminal (src/tui): two people at one keyboard
 * (hot-seat), or one against the computer (a seat that plays by itself, session.h).
 *
 *   murk play [MISSION] [--seed N] [--open] [--vs human|computer] [--as SIDE] [--level L]
 *   murk play --load SAVE [--passphrase-file SIDE:FILE]... [--vs ...] [--as SIDE] [--level L]
 *
 * Without --vs a new game asks who plays the other side. Against the computer the game is
 * open (no passphrases: the computer has none to keep), its dice secret unless --seed.
 *
 * Without --seed the dice are secret (a 256-bit seed from the system's random source) and
 * each side may set a passphrase: a sealed game (docs/fair-play.md). Each game is
 * autosaved after every command to its own file in the state directory (games.h; a
 * journal, docs/reliability.md), held by this process while it plays; `murk play` alone
 * offers to resume an unfinished one that no other process holds. */
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

#include "autosave.h"
#include "cli.h"
#include "fileio.h"
#include "games.h"
#include "missions.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/rules.h"
#include "murk/save.h"
#include "murk/seal.h"
#include "savelock.h"
#include "sealio.h"
#include "session.h"
#include "sim.h"
#include "sodium.h"
#include "term.h"
#include "text.h"

#define PLAY_DEFAULT_MISSION "luneville"

/* How the session saves: sealed under both keys, or open; every file 0600. The autosave is
 * a journal brought up to date after every key (journal_now), so that nothing acknowledged
 * is lost however the process ends (docs/reliability.md); other files are written whole. */
struct play_saver {
  struct murk_sealer* sealer;
  const struct murk_game* g;
  const char* autosave;          /* NULL: none */
  struct murk_autosave* journal; /* the autosave's journal */
  bool failed;                   /* it could not be written: the game stopped */
};

static int save_game(void* ctx, const struct murk_game* g, const char* path, char* err, size_t n) {
  struct play_saver* ps = ctx;
  if (ps->journal && strcmp(path, ps->autosave) == 0)
    return murk_autosave_update(ps->journal, g, err, n);
  /* `:save FILE` is not written over a game another process keeps (savelock.h). */
  pid_t holder = cli_savelock_holder(path);
  if (holder != 0 && holder != getpid()) {
    snprintf(err, n, "%s is in use by process %ld (another murk has that game open)", path,
             (long)holder);
    return -1;
  }
  return murk_save_whole(g, ps->sealer, path, 0600, NULL, NULL, err, n);
}

/* After every key and idle moment (term.h): the autosave gets the commands made since, each
 * written and synced, before the next key is read. Nothing is written before the first
 * command (the autosave of a game not yet played may be another game's). A journal that
 * cannot be written ends the game: murk takes no command it cannot keep. */
static int journal_now(void* ctx, char* err, size_t n) {
  struct play_saver* ps = ctx;
  if (!ps->journal || ps->failed || murk_game_log_count(ps->g) == 0) return 0;
  char why[512];
  if (murk_autosave_update(ps->journal, ps->g, why, sizeof why) == 0) return 0;
  ps->failed = true;
  snprintf(err, n, "cannot save the game: %s; the game stops here", why);
  return -1;
}

static bool check_pass(void* ctx, enum murk_side side, const char* pass, size_t len) {
  const struct play_saver* ps = ctx;
  return murk_sealer_check(ps->sealer, side, pass, len);
}

static bool read_answer(char* buf, size_t n);

/* The opening question of rules (docs/commands.md, `murk play`): any rule the pair table
 * lets the mission's rules combine with may be added for this game, one name at a time.
 * False at the end of input. */
static bool ask_rules(struct murk_mission* m) {
  char own[400] = "";
  size_t len = 0;
  for (int r = 0; r < MURK_RULE_COUNT; r++)
    if (m->rule_on[r] && len < sizeof own)
      len += (size_t)snprintf(own + len, sizeof own - len, "%s%s", len ? ", " : "",
                              murk_rule_name((enum murk_rule_id)r));
  printf("Special rules of this mission: %s.\n", len ? own : "none");
  for (;;) {
    printf(
        "Add a rule for this game? Its name (double_blind: enemies seen only in line of sight;\n"
        "fog_of_war, limited_intelligence, ...: docs/rules.md), or Enter for none: ");
    fflush(stdout);
    char ans[64];
    if (!read_answer(ans, sizeof ans)) return false;
    if (!ans[0]) return true;
    char err[400];
    if (murk_mission_add_rules(m, ans, err, sizeof err) != MURK_OK)
      printf("Not added: %s.\n", err);
    else
      printf("Added: %s.\n", ans);
  }
}

/* Start a new game of the mission file at path, with the rules of `with` added (and those
 * the players add when asked): with a seed (an open game), or with a secret 256-bit one
 * from the system's random source. */
static int new_game(const char* path, const char* with, bool ask, bool has_seed, uint64_t seed,
                    struct murk_mission** m, struct murk_game** g) {
  struct murk_diags* d = murk_malloc(sizeof *d);
  if (!d) return MURK_ENOMEM;
  murk_diags_init(d, path);
  int rc = murk_mission_load(path, m, d);
  if (rc != MURK_OK) murk_cli_print_diags(d, stderr);
  murk_free(d);
  if (rc != MURK_OK) return rc;
  if (murk_cli_with_add(*m, with, "--with") != 0) return MURK_EINVAL;
  if (ask && !ask_rules(*m)) {
    murk_cli_error("no answer: which rules to add?");
    return MURK_EINVAL;
  }
  if (has_seed) {
    rc = murk_game_new(*m, seed, g);
  } else {
    unsigned char key[MURK_DICE_KEY_BYTES];
    randombytes_buf(key, sizeof key);
    rc = murk_game_new_keyed(*m, key, g);
    sodium_memzero(key, sizeof key);
  }
  if (rc != MURK_OK) murk_cli_error("cannot start %s: %s", path, murk_strerror(rc));
  return rc;
}

/* The side a mission's tutorial teaches (mission.h), or MURK_NO_SIDE: none, or the file
 * does not load (new_game says why). */
static enum murk_side tutorial_side(const char* path) {
  struct murk_diags* d = murk_malloc(sizeof *d);
  if (!d) return MURK_NO_SIDE;
  struct murk_mission* m = NULL;
  enum murk_side side = MURK_NO_SIDE;
  if (murk_mission_load(path, &m, d) == MURK_OK) side = m->tutorial.side;
  murk_mission_free(m);
  murk_free(d);
  return side;
}

/* The computer's seat: its own generator and plan, and nothing of the game but the view the
 * session hands it (session.h). Its level chooses the player: normal the computer, easy
 * the greedy player (src/sim). */
struct computer_seat {
  enum murk_policy policy;
  struct murk_rng rng;
  struct murk_policy_plan plan;
};

static const enum murk_policy level_policy[MURK_LEVELS] = {
    [MURK_LEVEL_NORMAL] = MURK_POLICY_COMPUTER,
    [MURK_LEVEL_EASY] = MURK_POLICY_GREEDY,
};

static int computer_act(void* ctx, const struct murk_view* v, tui_offer_fn offer, void* offer_ctx,
                        char* reason, size_t reason_len) {
  struct computer_seat* cs = ctx;
  return murk_sim_decide(cs->policy, v, &cs->rng, &cs->plan, offer, offer_ctx, NULL, NULL, NULL,
                         NULL, reason, reason_len);
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
  size_t shown = 0, busy = 0;
  size_t pick[9];
  for (size_t i = 0; i < count && shown < 9; i++) {
    if (!list[i].ok || list[i].over) continue;
    /* A game another process holds (a host serves it, another murk play has it) is not
     * offered: two writers would lose each other's commands (savelock.h). */
    pid_t holder = cli_savelock_holder(list[i].path);
    if (holder != 0) {
      if (busy++ == 0) printf("In use elsewhere (not offered):\n");
      const char* base = strrchr(list[i].path, '/');
      char esc[4 * 64];
      printf("  -  %s: in use by process %ld\n",
             murk_cli_escape(base ? base + 1 : list[i].path, esc, sizeof esc),
             (long)(holder > 0 ? holder : 0));
      continue;
    }
    pick[shown++] = i;
  }
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
    /* The mission's name comes from a file: escaped (text.h). */
    char name[25], esc[4 * sizeof name];
    snprintf(name, sizeof name, "%.24s", sg->mission);
    printf("  %zu  %-24s %-8s %s to act, %s%s%s, last played %s\n", k + 1,
           murk_cli_escape(name, esc, sizeof esc), turn, sg->to_act, sg->sealed ? "sealed" : "open",
           strncmp(sg->seats, "vs computer", 11) == 0 ? ", against the computer" : "",
           strncmp(sg->seats, "vs computer", 11) == 0 ? sg->seats + 11 : "", when);
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

/* How well the computer plays, asked after its side when --level does not say. false at the
 * end of input. */
static bool ask_level(enum murk_level* level) {
  printf(
      "How well does the computer play?  1  normal   2  easy (it plays like the greedy player)\n"
      "Choose 1 or 2 (Enter: 1): ");
  fflush(stdout);
  char ans[16];
  for (;;) {
    if (!read_answer(ans, sizeof ans)) return false;
    if (!ans[0] || strcmp(ans, "1") == 0) {
      *level = MURK_LEVEL_NORMAL;
      return true;
    }
    if (strcmp(ans, "2") == 0) {
      *level = MURK_LEVEL_EASY;
      return true;
    }
    printf("1 or 2: ");
    fflush(stdout);
  }
}

/* Who plays the other side, asked before a new game when --vs does not say: 0 a person
 * here, 1 the computer (then *as the person's side). -1 at the end of input. */
static int ask_opponent(enum murk_side* as) {
  printf(
      "Who plays the other side?\n"
      "  1  a person at this keyboard (you take turns, with a hand-over screen between)\n"
      "  2  the computer\n"
      "Choose 1 or 2 (Enter: 1): ");
  fflush(stdout);
  char ans[16];
  for (;;) {
    if (!read_answer(ans, sizeof ans)) return -1;
    if (!ans[0] || strcmp(ans, "1") == 0) return 0;
    if (strcmp(ans, "2") == 0) break;
    printf("1 or 2: ");
    fflush(stdout);
  }
  printf("Which side do you play?  1  the attacker   2  the defender (Enter: 1): ");
  fflush(stdout);
  for (;;) {
    if (!read_answer(ans, sizeof ans)) return -1;
    if (!ans[0] || strcmp(ans, "1") == 0) {
      *as = MURK_ATTACKER;
      return 1;
    }
    if (strcmp(ans, "2") == 0) {
      *as = MURK_DEFENDER;
      return 1;
    }
    printf("1 or 2: ");
    fflush(stdout);
  }
}

/* Each side sets a passphrase (typed twice, not shown), or both leave theirs empty for an
 * open game, and the players are told what its save gives away. A sealed game needs both,
 * each past the strength floor (murk_pass_weak says why one is not). Returns 0, or -1 (no
 * terminal). */
static int ask_passphrases(struct murk_passes* p) {
  printf(
      "A sealed game: each side sets a passphrase, so that the save keeps each side's secrets\n"
      "and the hand-over asks for it. Leave both empty for an open game.\n");
  fflush(stdout);
  for (;;) {
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
        char why[320];
        if (murk_pass_weak(p->pass[side], p->len[side], why, sizeof why)) {
          printf("Not that one: %s.\n", why);
          continue;
        }
        if (murk_pass_prompt("Again: ", again, sizeof again, &alen) != 0) return -1;
        bool same = alen == p->len[side] && sodium_memcmp(again, p->pass[side], alen) == 0;
        sodium_memzero(again, sizeof again);
        if (same) break;
        printf("The two do not match; once more.\n");
      }
      p->have[side] = true;
    }
    if ((p->len[0] == 0) == (p->len[1] == 0)) break;
    printf(
        "\nA sealed game needs a passphrase for each side: an empty one would let anyone read\n"
        "that side's record, and with the other passphrase the whole game and its dice.\n"
        "Both again (or both empty for an open game).\n");
    murk_passes_wipe(p);
  }
  if (p->len[0] == 0) {
    printf(
        "\nAn open game. Its save is plain text: anyone who reads it sees both sides' setups\n"
        "and every command, and its dice key, which tells every die still to come. It can be\n"
        "edited (its hash chain only finds damage). See docs/fair-play.md.\n");
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

/* The saves this game writes or reads, held for its life (savelock.h). */
struct play_locks {
  struct cli_savelock* load;
  struct cli_savelock* autosave;
};

/* Hold the save at path: 0, or -1 with the reason said (another process has it, or its
 * folder cannot be written: a game that cannot be kept is not started). */
static int hold(const char* path, struct cli_savelock** l) {
  char err[PATH_MAX + 160];
  int rc = cli_savelock_take(path, l, err, sizeof err);
  if (rc == 0) return 0;
  if (rc > 0)
    murk_cli_error("%s", err);
  else
    murk_cli_error("cannot keep the game: %s", err);
  return -1;
}

static int play(const struct murk_args* a, struct murk_passes* passes, struct murk_sealer* sealer,
                struct play_locks* locks);

static int cmd_play_exec(const struct murk_args* a) {
  struct murk_passes passes = {0};
  struct murk_sealer sealer = {0};
  struct play_locks locks = {0};
  int rc = play(a, &passes, &sealer, &locks);
  murk_passes_wipe(&passes);
  murk_sealer_wipe(&sealer);
  cli_savelock_free(locks.autosave);
  cli_savelock_free(locks.load);
  return rc;
}

static int play(const struct murk_args* a, struct murk_passes* passes, struct murk_sealer* sealer,
                struct play_locks* locks) {
  const char* mission = a->argc ? a->argv[0] : NULL;
  const char* load = murk_args_get(a, "load");
  bool open = murk_args_has(a, "open");
  uint64_t seed = 0;
  int has_seed = murk_args_number(a, "seed", 0, UINT64_MAX, &seed);
  if (has_seed < 0) return MURK_EXIT_USAGE;
  uint64_t last_turn = 0;
  int has_last = murk_args_number(a, "last-turn", 1, 100, &last_turn);
  if (has_last < 0) return MURK_EXIT_USAGE;
  if (load && (mission || has_seed || open || murk_args_has(a, "with")))
    return murk_args_error(
        a, "--load takes the mission and seed from the save, and the rules it was started with");
  if (load && has_last) return murk_args_error(a, "--load takes the last turn from the save");
  char with[512];
  int wrc = murk_cli_with_list(a, with, sizeof with);
  if (wrc != 0) return wrc;
  if (!load && murk_args_has(a, "passphrase-file"))
    return murk_args_error(a,
                           "--passphrase-file goes with --load (a new game asks for passphrases)");
  /* Seats: --vs says who plays the other side, --as which side the person takes. */
  const char* vs = murk_args_get(a, "vs");
  const char* as_arg = murk_args_get(a, "as");
  int versus = -1; /* -1 ask (a new game), 0 a person here, 1 the computer */
  if (vs && strcmp(vs, "human") == 0)
    versus = 0;
  else if (vs && strcmp(vs, "computer") == 0)
    versus = 1;
  else if (vs)
    return murk_args_error(a, "--vs takes human or computer, not '%s'", vs);
  enum murk_side person = MURK_ATTACKER;
  if (as_arg) person = murk_side_parse(as_arg);
  if (as_arg && person == MURK_NO_SIDE)
    return murk_args_error(a, "--as takes attacker or defender, not '%s'", as_arg);
  if (as_arg && versus != 1) return murk_args_error(a, "--as goes with --vs computer");
  const char* level_arg = murk_args_get(a, "level");
  int level = -1; /* -1: ask (a new game against the computer), or the save's */
  if (level_arg && (level = murk_level_parse(level_arg, strlen(level_arg))) < 0)
    return murk_args_error(a, "--level takes easy or normal, not '%s'", level_arg);
  if (level_arg && versus == 0) return murk_args_error(a, "--level goes with --vs computer");

  /* The mission first: a wrong name is worth saying wherever murk runs. */
  char found[PATH_MAX], real[PATH_MAX];
  const char* path = NULL;
  if (mission) {
    if (!murk_cli_mission_find(mission, NULL, found, sizeof found)) {
      murk_cli_mission_not_found(mission);
      return MURK_EXIT_INVALID;
    }
    /* Absolute, so the autosave (in another folder) names the mission wherever it is
     * loaded from. */
    path = realpath(found, real) ? real : found;
  }
  int prc = murk_passes_from_args(passes, a);
  if (prc != 0) return prc;

  setlocale(LC_ALL, "");
  bool ascii = !tui_term_locale_utf8();
  if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
    fprintf(stderr, "murk: play needs a terminal (for a game without one: murk run)\n");
    return MURK_EXIT_INVALID;
  }
  /* A terminal that cannot play is refused before any question (who plays, passphrases). */
  char terr[256];
  if (tui_term_check(terr, sizeof terr) != 0) {
    fprintf(stderr, "murk: %s\n", terr);
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
  /* A game against the computer is sealed under murk's own random passphrases, kept in
   * the keys folder beside its save (sealio.h): nobody types them. */
  struct murk_passes own = {0};
  bool own_keys = false;
  if (load && hold(load, &locks->load) != 0) return MURK_EXIT_INVALID;
  if (load) {
    if (!murk_passes_any(passes) && murk_computer_keys_read(load, &own)) {
      *passes = own;
      own_keys = true;
    }
    char note[PATH_MAX + 256] = "";
    rc = murk_game_load_noted(load, passes, sealer, note, sizeof note, &m, &g);
    murk_passes_wipe(passes);
    if (rc == MURK_OK && note[0]) {
      /* Said before the screen takes the terminal, and waited for: it is worth reading. */
      char esc[4 * sizeof note];
      printf("Note: %s.\nPress Enter to play. ", murk_cli_escape(note, esc, sizeof esc));
      fflush(stdout);
      char ans[8];
      if (!read_answer(ans, sizeof ans)) rc = MURK_EINVAL;
    }
    if (rc == MURK_OK && level < 0) level = (int)murk_game_level(g);
    if (rc == MURK_OK && versus < 0) {
      /* The seats the save keeps (none in a save older than seats: two people here). */
      enum murk_seat sa = murk_game_seat(g, MURK_ATTACKER), sd = murk_game_seat(g, MURK_DEFENDER);
      versus = (sa == MURK_SEAT_COMPUTER) != (sd == MURK_SEAT_COMPUTER) ? 1 : 0;
      if (versus) person = sa == MURK_SEAT_COMPUTER ? MURK_DEFENDER : MURK_ATTACKER;
    } else if (rc == MURK_OK && versus == 1 && !as_arg &&
               murk_game_seat(g, MURK_ATTACKER) == MURK_SEAT_COMPUTER) {
      person = MURK_DEFENDER; /* --vs computer alone: the person keeps the side they had */
    }
    if (rc == MURK_OK) {
      seed = murk_game_seed(g);
      /* A game of the state directory goes on in its own file; any other gets one. */
      if (dir[0] && in_dir(load, dir))
        snprintf(autosave, sizeof autosave, "%s", load);
      else if (dir[0])
        murk_new_game_path(dir, m->id, autosave, sizeof autosave);
    }
  } else {
    if (!path) {
      /* Not resumed: the default mission. */
      if (!murk_cli_mission_find(PLAY_DEFAULT_MISSION, NULL, found, sizeof found)) {
        murk_cli_mission_not_found(PLAY_DEFAULT_MISSION);
        return MURK_EXIT_INVALID;
      }
      path = realpath(found, real) ? real : found;
    }
    /* A tutorial is a game against the computer from the side it teaches, unless --vs
     * says otherwise: a first game asks nothing. */
    if (versus < 0 && (person = tutorial_side(path)) != MURK_NO_SIDE)
      versus = 1;
    else if (versus < 0)
      person = MURK_ATTACKER;
    bool asked = versus < 0 && !murk_args_has(a, "with");
    bool opponent_asked = versus < 0;
    if (versus < 0) {
      versus = ask_opponent(&person);
      if (versus < 0) {
        murk_cli_error("no answer: who plays the other side?");
        return MURK_EXIT_INVALID;
      }
    }
    /* The opening questions offer the level; --vs computer alone plays at normal. */
    enum murk_level asked_level = MURK_LEVEL_NORMAL;
    if (versus == 1 && level < 0 && opponent_asked) {
      if (!ask_level(&asked_level)) {
        murk_cli_error("no answer: how well does the computer play?");
        return MURK_EXIT_INVALID;
      }
      level = (int)asked_level;
    }
    rc = new_game(path, with, asked, has_seed, seed, &m, &g);
    if (rc == MURK_OK && has_last) murk_game_set_last_turn(g, (int)last_turn);
    if (rc == MURK_OK && !has_seed && !open && versus == 0) {
      if (ask_passphrases(passes) != 0) {
        murk_cli_error("no passphrases given");
        rc = MURK_EINVAL;
      } else if (passes->len[0] || passes->len[1]) {
        if (murk_sealer_start(sealer, passes) != 0) rc = MURK_EINVAL;
      }
      murk_passes_wipe(passes);
    }
    if (rc == MURK_OK && !has_seed && !open && versus == 1 && dir[0]) {
      murk_passes_random(&own);
      own_keys = true;
      if (murk_sealer_start(sealer, &own) != 0) rc = MURK_EINVAL;
    }
    if (rc == MURK_OK && dir[0]) murk_new_game_path(dir, m->id, autosave, sizeof autosave);
  }
  /* The keys go with the autosave, a new one or a loaded save's new home. */
  if (rc == MURK_OK && own_keys && sealer->on && autosave[0] &&
      (!load || strcmp(load, autosave) != 0)) {
    char kerr[256] = "";
    if (murk_computer_keys_write(autosave, &own, kerr, sizeof kerr) != 0) {
      murk_cli_error("%s", kerr);
      rc = MURK_EINVAL;
    }
  }
  murk_passes_wipe(&own);
  /* The autosave is held too when it is a new file (a game resumed from the state
   * directory goes on in the file already held). */
  if (rc == MURK_OK && autosave[0] && !(load && strcmp(autosave, load) == 0) &&
      hold(autosave, &locks->autosave) != 0)
    rc = MURK_EINVAL;
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
  struct play_saver ps = {.sealer = sealer, .g = g, .autosave = autosave[0] ? autosave : NULL};
  if (ps.autosave && !(ps.journal = murk_autosave_new(autosave, sealer, 0600))) {
    fprintf(stderr, "murk: out of memory\n");
    murk_game_free(g);
    murk_mission_free(m);
    return MURK_EXIT_INVALID;
  }
  /* The computer's generator: from an open game's seed, else from the system (its choices
   * need not be replayed: the save keeps its commands). */
  struct computer_seat cs;
  memset(&cs, 0, sizeof cs);
  if (level < 0 || versus != 1) level = MURK_LEVEL_NORMAL;
  cs.policy = level_policy[level];
  enum murk_side machine = murk_side_other(person);
  if (murk_game_dice_key(g)) {
    uint64_t r;
    randombytes_buf(&r, sizeof r);
    murk_policy_seed(&cs.rng, r, machine);
  } else {
    murk_policy_seed(&cs.rng, seed, machine);
  }
  struct tui_seat computer = {.name = "the computer", .act = computer_act, .ctx = &cs};
  struct tui_session_opts o = {
      .seed = seed,
      .secret_dice = murk_game_dice_key(g) != NULL,
      .opponent =
          versus == 1 ? (level == MURK_LEVEL_EASY ? "computer: easy" : "computer: normal") : NULL,
      .sealed = sealer->on && !own_keys, /* murk's own keys: no passphrase to ask for */
      .check_pass = check_pass,
      .check_ctx = &ps,
      .history_key = hkey_len ? hkey : NULL,
      .history_key_len = hkey_len,
      .autosave_path = autosave[0] ? autosave : NULL,
      .save_dir = dir[0] ? dir : NULL,
      .no_autosave_why = dir[0] ? NULL : "no HOME or XDG_STATE_HOME",
      .save = save_game,
      .save_ctx = &ps,
  };
  if (versus == 1) o.seat[machine] = &computer;
  /* The seats go into every save, so that a resumed game has the same ones. */
  murk_game_set_seat(g, person, MURK_SEAT_HUMAN);
  murk_game_set_seat(g, machine, versus == 1 ? MURK_SEAT_COMPUTER : MURK_SEAT_HUMAN);
  murk_game_set_level(g, (enum murk_level)level);
  struct tui_session* s = NULL;
  rc = tui_session_new(g, &o, &s);
  sodium_memzero(hkey, sizeof hkey);
  if (rc != MURK_OK) {
    fprintf(stderr, "murk: out of memory\n");
    murk_autosave_free(ps.journal);
    murk_policy_plan_free(&cs.plan);
    murk_game_free(g);
    murk_mission_free(m);
    return MURK_EXIT_INVALID;
  }
  char err[256] = "";
  int run = tui_term_run_with(s, ascii, journal_now, &ps, err, sizeof err);
  /* However the game ended, the latest state goes to the autosave. */
  char serr[256] = "";
  bool played = murk_game_log_count(g) > 0;
  bool saved = played && o.autosave_path && tui_session_autosave(s, serr, sizeof serr) == 0;
  bool over = murk_game_phase(g) == MURK_PHASE_OVER;
  bool secret = murk_game_dice_key(g) != NULL;
  tui_session_free(s);
  murk_autosave_free(ps.journal);
  murk_policy_plan_free(&cs.plan);
  murk_game_free(g);
  murk_mission_free(m);
  if (run < 0) murk_cli_error("%s", err);
  if (saved && over && own_keys)
    murk_cli_diag(
        "murk: the game is over (saved in %s): murk replay %s --passphrase-file "
        "attacker:KEYS.attacker --passphrase-file defender:KEYS.defender prints the "
        "whole game, KEYS being %s/keys/ and the save's name",
        autosave, autosave, dir);
  else if (saved && over && sealer->on)
    /* Nothing to go on with once the game is over: where it is kept and how to read it. */
    murk_cli_diag(
        "murk: the game is over (saved in %s): with both passphrases, murk replay %s prints the "
        "whole game (redirect it to a file to keep it in the clear)",
        autosave, autosave);
  else if (saved && over)
    murk_cli_diag("murk: the game is over (saved in %s): murk replay %s prints the whole game",
                  autosave, autosave);
  else if (saved && !secret)
    murk_cli_diag("murk: game saved to %s (open, seed %" PRIu64
                  "); go on with: murk play --load %s",
                  autosave, seed, autosave);
  else if (saved)
    murk_cli_diag("murk: game saved to %s (%s); go on with: murk play --load %s", autosave,
                  sealer->on ? "sealed" : "open", autosave);
  else if (played && o.autosave_path)
    murk_cli_error("could not save the game: %s", serr);
  if (run < 0) return MURK_EXIT_INVALID;
  return run; /* 0, or 128 + a signal */
}

const struct murk_cmd_entry murk_cmd_play_entry = {
    .name = "play",
    .usage =
        "[MISSION] [--with RULE]... [--seed N] [--open] [--vs human|computer] [--as SIDE] "
        "[--level easy|normal] [--last-turn N]\n"
        "--load SAVE [--passphrase-file SIDE:FILE]... [--vs human|computer] [--as SIDE] "
        "[--level easy|normal]",
    .about = "a game at this terminal: hot-seat or against the computer",
    .help =
        "MISSION is a bundled mission's id (murk list) or a mission file; "
        "default " PLAY_DEFAULT_MISSION
        ".\n--with RULE adds a special rule to the mission for this game (double_blind,\n"
        "fog_of_war, ...: docs/rules.md), if the pair table lets it play with the mission's;\n"
        "without --vs a new game also asks. The save keeps it.\n"
        "--vs computer: the computer plays the other side (--as attacker or defender: yours,\n"
        "default attacker); --vs human: two people at this keyboard. Without --vs a new game\n"
        "asks; --load goes on with the save's seats (--vs overrides them).\n"
        "--level easy|normal: how well the computer plays (easy: like the greedy player);\n"
        "the opening questions ask (--vs computer alone: normal); the save keeps it, and\n"
        "--load --level changes it.\n"
        "Without --seed the dice are secret and each side may set a passphrase (a sealed\n"
        "game); --seed N or --open makes an open game. Saved games: murk saves.\n"
        "--last-turn N ends the game after turn N (tournament play; the save keeps it): the\n"
        "mission's rule for a game without a winner decides.\n"
        "Keys and screen: docs/playing.md, or ? in the game. Fair play: docs/fair-play.md.\n",
    .args = {"seed: open load: passphrase-file:... vs: as: with:... last-turn: level:", 0, 1},
    .exec = cmd_play_exec,
};
