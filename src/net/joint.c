/* joint.c: the dice drawn jointly and the record both sides can verify (joint.h). All the
 * cryptography is libsodium's BLAKE2b (crypto_generichash). */
#include "joint.h"

#include <stdio.h>
#include <string.h>

#include "murk/alloc.h"
#include "murk/command.h"
#include "murk/error.h"
#include "murk/save.h"
#include "murk/view.h"
#include "sodium.h"
#include "viewio.h"
#include "wire.h"

void net_joint_commit(const unsigned char contrib[NET_JOINT_BYTES],
                      unsigned char out[NET_JOINT_BYTES]) {
  crypto_generichash(out, NET_JOINT_BYTES, contrib, NET_JOINT_BYTES, NULL, 0);
}

void net_joint_key(const unsigned char contrib[NET_PARTIES][NET_JOINT_BYTES],
                   unsigned char key[MURK_DICE_KEY_BYTES]) {
  static const char label[] = "murk joint dice key";
  crypto_generichash_state st;
  crypto_generichash_init(&st, NULL, 0, MURK_DICE_KEY_BYTES);
  crypto_generichash_update(&st, (const unsigned char*)label, sizeof label - 1);
  for (int p = 0; p < NET_PARTIES; p++) crypto_generichash_update(&st, contrib[p], NET_JOINT_BYTES);
  crypto_generichash_final(&st, key, MURK_DICE_KEY_BYTES);
}

void net_hex32(const unsigned char in[NET_JOINT_BYTES], char out[2 * NET_JOINT_BYTES + 1]) {
  sodium_bin2hex(out, 2 * NET_JOINT_BYTES + 1, in, NET_JOINT_BYTES);
}

bool net_unhex32(const char* hex, size_t len, unsigned char out[NET_JOINT_BYTES]) {
  if (len != 2 * NET_JOINT_BYTES) return false;
  for (size_t i = 0; i < len; i++)
    if (!((hex[i] >= '0' && hex[i] <= '9') || (hex[i] >= 'a' && hex[i] <= 'f'))) return false;
  size_t got = 0;
  return sodium_hex2bin(out, NET_JOINT_BYTES, hex, len, NULL, &got, NULL) == 0 &&
         got == NET_JOINT_BYTES;
}

void net_joint_view_hash(const char* bytes, size_t len, unsigned char out[NET_JOINT_BYTES]) {
  crypto_generichash(out, NET_JOINT_BYTES, (const unsigned char*)bytes, len, NULL, 0);
}

void net_joint_chain_start(unsigned char c[NET_JOINT_BYTES]) {
  static const char label[] = "murk views received";
  crypto_generichash(c, NET_JOINT_BYTES, (const unsigned char*)label, sizeof label - 1, NULL, 0);
}

void net_joint_chain_link(unsigned char c[NET_JOINT_BYTES],
                          const unsigned char view[NET_JOINT_BYTES]) {
  unsigned char prev[NET_JOINT_BYTES];
  memcpy(prev, c, sizeof prev);
  crypto_generichash(c, NET_JOINT_BYTES, view, NET_JOINT_BYTES, prev, sizeof prev);
}

/* ---- the record ---- */

static const char* const party_names[NET_PARTIES] = {"host", "attacker", "defender"};

int net_record_text(const struct murk_game* g,
                    const unsigned char contrib[NET_PARTIES][NET_JOINT_BYTES],
                    const struct net_step* steps, size_t nsteps, char** out, size_t* len) {
  *out = NULL;
  *len = 0;
  char* save = NULL;
  size_t slen = 0;
  int rc = murk_save_game(g, &save, &slen);
  if (rc != MURK_OK) return rc;
  struct net_buf b = {0};
  net_buf_addf(&b, "murk-record: 1\n");
  for (int p = 0; p < NET_PARTIES; p++) {
    char hex[2 * NET_JOINT_BYTES + 1];
    net_hex32(contrib[p], hex);
    net_buf_addf(&b, "contribution: %s %s\n", party_names[p], hex);
  }
  for (size_t i = 0; i < nsteps; i++) {
    if (steps[i].side == MURK_NO_SIDE)
      net_buf_addf(&b, "step: undo\n");
    else
      net_buf_addf(&b, "step: %s %s\n", murk_side_name(steps[i].side), steps[i].line);
  }
  net_buf_addf(&b, "save:\n");
  net_buf_add(&b, save, slen);
  murk_free(save);
  if (b.failed) {
    net_buf_free(&b);
    return MURK_ENOMEM;
  }
  net_buf_add(&b, "", 1); /* its NUL */
  if (b.failed) {
    net_buf_free(&b);
    return MURK_ENOMEM;
  }
  *out = b.p;
  *len = b.len - 1;
  return MURK_OK;
}

