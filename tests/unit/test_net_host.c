/* test_net_host.c: the host's handling of clients, over bytes (src/net/host.c).
 *
 * Two clients join a game of Luneville; checks that each gets only its own side's views,
 * and gets one only after its own command, or when its turn came (never for each of the
 * enemy's commands: their number is not the side's to know); that refused commands are
 * answered and change nothing; passphrases (set by the first join, then checked, three
 * tries); seats (join codes, a seated player never displaced, time limits, connections
 * that never speak); garbage and wrong versions; a resumed
 * sealed game that has no game until both passphrases are known; a platoon the enemy's
 * spotting revealed, and a Limited Intelligence wing, placed by its owner's connection. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "host.h"
#include "msg.h"
#include "murk/alloc.h"
#include "murk/diag.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/view.h"
#include "sim.h"
#include "test_load.h"
#include "viewio.h"

#define ACODE "abcde-fghjk" /* the join codes, as the host shows them */
#define DCODE "mnpqr-stuvw"

struct fx {
  struct murk_mission* m;
  struct murk_game* g;
  struct net_host* h;
  bool sealed;
  char pass[2][16];
  int changes;
};

static enum net_pass_mode pass_mode(void* ctx, enum murk_side side) {
  struct fx* f = ctx;
  if (!f->sealed) return NET_PASS_NONE;
  return f->pass[side][0] ? NET_PASS_CHECK : NET_PASS_SET;
}
static bool check_pass(void* ctx, enum murk_side side, const char* pass, size_t len) {
  struct fx* f = ctx;
  return strlen(f->pass[side]) == len && memcmp(f->pass[side], pass, len) == 0;
}
static int set_pass(void* ctx, enum murk_side side, const char* pass, size_t len, char* err,
                    size_t n) {
  struct fx* f = ctx;
  (void)err;
  (void)n;
  snprintf(f->pass[side], sizeof f->pass[side], "%.*s", (int)len, pass);
  return 0;
}
static bool ready(void* ctx) {
  struct fx* f = ctx;
  return !f->sealed || (f->pass[0][0] && f->pass[1][0]);
}
static void changed(void* ctx) {
  ((struct fx*)ctx)->changes++;
}
/* A sealed game's key derivation cost, told in every hello (both sides see it). */
static bool cost(void* ctx, unsigned long long* ops, size_t* mem) {
  *ops = 3;
  *mem = 65536;
  return ((struct fx*)ctx)->sealed;
}

static struct fx* fx_new(bool sealed) {
  struct fx* f = test_calloc(1, sizeof *f);
  f->sealed = sealed;
  f->m = load_bundled("luneville");
  assert_int_equal(murk_game_new(f->m, 3, &f->g), MURK_OK);
  struct net_host_opts o = {.g = f->g,
                            .ctx = f,
                            .codes = {ACODE, DCODE},
                            .pass_mode = pass_mode,
                            .check_pass = check_pass,
                            .set_pass = set_pass,
                            .ready = ready,
                            .cost = cost,
                            .changed = changed};
  assert_int_equal(net_host_new(&o, &f->h), MURK_OK);
  return f;
}

static void fx_free(struct fx* f) {
  net_host_free(f->h);
  murk_game_free(f->g);
  murk_mission_free(f->m);
  test_free(f);
}

static int say(struct fx* f, int c, const char* text) {
  return net_host_input(f->h, c, text, strlen(text));
}

/* What waits for client c, taken: a copy (test_free it). */
static char* take(struct fx* f, int c) {
  size_t len;
  const char* out = net_host_output(f->h, c, &len);
  char* s = test_malloc(len + 1);
  memcpy(s, out, len);
  s[len] = '\0';
  net_host_sent(f->h, c, len);
  return s;
}

/* Client c says `text` (accepted: its connection stays) and what waits for it is taken (a
 * copy: test_free it): one exchange of the protocol. */
static char* exchange(struct fx* f, int c, const char* text) {
  assert_int_equal(say(f, c, text), 0);
  return take(f, c);
}

/* The views in s, each of `side` (its state line says so: a side of 0 is left out). */
static int views_in(const char* s, enum murk_side side) {
  int n = 0;
  for (const char* p = s; (p = strstr(p, "view begin ")); p++) {
    const char* st = strstr(p, "\nstate ");
    assert_non_null(st);
    bool defender = strncmp(st, "\nstate side=1 ", 14) == 0;
    assert_int_equal(defender, side == MURK_DEFENDER); /* never the other side's */
    n++;
  }
  return n;
}

