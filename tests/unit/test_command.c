/* test_command.c: the command language - every verb, handles, case, comments, errors with
 * their columns, and format/parse round trips. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "murk/command.h"
#include "murk/error.h"
#include "murk/text.h"

static struct murk_command parse_ok(const char* line) {
  struct murk_command c;
  char err[200];
  int col = -1;
  memset(&c, 0xab, sizeof c);
  int rc = murk_command_parse(line, &c, err, sizeof err, &col);
  if (rc != 1) fail_msg("'%s' did not parse: %s (col %d)", line, err, col);
  return c;
}

/* Parse a bad line; check the column and that the message contains `want`. */
static void parse_bad(const char* line, int want_col, const char* want) {
  struct murk_command c;
  char err[200];
  int col = -1;
  int rc = murk_command_parse(line, &c, err, sizeof err, &col);
  if (rc != MURK_EINVAL) fail_msg("'%s' was accepted (rc %d)", line, rc);
  if (!strstr(err, want)) fail_msg("'%s': message '%s' lacks '%s'", line, err, want);
  if (col != want_col) fail_msg("'%s': column %d, want %d (%s)", line, col, want_col, err);
}

static void test_verbs_and_usage(void** state) {
  (void)state;
  assert_string_equal(murk_command_verb(MURK_CMD_MOVE), "move");
  assert_string_equal(murk_command_verb(MURK_CMD_END), "end");
  assert_string_equal(murk_command_verb(MURK_CMD_COUNT), "?");
  assert_string_equal(murk_command_usage(MURK_CMD_MOVE), "move N|Tn to X,Y [via X,Y ...]");
  assert_string_equal(murk_command_usage((enum murk_command_kind) - 1), "?");
}

static void test_each_verb(void** state) {
  (void)state;
  struct murk_command c = parse_ok("objective at 12,07");
  assert_int_equal(c.kind, MURK_CMD_OBJECTIVE);
  assert_int_equal(c.at.x, 12);
  assert_int_equal(c.at.y, 7);
  assert_int_equal(c.unit.kind, MURK_REF_NONE);

  c = parse_ok("reserve 4");
  assert_int_equal(c.kind, MURK_CMD_RESERVE);
  assert_int_equal(c.unit.kind, MURK_REF_OWN);
  assert_int_equal(c.unit.n, 4);
  assert_int_equal(c.reserve, MURK_RESERVE_DEFAULT);
  assert_int_equal(parse_ok("reserve 4 delayed").reserve, MURK_RESERVE_DELAYED);
  assert_int_equal(parse_ok("reserve 4 scattered").reserve, MURK_RESERVE_SCATTERED);
  assert_int_equal(parse_ok("reserve 4 mobile").reserve, MURK_RESERVE_MOBILE);

  c = parse_ok("deploy 2 at 05,20");
  assert_int_equal(c.kind, MURK_CMD_DEPLOY);
  assert_int_equal(c.unit.kind, MURK_REF_OWN);
  assert_int_equal(c.unit.n, 2);
  assert_int_equal(c.at.x, 5);
  assert_int_equal(c.at.y, 20);
  c = parse_ok("deploy dummy at 7,21");
  assert_int_equal(c.unit.kind, MURK_REF_DUMMY);
  assert_int_equal(c.unit.n, 0);

  /* An own revealed platoon by the handle its roster shows. */
  c = parse_ok("move P3 to 07,18");
  assert_int_equal(c.unit.kind, MURK_REF_PLATOON);
  assert_int_equal(c.unit.n, 3);
  c = parse_ok("move 2 to 07,18");
  assert_int_equal(c.kind, MURK_CMD_MOVE);
  assert_int_equal(c.unit.kind, MURK_REF_OWN);
  assert_int_equal(c.at.x, 7);
  assert_int_equal(c.at.y, 18);
  assert_int_equal(c.nvia, 0);
  c = parse_ok("move T3 to 10,10 via 4,4 6,5 8,8");
  assert_int_equal(c.unit.kind, MURK_REF_MARKER);
  assert_int_equal(c.unit.n, 3);
  assert_int_equal(c.nvia, 3);
  assert_int_equal(c.via[0].x, 4);
  assert_int_equal(c.via[1].y, 5);
  assert_int_equal(c.via[2].x, 8);
  /* A repeated "via" between waypoints is the same command. */
  c = parse_ok("move T3 to 10,10 via 4,4 via 6,5");
  assert_int_equal(c.nvia, 2);
  assert_int_equal(c.via[1].x, 6);

  c = parse_ok("reveal 3");
  assert_int_equal(c.kind, MURK_CMD_REVEAL);
  assert_int_equal(c.unit.n, 3);
  assert_int_equal(parse_ok("reveal T12").unit.kind, MURK_REF_MARKER);

  assert_int_equal(parse_ok("spot").kind, MURK_CMD_SPOT);
  assert_int_equal(parse_ok("end").kind, MURK_CMD_END);

  c = parse_ok("shoot 3 at P7");
  assert_int_equal(c.kind, MURK_CMD_SHOOT);
  assert_int_equal(c.unit.kind, MURK_REF_OWN);
  assert_int_equal(c.target.kind, MURK_REF_PLATOON);
  assert_int_equal(c.target.n, 7);
  c = parse_ok("assault T2 at T4");
  assert_int_equal(c.kind, MURK_CMD_ASSAULT);
  assert_int_equal(c.unit.kind, MURK_REF_MARKER);
  assert_int_equal(c.target.kind, MURK_REF_MARKER);
  assert_int_equal(c.target.n, 4);
}

