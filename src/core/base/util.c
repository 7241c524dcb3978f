/* util.c: error strings, diagnostics lists, side names and the allocation wrapper. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "murk/alloc.h"
#include "murk/diag.h"
#include "murk/error.h"
#include "murk/side.h"

const char* murk_strerror(int code) {
  switch (code) {
#define MK_ERROR_CASE(name, value, text) \
  case value:                            \
    return text;
    MURK_ERROR_LIST(MK_ERROR_CASE)
#undef MK_ERROR_CASE
  }
  return "unknown error";
}

void murk_diags_init(struct murk_diags* d, const char* file) {
  memset(d, 0, sizeof *d);
  snprintf(d->file, sizeof d->file, "%s", file ? file : "<input>");
}

void murk_diags_add(struct murk_diags* d, int line, int col, const char* fmt, ...) {
  if (d->count >= MURK_DIAG_MAX) {
    d->dropped++;
    return;
  }
  struct murk_diag* g = &d->items[d->count++];
  g->line = line;
  g->col = col;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(g->msg, sizeof g->msg, fmt, ap);
  va_end(ap);
}

int murk_diags_format(const struct murk_diags* d, int i, char* buf, size_t len) {
  if (i < 0 || i >= d->count) return snprintf(buf, len, "%s", "");
  const struct murk_diag* g = &d->items[i];
  if (g->line <= 0) return snprintf(buf, len, "%s: error: %s", d->file, g->msg);
  return snprintf(buf, len, "%s:%d:%d: error: %s", d->file, g->line, g->col, g->msg);
}

const char* murk_side_name(enum murk_side s) {
  switch (s) {
    case MURK_ATTACKER:
      return "attacker";
    case MURK_DEFENDER:
      return "defender";
    default:
      return "none";
  }
}

enum murk_side murk_side_parse(const char* s) {
  if (s && strcmp(s, "attacker") == 0) return MURK_ATTACKER;
  if (s && strcmp(s, "defender") == 0) return MURK_DEFENDER;
  return MURK_NO_SIDE;
}

/* The seats' names, one row each (saves and the command line read them here). */
static const char* const seat_names[MURK_SEAT_KINDS] = {"none", "human", "computer", "remote"};

const char* murk_seat_name(enum murk_seat s) {
  return (int)s > 0 && (int)s < MURK_SEAT_KINDS ? seat_names[s] : seat_names[0];
}

static const char* const level_names[MURK_LEVELS] = {"normal", "easy"};

const char* murk_level_name(enum murk_level l) {
  return (int)l >= 0 && (int)l < MURK_LEVELS ? level_names[l] : level_names[0];
}

int murk_level_parse(const char* s, size_t len) {
  for (int k = 0; s && k < MURK_LEVELS; k++)
    if (strlen(level_names[k]) == len && memcmp(s, level_names[k], len) == 0) return k;
  return -1;
}

enum murk_seat murk_seat_parse(const char* s, size_t len) {
  for (int k = 1; s && k < MURK_SEAT_KINDS; k++)
    if (strlen(seat_names[k]) == len && memcmp(s, seat_names[k], len) == 0)
      return (enum murk_seat)k;
  return MURK_SEAT_NONE;
}

#ifdef MURK_ALLOC_FAULTS
/* Failure injection, compiled only into the test build of the library (murkcore_faults,
 * tests/unit/test_oom.c): the Nth allocation from now fails. These two counters are the
 * one piece of mutable static state, and they exist only in that build. */
static long fault_countdown = -1;
static long alloc_calls = 0;

void murk_alloc_fail_after(long n) {
  fault_countdown = n;
  alloc_calls = 0;
}

long murk_alloc_calls(void) {
  return alloc_calls;
}

static int fault_now(void) {
  alloc_calls++;
  if (fault_countdown < 0) return 0;
  return fault_countdown-- == 0;
}
#else
static int fault_now(void) {
  return 0;
}
#endif

void* murk_malloc(size_t size) {
  if (fault_now()) return NULL;
  return malloc(size ? size : 1);
}

void* murk_calloc(size_t n, size_t size) {
  if (fault_now()) return NULL;
  return calloc(n ? n : 1, size ? size : 1);
}

void* murk_realloc(void* p, size_t size) {
  if (fault_now()) return NULL;
  return realloc(p, size ? size : 1);
}

char* murk_strndup(const char* s, size_t n) {
  size_t len = strnlen(s, n);
  char* out = murk_malloc(len + 1);
  if (!out) return NULL;
  memcpy(out, s, len);
  out[len] = '\0';
  return out;
}

char* murk_strdup(const char* s) {
  return murk_strndup(s, strlen(s));
}

void murk_free(void* p) {
  free(p);
}
