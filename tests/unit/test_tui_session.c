/* test_tui_session.c: the hot-seat session driven by keys against a real game, without a
 * terminal - hand-overs (no table on screen, autosave), the recap, deploying and moving
 * with keys, the movement preview against what the game accepts, the command line and its
 * rejection reasons, undo, help, quitting, resizing, and that neither side's screen ever
 * shows the other side's hidden platoons. Only the public game API is used. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "canvas.h"
#include "draw.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/view.h"
#include "session.h"
#include "sim.h"
#include "test_load.h"

/* 16 x 12 hexes: defender in the north half (rows 0-5), attacker in the south (6-11); a
 * road on row 9, woods at 4-6,3-4, a stream in column 11 rows 4-6. Allowances: road 6,
 * open 4, terrain 2 cells. Names and types are distinctive so a leak is easy to see. */
static const char mission_yaml[] =
    "name: Session Field\n"
    "briefing:\n"
    "  attacker: Red orders, for red eyes.\n"
    "  defender: Blue orders, for blue eyes.\n"
    "table: {grid: hex, scale: 5cm, size: 80cm x 60cm}\n"
    "terrain:\n"
    "  legend:\n"
    "    \".\": {class: open, sight: clear, name: fields}\n"
    "    \"=\": {class: road, sight: clear, name: road}\n"
    "    \"T\": {class: difficult, sight: blocking, name: woods}\n"
    "    \"~\": {class: water, sight: clear, name: stream}\n"
    "  map: |\n"
    "    ................\n"
    "    ................\n"
    "    ................\n"
    "    ....TTT.........\n"
    "    ....TTT....~....\n"
    "    ...........~....\n"
    "    ...........~....\n"
    "    ................\n"
    "    ................\n"
    "    ================\n"
    "    ................\n"
    "    ................\n"
    "deployment:\n"
    "  attacker: {half: south}\n"
    "  defender: {half: north}\n"
    "setup: {sides: fixed, first_turn: attacker}\n"
    "rules:\n"
    "  fog_of_war: {dummies: true}\n"
    "visibility:\n"
    "  die: d6\n"
    "  table: {\"1\": 20cm, \"2\": 20cm, \"3\": 20cm, \"4\": 20cm, \"5\": 20cm, \"6\": 20cm}\n"
    "forces:\n"
    "  attacker:\n"
    "    name: Red Force\n"
    "    dummies: 1\n"
    "    profiles:\n"
    "      lancer: {move: 20cm, range: 20cm, rof: 2, skill: 4, save: 4, motivation: 4}\n"
    "    platoons:\n"
    "      - {name: Alpha Lancers, type: lancer troop, command_distance: 10cm,\n"
    "         teams: [{profile: lancer, count: 3}]}\n"
    "      - {name: Bravo Lancers, type: lancer troop, command_distance: 10cm,\n"
    "         teams: [{profile: lancer, count: 2}]}\n"
    "  defender:\n"
    "    name: Blue Force\n"
    "    dummies: 1\n"
    "    profiles:\n"
    "      ranger: {move: 20cm, range: 20cm, rof: 2, skill: 4, save: 5, motivation: 4}\n"
    "    platoons:\n"
    "      - {name: Xenon Rangers, type: ranger squad, command_distance: 10cm,\n"
    "         teams: [{profile: ranger, count: 4}]}\n"
    "      - {name: Yodel Rangers, type: mountain squad, command_distance: 10cm,\n"
    "         teams: [{profile: ranger, count: 2}]}\n";

static const char* const attacker_secrets[] = {"Alpha Lancers", "Bravo Lancers", "lancer troop",
                                               "Red orders"};
static const char* const defender_secrets[] = {"Xenon Rangers", "Yodel Rangers", "ranger squad",
                                               "mountain squad", "Blue orders"};

/* The screen state on display now (it changes at every hand-over). */
#define UI tui_session_ui(x->s)

struct ctx {
  struct murk_mission* m;
  struct murk_game* g;
  struct tui_session* s;
  struct tui_canvas c;
  int saves;
  char saved_to[256];
  bool attacker_revealed, defender_revealed;
  bool xenon_known; /* the defender's platoon 1 was revealed: its name and type are public */
  bool alpha_known; /* the attacker's platoon 1 likewise */
  /* Against the computer: its platoons' names become public once one of its teams shows on
   * the attacker's view (a revealed platoon), which screen() notices itself. */
  bool watch_reveals;
};

static int fake_save(void* p, const struct murk_game* g, const char* path, char* err, size_t n) {
  struct ctx* x = p;
  (void)g;
  (void)err;
  (void)n;
  x->saves++;
  snprintf(x->saved_to, sizeof x->saved_to, "%s", path);
  return 0;
}

static struct murk_mission* load_mission(const char* yaml) {
  struct murk_diags d;
  murk_diags_init(&d, "session.yaml");
  struct murk_mission* m = NULL;
  int rc = murk_mission_load_buffer("session.yaml", yaml, strlen(yaml), &m, &d);
  for (int i = 0; i < d.count; i++) {
    char buf[400];
    murk_diags_format(&d, i, buf, sizeof buf);
    fprintf(stderr, "%s\n", buf);
  }
  assert_int_equal(rc, MURK_OK);
  return m;
}

/* The test mission with text inserted after `after` (a line of it). */
static char* mission_with(const char* after, const char* extra) {
  const char* at = strstr(mission_yaml, after);
  assert_non_null(at);
  at += strlen(after);
  size_t head = (size_t)(at - mission_yaml);
  char* y = test_malloc(sizeof mission_yaml + strlen(extra));
  memcpy(y, mission_yaml, head);
  strcpy(y + head, extra);
  strcat(y, at);
  return y;
}

static int setup_yaml(void** state, const char* yaml) {
  struct ctx* x = test_calloc(1, sizeof *x);
  x->m = load_mission(yaml);
  assert_int_equal(murk_game_new(x->m, 11, &x->g), MURK_OK);
  struct tui_session_opts o = {.seed = 11,
                               .autosave_path = "/nonexistent/autosave.murk",
                               .save_dir = "/nonexistent",
                               .save = fake_save,
                               .save_ctx = x};
  assert_int_equal(tui_session_new(x->g, &o, &x->s), MURK_OK);
  assert_int_equal(tui_session_resize(x->s, 100, 40), MURK_OK);
  assert_int_equal(tui_canvas_init(&x->c, 100, 40, false), MURK_OK);
  *state = x;
  return 0;
}

static int setup(void** state) {
  return setup_yaml(state, mission_yaml);
}

/* With reserves (a setup phase before deployment) and a one-turn game. */
static int setup_reserves_short(void** state) {
  char* y1 = mission_with("rules:\n", "  reserves: {from_turn: 2}\n");
  size_t n = strlen(y1) + 32;
  char* y = test_malloc(n);
  snprintf(y, n, "%sturn_limit: 1\n", y1);
  int rc = setup_yaml(state, y);
  test_free(y1);
  test_free(y);
  return rc;
}

/* With a scout of one team first in the attacker's force. */
static int setup_scout(void** state) {
  char* y = mission_with("    platoons:\n",
                         "      - {name: Solo Scout, type: scout, command_distance: 10cm,\n"
                         "         teams: [{profile: lancer, count: 1}]}\n");
  int rc = setup_yaml(state, y);
  test_free(y);
  return rc;
}

/* With a tutorial for the attacker (docs/mission-format.md, "tutorial"). */
static int setup_tutorial(void** state) {
  char* y = mission_with("setup: {sides: fixed, first_turn: attacker}\n",
                         "tutorial:\n"
                         "  prompts:\n"
                         "    - {step: movement, text: Move a template with m.}\n"
                         "    - {phase: deploy, text: Deploy with d.}\n"
                         "    - {event: deploy, text: A platoon went down.}\n");
  int rc = setup_yaml(state, y);
  test_free(y);
  return rc;
}

/* With Fighting Withdrawal from turn 1: the defender, with two platoons on the table,
 * must withdraw one at the start of its first turn. */
static int setup_withdrawal(void** state) {
  char* y = mission_with("rules:\n",
                         "  fighting_withdrawal: {from_turn: 1, platoons: 2, "
                         "remove_from: 50, last_turn: 60}\n");
  int rc = setup_yaml(state, y);
  test_free(y);
  return rc;
}

/* A bundled mission after a script's first commands (each the side to act's, as a script
 * without prefixes), the session started on the side to act's hand-over. */
/* The next line of `*text` (lines end in '\n') into buf; false at the end. */
static bool next_line(const char** text, char* buf, size_t n) {
  if (!**text) return false;
  size_t len = strcspn(*text, "\n");
  assert_true(len < n);
  memcpy(buf, *text, len);
  buf[len] = '\0';
  *text += len + ((*text)[len] == '\n');
  return true;
}

