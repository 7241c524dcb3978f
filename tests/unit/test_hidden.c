/* test_hidden.c: hidden information cannot leak.
 *
 * Over 1,000 seeds, each side plays a random command sequence (drawn from a PCG stream of
 * its own, biased to legal commands, with plenty of `end`) on a fog-of-war mission with
 * dummies, reserves and independents. After every applied command both sides' views are
 * built and checked: until the event that reveals an enemy platoon, no marker of the view
 * carries its contents, no team of it is on the view's map, and neither its name nor its
 * type appears in any event line of the view (as a --as transcript prints it), in the
 * prompt, or in the reason given for a rejected command (test_support.h's leak watcher),
 * and enemy teams and cloaking counters show only while in sight. Enemy dummies look like
 * platoons until revealed. Names and types in the mission are all distinct, so any
 * appearance is a leak. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "murk/dice.h"
#include "murk/sight.h"
#include "night.h"
#include "sight.h"
#include "state.h"
#include "test_support.h"

#define HIDDEN_SEEDS 1000
#define MAX_ATTEMPTS 500
#define MAX_APPLIED 160

#define HM_TABLE                                                       \
  "name: Hidden Test\n"                                                \
  "table: {grid: hex, scale: 5cm, size: 100cm x 70cm}\n" TF_LEGEND     \
  "    ..........=.........\n"                                         \
  "    ..TT......=.....XX..\n"                                         \
  "    ..TTT.....=.........\n"                                         \
  "    ..........=....TT...\n"                                         \
  "    ....~.....=....TT...\n"                                         \
  "    ....~.....=.........\n"                                         \
  "    ====~===============\n"                                         \
  "    ....~.....=.........\n"                                         \
  "    ..........=...TTT...\n"                                         \
  "    ...TT.....=...TT....\n"                                         \
  "    ...TT.....=.........\n"                                         \
  "    ..........=......X..\n"                                         \
  "    ..........=.........\n"                                         \
  "    ..........=.........\n"                                         \
  "deployment:\n"                                                      \
  "  attacker: {half: south}\n"                                        \
  "  defender: {half: north}\n"                                        \
  "objectives:\n"                                                      \
  "  place:\n"                                                         \
  "    - {by: attacker, for: attacker, count: 1, in: {half: north}}\n" \
  "    - {by: defender, for: defender, count: 1, in: {half: south}}\n" \
  "setup: {sides: fixed, first_turn: roll}\n"                          \
  "turn_limit: 3\n"

/* Distinctive names and types, so a leak is easy to find in any text. */
#define HM_FORCES                                                                              \
  "forces:\n"                                                                                  \
  "  attacker:\n"                                                                              \
  "    name: Red Force\n"                                                                      \
  "    dummies: 2\n"                                                                           \
  "    profiles:\n"                                                                            \
  "      trooper: {move: 20cm, range: 30cm, rof: 2, skill: 4, save: 4, motivation: 4}\n"       \
  "      gun: {move: 10cm, range: 60cm, rof: 1, skill: 4, save: 7, motivation: 4}\n"           \
  "    platoons:\n"                                                                            \
  "      - {name: Kestrel Command Group, type: kestrel headquarters, command_distance: 5cm,\n" \
  "         teams: [{profile: trooper, count: 1}], flags: [independent]}\n"                    \
  "      - {name: Amber Lancer Troop, type: amberlance cavalry, command_distance: 10cm,\n"     \
  "         teams: [{profile: trooper, count: 3}], flags: [infantry]}\n"                       \
  "      - {name: Basalt Gunnery Section, type: basalt artillery, command_distance: 5cm,\n"    \
  "         teams: [{profile: gun, count: 2}]}\n"                                              \
  "      - {name: Cobalt Rifle Company, type: cobalt riflemen, command_distance: 15cm,\n"      \
  "         teams: [{profile: trooper, count: 5}], flags: [infantry]}\n"                       \
  "  defender:\n"                                                                              \
  "    name: Blue Force\n"                                                                     \
  "    dummies: 2\n"                                                                           \
  "    profiles:\n"                                                                            \
  "      ranger: {move: 20cm, range: 30cm, rof: 2, skill: 4, save: 5, motivation: 4}\n"        \
  "      mortar: {move: 10cm, range: 60cm, rof: 1, skill: 3, save: 7, motivation: 4}\n"        \
  "    platoons:\n"                                                                            \
  "      - {name: Heron Staff Element, type: heron headquarters, command_distance: 5cm,\n"     \
  "         teams: [{profile: ranger, count: 2}], flags: [independent]}\n"                     \
  "      - {name: Xenon Ranger Squad, type: xenon irregulars, command_distance: 10cm,\n"       \
  "         teams: [{profile: ranger, count: 4}]}\n"                                           \
  "      - {name: Yodel Hussar Wing, type: yodel horsemen, command_distance: 10cm,\n"          \
  "         teams: [{profile: ranger, count: 3}]}\n"                                           \
  "      - {name: Zircon Mortar Team, type: zircon mortars, command_distance: 5cm,\n"          \
  "         teams: [{profile: mortar, count: 2}]}\n"

