/* cmd_join.c: `murk join` - play one side of a game that `murk host` holds (docs/playing.md,
 * "Playing over SSH"; the protocol: docs/protocol.md).
 *
 *   murk join SOCKET --as attacker|defender [--code CODE] [--passphrase-file SIDE:FILE]
 *             [--new-game]
 *
 * The TUI runs here as for a game against the computer, but the game is the host's: the
 * session (struct tui_remote, session.h) gets this side's views from the host and sends it
 * command lines. This process never has the game, nor anything of the other side but what
 * its own view says. */
#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "cli.h"
#include "fileio.h"
#include "games.h"
#include "jointmem.h"
#include "msg.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/view.h"
#include "sealio.h"
#include "seen.h"
#include "session.h"
#include "sodium.h"
#include "term.h"
#include "text.h"
#include "viewio.h"
#include "wire.h"

enum answer {
  ANS_NONE = 0,
  ANS_OK,
  ANS_NO,
  ANS_UNDONE,
  ANS_NOUNDO,
  ANS_HELLO,
  ANS_PASSOK,
  ANS_PASSBAD,
  ANS_BADCODE
};

struct joiner {
  int fd;
  enum murk_side side;
  char code[NET_CODE_LEN + 1]; /* the side's join code (normalised), "" to ask */
  char other[48];
  struct net_reader rd;
  struct net_view_reader* vr;
  bool in_view;
  struct net_buf pending; /* the lines of the view being read */
  struct net_buf text;    /* the lines of the newest whole view */
  struct net_view* latest;
  size_t commands; /* the side's own commands the game has taken (the host's view says) */
  bool news;
  enum answer answer;
  char answer_text[TUI_LINE_MAX + 64];
  long answer_num;
  char mode[16];
  bool secret;      /* the dice: secret, or the seed */
  bool sealed_cost; /* a sealed game: the cost its passphrase keys are derived at */
  unsigned long long cost_ops;
  size_t cost_mem;
  uint64_t seed;
  char wait[256];
  char notice[200]; /* the host's word of the other player leaving or back, not yet shown */
  bool gone;
  char why[512];
  /* What this client saw of the game, kept in its state directory (seen.h). */
  char seen_path[PATH_MAX];
  struct net_seen seen;
  bool undoing;           /* an undo was asked: its view may show one own command fewer */
  bool rewound;           /* the host came back behind what this side saw */
  struct cli_jointmem jm; /* the dice drawn jointly, the views, the record (jointmem.h) */
};

static int send_all(struct joiner* J, const struct net_buf* b);

/* ---- what this client saw: no rewind ----
 *
 * A host whose owner put back an older copy of its save would give this side its view of
 * an earlier game: a roll it saw could be rolled again, a move it saw made otherwise. The
 * client keeps, per host socket and side, in its own state directory
 * (XDG_STATE_HOME/murk/seen/, 0600), what it was shown that no undo takes back (seen.h:
 * its own record's final events and its own commands, never the game's whole count), and
 * refuses a host that shows less. A new game on the same socket: --new-game. */

/* Where this socket's and side's memory is, and what it holds (none: a new memory). */
static void seen_load(struct joiner* J, const char* socket_path, bool forget) {
  net_seen_start(&J->seen);
  J->seen_path[0] = '\0';
  char dir[PATH_MAX - 64], real[PATH_MAX];
  if (murk_state_dir(dir, sizeof dir) != 0) return;
  const char* where = realpath(socket_path, real) ? real : socket_path;
  unsigned char id[8];
  crypto_generichash_state st;
  crypto_generichash_init(&st, NULL, 0, sizeof id);
  crypto_generichash_update(&st, (const unsigned char*)where, strlen(where) + 1);
  crypto_generichash_update(&st, (const unsigned char*)murk_side_name(J->side),
                            strlen(murk_side_name(J->side)));
  crypto_generichash_final(&st, id, sizeof id);
  char hex[17];
  sodium_bin2hex(hex, sizeof hex, id, sizeof id);
  char seen[PATH_MAX - 32];
  snprintf(seen, sizeof seen, "%s/seen", dir);
  mkdir(dir, 0700);
  if (mkdir(seen, 0700) != 0 && errno != EEXIST) return;
  snprintf(J->seen_path, sizeof J->seen_path, "%s/%s", seen, hex);
  char* text = NULL;
  size_t len = 0;
  char err[64];
  if (forget || murk_file_read(J->seen_path, &text, &len, err, sizeof err) != 0) return;
  /* An older memory (of rolls alone) cannot be checked against a record: it starts anew. */
  net_seen_parse(&J->seen, text);
  murk_free(text);
}

