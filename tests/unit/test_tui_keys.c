/* test_tui_keys.c: the table of keys (keys.h) is the one description of a key: every row
 * is found by each of its codes (the dispatcher's look-up), listed in the help, and on the
 * key line exactly while its verb is legal now (the view's verbs), and named in
 * docs/playing.md's table of keys. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "keys.h"
#include "murk/command.h"
#include "tui_fixture.h"

/* A view in which row r works: the first phase both its own phases and its commands'
 * allow, its verbs legal now. */
static bool view_for(struct murk_view* v, const struct tui_keydef* r) {
  for (int p = 0; p < MURK_PHASE_COUNT; p++) {
    v->phase = (enum murk_phase)p;
    v->verbs = r->verb == TUI_NO_VERB ? 0 : (1u << r->verb) | r->also;
    if (tui_key_offered(r, v)) return true;
  }
  return false;
}

/* Each row answers at least one code and does something; the rows that share a code are
 * one key (the same label), told apart by phase or verb; each code finds its row's key in
 * a view where the row works, as the dispatcher looks it up. */
static void test_every_key_is_dispatched(void** state) {
  struct fixture* f = *state;
  struct murk_view* v = &f->v;
  for (int i = 0; i < tui_nkeys; i++) {
    const struct tui_keydef* r = &tui_keys[i];
    assert_non_null(r->act);
    assert_true(r->codes[0] != 0);
    assert_true(r->verb == TUI_NO_VERB || (r->verb >= 0 && r->verb < MURK_CMD_COUNT));
    assert_true(r->modes != 0);
    for (int j = 0; j < tui_nkeys; j++)
      for (int c = 0; c < TUI_KEY_CODES && r->codes[c]; c++)
        if ((tui_keys[j].modes & r->modes) && tui_key_answers(&tui_keys[j], r->codes[c]))
          assert_string_equal(tui_keys[j].label, r->label);
    if (!view_for(v, r)) fail_msg("key %s works in no phase", r->label);
    for (int m = 0; m <= TUI_MODE_OVER; m++) {
      if (!(r->modes & (1u << m))) continue;
      for (int c = 0; c < TUI_KEY_CODES && r->codes[c]; c++) {
        const struct tui_keydef* found = tui_key_find(v, (enum tui_mode)m, r->codes[c]);
        assert_non_null(found);
        assert_ptr_equal(found->act, r->act);
      }
    }
    /* A verb's key pressed outside its command's phases does not work there. */
    if (r->verb != TUI_NO_VERB) {
      v->phase = MURK_PHASE_OVER;
      assert_false(tui_key_works(r, v));
    }
  }
  assert_null(tui_key_find(v, TUI_MODE_MAP, 'z'));
  assert_null(tui_key_find(v, TUI_MODE_PICK, 'm'));
}

/* The help lists every key by its label, with its words, under the three headings. */
static void test_every_key_is_in_the_help(void** state) {
  (void)state;
  int n = tui_keys_help_count();
  assert_true(n > tui_nkeys / 2);
  char line[128];
  assert_string_equal(tui_keys_help_line(0, line, sizeof line), "Cursor");
  for (int i = 0; i < tui_nkeys; i++) {
    const struct tui_keydef* r = &tui_keys[i];
    char want[64];
    snprintf(want, sizeof want, "  %-16s ", r->label);
    bool listed = false;
    for (int k = 0; k < n && !listed; k++) {
      tui_keys_help_line(k, line, sizeof line);
      /* Its first line of help, when the row has its own. */
      listed = strncmp(line, want, strlen(want)) == 0 &&
               (!r->help || strncmp(line + strlen(want), r->help, 8) == 0);
    }
    if (!listed) fail_msg("key %s is not in the help", r->label);
  }
}

/* "m move" and the like: the key line holds a verb's key exactly while the view lists the
 * verb as legal now, verb by verb and phase by phase; no "m move" once moving is over. */
