/* test_victory.c: how a battle ends and who won by how much - the victory point table with
 * the nine-platoon exception and transports left out, Fair Fight, the margin of victory,
 * every end condition true and false, the turn limit and who wins it, Random Game Length
 * (its rolls and its cap), the Fighting Withdrawal schedule and its `withdraw` command, and
 * the result in views and murk_game_vp. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "murk/alloc.h"
#include "murk/save.h"
#include "test_support.h"
#include "victory.h"

#define A MURK_ATTACKER
#define D MURK_DEFENDER

/* The last roll whose purpose contains `what`, or NULL. */
static const struct murk_roll* last_roll(const struct murk_game* g, const char* what) {
  const struct murk_roll* r = NULL;
  for (size_t i = 0; i < mk_game_event_count(g); i++) {
    const struct murk_event* e = mk_game_event(g, i);
    if (e->has_roll && strstr(e->roll.purpose, what)) r = &e->roll;
  }
  return r;
}

/* ---- missions built for the tests ---- */

static char forces[8192];

/* A force of `n` one-team platoons (and `transports` transports), `teams` teams each. */
static void add_force(const char* side, int n, int teams, int transports) {
  size_t len = strlen(forces);
  len += (size_t)snprintf(forces + len, sizeof forces - len,
                          "  %s:\n    profiles:\n"
                          "      man: {move: 20cm, range: 20cm, rof: 1, skill: 4, save: 7}\n"
                          "    platoons:\n",
                          side);
  for (int i = 0; i < n + transports; i++)
    len += (size_t)snprintf(forces + len, sizeof forces - len,
                            "      - {name: %s %d, command_distance: 10cm, "
                            "teams: [{profile: man, count: %d}]%s}\n",
                            side, i + 1, i < n ? teams : 1, i < n ? "" : ", flags: [transport]");
}

/* A test-field mission without fog: `extra` is YAML between the setup and the forces. */
static struct murk_mission* mission(const char* extra, int an, int ateams, int atrans, int dn,
                                    int dteams, int dtrans) {
  snprintf(forces, sizeof forces, "forces:\n");
  add_force("attacker", an, ateams, atrans);
  add_force("defender", dn, dteams, dtrans);
  return load_parts(TF_HEAD TF_SETUP, extra, forces);
}

static void set_destroyed(struct murk_game* g, enum murk_side side, int unit) {
  g->s.units[side][unit].state = MURK_PLATOON_DESTROYED;
}

/* ---- victory points ---- */

static void expect_vp(struct murk_game* g, enum murk_side winner, const char* name, int va,
                      int vd) {
  int vp[MURK_SIDES];
  char got[MURK_NAME];
  mk_victory_points(g, winner, vp, got, sizeof got);
  assert_string_equal(got, name);
  assert_int_equal(vp[A], va);
  assert_int_equal(vp[D], vd);
}

