/* test_tui_draw.c: the screen drawn from a hand-built view and UI state, without a
 * terminal: where cells, markers and the cursor land, what the panels say, the hand-over
 * and too-small screens, and the ASCII fallback. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "canvas.h"
#include "draw.h"
#include "glyph.h"
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
  x->ui.seed = 4242;
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

/* Size the canvas, place the map for that layout, draw. */
static void draw(struct ctx* x, int w, int h, bool ascii) {
  assert_int_equal(tui_canvas_init(&x->c, w, h, ascii), MURK_OK);
  struct tui_layout L;
  tui_layout_compute(w, h, &x->f.v.grid, &L);
  x->ui.map.cw = L.cell_w;
  tui_hexmap_place(&x->ui.map, &x->f.v.grid, L.map_x, L.map_y, L.map_w, L.map_h);
  tui_draw(&x->c, &x->f.v, &x->ui);
}

/* The two cells of table cell p on screen. */
static void dump(struct ctx* x) {
  if (!getenv("DUMP")) return;
  char buf[2048];
  for (int y = 0; y < x->c.h; y++) {
    tui_canvas_row(&x->c, y, buf, sizeof buf);
    fprintf(stderr, "%s\n", buf);
  }
}

static void cell_text(struct ctx* x, struct murk_pos p, uint32_t out[2], int attr[2]) {
  int sx, sy;
  assert_true(tui_hexmap_to_screen(&x->ui.map, p, &sx, &sy));
  for (int i = 0; i < 2; i++) {
    const struct tui_cell* c = tui_canvas_at(&x->c, sx + i, sy);
    out[i] = c->ch;
    if (attr) attr[i] = c->attr;
  }
}

static void test_layout(void** state) {
  (void)state;
  struct murk_grid g = {MURK_GRID_HEX, 36, 24};
  struct tui_layout L;
  tui_layout_compute(100, 40, &g, &L);
  assert_false(L.too_small);
  assert_int_equal(L.map_w, 73); /* the whole table fits beside a 26-column panel */
  assert_int_equal(L.map_x, 0);  /* so no row numbers: they would make it scroll */
  assert_int_equal(L.ruler_w, 0);
  assert_int_equal(L.cell_w, 2);
  assert_int_equal(L.panel_x, 74);
  assert_int_equal(L.panel_w, 26);
  assert_int_equal(L.map_y, 2); /* the column numbers above it */
  assert_int_equal(L.map_h, 24);
  assert_int_equal(L.log_y, 26);
  assert_int_equal(L.log_h, 12);
  assert_int_equal(L.msg_y, 38);
  assert_int_equal(L.keys_y, 39);
  tui_layout_compute(80, 24, &g, &L);
  assert_int_equal(L.ruler_w, TUI_RULER_W); /* the map scrolls: row numbers on its left */
  assert_int_equal(L.map_x, TUI_RULER_W);
  assert_int_equal(L.map_w, 50);
  assert_int_equal(L.map_h, 16); /* the map scrolls; the log keeps 3 lines and a heading */
  assert_int_equal(L.log_h, 4);
  /* A large window uses its room: four columns a cell, the whole table, a wide panel. */
  tui_layout_compute(250, 70, &g, &L);
  assert_int_equal(L.cell_w, 4);
  assert_int_equal(L.map_w, tui_hexmap_width_at(&g, 4));
  assert_int_equal(L.sep_x, L.map_x + L.map_w);
  assert_int_equal(L.panel_w, 250 - 1 - L.sep_x);
  assert_true(L.panel_w >= TUI_ZOOM_PANEL);
  tui_layout_compute(120, 40, &g, &L); /* room for neither: two columns, a wider panel */
  assert_int_equal(L.cell_w, 2);
  assert_int_equal(L.panel_w, 120 - 1 - L.map_x - 73);
  tui_layout_compute(TUI_MIN_W - 1, 40, &g, &L);
  assert_true(L.too_small);
  tui_layout_compute(100, TUI_MIN_H - 1, &g, &L);
  assert_true(L.too_small);
}

