/* seal.c: sealed saves (seal.h, docs/fair-play.md). All cryptography is libsodium's:
 * Argon2id for the side keys, BLAKE2b for the game key, the nonces and the check,
 * XChaCha20-Poly1305 for the parts. Writing a journal's compact records is
 * seal_journal.c's; their format is seal_journal.h. */
#include "murk/seal.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/save.h"
#include "seal_journal.h"
#include "sodium.h"
#include "strbuf.h"
#include "zlib.h"

static const char* const part_label[3] = {"sealed-attacker", "sealed-defender", "sealed-game"};

#define B64 sodium_base64_VARIANT_ORIGINAL
#define CHECK_HEX 64

/* The sealed format version data starts with (2 or 3), or 0. */
static int sealed_version(const char* data, size_t len) {
  static const char head[] = "# murk-save: 2\n# sealed:";
  if (!data || len < sizeof head - 1) return 0;
  for (int v = 2; v <= MURK_SEAL_VERSION; v++) {
    char want[sizeof head];
    memcpy(want, head, sizeof head);
    want[13] = (char)('0' + v);
    if (memcmp(data, want, sizeof head - 1) == 0) return v;
  }
  return 0;
}

bool murk_seal_is_sealed(const char* data, size_t len) {
  return sealed_version(data, len) != 0;
}

static bool seats_known(const struct murk_seal_header* h) {
  return h->seat[0] != MURK_SEAT_NONE && h->seat[1] != MURK_SEAT_NONE;
}

static bool limits_ok(unsigned long long ops, size_t mem) {
  return ops >= MURK_SEAL_OPS_MIN && ops <= MURK_SEAL_OPS_MAX && mem >= MURK_SEAL_MEM_MIN &&
         mem <= MURK_SEAL_MEM_MAX;
}

int murk_seal_derive(const char* pass, size_t len, const struct murk_seal_header* h,
                     enum murk_side side, unsigned char key[MURK_SEAL_KEY_BYTES]) {
  if (!h || (side != MURK_ATTACKER && side != MURK_DEFENDER) || (!pass && len)) return MURK_EINVAL;
  if (!limits_ok(h->ops, h->mem)) return MURK_EINVAL;
  _Static_assert(MURK_SEAL_SALT_BYTES == crypto_pwhash_SALTBYTES, "Argon2id salt size");
  /* libsodium wants a non-NULL pointer even for the empty passphrase. */
  if (crypto_pwhash(key, MURK_SEAL_KEY_BYTES, pass ? pass : "", len, h->salt[side], h->ops, h->mem,
                    crypto_pwhash_ALG_ARGON2ID13) != 0)
    return MURK_ENOMEM;
  return MURK_OK;
}

void murk_seal_game_key(const unsigned char attacker[MURK_SEAL_KEY_BYTES],
                        const unsigned char defender[MURK_SEAL_KEY_BYTES],
                        unsigned char out[MURK_SEAL_KEY_BYTES]) {
  static const char label[] = "murk sealed game key";
  crypto_generichash_state st;
  crypto_generichash_init(&st, NULL, 0, MURK_SEAL_KEY_BYTES);
  crypto_generichash_update(&st, (const unsigned char*)label, sizeof label);
  crypto_generichash_update(&st, attacker, MURK_SEAL_KEY_BYTES);
  crypto_generichash_update(&st, defender, MURK_SEAL_KEY_BYTES);
  crypto_generichash_final(&st, out, MURK_SEAL_KEY_BYTES);
  sodium_memzero(&st, sizeof st);
}

void murk_seal_free_secret(char* p, size_t len) {
  if (!p) return;
  sodium_memzero(p, len);
  murk_free(p);
}

static void format_header(struct mk_strbuf* b, const struct murk_seal_header* h) {
  char line[128];
  snprintf(line, sizeof line, "# murk-save: %d\n# sealed: argon2id13 ops=%llu mem=%zu\n",
           seats_known(h) ? 3 : 2, h->ops, h->mem);
  mk_strbuf_puts(b, line);
  mk_strbuf_puts(b, "# mission: ");
  mk_strbuf_puts(b, h->mission);
  snprintf(line, sizeof line, "\n# mission-hash: %016" PRIx64 "\n# turn: %d\n# to-act: %s\n",
           h->mission_hash, h->turn,
           h->to_act == MURK_ATTACKER   ? "attacker"
           : h->to_act == MURK_DEFENDER ? "defender"
                                        : "none");
  mk_strbuf_puts(b, line);
  mk_strbuf_puts(b, h->over ? "# over: yes\n# game: " : "# over: no\n# game: ");
  mk_strbuf_hex(b, h->game_id, MURK_SEAL_ID_BYTES);
  mk_strbuf_puts(b, "\n# salt-attacker: ");
  mk_strbuf_hex(b, h->salt[0], MURK_SEAL_SALT_BYTES);
  mk_strbuf_puts(b, "\n# salt-defender: ");
  mk_strbuf_hex(b, h->salt[1], MURK_SEAL_SALT_BYTES);
  mk_strbuf_puts(b, "\n");
  if (seats_known(h)) {
    snprintf(line, sizeof line, "# seats: attacker=%s defender=%s%s%s\n",
             murk_seat_name(h->seat[0]), murk_seat_name(h->seat[1]),
             h->level != MURK_LEVEL_NORMAL ? " level=" : "",
             h->level != MURK_LEVEL_NORMAL ? murk_level_name(h->level) : "");
    mk_strbuf_puts(b, line);
  }
}

/* The additional data of a part: the check it chains on (a journal record's; NULL for the
 * whole save's parts), the header's or the record line's exact bytes, then the part's
 * label with its NUL. */
static unsigned char* make_ad(const unsigned char* chained, const char* header, size_t hlen,
                              int part, size_t* adlen) {
  size_t clen = chained ? 32 : 0;
  size_t llen = strlen(part_label[part]);
  unsigned char* ad = murk_malloc(clen + hlen + llen + 1);
  if (!ad) return NULL;
  if (chained) memcpy(ad, chained, clen);
  memcpy(ad + clen, header, hlen);
  memcpy(ad + clen + hlen, part_label[part], llen + 1);
  *adlen = clen + hlen + llen + 1;
  return ad;
}

