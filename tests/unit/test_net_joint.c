/* test_net_joint.c: the dice drawn jointly and the record both sides can verify (src/net/
 * joint.c, the host's side in host.c).
 *
 * Two clients, played by the random player from their own side's views of a shadow game,
 * join a host over bytes; each commits to a part of the dice key, sees the three
 * commitments, reveals its part; the host makes the game with the key of the three. At
 * the end each client receives the record (never before), and net_record_check accepts it
 * against what the client kept (its part, the commitments, the hash of every view). A
 * record with a changed step or part is refused, and so is an honest-looking record of a
 * host that played with another key than the joint one: the views the clients saw show its
 * rolls. A part that does not match its commitment is refused at once. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "host.h"
#include "joint.h"
#include "msg.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "sim.h"
#include "test_load.h"
#include "wire.h"

#define ACODE "abcde-fghjk"
#define DCODE "mnpqr-stuvw"

struct fx {
  struct murk_mission* m;
  struct murk_game* g; /* the host's, once drawn */
  struct net_host* h;
  bool cheat; /* the host plays with another key than the joint one */
  unsigned char key[MURK_DICE_KEY_BYTES];
};

static enum net_pass_mode no_pass(void* ctx, enum murk_side side) {
  (void)ctx;
  (void)side;
  return NET_PASS_NONE;
}
static bool ready(void* ctx) {
  return ((struct fx*)ctx)->g != NULL;
}
static void no_change(void* ctx) {
  (void)ctx;
}
static int drawn(void* ctx, const unsigned char key[MURK_DICE_KEY_BYTES],
                 const unsigned char parts[MURK_DICE_PARTS_BYTES], char* err, size_t n) {
  struct fx* f = ctx;
  (void)parts;
  (void)err;
  (void)n;
  memcpy(f->key, key, sizeof f->key);
  if (f->cheat) f->key[0] ^= 1;
  assert_int_equal(murk_game_new_keyed(f->m, f->key, &f->g), MURK_OK);
  net_host_set_game(f->h, f->g);
  return 0;
}

/* A client: what it received, its part, the commitments and its views' hashes. */
struct client {
  int slot;
  enum murk_side side;
  struct net_buf in; /* every byte received */
  size_t read;       /* of which lines were handled */
  unsigned char part[NET_JOINT_BYTES];
  struct net_memory mem;
  size_t cap, owncap;
  char view_start_seen; /* inside a view */
  size_t view_at;       /* where the view began in in */
  struct net_buf record;
  long record_lines;
  bool recorded;
  bool record_early; /* a record line came before the game was over */
};

static void say(struct fx* f, struct client* c, const char* text) {
  assert_int_equal(net_host_input(f->h, c->slot, text, strlen(text)), 0);
}