static void test_terrain_and_markers_in_place(void** state) {
  struct ctx* x = *state;
  x->ui.cursor = (struct murk_pos){0, 7};
  draw(x, 100, 30, false);
  uint32_t ch[2];
  int at[2];
  /* Woods at 1,1 (odd row: one column right of 1,0's). */
  cell_text(x, (struct murk_pos){1, 1}, ch, at);
  assert_int_equal(ch[0], 0x2663);
  assert_int_equal(at[0], TUI_A_WOODS);
  int sx0, sy0, sx1, sy1;
  tui_hexmap_to_screen(&x->ui.map, (struct murk_pos){1, 0}, &sx0, &sy0);
  tui_hexmap_to_screen(&x->ui.map, (struct murk_pos){1, 1}, &sx1, &sy1);
  assert_int_equal(sx1, sx0 + tui_hexmap_cell_w(&x->ui.map) / 2);
  assert_int_equal(sy1, sy0 + 1);
  /* Water fills both columns; roads too; a village. */
  cell_text(x, (struct murk_pos){7, 4}, ch, at);
  assert_int_equal(ch[0], 0x2248);
  assert_int_equal(ch[1], 0x2248);
  assert_int_equal(at[0], TUI_A_WATER);
  cell_text(x, (struct murk_pos){4, 2}, ch, at);
  assert_int_equal(at[0], TUI_A_ROAD);
  cell_text(x, (struct murk_pos){9, 2}, ch, at);
  assert_int_equal(at[0], TUI_A_BUILDING);
  /* Own template T1, own dummy T4 and enemy template T2 look alike but for colour. */
  cell_text(x, (struct murk_pos){2, 5}, ch, at);
  assert_int_equal(ch[0], 'T');
  assert_int_equal(ch[1], '1');
  assert_int_equal(at[0], TUI_A_OWN);
  cell_text(x, (struct murk_pos){5, 6}, ch, at);
  assert_int_equal(ch[0], 'T');
  assert_int_equal(ch[1], '4');
  assert_int_equal(at[0], TUI_A_OWN);
  cell_text(x, (struct murk_pos){9, 4}, ch, at);
  assert_int_equal(ch[0], 'T');
  assert_int_equal(ch[1], '2');
  assert_int_equal(at[0], TUI_A_ENEMY);
  /* The revealed enemy platoon's teams: P3 in two cells. */
  cell_text(x, (struct murk_pos){10, 1}, ch, at);
  assert_int_equal(ch[0], 'P');
  assert_int_equal(ch[1], '3');
  assert_int_equal(at[0], TUI_A_ENEMY_TEAM);
  cell_text(x, (struct murk_pos){11, 1}, ch, at);
  assert_int_equal(ch[1], '3');
  /* Objective and entry point. */
  cell_text(x, (struct murk_pos){3, 0}, ch, at);
  assert_int_equal(ch[0], tui_glyph_objective(false));
  assert_int_equal(at[0], TUI_A_OBJECTIVE);
  cell_text(x, (struct murk_pos){0, 3}, ch, at);
  assert_int_equal(ch[0], 'E');
  assert_int_equal(ch[1], '1');
  /* The cursor is reverse video over both columns of its cell, glyph kept. */
  cell_text(x, (struct murk_pos){0, 7}, ch, at);
  assert_int_equal(at[0], TUI_A_CURSOR);
  assert_int_equal(at[1], TUI_A_CURSOR);
  assert_int_equal(ch[0], 0xb7);
}

static void test_roster_labels(void** state) {
  struct ctx* x = *state;
  x->ui.roster_labels = true;
  draw(x, 100, 30, false);
  uint32_t ch[2];
  cell_text(x, (struct murk_pos){2, 5}, ch, NULL);
  assert_int_equal(ch[0], '#');
  assert_int_equal(ch[1], '1'); /* roster number 1 (index 0) */
  cell_text(x, (struct murk_pos){9, 4}, ch, NULL);
  assert_int_equal(ch[0], 'T'); /* enemies keep their marker numbers */
}

/* How the battle is won and when it ends: the turn of the last, from the view's ending,
 * in the status bar and the panel, and the core's one line of the end under it. */
static void test_turn_of_last(void** state) {
  struct ctx* x = *state;
  x->f.v.ending.turn_limit = 6;
  snprintf(x->f.v.ending.summary, sizeof x->f.v.ending.summary, "%s",
           "either side wins holding an objective; last turn 6");
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "| turn 2 of 6, movement step |"));
  assert_true(tui_canvas_contains(&x->c, "either side wins"));
  tui_canvas_fini(&x->c);
  x->f.v.ending.random_length = true;
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "turn 2 of 6 or more, movement step"));
  tui_canvas_fini(&x->c);
  x->f.v.ending.turn_limit = 0;
  x->f.v.ending.random_length = false;
  x->f.v.ending.summary[0] = '\0';
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "turn 2 (no last turn)"));
  assert_false(tui_canvas_contains(&x->c, "either side wins"));
}

static void test_panels(void** state) {
  struct ctx* x = *state;
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "Fixture"));
  assert_true(tui_canvas_contains(&x->c, "attacker's table"));
  assert_true(tui_canvas_contains(&x->c, "seed 4242"));
  /* No last turn in the fixture's ending: the status says so. */
  assert_true(tui_canvas_contains(&x->c, "turn 2 (no last turn), movement step"));
  /* The cell under the cursor: own template with its roster number and name. */
  assert_true(tui_canvas_contains(&x->c, "Cell 02,05"));
  assert_true(tui_canvas_contains(&x->c, "T1: your 1"));
  assert_true(tui_canvas_contains(&x->c, "Alpha Tanks"));
  assert_true(tui_canvas_contains(&x->c, " 1 T1   Alpha Tanks"));
  /* Objectives, forces, events. */
  assert_true(tui_canvas_contains(&x->c, "03,00 Hill free (attacker's)"));
  assert_true(tui_canvas_contains(&x->c, " 2 res  Beta Guns"));
  assert_true(tui_canvas_contains(&x->c, "defender T2 moves 9,2 -> 9,4"));
  assert_true(tui_canvas_contains(&x->c, "bogging check T2"));
  /* Who holds it is the view's (the core judges it): drawn as it says. */
  x->f.v.objectives[0].held_by = MURK_ATTACKER;
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "03,00 Hill held by you (attacker's)"));
  x->f.v.objectives[0].held_by = MURK_DEFENDER;
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "03,00 Hill held by defender (attacker's)"));
  x->f.v.objectives[0].held_by = MURK_NO_SIDE;
  x->f.v.objectives[0].contested = true;
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "03,00 Hill contested (attacker's)"));
  x->f.v.objectives[0].contested = false;
  /* The briefing tab. */
  x->ui.tab = TUI_TAB_BRIEFING;
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "Take the hill."));
  assert_false(tui_canvas_contains(&x->c, "Beta Guns"));
}

