/* test_setup.c: setup (setup.c, and the ambush half of reserves.c): sides by die roll, the
 * order of deployment (alternately or one side after the other, independent teams last),
 * Hasty Attack's objective removal, Random Deployment, reconnaissance deployment moves,
 * Prepared Positions, Ambush and Immediate Ambush, Infiltrate and Escalation (40k mission special
 * rules), and the mission keys that say all this (arrive, setup, objectives.remove). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "reserves.h"
#include "test_load.h"
#include "test_support.h"

/* 16 x 12 hexes at 5cm: the defender in the north half, the attacker in the south; woods
 * (blocking) across 6-9,4; a road along row 9. */
#define ST_HEAD                                                   \
  "name: Setup Field\n"                                           \
  "table: {grid: hex, scale: 5cm, size: 80cm x 60cm}\n"           \
  "terrain:\n"                                                    \
  "  legend:\n"                                                   \
  "    \".\": {class: open, sight: clear, name: fields}\n"        \
  "    \"=\": {class: road, sight: clear, name: road}\n"          \
  "    \"T\": {class: difficult, sight: blocking, name: woods}\n" \
  "  map: |\n"                                                    \
  "    ................\n"                                        \
  "    ................\n"                                        \
  "    ................\n"                                        \
  "    ................\n"                                        \
  "    ......TTTT......\n"                                        \
  "    ................\n"                                        \
  "    ................\n"                                        \
  "    ................\n"                                        \
  "    ................\n"                                        \
  "    ================\n"                                        \
  "    ................\n"                                        \
  "    ................\n"                                        \
  "deployment:\n"                                                 \
  "  attacker: {half: south}\n"                                   \
  "  defender: {half: north}\n"

#define ST_PROFILE                                                                                \
  "    profiles:\n      rifle: {move: 20cm, range: 20cm, rof: 1, skill: 4, save: 7, motivation: " \
  "4}\n"
#define ST_PLATOON(name, flags, n)                                  \
  "      - {name: " name ", command_distance: 10cm, flags: [" flags \
  "], teams: [{profile: rifle, count: " #n "}]}\n"

#define ST_FORCES \
  "forces:\n"                                                                       \
  "  attacker:\n"                                                                   \
  "    name: Red Force\n" ST_PROFILE "    platoons:\n"                              \
  ST_PLATOON("Able Rifles", "infantry", 2) ST_PLATOON("Baker Tanks", "vehicle", 2)  \
  ST_PLATOON("Charlie Scouts", "recce, vehicle", 2)                                \
  ST_PLATOON("Dog Stalkers", "infantry, infiltrate", 2)                            \
  ST_PLATOON("Easy HQ", "independent", 1)                                           \
  "  defender:\n"                                                                   \
  "    name: Blue Force\n" ST_PROFILE "    platoons:\n"                             \
  ST_PLATOON("Victor Rifles", "infantry", 2) ST_PLATOON("Whisky Tanks", "vehicle", 2) \
  ST_PLATOON("Xray Scouts", "recce", 2)                                             \
  ST_PLATOON("Yankee Stalkers", "infantry, infiltrate", 2)                         \
  ST_PLATOON("Zulu HQ", "independent", 1)

/* The field with `extra` keys; the attacker moves first unless extra has its own setup. */
static struct murk_mission* mission(const char* extra) {
  return load_parts(ST_HEAD, extra, ST_FORCES);
}

/* Both sides put their four platoons down alternately, the independents after. */
#define ST_DEPLOY_ALL                                                                     \
  "deploy 1 at 1,7\ndeploy 1 at 1,1\ndeploy 2 at 4,7\ndeploy 2 at 4,1\ndeploy 3 at 8,7\n" \
  "deploy 3 at 8,1\ndeploy 4 at 12,7\ndeploy 4 at 12,1\nend\nend\n"                       \
  "deploy 5 at 14,10\ndeploy 5 at 14,0"

/* ---- sides by die roll ---- */

static void test_sides_roll(void** st) {
  (void)st;
  struct murk_mission* m = mission("setup: {sides: roll, first_turn: attacker}\n");
  bool swapped_seen = false, kept_seen = false;
  for (uint64_t seed = 1; seed < 40 && !(swapped_seen && kept_seen); seed++) {
    struct murk_game* g = new_game(m, seed);
    assert_true(has_event(g, "sides, Red Force: d6"));
    assert_true(has_event(g, "sides, Blue Force: d6"));
    bool swapped = g->s.force_of[MURK_ATTACKER] == MURK_DEFENDER;
    assert_ptr_equal(murk_force(g, MURK_ATTACKER),
                     &m->sides[swapped ? MURK_DEFENDER : MURK_ATTACKER].force);
    assert_ptr_equal(murk_game_force(g, MURK_DEFENDER),
                     &m->sides[swapped ? MURK_ATTACKER : MURK_DEFENDER].force);
    assert_null(murk_game_force(g, MURK_NO_SIDE));
    assert_true(has_event(g, swapped ? "Blue Force plays the attacker, Red Force the defender"
                                     : "Red Force plays the attacker, Blue Force the defender"));
    struct murk_view* v = NULL;
    assert_int_equal(murk_view_build(g, MURK_ATTACKER, &v), MURK_OK);
    assert_string_equal(v->force_name[MURK_ATTACKER], swapped ? "Blue Force" : "Red Force");
    assert_string_equal(v->platoons[0].name, swapped ? "Victor Rifles" : "Able Rifles");
    murk_view_free(v);
    /* The attacker still deploys in the south, whichever force it plays. */
    ok_line(g, "deploy 1 at 1,7");
    swapped_seen = swapped_seen || swapped;
    kept_seen = kept_seen || !swapped;
    murk_game_free(g);
  }
  assert_true(swapped_seen && kept_seen);
  murk_mission_free(m);
}

/* ---- No Man's Land (Flames of War missions): the left/right roll, objectives in both
 * halves, the patrols, wire, the defender's bonus on the first-turn roll ---- */