static int setup_played(void** state, const char* id, uint64_t seed, const char* lines) {
  struct ctx* x = test_calloc(1, sizeof *x);
  x->m = load_bundled(id);
  assert_int_equal(murk_game_new(x->m, seed, &x->g), MURK_OK);
  char line[256];
  for (const char* at = lines; next_line(&at, line, sizeof line);) {
    char reason[256] = "";
    int rc = murk_game_apply_line(x->g, murk_game_to_act(x->g), line, reason, sizeof reason, NULL);
    if (rc != MURK_OK) fprintf(stderr, "%s: %s\n", line, reason);
    assert_int_equal(rc, MURK_OK);
  }
  struct tui_session_opts o = {.seed = seed, .save = fake_save, .save_ctx = x};
  assert_int_equal(tui_session_new(x->g, &o, &x->s), MURK_OK);
  assert_int_equal(tui_session_resize(x->s, 120, 45), MURK_OK);
  assert_int_equal(tui_canvas_init(&x->c, 120, 45, false), MURK_OK);
  x->attacker_revealed = x->defender_revealed = true; /* another mission's secrets */
  *state = x;
  return 0;
}

/* No Man's Land (tests/games/no-mans-land-full.txt) at its patrol phase, the attacker's. */
static int setup_patrol(void** state) {
  static const char lines[] =
      "build at 02,04 07,04\nbuild at 09,04 14,04\nbuild at 20,04 25,04\n"
      "build at 26,05 29,05\nbuild at 02,18 07,18\nbuild at 09,18 14,18\n"
      "build at 23,18 28,18\nbuild at 29,19 34,19\nbuild at 06,16 11,16\n"
      "build at 14,16 19,16\nbuild at 27,16 32,16\nbuild at 02,07 07,07\n"
      "build at 10,07 15,07\nbuild at 20,07 25,07\n"
      "end\nend\ndeploy 1 at 10,04\ndeploy 1 at 25,18\ndeploy 2 at 22,04\n"
      "deploy 2 at 20,19\ndeploy 3 at 16,01\ndeploy 3 at 14,21\ndeploy 4 at 27,04\n"
      "deploy 4 at 04,21\nend\nend\nobjective at 09,08\nobjective at 24,14\n";
  return setup_played(state, "no-mans-land", 1, lines);
}

/* No Man's Land at its start: the defender places its fortifications first. */
static int setup_works(void** state) {
  return setup_played(state, "no-mans-land", 1, "");
}

/* Hasty Attack (tests/games/hasty-attack-setup.txt): the defender has deployed; the
 * attacker takes away one of its objectives before it deploys. */
static int setup_remove(void** state) {
  static const char lines[] =
      "objective at 16,21\nobjective at 21,05\nobjective at 14,05\n"
      "objective at 26,04\nreserve 2\nreserve 4\nreserve 5\nend\nreserve 2\n"
      "reserve 4\nreserve 6\nambush 5\nend\ndeploy 1 at 18,05\ndeploy 3 at 23,06\n"
      "end\n";
  return setup_played(state, "hasty-attack", 1, lines);
}

/* Limited Intelligence at Hohenfeld (tests/games/li-hohenfeld-march.txt): the attacker's
 * wing T6 has just won its deployment roll and may adjust a cell. */
static int setup_adjust(void** state) {
  static const char lines[] =
      "deploy 1 at 16,06\ndeploy 1 at 14,06\ndeploy 1 at 18,06\ndeploy 5 at 08,04\n"
      "deploy 5 at 07,04\ndeploy 5 at 09,04\ndeploy 8 at 24,04\n"
      "deploy dummy at 04,05\ndeploy dummy at 03,05\ndeploy dummy at 05,05\n"
      "deploy dummy at 28,02\nend\ndeploy 1 at 16,17\ndeploy 1 at 15,17\n"
      "deploy 1 at 17,17\ndeploy 4 at 10,17\ndeploy 4 at 08,17\ndeploy 4 at 12,17\n"
      "deploy 8 at 24,17\ndeploy dummy at 05,18\ndeploy dummy at 28,18\nend\n"
      "move T9 to 08,14\nmove 4 to 10,15\nmove 8 to 24,15\nend\nend\nend\n"
      "move 5 to 06,07\nend\nend\nend\nmove 1 to 16,12\n";
  return setup_played(state, "li-hohenfeld", 7, lines);
}

static int teardown(void** state) {
  struct ctx* x = *state;
  tui_session_free(x->s);
  murk_game_free(x->g);
  murk_mission_free(x->m);
  tui_canvas_fini(&x->c);
  test_free(x);
  return 0;
}

/* Draw the screen and check it shows nothing hidden from the side at it. */
static void screen(struct ctx* x) {
  tui_session_draw(x->s, &x->c);
  const struct murk_view* v = tui_session_view(x->s);
  if (x->watch_reveals && v && v->side == MURK_ATTACKER)
    for (int i = 0; i < v->nteams; i++)
      if (v->teams[i].owner == MURK_DEFENDER) x->defender_revealed = true;
  if (UI->side == MURK_ATTACKER && !x->defender_revealed)
    for (size_t i = 0; i < sizeof defender_secrets / sizeof *defender_secrets; i++)
      if (!(x->xenon_known && (i == 0 || i == 2)))
        assert_false(tui_canvas_contains(&x->c, defender_secrets[i]));
  if (UI->side == MURK_DEFENDER && !x->attacker_revealed)
    for (size_t i = 0; i < sizeof attacker_secrets / sizeof *attacker_secrets; i++)
      if (!(x->alpha_known && (i == 0 || i == 2)))
        assert_false(tui_canvas_contains(&x->c, attacker_secrets[i]));
}

static bool shows(struct ctx* x, const char* text) {
  screen(x);
  bool found = tui_canvas_contains(&x->c, text);
  if (!found && getenv("DUMP")) { /* DUMP=1: the screen that lacked it */
    char buf[2048];
    for (int y = 0; y < x->c.h; y++) {
      tui_canvas_row(&x->c, y, buf, sizeof buf);
      fprintf(stderr, "%s\n", buf);
    }
  }
  return found;
}

static int key(struct ctx* x, int code) {
  int f = tui_session_key(x->s, (struct tui_key){code, 0, 0});
  assert_true(f >= 0);
  screen(x);
  return f;
}

static int type(struct ctx* x, const char* text) {
  int f = 0;
  for (const char* p = text; *p; p++) f |= key(x, (unsigned char)*p);
  return f;
}

/* A line through the command line. */
static int command(struct ctx* x, const char* line) {
  key(x, ':');
  assert_int_equal(tui_session_ui(x->s)->mode, TUI_MODE_COMMAND);
  type(x, line);
  return key(x, TUI_KEY_ENTER);
}

/* Walk the cursor with keys: rows with j/k (which keep the column), then h/l. */
static void go(struct ctx* x, int cx, int cy) {
  while (UI->cursor.y < cy) key(x, 'j');
  while (UI->cursor.y > cy) key(x, 'k');
  while (UI->cursor.x < cx) key(x, 'l');
  while (UI->cursor.x > cx) key(x, 'h');
  assert_int_equal(UI->cursor.x, cx);
  assert_int_equal(UI->cursor.y, cy);
}

/* Past the hand-over and the recap to the map. */
static void take_over(struct ctx* x, enum murk_side side) {
  assert_int_equal(UI->mode, TUI_MODE_HANDOVER);
  assert_int_equal(UI->next, side);
  key(x, TUI_KEY_ENTER);
  if (UI->mode == TUI_MODE_RECAP) key(x, TUI_KEY_ESC);
  assert_int_equal(UI->mode, TUI_MODE_MAP);
  assert_int_equal(UI->side, side);
}

/* Lines typed by the sides in turn, each after its hand-over (the side asserted), `first`
 * first: the set-up many tests share. */
static void play_turns(struct ctx* x, enum murk_side first, const char* lines) {
  enum murk_side side = first;
  char line[256];
  for (const char* at = lines; next_line(&at, line, sizeof line); side = murk_side_other(side)) {
    take_over(x, side);
    command(x, line);
  }
}

/* Deploy own platoon `n` (1-based) at x,y with the d key and the list. */
static int deploy_with_keys(struct ctx* x, int n, int cx, int cy) {
  go(x, cx, cy);
  key(x, 'd');
  assert_int_equal(UI->mode, TUI_MODE_PICK);
  char want[16];
  snprintf(want, sizeof want, "%d", n);
  while (strcmp(UI->pick.items[UI->pick.sel].handle, want) != 0) {
    assert_true(UI->pick.sel + 1 < UI->pick.n);
    key(x, 'j');
  }
  /* The placement is shown first: y places it. */
  assert_int_equal(key(x, TUI_KEY_ENTER), 0);
  assert_true(UI->confirm.open);
  return key(x, 'y');
}

/* e, and y if it asks (own units still have their move or fire). */
static int end_key(struct ctx* x) {
  int f = key(x, 'e');
  if (UI->confirm.open) f = key(x, 'y');
  return f;
}

/* Both sides deployed (attacker T1 2,8 / T3 6,8 / dummy T5 12,8; defender T2 2,2 /
 * T4 9,2 / dummy T6 14,2), the attacker's first turn on screen. */
static void deploy_all(struct ctx* x) {
  take_over(x, MURK_ATTACKER);
  assert_int_equal(deploy_with_keys(x, 1, 2, 8), TUI_SESSION_CLEAR);
  take_over(x, MURK_DEFENDER);
  assert_int_equal(deploy_with_keys(x, 1, 2, 2), TUI_SESSION_CLEAR);
  take_over(x, MURK_ATTACKER);
  deploy_with_keys(x, 2, 6, 8);
  take_over(x, MURK_DEFENDER);
  deploy_with_keys(x, 2, 9, 2);
  take_over(x, MURK_ATTACKER);
  assert_int_equal(command(x, "deploy dummy at 12,8"), TUI_SESSION_CLEAR);
  static const char setup_lines[] = "deploy dummy at 14,2\nend\nend\n";
  play_turns(x, MURK_DEFENDER, setup_lines);
  assert_int_equal(murk_game_phase(x->g), MURK_PHASE_PLAY);
  take_over(x, MURK_ATTACKER);
}

