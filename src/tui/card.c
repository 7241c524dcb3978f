/* card.c: drawn over the map from the view and the screen's state alone (card.h): the card
 * of the unit at the cursor, the line of sight from a cell to the cursor, and the reader of
 * the whole last message and every event. Their keys (c, t, M) are rows of keys.c. */
#include "card.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "murk/error.h"
#include "murk/geom.h"
#include "session_priv.h"

/* ---- the card ---- */

static void add(struct tui_card* k, int indent, enum tui_attr a, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void add(struct tui_card* k, int indent, enum tui_attr a, const char* fmt, ...) {
  if (k->n >= TUI_CARD_LINES) return;
  struct tui_card_line* l = &k->line[k->n++];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(l->text, sizeof l->text, fmt, ap);
  va_end(ap);
  l->a = a;
  l->indent = indent;
}

/* A kind of team: how many, its name, how it fights (the view's stats: nothing worked out). */
static void add_stats(struct tui_card* k, enum tui_attr a, int count, const char* profile,
                      int range, const struct murk_view_stats* st) {
  char prot[64];
  if (st->armoured)
    snprintf(prot, sizeof prot, "armour %d/%d/%d (front/side/top)", st->armour[0], st->armour[1],
             st->armour[2]);
  else if (st->save >= 7 || st->save <= 0)
    snprintf(prot, sizeof prot, "no save");
  else
    snprintf(prot, sizeof prot, "save %d+", st->save);
  add(k, 1, a, "%s (%d): skill %d+, motivation %d+, %s", profile, count, st->skill, st->motivation,
      prot);
  char fire[64] = "";
  if (st->fow)
    snprintf(fire, sizeof fire, ", anti-tank %d, firepower %d+", st->anti_tank, st->firepower);
  add(k, 3, TUI_A_NORMAL, "range %d cell%s, rate of fire %d (moving %d)%s", range,
      range == 1 ? "" : "s", st->rof, st->rof_moving, fire);
}

/* An own platoon's kinds of team (its roster entry). */
static void add_groups(struct tui_card* k, const struct murk_view_platoon* pl, enum tui_attr a) {
  for (int i = 0; i < pl->ngroups && i < MURK_MISSION_MAX_GROUPS; i++) {
    const struct murk_view_group* g = &pl->groups[i];
    add_stats(k, a, g->alive, g->profile, g->range, &g->stats);
  }
}

/* The teams of revealed platoon `marker` of `owner` the view holds, by kind. */
static void add_teams_seen(struct tui_card* k, const struct murk_view* v, enum murk_side owner,
                           int marker, enum tui_attr a) {
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* t = &v->teams[i];
    if (t->owner != owner || t->marker != marker) continue;
    bool before = false;
    for (int j = 0; j < i && !before; j++)
      before = v->teams[j].owner == owner && v->teams[j].marker == marker &&
               strcmp(v->teams[j].profile, t->profile) == 0;
    if (before) continue;
    int count = 0;
    for (int j = i; j < v->nteams; j++)
      count += v->teams[j].owner == owner && v->teams[j].marker == marker &&
               strcmp(v->teams[j].profile, t->profile) == 0;
    add_stats(k, a, count, t->profile, t->range, &t->stats);
  }
}

static const struct murk_view_platoon* own_platoon(const struct murk_view* v, int index) {
  for (int i = 0; i < v->nplatoons; i++)
    if (v->platoons[i].index == index) return &v->platoons[i];
  return NULL;
}

static bool is_own(const struct murk_view* v, enum murk_side owner) {
  return v->side != MURK_NO_SIDE && owner == v->side;
}

static const char* whose(const struct murk_view* v, enum murk_side owner) {
  if (v->side == MURK_NO_SIDE) return murk_side_name(owner);
  return owner == v->side ? "your" : "enemy";
}

