/* fileio.h: whole-file reads and atomic writes for the command line (the core never
 * touches files).
 *
 * Both return 0, or -1 with a message for people in err, naming the file and saying what
 * to do where we can ("the directory saves does not exist"). */
#ifndef MURK_CLI_FILEIO_H
#define MURK_CLI_FILEIO_H

#include <stddef.h>
#include <sys/types.h>

/* What is read from a file that is not a regular one (a pipe, a device) stops at this;
 * a regular file is read whatever its length (a sealed journal is about 280 bytes a
 * command, docs/reliability.md; a script of a million `end` lines 4 MB). */
#define MURK_FILE_MAX ((size_t)64 << 20)

/* Read a whole file (see MURK_FILE_MAX). *data is NUL-terminated (the NUL is not counted in *len)
 * and is freed by the caller with murk_free. */
int murk_file_read(const char* path, char** data, size_t* len, char* err, size_t errlen);

/* Replace `path` with `data` so that a reader (or a crash) sees either the old file or
 * the whole new one, never a part: write a temporary file in the same directory, fsync
 * it, rename it over `path`, then fsync the directory. On failure the old file is
 * untouched and the temporary file removed. New files get mode 0666 less the umask.
 * A `path` that exists and is not a regular file (a directory, a device, a fifo; a
 * symbolic link is judged by its target) is refused and left alone. */
int murk_file_write_atomic(const char* path, const char* data, size_t len, char* err,
                           size_t errlen);

/* The same with the new file's mode (less the umask): 0600 for saves that are a player's
 * own (sealed saves, the games in the state directory). */
int murk_file_write_atomic_mode(const char* path, const char* data, size_t len, unsigned mode,
                                char* err, size_t errlen);

/* Append data to the file open as fd (O_APPEND) and sync it (fdatasync): the tail of a
 * journal. On a failure the file is cut back to `size` (its length before), when it can
 * be; returns 0, or -1 with a message naming path in err. */
int murk_file_append_sync(int fd, const char* path, off_t size, const char* data, size_t len,
                          char* err, size_t errlen);

/* A stream socket and the address of the Unix socket at path, for `murk host` (bind) and
 * `murk join` (connect). Returns the socket, or -1 with a message in err (a path too long
 * for a Unix socket, no socket). */
struct sockaddr_un;
int murk_unix_socket(const char* path, struct sockaddr_un* a, char* err, size_t errlen);

/* What an errno means for someone reading or writing a file, in words (a full disk, a
 * file-size limit...): the one wording of every save path. */
const char* cli_file_why(int e);

#endif
