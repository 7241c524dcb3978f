/* test_cli_text.c: the command line's escaping and "did you mean" (src/cli/text.c): text
 * from files and arguments reaches the terminal with no control character in it, and
 * everything else (printable ASCII, well-formed UTF-8) unchanged. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "text.h"

static const char* esc(const char* s) {
  static char buf[256];
  return murk_cli_escape(s, buf, sizeof buf);
}

static void test_plain_text_is_unchanged(void** st) {
  (void)st;
  assert_string_equal(esc(""), "");
  assert_string_equal(esc("1st Panther Platoon (platoon 2): d6 = [4] \\ 100%"),
                      "1st Panther Platoon (platoon 2): d6 = [4] \\ 100%");
  /* Well-formed UTF-8 of two, three and four bytes, and the first code point past C1. */
  assert_string_equal(esc("Lun\xc3\xa9ville \xe2\x82\xac \xf0\x9f\x98\x80 \xc2\xa0"),
                      "Lun\xc3\xa9ville \xe2\x82\xac \xf0\x9f\x98\x80 \xc2\xa0");
}

static void test_c0_and_del_are_escaped(void** st) {
  (void)st;
  assert_string_equal(esc("a\nb\tc\rd"), "a\\nb\\tc\\rd");
  assert_string_equal(esc("\x1b]0;title\x07\x1b[2J"), "\\x1b]0;title\\x07\\x1b[2J");
  assert_string_equal(esc("\x01\x1f\x7f"), "\\x01\\x1f\\x7f");
}

static void test_c1_is_escaped(void** st) {
  (void)st;
  /* U+0080, U+009B (CSI) and U+009F as UTF-8. */
  assert_string_equal(esc("\xc2\x80\xc2\x9b"
                          "2J\xc2\x9f"),
                      "\\u0080\\u009b2J\\u009f");
}

static void test_malformed_utf8_is_escaped_byte_by_byte(void** st) {
  (void)st;
  /* A lone continuation byte, a cut sequence, an overlong NUL and '/', a surrogate, a
   * code point past U+10FFFF, and bytes that never start a sequence: none passes raw (a
   * terminal may read some of them as C1 controls). */
  assert_string_equal(esc("\x80"), "\\x80");
  assert_string_equal(esc("\xe2\x82"), "\\xe2\\x82");
  assert_string_equal(esc("\xc0\x80\xc0\xaf"), "\\xc0\\x80\\xc0\\xaf");
  assert_string_equal(esc("\xed\xa0\x80"), "\\xed\\xa0\\x80");
  assert_string_equal(esc("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");
  assert_string_equal(esc("\xfe\xff"), "\\xfe\\xff");
  assert_string_equal(esc("\x9b"), "\\x9b");
}

static void test_escaping_is_idempotent(void** st) {
  (void)st;
  char once[64], twice[64];
  murk_cli_escape("x\x1b\xc2\x9b\n\xff", once, sizeof once);
  murk_cli_escape(once, twice, sizeof twice);
  assert_string_equal(once, twice);
}

static void test_a_short_buffer_cuts_between_escapes(void** st) {
  (void)st;
  char out[6];
  /* "ab" then "\x1b" would need 2 + 4 bytes and the NUL: the escape is left out whole. */
  assert_string_equal(murk_cli_escape("ab\x1b", out, sizeof out), "ab");
  assert_string_equal(murk_cli_escape("abcdefgh", out, sizeof out), "abcde");
  char one[1];
  assert_string_equal(murk_cli_escape("abc", one, sizeof one), "");
  /* A UTF-8 character is never cut in two. */
  char three[3];
  assert_string_equal(murk_cli_escape("a\xe2\x82\xac", three, sizeof three), "a");
}

static void test_nearest(void** st) {
  (void)st;
  const char* ids[] = {"luneville", "cauldron", "encounter", "pincer", "no-retreat"};
  const size_t n = sizeof ids / sizeof ids[0];
  assert_string_equal(murk_cli_nearest("lunevile", ids, n), "luneville");
  assert_string_equal(murk_cli_nearest("LUNEVILLE", ids, n), "luneville");
  assert_string_equal(murk_cli_nearest("cauldorn", ids, n), "cauldron"); /* a swap */
  assert_string_equal(murk_cli_nearest("pincr", ids, n), "pincer");
  assert_null(murk_cli_nearest("zzzzzz", ids, n));
  assert_null(murk_cli_nearest("", ids, n));
  /* Short words take one slip, not two. */
  const char* cmds[] = {"run", "sim", "list"};
  assert_string_equal(murk_cli_nearest("rnu", cmds, 3), "run");
  assert_null(murk_cli_nearest("rx", cmds, 3));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_plain_text_is_unchanged),
      cmocka_unit_test(test_c0_and_del_are_escaped),
      cmocka_unit_test(test_c1_is_escaped),
      cmocka_unit_test(test_malformed_utf8_is_escaped_byte_by_byte),
      cmocka_unit_test(test_escaping_is_idempotent),
      cmocka_unit_test(test_a_short_buffer_cuts_between_escapes),
      cmocka_unit_test(test_nearest),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