static void test_views_only_when_due(void** state) {
  (void)state;
  struct fx* f = fx_new(false);
  int a = net_host_open(f->h), d = net_host_open(f->h);
  char* s = exchange(f, a, "murk 9 join attacker abcdefghjk\n");
  assert_non_null(strstr(s, "hello 9 attacker none 3 -\n"));
  assert_int_equal(views_in(s, MURK_ATTACKER), 1);
  test_free(s);
  test_free(exchange(f, d, "murk 9 join defender mnpqrstuvw\n"));
  /* The attacker's first objective: its own view, ok; nothing to the defender. */
  s = exchange(f, a, "cmd =objective%20at%2018,01\n");
  assert_int_equal(views_in(s, MURK_ATTACKER), 1);
  assert_non_null(strstr(s, "view end\nok\n"));
  test_free(s);
  s = take(f, d);
  assert_string_equal(s, "");
  test_free(s);
  /* Refused: the game's reason, nothing changed, nothing saved. */
  int changes = f->changes;
  size_t log = murk_game_log_count(f->g);
  s = exchange(f, a, "cmd =objective%20at%2099,99\n");
  assert_true(strncmp(s, "no 0 =", 6) == 0);
  assert_int_equal(views_in(s, MURK_ATTACKER), 0);
  test_free(s);
  assert_int_equal(f->changes, changes);
  assert_int_equal(murk_game_log_count(f->g), log);
  /* The defender may not play the attacker's turn. */
  s = exchange(f, d, "cmd =objective%20at%2012,22\n");
  assert_true(strncmp(s, "no ", 3) == 0);
  test_free(s);
  s = exchange(f, d, "undo\n");
  assert_true(strncmp(s, "noundo ", 7) == 0);
  test_free(s);
  /* A placement that showed the attacker nothing new is taken back (docs/rules.md, "Undo"):
   * its new view, then `undone`; nothing goes to the defender, whose turn it is not. */
  s = exchange(f, a, "undo\n");
  if (!strstr(s, "undone =objective%20at%2018,01")) fail_msg("%s", s);
  assert_int_equal(views_in(s, MURK_ATTACKER), 1);
  test_free(s);
  s = take(f, d);
  assert_string_equal(s, "");
  test_free(s);
  test_free(exchange(f, a, "cmd =objective%20at%2018,01\n"));
  /* The second objective hands the turn over: the defender gets one view, then. */
  test_free(exchange(f, a, "cmd =objective%20at%2026,02\n"));
  s = take(f, d);
  assert_int_equal(views_in(s, MURK_DEFENDER), 1);
  test_free(s);
  assert_int_equal(murk_game_to_act(f->g), MURK_DEFENDER);
  fx_free(f);
}

/* Fog of War: a spot that reveals the defender's Shermans hands play to the defender's
 * connection, which is asked (its view, to act) and places them; the attacker's commands
 * are refused meanwhile, and the attacker gets its view back once they are down. The game
 * is tests/games/luneville-spotted.txt up to its spot. */
static void test_spotted_owner_asked(void** state) {
  (void)state;
  struct fx* f = fx_new(false);
  murk_game_free(f->g);
  murk_mission_free(f->m);
  net_host_free(f->h);
  f->m = load_bundled("tests/games/data/luneville-dummies.yaml");
  assert_int_equal(murk_game_new(f->m, 1, &f->g), MURK_OK);
  char path[512];
  snprintf(path, sizeof path, "%s/tests/games/luneville-spotted.txt", MURK_SOURCE_DIR);
  FILE* in = fopen(path, "r");
  assert_non_null(in);
  char line[256], why[256];
  while (fgets(line, sizeof line, in)) {
    if (strncmp(line, "spot", 4) == 0 && strstr(line, "over to the defender")) break;
    line[strcspn(line, "#\n")] = '\0';
    const char* cmd = line;
    enum murk_side side = murk_game_to_act(f->g);
    if (strncmp(line, "attacker:", 9) == 0) side = MURK_ATTACKER, cmd = line + 9;
    if (strncmp(line, "defender:", 9) == 0) side = MURK_DEFENDER, cmd = line + 9;
    if (strspn(cmd, " ") == strlen(cmd)) continue;
    if (murk_game_apply_line(f->g, side, cmd, why, sizeof why, NULL) != MURK_OK)
      fail_msg("'%s': %s", cmd, why);
  }
  fclose(in);
  struct net_host_opts o = {.g = f->g,
                            .ctx = f,
                            .codes = {ACODE, DCODE},
                            .pass_mode = pass_mode,
                            .check_pass = check_pass,
                            .set_pass = set_pass,
                            .ready = ready,
                            .changed = changed};
  assert_int_equal(net_host_new(&o, &f->h), MURK_OK);
  int a = net_host_open(f->h), d = net_host_open(f->h);
  test_free(exchange(f, a, "murk 9 join attacker abcdefghjk\n"));
  test_free(exchange(f, d, "murk 9 join defender mnpqrstuvw\n"));
  assert_int_equal(murk_game_to_act(f->g), MURK_ATTACKER);
  char* s = exchange(f, a, "cmd =spot\n");
  assert_int_equal(views_in(s, MURK_ATTACKER), 1);
  assert_non_null(strstr(s, "view end\nok\n"));
  test_free(s);
  /* The defender's connection is asked: its view comes, with the defender to act. */
  assert_int_equal(murk_game_to_act(f->g), MURK_DEFENDER);
  s = take(f, d);
  assert_int_equal(views_in(s, MURK_DEFENDER), 1);
  test_free(s);
  s = exchange(f, a, "cmd =shoot%202%20at%20P2\n");
  assert_true(strncmp(s, "no ", 3) == 0);
  assert_non_null(strstr(s, "places%20the%20teams"));
  test_free(s);
  s = exchange(f, d, "cmd =place%20P2%20via%2020,07\n");
  assert_int_equal(views_in(s, MURK_DEFENDER), 1);
  assert_non_null(strstr(s, "view end\nok\n"));
  test_free(s);
  /* Back to the attacker: its view, once. */
  assert_int_equal(murk_game_to_act(f->g), MURK_ATTACKER);
  s = take(f, a);
  assert_int_equal(views_in(s, MURK_ATTACKER), 1);
  test_free(s);
  s = exchange(f, d, "cmd =place%20P2\n");
  assert_true(strncmp(s, "no ", 3) == 0);
  test_free(s);
  fx_free(f);
}

