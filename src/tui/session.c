/* session.c: a hot-seat game at one screen, without the terminal (session.h). */
#include "session.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/mission.h"
#include "murk/save.h"
#include "murk/text.h"
#include "murk/view.h"
#include "sodium.h"

#define UI_UMPIRE 2
#define HISTORY 16

struct tui_session {
  struct murk_game* g; /* NULL: a game held elsewhere (remote) */
  bool is_remote;
  struct tui_remote remote;
  struct tui_seat remote_seat; /* the other side's: plays at another terminal */
  struct tui_session_opts o;
  char* autosave_path;
  char* save_dir;
  char* no_autosave_why;

  struct tui_ui ui[3];    /* attacker, defender, the umpire's after the game */
  int cur;                /* which one is on screen */
  struct murk_view* view; /* of ui[cur].side; NULL while the screen shows no table */
  int w, h;

  bool zone_seen[3]; /* the cursor was put in the side's zone once */

  /* A sealed hand-over: the passphrase being typed (never drawn, wiped after each try),
   * and the key of the history fingerprint. */
  char pass[256];
  size_t pass_len;
  unsigned char history_key[64];
  size_t history_key_len;

  /* Why a seat that is not this keyboard stopped playing ("" while it plays). */
  char stuck[160];

  /* Each side's own command history, so Up never shows the other side's lines. */
  char hist[3][HISTORY][TUI_LINE_MAX];
  int nhist[3], hist_at[3];
};

static struct tui_ui* cur_ui(struct tui_session* s) {
  return &s->ui[s->cur];
}

static int ui_index(enum murk_side side) {
  return side == MURK_NO_SIDE ? UI_UMPIRE : (int)side;
}

