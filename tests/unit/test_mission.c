/* test_mission.c: the mission loader - every field of a full example, the documented
 * defaults, length conversions, zone containment, the rules registry, and problems
 * reported at their exact line:col. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "murk/error.h"
#include "murk/event.h"
#include "murk/mission.h"
#include "murk/phase.h"
#include "murk/rules.h"

static struct murk_mission* load_ok(const char* name, const char* text) {
  struct murk_mission* m = (struct murk_mission*)1;
  struct murk_diags d;
  int rc = murk_mission_load_buffer(name, text, strlen(text), &m, &d);
  if (rc != MURK_OK) {
    char line[400];
    for (int i = 0; i < d.count; i++) {
      murk_diags_format(&d, i, line, sizeof line);
      print_message("%s\n", line);
    }
    fail_msg("%s did not load (rc %d)", name, rc);
  }
  assert_non_null(m);
  assert_int_equal(d.count, 0);
  return m;
}

/* Load bad text of `len` bytes; the first problem must read exactly `want`. Returns the
 * number of problems. */
static int load_bad_n(const char* text, size_t len, const char* want) {
  struct murk_mission* m = (struct murk_mission*)1;
  struct murk_diags d;
  int rc = murk_mission_load_buffer("bad.yaml", text, len, &m, &d);
  if (rc != MURK_EINVAL) fail_msg("accepted or odd result %d for:\n%s", rc, text);
  assert_null(m);
  assert_true(d.count >= 1);
  char line[400];
  murk_diags_format(&d, 0, line, sizeof line);
  if (strcmp(line, want) != 0) fail_msg("first problem\n  got:  %s\n  want: %s", line, want);
  return d.count + d.dropped;
}

static int load_bad(const char* text, const char* want) {
  return load_bad_n(text, strlen(text), want);
}

/* ---- a full example: every key of docs/mission-format.md ---- */

static const char full_example[] =
    "name: Example Crossing\n"
    "source: \"the Flames of War missions\"\n"
    "summary: \"a river crossing, for the tests\"\n"
    "briefing:\n"
    "  attacker: |\n"
    "    Take the bridge.\n"
    "  defender: Hold the bridge.\n"
    "table:\n"
    "  grid: hex\n"
    "  scale: 5cm\n"
    "  size: 40cm x 30cm\n"
    "terrain:\n"
    "  legend:\n"
    "    \".\": {class: open, sight: clear, name: fields}\n"
    "    \"=\": {class: road, name: road}\n"
    "    \"+\": {class: railway}\n"
    "    \"T\": {class: difficult, sight: blocking, name: woods}\n"
    "    \"~\": {class: water, sight: clear, name: river}\n"
    "    \"X\": {class: impassable, sight: blocking, name: cliffs}\n"
    "  map: |\n"
    "    ...=....\n"
    "    +++=++++\n"
    "    .T.=..~.\n"
    "    .T.=..~.\n"
    "    ...=.X~.\n"
    "    ...=..~.\n"
    "  elevation: |\n"
    "    00000000\n"
    "    00000000\n"
    "    01100000\n"
    "    01200000\n"
    "    00000000\n"
    "    00000009\n"
    "entries:\n"
    "  - {number: 1, at: \"3,0\", kind: road, rolls: [1, 2], name: north road}\n"
    "  - {number: 2, at: \"7,1\", kind: railway, rolls: \"3-4\"}\n"
    "  - {number: 3, at: [3, 5], kind: road, rolls: \"5+\"}\n"
    "deployment:\n"
    "  attacker: {half: south, keep_out: {centre_line: 6cm}}\n"
    "  defender: {quarter: nw, keep_out: {edges: 5cm, long_edges: 1hex, short_edges: 2hex}}\n"
    "reserve_edges: {attacker: west}\n"
    "objectives:\n"
    "  fixed:\n"
    "    - {name: bridge, at: \"6,2\", for: attacker}\n"
    "    - {at: \"0,0\"}\n"
    "  place:\n"
    "    - {by: defender, count: 2, in: {rect: [\"5,5\", \"0,3\"]}, keep_out: {edges: 1hex},\n"
    "       min_apart: 12cm, together: 22cm}\n"
    "setup:\n"
    "  sides: roll\n"
    "  first_turn: defender\n"
    "turn_limit: 12\n"
    "rules:\n"
    "  fog_of_war: {road: 30cm, open: 22cm, terrain: 4in, bog_die: d6+1, bog_fail: 2,\n"
    "               dummies: false}\n"
    "  meeting_engagement: {}\n"
    "  delayed_reserves: {from_turn: 4}\n"
    "  ambush:\n"
    "  night_fighting: true\n"
    "  random_game_length: false\n"
    "visibility:\n"
    "  die: 2d6\n"
    "  table: {\"7-9\": 20cm, \"2-6\": 10cm, \"10+\": 40cm}\n"
    "end:\n"
    "  - {kind: objective_taken, side: attacker}\n"
    "  - {kind: no_attackers_near_objectives, turn: 6, distance: 11cm}\n"
    "  - {kind: turn_limit, turn: 12}\n"
    "victory:\n"
    "  table:\n"
    "    - {name: Big Win, lost: \"0\", points: \"5:0\"}\n"
    "    - {name: Win, lost: \"1+\", points: \"4:2\"}\n"
    "  ignore_first_loss_at: 0\n"
    "forces:\n"
    "  attacker:\n"
    "    name: Combat Command A\n"
    "    nation: US\n"
    "    command_rating: 3\n"
    "    leader_rating: 2\n"
    "    dummies: 2\n"
    "    profiles:\n"
    "      sherman: {move: 30cm, range: 80cm, rof: 2, skill: 4, save: 3, motivation: 4,\n"
    "                vehicle: true, name: \"Sherman (75mm)\"}\n"
    "      rifle: {move: 16cm, range: 40cm}\n"
    "    platoons:\n"
    "      - name: 1st Tank Platoon\n"
    "        type: tank platoon\n"
    "        command_distance: 15cm\n"
    "        teams: [{profile: sherman, count: 5}]\n"
    "        flags: [vehicle]\n"
    "      - name: Rifles\n"
    "        command_distance: 6in\n"
    "        teams: [{profile: rifle, count: 6}, {profile: sherman}]\n"
    "        flags: [infantry, recce, independent]\n"
    "  defender:\n"
    "    name: Kampfgruppe\n"
    "    profiles: {}\n"
    "    platoons: []\n";

