/* wire.h: the framing of murk's remote-play protocol (docs/protocol.md).
 *
 * Every message is one line of at most NET_LINE_MAX bytes before its newline: space-
 * separated words, numbers in decimal, strings as one word each ('=' then the bytes, with
 * every byte below '!', '%' and DEL written %XX). A reader never keeps more than one line;
 * a longer one is an error, and the peer that sent it is dropped. */
#ifndef MURK_NET_WIRE_H
#define MURK_NET_WIRE_H

#include <stdbool.h>
#include <stddef.h>

#define NET_PROTOCOL 9
#define NET_LINE_MAX 8192 /* bytes of one line, without its newline */

/* Output: lines appended to a growing buffer (failed once memory ran out). */
struct net_buf {
  char* p;
  size_t len, cap;
  bool failed;
};
void net_buf_free(struct net_buf* b);
void net_buf_reset(struct net_buf* b);
void net_buf_add(struct net_buf* b, const char* s, size_t n);
void net_buf_addf(struct net_buf* b, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* One string word: " =" and the escaped bytes of s (at most max bytes of s). */
void net_buf_str(struct net_buf* b, const char* s, size_t max);
/* A string's escaped bytes alone (the value of a key=value word). */
void net_buf_esc(struct net_buf* b, const char* s, size_t max);
/* End the line. */
void net_buf_eol(struct net_buf* b);

/* Input: complete lines out of a byte stream. */
struct net_reader {
  char line[NET_LINE_MAX + 1];
  size_t len;
};
/* Take n bytes; on_line gets each whole line (NUL-terminated, no newline) and may return
 * nonzero to stop. Returns 0, on_line's nonzero answer, or -1 when a line is longer than
 * NET_LINE_MAX or holds a NUL byte (the rest of the stream cannot be trusted). */
int net_reader_feed(struct net_reader* r, const char* data, size_t n,
                    int (*on_line)(void* ctx, char* line), void* ctx);

/* Split a line in place into its words (single spaces). Returns how many, or -1 when there
 * are more than max or the line has empty words. */
int net_split(char* line, char** words, int max);
/* A decimal number within [min, max]. */
bool net_int(const char* w, long min, long max, long* out);
/* A string word ('=' ...) decoded into out (n bytes, terminated); false if malformed, too
 * long for out, or it holds a NUL. */
bool net_str(const char* w, char* out, size_t n);
/* The same into a new buffer (murk_free it); NULL if malformed or out of memory. */
char* net_str_dup(const char* w);

#endif