static void test_vp_table(void** st) {
  (void)st;
  /* Eight platoons and a transport each: the nine-platoon exception does not apply. */
  struct murk_mission* m = mission("", 8, 1, 1, 8, 1, 1);
  struct murk_game* g = new_game(m, 1);
  expect_vp(g, A, "Stunning Victory", 6, 1);
  set_destroyed(g, A, 0);
  expect_vp(g, A, "Stunning Victory", 6, 1); /* 1 lost */
  set_destroyed(g, A, 1);
  expect_vp(g, A, "Major Victory", 5, 2); /* 2 */
  set_destroyed(g, A, 2);
  expect_vp(g, A, "Major Victory", 5, 2); /* 3 */
  set_destroyed(g, A, 8);                 /* the transport: a loss too */
  expect_vp(g, A, "Minor Victory", 4, 3); /* 4 */
  set_destroyed(g, A, 3);
  expect_vp(g, A, "Minor Victory", 4, 3); /* 5 */
  set_destroyed(g, A, 4);
  expect_vp(g, A, "Minor Victory", 4, 3); /* 5 */
  /* The defender winning: its own losses (none) count, not the attacker's. */
  expect_vp(g, D, "Stunning Victory", 1, 6);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_vp_nine_platoons(void** st) {
  (void)st;
  /* Nine platoons (and a transport) for the attacker: its first loss is not counted. */
  struct murk_mission* m = mission("", 9, 1, 1, 8, 1, 1);
  struct murk_game* g = new_game(m, 1);
  set_destroyed(g, A, 0);
  set_destroyed(g, A, 1);
  expect_vp(g, A, "Stunning Victory", 6, 1); /* 2 lost, counted as 1 */
  set_destroyed(g, A, 2);
  set_destroyed(g, A, 3);
  expect_vp(g, A, "Major Victory", 5, 2); /* 4 lost, counted as 3 */
  /* The defender has eight platoons and a transport: nine in all, but transports do not
   * count, so no exception for it. */
  set_destroyed(g, D, 0);
  set_destroyed(g, D, 1);
  expect_vp(g, D, "Major Victory", 2, 5);
  murk_game_free(g);
  murk_mission_free(m);

  /* ignore_first_loss_at: 0 switches the exception off. */
  m = mission("victory: {ignore_first_loss_at: 0}\n", 9, 1, 0, 2, 1, 0);
  g = new_game(m, 1);
  set_destroyed(g, A, 0);
  set_destroyed(g, A, 1);
  expect_vp(g, A, "Major Victory", 5, 2);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_vp_fair_fight(void** st) {
  (void)st;
  /* Without fair_fight a game with no winner scores nothing. */
  struct murk_mission* m = mission("", 6, 1, 1, 6, 1, 1);
  struct murk_game* g = new_game(m, 1);
  set_destroyed(g, D, 0);
  expect_vp(g, MURK_NO_SIDE, "no victory points", 0, 0);
  murk_game_free(g);
  murk_mission_free(m);

  m = mission("rules:\n  fair_fight: {}\n", 6, 1, 1, 6, 1, 1);
  g = new_game(m, 1);
  expect_vp(g, MURK_NO_SIDE, "Fair Fight", 0, 0);
  set_destroyed(g, D, 0);
  set_destroyed(g, D, 6); /* a transport: worth nothing */
  set_destroyed(g, A, 0);
  set_destroyed(g, A, 1);
  expect_vp(g, MURK_NO_SIDE, "Fair Fight", 1, 2);
  for (int k = 1; k < 6; k++) set_destroyed(g, D, k);
  expect_vp(g, MURK_NO_SIDE, "Fair Fight", 3, 2); /* six destroyed, at most 3 */
  murk_game_free(g);
  murk_mission_free(m);

  m = mission("rules:\n  fair_fight: {per_platoon: 2, max: 5}\n", 6, 1, 0, 6, 1, 0);
  g = new_game(m, 1);
  set_destroyed(g, D, 0);
  set_destroyed(g, A, 0);
  set_destroyed(g, A, 1);
  set_destroyed(g, A, 2);
  expect_vp(g, MURK_NO_SIDE, "Fair Fight", 2, 5);
  murk_game_free(g);
  murk_mission_free(m);
}

static void expect_margin(struct murk_game* g, enum murk_side ended_by, enum murk_side want,
                          const char* name, int va, int vd) {
  int vp[MURK_SIDES];
  char got[MURK_NAME];
  enum murk_side w = mk_victory_points(g, ended_by, vp, got, sizeof got);
  if (w != want) print_message("got %s %d:%d\n", got, vp[A], vp[D]);
  assert_int_equal(w, want);
  assert_string_equal(got, name);
  assert_int_equal(vp[A], va);
  assert_int_equal(vp[D], vd);
}

static void kill_teams(struct murk_game* g, enum murk_side side, int unit, int n) {
  struct mk_unit_state* u = &g->s.units[side][unit];
  for (int i = 0; i < n; i++) g->s.teams[side][u->first_team + i].alive = false;
}

static void test_vp_margin(void** st) {
  (void)st;
  /* Attacker: ten platoons of one team and a transport (each worth one point: they have no
   * points costs); defender: five of two teams. The points limit is 10. */
  struct murk_mission* m =
      mission("victory: {points: margin, points_limit: 10, damaged_at: 0}\n", 10, 1, 1, 5, 2, 0);
  struct murk_game* g = new_game(m, 1);
  expect_margin(g, MURK_NO_SIDE, MURK_NO_SIDE, "Draw", 0, 0);
  /* Ending the game by the mission's condition scores nothing by itself. */
  expect_margin(g, A, MURK_NO_SIDE, "Draw", 0, 0);
  expect_margin(g, D, MURK_NO_SIDE, "Draw", 0, 0);
  set_destroyed(g, A, 10); /* the transport is a unit: 1 point, exactly 10%, a Solid Victory */
  expect_margin(g, A, D, "Solid Victory", 0, 1);
  set_destroyed(g, D, 0);
  set_destroyed(g, D, 1); /* 4:1, 30% */
  expect_margin(g, MURK_NO_SIDE, A, "Solid Victory", 4, 1);
  set_destroyed(g, D, 2);
  set_destroyed(g, D, 3); /* 8:1, 70% */
  expect_margin(g, D, A, "Crushing Victory", 8, 1);
  set_destroyed(g, D, 4); /* 10:1, 90% */
  expect_margin(g, MURK_NO_SIDE, A, "Victorious Slaughter", 10, 1);
  murk_game_free(g);
  murk_mission_free(m);

  /* Damage points (murk's default: half the worth for a unit left with half its teams or
   * fewer); the points limit defaults to the larger force's worth (8 here). */
  m = mission("victory: {points: margin}\n", 2, 4, 0, 2, 4, 0);
  g = new_game(m, 1);
  kill_teams(g, D, 0, 1); /* 3 of 4 left: not damaged */
  expect_margin(g, MURK_NO_SIDE, MURK_NO_SIDE, "Draw", 0, 0);
  kill_teams(g, D, 0, 2); /* 2 of 4 left: damaged, 2 points */
  expect_margin(g, MURK_NO_SIDE, A, "Solid Victory", 2, 0);
  murk_game_free(g);
  murk_mission_free(m);
  m = mission("victory: {points: margin, damaged_at: 25, damaged_share: 100}\n", 2, 4, 0, 2, 4, 0);
  g = new_game(m, 1);
  kill_teams(g, D, 0, 2);
  expect_margin(g, MURK_NO_SIDE, MURK_NO_SIDE, "Draw", 0, 0);
  kill_teams(g, D, 0, 3); /* 1 of 4 left: damaged, all 4 points: 50% */
  expect_margin(g, MURK_NO_SIDE, A, "Solid Victory", 4, 0);
  murk_game_free(g);
  murk_mission_free(m);
}

static void deploy_all(struct murk_game* g, int an, int dn);
static void put(struct murk_game* g, enum murk_side side, int unit, int x, int y);
static void pass(struct murk_game* g);

/* Points costs and the mission's aim (40k mission special rules, Mission Specific Objectives). */
static void test_vp_margin_objectives(void** st) {
  (void)st;
  static const char costed[] =
      "forces:\n"
      "  attacker:\n    profiles:\n"
      "      man: {move: 20cm, range: 20cm, rof: 1, skill: 4, save: 7}\n"
      "    platoons:\n"
      "      - {name: a1, command_distance: 10cm, points: 120, teams: [{profile: man}]}\n"
      "      - {name: a2, command_distance: 10cm, points: 80, teams: [{profile: man}]}\n"
      "  defender:\n    profiles:\n"
      "      man: {move: 20cm, range: 20cm, rof: 1, skill: 4, save: 7}\n"
      "    platoons:\n"
      "      - {name: d1, command_distance: 10cm, points: 100, teams: [{profile: man}]}\n"
      "      - {name: d2, command_distance: 10cm, points: 100, teams: [{profile: man}]}\n";
  struct murk_mission* m = load_parts(TF_HEAD TF_SETUP, "victory: {points: margin}\n", costed);
  struct murk_game* g = new_game(m, 1);
  deploy_all(g, 2, 2);
  set_destroyed(g, A, 0); /* 120 to the defender out of a limit of 200: 60% */
  expect_margin(g, A, D, "Crushing Victory", 0, 120);
  murk_game_free(g);
  murk_mission_free(m);

  /* Annihilation: destroyed units and each own scoring unit left. */
  m = load_parts(TF_HEAD TF_SETUP, "victory: {points: margin, objective: annihilation}\n", costed);
  g = new_game(m, 1);
  deploy_all(g, 2, 2);
  expect_margin(g, MURK_NO_SIDE, MURK_NO_SIDE, "Draw", 200, 200);
  set_destroyed(g, D, 0); /* 100 + 200 : 100 */
  expect_margin(g, MURK_NO_SIDE, A, "Victorious Slaughter", 300, 100);
  murk_game_free(g);
  murk_mission_free(m);

  /* Enemy lines: a1 wholly in the defender's half. */
  m = load_parts(TF_HEAD TF_SETUP, "victory: {points: margin, objective: enemy_lines}\n", costed);
  g = new_game(m, 1);
  deploy_all(g, 2, 2);
  expect_margin(g, MURK_NO_SIDE, MURK_NO_SIDE, "Draw", 0, 0);
  put(g, A, 0, 10, 3);
  expect_margin(g, MURK_NO_SIDE, A, "Crushing Victory", 120, 0);
  murk_game_free(g);
  murk_mission_free(m);

  /* Field of battle: within 12in (30.48cm: 6 cells of 5cm, rounded down) of 8,6. */
  m = load_parts(TF_HEAD TF_SETUP, "victory: {points: margin, objective: field_of_battle}\n",
                 costed);
  assert_int_equal(m->victory.centre, 6);
  g = new_game(m, 1);
  deploy_all(g, 2, 2);
  put(g, D, 0, 0, 0); /* both defenders far from the centre */
  put(g, D, 1, 15, 0);
  put(g, A, 1, 8, 6);
  expect_margin(g, MURK_NO_SIDE, A, "Solid Victory", 80, 0);
  murk_game_free(g);
  murk_mission_free(m);

  /* Table quarters: each side deployed in a half, so its two quarters are worth nothing
   * to it and each of the other two half the limit (the defender holds the north-west). */
  m = load_parts(TF_HEAD TF_SETUP,
                 "victory: {points: margin, objective: table_quarters, points_limit: 200}\n",
                 costed);
  g = new_game(m, 1);
  deploy_all(g, 2, 2);
  expect_margin(g, MURK_NO_SIDE, MURK_NO_SIDE, "Draw", 0, 0);
  put(g, A, 1, 12, 2); /* a2 alone in the north-east */
  expect_margin(g, MURK_NO_SIDE, A, "Solid Victory", 100, 0);
  murk_game_free(g);
  murk_mission_free(m);

  /* Loot: each objective held is worth the limit over their number. */
  m = load_parts(TF_HEAD TF_SETUP,
                 "objectives:\n  fixed:\n    - {name: cache, at: \"12,2\"}\n"
                 "    - {name: dump, at: \"12,8\"}\n"
                 "victory: {points: margin, objective: loot}\n",
                 costed);
  g = new_game(m, 1);
  deploy_all(g, 2, 2);
  put(g, A, 1, 12, 2);
  expect_margin(g, MURK_NO_SIDE, A, "Solid Victory", 100, 0);
  murk_game_free(g);
  murk_mission_free(m);

  /* Held by scoring units only, as the other objective types: a transport (d2) neither
   * holds the dump nor contests the cache. */
  char transported[sizeof costed + 32];
  const char* d2 = strstr(costed, "{name: d2, ");
  assert_non_null(d2);
  snprintf(transported, sizeof transported, "%.*s{name: d2, flags: [transport], %s",
           (int)(d2 - costed), costed, d2 + strlen("{name: d2, "));
  m = load_parts(TF_HEAD TF_SETUP,
                 "objectives:\n  fixed:\n    - {name: cache, at: \"12,2\"}\n"
                 "    - {name: dump, at: \"12,8\"}\n"
                 "victory: {points: margin, objective: loot}\n",
                 transported);
  g = new_game(m, 1);
  deploy_all(g, 2, 2);
  put(g, A, 1, 12, 2);
  put(g, D, 1, 13, 2); /* beside the cache */
  expect_margin(g, MURK_NO_SIDE, A, "Solid Victory", 100, 0);
  put(g, D, 1, 12, 8); /* alone at the dump */
  expect_margin(g, MURK_NO_SIDE, A, "Solid Victory", 100, 0);
  murk_game_free(g);
  murk_mission_free(m);
}

/* A whole game with no shot fired ends in a draw under margin scoring,
 * however the mission's condition or its time ends it. */
static void test_vp_margin_no_shot(void** st) {
  (void)st;
  struct murk_mission* m =
      mission("turn_limit: 1\nvictory: {points: margin, otherwise: defender}\n", 2, 2, 1, 2, 2, 1);
  struct murk_game* g = new_game(m, 1);
  deploy_all(g, 3, 3);
  while (murk_game_phase(g) == MURK_PHASE_PLAY) pass(g);
  assert_non_null(strstr(murk_game_result(g), "no winner (Draw 0:0)"));
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- a game to play ---- */

/* Deploy attacker platoon 1 at 2,9 and the defender's at 2,2, 6,2, ...: the rest of the
 * attacker's platoons at 6,9, 10,9, ... */
static void deploy_all(struct murk_game* g, int an, int dn) {
  char line[64];
  int ai = 0, di = 0;
  while (ai < an || di < dn) {
    if (murk_game_to_act(g) == A) {
      if (ai < an) {
        snprintf(line, sizeof line, "deploy %d at %d,9", ai + 1, 2 + 2 * ai);
        ai++;
      } else {
        snprintf(line, sizeof line, "end");
      }
    } else {
      if (di < dn) {
        snprintf(line, sizeof line, "deploy %d at %d,%d", di + 1, 2 + 2 * (di % 7), di < 7 ? 1 : 3);
        di++;
      } else {
        snprintf(line, sizeof line, "end");
      }
    }
    ok_line(g, line);
  }
  while (murk_game_phase(g) == MURK_PHASE_DEPLOY) ok_line(g, "end");
}

/* Put a unit's teams from x,y eastwards. */
static void put(struct murk_game* g, enum murk_side side, int unit, int x, int y) {
  struct mk_unit_state* u = &g->s.units[side][unit];
  for (int i = 0; i < u->nteams; i++) {
    g->s.teams[side][u->first_team + i].pos = (struct murk_pos){x + i, y};
    g->s.teams[side][u->first_team + i].placed = true;
  }
}

/* End one player turn (three steps). */
static void pass(struct murk_game* g) {
  ok_lines(g, "end\nend\nend");
}

/* ---- end conditions ---- */

#define FIXED_OBJECTIVES                             \
  "objectives:\n  fixed:\n"                          \
  "    - {name: farm, at: \"8,4\", for: attacker}\n" \
  "    - {name: mill, at: \"3,8\", for: defender}\n"

/* How near is a length of the mission (objectives: hold), 10cm unless it
 * says; at 5cm a cell, 2 cells. */
static void test_objective_hold_distance(void** st) {
  (void)st;
  static const struct {
    const char* hold;
    int cells;
  } cases[] = {{"", 2}, {"  hold: 20cm\n", 4}, {"  hold: 1hex\n", 1}, {"  hold: 4in\n", 2}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char text[512];
    snprintf(text, sizeof text, "%s%send:\n  - {kind: objective_taken}\n", FIXED_OBJECTIVES,
             cases[i].hold);
    struct murk_mission* m = mission(text, 1, 2, 0, 2, 1, 0);
    assert_int_equal(m->objective_hold, cases[i].cells);
    struct murk_game* g = new_game(m, 1);
    deploy_all(g, 1, 2);
    put(g, D, 0, 12, 0);
    put(g, D, 1, 14, 0);
    /* The team nearest the farm (8,4) is hold cells away on row 4: held; one more: not. */
    put(g, A, 0, 8 + cases[i].cells, 4);
    assert_true(mk_objective_taken(g, A, 0));
    put(g, A, 0, 8 + cases[i].cells + 1, 4);
    assert_false(mk_objective_taken(g, A, 0));
    /* An enemy team as near contests it. */
    put(g, A, 0, 8, 4);
    put(g, D, 0, 8 - cases[i].cells, 4);
    assert_false(mk_objective_taken(g, A, 0));
    murk_game_free(g);
    murk_mission_free(m);
  }
}

static void test_objective_taken(void** st) {
  (void)st;
  struct murk_mission* m = mission(
      FIXED_OBJECTIVES "  hold: 1hex\nend:\n  - {kind: objective_taken}\n", 1, 2, 0, 2, 1, 0);
  struct murk_game* g = new_game(m, 1);
  deploy_all(g, 1, 2);
  const struct murk_end_condition* e = &m->end[0];
  int k = -1;
  put(g, A, 0, 0, 11);
  put(g, D, 0, 12, 0);
  put(g, D, 1, 14, 0);
  assert_false(mk_end_condition_met(g, A, e, &k));
  /* An attacking team next to the farm holds it... */
  put(g, A, 0, 9, 4); /* 9,4 and 10,4 */
  assert_true(mk_objective_taken(g, A, 0));
  assert_true(mk_end_condition_met(g, A, e, &k));
  assert_int_equal(k, 0);
  /* ...but the mill is the defender's: the attacker cannot take it. */
  put(g, A, 0, 3, 7);
  assert_true(mk_objective_taken(g, A, 1));        /* it stands there, */
  assert_false(mk_end_condition_met(g, A, e, &k)); /* but the mill is not its to take */
  /* Two cells away is not holding. */
  put(g, A, 0, 10, 4);
  assert_false(mk_objective_taken(g, A, 0));
  /* A defending team within a cell contests it. */
  put(g, A, 0, 9, 4);
  put(g, D, 0, 7, 4);
  assert_false(mk_objective_taken(g, A, 0));
  put(g, D, 0, 12, 0);
  /* So does an enemy template, dummy or not. */
  int mi = mk_marker_new(g, D, -1, (struct murk_pos){8, 5});
  assert_true(mi >= 0);
  g->s.markers[mi].on_table = true;
  assert_false(mk_objective_taken(g, A, 0));
  g->s.markers[mi].on_table = false;
  assert_true(mk_objective_taken(g, A, 0));
  /* The condition for the other side only: not at the attacker's turn. */
  struct murk_end_condition only = {.kind = MURK_END_OBJECTIVE_TAKEN, .side = D};
  assert_false(mk_end_condition_met(g, A, &only, NULL));
  /* From turn 6 only ("on or after turn six"). */
  struct murk_end_condition late = {.kind = MURK_END_OBJECTIVE_TAKEN, .side = A, .turn = 6};
  assert_false(mk_end_condition_met(g, A, &late, NULL));
  g->s.turn = 6;
  assert_true(mk_end_condition_met(g, A, &late, NULL));
  murk_game_free(g);
  murk_mission_free(m);
}

/* Who holds an objective as each side knows it (the view's held_by and contested): the
 * reading of "taken" over the side's own units and the enemy where it sees or last saw it;
 * the umpire's over the truth. */
static void know_teams(struct murk_game* g, enum murk_side viewer, int unit, bool known) {
  enum murk_side owner = murk_side_other(viewer);
  const struct mk_unit_state* u = &g->s.units[owner][unit];
  for (int i = 0; i < u->nteams; i++) {
    struct mk_sighting* k = &g->s.seen_team[viewer][u->first_team + i];
    k->known = known;
    k->pos = g->s.teams[owner][u->first_team + i].pos;
  }
}

static void test_objective_hold(void** st) {
  (void)st;
  struct murk_mission* m = mission(FIXED_OBJECTIVES "  hold: 1hex\n", 1, 2, 0, 2, 1, 0);
  struct murk_game* g = new_game(m, 1);
  deploy_all(g, 1, 2);
  put(g, D, 0, 12, 0);
  put(g, D, 1, 14, 0);
  put(g, A, 0, 9, 4); /* next to the farm (8,4) */
  know_teams(g, D, 0, false);
  bool contested = true;
  assert_int_equal(mk_objective_hold(g, MURK_NO_SIDE, 0, &contested), A);
  assert_false(contested);
  assert_int_equal(mk_objective_hold(g, A, 0, &contested), A);
  /* The defender does not know the attacker is there: nobody holds it as it knows. */
  assert_int_equal(mk_objective_hold(g, D, 0, &contested), MURK_NO_SIDE);
  assert_false(contested);
  know_teams(g, D, 0, true);
  assert_int_equal(mk_objective_hold(g, D, 0, &contested), A);
  /* A defending team the attacker has not seen: the attacker still thinks it holds the
   * farm; the truth and the defender say contested. */
  put(g, D, 0, 7, 4);
  know_teams(g, A, 0, false);
  assert_int_equal(mk_objective_hold(g, A, 0, &contested), A);
  assert_false(contested);
  assert_int_equal(mk_objective_hold(g, MURK_NO_SIDE, 0, &contested), MURK_NO_SIDE);
  assert_true(contested);
  assert_int_equal(mk_objective_hold(g, D, 0, &contested), MURK_NO_SIDE);
  assert_true(contested);
  know_teams(g, A, 0, true);
  assert_int_equal(mk_objective_hold(g, A, 0, &contested), MURK_NO_SIDE);
  assert_true(contested);
  /* The attacker gone: the defender's team holds it, whoever's objective it is. */
  put(g, A, 0, 0, 11);
  know_teams(g, D, 0, true);
  assert_int_equal(mk_objective_hold(g, D, 0, &contested), D);
  assert_false(contested);
  /* The view carries it. */
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, D, &v), MURK_OK);
  assert_int_equal(v->objectives[0].held_by, D);
  assert_false(v->objectives[0].contested);
  murk_view_free(v);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_no_attackers_in_half(void** st) {
  (void)st;
  struct murk_mission* m = mission(
      FIXED_OBJECTIVES "end:\n  - {kind: no_attackers_in_half, turn: 6}\n", 1, 2, 0, 1, 1, 0);
  struct murk_game* g = new_game(m, 1);
  deploy_all(g, 1, 1);
  const struct murk_end_condition* e = &m->end[0];
  g->s.turn = 6;
  /* The defender's half is the north one (rows 0-5). */
  put(g, A, 0, 2, 5);
  assert_false(mk_end_condition_met(g, D, e, NULL));
  put(g, A, 0, 2, 6);
  assert_true(mk_end_condition_met(g, D, e, NULL));
  /* Checked at the defender's turns only, and from turn 6. */
  assert_false(mk_end_condition_met(g, A, e, NULL));
  g->s.turn = 5;
  assert_false(mk_end_condition_met(g, D, e, NULL));
  g->s.turn = 6;
  /* An attacking template (a dummy, even) in the half counts as attackers there. */
  int mi = mk_marker_new(g, A, -1, (struct murk_pos){7, 2});
  g->s.markers[mi].on_table = true;
  assert_false(mk_end_condition_met(g, D, e, NULL));
  g->s.markers[mi].on_table = false;
  /* A destroyed team does not. */
  put(g, A, 0, 2, 3);
  g->s.teams[A][g->s.units[A][0].first_team].alive = false;
  g->s.teams[A][g->s.units[A][0].first_team + 1].alive = false;
  assert_true(mk_end_condition_met(g, D, e, NULL));
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_no_attackers_near_objectives(void** st) {
  (void)st;
  struct murk_mission* m = mission(FIXED_OBJECTIVES
                                   "end:\n  - {kind: no_attackers_near_objectives, turn: 6, "
                                   "distance: 20cm}\n",
                                   1, 1, 0, 1, 1, 0);
  struct murk_game* g = new_game(m, 1);
  deploy_all(g, 1, 1);
  const struct murk_end_condition* e = &m->end[0];
  assert_int_equal(e->distance, 4);
  g->s.turn = 7;
  put(g, A, 0, 12, 4); /* 4 cells from the farm at 8,4 */
  assert_false(mk_end_condition_met(g, D, e, NULL));
  put(g, A, 0, 13, 4); /* 5 */
  assert_true(mk_end_condition_met(g, D, e, NULL));
  put(g, A, 0, 3, 11); /* 3 from the mill at 3,8 */
  assert_false(mk_end_condition_met(g, D, e, NULL));
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_end_condition_in_play(void** st) {
  (void)st;
  /* The whole path: at the start of the defender's turn 2, no attacker in its half. */
  struct murk_mission* m = mission(FIXED_OBJECTIVES
                                   "end:\n  - {kind: no_attackers_in_half, turn: 2}\n"
                                   "  - {kind: objective_taken, side: attacker}\n",
                                   1, 1, 0, 1, 1, 0);
  struct murk_game* g = new_game(m, 1);
  deploy_all(g, 1, 1);
  pass(g);
  pass(g);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY); /* turn 1: too early */
  pass(g);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_OVER);
  assert_int_equal(murk_game_winner(g), D);
  assert_string_equal(murk_game_result(g),
                      "defender wins (Stunning Victory 6:1): no attacking teams in the defender's "
                      "half on turn 2");
  assert_int_equal(murk_game_vp(g, D), 6);
  assert_int_equal(murk_game_vp(g, A), 1);
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, A, &v), MURK_OK);
  assert_int_equal(v->winner, D);
  assert_int_equal(v->vp[D], 6);
  assert_int_equal(v->vp[A], 1);
  assert_string_equal(v->result, murk_game_result(g));
  murk_view_free(v);
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- game length ---- */

static void test_turn_limit_otherwise(void** st) {
  (void)st;
  struct murk_mission* m =
      mission("turn_limit: 2\nvictory: {otherwise: defender}\n", 1, 1, 0, 1, 1, 0);
  struct murk_game* g = new_game(m, 1);
  deploy_all(g, 1, 1);
  assert_int_equal(murk_game_vp(g, D), 0);
  for (int i = 0; i < 3; i++) pass(g);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  pass(g);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_OVER);
  assert_string_equal(murk_game_result(g),
                      "defender wins (Stunning Victory 6:1): turn limit reached after turn 2");
  murk_game_free(g);
  murk_mission_free(m);
}

