/* dice.c: PCG32, unbiased dice, dice expressions and roll records.
 *
 * The generator is O'Neill's reference pcg32 (pcg-random.org, pcg_basic.c) bit for bit, so
 * its published vectors test it. Everything here is integer arithmetic: a roll decides game
 * outcomes and must come out the same on every platform. */
#include "murk/dice.h"

#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "murk/error.h"
#include "sodium.h"

/* The worst total: 20 dice of 1000 sides, times 1000, plus the add and four mods. */
_Static_assert((long long)MURK_DICE_MAX* MURK_DICE_SIDES_MAX* MURK_DICE_SIDES_MAX +
                       (MURK_ROLL_MODS + 1LL) * MURK_DICE_ADD_MAX <=
                   INT_MAX,
               "a roll's total must fit in an int");

/* The stream selector of murk_rng_seed; the reference demo's, so its vector applies. */
#define MK_RNG_INITSEQ 54u
#define PCG32_MULT 6364136223846793005ull

/* randombytes_buf_deterministic's nonce (libsodium randombytes.c): the keyed stream is
 * that function's output, drawn a block at a time. */
static const unsigned char drg_nonce[crypto_stream_chacha20_ietf_NONCEBYTES] = {
    'L', 'i', 'b', 's', 'o', 'd', 'i', 'u', 'm', 'D', 'R', 'G'};

void murk_rng_seed_key(struct murk_rng* rng, const unsigned char key[MURK_DICE_KEY_BYTES]) {
  memset(rng, 0, sizeof *rng);
  rng->keyed = 1;
  rng->word = 16; /* no block yet */
  memcpy(rng->key, key, MURK_DICE_KEY_BYTES);
}

static uint32_t keyed_next(struct murk_rng* rng) {
  if (rng->word >= 16) {
    static const unsigned char zero[64];
    crypto_stream_chacha20_ietf_xor_ic(rng->buf, zero, sizeof rng->buf, drg_nonce, rng->block,
                                       rng->key);
    rng->block++;
    rng->word = 0;
  }
  const unsigned char* b = rng->buf + 4 * rng->word++;
  return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* The generator's step, inlined into murk_rng_die: the players draw tens of thousands of
 * dice a game, and the call was a third of each draw. */
static inline uint32_t rng_next(struct murk_rng* rng) {
  if (rng->keyed) return keyed_next(rng);
  uint64_t old = rng->state;
  rng->state = old * PCG32_MULT + rng->inc;
  uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
  uint32_t rot = (uint32_t)(old >> 59u);
  return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

uint32_t murk_rng_next(struct murk_rng* rng) {
  return rng_next(rng);
}

void murk_rng_seed(struct murk_rng* rng, uint64_t seed) {
  /* pcg32_srandom_r(rng, seed, 54). */
  memset(rng, 0, sizeof *rng);
  rng->state = 0u;
  rng->inc = ((uint64_t)MK_RNG_INITSEQ << 1u) | 1u;
  murk_rng_next(rng);
  rng->state += seed;
  murk_rng_next(rng);
}

/* murk_rng_die's rare paths, out of line so that its common one (PCG32, one draw kept)
 * needs no saved registers: a keyed generator, and a low half below n that may be thrown
 * away. drawn: m holds the first draw times n (a keyed generator has drawn nothing yet). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int
die_slow(struct murk_rng* rng, uint32_t bound, uint64_t m, bool drawn) {
  if (!drawn) m = (uint64_t)rng_next(rng) * bound;
  uint32_t low = (uint32_t)m;
  if (low < bound) {
    uint32_t threshold = (uint32_t)(-bound) % bound; /* 2^32 mod n */
    while (low < threshold) {
      m = (uint64_t)rng_next(rng) * bound;
      low = (uint32_t)m;
    }
  }
  return (int)(m >> 32) + 1;
}

int murk_rng_die(struct murk_rng* rng, int n) {
  if (n < 1) return 0;
  /* Lemire, "Fast random integer generation in an interval" (2019): the high half of
   * x * n is uniform once the few low halves below 2^32 mod n are thrown away. */
  uint32_t bound = (uint32_t)n;
  if (rng->keyed) return die_slow(rng, bound, 0, false);
  uint64_t m = (uint64_t)rng_next(rng) * bound;
  if ((uint32_t)m < bound) return die_slow(rng, bound, m, true);
  return (int)(m >> 32) + 1;
}

