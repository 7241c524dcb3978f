/* yamlwalk.h: a small schema walker over libyaml's document API (internal to libmurk).
 *
 * yw_open checks the raw bytes (UTF-8, no NUL or control characters), runs a streaming
 * event pass that refuses deep nesting, aliases and extra documents before any tree is
 * built (libyaml's parser keeps its own stack, so no input can recurse deeply here), and
 * only then composes the document. The helpers below read nodes with a type check each
 * and report every problem as line:col (1-based) into a murk_diags list.
 *
 * Messages follow one form: what is wrong, then in parentheses what was expected. */
#ifndef MK_YAMLWALK_H
#define MK_YAMLWALK_H

#include <stdbool.h>
#include <stddef.h>
#include <yaml.h>

#include "murk/diag.h"

struct yw {
  yaml_document_t doc;
  bool have_doc;
  struct murk_diags* diags;
  const unsigned char* text; /* the caller's bytes; not owned */
  size_t len;
  size_t* lines; /* byte offset where each line starts; owned */
  size_t nlines;
};

/* Check and parse `len` bytes. The bytes must outlive w. Returns MURK_OK with the
 * document ready, MURK_EINVAL with problems in d, or MURK_ENOMEM. Call yw_close in every
 * case. */
int yw_open(struct yw* w, const char* data, size_t len, int max_depth, struct murk_diags* d);
void yw_close(struct yw* w);

yaml_node_t* yw_root(struct yw* w);
yaml_node_t* yw_node(struct yw* w, int id);

/* Reporting. Lines and columns are 1-based; a node reports at its start. */
void yw_err(struct yw* w, const yaml_node_t* n, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void yw_err_at(struct yw* w, int line, int col, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
int yw_line(const yaml_node_t* n);
int yw_col(const yaml_node_t* n);
/* True once the diagnostics list is full: walkers stop early. */
bool yw_full(const struct yw* w);

/* What a node is, for messages: "a mapping", "a list", "'text'", "nothing". */
const char* yw_found(const yaml_node_t* n, char* buf, size_t size);

bool yw_is_map(const yaml_node_t* n);
bool yw_is_seq(const yaml_node_t* n);
bool yw_is_scalar(const yaml_node_t* n);
/* A plain empty scalar, "~" or "null". */
bool yw_is_null(const yaml_node_t* n);

/* Typed reads. Each reports "'what' is X (expected Y)" and returns false/NULL/-1 on a
 * wrong type or value. */
bool yw_want_map(struct yw* w, const yaml_node_t* n, const char* what);
bool yw_want_seq(struct yw* w, const yaml_node_t* n, const char* what);
/* Text on one line (a line feed is refused); yw_lines lets it run over several. */
const char* yw_str(struct yw* w, const yaml_node_t* n, const char* what);
const char* yw_lines(struct yw* w, const yaml_node_t* n, const char* what);
bool yw_text(struct yw* w, const yaml_node_t* n, const char* what, char* buf, size_t size);
bool yw_int(struct yw* w, const yaml_node_t* n, const char* what, int min, int max, int* out);
bool yw_bool(struct yw* w, const yaml_node_t* n, const char* what, bool* out);
/* Index of the scalar among names[0..count), or -1 (reported, with a did-you-mean). */
int yw_enum(struct yw* w, const yaml_node_t* n, const char* what, const char* const* names,
            int count);

/* Walk a mapping against a NULL-terminated list of known keys: vals[i] gets the value of
 * keys[i], or NULL when absent. Reports keys that are not text, unknown keys (with the
 * known ones) and duplicate keys. Returns false (reported) if n is not a mapping. */
bool yw_fields(struct yw* w, const yaml_node_t* n, const char* what, const char* const* keys,
               yaml_node_t** vals);
/* Report a required key that is absent from mapping n. */
void yw_missing(struct yw* w, const yaml_node_t* n, const char* key, const char* what,
                const char* expected);
/* Report duplicate keys of a free-form mapping (quadratic: bound the size first). */
bool yw_dup_keys(struct yw* w, const yaml_node_t* n, const char* what);
int yw_map_len(const yaml_node_t* n);
int yw_seq_len(const yaml_node_t* n);

/* Texts hold no control characters, even written as escapes in a double-quoted scalar
 * ("\e[2J", "\u009b", "\x7f", "\t"): no C0 character but the line feed (NUL, tab and
 * carriage return included), no DEL, no C1 character (U+0080 to U+009F), no Unicode line
 * or paragraph separator. yw_check_text reports the first one ("WHAT holds ...", `what`
 * written as given, quotes and all) at the scalar, or at the character itself in a
 * literal block or where a tab stands raw in the file, and returns false. yw_text_clean
 * asks the same without a report. Line feeds are for yw_str (refused) and yw_lines. */
bool yw_check_text(struct yw* w, const yaml_node_t* n, const char* what);
bool yw_text_clean(const yaml_node_t* n);

/* The closest candidate to word (edit distance at most 2 and less than its length), or
 * NULL. */
const char* yw_suggest(const char* word, const char* const* cands, int count);
/* "a, b, c" into buf, cut with "..." if it does not fit. */
void yw_join(char* buf, size_t size, const char* const* cands, int count);

/* Where the character at byte `at` of line `row` of a literal block scalar ("|") stands in
 * the file (1-based). Falls back to the node's own place when the source does not match
 * (other scalar styles); returns false then. */
bool yw_block_pos(const struct yw* w, const yaml_node_t* n, size_t row, size_t at, int* line,
                  int* col);

/* Where byte `off` of scalar n's value was written in the file (1-based), in any style:
 * literal and folded blocks, plain, single- and double-quoted text (a character written
 * as an escape stands at its backslash). Returns false, with the scalar's own start, when
 * the place cannot be told exactly. */
bool yw_value_pos(const struct yw* w, const yaml_node_t* n, size_t off, int* line, int* col);

#endif
