/* test_seal.c: sealed saves (seal.h) - round trip, wrong keys, every single-byte change
 * and every truncation of a small save refused, parts swapped within a save and between
 * two games refused even with the check line rewritten, out-of-bounds key limits. Also
 * the open save's hash chain (save.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/save.h"
#include "murk/seal.h"
#include "sodium.h"
#include "test_support.h"

struct sealed {
  struct murk_seal_header h;
  unsigned char keys[2][MURK_SEAL_KEY_BYTES];
  unsigned char game_key[MURK_SEAL_KEY_BYTES];
  char* text;
  size_t len;
};

static const char* const records_[2] = {
    "attacker: deploy Alpha Platoon at 3,4\nto act: defender\n",
    "defender: deploy Bravo Platoon at 9,9\nto act: attacker\n"};
static const char game_text[] = "# murk-save: 1\n# seed: 424242\nattacker: end\ndefender: end\n";

/* A small sealed save with cheap Argon2id limits; `tag` varies the random bytes; with
 * seats (version 3) when sa and sd are not MURK_SEAT_NONE. */
static void make_seated_level(struct sealed* s, unsigned char tag, const char* pa, const char* pd,
                              enum murk_seat sa, enum murk_seat sd) {
  enum murk_level level = s->h.level;
  memset(s, 0, sizeof *s);
  struct murk_seal_header* h = &s->h;
  h->level = level;
  h->seat[0] = sa;
  h->seat[1] = sd;
  h->version = MURK_SEAL_VERSION;
  h->ops = 1;
  h->mem = 8192;
  snprintf(h->mission, sizeof h->mission, "data/missions/luneville.yaml");
  h->mission_hash = 0x0123456789abcdefull;
  h->turn = 2 + tag;
  h->to_act = MURK_DEFENDER;
  memset(h->game_id, tag, sizeof h->game_id);
  memset(h->salt[0], tag + 1, sizeof h->salt[0]);
  memset(h->salt[1], tag + 2, sizeof h->salt[1]);
  assert_int_equal(murk_seal_derive(pa, strlen(pa), h, MURK_ATTACKER, s->keys[0]), MURK_OK);
  assert_int_equal(murk_seal_derive(pd, strlen(pd), h, MURK_DEFENDER, s->keys[1]), MURK_OK);
  murk_seal_game_key(s->keys[0], s->keys[1], s->game_key);
  unsigned char fresh[MURK_SEAL_FRESH_BYTES];
  memset(fresh, tag + 3, sizeof fresh);
  size_t lens[2] = {strlen(records_[0]), strlen(records_[1])};
  assert_int_equal(murk_seal_write(h, s->keys[0], s->keys[1], records_, lens, game_text,
                                   strlen(game_text), fresh, &s->text, &s->len),
                   MURK_OK);
}

static void make_seated(struct sealed* s, unsigned char tag, const char* pa, const char* pd,
                        enum murk_seat sa, enum murk_seat sd) {
  s->h.level = MURK_LEVEL_NORMAL;
  make_seated_level(s, tag, pa, pd, sa, sd);
}

static void make(struct sealed* s, unsigned char tag, const char* pa, const char* pd) {
  make_seated(s, tag, pa, pd, MURK_SEAT_NONE, MURK_SEAT_NONE);
}

static const unsigned char* part_key(const struct sealed* s, int part) {
  return part == MURK_SEAL_GAME ? s->game_key : s->keys[part];
}

/* Part `part` of the sealed text t opens with s's key for it: its text (*n its length;
 * murk_seal_free_secret it), or the test fails with the reason. */
static char* open_ok(const char* t, size_t len, const struct sealed* s, int part, size_t* n) {
  char* out = NULL;
  char err[200] = "";
  int rc = murk_seal_open(t, len, (enum murk_seal_part)part, part_key(s, part), &out, n, err,
                          sizeof err);
  if (rc != MURK_OK) fail_msg("part %d does not open: %s", part, err);
  return out;
}

/* Refused: nothing hands out a part of the text t. The header is refused (every open checks
 * the whole save the same way first), or else every part is; and the part `which`
 * (rotated by the callers over the three) is opened to see that it hands out nothing. */
static void assert_refused_part(const struct sealed* s, const char* t, size_t len, int which) {
  struct murk_seal_header h;
  char err[200] = "";
  bool header_ok = murk_seal_read_header(t, len, &h, err, sizeof err) == MURK_OK;
  if (!header_ok) assert_true(err[0] != '\0');
  for (int part = 0; part < 3; part++) {
    if (!header_ok && part != which) continue;
    char* out = (char*)1;
    err[0] = '\0';
    int rc = murk_seal_open(t, len, (enum murk_seal_part)part, part_key(s, part), &out, NULL, err,
                            sizeof err);
    assert_int_not_equal(rc, MURK_OK);
    assert_null(out);
    assert_true(err[0] != '\0');
  }
}

static void assert_refused(const struct sealed* s, const char* t, size_t len) {
  for (int part = 0; part < 3; part++) assert_refused_part(s, t, len, part);
}

/* Rewrite the check line so that only the authenticated encryption can tell. */
static void recheck(char* t, size_t len) {
  char* c = strstr(t, "\ncheck: ");
  assert_non_null(c);
  size_t before = (size_t)(c - t) + 1;
  unsigned char sum[32];
  crypto_generichash(sum, sizeof sum, (const unsigned char*)t, before, NULL, 0);
  char hex[65];
  sodium_bin2hex(hex, sizeof hex, sum, sizeof sum);
  assert_true(before + 7 + 64 + 1 == len);
  memcpy(t + before + 7, hex, 64);
}