/* ---- expressions ---- */

static int expr_valid(const struct murk_dice_expr* e) {
  if (e->mul < 1 || e->mul > MURK_DICE_SIDES_MAX) return 0;
  if (e->add < -MURK_DICE_ADD_MAX || e->add > MURK_DICE_ADD_MAX) return 0;
  if (e->count == 0) return e->sides == 0 && e->mul == 1;
  return e->count >= 1 && e->count <= MURK_DICE_MAX && e->sides >= 2 &&
         e->sides <= MURK_DICE_SIDES_MAX;
}

/* A cursor over the text being parsed, and where its one error message goes. */
struct parser {
  const char* s;
  size_t i;
  char* err;
  size_t errlen;
};

static int fail(struct parser* p, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int fail(struct parser* p, const char* fmt, ...) {
  if (p->err && p->errlen > 0) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err, p->errlen, fmt, ap);
    va_end(ap);
  }
  return MURK_EINVAL;
}

static int fail_unexpected(struct parser* p) {
  unsigned char c = (unsigned char)p->s[p->i];
  size_t pos = p->i + 1;
  if (c >= 0x21 && c < 0x7f) return fail(p, "unexpected '%c' at position %zu", c, pos);
  if (c == ' ') return fail(p, "unexpected space at position %zu", pos);
  return fail(p, "unexpected byte 0x%02x at position %zu", c, pos);
}

static int is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static int is_digit(char c) {
  return c >= '0' && c <= '9';
}

static void skip_space(struct parser* p) {
  while (is_space(p->s[p->i])) p->i++;
}

/* Reads decimal digits. Values past the cap stick at cap + 1, so any number of digits is
 * "too large" rather than an overflow. Returns -1 when there is no digit. */
#define NUMBER_CAP 1000000
static int read_number(struct parser* p) {
  if (!is_digit(p->s[p->i])) return -1;
  int v = 0;
  while (is_digit(p->s[p->i])) {
    if (v <= NUMBER_CAP) v = v * 10 + (p->s[p->i] - '0');
    if (v > NUMBER_CAP) v = NUMBER_CAP + 1;
    p->i++;
  }
  return v;
}

static int expect_end(struct parser* p) {
  skip_space(p);
  if (p->s[p->i] != '\0') return fail_unexpected(p);
  return MURK_OK;
}

static int parse_constant(struct parser* p, struct murk_dice_expr* e) {
  int sign = 1;
  char c = p->s[p->i];
  if (c == '+' || c == '-') {
    sign = c == '-' ? -1 : 1;
    p->i++;
    skip_space(p);
    if (!is_digit(p->s[p->i])) return fail(p, "expected a number after '%c'", c);
  }
  int v = read_number(p);
  if (v > MURK_DICE_ADD_MAX)
    return fail(p, "a plain number must be -%d to %d", MURK_DICE_ADD_MAX, MURK_DICE_ADD_MAX);
  /* "2 d6": a number then the dice term is two parts, not one. */
  int rc = expect_end(p);
  if (rc != MURK_OK) return rc;
  e->count = 0;
  e->sides = 0;
  e->mul = 1;
  e->add = sign * v;
  return MURK_OK;
}

/* The dice term and what follows it; p->i is at the 'd'. */
static int parse_dice(struct parser* p, int count, struct murk_dice_expr* e) {
  if (count == 0) return fail(p, "no dice to roll (write a plain number instead of 0dM)");
  if (count > MURK_DICE_MAX) return fail(p, "too many dice (at most %d)", MURK_DICE_MAX);
  p->i++; /* the 'd' */
  int sides = read_number(p);
  if (sides < 0) return fail(p, "expected a number of sides after 'd'");
  if (sides < 2)
    return fail(p, "a die needs at least 2 sides (write a plain number for d%d)", sides);
  if (sides > MURK_DICE_SIDES_MAX)
    return fail(p, "too many sides (at most %d)", MURK_DICE_SIDES_MAX);

  int mul = 1;
  skip_space(p);
  if (p->s[p->i] == '*') {
    p->i++;
    skip_space(p);
    mul = read_number(p);
    if (mul < 0) return fail(p, "expected a multiplier after '*'");
    if (mul < 1) return fail(p, "the multiplier must be at least 1");
    if (mul > MURK_DICE_SIDES_MAX)
      return fail(p, "the multiplier is too large (at most %d)", MURK_DICE_SIDES_MAX);
  }

  int add = 0;
  skip_space(p);
  char c = p->s[p->i];
  if (c == '+' || c == '-') {
    p->i++;
    skip_space(p);
    add = read_number(p);
    if (add < 0) return fail(p, "expected a number after '%c'", c);
    if (add > MURK_DICE_ADD_MAX)
      return fail(p, "the modifier is too large (at most %d)", MURK_DICE_ADD_MAX);
    if (c == '-') add = -add;
  }

  int rc = expect_end(p);
  if (rc != MURK_OK) return rc;
  e->count = count;
  e->sides = sides;
  e->mul = mul;
  e->add = add;
  return MURK_OK;
}