/* The next line of text from *at (cut in place at its newline), or NULL at the end. */
static char* next_line(char* text, size_t len, size_t* at) {
  if (*at >= len) return NULL;
  char* s = text + *at;
  char* nl = memchr(s, '\n', len - *at);
  if (nl) {
    *nl = '\0';
    *at = (size_t)(nl - text) + 1;
  } else {
    *at = len;
  }
  return s;
}

int net_record_parse(char* text, size_t len, struct net_record* r, char* err, size_t n) {
  memset(r, 0, sizeof *r);
  size_t at = 0, cap = 0;
  int lineno = 0;
  bool have[NET_PARTIES] = {false, false, false};
  char* l;
  while ((l = next_line(text, len, &at))) {
    lineno++;
    if (lineno == 1) {
      if (strcmp(l, "murk-record: 1") != 0) {
        snprintf(err, n, "line 1: not a murk record (it begins 'murk-record: 1')");
        return -1;
      }
      continue;
    }
    if (!strcmp(l, "save:")) {
      r->save = text + at;
      r->save_len = len - at;
      for (int p = 0; p < NET_PARTIES; p++)
        if (!have[p]) {
          snprintf(err, n, "the record has no contribution of the %s", party_names[p]);
          return -1;
        }
      return 0;
    }
    if (!strncmp(l, "contribution: ", 14)) {
      const char* w = l + 14;
      int p = -1;
      for (int k = 0; k < NET_PARTIES; k++) {
        size_t nl = strlen(party_names[k]);
        if (!strncmp(w, party_names[k], nl) && w[nl] == ' ') p = k;
      }
      if (p < 0 || have[p] ||
          !net_unhex32(w + strlen(party_names[p]) + 1, strlen(w + strlen(party_names[p]) + 1),
                       r->contrib[p])) {
        snprintf(err, n, "line %d: a contribution is 'host|attacker|defender' and 64 hex digits",
                 lineno);
        return -1;
      }
      have[p] = true;
      continue;
    }
    if (!strncmp(l, "step: ", 6)) {
      if (r->nsteps == cap) {
        size_t nc = cap ? 2 * cap : 64;
        struct net_step* ns = murk_realloc(r->steps, nc * sizeof *ns);
        if (!ns) {
          snprintf(err, n, "out of memory");
          return -1;
        }
        r->steps = ns;
        cap = nc;
      }
      struct net_step* s = &r->steps[r->nsteps];
      char* w = l + 6;
      if (!strcmp(w, "undo")) {
        s->side = MURK_NO_SIDE;
        s->line = NULL;
      } else {
        char* sp = strchr(w, ' ');
        if (sp) *sp = '\0';
        s->side = murk_side_parse(w);
        if (!sp || s->side == MURK_NO_SIDE) {
          snprintf(err, n, "line %d: a step is 'undo' or a side and its command", lineno);
          return -1;
        }
        s->line = sp + 1;
      }
      r->nsteps++;
      continue;
    }
    snprintf(err, n, "line %d: not a line of a murk record", lineno);
    return -1;
  }
  snprintf(err, n, "the record has no save (its 'save:' line is missing)");
  return -1;
}

void net_record_free(struct net_record* r) {
  murk_free(r->steps);
  memset(r, 0, sizeof *r);
}

/* ---- what a client kept ---- */

void net_command_canonical(const char* line, char* out, size_t n) {
  struct murk_command c;
  char err[200];
  int col = 0;
  out[0] = '\0';
  if (murk_command_parse(line, &c, err, sizeof err, &col) != 1 ||
      murk_command_format(&c, out, n) != MURK_OK)
    out[0] = '\0';
}

/* Append an own step (a copy of line, or NULL: an undo). */
static bool add_own(struct net_memory* mem, size_t* cap, const char* line) {
  if (mem->nown == *cap) {
    size_t nc = *cap ? 2 * *cap : 64;
    struct net_step* ns = murk_realloc(mem->own, nc * sizeof *ns);
    if (!ns) return false;
    mem->own = ns;
    *cap = nc;
  }
  char* copy = NULL;
  if (line) {
    size_t n = strlen(line) + 1;
    if (!(copy = murk_malloc(n))) return false;
    memcpy(copy, line, n);
  }
  mem->own[mem->nown++] = (struct net_step){mem->side, copy};
  return true;
}