static void test_enemy_template_shows_nothing_hidden(void** state) {
  struct ctx* x = *state;
  /* Even if an unknown marker carried a name by mistake, the screen goes by `known`. */
  strcpy(x->f.markers[1].name, "Secret Shermans");
  strcpy(x->f.markers[1].type, "secret type");
  x->ui.cursor = (struct murk_pos){9, 4};
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "T2: enemy template"));
  assert_false(tui_canvas_contains(&x->c, "Secret"));
  assert_false(tui_canvas_contains(&x->c, "secret type"));
  /* A revealed enemy team: its platoon's handle and name. */
  x->ui.cursor = (struct murk_pos){10, 1};
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "P3 defender: rifle"));
  assert_true(tui_canvas_contains(&x->c, "Gamma Rifles"));
}

static void test_handover_shows_no_table(void** state) {
  struct ctx* x = *state;
  x->ui.mode = TUI_MODE_HANDOVER;
  x->ui.next = MURK_DEFENDER;
  x->ui.next_turn = 3;
  strcpy(x->ui.message, "attacker's secret message");
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "Pass the keyboard to the defender."));
  assert_true(tui_canvas_contains(&x->c, "Turn 3"));
  static const char* const table[] = {"\xc2\xb7", "\xe2\x99\xa3", "\xe2\x89\x88", "T1",    "T2",
                                      "P3",       "E1",           "Alpha",        "Gamma", "Hill",
                                      "Fixture",  "secret",       "moves"};
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    assert_false(tui_canvas_contains(&x->c, table[i]));
  /* Drawn with no view at all. */
  tui_canvas_clear(&x->c, TUI_A_NORMAL);
  tui_draw(&x->c, NULL, &x->ui);
  assert_true(tui_canvas_contains(&x->c, "HAND OVER"));
}

static void test_too_small(void** state) {
  struct ctx* x = *state;
  draw(x, 20, 8, false);
  assert_true(tui_canvas_contains(&x->c, "Window too small"));
  assert_true(tui_canvas_contains(&x->c, "need"));
  assert_false(tui_canvas_contains(&x->c, "T1"));
  assert_false(tui_canvas_contains(&x->c, "\xe2\x99\xa3"));
  /* q there asks too, and the question is on the screen. */
  x->ui.confirm_quit = true;
  draw(x, 20, 8, false);
  assert_true(tui_canvas_contains(&x->c, "Quit? y / n"));
  x->ui.confirm_quit = false;
  /* One column short of the minimum is still too small; the minimum itself draws. */
  draw(x, TUI_MIN_W - 1, TUI_MIN_H, false);
  assert_true(tui_canvas_contains(&x->c, "too small"));
  draw(x, TUI_MIN_W, TUI_MIN_H, false);
  assert_false(tui_canvas_contains(&x->c, "too small"));
  assert_true(tui_canvas_contains(&x->c, "T1"));
}

static void test_ascii_fallback(void** state) {
  struct ctx* x = *state;
  draw(x, 100, 30, true);
  for (int y = 0; y < x->c.h; y++)
    for (int i = 0; i < x->c.w; i++) assert_true(tui_canvas_at(&x->c, i, y)->ch < 0x80);
  uint32_t ch[2];
  /* The mission's own map characters. */
  cell_text(x, (struct murk_pos){1, 1}, ch, NULL);
  assert_int_equal(ch[0], 'T');
  cell_text(x, (struct murk_pos){7, 4}, ch, NULL);
  assert_int_equal(ch[0], '~');
  cell_text(x, (struct murk_pos){3, 0}, ch, NULL);
  assert_int_equal(ch[0], 'O');
  assert_true(tui_canvas_contains(&x->c, "|- Attacker -"));
}

static void test_recap_is_one_page(void** state) {
  struct ctx* x = *state;
  x->ui.mode = TUI_MODE_RECAP;
  x->ui.recap_first = 1;
  x->ui.recap_scroll = 0;
  x->f.v.events[1].side = MURK_DEFENDER;
  x->f.v.events[2].side = MURK_DEFENDER;
  draw(x, 100, 30, false);
  /* One page: every event since the last turn at once, under its turn and step, the
   * enemy's apart from the side's own. */
  assert_true(tui_canvas_contains(&x->c, "Since your last turn: 2 events  [Enter: the map]"));
  assert_true(tui_canvas_contains(&x->c, "the enemy (defender):"));
  assert_true(tui_canvas_contains(&x->c, "    defender T2 moves"));
  assert_true(tui_canvas_contains(&x->c, "bogging check T2"));
  assert_true(tui_canvas_contains(&x->c, "Enter the map"));
  assert_int_equal(tui_recap_count(&x->f.v, &x->ui), 4);
  assert_true(tui_canvas_contains(&x->c, "turn 2"));
  /* The side's own apart, after the enemy's. */
  x->f.v.events[2].side = MURK_ATTACKER;
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "  yours:"));
  assert_int_equal(tui_recap_count(&x->f.v, &x->ui), 5);
}

