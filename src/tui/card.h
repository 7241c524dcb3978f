/* card.h: what card.c draws over the map, from the view and the screen's state alone: the
 * card of the unit at the cursor, a line of sight from a cell to the cursor, and the
 * reader, where the whole last message and every event can be read at any width. */
#ifndef MURK_TUI_CARD_H
#define MURK_TUI_CARD_H

#include "canvas.h"
#include "draw.h"
#include "murk/view.h"
#include "ui.h"

/* A card as lines of text, each wrapped to the box it is drawn in. */
#define TUI_CARD_LINES 48
struct tui_card {
  int n;
  struct tui_card_line {
    char text[200];
    enum tui_attr a;
    int indent;
  } line[TUI_CARD_LINES];
};

/* The card of what stands at p as the view holds it: an own unit in full, an enemy
 * platoon as far as it is revealed, a marker that hides what it holds as nothing more than
 * its kind. */
void tui_card_of(const struct murk_view* v, struct murk_pos p, struct tui_card* out);

void tui_draw_card(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui,
                   const struct tui_layout* L);
/* The thread on the map, and its verdict on the message line (above a message). */
void tui_draw_los_thread(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui);
void tui_draw_los(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui,
                  const struct tui_layout* L);
void tui_draw_reader(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui);
/* Lines of the reader in a window w columns wide. */
int tui_reader_count(const struct murk_view* v, const struct tui_ui* ui, int w);

#endif
