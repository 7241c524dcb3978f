/* test_dice.c: the generator against O'Neill's published vector and an independent
 * reference, the dice for uniformity, expressions, and roll records. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "murk/dice.h"
#include "murk/error.h"
#include "sodium.h"

/* ---- a reference pcg32, written from the paper's description, to compare against ---- */

struct ref_pcg {
  uint64_t state, inc;
};

static uint32_t ref_next(struct ref_pcg* r) {
  uint64_t old = r->state;
  r->state = old * 6364136223846793005ull + r->inc;
  uint32_t x = (uint32_t)(((old >> 18) ^ old) >> 27);
  unsigned rot = (unsigned)(old >> 59);
  return rot ? (x >> rot) | (x << (32 - rot)) : x;
}

static void ref_seed(struct ref_pcg* r, uint64_t initstate, uint64_t initseq) {
  r->state = 0;
  r->inc = (initseq << 1) | 1;
  ref_next(r);
  r->state += initstate;
  ref_next(r);
}

static void test_known_answer_vector(void** state) {
  (void)state;
  /* pcg32-demo with initstate 42, initseq 54 (pcg-random.org, pcg-c-basic). */
  static const uint32_t want[] = {0xa15c02b7u, 0x7b47f409u, 0xba1d3330u,
                                  0x83d2f293u, 0xbfa4784bu, 0xcbed606eu};
  struct murk_rng rng;
  murk_rng_seed(&rng, 42);
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
    assert_int_equal(murk_rng_next(&rng), want[i]);
}

static void test_matches_reference(void** state) {
  (void)state;
  static const uint64_t seeds[] = {0, 1, 42, 0xdeadbeefull, UINT64_MAX};
  for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++) {
    struct murk_rng rng;
    struct ref_pcg ref;
    murk_rng_seed(&rng, seeds[s]);
    ref_seed(&ref, seeds[s], 54);
    assert_int_equal(rng.state, ref.state);
    assert_int_equal(rng.inc, ref.inc);
    for (int i = 0; i < 10000; i++) assert_int_equal(murk_rng_next(&rng), ref_next(&ref));
  }
}

static void test_same_seed_same_stream(void** state) {
  (void)state;
  struct murk_rng a, b;
  murk_rng_seed(&a, 7);
  murk_rng_seed(&b, 7);
  for (int i = 0; i < 1000; i++) {
    assert_int_equal(murk_rng_next(&a), murk_rng_next(&b));
    assert_int_equal(murk_rng_die(&a, 6), murk_rng_die(&b, 6));
  }
  /* Copying the struct forks the stream. */
  struct murk_rng c = a;
  for (int i = 0; i < 100; i++) assert_int_equal(murk_rng_next(&a), murk_rng_next(&c));
}

static void test_different_seeds_differ(void** state) {
  (void)state;
  enum { N = 200 };
  uint64_t first[N];
  for (int s = 0; s < N; s++) {
    struct murk_rng rng;
    murk_rng_seed(&rng, (uint64_t)s);
    uint64_t hi = murk_rng_next(&rng);
    first[s] = hi << 32 | murk_rng_next(&rng);
  }
  for (int i = 0; i < N; i++)
    for (int j = i + 1; j < N; j++) assert_true(first[i] != first[j]);
}

/* Pins the d6 stream of seed 42: replays and golden transcripts depend on it. Computed
 * from the demo vector above by Lemire's method (e.g. 0xa15c02b7 * 6 >> 32 = 3, so 4). */
static void test_die_known_answer(void** state) {
  (void)state;
  static const int want[] = {4, 3, 5, 4, 5, 5};
  struct murk_rng rng;
  murk_rng_seed(&rng, 42);
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
    assert_int_equal(murk_rng_die(&rng, 6), want[i]);
}

static void test_die_matches_lemire(void** state) {
  (void)state;
  static const int sides[] = {1, 2, 3, 6, 10, 20, 100, 1000, 0x7fffffff};
  for (size_t s = 0; s < sizeof sides / sizeof sides[0]; s++) {
    uint32_t n = (uint32_t)sides[s];
    struct murk_rng rng, shadow;
    murk_rng_seed(&rng, 1000 + s);
    shadow = rng;
    for (int i = 0; i < 5000; i++) {
      int got = murk_rng_die(&rng, sides[s]);
      uint64_t m;
      do m = (uint64_t)murk_rng_next(&shadow) * n;
      while ((uint32_t)m < (uint32_t)((0x100000000ull - n) % n));
      assert_int_equal(got, (int)(m >> 32) + 1);
      assert_in_range(got, 1, sides[s]);
    }
    assert_int_equal(rng.state, shadow.state);
  }
}