int murk_dice_parse(const char* s, struct murk_dice_expr* out, char* err, size_t errlen) {
  struct parser p = {s, 0, err, errlen};
  if (err && errlen > 0) err[0] = '\0';
  if (!s) return fail(&p, "no expression");
  skip_space(&p);
  if (s[p.i] == '\0') return fail(&p, "empty expression");

  struct murk_dice_expr e = {0, 0, 1, 0};
  int rc;
  char c = s[p.i];
  if (c == 'd' || c == 'D') {
    rc = parse_dice(&p, 1, &e);
  } else if (is_digit(c)) {
    size_t start = p.i;
    int count = read_number(&p);
    if (s[p.i] == 'd' || s[p.i] == 'D') {
      rc = parse_dice(&p, count, &e);
    } else {
      p.i = start;
      rc = parse_constant(&p, &e);
    }
  } else if (c == '+' || c == '-') {
    rc = parse_constant(&p, &e);
  } else {
    rc = fail_unexpected(&p);
  }
  if (rc == MURK_OK && out) *out = e;
  return rc;
}

/* ---- text output ---- */

/* An appender into a caller's buffer that remembers whether anything was cut. */
struct out {
  char* buf;
  size_t n;
  size_t len;
  int cut;
};

/* Text into o, cut at n - 1 bytes as snprintf cuts (and marked cut). Without the C
 * library's formatting: a roll's text is made for every roll a game reports. */
static void put_text(struct out* o, const char* s, size_t k) {
  if (o->cut || o->n == 0) {
    o->cut = 1;
    return;
  }
  size_t room = o->n - 1 - o->len;
  if (k > room) {
    k = room;
    o->cut = 1;
  }
  memcpy(o->buf + o->len, s, k);
  o->len += k;
  o->buf[o->len] = '\0';
}
static void put(struct out* o, const char* s) {
  put_text(o, s, strlen(s));
}
/* prefix, then v in decimal (with its sign always when `sign`, as %+d). */
static void put_int(struct out* o, const char* prefix, int v, bool sign) {
  char d[24];
  size_t k = sizeof d;
  unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
  do {
    d[--k] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (v < 0)
    d[--k] = '-';
  else if (sign)
    d[--k] = '+';
  size_t p = strlen(prefix);
  memcpy(d + k - p, prefix, p);
  k -= p;
  put_text(o, d + k, sizeof d - k);
}

static int out_start(struct out* o, char* buf, size_t n) {
  o->buf = buf;
  o->n = buf ? n : 0;
  o->len = 0;
  o->cut = 0;
  if (o->n > 0) buf[0] = '\0';
  return o->n > 0;
}

static void put_expr(struct out* o, const struct murk_dice_expr* e) {
  if (e->count == 0) {
    put_int(o, "", e->add, false);
    return;
  }
  if (e->count != 1) put_int(o, "", e->count, false);
  put_int(o, "d", e->sides, false);
  if (e->mul != 1) put_int(o, "*", e->mul, false);
  if (e->add != 0) put_int(o, "", e->add, true);
}

int murk_dice_format(const struct murk_dice_expr* e, char* buf, size_t n) {
  struct out o;
  if (!out_start(&o, buf, n)) return MURK_ENOSPACE;
  if (!e || !expr_valid(e)) return MURK_EINVAL;
  put_expr(&o, e);
  return o.cut ? MURK_ENOSPACE : MURK_OK;
}

/* ---- rolls ---- */

/* Copies src into dst[cap] for a one-line record: cut at a UTF-8 character boundary,
 * control characters replaced by spaces. */
static void copy_text(char* dst, size_t cap, const char* src) {
  size_t len = src ? strnlen(src, cap) : 0;
  if (len == cap) {
    len = cap - 1;
    /* A continuation byte (10xxxxxx) right after the cut means the cut splits a
     * character; a character has at most three of them. */
    for (int k = 0; k < 3 && len > 0 && ((unsigned char)src[len] & 0xC0u) == 0x80u; k++) len--;
  }
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)src[i];
    dst[i] = (c < 0x20 || c == 0x7f) ? ' ' : (char)c;
  }
  memset(dst + len, 0, cap - len);
}

