/* autosave.c: whole saves and the journal of an autosave (autosave.h). */
#include "autosave.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fileio.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/save.h"
#include "murk/seal.h"
#include "murk/view.h"
#include "sodium.h"
#include "transcript.h"

int murk_save_whole(const struct murk_game* g, struct murk_sealer* sealer, const char* path,
                    unsigned mode, char** text, size_t* len, char* err, size_t n) {
  if (sealer && sealer->on) return murk_sealer_write_text(sealer, g, path, err, n, text, len);
  char* save = NULL;
  size_t savelen = 0;
  int rc = murk_save_game(g, &save, &savelen);
  if (rc != MURK_OK) {
    snprintf(err, n, "cannot make the save: %s", murk_strerror(rc));
    return -1;
  }
  rc = murk_file_write_atomic_mode(path, save, savelen, mode, err, n);
  if (rc == 0 && text) {
    *text = save;
    *len = savelen;
  } else {
    murk_seal_free_secret(save, savelen); /* a live game's save holds its dice key */
  }
  return rc;
}

struct murk_autosave {
  char* path;
  struct murk_sealer* sealer;
  unsigned mode;
  const struct murk_game* g;        /* the game followed */
  int fd;                           /* -1: no journal yet */
  off_t size;                       /* the file's length */
  size_t logged;                    /* commands in the file */
  bool sealed;                      /* the journal is sealed */
  struct murk_chain chain;          /* the open save's chain */
  struct murk_seal_journal* writer; /* a sealed journal's records (seal.h) */
  struct murk_view* view[2];        /* sealed: each side's events not yet in the file (views
                                       of the events alone: murk_view_build_events) */
  int next_seq[2];                  /* the number of the next one */
  bool lazy;                        /* sync at most every LAZY_SYNC_NS (murk_autosave_lazy) */
  bool unsynced;                    /* appended since the last sync */
  struct timespec synced;           /* when the last sync was */
};

/* A lazy autosave syncs at most this often. */
#define LAZY_SYNC_NS 200000000L

struct murk_autosave* murk_autosave_new(const char* path, struct murk_sealer* sealer,
                                        unsigned mode) {
  struct murk_autosave* a = murk_calloc(1, sizeof *a);
  if (!a) return NULL;
  a->path = murk_strdup(path);
  if (!a->path) {
    murk_free(a);
    return NULL;
  }
  a->sealer = sealer;
  a->mode = mode;
  a->fd = -1;
  return a;
}

static void stop_journal(struct murk_autosave* a) {
  if (a->fd >= 0) {
    if (a->unsynced) fdatasync(a->fd); /* a lazy journal's last appends: best effort */
    close(a->fd);
  }
  a->fd = -1;
  a->unsynced = false;
  murk_seal_journal_free(a->writer);
  a->writer = NULL;
  for (int s = 0; s < 2; s++) {
    murk_view_free(a->view[s]);
    a->view[s] = NULL;
  }
}

void murk_autosave_free(struct murk_autosave* a) {
  if (!a) return;
  stop_journal(a);
  sodium_memzero(&a->chain, sizeof a->chain);
  murk_free(a->path);
  murk_free(a);
}

/* The whole save, then the journal's state to append to it. */
static int start(struct murk_autosave* a, const struct murk_game* g, char* err, size_t n) {
  stop_journal(a);
  a->g = g;
  a->sealed = a->sealer && a->sealer->on;
  char* text = NULL;
  size_t len = 0;
  if (murk_save_whole(g, a->sealer, a->path, a->mode, &text, &len, err, n) != 0) return -1;
  int rc = MURK_OK;
  if (a->sealed) {
    /* Each side's record as the whole save holds it: the compression streams start from
     * it (seal.h). */
    char* rec[2] = {NULL, NULL};
    size_t rlen[2] = {0, 0};
    for (int s = 0; rc == MURK_OK && s < 2; s++) {
      FILE* f = open_memstream(&rec[s], &rlen[s]);
      rc = f ? murk_transcript_print(f, g, (enum murk_side)s) : MURK_ENOMEM;
      if (f && fclose(f) != 0 && rc == MURK_OK) rc = MURK_ENOMEM;
    }
    const char* const recs[2] = {rec[0], rec[1]};
    if (rc == MURK_OK) rc = murk_seal_journal_new(text, len, recs, rlen, &a->writer, err, n);
    for (int s = 0; s < 2; s++) {
      if (rec[s]) sodium_memzero(rec[s], rlen[s]);
      free(rec[s]);
    }
    murk_free(text); /* sealed: nothing secret in it */
    for (int s = 0; rc == MURK_OK && s < 2; s++) {
      rc = murk_view_build_events(g, (enum murk_side)s, &a->view[s]);
      if (rc == MURK_OK) {
        a->next_seq[s] = (int)a->view[s]->nevents + 1;
        murk_view_forget_events(a->view[s]); /* in the file: kept once, in the game */
      }
    }
    if (rc != MURK_OK && !err[0]) snprintf(err, n, "cannot follow the save: %s", murk_strerror(rc));
  } else {
    murk_save_chain_start(&a->chain, text, len);
    murk_seal_free_secret(text, len);
  }
  if (rc != MURK_OK) {
    stop_journal(a);
    return -1;
  }
  /* Appends go to the file just written (through a link, as the write went). */
  a->fd = open(a->path, O_WRONLY | O_APPEND | O_CLOEXEC);
  if (a->fd < 0) {
    snprintf(err, n, "cannot append to %s: %s", a->path, strerror(errno));
    stop_journal(a);
    return -1;
  }
  a->logged = murk_game_log_count(g);
  a->size = lseek(a->fd, 0, SEEK_END);
  clock_gettime(CLOCK_MONOTONIC, &a->synced); /* the whole save was synced */
  return 0;
}

