/* draw.c: the screen from a view and the UI state (draw.h); the boxes drawn over it are
 * overlay.c's. */
#include "draw.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "card.h"
#include "glyph.h"
#include "keys.h"
#include "murk/alloc.h"
#include "murk/phase.h"
#include "murk/sight.h"

void tui_layout_compute(int w, int h, const struct murk_grid* g, struct tui_layout* L) {
  memset(L, 0, sizeof *L);
  L->w = w;
  L->h = h;
  L->too_small = w < TUI_MIN_W || h < TUI_MIN_H;
  if (L->too_small) return;
  int minp = w >= 80 ? 26 : 22;
  /* A large window zooms in (three or four columns a cell: labels such as T12 whole) when
   * the whole table then fits beside a panel of TUI_ZOOM_PANEL columns. */
  int cw = 2;
  for (int z = TUI_CELL_W_MAX; g && z > 2; z--)
    if (TUI_RULER_W + tui_hexmap_width_at(g, z) + 1 + TUI_ZOOM_PANEL <= w) {
      cw = z;
      break;
    }
  int full = g ? tui_hexmap_width_at(g, cw) : 0;
  /* Row numbers left of the map, unless they alone would make a table that fits scroll. */
  bool fits = w - 1 - full >= minp, fits_ruled = w - 1 - full - TUI_RULER_W >= minp;
  int rw = fits_ruled || !fits ? TUI_RULER_W : 0;
  /* The panel takes the room the map leaves (a large window: a wider panel). */
  int pw = w - 1 - full - rw;
  if (pw < minp) pw = minp;
  L->cell_w = cw;
  L->ruler_w = rw;
  L->panel_w = pw;
  L->sep_x = w - pw - 1;
  L->panel_x = L->sep_x + 1;
  L->map_x = rw;
  L->map_w = L->sep_x - rw;
  int body_h = h - 3;
  L->panel_y = 1;
  L->panel_h = body_h;
  int gh = g ? g->height : body_h;
  L->map_y = 2; /* under the status line and the column numbers */
  L->map_h = gh < body_h - 5 ? gh : body_h - 5;
  L->log_x = 0;
  L->log_w = L->sep_x;
  L->log_y = L->map_y + L->map_h;
  L->log_h = body_h - L->map_h - 1;
  L->msg_y = h - 2;
  L->keys_y = h - 1;
}

/* ---- small helpers ---- */

static uint32_t line_ch(const struct tui_canvas* c, int which) {
  /* 0 horizontal, 1 vertical, 2..5 corners tl tr bl br */
  static const uint32_t uni[] = {0x2500, 0x2502, 0x250c, 0x2510, 0x2514, 0x2518};
  static const uint32_t asc[] = {'-', '|', '+', '+', '+', '+'};
  return c->ascii ? asc[which] : uni[which];
}

static void box(struct tui_canvas* c, int x, int y, int w, int h, const char* title) {
  tui_canvas_fill(c, x, y, w, h, ' ', TUI_A_NORMAL);
  for (int i = x + 1; i < x + w - 1; i++) {
    tui_canvas_put(c, i, y, line_ch(c, 0), TUI_A_HEAD);
    tui_canvas_put(c, i, y + h - 1, line_ch(c, 0), TUI_A_HEAD);
  }
  for (int j = y + 1; j < y + h - 1; j++) {
    tui_canvas_put(c, x, j, line_ch(c, 1), TUI_A_HEAD);
    tui_canvas_put(c, x + w - 1, j, line_ch(c, 1), TUI_A_HEAD);
  }
  tui_canvas_put(c, x, y, line_ch(c, 2), TUI_A_HEAD);
  tui_canvas_put(c, x + w - 1, y, line_ch(c, 3), TUI_A_HEAD);
  tui_canvas_put(c, x, y + h - 1, line_ch(c, 4), TUI_A_HEAD);
  tui_canvas_put(c, x + w - 1, y + h - 1, line_ch(c, 5), TUI_A_HEAD);
  if (title && *title) tui_canvas_printf(c, x + 2, y, w - 4, TUI_A_HEAD, " %s ", title);
}

void tui_box(struct tui_canvas* c, int x, int y, int w, int h, const char* title) {
  box(c, x, y, w, h, title);
}

/* A heading across the panel: "─ Title ────". Advances *y. */
static void heading(struct tui_canvas* c, int x, int* y, int w, const char* title) {
  for (int i = 0; i < w; i++) tui_canvas_put(c, x + i, *y, line_ch(c, 0), TUI_A_HEAD);
  tui_canvas_printf(c, x + 1, *y, w - 2, TUI_A_HEAD, " %s ", title);
  (*y)++;
}

static void centre(struct tui_canvas* c, int y, const char* s, enum tui_attr a) {
  int tw = tui_text_width(s);
  int x = (c->w - tw) / 2;
  if (x < 0) x = 0;
  tui_canvas_text(c, x, y, c->w - x, s, a);
}

static const char* side_title(enum murk_side s) {
  switch (s) {
    case MURK_ATTACKER:
      return "Attacker";
    case MURK_DEFENDER:
      return "Defender";
    default:
      return "Umpire";
  }
}

/* The last line of a screen, centred; wrapped under itself when wider than the window. */
static void centre_wrap(struct tui_canvas* c, int y, const char* s, enum tui_attr a) {
  if (tui_text_width(s) <= c->w) {
    centre(c, y, s, a);
    return;
  }
  int w = c->w - 2 > 76 ? 76 : c->w - 2;
  tui_canvas_wrap(c, (c->w - w) / 2, y, w, c->h - y, 0, s, a);
}

/* ---- screens with nothing of the table ---- */

static void draw_too_small(struct tui_canvas* c, const struct tui_ui* ui) {
  char need[64];
  snprintf(need, sizeof need, "need %dx%d, have %dx%d", TUI_MIN_W, TUI_MIN_H, c->w, c->h);
  int y = c->h / 2 - 1;
  if (y < 0) y = 0;
  tui_canvas_wrap(c, 0, y, c->w, 1, 0, "Window too small", TUI_A_ERROR);
  int n = tui_canvas_wrap(c, 0, y + 1, c->w, c->h - y - 1, 0, need, TUI_A_NORMAL);
  if (ui->confirm_quit) tui_canvas_wrap(c, 0, y + 1 + n, c->w, 2, 0, "Quit? y / n", TUI_A_KEY);
}

