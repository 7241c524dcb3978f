/* sealio.c: passphrases and sealed saves for the command line (sealio.h). */
#include "sealio.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include "cli.h"
#include "fileio.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/mission.h"
#include "murk/save.h"
#include "sodium.h"
#include "transcript.h"
#include "zxcvbn.h"

int murk_passes_option(struct murk_passes* p, const char* arg) {
  const char* colon = strchr(arg, ':');
  enum murk_side side = MURK_NO_SIDE;
  if (colon) {
    char name[16];
    snprintf(name, sizeof name, "%.*s", (int)(colon - arg < 15 ? colon - arg : 15), arg);
    side = murk_side_parse(name);
  }
  if (side != MURK_ATTACKER && side != MURK_DEFENDER)
    return murk_cli_usage("--passphrase-file expects SIDE:FILE, like attacker:pass.txt");
  if (p->have[side])
    return murk_cli_usage("--passphrase-file is given twice for the %s", murk_side_name(side));
  const char* file = colon + 1;
  char err[512];
  char* data = NULL;
  size_t len = 0;
  if (murk_file_read(file, &data, &len, err, sizeof err) != 0) return murk_cli_error("%s", err);
  size_t n = 0;
  while (n < len && data[n] != '\n') n++;
  if (n && data[n - 1] == '\r') n--;
  if (n >= MURK_PASS_MAX || memchr(data, '\0', n)) {
    murk_seal_free_secret(data, len);
    return murk_cli_error("the passphrase in %s is too long or not text (at most %d bytes)", file,
                          MURK_PASS_MAX - 1);
  }
  memcpy(p->pass[side], data, n);
  p->pass[side][n] = '\0';
  p->len[side] = n;
  p->have[side] = true;
  murk_seal_free_secret(data, len);
  return 0;
}

int murk_passes_from_args(struct murk_passes* p, const struct murk_args* a) {
  for (int i = 0; i < murk_args_count(a, "passphrase-file"); i++) {
    int rc = murk_passes_option(p, murk_args_value(a, "passphrase-file", i));
    if (rc == MURK_EXIT_USAGE) murk_args_print_usage(a->entry, stderr);
    if (rc != 0) return rc;
  }
  return 0;
}

bool murk_passes_any(const struct murk_passes* p) {
  return p->have[0] || p->have[1];
}

void murk_passes_wipe(struct murk_passes* p) {
  sodium_memzero(p, sizeof *p);
}

int murk_pass_prompt(const char* prompt, char* buf, size_t n, size_t* len) {
  int fd = open("/dev/tty", O_RDWR | O_CLOEXEC);
  if (fd < 0) return -1;
  struct termios old, quiet;
  bool tty = tcgetattr(fd, &old) == 0;
  if (tty) {
    quiet = old;
    quiet.c_lflag &= (tcflag_t) ~(ECHO | ECHONL);
    quiet.c_lflag |= ICANON;
    tcsetattr(fd, TCSAFLUSH, &quiet);
  }
  if (write(fd, prompt, strlen(prompt)) < 0) { /* the prompt is best effort */
  }
  size_t got = 0;
  int rc = -1;
  for (;;) {
    char c;
    ssize_t r = read(fd, &c, 1);
    if (r <= 0) break;
    if (c == '\n' || c == '\r') {
      rc = 0;
      break;
    }
    if (got + 1 < n) buf[got++] = c;
  }
  buf[got] = '\0';
  *len = got;
  if (tty) tcsetattr(fd, TCSAFLUSH, &old);
  if (write(fd, "\n", 1) < 0) {
  }
  close(fd);
  return rc;
}

int murk_pass_get(struct murk_passes* p, enum murk_side side, const char* why) {
  if (p->have[side]) return 0;
  char prompt[320]; /* "why" is a save's path and more */
  snprintf(prompt, sizeof prompt, "%s: the %s's passphrase: ", why, murk_side_name(side));
  if (murk_pass_prompt(prompt, p->pass[side], sizeof p->pass[side], &p->len[side]) != 0) {
    murk_cli_error("%s needs the %s's passphrase: give --passphrase-file %s:FILE", why,
                   murk_side_name(side), murk_side_name(side));
    return -1;
  }
  p->have[side] = true;
  return 0;
}

