/* overlay.c: the boxes drawn over the screen (draw.h): the list of a pick, the help with
 * the map's legend, the recap of what happened since the side's last turn, the question
 * before what cannot be taken back, a tutorial's tip and the quit question. Like the rest of
 * the screen, from the view and the UI state alone; tui_draw calls them in its order. */
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "glyph.h"
#include "keys.h"

/* ---- overlays ---- */

/* Rows a list item takes at w columns: its label wrapped, never cut. */
static int pick_rows(const struct tui_pick_item* it, int w) {
  if (tui_text_width(it->label) <= w) return 1; /* drawn as it is: its columns line up */
  int n = tui_canvas_wrap(NULL, 0, 0, w, 0, 0, it->label, TUI_A_NORMAL);
  return n < 1 ? 1 : n;
}

void tui_draw_pick(struct tui_canvas* c, const struct tui_ui* ui, const struct tui_layout* L) {
  const struct tui_pick* pk = &ui->pick;
  /* 70 columns where the window has them, even past a narrow map's edge (as a question). */
  int w = c->w - 4 > 70 ? 70 : c->w - 4;
  int tw = w - 3; /* the labels' width: a frame and a space each side */
  int room = L->msg_y - 1;
  int total = 0;
  for (int i = 0; i < pk->n; i++) total += pick_rows(&pk->items[i], tw);
  int h = total + 2;
  if (h > room) h = room;
  if (h < 3) h = 3;
  int rows = h - 2;
  /* The first item shown: the chosen one and those above it as far as they fit. */
  int first = 0, upto = 0;
  for (int i = 0; i <= pk->sel && i < pk->n; i++) upto += pick_rows(&pk->items[i], tw);
  while (first < pk->sel && upto > rows) upto -= pick_rows(&pk->items[first++], tw);
  int x = L->map_w > w ? (L->map_w - w) / 2 : 2, y = L->map_y + (L->map_h - h) / 2;
  if (y + h > L->msg_y) y = L->msg_y - h;
  if (y < 1) y = 1;
  tui_box(c, x, y, w, h, pk->title);
  int row = 0, k = first;
  for (; k < pk->n && row < rows; k++) {
    int n = pick_rows(&pk->items[k], tw);
    enum tui_attr a = k == pk->sel ? TUI_A_SELECT : TUI_A_NORMAL;
    if (k == pk->sel)
      for (int r = 0; r < n && row + r < rows; r++)
        tui_canvas_paint(c, x + 1, y + 1 + row + r, w - 2, a);
    if (n == 1)
      tui_canvas_text(c, x + 2, y + 1 + row, tw, pk->items[k].label, a);
    else
      tui_canvas_wrap(c, x + 2, y + 1 + row, tw, rows - row, 0, pk->items[k].label, a);
    row += n;
  }
  /* What the box leaves out is said on its frame, and j/k reach it. */
  if (first > 0) tui_canvas_text(c, x + w - 14, y, 12, " more above ", TUI_A_HEAD);
  if (k < pk->n || row > rows)
    tui_canvas_text(c, x + w - 14, y + h - 1, 12, " more below ", TUI_A_HEAD);
}

/* ---- the legend of the map (the second part of the help) ---- */

#define LEGEND_MAX (10 + MURK_MISSION_MAX_TERRAIN)
#define LEGEND_W 96

/* "  ♣   woods (difficult)": the glyph as the map draws it, then what it stands for. */
static void legend_line(char* out, const uint32_t ch[2], const char* what) {
  char g[16];
  size_t n = 0;
  for (int i = 0; i < 2; i++) n += (size_t)tui_utf8_put(ch[i], g + n);
  g[n] = '\0';
  /* A terrain name longer than the line is cut: the panel could not show more anyway. */
  if (snprintf(out, LEGEND_W, "  %s   %s", g, what) >= LEGEND_W) out[LEGEND_W - 1] = '\0';
}

