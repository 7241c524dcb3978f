/* yamlwalk.c: checked reading of a YAML document for the mission loader (yamlwalk.h). */
#include "yamlwalk.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/suggest.h"

/* ---- positions and reporting ---- */

int yw_line(const yaml_node_t* n) {
  return n ? (int)n->start_mark.line + 1 : 0;
}

int yw_col(const yaml_node_t* n) {
  return n ? (int)n->start_mark.column + 1 : 0;
}

bool yw_full(const struct yw* w) {
  return w->diags->count >= MURK_DIAG_MAX;
}

static void add_v(struct yw* w, int line, int col, const char* fmt, va_list ap) {
  char msg[MURK_DIAG_MSG];
  vsnprintf(msg, sizeof msg, fmt, ap);
  murk_diags_add(w->diags, line, col, "%s", msg);
}

void yw_err(struct yw* w, const yaml_node_t* n, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  add_v(w, yw_line(n), yw_col(n), fmt, ap);
  va_end(ap);
}

void yw_err_at(struct yw* w, int line, int col, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  add_v(w, line, col, fmt, ap);
  va_end(ap);
}

/* ---- the raw text: UTF-8, no NUL, no control characters; line table ---- */

static int push_line(struct yw* w, size_t* cap, size_t at) {
  if (w->nlines == *cap) {
    size_t ncap = *cap ? *cap * 2 : 256;
    size_t* nl = murk_realloc(w->lines, ncap * sizeof *nl);
    if (!nl) return MURK_ENOMEM;
    w->lines = nl;
    *cap = ncap;
  }
  w->lines[w->nlines++] = at;
  return MURK_OK;
}

/* Strict UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF). Returns the
 * sequence length, or 0 if s does not start a valid sequence. */
static size_t utf8_decode(const unsigned char* s, size_t n, uint32_t* cp) {
  unsigned c = s[0];
  size_t len;
  uint32_t v, min;
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2, v = c & 0x1F, min = 0x80;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3, v = c & 0x0F, min = 0x800;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4, v = c & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if (n < len) return 0;
  for (size_t i = 1; i < len; i++) {
    if ((s[i] & 0xC0) != 0x80) return 0;
    v = (v << 6) | (s[i] & 0x3F);
  }
  if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0;
  *cp = v;
  return len;
}

/* One pass over the bytes: reject what libyaml would reject with a vaguer message (or
 * would read as another encoding), and record where lines start. Line breaks are the ones
 * YAML 1.1 knows (LF, CR, CRLF, NEL, LS, PS) so our lines agree with libyaml's marks;
 * columns count characters, as libyaml's do. */
static int scan_text(struct yw* w) {
  const unsigned char* s = w->text;
  size_t n = w->len, cap = 0, i = 0;
  int line = 1, col = 1;
  if (push_line(w, &cap, 0)) return MURK_ENOMEM;
  if (n >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF) i = 3; /* a BOM is fine */
  while (i < n) {
    unsigned c = s[i];
    if (c == '\n' || c == '\r') {
      i += (c == '\r' && i + 1 < n && s[i + 1] == '\n') ? 2 : 1;
      line++, col = 1;
      if (push_line(w, &cap, i)) return MURK_ENOMEM;
      continue;
    }
    if (c == 0) {
      yw_err_at(w, line, col, "NUL byte in the file (expected UTF-8 text; is this a binary file?)");
      return MURK_EINVAL;
    }
    if (c < 0x80) {
      if ((c < 0x20 && c != '\t') || c == 0x7F) {
        yw_err_at(w, line, col,
                  "control character 0x%02x in the file (expected UTF-8 text; is this a binary "
                  "file?)",
                  c);
        return MURK_EINVAL;
      }
      i++, col++;
      continue;
    }
    uint32_t cp = 0;
    size_t len = utf8_decode(s + i, n - i, &cp);
    if (len == 0) {
      yw_err_at(w, line, col, "invalid UTF-8 byte 0x%02x (expected UTF-8 text)", c);
      return MURK_EINVAL;
    }
    i += len;
    if (cp == 0x85 || cp == 0x2028 || cp == 0x2029) {
      line++, col = 1;
      if (push_line(w, &cap, i)) return MURK_ENOMEM;
      continue;
    }
    if ((cp >= 0x80 && cp < 0xA0) || cp == 0xFFFE || cp == 0xFFFF) {
      yw_err_at(w, line, col, "control character U+%04X in the file (expected UTF-8 text)",
                (unsigned)cp);
      return MURK_EINVAL;
    }
    col++;
  }
  return MURK_OK;
}