static void test_move_preview_cells(void** state) {
  struct ctx* x = *state;
  x->ui.mode = TUI_MODE_MOVE;
  x->ui.move_from = (struct murk_pos){2, 5};
  x->cells[6 * FIX_W + 3] = TUI_CELL_REACH;
  x->ui.cursor = (struct murk_pos){0, 0};
  draw(x, 100, 30, false);
  int at[2];
  uint32_t ch[2];
  cell_text(x, (struct murk_pos){3, 6}, ch, at);
  assert_int_equal(at[0], TUI_A_REACH);
  cell_text(x, (struct murk_pos){4, 6}, ch, at);
  assert_int_equal(at[0], TUI_A_OPEN);
  cell_text(x, (struct murk_pos){2, 5}, ch, at);
  assert_int_equal(at[0], TUI_A_MARK);
  /* At night a lit cell keeps the preview while moving, and is lit otherwise. */
  struct murk_pos lit[2] = {{3, 6}, {4, 6}};
  x->f.v.lit = lit;
  x->f.v.nlit = 2;
  draw(x, 100, 30, false);
  cell_text(x, (struct murk_pos){3, 6}, ch, at);
  assert_int_equal(at[0], TUI_A_REACH);
  cell_text(x, (struct murk_pos){4, 6}, ch, at);
  assert_int_equal(at[0], TUI_A_LIT);
  assert_int_equal(ch[0], 0xb7); /* the terrain's glyph stays */
  x->ui.mode = TUI_MODE_MAP;
  draw(x, 100, 30, false);
  cell_text(x, (struct murk_pos){3, 6}, ch, at);
  assert_int_equal(at[0], TUI_A_LIT);
  x->f.v.nlit = 0;
  x->ui.mode = TUI_MODE_MOVE;
  /* Outside move mode the preview is not drawn. */
  x->ui.mode = TUI_MODE_MAP;
  draw(x, 100, 30, false);
  cell_text(x, (struct murk_pos){3, 6}, ch, at);
  assert_int_equal(at[0], TUI_A_OPEN);
}

static void test_overlays_and_command_line(void** state) {
  struct ctx* x = *state;
  x->ui.help = true;
  /* Tall enough for the whole help, its long lines wrapped (never cut). */
  draw(x, 100, 100, false);
  assert_true(tui_canvas_contains(&x->c, "Keys  (any key closes)"));
  assert_true(tui_canvas_contains(&x->c, "undo your last command"));
  /* After the keys, the legend of this table's glyphs. */
  assert_true(tui_canvas_contains(&x->c, "Map legend"));
  assert_true(tui_canvas_contains(&x->c, "\u2663    woods (difficult)"));
  assert_true(tui_canvas_contains(&x->c, "T5   marker T5"));
  assert_true(tui_canvas_contains(&x->c, "\u25c75   a Dis counter of leader T5"));
  /* A short window scrolls the help. */
  draw(x, 60, 16, false);
  assert_true(tui_canvas_contains(&x->c, "Keys  (j/k scroll, other keys close)"));
  assert_true(tui_canvas_contains(&x->c, "Cursor"));
  assert_false(tui_canvas_contains(&x->c, "quit (asks first)"));
  x->ui.help_scroll = 100;
  draw(x, 60, 16, false);
  assert_false(tui_canvas_contains(&x->c, "Cursor"));
  assert_true(tui_canvas_contains(&x->c, "an objective"));
  x->ui.help = false;
  x->ui.confirm_quit = true;
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "Quit the game? The autosave is kept."));
  /* A joined game's client keeps no autosave: the host keeps the game. */
  x->ui.hosted = true;
  draw(x, 100, 30, false);
  assert_false(tui_canvas_contains(&x->c, "autosave"));
  assert_true(tui_canvas_contains(&x->c, "The host keeps it"));
  x->ui.hosted = false;
  x->ui.confirm_quit = false;
  x->ui.mode = TUI_MODE_COMMAND;
  strcpy(x->ui.line, "move 1 to 3,4");
  x->ui.line_len = x->ui.line_cur = strlen(x->ui.line);
  strcpy(x->ui.message, "that is 5 cells");
  x->ui.message_attr = TUI_A_ERROR;
  draw(x, 100, 30, false);
  char buf[512];
  tui_canvas_row(&x->c, 29, buf, sizeof buf);
  assert_memory_equal(buf, ":move 1 to 3,4 ", 15);
  assert_int_equal(tui_canvas_at(&x->c, 14, 29)->attr, TUI_A_CURSOR);
  tui_canvas_row(&x->c, 28, buf, sizeof buf);
  assert_memory_equal(buf, "that is 5 cells", 15);
  assert_int_equal(tui_canvas_at(&x->c, 0, 28)->attr, TUI_A_ERROR);
  /* A long reason wraps upwards over the end of the log, whole. */
  x->ui.mode = TUI_MODE_MAP;
  snprintf(x->ui.message, sizeof x->ui.message,
           "deploy 1 at 13,21: platoon 1 (Brigade Command Tanks) is an independent or warrior "
           "team: it deploys after the platoons");
  draw(x, 100, 30, false);
  tui_canvas_row(&x->c, 27, buf, sizeof buf);
  assert_memory_equal(buf, "deploy 1 at 13,21", 17);
  tui_canvas_row(&x->c, 28, buf, sizeof buf);
  assert_memory_equal(buf, "after the platoons", 18);
  /* The keys of the verbs legal now (the view's verbs): no shooting in the movement step. */
  assert_true(tui_canvas_contains(&x->c, "m move r reveal e end step"));
  assert_false(tui_canvas_contains(&x->c, "f shoot"));
  x->f.v.step = MURK_STEP_SHOOTING;
  x->f.v.verbs = (1u << MURK_CMD_REVEAL) | (1u << MURK_CMD_SPOT) | (1u << MURK_CMD_SHOOT) |
                 (1u << MURK_CMD_END);
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "r reveal s spot f shoot"));
  assert_false(tui_canvas_contains(&x->c, "m move"));
  /* Words per rule set: no spotting key where the rules give no `spot`, which
   * the view's verbs then never hold. */
  x->f.v.rule_verbs &= ~(1u << MURK_CMD_SPOT);
  x->f.v.verbs &= ~(1u << MURK_CMD_SPOT);
  draw(x, 100, 30, false);
  assert_false(tui_canvas_contains(&x->c, "s spot"));
  assert_true(tui_canvas_contains(&x->c, "r reveal f shoot"));
}

