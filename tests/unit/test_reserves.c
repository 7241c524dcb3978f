/* test_reserves.c: reserves (reserves.c): nomination limits, which side may hold which
 * kind, arrival dice per turn, arrival areas (edges, corner bands, stretches picked by a
 * die, entries picked by Lost in the Fog), bringing platoons on (templates under fog of
 * war), Mobile Reserves taking what was not deployed, and Deep Strike (scatter off the
 * table, rings of teams, the keep-out from the enemy). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "board.h"
#include "event.h"
#include "reserves.h"
#include "state.h"
#include "test_support.h"

/* 16 x 12 hexes at 5cm: the defender deploys in the north half, the attacker in the
 * south; a road along row 9; cliffs at 8,5, 8,6 and 12,8. */
#define RV_HEAD                                                     \
  "name: Reserve Field\n"                                           \
  "table: {grid: hex, scale: 5cm, size: 80cm x 60cm}\n"             \
  "terrain:\n"                                                      \
  "  legend:\n"                                                     \
  "    \".\": {class: open, sight: clear, name: fields}\n"          \
  "    \"=\": {class: road, sight: clear, name: road}\n"            \
  "    \"X\": {class: impassable, sight: blocking, name: cliffs}\n" \
  "  map: |\n"                                                      \
  "    ................\n"                                          \
  "    ................\n"                                          \
  "    ................\n"                                          \
  "    ................\n"                                          \
  "    ................\n"                                          \
  "    ........X.......\n"                                          \
  "    ........X.......\n"                                          \
  "    ................\n"                                          \
  "    ............X...\n"                                          \
  "    ================\n"                                          \
  "    ................\n"                                          \
  "    ................\n"                                          \
  "deployment:\n"                                                   \
  "  attacker: {half: south}\n"                                     \
  "  defender: {half: north}\n"

/* Four platoons that count on each side, and an independent headquarters each. */
#define RV_FORCES                                                                                 \
  "forces:\n"                                                                                     \
  "  attacker:\n"                                                                                 \
  "    name: Red Force\n"                                                                         \
  "    profiles:\n"                                                                               \
  "      rifle: {move: 20cm, range: 20cm, rof: 1, skill: 4, save: 7, motivation: 4}\n"            \
  "    platoons:\n"                                                                               \
  "      - {name: Able Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 2}]}\n"    \
  "      - {name: Baker Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 2}]}\n"   \
  "      - {name: Charlie Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 2}]}\n" \
  "      - {name: Dog Jumpers, command_distance: 10cm, flags: [deep_strike],\n"                   \
  "         teams: [{profile: rifle, count: 7}]}\n"                                               \
  "      - {name: Easy HQ, command_distance: 10cm, flags: [independent],\n"                       \
  "         teams: [{profile: rifle, count: 1}]}\n"                                               \
  "  defender:\n"                                                                                 \
  "    name: Blue Force\n"                                                                        \
  "    profiles:\n"                                                                               \
  "      rifle: {move: 20cm, range: 20cm, rof: 1, skill: 4, save: 7, motivation: 4}\n"            \
  "    platoons:\n"                                                                               \
  "      - {name: Victor Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 2}]}\n"  \
  "      - {name: Whisky Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 2}]}\n"  \
  "      - {name: Xray Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 2}]}\n"    \
  "      - {name: Yankee Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 2}]}\n"  \
  "      - {name: Zulu HQ, command_distance: 10cm, flags: [independent],\n"                       \
  "         teams: [{profile: rifle, count: 1}]}\n"

/* The field with `extra` keys; the attacker moves first unless extra has its own setup. */
static struct murk_mission* mission(const char* extra) {
  return load_parts(RV_HEAD, extra, RV_FORCES);
}

/* The last roll whose purpose starts with `purpose`, or NULL. */
static const struct murk_roll* last_roll(const struct murk_game* g, const char* purpose) {
  for (size_t i = mk_game_event_count(g); i-- > 0;) {
    const struct murk_event* e = mk_game_event(g, i);
    if (e->has_roll && strncmp(e->roll.purpose, purpose, strlen(purpose)) == 0) return &e->roll;
  }
  return NULL;
}

static int count_rolls(const struct murk_game* g, const char* purpose) {
  int n = 0;
  for (size_t i = 0; i < mk_game_event_count(g); i++) {
    const struct murk_event* e = mk_game_event(g, i);
    if (e->has_roll && strncmp(e->roll.purpose, purpose, strlen(purpose)) == 0) n++;
  }
  return n;
}

/* Deploy the attacker's platoons 1-3 and the defender's 1-4 where they are not in reserve,
 * the headquarters after them, and end everything up to the first turn. */