/* Line and column (1-based) of a byte offset, for libyaml's reader errors. */
static void offset_pos(const struct yw* w, size_t off, int* line, int* col) {
  size_t lo = 0, hi = w->nlines;
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (w->lines[mid] <= off)
      lo = mid;
    else
      hi = mid;
  }
  int c = 1;
  for (size_t i = w->lines[lo]; i < off && i < w->len; i++)
    if ((w->text[i] & 0xC0) != 0x80) c++;
  *line = (int)lo + 1;
  *col = c;
}

static int parser_error(struct yw* w, const yaml_parser_t* p) {
  if (p->error == YAML_MEMORY_ERROR) return MURK_ENOMEM;
  const char* problem = p->problem ? p->problem : "unknown problem";
  if (p->error == YAML_READER_ERROR) {
    int line, col;
    offset_pos(w, p->problem_offset, &line, &col);
    yw_err_at(w, line, col, "cannot read the text: %s (expected UTF-8 text)", problem);
  } else if (p->context) {
    yw_err_at(w, (int)p->problem_mark.line + 1, (int)p->problem_mark.column + 1,
              "invalid YAML: %s (%s that starts at %d:%d)", problem, p->context,
              (int)p->context_mark.line + 1, (int)p->context_mark.column + 1);
  } else {
    yw_err_at(w, (int)p->problem_mark.line + 1, (int)p->problem_mark.column + 1,
              "invalid YAML: %s (expected a YAML mapping)", problem);
  }
  return MURK_EINVAL;
}

/* The streaming pass: events only, constant stack, nothing composed. It refuses what the
 * composed tree could make expensive: nesting deeper than max_depth, aliases (an alias bomb
 * is small as text and huge when walked), and more than one document. */
static int stream_pass(struct yw* w, int max_depth) {
  yaml_parser_t p;
  if (!yaml_parser_initialize(&p)) return MURK_ENOMEM;
  yaml_parser_set_input_string(&p, w->text, w->len);
  int depth = 0, docs = 0, rc = MURK_OK;
  bool stop = false;
  while (!stop) {
    yaml_event_t e;
    if (!yaml_parser_parse(&p, &e)) {
      rc = parser_error(w, &p);
      break;
    }
    int line = (int)e.start_mark.line + 1, col = (int)e.start_mark.column + 1;
    switch (e.type) {
      case YAML_DOCUMENT_START_EVENT:
        if (++docs > 1) {
          yw_err_at(w, line, col, "a second YAML document (expected one mission per file)");
          rc = MURK_EINVAL, stop = true;
        }
        break;
      case YAML_SEQUENCE_START_EVENT:
      case YAML_MAPPING_START_EVENT:
        if (++depth > max_depth) {
          yw_err_at(w, line, col,
                    "nesting deeper than %d levels (expected a mission's shallow "
                    "structure)",
                    max_depth);
          rc = MURK_EINVAL, stop = true;
        }
        break;
      case YAML_SEQUENCE_END_EVENT:
      case YAML_MAPPING_END_EVENT:
        depth--;
        break;
      case YAML_ALIAS_EVENT:
        yw_err_at(w, line, col,
                  "alias '*%.40s' (anchors and aliases are not supported: write "
                  "the value out)",
                  (const char*)e.data.alias.anchor);
        rc = MURK_EINVAL, stop = true; /* one is enough: a bomb holds thousands */
        break;
      case YAML_STREAM_END_EVENT:
        stop = true;
        break;
      default:
        break;
    }
    yaml_event_delete(&e);
  }
  yaml_parser_delete(&p);
  if (rc == MURK_OK && docs == 0) {
    yw_err_at(w, 1, 1,
              "the file has no YAML content, only blanks or comments (expected a "
              "mission: a mapping with name, table, terrain, forces)");
    rc = MURK_EINVAL;
  }
  return rc;
}

int yw_open(struct yw* w, const char* data, size_t len, int max_depth, struct murk_diags* d) {
  memset(w, 0, sizeof *w);
  w->diags = d;
  w->text = (const unsigned char*)data;
  w->len = len;
  if (len == 0) {
    yw_err_at(w, 1, 1,
              "the file is empty (expected a mission: a mapping with name, table, "
              "terrain, forces)");
    return MURK_EINVAL;
  }
  int rc = scan_text(w);
  if (rc) return rc;
  rc = stream_pass(w, max_depth);
  if (rc) return rc;
  yaml_parser_t p;
  if (!yaml_parser_initialize(&p)) return MURK_ENOMEM;
  yaml_parser_set_input_string(&p, w->text, w->len);
  if (yaml_parser_load(&p, &w->doc)) {
    w->have_doc = true;
  } else {
    rc = parser_error(w, &p);
  }
  yaml_parser_delete(&p);
  if (rc == MURK_OK && !yaml_document_get_root_node(&w->doc)) {
    yw_err_at(w, 1, 1, "the file has no YAML content (expected a mission mapping)");
    rc = MURK_EINVAL;
  }
  return rc;
}