static int seal_part(struct mk_strbuf* b, const unsigned char* ad, size_t adlen, int part,
                     const unsigned char key[32], const char* text, size_t tlen, size_t padded,
                     const unsigned char fresh[32]) {
  /* Padded to `padded` bytes (ISO/IEC 7816-4, sodium_pad), so the part's size tells
   * little of what is in it. */
  unsigned char* plain = murk_malloc(padded);
  if (!plain) return MURK_ENOMEM;
  memcpy(plain, text, tlen);
  size_t plen = 0;
  if (sodium_pad(&plen, plain, tlen, padded, padded) != 0 || plen != padded) {
    sodium_memzero(plain, padded);
    murk_free(plain);
    return MURK_EINVAL;
  }
  unsigned char nonce_full[32];
  crypto_generichash(nonce_full, sizeof nonce_full, (const unsigned char*)part_label[part],
                     strlen(part_label[part]), fresh, MURK_SEAL_FRESH_BYTES);
  size_t clen = NONCE_BYTES + plen + TAG_BYTES;
  unsigned char* c = murk_malloc(clen);
  if (!c || !ad) {
    murk_free(c);
    sodium_memzero(plain, padded);
    murk_free(plain);
    return MURK_ENOMEM;
  }
  memcpy(c, nonce_full, NONCE_BYTES);
  unsigned long long got = 0;
  crypto_aead_xchacha20poly1305_ietf_encrypt(c + NONCE_BYTES, &got, plain, plen, ad, adlen, NULL, c,
                                             key);
  sodium_memzero(plain, padded);
  murk_free(plain);
  size_t b64len = sodium_base64_ENCODED_LEN(clen, B64);
  char* b64 = murk_malloc(b64len);
  if (!b64) {
    murk_free(c);
    return MURK_ENOMEM;
  }
  sodium_bin2base64(b64, b64len, c, clen, B64);
  murk_free(c);
  mk_strbuf_puts(b, part_label[part]);
  mk_strbuf_puts(b, ": ");
  mk_strbuf_puts(b, b64);
  mk_strbuf_puts(b, "\n");
  murk_free(b64);
  return b->oom ? MURK_ENOMEM : MURK_OK;
}

/* What the three parts of a save or a journal record hold, and the keys they are sealed
 * under (the game part's is made from the two). */
struct parts {
  const unsigned char* keys[2];
  const char* const* record;
  const size_t* record_len;
  const char* game;
  size_t game_len;
  const unsigned char* fresh;
};

/* Seal the three parts onto b, each with the additional data make_ad makes of `chained`
 * and b's first hlen bytes: both side parts padded to one size, the longer one's rounded
 * up in steps of rstep (a side learns from the file only roughly how much the enemy has
 * been shown, never more than it has itself), the game part in steps of gstep. */
static int seal_parts(struct mk_strbuf* b, const unsigned char* chained, size_t hlen,
                      const struct parts* in, size_t rstep, size_t gstep) {
  unsigned char gk[MURK_SEAL_KEY_BYTES];
  murk_seal_game_key(in->keys[0], in->keys[1], gk);
  size_t longer = in->record_len[0] > in->record_len[1] ? in->record_len[0] : in->record_len[1];
  size_t rpad = (longer / rstep + 1) * rstep;
  size_t gpad = (in->game_len / gstep + 1) * gstep;
  int rc = MURK_OK;
  for (int part = 0; rc == MURK_OK && part < 3; part++) {
    size_t adlen = 0;
    unsigned char* ad = b->oom ? NULL : make_ad(chained, b->p, hlen, part, &adlen);
    if (part < 2)
      rc = seal_part(b, ad, adlen, part, in->keys[part], in->record[part], in->record_len[part],
                     rpad, in->fresh);
    else
      rc = seal_part(b, ad, adlen, part, gk, in->game, in->game_len, gpad, in->fresh);
    murk_free(ad);
  }
  sodium_memzero(gk, sizeof gk);
  return rc;
}

int murk_seal_write(const struct murk_seal_header* h, const unsigned char* attacker_key,
                    const unsigned char* defender_key, const char* const record[2],
                    const size_t record_len[2], const char* game, size_t game_len,
                    const unsigned char fresh[MURK_SEAL_FRESH_BYTES], char** out, size_t* len) {
  *out = NULL;
  if (len) *len = 0;
  if (!h || !attacker_key || !defender_key || !record || !game || !fresh) return MURK_EINVAL;
  if (!h->mission[0] || strpbrk(h->mission, "\n\r") || !limits_ok(h->ops, h->mem))
    return MURK_EINVAL;
  struct mk_strbuf b = {0};
  format_header(&b, h);
  if (b.oom) {
    mk_strbuf_free(&b);
    return MURK_ENOMEM;
  }
  const struct parts in = {{attacker_key, defender_key}, record, record_len, game, game_len, fresh};
  int rc = seal_parts(&b, NULL, b.len, &in, MURK_SEAL_PAD, MURK_SEAL_PAD);
  if (rc == MURK_OK) {
    unsigned char check[32];
    crypto_generichash(check, sizeof check, (const unsigned char*)b.p, b.len, NULL, 0);
    mk_strbuf_puts(&b, "check: ");
    mk_strbuf_hex(&b, check, sizeof check);
    mk_strbuf_puts(&b, "\n");
    if (b.oom) rc = MURK_ENOMEM;
  }
  if (rc != MURK_OK) {
    mk_strbuf_free(&b);
    return rc;
  }
  *out = mk_strbuf_take(&b, len);
  return MURK_OK; /* not out of memory: b.oom was checked */
}

/* ---- reading ---- */

