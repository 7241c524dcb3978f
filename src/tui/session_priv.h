/* session_priv.h: what the session's files share (session.c: the loop, seats, the game here
 * or held elsewhere; keys.c: the table of keys; actions.c: what the keys do; picks.c: the
 * lists and questions they open; lineedit.c: the command line). Not for other callers. */
#ifndef MURK_TUI_SESSION_PRIV_H
#define MURK_TUI_SESSION_PRIV_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/phase.h"
#include "session.h"

#define TUI_UI_UMPIRE 2
#define TUI_HISTORY 16

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
  char hist[3][TUI_HISTORY][TUI_LINE_MAX];
  int nhist[3], hist_at[3];
};

static inline struct tui_ui* tui_cur_ui(struct tui_session* s) {
  return &s->ui[s->cur];
}

/* The setup phases that put units on the table: deployment and those after it (the
 * mission's later setup steps come between deploying and playing). */
static inline bool tui_placing_phase(enum murk_phase p) {
  return p >= MURK_PHASE_DEPLOY && p < MURK_PHASE_PLAY;
}

/* No Man's Land's patrol phase, the side's own: `patrol` is the verb it places with; and its
 * works phases, where `build` is (both light the cells the view lists). */
static inline bool tui_patrolling(const struct murk_view* v) {
  return (v->verbs & ((1u << MURK_CMD_PATROL) | (1u << MURK_CMD_BUILD))) != 0;
}

/* ---- session.c ---- */