void yw_close(struct yw* w) {
  if (w->have_doc) yaml_document_delete(&w->doc);
  w->have_doc = false;
  murk_free(w->lines);
  w->lines = NULL;
  w->nlines = 0;
}

yaml_node_t* yw_root(struct yw* w) {
  return w->have_doc ? yaml_document_get_root_node(&w->doc) : NULL;
}

yaml_node_t* yw_node(struct yw* w, int id) {
  return w->have_doc ? yaml_document_get_node(&w->doc, id) : NULL;
}

/* ---- node kinds ---- */

bool yw_is_map(const yaml_node_t* n) {
  return n && n->type == YAML_MAPPING_NODE;
}

bool yw_is_seq(const yaml_node_t* n) {
  return n && n->type == YAML_SEQUENCE_NODE;
}

bool yw_is_scalar(const yaml_node_t* n) {
  return n && n->type == YAML_SCALAR_NODE;
}

bool yw_is_null(const yaml_node_t* n) {
  if (!yw_is_scalar(n) || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE) return false;
  const char* s = (const char*)n->data.scalar.value;
  return n->data.scalar.length == 0 || strcmp(s, "~") == 0 || strcmp(s, "null") == 0 ||
         strcmp(s, "Null") == 0 || strcmp(s, "NULL") == 0;
}

int yw_map_len(const yaml_node_t* n) {
  return yw_is_map(n) ? (int)(n->data.mapping.pairs.top - n->data.mapping.pairs.start) : 0;
}

int yw_seq_len(const yaml_node_t* n) {
  return yw_is_seq(n) ? (int)(n->data.sequence.items.top - n->data.sequence.items.start) : 0;
}

const char* yw_found(const yaml_node_t* n, char* buf, size_t size) {
  if (!n) return "nothing";
  if (n->type == YAML_MAPPING_NODE) return "a mapping";
  if (n->type == YAML_SEQUENCE_NODE) return "a list";
  if (yw_is_null(n)) return "empty";
  /* Quote the text, cut and with anything unprintable shown as '?'. */
  char tmp[40];
  size_t len = n->data.scalar.length, k = 0;
  for (size_t i = 0; i < len && k < 32; i++) {
    unsigned char c = n->data.scalar.value[i];
    tmp[k++] = (c < 0x20 || c == 0x7F) ? '?' : (char)c;
  }
  /* Do not cut a UTF-8 sequence in half: back up while the first byte left out continues
   * the sequence before it (the value's byte, not tmp's, which is not written there). */
  if (k < len)
    while (k > 0 && (n->data.scalar.value[k] & 0xC0) == 0x80) k--;
  tmp[k] = '\0';
  snprintf(buf, size, "'%s%s'", tmp, k < len ? "..." : "");
  return buf;
}

/* ---- typed reads ---- */

/* A key is quoted ('table'); a description with spaces is not (profile 'sherman'). */
static const char* quote_if_key(const char* what) {
  return strchr(what, ' ') ? "" : "'";
}

bool yw_want_map(struct yw* w, const yaml_node_t* n, const char* what) {
  if (yw_is_map(n)) return true;
  char f[48];
  const char* q = quote_if_key(what);
  yw_err(w, n, "%s%s%s is %s (expected a mapping)", q, what, q, yw_found(n, f, sizeof f));
  return false;
}

bool yw_want_seq(struct yw* w, const yaml_node_t* n, const char* what) {
  if (yw_is_seq(n)) return true;
  char f[48];
  const char* q = quote_if_key(what);
  yw_err(w, n, "%s%s%s is %s (expected a list)", q, what, q, yw_found(n, f, sizeof f));
  return false;
}

static const char* str_lines(struct yw* w, const yaml_node_t* n, const char* what, bool lines) {
  if (!yw_is_scalar(n)) {
    char f[48];
    yw_err(w, n, "'%s' is %s (expected text)", what, yw_found(n, f, sizeof f));
    return NULL;
  }
  const char* s = (const char*)n->data.scalar.value;
  if (strlen(s) != n->data.scalar.length) { /* a "\0" escape in a quoted scalar */
    yw_err(w, n, "'%s' holds a NUL character (expected text)", what);
    return NULL;
  }
  /* A line break in a name could forge a line of a transcript ("\n" or a blank line in
   * a plain scalar). */
  if (!lines && strchr(s, '\n')) {
    yw_err(w, n, "'%s' holds a line break (expected one line of text)", what);
    return NULL;
  }
  return s;
}

const char* yw_str(struct yw* w, const yaml_node_t* n, const char* what) {
  return str_lines(w, n, what, false);
}

const char* yw_lines(struct yw* w, const yaml_node_t* n, const char* what) {
  return str_lines(w, n, what, true);
}

