/* seal.h: sealed saves - a hot-seat game's save that keeps each side's secrets
 * (docs/fair-play.md, docs/commands.md "Sealed saves").
 *
 * A sealed save is text: a public header, three sealed parts, and a check line.
 *
 *   # murk-save: 2
 *   # sealed: argon2id13 ops=2 mem=67108864      how the side keys are derived
 *   # mission: /path/to/luneville.yaml
 *   # mission-hash: 8f3a0c1d22e4b9a7
 *   # turn: 3
 *   # to-act: defender                           "none" once the game is over
 *   # over: no
 *   # game: 32 hex digits                        this game's random id
 *   # salt-attacker: 32 hex digits
 *   # salt-defender: 32 hex digits
 *   # seats: attacker=human defender=remote      version 3 only: who plays each side (and
 *                                                " level=easy" after them when not normal)
 *   sealed-attacker: BASE64                      what the attacker has been shown
 *   sealed-defender: BASE64                      what the defender has been shown
 *   sealed-game: BASE64                          the whole game (dice and every command)
 *   check: 64 hex digits                         BLAKE2b of every byte above
 *
 * A side's key comes from its passphrase (Argon2id, crypto_pwhash, with that side's salt);
 * the game's key from both side keys, so the whole game opens only with both passphrases.
 * Each part is padded (MURK_SEAL_PAD), then XChaCha20-Poly1305
 * (crypto_aead_xchacha20poly1305_ietf) with the header's
 * exact bytes and the part's label as additional data, so a changed header, a part moved
 * to another place or taken from another game does not open. The check line finds any
 * damage before a passphrase is asked for.
 *
 * A sealed journal (an autosave that grows by one record a command instead of being
 * rewritten) is a whole sealed save followed by records: compact ones, one line a command
 * (murk_seal_journal_record, below), which is what murk writes; or, in journals written
 * before them and still read, records of five lines:
 *
 *   record: 3 defender no                        turn, side to act, over: public, as above
 *   sealed-attacker: BASE64                      the lines the attacker was shown since,
 *   sealed-defender: BASE64                        then its new closing line
 *   sealed-game: BASE64                          the command's open-journal record (save.h)
 *   check: 64 hex digits                         BLAKE2b keyed with the check before it
 *
 * Each part is sealed like a whole save's, with the previous check, the record line and
 * the part's label as additional data, so a record does not open anywhere else; the
 * checks chain every byte. The two side parts are padded to one size (MURK_SEAL_REC_PAD
 * steps), the game part always to MURK_SEAL_GAME_REC_PAD. A torn last record (a crash
 * mid-append: a prefix of a record, without its whole check line) is dropped by readers;
 * anything else that does not check is damage.
 *
 * The module works on memory buffers; the caller brings the randomness (salts, ids,
 * nonces): the core gathers none. */
#ifndef MURK_SEAL_H
#define MURK_SEAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "murk/side.h"

/* The newest sealed format: 3 has the seats line. A save whose seats are not known (a
 * script's, `murk run`) is still written as version 2, which has none; both are read. */
#define MURK_SEAL_VERSION 3
#define MURK_SEAL_KEY_BYTES 32
#define MURK_SEAL_SALT_BYTES 16
#define MURK_SEAL_ID_BYTES 16
#define MURK_SEAL_FRESH_BYTES 32
#define MURK_SEAL_MISSION_MAX 1024
/* Sealed parts are padded to a multiple of this (both records to the same length), so a
 * part's size tells little of what it holds. */
#define MURK_SEAL_PAD 4096
/* A journal record's side parts are padded to one size, a multiple of this; its game part
 * (one command, at most 255 bytes, and its chain line) always to the second. */
#define MURK_SEAL_REC_PAD 512
#define MURK_SEAL_GAME_REC_PAD 400

/* Argon2id limits a save may ask for: from libsodium's minimum up to its "sensitive"
 * level, so a crafted save cannot make murk spend gigabytes. */
