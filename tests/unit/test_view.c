/* test_view.c: what each side's view holds - own platoons in full, enemy markers as
 * anonymous numbers until revealed, events by audience, prompts that say only what is
 * public, and the umpire's view of everything. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_support.h"

static bool view_has_event(const struct murk_view* v, const char* text) {
  for (size_t i = 0; i < v->nevents; i++)
    if (strstr(v->events[i].text, text)) return true;
  return false;
}

#define DEPLOY_ALL                                                                       \
  "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at 9,2\ndeploy dummy at " \
  "12,8\ndeploy dummy at 14,2\nend\nend"

static void test_own_and_enemy_markers(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 1);
  struct murk_view* before = view_of(g, MURK_ATTACKER);
  assert_int_equal(before->dummies_left, 1); /* the TUI offers a dummy from this */
  murk_view_free(before);
  ok_lines(g, DEPLOY_ALL);
  struct murk_view* a = view_of(g, MURK_ATTACKER);
  assert_int_equal(a->dummies_left, 0);
  assert_int_equal(a->side, MURK_ATTACKER);
  assert_int_equal(a->nmarkers, 6);
  assert_int_equal(a->nplatoons, 2);
  assert_string_equal(a->platoons[0].name, "Alpha Lancers");
  assert_int_equal(a->platoons[0].state, MURK_PLATOON_HIDDEN);
  assert_int_equal(a->platoons[0].marker, 1);
  assert_int_equal(a->platoons[0].nteams, 3);
  assert_int_equal(a->platoons[1].command_distance, 1);
  /* Own template: everything. */
  const struct murk_view_marker* t1 = murk_view_marker_by_number(a, MURK_NO_SIDE, 1);
  assert_non_null(t1);
  assert_true(t1->known);
  assert_false(t1->dummy);
  assert_int_equal(t1->platoon, 0);
  assert_string_equal(t1->name, "Alpha Lancers");
  assert_int_equal(t1->nteams, 3);
  /* Own dummy: known to be one. */
  const struct murk_view_marker* t5 = murk_view_marker_by_number(a, MURK_ATTACKER, 5);
  assert_true(t5->known && t5->dummy);
  /* Enemy platoon and enemy dummy look the same. */
  const struct murk_view_marker* t2 = murk_view_marker_by_number(a, MURK_DEFENDER, 2);
  const struct murk_view_marker* t6 = murk_view_marker_by_number(a, MURK_DEFENDER, 6);
  assert_non_null(t2);
  assert_non_null(t6);
  for (int i = 0; i < 2; i++) {
    const struct murk_view_marker* e = i ? t6 : t2;
    assert_false(e->known);
    assert_false(e->dummy);
    assert_int_equal(e->platoon, -1);
    assert_string_equal(e->name, "");
    assert_string_equal(e->type, "");
    assert_int_equal(e->nteams, 0);
    assert_true(e->on_table);
    assert_false(e->revealed);
  }
  assert_null(murk_view_marker_by_number(a, MURK_ATTACKER, 2));
  struct murk_pos p = {14, 2};
  assert_ptr_equal(murk_view_marker_at(a, p), t6);
  /* Private events stay private. */
  assert_true(view_has_event(a, "T1 is your Alpha Lancers (platoon 1)"));
  assert_false(view_has_event(a, "Xenon Rangers"));
  assert_false(view_has_event(a, "T6 is a dummy"));
  for (size_t i = 0; i < a->nevents; i++)
    assert_int_not_equal(a->events[i].audience, MURK_AUD_DEFENDER);
  assert_string_equal(a->briefing, "");
  assert_ptr_equal(a->own_zone, &m->sides[MURK_ATTACKER].zone);
  assert_int_equal(a->visibility, -1);
  murk_view_free(a);
  murk_game_free(g);
  murk_mission_free(m);
}