/* Play whole game turns until over; returns the last game turn played. */
static int play_out(struct murk_game* g) {
  while (murk_game_phase(g) == MURK_PHASE_PLAY) pass(g);
  return murk_game_turn(g) - 1;
}

static void test_random_game_length(void** st) {
  (void)st;
  struct murk_mission* m = mission(
      "turn_limit: 2\nrules:\n  random_game_length: {score: 4, max_extra: 3}\n", 1, 1, 0, 1, 1, 0);
  int seen[6] = {0};
  for (uint64_t seed = 1; seed < 60; seed++) {
    struct murk_game* g = new_game(m, seed);
    deploy_all(g, 1, 1);
    int last = play_out(g);
    assert_true(last >= 2 && last <= 5);
    /* One roll at the end of turn 2 (the stated turns) and of each extra turn, unless the
     * three extra turns were played. */
    int rolls = 0, passes = 0;
    for (size_t i = 0; i < mk_game_event_count(g); i++) {
      const struct murk_event* e = mk_game_event(g, i);
      if (!e->has_roll || !strstr(e->roll.purpose, "random game length")) continue;
      rolls++;
      passes += e->roll.total >= 4;
    }
    assert_int_equal(passes, last - 2);
    assert_int_equal(rolls, last < 5 ? last - 1 : 3);
    if (last < 5) {
      char want[80];
      snprintf(want, sizeof want, "the game ends after turn %d (random game length)", last);
      assert_non_null(strstr(murk_game_result(g), want));
      assert_true(last_roll(g, "random game length")->total < 4);
    } else {
      assert_non_null(strstr(murk_game_result(g),
                             "the game ends after turn 5 (random game length: 3 extra "
                             "turns)"));
    }
    seen[last] = 1;
    murk_game_free(g);
  }
  assert_true(seen[2] && seen[3] && seen[5]);
  murk_mission_free(m);

  /* No extra turns allowed: the game ends after turn 2 without a roll. */
  m = mission("turn_limit: 2\nrules:\n  random_game_length: {max_extra: 0}\n", 1, 1, 0, 1, 1, 0);
  struct murk_game* g = new_game(m, 1);
  deploy_all(g, 1, 1);
  assert_int_equal(play_out(g), 2);
  assert_null(last_roll(g, "random game length"));
  murk_game_free(g);
  murk_mission_free(m);

  /* The rule only extends: a six-turn mission always plays its six turns,
   * reaches turn 7 about half the time, and the first roll comes after turn 6. */
  m = mission("turn_limit: 6\nrules:\n  random_game_length: {}\n", 1, 1, 0, 1, 1, 0);
  int seven = 0;
  for (uint64_t seed = 1; seed < 40; seed++) {
    g = new_game(m, seed);
    deploy_all(g, 1, 1);
    int last = play_out(g);
    assert_true(last >= 6 && last <= 9);
    seven += last >= 7;
    for (size_t i = 0; i < mk_game_event_count(g); i++) {
      const struct murk_event* e = mk_game_event(g, i);
      if (e->has_roll && strstr(e->roll.purpose, "random game length")) {
        assert_non_null(strstr(e->roll.purpose, "after turn 6"));
        break;
      }
    }
    murk_game_free(g);
  }
  assert_true(seven > 5 && seven < 35);
  murk_mission_free(m);

  /* A score of 1 always passes: the three extra turns are played. */
  m = mission("turn_limit: 3\nrules:\n  random_game_length: {score: 1}\n", 1, 1, 0, 1, 1, 0);
  g = new_game(m, 1);
  deploy_all(g, 1, 1);
  assert_int_equal(play_out(g), 6);
  assert_non_null(strstr(murk_game_result(g), "random game length: 3 extra turns"));
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- Fighting Withdrawal ---- */

#define FW_MISSION_EXTRA                               \
  "objectives:\n  fixed:\n"                            \
  "    - {name: \"1\", at: \"2,4\", for: attacker}\n"  \
  "    - {name: \"2\", at: \"8,4\", for: attacker}\n"  \
  "    - {name: \"3\", at: \"14,3\", for: attacker}\n" \
  "rules:\n  fighting_withdrawal: {}\n"                \
  "end:\n  - {kind: objective_taken, side: attacker}\n"

static int withdrawn(const struct murk_game* g) {
  int n = 0;
  for (int k = 0; k < g->s.nunits[D]; k++) n += g->s.units[D][k].state == MURK_PLATOON_WITHDRAWN;
  return n;
}

/* Pass the attacker's turn and start the defender's. */
static void to_defender(struct murk_game* g) {
  assert_int_equal(murk_game_to_act(g), A);
  pass(g);
  assert_int_equal(murk_game_to_act(g), D);
}

/* One attacker platoon and two of the defender's on the test field with `extra`
 * (objectives, rules), deployed, the attacker's turn 1 passed: the defender's turn 1. */
static struct murk_game* withdrawal_turn_1(struct murk_mission** m, const char* extra) {
  *m = mission(extra, 1, 1, 0, 2, 1, 0);
  struct murk_game* g = new_game(*m, 1);
  ok_lines(g, "deploy 1 at 2,9\ndeploy 1 at 2,1\nend\ndeploy 2 at 6,1\nend");
  to_defender(g);
  return g;
}

static void test_fighting_withdrawal_schedule(void** st) {
  (void)st;
  struct murk_mission* m = mission(FW_MISSION_EXTRA, 1, 1, 0, 6, 1, 0);
  struct murk_game* g = new_game(m, 1);
  deploy_all(g, 1, 6);
  put(g, A, 0, 14, 8);
  char why[200];
  to_defender(g);
  pass(g); /* turn 1 */
  to_defender(g);
  refused(g, "withdraw 1",
          "no withdrawal is due (the Fighting Withdrawal schedule calls for them at "
          "the start of your turn)");
  pass(g); /* turn 2 */
  /* Turn 3: six platoons on the table: withdraw one. */
  to_defender(g);
  assert_int_equal(g->s.withdraw_due, 1);
  assert_true(has_event(g, "Fighting Withdrawal, turn 3: the defender withdraws a platoon"));
  refused(g, "end",
          "the Fighting Withdrawal schedule says you must withdraw 1 platoon first "
          "(withdraw N)");
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, D, &v), MURK_OK);
  assert_int_equal(v->withdraw_due, 1);
  assert_non_null(strstr(v->prompt, "withdraw 1 platoon first (withdraw N)"));
  /* The view's verbs say the same: withdraw, and no end yet. */
  assert_true(v->verbs & (1u << MURK_CMD_WITHDRAW));
  assert_false(v->verbs & (1u << MURK_CMD_END));
  murk_view_free(v);
  ok_line(g, "withdraw 6");
  assert_int_equal(murk_view_build(g, D, &v), MURK_OK);
  assert_false(v->verbs & (1u << MURK_CMD_WITHDRAW));
  assert_true(v->verbs & (1u << MURK_CMD_END));
  murk_view_free(v);
  assert_int_equal(g->s.units[D][5].state, MURK_PLATOON_WITHDRAWN);
  assert_true(has_event(g, "defender withdraws P"));
  bad_line(g, "withdraw 5", why, sizeof why); /* only one was due */
  pass(g);
  /* Turn 4: five on the table: another. */
  to_defender(g);
  assert_int_equal(g->s.withdraw_due, 1);
  refused(g, "withdraw 6", "platoon 6 (defender 6) is not on the table");
  ok_line(g, "withdraw 5");
  pass(g);
  /* Turn 5: four and no counters: a delay counter. */
  to_defender(g);
  assert_int_equal(g->s.withdraw_due, 0);
  assert_int_equal(g->s.delay_counters, 1);
  assert_true(has_event(g, "Fighting Withdrawal, turn 5: the defender gains a delay counter (1)"));
  pass(g);
  /* Turn 6: an objective goes, the defender's choice; four platoons and a counter make
   * five: a withdrawal, and the counter is given up. */
  to_defender(g);
  assert_true(
      has_event(g, "Fighting Withdrawal, turn 6: the defender removes an objective of its choice"));
  assert_int_equal(g->s.nobjectives, 3);
  refused(g, "end",
          "the Fighting Withdrawal schedule says you must remove an objective first "
          "(remove objective NAME)");
  assert_int_equal(murk_view_build(g, D, &v), MURK_OK);
  assert_true(v->verbs & (1u << MURK_CMD_REMOVE));
  assert_non_null(strstr(v->prompt, "remove an objective first (remove objective NAME)"));
  murk_view_free(v);
  refused(g, "remove objective 7", "there is no objective 7 (the objectives: 1, 2, 3)");
  ok_line(g, "remove objective 1"); /* not the one the attacker is nearest to: its choice */
  assert_true(
      has_event(g, "Fighting Withdrawal, turn 6: the defender removes objective 1 at 02,04"));
  assert_int_equal(g->s.nobjectives, 2);
  bad_line(g, "remove objective 2", why, sizeof why); /* one was due */
  assert_string_equal(why, "you take away no objectives now");
  assert_int_equal(g->s.withdraw_due, 1);
  assert_int_equal(g->s.delay_counters, 0);
  ok_line(g, "withdraw 4");
  pass(g);
  /* Turn 7: another goes; three platoons: a counter. */
  to_defender(g);
  ok_line(g, "remove objective 3");
  assert_int_equal(g->s.nobjectives, 1);
  assert_string_equal(g->s.objectives[0].name, "2");
  assert_int_equal(g->s.delay_counters, 1);
  assert_int_equal(g->s.withdraw_due, 0);
  pass(g);
  /* Turn 8: at the start of the defender's eighth turn the game is over: the rearguard
   * held. */
  pass(g);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_OVER);
  assert_int_equal(murk_game_winner(g), D);
  assert_int_equal(withdrawn(g), 3);
  /* Withdrawn platoons are not losses: a Stunning Victory. */
  assert_string_equal(murk_game_result(g),
                      "defender wins (Stunning Victory 6:1): the rearguard held until the "
                      "defender's turn 8");
  murk_game_free(g);
  murk_mission_free(m);
}

