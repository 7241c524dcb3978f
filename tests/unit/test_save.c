/* test_save.c: scripts and saves - headers, side prefixes, comments, command lines that do
 * not parse, header errors with their places, and text -> script -> text round trips. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/save.h"

#include "event.h" /* the whole event logs of two games, compared */
#include "test_load.h"

static struct murk_script* parse_ok(const char* text) {
  struct murk_diags d;
  murk_diags_init(&d, "test.txt");
  struct murk_script* s = NULL;
  int rc = murk_script_parse(text, strlen(text), &s, &d);
  if (rc != MURK_OK) {
    char msg[400] = "";
    if (d.count) murk_diags_format(&d, 0, msg, sizeof msg);
    fail_msg("parse failed (%d): %s", rc, msg);
  }
  assert_non_null(s);
  return s;
}

/* Parse text that must fail; returns the diagnostics. */
static struct murk_diags parse_bad(const char* text, size_t len) {
  struct murk_diags d;
  murk_diags_init(&d, "bad.txt");
  struct murk_script* s = (struct murk_script*)&d; /* must be reset to NULL */
  assert_int_equal(murk_script_parse(text, len, &s, &d), MURK_EINVAL);
  assert_null(s);
  assert_true(d.count >= 1);
  return d;
}

static void expect_diag(const struct murk_diags* d, int i, const char* want) {
  char msg[400];
  murk_diags_format(d, i, msg, sizeof msg);
  if (!strstr(msg, want)) fail_msg("diagnostic '%s' lacks '%s'", msg, want);
}

static char* format_ok(const struct murk_script* s) {
  char* out = NULL;
  size_t len = 0;
  assert_int_equal(murk_script_format(s, &out, &len), MURK_OK);
  assert_non_null(out);
  assert_int_equal(strlen(out), len);
  return out;
}

static const char save_text[] =
    "# murk-save: 1\n"
    "# mission: data/missions/luneville.yaml\n"
    "# mission-hash: 0123456789abcdef\n"
    "# seed: 7\n"
    "attacker: objective at 12,04\n"
    "defender: deploy dummy at 05,20\n"
    "attacker: move T3 to 07,18 via 06,19\n"
    "defender: end\n";

static void test_save_headers_and_lines(void** state) {
  (void)state;
  struct murk_script* s = parse_ok(save_text);
  assert_int_equal(s->version, 1);
  assert_string_equal(s->mission, "data/missions/luneville.yaml");
  assert_int_equal(s->mission_line, 2);
  assert_true(s->has_hash);
  assert_true(s->mission_hash == 0x0123456789abcdefull);
  assert_true(s->has_seed);
  assert_true(s->seed == 7);
  assert_int_equal(s->nlines, 4);

  const struct murk_script_line* l = &s->lines[0];
  assert_int_equal(l->line, 5);
  assert_int_equal(l->side, MURK_ATTACKER);
  assert_int_equal(l->col, 11);
  assert_int_equal(l->side_col, 1);
  assert_int_equal(l->status, MURK_OK);
  assert_null(l->error);
  assert_string_equal(l->text, "objective at 12,04");
  assert_int_equal(l->cmd.kind, MURK_CMD_OBJECTIVE);
  assert_int_equal(l->cmd.at.x, 12);

  assert_int_equal(s->lines[1].side, MURK_DEFENDER);
  assert_int_equal(s->lines[1].cmd.unit.kind, MURK_REF_DUMMY);
  assert_int_equal(s->lines[2].cmd.nvia, 1);
  assert_int_equal(s->lines[3].cmd.kind, MURK_CMD_END);
  assert_int_equal(s->lines[3].line, 8);

  /* A save written back is the same text, byte for byte. */
  char* out = format_ok(s);
  assert_string_equal(out, save_text);
  murk_free(out);
  murk_script_free(s);
}

