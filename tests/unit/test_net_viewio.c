/* test_net_viewio.c: a side's view on the wire and back (src/net/viewio.c).
 *
 * On every bundled mission, games played by the random and greedy players are stopped at
 * points from setup to the end; at each, each side's view goes through net_view_write and
 * net_view_read, and the view read back must be the same: written again it gives the same
 * text, every field and array equals the game's view, the reach of each own unit is the same,
 * and the TUI draws the same screen from it (every cell, in several modes and tabs). Then
 * the reader must refuse broken views without crashing. */
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
#include "hexmap.h"
#include "murk/alloc.h"
#include "murk/diag.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/view.h"
#include "sim.h"
#include "test_load.h"
#include "ui.h"
#include "viewio.h"

static const char* const missions[] = {
    "breakthrough",        "cauldron",          "counterattack", "dust-up",       "encounter",
    "fighting-withdrawal", "free-for-all",      "hasty-attack",  "hold-the-line", "li-hohenfeld",
    "luneville",           "night-saint-aubin", "no-mans-land",  "no-retreat",    "pincer",
    "relay-station-dusk",  "surrounded",
};

static char* write_text(const struct murk_view* v, size_t commands, size_t* len) {
  struct net_buf b = {0};
  net_view_write(v, commands, &b);
  assert_false(b.failed);
  *len = b.len;
  return b.p;
}

/* Two screens of the same view: every cell the same. */
static void same_screen(const struct murk_view* a, const struct murk_view* b, enum tui_mode mode,
                        int tab, const char* what) {
  struct tui_canvas ca = {0}, cb = {0};
  assert_int_equal(tui_canvas_init(&ca, 132, 44, false), MURK_OK);
  assert_int_equal(tui_canvas_init(&cb, 132, 44, false), MURK_OK);
  int n = a->grid.width * a->grid.height;
  unsigned char* cells = test_calloc((size_t)n, 1);
  struct tui_ui ui;
  memset(&ui, 0, sizeof ui);
  ui.side = a->side;
  ui.mode = mode;
  ui.tab = tab;
  ui.cells = cells;
  ui.ncells = n;
  ui.cursor = (struct murk_pos){a->grid.width / 2, a->grid.height / 2};
  if (mode == TUI_MODE_RECAP && a->nevents) ui.recap_first = ui.recap_at = a->nevents / 2;
  struct tui_layout L;
  tui_layout_compute(132, 44, &a->grid, &L);
  ui.map.cw = L.cell_w;
  tui_hexmap_place(&ui.map, &a->grid, L.map_x, L.map_y, L.map_w, L.map_h);
  tui_draw(&ca, a, &ui);
  tui_draw(&cb, b, &ui);
  for (int i = 0; i < ca.w * ca.h; i++)
    if (ca.cells[i].ch != cb.cells[i].ch || ca.cells[i].attr != cb.cells[i].attr)
      fail_msg("%s: the screens differ at %d,%d", what, i % ca.w, i / ca.w);
  test_free(cells);
  tui_canvas_fini(&ca);
  tui_canvas_fini(&cb);
}

#define SAME_ARRAY(f, n)                                                    \
  do {                                                                      \
    assert_int_equal(a->n, b->n);                                           \
    if (a->n) assert_memory_equal(a->f, b->f, (size_t)a->n * sizeof *a->f); \
  } while (0)

/* Bytes after a string's end are no part of it: zero them in the game's view, as the read
 * view has them. */
#define CLEAN(f)                         \
  do {                                   \
    size_t l_ = strnlen((f), sizeof(f)); \
    memset((f) + l_, 0, sizeof(f) - l_); \
  } while (0)
static void clean(struct murk_view* v) {
  for (int i = 0; i < v->nmarkers; i++) {
    CLEAN(v->markers[i].name);
    CLEAN(v->markers[i].type);
  }
  for (int i = 0; i < v->nteams; i++) CLEAN(v->teams[i].profile);
  for (int i = 0; i < v->nplatoons; i++) {
    CLEAN(v->platoons[i].name);
    CLEAN(v->platoons[i].type);
  }
  for (int i = 0; i < v->nwings; i++) CLEAN(v->wings[i].name);
  for (int i = 0; i < v->nobjectives; i++) CLEAN(v->objectives[i].name);
  for (int i = 0; i < v->nlights; i++) {
    CLEAN(v->lights[i].what);
    CLEAN(v->lights[i].until);
  }
  for (int i = 0; i < v->ncontacts; i++) CLEAN(v->contacts[i].profile);
  for (size_t i = 0; i < v->nevents; i++) {
    struct murk_event* e = &v->events[i];
    CLEAN(e->text);
    CLEAN(e->roll.purpose);
    for (int k = 0; k < MURK_ROLL_MODS; k++) CLEAN(e->roll.mods[k].label);
  }
}