static void draw_handover(struct tui_canvas* c, const struct tui_ui* ui) {
  int y = c->h / 2 - 4;
  if (y < 0) y = 0;
  char buf[160];
  const char* next = murk_side_name(ui->next);
  const char* prev = murk_side_name(murk_side_other(ui->next));
  centre(c, y, "HAND OVER", TUI_A_HEAD);
  snprintf(buf, sizeof buf, "Pass the keyboard to the %s.", next);
  centre(c, y + 2, buf, TUI_A_BIG);
  if (ui->next_force[0]) {
    snprintf(buf, sizeof buf, "(the %s plays %s)", next, ui->next_force);
    centre(c, y + 3, buf, TUI_A_DIM);
  }
  snprintf(buf, sizeof buf, "The %s looks away now.", prev);
  centre(c, y + 4, buf, TUI_A_NORMAL);
  if (ui->next_turn > 0)
    snprintf(buf, sizeof buf, "Turn %d", ui->next_turn);
  else
    snprintf(buf, sizeof buf, "Setup");
  centre(c, y + 5, buf, TUI_A_NORMAL);
  if (ui->asking) {
    snprintf(buf, sizeof buf, "%s: type your passphrase (not shown), then Enter; Esc goes back.",
             side_title(ui->next));
    centre(c, y + 7, buf, TUI_A_KEY);
  } else {
    snprintf(buf, sizeof buf, "%s: press Enter when you are ready%s.", side_title(ui->next),
             ui->ask_pass ? " (your passphrase comes next)"
             : ui->sealed ? " (nothing of yours is secret yet: no passphrase)"
                          : "");
    centre(c, y + 7, buf, TUI_A_KEY);
  }
  if (ui->pass_note[0]) centre(c, y + 8, ui->pass_note, TUI_A_ERROR);
  if (ui->fingerprint[0]) {
    snprintf(buf, sizeof buf, "History fingerprint %s", ui->fingerprint);
    centre(c, y + 10, buf, TUI_A_DIM);
  }
  if (ui->note[0]) centre_wrap(c, y + 11, ui->note, TUI_A_DIM);
}

static void draw_over(struct tui_canvas* c, const struct tui_ui* ui) {
  int y = c->h / 2 - 3;
  if (y < 0) y = 0;
  centre(c, y, "GAME OVER", TUI_A_BIG);
  int w = c->w > 70 ? 70 : c->w;
  tui_canvas_wrap(c, (c->w - w) / 2, y + 2, w, 3, 0, ui->note, TUI_A_NORMAL);
  if (ui->score[0]) centre(c, y + 5, ui->score, TUI_A_HEAD);
  centre(c, y + 7, "Press any key to see the whole table; q or Esc quits.", TUI_A_KEY);
  if (ui->message[0]) centre_wrap(c, y + 9, ui->message, TUI_A_DIM);
  if (ui->tip[0]) tui_canvas_wrap(c, (c->w - w) / 2, y + 11, w, 3, 0, ui->tip, TUI_A_GOOD);
}

/* ---- the map ---- */

static bool cell_has(const struct tui_ui* ui, const struct murk_grid* g, struct murk_pos p,
                     int bit) {
  if (!ui->cells || ui->ncells != g->width * g->height) return false;
  return (ui->cells[p.y * g->width + p.x] & bit) != 0;
}

/* A cell's glyph over its cw columns: the pair again from the third column on. */
static void put_cell(struct tui_canvas* c, int x, int y, int cw, const uint32_t ch[2],
                     enum tui_attr a) {
  for (int i = 0; i < cw; i++) tui_canvas_put(c, x + i, y, ch[i % 2], a);
}

/* Labels numbered from 10 up on a map of two columns a cell: drawn first as the kind's
 * letter and '+' ("T+"), then, once every label is down, whole ("T12") where the first
 * column of the cell to the right shows only terrain (spill_labels). */
struct spill {
  int sx, sy;
  uint32_t prefix;
  int n;
  enum tui_attr a;
};
struct spills {
  struct spill* at;
  int n, cap;
};

/* A label over a cell: two columns as glyph.c makes them ("T5", "T+"), or with room for
 * three (a zoomed map) the prefix and the whole number ("T12", "◇12"), then `suffix` where
 * a column is left (0: none), the rest blank. */
static void put_label(struct tui_canvas* c, int x, int y, int cw, uint32_t prefix, int n,
                      const uint32_t two[2], uint32_t suffix, enum tui_attr a, struct spills* sp) {
  if (cw < 3 || n < 0 || n > 99) {
    put_cell(c, x, y, 2, two, a);
    if (cw > 2) tui_canvas_fill(c, x + 2, y, cw - 2, 1, ' ', a);
    if (cw > 2 && suffix) tui_canvas_put(c, x + 2, y, suffix, a);
    if (cw == 2 && n >= 10 && n <= 99 && sp && sp->n < sp->cap)
      sp->at[sp->n++] = (struct spill){x, y, prefix, n, a};
    return;
  }
  tui_canvas_fill(c, x, y, cw, 1, ' ', a);
  tui_canvas_put(c, x, y, prefix, a);
  int at = 1;
  if (n >= 10) tui_canvas_put(c, x + at++, y, (uint32_t)('0' + n / 10), a);
  tui_canvas_put(c, x + at++, y, (uint32_t)('0' + n % 10), a);
  if (suffix && at < cw) tui_canvas_put(c, x + at, y, suffix, a);
}

/* Does the screen cell show a label or mark (not terrain)? */
static bool is_label_attr(enum tui_attr a) {
  switch (a) {
    case TUI_A_OBJECTIVE:
    case TUI_A_ENTRY:
    case TUI_A_OWN:
    case TUI_A_OWN_TEAM:
    case TUI_A_ENEMY:
    case TUI_A_ENEMY_TEAM:
    case TUI_A_CONTACT:
    case TUI_A_OWN_DIS:
    case TUI_A_ENEMY_DIS:
      return true;
    default:
      return false;
  }
}

/* Two columns a cell: each "T+" still on screen becomes "T12" over the first column of the
 * cell to its right, where that column is on the map and shows terrain only; a label there
 * keeps both whole (teams, leaders, Dis counters and contacts numbered 10 and up
 * must not read alike). */
static void spill_labels(struct tui_canvas* c, const struct tui_hexmap* m,
                         const struct spills* sp) {
  for (int i = 0; i < sp->n; i++) {
    const struct spill* l = &sp->at[i];
    const struct tui_cell* a = tui_canvas_at(c, l->sx, l->sy);
    const struct tui_cell* b = tui_canvas_at(c, l->sx + 1, l->sy);
    const struct tui_cell* r = tui_canvas_at(c, l->sx + 2, l->sy);
    /* Still this label (nothing drawn over it), and room on the map to its right. */
    if (!a || !b || !r || a->ch != l->prefix || b->ch != '+' || a->attr != l->a) continue;
    /* The cell to the right: on the table, shown whole, right there. */
    struct murk_pos p;
    int rx, ry;
    if (!tui_hexmap_from_screen(m, l->sx, l->sy, &p)) continue;
    p.x++;
    if (!tui_hexmap_to_screen(m, p, &rx, &ry) || rx != l->sx + 2 ||
        is_label_attr((enum tui_attr)r->attr))
      continue;
    tui_canvas_put(c, l->sx + 1, l->sy, (uint32_t)('0' + l->n / 10), l->a);
    tui_canvas_put(c, l->sx + 2, l->sy, (uint32_t)('0' + l->n % 10), l->a);
  }
}

