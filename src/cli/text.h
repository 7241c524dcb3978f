/* text.h: text that came from a file or a command line, made safe and helpful to print.
 *
 * Text from files is data, never a format or a command: a mission name, a script line or an
 * argument may hold control characters that would drive the terminal (clear it, retitle
 * it) or forge a line of a transcript. Everything the command line prints that such text
 * reaches goes through murk_cli_escape first. */
#ifndef MURK_CLI_TEXT_H
#define MURK_CLI_TEXT_H

#include <stddef.h>

/* murk_text_escape (murk/text.h), the one escaper, for the command line. */
const char* murk_cli_escape(const char* s, char* out, size_t n);

/* The word of words[0..count) nearest to `word`, if near enough to be a slip of the
 * fingers (at most one edit in words of up to four letters, two in longer ones); else NULL. */
const char* murk_cli_nearest(const char* word, const char* const* words, size_t count);

#endif