#define MURK_SEAL_OPS_MIN 1ull
#define MURK_SEAL_OPS_MAX 16ull
#define MURK_SEAL_MEM_MIN ((size_t)8192)
#define MURK_SEAL_MEM_MAX ((size_t)1 << 30)

/* The parts of a sealed save. */
enum murk_seal_part { MURK_SEAL_ATTACKER = 0, MURK_SEAL_DEFENDER = 1, MURK_SEAL_GAME = 2 };

/* The public header. */
struct murk_seal_header {
  int version;
  unsigned long long ops; /* Argon2id opslimit */
  size_t mem;             /* Argon2id memlimit, bytes */
  char mission[MURK_SEAL_MISSION_MAX];
  uint64_t mission_hash;
  int turn;
  enum murk_side to_act; /* MURK_NO_SIDE once over */
  bool over;
  unsigned char game_id[MURK_SEAL_ID_BYTES];
  unsigned char salt[2][MURK_SEAL_SALT_BYTES];
  enum murk_seat seat[2]; /* who plays each side; MURK_SEAT_NONE: not said (version 2) */
  enum murk_level level;  /* how well the computer plays (" level=easy" on the seats line) */
};

/* Does this look like a sealed save (its first line is "# murk-save: 2" or 3 and the next
 * "# sealed: ...")? Only a hint for choosing the reader. */
bool murk_seal_is_sealed(const char* data, size_t len);

/* A side's key from its passphrase (len bytes, may be 0) and the header's salt and
 * limits. Returns MURK_OK, MURK_EINVAL (limits out of bounds) or MURK_ENOMEM. */
int murk_seal_derive(const char* pass, size_t len, const struct murk_seal_header* h,
                     enum murk_side side, unsigned char key[MURK_SEAL_KEY_BYTES]);
/* The game's key from both side keys. */
void murk_seal_game_key(const unsigned char attacker[MURK_SEAL_KEY_BYTES],
                        const unsigned char defender[MURK_SEAL_KEY_BYTES],
                        unsigned char out[MURK_SEAL_KEY_BYTES]);

/* Write a sealed save: the header h (mission without a line break; version 3 with its
 * seats line when both seats are set, else version 2), each side's record
 * sealed under its key, and the game part under the game key of both; `fresh` is new
 * random bytes for this write (the nonces come from it). *out is NUL-terminated, freed by
 * the caller with murk_free. Returns MURK_OK, MURK_EINVAL or MURK_ENOMEM. */
int murk_seal_write(const struct murk_seal_header* h, const unsigned char* attacker_key,
                    const unsigned char* defender_key, const char* const record[2],
                    const size_t record_len[2], const char* game, size_t game_len,
                    const unsigned char fresh[MURK_SEAL_FRESH_BYTES], char** out, size_t* len);

/* Read and check a sealed save's header: the whole structure and the check line (so any
 * damage is found here), then the header's fields (a journal's: turn, to_act and over from
 * its last whole record). Returns MURK_OK, or MURK_EINVAL with a
 * message for people in err (it names no secret: there is none to name). */
int murk_seal_read_header(const char* data, size_t len, struct murk_seal_header* h, char* err,
                          size_t errlen);

/* Open one part with its key (a side key for a side's record, the game key for the
 * game); a journal's part is the whole save's with every record's after it. Checks the whole save
 * first, like murk_seal_read_header. *out (NUL-terminated, *outlen bytes) is freed by the caller
 * with murk_free (murk_seal_free_secret for the game part, which holds the dice). Returns MURK_OK,
 * MURK_EINVAL (damaged: err says so), MURK_EAUTH (the key does not open it: a wrong passphrase, or
 * a part altered or moved with its check rewritten) or MURK_ENOMEM. */
int murk_seal_open(const char* data, size_t len, enum murk_seal_part part,
                   const unsigned char key[MURK_SEAL_KEY_BYTES], char** out, size_t* outlen,
                   char* err, size_t errlen);