static void deploy_rest(struct murk_game* g) {
  static const char* const att[] = {"deploy 1 at 1,6", "deploy 2 at 4,6", "deploy 3 at 14,10",
                                    "deploy 4 at 5,8"};
  static const char* const def[] = {"deploy 1 at 2,1", "deploy 2 at 5,1", "deploy 3 at 9,1",
                                    "deploy 4 at 12,1"};
  int ia = 0, id = 0;
  char why[200];
  while (murk_game_phase(g) == MURK_PHASE_DEPLOY) {
    enum murk_side s = murk_game_to_act(g);
    const char* const* list = s == MURK_ATTACKER ? att : def;
    int* i = s == MURK_ATTACKER ? &ia : &id;
    bool done = false;
    while (*i < 4 && !done) done = try_line(g, list[(*i)++], why, sizeof why) == MURK_OK;
    if (!done) ok_line(g, "end");
  }
  while (murk_game_phase(g) == MURK_PHASE_INDEPENDENTS)
    if (try_line(g, murk_game_to_act(g) == MURK_ATTACKER ? "deploy 5 at 1,10" : "deploy 5 at 7,0",
                 why, sizeof why) != MURK_OK)
      ok_line(g, "end");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
}

/* Game `seed` of m once the reserve phase has had `held` (its lines, "reserve 1\nend\nend")
 * and deploy_rest the rest: turn 1, the attacker's first step. */
static struct murk_game* reserves_held(const struct murk_mission* m, uint64_t seed,
                                       const char* held) {
  struct murk_game* g = new_game(m, seed);
  ok_lines(g, held);
  deploy_rest(g);
  return g;
}

/* Bring every arrival due on at the first cell the view offers, then end the turn. */
static int bring_on_and_end(struct murk_game* g) {
  int brought = 0;
  for (;;) {
    enum murk_side side = murk_game_to_act(g);
    struct murk_view* v = NULL;
    assert_int_equal(murk_view_build(g, side, &v), MURK_OK);
    bool any = false;
    for (int a = 0; a < v->narrivals && !any; a++) {
      for (int p = 0; p < v->nplatoons && !any; p++) {
        const struct murk_view_platoon* vp = &v->platoons[p];
        if (vp->state != MURK_PLATOON_RESERVE || vp->reserve != v->arrivals[a].kind) continue;
        if (v->arrivals[a].ncells == 0) continue;
        char line[64], ps[16];
        murk_pos_format(v->arrivals[a].cells[0], ps, sizeof ps);
        snprintf(line, sizeof line, "arrive %d at %s", vp->index + 1, ps);
        ok_line(g, line);
        brought++;
        any = true;
      }
    }
    murk_view_free(v);
    if (!any) break;
  }
  ok_lines(g, "end\nend\nend");
  return brought;
}

/* ---- nomination limits ---- */

static void test_at_least_half(void** st) {
  (void)st;
  struct murk_mission* m = mission("rules:\n  delayed_reserves: {at_least: 50}\n");
  struct murk_game* g = new_game(m, 1);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_RESERVES);
  /* The headquarters is held back but does not count for the half. */
  ok_line(g, "reserve 5");
  ok_line(g, "reserve 1");
  refused(g, "end",
          "delayed reserves: hold at least half of your platoons (2 of 4); you hold 1 "
          "(reserve N)");
  ok_line(g, "reserve 2");
  ok_line(g, "end");
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  assert_int_equal(g->s.units[MURK_ATTACKER][1].reserve, MURK_RESERVE_DELAYED);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_at_least_one_up_to_half(void** st) {
  (void)st;
  struct murk_mission* m =
      mission("rules:\n  delayed_reserves: {at_least_platoons: 1, at_most: 50}\n");
  struct murk_game* g = new_game(m, 1);
  refused(g, "end",
          "delayed reserves: hold at least 1 of your platoons; you hold 0 "
          "(reserve N)");
  ok_line(g, "reserve 1");
  ok_line(g, "reserve 2");
  refused(g, "reserve 3",
          "delayed reserves: at most half of your platoons (2 of 4) may be held "
          "back; you already hold 2");
  refused(g, "reserve 1", "platoon 1 (Able Rifles) is already in reserve");
  ok_line(g, "end");
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_side_kinds(void** st) {
  (void)st;
  /* Only the defender holds reserves, and only plain ones: the phase starts with it. */
  struct murk_mission* m = mission(
      "setup: {first_turn: attacker, attacker: {reserves: []},\n"
      "        defender: {reserves: [reserves]}}\n"
      "rules:\n  delayed_reserves: {}\n  reserves: {}\n");
  struct murk_game* g = new_game(m, 1);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_RESERVES);
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  refused(g, "reserve 1 delayed", "the defender holds no delayed reserves in this mission");
  refused(g, "reserve 1 mobile", "this mission has no mobile reserves");
  ok_line(g, "reserve 1"); /* its own kind: plain reserves */
  assert_int_equal(g->s.units[MURK_DEFENDER][0].reserve, MURK_RESERVE_PLAIN);
  ok_line(g, "end");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_DEPLOY);
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- arrival rolls ---- */

