/* test_intel.c: Limited Intelligence (27) - wing leaders and Dis counters, their
 * movement, spotting at seven hexes with and without a line of sight, the moving side
 * turned over first, dummies removed, the deployment roll and its ties, the winner's
 * adjustment, placing a wing's units, voluntary deployment, several wings spotted on one
 * roll, Dis counters moved by their owner (`dis`: accepted, every refusal, the spotting
 * their new cells bring), the deployment prompt, and no hidden information leaking over
 * random games of the bundled mission. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "board.h"
#include "event.h"
#include "intel.h"
#include "murk/dice.h"
#include "night.h"
#include "placing.h"
#include "state.h"
#include "test_support.h"

/* A 20 x 16 hex field. The defender deploys in the north half (rows 0-7), the attacker in
 * the south (rows 8-15). Columns 10-19 of rows 5 and 6 are woods (blocking sight); the
 * west half is open. Lengths are in hexes. */
#define LI_HEAD                                                   \
  "name: LI Test\n"                                               \
  "table: {grid: hex, scale: 2cm, size: 40cm x 32cm}\n"           \
  "terrain:\n"                                                    \
  "  legend:\n"                                                   \
  "    \".\": {class: open, sight: clear, name: fields}\n"        \
  "    \"T\": {class: difficult, sight: blocking, name: woods}\n" \
  "    \"X\": {class: impassable, sight: blocking, name: cliffs}\n"

#define LI_MAP_WOODS           \
  "  map: |\n"                 \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ..........TTTTTTTTTT\n" \
  "    ..........TTTTTTTTTT\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n"

/* A cliff across the table with one gap, at column 15. */
#define LI_MAP_GAP             \
  "  map: |\n"                 \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    XXXXXXXXXXXXXXX.XXXX\n" \
  "    XXXXXXXXXXXXXXX.XXXX\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n" \
  "    ....................\n"

/* Wings: the attacker's Big Wing (platoons 1-4, foot, 3 hexes) and Fast Wing (5-6,
 * horse, 10 hexes, small); the defender's North Wing (1-2, small), East Wing (3) and West
 * Wing (4). Names and types are all distinct, so a leak is easy to find. */
#define LI_TAIL                                                                         \
  "deployment:\n"                                                                       \
  "  attacker: {half: south}\n"                                                         \
  "  defender: {half: north}\n"                                                         \
  "setup: {sides: fixed, first_turn: attacker, deploy_first: defender, deploy_order: "  \
  "in_turn}\n"                                                                          \
  "turn_limit: 10\n"                                                                    \
  "rules:\n"                                                                            \
  "  limited_intelligence: {}\n"                                                        \
  "forces:\n"                                                                           \
  "  attacker:\n"                                                                       \
  "    name: Red Army\n"                                                                \
  "    command_rating: 2\n"                                                             \
  "    dummies: 2\n"                                                                    \
  "    profiles:\n"                                                                     \
  "      foot: {move: 3hex, range: 2hex, rof: 1, skill: 4, save: 6, motivation: 4}\n"   \
  "      horse: {move: 10hex, range: 1hex, rof: 1, skill: 4, save: 6, motivation: 4}\n" \
  "    platoons:\n"                                                                     \
  "      - {name: Amber Foot, type: amber line, command_distance: 2hex,\n"              \
  "         teams: [{profile: foot, count: 3}], wing: Big Wing}\n"                      \
  "      - {name: Birch Foot, type: birch line, command_distance: 2hex,\n"              \
  "         teams: [{profile: foot, count: 3}], wing: Big Wing}\n"                      \
  "      - {name: Cedar Foot, type: cedar line, command_distance: 2hex,\n"              \
  "         teams: [{profile: foot, count: 3}], wing: Big Wing}\n"                      \
  "      - {name: Dune Foot, type: dune line, command_distance: 2hex,\n"                \
  "         teams: [{profile: foot, count: 3}], wing: Big Wing}\n"                      \
  "      - {name: Elm Horse, type: elm cavalry, command_distance: 2hex,\n"              \
  "         teams: [{profile: horse, count: 2}], wing: Fast Wing}\n"                    \
  "      - {name: Fir Horse, type: fir cavalry, command_distance: 2hex,\n"              \
  "         teams: [{profile: horse, count: 2}], wing: Fast Wing}\n"                    \
  "  defender:\n"                                                                       \
  "    name: Blue Army\n"                                                               \
  "    command_rating: 2\n"                                                             \
  "    dummies: 2\n"                                                                    \
  "    profiles:\n"                                                                     \
  "      guard: {move: 3hex, range: 2hex, rof: 1, skill: 4, save: 6, motivation: 4}\n"  \
  "      lancer: {move: 6hex, range: 1hex, rof: 1, skill: 4, save: 6, motivation: 4}\n" \
  "    platoons:\n"                                                                     \
  "      - {name: Xenon Guard, type: xenon grenadiers, command_distance: 2hex,\n"       \
  "         teams: [{profile: guard, count: 3}], wing: North Wing}\n"                   \
  "      - {name: Yarrow Guard, type: yarrow grenadiers, command_distance: 2hex,\n"     \
  "         teams: [{profile: guard, count: 3}], wing: North Wing}\n"                   \
  "      - {name: Zinnia Lancers, type: zinnia uhlans, command_distance: 2hex,\n"       \
  "         teams: [{profile: lancer, count: 2}], wing: East Wing}\n"                   \
  "      - {name: Quartz Guard, type: quartz fusiliers, command_distance: 2hex,\n"      \
  "         teams: [{profile: guard, count: 2}], wing: West Wing}\n"

/* Every platoon that waits for its owner's `place` is placed by the rule (no cells), the
 * side not to act first, as the game asks. */
static void place_all(struct murk_game* g) {
  for (int n = 0; n < 64; n++) {
    enum murk_side side = mk_placing_side(g);
    if (side == MURK_NO_SIDE) return;
    char line[32], why[200];
    snprintf(line, sizeof line, "place P%d", g->s.units[side][mk_placing_unit(g, side)].marker);
    assert_int_equal(murk_game_apply_line(g, side, line, why, sizeof why, NULL), MURK_OK);
  }
  fail();
}

static const char li_mission[] = LI_HEAD LI_MAP_WOODS LI_TAIL;
static const char li_gap_mission[] = LI_HEAD LI_MAP_GAP LI_TAIL;

static struct murk_pos P(int x, int y) {
  struct murk_pos p = {x, y};
  return p;
}

/* A game with both sides deployed by the given lines ("end" added for each side). */
static struct murk_game*
deployed(const struct murk_mission* m, uint64_t seed, const char* defender, const char* attacker) {
  struct murk_game* g = new_game(m, seed);
  ok_lines(g, defender);
  ok_line(g, "end");
  ok_lines(g, attacker);
  ok_line(g, "end");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  return g;
}

/* Deployments that keep every wing out of the way of the tests' moves (the defender's
 * behind the woods, in the north-east corner). */
#define DEF_FAR "deploy 3 at 19,00\ndeploy 4 at 17,00\n"
#define ATT_FAR "deploy 1 at 00,15\n"

/* The defender's wing 1 on row 02 and the attacker's wing 5 on `row`, both in column `col`
 * with their two Dis counters either side; the other wings far (DEF_FAR, ATT_FAR). */
static struct murk_game* wings_in_column(const struct murk_mission* m, int col, int row) {
  char def[160], att[160];
  snprintf(def, sizeof def,
           "deploy 1 at %02d,02\ndeploy 1 at %02d,02\ndeploy 1 at %02d,02\n" DEF_FAR, col, col - 1,
           col + 1);
  snprintf(att, sizeof att,
           ATT_FAR "deploy 5 at %02d,%02d\ndeploy 5 at %02d,%02d\ndeploy 5 at %02d,%02d\n", col,
           row, col - 1, row, col + 1, row);
  return deployed(m, 1, def, att);
}

static void dump_events(const struct murk_game* g, size_t from) {
  char line[300];
  for (size_t i = from; i < mk_game_event_count(g); i++) {
    murk_event_format(mk_game_event(g, i), line, sizeof line);
    fprintf(stderr, "%s\n", line);
  }
}

static const struct mk_marker* marker_no(const struct murk_game* g, int number) {
  int mi = mk_marker_index(&g->s, number);
  assert_true(mi >= 0);
  return &g->s.markers[mi];
}

/* Make the game's next two d6 come out a, then b (the deployment roll: mover, then the
 * stationary side). */
static void force_dice(struct murk_game* g, int a, int b) {
  for (uint64_t k = 1; k < 200000; k++) {
    struct murk_rng r;
    murk_rng_seed(&r, k);
    struct murk_rng t = r;
    int x = murk_rng_die(&t, 6);
    int y = murk_rng_die(&t, 6);
    if (x == a && y == b) {
      g->s.rng = r;
      return;
    }
  }
  fail_msg("no stream gives %d then %d", a, b);
}

/* Least distance between two markers' footprints (leader and Dis counters). */
static int footprint_distance(const struct murk_game* g, const struct mk_marker* a,
                              const struct mk_marker* b) {
  struct murk_pos fa[3], fb[3];
  int na = 0, nb = 0;
  fa[na++] = a->pos;
  for (int i = 0; i < a->ndis; i++) fa[na++] = a->dis[i];
  fb[nb++] = b->pos;
  for (int i = 0; i < b->ndis; i++) fb[nb++] = b->dis[i];
  int best = 1 << 30;
  for (int i = 0; i < na; i++)
    for (int j = 0; j < nb; j++) {
      int d = murk_geom_distance(&g->m->grid, fa[i], fb[j]);
      if (d < best) best = d;
    }
  return best;
}

/* A winner's adjustment due (27.2.2, `adjust`): the leader stays where it was spotted. */
static void settle(struct murk_game* g) {
  int mi = mk_intel_adjust_due(g, murk_game_to_act(g));
  if (mi < 0) return;
  char line[48], ps[16];
  murk_pos_format(g->s.markers[mi].pos, ps, sizeof ps);
  snprintf(line, sizeof line, "adjust T%d to %s", g->s.markers[mi].number, ps);
  ok_line(g, line);
}

static void end_turn(struct murk_game* g) {
  ok_line(g, "end");
  ok_line(g, "end");
  ok_line(g, "end");
}

/* ---- setup: leaders and Dis counters (27.1.2) ---- */

/* How far the view says wing `name`'s Dis counters may stand (-1: no such wing). */
static int view_dis_range(const struct murk_game* g, enum murk_side side, const char* name) {
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, side, &v), MURK_OK);
  int range = -1;
  for (int w = 0; w < v->nwings; w++)
    if (strcmp(v->wings[w].name, name) == 0) range = v->wings[w].dis_range;
  murk_view_free(v);
  return range;
}