static void test_case_blanks_comments(void** state) {
  (void)state;
  struct murk_command c = parse_ok("  MOVE t3 TO 5,5 VIA 1,1\t# around the wood");
  assert_int_equal(c.kind, MURK_CMD_MOVE);
  assert_int_equal(c.unit.kind, MURK_REF_MARKER);
  assert_int_equal(c.nvia, 1);
  c = parse_ok("Shoot 2 At p7");
  assert_int_equal(c.target.kind, MURK_REF_PLATOON);
  assert_int_equal(parse_ok("Deploy DUMMY at 1,1").unit.kind, MURK_REF_DUMMY);
  assert_int_equal(parse_ok("reserve 1 DELAYED").reserve, MURK_RESERVE_DELAYED);
  assert_int_equal(parse_ok("end#no space before the comment").kind, MURK_CMD_END);
  assert_int_equal(parse_ok("end\r\n").kind, MURK_CMD_END);
  /* "12, 07" as people write it. */
  c = parse_ok("deploy 1 at 12, 07");
  assert_int_equal(c.at.x, 12);
  assert_int_equal(c.at.y, 7);

  struct murk_command untouched;
  memset(&untouched, 0x5a, sizeof untouched);
  c = untouched;
  const char* empty[] = {"", "   ", "\t", "# a comment", "   # indented comment", "\n"};
  for (size_t i = 0; i < sizeof empty / sizeof empty[0]; i++) {
    char err[64] = "x";
    int col = 9;
    assert_int_equal(murk_command_parse(empty[i], &c, err, sizeof err, &col), 0);
    assert_memory_equal(&c, &untouched, sizeof c);
    assert_string_equal(err, "");
    assert_int_equal(col, 0);
  }
  assert_int_equal(murk_command_parse(NULL, &c, NULL, 0, NULL), 0);
}