static void test_starts_with_a_handover(void** state) {
  struct ctx* x = *state;
  assert_int_equal(UI->mode, TUI_MODE_HANDOVER);
  assert_null(tui_session_view(x->s));
  assert_true(shows(x, "Pass the keyboard to the attacker."));
  assert_false(shows(x, "Session Field"));
  /* Nothing happened yet: no autosave over whatever game was saved before. */
  assert_int_equal(x->saves, 0);
  /* Mouse clicks and other keys (a stray `e`) do not pass the hand-over; Enter does. The
   * setup events happened while the attacker was to act: they are in its log, with no
   * recap. */
  tui_session_key(x->s, (struct tui_key){TUI_KEY_MOUSE, 10, 10});
  assert_int_equal(UI->mode, TUI_MODE_HANDOVER);
  end_key(x);
  key(x, ' ');
  key(x, 'x');
  assert_int_equal(UI->mode, TUI_MODE_HANDOVER);
  /* No key for a fingerprint (seeded with a number): none shown. */
  assert_false(shows(x, "History fingerprint "));
  key(x, TUI_KEY_ENTER);
  assert_int_equal(UI->mode, TUI_MODE_MAP);
  assert_true(shows(x, "Session Field"));
  assert_true(shows(x, "setup: deployment; the attacker deploys first"));
  assert_true(shows(x, "attacker's table (Red Force)"));
  /* Deploying: the cursor starts in the own zone, which is marked. */
  assert_true(UI->cursor.y >= 6);
  assert_true(UI->cells[UI->cursor.y * 16 + UI->cursor.x] & TUI_CELL_ZONE);
  assert_false(UI->cells[2 * 16 + 2] & TUI_CELL_ZONE);
  assert_true(shows(x, "in your deployment zone"));
  /* The own briefing, on the own screen. */
  key(x, TUI_KEY_TAB);
  assert_true(shows(x, "Red orders, for red eyes."));
}

/* A sealed game: the hand-over asks the incoming side's passphrase, says a wrong one and
 * shows nothing, goes back to the hand-over after three, and is never passed by a stray
 * key. Passphrases "red" and "blue" for attacker and defender. */
static bool check_pass(void* ctx, enum murk_side side, const char* pass, size_t len) {
  int* calls = ctx;
  ++*calls;
  const char* want = side == MURK_ATTACKER ? "red" : "blue";
  return len == strlen(want) && memcmp(pass, want, len) == 0;
}

static void test_sealed_handover(void** state) {
  struct ctx* x = *state;
  tui_session_free(x->s);
  int calls = 0;
  static const unsigned char hk[32] = {1, 2, 3};
  struct tui_session_opts o = {.secret_dice = true,
                               .sealed = true,
                               .check_pass = check_pass,
                               .check_ctx = &calls,
                               .history_key = hk,
                               .history_key_len = sizeof hk};
  /* A side told nothing of its own yet has nothing to guard: Enter goes to its table. */
  assert_int_equal(tui_session_new(x->g, &o, &x->s), MURK_OK);
  tui_session_resize(x->s, 100, 40);
  assert_int_equal(UI->mode, TUI_MODE_HANDOVER);
  assert_true(shows(x, "nothing of yours is secret yet: no passphrase"));
  end_key(x);
  key(x, TUI_KEY_ENTER);
  assert_false(UI->asking);
  assert_int_equal(calls, 0);
  assert_true(shows(x, "attacker's table"));
  tui_session_free(x->s);
  /* Once each side has deployed a platoon (told to it alone), each hand-over asks. */
  const char* lines[] = {"deploy 1 at 2,8", "deploy 1 at 2,2"};
  for (int i = 0; i < 2; i++) {
    char why[200];
    assert_int_equal(
        murk_game_apply_line(x->g, murk_game_to_act(x->g), lines[i], why, sizeof why, NULL),
        MURK_OK);
  }
  assert_int_equal(tui_session_new(x->g, &o, &x->s), MURK_OK);
  tui_session_resize(x->s, 100, 40);
  assert_int_equal(UI->mode, TUI_MODE_HANDOVER);
  assert_true(shows(x, "your passphrase comes next"));
  assert_true(shows(x, "History fingerprint "));
  char before[24];
  snprintf(before, sizeof before, "%s", UI->fingerprint);
  end_key(x);
  assert_false(UI->asking);
  key(x, TUI_KEY_ENTER);
  assert_true(UI->asking);
  /* Wrong: "blue" is the defender's. Nothing of the table, the try is counted. */
  type(x, "blue");
  assert_false(shows(x, "blue"));
  key(x, TUI_KEY_ENTER);
  assert_int_equal(calls, 1);
  assert_int_equal(UI->mode, TUI_MODE_HANDOVER);
  assert_null(tui_session_view(x->s));
  assert_true(shows(x, "wrong passphrase (1 of 3 tries)"));
  assert_false(shows(x, "Session Field"));
  type(x, "rex");
  key(x, TUI_KEY_BACKSPACE);
  key(x, TUI_KEY_ENTER); /* "re" */
  type(x, "");
  key(x, TUI_KEY_ENTER); /* empty */
  assert_int_equal(calls, 3);
  assert_false(UI->asking);
  assert_true(shows(x, "3 wrong passphrases: back to the hand-over"));
  assert_int_equal(UI->mode, TUI_MODE_HANDOVER);
  /* Back at the hand-over: letters are not typed into anything. */
  type(x, "red");
  key(x, TUI_KEY_ENTER);
  assert_true(UI->asking);
  assert_int_equal(calls, 3);
  /* Backspace takes back a whole character, Esc the whole try. */
  type(x, "rex");
  key(x, TUI_KEY_BACKSPACE);
  type(x, "d");
  key(x, TUI_KEY_ENTER);
  assert_int_equal(calls, 4);
  assert_int_equal(UI->mode, TUI_MODE_RECAP); /* the defender's platoon went down */
  key(x, TUI_KEY_ENTER);
  assert_int_equal(UI->mode, TUI_MODE_MAP);
  assert_true(shows(x, "attacker's table"));
  assert_true(shows(x, "sealed"));
  assert_false(shows(x, "seed"));
  /* The attacker deploys: the defender's hand-over shows a new fingerprint. */
  assert_int_equal(command(x, "deploy 2 at 6,8") & TUI_SESSION_CLEAR, TUI_SESSION_CLEAR);
  assert_int_equal(UI->mode, TUI_MODE_HANDOVER);
  assert_int_equal(UI->next, MURK_DEFENDER);
  assert_true(shows(x, "your passphrase comes next"));
  assert_true(UI->fingerprint[0] != '\0');
  assert_string_not_equal(UI->fingerprint, before);
  assert_false(UI->asking);
  assert_false(shows(x, "wrong passphrase"));
}

/* A game already under way (as after --load): the side to act's recap starts after its
 * own last command, and steps with Enter. */
static void test_recap_of_a_loaded_game(void** state) {
  struct ctx* x = *state;
  tui_session_free(x->s);
  const char* lines[] = {"deploy 1 at 2,8", "deploy 1 at 2,2", "deploy 2 at 6,8"};
  for (int i = 0; i < 3; i++) {
    char why[200];
    assert_int_equal(
        murk_game_apply_line(x->g, murk_game_to_act(x->g), lines[i], why, sizeof why, NULL),
        MURK_OK);
  }
  struct tui_session_opts o = {.seed = 11};
  assert_int_equal(tui_session_new(x->g, &o, &x->s), MURK_OK);
  tui_session_resize(x->s, 100, 40);
  assert_int_equal(UI->mode, TUI_MODE_HANDOVER);
  assert_int_equal(UI->next, MURK_DEFENDER);
  key(x, TUI_KEY_ENTER);
  assert_int_equal(UI->mode, TUI_MODE_RECAP);
  assert_true(shows(x, "Since your last turn: 1 event  [Enter: the map]"));
  assert_true(shows(x, "    attacker deploys template T3 at 06,08"));
  assert_false(shows(x, "  setup: deployment"));
  assert_int_equal(UI->cursor.x, 6);
  assert_int_equal(UI->cursor.y, 8);
  key(x, TUI_KEY_ENTER);
  assert_int_equal(UI->mode, TUI_MODE_MAP);
}

