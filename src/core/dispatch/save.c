/* save.c: scripts and saves in one text format (save.h, docs/commands.md). */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/save.h"
#include "sodium.h"
#include "strbuf.h"

/* ---- building ---- */

struct murk_script* murk_script_new(void) {
  return murk_calloc(1, sizeof(struct murk_script));
}

void murk_script_free(struct murk_script* s) {
  if (!s) return;
  for (size_t i = 0; i < s->nlines; i++) {
    murk_free(s->lines[i].text);
    murk_free(s->lines[i].error);
  }
  murk_free(s->lines);
  murk_free(s->mission);
  murk_free(s->with);
  murk_free(s->mission_id);
  if (s->mission_text) murk_free(s->mission_text);
  murk_free(s);
}

static bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static bool word_is(const char* s, size_t len, const char* word) {
  if (strlen(word) != len) return false;
  for (size_t i = 0; i < len; i++)
    if (tolower((unsigned char)s[i]) != (unsigned char)word[i]) return false;
  return true;
}

/* "attacker:" or "defender:" (a blank before the colon is forgiven) at the start of a
 * command line. Returns the side and sets *rest to what follows the colon; MURK_NO_SIDE
 * and *rest = s when there is no prefix. */
static enum murk_side side_prefix(const char* s, const char** rest) {
  *rest = s;
  size_t n = 0;
  while (isalpha((unsigned char)s[n])) n++;
  enum murk_side side = word_is(s, n, "attacker")   ? MURK_ATTACKER
                        : word_is(s, n, "defender") ? MURK_DEFENDER
                                                    : MURK_NO_SIDE;
  if (side == MURK_NO_SIDE) return side;
  size_t i = n;
  while (is_blank(s[i])) i++;
  if (s[i] != ':') return MURK_NO_SIDE;
  *rest = s + i + 1;
  return side;
}

/* The command text of a line: from `s` up to a comment, blanks trimmed. */
static char* command_text(const char* s) {
  size_t start = 0;
  while (is_blank(s[start])) start++;
  size_t end = start;
  for (size_t i = start; s[i] && s[i] != '#'; i++)
    if (!is_blank(s[i])) end = i + 1;
  return murk_strndup(s + start, end - start);
}

/* Parse one command line (NUL-terminated, no line break) into l. */
static int parse_line(struct murk_script_line* l, const char* line, int lineno) {
  memset(l, 0, sizeof *l);
  l->line = lineno;

  size_t lead = 0;
  while (is_blank(line[lead])) lead++;
  const char* rest;
  l->side = side_prefix(line + lead, &rest);
  if (l->side != MURK_NO_SIDE) l->side_col = (int)lead + 1;
  size_t off = (size_t)(rest - line);
  size_t skip = 0;
  while (is_blank(rest[skip])) skip++;
  l->col = (int)(off + skip) + 1;

  l->text = command_text(rest);
  if (!l->text) return MURK_ENOMEM;

  char err[MURK_DIAG_MSG];
  int errcol = 0;
  int rc = murk_command_parse(rest, &l->cmd, err, sizeof err, &errcol);
  if (rc == 1) {
    l->status = MURK_OK;
  } else {
    l->status = MURK_EINVAL;
    if (rc == 0) {
      /* Only a prefix ("attacker:" and nothing to do), or an empty added line. */
      if (l->side != MURK_NO_SIDE)
        snprintf(err, sizeof err, "expected a command after '%s:'", murk_side_name(l->side));
      else
        snprintf(err, sizeof err, "expected a command");
      errcol = (int)(off + skip) + 1;
    } else {
      errcol += (int)off;
    }
    l->errcol = errcol;
    l->error = murk_strdup(err);
    if (!l->error) {
      murk_free(l->text);
      l->text = NULL;
      return MURK_ENOMEM;
    }
  }
  return MURK_OK;
}

/* Parse one command line into a new entry of s. */
static int add_line(struct murk_script* s, const char* line, int lineno) {
  if (s->nlines == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 32;
    struct murk_script_line* grown = murk_realloc(s->lines, cap * sizeof *grown);
    if (!grown) return MURK_ENOMEM;
    s->lines = grown;
    s->cap = cap;
  }
  int rc = parse_line(&s->lines[s->nlines], line, lineno);
  if (rc == MURK_OK) s->nlines++;
  return rc;
}