static void test_deploy_leaders_and_dis(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g = new_game(m, 1);
  char why[200];
  /* North Wing has two platoons: a small wing, Dis counters within one hex. The Forces
   * panel's wing line says so from the view (at setup; on the move every wing keeps two). */
  assert_int_equal(view_dis_range(g, MURK_DEFENDER, "North Wing"), 1);
  assert_int_equal(view_dis_range(g, MURK_ATTACKER, "Big Wing"), 2);
  ok_line(g, "deploy 2 at 15,02");
  const struct mk_marker* t1 = marker_no(g, 1);
  assert_int_equal(t1->kind, MURK_MARKER_WING);
  assert_int_equal(t1->unit, 0); /* the wing's first platoon, whichever was named */
  assert_int_equal(g->s.units[MURK_DEFENDER][0].state, MURK_PLATOON_HIDDEN);
  assert_int_equal(g->s.units[MURK_DEFENDER][1].state, MURK_PLATOON_HIDDEN);
  assert_int_equal(g->s.units[MURK_DEFENDER][1].marker, 1);
  assert_int_equal(g->s.units[MURK_DEFENDER][2].state, MURK_PLATOON_WAITING);
  bad_line(g, "deploy 1 at 15,04", why, sizeof why);
  assert_non_null(strstr(why, "within 1 cell"));
  bad_line(g, "deploy 1 at 15,02", why, sizeof why);
  assert_non_null(strstr(why, "not under it"));
  ok_line(g, "deploy 1 at 14,02");
  bad_line(g, "deploy 2 at 14,02", why, sizeof why);
  assert_non_null(strstr(why, "already has a Dis counter"));
  /* The side keeps the go until both Dis counters are down. */
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  ok_line(g, "deploy 2 at 16,02");
  assert_int_equal(t1->ndis, 2);
  assert_true(murk_pos_eq(t1->dis[0], P(14, 2)) && murk_pos_eq(t1->dis[1], P(16, 2)));
  bad_line(g, "deploy 1 at 10,02", why, sizeof why);
  assert_non_null(strstr(why, "already down with its wing"));
  /* A leader left without Dis counters gets them beside it when the side deploys on. */
  ok_line(g, "deploy 3 at 10,03");
  ok_line(g, "deploy 4 at 03,03");
  const struct mk_marker* t2 = marker_no(g, 2);
  assert_int_equal(t2->ndis, 2);
  assert_true(murk_pos_eq(t2->dis[0], P(9, 3)) && murk_pos_eq(t2->dis[1], P(11, 3)));
  ok_line(g, "end"); /* ... or ends its deployment */
  const struct mk_marker* t3 = marker_no(g, 3);
  assert_int_equal(t3->ndis, 2);
  assert_true(murk_pos_eq(t3->dis[0], P(2, 3)) && murk_pos_eq(t3->dis[1], P(4, 3)));
  /* Big Wing has four platoons: two hexes are allowed, three are not. */
  ok_line(g, "deploy 4 at 10,12");
  bad_line(g, "deploy 4 at 13,12", why, sizeof why);
  assert_non_null(strstr(why, "within 2 cells"));
  ok_line(g, "deploy 4 at 08,12");
  ok_line(g, "deploy 1 at 12,12");
  /* The leader must stand in the deployment zone, free. */
  bad_line(g, "deploy 5 at 10,03", why, sizeof why);
  bad_line(g, "deploy 5 at 10,12", why, sizeof why);
  ok_line(g, "deploy 6 at 16,14");
  ok_line(g, "end");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  assert_int_equal(view_dis_range(g, MURK_DEFENDER, "North Wing"), 2);

  /* The enemy sees leaders and Dis counters, nothing more; the owner sees its wing. */
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_ATTACKER, &v), MURK_OK);
  const struct murk_view_marker* vm = murk_view_marker_by_number(v, MURK_DEFENDER, 1);
  assert_non_null(vm);
  assert_int_equal(vm->kind, MURK_MARKER_WING);
  assert_int_equal(vm->ndis, 2);
  assert_false(vm->known);
  assert_string_equal(vm->name, "");
  const struct murk_view_marker* own = murk_view_marker_by_number(v, MURK_ATTACKER, 4);
  assert_true(own->known);
  assert_string_equal(own->name, "Big Wing");
  assert_string_equal(own->type, "wing of 4 platoons");
  assert_int_equal(own->nteams, 12);
  for (size_t i = 0; i < v->nevents; i++) {
    assert_null(strstr(v->events[i].text, "North Wing"));
    assert_null(strstr(v->events[i].text, "Xenon"));
  }
  murk_view_free(v);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_dummy_leaders(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g = new_game(m, 1);
  char why[200];
  ok_line(g, "deploy dummy at 02,02");
  ok_line(g, "deploy dummy at 03,02"); /* next to the dummy: its Dis counter */
  ok_line(g, "deploy dummy at 04,02"); /* two hexes: a dummy may spread as a big wing */
  ok_line(g, "deploy dummy at 08,02"); /* a new dummy leader */
  bad_line(g, "deploy dummy at 14,02", why, sizeof why);
  assert_non_null(strstr(why, "no dummy leaders left"));
  const struct mk_marker* t1 = marker_no(g, 1);
  assert_int_equal(t1->unit, -1);
  assert_int_equal(t1->ndis, 2);
  assert_int_equal(g->s.dummies_left[MURK_DEFENDER], 0);
  /* The enemy's events say the same for a dummy as for a wing; the owner's say which. */
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_ATTACKER, &v), MURK_OK);
  for (size_t i = 0; i < v->nevents; i++) assert_null(strstr(v->events[i].text, "dummy"));
  murk_view_free(v);
  assert_int_equal(count_kind(g, 0, MURK_EV_DEPLOY, "is a dummy leader"), 2);
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- movement (27.1.4) ---- */

/* 27.1.4: a dummy moves at most as fast as a real wing of its force,
 * never faster than every one of them. At Hohenfeld the defender's light horse moves 6
 * hexes, but it rides in the Horse Reserve with 5-hex cuirassiers: no real wing of the
 * defender goes 6, so no dummy may. */