static void test_full_example_header_and_table(void** state) {
  (void)state;
  struct murk_mission* m = load_ok("missions/crossing.yaml", full_example);
  assert_string_equal(m->id, "crossing");
  assert_string_equal(m->name, "Example Crossing");
  assert_string_equal(m->source, "the Flames of War missions");
  assert_string_equal(m->summary, "a river crossing, for the tests");
  assert_string_equal(m->path, "missions/crossing.yaml");
  assert_string_equal(m->sides[MURK_ATTACKER].briefing, "Take the bridge.\n");
  assert_string_equal(m->sides[MURK_DEFENDER].briefing, "Hold the bridge.");
  assert_int_equal(m->grid.kind, MURK_GRID_HEX);
  assert_int_equal(m->grid.width, 8);
  assert_int_equal(m->grid.height, 6);
  assert_int_equal(m->scale.unit, MURK_UNIT_CM);
  assert_int_equal(m->scale.value, 500);
  assert_int_equal(m->table_w.value, 4000);
  assert_int_equal(m->table_h.value, 3000);

  assert_int_equal(m->nterrain, 6);
  assert_int_equal(m->terrain[0].ch, '.');
  assert_string_equal(m->terrain[0].name, "fields");
  assert_string_equal(m->terrain[2].name, "railway"); /* the class name by default */
  assert_int_equal(m->terrain[2].sight, MURK_SIGHT_CLEAR);
  assert_int_equal(m->terrain[3].cls, MURK_TERRAIN_DIFFICULT);
  assert_int_equal(m->terrain[3].sight, MURK_SIGHT_BLOCKING);

  const struct murk_terrain* t = murk_mission_terrain_at(m, (struct murk_pos){5, 4});
  assert_non_null(t);
  assert_int_equal(t->ch, 'X');
  assert_int_equal(t->cls, MURK_TERRAIN_IMPASSABLE);
  assert_int_equal(murk_mission_terrain_at(m, (struct murk_pos){0, 1})->cls, MURK_TERRAIN_RAILWAY);
  assert_int_equal(murk_mission_terrain_at(m, (struct murk_pos){7, 5})->ch, '.');
  assert_null(murk_mission_terrain_at(m, (struct murk_pos){8, 0}));
  assert_null(murk_mission_terrain_at(m, (struct murk_pos){0, -1}));
  assert_non_null(m->elevation);
  assert_int_equal(m->elevation[3 * 8 + 2], 2);
  assert_int_equal(m->elevation[5 * 8 + 7], 9);
  assert_int_equal(m->elevation[0], 0);

  /* The hash is FNV-1a 64 of the bytes. */
  uint64_t h = 14695981039346656037ull;
  for (size_t i = 0; i < strlen(full_example); i++) {
    h ^= (unsigned char)full_example[i];
    h *= 1099511628211ull;
  }
  assert_true(m->hash == h);

  char buf[160];
  murk_mission_summary(m, buf, sizeof buf);
  assert_string_equal(buf,
                      "Example Crossing: hex 8x6 (40cm x 30cm at 5cm), 2 v 0 platoons, 5 rules");
  murk_mission_free(m);
}

static void test_full_example_places(void** state) {
  (void)state;
  struct murk_mission* m = load_ok("crossing.yaml", full_example);
  assert_int_equal(m->nentries, 3);
  assert_int_equal(m->entries[0].number, 1);
  assert_string_equal(m->entries[0].name, "north road");
  assert_int_equal(m->entries[0].kind, MURK_TERRAIN_ROAD);
  assert_int_equal(m->entries[0].rolls, (1u << 1) | (1u << 2));
  assert_int_equal(m->entries[1].at.x, 7);
  assert_int_equal(m->entries[1].at.y, 1);
  assert_int_equal(m->entries[1].kind, MURK_TERRAIN_RAILWAY);
  assert_int_equal(m->entries[1].rolls, (1u << 3) | (1u << 4));
  assert_string_equal(m->entries[1].name, "entry 2");
  assert_int_equal(m->entries[2].at.y, 5);
  assert_int_equal(m->entries[2].rolls, 0xFFFFFFFFu & ~0x1Fu); /* 5..31 */

  /* Keep-out lengths round up: 6cm at 5cm is 2 cells. */
  const struct murk_zone* za = &m->sides[MURK_ATTACKER].zone;
  assert_int_equal(za->region.kind, MURK_REGION_HALF);
  assert_int_equal(za->region.which, MURK_SOUTH);
  assert_int_equal(za->keep_out.centre_line, 2);
  const struct murk_zone* zd = &m->sides[MURK_DEFENDER].zone;
  assert_int_equal(zd->region.kind, MURK_REGION_QUARTER);
  assert_int_equal(zd->region.which, MURK_NW);
  assert_int_equal(zd->keep_out.edges, 1);
  assert_int_equal(zd->keep_out.long_edges, 1);
  assert_int_equal(zd->keep_out.short_edges, 2);
  assert_int_equal(m->sides[MURK_ATTACKER].edge, MURK_WEST);
  assert_int_equal(m->sides[MURK_DEFENDER].edge, MURK_NW); /* default: its own zone */

  assert_int_equal(m->nobjectives, 2);
  assert_string_equal(m->objectives[0].name, "bridge");
  assert_int_equal(m->objectives[0].at.x, 6);
  assert_int_equal(m->objectives[0].for_side, MURK_ATTACKER);
  assert_string_equal(m->objectives[1].name, "objective 2");
  assert_int_equal(m->objectives[1].for_side, MURK_NO_SIDE);
  assert_int_equal(m->nobjective_rules, 1);
  const struct murk_objective_rule* r = &m->objective_rules[0];
  assert_int_equal(r->by, MURK_DEFENDER);
  assert_int_equal(r->for_side, MURK_DEFENDER); /* defaults to `by` */
  assert_int_equal(r->count, 2);
  assert_int_equal(r->in.kind, MURK_REGION_RECT);
  assert_int_equal(r->in.from.x, 0);
  assert_int_equal(r->in.from.y, 3);
  assert_int_equal(r->in.to.x, 5);
  assert_int_equal(r->in.to.y, 5);
  assert_int_equal(r->keep_out.edges, 1);
  assert_int_equal(r->min_apart, 3); /* 12cm rounds up */
  assert_int_equal(r->together, 4);  /* 22cm rounds down */
  murk_mission_free(m);
}

static void test_full_example_rules_and_end(void** state) {
  (void)state;
  struct murk_mission* m = load_ok("crossing.yaml", full_example);
  assert_true(m->roll_for_sides);
  assert_int_equal(m->first_turn, MURK_FIRST_DEFENDER);
  assert_int_equal(m->turn_limit, 12);

  assert_true(murk_mission_rule_on(m, MURK_RULE_FOG_OF_WAR));
  assert_true(murk_mission_rule_on(m, MURK_RULE_MEETING_ENGAGEMENT));
  assert_true(murk_mission_rule_on(m, MURK_RULE_DELAYED_RESERVES));
  assert_true(murk_mission_rule_on(m, MURK_RULE_AMBUSH));
  assert_true(murk_mission_rule_on(m, MURK_RULE_NIGHT_FIGHTING));
  assert_false(murk_mission_rule_on(m, MURK_RULE_RANDOM_GAME_LENGTH));
  assert_false(murk_mission_rule_on(m, MURK_RULE_NVR));

  /* Allowances round down: 30cm = 6, 22cm = 4, 4in = 10.16cm = 2 cells. */
  assert_int_equal(murk_mission_param(m, MURK_P_FOW_ROAD), 6);
  assert_int_equal(murk_mission_param(m, MURK_P_FOW_OPEN), 4);
  assert_int_equal(murk_mission_param(m, MURK_P_FOW_TERRAIN), 2);
  assert_int_equal(murk_mission_param(m, MURK_P_FOW_BOG_FAIL), 2);
  assert_int_equal(murk_mission_param(m, MURK_P_FOW_DUMMIES), 0);
  assert_int_equal(murk_mission_param(m, MURK_P_FOW_SPOT_CAP), 12); /* default 60cm */
  struct murk_dice_expr bog = murk_mission_param_dice(m, MURK_P_FOW_BOG_DIE);
  assert_int_equal(bog.count, 1);
  assert_int_equal(bog.sides, 6);
  assert_int_equal(bog.add, 1);
  assert_int_equal(murk_mission_param(m, MURK_P_DRES_FROM_TURN), 4);
  assert_int_equal(murk_mission_param(m, MURK_P_DRES_SCORE), 5);
  /* Defaults of rules that are off are filled too. */
  assert_int_equal(murk_mission_param(m, MURK_P_RGL_EXTRA), 3);
  assert_int_equal(murk_mission_param(m, MURK_P_NVR_BASE), -1);
  assert_int_equal(murk_mission_param(m, MURK_P_LI_SPOT), 7); /* 7hex stays 7 */
  assert_int_equal(murk_mission_param(m, MURK_P_NF_UNIT), 0); /* 1in < one 5cm cell */
  struct murk_dice_expr sight = murk_mission_param_dice(m, MURK_P_NF_SIGHT);
  assert_int_equal(sight.count, 2);
  assert_int_equal(sight.mul, 3);

  /* Visibility rows in roll order, "10+" up to the die's top. */
  assert_int_equal(m->visibility.die.count, 2);
  assert_int_equal(m->visibility.nrows, 3);
  assert_int_equal(m->visibility.rows[0].lo, 2);
  assert_int_equal(m->visibility.rows[0].hi, 6);
  assert_int_equal(m->visibility.rows[0].range, 2);
  assert_int_equal(m->visibility.rows[1].lo, 7);
  assert_int_equal(m->visibility.rows[1].range, 4);
  assert_int_equal(m->visibility.rows[2].lo, 10);
  assert_int_equal(m->visibility.rows[2].hi, 12);
  assert_int_equal(m->visibility.rows[2].range, 8);

  assert_int_equal(m->nend, 3);
  assert_int_equal(m->end[0].kind, MURK_END_OBJECTIVE_TAKEN);
  assert_int_equal(m->end[0].side, MURK_ATTACKER);
  assert_int_equal(m->end[1].kind, MURK_END_NO_ATTACKERS_NEAR_OBJECTIVES);
  assert_int_equal(m->end[1].side, MURK_NO_SIDE);
  assert_int_equal(m->end[1].turn, 6);
  assert_int_equal(m->end[1].distance, 3); /* 11cm rounds up */
  assert_int_equal(m->end[2].kind, MURK_END_TURN_LIMIT);
  assert_int_equal(m->end[2].turn, 12);

  assert_int_equal(m->victory.nrows, 2);
  assert_string_equal(m->victory.rows[0].name, "Big Win");
  assert_int_equal(m->victory.rows[0].lost_min, 0);
  assert_int_equal(m->victory.rows[0].lost_max, 0);
  assert_int_equal(m->victory.rows[0].winner, 5);
  assert_int_equal(m->victory.rows[0].loser, 0);
  assert_int_equal(m->victory.rows[1].lost_min, 1);
  assert_int_equal(m->victory.rows[1].lost_max, -1);
  assert_int_equal(m->victory.ignore_first_loss_at, 0);
  murk_mission_free(m);
}