void murk_script_line_clear(struct murk_script_line* l) {
  if (!l) return;
  murk_free(l->text);
  murk_free(l->error);
  memset(l, 0, sizeof *l);
}

int murk_script_add(struct murk_script* s, enum murk_side side, const char* text) {
  if (!s || !text || strpbrk(text, "\n\r")) return MURK_EINVAL;
  int rc = add_line(s, text, (int)s->nlines + 1);
  if (rc != MURK_OK) return rc;
  /* The side comes from the caller, not from the text. */
  struct murk_script_line* l = &s->lines[s->nlines - 1];
  if (side != MURK_NO_SIDE) l->side = side;
  return MURK_OK;
}

/* ---- parsing ---- */

enum {
  H_MISSION,
  H_SEED,
  H_HASH,
  H_VERSION,
  H_KEY,
  H_SEATS,
  H_WITH,
  H_LAST_TURN,
  H_MISSION_ID,
  H_MISSION_TEXT,
  H_PARTS,
  H_COUNT
};
static const char* const header_keys[H_COUNT] = {
    "mission", "seed",      "mission-hash", "murk-save",    "dice-key",  "seats",
    "with",    "last-turn", "mission-id",   "mission-text", "dice-parts"};

/* The line prefix of the mission's text in a save ("#| ", or "#|" before an empty line). */
#define TEXT_PREFIX "#|"

struct header_ctx {
  struct murk_script* s;
  struct murk_diags* d;
  int seen_line[H_COUNT]; /* where each header was first given, for duplicates */
  bool bad;
  /* The mission's text being read: after its header, while lines start with TEXT_PREFIX. */
  bool in_text;
  size_t text_want;
  struct mk_strbuf text;
};

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void
header_error(struct header_ctx* h, int line, int col, const char* fmt, ...) {
  char msg[MURK_DIAG_MSG];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (h->d) murk_diags_add(h->d, line, col, "%s", msg);
  h->bad = true;
}

/* A whole unsigned decimal number into *out; false on anything else or overflow. */
static bool parse_u64(const char* s, size_t len, uint64_t* out) {
  if (len == 0) return false;
  uint64_t v = 0;
  for (size_t i = 0; i < len; i++) {
    if (!isdigit((unsigned char)s[i])) return false;
    unsigned d = (unsigned)(s[i] - '0');
    if (v > (UINT64_MAX - d) / 10) return false;
    v = v * 10 + d;
  }
  *out = v;
  return true;
}

static bool parse_hex64(const char* s, size_t len, uint64_t* out) {
  if (len != 16) return false;
  uint64_t v = 0;
  for (size_t i = 0; i < len; i++) {
    int c = tolower((unsigned char)s[i]);
    unsigned d;
    if (c >= '0' && c <= '9')
      d = (unsigned)(c - '0');
    else if (c >= 'a' && c <= 'f')
      d = (unsigned)(c - 'a' + 10);
    else
      return false;
    v = (v << 4) | d;
  }
  *out = v;
  return true;
}

/* "attacker=SEAT defender=SEAT" (one blank between, sides in that order) into seat, then
 * " level=LEVEL" when the computer's level is not normal. */
static bool parse_seats(const char* v, size_t vlen, enum murk_seat seat[MURK_SIDES],
                        enum murk_level* level) {
  size_t at = 0;
  for (int side = 0; side < MURK_SIDES; side++) {
    const char* name = murk_side_name((enum murk_side)side);
    size_t nlen = strlen(name);
    if (side > 0 && (at >= vlen || !is_blank(v[at++]))) return false;
    if (vlen - at < nlen + 1 || memcmp(v + at, name, nlen) != 0 || v[at + nlen] != '=')
      return false;
    at += nlen + 1;
    size_t end = at;
    while (end < vlen && !is_blank(v[end])) end++;
    seat[side] = murk_seat_parse(v + at, end - at);
    if (seat[side] == MURK_SEAT_NONE) return false;
    at = end;
  }
  *level = MURK_LEVEL_NORMAL;
  static const char lkey[] = " level=";
  if (vlen - at > sizeof lkey - 1 && memcmp(v + at, lkey, sizeof lkey - 1) == 0) {
    at += sizeof lkey - 1;
    int l = murk_level_parse(v + at, vlen - at);
    if (l < 0) return false;
    *level = (enum murk_level)l;
    at = vlen;
  }
  return at == vlen;
}

/* A comment line before the first command: "# key: value" sets a header, anything else
 * is a comment. Returns MURK_ENOMEM or MURK_OK (errors are noted in h). */
