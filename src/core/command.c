/* command.c: the command language (docs/commands.md): one line in, one struct out, and
 * back again.
 *
 * Every verb is one entry of command_table (tmux's cmd_entry idea): which handles its
 * unit may be, which keyword introduces its position or target, whether it takes a
 * reserve kind or waypoints. One generic parser and one generic formatter read the
 * table, so the text a save writes is exactly what the parser accepts. */
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "murk/command.h"
#include "murk/error.h"

/* Which handles a slot accepts (bits of 1 << murk_ref_kind). */
#define REF_BIT(k) (1u << (k))
#define REFS_OWN REF_BIT(MURK_REF_OWN)
#define REFS_OWN_DUMMY (REF_BIT(MURK_REF_OWN) | REF_BIT(MURK_REF_DUMMY))
#define REFS_UNIT (REF_BIT(MURK_REF_OWN) | REF_BIT(MURK_REF_MARKER))
#define REFS_TARGET (REF_BIT(MURK_REF_MARKER) | REF_BIT(MURK_REF_PLATOON))

/* Handles are small numbers; this keeps a typo like T99999999999 from overflowing. */
#define REF_MAX 9999

/* Shape of a command: verb [unit] [reserve-kind] [pos_word X,Y] [at target] [via X,Y...] */
struct command_entry {
  enum murk_command_kind kind;
  unsigned unit;        /* accepted unit handles; 0: no unit */
  bool reserve_kind;    /* optional delayed|scattered|mobile after the unit */
  const char* pos_word; /* "at" / "to" before the position; NULL: no position */
  unsigned target;      /* accepted target handles after "at"; 0: no target */
  bool via;             /* optional waypoints */
};

static const struct command_entry command_table[] = {
    {MURK_CMD_OBJECTIVE, 0, false, "at", 0, false},
    {MURK_CMD_RESERVE, REFS_OWN, true, NULL, 0, false},
    {MURK_CMD_DEPLOY, REFS_OWN_DUMMY, false, "at", 0, false},
    {MURK_CMD_ARRIVE, REFS_OWN, false, "at", 0, false},
    {MURK_CMD_AMBUSH, REFS_OWN, false, "at", 0, false},
    {MURK_CMD_RECCE, REFS_UNIT, false, "to", 0, false},
    {MURK_CMD_REMOVE, REFS_OWN, false, NULL, 0, false},
    {MURK_CMD_MOVE, REFS_UNIT, false, "to", 0, true},
    {MURK_CMD_DIS, REFS_UNIT, false, "to", 0, false},
    {MURK_CMD_REVEAL, REFS_UNIT, false, NULL, 0, false},
    {MURK_CMD_SPOT, 0, false, NULL, 0, false},
    {MURK_CMD_SHOOT, REFS_UNIT, false, NULL, REFS_TARGET, false},
    {MURK_CMD_ASSAULT, REFS_UNIT, false, NULL, REFS_TARGET, false},
    {MURK_CMD_END, 0, false, NULL, 0, false},
    {MURK_CMD_WITHDRAW, REFS_UNIT, false, NULL, 0, false},
    {MURK_CMD_STARSHELL, REFS_UNIT, false, "at", 0, false},
    {MURK_CMD_ILLUMINATE, REFS_UNIT, false, "at", 0, false},
};
#define COMMAND_TABLE_SIZE (sizeof command_table / sizeof command_table[0])

/* A word that must follow the verb ("remove objective 2"), by kind. */
static const char* const keywords[MURK_CMD_COUNT] = {[MURK_CMD_REMOVE] = "objective"};
/* Kinds whose position may be left out ("ambush 3" holds it back, "ambush 3 at X,Y"
 * springs it); a left-out position is -1,-1. */
static const bool pos_optional[MURK_CMD_COUNT] = {[MURK_CMD_AMBUSH] = true};
/* Kinds that take a second position right after the first, into `at2` ("dis T3 to 4,5
 * 6,5": a cell for each of a leader's two Dis counters). */
static const bool two_positions[MURK_CMD_COUNT] = {[MURK_CMD_DIS] = true};

/* The table must have one entry per kind, in enum order. */
_Static_assert(COMMAND_TABLE_SIZE == MURK_CMD_COUNT, "command_table lacks a command");

static const char* const verbs[] = {
#define MURK_CMD_VERB(id, verb, usage) verb,
    MURK_COMMAND_LIST(MURK_CMD_VERB)
#undef MURK_CMD_VERB
};