/* Under double_blind (on the texts' table every revealed team is in view: test_sight.c). */
static void test_revealed_enemy_is_known(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION_WITH("  double_blind: {}\n"));
  struct murk_game* g = new_game(m, 1);
  ok_lines(g, DEPLOY_ALL);
  ok_lines(g, "end\nend\nend");
  ok_line(g, "reveal 1");
  ok_line(g, "reveal T6");
  struct murk_view* a = view_of(g, MURK_ATTACKER);
  const struct murk_view_marker* p2 = murk_view_marker_by_number(a, MURK_DEFENDER, 2);
  assert_true(p2->known && p2->revealed);
  assert_false(p2->on_table);
  assert_string_equal(p2->name, "Xenon Rangers");
  assert_string_equal(p2->type, "ranger squad");
  assert_int_equal(p2->nteams, 4);
  const struct murk_view_marker* t6 = murk_view_marker_by_number(a, MURK_DEFENDER, 6);
  assert_true(t6->known && t6->dummy && t6->revealed);
  assert_false(t6->on_table);
  /* Its teams are on the attacker's map where they were placed: out of sight (the mission's
   * 4 cells), as last-known contacts from the public reveal; the hidden T4's are not. */
  int enemy = 0;
  for (int i = 0; i < a->nteams; i++)
    if (a->teams[i].owner == MURK_DEFENDER) enemy++;
  for (int i = 0; i < a->ncontacts; i++)
    if (a->contacts[i].owner == MURK_DEFENDER && a->contacts[i].team) {
      enemy++;
      assert_int_equal(a->contacts[i].marker, 2);
      assert_string_equal(a->contacts[i].profile, "ranger");
    }
  assert_int_equal(enemy, 4);
  assert_null(murk_view_team_at(a, (struct murk_pos){2, 2}));
  struct murk_view* um = view_of(g, MURK_NO_SIDE);
  const struct murk_view_team* t = murk_view_team_at(um, (struct murk_pos){2, 2});
  assert_non_null(t);
  assert_int_equal(t->owner, MURK_DEFENDER);
  murk_view_free(um);
  const struct murk_view_marker* t4 = murk_view_marker_by_number(a, MURK_DEFENDER, 4);
  assert_false(t4->known);
  murk_view_free(a);
  murk_game_free(g);
  murk_mission_free(m);
}

/* An enemy platoon's state is what the side last saw of it (docs/rules.md, "What a side
 * knows"): under double_blind, dug in at its public reveal, it stays dug in on the
 * attacker's view after it moves out of the attacker's sight, while the umpire sees it is
 * not. */
static void test_enemy_facts_as_last_seen(void** st) {
  (void)st;
  struct murk_mission* m =
      load_yaml(TF_MISSION_WITH("  prepared_positions: {}\n  double_blind: {}\n"));
  struct murk_game* g = new_game(m, 1);
  ok_lines(g, DEPLOY_ALL);
  ok_lines(g, "end\nend\nend");
  ok_line(g, "reveal 1");
  struct murk_view* a = view_of(g, MURK_ATTACKER);
  const struct murk_view_marker* p2 = murk_view_marker_by_number(a, MURK_DEFENDER, 2);
  assert_true(p2->known && p2->dug_in);
  murk_view_free(a);
  /* Out of the attacker's sight (its nearest unit is 6 rows away, sight 4 cells). */
  ok_line(g, "move 1 to 2,1");
  ok_line(g, "end");
  assert_false(g->s.units[MURK_DEFENDER][0].dug_in);
  for (int t = 0; t < 4; t++) assert_false(g->s.seen_team[MURK_ATTACKER][t].seen);
  a = view_of(g, MURK_ATTACKER);
  p2 = murk_view_marker_by_number(a, MURK_DEFENDER, 2);
  assert_true(p2->dug_in);
  murk_view_free(a);
  struct murk_view* um = view_of(g, MURK_NO_SIDE);
  assert_false(murk_view_marker_by_number(um, MURK_DEFENDER, 2)->dug_in);
  murk_view_free(um);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_umpire_sees_everything(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 1);
  ok_lines(g, DEPLOY_ALL);
  struct murk_view* u = view_of(g, MURK_NO_SIDE);
  assert_int_equal(u->nevents, mk_game_event_count(g));
  assert_int_equal(u->nplatoons, 0);
  assert_null(u->own_zone);
  for (int i = 0; i < u->nmarkers; i++) assert_true(u->markers[i].known);
  assert_string_equal(murk_view_marker_by_number(u, MURK_DEFENDER, 4)->name, "Yodel Hussars");
  assert_true(murk_view_marker_by_number(u, MURK_DEFENDER, 6)->dummy);
  murk_view_free(u);
  struct murk_view* bad = NULL;
  assert_int_equal(murk_view_build(g, (enum murk_side)7, &bad), MURK_EINVAL);
  assert_null(bad);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_prompts(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 1);
  struct murk_view* a = view_of(g, MURK_ATTACKER);
  struct murk_view* d = view_of(g, MURK_DEFENDER);
  assert_string_equal(a->prompt, "attacker: deploy (2 platoons, 1 dummy left); 'end' when done");
  /* The other side learns only that the attacker is deploying, not how much is left. */
  assert_string_equal(d->prompt, "waiting: the attacker deploys");
  murk_view_free(a);
  murk_view_free(d);
  ok_lines(g, DEPLOY_ALL);
  a = view_of(g, MURK_ATTACKER);
  d = view_of(g, MURK_DEFENDER);
  assert_string_equal(
      a->prompt, "turn 1, attacker's movement step: move, reveal; 'end' for the shooting step");
  assert_string_equal(d->prompt, "waiting: turn 1, the attacker's movement step");
  assert_int_equal(a->phase, MURK_PHASE_PLAY);
  assert_int_equal(a->turn, 1);
  assert_int_equal(a->to_act, MURK_ATTACKER);
  murk_view_free(a);
  murk_view_free(d);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_objectives_and_visibility(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION
                                     "objectives:\n  fixed:\n    - {name: mill, at: \"8,6\", for: "
                                     "defender}\n");
  struct murk_game* g = new_game(m, 1);
  ok_lines(g, DEPLOY_ALL);
  ok_line(g, "end");
  ok_line(g, "spot");
  struct murk_view* d = view_of(g, MURK_DEFENDER);
  assert_int_equal(d->nobjectives, 1);
  assert_string_equal(d->objectives[0].name, "mill");
  assert_int_equal(d->objectives[0].for_side, MURK_DEFENDER);
  assert_int_equal(d->visibility, 4);
  assert_string_equal(d->mission_name, "Test Field");
  assert_int_equal(d->grid.width, 16);
  assert_int_equal(d->nterrain, 5);
  murk_view_free(d);
  murk_game_free(g);
  murk_mission_free(m);
}