static int header_line(struct header_ctx* h, const char* line, int lineno) {
  size_t i = 0;
  while (is_blank(line[i])) i++;
  i++; /* the '#' */
  while (is_blank(line[i])) i++;
  size_t key = i;
  while (isalnum((unsigned char)line[i]) || line[i] == '-' || line[i] == '_') i++;
  size_t keylen = i - key;
  if (line[i] != ':') return MURK_OK;
  int which = -1;
  for (int k = 0; k < H_COUNT; k++)
    if (word_is(line + key, keylen, header_keys[k])) which = k;
  if (which < 0) return MURK_OK;
  i++;
  while (is_blank(line[i])) i++;
  size_t val = i, end = i;
  for (; line[i]; i++)
    if (!is_blank(line[i])) end = i + 1;
  const char* v = line + val;
  size_t vlen = end - val;
  int col = (int)val + 1;

  if (h->seen_line[which]) {
    header_error(h, lineno, (int)key + 1, "'%s' is given twice (first on line %d)",
                 header_keys[which], h->seen_line[which]);
    return MURK_OK;
  }
  h->seen_line[which] = lineno;

  struct murk_script* s = h->s;
  switch (which) {
    case H_MISSION:
      if (vlen == 0) {
        header_error(h, lineno, col, "'mission' needs a path, like data/missions/luneville.yaml");
        break;
      }
      s->mission = murk_strndup(v, vlen);
      if (!s->mission) return MURK_ENOMEM;
      s->mission_line = lineno;
      break;
    case H_SEED:
      if (!parse_u64(v, vlen, &s->seed))
        header_error(h, lineno, col,
                     "the seed must be a whole number from 0 to %" PRIu64 ", got '%.*s'",
                     UINT64_MAX, (int)(vlen > 40 ? 40 : vlen), v);
      else
        s->has_seed = true;
      break;
    case H_HASH:
      if (!parse_hex64(v, vlen, &s->mission_hash))
        header_error(h, lineno, col, "'mission-hash' must be 16 hexadecimal digits, got '%.*s'",
                     (int)(vlen > 40 ? 40 : vlen), v);
      else
        s->has_hash = true;
      break;
    case H_KEY: {
      size_t got = 0;
      bool ok = vlen == 2 * MURK_DICE_KEY_BYTES;
      for (size_t k = 0; ok && k < vlen; k++)
        ok = (v[k] >= '0' && v[k] <= '9') || (v[k] >= 'a' && v[k] <= 'f');
      if (!ok || sodium_hex2bin(s->key, sizeof s->key, v, vlen, NULL, &got, NULL) != 0 ||
          got != sizeof s->key)
        header_error(h, lineno, col, "'dice-key' must be %d lowercase hexadecimal digits",
                     2 * MURK_DICE_KEY_BYTES);
      else
        s->has_key = true;
      break;
    }
    case H_PARTS: {
      size_t got = 0;
      bool ok = vlen == 2 * MURK_DICE_PARTS_BYTES;
      for (size_t k = 0; ok && k < vlen; k++)
        ok = (v[k] >= '0' && v[k] <= '9') || (v[k] >= 'a' && v[k] <= 'f');
      if (!ok || sodium_hex2bin(s->parts, sizeof s->parts, v, vlen, NULL, &got, NULL) != 0 ||
          got != sizeof s->parts)
        header_error(h, lineno, col, "'dice-parts' must be %d lowercase hexadecimal digits",
                     2 * MURK_DICE_PARTS_BYTES);
      else
        s->has_parts = true;
      break;
    }
    case H_LAST_TURN: {
      uint64_t t = 0;
      if (!parse_u64(v, vlen, &t) || t < 1 || t > 100)
        header_error(h, lineno, col, "'last-turn' must be a turn from 1 to 100, got '%.*s'",
                     (int)(vlen > 40 ? 40 : vlen), v);
      else
        s->last_turn = (int)t;
      break;
    }
    case H_SEATS:
      if (!parse_seats(v, vlen, s->seat, &s->level))
        header_error(h, lineno, col,
                     "'seats' must say who plays each side, like "
                     "'attacker=human defender=computer' (human, computer or remote), then "
                     "perhaps the computer's level ('level=easy')");
      else
        s->has_seats = true;
      break;
    case H_MISSION_ID: { /* a block: C11 has no declaration right after a label */
      bool plain = vlen > 0 && vlen < 64;
      for (size_t k = 0; plain && k < vlen; k++)
        plain = (unsigned char)v[k] > ' ' && v[k] != 0x7f && v[k] != '/';
      if (!plain) {
        header_error(h, lineno, col, "'mission-id' needs a mission's id, like luneville");
        break;
      }
      s->mission_id = murk_strndup(v, vlen);
      if (!s->mission_id) return MURK_ENOMEM;
      break;
    }
    case H_MISSION_TEXT: {
      uint64_t n = 0;
      if (vlen < 7 || memcmp(v + vlen - 6, " bytes", 6) != 0 || !parse_u64(v, vlen - 6, &n) ||
          n > MURK_MISSION_MAX_BYTES) {
        header_error(h, lineno, col,
                     "'mission-text' must give the mission file's length, like '9120 bytes' "
                     "(at most %d)",
                     MURK_MISSION_MAX_BYTES);
        break;
      }
      h->in_text = true;
      h->text_want = (size_t)n;
      s->mission_text_line = lineno;
      break;
    }
    case H_WITH: /* rule names, checked against the mission when it is loaded */
      s->with = murk_strndup(v, vlen);
      if (!s->with) return MURK_ENOMEM;
      s->with_line = lineno;
      break;
    case H_VERSION: {
      uint64_t ver = 0;
      if (!parse_u64(v, vlen, &ver) || ver == 0)
        header_error(h, lineno, col, "'murk-save' must be a version number, got '%.*s'",
                     (int)(vlen > 40 ? 40 : vlen), v);
      else if (ver > MURK_SAVE_VERSION)
        header_error(h, lineno, col,
                     "this save has format version %" PRIu64
                     "; this murk reads version %d and older",
                     ver, MURK_SAVE_VERSION);
      else
        s->version = (int)ver;
      break;
    }
    default:
      break;
  }
  return MURK_OK;
}