static void same_view(const struct murk_view* a, const struct murk_view* b, const char* what) {
  assert_int_equal(a->side, b->side);
  assert_string_equal(a->mission_name, b->mission_name);
  assert_string_equal(a->briefing ? a->briefing : "", b->briefing);
  for (int s = 0; s < MURK_SIDES; s++)
    assert_string_equal(a->force_name[s] ? a->force_name[s] : "", b->force_name[s]);
  assert_memory_equal(&a->grid, &b->grid, sizeof a->grid);
  SAME_ARRAY(terrain, nterrain);
  assert_memory_equal(a->map, b->map, (size_t)a->grid.width * (size_t)a->grid.height);
  SAME_ARRAY(entries, nentries);
  assert_int_equal(a->own_zone != NULL, b->own_zone != NULL);
  if (a->own_zone) assert_memory_equal(a->own_zone, b->own_zone, sizeof *a->own_zone);
  SAME_ARRAY(own_more_zones, nown_more_zones);
  assert_int_equal(a->phase, b->phase);
  assert_int_equal(a->step, b->step);
  assert_int_equal(a->turn, b->turn);
  assert_int_equal(a->to_act, b->to_act);
  assert_string_equal(a->result, b->result);
  assert_int_equal(a->winner, b->winner);
  assert_memory_equal(a->vp, b->vp, sizeof a->vp);
  assert_int_equal(a->withdraw_due, b->withdraw_due);
  assert_int_equal(a->dummies_left, b->dummies_left);
  assert_int_equal(a->hidden_left, b->hidden_left);
  assert_int_equal(a->dummy_kind, b->dummy_kind);
  assert_int_equal(a->delay_counters, b->delay_counters);
  assert_memory_equal(a->held_back, b->held_back, sizeof a->held_back);
  assert_int_equal(a->visibility, b->visibility);
  assert_int_equal(a->night, b->night);
  assert_int_equal(a->nvr, b->nvr);
  assert_int_equal(a->sight_range, b->sight_range);
  assert_int_equal(a->dusk_dawn, b->dusk_dawn);
  assert_string_equal(a->conditions, b->conditions);
  assert_string_equal(a->prompt, b->prompt);
  assert_int_equal(a->verbs, b->verbs);
  assert_int_equal(a->rule_verbs, b->rule_verbs);
  SAME_ARRAY(place_cells, nplace_cells);
  /* How the game may end: every fact, the mission's end conditions row by row. */
  assert_int_equal(a->place_for, b->place_for);
  {
    const struct murk_view_ending *x = &a->ending, *y = &b->ending;
    assert_int_equal(x->nend, y->nend);
    for (int i = 0; i < x->nend; i++) {
      assert_int_equal(x->end[i].kind, y->end[i].kind);
      assert_int_equal(x->end[i].side, y->end[i].side);
      assert_int_equal(x->end[i].turn, y->end[i].turn);
      assert_int_equal(x->end[i].distance, y->end[i].distance);
    }
    assert_int_equal(x->hold, y->hold);
    assert_int_equal(x->turn_limit, y->turn_limit);
    assert_int_equal(x->random_length, y->random_length);
    assert_int_equal(x->otherwise, y->otherwise);
    assert_int_equal(x->points, y->points);
    assert_int_equal(x->aim, y->aim);
    assert_memory_equal(&x->defender_half, &y->defender_half, sizeof x->defender_half);
    assert_int_equal(x->withdraw_from, y->withdraw_from);
    assert_int_equal(x->remove_from, y->remove_from);
    assert_int_equal(x->held_until, y->held_until);
  }
  SAME_ARRAY(objectives, nobjectives);
  SAME_ARRAY(markers, nmarkers);
  SAME_ARRAY(teams, nteams);
  SAME_ARRAY(platoons, nplatoons);
  assert_int_equal(a->narrivals, b->narrivals);
  for (int i = 0; i < a->narrivals; i++) {
    const struct murk_view_arrival *x = &a->arrivals[i], *y = &b->arrivals[i];
    assert_int_equal(x->kind, y->kind);
    assert_string_equal(x->where, y->where);
    assert_int_equal(x->anywhere, y->anywhere);
    assert_int_equal(x->ncells, y->ncells);
    if (x->ncells) assert_memory_equal(x->cells, y->cells, (size_t)x->ncells * sizeof *x->cells);
  }
  SAME_ARRAY(lit, nlit);
  if (a->nlit) assert_memory_equal(a->lit_by, b->lit_by, (size_t)a->nlit * sizeof *a->lit_by);
  SAME_ARRAY(lights, nlights);
  SAME_ARRAY(contacts, ncontacts);
  SAME_ARRAY(wings, nwings);
  SAME_ARRAY(targets, ntargets);
  assert_int_equal(a->nevents, b->nevents);
  for (size_t i = 0; i < a->nevents; i++)
    if (memcmp(&a->events[i], &b->events[i], sizeof a->events[i]) != 0)
      fail_msg("%s: event %zu differs (%s)", what, i, a->events[i].text);
  /* Where each own unit may move: murk_view_reach reads the view read back as the game's. */
  size_t n = (size_t)a->grid.width * (size_t)a->grid.height;
  unsigned char* ra = test_calloc(n, 1);
  unsigned char* rb = test_calloc(n, 1);
  for (int i = 0; i < a->nmarkers; i++) {
    if (a->markers[i].owner != a->side || !a->markers[i].on_table) continue;
    int ka = murk_view_reach(a, a->markers[i].number, ra, 1);
    int kb = murk_view_reach(b, a->markers[i].number, rb, 1);
    assert_int_equal(ka, kb);
    assert_memory_equal(ra, rb, n);
  }
  test_free(ra);
  test_free(rb);
  same_screen(a, b, TUI_MODE_MAP, 0, what);
  same_screen(a, b, TUI_MODE_MAP, 1, what);
  same_screen(a, b, TUI_MODE_RECAP, 0, what);
  same_screen(a, b, TUI_MODE_OVER, 0, what);
}

