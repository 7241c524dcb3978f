/* keys.c: the one table of the keys of the map (keys.h). */
#include "keys.h"

#include <stdio.h>
#include <string.h>

#include "murk/command.h"
#include "session_priv.h"

#define V(k) MURK_CMD_##k
#define ALSO(k) (1u << MURK_CMD_##k)

/* The word of `m` while a wing leader that won its deployment roll adjusts (Limited
 * Intelligence, 27.2.2): nothing else goes until it has. */
static void adjust_hint(const struct murk_view* v, char* buf, size_t n) {
  snprintf(buf, n, "adjust T%d (up to %d cell%s)", v->adjust_leader, v->adjust_cells,
           v->adjust_cells == 1 ? "" : "s");
}

static void end_hint(const struct murk_view* v, char* buf, size_t n) {
  snprintf(buf, n, "%s", v->adjust_leader > 0 ? "leave it" : "end step");
}

/* In the order of the help and of the key line. */
const struct tui_keydef tui_keys[] = {
    /* Cursor */
    {.label = "arrows, h j k l",
     .codes = {TUI_KEY_LEFT, TUI_KEY_DOWN, TUI_KEY_UP, TUI_KEY_RIGHT, 'h', 'j', 'k', 'l'},
     .group = TUI_KEYS_CURSOR,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_cursor,
     .help = "west, down, up, east"},
    {.label = "y u b n",
     .codes = {'y', 'u', 'b', 'n'},
     .group = TUI_KEYS_CURSOR,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_cursor,
     .help = "north-west, north-east, south-west, south-east"},
    {.label = "H J K L Y B N",
     .codes = {'H', 'J', 'K', 'L', 'Y', 'B', 'N'},
     .group = TUI_KEYS_CURSOR,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_cursor,
     .help = "five cells at a time"},
    {.label = "mouse click",
     .codes = {TUI_KEY_MOUSE},
     .group = TUI_KEYS_CURSOR,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_click,
     .help = "put the cursor on a cell"},

    /* Acting (the side to act) */
    {.label = "o",
     .codes = {'o'},
     .group = TUI_KEYS_ACT,
     .verb = V(OBJECTIVE),
     .phases = TUI_PH_GAME,
     .act = tui_do_objective,
     .help = "place an objective at the cursor",
     .hint = "objective here"},
    {.label = "R",
     .codes = {'R'},
     .group = TUI_KEYS_ACT,
     .verb = V(RESERVE),
     .phases = TUI_PH_GAME,
     .act = tui_do_reserve,
     .help = "hold a platoon in reserve",
     .hint = "reserve"},
    {.label = "d",
     .codes = {'d'},
     .group = TUI_KEYS_ACT,
     .verb = V(DEPLOY),
     .phases = TUI_PH_GAME,
     .act = tui_do_deploy,
     .help = "deploy a platoon (or a dummy) at the cursor; in No Man's Land's\n"
             "patrol phase: send a platoon out on patrol (the lit cells)",
     .hint = "deploy here"},
    {.label = "d",
     .codes = {'d'},
     .group = TUI_KEYS_ACT,
     .verb = V(PATROL),
     .phases = TUI_PH_GAME,
     .act = tui_do_patrol,
     .hint = "patrol here (lit cells)"},
    {.label = "m",
     .codes = {'m'},
     .group = TUI_KEYS_ACT,
     .verb = V(MOVE),
     .also = ALSO(RECCE),
     .phases = TUI_PH_GAME,
     .act = tui_do_move,
     .help = "move the unit at the cursor (elsewhere: a list): the cell, Enter;\n"
             "a wing leader that won its deployment roll: adjust it",
     .hint = "move"},
    {.label = "m",
     .codes = {'m'},
     .group = TUI_KEYS_ACT,
     .verb = V(ADJUST),
     .phases = TUI_PH_GAME,
     .act = tui_do_move,
     .hint_of = adjust_hint},
    {.label = "r",
     .codes = {'r'},
     .group = TUI_KEYS_ACT,
     .verb = V(REVEAL),
     .phases = TUI_PH_GAME,
     .act = tui_do_reveal,
     .help = "reveal a platoon",
     .hint = "reveal"},
    {.label = "v",
     .codes = {'v'},
     .group = TUI_KEYS_ACT,
     .verb = V(REVEAL),
     .phases = TUI_PH_GAME,
     .act = tui_do_reveal_via,
     .help = "reveal a platoon, its other teams on lit cells (Enter each)"},
    {.label = "s",
     .codes = {'s'},
     .group = TUI_KEYS_ACT,
     .verb = V(SPOT),
     .phases = TUI_PH_GAME,
     .sends = true,
     .act = tui_do_spot,
     .help = "spotting roll (Fog of War missions: start of the shooting step)",
     .hint = "spot"},
    {.label = "f",
     .codes = {'f'},
     .group = TUI_KEYS_ACT,
     .verb = V(SHOOT),
     .phases = TUI_PH_GAME,
     .act = tui_do_shoot,
     .help = "shoot with a revealed platoon",
     .hint = "shoot"},
    {.label = "a",
     .codes = {'a'},
     .group = TUI_KEYS_ACT,
     .verb = V(ASSAULT),
     .phases = TUI_PH_GAME,
     .act = tui_do_assault,
     .help = "assault with a revealed platoon",
     .hint = "assault"},
    {.label = "e",
     .codes = {'e'},
     .group = TUI_KEYS_ACT,
     .verb = V(END),
     .phases = TUI_PH(PLAY),
     .sends = true,
     .act = tui_do_end,
     .help = "end the step (asks while units still may act), your deployment",
     .hint_of = end_hint},
    {.label = "e",
     .codes = {'e'},
     .group = TUI_KEYS_ACT,
     .verb = V(END),
     .phases = TUI_PH_SETUP,
     .sends = true,
     .act = tui_do_end,
     .hint = "done"},
    {.label = "w",
     .codes = {'w'},
     .group = TUI_KEYS_ACT,
     .verb = V(WITHDRAW),
     .phases = TUI_PH_GAME,
     .act = tui_do_withdraw,
     .help = "withdraw a platoon (Fighting Withdrawal, when due)",
     .hint = "withdraw"},
    {.label = "x",
     .codes = {'x'},
     .group = TUI_KEYS_ACT,
     .verb = V(REMOVE),
     .phases = TUI_PH_GAME,
     .sends = true,
     .act = tui_do_remove,
     .help = "take away the objective at the cursor (Hasty Attack's setup,\n"
             "Fighting Withdrawal when due)",
     .hint = "remove"},
    {.label = "g",
     .codes = {'g'},
     .group = TUI_KEYS_ACT,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_GAME,
     .line = TUI_PH(PLAY) | TUI_PH(RECCE),
     .act = tui_do_next,
     .help = "the cursor to your next unit that has not acted this step",
     .hint = "next"},
    {.label = "U",
     .codes = {'U'},
     .group = TUI_KEYS_ACT,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_GAME,
     .act = tui_do_undo,
     .help = "undo your last command (not past a roll or a reveal)",
     .hint = "undo"},
    {.label = ":",
     .codes = {':'},
     .group = TUI_KEYS_ACT,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .line = TUI_PH_GAME,
     .act = tui_do_command,
     .help = "a command, as in scripts (e.g. move 2 to 07,12)",
     .hint = ""},

    /* Screen */
    {.label = "Tab",
     .codes = {TUI_KEY_TAB, TUI_KEY_BTAB},
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_tab,
     .help = "forces / briefing in the panel (Shift-Tab: back)"},
    {.label = "[ ]",
     .codes = {'[', ']'},
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_brief,
     .help = "scroll the briefing"},
    {.label = "PgUp PgDn",
     .codes = {TUI_KEY_PGUP, TUI_KEY_PGDN},
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_log,
     .help = "scroll the event log"},
    {.label = "#",
     .codes = {'#'},
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_labels,
     .help = "own units by roster number / by marker number"},
    {.label = "S",
     .codes = {'S'},
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .line = TUI_PH(OVER),
     .act = tui_do_save,
     .help = "save the game (:save FILE)",
     .hint = "save"},
    {.label = "Esc",
     .codes = {TUI_KEY_ESC},
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_esc,
     .help = "clear the message line"},
    {.label = "Ctrl-L",
     .codes = {TUI_CTRL('l'), TUI_KEY_REDRAW},
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_redraw,
     .help = "redraw"},
    {.label = "?",
     .codes = {'?'},
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_help,
     .help = "this help",
     .hint = "help"},
    {.label = "q",
     .codes = {'q'},
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_quit,
     .help = "quit (asks first)",
     .hint = "quit"},
};