/* The legend of this table: the mission's terrain as drawn, then the marks and labels. */
static int legend(const struct murk_view* v, bool ascii, char lines[][LEGEND_W]) {
  int n = 0;
  snprintf(lines[n++], LEGEND_W, "Map legend");
  struct tui_glyph look[MURK_MISSION_MAX_TERRAIN];
  int nlook = 0;
  if (v) {
    nlook = v->nterrain < MURK_MISSION_MAX_TERRAIN ? v->nterrain : MURK_MISSION_MAX_TERRAIN;
    tui_glyph_legend(v->terrain, nlook, ascii, look);
  }
  for (int i = 0; i < nlook && n < LEGEND_MAX - 8; i++) {
    const struct murk_terrain* t = &v->terrain[i];
    struct tui_glyph gl = look[i];
    char what[MURK_NAME + 32];
    snprintf(what, sizeof what, "%s (%s)", t->name, murk_terrain_class_name(t->cls));
    legend_line(lines[n++], gl.ch, what);
  }
  uint32_t ch[2];
  tui_glyph_label('T', 5, ch);
  legend_line(lines[n++], ch, "marker T5: yours on blue, the enemy's on red");
  tui_glyph_label('P', 5, ch);
  legend_line(lines[n++], ch, "a team of revealed platoon P5");
  tui_glyph_dis(5, ascii, ch);
  legend_line(lines[n++], ch, "a Dis counter of leader T5 (Limited Intelligence)");
  tui_glyph_label('E', 1, ch);
  legend_line(lines[n++], ch, "entry point 1;  #3: your platoon 3 (the # key)");
  ch[0] = tui_glyph_objective(ascii);
  ch[1] = ' ';
  legend_line(lines[n++], ch, "an objective");
  snprintf(lines[n++], LEGEND_W,
           "  dim T5 or P5: where an enemy out of sight was last seen (zoomed in: T5?, P5?)");
  snprintf(lines[n++], LEGEND_W,
           "  T12 or T+: from 10 up the number runs into the next cell, or '+' beside a label");
  return n;
}

/* Columns of a key line's label ("  %-16s "): its help wraps beside it. */
#define HELP_LABEL_W 19

/* Draw (c non-NULL) or count the rows of one line of the help at w columns: a key's text
 * wraps beside its label, any other line under itself; never cut. */
static int help_rows(struct tui_canvas* c, int x, int y, int w, int h, int skip, const char* s,
                     bool key) {
  enum tui_attr a = s[0] == ' ' ? TUI_A_NORMAL : TUI_A_HEAD;
  if (tui_text_width(s) <= w) { /* drawn as it is: its columns line up */
    if (c && skip == 0 && h > 0) tui_canvas_text(c, x, y, w, s, a);
    return 1;
  }
  if (key && s[0] == ' ' && strlen(s) > HELP_LABEL_W && w > HELP_LABEL_W + 8) {
    int n = tui_canvas_wrap(c, x + HELP_LABEL_W, y, w - HELP_LABEL_W, h, skip, s + HELP_LABEL_W, a);
    if (c && skip == 0 && h > 0) {
      char label[HELP_LABEL_W + 1];
      memcpy(label, s, HELP_LABEL_W);
      label[HELP_LABEL_W] = '\0';
      tui_canvas_text(c, x, y, HELP_LABEL_W, label, a);
    }
    return n < 1 ? 1 : n;
  }
  /* A legend line keeps its indent as it wraps. */
  int in = s[0] == ' ' && s[1] == ' ' ? 2 : 0;
  int n = tui_canvas_wrap(c, x + in, y, w - in, h, skip, s + in, a);
  return n < 1 ? 1 : n;
}

/* The help's box in a window of ww columns, and its text's width. */
static int help_box_w(int ww) {
  return ww - 4 > 76 ? 76 : ww - 4;
}

int tui_help_count(const struct murk_view* v, int ww) {
  char lines[LEGEND_MAX][LEGEND_W];
  int nkeys = tui_keys_help_count(), n = nkeys + legend(v, false, lines), tw = help_box_w(ww) - 3;
  int rows = 0;
  for (int k = 0; k < n; k++) {
    char key[LEGEND_W];
    const char* s = k < nkeys ? tui_keys_help_line(k, key, sizeof key) : lines[k - nkeys];
    rows += help_rows(NULL, 0, 0, tw, 0, 0, s, k < nkeys);
  }
  return rows;
}

