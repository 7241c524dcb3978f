/* test_game.c: game creation, setup phases, deployment, the turn and step structure, end
 * conditions, the command log, undo and determinism. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_support.h"

/* Standard deployment of the test field: T1..T6 (attacker odd, defender even). */
#define TF_DEPLOY          \
  "deploy 1 at 2,8\n"      \
  "deploy 1 at 2,2\n"      \
  "deploy 2 at 6,8\n"      \
  "deploy 2 at 9,2\n"      \
  "deploy dummy at 12,8\n" \
  "deploy dummy at 14,2\n" \
  "end\n"                  \
  "end"

static void test_new_game_starts_deployment(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 1);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_DEPLOY);
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  assert_int_equal(murk_game_turn(g), 0);
  assert_true(has_event(g, "setup: Test Field"));
  assert_true(has_event(g, "setup: deployment; the attacker deploys first"));
  assert_string_equal(murk_game_result(g), "");
  assert_int_equal(murk_game_log_count(g), 0);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_new_game_refuses_nonsense(void** st) {
  (void)st;
  struct murk_game* g = (struct murk_game*)&g;
  assert_int_equal(murk_game_new(NULL, 1, &g), MURK_EINVAL);
  assert_null(g);
  murk_game_free(NULL);
}

static void test_wrong_side_rejected(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 1);
  char why[200];
  size_t ne = mk_game_event_count(g);
  int rc = murk_game_apply_line(g, MURK_DEFENDER, "deploy 1 at 2,2", why, sizeof why, NULL);
  assert_int_equal(rc, MURK_EREJECTED);
  assert_string_equal(why, "it is the attacker's turn to act");
  assert_int_equal(mk_game_event_count(g), ne);
  assert_int_equal(murk_game_log_count(g), 0);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_deployment_rules(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 1);
  char why[200];
  bad_line(g, "deploy 1 at 2,2", why, sizeof why); /* defender half */
  assert_string_equal(why, "your deployment must be in the south half; 02,02 is not");
  refused(g, "deploy 1 at 20,8", "20,08 is off the table");
  refused(g, "deploy 3 at 2,8", "you have no platoon 3 (your platoons are 1 to 2)");
  ok_line(g, "deploy 1 at 2,8");
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  bad_line(g, "deploy 1 at 11,5", why, sizeof why); /* the stream */
  assert_string_equal(why, "your deployment cannot stand in the stream at 11,05");
  ok_line(g, "deploy 1 at 2,2");
  refused(g, "deploy 1 at 3,8", "platoon 1 (Alpha Lancers) is already deployed");
  refused(g, "deploy 2 at 2,8", "02,08 is taken: one marker or team a cell");
  refused(g, "end", "platoon 2 (Bravo Gunners) is not deployed yet: deploy it (deploy 2 at X,Y)");
  ok_line(g, "deploy dummy at 12,8");
  ok_line(g, "deploy dummy at 14,2");
  refused(g, "deploy dummy at 13,8", "you have no dummy templates left");
  ok_line(g, "deploy 2 at 6,8");
  ok_line(g, "deploy 2 at 9,2");
  ok_line(g, "end"); /* the attacker finishes first */
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_DEPLOY);
  ok_line(g, "end");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  assert_int_equal(murk_game_turn(g), 1);
  assert_int_equal(murk_game_step(g), MURK_STEP_MOVEMENT);
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  assert_int_equal(g->s.finished_deploying_first, MURK_ATTACKER);
  /* Templates T1.. in deployment order, one counter for both sides. */
  assert_int_equal(g->s.markers[0].number, 1);
  assert_int_equal(g->s.markers[0].owner, MURK_ATTACKER);
  assert_int_equal(g->s.markers[1].owner, MURK_DEFENDER);
  assert_int_equal(g->s.markers[2].unit, -1);
  assert_true(has_event(g, "attacker deploys template T1 at 02,08"));
  /* The secret number goes to its owner only. */
  for (size_t i = 0; i < mk_game_event_count(g); i++) {
    const struct murk_event* e = mk_game_event(g, i);
    if (strstr(e->text, "Alpha Lancers")) assert_int_equal(e->audience, MURK_AUD_ATTACKER);
    if (strstr(e->text, "is a dummy")) assert_int_not_equal(e->audience, MURK_AUD_ALL);
  }
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_turn_and_steps(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 1);
  ok_lines(g, TF_DEPLOY);
  assert_int_equal(murk_game_step(g), MURK_STEP_MOVEMENT);
  ok_line(g, "end");
  assert_int_equal(murk_game_step(g), MURK_STEP_SHOOTING);
  ok_line(g, "end");
  assert_int_equal(murk_game_step(g), MURK_STEP_ASSAULT);
  ok_line(g, "end");
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  assert_int_equal(murk_game_turn(g), 1);
  assert_int_equal(murk_game_step(g), MURK_STEP_MOVEMENT);
  assert_true(has_event(g, "hand-over to the defender"));
  assert_true(has_event(g, "turn 1: defender's starting step"));
  assert_true(has_event(g, "turn 1: defender's movement step"));
  ok_lines(g, "end\nend\nend");
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  assert_int_equal(murk_game_turn(g), 2);
  assert_true(has_event(g, "turn 2: attacker's movement step"));
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_turn_limit_ends_game(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION "turn_limit: 1\n");
  struct murk_game* g = new_game(m, 1);
  ok_lines(g, TF_DEPLOY);
  ok_lines(g, "end\nend\nend\nend\nend");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  ok_line(g, "end");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_OVER);
  assert_int_equal(murk_game_to_act(g), MURK_NO_SIDE);
  assert_string_equal(murk_game_result(g),
                      "no winner (no victory points 0:0): turn limit reached after turn 1");
  assert_int_equal(murk_game_winner(g), MURK_NO_SIDE);
  char why[200];
  int rc = murk_game_apply_line(g, MURK_ATTACKER, "end", why, sizeof why, NULL);
  assert_int_equal(rc, MURK_EREJECTED);
  assert_string_equal(why, "the game is over");
  murk_game_free(g);
  murk_mission_free(m);
}