static const char* const usages[] = {
#define MURK_CMD_USAGE(id, verb, usage) usage,
    MURK_COMMAND_LIST(MURK_CMD_USAGE)
#undef MURK_CMD_USAGE
};

static const char* const reserve_kinds[] = {"", "delayed", "scattered", "mobile", "deep", "plain"};

const char* murk_command_verb(enum murk_command_kind k) {
  return (unsigned)k < MURK_CMD_COUNT ? verbs[k] : "?";
}

const char* murk_command_usage(enum murk_command_kind k) {
  return (unsigned)k < MURK_CMD_COUNT ? usages[k] : "?";
}

/* ---- the lexer: words separated by blanks, '#' ends the line ---- */

struct token {
  const char* s;
  size_t len;
  int col; /* 1-based */
};

struct parser {
  const char* line;
  size_t pos;
  char* err;
  size_t errlen;
  int* errcol;
};

static bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* Next word, or false at the end of the line or a comment. */
static bool next_token(struct parser* p, struct token* t) {
  const char* s = p->line;
  while (s[p->pos] && is_blank(s[p->pos])) p->pos++;
  if (!s[p->pos] || s[p->pos] == '#') return false;
  size_t start = p->pos;
  while (s[p->pos] && !is_blank(s[p->pos]) && s[p->pos] != '#') p->pos++;
  t->s = s + start;
  t->len = p->pos - start;
  t->col = (int)start + 1;
  return true;
}

static bool peek_token(struct parser* p, struct token* t) {
  struct parser save = *p;
  bool ok = next_token(p, t);
  *p = save;
  return ok;
}

/* The column just past the last word: where a missing word would go. */
static int end_col(const struct parser* p) {
  size_t end = 0;
  for (size_t i = 0; p->line[i] && p->line[i] != '#'; i++)
    if (!is_blank(p->line[i])) end = i + 1;
  return (int)end + 1;
}

static bool tok_is(const struct token* t, const char* word) {
  size_t n = strlen(word);
  if (t->len != n) return false;
  for (size_t i = 0; i < n; i++)
    if (tolower((unsigned char)t->s[i]) != (unsigned char)word[i]) return false;
  return true;
}

/* A word for a message: at most 24 characters, so a pasted essay stays readable. */
static void tok_text(const struct token* t, char* buf, size_t n) {
  size_t len = t->len < 24 ? t->len : 24;
  snprintf(buf, n, "%.*s%s", (int)len, t->s, t->len > len ? "..." : "");
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int
fail(struct parser* p, int col, const char* fmt, ...) {
  if (p->err && p->errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err, p->errlen, fmt, ap);
    va_end(ap);
  }
  if (p->errcol) *p->errcol = col;
  return MURK_EINVAL;
}

/* ---- did you mean: optimal string alignment distance (a swap counts one) ---- */

static int edit_distance(const char* a, size_t la, const char* b) {
  enum { MAXW = 16 };
  size_t lb = strlen(b);
  if (la >= MAXW || lb >= MAXW) return 99;
  int d[MAXW + 1][MAXW + 1];
  for (size_t i = 0; i <= la; i++) d[i][0] = (int)i;
  for (size_t j = 0; j <= lb; j++) d[0][j] = (int)j;
  for (size_t i = 1; i <= la; i++) {
    for (size_t j = 1; j <= lb; j++) {
      int ca = tolower((unsigned char)a[i - 1]), cb = (unsigned char)b[j - 1];
      int cost = ca == cb ? 0 : 1;
      int best = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
      if (d[i - 1][j - 1] + cost < best) best = d[i - 1][j - 1] + cost;
      if (i > 1 && j > 1 && ca == (unsigned char)b[j - 2] &&
          tolower((unsigned char)a[i - 2]) == cb && d[i - 2][j - 2] + 1 < best)
        best = d[i - 2][j - 2] + 1;
      d[i][j] = best;
    }
  }
  return d[la][lb];
}

/* The verb nearest to a word, if it is near enough to be a slip of the fingers. */
static const char* suggest_verb(const struct token* t) {
  const char* best = NULL;
  int bestd = 3;
  for (size_t k = 0; k < COMMAND_TABLE_SIZE; k++) {
    int dist = edit_distance(t->s, t->len, verbs[k]);
    /* Short verbs ("end") would match nearly anything at distance 2. */
    int limit = strlen(verbs[k]) <= 4 ? 1 : 2;
    if (dist <= limit && dist < bestd) {
      bestd = dist;
      best = verbs[k];
    }
  }
  return best;
}