static void put_unit_label(struct tui_canvas* c, int x, int y, int cw, char prefix, int n,
                           enum tui_attr a, struct spills* sp) {
  uint32_t two[2];
  tui_glyph_label(prefix, n, two);
  put_label(c, x, y, cw, (uint32_t)(unsigned char)prefix, n, two, 0, a, sp);
}

/* Is the view's side (or the umpire's first side) the owner? */
static bool is_own(const struct murk_view* v, enum murk_side owner) {
  if (v->side == MURK_NO_SIDE) return owner == MURK_ATTACKER;
  return owner == v->side;
}

static void unit_label(struct tui_canvas* c, int x, int y, int cw, const struct murk_view* v,
                       const struct tui_ui* ui, char prefix, enum murk_side owner, int marker,
                       int platoon, enum tui_attr a, struct spills* sp) {
  if (ui->roster_labels && v->side != MURK_NO_SIDE && owner == v->side && platoon >= 0)
    put_unit_label(c, x, y, cw, '#', platoon + 1, a, sp);
  else
    put_unit_label(c, x, y, cw, prefix, marker, a, sp);
}

static bool mode_shows_cursor(const struct tui_ui* ui) {
  return ui->mode == TUI_MODE_MAP || ui->mode == TUI_MODE_MOVE || ui->mode == TUI_MODE_PICK ||
         ui->mode == TUI_MODE_COMMAND || ui->mode == TUI_MODE_RECAP;
}

/* Coordinates on the map's edges: column numbers on the row above it (every other column
 * at two columns a cell, where they would touch), row numbers left of it when the layout
 * has room; the cursor's column and row stand out. */
static void draw_rulers(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui) {
  const struct tui_hexmap* m = &ui->map;
  const struct murk_grid* g = &v->grid;
  int cw = tui_hexmap_cell_w(m);
  bool cursor = mode_shows_cursor(ui);
  int y = m->sy - 1;
  if (y >= 1) {
    for (int x = m->ox; x < g->width && x < m->ox + tui_hexmap_cols(m); x++) {
      bool here = cursor && x == ui->cursor.x;
      if (cw == 2 && x % 2 && !here) continue;
      /* Beside the cursor's own number, none that would run into it. */
      if (cw == 2 && !here && cursor && (x + 1 == ui->cursor.x || x - 1 == ui->cursor.x)) continue;
      int sx = m->sx + cw * (x - m->ox);
      tui_canvas_printf(c, sx, y, 2, here ? TUI_A_HEAD : TUI_A_DIM, "%02d", x % 100);
    }
  }
  if (m->sx >= TUI_RULER_W)
    for (int r = 0; r < tui_hexmap_rows(m) && m->oy + r < g->height; r++) {
      int row = m->oy + r;
      bool here = cursor && row == ui->cursor.y;
      tui_canvas_printf(c, m->sx - TUI_RULER_W, m->sy + r, 2, here ? TUI_A_HEAD : TUI_A_DIM, "%02d",
                        row % 100);
    }
}

static void draw_map(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui) {
  const struct tui_hexmap* m = &ui->map;
  const struct murk_grid* g = &v->grid;
  int cw = tui_hexmap_cell_w(m);
  int sx, sy;
  struct tui_glyph look[MURK_MISSION_MAX_TERRAIN];
  int nlook = v->nterrain < MURK_MISSION_MAX_TERRAIN ? v->nterrain : MURK_MISSION_MAX_TERRAIN;
  tui_glyph_legend(v->terrain, nlook, c->ascii, look);
  for (int y = m->oy; y < g->height && y <= m->oy + m->sh; y++) {
    for (int x = m->ox; x < g->width && x <= m->ox + tui_hexmap_cols(m); x++) {
      struct murk_pos p = {x, y};
      if (!tui_hexmap_to_screen(m, p, &sx, &sy)) continue;
      /* The map as the table stands: works built in setup over the map's ground. */
      int idx = v->nworks > 0 ? murk_view_terrain_at(v, p) : v->map ? v->map[y * g->width + x] : 0;
      struct tui_glyph gl = idx >= 0 && idx < nlook ? look[idx] : tui_glyph_terrain(NULL, c->ascii);
      enum tui_attr a = gl.attr;
      if (cell_has(ui, g, p, TUI_CELL_ZONE)) a = tui_glyph_zone_attr(gl.attr);
      if (ui->mode == TUI_MODE_MOVE && cell_has(ui, g, p, TUI_CELL_REACH)) a = TUI_A_REACH;
      put_cell(c, sx, sy, cw, gl.ch, a);
    }
  }
  draw_rulers(c, v, ui);
  /* Room for every label that may spill (none, without memory: they stay "T+"); none under
   * a list or box drawn over the map, which could cover a label and leave its last digit. */
  struct spills sp = {NULL, 0, 0};
  bool overlay = ui->mode == TUI_MODE_PICK || ui->confirm.open || ui->help || ui->confirm_quit ||
                 ui->card || ui->reader;
  if (cw == 2 && !overlay) {
    int most = v->nentries + v->ncontacts + v->nmarkers * (1 + MURK_MAX_DIS) + v->nteams;
    sp.at = most > 0 ? murk_malloc((size_t)most * sizeof *sp.at) : NULL;
    sp.cap = sp.at ? most : 0;
  }
  /* Night: lit cells (starshells, rounds, fires), a background under everything else but
   * the move preview, which a player choosing a cell must see. */
  for (int i = 0; i < v->nlit; i++) {
    if (ui->mode == TUI_MODE_MOVE && cell_has(ui, g, v->lit[i], TUI_CELL_REACH)) continue;
    if (tui_hexmap_to_screen(m, v->lit[i], &sx, &sy)) tui_canvas_paint(c, sx, sy, cw, TUI_A_LIT);
  }
  for (int i = 0; i < v->nentries; i++) {
    const struct murk_entry* e = &v->entries[i];
    if (!tui_hexmap_to_screen(m, e->at, &sx, &sy)) continue;
    put_unit_label(c, sx, sy, cw, 'E', e->number, TUI_A_ENTRY, &sp);
  }
  for (int i = 0; i < v->nobjectives; i++) {
    if (!tui_hexmap_to_screen(m, v->objectives[i].pos, &sx, &sy)) continue;
    tui_canvas_put(c, sx, sy, tui_glyph_objective(c->ascii), TUI_A_OBJECTIVE);
    tui_canvas_paint(c, sx + 1, sy, cw - 1, TUI_A_OBJECTIVE);
  }
  /* Where enemies out of sight were last seen (the view's contacts): over the table's own
   * marks (an enemy that came on at an entry point and went out of sight shows there), under
   * whatever is on the table now. Zoomed in, with a question mark: a memory, not a unit. */
  for (int i = 0; i < v->ncontacts; i++) {
    const struct murk_view_contact* k = &v->contacts[i];
    if (!tui_hexmap_to_screen(m, k->pos, &sx, &sy)) continue;
    uint32_t lab[2];
    tui_glyph_label(k->team ? 'P' : 'T', k->marker, lab);
    put_label(c, sx, sy, cw, k->team ? 'P' : 'T', k->marker, lab, '?', TUI_A_CONTACT, &sp);
  }
  /* Dis counters (Limited Intelligence 27.1.2), public for both sides: under any leader or team
   * that shares the cell, so what stands there is what shows. */
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* mk = &v->markers[i];
    if (!mk->on_table) continue;
    for (int d = 0; d < mk->ndis && d < MURK_MAX_DIS; d++) {
      if (!tui_hexmap_to_screen(m, mk->dis[d], &sx, &sy)) continue;
      uint32_t lab[2];
      tui_glyph_dis(mk->number, c->ascii, lab);
      put_label(c, sx, sy, cw, c->ascii ? 'd' : 0x25c7, mk->number, lab, 0,
                is_own(v, mk->owner) ? TUI_A_OWN_DIS : TUI_A_ENEMY_DIS, &sp);
    }
  }
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* mk = &v->markers[i];
    if (!mk->on_table || !tui_hexmap_to_screen(m, mk->pos, &sx, &sy)) continue;
    unit_label(c, sx, sy, cw, v, ui, 'T', mk->owner, mk->number, mk->known ? mk->platoon : -1,
               is_own(v, mk->owner) ? TUI_A_OWN : TUI_A_ENEMY, &sp);
  }
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* tm = &v->teams[i];
    if (!tui_hexmap_to_screen(m, tm->pos, &sx, &sy)) continue;
    unit_label(c, sx, sy, cw, v, ui, 'P', tm->owner, tm->marker, tm->platoon,
               is_own(v, tm->owner) ? TUI_A_OWN_TEAM : TUI_A_ENEMY_TEAM, &sp);
  }
  spill_labels(c, m, &sp);
  murk_free(sp.at);
  if (ui->mode == TUI_MODE_MOVE && tui_hexmap_to_screen(m, ui->move_from, &sx, &sy))
    tui_canvas_paint(c, sx, sy, cw, TUI_A_MARK);
  if (ui->mode == TUI_MODE_PICK && ui->pick.sel >= 0 && ui->pick.sel < ui->pick.n) {
    const struct tui_pick_item* it = &ui->pick.items[ui->pick.sel];
    if (it->has_pos && tui_hexmap_to_screen(m, it->pos, &sx, &sy))
      tui_canvas_paint(c, sx, sy, cw, TUI_A_MARK);
  }
  if (mode_shows_cursor(ui) && tui_hexmap_to_screen(m, ui->cursor, &sx, &sy))
    tui_canvas_paint(c, sx, sy, cw, TUI_A_CURSOR);
  /* A placement being asked about: where it goes, over the cursor. */
  if (ui->confirm.open && ui->confirm.has_pos &&
      tui_hexmap_to_screen(m, ui->confirm.at, &sx, &sy)) {
    tui_canvas_put(c, sx, sy, '?', TUI_A_MARK);
    tui_canvas_put(c, sx + 1, sy, '?', TUI_A_MARK);
  }
}

