/* test_tui_hidden.c: hidden information cannot leak through the screen.
 *
 * test_hidden.c shows that a side's view and its --as transcript hold nothing hidden. This
 * test shows that the TUI, drawing such a view, adds nothing either: bundled missions of
 * every kind of hiding (Fog of War templates with dummies and a visibility roll, night with
 * cloaking counters and an NVR, Limited Intelligence leaders with Dis counters and dummy
 * leaders, Night Fighting at dusk) are played to the end by the players of src/sim (sim.h), every
 * command typed on the real session's command line (session.h). After every command that
 * the game takes, each side's view is drawn off-screen by the real drawing code (draw.h),
 * at 200x60 in Unicode and at 80x24 in ASCII, with the cursor on the cells that matter
 * (where a hidden enemy team truly stands, an enemy dummy, a contact, a Dis counter), the
 * panel on either tab, the log scrolled, the recap open; the session's own screen is drawn
 * too (hand-overs, recaps, the message line with the game's reasons, the lists `f` and
 * `r` open). Every drawing must hold:
 *
 *   - no name or type of an enemy platoon, nor the name of an enemy wing, that is not
 *     revealed to the side (on a hand-over screen, none of either side's);
 *   - the word "dummy" next to no enemy marker whose contents are not public, and every
 *     enemy marker in sight drawn the same way, dummy or not;
 *   - an enemy team's look only on a cell where the view has an enemy team, an enemy
 *     marker's only where the view has an enemy marker; and no enemy team or marker the
 *     side does not see drawn on the cell where it really stands, unless the side's
 *     memory (a contact: last seen there) explains it.
 *
 * The harness reads the whole game to know what is hidden; only the renderer is limited to
 * the view. Every platoon's name and type, and every wing's name, is replaced after loading
 * by a code no text of the game uses ("Qj", a letter for the force, two characters for the
 * platoon or wing), so a leak is found in any text, even cut short. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "board.h"
#include "canvas.h"
#include "draw.h"
#include "glyph.h"
#include "hexmap.h"
#include "murk/error.h"
#include "murk/view.h"
#include "session.h"
#include "sim.h"
#include "state.h"
#include "test_load.h"

#define MAX_COMMANDS 400 /* applied commands a game, at most */
#define MAX_CODES (2 * MK_MAX_UNITS)
#define MAX_NUMBERS (MK_MAX_MARKERS + 2)
#define SESSION_W 100
#define SESSION_H 34

/* What has been checked, so the test cannot pass by checking nothing. */
struct tally {
  long games, commands, renders, session_renders, handovers, picks, target_lists;
  long dis_cells;       /* Dis counter cells drawn */
  long contact_cells;   /* contact cells drawn */
  long enemy_teams;     /* enemy team cells drawn */
  long enemy_markers;   /* enemy marker cells drawn (look-alike checked) */
  long hidden_looked;   /* cells of hidden enemy teams or markers on screen, checked */
  long hidden_cursor;   /* ... with the cursor on them (the cell panel describing them) */
  long dummies_in_view; /* enemy dummies drawn while still unknown */
  long reveals;         /* enemy platoons public by the end, summed over the games */
};

struct harness {
  const char* mission;
  struct murk_game* g;
  struct tui_session* s;
  struct tui_canvas big, small, sess;
  struct murk_rng rng[MURK_SIDES];
  struct murk_policy_plan plan;
  enum murk_policy policy[MURK_SIDES];
  uint64_t seed;
  unsigned turn_of_screen; /* varies the screen state from drawing to drawing */
  long refusals;
  char last_reason[MURK_SIDES][TUI_MESSAGE_MAX];
  /* For each viewing side, from the whole game: the codes of enemy platoons and wings not
   * revealed to it, and the enemy marker numbers whose contents are not public. */
  char hidden[MURK_SIDES][MAX_CODES][4];
  int nhidden[MURK_SIDES];
  bool secret_marker[MURK_SIDES][MAX_NUMBERS];
  struct tally* t;
};

/* ---- disguising the names ---- */