const int tui_nkeys = (int)(sizeof tui_keys / sizeof tui_keys[0]);

static const char* const group_names[] = {"Cursor", "Acting (the side to act)", "Screen"};

bool tui_key_answers(const struct tui_keydef* r, int code) {
  for (int i = 0; i < TUI_KEY_CODES && r->codes[i]; i++)
    if (r->codes[i] == code) return true;
  return false;
}

bool tui_key_works(const struct tui_keydef* r, const struct murk_view* v) {
  if (!v || !(r->phases & (1u << v->phase))) return false;
  if (r->verb == TUI_NO_VERB) return true;
  /* The phases of its commands, as the command table has them. */
  unsigned phases = murk_command_phases((enum murk_command_kind)r->verb);
  for (int k = 0; k < MURK_CMD_COUNT; k++)
    if (r->also & (1u << k)) phases |= murk_command_phases((enum murk_command_kind)k);
  return (phases & (1u << v->phase)) != 0;
}

bool tui_key_offered(const struct tui_keydef* r, const struct murk_view* v) {
  if (!tui_key_works(r, v)) return false;
  if (r->verb == TUI_NO_VERB) return true;
  return (v->verbs & ((1u << r->verb) | r->also)) != 0;
}

const struct tui_keydef* tui_key_find(const struct murk_view* v, int code) {
  const struct tui_keydef *works = NULL, *any = NULL;
  for (int i = 0; i < tui_nkeys; i++) {
    const struct tui_keydef* r = &tui_keys[i];
    if (!tui_key_answers(r, code)) continue;
    if (tui_key_offered(r, v)) return r;
    if (!works && tui_key_works(r, v)) works = r;
    if (!any) any = r;
  }
  return works ? works : any;
}