/* Does a team of `side` stand at x,y, as the side's own view shows it? */
static bool has_team_at(const struct murk_game* g, enum murk_side side, int x, int y) {
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, side, &v), MURK_OK);
  bool found = false;
  for (int i = 0; i < v->nteams; i++)
    if (v->teams[i].owner == side && v->teams[i].pos.x == x && v->teams[i].pos.y == y) found = true;
  murk_view_free(v);
  return found;
}

/* Limited Intelligence: the attacker's cavalry wing is spotted and adjusts; both wings'
 * first units go down by 27.3.1 and the defender's connection is asked to place the rest of
 * its wing (its view, to act), the attacker's commands refused meanwhile; then the attacker
 * gets its view back and places its own wing. The game is tests/games/li-hohenfeld-placed.txt
 * up to its adjustment. */
static void test_spotted_wing_owner_asked(void** state) {
  (void)state;
  struct fx* f = fx_new(false);
  murk_game_free(f->g);
  murk_mission_free(f->m);
  net_host_free(f->h);
  f->m = load_bundled("data/missions/li-hohenfeld.yaml");
  assert_int_equal(murk_game_new(f->m, 7, &f->g), MURK_OK);
  char path[512];
  snprintf(path, sizeof path, "%s/tests/games/li-hohenfeld-placed.txt", MURK_SOURCE_DIR);
  FILE* in = fopen(path, "r");
  assert_non_null(in);
  char line[256], why[256];
  while (fgets(line, sizeof line, in)) {
    if (strncmp(line, "adjust T6", 9) == 0) break;
    line[strcspn(line, "#\n")] = '\0';
    if (strspn(line, " ") == strlen(line)) continue;
    if (murk_game_apply_line(f->g, murk_game_to_act(f->g), line, why, sizeof why, NULL) != MURK_OK)
      fail_msg("'%s': %s", line, why);
  }
  fclose(in);
  struct net_host_opts o = {.g = f->g,
                            .ctx = f,
                            .codes = {ACODE, DCODE},
                            .pass_mode = pass_mode,
                            .check_pass = check_pass,
                            .set_pass = set_pass,
                            .ready = ready,
                            .changed = changed};
  assert_int_equal(net_host_new(&o, &f->h), MURK_OK);
  int a = net_host_open(f->h), d = net_host_open(f->h);
  test_free(exchange(f, a, "murk 9 join attacker abcdefghjk\n"));
  test_free(exchange(f, d, "murk 9 join defender mnpqrstuvw\n"));
  assert_int_equal(murk_game_to_act(f->g), MURK_ATTACKER);
  char* s = exchange(f, a, "cmd =adjust%20T6%20to%2016,12\n");
  assert_non_null(strstr(s, "view end\nok\n"));
  test_free(s);
  /* The defender's connection is asked: its view comes, with the defender to act. */
  assert_int_equal(murk_game_to_act(f->g), MURK_DEFENDER);
  s = take(f, d);
  assert_int_equal(views_in(s, MURK_DEFENDER), 1);
  assert_non_null(strstr(s, "place_range=3"));
  test_free(s);
  s = exchange(f, a, "cmd =end\n");
  assert_true(strncmp(s, "no ", 3) == 0);
  assert_non_null(strstr(s, "places%20the%20teams"));
  test_free(s);
  s = exchange(f, d, "cmd =place%20P1%20via%2016,04%2015,04%2017,04\n");
  assert_non_null(strstr(s, "view end\nok\n"));
  test_free(s);
  for (int k = 0; k < 3 && murk_game_to_act(f->g) == MURK_DEFENDER; k++) {
    char cmd[64];
    snprintf(cmd, sizeof cmd, "cmd =place%%20P%d\n", 11 + k);
    test_free(exchange(f, d, cmd));
  }
  assert_true(has_team_at(f->g, MURK_DEFENDER, 16, 4));
  /* Back to the attacker, who places its own wing: its view, once. */
  assert_int_equal(murk_game_to_act(f->g), MURK_ATTACKER);
  s = take(f, a);
  assert_int_equal(views_in(s, MURK_ATTACKER), 1);
  test_free(s);
  s = exchange(f, a, "cmd =place%20P6\n");
  assert_non_null(strstr(s, "view end\nok\n"));
  test_free(s);
  fx_free(f);
}