/* One line of the mission's text (raw: data[at, end), its line break left out) after its
 * prefix and the blank that follows it. */
static void text_line(struct header_ctx* h, const char* raw, size_t n) {
  size_t skip = sizeof TEXT_PREFIX - 1;
  if (n > skip && raw[skip] == ' ') skip++;
  mk_strbuf_put(&h->text, raw + skip, n - skip);
  mk_strbuf_put(&h->text, "\n", 1);
}

/* The mission's text has ended: its length as the header gave it (the file's last line may
 * lack a line break), kept in the script. Returns MURK_ENOMEM or MURK_OK (errors in h). */
static int text_end(struct header_ctx* h) {
  if (!h->in_text) return MURK_OK;
  h->in_text = false;
  size_t got = 0;
  char* t = mk_strbuf_take(&h->text, &got);
  if (!t) {
    t = murk_malloc(1);
    if (!t) return MURK_ENOMEM;
    t[0] = '\0';
    got = 0;
  }
  if (got == h->text_want + 1 && t[got - 1] == '\n') t[--got] = '\0';
  if (got != h->text_want) {
    header_error(h, h->s->mission_text_line, 1,
                 "the mission's text below this line has %zu bytes, not the %zu it says", got,
                 h->text_want);
    murk_free(t);
    return MURK_OK;
  }
  h->s->mission_text = t;
  h->s->mission_text_len = got;
  return MURK_OK;
}

/* The next line of data from *pos (its '\n' and a '\r' before it left out), NUL-terminated in
 * a new buffer; *lineno counts it. NULL at the end (*oom set when out of memory). */
static char* next_text_line(const char* data, size_t len, size_t* pos, int* lineno, bool* oom) {
  if (*pos >= len) return NULL;
  size_t start = *pos;
  const char* nl = memchr(data + start, '\n', len - start);
  size_t end = nl ? (size_t)(nl - data) : len;
  *pos = nl ? end + 1 : len;
  (*lineno)++;
  size_t llen = end - start;
  if (llen && data[start + llen - 1] == '\r') llen--;
  char* line = murk_strndup(data + start, llen);
  if (!line) *oom = true;
  return line;
}

/* A line that is only blanks, or a comment (*comment). */
static bool skip_line(const char* line, bool* comment) {
  size_t i = 0;
  while (is_blank(line[i])) i++;
  *comment = line[i] == '#';
  return line[i] == '\0' || *comment;
}

