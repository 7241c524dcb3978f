/* error.h: result codes shared by every module of libmurk.
 *
 * Functions that can fail return an int: MURK_OK (0) or a negative code from this list.
 * Detail for people goes through a caller-owned buffer or a murk_diags list. */
#ifndef MURK_ERROR_H
#define MURK_ERROR_H

/* X-macro list so that every code has its string (style.md: enums and names from one list). */
#define MURK_ERROR_LIST(X)                                  \
  X(MURK_OK, 0, "ok")                                       \
  X(MURK_ENOMEM, -1, "out of memory")                       \
  X(MURK_EINVAL, -2, "invalid input")                       \
  X(MURK_EIO, -3, "input/output error")                     \
  X(MURK_ERANGE, -4, "value out of range")                  \
  X(MURK_ENOSPACE, -5, "buffer too small")                  \
  X(MURK_EREJECTED, -6, "command rejected")                 \
  X(MURK_ENOTFOUND, -7, "not found")                        \
  X(MURK_ESTALE, -8, "mission file changed since the save") \
  X(MURK_EAUTH, -9, "wrong passphrase, or the sealed save was altered")

enum murk_error {
#define MURK_ERROR_ENUM(name, value, text) name = value,
  MURK_ERROR_LIST(MURK_ERROR_ENUM)
#undef MURK_ERROR_ENUM
};

/* A static string for a result code; never NULL. */
const char* murk_strerror(int code);

#endif
