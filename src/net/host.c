/* host.c: the host's side of the protocol, over bytes (host.h, docs/protocol.md). */
#include "host.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "msg.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/view.h"
#include "sodium.h"
#include "viewio.h"

#define CMD_MAX 1024 /* bytes of one command line */

struct client {
  bool open;
  bool joined; /* sent its join line with the side's right code */
  bool authed; /* proved its side (or needs not) */
  bool closing;
  bool recorded; /* was sent the game's record (joint.h) */
  enum murk_side side;
  int tries;
  int code_tries;
  long long since; /* when it connected, or when its code was right */
  struct net_reader rd;
  struct net_buf out;
  size_t sent;
};

struct net_host {
  struct net_host_opts o;
  struct client c[NET_HOST_CLIENTS];
  int cur; /* the slot whose line is being read */
  long long now;
  char codes[2][NET_CODE_LEN + 1]; /* "" : any code */
  /* The dice drawn jointly (joint.h): each party's part and commitment, which are in, and
   * whether the commitments went out (then none changes) and the key was made. */
  bool joint;
  unsigned char contrib[NET_PARTIES][NET_JOINT_BYTES];
  unsigned char commits[NET_PARTIES][NET_JOINT_BYTES];
  bool committed[NET_PARTIES], revealed[NET_PARTIES];
  bool shown, drawn;
  bool lost;    /* a step could not be kept (out of memory): no record */
  bool away[2]; /* the side's player left after taking its seat (the other was told) */
  /* Every step the game took, in order (commands and undos): the record's. */
  struct net_step* steps;
  size_t nsteps, capsteps;
};

/* May the game be played: the caller says so, and the dice were drawn. */
static bool is_ready(const struct net_host* h) {
  return h->o.ready(h->o.ctx) && (!h->joint || h->drawn);
}

static bool add_step(struct net_host* h, enum murk_side side, const char* line) {
  if (h->nsteps == h->capsteps) {
    size_t nc = h->capsteps ? 2 * h->capsteps : 64;
    struct net_step* ns = murk_realloc(h->steps, nc * sizeof *ns);
    if (!ns) return false;
    h->steps = ns;
    h->capsteps = nc;
  }
  char* copy = NULL;
  if (line) {
    size_t n = strlen(line) + 1;
    if (!(copy = murk_malloc(n))) return false;
    memcpy(copy, line, n);
  }
  h->steps[h->nsteps++] = (struct net_step){side, copy};
  return true;
}

void net_host_clock(struct net_host* h, long long now_ms) {
  h->now = now_ms;
}

int net_host_new(const struct net_host_opts* o, struct net_host** out) {
  *out = murk_calloc(1, sizeof **out);
  if (!*out) return MURK_ENOMEM;
  (*out)->o = *o;
  for (int side = 0; side < 2; side++)
    if (o->codes[side] && !net_code_normal(o->codes[side], (*out)->codes[side])) {
      murk_free(*out);
      *out = NULL;
      return MURK_EINVAL;
    }
  if ((*out)->o.code_ms <= 0) (*out)->o.code_ms = NET_CODE_MS;
  if (o->g) net_host_set_game(*out, o->g);
  if (o->joint) {
    struct net_host* h = *out;
    h->joint = true;
    memcpy(h->contrib[NET_PARTY_HOST], o->joint, NET_JOINT_BYTES);
    net_joint_commit(h->contrib[NET_PARTY_HOST], h->commits[NET_PARTY_HOST]);
    h->committed[NET_PARTY_HOST] = h->revealed[NET_PARTY_HOST] = true;
  }
  return MURK_OK;
}

static void joint_tell(struct net_host* h, struct client* c);