#define TF_OBJECTIVES                                                  \
  "objectives:\n"                                                      \
  "  fixed:\n"                                                         \
  "    - {name: mill, at: \"8,6\", for: attacker}\n"                   \
  "  place:\n"                                                         \
  "    - {by: attacker, for: attacker, count: 2, in: {half: north},\n" \
  "       keep_out: {short_edges: 10cm}, together: 25cm}\n"            \
  "    - {by: defender, for: defender, count: 1, in: {half: south}, min_apart: 20cm}\n"

static void test_objective_placement(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION TF_OBJECTIVES);
  struct murk_game* g = new_game(m, 1);
  char why[200];
  assert_int_equal(murk_game_phase(g), MURK_PHASE_OBJECTIVES);
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  assert_true(has_event(g, "objective mill at 08,06 (for the attacker)"));
  refused(g, "objective at 5,9", "the objective must be in the north half; 05,09 is not");
  bad_line(g, "objective at 1,3", why, sizeof why);
  assert_string_equal(
      why,
      "the objective must be at least 10cm (2 cells) from the short edges; 01,03 is "
      "not");
  refused(g, "objective at 11,4", "the objective cannot stand in the stream at 11,04");
  bad_line(g, "end", why, sizeof why);
  ok_line(g, "objective at 3,2");
  bad_line(g, "objective at 12,2", why, sizeof why); /* 9 cells from the first: too far apart */
  assert_non_null(strstr(why, "within 25cm (5 cells) of each other"));
  ok_line(g, "objective at 7,2");
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  bad_line(g, "objective at 8,8", why, sizeof why); /* 2 cells from the mill */
  assert_non_null(strstr(why, "at least 20cm (4 cells) apart"));
  ok_line(g, "objective at 3,10");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_DEPLOY);
  assert_int_equal(g->s.nobjectives, 4);
  assert_int_equal(g->s.objectives[3].for_side, MURK_DEFENDER);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_objective_taken_wins(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION
                                     "objectives:\n  fixed:\n    - {name: farm, at: \"2,7\", for: "
                                     "attacker}\n"
                                     "end:\n  - {kind: objective_taken}\n");
  struct murk_game* g = new_game(m, 1);
  ok_lines(g, TF_DEPLOY);
  /* T1 (Alpha Lancers) is at 2,8, next to the farm: reveal it so its teams stand there. */
  ok_line(g, "reveal 1");
  ok_lines(g, "end\nend\nend"); /* hand over */
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  ok_lines(g, "end\nend\nend"); /* defender's turn: back to the attacker */
  assert_int_equal(murk_game_phase(g), MURK_PHASE_OVER);
  assert_int_equal(murk_game_winner(g), MURK_ATTACKER);
  assert_string_equal(murk_game_result(g),
                      "attacker wins (Stunning Victory 6:1): took objective farm on turn 2");
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_first_turn_roll_meeting_engagement(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_HEAD
                                     "setup: {sides: fixed, first_turn: roll}\n"
                                     "rules:\n  fog_of_war: {}\n  meeting_engagement: "
                                     "{bonus: 1}\n" TF_VIS TF_FORCES);
  for (uint64_t seed = 1; seed < 20; seed++) {
    struct murk_game* g = new_game(m, seed);
    ok_lines(g, "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at 9,2\nend\nend");
    /* The attacker finished first and gets the bonus on every first-turn roll. */
    int att = -1, def = -1;
    for (size_t i = 0; i < mk_game_event_count(g); i++) {
      const struct murk_event* e = mk_game_event(g, i);
      if (!e->has_roll) continue;
      if (strstr(e->roll.purpose, "first turn, attacker")) {
        assert_int_equal(e->roll.nmods, 1);
        assert_int_equal(e->roll.mods[0].value, 1);
        att = e->roll.total;
      }
      if (strstr(e->roll.purpose, "first turn, defender")) {
        assert_int_equal(e->roll.nmods, 0);
        def = e->roll.total;
      }
    }
    assert_true(att > 0 && def > 0 && att != def); /* the last pair decided it */
    assert_int_equal(murk_game_to_act(g), att > def ? MURK_ATTACKER : MURK_DEFENDER);
    murk_game_free(g);
  }
  murk_mission_free(m);
}

