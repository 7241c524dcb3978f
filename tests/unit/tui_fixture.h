/* tui_fixture.h: a hand-built view for the TUI's unit tests (no game needed).
 *
 * A 12 x 8 hex table:
 *
 *   row 0  . . . . = . . . . . . .
 *   row 1  . T T . = . . ~ . . . .
 *   row 2  . T T . = . . ~ . B B .
 *   row 3  . . . . = = = ~ = = . .      (= road, ~ stream, T woods, B village)
 *   row 4  . . . . . . . ~ . . . .
 *   row 5  . . . . . . . ~ . . . .
 *   row 6  . . . . . . . . . . . .
 *   row 7  . . . . . . . . . . . .
 *
 * The attacker's view: its own template T1 (platoon 0, "Alpha Tanks") at 2,5, its own
 * dummy T4 at 5,6; the defender's unknown template T2 at 9,4 and revealed platoon P3
 * ("Gamma Rifles") with two teams at 10,1 and 11,1; an objective at 3,0; entry 1 at 0,3. */
#ifndef MURK_TEST_TUI_FIXTURE_H
#define MURK_TEST_TUI_FIXTURE_H

#include <string.h>

#include "murk/view.h"

#define FIX_W 12
#define FIX_H 8

struct fixture {
  struct murk_view v;
  struct murk_terrain terrain[5];
  unsigned char map[FIX_W * FIX_H];
  struct murk_entry entries[1];
  struct murk_view_objective objectives[1];
  struct murk_view_marker markers[4];
  struct murk_view_team teams[2];
  struct murk_view_platoon platoons[2];
  struct murk_event events[3];
};