static void test_passphrases(void** state) {
  (void)state;
  struct fx* f = fx_new(true);
  int a = net_host_open(f->h), d = net_host_open(f->h);
  /* Set by the first join; no view until both have joined. */
  char* s = exchange(f, a, "murk 9 join attacker abcdefghjk\n");
  assert_non_null(strstr(s, "hello 9 attacker set 3 argon2id13:ops=3:mem=65536\n"));
  test_free(s);
  assert_int_equal(say(f, a, "cmd =end\n"), -1); /* before its passphrase: dropped */
  net_host_close(f->h, a);
  a = net_host_open(f->h);
  s = exchange(f, a, "murk 9 join attacker abcdefghjk\npass =red\n");
  assert_non_null(strstr(s, "passok\nwait ="));
  assert_int_equal(views_in(s, MURK_ATTACKER), 0);
  test_free(s);
  s = exchange(f, a, "cmd =objective%20at%2018,01\n");
  assert_true(strncmp(s, "no 0 =", 6) == 0);
  test_free(s);
  s = exchange(f, d, "murk 9 join defender mnpqrstuvw\npass =blue\n");
  assert_int_equal(views_in(s, MURK_DEFENDER), 1);
  test_free(s);
  s = take(f, a);
  assert_int_equal(views_in(s, MURK_ATTACKER), 1);
  test_free(s);
  /* The attacker's connection drops; a rejoin: checked; three wrong tries and bye. */
  net_host_close(f->h, a);
  int b = net_host_open(f->h);
  s = exchange(f, b, "murk 9 join attacker abcdefghjk\npass =blue\npass =x\n");
  assert_non_null(
      strstr(s, "hello 9 attacker check 3 argon2id13:ops=3:mem=65536\npassbad 2\npassbad 1\n"));
  test_free(s);
  s = exchange(f, b, "pass =y\n");
  assert_true(strncmp(s, "bye =", 5) == 0);
  test_free(s);
  assert_true(net_host_closing(f->h, b));
  net_host_close(f->h, b);
  /* The right one: the seat is the player's again, with its view. */
  b = net_host_open(f->h);
  s = exchange(f, b, "murk 9 join attacker abcdefghjk\npass =red\n");
  assert_int_equal(views_in(s, MURK_ATTACKER), 1);
  test_free(s);
  fx_free(f);
}

static bool starts(const char* s, const char* prefix) {
  if (strncmp(s, prefix, strlen(prefix)) == 0) return true;
  print_error("not %s: %s\n", prefix, s);
  return false;
}

/* Seats belong to their players: a seat is claimed only with its side's code (the other
 * side's is wrong too), three wrong codes and bye; a seated player is never displaced; a
 * connection that gave no code in time is told bye, one that gave it gets longer for its
 * passphrase; eight connections that never speak do not keep a player out. */
/* A seated player's connection ends: the other player hears it, and hears it back once
 * that side proves its seat again; a connection that never took a seat is no news. */
static void test_left_and_back(void** state) {
  (void)state;
  struct fx* f = fx_new(false);
  int a = net_host_open(f->h), d = net_host_open(f->h);
  test_free(exchange(f, a, "murk 9 join attacker abcdefghjk\n"));
  test_free(exchange(f, d, "murk 9 join defender mnpqrstuvw\n"));
  test_free(take(f, a));
  net_host_close(f->h, d);
  char* s = take(f, a);
  assert_true(starts(s, "left =the%20defender's%20player%20has%20left"));
  test_free(s);
  int x = net_host_open(f->h); /* never joins */
  net_host_close(f->h, x);
  s = take(f, a);
  assert_string_equal(s, "");
  test_free(s);
  d = net_host_open(f->h);
  s = exchange(f, d, "murk 9 join defender mnpqrstuvw\n");
  assert_null(strstr(s, "left ")); /* never its own */
  test_free(s);
  s = take(f, a);
  assert_string_equal(s, "back =the%20defender's%20player%20is%20back\n");
  test_free(s);
  fx_free(f);
}

