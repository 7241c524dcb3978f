/* seal_journal.h: what the sealed saves' files share (seal.c: the sealed file, reading it
 * and its journal; seal_journal.c: writing the journal's compact records): the parts'
 * sizes, the compact records' format and the pieces both sides of it use. Internal to
 * src/core/dispatch. */
#ifndef MK_SEAL_JOURNAL_H
#define MK_SEAL_JOURNAL_H

#include <stddef.h>

#include "sodium.h"
#include "zlib.h"

#define NONCE_BYTES crypto_aead_xchacha20poly1305_ietf_NPUBBYTES
#define TAG_BYTES crypto_aead_xchacha20poly1305_ietf_ABYTES

/* A compact journal record: one line a command, "j TURN SIDE OVER BASE64 CHECK", the
 * public fields in letters (a, d, -; y, n), then, in unpadded base64, 12 fresh bytes, a byte
 * of sizes (the side parts' padded size 48 << high nibble, the game part's 32, 64 or 272 by
 * the low nibble) and the three parts sealed (the attacker's, the defender's, the game's),
 * and the first 8 bytes of the chain's new check in unpadded base64. */
#define J_FRESH 8
#define J_CHECK 8
#define J_B64 sodium_base64_VARIANT_ORIGINAL_NO_PADDING
/* The deflate window: a side's stream starts primed with the end of its record so far. */
#define J_WINDOW 32768u
static const size_t j_game_pad[3] = {24, 64, 272};
#define J_SIDE_CLASSES 32

/* The padded size of a side part of class k: 32 bytes, then half as much again each class,
 * in whole 8-byte steps (32, 48, 72, 112, 168...). */
size_t mk_journal_side_pad(unsigned k);
/* A part's nonce: from the check the record chains on and the record's fresh bytes. */
void mk_journal_nonce(const unsigned char prev[32], const unsigned char* fresh, int part,
                      unsigned char nonce[NONCE_BYTES]);
/* The additional data of a compact record's part (*adlen its length; the caller frees it). */
unsigned char* mk_journal_ad(const unsigned char prev[32], const char* prefix, size_t plen,
                             unsigned char sizes, int part, size_t* adlen);
/* zlib's allocation through the one allocation wrapper. */
voidpf mk_seal_zalloc(voidpf opaque, uInt items, uInt size);
void mk_seal_zfree(voidpf opaque, voidpf p);

#endif
