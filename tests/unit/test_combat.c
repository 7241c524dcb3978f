/* test_combat.c: the engine combat model - to-hit scores and their modifiers (long range, dug
 * in, concealed, night, the cap at 6), saves by armour and cover, assaults with defensive fire
 * and close combat, motivation tests below half strength, company morale and a destroyed
 * company. Teams are put on exact cells by hand, and every count of hits is checked against
 * the dice the game reported. Sight range and lines: test_sight.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "combat.h"
#include "murk/sight.h"
#include "sight.h"
#include "test_load.h"
#include "test_support.h"

/* Both sides: rifles (no save, range 8 cells), tanks (armour 3+), transports; the defender
 * also has ghosts, hard to hit (skill 6). */
#define CB_FORCES                                                                              \
  "forces:\n"                                                                                  \
  "  attacker:\n"                                                                              \
  "    profiles:\n"                                                                            \
  "      rifle: {move: 20cm, range: 40cm, rof: 2, skill: 4, save: 7, motivation: 4}\n"         \
  "      tank: {move: 30cm, range: 40cm, rof: 2, skill: 4, save: 3, motivation: 3, "           \
  "vehicle: true}\n"                                                                           \
  "      truck: {move: 30cm, range: 0cm, rof: 0, skill: 4, save: 7, vehicle: true}\n"          \
  "    platoons:\n"                                                                            \
  "      - {name: Red Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 4}]}\n"  \
  "      - {name: Red Tanks, command_distance: 10cm, teams: [{profile: tank, count: 3}]}\n"    \
  "      - {name: Red Trucks, command_distance: 10cm, teams: [{profile: truck, count: 2}],\n"  \
  "         flags: [transport]}\n"                                                             \
  "  defender:\n"                                                                              \
  "    profiles:\n"                                                                            \
  "      rifle: {move: 20cm, range: 40cm, rof: 2, skill: 4, save: 7, motivation: 5}\n"         \
  "      tank: {move: 30cm, range: 40cm, rof: 2, skill: 4, save: 3, vehicle: true}\n"          \
  "      ghost: {move: 20cm, range: 40cm, rof: 1, skill: 6, save: 7}\n"                        \
  "      truck: {move: 30cm, range: 0cm, rof: 0, skill: 4, save: 7, vehicle: true}\n"          \
  "    platoons:\n"                                                                            \
  "      - {name: Blue Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 4}]}\n" \
  "      - {name: Blue Tanks, command_distance: 10cm, teams: [{profile: tank, count: 3}]}\n"   \
  "      - {name: Blue Ghosts, command_distance: 10cm, teams: [{profile: ghost, count: 2}]}\n" \
  "      - {name: Blue Trucks, command_distance: 10cm, teams: [{profile: truck, count: 2}],\n" \
  "         flags: [transport]}\n"

/* No fog, no visibility table: platoons deploy in the open and sight is unlimited. */
#define CB_MISSION TF_HEAD TF_SETUP CB_FORCES

/* Markers: P1 red rifles, P2 blue rifles, P3 red tanks, P4 blue tanks, P5 red trucks,
 * P6 blue ghosts, P7 blue trucks. */
#define CB_DEPLOY      \
  "deploy 1 at 2,9\n"  \
  "deploy 1 at 2,2\n"  \
  "deploy 2 at 8,9\n"  \
  "deploy 2 at 8,2\n"  \
  "deploy 3 at 13,9\n" \
  "deploy 3 at 13,2\n" \
  "end\n"              \
  "deploy 4 at 15,0\n" \
  "end"

enum { RIFLES = 0, TANKS = 1, GHOSTS = 2, DTRUCKS = 3, ATRUCKS = 2 };
#define A MURK_ATTACKER
#define D MURK_DEFENDER

/* Dice at or above `need` in the rolls after event `from` whose purpose has `what`. */
static int dice_at_least(const struct murk_game* g, size_t from, const char* what, int need,
                         int* ndice) {
  int hits = 0;
  if (ndice) *ndice = 0;
  /* "N+ hits" names the to-hit pools scored at N (their purpose says "to hit"); anything
   * else is matched in the purpose as written. */
  int want = 0;
  bool to_hit = sscanf(what, "%d+ hits", &want) == 1;
  if (to_hit) assert_int_equal(want, need);
  for (size_t i = from; i < mk_game_event_count(g); i++) {
    const struct murk_event* e = mk_game_event(g, i);
    if (!e->has_roll) continue;
    if (to_hit ? !strstr(e->roll.purpose, "to hit") || e->roll.need != need
               : !strstr(e->roll.purpose, what))
      continue;
    int n = 0;
    for (int k = 0; k < e->roll.ndice; k++) {
      n += e->roll.dice[k] >= need;
      if (ndice) (*ndice)++;
    }
    /* A pool's total is its successes, as its text says. */
    if (e->roll.need > 0) assert_int_equal(e->roll.total, n);
    hits += n;
  }
  return hits;
}