/* Does view v show what this side saw, first and the same? Then remember it (on disk). */
static void seen_save(struct joiner* J);
static bool seen_check(struct joiner* J, const struct murk_view* v, size_t own) {
  if (!net_seen_check(&J->seen, v, own, J->undoing, J->why, sizeof J->why)) {
    J->rewound = true;
    return false;
  }
  seen_save(J);
  return true;
}

/* The memory to its file (said at the end when it cannot be kept). */
static void seen_save(struct joiner* J) {
  if (J->seen_path[0]) {
    char text[256], err[256];
    int n = net_seen_text(&J->seen, text, sizeof text);
    if (n < 0 ||
        murk_file_write_atomic_mode(J->seen_path, text, (size_t)n, 0600, err, sizeof err) != 0)
      J->seen_path[0] = '\0'; /* said at the end: the memory is not kept */
  }
}

static int on_line(void* ctx, char* line) {
  struct joiner* J = ctx;
  if (J->in_view || strncmp(line, "view begin ", 11) == 0) {
    J->in_view = true;
    net_buf_add(&J->pending, line, strlen(line));
    net_buf_eol(&J->pending);
    int rc = net_view_reader_line(J->vr, line);
    if (rc < 0) {
      snprintf(J->why, sizeof J->why, "the host sent a view this murk cannot read (%s)",
               net_view_reader_error(J->vr));
      return -1;
    }
    if (rc == 1) {
      struct net_view* nv = net_view_reader_take(J->vr, &J->commands);
      if (!nv || net_view_view(nv)->side != J->side) {
        net_view_free(nv);
        snprintf(J->why, sizeof J->why, "the host sent another side's view");
        return -1;
      }
      if (!seen_check(J, net_view_view(nv), J->commands)) {
        net_view_free(nv);
        return -1;
      }
      cli_jointmem_view(&J->jm, J->pending.p, J->pending.len, J->commands);
      net_view_free(J->latest);
      J->latest = nv;
      struct net_buf t = J->text;
      J->text = J->pending;
      J->pending = t;
      net_buf_reset(&J->pending);
      J->in_view = false;
      J->news = true;
    }
    return 0;
  }
  char* w[8];
  int n = net_split(line, w, 8);
  if (n <= 0) return -1;
  const char* a[NET_MSG_ARGS];
  bool ok = true;
  J->answer_text[0] = '\0';
  switch (net_msg_parse(w, n, true, a)) {
    case NET_MSG_OK:
      J->answer = ANS_OK;
      break;
    case NET_MSG_NO:
      ok = net_int(a[0], 0, 100000, &J->answer_num) &&
           net_str(a[1], J->answer_text, sizeof J->answer_text);
      J->answer = ANS_NO;
      break;
    case NET_MSG_UNDONE:
      ok = net_str(a[0], J->answer_text, sizeof J->answer_text);
      J->answer = ANS_UNDONE;
      break;
    case NET_MSG_NOUNDO:
      ok = net_str(a[0], J->answer_text, sizeof J->answer_text);
      J->answer = ANS_NOUNDO;
      break;
    case NET_MSG_HELLO: {
      snprintf(J->mode, sizeof J->mode, "%s", a[2]);
      unsigned long long seed = 0;
      J->secret = strcmp(a[3], "secret") == 0;
      if (!J->secret && sscanf(a[3], "%llu", &seed) == 1) J->seed = (uint64_t)seed;
      J->sealed_cost = net_cost_parse(a[4], &J->cost_ops, &J->cost_mem);
      ok = J->sealed_cost || strcmp(a[4], "-") == 0;
      J->answer = ANS_HELLO;
      break;
    }
    case NET_MSG_PASSOK:
      J->answer = ANS_PASSOK;
      break;
    case NET_MSG_PASSBAD:
      ok = net_int(a[0], 0, 100, &J->answer_num);
      J->answer = ANS_PASSBAD;
      break;
    case NET_MSG_BADCODE:
      ok = net_int(a[0], 0, 100, &J->answer_num);
      J->answer = ANS_BADCODE;
      break;
    case NET_MSG_WAIT: /* said before the TUI starts */
      ok = net_str(a[0], J->wait, sizeof J->wait);
      break;
    case NET_MSG_LEFT:
    case NET_MSG_BACK:
      ok = net_str(a[0], J->notice, sizeof J->notice);
      break;
    case NET_MSG_DRAW:
    case NET_MSG_JOINT: {
      /* The dice drawn jointly (jointmem.h): commit to a part, then reveal it once the
       * three commitments are shown. */
      char hex[2 * NET_JOINT_BYTES + 1];
      struct net_buf b = {0};
      int k = net_msg_parse(w, n, true, a);
      if (k == NET_MSG_DRAW) {
        cli_jointmem_draw(&J->jm, J->side, hex);
        net_msg_put(&b, NET_MSG_COMMIT, hex);
      } else {
        const char* commits[3] = {a[1], a[2], a[3]};
        bool reveal = !strcmp(a[0], "reveal");
        int found = reveal || !strcmp(a[0], "kept")
                        ? cli_jointmem_commits(&J->jm, J->side, commits, hex)
                        : -1;
        /* A part this client does not have: it cannot reveal it, but it may play on (its
         * record cannot be checked: said at the end). */
        if (found < 0 || (found > 0 && reveal)) {
          if (!J->jm.why[0]) snprintf(J->jm.why, sizeof J->jm.why, "a bad joint line");
          snprintf(J->why, sizeof J->why, "%.400s", J->jm.why);
          J->rewound = true; /* said as it is, not as a dropped connection */
          return -1;
        }
        if (reveal) net_msg_put(&b, NET_MSG_REVEAL, hex);
        sodium_memzero(hex, sizeof hex);
      }
      int rc = b.len ? send_all(J, &b) : 0;
      net_buf_free(&b);
      if (rc != 0) return -1;
      break;
    }
    case NET_MSG_RECORD: {
      char* text = net_str_dup(a[0]);
      if (!text) {
        ok = false;
        break;
      }
      cli_jointmem_record_line(&J->jm, text);
      murk_free(text);
      break;
    }
    case NET_MSG_RECORDED:
      ok = net_int(a[0], 0, 100000000, &J->answer_num) &&
           cli_jointmem_record_end(&J->jm, J->answer_num) == 0;
      break;
    case NET_MSG_BYE: {
      char why[200] = "";
      net_str(a[0], why, sizeof why);
      snprintf(J->why, sizeof J->why, "the host said: %s", why);
      J->gone = true;
      return 1;
    }
    default:
      ok = false;
      break;
  }
  if (!ok) {
    snprintf(J->why, sizeof J->why, "the host sent what this murk cannot read");
    return -1;
  }
  return 0;
}