static void test_dummy_pace_of_a_real_wing(void** st) {
  (void)st;
  struct murk_mission* m = NULL;
  struct murk_diags d;
  murk_diags_init(&d, "li-hohenfeld.yaml");
  assert_int_equal(murk_mission_load(MURK_SOURCE_DIR "/data/missions/li-hohenfeld.yaml", &m, &d),
                   MURK_OK);
  struct murk_game* g = new_game(m, 7);
  ok_lines(g,
           "deploy 5 at 08,04\ndeploy 5 at 07,04\ndeploy 5 at 09,04\n"
           "deploy dummy at 04,05\ndeploy dummy at 03,05\ndeploy dummy at 05,05\n");
  int horse = g->s.units[MURK_DEFENDER][4].marker, dummy = horse + 1;
  int fastest_platoon = 0;
  const struct murk_force* f = murk_force(g, MURK_DEFENDER);
  for (int p = 0; p < f->nplatoons; p++) {
    const struct murk_platoon* pl = &f->platoons[p];
    for (int k = 0; k < pl->ngroups; k++)
      if (f->profiles[pl->groups[k].profile].move > fastest_platoon)
        fastest_platoon = f->profiles[pl->groups[k].profile].move;
  }
  assert_int_equal(fastest_platoon, 6);
  assert_int_equal(mk_intel_allowance(g, mk_marker_index(&g->s, horse)), 5);
  assert_int_equal(mk_intel_allowance(g, mk_marker_index(&g->s, dummy)), 5);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_move_allowance(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g = deployed(m, 1, "deploy 1 at 15,00\n" DEF_FAR,
                                 "deploy 1 at 03,14\ndeploy 5 at 09,15\ndeploy dummy at 15,15\n");
  char why[200];
  int big = g->s.units[MURK_ATTACKER][0].marker;
  int fast = g->s.units[MURK_ATTACKER][4].marker;
  int dummy = big + 2;
  assert_int_equal(mk_intel_allowance(g, mk_marker_index(&g->s, big)), 3);
  assert_int_equal(mk_intel_allowance(g, mk_marker_index(&g->s, fast)), 10);
  /* A dummy may move as far as the fastest wing the side has on the table. */
  assert_int_equal(mk_intel_allowance(g, mk_marker_index(&g->s, dummy)), 10);
  const struct mk_marker* bm = marker_no(g, big);
  struct murk_pos d0 = bm->dis[0], d1 = bm->dis[1];
  bad_line(g, "move 1 to 03,10", why, sizeof why);
  assert_non_null(strstr(why, "may move 3"));
  ok_line(g, "move 2 to 03,11"); /* any platoon of the wing names it */
  assert_true(murk_pos_eq(bm->pos, P(3, 11)));
  /* The Dis counters came along, keeping their places. */
  assert_int_equal(murk_geom_distance(&m->grid, d0, bm->dis[0]), 3);
  assert_int_equal(murk_geom_distance(&m->grid, d1, bm->dis[1]), 3);
  assert_int_equal(murk_geom_distance(&m->grid, bm->pos, bm->dis[0]), 1);
  bad_line(g, "move 1 to 03,10", why, sizeof why);
  assert_non_null(strstr(why, "already moved"));
  char line[40];
  snprintf(line, sizeof line, "move T%d to 15,04", dummy);
  bad_line(g, line, why, sizeof why); /* 11 hexes */
  snprintf(line, sizeof line, "move T%d to 15,05", dummy);
  ok_line(g, line);
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- spotting (27.1.6) ---- */

/* The attacker's wing 5 and the defender's wing 1 `cells` apart (their footprints), and no
 * spotting since event `mark`: the attacker's wing is still a marker on the table. */
static void wings_unspotted(const struct murk_game* g, size_t mark, int cells) {
  const struct mk_marker* x = marker_no(g, g->s.units[MURK_ATTACKER][4].marker);
  const struct mk_marker* y = marker_no(g, g->s.units[MURK_DEFENDER][0].marker);
  assert_int_equal(footprint_distance(g, x, y), cells);
  assert_int_equal(count_kind(g, mark, MURK_EV_SPOT, NULL), 0);
  assert_true(x->on_table);
}

/* Both wings spotted: revealed, and the attacker's marker off the table (its units deploy). */
static void wings_spotted(const struct murk_game* g) {
  assert_false(marker_no(g, g->s.units[MURK_ATTACKER][4].marker)->on_table);
  assert_int_equal(g->s.units[MURK_ATTACKER][4].state, MURK_PLATOON_REVEALED);
  assert_int_equal(g->s.units[MURK_DEFENDER][0].state, MURK_PLATOON_REVEALED);
}

static void test_spot_at_seven_hexes_with_clear_sight(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g = wings_in_column(m, 4, 14);
  /* Eight hexes: nothing. */
  size_t mark = mk_game_event_count(g);
  ok_line(g, "move 5 to 04,10");
  wings_unspotted(g, mark, 8);
  end_turn(g);
  end_turn(g);
  /* Seven: both wings are spotted (both real: they deploy). */
  mark = mk_game_event_count(g);
  ok_line(g, "move 5 to 04,07");
  settle(g);
  assert_int_equal(count_kind(g, mark, MURK_EV_SPOT, "spotted by defender T"), 1);
  assert_int_equal(count_kind(g, mark, MURK_EV_SPOT, "at 7 cells"), 1);
  assert_int_equal(count_kind(g, mark, MURK_EV_MOVE, "-> 04,09"), 1);
  wings_spotted(g);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_no_spot_without_line_of_sight(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g = wings_in_column(m, 15, 14);
  size_t mark = mk_game_event_count(g);
  /* Through seven, six and five hexes: the woods between hide the wings from each other. */
  ok_line(g, "move 5 to 15,07");
  wings_unspotted(g, mark, 5);
  assert_int_equal(g->s.units[MURK_ATTACKER][4].state, MURK_PLATOON_HIDDEN);
  murk_game_free(g);
  murk_mission_free(m);
}

/* The moving side is turned over first: a moving dummy goes, and the enemy wing it
 * stumbled on stays hidden. */
static void test_moving_dummy_spotted_first(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g = deployed(m, 1, "deploy 1 at 04,02\n" DEF_FAR,
                                 ATT_FAR "deploy 5 at 19,15\ndeploy dummy at 04,14\n");
  int y = g->s.units[MURK_DEFENDER][0].marker;
  int dummy = g->s.units[MURK_ATTACKER][4].marker + 1;
  char line[40];
  snprintf(line, sizeof line, "move T%d to 04,07", dummy);
  size_t mark = mk_game_event_count(g);
  ok_line(g, line);
  assert_false(marker_no(g, dummy)->on_table);
  assert_int_equal(count_kind(g, mark, MURK_EV_REVEAL, "was a dummy leader"), 1);
  assert_int_equal(count_kind(g, mark, MURK_EV_ROLL, NULL), 0);
  assert_true(marker_no(g, y)->on_table);
  assert_false(marker_no(g, y)->revealed);
  assert_int_equal(count_kind(g, mark, MURK_EV_SPOT, "turned over"), 0);
  assert_int_equal(g->s.units[MURK_DEFENDER][0].state, MURK_PLATOON_HIDDEN);
  murk_game_free(g);
  murk_mission_free(m);
}

/* A stationary dummy is removed and the moving wing, turned face down again, moves on. */
static void test_stationary_dummy_removed(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g = deployed(m, 1, "deploy 1 at 19,03\ndeploy dummy at 04,02\n" DEF_FAR,
                                 ATT_FAR "deploy 5 at 04,14\n");
  int x = g->s.units[MURK_ATTACKER][4].marker;
  int dummy = g->s.units[MURK_DEFENDER][0].marker + 1;
  size_t mark = mk_game_event_count(g);
  ok_line(g, "move 5 to 04,06");
  assert_false(marker_no(g, dummy)->on_table);
  assert_int_equal(count_kind(g, mark, MURK_EV_REVEAL, "was a dummy leader"), 1);
  assert_int_equal(count_kind(g, mark, MURK_EV_SPOT, "turned face down again"), 1);
  const struct mk_marker* xm = marker_no(g, x);
  assert_true(xm->on_table);
  assert_false(xm->revealed);
  assert_true(murk_pos_eq(xm->pos, P(4, 6)));
  assert_int_equal(g->s.units[MURK_ATTACKER][4].state, MURK_PLATOON_HIDDEN);
  assert_int_equal(count_kind(g, mark, MURK_EV_ROLL, NULL), 0);
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- the deployment roll (27.2.1) and the adjustment (27.2.2) ---- */

#define ADJ_DEF "deploy 1 at 04,01\ndeploy 1 at 03,01\ndeploy 1 at 05,01\n" DEF_FAR
#define ADJ_ATT ATT_FAR "deploy 5 at 04,13\ndeploy 5 at 03,13\ndeploy 5 at 05,13\n"

/* Where the first spotting since `from` happened (the mover's leader then). */
static struct murk_pos spot_cell(const struct murk_game* g, size_t from) {
  for (size_t i = from; i < mk_game_event_count(g); i++) {
    const struct murk_event* e = mk_game_event(g, i);
    if (e->kind == MURK_EV_SPOT && strstr(e->text, "spotted by")) return e->to;
  }
  fail_msg("no spotting");
  return P(-1, -1);
}

/* The cell `ahead` cells after `at` on the line from a to b (the path of a move). */
static struct murk_pos along(const struct murk_grid* grid, struct murk_pos a, struct murk_pos b,
                             struct murk_pos at, int ahead) {
  struct murk_line_step steps[64];
  size_t n = murk_geom_line(grid, a, b, steps, 64);
  for (size_t i = 0; i < n; i++)
    if (murk_pos_eq(steps[i].cell, at)) {
      assert_true(i + (size_t)ahead < n);
      return steps[i + (size_t)ahead].cell;
    }
  fail_msg("not on the path");
  return P(-1, -1);
}

static void test_deployment_roll_tie_goes_to_stationary(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g = deployed(m, 1, ADJ_DEF, ADJ_ATT);
  int x = g->s.units[MURK_ATTACKER][4].marker;
  size_t mark = mk_game_event_count(g);
  force_dice(g, 3, 3); /* 3 + 2 against 3 + 2 */
  ok_line(g, "move 5 to 04,03");
  place_all(g);
  assert_int_equal(count_kind(g, mark, MURK_EV_ROLL, "deployment roll"), 2);
  assert_int_equal(count_kind(g, mark, MURK_EV_INFO, "a tie goes to the stationary side"), 1);
  assert_int_equal(count_kind(g, mark, MURK_EV_MOVE, "adjusts"), 0);
  /* Spotted seven hexes from row 1, and deployed where it was spotted. */
  struct murk_pos spot = spot_cell(g, mark);
  assert_int_equal(spot.y, 8);
  const struct mk_marker* xm = marker_no(g, x);
  assert_true(murk_pos_eq(xm->pos, spot));
  const struct mk_unit_state* u = &g->s.units[MURK_ATTACKER][4];
  assert_true(murk_pos_eq(g->s.teams[MURK_ATTACKER][u->first_team].pos, spot));
  /* The mover's movement is over for the turn. */
  char why[200];
  bad_line(g, "move 5 to 04,07", why, sizeof why);
  assert_non_null(strstr(why, "already moved"));
  murk_game_free(g);
  murk_mission_free(m);
}

/* Limited Intelligence with the ASL night rules: at night wings spot
 * no farther than the NVR, not at the seven hexes of day. */
static void test_spotting_limited_by_nvr(void** st) {
  (void)st;
  static char yaml[sizeof li_mission + 64];
  const char* at = strstr(li_mission, "rules:\n");
  assert_non_null(at);
  at += strlen("rules:\n");
  snprintf(yaml, sizeof yaml, "%.*s  nvr: {base: 2}\n%s", (int)(at - li_mission), li_mission, at);
  struct murk_mission* m = load_yaml(yaml);
  struct murk_game* g = deployed(m, 1, ADJ_DEF, ADJ_ATT);
  int nvr = mk_night_nvr(g);
  assert_true(nvr >= 0 && nvr < 7);
  size_t mark = mk_game_event_count(g);
  ok_line(g, "move 5 to 04,03");
  struct murk_pos spot = spot_cell(g, mark);
  /* By day it is spotted on row 8, seven hexes out (test_deployment_roll_...); at night
   * within the NVR of North Wing's counters on rows 1 and 2 at most. */
  assert_true(spot.y <= 2 + mk_night_nvr(g));
  char text[40];
  int seen_at = -1;
  for (int d = 0; d <= 7 && seen_at < 0; d++) {
    snprintf(text, sizeof text, "at %d cell", d);
    if (count_kind(g, mark, MURK_EV_SPOT, text) > 0) seen_at = d;
  }
  assert_true(seen_at >= 0 && seen_at <= mk_night_nvr(g));
  murk_game_free(g);
  murk_mission_free(m);
}

/* Limited Intelligence with Fog of War: a spotting roll that finds a
 * wing leader deploys the whole wing; no platoon is left hidden under a leader that is
 * gone. */
static void test_fog_spot_deploys_whole_wing(void** st) {
  (void)st;
  static char yaml[sizeof li_mission + 256];
  const char* at = strstr(li_mission, "rules:\n");
  assert_non_null(at);
  at += strlen("rules:\n");
  snprintf(yaml, sizeof yaml, "%.*s  fog_of_war: {}\n%s" TF_VIS, (int)(at - li_mission), li_mission,
           at);
  struct murk_mission* m = load_yaml(yaml);
  struct murk_game* g =
      deployed(m, 1, "deploy 1 at 04,05\n" DEF_FAR, ATT_FAR "deploy 5 at 04,13\n");
  ok_line(g, "end"); /* to the shooting step */
  size_t mark = mk_game_event_count(g);
  ok_line(g, "spot");
  if (g->s.units[MURK_DEFENDER][1].state != MURK_PLATOON_REVEALED) dump_events(g, mark);
  assert_int_equal(g->s.units[MURK_DEFENDER][0].state, MURK_PLATOON_REVEALED);
  assert_int_equal(g->s.units[MURK_DEFENDER][1].state, MURK_PLATOON_REVEALED);
  const struct mk_unit_state* u = &g->s.units[MURK_DEFENDER][1];
  /* Its owner places it (27.3.1 says where, murk who): each platoon's first team is down
   * where the text puts it, the others wait for the defender's `place`. */
  assert_true(g->s.teams[MURK_DEFENDER][u->first_team].placed);
  assert_false(g->s.teams[MURK_DEFENDER][u->first_team + 1].placed);
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  assert_int_equal(count_kind(g, mark, MURK_EV_INFO, "hand-over to the defender"), 1);
  place_all(g);
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  assert_int_equal(count_kind(g, mark, MURK_EV_INFO, "hand-over back to the attacker"), 1);
  for (int t = u->first_team; t < u->first_team + u->nteams; t++)
    assert_true(g->s.teams[MURK_DEFENDER][t].placed);
  assert_int_equal(count_kind(g, mark, MURK_EV_INFO, "deploys: the wing North Wing"), 1);
  murk_game_free(g);
  murk_mission_free(m);
}

/* Limited Intelligence with Fog of War: a dummy leader spots as a wing does. The defender's
 * North Wing stands 8 hexes from the attacker's dummy and beyond the roll's 10 from every
 * real wing: spotted all the same, or a spot that found nothing there would tell the
 * defender the counter near it is a dummy. */
static void test_fog_spot_from_dummy_leader(void** st) {
  (void)st;
  static char yaml[sizeof li_mission + 256];
  const char* at = strstr(li_mission, "rules:\n");
  assert_non_null(at);
  at += strlen("rules:\n");
  snprintf(yaml, sizeof yaml, "%.*s  fog_of_war: {}\n%s" TF_VIS, (int)(at - li_mission), li_mission,
           at);
  struct murk_mission* m = load_yaml(yaml);
  struct murk_game* g = deployed(m, 1, "deploy 1 at 04,03\n" DEF_FAR,
                                 ATT_FAR "deploy 5 at 19,15\ndeploy dummy at 04,11\n");
  ok_line(g, "end"); /* to the shooting step */
  size_t mark = mk_game_event_count(g);
  ok_line(g, "spot");
  assert_int_equal(g->s.units[MURK_DEFENDER][0].state, MURK_PLATOON_REVEALED);
  assert_int_equal(count_kind(g, mark, MURK_EV_INFO, "deploys: the wing North Wing"), 1);
  murk_game_free(g);
  murk_mission_free(m);
}

/* Limited Intelligence with Escalation and Infiltrate: escalation keeps
 * a wing's other platoons out of the deployment and the leader holds only what deploys; an
 * infiltrator comes on in its own phase under a leader of its own, its name told to its
 * owner alone. */
static void test_escalation_and_infiltrators_under_li(void** st) {
  (void)st;
  static char yaml[sizeof li_mission + 512];
  char tmp[sizeof yaml];
  const char* at = strstr(li_mission, "rules:\n");
  assert_non_null(at);
  at += strlen("rules:\n");
  snprintf(tmp, sizeof tmp, "%.*s  escalation: {}\n  reserves: {}\n  infiltrate: {}\n%s",
           (int)(at - li_mission), li_mission, at);
  /* Amber Foot is plain infantry; Fir Horse infiltrates. */
  char* a = strstr(tmp, "wing: Big Wing}");
  assert_non_null(a);
  snprintf(yaml, sizeof yaml, "%.*sflags: [infantry], %s", (int)(a - tmp), tmp, a);
  snprintf(tmp, sizeof tmp, "%s", yaml);
  char* f = strstr(tmp, "{profile: horse, count: 2}], wing: Fast Wing}\n  defender");
  assert_non_null(f);
  f += strlen("{profile: horse, count: 2}], ");
  snprintf(yaml, sizeof yaml, "%.*sflags: [infiltrate], %s", (int)(f - tmp), tmp, f);
  struct murk_mission* m = load_yaml(yaml);
  struct murk_game* g = new_game(m, 1);
  char why[200];
  while (murk_game_phase(g) == MURK_PHASE_RESERVES) ok_line(g, "end");
  bad_line(g, "deploy 1 at 04,01", why, sizeof why); /* the defender has no infantry */
  if (!strstr(why, "does not deploy now")) fprintf(stderr, "%s\n", why);
  assert_non_null(strstr(why, "does not deploy now"));
  ok_line(g, "end");
  bad_line(g, "deploy 2 at 00,15", why, sizeof why);
  assert_non_null(strstr(why, "escalation"));
  ok_line(g, "deploy 1 at 00,15");
  const struct mk_state* s = &g->s;
  int big = s->units[MURK_ATTACKER][0].marker;
  assert_int_equal(s->units[MURK_ATTACKER][0].state, MURK_PLATOON_HIDDEN);
  for (int k = 1; k < 4; k++)
    assert_int_not_equal(s->units[MURK_ATTACKER][k].state, MURK_PLATOON_HIDDEN);
  ok_line(g, "end");
  /* The rest waits in reserve; the infiltrator deploys now, a wing leader of its own. */
  assert_int_equal(s->units[MURK_ATTACKER][1].state, MURK_PLATOON_RESERVE);
  assert_int_equal(s->units[MURK_ATTACKER][4].state, MURK_PLATOON_RESERVE);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_INFILTRATE);
  size_t mark = mk_game_event_count(g);
  ok_line(g, "deploy 6 at 10,12");
  const struct mk_unit_state* u = &s->units[MURK_ATTACKER][5];
  assert_int_equal(u->state, MURK_PLATOON_HIDDEN);
  assert_true(u->marker != big);
  const struct mk_marker* mk = marker_no(g, u->marker);
  assert_int_equal(mk->kind, MURK_MARKER_WING);
  assert_true(mk->on_table);
  assert_int_equal(mk->ndis, 2);
  for (size_t i = mark; i < mk_game_event_count(g); i++) {
    const struct murk_event* e = mk_game_event(g, i);
    if (murk_audience_includes(e->audience, MURK_DEFENDER))
      assert_null(strstr(e->text, "Fir Horse"));
  }
  assert_int_equal(count_kind(g, mark, MURK_EV_DEPLOY, "deploys wing leader T"), 1);
  /* Under Limited Intelligence the phase does not end by itself after the last infiltrator
   * (that would show its counter real): the attacker ends it, or puts down a dummy leader it
   * kept back, read by the enemy exactly as the infiltrator was. */
  assert_int_equal(murk_game_phase(g), MURK_PHASE_INFILTRATE);
  assert_int_equal(s->dummies_left[MURK_ATTACKER], 2);
  mark = mk_game_event_count(g);
  ok_line(g, "deploy dummy at 12,12");
  assert_int_equal(s->dummies_left[MURK_ATTACKER], 1);
  int dm = mk_marker_index_at(s, P(12, 12));
  assert_true(dm >= 0);
  assert_int_equal(s->markers[dm].unit, -1);
  assert_int_equal(s->markers[dm].kind, MURK_MARKER_WING);
  assert_int_equal(s->markers[dm].ndis, 2);
  assert_int_equal(count_kind(g, mark, MURK_EV_DEPLOY, "deploys wing leader T"), 1);
  assert_int_equal(count_kind(g, mark, MURK_EV_DEPLOY, "Dis counters go down beside it"), 1);
  size_t n = 0;
  for (size_t i = mark; i < mk_game_event_count(g); i++)
    if (murk_audience_includes(mk_game_event(g, i)->audience, MURK_DEFENDER)) n++;
  assert_int_equal(n, 2); /* as for the infiltrator: the leader and its Dis counters */
  ok_line(g, "end");
  assert_int_not_equal(murk_game_phase(g), MURK_PHASE_INFILTRATE);
  murk_game_free(g);
  murk_mission_free(m);
}

/* Limited Intelligence with Escalation: a dummy leader goes no faster than the fastest real
 * leader on the table. On turn 1 only Amber Foot (3 hexes) is there, the horse (10) waits
 * in reserve: a counter moving 4 hexes would be a dummy. */
static void test_dummy_pace_under_escalation(void** st) {
  (void)st;
  static char yaml[sizeof li_mission + 512];
  char tmp[sizeof yaml];
  const char* at = strstr(li_mission, "rules:\n");
  assert_non_null(at);
  at += strlen("rules:\n");
  snprintf(tmp, sizeof tmp, "%.*s  escalation: {}\n  reserves: {}\n%s", (int)(at - li_mission),
           li_mission, at);
  char* a = strstr(tmp, "wing: Big Wing}");
  assert_non_null(a);
  snprintf(yaml, sizeof yaml, "%.*sflags: [infantry], %s", (int)(a - tmp), tmp, a);
  struct murk_mission* m = load_yaml(yaml);
  struct murk_game* g = new_game(m, 1);
  while (murk_game_phase(g) == MURK_PHASE_RESERVES) ok_line(g, "end");
  ok_line(g, "end"); /* the defender: nothing deploys now */
  ok_lines(g, "deploy 1 at 00,15\ndeploy dummy at 08,13\n");
  ok_line(g, "end");
  while (murk_game_phase(g) != MURK_PHASE_PLAY) ok_line(g, "end");
  const struct mk_state* s = &g->s;
  assert_int_equal(s->units[MURK_ATTACKER][4].state, MURK_PLATOON_RESERVE);
  int dummy = -1;
  for (int i = 0; i < s->nmarkers; i++)
    if (s->markers[i].owner == MURK_ATTACKER && s->markers[i].on_table && s->markers[i].unit < 0)
      dummy = i;
  assert_true(dummy >= 0);
  assert_int_equal(mk_intel_allowance(g, dummy), 3);
  char line[48], why[200];
  snprintf(line, sizeof line, "move T%d to 08,09", s->markers[dummy].number);
  bad_line(g, line, why, sizeof why);
  assert_non_null(strstr(why, "T"));
  assert_non_null(strstr(why, "may move 3"));
  murk_game_free(g);
  murk_mission_free(m);
}

/* The game's next d6 rolls come out as `want` (0: any face). */
static void force_faces(struct murk_game* g, const int* want, int n) {
  for (uint64_t k = 1; k < 2000000; k++) {
    struct murk_rng r;
    murk_rng_seed(&r, k);
    struct murk_rng t = r;
    int i = 0;
    while (i < n) {
      int d = murk_rng_die(&t, 6);
      if (want[i] && d != want[i]) break;
      i++;
    }
    if (i == n) {
      g->s.rng = r;
      return;
    }
  }
  fail_msg("no stream gives the faces asked");
}

/* li_mission with rules added under `rules:` and Dune Foot (platoon 4, Big Wing) able to
 * deep strike. */
static struct murk_mission* li_with(const char* rules, bool dune_deep) {
  static char yaml[sizeof li_mission + 512];
  char tmp[sizeof yaml];
  const char* at = strstr(li_mission, "rules:\n");
  assert_non_null(at);
  at += strlen("rules:\n");
  snprintf(tmp, sizeof tmp, "%.*s%s%s", (int)(at - li_mission), li_mission, rules, at);
  snprintf(yaml, sizeof yaml, "%s", tmp);
  if (dune_deep) {
    char* a = strstr(tmp, "{profile: foot, count: 3}], wing: Big Wing}\n      - {name: Elm");
    assert_non_null(a);
    a += strlen("{profile: foot, count: 3}], ");
    snprintf(yaml, sizeof yaml, "%.*sflags: [deep_strike], %s", (int)(a - tmp), tmp, a);
  }
  return load_yaml(yaml);
}

/* No event the defender may read since `from` names or describes `what`. */
static void defender_never_reads(const struct murk_game* g, size_t from, const char* what) {
  for (size_t i = from; i < mk_game_event_count(g); i++) {
    const struct murk_event* e = mk_game_event(g, i);
    if (murk_audience_includes(e->audience, MURK_DEFENDER) && strstr(e->text, what)) {
      dump_events(g, from);
      fail_msg("the defender reads \"%s\": %s", what, e->text);
    }
  }
}

/* A game where the attacker holds Dune Foot (platoon 4) for deep strike, every wing
 * deployed out of the way; it is the attacker's movement step of turn 1. */
static struct murk_game* deep_game_with(const struct murk_mission* m, const char* defender);
static struct murk_game* deep_game(const struct murk_mission* m) {
  return deep_game_with(m, DEF_FAR "deploy 1 at 19,02\n");
}
static struct murk_game* deep_game_with(const struct murk_mission* m, const char* defender) {
  struct murk_game* g = new_game(m, 1);
  bool held = false;
  while (murk_game_phase(g) == MURK_PHASE_RESERVES) {
    if (murk_game_to_act(g) == MURK_ATTACKER && !held) {
      ok_line(g, "reserve 4 deep");
      held = true;
    }
    ok_line(g, "end");
  }
  assert_true(held);
  ok_lines(g, defender);
  ok_line(g, "end");
  ok_lines(g, ATT_FAR "deploy 5 at 04,13\n");
  ok_line(g, "end");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  assert_int_equal(g->s.units[MURK_ATTACKER][3].state, MURK_PLATOON_RESERVE);
  return g;
}

/* Limited Intelligence with Deep Strike: the platoon aims and scatters by
 * public rolls and comes down as a wing leader counter of its own, with Dis counters, never
 * named to the enemy; it may not move (nor its Dis counters) in the turn it came; off the
 * table it is lost, the enemy told only that a counter was. */
static void test_deep_strike_under_li(void** st) {
  (void)st;
  struct murk_mission* m = li_with("  deep_strike: {}\n  reserves: {score: 1}\n", true);
  struct murk_game* g = deep_game(m);
  const struct mk_state* s = &g->s;
  size_t mark = mk_game_event_count(g);
  char why[200];
  /* Judged on what the side knows: not within the keep-out of a counter it sees. */
  bad_line(g, "arrive 4 at 19,01", why, sizeof why);
  assert_non_null(strstr(why, "of the enemy"));
  force_faces(g, (const int[]){1}, 1); /* the scatter die: a hit */
  ok_line(g, "arrive 4 at 10,10");
  const struct mk_unit_state* u = &s->units[MURK_ATTACKER][3];
  assert_int_equal(u->state, MURK_PLATOON_HIDDEN);
  const struct mk_marker* mk = marker_no(g, u->marker);
  assert_int_equal(mk->kind, MURK_MARKER_WING);
  assert_true(mk->on_table);
  assert_true(murk_pos_eq(mk->pos, P(10, 10)));
  assert_int_equal(mk->ndis, 2);
  for (int t = u->first_team; t < u->first_team + u->nteams; t++)
    assert_false(s->teams[MURK_ATTACKER][t].placed);
  assert_int_equal(count_kind(g, mark, MURK_EV_DEPLOY, "deep strikes at 10,10: a wing leader"), 1);
  assert_int_equal(count_kind(g, mark, MURK_EV_MOVE, "lands where it aimed"), 1);
  defender_never_reads(g, mark, "Dune");
  defender_never_reads(g, mark, "dune");
  /* The 40k mission special rules: no move on the turn it came, neither the leader nor its Dis
   * counters; the view says so. */
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_ATTACKER, &v), MURK_OK);
  const struct murk_view_marker* vm = murk_view_marker_by_number(v, MURK_ATTACKER, u->marker);
  assert_non_null(vm);
  assert_false(vm->may_move);
  murk_view_free(v);
  char line[48];
  snprintf(line, sizeof line, "move T%d to 10,09", u->marker);
  bad_line(g, line, why, sizeof why);
  assert_non_null(strstr(why, "came down by deep strike this turn"));
  snprintf(line, sizeof line, "dis T%d to 09,10 11,09", u->marker);
  bad_line(g, line, why, sizeof why);
  assert_non_null(strstr(why, "came down by deep strike this turn"));
  end_turn(g);
  end_turn(g);
  /* The next turn it moves as any unspotted wing. */
  snprintf(line, sizeof line, "move T%d to 10,09", u->marker);
  ok_line(g, line);
  assert_true(murk_pos_eq(marker_no(g, u->marker)->pos, P(10, 9)));
  murk_game_free(g);

  /* Off the table: lost, and the enemy is not told which platoon it was. */
  g = deep_game(m);
  mark = mk_game_event_count(g);
  /* The scatter die misses (6), the direction die says west (4), 2d6 inches: at least two
   * cells of 2cm, from column 0 off the table. */
  force_faces(g, (const int[]){6, 4}, 2);
  ok_line(g, "arrive 4 at 00,08");
  assert_int_equal(g->s.units[MURK_ATTACKER][3].state, MURK_PLATOON_DESTROYED);
  assert_int_equal(count_kind(g, mark, MURK_EV_LOSS, "scatters off the table and is destroyed"), 1);
  defender_never_reads(g, mark, "Dune");
  defender_never_reads(g, mark, "dune");
  murk_game_free(g);
  murk_mission_free(m);
}

/* Limited Intelligence with Deep Strike: the landing is the counter's move for spotting
 * (27.1.6). Coming down six hexes from North Wing's leader in the open, it is spotted at
 * once, not left unseen until someone moves. */
static void test_deep_strike_landing_spots(void** st) {
  (void)st;
  struct murk_mission* m = li_with("  deep_strike: {}\n  reserves: {score: 1}\n", true);
  struct murk_game* g = deep_game_with(m, DEF_FAR "deploy 1 at 04,03\n");
  size_t mark = mk_game_event_count(g);
  force_faces(g, (const int[]){1}, 1); /* the scatter die: a hit */
  ok_line(g, "arrive 4 at 04,09");
  int t = g->s.units[MURK_ATTACKER][3].marker;
  char text[64];
  snprintf(text, sizeof text, "attacker T%d is spotted by defender T", t);
  if (count_kind(g, mark, MURK_EV_SPOT, text) != 1) dump_events(g, mark);
  assert_int_equal(count_kind(g, mark, MURK_EV_SPOT, text), 1);
  assert_int_equal(count_kind(g, mark, MURK_EV_INFO, "deploys: the wing North Wing"), 1);
  murk_game_free(g);
  murk_mission_free(m);
}

/* Limited Intelligence under the ASL night rules: a wing's move makes the
 * movement roll as a platoon's does; a coloured 6 strays (half as far); a dummy rolls alike;
 * a `dis` that is the wing's first move of the step rolls too, and a strayer's counters stay. */
static void test_wing_moves_at_night(void** st) {
  (void)st;
  struct murk_mission* m = li_with("  nvr: {base: 3}\n", false);
  struct murk_game* g = deployed(m, 1, DEF_FAR "deploy 1 at 19,02\n",
                                 ATT_FAR "deploy 5 at 04,13\ndeploy dummy at 08,13\n");
  assert_true(mk_night_nvr(g) >= 0);
  const struct mk_state* s = &g->s;
  int fast = s->units[MURK_ATTACKER][4].marker;
  int dummy = -1;
  for (int i = 0; i < s->nmarkers; i++)
    if (s->markers[i].owner == MURK_ATTACKER && s->markers[i].on_table && s->markers[i].unit < 0)
      dummy = s->markers[i].number;
  assert_true(dummy > 0);
  /* The view carries the night allowance, as the game's own move rule has it. */
  size_t mark = mk_game_event_count(g);
  force_faces(g, (const int[]){6, 3}, 2); /* coloured 6: strays */
  ok_line(g, "move 5 to 04,09");
  assert_int_equal(count_kind(g, mark, MURK_EV_ROLL, "movement (coloured 6: strays)"), 1);
  assert_int_equal(count_kind(g, mark, MURK_EV_INFO, "loses its way in the dark"), 1);
  assert_true(murk_pos_eq(marker_no(g, fast)->pos, P(4, 11))); /* two of the four cells */
  mark = mk_game_event_count(g);
  force_faces(g, (const int[]){2, 3}, 2);
  char line[48];
  snprintf(line, sizeof line, "move T%d to 08,10", dummy);
  ok_line(g, line);
  assert_int_equal(count_kind(g, mark, MURK_EV_ROLL, "movement (coloured 6: strays)"), 1);
  assert_int_equal(count_kind(g, mark, MURK_EV_INFO, "loses its way"), 0);
  assert_true(murk_pos_eq(marker_no(g, dummy)->pos, P(8, 10)));
  end_turn(g);
  end_turn(g);
  /* `dis` first: the roll, and a strayer's counters stay where they were. */
  const struct mk_marker* fm = marker_no(g, fast);
  struct murk_pos d0 = fm->dis[0], d1 = fm->dis[1];
  mark = mk_game_event_count(g);
  force_faces(g, (const int[]){6, 1}, 2);
  ok_line(g, "dis 5 to 04,09 05,10");
  assert_int_equal(count_kind(g, mark, MURK_EV_ROLL, "movement (coloured 6: strays)"), 1);
  fm = marker_no(g, fast);
  assert_true(murk_pos_eq(fm->dis[0], d0) && murk_pos_eq(fm->dis[1], d1));
  /* The step's roll was made: the leader has had its move. */
  char why[200];
  bad_line(g, "move 5 to 04,10", why, sizeof why);
  murk_game_free(g);
  murk_mission_free(m);

  /* The night's cost, platoon by platoon (1.51-1.52): Fast Wing's horse made vehicles pays a
   * cell on any ground, and a dummy goes no farther than that fastest real wing; the view's
   * allowances are the game's. */
  static char yaml[sizeof li_mission + 256];
  const char* at = strstr(li_mission, "rules:\n");
  at += strlen("rules:\n");
  snprintf(yaml, sizeof yaml, "%.*s  nvr: {base: 3}\n%s", (int)(at - li_mission), li_mission, at);
  for (int i = 0; i < 2; i++) {
    char* w = strstr(yaml, "}], wing: Fast Wing}");
    assert_non_null(w);
    char rest[sizeof yaml];
    snprintf(rest, sizeof rest, "%s", w + strlen("}], wing: Fast Wing}"));
    snprintf(w, sizeof yaml - (size_t)(w - yaml), "}], flags: [vehicle], wing: Fast Wing }%s",
             rest);
  }
  m = load_yaml(yaml);
  g = deployed(m, 1, DEF_FAR "deploy 1 at 19,02\n",
               ATT_FAR "deploy 5 at 04,13\ndeploy dummy at 08,13\n");
  fast = g->s.units[MURK_ATTACKER][4].marker;
  int fmi = mk_marker_index(&g->s, fast), dmi = -1, bmi = -1;
  for (int i = 0; i < g->s.nmarkers; i++)
    if (g->s.markers[i].owner == MURK_ATTACKER && g->s.markers[i].on_table) {
      if (g->s.markers[i].unit < 0) dmi = i;
      if (g->s.markers[i].unit == 0) bmi = i;
    }
  assert_true(fmi >= 0 && dmi >= 0 && bmi >= 0);
  for (int k = MURK_TERRAIN_ROAD; k <= MURK_TERRAIN_DIFFICULT; k++) {
    enum murk_terrain_class c = (enum murk_terrain_class)k;
    int big = 3 - (c == MURK_TERRAIN_DIFFICULT); /* foot: a cell more in difficult ground */
    assert_int_equal(mk_intel_allowance_on(g, fmi, c), 9);
    assert_int_equal(mk_intel_allowance_on(g, bmi, c), big);
    assert_int_equal(mk_intel_allowance_on(g, dmi, c), 9);
  }
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_ATTACKER, &v), MURK_OK);
  const struct murk_view_marker* vf = murk_view_marker_by_number(v, MURK_ATTACKER, fast);
  const struct murk_view_marker* vd =
      murk_view_marker_by_number(v, MURK_ATTACKER, g->s.markers[dmi].number);
  assert_non_null(vf);
  assert_non_null(vd);
  assert_int_equal(vf->allowance[MURK_TERRAIN_OPEN], 9);
  assert_int_equal(vd->allowance[MURK_TERRAIN_OPEN], 9);
  murk_view_free(v);
  murk_game_free(g);
  murk_mission_free(m);
}

