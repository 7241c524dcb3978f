/* seal_journal.c: writing a sealed journal's compact records (seal.h, docs/fair-play.md):
 * one line a command, each side's new lines through its own deflate stream, the three parts
 * padded and sealed, chained on the check of the record before. Their format, and reading
 * them, are seal_journal.h's and seal.c's; this file calls seal.c, never the other way. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/seal.h"
#include "seal_journal.h"
#include "sodium.h"
#include "strbuf.h"
#include "zlib.h"

/* ---- writing compact records ---- */

struct murk_seal_journal {
  unsigned char check[32];
  bool zon[2];
  z_stream z[2];
  bool broken; /* a record was begun and not finished: the streams moved */
};

int murk_seal_journal_new(const char* data, size_t len, const char* const record[2],
                          const size_t record_len[2], struct murk_seal_journal** out, char* err,
                          size_t errlen) {
  *out = NULL;
  struct murk_seal_chain c;
  int rc = murk_seal_chain_of(data, len, &c, NULL, err, errlen);
  if (rc != MURK_OK) return rc;
  struct murk_seal_journal* j = murk_calloc(1, sizeof *j);
  if (!j) return MURK_ENOMEM;
  memcpy(j->check, c.check, 32);
  for (int s = 0; s < 2; s++) {
    j->z[s].zalloc = mk_seal_zalloc;
    j->z[s].zfree = mk_seal_zfree;
    if (deflateInit2(&j->z[s], 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
      murk_seal_journal_free(j);
      return MURK_ENOMEM;
    }
    j->zon[s] = true;
    size_t have = record ? record_len[s] : 0;
    size_t from = have > J_WINDOW ? have - J_WINDOW : 0;
    if (have && deflateSetDictionary(&j->z[s], (const Bytef*)record[s] + from,
                                     (uInt)(have - from)) != Z_OK) {
      murk_seal_journal_free(j);
      return MURK_EINVAL;
    }
  }
  *out = j;
  return MURK_OK;
}

void murk_seal_journal_free(struct murk_seal_journal* j) {
  if (!j) return;
  for (int s = 0; s < 2; s++)
    if (j->zon[s]) deflateEnd(&j->z[s]);
  sodium_memzero(j, sizeof *j);
  murk_free(j);
}

/* A side's new lines through its deflate stream: *out the bytes up to the sync flush's
 * marker, which is left out (the reader puts it back). */
static int deflate_chunk(z_stream* z, const char* in, size_t n, unsigned char** out,
                         size_t* outlen) {
  size_t cap = n + n / 8 + 64, got = 0;
  unsigned char* buf = murk_malloc(cap);
  if (!buf) return MURK_ENOMEM;
  if (n == 0) { /* nothing new: an empty chunk, and the stream does not move */
    *out = buf;
    *outlen = 0;
    return MURK_OK;
  }
  z->next_in = (Bytef*)(uintptr_t)in;
  z->avail_in = (uInt)n;
  for (;;) {
    z->next_out = buf + got;
    z->avail_out = (uInt)(cap - got);
    int zr = deflate(z, Z_SYNC_FLUSH);
    got = cap - z->avail_out;
    if (zr != Z_OK && zr != Z_BUF_ERROR) {
      murk_seal_free_secret((char*)buf, cap);
      return MURK_ENOMEM;
    }
    if (z->avail_out != 0 && z->avail_in == 0) break;
    unsigned char* more = murk_malloc(cap * 2);
    if (!more) {
      murk_seal_free_secret((char*)buf, cap);
      return MURK_ENOMEM;
    }
    memcpy(more, buf, got);
    murk_seal_free_secret((char*)buf, cap);
    buf = more;
    cap *= 2;
  }
  if (got < 4 || memcmp(buf + got - 4, "\0\0\xff\xff", 4) != 0) {
    murk_seal_free_secret((char*)buf, cap);
    return MURK_EINVAL;
  }
  *out = buf;
  *outlen = got - 4;
  return MURK_OK;
}

int murk_seal_journal_record(struct murk_seal_journal* j, const struct murk_seal_header* h,
                             const unsigned char* attacker_key, const unsigned char* defender_key,
                             const char* const lines[2], const size_t lines_len[2],
                             enum murk_side side, const char* command,
                             const unsigned char fresh[MURK_SEAL_FRESH_BYTES], char** out,
                             size_t* len) {
  *out = NULL;
  if (len) *len = 0;
  if (!j || !h || !attacker_key || !defender_key || !lines || !command || !fresh ||
      (side != MURK_ATTACKER && side != MURK_DEFENDER) || j->broken)
    return MURK_EINVAL;
  size_t cmdlen = strlen(command);
  if (cmdlen > 255 || strpbrk(command, "\n\r") || lines_len[0] > UINT32_MAX ||
      lines_len[1] > UINT32_MAX)
    return MURK_EINVAL;
  j->broken = true;
  unsigned char* z[2] = {NULL, NULL};
  size_t zl[2] = {0, 0};
  int rc = MURK_OK;
  for (int s = 0; rc == MURK_OK && s < 2; s++)
    rc = deflate_chunk(&j->z[s], lines[s], lines_len[s], &z[s], &zl[s]);
  /* Both side parts padded to one size, the smallest class above the longer: the file
   * tells at most in which class the longer side's new lines fell. */
  size_t longer = zl[0] > zl[1] ? zl[0] : zl[1];
  unsigned k = 0;
  while (mk_journal_side_pad(k) <= longer && k + 1 < J_SIDE_CLASSES) k++;
  size_t pad = mk_journal_side_pad(k);
  if (rc == MURK_OK && pad <= longer) rc = MURK_EINVAL;
  char game[258];
  snprintf(game, sizeof game, "%c %s", side == MURK_ATTACKER ? 'a' : 'd', command);
  size_t glen = cmdlen + 2;
  unsigned g = glen < j_game_pad[0] ? 0 : glen < j_game_pad[1] ? 1 : 2;
  unsigned char sizes = (unsigned char)(k << 2 | g);
  char prefix[64];
  snprintf(prefix, sizeof prefix, "j %d %c %c ", h->turn,
           h->to_act == MURK_ATTACKER   ? 'a'
           : h->to_act == MURK_DEFENDER ? 'd'
                                        : '-',
           h->over ? 'y' : 'n');
  size_t plen = strlen(prefix);
  size_t binlen = J_FRESH + 1 + 2 * (pad + TAG_BYTES) + j_game_pad[g] + TAG_BYTES;
  unsigned char* bin = rc == MURK_OK ? murk_malloc(binlen) : NULL;
  if (rc == MURK_OK && !bin) rc = MURK_ENOMEM;
  unsigned char gk[MURK_SEAL_KEY_BYTES];
  murk_seal_game_key(attacker_key, defender_key, gk);
  if (rc == MURK_OK) {
    memcpy(bin, fresh, J_FRESH);
    bin[J_FRESH] = sizes;
  }
  size_t off = J_FRESH + 1;
  for (int part = 0; rc == MURK_OK && part < 3; part++) {
    size_t padded = part < 2 ? pad : j_game_pad[g];
    const unsigned char* text = part < 2 ? z[part] : (const unsigned char*)game;
    size_t tl = part < 2 ? zl[part] : glen;
    unsigned char* plain = murk_malloc(padded);
    size_t adlen = 0;
    unsigned char* ad = mk_journal_ad(j->check, prefix, plen, sizes, part, &adlen);
    size_t pl = 0;
    if (!plain || !ad) {
      rc = MURK_ENOMEM;
    } else {
      memcpy(plain, text, tl);
      if (sodium_pad(&pl, plain, tl, padded, padded) != 0 || pl != padded) rc = MURK_EINVAL;
    }
    if (rc == MURK_OK) {
      unsigned char nonce[NONCE_BYTES];
      mk_journal_nonce(j->check, fresh, part, nonce);
      const unsigned char* key = part == 0 ? attacker_key : part == 1 ? defender_key : gk;
      crypto_aead_xchacha20poly1305_ietf_encrypt(bin + off, NULL, plain, padded, ad, adlen, NULL,
                                                 nonce, key);
    }
    if (plain) murk_seal_free_secret((char*)plain, padded);
    murk_free(ad);
    off += padded + TAG_BYTES;
  }
  sodium_memzero(gk, sizeof gk);
  sodium_memzero(game, sizeof game);
  for (int s = 0; s < 2; s++)
    if (z[s]) murk_seal_free_secret((char*)z[s], zl[s]);
  struct mk_strbuf b = {0};
  if (rc == MURK_OK) {
    size_t b64len = sodium_base64_ENCODED_LEN(binlen, J_B64);
    char* b64 = murk_malloc(b64len);
    if (!b64) {
      rc = MURK_ENOMEM;
    } else {
      sodium_bin2base64(b64, b64len, bin, binlen, J_B64);
      mk_strbuf_puts(&b, prefix);
      mk_strbuf_puts(&b, b64);
      murk_free(b64);
    }
  }
  murk_free(bin);
  unsigned char sum[32];
  if (rc == MURK_OK && !b.oom) {
    crypto_generichash(sum, sizeof sum, (const unsigned char*)b.p, b.len, j->check, 32);
    char chk[16];
    sodium_bin2base64(chk, sizeof chk, sum, J_CHECK, J_B64);
    mk_strbuf_puts(&b, " ");
    mk_strbuf_puts(&b, chk);
    mk_strbuf_puts(&b, "\n");
  }
  if (rc == MURK_OK && b.oom) rc = MURK_ENOMEM;
  if (rc != MURK_OK) {
    mk_strbuf_free(&b);
    return rc;
  }
  memcpy(j->check, sum, 32);
  j->broken = false;
  *out = mk_strbuf_take(&b, len);
  return MURK_OK;
}
