/* wire.c: lines, words and escaped strings of the remote-play protocol (wire.h). */
#include "wire.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "murk/alloc.h"

void net_buf_free(struct net_buf* b) {
  murk_free(b->p);
  memset(b, 0, sizeof *b);
}

void net_buf_reset(struct net_buf* b) {
  b->len = 0;
  b->failed = false;
}

static bool reserve(struct net_buf* b, size_t more) {
  if (b->failed) return false;
  if (b->len + more + 1 <= b->cap) return true;
  size_t cap = b->cap ? b->cap : 4096;
  while (cap < b->len + more + 1) cap *= 2;
  char* p = murk_realloc(b->p, cap);
  if (!p) {
    b->failed = true;
    return false;
  }
  b->p = p;
  b->cap = cap;
  return true;
}

void net_buf_add(struct net_buf* b, const char* s, size_t n) {
  if (!reserve(b, n)) return;
  memcpy(b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = '\0';
}

void net_buf_addf(struct net_buf* b, const char* fmt, ...) {
  char tmp[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= sizeof tmp) {
    b->failed = true; /* only short words go through here */
    return;
  }
  net_buf_add(b, tmp, (size_t)n);
}

void net_buf_esc(struct net_buf* b, const char* s, size_t max) {
  size_t n = strnlen(s ? s : "", max);
  if (!reserve(b, 3 * n)) return;
  char* o = b->p + b->len;
  static const char hex[] = "0123456789abcdef";
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c <= ' ' || c == '%' || c == 0x7f) {
      *o++ = '%';
      *o++ = hex[c >> 4];
      *o++ = hex[c & 15];
    } else {
      *o++ = (char)c;
    }
  }
  *o = '\0';
  b->len = (size_t)(o - b->p);
}

void net_buf_str(struct net_buf* b, const char* s, size_t max) {
  net_buf_add(b, " =", 2);
  net_buf_esc(b, s, max);
}

void net_buf_eol(struct net_buf* b) {
  net_buf_add(b, "\n", 1);
}

int net_reader_feed(struct net_reader* r, const char* data, size_t n,
                    int (*on_line)(void* ctx, char* line), void* ctx) {
  for (size_t i = 0; i < n; i++) {
    char c = data[i];
    if (c == '\n') {
      r->line[r->len] = '\0';
      r->len = 0;
      int rc = on_line(ctx, r->line);
      if (rc) return rc;
      continue;
    }
    if (c == '\0' || r->len >= NET_LINE_MAX) return -1;
    r->line[r->len++] = c;
  }
  return 0;
}

int net_split(char* line, char** words, int max) {
  int n = 0;
  char* p = line;
  if (!*p) return 0;
  for (;;) {
    if (*p == ' ' || !*p) return -1; /* an empty word */
    if (n >= max) return -1;
    words[n++] = p;
    char* sp = strchr(p, ' ');
    if (!sp) return n;
    *sp = '\0';
    p = sp + 1;
  }
}

bool net_int(const char* w, long min, long max, long* out) {
  if (!w || !*w) return false;
  const char* p = w;
  if (*p == '-') p++;
  if (!*p || strlen(p) > 12) return false;
  for (const char* q = p; *q; q++)
    if (*q < '0' || *q > '9') return false;
  errno = 0;
  long v = strtol(w, NULL, 10);
  if (errno || v < min || v > max) return false;
  *out = v;
  return true;
}

static int unhex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Decode into out (n bytes with room for the NUL); *len set. */
static bool decode(const char* w, char* out, size_t n, size_t* len) {
  if (!w || w[0] != '=') return false;
  size_t k = 0;
  for (const char* p = w + 1; *p; p++) {
    int c = (unsigned char)*p;
    if (c == '%') {
      int hi = unhex(p[1]), lo = hi < 0 ? -1 : unhex(p[2]);
      if (hi < 0 || lo < 0) return false;
      c = hi * 16 + lo;
      if (c == 0) return false;
      p += 2;
    }
    if (k + 1 >= n) return false;
    out[k++] = (char)c;
  }
  out[k] = '\0';
  *len = k;
  return true;
}

bool net_str(const char* w, char* out, size_t n) {
  size_t len;
  if (n == 0) return false;
  return decode(w, out, n, &len);
}

char* net_str_dup(const char* w) {
  if (!w || w[0] != '=') return NULL;
  size_t n = strlen(w) + 1;
  char* out = murk_malloc(n);
  size_t len;
  if (!out) return NULL;
  if (!decode(w, out, n, &len)) {
    murk_free(out);
    return NULL;
  }
  return out;
}
