/* strbuf.c: the growing text buffer of saves and sealed saves (strbuf.h). */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "murk/alloc.h"
#include "sodium.h"

/* Room for n more bytes and the NUL; false (and the buffer marked) when memory ran out. */
static bool room(struct mk_strbuf* b, size_t n) {
  if (b->oom) return false;
  if (b->p && b->len + n + 1 <= b->cap) return true;
  size_t cap = b->cap ? b->cap : 1024;
  while (cap < b->len + n + 1) cap *= 2;
  char* grown = murk_realloc(b->p, cap);
  if (!grown) {
    b->oom = true;
    return false;
  }
  b->p = grown;
  b->cap = cap;
  return true;
}

void mk_strbuf_put(struct mk_strbuf* b, const char* s, size_t n) {
  if (!room(b, n)) return;
  memcpy(b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = '\0';
}

void mk_strbuf_puts(struct mk_strbuf* b, const char* s) {
  mk_strbuf_put(b, s, strlen(s));
}

void mk_strbuf_hex(struct mk_strbuf* b, const unsigned char* bin, size_t n) {
  if (!room(b, 2 * n)) return;
  sodium_bin2hex(b->p + b->len, 2 * n + 1, bin, n);
  b->len += 2 * n;
}

void mk_strbuf_printf(struct mk_strbuf* b, const char* fmt, ...) {
  if (b->oom) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? b->cap - b->len : 0, fmt, ap);
  va_end(ap);
  if (n < 0) {
    b->oom = true;
    return;
  }
  if (b->p && b->len + (size_t)n + 1 <= b->cap) { /* it fitted */
    b->len += (size_t)n;
    return;
  }
  if (!room(b, (size_t)n)) return;
  va_start(ap, fmt);
  vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

char* mk_strbuf_take(struct mk_strbuf* b, size_t* len) {
  if (len) *len = 0;
  if (b->oom || !room(b, 0)) {
    mk_strbuf_free(b);
    return NULL;
  }
  char* p = b->p;
  p[b->len] = '\0'; /* an empty buffer's first allocation wrote nothing */
  if (len) *len = b->len;
  memset(b, 0, sizeof *b);
  return p;
}

void mk_strbuf_free(struct mk_strbuf* b) {
  murk_free(b->p);
  memset(b, 0, sizeof *b);
}