static void test_handover_after_each_secret_choice(void** state) {
  struct ctx* x = *state;
  take_over(x, MURK_ATTACKER);
  int f = deploy_with_keys(x, 1, 2, 8);
  /* The side to act changed: the terminal is told to clear, the screen shows no table. */
  assert_int_equal(f, TUI_SESSION_CLEAR);
  assert_int_equal(UI->mode, TUI_MODE_HANDOVER);
  assert_int_equal(UI->next, MURK_DEFENDER);
  assert_null(tui_session_view(x->s));
  assert_true(shows(x, "Pass the keyboard to the defender."));
  assert_true(shows(x, "The attacker looks away now."));
  assert_true(shows(x, "(the defender plays Blue Force)")); /* public: forces are announced */
  assert_false(shows(x, "T1"));
  assert_false(shows(x, "\xc2\xb7")); /* open ground */
  assert_false(shows(x, "Alpha"));
  /* Autosaved at the hand-over. */
  assert_int_equal(x->saves, 1);
  assert_string_equal(x->saved_to, "/nonexistent/autosave.murk");
  assert_true(shows(x, "game saved to /nonexistent/autosave.murk"));
  /* The defender's recap: the attacker's template, not what it is. */
  key(x, TUI_KEY_ENTER);
  assert_int_equal(UI->mode, TUI_MODE_RECAP);
  /* One page, the enemy's apart; Enter goes to the map. */
  assert_true(shows(x, "the enemy (attacker):"));
  assert_true(shows(x, "    attacker deploys template T1 at 02,08"));
  key(x, TUI_KEY_ENTER);
  assert_int_equal(UI->mode, TUI_MODE_MAP);
  assert_int_equal(UI->side, MURK_DEFENDER);
  /* The defender's zone is the north half. */
  assert_true(UI->cursor.y <= 5 || !(UI->cells[UI->cursor.y * 16 + UI->cursor.x] & TUI_CELL_ZONE));
  assert_true(UI->cells[2 * 16 + 2] & TUI_CELL_ZONE);
}

static void test_rejection_reason_and_history(void** state) {
  struct ctx* x = *state;
  take_over(x, MURK_ATTACKER);
  assert_int_equal(command(x, "deploy 1 at 2,2"), 0);
  assert_int_equal(UI->mode, TUI_MODE_MAP);
  assert_true(shows(x, "deploy 1 at 2,2: your deployment must be in the south half"));
  assert_int_equal(UI->message_attr, TUI_A_ERROR);
  assert_int_equal(murk_game_log_count(x->g), 0);
  /* A parse error says where. */
  command(x, "deploy 1 at");
  assert_true(strstr(UI->message, "(column") != NULL);
  /* Up brings the last line back; editing keys work. */
  key(x, ':');
  key(x, TUI_KEY_UP);
  assert_string_equal(UI->line, "deploy 1 at");
  key(x, TUI_KEY_UP);
  assert_string_equal(UI->line, "deploy 1 at 2,2");
  key(x, TUI_KEY_BACKSPACE);
  type(x, "8");
  key(x, TUI_KEY_HOME);
  key(x, TUI_KEY_DELETE);
  type(x, "d");
  assert_string_equal(UI->line, "deploy 1 at 2,8");
  assert_int_equal(key(x, TUI_KEY_ENTER), TUI_SESSION_CLEAR);
  assert_int_equal(murk_game_log_count(x->g), 1);
  /* Esc leaves the command line without doing anything. */
  take_over(x, MURK_DEFENDER);
  key(x, ':');
  type(x, "end");
  key(x, TUI_KEY_ESC);
  assert_int_equal(UI->mode, TUI_MODE_MAP);
  assert_int_equal(murk_game_log_count(x->g), 1);
  /* The defender's history is its own: nothing of the attacker's lines (and an Esc'd line
   * is not kept). */
  key(x, ':');
  key(x, TUI_KEY_UP);
  assert_string_equal(UI->line, "");
}

static void test_move_with_preview(void** state) {
  struct ctx* x = *state;
  deploy_all(x);
  assert_true(shows(x, "turn 1 (no last turn), movement step"));
  /* m on nothing of ours lists the units that may move, with their cells:
   * T1, T3 and the dummy T5; Esc backs out. */
  go(x, 8, 6);
  key(x, 'm');
  assert_int_equal(UI->mode, TUI_MODE_PICK);
  assert_int_equal(UI->pick.kind, TUI_PICK_MOVER);
  assert_int_equal(UI->pick.n, 3);
  assert_true(shows(x, "Move which unit?"));
  assert_true(shows(x, "T1   at 02,08  1 Alpha Lancers"));
  assert_true(shows(x, "T5   at 12,08  a dummy"));
  key(x, TUI_KEY_ESC);
  assert_int_equal(UI->mode, TUI_MODE_MAP);
  /* m on T1 at 2,8: the cells within reach are lit. */
  go(x, 2, 8);
  key(x, 'm');
  assert_int_equal(UI->mode, TUI_MODE_MOVE);
  assert_true(UI->cells[8 * 16 + 5] & TUI_CELL_REACH);  /* 3 cells over open ground */
  assert_true(UI->cells[4 * 16 + 2] & TUI_CELL_REACH);  /* 4 */
  assert_false(UI->cells[3 * 16 + 2] & TUI_CELL_REACH); /* 5: too far */
  assert_false(UI->cells[8 * 16 + 6] & TUI_CELL_REACH); /* T3 stands there */
  assert_false(UI->cells[8 * 16 + 2] & TUI_CELL_REACH); /* its own cell */
  /* Esc cancels; nothing sent. */
  key(x, TUI_KEY_ESC);
  assert_int_equal(UI->mode, TUI_MODE_MAP);
  assert_int_equal(murk_game_log_count(x->g), 8);
  /* Go: 4 cells east. */
  key(x, 'm');
  go(x, 2, 7);
  go(x, 5, 7);
  key(x, TUI_KEY_ENTER);
  assert_int_equal(UI->mode, TUI_MODE_MAP);
  assert_string_equal(murk_game_log_line(x->g, 8), "move T1 to 05,07");
  assert_true(shows(x, "attacker T1 moves 02,08 -> 05,07"));
  /* The move showed the attacker nothing new: U takes it back (docs/rules.md, "Undo"), and
   * the same keys make it again. */
  assert_int_equal(murk_game_undoable(x->g), 1);
  key(x, 'U');
  assert_true(shows(x, "took back: move T1 to 05,07"));
  assert_int_equal(murk_game_log_count(x->g), 8);
  go(x, 2, 8);
  key(x, 'm');
  go(x, 5, 7);
  key(x, TUI_KEY_ENTER);
  assert_string_equal(murk_game_log_line(x->g, 8), "move T1 to 05,07");
  assert_int_equal(murk_game_log_count(x->g), 9);
  /* A second move of it is rejected with the game's words and nothing changes. */
  go(x, 5, 7);
  key(x, 'm');
  go(x, 8, 7);
  key(x, TUI_KEY_ENTER);
  assert_int_equal(UI->message_attr, TUI_A_ERROR);
  assert_true(shows(x, "T1 has already moved this step"));
  assert_int_equal(murk_game_log_count(x->g), 9);
}

/* The preview agrees with the game: every cell it lights is accepted, every other cell
 * within the longest allowance is refused. Checked on fresh copies of the game. */
static void test_preview_matches_the_game(void** state) {
  struct ctx* x = *state;
  deploy_all(x);
  go(x, 6, 8);
  key(x, 'm');
  assert_int_equal(UI->mode, TUI_MODE_MOVE);
  size_t nlog = murk_game_log_count(x->g);
  int agree = 0;
  for (int cy = 0; cy < 12; cy++)
    for (int cx = 0; cx < 16; cx++) {
      struct murk_game* g = NULL;
      assert_int_equal(murk_game_new(x->m, 11, &g), MURK_OK);
      for (size_t i = 0; i < nlog; i++) {
        char why[200];
        assert_int_equal(murk_game_apply_line(g, murk_game_log_side(x->g, i),
                                              murk_game_log_line(x->g, i), why, sizeof why, NULL),
                         MURK_OK);
      }
      char line[64], why[200];
      snprintf(line, sizeof line, "move T3 to %d,%d", cx, cy);
      int rc = murk_game_apply_line(g, MURK_ATTACKER, line, why, sizeof why, NULL);
      bool lit = (UI->cells[cy * 16 + cx] & TUI_CELL_REACH) != 0;
      if (lit != (rc == MURK_OK)) fprintf(stderr, "%s: preview %d, game: %s\n", line, lit, why);
      assert_int_equal(lit, rc == MURK_OK);
      agree += lit;
      murk_game_free(g);
    }
  assert_true(agree > 10);
}

/* e asks before ending a step while own units still may act, n keeps the step, y ends it;
 * g walks the cursor over the units that have not acted. */
static void test_end_asks_and_next_unit(void** state) {
  struct ctx* x = *state;
  deploy_all(x);
  size_t nlog = murk_game_log_count(x->g);
  key(x, 'e');
  assert_true(UI->confirm.open);
  assert_string_equal(UI->confirm.line, "end");
  assert_string_equal(UI->confirm.text,
                      "3 of your units have not moved (T1 T3 T5): end the movement step?");
  assert_true(shows(x, "3 of your units have not moved (T1 T3 T5)"));
  assert_true(shows(x, "y or Enter: yes"));
  /* n (any key but y and Enter) takes it back: nothing sent, the step goes on. */
  key(x, 'n');
  assert_false(UI->confirm.open);
  assert_int_equal(murk_game_log_count(x->g), nlog);
  assert_true(shows(x, "movement step"));
  assert_true(shows(x, "taken back"));
  /* g: T1, T3, T5 in turn, then T1 again. */
  go(x, 0, 11);
  key(x, 'g');
  assert_int_equal(UI->cursor.x, 2);
  assert_int_equal(UI->cursor.y, 8);
  assert_true(shows(x, "T1 has not moved (1 of 3; g: the next)"));
  key(x, 'g');
  assert_int_equal(UI->cursor.x, 6);
  key(x, 'g');
  assert_int_equal(UI->cursor.x, 12);
  key(x, 'g');
  assert_int_equal(UI->cursor.x, 2);
  /* Move T1: two are left, and the question counts them. */
  key(x, 'm');
  go(x, 4, 8);
  key(x, TUI_KEY_ENTER);
  assert_int_equal(murk_game_log_count(x->g), nlog + 1);
  key(x, 'g');
  assert_int_equal(UI->cursor.x, 6);
  key(x, 'e');
  assert_true(shows(x, "2 of your units have not moved (T3 T5)"));
  key(x, 'y');
  assert_true(shows(x, "shooting step"));
  /* Nothing to shoot at (every platoon hidden): e ends the shooting step without a word. */
  key(x, 'e');
  assert_false(UI->confirm.open);
  assert_true(shows(x, "assault step"));
  key(x, 'g');
  assert_true(shows(x, "no unit of yours is waiting to act now"));
}

