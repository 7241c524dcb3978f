/* test_night.c: the night rules (night.c).
 *
 * The ASL night rules (chapter E1): every row of the NVR Table and every cell of the NVR Modifier
 * table, the Base NVR with and without snow, the change roll (a coloured 6, the white die's
 * three outcomes, the scattered-cloud exception for a half and a full moon, clamping at 0
 * and 6), the distribution of the rolled Base NVR over many seeds against the tables, the
 * change roll in play, units beyond the NVR seen only by their gunflash or in light,
 * starshells (usage roll, radius, end of the turn), fires and their shadows, cloaking
 * counters (the attacker's infantry only, dummies, fixed moves, lost in light).
 * The 40k mission special rules: Night Fighting's sight roll (once per unit, the shot lost beyond
 * it, barrages
 * firing blind), Dusk & Dawn, Concealment by day. Luneville: Thick Morning Fog's roll before
 * every shot (a gunflash does not help), against the Flames of War missions' Darkness (it does),
 * and the frequencies of the visibility table's ranges. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "board.h"
#include "event.h"
#include "fog.h"
#include "move.h"
#include "murk/sight.h"
#include "night.h"
#include "sight.h"
#include "state.h"
#include "test_support.h"

#define A MURK_ATTACKER
#define D MURK_DEFENDER

/* A 20 x 12 hex table at 2cm a hex: woods at 8-9,2-3 and a burning farm (one level) at 14,9
 * with a wood west of it that casts a shadow. */
#define NT_HEAD                                                            \
  "name: Night Test\n"                                                     \
  "table: {grid: hex, scale: 2cm, size: 40cm x 24cm}\n"                    \
  "terrain:\n"                                                             \
  "  legend:\n"                                                            \
  "    \".\": {class: open, sight: clear, name: fields}\n"                 \
  "    \"T\": {class: difficult, sight: blocking, name: woods}\n"          \
  "    \"F\": {class: difficult, sight: blocking, name: farm, blaze: 1}\n" \
  "  map: |\n"                                                             \
  "    ....................\n"                                             \
  "    ....................\n"                                             \
  "    ........TT..........\n"                                             \
  "    ........TT..........\n"                                             \
  "    ....................\n"                                             \
  "    ....................\n"                                             \
  "    ....................\n"                                             \
  "    ....................\n"                                             \
  "    ....................\n"                                             \
  "    .............TF.....\n"                                             \
  "    ....................\n"                                             \
  "    ....................\n"                                             \
  "deployment:\n"                                                          \
  "  attacker: {half: south}\n"                                            \
  "  defender: {half: north}\n"                                            \
  "setup: {sides: fixed, first_turn: attacker}\n"

#define NT_FORCES                                                                               \
  "forces:\n"                                                                                   \
  "  attacker:\n"                                                                               \
  "    dummies: 1\n"                                                                            \
  "    profiles:\n"                                                                             \
  "      rifle: {move: 12cm, range: 16cm, rof: 2, skill: 4, save: 7}\n"                         \
  "      carrier: {move: 20cm, range: 10cm, rof: 1, skill: 4, save: 4, vehicle: true}\n"        \
  "    platoons:\n"                                                                             \
  "      - {name: Able Section, command_distance: 4cm, teams: [{profile: rifle, count: 2}],\n"  \
  "         flags: [infantry]}\n"                                                               \
  "      - {name: Baker Section, command_distance: 4cm, teams: [{profile: rifle, count: 2}],\n" \
  "         flags: [infantry]}\n"                                                               \
  "      - {name: Carrier Troop, command_distance: 4cm, teams: [{profile: carrier}],\n"         \
  "         flags: [vehicle]}\n"                                                                \
  "  defender:\n"                                                                               \
  "    profiles:\n"                                                                             \
  "      rifle: {move: 12cm, range: 16cm, rof: 2, skill: 4, save: 7}\n"                         \
  "      mortar: {move: 4cm, range: 30cm, rof: 1, skill: 4, save: 7, barrage: true}\n"          \
  "    platoons:\n"                                                                             \
  "      - {name: Post Zulu, command_distance: 4cm, teams: [{profile: rifle, count: 2}],\n"     \
  "         flags: [infantry]}\n"                                                               \
  "      - {name: Mortar Pit, command_distance: 4cm, teams: [{profile: mortar}]}\n"             \
  "      - {name: Lieutenant Hale, command_distance: 4cm, teams: [{profile: rifle}],\n"         \
  "         flags: [commander]}\n"

#define NT_NVR(params) NT_HEAD "rules:\n  nvr: " params "\n  cloaking: {}\n" NT_FORCES

/* Deploy everything and begin play: the attacker's sections under cloaks, the carrier in
 * the open, a dummy cloak; the defender in the open. */
#define NT_DEPLOY                                                                        \
  "deploy 1 at 3,10\ndeploy 1 at 3,1\ndeploy 2 at 10,10\ndeploy 2 at 10,1\ndeploy 3 at " \
  "16,11\ndeploy 3 at 16,1\ndeploy dummy at 6,11\nend\nend"

enum { ABLE = 0, BAKER = 1, CARRIER = 2, ZULU = 0, MORTAR = 1, HALE = 2 };

/* Game `seed` of m deployed by NT_DEPLOY: the attacker's first movement step. */
static struct murk_game* night_deployed(const struct murk_mission* m, uint64_t seed) {
  struct murk_game* g = new_game(m, seed);
  ok_lines(g, NT_DEPLOY);
  return g;
}

/* Put team i of a unit on a cell (and the unit's other teams far apart, off the way). */
static void put(struct murk_game* g, enum murk_side side, int unit, int i, int x, int y) {
  struct mk_unit_state* u = &g->s.units[side][unit];
  g->s.teams[side][u->first_team + i].pos = (struct murk_pos){x, y};
  g->s.teams[side][u->first_team + i].placed = true;
}

/* ---- the tables ---- */

static void test_nvr_table_rows(void** st) {
  (void)st;
  /* Coloured die: <= 2 none, 3-4 scattered, 5-6 overcast (5 read with the last row). */
  static const int cloud[7] = {0, 0, 0, 1, 1, 2, 2};
  for (int d = 1; d <= 6; d++) assert_int_equal(mk_nvr_cloud_of(d, 6), cloud[d]);
  /* +1 in December, January and February only. */
  static const int winter[7] = {0, 0, 1, 1, 2, 2, 2};
  for (int month = 1; month <= 12; month++) {
    bool w = month == 12 || month <= 2;
    for (int d = 1; d <= 6; d++)
      assert_int_equal(mk_nvr_cloud_of(d, month), w ? winter[d] : cloud[d]);
  }
  /* White die: <= 2 full, 3-4 half, 5-6 no moon. */
  static const int moon[7] = {0, 2, 2, 1, 1, 0, 0};
  for (int d = 1; d <= 6; d++) assert_int_equal(mk_nvr_moon_of(d), moon[d]);
}

static void test_nvr_modifier_table(void** st) {
  (void)st;
  /* Rows: none, scattered, overcast; columns: no moon, half, full. */
  static const int table[3][3] = {{0, 1, 2}, {-1, 0, 1}, {-2, -1, 0}};
  for (int c = 0; c < 3; c++)
    for (int m = 0; m < 3; m++) {
      assert_int_equal(mk_nvr_modifier(c, m), table[c][m]);
      assert_int_equal(mk_nvr_base(c, m, false), 3 + table[c][m]);
      /* Snow: added to 6, never above 6. */
      int snow = 6 + table[c][m];
      assert_int_equal(mk_nvr_base(c, m, true), snow > 6 ? 6 : snow);
    }
}

