/* session.c: a hot-seat game at one screen, without the terminal (session.h): the game
 * here or held elsewhere, seats and hand-overs, sending commands, and the keys by mode. What
 * the keys of the map do is in actions.c, their table in keys.c. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "keys.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/mission.h"
#include "murk/save.h"
#include "murk/text.h"
#include "murk/view.h"
#include "session_priv.h"
#include "sodium.h"

static int ui_index(enum murk_side side) {
  return side == MURK_NO_SIDE ? TUI_UI_UMPIRE : (int)side;
}

/* Messages carry text from the `:` line, files and the game's refusals: all of it through
 * the one escaper (murk/text.h), so a control character shows as \x1b, never raw. */
void tui_message(struct tui_ui* ui, enum tui_attr a, const char* fmt, ...) {
  char raw[sizeof ui->message];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(raw, sizeof raw, fmt, ap);
  va_end(ap);
  murk_text_escape(raw, ui->message, sizeof ui->message);
  ui->message_attr = a;
  ui->message_seq = 0;
}

/* The newest event seq a view holds. */
static int newest_seq(const struct murk_view* v) {
  return v && v->nevents ? v->events[v->nevents - 1].seq : 0;
}
/* ---- the game, here or held elsewhere (session.h, struct tui_remote) ---- */

