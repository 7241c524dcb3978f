/* fileio.c: whole-file reads and atomic writes (fileio.h). */
#include "fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "murk/alloc.h"

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int
fail(char* err, size_t errlen, const char* fmt, ...) {
  if (err && errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
  }
  return -1;
}

/* What an errno means for someone reading or writing `path` (in directory `dir`). */
const char* cli_file_why(int e) {
  switch (e) {
    case ENOENT:
      return "no such file";
    case EACCES:
    case EPERM:
      return "permission denied";
    case EISDIR:
      return "it is a directory";
    case EROFS:
      return "the file system is read-only";
    case ENOSPC:
#ifdef EDQUOT
    case EDQUOT:
#endif
      return "no space left on the device";
    case EFBIG:
      return "the file would pass a file-size limit (ulimit -f) or the file system's largest "
             "file";
    case EIO:
      return "input/output error (the device failed)";
    default:
      return strerror(e);
  }
}

int murk_file_read(const char* path, char** data, size_t* len, char* err, size_t errlen) {
  *data = NULL;
  *len = 0;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return fail(err, errlen, "cannot read %s: %s", path, cli_file_why(errno));
  struct stat st;
  if (fstat(fd, &st) != 0) {
    int e = errno;
    close(fd);
    return fail(err, errlen, "cannot read %s: %s", path, cli_file_why(e));
  }
  if (S_ISDIR(st.st_mode)) {
    close(fd);
    return fail(err, errlen, "cannot read %s: it is a directory", path);
  }
  /* A regular file is read whatever its length (a long game's journal grows without
   * bound); what has no length (a pipe, a device) stops at MURK_FILE_MAX. */
  if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size > SIZE_MAX / 2) {
    close(fd);
    return fail(err, errlen, "cannot read %s: too large for this machine", path);
  }
  /* Room for the whole file, its NUL and the read that finds the end. */
  size_t cap = S_ISREG(st.st_mode) ? (size_t)st.st_size + 2 : 4096;
  char* buf = murk_malloc(cap);
  size_t n = 0;
  for (;;) {
    if (!buf) {
      close(fd);
      return fail(err, errlen, "cannot read %s: out of memory", path);
    }
    if (n + 1 >= cap) {
      if (!S_ISREG(st.st_mode) && cap > MURK_FILE_MAX) {
        murk_free(buf);
        close(fd);
        return fail(err, errlen, "cannot read %s: larger than %zu MiB", path, MURK_FILE_MAX >> 20);
      }
      char* grown = murk_realloc(buf, cap * 2);
      if (!grown) murk_free(buf);
      buf = grown;
      cap *= 2;
      continue;
    }
    ssize_t got = read(fd, buf + n, cap - n - 1);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      int e = errno;
      murk_free(buf);
      close(fd);
      return fail(err, errlen, "cannot read %s: %s", path, cli_file_why(e));
    }
    if (got == 0) break;
    n += (size_t)got;
  }
  close(fd);
  buf[n] = '\0';
  *data = buf;
  *len = n;
  return 0;
}

/* What a file that is not a regular file is, for a message. */
static const char* kind(mode_t m) {
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  if (S_ISFIFO(m)) return "a fifo";
  if (S_ISSOCK(m)) return "a socket";
  return "a special file";
}

/* Can `path` be written in its directory `dir`? 0, or -1 with a message that names what is
 * wrong: a missing directory, or a file where a directory should be (`--save notes/x.save`
 * with notes a file gives ENOTDIR, which alone says nothing useful). */
static int check_dir(const char* path, const char* dir, char* err, size_t errlen) {
  struct stat st;
  if (stat(dir, &st) == 0) {
    if (S_ISDIR(st.st_mode)) return 0;
    return fail(err, errlen, "cannot write %s: %s is not a directory", path, dir);
  }
  int e = errno;
  if (e == ENOTDIR) {
    /* Some leading part of dir is not a directory: name the first one. */
    char part[4096];
    snprintf(part, sizeof part, "%s", dir);
    for (char* s = part + 1; *s; s++) {
      if (*s != '/') continue;
      *s = '\0';
      if (stat(part, &st) == 0 && !S_ISDIR(st.st_mode))
        return fail(err, errlen, "cannot write %s: %s is not a directory", path, part);
      *s = '/';
    }
    return fail(err, errlen, "cannot write %s: a part of %s is not a directory", path, dir);
  }
  if (e == EACCES)
    return fail(err, errlen, "cannot write %s: permission denied on the way to %s", path, dir);
  if (e == ENOENT)
    return fail(err, errlen, "cannot write %s: the directory %s does not exist", path, dir);
  return fail(err, errlen, "cannot write %s: the directory %s: %s", path, dir, cli_file_why(e));
}

static int write_all(int fd, const char* data, size_t len) {
  while (len) {
    ssize_t put = write(fd, data, len);
    if (put < 0 && errno == EINTR) continue;
    if (put < 0) return -1;
    data += put;
    len -= (size_t)put;
  }
  return 0;
}

int murk_file_write_atomic(const char* path, const char* data, size_t len, char* err,
                           size_t errlen) {
  return murk_file_write_atomic_mode(path, data, len, 0666, err, errlen);
}

/* Follow path's symbolic links (to a target that may not exist yet) into out: a save onto
 * a link writes through to the file it points to and leaves the link as it is. 0, or -1
 * with a message (a loop of links). */
