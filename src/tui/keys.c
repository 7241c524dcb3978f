/* keys.c: the one table of the TUI's keys, the key line and the key help (keys.h). */
#include "keys.h"

#include <stdio.h>
#include <string.h>

#include "murk/command.h"
#include "session_priv.h"

#define V(k) MURK_CMD_##k
#define ALSO(k) (1u << MURK_CMD_##k)

/* The word of `m` while a wing leader that won its deployment roll adjusts (Limited
 * Intelligence, 27.2.2): nothing else goes until it has. */
static bool adjust_hint(const struct murk_view* v, const struct tui_ui* ui, char* buf, size_t n) {
  (void)ui;
  snprintf(buf, n, "adjust T%d (up to %d cell%s)", v->adjust_leader, v->adjust_cells,
           v->adjust_cells == 1 ? "" : "s");
  return true;
}

static bool place_hint(const struct murk_view* v, const struct tui_ui* ui, char* buf, size_t n) {
  (void)ui;
  snprintf(buf, n, "place P%d", v->place_platoon);
  return true;
}

static bool end_hint(const struct murk_view* v, const struct tui_ui* ui, char* buf, size_t n) {
  (void)ui;
  snprintf(buf, n, "%s", v->adjust_leader > 0 ? "leave it" : "end step");
  return true;
}

static bool revealing(const struct tui_ui* ui) {
  return strcmp(ui->move_verb, "reveal") == 0;
}

/* Enter while moving: the move, or in a reveal a team's cell. */
static bool go_hint(const struct murk_view* v, const struct tui_ui* ui, char* buf, size_t n) {
  (void)v;
  snprintf(buf, n, "%s", revealing(ui) ? "puts a team on a lit cell (again: takes it back)" : "go");
  return true;
}

static bool reveal_now_hint(const struct murk_view* v, const struct tui_ui* ui, char* buf,
                            size_t n) {
  (void)v;
  snprintf(buf, n, "reveal now");
  return revealing(ui);
}

/* `d` in No Man's Land's works phases: the first end of a piece, then the other. */
static bool build_hint(const struct murk_view* v, const struct tui_ui* ui, char* buf, size_t n) {
  (void)v;
  snprintf(buf, n, "%s", ui->build_open ? "other end here" : "build: one end here");
  return true;
}