/* The screen at column col of row y, n columns of ASCII ('~' for anything else). */
static void row_at(struct ctx* x, int col, int y, int n, char* out) {
  for (int i = 0; i < n; i++) {
    uint32_t ch = tui_canvas_at(&x->c, col + i, y)->ch;
    out[i] = ch >= ' ' && ch < 0x7f ? (char)ch : '~';
  }
  out[n] = '\0';
}

/* Coordinates on the map's edges, and labels that stay readable from 10 up. */
static void test_rulers_and_two_digit_labels(void** state) {
  struct ctx* x = *state;
  char s[16];
  /* 80 columns: the 12-cell table fits; column numbers above it, every other one. */
  x->ui.cursor = (struct murk_pos){0, 7};
  draw(x, 80, 24, false);
  int sx, sy;
  assert_true(tui_hexmap_to_screen(&x->ui.map, (struct murk_pos){4, 0}, &sx, &sy));
  row_at(x, sx, sy - 1, 2, s);
  assert_string_equal(s, "04");
  assert_true(tui_hexmap_to_screen(&x->ui.map, (struct murk_pos){10, 0}, &sx, &sy));
  row_at(x, sx, sy - 1, 2, s);
  assert_string_equal(s, "10");
  /* Row numbers on the left, the cursor's row standing out. */
  if (x->ui.map.sx >= TUI_RULER_W) {
    assert_true(tui_hexmap_to_screen(&x->ui.map, (struct murk_pos){0, 6}, &sx, &sy));
    row_at(x, x->ui.map.sx - TUI_RULER_W, sy, 2, s);
    assert_string_equal(s, "06");
    assert_true(tui_hexmap_to_screen(&x->ui.map, (struct murk_pos){0, 7}, &sx, &sy));
    assert_int_equal(tui_canvas_at(&x->c, x->ui.map.sx - TUI_RULER_W, sy)->attr, TUI_A_HEAD);
  }
  /* Two-digit numbers at two columns a cell: the kind's letter and the whole number, over
   * the first column of the cell to the right where that shows only terrain ... */
  x->f.markers[1].number = 12; /* an enemy marker at 9,4 */
  x->f.teams[0].marker = 13;   /* enemy teams at 10,1 and 11,1 */
  x->f.teams[1].marker = 13;
  x->f.markers[2].number = 13;
  x->f.markers[1].ndis = 1; /* a Dis counter of T12 at 6,6 */
  x->f.markers[1].dis[0] = (struct murk_pos){6, 6};
  struct murk_view_contact k = {
      .owner = MURK_DEFENDER, .marker = 12, .team = true, .pos = {2, 7}, .turn = 1};
  x->f.v.contacts = &k; /* where a team of P12 was last seen */
  x->f.v.ncontacts = 1;
  x->ui.cursor = (struct murk_pos){0, 0};
  draw(x, 80, 24, true);
  assert_int_equal(tui_hexmap_cell_w(&x->ui.map), 2);
  uint32_t ch[2];
  int at[2];
  assert_true(tui_hexmap_to_screen(&x->ui.map, (struct murk_pos){9, 4}, &sx, &sy));
  row_at(x, sx, sy, 3, s);
  assert_string_equal(s, "T12");
  assert_true(tui_hexmap_to_screen(&x->ui.map, (struct murk_pos){6, 6}, &sx, &sy));
  row_at(x, sx, sy, 3, s);
  assert_string_equal(s, "d12");
  assert_true(tui_hexmap_to_screen(&x->ui.map, (struct murk_pos){2, 7}, &sx, &sy));
  row_at(x, sx, sy, 3, s);
  assert_string_equal(s, "P12");
  assert_int_equal(tui_canvas_at(&x->c, sx + 2, sy)->attr, TUI_A_CONTACT);
  /* ... else the letter and '+' (the number is in the cell panel): P13's teams side by
   * side, the second in the table's last column. */
  cell_text(x, (struct murk_pos){10, 1}, ch, at);
  assert_int_equal(ch[0], 'P');
  assert_int_equal(ch[1], '+');
  assert_int_equal(at[0], TUI_A_ENEMY_TEAM);
  cell_text(x, (struct murk_pos){11, 1}, ch, NULL);
  assert_int_equal(ch[0], 'P');
  assert_int_equal(ch[1], '+');
  /* A label to the right keeps its place: T12 beside T13 stays "T+". */
  x->f.markers[2].on_table = true;
  x->f.markers[2].pos = (struct murk_pos){10, 4};
  draw(x, 80, 24, true);
  cell_text(x, (struct murk_pos){9, 4}, ch, NULL);
  assert_int_equal(ch[0], 'T');
  assert_int_equal(ch[1], '+');
  assert_true(tui_hexmap_to_screen(&x->ui.map, (struct murk_pos){10, 4}, &sx, &sy));
  row_at(x, sx, sy, 3, s);
  assert_string_equal(s, "T13");
  x->f.markers[2].on_table = false;
  x->f.markers[2].pos = (struct murk_pos){10, 1};
  x->f.markers[1].ndis = 0;
  x->f.v.ncontacts = 0;
  /* ... and zoomed in (a large window), the kind's letter with the whole number. */
  draw(x, 120, 40, false);
  assert_int_equal(tui_hexmap_cell_w(&x->ui.map), 4);
  assert_true(tui_hexmap_to_screen(&x->ui.map, (struct murk_pos){9, 4}, &sx, &sy));
  row_at(x, sx, sy, 3, s);
  assert_string_equal(s, "T12");
  assert_true(tui_hexmap_to_screen(&x->ui.map, (struct murk_pos){10, 1}, &sx, &sy));
  row_at(x, sx, sy, 3, s);
  assert_string_equal(s, "P13");
  /* Zoomed in, every column has its number. */
  assert_true(tui_hexmap_to_screen(&x->ui.map, (struct murk_pos){11, 0}, &sx, &sy));
  row_at(x, sx, sy - 1, 2, s);
  assert_string_equal(s, "11");
  /* Terrain in the own deployment zone keeps its own look on the zone's ground. */
  x->cells[1 * FIX_W + 1] |= TUI_CELL_ZONE;
  draw(x, 80, 24, false);
  cell_text(x, (struct murk_pos){1, 1}, ch, at);
  assert_int_equal(ch[0], 0x2663);
  assert_int_equal(at[0], TUI_A_ZONE_WOODS);
}