static void set_message(struct tui_ui* ui, enum tui_attr a, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Messages carry text from the `:` line, files and the game's refusals: all of it through
 * the one escaper (murk/text.h), so a control character shows as \x1b, never raw. */
static void set_message(struct tui_ui* ui, enum tui_attr a, const char* fmt, ...) {
  char raw[sizeof ui->message];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(raw, sizeof raw, fmt, ap);
  va_end(ap);
  murk_text_escape(raw, ui->message, sizeof ui->message);
  ui->message_attr = a;
}

/* The setup phases that put units on the table: deployment and those after it (the
 * mission's later setup steps come between deploying and playing). */
static bool placing_phase(enum murk_phase p) {
  return p >= MURK_PHASE_DEPLOY && p < MURK_PHASE_PLAY;
}

/* No Man's Land's patrol phase, the side's own: `patrol` is the verb it places with. */
static bool patrolling(const struct murk_view* v) {
  return (v->verbs & (1u << MURK_CMD_PATROL)) != 0;
}

/* The newest event seq a view holds. */
static int newest_seq(const struct murk_view* v) {
  return v && v->nevents ? v->events[v->nevents - 1].seq : 0;
}

/* ---- the game, here or held elsewhere (session.h, struct tui_remote) ---- */

static const struct murk_mission* g_table(const struct tui_session* s) {
  return s->g ? murk_game_mission(s->g) : s->remote.table(s->remote.ctx);
}

static enum murk_phase g_phase(const struct tui_session* s) {
  if (s->g) return murk_game_phase(s->g);
  const struct murk_view* v = s->remote.latest(s->remote.ctx);
  return v ? v->phase : MURK_PHASE_OVER;
}

static enum murk_side g_to_act(const struct tui_session* s) {
  if (s->g) return murk_game_to_act(s->g);
  const struct murk_view* v = s->remote.latest(s->remote.ctx);
  return v ? v->to_act : MURK_NO_SIDE;
}

static int g_turn(const struct tui_session* s) {
  if (s->g) return murk_game_turn(s->g);
  const struct murk_view* v = s->remote.latest(s->remote.ctx);
  return v ? v->turn : 0;
}

static size_t g_commands(const struct tui_session* s) {
  return s->g ? murk_game_log_count(s->g) : s->remote.commands(s->remote.ctx);
}

/* A view of `side` (a remote game has only its own side's). */
static int g_view(const struct tui_session* s, enum murk_side side, struct murk_view** out) {
  if (s->g) return murk_view_build(s->g, side, out);
  *out = NULL;
  if (side != s->remote.side) return MURK_EINVAL;
  return s->remote.view(s->remote.ctx, out);
}

static void g_view_free(const struct tui_session* s, struct murk_view* v) {
  if (!v) return;
  if (s->g)
    murk_view_free(v);
  else
    s->remote.view_free(s->remote.ctx, v);
}

/* ---- the view and the map ---- */

static void place_map(struct tui_session* s, struct tui_ui* ui) {
  if (!s->view) return;
  struct tui_layout L;
  tui_layout_compute(s->w, s->h, &s->view->grid, &L);
  ui->map.cw = L.cell_w;
  tui_hexmap_place(&ui->map, &s->view->grid, L.map_x, L.map_y, L.map_w, L.map_h);
  tui_hexmap_follow(&ui->map, ui->cursor, 2);
}

/* Mark the own deployment zone while deploying (from the view's zone). */
static void mark_zone(struct tui_session* s, struct tui_ui* ui) {
  const struct murk_view* v = s->view;
  for (int i = 0; i < ui->ncells; i++) ui->cells[i] &= (unsigned char)~TUI_CELL_ZONE;
  if (patrolling(v)) { /* No Man's Land: the cells a patrol may go to, as the view lists them */
    for (int i = 0; i < v->nplace_cells; i++) {
      struct murk_pos p = v->place_cells[i];
      if (murk_geom_on_table(&v->grid, p)) ui->cells[p.y * v->grid.width + p.x] |= TUI_CELL_ZONE;
    }
    return;
  }
  if (!placing_phase(v->phase) || !v->own_zone) return;
  const struct murk_mission* m = g_table(s);
  bool cursor_in = false;
  struct murk_pos best = ui->cursor;
  int bestd = -1;
  struct murk_pos centre = {v->grid.width / 2, v->grid.height / 2};
  for (int y = 0; y < v->grid.height; y++)
    for (int x = 0; x < v->grid.width; x++) {
      struct murk_pos p = {x, y};
      if (!murk_zone_contains(m, v->own_zone, p)) continue;
      ui->cells[y * v->grid.width + x] |= TUI_CELL_ZONE;
      if (murk_pos_eq(p, ui->cursor)) cursor_in = true;
      int d = murk_geom_distance(&v->grid, p, centre);
      if (bestd < 0 || d < bestd) {
        bestd = d;
        best = p;
      }
    }
  /* Start the deploying player's cursor in their zone. */
  int i = ui_index(ui->side);
  if (!cursor_in && bestd >= 0 && !s->zone_seen[i]) ui->cursor = best;
  s->zone_seen[i] = true;
}

/* Rebuild the view of the side on screen. */
static int refresh(struct tui_session* s) {
  struct tui_ui* ui = cur_ui(s);
  g_view_free(s, s->view);
  s->view = NULL;
  int rc = g_view(s, ui->side, &s->view);
  if (rc != MURK_OK) return rc;
  const struct murk_grid* grid = &s->view->grid;
  int n = grid->width * grid->height;
  if (ui->ncells != n) {
    unsigned char* cells = murk_calloc((size_t)(n > 0 ? n : 1), 1);
    if (!cells) return MURK_ENOMEM;
    murk_free(ui->cells);
    ui->cells = cells;
    ui->ncells = n;
    ui->cursor = (struct murk_pos){grid->width / 2, grid->height / 2};
  }
  mark_zone(s, ui);
  place_map(s, ui);
  return MURK_OK;
}

/* ---- saving ---- */

static int save_to(struct tui_session* s, const char* path, char* err, size_t n) {
  if (!s->g) {
    snprintf(err, n, "the host saves the game");
    return -1;
  }
  if (!s->o.save) {
    snprintf(err, n, "saving is not available");
    return -1;
  }
  return s->o.save(s->o.save_ctx, s->g, path, err, n) == 0 ? 0 : -1;
}

int tui_session_autosave(struct tui_session* s, char* err, size_t n) {
  if (!s->autosave_path) return 0;
  return save_to(s, s->autosave_path, err, n);
}

/* Autosave and say how it went in ui->note (shown on the hand-over screen). */
static void autosave_note(struct tui_session* s, struct tui_ui* ui) {
  ui->note[0] = '\0';
  if (!s->autosave_path) {
    if (s->no_autosave_why)
      snprintf(ui->note, sizeof ui->note, "No autosave (%s): save with :save FILE",
               s->no_autosave_why);
    return;
  }
  char err[200];
  if (tui_session_autosave(s, err, sizeof err) == 0)
    snprintf(ui->note, sizeof ui->note, "game saved to %s", s->autosave_path);
  else
    snprintf(ui->note, sizeof ui->note, "autosave failed: %s", err);
}

/* ---- whose screen ---- */

/* Put up the hand-over screen for `side` (nothing of the table). */
static void handover(struct tui_session* s, enum murk_side side, bool save) {
  struct tui_ui* old = cur_ui(s);
  if (s->view && old->side != MURK_NO_SIDE) old->last_seen_seq = newest_seq(s->view);
  old->mode = TUI_MODE_MAP;
  old->help = old->confirm_quit = false;
  g_view_free(s, s->view);
  s->view = NULL;
  s->cur = ui_index(side);
  struct tui_ui* ui = cur_ui(s);
  ui->mode = TUI_MODE_HANDOVER;
  ui->help = ui->confirm_quit = false;
  ui->next = side;
  ui->next_turn = g_turn(s);
  const struct murk_force* f = s->g ? murk_game_force(s->g, side) : NULL;
  snprintf(ui->next_force, sizeof ui->next_force, "%s", f ? f->name : "");
  ui->note[0] = '\0';
  ui->pass_note[0] = '\0';
  ui->asking = false;
  ui->tries = 0;
  sodium_memzero(s->pass, sizeof s->pass);
  s->pass_len = 0;
  /* Only keyed: an unkeyed fingerprint of every command would let a side test guesses of
   * the enemy's hidden commands against it. */
  ui->fingerprint[0] = '\0';
  if (s->history_key_len && s->g)
    murk_game_fingerprint(s->g, s->history_key, s->history_key_len, ui->fingerprint,
                          sizeof ui->fingerprint);
  if (save || !s->autosave_path) autosave_note(s, ui); /* without one: say so */
}

/* A key on the hand-over screen: only Enter goes on; in a sealed game it asks the
 * incoming side's passphrase first. */
static int start_turn(struct tui_session* s);
static int key_handover(struct tui_session* s, struct tui_key k) {
  struct tui_ui* ui = cur_ui(s);
  if (k.code == TUI_KEY_MOUSE) return 0;
  if (!ui->asking) {
    if (k.code == 'q') {
      ui->confirm_quit = true;
      return 0;
    }
    if (k.code != TUI_KEY_ENTER) return 0;
    if (!s->o.sealed) return start_turn(s);
    ui->asking = true;
    ui->pass_note[0] = '\0';
    s->pass_len = 0;
    return 0;
  }
  if (k.code == TUI_KEY_ESC) {
    ui->asking = false;
    sodium_memzero(s->pass, sizeof s->pass);
    s->pass_len = 0;
    ui->pass_note[0] = '\0';
    return 0;
  }
  if (k.code == TUI_KEY_BACKSPACE) {
    while (s->pass_len > 0 && ((unsigned char)s->pass[--s->pass_len] & 0xc0) == 0x80) {
    }
    s->pass[s->pass_len] = '\0';
    return 0;
  }
  if (k.code == TUI_KEY_ENTER) {
    bool ok = s->o.check_pass && s->o.check_pass(s->o.check_ctx, ui->next, s->pass, s->pass_len);
    sodium_memzero(s->pass, sizeof s->pass);
    s->pass_len = 0;
    if (ok) {
      ui->asking = false;
      ui->tries = 0;
      return start_turn(s);
    }
    ui->tries++;
    if (ui->tries >= TUI_PASS_TRIES) {
      ui->asking = false;
      ui->tries = 0;
      snprintf(ui->pass_note, sizeof ui->pass_note, "%d wrong passphrases: back to the hand-over",
               TUI_PASS_TRIES);
    } else {
      snprintf(ui->pass_note, sizeof ui->pass_note, "wrong passphrase (%d of %d tries)", ui->tries,
               TUI_PASS_TRIES);
    }
    return 0;
  }
  /* A character of the passphrase, as UTF-8. */
  int c = k.code;
  if (c < 32 || c == 127 || c >= 0x110000 || (c >= 0xd800 && c < 0xe000)) return 0;
  unsigned char u[4];
  size_t n = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  if (n == 1) {
    u[0] = (unsigned char)c;
  } else {
    for (size_t i = n - 1; i > 0; i--, c >>= 6) u[i] = (unsigned char)(0x80 | (c & 0x3f));
    u[0] = (unsigned char)((n == 2 ? 0xc0 : n == 3 ? 0xe0 : 0xf0) | c);
  }
  if (s->pass_len + n < sizeof s->pass) {
    memcpy(s->pass + s->pass_len, u, n);
    s->pass_len += n;
    s->pass[s->pass_len] = '\0';
  }
  return 0;
}

static void game_over(struct tui_session* s) {
  struct tui_ui* old = cur_ui(s);
  old->mode = TUI_MODE_MAP;
  old->help = old->confirm_quit = false;
  g_view_free(s, s->view);
  s->view = NULL;
  s->cur = UI_UMPIRE;
  struct tui_ui* ui = cur_ui(s);
  ui->mode = TUI_MODE_OVER;
  /* The result in the note, how the autosave went on the message line. */
  autosave_note(s, ui);
  memcpy(ui->message, ui->note, sizeof ui->message);
  ui->message_attr = TUI_A_DIM;
  if (s->g) {
    snprintf(ui->note, sizeof ui->note, "%s", murk_game_result(s->g));
    snprintf(ui->score, sizeof ui->score, "victory points: attacker %d, defender %d",
             murk_game_vp(s->g, MURK_ATTACKER), murk_game_vp(s->g, MURK_DEFENDER));
  } else {
    /* The view says how the game ended once it is over (its result, both sides' points). */
    const struct murk_view* v = s->remote.latest(s->remote.ctx);
    snprintf(ui->note, sizeof ui->note, "%s", v ? v->result : "");
    snprintf(ui->score, sizeof ui->score, "victory points: attacker %d, defender %d",
             v ? v->vp[MURK_ATTACKER] : 0, v ? v->vp[MURK_DEFENDER] : 0);
  }
}

/* The incoming player pressed a key on the hand-over screen: show their table, first
 * what happened since their last turn. */
static int start_turn(struct tui_session* s) {
  struct tui_ui* ui = cur_ui(s);
  ui->mode = TUI_MODE_MAP;
  ui->message[0] = '\0';
  ui->log_scroll = 0;
  int rc = refresh(s);
  if (rc != MURK_OK) return rc;
  const struct murk_view* v = s->view;
  size_t first = v->nevents;
  while (first > 0 && v->events[first - 1].seq > ui->last_seen_seq) first--;
  if (first < v->nevents) {
    ui->mode = TUI_MODE_RECAP;
    ui->recap_first = ui->recap_at = first;
    if (v->events[first].has_pos) ui->cursor = v->events[first].to;
    place_map(s, ui);
  }
  return MURK_OK;
}

/* ---- seats (session.h) ---- */

static bool is_local(const struct tui_session* s, enum murk_side side) {
  return side != MURK_ATTACKER && side != MURK_DEFENDER ? true : s->o.seat[side] == NULL;
}

/* Exactly one person at this keyboard: no hand-overs. */
static bool one_person(const struct tui_session* s) {
  return (s->o.seat[MURK_ATTACKER] == NULL) != (s->o.seat[MURK_DEFENDER] == NULL);
}

static int offer_to_game(void* ctx, enum murk_side side, const struct murk_command* c, char* reason,
                         size_t reason_len) {
  return murk_game_apply((struct murk_game*)ctx, side, c, reason, reason_len);
}

/* Let the seats that are not this keyboard play while their side is to act, one decision
 * at a time, each from a view of that side built for it. A seat that gets stuck leaves a
 * note in s->stuck; its reason is not shown, since it speaks of what that side knows.
 * Returns MURK_OK or MURK_ENOMEM. */
static int run_seats(struct tui_session* s) {
  s->stuck[0] = '\0';
  for (int n = 0;; n++) {
    if (g_phase(s) == MURK_PHASE_OVER) return MURK_OK;
    enum murk_side side = g_to_act(s);
    if (is_local(s, side)) return MURK_OK;
    const struct tui_seat* seat = s->o.seat[side];
    if (!seat->act) return MURK_OK; /* plays at another terminal: its views come later */
    if (n >= TUI_SEAT_MAX_DECISIONS) {
      snprintf(s->stuck, sizeof s->stuck, "%s does not end its turn: q quits (the game is saved)",
               seat->name);
      return MURK_OK;
    }
    struct murk_view* v = NULL;
    int rc = murk_view_build(s->g, side, &v);
    if (rc != MURK_OK) return rc;
    char reason[256] = "";
    rc = seat->act(seat->ctx, v, offer_to_game, s->g, reason, sizeof reason);
    murk_view_free(v);
    if (rc == MURK_ENOMEM) return rc;
    if (rc != MURK_OK) {
      snprintf(s->stuck, sizeof s->stuck,
               "%s is stuck (the game took none of its commands): q quits (the game is saved)",
               seat->name);
      return MURK_OK;
    }
  }
}

/* The side to act is a person's (or a seat got stuck): with one person at the keyboard,
 * straight to their table, first the recap of what the other seat did; with two, the
 * hand-over. Returns TUI_SESSION_CLEAR or an error. */
static int to_person(struct tui_session* s, bool save) {
  if (g_phase(s) == MURK_PHASE_OVER) {
    game_over(s);
    return TUI_SESSION_CLEAR;
  }
  enum murk_side to = g_to_act(s);
  if (!one_person(s)) {
    handover(s, to, save);
    return TUI_SESSION_CLEAR;
  }
  enum murk_side person = s->o.seat[MURK_ATTACKER] ? MURK_DEFENDER : MURK_ATTACKER;
  s->cur = ui_index(person);
  struct tui_ui* ui = cur_ui(s);
  ui->help = ui->confirm_quit = false;
  if (save && s->autosave_path) {
    char err[200];
    if (tui_session_autosave(s, err, sizeof err) != 0) {
      int rc = start_turn(s);
      if (rc != MURK_OK) return rc;
      set_message(ui, TUI_A_ERROR, "autosave failed: %s", err);
      return TUI_SESSION_CLEAR;
    }
  }
  int rc = start_turn(s);
  if (rc != MURK_OK) return rc;
  if (s->stuck[0])
    set_message(ui, TUI_A_ERROR, "%s", s->stuck);
  else if (s->is_remote && to != person)
    set_message(ui, TUI_A_DIM, "%s plays: your turn comes when they are done", s->remote.other);
  return TUI_SESSION_CLEAR;
}

/* After the game changed: when the side to act changed, the other seat plays (if it is not
 * this keyboard) and then the next person's turn; else redraw the view. */
static int after_change(struct tui_session* s) {
  if (g_phase(s) == MURK_PHASE_OVER) {
    if (s->cur == UI_UMPIRE) return refresh(s);
    game_over(s);
    return TUI_SESSION_CLEAR;
  }
  enum murk_side to = g_to_act(s);
  if (to != cur_ui(s)->side) {
    if (!is_local(s, to)) {
      /* The person's recap will start after what they saw last, their own last command
       * included. */
      struct tui_ui* old = cur_ui(s);
      if (old->side != MURK_NO_SIDE) {
        int rc = refresh(s);
        if (rc != MURK_OK) return rc;
        old->last_seen_seq = newest_seq(s->view);
      }
      old->mode = TUI_MODE_MAP;
      g_view_free(s, s->view);
      s->view = NULL;
      int rc = run_seats(s);
      if (rc != MURK_OK) return rc;
    }
    return to_person(s, true);
  }
  return refresh(s);
}

/* ---- sending commands ---- */

/* Apply a command line as the side on screen; the result goes to the message line. */
static int send(struct tui_session* s, const char* line) {
  struct tui_ui* ui = cur_ui(s);
  if (ui->side == MURK_NO_SIDE) {
    set_message(ui, TUI_A_ERROR, "the game is over");
    return 0;
  }
  char reason[256] = "";
  int col = 0;
  size_t before = s->view ? s->view->nevents : 0;
  int rc = s->g ? murk_game_apply_line(s->g, ui->side, line, reason, sizeof reason, &col)
                : s->remote.send(s->remote.ctx, line, reason, sizeof reason, &col);
  if (rc == MURK_ENOMEM) return rc;
  if (rc == MURK_EIO && !s->g) return TUI_SESSION_QUIT; /* the host is gone */
  if (rc != MURK_OK) {
    if (rc == MURK_EINVAL && col > 0)
      set_message(ui, TUI_A_ERROR, "%s: %s (column %d)", line, reason, col);
    else
      set_message(ui, TUI_A_ERROR, "%s: %s", line, reason[0] ? reason : murk_strerror(rc));
    return 0;
  }
  ui->log_scroll = 0;
  int flags = after_change(s);
  if (flags < 0) return flags;
  if (flags & TUI_SESSION_CLEAR) return flags;
  /* Same side still at the screen: say what happened. */
  const struct murk_view* v = s->view;
  if (v->nevents > before)
    set_message(ui, TUI_A_GOOD, "%s", v->events[v->nevents - 1].text);
  else
    set_message(ui, TUI_A_GOOD, "done: %s", line);
  return flags;
}

static int sendf(struct tui_session* s, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int sendf(struct tui_session* s, const char* fmt, ...) {
  char line[TUI_LINE_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  return send(s, line);
}

static int undo(struct tui_session* s) {
  struct tui_ui* ui = cur_ui(s);
  if (ui->side == MURK_NO_SIDE || g_to_act(s) != ui->side) {
    set_message(ui, TUI_A_ERROR, "nothing to undo: it is not your turn to act");
    return 0;
  }
  char taken[TUI_LINE_MAX] = "", why[256] = "";
  int rc;
  if (!s->g) {
    /* The host checks and says why not, as the game does here. */
    rc = s->remote.undo(s->remote.ctx, taken, sizeof taken, why, sizeof why);
    if (rc == MURK_EIO) return TUI_SESSION_QUIT;
  } else if (murk_game_undoable(s->g) <= 0) {
    /* Why, in words the side may read (game.h: never more than it knows). */
    snprintf(why, sizeof why, "%s", murk_game_undo_why(s->g));
    rc = MURK_EREJECTED;
  } else {
    size_t n = murk_game_log_count(s->g);
    if (n > 0) snprintf(taken, sizeof taken, "%s", murk_game_log_line(s->g, n - 1));
    rc = murk_game_undo(s->g, why, sizeof why);
  }
  if (rc == MURK_ENOMEM) return rc;
  if (rc != MURK_OK) {
    set_message(ui, TUI_A_ERROR, "cannot undo: %s", why);
    return 0;
  }
  int flags = after_change(s);
  if (flags >= 0 && !(flags & TUI_SESSION_CLEAR))
    set_message(ui, TUI_A_GOOD, "took back: %s", taken);
  return flags;
}

/* ---- what is at the cursor ---- */

/* The own unit at p: its command handle and whether it is a template. */
static bool own_unit_at(const struct tui_session* s, struct murk_pos p, char* handle, size_t n,
                        bool* is_template) {
  const struct murk_view* v = s->view;
  enum murk_side side = v->side;
  const struct murk_view_marker* mk = murk_view_marker_at(v, p);
  if (mk && mk->on_table && mk->owner == side) {
    snprintf(handle, n, "T%d", mk->number);
    *is_template = true;
    return true;
  }
  const struct murk_view_team* tm = murk_view_team_at(v, p);
  if (tm && tm->owner == side) {
    snprintf(handle, n, "%d", tm->platoon + 1);
    *is_template = false;
    return true;
  }
  return false;
}

/* The own platoon at p (template or team), as a roster index; -1 if none. */
static int own_platoon_at(const struct tui_session* s, struct murk_pos p) {
  const struct murk_view* v = s->view;
  const struct murk_view_marker* mk = murk_view_marker_at(v, p);
  if (mk && mk->on_table && mk->owner == v->side && mk->known && !mk->dummy) return mk->platoon;
  const struct murk_view_team* tm = murk_view_team_at(v, p);
  if (tm && tm->owner == v->side) return tm->platoon;
  return -1;
}

/* The marker number of the own team at p, 0 if none. */
static int own_marker_at(const struct tui_session* s, struct murk_pos p) {
  const struct murk_view_team* tm = murk_view_team_at(s->view, p);
  return tm && tm->owner == s->view->side ? tm->marker : 0;
}

/* ---- lists ---- */

static struct tui_pick_item* pick_add(struct tui_pick* pk, const char* handle) {
  if (pk->n >= TUI_PICK_MAX) return NULL;
  struct tui_pick_item* it = &pk->items[pk->n++];
  memset(it, 0, sizeof *it);
  snprintf(it->handle, sizeof it->handle, "%s", handle);
  return it;
}

static void pick_open(struct tui_ui* ui, enum tui_pick_kind kind, const char* title) {
  memset(&ui->pick, 0, sizeof ui->pick);
  ui->pick.kind = kind;
  snprintf(ui->pick.title, sizeof ui->pick.title, "%s", title);
  ui->mode = TUI_MODE_PICK;
}

/* Own platoons in a state, as pick items ("3  2nd Panther Platoon"). */
static void pick_own(struct tui_session* s, enum murk_platoon_state state) {
  const struct murk_view* v = s->view;
  struct tui_pick* pk = &cur_ui(s)->pick;
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* pl = &v->platoons[i];
    if (pl->state != state) continue;
    char h[16];
    snprintf(h, sizeof h, "%d", pl->index + 1);
    struct tui_pick_item* it = pick_add(pk, h);
    if (!it) return;
    snprintf(it->label, sizeof it->label, "%2d  %s (%s, %d team%s)", pl->index + 1, pl->name,
             pl->type, pl->nteams, pl->nteams == 1 ? "" : "s");
    if (pl->marker > 0) {
      const struct murk_view_marker* mk = murk_view_marker_by_number(v, v->side, pl->marker);
      if (mk && mk->on_table) {
        it->pos = mk->pos;
        it->has_pos = true;
      }
    }
    for (int t = 0; t < v->nteams && !it->has_pos; t++)
      if (v->teams[t].owner == v->side && v->teams[t].platoon == pl->index) {
        it->pos = v->teams[t].pos;
        it->has_pos = true;
      }
  }
}

/* Limited Intelligence (seed 002, 27.1): own platoons in a state grouped by wing, each wing
 * under a line that names it with its Dis range (the view's wings); deploying any platoon of
 * a wing puts down its leader, so the line deploys the wing as well. Platoons of no wing
 * come last, as pick_own lists them. */
static bool wanted(const struct murk_view_platoon* pl, enum murk_platoon_state state,
                   bool deployable) {
  return deployable ? pl->may_deploy : pl->state == state;
}

/* Own platoons in `state` (deployable: those the view says may deploy now), by wing. */
static void pick_own_by_wing(struct tui_session* s, enum murk_platoon_state state,
                             bool deployable) {
  const struct murk_view* v = s->view;
  struct tui_pick* pk = &cur_ui(s)->pick;
  for (int k = 0; k < v->nwings; k++) {
    const struct murk_view_wing* wg = &v->wings[k];
    int n = 0, lead = -1;
    for (int i = 0; i < v->nplatoons; i++)
      if (v->platoons[i].wing == k && wanted(&v->platoons[i], state, deployable)) {
        if (lead < 0) lead = i;
        n++;
      }
    if (n == 0) continue;
    char h[16];
    snprintf(h, sizeof h, "%d", v->platoons[lead].index + 1);
    struct tui_pick_item* it = pick_add(pk, h);
    if (!it) return;
    snprintf(it->label, sizeof it->label, "%s: wing of %d platoon%s, Dis %d cell%s", wg->name, n,
             n == 1 ? "" : "s", wg->dis_range, wg->dis_range == 1 ? "" : "s");
    for (int i = 0; i < v->nplatoons; i++) {
      const struct murk_view_platoon* pl = &v->platoons[i];
      if (pl->wing != k || !wanted(pl, state, deployable)) continue;
      snprintf(h, sizeof h, "%d", pl->index + 1);
      if (!(it = pick_add(pk, h))) return;
      snprintf(it->label, sizeof it->label, "  %2d  %s (%s, %d team%s)", pl->index + 1, pl->name,
               pl->type, pl->nteams, pl->nteams == 1 ? "" : "s");
    }
  }
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* pl = &v->platoons[i];
    if (!wanted(pl, state, deployable) || (pl->wing >= 0 && pl->wing < v->nwings)) continue;
    char h[16];
    snprintf(h, sizeof h, "%d", pl->index + 1);
    struct tui_pick_item* it = pick_add(pk, h);
    if (!it) return;
    snprintf(it->label, sizeof it->label, "%2d  %s (%s, %d team%s), no wing", pl->index + 1,
             pl->name, pl->type, pl->nteams, pl->nteams == 1 ? "" : "s");
  }
}

/* Revealed enemy platoons as targets ("P5  1st Tank Platoon, 3 teams, 4 cells"). */
static void pick_targets(struct tui_session* s, int actor) {
  const struct murk_view* v = s->view;
  struct tui_pick* pk = &cur_ui(s)->pick;
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* mk = &v->markers[i];
    if (mk->owner == v->side || !mk->revealed || !mk->known || mk->dummy) continue;
    /* The nearest pair of teams, actor to target (distance for the player's choice). */
    int best = -1;
    struct murk_pos at = mk->pos;
    for (int a = 0; a < v->nteams; a++) {
      const struct murk_view_team* ta = &v->teams[a];
      if (ta->owner != mk->owner || ta->marker != mk->number) continue;
      if (best < 0) at = ta->pos;
      for (int b = 0; b < v->nteams; b++) {
        const struct murk_view_team* tb = &v->teams[b];
        if (tb->owner != v->side || tb->platoon != actor) continue;
        int d = murk_geom_distance(&v->grid, ta->pos, tb->pos);
        if (best < 0 || d < best) {
          best = d;
          at = ta->pos;
        }
      }
    }
    if (mk->nteams <= 0) continue;
    char h[16];
    snprintf(h, sizeof h, "P%d", mk->number);
    struct tui_pick_item* it = pick_add(pk, h);
    if (!it) return;
    if (best >= 0)
      snprintf(it->label, sizeof it->label, "P%-3d %s (%d team%s), %d cell%s", mk->number, mk->name,
               mk->nteams, mk->nteams == 1 ? "" : "s", best, best == 1 ? "" : "s");
    else
      snprintf(it->label, sizeof it->label, "P%-3d %s (%d team%s)", mk->number, mk->name,
               mk->nteams, mk->nteams == 1 ? "" : "s");
    it->pos = at;
    it->has_pos = true;
  }
}