bool yw_text(struct yw* w, const yaml_node_t* n, const char* what, char* buf, size_t size) {
  const char* s = yw_str(w, n, what);
  if (!s) return false;
  if (strlen(s) >= size) {
    yw_err(w, n, "'%s' is %zu bytes long (expected at most %zu)", what, strlen(s), size - 1);
    return false;
  }
  memcpy(buf, s, strlen(s) + 1);
  return true;
}

bool yw_int(struct yw* w, const yaml_node_t* n, const char* what, int min, int max, int* out) {
  char f[48];
  if (!yw_is_scalar(n) || yw_is_null(n)) {
    yw_err(w, n, "'%s' is %s (expected a whole number)", what, yw_found(n, f, sizeof f));
    return false;
  }
  const char* s = (const char*)n->data.scalar.value;
  const char* p = s;
  bool neg = false;
  if (*p == '+' || *p == '-') neg = (*p++ == '-');
  long long v = 0;
  int digits = 0;
  for (; *p >= '0' && *p <= '9'; p++) {
    if (v < 100000000000LL) v = v * 10 + (*p - '0'); /* saturate: anything this big is out */
    digits++;
  }
  if (digits == 0 || *p != '\0' || (size_t)(p - s) != n->data.scalar.length) {
    yw_err(w, n, "'%s' is %s (expected a whole number)", what, yw_found(n, f, sizeof f));
    return false;
  }
  if (neg) v = -v;
  if (v < min || v > max) {
    yw_err(w, n, "'%s' is %s, out of range (expected %d to %d)", what, yw_found(n, f, sizeof f),
           min, max);
    return false;
  }
  *out = (int)v;
  return true;
}

bool yw_bool(struct yw* w, const yaml_node_t* n, const char* what, bool* out) {
  static const char* const yes[] = {"true", "True", "TRUE", "yes", "Yes", "YES"};
  static const char* const no[] = {"false", "False", "FALSE", "no", "No", "NO"};
  if (yw_is_scalar(n)) {
    const char* s = (const char*)n->data.scalar.value;
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
      if (strcmp(s, yes[i]) == 0 || strcmp(s, no[i]) == 0) {
        *out = strcmp(s, yes[i]) == 0;
        return true;
      }
    }
  }
  char f[48];
  yw_err(w, n, "'%s' is %s (expected true or false)", what, yw_found(n, f, sizeof f));
  return false;
}

/* ---- texts: no control characters ---- */

/* The first character no text may hold (a line feed passes: yw_str refuses it where a
 * text is one line): its code point and byte offset; false if none. */
static bool text_fault(const yaml_node_t* n, uint32_t* cp, size_t* at) {
  const unsigned char* v = n->data.scalar.value;
  size_t len = n->data.scalar.length;
  for (size_t i = 0; i < len;) {
    uint32_t c = v[i];
    size_t k = 1;
    if (c >= 0x80 && (k = utf8_decode(v + i, len - i, &c)) == 0) k = 1, c = 0xFFFD;
    if ((c < 0x20 && c != '\n') || c == 0x7F || (c >= 0x80 && c < 0xA0) || c == 0x2028 ||
        c == 0x2029) {
      *cp = c, *at = i;
      return true;
    }
    i += k;
  }
  return false;
}

/* Byte offset in the file of a mark (its line, and its column in characters). */
static size_t mark_offset(const struct yw* w, yaml_mark_t mk) {
  if (mk.line >= w->nlines) return w->len;
  size_t off = w->lines[mk.line];
  if (mk.line == 0 && w->len >= 3 && memcmp(w->text, "\xEF\xBB\xBF", 3) == 0) off = 3;
  for (size_t c = 0; c < mk.column && off < w->len; c++) {
    off++;
    while (off < w->len && (w->text[off] & 0xC0) == 0x80) off++;
  }
  return off;
}

/* Where the bad character stands: in a literal block, at its row and column; in a flow
 * scalar that holds it raw (a tab), at the first raw one; else at the scalar. */
static void text_fault_pos(const struct yw* w, const yaml_node_t* n, uint32_t cp, size_t at,
                           int* line, int* col) {
  *line = yw_line(n), *col = yw_col(n);
  if (n->data.scalar.style == YAML_LITERAL_SCALAR_STYLE) {
    const unsigned char* v = n->data.scalar.value;
    size_t row = 0, start = 0;
    for (size_t i = 0; i < at; i++)
      if (v[i] == '\n') row++, start = i + 1;
    yw_block_pos(w, n, row, at - start, line, col);
    return;
  }
  if (n->data.scalar.style == YAML_FOLDED_SCALAR_STYLE || cp != '\t') return;
  /* Only a tab can stand raw in a flow scalar (yw_open refused the other controls). */
  size_t end = mark_offset(w, n->end_mark);
  int l = *line, c = *col;
  for (size_t i = mark_offset(w, n->start_mark); i < end && i < w->len; i++) {
    unsigned char ch = w->text[i];
    if (ch == '\t') {
      *line = l, *col = c;
      return;
    }
    uint32_t u = ch;
    if (ch >= 0x80 && utf8_decode(w->text + i, w->len - i, &u) == 0) u = 0xFFFD;
    if (ch == '\n' || (ch == '\r' && !(i + 1 < w->len && w->text[i + 1] == '\n')) || u == 0x85 ||
        u == 0x2028 || u == 0x2029)
      l++, c = 1;
    else if ((ch & 0xC0) != 0x80 && ch != '\r')
      c++;
  }
}