int murk_script_parse_head(const char* data, size_t len, struct murk_script** out, size_t* body,
                           struct murk_diags* diags) {
  *out = NULL;
  *body = 0;
  if (!data && len) return MURK_EINVAL;
  const char* nul = len ? memchr(data, '\0', len) : NULL;
  if (nul) {
    int lineno = 1, col = 1;
    for (const char* p = data; p < nul; p++, col++)
      if (*p == '\n') lineno++, col = 0;
    if (diags) murk_diags_add(diags, lineno, col, "a NUL byte in the text (is this a text file?)");
    return MURK_EINVAL;
  }
  struct murk_script* s = murk_script_new();
  if (!s) return MURK_ENOMEM;
  struct header_ctx h = {.s = s, .d = diags};
  int lineno = 0;
  int rc = MURK_OK;
  size_t pos = 0, at = 0;
  bool oom = false, comment = false;
  char* line;
  /* The headers are the comment lines before the first command. */
  while (rc == MURK_OK && (at = pos, line = next_text_line(data, len, &pos, &lineno, &oom))) {
    bool skip = skip_line(line, &comment);
    if (h.in_text && strncmp(line, TEXT_PREFIX, sizeof TEXT_PREFIX - 1) == 0) {
      /* Raw, so that a carriage return of the mission's own survives. */
      size_t end = pos > at && data[pos - 1] == '\n' ? pos - 1 : pos;
      text_line(&h, data + at, end - at);
      murk_free(line);
      continue;
    }
    rc = text_end(&h);
    if (rc == MURK_OK && comment) rc = header_line(&h, line, lineno);
    murk_free(line);
    if (!skip) {
      pos = at;
      break;
    }
  }
  if (rc == MURK_OK) rc = text_end(&h);
  mk_strbuf_free(&h.text);
  if (oom) rc = MURK_ENOMEM;
  if (rc == MURK_OK && h.bad) rc = MURK_EINVAL;
  if (rc != MURK_OK) {
    murk_script_free(s);
    return rc;
  }
  *out = s;
  *body = pos;
  return MURK_OK;
}

int murk_script_next(const char* data, size_t len, size_t* pos, int* lineno,
                     struct murk_script_line* l) {
  murk_script_line_clear(l);
  bool oom = false, comment = false;
  char* line;
  while ((line = next_text_line(data, len, pos, lineno, &oom))) {
    if (skip_line(line, &comment)) {
      murk_free(line);
      continue;
    }
    int rc = parse_line(l, line, *lineno);
    murk_free(line);
    return rc == MURK_OK ? 1 : rc;
  }
  return oom ? MURK_ENOMEM : 0;
}

int murk_script_parse(const char* data, size_t len, struct murk_script** out,
                      struct murk_diags* diags) {
  size_t pos = 0;
  int rc = murk_script_parse_head(data, len, out, &pos, diags);
  if (rc != MURK_OK) return rc;
  struct murk_script* s = *out;
  /* The line number of the body's first line: the lines before it counted. */
  int lineno = 0;
  for (size_t i = 0; i < pos; i++)
    if (data[i] == '\n') lineno++;
  struct murk_script_line l = {0};
  while ((rc = murk_script_next(data, len, &pos, &lineno, &l)) == 1) {
    if (s->nlines == s->cap) {
      size_t cap = s->cap ? s->cap * 2 : 32;
      struct murk_script_line* grown = murk_realloc(s->lines, cap * sizeof *grown);
      if (!grown) {
        rc = MURK_ENOMEM;
        break;
      }
      s->lines = grown;
      s->cap = cap;
    }
    s->lines[s->nlines++] = l; /* the line's text moves into s */
    memset(&l, 0, sizeof l);
  }
  murk_script_line_clear(&l);
  if (rc != 0) {
    murk_script_free(s);
    *out = NULL;
    return rc;
  }
  return MURK_OK;
}

/* ---- writing ---- */