static void pick_done(struct tui_session* s, const char* empty) {
  struct tui_ui* ui = cur_ui(s);
  if (ui->pick.n == 0) {
    ui->mode = TUI_MODE_MAP;
    set_message(ui, TUI_A_ERROR, "%s", empty);
  }
}

static void pick_mark_targets(struct tui_session* s, int actor, bool assault);
static void open_target_pick(struct tui_session* s, bool assault, const char* actor_handle,
                             int actor) {
  struct tui_ui* ui = cur_ui(s);
  char title[96];
  snprintf(title, sizeof title, "%s with %s at", assault ? "Assault" : "Shoot", actor_handle);
  pick_open(ui, assault ? TUI_PICK_ASSAULT : TUI_PICK_SHOOT, title);
  snprintf(ui->pick.actor, sizeof ui->pick.actor, "%s", actor_handle);
  pick_targets(s, actor);
  pick_mark_targets(s, actor, assault);
  pick_done(s, "no revealed enemy platoon to aim at");
}

/* ---- what is left this step, and questions before what cannot be taken back ---- */

#define PENDING_MAX 64

/* An own unit that still has what this step is for. */
struct pending {
  char handle[16]; /* as commands name it: "T3" (a marker), "3" (a platoon) */
  char label[16];  /* as the map shows it: "T3", "P2" */
  struct murk_pos pos;
};

/* Where own platoon pl stands: its marker while hidden, else its first team on the table. */
static bool platoon_pos(const struct murk_view* v, const struct murk_view_platoon* pl,
                        struct murk_pos* at) {
  if (pl->state == MURK_PLATOON_HIDDEN) {
    const struct murk_view_marker* mk = murk_view_marker_by_number(v, v->side, pl->marker);
    if (mk && mk->on_table) {
      *at = mk->pos;
      return true;
    }
    return false;
  }
  for (int t = 0; t < v->nteams; t++)
    if (v->teams[t].owner == v->side && v->teams[t].platoon == pl->index) {
      *at = v->teams[t].pos;
      return true;
    }
  return false;
}

static void pending_add(struct pending* out, int* n, int max, const char* handle, const char* label,
                        struct murk_pos at) {
  if (*n >= max) return;
  struct pending* p = &out[(*n)++];
  snprintf(p->handle, sizeof p->handle, "%s", handle);
  snprintf(p->label, sizeof p->label, "%s", label);
  p->pos = at;
}