/* The message line: text escaped (murk/text.h), so a control character shows as \x1b. */
void tui_message(struct tui_ui* ui, enum tui_attr a, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Apply a command line as the side on screen; the result goes to the message line.
 * Returns TUI_SESSION_* flags or an error. */
int tui_send(struct tui_session* s, const char* line);
int tui_sendf(struct tui_session* s, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
int tui_undo(struct tui_session* s);
/* Rebuild the view of the side on screen. */
int tui_refresh(struct tui_session* s);
int tui_save_to(struct tui_session* s, const char* path, char* err, size_t n);
const struct murk_mission* tui_g_table(const struct tui_session* s);
int tui_g_turn(const struct tui_session* s);

/* ---- picks.c: what is at the cursor, lists, what is left this step, questions ---- */

bool tui_own_unit_at(const struct tui_session* s, struct murk_pos p, char* handle, size_t n,
                     bool* is_template);
int tui_own_platoon_at(const struct tui_session* s, struct murk_pos p);
int tui_own_marker_at(const struct tui_session* s, struct murk_pos p);

struct tui_pick_item* tui_pick_add(struct tui_pick* pk, const char* handle);
void tui_pick_open(struct tui_ui* ui, enum tui_pick_kind kind, const char* title);
void tui_pick_own(struct tui_session* s, enum murk_platoon_state state);
void tui_pick_done(struct tui_session* s, const char* empty);
void tui_pick_hidden(struct tui_session* s);
void tui_pick_movers(struct tui_session* s);
void tui_pick_mark_actors(struct tui_session* s, bool assault);
void tui_pick_may_deploy(struct tui_session* s, bool with_state);
void tui_pick_deployable(struct tui_session* s, const char* pos);
/* Own platoons in reserve that may come on now (the view's may_arrive), each with where. */
void tui_pick_arrivals(struct tui_session* s);
void tui_open_target_pick(struct tui_session* s, bool assault, const char* actor_handle, int actor);
/* Enter on a list: what its kind does with the chosen item. */
int tui_pick_choose(struct tui_session* s);

#define TUI_PENDING_MAX 64

/* An own unit that still has what this step is for. */
struct tui_pending {
  char handle[16]; /* as commands name it: "T3" (a marker), "3" (a platoon) */
  char label[16];  /* as the map shows it: "T3", "P2" */
  struct murk_pos pos;
};
int tui_pending_units(const struct murk_view* v, struct tui_pending* out, int max,
                      const char** what);
void tui_pending_list(const struct tui_pending* p, int n, char* buf, size_t len);

void tui_open_confirm(struct tui_ui* ui, const char* line, const struct murk_pos* at,
                      const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
int tui_key_confirm(struct tui_session* s, struct tui_key k);

/* ---- actions.c: the keys by mode ---- */

int tui_act_move(struct tui_session* s);
int tui_act_reveal_via(struct tui_session* s);
/* Own platoon `index` (roster) comes on from reserve: its arrival cells lit, the cell chosen. */
int tui_act_arrive(struct tui_session* s, int index);
int tui_act_place(struct tui_session* s, bool by_hand);
int tui_key_map(struct tui_session* s, struct tui_key k);
/* The table's actions (keys.c), one a row. */
int tui_do_cursor(struct tui_session* s, struct tui_key k);
int tui_do_click(struct tui_session* s, struct tui_key k);
int tui_do_objective(struct tui_session* s, struct tui_key k);
int tui_do_build(struct tui_session* s, struct tui_key k);
int tui_do_reserve(struct tui_session* s, struct tui_key k);
int tui_do_arrive(struct tui_session* s, struct tui_key k);
int tui_do_patrol(struct tui_session* s, struct tui_key k);
int tui_do_deploy(struct tui_session* s, struct tui_key k);
int tui_do_move(struct tui_session* s, struct tui_key k);
int tui_do_next(struct tui_session* s, struct tui_key k);
int tui_do_reveal(struct tui_session* s, struct tui_key k);
int tui_do_reveal_via(struct tui_session* s, struct tui_key k);
int tui_do_place(struct tui_session* s, struct tui_key k);
int tui_do_place_via(struct tui_session* s, struct tui_key k);
int tui_do_spot(struct tui_session* s, struct tui_key k);
int tui_do_shoot(struct tui_session* s, struct tui_key k);
int tui_do_assault(struct tui_session* s, struct tui_key k);
int tui_do_end(struct tui_session* s, struct tui_key k);
int tui_do_withdraw(struct tui_session* s, struct tui_key k);
int tui_do_concede(struct tui_session* s, struct tui_key k);
int tui_do_offer_end(struct tui_session* s, struct tui_key k);
int tui_do_accept_end(struct tui_session* s, struct tui_key k);
int tui_do_refuse_end(struct tui_session* s, struct tui_key k);
int tui_do_remove(struct tui_session* s, struct tui_key k);
int tui_do_undo(struct tui_session* s, struct tui_key k);
int tui_do_command(struct tui_session* s, struct tui_key k);
int tui_do_tab(struct tui_session* s, struct tui_key k);
int tui_do_brief(struct tui_session* s, struct tui_key k);
int tui_do_log(struct tui_session* s, struct tui_key k);
int tui_do_labels(struct tui_session* s, struct tui_key k);
int tui_do_save(struct tui_session* s, struct tui_key k);
int tui_do_esc(struct tui_session* s, struct tui_key k);
int tui_do_redraw(struct tui_session* s, struct tui_key k);
int tui_do_help(struct tui_session* s, struct tui_key k);
int tui_do_quit(struct tui_session* s, struct tui_key k);
/* card.c: the unit card, the line-of-sight thread, the reader of the whole message. */
int tui_do_card(struct tui_session* s, struct tui_key k);
int tui_do_los(struct tui_session* s, struct tui_key k);
int tui_do_reader(struct tui_session* s, struct tui_key k);
/* A key while the reader is open: j/k and the pages scroll it, any other closes it. */
int tui_key_reader(struct tui_session* s, struct tui_key k);
int tui_do_pick_select(struct tui_session* s, struct tui_key k);
int tui_do_pick_choose(struct tui_session* s, struct tui_key k);
int tui_do_cancel(struct tui_session* s, struct tui_key k);
int tui_do_move_reveal(struct tui_session* s, struct tui_key k);
int tui_do_move_click(struct tui_session* s, struct tui_key k);
int tui_do_move_go(struct tui_session* s, struct tui_key k);
int tui_do_recap_scroll(struct tui_session* s, struct tui_key k);
int tui_do_recap_skip(struct tui_session* s, struct tui_key k);
/* A list, a move or the recap. */
int tui_key_mode(struct tui_session* s, struct tui_key k);

/* ---- lineedit.c: the command line ---- */

void tui_open_command(struct tui_session* s, const char* text);
int tui_key_command(struct tui_session* s, struct tui_key k);

#endif