/* Read what the host sent, waiting up to ms (-1: until something came). 0, or -1: gone. */
static int pump(struct joiner* J, int ms) {
  if (J->gone) return -1;
  struct pollfd p = {.fd = J->fd, .events = POLLIN};
  int r = poll(&p, 1, ms);
  if (r < 0 && errno == EINTR) return 0;
  if (r <= 0) return r == 0 ? 0 : -1;
  char buf[65536];
  ssize_t n = recv(J->fd, buf, sizeof buf, 0);
  if (n <= 0) {
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) return 0;
    if (!J->why[0]) snprintf(J->why, sizeof J->why, "the host closed the connection");
    J->gone = true;
    return -1;
  }
  int rc = net_reader_feed(&J->rd, buf, (size_t)n, on_line, J);
  if (rc < 0 || J->gone) {
    if (!J->why[0]) snprintf(J->why, sizeof J->why, "the host sent a line too long");
    J->gone = true;
    return -1;
  }
  return 0;
}

static int send_all(struct joiner* J, const struct net_buf* b) {
  size_t at = 0;
  while (at < b->len) {
    ssize_t n = send(J->fd, b->p + at, b->len - at, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      snprintf(J->why, sizeof J->why, "the host closed the connection");
      J->gone = true;
      return -1;
    }
    at += (size_t)n;
  }
  return 0;
}