struct layout {
  size_t hlen;          /* bytes of the header (its lines with their breaks) */
  int nheader;          /* its lines: 10, or 11 with the seats line (version 3) */
  const char* line[11]; /* the header's values, after "# key: " */
  size_t line_len[11];
  const char* part[3]; /* base64 text of each part */
  size_t part_len[3];
  size_t end;              /* where the whole save ends (a journal's records follow) */
  unsigned char check[32]; /* its check */
};

static const char* const header_keys[11] = {
    "# murk-save: ",     "# sealed: ",        "# mission: ", "# mission-hash: ",
    "# turn: ",          "# to-act: ",        "# over: ",    "# game: ",
    "# salt-attacker: ", "# salt-defender: ", "# seats: "};

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int
fail(char* err, size_t n, const char* fmt, ...) {
  if (err && n) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
  }
  return MURK_EINVAL;
}

#define DAMAGED "the sealed save is damaged or was changed"

/* The header's lines (10, or 11 in version 3), the three parts and the check, in their
 * order, each with its key; the check line matches. */
static int lay_out(const char* data, size_t len, struct layout* l, char* err, size_t n) {
  memset(l, 0, sizeof *l);
  int version = sealed_version(data, len);
  if (!version) return fail(err, n, "this is not a sealed save");
  if (memchr(data, '\0', len)) return fail(err, n, DAMAGED " (a NUL byte)");
  l->nheader = version >= 3 ? 11 : 10;
  int nh = l->nheader;
  size_t pos = 0;
  const char* v = NULL;
  size_t vlen = 0;
  for (int i = 0; i < nh + 4; i++) {
    const char* key = i < nh ? header_keys[i] : i < nh + 3 ? part_label[i - nh] : "check";
    size_t klen = strlen(key);
    size_t end = pos;
    while (end < len && data[end] != '\n') end++;
    if (end >= len) return fail(err, n, DAMAGED " (it ends too early: cut short?)");
    const char* line = data + pos;
    size_t llen = end - pos;
    bool colon = i >= nh;
    if (llen < klen + (colon ? 2 : 0) || memcmp(line, key, klen) != 0 ||
        (colon && memcmp(line + klen, ": ", 2) != 0))
      return fail(err, n, DAMAGED " (line %d is not what a sealed save has there)", i + 1);
    v = line + klen + (colon ? 2 : 0);
    vlen = llen - klen - (colon ? 2 : 0);
    if (i < nh) {
      l->line[i] = v;
      l->line_len[i] = vlen;
    } else if (i < nh + 3) {
      l->part[i - nh] = v;
      l->part_len[i - nh] = vlen;
    }
    pos = end + 1;
    if (i == nh - 1) l->hlen = pos;
  }
  l->end = pos;
  /* The check: BLAKE2b of every byte before the check line. */
  size_t before = (size_t)(v - data) - strlen("check: ");
  char hex[CHECK_HEX + 1];
  crypto_generichash(l->check, sizeof l->check, (const unsigned char*)data, before, NULL, 0);
  sodium_bin2hex(hex, sizeof hex, l->check, sizeof l->check);
  if (vlen != CHECK_HEX || sodium_memcmp(hex, v, CHECK_HEX) != 0)
    return fail(err, n, DAMAGED " (its check does not match its contents)");
  return MURK_OK;
}

/* ---- a journal's records ---- */

static const char* const rec_keys[5] = {
    "record: ", "sealed-attacker: ", "sealed-defender: ", "sealed-game: ", "check: "};

struct rec {
  bool compact;     /* a compact record (one "j" line) */
  const char* line; /* the record line, its break included (compact: up to its parts) */
  size_t line_len;
  const char* part[3]; /* compact: part[0] is the base64 of all three */
  size_t part_len[3];
  unsigned char prev[32]; /* the check it chains on */
};

static int next_compact(const char* data, size_t len, size_t* pos, unsigned char check[32],
                        struct rec* r, size_t index, char* err, size_t n);

/* Are data[from, to) only what line i of a record holds (so that a torn record is told
 * from a changed one)? */
static bool in_alphabet(const char* data, size_t from, size_t to, int i) {
  /* Compared by ranges, not looked up in a string a character: a journal of 100,000
   * records is read through here twice on every open. */
  for (size_t k = from; k < to; k++) {
    unsigned char c = (unsigned char)data[k];
    bool digit = c >= '0' && c <= '9', lower = c >= 'a' && c <= 'z';
    bool ok = i == 0 ? digit || lower || c == ' '
              : i == 4
                  ? digit || (c >= 'a' && c <= 'f')
                  : digit || lower || (c >= 'A' && c <= 'Z') || c == '+' || c == '/' || c == '=';
    if (!ok) return false;
  }
  return true;
}

/* Is c one of a compact record's characters (digits, letters, space, - + /)? One bit of
 * a mask of the 128 ASCII codes: every character of every record is asked. */
static bool compact_char(unsigned char c) {
  static const uint64_t mask[2] = {/* ' ' 32, '+' 43, '-' 45, '/' 47, '0'-'9' 48-57 */
                                   (UINT64_C(1) << 32) | (UINT64_C(1) << 43) | (UINT64_C(1) << 45) |
                                       (UINT64_C(1) << 47) | (UINT64_C(0x3ff) << 48),
                                   /* 'A'-'Z' 65-90, 'a'-'z' 97-122 */
                                   (UINT64_C(0x3ffffff) << 1) | (UINT64_C(0x3ffffff) << 33)};
  return c < 128 && (mask[c >> 6] >> (c & 63)) & 1;
}

/* The record at *pos, chained on check. 1: a whole record that checks (*r filled, *pos
 * and check moved past it); 0: no more (the end, or a torn tail: a prefix of a record
 * without its whole check line); MURK_EINVAL: damage (err says so). */
