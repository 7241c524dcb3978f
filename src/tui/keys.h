/* keys.h: the one table of the keys of the map (docs/playing.md, "Keys").
 *
 * Each row is a key: the codes it answers in which modes of the screen (the map, a move, a
 * list, the recap), the command it starts (the verb of the command
 * table, command.h) or the screen action it is, where it works, its line of the help and
 * its word on the key line. The dispatcher (actions.c), the help screen and the key line
 * (draw.c) read this table and nothing else: a key is one row. A key that starts a command
 * is on the key line only while the view lists its verb as legal now (murk_view.verbs);
 * pressed outside its command's phases (murk_command_phases) it says when it is used
 * (murk_command_when): the command table's words, not the TUI's. Within them the game
 * judges the step, the turn and the units once the command is sent. */
#ifndef MURK_TUI_KEYS_H
#define MURK_TUI_KEYS_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/view.h"
#include "session.h"

/* The help's headings, in this order. */
enum tui_key_group {
  TUI_KEYS_CURSOR = 0,
  TUI_KEYS_ACT,
  TUI_KEYS_SCREEN,
  TUI_KEYS_MODES, /* a move, a list, the recap */
};

/* Phases as bits (1u << MURK_PHASE_x). */
#define TUI_PH(p) (1u << MURK_PHASE_##p)
#define TUI_PH_SETUP (TUI_PH(PLAY) - 1u)
#define TUI_PH_GAME (TUI_PH(OVER) - 1u) /* setup and play: not once the game is over */
#define TUI_PH_ALL (TUI_PH(OVER) | TUI_PH_GAME)
/* Modes of the screen as bits (ui.h). */
#define TUI_IN(m) (1u << TUI_MODE_##m)
#define TUI_IN_ALL (TUI_IN(OVER) * 2u - 1u)
#define TUI_NO_VERB (-1)
#define TUI_KEY_CODES 8

typedef int (*tui_key_fn)(struct tui_session* s, struct tui_key k);

struct tui_keydef {
  const char* label;        /* as the help and the key line write it: "m", "PgUp PgDn" */
  int codes[TUI_KEY_CODES]; /* the key codes it answers (0 ends the list) */
  unsigned modes;           /* the screen's modes it answers in (TUI_IN bits) */
  enum tui_key_group group; /* its heading in the help */
  int verb;                 /* MURK_CMD_x it starts, or TUI_NO_VERB for a screen action */
  unsigned also;            /* more verbs it starts (bits): m moves, recces and adjusts */
  unsigned phases;          /* where it works (TUI_PH bits); a later row of the same key
                               may take the other phases */
  unsigned line;            /* where the key line shows it (0: wherever it works) */
  bool sends;               /* sends its command at once: the game answers, legal or not */
  tui_key_fn act;           /* what it does (actions.c) */
  const char* help;         /* its help; '\n' goes on under it. NULL: another row of the
                               same label says it */
  const char* hint;         /* its word on the key line; NULL: not there */
  /* A word the view and the screen make ("adjust T6 (up to 1 cell)"), else hint; false:
   * not on the key line now. */
  bool (*hint_of)(const struct murk_view* v, const struct tui_ui* ui, char* buf, size_t n);
};

extern const struct tui_keydef tui_keys[];
extern const int tui_nkeys;

/* Does r answer key code? */
bool tui_key_answers(const struct tui_keydef* r, int code);
/* Does r work in v's phase (its own phases, and those of its commands)? */
bool tui_key_works(const struct tui_keydef* r, const struct murk_view* v);
/* ... and is one of its verbs legal now (a screen action: it works)? */
bool tui_key_offered(const struct tui_keydef* r, const struct murk_view* v);
/* The row a key code starts in `mode` on view v (may be NULL): the first that answers it and
 * is offered now, else the first that works in v's phase, else the first that answers it;
 * NULL: no such key. */
const struct tui_keydef* tui_key_find(const struct murk_view* v, enum tui_mode mode, int code);

/* The key line of ui's mode on view v: the keys offered now, each with its word (a row by
 * the first key of its label). */
void tui_keys_line(const struct murk_view* v, const struct tui_ui* ui, char* buf, size_t n);

/* The key help: its lines, headings and the keys (with their continuation lines). */
int tui_keys_help_count(void);
/* Line i of it into buf (returned). */
const char* tui_keys_help_line(int i, char* buf, size_t n);

#endif