/* The side's own units that have not yet done what this step is for, from the view alone:
 * a move (may_move), a shot or an assault (a target the view lists for them), the
 * reconnaissance move of a recce platoon. Empty when the side is not to act. *what gets the
 * step's words ("not moved"). */
static int pending_units(const struct murk_view* v, struct pending* out, int max,
                         const char** what) {
  int n = 0;
  *what = "";
  if (v->side == MURK_NO_SIDE || v->to_act != v->side) return 0;
  char h[16], l[16];
  if (v->phase == MURK_PHASE_RECCE) {
    *what = "not made its reconnaissance move";
    for (int i = 0; i < v->nplatoons; i++) {
      const struct murk_view_platoon* pl = &v->platoons[i];
      struct murk_pos at;
      if (!(pl->flags & MURK_PF(RECCE)) || pl->recce_moved || !platoon_pos(v, pl, &at)) continue;
      snprintf(h, sizeof h, "%d", pl->index + 1);
      snprintf(l, sizeof l, "%c%d", pl->state == MURK_PLATOON_HIDDEN ? 'T' : 'P', pl->marker);
      pending_add(out, &n, max, h, l, at);
    }
    return n;
  }
  if (v->phase != MURK_PHASE_PLAY) return 0;
  if (v->step == MURK_STEP_MOVEMENT) {
    *what = "not moved";
    for (int i = 0; i < v->nmarkers; i++) {
      const struct murk_view_marker* mk = &v->markers[i];
      if (mk->owner != v->side || !mk->on_table || !mk->may_move) continue;
      snprintf(h, sizeof h, "T%d", mk->number);
      pending_add(out, &n, max, h, h, mk->pos);
    }
    for (int i = 0; i < v->nplatoons; i++) {
      const struct murk_view_platoon* pl = &v->platoons[i];
      if (pl->state != MURK_PLATOON_REVEALED || !pl->may_move) continue;
      snprintf(h, sizeof h, "%d", pl->index + 1);
      snprintf(l, sizeof l, "P%d", pl->marker);
      pending_add(out, &n, max, h, l, pl->lead);
    }
    return n;
  }
  bool shooting = v->step == MURK_STEP_SHOOTING;
  if (!shooting && v->step != MURK_STEP_ASSAULT) return 0;
  *what = shooting ? "a target to shoot at" : "an enemy within reach to assault";
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* pl = &v->platoons[i];
    bool any = false;
    for (int t = 0; t < v->ntargets && !any; t++)
      any = v->targets[t].platoon == pl->index &&
            (shooting ? v->targets[t].shoot : v->targets[t].assault);
    struct murk_pos at;
    if (!any || !platoon_pos(v, pl, &at)) continue;
    snprintf(h, sizeof h, "%d", pl->index + 1);
    snprintf(l, sizeof l, "P%d", pl->marker);
    pending_add(out, &n, max, h, l, at);
  }
  return n;
}

/* "T1 T3 P2" (the first few, then "..."). */
static void pending_list(const struct pending* p, int n, char* buf, size_t len) {
  size_t at = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && at < len; i++) {
    if (i == 6) {
      snprintf(buf + at, len - at, " ...");
      return;
    }
    int k = snprintf(buf + at, len - at, "%s%s", i ? " " : "", p[i].label);
    if (k < 0) return;
    at += (size_t)k;
  }
}

static void open_confirm(struct tui_ui* ui, const char* line, const struct murk_pos* at,
                         const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Ask before sending `line` (y or Enter sends it, any other key takes it back); at: the
 * cell it places at, marked on the map. */
static void open_confirm(struct tui_ui* ui, const char* line, const struct murk_pos* at,
                         const char* fmt, ...) {
  struct tui_confirm* q = &ui->confirm;
  memset(q, 0, sizeof *q);
  q->open = true;
  snprintf(q->line, sizeof q->line, "%s", line);
  if (at) {
    q->at = *at;
    q->has_pos = true;
  }
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(q->text, sizeof q->text, fmt, ap);
  va_end(ap);
  ui->mode = TUI_MODE_MAP;
  ui->message[0] = '\0';
}

static int key_confirm(struct tui_session* s, struct tui_key k) {
  struct tui_ui* ui = cur_ui(s);
  if (k.code == TUI_KEY_MOUSE) return 0;
  char line[TUI_LINE_MAX];
  snprintf(line, sizeof line, "%s", ui->confirm.line);
  ui->confirm.open = false;
  if (k.code == 'y' || k.code == 'Y' || k.code == TUI_KEY_ENTER || k.code == '\r')
    return send(s, line);
  set_message(ui, TUI_A_NORMAL, "taken back: '%s' was not sent", line);
  return 0;
}

/* e: end the step, the deployment, the reserves. In play, while own units still have their
 * move or fire, ask first: an ended step cannot be taken back. */
static int act_end(struct tui_session* s) {
  struct tui_ui* ui = cur_ui(s);
  const struct murk_view* v = s->view;
  if (v->phase != MURK_PHASE_PLAY) return send(s, "end");
  struct pending p[PENDING_MAX];
  const char* what;
  int n = pending_units(v, p, PENDING_MAX, &what);
  if (n == 0) return send(s, "end");
  char list[96];
  pending_list(p, n, list, sizeof list);
  if (v->step == MURK_STEP_MOVEMENT)
    open_confirm(ui, "end", NULL, "%d of your units %s not moved (%s): end the movement step?", n,
                 n == 1 ? "has" : "have", list);
  else
    open_confirm(ui, "end", NULL, "%d of your platoons still %s %s (%s): end the %s step?", n,
                 n == 1 ? "has" : "have", what, list, murk_step_name(v->step));
  return 0;
}

/* g: the cursor to the next own unit that has not acted this step. */
static int act_next(struct tui_session* s) {
  struct tui_ui* ui = cur_ui(s);
  struct pending p[PENDING_MAX];
  const char* what;
  int n = pending_units(s->view, p, PENDING_MAX, &what);
  if (n == 0) {
    set_message(ui, TUI_A_NORMAL, "no unit of yours is waiting to act now");
    return 0;
  }
  int next = 0;
  for (int i = 0; i < n; i++)
    if (murk_pos_eq(p[i].pos, ui->cursor)) next = (i + 1) % n;
  ui->cursor = p[next].pos;
  tui_hexmap_follow(&ui->map, ui->cursor, 2);
  set_message(ui, TUI_A_NORMAL, "%s has %s (%d of %d; g: the next)", p[next].label, what, next + 1,
              n);
  return 0;
}

/* m away from own units: the list of those that may move now, as r and f list theirs. */
static void pick_movers(struct tui_session* s) {
  struct tui_ui* ui = cur_ui(s);
  struct pending p[PENDING_MAX];
  const char* what;
  int n = s->view->step == MURK_STEP_MOVEMENT || s->view->phase == MURK_PHASE_RECCE
              ? pending_units(s->view, p, PENDING_MAX, &what)
              : 0;
  pick_open(ui, TUI_PICK_MOVER, "Move which unit?");
  for (int i = 0; i < n; i++) {
    struct tui_pick_item* it = pick_add(&ui->pick, p[i].handle);
    if (!it) break;
    char at[16];
    murk_pos_format(p[i].pos, at, sizeof at);
    const struct murk_view_platoon* pl = NULL;
    int k = 0;
    if (p[i].handle[0] != 'T' && sscanf(p[i].handle, "%d", &k) == 1 && k >= 1 &&
        k <= s->view->nplatoons)
      pl = &s->view->platoons[k - 1];
    const struct murk_view_marker* mk = murk_view_marker_at(s->view, p[i].pos);
    if (!pl && mk && mk->known && !mk->dummy && mk->platoon >= 0 &&
        mk->platoon < s->view->nplatoons)
      pl = &s->view->platoons[mk->platoon];
    if (pl)
      snprintf(it->label, sizeof it->label, "%-4s at %s  %d %s", p[i].label, at, pl->index + 1,
               pl->name);
    else
      snprintf(it->label, sizeof it->label, "%-4s at %s  a dummy", p[i].label, at);
    it->pos = p[i].pos;
    it->has_pos = true;
  }
  pick_done(s, "none of your units may move now");
}

/* Items marked ready first, in their order, then the rest. */
static void pick_ready_first(struct tui_pick* pk) {
  struct tui_pick_item tmp[TUI_PICK_MAX];
  int n = 0;
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < pk->n; i++)
      if (pk->items[i].ready == (pass == 0)) tmp[n++] = pk->items[i];
  memcpy(pk->items, tmp, (size_t)n * sizeof *tmp);
  pk->sel = 0;
}

/* The targets list: those the view lists for `actor` in this step (in range and in sight,
 * or within reach) first, marked "*"; the others say they are not. */
static void pick_mark_targets(struct tui_session* s, int actor, bool assault) {
  const struct murk_view* v = s->view;
  struct tui_pick* pk = &cur_ui(s)->pick;
  for (int i = 0; i < pk->n; i++) {
    struct tui_pick_item* it = &pk->items[i];
    int number = 0;
    sscanf(it->handle, "P%d", &number);
    for (int t = 0; t < v->ntargets && !it->ready; t++)
      it->ready = v->targets[t].platoon == actor && v->targets[t].target == number &&
                  (assault ? v->targets[t].assault : v->targets[t].shoot);
    char label[sizeof it->label];
    snprintf(label, sizeof label, "%s %s%s", it->ready ? "*" : " ", it->label,
             it->ready ? ""
             : assault ? "  (not within reach now)"
                       : "  (not in range and sight now)");
    memcpy(it->label, label, sizeof label);
  }
  pick_ready_first(pk);
}

/* The shooters' or assaulters' list: platoons with a target this step first, marked. */
static void pick_mark_actors(struct tui_session* s, bool assault) {
  const struct murk_view* v = s->view;
  struct tui_pick* pk = &cur_ui(s)->pick;
  for (int i = 0; i < pk->n; i++) {
    struct tui_pick_item* it = &pk->items[i];
    int k = 0;
    sscanf(it->handle, "%d", &k);
    int targets = 0;
    for (int t = 0; t < v->ntargets; t++)
      if (v->targets[t].platoon == k - 1 && (assault ? v->targets[t].assault : v->targets[t].shoot))
        targets++;
    it->ready = targets > 0;
    char label[sizeof it->label];
    if (targets > 0)
      snprintf(label, sizeof label, "* %s: %d target%s", it->label, targets,
               targets == 1 ? "" : "s");
    else
      snprintf(label, sizeof label, "  %s", it->label);
    memcpy(it->label, label, sizeof label);
  }
  pick_ready_first(pk);
}

/* The reveal list: each hidden platoon with its marker and the marker's cell. */
static void pick_hidden(struct tui_session* s) {
  const struct murk_view* v = s->view;
  struct tui_pick* pk = &cur_ui(s)->pick;
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* pl = &v->platoons[i];
    struct murk_pos at;
    if (pl->state != MURK_PLATOON_HIDDEN || !platoon_pos(v, pl, &at)) continue;
    char h[16], ps[16];
    snprintf(h, sizeof h, "T%d", pl->marker);
    murk_pos_format(at, ps, sizeof ps);
    struct tui_pick_item* it = pick_add(pk, h);
    if (!it) return;
    snprintf(it->label, sizeof it->label, "T%-3d at %s  %d %s (%s, %d teams)", pl->marker, ps,
             pl->index + 1, pl->name, pl->type, pl->nteams);
    it->pos = at;
    it->has_pos = true;
  }
}