/* Limited Intelligence with Random Deployment: one roll for each wing
 * and each dummy leader; a leader counter goes down only in a section a roll gave and uses
 * it up; its Dis counters are not bound by the sections. */
static void test_random_deployment_under_li(void** st) {
  (void)st;
  struct murk_mission* m =
      li_with("  random_deployment: {sections: 2}\n", false); /* the attacker's, by default */
  struct murk_game* g = new_game(m, 1);
  while (murk_game_phase(g) == MURK_PHASE_RESERVES) ok_line(g, "end");
  ok_lines(g, DEF_FAR "deploy 1 at 19,02\n");
  size_t mark = mk_game_event_count(g);
  ok_line(g, "end");
  /* Two wings (Big, Fast) and two dummies: four rolls. */
  const struct mk_state* s = &g->s;
  assert_int_equal(s->nrd_slots[MURK_ATTACKER], 4);
  assert_int_equal(count_kind(g, mark, MURK_EV_ROLL, "random deployment, attacker"), 4);
  /* The attacker's zone is rows 8-15, all 20 columns: section 1 is columns 0-9, 2 is 10-19. */
  bool has[2] = {false, false};
  for (int i = 0; i < 4; i++) has[s->rd_slots[MURK_ATTACKER][i]] = true;
  char why[200];
  int k = has[0] ? 0 : 1;
  int used = 0;
  /* Each leader down uses a roll of its section; a Dis counter uses none. */
  for (int i = 0; i < 4; i++) {
    int col = (k == 0 ? 1 : 11) + 2 * used;
    char line[48];
    int left = 0;
    for (int j = 0; j < 4; j++) left += s->rd_slots[MURK_ATTACKER][j] == k;
    if (left == 0) break;
    const char* who = used == 0 ? "1" : used == 1 ? "5" : "dummy";
    snprintf(line, sizeof line, "deploy %s at %02d,12", who, col);
    ok_line(g, line);
    snprintf(line, sizeof line, "deploy %s at %02d,13", who, col);
    ok_line(g, line);
    snprintf(line, sizeof line, "deploy %s at %02d,14", who, col + 1);
    ok_line(g, line);
    int after = 0;
    for (int j = 0; j < 4; j++) after += s->rd_slots[MURK_ATTACKER][j] == k;
    assert_int_equal(after, left - 1);
    used++;
  }
  assert_true(used >= 1 && used < 4);
  /* The section's rolls are used up: the next leader there is refused. */
  char line[48];
  snprintf(line, sizeof line, "deploy %s at %02d,10", used == 1 ? "5" : "dummy", k == 0 ? 8 : 18);
  bad_line(g, line, why, sizeof why);
  assert_non_null(strstr(why, "random deployment"));
  murk_game_free(g);
  murk_mission_free(m);
}