/* A view kept across an undo (review 1.3 F): the game swaps itself in place and may end with
 * as many events as before, so only the game's undo count tells the view to start again. */
static void test_update_after_undo(void** st) {
  (void)st;
  /* A reserve nomination places nothing, so it may be taken back (docs/rules.md, "Undo"). */
  struct murk_mission* m = load_yaml(TF_MISSION_WITH("  reserves: {from_turn: 2}\n"));
  struct murk_game* g = new_game(m, 3);
  struct murk_view* kept = view_of(g, MURK_ATTACKER);
  ok_line(g, "reserve 2");
  assert_int_equal(murk_view_update(g, kept), MURK_OK);
  assert_true(kept->nevents > 0);
  char old[sizeof kept->events[0].text];
  snprintf(old, sizeof old, "%s", kept->events[kept->nevents - 1].text);
  size_t had = kept->nevents;
  char why[200];
  assert_int_equal(murk_game_undo(g, why, sizeof why), MURK_OK);
  ok_line(g, "reserve 1");
  assert_int_equal(murk_view_update(g, kept), MURK_OK);
  struct murk_view* fresh = view_of(g, MURK_ATTACKER);
  /* As many events as before the undo, so only the undo count tells the view. */
  assert_int_equal(fresh->nevents, had);
  assert_false(view_has_event(kept, old));
  assert_int_equal(kept->nevents, fresh->nevents);
  for (size_t i = 0; i < fresh->nevents; i++)
    assert_string_equal(kept->events[i].text, fresh->events[i].text);
  murk_view_free(fresh);
  murk_view_free(kept);
  murk_game_free(g);
  murk_mission_free(m);
}

/* A view of the events alone (a journal's) holds each side's events as a full view does,
 * word for word and numbered alike, and where the game stands; nothing of the table. It
 * stays so when updated, after events were forgotten and after an undo. */
static void same_events(const struct murk_view* ev, const struct murk_view* full) {
  assert_int_equal(ev->nevents, full->nevents);
  for (size_t i = 0; i < full->nevents; i++) {
    assert_string_equal(ev->events[i].text, full->events[i].text);
    assert_int_equal(ev->events[i].seq, full->events[i].seq);
    assert_memory_equal(&ev->events[i].roll, &full->events[i].roll, sizeof full->events[i].roll);
  }
  assert_int_equal(ev->phase, full->phase);
  assert_int_equal(ev->step, full->step);
  assert_int_equal(ev->turn, full->turn);
  assert_int_equal(ev->to_act, full->to_act);
  assert_string_equal(ev->result, full->result);
  assert_int_equal(ev->nmarkers, 0);
  assert_int_equal(ev->nteams, 0);
}