static void test_dice_per_turn(void** st) {
  (void)st;
  /* from turn 2, one die, two more each later turn, only sixes bring anyone. */
  struct murk_mission* m =
      mission("rules:\n  reserves: {from_turn: 2, dice: 1, dice_step: 2, score: 6}\n");
  struct murk_game* g = reserves_held(m, 3, "reserve 1\nreserve 2\nreserve 3\nend\nend");
  int expect[] = {0, 0, 1, 3, 5, 7};
  for (int turn = 1; turn <= 5; turn++) {
    assert_int_equal(murk_game_turn(g), turn);
    assert_int_equal(murk_game_to_act(g), MURK_ATTACKER);
    const struct murk_roll* r = last_roll(g, "reserves, attacker");
    int waiting = 0;
    for (int u = 0; u < 3; u++)
      waiting += g->s.units[MURK_ATTACKER][u].state == MURK_PLATOON_RESERVE ? 1 : 0;
    if (expect[turn] == 0) {
      assert_null(r);
    } else if (waiting > 0 || r) {
      assert_non_null(r);
      assert_int_equal(r->ndice, expect[turn]);
      /* Each six is one platoon that may come on (no more than are waiting). */
      int sixes = 0;
      for (int d = 0; d < r->ndice; d++) sixes += r->dice[d] == 6 ? 1 : 0;
      int due = mk_reserves_due(g, MURK_ATTACKER);
      assert_int_equal(due, sixes < waiting ? sixes : waiting);
    }
    bring_on_and_end(g); /* attacker */
    bring_on_and_end(g); /* defender */
    /* Stop once nobody waits: no more rolls. */
    waiting = 0;
    for (int u = 0; u < 3; u++)
      waiting += g->s.units[MURK_ATTACKER][u].state == MURK_PLATOON_RESERVE ? 1 : 0;
    if (waiting == 0) break;
  }
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_per_platoon(void** st) {
  (void)st;
  struct murk_mission* m = mission("rules:\n  reserves: {per_platoon: true, score: 6}\n");
  struct murk_game* g = reserves_held(m, 5, "reserve 1\nreserve 2\nreserve 3\nend\nend");
  const struct murk_roll* r = last_roll(g, "reserves, attacker");
  assert_non_null(r);
  assert_int_equal(r->ndice, 3); /* one die for each platoon waiting (40k mission special rules) */
  murk_game_free(g);
  murk_mission_free(m);
}

/* RV_FORCES with a carrier (platoon 6) dedicated to Able Rifles (platoon 1). */
#define RV_CARRIED_FORCES                                                                         \
  "forces:\n"                                                                                     \
  "  attacker:\n"                                                                                 \
  "    name: Red Force\n"                                                                         \
  "    profiles:\n"                                                                               \
  "      rifle: {move: 20cm, range: 20cm, rof: 1, skill: 4, save: 7, motivation: 4}\n"            \
  "    platoons:\n"                                                                               \
  "      - {name: Able Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 2}],\n"    \
  "         flags: [infantry], transport: Able Carrier}\n"                                        \
  "      - {name: Baker Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 2}],\n"   \
  "         flags: [infantry]}\n"                                                                 \
  "      - {name: Charlie Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 2}]}\n" \
  "      - {name: Dog Jumpers, command_distance: 10cm, flags: [deep_strike],\n"                   \
  "         teams: [{profile: rifle, count: 7}]}\n"                                               \
  "      - {name: Easy HQ, command_distance: 10cm, flags: [independent],\n"                       \
  "         teams: [{profile: rifle, count: 1}]}\n"                                               \
  "      - {name: Able Carrier, command_distance: 10cm, flags: [transport, vehicle],\n"           \
  "         teams: [{profile: rifle, count: 1}]}\n"                                               \
  "  defender:\n"                                                                                 \
  "    name: Blue Force\n"                                                                        \
  "    profiles:\n"                                                                               \
  "      rifle: {move: 20cm, range: 20cm, rof: 1, skill: 4, save: 7, motivation: 4}\n"            \
  "    platoons:\n"                                                                               \
  "      - {name: Victor Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 2}]}\n"  \
  "      - {name: Whisky Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 2}]}\n"  \
  "      - {name: Xray Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 2}]}\n"    \
  "      - {name: Yankee Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 2}]}\n"  \
  "      - {name: Zulu HQ, command_distance: 10cm, flags: [independent],\n"                       \
  "         teams: [{profile: rifle, count: 1}]}\n"

static void test_transport_rolls_with_its_unit(void** st) {
  (void)st;
  struct murk_mission* m =
      load_parts(RV_HEAD, "rules:\n  reserves: {per_platoon: true, score: 1}\n", RV_CARRIED_FORCES);
  assert_int_equal(m->sides[MURK_ATTACKER].force.platoons[0].transport, 6);
  struct murk_game* g = reserves_held(m, 5, "reserve 1\nreserve 2\nreserve 6\nend\nend");
  /* 40k mission special rules, Reserves: a unit and its transport roll one die between them. */
  const struct murk_roll* r = last_roll(g, "reserves, attacker");
  assert_non_null(r);
  assert_int_equal(r->ndice, 2);
  assert_int_equal(mk_reserves_due(g, MURK_ATTACKER), 2);
  /* The carrier comes on first by one success; that success brings Able Rifles too: an
   * arrival kept for it, which Baker Rifles may not use. */
  size_t from = mk_game_event_count(g);
  ok_line(g, "arrive 6 at 3,11");
  assert_true(has_event_since(g, from, "platoon 1 (Able Rifles) comes with it"));
  assert_int_equal(mk_reserves_due(g, MURK_ATTACKER), 2);
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_ATTACKER, &v), MURK_OK);
  int kept = 0, open = 0;
  for (int a = 0; a < v->narrivals; a++) {
    if (v->arrivals[a].platoon == 0) kept++;
    if (v->arrivals[a].platoon == -1) open++;
  }
  assert_int_equal(kept, 1);
  assert_int_equal(open, 1);
  assert_true(v->platoons[0].may_arrive && v->platoons[1].may_arrive);
  murk_view_free(v);
  /* Able Rifles takes the arrival kept for it, so Baker Rifles still has the other. */
  ok_line(g, "arrive 1 at 8,11");
  ok_line(g, "arrive 2 at 13,11");
  for (int u = 0; u < 6; u++)
    if (u == 0 || u == 1 || u == 5)
      assert_int_equal(g->s.units[MURK_ATTACKER][u].state, MURK_PLATOON_REVEALED);
  assert_int_equal(mk_reserves_due(g, MURK_ATTACKER), 0);
  murk_game_free(g);
  murk_mission_free(m);

  /* Where nothing is rolled per unit (the Flames of War kinds), each rolls on its own. */
  m = load_parts(RV_HEAD, "rules:\n  reserves: {dice: 3, score: 6}\n", RV_CARRIED_FORCES);
  g = reserves_held(m, 5, "reserve 1\nreserve 6\nend\nend");
  r = last_roll(g, "reserves, attacker");
  assert_non_null(r);
  assert_int_equal(r->ndice, 3);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_escalation_keeps_carried_infantry(void** st) {
  (void)st;
  /* 40k mission special rules, Escalation: basic infantry "that do not have dedicated transports"
   * deploys. */
  struct murk_mission* m =
      load_parts(RV_HEAD, "rules:\n  reserves: {}\n  escalation: {}\n", RV_CARRIED_FORCES);
  struct murk_game* g = new_game(m, 5);
  while (murk_game_phase(g) == MURK_PHASE_RESERVES) ok_line(g, "end");
  char why[200];
  if (murk_game_to_act(g) != MURK_ATTACKER) ok_line(g, "deploy 1 at 2,1");
  bad_line(g, "deploy 1 at 1,6", why, sizeof why);
  assert_non_null(strstr(why, "escalation: only infantry without transports"));
  ok_line(g, "deploy 2 at 4,6");
  murk_game_free(g);
  murk_mission_free(m);
}