/* Send a message and wait for its answer. The answer, or ANS_NONE when the host is gone or
 * a quit signal came meanwhile (Ctrl-C, SIGTERM, SIGHUP: a host that is stopped must not
 * hold the player here; the key loop then ends the game, term.h). */
static enum answer ask(struct joiner* J, struct net_buf* b) {
  J->answer = ANS_NONE;
  if (b->failed || send_all(J, b) != 0) return ANS_NONE;
  while (J->answer == ANS_NONE) {
    if (tui_term_pending_signal()) return ANS_NONE;
    if (pump(J, 250) != 0) return ANS_NONE;
  }
  return J->answer;
}

/* ---- the session's remote (session.h) ---- */

static const struct murk_view* r_latest(void* ctx) {
  struct joiner* J = ctx;
  return J->latest ? net_view_view(J->latest) : NULL;
}

static int r_view(void* ctx, struct murk_view** out) {
  struct joiner* J = ctx;
  struct net_view* nv = net_view_parse(J->text.p, J->text.len, NULL);
  *out = nv ? net_view_view(nv) : NULL;
  return nv ? MURK_OK : MURK_ENOMEM;
}

static void r_view_free(void* ctx, struct murk_view* v) {
  (void)ctx;
  net_view_free(net_view_of(v));
}

static const struct murk_mission* r_table(void* ctx) {
  struct joiner* J = ctx;
  return net_view_table(J->latest);
}

static size_t r_commands(void* ctx) {
  struct joiner* J = ctx;
  return J->commands;
}

static int r_send(void* ctx, const char* line, char* reason, size_t n, int* col) {
  struct joiner* J = ctx;
  struct net_buf b = {0};
  net_msg_put(&b, NET_MSG_CMD, line);
  cli_jointmem_ask(&J->jm, line);
  enum answer a = ask(J, &b);
  net_buf_free(&b);
  if (a == ANS_OK || a == ANS_NO) cli_jointmem_answer(&J->jm, a == ANS_OK);
  if (a == ANS_OK) return MURK_OK;
  if (a == ANS_NO) {
    snprintf(reason, n, "%s", J->answer_text);
    *col = (int)J->answer_num;
    return *col > 0 ? MURK_EINVAL : MURK_EREJECTED;
  }
  return MURK_EIO;
}

static int r_undo(void* ctx, char* taken, size_t tn, char* reason, size_t n) {
  struct joiner* J = ctx;
  struct net_buf b = {0};
  net_msg_put(&b, NET_MSG_UNDO);
  J->undoing = true;
  /* Kept before it goes: a connection lost before the answer leaves the next join to see
   * one own command fewer (seen.h). */
  J->seen.undo_asked = true;
  seen_save(J);
  cli_jointmem_ask(&J->jm, NULL);
  enum answer a = ask(J, &b);
  J->undoing = false;
  net_buf_free(&b);
  if (a == ANS_UNDONE || a == ANS_NOUNDO) cli_jointmem_answer(&J->jm, a == ANS_UNDONE);
  if (a == ANS_NOUNDO && J->seen.undo_asked) { /* nothing taken back: none may be */
    J->seen.undo_asked = false;
    seen_save(J);
  }
  if (a == ANS_UNDONE) {
    snprintf(taken, tn, "%s", J->answer_text);
    return MURK_OK;
  }
  if (a == ANS_NOUNDO) {
    snprintf(reason, n, "%s", J->answer_text);
    return MURK_EREJECTED;
  }
  return MURK_EIO;
}

static void r_history(void* ctx, char* buf, size_t n) {
  struct joiner* J = ctx;
  char fp[NET_SEEN_FINGERPRINT];
  net_seen_fingerprint(&J->seen, fp);
  snprintf(buf, n, "%s", fp);
}

static int r_poll(void* ctx) {
  struct joiner* J = ctx;
  if (pump(J, 0) != 0) return MURK_EIO;
  bool news = J->news && !J->in_view;
  J->news = false;
  return news ? 1 : 0;
}

static bool r_notice(void* ctx, char* buf, size_t n) {
  struct joiner* J = ctx;
  if (!J->notice[0]) return false;
  snprintf(buf, n, "%s", J->notice);
  J->notice[0] = '\0';
  return true;
}