static void test_events_view(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION_WITH("  reserves: {from_turn: 2}\n"));
  struct murk_game* g = new_game(m, 3);
  for (int side = 0; side < 2; side++) {
    struct murk_view *ev = NULL, *full = NULL;
    assert_int_equal(murk_view_build_events(g, (enum murk_side)side, &ev), MURK_OK);
    assert_int_equal(murk_view_build(g, (enum murk_side)side, &full), MURK_OK);
    same_events(ev, full);
    ok_line(g, "reserve 2");
    assert_int_equal(murk_view_update(g, ev), MURK_OK);
    assert_int_equal(murk_view_update(g, full), MURK_OK);
    assert_true(full->nevents > 0);
    same_events(ev, full);
    murk_view_forget_events(ev);
    murk_view_forget_events(full);
    char why[200];
    assert_int_equal(murk_game_undo(g, why, sizeof why), MURK_OK);
    ok_line(g, "reserve 1");
    assert_int_equal(murk_view_update(g, ev), MURK_OK);
    assert_int_equal(murk_view_update(g, full), MURK_OK);
    assert_true(full->nevents > 0);
    same_events(ev, full);
    murk_view_free(ev);
    murk_view_free(full);
    murk_game_free(g);
    g = new_game(m, 3);
  }
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- how the game may end (struct murk_view_ending) and for whom objectives go ---- */

/* Both sides' views, full and lean, carry the same public ending facts and placing side
 * (public: a side must not learn anything from its view's ending that the other's lacks). */
static const struct murk_view_ending* same_ending(const struct murk_game* g, enum murk_side* for_,
                                                  struct murk_view_ending* out) {
  struct murk_view* vs[4];
  assert_int_equal(murk_view_build(g, MURK_ATTACKER, &vs[0]), MURK_OK);
  assert_int_equal(murk_view_build(g, MURK_DEFENDER, &vs[1]), MURK_OK);
  assert_int_equal(murk_view_build_lean(g, MURK_ATTACKER, &vs[2]), MURK_OK);
  assert_int_equal(murk_view_build_lean(g, MURK_DEFENDER, &vs[3]), MURK_OK);
  *out = vs[0]->ending;
  *for_ = vs[0]->place_for;
  for (int i = 1; i < 4; i++) {
    const struct murk_view_ending* e = &vs[i]->ending;
    assert_int_equal(vs[i]->place_for, *for_);
    assert_ptr_equal(e->end, out->end); /* the mission's rows, not copies */
    assert_int_equal(e->nend, out->nend);
    assert_int_equal(e->hold, out->hold);
    assert_int_equal(e->turn_limit, out->turn_limit);
    assert_int_equal(e->random_length, out->random_length);
    assert_int_equal(e->otherwise, out->otherwise);
    assert_int_equal(e->points, out->points);
    assert_int_equal(e->aim, out->aim);
    assert_memory_equal(&e->defender_half, &out->defender_half, sizeof e->defender_half);
    assert_int_equal(e->withdraw_from, out->withdraw_from);
    assert_int_equal(e->remove_from, out->remove_from);
    assert_int_equal(e->held_until, out->held_until);
    assert_string_equal(e->summary, out->summary);
  }
  for (int i = 0; i < 4; i++) murk_view_free(vs[i]);
  return out;
}

/* Game 1 of bundled mission `id` at its start, its ending facts read by same_ending. */
static struct murk_game* ending_at_start(const char* id, struct murk_mission** m,
                                         enum murk_side* for_, struct murk_view_ending* e) {
  *m = load_bundled(id);
  struct murk_game* g = new_game(*m, 1);
  same_ending(g, for_, e);
  return g;
}

/* Place the objective of the step in progress at the first cell the placer's view offers. */
static void place_one(struct murk_game* g) {
  struct murk_view* v = view_of(g, murk_game_to_act(g));
  assert_int_equal(v->phase, MURK_PHASE_OBJECTIVES);
  assert_true(v->nplace_cells > 0);
  char line[64];
  snprintf(line, sizeof line, "objective at %d,%d", v->place_cells[v->nplace_cells / 2].x,
           v->place_cells[v->nplace_cells / 2].y);
  murk_view_free(v);
  ok_line(g, line);
}

/* The ending's one line is the core's, from the mission's own conditions: both sides'
 * views say the same (same_ending checks it), the umpire's too. */
