/* test_net_seen.c: a client's memory of what it was shown (src/net/seen.c; docs/fair-play.md,
 * "Remote clients: no rewind"): games played by the simple players, each side's view checked
 * after every command, undos of either side taken as they come; the memory never refuses
 * the game going on, and refuses the same game put back to an older copy. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/view.h"
#include "seen.h"
#include "sim.h"
#include "test_load.h"

static size_t own_commands(const struct murk_game* g, enum murk_side side) {
  size_t n = 0;
  for (size_t i = 0; i < murk_game_log_count(g); i++) n += murk_game_log_side(g, i) == side;
  return n;
}

/* Check side's view of g against *s as a client would; the answer. */
static bool check(struct net_seen* s, const struct murk_game* g, enum murk_side side, bool undoing,
                  char* why, size_t n) {
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, side, &v), MURK_OK);
  bool ok = net_seen_check(s, v, own_commands(g, side), undoing, why, n);
  murk_view_free(v);
  return ok;
}

/* g's first k commands, as a host put back to an older copy of its save would have them. */
static struct murk_game* first_commands(const struct murk_mission* m, uint64_t seed,
                                        const struct murk_game* g, size_t k) {
  struct murk_game* old = NULL;
  assert_int_equal(murk_game_new(m, seed, &old), MURK_OK);
  for (size_t i = 0; i < k; i++) {
    char why[200];
    int col = 0;
    assert_int_equal(murk_game_apply_line(old, murk_game_log_side(g, i), murk_game_log_line(g, i),
                                          why, sizeof why, &col),
                     MURK_OK);
  }
  return old;
}