bool yw_text_clean(const yaml_node_t* n) {
  uint32_t cp;
  size_t at;
  return yw_is_scalar(n) && !text_fault(n, &cp, &at);
}

bool yw_check_text(struct yw* w, const yaml_node_t* n, const char* what) {
  uint32_t cp;
  size_t at;
  if (!yw_is_scalar(n) || !text_fault(n, &cp, &at)) return true;
  int line, col;
  text_fault_pos(w, n, cp, at, &line, &col);
  if (cp == 0)
    yw_err_at(w, line, col, "%s holds a NUL character (expected text)", what);
  else if (cp == '\t')
    yw_err_at(w, line, col, "%s holds a tab (expected text without tabs: use spaces)", what);
  else if (cp == 0x2028 || cp == 0x2029)
    yw_err_at(w, line, col,
              "%s holds the Unicode %s separator U+%04X (expected text without control characters)",
              what, cp == 0x2028 ? "line" : "paragraph", (unsigned)cp);
  else
    yw_err_at(w, line, col,
              "%s holds control character U+%04X (expected text without control characters)", what,
              (unsigned)cp);
  return false;
}

/* ---- names: did-you-mean and lists ---- */

const char* yw_suggest(const char* word, const char* const* cands, int count) {
  return murk_suggest(word, word ? strlen(word) : 0, cands, count > 0 ? (size_t)count : 0);
}

void yw_join(char* buf, size_t size, const char* const* cands, int count) {
  size_t k = 0;
  if (size == 0) return;
  buf[0] = '\0';
  for (int i = 0; i < count; i++) {
    size_t need = strlen(cands[i]) + (i ? 2 : 0);
    if (k + need + 4 >= size) { /* room for ", ..." */
      snprintf(buf + k, size - k, "%s", i ? ", ..." : "...");
      return;
    }
    k += (size_t)snprintf(buf + k, size - k, "%s%s", i ? ", " : "", cands[i]);
  }
}

/* "(did you mean 'x'? expected one of: a, b)" or "(expected one of: a, b)". */
static void expected_one_of(char* buf, size_t size, const char* word, const char* const* cands,
                            int count) {
  char list[160];
  yw_join(list, sizeof list, cands, count);
  const char* s = yw_suggest(word, cands, count);
  if (s)
    snprintf(buf, size, "(did you mean '%s'? expected one of: %s)", s, list);
  else
    snprintf(buf, size, "(expected one of: %s)", list);
}

int yw_enum(struct yw* w, const yaml_node_t* n, const char* what, const char* const* names,
            int count) {
  char f[48];
  if (!yw_is_scalar(n) || yw_is_null(n)) {
    char list[160];
    yw_join(list, sizeof list, names, count);
    yw_err(w, n, "'%s' is %s (expected one of: %s)", what, yw_found(n, f, sizeof f), list);
    return -1;
  }
  const char* s = (const char*)n->data.scalar.value;
  for (int i = 0; i < count; i++)
    if (strcmp(s, names[i]) == 0) return i;
  char exp[200];
  expected_one_of(exp, sizeof exp, s, names, count);
  yw_err(w, n, "'%s' is %s %s", what, yw_found(n, f, sizeof f), exp);
  return -1;
}

/* ---- mappings ---- */

#define YW_MAX_FIELDS 32

bool yw_fields(struct yw* w, const yaml_node_t* n, const char* what, const char* const* keys,
               yaml_node_t** vals) {
  int nk = 0;
  while (keys[nk] && nk < YW_MAX_FIELDS) nk++;
  const yaml_node_t* first[YW_MAX_FIELDS] = {0};
  for (int i = 0; i < nk; i++) vals[i] = NULL;
  if (!yw_want_map(w, n, what)) return false;
  for (yaml_node_pair_t* p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
    yaml_node_t* k = yw_node(w, p->key);
    yaml_node_t* v = yw_node(w, p->value);
    char f[48];
    if (!yw_is_scalar(k) || yw_is_null(k)) {
      yw_err(w, k, "a key in '%s' is %s (expected a text key)", what, yw_found(k, f, sizeof f));
      continue;
    }
    const char* key = (const char*)k->data.scalar.value;
    int i = 0;
    while (i < nk && strcmp(keys[i], key) != 0) i++;
    if (i == nk) {
      char exp[200];
      expected_one_of(exp, sizeof exp, key, keys, nk);
      yw_err(w, k, "unknown key %s in %s %s", yw_found(k, f, sizeof f), what, exp);
    } else if (first[i]) {
      yw_err(w, k, "duplicate key '%s' in %s (expected each key once; the first is at %d:%d)",
             keys[i], what, yw_line(first[i]), yw_col(first[i]));
    } else {
      first[i] = k;
      vals[i] = v;
    }
    if (yw_full(w)) break;
  }
  return true;
}