/* ---- the recap: what happened since the side's last turn, one page ---- */

/* Its lines in turn: grouped by turn and step (each step's announcement heads its group),
 * inside a group first what concerns nobody's units, then the enemy's, then the side's own.
 * Line `want` into buf (and its attribute); the count of all. */
static int recap_walk(const struct murk_view* v, size_t first, int want, char* buf, size_t n,
                      enum tui_attr* a) {
  int at = 0;
  enum murk_side own = v->side, enemy = murk_side_other(v->side);
  size_t i = first;
  while (i < v->nevents) {
    /* A group: a step's announcement (or what came before the first), then its events. */
    size_t head = i, end = i;
    if (v->events[i].kind == MURK_EV_PHASE) end++;
    while (end < v->nevents && v->events[end].kind != MURK_EV_PHASE) end++;
    if (at++ == want) {
      if (v->events[head].kind == MURK_EV_PHASE)
        snprintf(buf, n, "%s", v->events[head].text);
      else if (v->events[head].turn > 0)
        snprintf(buf, n, "turn %d", v->events[head].turn);
      else
        snprintf(buf, n, "setup");
      *a = TUI_A_HEAD;
    }
    size_t from = v->events[head].kind == MURK_EV_PHASE ? head + 1 : head;
    for (int part = 0; part < 3; part++) {
      bool said = false;
      for (size_t k = from; k < end; k++) {
        const struct murk_event* e = &v->events[k];
        int which = e->side == enemy && own != MURK_NO_SIDE ? 1 : e->side == own ? 2 : 0;
        if (which != part) continue;
        if (!said && part > 0) {
          if (at++ == want) {
            if (part == 1)
              snprintf(buf, n, "  the enemy (%s):", murk_side_name(enemy));
            else
              snprintf(buf, n, "  yours:");
            *a = TUI_A_DIM;
          }
        }
        said = true;
        if (at++ == want) {
          snprintf(buf, n, "%s%s", part > 0 ? "    " : "  ", e->text);
          *a = tui_event_attr(e);
        }
      }
    }
    i = end;
  }
  return at;
}

int tui_recap_count(const struct murk_view* v, const struct tui_ui* ui) {
  char buf[8];
  enum tui_attr a;
  return v ? recap_walk(v, ui->recap_first, -1, buf, sizeof buf, &a) : 0;
}

int tui_recap_rows(int h) {
  /* From under the status bar to above the message line, less the box's two lines. */
  return h - 5 > 1 ? h - 5 : 1;
}

void tui_draw_recap(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui) {
  int n = tui_recap_count(v, ui);
  size_t events = ui->recap_first < v->nevents ? v->nevents - ui->recap_first : 0;
  int rows = tui_recap_rows(c->h);
  int first = ui->recap_scroll;
  if (first > n - rows) first = n - rows;
  if (first < 0) first = 0;
  char t[160];
  if (rows < n)
    snprintf(t, sizeof t,
             "Since your last turn: %zu event%s, lines %d-%d of %d  [Down/Up PgDn/PgUp: scroll, "
             "Enter: the map]",
             events, events == 1 ? "" : "s", first + 1, first + rows < n ? first + rows : n, n);
  else
    snprintf(t, sizeof t, "Since your last turn: %zu event%s  [Enter: the map]", events,
             events == 1 ? "" : "s");
  tui_box(c, 0, 1, c->w, rows + 2, t);
  for (int i = 0; i < rows && first + i < n; i++) {
    char line[MURK_EVENT_TEXT + 8];
    enum tui_attr a = TUI_A_NORMAL;
    recap_walk(v, ui->recap_first, first + i, line, sizeof line, &a);
    tui_canvas_text(c, 2, 2 + i, c->w - 3, line, a);
  }
}