/* ---- the panel ---- */

/* Whose a marker is, in the words of the side at the screen. */
static const char* whose(const struct murk_view* v, enum murk_side owner) {
  if (v->side == MURK_NO_SIDE) return murk_side_name(owner);
  return owner == v->side ? "your" : "enemy";
}

/* What a marker is, by its public kind: the core's noun for it (view.h). */
static const char* marker_kind_word(enum murk_marker_kind k) {
  return murk_marker_noun(k, false);
}

/* Why an enemy marker or team on the table is seen (the view's reason: sight.c's rules, as
 * the side can tell them from its own units). */
static const char* seen_why(enum murk_view_sight w) {
  switch (w) {
    case MURK_VIEW_PUBLIC:
      return "on the table for both sides";
    case MURK_VIEW_LIT:
      return "seen: lit, or seen firing";
    default:
      return "in sight of your units";
  }
}

/* Why an enemy last seen here is out of sight now: the core's words for the view's reason
 * (only what the side knows: its own units, the public table and the conditions), which a
 * refused shot or assault gives too. */
static void contact_why(const struct murk_view* v, const struct murk_view_contact* k, char* buf,
                        size_t n) {
  char why[120];
  murk_view_contact_why(v, k, why, sizeof why);
  snprintf(buf, n, "%s%s", k->sight == MURK_VIEW_MOVED ? "" : "not seen: ", why);
}

/* Whether the cell is lit, by what and until when (public: the view's lights). */
static void draw_cell_light(struct tui_canvas* c, int x, int* y, int w, int ymax,
                            const struct murk_view* v, struct murk_pos p) {
  for (int i = 0; i < v->nlit && *y < ymax; i++) {
    if (!murk_pos_eq(v->lit[i], p)) continue;
    int li = v->lit_by ? v->lit_by[i] : -1;
    char buf[200];
    if (li >= 0 && li < v->nlights) {
      const struct murk_view_light* l = &v->lights[li];
      char at[16];
      murk_pos_format(l->at, at, sizeof at);
      if (l->by != MURK_NO_SIDE)
        snprintf(buf, sizeof buf, "lit by the %s's %s at %s, %s", murk_side_name(l->by), l->what,
                 at, l->until);
      else
        snprintf(buf, sizeof buf, "lit by the %s at %s (%s)", l->what, at, l->until);
    } else {
      snprintf(buf, sizeof buf, "lit");
    }
    *y += tui_canvas_wrap(c, x + 1, *y, w - 1, ymax - *y, 0, buf, TUI_A_LIT);
    return;
  }
}

/* Who holds an objective, as the view says (the core judges it: victory.c). */
static void objective_held(const struct murk_view* v, const struct murk_view_objective* o,
                           bool brief, char* buf, size_t n) {
  if (o->held_by == MURK_NO_SIDE)
    snprintf(buf, n, "%s", o->contested ? "contested" : brief ? "free" : "nobody holds it");
  else if (o->held_by == v->side)
    snprintf(buf, n, "held by you");
  else
    snprintf(buf, n, "held by %s%s", brief ? "" : "the ", murk_side_name(o->held_by));
}

/* Describe what is at the cursor. Only view data: the terrain, the objectives and entries
 * of the public table, and the markers and teams the view holds. */