static int next_record(const char* data, size_t len, size_t* pos, unsigned char check[32],
                       struct rec* r, size_t index, char* err, size_t n) {
  size_t at = *pos, start = *pos;
  if (at == len) return 0;
  if (data[at] == 'j') return next_compact(data, len, pos, check, r, index, err, n);
  r->compact = false;
  const char* v = NULL;
  size_t vlen = 0;
  for (int i = 0; i < 5; i++) {
    size_t klen = strlen(rec_keys[i]);
    size_t end = at;
    while (end < len && data[end] != '\n') end++;
    if (end >= len) {
      /* The last line, cut: a torn record if what there is could have been its start
       * (its key, then only what such a line holds). */
      size_t have = len - at < klen ? len - at : klen;
      if (memcmp(data + at, rec_keys[i], have) == 0 && in_alphabet(data, at + have, len, i))
        return 0;
      return fail(err, n, DAMAGED " (record %zu is not laid out as a record)", index);
    }
    if (end - at < klen || memcmp(data + at, rec_keys[i], klen) != 0 ||
        !in_alphabet(data, at + klen, end, i))
      return fail(err, n, DAMAGED " (record %zu is not laid out as a record)", index);
    v = data + at + klen;
    vlen = end - at - klen;
    if (i == 0) {
      r->line = data + at;
      r->line_len = end + 1 - at;
    } else if (i < 4) {
      r->part[i - 1] = v;
      r->part_len[i - 1] = vlen;
    }
    at = end + 1;
  }
  size_t before = (size_t)(v - data) - strlen("check: ");
  unsigned char sum[32];
  char hex[CHECK_HEX + 1];
  crypto_generichash(sum, sizeof sum, (const unsigned char*)data + start, before - start, check,
                     32);
  sodium_bin2hex(hex, sizeof hex, sum, sizeof sum);
  if (vlen != CHECK_HEX || sodium_memcmp(hex, v, CHECK_HEX) != 0)
    return fail(err, n, DAMAGED " (the check of record %zu does not match)", index);
  memcpy(r->prev, check, 32);
  memcpy(check, sum, 32);
  *pos = at;
  return 1;
}

/* ---- compact journal records (seal_journal.h) ---- */

/* The padded size of a side part of class k: 32 bytes, then half as much again each class,
 * in whole 8-byte steps (32, 48, 72, 112, 168...). */
size_t mk_journal_side_pad(unsigned k) {
  size_t p = 32;
  for (unsigned i = 0; i < k; i++) p = (p * 3 / 2 + 7) / 8 * 8;
  return p;
}

/* Does a compact record's line check on `check`? 1 (r filled, pos and check moved past
 * it), 0 (a torn last line that could have been one), or MURK_EINVAL. */
static int next_compact(const char* data, size_t len, size_t* pos, unsigned char check[32],
                        struct rec* r, size_t index, char* err, size_t n) {
  size_t start = *pos;
  const char* nl = memchr(data + start, '\n', len - start);
  size_t end = nl ? (size_t)(nl - data) : len;
  for (size_t k = start + 1; k < end; k++)
    if (!compact_char((unsigned char)data[k]))
      return fail(err, n, DAMAGED " (record %zu is not laid out as a record)", index);
  if (!nl) {
    if (end - start >= 2 && data[start + 1] != ' ')
      return fail(err, n, DAMAGED " (record %zu is not laid out as a record)", index);
    return 0; /* torn */
  }
  /* Six fields, one space apart: j TURN SIDE OVER BASE64 CHECK. */
  size_t sp[5], ns = 0;
  bool ok = true;
  for (size_t k = start; k < end && ok; k++)
    if (data[k] == ' ') {
      ok = ns < 5 && k > (ns ? sp[ns - 1] + 1 : start);
      if (ok) sp[ns++] = k;
    }
  if (!ok || ns != 5 || sp[0] != start + 1 || sp[4] + 1 + 11 != end || sp[3] + 1 == sp[4])
    return fail(err, n, DAMAGED " (record %zu is not laid out as a record)", index);
  size_t field[6] = {start, sp[0] + 1, sp[1] + 1, sp[2] + 1, sp[3] + 1, sp[4] + 1};
  size_t flen[6] = {1, 0, 0, 0, sp[4] - sp[3] - 1, 11};
  unsigned char sum[32];
  char want[16];
  crypto_generichash(sum, sizeof sum, (const unsigned char*)data + start, field[5] - 1 - start,
                     check, 32);
  sodium_bin2base64(want, sizeof want, sum, J_CHECK, J_B64);
  if (sodium_memcmp(want, data + field[5], 11) != 0)
    return fail(err, n, DAMAGED " (the check of record %zu does not match)", index);
  r->compact = true;
  r->line = data + start;
  r->line_len = field[4] - start;
  r->part[0] = data + field[4];
  r->part_len[0] = flen[4];
  memcpy(r->prev, check, 32);
  memcpy(check, sum, 32);
  *pos = end + 1;
  return 1;
}

/* A part's nonce: from the check the record chains on (one a place in the file) and the
 * record's fresh bytes (one a write, should a torn record be written again). */
void mk_journal_nonce(const unsigned char prev[32], const unsigned char* fresh, int part,
                      unsigned char nonce[NONCE_BYTES]) {
  crypto_generichash_state st;
  crypto_generichash_init(&st, NULL, 0, NONCE_BYTES);
  crypto_generichash_update(&st, prev, 32);
  crypto_generichash_update(&st, fresh, J_FRESH);
  crypto_generichash_update(&st, (const unsigned char*)part_label[part],
                            strlen(part_label[part]) + 1);
  crypto_generichash_final(&st, nonce, NONCE_BYTES);
}

/* The additional data of a compact record's part: the check it chains on, its public
 * prefix ("j TURN SIDE OVER "), its sizes byte and the part's label. */
unsigned char* mk_journal_ad(const unsigned char prev[32], const char* prefix, size_t plen,
                             unsigned char sizes, int part, size_t* adlen) {
  char head[64];
  if (plen >= sizeof head) return NULL;
  memcpy(head, prefix, plen);
  head[plen] = (char)sizes;
  return make_ad(prev, head, plen + 1, part, adlen);
}