static int follow_links(const char* path, char* out, size_t n, char* err, size_t errlen) {
  snprintf(out, n, "%s", path);
  for (int hops = 0; hops < 40; hops++) {
    struct stat st;
    if (lstat(out, &st) != 0 || !S_ISLNK(st.st_mode)) return 0;
    char to[4096];
    ssize_t got = readlink(out, to, sizeof to - 1);
    if (got < 0) return 0; /* let the write say what is wrong */
    to[got] = '\0';
    if (to[0] == '/') {
      snprintf(out, n, "%s", to);
    } else {
      /* Relative to the link's own folder. */
      char joined[8192];
      const char* slash = strrchr(out, '/');
      if (slash)
        snprintf(joined, sizeof joined, "%.*s/%s", (int)(slash - out), out, to);
      else
        snprintf(joined, sizeof joined, "%s", to);
      if (strlen(joined) >= n)
        return fail(err, errlen, "cannot write %s: the path is too long", path);
      snprintf(out, n, "%s", joined);
    }
  }
  return fail(err, errlen, "cannot write %s: too many levels of symbolic links", path);
}

int murk_file_write_atomic_mode(const char* path, const char* data, size_t len, unsigned mode,
                                char* err, size_t errlen) {
  char target[4096];
  if (follow_links(path, target, sizeof target, err, errlen) != 0) return -1;
  path = target;
  const char* slash = strrchr(path, '/');
  const char* base = slash ? slash + 1 : path;
  if (!*base) return fail(err, errlen, "cannot write %s: it names a directory", path);
  char dir[4096];
  if (!slash)
    snprintf(dir, sizeof dir, ".");
  else if (slash == path)
    snprintf(dir, sizeof dir, "/");
  else if ((size_t)(slash - path) >= sizeof dir)
    return fail(err, errlen, "cannot write %s: the path is too long", path);
  else
    snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);

  if (check_dir(path, dir, err, errlen) != 0) return -1;
  /* rename() would replace whatever is there, so a save "into" /dev/full or a fifo would
   * swap the device node or the fifo for a plain file (as root, in /dev). Refuse anything
   * but a regular file; stat follows a symbolic link, so a link is judged by its target. */
  struct stat st;
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
    if (S_ISDIR(st.st_mode)) return fail(err, errlen, "cannot write %s: it is a directory", path);
    return fail(err, errlen, "cannot write %s: not a regular file (%s)", path, kind(st.st_mode));
  }

  /* The temporary file sits next to the target so that rename() stays on one file
   * system and is atomic. */
  char tmp[4200];
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; attempt++) {
    int w = snprintf(tmp, sizeof tmp, "%s/.%s.tmp-%ld-%d", dir, base, (long)getpid(), attempt);
    if (w < 0 || (size_t)w >= sizeof tmp)
      return fail(err, errlen, "cannot write %s: the path is too long", path);
    fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, (mode_t)mode);
    if (fd < 0 && errno != EEXIST) {
      int e = errno;
      if (e == EACCES || e == EPERM)
        return fail(err, errlen, "cannot write %s: permission denied in the directory %s", path,
                    dir);
      if (e == EROFS)
        return fail(err, errlen, "cannot write %s: %s is on a read-only file system", path, dir);
      return fail(err, errlen, "cannot write %s: %s", path, cli_file_why(e));
    }
  }
  if (fd < 0) return fail(err, errlen, "cannot write %s: cannot make a temporary file", path);

  int e = 0;
  if (write_all(fd, data, len) != 0 || fsync(fd) != 0) e = errno;
  if (close(fd) != 0 && !e) e = errno;
  if (!e && rename(tmp, path) != 0) e = errno;
  if (e) {
    unlink(tmp);
    return fail(err, errlen, "cannot write %s: %s (the old file, if any, is unchanged)", path,
                cli_file_why(e));
  }

  /* Make the rename itself durable. Some file systems cannot sync a directory (EINVAL):
   * the file is written, so that is not worth failing for. */
  int dfd = open(dir, O_RDONLY | O_CLOEXEC);
  if (dfd >= 0) {
    int rc = fsync(dfd);
    e = errno;
    close(dfd);
    if (rc != 0 && e != EINVAL && e != EROFS && e != EBADF)
      return fail(err, errlen, "wrote %s, but could not sync its directory: %s", path,
                  cli_file_why(e));
  }
  return 0;
}

int murk_file_append_sync(int fd, const char* path, off_t size, const char* data, size_t len,
                          char* err, size_t errlen) {
  if (write_all(fd, data, len) == 0 && fdatasync(fd) == 0) return 0;
  int e = errno;
  /* A torn record would be dropped by the loader anyway; cutting it keeps the file whole. */
  if (ftruncate(fd, size) == 0) fdatasync(fd);
  return fail(err, errlen, "cannot write %s: %s (the save before this command is kept)", path,
              cli_file_why(e));
}

int murk_unix_socket(const char* path, struct sockaddr_un* a, char* err, size_t errlen) {
  memset(a, 0, sizeof *a);
  a->sun_family = AF_UNIX;
  if (strlen(path) >= sizeof a->sun_path) {
    snprintf(err, errlen, "the socket's path is too long for a Unix socket: %s", path);
    return -1;
  }
  memcpy(a->sun_path, path, strlen(path) + 1);
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) snprintf(err, errlen, "cannot make a socket: %s", strerror(errno));
  return fd;
}