static inline void fixture_init(struct fixture* f) {
  memset(f, 0, sizeof *f);
  static const char* rows[FIX_H] = {
      "....=.......", ".TT.=..~....", ".TT.=..~.BB.", "....===~==..",
      ".......~....", ".......~....", "............", "............",
  };
  f->terrain[0] = (struct murk_terrain){
      '.', "fields", MURK_TERRAIN_OPEN, MURK_SIGHT_CLEAR, MURK_WORKS_NONE, false};
  f->terrain[1] = (struct murk_terrain){
      '=', "road", MURK_TERRAIN_ROAD, MURK_SIGHT_CLEAR, MURK_WORKS_NONE, false};
  f->terrain[2] = (struct murk_terrain){
      'T', "woods", MURK_TERRAIN_DIFFICULT, MURK_SIGHT_BLOCKING, MURK_WORKS_NONE, false};
  f->terrain[3] = (struct murk_terrain){
      '~', "stream", MURK_TERRAIN_WATER, MURK_SIGHT_CLEAR, MURK_WORKS_NONE, false};
  f->terrain[4] = (struct murk_terrain){
      'B', "village", MURK_TERRAIN_DIFFICULT, MURK_SIGHT_BLOCKING, MURK_WORKS_NONE, false};
  for (int y = 0; y < FIX_H; y++)
    for (int x = 0; x < FIX_W; x++) {
      const char* legend = ".=T~B";
      f->map[y * FIX_W + x] = (unsigned char)(strchr(legend, rows[y][x]) - legend);
    }
  f->entries[0] = (struct murk_entry){1, "west road", {0, 3}, MURK_TERRAIN_ROAD, 2};
  f->objectives[0] =
      (struct murk_view_objective){"Hill", {3, 0}, MURK_ATTACKER, MURK_NO_SIDE, false};

  struct murk_view_marker* m = f->markers;
  m[0] = (struct murk_view_marker){.number = 1,
                                   .owner = MURK_ATTACKER,
                                   .pos = {2, 5},
                                   .on_table = true,
                                   .known = true,
                                   .may_move = true, /* not moved yet this step */
                                   .platoon = 0};
  strcpy(m[0].name, "Alpha Tanks");
  strcpy(m[0].type, "tank platoon");
  m[0].nteams = 3;
  m[1] = (struct murk_view_marker){
      .number = 2, .owner = MURK_DEFENDER, .pos = {9, 4}, .on_table = true, .platoon = -1};
  m[2] = (struct murk_view_marker){.number = 3,
                                   .owner = MURK_DEFENDER,
                                   .pos = {10, 1},
                                   .revealed = true,
                                   .known = true,
                                   .platoon = 1,
                                   .nteams = 2};
  strcpy(m[2].name, "Gamma Rifles");
  strcpy(m[2].type, "rifle platoon");
  m[3] = (struct murk_view_marker){.number = 4,
                                   .owner = MURK_ATTACKER,
                                   .pos = {5, 6},
                                   .on_table = true,
                                   .known = true,
                                   .dummy = true,
                                   .platoon = -1};
  f->teams[0] = (struct murk_view_team){
      .owner = MURK_DEFENDER, .marker = 3, .platoon = 1, .profile = "rifle", .pos = {10, 1}};
  f->teams[1] = (struct murk_view_team){
      .owner = MURK_DEFENDER, .marker = 3, .platoon = 1, .profile = "rifle", .pos = {11, 1}};

  f->platoons[0] = (struct murk_view_platoon){
      .index = 0, .state = MURK_PLATOON_HIDDEN, .marker = 1, .nteams = 3, .command_distance = 3};
  strcpy(f->platoons[0].name, "Alpha Tanks");
  strcpy(f->platoons[0].type, "tank platoon");
  f->platoons[1] = (struct murk_view_platoon){
      .index = 1, .state = MURK_PLATOON_RESERVE, .nteams = 4, .command_distance = 3};
  strcpy(f->platoons[1].name, "Beta Guns");
  strcpy(f->platoons[1].type, "gun platoon");

  const char* texts[3] = {"turn 2: attacker's movement step", "defender T2 moves 9,2 -> 9,4",
                          "bogging check T2: d6 = [3] = 3: passed"};
  for (int i = 0; i < 3; i++) {
    f->events[i].seq = 10 + i;
    f->events[i].turn = 2;
    f->events[i].kind = i == 2 ? MURK_EV_ROLL : i == 1 ? MURK_EV_MOVE : MURK_EV_PHASE;
    strcpy(f->events[i].text, texts[i]);
  }
  f->events[1].has_pos = true;
  f->events[1].from = (struct murk_pos){9, 2};
  f->events[1].to = (struct murk_pos){9, 4};
  f->events[1].marker = 2;

  struct murk_view* v = &f->v;
  v->side = MURK_ATTACKER;
  v->mission_name = "Fixture";
  v->rule_verbs = ~0u; /* every verb: the rules of all missions */
  /* Legal now, in the own movement step: moves, reveals, the end of the step. */
  v->verbs = (1u << MURK_CMD_MOVE) | (1u << MURK_CMD_REVEAL) | (1u << MURK_CMD_END);
  v->briefing = "Take the hill.\n\nDo not lose the tanks.";
  v->grid = (struct murk_grid){MURK_GRID_HEX, FIX_W, FIX_H};
  v->terrain = f->terrain;
  v->nterrain = 5;
  v->map = f->map;
  v->entries = f->entries;
  v->nentries = 1;
  v->phase = MURK_PHASE_PLAY;
  v->step = MURK_STEP_MOVEMENT;
  v->turn = 2;
  v->to_act = MURK_ATTACKER;
  v->result[0] = '\0';
  v->visibility = -1;
  strcpy(v->prompt, "turn 2, attacker's movement step");
  v->objectives = f->objectives;
  v->nobjectives = 1;
  v->markers = f->markers;
  v->nmarkers = 4;
  v->teams = f->teams;
  v->nteams = 2;
  v->platoons = f->platoons;
  v->nplatoons = 2;
  v->events = f->events;
  v->nevents = 3;
}

#endif