/* Open part `part` of compact record r: *out its padded text unpadded (NUL-terminated). */
static int open_compact(const struct rec* r, int part, const unsigned char key[32], char** out,
                        size_t* outlen, size_t index, char* err, size_t n) {
  size_t maxbin = r->part_len[0] / 4 * 3 + 3;
  unsigned char* bin = murk_malloc(maxbin);
  if (!bin) return MURK_ENOMEM;
  size_t binlen = 0;
  const char* end = NULL;
  if (sodium_base642bin(bin, maxbin, r->part[0], r->part_len[0], NULL, &binlen, &end, J_B64) != 0 ||
      end != r->part[0] + r->part_len[0] || binlen < J_FRESH + 1) {
    murk_free(bin);
    return fail(err, n, DAMAGED " (record %zu)", index);
  }
  unsigned char sizes = bin[J_FRESH];
  unsigned k = sizes >> 2, g = sizes & 3u;
  size_t side = mk_journal_side_pad(k);
  if (g > 2 || binlen != J_FRESH + 1 + 2 * (side + TAG_BYTES) + j_game_pad[g] + TAG_BYTES) {
    murk_free(bin);
    return fail(err, n, DAMAGED " (record %zu)", index);
  }
  size_t off = J_FRESH + 1 + (size_t)part * (side + TAG_BYTES);
  size_t clen = (part < 2 ? side : j_game_pad[g]) + TAG_BYTES;
  size_t adlen = 0;
  unsigned char* ad = mk_journal_ad(r->prev, r->line, r->line_len, sizes, part, &adlen);
  char* plain = murk_malloc(clen);
  if (!ad || !plain) {
    murk_free(ad);
    murk_free(plain);
    murk_free(bin);
    return MURK_ENOMEM;
  }
  unsigned char nonce[NONCE_BYTES];
  mk_journal_nonce(r->prev, bin, part, nonce);
  unsigned long long got = 0;
  int bad = crypto_aead_xchacha20poly1305_ietf_decrypt((unsigned char*)plain, &got, NULL, bin + off,
                                                       clen, ad, adlen, nonce, key);
  murk_free(ad);
  murk_free(bin);
  size_t plen = clen - TAG_BYTES, unpadded = 0;
  if (bad != 0) {
    murk_seal_free_secret(plain, clen);
    if (err && n) snprintf(err, n, "%s", murk_strerror(MURK_EAUTH));
    return MURK_EAUTH;
  }
  if (sodium_unpad(&unpadded, (unsigned char*)plain, plen, plen) != 0) {
    murk_seal_free_secret(plain, clen);
    return fail(err, n, DAMAGED " (record %zu is not padded right)", index);
  }
  plain[unpadded] = '\0';
  *out = plain;
  *outlen = unpadded;
  return MURK_OK;
}

static int parse_public(const char* s, size_t n, struct murk_seal_header* h);

/* Every record of a journal after its whole save: each checked, the public fields of the
 * last whole one into h (when not NULL). *whole gets where the records that check end. */
static int walk_records(const char* data, size_t len, const struct layout* l,
                        struct murk_seal_header* h, unsigned char check[32], size_t* whole,
                        char* err, size_t n) {
  size_t pos = l->end;
  memcpy(check, l->check, 32);
  struct rec r;
  int rc;
  for (size_t i = 1; (rc = next_record(data, len, &pos, check, &r, i, err, n)) == 1; i++) {
    struct murk_seal_header tmp;
    size_t skip = r.compact ? 2 : strlen(rec_keys[0]);
    if (parse_public(r.line + skip, r.line_len - skip - 1, h ? h : &tmp) != MURK_OK)
      return fail(err, n, DAMAGED " (the turn, side to act or end of record %zu)", i);
  }
  if (rc != 0) return rc;
  if (whole) *whole = pos;
  return MURK_OK;
}

static bool is_lower_hex(const char* s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f'))) return false;
  return true;
}

static bool hex_field(const char* s, size_t n, unsigned char* out, size_t bytes) {
  size_t got = 0;
  return n == 2 * bytes && is_lower_hex(s, n) &&
         sodium_hex2bin(out, bytes, s, n, NULL, &got, NULL) == 0 && got == bytes;
}

/* A decimal number without sign or leading zero, at most max. */
static bool number(const char* s, size_t n, unsigned long long max, unsigned long long* out) {
  if (n == 0 || n > 20 || (n > 1 && s[0] == '0')) return false;
  unsigned long long v = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    unsigned d = (unsigned)(s[i] - '0');
    if (v > (max - d) / 10) return false;
    v = v * 10 + d;
  }
  *out = v;
  return true;
}

static bool is(const char* s, size_t n, const char* word) {
  return n == strlen(word) && memcmp(s, word, n) == 0;
}

/* "attacker=SEAT defender=SEAT", and " level=LEVEL" when not normal, as format_header
 * writes it. */
static bool parse_seats(const char* s, size_t n, enum murk_seat seat[2], enum murk_level* level) {
  static const char* const key[2] = {"attacker=", "defender="};
  size_t at = 0;
  for (int side = 0; side < 2; side++) {
    size_t klen = strlen(key[side]);
    if (side > 0 && (at >= n || s[at++] != ' ')) return false;
    if (n - at < klen || memcmp(s + at, key[side], klen) != 0) return false;
    at += klen;
    const char* sp = memchr(s + at, ' ', n - at);
    size_t end = sp ? (size_t)(sp - s) : n;
    seat[side] = murk_seat_parse(s + at, end - at);
    if (seat[side] == MURK_SEAT_NONE) return false;
    at = end;
  }
  *level = MURK_LEVEL_NORMAL;
  static const char lkey[] = " level=";
  if (n - at > sizeof lkey - 1 && memcmp(s + at, lkey, sizeof lkey - 1) == 0) {
    at += sizeof lkey - 1;
    int l = murk_level_parse(s + at, n - at);
    if (l <= MURK_LEVEL_NORMAL) return false; /* normal is never written */
    *level = (enum murk_level)l;
    at = n;
  }
  return at == n;
}