static void test_reserves_phase(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(
      TF_HEAD TF_SETUP "rules:\n  fog_of_war: {}\n  delayed_reserves: {}\n" TF_VIS TF_FORCES);
  struct murk_game* g = new_game(m, 1);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_RESERVES);
  ok_line(g, "reserve 2");
  refused(g, "reserve 2", "platoon 2 (Bravo Gunners) is already in reserve");
  refused(g, "reserve 1 mobile", "this mission has no mobile reserves");
  ok_line(g, "end");
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  ok_line(g, "end");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_DEPLOY);
  assert_int_equal(g->s.units[MURK_ATTACKER][1].state, MURK_PLATOON_RESERVE);
  assert_int_equal(g->s.units[MURK_ATTACKER][1].reserve, MURK_RESERVE_DELAYED);
  refused(g, "deploy 2 at 6,8", "platoon 2 (Bravo Gunners) is in reserve");
  ok_line(g, "deploy 1 at 2,8");
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_log_is_canonical(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 1);
  ok_line(g, "  deploy   1 at 2,8   # first");
  ok_line(g, "# just a comment");
  ok_line(g, "deploy dummy at 2,2");
  assert_int_equal(murk_game_log_count(g), 2);
  assert_string_equal(murk_game_log_line(g, 0), "deploy 1 at 02,08");
  assert_int_equal(murk_game_log_side(g, 0), MURK_ATTACKER);
  assert_string_equal(murk_game_log_line(g, 1), "deploy dummy at 02,02");
  assert_int_equal(murk_game_log_side(g, 1), MURK_DEFENDER);
  assert_null(murk_game_log_line(g, 2));
  char why[200];
  int col = 0;
  int rc = murk_game_apply_line(g, MURK_ATTACKER, "deploy 2 at", why, sizeof why, &col);
  assert_int_equal(rc, MURK_EINVAL);
  assert_true(col > 0);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_rejected_changes_nothing(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 3);
  ok_lines(g, TF_DEPLOY);
  struct mk_state before = g->s;
  unsigned long long fp = game_fingerprint(g);
  size_t ne = mk_game_event_count(g);
  char why[200];
  bad_line(g, "move 1 to 2,3", why, sizeof why);  /* far too far */
  bad_line(g, "move T2 to 2,7", why, sizeof why); /* not ours */
  bad_line(g, "spot", why, sizeof why);           /* wrong step */
  struct murk_command c;
  memset(&c, 0, sizeof c);
  c.kind = MURK_CMD_MOVE;
  c.unit.kind = MURK_REF_OWN;
  c.unit.n = 1;
  c.at.x = -1;
  assert_int_equal(murk_game_apply(g, MURK_ATTACKER, &c, why, sizeof why), MURK_EREJECTED);
  assert_string_equal(why, "-1,0 is off the table");
  assert_int_equal(mk_game_event_count(g), ne);
  assert_int_equal(game_fingerprint(g), fp);
  assert_memory_equal(&g->s, &before, sizeof before);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_event_format(void** st) {
  (void)st;
  struct murk_event e;
  memset(&e, 0, sizeof e);
  e.seq = 12;
  e.audience = MURK_AUD_DEFENDER;
  snprintf(e.text, sizeof e.text, "T3 is a dummy");
  char buf[300];
  murk_event_format(&e, buf, sizeof buf);
  assert_string_equal(buf, "   12 defender T3 is a dummy");
  e.audience = MURK_AUD_ALL;
  murk_event_format(&e, buf, sizeof buf);
  assert_string_equal(buf, "   12 all      T3 is a dummy");
}

