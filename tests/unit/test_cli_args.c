/* test_cli_args.c: the command line's one argument parser (src/cli/args.c): options read by
 * each command's template, in any order and either form, the other arguments kept in order,
 * and every mistake a usage error that names the option. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cli.h"

/* main.c's messages, caught here: the last one said. */
static char said[1024];

int murk_cli_usage(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(said, sizeof said, fmt, ap);
  va_end(ap);
  return MURK_EXIT_USAGE;
}

static int exec_nothing(const struct murk_args* a) {
  (void)a;
  return 0;
}

static const struct murk_cmd_entry run_entry = {
    .name = "run",
    .usage = "MISSION --seed N --script FILE\nSCRIPT",
    .about = "a test",
    .args = {"seed: script: as: time", 0, 2},
    .exec = exec_nothing,
};

static const struct murk_cmd_entry replay_entry = {
    .name = "replay",
    .usage = "SAVE [--as SIDE]",
    .about = "a test",
    .args = {"as:", 1, 1},
    .exec = exec_nothing,
};

/* Parse a NULL-terminated list of words (copied: the parser may reorder them). */
static char words[16][64];
static char* argv_[17];

static int parse(const struct murk_cmd_entry* e, struct murk_args* a, int* code, ...) {
  va_list ap;
  va_start(ap, code);
  int argc = 0;
  const char* w;
  while ((w = va_arg(ap, const char*)) != NULL) {
    snprintf(words[argc], sizeof words[argc], "%s", w);
    argv_[argc] = words[argc];
    argc++;
  }
  va_end(ap);
  argv_[argc] = NULL;
  said[0] = '\0';
  return murk_args_parse(e, argc, argv_, a, code);
}

static void test_options_in_any_order_and_form(void** st) {
  (void)st;
  struct murk_args a;
  int code = -1;
  assert_int_equal(parse(&run_entry, &a, &code, "run", "luneville", "--seed=7", "--time",
                         "--script", "x.txt", NULL),
                   0);
  assert_int_equal(code, MURK_EXIT_OK);
  assert_string_equal(murk_args_get(&a, "seed"), "7");
  assert_string_equal(murk_args_get(&a, "script"), "x.txt");
  assert_string_equal(murk_args_get(&a, "time"), "");
  assert_null(murk_args_get(&a, "as"));
  assert_false(murk_args_has(&a, "as"));
  assert_null(murk_args_get(&a, "nothing"));
  assert_int_equal(a.argc, 1);
  assert_string_equal(a.argv[0], "luneville");
  assert_null(a.argv[1]);
}

static void test_arguments_keep_their_order(void** st) {
  (void)st;
  struct murk_args a;
  int code;
  /* "--" ends the options; "-" is an argument; a value may start with a dash. */
  assert_int_equal(parse(&run_entry, &a, &code, "run", "-", "--as", "-x", "--", "--seed", NULL), 0);
  assert_int_equal(a.argc, 2);
  assert_string_equal(a.argv[0], "-");
  assert_string_equal(a.argv[1], "--seed");
  assert_null(a.argv[2]);
  assert_string_equal(murk_args_get(&a, "as"), "-x");
  assert_null(murk_args_get(&a, "seed"));
}