static void test_round_trip(void** state) {
  (void)state;
  struct sealed s;
  make(&s, 1, "red fox", "blue heron");
  struct murk_seal_header h;
  char err[200];
  assert_int_equal(murk_seal_read_header(s.text, s.len, &h, err, sizeof err), MURK_OK);
  assert_int_equal(h.turn, 3); /* tag 1 */
  assert_int_equal(h.to_act, MURK_DEFENDER);
  assert_false(h.over);
  assert_string_equal(h.mission, "data/missions/luneville.yaml");
  assert_true(h.mission_hash == 0x0123456789abcdefull);
  assert_memory_equal(h.salt, s.h.salt, sizeof h.salt);
  for (int part = 0; part < 3; part++) {
    size_t n = 0;
    char* out = open_ok(s.text, s.len, &s, part, &n);
    assert_string_equal(out, part == 2 ? game_text : records_[part]);
    assert_int_equal(n, strlen(out));
    murk_seal_free_secret(out, n);
  }
  /* Nothing of the records or the game is in the bytes. */
  assert_null(strstr(s.text, "Alpha"));
  assert_null(strstr(s.text, "Bravo"));
  assert_null(strstr(s.text, "424242"));
  assert_null(strstr(s.text, "deploy"));
  murk_free(s.text);
}

static void test_wrong_keys(void** state) {
  (void)state;
  struct sealed s;
  make(&s, 1, "zq fox", "blue heron");
  unsigned char wrong[MURK_SEAL_KEY_BYTES];
  assert_int_equal(murk_seal_derive("zq fix", 6, &s.h, MURK_ATTACKER, wrong), MURK_OK);
  char* out = NULL;
  char err[200] = "";
  assert_int_equal(
      murk_seal_open(s.text, s.len, MURK_SEAL_ATTACKER, wrong, &out, NULL, err, sizeof err),
      MURK_EAUTH);
  assert_null(out);
  assert_null(strstr(err, "zq"));
  /* A side's key opens neither the other record nor the game. */
  assert_int_equal(
      murk_seal_open(s.text, s.len, MURK_SEAL_DEFENDER, s.keys[0], &out, NULL, err, sizeof err),
      MURK_EAUTH);
  assert_int_equal(
      murk_seal_open(s.text, s.len, MURK_SEAL_GAME, s.keys[0], &out, NULL, err, sizeof err),
      MURK_EAUTH);
  assert_int_equal(
      murk_seal_open(s.text, s.len, MURK_SEAL_GAME, s.keys[1], &out, NULL, err, sizeof err),
      MURK_EAUTH);
  /* The same passphrase under another side's salt gives another key. */
  unsigned char other[MURK_SEAL_KEY_BYTES];
  assert_int_equal(murk_seal_derive("zq fox", 6, &s.h, MURK_DEFENDER, other), MURK_OK);
  assert_memory_not_equal(other, s.keys[0], sizeof other);
  murk_free(s.text);
}

static void test_every_flip_and_cut(void** state) {
  (void)state;
  /* A save of version 3, as murk play and murk host write them: its seats line too. */
  struct sealed s;
  make_seated(&s, 1, "a", "b", MURK_SEAT_HUMAN, MURK_SEAT_COMPUTER);
  char* t = murk_malloc(s.len + 1);
  assert_non_null(t);
  memcpy(t, s.text, s.len + 1);
  assert_int_equal(murk_seal_read_header(t, s.len, &(struct murk_seal_header){0}, NULL, 0),
                   MURK_OK); /* unchanged, it reads */
  /* Every byte changed: in the header and the check line each in three ways (one bit, the
   * case bit, the top bit); in the long base64 lines one way each, the three in turn. The
   * light runs (sanitizers, memcheck: the same parser on every path) take every seventh
   * byte of the long lines, and cut at every seventh length. */
  const size_t stride = (size_t)TEST_COUNT(1, 7);
  for (size_t i = 0; i < s.len; i++) {
    static const unsigned char flips[] = {0x01, 0x20, 0x80};
    bool all = i < 800 || i + 100 >= s.len;
    if (!all && i % stride != 0) continue;
    for (size_t f = all ? 0 : i % 3; f < (all ? 3 : i % 3 + 1); f++) {
      t[i] = (char)(s.text[i] ^ flips[f]);
      assert_refused_part(&s, t, s.len, (int)((i + f) % 3));
      t[i] = s.text[i];
    }
  }
  for (size_t cut = 0; cut < s.len; cut += stride)
    assert_refused_part(&s, s.text, cut, (int)(cut % 3));
  /* One byte more. */
  memcpy(t, s.text, s.len);
  t[s.len] = '\n';
  assert_refused(&s, t, s.len + 1);
  murk_free(t);
  murk_free(s.text);
}

/* The line of text t that starts with prefix: its offset and length (with the break). */
static size_t find_line(const char* t, const char* prefix, size_t* n) {
  const char* p = strstr(t, prefix);
  assert_non_null(p);
  const char* e = strchr(p, '\n');
  *n = (size_t)(e - p) + 1;
  return (size_t)(p - t);
}

