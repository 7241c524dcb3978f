/* draw.h: the screen as a pure function of (a side's view, that side's UI state).
 *
 * Nothing here reads a game: only the view (what the side may know) and the UI state
 * (cursor, mode, messages) go in, a canvas comes out. The hand-over screen takes no view
 * at all, so it cannot show any of the table. */
#ifndef MURK_TUI_DRAW_H
#define MURK_TUI_DRAW_H

#include <stdbool.h>

#include "canvas.h"
#include "murk/geom.h"
#include "murk/view.h"
#include "ui.h"

/* The smallest window the table is drawn in; below it the screen says so instead. */
#define TUI_MIN_W 60
#define TUI_MIN_H 16
/* Columns of the row numbers left of the map ("07 "), and the panel a zoomed map leaves. */
#define TUI_RULER_W 3
#define TUI_ZOOM_PANEL 40

/* Where things go in a window of w x h. */
struct tui_layout {
  bool too_small;
  int w, h;
  int map_x, map_y, map_w, map_h; /* the map's rectangle */
  int cell_w;                     /* columns a cell: 2, more when a large window zooms in */
  int ruler_w;                    /* columns of row numbers left of the map (0: none) */
  /* The column numbers run along the row above the map (map_y - 1). */
  int sep_x; /* the line between map and panel */
  int panel_x, panel_y, panel_w, panel_h;
  int log_x, log_y, log_w, log_h; /* events, under the map; log_y is its heading */
  int msg_y, keys_y;              /* the message line and the key line */
};

void tui_layout_compute(int w, int h, const struct murk_grid* g, struct tui_layout* out);

/* Draw the screen of `ui` into c (the canvas size is the window size). v may be NULL in
 * the modes that show nothing of the table (HANDOVER, OVER). ui->map must already be
 * placed for this layout (tui_hexmap_place): drawing does not scroll. */
void tui_draw(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui);

/* A framed box with a title over what was drawn (the lists, questions and cards). */
void tui_box(struct tui_canvas* c, int x, int y, int w, int h, const char* title);

/* The attribute an event is drawn in (the log, the recap). */
enum tui_attr tui_event_attr(const struct murk_event* e);

/* ---- overlay.c: the boxes drawn over the screen, for tui_draw ---- */

/* The list of a pick (TUI_MODE_PICK), the help with the map's legend, the recap, the
 * question before what cannot be taken back, a tutorial's tip and the quit question. */
void tui_draw_pick(struct tui_canvas* c, const struct tui_ui* ui, const struct tui_layout* L);
void tui_draw_help(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui);
void tui_draw_recap(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui);
void tui_draw_confirm(struct tui_canvas* c, const struct tui_ui* ui, const struct tui_layout* L);
void tui_draw_tip(struct tui_canvas* c, const struct tui_ui* ui, const struct tui_layout* L);
void tui_draw_quit(struct tui_canvas* c, const struct tui_ui* ui);

/* Rows of the whole help of view v (may be NULL) in a window w columns wide, as wrapped:
 * the keys (keys.h), then the map's legend. */
int tui_help_count(const struct murk_view* v, int w);

/* The recap of what happened since the side's last turn (TUI_MODE_RECAP): one page of the
 * view's events from ui->recap_first on, grouped by turn and step, the enemy's and the
 * side's own apart. Its lines, and how many the page shows in a window h rows high. */
int tui_recap_count(const struct murk_view* v, const struct tui_ui* ui);
int tui_recap_rows(int h);

#endif