/* State 0 outputs 0, whose low product half (0) is below 2^32 mod n for d6 (4): the
 * draw must be thrown away. A die without rejection would use it. (A large increment, so
 * the next state is not small too: small states also output 0.) */
static void test_die_rejects_biased_draw(void** state) {
  (void)state;
  const uint64_t inc = 0x9e3779b97f4a7c15ull;
  struct murk_rng rng = {.state = 0, .inc = inc}, shadow = {.state = 0, .inc = inc};
  assert_int_equal(murk_rng_next(&shadow), 0);
  uint32_t second = murk_rng_next(&shadow);
  assert_true((uint32_t)((uint64_t)second * 6) >= 4); /* the second draw is accepted */
  int got = murk_rng_die(&rng, 6);
  assert_int_equal(rng.state, shadow.state); /* two draws */
  assert_int_equal(got, (int)(((uint64_t)second * 6) >> 32) + 1);
}

/* The secret dice stream (docs/fair-play.md): for the key 00 01 .. 1f its first words are
 * these, fixed here so that no change of library or code can move a live game's dice
 * unnoticed; and its whole stream is libsodium's randombytes_buf_deterministic. */
static void test_keyed_reference(void** state) {
  (void)state;
  static const uint32_t want[20] = {
      0xc66c8e0du, 0x89641587u, 0x7e2e7326u, 0xcf5032a7u, 0x42582dafu, 0x4c908320u, 0xa38b1a84u,
      0x1161983bu, 0x50ba46f3u, 0xae683a72u, 0xa6243528u, 0xf809edbdu, 0x05b8e63bu, 0x726f8595u,
      0x91865be2u, 0x4b118b8eu, 0xc84bb9afu, 0x3dd7edabu, 0x5754b4aau, 0x33587c6bu};
  unsigned char key[MURK_DICE_KEY_BYTES];
  for (int i = 0; i < MURK_DICE_KEY_BYTES; i++) key[i] = (unsigned char)i;
  struct murk_rng rng;
  murk_rng_seed_key(&rng, key);
  for (int i = 0; i < 20; i++) assert_int_equal(murk_rng_next(&rng), want[i]);

  enum { WORDS = 1000 };
  static unsigned char bytes[WORDS * 4];
  randombytes_buf_deterministic(bytes, sizeof bytes, key);
  murk_rng_seed_key(&rng, key);
  for (int i = 0; i < WORDS; i++) {
    const unsigned char* b = bytes + 4 * i;
    uint32_t w = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    assert_int_equal(murk_rng_next(&rng), w);
  }
  /* A copy forks the stream, mid-block too. */
  murk_rng_seed_key(&rng, key);
  for (int i = 0; i < 7; i++) murk_rng_next(&rng);
  struct murk_rng fork = rng;
  for (int i = 0; i < 40; i++) assert_int_equal(murk_rng_next(&rng), murk_rng_next(&fork));
  /* Another key, another stream; reseeding with a number goes back to PCG32. */
  key[0] ^= 1;
  murk_rng_seed_key(&rng, key);
  assert_int_not_equal(murk_rng_next(&rng), want[0]);
  murk_rng_seed(&rng, 42);
  assert_int_equal(murk_rng_next(&rng), 0xa15c02b7u);
}

static void test_die_bad_n(void** state) {
  (void)state;
  struct murk_rng rng, before;
  murk_rng_seed(&rng, 3);
  before = rng;
  assert_int_equal(murk_rng_die(&rng, 0), 0);
  assert_int_equal(murk_rng_die(&rng, -6), 0);
  assert_int_equal(rng.state, before.state);
  assert_int_equal(murk_rng_die(&rng, 1), 1);
  assert_true(rng.state != before.state); /* d1 draws, like any die */
}

/* Chi-square of face counts against uniform. Thresholds are the 0.1% critical values:
 * the seeds are fixed, so this never flakes, and a die that turns 2% of its 1s into 6s
 * fails the d6, d3 and pair tests at these sample sizes (checked by hand). */
static double chi_square(const long* counts, int k, long n) {
  double expected = (double)n / k, chi = 0;
  for (int i = 0; i < k; i++) {
    double d = (double)counts[i] - expected;
    chi += d * d / expected;
  }
  return chi;
}