/* The open records of the commands not yet in the file, one after another. */
static int open_records(struct murk_autosave* a, const struct murk_game* g, size_t upto, char** out,
                        size_t* len, char* err, size_t n) {
  *out = NULL;
  *len = 0;
  FILE* f = open_memstream(out, len);
  if (!f) {
    snprintf(err, n, "cannot save to %s: out of memory", a->path);
    return -1;
  }
  int rc = 0;
  for (size_t i = a->logged; i < upto && rc >= 0; i++) {
    char rec[512]; /* a log line is at most 255 bytes (game.c) */
    rc = murk_save_journal_record(&a->chain, murk_game_log_side(g, i), murk_game_log_line(g, i),
                                  rec, sizeof rec);
    if (rc >= 0) fwrite(rec, 1, (size_t)rc, f);
  }
  if (fclose(f) != 0 && rc >= 0) rc = MURK_ENOMEM;
  if (rc < 0) {
    snprintf(err, n, "cannot save to %s: %s", a->path, murk_strerror(rc));
    free(*out);
    *out = NULL;
    return -1;
  }
  return 0;
}

/* What side s has been shown since the last record, then its closing line. */
static int side_lines(struct murk_autosave* a, int s, char** out, size_t* len) {
  *out = NULL;
  *len = 0;
  FILE* f = open_memstream(out, len);
  if (!f) return MURK_ENOMEM;
  murk_transcript_events(f, a->view[s], 0);
  murk_transcript_status(f, a->view[s]);
  if (fclose(f) != 0) {
    free(*out);
    *out = NULL;
    return MURK_ENOMEM;
  }
  return MURK_OK;
}

/* The sealed records of the commands since the last: one a command, each side's new
 * lines in the last one. */
static int sealed_records(struct murk_autosave* a, const struct murk_game* g, size_t upto,
                          char** out, size_t* len, char* err, size_t n) {
  *out = NULL;
  *len = 0;
  char* lines[2] = {NULL, NULL};
  size_t llen[2] = {0, 0};
  int rc = MURK_OK;
  for (int s = 0; rc == MURK_OK && s < 2; s++) rc = side_lines(a, s, &lines[s], &llen[s]);
  struct mk_buf {
    char* p;
    size_t len;
  } all = {NULL, 0};
  murk_sealer_public(a->sealer, g);
  for (size_t i = a->logged; rc == MURK_OK && i < upto; i++) {
    bool last = i + 1 == upto;
    const char* const none[2] = {"", ""};
    const size_t zero[2] = {0, 0};
    const char* const these[2] = {lines[0], lines[1]};
    unsigned char fresh[MURK_SEAL_FRESH_BYTES];
    randombytes_buf(fresh, sizeof fresh);
    char* rec = NULL;
    size_t rlen = 0;
    rc = murk_seal_journal_record(a->writer, &a->sealer->h, a->sealer->key[0], a->sealer->key[1],
                                  last ? these : none, last ? llen : zero, murk_game_log_side(g, i),
                                  murk_game_log_line(g, i), fresh, &rec, &rlen);
    if (rc == MURK_OK) {
      char* grown = murk_realloc(all.p, all.len + rlen + 1);
      if (!grown) {
        rc = MURK_ENOMEM;
      } else {
        memcpy(grown + all.len, rec, rlen + 1);
        all.p = grown;
        all.len += rlen;
      }
    }
    murk_free(rec);
  }
  for (int s = 0; s < 2; s++) {
    if (lines[s]) sodium_memzero(lines[s], llen[s]);
    free(lines[s]);
  }
  if (rc != MURK_OK) {
    murk_free(all.p);
    snprintf(err, n, "cannot make the sealed save: %s", murk_strerror(rc));
    return -1;
  }
  *out = all.p;
  *len = all.len;
  return 0;
}