static void test_nvr_change(void** st) {
  (void)st;
  /* Only a coloured 6 changes it; the white die chooses. */
  for (int c = 1; c <= 5; c++)
    for (int w = 1; w <= 6; w++) assert_int_equal(mk_nvr_change(3, c, w, 0, 0, 0), 3);
  for (int w = 1; w <= 3; w++) assert_int_equal(mk_nvr_change(3, 6, w, 0, 0, 0), 2);
  assert_int_equal(mk_nvr_change(3, 6, 4, 0, 0, 0), 3);
  for (int w = 5; w <= 6; w++) assert_int_equal(mk_nvr_change(3, 6, w, 0, 0, 0), 4);
  /* Clamped to 0..6. */
  assert_int_equal(mk_nvr_change(0, 6, 1, 0, 0, 0), 0);
  assert_int_equal(mk_nvr_change(6, 6, 6, 0, 0, 0), 6);
  /* The exception: scattered clouds and a half moon, the extra die / 3 rounded up. */
  assert_true(mk_nvr_change_needs_extra(1, 1));
  assert_true(mk_nvr_change_needs_extra(1, 2));
  assert_false(mk_nvr_change_needs_extra(1, 0));
  assert_false(mk_nvr_change_needs_extra(0, 1));
  assert_false(mk_nvr_change_needs_extra(2, 2));
  assert_false(mk_nvr_change_needs_extra(-1, -1));
  static const int half[7] = {0, 1, 1, 1, 2, 2, 2};
  static const int full[7] = {0, 1, 1, 2, 2, 3, 3};
  for (int x = 1; x <= 6; x++) {
    assert_int_equal(mk_nvr_change(2, 6, 5, x, 1, 1), 2 + half[x]);
    assert_int_equal(mk_nvr_change(5, 6, 1, x, 1, 2), 5 - full[x]);
    assert_int_equal(mk_nvr_change(3, 6, 4, x, 1, 2), 3); /* a white 4: no change */
  }
  /* ... clamped too. */
  assert_int_equal(mk_nvr_change(5, 6, 6, 6, 1, 2), 6);
  assert_int_equal(mk_nvr_change(1, 6, 2, 6, 1, 2), 0);
  /* Outside the exception the extra die is ignored. */
  assert_int_equal(mk_nvr_change(3, 6, 6, 6, 0, 2), 4);
}

/* The Base NVR rolled at creation, over many seeds, against the probabilities the two tables
 * give (36 equally likely pairs of dice). */
static void nvr_distribution(int month, bool snow) {
  char yaml[4096];
  snprintf(yaml, sizeof yaml, NT_NVR("{month: %d, snow: %s}"), month, snow ? "true" : "false");
  struct murk_mission* m = load_yaml(yaml);
  double want[7] = {0};
  for (int c = 1; c <= 6; c++)
    for (int w = 1; w <= 6; w++)
      want[mk_nvr_base(mk_nvr_cloud_of(c, month), mk_nvr_moon_of(w), snow)] += 1.0 / 36;
  enum { N = 4000 };
  int got[7] = {0};
  for (uint64_t seed = 1; seed <= N; seed++) {
    struct murk_game* g = new_game(m, seed);
    int nvr = mk_night_nvr(g);
    assert_true(nvr >= 0 && nvr <= 6);
    got[nvr]++;
    murk_game_free(g);
  }
  for (int v = 0; v <= 6; v++) {
    double f = (double)got[v] / N;
    if (f < want[v] - 0.025 || f > want[v] + 0.025)
      fail_msg("month %d snow %d: NVR %d came %.3f of the time, the tables give %.3f", month, snow,
               v, f, want[v]);
  }
  murk_mission_free(m);
}

static void test_nvr_distribution(void** st) {
  (void)st;
  nvr_distribution(6, false);
  nvr_distribution(1, false);
  nvr_distribution(8, true);
}

/* ---- the NVR in play ---- */

static void test_nvr_set_and_changed(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(NT_NVR("{base: 3, cloud_cover: 1, moon: 2}"));
  struct murk_game* g = new_game(m, 7);
  assert_int_equal(mk_night_nvr(g), 3);
  assert_true(
      has_event_since(g, 0, "night: scattered clouds and a full moon; the Base NVR is 3 cells"));
  size_t from = mk_game_event_count(g);
  ok_lines(g, NT_DEPLOY);
  /* The opening player turn makes no change roll. */
  assert_false(has_event_since(g, from, "NVR change"));
  for (int turn = 0; turn < 12; turn++) {
    from = mk_game_event_count(g);
    ok_lines(g, "end\nend\nend");
    /* Every later player turn begins with one. */
    assert_true(has_event_since(g, from, "NVR change (coloured, white)"));
    int nvr = mk_night_nvr(g);
    assert_true(nvr >= 0 && nvr <= 6);
  }
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_beyond_nvr(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(NT_NVR("{base: 2, concealed_setup: false}"));
  struct murk_game* g = night_deployed(m, 1);
  struct murk_pos from = {3, 5};
  /* Within the NVR (2): seen; beyond: not. Zero NVR: only one's own cell. */
  assert_true(mk_sight_sees(g, A, from, (struct murk_pos){5, 5}, false));
  assert_false(mk_sight_sees(g, A, from, (struct murk_pos){6, 5}, false));
  assert_true(mk_sight_sees(g, A, from, (struct murk_pos){6, 5}, true)); /* a gunflash */
  g->s.night.nvr = 0;
  assert_true(mk_sight_sees(g, A, from, from, false));
  assert_false(mk_sight_sees(g, A, from, (struct murk_pos){4, 5}, false));
  g->s.night.nvr = 2;
  /* The woods still block a gunflash: the flash is seen only along a line of sight. */
  assert_false(mk_sight_sees(g, A, (struct murk_pos){8, 5}, (struct murk_pos){9, 0}, true));
  /* The burning farm at 14,9 lights two cells around it, but not behind the wood at 13,9. */
  assert_true(mk_night_lit(g, (struct murk_pos){14, 9}));
  assert_true(mk_night_lit(g, (struct murk_pos){16, 9}));
  assert_true(mk_night_lit(g, (struct murk_pos){14, 7}));
  assert_true(mk_night_lit(g, (struct murk_pos){13, 9}));
  assert_false(mk_night_lit(g, (struct murk_pos){17, 9}));
  assert_false(mk_night_lit(g, (struct murk_pos){12, 9}));
  assert_true(mk_sight_sees(g, A, (struct murk_pos){16, 3}, (struct murk_pos){16, 9}, false));
  assert_false(mk_sight_sees(g, A, (struct murk_pos){16, 3}, (struct murk_pos){17, 9}, false));
  /* The view lists the lit cells and says how far sight goes. */
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, D, &v), MURK_OK);
  assert_int_equal(v->nvr, 2);
  assert_int_equal(v->sight_range, 2);
  assert_true(v->night);
  assert_non_null(strstr(v->conditions, "night: NVR 2 cells"));
  bool farm = false, shadow = false;
  for (int i = 0; i < v->nlit; i++) {
    if (murk_pos_eq(v->lit[i], (struct murk_pos){14, 9})) farm = true;
    if (murk_pos_eq(v->lit[i], (struct murk_pos){12, 9})) shadow = true;
  }
  assert_true(farm);
  assert_false(shadow);
  murk_view_free(v);
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- the night defender's setup (ASL night rules E1.2) ---- */

/* The attacker's side of a game: every event it was told (as text) and what its view shows
 * of the enemy. */
static void attacker_knows(const struct murk_game* g, char* out, size_t n) {
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, A, &v), MURK_OK);
  size_t k = 0;
  out[0] = '\0';
  for (size_t i = 0; i < v->nevents && k < n; i++)
    k += (size_t)snprintf(out + k, n - k, "%s\n", v->events[i].text);
  for (int i = 0; i < v->nmarkers && k < n; i++)
    if (v->markers[i].owner == D)
      k += (size_t)snprintf(out + k, n - k, "mk %d k%d %d,%d '%s'\n", v->markers[i].number,
                            v->markers[i].kind, v->markers[i].pos.x, v->markers[i].pos.y,
                            v->markers[i].name);
  for (int i = 0; i < v->ncontacts && k < n; i++)
    k += (size_t)snprintf(out + k, n - k, "ct %d %d,%d\n", v->contacts[i].marker,
                          v->contacts[i].pos.x, v->contacts[i].pos.y);
  murk_view_free(v);
}