static int parse_header(const struct layout* l, struct murk_seal_header* h, char* err, size_t n) {
  memset(h, 0, sizeof *h);
  unsigned long long v = 0;
  if (!number(l->line[0], l->line_len[0], 1000, &v) || v < 2 || v > MURK_SEAL_VERSION)
    return fail(err, n, "this sealed save has a format this murk does not read");
  h->version = (int)v;
  /* "argon2id13 ops=N mem=N" */
  const char* s = l->line[1];
  size_t len = l->line_len[1];
  static const char alg[] = "argon2id13 ops=";
  if (len < sizeof alg - 1 || memcmp(s, alg, sizeof alg - 1) != 0)
    return fail(err, n, "this sealed save asks for a key derivation murk does not know");
  const char* p = s + sizeof alg - 1;
  const char* sp = memchr(p, ' ', len - (size_t)(p - s));
  unsigned long long ops = 0, mem = 0;
  if (!sp || !number(p, (size_t)(sp - p), MURK_SEAL_OPS_MAX, &ops) || (size_t)(s + len - sp) < 5 ||
      memcmp(sp, " mem=", 5) != 0 ||
      !number(sp + 5, (size_t)(s + len - sp - 5), MURK_SEAL_MEM_MAX, &mem) ||
      !limits_ok(ops, (size_t)mem))
    return fail(err, n, "this sealed save asks for key derivation limits out of bounds");
  h->ops = ops;
  h->mem = (size_t)mem;
  if (l->line_len[2] == 0 || l->line_len[2] >= sizeof h->mission)
    return fail(err, n, DAMAGED " (its mission path)");
  for (size_t i = 0; i < l->line_len[2]; i++)
    if ((unsigned char)l->line[2][i] < 0x20 || l->line[2][i] == 0x7f)
      return fail(err, n, DAMAGED " (its mission path)");
  memcpy(h->mission, l->line[2], l->line_len[2]);
  unsigned char hash[8];
  if (!hex_field(l->line[3], l->line_len[3], hash, 8))
    return fail(err, n, DAMAGED " (its mission hash)");
  for (int i = 0; i < 8; i++) h->mission_hash = h->mission_hash << 8 | hash[i];
  if (!number(l->line[4], l->line_len[4], 1000000, &v)) return fail(err, n, DAMAGED " (its turn)");
  h->turn = (int)v;
  if (is(l->line[5], l->line_len[5], "attacker"))
    h->to_act = MURK_ATTACKER;
  else if (is(l->line[5], l->line_len[5], "defender"))
    h->to_act = MURK_DEFENDER;
  else if (is(l->line[5], l->line_len[5], "none"))
    h->to_act = MURK_NO_SIDE;
  else
    return fail(err, n, DAMAGED " (its side to act)");
  if (is(l->line[6], l->line_len[6], "yes"))
    h->over = true;
  else if (!is(l->line[6], l->line_len[6], "no"))
    return fail(err, n, DAMAGED " (whether it is over)");
  if (!hex_field(l->line[7], l->line_len[7], h->game_id, MURK_SEAL_ID_BYTES) ||
      !hex_field(l->line[8], l->line_len[8], h->salt[0], MURK_SEAL_SALT_BYTES) ||
      !hex_field(l->line[9], l->line_len[9], h->salt[1], MURK_SEAL_SALT_BYTES))
    return fail(err, n, DAMAGED " (its game id or salts)");
  if (l->nheader > 10 && !parse_seats(l->line[10], l->line_len[10], h->seat, &h->level))
    return fail(err, n, DAMAGED " (its seats)");
  return MURK_OK;
}

/* A record's public line: "TURN SIDE yes|no" (without its break). */
static int parse_public(const char* s, size_t n, struct murk_seal_header* h) {
  const char* sp1 = memchr(s, ' ', n);
  if (!sp1) return MURK_EINVAL;
  const char* sp2 = memchr(sp1 + 1, ' ', n - (size_t)(sp1 + 1 - s));
  if (!sp2) return MURK_EINVAL;
  unsigned long long v = 0;
  if (!number(s, (size_t)(sp1 - s), 1000000, &v)) return MURK_EINVAL;
  const char* side = sp1 + 1;
  size_t slen = (size_t)(sp2 - side);
  enum murk_side to_act;
  /* the compact record's letters (a, d, -; y, n), or the words */
  if (is(side, slen, "attacker") || is(side, slen, "a"))
    to_act = MURK_ATTACKER;
  else if (is(side, slen, "defender") || is(side, slen, "d"))
    to_act = MURK_DEFENDER;
  else if (is(side, slen, "none") || is(side, slen, "-"))
    to_act = MURK_NO_SIDE;
  else
    return MURK_EINVAL;
  const char* over = sp2 + 1;
  size_t olen = n - (size_t)(over - s);
  bool yes = is(over, olen, "yes") || is(over, olen, "y");
  if (!yes && !is(over, olen, "no") && !is(over, olen, "n")) return MURK_EINVAL;
  h->turn = (int)v;
  h->to_act = to_act;
  h->over = yes;
  return MURK_OK;
}

int murk_seal_read_header(const char* data, size_t len, struct murk_seal_header* h, char* err,
                          size_t errlen) {
  struct layout l;
  unsigned char check[32];
  int rc = lay_out(data, len, &l, err, errlen);
  if (rc == MURK_OK) rc = parse_header(&l, h, err, errlen);
  if (rc == MURK_OK) rc = walk_records(data, len, &l, h, check, NULL, err, errlen);
  return rc;
}

int murk_seal_chain_of(const char* data, size_t len, struct murk_seal_chain* c, size_t* whole,
                       char* err, size_t errlen) {
  struct layout l;
  struct murk_seal_header h;
  int rc = lay_out(data, len, &l, err, errlen);
  if (rc == MURK_OK) rc = parse_header(&l, &h, err, errlen);
  if (rc == MURK_OK) rc = walk_records(data, len, &l, NULL, c->check, whole, err, errlen);
  return rc;
}