static void test_key_line_offers_legal_verbs_only(void** state) {
  struct fixture* f = *state;
  struct murk_view* v = &f->v;
  struct tui_ui ui = {.mode = TUI_MODE_MAP};
  char line[256], want[96];
  for (int p = 0; p < MURK_PHASE_COUNT; p++)
    for (int k = 0; k <= MURK_CMD_COUNT; k++) {
      v->phase = (enum murk_phase)p;
      v->verbs = k < MURK_CMD_COUNT ? 1u << k : 0;
      tui_keys_line(v, &ui, line, sizeof line);
      for (int i = 0; i < tui_nkeys; i++) {
        const struct tui_keydef* r = &tui_keys[i];
        if (r->verb == TUI_NO_VERB || !r->hint) continue;
        snprintf(want, sizeof want, "%s %s", r->label, r->hint);
        bool legal = (v->verbs & ((1u << r->verb) | r->also)) != 0;
        if (!legal && strstr(line, want))
          fail_msg("phase %d, verbs %#x: '%s' on the key line '%s'", p, v->verbs, want, line);
        if (legal && tui_key_offered(r, v) && !strstr(line, r->label))
          fail_msg("phase %d: '%s' missing from '%s'", p, r->label, line);
      }
    }
  /* The movement step, then the shooting step of the same turn. */
  v->phase = MURK_PHASE_PLAY;
  v->verbs = (1u << MURK_CMD_MOVE) | (1u << MURK_CMD_REVEAL) | (1u << MURK_CMD_END);
  tui_keys_line(v, &ui, line, sizeof line);
  assert_non_null(strstr(line, "m move r reveal e end step"));
  v->verbs = (1u << MURK_CMD_REVEAL) | (1u << MURK_CMD_SHOOT) | (1u << MURK_CMD_END);
  tui_keys_line(v, &ui, line, sizeof line);
  assert_null(strstr(line, "m move"));
  assert_non_null(strstr(line, "f shoot"));
  /* Not this side's turn: only the screen's keys. */
  v->verbs = 0;
  tui_keys_line(v, &ui, line, sizeof line);
  assert_string_equal(line, "g next U undo : ? help q quit");
  /* Over: saving, the help, quitting. */
  v->phase = MURK_PHASE_OVER;
  tui_keys_line(v, &ui, line, sizeof line);
  assert_string_equal(line, "S save ? help q quit");
}

/* The key line fits 80 columns whatever the view holds legal at once in play. */
static void test_key_line_fits(void** state) {
  struct fixture* f = *state;
  struct murk_view* v = &f->v;
  struct tui_ui ui = {.mode = TUI_MODE_MAP};
  char line[256];
  /* Fighting Withdrawal's start of a turn: a withdrawal and an objective due, moves. */
  v->phase = MURK_PHASE_PLAY;
  v->verbs = (1u << MURK_CMD_MOVE) | (1u << MURK_CMD_REVEAL) | (1u << MURK_CMD_END) |
             (1u << MURK_CMD_WITHDRAW) | (1u << MURK_CMD_REMOVE);
  tui_keys_line(v, &ui, line, sizeof line);
  assert_string_equal(
      line, "m move r reveal e end step w withdraw x remove g next U undo : ? help q quit");
  assert_true(strlen(line) <= 80);
  /* A list, the recap, a move and a reveal: their keys, by the first of each row's keys. */
  ui.mode = TUI_MODE_PICK;
  tui_keys_line(v, &ui, line, sizeof line);
  assert_string_equal(line, "Up/Down choose Enter ok Esc cancel");
  ui.mode = TUI_MODE_RECAP;
  tui_keys_line(v, &ui, line, sizeof line);
  assert_string_equal(line, "? help q quit Down/Up scroll Enter the map");
  ui.mode = TUI_MODE_MOVE;
  strcpy(ui.move_verb, "move");
  tui_keys_line(v, &ui, line, sizeof line);
  assert_string_equal(line, "Enter go Esc cancel");
  strcpy(ui.move_verb, "reveal");
  tui_keys_line(v, &ui, line, sizeof line);
  assert_string_equal(
      line, "Enter puts a team on a lit cell (again: takes it back) v reveal now Esc cancel");
}

static int setup(void** state) {
  struct fixture* f = test_calloc(1, sizeof *f);
  fixture_init(f);
  *state = f;
  return 0;
}

static int teardown(void** state) {
  test_free(*state);
  return 0;
}

/* docs/playing.md's table of keys names every key of the table: a label's single keys in
 * backquotes (`m`, `PgUp`), its words as they are ("arrows", "mouse click"). */
static void test_every_key_is_in_playing_md(void** state) {
  (void)state;
  FILE* f = fopen(MURK_SOURCE_DIR "/docs/playing.md", "rb");
  assert_non_null(f);
  static char doc[1 << 17];
  size_t n = fread(doc, 1, sizeof doc - 1, f);
  fclose(f);
  doc[n] = '\0';
  char* keys = strstr(doc, "\n## Keys\n");
  assert_non_null(keys);
  char* end = strstr(keys + 1, "\n## ");
  if (end) *end = '\0';
  for (int i = 0; i < tui_nkeys; i++) {
    char label[64];
    snprintf(label, sizeof label, "%s", tui_keys[i].label);
    for (char* tok = strtok(label, " ,"); tok; tok = strtok(NULL, " ,")) {
      char quoted[40];
      snprintf(quoted, sizeof quoted, "`%s`", tok);
      bool word = strlen(tok) > 3 && !strchr(tok, '-');
      if (!strstr(keys, quoted) && !(word && strstr(keys, tok)))
        fail_msg("docs/playing.md, \"Keys\", does not name %s (key %s)", tok, tui_keys[i].label);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_every_key_is_dispatched, setup, teardown),
      cmocka_unit_test_setup_teardown(test_every_key_is_in_the_help, setup, teardown),
      cmocka_unit_test_setup_teardown(test_key_line_offers_legal_verbs_only, setup, teardown),
      cmocka_unit_test_setup_teardown(test_key_line_fits, setup, teardown),
      cmocka_unit_test(test_every_key_is_in_playing_md),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