/* A game over whose dice were drawn with this client: its record comes with the last view
 * (docs/protocol.md, "The record"); a host that sends none is said to have sent none. */
static void await_record(struct joiner* J) {
  if (!J->latest || net_view_view(J->latest)->phase != MURK_PHASE_OVER || !J->jm.has_mine) return;
  for (int i = 0; i < 30 && !J->jm.record_path[0] && !J->jm.why[0] && !J->gone; i++) pump(J, 100);
  if (!J->jm.record_path[0] && !J->jm.why[0])
    snprintf(J->jm.why, sizeof J->jm.why,
             "the game is over but the host sent no record of it: its dice and commands "
             "cannot be checked");
}

/* ---- joining ---- */

static int connect_to(const char* path) {
  struct sockaddr_un a;
  char err[PATH_MAX + 64];
  int fd = murk_unix_socket(path, &a, err, sizeof err);
  if (fd < 0) {
    murk_cli_error("%s", err);
    return -1;
  }
  if (connect(fd, (struct sockaddr*)&a, sizeof a) != 0) {
    murk_cli_error("cannot reach a host at %s: %s", path, strerror(errno));
    close(fd);
    return -1;
  }
  return fd;
}

/* The side's join code, asked at the terminal (the host printed one a side); false when
 * none was typed. */
static bool ask_code(struct joiner* J) {
  for (;;) {
    printf("The %s's join code (from the host's starter): ", murk_side_name(J->side));
    fflush(stdout);
    char line[128];
    if (!fgets(line, sizeof line, stdin)) return false;
    line[strcspn(line, "\r\n")] = '\0';
    if (!line[0]) return false;
    if (net_code_normal(line, J->code)) return true;
    printf("A join code is %d letters and digits (a dash may split them); once more.\n",
           NET_CODE_LEN);
  }
}

/* Claim the side's seat (its join code), prove the side to the host (its passphrase), then
 * wait for the first view. */