static void test_full_example_forces(void** state) {
  (void)state;
  struct murk_mission* m = load_ok("crossing.yaml", full_example);
  const struct murk_force* a = &m->sides[MURK_ATTACKER].force;
  assert_string_equal(a->name, "Combat Command A");
  assert_string_equal(a->nation, "US");
  assert_int_equal(a->command_rating, 3);
  assert_int_equal(a->leader_rating, 2);
  assert_int_equal(a->dummies, 2);
  assert_int_equal(a->nprofiles, 2);
  assert_string_equal(a->profiles[0].name, "sherman");
  assert_string_equal(a->profiles[0].title, "Sherman (75mm)"); /* its name for players */
  assert_int_equal(a->profiles[0].move, 6);
  assert_int_equal(a->profiles[0].range, 16);
  assert_int_equal(a->profiles[0].rof, 2);
  assert_int_equal(a->profiles[0].save, 3);
  assert_int_equal(a->profiles[0].vehicle, 1);
  /* Profile defaults: rof 1, skill 4, save 7 (none), motivation 4, not a vehicle. */
  assert_string_equal(a->profiles[1].name, "rifle");
  assert_string_equal(a->profiles[1].title, "rifle"); /* no name: the id */
  assert_int_equal(a->profiles[1].move, 3);           /* 16cm rounds down */
  assert_int_equal(a->profiles[1].rof, 1);
  assert_int_equal(a->profiles[1].skill, 4);
  assert_int_equal(a->profiles[1].save, 7);
  assert_int_equal(a->profiles[1].motivation, 4);
  assert_int_equal(a->profiles[1].vehicle, 0);

  assert_int_equal(a->nplatoons, 2);
  const struct murk_platoon* p = &a->platoons[0];
  assert_string_equal(p->name, "1st Tank Platoon");
  assert_string_equal(p->type, "tank platoon");
  assert_int_equal(p->command_distance, 3);
  assert_int_equal(p->ngroups, 1);
  assert_int_equal(p->groups[0].profile, 0);
  assert_int_equal(p->groups[0].count, 5);
  assert_int_equal(p->nteams, 5);
  assert_int_equal(p->flags, MURK_PF(VEHICLE));
  p = &a->platoons[1];
  assert_string_equal(p->type, "");
  assert_int_equal(p->command_distance, 3); /* 6in = 15.24cm */
  assert_int_equal(p->ngroups, 2);
  assert_int_equal(p->groups[0].profile, 1);
  assert_int_equal(p->groups[1].profile, 0);
  assert_int_equal(p->groups[1].count, 1); /* count defaults to 1 */
  assert_int_equal(p->nteams, 7);
  assert_int_equal(p->flags, MURK_PF(INFANTRY) | MURK_PF(RECCE) | MURK_PF(INDEPENDENT));

  const struct murk_force* d = &m->sides[MURK_DEFENDER].force;
  assert_string_equal(d->name, "Kampfgruppe");
  assert_int_equal(d->nprofiles, 0);
  assert_int_equal(d->nplatoons, 0);
  murk_mission_free(m);
}

/* ---- defaults ---- */

static const char minimal[] =
    "name: Minimal\n"
    "table: {scale: 1in, size: 6in x 4in}\n"
    "terrain:\n"
    "  legend: {\".\": {class: open}}\n"
    "  map: |\n"
    "    ......\n"
    "    ......\n"
    "    ......\n"
    "    ......\n"
    "deployment:\n"
    "  attacker: {whole: true}\n"
    "  defender: {rect: [\"0,0\", \"5,1\"]}\n"
    "forces:\n"
    "  attacker: {profiles: {}, platoons: []}\n"
    "  defender: {profiles: {}, platoons: []}\n";

/* The minimal mission with `extra` after it: it must not load, and `want` is its first
 * problem. */
static void minimal_bad(const char* extra, const char* want) {
  char text[4096];
  int n = snprintf(text, sizeof text, "%s%s", minimal, extra);
  assert_true(n > 0 && (size_t)n < sizeof text);
  load_bad(text, want);
}

static void test_defaults(void** state) {
  (void)state;
  struct murk_mission* m = load_ok("minimal.yml", minimal);
  assert_string_equal(m->id, "minimal");
  assert_string_equal(m->source, "");
  assert_int_equal(m->grid.kind, MURK_GRID_HEX);
  assert_int_equal(m->grid.width, 6);
  assert_int_equal(m->grid.height, 4);
  assert_non_null(m->sides[0].briefing);
  assert_string_equal(m->sides[1].briefing, "");
  assert_string_equal(m->terrain[0].name, "open");
  assert_int_equal(m->terrain[0].sight, MURK_SIGHT_CLEAR);
  assert_null(m->elevation);
  assert_int_equal(m->nentries, 0);
  assert_int_equal(m->nobjectives, 0);
  assert_int_equal(m->nobjective_rules, 0);
  assert_int_equal(m->visibility.nrows, 0); /* no visibility table */
  assert_int_equal(m->first_turn, MURK_FIRST_ROLL);
  assert_false(m->roll_for_sides);
  assert_int_equal(m->turn_limit, 0);
  assert_int_equal(m->nend, 0); /* no objectives, no limit: nothing ends it by default */
  for (int r = 0; r < MURK_RULE_COUNT; r++) assert_false(m->rule_on[r]);
  /* At 1in a cell: 30cm = 11.8 cells, down to 11. */
  assert_int_equal(murk_mission_param(m, MURK_P_FOW_ROAD), 11);
  assert_int_equal(murk_mission_param(m, MURK_P_RES_SCORE), 5);
  assert_int_equal(m->sides[MURK_ATTACKER].zone.region.kind, MURK_REGION_WHOLE);
  assert_int_equal(m->sides[MURK_ATTACKER].edge, MURK_SOUTH);
  assert_int_equal(m->sides[MURK_DEFENDER].edge, MURK_NORTH);
  assert_string_equal(m->sides[MURK_ATTACKER].force.name, "attacker");
  /* The default victory table: 6:1, 5:2, 4:3 and the nine-platoon exception. */
  const struct murk_victory* v = &m->victory;
  assert_int_equal(v->nrows, 3);
  assert_int_equal(v->rows[0].lost_min, 0);
  assert_int_equal(v->rows[0].lost_max, 1);
  assert_int_equal(v->rows[0].winner, 6);
  assert_int_equal(v->rows[0].loser, 1);
  assert_int_equal(v->rows[1].lost_min, 2);
  assert_int_equal(v->rows[1].lost_max, 3);
  assert_int_equal(v->rows[1].winner, 5);
  assert_int_equal(v->rows[2].lost_min, 4);
  assert_int_equal(v->rows[2].lost_max, -1);
  assert_int_equal(v->rows[2].loser, 3);
  assert_int_equal(v->ignore_first_loss_at, 9);
  murk_mission_free(m);
}