/* Objectives with names, not numbers: the defender removes one by the name its view shows
 * (spacing and case aside), as the players do (murk_command_remove_objective); a name the
 * table does not have is refused with the ones it has. */
static void test_fighting_withdrawal_named_objectives(void** st) {
  (void)st;
  struct murk_mission* m;
  struct murk_game* g = withdrawal_turn_1(
      &m,
      "objectives:\n  fixed:\n"
      "    - {name: the farm, at: \"2,4\", for: attacker}\n"
      "    - {name: Mill, at: \"8,4\", for: attacker}\n"
      "    - {name: \"3\", at: \"14,3\", for: attacker}\n"
      "rules:\n  fighting_withdrawal: {from_turn: 1, platoons: 9, remove_from: 1}\n");
  assert_int_equal(g->s.remove_due, 1);
  char why[200];
  refused(g, "remove objective farm",
          "there is no objective farm (the objectives: the farm, Mill, 3)");
  ok_line(g, "remove objective The  FARM");
  assert_true(has_event(
      g, "Fighting Withdrawal, turn 1: the defender removes objective the farm at 02,04"));
  pass(g);
  to_defender(g);
  /* The players' way: the name straight from the view. */
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, D, &v), MURK_OK);
  assert_int_equal(v->nobjectives, 2);
  assert_string_equal(v->objectives[0].name, "Mill");
  struct murk_command c;
  assert_int_equal(murk_command_remove_objective(&c, v->objectives[0].name), MURK_OK);
  murk_view_free(v);
  assert_int_equal(murk_game_apply(g, D, &c, why, sizeof why), MURK_OK);
  assert_true(has_event(g, "the defender removes objective Mill at 08,04"));
  assert_int_equal(g->s.nobjectives, 1);
  assert_string_equal(g->s.objectives[0].name, "3");
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_withdraw_template_stays_secret(void** st) {
  (void)st;
  struct murk_mission* m;
  struct murk_game* g = withdrawal_turn_1(
      &m,
      "objectives:\n  fixed:\n    - {name: alpha, at: \"2,4\", for: attacker}\n"
      "rules:\n  fog_of_war: {dummies: true}\n  fighting_withdrawal: {from_turn: 1, "
      "platoons: 1, remove_from: 1}\n");
  assert_int_equal(g->s.withdraw_due, 1);
  assert_int_equal(g->s.nobjectives, 1); /* the last objective is never removed */
  char why[200];
  ok_line(g, "withdraw T3");
  assert_int_equal(g->s.units[D][1].state, MURK_PLATOON_WITHDRAWN);
  /* Everyone sees the template leave; only the defender learns what it was. */
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, A, &v), MURK_OK);
  bool saw = false;
  for (size_t i = 0; i < v->nevents; i++) {
    assert_null(strstr(v->events[i].text, "defender 2"));
    if (strstr(v->events[i].text, "defender withdraws T3 from the table")) saw = true;
  }
  assert_true(saw);
  assert_null(murk_view_marker_by_number(v, D, 3));
  murk_view_free(v);
  assert_true(has_event(g, "T3 was your defender 2 (platoon 2)"));
  bad_line(g, "withdraw 1", why, sizeof why);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_mission_keys(void** st) {
  (void)st;
  struct murk_mission* m =
      mission("victory: {points: margin, otherwise: defender}\n", 1, 1, 0, 1, 1, 0);
  assert_int_equal(m->victory.mode, MURK_VP_MARGIN);
  assert_int_equal(m->victory.otherwise, D);
  assert_int_equal(m->victory.nrows, 3); /* the default table stays */
  murk_mission_free(m);
  m = mission("", 1, 1, 0, 1, 1, 0);
  assert_int_equal(m->victory.mode, MURK_VP_TABLE);
  assert_int_equal(m->victory.otherwise, MURK_NO_SIDE);
  assert_int_equal(murk_mission_param(m, MURK_P_FF_MAX), 3);
  assert_int_equal(murk_mission_param(m, MURK_P_FW_PLATOONS), 5);
  murk_mission_free(m);
}

