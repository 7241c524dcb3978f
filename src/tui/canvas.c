/* canvas.c: the off-screen screen (canvas.h). */
#include "canvas.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "murk/alloc.h"
#include "murk/error.h"

static const char* const attr_names[] = {
#define TUI_ATTR_NAME(id, name) name,
    TUI_ATTR_LIST(TUI_ATTR_NAME)
#undef TUI_ATTR_NAME
};

const char* tui_attr_name(enum tui_attr a) {
  if ((int)a < 0 || a >= TUI_A_COUNT) return "?";
  return attr_names[a];
}

int tui_canvas_init(struct tui_canvas* c, int w, int h, bool ascii) {
  if (w < 1) w = 1;
  if (h < 1) h = 1;
  struct tui_cell* cells = murk_calloc((size_t)w * (size_t)h, sizeof *cells);
  if (!cells) {
    tui_canvas_fini(c);
    return MURK_ENOMEM;
  }
  murk_free(c->cells);
  c->cells = cells;
  c->w = w;
  c->h = h;
  c->ascii = ascii;
  tui_canvas_clear(c, TUI_A_NORMAL);
  return MURK_OK;
}

void tui_canvas_fini(struct tui_canvas* c) {
  murk_free(c->cells);
  c->cells = NULL;
  c->w = c->h = 0;
}

void tui_canvas_clear(struct tui_canvas* c, enum tui_attr a) {
  for (int i = 0; i < c->w * c->h; i++) {
    c->cells[i].ch = ' ';
    c->cells[i].attr = (unsigned char)a;
  }
}

const struct tui_cell* tui_canvas_at(const struct tui_canvas* c, int x, int y) {
  if (x < 0 || y < 0 || x >= c->w || y >= c->h) return NULL;
  return &c->cells[y * c->w + x];
}

static struct tui_cell* cell(struct tui_canvas* c, int x, int y) {
  return &c->cells[y * c->w + x];
}

/* Before overwriting x,y: if it is half of a wide character, blank the other half. */
static void unpair(struct tui_canvas* c, int x, int y) {
  struct tui_cell* p = cell(c, x, y);
  if (p->ch == 0 && x > 0) {
    cell(c, x - 1, y)->ch = ' ';
  } else if (x + 1 < c->w && cell(c, x + 1, y)->ch == 0) {
    cell(c, x + 1, y)->ch = ' ';
  }
}

int tui_canvas_put(struct tui_canvas* c, int x, int y, uint32_t ch, enum tui_attr a) {
  if (x < 0 || y < 0 || x >= c->w || y >= c->h) return 0;
  if (ch < 0x20 || ch == 0x7f || (ch >= 0x80 && ch < 0xa0)) ch = ' ';
  if (c->ascii && ch >= 0x80) ch = '?';
  int wd = tui_char_width(ch);
  if (wd == 0) return 0; /* combining marks: dropped, the base character stands */
  unpair(c, x, y);
  if (wd == 2) {
    if (x + 1 >= c->w) {
      *cell(c, x, y) = (struct tui_cell){' ', (unsigned char)a};
      return 1;
    }
    unpair(c, x + 1, y);
    *cell(c, x, y) = (struct tui_cell){ch, (unsigned char)a};
    *cell(c, x + 1, y) = (struct tui_cell){0, (unsigned char)a};
    return 2;
  }
  *cell(c, x, y) = (struct tui_cell){ch, (unsigned char)a};
  return 1;
}

void tui_canvas_paint(struct tui_canvas* c, int x, int y, int w, enum tui_attr a) {
  if (y < 0 || y >= c->h) return;
  for (int i = x; i < x + w; i++)
    if (i >= 0 && i < c->w) cell(c, i, y)->attr = (unsigned char)a;
}

void tui_canvas_fill(struct tui_canvas* c, int x, int y, int w, int h, uint32_t ch,
                     enum tui_attr a) {
  for (int j = y; j < y + h; j++)
    for (int i = x; i < x + w; i++) tui_canvas_put(c, i, j, ch, a);
}

/* Columns ch takes on this canvas. */
static int canvas_width(const struct tui_canvas* c, uint32_t ch) {
  if (ch < 0x20) return 1;
  return tui_char_width(c->ascii && ch >= 0x80 ? '?' : ch);
}