static void test_script_comments_blanks_and_sides(void** state) {
  (void)state;
  const char* text =
      "# A scripted opening.\r\n"
      "#seed:42\r\n"
      "#   Mission:   tests/x.yaml   \r\n"
      "# notes: anything that is not a header key is a comment\n"
      "\n"
      "   \t\n"
      "objective at 1,2   # the ford\n"
      "  Defender :  end\n"
      "ATTACKER:end\n"
      "# seed: 99 (after the first command: only a comment)\n"
      "reveal T3";
  struct murk_script* s = parse_ok(text);
  assert_int_equal(s->version, 0);
  assert_false(s->has_hash);
  assert_true(s->has_seed);
  assert_true(s->seed == 42);
  assert_string_equal(s->mission, "tests/x.yaml");
  assert_int_equal(s->nlines, 4);
  assert_int_equal(s->lines[0].line, 7);
  assert_int_equal(s->lines[0].side, MURK_NO_SIDE);
  assert_int_equal(s->lines[0].col, 1);
  assert_int_equal(s->lines[0].side_col, 0);
  assert_string_equal(s->lines[0].text, "objective at 1,2");
  assert_int_equal(s->lines[1].side, MURK_DEFENDER);
  assert_int_equal(s->lines[1].col, 15);
  assert_int_equal(s->lines[1].side_col, 3);
  assert_int_equal(s->lines[1].cmd.kind, MURK_CMD_END);
  assert_int_equal(s->lines[2].side, MURK_ATTACKER);
  assert_int_equal(s->lines[2].col, 10);
  assert_int_equal(s->lines[3].line, 11);
  assert_int_equal(s->lines[3].cmd.unit.n, 3);

  /* Written back: headers first, canonical prefixes, comments gone. */
  char* out = format_ok(s);
  assert_string_equal(out,
                      "# mission: tests/x.yaml\n"
                      "# seed: 42\n"
                      "objective at 1,2\n"
                      "defender: end\n"
                      "attacker: end\n"
                      "reveal T3\n");
  murk_free(out);
  murk_script_free(s);
}

static void test_bad_command_lines_are_kept(void** state) {
  (void)state;
  const char* text =
      "end\n"
      "attacker: mvoe 3 to 1,1\n"
      "defender:\n"
      "move 3 to\n"
      "umpire: end\n";
  struct murk_script* s = parse_ok(text);
  assert_int_equal(s->nlines, 5);
  assert_int_equal(s->lines[0].status, MURK_OK);

  const struct murk_script_line* l = &s->lines[1];
  assert_int_equal(l->status, MURK_EINVAL);
  assert_int_equal(l->line, 2);
  assert_int_equal(l->errcol, 11); /* the column in the file, prefix included */
  assert_non_null(strstr(l->error, "did you mean 'move'?"));

  l = &s->lines[2];
  assert_int_equal(l->status, MURK_EINVAL);
  assert_string_equal(l->error, "expected a command after 'defender:'");
  assert_int_equal(l->errcol, 10);

  l = &s->lines[3];
  assert_int_equal(l->status, MURK_EINVAL);
  assert_int_equal(l->errcol, 10);
  assert_non_null(strstr(l->error, "expected a position like 12,07"));

  /* Not a side: the parser says it is not a command. */
  l = &s->lines[4];
  assert_int_equal(l->side, MURK_NO_SIDE);
  assert_int_equal(l->status, MURK_EINVAL);
  assert_non_null(strstr(l->error, "unknown command 'umpire:'"));
  assert_int_equal(l->errcol, 1);
  murk_script_free(s);
}

static void test_header_errors(void** state) {
  (void)state;
  const char* t1 = "# seed: seven\nend\n";
  struct murk_diags d = parse_bad(t1, strlen(t1));
  expect_diag(&d, 0, "bad.txt:1:9: error: the seed must be a whole number");
  expect_diag(&d, 0, "got 'seven'");

  const char* t2 = "# seed: 18446744073709551616\n";
  d = parse_bad(t2, strlen(t2));
  expect_diag(&d, 0, "18446744073709551615");

  const char* t3 = "# mission-hash: 0123\n# mission-hash: xyz\n# murk-save: 3\n";
  d = parse_bad(t3, strlen(t3));
  assert_int_equal(d.count, 3); /* all of them, not only the first */
  expect_diag(&d, 0, "bad.txt:1:17: error: 'mission-hash' must be 16 hexadecimal digits");
  expect_diag(&d, 1, "bad.txt:2:3: error: 'mission-hash' is given twice (first on line 1)");
  expect_diag(&d, 2, "bad.txt:3:14: error: this save has format version 3");

  const char* t4 = "# murk-save: one\n";
  d = parse_bad(t4, strlen(t4));
  expect_diag(&d, 0, "'murk-save' must be a version number");

  const char* t5 = "# mission:\n";
  d = parse_bad(t5, strlen(t5));
  expect_diag(&d, 0, "bad.txt:1:11: error: 'mission' needs a path");

  const char t6[] = "end\nmo\0ve 3 to 1,1\n";
  d = parse_bad(t6, sizeof t6 - 1);
  expect_diag(&d, 0, "bad.txt:2:3: error: a NUL byte");
}