static void draw_cell(struct tui_canvas* c, int x, int* y, int w, int ymax,
                      const struct murk_view* v, const struct tui_ui* ui) {
  struct murk_pos p = ui->cursor;
  char pos[16];
  murk_pos_format(p, pos, sizeof pos);
  char title[40];
  snprintf(title, sizeof title, "Cell %s", pos);
  heading(c, x, y, w, title);
  if (!murk_geom_on_table(&v->grid, p)) return;
  int idx = v->nworks > 0 ? murk_view_terrain_at(v, p)
            : v->map      ? v->map[p.y * v->grid.width + p.x]
                          : 0;
  if (idx >= 0 && idx < v->nterrain && *y < ymax) {
    const struct murk_terrain* t = &v->terrain[idx];
    tui_canvas_printf(c, x + 1, (*y)++, w - 1, TUI_A_NORMAL, "%s (%s)", t->name,
                      murk_terrain_class_name(t->cls));
  }
  if (cell_has(ui, &v->grid, p, TUI_CELL_ZONE) && *y < ymax)
    tui_canvas_text(c, x + 1, (*y)++, w - 1, "in your deployment zone", TUI_A_ZONE);
  for (int i = 0; i < v->nobjectives && *y < ymax; i++) {
    const struct murk_view_objective* o = &v->objectives[i];
    if (!murk_pos_eq(o->pos, p)) continue;
    char held[32];
    objective_held(v, o, false, held, sizeof held);
    tui_canvas_printf(c, x + 1, (*y)++, w - 1, TUI_A_OBJECTIVE, "objective %s (%s): %s", o->name,
                      o->for_side == MURK_NO_SIDE ? "either side" : murk_side_name(o->for_side),
                      held);
  }
  for (int i = 0; i < v->nentries && *y < ymax; i++) {
    const struct murk_entry* e = &v->entries[i];
    if (!murk_pos_eq(e->at, p)) continue;
    tui_canvas_printf(c, x + 1, (*y)++, w - 1, TUI_A_ENTRY, "entry %d: %s", e->number, e->name);
  }
  const struct murk_view_marker* mk = murk_view_marker_at(v, p);
  if (mk && mk->on_table && *y < ymax) {
    bool own = v->side != MURK_NO_SIDE && mk->owner == v->side;
    enum tui_attr a = is_own(v, mk->owner) ? TUI_A_OWN : TUI_A_ENEMY;
    if (own && mk->known && mk->dummy)
      tui_canvas_printf(c, x + 1, (*y)++, w - 1, a, "T%d: your dummy", mk->number);
    else if (own && mk->known)
      tui_canvas_printf(c, x + 1, (*y)++, w - 1, a, "T%d: your %d", mk->number, mk->platoon + 1);
    else if (mk->known && mk->dummy)
      tui_canvas_printf(c, x + 1, (*y)++, w - 1, a, "T%d: %s dummy", mk->number,
                        murk_side_name(mk->owner));
    else if (mk->known)
      tui_canvas_printf(c, x + 1, (*y)++, w - 1, a, "T%d: %s %s", mk->number,
                        murk_side_name(mk->owner), marker_kind_word(mk->kind));
    else
      tui_canvas_printf(c, x + 1, (*y)++, w - 1, a, "T%d: enemy %s", mk->number,
                        marker_kind_word(mk->kind));
    if (mk->known && !mk->dummy && *y < ymax)
      tui_canvas_printf(c, x + 2, (*y)++, w - 2, a, "%s", mk->name);
    if (mk->known && !mk->dummy && *y < ymax)
      tui_canvas_printf(c, x + 2, (*y)++, w - 2, TUI_A_NORMAL, "%s, %d team%s", mk->type,
                        mk->nteams, mk->nteams == 1 ? "" : "s");
    if (mk->bogged && *y < ymax) tui_canvas_text(c, x + 2, (*y)++, w - 2, "bogged", TUI_A_ERROR);
    if (!own && v->side != MURK_NO_SIDE && mk->sight != MURK_VIEW_PUBLIC && *y < ymax)
      tui_canvas_text(c, x + 2, (*y)++, w - 2, seen_why(mk->sight), TUI_A_DIM);
  }
  const struct murk_view_team* tm = murk_view_team_at(v, p);
  if (tm && *y < ymax) {
    bool own = v->side != MURK_NO_SIDE && tm->owner == v->side;
    enum tui_attr a = is_own(v, tm->owner) ? TUI_A_OWN_TEAM : TUI_A_ENEMY_TEAM;
    const struct murk_view_marker* pm = murk_view_marker_by_number(v, tm->owner, tm->marker);
    if (own)
      tui_canvas_printf(c, x + 1, (*y)++, w - 1, a, "your %d (P%d): %s", tm->platoon + 1,
                        tm->marker, tm->profile);
    else
      tui_canvas_printf(c, x + 1, (*y)++, w - 1, a, "P%d %s: %s", tm->marker,
                        murk_side_name(tm->owner), tm->profile);
    if (pm && pm->known && *y < ymax) tui_canvas_printf(c, x + 2, (*y)++, w - 2, a, "%s", pm->name);
    if (!own && v->side != MURK_NO_SIDE && *y < ymax)
      tui_canvas_text(c, x + 2, (*y)++, w - 2, seen_why(tm->sight), TUI_A_DIM);
  }
  /* Dis counters here (public, Limited Intelligence 27.1.2): whose leader they belong to. */
  for (int i = 0; i < v->nmarkers && *y < ymax; i++) {
    const struct murk_view_marker* dm = &v->markers[i];
    if (!dm->on_table) continue;
    for (int d = 0; d < dm->ndis && d < MURK_MAX_DIS && *y < ymax; d++) {
      if (!murk_pos_eq(dm->dis[d], p)) continue;
      bool own = is_own(v, dm->owner);
      tui_canvas_printf(c, x + 1, (*y)++, w - 1, own ? TUI_A_OWN_DIS : TUI_A_ENEMY_DIS,
                        "Dis counter of %s T%d", whose(v, dm->owner), dm->number);
    }
  }
  /* Enemies out of sight last seen here: memory, not what stands here now. */
  for (int i = 0; i < v->ncontacts && *y < ymax; i++) {
    const struct murk_view_contact* k = &v->contacts[i];
    if (!murk_pos_eq(k->pos, p)) continue;
    char when[32];
    if (k->turn > 0)
      snprintf(when, sizeof when, "turn %d", k->turn);
    else
      snprintf(when, sizeof when, "in setup");
    tui_canvas_printf(c, x + 1, (*y)++, w - 1, TUI_A_CONTACT, "%c%d last seen %s",
                      k->team ? 'P' : 'T', k->marker, when);
    if (*y >= ymax) break;
    if (k->team)
      tui_canvas_printf(c, x + 2, (*y)++, w - 2, TUI_A_CONTACT, "%s team: %s", whose(v, k->owner),
                        k->profile);
    else
      tui_canvas_printf(c, x + 2, (*y)++, w - 2, TUI_A_CONTACT, "%s %s", whose(v, k->owner),
                        marker_kind_word(k->kind));
    if (v->side != MURK_NO_SIDE && k->owner != v->side) {
      char why[200];
      contact_why(v, k, why, sizeof why);
      *y += tui_canvas_wrap(c, x + 2, *y, w - 2, ymax - *y, 0, why, TUI_A_DIM);
    }
  }
  draw_cell_light(c, x, y, w, ymax, v, p);
}