/* A placement is shown before it is sent, and can be taken back; the
 * deploy list offers what may be deployed now, with the counts. */
static void test_placement_shown_first(void** state) {
  struct ctx* x = *state;
  take_over(x, MURK_ATTACKER);
  size_t nlog = murk_game_log_count(x->g);
  go(x, 3, 9);
  key(x, 'd');
  assert_int_equal(UI->mode, TUI_MODE_PICK);
  assert_true(shows(x, "Deploy at 03,09: 2 platoons, 1 dummy"));
  assert_int_equal(UI->pick.n, 3);
  key(x, TUI_KEY_ENTER);
  assert_true(UI->confirm.open);
  assert_string_equal(UI->confirm.line, "deploy 1 at 03,09");
  assert_string_equal(UI->confirm.text, "Deploy 1 Alpha Lancers (lancer troop, 3 teams) at 03,09?");
  assert_true(shows(x, "Deploy 1 Alpha Lancers"));
  /* Esc takes it back: nothing sent, still the attacker's table. */
  assert_int_equal(key(x, TUI_KEY_ESC), 0);
  assert_false(UI->confirm.open);
  assert_int_equal(murk_game_log_count(x->g), nlog);
  assert_int_equal(UI->side, MURK_ATTACKER);
  assert_int_equal(UI->mode, TUI_MODE_MAP);
  assert_true(shows(x, "taken back: 'deploy 1 at 03,09' was not sent"));
  /* The right cell, and y: placed, and the defender takes over. */
  go(x, 2, 8);
  key(x, 'd');
  key(x, TUI_KEY_ENTER);
  assert_int_equal(key(x, 'y'), TUI_SESSION_CLEAR);
  assert_string_equal(murk_game_log_line(x->g, nlog), "deploy 1 at 02,08");
  take_over(x, MURK_DEFENDER);
  command(x, "deploy 1 at 2,2");
  take_over(x, MURK_ATTACKER);
  /* One platoon left to deploy now, and the dummy. */
  key(x, 'd');
  assert_true(shows(x, "Deploy at 02,08: 1 platoon, 1 dummy"));
  assert_int_equal(UI->pick.n, 2);
  assert_string_equal(UI->pick.items[0].handle, "2");
  key(x, TUI_KEY_ESC);
}

/* A night move that loses its way says so on the message line, not only in the log (the
 * ASL night rules' movement roll: Night at Saint-Aubin Mill, seed 2, T12's coloured 6). */
static int setup_night(void** state) {
  return setup_played(state, "night-saint-aubin", 2,
                      "deploy 1 at 11,06\ndeploy 2 hidden at 5,05\ndeploy 3 hidden at 14,07\n"
                      "deploy 4 at 10,02\ndeploy 5 at 12,05\nend\n"
                      "deploy 1 at 9,17\ndeploy 2 at 13,17\ndeploy 3 at 20,17\n"
                      "deploy 4 at 16,18\ndeploy 5 at 14,19\ndeploy 6 at 16,16\n"
                      "deploy dummy at 5,18\ndeploy dummy at 24,17\nend\n"
                      "move 1 to 9,12\nmove 2 to 13,13\nmove 3 to 20,12\nmove 4 to 16,14\n"
                      "move 5 to 14,15\n");
}

static void test_night_stray_on_message_line(void** state) {
  struct ctx* x = *state;
  take_over(x, MURK_ATTACKER);
  command(x, "move T12 to 5,13");
  assert_non_null(strstr(UI->message, "T12 loses its way in the dark"));
  assert_non_null(strstr(UI->message, "T12 moves"));
}

/* One team is "1 team". */
static void test_one_team_singular(void** state) {
  struct ctx* x = *state;
  take_over(x, MURK_ATTACKER);
  go(x, 3, 9);
  key(x, 'd');
  key(x, TUI_KEY_ENTER);
  assert_true(UI->confirm.open);
  assert_string_equal(UI->confirm.text, "Deploy 1 Solo Scout (scout, 1 team) at 03,09?");
  key(x, TUI_KEY_ESC);
}

/* A tutorial's prompts: on the side's own screen only, each at its moment and once, the
 * first due in the file's order first; Esc hides one. */
static void test_tutorial_prompts(void** state) {
  struct ctx* x = *state;
  take_over(x, MURK_ATTACKER);
  assert_string_equal(UI->tip, "Deploy with d.");
  assert_true(shows(x, "Tutorial"));
  assert_true(shows(x, "Deploy with d."));
  assert_false(shows(x, "Move a template")); /* not before its step */
  key(x, TUI_KEY_ESC);
  assert_false(shows(x, "Deploy with d."));
  /* The attacker's first deployment is an event of its own view: the next prompt. */
  command(x, "deploy 1 at 2,8");
  take_over(x, MURK_DEFENDER);
  assert_string_equal(UI->tip, ""); /* the defender is not taught */
  assert_false(shows(x, "Tutorial"));
  command(x, "deploy 1 at 2,2");
  take_over(x, MURK_ATTACKER);
  assert_string_equal(UI->tip, "A platoon went down.");
  assert_true(shows(x, "A platoon went down."));
}

static void test_turn_handover_and_hidden_names(void** state) {
  struct ctx* x = *state;
  deploy_all(x);
  int saves = x->saves;
  end_key(x);
  assert_true(shows(x, "shooting step"));
  key(x, 's'); /* spotting: 4 cells from T1/T3/T5 reach no defender at rows 2 */
  end_key(x);
  assert_true(shows(x, "assault step"));
  assert_int_equal(end_key(x), TUI_SESSION_CLEAR);
  assert_int_equal(UI->mode, TUI_MODE_HANDOVER);
  assert_int_equal(UI->next, MURK_DEFENDER);
  assert_true(shows(x, "Turn 1"));
  assert_int_equal(x->saves, saves + 1);
  key(x, TUI_KEY_ENTER);
  /* The defender first sees what happened since its last turn: the attacker's steps. */
  assert_int_equal(UI->mode, TUI_MODE_RECAP);
  assert_true(shows(x, "attacker's shooting step") || shows(x, "shooting step"));
  key(x, TUI_KEY_ESC);
  /* The defender reveals its own platoon 1: the attacker may now see it. */
  go(x, 2, 2);
  key(x, 'r');
  assert_true(shows(x, "Xenon Rangers"));
  x->xenon_known = true;
  end_key(x);
  end_key(x);
  assert_int_equal(end_key(x), TUI_SESSION_CLEAR);
  take_over(x, MURK_ATTACKER);
  assert_int_equal(murk_game_turn(x->g), 2);
  assert_true(shows(x, "Xenon Rangers"));
  /* The unrevealed Yodel Rangers stay hidden (screen() checks every draw). */
  for (int i = 0; i < 3; i++) {
    key(x, TUI_KEY_TAB);
    key(x, TUI_KEY_PGUP);
  }
  assert_false(shows(x, "Yodel"));
}

static void test_help_quit_and_resize(void** state) {
  struct ctx* x = *state;
  take_over(x, MURK_ATTACKER);
  key(x, '?');
  assert_true(UI->help);
  assert_true(shows(x, "Keys  ("));
  assert_int_equal(key(x, 'x'), 0);
  assert_false(UI->help);
  assert_false(shows(x, "Keys  ("));
  /* q asks; n goes on; q y quits. */
  key(x, 'q');
  assert_true(shows(x, "Quit the game?"));
  assert_int_equal(key(x, 'n'), 0);
  assert_false(UI->confirm_quit);
  key(x, 'q');
  assert_int_equal(key(x, 'y'), TUI_SESSION_QUIT);
  /* Too small a window says so, and keys do nothing there but q. */
  tui_session_resize(x->s, 20, 8);
  assert_int_equal(tui_canvas_init(&x->c, 20, 8, false), MURK_OK);
  assert_true(shows(x, "too small"));
  struct murk_pos before = UI->cursor;
  key(x, 'l');
  assert_true(murk_pos_eq(before, UI->cursor));
  tui_session_resize(x->s, 100, 40);
  assert_int_equal(tui_canvas_init(&x->c, 100, 40, false), MURK_OK);
  assert_true(shows(x, "Session Field"));
  assert_false(shows(x, "too small"));
}

