/* diag.h: diagnostics for people, in the form FILE:LINE:COL: error: message.
 *
 * Loaders collect several problems before giving up (tmux's config causes, Angband's
 * parser errors), so a mission designer fixes a file in one pass. Lines and columns are
 * 1-based, as editors show them. */
#ifndef MURK_DIAG_H
#define MURK_DIAG_H

#include <stddef.h>

/* The most diagnostics one list keeps; later ones are counted in `dropped`. */
#define MURK_DIAG_MAX 64
#define MURK_DIAG_MSG 240

struct murk_diag {
  int line; /* 1-based; 0 when the problem has no place (e.g. file cannot be read) */
  int col;  /* 1-based */
  char msg[MURK_DIAG_MSG];
};

struct murk_diags {
  char file[256]; /* the path as the user gave it */
  struct murk_diag items[MURK_DIAG_MAX];
  int count;
  int dropped;
};

void murk_diags_init(struct murk_diags* d, const char* file);

/* Add a problem; printf-style message. Over MURK_DIAG_MAX only counts it. */
void murk_diags_add(struct murk_diags* d, int line, int col, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Format item i as "FILE:LINE:COL: error: msg" (no newline) into buf. Returns the length
 * that the full text needs, like snprintf. */
int murk_diags_format(const struct murk_diags* d, int i, char* buf, size_t len);

#endif