/* Put a unit's teams in a row from x,y eastwards (step dx). */
static void put(struct murk_game* g, enum murk_side side, int unit, int x, int y, int dx) {
  struct mk_unit_state* u = &g->s.units[side][unit];
  for (int i = 0; i < u->nteams; i++) {
    g->s.teams[side][u->first_team + i].pos = (struct murk_pos){x + i * dx, y};
    g->s.teams[side][u->first_team + i].placed = true;
  }
  /* What each side now sees and knows of the other, as after a real move: the game judges
   * shots and assaults by what the side knows (combat.c, known_distance). */
  mk_sight_update(g, mk_game_event_count(g));
}

/* Everybody out of the way: the attacker along row 11, the defender along row 0. */
static void park(struct murk_game* g) {
  put(g, A, RIFLES, 0, 11, 1);
  put(g, A, TANKS, 5, 11, 1);
  put(g, A, ATRUCKS, 9, 11, 1);
  put(g, D, RIFLES, 2, 0, 1);
  put(g, D, TANKS, 7, 0, 1);
  put(g, D, GHOSTS, 11, 0, 1);
  put(g, D, DTRUCKS, 14, 0, 1);
}

/* A game deployed in the open, everybody parked, in the attacker's movement step. */
static struct murk_game* open_game(const struct murk_mission* m, uint64_t seed) {
  struct murk_game* g = new_game(m, seed);
  ok_lines(g, CB_DEPLOY);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  assert_int_equal(murk_game_to_act(g), A);
  park(g);
  return g;
}

/* The shooting step of game `seed`: the red rifles on row 7 from column 0, the blue
 * platoon `unit` on the same row from column `at`, one team a cell. */
static struct murk_game* lined_up(const struct murk_mission* m, uint64_t seed, int unit, int at) {
  struct murk_game* g = open_game(m, seed);
  ok_line(g, "end");
  put(g, A, RIFLES, 0, 7, 1);
  put(g, D, unit, at, 7, 1);
  return g;
}

static void kill_teams(struct murk_game* g, enum murk_side side, int unit, int n) {
  struct mk_unit_state* u = &g->s.units[side][unit];
  for (int i = 0; i < n; i++) g->s.teams[side][u->first_team + i].alive = false;
}

static void destroy(struct murk_game* g, enum murk_side side, int unit) {
  kill_teams(g, side, unit, g->s.units[side][unit].nteams);
  g->s.units[side][unit].state = MURK_PLATOON_DESTROYED;
}

/* ---- sight (its range and lines: test_sight.c) ---- */

static void test_shooting_needs_sight(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_HEAD TF_SETUP TF_VIS CB_FORCES);
  struct murk_game* g = open_game(m, 1);
  char why[200];
  ok_line(g, "end");
  /* Rifles reach 8 cells but see only 4. */
  put(g, A, RIFLES, 0, 7, 1);
  put(g, D, RIFLES, 8, 7, 1);
  bad_line(g, "shoot 1 at P2", why, sizeof why);
  /* The refusal says why from what the side knows: its units see no farther. */
  assert_string_equal(why,
                      "no team of P1 can see a team of P2 within its range: the nearest known is "
                      "5 cells away, beyond your units' sight range (4 cells)");
  put(g, D, RIFLES, 7, 7, 1); /* the easternmost red rifle (3,7) is 4 cells from 7,7 */
  ok_line(g, "shoot 1 at P2");
  assert_true(has_event(g, "attacker P1 shoots at P2: 1 team in range, 2 dice"));
  murk_game_free(g);
  murk_mission_free(m);

  /* By day nothing limits sight: beyond the rifles' 8 cells the refusal names their reach. */
  m = load_yaml(CB_MISSION);
  g = lined_up(m, 1, RIFLES, 12);
  bad_line(g, "shoot 1 at P2", why, sizeof why);
  assert_string_equal(
      why, "P2 is out of P1's range: its nearest known team is 9 cells away, P1 reaches 8 cells");
  murk_game_free(g);
  murk_mission_free(m);
}

/* Hits fall on teams the firing side sees (docs/rules.md, "Hidden contact"): the nearest
 * blue rifle stands in the woods, out of sight, nearer than the one the red rifles see; the
 * hits go to the one seen. */
