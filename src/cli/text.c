/* text.c: escaping and "did you mean" for the command line (text.h). */
#include "text.h"

#include "murk/text.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "murk/suggest.h"

/* The one escaper lives in libmurk (murk/text.h): the TUI uses it too. */
const char* murk_cli_escape(const char* s, char* out, size_t n) {
  return murk_text_escape(s, out, n);
}

const char* murk_cli_nearest(const char* word, const char* const* words, size_t count) {
  return murk_suggest(word, word ? strlen(word) : 0, words, count);
}