static void card_team(const struct murk_view* v, const struct murk_view_team* tm,
                      struct tui_card* k) {
  bool own = is_own(v, tm->owner);
  enum tui_attr a = own || v->side == MURK_NO_SIDE ? TUI_A_OWN_TEAM : TUI_A_ENEMY_TEAM;
  const struct murk_view_platoon* pl = own ? own_platoon(v, tm->platoon) : NULL;
  const struct murk_view_marker* pm = murk_view_marker_by_number(v, tm->owner, tm->marker);
  if (pl)
    add(k, 0, a, "P%d: your platoon %d, %s (%s)", tm->marker, pl->index + 1, pl->name, pl->type);
  else if (pm && pm->known)
    add(k, 0, a, "P%d: %s %s (%s), %d team%s", tm->marker, whose(v, tm->owner), pm->name, pm->type,
        pm->nteams, pm->nteams == 1 ? "" : "s");
  else
    add(k, 0, a, "P%d: %s platoon", tm->marker, whose(v, tm->owner));
  add(k, 0, TUI_A_HEAD, "The team here");
  add_stats(k, a, 1, tm->profile, tm->range, &tm->stats);
  if (pl) {
    add(k, 0, TUI_A_HEAD, "The platoon (teams alive)");
    add_groups(k, pl, a);
  } else {
    add(k, 0, TUI_A_HEAD, "Its teams in sight");
    add_teams_seen(k, v, tm->owner, tm->marker, a);
  }
}

static void card_marker(const struct murk_view* v, const struct murk_view_marker* mk,
                        struct tui_card* k) {
  bool own = is_own(v, mk->owner);
  enum tui_attr a = own || v->side == MURK_NO_SIDE ? TUI_A_OWN : TUI_A_ENEMY;
  const char* noun = murk_marker_noun(mk->kind, false);
  if (!mk->known) {
    /* A template, a counter, a cloak or a "?": its kind is all the table shows. */
    add(k, 0, a, "T%d: %s %s", mk->number, whose(v, mk->owner), noun);
    add(k, 1, TUI_A_DIM,
        "What it holds is hidden, and it may hold nothing: its card shows once it is "
        "revealed.");
    return;
  }
  if (mk->dummy) {
    add(k, 0, a, "T%d: %s dummy %s: it holds no platoon", mk->number, whose(v, mk->owner), noun);
    return;
  }
  const struct murk_view_platoon* pl = own ? own_platoon(v, mk->platoon) : NULL;
  if (pl)
    add(k, 0, a, "T%d: your platoon %d under its %s", mk->number, pl->index + 1, noun);
  else
    add(k, 0, a, "T%d: %s %s", mk->number, whose(v, mk->owner), noun);
  add(k, 1, a, "%s (%s), %d team%s", mk->name, mk->type, mk->nteams, mk->nteams == 1 ? "" : "s");
  if (pl) {
    add(k, 0, TUI_A_HEAD, "Its teams (alive)");
    add_groups(k, pl, a);
  }
}

void tui_card_of(const struct murk_view* v, struct murk_pos p, struct tui_card* out) {
  out->n = 0;
  char at[16];
  murk_pos_format(p, at, sizeof at);
  const struct murk_view_team* tm = murk_view_team_at(v, p);
  const struct murk_view_marker* mk = murk_view_marker_at(v, p);
  if (tm) {
    card_team(v, tm, out);
  } else if (mk && mk->on_table) {
    card_marker(v, mk, out);
  } else {
    for (int i = 0; i < v->ncontacts; i++) {
      const struct murk_view_contact* c = &v->contacts[i];
      if (!murk_pos_eq(c->pos, p)) continue;
      if (c->team)
        add(out, 0, TUI_A_CONTACT, "P%d last seen here: %s %s team", c->marker, whose(v, c->owner),
            c->profile);
      else
        add(out, 0, TUI_A_CONTACT, "T%d last seen here: %s %s", c->marker, whose(v, c->owner),
            murk_marker_noun(c->kind, false));
      add(out, 1, TUI_A_DIM, "Out of sight: its card shows when it is in sight again.");
      return;
    }
    add(out, 0, TUI_A_DIM, "No unit at %s.", at);
  }
}