static void round_trip(const struct murk_game* g, enum murk_side side, const char* what) {
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, side, &v), MURK_OK);
  size_t len = 0, commands = 0;
  char* text = write_text(v, murk_game_log_count(g), &len);
  /* Every line within the bound. */
  for (const char *p = text, *nl; (nl = memchr(p, '\n', len - (size_t)(p - text))); p = nl + 1)
    assert_true((size_t)(nl - p) <= NET_LINE_MAX);
  struct net_view* nv = net_view_parse(text, len, &commands);
  clean(v);
  if (!nv) {
    /* Say which line. */
    struct net_view_reader* r = net_view_reader_new();
    char line[NET_LINE_MAX + 1];
    for (const char *p = text, *nl; (nl = memchr(p, '\n', len - (size_t)(p - text))); p = nl + 1) {
      snprintf(line, sizeof line, "%.*s", (int)(nl - p), p);
      char shown[200];
      snprintf(shown, sizeof shown, "%.150s", line);
      if (net_view_reader_line(r, line) < 0)
        fail_msg("%s: the view does not read back: %s at: %s", what, net_view_reader_error(r),
                 shown);
    }
    fail_msg("%s: the view does not read back", what);
  }
  assert_int_equal(commands, murk_game_log_count(g));
  struct murk_view* back = net_view_view(nv);
  same_view(v, back, what);
  size_t len2 = 0;
  char* again = write_text(back, commands, &len2);
  assert_int_equal(len, len2);
  assert_memory_equal(text, again, len);
  murk_free(again);
  murk_free(text);
  net_view_free(nv);
  murk_view_free(v);
}

static void test_round_trip_bundled(void** state) {
  (void)state;
  for (size_t k = 0; k < sizeof missions / sizeof missions[0]; k++) {
    struct murk_mission* m = load_bundled(missions[k]);
    for (uint64_t seed = 1; seed <= 2; seed++) {
      struct murk_game* g = NULL;
      assert_int_equal(murk_game_new(m, seed, &g), MURK_OK);
      struct murk_sim sim;
      murk_sim_init(&sim, g, seed == 1 ? MURK_POLICY_GREEDY : MURK_POLICY_RANDOM,
                    MURK_POLICY_GREEDY, seed);
      char what[96];
      for (long n = 0; n < 3000; n++) {
        if (n % 37 == 0 || murk_game_phase(g) == MURK_PHASE_OVER) {
          snprintf(what, sizeof what, "%s seed %u after %ld", missions[k], (unsigned)seed, n);
          round_trip(g, MURK_ATTACKER, what);
          round_trip(g, MURK_DEFENDER, what);
        }
        if (murk_game_phase(g) == MURK_PHASE_OVER) break;
        if (murk_game_phase(g) == MURK_PHASE_PLAY && murk_game_turn(g) > 4) break;
        if (murk_sim_step(&sim) != MURK_OK) break;
      }
      murk_sim_free(&sim);
      murk_game_free(g);
    }
    murk_mission_free(m);
  }
}

/* Broken views are refused, and never crash the reader: every line cut short, every byte
 * changed to another of a few, lines dropped. */