/* The step asked last and not answered (has: one is; line NULL: an undo), or none. */
static bool set_ask(struct net_memory* mem, bool has, const char* line) {
  murk_free(mem->ask);
  mem->ask = NULL;
  mem->has_ask = has;
  if (!has || !line) return true;
  size_t n = strlen(line) + 1;
  if (!(mem->ask = murk_malloc(n))) return false;
  memcpy(mem->ask, line, n);
  return true;
}

int net_memory_parse(const char* text, size_t len, struct net_memory* mem, char* err, size_t n) {
  memset(mem, 0, sizeof *mem);
  mem->side = MURK_NO_SIDE;
  bool has_mine = false;
  size_t cap = 0, owncap = 0;
  int lineno = 0;
  unsigned char chain[NET_JOINT_BYTES];
  net_joint_chain_start(chain);
  memcpy(mem->head, chain, sizeof chain);
  for (size_t at = 0; at < len;) {
    const char* l = text + at;
    const char* nl = memchr(l, '\n', len - at);
    if (!nl) break; /* a torn last line (a crash mid-append) is not kept */
    size_t ll = (size_t)(nl - l);
    at += ll + 1;
    lineno++;
    char line[1200];
    if (ll >= sizeof line) goto bad;
    memcpy(line, l, ll);
    line[ll] = '\0';
    if (lineno == 1) {
      if (strcmp(line, "murk-joint: 1")) goto bad;
    } else if (!strncmp(line, "side: ", 6)) {
      mem->side = murk_side_parse(line + 6);
      if (mem->side == MURK_NO_SIDE) goto bad;
    } else if (!strncmp(line, "contribution: ", 14)) {
      if (!net_unhex32(line + 14, strlen(line + 14), mem->mine)) goto bad;
      has_mine = true;
    } else if (!strncmp(line, "commits: ", 9)) {
      const char* w = line + 9;
      for (int p = 0; p < NET_PARTIES; p++, w += 65)
        if (strlen(w) < 64 || !net_unhex32(w, 64, mem->commits[p]) ||
            (w[64] != (p == NET_PARTIES - 1 ? '\0' : ' ')))
          goto bad;
      mem->has_commits = true;
    } else if (!strncmp(line, "view: ", 6)) {
      unsigned char h[NET_JOINT_BYTES], c[NET_JOINT_BYTES];
      if (strlen(line) != 6 + 64 + 1 + 64 || line[70] != ' ' || !net_unhex32(line + 6, 64, h) ||
          !net_unhex32(line + 71, 64, c))
        goto bad;
      net_joint_chain_link(chain, h);
      if (sodium_memcmp(chain, c, sizeof c) != 0) {
        snprintf(err, n, "line %d: the chain of views received breaks here (the file was changed)",
                 lineno);
        net_memory_free(mem);
        return -1;
      }
      if (mem->nviews == cap) {
        size_t nc = cap ? 2 * cap : 64;
        unsigned char(*nv)[NET_JOINT_BYTES] = murk_realloc(mem->views, nc * sizeof *nv);
        if (!nv) {
          snprintf(err, n, "out of memory");
          net_memory_free(mem);
          return -1;
        }
        mem->views = nv;
        cap = nc;
      }
      memcpy(mem->views[mem->nviews++], h, NET_JOINT_BYTES);
      memcpy(mem->head, c, sizeof c);
    } else if (!strncmp(line, "command: ", 9) || !strcmp(line, "undo:")) {
      if (!add_own(mem, &owncap, line[0] == 'c' ? line + 9 : NULL)) {
        snprintf(err, n, "out of memory");
        net_memory_free(mem);
        return -1;
      }
      set_ask(mem, false, NULL);
    } else if (!strncmp(line, "asked: ", 7) || !strcmp(line, "asked undo:") ||
               !strcmp(line, "not taken:")) {
      bool asked = line[0] == 'a';
      if (!set_ask(mem, asked, asked && line[5] == ':' ? line + 7 : NULL)) {
        snprintf(err, n, "out of memory");
        net_memory_free(mem);
        return -1;
      }
    } else {
      goto bad;
    }
  }
  if (mem->side == MURK_NO_SIDE || !has_mine) {
    snprintf(err, n, "it names no side or no contribution");
    net_memory_free(mem);
    return -1;
  }
  return 0;
bad:
  snprintf(err, n, "line %d: not a line of a murk memory of views", lineno);
  net_memory_free(mem);
  return -1;
}