static void test_limits_and_edges(void** state) {
  (void)state;
  struct murk_script* s = NULL;
  assert_int_equal(murk_script_parse(NULL, 0, &s, NULL), MURK_OK);
  assert_non_null(s);
  assert_int_equal(s->nlines, 0);
  char* out = format_ok(s);
  assert_string_equal(out, "");
  murk_free(out);
  murk_script_free(s);
  murk_script_free(NULL);

  s = parse_ok("# seed: 18446744073709551615\n# mission-hash: FFFFFFFFFFFFFFFF\n");
  assert_true(s->seed == UINT64_MAX);
  assert_true(s->mission_hash == UINT64_MAX);
  murk_script_free(s);

  /* Many lines and a very long one. */
  size_t n = 5000, longlen = 20000;
  char* big = malloc(n * 4 + longlen + 16);
  assert_non_null(big);
  size_t len = 0;
  for (size_t i = 0; i < n; i++) len += (size_t)sprintf(big + len, "end\n");
  memcpy(big + len, "move 1 to 1,1 ", 14);
  len += 14;
  memset(big + len, 'x', longlen);
  len += longlen;
  s = NULL;
  assert_int_equal(murk_script_parse(big, len, &s, NULL), MURK_OK);
  assert_int_equal(s->nlines, n + 1);
  assert_int_equal(s->lines[n].status, MURK_EINVAL);
  assert_int_equal(s->lines[n].errcol, 15);
  assert_non_null(strstr(s->lines[n].error, "..."));
  murk_script_free(s);
  free(big);
}

static void test_build_and_format(void** state) {
  (void)state;
  struct murk_script* s = murk_script_new();
  assert_non_null(s);
  s->version = MURK_SAVE_VERSION;
  s->mission = murk_strdup("m.yaml");
  s->has_hash = true;
  s->mission_hash = 0xabcull;
  s->has_seed = true;
  s->seed = 3;
  assert_int_equal(murk_script_add(s, MURK_ATTACKER, "deploy 1 at 02,03"), MURK_OK);
  assert_int_equal(murk_script_add(s, MURK_NO_SIDE, "defender: end"), MURK_OK);
  assert_int_equal(murk_script_add(s, MURK_DEFENDER, "end\nend"), MURK_EINVAL);
  assert_int_equal(murk_script_add(s, MURK_DEFENDER, "end\r"), MURK_EINVAL);
  assert_int_equal(s->nlines, 2);
  assert_int_equal(s->lines[0].cmd.kind, MURK_CMD_DEPLOY);
  assert_int_equal(s->lines[1].side, MURK_DEFENDER);
  assert_int_equal(s->lines[1].line, 2);

  char* out = format_ok(s);
  const char* want =
      "# murk-save: 2\n"
      "# mission: m.yaml\n"
      "# mission-hash: 0000000000000abc\n"
      "# seed: 3\n"
      "attacker: deploy 1 at 02,03\n"
      "defender: end\n";
  assert_string_equal(out, want);

  /* ... and parsing that gives the same script. */
  struct murk_script* back = parse_ok(out);
  assert_int_equal(back->version, s->version);
  assert_string_equal(back->mission, s->mission);
  assert_true(back->mission_hash == s->mission_hash);
  assert_true(back->seed == s->seed);
  assert_int_equal(back->nlines, s->nlines);
  for (size_t i = 0; i < s->nlines; i++) {
    assert_int_equal(back->lines[i].side, s->lines[i].side);
    assert_string_equal(back->lines[i].text, s->lines[i].text);
    assert_memory_equal(&back->lines[i].cmd, &s->lines[i].cmd, sizeof s->lines[i].cmd);
  }
  murk_script_free(back);
  murk_free(out);

  /* A mission path with a line break could forge headers: refused. */
  murk_free(s->mission);
  s->mission = murk_strdup("m.yaml\n# seed: 9");
  out = (char*)s;
  assert_int_equal(murk_script_format(s, &out, NULL), MURK_EINVAL);
  assert_null(out);
  murk_script_free(s);
}

