/* test_fog.c: the Fog of War rules of Luneville - template movement by terrain class,
 * bogging, revealing and the placement of teams, dummies, spotting, independents, and
 * "reveal before you shoot". Positions are worked out by hand in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "test_support.h"

static struct murk_pos P(int x, int y) {
  struct murk_pos p = {x, y};
  return p;
}

/* The cells of a side's placed teams of one unit, in team order. */
static int
unit_cells(const struct murk_game* g, enum murk_side side, int unit, struct murk_pos* out) {
  const struct mk_unit_state* u = &g->s.units[side][unit];
  int n = 0;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++)
    if (g->s.teams[side][t].alive && g->s.teams[side][t].placed) out[n++] = g->s.teams[side][t].pos;
  return n;
}

/* A game of the test field deployed by `deploy` and in the attacker's movement step. */
static struct murk_game* deployed(const struct murk_mission* m, uint64_t seed, const char* deploy) {
  struct murk_game* g = new_game(m, seed);
  ok_lines(g, deploy);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  assert_int_equal(murk_game_step(g), MURK_STEP_MOVEMENT);
  return g;
}

/* ---- movement ---- */

static void test_move_open_exact_and_one_over(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = deployed(
      m, 1, "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at 9,2\nend\nend");
  struct mk_state before = g->s;
  size_t ne = mk_game_event_count(g);
  /* Row 8 is open: 6,8 -> 11,8 is 5 cells, one over the 4 of open ground. */
  refused(g, "move 2 to 11,8", "that is 5 cells; a template may move 4 (20cm) through open ground");
  assert_memory_equal(&g->s, &before, sizeof before);
  assert_int_equal(mk_game_event_count(g), ne);
  ok_line(g, "move 2 to 10,8"); /* exactly 4 */
  int mi = marker_at(g, 10, 8);
  assert_true(mi >= 0);
  assert_int_equal(g->s.markers[mi].number, 3);
  assert_true(has_event(g, "attacker T3 moves 06,08 -> 10,08 (4 cells, open)"));
  refused(g, "move T3 to 9,8", "T3 has already moved this step");
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_move_road_allowance(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = deployed(
      m, 1, "deploy 1 at 0,9\ndeploy 1 at 2,2\ndeploy 2 at 6,11\ndeploy 2 at 9,2\nend\nend");
  /* Road all the way along row 9: 6 cells allowed, 7 not. */
  refused(g, "move 1 to 7,9", "that is 7 cells; a template may move 6 (30cm) on roads");
  ok_line(g, "move 1 to 6,9");
  assert_true(has_event(g, "attacker T1 moves 00,09 -> 06,09 (6 cells, road)"));
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_move_slowest_terrain_governs(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = deployed(
      m, 1, "deploy 1 at 0,9\ndeploy 1 at 2,2\ndeploy 2 at 6,11\ndeploy 2 at 9,2\nend\nend");
  /* 0,9 -> 2,8 is 2 cells and 2,8 -> 4,9 is 3: 5 cells, within the road's 6 but through a
   * field, so the open allowance of 4 governs the whole move. */
  refused(g, "move 1 to 4,9 via 2,8",
          "that is 5 cells; a template may move 4 (20cm) through open ground");
  /* 0,9 -> 1,8 -> 3,9 is 1 + 3 = 4 cells: fine. */
  ok_line(g, "move 1 to 3,9 via 1,8");
  assert_true(has_event(g, "attacker T1 moves 00,09 -> 03,09 (4 cells, open)"));
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_move_blocked(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = deployed(
      m, 1, "deploy 1 at 5,7\ndeploy 1 at 5,5\ndeploy 2 at 8,7\ndeploy 2 at 9,5\nend\nend");
  refused(g, "move 1 to 5,5", "the enemy marker T2 at 05,05 blocks the way");
  refused(g, "move 1 to 8,7",
          "08,07 is taken: a template may not end its move on another marker or team");
  refused(g, "move 1 to 5,7", "it is already at 05,07");
  refused(g, "move 1 to 40,7", "40,07 is off the table");
  refused(g, "move T2 to 5,6", "T2 is an enemy marker, not one of yours");
  refused(g, "move T9 to 5,6", "no marker T9 on your map");
  ok_lines(g, "end\nend\nend");
  /* The defender's T4 at 9,5: the stream at 11,5 is in the way east. */
  refused(g, "move 2 to 13,5", "the stream at 11,05 blocks the way");
  ok_line(g, "end");
  refused(g, "move 2 to 8,5", "moves are made in your movement step (now: the shooting step)");
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- bogging ---- */

/* The defender's platoon 1 at 3,3 moves into the woods at 4,3 and 5,3 (2 cells, the
 * terrain allowance) in its first turn: the bogging check is the game's first roll. */
static struct murk_game* bog_game(const struct murk_mission* m, uint64_t seed) {
  struct murk_game* g = deployed(
      m, seed, "deploy 1 at 2,8\ndeploy 1 at 3,3\ndeploy 2 at 6,8\ndeploy 2 at 9,2\nend\nend");
  ok_lines(g, "end\nend\nend");
  ok_line(g, "move 1 to 5,3");
  return g;
}

static void test_bogging(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  char why[200];
  /* Find, deterministically, a seed whose check fails and one whose check passes. */
  uint64_t bog = 0, pass = 0;
  for (uint64_t seed = 1; seed < 200 && (!bog || !pass); seed++) {
    struct murk_game* g = bog_game(m, seed);
    int mi = mk_marker_index(&g->s, 2);
    if (g->s.markers[mi].bogged && !bog) bog = seed;
    if (!g->s.markers[mi].bogged && !pass) pass = seed;
    murk_game_free(g);
  }
  assert_true(bog != 0 && pass != 0);

  struct murk_game* g = bog_game(m, pass);
  assert_true(marker_at(g, 5, 3) >= 0);
  assert_true(has_event(g, "bogging check T2: d6 = ["));
  assert_true(has_event(g, ": passed"));
  assert_true(has_event(g, "defender T2 moves 03,03 -> 05,03 (2 cells, difficult)"));
  murk_game_free(g);

  g = bog_game(m, bog);
  /* Bogged: the template stops in the first difficult cell it entered. */
  assert_true(marker_at(g, 4, 3) >= 0);
  assert_true(marker_at(g, 5, 3) < 0);
  assert_true(has_event(g, ": bogged"));
  assert_true(has_event(g, "and bogs down there (ordered to 05,03)"));
  const struct murk_event* roll = NULL;
  for (size_t i = 0; i < mk_game_event_count(g); i++)
    if (mk_game_event(g, i)->has_roll) roll = mk_game_event(g, i);
  assert_non_null(roll);
  assert_true(roll->roll.total <= 1);
  assert_int_equal(roll->audience, MURK_AUD_ALL);
  ok_line(g, "move 2 to 9,4"); /* the other template may still move */
  murk_game_free(g);

  /* A bogged template cannot move; at the start of its owner's next turn it rolls again. */
  uint64_t freed = 0, stuck = 0;
  for (uint64_t seed = 1; seed < 2000 && (!freed || !stuck); seed++) {
    g = bog_game(m, seed);
    int mi = mk_marker_index(&g->s, 2);
    if (g->s.markers[mi].bogged) {
      bad_line(g, "move 1 to 3,3", why, sizeof why);
      assert_string_equal(
          why,
          "T2 is bogged: it may move once it passes a bogging check at the start of your turn");
      ok_lines(g, "end\nend\nend\nend\nend\nend"); /* attacker's turn 2, then the defender's */
      assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
      assert_int_equal(murk_game_turn(g), 2);
      if (!g->s.markers[mi].bogged) {
        if (!freed) freed = seed;
        assert_true(has_event(g, "defender T2 is no longer bogged"));
        ok_line(g, "move 1 to 5,3");
      } else {
        if (!stuck) stuck = seed;
        assert_true(has_event(g, ": still bogged"));
        bad_line(g, "move 1 to 5,3", why, sizeof why);
      }
    }
    murk_game_free(g);
  }
  assert_true(freed != 0 && stuck != 0);
  murk_mission_free(m);
}

/* The test field with a railway along row 8 (in the attacker's half). */
static const char rail_mission[] =
    "name: Test Field\n"
    "table: {grid: hex, scale: 5cm, size: 80cm x 60cm}\n"
    "terrain:\n"
    "  legend:\n"
    "    \".\": {class: open, sight: clear, name: fields}\n"
    "    \"=\": {class: road, sight: clear, name: road}\n"
    "    \"+\": {class: railway, sight: clear, name: railway}\n"
    "  map: |\n"
    "    ................\n    ................\n    ................\n"
    "    ................\n    ................\n    ................\n"
    "    ................\n    ................\n    ++++++++++++++++\n"
    "    ================\n    ................\n    ................\n"
    "deployment:\n"
    "  attacker: {half: south}\n"
    "  defender: {half: north}\n" TF_SETUP TF_FOG TF_VIS TF_FORCES;

/* Railway counts as open ground for a template (docs/rules.md): a move along it is refused
 * in words that name the railway, one over fields too in those that name open ground. */
static void test_railway_named(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(rail_mission);
  struct murk_game* g = deployed(
      m, 1, "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,10\ndeploy 2 at 9,2\nend\nend");
  refused(g, "move 1 to 7,8",
          "that is 5 cells; a template may move 4 (20cm) over the railway (as through open "
          "ground)");
  refused(g, "move 1 to 7,7", "that is 6 cells; a template may move 4 (20cm) through open ground");
  ok_line(g, "move 1 to 6,8");
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_terrain_one_over(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = deployed(
      m, 1, "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at 9,2\nend\nend");
  ok_lines(g, "end\nend\nend");
  /* 2,2 -> 4,3 is 3 cells ending in the woods: over the 2 of difficult terrain. */
  refused(g, "move 1 to 4,3",
          "that is 3 cells; a template may move 2 (10cm) through difficult terrain");
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- revealing and placement ---- */

static void test_reveal_placement(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = deployed(m, 1,
                                 "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at "
                                 "9,2\ndeploy dummy at 12,8\ndeploy dummy at 14,2\nend\nend");
  ok_line(g, "reveal T1");
  assert_true(has_event(g, "attacker T1 at 02,08 revealed: Alpha Lancers (lancer troop, 3 teams)"));
  struct murk_pos c[8];
  assert_int_equal(unit_cells(g, MURK_ATTACKER, 0, c), 3);
  /* First team on the template's centre. The enemy is north (nearest: T2 at 2,2, 6 away);
   * of the cells next to 2,8 only 1,9 and 2,9 are 7 away, so those (row, then column). */
  assert_true(murk_pos_eq(c[0], P(2, 8)));
  assert_true(murk_pos_eq(c[1], P(1, 9)));
  assert_true(murk_pos_eq(c[2], P(2, 9)));
  assert_true(has_event(g, "attacker P1: lancer at 01,09"));
  assert_int_equal(g->s.units[MURK_ATTACKER][0].state, MURK_PLATOON_REVEALED);
  assert_false(g->s.markers[0].on_table);
  refused(g, "reveal 1", "platoon 1 is already revealed (P1)");
  /* The roster shows the revealed platoon as P1: that handle names it too; P2 is the
   * enemy's (its template T2). */
  refused(g, "reveal P1", "platoon 1 is already revealed (P1)");
  refused(g, "reveal P2", "P2 is an enemy marker, not one of yours");
  /* Revealing a dummy removes it. */
  ok_line(g, "reveal T5");
  assert_true(has_event(g, "attacker T5 at 12,08 was a dummy and is removed"));
  assert_true(marker_at(g, 12, 8) < 0);
  refused(g, "reveal T5", "T5 was a dummy and is gone");
  murk_game_free(g);
  murk_mission_free(m);
}

/* The owner places the other teams (`reveal N via X,Y ...`) among the cells the rule
 * allows, judged by what it knows; cells it leaves out are placed as above. */
static void test_reveal_owner_places(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = deployed(m, 1,
                                 "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at "
                                 "9,2\ndeploy dummy at 12,8\ndeploy dummy at 14,2\nend\nend");
  char why[200];
  unsigned long long before = game_fingerprint(g);
  bad_line(g, "reveal T1 via 3,8", why, sizeof why); /* 6 from T2 at 2,2, as near as the centre */
  assert_string_equal(why,
                      "03,08 is no farther from the enemy you know of than the template's "
                      "centre: the other teams go farther away");
  bad_line(g, "reveal T1 via 2,11", why, sizeof why);
  assert_non_null(strstr(why, "teams go within command distance"));
  refused(g, "reveal T1 via 1,9 1,9", "01,09 is given twice: one team a cell");
  refused(g, "reveal T1 via 1,9 2,9 3,9", "platoon 1 has 2 other teams: 3 cells given");
  assert_true(game_fingerprint(g) == before); /* refusals change nothing */
  /* The view lists the same cells (murk_view_reveal_cells: the same rule on its facts). */
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_ATTACKER, &v), MURK_OK);
  size_t w = (size_t)m->grid.width;
  unsigned char* cells = calloc((size_t)m->grid.width * (size_t)m->grid.height, 1);
  assert_non_null(cells);
  assert_true(murk_view_reveal_cells(v, 1, cells, 1) > 0);
  assert_true(cells[9 * w + 2] && cells[9 * w + 1]);
  assert_false(cells[8 * w + 3] || cells[11 * w + 2] || cells[8 * w + 2]);
  assert_int_equal(murk_view_reveal_cells(v, 5, cells, 1), 0); /* a dummy */
  free(cells);
  murk_view_free(v);
  ok_line(g, "reveal T1 via 2,9"); /* the second team where the owner says, the third by rule */
  struct murk_pos c[8];
  assert_int_equal(unit_cells(g, MURK_ATTACKER, 0, c), 3);
  assert_true(murk_pos_eq(c[0], P(2, 8)));
  assert_true(murk_pos_eq(c[1], P(2, 9)));
  assert_true(murk_pos_eq(c[2], P(1, 9)));
  murk_game_free(g);
  murk_mission_free(m);
}

/* Placement reads what the side knows (docs/rules.md, "Hidden contact"): a defender team
 * the attacker does not know of stands on 1,9, the cell the attacker's second team would
 * take. It is met in a public contact, and the team goes to the next cell. */
static void test_reveal_placement_meets_hidden_enemy(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = deployed(m, 1,
                                 "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at "
                                 "9,2\ndeploy dummy at 12,8\ndeploy dummy at 14,2\nend\nend");
  /* The Yodel Hussars (T4 at 9,2), revealed by hand, one team on 1,9 unknown to the
   * attacker, the others far off. */
  struct mk_state* s = &g->s;
  int mi = marker_at(g, 9, 2);
  assert_true(mi >= 0);
  struct mk_unit_state* u = &s->units[MURK_DEFENDER][s->markers[mi].unit];
  s->markers[mi].on_table = false;
  s->markers[mi].revealed = true;
  u->state = MURK_PLATOON_REVEALED;
  for (int i = 0; i < u->nteams; i++) {
    struct mk_team* t = &s->teams[MURK_DEFENDER][u->first_team + i];
    t->placed = true;
    t->pos = i == 0 ? P(1, 9) : P(13 + i, 0);
    memset(&s->seen_team[MURK_ATTACKER][u->first_team + i], 0, sizeof s->seen_team[0][0]);
  }
  ok_line(g, "reveal T1");
  char text[120];
  snprintf(text, sizeof text,
           "contact: attacker P1 at 02,08 runs into a team of defender P%d at 01,09",
           s->markers[mi].number);
  assert_true(has_event(g, text));
  struct murk_pos c[8];
  assert_int_equal(unit_cells(g, MURK_ATTACKER, 0, c), 3);
  assert_true(murk_pos_eq(c[0], P(2, 8)));
  /* The second team takes the first candidate not already taken (2,9 is the third's). */
  assert_true(murk_pos_eq(c[2], P(2, 9)));
  for (int i = 0; i < 3; i++) assert_false(murk_pos_eq(c[i], P(1, 9)));
  assert_int_equal(murk_geom_distance(&m->grid, c[1], P(2, 8)), 1);
  assert_int_equal(murk_game_undoable(g), 0);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_reveal_no_room(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  /* The defender's Yodel Hussars (3 teams, command distance 1 cell) in the north-west
   * corner 0,0, whose only neighbours 1,0 and 0,1 are cliffs. */
  struct murk_game* g = deployed(
      m, 1, "deploy 1 at 2,8\ndeploy 2 at 0,0\ndeploy 2 at 6,8\ndeploy 1 at 9,2\nend\nend");
  ok_lines(g, "end\nend\nend");
  ok_line(g, "reveal 2");
  struct murk_pos c[8];
  assert_int_equal(unit_cells(g, MURK_DEFENDER, 1, c), 3);
  /* No free cell within command distance: the circle widens to 2 cells, where 2,0 (8 from
   * the enemy T1 at 2,8) and 1,1 (7) are farthest from the enemy. */
  assert_true(murk_pos_eq(c[0], P(0, 0)));
  assert_true(murk_pos_eq(c[1], P(2, 0)));
  assert_true(murk_pos_eq(c[2], P(1, 1)));
  for (int i = 0; i < 3; i++) assert_true(mk_cell_passable(m, c[i]));
  murk_game_free(g);
  murk_mission_free(m);
}

/* Attacker templates at 2,5 and 8,5 either side of the defender's Yodel Hussars at 5,5
 * (3 cells each way); a defender dummy at 12,5 (4 from 8,5) and the Xenon Rangers at 13,4
 * (5 away). The visibility table always gives 4 cells. */
#define SPOT_DEPLOY                                                                            \
  "deploy 1 at 2,7\ndeploy 2 at 5,5\ndeploy 2 at 8,7\ndeploy 1 at 13,4\nend\ndeploy dummy at " \
  "12,5\nend"

static void test_spotting(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = deployed(m, 1, SPOT_DEPLOY);
  refused(g, "spot", "spotting is done at the start of your shooting step");
  ok_lines(g, "move 1 to 2,5\nmove 2 to 8,5\nend");
  ok_line(g, "spot");
  assert_int_equal(g->s.visibility, 4);
  assert_true(has_event(g, "attacker spots: visibility: d6 = ["));
  assert_true(has_event(g, ": 20cm (4 cells)"));
  assert_true(has_event(g, "attacker spots 2 markers within 20cm"));
  /* T2 (3 away) revealed, the dummy T5 (4 away) removed, T4 (5 away) still hidden. */
  assert_int_equal(g->s.units[MURK_DEFENDER][1].state, MURK_PLATOON_REVEALED);
  assert_true(has_event(g, "defender T5 at 12,05 was a dummy and is removed"));
  assert_int_equal(g->s.units[MURK_DEFENDER][0].state, MURK_PLATOON_HIDDEN);
  assert_true(marker_at(g, 13, 4) >= 0);
  /* The owner places the revealed platoon (Luneville, Revealing platoons, as murk reads
   * it): its teams are not down yet, the defender is to act in the attacker's step. */
  struct murk_pos c[8];
  assert_int_equal(unit_cells(g, MURK_DEFENDER, 1, c), 0);
  assert_true(has_event(g,
                        "hand-over to the defender: it places the teams of the platoon "
                        "revealed (place Pn)"));
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  assert_int_equal(murk_game_step(g), MURK_STEP_SHOOTING);
  char why[200];
  assert_int_not_equal(murk_game_apply_line(g, MURK_ATTACKER, "end", why, sizeof why, NULL),
                       MURK_OK);
  assert_string_equal(why,
                      "the defender places the teams of its platoon your spotting "
                      "revealed first (P2 next)");
  refused(g, "reveal 1",
          "the attacker's spotting revealed P2: place its teams first (place P2 [via X,Y ...]; "
          "no cells: the rule's)");
  refused(g, "place 1", "that platoon waits for no placing: P2 does (place P2 [via X,Y ...])");
  /* No cell next to 5,5 is farther than 3 from both enemies: the owner may name none. */
  refused(g, "place P2 via 6,4",
          "06,04 is no farther from the enemy you know of than the template's centre: the other "
          "teams go farther away");
  struct murk_view *va = NULL, *vd = NULL;
  assert_int_equal(murk_view_build(g, MURK_ATTACKER, &va), MURK_OK);
  assert_int_equal(murk_view_build(g, MURK_DEFENDER, &vd), MURK_OK);
  assert_int_equal(va->verbs, 0);
  assert_int_equal(vd->verbs, 1u << MURK_CMD_PLACE);
  assert_int_equal(va->place_platoon, 2); /* public: both views name it */
  assert_int_equal(vd->place_platoon, 2);
  assert_true(murk_pos_eq(vd->place_at, P(5, 5)));
  assert_non_null(strstr(vd->prompt, "place its teams (place P2"));
  assert_non_null(strstr(va->prompt, "waiting: turn 1, the defender places the teams of P2"));
  murk_view_free(va);
  murk_view_free(vd);
  /* The owner's undo speaks of its own commands: the spot was the enemy's. */
  assert_int_equal(murk_game_undoable(g), 0);
  assert_string_equal(murk_game_undo_why(g),
                      "nothing to take back: only your commands of this step can be");
  ok_line(g, "place P2");
  assert_true(has_event(g, "defender places the teams of P2"));
  assert_true(has_event(g, "hand-over back to the attacker: its shooting step goes on"));
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  refused(g, "place P2", "you place a platoon's teams when the enemy's spotting has revealed it");
  /* Placement: no cell next to 5,5 is farther than 3 from both enemies, so the teams go
   * farther from the revealer (T1 at 2,5, the first of the two at 3): 6,4, 6,6 and 6,5
   * qualify; 6,4 and 6,6 are 3 from the nearest enemy, 6,5 only 2. */
  assert_int_equal(unit_cells(g, MURK_DEFENDER, 1, c), 3);
  assert_true(murk_pos_eq(c[0], P(5, 5)));
  assert_true(murk_pos_eq(c[1], P(6, 4)));
  assert_true(murk_pos_eq(c[2], P(6, 6)));
  refused(g, "spot", "you have already tried to spot this step");
  murk_game_free(g);
  murk_mission_free(m);
}

/* The owner names cells for the spotted platoon's other teams: those the view lists
 * (murk_view_reveal_cells on the view's place_platoon) are the ones the game takes. Only T1
 * comes up to 2,5 (3 from the Yodel Hussars at 5,5); T3 stays at 8,7. */
static void test_spotted_owner_places(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = deployed(m, 1, SPOT_DEPLOY);
  ok_lines(g, "move 1 to 2,5\nend\nspot");
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_DEFENDER, &v), MURK_OK);
  assert_int_equal(v->place_platoon, 2);
  size_t w = (size_t)m->grid.width, ncells = w * (size_t)m->grid.height;
  unsigned char* cells = calloc(ncells, 1);
  assert_non_null(cells);
  assert_true(murk_view_reveal_cells(v, 2, cells, 1) > 0);
  assert_false(cells[5 * w + 5]); /* the centre is the first team's */
  struct murk_pos pick = {-1, -1};
  for (size_t i = ncells; i-- > 0 && pick.x < 0;)
    if (cells[i]) pick = P((int)(i % w), (int)(i / w));
  free(cells);
  murk_view_free(v);
  char line[64];
  snprintf(line, sizeof line, "place P2 via %d,%d", pick.x, pick.y);
  ok_line(g, line);
  struct murk_pos c[8];
  assert_int_equal(unit_cells(g, MURK_DEFENDER, 1, c), 3);
  assert_true(murk_pos_eq(c[0], P(5, 5)));
  assert_true(murk_pos_eq(c[1], pick)); /* the second team where its owner said */
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  assert_int_equal(murk_game_undoable(g), 0); /* placing is final, like every reveal */
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_spot_needs_table_and_fog(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_HEAD TF_SETUP TF_FOG TF_FORCES);
  struct murk_game* g = deployed(
      m, 1, "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at 9,2\nend\nend");
  ok_line(g, "end");
  refused(g, "spot", "this mission has no visibility table");
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_shoot_needs_reveal(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = deployed(m, 1, SPOT_DEPLOY);
  char why[200];
  ok_lines(g, "move 1 to 2,5\nmove 2 to 8,5\nend\nspot\nplace P2");
  refused(g, "shoot 1 at P2", "platoon 1 is under template T1: reveal it first (reveal 1)");
  ok_line(g, "reveal 1");
  refused(g, "shoot 1 at T9", "no marker T9 on your map");
  bad_line(g, "shoot 1 at T4", why, sizeof why);
  assert_string_equal(
      why, "T4 is a template: only revealed platoons (P<n>) can be targets; spot it first");
  refused(g, "shoot 1 at P1", "P1 is one of yours, not the enemy's");
  int before = mk_unit_alive(&g->s, MURK_DEFENDER, 1);
  ok_line(g, "shoot 1 at P2");
  int after = mk_unit_alive(&g->s, MURK_DEFENDER, 1);
  int losses = 0;
  for (size_t i = 0; i < mk_game_event_count(g); i++)
    if (mk_game_event(g, i)->kind == MURK_EV_LOSS && strstr(mk_game_event(g, i)->text, "loses"))
      losses++;
  assert_int_equal(before - after, losses);
  assert_true(has_event(g, "attacker P1 shoots at P2: 3 teams in range, 6 dice"));
  refused(g, "shoot 1 at P2", "P1 has already shot this step");
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_independent_comes_with_first_reveal(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION
                                     "      - {name: Zulu Command, type: command post, "
                                     "command_distance: 5cm,\n"
                                     "         teams: [{profile: hussar, count: 1}], flags: "
                                     "[independent]}\n");
  /* The defender leaves its independent Zulu Command (platoon 3) off the table: the last
   * `end` closes the independent teams' phase of setup. */
  struct murk_game* g = deployed(
      m, 1, "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at 9,2\nend\nend\nend");
  assert_int_equal(g->s.units[MURK_DEFENDER][2].state, MURK_PLATOON_WAITING);
  ok_lines(g, "end\nend\nend");
  char why[200];
  bad_line(g, "reveal 3 at P4", why, sizeof why); /* nothing revealed yet */
  assert_string_equal(why,
                      "P4 is none of your revealed platoons: an independent comes on with one");
  ok_lines(g, "reveal 1\nreveal 2");
  /* Revealing a platoon brings no independent by itself: the owner says with which. */
  assert_int_equal(g->s.units[MURK_DEFENDER][2].state, MURK_PLATOON_WAITING);
  refused(g, "reveal 1 at P4",
          "only an independent or warrior team waiting off the table comes on "
          "with another platoon (reveal N at Pn)");
  ok_line(g, "reveal 3 at P4"); /* with the Yodel Hussars, the second revealed */
  assert_int_equal(g->s.units[MURK_DEFENDER][2].state, MURK_PLATOON_REVEALED);
  assert_true(has_event(g, "comes on with P4: Zulu Command (command post, 1 team)"));
  struct murk_pos c[2];
  assert_int_equal(unit_cells(g, MURK_DEFENDER, 2, c), 1);
  /* Next to the first team of the Yodel Hussars at 9,2. */
  assert_int_equal(murk_geom_distance(&m->grid, c[0], P(9, 2)), 1);
  murk_game_free(g);

  /* Not turns later wherever the platoon has gone: once it has moved, or its owner's turn
   * is over, it takes no independent with it. */
  g = deployed(m, 1,
               "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at 9,2\nend\nend\nend");
  ok_lines(g, "end\nend\nend");
  ok_lines(g, "reveal 1\nreveal 2");
  ok_lines(g, "end\nend\nend\nend\nend\nend"); /* the defender's turn ends */
  refused(g, "reveal 3 at P4",
          "P4 was revealed before: an independent comes on with a platoon as it is revealed "
          "(until it moves or your turn ends)");
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_no_fog_deploys_revealed(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_HEAD TF_SETUP TF_VIS TF_FORCES);
  struct murk_game* g = new_game(m, 1);
  ok_line(g, "deploy 1 at 2,8");
  assert_true(has_event(g, "attacker deploys P1 at 02,08: Alpha Lancers (lancer troop, 3 teams)"));
  struct murk_pos c[8];
  assert_int_equal(unit_cells(g, MURK_ATTACKER, 0, c), 3);
  for (int i = 0; i < 3; i++) assert_true(murk_zone_contains(m, &m->sides[0].zone, c[i]));
  char why[200];
  bad_line(g, "deploy dummy at 2,2", why, sizeof why);
  /* No Fog of War: no templates to speak of. */
  assert_string_equal(why, "this mission gives you no dummy markers");
  murk_game_free(g);
  murk_mission_free(m);
}

/* Assaults (engine model): the attacker's T1 ends 2 cells from the defender's Yodel
 * Hussars (T2 at 5,5), spots them, reveals itself and assaults. */
static struct murk_game* assault_game(const struct murk_mission* m, uint64_t seed) {
  struct murk_game* g = deployed(
      m, seed, "deploy 1 at 4,7\ndeploy 2 at 5,5\ndeploy 2 at 12,10\ndeploy 1 at 14,0\nend\nend");
  ok_lines(g, "move 1 to 4,6\nend\nspot\nplace P2\nreveal 1\nend");
  assert_int_equal(g->s.units[MURK_DEFENDER][1].state, MURK_PLATOON_REVEALED);
  return g;
}

static void test_assault_and_destruction(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  uint64_t destroyed = 0;
  for (uint64_t seed = 1; seed < 300 && !destroyed; seed++) {
    struct murk_game* g = assault_game(m, seed);
    refused(g, "assault 2 at P2", "platoon 2 is under template T3: reveal it first (reveal 2)");
    int before = mk_unit_alive(&g->s, MURK_DEFENDER, 1);
    ok_line(g, "assault 1 at P2");
    assert_true(has_event(g, "attacker P1 assaults P2 with 3 teams"));
    /* The close-combat roll (after the Hussars' defensive fire) hits on the lancers' own
     * skill, 3+ (7 less the 4 it takes to hit them). */
    const struct murk_event* roll = NULL;
    for (size_t i = 0; i < mk_game_event_count(g); i++)
      if (mk_game_event(g, i)->has_roll &&
          strstr(mk_game_event(g, i)->roll.purpose, "in close combat with"))
        roll = mk_game_event(g, i);
    int hits = 0;
    for (int i = 0; roll && i < roll->roll.ndice; i++) hits += roll->roll.dice[i] >= 3;
    /* No saves in an assault: every hit is a team (counterattack rounds may take more). */
    assert_true(before - mk_unit_alive(&g->s, MURK_DEFENDER, 1) >= hits);
    refused(g, "assault 1 at P2", "P1 has already assaulted this step");
    if (hits == 3) {
      destroyed = seed;
      assert_int_equal(g->s.units[MURK_DEFENDER][1].state, MURK_PLATOON_DESTROYED);
      assert_true(has_event(g, "defender P2 (Yodel Hussars) is destroyed"));
      ok_line(g, "reveal 2");
      refused(g, "assault 2 at P2", "P2 is destroyed");
    }
    murk_game_free(g);
  }
  assert_true(destroyed != 0);
  murk_mission_free(m);
}

static void test_no_spotting_after_a_shot(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = assault_game(m, 1);
  ok_line(g, "end"); /* hand over */
  ok_line(g, "end");
  /* The defender's revealed Yodel Hussars shoot at the revealed Alpha Lancers: in range. */
  ok_line(g, "shoot 2 at P1");
  refused(g, "spot", "spotting comes before any shooting in the step");
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_assault_out_of_reach(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = deployed(m, 1, SPOT_DEPLOY);
  ok_lines(g, "move 1 to 2,5\nmove 2 to 8,5\nend\nspot\nplace P2\nreveal 1\nend");
  /* Alpha Lancers at 2,5 and west of it; the Yodel Hussars 3 cells east. */
  refused(g, "assault 1 at P2", "P2 is not within 2 cells of P1 (nearest is 3): move closer first");
  refused(g, "shoot 1 at P2", "shooting is done in your shooting step");
  murk_game_free(g);
  murk_mission_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_move_open_exact_and_one_over),
      cmocka_unit_test(test_move_road_allowance),
      cmocka_unit_test(test_move_slowest_terrain_governs),
      cmocka_unit_test(test_move_blocked),
      cmocka_unit_test(test_bogging),
      cmocka_unit_test(test_terrain_one_over),
      cmocka_unit_test(test_railway_named),
      cmocka_unit_test(test_reveal_placement),
      cmocka_unit_test(test_reveal_owner_places),
      cmocka_unit_test(test_reveal_placement_meets_hidden_enemy),
      cmocka_unit_test(test_reveal_no_room),
      cmocka_unit_test(test_spotting),
      cmocka_unit_test(test_spotted_owner_places),
      cmocka_unit_test(test_spot_needs_table_and_fog),
      cmocka_unit_test(test_shoot_needs_reveal),
      cmocka_unit_test(test_independent_comes_with_first_reveal),
      cmocka_unit_test(test_no_fog_deploys_revealed),
      cmocka_unit_test(test_assault_and_destruction),
      cmocka_unit_test(test_no_spotting_after_a_shot),
      cmocka_unit_test(test_assault_out_of_reach),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