/* Take what waits for the client and handle its whole lines. */
static void pump(struct fx* f, struct client* c) {
  size_t len;
  const char* out = net_host_output(f->h, c->slot, &len);
  net_buf_add(&c->in, out, len);
  net_host_sent(f->h, c->slot, len);
  for (;;) {
    char* nl = memchr(c->in.p + c->read, '\n', c->in.len - c->read);
    if (!nl) break;
    size_t at = c->read, ll = (size_t)(nl - (c->in.p + at));
    c->read = at + ll + 1;
    char line[NET_LINE_MAX + 1];
    assert_true(ll < sizeof line);
    memcpy(line, c->in.p + at, ll);
    line[ll] = '\0';
    if (!strncmp(line, "view begin ", 11)) {
      c->view_start_seen = 1;
      c->view_at = at;
      continue;
    }
    if (c->view_start_seen) {
      if (!strcmp(line, "view end")) {
        c->view_start_seen = 0;
        unsigned char h[NET_JOINT_BYTES];
        net_joint_view_hash(c->in.p + c->view_at, c->read - c->view_at, h);
        if (c->mem.nviews == c->cap) {
          c->cap = c->cap ? 2 * c->cap : 64;
          c->mem.views = murk_realloc(c->mem.views, c->cap * sizeof *c->mem.views);
          assert_non_null(c->mem.views);
        }
        memcpy(c->mem.views[c->mem.nviews++], h, NET_JOINT_BYTES);
      }
      continue;
    }
    char* w[8];
    int n = net_split(line, w, 8);
    const char* a[NET_MSG_ARGS];
    int k = net_msg_parse(w, n, true, a);
    char hex[2 * NET_JOINT_BYTES + 1], msg[200];
    if (k == NET_MSG_DRAW) {
      unsigned char commit[NET_JOINT_BYTES];
      for (int i = 0; i < NET_JOINT_BYTES; i++) c->part[i] = (unsigned char)(rand() & 0xff);
      memcpy(c->mem.mine, c->part, NET_JOINT_BYTES);
      net_joint_commit(c->part, commit);
      net_hex32(commit, hex);
      snprintf(msg, sizeof msg, "commit %s\n", hex);
      say(f, c, msg);
    } else if (k == NET_MSG_JOINT) {
      for (int p = 0; p < NET_PARTIES; p++)
        assert_true(net_unhex32(a[p + 1], strlen(a[p + 1]), c->mem.commits[p]));
      c->mem.has_commits = true;
      if (!strcmp(a[0], "reveal")) {
        net_hex32(c->part, hex);
        snprintf(msg, sizeof msg, "reveal %s\n", hex);
        say(f, c, msg);
      }
    } else if (k == NET_MSG_RECORD) {
      if (!f->g || murk_game_phase(f->g) != MURK_PHASE_OVER) c->record_early = true;
      char* t = net_str_dup(a[0]);
      assert_non_null(t);
      net_buf_add(&c->record, t, strlen(t));
      net_buf_eol(&c->record);
      murk_free(t);
      c->record_lines++;
    } else if (k == NET_MSG_RECORDED) {
      long nl2 = 0;
      assert_true(net_int(a[0], 0, 100000000, &nl2));
      assert_int_equal(nl2, c->record_lines);
      c->recorded = true;
    }
  }
}

/* A step of the client's own the host took: kept, as murk join keeps it. */
static void own(struct client* c, const char* line) {
  if (c->mem.nown == c->owncap) {
    c->owncap = c->owncap ? 2 * c->owncap : 64;
    c->mem.own = murk_realloc(c->mem.own, c->owncap * sizeof *c->mem.own);
    assert_non_null(c->mem.own);
  }
  char* copy = NULL;
  if (line) {
    copy = murk_malloc(strlen(line) + 1);
    assert_non_null(copy);
    strcpy(copy, line);
  }
  c->mem.own[c->mem.nown++] = (struct net_step){c->side, copy};
}

static void pump_all(struct fx* f, struct client c[2]) {
  for (int round = 0; round < 4; round++)
    for (int s = 0; s < 2; s++) pump(f, &c[s]);
}

/* Join both clients, draw the key jointly, then play the game with the random player of
 * each side (from a shadow game with the host's key), with one undo on the way, until a
 * side concedes in its second turn. */