/* t with its line `prefix` replaced by the same line of u. */
static char* swap_line(const char* t, const char* u, const char* prefix, size_t* len) {
  size_t tn, un;
  size_t to = find_line(t, prefix, &tn), uo = find_line(u, prefix, &un);
  size_t tl = strlen(t);
  char* r = murk_malloc(tl - tn + un + 1);
  memcpy(r, t, to);
  memcpy(r + to, u + uo, un);
  memcpy(r + to + un, t + to + tn, tl - to - tn + 1);
  *len = tl - tn + un;
  return r;
}

static void test_swapped_parts(void** state) {
  (void)state;
  struct sealed a, b;
  make(&a, 1, "same", "same");
  make(&b, 7, "same", "same");
  static const char* const lines[] = {
      "sealed-attacker: ", "sealed-defender: ", "sealed-game: ",
      "# turn: ",          "# game: ",          "# salt-attacker: "};
  for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
    size_t len = 0;
    char* t = swap_line(a.text, b.text, lines[i], &len);
    assert_refused(&a, t, len); /* the check finds it */
    recheck(t, len);
    /* With the check rewritten, the part from the other game still does not open with
     * either game's keys; a changed header opens no part. */
    for (int part = 0; part < 3; part++) {
      char* out = NULL;
      char err[200];
      bool moved = i < 3 && part == (int)i;
      if (i < 3 && !moved) continue; /* the untouched parts of a game still open */
      assert_int_equal(murk_seal_open(t, len, (enum murk_seal_part)part, part_key(&a, part), &out,
                                      NULL, err, sizeof err),
                       MURK_EAUTH);
      assert_int_equal(murk_seal_open(t, len, (enum murk_seal_part)part, part_key(&b, part), &out,
                                      NULL, err, sizeof err),
                       MURK_EAUTH);
    }
    murk_free(t);
  }
  /* The attacker's and the defender's parts exchanged within one save. */
  char* t = murk_strdup(a.text);
  size_t an, dn;
  size_t ao = find_line(t, "sealed-attacker: ", &an);
  size_t dof = find_line(t, "sealed-defender: ", &dn);
  const char* av = a.text + ao + strlen("sealed-attacker: ");
  const char* dv = a.text + dof + strlen("sealed-defender: ");
  size_t avn = an - strlen("sealed-attacker: "), dvn = dn - strlen("sealed-defender: ");
  assert_int_equal(avn, dvn); /* records of the same length */
  memcpy(t + ao + strlen("sealed-attacker: "), dv, dvn);
  memcpy(t + dof + strlen("sealed-defender: "), av, avn);
  recheck(t, a.len);
  char* out = NULL;
  char err[200];
  assert_int_equal(
      murk_seal_open(t, a.len, MURK_SEAL_ATTACKER, a.keys[1], &out, NULL, err, sizeof err),
      MURK_EAUTH);
  assert_int_equal(
      murk_seal_open(t, a.len, MURK_SEAL_DEFENDER, a.keys[0], &out, NULL, err, sizeof err),
      MURK_EAUTH);
  murk_free(t);
  murk_free(a.text);
  murk_free(b.text);
}

static void test_limits(void** state) {
  (void)state;
  struct murk_seal_header h = {.ops = 100, .mem = 8192};
  unsigned char key[MURK_SEAL_KEY_BYTES];
  assert_int_equal(murk_seal_derive("x", 1, &h, MURK_ATTACKER, key), MURK_EINVAL);
  h.ops = 1;
  h.mem = (size_t)1 << 40;
  assert_int_equal(murk_seal_derive("x", 1, &h, MURK_ATTACKER, key), MURK_EINVAL);
  /* A save asking for more is refused before any work. */
  struct sealed s;
  make(&s, 1, "a", "b");
  char* big = strstr(s.text, "mem=8192");
  assert_non_null(big);
  char* t = murk_malloc(s.len + 8);
  size_t off = (size_t)(big - s.text) + 4;
  memcpy(t, s.text, off);
  memcpy(t + off, "99999999999", 11);
  memcpy(t + off + 11, s.text + off + 4, s.len - off - 4 + 1);
  size_t len = s.len + 7;
  recheck(t, len);
  struct murk_seal_header rh;
  char err[200] = "";
  assert_int_equal(murk_seal_read_header(t, len, &rh, err, sizeof err), MURK_EINVAL);
  assert_non_null(strstr(err, "out of bounds"));
  murk_free(t);
  murk_free(s.text);
}

static void test_chain(void** state) {
  (void)state;
  const char* save = "# murk-save: 1\n# seed: 4\nattacker: end\n";
  char* t = murk_strdup(save);
  size_t len = strlen(t);
  assert_int_equal(murk_save_check_chain(t, len, false, NULL), MURK_OK); /* no chain */
  assert_int_equal(murk_save_check_chain(t, len, true, NULL), MURK_EINVAL);
  assert_int_equal(murk_save_append_chain(&t, &len), MURK_OK);
  assert_int_equal(len, strlen(t));
  assert_int_equal(murk_save_check_chain(t, len, true, NULL), MURK_OK);
  int line = 0;
  for (size_t i = 0; i < len; i++) {
    t[i] ^= 0x01;
    assert_int_equal(murk_save_check_chain(t, len, true, &line), MURK_EINVAL);
    /* A changed line break moves the chain line up; a changed prefix hides it. */
    assert_true(line == 0 || line >= 3);
    t[i] ^= 0x01;
  }
  /* A cut that keeps the chain line whole is found; a cut of the chain line itself leaves
   * an unfinished chain line. */
  assert_int_equal(murk_save_check_chain(t + 15, len - 15, true, NULL), MURK_EINVAL);
  assert_int_equal(murk_save_check_chain(t, len - 1, true, NULL), MURK_EINVAL);
  murk_free(t);
}