static void test_night_defender_setup(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(NT_NVR("{base: 2}"));
  /* Two games that differ only in where the hidden platoon went and which "?" holds which
   * platoon: the attacker cannot tell them apart. */
  struct murk_game* g1 = new_game(m, 1);
  struct murk_game* g2 = new_game(m, 1);
  ok_lines(g1, "deploy 1 at 3,10\ndeploy 1 at 3,1\ndeploy 2 at 10,10\ndeploy 2 hidden at 10,1");
  ok_lines(g2, "deploy 1 at 3,10\ndeploy 3 at 3,1\ndeploy 2 at 10,10\ndeploy 2 hidden at 12,2");
  /* 25% of three platoons, rounded up: one may hide. */
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g1, D, &v), MURK_OK);
  assert_int_equal(v->hidden_left, 0);
  murk_view_free(v);
  char why[200];
  ok_line(g1, "deploy 3 at 16,10");
  ok_line(g2, "deploy 3 at 16,10");
  bad_line(g1, "deploy 3 hidden at 16,1", why, sizeof why);
  assert_non_null(strstr(why, "no more of your platoons may set up hidden"));
  ok_line(g1, "deploy 3 at 16,1");
  ok_line(g2, "deploy 1 at 16,1");
  ok_lines(g1, "deploy dummy at 6,11\nend\nend");
  ok_lines(g2, "deploy dummy at 6,11\nend\nend");
  const struct mk_state* s = &g1->s;
  /* Every defender platoon is under a "?"; the hidden one too. */
  for (int k = 0; k < 3; k++) {
    assert_int_equal(s->units[D][k].state, MURK_PLATOON_HIDDEN);
    int mi = mk_marker_index(s, s->units[D][k].marker);
    assert_int_equal(s->markers[mi].kind, MURK_MARKER_CONCEALED);
    assert_int_equal(s->markers[mi].hidden, k == MORTAR);
  }
  static char k1[16384], k2[16384];
  attacker_knows(g1, k1, sizeof k1);
  attacker_knows(g2, k2, sizeof k2);
  assert_string_equal(k1, k2);
  assert_null(strstr(k1, "Post Zulu"));
  assert_null(strstr(k1, "Mortar Pit"));
  assert_null(strstr(k1, "10,01"));
  assert_non_null(strstr(k1, "defender deploys \"?\" counter"));
  /* The attacker walks up to the hidden mortar: a "?" within the NVR is seen, the hidden
   * counter is not, even next to it. */
  int mortar = mk_marker_index(s, s->units[D][MORTAR].marker);
  int able = mk_marker_index(s, s->units[A][ABLE].marker);
  g1->s.markers[able].pos = (struct murk_pos){10, 3};
  mk_sight_update(g1, mk_game_event_count(g1));
  assert_false(g1->s.seen_marker[A][mortar].seen);
  int zulu = mk_marker_index(s, s->units[D][ZULU].marker);
  g1->s.markers[able].pos = (struct murk_pos){4, 3};
  mk_sight_update(g1, mk_game_event_count(g1));
  assert_true(g1->s.seen_marker[A][zulu].seen);
  assert_int_equal(murk_view_build(g1, A, &v), MURK_OK);
  const struct murk_view_marker* vm = murk_view_marker_at(v, (struct murk_pos){3, 1});
  assert_non_null(vm);
  assert_false(vm->known);
  assert_string_equal(vm->name, "");
  assert_string_equal(murk_marker_noun(vm->kind, false), "\"?\" counter");
  murk_view_free(v);
  murk_game_free(g1);
  murk_game_free(g2);
  /* A mission may have its defender set up in the open. */
  struct murk_mission* open = load_yaml(NT_NVR("{base: 2, concealed_setup: false}"));
  struct murk_game* g3 = new_game(open, 1);
  ok_line(g3, "deploy 1 at 3,10");
  bad_line(g3, "deploy 2 hidden at 10,1", why, sizeof why);
  assert_non_null(strstr(why, "only the defender sets up hidden"));
  murk_game_free(g3);
  murk_mission_free(open);
  murk_mission_free(m);
}

/* ---- night movement (ASL night rules E1.5) ---- */

static void test_night_movement(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(NT_NVR("{base: 2, concealed_setup: false}"));
  struct murk_game* g = night_deployed(m, 1);
  /* 1.51-1.52 (murk's reading in cells): on foot one cell less through difficult ground, a
   * vehicle one less on any ground; a cloaking counter as by day (1.421). The view carries
   * it. */
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, A, &v), MURK_OK);
  const struct murk_view_platoon* carrier = &v->platoons[CARRIER];
  assert_int_equal(carrier->allowance[MURK_TERRAIN_OPEN], 9); /* 20cm at 2cm a hex, less one */
  assert_int_equal(carrier->allowance[MURK_TERRAIN_DIFFICULT], 9);
  const struct murk_view_marker* able = murk_view_marker_at(v, (struct murk_pos){3, 10});
  assert_non_null(able);
  assert_int_equal(able->allowance[MURK_TERRAIN_OPEN], 6);
  assert_int_equal(able->allowance[MURK_TERRAIN_DIFFICULT], 3);
  murk_view_free(v);
  assert_int_equal(murk_view_build(g, D, &v), MURK_OK);
  assert_int_equal(v->platoons[ZULU].allowance[MURK_TERRAIN_OPEN], 6);
  assert_int_equal(v->platoons[ZULU].allowance[MURK_TERRAIN_DIFFICULT], 5);
  murk_view_free(v);
  murk_game_free(g);

  /* 1.53: every move makes the movement roll first; on a coloured 6 the mover strays and
   * goes half as far (murk's own: our copy is cut there). */
  int strayed = 0, kept = 0;
  for (uint64_t seed = 1; seed <= 40 && !(strayed && kept); seed++) {
    g = night_deployed(m, seed);
    size_t from = mk_game_event_count(g);
    ok_line(g, "move 3 to 16,5"); /* the carrier, 6 cells north */
    const struct murk_event* roll = NULL;
    for (size_t i = from; i < mk_game_event_count(g); i++)
      if (mk_game_event(g, i)->has_roll) roll = mk_game_event(g, i);
    assert_non_null(roll);
    assert_non_null(strstr(roll->roll.purpose, "movement (coloured 6: strays)"));
    struct murk_pos at = g->s.teams[A][g->s.units[A][CARRIER].first_team].pos;
    if (roll->roll.dice[0] == 6) {
      strayed++;
      assert_true(has_event_since(g, from, "loses its way in the dark"));
      assert_int_equal(at.y, 8);
    } else {
      kept++;
      assert_int_equal(at.y, 5);
    }
    murk_game_free(g);
  }
  assert_true(strayed > 0 && kept > 0);

  /* 1.55: jitter fire. Doubles 2: the closest unit of the side not moving fires (a
   * gunflash); 10: the mover, unless cloaked; 12: the mover, cloak or not (the cloak is
   * lost); 6 and 8: nobody (murk's units are all Normal). */
  g = night_deployed(m, 1);
  struct murk_pos near = {16, 3};
  mk_night_jitter(g, A, -1, CARRIER, near, 2);
  assert_true(mk_night_flashing(g, D, HALE)); /* Hale at 16,1 is the closest */
  assert_false(mk_night_flashing(g, D, ZULU));
  int cloak = mk_marker_index(&g->s, g->s.units[A][ABLE].marker);
  assert_int_equal(mk_night_jitter(g, A, cloak, ABLE, g->s.markers[cloak].pos, 10), -1);
  assert_true(g->s.markers[cloak].on_table);
  assert_int_equal(mk_night_jitter(g, A, cloak, ABLE, g->s.markers[cloak].pos, 8), -1);
  assert_true(g->s.markers[cloak].on_table);
  mk_night_jitter(g, A, -1, CARRIER, near, 6);
  assert_false(mk_night_flashing(g, A, CARRIER));
  mk_night_jitter(g, A, -1, CARRIER, near, 10);
  assert_true(mk_night_flashing(g, A, CARRIER));
  /* night.c says the cloak is lost; its caller (fog.c) reveals the counter. */
  assert_int_equal(mk_night_jitter(g, A, cloak, ABLE, g->s.markers[cloak].pos, 12), cloak);
  mk_fog_reveal_marker(g, cloak, NULL);
  mk_night_jitter_flash(g, cloak);
  assert_false(g->s.markers[cloak].on_table);
  assert_int_equal(g->s.units[A][ABLE].state, MURK_PLATOON_REVEALED);
  assert_true(has_event(g, "jitter fires into the dark"));
  murk_game_free(g);

  /* No straying, no extra cost with night_movement off. */
  struct murk_mission* day =
      load_yaml(NT_NVR("{base: 2, concealed_setup: false, night_movement: false}"));
  g = night_deployed(day, 1);
  size_t from = mk_game_event_count(g);
  ok_line(g, "move 3 to 16,5");
  assert_false(has_event_since(g, from, "movement (coloured"));
  murk_game_free(g);
  murk_mission_free(day);
  murk_mission_free(m);
}

/* NT_NVR with `from` replaced by `to` (once). */
static struct murk_mission* variant(const char* from, const char* to) {
  static const char base[] = NT_NVR("{base: 2, concealed_setup: false}");
  static char text[8192];
  const char* at = strstr(base, from);
  assert_non_null(at);
  int n = snprintf(text, sizeof text, "%.*s%s%s", (int)(at - base), base, to, at + strlen(from));
  assert_true(n > 0 && (size_t)n < sizeof text);
  return load_yaml(text);
}