static void test_mouse_click_selects(void** state) {
  struct ctx* x = *state;
  take_over(x, MURK_ATTACKER);
  int sx, sy;
  struct murk_pos p = {7, 9};
  assert_true(tui_hexmap_to_screen(&UI->map, p, &sx, &sy));
  tui_session_key(x->s, (struct tui_key){TUI_KEY_MOUSE, sx + 1, sy});
  assert_true(murk_pos_eq(UI->cursor, p));
  /* A click outside the map changes nothing. */
  tui_session_key(x->s, (struct tui_key){TUI_KEY_MOUSE, 99, 0});
  assert_true(murk_pos_eq(UI->cursor, p));
  assert_true(shows(x, "Cell 07,09"));
  assert_true(shows(x, "road (road)"));
}

static void test_save_command(void** state) {
  struct ctx* x = *state;
  take_over(x, MURK_ATTACKER);
  key(x, 'S');
  assert_int_equal(UI->mode, TUI_MODE_COMMAND);
  assert_string_equal(UI->line, "save /nonexistent/session-11.murk");
  key(x, TUI_KEY_ENTER);
  assert_int_equal(x->saves, 1);
  assert_string_equal(x->saved_to, "/nonexistent/session-11.murk");
  assert_true(shows(x, "saved to /nonexistent/session-11.murk"));
  command(x, "save /tmp/other.murk");
  assert_string_equal(x->saved_to, "/tmp/other.murk");
}

static void test_reserves_and_game_over(void** state) {
  struct ctx* x = *state;
  take_over(x, MURK_ATTACKER);
  assert_true(shows(x, "R reserve"));
  /* R lists the platoons still to place; Enter holds the chosen one back. */
  key(x, 'R');
  assert_int_equal(UI->mode, TUI_MODE_PICK);
  assert_int_equal(UI->pick.n, 2);
  key(x, 'j');
  key(x, TUI_KEY_ENTER);
  assert_string_equal(murk_game_log_line(x->g, 0), "reserve 2");
  assert_true(shows(x, " 2 res  Bravo Lancers"));
  /* Undo is the player's own, within the phase. */
  key(x, 'U');
  assert_int_equal(murk_game_log_count(x->g), 0);
  key(x, 'R');
  key(x, 'j');
  key(x, TUI_KEY_ENTER);
  assert_int_equal(end_key(x), TUI_SESSION_CLEAR);
  take_over(x, MURK_DEFENDER);
  end_key(x);
  take_over(x, MURK_ATTACKER);
  deploy_with_keys(x, 1, 2, 8);
  take_over(x, MURK_DEFENDER);
  deploy_with_keys(x, 1, 2, 2);
  take_over(x, MURK_ATTACKER);
  /* The deploy list no longer offers the reserve. */
  key(x, 'd');
  for (int i = 0; i < UI->pick.n; i++) assert_string_not_equal(UI->pick.items[i].handle, "2");
  key(x, TUI_KEY_ESC);
  command(x, "end");
  take_over(x, MURK_DEFENDER);
  deploy_with_keys(x, 2, 9, 2);
  command(x, "end");
  /* One turn each, then the game is over: the result, then the umpire's whole table. */
  for (int side = 0; side < 2; side++) {
    take_over(x, side == 0 ? MURK_ATTACKER : MURK_DEFENDER);
    end_key(x);
    end_key(x);
    end_key(x);
  }
  assert_int_equal(murk_game_phase(x->g), MURK_PHASE_OVER);
  assert_int_equal(UI->mode, TUI_MODE_OVER);
  assert_int_equal(UI->side, MURK_NO_SIDE);
  assert_true(shows(x, "GAME OVER"));
  assert_true(shows(x, "victory points: attacker"));
  assert_true(shows(x, murk_game_result(x->g)));
  assert_false(shows(x, "Alpha"));
  x->attacker_revealed = x->defender_revealed = true;
  key(x, TUI_KEY_ENTER);
  assert_int_equal(UI->mode, TUI_MODE_MAP);
  assert_true(shows(x, "umpire's table"));
  assert_true(shows(x, "VP: attacker"));
  assert_true(shows(x, "Alpha Lancers"));
  assert_true(shows(x, "Yodel Rangers"));
  end_key(x);
  assert_true(shows(x, "the game is over"));
  /* Nothing is left to play and the game is kept: q quits without a question. */
  assert_int_equal(key(x, 'q'), TUI_SESSION_QUIT);
}

/* Where a team of `side` stands in the view on screen. */
static bool own_team(struct ctx* x, enum murk_side side, struct murk_pos* at) {
  const struct murk_view* v = tui_session_view(x->s);
  for (int i = 0; i < v->nteams; i++)
    if (v->teams[i].owner == side) {
      *at = v->teams[i].pos;
      return true;
    }
  return false;
}

static void test_reveal_shoot_and_assault_keys(void** state) {
  struct ctx* x = *state;
  /* Platoons face to face across the middle: attacker 1 at 6,6, defender 1 at 6,5. */
  static const char setup_lines[] =
      "deploy 1 at 6,6\ndeploy 1 at 6,5\ndeploy 2 at 12,8\ndeploy 2 at 12,1\nend\n"
      "end\n";
  play_turns(x, MURK_ATTACKER, setup_lines);
  take_over(x, MURK_ATTACKER);
  /* f with nothing revealed: says what to do. */
  go(x, 0, 11);
  key(x, 'f');
  assert_int_equal(UI->mode, TUI_MODE_MAP);
  assert_true(shows(x, "reveal one first"));
  /* r with the cursor elsewhere lists the hidden platoons; Esc backs out. */
  key(x, 'r');
  assert_int_equal(UI->mode, TUI_MODE_PICK);
  assert_int_equal(UI->pick.n, 2);
  /* Each with its marker and the marker's cell. */
  assert_true(shows(x, "T1   at 06,06  1 Alpha Lancers"));
  assert_string_equal(UI->pick.items[0].handle, "T1");
  key(x, TUI_KEY_ESC);
  /* r on the template reveals it. */
  go(x, 6, 6);
  key(x, 'r');
  assert_string_equal(murk_game_log_line(x->g, murk_game_log_count(x->g) - 1), "reveal T1");
  x->alpha_known = true;
  end_key(x);
  end_key(x);
  end_key(x);
  take_over(x, MURK_DEFENDER);
  go(x, 6, 5);
  key(x, 'r');
  x->xenon_known = true;
  end_key(x);
  assert_true(shows(x, "shooting step"));
  /* f on an own team: the targets are the revealed enemy platoons (Esc: no shot). */
  struct murk_pos at = {0, 0};
  assert_true(own_team(x, MURK_DEFENDER, &at));
  go(x, at.x, at.y);
  key(x, 'f');
  assert_int_equal(UI->mode, TUI_MODE_PICK);
  assert_int_equal(UI->pick.kind, TUI_PICK_SHOOT);
  assert_int_equal(UI->pick.n, 1);
  assert_string_equal(UI->pick.items[0].handle, "P1");
  assert_true(shows(x, "Alpha Lancers"));
  /* In range and in sight: marked, first. */
  assert_true(UI->pick.items[0].ready);
  assert_true(shows(x, "* P1"));
  size_t nlog = murk_game_log_count(x->g);
  key(x, TUI_KEY_ESC);
  assert_int_equal(murk_game_log_count(x->g), nlog);
  end_key(x);
  assert_true(shows(x, "assault step"));
  /* a with the cursor on nothing: first the own platoon, then the target. */
  go(x, 0, 0);
  key(x, 'a');
  assert_int_equal(UI->mode, TUI_MODE_PICK);
  assert_int_equal(UI->pick.kind, TUI_PICK_ASSAULTER);
  key(x, TUI_KEY_ENTER);
  assert_int_equal(UI->mode, TUI_MODE_PICK);
  assert_int_equal(UI->pick.kind, TUI_PICK_ASSAULT);
  key(x, TUI_KEY_ENTER);
  assert_string_equal(murk_game_log_line(x->g, murk_game_log_count(x->g) - 1), "assault 1 at P1");
  assert_int_equal(end_key(x), TUI_SESSION_CLEAR);
  /* The attacker's turn 2: f and Enter shoot at the defender's platoon, revealed from T2
   * (if the assault left the attacker a team). */
  take_over(x, MURK_ATTACKER);
  end_key(x);
  if (own_team(x, MURK_ATTACKER, &at)) {
    go(x, at.x, at.y);
    key(x, 'f');
    if (UI->mode == TUI_MODE_PICK) {
      key(x, TUI_KEY_ENTER);
      assert_string_equal(murk_game_log_line(x->g, murk_game_log_count(x->g) - 1), "shoot 1 at P2");
    }
  }
}

static void test_withdraw_key(void** state) {
  struct ctx* x = *state;
  static const char setup_lines[] =
      "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at 9,2\nend\n"
      "end\n";
  play_turns(x, MURK_ATTACKER, setup_lines);
  take_over(x, MURK_ATTACKER);
  end_key(x);
  end_key(x);
  assert_int_equal(end_key(x), TUI_SESSION_CLEAR);
  take_over(x, MURK_DEFENDER);
  const struct murk_view* v = tui_session_view(x->s);
  assert_int_equal(v->withdraw_due, 1);
  assert_true(shows(x, "w withdraw"));
  assert_true(shows(x, "withdraw 1 platoon (w)"));
  /* w with the cursor on nothing of ours: the list of platoons on the table. */
  go(x, 15, 11);
  key(x, 'w');
  assert_int_equal(UI->mode, TUI_MODE_PICK);
  assert_int_equal(UI->pick.kind, TUI_PICK_WITHDRAW);
  assert_int_equal(UI->pick.n, 2);
  key(x, TUI_KEY_ESC);
  /* w on the own template T4 at 9,2 takes it off. */
  go(x, 9, 2);
  key(x, 'w');
  assert_string_equal(murk_game_log_line(x->g, murk_game_log_count(x->g) - 1), "withdraw T4");
  assert_true(shows(x, " 2 out  Yodel Rangers"));
  assert_false(shows(x, "withdraw 1 platoon (w)"));
}

