/* test_tui_canvas.c: the off-screen canvas - characters, wide characters, clipping,
 * ellipsis, word wrap, ASCII mode and UTF-8 decoding. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "canvas.h"
#include "murk/error.h"

static void row(const struct tui_canvas* c, int y, char* buf, size_t n) {
  tui_canvas_row(c, y, buf, n);
}

static void test_text_and_clip(void** state) {
  (void)state;
  struct tui_canvas c = {0};
  assert_int_equal(tui_canvas_init(&c, 10, 3, false), MURK_OK);
  assert_int_equal(tui_canvas_text(&c, 2, 1, -1, "abc", TUI_A_HEAD), 3);
  char buf[64];
  row(&c, 1, buf, sizeof buf);
  assert_string_equal(buf, "  abc     ");
  assert_int_equal(tui_canvas_at(&c, 2, 1)->attr, TUI_A_HEAD);
  assert_int_equal(tui_canvas_at(&c, 5, 1)->attr, TUI_A_NORMAL);
  /* Off the canvas: nothing, no crash. */
  assert_int_equal(tui_canvas_put(&c, -1, 0, 'x', TUI_A_NORMAL), 0);
  assert_int_equal(tui_canvas_put(&c, 10, 0, 'x', TUI_A_NORMAL), 0);
  assert_int_equal(tui_canvas_put(&c, 0, 3, 'x', TUI_A_NORMAL), 0);
  assert_null(tui_canvas_at(&c, 10, 0));
  /* Control characters become blanks. */
  tui_canvas_text(&c, 0, 2, -1, "a\tb\x1b", TUI_A_NORMAL);
  row(&c, 2, buf, sizeof buf);
  assert_string_equal(buf, "a b       ");
  tui_canvas_fini(&c);
}

static void test_ellipsis(void** state) {
  (void)state;
  struct tui_canvas c = {0};
  assert_int_equal(tui_canvas_init(&c, 12, 1, false), MURK_OK);
  assert_int_equal(tui_canvas_text(&c, 0, 0, 6, "abcdefgh", TUI_A_NORMAL), 6);
  char buf[64];
  row(&c, 0, buf, sizeof buf);
  assert_string_equal(buf, "abcde\xe2\x80\xa6      ");
  /* Exactly fitting text has no ellipsis. */
  tui_canvas_clear(&c, TUI_A_NORMAL);
  assert_int_equal(tui_canvas_text(&c, 0, 0, 6, "abcdef", TUI_A_NORMAL), 6);
  row(&c, 0, buf, sizeof buf);
  assert_string_equal(buf, "abcdef      ");
  /* ASCII mode: '~' instead of the ellipsis, '?' for anything else outside ASCII. */
  assert_int_equal(tui_canvas_init(&c, 12, 1, true), MURK_OK);
  tui_canvas_text(&c, 0, 0, 6, "Lun\xc3\xa9ville", TUI_A_NORMAL);
  row(&c, 0, buf, sizeof buf);
  assert_string_equal(buf, "Lun?v~      ");
  tui_canvas_fini(&c);
}

static void test_wide_characters(void** state) {
  (void)state;
  struct tui_canvas c = {0};
  assert_int_equal(tui_canvas_init(&c, 6, 1, false), MURK_OK);
  /* U+4E2D takes two columns: the second cell is its continuation. */
  assert_int_equal(tui_canvas_text(&c, 0, 0, -1,
                                   "a\xe4\xb8\xad"
                                   "b",
                                   TUI_A_NORMAL),
                   4);
  assert_int_equal(tui_canvas_at(&c, 1, 0)->ch, 0x4e2d);
  assert_int_equal(tui_canvas_at(&c, 2, 0)->ch, 0);
  assert_int_equal(tui_canvas_at(&c, 3, 0)->ch, 'b');
  char buf[64];
  row(&c, 0, buf, sizeof buf);
  assert_string_equal(buf,
                      "a\xe4\xb8\xad"
                      "b  ");
  /* Overwriting the right half blanks the left half. */
  tui_canvas_put(&c, 2, 0, 'x', TUI_A_NORMAL);
  assert_int_equal(tui_canvas_at(&c, 1, 0)->ch, ' ');
  assert_int_equal(tui_canvas_at(&c, 2, 0)->ch, 'x');
  /* A wide character in the last column does not fit: a blank instead. */
  assert_int_equal(tui_canvas_put(&c, 5, 0, 0x4e2d, TUI_A_NORMAL), 1);
  assert_int_equal(tui_canvas_at(&c, 5, 0)->ch, ' ');
  /* Combining marks take no cell. */
  assert_int_equal(tui_char_width(0x0301), 0);
  assert_int_equal(tui_text_width("e\xcc\x81"), 1);
  tui_canvas_fini(&c);
}