/* The platoons the view says may be placed now with this phase's command (deploy or patrol),
 * into the open pick; with_state adds where each is now (a patrol may come from the table
 * or from reserve), else the roster number is aligned for a list that dummies follow. */
static void pick_may_deploy(struct tui_session* s, bool with_state) {
  const struct murk_view* v = s->view;
  struct tui_ui* ui = cur_ui(s);
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* pl = &v->platoons[i];
    if (!pl->may_deploy) continue;
    char h[16];
    snprintf(h, sizeof h, "%d", pl->index + 1);
    struct tui_pick_item* it = pick_add(&ui->pick, h);
    if (!it) return;
    if (with_state)
      snprintf(it->label, sizeof it->label, "%d %s (%s, %d teams, %s)", pl->index + 1, pl->name,
               pl->type, pl->nteams, murk_platoon_state_name(pl->state));
    else
      snprintf(it->label, sizeof it->label, "%2d  %s (%s, %d teams)", pl->index + 1, pl->name,
               pl->type, pl->nteams);
  }
}

/* The deploy list: what may be deployed now (the view says which), and the counts. */
static void pick_deployable(struct tui_session* s, const char* pos) {
  const struct murk_view* v = s->view;
  struct tui_ui* ui = cur_ui(s);
  int now = 0, later = 0;
  for (int i = 0; i < v->nplatoons; i++)
    if (v->platoons[i].may_deploy)
      now++;
    else if (v->platoons[i].state == MURK_PLATOON_WAITING)
      later++;
  char title[96];
  int len =
      snprintf(title, sizeof title, "Deploy at %s: %d platoon%s", pos, now, now == 1 ? "" : "s");
  if (v->dummies_left > 0 && len > 0 && (size_t)len < sizeof title)
    len += snprintf(title + len, sizeof title - (size_t)len, ", %d dumm%s", v->dummies_left,
                    v->dummies_left == 1 ? "y" : "ies");
  if (later > 0 && len > 0 && (size_t)len < sizeof title)
    snprintf(title + len, sizeof title - (size_t)len, " (%d later)", later);
  pick_open(ui, TUI_PICK_DEPLOY, title);
  if (v->nwings > 0) { /* Limited Intelligence: by wing, each with its Dis range */
    pick_own_by_wing(s, MURK_PLATOON_WAITING, true);
    return;
  }
  pick_may_deploy(s, false);
}

static int act_move(struct tui_session* s);
static int act_reveal_via(struct tui_session* s);

static int pick_choose(struct tui_session* s) {
  struct tui_ui* ui = cur_ui(s);
  struct tui_pick* pk = &ui->pick;
  if (pk->sel < 0 || pk->sel >= pk->n) return 0;
  const struct tui_pick_item* it = &pk->items[pk->sel];
  char pos[16];
  murk_pos_format(ui->cursor, pos, sizeof pos);
  ui->mode = TUI_MODE_MAP;
  switch (pk->kind) {
    case TUI_PICK_DEPLOY: {
      /* Shown first: a deployment may hand over at once, and then it stands. */
      char line[TUI_LINE_MAX];
      snprintf(line, sizeof line, "deploy %s at %s", it->handle, pos);
      char what[sizeof it->label] = "a dummy marker";
      int k = 0;
      if (sscanf(it->handle, "%d", &k) == 1 && k >= 1 && k <= s->view->nplatoons) {
        const struct murk_view_platoon* pl = &s->view->platoons[k - 1];
        snprintf(what, sizeof what, "%d %s (%s, %d teams)", k, pl->name, pl->type, pl->nteams);
      }
      open_confirm(ui, line, &ui->cursor, "Deploy %s at %s?", what, pos);
      return 0;
    }
    case TUI_PICK_PATROL: {
      /* Shown first, as a deployment: it may hand over at once. */
      char line[TUI_LINE_MAX];
      snprintf(line, sizeof line, "patrol %s at %s", it->handle, pos);
      open_confirm(ui, line, &ui->cursor, "Send %s out on patrol at %s?", it->label, pos);
      return 0;
    }
    case TUI_PICK_MOVER:
      ui->cursor = it->pos;
      tui_hexmap_follow(&ui->map, ui->cursor, 2);
      return act_move(s);
    case TUI_PICK_REVEAL_VIA:
      ui->cursor = it->pos;
      tui_hexmap_follow(&ui->map, ui->cursor, 2);
      return act_reveal_via(s);
    case TUI_PICK_RESERVE:
      return sendf(s, "reserve %s", it->handle);
    case TUI_PICK_REVEAL:
      return sendf(s, "reveal %s", it->handle);
    case TUI_PICK_SHOOT:
      return sendf(s, "shoot %s at %s", pk->actor, it->handle);
    case TUI_PICK_ASSAULT:
      return sendf(s, "assault %s at %s", pk->actor, it->handle);
    case TUI_PICK_WITHDRAW:
      return sendf(s, "withdraw %s", it->handle);
    case TUI_PICK_SHOOTER:
    case TUI_PICK_ASSAULTER: {
      char actor[16];
      snprintf(actor, sizeof actor, "%s", it->handle);
      int index = 0;
      sscanf(actor, "%d", &index);
      open_target_pick(s, pk->kind == TUI_PICK_ASSAULTER, actor, index - 1);
      return 0;
    }
  }
  return 0;
}

/* ---- actions ---- */

static bool in_phase(struct tui_session* s, enum murk_phase want, const char* what) {
  struct tui_ui* ui = cur_ui(s);
  if (s->view->phase == want) return true;
  set_message(ui, TUI_A_ERROR, "%s only while %s (now: %s)", what, murk_phase_name(want),
              murk_phase_name(s->view->phase));
  return false;
}

/* The reconnaissance phase: the move the cursor chooses is sent as `recce` (the command
 * this phase takes, as the view's verbs say). No preview: the view has no reach for it. */
static bool act_recce(struct tui_session* s, const char* handle) {
  struct tui_ui* ui = cur_ui(s);
  if (!(s->view->verbs & (1u << MURK_CMD_RECCE)) || (s->view->verbs & (1u << MURK_CMD_MOVE)))
    return false;
  snprintf(ui->move_verb, sizeof ui->move_verb, "recce");
  for (int i = 0; i < ui->ncells; i++) ui->cells[i] &= (unsigned char)~TUI_CELL_REACH;
  set_message(ui, TUI_A_NORMAL,
              "reconnaissance move of %s: put the cursor where it goes, then Enter", handle);
  return true;
}

/* Limited Intelligence: the wing leader the view names as adjusting after its deployment
 * roll is the one unit that may go (`adjust`, any cell within its cells; its own: it stays),
 * wherever the cursor was. No preview: the view has no reach for it. */
static bool act_adjust(struct tui_session* s) {
  struct tui_ui* ui = cur_ui(s);
  const struct murk_view* v = s->view;
  if (v->adjust_leader <= 0 || !(v->verbs & (1u << MURK_CMD_ADJUST))) return false;
  const struct murk_view_marker* mk = murk_view_marker_by_number(v, v->side, v->adjust_leader);
  if (!mk || !mk->on_table) return false;
  snprintf(ui->move_unit, sizeof ui->move_unit, "T%d", mk->number);
  snprintf(ui->move_verb, sizeof ui->move_verb, "adjust");
  ui->move_from = ui->cursor = mk->pos;
  tui_hexmap_follow(&ui->map, ui->cursor, 2);
  for (int i = 0; i < ui->ncells; i++) ui->cells[i] &= (unsigned char)~TUI_CELL_REACH;
  ui->mode = TUI_MODE_MOVE;
  set_message(ui, TUI_A_NORMAL,
              "T%d won the deployment roll: adjust it up to %d cell%s (Enter; on its own cell it "
              "stays)",
              mk->number, v->adjust_cells, v->adjust_cells == 1 ? "" : "s");
  return true;
}

static int act_move(struct tui_session* s) {
  struct tui_ui* ui = cur_ui(s);
  /* Moves in play, and in setup steps after deployment (reconnaissance moves): the game
   * says when a move is not allowed. */
  enum murk_phase ph = s->view->phase;
  if (!(ph == MURK_PHASE_PLAY || (ph > MURK_PHASE_DEPLOY && placing_phase(ph))) &&
      !in_phase(s, MURK_PHASE_PLAY, "units move"))
    return 0;
  if (act_adjust(s)) return 0;
  char handle[16];
  bool tmpl;
  if (!own_unit_at(s, ui->cursor, handle, sizeof handle, &tmpl)) {
    /* Away from own units: the list of those that may move, as r and f list theirs. */
    pick_movers(s);
    return 0;
  }
  /* A bogged unit stays put (the view says so): no preview to mislead. */
  const struct murk_view_marker* mk =
      tmpl ? murk_view_marker_at(s->view, ui->cursor)
           : murk_view_marker_by_number(s->view, ui->side, own_marker_at(s, ui->cursor));
  if (mk && mk->bogged) {
    set_message(ui, TUI_A_ERROR, "%s is bogged: it may move once it passes a bogging check",
                handle);
    return 0;
  }
  snprintf(ui->move_unit, sizeof ui->move_unit, "%s", handle);
  ui->move_from = ui->cursor;
  ui->mode = TUI_MODE_MOVE;
  snprintf(ui->move_verb, sizeof ui->move_verb, "move");
  if (act_recce(s, handle)) return 0;
  /* The preview is the view's: where the game would take a move, as far as the side knows
   * (murk_view_reach). */
  int n;
  if (tmpl) {
    n = murk_view_reach(s->view, mk->number, ui->cells, TUI_CELL_REACH);
    if (n >= 0)
      set_message(ui, TUI_A_NORMAL, "move %s: %d cell%s within reach", handle, n,
                  n == 1 ? "" : "s");
  } else {
    /* A revealed platoon: its first team leads at its slowest team's pace. */
    const struct murk_view_platoon* pl = &s->view->platoons[own_platoon_at(s, ui->cursor)];
    ui->move_from = pl->lead;
    n = murk_view_reach(s->view, pl->marker, ui->cells, TUI_CELL_REACH);
    if (n >= 0)
      set_message(ui, TUI_A_NORMAL, "move platoon %s: its first team leads; %d cell%s within reach",
                  handle, n, n == 1 ? "" : "s");
  }
  return n < 0 ? n : 0;
}

/* r and v: the own template at the cursor; elsewhere NULL, the list of the hidden platoons
 * open (a `kind` list). */
static const struct murk_view_marker* template_to_reveal(struct tui_session* s,
                                                         enum tui_pick_kind kind,
                                                         const char* title) {
  struct tui_ui* ui = cur_ui(s);
  if (!in_phase(s, MURK_PHASE_PLAY, "platoons are revealed")) return NULL;
  const struct murk_view_marker* mk = murk_view_marker_at(s->view, ui->cursor);
  if (mk && mk->on_table && mk->owner == ui->side) return mk;
  pick_open(ui, kind, title);
  pick_hidden(s);
  pick_done(s, "none of your platoons is hidden");
  return NULL;
}

static int act_reveal(struct tui_session* s) {
  const struct murk_view_marker* mk =
      template_to_reveal(s, TUI_PICK_REVEAL, "Reveal which platoon?");
  return mk ? sendf(s, "reveal T%d", mk->number) : 0;
}