int murk_dice_roll(struct murk_rng* rng, const struct murk_dice_expr* e, const char* purpose,
                   struct murk_roll* out) {
  if (!out) return MURK_EINVAL;
  memset(out, 0, sizeof *out);
  if (!rng || !e || !expr_valid(e)) return MURK_EINVAL;
  copy_text(out->purpose, sizeof out->purpose, purpose);
  out->expr = *e;
  int sum = 0;
  for (int i = 0; i < e->count; i++) {
    out->dice[i] = murk_rng_die(rng, e->sides);
    sum += out->dice[i];
  }
  out->ndice = e->count;
  out->total = sum * e->mul + e->add;
  return MURK_OK;
}

int murk_roll_add_mod(struct murk_roll* r, const char* label, int value) {
  if (!r) return MURK_EINVAL;
  if (r->nmods < 0 || r->nmods >= MURK_ROLL_MODS) return MURK_ERANGE;
  if (value < -MURK_DICE_ADD_MAX || value > MURK_DICE_ADD_MAX) return MURK_ERANGE;
  struct murk_roll_mod* m = &r->mods[r->nmods++];
  copy_text(m->label, sizeof m->label, label);
  m->value = value;
  r->total += value;
  return MURK_OK;
}

int murk_roll_format(const struct murk_roll* r, char* buf, size_t n) {
  struct out o;
  if (!out_start(&o, buf, n)) return MURK_ENOSPACE;
  if (!r) return MURK_EINVAL;
  /* Clamp counts so a damaged record cannot read past its arrays. */
  int ndice = r->ndice < 0 ? 0 : r->ndice > MURK_DICE_MAX ? MURK_DICE_MAX : r->ndice;
  int nmods = r->nmods < 0 ? 0 : r->nmods > MURK_ROLL_MODS ? MURK_ROLL_MODS : r->nmods;
  int plen = (int)strnlen(r->purpose, sizeof r->purpose);

  if (plen > 0) {
    put_text(&o, r->purpose, (size_t)plen);
    put(&o, ": ");
  }
  put_expr(&o, &r->expr);
  if (r->need > 0) {
    /* A pool: which dice count, not a sum nobody uses. */
    put_int(&o, " at ", r->need, false);
    put(&o, "+: [");
    for (int i = 0; i < ndice; i++) put_int(&o, i ? " " : "", r->dice[i], false);
    put(&o, "], ");
    if (r->total <= 0) {
      put(&o, "no success");
    } else {
      put_int(&o, "", r->total, false);
      put(&o, r->total == 1 ? " success" : " successes");
    }
    return o.cut ? MURK_ENOSPACE : MURK_OK;
  }
  put(&o, " = ");
  if (ndice > 0 || nmods > 0) {
    if (ndice > 0) {
      put(&o, "[");
      for (int i = 0; i < ndice; i++) put_int(&o, i ? " " : "", r->dice[i], false);
      put(&o, "]");
      if (r->expr.mul != 1) put_int(&o, "*", r->expr.mul, false);
      if (r->expr.add != 0) put_int(&o, "", r->expr.add, true);
    } else {
      put_int(&o, "", r->expr.add, false);
    }
    for (int i = 0; i < nmods; i++) {
      const struct murk_roll_mod* m = &r->mods[i];
      int llen = (int)strnlen(m->label, sizeof m->label);
      put_int(&o, " ", m->value, true);
      if (llen > 0) {
        put(&o, " (");
        put_text(&o, m->label, (size_t)llen);
        put(&o, ")");
      }
    }
    put(&o, " = ");
  }
  put_int(&o, "", r->total, false);
  return o.cut ? MURK_ENOSPACE : MURK_OK;
}