static void test_errors_and_columns(void** state) {
  (void)state;
  parse_bad("mvoe 3 to 5,5", 1, "unknown command 'mvoe' (did you mean 'move'?)");
  parse_bad("  delpoy 1 at 1,1", 3, "did you mean 'deploy'?");
  parse_bad("xyzzy", 1, "unknown command 'xyzzy' (commands: objective, reserve,");
  parse_bad("move 3 5,5", 8, "expected 'to' after the unit");
  parse_bad("move 3", 7, "expected 'to' after the unit");
  parse_bad("move 3 to", 10, "expected a position like 12,07 after 'to'");
  parse_bad("move 3 to   # later", 10, "expected a position like 12,07");
  parse_bad("deploy 3 at 5", 13, "expected a position like 12,07, got '5'");
  parse_bad("deploy 3 at a,b", 13, "expected a position like 12,07");
  parse_bad("objective 3,4", 11, "expected 'at' after 'objective'");
  parse_bad("move", 5, "expected a platoon number or marker (3 or T3) after 'move'");
  parse_bad("reserve", 8, "expected a platoon number after 'reserve'");
  parse_bad("deploy at 1,1", 8, "expected a platoon number or 'dummy', got 'at'");
  parse_bad("deploy T3 at 1,1", 8, "expected a platoon number or 'dummy'");
  parse_bad("reserve T3", 9, "roster number");
  parse_bad("reserve 3 fast", 11, "unknown reserve kind 'fast'");
  parse_bad("move Q3 to 1,1", 6, "expected a platoon number or marker, like 3 or T3");
  parse_bad("move T to 1,1", 6, "expected a platoon number or marker");
  parse_bad("move 3x to 1,1", 6, "expected a platoon number or marker");
  parse_bad("move 0 to 1,1", 6, "platoon numbers start at 1");
  parse_bad("move T0 to 1,1", 6, "marker numbers start at 1");
  parse_bad("move T123456789012 to 1,1", 6, "too large");
  parse_bad("shoot 3 at 5", 12, "name the target by the handle your map shows (T5 or P5)");
  parse_bad("shoot 3 P5", 9, "expected 'at' after the unit, got 'P5'");
  parse_bad("shoot 3 at", 11, "expected a target like T5 or P5 after 'at'");
  parse_bad("assault 3 at dummy", 14, "expected a target like T5 or P5");
  parse_bad("end now", 5, "unexpected 'now' (usage: end");
  parse_bad("spot 3", 6, "unexpected '3' (usage: spot)");
  parse_bad("reveal 3 4", 10, "unexpected '4'");
  parse_bad("move 3 to 1,1 via", 18, "expected a position like 12,07 after 'via'");
  parse_bad("move 3 to 1,1 via 2,2 oops", 23, "expected a position like 12,07, got 'oops'");
  parse_bad("move 3 to 1,1 via 1,1 2,2 3,3 4,4 5,5 6,6 7,7 8,8 9,9", 51,
            "too many waypoints (at most 8)");
  /* Long words are cut in messages. */
  parse_bad("abcdefghijklmnopqrstuvwxyz0123456789", 1, "'abcdefghijklmnopqrstuvwx...'");

  /* err and errcol may be NULL; the message is cut to the buffer. */
  struct murk_command c;
  assert_int_equal(murk_command_parse("mvoe", &c, NULL, 0, NULL), MURK_EINVAL);
  char small[8];
  assert_int_equal(murk_command_parse("mvoe", &c, small, sizeof small, NULL), MURK_EINVAL);
  assert_string_equal(small, "unknown");
}

static void test_short_verbs_not_overmatched(void** state) {
  (void)state;
  char err[200];
  struct murk_command c;
  /* "and" is one letter from "end": suggested. "bed" is two letters off: not. */
  assert_int_equal(murk_command_parse("and", &c, err, sizeof err, NULL), MURK_EINVAL);
  assert_non_null(strstr(err, "did you mean 'end'?"));
  assert_int_equal(murk_command_parse("bad", &c, err, sizeof err, NULL), MURK_EINVAL);
  assert_null(strstr(err, "did you mean"));
}