bool murk_pass_weak(const char* pass, size_t len, char* why, size_t n) {
  if (len == 0) {
    snprintf(why, n,
             "it is empty: anyone could open that side's record, and with the other "
             "side's passphrase the whole game");
    return true;
  }
  /* zxcvbn wants a C string: a copy, wiped after. */
  char buf[MURK_PASS_MAX];
  if (len >= sizeof buf || memchr(pass, '\0', len)) {
    snprintf(why, n, "it is too long or not text");
    return true;
  }
  memcpy(buf, pass, len);
  buf[len] = '\0';
  ZxcMatch_t* info = NULL;
  double bits = ZxcvbnMatch(buf, NULL, &info);
  sodium_memzero(buf, sizeof buf);
  if (bits >= MURK_PASS_MIN_BITS) {
    ZxcvbnFreeInfo(info);
    return false;
  }
  /* What made it guessable, in the order the estimator found the parts. */
  static const struct {
    ZxcTypeMatch_t type;
    const char* what;
  } kinds[] = {
      {DICTIONARY_MATCH, "a common password, word or name"},
      {DICT_LEET_MATCH, "a common word with letters turned into digits or signs"},
      {USER_MATCH, "a common word"},
      {USER_LEET_MATCH, "a common word"},
      {REPEATS_MATCH, "a repeat"},
      {SEQUENCE_MATCH, "a sequence (abc, 123)"},
      {SPATIAL_MATCH, "a keyboard pattern"},
      {DATE_MATCH, "a date"},
      {YEAR_MATCH, "a year"},
      {BRUTE_MATCH, "too few characters"},
  };
  char parts[200] = "";
  size_t used = 0;
  for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
    bool seen = false;
    for (ZxcMatch_t* m = info; m && !seen; m = m->Next)
      seen = (m->Type & ~MULTIPLE_MATCH) == kinds[k].type;
    if (!seen || strstr(parts, kinds[k].what)) continue;
    int w = snprintf(parts + used, sizeof parts - used, "%s%s", used ? ", " : "", kinds[k].what);
    if (w < 0 || (size_t)w >= sizeof parts - used) break;
    used += (size_t)w;
  }
  ZxcvbnFreeInfo(info);
  snprintf(why, n,
           "it is too easy to guess: about 2^%d guesses (%s); murk asks for 2^%d or more: "
           "four or more unrelated words will do",
           (int)bits, used ? parts : "short", MURK_PASS_MIN_BITS);
  return true;
}

/* The test suite's knob for a cheap key derivation (docs/fair-play.md): only with it may a
 * new save be made, or a save be read, below murk's default cost. */
static bool weak_pwhash_allowed(void) {
  const char* e = getenv("MURK_TEST_WEAK_PWHASH");
  return e && strcmp(e, "1") == 0;
}

bool murk_seal_cost_ok(const struct murk_seal_header* h) {
  return (h->ops >= crypto_pwhash_OPSLIMIT_INTERACTIVE &&
          h->mem >= crypto_pwhash_MEMLIMIT_INTERACTIVE) ||
         weak_pwhash_allowed();
}

void murk_seal_cost_text(const struct murk_seal_header* h, char* buf, size_t n) {
  bool low =
      h->ops < crypto_pwhash_OPSLIMIT_INTERACTIVE || h->mem < crypto_pwhash_MEMLIMIT_INTERACTIVE;
  if (h->mem >= (1u << 20) && h->mem % (1u << 20) == 0)
    snprintf(buf, n, "Argon2id, %llu passes over %zu MiB%s", h->ops, h->mem >> 20,
             low ? ": BELOW murk's default, for tests only" : "");
  else
    snprintf(buf, n, "Argon2id, %llu passes over %zu KiB%s", h->ops, h->mem >> 10,
             low ? ": BELOW murk's default, for tests only" : "");
}