/* ---- the sealed journal ---- */

static const char* const rec_text[3][2] = {
    {"a1 shown\nto act: one\n", "d1 shown\nto act: one\n"},
    {"to act: two\n", "d2 shown, a long line the attacker never sees\nto act: two\n"},
    {"a3 shown\nto act: three\n", "to act: three\n"}};
static const char* const game_rec[3] = {"attacker: end\n", "defender: end\n", "attacker: end\n"};

/* s's save with three records appended; *ends gets where the base and each record end. */
static char* journal(struct sealed* s, size_t ends[4], size_t* len) {
  char* t = murk_malloc(s->len + 1);
  memcpy(t, s->text, s->len + 1);
  size_t n = s->len;
  ends[0] = n;
  struct murk_seal_chain c;
  size_t whole = 0;
  assert_int_equal(murk_seal_chain_of(t, n, &c, &whole, NULL, 0), MURK_OK);
  assert_int_equal(whole, n);
  for (int r = 0; r < 3; r++) {
    struct murk_seal_header h = s->h;
    h.turn = 10 + r;
    h.to_act = r == 2 ? MURK_NO_SIDE : MURK_ATTACKER;
    h.over = r == 2;
    size_t lens[2] = {strlen(rec_text[r][0]), strlen(rec_text[r][1])};
    unsigned char fresh[MURK_SEAL_FRESH_BYTES];
    memset(fresh, 40 + r, sizeof fresh);
    char* rec = NULL;
    size_t rlen = 0;
    assert_int_equal(murk_seal_record(&c, &h, s->keys[0], s->keys[1], rec_text[r], lens,
                                      game_rec[r], strlen(game_rec[r]), fresh, &rec, &rlen),
                     MURK_OK);
    t = murk_realloc(t, n + rlen + 1);
    memcpy(t + n, rec, rlen + 1);
    n += rlen;
    ends[r + 1] = n;
    murk_free(rec);
  }
  *len = n;
  return t;
}

/* What part `part` holds after `records` whole records. */
static void expected(int part, int records, char* out, size_t n) {
  snprintf(out, n, "%s", part == MURK_SEAL_GAME ? game_text : records_[part]);
  for (int r = 0; r < records; r++) {
    if (part == MURK_SEAL_GAME) {
      strncat(out, game_rec[r], n - strlen(out) - 1);
      continue;
    }
    /* the closing line is replaced */
    size_t l = strlen(out) - 1;
    while (l > 0 && out[l - 1] != '\n') l--;
    out[l] = '\0';
    strncat(out, rec_text[r][part], n - strlen(out) - 1);
  }
}

static void assert_opens_to(const struct sealed* s, const char* t, size_t len, int records) {
  struct murk_seal_header h;
  char err[200] = "";
  assert_int_equal(murk_seal_read_header(t, len, &h, err, sizeof err), MURK_OK);
  assert_int_equal(h.turn, records ? 10 + records - 1 : s->h.turn);
  assert_int_equal(h.over, records == 3);
  for (int part = 0; part < 3; part++) {
    char want[1024];
    size_t olen = 0;
    expected(part, records, want, sizeof want);
    char* out = open_ok(t, len, s, part, &olen);
    assert_string_equal(out, want);
    assert_int_equal(olen, strlen(want));
    murk_seal_free_secret(out, olen);
  }
}

/* Recompute every record's check after the whole save at base, as anyone could. */
static void rechain(char* t, size_t len, size_t base) {
  unsigned char prev[32], sum[32];
  const char* c = strstr(t, "\ncheck: ");
  assert_non_null(c);
  sodium_hex2bin(prev, 32, c + 8, 64, NULL, NULL, NULL);
  size_t at = base;
  while (at < len) {
    char* chk = strstr(t + at, "\ncheck: ");
    assert_non_null(chk);
    size_t before = (size_t)(chk - t) + 1;
    crypto_generichash(sum, 32, (const unsigned char*)t + at, before - at, prev, 32);
    char hex[65];
    sodium_bin2hex(hex, sizeof hex, sum, 32);
    memcpy(t + before + 7, hex, 64);
    memcpy(prev, sum, 32);
    at = before + 7 + 64 + 1;
  }
}