#define NML_MISSION \
  "name: Wire Field\n"                                                                  \
  "table: {grid: hex, scale: 5cm, size: 80cm x 60cm}\n"                                 \
  "terrain:\n"                                                                          \
  "  legend:\n"                                                                         \
  "    \".\": {class: open, sight: clear, name: mud}\n"                                 \
  "    \"w\": {class: difficult, sight: clear, name: wire, works: wire}\n"              \
  "    \"X\": {class: difficult, sight: clear, name: trench, works: fortification}\n"   \
  "  map: |\n"                                                                          \
  "    ................\n"                                                              \
  "    XXXXXXXXXXXXXXXX\n"                                                              \
  "    ..........wwwwww\n"                                                              \
  "    ................\n"                                                              \
  "    ................\n"                                                              \
  "    ................\n"                                                              \
  "    ................\n"                                                              \
  "    ................\n"                                                              \
  "    ................\n"                                                              \
  "    wwwwww..........\n"                                                              \
  "    XXXXXXXXXXXXXXXX\n"                                                              \
  "    ................\n"                                                              \
  "deployment:\n"                                                                       \
  "  attacker: {half: south, keep_out: {centre_line: 15cm}}\n"                          \
  "  defender: {half: north, keep_out: {centre_line: 15cm}}\n"                          \
  "objectives:\n"                                                                       \
  "  place:\n"                                                                          \
  "    - {by: attacker, for: defender, count: 1, in: {half: north}, keep_out: {edges: "  \
  "5cm}}\n"                                                                             \
  "    - {by: defender, for: attacker, count: 1, in: {half: south}, keep_out: {edges: "  \
  "5cm}}\n"                                                                             \
  "setup: {first_turn: roll, first_turn_bonus: {defender: 1}, deploy_first: defender}\n" \
  "rules:\n"                                                                            \
  "  delayed_reserves: {undeployed: true}\n"                                            \
  "  no_mans_land_patrol: {within: 15cm, divide: 10cm}\n"                               \
  "forces:\n"                                                                           \
  "  attacker:\n"                                                                       \
  "    name: Red Force\n" ST_PROFILE "    platoons:\n"                                  \
  ST_PLATOON("Able Rifles", "infantry, fortified", 2)                                  \
  ST_PLATOON("Baker Patrol", "infantry, fortified", 2)                                 \
  ST_PLATOON("Charlie Rifles", "infantry", 2)                                          \
  "  defender:\n"                                                                       \
  "    name: Blue Force\n" ST_PROFILE "    platoons:\n"                                 \
  ST_PLATOON("Victor Rifles", "infantry, fortified", 2)                                \
  ST_PLATOON("Whisky Patrol", "infantry, fortified", 2)                                \
  ST_PLATOON("Xray Rifles", "infantry", 2)

static void test_no_mans_land(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(NML_MISSION);
  bool seen[MURK_SIDES] = {false, false};
  for (uint64_t seed = 1; seed < 30 && !(seen[0] && seen[1]); seed++) {
    struct murk_game* g = new_game(m, seed);
    char why[200];
    /* The text's order: the Fortified Platoons deploy first, the defender first; only
     * they deploy (Charlie and Xray wait in delayed reserve). No roll and no objective yet. */
    assert_int_equal(g->s.lr_winner, MURK_NO_SIDE);
    while (murk_game_phase(g) == MURK_PHASE_RESERVES) ok_line(g, "end");
    assert_int_equal(murk_game_phase(g), MURK_PHASE_DEPLOY);
    bad_line(g, "deploy 3 at 8,0", why, sizeof why);
    assert_non_null(strstr(why, "only the Fortified Platoons deploy"));
    ok_lines(g, "deploy 1 at 3,0\ndeploy 1 at 3,11\ndeploy 2 at 12,0\ndeploy 2 at 12,11");
    ok_lines(g, "end\nend");
    assert_int_equal(g->s.units[MURK_ATTACKER][2].state, MURK_PLATOON_RESERVE);
    /* Then the left/right roll and the objectives. */
    assert_int_equal(murk_game_phase(g), MURK_PHASE_OBJECTIVES);
    enum murk_side w = g->s.lr_winner;
    assert_true(w == MURK_ATTACKER || w == MURK_DEFENDER);
    assert_true(has_event(g, "left or right, attacker: d6"));
    seen[w] = true;
    /* The winner places first and chooses its half: here the west (columns 0-5: the
     * dividing line's 10cm band takes columns 6-9). */
    assert_int_equal(murk_game_to_act(g), w);
    int near_y = w == MURK_ATTACKER ? 3 : 8, far_y = w == MURK_ATTACKER ? 8 : 3;
    char line[64];
    snprintf(line, sizeof line, "objective at 7,%d", near_y);
    bad_line(g, line, why, sizeof why);
    assert_non_null(strstr(why, "from the line dividing left from right"));
    snprintf(line, sizeof line, "objective at 3,%d", near_y);
    ok_line(g, line);
    snprintf(line, sizeof line, "objective at 3,%d", far_y);
    bad_line(g, line, why, sizeof why);
    assert_non_null(strstr(why, "yours goes in the other half"));
    snprintf(line, sizeof line, "objective at 12,%d", far_y);
    ok_line(g, line);
    /* Then the patrols, the winner first: a platoon on the table, never one in reserve. */
    assert_int_equal(murk_game_phase(g), MURK_PHASE_PATROL);
    assert_int_equal(murk_game_to_act(g), w);
    refused(g, "end", "No Man's Land: send out your patrol first (patrol N at X,Y)");
    /* Own side, within 15cm (3 rows) of the centre line, in the objective's half. */
    int own_y = w == MURK_ATTACKER ? 7 : 4, wrong_y = w == MURK_ATTACKER ? 10 : 1;
    snprintf(line, sizeof line, "patrol 3 at 3,%d", own_y);
    bad_line(g, line, why, sizeof why);
    assert_non_null(strstr(why, "a patrol is a platoon on the table"));
    snprintf(line, sizeof line, "patrol 1 at 3,%d", wrong_y);
    bad_line(g, line, why, sizeof why);
    assert_non_null(strstr(why, "within 15cm (3 cells) of the centre line"));
    snprintf(line, sizeof line, "patrol 1 at 12,%d", own_y);
    bad_line(g, line, why, sizeof why);
    assert_non_null(strstr(why, "a patrol goes in the half where you placed objective"));
    snprintf(line, sizeof line, "patrol 1 at 3,%d", own_y);
    ok_line(g, line); /* taken off the table first */
    assert_true(has_event(g, "off the table as its patrol"));
    snprintf(line, sizeof line, "patrol 2 at 12,%d", w == MURK_ATTACKER ? 4 : 7);
    ok_line(g, line);
    assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
    assert_true(has_event(g, "first turn, defender: d6 = ") &&
                has_event(g, "+1 (the mission's bonus)"));
    murk_game_free(g);
  }
  assert_true(seen[MURK_ATTACKER] && seen[MURK_DEFENDER]);
  murk_mission_free(m);
}