int tui_canvas_text(struct tui_canvas* c, int x, int y, int maxw, const char* s, enum tui_attr a) {
  if (!s) return 0;
  if (maxw < 0) maxw = c->w - x;
  if (maxw <= 0) return 0;
  int total = 0;
  for (const char* p = s; *p;) total += canvas_width(c, tui_utf8_next(&p));
  /* Too long: keep the last column for an ellipsis. */
  int room = total > maxw ? maxw - 1 : maxw;
  int used = 0;
  const char* p = s;
  uint32_t ch;
  while ((ch = tui_utf8_next(&p)) != 0) {
    int wd = canvas_width(c, ch);
    if (wd == 0) continue;
    if (used + wd > room) break;
    used += tui_canvas_put(c, x + used, y, ch < 0x20 ? ' ' : ch, a);
  }
  if (total > maxw) used += tui_canvas_put(c, x + used, y, c->ascii ? '~' : 0x2026, a);
  return used;
}

int tui_canvas_printf(struct tui_canvas* c, int x, int y, int maxw, enum tui_attr a,
                      const char* fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return tui_canvas_text(c, x, y, maxw, buf, a);
}

/* One word: [start, end) bytes and its width. */
static const char* word_end(const char* s, int* width) {
  *width = 0;
  const char* p = s;
  while (*p && *p != ' ' && *p != '\n' && *p != '\t') {
    const char* q = p;
    *width += tui_char_width(tui_utf8_next(&q));
    p = q;
  }
  return p;
}

/* Emit `len` bytes of s at (x, line) when the line is inside the visible window. */
static void wrap_emit(struct tui_canvas* c, int x, int y, int h, int skip, int line, const char* s,
                      size_t len, int col, enum tui_attr a) {
  int row = line - skip;
  if (!c || row < 0 || row >= h) return;
  char buf[1024];
  if (len >= sizeof buf) len = sizeof buf - 1;
  memcpy(buf, s, len);
  buf[len] = '\0';
  tui_canvas_text(c, x + col, y + row, -1, buf, a);
}

int tui_canvas_wrap(struct tui_canvas* c, int x, int y, int w, int h, int skip, const char* s,
                    enum tui_attr a) {
  if (!s || w <= 0) return 0;
  int line = 0, col = 0;
  bool any = false; /* the current line holds something */
  const char* p = s;
  while (*p) {
    if (*p == '\n') {
      /* A single newline is a space (YAML block text keeps the file's line breaks); a
       * blank line ends a paragraph. */
      const char* q = p + 1;
      while (*q == ' ' || *q == '\t') q++;
      if (*q == '\n') {
        if (any) line++;
        line++; /* the blank line between paragraphs */
        col = 0;
        any = false;
        while (*q == '\n' || *q == ' ' || *q == '\t') q++;
        p = q;
        continue;
      }
      p++;
      continue;
    }
    if (*p == ' ' || *p == '\t') {
      p++;
      continue;
    }
    int ww;
    const char* e = word_end(p, &ww);
    if (any && col + 1 + ww > w) {
      line++;
      col = 0;
      any = false;
    }
    if (any) col++;
    if (ww > w) {
      /* A word longer than the box: cut it. */
      const char* q = p;
      while (q < e) {
        const char* r = q;
        int cw = tui_char_width(tui_utf8_next(&r));
        if (col + cw > w) {
          line++;
          col = 0;
        }
        wrap_emit(c, x, y, h, skip, line, q, (size_t)(r - q), col, a);
        col += cw;
        q = r;
      }
    } else {
      wrap_emit(c, x, y, h, skip, line, p, (size_t)(e - p), col, a);
      col += ww;
    }
    any = true;
    p = e;
  }
  return any ? line + 1 : line;
}

int tui_canvas_row(const struct tui_canvas* c, int y, char* buf, size_t n) {
  size_t len = 0;
  if (n > 0) buf[0] = '\0';
  if (y < 0 || y >= c->h) return 0;
  for (int x = 0; x < c->w; x++) {
    uint32_t ch = c->cells[y * c->w + x].ch;
    if (ch == 0) continue;
    char u[4];
    int k = tui_utf8_put(ch, u);
    if (len + (size_t)k < n) {
      memcpy(buf + len, u, (size_t)k);
      buf[len + (size_t)k] = '\0';
    } else if (n > 0) {
      n = len + 1; /* stop writing; keep counting */
    }
    len += (size_t)k;
  }
  return (int)len;
}