static void test_broken_views(void** state) {
  (void)state;
  struct murk_mission* m = load_bundled("luneville");
  struct murk_game* g = NULL;
  assert_int_equal(murk_game_new(m, 7, &g), MURK_OK);
  struct murk_sim sim;
  murk_sim_init(&sim, g, MURK_POLICY_GREEDY, MURK_POLICY_GREEDY, 7);
  for (int n = 0; n < 60; n++) murk_sim_step(&sim);
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_ATTACKER, &v), MURK_OK);
  size_t len = 0;
  char* text = write_text(v, 60, &len);
  char* copy = test_malloc(len);
  /* A view without its end is not whole. */
  assert_null(net_view_parse(text, len - 9, NULL));
  /* Changed bytes: read or refused, never a crash. */
  const char repl[] = {'x', '-', ' ', '%', '9', '='};
  size_t step = len / 3000 + 1;
  for (size_t i = 0; i < len; i += step) {
    memcpy(copy, text, len);
    copy[i] = repl[i % sizeof repl];
    struct net_view* nv = net_view_parse(copy, len, NULL);
    net_view_free(nv);
  }
  /* A map cell without terrain is refused. */
  char* row = strstr(text, "\nrow 0 ");
  assert_non_null(row);
  memcpy(copy, text, len);
  copy[row - text + 7] = 'f';
  copy[row - text + 8] = 'f';
  assert_null(net_view_parse(copy, len, NULL));
  test_free(copy);
  murk_free(text);
  murk_view_free(v);
  murk_sim_free(&sim);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_words(void** state) {
  (void)state;
  struct net_buf b = {0};
  net_buf_addf(&b, "x");
  net_buf_str(&b, "a b%c\x1b\x7f=", 100);
  net_buf_str(&b, "", 100);
  assert_string_equal(b.p, "x =a%20b%25c%1b%7f= =");
  char* w[4];
  assert_int_equal(net_split(b.p, w, 4), 3);
  char out[16];
  assert_true(net_str(w[1], out, sizeof out));
  assert_string_equal(out, "a b%c\x1b\x7f=");
  assert_true(net_str(w[2], out, sizeof out));
  assert_string_equal(out, "");
  assert_false(net_str("=%00", out, sizeof out));
  assert_false(net_str("=%zz", out, sizeof out));
  assert_false(net_str("abc", out, sizeof out));
  assert_false(net_str("=0123456789abcdefg", out, sizeof out));
  long v;
  assert_true(net_int("-12", -20, 20, &v));
  assert_int_equal(v, -12);
  assert_false(net_int("21", -20, 20, &v));
  assert_false(net_int("1x", -20, 20, &v));
  assert_false(net_int("", -20, 20, &v));
  char two[] = "a  b";
  assert_int_equal(net_split(two, w, 4), -1);
  net_buf_free(&b);
}

static int stop_at_line(void* ctx, char* line) {
  (*(int*)ctx)++;
  return strcmp(line, "stop") == 0 ? 7 : 0;
}

static void test_reader_bound(void** state) {
  (void)state;
  struct net_reader* r = test_calloc(1, sizeof *r);
  int lines = 0;
  assert_int_equal(net_reader_feed(r, "a\nb", 3, stop_at_line, &lines), 0);
  assert_int_equal(lines, 1);
  assert_int_equal(net_reader_feed(r, "\nstop\nc\n", 8, stop_at_line, &lines), 7);
  assert_int_equal(lines, 3);
  /* A line one byte over the bound is refused, one at the bound is taken. */
  char* big = test_malloc(NET_LINE_MAX + 2);
  memset(big, 'y', NET_LINE_MAX + 2);
  big[NET_LINE_MAX] = '\n';
  memset(r, 0, sizeof *r);
  lines = 0;
  assert_int_equal(net_reader_feed(r, big, NET_LINE_MAX + 1, stop_at_line, &lines), 0);
  assert_int_equal(lines, 1);
  memset(big, 'y', NET_LINE_MAX + 2);
  big[NET_LINE_MAX + 1] = '\n';
  memset(r, 0, sizeof *r);
  assert_int_equal(net_reader_feed(r, big, NET_LINE_MAX + 2, stop_at_line, &lines), -1);
  assert_int_equal(lines, 1);
  /* NUL bytes are refused. */
  memset(r, 0, sizeof *r);
  assert_int_equal(net_reader_feed(r, "a\0b\n", 4, stop_at_line, &lines), -1);
  test_free(big);
  test_free(r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_words),
      cmocka_unit_test(test_reader_bound),
      cmocka_unit_test(test_round_trip_bundled),
      cmocka_unit_test(test_broken_views),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