/* ---- ends by choice: concede, offer end, accept end, refuse end ---- */

static enum murk_side offer_seen_by(const struct murk_game* g, enum murk_side side) {
  struct murk_view* v = view_of(g, side);
  enum murk_side o = v->end_offer;
  murk_view_free(v);
  return o;
}

static void test_concede(void** st) {
  (void)st;
  struct murk_mission* m = mission("turn_limit: 6\n", 2, 1, 0, 2, 1, 0);
  struct murk_game* g = new_game(m, 1);
  refused(g, "concede", "a battle is conceded during play, in your own turn");
  deploy_all(g, 2, 2);
  assert_int_equal(murk_game_to_act(g), A);
  ok_line(g, "concede");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_OVER);
  assert_int_equal(murk_game_winner(g), D);
  /* A lost battle, by the mission's table: the winner lost nothing. */
  assert_string_equal(murk_game_result(g),
                      "defender wins (Stunning Victory 6:1): the attacker conceded on turn 1");
  assert_int_equal(murk_game_vp(g, D), 6);
  assert_int_equal(murk_game_vp(g, A), 1);
  assert_int_equal(murk_game_ended(g), MURK_ENDED_CONCEDED);
  /* The battle is over: nothing to take back. */
  assert_int_equal(murk_game_undoable(g), 0);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_offer_refuse_accept(void** st) {
  (void)st;
  struct murk_mission* m = mission("turn_limit: 6\nrules:\n  fair_fight: {}\n", 2, 1, 0, 2, 1, 0);
  struct murk_game* g = new_game(m, 1);
  refused(g, "offer end", "an end is offered during play, in your own turn");
  deploy_all(g, 2, 2);
  refused(g, "accept end", "the defender has offered no end to the battle");
  refused(g, "refuse end", "the defender has offered no end to the battle");
  ok_line(g, "offer end");
  /* A public fact: both views say whose offer waits. */
  assert_int_equal(offer_seen_by(g, A), A);
  assert_int_equal(offer_seen_by(g, D), A);
  refused(g, "offer end", "your offer to end the battle stands until the defender answers it");
  refused(g, "accept end", "the offer to end the battle is yours: the defender answers it");
  /* Offering rolls nothing and reveals nothing: it may be taken back. */
  assert_int_equal(murk_game_undo(g, NULL, 0), MURK_OK);
  assert_int_equal(offer_seen_by(g, D), MURK_NO_SIDE);
  ok_line(g, "offer end");
  pass(g); /* the offerer plays on; the enemy answers when it next acts */
  assert_int_equal(murk_game_to_act(g), D);
  refused(g, "end",
          "the attacker has offered to end the battle: answer it first (accept end or refuse "
          "end)");
  refused(g, "offer end",
          "the attacker has offered to end the battle: answer it first (accept end or refuse "
          "end)");
  struct murk_view* v = view_of(g, D);
  assert_int_equal(v->verbs,
                   (1u << MURK_CMD_CONCEDE) | (1u << MURK_CMD_ACCEPT) | (1u << MURK_CMD_REFUSE));
  assert_non_null(strstr(v->prompt, "the attacker offers to end the battle"));
  murk_view_free(v);
  ok_line(g, "refuse end");
  assert_int_equal(offer_seen_by(g, A), MURK_NO_SIDE);
  assert_int_equal(murk_game_undoable(g), 0); /* an answer given stands */
  refused(g, "accept end", "the attacker has offered no end to the battle");
  ok_line(g, "offer end");
  pass(g);
  ok_line(g, "accept end");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_OVER);
  assert_int_equal(murk_game_winner(g), MURK_NO_SIDE);
  assert_int_equal(murk_game_ended(g), MURK_ENDED_AGREED);
  assert_string_equal(murk_game_result(g),
                      "no winner (Fair Fight 0:0): the attacker accepted the defender's offer to "
                      "end the battle on turn 2");
  murk_game_free(g);
  murk_mission_free(m);
}