static void test_seats(void** state) {
  (void)state;
  struct fx* f = fx_new(true);
  net_host_clock(f->h, 1000);
  int a = net_host_open(f->h);
  char* s = exchange(f, a, "murk 9 join attacker mnpqr-stuvw\n"); /* the defender's code */
  assert_string_equal(s, "badcode 2\n");
  test_free(s);
  s = exchange(f, a, "murk 9 join attacker abcde-fghjj\n");
  assert_string_equal(s, "badcode 1\n");
  test_free(s);
  assert_int_equal(say(f, a, "murk 9 join attacker zzzzz-zzzzz\n"), 0);
  s = take(f, a);
  assert_true(starts(s, "bye =wrong%20join%20code"));
  test_free(s);
  assert_true(net_host_closing(f->h, a));
  assert_int_equal(f->pass[0][0], '\0'); /* nothing was set */
  net_host_close(f->h, a);
  /* The right code (any case, any dashes), then the passphrase: the seat is the player's. */
  a = net_host_open(f->h);
  s = exchange(f, a, "murk 9 join attacker ABCDEFG-HJK\npass =red\n");
  assert_non_null(strstr(s, "hello 9 attacker set 3 argon2id13:ops=3:mem=65536\npassok\n"));
  test_free(s);
  assert_int_equal(net_host_side(f->h, a), MURK_ATTACKER);
  /* A second claim, code and passphrase right: refused, the seated player kept. */
  int b = net_host_open(f->h);
  s = exchange(f, b, "murk 9 join attacker abcdefghjk\n");
  assert_true(starts(s, "bye =the%20attacker's%20seat%20is%20taken"));
  test_free(s);
  net_host_close(f->h, b);
  s = take(f, a);
  assert_string_equal(s, "");
  test_free(s);
  /* Seven connections that never speak, and one with the right code that gives no
   * passphrase yet: every slot taken. */
  int idle[NET_HOST_CLIENTS];
  int nidle = 0;
  for (int i = 0; i < NET_HOST_CLIENTS - 2; i++) {
    net_host_clock(f->h, 2000 + i);
    idle[nidle++] = net_host_open(f->h);
    assert_true(idle[nidle - 1] >= 0);
  }
  int d = net_host_open(f->h);
  test_free(exchange(f, d, "murk 9 join defender mnpqrstuvw\n"));
  /* The next connection takes the place of the oldest idle one, never a seat's. */
  net_host_clock(f->h, 3000);
  int late = net_host_open(f->h);
  assert_int_equal(late, idle[0]);
  assert_int_equal(net_host_side(f->h, a), MURK_ATTACKER);
  /* Idle ones are told bye once the default time for a code has passed; the defender's
   * claimant, its code given, has longer for its passphrase. */
  net_host_clock(f->h, 2000 + NET_CODE_MS + NET_HOST_CLIENTS);
  long long next = net_host_expire(f->h);
  for (int i = 1; i < nidle; i++) {
    assert_true(net_host_closing(f->h, idle[i]));
    s = take(f, idle[i]);
    assert_true(starts(s, "bye =no%20join%20code%20within%2010%20seconds"));
    test_free(s);
    net_host_close(f->h, idle[i]);
  }
  assert_false(net_host_closing(f->h, late));
  assert_false(net_host_closing(f->h, d));
  assert_false(net_host_closing(f->h, a));
  assert_true(next > 0 && next <= 1000);
  s = exchange(f, d, "pass =blue\n");
  assert_int_equal(views_in(s, MURK_DEFENDER), 1);
  test_free(s);
  /* Seated players are never timed out. */
  net_host_clock(f->h, 10000000);
  net_host_expire(f->h);
  assert_true(net_host_closing(f->h, late));
  assert_false(net_host_closing(f->h, a));
  assert_false(net_host_closing(f->h, d));
  fx_free(f);
}

/* A claimant with the right code has NET_PASS_MS for its passphrase, then bye. */
static void test_pass_timeout(void** state) {
  (void)state;
  struct fx* f = fx_new(true);
  net_host_clock(f->h, 0);
  int a = net_host_open(f->h);
  test_free(exchange(f, a, "murk 9 join attacker abcdefghjk\n"));
  net_host_clock(f->h, NET_PASS_MS - 1);
  assert_int_equal(net_host_expire(f->h), 1);
  assert_false(net_host_closing(f->h, a));
  net_host_clock(f->h, NET_PASS_MS);
  assert_int_equal(net_host_expire(f->h), -1);
  assert_true(net_host_closing(f->h, a));
  char* s = take(f, a);
  assert_true(starts(s, "bye =no%20passphrase"));
  test_free(s);
  fx_free(f);
}

/* A resumed sealed save (murk host --load): no game until both players have given their
 * passphrases; the first to join is told why it waits, and gets its view when the second's
 * passphrase opens the game. */
struct resumed {
  struct fx* f;
  bool have[2];
};
static enum net_pass_mode resumed_mode(void* ctx, enum murk_side side) {
  (void)ctx;
  (void)side;
  return NET_PASS_CHECK;
}
static bool resumed_check(void* ctx, enum murk_side side, const char* pass, size_t len) {
  struct resumed* r = ctx;
  if (!check_pass(r->f, side, pass, len)) return false;
  r->have[side] = true;
  if (r->have[0] && r->have[1]) net_host_set_game(r->f->h, r->f->g);
  return true;
}
static bool resumed_ready(void* ctx) {
  struct resumed* r = ctx;
  return r->have[0] && r->have[1];
}
static void resumed_wait(void* ctx, enum murk_side side, char* buf, size_t n) {
  (void)ctx;
  snprintf(buf, n, "waiting for the %s", murk_side_name(murk_side_other(side)));
}

