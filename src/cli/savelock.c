/* savelock.c: one writer per save (savelock.h). */
#include "savelock.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "murk/alloc.h"

struct cli_savelock {
  int fd;
  char path[PATH_MAX + 16];
};

/* The locks this process holds. An fcntl lock belongs to the process and goes when any of
 * its descriptors of the file closes, so a lock file this process holds is never opened
 * again here: a question about it is answered from this list. */
#define HELD_MAX 8
static struct cli_savelock* held[HELD_MAX];

static struct cli_savelock* held_at(const char* lock) {
  for (int i = 0; i < HELD_MAX; i++)
    if (held[i] && strcmp(held[i]->path, lock) == 0) return held[i];
  return NULL;
}

/* The lock file of the save at path: DIR/.NAME.lock, links followed to the file they name
 * (two ways to write one file are one save). */
static int lock_path(const char* path, char* out, size_t n) {
  char real[PATH_MAX];
  const char* p = realpath(path, real) ? real : path;
  const char* slash = strrchr(p, '/');
  int w = slash ? snprintf(out, n, "%.*s/.%s.lock", (int)(slash - p), p, slash + 1)
                : snprintf(out, n, ".%s.lock", p);
  return w < 0 || (size_t)w >= n ? -1 : 0;
}

/* Who holds the lock on fd, or 0. */
static pid_t holder_of(int fd) {
  struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
  if (fcntl(fd, F_GETLK, &fl) != 0 || fl.l_type == F_UNLCK) return 0;
  /* Some file systems do not say who (-1). The file stays empty: it takes no room on a
   * full disk. */
  return fl.l_pid > 0 ? fl.l_pid : -1;
}

int cli_savelock_take(const char* path, struct cli_savelock** out, char* err, size_t n) {
  *out = NULL;
  struct cli_savelock* l = murk_calloc(1, sizeof *l);
  if (!l) {
    snprintf(err, n, "out of memory");
    return -1;
  }
  if (lock_path(path, l->path, sizeof l->path) != 0) {
    snprintf(err, n, "cannot lock %s: the path is too long", path);
    murk_free(l);
    return -1;
  }
  if (held_at(l->path)) {
    snprintf(err, n, "%s is in use by process %ld (this one: it is open already)", path,
             (long)getpid());
    murk_free(l);
    return 1;
  }
  int slot = 0;
  while (slot < HELD_MAX && held[slot]) slot++;
  if (slot == HELD_MAX) {
    snprintf(err, n, "cannot lock %s: too many saves open", path);
    murk_free(l);
    return -1;
  }
  /* A holder that lets go removes the file: a lock taken on a file already removed would
   * lock nothing, so the file locked must still be the one at the path. */
  for (int tries = 0; tries < 100; tries++) {
    l->fd = open(l->path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (l->fd < 0) {
      int e = errno;
      snprintf(err, n, "cannot write in the folder of %s (its lock file %s: %s)", path, l->path,
               strerror(e));
      murk_free(l);
      errno = e;
      return -1;
    }
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    if (fcntl(l->fd, F_SETLK, &fl) != 0) {
      int e = errno;
      pid_t pid = holder_of(l->fd);
      close(l->fd);
      if ((e == EACCES || e == EAGAIN) && pid == 0) continue; /* let go meanwhile */
      if (e == EACCES || e == EAGAIN) {
        murk_free(l);
        if (pid > 0)
          snprintf(err, n, "%s is in use by process %ld (another murk has this game open)", path,
                   (long)pid);
        else
          snprintf(err, n, "%s is in use by another process (another murk has this game open)",
                   path);
        return 1;
      } else {
        snprintf(err, n, "cannot lock %s: %s", path, strerror(e));
      }
      murk_free(l);
      return -1;
    }
    struct stat a, b;
    if (fstat(l->fd, &a) == 0 && stat(l->path, &b) == 0 && a.st_dev == b.st_dev &&
        a.st_ino == b.st_ino) {
      held[slot] = l;
      *out = l;
      return 0;
    }
    close(l->fd); /* removed under us: again */
  }
  snprintf(err, n, "cannot lock %s: its lock file keeps changing", path);
  murk_free(l);
  return -1;
}

void cli_savelock_free(struct cli_savelock* l) {
  if (!l) return;
  for (int i = 0; i < HELD_MAX; i++)
    if (held[i] == l) held[i] = NULL;
  unlink(l->path);
  close(l->fd);
  murk_free(l);
}

pid_t cli_savelock_holder(const char* path) {
  char lp[PATH_MAX + 16];
  if (lock_path(path, lp, sizeof lp) != 0) return 0;
  if (held_at(lp)) return getpid();
  int fd = open(lp, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  pid_t pid = holder_of(fd);
  close(fd);
  return pid;
}