/* An agreed end goes to the side the mission names for a game without a winner. */
static void test_agreed_end_otherwise(void** st) {
  (void)st;
  struct murk_mission* m =
      mission("turn_limit: 6\nvictory: {otherwise: defender}\n", 1, 1, 0, 1, 1, 0);
  struct murk_game* g = new_game(m, 1);
  deploy_all(g, 1, 1);
  ok_line(g, "offer end");
  pass(g);
  ok_line(g, "accept end");
  assert_int_equal(murk_game_winner(g), D);
  assert_string_equal(murk_game_result(g),
                      "defender wins (Stunning Victory 6:1): the defender accepted the "
                      "attacker's offer to end the battle on turn 1");
  murk_game_free(g);
  murk_mission_free(m);
}

/* A last turn for tournament play: the game ends after it, the mission's no-winner rule
 * decides, the end is named, and a save keeps it. */
static void test_last_turn(void** st) {
  (void)st;
  struct murk_mission* m =
      mission("turn_limit: 6\nvictory: {otherwise: defender}\n", 1, 1, 0, 1, 1, 0);
  struct murk_game* g = new_game(m, 1);
  assert_int_equal(murk_game_set_last_turn(g, -1), MURK_EINVAL);
  assert_int_equal(murk_game_set_last_turn(g, 2), MURK_OK);
  assert_int_equal(murk_game_last_turn(g), 2);
  deploy_all(g, 1, 1);
  assert_int_equal(murk_game_set_last_turn(g, 3), MURK_EINVAL); /* play has begun */
  struct murk_view* v = view_of(g, A);
  assert_int_equal(v->ending.turn_limit, 2);
  murk_view_free(v);
  for (int i = 0; i < 3; i++) pass(g);
  assert_int_equal(murk_game_ended(g), MURK_ENDED_NONE);
  pass(g);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_OVER);
  assert_int_equal(murk_game_ended(g), MURK_ENDED_LAST_TURN);
  assert_string_equal(murk_ended_name(murk_game_ended(g)), "last turn");
  assert_string_equal(murk_game_result(g),
                      "defender wins (Stunning Victory 6:1): the last turn (2) has been played");
  char* text = NULL;
  size_t len = 0;
  assert_int_equal(murk_save_game(g, &text, &len), MURK_OK);
  assert_non_null(strstr(text, "\n# last-turn: 2\n"));
  struct murk_script* sc = NULL;
  assert_int_equal(murk_script_parse(text, len, &sc, NULL), MURK_OK);
  assert_int_equal(sc->last_turn, 2);
  murk_script_free(sc);
  murk_free(text);
  murk_game_free(g);
  murk_mission_free(m);
}

