/* suggest.c: the nearest word, for "did you mean" in command refusals, mission-file errors
 * and the command line (one rule for all three). */
#include "murk/suggest.h"

#include <ctype.h>
#include <string.h>

enum { MAXW = 32, FAR = 99 };

static int distance(const char* a, size_t la, const char* b) {
  size_t lb = strlen(b);
  if (la >= MAXW || lb >= MAXW) return FAR;
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

const char* murk_suggest(const char* word, size_t len, const char* const* words, size_t count) {
  const char* best = NULL;
  int bestd = 3;
  if (!word || len == 0) return NULL;
  for (size_t k = 0; k < count; k++) {
    if (!words[k]) continue;
    int d = distance(word, len, words[k]);
    /* Short words would match nearly anything at distance 2. */
    int limit = strlen(words[k]) <= 4 ? 1 : 2;
    if (d <= limit && d < bestd) {
      bestd = d;
      best = words[k];
    }
  }
  return best;
}