static int join(struct joiner* J, struct murk_passes* passes, bool code_given) {
  enum answer a;
  for (;;) {
    struct net_buf b = {0};
    net_msg_put(&b, NET_MSG_JOIN, (long)NET_PROTOCOL, murk_side_name(J->side), J->code);
    a = ask(J, &b);
    net_buf_free(&b);
    if (a != ANS_BADCODE) break;
    snprintf(J->why, sizeof J->why, "the host refused the %s's join code", murk_side_name(J->side));
    printf("Wrong join code for the %s (%ld more tries).\n", murk_side_name(J->side),
           J->answer_num);
    fflush(stdout);
    if (code_given || !ask_code(J)) return -1;
  }
  if (a != ANS_HELLO) return -1;
  const char* side = murk_side_name(J->side);
  if (strcmp(J->mode, "none") != 0) {
    /* What guessing a passphrase costs is the same for both sides, and both see it: a host
     * that derives the keys cheaply (MURK_PWHASH in its starter's environment) is refused
     * here as a save made so is refused (docs/fair-play.md, "Passphrases"). */
    struct murk_seal_header ch = {.ops = J->cost_ops, .mem = J->cost_mem};
    char cost[128];
    murk_seal_cost_text(&ch, cost, sizeof cost);
    if (!J->sealed_cost || !murk_seal_cost_ok(&ch)) {
      snprintf(J->why, sizeof J->why,
               "the host derives the passphrases' keys at a cost below murk's default (%s), "
               "so they are cheap to guess; murk refuses it (MURK_TEST_WEAK_PWHASH=1 is for "
               "murk's test suite only)",
               J->sealed_cost ? cost : "none said");
      return -1;
    }
    printf("This game is sealed; its passphrases' keys: %s.\n", cost);
    fflush(stdout);
    bool set = strcmp(J->mode, "set") == 0;
    for (;;) {
      char why[96];
      snprintf(why, sizeof why, "%s", set ? "a new sealed game" : "joining");
      if (set && !passes->have[J->side]) {
        printf(
            "The first time you join, you set the %s's passphrase (the game is sealed with "
            "it; you give it at every join).\n",
            side);
        fflush(stdout);
        for (;;) {
          char again[MURK_PASS_MAX];
          size_t alen = 0;
          char prompt[96];
          snprintf(prompt, sizeof prompt, "The %s's new passphrase: ", side);
          if (murk_pass_prompt(prompt, passes->pass[J->side], sizeof passes->pass[J->side],
                               &passes->len[J->side]) != 0) {
            murk_cli_error("joining needs the %s's passphrase: give --passphrase-file %s:FILE",
                           side, side);
            return -1;
          }
          char weak[320];
          if (passes->len[J->side] > 0 &&
              murk_pass_weak(passes->pass[J->side], passes->len[J->side], weak, sizeof weak)) {
            printf("Not that one: %s.\n", weak);
            continue;
          }
          if (murk_pass_prompt("Again: ", again, sizeof again, &alen) != 0) {
            murk_cli_error("joining needs the %s's passphrase: give --passphrase-file %s:FILE",
                           side, side);
            return -1;
          }
          bool same = alen == passes->len[J->side] &&
                      sodium_memcmp(again, passes->pass[J->side], alen) == 0;
          sodium_memzero(again, sizeof again);
          if (same && alen > 0) break;
          printf(alen ? "The two do not match; once more.\n" : "It cannot be empty.\n");
        }
        passes->have[J->side] = true;
      } else if (murk_pass_get(passes, J->side, why) != 0) {
        return -1;
      }
      struct net_buf pb = {0};
      /* NET_MSG_PASS by hand: the passphrase ends at its length, not at a NUL. */
      net_buf_addf(&pb, "%s", net_msgs[NET_MSG_PASS].word);
      net_buf_str(&pb, passes->pass[J->side], passes->len[J->side]);
      net_buf_eol(&pb);
      a = ask(J, &pb);
      sodium_memzero(pb.p, pb.cap);
      net_buf_free(&pb);
      murk_passes_wipe(passes);
      if (a == ANS_PASSOK) break;
      if (a != ANS_PASSBAD) return -1;
      printf("Wrong passphrase (%ld more tries).\n", J->answer_num);
      fflush(stdout);
    }
  }
  /* The first view: at once, or once the other player has joined. */
  bool said = false;
  while (!J->latest) {
    if (J->wait[0] && !said) {
      char esc[4 * sizeof J->wait]; /* the host's words: escaped (text.h) */
      printf("murk: %s ...\n", murk_cli_escape(J->wait, esc, sizeof esc));
      fflush(stdout);
      said = true;
    }
    if (pump(J, -1) != 0) return -1;
  }
  J->news = false;
  return 0;
}