/* The carrier's move north (16,11 to 16,5): the movement roll, if any, and where it ends. */
static const struct murk_event* carrier_north(struct murk_game* g, size_t from,
                                              struct murk_pos* at) {
  ok_line(g, "move 3 to 16,5");
  const struct murk_event* roll = NULL;
  for (size_t i = from; i < mk_game_event_count(g); i++)
    if (mk_game_event(g, i)->has_roll) roll = mk_game_event(g, i);
  *at = g->s.teams[A][g->s.units[A][CARRIER].first_team].pos;
  return roll;
}

/* Games 1-6 of m: the carrier goes the whole way north with no movement roll, the event
 * saying why (`because`). */
static void strays_not(const struct murk_mission* m, const char* because) {
  for (uint64_t seed = 1; seed <= 6; seed++) {
    struct murk_game* g = night_deployed(m, seed);
    size_t from = mk_game_event_count(g);
    struct murk_pos at;
    assert_null(carrier_north(g, from, &at));
    assert_true(has_event_since(g, from, because));
    assert_int_equal(at.y, 5);
    murk_game_free(g);
  }
}

static void test_straying_exceptions(void** st) {
  (void)st;
  struct murk_pos at;
  /* 1.533: a berserk unit is not subject to straying: no movement roll, the whole way. */
  struct murk_mission* m = variant("flags: [vehicle]", "flags: [vehicle, berserk]");
  strays_not(m, "P5 is berserk: no movement roll");
  murk_mission_free(m);
  /* 1.533 with 1.62: berserk is Lax, so doubles 6 make the closest DEFENDER fire if it is
   * berserk; a Normal one does not (test_night_movement). */
  m = variant("flags: [commander]", "flags: [commander, berserk]");
  struct murk_game* g = night_deployed(m, 1);
  mk_night_jitter(g, A, -1, CARRIER, (struct murk_pos){16, 3}, 6);
  assert_true(mk_night_flashing(g, D, HALE));
  murk_game_free(g);
  murk_mission_free(m);

  /* 1.531: a unit making for a sewer makes no movement roll either; away from it, it does. */
  struct murk_mission* sewer = NULL;
  {
    /* The drain at 16,7, on the carrier's way north. */
    static char text[8192];
    static const char base[] = NT_NVR("{base: 2, concealed_setup: false}");
    const char* legend = "    \"S\": {class: open, sight: clear, name: drain, sewer: true}\n";
    const char* map = strstr(base, "  map: |\n");
    assert_non_null(map);
    int n = snprintf(text, sizeof text, "%.*s%s%s", (int)(map - base), base, legend, map);
    assert_true(n > 0 && (size_t)n < sizeof text);
    /* Row 7 is the eighth row after "map: |". */
    char* row = strstr(text, "  map: |\n") + strlen("  map: |\n");
    for (int r = 0; r < 7; r++) row = strchr(row, '\n') + 1;
    row[4 + 16] = 'S';
    sewer = load_yaml(text);
  }
  strays_not(sewer, "P5 makes for the sewers: no movement roll");
  g = night_deployed(sewer, 1);
  size_t from = mk_game_event_count(g);
  ok_line(g, "move 3 to 18,10"); /* away from the drain */
  assert_true(has_event_since(g, from, "movement (coloured"));
  murk_game_free(g);
  murk_mission_free(sewer);

  /* 1.532: a strayer that enters a friend's cell on the half of its way it covers is no
   * longer straying: it goes on the whole way. Find a seed where the carrier strays. */
  m = load_yaml(NT_NVR("{base: 2, concealed_setup: false}"));
  uint64_t seed = 0;
  struct murk_pos half = {0, 0};
  for (uint64_t k = 1; k <= 60 && !seed; k++) {
    g = night_deployed(m, k);
    const struct murk_event* roll = carrier_north(g, mk_game_event_count(g), &at);
    assert_non_null(roll);
    if (roll->roll.dice[0] == 6) seed = k, half = at;
    murk_game_free(g);
  }
  assert_true(seed > 0);
  assert_int_equal(half.y, 8);
  /* The same game with Baker's cloak on the cell where the strayer stopped. */
  g = night_deployed(m, seed);
  int baker = mk_marker_index(&g->s, g->s.units[A][BAKER].marker);
  g->s.markers[baker].pos = half;
  from = mk_game_event_count(g);
  const struct murk_event* roll = carrier_north(g, from, &at);
  assert_int_equal(roll->roll.dice[0], 6);
  assert_true(has_event_since(g, from, "loses its way in the dark"));
  assert_true(has_event_since(g, from, "P5 finds friends on its way: it goes on as ordered"));
  assert_int_equal(at.y, 5);
  murk_game_free(g);
  /* The same game with an enemy the attacker does not know of on that cell: the strayer is
   * stopped by a hidden contact, told to both, as any move is; it does not stop short of
   * the enemy in silence (which would tell the mover only that something stands there). */
  g = night_deployed(m, seed);
  put(g, D, HALE, 0, half.x, half.y);
  g->s.seen_team[A][g->s.units[D][HALE].first_team].known = false;
  from = mk_game_event_count(g);
  roll = carrier_north(g, from, &at);
  assert_int_equal(roll->roll.dice[0], 6);
  assert_true(has_event_since(g, from, "contact: attacker P5"));
  assert_int_equal(at.y, half.y + 1);
  murk_game_free(g);
  murk_mission_free(m);
}

/* Fog of War under the NVR: a template pays the night cost of men on foot whatever it
 * holds (the carrier's template moves as Able's does), and a spotting roll reaches no
 * farther than the NVR (1 here: the defender's templates, nine rows off, stay hidden). */