/* Over the Wire (murk's own rule): a move that enters wire ends there. */
/* Flames of War missions, Dust Up: one reading of the players' ends. The deployment keeps
 * out of the long centre line, so the ends are the north and south halves; reserves come on
 * by the corner of the empty quarter at the enemy's end: the attacker's (south-west) by the
 * north-west corner, the defender's (north-east) by the south-east one. */
static void test_dust_up_ends(void** st) {
  (void)st;
  struct murk_mission* m = load_bundled("dust-up");
  const struct murk_side_setup* a = &m->sides[MURK_ATTACKER].setup;
  const struct murk_side_setup* d = &m->sides[MURK_DEFENDER].setup;
  assert_int_equal(a->narrive, 1);
  assert_int_equal(a->arrive[0].kind, MURK_ARRIVE_CORNER);
  assert_int_equal(a->arrive[0].where, MURK_NW);
  assert_int_equal(d->narrive, 1);
  assert_int_equal(d->arrive[0].where, MURK_SE);
  murk_mission_free(m);
}

static void test_wire_stops_a_move(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(NML_MISSION);
  for (uint64_t seed = 1; seed < 30; seed++) {
    struct murk_game* g = new_game(m, seed);
    while (murk_game_phase(g) == MURK_PHASE_RESERVES) ok_line(g, "end");
    ok_lines(g, "deploy 1 at 3,0\ndeploy 1 at 3,11\ndeploy 2 at 12,0\ndeploy 2 at 12,11\nend\nend");
    enum murk_side w = g->s.lr_winner;
    ok_lines(g, w == MURK_ATTACKER ? "objective at 3,3\nobjective at 12,8"
                                   : "objective at 3,8\nobjective at 12,3");
    ok_lines(g, w == MURK_ATTACKER ? "patrol 2 at 3,7\npatrol 2 at 12,4"
                                   : "patrol 2 at 3,4\npatrol 2 at 12,7");
    if (murk_game_to_act(g) != MURK_ATTACKER) {
      murk_game_free(g);
      continue;
    }
    /* Platoon 1 stands on row 11 at column 3; the wire lies across row 9, columns 0-5. */
    refused(g, "move 1 to 3,8",
            "the wire at 03,09 is an obstacle: a move that enters it ends there");
    ok_line(g, "move 1 to 3,9");
    murk_game_free(g);
    murk_mission_free(m);
    return;
  }
  fail_msg("no seed gave the attacker the first turn");
}

/* No Man's Land's works (Flames of War missions, Preparing for Battle): the defender places
 * all its fortifications, then the attacker; then the obstacles the same way, in the
 * enemy's half (Over the Wire). Each piece a straight line up to 30cm (6 cells) on ground
 * of clear sight without works; refusals say why; the pieces are public and stand on the
 * map as its own terrain does, for moves and for views. */
static void test_works_built_in_setup(void** st) {
  (void)st;
  struct murk_mission* m = load_bundled("no-mans-land");
  struct murk_game* g = new_game(m, 1);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_FORTIFY);
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  refused(g, "end",
          "place all your trench lines first: 4 left (build at X,Y X,Y, from one end to the "
          "other)");
  refused(g, "build at 02,04 08,04",
          "a trench line runs in a straight line at most 30cm (6 cells) long; that one is 7");
  refused(g, "build at 02,18 04,18",
          "a trench line is dug in your own deployment area; 02,18 is not in it");
  refused(g, "build at 03,00 05,00",
          "a trench line is built on open ground that does not hide (it leaves sight as it "
          "is); 04,00 is shell craters");
  refused(g, "deploy 1 at 10,04",
          "platoons are deployed during setup only (now: placing "
          "fortifications)");
  ok_line(g, "build at 02,04 07,04");
  assert_true(has_event(g, "defender digs a trench line from 02,04 to 07,04 (6 cells)"));
  refused(g, "build at 05,04 05,05", "05,04 already has a trench line");
  /* The map as it stands: the game's, the view's (both sides'), the way a move is judged. */
  assert_int_equal(mk_terrain_at(g, (struct murk_pos){5, 4})->works, MURK_WORKS_FORTIFICATION);
  assert_int_equal(murk_mission_terrain_at(m, (struct murk_pos){5, 4})->works, MURK_WORKS_NONE);
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    struct murk_view* v = NULL;
    assert_int_equal(murk_view_build(g, (enum murk_side)sd, &v), MURK_OK);
    assert_int_equal(v->nworks, 6);
    int t = murk_view_terrain_at(v, (struct murk_pos){5, 4});
    assert_true(t >= 0 && v->terrain[t].works == MURK_WORKS_FORTIFICATION);
    murk_view_free(v);
  }
  ok_lines(g, "build at 09,04 14,04\nbuild at 20,04 25,04\nbuild at 26,05 29,05");
  /* All four placed: the attacker's turn, then the wire, the defender first again. */
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  ok_lines(g,
           "build at 02,18 07,18\nbuild at 09,18 14,18\nbuild at 23,18 28,18\n"
           "build at 29,19 34,19");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_WIRE);
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  refused(g, "build at 02,05 04,05",
          "Over the Wire: wire goes in the enemy's half of the table (the south half); 02,05 "
          "is not in it");
  ok_lines(g,
           "build at 06,16 11,16\nbuild at 14,16 19,16\nbuild at 27,16 32,16\n"
           "build at 02,07 07,07\nbuild at 10,07 15,07\nbuild at 20,07 25,07");
  assert_true(has_event(g, "attacker lays a wire belt from 20,07 to 25,07 (6 cells)"));
  assert_int_equal(murk_game_phase(g), MURK_PHASE_RESERVES);
  refused(g, "build at 03,09 04,09",
          "works are placed first in setup, each side in turn (now: nominating reserves)");
  /* A piece showed its builder nothing new, so it may be taken back (docs/rules.md "Undo"),
   * works and all. */
  murk_game_free(g);
  g = new_game(m, 1);
  ok_line(g, "build at 02,04 07,04");
  assert_int_equal(murk_game_undoable(g), 1);
  char why[200];
  assert_int_equal(murk_game_undo(g, why, sizeof why), MURK_OK);
  assert_int_equal(mk_terrain_at(g, (struct murk_pos){5, 4})->works, MURK_WORKS_NONE);
  assert_int_equal(g->s.nworks, 0);
  ok_line(g, "build at 02,04 07,04");
  /* A refused piece changes nothing, map included. */
  refused(g, "build at 09,04 09,06",
          "a trench line is dug in your own deployment area; 09,06 is not in it");
  assert_int_equal(mk_terrain_at(g, (struct murk_pos){9, 4})->works, MURK_WORKS_NONE);
  assert_int_equal(g->s.nworks, 6);
  murk_game_free(g);
  murk_mission_free(m);
}