void net_memory_free(struct net_memory* mem) {
  murk_free(mem->views);
  mem->views = NULL;
  mem->nviews = 0;
  for (size_t i = 0; i < mem->nown; i++) murk_free(mem->own[i].line);
  murk_free(mem->own);
  mem->own = NULL;
  mem->nown = 0;
  set_ask(mem, false, NULL);
}

/* The hash of the side's view of g as the host writes it (host.c's send_view). */
static int view_hash(const struct murk_game* g, enum murk_side side,
                     unsigned char out[NET_JOINT_BYTES]) {
  struct murk_view* v = NULL;
  int rc = murk_view_build(g, side, &v);
  if (rc != MURK_OK) return rc;
  size_t own = 0, n = murk_game_log_count(g);
  for (size_t i = 0; i < n; i++) own += murk_game_log_side(g, i) == side;
  struct net_buf b = {0};
  net_view_write(v, own, &b);
  murk_view_free(v);
  if (b.failed) {
    net_buf_free(&b);
    return MURK_ENOMEM;
  }
  net_joint_view_hash(b.p, b.len, out);
  net_buf_free(&b);
  return MURK_OK;
}

/* Which steps stand, as the game's log keeps them (an undo takes back the last command that
 * stands): by[i], the side of step i (of an undo, the side whose command it takes back;
 * MURK_NO_SIDE when there is none), and stands[i], a command no later undo takes back.
 * false when out of memory. */
static bool steps_stand(const struct net_step* st, size_t n, enum murk_side* by, bool* stands) {
  size_t* stack = murk_malloc((n ? n : 1) * sizeof *stack);
  if (!stack) return false;
  size_t top = 0;
  for (size_t i = 0; i < n; i++) {
    stands[i] = false;
    by[i] = st[i].line ? st[i].side : MURK_NO_SIDE;
    if (st[i].line) {
      stands[i] = true;
      stack[top++] = i;
    } else if (top > 0) {
      size_t j = stack[--top];
      stands[j] = false;
      by[i] = st[j].side;
    }
  }
  murk_free(stack);
  return true;
}

/* Are two commands the same (canonical), or two undos? */
static bool same_step(const char* a, const char* b) {
  if (!a || !b) return !a && !b;
  char ca[1100], cb[1100];
  net_command_canonical(a, ca, sizeof ca);
  net_command_canonical(b, cb, sizeof cb);
  return ca[0] && !strcmp(ca, cb);
}

/* The side's steps of the record and of its client's memory, matched (net_record_check). */
struct own_match {
  const struct net_step* mine; /* the client's: its commands and undos, in order */
  size_t nmine;
  bool* mine_stands;
  enum murk_side* rec_by; /* of each record step */
  bool* rec_stands;
};

/* The index of the k-th command that stands in the client's steps, or nmine. */
static size_t nth_standing(const bool* stands, const struct net_step* st, size_t n, size_t k) {
  for (size_t i = 0; i < n; i++)
    if (st[i].line && stands[i] && k-- == 0) return i;
  return n;
}

/* Compare the side's commands that stand, the record's and the client's, and each run of
 * steps taken back before one (or at the end): the record's must be the client's, or the
 * end of it (a host resumed from its save knows none made before it stopped). 0, or -1
 * with why. */
