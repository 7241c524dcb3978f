/* alloc.h: the one allocation wrapper of libmurk (tmux's xmalloc.c, Lua's lua_Alloc).
 *
 * Every allocation in the library goes through these, so tests can make the Nth call fail
 * and check that each caller reports MURK_ENOMEM and leaks nothing. They return NULL on
 * failure and never abort. murk_free(NULL) is a no-op. */
#ifndef MURK_ALLOC_H
#define MURK_ALLOC_H

#include <stddef.h>

void* murk_malloc(size_t size);
void* murk_calloc(size_t n, size_t size);
void* murk_realloc(void* p, size_t size);
char* murk_strdup(const char* s);
char* murk_strndup(const char* s, size_t n);
void murk_free(void* p);

#ifdef MURK_ALLOC_FAULTS
/* Test builds only: make the allocation n calls from now fail (0: the next one); -1 turns
 * injection off. Also resets the call counter. */
void murk_alloc_fail_after(long n);
/* Allocation calls since the last murk_alloc_fail_after. */
long murk_alloc_calls(void);
#endif

#endif
