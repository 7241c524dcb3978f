/* text.h: text that came from a file or a command line, made safe and helpful to print.
 *
 * Text from files is data (the brief's rule 9): a mission name, a script line or an
 * argument may hold control characters that would drive the terminal (clear it, retitle
 * it) or forge a line of a transcript. Everything the command line prints that such text
 * reaches goes through murk_cli_escape first. */
#ifndef MURK_CLI_TEXT_H
#define MURK_CLI_TEXT_H

#include <stddef.h>

/* Copy s into out (n > 0 bytes, always NUL-terminated, cut at an escape's boundary) with
 * every C0 control character, DEL, C1 control character (U+0080-U+009F) and byte that is
 * not part of well-formed UTF-8 written as an escape: \t, \n, \r, \xHH for bytes, \uHHHH
 * for C1. Other text, UTF-8 included, is copied as it is. Returns out. */
const char* murk_cli_escape(const char* s, char* out, size_t n);

/* The word of words[0..count) nearest to `word`, if near enough to be a slip of the
 * fingers (at most one edit in words of up to four letters, two in longer ones); else NULL. */
const char* murk_cli_nearest(const char* word, const char* const* words, size_t count);

#endif