static void test_default_end_conditions(void** state) {
  (void)state;
  char text[2048];
  snprintf(text, sizeof text, "%sturn_limit: 8\nobjectives: {fixed: [{at: \"2,2\"}]}\n", minimal);
  struct murk_mission* m = load_ok("m.yaml", text);
  assert_int_equal(m->nend, 2);
  assert_int_equal(m->end[0].kind, MURK_END_OBJECTIVE_TAKEN);
  assert_int_equal(m->end[1].kind, MURK_END_TURN_LIMIT);
  assert_int_equal(m->end[1].turn, 8);
  murk_mission_free(m);
  /* A turn_limit end condition alone sets the game's limit. */
  snprintf(text, sizeof text, "%send: [{kind: turn_limit, turn: 7}]\n", minimal);
  m = load_ok("m.yaml", text);
  assert_int_equal(m->turn_limit, 7);
  murk_mission_free(m);
}

/* ---- zones ---- */

static struct murk_mission table_of(int w, int h) {
  struct murk_mission m;
  memset(&m, 0, sizeof m);
  m.grid = (struct murk_grid){MURK_GRID_HEX, w, h};
  return m;
}

static bool in_zone(const struct murk_mission* m, enum murk_region_kind kind,
                    enum murk_compass which, struct murk_keep_out k, int x, int y) {
  struct murk_zone z = {.region = {.kind = kind, .which = which}, .keep_out = k};
  return murk_zone_contains(m, &z, (struct murk_pos){x, y});
}

static void test_halves_and_quarters(void** state) {
  (void)state;
  struct murk_mission m = table_of(36, 24);
  struct murk_keep_out none = {0};
  assert_true(in_zone(&m, MURK_REGION_HALF, MURK_NORTH, none, 0, 11));
  assert_false(in_zone(&m, MURK_REGION_HALF, MURK_NORTH, none, 0, 12));
  assert_true(in_zone(&m, MURK_REGION_HALF, MURK_SOUTH, none, 35, 12));
  assert_false(in_zone(&m, MURK_REGION_HALF, MURK_SOUTH, none, 35, 11));
  assert_true(in_zone(&m, MURK_REGION_HALF, MURK_EAST, none, 18, 0));
  assert_false(in_zone(&m, MURK_REGION_HALF, MURK_EAST, none, 17, 0));
  assert_true(in_zone(&m, MURK_REGION_HALF, MURK_WEST, none, 17, 23));
  assert_false(in_zone(&m, MURK_REGION_HALF, MURK_WEST, none, 18, 23));
  assert_true(in_zone(&m, MURK_REGION_QUARTER, MURK_NE, none, 18, 11));
  assert_false(in_zone(&m, MURK_REGION_QUARTER, MURK_NE, none, 17, 11));
  assert_false(in_zone(&m, MURK_REGION_QUARTER, MURK_NE, none, 18, 12));
  assert_true(in_zone(&m, MURK_REGION_QUARTER, MURK_SW, none, 0, 23));
  assert_false(in_zone(&m, MURK_REGION_QUARTER, MURK_SW, none, 18, 23));
  assert_true(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, none, 35, 23));
  /* Off the table is in no zone. */
  assert_false(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, none, 36, 0));
  assert_false(in_zone(&m, MURK_REGION_HALF, MURK_NORTH, none, 0, -1));

  /* An odd number of rows: the middle row straddles the centre line, in neither half. */
  struct murk_mission odd = table_of(36, 25);
  assert_true(in_zone(&odd, MURK_REGION_HALF, MURK_NORTH, none, 0, 11));
  assert_false(in_zone(&odd, MURK_REGION_HALF, MURK_NORTH, none, 0, 12));
  assert_false(in_zone(&odd, MURK_REGION_HALF, MURK_SOUTH, none, 0, 12));
  assert_true(in_zone(&odd, MURK_REGION_HALF, MURK_SOUTH, none, 0, 13));
}

static void test_keep_out_bands(void** state) {
  (void)state;
  struct murk_mission m = table_of(36, 24);
  /* 30cm from the centre line at 5cm a hex: the 6 rows nearest the line are out. */
  struct murk_keep_out c6 = {.centre_line = 6};
  assert_true(in_zone(&m, MURK_REGION_HALF, MURK_NORTH, c6, 10, 5));
  assert_false(in_zone(&m, MURK_REGION_HALF, MURK_NORTH, c6, 10, 6));
  assert_false(in_zone(&m, MURK_REGION_HALF, MURK_SOUTH, c6, 10, 17));
  assert_true(in_zone(&m, MURK_REGION_HALF, MURK_SOUTH, c6, 10, 18));
  /* East/west halves measure columns from the vertical centre line. */
  struct murk_keep_out c2 = {.centre_line = 2};
  assert_true(in_zone(&m, MURK_REGION_HALF, MURK_WEST, c2, 15, 0));
  assert_false(in_zone(&m, MURK_REGION_HALF, MURK_WEST, c2, 16, 0));
  assert_true(in_zone(&m, MURK_REGION_HALF, MURK_EAST, c2, 20, 0));
  assert_false(in_zone(&m, MURK_REGION_HALF, MURK_EAST, c2, 19, 0));
  /* A quarter is bounded by both centre lines. */
  assert_true(in_zone(&m, MURK_REGION_QUARTER, MURK_NE, c2, 20, 9));
  assert_false(in_zone(&m, MURK_REGION_QUARTER, MURK_NE, c2, 19, 9));
  assert_false(in_zone(&m, MURK_REGION_QUARTER, MURK_NE, c2, 20, 10));
  assert_true(in_zone(&m, MURK_REGION_QUARTER, MURK_NE, c2, 35, 0));
  /* Dust Up's "the centre line": only the one along the long edges, even for a quarter. */
  struct murk_keep_out lc2 = {.long_centre_line = 2};
  assert_true(in_zone(&m, MURK_REGION_QUARTER, MURK_NE, lc2, 18, 9)); /* by the other line */
  assert_false(in_zone(&m, MURK_REGION_QUARTER, MURK_NE, lc2, 20, 10));
  assert_true(in_zone(&m, MURK_REGION_QUARTER, MURK_SW, lc2, 17, 14));
  assert_false(in_zone(&m, MURK_REGION_QUARTER, MURK_SW, lc2, 10, 13));
  /* The whole table: centre_line is the band around the horizontal centre line. */
  assert_true(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, c2, 0, 9));
  assert_false(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, c2, 0, 10));
  assert_false(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, c2, 0, 13));
  assert_true(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, c2, 0, 14));
  /* Odd height: row 11 ends half a row from the line, inside a 1-row band. */
  struct murk_mission odd = table_of(36, 25);
  struct murk_keep_out c1 = {.centre_line = 1};
  assert_false(in_zone(&odd, MURK_REGION_HALF, MURK_NORTH, c1, 0, 11));
  assert_true(in_zone(&odd, MURK_REGION_HALF, MURK_NORTH, c1, 0, 10));

  struct murk_keep_out e1 = {.edges = 1};
  assert_false(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, e1, 0, 5));
  assert_false(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, e1, 5, 0));
  assert_false(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, e1, 35, 23));
  assert_true(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, e1, 1, 1));
  assert_true(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, e1, 34, 22));
  /* A wide table: long edges are north and south, short edges west and east. */
  struct murk_keep_out l2 = {.long_edges = 2}, s3 = {.short_edges = 3};
  assert_false(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, l2, 0, 1));
  assert_true(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, l2, 0, 2));
  assert_true(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, l2, 0, 21));
  assert_false(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, l2, 0, 22));
  assert_false(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, s3, 2, 0));
  assert_true(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, s3, 3, 0));
  assert_true(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, s3, 32, 0));
  assert_false(in_zone(&m, MURK_REGION_WHOLE, MURK_NORTH, s3, 33, 0));
  /* A tall table turns them round. */
  struct murk_mission tall = table_of(10, 20);
  assert_false(in_zone(&tall, MURK_REGION_WHOLE, MURK_NORTH, l2, 1, 10));
  assert_true(in_zone(&tall, MURK_REGION_WHOLE, MURK_NORTH, l2, 2, 0));
  assert_false(in_zone(&tall, MURK_REGION_WHOLE, MURK_NORTH, s3, 5, 19));
}