/* The 40k mission special rules, Reserves, with Escalation: a reserve comes on as soon as it
 * may; ending the movement step with an arrival unused is refused, as for per-platoon
 * reserves. */
static void test_escalation_reserves_must_come_on(void** st) {
  (void)st;
  struct murk_mission* m =
      load_parts(RV_HEAD, "rules:\n  reserves: {score: 1}\n  escalation: {}\n", RV_CARRIED_FORCES);
  struct murk_game* g = new_game(m, 5);
  char why[200];
  while (murk_game_phase(g) != MURK_PHASE_PLAY) {
    bool att = murk_game_to_act(g) == MURK_ATTACKER;
    const char* line = murk_game_phase(g) == MURK_PHASE_DEPLOY && att ? "deploy 2 at 4,6"
                       : murk_game_phase(g) == MURK_PHASE_INDEPENDENTS
                           ? (att ? "deploy 5 at 1,10" : "deploy 5 at 7,0")
                           : "end";
    if (try_line(g, line, why, sizeof why) != MURK_OK) ok_line(g, "end");
  }
  /* On until the first movement step with an arrival due (every die hits): `end` refused
   * there. */
  int ends = 0;
  while (mk_reserves_due(g, murk_game_to_act(g)) == 0 && ends++ < 12) ok_line(g, "end");
  assert_true(mk_reserves_due(g, murk_game_to_act(g)) > 0);
  bad_line(g, "end", why, sizeof why);
  assert_non_null(strstr(why, "a reserve must come on first"));
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_transport_needs_a_carrier(void** st) {
  (void)st;
  /* `transport:` must name another platoon of the force flagged transport. */
  static const char* const cases[][2] = {
      {"Baker Rifles", "platoon 'Baker Rifles' is not a transport"},
      {"Nobody", "no platoon 'Nobody' in forces.attacker"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char forces[4096];
    snprintf(forces, sizeof forces, "%s", RV_CARRIED_FORCES);
    char* at = strstr(forces, "Able Carrier}");
    assert_non_null(at);
    char tail[4096];
    snprintf(tail, sizeof tail, "%s", at + strlen("Able Carrier"));
    snprintf(at, sizeof forces - (size_t)(at - forces), "%s%s", cases[i][0], tail);
    char text[16384];
    snprintf(text, sizeof text, "%s%s%s", RV_HEAD, "setup: {first_turn: attacker}\n", forces);
    struct murk_diags d;
    murk_diags_init(&d, "test.yaml");
    struct murk_mission* m = NULL;
    assert_int_not_equal(murk_mission_load_buffer("test.yaml", text, strlen(text), &m, &d),
                         MURK_OK);
    char buf[400];
    murk_diags_format(&d, 0, buf, sizeof buf);
    assert_non_null(strstr(buf, cases[i][1]));
    assert_non_null(strstr(buf, "test.yaml:32:40: error: "));
    murk_mission_free(m);
  }
}

/* ---- where they come on ---- */

static void test_corner_band(void** st) {
  (void)st;
  struct murk_mission* m = mission(
      "rules:\n  reserves: {score: 1, dice: 2, per_platoon: true}\n"
      "arrive: {attacker: {corner: sw, within: 20cm}}\n");
  struct murk_game* g = reserves_held(m, 1, "reserve 1\nreserve 2\nend\nend");
  assert_int_equal(mk_reserves_due(g, MURK_ATTACKER), 2);
  /* The prompt says what is due and where; the enemy's says only whose step it is. */
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_ATTACKER, &v), MURK_OK);
  assert_non_null(strstr(v->prompt,
                         "2 from reserve (arrive N at X,Y: the edges within 20cm of "
                         "the SW corner)"));
  assert_int_equal(v->narrivals, 2);
  assert_int_equal(v->arrivals[0].ncells, 7); /* 4 along each edge, the corner shared */
  murk_view_free(v);
  assert_int_equal(murk_view_build(g, MURK_DEFENDER, &v), MURK_OK);
  assert_string_equal(v->prompt, "waiting: turn 1, the attacker's movement step");
  assert_int_equal(v->narrivals, 0);
  murk_view_free(v);
  char why[200];
  /* 20cm is 4 cells along each edge from the corner 00,11. */
  refused(g, "arrive 1 at 4,11",
          "04,11 is not where it may come on (the edges within 20cm of the SW "
          "corner): free cells 03,11 to 00,11, 00,10 to 00,08");
  bad_line(g, "arrive 1 at 0,7", why, sizeof why);
  refused(g, "arrive 3 at 0,8", "platoon 3 (Charlie Rifles) is not in reserve");
  refused(g, "end",
          "a reserve must come on first (arrive N at X,Y: the edges within 20cm "
          "of the SW corner)");
  ok_line(g, "arrive 1 at 0,8");
  ok_line(g, "arrive 2 at 3,11");
  assert_true(has_event(g, "attacker brings on P"));
  assert_int_equal(g->s.units[MURK_ATTACKER][0].state, MURK_PLATOON_REVEALED);
  /* Both arrivals used: `arrive` is no verb of the step any more (the command table). */
  refused(g, "arrive 2 at 2,11", "no more of your reserves may arrive this turn");
  ok_line(g, "end");
  murk_game_free(g);
  murk_mission_free(m);
  /* The Flames of War missions' reserves (no per_platoon): an arrival may be left unused;
   * the platoon stays in reserve. */
  m = mission(
      "rules:\n  reserves: {score: 1, dice: 2}\n"
      "arrive: {attacker: {corner: sw, within: 20cm}}\n");
  g = reserves_held(m, 1, "reserve 1\nreserve 2\nend\nend");
  assert_int_equal(mk_reserves_due(g, MURK_ATTACKER), 2);
  ok_lines(g, "arrive 1 at 0,8\nend");
  assert_int_equal(g->s.units[MURK_ATTACKER][1].state, MURK_PLATOON_RESERVE);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_edge_in_region(void** st) {
  (void)st;
  struct murk_mission* m = mission(
      "rules:\n  reserves: {score: 1, dice: 2}\n"
      "arrive:\n  attacker: [{edge: west, in: {half: south}}, {edge: east, in: {half: south}}]\n");
  struct murk_game* g = reserves_held(m, 1, "reserve 1\nreserve 2\nend\nend");
  char why[200];
  bad_line(g, "arrive 1 at 0,2", why, sizeof why); /* the west edge, but the north half */
  assert_string_equal(why,
                      "00,02 is not where it may come on (the west edge (part) or the east "
                      "edge (part)): free cells 15,06 to 15,11, 00,11 to 00,06");
  ok_line(g, "arrive 1 at 0,7");
  ok_line(g, "arrive 2 at 15,8"); /* either edge, the owner's choice */
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_no_room_lets_the_turn_end(void** st) {
  (void)st;
  /* One cell of arrival area, 00,11, and two platoons that may come on. */
  struct murk_mission* m = mission(
      "rules:\n  reserves: {score: 1, dice: 2}\n"
      "arrive: {attacker: {edge: west, in: {rect: [\"0,11\", \"0,11\"]}}}\n");
  struct murk_game* g = reserves_held(m, 1, "reserve 1\nreserve 2\nend\nend");
  assert_int_equal(mk_reserves_due(g, MURK_ATTACKER), 2);
  ok_line(g, "arrive 1 at 0,11");
  /* The second has nowhere to stand: it stays in reserve and the turn goes on. */
  ok_line(g, "end");
  assert_int_equal(murk_game_step(g), MURK_STEP_SHOOTING);
  assert_int_equal(g->s.units[MURK_ATTACKER][1].state, MURK_PLATOON_RESERVE);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_fog_arrives_as_template(void** st) {
  (void)st;
  struct murk_mission* m = mission("rules:\n  fog_of_war: {}\n  reserves: {score: 1}\n");
  struct murk_game* g = reserves_held(m, 1, "reserve 3\nend\nend");
  int before = g->s.next_marker_number;
  ok_line(g, "arrive 3 at 9,11");
  char text[80];
  snprintf(text, sizeof text, "attacker brings on template T%d at 09,11", before);
  assert_true(has_event(g, text));
  assert_int_equal(g->s.units[MURK_ATTACKER][2].state, MURK_PLATOON_HIDDEN);
  /* The defender learns a template came on, not what it is. */
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_DEFENDER, &v), MURK_OK);
  for (size_t i = 0; i < v->nevents; i++) assert_null(strstr(v->events[i].text, "Charlie"));
  assert_int_equal(v->narrivals, 0);
  murk_view_free(v);
  /* It may move on in the same step. */
  snprintf(text, sizeof text, "move T%d to 9,9", before);
  ok_line(g, text);
  murk_game_free(g);
  murk_mission_free(m);
}

/* The entries of a Lost in the Fog test: one on each edge but the north. */
#define LIF_ENTRIES                                                             \
  "entries:\n"                                                                  \
  "  - {number: 1, at: \"0,9\", kind: road, rolls: [1, 2], name: west road}\n"  \
  "  - {number: 2, at: \"15,9\", kind: road, rolls: [3, 4], name: east road}\n" \
  "  - {number: 3, at: \"6,11\", rolls: [5, 6], name: south lane}\n"

static void test_lost_in_the_fog(void** st) {
  (void)st;
  struct murk_mission* m = mission(LIF_ENTRIES
                                   "rules:\n  lost_in_the_fog: {}\n"
                                   "  delayed_reserves: {from_turn: 1, score: 1}\n");
  static const struct murk_pos at[] = {{0, 9}, {0, 9}, {15, 9}, {15, 9}, {6, 11}, {6, 11}};
  bool seen[3] = {false, false, false};
  for (uint64_t seed = 1; seed < 40; seed++) {
    struct murk_game* g = reserves_held(m, seed, "reserve 1\nend\nend");
    const struct murk_roll* r = last_roll(g, "lost in the fog, attacker");
    assert_non_null(r);
    assert_true(r->total >= 1 && r->total <= 6);
    struct murk_pos want = at[r->total - 1];
    int entry = (r->total + 1) / 2;
    seen[entry - 1] = true;
    struct murk_view* v = NULL;
    assert_int_equal(murk_view_build(g, MURK_ATTACKER, &v), MURK_OK);
    assert_int_equal(v->narrivals, 1);
    char name[32];
    snprintf(name, sizeof name, "entry %d (", entry);
    assert_non_null(strstr(v->arrivals[0].where, name));
    assert_true(v->platoons[0].may_arrive);
    assert_false(v->platoons[1].may_arrive);
    murk_view_free(v);
    /* Another entry is refused; the die's one is taken. */
    char line[40], why[200];
    struct murk_pos other = at[(r->total + 1) % 6];
    snprintf(line, sizeof line, "arrive 1 at %d,%d", other.x, other.y);
    bad_line(g, line, why, sizeof why);
    snprintf(line, sizeof line, "arrive 1 at %d,%d", want.x, want.y);
    ok_line(g, line);
    murk_game_free(g);
  }
  assert_true(seen[0] && seen[1] && seen[2]);
  murk_mission_free(m);
}

static void test_scattered_stretch(void** st) {
  (void)st;
  /* The south edge's 16 cells in three stretches: 0-4, 5-9, 10-15 (clockwise order runs
   * east to west along the south edge: x 15..0). */
  struct murk_mission* m = mission(
      "rules:\n  scattered_reserves: {from_turn: 1, score: 1}\n"
      "arrive: {attacker: {edge: south}}\n");
  for (uint64_t seed = 1; seed < 12; seed++) {
    struct murk_game* g = reserves_held(m, seed, "reserve 1\nend\nend");
    const struct murk_roll* r = last_roll(g, "scattered reserves, attacker");
    assert_non_null(r);
    int part = (r->total - 1) * 3 / 6;
    /* Ranks along the edge from its east end: rank k is column 15 - k. */
    int lo = part * 16 / 3, hi = (part + 1) * 16 / 3 - 1;
    char line[40], why[200];
    int outside = part == 0 ? 15 - 15 : 15 - 0; /* a column of another stretch */
    snprintf(line, sizeof line, "arrive 1 at %d,11", outside);
    bad_line(g, line, why, sizeof why);
    assert_non_null(strstr(why, "stretch"));
    int x = 15 - (lo + hi) / 2;
    snprintf(line, sizeof line, "arrive 1 at %d,11", x);
    ok_line(g, line);
    murk_game_free(g);
  }
  murk_mission_free(m);
}

static void test_mobile_takes_the_undeployed(void** st) {
  (void)st;
  struct murk_mission* m = mission("rules:\n  mobile_reserves: {}\n");
  struct murk_game* g = new_game(m, 1);
  ok_lines(g, "end\nend");       /* nothing nominated */
  ok_line(g, "deploy 1 at 1,6"); /* attacker */
  ok_line(g, "deploy 1 at 2,1"); /* defender */
  ok_line(g, "end");             /* the attacker's others go into mobile reserve */
  assert_true(has_event(g, "attacker holds 3 more platoons in mobile reserve"));
  for (int u = 1; u < 4; u++) {
    assert_int_equal(g->s.units[MURK_ATTACKER][u].state, MURK_PLATOON_RESERVE);
    assert_int_equal(g->s.units[MURK_ATTACKER][u].reserve, MURK_RESERVE_MOBILE);
  }
  /* The headquarters deploys later and is not taken. */
  assert_int_equal(g->s.units[MURK_ATTACKER][4].state, MURK_PLATOON_WAITING);
  murk_game_free(g);
  murk_mission_free(m);
}

/* ---- deep strike (40k mission special rules) ---- */

static void test_deep_strike_needs_the_flag(void** st) {
  (void)st;
  struct murk_mission* m = mission("rules:\n  deep_strike: {}\n");
  struct murk_game* g = new_game(m, 1);
  refused(g, "reserve 1 deep",
          "platoon 1 (Able Rifles) cannot deep strike (it lacks the deep_strike "
          "flag)");
  ok_line(g, "reserve 4 deep");
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_deep_strike_off_table_destroys(void** st) {
  (void)st;
  /* Always scatters (no hit faces), 30 inches: off this table in any direction. */
  struct murk_mission* m = mission(
      "rules:\n  deep_strike: {hit: 0, scatter: \"30\"}\n"
      "  reserves: {score: 1}\n");
  struct murk_game* g = reserves_held(m, 1, "reserve 4 deep\nend\nend");
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_ATTACKER, &v), MURK_OK);
  assert_int_equal(v->narrivals, 1);
  assert_true(v->arrivals[0].anywhere);
  murk_view_free(v);
  ok_line(g, "arrive 4 at 8,8");
  assert_true(has_event(g, "scatters off the table and is destroyed"));
  assert_int_equal(g->s.units[MURK_ATTACKER][3].state, MURK_PLATOON_DESTROYED);
  assert_int_equal(mk_unit_alive(&g->s, MURK_ATTACKER, 3), 0);
  murk_game_free(g);
  murk_mission_free(m);
}