void net_host_set_game(struct net_host* h, struct murk_game* g) {
  h->o.g = g;
  /* A game whose key was drawn jointly before (a resumed save): drawn, its parts kept. */
  const unsigned char* parts = g ? murk_game_dice_parts(g) : NULL;
  if (parts && !h->joint) {
    h->joint = h->shown = h->drawn = true;
    for (int p = 0; p < NET_PARTIES; p++) {
      memcpy(h->contrib[p], parts + p * NET_JOINT_BYTES, NET_JOINT_BYTES);
      net_joint_commit(h->contrib[p], h->commits[p]);
      h->committed[p] = h->revealed[p] = true;
    }
    /* Those who joined while the game waited (a sealed save opens with both passphrases)
     * are shown the commitments they drew with. */
    for (int k = 0; k < NET_HOST_CLIENTS; k++)
      if (h->c[k].open && h->c[k].authed && !h->c[k].closing) joint_tell(h, &h->c[k]);
  }
  /* A game that comes with commands (a resumed save): they are its first steps. */
  size_t n = g && h->nsteps == 0 ? murk_game_log_count(g) : 0;
  for (size_t i = 0; i < n; i++)
    if (!add_step(h, murk_game_log_side(g, i), murk_game_log_line(g, i))) h->lost = true;
}

void net_host_free(struct net_host* h) {
  if (!h) return;
  for (int i = 0; i < NET_HOST_CLIENTS; i++) net_host_close(h, i);
  for (size_t i = 0; i < h->nsteps; i++) murk_free(h->steps[i].line);
  murk_free(h->steps);
  sodium_memzero(h->contrib, sizeof h->contrib);
  murk_free(h);
}

int net_host_open(struct net_host* h) {
  int slot = -1;
  for (int i = 0; i < NET_HOST_CLIENTS && slot < 0; i++)
    if (!h->c[i].open) slot = i;
  /* All taken: the oldest connection without a right code gives way (a seat's claimant,
   * its code given, and a seated player never do: at most one of each a side). */
  if (slot < 0)
    for (int i = 0; i < NET_HOST_CLIENTS; i++) {
      const struct client* c = &h->c[i];
      if (c->joined || c->authed) continue;
      if (slot < 0 || c->since < h->c[slot].since) slot = i;
    }
  if (slot < 0) return -1;
  net_host_close(h, slot);
  struct client* c = &h->c[slot];
  memset(c, 0, sizeof *c);
  c->open = true;
  c->side = MURK_NO_SIDE;
  c->since = h->now;
  return slot;
}

static bool seat_taken(const struct net_host* h, const struct client* c, enum murk_side side);
static void tell_seat(struct net_host* h, const struct client* c, bool back);

void net_host_close(struct net_host* h, int i) {
  if (i < 0 || i >= NET_HOST_CLIENTS || !h->c[i].open) return;
  /* A seated player's connection ended: the other player is told (no seat holder left). */
  if (h->c[i].authed && h->c[i].side != MURK_NO_SIDE && !seat_taken(h, &h->c[i], h->c[i].side))
    tell_seat(h, &h->c[i], false);
  net_buf_free(&h->c[i].out);
  memset(&h->c[i], 0, sizeof h->c[i]);
  h->c[i].side = MURK_NO_SIDE;
}

const char* net_host_output(const struct net_host* h, int i, size_t* len) {
  const struct client* c = &h->c[i];
  *len = c->out.len - c->sent;
  return c->out.p ? c->out.p + c->sent : "";
}

void net_host_sent(struct net_host* h, int i, size_t n) {
  struct client* c = &h->c[i];
  c->sent += n;
  if (c->sent >= c->out.len) {
    net_buf_reset(&c->out);
    c->sent = 0;
  }
}

bool net_host_closing(const struct net_host* h, int i) {
  return h->c[i].closing;
}

enum murk_side net_host_side(const struct net_host* h, int i) {
  return h->c[i].authed ? h->c[i].side : MURK_NO_SIDE;
}