/* Every end has a name (murk sim counts them by it). */
static void test_ended_names(void** st) {
  (void)st;
  for (int k = 0; k < MURK_ENDED_COUNT; k++)
    assert_true(strlen(murk_ended_name((enum murk_ended)k)) > 1);
  assert_string_equal(murk_ended_name(MURK_ENDED_CONCEDED), "conceded");
  assert_string_equal(murk_ended_name(MURK_ENDED_AGREED), "agreed end");
  assert_string_equal(murk_ended_name(MURK_ENDED_COUNT), "?");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_vp_table),
      cmocka_unit_test(test_vp_nine_platoons),
      cmocka_unit_test(test_vp_fair_fight),
      cmocka_unit_test(test_vp_margin),
      cmocka_unit_test(test_vp_margin_objectives),
      cmocka_unit_test(test_vp_margin_no_shot),
      cmocka_unit_test(test_objective_taken),
      cmocka_unit_test(test_objective_hold),
      cmocka_unit_test(test_objective_hold_distance),
      cmocka_unit_test(test_no_attackers_in_half),
      cmocka_unit_test(test_no_attackers_near_objectives),
      cmocka_unit_test(test_end_condition_in_play),
      cmocka_unit_test(test_turn_limit_otherwise),
      cmocka_unit_test(test_random_game_length),
      cmocka_unit_test(test_fighting_withdrawal_schedule),
      cmocka_unit_test(test_fighting_withdrawal_named_objectives),
      cmocka_unit_test(test_withdraw_template_stays_secret),
      cmocka_unit_test(test_mission_keys),
      cmocka_unit_test(test_concede),
      cmocka_unit_test(test_offer_refuse_accept),
      cmocka_unit_test(test_agreed_end_otherwise),
      cmocka_unit_test(test_last_turn),
      cmocka_unit_test(test_ended_names),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