void yw_missing(struct yw* w, const yaml_node_t* n, const char* key, const char* what,
                const char* expected) {
  yw_err(w, n, "missing key '%s' in %s (expected %s)", key, what, expected);
}

bool yw_dup_keys(struct yw* w, const yaml_node_t* n, const char* what) {
  bool any = false;
  if (!yw_is_map(n)) return false;
  yaml_node_pair_t* start = n->data.mapping.pairs.start;
  yaml_node_pair_t* top = n->data.mapping.pairs.top;
  for (yaml_node_pair_t* p = start; p < top && !yw_full(w); p++) {
    yaml_node_t* k = yw_node(w, p->key);
    if (!yw_is_scalar(k)) continue;
    for (yaml_node_pair_t* q = start; q < p; q++) {
      yaml_node_t* k0 = yw_node(w, q->key);
      if (yw_is_scalar(k0) && k0->data.scalar.length == k->data.scalar.length &&
          memcmp(k0->data.scalar.value, k->data.scalar.value, k->data.scalar.length) == 0) {
        char f[48];
        yw_err(w, k, "duplicate key %s in %s (expected each key once; the first is at %d:%d)",
               yw_found(k, f, sizeof f), what, yw_line(k0), yw_col(k0));
        any = true;
        break;
      }
    }
  }
  return any;
}

/* ---- block scalars ---- */

static size_t utf8_chars(const unsigned char* s, size_t n) {
  size_t c = 0;
  for (size_t i = 0; i < n; i++)
    if ((s[i] & 0xC0) != 0x80) c++;
  return c;
}

/* Row r of a scalar's value: start and length in bytes. False past the last row. */
static bool value_row(const yaml_node_t* n, size_t r, size_t* start, size_t* len) {
  const unsigned char* v = n->data.scalar.value;
  size_t vl = n->data.scalar.length, i = 0;
  for (size_t row = 0; row < r; row++) {
    const unsigned char* nl = memchr(v + i, '\n', vl - i);
    if (!nl) return false;
    i = (size_t)(nl - v) + 1;
  }
  const unsigned char* nl = memchr(v + i, '\n', vl - i);
  *start = i;
  *len = nl ? (size_t)(nl - v) - i : vl - i;
  return true;
}

/* Does source line L hold `len` bytes of s after `indent` spaces? */
static bool source_has(const struct yw* w, size_t L, size_t indent, const unsigned char* s,
                       size_t len) {
  if (L >= w->nlines) return false;
  if (len == 0) return true; /* a blank line may be indented less than the block */
  size_t at = w->lines[L];
  size_t end = L + 1 < w->nlines ? w->lines[L + 1] : w->len;
  if (at + indent + len > end) return false;
  for (size_t i = 0; i < indent; i++)
    if (w->text[at + i] != ' ') return false;
  return memcmp(w->text + at + indent, s, len) == 0;
}

bool yw_block_pos(const struct yw* w, const yaml_node_t* n, size_t row, size_t at, int* line,
                  int* col) {
  *line = yw_line(n), *col = yw_col(n);
  if (!yw_is_scalar(n) || n->data.scalar.style != YAML_LITERAL_SCALAR_STYLE) return false;
  const unsigned char* v = n->data.scalar.value;
  /* In a literal block, content line k is source line (header line + 1 + k), indented by
   * the block's indentation. Find that from the first non-empty line, then verify. */
  size_t hdr = n->start_mark.line, k0 = 0, s0, l0;
  while (value_row(n, k0, &s0, &l0) && l0 == 0) k0++;
  if (!value_row(n, k0, &s0, &l0)) return false;
  size_t L0 = hdr + 1 + k0;
  if (L0 >= w->nlines) return false;
  size_t lead_src = 0, lead_val = 0;
  while (w->lines[L0] + lead_src < w->len && w->text[w->lines[L0] + lead_src] == ' ') lead_src++;
  while (lead_val < l0 && v[s0 + lead_val] == ' ') lead_val++;
  if (lead_src < lead_val) return false;
  size_t indent = lead_src - lead_val;
  size_t rs, rl;
  if (!value_row(n, row, &rs, &rl) || at > rl) return false;
  if (!source_has(w, hdr + 1 + row, indent, v + rs, rl)) return false;
  *line = (int)(hdr + 1 + row) + 1;
  *col = (int)(indent + utf8_chars(v + rs, at)) + 1;
  return true;
}