static void test_utf8_decoding(void** state) {
  (void)state;
  const char* s =
      "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"
      "A";
  assert_int_equal(tui_utf8_next(&s), 0xe9);
  assert_int_equal(tui_utf8_next(&s), 0x20ac);
  assert_int_equal(tui_utf8_next(&s), 0x1f600);
  assert_int_equal(tui_utf8_next(&s), 'A');
  assert_int_equal(tui_utf8_next(&s), 0);
  /* Invalid: a lone continuation byte, an overlong '/', a surrogate, a cut sequence. */
  const char* bad[] = {"\x80", "\xc0\xaf", "\xed\xa0\x80", "\xe2\x82"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    const char* p = bad[i];
    assert_int_equal(tui_utf8_next(&p), 0xfffd);
    assert_ptr_equal(p, bad[i] + 1);
  }
  char out[4];
  assert_int_equal(tui_utf8_put(0x20ac, out), 3);
  assert_memory_equal(out, "\xe2\x82\xac", 3);
  assert_int_equal(tui_utf8_put(0x1f600, out), 4);
  assert_int_equal(tui_utf8_put('z', out), 1);
}

static void test_wrap(void** state) {
  (void)state;
  struct tui_canvas c = {0};
  assert_int_equal(tui_canvas_init(&c, 10, 6, false), MURK_OK);
  /* Single newlines are spaces (YAML block text); a blank line ends a paragraph. */
  const char* text = "the quick brown\nfox jumps\n\nover";
  int n = tui_canvas_wrap(&c, 0, 0, 10, 6, 0, text, TUI_A_NORMAL);
  assert_int_equal(n, 5);
  char buf[64];
  row(&c, 0, buf, sizeof buf);
  assert_string_equal(buf, "the quick ");
  row(&c, 1, buf, sizeof buf);
  assert_string_equal(buf, "brown fox ");
  row(&c, 2, buf, sizeof buf);
  assert_string_equal(buf, "jumps     ");
  row(&c, 3, buf, sizeof buf);
  assert_string_equal(buf, "          ");
  row(&c, 4, buf, sizeof buf);
  assert_string_equal(buf, "over      ");
  /* Skipping lines scrolls; the box clips. */
  tui_canvas_clear(&c, TUI_A_NORMAL);
  assert_int_equal(tui_canvas_wrap(&c, 0, 0, 10, 1, 1, text, TUI_A_NORMAL), 5);
  row(&c, 0, buf, sizeof buf);
  assert_string_equal(buf, "brown fox ");
  row(&c, 1, buf, sizeof buf);
  assert_string_equal(buf, "          ");
  /* A word longer than the box is cut. */
  tui_canvas_clear(&c, TUI_A_NORMAL);
  assert_int_equal(tui_canvas_wrap(&c, 0, 0, 4, 6, 0, "abcdefghij", TUI_A_NORMAL), 3);
  row(&c, 2, buf, sizeof buf);
  assert_string_equal(buf, "ij        ");
  assert_true(tui_canvas_contains(&c, "efgh"));
  assert_false(tui_canvas_contains(&c, "abcdefgh"));
  tui_canvas_fini(&c);
}

static void test_fill_paint_and_resize(void** state) {
  (void)state;
  struct tui_canvas c = {0};
  assert_int_equal(tui_canvas_init(&c, 4, 2, false), MURK_OK);
  tui_canvas_fill(&c, 1, 0, 2, 2, '#', TUI_A_WATER);
  tui_canvas_paint(&c, 0, 1, 2, TUI_A_CURSOR);
  assert_int_equal(tui_canvas_at(&c, 1, 1)->ch, '#');
  assert_int_equal(tui_canvas_at(&c, 1, 1)->attr, TUI_A_CURSOR);
  assert_int_equal(tui_canvas_at(&c, 2, 1)->attr, TUI_A_WATER);
  assert_int_equal(tui_canvas_init(&c, 30, 20, false), MURK_OK);
  assert_int_equal(c.w, 30);
  assert_int_equal(tui_canvas_at(&c, 1, 1)->ch, ' ');
  assert_string_equal(tui_attr_name(TUI_A_ENEMY), "enemy");
  tui_canvas_fini(&c);
  assert_null(c.cells);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_text_and_clip),
      cmocka_unit_test(test_ellipsis),
      cmocka_unit_test(test_wide_characters),
      cmocka_unit_test(test_utf8_decoding),
      cmocka_unit_test(test_wrap),
      cmocka_unit_test(test_fill_paint_and_resize),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