void murk_autosave_lazy(struct murk_autosave* a, bool lazy) {
  a->lazy = lazy;
}

/* Sync what was appended: always, or for a lazy autosave when the last sync is old. */
static int sync_journal(struct murk_autosave* a, bool force, char* err, size_t n) {
  if (!a->unsynced || a->fd < 0) return 0;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  long long since =
      (long long)(now.tv_sec - a->synced.tv_sec) * 1000000000LL + (now.tv_nsec - a->synced.tv_nsec);
  if (!force && a->lazy && since < LAZY_SYNC_NS) return 0;
  if (fdatasync(a->fd) != 0) {
    snprintf(err, n, "cannot save to %s: %s", a->path, cli_file_why(errno));
    return -1;
  }
  a->synced = now;
  a->unsynced = false;
  return 0;
}

int murk_autosave_flush(struct murk_autosave* a, char* err, size_t n) {
  err[0] = '\0';
  if (!a || sync_journal(a, true, err, n) == 0) return 0;
  stop_journal(a);
  return -1;
}

/* Append data (the file is size bytes long): written, and synced unless lazy. On a
 * failure the file is cut back to size. */
static int append(struct murk_autosave* a, const char* data, size_t len, char* err, size_t n) {
  if (!a->lazy) {
    int rc = murk_file_append_sync(a->fd, a->path, a->size, data, len, err, n);
    if (rc == 0) clock_gettime(CLOCK_MONOTONIC, &a->synced);
    return rc;
  }
  size_t done = 0;
  while (done < len) {
    ssize_t w = write(a->fd, data + done, len - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      snprintf(err, n, "cannot save to %s: %s", a->path,
               w < 0 ? cli_file_why(errno) : "nothing written");
      if (ftruncate(a->fd, a->size) != 0) { /* what is left is a torn record: dropped */
      }
      return -1;
    }
    done += (size_t)w;
  }
  a->unsynced = true;
  return sync_journal(a, false, err, n);
}

int murk_autosave_update(struct murk_autosave* a, const struct murk_game* g, char* err, size_t n) {
  err[0] = '\0';
  size_t count = murk_game_log_count(g);
  bool sealed = a->sealer && a->sealer->on;
  /* The first save, another game, a sealer turned on, or the game went back: whole. */
  if (a->fd < 0 || a->g != g || a->sealed != sealed || count < a->logged)
    return start(a, g, err, n);
  if (count == a->logged) return sync_journal(a, false, err, n);
  /* Whatever is appended below leaves the chain where the file's is, should it fail. */
  struct murk_chain chain = a->chain;
  char* rec = NULL;
  size_t len = 0;
  if (sealed) {
    for (int s = 0; s < 2; s++) {
      if (murk_view_update(g, a->view[s]) != MURK_OK) {
        snprintf(err, n, "cannot save to %s: out of memory", a->path);
        stop_journal(a);
        return -1;
      }
      /* A side's events started again (an undo the log count did not show): whole. */
      const struct murk_view* v = a->view[s];
      if (v->nevents && v->events[0].seq != a->next_seq[s]) return start(a, g, err, n);
    }
    if (sealed_records(a, g, count, &rec, &len, err, n) != 0) goto failed;
  } else if (open_records(a, g, count, &rec, &len, err, n) != 0) {
    goto failed;
  }
  int rc = append(a, rec, len, err, n);
  if (sealed)
    murk_free(rec);
  else
    free(rec);
  if (rc != 0) goto failed;
  a->size += (off_t)len;
  a->logged = count;
  if (sealed)
    for (int s = 0; s < 2; s++) {
      a->next_seq[s] += (int)a->view[s]->nevents;
      murk_view_forget_events(a->view[s]);
    }
  return 0;
failed:
  a->chain = chain;
  /* A sealed journal's compression streams have moved: the next update writes the whole
   * save again. */
  if (sealed) stop_journal(a);
  return -1;
}