static void test_pick_list(void** state) {
  struct ctx* x = *state;
  x->ui.mode = TUI_MODE_PICK;
  strcpy(x->ui.pick.title, "Deploy at 02,05");
  x->ui.pick.n = 2;
  strcpy(x->ui.pick.items[0].label, "first choice");
  strcpy(x->ui.pick.items[1].label, "second choice");
  x->ui.pick.items[1].has_pos = true;
  x->ui.pick.items[1].pos = (struct murk_pos){5, 6};
  x->ui.pick.sel = 1;
  x->ui.cursor = (struct murk_pos){0, 0};
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "Deploy at 02,05"));
  assert_true(tui_canvas_contains(&x->c, "second choice"));
  assert_true(tui_canvas_contains(&x->c, "Enter ok"));
}

/* Limited Intelligence (27.1.2): each leader's Dis counters on their cells, in a
 * look of their own, under any leader or team that shares the cell; the panel names whose
 * they are. */
static void test_dis_counters(void** state) {
  struct ctx* x = *state;
  struct murk_view_marker* own = &x->f.markers[0];   /* own T1 at 2,5 */
  struct murk_view_marker* enemy = &x->f.markers[1]; /* enemy T2 at 9,4 */
  own->kind = enemy->kind = MURK_MARKER_WING;
  own->ndis = 2;
  own->dis[0] = (struct murk_pos){3, 6};
  own->dis[1] = (struct murk_pos){5, 6}; /* under the own dummy T4: the leader shows */
  enemy->ndis = 2;
  enemy->dis[0] = (struct murk_pos){8, 4};
  enemy->dis[1] = (struct murk_pos){10, 1}; /* under a team of P3: the team shows */
  x->ui.cursor = (struct murk_pos){0, 0};
  draw(x, 100, 30, false);
  uint32_t ch[2];
  int at[2];
  cell_text(x, (struct murk_pos){3, 6}, ch, at);
  assert_int_equal(ch[0], 0x25c7); /* ◇1 */
  assert_int_equal(ch[1], '1');
  assert_int_equal(at[0], TUI_A_OWN_DIS);
  assert_int_equal(at[1], TUI_A_OWN_DIS);
  cell_text(x, (struct murk_pos){8, 4}, ch, at);
  assert_int_equal(ch[0], 0x25c7);
  assert_int_equal(ch[1], '2');
  assert_int_equal(at[0], TUI_A_ENEMY_DIS);
  /* Distinct from every other look on the map. */
  assert_int_not_equal(TUI_A_ENEMY_DIS, TUI_A_CONTACT);
  assert_int_not_equal(TUI_A_OWN_DIS, TUI_A_OWN);
  cell_text(x, (struct murk_pos){5, 6}, ch, at);
  assert_int_equal(ch[0], 'T');
  assert_int_equal(ch[1], '4');
  assert_int_equal(at[0], TUI_A_OWN);
  cell_text(x, (struct murk_pos){10, 1}, ch, at);
  assert_int_equal(ch[0], 'P');
  assert_int_equal(at[0], TUI_A_ENEMY_TEAM);
  /* Nowhere else. */
  cell_text(x, (struct murk_pos){4, 6}, ch, at);
  assert_int_equal(at[0], TUI_A_OPEN);
  /* ASCII: 'd' and the digit. */
  draw(x, 100, 30, true);
  cell_text(x, (struct murk_pos){8, 4}, ch, at);
  assert_int_equal(ch[0], 'd');
  assert_int_equal(ch[1], '2');
  assert_int_equal(at[0], TUI_A_ENEMY_DIS);
  /* The cell under the cursor says whose Dis counter it is. */
  x->ui.cursor = (struct murk_pos){8, 4};
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "Cell 08,04"));
  assert_true(tui_canvas_contains(&x->c, "Dis counter of enemy T2"));
  assert_false(tui_canvas_contains(&x->c, "Dis counter of your"));
  x->ui.cursor = (struct murk_pos){3, 6};
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "Dis counter of your T1"));
  /* Sharing a cell with a marker: both are described. */
  x->ui.cursor = (struct murk_pos){5, 6};
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "T4: your dummy"));
  assert_true(tui_canvas_contains(&x->c, "Dis counter of your T1"));
  /* An enemy leader is called one. */
  x->ui.cursor = (struct murk_pos){9, 4};
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "T2: enemy wing leader"));
  /* A marker off the table has no Dis counters on it. */
  enemy->on_table = false;
  x->ui.cursor = (struct murk_pos){8, 4};
  draw(x, 100, 30, false);
  assert_false(tui_canvas_contains(&x->c, "Dis counter"));
  cell_text(x, (struct murk_pos){8, 4}, ch, at);
  assert_int_not_equal(at[0], TUI_A_ENEMY_DIS);
}