/* ---- a bounded string builder ---- */

struct out {
  char* buf;
  size_t n, len;
  bool truncated;
};

static void put(struct out* o, const char* s) {
  size_t sl = strlen(s);
  if (o->len + sl >= o->n) {
    o->truncated = true;
    if (o->n > o->len) {
      memcpy(o->buf + o->len, s, o->n - o->len - 1);
      o->len = o->n - 1;
      o->buf[o->len] = '\0';
    }
    return;
  }
  memcpy(o->buf + o->len, s, sl + 1);
  o->len += sl;
}

/* ---- the pieces of a command ---- */

static int parse_number(const struct token* t, size_t from, int* out) {
  if (from >= t->len) return -1;
  long v = 0;
  for (size_t i = from; i < t->len; i++) {
    if (!isdigit((unsigned char)t->s[i])) return -1;
    v = v * 10 + (t->s[i] - '0');
    if (v > REF_MAX) return -2;
  }
  *out = (int)v;
  return 0;
}

static int ref_error(struct parser* p, const struct token* t, unsigned accept, const char* what,
                     enum murk_ref_kind got) {
  char word[32];
  tok_text(t, word, sizeof word);
  if (accept == REFS_TARGET && got == MURK_REF_OWN)
    return fail(p, t->col, "name the %s by the handle your map shows (T5 or P5), not '%s'", what,
                word);
  if (accept == REFS_UNIT && got == MURK_REF_PLATOON)
    return fail(p, t->col,
                "'%s' names a revealed enemy platoon; name your own by number or marker (3 or T3)",
                word);
  if (accept == REFS_OWN && got == MURK_REF_MARKER)
    return fail(p, t->col, "name the platoon by its roster number, like 3, not '%s'", word);
  if (accept == REFS_OWN_DUMMY)
    return fail(p, t->col, "expected a platoon number or 'dummy', got '%s'", word);
  if (accept == REFS_OWN)
    return fail(p, t->col, "expected a platoon number, like 3, got '%s'", word);
  if (accept == REFS_TARGET)
    return fail(p, t->col, "expected a target like T5 or P5, got '%s'", word);
  return fail(p, t->col, "expected a platoon number or marker, like 3 or T3, got '%s'", word);
}

/* A handle: 3, T3, P3 or dummy (case-insensitive). */
static int parse_ref(struct parser* p, const struct token* t, unsigned accept, const char* what,
                     struct murk_ref* out) {
  enum murk_ref_kind kind = MURK_REF_NONE;
  int n = 0, rc = -1;
  if (tok_is(t, "dummy")) {
    kind = MURK_REF_DUMMY;
    rc = 0;
  } else if (t->len > 0 && isdigit((unsigned char)t->s[0])) {
    kind = MURK_REF_OWN;
    rc = parse_number(t, 0, &n);
  } else if (t->len > 1 && (t->s[0] == 'T' || t->s[0] == 't')) {
    kind = MURK_REF_MARKER;
    rc = parse_number(t, 1, &n);
  } else if (t->len > 1 && (t->s[0] == 'P' || t->s[0] == 'p')) {
    kind = MURK_REF_PLATOON;
    rc = parse_number(t, 1, &n);
  }
  if (rc == -2) {
    char word[32];
    tok_text(t, word, sizeof word);
    return fail(p, t->col, "'%s' is too large for a %s handle", word, what);
  }
  if (rc != 0 || !(accept & REF_BIT(kind))) return ref_error(p, t, accept, what, kind);
  if (kind != MURK_REF_DUMMY && n < 1)
    return fail(p, t->col, "%s numbers start at 1", kind == MURK_REF_OWN ? "platoon" : "marker");
  out->kind = kind;
  out->n = kind == MURK_REF_DUMMY ? 0 : n;
  return MURK_OK;
}

/* A position "12,07". "12, 07" (a blank after the comma) is forgiven. */
static int parse_pos(struct parser* p, const char* after, struct murk_pos* out) {
  struct token t;
  if (!next_token(p, &t))
    return fail(p, end_col(p), "expected a position like 12,07 after '%s'", after);
  char buf[40];
  size_t len = t.len < sizeof buf - 1 ? t.len : sizeof buf - 1;
  memcpy(buf, t.s, len);
  buf[len] = '\0';
  struct token more;
  if (len > 0 && buf[len - 1] == ',' && peek_token(p, &more) && isdigit((unsigned char)more.s[0]) &&
      len + more.len < sizeof buf) {
    next_token(p, &more);
    memcpy(buf + len, more.s, more.len);
    buf[len + more.len] = '\0';
  }
  if (t.len >= sizeof buf - 1 || murk_pos_parse(buf, out) != 0) {
    char word[32];
    tok_text(&t, word, sizeof word);
    return fail(p, t.col, "expected a position like 12,07, got '%s'", word);
  }
  return MURK_OK;
}