static int match_own(const struct net_record* r, const struct own_match* o, enum murk_side side,
                     char* why, size_t n) {
  const char* sname = murk_side_name(side);
  size_t k = 0, run_from = 0, rec_from = 0;
  for (size_t i = 0; i <= r->nsteps; i++) {
    bool end = i == r->nsteps;
    if (!end && (o->rec_by[i] != side || !r->steps[i].line || !o->rec_stands[i])) continue;
    /* The k-th command of the side that stands (or the end), and the client's. */
    size_t j = nth_standing(o->mine_stands, o->mine, o->nmine, k);
    if (end && j < o->nmine) {
      size_t all = k;
      for (size_t q = j; q < o->nmine; q++) all += o->mine[q].line && o->mine_stands[q];
      snprintf(why, n,
               "the record has %zu of the %zu commands this %s's client gave that stand: the "
               "host left some out",
               k, all, sname);
      return -1;
    }
    if (!end && j == o->nmine) {
      snprintf(why, n,
               "step %zu of the record (%s) is the %s's, but its client gave no more: the host "
               "added a command",
               i + 1, r->steps[i].line, sname);
      return -1;
    }
    if (!end && !same_step(r->steps[i].line, o->mine[j].line)) {
      snprintf(why, n,
               "step %zu of the record (%s) is not the %s's step its client gave there (%s): "
               "the host changed a command",
               i + 1, r->steps[i].line, sname, o->mine[j].line);
      return -1;
    }
    /* The run of steps taken back before it: the record's is the end of the client's. */
    size_t nrun = 0;
    for (size_t q = rec_from; q < i; q++) nrun += o->rec_by[q] == side;
    size_t mrun = j - run_from, at = 0;
    for (size_t q = rec_from; q < i; q++) {
      if (o->rec_by[q] != side) continue;
      const char* want = nrun <= mrun ? o->mine[j - nrun + at].line : NULL;
      at++;
      if (nrun > mrun || !same_step(r->steps[q].line, want)) {
        snprintf(why, n,
                 "step %zu of the record (%s) is not a step the %s's client gave and took "
                 "back there: the host changed a command",
                 q + 1, r->steps[q].line ? r->steps[q].line : "undo", sname);
        return -1;
      }
    }
    run_from = j + 1;
    rec_from = i + 1;
    k++;
  }
  return 0;
}