static void adjust_case(int mover_die, int stationary_die, int cells) {
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g = deployed(m, 1, ADJ_DEF, ADJ_ATT);
  int x = g->s.units[MURK_ATTACKER][4].marker;
  size_t mark = mk_game_event_count(g);
  force_dice(g, mover_die, stationary_die);
  ok_line(g, "move 5 to 04,03"); /* ten hexes: spotted after five, five more ordered */
  /* 27.2.2: the winner chooses where its leader goes; until then nothing else is taken. */
  char why[200], line[48];
  assert_true(mk_intel_adjust_due(g, MURK_ATTACKER) >= 0);
  assert_int_equal(g->s.units[MURK_ATTACKER][4].state, MURK_PLATOON_HIDDEN);
  bad_line(g, "move 1 to 00,14", why, sizeof why);
  assert_non_null(strstr(why, "won the deployment roll: adjust it first"));
  struct murk_pos where = along(&m->grid, P(4, 13), P(4, 3), spot_cell(g, mark), cells);
  struct murk_pos far = along(&m->grid, P(4, 13), P(4, 3), spot_cell(g, mark), cells + 1);
  snprintf(line, sizeof line, "adjust 5 to %02d,%02d", far.x, far.y);
  bad_line(g, line, why, sizeof why);
  snprintf(line, sizeof line, "it may adjust %d cell", cells);
  assert_non_null(strstr(why, line));
  snprintf(line, sizeof line, "adjust 5 to %02d,%02d", where.x, where.y);
  ok_line(g, line);
  place_all(g);
  assert_true(mk_intel_adjust_due(g, MURK_ATTACKER) < 0);
  char text[40];
  snprintf(text, sizeof text, "(%d cell", cells);
  if (count_kind(g, mark, MURK_EV_MOVE, "adjusts") != 1 ||
      count_kind(g, mark, MURK_EV_MOVE, text) != 1)
    dump_events(g, mark);
  assert_int_equal(count_kind(g, mark, MURK_EV_MOVE, "adjusts"), 1);
  assert_int_equal(count_kind(g, mark, MURK_EV_MOVE, text), 1);
  const struct mk_marker* xm = marker_no(g, x);
  assert_true(murk_pos_eq(xm->pos, where));
  /* 27.3.1: every team within three hexes of its leader, none beyond the enemy. */
  const struct mk_state* s = &g->s;
  for (int k = 0; k < s->nunits[MURK_ATTACKER]; k++) {
    const struct mk_unit_state* u = &s->units[MURK_ATTACKER][k];
    if (u->state != MURK_PLATOON_REVEALED) continue;
    for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
      struct murk_pos p = s->teams[MURK_ATTACKER][t].pos;
      assert_true(s->teams[MURK_ATTACKER][t].placed);
      assert_true(murk_geom_distance(&m->grid, p, where) <= 3);
      for (int e = 0; e < s->nteams[MURK_DEFENDER]; e++)
        if (s->teams[MURK_DEFENDER][e].placed)
          assert_false(mk_intel_beyond(&m->grid, where, s->teams[MURK_DEFENDER][e].pos, p));
    }
  }
  /* The stationary wing was placed first, not beyond the mover's leader. */
  const struct mk_marker* ym = marker_no(g, g->s.units[MURK_DEFENDER][0].marker);
  int placed = 0;
  for (int t = 0; t < s->nteams[MURK_DEFENDER]; t++)
    if (s->teams[MURK_DEFENDER][t].placed) {
      placed++;
      assert_true(murk_geom_distance(&m->grid, s->teams[MURK_DEFENDER][t].pos, ym->pos) <= 3);
      assert_false(mk_intel_beyond(&m->grid, ym->pos, xm->pos, s->teams[MURK_DEFENDER][t].pos));
    }
  assert_int_equal(placed, 6);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_adjustment_limits(void** st) {
  (void)st;
  /* 6 + 2 against 1 + 2: wins by 5, adjusts the most, 3 hexes, along its orders. */
  adjust_case(6, 1, 3);
  /* 3 + 2 against 2 + 2: wins by 1, adjusts 1 hex. */
  adjust_case(3, 2, 1);
}

/* 27.3.1: a wing deploying right against the enemy fills the cells around its leader but
 * none beyond the enemy (a dummy leader counts: it is all the wing can see). */
static void test_placement_never_beyond(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g = deployed(m, 1, "deploy 1 at 19,02\ndeploy dummy at 08,07\n" DEF_FAR,
                                 "deploy 1 at 08,08\ndeploy 5 at 19,15\n");
  struct murk_pos leader = P(8, 8), enemy = P(8, 7);
  ok_line(g, "reveal 1");
  const struct mk_state* s = &g->s;
  int placed = 0, beyond_cells = 0;
  for (int k = 0; k < 4; k++) {
    const struct mk_unit_state* u = &s->units[MURK_ATTACKER][k];
    assert_int_equal(u->state, MURK_PLATOON_REVEALED);
    for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
      struct murk_pos p = s->teams[MURK_ATTACKER][t].pos;
      assert_true(s->teams[MURK_ATTACKER][t].placed);
      assert_true(murk_geom_distance(&m->grid, p, leader) <= 3);
      assert_false(mk_intel_beyond(&m->grid, leader, enemy, p));
      placed++;
    }
  }
  assert_int_equal(placed, 12);
  /* The rule had something to forbid: free cells beyond the dummy, near the leader. */
  for (int y = 4; y < 8; y++)
    for (int x = 5; x < 12; x++)
      if (murk_geom_distance(&m->grid, P(x, y), leader) <= 2 &&
          mk_intel_beyond(&m->grid, leader, enemy, P(x, y)))
        beyond_cells++;
  assert_true(beyond_cells >= 3);
  /* Then its units see the dummy next to them: it is removed. */
  assert_false(marker_no(g, s->units[MURK_DEFENDER][0].marker + 1)->on_table);
  murk_game_free(g);
  murk_mission_free(m);
}

/* Knowledge discipline (docs/rules.md, "Hidden contact"): a wing's units are placed on what
 * the side knows. A cell the placement takes that holds an enemy team the side last saw
 * elsewhere is a public contact, the team goes elsewhere and the command is final. */