static void test_mistakes_are_usage_errors(void** st) {
  (void)st;
  struct murk_args a;
  int code;
  assert_int_equal(parse(&run_entry, &a, &code, "run", "--fast", NULL), -1);
  assert_int_equal(code, MURK_EXIT_USAGE);
  assert_string_equal(said, "unknown option '--fast'");
  assert_int_equal(parse(&run_entry, &a, &code, "run", "-s", NULL), -1);
  assert_string_equal(said, "unknown option '-s'");
  assert_int_equal(parse(&run_entry, &a, &code, "run", "--seed", "1", "--seed=2", NULL), -1);
  assert_string_equal(said, "--seed is given twice");
  assert_int_equal(parse(&run_entry, &a, &code, "run", "--time=now", NULL), -1);
  assert_string_equal(said, "--time takes no value");
  assert_int_equal(parse(&run_entry, &a, &code, "run", "x", "--seed", NULL), -1);
  assert_string_equal(said, "--seed needs a value");
  /* A prefix of an option is not the option. */
  assert_int_equal(parse(&run_entry, &a, &code, "run", "--se=1", NULL), -1);
  assert_string_equal(said, "unknown option '--se=1'");
  assert_int_equal(parse(&run_entry, &a, &code, "run", "a", "b", "c", NULL), -1);
  assert_string_equal(said, "unexpected argument 'c'");
  assert_int_equal(parse(&replay_entry, &a, &code, "replay", NULL), -1);
  assert_int_equal(code, MURK_EXIT_USAGE);
  assert_string_equal(said, "replay needs SAVE");
}

static void test_help_anywhere_before_the_end_of_options(void** st) {
  (void)st;
  struct murk_args a;
  int code = -1;
  assert_int_equal(parse(&replay_entry, &a, &code, "replay", "--as", "attacker", "-h", NULL), -1);
  assert_int_equal(code, MURK_EXIT_OK);
  assert_int_equal(parse(&replay_entry, &a, &code, "replay", "--", "--help", NULL), 0);
  assert_string_equal(a.argv[0], "--help");
}

static void test_numbers_name_their_option(void** st) {
  (void)st;
  struct murk_args a;
  int code;
  uint64_t v = 99;
  assert_int_equal(parse(&run_entry, &a, &code, "run", "--seed", "18446744073709551615", NULL), 0);
  assert_int_equal(murk_args_number(&a, "seed", 0, UINT64_MAX, &v), 1);
  assert_true(v == UINT64_MAX);
  v = 99;
  assert_int_equal(murk_args_number(&a, "nothing", 0, 10, &v), 0);
  assert_int_equal(v, 99);
  const char* bad[] = {"", "12x", "-1", "+1", " 1", "18446744073709551616", "0x10", "11"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char arg[64];
    snprintf(arg, sizeof arg, "--seed=%s", bad[i]);
    assert_int_equal(parse(&run_entry, &a, &code, "run", arg, NULL), 0);
    assert_int_equal(murk_args_number(&a, "seed", 0, 10, &v), -1);
    char want[128];
    snprintf(want, sizeof want, "--seed expects a whole number from 0 to 10, got '%s'", bad[i]);
    assert_string_equal(said, want);
    assert_int_equal(v, 99);
  }
  assert_int_equal(parse(&run_entry, &a, &code, "run", "--seed=0", NULL), 0);
  assert_int_equal(murk_args_number(&a, "seed", 1, 10, &v), -1);
  assert_string_equal(said, "--seed expects a whole number from 1 to 10, got '0'");
}

static void test_sides(void** st) {
  (void)st;
  struct murk_args a;
  int code;
  enum murk_side s = MURK_NO_SIDE;
  assert_int_equal(parse(&replay_entry, &a, &code, "replay", "x", "--as=defender", NULL), 0);
  assert_int_equal(murk_args_side(&a, "as", &s), 1);
  assert_int_equal(s, MURK_DEFENDER);
  assert_int_equal(parse(&replay_entry, &a, &code, "replay", "x", "--as", "umpire", NULL), 0);
  assert_int_equal(murk_args_side(&a, "as", &s), -1);
  assert_string_equal(said, "--as expects attacker or defender, got 'umpire'");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_options_in_any_order_and_form),
      cmocka_unit_test(test_arguments_keep_their_order),
      cmocka_unit_test(test_mistakes_are_usage_errors),
      cmocka_unit_test(test_help_anywhere_before_the_end_of_options),
      cmocka_unit_test(test_numbers_name_their_option),
      cmocka_unit_test(test_sides),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