bool tui_canvas_contains(const struct tui_canvas* c, const char* s) {
  size_t cap = (size_t)c->w * 4 + 1;
  char* buf = murk_malloc(cap);
  if (!buf) return false;
  bool found = false;
  for (int y = 0; y < c->h && !found; y++) {
    tui_canvas_row(c, y, buf, cap);
    found = strstr(buf, s) != NULL;
  }
  murk_free(buf);
  return found;
}

uint32_t tui_utf8_next(const char** s) {
  const unsigned char* p = (const unsigned char*)*s;
  if (*p == 0) return 0;
  uint32_t ch;
  int extra;
  if (p[0] < 0x80) {
    *s += 1;
    return p[0];
  } else if ((p[0] & 0xe0) == 0xc0) {
    ch = p[0] & 0x1f;
    extra = 1;
  } else if ((p[0] & 0xf0) == 0xe0) {
    ch = p[0] & 0x0f;
    extra = 2;
  } else if ((p[0] & 0xf8) == 0xf0) {
    ch = p[0] & 0x07;
    extra = 3;
  } else {
    *s += 1;
    return 0xfffd;
  }
  for (int i = 1; i <= extra; i++) {
    if ((p[i] & 0xc0) != 0x80) {
      *s += 1;
      return 0xfffd;
    }
    ch = (ch << 6) | (p[i] & 0x3f);
  }
  /* Overlong forms, surrogates and values past Unicode are invalid. */
  static const uint32_t min_for[4] = {0, 0x80, 0x800, 0x10000};
  if (ch < min_for[extra] || ch > 0x10ffff || (ch >= 0xd800 && ch <= 0xdfff)) {
    *s += 1;
    return 0xfffd;
  }
  *s += extra + 1;
  return ch;
}

int tui_utf8_put(uint32_t ch, char out[4]) {
  if (ch < 0x80) {
    out[0] = (char)ch;
    return 1;
  }
  if (ch < 0x800) {
    out[0] = (char)(0xc0 | (ch >> 6));
    out[1] = (char)(0x80 | (ch & 0x3f));
    return 2;
  }
  if (ch < 0x10000) {
    out[0] = (char)(0xe0 | (ch >> 12));
    out[1] = (char)(0x80 | ((ch >> 6) & 0x3f));
    out[2] = (char)(0x80 | (ch & 0x3f));
    return 3;
  }
  out[0] = (char)(0xf0 | (ch >> 18));
  out[1] = (char)(0x80 | ((ch >> 12) & 0x3f));
  out[2] = (char)(0x80 | ((ch >> 6) & 0x3f));
  out[3] = (char)(0x80 | (ch & 0x3f));
  return 4;
}

int tui_char_width(uint32_t ch) {
  /* Combining marks (the common blocks). */
  if ((ch >= 0x0300 && ch <= 0x036f) || (ch >= 0x1ab0 && ch <= 0x1aff) ||
      (ch >= 0x1dc0 && ch <= 0x1dff) || (ch >= 0x20d0 && ch <= 0x20ff) ||
      (ch >= 0xfe20 && ch <= 0xfe2f) || ch == 0x200b || ch == 0x200d)
    return 0;
  /* East Asian Wide and Fullwidth (the large ranges; rare in mission text). */
  if ((ch >= 0x1100 && ch <= 0x115f) || (ch >= 0x2e80 && ch <= 0x303e) ||
      (ch >= 0x3041 && ch <= 0x33ff) || (ch >= 0x3400 && ch <= 0x4dbf) ||
      (ch >= 0x4e00 && ch <= 0x9fff) || (ch >= 0xa000 && ch <= 0xa4cf) ||
      (ch >= 0xac00 && ch <= 0xd7a3) || (ch >= 0xf900 && ch <= 0xfaff) ||
      (ch >= 0xfe30 && ch <= 0xfe4f) || (ch >= 0xff00 && ch <= 0xff60) ||
      (ch >= 0xffe0 && ch <= 0xffe6) || (ch >= 0x1f300 && ch <= 0x1f64f) ||
      (ch >= 0x1f900 && ch <= 0x1f9ff) || (ch >= 0x20000 && ch <= 0x3fffd))
    return 2;
  return 1;
}

int tui_text_width(const char* s) {
  int w = 0;
  uint32_t ch;
  while ((ch = tui_utf8_next(&s)) != 0) w += tui_char_width(ch);
  return w;
}