static void forces_line(struct tui_canvas* c, int x, int y, int w,
                        const struct murk_view_platoon* pl, int sel, int indent);
static void draw_forces_wings(struct tui_canvas* c, int x, int y, int w, int h,
                              const struct murk_view* v, int sel);

static void draw_forces(struct tui_canvas* c, int x, int y, int w, int h, const struct murk_view* v,
                        const struct tui_ui* ui) {
  int sel = -1; /* the own platoon at the cursor */
  const struct murk_view_marker* mk = murk_view_marker_at(v, ui->cursor);
  const struct murk_view_team* tm = murk_view_team_at(v, ui->cursor);
  if (mk && mk->on_table && mk->known && mk->owner == v->side) sel = mk->platoon;
  if (tm && tm->owner == v->side) sel = tm->platoon;
  int row = 0;
  if (v->side == MURK_NO_SIDE) {
    for (int i = 0; i < v->nmarkers && row < h; i++) {
      const struct murk_view_marker* m = &v->markers[i];
      tui_canvas_printf(c, x, y + row++, w, is_own(v, m->owner) ? TUI_A_OWN : TUI_A_ENEMY,
                        "T%-3d %s %s", m->number, m->owner == MURK_ATTACKER ? "att" : "def",
                        m->dummy ? "dummy" : m->name);
    }
    return;
  }
  if (v->nwings > 0) {
    draw_forces_wings(c, x, y, w, h, v, sel);
    return;
  }
  for (int i = 0; i < v->nplatoons && row < h; i++)
    forces_line(c, x, y + row++, w, &v->platoons[i], sel, 0);
}

/* One line a platoon: roster number, where it is (its template T<n>, its revealed
 * teams P<n>, "res" in reserve, "--" not deployed, "lost"), name; `indent` columns in. */
static void forces_line(struct tui_canvas* c, int x, int y, int w,
                        const struct murk_view_platoon* pl, int sel, int indent) {
  char where[16];
  switch (pl->state) {
    case MURK_PLATOON_HIDDEN:
      snprintf(where, sizeof where, "T%d", pl->marker);
      break;
    case MURK_PLATOON_REVEALED:
      snprintf(where, sizeof where, "P%d", pl->marker);
      break;
    case MURK_PLATOON_RESERVE:
      snprintf(where, sizeof where, "res");
      break;
    case MURK_PLATOON_DESTROYED:
      snprintf(where, sizeof where, "lost");
      break;
    case MURK_PLATOON_WAITING:
      snprintf(where, sizeof where, "--");
      break;
    case MURK_PLATOON_WITHDRAWN:
      snprintf(where, sizeof where, "out");
      break;
    default: /* a state of a later rule: the core's own word for it */
      snprintf(where, sizeof where, "%.4s", murk_platoon_state_name(pl->state));
      break;
  }
  enum tui_attr a = pl->index == sel                      ? TUI_A_SELECT
                    : pl->state == MURK_PLATOON_DESTROYED ? TUI_A_DIM
                                                          : TUI_A_NORMAL;
  tui_canvas_printf(c, x + indent, y, w - indent, a, "%2d %-4s %s", pl->index + 1, where, pl->name);
}

/* Limited Intelligence (27.1): the roster by wing, each under a line with the
 * wing's name, its leader on the table and how far its Dis counters may stand (the view's
 * wings); platoons of no wing last. */
static void draw_forces_wings(struct tui_canvas* c, int x, int y, int w, int h,
                              const struct murk_view* v, int sel) {
  int row = 0;
  for (int k = 0; k <= v->nwings && row < h; k++) {
    if (k < v->nwings) {
      const struct murk_view_wing* wg = &v->wings[k];
      char leader[16] = "";
      if (wg->leader > 0) snprintf(leader, sizeof leader, " T%d", wg->leader);
      tui_canvas_printf(c, x, y + row++, w, TUI_A_HEAD, "%s%s: Dis %d cell%s", wg->name, leader,
                        wg->dis_range, wg->dis_range == 1 ? "" : "s");
    } else {
      bool any = false;
      for (int i = 0; i < v->nplatoons; i++) any = any || v->platoons[i].wing < 0;
      if (!any) break;
      tui_canvas_text(c, x, y + row++, w, "no wing", TUI_A_HEAD);
    }
    for (int i = 0; i < v->nplatoons && row < h; i++) {
      const struct murk_view_platoon* pl = &v->platoons[i];
      if (pl->wing == (k < v->nwings ? k : -1) || (k == v->nwings && pl->wing >= v->nwings))
        forces_line(c, x, y + row++, w, pl, sel, 1);
    }
  }
}

/* The prompt, wrapped in full (it says what the side may do: never cut without a sign).
 * Should it not fit above ymax, its last line shows where it stops. Returns lines used. */
static int draw_prompt(struct tui_canvas* c, int x, int y, int w, int ymax, const char* prompt) {
  int n = tui_canvas_wrap(NULL, 0, 0, w, 0, 0, prompt, TUI_A_GOOD);
  int room = ymax - y;
  if (room <= 0) return 0;
  if (n <= room) {
    tui_canvas_wrap(c, x, y, w, n, 0, prompt, TUI_A_GOOD);
    return n;
  }
  tui_canvas_wrap(c, x, y, w, room, 0, prompt, TUI_A_GOOD);
  tui_canvas_put(c, x + w - 1, y + room - 1, c->ascii ? '>' : 0x2026, TUI_A_KEY);
  return room;
}

/* "turn 3 of 6", "turn 3 of 6 or more" (Random Game Length), "turn 3 (no last turn)": the
 * view's own last turn. */
static void turn_of(const struct murk_view* v, char* buf, size_t n) {
  int last = v->ending.turn_limit > 0 ? v->ending.turn_limit : v->ending.held_until;
  if (last > 0)
    snprintf(buf, n, "turn %d of %d%s", v->turn, last, v->ending.random_length ? " or more" : "");
  else
    snprintf(buf, n, "turn %d (no last turn)", v->turn);
}