static void check_uniform(uint64_t seed, int sides, long n, double critical) {
  long counts[1000] = {0};
  struct murk_rng rng;
  murk_rng_seed(&rng, seed);
  for (long i = 0; i < n; i++) {
    int d = murk_rng_die(&rng, sides);
    assert_in_range(d, 1, sides);
    counts[d - 1]++;
  }
  double chi = chi_square(counts, sides, n);
  if (chi >= critical) fail_msg("d%d: chi-square %.2f >= %.2f", sides, chi, critical);
  /* Per face: within 5 standard deviations of n/sides, i.e. d^2 <= 25 * variance. */
  double p = 1.0 / sides, var = (double)n * p * (1 - p);
  for (int f = 0; f < sides; f++) {
    double d = (double)counts[f] - (double)n * p;
    if (d * d > 25 * var)
      fail_msg("d%d: face %d came up %ld times of %ld", sides, f + 1, counts[f], n);
  }
}

static void test_d6_uniform(void** state) {
  (void)state;
  check_uniform(20240601, 6, 600000, 20.515); /* df 5 */
}

static void test_d3_uniform(void** state) {
  (void)state;
  check_uniform(12345, 3, 300000, 13.816); /* df 2 */
}

static void test_d20_uniform(void** state) {
  (void)state;
  check_uniform(777, 20, 600000, 43.820); /* df 19 */
}

/* Consecutive d6 pairs: 36 cells, catches a die that depends on the one before. */
static void test_d6_pairs_uniform(void** state) {
  (void)state;
  long counts[36] = {0};
  struct murk_rng rng;
  murk_rng_seed(&rng, 99);
  const long n = 360000;
  for (long i = 0; i < n; i++) {
    int a = murk_rng_die(&rng, 6), b = murk_rng_die(&rng, 6);
    counts[(a - 1) * 6 + (b - 1)]++;
  }
  double chi = chi_square(counts, 36, n);
  if (chi >= 66.619) fail_msg("d6 pairs: chi-square %.2f", chi); /* df 35 */
}

/* ---- expressions ---- */

struct parse_case {
  const char* text;
  int count, sides, mul, add;
  const char* canonical;
};

