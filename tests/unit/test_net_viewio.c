/* test_net_viewio.c: a side's view on the wire and back (src/net/viewio.c).
 *
 * The tables of the view's records (viewfields.c) cover their structs member by member.
 * On every bundled mission, games played by the random and greedy players are stopped at
 * points from setup to the end; at each, each side's view goes through net_view_write and
 * the reader, and the view read back must be the same: written again it gives the same
 * text, every field of every table equals the game's view, the reach of each own unit is
 * the same, and the TUI draws the same screen from it (every cell, in several modes and
 * tabs); the lean view holds what the tables' lean column says. Unknown keys and lines are
 * skipped; the reader refuses broken views without crashing. */
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
#include "viewfields.h"
#include "viewio.h"

static const char* const missions[] = {
    "breakthrough",        "cauldron",          "counterattack", "dust-up",       "encounter",
    "fighting-withdrawal", "free-for-all",      "hasty-attack",  "hold-the-line", "li-hohenfeld",
    "luneville",           "night-saint-aubin", "no-mans-land",  "no-retreat",    "pincer",
    "relay-station-dusk",  "surrounded",
};

static char* write_text(const struct murk_view* v, size_t own_commands, size_t* len) {
  struct net_buf b = {0};
  net_view_write(v, own_commands, &b);
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
  if (mode == TUI_MODE_RECAP && a->nevents) ui.recap_first = a->nevents / 2;
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

/* The length of the arrays of LIST row i of t: the COUNT row after it (an int, or the
 * events' size_t). */
static size_t list_count(const struct net_vf_table* t, int i, const char* p) {
  while (i < t->n && t->rows[i].kind != NET_VF_COUNT) i++;
  assert_true(i < t->n);
  const struct net_vf* c = &t->rows[i];
  if (c->size == sizeof(size_t) && sizeof(size_t) != sizeof(int)) {
    size_t n;
    memcpy(&n, p + c->off, sizeof n);
    return n;
  }
  int n;
  memcpy(&n, p + c->off, sizeof n);
  return (size_t)n;
}

/* Records a and b of table t the same in every row the wire carries, and every array they
 * hold element by element, by the elements' own tables (viewfields.c): the comparison is
 * the table's, so a new field is compared as soon as it has its row. With `lean`, a is a
 * lean view's record and b the full one's: the rows a lean view leaves out must be zero in
 * a, the others equal (net_vf_lean_breaks), and lists whose length a lean view may change
 * (its targets, judged without lines of sight) are not compared. */
static void same_record(const struct net_vf_table* t, const char* a, const char* b, bool lean,
                        const char* what, const char* where) {
  char key[128];
  if (lean ? net_vf_lean_breaks(t, a, b, key, sizeof key) : net_vf_differ(t, a, b, key, sizeof key))
    fail_msg("%s: %s%s differs (%s)", what, where, key, t->name);
  for (int i = 0; i < t->n; i++) {
    const struct net_vf* f = &t->rows[i];
    if (f->kind != NET_VF_LIST) continue;
    if (lean && !strcmp(f->key, "targets")) continue;
    size_t na = list_count(t, i, a), nb = list_count(t, i, b);
    if (na != nb) fail_msg("%s: %s%s: %zu and %zu", what, where, f->key, na, nb);
    const char *xa, *xb;
    memcpy(&xa, a + f->off, sizeof xa);
    memcpy(&xb, b + f->off, sizeof xb);
    if (!f->sub) {
      if (na && memcmp(xa, xb, na * sizeof(int)) != 0) fail_msg("%s: %s differ", what, f->key);
      continue;
    }
    for (size_t k = 0; k < na; k++) {
      char at[128];
      snprintf(at, sizeof at, "%s%s[%zu].", where, f->key, k);
      same_record(f->sub, xa + k * f->sub->size, xb + k * f->sub->size, lean, what, at);
    }
  }
}

static void same_view(const struct murk_view* a, const struct murk_view* b, const char* what) {
  same_record(&net_vf_view, (const char*)a, (const char*)b, false, what, "");
  /* What the view points into, of the public table: by its tables too. */
  assert_string_equal(a->mission_name, b->mission_name);
  assert_string_equal(a->briefing ? a->briefing : "", b->briefing);
  for (int s = 0; s < MURK_SIDES; s++)
    assert_string_equal(a->force_name[s] ? a->force_name[s] : "", b->force_name[s]);
  assert_memory_equal(&a->grid, &b->grid, sizeof a->grid);
  assert_int_equal(a->nterrain, b->nterrain);
  for (int i = 0; i < a->nterrain; i++)
    same_record(&net_vf_terrain, (const char*)&a->terrain[i], (const char*)&b->terrain[i], false,
                what, "terrain.");
  assert_memory_equal(a->map, b->map, (size_t)a->grid.width * (size_t)a->grid.height);
  /* The heights of a hilly table, which lines of sight read (murk_view_los). */
  assert_int_equal(a->elevation == NULL, b->elevation == NULL);
  if (a->elevation)
    assert_memory_equal(a->elevation, b->elevation, (size_t)a->grid.width * (size_t)a->grid.height);
  assert_int_equal(a->nentries, b->nentries);
  for (int i = 0; i < a->nentries; i++)
    same_record(&net_vf_entry, (const char*)&a->entries[i], (const char*)&b->entries[i], false,
                what, "entry.");
  assert_int_equal(a->own_zone != NULL, b->own_zone != NULL);
  if (a->own_zone)
    same_record(&net_vf_zone, (const char*)a->own_zone, (const char*)b->own_zone, false, what,
                "own_zone.");
  assert_int_equal(a->nown_more_zones, b->nown_more_zones);
  for (int i = 0; i < a->nown_more_zones; i++)
    same_record(&net_vf_zone, (const char*)&a->own_more_zones[i],
                (const char*)&b->own_more_zones[i], false, what, "more_zone.");
  assert_int_equal(a->ending.nend, b->ending.nend);
  for (int i = 0; i < a->ending.nend; i++)
    same_record(&net_vf_end, (const char*)&a->ending.end[i], (const char*)&b->ending.end[i], false,
                what, "end.");
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

/* A lean view holds what view.h says: the lean rows as the full view has them, the others
 * zero (the tables' lean column). */
static void lean_as_promised(const struct murk_game* g, enum murk_side side, const char* what) {
  struct murk_view *lean = NULL, *full = NULL;
  assert_int_equal(murk_view_build_lean(g, side, &lean), MURK_OK);
  assert_int_equal(murk_view_build(g, side, &full), MURK_OK);
  same_record(&net_vf_view, (const char*)lean, (const char*)full, true, what, "lean ");
  murk_view_free(lean);
  murk_view_free(full);
}

static void round_trip(const struct murk_game* g, enum murk_side side, const char* what) {
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, side, &v), MURK_OK);
  size_t len = 0, own = 0;
  size_t given = murk_game_log_count(g) / 2;
  char* text = write_text(v, given, &len);
  /* Every line within the bound. */
  for (const char *p = text, *nl; (nl = memchr(p, '\n', len - (size_t)(p - text))); p = nl + 1)
    assert_true((size_t)(nl - p) <= NET_LINE_MAX);
  struct net_view* nv = net_view_parse(text, len, &own);
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
  assert_int_equal(own, given);
  struct murk_view* back = net_view_view(nv);
  same_view(v, back, what);
  size_t len2 = 0;
  char* again = write_text(back, own, &len2);
  assert_int_equal(len, len2);
  assert_memory_equal(text, again, len);
  murk_free(again);
  murk_free(text);
  net_view_free(nv);
  murk_view_free(v);
  lean_as_promised(g, side, what);
}