int murk_seal_record(struct murk_seal_chain* c, const struct murk_seal_header* h,
                     const unsigned char* attacker_key, const unsigned char* defender_key,
                     const char* const record[2], const size_t record_len[2], const char* game,
                     size_t game_len, const unsigned char fresh[MURK_SEAL_FRESH_BYTES], char** out,
                     size_t* len) {
  *out = NULL;
  if (len) *len = 0;
  if (!c || !h || !attacker_key || !defender_key || !record || !game || !fresh) return MURK_EINVAL;
  struct mk_strbuf b = {0};
  char line[96];
  snprintf(line, sizeof line, "record: %d %s %s\n", h->turn,
           h->to_act == MURK_ATTACKER   ? "attacker"
           : h->to_act == MURK_DEFENDER ? "defender"
                                        : "none",
           h->over ? "yes" : "no");
  mk_strbuf_puts(&b, line);
  if (b.oom) {
    mk_strbuf_free(&b);
    return MURK_ENOMEM;
  }
  const struct parts in = {{attacker_key, defender_key}, record, record_len, game, game_len, fresh};
  int rc = seal_parts(&b, c->check, b.len, &in, MURK_SEAL_REC_PAD, MURK_SEAL_GAME_REC_PAD);
  unsigned char sum[32];
  if (rc == MURK_OK && !b.oom) {
    crypto_generichash(sum, sizeof sum, (const unsigned char*)b.p, b.len, c->check, 32);
    mk_strbuf_puts(&b, "check: ");
    mk_strbuf_hex(&b, sum, sizeof sum);
    mk_strbuf_puts(&b, "\n");
    if (b.oom) rc = MURK_ENOMEM;
  } else if (rc == MURK_OK) {
    rc = MURK_ENOMEM;
  }
  if (rc != MURK_OK) {
    mk_strbuf_free(&b);
    return rc;
  }
  memcpy(c->check, sum, 32);
  *out = mk_strbuf_take(&b, len);
  return MURK_OK; /* not out of memory: b.oom was checked */
}

/* Open one sealed part (base64 text b64) with ad and key: *out the text without its
 * padding, NUL-terminated. */
static int open_b64(const char* b64, size_t b64len, const unsigned char* ad, size_t adlen,
                    const unsigned char key[MURK_SEAL_KEY_BYTES], int part, char** out,
                    size_t* outlen, char* err, size_t errlen) {
  size_t maxbin = b64len / 4 * 3 + 3;
  unsigned char* bin = murk_malloc(maxbin);
  if (!bin) return MURK_ENOMEM;
  size_t binlen = 0;
  const char* end = NULL;
  if (sodium_base642bin(bin, maxbin, b64, b64len, NULL, &binlen, &end, B64) != 0 ||
      end != b64 + b64len || binlen < NONCE_BYTES + TAG_BYTES) {
    murk_free(bin);
    return fail(err, errlen, DAMAGED " (its %s part)", part_label[part]);
  }
  size_t plen = binlen - NONCE_BYTES - TAG_BYTES;
  char* plain = murk_malloc(plen + 1);
  if (!plain) {
    murk_free(bin);
    return MURK_ENOMEM;
  }
  unsigned long long got = 0;
  int bad = crypto_aead_xchacha20poly1305_ietf_decrypt((unsigned char*)plain, &got, NULL,
                                                       bin + NONCE_BYTES, binlen - NONCE_BYTES, ad,
                                                       adlen, bin, key);
  murk_free(bin);
  if (bad != 0) {
    murk_seal_free_secret(plain, plen + 1);
    if (err && errlen) snprintf(err, errlen, "%s", murk_strerror(MURK_EAUTH));
    return MURK_EAUTH;
  }
  size_t unpadded = 0;
  if (plen == 0 || sodium_unpad(&unpadded, (unsigned char*)plain, plen, plen) != 0) {
    murk_seal_free_secret(plain, plen + 1);
    return fail(err, errlen, DAMAGED " (its %s part is not padded right)", part_label[part]);
  }
  sodium_memzero(plain + unpadded, plen - unpadded);
  plain[unpadded] = '\0';
  *out = plain;
  *outlen = unpadded;
  return MURK_OK;
}

/* A secret growing buffer: wiped whenever it moves. */
static int put_secret(char** p, size_t* len, size_t* cap, const char* s, size_t n) {
  if (*len + n + 1 > *cap) {
    size_t c = *cap ? *cap : 1024;
    while (c < *len + n + 1) c *= 2;
    char* q = murk_malloc(c);
    if (!q) return MURK_ENOMEM;
    if (*p) memcpy(q, *p, *len);
    murk_seal_free_secret(*p, *cap);
    *p = q;
    *cap = c;
  }
  memcpy(*p + *len, s, n);
  *len += n;
  (*p)[*len] = '\0';
  return MURK_OK;
}

/* A side's record: new lines replace the closing line before them. */
static void replace_closing(char* text, size_t* tlen) {
  size_t keep = *tlen && text[*tlen - 1] == '\n' ? *tlen - 1 : *tlen;
  while (keep > 0 && text[keep - 1] != '\n') keep--;
  sodium_memzero(text + keep, *tlen - keep);
  *tlen = keep;
}

voidpf mk_seal_zalloc(voidpf opaque, uInt items, uInt size) {
  (void)opaque;
  return murk_malloc((size_t)items * size);
}

void mk_seal_zfree(voidpf opaque, voidpf p) {
  (void)opaque;
  murk_free(p);
}

/* What reading a journal's compact records keeps from one to the next: the game part's
 * open chain (each command is given back as the open journal writes it, save.h) and a
 * side part's inflate stream (one deflate stream a side from the whole save on). */
struct unpack {
  bool chained;
  struct murk_chain oc;
  bool zon;
  z_stream z;
};

static void unpack_end(struct unpack* u) {
  if (u->zon) inflateEnd(&u->z);
  sodium_memzero(u, sizeof *u);
}