static void test_rect_region(void** state) {
  (void)state;
  struct murk_mission m = table_of(8, 6);
  struct murk_region r = {.kind = MURK_REGION_RECT, .from = {1, 2}, .to = {3, 4}};
  assert_true(murk_region_contains(&m, &r, (struct murk_pos){1, 2}));
  assert_true(murk_region_contains(&m, &r, (struct murk_pos){3, 4}));
  assert_false(murk_region_contains(&m, &r, (struct murk_pos){0, 2}));
  assert_false(murk_region_contains(&m, &r, (struct murk_pos){3, 5}));
}

/* ---- problems with their places ---- */

static void test_errors_at_exact_places(void** state) {
  (void)state;
  char text[4096];
  /* minimal with its table line (line 2) replaced. */
  const char* rest = strchr(strchr(minimal, '\n') + 1, '\n') + 1;
  snprintf(text, sizeof text,
           "name: X\ntable: {grid: hex, scale: 1in, size: 6in x 4in, foo: 1}\n%s", rest);
  load_bad(text,
           "bad.yaml:2:49: error: unknown key 'foo' in table (expected one of: grid, scale, "
           "size)");
  snprintf(text, sizeof text, "name: X\ntable: [hex]\n%s", rest);
  load_bad(text, "bad.yaml:2:8: error: 'table' is a list (expected a mapping)");
  /* A missing key is reported where its mapping starts. */
  load_bad("name: X\nturn_limit: 10\n",
           "bad.yaml:1:1: error: missing key 'table' in the mission (expected table: with grid, "
           "scale and size)");
  /* The map: a ragged row at its end, an unknown character at its own column. */
  const char* head =
      "name: X\n"
      "table: {scale: 5cm, size: 20cm x 15cm}\n"
      "terrain:\n"
      "  legend: {\".\": {class: open}, \"T\": {class: difficult}}\n"
      "  map: |\n";
  const char* tail = strstr(minimal, "deployment:");
  snprintf(text, sizeof text, "%s    ....\n    ...\n    ....\n%s", head, tail);
  load_bad(text,
           "bad.yaml:7:8: error: map row 1 is 3 characters wide, row 0 is 4 (expected every row "
           "the same width)");
  snprintf(text, sizeof text, "%s    ....\n    ..T.\n    .T?.\n%s", head, tail);
  load_bad(text,
           "bad.yaml:8:7: error: unknown terrain character '?' at 2,2 (expected one of the "
           "legend's: . T)");
  snprintf(text, sizeof text, "%s    ....\n    ....\n%s", head, tail);
  load_bad(text,
           "bad.yaml:5:8: error: the map is 4x2 cells but the table (20cm x 15cm at 5cm a cell) is "
           "4x3 (expected the map to match the table size)");
  /* Columns count characters, as libyaml does. */
  load_bad("name: \xc3\xa9\xff\n",
           "bad.yaml:1:8: error: invalid UTF-8 byte 0xff (expected UTF-8 text)");
  load_bad_n("name: a\0b\n", 10,
             "bad.yaml:1:8: error: NUL byte in the file (expected UTF-8 text; is this a binary "
             "file?)");
}

/* CRLF line ends: the same places as with LF, in the map too. */
static void test_crlf_places(void** state) {
  (void)state;
  char text[4096];
  size_t k = 0;
  for (const char* p = minimal; *p; p++) {
    if (*p == '\n') text[k++] = '\r';
    text[k++] = *p;
  }
  text[k] = '\0';
  struct murk_mission* m = load_ok("crlf.yaml", text);
  assert_int_equal(m->grid.width, 6);
  murk_mission_free(m);
  strcat(text, "name: Again\r\n");
  load_bad(text,
           "bad.yaml:16:1: error: duplicate key 'name' in the mission (expected each key once; "
           "the first is at 1:1)");
  char* row = strstr(text, "    ......\r\n    ......\r\n    ......");
  assert_non_null(row);
  row[16 + 3] = 'Z'; /* second map row, fourth character */
  load_bad(text,
           "bad.yaml:7:8: error: unknown terrain character 'Z' at 3,1 (expected one of the "
           "legend's: .)");
}

/* Control characters in texts, escapes included (a name must not clear the screen or
 * forge a transcript line): every C0 but the line feed, DEL and every C1 is refused at its
 * scalar, in any text and in keys; the characters around them pass. */
static void test_control_characters(void** state) {
  (void)state;
  const char* rest = strchr(minimal, '\n') + 1;
  char text[2048], want[200];
  for (unsigned cp = 1; cp < 0xA0; cp++) {
    bool bad = cp < 0x20 || cp >= 0x7F;
    if (cp == '\n') continue;
    snprintf(text, sizeof text, "name: \"A\\u%04x\"\n%s", cp, rest);
    if (!bad) {
      struct murk_mission* m = load_ok("ok.yaml", text);
      murk_mission_free(m);
      continue;
    }
    if (cp == '\t')
      snprintf(want, sizeof want,
               "bad.yaml:1:7: error: 'name' holds a tab (expected text without tabs: use spaces)");
    else
      snprintf(want, sizeof want,
               "bad.yaml:1:7: error: 'name' holds control character U+%04X (expected text "
               "without control characters)",
               cp);
    /* The schema walk does not run: nothing else is reported. */
    assert_int_equal(load_bad(text, want), 1);
  }
  /* No-break space and other printable Unicode pass; the separators do not. */
  snprintf(text, sizeof text, "name: \"A\\u00a0\\u2027\\u202f\"\n%s", rest);
  murk_mission_free(load_ok("ok.yaml", text));
  snprintf(text, sizeof text, "name: \"A\\u2029\"\n%s", rest);
  load_bad(text,
           "bad.yaml:1:7: error: 'name' holds the Unicode paragraph separator U+2029 (expected "
           "text without control characters)");
  /* A line feed: in a briefing it is a new line, in a name a forged one. */
  snprintf(text, sizeof text, "%sbriefing: {attacker: \"one\\ntwo\"}\n", minimal);
  struct murk_mission* m = load_ok("ok.yaml", text);
  assert_string_equal(m->sides[MURK_ATTACKER].briefing, "one\ntwo");
  murk_mission_free(m);
  snprintf(text, sizeof text, "name: \"A\\nresult: attacker wins\"\n%s", rest);
  load_bad(text, "bad.yaml:1:7: error: 'name' holds a line break (expected one line of text)");
  /* Every one is reported, keys and list items too, in file order. */
  snprintf(text, sizeof text,
           "%sbriefing: {defender: \"\\e]0;x\\a\"}\n\"\\e[2J\": 1\nend: [\"\\x9b\"]\n", minimal);
  assert_int_equal(load_bad(text,
                            "bad.yaml:16:22: error: 'defender' holds control character "
                            "U+001B (expected text without control characters)"),
                   3);
  minimal_bad("end: [\"\\x9b\"]\n",
              "bad.yaml:16:7: error: an item of 'end' holds control character U+009B (expected "
              "text without control characters)");
  minimal_bad("\"\\e[2J\": 1\n",
              "bad.yaml:16:1: error: a key in the mission holds control character U+001B (expected "
              "text without control characters)");
}