const struct murk_mission* tui_g_table(const struct tui_session* s) {
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

int tui_g_turn(const struct tui_session* s) {
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
  if (tui_patrolling(v)) { /* No Man's Land: the cells a patrol may go to, as the view lists them */
    for (int i = 0; i < v->nplace_cells; i++) {
      struct murk_pos p = v->place_cells[i];
      if (murk_geom_on_table(&v->grid, p)) ui->cells[p.y * v->grid.width + p.x] |= TUI_CELL_ZONE;
    }
    return;
  }
  if (!tui_placing_phase(v->phase) || !v->own_zone) return;
  const struct murk_mission* m = tui_g_table(s);
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
/* ---- the tutorial ---- */

/* Has the moment of a tutorial's prompt come, as far as the side's own view shows? */
static bool tutor_due(const struct murk_tutorial_prompt* p, const struct murk_view* v) {
  switch (p->when) {
    case MURK_TUTOR_PHASE:
      return (int)v->phase == p->which;
    case MURK_TUTOR_STEP:
      return v->phase == MURK_PHASE_PLAY && v->to_act == v->side && (int)v->step == p->which &&
             v->turn >= p->turn;
    case MURK_TUTOR_EVENT:
      for (size_t i = 0; i < v->nevents; i++)
        if ((int)v->events[i].kind == p->which && v->events[i].turn >= p->turn) return true;
      return false;
  }
  return false;
}

/* The first prompt of the mission's tutorial not yet shown whose moment has come, on the
 * screen of the side it teaches (the prompts after it wait for the next refresh). */
static void tutor(struct tui_session* s, struct tui_ui* ui, const struct murk_view* v) {
  const struct murk_mission* m = tui_g_table(s);
  if (!m || !v || m->tutorial.side == MURK_NO_SIDE || m->tutorial.side != ui->side) return;
  for (int i = 0; i < m->tutorial.nprompts && i < 32; i++) {
    const struct murk_tutorial_prompt* p = &m->tutorial.prompts[i];
    if ((ui->tips_shown & (1u << i)) || !tutor_due(p, v)) continue;
    ui->tips_shown |= 1u << i;
    snprintf(ui->tip, sizeof ui->tip, "%s", p->text);
    return;
  }
}

int tui_refresh(struct tui_session* s) {
  struct tui_ui* ui = tui_cur_ui(s);
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
  tutor(s, ui, s->view);
  ui->history[0] = '\0';
  if (s->is_remote && s->remote.history)
    s->remote.history(s->remote.ctx, ui->history, sizeof ui->history);
  return MURK_OK;
}

/* ---- saving ---- */

int tui_save_to(struct tui_session* s, const char* path, char* err, size_t n) {
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
  return tui_save_to(s, s->autosave_path, err, n);
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
  struct tui_ui* old = tui_cur_ui(s);
  if (s->view && old->side != MURK_NO_SIDE) old->last_seen_seq = newest_seq(s->view);
  old->mode = TUI_MODE_MAP;
  old->help = old->confirm_quit = false;
  g_view_free(s, s->view);
  s->view = NULL;
  s->cur = ui_index(side);
  struct tui_ui* ui = tui_cur_ui(s);
  ui->mode = TUI_MODE_HANDOVER;
  ui->help = ui->confirm_quit = false;
  ui->next = side;
  ui->next_turn = tui_g_turn(s);
  const struct murk_force* f = s->g ? murk_game_force(s->g, side) : NULL;
  snprintf(ui->next_force, sizeof ui->next_force, "%s", f ? f->name : "");
  ui->note[0] = '\0';
  ui->pass_note[0] = '\0';
  ui->asking = false;
  ui->tries = 0;
  /* A side the game has told nothing of its own shows only what both sides know, and every
   * answer to its commands is public too: its screen needs no passphrase. */
  ui->ask_pass = s->o.sealed && (!s->g || murk_game_side_has_secrets(s->g, side));
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
 * incoming side's passphrase first, once that side has secrets to keep. */
static int start_turn(struct tui_session* s);
static int key_handover(struct tui_session* s, struct tui_key k) {
  struct tui_ui* ui = tui_cur_ui(s);
  if (k.code == TUI_KEY_MOUSE) return 0;
  if (!ui->asking) {
    if (k.code == 'q') {
      ui->confirm_quit = true;
      return 0;
    }
    if (k.code != TUI_KEY_ENTER) return 0;
    if (!ui->ask_pass) return start_turn(s);
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
  struct tui_ui* old = tui_cur_ui(s);
  old->mode = TUI_MODE_MAP;
  old->help = old->confirm_quit = false;
  g_view_free(s, s->view);
  s->view = NULL;
  s->cur = TUI_UI_UMPIRE;
  struct tui_ui* ui = tui_cur_ui(s);
  ui->mode = TUI_MODE_OVER;
  /* The result in the note, how the autosave went on the message line. */
  autosave_note(s, ui);
  memcpy(ui->message, ui->note, sizeof ui->message);
  ui->message_attr = TUI_A_DIM;
  ui->message_seq = 0;
  /* A tutorial's prompt for the end, for the side it teaches when that side plays here. */
  const struct murk_mission* m = tui_g_table(s);
  enum murk_side taught = m ? m->tutorial.side : MURK_NO_SIDE;
  if (taught != MURK_NO_SIDE && !s->o.seat[taught] && !(s->is_remote && s->remote.side != taught))
    for (int i = 0; i < m->tutorial.nprompts; i++)
      if (m->tutorial.prompts[i].when == MURK_TUTOR_PHASE &&
          m->tutorial.prompts[i].which == MURK_PHASE_OVER) {
        snprintf(ui->tip, sizeof ui->tip, "%s", m->tutorial.prompts[i].text);
        break;
      }
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
  struct tui_ui* ui = tui_cur_ui(s);
  ui->mode = TUI_MODE_MAP;
  ui->message[0] = '\0';
  ui->log_scroll = 0;
  int rc = tui_refresh(s);
  if (rc != MURK_OK) return rc;
  const struct murk_view* v = s->view;
  size_t first = v->nevents;
  while (first > 0 && v->events[first - 1].seq > ui->last_seen_seq) first--;
  if (first < v->nevents) {
    ui->mode = TUI_MODE_RECAP;
    ui->recap_first = first;
    ui->recap_scroll = 0;
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
  struct tui_ui* ui = tui_cur_ui(s);
  ui->help = ui->confirm_quit = false;
  if (save && s->autosave_path) {
    char err[200];
    if (tui_session_autosave(s, err, sizeof err) != 0) {
      int rc = start_turn(s);
      if (rc != MURK_OK) return rc;
      tui_message(ui, TUI_A_ERROR, "autosave failed: %s", err);
      return TUI_SESSION_CLEAR;
    }
  }
  int rc = start_turn(s);
  if (rc != MURK_OK) return rc;
  if (s->stuck[0])
    tui_message(ui, TUI_A_ERROR, "%s", s->stuck);
  else if (s->is_remote && to != person)
    tui_message(ui, TUI_A_DIM, "%s plays: your turn comes when they are done", s->remote.other);
  return TUI_SESSION_CLEAR;
}

/* After the game changed: when the side to act changed, the other seat plays (if it is not
 * this keyboard) and then the next person's turn; else redraw the view. */
static int after_change(struct tui_session* s) {
  if (g_phase(s) == MURK_PHASE_OVER) {
    if (s->cur == TUI_UI_UMPIRE) return tui_refresh(s);
    game_over(s);
    return TUI_SESSION_CLEAR;
  }
  enum murk_side to = g_to_act(s);
  if (to != tui_cur_ui(s)->side) {
    if (!is_local(s, to)) {
      /* The person's recap will start after what they saw last, their own last command
       * included. */
      struct tui_ui* old = tui_cur_ui(s);
      if (old->side != MURK_NO_SIDE) {
        int rc = tui_refresh(s);
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
  return tui_refresh(s);
}

/* ---- sending commands ---- */

/* Apply a command line as the side on screen; the result goes to the message line. */
int tui_send(struct tui_session* s, const char* line) {
  struct tui_ui* ui = tui_cur_ui(s);
  if (ui->side == MURK_NO_SIDE) {
    tui_message(ui, TUI_A_ERROR, "the game is over");
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
      tui_message(ui, TUI_A_ERROR, "%s: %s (column %d)", line, reason, col);
    else
      tui_message(ui, TUI_A_ERROR, "%s: %s", line, reason[0] ? reason : murk_strerror(rc));
    return 0;
  }
  ui->log_scroll = 0;
  int flags = after_change(s);
  if (flags < 0) return flags;
  if (flags & TUI_SESSION_CLEAR) return flags;
  /* Same side still at the screen: say what happened. */
  const struct murk_view* v = s->view;
  if (v->nevents > before) {
    /* The last event, after those of the command a player must read that came before it
     * (INFO: a night move that loses its way says so before it moves). */
    char first[TUI_MESSAGE_MAX] = "";
    size_t len = 0;
    for (size_t i = before; i + 1 < v->nevents && len < sizeof first; i++)
      if (v->events[i].kind == MURK_EV_INFO)
        len += (size_t)snprintf(first + len, sizeof first - len, "%s; ", v->events[i].text);
    tui_message(ui, TUI_A_GOOD, "%s%s", first, v->events[v->nevents - 1].text);
    if (!first[0]) ui->message_seq = newest_seq(v);
  } else
    tui_message(ui, TUI_A_GOOD, "done: %s", line);
  return flags;
}

int tui_sendf(struct tui_session* s, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

int tui_sendf(struct tui_session* s, const char* fmt, ...) {
  char line[TUI_LINE_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  return tui_send(s, line);
}

int tui_undo(struct tui_session* s) {
  struct tui_ui* ui = tui_cur_ui(s);
  if (ui->side == MURK_NO_SIDE || g_to_act(s) != ui->side) {
    tui_message(ui, TUI_A_ERROR, "nothing to undo: it is not your turn to act");
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
    tui_message(ui, TUI_A_ERROR, "cannot undo: %s", why);
    return 0;
  }
  int flags = after_change(s);
  if (flags >= 0 && !(flags & TUI_SESSION_CLEAR))
    tui_message(ui, TUI_A_GOOD, "took back: %s", taken);
  return flags;
}

/* ---- keys ---- */

int tui_session_key(struct tui_session* s, struct tui_key k) {
  struct tui_ui* ui = tui_cur_ui(s);
  /* The table's redraw goes in every mode, over every question. */
  const struct tui_keydef* r = tui_key_find(s->view, ui->mode, k.code);
  if (r && r->act == tui_do_redraw) return r->act(s, k);
  if (ui->confirm_quit) {
    if (k.code == 'y' || k.code == 'Y') return TUI_SESSION_QUIT;
    if (k.code != TUI_KEY_MOUSE) ui->confirm_quit = false;
    return 0;
  }
  if (ui->confirm.open) return tui_key_confirm(s, k);
  if (ui->help) {
    /* j/k and the arrows scroll a help taller than the window; other keys close it. */
    if (k.code == 'j' || k.code == TUI_KEY_DOWN || k.code == TUI_KEY_PGDN) {
      ui->help_scroll += k.code == TUI_KEY_PGDN ? 10 : 1;
      int n = tui_help_count(s->view, s->w);
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
  if (ui->reader) { /* open over the map only: another mode closes it */
    if (ui->mode == TUI_MODE_MAP) return tui_key_reader(s, k);
    ui->reader = false;
  }
  /* Keys do nothing useful on a too small window but the quit question. */
  if (s->w < TUI_MIN_W || s->h < TUI_MIN_H) {
    if (k.code == 'q' || k.code == 'Q') return tui_do_quit(s, k);
    return 0;
  }
  switch (ui->mode) {
    case TUI_MODE_HANDOVER:
      return key_handover(s, k);
    case TUI_MODE_OVER: {
      /* The result: q, Q and Esc leave (the game is kept, nothing is left to play); any
       * other key shows the whole table, and does there what it does on it (`:`, S). */
      if (k.code == TUI_KEY_MOUSE) return 0;
      if (k.code == 'q' || k.code == 'Q' || k.code == TUI_KEY_ESC) return TUI_SESSION_QUIT;
      ui->mode = TUI_MODE_MAP;
      int flags = tui_refresh(s);
      if (flags < 0 || !s->view) return flags;
      const struct tui_keydef* on = tui_key_find(s->view, TUI_MODE_MAP, k.code);
      if (!on || on->verb != TUI_NO_VERB || !tui_key_works(on, s->view)) return flags;
      int more = tui_key_map(s, k);
      return more < 0 ? more : flags | more;
    }
    case TUI_MODE_RECAP:
    case TUI_MODE_MOVE:
    case TUI_MODE_PICK:
      return tui_key_mode(s, k);
    case TUI_MODE_COMMAND:
      return tui_key_command(s, k);
    case TUI_MODE_MAP:
      return tui_key_map(s, k);
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
    s->ui[i].side = i == TUI_UI_UMPIRE ? MURK_NO_SIDE : (enum murk_side)i;
    s->ui[i].mode = TUI_MODE_MAP;
    s->ui[i].seed = s->o.seed;
    s->ui[i].secret_dice = s->o.secret_dice;
    if (o && o->opponent) snprintf(s->ui[i].opponent, sizeof s->ui[i].opponent, "%s", o->opponent);
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
    s->cur = TUI_UI_UMPIRE;
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
    s->ui[i].side = i == TUI_UI_UMPIRE ? r->side : (enum murk_side)i;
    s->ui[i].mode = TUI_MODE_MAP;
    s->ui[i].seed = s->o.seed;
    s->ui[i].secret_dice = s->o.secret_dice;
    s->ui[i].message_attr = TUI_A_NORMAL;
    s->ui[i].hosted = true; /* no autosave here: the host saves after every change */
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
  char word[TUI_MESSAGE_MAX];
  bool told = s->remote.notice && s->remote.notice(s->remote.ctx, word, sizeof word);
  if (told) tui_message(tui_cur_ui(s), TUI_A_ERROR, "%s", word);
  if (rc == 0) return told ? TUI_SESSION_REDRAW : 0;
  /* A new view: the other side has played (it is this side's turn, or the game is over), or
   * the host sent the table again. */
  enum murk_side person = s->remote.side;
  if (g_phase(s) == MURK_PHASE_OVER) {
    if (s->cur != TUI_UI_UMPIRE) {
      game_over(s);
      return TUI_SESSION_CLEAR;
    }
    rc = s->view ? tui_refresh(s) : MURK_OK;
    return rc < 0 ? rc : TUI_SESSION_REDRAW;
  }
  if (g_to_act(s) == person && s->view && s->view->to_act != person) return to_person(s, false);
  rc = s->view ? tui_refresh(s) : MURK_OK;
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
  place_map(s, tui_cur_ui(s));
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