/* Where a sealed journal's next record chains on. */
struct murk_seal_chain {
  unsigned char check[32];
};

/* The chain after data, a sealed save or journal that murk_seal_read_header accepts (a torn
 * last record is dropped: *whole gets the length kept, may be NULL). MURK_OK or
 * MURK_EINVAL (err says why). */
int murk_seal_chain_of(const char* data, size_t len, struct murk_seal_chain* c, size_t* whole,
                       char* err, size_t errlen);

/* One journal record: h's turn, to_act and over in public; record[side] the lines the
 * side was shown since the last record and then its new closing line (the last line of
 * what it was shown before is replaced by it); game the command's record of the game
 * part (murk_save_journal_record). c moves past it. *out NUL-terminated, freed by the
 * caller with murk_free. MURK_OK, MURK_EINVAL or MURK_ENOMEM. */
int murk_seal_record(struct murk_seal_chain* c, const struct murk_seal_header* h,
                     const unsigned char* attacker_key, const unsigned char* defender_key,
                     const char* const record[2], const size_t record_len[2], const char* game,
                     size_t game_len, const unsigned char fresh[MURK_SEAL_FRESH_BYTES], char** out,
                     size_t* len);

/* ---- compact journal records (what murk writes now; the records above are still read) ----
 *
 * One line a command:
 *
 *   j 3 d n BASE64 CHECK                 turn, side to act (a, d, -), over (y, n); the parts;
 *                                        the first 8 bytes of the new check (unpadded base64)
 *
 * BASE64 (unpadded) holds 8 fresh bytes (the nonces come from them and the check before),
 * a byte of sizes, then the attacker's part, the defender's and the game's, each
 * XChaCha20-Poly1305 with the check before the record, the record's public prefix, the sizes
 * byte and the part's label as additional data. A side's part is its new lines (and closing
 * line, as above) through one raw deflate stream a side, primed with the whole save's record
 * (each record's chunk ends with a sync flush, its 4-byte marker left out); both side parts
 * are padded to one size, the smallest class above the longer chunk (32, 48, 72, 112...
 * bytes: each half as much again). The game part is "a COMMAND" or "d COMMAND", padded to 24,
 * 64 or 272 bytes; readers give it back as the open journal's record
 * (murk_save_journal_record), so the game part reads as before. About 250-300 bytes a
 * command in all, against 2.2 KB for the records above. The check is the whole BLAKE2b
 * chain: readers compute it; the file keeps 8 bytes of it, enough to find damage. */
struct murk_seal_journal;

/* A writer of compact records after data, a whole sealed save (murk_seal_write) whose side
 * records are record[side] (both side streams start primed with their ends, so the first
 * records are as small as the later ones; NULL: not primed). MURK_OK, MURK_EINVAL (err
 * says why) or MURK_ENOMEM. */
int murk_seal_journal_new(const char* data, size_t len, const char* const record[2],
                          const size_t record_len[2], struct murk_seal_journal** out, char* err,
                          size_t errlen);
void murk_seal_journal_free(struct murk_seal_journal* j);

/* The record of one command (by side) after which each side was shown lines[side] (the
 * lines since the last record, then its new closing line; empty: nothing new), with h's
 * turn, side to act and over in public. *out NUL-terminated, freed with murk_free.
 * MURK_OK, MURK_EINVAL or MURK_ENOMEM. The compression streams move even when it fails:
 * after a failure, or a record that did not reach the file, j writes no more (MURK_EINVAL)
 * and the caller starts again from a whole save. */
int murk_seal_journal_record(struct murk_seal_journal* j, const struct murk_seal_header* h,
                             const unsigned char* attacker_key, const unsigned char* defender_key,
                             const char* const lines[2], const size_t lines_len[2],
                             enum murk_side side, const char* command,
                             const unsigned char fresh[MURK_SEAL_FRESH_BYTES], char** out,
                             size_t* len);

/* Wipe and free a buffer that held a secret. NULL is fine. */
void murk_seal_free_secret(char* p, size_t len);

#endif