static void draw_panel(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui,
                       const struct tui_layout* L) {
  int x = L->panel_x, w = L->panel_w, y = L->panel_y;
  int ymax = L->panel_y + L->panel_h;
  /* Where the game is. */
  heading(c, x, &y, w, side_title(v->side));
  if (v->phase == MURK_PHASE_PLAY) {
    char turn[48];
    turn_of(v, turn, sizeof turn);
    tui_canvas_printf(c, x + 1, y++, w - 1, TUI_A_NORMAL, "%s, %s step", turn,
                      murk_step_name(v->step));
    /* How the battle is won and when it ends: the core's one line, wrapped. */
    if (v->ending.summary[0]) {
      int n = tui_canvas_wrap(c, x + 1, y, w - 1, 3, 0, v->ending.summary, TUI_A_DIM);
      y += n > 3 ? 3 : n;
    }
    tui_canvas_printf(c, x + 1, y++, w - 1, TUI_A_NORMAL, "%s to act", murk_side_name(v->to_act));
  } else if (v->phase == MURK_PHASE_OVER) {
    tui_canvas_text(c, x + 1, y++, w - 1, "game over", TUI_A_HEAD);
    int n = tui_canvas_wrap(c, x + 1, y, w - 1, 3, 0, v->result, TUI_A_NORMAL);
    y += n > 3 ? 3 : n;
  } else {
    tui_canvas_printf(c, x + 1, y++, w - 1, TUI_A_NORMAL, "setup: %s", murk_phase_name(v->phase));
    if (v->to_act != MURK_NO_SIDE)
      tui_canvas_printf(c, x + 1, y++, w - 1, TUI_A_NORMAL, "%s to act", murk_side_name(v->to_act));
  }
  if (v->prompt[0]) y += draw_prompt(c, x + 1, y, w - 1, ymax, v->prompt);
  if (v->phase == MURK_PHASE_OVER)
    tui_canvas_printf(c, x + 1, y++, w - 1, TUI_A_HEAD, "VP: attacker %d, defender %d",
                      v->vp[MURK_ATTACKER], v->vp[MURK_DEFENDER]);
  if (v->delay_counters > 0)
    tui_canvas_printf(c, x + 1, y++, w - 1, TUI_A_NORMAL, "delay counters: %d", v->delay_counters);
  if (v->withdraw_due > 0 && v->side == v->to_act)
    tui_canvas_printf(c, x + 1, y++, w - 1, TUI_A_ERROR, "withdraw %d platoon%s (w)",
                      v->withdraw_due, v->withdraw_due == 1 ? "" : "s");
  if (v->visibility >= 0)
    tui_canvas_printf(c, x + 1, y++, w - 1, TUI_A_NORMAL, "visibility %d cell%s", v->visibility,
                      v->visibility == 1 ? "" : "s");
  /* Sight now (night, fog, the NVR): public, so every side's panel shows it. */
  if (v->conditions[0] && (v->night || v->nvr >= 0 || v->sight_range < MURK_SIGHT_UNLIMITED)) {
    int n = tui_canvas_wrap(c, x + 1, y, w - 1, 2, 0, v->conditions, TUI_A_NORMAL);
    y += n > 2 ? 2 : n;
  }
  if (ui->secret_dice)
    tui_canvas_printf(c, x + 1, y++, w - 1, TUI_A_DIM, "dice: secret");
  else
    tui_canvas_printf(c, x + 1, y++, w - 1, TUI_A_DIM, "seed %" PRIu64 " (open game)", ui->seed);

  draw_cell(c, x, &y, w, ymax, v, ui);

  if (y < ymax && v->nobjectives > 0) {
    heading(c, x, &y, w, "Objectives");
    for (int i = 0; i < v->nobjectives && y < ymax; i++) {
      const struct murk_view_objective* o = &v->objectives[i];
      char pos[16];
      murk_pos_format(o->pos, pos, sizeof pos);
      char held[32];
      objective_held(v, o, true, held, sizeof held);
      /* Who holds it first: a narrow panel cuts the end of the line. */
      tui_canvas_printf(c, x + 1, y++, w - 1, TUI_A_OBJECTIVE, "%s %-3s %s (%s's)", pos, o->name,
                        held, o->for_side == MURK_NO_SIDE ? "either" : murk_side_name(o->for_side));
    }
  }
  if (y >= ymax) return;
  heading(c, x, &y, w, ui->tab == TUI_TAB_BRIEFING ? "Briefing  [Tab]" : "Forces  [Tab]");
  if (ui->tab == TUI_TAB_BRIEFING) {
    const char* text = v->briefing && v->briefing[0] ? v->briefing : "(no briefing)";
    tui_canvas_wrap(c, x + 1, y, w - 1, ymax - y, ui->brief_scroll, text, TUI_A_NORMAL);
  } else {
    draw_forces(c, x + 1, y, w - 1, ymax - y, v, ui);
  }
}

/* ---- events ---- */

static enum tui_attr event_attr(const struct murk_event* e) {
  switch (e->kind) {
    case MURK_EV_ROLL:
      return TUI_A_ROLL;
    case MURK_EV_PHASE:
      return TUI_A_HEAD;
    case MURK_EV_LOSS:
    case MURK_EV_END:
      return TUI_A_ERROR;
    default:
      return TUI_A_NORMAL;
  }
}

enum tui_attr tui_event_attr(const struct murk_event* e) {
  return event_attr(e);
}

static void draw_log(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui,
                     const struct tui_layout* L) {
  int y = L->log_y;
  int rows = L->log_h - 1;
  char t[64];
  /* Newest at the bottom; log_scroll lines up from it. */
  long last = (long)v->nevents - 1 - ui->log_scroll;
  long first = last - rows + 1;
  if (first < 0) first = 0;
  /* A line cut at the log's width: M reads it whole (card.c's reader). */
  bool cut = false;
  for (long i = first; i <= last && rows > 0 && !cut; i++)
    cut = tui_text_width(v->events[i].text) > L->log_w - 1;
  if (ui->log_scroll > 0)
    snprintf(t, sizeof t, "Events (%d newer line%s below: PgDn)", ui->log_scroll,
             ui->log_scroll == 1 ? "" : "s");
  else if (ui->history[0])
    snprintf(t, sizeof t, "Events  history %s", ui->history);
  else
    snprintf(t, sizeof t, "Events%s", cut ? "  M: whole lines" : "");
  heading(c, L->log_x, &y, L->log_w, t);
  if (rows <= 0 || v->nevents == 0) return;
  for (long i = first; i <= last; i++) {
    const struct murk_event* e = &v->events[i];
    tui_canvas_text(c, L->log_x + 1, y + (int)(i - first), L->log_w - 1, e->text, event_attr(e));
  }
}

/* ---- the bottom lines ---- */

/* The message repeats the command's one event and the log's newest line shows it whole:
 * the same words twice, one under the other, would read as two events. */
static bool message_in_log(const struct murk_view* v, const struct tui_ui* ui,
                           const struct tui_layout* L) {
  if (ui->message_seq <= 0 || ui->log_scroll != 0 || L->log_h < 2 || v->nevents == 0) return false;
  const struct murk_event* e = &v->events[v->nevents - 1];
  return e->seq == ui->message_seq && tui_text_width(e->text) <= L->log_w - 1;
}

/* The message line; a long message (a rejection's reason) takes up to two more lines,
 * upwards over the end of the event log. */