/* Event texts are made without vsnprintf for the conversions events use (event.c): the
 * same bytes, cut at MURK_EVENT_TEXT - 1 the same way; other conversions go through it. */
static void test_event_text_as_snprintf(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 1);
  char longer[300];
  memset(longer, 'w', sizeof longer - 1);
  longer[sizeof longer - 1] = '\0';
  static const int ints[] = {0, 7, -7, 2147483647, -2147483647 - 1, 100, -1000};
  for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
    for (size_t cut = 0; cut < 260; cut += 13) {
      const char* tail = longer + sizeof longer - 1 - cut; /* cut bytes long */
      char full[600], want[MURK_EVENT_TEXT];
      snprintf(full, sizeof full, "T%d moves %s to %.5s 100%% (%d)", ints[i], tail, "Alpha Bravo",
               ints[(i + 1) % 7]);
      snprintf(want, sizeof want, "%.*s", MURK_EVENT_TEXT - 1, full);
      size_t at = mk_game_event_count(g);
      assert_int_equal(
          mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_ATTACKER, "T%d moves %s to %.5s 100%% (%d)",
                  ints[i], tail, "Alpha Bravo", ints[(i + 1) % 7]),
          MURK_OK);
      assert_string_equal(mk_game_event(g, at)->text, want);
      /* Another conversion goes through vsnprintf, and appends cut the same way. */
      snprintf(want, sizeof want, "%5d|%x", ints[i], 255u);
      assert_int_equal(
          mk_emit(g, MURK_EV_ROLL, MURK_AUD_ALL, MURK_ATTACKER, "%5d|%x", ints[i], 255u), MURK_OK);
      mk_event_append(g, ": %s", tail);
      snprintf(full, sizeof full, "%s: %s", want, tail);
      snprintf(want, sizeof want, "%.*s", MURK_EVENT_TEXT - 1, full);
      assert_string_equal(mk_game_event(g, at + 1)->text, want);
    }
  /* Only a roll takes an outcome after the fact (fog.c, night.c): other events keep theirs. */
  size_t at = mk_game_event_count(g);
  assert_int_equal(mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_ATTACKER, "news"), MURK_OK);
  mk_event_append(g, ": bogged");
  assert_string_equal(mk_game_event(g, at)->text, "news");
  murk_game_free(g);
  murk_mission_free(m);
}

/* mk_format (the rules' handles and roll purposes, refusals through mk_vformat) gives
 * snprintf's bytes at every buffer size; a conversion it does not know, even after ones it
 * wrote, goes through vsnprintf from the first argument again. */
static void test_format_as_snprintf(void** st) {
  (void)st;
  static const int ints[] = {0, 3, -42, 2147483647, -2147483647 - 1};
  for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
    for (size_t n = 1; n < 48; n++) {
      char want[64], got[64];
      memset(got, 'x', sizeof got);
      snprintf(want, n, "P%d %s %.3s|%.0s%%%d+", ints[i], "shoots", "Alpha", "gone", ints[i]);
      mk_format(got, n, "P%d %s %.3s|%.0s%%%d+", ints[i], "shoots", "Alpha", "gone", ints[i]);
      assert_string_equal(got, want);
      snprintf(want, n, "T%d moves|%x", ints[i], 255u);
      mk_format(got, n, "T%d moves|%x", ints[i], 255u);
      assert_string_equal(got, want);
      snprintf(want, n, "%.12s and %s", "short", "");
      mk_format(got, n, "%.12s and %s", "short", "");
      assert_string_equal(got, want);
    }
}