static void play(struct fx* f, struct client c[2]) {
  struct net_host_opts o = {.ctx = f,
                            .codes = {ACODE, DCODE},
                            .pass_mode = no_pass,
                            .ready = ready,
                            .changed = no_change,
                            .drawn = drawn};
  static const unsigned char host_part[NET_JOINT_BYTES] = {7, 7, 7};
  o.joint = host_part;
  assert_int_equal(net_host_new(&o, &f->h), MURK_OK);
  for (int s = 0; s < 2; s++) {
    memset(&c[s], 0, sizeof c[s]);
    c[s].side = (enum murk_side)s;
    c[s].mem.side = c[s].side;
    c[s].slot = net_host_open(f->h);
    char join[64];
    snprintf(join, sizeof join, "murk %d join %s %s\n", NET_PROTOCOL,
             murk_side_name((enum murk_side)s), s ? DCODE : ACODE);
    say(f, &c[s], join);
  }
  pump_all(f, c);
  assert_non_null(f->g); /* drawn: the three parts are in */
  for (int s = 0; s < 2; s++) assert_true(c[s].mem.nviews >= 1);
  struct murk_game* shadow = NULL;
  assert_int_equal(murk_game_new_keyed(f->m, f->key, &shadow), MURK_OK);
  struct murk_sim sim;
  murk_sim_init(&sim, shadow, MURK_POLICY_RANDOM, MURK_POLICY_RANDOM, 5);
  bool undone = false;
  struct net_buf b = {0};
  while (murk_game_phase(shadow) != MURK_PHASE_OVER) {
    assert_true(murk_game_log_count(shadow) < 3000);
    enum murk_side s = murk_game_to_act(shadow);
    char reason[200];
    int col;
    bool concede =
        murk_game_turn(shadow) >= 2 &&
        murk_game_apply_line(shadow, s, "concede", reason, sizeof reason, &col) == MURK_OK;
    if (!concede) assert_int_equal(murk_sim_step(&sim), MURK_OK);
    size_t n = murk_game_log_count(shadow);
    net_buf_reset(&b);
    net_buf_addf(&b, "cmd");
    net_buf_str(&b, murk_game_log_line(shadow, n - 1), 1024);
    net_buf_eol(&b);
    say(f, &c[murk_game_log_side(shadow, n - 1)], b.p);
    pump_all(f, c);
    assert_int_equal(murk_game_log_count(f->g), n);
    own(&c[murk_game_log_side(shadow, n - 1)], murk_game_log_line(shadow, n - 1));
    if (!undone && murk_game_undoable(shadow) > 0 && murk_game_phase(shadow) != MURK_PHASE_OVER) {
      char line[1100];
      snprintf(line, sizeof line, "%s", murk_game_log_line(shadow, n - 1));
      enum murk_side who = murk_game_log_side(shadow, n - 1);
      say(f, &c[who], "undo\n");
      pump_all(f, c);
      assert_int_equal(murk_game_log_count(f->g), n - 1);
      own(&c[who], NULL);
      assert_int_equal(murk_game_undo(shadow, reason, sizeof reason), MURK_OK);
      assert_int_equal(murk_game_apply_line(shadow, who, line, reason, sizeof reason, &col),
                       MURK_OK);
      say(f, &c[who], b.p);
      pump_all(f, c);
      own(&c[who], line);
      undone = true;
    }
  }
  assert_true(undone);
  net_buf_free(&b);
  murk_sim_free(&sim);
  murk_game_free(shadow);
}

static void done(struct fx* f, struct client c[2]) {
  for (int s = 0; s < 2; s++) {
    net_buf_free(&c[s].in);
    net_buf_free(&c[s].record);
    murk_free(c[s].mem.views);
    for (size_t i = 0; i < c[s].mem.nown; i++) murk_free(c[s].mem.own[i].line);
    murk_free(c[s].mem.own);
  }
  net_host_free(f->h);
  murk_game_free(f->g);
}

/* Check client c's record; 0 or -1 with why. */
static int check(struct fx* f, struct client* c, char* text, char* why, size_t n) {
  struct net_record r;
  char err[200];
  if (net_record_parse(text, strlen(text), &r, err, sizeof err) != 0) {
    snprintf(why, n, "%s", err);
    net_record_free(&r);
    return -1;
  }
  int rc = net_record_check(f->m, f->g, &r, &c->mem, why, n);
  net_record_free(&r);
  return rc;
}

static char* copy(const struct net_buf* b) {
  char* s = test_malloc(b->len + 1);
  memcpy(s, b->p, b->len);
  s[b->len] = '\0';
  return s;
}

/* Check client c's record as it received it. */
static int recheck(struct fx* f, struct client* c, char* why, size_t n) {
  char* t = copy(&c->record);
  int rc = check(f, c, t, why, n);
  test_free(t);
  return rc;
}