int murk_script_format(const struct murk_script* s, char** out, size_t* len) {
  *out = NULL;
  if (len) *len = 0;
  if (!s) return MURK_EINVAL;
  if (s->mission && strpbrk(s->mission, "\n\r")) return MURK_EINVAL;
  if (s->with && strpbrk(s->with, "\n\r")) return MURK_EINVAL;
  if (s->mission_id && strpbrk(s->mission_id, "\n\r")) return MURK_EINVAL;
  if (s->mission_text && memchr(s->mission_text, '\0', s->mission_text_len)) return MURK_EINVAL;
  for (size_t i = 0; i < s->nlines; i++)
    if (!s->lines[i].text || strpbrk(s->lines[i].text, "\n\r")) return MURK_EINVAL;

  struct mk_strbuf b = {0};
  if (s->version) mk_strbuf_printf(&b, "# murk-save: %d\n", s->version);
  if (s->mission) mk_strbuf_printf(&b, "# mission: %s\n", s->mission);
  if (s->mission_id) mk_strbuf_printf(&b, "# mission-id: %s\n", s->mission_id);
  if (s->has_hash) mk_strbuf_printf(&b, "# mission-hash: %016" PRIx64 "\n", s->mission_hash);
  if (s->has_seed) mk_strbuf_printf(&b, "# seed: %" PRIu64 "\n", s->seed);
  if (s->has_key) {
    char hex[2 * MURK_DICE_KEY_BYTES + 1];
    sodium_bin2hex(hex, sizeof hex, s->key, sizeof s->key);
    mk_strbuf_printf(&b, "# dice-key: %s\n", hex);
    sodium_memzero(hex, sizeof hex);
  }
  if (s->has_parts) {
    char hex[2 * MURK_DICE_PARTS_BYTES + 1];
    sodium_bin2hex(hex, sizeof hex, s->parts, sizeof s->parts);
    mk_strbuf_printf(&b, "# dice-parts: %s\n", hex);
    sodium_memzero(hex, sizeof hex);
  }
  if (s->has_seats)
    mk_strbuf_printf(&b, "# seats: attacker=%s defender=%s%s%s\n",
                     murk_seat_name(s->seat[MURK_ATTACKER]), murk_seat_name(s->seat[MURK_DEFENDER]),
                     s->level != MURK_LEVEL_NORMAL ? " level=" : "",
                     s->level != MURK_LEVEL_NORMAL ? murk_level_name(s->level) : "");
  if (s->with && *s->with) mk_strbuf_printf(&b, "# with: %s\n", s->with);
  if (s->last_turn > 0) mk_strbuf_printf(&b, "# last-turn: %d\n", s->last_turn);
  if (s->mission_text) {
    /* Last of the headers: a line of the file each, its length telling whether the file
     * ends with a line break. */
    mk_strbuf_printf(&b, "# mission-text: %zu bytes\n", s->mission_text_len);
    const char* t = s->mission_text;
    size_t n = s->mission_text_len, at = 0;
    while (at < n) {
      const char* nl = memchr(t + at, '\n', n - at);
      size_t end = nl ? (size_t)(nl - t) : n;
      mk_strbuf_puts(&b, end > at ? TEXT_PREFIX " " : TEXT_PREFIX);
      mk_strbuf_put(&b, t + at, end - at);
      mk_strbuf_put(&b, "\n", 1);
      at = end + 1;
    }
  }
  for (size_t i = 0; i < s->nlines; i++) {
    const struct murk_script_line* l = &s->lines[i];
    if (l->side != MURK_NO_SIDE) mk_strbuf_printf(&b, "%s: ", murk_side_name(l->side));
    mk_strbuf_printf(&b, "%s\n", l->text);
  }
  *out = mk_strbuf_take(&b, len);
  return *out ? MURK_OK : MURK_ENOMEM;
}

