/* ui.h: the state of one player's screen (cursor, scroll, mode, messages).
 *
 * Each side has its own, so nothing one player did on screen (where the cursor was, what
 * was typed, a rejection message) is ever drawn for the other. The umpire's screen after
 * the game is a third one. Together with the side's view it is everything draw.h needs. */
#ifndef MURK_TUI_UI_H
#define MURK_TUI_UI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "canvas.h"
#include "hexmap.h"
#include "murk/geom.h"
#include "murk/mission.h"
#include "murk/side.h"

enum tui_mode {
  TUI_MODE_HANDOVER = 0, /* nothing of the table: "hand over to the defender" */
  TUI_MODE_RECAP,        /* what happened since this side's last turn, one page */
  TUI_MODE_MAP,          /* playing: the cursor on the map */
  TUI_MODE_MOVE,         /* choosing where a unit moves */
  TUI_MODE_PICK,         /* choosing from a list */
  TUI_MODE_COMMAND,      /* typing a command line */
  TUI_MODE_OVER,         /* the game is over: the result, nothing of the table */
};

/* What a list choice is for. */
enum tui_pick_kind {
  TUI_PICK_DEPLOY = 0, /* own platoon (or dummy) to deploy at the cursor */
  TUI_PICK_RESERVE,    /* own platoon to hold in reserve */
  TUI_PICK_REVEAL,     /* own hidden platoon to reveal */
  TUI_PICK_SHOOTER,    /* own platoon that shoots */
  TUI_PICK_SHOOT,      /* enemy platoon shot at */
  TUI_PICK_ASSAULTER,  /* own platoon that assaults */
  TUI_PICK_ASSAULT,    /* enemy platoon assaulted */
  TUI_PICK_WITHDRAW,   /* own platoon to take off the table (Fighting Withdrawal) */
  TUI_PICK_MOVER,      /* own unit to move (then the cell, as with m on it) */
  TUI_PICK_PATROL,     /* own platoon sent out on patrol to the cursor (No Man's Land) */
  TUI_PICK_REVEAL_VIA, /* own hidden platoon to reveal, its other teams' cells then chosen */
  TUI_PICK_ARRIVE,     /* own platoon in reserve that may arrive now, its cell then chosen */
};

#define TUI_PICK_MAX 48

struct tui_pick_item {
  char label[160];     /* as listed */
  char handle[16];     /* as the command names it: "3", "dummy", "T4", "P5" */
  struct murk_pos pos; /* where it is, to show it on the map (has_pos) */
  bool has_pos;
  bool ready; /* a target in range and in sight, a platoon with one: listed first, marked */
  bool dis;   /* deploy list: the Dis counter the leader just put down still lacks */
};

struct tui_pick {
  enum tui_pick_kind kind;
  char title[96];
  char actor[16]; /* shoot/assault: the own platoon already chosen */
  struct tui_pick_item items[TUI_PICK_MAX];
  int n;
  int sel;
};

/* Per-cell overlay bits (ui->cells). */
enum {
  TUI_CELL_ZONE = 1,  /* own deployment zone (while deploying) */
  TUI_CELL_REACH = 2, /* the unit being moved may end here */
};

#define TUI_LINE_MAX 256
#define TUI_VIA_MAX 8 /* cells a reveal names at most (MURK_CMD_MAX_WAYPOINTS) */
#define TUI_MESSAGE_MAX 256

/* A question before a command that cannot be taken back once sent: ending a step while
 * own units still have their move or fire, a placement in setup (which may hand over at
 * once). y or Enter sends `line`, any other key takes it back. */
struct tui_confirm {
  bool open;
  char text[TUI_MESSAGE_MAX]; /* the question */
  char line[TUI_LINE_MAX];    /* the command it sends */
  struct murk_pos at;         /* the cell it places at, shown on the map (has_pos) */
  bool has_pos;
};