static void test_several_problems_sorted(void** state) {
  (void)state;
  const char* text =
      "name: X\n"
      "table: {scale: 5cm, size: 20cm x 15cm, grid: hexx}\n"
      "terrain:\n"
      "  legend: {\".\": {class: open}}\n"
      "  map: |\n"
      "    ....\n"
      "    ....\n"
      "    ....\n"
      "entries: [{number: 1, at: \"9,0\"}]\n"
      "deployment: {attacker: {half: south}, defender: {half: nort}}\n"
      "turn_limit: -3\n"
      "forces:\n"
      "  attacker: {profiles: {}, platoons: []}\n"
      "  defender: {profiles: {}, platoons: []}\n";
  struct murk_mission* m = NULL;
  struct murk_diags d;
  assert_int_equal(murk_mission_load_buffer("x.yaml", text, strlen(text), &m, &d), MURK_EINVAL);
  assert_null(m);
  assert_int_equal(d.count, 4);
  assert_int_equal(d.items[0].line, 2);
  assert_int_equal(d.items[0].col, 46);
  assert_non_null(strstr(d.items[0].msg, "did you mean 'hex'?"));
  assert_int_equal(d.items[1].line, 9);
  assert_string_equal(d.items[1].msg,
                      "entry 1 at 9,0 is off the table (expected column 0 to 3 and row 0 to 2)");
  assert_int_equal(d.items[2].line, 10);
  assert_non_null(strstr(d.items[2].msg, "did you mean 'north'?"));
  assert_int_equal(d.items[3].line, 11);
  assert_string_equal(d.items[3].msg, "'turn_limit' is '-3', out of range (expected 0 to 100)");
}

static void test_hostile_input(void** state) {
  (void)state;
  load_bad("",
           "bad.yaml:1:1: error: the file is empty (expected a mission: a mapping with name, "
           "table, terrain, forces)");
  load_bad("# nothing\n",
           "bad.yaml:1:1: error: the file has no YAML content, only blanks or comments (expected "
           "a mission: a mapping with name, table, terrain, forces)");
  load_bad("a: 1\n---\nb: 2\n",
           "bad.yaml:2:1: error: a second YAML document (expected one mission per file)");
  load_bad("a: &x [1, 2]\nb: *x\n",
           "bad.yaml:2:4: error: alias '*x' (anchors and aliases are not supported: write the "
           "value out)");
  load_bad("a: [1,\n",
           "bad.yaml:2:1: error: invalid YAML: did not find expected node content (while "
           "parsing a flow node that starts at 2:1)");
  load_bad("just words\n",
           "bad.yaml:1:1: error: the top level is 'just words' (expected a mission: a mapping "
           "with name, table, terrain, forces)");

  /* Deep nesting is refused by the streaming pass, before any tree exists. */
  size_t n = 200000;
  char* deep = malloc(2 * n + 8);
  assert_non_null(deep);
  memcpy(deep, "a: ", 3);
  memset(deep + 3, '[', n);
  memset(deep + 3 + n, ']', n);
  deep[3 + 2 * n] = '\0';
  load_bad(deep,
           "bad.yaml:1:35: error: nesting deeper than 32 levels (expected a mission's shallow "
           "structure)");
  free(deep);

  /* Too big: refused before parsing. */
  size_t big = MURK_MISSION_MAX_BYTES + 1;
  char* huge = malloc(big);
  assert_non_null(huge);
  memset(huge, 'a', big);
  load_bad_n(huge, big,
             "bad.yaml: error: the file is 1048577 bytes, too large (expected a mission file of "
             "at most 1048576 bytes)");
  free(huge);

  /* More problems than a list holds: the extra ones are counted. */
  char many[4096] = "";
  for (int i = 0; i < 100; i++) {
    char k[32];
    snprintf(k, sizeof k, "k%d: 1\n", i);
    strcat(many, k);
  }
  struct murk_mission* m = NULL;
  struct murk_diags d;
  assert_int_equal(murk_mission_load_buffer("x.yaml", many, strlen(many), &m, &d), MURK_EINVAL);
  assert_int_equal(d.count, MURK_DIAG_MAX);
  assert_true(d.dropped > 0);
}

static void test_values_checked(void** state) {
  (void)state;
  /* A rule parameter out of range, an unknown rule parameter, an unknown rule. */
  minimal_bad("rules:\n  reserves: {score: 7}\n",
              "bad.yaml:17:21: error: 'score' is '7', out of range (expected 1 to 6)");
  minimal_bad("rules:\n  ambush: {max: 2}\n",
              "bad.yaml:17:12: error: unknown parameter 'max' for rule ambush (expected one of: "
              "platoons, keep_out, in_zone)");
  minimal_bad("rules:\n  concealment: {x: 1}\n",
              "bad.yaml:17:17: error: unknown parameter 'x' for rule concealment (it takes no "
              "parameters)");
  minimal_bad("rules:\n  fog_of_wat: {}\n",
              "bad.yaml:17:3: error: unknown rule 'fog_of_wat' (did you mean 'fog_of_war'?)");
  minimal_bad(
      "rules:\n  fog_of_war: {road: 30}\n",
      "bad.yaml:17:22: error: 'road': bad length '30': missing unit (expected cm, in, \", hex "
      "or cell)");
  minimal_bad("visibility: {die: d, table: {\"1\": 5cm}}\n",
              "bad.yaml:16:19: error: 'die' is 'd': expected a number of sides after 'd' (expected "
              "dice such as d6, 2d6*3 or d6+1)");
  minimal_bad("objectives: {fixed: [{at: \"6,0\"}]}\n",
              "bad.yaml:16:27: error: objective 'objective 1' at 6,0 is off the table (expected "
              "column 0 to 5 and row 0 to 3)");
}

static void test_load_file(void** state) {
  (void)state;
  struct murk_mission* m = NULL;
  struct murk_diags d;
  assert_int_equal(murk_mission_load(MURK_SOURCE_DIR "/data/missions/luneville.yaml", &m, &d),
                   MURK_OK);
  assert_non_null(m);
  assert_string_equal(m->id, "luneville");
  assert_int_equal(m->grid.width, 36);
  assert_int_equal(m->grid.height, 24);
  assert_true(murk_mission_rule_on(m, MURK_RULE_LOST_IN_THE_FOG));
  murk_mission_free(m);
  assert_int_equal(murk_mission_load(MURK_SOURCE_DIR "/no/such/file.yaml", &m, &d), MURK_EIO);
  assert_null(m);
  assert_int_equal(d.count, 1);
  assert_int_equal(d.items[0].line, 0);
  murk_mission_free(NULL);
}

/* ---- the registry and the names ---- */