static void test_resumed_sealed(void** state) {
  (void)state;
  struct fx* f = fx_new(true);
  snprintf(f->pass[0], sizeof f->pass[0], "apass");
  snprintf(f->pass[1], sizeof f->pass[1], "dpass");
  struct resumed r = {.f = f};
  net_host_free(f->h);
  struct net_host_opts o = {.g = NULL,
                            .ctx = &r,
                            .codes = {ACODE, DCODE},
                            .pass_mode = resumed_mode,
                            .check_pass = resumed_check,
                            .set_pass = set_pass,
                            .ready = resumed_ready,
                            .changed = changed,
                            .why_wait = resumed_wait};
  assert_int_equal(net_host_new(&o, &f->h), MURK_OK);
  int a = net_host_open(f->h), d = net_host_open(f->h);
  char* s = exchange(f, a, "murk 9 join attacker abcdefghjk\n");
  assert_string_equal(s, "hello 9 attacker check secret -\n"); /* no game yet: sealed dice */
  test_free(s);
  s = exchange(f, a, "pass =dpass\n");
  assert_string_equal(s, "passbad 2\n");
  test_free(s);
  s = exchange(f, a, "pass =apass\n");
  assert_string_equal(s, "passok\nwait =waiting%20for%20the%20defender\n");
  test_free(s);
  /* A command before the game: refused, the client kept. */
  s = exchange(f, a, "cmd =end\n");
  assert_true(strncmp(s, "no 0 =", 6) == 0);
  test_free(s);
  test_free(exchange(f, a, "undo\n"));
  /* The defender's passphrase opens the game: both get their views. */
  s = exchange(f, d, "murk 9 join defender mnpqrstuvw\npass =dpass\n");
  assert_int_equal(views_in(s, MURK_DEFENDER), 1);
  test_free(s);
  s = take(f, a);
  assert_int_equal(views_in(s, MURK_ATTACKER), 1);
  test_free(s);
  s = exchange(f, a, "cmd =objective%20at%2018,01\n");
  assert_non_null(strstr(s, "view end\nok\n"));
  test_free(s);
  fx_free(f);
}

static void test_garbage(void** state) {
  (void)state;
  struct fx* f = fx_new(false);
  static const char* const bad[] = {"hello\n",
                                    "murk 6 join umpire\n",
                                    "murk 9 join attacker abcdefghjk\nmove T1\n",
                                    "murk 9 join attacker abcdefghjk\ncmd =a b\n",
                                    "murk 9 join attacker abcdefghjk\ncmd =%0\n",
                                    "murk 9 join attacker abcdefghjk\n\n",
                                    "murk x join attacker\n"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    int c = net_host_open(f->h);
    assert_int_equal(say(f, c, bad[i]), -1);
    net_host_close(f->h, c);
  }
  int c = net_host_open(f->h);
  char* s = exchange(f, c, "murk 6 join attacker abcdefghjk\n");
  assert_true(strncmp(s, "bye =", 5) == 0);
  test_free(s);
  net_host_close(f->h, c);
  /* A line over the bound, in pieces. */
  c = net_host_open(f->h);
  char* big = test_malloc(4096);
  memset(big, 'x', 4096);
  int rc = 0;
  for (int i = 0; i < 3 && rc == 0; i++) rc = net_host_input(f->h, c, big, 4096);
  assert_int_equal(rc, -1);
  test_free(big);
  net_host_close(f->h, c);
  assert_int_equal(murk_game_log_count(f->g), 0);
  fx_free(f);
}

/* ---- twin games through the host ----
 *
 * Nothing on the wire a side may not know: two games its side S cannot tell apart (S's
 * view, its events included, the same byte for byte) whose enemy played differently (one
 * command of the enemy's run left out: another count of commands, another truth) are
 * played through the host's message code, each command sent by its side's client; every
 * byte S's client receives must be the same in both, up to and including the answers to
 * S's probes. (Twins are made as test_twins.c makes them, by replaying the
 * enemy's run with a change, and kept only when S's knowledge agrees.) */

#define TWIN_LINES 400

struct script {
  char line[TWIN_LINES][160];
  enum murk_side side[TWIN_LINES];
  int n;
};

/* A side's view written as the wire writes it, less the host's own words. */
static char* view_bytes(const struct murk_game* g, enum murk_side side) {
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, side, &v), MURK_OK);
  struct net_buf b = {0};
  net_view_write(v, 0, &b);
  murk_view_free(v);
  assert_false(b.failed);
  return b.p;
}

/* The game of mission m and seed made by sc's lines, or NULL when one is refused. */
static struct murk_game* play_script(const struct murk_mission* m, uint64_t seed,
                                     const struct script* sc) {
  struct murk_game* g = NULL;
  assert_int_equal(murk_game_new(m, seed, &g), MURK_OK);
  for (int i = 0; i < sc->n; i++) {
    char why[256];
    int col = 0;
    if (murk_game_apply_line(g, sc->side[i], sc->line[i], why, sizeof why, &col) != MURK_OK) {
      murk_game_free(g);
      return NULL;
    }
  }
  return g;
}