/* The revealed platoon's other teams placed by hand (`reveal Tn via X,Y ...`): the cells the
 * view allows them (murk_view_reveal_cells) are lit, Enter puts a team on the cursor's cell;
 * once each has one, or on v (or Enter on the template), the reveal goes with the cells
 * chosen (the game places the rest). */
static int act_reveal_via(struct tui_session* s) {
  struct tui_ui* ui = cur_ui(s);
  const struct murk_view* v = s->view;
  const struct murk_view_marker* mk =
      template_to_reveal(s, TUI_PICK_REVEAL_VIA, "Reveal which platoon, placing its teams?");
  if (!mk) return 0;
  int others = mk->known && !mk->dummy ? mk->nteams - 1 : 0;
  int n = murk_view_reveal_cells(v, mk->number, ui->cells, TUI_CELL_REACH);
  if (n < 0) return n;
  if (others <= 0 || n == 0) {
    set_message(ui, TUI_A_ERROR, "T%d has no other team to place by hand: r reveals it",
                mk->number);
    return 0;
  }
  snprintf(ui->move_unit, sizeof ui->move_unit, "T%d", mk->number);
  snprintf(ui->move_verb, sizeof ui->move_verb, "reveal");
  ui->move_from = mk->pos;
  ui->nvia = 0;
  ui->via_max = others < TUI_VIA_MAX ? others : TUI_VIA_MAX;
  ui->mode = TUI_MODE_MOVE;
  set_message(ui, TUI_A_NORMAL, "reveal T%d: Enter puts a team on a lit cell (%d to place)",
              mk->number, ui->via_max);
  return 0;
}

/* The reveal with the cells chosen so far. */
static int send_reveal_via(struct tui_session* s) {
  struct tui_ui* ui = cur_ui(s);
  char line[TUI_LINE_MAX];
  int len = snprintf(line, sizeof line, "reveal %s", ui->move_unit);
  for (int i = 0; i < ui->nvia && len > 0 && (size_t)len < sizeof line; i++) {
    char pos[16];
    murk_pos_format(ui->via[i], pos, sizeof pos);
    len += snprintf(line + len, sizeof line - (size_t)len, "%s%s", i ? " " : " via ", pos);
  }
  ui->mode = TUI_MODE_MAP;
  ui->nvia = 0;
  return send(s, line);
}

/* Enter in the reveal: the cursor's cell for the next team (again: taken back). */
static int reveal_via_cell(struct tui_session* s) {
  struct tui_ui* ui = cur_ui(s);
  if (murk_pos_eq(ui->cursor, ui->move_from)) return send_reveal_via(s);
  int w = s->view->grid.width;
  unsigned char* cell = &ui->cells[ui->cursor.y * w + ui->cursor.x];
  for (int i = 0; i < ui->nvia; i++)
    if (murk_pos_eq(ui->via[i], ui->cursor)) {
      memmove(&ui->via[i], &ui->via[i + 1], (size_t)(ui->nvia - i - 1) * sizeof ui->via[0]);
      ui->nvia--;
      *cell |= TUI_CELL_REACH;
      set_message(ui, TUI_A_NORMAL, "reveal %s: %d of %d placed", ui->move_unit, ui->nvia,
                  ui->via_max);
      return 0;
    }
  ui->via[ui->nvia++] = ui->cursor;
  *cell &= (unsigned char)~TUI_CELL_REACH; /* no longer free for the next */
  if (ui->nvia >= ui->via_max) return send_reveal_via(s);
  set_message(ui, TUI_A_NORMAL, "reveal %s: %d of %d placed (v reveals now, Esc cancels)",
              ui->move_unit, ui->nvia, ui->via_max);
  return 0;
}

static int act_fight(struct tui_session* s, bool assault) {
  struct tui_ui* ui = cur_ui(s);
  if (!in_phase(s, MURK_PHASE_PLAY, assault ? "assaults happen" : "shooting happens")) return 0;
  int actor = own_platoon_at(s, ui->cursor);
  if (actor >= 0) {
    char h[16];
    snprintf(h, sizeof h, "%d", actor + 1);
    open_target_pick(s, assault, h, actor);
    return 0;
  }
  pick_open(ui, assault ? TUI_PICK_ASSAULTER : TUI_PICK_SHOOTER,
            assault ? "Which platoon assaults?" : "Which platoon shoots?");
  pick_own(s, MURK_PLATOON_REVEALED);
  pick_mark_actors(s, assault);
  pick_done(s, "none of your platoons is revealed: reveal one first (r)");
  return 0;
}

/* Fighting Withdrawal: the own platoon at the cursor, or one from the list. */
static int act_withdraw(struct tui_session* s) {
  struct tui_ui* ui = cur_ui(s);
  if (!in_phase(s, MURK_PHASE_PLAY, "platoons withdraw")) return 0;
  char handle[16];
  bool tmpl;
  if (own_unit_at(s, ui->cursor, handle, sizeof handle, &tmpl))
    return sendf(s, "withdraw %s", handle);
  pick_open(ui, TUI_PICK_WITHDRAW, "Withdraw which platoon?");
  pick_own(s, MURK_PLATOON_HIDDEN);
  pick_own(s, MURK_PLATOON_REVEALED);
  pick_done(s, "none of your platoons is on the table");
  return 0;
}

/* x: take away the objective at the cursor (Hasty Attack's setup, Fighting Withdrawal when
 * due), named as the players name it (murk_command_remove_objective); the game says why
 * not when it may not go. */
static int act_remove(struct tui_session* s) {
  struct tui_ui* ui = cur_ui(s);
  const struct murk_view* v = s->view;
  for (int i = 0; i < v->nobjectives; i++) {
    if (!murk_pos_eq(v->objectives[i].pos, ui->cursor)) continue;
    struct murk_command c;
    char line[TUI_LINE_MAX];
    if (murk_command_remove_objective(&c, v->objectives[i].name) != MURK_OK ||
        murk_command_format(&c, line, sizeof line) != MURK_OK) {
      set_message(ui, TUI_A_ERROR, "this objective's name cannot be written in a command");
      return 0;
    }
    return send(s, line);
  }
  set_message(ui, TUI_A_ERROR, "no objective at the cursor: put it on the one to take away");
  return 0;
}

/* No Man's Land's patrol phase: d sends a platoon out on patrol to the cursor, from the
 * list of those the view says may go; away from the lit cells (the view's), the cursor
 * goes to the nearest first. */
static int act_patrol(struct tui_session* s) {
  struct tui_ui* ui = cur_ui(s);
  const struct murk_view* v = s->view;
  int best = -1, bestd = 0;
  for (int i = 0; i < v->nplace_cells; i++) {
    int d = murk_geom_distance(&v->grid, v->place_cells[i], ui->cursor);
    if (best < 0 || d < bestd) {
      best = i;
      bestd = d;
    }
  }
  if (best < 0) {
    set_message(ui, TUI_A_ERROR, "no cell is left for a patrol: 'e' ends the phase");
    return 0;
  }
  char pos[16];
  if (bestd > 0) {
    ui->cursor = v->place_cells[best];
    tui_hexmap_follow(&ui->map, ui->cursor, 2);
    murk_pos_format(ui->cursor, pos, sizeof pos);
    set_message(ui, TUI_A_NORMAL, "a patrol goes on a lit cell: the nearest is %s (d again)", pos);
    return 0;
  }
  murk_pos_format(ui->cursor, pos, sizeof pos);
  char title[96];
  snprintf(title, sizeof title, "Send which platoon out on patrol at %s?", pos);
  pick_open(ui, TUI_PICK_PATROL, title);
  pick_may_deploy(s, true);
  pick_done(s, "no platoon of yours may go out on patrol: 'e' ends the phase");
  return 0;
}

static int act_deploy(struct tui_session* s) {
  struct tui_ui* ui = cur_ui(s);
  if (patrolling(s->view)) return act_patrol(s);
  if (!placing_phase(s->view->phase) && !in_phase(s, MURK_PHASE_DEPLOY, "platoons deploy"))
    return 0;
  char pos[16];
  murk_pos_format(ui->cursor, pos, sizeof pos);
  pick_deployable(s, pos);
  /* Dummies while the side has some left (the view counts them). */
  if (s->view->dummies_left > 0) {
    struct tui_pick_item* it = pick_add(&ui->pick, "dummy");
    if (it)
      snprintf(it->label, sizeof it->label, " -  a dummy %s (%d left)",
               murk_marker_noun(s->view->dummy_kind, false), s->view->dummies_left);
  }
  pick_done(s, "every platoon is deployed or in reserve: 'e' ends your deployment");
  return 0;
}

static int act_reserve(struct tui_session* s) {
  struct tui_ui* ui = cur_ui(s);
  if (!in_phase(s, MURK_PHASE_RESERVES, "platoons are put in reserve")) return 0;
  pick_open(ui, TUI_PICK_RESERVE, "Hold which platoon in reserve?");
  pick_own(s, MURK_PLATOON_WAITING);
  pick_done(s, "no platoon left to hold in reserve");
  return 0;
}

static void open_command(struct tui_session* s, const char* text) {
  struct tui_ui* ui = cur_ui(s);
  ui->mode = TUI_MODE_COMMAND;
  snprintf(ui->line, sizeof ui->line, "%s", text);
  ui->line_len = ui->line_cur = strlen(ui->line);
  s->hist_at[s->cur] = s->nhist[s->cur];
}

/* ---- the cursor ---- */

static void move_cursor(struct tui_session* s, int key, int times) {
  struct tui_ui* ui = cur_ui(s);
  const struct murk_grid* g = &s->view->grid;
  bool hex = g->kind == MURK_GRID_HEX;
  for (int i = 0; i < times; i++) {
    struct murk_pos p = ui->cursor;
    int dir = -1;
    switch (key) {
      case 'h':
        dir = hex ? 3 : 4;
        break;
      case 'l':
        dir = 0;
        break;
      case 'y':
        dir = hex ? 2 : 3;
        break;
      case 'u':
        dir = 1;
        break;
      case 'b':
        dir = hex ? 4 : 5;
        break;
      case 'n':
        dir = hex ? 5 : 7;
        break;
      case 'k':
        p.y--;
        break; /* straight up: the hex above, zigzagging on hex maps */
      case 'j':
        p.y++;
        break;
      default:
        return;
    }
    if (dir >= 0) p = murk_geom_neighbour(g, p, dir);
    if (!murk_geom_on_table(g, p)) break;
    ui->cursor = p;
  }
  tui_hexmap_follow(&ui->map, ui->cursor, 2);
}

/* Arrows and vi keys to a direction key ('h' 'j' 'k' 'l' 'y' 'u' 'b' 'n'), and how far. */
static int cursor_key(int code, int* times) {
  *times = 1;
  switch (code) {
    case TUI_KEY_LEFT:
      return 'h';
    case TUI_KEY_RIGHT:
      return 'l';
    case TUI_KEY_UP:
      return 'k';
    case TUI_KEY_DOWN:
      return 'j';
    case 'h':
    case 'j':
    case 'k':
    case 'l':
    case 'y':
    case 'u':
    case 'b':
    case 'n':
      return code;
    case 'H':
    case 'J':
    case 'K':
    case 'L':
    case 'Y':
    case 'B':
    case 'N':
      *times = 5;
      return code - 'A' + 'a';
    default:
      return 0;
  }
}