int murk_save_game(const struct murk_game* g, char** out, size_t* len) {
  *out = NULL;
  if (len) *len = 0;
  const struct murk_mission* m = murk_game_mission(g);
  struct murk_script* s = murk_script_new();
  if (!s) return MURK_ENOMEM;
  int rc = MURK_OK;
  s->version = MURK_SAVE_VERSION;
  s->mission = murk_strdup(m->path ? m->path : "");
  if (!s->mission) rc = MURK_ENOMEM;
  s->has_hash = true;
  s->mission_hash = m->hash;
  if (rc == MURK_OK && !(s->mission_id = murk_strdup(m->id))) rc = MURK_ENOMEM;
  if (rc == MURK_OK && m->text) {
    /* The mission travels with the save: no file needs to stay where it was. */
    s->mission_text = murk_malloc(m->text_len + 1);
    if (!s->mission_text)
      rc = MURK_ENOMEM;
    else {
      memcpy(s->mission_text, m->text, m->text_len + 1);
      s->mission_text_len = m->text_len;
    }
  }
  const unsigned char* key = murk_game_dice_key(g);
  if (key) {
    s->has_key = true;
    memcpy(s->key, key, sizeof s->key);
    const unsigned char* parts = murk_game_dice_parts(g);
    if (parts) {
      s->has_parts = true;
      memcpy(s->parts, parts, sizeof s->parts);
    }
  } else {
    s->has_seed = true;
    s->seed = murk_game_seed(g);
  }
  for (int side = 0; side < MURK_SIDES; side++)
    s->seat[side] = murk_game_seat(g, (enum murk_side)side);
  s->has_seats = s->seat[0] != MURK_SEAT_NONE && s->seat[1] != MURK_SEAT_NONE;
  s->level = murk_game_level(g);
  char with[512];
  if (rc == MURK_OK && murk_mission_added(m, with, sizeof with) > 0 &&
      !(s->with = murk_strdup(with)))
    rc = MURK_ENOMEM;
  if (rc == MURK_OK) s->last_turn = murk_game_last_turn(g);
  for (size_t i = 0; rc == MURK_OK && i < murk_game_log_count(g); i++)
    rc = murk_script_add(s, murk_game_log_side(g, i), murk_game_log_line(g, i));
  size_t n = 0;
  if (rc == MURK_OK) rc = murk_script_format(s, out, &n);
  if (rc == MURK_OK && (rc = murk_save_append_chain(out, &n)) != MURK_OK) {
    murk_free(*out);
    *out = NULL;
  }
  if (rc == MURK_OK && len) *len = n;
  sodium_memzero(s->key, sizeof s->key);
  sodium_memzero(s->parts, sizeof s->parts);
  murk_script_free(s);
  return rc;
}

/* ---- the hash chain of an open save ---- */

#define CHAIN_PREFIX "# chain: "

static void chain_over(const char* data, size_t len, unsigned char h[32]) {
  static const char start[] = "murk open save";
  crypto_generichash(h, 32, (const unsigned char*)start, sizeof start - 1, NULL, 0);
  size_t pos = 0;
  while (pos < len) {
    size_t end = pos;
    while (end < len && data[end] != '\n') end++;
    if (end < len) end++;
    unsigned char prev[32];
    memcpy(prev, h, 32);
    crypto_generichash(h, 32, (const unsigned char*)data + pos, end - pos, prev, 32);
    pos = end;
  }
}

int murk_save_append_chain(char** text, size_t* len) {
  unsigned char h[32];
  chain_over(*text, *len, h);
  size_t add = sizeof CHAIN_PREFIX - 1 + MURK_CHAIN_HEX + 1;
  char* grown = murk_realloc(*text, *len + add + 1);
  if (!grown) return MURK_ENOMEM;
  memcpy(grown + *len, CHAIN_PREFIX, sizeof CHAIN_PREFIX - 1);
  sodium_bin2hex(grown + *len + sizeof CHAIN_PREFIX - 1, MURK_CHAIN_HEX + 1, h, sizeof h);
  grown[*len + add - 1] = '\n';
  grown[*len + add] = '\0';
  *text = grown;
  *len += add;
  return MURK_OK;
}

/* Hash one line (with its line break) into the running chain h. */
static void chain_line(unsigned char h[32], const char* line, size_t n) {
  unsigned char prev[32];
  memcpy(prev, h, 32);
  crypto_generichash(h, 32, (const unsigned char*)line, n, prev, 32);
}

static bool is_chain_line(const char* data, size_t pos, size_t end) {
  const size_t plen = sizeof CHAIN_PREFIX - 1;
  return end - pos >= plen && memcmp(data + pos, CHAIN_PREFIX, plen) == 0;
}

int murk_save_check_chain(const char* data, size_t len, bool required, int* line) {
  if (line) *line = 0;
  /* Every chain line (a journal has one after each record) must match the hash of all the
   * lines before it, and the last line must be a whole chain line. */
  static const char start[] = "murk open save";
  unsigned char h[32];
  crypto_generichash(h, 32, (const unsigned char*)start, sizeof start - 1, NULL, 0);
  size_t pos = 0;
  int lineno = 1;
  bool any = false, last_is_chain = false;
  const size_t plen = sizeof CHAIN_PREFIX - 1;
  while (pos < len) {
    size_t end = pos;
    while (end < len && data[end] != '\n') end++;
    last_is_chain = false;
    if (is_chain_line(data, pos, end)) {
      any = true;
      if (line) *line = lineno;
      if (end == len || end - pos != plen + MURK_CHAIN_HEX) return MURK_EINVAL;
      char hex[MURK_CHAIN_HEX + 1];
      sodium_bin2hex(hex, sizeof hex, h, sizeof h);
      if (memcmp(hex, data + pos + plen, MURK_CHAIN_HEX) != 0) return MURK_EINVAL;
      last_is_chain = true;
    }
    size_t next = end < len ? end + 1 : end;
    chain_line(h, data + pos, next - pos);
    pos = next;
    lineno++;
  }
  if (!any) return required ? MURK_EINVAL : MURK_OK;
  return last_is_chain ? MURK_OK : MURK_EINVAL;
}