/* The text's last step: independent teams deploy in the trench lines of their deployment
 * area (drawn or built), while one has a free cell; the view lists those cells. */
static char* swap(const char* text, const char* from, const char* to) {
  static char out[2][16384];
  static int k;
  char* o = out[k++ % 2];
  const char* at = strstr(text, from);
  assert_non_null(at);
  static char made[sizeof out[0]]; /* apart from out: text may be the last answer */
  snprintf(made, sizeof made, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
  memcpy(o, made, sizeof made);
  return o;
}

/* No Man's Land's works are each force's own ("both players place all of their
 * Fortifications", then "all of their Obstacles"): a force builds the pieces its `works`
 * gives, and a force with none of a kind has no go at it. */
static void test_works_per_force(void** st) {
  (void)st;
  const char* y = swap(NML_MISSION, "setup: {", "setup: {works: {length: 10cm}, ");
  y = swap(y, "    name: Red Force\n",
           "    name: Red Force\n    works: {fortification: 2, wire: 1}\n");
  y = swap(y, "    name: Blue Force\n", "    name: Blue Force\n    works: {fortification: 1}\n");
  struct murk_mission* m = load_yaml(y);
  assert_int_equal(m->sides[MURK_ATTACKER].force.works[MURK_WORKS_FORTIFICATION], 2);
  assert_int_equal(m->sides[MURK_DEFENDER].force.works[MURK_WORKS_WIRE], 0);
  struct murk_game* g = new_game(m, 1);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_FORTIFY);
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  ok_line(g, "build at 0,0 1,0");
  /* The defender's one trench line is down: the attacker's two. */
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  refused(g, "end",
          "place all your trench lines first: 2 left (build at X,Y X,Y, from one end to the "
          "other)");
  ok_lines(g, "build at 0,11 1,11\nbuild at 3,11 4,11");
  /* The defender has no wire: the attacker lays its one belt in the defender's half. */
  assert_int_equal(murk_game_phase(g), MURK_PHASE_WIRE);
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  ok_line(g, "build at 0,3 1,3");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_RESERVES);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_independents_in_trenches(void** st) {
  (void)st;
  const char* y = swap(NML_MISSION, "setup: {", "setup: {works: {length: 5cm}, ");
  y = swap(y, "    name: Red Force\n", "    name: Red Force\n    works: {fortification: 1}\n");
  y = swap(y, "    name: Blue Force\n", "    name: Blue Force\n    works: {fortification: 1}\n");
  y = swap(y, ST_PLATOON("Charlie Rifles", "infantry", 2),
           ST_PLATOON("Charlie HQ", "infantry, independent", 1));
  struct murk_mission* m = load_yaml(y);
  struct murk_game* g = new_game(m, 1);
  /* One trench cell each, on open ground (row 0 of each half). */
  assert_int_equal(murk_game_phase(g), MURK_PHASE_FORTIFY);
  ok_lines(g, "build at 8,0 8,0\nbuild at 8,11 8,11");
  while (murk_game_phase(g) == MURK_PHASE_RESERVES) ok_line(g, "end");
  ok_lines(g, "deploy 1 at 3,0\ndeploy 1 at 3,11\ndeploy 2 at 12,0\ndeploy 2 at 12,11\nend\nend");
  enum murk_side w = g->s.lr_winner;
  ok_lines(g, w == MURK_ATTACKER ? "objective at 3,3\nobjective at 12,8"
                                 : "objective at 3,8\nobjective at 12,3");
  ok_lines(g, w == MURK_ATTACKER ? "patrol 2 at 3,7\npatrol 2 at 12,4"
                                 : "patrol 2 at 3,4\npatrol 2 at 12,7");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_INDEPENDENTS);
  enum murk_side s = murk_game_to_act(g);
  const char* in = s == MURK_ATTACKER ? "deploy 3 at 8,11" : "deploy 3 at 8,0";
  const char* out = s == MURK_ATTACKER ? "deploy 3 at 6,11" : "deploy 3 at 6,0";
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, s, &v), MURK_OK);
  /* The side's drawn trench row (16 cells) and the cell it built. */
  assert_int_equal(v->nplace_cells, 17);
  for (int i = 0; i < v->nplace_cells; i++) {
    int t = murk_view_terrain_at(v, v->place_cells[i]);
    assert_int_equal(v->terrain[t].works, MURK_WORKS_FORTIFICATION);
  }
  murk_view_free(v);
  char why[200];
  bad_line(g, out, why, sizeof why);
  assert_non_null(strstr(why, "independent and warrior teams deploy in a trench line"));
  ok_line(g, in);
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- deployment order ---- */