/* Platoon k of force f becomes "Qj<F><kk>n" of type "Qj<F><kk>t"; its wing "Qj<F>w<c>". */
static void disguise(struct murk_mission* m) {
  for (int f = 0; f < MURK_SIDES; f++) {
    struct murk_force* fo = &m->sides[f].force;
    char letter = f == 0 ? 'A' : 'D';
    char wings[MK_MAX_UNITS][MURK_NAME];
    int nwings = 0;
    assert_true(fo->nplatoons <= 99);
    for (int k = 0; k < fo->nplatoons; k++) {
      struct murk_platoon* pl = &fo->platoons[k];
      snprintf(pl->name, sizeof pl->name, "Qj%c%02dn", letter, k);
      snprintf(pl->type, sizeof pl->type, "Qj%c%02dt", letter, k);
      if (!pl->wing[0]) continue;
      int w = 0;
      while (w < nwings && strcmp(wings[w], pl->wing) != 0) w++;
      if (w == nwings) snprintf(wings[nwings++], MURK_NAME, "%s", pl->wing);
      assert_true(w < 36);
      snprintf(pl->wing, sizeof pl->wing, "Qj%cw%c", letter,
               "0123456789abcdefghijklmnopqrstuvwxyz"[w]);
    }
  }
}

/* id: a bundled mission, or a path from the source tree (one with a '/'). */
static struct murk_mission* load_disguised(const char* id) {
  struct murk_mission* m = load_bundled(id);
  disguise(m);
  return m;
}

/* ---- what is hidden now (read from the whole game) ---- */

/* Is platoon k of `owner` public: has a marker of it been revealed to all? */
static bool unit_public(const struct murk_game* g, enum murk_side owner, int k) {
  const struct mk_state* s = &g->s;
  for (int i = 0; i < s->nmarkers; i++)
    if (s->markers[i].owner == owner && s->markers[i].unit == k && s->markers[i].revealed)
      return true;
  return false;
}

static void add_code(struct harness* h, enum murk_side viewer, const char* name) {
  assert_true(strncmp(name, "Qj", 2) == 0);
  assert_true(h->nhidden[viewer] < MAX_CODES);
  memcpy(h->hidden[viewer][h->nhidden[viewer]++], name + 2, 3);
}

static void find_secrets(struct harness* h) {
  const struct murk_game* g = h->g;
  const struct mk_state* s = &g->s;
  memset(h->secret_marker, 0, sizeof h->secret_marker);
  for (int v = 0; v < MURK_SIDES; v++) {
    enum murk_side viewer = (enum murk_side)v, enemy = murk_side_other(viewer);
    h->nhidden[v] = 0;
    bool pub[MK_MAX_UNITS];
    for (int k = 0; k < s->nunits[enemy]; k++) pub[k] = unit_public(g, enemy, k);
    for (int k = 0; k < s->nunits[enemy]; k++) {
      const struct murk_platoon* pl = mk_unit_platoon(g, enemy, k);
      if (!pub[k]) add_code(h, viewer, pl->name);
      if (!pl->wing[0]) continue;
      /* A wing is known once any platoon of it is. */
      bool wing_pub = false;
      for (int j = 0; j < s->nunits[enemy]; j++)
        if (pub[j] && strcmp(mk_unit_platoon(g, enemy, j)->wing, pl->wing) == 0) wing_pub = true;
      if (!wing_pub) add_code(h, viewer, pl->wing);
    }
    for (int i = 0; i < s->nmarkers; i++) {
      const struct mk_marker* mk = &s->markers[i];
      if (mk->owner == enemy && !mk->revealed && mk->number < MAX_NUMBERS)
        h->secret_marker[v][mk->number] = true;
    }
  }
}

/* ---- checking a drawing ---- */