/* Argon2id limits for new saves: libsodium's interactive level, or MURK_PWHASH="OPS,MEM"
 * (tests use the minimum, with MURK_TEST_WEAK_PWHASH=1). The save records them. */
static bool pwhash_limits(unsigned long long* ops, size_t* mem) {
  *ops = crypto_pwhash_OPSLIMIT_INTERACTIVE;
  *mem = crypto_pwhash_MEMLIMIT_INTERACTIVE;
  const char* env = getenv("MURK_PWHASH");
  if (!env || !*env) return true;
  unsigned long long o = 0, m = 0;
  char extra;
  if (sscanf(env, "%llu,%llu%c", &o, &m, &extra) != 2 || o < MURK_SEAL_OPS_MIN ||
      o > MURK_SEAL_OPS_MAX || m < MURK_SEAL_MEM_MIN || m > MURK_SEAL_MEM_MAX)
    return false;
  *ops = o;
  *mem = (size_t)m;
  return true;
}

int murk_sealer_limits(struct murk_seal_header* h) {
  if (!pwhash_limits(&h->ops, &h->mem)) {
    murk_cli_error("MURK_PWHASH must be OPS,MEM within %llu..%llu and %zu..%zu", MURK_SEAL_OPS_MIN,
                   MURK_SEAL_OPS_MAX, MURK_SEAL_MEM_MIN, MURK_SEAL_MEM_MAX);
    return -1;
  }
  if (!murk_seal_cost_ok(h)) {
    murk_cli_error(
        "MURK_PWHASH asks for a key derivation cost below murk's default (%llu "
        "passes over %zu MiB): only the test suite may (MURK_TEST_WEAK_PWHASH=1)",
        (unsigned long long)crypto_pwhash_OPSLIMIT_INTERACTIVE,
        (size_t)crypto_pwhash_MEMLIMIT_INTERACTIVE >> 20);
    return -1;
  }
  return 0;
}

int murk_sealer_start(struct murk_sealer* s, const struct murk_passes* p) {
  memset(s, 0, sizeof *s);
  if (murk_sealer_limits(&s->h) != 0) return -1;
  /* No game is sealed with an empty or guessable passphrase (docs/fair-play.md). */
  for (int side = 0; side < 2; side++) {
    char why[320];
    if (murk_pass_weak(p->pass[side], p->len[side], why, sizeof why)) {
      murk_cli_error("the %s's passphrase cannot seal a game: %s",
                     murk_side_name((enum murk_side)side), why);
      return -1;
    }
  }
  s->h.version = MURK_SEAL_VERSION;
  randombytes_buf(s->h.game_id, sizeof s->h.game_id);
  randombytes_buf(s->h.salt, sizeof s->h.salt);
  for (int side = 0; side < 2; side++) {
    int rc =
        murk_seal_derive(p->pass[side], p->len[side], &s->h, (enum murk_side)side, s->key[side]);
    if (rc != MURK_OK) {
      murk_cli_error("cannot derive the %s's key: %s", murk_side_name((enum murk_side)side),
                     murk_strerror(rc));
      murk_sealer_wipe(s);
      return -1;
    }
  }
  s->on = true;
  return 0;
}

void murk_sealer_wipe(struct murk_sealer* s) {
  sodium_memzero(s, sizeof *s);
}

bool murk_sealer_check(const struct murk_sealer* s, enum murk_side side, const char* pass,
                       size_t len) {
  unsigned char k[MURK_SEAL_KEY_BYTES];
  if (!s->on || (side != MURK_ATTACKER && side != MURK_DEFENDER) ||
      murk_seal_derive(pass, len, &s->h, side, k) != MURK_OK)
    return false;
  bool ok = sodium_memcmp(k, s->key[side], sizeof k) == 0;
  sodium_memzero(k, sizeof k);
  return ok;
}