/* Apply a script's lines to a game as a run does (asserted side, else the side to act);
 * returns how many were applied before the first rejection. */
static size_t apply_lines(struct murk_game* g, const struct murk_script* s) {
  for (size_t i = 0; i < s->nlines; i++) {
    const struct murk_script_line* l = &s->lines[i];
    if (l->status != MURK_OK) return i;
    enum murk_side side = l->side != MURK_NO_SIDE ? l->side : murk_game_to_act(g);
    char reason[200];
    if (murk_game_apply(g, side, &l->cmd, reason, sizeof reason) != MURK_OK) return i;
  }
  return s->nlines;
}

/* A save of a real game holds its mission, hash, seed and exactly the applied commands
 * with their sides; replaying it gives the same events. */
/* The mission's text comes back byte for byte: a last line without its line break, blank
 * lines, carriage returns and lines that look like headers or commands. */
static void test_mission_text_round_trip(void** state) {
  (void)state;
  static const char* const texts[] = {
      "",
      "\n",
      "id: x\n",
      "id: x",
      "a\n\n\nb\n",
      "a\r\nb\r\n",
      "# seed: 4\n end\n#| x\n\n",
      " lead\n\ttab\n\r",
  };
  for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
    struct murk_script* s = murk_script_new();
    assert_non_null(s);
    s->version = MURK_SAVE_VERSION;
    s->mission = murk_strdup("m.yaml");
    s->mission_id = murk_strdup("m");
    s->mission_text_len = strlen(texts[i]);
    s->mission_text = murk_strdup(texts[i]);
    s->has_seed = true;
    assert_int_equal(murk_script_add(s, MURK_ATTACKER, "end"), MURK_OK);
    char* out = NULL;
    size_t len = 0;
    assert_int_equal(murk_script_format(s, &out, &len), MURK_OK);
    struct murk_script* back = parse_ok(out);
    assert_string_equal(back->mission_id, "m");
    assert_non_null(back->mission_text);
    assert_int_equal(back->mission_text_len, strlen(texts[i]));
    assert_memory_equal(back->mission_text, texts[i], strlen(texts[i]));
    assert_int_equal(back->nlines, 1);
    murk_script_free(back);
    murk_free(out);
    murk_script_free(s);
  }
  /* A length that does not match the lines is damage, said at the header's line. */
  struct murk_diags d;
  murk_diags_init(&d, "bad.txt");
  struct murk_script* s = NULL;
  const char* t = "# seed: 1\n# mission-text: 9 bytes\n#| id: x\nend\n";
  assert_int_equal(murk_script_parse(t, strlen(t), &s, &d), MURK_EINVAL);
  expect_diag(&d, 0, "bad.txt:2:1: error: the mission's text below this line has 6 bytes");
}

