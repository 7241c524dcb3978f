/* event_format.c: the texts of events, reasons and prompts (mk_vformat, event.h): the bytes
 * vsnprintf writes. Texts are made for every event and every refused try, so the few
 * conversions they use are written out here (fast_format); built with MURK_PLAIN,
 * vsnprintf makes every text, and tests/cli/plain.sh compares the two. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "event.h"

#ifndef MURK_PLAIN
/* vsnprintf(out, n, fmt, ap) for the conversions events use (%d, %s, %.Ns, %%), without the
 * C library's machinery: the same bytes, cut at n - 1 (n > 0), and what it wrote at *len.
 * False, with out unfinished, for a format with any other conversion (the caller formats
 * it with vsnprintf instead). One pass, a byte at a time: texts are short, and a call per
 * stretch of text cost more than the bytes. */
static bool fast_format(char* out, size_t n, const char* fmt, va_list ap, size_t* len) {
  size_t k = 0, max = n - 1;
  for (const char* f = fmt; *f; f++) {
    if (*f != '%') {
      /* A literal byte: written at k whatever the room (out[max] is the terminator's, so
       * always there), kept only while there is room. No branch per byte. */
      out[k] = *f;
      k += k < max;
      continue;
    }
    f++;
    if (*f == '%') {
      if (k < max) out[k++] = '%';
    } else if (*f == 'd') {
      char d[12];
      int v = va_arg(ap, int);
      unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
      int i = (int)sizeof d;
      do {
        d[--i] = (char)('0' + u % 10);
        u /= 10;
      } while (u);
      if (v < 0) d[--i] = '-';
      for (; i < (int)sizeof d && k < max; i++) out[k++] = d[i];
    } else {
      size_t prec = (size_t)-1;
      if (*f == '.') {
        f++;
        if (*f < '0' || *f > '9') return false;
        for (prec = 0; *f >= '0' && *f <= '9'; f++) prec = prec * 10 + (size_t)(*f - '0');
      }
      if (*f != 's') return false; /* also the end of fmt after a lone '%' */
      const char* str = va_arg(ap, const char*);
      if (!str) str = "(null)";
      /* Names run long: these bytes in one go. */
      size_t room = max - k, l = strnlen(str, prec < room ? prec : room);
      memcpy(out + k, str, l);
      k += l;
    }
  }
  out[k] = '\0';
  *len = k;
  return true;
}
#endif

size_t mk_vformat(char* out, size_t n, const char* fmt, va_list ap) {
#ifdef MURK_PLAIN
  int k = vsnprintf(out, n, fmt, ap);
  size_t len = k < 0 ? 0 : (size_t)k >= n ? n - 1 : (size_t)k;
  out[len] = '\0';
  return len;
#else
  va_list cp;
  va_copy(cp, ap);
  size_t len;
  if (!fast_format(out, n, fmt, cp, &len)) {
    int k = vsnprintf(out, n, fmt, ap);
    len = k < 0 ? 0 : (size_t)k >= n ? n - 1 : (size_t)k;
    out[len] = '\0';
  }
  va_end(cp);
  return len;
#endif
}

void mk_format(char* out, size_t n, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  mk_vformat(out, n, fmt, ap);
  va_end(ap);
}