static void test_independents_phase(void** st) {
  (void)st;
  struct murk_mission* m = mission("setup: {first_turn: attacker, independents_first: defender}\n");
  struct murk_game* g = new_game(m, 1);
  refused(g, "deploy 5 at 14,10",
          "platoon 5 (Easy HQ) is an independent or warrior team: it deploys "
          "after the platoons");
  ok_lines(g,
           "deploy 1 at 1,7\ndeploy 1 at 1,1\ndeploy 2 at 4,7\ndeploy 2 at 4,1\ndeploy 3 at 8,7\n"
           "deploy 3 at 8,1\ndeploy 4 at 12,7\ndeploy 4 at 12,1\nend\nend");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_INDEPENDENTS);
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  /* Without fog of war they must come on now. */
  refused(g, "end", "platoon 5 (Zulu HQ) is not deployed yet: deploy it (deploy 5 at X,Y)");
  ok_line(g, "deploy 5 at 14,0"); /* the defender has nothing more: done */
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  ok_line(g, "deploy 5 at 14,10");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_deploy_in_turn(void** st) {
  (void)st;
  struct murk_mission* m =
      mission("setup: {first_turn: attacker, deploy_first: defender, deploy_order: in_turn}\n");
  struct murk_game* g = new_game(m, 1);
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  ok_lines(g, "deploy 1 at 1,1\ndeploy 2 at 4,1");
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER); /* not the attacker's go yet */
  ok_lines(g, "deploy 3 at 8,1\ndeploy 4 at 12,1\nend");
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  assert_int_equal(g->s.finished_deploying_first, MURK_DEFENDER);
  ok_lines(g, "deploy 1 at 1,7\ndeploy 2 at 4,7\ndeploy 3 at 8,7\ndeploy 4 at 12,7\nend");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_INDEPENDENTS);
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- an area in parts (Surrounded) ---- */

static void test_area_in_parts(void** st) {
  (void)st;
  static char text[8192];
  snprintf(text, sizeof text, "%s", ST_HEAD);
  char* at = strstr(text, "  attacker: {half: south}\n");
  assert_non_null(at);
  char rest[4096];
  snprintf(rest, sizeof rest, "%s", at + strlen("  attacker: {half: south}\n"));
  snprintf(at, sizeof text - (size_t)(at - text),
           "  attacker: [{rect: [\"0,6\", \"3,11\"]}, {rect: [\"12,6\", \"15,11\"]}]\n%s"
           "setup: {first_turn: attacker, deploy_order: in_turn, attacker: {each_zone: true}}\n"
           "%s",
           rest, ST_FORCES);
  struct murk_mission* m = load_yaml(text);
  assert_int_equal(m->sides[MURK_ATTACKER].nmore_zones, 1);
  assert_true(m->sides[MURK_ATTACKER].setup.each_zone);
  struct murk_game* g = new_game(m, 1);
  refused(g, "deploy 1 at 7,7",
          "your deployment must be in one of the 2 parts of the area; 07,07 is "
          "in none");
  ok_lines(g, "deploy 1 at 1,7\ndeploy 2 at 1,9\ndeploy 3 at 3,7");
  /* The last one must go to the part still empty. */
  refused(g, "deploy 4 at 3,10",
          "at least one platoon must deploy in each part of your area: put this "
          "one in the area 12,06-15,11");
  ok_line(g, "deploy 4 at 13,8");
  ok_line(g, "end");
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_ATTACKER, &v), MURK_OK);
  assert_int_equal(v->nown_more_zones, 1);
  murk_view_free(v);
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- Hasty Attack: taking an objective away ---- */

#define ST_OBJECTIVES                                                  \
  "objectives:\n"                                                      \
  "  place:\n"                                                         \
  "    - {by: defender, for: defender, count: 1, in: {half: south}}\n" \
  "    - {by: attacker, for: attacker, count: 2, in: {half: north}}\n" \
  "  remove: {by: attacker, count: 1}\n"

/* The placement prompt says where the objective may go: the step's area less its bands. */
static void test_objective_prompt_says_where(void** st) {
  (void)st;
  struct murk_mission* m = mission(
      "objectives:\n"
      "  place:\n"
      "    - {by: defender, count: 1, in: {half: south}}\n"
      "    - {by: attacker, count: 2, in: {half: north},\n"
      "       keep_out: {centre_line: 10cm, short_edges: 5cm}}\n");
  struct murk_game* g = new_game(m, 1);
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_DEFENDER, &v), MURK_OK);
  assert_string_equal(v->prompt,
                      "defender: place objective 1 of 1 in the south half (objective at X,Y)");
  murk_view_free(v);
  ok_line(g, "objective at 5,10");
  assert_int_equal(murk_view_build(g, MURK_ATTACKER, &v), MURK_OK);
  assert_string_equal(v->prompt,
                      "attacker: place objective 1 of 2 in the north half, not within 10cm of "
                      "the centre line or 5cm of the short edges (objective at X,Y)");
  murk_view_free(v);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_objective_removal(void** st) {
  (void)st;
  struct murk_mission* m =
      mission(ST_OBJECTIVES
              "setup: {first_turn: attacker, deploy_first: defender, deploy_order: in_turn}\n");
  assert_int_equal(m->remove_by, MURK_ATTACKER);
  struct murk_game* g = new_game(m, 1);
  ok_lines(g, "objective at 5,10\nobjective at 3,3\nobjective at 12,3");
  ok_lines(g, "deploy 1 at 1,1\ndeploy 2 at 4,1\ndeploy 3 at 8,1\ndeploy 4 at 12,1\nend");
  /* Now the attacker, before it deploys. */
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  refused(g, "deploy 1 at 1,7",
          "first take away 1 of the objectives you placed (remove objective NAME)");
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_ATTACKER, &v), MURK_OK);
  assert_string_equal(v->prompt,
                      "attacker: take away 1 of the objectives you placed (remove objective NAME)");
  murk_view_free(v);
  refused(g, "remove objective 1", "objective 1 was not placed by you: take away one of your own");
  refused(g, "remove objective 9", "there is no objective 9 (the objectives: 1, 2, 3)");
  ok_line(g, "remove objective 3");
  assert_true(has_event(g, "attacker takes away objective 3 at 12,03"));
  assert_int_equal(g->s.nobjectives, 2);
  refused(g, "remove objective 2", "you take away no objectives now");
  ok_line(g, "deploy 1 at 1,7");
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- Random Deployment ---- */