/* Rows the card takes in a box w columns wide (its frame too). */
static int card_rows(const struct tui_card* k, int w) {
  int n = 0;
  for (int i = 0; i < k->n; i++)
    n +=
        tui_canvas_wrap(NULL, 0, 0, w - 2 - k->line[i].indent, 0, 0, k->line[i].text, k->line[i].a);
  return n + 2;
}

void tui_draw_card(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui,
                   const struct tui_layout* L) {
  struct tui_card k;
  tui_card_of(v, ui->cursor, &k);
  int w = c->w - 2 > 76 ? 76 : c->w - 2;
  int room = L->msg_y - L->map_y;
  int h = card_rows(&k, w);
  if (h > room) h = room;
  /* In the half of the map the cursor is not in, so the unit stays in view. */
  int sx = 0, sy = 0;
  bool top = tui_hexmap_to_screen(&ui->map, ui->cursor, &sx, &sy) && sy >= L->map_y + L->map_h / 2;
  int x = 1, y = top ? L->map_y : L->msg_y - h;
  char pos[16], title[48];
  murk_pos_format(ui->cursor, pos, sizeof pos);
  snprintf(title, sizeof title, "Card %s  (c: off)", pos);
  tui_box(c, x, y, w, h, title);
  int row = y + 1, end = y + h - 1;
  for (int i = 0; i < k.n && row < end; i++) {
    const struct tui_card_line* l = &k.line[i];
    row +=
        tui_canvas_wrap(c, x + 1 + l->indent, row, w - 2 - l->indent, end - row, 0, l->text, l->a);
  }
}

/* ---- the line of sight ---- */

#define LOS_CAP (MURK_MISSION_MAX_CELLS + MURK_MISSION_MAX_CELLS / 2 + 2)

void tui_draw_los_thread(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui) {
  struct murk_view_los los;
  if (murk_view_los(v, ui->los_from, ui->cursor, &los) != MURK_OK) return;
  static struct murk_line_step steps[LOS_CAP];
  size_t n = murk_geom_line(&v->grid, ui->los_from, ui->cursor, steps, LOS_CAP);
  if (n > LOS_CAP) n = LOS_CAP;
  int cw = tui_hexmap_cell_w(&ui->map), sx, sy;
  bool past = false;
  for (size_t i = 0; i < n; i++) {
    bool blocker = !los.clear && murk_pos_eq(steps[i].cell, los.blocker);
    enum tui_attr a = blocker ? TUI_A_ERROR : past ? TUI_A_DIM : TUI_A_REACH;
    if (i == 0) a = TUI_A_MARK;
    if (i + 1 == n) a = TUI_A_CURSOR;
    if (blocker) past = true;
    if (tui_hexmap_to_screen(&ui->map, steps[i].cell, &sx, &sy)) tui_canvas_paint(c, sx, sy, cw, a);
  }
}

void tui_draw_los(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui,
                  const struct tui_layout* L) {
  struct murk_view_los los;
  char from[16], to[16], words[200], text[TUI_MESSAGE_MAX + 64];
  murk_pos_format(ui->los_from, from, sizeof from);
  murk_pos_format(ui->cursor, to, sizeof to);
  if (murk_view_los(v, ui->los_from, ui->cursor, &los) != MURK_OK) {
    snprintf(text, sizeof text, "line of sight from %s: put the cursor on a cell of the table",
             from);
  } else {
    murk_view_los_words(v, &los, words, sizeof words);
    snprintf(text, sizeof text, "line of sight %s to %s: %s  (t: off)", from, to, words);
  }
  enum tui_attr a = los.clear ? TUI_A_GOOD : TUI_A_ERROR;
  int rows = tui_canvas_wrap(NULL, 0, 0, c->w, 0, 0, text, a);
  if (rows > 3) rows = 3;
  if (rows < 1) rows = 1;
  /* Above the message line while it says something (a refusal is never hidden). */
  int below = 0;
  if (ui->message[0]) {
    below = tui_canvas_wrap(NULL, 0, 0, c->w, 0, 0, ui->message, ui->message_attr);
    below = below > 3 ? 3 : below < 1 ? 1 : below;
  }
  int y = L->msg_y - below - (rows - 1);
  tui_canvas_fill(c, 0, y, c->w, rows, ' ', TUI_A_NORMAL);
  tui_canvas_wrap(c, 0, y, c->w, rows, 0, text, a);
}