size_t murk_save_journal_whole(const char* data, size_t len) {
  /* The end of the last chain line that ends with its line break. */
  size_t pos = 0, last = 0;
  bool any = false;
  while (pos < len) {
    size_t end = pos;
    while (end < len && data[end] != '\n') end++;
    if (end < len && is_chain_line(data, pos, end)) {
      any = true;
      last = end + 1;
    }
    pos = end < len ? end + 1 : end;
  }
  if (!any || last == len) return len;
  /* A torn record: at most its command line whole, then part of its chain line. */
  size_t breaks = 0, after = last;
  for (size_t i = last; i < len; i++)
    if (data[i] == '\n') breaks++, after = i + 1;
  if (breaks == 0) return last;
  if (breaks == 1 && after < len) {
    /* What follows the command line must be the start of a chain line. */
    size_t n = len - after < sizeof CHAIN_PREFIX - 1 ? len - after : sizeof CHAIN_PREFIX - 1;
    if (memcmp(data + after, CHAIN_PREFIX, n) == 0) return last;
    return len;
  }
  if (breaks == 1) return last; /* the command line whole, its chain line not begun */
  return len;                   /* more than a torn record: damage, for the chain to find */
}

void murk_save_chain_start(struct murk_chain* c, const char* data, size_t len) {
  chain_over(data, len, c->h);
}

int murk_save_journal_record(struct murk_chain* c, enum murk_side side, const char* command,
                             char* out, size_t n) {
  if (strchr(command, '\n') || strchr(command, '\r')) return MURK_EINVAL;
  int w = side == MURK_NO_SIDE ? snprintf(out, n, "%s\n", command)
                               : snprintf(out, n, "%s: %s\n", murk_side_name(side), command);
  if (w < 0 || (size_t)w + sizeof CHAIN_PREFIX + MURK_CHAIN_HEX + 1 > n) return MURK_ENOSPACE;
  size_t len = (size_t)w;
  chain_line(c->h, out, len);
  size_t at = len;
  memcpy(out + at, CHAIN_PREFIX, sizeof CHAIN_PREFIX - 1);
  at += sizeof CHAIN_PREFIX - 1;
  sodium_bin2hex(out + at, MURK_CHAIN_HEX + 1, c->h, sizeof c->h);
  at += MURK_CHAIN_HEX;
  out[at++] = '\n';
  out[at] = '\0';
  chain_line(c->h, out + len, at - len);
  return (int)at;
}

void murk_game_fingerprint(const struct murk_game* g, const unsigned char* key, size_t keylen,
                           char* buf, size_t n) {
  crypto_generichash_state st;
  if (!key || keylen < crypto_generichash_KEYBYTES_MIN || keylen > crypto_generichash_KEYBYTES_MAX)
    key = NULL, keylen = 0;
  crypto_generichash_init(&st, key, keylen, 8);
  const unsigned char* dk = murk_game_dice_key(g);
  unsigned char seed[8];
  uint64_t sv = murk_game_seed(g);
  for (int i = 0; i < 8; i++) seed[i] = (unsigned char)(sv >> (8 * i));
  if (dk)
    crypto_generichash_update(&st, dk, MURK_DICE_KEY_BYTES);
  else
    crypto_generichash_update(&st, seed, sizeof seed);
  for (size_t i = 0; i < murk_game_log_count(g); i++) {
    const char* side = murk_side_name(murk_game_log_side(g, i));
    const char* text = murk_game_log_line(g, i);
    crypto_generichash_update(&st, (const unsigned char*)side, strlen(side) + 1);
    crypto_generichash_update(&st, (const unsigned char*)text, strlen(text) + 1);
  }
  unsigned char h[8];
  crypto_generichash_final(&st, h, sizeof h);
  snprintf(buf, n, "%02x%02x-%02x%02x-%02x%02x", h[0], h[1], h[2], h[3], h[4], h[5]);
}