/* Canonical text for each input, and the canonical text parses back to the same struct. */
static void test_format_canonical(void** state) {
  (void)state;
  static const char* const cases[][2] = {
      {"objective at 12,7", "objective at 12,07"},
      {"RESERVE 4", "reserve 4"},
      {"reserve 4 Mobile", "reserve 4 mobile"},
      {"deploy 2 at 5,20", "deploy 2 at 05,20"},
      {"deploy Dummy at 5,20", "deploy dummy at 05,20"},
      {"move t3 to 10,10 via 4,4 via 6,5", "move T3 to 10,10 via 04,04 06,05"},
      {"move 1 to 100,3", "move 1 to 100,03"},
      {"reveal 3", "reveal 3"},
      {"reveal t3", "reveal T3"},
      {"spot  # now", "spot"},
      {"shoot 3 at p7", "shoot 3 at P7"},
      {"assault T2 at t4", "assault T2 at T4"},
      {"  end  ", "end"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct murk_command c = parse_ok(cases[i][0]);
    char buf[200];
    assert_int_equal(murk_command_format(&c, buf, sizeof buf), MURK_OK);
    assert_string_equal(buf, cases[i][1]);
    struct murk_command back = parse_ok(buf);
    assert_memory_equal(&back, &c, sizeof c);
  }
}

/* Every shape the grammar has, built as structs: format then parse gives the struct back. */
static void test_round_trip_structs(void** state) {
  (void)state;
  int count = 0;
  for (int k = 0; k < MURK_CMD_COUNT; k++) {
    for (int variant = 0; variant < 24; variant++) {
      struct murk_command c;
      memset(&c, 0, sizeof c);
      c.kind = (enum murk_command_kind)k;
      int v = variant;
      switch (c.kind) {
        case MURK_CMD_OBJECTIVE:
          c.at = (struct murk_pos){v, 23 - v};
          break;
        case MURK_CMD_RESERVE:
          c.unit = (struct murk_ref){MURK_REF_OWN, v + 1};
          c.reserve = (enum murk_reserve_kind)(v % 6);
          break;
        case MURK_CMD_ARRIVE:
        case MURK_CMD_PATROL:
          c.unit = (struct murk_ref){MURK_REF_OWN, v + 1};
          c.at = (struct murk_pos){v, 2 * v};
          break;
        case MURK_CMD_AMBUSH:
          /* Held back (no position: -1,-1) or sprung at a cell. */
          c.unit = (struct murk_ref){MURK_REF_OWN, v + 1};
          c.at = v % 2 ? (struct murk_pos){-1, -1} : (struct murk_pos){v, 3};
          break;
        case MURK_CMD_RECCE:
        case MURK_CMD_STARSHELL:
        case MURK_CMD_ILLUMINATE:
          c.unit = (struct murk_ref){v % 2 ? MURK_REF_MARKER : MURK_REF_OWN, v + 1};
          c.at = (struct murk_pos){v + 2, v};
          break;
        case MURK_CMD_REMOVE: { /* a number, words, the longest name a mission may give */
          char name[MURK_CMD_NAME];
          if (v % 3 == 0)
            snprintf(name, sizeof name, "%d", v + 1);
          else if (v % 3 == 1)
            snprintf(name, sizeof name, "the Old Mill %d", v);
          else
            snprintf(name, sizeof name, "%.*s", MURK_CMD_NAME - 1,
                     "a-very-long-objective-name-that-fills-all-room-there-is");
          assert_int_equal(murk_command_remove_objective(&c, name), MURK_OK);
          break;
        }
        case MURK_CMD_DEPLOY:
          c.unit =
              v % 3 ? (struct murk_ref){MURK_REF_OWN, v} : (struct murk_ref){MURK_REF_DUMMY, 0};
          if (c.unit.kind == MURK_REF_OWN && c.unit.n == 0) c.unit.n = 40;
          c.at = (struct murk_pos){35 - v, v};
          break;
        case MURK_CMD_MOVE:
          c.unit = (struct murk_ref){v % 2 ? MURK_REF_MARKER : MURK_REF_OWN, v + 1};
          c.at = (struct murk_pos){v, v};
          c.nvia = v % (MURK_CMD_MAX_WAYPOINTS + 1);
          for (int w = 0; w < c.nvia; w++) c.via[w] = (struct murk_pos){w * 3, v + w};
          break;
        case MURK_CMD_DIS:
          c.unit = (struct murk_ref){v % 2 ? MURK_REF_MARKER : MURK_REF_OWN, v + 1};
          c.at = (struct murk_pos){v, v + 1};
          c.at2 = (struct murk_pos){v + 2, v};
          break;
        case MURK_CMD_ADJUST:
          c.unit = (struct murk_ref){v % 2 ? MURK_REF_MARKER : MURK_REF_OWN, v + 1};
          c.at = (struct murk_pos){v + 1, v};
          break;
        case MURK_CMD_REVEAL:
        case MURK_CMD_WITHDRAW:
          c.unit = (struct murk_ref){v % 2 ? MURK_REF_MARKER : MURK_REF_OWN, 9999 - v};
          break;
        case MURK_CMD_PLACE: /* own number, template or platoon, with cells or none */
          c.unit = (struct murk_ref){v % 3 == 0   ? MURK_REF_OWN
                                     : v % 3 == 1 ? MURK_REF_MARKER
                                                  : MURK_REF_PLATOON,
                                     v + 1};
          c.nvia = v % (MURK_CMD_MAX_WAYPOINTS + 1);
          for (int w = 0; w < c.nvia; w++) c.via[w] = (struct murk_pos){v + w, w * 2};
          break;
        case MURK_CMD_TEMPLATE:
          c.at = (struct murk_pos){v, 23 - v};
          break;
        case MURK_CMD_PUT: /* own number or dummy, at an own template */
          c.unit =
              v % 3 ? (struct murk_ref){MURK_REF_OWN, v} : (struct murk_ref){MURK_REF_DUMMY, 0};
          c.target = (struct murk_ref){MURK_REF_MARKER, v + 1};
          break;
        case MURK_CMD_SHOOT:
        case MURK_CMD_ASSAULT:
          c.unit = (struct murk_ref){v % 2 ? MURK_REF_MARKER : MURK_REF_OWN, v + 1};
          c.target = (struct murk_ref){v % 3 ? MURK_REF_PLATOON : MURK_REF_MARKER, 2 * v + 1};
          break;
        default:
          break;
      }
      char buf[200];
      assert_int_equal(murk_command_format(&c, buf, sizeof buf), MURK_OK);
      struct murk_command back = parse_ok(buf);
      if (memcmp(&back, &c, sizeof c) != 0) fail_msg("round trip changed '%s'", buf);
      count++;
    }
  }
  assert_int_equal(count, MURK_CMD_COUNT * 24);
}

static void test_format_rejects_what_it_cannot_write(void** state) {
  (void)state;
  char buf[200];
  struct murk_command c;
  memset(&c, 0, sizeof c);

  c.kind = MURK_CMD_MOVE;
  c.unit = (struct murk_ref){MURK_REF_DUMMY, 0}; /* only deploy names a dummy */
  c.at = (struct murk_pos){1, 1};
  strcpy(buf, "junk");
  assert_int_equal(murk_command_format(&c, buf, sizeof buf), MURK_EINVAL);
  assert_string_equal(buf, "");

  c.unit = (struct murk_ref){MURK_REF_OWN, 0};
  assert_int_equal(murk_command_format(&c, buf, sizeof buf), MURK_EINVAL);
  c.unit = (struct murk_ref){MURK_REF_OWN, 3};
  c.nvia = MURK_CMD_MAX_WAYPOINTS + 1;
  assert_int_equal(murk_command_format(&c, buf, sizeof buf), MURK_EINVAL);
  c.nvia = 0;
  c.at = (struct murk_pos){-1, 2};
  assert_int_equal(murk_command_format(&c, buf, sizeof buf), MURK_EINVAL);

  c.kind = MURK_CMD_SHOOT;
  c.target = (struct murk_ref){MURK_REF_OWN, 2}; /* enemies only by handle */
  assert_int_equal(murk_command_format(&c, buf, sizeof buf), MURK_EINVAL);

  c.kind = MURK_CMD_RESERVE;
  c.reserve = (enum murk_reserve_kind)7;
  assert_int_equal(murk_command_format(&c, buf, sizeof buf), MURK_EINVAL);

  c.kind = (enum murk_command_kind)MURK_CMD_COUNT;
  assert_int_equal(murk_command_format(&c, buf, sizeof buf), MURK_EINVAL);
  assert_int_equal(murk_command_format(NULL, buf, sizeof buf), MURK_EINVAL);

  /* Truncation is reported and the buffer stays terminated. */
  c = parse_ok("move T3 to 10,10 via 4,4");
  char small[10];
  assert_int_equal(murk_command_format(&c, small, sizeof small), MURK_ENOSPACE);
  assert_string_equal(small, "move T3 t");
}

/* `remove objective NAME`: the rest of the line, blanks between words one space, a comment
 * left out; the players' and the TUI's constructor gives the very command the line does. */
static void test_remove_objective_names(void** state) {
  (void)state;
  struct murk_command c = parse_ok("remove objective 2");
  assert_int_equal(c.kind, MURK_CMD_REMOVE);
  assert_string_equal(c.name, "2");
  c = parse_ok("  Remove  OBJECTIVE   the \t Old  Mill   # the defender's choice");
  assert_string_equal(c.name, "the Old Mill");
  struct murk_command built;
  assert_int_equal(murk_command_remove_objective(&built, "  the Old\tMill "), MURK_OK);
  assert_memory_equal(&built, &c, sizeof c);
  char buf[200];
  assert_int_equal(murk_command_format(&built, buf, sizeof buf), MURK_OK);
  assert_string_equal(buf, "remove objective the Old Mill");

  parse_bad("remove objective", 17, "expected a name after 'remove objective'");
  parse_bad("remove objective # none", 17, "expected a name after 'remove objective'");
  parse_bad("remove 2", 8, "expected 'objective' after 'remove'");
  char line[200];
  snprintf(line, sizeof line, "remove objective %.*s", MURK_CMD_NAME,
           "a-very-long-objective-name-that-fills-all-room-there-is");
  parse_bad(line, 18, "starts no name an objective can have (at most 47 characters)");

  /* What no command line can hold is refused, not written as something else. */
  assert_int_equal(murk_command_remove_objective(&built, ""), MURK_EINVAL);
  assert_int_equal(murk_command_remove_objective(&built, "   "), MURK_EINVAL);
  assert_int_equal(murk_command_remove_objective(&built, "mill #2"), MURK_EINVAL);
  assert_int_equal(murk_command_remove_objective(&built, "bell\x07"), MURK_EINVAL);
  memset(&c, 0, sizeof c);
  c.kind = MURK_CMD_REMOVE;
  assert_int_equal(murk_command_format(&c, buf, sizeof buf), MURK_EINVAL); /* no name */
  snprintf(c.name, sizeof c.name, "old  mill");                            /* two blanks */
  assert_int_equal(murk_command_format(&c, buf, sizeof buf), MURK_EINVAL);
  snprintf(c.name, sizeof c.name, "mill #2");
  assert_int_equal(murk_command_format(&c, buf, sizeof buf), MURK_EINVAL);

  /* Names compare as commands write them, case aside. */
  assert_true(murk_text_name_eq("The  Old Mill", "the old mill"));
  assert_false(murk_text_name_eq("the old mill", "the old mil"));
  assert_false(murk_text_name_eq("", ""));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_verbs_and_usage),
      cmocka_unit_test(test_each_verb),
      cmocka_unit_test(test_case_blanks_comments),
      cmocka_unit_test(test_errors_and_columns),
      cmocka_unit_test(test_short_verbs_not_overmatched),
      cmocka_unit_test(test_format_canonical),
      cmocka_unit_test(test_round_trip_structs),
      cmocka_unit_test(test_format_rejects_what_it_cannot_write),
      cmocka_unit_test(test_remove_objective_names),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