static void test_hits_fall_on_seen_teams(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_HEAD TF_SETUP TF_VIS CB_FORCES);
  bool hit = false;
  for (uint64_t seed = 1; seed < 30 && !hit; seed++) {
    struct murk_game* g = open_game(m, seed);
    ok_line(g, "end");
    put(g, A, RIFLES, 4, 6, 1);
    put(g, D, RIFLES, 12, 0, 1);
    struct mk_team* dt = &g->s.teams[D][g->s.units[D][RIFLES].first_team];
    dt[0].pos = (struct murk_pos){5, 3}; /* in the woods */
    dt[1].pos = (struct murk_pos){10, 4};
    /* Written by hand: what each side sees follows, as after a command (shoot measures to
     * the teams its side sees). */
    mk_sight_update(g, mk_game_event_count(g));
    assert_false(mk_can_see(g, A, (struct murk_pos){4, 6}, dt[0].pos));
    assert_false(mk_can_see(g, A, (struct murk_pos){5, 6}, dt[0].pos));
    assert_false(mk_can_see(g, A, (struct murk_pos){6, 6}, dt[0].pos));
    assert_false(mk_can_see(g, A, (struct murk_pos){7, 6}, dt[0].pos));
    assert_true(mk_can_see(g, A, (struct murk_pos){7, 6}, dt[1].pos));
    assert_true(murk_geom_distance(&m->grid, (struct murk_pos){5, 6}, dt[0].pos) <
                murk_geom_distance(&m->grid, (struct murk_pos){7, 6}, dt[1].pos));
    ok_line(g, "shoot 1 at P2");
    if (!dt[0].alive || !dt[1].alive) {
      hit = true;
      assert_true(dt[0].alive);
      assert_false(dt[1].alive);
    }
    murk_game_free(g);
  }
  assert_true(hit);
  murk_mission_free(m);
}

/* ---- to hit ---- */

/* Shoot red rifles at blue rifles and check the score needed and the hits against the dice. */
static void shoot_and_check(struct murk_game* g, const char* expect, int need, int dice) {
  size_t from = mk_game_event_count(g);
  int before = mk_unit_alive(&g->s, D, RIFLES);
  ok_line(g, "shoot 1 at P2");
  if (!has_event(g, expect)) fprintf(stderr, "missing '%s'\n", expect);
  assert_true(has_event(g, expect));
  int n = 0;
  char what[32];
  snprintf(what, sizeof what, "%d+ hits", need);
  int hits = dice_at_least(g, from, what, need, &n);
  assert_int_equal(n, dice);
  char summary[64];
  snprintf(summary, sizeof summary, "P1 scores %d hit%s", hits, hits == 1 ? "" : "s");
  assert_int_equal(count_events(g, from, summary), 1);
  /* No save for a rifle in the open: every hit is a team (at most all four). */
  int lost = before - mk_unit_alive(&g->s, D, RIFLES);
  assert_int_equal(lost, hits < before ? hits : before);
}