void tui_draw_help(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui) {
  int nkeys = tui_keys_help_count();
  char lines[LEGEND_MAX][LEGEND_W];
  int n = nkeys + legend(v, c->ascii, lines);
  int w = help_box_w(c->w), tw = w - 3;
  int total = tui_help_count(v, c->w);
  int h = total + 2 > c->h - 2 ? c->h - 2 : total + 2;
  int x = (c->w - w) / 2, y = (c->h - h) / 2;
  int rows = h - 2;
  /* A short window scrolls the help, by rows as wrapped. */
  int first = ui->help_scroll;
  if (first > total - rows) first = total - rows;
  if (first < 0) first = 0;
  tui_box(c, x, y, w, h,
          rows < total ? "Keys  (j/k scroll, other keys close)" : "Keys  (any key closes)");
  int at = 0;
  for (int k = 0; k < n && at < first + rows; k++) {
    char key[LEGEND_W];
    const char* s = k < nkeys ? tui_keys_help_line(k, key, sizeof key) : lines[k - nkeys];
    int r = help_rows(NULL, 0, 0, tw, 0, 0, s, k < nkeys);
    if (at + r > first) {
      int skip = at < first ? first - at : 0, row = at > first ? at - first : 0;
      help_rows(c, x + 2, y + 1 + row, tw, rows - row, skip, s, k < nkeys);
    }
    at += r;
  }
}

/* A question before a command that cannot be taken back (ui.h, struct tui_confirm). */
void tui_draw_confirm(struct tui_canvas* c, const struct tui_ui* ui, const struct tui_layout* L) {
  /* 70 columns where the window has them, even past a narrow (zoomed) map's edge. */
  int w = c->w - 4 > 70 ? 70 : c->w - 4;
  int n = tui_canvas_wrap(NULL, 0, 0, w - 4, 0, 0, ui->confirm.text, TUI_A_NORMAL);
  /* The whole question where the window has the rows (it is never longer than 256 bytes). */
  if (n > L->msg_y - 4) n = L->msg_y - 4;
  if (n < 1) n = 1;
  int h = n + 3;
  /* Over the event log, above the message line: the map (and the cell) stay in view. */
  int x = L->map_w > w ? (L->map_w - w) / 2 : 2, y = L->msg_y - h;
  if (y < 1) y = 1;
  tui_box(c, x, y, w, h, "Sure?");
  tui_canvas_wrap(c, x + 2, y + 1, w - 4, n, 0, ui->confirm.text, TUI_A_NORMAL);
  tui_canvas_text(c, x + 2, y + 1 + n, w - 4, "y or Enter: yes   any other key: no, take it back",
                  TUI_A_KEY);
}

/* A tutorial's prompt (mission.h), in a box over the event log above the message line: the
 * map and the panel stay in view. */
void tui_draw_tip(struct tui_canvas* c, const struct tui_ui* ui, const struct tui_layout* L) {
  int w = c->w - 4 > 70 ? 70 : c->w - 4;
  int n = tui_canvas_wrap(NULL, 0, 0, w - 4, 0, 0, ui->tip, TUI_A_NORMAL);
  if (n > 6) n = 6;
  int h = n + 3;
  int x = L->map_w > w ? (L->map_w - w) / 2 : 2, y = L->msg_y - h;
  if (y < 1) y = 1;
  tui_box(c, x, y, w, h, "Tutorial");
  tui_canvas_wrap(c, x + 2, y + 1, w - 4, n, 0, ui->tip, TUI_A_GOOD);
  tui_canvas_text(c, x + 2, y + 1 + n, w - 4, "Esc: hide", TUI_A_KEY);
}

void tui_draw_quit(struct tui_canvas* c, const struct tui_ui* ui) {
  int w = c->w - 4 > 64 ? 64 : c->w - 4;
  int x = (c->w - w) / 2, y = (c->h - 4) / 2;
  tui_box(c, x, y, w, 4, "Quit");
  tui_canvas_text(c, x + 2, y + 1, w - 4,
                  ui->hosted        ? "Quit the game? The host keeps it: join again to go on."
                  : ui->no_autosave ? "Quit the game? There is no autosave: :save FILE keeps it."
                                    : "Quit the game? The autosave is kept.",
                  TUI_A_NORMAL);
  tui_canvas_text(c, x + 2, y + 2, w - 4, "y: quit   n or Esc: go on playing", TUI_A_KEY);
}