static void test_fog_of_war_at_night(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(NT_HEAD
                                     "rules:\n  nvr: {base: 1, concealed_setup: false}\n"
                                     "  fog_of_war: {}\n" TF_VIS NT_FORCES);
  struct murk_game* g = new_game(m, 1);
  ok_lines(g,
           "deploy 1 at 3,10\ndeploy 1 at 3,1\ndeploy 2 at 10,10\ndeploy 2 at 10,1\ndeploy 3 at "
           "16,11\ndeploy 3 at 16,1\nend\nend");
  assert_int_equal(mk_night_nvr(g), 1);
  const struct mk_state* s = &g->s;
  int able = mk_marker_index(s, s->units[A][ABLE].marker);
  int carrier = mk_marker_index(s, s->units[A][CARRIER].marker);
  assert_true(able >= 0 && carrier >= 0);
  struct mk_move_rule ra, rc;
  assert_true(mk_move_allowance(g, A, able, -1, &ra));
  assert_true(mk_move_allowance(g, A, carrier, -1, &rc));
  for (int k = MURK_TERRAIN_ROAD; k <= MURK_TERRAIN_DIFFICULT; k++)
    assert_int_equal(ra.allow[k], rc.allow[k]);
  /* Through the woods (5 cells by day) the refusal says the night took a cell. */
  char why[200];
  bad_line(g, "move 3 to 9,2", why, sizeof why);
  assert_non_null(strstr(why, "through difficult terrain, a cell less at night"));
  ok_line(g, "end"); /* to the shooting step */
  size_t from = mk_game_event_count(g);
  ok_line(g, "spot");
  assert_true(has_event_since(g, from, "the Night Visibility Range"));
  assert_true(has_event_since(g, from, "attacker spots nothing"));
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- cloaking ---- */

/* Under double_blind (on the texts' table a cloak stands in view of both wherever it is:
 * what it holds is what is hidden). */
static void test_cloaking(void** st) {
  (void)st;
  struct murk_mission* m =
      load_yaml(NT_NVR("{base: 2, concealed_setup: false}\n  double_blind: {}"));
  struct murk_game* g = night_deployed(m, 1);
  const struct mk_state* s = &g->s;
  /* The attacker's infantry and its dummy are cloaking counters; its carrier and every
   * defender platoon are in the open. */
  assert_int_equal(s->units[A][ABLE].state, MURK_PLATOON_HIDDEN);
  assert_int_equal(s->units[A][BAKER].state, MURK_PLATOON_HIDDEN);
  assert_int_equal(s->units[A][CARRIER].state, MURK_PLATOON_REVEALED);
  assert_int_equal(s->units[D][ZULU].state, MURK_PLATOON_REVEALED);
  int able = mk_marker_index(s, s->units[A][ABLE].marker);
  assert_int_equal(s->markers[able].kind, MURK_MARKER_CLOAK);
  int dummy = marker_at(g, 6, 11);
  assert_true(dummy >= 0);
  assert_int_equal(s->markers[dummy].kind, MURK_MARKER_CLOAK);
  assert_int_equal(s->markers[dummy].unit, -1);
  /* The defender, 9 rows away, sees no cloak: only where it was told they went down. */
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, D, &v), MURK_OK);
  assert_null(murk_view_marker_at(v, (struct murk_pos){3, 10}));
  int contacts = 0;
  for (int i = 0; i < v->ncontacts; i++)
    if (!v->contacts[i].team && v->contacts[i].kind == MURK_MARKER_CLOAK) contacts++;
  assert_int_equal(contacts, 3);
  murk_view_free(v);
  /* Six cells over open ground, three through difficult terrain. */
  char why[200];
  bad_line(g, "move 1 to 3,3", why, sizeof why);
  /* In the words of the rules in force: a cloaking counter, not a template. */
  assert_non_null(strstr(why, "a cloaking counter may move 6"));
  assert_null(strstr(why, "template"));
  /* No Fog of War: no spotting roll to offer, and a refusal that says why. */
  bad_line(g, "spot", why, sizeof why);
  assert_non_null(strstr(why, "Fog of War, which this mission does not play"));
  assert_int_equal(murk_view_build(g, A, &v), MURK_OK);
  assert_false(v->rule_verbs & (1u << MURK_CMD_SPOT));
  assert_true(v->rule_verbs & (1u << MURK_CMD_MOVE));
  assert_int_equal(v->dummy_kind, MURK_MARKER_CLOAK);
  assert_string_equal(murk_marker_noun(v->dummy_kind, true), "cloaking counters");
  murk_view_free(v);
  v = NULL;
  ok_line(g, "move 1 to 3,5");
  /* Within two cells of the defender's rifles it is seen. */
  put(g, D, ZULU, 0, 3, 4);
  put(g, D, ZULU, 1, 2, 3);
  mk_sight_update(g, mk_game_event_count(g));
  assert_true(g->s.seen_marker[D][able].seen);
  /* One cell at a time keeps the cloak even in light; a longer move through light loses it. */
  g->s.night.lights[g->s.night.nlights++] = (struct mk_light){MK_LIGHT_STARSHELL, {12, 9}, 3, D};
  int baker = mk_marker_index(s, s->units[A][BAKER].marker);
  assert_true(mk_night_lit(g, s->markers[baker].pos));
  ok_line(g, "move 2 to 10,9");
  assert_int_equal(g->s.units[A][BAKER].state, MURK_PLATOON_HIDDEN);
  ok_line(g, "move T7 to 6,10"); /* the dummy moves like the rest */
  ok_lines(g, "end\nend\nend\nend\nend\nend");
  size_t from = mk_game_event_count(g);
  g->s.night.lights[g->s.night.nlights++] = (struct mk_light){MK_LIGHT_STARSHELL, {12, 9}, 3, D};
  ok_line(g, "move 2 to 12,6");
  assert_true(has_event_since(g, from, "its cloak is lost"));
  assert_int_equal(g->s.units[A][BAKER].state, MURK_PLATOON_REVEALED);
  murk_game_free(g);
  murk_mission_free(m);
}

/* Daylight under Dusk & Dawn (docs/rules.md, "Daylight under Dusk & Dawn"): the night
 * rules hide nothing by day, so a cloak or a "?" moved more than one cell is lost as in
 * light (1.31, 1.43, 1.9); one cell at a time keeps it, and a hidden counter stays unseen
 * until it moves (1.2). On a dark turn the same moves keep their counters. */
static void test_daylight_dusk_and_dawn(void** st) {
  (void)st;
  /* double_blind: on the texts' open table a "?" stands in view by night as by day. */
  struct murk_mission* m = load_yaml(NT_NVR("{base: 2}\n  dusk_and_dawn: {}\n  double_blind: {}"));
  int day = 0, dark = 0;
  for (uint64_t seed = 1; seed <= 12; seed++) {
    struct murk_game* g = new_game(m, seed);
    ok_lines(g,
             "deploy 1 at 3,10\ndeploy 1 at 3,1\ndeploy 2 at 10,10\ndeploy 2 hidden at 10,1\n"
             "deploy 3 at 16,11\ndeploy 3 at 16,1\ndeploy dummy at 6,11\nend\nend");
    const struct mk_state* s = &g->s;
    bool night = s->night.dusk_dawn == 1;
    int mortar = mk_marker_index(s, s->units[D][MORTAR].marker);
    int hale = mk_marker_index(s, s->units[D][HALE].marker);
    mk_sight_update(g, mk_game_event_count(g));
    /* By day a "?" is seen in line of sight at any range; the hidden counter is not. */
    assert_int_equal(s->seen_marker[A][hale].seen, !night);
    assert_false(s->seen_marker[A][mortar].seen);
    size_t from = mk_game_event_count(g);
    ok_line(g, "move 1 to 3,7");
    assert_int_equal(has_event_since(g, from, "moves in daylight to 03,07: its cloak is lost"),
                     !night);
    assert_int_equal(s->units[A][ABLE].state, night ? MURK_PLATOON_HIDDEN : MURK_PLATOON_REVEALED);
    if (!night) { /* its owner places what the cloak held before anything else (1.421) */
      char line[32], why[200];
      snprintf(line, sizeof line, "place P%d", s->units[A][ABLE].marker);
      assert_int_not_equal(murk_game_apply_line(g, A, "end", why, sizeof why, NULL), MURK_OK);
      assert_non_null(strstr(why, "has lost its counter: place its teams first"));
      ok_line(g, line);
    }
    ok_lines(g, "end\nend\nend");
    from = mk_game_event_count(g);
    ok_line(g, "move 1 to 3,3");
    assert_int_equal(has_event_since(g, from, "its \"?\" is lost"), !night);
    assert_int_equal(s->units[D][ZULU].state, night ? MURK_PLATOON_HIDDEN : MURK_PLATOON_REVEALED);
    if (!night) {
      char line[32];
      snprintf(line, sizeof line, "place P%d", s->units[D][ZULU].marker);
      ok_line(g, line);
    }
    /* One cell keeps the "?" by day too; the hidden counter is a "?" from then on. */
    ok_line(g, "move 2 to 10,2");
    assert_int_equal(s->units[D][MORTAR].state, MURK_PLATOON_HIDDEN);
    assert_false(s->markers[mortar].hidden);
    if (night)
      dark++;
    else
      day++;
    murk_game_free(g);
  }
  assert_true(day > 0 && dark > 0);
  murk_mission_free(m);
}

/* 1.32: a "?" regained. At the start of the night defender's turn a revealed platoon with
 * no enemy within the NVR of its teams goes back under a "?"; the attacker is told its new
 * number, never where it went down. An enemy counter within the NVR (a dummy counts: the
 * defender cannot tell) keeps it revealed, and so does daylight. */
static void test_concealment_regained(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(NT_NVR("{base: 2}"));
  for (int near = 0; near <= 1; near++) {
    struct murk_game* g = night_deployed(m, 1);
    const struct mk_state* s = &g->s;
    ok_lines(g, "end\nend\nend\nreveal 1\nend\nend\nend");
    assert_int_equal(s->units[D][ZULU].state, MURK_PLATOON_REVEALED);
    int was = s->units[D][ZULU].marker;
    if (near) { /* the attacker's dummy cloak two cells from the rifles, in the open */
      int dummy = marker_at(g, 6, 11);
      g->s.markers[dummy].pos = (struct murk_pos){3, 3};
    }
    size_t from = mk_game_event_count(g);
    ok_lines(g, "end\nend\nend");
    char text[120];
    snprintf(text, sizeof text, "the defender's P%d, out of the enemy's sight, is a \"?\" counter",
             was);
    assert_int_equal(has_event_since(g, from, text), !near);
    assert_int_equal(s->units[D][ZULU].state, near ? MURK_PLATOON_REVEALED : MURK_PLATOON_HIDDEN);
    if (!near) {
      int mi = mk_marker_index(s, s->units[D][ZULU].marker);
      assert_int_equal(s->markers[mi].kind, MURK_MARKER_CONCEALED);
      assert_true(s->markers[mi].on_table);
      /* The attacker hears of the counter, not of where it stands. */
      static char k[16384];
      attacker_knows(g, k, sizeof k);
      assert_non_null(strstr(k, text));
      char at[32];
      snprintf(at, sizeof at, "T%d at", s->markers[mi].number);
      assert_null(strstr(k, at));
      /* Shown again to fire, under its new number. */
      char why[200];
      bad_line(g, "shoot 1 at P1", why, sizeof why);
      ok_line(g, "reveal 1");
      assert_int_equal(s->units[D][ZULU].state, MURK_PLATOON_REVEALED);
    }
    murk_game_free(g);
  }
  murk_mission_free(m);
  /* By day (Dusk & Dawn) there is no NVR and no "?" is regained. */
  m = load_yaml(NT_NVR("{base: 2}\n  dusk_and_dawn: {}"));
  for (uint64_t seed = 1; seed <= 12; seed++) {
    struct murk_game* g = night_deployed(m, seed);
    if (g->s.night.dusk_dawn == 1) {
      murk_game_free(g);
      continue;
    }
    ok_lines(g, "end\nend\nend\nreveal 1\nend\nend\nend\nend\nend\nend");
    assert_int_equal(g->s.units[D][ZULU].state, MURK_PLATOON_REVEALED);
    assert_false(has_event_since(g, 0, "counter again"));
    murk_game_free(g);
  }
  murk_mission_free(m);
}