/* ---- the reader ---- */

/* The reader's entries in turn, oldest first: every event, then the message line. */
static const char* reader_entry(const struct murk_view* v, const struct tui_ui* ui, size_t i,
                                enum tui_attr* a) {
  *a = TUI_A_NORMAL;
  if (i < v->nevents) return v->events[i].text;
  if (i == v->nevents && ui->message[0]) {
    *a = ui->message_attr;
    return ui->message;
  }
  return NULL;
}

int tui_reader_count(const struct murk_view* v, const struct tui_ui* ui, int w) {
  int n = 0;
  enum tui_attr a;
  const char* t;
  for (size_t i = 0; v && (t = reader_entry(v, ui, i, &a)) != NULL; i++)
    n += tui_canvas_wrap(NULL, 0, 0, w, 0, 0, t[0] ? t : " ", a);
  return n;
}

void tui_draw_reader(struct tui_canvas* c, const struct murk_view* v, const struct tui_ui* ui) {
  int x = 1, y = 1, w = c->w - 2, h = c->h - 2;
  int tw = w - 4, rows = h - 2;
  tui_box(c, x, y, w, h,
          "Events, then the last message  (j/k PgUp/PgDn: scroll, other keys close)");
  int total = tui_reader_count(v, ui, tw);
  /* The newest at the bottom; reader_scroll lines up from it. */
  int first = total - rows - ui->reader_scroll;
  if (first < 0) first = 0;
  int at = 0;
  enum tui_attr a;
  const char* t;
  for (size_t i = 0; (t = reader_entry(v, ui, i, &a)) != NULL && at < first + rows; i++) {
    const char* s = t[0] ? t : " ";
    int n = tui_canvas_wrap(NULL, 0, 0, tw, 0, 0, s, a);
    if (at + n > first) {
      int skip = at < first ? first - at : 0, row = at > first ? at - first : 0;
      tui_canvas_wrap(c, x + 2, y + 1 + row, tw, rows - row, skip, s, a);
    }
    at += n;
  }
}

/* ---- the keys ---- */

int tui_do_card(struct tui_session* s, struct tui_key k) {
  (void)k;
  struct tui_ui* ui = tui_cur_ui(s);
  ui->card = !ui->card;
  return 0;
}

int tui_do_los(struct tui_session* s, struct tui_key k) {
  (void)k;
  struct tui_ui* ui = tui_cur_ui(s);
  ui->los = !ui->los;
  ui->los_from = ui->cursor;
  return 0;
}

int tui_do_reader(struct tui_session* s, struct tui_key k) {
  (void)k;
  struct tui_ui* ui = tui_cur_ui(s);
  ui->reader = true;
  ui->reader_scroll = 0;
  return 0;
}

int tui_key_reader(struct tui_session* s, struct tui_key k) {
  struct tui_ui* ui = tui_cur_ui(s);
  int step = s->h > 8 ? s->h - 6 : 1;
  if (k.code == 'k' || k.code == TUI_KEY_UP || k.code == TUI_KEY_PGUP) {
    ui->reader_scroll += k.code == TUI_KEY_PGUP ? step : 1;
    int most = tui_reader_count(s->view, ui, s->w - 6) - (s->h - 4);
    if (ui->reader_scroll > most) ui->reader_scroll = most > 0 ? most : 0;
  } else if (k.code == 'j' || k.code == TUI_KEY_DOWN || k.code == TUI_KEY_PGDN) {
    ui->reader_scroll -= k.code == TUI_KEY_PGDN ? step : 1;
    if (ui->reader_scroll < 0) ui->reader_scroll = 0;
  } else if (k.code != TUI_KEY_MOUSE) {
    ui->reader = false;
    ui->reader_scroll = 0;
  }
  return 0;
}
