/* text.c: escaping and "did you mean" for the command line (text.h). */
#include "text.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "murk/suggest.h"

/* The length of the well-formed UTF-8 sequence at s (2 to 4 bytes), or 0. */
static size_t utf8_len(const unsigned char* s, unsigned* cp) {
  size_t len;
  unsigned c, min;
  if (s[0] >= 0xc2 && s[0] <= 0xdf) {
    len = 2, c = s[0] & 0x1fu, min = 0x80;
  } else if (s[0] >= 0xe0 && s[0] <= 0xef) {
    len = 3, c = s[0] & 0x0fu, min = 0x800;
  } else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
    len = 4, c = s[0] & 0x07u, min = 0x10000;
  } else {
    return 0;
  }
  for (size_t i = 1; i < len; i++) {
    if ((s[i] & 0xc0u) != 0x80) return 0;
    c = (c << 6) | (s[i] & 0x3fu);
  }
  if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) return 0;
  *cp = c;
  return len;
}

const char* murk_cli_escape(const char* s, char* out, size_t n) {
  size_t o = 0;
  const unsigned char* p = (const unsigned char*)s;
  while (*p) {
    char esc[8];
    const char* piece = esc;
    size_t len, used = 1;
    unsigned cp = 0;
    if (*p == '\t' || *p == '\n' || *p == '\r') {
      snprintf(esc, sizeof esc, "\\%c", *p == '\t' ? 't' : *p == '\n' ? 'n' : 'r');
    } else if (*p < 0x20 || *p == 0x7f) {
      snprintf(esc, sizeof esc, "\\x%02x", *p);
    } else if (*p < 0x80) {
      piece = (const char*)p;
    } else if ((used = utf8_len(p, &cp)) == 0) {
      used = 1;
      snprintf(esc, sizeof esc, "\\x%02x", *p);
    } else if (cp <= 0x9f) {
      snprintf(esc, sizeof esc, "\\u%04x", cp);
    } else {
      piece = (const char*)p;
    }
    len = piece == esc ? strlen(esc) : used;
    if (o + len >= n) break;
    memcpy(out + o, piece, len);
    o += len;
    p += used;
  }
  out[o] = '\0';
  return out;
}

const char* murk_cli_nearest(const char* word, const char* const* words, size_t count) {
  return murk_suggest(word, word ? strlen(word) : 0, words, count);
}