/* ---- where a byte of any scalar's value was written (yw_value_pos) ----
 *
 * The scan replays the YAML rules that turn the source into the value (line folding,
 * quotes, escapes) and checks every byte it makes against the value libyaml gave: where
 * they agree the place is exact; where they do not (a form the scan does not know), the
 * caller is told the place is only the scalar's start. */

struct vscan {
  const unsigned char* v;
  size_t vl, k, target;
  bool found, bad;
  int line, col; /* 0-based, of the target once found */
};

static void vs_emit(struct vscan* s, const unsigned char* b, size_t n, int line, int col) {
  for (size_t j = 0; j < n && !s->found && !s->bad; j++) {
    if (s->k >= s->vl || s->v[s->k] != b[j]) {
      s->bad = true;
      return;
    }
    if (s->k == s->target) s->found = true, s->line = line, s->col = col;
    s->k++;
  }
}

static size_t utf8_encode(uint32_t cp, unsigned char* out) {
  if (cp < 0x80) return out[0] = (unsigned char)cp, 1;
  if (cp < 0x800) {
    out[0] = (unsigned char)(0xC0 | (cp >> 6)), out[1] = (unsigned char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = (unsigned char)(0xE0 | (cp >> 12));
    out[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F)),
    out[2] = (unsigned char)(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = (unsigned char)(0xF0 | (cp >> 18)), out[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
  out[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F)), out[3] = (unsigned char)(0x80 | (cp & 0x3F));
  return 4;
}

static bool is_break(unsigned char c) {
  return c == '\n' || c == '\r';
}

/* Past one line break at *i (CR LF counts once). */
static void skip_break(const struct yw* w, size_t* i) {
  if (w->text[*i] == '\r' && *i + 1 < w->len && w->text[*i + 1] == '\n') ++*i;
  ++*i;
}

/* The escape after a backslash at text[i]: its value bytes into out, its source length. */
static size_t escape_bytes(const unsigned char* t, size_t n, unsigned char* out, size_t* outn) {
  static const char simple[] = "0\0a\ab\bt\t\t\tn\nv\vf\fr\re\x1b  \"\"//\\\\";
  if (n < 2) return 0;
  for (size_t j = 0; j + 1 < sizeof simple; j += 2)
    if (t[1] == (unsigned char)simple[j])
      return out[0] = (unsigned char)simple[j + 1], *outn = 1, 2;
  uint32_t cp;
  size_t hex = 0;
  switch (t[1]) {
    case 'N':
      cp = 0x85;
      break;
    case '_':
      cp = 0xA0;
      break;
    case 'L':
      cp = 0x2028;
      break;
    case 'P':
      cp = 0x2029;
      break;
    case 'x':
      hex = 2;
      break;
    case 'u':
      hex = 4;
      break;
    case 'U':
      hex = 8;
      break;
    default:
      return 0;
  }
  if (hex) {
    if (n < 2 + hex) return 0;
    cp = 0;
    for (size_t j = 0; j < hex; j++) {
      unsigned char h = t[2 + j];
      int d = h >= '0' && h <= '9'   ? h - '0'
              : h >= 'a' && h <= 'f' ? h - 'a' + 10
              : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                     : -1;
      if (d < 0) return 0;
      cp = cp * 16 + (uint32_t)d;
    }
  }
  *outn = utf8_encode(cp, out); /* libyaml writes every escape as a code point, \xHH too */
  return 2 + hex;
}

/* Plain, single- and double-quoted scalars: folding, '' and escapes. */
static void scan_flow(const struct yw* w, const yaml_node_t* n, struct vscan* s) {
  yaml_scalar_style_t st = n->data.scalar.style;
  size_t i = mark_offset(w, n->start_mark), end = mark_offset(w, n->end_mark);
  int line = (int)n->start_mark.line, col = (int)n->start_mark.column;
  if (st != YAML_PLAIN_SCALAR_STYLE) i++, col++;
  size_t ps = 0, pn = 0; /* pending white space: kept only if text follows on its line */
  int pl = 0, pc = 0;
  while (i < end && i < w->len && !s->found && !s->bad) {
    unsigned char c = w->text[i];
    if (st == YAML_SINGLE_QUOTED_SCALAR_STYLE && c == '\'') {
      if (i + 1 >= w->len || w->text[i + 1] != '\'') break;
      vs_emit(s, w->text + ps, pn, pl, pc), pn = 0;
      vs_emit(s, (const unsigned char*)"'", 1, line, col);
      i += 2, col += 2;
      continue;
    }
    if (st == YAML_DOUBLE_QUOTED_SCALAR_STYLE && c == '"') break;
    if (st == YAML_DOUBLE_QUOTED_SCALAR_STYLE && c == '\\') {
      vs_emit(s, w->text + ps, pn, pl, pc), pn = 0;
      if (i + 1 < w->len && is_break(w->text[i + 1])) { /* an escaped line break: nothing */
        i++;
        skip_break(w, &i);
        line++, col = 0;
        while (i < w->len && (w->text[i] == ' ' || w->text[i] == '\t')) i++, col++;
        continue;
      }
      unsigned char out[4];
      size_t outn = 0, used = escape_bytes(w->text + i, w->len - i, out, &outn);
      if (!used) {
        s->bad = true;
        return;
      }
      vs_emit(s, out, outn, line, col);
      i += used, col += (int)used;
      continue;
    }
    if (c == ' ' || c == '\t') {
      if (pn == 0) ps = i, pl = line, pc = col;
      pn++, i++, col++;
      continue;
    }
    if (is_break(c)) { /* folding: one break is a space, each further one a line feed */
      pn = 0;
      int bl = line, bc = col, breaks = 0;
      for (;;) {
        skip_break(w, &i);
        line++, col = 0, breaks++;
        while (i < w->len && (w->text[i] == ' ' || w->text[i] == '\t')) i++, col++;
        if (i >= w->len || !is_break(w->text[i])) break;
      }
      for (int b = 0; b < (breaks == 1 ? 1 : breaks - 1); b++)
        vs_emit(s, (const unsigned char*)(breaks == 1 ? " " : "\n"), 1, bl, bc);
      continue;
    }
    vs_emit(s, w->text + ps, pn, pl, pc), pn = 0;
    size_t len = 1;
    while (i + len < w->len && (w->text[i + len] & 0xC0) == 0x80) len++;
    vs_emit(s, w->text + i, len, line, col);
    i += len, col++;
  }
}

/* A folded block ('>'): lines joined by a space, kept apart by blank lines and around
 * more-indented lines. */
static void scan_folded(const struct yw* w, const yaml_node_t* n, struct vscan* s) {
  size_t hdr = n->start_mark.line;
  size_t indent = 0;
  bool have_indent = false;
  int prev = 0, blanks = 0; /* prev: 0 none yet, 1 a plain line, 2 a more-indented one */
  for (size_t L = hdr + 1; L < w->nlines && L <= n->end_mark.line && !s->found && !s->bad; L++) {
    size_t at = w->lines[L], e = L + 1 < w->nlines ? w->lines[L + 1] : w->len;
    while (e > at && is_break(w->text[e - 1])) e--;
    size_t sp = 0;
    while (at + sp < e && w->text[at + sp] == ' ') sp++;
    if (at + sp == e) {
      blanks++;
      continue;
    }
    if (!have_indent) indent = sp, have_indent = true;
    if (sp < indent) break;
    int kind = sp > indent || w->text[at + indent] == '\t' ? 2 : 1;
    if (prev == 1 && kind == 1 && blanks == 0)
      vs_emit(s, (const unsigned char*)" ", 1, (int)L - 1, 0);
    else if (prev != 0)
      for (int b = 0; b < blanks + (prev == 1 && kind == 1 ? 0 : 1); b++)
        vs_emit(s, (const unsigned char*)"\n", 1, (int)L, 0);
    blanks = 0;
    for (size_t j = at + indent, c = indent; j < e && !s->found && !s->bad; c++) {
      size_t len = 1;
      while (j + len < e && (w->text[j + len] & 0xC0) == 0x80) len++;
      vs_emit(s, w->text + j, len, (int)L, (int)c);
      j += len;
    }
    prev = kind;
  }
}

bool yw_value_pos(const struct yw* w, const yaml_node_t* n, size_t off, int* line, int* col) {
  *line = yw_line(n), *col = yw_col(n);
  if (!yw_is_scalar(n)) return false;
  const unsigned char* v = n->data.scalar.value;
  size_t vl = n->data.scalar.length;
  if (off > vl) return false;
  if (n->data.scalar.style == YAML_LITERAL_SCALAR_STYLE) {
    size_t row = 0, start = 0;
    for (size_t i = 0; i < off; i++)
      if (v[i] == '\n') row++, start = i + 1;
    return yw_block_pos(w, n, row, off - start, line, col);
  }
  /* Just past the end (where a short row stops): one column past its last character. */
  if (off == vl && off > 0) {
    bool exact = yw_value_pos(w, n, off - 1, line, col);
    if (exact && v[off - 1] != '\n') ++*col;
    return exact && v[off - 1] != '\n';
  }
  struct vscan s = {v, vl, 0, off, false, false, 0, 0};
  if (n->data.scalar.style == YAML_FOLDED_SCALAR_STYLE)
    scan_folded(w, n, &s);
  else
    scan_flow(w, n, &s);
  if (!s.found || s.bad) return false;
  *line = s.line + 1, *col = s.col + 1;
  return true;
}