static void test_honest_host(void** state) {
  (void)state;
  struct fx f = {.m = load_bundled("luneville")};
  struct client c[2];
  srand(11);
  play(&f, c);
  for (int s = 0; s < 2; s++) {
    assert_true(c[s].recorded);
    assert_false(c[s].record_early);
    /* Before the end, nothing of another party's part went to the client. */
    for (int p = 0; p < NET_PARTIES; p++) {
      struct net_record r;
      char* t = copy(&c[s].record);
      char err[200];
      assert_int_equal(net_record_parse(t, strlen(t), &r, err, sizeof err), 0);
      char hex[2 * NET_JOINT_BYTES + 1];
      net_hex32(r.contrib[p], hex);
      const char* first = strstr(c[s].in.p, hex);
      const char* rec = strstr(c[s].in.p, "\nrecord ");
      assert_non_null(rec);
      if (p != (int)net_party_of((enum murk_side)s)) assert_true(!first || first > rec);
      net_record_free(&r);
      test_free(t);
    }
    char why[600];
    char* t = copy(&c[s].record);
    if (check(&f, &c[s], t, why, sizeof why) != 0) fail_msg("%s", why);
    test_free(t);
    /* The views show rolls: a key of the host's own choosing would show. */
    assert_non_null(strstr(c[s].in.p, " has_roll=1"));
  }
  /* A record changed by the host: a step, a part. */
  char why[600];
  char* t = copy(&c[0].record);
  char* step = strstr(t, "\nstep: attacker ");
  assert_non_null(step);
  step = strchr(step + 1, '\n'); /* its last character: a cell's, or a platoon's number */
  assert_non_null(step);
  step[-1] = step[-1] == '1' ? '2' : '1';
  assert_int_equal(check(&f, &c[0], t, why, sizeof why), -1);
  test_free(t);
  t = copy(&c[1].record);
  char* part = strstr(t, "contribution: host ");
  assert_non_null(part);
  part[19] = part[19] == 'a' ? 'b' : 'a';
  assert_int_equal(check(&f, &c[1], t, why, sizeof why), -1);
  assert_non_null(strstr(why, "does not match the commitment"));
  test_free(t);
  /* A command the client gave that the record has otherwise (the host played another, and
   * showed it consistently), one it never gave, one left out. */
  char* kept = c[0].mem.own[0].line;
  c[0].mem.own[0].line = "objective at 1,1";
  assert_int_equal(recheck(&f, &c[0], why, sizeof why), -1);
  if (!strstr(why, "the host changed a command")) fail_msg("%s", why);
  c[0].mem.own[0].line = kept;
  c[0].mem.nown--;
  assert_int_equal(recheck(&f, &c[0], why, sizeof why), -1);
  if (!strstr(why, "the host added a command")) fail_msg("%s", why);
  c[0].mem.nown++;
  own(&c[0], "end");
  assert_int_equal(recheck(&f, &c[0], why, sizeof why), -1);
  if (!strstr(why, "the host left some out")) fail_msg("%s", why);
  murk_free(c[0].mem.own[--c[0].mem.nown].line);
  if (recheck(&f, &c[0], why, sizeof why) != 0) fail_msg("%s", why);
  /* A host resumed from its save after an undo knows neither the command taken back nor
   * the undo (a save keeps the commands that stand): its record leaves both out, and the
   * client that gave them replays its own; the other never saw them. */
  t = copy(&c[0].record);
  char* undo = strstr(t, "\nstep: undo\n");
  assert_non_null(undo);
  char* prev = undo - 1;
  while (prev > t && prev[-1] != '\n') prev--;
  enum murk_side who = strncmp(prev, "step: attacker ", 15) == 0 ? MURK_ATTACKER : MURK_DEFENDER;
  memmove(prev, undo + 12, strlen(undo + 12) + 1);
  assert_null(strstr(t, "\nstep: undo\n"));
  for (int s = 0; s < 2; s++) {
    char* each = test_malloc(strlen(t) + 1); /* check cuts its text's lines */
    memcpy(each, t, strlen(t) + 1);
    if (check(&f, &c[s], each, why, sizeof why) != 0)
      fail_msg("%s: %s", murk_side_name((enum murk_side)s), why);
    test_free(each);
  }
  test_free(t);
  /* Its own run is the client's to replay: one the record shows otherwise is caught. */
  t = copy(&c[who].record);
  undo = strstr(t, "\nstep: undo\n");
  prev = undo - 1;
  while (prev > t && prev[-1] != '\n') prev--;
  prev[strlen("step: attacker ")] = '#'; /* a comment: the command is another (empty) one */
  assert_int_equal(check(&f, &c[who], t, why, sizeof why), -1);
  if (!strstr(why, "took back there")) fail_msg("%s", why);
  test_free(t);
  /* The step asked last, whose answer never came: taken (the record has it) or not (it
   * does not), never another. */
  struct net_memory* mem = &c[0].mem;
  char* last = mem->own[mem->nown - 1].line;
  assert_non_null(last);
  mem->nown--;
  mem->has_ask = true;
  mem->ask = last;
  if (recheck(&f, &c[0], why, sizeof why) != 0) fail_msg("%s", why);
  mem->ask = "objective at 1,1";
  assert_int_equal(recheck(&f, &c[0], why, sizeof why), -1);
  if (!strstr(why, "the host added a command")) fail_msg("%s", why);
  mem->ask = NULL; /* an undo */
  assert_int_equal(recheck(&f, &c[0], why, sizeof why), -1);
  mem->nown++;
  if (recheck(&f, &c[0], why, sizeof why) != 0) fail_msg("not taken: %s", why);
  mem->has_ask = false;
  /* A view the client kept that the record does not give. */
  t = copy(&c[0].record);
  c[0].mem.views[c[0].mem.nviews / 2][3] ^= 1;
  assert_int_equal(check(&f, &c[0], t, why, sizeof why), -1);
  assert_non_null(strstr(why, "is not the attacker's view"));
  test_free(t);
  done(&f, c);
  murk_mission_free(f.m);
}