/* A side's transcript, as `murk run --as SIDE` prints it, in memory. */
static int record_of(const struct murk_game* g, enum murk_side side, char** out, size_t* len) {
  *out = NULL;
  *len = 0;
  FILE* f = open_memstream(out, len);
  if (!f) return MURK_ENOMEM;
  int rc = murk_transcript_print(f, g, side);
  if (fclose(f) != 0 && rc == MURK_OK) rc = MURK_ENOMEM;
  if (rc != MURK_OK) {
    free(*out);
    *out = NULL;
  }
  return rc;
}

void murk_sealer_public(struct murk_sealer* s, const struct murk_game* g) {
  const struct murk_mission* m = murk_game_mission(g);
  snprintf(s->h.mission, sizeof s->h.mission, "%s", m->path && *m->path ? m->path : "?");
  s->h.mission_hash = m->hash;
  s->h.turn = murk_game_turn(g);
  s->h.over = murk_game_phase(g) == MURK_PHASE_OVER;
  s->h.to_act = s->h.over ? MURK_NO_SIDE : murk_game_to_act(g);
  for (int side = 0; side < 2; side++) s->h.seat[side] = murk_game_seat(g, (enum murk_side)side);
  s->h.level = murk_game_level(g);
}

int murk_sealer_write(struct murk_sealer* s, const struct murk_game* g, const char* path, char* err,
                      size_t n) {
  return murk_sealer_write_text(s, g, path, err, n, NULL, NULL);
}

int murk_sealer_write_text(struct murk_sealer* s, const struct murk_game* g, const char* path,
                           char* err, size_t n, char** text, size_t* tlen) {
  murk_sealer_public(s, g);
  char* rec[2] = {NULL, NULL};
  size_t rlen[2] = {0, 0};
  char* game = NULL;
  size_t glen = 0;
  char* out = NULL;
  size_t olen = 0;
  int rc = record_of(g, MURK_ATTACKER, &rec[0], &rlen[0]);
  if (rc == MURK_OK) rc = record_of(g, MURK_DEFENDER, &rec[1], &rlen[1]);
  if (rc == MURK_OK) rc = murk_save_game(g, &game, &glen);
  if (rc == MURK_OK) {
    unsigned char fresh[MURK_SEAL_FRESH_BYTES];
    randombytes_buf(fresh, sizeof fresh);
    const char* const records[2] = {rec[0], rec[1]};
    rc =
        murk_seal_write(&s->h, s->key[0], s->key[1], records, rlen, game, glen, fresh, &out, &olen);
  }
  for (int i = 0; i < 2; i++) {
    if (rec[i]) sodium_memzero(rec[i], rlen[i]);
    free(rec[i]);
  }
  murk_seal_free_secret(game, glen);
  if (rc != MURK_OK) {
    snprintf(err, n, "cannot make the sealed save: %s", murk_strerror(rc));
    return -1;
  }
  rc = murk_file_write_atomic_mode(path, out, olen, 0600, err, n);
  if (rc == 0 && text) {
    *text = out;
    *tlen = olen;
  } else {
    murk_free(out);
  }
  return rc;
}

static void say_refused(const char* file, int rc, const char* err, const char* whose) {
  if (rc == MURK_EAUTH)
    murk_cli_error("%s: %s does not open this save (a wrong passphrase, or the save was altered)",
                   file, whose);
  else
    murk_cli_error("%s: %s", file, err[0] ? err : murk_strerror(rc));
}

/* A save whose keys cost less than murk's default to guess is refused outside the tests:
 * whoever made it chose that cost for both sides. */
static int cost_refused(const char* file, const struct murk_seal_header* h) {
  if (murk_seal_cost_ok(h)) return 0;
  char cost[128];
  murk_seal_cost_text(h, cost, sizeof cost);
  murk_cli_error(
      "%s: its passphrases are derived at a cost below murk's default (%s), so they "
      "are cheap to guess; murk refuses it (MURK_TEST_WEAK_PWHASH=1 is for murk's "
      "test suite only)",
      file, cost);
  return -1;
}