static void test_journal(void** state) {
  (void)state;
  struct sealed s;
  make_seated(&s, 1, "a", "b", MURK_SEAT_REMOTE, MURK_SEAT_REMOTE); /* a journal of version 3 */
  size_t ends[4], len = 0;
  char* t = journal(&s, ends, &len);
  assert_opens_to(&s, t, len, 3);
  /* Every cut after the whole save opens to the records before it: a torn record is
   * dropped, never an error. */
  const size_t stride = (size_t)TEST_COUNT(1, 7); /* light runs: every seventh, as above */
  for (size_t cut = ends[0]; cut <= len; cut++) {
    bool at_end = false; /* the cuts around each record's end, always */
    for (int k = 1; k < 4; k++) at_end |= cut + 1 >= ends[k] && cut <= ends[k] + 1;
    if (!at_end && (cut - ends[0]) % stride != 0) continue;
    int records = 0;
    while (records < 3 && ends[records + 1] <= cut) records++;
    assert_opens_to(&s, t, cut, records);
  }
  /* Every byte changed in the records, the last one's included: refused (a torn record
   * is a record's start, each line holding only what such a line holds). */
  char* u = murk_malloc(len + 1);
  for (size_t i = ends[0]; i < len; i += stride) {
    memcpy(u, t, len + 1);
    u[i] ^= 0x01;
    assert_refused_part(&s, u, len, (int)(i % 3));
  }
  /* Records 1 and 2 exchanged, the checks rewritten: the records open nowhere else. */
  memcpy(u, t, ends[0]);
  size_t l1 = ends[1] - ends[0], l2 = ends[2] - ends[1];
  memcpy(u + ends[0], t + ends[1], l2);
  memcpy(u + ends[0] + l2, t + ends[0], l1);
  memcpy(u + ends[2], t + ends[2], len - ends[2] + 1);
  rechain(u, len, ends[0]);
  struct murk_seal_header h;
  assert_int_equal(murk_seal_read_header(u, len, &h, NULL, 0), MURK_OK); /* the checks agree */
  for (int part = 0; part < 3; part++) {
    char* out = NULL;
    assert_int_equal(
        murk_seal_open(u, len, (enum murk_seal_part)part, part_key(&s, part), &out, NULL, NULL, 0),
        MURK_EAUTH);
  }
  /* Record 2 left out, the checks rewritten: record 3 no longer opens. */
  memcpy(u, t, ends[1]);
  memcpy(u + ends[1], t + ends[2], len - ends[2] + 1);
  rechain(u, len - l2, ends[0]);
  assert_int_equal(
      murk_seal_open(u, len - l2, MURK_SEAL_DEFENDER, s.keys[1], &(char*){NULL}, NULL, NULL, 0),
      MURK_EAUTH);
  /* A record of another game (same passphrases) does not open here. */
  struct sealed o;
  make(&o, 7, "a", "b");
  size_t oends[4], olen = 0;
  char* ot = journal(&o, oends, &olen);
  memcpy(u, t, ends[0]);
  memcpy(u + ends[0], ot + oends[0], oends[1] - oends[0]);
  size_t ulen = ends[0] + oends[1] - oends[0];
  u = murk_realloc(u, ulen + 1);
  u[ulen] = '\0';
  rechain(u, ulen, ends[0]);
  assert_int_equal(
      murk_seal_open(u, ulen, MURK_SEAL_ATTACKER, s.keys[0], &(char*){NULL}, NULL, NULL, 0),
      MURK_EAUTH);
  /* Side parts are padded to one size: the defender's longer line shows in neither. */
  for (int r = 0; r < 3; r++) {
    size_t an, dn;
    find_line(t + ends[r], "sealed-attacker: ", &an);
    find_line(t + ends[r], "sealed-defender: ", &dn);
    assert_int_equal(an - strlen("sealed-attacker: "), dn - strlen("sealed-defender: "));
  }
  murk_free(ot);
  murk_free(o.text);
  murk_free(u);
  murk_free(t);
  murk_free(s.text);
}

/* ---- compact journal records (what murk writes now) ---- */

#define CREC 5
static const char* const crec_lines[CREC][2] = {
    {"a1 shown\nto act: one\n", "d1 shown\nto act: one\n"},
    {"", ""}, /* a command whose lines went with the next record */
    {"to act: two\n", "d2 shown, a long line the attacker never sees\nto act: two\n"},
    {"a3 shown\na3 again shown\nto act: three\n", "to act: three\n"},
    {"to act: four\n", "to act: four\n"}};
static const char* const crec_cmd[CREC] = {
    "end", "move 1 to 12,04", "end",
    "move 3 to 01,01 02,02 03,03 04,04 05,05 06,06 07,07 08,08 09,09 10,10", "end"};

/* s's whole save, then CREC compact records; ends[r] where record r ends (ends[0]: the
 * whole save). */
static char* cjournal(struct sealed* s, size_t ends[CREC + 1], size_t* len) {
  char* t = murk_malloc(s->len + 1);
  memcpy(t, s->text, s->len + 1);
  size_t n = s->len;
  ends[0] = n;
  struct murk_seal_journal* j = NULL;
  size_t rl[2] = {strlen(records_[0]), strlen(records_[1])};
  assert_int_equal(murk_seal_journal_new(t, n, records_, rl, &j, NULL, 0), MURK_OK);
  for (int r = 0; r < CREC; r++) {
    struct murk_seal_header h = s->h;
    h.turn = 10 + r;
    h.to_act = r == CREC - 1 ? MURK_NO_SIDE : MURK_ATTACKER;
    h.over = r == CREC - 1;
    size_t lens[2] = {strlen(crec_lines[r][0]), strlen(crec_lines[r][1])};
    unsigned char fresh[MURK_SEAL_FRESH_BYTES];
    memset(fresh, 60 + r, sizeof fresh);
    char* rec = NULL;
    size_t rlen = 0;
    assert_int_equal(murk_seal_journal_record(j, &h, s->keys[0], s->keys[1], crec_lines[r], lens,
                                              r % 2 ? MURK_DEFENDER : MURK_ATTACKER, crec_cmd[r],
                                              fresh, &rec, &rlen),
                     MURK_OK);
    assert_int_equal(rec[0], 'j');
    assert_non_null(memchr(rec, '\n', rlen));
    assert_int_equal((char*)memchr(rec, '\n', rlen) - rec, (ptrdiff_t)rlen - 1); /* one line */
    t = murk_realloc(t, n + rlen + 1);
    memcpy(t + n, rec, rlen + 1);
    n += rlen;
    ends[r + 1] = n;
    murk_free(rec);
  }
  murk_seal_journal_free(j);
  *len = n;
  return t;
}