static void test_registry(void** state) {
  (void)state;
  for (int r = 0; r < MURK_RULE_COUNT; r++) {
    const char* name = murk_rule_name((enum murk_rule_id)r);
    assert_int_equal(murk_rule_lookup(name), r);
    assert_true(strlen(murk_rule_source((enum murk_rule_id)r)) > 0);
  }
  assert_int_equal(murk_rule_lookup("no_such_rule"), MURK_RULE_COUNT);
  assert_int_equal(murk_rule_lookup(NULL), MURK_RULE_COUNT);
  assert_string_equal(murk_rule_name(MURK_RULE_NVR), "nvr");
  assert_string_equal(murk_rule_source(MURK_RULE_NVR), "asl-night");
  for (int p = 0; p < MURK_PARAM_COUNT; p++) {
    enum murk_param_id id = (enum murk_param_id)p;
    assert_int_equal(murk_param_lookup(murk_param_rule(id), murk_param_key(id)), p);
    assert_true(murk_param_min(id) <= murk_param_max(id));
  }
  assert_int_equal(murk_param_lookup(MURK_RULE_FOG_OF_WAR, "nope"), MURK_PARAM_COUNT);
  assert_int_equal(murk_param_lookup(MURK_RULE_RESERVES, "road"), MURK_PARAM_COUNT);
  assert_int_equal(murk_param_lookup(MURK_RULE_DELAYED_RESERVES, "score"), MURK_P_DRES_SCORE);
  assert_int_equal(murk_param_type(MURK_P_NF_SIGHT), MURK_PARAM_DICE);
  assert_string_equal(murk_param_default(MURK_P_NF_SIGHT), "2d6*3");
  assert_string_equal(murk_param_type_name(MURK_PARAM_BOOL), "true or false");
  /* Every default parses under a scale: the minimal mission loads without an internal
   * problem only if they all do. */
  struct murk_mission* m = load_ok("minimal.yaml", minimal);
  murk_mission_free(m);
}

/* The tutorial section: the side, and each prompt's moment by the game's own names. */
static void test_tutorial(void** state) {
  (void)state;
  struct murk_mission* m = load_ok("minimal.yaml", minimal);
  assert_int_equal(m->tutorial.side, MURK_NO_SIDE); /* no section: no tutorial */
  assert_int_equal(m->tutorial.nprompts, 0);
  murk_mission_free(m);
  char text[4096];
  snprintf(text, sizeof text, "%s%s", minimal,
           "tutorial:\n"
           "  side: defender\n"
           "  prompts:\n"
           "    - {phase: deploy, text: Deploy.}\n"
           "    - step: shooting\n"
           "      turn: 2\n"
           "      text: |\n"
           "        Shoot\n"
           "        now.\n"
           "    - {event: spot, text: Spotted.}\n");
  m = load_ok("minimal.yaml", text);
  assert_int_equal(m->tutorial.side, MURK_DEFENDER);
  assert_int_equal(m->tutorial.nprompts, 3);
  assert_int_equal(m->tutorial.prompts[0].when, MURK_TUTOR_PHASE);
  assert_int_equal(m->tutorial.prompts[0].which, MURK_PHASE_DEPLOY);
  assert_int_equal(m->tutorial.prompts[0].turn, 0);
  assert_int_equal(m->tutorial.prompts[1].when, MURK_TUTOR_STEP);
  assert_int_equal(m->tutorial.prompts[1].which, MURK_STEP_SHOOTING);
  assert_int_equal(m->tutorial.prompts[1].turn, 2);
  assert_string_equal(m->tutorial.prompts[1].text, "Shoot now."); /* one paragraph */
  assert_int_equal(m->tutorial.prompts[2].when, MURK_TUTOR_EVENT);
  assert_int_equal(m->tutorial.prompts[2].which, MURK_EV_SPOT);
  murk_mission_free(m);
  struct murk_diags d;
  assert_int_equal(murk_mission_load(MURK_SOURCE_DIR "/data/missions/tutorial.yaml", &m, &d),
                   MURK_OK);
  assert_int_equal(m->tutorial.side, MURK_ATTACKER);
  assert_true(m->tutorial.nprompts >= 5);
  murk_mission_free(m);
}

/* docs/mission-format.md has a row for every rule and parameter of the registry. */
static void test_docs_name_every_rule(void** state) {
  (void)state;
  FILE* f = fopen(MURK_SOURCE_DIR "/docs/mission-format.md", "rb");
  assert_non_null(f);
  static char doc[200000];
  size_t n = fread(doc, 1, sizeof doc - 1, f);
  fclose(f);
  doc[n] = '\0';
  char row[160];
  for (int r = 0; r < MURK_RULE_COUNT; r++) {
    enum murk_rule_id id = (enum murk_rule_id)r;
    int params = 0;
    for (int p = 0; p < MURK_PARAM_COUNT; p++) {
      if (murk_param_rule((enum murk_param_id)p) != id) continue;
      params++;
      snprintf(row, sizeof row, "| `%s` | %s | `%s` |", murk_rule_name(id), murk_rule_source(id),
               murk_param_key((enum murk_param_id)p));
      if (!strstr(doc, row)) fail_msg("docs/mission-format.md lacks the row '%s'", row);
    }
    if (params == 0) {
      snprintf(row, sizeof row, "| `%s` | %s | (none) |", murk_rule_name(id), murk_rule_source(id));
      if (!strstr(doc, row)) fail_msg("docs/mission-format.md lacks the row '%s'", row);
    }
  }
}

/* docs/rules.md, "Rules together", is made from the registry's pair table:
 * the text between its markers must be what rule_pairs_md() writes.
 * scripts/update-rule-pairs.sh rewrites it (MURK_UPDATE_DOCS=1). */
#define PAIRS_BEGIN \
  "<!-- rule-pairs: begin (made from include/murk/rules.h by scripts/update-rule-pairs.sh) -->\n"
#define PAIRS_END "<!-- rule-pairs: end -->\n"