/* In the order of the help and of the key line. */
const struct tui_keydef tui_keys[] = {
    /* Cursor */
    {.label = "arrows, h j k l",
     .codes = {TUI_KEY_LEFT, TUI_KEY_DOWN, TUI_KEY_UP, TUI_KEY_RIGHT, 'h', 'j', 'k', 'l'},
     .modes = TUI_IN(MAP) | TUI_IN(MOVE),
     .group = TUI_KEYS_CURSOR,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_cursor,
     .help = "west, down, up, east"},
    {.label = "y u b n",
     .codes = {'y', 'u', 'b', 'n'},
     .modes = TUI_IN(MAP) | TUI_IN(MOVE),
     .group = TUI_KEYS_CURSOR,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_cursor,
     .help = "north-west, north-east, south-west, south-east"},
    {.label = "H J K L Y B N",
     .codes = {'H', 'J', 'K', 'L', 'Y', 'B', 'N'},
     .modes = TUI_IN(MAP) | TUI_IN(MOVE),
     .group = TUI_KEYS_CURSOR,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_cursor,
     .help = "five cells at a time"},
    {.label = "mouse click",
     .codes = {TUI_KEY_MOUSE},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_CURSOR,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_click,
     .help = "put the cursor on a cell"},

    /* Acting (the side to act) */
    {.label = "o",
     .codes = {'o'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(OBJECTIVE),
     .phases = TUI_PH_GAME,
     .act = tui_do_objective,
     .help = "place an objective at the cursor",
     .hint = "objective here"},
    {.label = "R",
     .codes = {'R'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(RESERVE),
     .phases = TUI_PH_GAME,
     .act = tui_do_reserve,
     .help = "hold a platoon in reserve",
     .hint = "reserve"},
    {.label = "i",
     .codes = {'i'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(ARRIVE),
     .phases = TUI_PH_GAME,
     .act = tui_do_arrive,
     .help = "bring a platoon on from reserve: the list of those that may come\n"
             "on now, then its cells light up (the cell, Enter)",
     .hint = "arrive"},
    {.label = "d",
     .codes = {'d'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(DEPLOY),
     .phases = TUI_PH_GAME,
     .act = tui_do_deploy,
     .help = "deploy a platoon (or a dummy) at the cursor; No Man's Land: a patrol\n"
             "(the lit cells), or each end of a trench line or wire belt in turn",
     .hint = "deploy here"},
    {.label = "d",
     .codes = {'d'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(PATROL),
     .phases = TUI_PH_GAME,
     .act = tui_do_patrol,
     .hint = "patrol here (lit cells)"},
    {.label = "d",
     .codes = {'d'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(BUILD),
     .phases = TUI_PH_GAME,
     .act = tui_do_build,
     .hint_of = build_hint},
    {.label = "m",
     .codes = {'m'},
     .modes = TUI_IN(MAP),
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
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(ADJUST),
     .phases = TUI_PH_GAME,
     .act = tui_do_move,
     .hint_of = adjust_hint},
    {.label = "r",
     .codes = {'r'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(REVEAL),
     .phases = TUI_PH_GAME,
     .act = tui_do_reveal,
     .help = "reveal a platoon",
     .hint = "reveal"},
    {.label = "v",
     .codes = {'v'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(REVEAL),
     .phases = TUI_PH_GAME,
     .act = tui_do_reveal_via,
     .help = "reveal a platoon, its other teams on lit cells (Enter each)"},
    /* Fog of War: the teams of a platoon the enemy's spotting revealed, while that is due. */
    {.label = "r",
     .codes = {'r'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(PLACE),
     .phases = TUI_PH_GAME,
     .sends = true,
     .act = tui_do_place,
     .hint_of = place_hint},
    {.label = "v",
     .codes = {'v'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(PLACE),
     .phases = TUI_PH_GAME,
     .act = tui_do_place_via,
     .hint = "place by hand"},
    {.label = "s",
     .codes = {'s'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(SPOT),
     .phases = TUI_PH_GAME,
     .sends = true,
     .act = tui_do_spot,
     .help = "spotting roll (Fog of War missions: start of the shooting step)",
     .hint = "spot"},
    {.label = "f",
     .codes = {'f'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(SHOOT),
     .phases = TUI_PH_GAME,
     .act = tui_do_shoot,
     .help = "shoot with a revealed platoon",
     .hint = "shoot"},
    {.label = "a",
     .codes = {'a'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(ASSAULT),
     .phases = TUI_PH_GAME,
     .act = tui_do_assault,
     .help = "assault with a revealed platoon",
     .hint = "assault"},
    {.label = "e",
     .codes = {'e'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(END),
     .phases = TUI_PH(PLAY),
     .sends = true,
     .act = tui_do_end,
     .help = "end the step (asks while units still may act), your deployment",
     .hint_of = end_hint},
    {.label = "e",
     .codes = {'e'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(END),
     .phases = TUI_PH_SETUP,
     .sends = true,
     .act = tui_do_end,
     .hint = "done"},
    {.label = "w",
     .codes = {'w'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(WITHDRAW),
     .phases = TUI_PH_GAME,
     .act = tui_do_withdraw,
     .help = "withdraw a platoon (Fighting Withdrawal, when due)",
     .hint = "withdraw"},
    /* Ending the battle by choice (docs/rules.md "End of the game"); A and D only while the
     * enemy's offer waits for an answer. */
    {.label = "A",
     .codes = {'A'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(ACCEPT),
     .phases = TUI_PH(PLAY),
     .act = tui_do_accept_end,
     .help = "accept the enemy's offer to end the battle (no winner)",
     .hint = "accept end"},
    {.label = "D",
     .codes = {'D'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(REFUSE),
     .phases = TUI_PH(PLAY),
     .sends = true,
     .act = tui_do_refuse_end,
     .help = "refuse the enemy's offer to end the battle",
     .hint = "refuse end"},
    {.label = "O",
     .codes = {'O'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(OFFER),
     .phases = TUI_PH(PLAY),
     .act = tui_do_offer_end,
     .help = "offer the enemy an end to the battle (it answers when it next acts)"},
    {.label = "C",
     .codes = {'C'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = V(CONCEDE),
     .phases = TUI_PH(PLAY),
     .act = tui_do_concede,
     .help = "concede the battle: the enemy wins"},
    {.label = "x",
     .codes = {'x'},
     .modes = TUI_IN(MAP),
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
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_GAME,
     .line = TUI_PH(PLAY) | TUI_PH(RECCE),
     .act = tui_do_next,
     .help = "the cursor to your next unit that has not acted this step",
     .hint = "next"},
    {.label = "U",
     .codes = {'U'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_ACT,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_GAME,
     .act = tui_do_undo,
     .help = "undo your last command, until it showed you something new\n"
             "(a roll, a sighting, a contact, an enemy's answer)",
     .hint = "undo"},
    {.label = ":",
     .codes = {':'},
     .modes = TUI_IN(MAP),
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
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_tab,
     .help = "forces / briefing in the panel (Shift-Tab: back)"},
    {.label = "[ ]",
     .codes = {'[', ']'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_brief,
     .help = "scroll the briefing"},
    {.label = "PgUp PgDn",
     .codes = {TUI_KEY_PGUP, TUI_KEY_PGDN},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_log,
     .help = "scroll the event log"},
    {.label = "#",
     .codes = {'#'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_labels,
     .help = "own units by roster number / by marker number"},
    {.label = "S",
     .codes = {'S'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .line = TUI_PH(OVER),
     .act = tui_do_save,
     .help = "save the game (:save FILE)",
     .hint = "save"},
    {.label = "Esc",
     .codes = {TUI_KEY_ESC},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_esc,
     .help = "clear the message line (and the line of sight)"},
    {.label = "Ctrl-L",
     .codes = {TUI_CTRL('l'), TUI_KEY_REDRAW},
     .modes = TUI_IN_ALL,
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_redraw,
     .help = "redraw"},
    {.label = "?",
     .codes = {'?'},
     .modes = TUI_IN(MAP) | TUI_IN(RECAP),
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_help,
     .help = "this help",
     .hint = "help"},
    {.label = "q Q",
     .codes = {'q', 'Q'},
     .modes = TUI_IN(MAP) | TUI_IN(RECAP),
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_quit,
     .help = "quit (asks first; once the game is over, at once)",
     .hint = "quit"},
    /* Reading the table (card.c); the help names them, the key line has no room. */
    {.label = "c",
     .codes = {'c'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_card,
     .help = "the card of the unit at the cursor (again: off): an enemy's as revealed"},
    {.label = "t",
     .codes = {'t'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_los,
     .help = "a line of sight from the cursor to where it goes then (again: off)"},
    {.label = "M",
     .codes = {'M'},
     .modes = TUI_IN(MAP),
     .group = TUI_KEYS_SCREEN,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_reader,
     .help = "the whole last message and every event, wrapped (j/k scroll)"},

    /* Moving a unit (m, v; the cursor keys as on the map), a list */
    {.label = "Enter space m",
     .codes = {TUI_KEY_ENTER, '\r', ' ', 'm'},
     .modes = TUI_IN(MOVE),
     .group = TUI_KEYS_MODES,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_move_go,
     .help = "moving: go there; with v: a team on the cell (again: off)",
     .hint_of = go_hint},
    {.label = "v r",
     .codes = {'v', 'r'},
     .modes = TUI_IN(MOVE),
     .group = TUI_KEYS_MODES,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_move_reveal,
     .help = "moving with v: reveal now (or click the cell again)",
     .hint_of = reveal_now_hint},
    {.label = "mouse click",
     .codes = {TUI_KEY_MOUSE},
     .modes = TUI_IN(MOVE),
     .group = TUI_KEYS_MODES,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_move_click},
    {.label = "Up/Down j/k",
     .codes = {TUI_KEY_UP, TUI_KEY_DOWN, 'k', 'j'},
     .modes = TUI_IN(PICK),
     .group = TUI_KEYS_MODES,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_pick_select,
     .help = "a list: choose",
     .hint = "choose"},
    {.label = "Enter space",
     .codes = {TUI_KEY_ENTER, '\r', ' '},
     .modes = TUI_IN(PICK),
     .group = TUI_KEYS_MODES,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_pick_choose,
     .help = "a list: take the one chosen",
     .hint = "ok"},
    {.label = "Esc q",
     .codes = {TUI_KEY_ESC, 'q'},
     .modes = TUI_IN(MOVE) | TUI_IN(PICK),
     .group = TUI_KEYS_MODES,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_cancel,
     .help = "moving, a list: cancel (nothing is sent)",
     .hint = "cancel"},

    /* The recap of what happened since the side's last turn, one page (and ? q as on the
     * map) */
    {.label = "Down/Up j/k",
     .codes = {TUI_KEY_DOWN, TUI_KEY_UP, 'j', 'k'},
     .modes = TUI_IN(RECAP),
     .group = TUI_KEYS_MODES,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_recap_scroll,
     .help = "the recap: scroll a line",
     .hint = "scroll"},
    {.label = "PgDn/PgUp space",
     .codes = {TUI_KEY_PGDN, TUI_KEY_PGUP, ' ', TUI_KEY_HOME, TUI_KEY_END},
     .modes = TUI_IN(RECAP),
     .group = TUI_KEYS_MODES,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_recap_scroll,
     .help = "the recap: a page down / up (Home, End: its ends)"},
    {.label = "Enter Esc",
     .codes = {TUI_KEY_ENTER, '\r', TUI_KEY_ESC},
     .modes = TUI_IN(RECAP),
     .group = TUI_KEYS_MODES,
     .verb = TUI_NO_VERB,
     .phases = TUI_PH_ALL,
     .act = tui_do_recap_skip,
     .help = "the recap: close it, to the map",
     .hint = "the map"},
};

const int tui_nkeys = (int)(sizeof tui_keys / sizeof tui_keys[0]);

static const char* const group_names[] = {"Cursor", "Acting (the side to act)", "Screen",
                                          "Moving a unit (m, v), a list, the recap"};

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

const struct tui_keydef* tui_key_find(const struct murk_view* v, enum tui_mode mode, int code) {
  const struct tui_keydef *works = NULL, *any = NULL;
  for (int i = 0; i < tui_nkeys; i++) {
    const struct tui_keydef* r = &tui_keys[i];
    if (!(r->modes & (1u << mode)) || !tui_key_answers(r, code)) continue;
    if (tui_key_offered(r, v)) return r;
    if (!works && tui_key_works(r, v)) works = r;
    if (!any) any = r;
  }
  return works ? works : any;
}

/* Moving is over once no own unit may still move this movement step: the verb stays legal
 * until the step ends, the key line stops offering it. */
static bool moving_over(const struct tui_keydef* r, const struct murk_view* v) {
  if (r->verb != MURK_CMD_MOVE || v->phase != MURK_PHASE_PLAY || v->step != MURK_STEP_MOVEMENT)
    return false;
  struct tui_pending one;
  const char* what;
  return tui_pending_units(v, &one, 1, &what) == 0;
}

/* On the key line of `mode` now: offered, where its row shows it. */
static bool on_line(const struct tui_keydef* r, const struct murk_view* v, enum tui_mode mode) {
  return (r->modes & (1u << mode)) && (r->hint || r->hint_of) && tui_key_offered(r, v) &&
         (!r->line || (r->line & (1u << v->phase))) && !moving_over(r, v);
}

void tui_keys_line(const struct murk_view* v, const struct tui_ui* ui, char* buf, size_t n) {
  size_t len = 0;
  buf[0] = '\0';
  for (int i = 0; i < tui_nkeys && len + 1 < n; i++) {
    const struct tui_keydef* r = &tui_keys[i];
    if (!on_line(r, v, ui->mode)) continue;
    /* A key once: the first of its rows on the line says what it does. */
    bool said = false;
    for (int j = 0; j < i && !said; j++)
      said = strcmp(tui_keys[j].label, r->label) == 0 && on_line(&tui_keys[j], v, ui->mode);
    if (said) continue;
    char word[64];
    if (r->hint_of) {
      if (!r->hint_of(v, ui, word, sizeof word)) continue;
    } else {
      snprintf(word, sizeof word, "%s", r->hint);
    }
    /* The label's first key stands for the row ("Enter" of "Enter space m"). */
    int key = (int)strcspn(r->label, " ,");
    if (key == 0) key = (int)strlen(r->label);
    int k = snprintf(buf + len, n - len, "%s%.*s%s%s", len ? " " : "", key, r->label,
                     word[0] ? " " : "", word);
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
