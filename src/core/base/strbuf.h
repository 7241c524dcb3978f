/* strbuf.h: a growing text buffer for the writers of saves and sealed saves.
 *
 * Writes append; the first allocation that fails marks the buffer and every later write is
 * a no-op, so a writer checks once at the end (mk_strbuf_take) instead of after each line.
 * The text is always NUL-terminated. */
#ifndef MURK_STRBUF_H
#define MURK_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

struct mk_strbuf {
  char* p;
  size_t len, cap;
  bool oom; /* an allocation failed: the text is cut, mk_strbuf_take says so */
};

/* Append n bytes of s / a C string / the hex of n bytes / printf-formatted text. */
void mk_strbuf_put(struct mk_strbuf* b, const char* s, size_t n);
void mk_strbuf_puts(struct mk_strbuf* b, const char* s);
void mk_strbuf_hex(struct mk_strbuf* b, const unsigned char* bin, size_t n);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void mk_strbuf_printf(struct mk_strbuf* b, const char* fmt, ...);

/* The text, handed to the caller (murk_free it), its length in *len; NULL (the buffer
 * freed) if an allocation failed. The buffer is left empty either way. */
char* mk_strbuf_take(struct mk_strbuf* b, size_t* len);
/* Drop the text. */
void mk_strbuf_free(struct mk_strbuf* b);

#endif