static int expect_word(struct parser* p, const char* word, const char* after) {
  struct token t;
  if (!next_token(p, &t)) return fail(p, end_col(p), "expected '%s' after %s", word, after);
  if (!tok_is(&t, word)) {
    char got[32], msg[64];
    tok_text(&t, got, sizeof got);
    snprintf(msg, sizeof msg, "%s, got '%s'", after, got);
    return fail(p, t.col, "expected '%s' after %s", word, msg);
  }
  return MURK_OK;
}

static int parse_args(struct parser* p, const struct command_entry* e, struct murk_command* c) {
  char after[40];
  snprintf(after, sizeof after, "'%s'", verbs[e->kind]);
  struct token t;
  int rc;

  if (keywords[e->kind]) {
    if ((rc = expect_word(p, keywords[e->kind], after)) != 0) return rc;
    snprintf(after, sizeof after, "'%s %s'", verbs[e->kind], keywords[e->kind]);
  }

  if (e->unit) {
    if (!next_token(p, &t)) {
      const char* want = e->unit == REFS_OWN         ? "a platoon number"
                         : e->unit == REFS_OWN_DUMMY ? "a platoon number or 'dummy'"
                                                     : "a platoon number or marker (3 or T3)";
      return fail(p, end_col(p), "expected %s after %s", want, after);
    }
    if ((rc = parse_ref(p, &t, e->unit, "platoon", &c->unit)) != 0) return rc;
    snprintf(after, sizeof after, "the unit");
  }

  if (e->reserve_kind && peek_token(p, &t)) {
    size_t k;
    for (k = 1; k < sizeof reserve_kinds / sizeof reserve_kinds[0]; k++)
      if (tok_is(&t, reserve_kinds[k])) break;
    if (k == sizeof reserve_kinds / sizeof reserve_kinds[0]) {
      char word[32];
      tok_text(&t, word, sizeof word);
      return fail(p, t.col, "unknown reserve kind '%s' (expected %s)", word,
                  "delayed, scattered, mobile, deep or plain");
    }
    next_token(p, &t);
    c->reserve = (enum murk_reserve_kind)k;
  }

  if (e->pos_word && pos_optional[e->kind] && !peek_token(p, &t)) {
    c->at = (struct murk_pos){-1, -1};
  } else if (e->pos_word) {
    if ((rc = expect_word(p, e->pos_word, after)) != 0) return rc;
    if ((rc = parse_pos(p, e->pos_word, &c->at)) != 0) return rc;
    if (two_positions[e->kind]) {
      if (!peek_token(p, &t))
        return fail(p, end_col(p), "expected two positions after '%s', like 12,07 13,08",
                    e->pos_word);
      if ((rc = parse_pos(p, "the first position", &c->at2)) != 0) return rc;
    }
  }

  if (e->target) {
    if ((rc = expect_word(p, "at", after)) != 0) return rc;
    if (!next_token(p, &t))
      return fail(p, end_col(p), "expected a target like T5 or P5 after 'at'");
    if ((rc = parse_ref(p, &t, e->target, "target", &c->target)) != 0) return rc;
  }

  if (e->via && peek_token(p, &t) && tok_is(&t, "via")) {
    next_token(p, &t);
    /* One or more waypoints; a repeated "via" between them is allowed. */
    do {
      if (peek_token(p, &t) && tok_is(&t, "via")) next_token(p, &t);
      if (c->nvia == MURK_CMD_MAX_WAYPOINTS) {
        peek_token(p, &t);
        return fail(p, t.col, "too many waypoints (at most %d)", MURK_CMD_MAX_WAYPOINTS);
      }
      if ((rc = parse_pos(p, "via", &c->via[c->nvia])) != 0) return rc;
      c->nvia++;
    } while (peek_token(p, &t));
  }

  if (next_token(p, &t)) {
    char word[32];
    tok_text(&t, word, sizeof word);
    return fail(p, t.col, "unexpected '%s' (usage: %s)", word, usages[e->kind]);
  }
  return MURK_OK;
}