/* Are a and b twins for s: the same for s, not the same for the umpire? */
static bool twins_for(const struct murk_game* a, const struct murk_game* b, enum murk_side s) {
  char *ka = view_bytes(a, s), *kb = view_bytes(b, s);
  char *ua = view_bytes(a, MURK_NO_SIDE), *ub = view_bytes(b, MURK_NO_SIDE);
  bool twins = murk_game_to_act(a) == s && murk_game_to_act(b) == s && !strcmp(ka, kb) &&
               strcmp(ua, ub) != 0;
  murk_free(ka);
  murk_free(kb);
  murk_free(ua);
  murk_free(ub);
  return twins;
}

struct wire_log {
  char* p;
  size_t n;
};

static void log_take(struct net_host* h, int c, struct wire_log* w) {
  size_t len;
  const char* out = net_host_output(h, c, &len);
  w->p = test_realloc(w->p, w->n + len + 1);
  memcpy(w->p + w->n, out, len);
  w->n += len;
  w->p[w->n] = '\0';
  net_host_sent(h, c, len);
}

static bool no_pass_ready(void* ctx) {
  (void)ctx;
  return true;
}
static enum net_pass_mode no_pass(void* ctx, enum murk_side side) {
  (void)ctx;
  (void)side;
  return NET_PASS_NONE;
}
static void no_change(void* ctx) {
  (void)ctx;
}

/* Play sc through a host, both sides joined; then s sends `probe` and an undo. What each
 * side's client received, into got[side]. */
static void through_host(const struct murk_mission* m, uint64_t seed, const struct script* sc,
                         enum murk_side s, const char* probe, struct wire_log got[2]) {
  struct murk_game* g = NULL;
  assert_int_equal(murk_game_new(m, seed, &g), MURK_OK);
  struct net_host_opts o = {.g = g,
                            .codes = {ACODE, DCODE},
                            .pass_mode = no_pass,
                            .ready = no_pass_ready,
                            .changed = no_change};
  struct net_host* h = NULL;
  assert_int_equal(net_host_new(&o, &h), MURK_OK);
  int c[2];
  for (int side = 0; side < 2; side++) {
    c[side] = net_host_open(h);
    char join[64];
    snprintf(join, sizeof join, "murk %d join %s %s\n", NET_PROTOCOL,
             murk_side_name((enum murk_side)side), side ? DCODE : ACODE);
    assert_int_equal(net_host_input(h, c[side], join, strlen(join)), 0);
  }
  struct net_buf b = {0};
  for (int i = 0; i <= sc->n; i++) {
    net_buf_reset(&b);
    enum murk_side who = i < sc->n ? sc->side[i] : s;
    net_buf_addf(&b, "cmd");
    net_buf_str(&b, i < sc->n ? sc->line[i] : probe, 1024);
    net_buf_eol(&b);
    if (i == sc->n) net_buf_add(&b, "undo\n", 5);
    assert_int_equal(net_host_input(h, c[who], b.p, b.len), 0);
    for (int side = 0; side < 2; side++) log_take(h, c[side], &got[side]);
  }
  net_buf_free(&b);
  net_host_free(h);
  murk_game_free(g);
}

