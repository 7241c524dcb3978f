/* suggest.h: "did you mean": the one nearest-word rule of every command and file error. */
#ifndef MURK_SUGGEST_H
#define MURK_SUGGEST_H

#include <stddef.h>

/* The word of words[0..count) nearest to word[0..len) by optimal string alignment distance
 * (a swap of two neighbours counts one, case ignored), if it is near enough to be a slip of
 * the fingers: one edit for words of up to four letters, two for longer ones. NULL when no
 * word is that near, or when the word is too long to be worth it. */
const char* murk_suggest(const char* word, size_t len, const char* const* words, size_t count);

#endif