static void test_to_hit_short_and_long_range(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(CB_MISSION);
  /* Red rifles 0..3, blue 4..7 on row 7: the farthest pair is 4 cells, half the range:
   * not long range. */
  struct murk_game* g = lined_up(m, 7, RIFLES, 4);
  shoot_and_check(g, "P1 at P2: 8 dice (rifle) hitting on 4+ (skill 4)", 4, 8);
  murk_game_free(g);

  /* Blue rifles 8..11: every red rifle is 5 to 8 cells away: long range. */
  g = lined_up(m, 7, RIFLES, 8);
  shoot_and_check(g, "P1 at P2: 8 dice (rifle) hitting on 5+ (skill 4 +1 long range)", 5, 8);
  murk_game_free(g);

  /* Mixed: red rifles at 0..3, blue at 7..10: the red rifle at 3 is 4 cells away (short),
   * the others 5 to 7 (long). */
  g = lined_up(m, 7, RIFLES, 7);
  size_t from = mk_game_event_count(g);
  ok_line(g, "shoot 1 at P2");
  assert_true(has_event(g, "P1 at P2: 6 dice (rifle) hitting on 5+ (skill 4 +1 long range)"));
  assert_true(has_event(g, "P1 at P2: 2 dice (rifle) hitting on 4+ (skill 4)"));
  int n5 = 0, n4 = 0;
  int hits = dice_at_least(g, from, "5+ hits", 5, &n5) + dice_at_least(g, from, "4+ hits", 4, &n4);
  assert_int_equal(n5, 6);
  assert_int_equal(n4, 2);
  char summary[64];
  snprintf(summary, sizeof summary, "P1 scores %d hit%s", hits, hits == 1 ? "" : "s");
  assert_true(has_event(g, summary));
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_to_hit_dug_in_concealed_and_cap(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(CB_MISSION);
  struct murk_game* g = lined_up(m, 3, RIFLES, 4);
  g->s.units[D][RIFLES].dug_in = true;
  size_t from = mk_game_event_count(g);
  ok_line(g, "shoot 1 at P2");
  assert_true(has_event(
      g, "P1 at P2: 8 dice (rifle) hitting on 6+ (skill 4 +1 concealed +1 gone to ground)"));
  /* Dug-in rifles (no save of their own) are in bulletproof cover: each hit needs the
   * rifles' firepower test (6+) to destroy a team. */
  int hits = dice_at_least(g, from, "6+ hits", 6, NULL);
  int saves = 0;
  int rolls = 0;
  for (size_t i = from; i < mk_game_event_count(g); i++) {
    const struct murk_event* e = mk_game_event(g, i);
    if (!e->has_roll || strcmp(e->roll.purpose, "P2 firepower 6+") != 0) continue;
    rolls++;
    saves += e->roll.total < 6;
  }
  if (hits == 0) fprintf(stderr, "no hits\n");
  assert_int_equal(rolls, hits);
  assert_int_equal(4 - mk_unit_alive(&g->s, D, RIFLES), rolls - saves);
  murk_game_free(g);

  /* Blue ghosts (skill 6) in the woods at 4,3 and 5,3, 1 to 4 cells from red rifles at
   * 0..3 on row 3: concealed, so 7, which is capped at 6. */
  g = open_game(m, 3);
  ok_line(g, "end");
  put(g, A, RIFLES, 0, 3, 1);
  put(g, D, GHOSTS, 4, 3, 1);
  ok_line(g, "shoot 1 at P6");
  assert_true(has_event(g,
                        "P1 at P6: 8 dice (rifle) hitting on 6+ (skill 6 +1 concealed +1 gone to "
                        "ground, at most 6)"));
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_to_hit_night(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_HEAD TF_SETUP "rules:\n  night_fighting: {}\n" CB_FORCES);
  struct murk_game* g = lined_up(m, 5, RIFLES, 4);
  ok_line(g, "shoot 1 at P2");
  /* The sci-fi mission special rules' Night Fighting has no to-hit modifier: its sight roll
   * is the whole rule. */
  assert_true(has_event(g, "P1 at P2: 8 dice (rifle) hitting on 4+ (skill 4)"));
  assert_false(has_event(g, "+1 night"));
  murk_game_free(g);
  murk_mission_free(m);

  /* The ASL night rules (1.7): +1 on a target in the open, but not on top of the terrain's
   * own hindrance (a target in the woods is concealed, not also in the dark). */
  m = load_yaml(TF_HEAD TF_SETUP "rules:\n  nvr: {base: 6, concealed_setup: false}\n" CB_FORCES);
  g = lined_up(m, 5, RIFLES, 4);
  ok_line(g, "shoot 1 at P2");
  assert_true(has_event(g, "P1 at P2: 8 dice (rifle) hitting on 5+ (skill 4 +1 night)"));
  murk_game_free(g);
  g = open_game(m, 3);
  ok_line(g, "end");
  put(g, A, RIFLES, 0, 3, 1);
  put(g, D, GHOSTS, 4, 3, 1);
  ok_line(g, "shoot 1 at P6");
  assert_true(has_event(g,
                        "P1 at P6: 8 dice (rifle) hitting on 6+ (skill 6 +1 concealed +1 gone to "
                        "ground, at most 6)"));
  assert_false(has_event(g, "+1 night"));
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- saves ---- */

static void test_saves_armour_and_cover(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(CB_MISSION);
  /* Blue tanks: armour 3+, even dug in (a vehicle's armour is its save). */
  struct murk_game* g = NULL;
  size_t from = 0;
  int hits = 0;
  for (uint64_t seed = 11; seed < 60 && hits == 0; seed++) {
    if (g) murk_game_free(g);
    g = lined_up(m, seed, TANKS, 4);
    g->s.units[D][TANKS].dug_in = true;
    from = mk_game_event_count(g);
    ok_line(g, "shoot 1 at P4");
    hits = dice_at_least(g, from, "6+ hits", 6, NULL);
  }
  int armour = 0, lost = 0;
  for (size_t i = from; i < mk_game_event_count(g); i++) {
    const struct murk_event* e = mk_game_event(g, i);
    if (e->has_roll && strcmp(e->roll.purpose, "P4 save 3+") == 0) {
      armour++;
      lost += e->roll.total < 3;
    }
  }
  assert_true(hits > 0);
  assert_true(armour > 0 && armour <= hits);
  assert_int_equal(3 - mk_unit_alive(&g->s, D, TANKS), lost);
  murk_game_free(g);

  /* Blue rifles in the woods: cover 4+ (their own save is none). */
  g = open_game(m, 11);
  ok_line(g, "end");
  put(g, A, RIFLES, 0, 3, 1);
  put(g, D, RIFLES, 4, 3, 1); /* 4,3 5,3 6,3 woods; 7,3 open */
  ok_line(g, "shoot 1 at P2");
  /* Terrain conceals (harder to hit), it gives no save. */
  assert_true(has_event(
      g, "P1 at P2: 8 dice (rifle) hitting on 6+ (skill 4 +1 concealed +1 gone to ground)"));
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- assaults ---- */

static void test_assault_defensive_fire_and_close_combat(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(CB_MISSION);
  uint64_t beaten = 0, fought = 0;
  for (uint64_t seed = 1; seed < 200 && (!beaten || !fought); seed++) {
    struct murk_game* g = open_game(m, seed);
    ok_lines(g, "end\nend");
    /* Red rifles 0..3 and blue rifles 5..8 on row 7: 2 cells apart. */
    put(g, A, RIFLES, 0, 7, 1);
    put(g, D, RIFLES, 6, 7, 1);
    refused(g, "assault 1 at P2",
            "P2 is not within 2 cells of P1 (nearest is 3): move closer first");
    put(g, D, RIFLES, 5, 7, 1);
    size_t from = mk_game_event_count(g);
    ok_line(g, "assault 1 at P2");
    assert_true(has_event(g, "attacker P1 assaults P2 with 4 teams"));
    /* Defensive fire: four blue rifles, 2 dice each, hit red rifles (skill 4) on 4+. */
    assert_true(has_event(g, "P2 fires defensively at P1: 8 dice (rifle) hitting on 4+ (skill 4)"));
    int def_hits = dice_at_least(g, from, "fires defensively", 4, NULL);
    int red_left = mk_unit_alive(&g->s, A, RIFLES);
    assert_int_equal(4 - red_left, def_hits < 4 ? def_hits : 4); /* no saves in the open */
    int n = 0;
    int cc_hits = dice_at_least(g, from, "in close combat with", 3, &n); /* own skill: 3+ */
    if (def_hits >= 5) {
      assert_true(has_event(g, "P1's assault is beaten off"));
      assert_int_equal(n, 0);
      assert_int_equal(mk_unit_alive(&g->s, D, RIFLES), 4);
      if (!beaten) beaten = seed;
    } else {
      /* One die per red rifle left, no saves: every hit is a blue team. */
      assert_int_equal(n, red_left);
      /* Later rounds (counterattacks) may take more. */
      assert_true(4 - mk_unit_alive(&g->s, D, RIFLES) >= (cc_hits < 4 ? cc_hits : 4));
      if (!fought && cc_hits > 0) fought = seed;
    }
    assert_false(g->s.units[A][RIFLES].dug_in);
    murk_game_free(g);
  }
  assert_true(beaten != 0);
  assert_true(fought != 0);
  murk_mission_free(m);
}

/* ---- motivation, company morale ---- */

static void test_motivation_below_half(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(CB_MISSION);
  uint64_t failed = 0, passed = 0;
  for (uint64_t seed = 1; seed < 100 && (!failed || !passed); seed++) {
    struct murk_game* g = open_game(m, seed);
    kill_teams(g, D, RIFLES, 3); /* 1 of 4: below half */
    kill_teams(g, D, TANKS, 1);  /* 2 of 3: not below half */
    kill_teams(g, D, GHOSTS, 1); /* 1 of 2: exactly half, not below */
    size_t from = mk_game_event_count(g);
    ok_lines(g, "end\nend\nend"); /* to the defender's turn */
    assert_int_equal(murk_game_to_act(g), D);
    int n = 0;
    int pass = dice_at_least(g, from, "P2 platoon morale 5+", 5, &n);
    assert_int_equal(n, 1);
    assert_int_equal(dice_at_least(g, from, "P4 platoon morale", 1, NULL), 0);
    assert_int_equal(dice_at_least(g, from, "P6 platoon morale", 1, NULL), 0);
    if (pass) {
      assert_int_equal(g->s.units[D][RIFLES].state, MURK_PLATOON_REVEALED);
      if (!passed) passed = seed;
    } else {
      assert_int_equal(g->s.units[D][RIFLES].state, MURK_PLATOON_DESTROYED);
      assert_int_equal(mk_unit_alive(&g->s, D, RIFLES), 0);
      assert_true(has_event(g, "defender P2 (Blue Rifles) fails its platoon morale check"));
      if (!failed) failed = seed;
    }
    murk_game_free(g);
  }
  assert_true(failed && passed);
  murk_mission_free(m);
}

static void test_company_destroyed_loses(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(CB_MISSION);
  struct murk_game* g = open_game(m, 1);
  destroy(g, D, RIFLES);
  destroy(g, D, TANKS);
  destroy(g, D, GHOSTS); /* the trucks are left, but transports do not count */
  ok_lines(g, "end\nend\nend");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_OVER);
  assert_int_equal(murk_game_winner(g), A);
  assert_string_equal(
      murk_game_result(g),
      "attacker wins (Stunning Victory 6:1): the defender's force has no platoons left "
      "(turn 1)");
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_company_morale(void** st) {
  (void)st;
  struct murk_mission* m =
      load_yaml(TF_HEAD TF_SETUP "rules:\n  company_morale: {score: 4}\n" CB_FORCES);
  uint64_t broke = 0, held = 0;
  for (uint64_t seed = 1; seed < 100 && (!broke || !held); seed++) {
    struct murk_game* g = open_game(m, seed);
    destroy(g, D, RIFLES);
    destroy(g, D, TANKS); /* 1 of 3 counted platoons left: below 50% */
    size_t from = mk_game_event_count(g);
    ok_lines(g, "end\nend\nend");
    int n = 0;
    int pass = dice_at_least(g, from, "defender company morale 4+", 4, &n);
    assert_int_equal(n, 1);
    /* The count is the defender's own business. */
    bool told = false;
    for (size_t i = from; i < mk_game_event_count(g); i++) {
      const struct murk_event* e = mk_game_event(g, i);
      if (strstr(e->text, "1 of its 3 platoons in good spirits")) {
        told = true;
        assert_int_equal(e->audience, MURK_AUD_DEFENDER);
      }
    }
    assert_true(told);
    if (pass) {
      assert_true(has_event(g, "the defender's company holds"));
      assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
      if (!held) held = seed;
    } else {
      assert_int_equal(murk_game_phase(g), MURK_PHASE_OVER);
      assert_int_equal(murk_game_winner(g), A);
      assert_non_null(strstr(murk_game_result(g), "the defender's company broke on turn 1"));
      if (!broke) broke = seed;
    }
    murk_game_free(g);
  }
  assert_true(broke && held);
  murk_mission_free(m);
}

/* Pinned down: no assault (and the view lists none) until the platoon rallies at the start
 * of its turn; a bailed out crew remounts by its own motivation test. */
static void test_pinned_and_bailed(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(CB_MISSION);
  struct murk_game* g = open_game(m, 2);
  ok_lines(g, "end\nend");
  put(g, A, RIFLES, 0, 7, 1);
  put(g, D, RIFLES, 5, 7, 1);
  g->s.units[A][RIFLES].pinned = true;
  signed char seen = -1;
  assert_false(mk_combat_targets(g, A, RIFLES, RIFLES, false, &seen));
  refused(g, "assault 1 at P2",
          "P1 is pinned down: it cannot assault until it rallies (a motivation test at the start "
          "of your turn)");
  g->s.units[A][RIFLES].pinned = false;
  for (int t = 0; t < 4; t++) g->s.teams[A][g->s.units[A][RIFLES].first_team + t].bailed = true;
  refused(g, "assault 1 at P2",
          "every team of P1 is bailed out: it cannot assault until a crew remounts");
  murk_game_free(g);

  uint64_t rallied = 0, stayed = 0, remounted = 0;
  for (uint64_t seed = 1; seed < 60 && (!rallied || !stayed || !remounted); seed++) {
    g = open_game(m, seed);
    g->s.units[D][RIFLES].pinned = true;
    g->s.teams[D][g->s.units[D][TANKS].first_team].bailed = true;
    size_t from = mk_game_event_count(g);
    ok_lines(g, "end\nend\nend"); /* to the defender's turn */
    int n = 0;
    int pass = dice_at_least(g, from, "P2 rallies 5+", 5, &n);
    assert_int_equal(n, 1);
    assert_int_equal(g->s.units[D][RIFLES].pinned, !pass);
    if (pass)
      rallied = seed;
    else
      stayed = seed;
    int up = dice_at_least(g, from, "P4 tank remounts 4+", 4, &n);
    assert_int_equal(n, 1);
    assert_int_equal(g->s.teams[D][g->s.units[D][TANKS].first_team].bailed, !up);
    if (up) remounted = seed;
    murk_game_free(g);
  }
  assert_true(rallied && stayed && remounted);
  murk_mission_free(m);
}

/* Pinned down, a platoon may not move toward the enemy (docs/rules.md, "Pinned down"): its
 * lead team may end no nearer the nearest enemy its side knows of; it may hold or fall back,
 * and the view's move preview shows only those cells. */
static void test_pinned_moves_no_nearer(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(CB_MISSION);
  struct murk_game* g = open_game(m, 3);
  put(g, A, RIFLES, 4, 7, 1);
  put(g, D, RIFLES, 10, 7, 1);
  g->s.units[A][RIFLES].pinned = true;
  struct murk_view* v = view_of(g, A);
  assert_true(v->platoons[RIFLES].pinned);
  int w = v->grid.width;
  unsigned char* cells = test_calloc((size_t)w * (size_t)v->grid.height, 1);
  assert_true(murk_view_reach(v, 1, cells, 1) > 0);
  assert_false(cells[7 * w + 5] & 1); /* 5 cells from 10,7: nearer */
  assert_true(cells[7 * w + 2] & 1);  /* 8: farther */
  refused(g, "move 1 to 5,7",
          "P1 is pinned down: it may not move toward the enemy (05,07 is 5 cells from the nearest "
          "enemy you know of; it stands 6 from 10,07); it may hold or fall back until it rallies");
  ok_line(g, "move 1 to 2,7");
  assert_int_equal(g->s.teams[A][g->s.units[A][RIFLES].first_team].pos.x, 2);
  /* Not pinned, the same platoon may close in. */
  murk_game_free(g);
  g = open_game(m, 3);
  put(g, A, RIFLES, 4, 7, 1);
  put(g, D, RIFLES, 10, 7, 1);
  ok_line(g, "move 1 to 5,7");
  test_free(cells);
  murk_view_free(v);
  murk_game_free(g);
  murk_mission_free(m);
}

/* A bailed out vehicle stays where it is until its crew remounts (docs/rules.md,
 * "Shooting"): the rest of its platoon moves without it, led by its first team not bailed
 * out, and may not end on its cell; with every team bailed out the platoon may not move. */
static void test_bailed_out_stays(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(CB_MISSION);
  struct murk_game* g = open_game(m, 4);
  put(g, A, TANKS, 4, 9, 1);
  struct mk_team* tk = &g->s.teams[A][g->s.units[A][TANKS].first_team];
  tk[0].bailed = true;
  struct murk_view* v = view_of(g, A);
  assert_int_equal(v->platoons[TANKS].bailed, 1);
  assert_int_equal(v->platoons[TANKS].lead.x, 5);
  assert_int_equal(v->platoons[TANKS].lead.y, 9);
  murk_view_free(v);
  refused(g, "move 2 to 4,9", "04,09 is taken by another marker or team");
  ok_line(g, "move 2 to 5,6");
  assert_int_equal(tk[0].pos.x, 4);
  assert_int_equal(tk[0].pos.y, 9);
  assert_int_equal(tk[1].pos.x, 5);
  assert_int_equal(tk[1].pos.y, 6);
  murk_game_free(g);

  g = open_game(m, 4);
  tk = &g->s.teams[A][g->s.units[A][TANKS].first_team];
  for (int t = 0; t < 3; t++) tk[t].bailed = true;
  v = view_of(g, A);
  assert_false(v->platoons[TANKS].may_move);
  murk_view_free(v);
  refused(g, "move 2 to 5,8",
          "every team of P3 on the table is bailed out: it may move once a crew remounts (a "
          "motivation test at the start of your turn)");
  murk_game_free(g);
  murk_mission_free(m);
}

/* The rulebook's fixed numbers are the mission's (rule combat, docs/rules.md "Combat"):
 * their defaults are the rulebook's, and with pin_hits 1 a single hit pins a platoon. */
static void test_combat_numbers_are_data(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(CB_MISSION);
  assert_int_equal(murk_mission_param(m, MURK_P_CB_PIN_HITS), 5);
  assert_int_equal(murk_mission_param(m, MURK_P_CB_STOP_HITS), 5);
  assert_int_equal(murk_mission_param(m, MURK_P_CB_ASSAULT_REACH), 2);
  assert_int_equal(murk_mission_param(m, MURK_P_CB_ASSAULT_SKILL), 7);
  assert_false(murk_mission_rule_on(m, MURK_RULE_COMBAT));
  struct murk_mission* one =
      load_yaml(TF_HEAD TF_SETUP "rules:\n  combat: {pin_hits: 1}\n" CB_FORCES);
  assert_int_equal(murk_mission_param(one, MURK_P_CB_PIN_HITS), 1);
  /* The same dice under both: pinned at 1 hit with pin_hits 1, at 5 by default. */
  int pinned[2] = {0, 0};
  for (uint64_t seed = 1; seed < 40; seed++)
    for (int k = 0; k < 2; k++) {
      int need_hits = k ? 1 : 5;
      struct murk_game* g = lined_up(k ? one : m, seed, RIFLES, 6);
      size_t from = mk_game_event_count(g);
      ok_line(g, "shoot 1 at P2");
      int hits = 0;
      for (int need = 2; need <= 6; need++) {
        char what[16];
        snprintf(what, sizeof what, "%d+ hits", need);
        hits += dice_at_least(g, from, what, need, NULL);
      }
      /* A platoon destroyed outright is not pinned. */
      bool left = mk_unit_alive(&g->s, D, RIFLES) > 0;
      bool want = hits >= need_hits && left;
      assert_int_equal(g->s.units[D][RIFLES].pinned, want);
      assert_int_equal(has_event_since(g, from, "P2 is pinned down ("), want);
      pinned[k] += want;
      murk_game_free(g);
    }
  assert_true(pinned[1] > pinned[0]);
  murk_mission_free(one);
  murk_mission_free(m);
}

/* Company Morale: a company with no platoon in good spirits breaks without a roll. */
static void test_company_breaks_with_none_left(void** st) {
  (void)st;
  struct murk_mission* m =
      load_yaml(TF_HEAD TF_SETUP "rules:\n  company_morale: {score: 4}\n" CB_FORCES);
  struct murk_game* g = open_game(m, 1);
  destroy(g, D, RIFLES);
  destroy(g, D, TANKS);
  kill_teams(g, D, GHOSTS, 1);
  g->s.teams[D][g->s.units[D][GHOSTS].first_team + 1].bailed = true; /* none fighting */
  ok_lines(g, "end\nend\nend");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_OVER);
  assert_string_equal(murk_game_result(g),
                      "attacker wins (Stunning Victory 6:1): the defender's company breaks: it has "
                      "no platoons left in good spirits (Company Morale, turn 1)");
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- the bundled Flames of War missions ---- */

/* Every bundled Flames of War mission fights with Flames of War profiles (armour or a save,
 * and each weapon's anti-tank and firepower) and plays Company Morale; the others keep the
 * simpler profile. */
static void test_bundled_profiles(void** st) {
  (void)st;
  static const char* const fow[] = {
      "breakthrough",        "cauldron",     "counterattack", "dust-up",       "encounter",
      "fighting-withdrawal", "free-for-all", "hasty-attack",  "hold-the-line", "luneville",
      "no-mans-land",        "no-retreat",   "pincer",        "surrounded"};
  for (size_t i = 0; i < sizeof fow / sizeof fow[0]; i++) {
    struct murk_mission* m = load_bundled(fow[i]);
    assert_true(murk_mission_rule_on(m, MURK_RULE_COMPANY_MORALE));
    for (int sd = 0; sd < MURK_SIDES; sd++) {
      const struct murk_force* f = &m->sides[sd].force;
      for (int k = 0; k < f->nprofiles; k++) {
        const struct murk_profile* pr = &f->profiles[k];
        if (!pr->fow) fail_msg("%s: profile %s is not a Flames of War profile", fow[i], pr->name);
        assert_true(pr->armoured || pr->vehicle || pr->save <= 6);
      }
    }
    murk_mission_free(m);
  }
  static const char* const other[] = {"hive-gate", "li-hohenfeld", "night-saint-aubin",
                                      "relay-station-dusk"};
  for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
    struct murk_mission* m = load_bundled(other[i]);
    for (int k = 0; k < m->sides[0].force.nprofiles; k++)
      assert_false(m->sides[0].force.profiles[k].fow);
    murk_mission_free(m);
  }
  /* The published Sherman and Panther (Luneville: the defender's Shermans, the attacker's
   * Panthers). */
  struct murk_mission* m = load_bundled("luneville");
  const struct murk_force* us = &m->sides[D].force;
  const struct murk_force* de = &m->sides[A].force;
  const struct murk_profile *sherman = NULL, *panther = NULL;
  for (int k = 0; k < us->nprofiles; k++)
    if (strcmp(us->profiles[k].name, "sherman") == 0) sherman = &us->profiles[k];
  for (int k = 0; k < de->nprofiles; k++)
    if (strcmp(de->profiles[k].name, "panther") == 0) panther = &de->profiles[k];
  assert_non_null(sherman);
  assert_non_null(panther);
  assert_int_equal(sherman->armour[MURK_ARMOUR_FRONT], 6);
  assert_int_equal(sherman->armour[MURK_ARMOUR_SIDE], 4);
  assert_int_equal(sherman->armour[MURK_ARMOUR_TOP], 1);
  assert_int_equal(sherman->anti_tank, 10);
  assert_int_equal(sherman->firepower, 3);
  assert_int_equal(sherman->range, 16); /* 32" = 80cm, 5cm cells */
  assert_int_equal(sherman->rof, 2);
  assert_int_equal(sherman->rof_moving, 1);
  assert_int_equal(panther->armour[MURK_ARMOUR_FRONT], 10);
  assert_int_equal(panther->armour[MURK_ARMOUR_SIDE], 5);
  assert_int_equal(panther->anti_tank, 14);
  murk_mission_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_shooting_needs_sight),
      cmocka_unit_test(test_hits_fall_on_seen_teams),
      cmocka_unit_test(test_to_hit_short_and_long_range),
      cmocka_unit_test(test_to_hit_dug_in_concealed_and_cap),
      cmocka_unit_test(test_to_hit_night),
      cmocka_unit_test(test_saves_armour_and_cover),
      cmocka_unit_test(test_assault_defensive_fire_and_close_combat),
      cmocka_unit_test(test_motivation_below_half),
      cmocka_unit_test(test_company_destroyed_loses),
      cmocka_unit_test(test_company_morale),
      cmocka_unit_test(test_pinned_and_bailed),
      cmocka_unit_test(test_pinned_moves_no_nearer),
      cmocka_unit_test(test_bailed_out_stays),
      cmocka_unit_test(test_combat_numbers_are_data),
      cmocka_unit_test(test_company_breaks_with_none_left),
      cmocka_unit_test(test_bundled_profiles),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