/* What part `part` holds after `records` compact records. */
static void cexpected(int part, int records, char* out, size_t n) {
  snprintf(out, n, "%s", part == MURK_SEAL_GAME ? game_text : records_[part]);
  if (part == MURK_SEAL_GAME) {
    /* The commands as the open journal writes them, chained on the whole save's game. */
    struct murk_chain c;
    murk_save_chain_start(&c, game_text, strlen(game_text));
    for (int r = 0; r < records; r++) {
      char rec[512];
      int w = murk_save_journal_record(&c, r % 2 ? MURK_DEFENDER : MURK_ATTACKER, crec_cmd[r], rec,
                                       sizeof rec);
      assert_true(w > 0);
      strncat(out, rec, n - strlen(out) - 1);
    }
    return;
  }
  for (int r = 0; r < records; r++) {
    if (!crec_lines[r][part][0]) continue;
    size_t l = strlen(out) - 1; /* the closing line is replaced */
    while (l > 0 && out[l - 1] != '\n') l--;
    out[l] = '\0';
    strncat(out, crec_lines[r][part], n - strlen(out) - 1);
  }
}

static void assert_copens_to(const struct sealed* s, const char* t, size_t len, int records) {
  struct murk_seal_header h;
  char err[200] = "";
  assert_int_equal(murk_seal_read_header(t, len, &h, err, sizeof err), MURK_OK);
  assert_int_equal(h.turn, records ? 10 + records - 1 : s->h.turn);
  assert_int_equal(h.over, records == CREC);
  for (int part = 0; part < 3; part++) {
    char want[2048];
    size_t olen = 0;
    cexpected(part, records, want, sizeof want);
    char* out = open_ok(t, len, s, part, &olen);
    assert_string_equal(out, want);
    assert_int_equal(olen, strlen(want));
    murk_seal_free_secret(out, olen);
  }
}

/* Recompute every compact record's check after base, as anyone could. */
static void crechain(char* t, size_t len, size_t base) {
  unsigned char prev[32], sum[32];
  const char* c = strstr(t, "\ncheck: ");
  assert_non_null(c);
  sodium_hex2bin(prev, 32, c + 8, 64, NULL, NULL, NULL);
  for (size_t at = base; at < len;) {
    char* nl = memchr(t + at, '\n', len - at);
    assert_non_null(nl);
    size_t chk = (size_t)(nl - t) - 11;
    crypto_generichash(sum, 32, (const unsigned char*)t + at, chk - 1 - at, prev, 32);
    char b64[16];
    sodium_bin2base64(b64, sizeof b64, sum, 8, sodium_base64_VARIANT_ORIGINAL_NO_PADDING);
    memcpy(t + chk, b64, 11);
    memcpy(prev, sum, 32);
    at = (size_t)(nl - t) + 1;
  }
}

