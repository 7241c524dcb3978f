/* dice.h: the game's seeded generator and its dice.
 *
 * One generator per game (PCG32, O'Neill 2014: small, well studied, and the same stream
 * on every platform); never rand(). Every roll returns a record of what was rolled and
 * why, so the game can report it as an event and a replay can show it. */
#ifndef MURK_DICE_H
#define MURK_DICE_H

#include <stddef.h>
#include <stdint.h>

/* PCG32 state. A value type: copying it forks the stream (tests use that). */
struct murk_rng {
  uint64_t state;
  uint64_t inc;
};

/* Seed the generator. The same seed always gives the same stream. */
void murk_rng_seed(struct murk_rng* rng, uint64_t seed);
/* The next 32 random bits. */
uint32_t murk_rng_next(struct murk_rng* rng);
/* A uniform integer in 1..n (n >= 1), without modulo bias. */
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
#define MURK_ROLL_MODS 4
#define MURK_ROLL_PURPOSE 48

/* Parse an expression: [N]dM, optional *K, optional +C or -C; or a plain integer.
 * Whitespace is allowed between parts. Returns 0, or MURK_EINVAL with a message in err
 * (e.g. "expected a number of sides after 'd'"). */
int murk_dice_parse(const char* s, struct murk_dice_expr* out, char* err, size_t errlen);
/* Write the expression back in canonical form ("2d6*3", "d6+1"). */
int murk_dice_format(const struct murk_dice_expr* e, char* buf, size_t n);

/* A named modifier added to a roll's total (e.g. "+1 finished deploying first"). */
struct murk_roll_mod {
  char label[32];
  int value;
};

/* A roll as it happened. total = (sum of dice) * mul + add + sum of mods. */
struct murk_roll {
  char purpose[MURK_ROLL_PURPOSE];
  struct murk_dice_expr expr;
  int ndice;
  int dice[MURK_DICE_MAX];
  int nmods;
  struct murk_roll_mod mods[MURK_ROLL_MODS];
  int total;
};

/* Roll an expression for a purpose. Returns 0 (the record in out). */
int murk_dice_roll(struct murk_rng* rng, const struct murk_dice_expr* e, const char* purpose,
                   struct murk_roll* out);
/* Add a modifier to a roll already made (updates total). MURK_ERANGE if full. */
int murk_roll_add_mod(struct murk_roll* r, const char* label, int value);
/* "bogging check: d6 = [2] = 2" or "night visibility: 2d6*3 = [3 5]*3 +1 (moon) = 25". */
int murk_roll_format(const struct murk_roll* r, char* buf, size_t n);

#endif