static void play_script(struct murk_game* g, const char* const* lines, size_t n) {
  for (size_t i = 0; i < n; i++) try_line(g, lines[i], NULL, 0);
}

static void test_determinism(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  static const char* const script[] = {
      "deploy 1 at 2,8",
      "deploy 1 at 2,2",
      "deploy 2 at 6,8",
      "deploy 2 at 5,2",
      "end",
      "end",
      "move 1 to 4,4",
      "end",
      "spot",
      "end",
      "end",
      "move 1 to 3,4",
      "end",
      "spot",
      "end",
      "end",
  };
  for (uint64_t seed = 1; seed < 30; seed++) {
    struct murk_game* a = new_game(m, seed);
    struct murk_game* b = new_game(m, seed);
    play_script(a, script, sizeof script / sizeof script[0]);
    play_script(b, script, sizeof script / sizeof script[0]);
    assert_int_equal(mk_game_event_count(a), mk_game_event_count(b));
    for (size_t i = 0; i < mk_game_event_count(a); i++)
      assert_string_equal(mk_game_event(a, i)->text, mk_game_event(b, i)->text);
    assert_memory_equal(&a->s, &b->s, sizeof a->s);
    murk_game_free(a);
    murk_game_free(b);
  }
  murk_mission_free(m);
}

static void test_undo(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 1);
  char why[200];
  assert_int_equal(murk_game_undoable(g), 0);
  assert_int_equal(murk_game_undo(g, why, sizeof why), MURK_EREJECTED);
  ok_line(g, "deploy 1 at 2,8");
  /* The defender cannot take back the attacker's command. */
  assert_int_equal(murk_game_undoable(g), 0);
  ok_lines(g, "deploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at 9,2\nend");
  /* The attacker has finished: the defender deploys on. A template put down showed the
   * defender nothing new (the attacker is told where it stands, but only at the hand-over):
   * it may be taken back (docs/rules.md, "Undo": Wesnoth's rule). */
  ok_line(g, "deploy dummy at 14,2");
  assert_int_equal(murk_game_undoable(g), 1);
  assert_string_equal(murk_game_undo_why(g), "");
  size_t nlog = murk_game_log_count(g);
  assert_int_equal(murk_game_undo(g, why, sizeof why), MURK_OK);
  assert_int_equal(murk_game_log_count(g), nlog - 1);
  ok_line(g, "deploy dummy at 14,2");
  ok_line(g, "end");
  /* Play: a move that showed the mover nothing new may be taken back too, and the game is
   * then the one that never had it. */
  assert_int_equal(murk_game_undoable(g), 0);
  struct murk_game* before = new_game(m, 1);
  for (size_t i = 0; i < murk_game_log_count(g); i++)
    assert_int_equal(murk_game_apply_line(before, murk_game_log_side(g, i),
                                          murk_game_log_line(g, i), why, sizeof why, NULL),
                     MURK_OK);
  ok_line(g, "move 1 to 4,8");
  assert_int_equal(murk_game_undoable(g), 1);
  assert_int_equal(murk_game_undo(g, why, sizeof why), MURK_OK);
  assert_int_equal(murk_game_log_count(g), murk_game_log_count(before));
  assert_memory_equal(&g->s, &before->s, sizeof g->s);
  murk_game_free(before);
  ok_line(g, "move 1 to 4,8");
  /* A spotting roll shows the dice: it stands, and so does all before it in the step. */
  ok_line(g, "end");
  ok_line(g, "spot");
  assert_int_equal(murk_game_undoable(g), 0);
  assert_int_equal(murk_game_undo(g, why, sizeof why), MURK_EREJECTED);
  assert_non_null(strstr(why, "rolled dice"));
  assert_string_equal(why, murk_game_undo_why(g));
  /* Nothing of an earlier step either. */
  ok_line(g, "end");
  assert_int_equal(murk_game_undoable(g), 0);
  assert_int_equal(murk_game_undo(g, why, sizeof why), MURK_EREJECTED);
  assert_non_null(strstr(why, "nothing to take back"));
  murk_game_free(g);
  murk_mission_free(m);
}