static void test_compact_journal(void** state) {
  (void)state;
  struct sealed s;
  make_seated(&s, 1, "a", "b", MURK_SEAT_REMOTE, MURK_SEAT_REMOTE);
  size_t ends[CREC + 1], len = 0;
  char* t = cjournal(&s, ends, &len);
  assert_copens_to(&s, t, len, CREC);
  /* Small: a command with a few lines for each side is a few hundred bytes, the long
   * command's record (its game part in the biggest class) a little more. */
  for (int r = 0; r < CREC; r++) {
    assert_true(ends[r + 1] - ends[r] < (r == 3 ? 560 : 300));
  }
  /* Every cut after the whole save opens to the records before it. */
  const size_t stride = (size_t)TEST_COUNT(1, 7); /* light runs: every seventh, as above */
  for (size_t cut = ends[0]; cut <= len; cut++) {
    bool at_end = false; /* the cuts around each record's end, always */
    for (int k = 1; k < 4; k++) at_end |= cut + 1 >= ends[k] && cut <= ends[k] + 1;
    if (!at_end && (cut - ends[0]) % stride != 0) continue;
    int records = 0;
    while (records < CREC && ends[records + 1] <= cut) records++;
    assert_copens_to(&s, t, cut, records);
  }
  /* Every byte changed in the records: refused. */
  char* u = murk_malloc(len + 1);
  for (size_t i = ends[0]; i < len; i += stride) {
    memcpy(u, t, len + 1);
    u[i] ^= 0x01;
    if (u[i] == '\n' || t[i] == '\n') {
      /* a line break moved: the record is cut or joined, never read as it was */
      assert_refused_part(&s, u, len, (int)(i % 3));
      continue;
    }
    assert_refused_part(&s, u, len, (int)(i % 3));
  }
  /* The checks rewritten after a changed letter: only the encryption can tell. */
  for (size_t i = ends[2] + 20; i < ends[3] - 13; i += 17) {
    memcpy(u, t, len + 1);
    u[i] = u[i] == 'A' ? 'B' : 'A';
    crechain(u, len, ends[0]);
    assert_refused(&s, u, len);
  }
  /* Records 1 and 3 exchanged (same sizes? no matter), the checks rewritten: refused. */
  size_t l1 = ends[1] - ends[0], l2 = ends[2] - ends[1];
  memcpy(u, t, ends[0]);
  memcpy(u + ends[0], t + ends[1], l2);
  memcpy(u + ends[0] + l2, t + ends[0], l1);
  memcpy(u + ends[2], t + ends[2], len - ends[2] + 1);
  crechain(u, len, ends[0]);
  struct murk_seal_header h;
  assert_int_equal(murk_seal_read_header(u, len, &h, NULL, 0), MURK_OK); /* the checks agree */
  for (int part = 0; part < 3; part++) {
    char* out = NULL;
    assert_int_equal(
        murk_seal_open(u, len, (enum murk_seal_part)part, part_key(&s, part), &out, NULL, NULL, 0),
        MURK_EAUTH);
  }
  /* Record 2 left out, the checks rewritten: the records after it do not open. */
  memcpy(u, t, ends[1]);
  memcpy(u + ends[1], t + ends[2], len - ends[2] + 1);
  crechain(u, len - l2, ends[0]);
  for (int part = 0; part < 3; part++)
    assert_int_equal(murk_seal_open(u, len - l2, (enum murk_seal_part)part, part_key(&s, part),
                                    &(char*){NULL}, NULL, NULL, 0),
                     MURK_EAUTH);
  /* A record of another game (same passphrases) does not open here. */
  struct sealed o;
  make(&o, 7, "a", "b");
  size_t oends[CREC + 1], olen = 0;
  char* ot = cjournal(&o, oends, &olen);
  memcpy(u, t, ends[0]);
  memcpy(u + ends[0], ot + oends[0], oends[1] - oends[0]);
  size_t ulen = ends[0] + oends[1] - oends[0];
  u = murk_realloc(u, ulen + 1);
  u[ulen] = '\0';
  crechain(u, ulen, ends[0]);
  assert_int_equal(
      murk_seal_open(u, ulen, MURK_SEAL_ATTACKER, s.keys[0], &(char*){NULL}, NULL, NULL, 0),
      MURK_EAUTH);
  /* An old record after compact ones, and compact ones after old ones, both read: a
   * journal of the records before (test_journal) goes on in compact records. */
  size_t jends[4], jlen = 0;
  char* jt = journal(&s, jends, &jlen);
  char ra[1024], rd[1024];
  expected(0, 3, ra, sizeof ra);
  expected(1, 3, rd, sizeof rd);
  const char* const rr[2] = {ra, rd};
  size_t rrl[2] = {strlen(ra), strlen(rd)};
  struct murk_seal_journal* w = NULL;
  assert_int_equal(murk_seal_journal_new(jt, jlen, rr, rrl, &w, NULL, 0), MURK_OK);
  const char* const more[2] = {"z1\nto act: z\n", "to act: z\n"};
  size_t ml[2] = {strlen(more[0]), strlen(more[1])};
  unsigned char fresh[MURK_SEAL_FRESH_BYTES] = {9};
  char* rec = NULL;
  size_t rlen = 0;
  assert_int_equal(murk_seal_journal_record(w, &s.h, s.keys[0], s.keys[1], more, ml, MURK_DEFENDER,
                                            "end", fresh, &rec, &rlen),
                   MURK_OK);
  murk_seal_journal_free(w);
  jt = murk_realloc(jt, jlen + rlen + 1);
  memcpy(jt + jlen, rec, rlen + 1);
  murk_free(rec);
  size_t got = 0;
  char* a = open_ok(jt, jlen + rlen, &s, MURK_SEAL_ATTACKER, &got);
  size_t keep = strlen(ra) - 1;
  while (keep > 0 && ra[keep - 1] != '\n') keep--;
  ra[keep] = '\0';
  strcat(ra, more[0]);
  assert_string_equal(a, ra);
  murk_seal_free_secret(a, got);
  char* g = open_ok(jt, jlen + rlen, &s, MURK_SEAL_GAME, &got);
  char gwant[1024];
  expected(MURK_SEAL_GAME, 3, gwant, sizeof gwant);
  assert_int_equal(strncmp(g, gwant, strlen(gwant)), 0);
  assert_int_equal(strncmp(g + strlen(gwant), "defender: end\n# chain: ", 23), 0);
  murk_seal_free_secret(g, got);
  murk_free(jt);
  murk_free(ot);
  murk_free(o.text);
  murk_free(u);
  murk_free(t);
  murk_free(s.text);
}

/* A journal writer that failed, or whose record did not reach the file, writes no more. */
static void test_compact_refusals(void** state) {
  (void)state;
  struct sealed s;
  make(&s, 2, "a", "b");
  struct murk_seal_journal* j = NULL;
  size_t rl[2] = {strlen(records_[0]), strlen(records_[1])};
  assert_int_equal(murk_seal_journal_new(s.text, s.len, records_, rl, &j, NULL, 0), MURK_OK);
  const char* const lines[2] = {"x\n", "y\n"};
  size_t ll[2] = {2, 2};
  unsigned char fresh[MURK_SEAL_FRESH_BYTES] = {0};
  char* out = NULL;
  char longcmd[300];
  memset(longcmd, 'x', sizeof longcmd - 1);
  longcmd[sizeof longcmd - 1] = '\0';
  assert_int_equal(murk_seal_journal_record(j, &s.h, s.keys[0], s.keys[1], lines, ll, MURK_ATTACKER,
                                            longcmd, fresh, &out, NULL),
                   MURK_EINVAL);
  assert_int_equal(murk_seal_journal_record(j, &s.h, s.keys[0], s.keys[1], lines, ll, MURK_NO_SIDE,
                                            "end", fresh, &out, NULL),
                   MURK_EINVAL);
  assert_null(out);
  assert_int_equal(murk_seal_journal_record(j, &s.h, s.keys[0], s.keys[1], lines, ll, MURK_ATTACKER,
                                            "end", fresh, &out, NULL),
                   MURK_OK);
  murk_free(out);
  murk_seal_journal_free(j);
  murk_seal_journal_free(NULL);
  murk_free(s.text);
}