/* Fog of War with dummies, delayed reserves and a visibility table. */
static const char hidden_mission[] = HM_TABLE
    "rules:\n"
    "  fog_of_war: {dummies: true}\n"
    "  delayed_reserves: {}\n"
    "  meeting_engagement: {}\n"
    "visibility:\n"
    "  die: d6\n"
    "  table: {\"1\": 10cm, \"2\": 15cm, \"3\": 20cm, \"4\": 30cm, \"5\": 40cm, \"6\": 60cm}\n"
    "end:\n"
    "  - {kind: objective_taken}\n" HM_FORCES;

/* The same table at night (ASL night rules): a Night Visibility Range of two cells, the attacker's
 * infantry and its dummies under cloaking counters, starshells, gunflashes. */
static const char night_mission[] = HM_TABLE
    "rules:\n"
    "  nvr: {base: 2, cloud_cover: 1, moon: 1}\n"
    "  cloaking: {}\n"
    "end:\n"
    "  - {kind: objective_taken}\n" HM_FORCES;

static struct murk_pos random_cell(struct murk_rng* r, const struct murk_grid* grid) {
  struct murk_pos p = {rand_pick(r, grid->width), rand_pick(r, grid->height)};
  return p;
}

/* A command for the side to act, chosen from what its own view shows. */
static struct murk_command random_command(struct murk_rng* r, const struct murk_view* v) {
  struct murk_command c;
  memset(&c, 0, sizeof c);
  enum murk_side side = v->to_act;
  int roll = rand_pick(r, 100);
  /* A little garbage: any verb, any handle. */
  if (roll < 3) {
    c.kind = (enum murk_command_kind)rand_pick(r, MURK_CMD_COUNT);
    c.unit.kind = (enum murk_ref_kind)(1 + rand_pick(r, 4));
    c.unit.n = 1 + rand_pick(r, 12);
    c.target.kind = (enum murk_ref_kind)(2 + rand_pick(r, 2));
    c.target.n = 1 + rand_pick(r, 20);
    c.at = random_cell(r, &v->grid);
    return c;
  }
  struct view_picks p;
  view_picks(v, side, &p);
  switch (v->phase) {
    case MURK_PHASE_OBJECTIVES:
      c.kind = roll < 5 ? MURK_CMD_END : MURK_CMD_OBJECTIVE;
      c.at = random_cell(r, &v->grid);
      return c;
    case MURK_PHASE_RESERVES:
      c.kind = roll < 50 ? MURK_CMD_END : MURK_CMD_RESERVE;
      c.unit.kind = MURK_REF_OWN;
      c.unit.n = 1 + rand_pick(r, v->nplatoons + 1);
      c.reserve = (enum murk_reserve_kind)rand_pick(r, 4);
      return c;
    case MURK_PHASE_DEPLOY:
    case MURK_PHASE_INDEPENDENTS: { /* the night mission has no templates to hide them */
      /* Own half: rows of the zone's half, anywhere across. */
      c.at = random_cell(r, &v->grid);
      c.at.y = side == MURK_ATTACKER ? v->grid.height / 2 + c.at.y / 2 : c.at.y / 2;
      if (roll < 15 || (p.nwait == 0 && roll < 60)) {
        c.kind = MURK_CMD_END;
      } else if (roll < 30 || p.nwait == 0) {
        c.kind = MURK_CMD_DEPLOY;
        c.unit.kind = MURK_REF_DUMMY;
      } else {
        c.kind = MURK_CMD_DEPLOY;
        c.unit.kind = MURK_REF_OWN;
        c.unit.n = v->platoons[p.waiting[rand_pick(r, p.nwait)]].index + 1;
      }
      return c;
    }
    default:
      break;
  }
  if (roll < 22) {
    c.kind = MURK_CMD_END;
    return c;
  }
  if (roll < 32 && (p.nown > 0 || p.nrev > 0)) {
    c.kind = MURK_CMD_REVEAL;
    if (p.nown > 0 && rand_pick(r, 2)) {
      c.unit.kind = MURK_REF_MARKER;
      c.unit.n = v->markers[p.own[rand_pick(r, p.nown)]].number;
    } else {
      c.unit.kind = MURK_REF_OWN;
      c.unit.n = 1 + rand_pick(r, v->nplatoons);
    }
    return c;
  }
  switch (v->step) {
    case MURK_STEP_MOVEMENT: {
      c.kind = MURK_CMD_MOVE;
      struct murk_pos from;
      if (!rand_mover(r, v, &p, &c, &from)) {
        c.kind = MURK_CMD_END;
        return c;
      }
      c.at = rand_near_cell(r, from, 4);
      if (rand_pick(r, 5) == 0) {
        c.via[0] = rand_near_cell(r, from, 2);
        c.nvia = 1;
      }
      return c;
    }
    case MURK_STEP_SHOOTING:
      if (v->nvr >= 0 && roll < 50 && p.nrev > 0) {
        /* At night: a starshell or an illuminating round near one of its own teams. */
        const struct murk_view_platoon* vp = &v->platoons[p.revealed[rand_pick(r, p.nrev)]];
        c.kind = rand_pick(r, 3) ? MURK_CMD_STARSHELL : MURK_CMD_ILLUMINATE;
        c.unit.kind = MURK_REF_OWN;
        c.unit.n = vp->index + 1;
        for (int i = 0; i < v->nteams; i++)
          if (v->teams[i].owner == side && v->teams[i].platoon == vp->index)
            c.at = rand_near_cell(r, v->teams[i].pos, 5);
        return c;
      }
      if (roll < 55) {
        c.kind = MURK_CMD_SPOT;
        return c;
      }
      c.kind = MURK_CMD_SHOOT;
      break;
    case MURK_STEP_ASSAULT:
    default:
      c.kind = MURK_CMD_ASSAULT;
      break;
  }
  c.unit.kind = MURK_REF_OWN;
  c.unit.n = p.nrev > 0 && rand_pick(r, 4) ? v->platoons[p.revealed[rand_pick(r, p.nrev)]].index + 1
                                           : 1 + rand_pick(r, v->nplatoons);
  if (p.nenemy > 0 && rand_pick(r, 10)) {
    const struct murk_view_marker* e = &v->markers[p.enemy[rand_pick(r, p.nenemy)]];
    c.target.kind = e->revealed ? MURK_REF_PLATOON : MURK_REF_MARKER;
    c.target.n = e->number;
  } else {
    c.target.kind = rand_pick(r, 2) ? MURK_REF_PLATOON : MURK_REF_MARKER;
    c.target.n = 1 + rand_pick(r, 24);
  }
  return c;
}