static void draw_message(struct tui_canvas* c, const struct tui_ui* ui,
                         const struct tui_layout* L) {
  int all = tui_canvas_wrap(NULL, 0, 0, c->w, 0, 0, ui->message, ui->message_attr);
  int n = all > 3 ? 3 : all < 1 ? 1 : all;
  int y = L->msg_y - (n - 1);
  tui_canvas_fill(c, 0, y, c->w, n, ' ', TUI_A_NORMAL);
  tui_canvas_wrap(c, 0, y, c->w, n, 0, ui->message, ui->message_attr);
  /* Longer than three lines: the rest is in the reader (card.c), and the line says so. */
  if (all > n) {
    static const char more[] = " ... M: the whole message ";
    int mw = (int)sizeof more - 1;
    tui_canvas_text(c, c->w - mw, L->msg_y, mw, more, TUI_A_KEY);
  }
}

static void draw_keys(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui,
                      const struct tui_layout* L) {
  int y = L->keys_y;
  const char* hint = "";
  char buf[160];
  switch (ui->mode) {
    case TUI_MODE_COMMAND: {
      tui_canvas_put(c, 0, y, ':', TUI_A_KEY);
      int w = c->w - 2;
      /* Show the end of a long line so the cursor stays visible. */
      const char* s = ui->line;
      while (tui_text_width(s) > w - 1 && *s) tui_utf8_next(&s);
      int col = 1 + tui_canvas_text(c, 1, y, w, s, TUI_A_NORMAL);
      size_t off = (size_t)(s - ui->line);
      int cx = 1;
      if (ui->line_cur >= off) {
        char tmp[TUI_LINE_MAX];
        size_t n = ui->line_cur - off;
        memcpy(tmp, s, n);
        tmp[n] = '\0';
        cx = 1 + tui_text_width(tmp);
      }
      if (cx >= col) tui_canvas_put(c, cx, y, ' ', TUI_A_CURSOR);
      tui_canvas_paint(c, cx, y, 1, TUI_A_CURSOR);
      return;
    }
    case TUI_MODE_MOVE: {
      /* What to do, then the keys of a move (keys.c). */
      const char* what = strcmp(ui->move_verb, "reveal") == 0 ? "reveal: "
                         : strcmp(ui->move_verb, "adjust") == 0
                             ? "adjust: put the cursor where the leader goes (its own cell: it "
                               "stays)  "
                             : "move: put the cursor on a lit cell  ";
      char keys[80];
      tui_keys_line(v, ui, keys, sizeof keys);
      snprintf(buf, sizeof buf, "%s%s", what, keys);
      hint = buf;
      break;
    }
    default: /* the keys of the mode (keys.c): the map's, those offered now */
      tui_keys_line(v, ui, buf, sizeof buf);
      hint = buf;
      break;
  }
  tui_canvas_text(c, 0, y, c->w, hint, TUI_A_KEY);
}

static void draw_status(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui) {
  tui_canvas_fill(c, 0, 0, c->w, 1, ' ', TUI_A_TITLE);
  char where[96], turn[48];
  turn_of(v, turn, sizeof turn);
  if (v->phase == MURK_PHASE_PLAY)
    snprintf(where, sizeof where, "%s, %s step", turn, murk_step_name(v->step));
  else
    snprintf(where, sizeof where, "%s", murk_phase_name(v->phase));
  char who[96];
  if (ui->side == MURK_NO_SIDE)
    snprintf(who, sizeof who, "umpire's table");
  else if (v->force_name[ui->side] && v->force_name[ui->side][0])
    snprintf(who, sizeof who, "%s's table (%s)", murk_side_name(ui->side), v->force_name[ui->side]);
  else
    snprintf(who, sizeof who, "%s's table", murk_side_name(ui->side));
  char dice[96];
  if (ui->secret_dice)
    snprintf(dice, sizeof dice, "%s", ui->sealed ? "sealed" : "open, secret dice");
  else
    snprintf(dice, sizeof dice, "open, seed %" PRIu64, ui->seed);
  if (ui->opponent[0]) {
    /* Against the computer: how well it plays (murk play --level). */
    size_t at = strlen(dice);
    snprintf(dice + at, sizeof dice - at, " | %s", ui->opponent);
  }
  const char* name = v->mission_name ? v->mission_name : "";
  /* A mission named with the rules added to it (murk play --with) may leave no room: the
   * force's name gives way first, never whether the game is sealed. */
  if ((int)(strlen(name) + strlen(who) + strlen(where) + strlen(dice) + 17) > c->w &&
      ui->side != MURK_NO_SIDE)
    snprintf(who, sizeof who, "%s's table", murk_side_name(ui->side));
  tui_canvas_printf(c, 0, 0, c->w, TUI_A_TITLE, " murk | %s | %s | %s | %s", name, who, where,
                    dice);
}

/* ---- the whole screen ---- */

void tui_draw(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui) {
  tui_canvas_clear(c, TUI_A_NORMAL);
  if (c->w < TUI_MIN_W || c->h < TUI_MIN_H) {
    draw_too_small(c, ui);
    return;
  }
  if (ui->mode == TUI_MODE_HANDOVER || ui->mode == TUI_MODE_OVER || !v) {
    if (ui->mode == TUI_MODE_OVER)
      draw_over(c, ui);
    else
      draw_handover(c, ui);
    if (ui->confirm_quit) tui_draw_quit(c, ui);
    return;
  }
  struct tui_layout L;
  tui_layout_compute(c->w, c->h, &v->grid, &L);
  draw_status(c, v, ui);
  draw_map(c, v, ui);
  for (int y = L.panel_y; y < L.panel_y + L.panel_h; y++)
    tui_canvas_put(c, L.sep_x, y, line_ch(c, 1), TUI_A_HEAD);
  draw_panel(c, v, ui, &L);
  draw_log(c, v, ui, &L);
  if (ui->message[0] && !message_in_log(v, ui, &L)) draw_message(c, ui, &L);
  draw_keys(c, v, ui, &L);
  if (ui->mode == TUI_MODE_RECAP) tui_draw_recap(c, v, ui);
  /* The thread under the card, its verdict over it (the card may reach the message line). */
  if (ui->los && ui->mode == TUI_MODE_MAP) tui_draw_los_thread(c, v, ui);
  if (ui->card && ui->mode == TUI_MODE_MAP) tui_draw_card(c, v, ui, &L);
  if (ui->los && ui->mode == TUI_MODE_MAP) tui_draw_los(c, v, ui, &L);
  if (ui->tip[0] && ui->mode != TUI_MODE_PICK && ui->mode != TUI_MODE_RECAP && !ui->confirm.open)
    tui_draw_tip(c, ui, &L);
  if (ui->mode == TUI_MODE_PICK) tui_draw_pick(c, ui, &L);
  if (ui->confirm.open) tui_draw_confirm(c, ui, &L);
  if (ui->help) tui_draw_help(c, v, ui);
  if (ui->reader && ui->mode == TUI_MODE_MAP) tui_draw_reader(c, v, ui);
  if (ui->confirm_quit) tui_draw_quit(c, ui);
}