static int cmd_join_exec(const struct murk_args* a) {
  const char* path = a->argv[0];
  const char* as = murk_args_get(a, "as");
  if (!as) return murk_args_error(a, "--as attacker or --as defender: which side you play");
  enum murk_side side = murk_side_parse(as);
  if (side == MURK_NO_SIDE)
    return murk_args_error(a, "--as takes attacker or defender, not '%s'", as);
  const char* code = murk_args_get(a, "code");
  char normal[NET_CODE_LEN + 1] = "";
  if (code && !net_code_normal(code, normal))
    return murk_args_error(a, "--code takes the %d-letter join code the host printed",
                           NET_CODE_LEN);
  struct murk_passes passes = {0};
  int prc = murk_passes_from_args(&passes, a);
  if (prc != 0) return prc;
  setlocale(LC_ALL, "");
  bool ascii = !tui_term_locale_utf8();
  if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
    murk_passes_wipe(&passes);
    fprintf(stderr, "murk: join needs a terminal\n");
    return MURK_EXIT_INVALID;
  }
  struct joiner* J = murk_calloc(1, sizeof *J);
  if (!J || !(J->vr = net_view_reader_new())) {
    murk_free(J);
    murk_passes_wipe(&passes);
    return murk_cli_error("out of memory");
  }
  J->side = side;
  snprintf(J->code, sizeof J->code, "%s", normal);
  seen_load(J, path, murk_args_has(a, "new-game"));
  if (J->seen.events > 0 || J->seen.own > 0) {
    char fp[NET_SEEN_FINGERPRINT];
    net_seen_fingerprint(&J->seen, fp);
    printf("Your history of this game: %ld events seen (%s); the host must show them first.\n",
           J->seen.events, fp);
  }
  snprintf(J->other, sizeof J->other, "the %s's player", murk_side_name(murk_side_other(side)));
  int rc = MURK_EXIT_INVALID;
  /* The code before connecting: the host waits only a short time for it. */
  if (!J->code[0] && !ask_code(J)) {
    J->fd = -1;
    murk_cli_error("joining needs the %s's join code (the host printed it): give --code CODE",
                   murk_side_name(side));
  } else {
    J->fd = connect_to(path);
  }
  if (J->fd >= 0 && join(J, &passes, code != NULL) == 0) {
    struct tui_remote r = {.ctx = J,
                           .side = side,
                           .other = J->other,
                           .latest = r_latest,
                           .view = r_view,
                           .view_free = r_view_free,
                           .table = r_table,
                           .commands = r_commands,
                           .send = r_send,
                           .undo = r_undo,
                           .poll = r_poll,
                           .notice = r_notice,
                           .history = r_history};
    struct tui_session_opts o = {.secret_dice = J->secret, .seed = J->seed};
    struct tui_session* s = NULL;
    if (tui_session_new_remote(&r, &o, &s) != MURK_OK) {
      murk_cli_error("out of memory");
    } else {
      char err[256] = "";
      int run = tui_term_run(s, ascii, err, sizeof err);
      tui_session_free(s);
      await_record(J);
      if (run < 0)
        murk_cli_error("%s", err);
      else
        rc = run;
      if (J->gone && J->rewound)
        murk_cli_error("%s", J->why);
      else if (J->gone)
        murk_cli_error("%s; join again with: murk join %s --as %s --code CODE", J->why, path,
                       murk_side_name(side));
      if (J->seen.events > 0 && !J->rewound) {
        char fp[NET_SEEN_FINGERPRINT];
        net_seen_fingerprint(&J->seen, fp);
        printf("Your history of this game: %ld events seen (%s).\n", J->seen.events, fp);
      }
      if (!J->seen_path[0] && !J->rewound)
        murk_cli_error(
            "what you saw of this game could not be kept in the state directory "
            "(XDG_STATE_HOME/murk/seen): a host put back to an older copy of its save would "
            "not be noticed at your next join");
      if (J->jm.record_path[0])
        printf(
            "The game's record: %s\ncheck that it is the game you were shown: murk replay "
            "--verify %s\n",
            J->jm.record_path, J->jm.record_path);
      else if (J->jm.why[0])
        murk_cli_error("%s", J->jm.why);
      if (J->gone) rc = MURK_EXIT_INVALID;
    }
  } else if (J->fd >= 0 && J->rewound) {
    murk_cli_error("%s", J->why);
  } else if (J->fd >= 0) {
    murk_cli_error("could not join: %s", J->why[0] ? J->why : "the host did not answer");
  }
  murk_passes_wipe(&passes);
  if (J->fd >= 0) close(J->fd);
  net_view_free(J->latest);
  net_view_reader_free(J->vr);
  net_buf_free(&J->pending);
  net_buf_free(&J->text);
  cli_jointmem_free(&J->jm);
  murk_free(J);
  return rc;
}

const struct murk_cmd_entry murk_cmd_join_entry = {
    .name = "join",
    .usage =
        "SOCKET --as attacker|defender [--code CODE] [--passphrase-file SIDE:FILE] "
        "[--new-game]",
    .about = "play one side of a game that murk host holds (over SSH)",
    .help =
        "SOCKET is the path murk host printed (DIR/murk.sock). The join asks the side's\n"
        "join code (the host printed one a side; or --code) and passphrase (the first join\n"
        "of a new sealed game sets it). A seat taken (its player connected) is refused.\n"
        "Quitting leaves the game with the host: join again to go on, from the recap of\n"
        "what happened meanwhile.\n"
        "What you saw is kept (XDG_STATE_HOME/murk/seen; its fingerprint is on the screen):\n"
        "a host that comes back without it is refused; --new-game forgets it (a new game\n"
        "on the same socket).\n"
        "A sealed game's dice are drawn with the host and the other player; your part and a\n"
        "hash of each view you receive are kept (XDG_STATE_HOME/murk/joint), and the game's\n"
        "record, sent at its end: check it with murk replay --verify RECORD.\n"
        "Seats and hosting: docs/playing.md.\n",
    .args = {"as: code: passphrase-file:... new-game", 1, 1},
    .exec = cmd_join_exec,
};