static void test_save_of_a_game_replays(void** state) {
  (void)state;
  const char* path = MURK_SOURCE_DIR "/data/missions/luneville.yaml"; /* as the save names it */
  struct murk_mission* m = load_bundled("luneville");

  const char* script =
      "objective at 18,01\n"
      "objective at 26,02\n"
      "defender: objective at 12,22\n"
      "objective at 20,23\n"
      "reserve 6\n"
      "end\n"
      "end\n"
      "deploy 2 at 16,20\n"
      "deploy 2 at 21,03\n"
      "spot\n" /* rejected: not in deployment */
      "deploy 3 at 12,20\n";
  struct murk_script* s = parse_ok(script);
  struct murk_game* g = NULL;
  assert_int_equal(murk_game_new(m, 7, &g), MURK_OK);
  assert_int_equal(apply_lines(g, s), 9);
  murk_script_free(s);

  char* text = NULL;
  size_t len = 0;
  assert_int_equal(murk_save_game(g, &text, &len), MURK_OK);
  assert_int_equal(strlen(text), len);
  struct murk_script* save = parse_ok(text);
  assert_int_equal(save->version, MURK_SAVE_VERSION);
  assert_string_equal(save->mission, path);
  assert_true(save->has_hash);
  assert_true(save->mission_hash == m->hash);
  assert_true(save->has_seed);
  assert_true(save->seed == 7);
  assert_int_equal(save->nlines, murk_game_log_count(g));
  assert_int_equal(save->nlines, 9);
  for (size_t i = 0; i < save->nlines; i++) {
    assert_int_equal(save->lines[i].status, MURK_OK);
    assert_int_equal(save->lines[i].side, murk_game_log_side(g, i));
    assert_string_equal(save->lines[i].text, murk_game_log_line(g, i));
  }
  assert_non_null(strstr(text, "\ndefender: objective at 12,22\n"));
  assert_non_null(strstr(text, "\ndefender: deploy 2 at 21,03\n"));
  assert_null(strstr(text, ": spot\n")); /* the refused command is not kept */
  /* The mission travels with the save: its id and every byte of its file. */
  assert_string_equal(save->mission_id, "luneville");
  assert_int_equal(save->mission_text_len, m->text_len);
  assert_memory_equal(save->mission_text, m->text, m->text_len);
  assert_int_equal(murk_save_check_chain(text, len, true, NULL), MURK_OK);

  /* The replay: same seed, the save's lines, the same events. */
  struct murk_game* r = NULL;
  assert_int_equal(murk_game_new(m, save->seed, &r), MURK_OK);
  assert_int_equal(apply_lines(r, save), save->nlines);
  assert_int_equal(mk_game_event_count(r), mk_game_event_count(g));
  for (size_t i = 0; i < mk_game_event_count(g); i++)
    assert_string_equal(mk_game_event(r, i)->text, mk_game_event(g, i)->text);

  /* The journal (murk run --autosave): records appended after the save, each with its
   * chain line; every chain line is checked; a torn last record is dropped, more than one
   * is damage; the records parse as the save's next lines. */
  struct murk_chain c;
  murk_save_chain_start(&c, text, len);
  size_t jcap = len + 3 * 200, jlen = len;
  char* j = murk_malloc(jcap);
  assert_non_null(j);
  memcpy(j, text, len);
  size_t rec_at[3];
  static const char* const cmds[3] = {"end", "deploy 2 at 12,05", "move T3 to 05,20"};
  for (int i = 0; i < 3; i++) {
    char rec[256];
    int n = murk_save_journal_record(&c, i == 1 ? MURK_DEFENDER : MURK_ATTACKER, cmds[i], rec,
                                     sizeof rec);
    assert_true(n > 0 && (size_t)n == strlen(rec));
    assert_int_equal(strncmp(rec + strcspn(rec, "\n") + 1, "# chain: ", 9), 0);
    rec_at[i] = jlen;
    memcpy(j + jlen, rec, (size_t)n);
    jlen += (size_t)n;
  }
  j[jlen] = '\0';
  char small[40];
  assert_int_equal(murk_save_journal_record(&c, MURK_ATTACKER, "end", small, sizeof small),
                   MURK_ENOSPACE);
  assert_int_equal(murk_save_journal_record(&c, MURK_ATTACKER, "en\nd", small, sizeof small),
                   MURK_EINVAL);
  assert_int_equal(murk_save_check_chain(j, jlen, true, NULL), MURK_OK);
  assert_int_equal(murk_save_journal_whole(j, jlen), jlen);
  struct murk_script* js = parse_ok(j);
  assert_int_equal(js->nlines, save->nlines + 3);
  assert_string_equal(js->lines[save->nlines + 1].text, "deploy 2 at 12,05");
  assert_int_equal(js->lines[save->nlines + 1].side, MURK_DEFENDER);
  murk_script_free(js);
  /* Every cut inside the last record: that record is dropped, the rest checks. */
  for (size_t cut = rec_at[2] + 1; cut < jlen; cut++) {
    assert_int_equal(murk_save_journal_whole(j, cut), rec_at[2]);
    assert_int_equal(murk_save_check_chain(j, rec_at[2], true, NULL), MURK_OK);
  }
  assert_int_equal(murk_save_journal_whole(j, rec_at[2]), rec_at[2]);
  /* Damage before a torn last record is still found by the chain. */
  char* two = murk_malloc(jlen);
  assert_non_null(two);
  size_t tl = jlen - 1; /* the last record torn */
  memcpy(two, j, tl);
  two[rec_at[1] + 5] ^= 1; /* and a byte changed in the record before */
  assert_int_equal(murk_save_check_chain(two, murk_save_journal_whole(two, tl), true, NULL),
                   MURK_EINVAL);
  /* A changed byte in an earlier record breaks its chain line. */
  j[rec_at[0] + 2] ^= 1;
  assert_int_equal(murk_save_check_chain(j, jlen, true, NULL), MURK_EINVAL);
  murk_free(two);
  murk_free(j);

  murk_game_free(r);
  murk_script_free(save);
  murk_free(text);
  murk_game_free(g);
  murk_mission_free(m);
}