/* ---- seats ---- */

/* The computer's seat as murk play makes it, watched: which views it is handed. */
struct spy_seat {
  struct murk_rng rng;
  struct murk_policy_plan plan;
  int calls, wrong_view;
  bool fail; /* answer nothing the game takes, with a reason naming a hidden thing */
};

static int spy_act(void* p, const struct murk_view* v, tui_offer_fn offer, void* offer_ctx,
                   char* reason, size_t n) {
  struct spy_seat* sp = p;
  sp->calls++;
  if (v->side != MURK_DEFENDER || v->to_act != MURK_DEFENDER) sp->wrong_view++;
  if (sp->fail) {
    snprintf(reason, n, "Xenon Platoon cannot move there");
    return MURK_EREJECTED;
  }
  return murk_sim_decide(MURK_POLICY_COMPUTER, v, &sp->rng, &sp->plan, offer, offer_ctx, NULL, NULL,
                         NULL, NULL, reason, n);
}

/* The person's commands come from the greedy player, typed on the command line of the
 * session (taken when the log grew). */
static int type_offer(void* p, enum murk_side side, const struct murk_command* c, char* reason,
                      size_t n) {
  struct ctx* x = p;
  assert_int_equal(side, MURK_ATTACKER);
  char line[256];
  assert_int_equal(murk_command_format(c, line, sizeof line), MURK_OK);
  size_t before = murk_game_log_count(x->g);
  command(x, line);
  if (murk_game_log_count(x->g) > before) return MURK_OK;
  snprintf(reason, n, "%s", UI->message);
  return MURK_EREJECTED;
}

static void new_session_vs(struct ctx* x, struct tui_seat* seat) {
  tui_session_free(x->s);
  struct tui_session_opts o = {.seed = 11, .save = fake_save, .save_ctx = x};
  o.seat[MURK_DEFENDER] = seat;
  assert_int_equal(tui_session_new(x->g, &o, &x->s), MURK_OK);
  assert_int_equal(tui_session_resize(x->s, 100, 40), MURK_OK);
}

/* One person against the computer: no hand-over ever; the computer plays every decision
 * of its side from a view of that side only; the person sees what it did in the recap, and
 * never a secret of its side (screen() checks every screen); the game goes to its end. */
static void test_against_the_computer(void** state) {
  struct ctx* x = *state;
  struct spy_seat spy;
  memset(&spy, 0, sizeof spy);
  murk_policy_seed(&spy.rng, 11, MURK_DEFENDER);
  struct tui_seat seat = {.name = "the computer", .act = spy_act, .ctx = &spy};
  x->watch_reveals = true;
  new_session_vs(x, &seat);
  struct murk_rng me;
  murk_policy_seed(&me, 11, MURK_ATTACKER);
  struct murk_policy_plan plan;
  memset(&plan, 0, sizeof plan);
  int recaps = 0, decisions = 0;
  while (murk_game_phase(x->g) != MURK_PHASE_OVER && decisions < 2000) {
    assert_int_not_equal(UI->mode, TUI_MODE_HANDOVER);
    assert_int_equal(UI->side, MURK_ATTACKER);
    assert_int_equal(murk_game_to_act(x->g), MURK_ATTACKER);
    if (UI->mode == TUI_MODE_RECAP) {
      recaps++;
      assert_true(shows(x, "Since your last turn"));
      key(x, TUI_KEY_ESC);
    }
    assert_int_equal(UI->mode, TUI_MODE_MAP);
    const struct murk_view* v = tui_session_view(x->s);
    assert_non_null(v);
    assert_int_equal(v->side, MURK_ATTACKER);
    char reason[256];
    assert_int_equal(murk_sim_decide(MURK_POLICY_GREEDY, v, &me, &plan, type_offer, x, NULL, NULL,
                                     NULL, NULL, reason, sizeof reason),
                     MURK_OK);
    decisions++;
  }
  assert_int_equal(murk_game_phase(x->g), MURK_PHASE_OVER);
  assert_int_equal(UI->mode, TUI_MODE_OVER);
  assert_true(spy.calls > 0);
  assert_int_equal(spy.wrong_view, 0);
  assert_true(recaps > 0);
  murk_policy_plan_free(&plan);
  murk_policy_plan_free(&spy.plan);
}

/* A seat that gets stuck: the person is told so (without the seat's reason, which speaks of
 * what its side knows), nothing is applied for it, and q still quits. Two seats that are not
 * the keyboard are refused. */
static void test_stuck_seat(void** state) {
  struct ctx* x = *state;
  struct spy_seat spy;
  memset(&spy, 0, sizeof spy);
  spy.fail = true;
  struct tui_seat seat = {.name = "the computer", .act = spy_act, .ctx = &spy};
  /* The attacker's first choices (greedy's) until the defender is to act. */
  struct murk_sim sim;
  murk_sim_init(&sim, x->g, MURK_POLICY_GREEDY, MURK_POLICY_GREEDY, 11);
  while (murk_game_to_act(x->g) != MURK_DEFENDER) assert_int_equal(murk_sim_step(&sim), MURK_OK);
  murk_sim_free(&sim);
  size_t before = murk_game_log_count(x->g);
  new_session_vs(x, &seat);
  assert_int_equal(spy.calls, 1);
  assert_int_equal(murk_game_log_count(x->g), before);
  assert_int_equal(UI->side, MURK_ATTACKER);
  assert_int_not_equal(UI->mode, TUI_MODE_HANDOVER);
  if (UI->mode == TUI_MODE_RECAP) key(x, TUI_KEY_ESC);
  assert_true(shows(x, "the computer is stuck"));
  assert_false(shows(x, "Xenon"));
  key(x, 'q');
  assert_true(UI->confirm_quit);
  struct tui_session* two = NULL;
  struct tui_session_opts o = {.seed = 11};
  o.seat[MURK_ATTACKER] = o.seat[MURK_DEFENDER] = &seat;
  assert_int_equal(tui_session_new(x->g, &o, &two), MURK_EINVAL);
  assert_null(two);
}

/* The patrol phase: d offers the platoons the view says may go out, at the lit cells the
 * view lists (never the TUI's own judgement), and sends `patrol N at X,Y`. */
/* x on an objective sends `remove objective NAME` as the players build it; the game's
 * refusal is shown (not the attacker's own objective); away from objectives it says so. */
static void test_remove_objective_key(void** state) {
  struct ctx* x = *state;
  take_over(x, MURK_ATTACKER);
  size_t before = murk_game_log_count(x->g);
  go(x, 0, 0);
  key(x, 'x');
  assert_true(shows(x, "no objective at the cursor"));
  go(x, 21, 5); /* the defender's */
  key(x, 'x');
  assert_true(shows(x, "objective 2 was not placed by you"));
  assert_int_equal(murk_game_log_count(x->g), before);
  go(x, 26, 4);
  key(x, 'x');
  assert_int_equal(murk_game_log_count(x->g), before + 1);
  assert_string_equal(murk_game_log_line(x->g, before), "remove objective 4");
  assert_int_equal(tui_session_view(x->s)->nobjectives, 3);
}

static void test_patrol_key(void** state) {
  struct ctx* x = *state;
  take_over(x, MURK_ATTACKER);
  assert_int_equal(murk_game_phase(x->g), MURK_PHASE_PATROL);
  const struct murk_view* v = tui_session_view(x->s);
  assert_true(v->nplace_cells > 0);
  assert_true(shows(x, "d patrol here"));
  /* The lit cells are the view's. */
  struct murk_pos p = v->place_cells[0];
  assert_true(UI->cells[p.y * v->grid.width + p.x] & TUI_CELL_ZONE);
  /* Away from them, d puts the cursor on the nearest; d again lists the platoons. */
  go(x, 0, 0);
  key(x, 'd');
  assert_int_equal(UI->mode, TUI_MODE_MAP);
  assert_true(shows(x, "a patrol goes on a lit cell"));
  bool lit = false;
  for (int i = 0; i < v->nplace_cells; i++) lit |= murk_pos_eq(v->place_cells[i], UI->cursor);
  assert_true(lit);
  key(x, 'd');
  assert_int_equal(UI->mode, TUI_MODE_PICK);
  assert_int_equal(UI->pick.kind, TUI_PICK_PATROL);
  int n = 0;
  for (int i = 0; i < v->nplatoons; i++) n += v->platoons[i].may_deploy;
  assert_int_equal(UI->pick.n, n);
  while (strcmp(UI->pick.items[UI->pick.sel].handle, "4") != 0) {
    assert_true(UI->pick.sel + 1 < UI->pick.n);
    key(x, 'j');
  }
  size_t before = murk_game_log_count(x->g);
  key(x, TUI_KEY_ENTER);
  assert_true(UI->confirm.open);
  char want[32], pos[16];
  murk_pos_format(UI->cursor, pos, sizeof pos);
  snprintf(want, sizeof want, "patrol 4 at %s", pos);
  key(x, 'y');
  assert_int_equal(murk_game_log_count(x->g), before + 1);
  assert_string_equal(murk_game_log_line(x->g, before), want);
}