static void note(struct net_host* h, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void note(struct net_host* h, const char* fmt, ...) {
  if (!h->o.note) return;
  char text[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  h->o.note(h->o.ctx, text);
}

/* ---- messages to a client ---- */

static void bye(struct client* c, const char* why) {
  net_msg_put(&c->out, NET_MSG_BYE, why);
  c->closing = true;
}

/* A view of the client's side, with how many commands that side gave: never the game's
 * whole count, which holds the enemy's commands, hidden ones too. */
static void send_view(struct net_host* h, struct client* c) {
  struct murk_view* v = NULL;
  if (murk_view_build(h->o.g, c->side, &v) != MURK_OK) {
    bye(c, "the host is out of memory");
    return;
  }
  size_t own = 0, n = murk_game_log_count(h->o.g);
  for (size_t i = 0; i < n; i++) own += murk_game_log_side(h->o.g, i) == c->side;
  net_view_write(v, own, &c->out);
  murk_view_free(v);
  if (c->out.failed) bye(c, "the host is out of memory");
}

/* Once the game is over, the whole record to the client (joint.h), once: the parts of the
 * dice key and every step of both sides. Never before: it holds the enemy's hidden play. */
static void send_record(struct net_host* h, struct client* c) {
  if (!h->joint || !h->drawn || h->lost || c->recorded || c->closing ||
      murk_game_phase(h->o.g) != MURK_PHASE_OVER)
    return;
  char* text = NULL;
  size_t len = 0;
  if (net_record_text(h->o.g, (const unsigned char(*)[NET_JOINT_BYTES])h->contrib, h->steps,
                      h->nsteps, &text, &len) != MURK_OK) {
    bye(c, "the host is out of memory");
    return;
  }
  long lines = 0;
  for (char *p = text, *nl; p < text + len; p = nl + 1, lines++) {
    nl = memchr(p, '\n', (size_t)(text + len - p));
    if (!nl) nl = text + len;
    net_buf_addf(&c->out, "%s", net_msgs[NET_MSG_RECORD].word);
    net_buf_str(&c->out, p, (size_t)(nl - p));
    net_buf_eol(&c->out);
  }
  murk_free(text);
  net_msg_put(&c->out, NET_MSG_RECORDED, lines);
  c->recorded = true;
  if (c->out.failed) bye(c, "the host is out of memory");
}

/* Where the draw of the dice stands, for a client that proved its side: commit (draw), or
 * the three commitments (reveal yours, or kept: yours is in). */
static void joint_tell(struct net_host* h, struct client* c) {
  if (!h->joint) return;
  if (!h->shown) {
    net_msg_put(&c->out, NET_MSG_DRAW);
    return;
  }
  char hex[NET_PARTIES][2 * NET_JOINT_BYTES + 1];
  for (int p = 0; p < NET_PARTIES; p++) net_hex32(h->commits[p], hex[p]);
  net_msg_put(&c->out, NET_MSG_JOINT, h->revealed[net_party_of(c->side)] ? "kept" : "reveal",
              hex[0], hex[1], hex[2]);
}

long long net_host_expire(struct net_host* h) {
  long long next = -1;
  for (int i = 0; i < NET_HOST_CLIENTS; i++) {
    struct client* c = &h->c[i];
    if (!c->open || c->authed || c->closing) continue;
    long long limit = c->joined ? NET_PASS_MS : h->o.code_ms;
    long long left = c->since + limit - h->now;
    if (left <= 0) {
      char why[160];
      snprintf(why, sizeof why,
               c->joined ? "no passphrase within %lld seconds: join again"
                         : "no join code within %lld seconds: join again",
               (limit + 999) / 1000);
      note(h, "a client (%s) was dropped: %s", c->joined ? murk_side_name(c->side) : "no side",
           c->joined ? "no passphrase in time" : "no join code in time");
      bye(c, why);
    } else if (next < 0 || left < next) {
      next = left;
    }
  }
  return next;
}

static void waiting(struct net_host* h, struct client* c) {
  char why[256] = "the game starts when both players have joined once and set their passphrases";
  if (h->o.why_wait) h->o.why_wait(h->o.ctx, c->side, why, sizeof why);
  net_msg_put(&c->out, NET_MSG_WAIT, why);
}

/* Is the side's seat held by another connection that proved it? */
static bool seat_taken(const struct net_host* h, const struct client* c, enum murk_side side) {
  for (int k = 0; k < NET_HOST_CLIENTS; k++) {
    const struct client* o = &h->c[k];
    if (o != c && o->open && o->authed && !o->closing && o->side == side) return true;
  }
  return false;
}

static void seat_refused(struct net_host* h, struct client* c, enum murk_side side) {
  note(h, "a claim of the %s's seat was refused: its player is connected", murk_side_name(side));
  char why[160];
  snprintf(why, sizeof why,
           "the %s's seat is taken: its player is connected (the seat is free again when that "
           "connection ends)",
           murk_side_name(side));
  bye(c, why);
}

/* The other side's seated players hear that c's player left, or came back after leaving
 * (left, back): said only of a seat a player held, never of the game. */
static void tell_seat(struct net_host* h, const struct client* c, bool back) {
  int s = c->side == MURK_DEFENDER;
  if (back != h->away[s]) return;
  h->away[s] = !back;
  char why[160];
  snprintf(why, sizeof why,
           back ? "the %s's player is back"
                : "the %s's player has left: the game waits until they join again",
           murk_side_name(c->side));
  for (int k = 0; k < NET_HOST_CLIENTS; k++) {
    struct client* o = &h->c[k];
    if (o == c || !o->open || !o->authed || o->closing || o->side == c->side) continue;
    net_msg_put(&o->out, back ? NET_MSG_BACK : NET_MSG_LEFT, why);
  }
}

/* The client proved its side: it takes the side's seat, unless a connection holds it (a
 * seated player is never displaced), and gets its view once the game may be played. */
static void welcome(struct net_host* h, int i) {
  struct client* c = &h->c[i];
  if (seat_taken(h, c, c->side)) {
    seat_refused(h, c, c->side);
    return;
  }
  c->authed = true;
  note(h, "the %s joined", murk_side_name(c->side));
  tell_seat(h, c, true);
  joint_tell(h, c);
  if (is_ready(h)) {
    send_view(h, c);
    send_record(h, c);
  } else {
    waiting(h, c);
  }
}

/* After the game changed by side's doing: the other side's player gets a view when its turn
 * came (or the game ended), never for the enemy's steps in between (how many commands the
 * enemy gave is not theirs to know). */
static void tell_other(struct net_host* h, enum murk_side side, enum murk_side before) {
  enum murk_side now = murk_game_to_act(h->o.g);
  bool over = murk_game_phase(h->o.g) == MURK_PHASE_OVER;
  for (int k = 0; k < NET_HOST_CLIENTS; k++) {
    struct client* o = &h->c[k];
    if (!o->open || !o->authed || o->closing || o->side == side) continue;
    if (over || (now == o->side && before != o->side)) send_view(h, o);
    send_record(h, o);
  }
}

/* The host can no longer keep the game (stopped says why): every client is told, and what
 * was just done is not acknowledged. True when stopped. */
static bool stopping(struct net_host* h) {
  const char* why = h->o.stopped ? h->o.stopped(h->o.ctx) : NULL;
  if (!why) return false;
  for (int k = 0; k < NET_HOST_CLIENTS; k++)
    if (h->c[k].open && !h->c[k].closing) bye(&h->c[k], why);
  return true;
}

/* ---- messages from a client ---- */

static int on_join(struct net_host* h, struct client* c, char** w, int n) {
  const char* a[NET_MSG_ARGS];
  long version;
  if (net_msg_parse(w, n, false, a) != NET_MSG_JOIN || !net_int(a[0], 0, 1000000, &version))
    return -1;
  if (version != NET_PROTOCOL) {
    char why[96];
    snprintf(why, sizeof why, "this host speaks version %d of the protocol", NET_PROTOCOL);
    bye(c, why);
    return 1;
  }
  enum murk_side side = murk_side_parse(a[1]);
  if (side == MURK_NO_SIDE) return -1;
  char code[NET_CODE_LEN + 1];
  bool right = net_code_normal(a[2], code);
  if (h->codes[side][0]) right = right && sodium_memcmp(code, h->codes[side], NET_CODE_LEN) == 0;
  if (!right) {
    c->code_tries++;
    note(h, "a wrong join code for the %s", murk_side_name(side));
    if (c->code_tries >= NET_CODE_TRIES) {
      bye(c, "wrong join code, three times");
      return 1;
    }
    net_msg_put(&c->out, NET_MSG_BADCODE, (long)(NET_CODE_TRIES - c->code_tries));
    c->since = h->now; /* time to type it again: three tries at most */
    return 0;
  }
  if (seat_taken(h, c, side)) {
    seat_refused(h, c, side);
    return 1;
  }
  /* One claimant a side: one who has the code claims again (a passphrase prompt left). */
  for (int k = 0; k < NET_HOST_CLIENTS; k++) {
    struct client* o = &h->c[k];
    if (o != c && o->open && o->joined && !o->authed && !o->closing && o->side == side)
      bye(o, "the same side was claimed again from another terminal");
  }
  c->joined = true;
  c->side = side;
  c->since = h->now;
  enum net_pass_mode mode = h->o.pass_mode(h->o.ctx, side);
  /* The dice: a known seed is shown on both screens (the game can be replayed), as at one
   * keyboard; secret dice are only said to be secret. No game yet: a sealed save waiting
   * for its passphrases, and a sealed game's dice are secret. */
  char dice[32] = "secret";
  if (h->o.g && !murk_game_dice_key(h->o.g))
    snprintf(dice, sizeof dice, "%" PRIu64, murk_game_seed(h->o.g));
  unsigned long long ops = 0;
  size_t mem = 0;
  char cost[64];
  if (h->o.cost && h->o.cost(h->o.ctx, &ops, &mem))
    net_cost_word(ops, mem, cost, sizeof cost);
  else
    snprintf(cost, sizeof cost, "-");
  net_msg_put(&c->out, NET_MSG_HELLO, (long)NET_PROTOCOL, murk_side_name(side),
              mode == NET_PASS_NONE    ? "none"
              : mode == NET_PASS_CHECK ? "check"
                                       : "set",
              dice, cost);
  if (mode == NET_PASS_NONE) welcome(h, (int)(c - h->c));
  return 0;
}

static int on_pass(struct net_host* h, struct client* c, char** w, int n) {
  const char* a[NET_MSG_ARGS];
  if (net_msg_parse(w, n, false, a) != NET_MSG_PASS) return -1;
  char* pass = murk_malloc(NET_PASS_MAX + 1);
  if (!pass) {
    bye(c, "the host is out of memory");
    return 1;
  }
  int rc = 0;
  if (!net_str(a[0], pass, NET_PASS_MAX + 1)) {
    rc = -1;
    goto done;
  }
  size_t len = strlen(pass);
  enum net_pass_mode mode = h->o.pass_mode(h->o.ctx, c->side);
  bool was_ready = is_ready(h);
  bool right = false;
  if (mode == NET_PASS_SET) {
    char err[160] = "";
    if (h->o.set_pass(h->o.ctx, c->side, pass, len, err, sizeof err) != 0) {
      bye(c, err);
      rc = 1;
      goto done;
    }
    if (stopping(h)) { /* the game's first save failed */
      rc = 1;
      goto done;
    }
    right = true;
  } else if (mode == NET_PASS_CHECK) {
    right = h->o.check_pass(h->o.ctx, c->side, pass, len);
  }
  if (right) {
    net_msg_put(&c->out, NET_MSG_PASSOK);
    welcome(h, (int)(c - h->c));
    /* The second side's passphrase starts the game (a new sealed game's, or a resumed one
     * that opens only with both): the waiting side's view goes too. */
    if (!was_ready && is_ready(h))
      for (int k = 0; k < NET_HOST_CLIENTS; k++) {
        struct client* o = &h->c[k];
        if (o != c && o->open && o->authed && !o->closing) send_view(h, o);
      }
  } else {
    c->tries++;
    note(h, "a wrong passphrase for the %s", murk_side_name(c->side));
    if (c->tries >= NET_PASS_TRIES) {
      bye(c, "wrong passphrase, three times");
      rc = 1;
    } else {
      net_msg_put(&c->out, NET_MSG_PASSBAD, (long)(NET_PASS_TRIES - c->tries));
    }
  }
done:
  sodium_memzero(pass, NET_PASS_MAX + 1);
  murk_free(pass);
  return rc;
}

static void on_command(struct net_host* h, struct client* c, const char* line) {
  if (!is_ready(h)) {
    net_msg_put(&c->out, NET_MSG_NO, 0L,
                "the game has not started: both players must join once first");
    return;
  }
  enum murk_side before = murk_game_to_act(h->o.g);
  char reason[256] = "";
  int col = 0;
  int rc = murk_game_apply_line(h->o.g, c->side, line, reason, sizeof reason, &col);
  if (rc != MURK_OK) {
    net_msg_put(&c->out, NET_MSG_NO, (long)(col > 0 ? col : 0),
                reason[0] ? reason : murk_strerror(rc));
    return;
  }
  size_t n = murk_game_log_count(h->o.g);
  if (!add_step(h, c->side, n ? murk_game_log_line(h->o.g, n - 1) : line)) h->lost = true;
  h->o.changed(h->o.ctx);
  if (stopping(h)) return;
  send_view(h, c);
  net_msg_put(&c->out, NET_MSG_OK);
  send_record(h, c);
  tell_other(h, c->side, before);
}

static void on_undo(struct net_host* h, struct client* c) {
  struct murk_game* g = h->o.g;
  if (!is_ready(h) || murk_game_to_act(g) != c->side) {
    net_msg_put(&c->out, NET_MSG_NOUNDO, "it is not your turn to act");
    return;
  }
  if (murk_game_undoable(g) <= 0) {
    net_msg_put(&c->out, NET_MSG_NOUNDO, murk_game_undo_why(g));
    return;
  }
  char line[CMD_MAX] = "";
  size_t n = murk_game_log_count(g);
  if (n > 0) snprintf(line, sizeof line, "%s", murk_game_log_line(g, n - 1));
  char reason[256] = "";
  int rc = murk_game_undo(g, reason, sizeof reason);
  if (rc != MURK_OK) {
    net_msg_put(&c->out, NET_MSG_NOUNDO, reason[0] ? reason : murk_strerror(rc));
    return;
  }
  if (!add_step(h, MURK_NO_SIDE, NULL)) h->lost = true;
  h->o.changed(h->o.ctx);
  if (stopping(h)) return;
  send_view(h, c);
  net_msg_put(&c->out, NET_MSG_UNDONE, line);
}

/* A client's commitment to its part of the dice key: taken until the three are shown (a
 * client that joins again before that commits anew). Once both clients' are in, every
 * client is shown the three, and reveals its part. */
static int on_commit(struct net_host* h, struct client* c, const char* hex) {
  enum net_party me = net_party_of(c->side);
  if (!h->joint || h->shown || !net_unhex32(hex, strlen(hex), h->commits[me])) return -1;
  h->committed[me] = true;
  if (!h->committed[NET_PARTY_ATTACKER] || !h->committed[NET_PARTY_DEFENDER]) return 0;
  h->shown = true;
  note(h, "both players committed to their parts of the dice key");
  for (int k = 0; k < NET_HOST_CLIENTS; k++) {
    struct client* o = &h->c[k];
    if (o->open && o->authed && !o->closing) joint_tell(h, o);
  }
  return 0;
}

/* A client's part of the dice key, checked against its commitment. With both in, the key
 * is made, the game too (drawn), and every client gets its view. */
static int on_reveal(struct net_host* h, struct client* c, const char* hex) {
  enum net_party me = net_party_of(c->side);
  unsigned char part[NET_JOINT_BYTES], commit[NET_JOINT_BYTES];
  if (!h->joint || !h->shown || h->revealed[me] || !net_unhex32(hex, strlen(hex), part)) return -1;
  net_joint_commit(part, commit);
  if (sodium_memcmp(commit, h->commits[me], NET_JOINT_BYTES) != 0) {
    note(h, "the %s's part of the dice key does not match its commitment", murk_side_name(c->side));
    bye(c, "your part of the dice key does not match your commitment");
    return 1;
  }
  memcpy(h->contrib[me], part, NET_JOINT_BYTES);
  h->revealed[me] = true;
  if (!h->revealed[NET_PARTY_ATTACKER] || !h->revealed[NET_PARTY_DEFENDER]) return 0;
  unsigned char key[MURK_DICE_KEY_BYTES];
  net_joint_key((const unsigned char(*)[NET_JOINT_BYTES])h->contrib, key);
  char err[200] = "the host cannot start the game";
  bool was_ready = is_ready(h);
  int rc = h->o.drawn ? h->o.drawn(h->o.ctx, key, &h->contrib[0][0], err, sizeof err) : -1;
  sodium_memzero(key, sizeof key);
  if (rc != 0 || !h->o.g) {
    for (int k = 0; k < NET_HOST_CLIENTS; k++)
      if (h->c[k].open && !h->c[k].closing) bye(&h->c[k], err);
    return 1;
  }
  h->drawn = true;
  note(h, "the dice key was drawn jointly");
  if (stopping(h)) return 1;
  if (!was_ready && is_ready(h))
    for (int k = 0; k < NET_HOST_CLIENTS; k++) {
      struct client* o = &h->c[k];
      if (o->open && o->authed && !o->closing) send_view(h, o);
    }
  return 0;
}

static int on_line(void* ctx, char* line) {
  struct net_host* h = ctx;
  struct client* c = &h->c[h->cur];
  if (c->closing) return 1;
  if (stopping(h)) return 1;
  char* w[8];
  int n = net_split(line, w, 8);
  if (n <= 0) return -1;
  if (!c->joined || !c->authed) {
    int rc = !c->joined ? on_join(h, c, w, n) : on_pass(h, c, w, n);
    return rc == 0 && c->closing ? 1 : rc;
  }
  const char* a[NET_MSG_ARGS];
  switch (net_msg_parse(w, n, false, a)) {
    case NET_MSG_CMD: {
      char cmd[CMD_MAX + 1];
      if (!net_str(a[0], cmd, sizeof cmd)) return -1;
      on_command(h, c, cmd);
      break;
    }
    case NET_MSG_UNDO:
      on_undo(h, c);
      break;
    case NET_MSG_LEAVE:
      c->closing = true;
      return 1;
    case NET_MSG_COMMIT:
      if (on_commit(h, c, a[0]) != 0) return -1;
      break;
    case NET_MSG_REVEAL: {
      int rc = on_reveal(h, c, a[0]);
      if (rc < 0) return -1;
      if (rc > 0) return 1;
      break;
    }
    default:
      return -1;
  }
  return c->closing ? 1 : 0;
}

int net_host_input(struct net_host* h, int i, const char* data, size_t n) {
  struct client* c = &h->c[i];
  if (!c->open) return -1;
  if (c->closing) return 0; /* its bye is on the way: whatever it says now is not read */
  h->cur = i;
  int rc = net_reader_feed(&c->rd, data, n, on_line, h);
  if (rc < 0) {
    note(h, "a client (%s) was dropped: it broke the protocol",
         c->side == MURK_NO_SIDE ? "no side yet" : murk_side_name(c->side));
    return -1;
  }
  if (c->out.failed || c->out.len - c->sent > NET_OUT_MAX) {
    note(h, "a client was dropped: it does not read what it is sent");
    return -1;
  }
  return 0;
}
