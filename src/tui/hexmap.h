/* hexmap.h: where the table's cells are on the screen, and scrolling.
 *
 * cw columns a cell (2, or 3 and 4 when a large window zooms in: room for three-character
 * labels such as T12). On a hex grid (pointy-top, odd-r) odd rows are drawn cw/2 columns to
 * the right, so cell (x, y) starts at screen column cw*(x - ox) + (y & 1)*(cw/2) of the map
 * rectangle, row y - oy, where (ox, oy) is the first cell shown (the scroll origin). On a
 * square grid there is no shift. Pure arithmetic, no terminal. */
#ifndef MURK_TUI_HEXMAP_H
#define MURK_TUI_HEXMAP_H

#include <stdbool.h>

#include "murk/geom.h"

struct tui_hexmap {
  struct murk_grid grid;
  int sx, sy, sw, sh; /* the map's rectangle on the screen */
  int ox, oy;         /* scroll origin: the first column and row of cells shown */
  int cw;             /* columns a cell (0: 2) */
};

#define TUI_CELL_W_MAX 4

/* Columns a cell takes on the screen. */
int tui_hexmap_cell_w(const struct tui_hexmap* m);
/* Columns the whole table needs at cw columns a cell. */
int tui_hexmap_width_at(const struct murk_grid* g, int cw);

/* A map of grid g drawn in the screen rectangle x,y,w,h; scroll kept (clamped). */
void tui_hexmap_place(struct tui_hexmap* m, const struct murk_grid* g, int x, int y, int w, int h);

/* Columns the whole table needs on screen (2 a cell, +1 for the odd-row shift). */
int tui_hexmap_full_width(const struct murk_grid* g);

/* How many cell columns / rows fit whole in the rectangle. */
int tui_hexmap_cols(const struct tui_hexmap* m);
int tui_hexmap_rows(const struct tui_hexmap* m);

/* Screen position of the left column of cell p. True if both its columns are inside the
 * rectangle (false also for cells off the table). */
bool tui_hexmap_to_screen(const struct tui_hexmap* m, struct murk_pos p, int* sx, int* sy);

/* The cell under screen position sx,sy. False if outside the rectangle, on the blank
 * half column of a shifted row, or off the table. */
bool tui_hexmap_from_screen(const struct tui_hexmap* m, int sx, int sy, struct murk_pos* p);

/* Keep the origin inside the table (no scrolling past its far edges). */
void tui_hexmap_clamp(struct tui_hexmap* m);
/* Scroll the least needed so that p is shown with `margin` cells of room on each side
 * where the table allows it. */
void tui_hexmap_follow(struct tui_hexmap* m, struct murk_pos p, int margin);
/* Scroll by dx columns and dy rows of cells (clamped). */
void tui_hexmap_scroll(struct tui_hexmap* m, int dx, int dy);

#endif