static void leak(const struct harness* h, const struct tui_canvas* c, enum murk_side viewer,
                 const char* what, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static void leak(const struct harness* h, const struct tui_canvas* c, enum murk_side viewer,
                 const char* what, ...) {
  char msg[300];
  va_list ap;
  va_start(ap, what);
  vsnprintf(msg, sizeof msg, what, ap);
  va_end(ap);
  fprintf(stderr, "LEAK (%s, seed %llu, %dx%d%s) to %s: %s\n", h->mission,
          (unsigned long long)h->seed, c->w, c->h, c->ascii ? " ascii" : "",
          viewer == MURK_NO_SIDE ? "the hand-over screen" : murk_side_name(viewer), msg);
  for (int y = 0; y < c->h; y++) {
    char row[1024];
    tui_canvas_row(c, y, row, sizeof row);
    fprintf(stderr, "|%s\n", row);
  }
  fail();
}

/* The marker number of a "T<n>" word starting at p (not inside a word), or -1. */
static int t_number(const char* start, const char* p) {
  if (*p != 'T' || p[1] < '0' || p[1] > '9') return -1;
  if (p > start) {
    char b = p[-1];
    if ((b >= '0' && b <= '9') || (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z')) return -1;
  }
  int n = 0;
  for (p++; *p >= '0' && *p <= '9' && n < 100000; p++) n = n * 10 + (*p - '0');
  return n;
}

static bool secret_number(const struct harness* h, enum murk_side viewer, int n) {
  if (n < 0 || n >= MAX_NUMBERS) return false;
  return viewer == MURK_NO_SIDE || h->secret_marker[viewer][n];
}

/* "dummy" in one stretch of text between separators: the T<n> nearest before and after it
 * must not be an enemy marker whose contents are secret. */
static void check_dummy_words(const struct harness* h, const struct tui_canvas* c,
                              enum murk_side viewer, const char* seg, size_t len) {
  char buf[1024];
  if (len >= sizeof buf) len = sizeof buf - 1;
  memcpy(buf, seg, len);
  buf[len] = '\0';
  for (size_t i = 0; i + 5 <= len; i++) {
    if ((buf[i] | 0x20) != 'd' || strncmp(buf + i + 1, "ummy", 4) != 0) continue;
    if (viewer == MURK_NO_SIDE) leak(h, c, viewer, "'%s' on a screen without the table", buf);
    int before = -1, after = -1;
    for (size_t j = 0; j < i; j++) {
      int n = t_number(buf, buf + j);
      if (n >= 0) before = n;
    }
    for (size_t j = i + 5; j < len && after < 0; j++) after = t_number(buf, buf + j);
    if (secret_number(h, viewer, before) || secret_number(h, viewer, after))
      leak(h, c, viewer, "whether an enemy marker is a dummy: '%s'", buf);
  }
}

/* All text on the canvas: no code of a hidden platoon or wing, no dummy word on a secret
 * marker. viewer MURK_NO_SIDE: a screen that must show nothing of either side. */
static void check_text(const struct harness* h, const struct tui_canvas* c, enum murk_side viewer) {
  char row[1024];
  for (int y = 0; y < c->h; y++) {
    tui_canvas_row(c, y, row, sizeof row);
    for (const char* p = strstr(row, "Qj"); p; p = strstr(p + 2, "Qj")) {
      if (viewer == MURK_NO_SIDE) leak(h, c, viewer, "a platoon's name or type at row %d", y);
      for (int k = 0; k < h->nhidden[viewer]; k++)
        if (strncmp(p + 2, h->hidden[viewer][k], 3) == 0)
          leak(h, c, viewer, "Qj%.3s, an enemy platoon or wing not revealed, at row %d",
               h->hidden[viewer][k], y);
    }
    /* Stretches between the vertical lines (map, panel, list box) are separate texts. */
    const char* seg = row;
    for (const char* p = row;; p++) {
      bool bar = *p == '|' || strncmp(p, "\xe2\x94\x82", 3) == 0;
      if (*p && !bar) continue;
      check_dummy_words(h, c, viewer, seg, (size_t)(p - seg));
      if (!*p) break;
      seg = p + (*p == '|' ? 1 : 3);
      p = seg - 1;
    }
  }
}

static bool contact_explains(const struct murk_view* v, struct murk_pos p, int number) {
  for (int i = 0; i < v->ncontacts; i++)
    if (v->contacts[i].marker == number && murk_pos_eq(v->contacts[i].pos, p)) return true;
  /* Labels from 10 up drop their letter: a Dis counter of leader <number> reads the same. */
  for (int i = 0; i < v->nmarkers; i++)
    for (int d = 0; d < v->markers[i].ndis; d++)
      if (v->markers[i].number == number && murk_pos_eq(v->markers[i].dis[d], p)) return true;
  return false;
}

static bool view_enemy_team_at(const struct murk_view* v, struct murk_pos p) {
  for (int i = 0; i < v->nteams; i++)
    if (v->teams[i].owner != v->side && murk_pos_eq(v->teams[i].pos, p)) return true;
  return false;
}

static const struct murk_view_marker* view_marker(const struct murk_view* v, int number) {
  for (int i = 0; i < v->nmarkers; i++)
    if (v->markers[i].number == number) return &v->markers[i];
  return NULL;
}

/* The two canvas cells of table cell p, or false off the map's window. */
static bool screen_cell(const struct tui_canvas* c, const struct tui_ui* ui, struct murk_pos p,
                        uint32_t ch[2], int* attr) {
  int sx, sy;
  if (!tui_hexmap_to_screen(&ui->map, p, &sx, &sy)) return false;
  const struct tui_cell* a = tui_canvas_at(c, sx, sy);
  const struct tui_cell* b = tui_canvas_at(c, sx + 1, sy);
  if (!a || !b) return false;
  ch[0] = a->ch;
  ch[1] = b->ch;
  *attr = a->attr;
  return true;
}

/* At two columns a cell a label from 10 up is written whole over the first column of the
 * cell to its right (draw.c): is p's first column such a spilled digit, part of the label
 * of the cell to its left (which is checked as itself)? */
static bool spilled_into(const struct tui_canvas* c, const struct tui_ui* ui, struct murk_pos p) {
  int sx, sy;
  if (tui_hexmap_cell_w(&ui->map) != 2 || !tui_hexmap_to_screen(&ui->map, p, &sx, &sy))
    return false;
  const struct tui_cell* a = tui_canvas_at(c, sx, sy);
  const struct tui_cell* l1 = tui_canvas_at(c, sx - 1, sy);
  const struct tui_cell* l2 = tui_canvas_at(c, sx - 2, sy);
  if (!a || !l1 || !l2) return false;
  bool digit = a->ch >= '0' && a->ch <= '9', tens = l1->ch >= '1' && l1->ch <= '9';
  bool letter = !(l2->ch >= '0' && l2->ch <= '9');
  /* The label's own two columns alike (the cursor may paint them, not the spilled one). */
  return digit && tens && letter && l1->attr == l2->attr;
}

/* Does cell p show the label prefix+n: its two columns as glyph.c makes them ("T5", "T+"),
 * or, from 10 up at two columns a cell, whole ("T12") over the next cell's first column? */
static bool label_drawn(const struct tui_canvas* c, const struct tui_ui* ui, struct murk_pos p,
                        char prefix, int n) {
  int sx, sy;
  if (!tui_hexmap_to_screen(&ui->map, p, &sx, &sy)) return false;
  const struct tui_cell* a = tui_canvas_at(c, sx, sy);
  const struct tui_cell* b = tui_canvas_at(c, sx + 1, sy);
  const struct tui_cell* r = tui_canvas_at(c, sx + 2, sy);
  if (!a || !b) return false;
  uint32_t lab[2];
  tui_glyph_label(prefix, n, lab);
  if (a->ch == lab[0] && b->ch == lab[1]) return true;
  return n >= 10 && n <= 99 && r && a->ch == (uint32_t)prefix &&
         b->ch == (uint32_t)('0' + n / 10) && r->ch == (uint32_t)('0' + n % 10);
}

/* The map of a side's drawing against its view and against the whole game. `overlay`: a
 * list or the help covers part of the map (characters there are not the map's). */
static void check_map(struct harness* h, const struct tui_canvas* c, const struct murk_view* v,
                      const struct tui_ui* ui, bool overlay) {
  enum murk_side viewer = v->side, enemy = murk_side_other(viewer);
  const struct murk_grid* grid = &v->grid;
  uint32_t ch[2];
  int attr;
  /* Enemy looks only where the view has an enemy. */
  for (int y = 0; y < grid->height; y++)
    for (int x = 0; x < grid->width; x++) {
      struct murk_pos p = {x, y};
      if (!screen_cell(c, ui, p, ch, &attr) || spilled_into(c, ui, p)) continue;
      if (attr == TUI_A_ENEMY_TEAM) {
        h->t->enemy_teams++;
        if (!view_enemy_team_at(v, p))
          leak(h, c, viewer, "an enemy team drawn at %d,%d where the view has none", x, y);
      } else if (attr == TUI_A_ENEMY) {
        const struct murk_view_marker* mk = murk_view_marker_at(v, p);
        if (!mk || mk->owner != enemy || !mk->on_table)
          leak(h, c, viewer, "an enemy marker drawn at %d,%d where the view has none", x, y);
      } else if (attr == TUI_A_OWN_DIS || attr == TUI_A_ENEMY_DIS) {
        h->t->dis_cells++;
      } else if (attr == TUI_A_CONTACT) {
        h->t->contact_cells++;
      }
    }
  if (overlay) return;
  const struct mk_state* s = &h->g->s;
  /* Enemy teams where they really stand: drawn only if the view has them there. */
  for (int k = 0; k < s->nunits[enemy]; k++) {
    const struct mk_unit_state* u = &s->units[enemy][k];
    for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
      const struct mk_team* tm = &s->teams[enemy][t];
      if (!tm->alive || !tm->placed || view_enemy_team_at(v, tm->pos)) continue;
      if (!screen_cell(c, ui, tm->pos, ch, &attr)) continue;
      h->t->hidden_looked++;
      if (murk_pos_eq(tm->pos, ui->cursor)) h->t->hidden_cursor++;
      if (label_drawn(c, ui, tm->pos, 'P', u->marker) && !contact_explains(v, tm->pos, u->marker))
        leak(h, c, viewer, "a team of P%d out of sight drawn where it stands, %d,%d", u->marker,
             tm->pos.x, tm->pos.y);
    }
  }
  /* Enemy markers: those in sight all alike, dummies or not; those out of sight not drawn
   * where they stand. */
  for (int i = 0; i < s->nmarkers; i++) {
    const struct mk_marker* mk = &s->markers[i];
    if (mk->owner != enemy || !mk->on_table) continue;
    if (!screen_cell(c, ui, mk->pos, ch, &attr)) continue;
    const struct murk_view_marker* vm = view_marker(v, mk->number);
    bool drawn = label_drawn(c, ui, mk->pos, 'T', mk->number);
    if (vm && vm->on_table) {
      if (view_enemy_team_at(v, mk->pos)) continue;
      h->t->enemy_markers++;
      if (mk->unit < 0 && !mk->revealed) h->t->dummies_in_view++;
      bool plain = attr == TUI_A_ENEMY || attr == TUI_A_CURSOR || attr == TUI_A_MARK;
      if (!drawn || !plain)
        leak(h, c, viewer, "enemy T%d (%s) not drawn like any other enemy marker", mk->number,
             mk->unit < 0 ? "a dummy" : "a platoon");
    } else {
      h->t->hidden_looked++;
      if (murk_pos_eq(mk->pos, ui->cursor)) h->t->hidden_cursor++;
      if (drawn && !contact_explains(v, mk->pos, mk->number))
        leak(h, c, viewer, "enemy T%d out of sight drawn where it stands", mk->number);
    }
  }
}

static void check_canvas(struct harness* h, const struct tui_canvas* c, const struct murk_view* v,
                         const struct tui_ui* ui, bool overlay) {
  check_text(h, c, v ? v->side : MURK_NO_SIDE);
  if (v) check_map(h, c, v, ui, overlay);
}

/* ---- drawing each side's view directly ---- */

/* Cells worth the cursor: first where hidden things really are (the panel describes the
 * cell), then what the view shows. */
static struct murk_pos choose_cursor(struct harness* h, const struct murk_view* v, unsigned k) {
  const struct mk_state* s = &h->g->s;
  enum murk_side enemy = murk_side_other(v->side);
  struct murk_pos hot[64], any[64];
  int nhot = 0, nany = 0;
  for (int i = 0; i < s->nmarkers && nhot < 64; i++)
    if (s->markers[i].owner == enemy && s->markers[i].on_table) hot[nhot++] = s->markers[i].pos;
  for (int k2 = 0; k2 < s->nunits[enemy]; k2++) {
    const struct mk_unit_state* u = &s->units[enemy][k2];
    for (int t = u->first_team; t < u->first_team + u->nteams && nhot < 64; t++)
      if (s->teams[enemy][t].alive && s->teams[enemy][t].placed &&
          !view_enemy_team_at(v, s->teams[enemy][t].pos))
        hot[nhot++] = s->teams[enemy][t].pos;
  }
  for (int i = 0; i < v->ncontacts && nany < 64; i++) any[nany++] = v->contacts[i].pos;
  for (int i = 0; i < v->nmarkers; i++)
    for (int d = 0; d < v->markers[i].ndis && nany < 64; d++) any[nany++] = v->markers[i].dis[d];
  for (int i = 0; i < v->nteams && nany < 64; i++) any[nany++] = v->teams[i].pos;
  for (int i = 0; i < v->nmarkers && nany < 64; i++)
    if (v->markers[i].on_table) any[nany++] = v->markers[i].pos;
  if (nhot > 0 && (k % 2 == 0 || nany == 0)) return hot[(k / 2) % (unsigned)nhot];
  if (nany > 0) return any[(k / 2) % (unsigned)nany];
  return (struct murk_pos){v->grid.width / 2, v->grid.height / 2};
}

static void draw_side(struct harness* h, const struct murk_view* v, struct tui_canvas* c) {
  unsigned k = h->turn_of_screen++;
  struct tui_ui ui;
  memset(&ui, 0, sizeof ui);
  ui.side = v->side;
  ui.mode = TUI_MODE_MAP;
  ui.seed = h->seed;
  ui.tab = (int)(k % TUI_TAB_COUNT);
  ui.roster_labels = (k / 2) % 2 == 1;
  ui.log_scroll = k % 5 == 4 ? 3 : 0;
  ui.cursor = choose_cursor(h, v, k);
  if (k % 3 == 2 && v->nevents > 0) {
    ui.mode = TUI_MODE_RECAP;
    ui.recap_first = v->nevents > 6 ? v->nevents - 6 : 0;
    ui.recap_scroll = (int)((k / 3) % 4);
  }
  /* What the message line showed this side last. */
  snprintf(ui.message, sizeof ui.message, "%s", h->last_reason[v->side]);
  ui.message_attr = TUI_A_ERROR;
  struct tui_layout L;
  tui_layout_compute(c->w, c->h, &v->grid, &L);
  tui_hexmap_place(&ui.map, &v->grid, L.map_x, L.map_y, L.map_w, L.map_h);
  tui_hexmap_follow(&ui.map, ui.cursor, 2);
  tui_draw(c, v, &ui);
  h->t->renders++;
  /* The recap is a page over the map: its text is checked, the map under it is not drawn. */
  check_canvas(h, c, v, &ui, ui.mode == TUI_MODE_RECAP);
}

static void draw_both_sides(struct harness* h) {
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    struct murk_view* v = NULL;
    assert_int_equal(murk_view_build(h->g, (enum murk_side)sd, &v), MURK_OK);
    draw_side(h, v, &h->big);
    draw_side(h, v, &h->small);
    murk_view_free(v);
  }
}

/* ---- the session: the screen the side to act really gets ---- */

static void draw_session(struct harness* h) {
  const struct tui_ui* ui = tui_session_ui(h->s);
  if (ui->mode == TUI_MODE_OVER) return; /* the umpire's: everything is public then */
  tui_session_draw(h->s, &h->sess);
  h->t->session_renders++;
  const struct murk_view* v = tui_session_view(h->s);
  if (ui->mode == TUI_MODE_HANDOVER) {
    assert_null(v);
    h->t->handovers++;
  }
  check_canvas(
      h, &h->sess, v, ui,
      ui->mode == TUI_MODE_PICK || ui->mode == TUI_MODE_RECAP || ui->help || ui->confirm_quit);
}

static void key(struct harness* h, int code) {
  struct tui_key k = {code, 0, 0};
  int rc = tui_session_key(h->s, k);
  assert_true(rc >= 0);
  assert_false(rc & TUI_SESSION_QUIT);
}

/* Bring the side to act to its map: past the hand-over screen and the recap. */
static void to_map(struct harness* h) {
  for (int i = 0; i < 4; i++) {
    const struct tui_ui* ui = tui_session_ui(h->s);
    if (ui->mode == TUI_MODE_MAP) return;
    draw_session(h);
    key(h, ui->mode == TUI_MODE_RECAP ? TUI_KEY_ESC : TUI_KEY_ENTER);
  }
  fail_msg("the session does not reach the map");
}

/* Type a line on the session's command line. Returns whether the game took it. */
static bool type_line(struct harness* h, const char* line) {
  size_t before = murk_game_log_count(h->g);
  enum murk_side side = tui_session_ui(h->s)->side;
  key(h, ':');
  for (const char* p = line; *p; p++) key(h, (unsigned char)*p);
  key(h, TUI_KEY_ENTER);
  if (murk_game_log_count(h->g) > before) return true;
  snprintf(h->last_reason[side], sizeof h->last_reason[side], "%s", tui_session_ui(h->s)->message);
  /* Now and then the refusal as the player sees it. */
  if (++h->refusals % 16 == 0) draw_session(h);
  return false;
}

/* The driver's offer: the command typed as a line on the session's command line. */
static int offer_typed(void* ctx, enum murk_side side, const struct murk_command* c, char* why,
                       size_t n) {
  struct harness* h = ctx;
  (void)side;
  char line[256];
  assert_int_equal(murk_command_format(c, line, sizeof line), MURK_OK);
  if (type_line(h, line)) return MURK_OK;
  snprintf(why, n, "%s", h->last_reason[tui_session_ui(h->s)->side]);
  return MURK_EREJECTED;
}

/* Open the lists a player opens in play (`f`: the shooter, then its targets; `r`), draw
 * each, close them. */
static void open_lists(struct harness* h) {
  const struct tui_ui* ui = tui_session_ui(h->s);
  const struct murk_view* v = tui_session_view(h->s);
  if (ui->mode != TUI_MODE_MAP || !v || v->phase != MURK_PHASE_PLAY) return;
  static const int openers[] = {'f', 'r'};
  int which = openers[h->turn_of_screen % 2];
  key(h, which);
  for (int depth = 0; depth < 3 && tui_session_ui(h->s)->mode == TUI_MODE_PICK; depth++) {
    h->t->picks++;
    enum tui_pick_kind kind = tui_session_ui(h->s)->pick.kind;
    if (kind == TUI_PICK_SHOOT || kind == TUI_PICK_ASSAULT) h->t->target_lists++;
    draw_session(h);
    /* Into the target list from the shooter list; out of any other. */
    key(h, kind == TUI_PICK_SHOOTER ? TUI_KEY_ENTER : TUI_KEY_ESC);
  }
  draw_session(h);
  if (tui_session_ui(h->s)->mode != TUI_MODE_MAP) key(h, TUI_KEY_ESC);
  assert_int_equal(tui_session_ui(h->s)->mode, TUI_MODE_MAP);
}

static void after_command(struct harness* h) {
  find_secrets(h);
  draw_session(h);
  draw_both_sides(h);
  if (h->t->commands % 4 == 0) open_lists(h);
}

static void play_one(const struct murk_mission* m, const char* id, uint64_t seed,
                     struct harness* h) {
  h->mission = id;
  h->seed = seed;
  h->refusals = 0;
  memset(h->last_reason, 0, sizeof h->last_reason);
  assert_int_equal(murk_game_new(m, seed, &h->g), MURK_OK);
  struct tui_session_opts o = {.seed = seed};
  assert_int_equal(tui_session_new(h->g, &o, &h->s), MURK_OK);
  assert_int_equal(tui_session_resize(h->s, SESSION_W, SESSION_H), MURK_OK);
  for (int sd = 0; sd < MURK_SIDES; sd++) murk_policy_seed(&h->rng[sd], seed, (enum murk_side)sd);
  /* One side random, the other greedy, turn about by seed. */
  h->policy[MURK_ATTACKER] = seed % 2 ? MURK_POLICY_RANDOM : MURK_POLICY_GREEDY;
  h->policy[MURK_DEFENDER] = seed % 2 ? MURK_POLICY_GREEDY : MURK_POLICY_RANDOM;
  find_secrets(h);
  draw_both_sides(h);
  for (int n = 0; n < MAX_COMMANDS; n++) {
    enum murk_side side = murk_game_to_act(h->g);
    if (side == MURK_NO_SIDE) break;
    to_map(h);
    assert_int_equal(tui_session_ui(h->s)->side, side);
    /* The plan is made from the view on the session's screen; typing a refused line
     * leaves that view as it was. */
    const struct murk_view* v = tui_session_view(h->s);
    assert_non_null(v);
    char why[256];
    int rc = murk_sim_decide(h->policy[side], v, &h->rng[side], &h->plan, offer_typed, h, NULL,
                             NULL, NULL, NULL, why, sizeof why);
    assert_true(rc == MURK_OK || rc == MURK_EREJECTED);
    bool taken = rc == MURK_OK;
    if (!taken) break; /* the policies are stuck: the game so far was checked */
    h->t->commands++;
    after_command(h);
  }
  find_secrets(h);
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    enum murk_side enemy = murk_side_other((enum murk_side)sd);
    for (int k = 0; k < h->g->s.nunits[enemy]; k++) h->t->reveals += unit_public(h->g, enemy, k);
  }
  h->t->games++;
  tui_session_free(h->s);
  h->s = NULL;
  murk_game_free(h->g);
  h->g = NULL;
}