static void test_placement_meets_hidden_enemy(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g =
      deployed(m, 1, "deploy 1 at 04,01\n" DEF_FAR, "deploy 1 at 08,08\ndeploy 5 at 19,15\n");
  end_turn(g);
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  ok_line(g, "reveal 4"); /* West Wing: its teams go down round 17,00, in public */
  end_turn(g);
  assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
  /* One of them has since gone, unseen, to the cell of a Dis counter of the attacker's Big
   * Wing, where the wing's second platoon would put its first team. */
  struct mk_state* s = &g->s;
  const struct mk_unit_state* w = &s->units[MURK_DEFENDER][3];
  int t = w->first_team;
  const struct mk_marker* big = marker_no(g, s->units[MURK_ATTACKER][0].marker);
  struct murk_pos at = big->dis[0];
  assert_true(s->seen_team[MURK_ATTACKER][t].known);
  struct murk_pos last_seen = s->teams[MURK_DEFENDER][t].pos;
  s->teams[MURK_DEFENDER][t].pos = at;
  s->seen_team[MURK_ATTACKER][t].seen = false;
  assert_true(murk_pos_eq(s->seen_team[MURK_ATTACKER][t].pos, last_seen));
  size_t mark = mk_game_event_count(g);
  ok_line(g, "reveal 1");
  assert_int_equal(count_kind(g, mark, MURK_EV_SPOT, "contact: attacker P"), 1);
  /* Both know where the other stands; no attacker team is on the enemy's cell. */
  assert_true(murk_pos_eq(s->teams[MURK_DEFENDER][t].pos, at));
  assert_true(murk_pos_eq(s->seen_team[MURK_ATTACKER][t].pos, at));
  enum murk_side who;
  int tt;
  assert_true(mk_team_at(s, at, &who, &tt));
  assert_int_equal(who, MURK_DEFENDER);
  for (int k = 0; k < 4; k++)
    assert_int_equal(s->units[MURK_ATTACKER][k].state, MURK_PLATOON_REVEALED);
  assert_false(murk_game_undoable(g));
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_beyond(void** st) {
  (void)st;
  struct murk_grid grid = {MURK_GRID_HEX, 20, 20};
  struct murk_pos leader = P(10, 10), enemy = P(10, 8);
  /* Straight on through the enemy, and the wedge behind it. */
  assert_true(mk_intel_beyond(&grid, leader, enemy, P(10, 6)));
  assert_true(mk_intel_beyond(&grid, leader, enemy, P(10, 7)));
  assert_true(mk_intel_beyond(&grid, leader, enemy, P(9, 7)));
  assert_true(mk_intel_beyond(&grid, leader, enemy, P(10, 5)));
  assert_false(mk_intel_beyond(&grid, leader, enemy, P(11, 7)));
  /* Beside it, short of it, behind the leader: not beyond. */
  assert_false(mk_intel_beyond(&grid, leader, enemy, P(12, 8)));
  assert_false(mk_intel_beyond(&grid, leader, enemy, P(10, 9)));
  assert_false(mk_intel_beyond(&grid, leader, enemy, P(10, 12)));
  assert_false(mk_intel_beyond(&grid, leader, enemy, enemy));
  /* Adjacent to the enemy is allowed (27.3.1). */
  assert_false(mk_intel_beyond(&grid, leader, enemy, P(11, 9)));
}

static void test_ratings(void** st) {
  (void)st;
  static const char yaml[] = LI_HEAD LI_MAP_WOODS
      "deployment:\n  attacker: {half: south}\n  defender: {half: north}\n"
      "rules:\n  limited_intelligence: {}\n"
      "forces:\n"
      "  attacker:\n"
      "    command_rating: 3\n"
      "    leader_rating: 5\n"
      "    profiles: {foot: {move: 3hex, range: 2hex}}\n"
      "    platoons:\n"
      "      - {name: A1, command_distance: 1hex, teams: [{profile: foot}], wing: W1}\n"
      "      - {name: A2, command_distance: 1hex, teams: [{profile: foot}], wing: W1,\n"
      "         flags: [commander]}\n"
      "      - {name: B1, command_distance: 1hex, teams: [{profile: foot}], wing: W2,\n"
      "         command_rating: 4}\n"
      "      - {name: B2, command_distance: 1hex, teams: [{profile: foot}], wing: W2}\n"
      "      - {name: C1, command_distance: 1hex, teams: [{profile: foot}], command_rating: 6,\n"
      "         flags: [commander]}\n"
      "  defender: {profiles: {}, platoons: []}\n";
  struct murk_mission* m = load_yaml(yaml);
  struct murk_game* g = new_game(m, 1);
  bool cmd = false;
  int units[MK_MAX_UNITS];
  assert_int_equal(mk_intel_wing_units(g, MURK_ATTACKER, 0, units), 2);
  assert_int_equal(mk_intel_wing_units(g, MURK_ATTACKER, 4, units), 1);
  /* The army commander's 5 beats the force's 3. */
  assert_int_equal(mk_intel_rating(g, MURK_ATTACKER, 0, &cmd), 5);
  assert_true(cmd);
  /* A wing's own rating (its platoons' highest) replaces the force's. */
  assert_int_equal(mk_intel_rating(g, MURK_ATTACKER, 3, &cmd), 4);
  assert_false(cmd);
  /* The commander's rating only when it is higher. */
  assert_int_equal(mk_intel_rating(g, MURK_ATTACKER, 4, &cmd), 6);
  assert_false(cmd);
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- several wings (27.5) ---- */

static void test_multiple_spottings_one_roll(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g =
      deployed(m, 1,
               "deploy 1 at 01,02\ndeploy 1 at 00,02\ndeploy 1 at 02,02\n"
               "deploy 4 at 08,02\ndeploy 4 at 07,02\ndeploy 4 at 09,02\ndeploy 3 at 19,00\n",
               ATT_FAR "deploy 5 at 04,14\ndeploy 5 at 03,14\ndeploy 5 at 05,14\n");
  size_t mark = mk_game_event_count(g);
  ok_line(g, "move 5 to 04,06");
  settle(g);
  if (count_kind(g, mark, MURK_EV_ROLL, NULL) != 2) dump_events(g, mark);
  /* One deployment roll each side for all the wings spotted. */
  assert_int_equal(count_kind(g, mark, MURK_EV_ROLL, NULL), 2);
  assert_int_equal(count_kind(g, mark, MURK_EV_INFO, "deploys on the same roll"), 1);
  assert_int_equal(g->s.units[MURK_DEFENDER][0].state, MURK_PLATOON_REVEALED);
  assert_int_equal(g->s.units[MURK_DEFENDER][1].state, MURK_PLATOON_REVEALED);
  assert_int_equal(g->s.units[MURK_DEFENDER][3].state, MURK_PLATOON_REVEALED);
  assert_int_equal(g->s.units[MURK_DEFENDER][2].state, MURK_PLATOON_HIDDEN);
  murk_game_free(g);
  murk_mission_free(m);
}

/* 27.5: enemy units standing in the way hide the wings behind them. North Wing waits
 * beyond the cliffs, seen from the south only through the gap; the attacker's horse
 * rides up to seven hexes from it. With West Wing's units standing in the gap it is not
 * spotted; without them it is. */
static void units_hide_case(bool blocked) {
  struct murk_mission* m = load_yaml(li_gap_mission);
  struct murk_game* g =
      deployed(m, 1,
               blocked ? "deploy 1 at 15,02\ndeploy 4 at 15,06\ndeploy 3 at 00,00\n"
                       : "deploy 1 at 15,02\ndeploy 4 at 00,03\ndeploy 3 at 00,00\n",
               ATT_FAR "deploy 5 at 15,14\n");
  /* The attacker's horse shows itself where it stands; its teams see West Wing in the
   * gap, which deploys there. */
  ok_line(g, "reveal 5");
  place_all(g);
  end_turn(g);
  end_turn(g);
  const struct mk_state* s = &g->s;
  if (blocked) {
    const struct mk_unit_state* u = &s->units[MURK_DEFENDER][3];
    assert_true(murk_pos_eq(s->teams[MURK_DEFENDER][u->first_team].pos, P(15, 6)));
    assert_true(murk_pos_eq(s->teams[MURK_DEFENDER][u->first_team + 1].pos, P(15, 5)));
  }
  size_t mark = mk_game_event_count(g);
  ok_line(g, "move 5 to 15,09");
  const struct mk_marker* y = marker_no(g, s->units[MURK_DEFENDER][0].marker);
  assert_true(mk_nearest_of_side(g, MURK_ATTACKER, y->pos, NULL) <= 7);
  if (blocked) {
    assert_int_equal(count_kind(g, mark, MURK_EV_SPOT, NULL), 0);
    assert_true(y->on_table);
    assert_int_equal(s->units[MURK_DEFENDER][0].state, MURK_PLATOON_HIDDEN);
  } else {
    assert_int_equal(count_kind(g, mark, MURK_EV_SPOT, "spots defender T"), 1);
    assert_false(y->on_table);
    assert_int_equal(s->units[MURK_DEFENDER][0].state, MURK_PLATOON_REVEALED);
  }
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_units_hide_wings_beyond(void** st) {
  (void)st;
  units_hide_case(false);
  units_hide_case(true);
}

/* ---- voluntary deployment (27.4) and deployed units spotting ---- */

static void test_voluntary_deployment(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g = deployed(m, 1, "deploy 1 at 19,02\n" DEF_FAR,
                                 "deploy 1 at 04,14\ndeploy 5 at 12,14\ndeploy dummy at 8,15\n");
  char why[200];
  int big = g->s.units[MURK_ATTACKER][0].marker;
  int fast = g->s.units[MURK_ATTACKER][4].marker;
  /* Big Wing moves 3: more than half of 3 (2, rounded up): too far to deploy. */
  ok_line(g, "move 1 to 04,11");
  bad_line(g, "reveal 1", why, sizeof why);
  assert_non_null(strstr(why, "at most half"));
  /* Fast Wing moves 5 of 10: it may. */
  ok_line(g, "move 5 to 12,09");
  ok_line(g, "reveal 5");
  assert_false(marker_no(g, fast)->on_table);
  const struct mk_state* s = &g->s;
  for (int k = 4; k < 6; k++) {
    const struct mk_unit_state* u = &s->units[MURK_ATTACKER][k];
    assert_int_equal(u->state, MURK_PLATOON_REVEALED);
    assert_true(u->moved);
    for (int t = u->first_team; t < u->first_team + u->nteams; t++)
      assert_true(murk_geom_distance(&m->grid, s->teams[MURK_ATTACKER][t].pos, P(12, 9)) <= 3);
  }
  /* A dummy may be given up. */
  char line[40];
  snprintf(line, sizeof line, "reveal T%d", big + 2);
  ok_line(g, line);
  assert_false(marker_no(g, big + 2)->on_table);
  ok_line(g, "end"); /* shooting */
  bad_line(g, "reveal 1", why, sizeof why);
  assert_non_null(strstr(why, "movement step"));
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_deployed_units_spot_leaders(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g = deployed(m, 1, "deploy dummy at 01,03\ndeploy 1 at 08,01\n" DEF_FAR,
                                 ATT_FAR "deploy 5 at 04,15\n");
  int dummy = 1;
  ok_line(g, "reveal 5"); /* Fast Wing deploys where it stands */
  end_turn(g);
  end_turn(g);
  /* Its first platoon rides north: the dummy is spotted first (nearer) and removed, then
   * North Wing deploys. */
  size_t mark = mk_game_event_count(g);
  ok_line(g, "move 5 to 04,08");
  if (marker_no(g, dummy)->on_table) dump_events(g, mark);
  assert_false(marker_no(g, dummy)->on_table);
  assert_int_equal(count_kind(g, mark, MURK_EV_REVEAL, "was a dummy leader"), 1);
  assert_int_equal(g->s.units[MURK_DEFENDER][0].state, MURK_PLATOON_REVEALED);
  assert_int_equal(count_kind(g, mark, MURK_EV_ROLL, NULL), 0);
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- Dis counters moved by their owner: `dis` (27.1.2, 27.1.4, 27.1.6) ---- */

static void test_dis_parse(void** st) {
  (void)st;
  struct murk_command c;
  char err[200];
  int col = 0;
  assert_int_equal(murk_command_parse("DIS t3 TO 4,5 6, 5", &c, err, sizeof err, &col), 1);
  assert_int_equal(c.kind, MURK_CMD_DIS);
  assert_int_equal(c.unit.kind, MURK_REF_MARKER);
  assert_int_equal(c.unit.n, 3);
  assert_true(murk_pos_eq(c.at, P(4, 5)) && murk_pos_eq(c.at2, P(6, 5)));
  char line[80];
  assert_int_equal(murk_command_format(&c, line, sizeof line), MURK_OK);
  assert_string_equal(line, "dis T3 to 04,05 06,05");
  assert_int_equal(murk_command_parse("dis 2 to 1,1 2,2", &c, err, sizeof err, &col), 1);
  assert_int_equal(c.unit.kind, MURK_REF_OWN);
  /* Both cells are needed, and nothing after them. */
  assert_int_equal(murk_command_parse("dis 2 to 1,1", &c, err, sizeof err, &col), MURK_EINVAL);
  assert_string_equal(err, "expected two positions after 'to', like 12,07 13,08");
  assert_int_equal(col, 13);
  assert_int_equal(murk_command_parse("dis 2 to 1,1 x", &c, err, sizeof err, &col), MURK_EINVAL);
  assert_string_equal(err, "expected a position like 12,07, got 'x'");
  assert_int_equal(col, 14);
  assert_int_equal(murk_command_parse("dis 2 to 1,1 2,2 3,3", &c, err, sizeof err, &col),
                   MURK_EINVAL);
  assert_non_null(strstr(err, "unexpected '3,3'"));
  /* An own revealed platoon by its roster's P-handle: the game says whether it has a leader. */
  assert_int_equal(murk_command_parse("dis P2 to 1,1 2,2", &c, err, sizeof err, &col), 1);
  assert_int_equal(c.unit.kind, MURK_REF_PLATOON);
}

/* The event that says a leader's Dis counters moved, since `from`: public. */
static const struct murk_event* dis_event(const struct murk_game* g, size_t from) {
  for (size_t i = from; i < mk_game_event_count(g); i++) {
    const struct murk_event* e = mk_game_event(g, i);
    if (e->kind == MURK_EV_MOVE && strstr(e->text, "Dis counters move")) return e;
  }
  return NULL;
}

#define DIS_DEF "deploy 1 at 15,00\n" DEF_FAR
/* T4 Big Wing (move 3, Dis within 2), T5 Fast Wing (move 10, small: within 1), T6 a
 * dummy. */
#define DIS_ATT                                                                               \
  "deploy 1 at 03,14\ndeploy 1 at 01,14\ndeploy 1 at 05,14\ndeploy 5 at 09,15\ndeploy dummy " \
  "at 15,15\n"

static void test_dis_moves_the_counters(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g = deployed(m, 1, DIS_DEF, DIS_ATT);
  char why[200];
  const struct mk_marker* bm = marker_no(g, 4);
  assert_true(murk_pos_eq(bm->dis[0], P(1, 14)) && murk_pos_eq(bm->dis[1], P(5, 14)));
  /* In place of the leader's move: it stays, the counters go where they are told. The
   * cells are taken crossed over here (01,14 to 04,13 would be four cells, one too many). */
  size_t mark = mk_game_event_count(g);
  ok_line(g, "dis 1 to 04,13 01,13");
  assert_true(murk_pos_eq(bm->pos, P(3, 14)));
  assert_true(murk_pos_eq(bm->dis[0], P(1, 13)) && murk_pos_eq(bm->dis[1], P(4, 13)));
  const struct murk_event* e = dis_event(g, mark);
  assert_non_null(e);
  assert_int_equal(e->audience, MURK_AUD_ALL);
  assert_int_equal(e->marker, 4);
  assert_string_equal(e->text,
                      "attacker T4's Dis counters move 01,14 and 05,14 -> 01,13 and 04,13");
  assert_int_equal(count_kind(g, mark, MURK_EV_SPOT, NULL), 0);
  /* The enemy's view shows the counters where they now stand. */
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_DEFENDER, &v), MURK_OK);
  const struct murk_view_marker* vm = murk_view_marker_by_number(v, MURK_ATTACKER, 4);
  assert_non_null(vm);
  assert_int_equal(vm->ndis, 2);
  assert_true(murk_pos_eq(vm->dis[0], P(1, 13)) && murk_pos_eq(vm->dis[1], P(4, 13)));
  murk_view_free(v);
  /* Once a step, and the leader has had its move. */
  refused(g, "dis T4 to 02,13 04,13", "T4's Dis counters have already moved this step");
  bad_line(g, "move 1 to 03,12", why, sizeof why);
  assert_non_null(strstr(why, "T4's Dis counters have moved this step, so T4 stays"));
  /* 27.4 counts the farthest counter's move: one cell, within half of 3. */
  assert_int_equal(bm->moved_cells, 1);

  /* Next turn, the leader staying: one counter goes three cells, so (27.4) the wing has
   * moved more than half its allowance and may not deploy of its own accord. */
  end_turn(g);
  end_turn(g);
  ok_line(g, "dis 1 to 01,13 02,15");
  assert_int_equal(bm->moved_cells, 3);
  refused(g, "reveal 1",
          "T4 has moved 3 cells this turn; a wing that deploys of its own accord may "
          "first move at most half its allowance (2)");

  /* The turn after: the leader moves first, the counters following; then they move again,
   * counted from where they stood when the step began. */
  end_turn(g);
  end_turn(g);
  ok_line(g, "move 1 to 03,11");
  assert_true(murk_pos_eq(bm->pos, P(3, 11)));
  assert_true(murk_pos_eq(bm->dis[0], P(2, 10)) && murk_pos_eq(bm->dis[1], P(3, 12)));
  assert_true(murk_pos_eq(bm->dis_start[0], P(1, 13)) && murk_pos_eq(bm->dis_start[1], P(2, 15)));
  /* 04,09 is three cells from the counter's place now, but six from 02,15, where it
   * stood. */
  assert_int_equal(murk_geom_distance(&m->grid, bm->dis[1], P(4, 9)), 3);
  refused(g, "dis 1 to 02,10 04,09",
          "the Dis counter that stood at 02,15 when the step began would move 6 cells "
          "to 04,09; T4's Dis counters may move 3 (its wing's slowest team)");
  ok_line(g, "dis 1 to 02,10 03,13");
  assert_true(murk_pos_eq(bm->dis[0], P(2, 10)) && murk_pos_eq(bm->dis[1], P(3, 13)));

  /* On the move a small wing's counters may spread to two cells like any wing's (27.1.4),
   * though it set them up within one (27.1.2); three is too far. */
  ok_line(g, "move 5 to 09,11");
  refused(g, "dis 5 to 09,08 10,11",
          "09,08 is 3 cells from T5; its Dis counters stay within 2 cells of it");
  ok_line(g, "dis 6 to 09,09 10,11");
  /* A dummy's counters go as far as the dummy may (the refusal names the dummy: it is the
   * owner's alone). */
  ok_line(g, "move T6 to 05,15");
  size_t mark2 = mk_game_event_count(g);
  refused(g, "dis T6 to 03,15 06,14",
          "the Dis counter that stood at 14,15 when the step began would move 11 cells "
          "to 03,15; T6's Dis counters may move 10 (a dummy leader: the fastest wing "
          "you have on the table)");
  assert_int_equal(mk_game_event_count(g), mark2);
  ok_line(g, "dis T6 to 05,14 06,15");
  murk_game_free(g);
  murk_mission_free(m);
}

/* Every refusal says why and changes nothing; none is told to the enemy. */
static void test_dis_refusals(void** st) {
  (void)st;
  char why[200];
  /* Not a Limited Intelligence mission. */
  struct murk_mission* fog = load_yaml(TF_MISSION);
  struct murk_game* fg = new_game(fog, 1);
  bad_line(fg, "dis 1 to 01,01 02,02", why, sizeof why);
  assert_string_equal(why,
                      "Dis counters belong to Limited Intelligence, which this mission "
                      "does not play");
  murk_game_free(fg);
  murk_mission_free(fog);

  struct murk_mission* m = load_yaml(li_gap_mission);
  struct murk_game* g = new_game(m, 1);
  bad_line(g, "dis 1 to 15,01 16,01", why, sizeof why);
  assert_non_null(strstr(why, "Dis counters move in your movement step (now: "));
  ok_lines(g, DIS_DEF
           "end\n"
           "deploy 1 at 03,08\ndeploy 1 at 01,08\ndeploy 1 at 05,08\ndeploy 5 at "
           "09,12\ndeploy dummy at 12,14\nend");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  unsigned long long before = game_fingerprint(g);
  size_t events = mk_game_event_count(g);
  struct mk_state saved = g->s;

  static const struct {
    const char* line;
    const char* why;
  } cases[] = {
      {"dis T1 to 15,01 16,01", "T1 is an enemy marker, not one of yours"},
      {"dis 1 to 03,06 05,08", "a Dis counter cannot stand in the cliffs at 03,06"},
      {"dis 1 to 25,08 05,08", "25,08 is off the table"},
      {"dis 1 to 03,08 05,08", "a Dis counter stands beside its leader T4, not under it"},
      {"dis 1 to 06,08 05,08",
       "06,08 is 3 cells from T4; its Dis counters stay within 2 cells of it"},
      {"dis 5 to 09,09 10,12",
       "09,09 is 3 cells from T5; its Dis counters stay within 2 cells of it"},
      {"dis 1 to 04,08 04,08", "T4's two Dis counters cannot both stand at 04,08"},
      {"dis 1 to 05,08 01,08", "T4's Dis counters are already at 01,08 and 05,08"},
      /* Too far for the wing, either way round: said to the owner only. */
      {"dis 1 to 04,07 04,09",
       "the Dis counter that stood at 01,08 when the step began would move 4 cells to 04,07; T4's "
       "Dis counters may move 3 (its wing's slowest team)"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    bad_line(g, cases[i].line, why, sizeof why);
    if (strcmp(why, cases[i].why) != 0) fprintf(stderr, "%s: %s\n", cases[i].line, why);
    assert_string_equal(why, cases[i].why);
  }
  assert_int_equal(mk_game_event_count(g), events);
  assert_int_equal(game_fingerprint(g), before);
  assert_memory_equal(&g->s, &saved, sizeof saved);

  /* A deployed wing has no counters left. */
  ok_line(g, "reveal 5");
  bad_line(g, "dis 5 to 09,11 10,12", why, sizeof why);
  assert_non_null(strstr(why, "platoon 5 (Elm Horse) has deployed"));
  refused(g, "dis T5 to 09,11 10,12",
          "platoon 5 (Elm Horse) has deployed: its wing's Dis counters are gone");
  ok_line(g, "end");
  refused(g, "dis 1 to 02,08 04,08",
          "Dis counters move in your movement step (now: the shooting step)");
  /* The enemy heard nothing of any of it. */
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_DEFENDER, &v), MURK_OK);
  for (size_t i = 0; i < v->nevents; i++) {
    assert_null(strstr(v->events[i].text, "dummy"));
    assert_null(strstr(v->events[i].text, "may move"));
  }
  murk_view_free(v);
  murk_game_free(g);
  murk_mission_free(m);
}

/* 27.1.6: a Dis counter that comes within seven hexes of the enemy, with a clear line,
 * has its wing spotted like a moving leader; behind the woods it is not. */
static void dis_spot_case(bool clear) {
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g = clear ? wings_in_column(m, 4, 10) : wings_in_column(m, 15, 10);
  int y = g->s.units[MURK_DEFENDER][0].marker, x = g->s.units[MURK_ATTACKER][4].marker;
  assert_int_equal(footprint_distance(g, marker_no(g, x), marker_no(g, y)), 8);
  size_t mark = mk_game_event_count(g);
  ok_line(g, clear ? "dis 5 to 04,09 05,10" : "dis 5 to 15,09 16,10");
  settle(g);
  if (!clear) {
    wings_unspotted(g, mark, 7);
    assert_int_equal(g->s.units[MURK_ATTACKER][4].state, MURK_PLATOON_HIDDEN);
    murk_game_free(g);
    murk_mission_free(m);
    return;
  }
  /* The move is told first, then the spotting it brought: both wings are real, both roll,
   * and both deploy; the cavalry's units take the counters' cells. */
  const struct murk_event* e = dis_event(g, mark);
  assert_non_null(e);
  for (size_t i = mark; i < mk_game_event_count(g); i++) {
    const struct murk_event* f = mk_game_event(g, i);
    if (f->kind == MURK_EV_SPOT) assert_true(f->seq > e->seq);
  }
  assert_int_equal(
      count_kind(g, mark, MURK_EV_SPOT, "attacker T5 is spotted by defender T1 at 7 cells"), 1);
  assert_int_equal(count_kind(g, mark, MURK_EV_ROLL, "deployment roll"), 2);
  wings_spotted(g);
  const struct mk_unit_state* u = &g->s.units[MURK_ATTACKER][5];
  assert_true(murk_pos_eq(g->s.teams[MURK_ATTACKER][u->first_team].pos, P(4, 9)));
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_dis_spotting(void** st) {
  (void)st;
  dis_spot_case(true);
  dis_spot_case(false);
}

/* A stationary dummy seen by a Dis counter is removed, and the wing stays hidden where it
 * is; a moving dummy seen through its counter goes first. */
static void test_dis_spots_dummies(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g = deployed(m, 1, "deploy 1 at 08,01\ndeploy dummy at 04,02\n" DEF_FAR,
                                 ATT_FAR
                                 "deploy 5 at 04,10\ndeploy dummy at 09,10\ndeploy dummy at 08,10\n"
                                 "deploy dummy at 10,10\n");
  int x = g->s.units[MURK_ATTACKER][4].marker;
  int dummy = g->s.units[MURK_DEFENDER][0].marker + 1;
  size_t mark = mk_game_event_count(g);
  ok_line(g, "dis 5 to 04,09 05,10");
  assert_false(marker_no(g, dummy)->on_table);
  assert_int_equal(count_kind(g, mark, MURK_EV_REVEAL, "was a dummy leader"), 1);
  assert_int_equal(count_kind(g, mark, MURK_EV_SPOT, "turned face down again"), 1);
  assert_int_equal(count_kind(g, mark, MURK_EV_ROLL, NULL), 0);
  const struct mk_marker* xm = marker_no(g, x);
  assert_true(xm->on_table);
  assert_false(xm->revealed);
  assert_true(murk_pos_eq(xm->pos, P(4, 10)));
  assert_int_equal(g->s.units[MURK_ATTACKER][4].state, MURK_PLATOON_HIDDEN);
  /* The attacker's dummy pushes a counter to seven cells from North Wing, over open
   * ground: it is found out and removed; North Wing stays hidden. */
  int own = x + 1;
  char line[48];
  mark = mk_game_event_count(g);
  snprintf(line, sizeof line, "dis T%d to 08,08 10,10", own);
  ok_line(g, line);
  if (marker_no(g, own)->on_table) dump_events(g, mark);
  assert_false(marker_no(g, own)->on_table);
  assert_int_equal(count_kind(g, mark, MURK_EV_REVEAL, "was a dummy leader"), 1);
  assert_int_equal(g->s.units[MURK_DEFENDER][0].state, MURK_PLATOON_HIDDEN);
  murk_game_free(g);
  murk_mission_free(m);
}

/* The counters carry the footprint with them: moved a cell forward (out of sight still),
 * they are what an enemy leader now spots at seven hexes. */
static void test_dis_footprint_moves(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g = wings_in_column(m, 4, 13);
  int y = g->s.units[MURK_DEFENDER][0].marker, x = g->s.units[MURK_ATTACKER][4].marker;
  ok_line(g, "dis 5 to 04,12 05,13");
  end_turn(g);
  /* North Wing marches three hexes south: its leader at 04,05 is seven from the counter
   * at 04,12 and eight from where the counters stood. It moves, so it is turned over
   * first. */
  size_t mark = mk_game_event_count(g);
  ok_line(g, "move 1 to 04,05");
  char text[64];
  snprintf(text, sizeof text, "defender T%d is spotted by attacker T%d at 7 cells", y, x);
  if (count_kind(g, mark, MURK_EV_SPOT, text) != 1) dump_events(g, mark);
  assert_int_equal(count_kind(g, mark, MURK_EV_SPOT, text), 1);
  assert_int_equal(count_kind(g, mark, MURK_EV_ROLL, "deployment roll"), 2);
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- the deployment prompt (27.1.2) ---- */

static void prompt_is(const struct murk_game* g, enum murk_side side, const char* want) {
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, side, &v), MURK_OK);
  if (strcmp(v->prompt, want) != 0) fprintf(stderr, "prompt: %s\n", v->prompt);
  assert_string_equal(v->prompt, want);
  assert_true(strlen(v->prompt) + 1 < sizeof v->prompt); /* never cut short */
  murk_view_free(v);
}

static void test_deploy_prompt(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(li_mission);
  struct murk_game* g = new_game(m, 1);
  prompt_is(g, MURK_DEFENDER,
            "defender: deploy a leader (deploy N|dummy at X,Y), then its 2 Dis counters the same "
            "way (4 platoons, 2 dummies left); 'end' when done");
  prompt_is(g, MURK_ATTACKER, "waiting: the defender deploys");
  ok_line(g, "deploy 2 at 15,02");
  prompt_is(g, MURK_DEFENDER,
            "defender: place T1's Dis counter 1 of 2 (deploy 1 at X,Y, within 1 cell of T1), or "
            "they go down beside it");
  ok_line(g, "deploy 1 at 14,02");
  prompt_is(g, MURK_DEFENDER,
            "defender: place T1's Dis counter 2 of 2 (deploy 1 at X,Y, within 1 cell of T1), or "
            "they go down beside it");
  ok_line(g, "deploy 2 at 16,02");
  ok_line(g, "deploy dummy at 05,03");
  prompt_is(g, MURK_DEFENDER,
            "defender: place T2's Dis counter 1 of 2 (deploy dummy at X,Y, within 2 cells of T2), "
            "or they go down beside it");
  prompt_is(g, MURK_ATTACKER, "waiting: the defender deploys");
  ok_lines(g, "deploy 3 at 10,03\ndeploy 4 at 17,01\nend");
  prompt_is(g, MURK_ATTACKER,
            "attacker: deploy a leader (deploy N|dummy at X,Y), then its 2 Dis counters the same "
            "way (6 platoons, 2 dummies left); 'end' when done");
  murk_game_free(g);
  murk_mission_free(m);

  /* The bundled mission's larger force still fits on one line. */
  struct murk_diags d;
  assert_int_equal(murk_mission_load(MURK_SOURCE_DIR "/data/missions/li-hohenfeld.yaml", &m, &d),
                   MURK_OK);
  g = new_game(m, 1);
  prompt_is(g, MURK_DEFENDER,
            "defender: deploy a leader (deploy N|dummy at X,Y), then its 2 Dis counters the same "
            "way (9 platoons, 2 dummies left); 'end' when done");
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- nothing hidden leaks (test_support.h's leak watcher, on the bundled mission) ---- */

#define LEAK_SEEDS TEST_COUNT(150, 40)
#define LEAK_ATTEMPTS 500
#define LEAK_APPLIED 200

/* A command for the side to act from its own view: deployments near what it has down,
 * moves of its leaders and platoons (toward the enemy, mostly), its leaders' Dis counters
 * moved, reveals, shots, `end`. */
static struct murk_command random_command(struct murk_rng* r, const struct murk_view* v) {
  struct murk_command c;
  memset(&c, 0, sizeof c);
  enum murk_side side = v->to_act;
  int roll = rand_pick(r, 100);
  struct view_picks p;
  view_picks(v, side, &p);
  int dir = side == MURK_ATTACKER ? -1 : 1;
  if (v->phase == MURK_PHASE_DEPLOY) {
    c.kind = MURK_CMD_DEPLOY;
    c.at.x = rand_pick(r, v->grid.width);
    c.at.y = side == MURK_ATTACKER ? v->grid.height - 1 - rand_pick(r, 7) : rand_pick(r, 7);
    if (p.nown > 0 && roll < 40) c.at = rand_near_cell(r, v->markers[p.own[p.nown - 1]].pos, 2);
    if (roll < 8 || (p.nwait == 0 && roll < 50)) {
      c.kind = MURK_CMD_END;
    } else if (roll < 30 || p.nwait == 0) {
      c.unit.kind = MURK_REF_DUMMY;
    } else {
      c.unit.kind = MURK_REF_OWN;
      c.unit.n = v->platoons[p.waiting[rand_pick(r, p.nwait)]].index + 1;
    }
    return c;
  }
  if (roll < 20) {
    c.kind = MURK_CMD_END;
    return c;
  }
  if (roll < 26 && p.nown > 0) {
    c.kind = MURK_CMD_REVEAL;
    c.unit.kind = MURK_REF_MARKER;
    c.unit.n = v->markers[p.own[rand_pick(r, p.nown)]].number;
    return c;
  }
  switch (v->step) {
    case MURK_STEP_MOVEMENT: {
      if (p.nown > 0 && roll < 36) {
        /* Dis counters moved by their owner: around the leader, one a row toward the
         * enemy; now and then too far, or refused for another reason. */
        const struct murk_view_marker* mk = &v->markers[p.own[rand_pick(r, p.nown)]];
        c.kind = MURK_CMD_DIS;
        c.unit.kind = MURK_REF_MARKER;
        c.unit.n = mk->number;
        c.at = rand_near_cell(r, P(mk->pos.x, mk->pos.y + dir), 2);
        c.at2 = rand_near_cell(r, mk->pos, 2);
        return c;
      }
      c.kind = MURK_CMD_MOVE;
      struct murk_pos from;
      if (!rand_mover(r, v, &p, &c, &from)) {
        c.kind = MURK_CMD_END;
        return c;
      }
      from.y += dir * rand_pick(r, 5);
      c.at = rand_near_cell(r, from, 3);
      return c;
    }
    case MURK_STEP_SHOOTING:
      c.kind = MURK_CMD_SHOOT;
      break;
    default:
      c.kind = MURK_CMD_ASSAULT;
      break;
  }
  c.unit.kind = MURK_REF_OWN;
  c.unit.n =
      p.nrev > 0 ? v->platoons[p.revealed[rand_pick(r, p.nrev)]].index + 1 : 1 + rand_pick(r, 11);
  if (p.nenemy > 0) {
    const struct murk_view_marker* e = &v->markers[p.enemy[rand_pick(r, p.nenemy)]];
    c.target.kind = e->revealed ? MURK_REF_PLATOON : MURK_REF_MARKER;
    c.target.n = e->number;
  } else {
    c.target.kind = MURK_REF_MARKER;
    c.target.n = 1 + rand_pick(r, 20);
  }
  return c;
}

/* test_support.h's leak watcher, taught Limited Intelligence: a wing's name is public
 * once it deploys (its units follow in the same command), and the event that says so
 * names only the wing. */
static bool wing_event(const struct murk_game* g, struct leak_watcher* w,
                       const struct murk_event* e) {
  enum murk_side enemy = murk_side_other(w->side);
  if (e->kind == MURK_EV_INFO && e->side == enemy && strstr(e->text, "deploys: the wing")) {
    int mi = mk_marker_index(&g->s, e->marker);
    assert_true(mi >= 0 && g->s.markers[mi].unit >= 0);
    int units[MK_MAX_UNITS];
    int n = mk_intel_wing_units(g, enemy, g->s.markers[mi].unit, units);
    /* Only the wing's name: its platoons are named by their own events. */
    char line[300];
    murk_event_format(e, line, sizeof line);
    for (int k = 0; k < n; k++) {
      const struct murk_platoon* pl = mk_unit_platoon(g, enemy, units[k]);
      assert_null(strstr(line, pl->name));
      assert_null(strstr(line, pl->type));
    }
    for (int k = 0; k < n; k++) w->revealed[units[k]] = true;
    w->reveals++;
    return true;
  }
  /* A platoon's own reveal follows its wing's: counted with the wing, not again. */
  if (e->kind == MURK_EV_REVEAL && e->side == enemy && e->marker > 0) {
    int mi = mk_marker_index(&g->s, e->marker);
    assert_true(mi >= 0);
    int k = g->s.markers[mi].unit;
    if (k >= 0) w->revealed[k] = true;
  }
  return false;
}

static void test_no_leaks_over_random_games(void** st) {
  (void)st;
  struct murk_diags d;
  struct murk_mission* m = NULL;
  assert_int_equal(murk_mission_load(MURK_SOURCE_DIR "/data/missions/li-hohenfeld.yaml", &m, &d),
                   MURK_OK);
  const struct leak_game lg = {.command = random_command,
                               .event = wing_event,
                               .salt = 5,
                               .attempts = LEAK_ATTEMPTS,
                               .applied = LEAK_APPLIED};
  struct leak_totals t = {0, 0, 0, 0};
  long spots = 0, dis = 0;
  for (uint64_t seed = 1; seed <= LEAK_SEEDS; seed++) {
    struct murk_game* g = leak_play_random_game(m, seed, &lg, &t);
    spots += count_kind(g, 0, MURK_EV_SPOT, NULL);
    dis += count_kind(g, 0, MURK_EV_MOVE, "Dis counters move");
    murk_game_free(g);
  }
  long applied_all = t.applied, reveals = t.reveals, over = t.over;
  fprintf(stderr,
          "%d games: %ld commands, %ld wings deployed, %ld spotting events, %ld Dis moves, %ld "
          "over\n",
          LEAK_SEEDS, applied_all, reveals, spots, dis, over);
  /* The games must get somewhere: wings met and deployed. */
  assert_true(applied_all > 40L * LEAK_SEEDS);
  assert_true(reveals > LEAK_SEEDS);
  assert_true(spots > LEAK_SEEDS);
  assert_true(dis > LEAK_SEEDS);
  murk_mission_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_deploy_leaders_and_dis),
      cmocka_unit_test(test_dummy_leaders),
      cmocka_unit_test(test_move_allowance),
      cmocka_unit_test(test_spot_at_seven_hexes_with_clear_sight),
      cmocka_unit_test(test_no_spot_without_line_of_sight),
      cmocka_unit_test(test_moving_dummy_spotted_first),
      cmocka_unit_test(test_stationary_dummy_removed),
      cmocka_unit_test(test_deployment_roll_tie_goes_to_stationary),
      cmocka_unit_test(test_adjustment_limits),
      cmocka_unit_test(test_beyond),
      cmocka_unit_test(test_placement_never_beyond),
      cmocka_unit_test(test_ratings),
      cmocka_unit_test(test_multiple_spottings_one_roll),
      cmocka_unit_test(test_units_hide_wings_beyond),
      cmocka_unit_test(test_voluntary_deployment),
      cmocka_unit_test(test_deployed_units_spot_leaders),
      cmocka_unit_test(test_dis_parse),
      cmocka_unit_test(test_dis_moves_the_counters),
      cmocka_unit_test(test_dis_refusals),
      cmocka_unit_test(test_dis_spotting),
      cmocka_unit_test(test_dis_spots_dummies),
      cmocka_unit_test(test_dis_footprint_moves),
      cmocka_unit_test(test_deploy_prompt),
      cmocka_unit_test(test_placement_meets_hidden_enemy),
      cmocka_unit_test(test_dummy_pace_of_a_real_wing),
      cmocka_unit_test(test_spotting_limited_by_nvr),
      cmocka_unit_test(test_fog_spot_deploys_whole_wing),
      cmocka_unit_test(test_fog_spot_from_dummy_leader),
      cmocka_unit_test(test_escalation_and_infiltrators_under_li),
      cmocka_unit_test(test_dummy_pace_under_escalation),
      cmocka_unit_test(test_deep_strike_under_li),
      cmocka_unit_test(test_deep_strike_landing_spots),
      cmocka_unit_test(test_wing_moves_at_night),
      cmocka_unit_test(test_random_deployment_under_li),
      cmocka_unit_test(test_no_leaks_over_random_games),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