/* Every table covers its struct: a member without a row (a field the wire would not carry,
 * the comparison not compare) fails here. */
static void test_tables_cover_structs(void** state) {
  (void)state;
  char err[160];
  for (int i = 0; i < net_vf_ntables; i++)
    if (!net_vf_check(net_vf_tables[i], err, sizeof err)) fail_msg("%s", err);
  /* The check can fail: a table of struct murk_view_target without its `shoot` row. */
  struct net_vf rows[4];
  int n = 0;
  for (int i = 0; i < net_vf_target.n; i++)
    if (strcmp(net_vf_target.rows[i].key, "shoot")) rows[n++] = net_vf_target.rows[i];
  struct net_vf_table cut = net_vf_target;
  cut.rows = rows;
  cut.n = n;
  assert_false(net_vf_check(&cut, err, sizeof err));
  assert_non_null(strstr(err, "without a row before assault"));
}

/* A key the reader does not know is skipped (a newer host's field), a known one out of its
 * range is refused, and a field left out is zero. */
static void test_unknown_keys(void** state) {
  (void)state;
  struct murk_view_target t;
  memset(&t, 0, sizeof t);
  char line[] = "platoon=3 colour=red target=7 future.part=1 shoot=1";
  char* w[8];
  int n = net_split(line, w, 8);
  assert_int_equal(net_vf_read(&net_vf_target, &t, w, n), 0);
  assert_int_equal(t.platoon, 3);
  assert_int_equal(t.target, 7);
  assert_true(t.shoot);
  assert_false(t.assault);
  char bad[] = "platoon=-2";
  n = net_split(bad, w, 8);
  memset(&t, 0, sizeof t);
  assert_int_equal(net_vf_read(&net_vf_target, &t, w, n), -1);
  char noeq[] = "platoon";
  n = net_split(noeq, w, 8);
  assert_int_equal(net_vf_read(&net_vf_target, &t, w, n), -1);
  /* A whole line of a kind the reader does not know is skipped too. */
  struct murk_mission* m = load_bundled("luneville");
  struct murk_game* g = NULL;
  assert_int_equal(murk_game_new(m, 3, &g), MURK_OK);
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_DEFENDER, &v), MURK_OK);
  size_t len = 0;
  char* text = write_text(v, 0, &len);
  const char* st = strstr(text, "\nstate ");
  assert_non_null(st);
  size_t at = (size_t)(st - text) + 1;
  const char extra[] = "weather wind=3 rain=%20\n";
  char* more = test_malloc(len + sizeof extra);
  memcpy(more, text, at);
  memcpy(more + at, extra, sizeof extra - 1);
  memcpy(more + at + sizeof extra - 1, text + at, len - at);
  struct net_view* nv = net_view_parse(more, len + sizeof extra - 1, NULL);
  assert_non_null(nv);
  same_view(v, net_view_view(nv), "with an unknown line");
  net_view_free(nv);
  test_free(more);
  murk_free(text);
  murk_view_free(v);
  murk_game_free(g);
  murk_mission_free(m);
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
  char* row = strstr(text, "\nrow cells=");
  assert_non_null(row);
  memcpy(copy, text, len);
  copy[row - text + 11] = 'f';
  copy[row - text + 12] = 'f';
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