/* Contacts: where enemies out of sight were last seen, dim on the map, and in words in the
 * cell under the cursor (which marker or team, and when). */
static void test_contacts_described(void** state) {
  struct ctx* x = *state;
  struct murk_view_contact k[4];
  memset(k, 0, sizeof k);
  k[0] = (struct murk_view_contact){
      .owner = MURK_DEFENDER, .marker = 6, .kind = MURK_MARKER_TEMPLATE, .pos = {6, 1}, .turn = 1};
  k[1] = (struct murk_view_contact){
      .owner = MURK_DEFENDER, .marker = 3, .team = true, .pos = {8, 6}, .turn = 2};
  strcpy(k[1].profile, "rifle");
  k[2] = (struct murk_view_contact){
      .owner = MURK_DEFENDER, .marker = 7, .kind = MURK_MARKER_CLOAK, .pos = {11, 7}, .turn = 0};
  /* Last seen on entry point 1 (it came on there): the contact, not the entry label. */
  k[3] = (struct murk_view_contact){
      .owner = MURK_DEFENDER, .marker = 8, .kind = MURK_MARKER_TEMPLATE, .pos = {0, 3}, .turn = 3};
  x->f.v.contacts = k;
  x->f.v.ncontacts = 4;
  x->ui.cursor = (struct murk_pos){6, 1};
  draw(x, 100, 30, false);
  uint32_t ch[2];
  int at[2];
  cell_text(x, (struct murk_pos){8, 6}, ch, at);
  assert_int_equal(ch[0], 'P');
  assert_int_equal(ch[1], '3');
  assert_int_equal(at[0], TUI_A_CONTACT);
  /* Zoomed in (this window has room), a memory says so: "P3?". */
  assert_int_equal(tui_hexmap_cell_w(&x->ui.map), 4);
  int csx, csy;
  assert_true(tui_hexmap_to_screen(&x->ui.map, (struct murk_pos){8, 6}, &csx, &csy));
  assert_int_equal(tui_canvas_at(&x->c, csx + 2, csy)->ch, '?');
  cell_text(x, (struct murk_pos){0, 3}, ch, at);
  assert_int_equal(ch[0], 'T');
  assert_int_equal(ch[1], '8');
  assert_int_equal(at[0], TUI_A_CONTACT);
  assert_true(tui_canvas_contains(&x->c, "Cell 06,01"));
  assert_true(tui_canvas_contains(&x->c, "T6 last seen turn 1"));
  assert_true(tui_canvas_contains(&x->c, "enemy template"));
  assert_false(tui_canvas_contains(&x->c, "P3 last seen"));
  x->ui.cursor = (struct murk_pos){8, 6};
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "P3 last seen turn 2"));
  assert_true(tui_canvas_contains(&x->c, "enemy team: rifle"));
  assert_false(tui_canvas_contains(&x->c, "T6 last seen"));
  x->ui.cursor = (struct murk_pos){11, 7};
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "T7 last seen in setup"));
  assert_true(tui_canvas_contains(&x->c, "enemy cloaking counter"));
  x->ui.cursor = (struct murk_pos){0, 3};
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "entry 1: west road"));
  assert_true(tui_canvas_contains(&x->c, "T8 last seen turn 3"));
  /* A cell nobody was seen on says nothing of the kind. */
  x->ui.cursor = (struct murk_pos){0, 7};
  draw(x, 100, 30, false);
  assert_false(tui_canvas_contains(&x->c, "last seen"));
}

/* "Why can't I see it?": the cell panel gives the view's reason for each
 * enemy last seen there, names the cell that blocks the line, and says what lights a cell
 * and until when. */
