/* sealio.h: passphrases and sealed saves for the command line (docs/fair-play.md).
 *
 * Passphrases come from files named by --passphrase-file SIDE:FILE, or are asked for on
 * the terminal (/dev/tty, without echo). They are never put in argv, the environment, a
 * message or a file; buffers that held one are wiped. */
#ifndef MURK_CLI_SEALIO_H
#define MURK_CLI_SEALIO_H

#include <stdbool.h>
#include <stddef.h>

#include "args.h"
#include "murk/game.h"
#include "murk/seal.h"

#define MURK_PASS_MAX 1024

/* Tries of a passphrase typed at a prompt before a sealed save is refused. */
#define MURK_PASS_TRIES 3

struct murk_passes {
  bool have[2];
  char pass[2][MURK_PASS_MAX];
  size_t len[2];
};

/* --passphrase-file SIDE:FILE: read FILE (one line; its line break is not part of the
 * passphrase) into p. Returns 0, or an exit code with the reason printed (the reason names
 * the file, never its contents). */
int murk_passes_option(struct murk_passes* p, const char* arg);
/* Every --passphrase-file of a command's arguments (a template's "passphrase-file:..."),
 * in order. Returns 0, or an exit code with the reason (and on a usage error the usage). */
int murk_passes_from_args(struct murk_passes* p, const struct murk_args* a);
bool murk_passes_any(const struct murk_passes* p);
void murk_passes_wipe(struct murk_passes* p);

/* Ask for a passphrase on the terminal without echo. Returns 0, or -1 (no terminal, or
 * end of input). */
int murk_pass_prompt(const char* prompt, char* buf, size_t n, size_t* len);

/* The side's passphrase: from p if there, else asked for on the terminal. Returns 0, or
 * -1 with the reason printed. */
int murk_pass_get(struct murk_passes* p, enum murk_side side, const char* why);

/* The strength floor of a passphrase that seals a game, in bits as libzxcvbn estimates
 * them: 2^40 Argon2id guesses at murk's default cost take a long time. */
#define MURK_PASS_MIN_BITS 40
/* Is this passphrase (len bytes) empty or too easy to guess? Then why says so (what the
 * estimator found: a common word, a date, a keyboard pattern...), without the passphrase. */
bool murk_pass_weak(const char* pass, size_t len, char* why, size_t n);

/* Is the header's key derivation cost murk's default or more (or the test suite's knob
 * MURK_TEST_WEAK_PWHASH=1 set)? And the cost in words, for both players to see. */
bool murk_seal_cost_ok(const struct murk_seal_header* h);
void murk_seal_cost_text(const struct murk_seal_header* h, char* buf, size_t n);

/* What a sealed game keeps between its saves: the header's fixed part and both keys. */
struct murk_sealer {
  bool on;
  struct murk_seal_header h;
  unsigned char key[2][MURK_SEAL_KEY_BYTES];
};

/* Seal a new game under both passphrases (each must pass murk_pass_weak): new salts and
 * game id from the system's random source, the side keys derived (Argon2id, limits from
 * MURK_PWHASH="OPS,MEM" when set, recorded in every save; below the default only with
 * MURK_TEST_WEAK_PWHASH=1). Returns 0 or -1 (printed). */
int murk_sealer_start(struct murk_sealer* s, const struct murk_passes* p);
/* The key derivation cost a new sealed game would have (ops and mem of h: murk's default,
 * or MURK_PWHASH's within the test suite): 0, or -1 with the reason printed. */
int murk_sealer_limits(struct murk_seal_header* h);
/* Write g's sealed save at path (atomically, mode 0600). 0, or -1 with err. */
int murk_sealer_write(struct murk_sealer* s, const struct murk_game* g, const char* path, char* err,
                      size_t n);
/* The same, and the bytes written in *text (murk_free them) when text is not NULL. */
int murk_sealer_write_text(struct murk_sealer* s, const struct murk_game* g, const char* path,
                           char* err, size_t n, char** text, size_t* tlen);
/* The header's public fields (mission, turn, side to act, over) from g. */
void murk_sealer_public(struct murk_sealer* s, const struct murk_game* g);
/* Open a sealed save's game part with both passphrases (asked for when not in p) and keep
 * what its next saves need in s. *game is the inner open save (murk_seal_free_secret it,
 * *len bytes). Returns 0, or -1 with the reason printed (file names the save). */
int murk_sealer_open_game(struct murk_sealer* s, const char* file, const char* data, size_t len,
                          struct murk_passes* p, char** game, size_t* glen);
/* The same in steps, for a game whose passphrases come one at a time (`murk host --load`):
 * read and check the save's header into s (0, or -1 printed); derive a side's key from its
 * passphrase and check it opens that side's record (MURK_OK, then s->key[side] is set;
 * MURK_EAUTH: a wrong passphrase; other codes with err: damage, memory), quietly; and with
 * both keys, open the game part (s->on; 0, or -1 printed, s wiped). */
int murk_sealer_read(struct murk_sealer* s, const char* file, const char* data, size_t len);
int murk_sealer_side_key(struct murk_sealer* s, const char* data, size_t len, enum murk_side side,
                         const char* pass, size_t plen, char* err, size_t n);
/* Read the header and both side keys (passphrases from p, else asked for): 0, or -1
 * printed. murk_sealer_open_game is this, then murk_sealer_open_part. */
int murk_sealer_keys(struct murk_sealer* s, const char* file, const char* data, size_t len,
                     struct murk_passes* p);
int murk_sealer_open_part(struct murk_sealer* s, const char* file, const char* data, size_t len,
                          char** game, size_t* glen);
/* Open one side's record. 0, or -1 with the reason printed. */
int murk_sealed_record(const char* file, const char* data, size_t len, enum murk_side side,
                       struct murk_passes* p, char** out, size_t* olen);
void murk_sealer_wipe(struct murk_sealer* s);

/* Check a passphrase against a sealer's key for side (constant time). */
bool murk_sealer_check(const struct murk_sealer* s, enum murk_side side, const char* pass,
                       size_t len);

/* A game against the computer is sealed too (docs/fair-play.md), under two random
 * passphrases that nobody types: murk keeps them in the keys folder beside the save
 * (DIR/keys/NAME.attacker and NAME.defender, one line each as --passphrase-file reads it,
 * mode 0600 in a 0700 folder), so that the save alone gives away
 * neither the computer's side nor the dice. murk_passes_random draws them (libsodium);
 * murk_computer_keys_write keeps them for the save (0, or -1 with err);
 * murk_computer_keys_read fills p from the save's keys, when there are any. */
void murk_passes_random(struct murk_passes* p);
int murk_computer_keys_write(const char* save, const struct murk_passes* p, char* err, size_t n);
bool murk_computer_keys_read(const char* save, struct murk_passes* p);

#endif