/* A compact record's part (plain, plen bytes) onto the part's text. */
static int unpack(struct unpack* u, int part, char** text, size_t* tlen, size_t* cap,
                  const char* plain, size_t plen, size_t index, char* err, size_t n) {
  if (part == MURK_SEAL_GAME) {
    enum murk_side side = plen > 2 && plain[1] == ' ' && plain[0] == 'a'   ? MURK_ATTACKER
                          : plen > 2 && plain[1] == ' ' && plain[0] == 'd' ? MURK_DEFENDER
                                                                           : MURK_NO_SIDE;
    if (side == MURK_NO_SIDE || strlen(plain) != plen)
      return fail(err, n, DAMAGED " (record %zu's command)", index);
    if (!u->chained) murk_save_chain_start(&u->oc, *text, *tlen);
    u->chained = true;
    char rec[512];
    int w = murk_save_journal_record(&u->oc, side, plain + 2, rec, sizeof rec);
    if (w < 0) return fail(err, n, DAMAGED " (record %zu's command)", index);
    return put_secret(text, tlen, cap, rec, (size_t)w);
  }
  if (!u->zon) {
    memset(&u->z, 0, sizeof u->z);
    u->z.zalloc = mk_seal_zalloc;
    u->z.zfree = mk_seal_zfree;
    if (inflateInit2(&u->z, -15) != Z_OK) return MURK_ENOMEM;
    u->zon = true;
    /* Primed as its writer was: with the end of the record before the first compact one. */
    size_t from = *tlen > J_WINDOW ? *tlen - J_WINDOW : 0;
    if (*tlen &&
        inflateSetDictionary(&u->z, (const Bytef*)*text + from, (uInt)(*tlen - from)) != Z_OK)
      return fail(err, n, DAMAGED " (record %zu's lines)", index);
  }
  if (plen == 0) return MURK_OK; /* nothing new */
  /* The chunk, then the sync flush's marker its writer left out. */
  unsigned char* in = murk_malloc(plen + 4);
  if (!in) return MURK_ENOMEM;
  memcpy(in, plain, plen);
  memcpy(in + plen, "\0\0\xff\xff", 4);
  u->z.next_in = in;
  u->z.avail_in = (uInt)(plen + 4);
  bool first = true;
  int rc = MURK_OK;
  while (rc == MURK_OK) {
    unsigned char out[4096];
    u->z.next_out = out;
    u->z.avail_out = sizeof out;
    int zr = inflate(&u->z, Z_SYNC_FLUSH);
    size_t got = sizeof out - u->z.avail_out;
    if (zr != Z_OK && zr != Z_BUF_ERROR) {
      rc = fail(err, n, DAMAGED " (record %zu's lines)", index);
      break;
    }
    if (got && first && part != MURK_SEAL_GAME) replace_closing(*text, tlen);
    if (got) first = false;
    if (got) rc = put_secret(text, tlen, cap, (const char*)out, got);
    sodium_memzero(out, got);
    if (u->z.avail_in == 0 && u->z.avail_out != 0) break;
    if (zr == Z_BUF_ERROR && got == 0) {
      rc = fail(err, n, DAMAGED " (record %zu's lines)", index);
      break;
    }
  }
  murk_seal_free_secret((char*)in, plen + 4);
  return rc;
}

int murk_seal_open(const char* data, size_t len, enum murk_seal_part part,
                   const unsigned char key[MURK_SEAL_KEY_BYTES], char** out, size_t* outlen,
                   char* err, size_t errlen) {
  *out = NULL;
  if (outlen) *outlen = 0;
  if ((int)part < 0 || part > MURK_SEAL_GAME || !key) return MURK_EINVAL;
  struct layout l;
  struct murk_seal_header h;
  unsigned char check[32];
  size_t whole = 0;
  /* The whole file checks before anything is opened. */
  int rc = lay_out(data, len, &l, err, errlen);
  if (rc == MURK_OK) rc = parse_header(&l, &h, err, errlen);
  if (rc == MURK_OK) rc = walk_records(data, len, &l, NULL, check, &whole, err, errlen);
  if (rc != MURK_OK) return rc;
  size_t adlen = 0;
  unsigned char* ad = make_ad(NULL, data, l.hlen, part, &adlen);
  if (!ad) return MURK_ENOMEM;
  char* text = NULL;
  size_t tlen = 0;
  rc = open_b64(l.part[part], l.part_len[part], ad, adlen, key, part, &text, &tlen, err, errlen);
  murk_free(ad);
  if (rc != MURK_OK) return rc;
  size_t cap = tlen + 1;
  /* Then each record's part, chained on the check before it. */
  size_t pos = l.end;
  memcpy(check, l.check, 32);
  struct rec r;
  struct unpack u;
  memset(&u, 0, sizeof u);
  for (size_t i = 1;
       rc == MURK_OK && next_record(data, whole, &pos, check, &r, i, err, errlen) == 1; i++) {
    char* more = NULL;
    size_t mlen = 0;
    if (r.compact) {
      rc = open_compact(&r, part, key, &more, &mlen, i, err, errlen);
      if (rc == MURK_OK) rc = unpack(&u, part, &text, &tlen, &cap, more, mlen, i, err, errlen);
      murk_seal_free_secret(more, mlen);
      continue;
    }
    size_t radlen = 0;
    unsigned char* rad = make_ad(r.prev, r.line, r.line_len, part, &radlen);
    if (!rad) {
      rc = MURK_ENOMEM;
      break;
    }
    rc =
        open_b64(r.part[part], r.part_len[part], rad, radlen, key, part, &more, &mlen, err, errlen);
    murk_free(rad);
    if (rc != MURK_OK) break;
    if (part != MURK_SEAL_GAME) replace_closing(text, &tlen);
    rc = put_secret(&text, &tlen, &cap, more, mlen);
    murk_seal_free_secret(more, mlen);
  }
  unpack_end(&u);
  if (rc != MURK_OK) {
    murk_seal_free_secret(text, cap);
    return rc;
  }
  *out = text;
  if (outlen) *outlen = tlen;
  return MURK_OK;
}