int net_record_check(const struct murk_mission* m, const struct murk_game* final,
                     const struct net_record* r, const struct net_memory* mem, char* why,
                     size_t n) {
  enum murk_side side = mem->side;
  const char* sname = murk_side_name(side);
  enum net_party me = net_party_of(side);
  /* The contributions: the ones committed to before this client revealed its own. */
  unsigned char c[NET_JOINT_BYTES];
  net_joint_commit(mem->mine, c);
  if (sodium_memcmp(r->contrib[me], mem->mine, NET_JOINT_BYTES) != 0) {
    snprintf(why, n, "the record's %s contribution is not the one this %s's client gave", sname,
             sname);
    return -1;
  }
  if (!mem->has_commits) {
    snprintf(why, n,
             "this client never saw the three commitments: the dice were not drawn "
             "jointly with it");
    return -1;
  }
  for (int p = 0; p < NET_PARTIES; p++) {
    net_joint_commit(r->contrib[p], c);
    if (sodium_memcmp(c, mem->commits[p], NET_JOINT_BYTES) != 0) {
      snprintf(why, n,
               "the record's contribution of the %s does not match the commitment the host "
               "showed before this client revealed its own: the dice key was changed",
               party_names[p]);
      return -1;
    }
  }
  unsigned char key[MURK_DICE_KEY_BYTES];
  net_joint_key(r->contrib, key);
  const unsigned char* fk = murk_game_dice_key(final);
  if (!fk || sodium_memcmp(fk, key, sizeof key) != 0) {
    snprintf(why, n, "the save's dice key is not the one the three contributions make");
    return -1;
  }
  /* The side's own steps: its commands that stand are the ones its client gave (and the
   * one it asked last, unanswered, when the host took it). */
  size_t nmine = mem->nown;
  struct net_step* mine = murk_malloc((nmine + 1) * sizeof *mine);
  bool* mine_stands = murk_malloc((nmine + 1) * sizeof *mine_stands);
  enum murk_side* mine_by = murk_malloc((nmine + 1) * sizeof *mine_by);
  size_t nr = r->nsteps ? r->nsteps : 1;
  enum murk_side* rec_by = murk_malloc(nr * sizeof *rec_by);
  bool* rec_stands = murk_malloc(nr * sizeof *rec_stands);
  /* The steps replayed: the record's, with the side's own runs taken back its client's. */
  struct net_step* play = murk_malloc((r->nsteps + nmine + 1) * sizeof *play);
  size_t* from = murk_malloc((r->nsteps + nmine + 1) * sizeof *from);
  struct murk_game* g = NULL;
  int result = 0;
  if (!mine || !mine_stands || !mine_by || !rec_by || !rec_stands || !play || !from ||
      !steps_stand(r->steps, r->nsteps, rec_by, rec_stands)) {
    snprintf(why, n, "out of memory");
    result = -1;
    goto out;
  }
  if (nmine) memcpy(mine, mem->own, nmine * sizeof *mine);
  struct own_match o = {mine, nmine, mine_stands, rec_by, rec_stands};
  result = -1;
  if (mem->has_ask) { /* taken? */
    mine[nmine] = (struct net_step){side, mem->ask};
    o.nmine = nmine + 1;
    if (!steps_stand(mine, o.nmine, mine_by, mine_stands)) {
      snprintf(why, n, "out of memory");
      goto out;
    }
    result = match_own(r, &o, side, why, n);
  }
  if (result != 0) { /* not taken, or none asked */
    o.nmine = nmine;
    if (!steps_stand(mine, o.nmine, mine_by, mine_stands)) {
      snprintf(why, n, "out of memory");
      goto out;
    }
    if (match_own(r, &o, side, why, n) != 0) goto out;
  }
  result = 0;
  size_t nplay = 0, run_from = 0;
  for (size_t i = 0; i <= r->nsteps; i++) {
    bool end = i == r->nsteps;
    if (!end && rec_by[i] == side && !(r->steps[i].line && rec_stands[i])) continue;
    if (end || rec_by[i] == side) { /* the client's run before it, its own */
      size_t j = run_from;
      while (j < o.nmine && !(mine[j].line && mine_stands[j])) {
        play[nplay] = mine[j].line ? mine[j] : (struct net_step){MURK_NO_SIDE, NULL};
        from[nplay++] = SIZE_MAX;
        j++;
      }
      run_from = j + 1;
    }
    if (end) break;
    play[nplay] = r->steps[i];
    from[nplay++] = i;
  }

  /* The steps from the start, the side's view at each state. */
  int rc = murk_game_new_keyed(m, key, &g);
  if (rc != MURK_OK) {
    snprintf(why, n, "cannot start the game: %s", murk_strerror(rc));
    result = -1;
    goto out;
  }
  if (murk_game_last_turn(final) > 0) murk_game_set_last_turn(g, murk_game_last_turn(final));
  size_t matched = 0;
  for (size_t i = 0; i <= nplay && result == 0; i++) {
    if (i > 0) {
      const struct net_step* s = &play[i - 1];
      char reason[256] = "";
      int col = 0;
      rc = s->side == MURK_NO_SIDE
               ? murk_game_undo(g, reason, sizeof reason)
               : murk_game_apply_line(g, s->side, s->line, reason, sizeof reason, &col);
      if (rc != MURK_OK) {
        char where[64];
        if (from[i - 1] == SIZE_MAX)
          snprintf(where, sizeof where, "the %s's step taken back", sname);
        else
          snprintf(where, sizeof where, "step %zu of the record", from[i - 1] + 1);
        snprintf(why, n, "%s (%s%s%s) is refused when replayed: %s", where,
                 s->side == MURK_NO_SIDE ? "undo" : murk_side_name(s->side),
                 s->side == MURK_NO_SIDE ? "" : ": ", s->side == MURK_NO_SIDE ? "" : s->line,
                 reason[0] ? reason : murk_strerror(rc));
        result = -1;
        break;
      }
    }
    if (matched == mem->nviews) continue;
    unsigned char h[NET_JOINT_BYTES];
    if (view_hash(g, side, h) != MURK_OK) {
      snprintf(why, n, "out of memory");
      result = -1;
      break;
    }
    /* A state may be shown more than once (a join again); the earliest match leaves the
     * most room for the views after it. */
    while (matched < mem->nviews && sodium_memcmp(h, mem->views[matched], NET_JOINT_BYTES) == 0)
      matched++;
  }
  if (result == 0 && matched < mem->nviews) {
    snprintf(why, n,
             "view %zu of the %zu this %s's client received is not the %s's view of any state of "
             "the record replayed after the one before it: the host showed a game (its dice or "
             "commands) other than this record",
             matched + 1, mem->nviews, sname, sname);
    result = -1;
  }
  if (result == 0) {
    size_t nf = murk_game_log_count(final), ng = murk_game_log_count(g);
    bool same = nf == ng;
    for (size_t i = 0; same && i < nf; i++)
      same = murk_game_log_side(final, i) == murk_game_log_side(g, i) &&
             !strcmp(murk_game_log_line(final, i), murk_game_log_line(g, i));
    if (!same) {
      snprintf(why, n, "the record's steps do not end in the commands of its save");
      result = -1;
    }
  }
out:
  murk_game_free(g);
  murk_free(mine);
  murk_free(mine_stands);
  murk_free(mine_by);
  murk_free(rec_by);
  murk_free(rec_stands);
  murk_free(play);
  murk_free(from);
  sodium_memzero(key, sizeof key);
  return result;
}