static void test_sight_reasons(void** state) {
  struct ctx* x = *state;
  struct murk_view_contact k[3];
  memset(k, 0, sizeof k);
  k[0] = (struct murk_view_contact){.owner = MURK_DEFENDER,
                                    .marker = 6,
                                    .kind = MURK_MARKER_CLOAK,
                                    .pos = {11, 2},
                                    .turn = 2,
                                    .sight = MURK_VIEW_NO_LINE,
                                    .blocker = {10, 2},
                                    .has_blocker = true};
  k[1] = (struct murk_view_contact){.owner = MURK_DEFENDER,
                                    .marker = 7,
                                    .kind = MURK_MARKER_CLOAK,
                                    .pos = {11, 6},
                                    .turn = 2,
                                    .sight = MURK_VIEW_BEYOND_NVR};
  k[2] = (struct murk_view_contact){.owner = MURK_DEFENDER,
                                    .marker = 8,
                                    .kind = MURK_MARKER_CLOAK,
                                    .pos = {5, 6},
                                    .turn = 2,
                                    .sight = MURK_VIEW_MOVED};
  x->f.v.contacts = k;
  x->f.v.ncontacts = 3;
  x->f.v.night = true;
  x->f.v.nvr = 3;
  x->f.v.sight_range = 3;
  struct murk_pos lit[1] = {{5, 6}};
  int lit_by[1] = {0};
  struct murk_view_light lights[1];
  memset(lights, 0, sizeof lights);
  strcpy(lights[0].what, "starshell");
  lights[0].at = (struct murk_pos){5, 5};
  lights[0].by = MURK_ATTACKER;
  strcpy(lights[0].until, "until the attacker's next turn");
  x->f.v.lit = lit;
  x->f.v.lit_by = lit_by;
  x->f.v.nlit = 1;
  x->f.v.lights = lights;
  x->f.v.nlights = 1;
  x->ui.cursor = (struct murk_pos){11, 2};
  draw(x, 120, 40, false);
  dump(x);
  assert_true(tui_canvas_contains(&x->c, "T6 last seen turn 2"));
  assert_true(tui_canvas_contains(&x->c, "not seen: the village at 10,02 blocks"));
  assert_true(tui_canvas_contains(&x->c, "blocks the line from your nearest"));
  x->ui.cursor = (struct murk_pos){11, 6};
  draw(x, 120, 40, false);
  dump(x);
  assert_true(tui_canvas_contains(&x->c, "beyond the night"));
  x->ui.cursor = (struct murk_pos){5, 6};
  draw(x, 120, 40, false);
  dump(x);
  assert_true(tui_canvas_contains(&x->c, "sighting roll"));
  assert_true(tui_canvas_contains(&x->c, "lit by the attacker's starshell at"));
  assert_true(tui_canvas_contains(&x->c, "05,05, until the attacker's"));
  /* An unlit cell says nothing of lights. */
  x->ui.cursor = (struct murk_pos){0, 7};
  draw(x, 120, 40, false);
  assert_false(tui_canvas_contains(&x->c, "lit by"));
}

/* The prompt wraps in full: its last words are on screen, however long. */
static void test_prompt_wraps_in_full(void** state) {
  struct ctx* x = *state;
  snprintf(x->f.v.prompt, sizeof x->f.v.prompt, "%s",
           "deploy N|dummy at X,Y: 5 platoons and 2 dummies left; end when done; the "
           "independents come after the platoons; LASTWORD");
  draw(x, 100, 40, false);
  dump(x);
  assert_true(tui_canvas_contains(&x->c, "LASTWORD"));
  /* The smallest window: a narrower panel, more lines, still all of it. */
  draw(x, 60, 16, false);
  dump(x);
  assert_true(tui_canvas_contains(&x->c, "LASTWORD"));
}

/* A question before what cannot be taken back: the question, the
 * keys, and the cell of a placement marked on the map. */
static void test_confirm_drawn(void** state) {
  struct ctx* x = *state;
  x->ui.confirm.open = true;
  snprintf(x->ui.confirm.text, sizeof x->ui.confirm.text, "Deploy 1 Alpha Tanks at 06,06?");
  snprintf(x->ui.confirm.line, sizeof x->ui.confirm.line, "deploy 1 at 06,06");
  x->ui.confirm.at = (struct murk_pos){6, 6};
  x->ui.confirm.has_pos = true;
  draw(x, 100, 30, false);
  assert_true(tui_canvas_contains(&x->c, "Deploy 1 Alpha Tanks at 06,06?"));
  assert_true(tui_canvas_contains(&x->c, "y or Enter: yes"));
  uint32_t ch[2];
  int at[2];
  cell_text(x, (struct murk_pos){6, 6}, ch, at);
  assert_int_equal(ch[0], '?');
  assert_int_equal(at[0], TUI_A_MARK);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_layout),
      cmocka_unit_test_setup_teardown(test_rulers_and_two_digit_labels, setup, teardown),
      cmocka_unit_test_setup_teardown(test_terrain_and_markers_in_place, setup, teardown),
      cmocka_unit_test_setup_teardown(test_roster_labels, setup, teardown),
      cmocka_unit_test_setup_teardown(test_panels, setup, teardown),
      cmocka_unit_test_setup_teardown(test_turn_of_last, setup, teardown),
      cmocka_unit_test_setup_teardown(test_enemy_template_shows_nothing_hidden, setup, teardown),
      cmocka_unit_test_setup_teardown(test_handover_shows_no_table, setup, teardown),
      cmocka_unit_test_setup_teardown(test_too_small, setup, teardown),
      cmocka_unit_test_setup_teardown(test_ascii_fallback, setup, teardown),
      cmocka_unit_test_setup_teardown(test_recap_is_one_page, setup, teardown),
      cmocka_unit_test_setup_teardown(test_move_preview_cells, setup, teardown),
      cmocka_unit_test_setup_teardown(test_overlays_and_command_line, setup, teardown),
      cmocka_unit_test_setup_teardown(test_pick_list, setup, teardown),
      cmocka_unit_test_setup_teardown(test_dis_counters, setup, teardown),
      cmocka_unit_test_setup_teardown(test_contacts_described, setup, teardown),
      cmocka_unit_test_setup_teardown(test_sight_reasons, setup, teardown),
      cmocka_unit_test_setup_teardown(test_prompt_wraps_in_full, setup, teardown),
      cmocka_unit_test_setup_teardown(test_confirm_drawn, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