int murk_sealed_record(const char* file, const char* data, size_t len, enum murk_side side,
                       struct murk_passes* p, char** out, size_t* olen) {
  struct murk_seal_header h;
  char err[256] = "";
  int rc = murk_seal_read_header(data, len, &h, err, sizeof err);
  if (rc != MURK_OK) {
    say_refused(file, rc, err, "");
    return -1;
  }
  if (cost_refused(file, &h) != 0) return -1;
  if (murk_pass_get(p, side, "replay") != 0) return -1;
  unsigned char k[MURK_SEAL_KEY_BYTES];
  rc = murk_seal_derive(p->pass[side], p->len[side], &h, side, k);
  if (rc == MURK_OK)
    rc = murk_seal_open(data, len, (enum murk_seal_part)side, k, out, olen, err, sizeof err);
  sodium_memzero(k, sizeof k);
  if (rc != MURK_OK) {
    char whose[64];
    snprintf(whose, sizeof whose, "the %s's passphrase", murk_side_name(side));
    say_refused(file, rc, err, whose);
    return -1;
  }
  return 0;
}

int murk_sealer_read(struct murk_sealer* s, const char* file, const char* data, size_t len) {
  memset(s, 0, sizeof *s);
  char err[256] = "";
  int rc = murk_seal_read_header(data, len, &s->h, err, sizeof err);
  if (rc != MURK_OK) say_refused(file, rc, err, "");
  if (rc == MURK_OK && cost_refused(file, &s->h) != 0) rc = MURK_EINVAL;
  return rc == MURK_OK ? 0 : -1;
}

int murk_sealer_side_key(struct murk_sealer* s, const char* data, size_t len, enum murk_side side,
                         const char* pass, size_t plen, char* err, size_t n) {
  unsigned char k[MURK_SEAL_KEY_BYTES];
  int rc = murk_seal_derive(pass, plen, &s->h, side, k);
  /* The side's own record tells whether its passphrase is right. */
  char* rec = NULL;
  size_t rlen = 0;
  if (rc == MURK_OK)
    rc = murk_seal_open(data, len, (enum murk_seal_part)side, k, &rec, &rlen, err, n);
  murk_seal_free_secret(rec, rlen);
  if (rc == MURK_OK) memcpy(s->key[side], k, sizeof k);
  sodium_memzero(k, sizeof k);
  return rc;
}

int murk_sealer_open_part(struct murk_sealer* s, const char* file, const char* data, size_t len,
                          char** game, size_t* glen) {
  char err[256] = "";
  unsigned char gk[MURK_SEAL_KEY_BYTES];
  murk_seal_game_key(s->key[0], s->key[1], gk);
  int rc = murk_seal_open(data, len, MURK_SEAL_GAME, gk, game, glen, err, sizeof err);
  sodium_memzero(gk, sizeof gk);
  if (rc != MURK_OK) {
    say_refused(file, rc, err, "the pair of passphrases");
    murk_sealer_wipe(s);
    return -1;
  }
  s->on = true;
  return 0;
}

int murk_sealer_keys(struct murk_sealer* s, const char* file, const char* data, size_t len,
                     struct murk_passes* p) {
  if (murk_sealer_read(s, file, data, len) != 0) return -1;
  char why[160], cost[128];
  murk_seal_cost_text(&s->h, cost, sizeof cost);
  snprintf(why, sizeof why, "the whole game (keys by %s)", cost);
  for (int side = 0; side < 2; side++) {
    /* A passphrase typed at the prompt may be mistyped: asked again, three tries in all.
     * One from a file (--passphrase-file) is refused at once. */
    bool typed = !p->have[side];
    int rc = MURK_EAUTH;
    char err[256] = "";
    char again[sizeof why + 64];
    snprintf(again, sizeof again, "%s", why);
    for (int tries = 0; tries < MURK_PASS_TRIES; tries++) {
      if (murk_pass_get(p, (enum murk_side)side, again) != 0) return -1;
      err[0] = '\0';
      rc = murk_sealer_side_key(s, data, len, (enum murk_side)side, p->pass[side], p->len[side],
                                err, sizeof err);
      if (rc != MURK_EAUTH || !typed || tries + 1 == MURK_PASS_TRIES) break;
      sodium_memzero(p->pass[side], sizeof p->pass[side]);
      p->have[side] = false;
      /* Said on the next prompt (the terminal), where the person looks. */
      snprintf(again, sizeof again, "that was not it, %d more tr%s; %s",
               MURK_PASS_TRIES - tries - 1, MURK_PASS_TRIES - tries - 1 == 1 ? "y" : "ies", why);
    }
    if (rc != MURK_OK) {
      char whose[64];
      snprintf(whose, sizeof whose, "the %s's passphrase", murk_side_name((enum murk_side)side));
      say_refused(file, rc, err, whose);
      murk_sealer_wipe(s);
      return -1;
    }
  }
  return 0;
}