static struct tally play_mission(const char* id, uint64_t first_seed, int games) {
  struct tally t;
  memset(&t, 0, sizeof t);
  struct harness* h = test_calloc(1, sizeof *h);
  h->t = &t;
  assert_int_equal(tui_canvas_init(&h->big, 200, 60, false), MURK_OK);
  assert_int_equal(tui_canvas_init(&h->small, 80, 24, true), MURK_OK);
  assert_int_equal(tui_canvas_init(&h->sess, SESSION_W, SESSION_H, false), MURK_OK);
  struct murk_mission* m = load_disguised(id);
  for (int i = 0; i < games; i++) play_one(m, id, first_seed + (uint64_t)i, h);
  murk_mission_free(m);
  murk_policy_plan_free(&h->plan);
  tui_canvas_fini(&h->big);
  tui_canvas_fini(&h->small);
  tui_canvas_fini(&h->sess);
  test_free(h);
  fprintf(stderr,
          "%s: %ld games, %ld commands, %ld drawings + %ld of the session (%ld hand-overs, %ld "
          "lists, %ld of targets); cells: %ld Dis, %ld contacts, %ld enemy teams, %ld enemy "
          "markers (%ld unknown dummies), %ld hidden enemies checked (%ld under the cursor); "
          "%ld platoons revealed\n",
          id, t.games, t.commands, t.renders, t.session_renders, t.handovers, t.picks,
          t.target_lists, t.dis_cells, t.contact_cells, t.enemy_teams, t.enemy_markers,
          t.dummies_in_view, t.hidden_looked, t.hidden_cursor, t.reveals);
  /* The games must be played well into play, with things to hide and to show. */
  assert_true(t.commands > 40L * games);
  assert_true(t.handovers > 0);
  return t;
}