/* Deep strike that never scatters (every face a hit), reserves that always come. */
#define DS_AIMED "rules:\n  deep_strike: {hit: 6}\n  reserves: {score: 1}\n"

/* The defender's first team moved to `at`, where the attacker has never seen it. */
static void hide_defender_team(struct murk_game* g, struct murk_pos at) {
  struct mk_state* s = &g->s;
  int t0 = s->units[MURK_DEFENDER][0].first_team;
  s->teams[MURK_DEFENDER][t0].pos = at;
  memset(&s->seen_team[MURK_ATTACKER][t0], 0, sizeof s->seen_team[0][0]);
}

static void test_deep_strike_rings(void** st) {
  (void)st;
  /* Never scatters (every face a hit): the first team lands where aimed. */
  struct murk_mission* m = mission(DS_AIMED);
  struct murk_game* g = reserves_held(m, 1, "reserve 4 deep\nend\nend");
  char why[200];
  /* Within 1in (1 cell) of the defender's templates/teams: refused. Defender 1 is at 2,1. */
  bad_line(g, "arrive 4 at 3,1", why, sizeof why);
  assert_non_null(strstr(why, "a deep strike may not aim within"));
  /* 11,8: its ring has the cliff at 12,8, so it cannot be completed: after the first team
   * and the five free ring cells the last team is destroyed. */
  ok_line(g, "arrive 4 at 11,8");
  assert_true(has_event(g, "lands where it aimed"));
  int placed = 0;
  const struct mk_unit_state* u = &g->s.units[MURK_ATTACKER][3];
  for (int t = u->first_team; t < u->first_team + u->nteams; t++)
    placed += g->s.teams[MURK_ATTACKER][t].alive && g->s.teams[MURK_ATTACKER][t].placed ? 1 : 0;
  assert_int_equal(placed, 6);
  assert_int_equal(mk_unit_alive(&g->s, MURK_ATTACKER, 3), 6);
  assert_true(has_event(g, "no room to complete its ring"));
  /* It arrived this turn: it may not move. */
  bad_line(g, "move 4 to 11,6", why, sizeof why);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_deep_strike_full_rings(void** st) {
  (void)st;
  struct murk_mission* m = mission(DS_AIMED);
  struct murk_game* g = reserves_held(m, 1, "reserve 4 deep\nend\nend");
  ok_line(g, "arrive 4 at 7,10"); /* open all round: 1 + 6 teams fill ring 0 and ring 1 */
  assert_int_equal(mk_unit_alive(&g->s, MURK_ATTACKER, 3), 7);
  const struct mk_unit_state* u = &g->s.units[MURK_ATTACKER][3];
  for (int t = u->first_team; t < u->first_team + u->nteams; t++)
    assert_true(murk_geom_distance(&m->grid, g->s.teams[MURK_ATTACKER][t].pos,
                                   (struct murk_pos){7, 10}) <= 1);
  murk_game_free(g);
  murk_mission_free(m);
}

/* A landing ring reads what the side knows (docs/rules.md, "Hidden contact"): a defender
 * team the attacker does not know of stands at 6,11, within the keep-out of ring cells
 * round 7,10. The first such ring cell is a public contact and is not taken; the ring
 * cannot be completed. */
static void test_deep_strike_meets_hidden_enemy(void** st) {
  (void)st;
  struct murk_mission* m = mission(DS_AIMED);
  struct murk_game* g = reserves_held(m, 1, "reserve 4 deep\nend\nend");
  struct mk_state* s = &g->s;
  hide_defender_team(g, (struct murk_pos){6, 11});
  ok_line(g, "arrive 4 at 7,10");
  assert_true(has_event(g, "contact: attacker P"));
  assert_true(has_event(g, "at 06,11"));
  assert_true(has_event(g, "no room to complete its ring"));
  const struct mk_unit_state* u = &s->units[MURK_ATTACKER][3];
  for (int t = u->first_team; t < u->first_team + u->nteams; t++)
    if (s->teams[MURK_ATTACKER][t].alive)
      assert_true(murk_geom_distance(&m->grid, s->teams[MURK_ATTACKER][t].pos,
                                     (struct murk_pos){6, 11}) > 1);
  assert_int_equal(murk_game_undoable(g), 0);
  murk_game_free(g);
  murk_mission_free(m);
}

/* Only a scatter off the table destroys the whole unit. A first team
 * that comes down on a cliff, or beside an enemy the side did not know of, stands on the
 * nearest cell it may take instead, and the rings are built round that cell. */
static void test_deep_strike_blocked_landing(void** st) {
  (void)st;
  struct murk_mission* m = mission(DS_AIMED);
  struct murk_game* g = reserves_held(m, 1, "reserve 4 deep\nend\nend");
  ok_line(g, "arrive 4 at 8,5"); /* the cliff */
  assert_true(has_event(g, "cannot stand at 08,05 and comes down at"));
  assert_int_equal(g->s.units[MURK_ATTACKER][3].state, MURK_PLATOON_REVEALED);
  assert_true(mk_unit_alive(&g->s, MURK_ATTACKER, 3) > 0);
  const struct mk_unit_state* u = &g->s.units[MURK_ATTACKER][3];
  for (int t = u->first_team; t < u->first_team + u->nteams; t++)
    if (g->s.teams[MURK_ATTACKER][t].alive)
      assert_true(mk_cell_passable(m, g->s.teams[MURK_ATTACKER][t].pos));
  murk_game_free(g);

  /* An unknown defender team beside the aim: a public contact, then the nearest cell. */
  g = reserves_held(m, 1, "reserve 4 deep\nend\nend");
  struct mk_state* s = &g->s;
  hide_defender_team(g, (struct murk_pos){7, 11});
  ok_line(g, "arrive 4 at 7,10");
  assert_true(has_event(g, "contact: attacker P"));
  assert_true(has_event(g, "cannot stand at 07,10 and comes down at"));
  assert_int_equal(s->units[MURK_ATTACKER][3].state, MURK_PLATOON_REVEALED);
  assert_true(mk_unit_alive(s, MURK_ATTACKER, 3) > 0);
  murk_game_free(g);
  murk_mission_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_at_least_half),
      cmocka_unit_test(test_deep_strike_meets_hidden_enemy),
      cmocka_unit_test(test_at_least_one_up_to_half),
      cmocka_unit_test(test_side_kinds),
      cmocka_unit_test(test_dice_per_turn),
      cmocka_unit_test(test_per_platoon),
      cmocka_unit_test(test_transport_rolls_with_its_unit),
      cmocka_unit_test(test_transport_needs_a_carrier),
      cmocka_unit_test(test_escalation_keeps_carried_infantry),
      cmocka_unit_test(test_escalation_reserves_must_come_on),
      cmocka_unit_test(test_corner_band),
      cmocka_unit_test(test_edge_in_region),
      cmocka_unit_test(test_no_room_lets_the_turn_end),
      cmocka_unit_test(test_fog_arrives_as_template),
      cmocka_unit_test(test_lost_in_the_fog),
      cmocka_unit_test(test_scattered_stretch),
      cmocka_unit_test(test_mobile_takes_the_undeployed),
      cmocka_unit_test(test_deep_strike_needs_the_flag),
      cmocka_unit_test(test_deep_strike_off_table_destroys),
      cmocka_unit_test(test_deep_strike_rings),
      cmocka_unit_test(test_deep_strike_full_rings),
      cmocka_unit_test(test_deep_strike_blocked_landing),
  };
  (void)count_rolls;
  return cmocka_run_group_tests(tests, NULL, NULL);
}