/* A live game (secret dice from a 256-bit key): its save holds the key, not a seed, and
 * replays to the same events; undo rebuilds it with the same dice; another key gives
 * other dice. */
static void test_keyed_game(void** state) {
  (void)state;
  struct murk_mission* m = load_bundled("luneville");
  unsigned char key[MURK_DICE_KEY_BYTES];
  for (int i = 0; i < MURK_DICE_KEY_BYTES; i++) key[i] = (unsigned char)(i * 7 + 1);
  struct murk_game* g = NULL;
  assert_int_equal(murk_game_new_keyed(m, key, &g), MURK_OK);
  assert_non_null(murk_game_dice_key(g));
  assert_memory_equal(murk_game_dice_key(g), key, sizeof key);
  struct murk_script* s = parse_ok("objective at 18,01\nobjective at 26,02\n");
  assert_int_equal(apply_lines(g, s), 2);
  murk_script_free(s);

  char* text = NULL;
  size_t len = 0;
  assert_int_equal(murk_save_game(g, &text, &len), MURK_OK);
  assert_null(strstr(text, "# seed:"));
  assert_non_null(strstr(text, "# dice-key: 0108"));
  struct murk_script* save = parse_ok(text);
  assert_true(save->has_key);
  assert_false(save->has_seed);
  assert_memory_equal(save->key, key, sizeof key);
  struct murk_game* r = NULL;
  assert_int_equal(murk_game_new_keyed(m, save->key, &r), MURK_OK);
  assert_int_equal(apply_lines(r, save), save->nlines);
  assert_int_equal(mk_game_event_count(r), mk_game_event_count(g));
  for (size_t i = 0; i < mk_game_event_count(g); i++)
    assert_string_equal(mk_game_event(r, i)->text, mk_game_event(g, i)->text);
  /* Undo rebuilds from the key: the same events as before the command. */
  size_t before = mk_game_event_count(g);
  char why[200];
  if (murk_game_undoable(g) > 0) {
    assert_int_equal(murk_game_undo(g, why, sizeof why), MURK_OK);
    assert_true(mk_game_event_count(g) < before);
    assert_non_null(murk_game_dice_key(g));
  }
  /* A numbered game has no key. */
  struct murk_game* n = NULL;
  assert_int_equal(murk_game_new(m, 7, &n), MURK_OK);
  assert_null(murk_game_dice_key(n));
  murk_game_free(n);
  murk_game_free(r);
  murk_script_free(save);
  murk_free(text);
  murk_game_free(g);
  murk_mission_free(m);
}

/* Seats (who plays each side) go into a save and come back, and survive an undo; a game
 * without them (a script's) writes no seats line; a bad seats line is said where it is. */
