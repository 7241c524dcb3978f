/* session.h: a hot-seat game at one screen, without the terminal.
 *
 * The session owns the players' screens (ui.h) and drives a game through its public API
 * only: commands go in as text (murk_game_apply_line), undo through murk_game_undo, and
 * what is drawn comes from the view of the side at the screen (murk_view_build). Keys
 * come in as tui_key values, the screen goes out as a canvas (tui_session_draw); the
 * terminal layer (term.c) only translates between these and curses, so the whole
 * behaviour - hand-overs, the recap, moves, picks, the command line - can be tested
 * without a terminal.
 *
 * Whenever the side to act changes, the session switches to a hand-over screen that shows
 * nothing of the table and tells the terminal to clear itself (TUI_SESSION_CLEAR), so the
 * previous side's screen cannot flash back. The terminal throws away the keys typed before
 * the hand-over appeared and in its first half second (TUI_HANDOVER_GUARD_MS); only Enter
 * goes on from it, and in a sealed game only the incoming side's passphrase after that. */
#ifndef MURK_TUI_SESSION_H
#define MURK_TUI_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "canvas.h"
#include "murk/command.h"
#include "murk/game.h"
#include "murk/view.h"
#include "ui.h"

/* Keys: Unicode code points for characters, these for the rest. */
enum {
  TUI_KEY_ENTER = '\n',
  TUI_KEY_TAB = '\t',
  TUI_KEY_ESC = 27,
  TUI_KEY_BACKSPACE = 127,
  TUI_KEY_UP = 0x110000,
  TUI_KEY_DOWN,
  TUI_KEY_LEFT,
  TUI_KEY_RIGHT,
  TUI_KEY_HOME,
  TUI_KEY_END,
  TUI_KEY_PGUP,
  TUI_KEY_PGDN,
  TUI_KEY_DELETE,
  TUI_KEY_BTAB,
  TUI_KEY_MOUSE,  /* a click at x, y */
  TUI_KEY_REDRAW, /* Ctrl-L */
};
#define TUI_CTRL(c) ((c)&0x1f)

struct tui_key {
  int code;
  int x, y; /* TUI_KEY_MOUSE: the screen cell clicked */
};

/* Keys typed in this long after a hand-over appeared are thrown away (term.c). */
#define TUI_HANDOVER_GUARD_MS 500
/* Wrong passphrases at a sealed hand-over before it starts over. */
#define TUI_PASS_TRIES 3

/* What tui_session_key asks of the terminal. */
enum {
  TUI_SESSION_QUIT = 1,   /* the players confirmed quitting */
  TUI_SESSION_CLEAR = 2,  /* clear the terminal before drawing (a hand-over) */
  TUI_SESSION_REDRAW = 4, /* tui_session_idle: something new to draw */
};

/* Seats (docs/playing.md, "Seats"). A game has two seats, one a side; each is this keyboard
 * or a seat that plays by itself: a computer player now, a remote terminal later. A seat
 * that is not the keyboard is handed its side's view, never the game, and answers with
 * commands through `offer`, which applies one to the game as that side (MURK_OK: taken;
 * MURK_EREJECTED: refused, reason filled, nothing changed). The session asks it for one
 * decision at a time while its side is to act. Hand-over screens come only between two
 * people at this keyboard; a person playing a seat gets the "since your last turn" recap of
 * what the other seat did, through their own view. */
typedef int (*tui_offer_fn)(void* ctx, enum murk_side side, const struct murk_command* c,
                            char* reason, size_t reason_len);
struct tui_seat {
  const char* name; /* for the screens: "the computer" */
  /* One decision of v's side (the side to act): offer commands until one is taken.
   * MURK_OK when one was; anything else means the seat is stuck (reason says why). */
  int (*act)(void* ctx, const struct murk_view* v, tui_offer_fn offer, void* offer_ctx,
             char* reason, size_t reason_len);
  void* ctx;
};

/* Decisions a seat may take in a row before the session says it is stuck: far more than any
 * bundled mission needs for a whole turn. */
#define TUI_SEAT_MAX_DECISIONS 20000