/* ---- the tests ---- */

/* Fog of War (Luneville): templates, a visibility roll, Thick Morning Fog; one template a
 * platoon in Luneville as bundled, dummies only in murk's variant. */
static void test_fog_of_war(void** st) {
  (void)st;
  struct tally t = play_mission("luneville", 1, 3);
  assert_true(t.enemy_markers > 0);
  assert_int_equal(t.dummies_in_view, 0);
  assert_true(t.reveals > 0);
  assert_true(t.target_lists > 0);
  t = play_mission("tests/games/data/luneville-dummies.yaml", 1, 2);
  assert_true(t.enemy_markers > 0);
  assert_true(t.dummies_in_view > 0);
  assert_true(t.reveals > 0);
}

/* Night (ASL night rules): the NVR, cloaking counters over squads and dummies, starshells. In
 * the dark the sides rarely meet: these seeds are games where they do. */
static void test_night_cloaking(void** st) {
  (void)st;
  struct tally t = play_mission("night-saint-aubin", 11, 4);
  assert_true(t.hidden_looked > 0);
  assert_true(t.hidden_cursor > 0);
  assert_true(t.enemy_teams > 0);
  /* Contacts (where an enemy was last seen) are double_blind's: the bundled variant. */
  t = play_mission("night-saint-aubin-double-blind", 11, 4);
  assert_true(t.contact_cells > 0);
  assert_true(t.enemy_teams > 0);
}

/* Limited Intelligence: leaders with Dis counters, dummy leaders. */
static void test_limited_intelligence(void** st) {
  (void)st;
  struct tally t = play_mission("li-hohenfeld", 1, 3);
  assert_true(t.dis_cells > 0);
  assert_true(t.dummies_in_view > 0);
  assert_true(t.reveals > 0);
}

/* Night Fighting at dusk (40k mission special rules): sight rolled per unit, concealment. */
static void test_dusk(void** st) {
  (void)st;
  struct tally t = play_mission("relay-station-dusk", 1, 2);
  assert_true(t.enemy_teams > 0);
}

/* The Hive Gate on a square grid (40k mission special rules): escalation, infiltrators, deep
 * strike, reserves; the TUI draws squares. */
static void test_square_grid(void** st) {
  (void)st;
  struct tally t = play_mission("hive-gate", 1, 2);
  assert_true(t.enemy_teams > 0);
  assert_true(t.renders > 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fog_of_war),           cmocka_unit_test(test_night_cloaking),
      cmocka_unit_test(test_limited_intelligence), cmocka_unit_test(test_dusk),
      cmocka_unit_test(test_square_grid),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