/* Seats: public, in a version 3 header line that the parts are bound to; a save without
 * them is version 2 as before, and both read. */
static void test_seats(void** state) {
  (void)state;
  struct sealed s, o;
  make_seated(&s, 1, "a", "b", MURK_SEAT_HUMAN, MURK_SEAT_COMPUTER);
  make(&o, 1, "a", "b");
  assert_true(murk_seal_is_sealed(s.text, s.len));
  assert_int_equal(strncmp(s.text, "# murk-save: 3\n", 15), 0);
  assert_int_equal(strncmp(o.text, "# murk-save: 2\n", 15), 0);
  assert_non_null(strstr(s.text, "\n# seats: attacker=human defender=computer\nsealed-attacker: "));
  assert_null(strstr(o.text, "# seats:"));
  struct murk_seal_header h;
  char err[200] = "";
  assert_int_equal(murk_seal_read_header(s.text, s.len, &h, err, sizeof err), MURK_OK);
  assert_int_equal(h.seat[MURK_ATTACKER], MURK_SEAT_HUMAN);
  assert_int_equal(h.seat[MURK_DEFENDER], MURK_SEAT_COMPUTER);
  assert_int_equal(h.level, MURK_LEVEL_NORMAL);
  assert_int_equal(murk_seal_read_header(o.text, o.len, &h, err, sizeof err), MURK_OK);
  assert_int_equal(h.seat[MURK_ATTACKER], MURK_SEAT_NONE);
  /* The computer's level, on the seats line after them when not normal. */
  struct sealed e;
  memset(&e, 0, sizeof e);
  e.h.level = MURK_LEVEL_EASY;
  make_seated_level(&e, 2, "a", "b", MURK_SEAT_HUMAN, MURK_SEAT_COMPUTER);
  assert_non_null(strstr(e.text, "\n# seats: attacker=human defender=computer level=easy\n"));
  assert_int_equal(murk_seal_read_header(e.text, e.len, &h, err, sizeof err), MURK_OK);
  assert_int_equal(h.level, MURK_LEVEL_EASY);
  murk_free(e.text);
  for (int part = 0; part < 3; part++) {
    size_t n = 0;
    char* out = open_ok(s.text, s.len, &s, part, &n);
    murk_seal_free_secret(out, n);
  }
  /* The seats changed, the check rewritten: they read, but no part opens (the header is
   * bound into each). */
  char* t = murk_malloc(s.len + 1);
  assert_non_null(t);
  memcpy(t, s.text, s.len + 1);
  char* at = strstr(t, "defender=computer");
  assert_non_null(at);
  memcpy(at, "defender=remote  ", 17);
  recheck(t, s.len);
  assert_int_equal(murk_seal_read_header(t, s.len, &h, err, sizeof err), MURK_EINVAL); /* "  " */
  memcpy(at, "defender=human\n", 15);
  size_t n = strlen(t); /* two bytes shorter */
  memmove(at + 14, at + 17, s.len - (size_t)(at + 17 - t) + 1);
  n = strlen(t);
  recheck(t, n);
  assert_int_equal(murk_seal_read_header(t, n, &h, err, sizeof err), MURK_OK);
  assert_int_equal(h.seat[MURK_DEFENDER], MURK_SEAT_HUMAN);
  for (int part = 0; part < 3; part++) {
    char* out = NULL;
    assert_int_equal(
        murk_seal_open(t, n, (enum murk_seal_part)part, part_key(&s, part), &out, NULL, NULL, 0),
        MURK_EAUTH);
  }
  /* Version 3 without its seats line, or version 2 with one: damaged. */
  memcpy(t, o.text, o.len + 1);
  t[13] = '3';
  recheck(t, o.len);
  assert_int_equal(murk_seal_read_header(t, o.len, &h, err, sizeof err), MURK_EINVAL);
  memcpy(t, s.text, s.len + 1);
  t[13] = '2';
  recheck(t, s.len);
  assert_int_equal(murk_seal_read_header(t, s.len, &h, err, sizeof err), MURK_EINVAL);
  /* A version this murk does not know. */
  t[13] = '4';
  assert_false(murk_seal_is_sealed(t, s.len));
  murk_free(t);
  murk_free(s.text);
  murk_free(o.text);
}

int main(void) {
  if (sodium_init() < 0) return 1;
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_round_trip),
      cmocka_unit_test(test_wrong_keys),
      cmocka_unit_test(test_every_flip_and_cut),
      cmocka_unit_test(test_swapped_parts),
      cmocka_unit_test(test_limits),
      cmocka_unit_test(test_chain),
      cmocka_unit_test(test_journal),
      cmocka_unit_test(test_compact_journal),
      cmocka_unit_test(test_compact_refusals),
      cmocka_unit_test(test_seats),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