struct tui_session_opts {
  /* Who plays each side: NULL this keyboard (both NULL: hot-seat), else a seat (not
   * owned; it must outlive the session). At least one side must be this keyboard. */
  const struct tui_seat* seat[MURK_SIDES];
  uint64_t seed; /* shown on screen so the game can be replayed */
  /* The computer's seat and its level, for the status bar ("computer: easy"); NULL: none.
   * Copied. */
  const char* opponent;
  bool secret_dice; /* a live game's secret dice: no seed to show (docs/fair-play.md) */
  /* A sealed game: each hand-over asks the incoming side's passphrase and goes on only
   * when check_pass says it is right (three tries, then back to the hand-over). */
  bool sealed;
  bool (*check_pass)(void* ctx, enum murk_side side, const char* pass, size_t len);
  void* check_ctx;
  /* The key of the history fingerprint shown at hand-overs (murk_game_fingerprint),
   * 16..64 bytes, copied; NULL: no fingerprint (a game whose dice are a known number). */
  const unsigned char* history_key;
  size_t history_key_len;
  const char* autosave_path; /* written at every hand-over and on quitting; NULL: none */
  const char* save_dir;      /* where `S` suggests saving; NULL: the current folder */
  /* Without an autosave path: why there is none, said at every hand-over (the players
   * must save with :save FILE themselves). NULL: say nothing (tests, benches). */
  const char* no_autosave_why;
  /* Write game g as a save file at path (atomically). Returns 0, or nonzero with a
   * message for people in err. NULL: saving is not possible. */
  int (*save)(void* ctx, const struct murk_game* g, const char* path, char* err, size_t n);
  void* save_ctx;
};

struct tui_session;

/* A session over game g (not owned; it must outlive the session), starting with a
 * hand-over to the side to act. The options' strings are copied. Returns MURK_OK or
 * MURK_ENOMEM. */
int tui_session_new(struct murk_game* g, const struct tui_session_opts* o,
                    struct tui_session** out);
void tui_session_free(struct tui_session* s);

/* The window is now w x h. Returns MURK_OK or MURK_ENOMEM. */
int tui_session_resize(struct tui_session* s, int w, int h);
/* Handle one key. Returns TUI_SESSION_* flags (0: just redraw), or MURK_ENOMEM. */
int tui_session_key(struct tui_session* s, struct tui_key k);
/* Draw the screen as it is now into c (of the window's size). */
void tui_session_draw(const struct tui_session* s, struct tui_canvas* c);

/* A game held elsewhere (`murk join`, docs/protocol.md): the session of one side sees it
 * only through the views of that side the host sends, and sends it command lines; the
 * other side is played at another terminal, so the session waits for the host's next view
 * while it is that side's turn. Every call may find the host gone (MURK_EIO): the session
 * then asks the terminal to stop (TUI_SESSION_QUIT). */
struct tui_remote {
  void* ctx;
  enum murk_side side; /* the side at this screen */
  const char* other;   /* who plays the other side, for the screen: "the defender's player" */
  /* The newest view the host sent (the remote's, valid until its next call), and a copy of it
   * for the session to keep (MURK_OK or MURK_ENOMEM), freed with view_free. */
  const struct murk_view* (*latest)(void* ctx);
  int (*view)(void* ctx, struct murk_view** out);
  void (*view_free)(void* ctx, struct murk_view* v);
  /* The public table the views point into (grid, zones' geometry), and how many commands
   * this side has given (0: none yet; never the enemy's, which may be hidden). */
  const struct murk_mission* (*table)(void* ctx);
  size_t (*commands)(void* ctx);
  /* A command line, as murk_game_apply_line answers it (reason and col filled when refused);
   * MURK_EIO when the host is gone. */
  int (*send)(void* ctx, const char* line, char* reason, size_t n, int* col);
  /* Take back the side's last command: MURK_OK (the line taken back in taken), MURK_EREJECTED
   * (why in reason), MURK_EIO. */
  int (*undo)(void* ctx, char* taken, size_t tn, char* reason, size_t n);
  /* Read what the host sent meanwhile: 1 a new view came, 0 nothing, MURK_EIO gone. */
  int (*poll)(void* ctx);
  /* The host's word for the screen that came with the poll (the other player left, or is
   * back), once: true with it in buf; may be NULL. */
  bool (*notice)(void* ctx, char* buf, size_t n);
  /* The fingerprint of what this side has been shown (the client's memory against a host
   * put back to an older copy of its save), for the screen, as the hand-over shows the
   * game's; may be NULL. */
  void (*history)(void* ctx, char* buf, size_t n);
};

/* A session of r's side over a game held elsewhere (r's first view already came; r must
 * outlive the session). Saving and hand-overs are the host's: o's seats, sealed, save and
 * autosave are not used. Returns MURK_OK or MURK_ENOMEM. */
int tui_session_new_remote(const struct tui_remote* r, const struct tui_session_opts* o,
                           struct tui_session** out);
/* Nothing was typed for a while: a remote session reads what its host sent. Returns
 * TUI_SESSION_* flags (0: nothing new), or MURK_ENOMEM. */
int tui_session_idle(struct tui_session* s);

/* Save now to the autosave path (if any). Returns 0 or -1 (message in err). */
int tui_session_autosave(struct tui_session* s, char* err, size_t n);

/* For tests: the screen state on display and the view it is drawn from (NULL while a
 * screen shows nothing of the table). */
const struct tui_ui* tui_session_ui(const struct tui_session* s);
const struct murk_view* tui_session_view(const struct tui_session* s);

#endif
