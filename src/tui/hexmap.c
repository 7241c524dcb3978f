/* hexmap.c: cells <-> screen and scrolling (hexmap.h). */
#include "hexmap.h"

int tui_hexmap_cell_w(const struct tui_hexmap* m) {
  return m->cw >= 2 && m->cw <= TUI_CELL_W_MAX ? m->cw : 2;
}

static int shift(const struct tui_hexmap* m, int y) {
  return m->grid.kind == MURK_GRID_HEX ? (y & 1) * (tui_hexmap_cell_w(m) / 2) : 0;
}

int tui_hexmap_width_at(const struct murk_grid* g, int cw) {
  return cw * g->width + (g->kind == MURK_GRID_HEX && g->height > 1 ? cw / 2 : 0);
}

int tui_hexmap_full_width(const struct murk_grid* g) {
  return tui_hexmap_width_at(g, 2);
}

int tui_hexmap_cols(const struct tui_hexmap* m) {
  int cw = tui_hexmap_cell_w(m);
  int extra = m->grid.kind == MURK_GRID_HEX && m->grid.height > 1 ? cw / 2 : 0;
  int n = (m->sw - extra) / cw;
  return n < 0 ? 0 : n;
}

int tui_hexmap_rows(const struct tui_hexmap* m) {
  return m->sh < 0 ? 0 : m->sh;
}

void tui_hexmap_clamp(struct tui_hexmap* m) {
  int maxx = m->grid.width - tui_hexmap_cols(m);
  int maxy = m->grid.height - tui_hexmap_rows(m);
  if (m->ox > maxx) m->ox = maxx;
  if (m->oy > maxy) m->oy = maxy;
  if (m->ox < 0) m->ox = 0;
  if (m->oy < 0) m->oy = 0;
}

void tui_hexmap_place(struct tui_hexmap* m, const struct murk_grid* g, int x, int y, int w, int h) {
  m->grid = *g;
  m->sx = x;
  m->sy = y;
  m->sw = w < 0 ? 0 : w;
  m->sh = h < 0 ? 0 : h;
  tui_hexmap_clamp(m);
}

bool tui_hexmap_to_screen(const struct tui_hexmap* m, struct murk_pos p, int* sx, int* sy) {
  if (!murk_geom_on_table(&m->grid, p)) return false;
  int cw = tui_hexmap_cell_w(m);
  int col = cw * (p.x - m->ox) + shift(m, p.y);
  int row = p.y - m->oy;
  if (col < 0 || col + cw - 1 >= m->sw || row < 0 || row >= m->sh) return false;
  *sx = m->sx + col;
  *sy = m->sy + row;
  return true;
}

bool tui_hexmap_from_screen(const struct tui_hexmap* m, int sx, int sy, struct murk_pos* p) {
  int row = sy - m->sy;
  if (row < 0 || row >= m->sh || sx < m->sx || sx >= m->sx + m->sw) return false;
  int y = m->oy + row;
  int rel = sx - m->sx - shift(m, y);
  if (rel < 0) return false;
  struct murk_pos q = {m->ox + rel / tui_hexmap_cell_w(m), y};
  int cx, cy;
  if (!tui_hexmap_to_screen(m, q, &cx, &cy)) return false;
  *p = q;
  return true;
}

/* The origin on one axis that shows v with margin, moving as little as possible. */
static int follow_axis(int origin, int v, int shown, int margin) {
  if (shown <= 0) return v;
  if (2 * margin >= shown) margin = (shown - 1) / 2;
  if (v < origin + margin) origin = v - margin;
  if (v > origin + shown - 1 - margin) origin = v - (shown - 1 - margin);
  return origin;
}

void tui_hexmap_follow(struct tui_hexmap* m, struct murk_pos p, int margin) {
  m->ox = follow_axis(m->ox, p.x, tui_hexmap_cols(m), margin);
  m->oy = follow_axis(m->oy, p.y, tui_hexmap_rows(m), margin);
  tui_hexmap_clamp(m);
}

void tui_hexmap_scroll(struct tui_hexmap* m, int dx, int dy) {
  m->ox += dx;
  m->oy += dy;
  tui_hexmap_clamp(m);
}