static void test_twins_on_the_wire(void** state) {
  (void)state;
  static const char* const names[] = {"night-saint-aubin", "luneville", "li-hohenfeld"};
  int found = 0;
  static struct script a, b;
  for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
    struct murk_mission* m = load_bundled(names[k]);
    /* Under double_blind, where a dropped enemy command can stay out of the side's sight:
     * on the texts' open table every move is in view, and twins are few. */
    char err[200];
    assert_int_equal(murk_mission_add_rules(m, "double_blind", err, sizeof err), MURK_OK);
    for (uint64_t seed = 1; seed <= 3; seed++) {
      /* Game A: both sides by the random player. */
      struct murk_game* g = NULL;
      assert_int_equal(murk_game_new(m, seed, &g), MURK_OK);
      struct murk_sim sim;
      murk_sim_init(&sim, g, MURK_POLICY_RANDOM, MURK_POLICY_RANDOM, seed);
      while (murk_game_log_count(g) < TWIN_LINES && murk_game_phase(g) != MURK_PHASE_OVER &&
             murk_sim_step(&sim) == MURK_OK) {
      }
      a.n = (int)murk_game_log_count(g);
      for (int i = 0; i < a.n; i++) {
        snprintf(a.line[i], sizeof a.line[i], "%s", murk_game_log_line(g, (size_t)i));
        a.side[i] = murk_game_log_side(g, (size_t)i);
      }
      murk_sim_free(&sim);
      murk_game_free(g);
      /* At the end of each run of the enemy's: that run less one of its commands. */
      int tried = 0;
      for (int end = 1; end < a.n && tried < 40; end++) {
        enum murk_side s = a.side[end];
        if (a.side[end - 1] == s) continue;
        int from = end - 1;
        while (from > 0 && a.side[from - 1] != s) from--;
        struct script pa = a;
        pa.n = end;
        struct murk_game* ga = play_script(m, seed, &pa);
        assert_non_null(ga);
        for (int drop = from; drop < end && tried < 40; drop++) {
          if (!strncmp(a.line[drop], "end", 3)) continue;
          tried++;
          b.n = 0;
          for (int i = 0; i < end; i++)
            if (i != drop) {
              memcpy(b.line[b.n], a.line[i], sizeof b.line[0]);
              b.side[b.n++] = a.side[i];
            }
          struct murk_game* gb = play_script(m, seed, &b);
          bool twins = gb && twins_for(ga, gb, s);
          murk_game_free(gb);
          if (!twins) continue;
          /* The twins through the host, then S's probes: a command the game refuses, an
           * undo. (S's own next command may roll: the dice go on from the enemy's hidden
           * rolls, which the twins' truth decides, as test_twins.c allows.) */
          struct wire_log wa[2], wb[2];
          memset(wa, 0, sizeof wa);
          memset(wb, 0, sizeof wb);
          through_host(m, seed, &pa, s, "move T999 to 0,0", wa);
          through_host(m, seed, &b, s, "move T999 to 0,0", wb);
          if (wa[s].n != wb[s].n || memcmp(wa[s].p, wb[s].p, wa[s].n) != 0) {
            size_t at = 0;
            while (at < wa[s].n && at < wb[s].n && wa[s].p[at] == wb[s].p[at]) at++;
            fail_msg("%s seed %u: the %s's bytes differ at %zu without '%s': %.80s | %.80s",
                     names[k], (unsigned)seed, murk_side_name(s), at, a.line[drop], wa[s].p + at,
                     wb[s].p + at);
          }
          /* The enemy's bytes differ (its own command count): the twins are not one game. */
          enum murk_side e = murk_side_other(s);
          assert_true(wa[e].n != wb[e].n || memcmp(wa[e].p, wb[e].p, wa[e].n) != 0);
          for (int side = 0; side < 2; side++) {
            test_free(wa[side].p);
            test_free(wb[side].p);
          }
          found++;
          break;
        }
        murk_game_free(ga);
      }
    }
    murk_mission_free(m);
  }
  /* Twins were found (the search can come back empty on a change of the players). */
  if (found < 3) fail_msg("only %d twins found", found);
}

/* Each message of the table reads back as itself, and docs/protocol.md's tables of
 * messages have a row for each. */
static void test_message_table(void** state) {
  (void)state;
  FILE* f = fopen(MURK_SOURCE_DIR "/docs/protocol.md", "rb");
  assert_non_null(f);
  static char doc[1 << 17];
  size_t len = fread(doc, 1, sizeof doc - 1, f);
  fclose(f);
  doc[len] = '\0';
  for (int k = 0; k < NET_MSG_COUNT; k++) {
    struct net_buf b = {0};
    /* The row's arguments, by its shape. */
    const char* args = net_msgs[k].args;
    if (!strcmp(args, "N join W W"))
      net_msg_put(&b, (enum net_msg)k, 7L, "defender", "mnpqrstuvw");
    else if (!strcmp(args, "N W W W W"))
      net_msg_put(&b, (enum net_msg)k, 7L, "defender", "none", "secret", "-");
    else if (!strcmp(args, "N S"))
      net_msg_put(&b, (enum net_msg)k, 7L, "a reason");
    else if (!strcmp(args, "N"))
      net_msg_put(&b, (enum net_msg)k, 7L);
    else if (!strcmp(args, "S"))
      net_msg_put(&b, (enum net_msg)k, "a b");
    else if (!strcmp(args, "W"))
      net_msg_put(&b, (enum net_msg)k, "00ff");
    else if (!strcmp(args, "W W W W"))
      net_msg_put(&b, (enum net_msg)k, "reveal", "00", "11", "22");
    else
      net_msg_put(&b, (enum net_msg)k);
    b.p[b.len - 1] = '\0';
    char* w[8];
    int n = net_split(b.p, w, 8);
    const char* a[NET_MSG_ARGS];
    assert_int_equal(net_msg_parse(w, n, net_msgs[k].to_client, a), k);
    net_buf_free(&b);
    char row[32];
    snprintf(row, sizeof row, "\n| `%s", net_msgs[k].word);
    if (!strstr(doc, row)) fail_msg("docs/protocol.md has no row for `%s`", net_msgs[k].word);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_views_only_when_due),
      cmocka_unit_test(test_spotted_owner_asked),
      cmocka_unit_test(test_spotted_wing_owner_asked),
      cmocka_unit_test(test_passphrases),
      cmocka_unit_test(test_seats),
      cmocka_unit_test(test_pass_timeout),
      cmocka_unit_test(test_garbage),
      cmocka_unit_test(test_resumed_sealed),
      cmocka_unit_test(test_message_table),
      cmocka_unit_test(test_twins_on_the_wire),
      cmocka_unit_test(test_left_and_back),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
