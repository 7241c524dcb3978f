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

#endif