static void test_cheating_host(void** state) {
  (void)state;
  struct fx f = {.m = load_bundled("luneville"), .cheat = true};
  struct client c[2];
  srand(12);
  play(&f, c);
  /* The record is the honest parts and the commands played: replayed with the joint key,
   * its rolls are not the ones the clients were shown. */
  for (int s = 0; s < 2; s++) {
    char why[600];
    char* t = copy(&c[s].record);
    assert_int_equal(check(&f, &c[s], t, why, sizeof why), -1);
    if (!strstr(why, "is not the")) fail_msg("%s", why);
    test_free(t);
  }
  done(&f, c);
  murk_mission_free(f.m);
}

static void test_bad_reveal(void** state) {
  (void)state;
  struct fx f = {.m = load_bundled("luneville")};
  struct net_host_opts o = {.ctx = &f,
                            .codes = {ACODE, DCODE},
                            .pass_mode = no_pass,
                            .ready = ready,
                            .changed = no_change,
                            .drawn = drawn};
  static const unsigned char host_part[NET_JOINT_BYTES] = {1};
  o.joint = host_part;
  assert_int_equal(net_host_new(&o, &f.h), MURK_OK);
  int a = net_host_open(f.h), d = net_host_open(f.h);
  unsigned char part[NET_JOINT_BYTES] = {2}, commit[NET_JOINT_BYTES];
  net_joint_commit(part, commit);
  char hex[2 * NET_JOINT_BYTES + 1], msg[200];
  net_hex32(commit, hex);
  snprintf(msg, sizeof msg, "murk %d join attacker %s\ncommit %s\n", NET_PROTOCOL, ACODE, hex);
  assert_int_equal(net_host_input(f.h, a, msg, strlen(msg)), 0);
  /* A reveal before the commitments are shown breaks the protocol. */
  snprintf(msg, sizeof msg, "murk %d join defender %s\ncommit %s\n", NET_PROTOCOL, DCODE, hex);
  assert_int_equal(net_host_input(f.h, d, msg, strlen(msg)), 0);
  size_t len;
  const char* out = net_host_output(f.h, a, &len);
  assert_non_null(strstr(out, "joint reveal "));
  /* Another part than the one committed to: bye, and no game. */
  unsigned char other[NET_JOINT_BYTES] = {3};
  net_hex32(other, hex);
  snprintf(msg, sizeof msg, "reveal %s\n", hex);
  net_host_input(f.h, a, msg, strlen(msg));
  out = net_host_output(f.h, a, &len);
  assert_non_null(strstr(out, "bye =your%20part%20of%20the%20dice%20key%20does%20not%20match"));
  assert_null(f.g);
  net_host_free(f.h);
  murk_mission_free(f.m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_honest_host),
      cmocka_unit_test(test_cheating_host),
      cmocka_unit_test(test_bad_reveal),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