int murk_command_parse(const char* line, struct murk_command* out, char* err, size_t errlen,
                       int* errcol) {
  struct parser p = {.line = line ? line : "", .err = err, .errlen = errlen, .errcol = errcol};
  if (err && errlen) err[0] = '\0';
  if (errcol) *errcol = 0;
  struct token t;
  if (!next_token(&p, &t)) return 0;

  const struct command_entry* e = NULL;
  for (size_t k = 0; k < COMMAND_TABLE_SIZE; k++)
    if (tok_is(&t, verbs[command_table[k].kind])) e = &command_table[k];
  if (!e) {
    char word[32];
    tok_text(&t, word, sizeof word);
    const char* near = suggest_verb(&t);
    if (near) return fail(&p, t.col, "unknown command '%s' (did you mean '%s'?)", word, near);
    char list[160];
    struct out o = {list, sizeof list, 0, false};
    for (size_t k = 0; k < COMMAND_TABLE_SIZE; k++) {
      put(&o, k ? ", " : "");
      put(&o, verbs[k]);
    }
    return fail(&p, t.col, "unknown command '%s' (commands: %s)", word, list);
  }

  struct murk_command c;
  memset(&c, 0, sizeof c);
  c.kind = e->kind;
  int rc = parse_args(&p, e, &c);
  if (rc != 0) return rc;
  if (out) *out = c;
  return 1;
}

/* ---- back to text ---- */

static bool put_ref(struct out* o, struct murk_ref r, unsigned accept) {
  if (!(accept & REF_BIT(r.kind))) return false;
  if (r.kind != MURK_REF_DUMMY && (r.n < 1 || r.n > REF_MAX)) return false;
  char b[16];
  switch (r.kind) {
    case MURK_REF_OWN:
      snprintf(b, sizeof b, " %d", r.n);
      break;
    case MURK_REF_MARKER:
      snprintf(b, sizeof b, " T%d", r.n);
      break;
    case MURK_REF_PLATOON:
      snprintf(b, sizeof b, " P%d", r.n);
      break;
    case MURK_REF_DUMMY:
      snprintf(b, sizeof b, " dummy");
      break;
    default:
      return false;
  }
  put(o, b);
  return true;
}

static bool put_pos(struct out* o, struct murk_pos p) {
  char b[32];
  /* Negative cells cannot be written back in a form the parser accepts. */
  if (p.x < 0 || p.y < 0) return false;
  int len = murk_pos_format(p, b, sizeof b);
  if (len < 0 || (size_t)len >= sizeof b) return false;
  put(o, " ");
  put(o, b);
  return true;
}

int murk_command_format(const struct murk_command* c, char* buf, size_t n) {
  if (buf && n) buf[0] = '\0';
  if (!c || !buf || n == 0 || (unsigned)c->kind >= MURK_CMD_COUNT) return MURK_EINVAL;
  const struct command_entry* e = &command_table[c->kind];
  struct out o = {buf, n, 0, false};
  bool ok = true;

  put(&o, verbs[e->kind]);
  if (keywords[e->kind]) {
    put(&o, " ");
    put(&o, keywords[e->kind]);
  }
  if (e->unit) ok = ok && put_ref(&o, c->unit, e->unit);
  if (e->reserve_kind) {
    if ((unsigned)c->reserve >= sizeof reserve_kinds / sizeof reserve_kinds[0])
      ok = false;
    else if (c->reserve != MURK_RESERVE_DEFAULT) {
      put(&o, " ");
      put(&o, reserve_kinds[c->reserve]);
    }
  }
  if (e->pos_word && pos_optional[e->kind] && c->at.x == -1 && c->at.y == -1) {
    /* left out ("ambush 3") */
  } else if (e->pos_word) {
    put(&o, " ");
    put(&o, e->pos_word);
    ok = ok && put_pos(&o, c->at);
    if (two_positions[e->kind]) ok = ok && put_pos(&o, c->at2);
  }
  if (e->target) {
    put(&o, " at");
    ok = ok && put_ref(&o, c->target, e->target);
  }
  if (e->via && c->nvia) {
    if (c->nvia < 0 || c->nvia > MURK_CMD_MAX_WAYPOINTS) ok = false;
    put(&o, " via");
    for (int i = 0; ok && i < c->nvia; i++) ok = put_pos(&o, c->via[i]);
  }
  if (!ok) {
    buf[0] = '\0';
    return MURK_EINVAL;
  }
  return o.truncated ? MURK_ENOSPACE : MURK_OK;
}