static bool click_cell(struct tui_session* s, struct tui_key k, struct murk_pos* p) {
  return tui_hexmap_from_screen(&cur_ui(s)->map, k.x, k.y, p);
}

/* ---- keys by mode ---- */

static int key_command(struct tui_session* s, struct tui_key k) {
  struct tui_ui* ui = cur_ui(s);
  int h = s->cur;
  switch (k.code) {
    case TUI_KEY_ESC:
      ui->mode = TUI_MODE_MAP;
      return 0;
    case TUI_KEY_LEFT:
      while (ui->line_cur > 0 && ((unsigned char)ui->line[--ui->line_cur] & 0xc0) == 0x80) {
      }
      return 0;
    case TUI_KEY_RIGHT:
      if (ui->line_cur < ui->line_len) {
        const char* p = ui->line + ui->line_cur;
        tui_utf8_next(&p);
        ui->line_cur = (size_t)(p - ui->line);
      }
      return 0;
    case TUI_KEY_HOME:
    case TUI_CTRL('a'):
      ui->line_cur = 0;
      return 0;
    case TUI_KEY_END:
    case TUI_CTRL('e'):
      ui->line_cur = ui->line_len;
      return 0;
    case TUI_CTRL('u'):
      ui->line[0] = '\0';
      ui->line_len = ui->line_cur = 0;
      return 0;
    case TUI_KEY_BACKSPACE:
    case TUI_CTRL('h'): {
      if (ui->line_cur == 0) {
        if (ui->line_len == 0) ui->mode = TUI_MODE_MAP;
        return 0;
      }
      size_t end = ui->line_cur;
      while (ui->line_cur > 0 && ((unsigned char)ui->line[--ui->line_cur] & 0xc0) == 0x80) {
      }
      memmove(ui->line + ui->line_cur, ui->line + end, ui->line_len - end + 1);
      ui->line_len -= end - ui->line_cur;
      return 0;
    }
    case TUI_KEY_DELETE: {
      if (ui->line_cur >= ui->line_len) return 0;
      const char* p = ui->line + ui->line_cur;
      tui_utf8_next(&p);
      size_t end = (size_t)(p - ui->line);
      memmove(ui->line + ui->line_cur, ui->line + end, ui->line_len - end + 1);
      ui->line_len -= end - ui->line_cur;
      return 0;
    }
    case TUI_KEY_UP:
    case TUI_KEY_DOWN: {
      int at = s->hist_at[h] + (k.code == TUI_KEY_UP ? -1 : 1);
      if (at < 0 || at > s->nhist[h]) return 0;
      s->hist_at[h] = at;
      snprintf(ui->line, sizeof ui->line, "%s", at < s->nhist[h] ? s->hist[h][at] : "");
      ui->line_len = ui->line_cur = strlen(ui->line);
      return 0;
    }
    case TUI_KEY_ENTER:
    case '\r': {
      char line[TUI_LINE_MAX];
      snprintf(line, sizeof line, "%s", ui->line);
      ui->mode = TUI_MODE_MAP;
      char* p = line;
      while (*p == ' ') p++;
      size_t n = strlen(p);
      while (n > 0 && p[n - 1] == ' ') p[--n] = '\0';
      if (!*p) return 0;
      if (s->nhist[h] == HISTORY) {
        memmove(s->hist[h][0], s->hist[h][1], (HISTORY - 1) * TUI_LINE_MAX);
        s->nhist[h]--;
      }
      snprintf(s->hist[h][s->nhist[h]++], TUI_LINE_MAX, "%s", p);
      /* Screen commands first; everything else is the game's command language. */
      if (strcmp(p, "q") == 0 || strcmp(p, "quit") == 0) {
        ui->confirm_quit = true;
        return 0;
      }
      if (strcmp(p, "help") == 0) {
        ui->help = true;
        return 0;
      }
      if (strcmp(p, "undo") == 0) return undo(s);
      if (strncmp(p, "save", 4) == 0 && (p[4] == ' ' || p[4] == '\0')) {
        const char* file = p + 4;
        while (*file == ' ') file++;
        if (!*file) file = s->autosave_path;
        if (!file) {
          set_message(ui, TUI_A_ERROR, "save: name a file (save FILE)");
          return 0;
        }
        char err[200];
        if (save_to(s, file, err, sizeof err) == 0)
          set_message(ui, TUI_A_GOOD, "saved to %s", file);
        else
          set_message(ui, TUI_A_ERROR, "could not save to %s: %s", file, err);
        return 0;
      }
      return send(s, p);
    }
    default:
      if (k.code >= 0x20 && k.code < 0x110000 && k.code != 0x7f) {
        char u[4];
        int n = tui_utf8_put((uint32_t)k.code, u);
        if (ui->line_len + (size_t)n >= sizeof ui->line) return 0;
        memmove(ui->line + ui->line_cur + n, ui->line + ui->line_cur,
                ui->line_len - ui->line_cur + 1);
        memcpy(ui->line + ui->line_cur, u, (size_t)n);
        ui->line_len += (size_t)n;
        ui->line_cur += (size_t)n;
      }
      return 0;
  }
}

static int key_pick(struct tui_session* s, struct tui_key k) {
  struct tui_ui* ui = cur_ui(s);
  struct tui_pick* pk = &ui->pick;
  switch (k.code) {
    case TUI_KEY_ESC:
    case 'q':
      ui->mode = TUI_MODE_MAP;
      return 0;
    case TUI_KEY_UP:
    case 'k':
      if (pk->sel > 0) pk->sel--;
      return 0;
    case TUI_KEY_DOWN:
    case 'j':
      if (pk->sel + 1 < pk->n) pk->sel++;
      return 0;
    case TUI_KEY_ENTER:
    case '\r':
    case ' ':
      return pick_choose(s);
    default:
      return 0;
  }
}

static int key_move(struct tui_session* s, struct tui_key k) {
  struct tui_ui* ui = cur_ui(s);
  int times;
  int dk = cursor_key(k.code, &times);
  if (dk) {
    move_cursor(s, dk, times);
    return 0;
  }
  struct murk_pos p;
  switch (k.code) {
    case TUI_KEY_ESC:
    case 'q':
      ui->mode = TUI_MODE_MAP;
      ui->message[0] = '\0';
      return 0;
    case TUI_KEY_MOUSE:
      if (!click_cell(s, k, &p)) return 0;
      if (!murk_pos_eq(p, ui->cursor)) {
        ui->cursor = p;
        return 0;
      }
      /* A second click on the same cell goes. */
      /* fall through */
    case 'v':
    case 'r':
      if (strcmp(ui->move_verb, "reveal") == 0) return send_reveal_via(s);
      return 0;
    case TUI_KEY_ENTER:
    case '\r':
    case ' ':
    case 'm': {
      if (strcmp(ui->move_verb, "reveal") == 0) return reveal_via_cell(s);
      bool adjust = strcmp(ui->move_verb, "adjust") == 0; /* its own cell: it stays */
      if (murk_pos_eq(ui->cursor, ui->move_from) && !adjust) {
        ui->mode = TUI_MODE_MAP;
        return 0;
      }
      char pos[16];
      murk_pos_format(ui->cursor, pos, sizeof pos);
      char line[TUI_LINE_MAX];
      snprintf(line, sizeof line, "%s %s to %s", ui->move_verb[0] ? ui->move_verb : "move",
               ui->move_unit, pos);
      ui->mode = TUI_MODE_MAP;
      /* A move in setup (reconnaissance) may hand over at once: shown first. */
      if (placing_phase(s->view->phase)) {
        open_confirm(ui, line, &ui->cursor, "%s?", line);
        return 0;
      }
      return send(s, line);
    }
    default:
      return 0;
  }
}

static int key_recap(struct tui_session* s, struct tui_key k) {
  struct tui_ui* ui = cur_ui(s);
  const struct murk_view* v = s->view;
  switch (k.code) {
    case TUI_KEY_ENTER:
    case '\r':
    case ' ':
    case TUI_KEY_DOWN:
      if (ui->recap_at + 1 >= v->nevents) {
        ui->mode = TUI_MODE_MAP;
        return 0;
      }
      ui->recap_at++;
      break;
    case TUI_KEY_UP:
      if (ui->recap_at > ui->recap_first) ui->recap_at--;
      break;
    case TUI_KEY_ESC:
      ui->mode = TUI_MODE_MAP;
      return 0;
    case 'q':
      ui->confirm_quit = true;
      return 0;
    case '?':
      ui->help = true;
      return 0;
    default:
      return 0;
  }
  const struct murk_event* e = &v->events[ui->recap_at];
  if (e->has_pos) {
    ui->cursor = e->to;
    tui_hexmap_follow(&ui->map, ui->cursor, 2);
  }
  return 0;
}

/* PgUp / PgDn: the event log by a page (the lines it shows), never past its oldest line. */
static void scroll_log(struct tui_session* s, int pages) {
  struct tui_ui* ui = cur_ui(s);
  struct tui_layout L;
  tui_layout_compute(s->w, s->h, &s->view->grid, &L);
  int page = L.log_h - 1 > 1 ? L.log_h - 1 : 1;
  ui->log_scroll += pages * page;
  int max = (int)s->view->nevents - page;
  if (ui->log_scroll > max) ui->log_scroll = max > 0 ? max : 0;
  if (ui->log_scroll < 0) ui->log_scroll = 0;
}

static int key_map(struct tui_session* s, struct tui_key k) {
  struct tui_ui* ui = cur_ui(s);
  int times;
  int dk = cursor_key(k.code, &times);
  if (dk) {
    move_cursor(s, dk, times);
    return 0;
  }
  char pos[16];
  murk_pos_format(ui->cursor, pos, sizeof pos);
  bool over = ui->side == MURK_NO_SIDE;
  switch (k.code) {
    case TUI_KEY_MOUSE: {
      struct murk_pos p;
      if (click_cell(s, k, &p)) ui->cursor = p;
      return 0;
    }
    case '?':
      ui->help = true;
      return 0;
    case 'q':
      ui->confirm_quit = true;
      return 0;
    case ':':
      open_command(s, "");
      return 0;
    case 'S': {
      char path[TUI_LINE_MAX];
      const struct murk_mission* m = g_table(s);
      /* A game with secret dice has no seed to name the file by: its turn instead. */
      if (s->o.secret_dice)
        snprintf(path, sizeof path, "save %s%s%s-turn%d.murk", s->save_dir ? s->save_dir : "",
                 s->save_dir ? "/" : "", m->id, g_turn(s));
      else
        snprintf(path, sizeof path, "save %s%s%s-%" PRIu64 ".murk", s->save_dir ? s->save_dir : "",
                 s->save_dir ? "/" : "", m->id, s->o.seed);
      open_command(s, path);
      return 0;
    }
    case '\t':
      ui->tab = (ui->tab + 1) % TUI_TAB_COUNT;
      return 0;
    case TUI_KEY_BTAB:
      ui->tab = (ui->tab + TUI_TAB_COUNT - 1) % TUI_TAB_COUNT;
      return 0;
    case '#':
      ui->roster_labels = !ui->roster_labels;
      return 0;
    case TUI_KEY_PGUP:
    case TUI_KEY_PGDN:
      scroll_log(s, k.code == TUI_KEY_PGUP ? 1 : -1);
      return 0;
    case '[':
      if (ui->brief_scroll > 0) ui->brief_scroll--;
      ui->tab = TUI_TAB_BRIEFING;
      return 0;
    case ']':
      ui->brief_scroll++;
      ui->tab = TUI_TAB_BRIEFING;
      return 0;
    case TUI_KEY_ESC:
      ui->message[0] = '\0';
      return 0;
    default:
      break;
  }
  if (over) {
    if (k.code < 0x80 && k.code > ' ')
      set_message(ui, TUI_A_ERROR, "the game is over (q quits, S saves)");
    return 0;
  }
  switch (k.code) {
    case 'm':
      return act_move(s);
    case 'r':
      return act_reveal(s);
    case 'v':
      return act_reveal_via(s);
    case 's':
      return send(s, "spot");
    case 'f':
      return act_fight(s, false);
    case 'a':
      return act_fight(s, true);
    case 'e':
      return act_end(s);
    case 'g':
      return act_next(s);
    case 'd':
      return act_deploy(s);
    case 'R':
      return act_reserve(s);
    case 'w':
      return act_withdraw(s);
    case 'x':
      return act_remove(s);
    case 'o': {
      /* Shown first: placing it may hand over at once, and then it stands. */
      char line[TUI_LINE_MAX];
      snprintf(line, sizeof line, "objective at %s", pos);
      open_confirm(ui, line, &ui->cursor, "Place an objective at %s?", pos);
      return 0;
    }
    case 'U':
      return undo(s);
    default:
      return 0;
  }
}

