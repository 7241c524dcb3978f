/* text.c: text from files and command lines made safe to print (murk/text.h). */
#include "murk/text.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "murk/command.h"

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

const char* murk_text_escape(const char* s, char* out, size_t n) {
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

static bool name_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

size_t murk_text_name(const char* in, char* out, size_t n) {
  size_t len = 0;
  bool blank = false;
  if (n == 0) return 0;
  out[0] = '\0';
  for (const char* s = in; *s; s++) {
    if (name_blank(*s)) {
      blank = len > 0;
      continue;
    }
    size_t need = len + (blank ? 2 : 1);
    if (*s == '#' || (unsigned char)*s < ' ' || *s == 0x7f || need >= n) {
      out[0] = '\0';
      return 0;
    }
    if (blank) out[len++] = ' ';
    blank = false;
    out[len++] = *s;
  }
  out[len] = '\0';
  return len;
}

bool murk_text_name_eq(const char* a, const char* b) {
  char na[MURK_CMD_NAME], nb[MURK_CMD_NAME];
  size_t la = murk_text_name(a, na, sizeof na), lb = murk_text_name(b, nb, sizeof nb);
  if (la == 0 || la != lb) return false;
  for (size_t i = 0; i < la; i++)
    if (tolower((unsigned char)na[i]) != tolower((unsigned char)nb[i])) return false;
  return true;
}