struct tui_ui {
  enum murk_side side; /* whose screen; MURK_NO_SIDE: the umpire's (game over) */
  enum tui_mode mode;
  bool help;                  /* the key help is open */
  int help_scroll;            /* help lines skipped (a short window) */
  bool confirm_quit;          /* "quit? y/n" is open */
  bool no_autosave;           /* no autosave file: quitting loses what was not :saved */
  bool hosted;                /* a game held elsewhere (murk join): the host keeps it */
  bool roster_labels;         /* label own units by roster number instead of marker number */
  uint64_t seed;              /* shown so the game can be replayed */
  bool secret_dice;           /* no seed to show: the dice are secret */
  char opponent[32];          /* the status bar's word on the computer ("computer: easy"), or "" */
  bool sealed;                /* HANDOVER: Enter asks the incoming side's passphrase */
  bool ask_pass;              /* HANDOVER: sealed, and the incoming side has secrets to keep */
  bool asking;                /* HANDOVER: the passphrase is being typed (not shown) */
  int tries;                  /* HANDOVER: wrong passphrases so far */
  char fingerprint[24];       /* HANDOVER: the short fingerprint of the game's history */
  char history[24];           /* a remote client's: the fingerprint of what its side saw */
  char pass_note[80];         /* HANDOVER: how the last passphrase went */
  enum murk_side next;        /* HANDOVER: the side taking the screen */
  int next_turn;              /* HANDOVER: the turn it takes over (0 during setup) */
  char next_force[48];        /* HANDOVER: the force it plays (public: the side roll says) */
  char note[TUI_MESSAGE_MAX]; /* HANDOVER/OVER: one more line (e.g. the autosave) */
  char score[64];             /* OVER: the victory points */

  struct murk_pos cursor;
  struct tui_hexmap map; /* scroll origin; the rectangle comes from the layout */
  unsigned char* cells;  /* grid.width * grid.height overlay bits, or NULL */
  int ncells;

  /* MOVE */
  char move_unit[16]; /* handle of the unit moving: "3" or "T3" */
  char move_verb[8];  /* the command it sends: "move", "recce" in the reconnaissance phase,
                         "adjust" for a wing leader that won a deployment roll, "arrive" for a
                         platoon coming on from reserve (the lit cells: the view's arrival
                         cells), or "reveal" while the cells of a revealed platoon's other
                         teams are chosen */
  struct murk_pos move_from;
  struct murk_pos via[TUI_VIA_MAX]; /* "reveal": the cells chosen so far */
  int nvia, via_max;                /* how many, and how many it may take */

  /* No Man's Land's works: the first end of the piece being built, once chosen */
  bool build_open;
  struct murk_pos build_from;

  /* PICK */
  struct tui_pick pick;

  struct tui_confirm confirm; /* a question over any mode */

  /* COMMAND: the line being typed, and where the cursor is in it (bytes) */
  char line[TUI_LINE_MAX];
  size_t line_len, line_cur;

  /* the message line: the last rejection or result */
  char message[TUI_MESSAGE_MAX];
  enum tui_attr message_attr;
  int message_seq; /* the event the message repeats (0: none): the log's newest line shows it */

  int log_scroll;   /* event lines up from the newest */
  int tab;          /* lower panel: 0 forces, 1 briefing */
  int brief_scroll; /* briefing lines skipped */

  /* Over the map (card.c): the card of the unit at the cursor (c), a line of sight from
   * los_from to the cursor (t), the reader of the whole message and events (M). */
  bool card;
  bool los;
  struct murk_pos los_from;
  bool reader;
  int reader_scroll; /* reader lines up from the newest */

  /* A mission's tutorial (mission.h): the prompt on screen ("" none; Esc hides it), and
   * which of its prompts this screen has shown (bit n: prompt n). */
  char tip[MURK_TUTORIAL_TEXT];
  uint32_t tips_shown;

  /* RECAP: one page of the view's events from recap_first (index) on, recap_scroll lines
   * down */
  int last_seen_seq; /* the newest event seq this side has had on screen */
  size_t recap_first;
  int recap_scroll;
};

/* The lower panel's tabs. */
enum { TUI_TAB_FORCES = 0, TUI_TAB_BRIEFING = 1, TUI_TAB_COUNT = 2 };

#endif