static void test_seats(void** state) {
  (void)state;
  struct murk_mission* m = load_bundled("luneville");
  struct murk_game* g = NULL;
  assert_int_equal(murk_game_new(m, 7, &g), MURK_OK);
  char* text = NULL;
  size_t len = 0;
  assert_int_equal(murk_save_game(g, &text, &len), MURK_OK);
  assert_null(strstr(text, "# seats:"));
  struct murk_script* save = parse_ok(text);
  assert_false(save->has_seats);
  murk_script_free(save);
  murk_free(text);

  assert_int_equal(murk_game_seat(g, MURK_ATTACKER), MURK_SEAT_NONE);
  murk_game_set_seat(g, MURK_ATTACKER, MURK_SEAT_HUMAN);
  murk_game_set_seat(g, MURK_DEFENDER, MURK_SEAT_COMPUTER);
  struct murk_script* s = parse_ok(
      "objective at 18,01\nobjective at 26,02\nobjective at 12,22\nobjective at 20,23\n"
      "reserve 6\n");
  assert_int_equal(apply_lines(g, s), 5);
  murk_script_free(s);
  char why[200];
  assert_true(murk_game_undoable(g) > 0);
  assert_int_equal(murk_game_undo(g, why, sizeof why), MURK_OK);
  assert_int_equal(murk_game_seat(g, MURK_DEFENDER), MURK_SEAT_COMPUTER); /* kept */
  assert_int_equal(murk_save_game(g, &text, &len), MURK_OK);
  assert_non_null(strstr(text, "\n# seats: attacker=human defender=computer\n"));
  save = parse_ok(text);
  assert_true(save->has_seats);
  assert_int_equal(save->seat[MURK_ATTACKER], MURK_SEAT_HUMAN);
  assert_int_equal(save->seat[MURK_DEFENDER], MURK_SEAT_COMPUTER);
  assert_int_equal(save->nlines, 4);
  /* Written back the same. */
  char* again = NULL;
  size_t alen = 0;
  assert_int_equal(murk_script_format(save, &again, &alen), MURK_OK);
  assert_non_null(strstr(again, "# seats: attacker=human defender=computer\n"));
  murk_free(again);
  murk_script_free(save);
  murk_free(text);

  s = parse_ok("# seats: attacker=remote defender=remote\n");
  assert_int_equal(s->seat[MURK_ATTACKER], MURK_SEAT_REMOTE);
  assert_int_equal(s->seat[MURK_DEFENDER], MURK_SEAT_REMOTE);
  assert_int_equal(s->level, MURK_LEVEL_NORMAL);
  murk_script_free(s);
  /* The computer's level after the seats, written only when not normal. */
  s = parse_ok("# seats: attacker=computer defender=human level=easy\n");
  assert_int_equal(s->seat[MURK_ATTACKER], MURK_SEAT_COMPUTER);
  assert_int_equal(s->level, MURK_LEVEL_EASY);
  assert_int_equal(murk_script_format(s, &again, &alen), MURK_OK);
  assert_non_null(strstr(again, "# seats: attacker=computer defender=human level=easy\n"));
  murk_free(again);
  s->level = MURK_LEVEL_NORMAL;
  assert_int_equal(murk_script_format(s, &again, &alen), MURK_OK);
  assert_non_null(strstr(again, "# seats: attacker=computer defender=human\n"));
  murk_free(again);
  murk_script_free(s);
  assert_string_equal(murk_level_name(MURK_LEVEL_EASY), "easy");
  assert_int_equal(murk_level_parse("normal", 6), MURK_LEVEL_NORMAL);
  assert_int_equal(murk_level_parse("hard", 4), -1);
  static const char* const bad[] = {"# seats: attacker=human\n",
                                    "# seats: defender=human attacker=human\n",
                                    "# seats: attacker=robot defender=human\n",
                                    "# seats: attacker=human defender=human x\n",
                                    "# seats: attacker=human defender=computer level=hard\n",
                                    "# seats:\n"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    struct murk_diags d = parse_bad(bad[i], strlen(bad[i]));
    expect_diag(&d, 0, "bad.txt:1:");
    expect_diag(&d, 0, "'seats' must say who plays each side");
  }
  assert_string_equal(murk_seat_name(MURK_SEAT_COMPUTER), "computer");
  assert_int_equal(murk_seat_parse("human", 5), MURK_SEAT_HUMAN);
  assert_int_equal(murk_seat_parse("humans", 6), MURK_SEAT_NONE);
  assert_int_equal(murk_seat_parse("none", 4), MURK_SEAT_NONE);
  murk_game_free(g);
  murk_mission_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_keyed_game),
      cmocka_unit_test(test_seats),
      cmocka_unit_test(test_save_headers_and_lines),
      cmocka_unit_test(test_script_comments_blanks_and_sides),
      cmocka_unit_test(test_bad_command_lines_are_kept),
      cmocka_unit_test(test_header_errors),
      cmocka_unit_test(test_limits_and_edges),
      cmocka_unit_test(test_build_and_format),
      cmocka_unit_test(test_mission_text_round_trip),
      cmocka_unit_test(test_save_of_a_game_replays),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