/* Sight (sight.c), after test_support.h's checks. Under double_blind: enemy teams and
 * cloaking counters only while some own unit sees them, checked against sight computed
 * afresh; what is out of sight may only be remembered. On the texts' table: every enemy team
 * on the table is in view where it stands, no contacts, and its `sight` says whether the
 * side has it in sight as sight computed afresh does. */
static void check_sight(const struct murk_game* g, const struct leak_watcher* w,
                        const struct murk_view* v) {
  enum murk_side enemy = murk_side_other(w->side);
  bool blind = murk_mission_rule_on(g->m, MURK_RULE_DOUBLE_BLIND);
  int shown = 0;
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* t = &v->teams[i];
    if (t->owner != enemy) continue;
    shown++;
    bool flash = mk_night_flashing(g, enemy, t->platoon);
    bool in = mk_sight_any(g, w->side, t->pos, flash, NULL);
    if (blind) assert_true(in);
    if (!blind) assert_int_equal(in, t->sight == MURK_VIEW_SEEN || t->sight == MURK_VIEW_LIT);
  }
  if (!blind) {
    int placed = 0;
    for (int t = 0; t < g->s.nteams[enemy]; t++)
      placed += g->s.teams[enemy][t].alive && g->s.teams[enemy][t].placed;
    assert_int_equal(shown, placed);
    assert_int_equal(v->ncontacts, 0);
  }
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* mk = &v->markers[i];
    if (blind && mk->owner == enemy && mk->on_table && mk->kind == MURK_MARKER_CLOAK)
      assert_true(mk_sight_any(g, w->side, mk->pos, false, NULL));
  }
  for (int i = 0; i < v->ncontacts; i++) assert_int_equal(v->contacts[i].owner, enemy);
}