static void test_parse_good(void** state) {
  (void)state;
  static const struct parse_case cases[] = {
      {"d6", 1, 6, 1, 0, "d6"},
      {"D6", 1, 6, 1, 0, "d6"},
      {"1d6", 1, 6, 1, 0, "d6"},
      {"2d6", 2, 6, 1, 0, "2d6"},
      {"2d6*3", 2, 6, 3, 0, "2d6*3"},
      {"d6+1", 1, 6, 1, 1, "d6+1"},
      {"2d6 - 1", 2, 6, 1, -1, "2d6-1"},
      {"d3", 1, 3, 1, 0, "d3"},
      {"4", 0, 0, 1, 4, "4"},
      {"-2", 0, 0, 1, -2, "-2"},
      {"+ 3", 0, 0, 1, 3, "3"},
      {"0", 0, 0, 1, 0, "0"},
      {"2d6*3+1", 2, 6, 3, 1, "2d6*3+1"},
      {"  2D6 * 3 + 1  ", 2, 6, 3, 1, "2d6*3+1"},
      {"\t20d1000*1000-1000\n", 20, 1000, 1000, -1000, "20d1000*1000-1000"},
      {"d2", 1, 2, 1, 0, "d2"},
      {"d06+0", 1, 6, 1, 0, "d6"},
      {"-1000", 0, 0, 1, -1000, "-1000"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const struct parse_case* c = &cases[i];
    struct murk_dice_expr e;
    char err[80] = "untouched", buf[40];
    int rc = murk_dice_parse(c->text, &e, err, sizeof err);
    if (rc != MURK_OK) fail_msg("\"%s\": %s", c->text, err);
    assert_string_equal(err, "");
    assert_int_equal(e.count, c->count);
    assert_int_equal(e.sides, c->sides);
    assert_int_equal(e.mul, c->mul);
    assert_int_equal(e.add, c->add);
    assert_int_equal(murk_dice_format(&e, buf, sizeof buf), MURK_OK);
    assert_string_equal(buf, c->canonical);
  }
  assert_int_equal(murk_dice_parse("2d6", NULL, NULL, 0), MURK_OK);
}

struct bad_case {
  const char* text;
  const char* msg;
};

static void test_parse_bad(void** state) {
  (void)state;
  static const struct bad_case cases[] = {
      {"", "empty expression"},
      {"   ", "empty expression"},
      {"d", "expected a number of sides after 'd'"},
      {"2d", "expected a number of sides after 'd'"},
      {"2d x", "expected a number of sides after 'd'"},
      {"21d6", "too many dice (at most 20)"},
      {"99999999999d6", "too many dice (at most 20)"},
      {"0d6", "no dice to roll (write a plain number instead of 0dM)"},
      {"d0", "a die needs at least 2 sides (write a plain number for d0)"},
      {"d1", "a die needs at least 2 sides (write a plain number for d1)"},
      {"d1001", "too many sides (at most 1000)"},
      {"d99999999999999999999", "too many sides (at most 1000)"},
      {"2d6x", "unexpected 'x' at position 4"},
      {"2d6*", "expected a multiplier after '*'"},
      {"2d6*0", "the multiplier must be at least 1"},
      {"2d6*1001", "the multiplier is too large (at most 1000)"},
      {"2d6+", "expected a number after '+'"},
      {"2d6 -", "expected a number after '-'"},
      {"2d6+-1", "expected a number after '+'"},
      {"d6+1001", "the modifier is too large (at most 1000)"},
      {"1001", "a plain number must be -1000 to 1000"},
      {"-", "expected a number after '-'"},
      {"2d6+1*3", "unexpected '*' at position 6"},
      {"2d6*3*2", "unexpected '*' at position 6"},
      {"2d6 3", "unexpected '3' at position 5"},
      {"4*2", "unexpected '*' at position 2"},
      {"2 d6", "unexpected 'd' at position 3"},
      {"d 6", "expected a number of sides after 'd'"},
      {"-2d6", "unexpected 'd' at position 3"},
      {"x", "unexpected 'x' at position 1"},
      {"d6\x01", "unexpected byte 0x01 at position 3"},
      {"d6 \xc3\xa9", "unexpected byte 0xc3 at position 4"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct murk_dice_expr e = {9, 9, 9, 9};
    char err[80] = "";
    int rc = murk_dice_parse(cases[i].text, &e, err, sizeof err);
    if (rc != MURK_EINVAL) fail_msg("\"%s\" was accepted", cases[i].text);
    if (strcmp(err, cases[i].msg) != 0)
      fail_msg("\"%s\": got \"%s\", want \"%s\"", cases[i].text, err, cases[i].msg);
    assert_int_equal(e.count, 9); /* out unchanged on error */
    assert_int_equal(e.add, 9);
  }
}

static void test_parse_null_and_small_err(void** state) {
  (void)state;
  struct murk_dice_expr e;
  char err[80];
  assert_int_equal(murk_dice_parse(NULL, &e, err, sizeof err), MURK_EINVAL);
  assert_string_equal(err, "no expression");
  assert_int_equal(murk_dice_parse("d", &e, NULL, 0), MURK_EINVAL);
  char tiny[6];
  assert_int_equal(murk_dice_parse("d", &e, tiny, sizeof tiny), MURK_EINVAL);
  assert_string_equal(tiny, "expec");
}

/* Every legal expression on a grid formats and parses back to itself. */
static void test_round_trip(void** state) {
  (void)state;
  static const int counts[] = {0, 1, 2, 3, 20};
  static const int sides[] = {2, 3, 6, 10, 20, 100, 1000};
  static const int muls[] = {1, 2, 3, 1000};
  static const int adds[] = {-1000, -7, -1, 0, 1, 5, 1000};
  int checked = 0;
  for (size_t c = 0; c < 5; c++)
    for (size_t s = 0; s < 7; s++)
      for (size_t m = 0; m < 4; m++)
        for (size_t a = 0; a < 7; a++) {
          struct murk_dice_expr e = {counts[c], counts[c] ? sides[s] : 0, counts[c] ? muls[m] : 1,
                                     adds[a]};
          struct murk_dice_expr back;
          char buf[40], err[80];
          assert_int_equal(murk_dice_format(&e, buf, sizeof buf), MURK_OK);
          if (murk_dice_parse(buf, &back, err, sizeof err) != MURK_OK)
            fail_msg("\"%s\": %s", buf, err);
          assert_memory_equal(&e, &back, sizeof e);
          checked++;
        }
  assert_int_equal(checked, 5 * 7 * 4 * 7);
}

static void test_format_bad(void** state) {
  (void)state;
  static const struct murk_dice_expr bad[] = {
      {21, 6, 1, 0},   {1, 1, 1, 0}, {1, 1001, 1, 0}, {1, 6, 0, 0},
      {1, 6, 1, 1001}, {0, 6, 1, 0}, {0, 0, 2, 3},    {-1, 6, 1, 0},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char buf[40] = "x";
    assert_int_equal(murk_dice_format(&bad[i], buf, sizeof buf), MURK_EINVAL);
    assert_string_equal(buf, "");
  }
  struct murk_dice_expr e = {2, 6, 3, 1};
  char buf[5];
  assert_int_equal(murk_dice_format(&e, buf, sizeof buf), MURK_ENOSPACE);
  assert_string_equal(buf, "2d6*");
  assert_int_equal(murk_dice_format(&e, NULL, 0), MURK_ENOSPACE);
}

/* ---- rolls ---- */

static struct murk_dice_expr parse_ok(const char* s) {
  struct murk_dice_expr e;
  assert_int_equal(murk_dice_parse(s, &e, NULL, 0), MURK_OK);
  return e;
}

static void test_roll_record(void** state) {
  (void)state;
  struct murk_rng rng, shadow;
  murk_rng_seed(&rng, 5);
  shadow = rng;
  struct murk_dice_expr e = parse_ok("3d6*2+1");
  struct murk_roll r;
  memset(&r, 0xab, sizeof r);
  assert_int_equal(murk_dice_roll(&rng, &e, "test roll", &r), MURK_OK);
  assert_string_equal(r.purpose, "test roll");
  assert_memory_equal(&r.expr, &e, sizeof e);
  assert_int_equal(r.ndice, 3);
  int sum = 0;
  for (int i = 0; i < 3; i++) {
    assert_int_equal(r.dice[i], murk_rng_die(&shadow, 6)); /* left to right */
    sum += r.dice[i];
  }
  for (int i = 3; i < MURK_DICE_MAX; i++) assert_int_equal(r.dice[i], 0);
  assert_int_equal(r.nmods, 0);
  assert_int_equal(r.total, sum * 2 + 1);
  assert_int_equal(rng.state, shadow.state);

  assert_int_equal(murk_roll_add_mod(&r, "moon", 1), MURK_OK);
  assert_int_equal(murk_roll_add_mod(&r, "smoke", -2), MURK_OK);
  assert_int_equal(r.nmods, 2);
  assert_string_equal(r.mods[0].label, "moon");
  assert_int_equal(r.mods[1].value, -2);
  assert_int_equal(r.total, sum * 2 + 1 + 1 - 2);
}

static void test_roll_constant_draws_nothing(void** state) {
  (void)state;
  struct murk_rng rng, before;
  murk_rng_seed(&rng, 5);
  before = rng;
  struct murk_dice_expr e = parse_ok("6");
  struct murk_roll r;
  assert_int_equal(murk_dice_roll(&rng, &e, "game length", &r), MURK_OK);
  assert_int_equal(rng.state, before.state);
  assert_int_equal(r.ndice, 0);
  assert_int_equal(r.total, 6);
}

static void test_roll_bad_args(void** state) {
  (void)state;
  struct murk_rng rng, before;
  murk_rng_seed(&rng, 5);
  before = rng;
  struct murk_dice_expr bad = {1, 1, 1, 0}, good = {1, 6, 1, 0};
  struct murk_roll r;
  assert_int_equal(murk_dice_roll(&rng, &bad, "x", &r), MURK_EINVAL);
  assert_int_equal(rng.state, before.state);
  assert_int_equal(murk_dice_roll(NULL, &good, "x", &r), MURK_EINVAL);
  assert_int_equal(murk_dice_roll(&rng, NULL, "x", &r), MURK_EINVAL);
  assert_int_equal(murk_dice_roll(&rng, &good, "x", NULL), MURK_EINVAL);
  assert_int_equal(murk_dice_roll(&rng, &good, NULL, &r), MURK_OK);
  assert_string_equal(r.purpose, "");
}

static void test_sum_range(void** state) {
  (void)state;
  struct murk_rng rng;
  murk_rng_seed(&rng, 11);
  struct murk_dice_expr e = parse_ok("2d6");
  int seen[13] = {0};
  for (int i = 0; i < 20000; i++) {
    struct murk_roll r;
    assert_int_equal(murk_dice_roll(&rng, &e, "2d6", &r), MURK_OK);
    assert_in_range(r.total, 2, 12);
    seen[r.total]++;
  }
  for (int t = 2; t <= 12; t++) assert_true(seen[t] > 0);
  /* 7 is the most common total of 2d6 (1/6 against 1/36 for 2 and 12). */
  assert_true(seen[7] > 4 * seen[2] && seen[7] > 4 * seen[12]);

  /* The largest expression cannot overflow its total. */
  e = parse_ok("20d1000*1000+1000");
  int lo = 1 << 30, hi = 0;
  for (int i = 0; i < 200; i++) {
    struct murk_roll r;
    assert_int_equal(murk_dice_roll(&rng, &e, "big", &r), MURK_OK);
    assert_in_range(r.total, 20 * 1000 + 1000, 20 * 1000 * 1000 + 1000);
    if (r.total < lo) lo = r.total;
    if (r.total > hi) hi = r.total;
  }
  assert_true(hi > lo);
}

static void test_mods_limits(void** state) {
  (void)state;
  struct murk_rng rng;
  murk_rng_seed(&rng, 1);
  struct murk_dice_expr e = parse_ok("d6");
  struct murk_roll r;
  assert_int_equal(murk_dice_roll(&rng, &e, "x", &r), MURK_OK);
  int base = r.total;
  assert_int_equal(murk_roll_add_mod(&r, "too big", 1001), MURK_ERANGE);
  assert_int_equal(murk_roll_add_mod(&r, "too small", -1001), MURK_ERANGE);
  assert_int_equal(r.nmods, 0);
  for (int i = 0; i < MURK_ROLL_MODS; i++) assert_int_equal(murk_roll_add_mod(&r, NULL, 1), 0);
  assert_int_equal(murk_roll_add_mod(&r, "one more", 1), MURK_ERANGE);
  assert_int_equal(r.nmods, MURK_ROLL_MODS);
  assert_int_equal(r.total, base + MURK_ROLL_MODS);
  assert_string_equal(r.mods[0].label, "");
  assert_int_equal(murk_roll_add_mod(NULL, "x", 1), MURK_EINVAL);
}

static void test_purpose_truncation(void** state) {
  (void)state;
  struct murk_rng rng;
  murk_rng_seed(&rng, 1);
  struct murk_dice_expr e = parse_ok("d6");
  struct murk_roll r;
  char longp[200];
  memset(longp, 'p', sizeof longp - 1);
  longp[sizeof longp - 1] = '\0';
  assert_int_equal(murk_dice_roll(&rng, &e, longp, &r), MURK_OK);
  assert_int_equal(strlen(r.purpose), MURK_ROLL_PURPOSE - 1);
  assert_memory_equal(r.purpose, longp, MURK_ROLL_PURPOSE - 1);

  /* Exactly fits: kept whole. */
  longp[MURK_ROLL_PURPOSE - 1] = '\0';
  assert_int_equal(murk_dice_roll(&rng, &e, longp, &r), MURK_OK);
  assert_string_equal(r.purpose, longp);

  /* 46 ASCII bytes then "é" (2 bytes): the cut at 47 would split it, so it goes. */
  char utf[64];
  memset(utf, 'a', 46);
  strcpy(utf + 46, "\xc3\xa9zz");
  assert_int_equal(murk_dice_roll(&rng, &e, utf, &r), MURK_OK);
  assert_int_equal(strlen(r.purpose), 46);
  /* 45 bytes then "é": both bytes fit. */
  memset(utf, 'a', 45);
  strcpy(utf + 45, "\xc3\xa9zz");
  assert_int_equal(murk_dice_roll(&rng, &e, utf, &r), MURK_OK);
  assert_int_equal(strlen(r.purpose), 47);
  assert_memory_equal(r.purpose + 45, "\xc3\xa9", 2);
  /* 45 bytes then a 3-byte "€": cut back to 45. */
  strcpy(utf + 45, "\xe2\x82\xac");
  assert_int_equal(murk_dice_roll(&rng, &e, utf, &r), MURK_OK);
  assert_int_equal(strlen(r.purpose), 45);

  /* Control characters cannot break the one-line record. */
  assert_int_equal(murk_dice_roll(&rng, &e, "two\nlines\t!", &r), MURK_OK);
  assert_string_equal(r.purpose, "two lines !");

  /* Labels are cut the same way. */
  assert_int_equal(murk_roll_add_mod(&r, longp, 1), MURK_OK);
  assert_int_equal(strlen(r.mods[0].label), sizeof r.mods[0].label - 1);
}

/* A record built by hand, so the text does not depend on the stream. */
static struct murk_roll make_roll(const char* purpose, const char* expr, const int* dice,
                                  int ndice) {
  struct murk_roll r;
  memset(&r, 0, sizeof r);
  strcpy(r.purpose, purpose);
  r.expr = parse_ok(expr);
  int sum = 0;
  for (int i = 0; i < ndice; i++) sum += r.dice[i] = dice[i];
  r.ndice = ndice;
  r.total = sum * r.expr.mul + r.expr.add;
  return r;
}

static void test_roll_format(void** state) {
  (void)state;
  char buf[200];
  struct murk_roll r = make_roll("bogging check", "d6", (const int[]){2}, 1);
  assert_int_equal(murk_roll_format(&r, buf, sizeof buf), MURK_OK);
  assert_string_equal(buf, "bogging check: d6 = [2] = 2");

  r = make_roll("night visibility", "2d6*3", (const int[]){3, 5}, 2);
  assert_int_equal(murk_roll_add_mod(&r, "moon", 1), MURK_OK);
  assert_int_equal(murk_roll_format(&r, buf, sizeof buf), MURK_OK);
  assert_string_equal(buf, "night visibility: 2d6*3 = [3 5]*3 +1 (moon) = 25");

  r = make_roll("reserves", "d6+1", (const int[]){4}, 1);
  assert_int_equal(murk_roll_add_mod(&r, "late", -1), MURK_OK);
  assert_int_equal(murk_roll_format(&r, buf, sizeof buf), MURK_OK);
  assert_string_equal(buf, "reserves: d6+1 = [4]+1 -1 (late) = 4");

  r = make_roll("turns", "6", NULL, 0);
  assert_int_equal(murk_roll_format(&r, buf, sizeof buf), MURK_OK);
  assert_string_equal(buf, "turns: 6 = 6");
  assert_int_equal(murk_roll_add_mod(&r, "", 2), MURK_OK);
  assert_int_equal(murk_roll_format(&r, buf, sizeof buf), MURK_OK);
  assert_string_equal(buf, "turns: 6 = 6 +2 = 8");

  r = make_roll("", "2d6-1", (const int[]){6, 1}, 2);
  assert_int_equal(murk_roll_format(&r, buf, sizeof buf), MURK_OK);
  assert_string_equal(buf, "2d6-1 = [6 1]-1 = 6");

  /* A pool says what counts: the dice at the score or more, no sum. */
  r = make_roll("P6 at P7 to hit", "3d6", (const int[]){4, 4, 1}, 3);
  r.need = 5;
  r.total = 0;
  assert_int_equal(murk_roll_format(&r, buf, sizeof buf), MURK_OK);
  assert_string_equal(buf, "P6 at P7 to hit: 3d6 at 5+: [4 4 1], no success");
  r.need = 4;
  r.total = 2;
  assert_int_equal(murk_roll_format(&r, buf, sizeof buf), MURK_OK);
  assert_string_equal(buf, "P6 at P7 to hit: 3d6 at 4+: [4 4 1], 2 successes");
  r.need = 2;
  r.total = 1;
  r.ndice = 1;
  r.expr = parse_ok("d6");
  assert_int_equal(murk_roll_format(&r, buf, sizeof buf), MURK_OK);
  assert_string_equal(buf, "P6 at P7 to hit: d6 at 2+: [4], 1 success");

  /* A real roll prints what it recorded. */
  struct murk_rng rng;
  murk_rng_seed(&rng, 42);
  struct murk_dice_expr e = parse_ok("3d6");
  assert_int_equal(murk_dice_roll(&rng, &e, "first turn", &r), MURK_OK);
  assert_int_equal(murk_roll_format(&r, buf, sizeof buf), MURK_OK);
  assert_string_equal(buf, "first turn: 3d6 = [4 3 5] = 12");
}

/* The roll's text as it was written with snprintf before murk_roll_format made its own
 * digits: the same bytes, cut at every buffer size the same way. */
static size_t ref_put(char* b, size_t n, size_t len, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static size_t ref_put(char* b, size_t n, size_t len, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int w = vsnprintf(b + len, n - len, fmt, ap);
  va_end(ap);
  return len + (size_t)w;
}
static void ref_format(const struct murk_roll* r, char* b, size_t n) {
  size_t k = 0;
  const struct murk_dice_expr* e = &r->expr;
  if (r->purpose[0]) k = ref_put(b, n, k, "%.*s: ", (int)strlen(r->purpose), r->purpose);
  if (e->count == 0) {
    k = ref_put(b, n, k, "%d", e->add);
  } else {
    if (e->count != 1) k = ref_put(b, n, k, "%d", e->count);
    k = ref_put(b, n, k, "d%d", e->sides);
    if (e->mul != 1) k = ref_put(b, n, k, "*%d", e->mul);
    if (e->add != 0) k = ref_put(b, n, k, "%+d", e->add);
  }
  if (r->need > 0) {
    k = ref_put(b, n, k, " at %d+: [", r->need);
    for (int i = 0; i < r->ndice; i++) k = ref_put(b, n, k, i ? " %d" : "%d", r->dice[i]);
    k = ref_put(b, n, k, "], ");
    if (r->total <= 0)
      ref_put(b, n, k, "no success");
    else
      ref_put(b, n, k, "%d success%s", r->total, r->total == 1 ? "" : "es");
    return;
  }
  k = ref_put(b, n, k, " = ");
  if (r->ndice > 0 || r->nmods > 0) {
    if (r->ndice > 0) {
      k = ref_put(b, n, k, "[");
      for (int i = 0; i < r->ndice; i++) k = ref_put(b, n, k, i ? " %d" : "%d", r->dice[i]);
      k = ref_put(b, n, k, "]");
      if (e->mul != 1) k = ref_put(b, n, k, "*%d", e->mul);
      if (e->add != 0) k = ref_put(b, n, k, "%+d", e->add);
    } else {
      k = ref_put(b, n, k, "%d", e->add);
    }
    for (int i = 0; i < r->nmods; i++) {
      k = ref_put(b, n, k, " %+d", r->mods[i].value);
      if (r->mods[i].label[0]) k = ref_put(b, n, k, " (%s)", r->mods[i].label);
    }
    k = ref_put(b, n, k, " = ");
  }
  ref_put(b, n, k, "%d", r->total);
}

static void test_roll_format_as_snprintf(void** state) {
  (void)state;
  static const char* const exprs[] = {
      "d6", "2d6*3", "d6+1", "d6-1", "4", "-2", "0", "20d1000*1000-1000", "3d6", "d2+1000"};
  static const char* const labels[] = {"", "moon", "late", "a rather long modifier label"};
  struct murk_rng rng;
  murk_rng_seed(&rng, 7);
  int checked = 0;
  for (size_t x = 0; x < sizeof exprs / sizeof exprs[0]; x++)
    for (int variant = 0; variant < 12; variant++) {
      struct murk_dice_expr e = parse_ok(exprs[x]);
      struct murk_roll r;
      assert_int_equal(murk_dice_roll(&rng, &e, variant % 3 ? "bogging check T12" : "", &r),
                       MURK_OK);
      for (int m = 0; m < variant % 5; m++)
        murk_roll_add_mod(&r, labels[(variant + m) % 4], (m % 2 ? -1 : 1) * (variant * 97 % 1001));
      if (variant % 4 == 3) { /* a pool */
        r.need = 1 + variant % 6;
        r.total = variant % 3;
      }
      char want[400], got[400];
      ref_format(&r, want, sizeof want);
      assert_int_equal(murk_roll_format(&r, got, sizeof got), MURK_OK);
      assert_string_equal(got, want);
      for (size_t n = 1; n <= strlen(want) + 1; n++) {
        char cut[400];
        memset(cut, 'x', sizeof cut);
        int rc = murk_roll_format(&r, cut, n);
        assert_int_equal(rc, n <= strlen(want) ? MURK_ENOSPACE : MURK_OK);
        assert_int_equal(strlen(cut), n - 1);
        assert_memory_equal(cut, want, n - 1);
        checked++;
      }
    }
  assert_true(checked > 1000);
}

static void test_roll_format_small_buffer(void** state) {
  (void)state;
  struct murk_roll r = make_roll("bogging check", "d6", (const int[]){2}, 1);
  char buf[12];
  memset(buf, 'x', sizeof buf);
  assert_int_equal(murk_roll_format(&r, buf, sizeof buf), MURK_ENOSPACE);
  assert_string_equal(buf, "bogging che");
  assert_int_equal(murk_roll_format(&r, NULL, 0), MURK_ENOSPACE);
  /* Exactly enough room. */
  char fit[28];
  assert_int_equal(murk_roll_format(&r, fit, sizeof fit), MURK_OK);
  assert_int_equal(strlen(fit), 27);
  char one_short[27];
  assert_int_equal(murk_roll_format(&r, one_short, sizeof one_short), MURK_ENOSPACE);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_known_answer_vector),
      cmocka_unit_test(test_matches_reference),
      cmocka_unit_test(test_same_seed_same_stream),
      cmocka_unit_test(test_different_seeds_differ),
      cmocka_unit_test(test_die_known_answer),
      cmocka_unit_test(test_die_matches_lemire),
      cmocka_unit_test(test_die_rejects_biased_draw),
      cmocka_unit_test(test_die_bad_n),
      cmocka_unit_test(test_d6_uniform),
      cmocka_unit_test(test_d3_uniform),
      cmocka_unit_test(test_d20_uniform),
      cmocka_unit_test(test_d6_pairs_uniform),
      cmocka_unit_test(test_parse_good),
      cmocka_unit_test(test_parse_bad),
      cmocka_unit_test(test_parse_null_and_small_err),
      cmocka_unit_test(test_round_trip),
      cmocka_unit_test(test_format_bad),
      cmocka_unit_test(test_roll_record),
      cmocka_unit_test(test_roll_constant_draws_nothing),
      cmocka_unit_test(test_roll_bad_args),
      cmocka_unit_test(test_sum_range),
      cmocka_unit_test(test_mods_limits),
      cmocka_unit_test(test_purpose_truncation),
      cmocka_unit_test(test_roll_format),
      cmocka_unit_test(test_roll_format_small_buffer),
      cmocka_unit_test(test_roll_format_as_snprintf),
      cmocka_unit_test(test_keyed_reference),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
