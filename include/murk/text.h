/* murk/text.h: text that came from a file or a command line, made safe to print.
 *
 * Text from files is data (rule 9): a mission name, a script line, an argument or a
 * command typed at the TUI's `:` line may hold control characters that would drive the
 * terminal (clear it, retitle it) or forge a line of a transcript. Every front-end passes
 * such text through this one escaper before it reaches a terminal or a transcript. */
#ifndef MURK_TEXT_H
#define MURK_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* Copy s into out (n > 0 bytes, always NUL-terminated, cut at an escape's boundary) with
 * every C0 control character, DEL, C1 control character (U+0080-U+009F) and byte that is
 * not part of well-formed UTF-8 written as an escape: \t, \n, \r, \xHH for bytes, \uHHHH
 * for C1. Other text, UTF-8 included, is copied as it is. Returns out. */
const char* murk_text_escape(const char* s, char* out, size_t n);

/* A name as a command line writes it (`remove objective NAME`, murk/command.h): the blanks
 * around it dropped, each run of blanks inside one space. Returns its length, or 0 (out
 * "") when no command line can hold it in n bytes: empty, too long, or with '#' (which
 * starts a comment) or a control character. */
size_t murk_text_name(const char* in, char* out, size_t n);
/* Do two names read the same to a command: murk_text_name's form, ASCII case aside? False
 * when either cannot be a command's name at all. */
bool murk_text_name_eq(const char* a, const char* b);

#endif