/* On the key line now: offered, where its row shows it. */
static bool on_line(const struct tui_keydef* r, const struct murk_view* v) {
  return (r->hint || r->hint_of) && tui_key_offered(r, v) &&
         (!r->line || (r->line & (1u << v->phase)));
}

void tui_keys_line(const struct murk_view* v, char* buf, size_t n) {
  size_t len = 0;
  buf[0] = '\0';
  for (int i = 0; i < tui_nkeys && len + 1 < n; i++) {
    const struct tui_keydef* r = &tui_keys[i];
    if (!on_line(r, v)) continue;
    /* A key once: the first of its rows on the line says what it does. */
    bool said = false;
    for (int j = 0; j < i && !said; j++)
      said = strcmp(tui_keys[j].label, r->label) == 0 && on_line(&tui_keys[j], v);
    if (said) continue;
    char word[64];
    if (r->hint_of)
      r->hint_of(v, word, sizeof word);
    else
      snprintf(word, sizeof word, "%s", r->hint);
    int k = snprintf(buf + len, n - len, "%s%s%s%s", len ? " " : "", r->label, word[0] ? " " : "",
                     word);
    if (k < 0) return;
    len += (size_t)k;
  }
}

/* The help's lines in turn: line `want` into buf; the count of all. */
static int help_walk(int want, char* buf, size_t n) {
  int at = 0;
  int group = -1;
  for (int i = 0; i < tui_nkeys; i++) {
    const struct tui_keydef* r = &tui_keys[i];
    if (!r->help) continue;
    if ((int)r->group != group) {
      group = (int)r->group;
      if (at++ == want) snprintf(buf, n, "%s", group_names[group]);
    }
    const char* p = r->help;
    bool first = true;
    while (*p) {
      const char* e = strchr(p, '\n');
      int len = e ? (int)(e - p) : (int)strlen(p);
      if (at++ == want) snprintf(buf, n, "  %-16s %.*s", first ? r->label : "", len, p);
      first = false;
      p += len;
      if (*p == '\n') p++;
    }
  }
  return at;
}

int tui_keys_help_count(void) {
  char buf[8];
  return help_walk(-1, buf, sizeof buf);
}

const char* tui_keys_help_line(int i, char* buf, size_t n) {
  buf[0] = '\0';
  help_walk(i, buf, n);
  return buf;
}
