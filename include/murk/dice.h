/* dice.h: the game's seeded generator and its dice.
 *
 * One generator per game (PCG32, O'Neill 2014: small, well studied, and the same stream
 * on every platform); never rand(). Every roll returns a record of what was rolled and
 * why, so the game can report it as an event and a replay can show it. */
#ifndef MURK_DICE_H
#define MURK_DICE_H

#include <stddef.h>
#include <stdint.h>

/* The size of a secret dice key (a live game's 256-bit seed, docs/fair-play.md). */
#define MURK_DICE_KEY_BYTES 32
/* The parts a hosted game's dice key was drawn from (docs/protocol.md, "The dice, drawn
 * jointly"): three of 32 bytes, kept with the game for its record. */
#define MURK_DICE_PARTS_BYTES 96

/* The generator's state. A value type: copying it forks the stream (tests use that).
 * Either PCG32 (an open game: seeded with a number, anyone who knows it knows every die)
 * or, once murk_rng_seed_key has keyed it, libsodium's deterministic random stream
 * (ChaCha20 under a 256-bit key), from which no number of dice seen tells the next. */
struct murk_rng {
  uint64_t state; /* PCG32 */
  uint64_t inc;
  int keyed;      /* 1: the ChaCha20 stream below, 0: PCG32 */
  uint32_t block; /* keyed: 64-byte blocks used so far */
  unsigned word;  /* keyed: 32-bit words of `buf` already drawn (0..16) */
  unsigned char key[MURK_DICE_KEY_BYTES];
  unsigned char buf[64];
};

/* Seed the generator. The same seed always gives the same stream. Exactly O'Neill's
 * pcg32_srandom_r(rng, seed, 54): seed 42 gives the reference demo's stream
 * (0xa15c02b7 0x7b47f409 ...). Replays and golden transcripts depend on this. */
void murk_rng_seed(struct murk_rng* rng, uint64_t seed);
/* Key the generator with a secret 256-bit seed. Its stream is exactly the bytes of
 * libsodium's randombytes_buf_deterministic(key), read as little-endian 32-bit words,
 * so that function's output is its reference (test_dice). */
void murk_rng_seed_key(struct murk_rng* rng, const unsigned char key[MURK_DICE_KEY_BYTES]);
/* The next 32 random bits (PCG32: pcg32_random_r's XSH RR output; keyed: the next word). */
uint32_t murk_rng_next(struct murk_rng* rng);
/* A uniform integer in 1..n (n >= 1), without modulo bias (Lemire's multiply-shift with
 * rejection). Each die draws one output, and another only in the rare rejected case, so
 * n == 1 draws too. n < 1 returns 0 and draws nothing. */
int murk_rng_die(struct murk_rng* rng, int n);

/* A dice expression: count dice of `sides` faces, times `mul`, plus `add`.
 * "d6" -> 1,6,1,0; "2d6*3" -> 2,6,3,0; "d6+1" -> 1,6,1,1; "4" -> 0,0,1,4. */
struct murk_dice_expr {
  int count; /* 0..MURK_DICE_MAX */
  int sides; /* 2..1000, or 0 when count is 0 */
  int mul;   /* 1..1000 */
  int add;   /* -1000..1000 */
};

#define MURK_DICE_MAX 20
#define MURK_DICE_SIDES_MAX 1000 /* also the largest multiplier */
#define MURK_DICE_ADD_MAX 1000   /* |add| and |modifier value| */
#define MURK_ROLL_MODS 4
#define MURK_ROLL_PURPOSE 48

/* Parse an expression: [N]dM, optional *K, optional +C or -C; or a plain integer.
 * Whitespace is allowed before, after and between parts ("2d6 * 3 - 1"), not inside the
 * dice term ("2 d6" and "d 6" are rejected). 'd' or 'D'; leading zeros are fine.
 * Legal: N 1..20 (omitted means 1), M 2..1000, K 1..1000, C 0..1000 after its sign;
 * a plain integer -1000..1000 with an optional sign, and nothing after it ("4*2" is
 * rejected: write "8"). Illegal on purpose: "0d6" (rolls nothing: write "0"), "d1" (a
 * constant: write "1"), "d0", "*0". Out-of-range numbers of any length are reported as
 * out of range, never overflowed. Returns 0 with *out set (out may be NULL to only check),
 * or MURK_EINVAL with *out unchanged and one message in err (may be NULL): "empty expression",
 * "expected a number of sides after 'd'", "too many dice (at most 20)",
 * "unexpected 'x' at position 4" (positions are 1-based bytes), and so on. */
int murk_dice_parse(const char* s, struct murk_dice_expr* out, char* err, size_t errlen);
/* Write the expression back in canonical form ("2d6*3", "d6+1", "d6-1", "4", "-2"):
 * count 1 and mul 1 are left out, no spaces. Parsing the result gives e back.
 * Returns 0, MURK_EINVAL (expression out of the bounds above; buf gets "") or
 * MURK_ENOSPACE (truncated; buf is still terminated when n > 0). */
int murk_dice_format(const struct murk_dice_expr* e, char* buf, size_t n);

/* A named modifier added to a roll's total (e.g. "+1 finished deploying first"). */
struct murk_roll_mod {
  char label[32];
  int value;
};

/* A roll as it happened. total = (sum of dice) * mul + add + sum of mods; for a pool of
 * dice each scored against a number (need > 0: to hit, reserves arriving), total is the
 * number of dice at need or more, and no sum is made. */
struct murk_roll {
  char purpose[MURK_ROLL_PURPOSE];
  struct murk_dice_expr expr;
  int ndice;
  int dice[MURK_DICE_MAX];
  int nmods;
  struct murk_roll_mod mods[MURK_ROLL_MODS];
  int total;
  int need; /* a pool: each die succeeds at need or more; 0: a sum */
};

/* Roll an expression for a purpose. Returns 0 (the record in out), or MURK_EINVAL if e is
 * out of bounds (nothing drawn). Draws one die at a time, left to right; a plain number
 * draws nothing. The purpose (NULL means "") is cut to MURK_ROLL_PURPOSE-1 bytes without
 * splitting a UTF-8 character, and control characters become spaces, so the record always
 * prints as one line. Unused dice and mods are zero. */
int murk_dice_roll(struct murk_rng* rng, const struct murk_dice_expr* e, const char* purpose,
                   struct murk_roll* out);
/* Add a modifier to a roll already made (updates total). The label is cut like the
 * purpose. MURK_ERANGE if full or |value| > MURK_DICE_ADD_MAX. */
int murk_roll_add_mod(struct murk_roll* r, const char* label, int value);
/* One line, no newline: "PURPOSE: EXPR = DETAIL = TOTAL", where DETAIL is the dice in
 * brackets, then the expression's *K and +C as written, then each mod as " +V (label)":
 *   "bogging check: d6 = [2] = 2"
 *   "night visibility: 2d6*3 = [3 5]*3 +1 (moon) = 25"
 *   "reserves: d6+1 = [4]+1 -1 (late) = 4"
 * A pool (need > 0) says what counts instead of a sum: "PURPOSE: NdM at K+: [dice], S successes"
 *   "P6 at P7 to hit: 3d6 at 5+: [4 4 1], no success"
 * DETAIL is left out when there are no dice and no mods ("turns: 6 = 6"); "PURPOSE: " is
 * left out when the purpose is empty, " (label)" when the label is. Golden transcripts
 * hold this text: change it only on purpose. Returns 0 or MURK_ENOSPACE (truncated,
 * still terminated when n > 0). */
int murk_roll_format(const struct murk_roll* r, char* buf, size_t n);

#endif