static void test_ending_summary(void** st) {
  (void)st;
  static const struct {
    const char *id, *want;
  } cases[] = {
      {"cauldron",
       "attacker wins holding an objective at its turn's start from turn 6; defender "
       "wins from turn 6 with no attacker within 8 cells of an objective; no last turn"},
      {"luneville", "either side wins holding an objective at its turn's start; no last turn"},
      {"fighting-withdrawal",
       "attacker wins holding an objective at its turn's start; defender "
       "wins holding out to its turn 8"},
      {"hasty-attack",
       "either side wins holding an objective at its turn's start; defender "
       "wins from turn 6 with no attacker in its half; no last turn"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct murk_view_ending e;
    enum murk_side place_for;
    struct murk_mission* m;
    struct murk_game* g = ending_at_start(cases[i].id, &m, &place_for, &e);
    struct murk_view* u = view_of(g, MURK_NO_SIDE);
    assert_string_equal(u->ending.summary, e.summary);
    murk_view_free(u);
    assert_string_equal(e.summary, cases[i].want);
    murk_game_free(g);
    murk_mission_free(m);
  }
}

static void test_ending_facts(void** st) {
  (void)st;
  struct murk_view_ending e;
  enum murk_side place_for;
  /* Cauldron: the attacker wins holding an objective from turn 6; the defender when no
   * attacker is within 40cm (8 cells) of one from its turn 6. It places its own two. */
  struct murk_mission* m;
  struct murk_game* g = ending_at_start("cauldron", &m, &place_for, &e);
  assert_ptr_equal(e.end, m->end);
  assert_int_equal(e.nend, 2);
  assert_int_equal(e.end[0].kind, MURK_END_OBJECTIVE_TAKEN);
  assert_int_equal(e.end[0].side, MURK_ATTACKER);
  assert_int_equal(e.end[0].turn, 6);
  assert_int_equal(e.end[1].kind, MURK_END_NO_ATTACKERS_NEAR_OBJECTIVES);
  assert_int_equal(e.end[1].side, MURK_DEFENDER);
  assert_int_equal(e.end[1].turn, 6);
  assert_int_equal(e.end[1].distance, 8);
  assert_int_equal(e.hold, 2); /* 10cm at 5cm a cell */
  assert_int_equal(e.turn_limit, 0);
  assert_int_equal(e.otherwise, MURK_NO_SIDE);
  assert_int_equal(e.points, MURK_VP_TABLE);
  assert_int_equal(e.held_until, 0);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_OBJECTIVES);
  assert_int_equal(place_for, MURK_ATTACKER);
  murk_game_free(g);
  murk_mission_free(m);

  /* Hasty Attack: the defender places one for itself, then one for the attacker; the
   * attacker two for itself. Either side wins holding one; the defender when its half is
   * clear from turn 6. */
  g = ending_at_start("hasty-attack", &m, &place_for, &e);
  assert_int_equal(e.nend, 2);
  assert_int_equal(e.end[0].side, MURK_NO_SIDE);
  assert_int_equal(e.end[1].kind, MURK_END_NO_ATTACKERS_IN_HALF);
  assert_int_equal(e.defender_half.kind, MURK_REGION_HALF);
  assert_int_equal(e.defender_half.which, MURK_NORTH);
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  assert_int_equal(place_for, MURK_DEFENDER);
  place_one(g);
  same_ending(g, &place_for, &e);
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  assert_int_equal(place_for, MURK_ATTACKER);
  place_one(g);
  same_ending(g, &place_for, &e);
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  assert_int_equal(place_for, MURK_ATTACKER);
  place_one(g);
  place_one(g);
  same_ending(g, &place_for, &e);
  assert_int_not_equal(murk_game_phase(g), MURK_PHASE_OBJECTIVES);
  assert_int_equal(place_for, MURK_NO_SIDE);
  murk_game_free(g);
  murk_mission_free(m);

  /* Fighting Withdrawal's schedule; The Hive Gate's four turns on points. */
  g = ending_at_start("fighting-withdrawal", &m, &place_for, &e);
  assert_int_equal(e.withdraw_from, 3);
  assert_int_equal(e.remove_from, 6);
  assert_int_equal(e.held_until, 8);
  assert_int_equal(place_for, MURK_ATTACKER); /* the defender places one for the attacker */
  murk_game_free(g);
  murk_mission_free(m);
  g = ending_at_start("hive-gate", &m, &place_for, &e);
  assert_int_equal(e.turn_limit, 4);
  assert_int_equal(e.points, MURK_VP_MARGIN);
  assert_int_equal(e.aim, MURK_VPO_ANNIHILATION);
  assert_int_equal(e.hold, 1); /* 10cm at 2in a cell */
  assert_int_equal(e.withdraw_from, 0);
  murk_game_free(g);
  murk_mission_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_own_and_enemy_markers),
      cmocka_unit_test(test_revealed_enemy_is_known),
      cmocka_unit_test(test_enemy_facts_as_last_seen),
      cmocka_unit_test(test_umpire_sees_everything),
      cmocka_unit_test(test_prompts),
      cmocka_unit_test(test_objectives_and_visibility),
      cmocka_unit_test(test_update_after_undo),
      cmocka_unit_test(test_events_view),
      cmocka_unit_test(test_ending_facts),
      cmocka_unit_test(test_ending_summary),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