static void no_leaks(const char* yaml, long games) {
  struct murk_mission* m = load_yaml(yaml);
  /* One command in eight goes through the text form, as scripts and saves send it. */
  const struct leak_game lg = {.command = random_command,
                               .view = check_sight,
                               .salt = 17,
                               .attempts = MAX_ATTEMPTS,
                               .applied = MAX_APPLIED,
                               .text_every = 8};
  struct leak_totals t = {0, 0, 0, 0};
  for (uint64_t seed = 1; seed <= (uint64_t)games; seed++)
    murk_game_free(leak_play_random_game(m, seed, &lg, &t));
  fprintf(stderr, "%ld games: %ld commands applied, %ld reveals seen, %ld turns, %ld over\n", games,
          t.applied, t.reveals, t.turns, t.over);
  /* The generator must actually play: well into the game, with reveals to check. */
  assert_true(t.applied > 30L * games);
  assert_true(t.reveals > games);
  assert_true(t.turns > games);
  murk_mission_free(m);
}

/* The mission text with double_blind added to its rules. */
static const char* double_blind(const char* yaml) {
  static char out[16384];
  const char* at = strstr(yaml, "rules:\n");
  assert_non_null(at);
  at += strlen("rules:\n");
  snprintf(out, sizeof out, "%.*s  double_blind: {}\n%s", (int)(at - yaml), yaml, at);
  return out;
}

static void test_no_leaks_over_random_games(void** st) {
  (void)st;
  no_leaks(hidden_mission, SOAK_COUNT(HIDDEN_SEEDS * 5, HIDDEN_SEEDS, HIDDEN_SEEDS / 5));
}

/* The same at night: cloaking counters and dummies, the NVR, lights and gunflashes. */
static void test_no_leaks_at_night(void** st) {
  (void)st;
  no_leaks(night_mission, SOAK_COUNT(HIDDEN_SEEDS * 5 / 3, HIDDEN_SEEDS / 3, HIDDEN_SEEDS / 15));
}

/* Both again under double_blind: enemies seen only in sight, else where last seen. */
static void test_no_leaks_double_blind(void** st) {
  (void)st;
  no_leaks(double_blind(hidden_mission), TEST_COUNT(HIDDEN_SEEDS / 2, HIDDEN_SEEDS / 10));
  no_leaks(double_blind(night_mission), TEST_COUNT(HIDDEN_SEEDS / 6, HIDDEN_SEEDS / 30));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_no_leaks_over_random_games),
      cmocka_unit_test(test_no_leaks_at_night),
      cmocka_unit_test(test_no_leaks_double_blind),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