/* No Man's Land's works: the lit cells are where a piece may go; d on one end, d on the
 * other, y sends `build at A B`; the map then shows the trench, and Esc forgets a first end. */
static void test_build_key(void** state) {
  struct ctx* x = *state;
  take_over(x, MURK_DEFENDER);
  assert_int_equal(murk_game_phase(x->g), MURK_PHASE_FORTIFY);
  const struct murk_view* v = tui_session_view(x->s);
  assert_true(v->nplace_cells > 0);
  struct murk_pos p = {2, 4};
  assert_true(UI->cells[p.y * v->grid.width + p.x] & TUI_CELL_ZONE);
  assert_false(UI->cells[20 * v->grid.width + 2] & TUI_CELL_ZONE); /* the enemy's side */
  assert_true(shows(x, "d build: one end here"));
  go(x, 2, 4);
  key(x, 'd');
  assert_true(shows(x, "d other end here"));
  key(x, TUI_KEY_ESC);
  assert_true(shows(x, "d build: one end here"));
  key(x, 'd');
  go(x, 7, 4);
  size_t before = murk_game_log_count(x->g);
  key(x, 'd');
  assert_true(UI->confirm.open);
  key(x, 'y');
  assert_int_equal(murk_game_log_count(x->g), before + 1);
  assert_string_equal(murk_game_log_line(x->g, before), "build at 02,04 07,04");
  v = tui_session_view(x->s);
  assert_int_equal(v->nworks, 6);
  int t = murk_view_terrain_at(v, (struct murk_pos){5, 4});
  assert_true(t >= 0 && v->terrain[t].works == MURK_WORKS_FORTIFICATION);
  assert_true(shows(x, "trench"));
}

/* A wing leader that won its deployment roll: m takes it (the view names it), Enter sends
 * `adjust`. */
static void test_adjust_key(void** state) {
  struct ctx* x = *state;
  take_over(x, MURK_ATTACKER);
  const struct murk_view* v = tui_session_view(x->s);
  assert_int_equal(v->adjust_leader, 6);
  assert_int_equal(v->adjust_cells, 1);
  assert_true(shows(x, "m adjust T6 (up to 1 cell)"));
  go(x, 2, 2);
  key(x, 'm');
  assert_int_equal(UI->mode, TUI_MODE_MOVE);
  assert_string_equal(UI->move_verb, "adjust");
  assert_int_equal(UI->cursor.x, 16);
  assert_int_equal(UI->cursor.y, 13);
  assert_true(shows(x, "adjust: put the cursor where the leader goes"));
  key(x, 'k');
  size_t before = murk_game_log_count(x->g);
  key(x, TUI_KEY_ENTER);
  assert_int_equal(murk_game_log_count(x->g), before + 1);
  assert_string_equal(murk_game_log_line(x->g, before), "adjust T6 to 16,12");
  /* The wings deploy: the defender, whose wing was spotted, places its teams first (the
   * session hands over to it), then the attacker its own. */
  assert_int_equal(murk_game_to_act(x->g), MURK_DEFENDER);
  const struct murk_view* after = tui_session_view(x->s);
  if (after) assert_int_equal(after->adjust_leader, 0);
}

/* v on a template: its other teams' cells lit (the view's murk_view_reveal_cells), Enter
 * puts each; the last sends `reveal Tn via ...`. */
static void test_reveal_via_key(void** state) {
  struct ctx* x = *state;
  static const char setup_lines[] =
      "deploy 1 at 6,8\ndeploy 1 at 6,2\ndeploy 2 at 12,8\ndeploy 2 at 12,1\nend\n"
      "end\n";
  play_turns(x, MURK_ATTACKER, setup_lines);
  take_over(x, MURK_ATTACKER);
  /* Away from own templates: the list of the hidden ones; Esc backs out. */
  go(x, 0, 11);
  key(x, 'v');
  assert_int_equal(UI->mode, TUI_MODE_PICK);
  assert_int_equal(UI->pick.kind, TUI_PICK_REVEAL_VIA);
  key(x, TUI_KEY_ESC);
  go(x, 6, 8);
  key(x, 'v');
  assert_int_equal(UI->mode, TUI_MODE_MOVE);
  assert_string_equal(UI->move_verb, "reveal");
  assert_int_equal(UI->via_max, 2); /* Alpha Lancers: three teams */
  const struct murk_view* v = tui_session_view(x->s);
  int w = v->grid.width;
  struct murk_pos lit[2];
  int n = 0;
  for (int i = 0; i < w * v->grid.height && n < 2; i++)
    if (UI->cells[i] & TUI_CELL_REACH) lit[n++] = (struct murk_pos){i % w, i / w};
  assert_int_equal(n, 2);
  go(x, lit[0].x, lit[0].y);
  key(x, TUI_KEY_ENTER);
  assert_int_equal(UI->nvia, 1);
  /* Enter again on it takes it back; once more puts it. */
  key(x, TUI_KEY_ENTER);
  assert_int_equal(UI->nvia, 0);
  key(x, TUI_KEY_ENTER);
  size_t before = murk_game_log_count(x->g);
  go(x, lit[1].x, lit[1].y);
  x->alpha_known = true;
  key(x, TUI_KEY_ENTER);
  assert_int_equal(UI->mode, TUI_MODE_MAP);
  assert_int_equal(murk_game_log_count(x->g), before + 1);
  char want[64], a[16], b[16];
  murk_pos_format(lit[0], a, sizeof a);
  murk_pos_format(lit[1], b, sizeof b);
  snprintf(want, sizeof want, "reveal T1 via %s %s", a, b);
  assert_string_equal(murk_game_log_line(x->g, before), want);
  for (int i = 0; i < 2; i++) {
    const struct murk_view_team* tm = murk_view_team_at(tui_session_view(x->s), lit[i]);
    assert_non_null(tm);
    assert_int_equal(tm->owner, MURK_ATTACKER);
  }
}

/* The key line follows the verbs the game holds legal now: `m move` in the movement step,
 * gone once moving is over; a key outside its command's phases says when the command is
 * used, in the command table's words (murk_command_when), and opens nothing. */
static void test_keys_follow_the_verbs(void** state) {
  struct ctx* x = *state;
  deploy_all(x);
  assert_true(shows(x, "movement step"));
  assert_true(shows(x, "m move"));
  assert_false(shows(x, "f shoot"));
  key(x, 'R');
  assert_int_equal(UI->mode, TUI_MODE_MAP);
  assert_string_equal(UI->message, murk_command_when(MURK_CMD_RESERVE));
  key(x, 'd');
  assert_int_equal(UI->mode, TUI_MODE_MAP);
  assert_string_equal(UI->message, murk_command_when(MURK_CMD_DEPLOY));
  /* Every marker moved: moving is over though the step goes on. */
  command(x, "move T1 to 2,9");
  command(x, "move T3 to 6,9");
  assert_true(shows(x, "m move"));
  command(x, "move T5 to 12,9");
  assert_true(shows(x, "movement step"));
  assert_false(shows(x, "m move"));
  end_key(x);
  assert_true(shows(x, "shooting step"));
  assert_false(shows(x, "m move"));
  assert_true(shows(x, "f shoot"));
}

int main(void) {
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
  const struct CMUnitTest tests[] = {
      T(test_starts_with_a_handover),
      T(test_sealed_handover),
      T(test_handover_after_each_secret_choice),
      T(test_rejection_reason_and_history),
      T(test_move_with_preview),
      T(test_preview_matches_the_game),
      T(test_turn_handover_and_hidden_names),
      T(test_end_asks_and_next_unit),
      T(test_placement_shown_first),
      T(test_help_quit_and_resize),
      T(test_mouse_click_selects),
      T(test_save_command),
      T(test_recap_of_a_loaded_game),
      T(test_reveal_shoot_and_assault_keys),
      T(test_keys_follow_the_verbs),
      cmocka_unit_test_setup_teardown(test_reserves_and_game_over, setup_reserves_short, teardown),
      cmocka_unit_test_setup_teardown(test_one_team_singular, setup_scout, teardown),
      cmocka_unit_test_setup_teardown(test_night_stray_on_message_line, setup_night, teardown),
      cmocka_unit_test_setup_teardown(test_tutorial_prompts, setup_tutorial, teardown),
      cmocka_unit_test_setup_teardown(test_withdraw_key, setup_withdrawal, teardown),
      T(test_against_the_computer),
      T(test_stuck_seat),
      T(test_reveal_via_key),
      cmocka_unit_test_setup_teardown(test_patrol_key, setup_patrol, teardown),
      cmocka_unit_test_setup_teardown(test_build_key, setup_works, teardown),
      cmocka_unit_test_setup_teardown(test_remove_objective_key, setup_remove, teardown),
      cmocka_unit_test_setup_teardown(test_adjust_key, setup_adjust, teardown),
  };
#undef T
  return cmocka_run_group_tests(tests, NULL, NULL);
}