int murk_sealer_open_game(struct murk_sealer* s, const char* file, const char* data, size_t len,
                          struct murk_passes* p, char** game, size_t* glen) {
  if (murk_sealer_keys(s, file, data, len, p) != 0) return -1;
  return murk_sealer_open_part(s, file, data, len, game, glen);
}

/* ---- the keys of a game against the computer ---- */

void murk_passes_random(struct murk_passes* p) {
  memset(p, 0, sizeof *p);
  for (int side = 0; side < 2; side++) {
    unsigned char r[24];
    randombytes_buf(r, sizeof r);
    sodium_bin2base64(p->pass[side], sizeof p->pass[side], r, sizeof r,
                      sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    sodium_memzero(r, sizeof r);
    p->len[side] = strlen(p->pass[side]);
    p->have[side] = true;
  }
}

/* DIR/keys/NAME.SIDE for the save DIR/NAME (and DIR/keys, when mkdir is set, made 0700). */
static int keys_path(const char* save, enum murk_side side, char* out, size_t n, bool mkdir_too) {
  char a[PATH_MAX], b[PATH_MAX];
  if (snprintf(a, sizeof a, "%s", save) >= (int)sizeof a) return -1;
  if (snprintf(b, sizeof b, "%s", save) >= (int)sizeof b) return -1;
  char keys[PATH_MAX];
  if (snprintf(keys, sizeof keys, "%s/keys", dirname(a)) >= (int)sizeof keys) return -1;
  if (mkdir_too && mkdir(keys, 0700) != 0 && errno != EEXIST) return -1;
  if (snprintf(out, n, "%s/%s.%s", keys, basename(b), murk_side_name(side)) >= (int)n) return -1;
  return 0;
}

int murk_computer_keys_write(const char* save, const struct murk_passes* p, char* err, size_t n) {
  for (int side = 0; side < 2; side++) {
    char path[PATH_MAX];
    if (keys_path(save, (enum murk_side)side, path, sizeof path, true) != 0) {
      snprintf(err, n, "cannot keep the keys of %s: %s", save, strerror(errno));
      return -1;
    }
    char text[MURK_PASS_MAX + 1];
    int len = snprintf(text, sizeof text, "%s\n", p->pass[side]);
    int rc = len > 0 && (size_t)len < sizeof text
                 ? murk_file_write_atomic_mode(path, text, (size_t)len, 0600, err, n)
                 : -1;
    sodium_memzero(text, sizeof text);
    if (rc != 0) return rc;
  }
  return 0;
}

bool murk_computer_keys_read(const char* save, struct murk_passes* p) {
  struct murk_passes q = {0};
  for (int side = 0; side < 2; side++) {
    char path[PATH_MAX], arg[PATH_MAX + 16];
    if (keys_path(save, (enum murk_side)side, path, sizeof path, false) != 0 ||
        access(path, R_OK) != 0)
      break;
    snprintf(arg, sizeof arg, "%s:%s", murk_side_name((enum murk_side)side), path);
    if (murk_passes_option(&q, arg) != 0) break;
  }
  bool ok = q.have[0] && q.have[1];
  if (ok) *p = q;
  sodium_memzero(&q, sizeof q);
  return ok;
}