/* Fire at cloaks and "?" (1.4: a cloak is a "?" for every rule): neither can be shot, in
 * the same words for a "?", a cloak and a dummy cloak, however near and seen. */
static void test_fire_at_counters(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(NT_NVR("{base: 2}"));
  struct murk_game* g = night_deployed(m, 1);
  struct mk_state* s = &g->s;
  int hale = mk_marker_index(s, s->units[D][HALE].marker);
  s->markers[hale].pos = (struct murk_pos){16, 9}; /* two cells from the carrier */
  mk_sight_update(g, mk_game_event_count(g));
  assert_true(s->seen_marker[A][hale].seen);
  ok_line(g, "end");
  char why[200], cmd[40], want[120];
  snprintf(cmd, sizeof cmd, "shoot 3 at T%d", s->markers[hale].number);
  bad_line(g, cmd, why, sizeof why);
  snprintf(want, sizeof want,
           "T%d is a \"?\" counter: only revealed platoons (P<n>) can be targets",
           s->markers[hale].number);
  assert_string_equal(why, want);
  ok_lines(g, "end\nend\nreveal 1\nend");
  int able = mk_marker_index(s, s->units[A][ABLE].marker);
  int dummy = marker_at(g, 6, 11);
  struct murk_pos z = s->teams[D][s->units[D][ZULU].first_team].pos; /* beside the rifles */
  s->markers[able].pos = (struct murk_pos){z.x, z.y + 2};
  s->markers[dummy].pos = (struct murk_pos){z.x + 1, z.y + 2};
  mk_sight_update(g, mk_game_event_count(g));
  const int cloaks[2] = {able, dummy};
  for (int i = 0; i < 2; i++) {
    assert_true(s->seen_marker[D][cloaks[i]].seen);
    snprintf(cmd, sizeof cmd, "shoot %d at T%d", ZULU + 1, s->markers[cloaks[i]].number);
    bad_line(g, cmd, why, sizeof why);
    snprintf(want, sizeof want,
             "T%d is a cloaking counter: only revealed platoons (P<n>) can be targets",
             s->markers[cloaks[i]].number);
    assert_string_equal(why, want);
  }
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- starshells ---- */

static void test_starshell(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(NT_NVR("{base: 1, concealed_setup: false}"));
  /* Find a game where the lieutenant's usage roll passes (4 or less) and one where the
   * squad's fails (above 2). */
  bool lit = false, failed = false;
  for (uint64_t seed = 1; seed < 60 && !(lit && failed); seed++) {
    struct murk_game* g = night_deployed(m, seed);
    char why[200];
    bad_line(g, "starshell 3 at 3,4", why, sizeof why); /* the attacker's turn */
    ok_lines(g, "end\nend\nend\nend");
    assert_int_equal(murk_game_step(g), MURK_STEP_SHOOTING);
    assert_int_equal(murk_game_to_act(g), D);
    /* 1.91 (murk's reading): none before the first shot of the battle. */
    bad_line(g, "starshell 3 at 14,5", why, sizeof why);
    assert_non_null(strstr(why, "before the first shot of the battle"));
    g->s.night.flashed = true; /* as after a shot */
    bad_line(g, "starshell 3 at 16,10", why, sizeof why);
    assert_non_null(strstr(why, "a starshell goes at most 6"));
    size_t from = mk_game_event_count(g);
    int drawn = g->s.night.nlights;
    ok_line(g, "starshell 3 at 14,5");
    const struct murk_event* usage = NULL;
    const struct murk_event* place = NULL;
    for (size_t i = from; i < mk_game_event_count(g); i++) {
      const struct murk_event* e = mk_game_event(g, i);
      if (!e->has_roll) continue;
      if (strstr(e->roll.purpose, "usage")) usage = e;
      if (strstr(e->roll.purpose, "placement")) place = e;
    }
    assert_non_null(usage);
    assert_non_null(strstr(usage->roll.purpose, "starshell usage, 4 or less"));
    /* The try is the platoon's fire for the turn, made or failed. */
    assert_true(g->s.units[D][HALE].shot);
    bad_line(g, "starshell 3 at 14,5", why, sizeof why); /* once a turn */
    /* A shot after it is refused in those words, not as a second shot. */
    bad_line(g, "shoot 3 at P1", why, sizeof why);
    assert_non_null(strstr(why, "sent up a light this turn: that was its fire"));
    if (usage->roll.total <= 4) {
      lit = true;
      assert_int_equal(g->s.night.nlights, drawn + 1);
      /* 1.922: the placement roll moves it by the white die in the coloured die's
       * direction. */
      assert_non_null(place);
      assert_int_equal(place->roll.ndice, 2);
      struct murk_pos want = {14, 5};
      for (int k = 0; k < place->roll.dice[1]; k++)
        want = murk_geom_neighbour(&m->grid, want, place->roll.dice[0] - 1);
      const struct mk_light* l = &g->s.night.lights[drawn];
      assert_true(murk_pos_eq(l->at, want));
      struct murk_view* v = NULL;
      assert_int_equal(murk_view_build(g, A, &v), MURK_OK); /* lights are public */
      assert_true(v->nlit > 0 || !murk_geom_on_table(&m->grid, l->at));
      murk_view_free(v);
      ok_lines(g, "end\nend"); /* it still burns through the attacker's turn ... */
      assert_int_equal(g->s.night.nlights, drawn + 1);
      ok_lines(g, "end\nend\nend"); /* ... and goes out when the defender's next begins */
      assert_int_equal(g->s.night.nlights, 0);
      assert_true(has_event_since(g, from, "the defender's starshells and rounds burn out"));
    } else {
      assert_null(place);
      assert_int_equal(g->s.night.nlights, drawn);
      assert_true(has_event_since(g, from, "fails to fire its starshell"));
    }
    /* The squad needs 2 or less. */
    if (murk_game_to_act(g) == D && murk_game_step(g) == MURK_STEP_SHOOTING) {
      from = mk_game_event_count(g);
      ok_line(g, "starshell 1 at 3,6");
      for (size_t i = from; i < mk_game_event_count(g); i++)
        if (mk_game_event(g, i)->has_roll && strstr(mk_game_event(g, i)->roll.purpose, "usage")) {
          assert_non_null(strstr(mk_game_event(g, i)->roll.purpose, "2 or less"));
          if (mk_game_event(g, i)->roll.total > 2) {
            failed = true;
            /* A failed try spends the fire: the squad cannot shoot this turn. */
            bad_line(g, "shoot 1 at P1", why, sizeof why);
            assert_non_null(strstr(why, "sent up a light this turn: that was its fire"));
          }
        }
    }
    murk_game_free(g);
  }
  assert_true(lit && failed);
  murk_mission_free(m);
}

/* 1.92: a light may go up in the Prep Fire Phase, before the platoon moves: in murk's
 * movement step, by a platoon that has not moved, which then stays where it is. */
static void test_starshell_before_moving(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(NT_NVR("{base: 1, concealed_setup: false}"));
  struct murk_game* g = night_deployed(m, 5);
  ok_lines(g, "end\nend\nend\nend\nend");
  assert_int_equal(murk_game_step(g), MURK_STEP_ASSAULT);
  ok_lines(g, "end\nend\nend\nend");
  assert_int_equal(murk_game_to_act(g), D);
  assert_int_equal(murk_game_step(g), MURK_STEP_MOVEMENT);
  g->s.night.flashed = true;
  char why[200];
  ok_line(g, "move 1 to 3,2");
  bad_line(g, "starshell 1 at 3,5", why, sizeof why);
  assert_non_null(strstr(why, "before the platoon moves"));
  ok_line(g, "starshell 3 at 14,5");
  assert_true(g->s.units[D][HALE].moved);
  bad_line(g, "move 3 to 14,2", why, sizeof why);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_illuminating_round(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(NT_NVR("{base: 1, concealed_setup: false}"));
  struct murk_game* g = night_deployed(m, 3);
  ok_lines(g, "end\nend\nend\nend");
  g->s.night.flashed = true; /* as after a shot (1.91) */
  char why[200];
  bad_line(g, "illuminate 1 at 3,8", why, sizeof why);
  assert_non_null(strstr(why, "no barrage team"));
  size_t from = mk_game_event_count(g);
  ok_line(g, "illuminate 2 at 8,8");
  assert_true(has_event_since(g, from, "illuminating round usage, 4 or less"));
  if (g->s.night.nlights == 1) {
    assert_int_equal(g->s.night.lights[0].radius, 6);
    assert_true(mk_night_lit(g, (struct murk_pos){14, 8}));
  }
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- Night Fighting, Concealment, Dusk & Dawn (40k mission special rules) ---- */

#define NF_FORCES                                                                         \
  "forces:\n"                                                                             \
  "  attacker:\n"                                                                         \
  "    profiles:\n"                                                                       \
  "      rifle: {move: 20cm, range: 100cm, rof: 2, skill: 4, save: 7}\n"                  \
  "      gun: {move: 10cm, range: 100cm, rof: 1, skill: 4, save: 7, barrage: true}\n"     \
  "    platoons:\n"                                                                       \
  "      - {name: Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 2}]}\n" \
  "      - {name: Guns, command_distance: 10cm, teams: [{profile: gun, count: 2}]}\n"     \
  "  defender:\n"                                                                         \
  "    profiles:\n"                                                                       \
  "      rifle: {move: 20cm, range: 100cm, rof: 2, skill: 4, save: 7}\n"                  \
  "    platoons:\n"                                                                       \
  "      - {name: Pickets, command_distance: 10cm, teams: [{profile: rifle, count: 8}]}\n"

/* The eight pickets on rows 0 and 1, columns 2 to 5: 9 cells or more from row 10. */
static void pickets_north(struct murk_game* g) {
  for (int i = 0; i < 8; i++) put(g, D, 0, i, 2 + i % 4, i / 4);
}

#define NF_DEPLOY "deploy 1 at 2,10\ndeploy 1 at 2,1\ndeploy 2 at 12,10\nend\nend"

static void test_night_fighting_roll(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_HEAD TF_SETUP "rules:\n  night_fighting: {}\n" NF_FORCES);
  int lost = 0, fired = 0, blind = 0;
  for (uint64_t seed = 1; seed <= 40; seed++) {
    struct murk_game* g = new_game(m, seed);
    ok_lines(g, NF_DEPLOY);
    assert_true(mk_night_fighting_now(g));
    ok_lines(g, "end");
    /* Rifles 9 cells (45cm, about 17.7 inches) from the pickets: a roll of 2d6*3 inches. */
    put(g, A, 0, 0, 2, 10);
    put(g, A, 0, 1, 3, 10);
    pickets_north(g);
    size_t from = mk_game_event_count(g);
    ok_line(g, "shoot 1 at P2");
    const struct murk_event* roll = NULL;
    for (size_t i = from; i < mk_game_event_count(g); i++)
      if (mk_game_event(g, i)->has_roll) {
        roll = mk_game_event(g, i);
        break;
      }
    assert_non_null(roll);
    /* A copy: gcc -O2 cannot see that roll is not NULL here and warns on strstr. */
    char purpose[MURK_ROLL_PURPOSE];
    snprintf(purpose, sizeof purpose, "%s", roll ? roll->roll.purpose : "");
    assert_non_null(strstr(purpose, "sight, night"));
    int inches = roll->roll.total;
    int cells = (int)((long)inches * 508 / 1000); /* inches at 5cm a cell, rounded down */
    if (cells < 9) {
      lost++;
      assert_true(has_event_since(g, from, "cannot make out P2 (in the dark): it loses its fire"));
    } else {
      fired++;
      assert_true(has_event_since(g, from, "attacker P1 shoots at P2"));
    }
    char why[200];
    bad_line(g, "shoot 1 at P2", why, sizeof why); /* its fire is spent either way */
    /* The guns: a barrage fires even at what it cannot see, and scatters. */
    put(g, A, 1, 0, 0, 10);
    put(g, A, 1, 1, 1, 10);
    from = mk_game_event_count(g);
    ok_line(g, "shoot 2 at P2");
    if (has_event_since(g, from, "blind barrage")) {
      blind++;
      assert_true(has_event_since(g, from, "barrage scatter"));
    }
    murk_game_free(g);
  }
  assert_true(lost > 0 && fired > 0 && blind > 0);
  murk_mission_free(m);
}

static void test_dusk_and_dawn(void** st) {
  (void)st;
  struct murk_mission* m =
      load_yaml(TF_HEAD TF_SETUP "rules:\n  dusk_and_dawn: {}\n  concealment: {}\n" NF_FORCES);
  int seen[7] = {0};
  for (uint64_t seed = 1; seed <= 60; seed++) {
    struct murk_game* g = new_game(m, seed);
    assert_false(mk_night_fighting_now(g));
    ok_lines(g, NF_DEPLOY);
    int die = g->s.night.dusk_dawn;
    assert_true(die >= 1 && die <= 6);
    seen[die]++;
    assert_true(has_event_since(g, 0, "dusk & dawn: d6 = "));
    /* The die comes before the first-turn... the attacker goes first here: just before play. */
    for (int turn = 1; turn <= 7; turn++) {
      assert_int_equal(murk_game_turn(g), turn);
      bool night = mk_night_fighting_now(g);
      assert_int_equal(night, die == 1 ? turn == 1 : die == 6 ? turn >= 6 : false);
      struct murk_view* v = NULL;
      assert_int_equal(murk_view_build(g, A, &v), MURK_OK);
      assert_int_equal(v->night, night);
      murk_view_free(v);
      ok_lines(g, "end\nend\nend\nend\nend\nend");
    }
    if (die == 1) assert_true(has_event_since(g, 0, "dawn breaks"));
    if (die == 6) assert_true(has_event_since(g, 0, "dusk falls"));
    murk_game_free(g);
  }
  assert_true(seen[1] > 0 && seen[6] > 0 && seen[3] > 0);
  murk_mission_free(m);
}

/* Night Fighting's barrages fire at targets their own team cannot see (40k mission special rules):
 * a gun 9 cells off with a sight roll of at most 3 inches (about 1 cell) fires blind at pickets the
 * rifles see up close. */
static void test_barrage_unseen(void** st) {
  (void)st;
  struct murk_mission* m =
      load_yaml(TF_HEAD TF_SETUP "rules:\n  night_fighting: {sight: d3}\n" NF_FORCES);
  struct murk_game* g = new_game(m, 4);
  ok_lines(g, NF_DEPLOY);
  ok_line(g, "end");
  pickets_north(g);
  put(g, A, 0, 0, 2, 2); /* next to the pickets: seen */
  put(g, A, 0, 1, 3, 2);
  put(g, A, 1, 0, 0, 10);
  put(g, A, 1, 1, 1, 10);
  mk_sight_update(g, mk_game_event_count(g));
  size_t from = mk_game_event_count(g);
  ok_line(g, "shoot 2 at P2");
  assert_true(has_event_since(g, from, "blind barrage"));
  murk_game_free(g);
  murk_mission_free(m);

  /* Within the sight roll but behind the woods (4-6,3-4): the gun still cannot see its
   * target itself, so it fires blind too, at what the rifles see. */
  m = load_yaml(TF_HEAD TF_SETUP "rules:\n  night_fighting: {}\n" NF_FORCES);
  g = new_game(m, 4);
  ok_lines(g, NF_DEPLOY);
  ok_line(g, "end");
  /* The pickets two to a cell north of the woods (the test moves teams, not the rules). */
  for (int i = 0; i < 8; i++) put(g, D, 0, i, 5 + i % 2, i < 4 ? 0 : 1);
  put(g, A, 0, 0, 9, 2);
  put(g, A, 0, 1, 10, 2);
  put(g, A, 1, 0, 5, 5);
  put(g, A, 1, 1, 5, 6);
  mk_sight_update(g, mk_game_event_count(g));
  assert_false(mk_sight_sees(g, A, (struct murk_pos){5, 5}, (struct murk_pos){5, 1}, false));
  from = mk_game_event_count(g);
  ok_line(g, "shoot 2 at P2");
  assert_true(has_event_since(g, from, "fires blind"));
  murk_game_free(g);
  murk_mission_free(m);
}

/* Which night rule governs (docs/rules.md): with the NVR and Night Fighting both in force
 * the NVR decides sight and the sight roll is still made before each shot; on a turn Dusk
 * & Dawn makes daylight the NVR limits nothing and no change roll is made. */
static void test_night_precedence(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_HEAD TF_SETUP
                                     "rules:\n  nvr: {base: 6, concealed_setup: false}\n"
                                     "  night_fighting: {}\n" NF_FORCES);
  struct murk_game* g = new_game(m, 2);
  ok_lines(g, NF_DEPLOY);
  ok_line(g, "end");
  assert_int_equal(mk_sight_range(g, A), 6);
  put(g, A, 0, 0, 2, 5);
  put(g, A, 0, 1, 3, 5);
  pickets_north(g);
  mk_sight_update(g, mk_game_event_count(g));
  size_t from = mk_game_event_count(g);
  ok_line(g, "shoot 1 at P2");
  assert_true(has_event_since(g, from, "P1 sight, night"));
  murk_game_free(g);
  murk_mission_free(m);

  m = load_yaml(TF_HEAD TF_SETUP
                "rules:\n  nvr: {base: 2, concealed_setup: false}\n"
                "  dusk_and_dawn: {}\n" NF_FORCES);
  int day = 0, dark = 0;
  for (uint64_t seed = 1; seed <= 30; seed++) {
    g = new_game(m, seed);
    ok_lines(g, NF_DEPLOY);
    int die = g->s.night.dusk_dawn;
    for (int turn = 1; turn <= 2; turn++) {
      bool night = die == 1 && turn == 1;
      assert_int_equal(mk_night_nvr(g), night ? 2 : -1);
      assert_int_equal(mk_sight_range(g, A), night ? 2 : MURK_SIGHT_UNLIMITED);
      struct murk_view* v = NULL;
      assert_int_equal(murk_view_build(g, A, &v), MURK_OK);
      assert_int_equal(v->nvr, night ? 2 : -1);
      murk_view_free(v);
      size_t from2 = mk_game_event_count(g);
      ok_lines(g, "end\nend\nend");
      /* The defender's turn: a change roll only on a dark turn. */
      assert_int_equal(has_event_since(g, from2, "NVR change"), night);
      ok_lines(g, "end\nend\nend");
      if (night)
        dark++;
      else
        day++;
    }
    /* Dawn is told in the words of the rule that governed the night, not Night Fighting's. */
    if (die == 1)
      assert_true(has_event_since(g, 0, "dawn breaks: the Night Visibility Range ends"));
    assert_false(has_event_since(g, 0, "night fighting"));
    murk_game_free(g);
  }
  assert_true(day > 0 && dark > 0);
  murk_mission_free(m);
}

static void test_concealment(void** st) {
  (void)st;
  struct murk_mission* m =
      load_yaml(TF_HEAD TF_SETUP "rules:\n  concealment: {}\n  dusk_and_dawn: {}\n" NF_FORCES);
  bool day = false, night = false;
  for (uint64_t seed = 1; seed <= 60 && !(day && night); seed++) {
    struct murk_game* g = new_game(m, seed);
    ok_lines(g, NF_DEPLOY);
    int die = g->s.night.dusk_dawn;
    if (die == 6 || (die == 1 && night) || (die != 1 && day)) {
      murk_game_free(g);
      continue;
    }
    assert_true(g->s.units[D][0].concealed);
    ok_line(g, "end");
    size_t from = mk_game_event_count(g);
    ok_line(g, "shoot 1 at P2");
    if (die == 1) {
      /* At night concealment is ignored: the Night Fighting roll is made for the dark. */
      night = true;
      assert_true(has_event_since(g, from, "sight, night"));
    } else {
      /* By day a concealed target needs the Night Fighting roll all the same. */
      day = true;
      assert_true(has_event_since(g, from, "sight, concealment"));
      /* Concealment ends after the first turn. */
      ok_lines(g, "end\nend\nend\nend\nend\nend");
      assert_int_equal(murk_game_turn(g), 2);
      assert_false(g->s.units[D][0].concealed);
      from = mk_game_event_count(g);
      ok_line(g, "shoot 1 at P2");
      assert_false(has_event_since(g, from, "sight,"));
    }
    murk_game_free(g);
  }
  assert_true(day && night);
  murk_mission_free(m);
}

/* ---- the fog and the dark (Luneville, Thick Morning Fog; the Flames of War missions,
 * Darkness) ---- */

#define FOG_TABLE                                                                                 \
  "visibility:\n  die: d6\n  table: {\"1\": 10cm, \"2\": 15cm, \"3\": 20cm, \"4\": 30cm, \"5\": " \
  "40cm, \"6\": 60cm}\n"

static void fog_sighting(const char* rule, bool flash_helps) {
  char yaml[4096];
  snprintf(yaml, sizeof yaml, "%s%srules:\n  %s: {}\n%s%s", TF_HEAD, TF_SETUP, rule, FOG_TABLE,
           NF_FORCES);
  struct murk_mission* m = load_yaml(yaml);
  int counts[13] = {0};
  enum { N = 1200 };
  for (uint64_t seed = 1; seed <= N; seed++) {
    struct murk_game* g = new_game(m, seed);
    ok_lines(g, NF_DEPLOY);
    ok_line(g, "end");
    /* 9 cells apart: within the table's best (12 cells) but beyond most rolls. */
    put(g, A, 0, 0, 2, 10);
    put(g, A, 0, 1, 3, 10);
    pickets_north(g);
    mk_night_gunflash(g, D, 0); /* the pickets fired: the dark shows them, the fog does not */
    size_t from = mk_game_event_count(g);
    ok_line(g, "shoot 1 at P2");
    int cells = g->s.night.sight[A][0] - 1;
    assert_true(cells >= 2 && cells <= 12);
    counts[cells]++;
    if (cells >= 9 || flash_helps)
      assert_true(has_event_since(g, from, "attacker P1 shoots at P2"));
    else
      assert_true(has_event_since(g, from, "it loses its fire"));
    murk_game_free(g);
  }
  /* Each row of the table a sixth of the time: 2, 3, 4, 6, 8 and 12 cells. */
  static const int rows[6] = {2, 3, 4, 6, 8, 12};
  for (int i = 0; i < 6; i++) {
    double f = (double)counts[rows[i]] / N;
    if (f < 1.0 / 6 - 0.035 || f > 1.0 / 6 + 0.035)
      fail_msg("%s: %d cells came %.3f of the time, the table gives 1/6", rule, rows[i], f);
  }
  murk_mission_free(m);
}

static void test_fog_and_darkness(void** st) {
  (void)st;
  fog_sighting("thick_morning_fog", false);
  fog_sighting("darkness", true);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_nvr_table_rows),
      cmocka_unit_test(test_nvr_modifier_table),
      cmocka_unit_test(test_nvr_change),
      cmocka_unit_test(test_nvr_distribution),
      cmocka_unit_test(test_nvr_set_and_changed),
      cmocka_unit_test(test_beyond_nvr),
      cmocka_unit_test(test_night_defender_setup),
      cmocka_unit_test(test_night_movement),
      cmocka_unit_test(test_straying_exceptions),
      cmocka_unit_test(test_fog_of_war_at_night),
      cmocka_unit_test(test_cloaking),
      cmocka_unit_test(test_daylight_dusk_and_dawn),
      cmocka_unit_test(test_concealment_regained),
      cmocka_unit_test(test_fire_at_counters),
      cmocka_unit_test(test_starshell),
      cmocka_unit_test(test_starshell_before_moving),
      cmocka_unit_test(test_illuminating_round),
      cmocka_unit_test(test_night_fighting_roll),
      cmocka_unit_test(test_dusk_and_dawn),
      cmocka_unit_test(test_barrage_unseen),
      cmocka_unit_test(test_night_precedence),
      cmocka_unit_test(test_concealment),
      cmocka_unit_test(test_fog_and_darkness),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