/* docs/protocol.md holds every table as the code has it (net_vf_doc), between
 * "<!-- table NAME -->" and "<!-- end -->". */
static void test_doc_has_the_tables(void** state) {
  (void)state;
  FILE* f = fopen(MURK_SOURCE_DIR "/docs/protocol.md", "rb");
  assert_non_null(f);
  static char doc[1 << 17];
  size_t n = fread(doc, 1, sizeof doc - 1, f);
  fclose(f);
  doc[n] = '\0';
  for (int i = 0; i < net_vf_ntables; i++) {
    const struct net_vf_table* t = net_vf_tables[i];
    char open[96];
    snprintf(open, sizeof open, "<!-- table %s -->\n", t->name);
    const char* at = strstr(doc, open);
    struct net_buf b = {0};
    net_vf_doc(t, &b);
    if (!at)
      fail_msg("docs/protocol.md has no table %s; it is:\n%s%s<!-- end -->", t->name, open, b.p);
    at += strlen(open);
    const char* end = strstr(at, "<!-- end -->");
    assert_non_null(end);
    if ((size_t)(end - at) != b.len || memcmp(at, b.p, b.len) != 0)
      fail_msg("docs/protocol.md: table %s is not the code's; it is:\n%s%s<!-- end -->", t->name,
               open, b.p);
    net_buf_free(&b);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_words),
      cmocka_unit_test(test_reader_bound),
      cmocka_unit_test(test_tables_cover_structs),
      cmocka_unit_test(test_unknown_keys),
      cmocka_unit_test(test_doc_has_the_tables),
      cmocka_unit_test(test_round_trip_bundled),
      cmocka_unit_test(test_broken_views),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
