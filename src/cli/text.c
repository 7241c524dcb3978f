/* text.c: escaping and "did you mean" for the command line (text.h). */
#include "text.h"

#include "murk/text.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* The one escaper lives in libmurk (murk/text.h): the TUI uses it too. */
const char* murk_cli_escape(const char* s, char* out, size_t n) {
  return murk_text_escape(s, out, n);
}

/* Optimal string alignment distance (a swap of two neighbours counts one), ignoring case;
 * 99 for words too long to be worth it. */
static int distance(const char* a, const char* b) {
  enum { MAXW = 32 };
  size_t la = strlen(a), lb = strlen(b);
  if (la >= MAXW || lb >= MAXW) return 99;
  int d[MAXW + 1][MAXW + 1];
  for (size_t i = 0; i <= la; i++) d[i][0] = (int)i;
  for (size_t j = 0; j <= lb; j++) d[0][j] = (int)j;
  for (size_t i = 1; i <= la; i++) {
    for (size_t j = 1; j <= lb; j++) {
      int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
      int best = d[i - 1][j - 1] + (ca != cb);
      if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
      if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
          tolower((unsigned char)a[i - 2]) == cb && d[i - 2][j - 2] + 1 < best)
        best = d[i - 2][j - 2] + 1;
      d[i][j] = best;
    }
  }
  return d[la][lb];
}

const char* murk_cli_nearest(const char* word, const char* const* words, size_t count) {
  const char* best = NULL;
  int bestd = 3;
  for (size_t k = 0; k < count; k++) {
    int d = distance(word, words[k]);
    /* Short words would match nearly anything at distance 2. */
    int limit = strlen(words[k]) <= 4 ? 1 : 2;
    if (d <= limit && d < bestd) {
      bestd = d;
      best = words[k];
    }
  }
  return best;
}