int tui_session_key(struct tui_session* s, struct tui_key k) {
  struct tui_ui* ui = cur_ui(s);
  if (k.code == TUI_KEY_REDRAW || k.code == TUI_CTRL('l')) return TUI_SESSION_CLEAR;
  if (ui->confirm_quit) {
    if (k.code == 'y' || k.code == 'Y') return TUI_SESSION_QUIT;
    if (k.code != TUI_KEY_MOUSE) ui->confirm_quit = false;
    return 0;
  }
  if (ui->confirm.open) return key_confirm(s, k);
  if (ui->help) {
    /* j/k and the arrows scroll a help taller than the window; other keys close it. */
    if (k.code == 'j' || k.code == TUI_KEY_DOWN || k.code == TUI_KEY_PGDN) {
      ui->help_scroll += k.code == TUI_KEY_PGDN ? 10 : 1;
      int n = tui_help_count(s->view);
      if (ui->help_scroll > n) ui->help_scroll = n;
    } else if (k.code == 'k' || k.code == TUI_KEY_UP || k.code == TUI_KEY_PGUP) {
      ui->help_scroll -= k.code == TUI_KEY_PGUP ? 10 : 1;
      if (ui->help_scroll < 0) ui->help_scroll = 0;
    } else if (k.code != TUI_KEY_MOUSE) {
      ui->help = false;
      ui->help_scroll = 0;
    }
    return 0;
  }
  /* Keys do nothing useful on a too small window but the quit question. */
  if (s->w < TUI_MIN_W || s->h < TUI_MIN_H) {
    if (k.code == 'q') ui->confirm_quit = true;
    return 0;
  }
  switch (ui->mode) {
    case TUI_MODE_HANDOVER:
      return key_handover(s, k);
    case TUI_MODE_OVER:
      if (k.code == TUI_KEY_MOUSE) return 0;
      if (k.code == 'q') {
        ui->confirm_quit = true;
        return 0;
      }
      ui->mode = TUI_MODE_MAP;
      return refresh(s);
    case TUI_MODE_RECAP:
      return key_recap(s, k);
    case TUI_MODE_MOVE:
      return key_move(s, k);
    case TUI_MODE_PICK:
      return key_pick(s, k);
    case TUI_MODE_COMMAND:
      return key_command(s, k);
    case TUI_MODE_MAP:
      return key_map(s, k);
  }
  return 0;
}

/* ---- life cycle ---- */

/* Where a side's recap starts in a game that is already under way (a loaded save): after
 * the side last handed the game to the enemy (its last event before a run of the enemy's),
 * so its first screen shows what happened since its last turn, the enemy's commands and
 * the start of the turn they led to (whose events are already the side's own). Without
 * such a hand-over yet: after the last event of its own. */
static int seen_until_last_act(const struct tui_session* s, enum murk_side side, int* seq) {
  struct murk_view* v = NULL;
  int rc = g_view(s, side, &v);
  if (rc != MURK_OK) return rc;
  int own = 0, handed = -1;
  enum murk_side enemy = murk_side_other(side);
  for (size_t i = 0; i < v->nevents; i++) {
    if (v->events[i].active != side) continue;
    own = v->events[i].seq;
    if (i + 1 < v->nevents && v->events[i + 1].active == enemy) handed = own;
  }
  *seq = handed >= 0 && g_commands(s) > 0 ? handed : own;
  g_view_free(s, v);
  return MURK_OK;
}

int tui_session_new(struct murk_game* g, const struct tui_session_opts* o,
                    struct tui_session** out) {
  *out = NULL;
  if (o && o->seat[MURK_ATTACKER] && o->seat[MURK_DEFENDER]) return MURK_EINVAL;
  struct tui_session* s = murk_calloc(1, sizeof *s);
  if (!s) return MURK_ENOMEM;
  s->g = g;
  if (o) s->o = *o;
  s->o.autosave_path = s->o.save_dir = s->o.no_autosave_why = NULL;
  if (o && o->autosave_path && !(s->autosave_path = murk_strdup(o->autosave_path))) goto nomem;
  if (o && o->save_dir && !(s->save_dir = murk_strdup(o->save_dir))) goto nomem;
  if (o && o->no_autosave_why && !(s->no_autosave_why = murk_strdup(o->no_autosave_why)))
    goto nomem;
  for (int i = 0; i < 3; i++) {
    s->ui[i].side = i == UI_UMPIRE ? MURK_NO_SIDE : (enum murk_side)i;
    s->ui[i].mode = TUI_MODE_MAP;
    s->ui[i].seed = s->o.seed;
    s->ui[i].secret_dice = s->o.secret_dice;
    s->ui[i].sealed = s->o.sealed;
    s->ui[i].message_attr = TUI_A_NORMAL;
    s->ui[i].no_autosave = !s->autosave_path;
  }
  s->o.history_key = NULL;
  if (o && o->history_key && o->history_key_len >= 16 &&
      o->history_key_len <= sizeof s->history_key) {
    memcpy(s->history_key, o->history_key, o->history_key_len);
    s->history_key_len = o->history_key_len;
  }
  for (int i = 0; i < MURK_SIDES; i++) {
    int rc = seen_until_last_act(s, (enum murk_side)i, &s->ui[i].last_seen_seq);
    if (rc != MURK_OK) {
      tui_session_free(s);
      return rc;
    }
  }
  s->w = 80;
  s->h = 24;
  if (murk_game_phase(g) == MURK_PHASE_OVER) {
    s->cur = UI_UMPIRE;
    game_over(s);
  } else if (one_person(s)) {
    /* The other seat plays first if it is to act; then the person's table, no hand-over.
     * Nothing happened yet before that: keep whatever autosave there is. */
    s->cur = ui_index(murk_game_to_act(g));
    int rc = run_seats(s);
    if (rc == MURK_OK) rc = to_person(s, murk_game_log_count(g) > 0);
    if (rc < 0) {
      tui_session_free(s);
      return rc;
    }
  } else {
    s->cur = ui_index(murk_game_to_act(g));
    /* Nothing happened yet: keep whatever autosave there is (it may be another game). */
    handover(s, murk_game_to_act(g), false);
  }
  *out = s;
  return MURK_OK;
nomem:
  tui_session_free(s);
  return MURK_ENOMEM;
}

int tui_session_new_remote(const struct tui_remote* r, const struct tui_session_opts* o,
                           struct tui_session** out) {
  *out = NULL;
  if (r->side != MURK_ATTACKER && r->side != MURK_DEFENDER) return MURK_EINVAL;
  struct tui_session* s = murk_calloc(1, sizeof *s);
  if (!s) return MURK_ENOMEM;
  s->is_remote = true;
  s->remote = *r;
  if (o) s->o.seed = o->seed, s->o.secret_dice = o->secret_dice;
  s->remote_seat.name = r->other;
  s->o.seat[murk_side_other(r->side)] = &s->remote_seat;
  for (int i = 0; i < 3; i++) {
    /* The end of the game is shown from the side's own view: the host keeps the umpire's. */
    s->ui[i].side = i == UI_UMPIRE ? r->side : (enum murk_side)i;
    s->ui[i].mode = TUI_MODE_MAP;
    s->ui[i].seed = s->o.seed;
    s->ui[i].secret_dice = s->o.secret_dice;
    s->ui[i].message_attr = TUI_A_NORMAL;
  }
  int rc = seen_until_last_act(s, r->side, &s->ui[r->side].last_seen_seq);
  s->w = 80;
  s->h = 24;
  if (rc == MURK_OK) {
    s->cur = ui_index(r->side);
    if (g_phase(s) == MURK_PHASE_OVER)
      game_over(s);
    else
      rc = to_person(s, false); /* first the recap of what happened since the last turn */
  }
  if (rc < 0) {
    tui_session_free(s);
    return rc;
  }
  *out = s;
  return MURK_OK;
}

int tui_session_idle(struct tui_session* s) {
  if (!s->is_remote) return 0;
  int rc = s->remote.poll(s->remote.ctx);
  if (rc == MURK_EIO) return TUI_SESSION_QUIT;
  if (rc < 0) return rc;
  if (rc == 0) return 0;
  /* A new view: the other side has played (it is this side's turn, or the game is over), or
   * the host sent the table again. */
  enum murk_side person = s->remote.side;
  if (g_phase(s) == MURK_PHASE_OVER) {
    if (s->cur != UI_UMPIRE) {
      game_over(s);
      return TUI_SESSION_CLEAR;
    }
    rc = s->view ? refresh(s) : MURK_OK;
    return rc < 0 ? rc : TUI_SESSION_REDRAW;
  }
  if (g_to_act(s) == person && s->view && s->view->to_act != person) return to_person(s, false);
  rc = s->view ? refresh(s) : MURK_OK;
  return rc < 0 ? rc : TUI_SESSION_REDRAW;
}

void tui_session_free(struct tui_session* s) {
  if (!s) return;
  g_view_free(s, s->view);
  for (int i = 0; i < 3; i++) murk_free(s->ui[i].cells);
  murk_free(s->autosave_path);
  murk_free(s->save_dir);
  murk_free(s->no_autosave_why);
  sodium_memzero(s, sizeof *s);
  murk_free(s);
}

int tui_session_resize(struct tui_session* s, int w, int h) {
  s->w = w;
  s->h = h;
  place_map(s, cur_ui(s));
  return MURK_OK;
}

void tui_session_draw(const struct tui_session* s, struct tui_canvas* c) {
  tui_draw(c, s->view, &s->ui[s->cur]);
}

const struct tui_ui* tui_session_ui(const struct tui_session* s) {
  return &s->ui[s->cur];
}

const struct murk_view* tui_session_view(const struct tui_session* s) {
  return s->view;
}
