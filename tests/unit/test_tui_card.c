/* test_tui_card.c: what card.c draws from a hand-built view (tui_fixture.h): the card of
 * the unit at the cursor, own in full and the enemy's only as far as the view knows it; the
 * line-of-sight thread's verdict; text that is never cut (a long message points to the
 * reader, which holds it whole; a long list label wraps). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "canvas.h"
#include "card.h"
#include "draw.h"
#include "murk/error.h"
#include "tui_fixture.h"
#include "ui.h"

struct ctx {
  struct fixture f;
  struct tui_ui ui;
  struct tui_canvas c;
  unsigned char cells[FIX_W * FIX_H];
};

static int setup(void** state) {
  struct ctx* x = test_calloc(1, sizeof *x);
  fixture_init(&x->f);
  x->ui.side = MURK_ATTACKER;
  x->ui.mode = TUI_MODE_MAP;
  x->ui.cursor = (struct murk_pos){2, 5};
  x->ui.cells = x->cells;
  x->ui.ncells = FIX_W * FIX_H;
  *state = x;
  return 0;
}

static int teardown(void** state) {
  struct ctx* x = *state;
  tui_canvas_fini(&x->c);
  test_free(x);
  return 0;
}

static void draw(struct ctx* x, int w, int h) {
  tui_canvas_fini(&x->c);
  assert_int_equal(tui_canvas_init(&x->c, w, h, false), MURK_OK);
  struct tui_layout L;
  tui_layout_compute(w, h, &x->f.v.grid, &L);
  x->ui.map.cw = L.cell_w;
  tui_hexmap_place(&x->ui.map, &x->f.v.grid, L.map_x, L.map_y, L.map_w, L.map_h);
  tui_draw(&x->c, &x->f.v, &x->ui);
}

static bool card_has(const struct tui_card* k, const char* s) {
  for (int i = 0; i < k->n; i++)
    if (strstr(k->line[i].text, s)) return true;
  return false;
}

static const struct murk_view_stats rifle = {.skill = 3,
                                             .motivation = 4,
                                             .save = 3,
                                             .rof = 2,
                                             .rof_moving = 1,
                                             .anti_tank = 2,
                                             .firepower = 6,
                                             .fow = true};

static void test_own_card_in_full(void** state) {
  struct ctx* x = *state;
  struct murk_view_platoon* pl = &x->f.platoons[0];
  pl->ngroups = 1;
  strcpy(pl->groups[0].profile, "Panther");
  pl->groups[0].alive = 3;
  pl->groups[0].range = 8;
  pl->groups[0].stats = (struct murk_view_stats){.skill = 4,
                                                 .motivation = 3,
                                                 .armoured = true,
                                                 .armour = {10, 5, 1},
                                                 .rof = 2,
                                                 .rof_moving = 1,
                                                 .anti_tank = 14,
                                                 .firepower = 2,
                                                 .fow = true};
  struct tui_card k;
  tui_card_of(&x->f.v, (struct murk_pos){2, 5}, &k);
  assert_true(card_has(&k, "T1: your platoon 1 under its template"));
  assert_true(card_has(&k, "Alpha Tanks (tank platoon), 3 teams"));
  assert_true(card_has(&k, "Panther (3): skill 4+, motivation 3+, armour 10/5/1"));
  assert_true(card_has(&k, "range 8 cells, rate of fire 2 (moving 1), anti-tank 14, firepower 2+"));
  /* Drawn over the map, titled with the cell, once c is on. */
  x->ui.card = true;
  draw(x, 100, 30);
  assert_true(tui_canvas_contains(&x->c, "Card 02,05"));
  assert_true(tui_canvas_contains(&x->c, "anti-tank 14"));
  x->ui.card = false;
  draw(x, 100, 30);
  assert_false(tui_canvas_contains(&x->c, "Card 02,05"));
}

/* An enemy template: its kind, nothing of what it holds, whatever the record carries. */
static void test_enemy_template_shows_nothing(void** state) {
  struct ctx* x = *state;
  struct murk_view_marker* t2 = &x->f.markers[1];
  strcpy(t2->name, "Secret Grenadiers"); /* not known: a card must not read it */
  strcpy(t2->type, "grenadier platoon");
  t2->nteams = 5;
  struct tui_card k;
  tui_card_of(&x->f.v, t2->pos, &k);
  assert_true(card_has(&k, "T2: enemy template"));
  assert_true(card_has(&k, "What it holds is hidden"));
  assert_false(card_has(&k, "Secret"));
  assert_false(card_has(&k, "grenadier"));
  assert_false(card_has(&k, "5 teams"));
  assert_false(card_has(&k, "skill"));
}