static void play(const char* mission, uint64_t seed, long steps) {
  struct murk_mission* m = load_bundled(mission);
  struct murk_game* g = NULL;
  assert_int_equal(murk_game_new(m, seed, &g), MURK_OK);
  struct murk_sim sim;
  murk_sim_init(&sim, g, MURK_POLICY_GREEDY, MURK_POLICY_RANDOM, seed);
  struct net_seen seen[2];
  net_seen_start(&seen[0]);
  net_seen_start(&seen[1]);
  char why[512];
  long undos = 0, grew = 0;
  for (long i = 0; i < steps && murk_game_phase(g) != MURK_PHASE_OVER; i++) {
    if (murk_sim_step(&sim) != MURK_OK) break;
    for (int side = 0; side < 2; side++) {
      long before = seen[side].events;
      if (!check(&seen[side], g, (enum murk_side)side, false, why, sizeof why))
        fail_msg("%s step %ld, the %s: %s", mission, i, murk_side_name((enum murk_side)side), why);
      grew += seen[side].events > before;
    }
    /* Now and then the side to act takes its command back, as a player may. */
    enum murk_side actor = murk_game_to_act(g);
    if (actor != MURK_NO_SIDE && murk_game_undoable(g) > 0 && undos < 20) {
      struct net_seen kept = seen[actor];
      assert_int_equal(murk_game_undo(g, why, sizeof why), MURK_OK);
      undos++;
      /* Its own command fewer: refused unless the side asked for the undo. */
      struct net_seen copy = kept;
      assert_false(check(&copy, g, actor, false, why, sizeof why));
      assert_non_null(strstr(why, "came back behind what you saw"));
      if (!check(&seen[actor], g, actor, true, why, sizeof why))
        fail_msg("%s step %ld, the %s's own undo: %s", mission, i, murk_side_name(actor), why);
      enum murk_side other = murk_side_other(actor);
      if (!check(&seen[other], g, other, false, why, sizeof why))
        fail_msg("%s step %ld, the %s after the enemy's undo: %s", mission, i,
                 murk_side_name(other), why);
    }
  }
  assert_true(grew > 10);
  /* The same game put back to half its commands: each side that was shown more than the
   * older copy holds refuses it, and says what it had seen. */
  size_t half = murk_game_log_count(g) / 2;
  struct murk_game* old = first_commands(m, seed, g, half);
  int refused = 0;
  for (int side = 0; side < 2; side++) {
    struct murk_view* v = NULL;
    assert_int_equal(murk_view_build(old, (enum murk_side)side, &v), MURK_OK);
    bool behind = (size_t)seen[side].events > v->nevents;
    struct net_seen copy = seen[side];
    bool ok =
        net_seen_check(&copy, v, own_commands(old, (enum murk_side)side), false, why, sizeof why);
    murk_view_free(v);
    if (behind) {
      assert_false(ok);
      char fp[NET_SEEN_FINGERPRINT], named[40];
      net_seen_fingerprint(&seen[side], fp);
      snprintf(named, sizeof named, "(history %s)", fp);
      assert_non_null(strstr(why, named));
      refused++;
    }
  }
  assert_true(refused > 0);
  /* The memory as its file keeps it. */
  char text[256];
  struct net_seen back;
  assert_true(net_seen_text(&seen[0], text, sizeof text) > 0);
  assert_true(net_seen_parse(&back, text));
  assert_memory_equal(&back, &seen[0], sizeof back);
  assert_false(net_seen_parse(&back, "murk-seen: 1\nrolls: 3\nhead: 00\n"));
  murk_game_free(old);
  murk_sim_free(&sim);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_luneville(void** state) {
  (void)state;
  for (uint64_t seed = 1; seed <= 3; seed++) play("luneville", seed, 400);
}

static void test_night(void** state) {
  (void)state;
  play("night-saint-aubin", 5, 400);
}

static void test_li(void** state) {
  (void)state;
  play("li-hohenfeld", 7, 400);
}

/* A memory of both sides checked on g now: never refused. */
static void both_go_on(struct net_seen seen[2], const struct murk_game* g, enum murk_side undoer) {
  char why[512];
  for (int side = 0; side < 2; side++)
    if (!check(&seen[side], g, (enum murk_side)side, side == (int)undoer, why, sizeof why))
      fail_msg("the %s: %s", murk_side_name((enum murk_side)side), why);
}

/* Luneville's setup as two players at murk join give it: the attacker's reserve, which the
 * defender is told of, taken back and given again; then the game put back to before the
 * deployments both saw. */
static void test_undo_and_older_copy(void** state) {
  (void)state;
  struct murk_mission* m = load_bundled("luneville");
  struct murk_game* g = NULL;
  assert_int_equal(murk_game_new(m, 11, &g), MURK_OK);
  struct net_seen seen[2];
  net_seen_start(&seen[0]);
  net_seen_start(&seen[1]);
  static const char* const setup[] = {"objective at 18,01", "objective at 26,02",
                                      "objective at 12,22", "objective at 20,23"};
  char why[512];
  for (size_t i = 0; i < sizeof setup / sizeof setup[0]; i++) {
    int col = 0;
    assert_int_equal(murk_game_apply_line(g, murk_game_to_act(g), setup[i], why, sizeof why, &col),
                     MURK_OK);
    both_go_on(seen, g, MURK_NO_SIDE);
  }
  enum murk_side a = murk_game_to_act(g);
  int col = 0;
  assert_int_equal(murk_game_apply_line(g, a, "reserve 6", why, sizeof why, &col), MURK_OK);
  both_go_on(seen, g, MURK_NO_SIDE);
  assert_true(murk_game_undoable(g) > 0);
  struct net_seen before = seen[a];
  assert_int_equal(murk_game_undo(g, why, sizeof why), MURK_OK);
  /* The side that took it back asked to: one own command fewer is right for it alone. */
  assert_false(check(&before, g, a, false, why, sizeof why));
  assert_non_null(strstr(why, "it had taken 3 of your commands"));
  /* Asked before a lost connection, kept in the memory's file: right at the next join,
   * once (the view answers it). */
  struct net_seen asked = before;
  asked.undo_asked = true;
  char text[256];
  assert_true(net_seen_text(&asked, text, sizeof text) > 0);
  struct net_seen back;
  assert_true(net_seen_parse(&back, text));
  assert_true(back.undo_asked);
  struct net_seen again = back;
  if (!check(&back, g, a, false, why, sizeof why)) fail_msg("%s", why);
  assert_false(back.undo_asked);
  assert_true(net_seen_text(&before, text, sizeof text) > 0);
  assert_true(net_seen_parse(&back, text));
  assert_false(back.undo_asked);
  /* The undo answered (the view before it counts the command): nothing more is let by. */
  assert_int_equal(murk_game_apply_line(g, a, "reserve 6", why, sizeof why, &col), MURK_OK);
  assert_true(check(&again, g, a, false, why, sizeof why));
  assert_int_equal(murk_game_undo(g, why, sizeof why), MURK_OK);
  assert_false(check(&again, g, a, false, why, sizeof why));
  both_go_on(seen, g, a);
  static const char* const more[] = {"reserve 6", "end", "reserve 6 delayed", "end"};
  for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) {
    assert_int_equal(murk_game_apply_line(g, murk_game_to_act(g), more[i], why, sizeof why, &col),
                     MURK_OK);
    both_go_on(seen, g, MURK_NO_SIDE);
  }
  size_t copy_at = murk_game_log_count(g); /* the copy the host's owner keeps */
  static const char* const deploy[] = {"deploy 2 at 16,20", "deploy 2 at 21,03"};
  for (size_t i = 0; i < sizeof deploy / sizeof deploy[0]; i++) {
    assert_int_equal(murk_game_apply_line(g, murk_game_to_act(g), deploy[i], why, sizeof why, &col),
                     MURK_OK);
    both_go_on(seen, g, MURK_NO_SIDE);
  }
  struct murk_game* old = first_commands(m, 11, g, copy_at);
  for (int side = 0; side < 2; side++) {
    struct net_seen copy = seen[side];
    if (check(&copy, old, (enum murk_side)side, false, why, sizeof why))
      fail_msg("the %s went on with the older copy", murk_side_name((enum murk_side)side));
    assert_non_null(strstr(why, "came back behind what you saw"));
  }
  /* And the game itself still goes on for both. */
  both_go_on(seen, g, MURK_NO_SIDE);
  murk_game_free(old);
  murk_game_free(g);
  murk_mission_free(m);
}

/* Nothing counted of a game over: every event stands. */
static void test_final(void** state) {
  (void)state;
  struct murk_view v = {.phase = MURK_PHASE_OVER, .to_act = MURK_NO_SIDE};
  struct murk_event ev[3] = {
      {.active = MURK_ATTACKER}, {.active = MURK_DEFENDER}, {.active = MURK_DEFENDER}};
  v.events = ev;
  v.nevents = 3;
  assert_int_equal(net_seen_final(&v), 3);
  v.phase = MURK_PHASE_PLAY;
  v.to_act = MURK_DEFENDER; /* its last two may still be taken back */
  assert_int_equal(net_seen_final(&v), 1);
  ev[1].has_roll = true; /* not past its roll */
  assert_int_equal(net_seen_final(&v), 2);
  v.to_act = MURK_ATTACKER;
  assert_int_equal(net_seen_final(&v), 3);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_final),     cmocka_unit_test(test_undo_and_older_copy),
      cmocka_unit_test(test_luneville), cmocka_unit_test(test_night),
      cmocka_unit_test(test_li),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