/* The pair table with its scripted games (the fifth column of MURK_PAIR_LIST). */
struct pair_game {
  enum murk_rule_id a, b;
  enum murk_pair_verdict verdict;
  const char* game;
};
static const struct pair_game pair_games[] = {
#define PAIR_GAME(a, b, verdict, why, game) \
  {MURK_RULE_##a, MURK_RULE_##b, MURK_PAIR_##verdict, game},
    MURK_PAIR_LIST(PAIR_GAME)
#undef PAIR_GAME
};
#define NPAIR_GAMES (sizeof pair_games / sizeof pair_games[0])

static const char* pair_game(int a, int b) {
  for (size_t i = 0; i < NPAIR_GAMES; i++)
    if ((pair_games[i].a == (enum murk_rule_id)a && pair_games[i].b == (enum murk_rule_id)b) ||
        (pair_games[i].a == (enum murk_rule_id)b && pair_games[i].b == (enum murk_rule_id)a))
      return pair_games[i].game;
  return "";
}

static size_t rule_pairs_md(char* out, size_t cap) {
  size_t n = 0;
#define PUT(...) n += (size_t)snprintf(out + n, n < cap ? cap - n : 0, __VA_ARGS__)
  PUT("| | rule |");
  for (int b = 0; b < MURK_RULE_COUNT; b++) PUT(" %d |", b + 1);
  PUT("\n|---|---|");
  for (int b = 0; b < MURK_RULE_COUNT; b++) PUT("---|");
  PUT("\n");
  /* Notes are numbered in the order of the pair table: find each listed pair's number. */
  int note[MURK_RULE_COUNT][MURK_RULE_COUNT] = {{0}};
  const char* why_of[MURK_RULE_COUNT * MURK_RULE_COUNT];
  int na[MURK_RULE_COUNT * MURK_RULE_COUNT], nb[MURK_RULE_COUNT * MURK_RULE_COUNT];
  int nnotes = 0;
  for (int a = 0; a < MURK_RULE_COUNT; a++)
    for (int b = a + 1; b < MURK_RULE_COUNT; b++) {
      const char* why;
      if (murk_rule_pair((enum murk_rule_id)a, (enum murk_rule_id)b, &why) == MURK_PAIR_APART)
        continue;
      why_of[nnotes] = why;
      na[nnotes] = a, nb[nnotes] = b;
      note[a][b] = note[b][a] = ++nnotes;
    }
  for (int a = 0; a < MURK_RULE_COUNT; a++) {
    PUT("| %d | `%s` |", a + 1, murk_rule_name((enum murk_rule_id)a));
    for (int b = 0; b < MURK_RULE_COUNT; b++) {
      enum murk_pair_verdict v = murk_rule_pair((enum murk_rule_id)a, (enum murk_rule_id)b, NULL);
      if (a == b)
        PUT(" - |");
      else if (v == MURK_PAIR_APART)
        PUT(" . |");
      else
        PUT(" %s%d |", v == MURK_PAIR_WITH ? "+" : "x", note[a][b]);
    }
    PUT("\n");
  }
  PUT("\nThe numbered pairs (`+`: together, by this interplay; `x`: `murk check` refuses them, "
      "for this reason):\n\n");
  for (int i = 0; i < nnotes; i++) {
    enum murk_pair_verdict v =
        murk_rule_pair((enum murk_rule_id)na[i], (enum murk_rule_id)nb[i], NULL);
    const char* game = pair_game(na[i], nb[i]);
    PUT("%d. %s `%s` and `%s`: %s.", i + 1, v == MURK_PAIR_WITH ? "+" : "x",
        murk_rule_name((enum murk_rule_id)na[i]), murk_rule_name((enum murk_rule_id)nb[i]),
        why_of[i]);
    if (*game) PUT(" Played in `tests/games/%s.txt`.", game);
    PUT("\n");
  }
  PUT("\nWhat each rule governs (a `.` pair: each rule keeps to its own and neither reads the "
      "other's state):\n\n");
  for (int a = 0; a < MURK_RULE_COUNT; a++)
    PUT("- %d `%s`: %s.\n", a + 1, murk_rule_name((enum murk_rule_id)a),
        murk_rule_scope((enum murk_rule_id)a));
#undef PUT
  return n;
}

static void test_docs_rule_pairs(void** state) {
  (void)state;
  const char* path = MURK_SOURCE_DIR "/docs/rules.md";
  FILE* f = fopen(path, "rb");
  assert_non_null(f);
  static char doc[400000], want[60000], fixed[460000];
  size_t n = fread(doc, 1, sizeof doc - 1, f);
  fclose(f);
  doc[n] = '\0';
  size_t w = rule_pairs_md(want, sizeof want);
  assert_true(w < sizeof want);
  char* begin = strstr(doc, PAIRS_BEGIN);
  char* end = begin ? strstr(begin, PAIRS_END) : NULL;
  if (!begin || !end) fail_msg("docs/rules.md lacks the markers %s ... %s", PAIRS_BEGIN, PAIRS_END);
  begin += strlen(PAIRS_BEGIN);
  bool same = (size_t)(end - begin) == w && memcmp(begin, want, w) == 0;
  if (!same && getenv("MURK_UPDATE_DOCS")) {
    int k = snprintf(fixed, sizeof fixed, "%.*s%s%s", (int)(begin - doc), doc, want, end);
    assert_true(k > 0 && (size_t)k < sizeof fixed);
    f = fopen(path, "wb");
    assert_non_null(f);
    fwrite(fixed, 1, (size_t)k, f);
    fclose(f);
    return;
  }
  if (!same)
    fail_msg(
        "docs/rules.md, \"Rules together\", differs from the registry's pair table: run "
        "scripts/update-rule-pairs.sh");
  /* Every pair has its verdict, and the refused ones reach the loader. */
  for (int a = 0; a < MURK_RULE_COUNT; a++)
    for (int b = 0; b < MURK_RULE_COUNT; b++)
      assert_int_equal(murk_rule_pair((enum murk_rule_id)a, (enum murk_rule_id)b, NULL),
                       murk_rule_pair((enum murk_rule_id)b, (enum murk_rule_id)a, NULL));
  for (int a = 0; a < MURK_RULE_COUNT; a++) assert_true(murk_rule_scope((enum murk_rule_id)a)[0]);
}

/* Every pair the table marks WITH names a scripted game whose mission, with the rules its
 * "# with:" adds, has both rules on (its `# expect:` lines, checked by tests/cli/games.sh,
 * show the interplay); a REFUSED pair names none. */
static void test_pair_games(void** state) {
  (void)state;
  int with = 0;
  for (size_t i = 0; i < NPAIR_GAMES; i++) {
    const struct pair_game* p = &pair_games[i];
    const char* a = murk_rule_name(p->a);
    const char* b = murk_rule_name(p->b);
    if (p->verdict != MURK_PAIR_WITH) {
      if (*p->game) fail_msg("%s and %s are refused but name a game (%s)", a, b, p->game);
      continue;
    }
    with++;
    if (!*p->game)
      fail_msg("%s and %s play together but name no scripted game in the pair table", a, b);
    char path[512], mission[1024] = "", rules[600] = "", line[512];
    snprintf(path, sizeof path, MURK_SOURCE_DIR "/tests/games/%s.txt", p->game);
    FILE* f = fopen(path, "r");
    if (!f) fail_msg("%s and %s: their game %s is missing", a, b, path);
    while (fgets(line, sizeof line, f) && line[0] == '#') {
      line[strcspn(line, "\n")] = '\0';
      if (strncmp(line, "# mission: ", 11) == 0)
        snprintf(mission, sizeof mission, MURK_SOURCE_DIR "/%s", line + 11);
      else if (strncmp(line, "# with: ", 8) == 0)
        snprintf(rules, sizeof rules, "%s", line + 8);
    }
    fclose(f);
    struct murk_mission* m = NULL;
    struct murk_diags d;
    if (murk_mission_load(mission, &m, &d) != MURK_OK)
      fail_msg("%s: its mission '%s' does not load", path, mission);
    char err[300];
    if (*rules && murk_mission_add_rules(m, rules, err, sizeof err) != MURK_OK)
      fail_msg("%s: '# with: %s': %s", path, rules, err);
    if (!murk_mission_rule_on(m, p->a) || !murk_mission_rule_on(m, p->b))
      fail_msg("%s, the game of %s and %s, does not play both", path, a, b);
    murk_mission_free(m);
  }
  assert_true(with > 50);
}

static void test_names(void** state) {
  (void)state;
  assert_string_equal(murk_terrain_class_name(MURK_TERRAIN_RAILWAY), "railway");
  assert_string_equal(murk_terrain_class_name(MURK_TERRAIN_CLASS_COUNT), "unknown");
  assert_string_equal(murk_sight_name(MURK_SIGHT_HINDERING), "hindering");
  assert_string_equal(murk_compass_name(MURK_SW), "sw");
  assert_string_equal(murk_compass_name(MURK_NORTH), "north");
  assert_string_equal(murk_platoon_flag_name(MURK_PF_BIT_DEEP_STRIKE), "deep_strike");
  assert_string_equal(murk_platoon_flag_name(-1), "unknown");
  assert_string_equal(murk_end_kind_name(MURK_END_NO_ATTACKERS_IN_HALF), "no_attackers_in_half");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_full_example_header_and_table),
      cmocka_unit_test(test_full_example_places),
      cmocka_unit_test(test_full_example_rules_and_end),
      cmocka_unit_test(test_full_example_forces),
      cmocka_unit_test(test_defaults),
      cmocka_unit_test(test_tutorial),
      cmocka_unit_test(test_default_end_conditions),
      cmocka_unit_test(test_halves_and_quarters),
      cmocka_unit_test(test_keep_out_bands),
      cmocka_unit_test(test_rect_region),
      cmocka_unit_test(test_errors_at_exact_places),
      cmocka_unit_test(test_crlf_places),
      cmocka_unit_test(test_control_characters),
      cmocka_unit_test(test_several_problems_sorted),
      cmocka_unit_test(test_hostile_input),
      cmocka_unit_test(test_values_checked),
      cmocka_unit_test(test_load_file),
      cmocka_unit_test(test_registry),
      cmocka_unit_test(test_docs_rule_pairs),
      cmocka_unit_test(test_pair_games),
      cmocka_unit_test(test_docs_name_every_rule),
      cmocka_unit_test(test_names),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