static void test_random_deployment(void** st) {
  (void)st;
  struct murk_mission* m = mission("rules:\n  random_deployment: {sections: 2}\n");
  static const char* const def[] = {"deploy 1 at 1,1", "deploy 2 at 4,1", "deploy 3 at 8,1",
                                    "deploy 4 at 12,1"};
  static const char* const wline[] = {"deploy 1 at 1,7", "deploy 2 at 3,7", "deploy 3 at 5,7",
                                      "deploy 4 at 7,7"};
  static const char* const eline[] = {"deploy 1 at 9,7", "deploy 2 at 11,7", "deploy 3 at 13,7",
                                      "deploy 4 at 15,7"};
  bool refused_seen = false;
  for (uint64_t seed = 1; seed < 20; seed++) {
    struct murk_game* g = new_game(m, seed);
    /* The attacker's only (as in Cauldron): four platoons to deploy now, no dummies. */
    assert_int_equal(g->s.nrd_slots[MURK_ATTACKER], 4);
    assert_int_equal(g->s.nrd_slots[MURK_DEFENDER], 0);
    assert_true(has_event(g, "random deployment, attacker: d6"));
    int west = 0;
    for (int i = 0; i < 4; i++) west += g->s.rd_slots[MURK_ATTACKER][i] == 0 ? 1 : 0;
    /* The south half spans columns 0-15: section 1 is 0-7, section 2 is 8-15. */
    char why[200];
    for (int unit = 0; unit < 4; unit++) {
      bool in_west = unit < west;
      /* All rolls in one section: a cell of the other is refused. */
      if (west == 4 || west == 0) {
        bad_line(g, in_west ? eline[unit] : wline[unit], why, sizeof why);
        assert_non_null(strstr(why, "random deployment: "));
        assert_non_null(strstr(why, "is in no section your rolls gave"));
        refused_seen = true;
      }
      ok_line(g, in_west ? wline[unit] : eline[unit]);
      ok_line(g, def[unit]);
    }
    murk_game_free(g);
  }
  assert_true(refused_seen);
  murk_mission_free(m);
}

/* ---- reconnaissance deployment moves ---- */

static void test_recce_moves(void** st) {
  (void)st;
  struct murk_mission* m = mission(
      "setup: {first_turn: attacker, recce_first: defender}\n"
      "rules:\n  recce_deployment: {distance: 20cm, keep_out: 10cm}\n");
  struct murk_game* g = new_game(m, 1);
  ok_lines(g, ST_DEPLOY_ALL);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_RECCE);
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  char why[200];
  refused(g, "recce 1 to 1,3", "platoon 1 (Victor Rifles) is not a recce platoon");
  bad_line(g, "recce 3 to 8,6", why, sizeof why); /* 5 cells */
  assert_string_equal(why,
                      "that is 5 cells; a reconnaissance deployment move is at most 20cm (4 "
                      "cells)");
  bad_line(g, "recce 3 to 8,5", why, sizeof why); /* ends next to the attacker's Charlie */
  assert_non_null(strstr(why, "may not end within 10cm"));
  ok_line(g, "recce 3 to 10,3");
  assert_true(has_event(g, "defender P6 makes a reconnaissance move 08,01 -> 10,03"));
  /* The defender has no other recce platoon: the attacker's turn. */
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  ok_line(g, "end");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- Prepared Positions ---- */

static void test_prepared_positions(void** st) {
  (void)st;
  struct murk_mission* m = mission("rules:\n  fog_of_war: {}\n  prepared_positions: {}\n");
  struct murk_game* g = new_game(m, 1);
  ok_lines(g, ST_DEPLOY_ALL);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  assert_true(has_event(g, "prepared positions: every platoon on the table begins dug in"));
  for (int sd = 0; sd < MURK_SIDES; sd++)
    for (int u = 0; u < 5; u++) assert_true(g->s.units[sd][u].dug_in);
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_ATTACKER, &v), MURK_OK);
  assert_true(v->platoons[0].dug_in);
  /* The enemy's templates show nothing of what is under them. */
  for (int i = 0; i < v->nmarkers; i++)
    if (v->markers[i].owner == MURK_DEFENDER)
      assert_false(v->markers[i].dug_in);
    else
      assert_true(v->markers[i].dug_in);
  murk_view_free(v);
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- Ambush and Immediate Ambush ---- */