/* The last turn set for a game (murk play --last-turn) is not a command: undo, which
 * rebuilds the game from its commands, keeps it, and the game still ends there. */
static void test_undo_keeps_last_turn(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 1);
  char why[200];
  assert_int_equal(murk_game_set_last_turn(g, 2), MURK_OK);
  ok_lines(g, "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at 9,2\nend");
  ok_line(g, "deploy dummy at 14,2");
  assert_int_equal(murk_game_undo(g, why, sizeof why), MURK_OK);
  assert_int_equal(murk_game_last_turn(g), 2);
  ok_lines(g, "deploy dummy at 14,2\nend");
  ok_line(g, "move 1 to 4,8");
  assert_int_equal(murk_game_undo(g, why, sizeof why), MURK_OK);
  assert_int_equal(murk_game_last_turn(g), 2);
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_ATTACKER, &v), MURK_OK);
  assert_int_equal(v->ending.turn_limit, 2);
  murk_view_free(v);
  for (int i = 0; i < 100 && murk_game_phase(g) != MURK_PHASE_OVER; i++) ok_line(g, "end");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_OVER);
  assert_int_equal(murk_game_ended(g), MURK_ENDED_LAST_TURN);
  murk_game_free(g);
  murk_mission_free(m);
}

/* Undo and the fog (docs/rules.md, "Undo"): two games the defender cannot tell apart (the
 * attacker's lancers moved out of its sight, to 05,05 or to 01,08: tests/cli/data/
 * contact-night.yaml). The same move of the defender's runs into the unseen lancers in one
 * and meets nobody in the other: the contact showed it something and stands; the move that
 * showed it nothing may be taken back. Before the move, both give the same answer. */
static void test_undo_hidden_contact(void** st) {
  (void)st;
  struct murk_mission* m = NULL;
  struct murk_diags d;
  murk_diags_init(&d, "contact-night.yaml");
  assert_int_equal(murk_mission_load(MURK_SOURCE_DIR "/tests/cli/data/contact-night.yaml", &m, &d),
                   MURK_OK);
  const char* to[2] = {"move 1 to 5,5", "move 1 to 1,8"};
  int undoable[2];
  char words[2][200];
  for (int k = 0; k < 2; k++) {
    struct murk_game* g = new_game(m, 1);
    ok_lines(g, "deploy 1 at 3,8\ndeploy 1 at 8,2\nend\nend");
    ok_line(g, to[k]);
    ok_lines(g, "end\nend\nend");
    assert_int_equal(murk_game_undoable(g), 0);
    ok_line(g, "move 1 to 5,5");
    undoable[k] = murk_game_undoable(g);
    snprintf(words[k], sizeof words[k], "%s", murk_game_undo_why(g));
    murk_game_free(g);
  }
  assert_int_equal(undoable[0], 0); /* the contact */
  assert_non_null(strstr(words[0], "showed you something new"));
  assert_int_equal(undoable[1], 1); /* nobody met */
  assert_string_equal(words[1], "");
  murk_mission_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_new_game_starts_deployment),
      cmocka_unit_test(test_new_game_refuses_nonsense),
      cmocka_unit_test(test_wrong_side_rejected),
      cmocka_unit_test(test_deployment_rules),
      cmocka_unit_test(test_turn_and_steps),
      cmocka_unit_test(test_turn_limit_ends_game),
      cmocka_unit_test(test_objective_placement),
      cmocka_unit_test(test_objective_taken_wins),
      cmocka_unit_test(test_first_turn_roll_meeting_engagement),
      cmocka_unit_test(test_reserves_phase),
      cmocka_unit_test(test_log_is_canonical),
      cmocka_unit_test(test_rejected_changes_nothing),
      cmocka_unit_test(test_event_format),
      cmocka_unit_test(test_event_text_as_snprintf),
      cmocka_unit_test(test_format_as_snprintf),
      cmocka_unit_test(test_determinism),
      cmocka_unit_test(test_undo),
      cmocka_unit_test(test_undo_hidden_contact),
      cmocka_unit_test(test_undo_keeps_last_turn),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