/* A revealed enemy team: the public facts the view holds. */
static void test_revealed_enemy_card(void** state) {
  struct ctx* x = *state;
  x->f.teams[0].stats = x->f.teams[1].stats = rifle;
  x->f.teams[0].range = x->f.teams[1].range = 4;
  struct tui_card k;
  tui_card_of(&x->f.v, (struct murk_pos){10, 1}, &k);
  assert_true(card_has(&k, "P3: enemy Gamma Rifles (rifle platoon), 2 teams"));
  assert_true(card_has(&k, "rifle (1): skill 3+, motivation 4+, save 3+"));
  assert_true(card_has(&k, "rifle (2): skill 3+")); /* its teams in sight */
  assert_true(card_has(&k, "anti-tank 2, firepower 6+"));
  tui_card_of(&x->f.v, (struct murk_pos){6, 6}, &k);
  assert_true(card_has(&k, "No unit at 06,06."));
}

static void test_los_verdict(void** state) {
  struct ctx* x = *state;
  x->f.v.sight_range = 1000000;
  /* From 0,1 east along row 1 into the woods at 1,1 and 2,1: the far end is 3,1. */
  x->ui.los = true;
  x->ui.los_from = (struct murk_pos){0, 1};
  x->ui.cursor = (struct murk_pos){3, 1};
  draw(x, 100, 30);
  assert_true(
      tui_canvas_contains(&x->c, "line of sight 00,01 to 03,01: blocked by the woods at 01,01"));
  /* Over the enemy's hidden template at 9,4: a unit never blocks a line. */
  x->ui.los_from = (struct murk_pos){9, 6};
  x->ui.cursor = (struct murk_pos){9, 2};
  draw(x, 100, 30);
  assert_false(tui_canvas_contains(&x->c, "blocked"));
  assert_true(tui_canvas_contains(&x->c, "line of sight 09,06 to 09,02: clear, 4 cells"));
  /* A message (a refusal) stays in view: the verdict goes above it. */
  snprintf(x->ui.message, sizeof x->ui.message, "move refused: zebra");
  draw(x, 100, 30);
  assert_true(tui_canvas_contains(&x->c, "move refused: zebra"));
  assert_true(tui_canvas_contains(&x->c, "line of sight 09,06 to 09,02: clear, 4 cells"));
  x->ui.message[0] = '\0';
  x->ui.los = false;
  draw(x, 100, 30);
  assert_false(tui_canvas_contains(&x->c, "line of sight"));
}

/* A message longer than its three lines says where the rest is; the reader holds it whole. */
static void test_long_message_and_reader(void** state) {
  struct ctx* x = *state;
  char msg[TUI_MESSAGE_MAX];
  snprintf(msg, sizeof msg, "%s",
           "refused: this is a long message of many words that goes on and on so that it "
           "cannot fit on three lines of a narrow window of sixty columns, not even when the "
           "lines are full to the last column of the window, and it ends with the word "
           "zanzibar");
  snprintf(x->ui.message, sizeof x->ui.message, "%s", msg);
  draw(x, 60, 16);
  assert_true(tui_canvas_contains(&x->c, "M: the whole message"));
  /* The event log cuts its lines at its width, and its heading says where they are whole. */
  assert_true(tui_canvas_contains(&x->c, "Events  M: whole lines"));
  assert_false(tui_canvas_contains(&x->c, "zanzibar"));
  x->ui.reader = true;
  draw(x, 60, 16);
  assert_true(tui_canvas_contains(&x->c, "zanzibar"));
  assert_true(tui_canvas_contains(&x->c, "bogging check T2: d6 = [3] = 3: passed"));
  /* Its lines as wrapped: a narrower window has more of them. */
  assert_true(tui_reader_count(&x->f.v, &x->ui, 30) > tui_reader_count(&x->f.v, &x->ui, 56));
}

/* A list's label longer than the box wraps: its end is on the screen. */
static void test_long_pick_label_wraps(void** state) {
  struct ctx* x = *state;
  x->ui.mode = TUI_MODE_PICK;
  struct tui_pick* pk = &x->ui.pick;
  snprintf(pk->title, sizeof pk->title, "Deploy at 02,05");
  pk->n = 2;
  snprintf(pk->items[0].label, sizeof pk->items[0].label, "%s",
           "1 Able Company of the Fourth Armoured Battalion (heavy tank platoon with its "
           "recce troop, 3 teams) ending in quagga");
  snprintf(pk->items[1].label, sizeof pk->items[1].label, "- a dummy");
  pk->sel = 1;
  draw(x, 60, 16);
  assert_true(tui_canvas_contains(&x->c, "quagga"));
  assert_true(tui_canvas_contains(&x->c, "- a dummy"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_own_card_in_full, setup, teardown),
      cmocka_unit_test_setup_teardown(test_enemy_template_shows_nothing, setup, teardown),
      cmocka_unit_test_setup_teardown(test_revealed_enemy_card, setup, teardown),
      cmocka_unit_test_setup_teardown(test_los_verdict, setup, teardown),
      cmocka_unit_test_setup_teardown(test_long_message_and_reader, setup, teardown),
      cmocka_unit_test_setup_teardown(test_long_pick_label_wraps, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