static void test_immediate_ambush(void** st) {
  (void)st;
  struct murk_mission* m = mission("rules:\n  immediate_ambush: {keep_out: 20cm}\n");
  struct murk_game* g = new_game(m, 1);
  /* Only the defender lies in ambush: the phase starts with it. */
  assert_int_equal(murk_game_phase(g), MURK_PHASE_RESERVES);
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  char why[200];
  ok_line(g, "ambush 2");
  refused(g, "ambush 3", "you may hold only 1 platoon in immediate ambush");
  ok_line(g, "end");
  assert_true(has_event(g, "defender holds a platoon in immediate ambush"));
  ok_lines(g,
           "deploy 1 at 1,7\ndeploy 1 at 1,1\ndeploy 2 at 4,7\ndeploy 3 at 8,1\ndeploy 3 at 8,7\n"
           "deploy 4 at 12,1\ndeploy 4 at 12,7\nend\nend\ndeploy 5 at 14,10\ndeploy 5 at 14,0");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_AMBUSH);
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  refused(g, "end", "place your immediate ambush first (ambush N at X,Y): 1 left");
  refused(g, "ambush 2 at 4,8", "an ambush must be in the north half; 04,08 is not");
  bad_line(g, "ambush 2 at 4,5", why, sizeof why); /* 2 cells from the attacker at 4,7 */
  assert_non_null(strstr(why, "an ambush must be more than 20cm (4 cells) from the enemy"));
  ok_line(g, "ambush 2 at 4,2");
  assert_true(has_event(g, "defender springs an ambush with P"));
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  murk_game_free(g);
  murk_mission_free(m);
  /* Surrounded: the ambush is not a choice (`required: true`). */
  m = mission("rules:\n  immediate_ambush: {keep_out: 20cm, required: true}\n");
  g = new_game(m, 1);
  refused(g, "end",
          "immediate ambush: this mission has you hold 1 platoon in immediate ambush "
          "(ambush N); you hold 0");
  ok_lines(g, "ambush 2\nend");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_DEPLOY);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_ambush_in_own_turn(void** st) {
  (void)st;
  struct murk_mission* m =
      mission("setup: {first_turn: defender}\nrules:\n  ambush: {keep_out: 10cm}\n");
  struct murk_game* g = new_game(m, 1);
  char why[200];
  ok_line(g, "ambush 2");
  ok_line(g, "end");
  bad_line(g, "ambush 2 at 4,2", why, sizeof why); /* not during setup */
  ok_lines(g,
           "deploy 1 at 1,7\ndeploy 1 at 1,1\ndeploy 2 at 4,7\ndeploy 3 at 8,1\ndeploy 3 at 8,7\n"
           "deploy 4 at 12,1\ndeploy 4 at 12,7\nend\nend\ndeploy 5 at 14,10\ndeploy 5 at 14,0");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  /* After something has moved it is too late this turn. */
  ok_line(g, "move 1 to 1,2");
  refused(g, "ambush 2 at 4,2",
          "an ambush is sprung at the start of your turn, before anything moves");
  ok_lines(g, "end\nend\nend\nend\nend\nend");
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  ok_line(g, "ambush 2 at 4,2");
  /* Our reading: sprung, it has used its move. */
  bad_line(g, "move 2 to 4,3", why, sizeof why);
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- Infiltrate (40k mission special rules) ---- */

static void test_infiltrate(void** st) {
  (void)st;
  /* hidden 10cm (2 cells), seen 20cm (4 cells). */
  struct murk_mission* m = mission("rules:\n  infiltrate: {hidden: 10cm, seen: 20cm}\n");
  struct murk_game* g = new_game(m, 2);
  char why[200];
  refused(g, "deploy 4 at 12,7",
          "platoon 4 (Dog Stalkers) infiltrates: it deploys after everything "
          "else");
  ok_lines(g,
           "deploy 1 at 1,7\ndeploy 1 at 1,1\ndeploy 2 at 4,7\ndeploy 2 at 4,1\ndeploy 3 at 8,7\n"
           "deploy 3 at 8,1\nend\nend\ndeploy 5 at 14,10\ndeploy 5 at 14,0");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_INFILTRATE);
  /* Both sides have infiltrators: a coin picked who starts. */
  assert_true(has_event(g, "infiltrators, 1: attacker first: d2"));
  /* Play the attacker's infiltration whenever its turn comes. */
  while (murk_game_phase(g) == MURK_PHASE_INFILTRATE) {
    if (murk_game_to_act(g) == MURK_DEFENDER) {
      ok_line(g, "deploy 4 at 12,1");
      continue;
    }
    /* 7,3 is 2 cells from the defender's Scouts at 8,1, and seen: refused. */
    bad_line(g, "deploy 4 at 8,3", why, sizeof why);
    assert_non_null(strstr(why, "infiltrators outside your zone must be more than 20cm"));
    /* 7,5: behind the woods from the defender, 3 cells from the nearest: hidden enough. */
    ok_line(g, "deploy 4 at 7,5");
  }
  assert_int_equal(g->s.units[MURK_ATTACKER][3].state, MURK_PLATOON_REVEALED);
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- Escalation (40k mission special rules) ---- */

static void test_escalation(void** st) {
  (void)st;
  struct murk_mission* m = mission("rules:\n  escalation: {}\n  reserves: {}\n");
  struct murk_game* g = new_game(m, 1);
  ok_lines(g, "end\nend"); /* no reserves nominated by hand */
  refused(g, "deploy 2 at 4,7",
          "escalation: only infantry without transports deploys at the start; "
          "platoon 2 (Baker Tanks) waits in reserve");
  ok_line(g, "deploy 1 at 1,7");
  ok_line(g, "deploy 1 at 1,1");
  ok_line(g, "deploy 3 at 8,7"); /* recce may deploy */
  ok_line(g, "end");             /* the defender: the rest of its platoons wait in reserve */
  assert_true(has_event(g, "defender holds 3 more platoons in reserve"));
  ok_line(g, "end");
  /* Baker Tanks went into reserve; Dog Stalkers (infantry) too, as it was not deployed. */
  assert_int_equal(g->s.units[MURK_ATTACKER][1].state, MURK_PLATOON_RESERVE);
  assert_int_equal(g->s.units[MURK_ATTACKER][1].reserve, MURK_RESERVE_PLAIN);
  assert_int_equal(g->s.units[MURK_ATTACKER][3].state, MURK_PLATOON_RESERVE);
  assert_true(has_event(g, "attacker holds 2 more platoons in reserve"));
  /* They arrive by the same text's Reserves rules: one die for each unit,
   * though per_platoon is not set. */
  ok_line(g, "deploy 5 at 3,7");
  char tries[200];
  for (int i = 0; i < 8 && murk_game_phase(g) != MURK_PHASE_PLAY; i++)
    if (try_line(g, "end", tries, sizeof tries) != MURK_OK) ok_line(g, "deploy 5 at 3,1");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  const struct murk_roll* r = NULL;
  for (size_t i = 0; i < mk_game_event_count(g); i++) {
    const struct murk_event* e = mk_game_event(g, i);
    if (e->has_roll && strncmp(e->roll.purpose, "reserves, attacker", 18) == 0) r = &e->roll;
  }
  assert_non_null(r);
  assert_int_equal(r->ndice, 2);
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- the mission keys ---- */

static void load_bad(const char* extra, const char* want) {
  static char text[8192];
  snprintf(text, sizeof text, "%s%s%s", ST_HEAD, extra, ST_FORCES);
  struct murk_diags d;
  murk_diags_init(&d, "bad.yaml");
  struct murk_mission* m = NULL;
  assert_int_equal(murk_mission_load_buffer("bad.yaml", text, strlen(text), &m, &d), MURK_EINVAL);
  assert_null(m);
  char buf[400];
  murk_diags_format(&d, 0, buf, sizeof buf);
  if (strcmp(buf, want) != 0) fail_msg("got:  %s\nwant: %s", buf, want);
}

static void test_mission_keys(void** st) {
  (void)st;
  struct murk_mission* m = mission(
      "entries:\n  - {number: 1, at: \"0,9\", kind: road}\n  - {number: 2, at: \"15,9\"}\n"
      "arrive:\n"
      "  attacker: [{edge: south, in: {half: west}}, {corner: se, within: 20cm, edge: east}]\n"
      "  defender: {entries: [2]}\n"
      "setup:\n"
      "  first_turn: defender\n  deploy_first: defender\n  deploy_order: in_turn\n"
      "  independents_first: attacker\n  recce_first: attacker\n"
      "  attacker: {reserves: [delayed_reserves, deep_strike], scattered: true}\n"
      "  defender: {ambush: 2, immediate_ambush: 0, random_deployment: true}\n");
  const struct murk_side_setup* a = &m->sides[MURK_ATTACKER].setup;
  const struct murk_side_setup* d = &m->sides[MURK_DEFENDER].setup;
  assert_int_equal(a->narrive, 2);
  assert_int_equal(a->arrive[0].kind, MURK_ARRIVE_EDGE);
  assert_int_equal(a->arrive[0].where, MURK_SOUTH);
  assert_true(a->arrive[0].has_in);
  assert_int_equal(a->arrive[1].kind, MURK_ARRIVE_CORNER);
  assert_int_equal(a->arrive[1].where, MURK_SE);
  assert_int_equal(a->arrive[1].within, 4);
  assert_true(a->arrive[1].one_edge);
  assert_int_equal(a->arrive[1].edge, MURK_EAST);
  assert_int_equal(d->narrive, 1);
  assert_int_equal(d->arrive[0].kind, MURK_ARRIVE_ENTRIES);
  assert_int_equal(d->arrive[0].entries, 1u << 1);
  assert_true(a->reserves_given);
  assert_int_equal(a->reserves, (1u << MURK_RESERVE_DELAYED) | (1u << MURK_RESERVE_DEEP));
  assert_int_equal(a->scattered, 1);
  assert_false(d->reserves_given);
  assert_int_equal(d->ambush, 2);
  assert_int_equal(d->immediate_ambush, 0);
  assert_int_equal(d->random_deployment, 1);
  assert_int_equal(a->random_deployment, -1);
  assert_int_equal(m->deploy_first, MURK_DEFENDER);
  assert_true(m->deploy_in_turn);
  assert_int_equal(m->independents_first, MURK_ATTACKER);
  assert_int_equal(m->recce_first, MURK_ATTACKER);
  assert_int_equal(m->remove_by, MURK_NO_SIDE);
  murk_mission_free(m);

  /* Defaults: the first deployer goes first everywhere. */
  m = mission("setup: {deploy_first: defender}\n");
  assert_int_equal(m->independents_first, MURK_DEFENDER);
  assert_int_equal(m->recce_first, MURK_DEFENDER);
  assert_int_equal(m->sides[MURK_ATTACKER].setup.narrive, 0);
  murk_mission_free(m);

  /* Problems, at their places. The head is 23 lines long. */
  load_bad("arrive: {attacker: {corner: sw, within: 20cm, edge: north}}\n",
           "bad.yaml:24:53: error: edge north does not meet the sw corner (expected one of its "
           "two edges)");
  load_bad("arrive: {attacker: {within: 20cm}}\n",
           "bad.yaml:24:20: error: arrive.attacker names no place (expected edge, corner or "
           "entries)");
  load_bad("arrive: {attacker: {corner: sw}}\n",
           "bad.yaml:24:20: error: missing key 'within' in arrive.attacker (expected within: how "
           "far from the corner, such as 40cm)");
  load_bad("entries:\n  - {number: 1, at: \"0,9\"}\narrive: {defender: {entries: [3]}}\n",
           "bad.yaml:26:31: error: entry 3 is not one of the mission's entries (expected a number "
           "from 'entries')");
  load_bad("arrive: {defender: {edge: south, entries: all}}\n",
           "bad.yaml:24:43: error: arrive.defender names two kinds of place (expected one of "
           "edge, corner with within, or entries)");
  load_bad(
      "objectives:\n  place:\n    - {by: attacker, count: 2}\n"
      "  remove: {by: attacker, count: 2}\n",
      "bad.yaml:27:33: error: the attacker removes 2 objectives but places 2 (expected "
      "fewer than it places)");
  load_bad("rules:\n  escalation: {}\n",
           "bad.yaml:25:3: error: escalation is on but reserves is not (expected reserves too: "
           "escalation sends everything it keeps off the table into reserve)");
  load_bad("setup: {attacker: {reserves: [delayed]}}\n",
           "bad.yaml:24:31: error: 'reserves' is 'delayed' (expected one of: reserves, "
           "delayed_reserves, scattered_reserves, mobile_reserves, "
           "deep_strike)");
}

/* Fighting Withdrawal's objectives are more than 20cm apart and no two
 * more than 120cm apart, the defender's included (the bundled mission). */
static void test_fighting_withdrawal_objectives(void** st) {
  (void)st;
  struct murk_mission* m = load_bundled("fighting-withdrawal");
  struct murk_game* g = new_game(m, 1);
  char why[200];
  ok_line(g, "objective at 04,04");                   /* the defender's */
  bad_line(g, "objective at 08,04", why, sizeof why); /* exactly 20cm: not more than 20cm */
  assert_non_null(strstr(why, "at least 25cm (5 cells) apart"));
  ok_line(g, "objective at 09,04");
  /* 31,07 is within 120cm of the attacker's first but not of the defender's objective. */
  bad_line(g, "objective at 31,07", why, sizeof why);
  assert_non_null(strstr(why, "all objectives must be within 120cm (24 cells)"));
  assert_non_null(strstr(why, "from objective 1 at 04,04"));
  ok_line(g, "objective at 26,06");
  murk_game_free(g);
  murk_mission_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fighting_withdrawal_objectives),
      cmocka_unit_test(test_sides_roll),
      cmocka_unit_test(test_independents_phase),
      cmocka_unit_test(test_deploy_in_turn),
      cmocka_unit_test(test_area_in_parts),
      cmocka_unit_test(test_objective_prompt_says_where),
      cmocka_unit_test(test_objective_removal),
      cmocka_unit_test(test_random_deployment),
      cmocka_unit_test(test_recce_moves),
      cmocka_unit_test(test_prepared_positions),
      cmocka_unit_test(test_immediate_ambush),
      cmocka_unit_test(test_ambush_in_own_turn),
      cmocka_unit_test(test_infiltrate),
      cmocka_unit_test(test_escalation),
      cmocka_unit_test(test_mission_keys),
      cmocka_unit_test(test_no_mans_land),
      cmocka_unit_test(test_dust_up_ends),
      cmocka_unit_test(test_wire_stops_a_move),
      cmocka_unit_test(test_works_built_in_setup),
      cmocka_unit_test(test_works_per_force),
      cmocka_unit_test(test_independents_in_trenches),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
